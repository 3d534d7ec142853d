//! PLACEHOLDER for nardy's native rules core (issue 39): one function, so that
//! the build, `cargo test` and clippy have a pure Rust library to work on.

/// The version of this crate, which the Python module reports.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[cfg(test)]
mod tests {
    use super::version;

    #[test]
    fn version_is_the_package_version() {
        assert_eq!(version(), "0.1.0");
    }
}
