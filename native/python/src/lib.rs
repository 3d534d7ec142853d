//! PLACEHOLDER for the Python module `nardy._native` (issue 39): it exposes the
//! core's version only, so that the build has an extension to build and load.
//! The real binding replaces this file at merge.

use pyo3::prelude::*;

/// The Python module `nardy._native`.
#[pymodule]
mod _native {
    use pyo3::prelude::*;

    /// The version of the native core.
    #[pyfunction]
    fn version() -> &'static str {
        nardy_core::version()
    }
}
