//! Timing driver (not part of the library): microseconds per position of `search` on cases read from files.
//!
//! Each file holds lines `table ints;state ints`; the tables are decoded
//! before the clock. Usage: `bench REPEAT FILE...` (`BENCH_PACKED=1`: through
//! `search_packed`, into flat buffers).

use std::time::Instant;

use nardy_core::{Table, search, search_packed};

/// The ints of a comma-separated list.
fn ints(text: &str) -> Vec<i64> {
    text.split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

/// The cases of one file, decoded.
fn cases(path: &str) -> Vec<(Table, Vec<i32>)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let (t, s) = line.split_once(';')?;
            let table = Table::decode(&ints(t)).ok()?;
            Some((table, ints(s).into_iter().map(|x| x as i32).collect()))
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let repeat: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(5);
    for path in args.iter().skip(2) {
        let cases = cases(path);
        let packed = std::env::var_os("BENCH_PACKED").is_some();
        let mut best = f64::INFINITY;
        let mut plays = 0;
        let (mut keys, mut codes) = (Vec::new(), Vec::new());
        for _ in 0..repeat {
            plays = 0;
            let t0 = Instant::now();
            for (table, state) in &cases {
                if packed {
                    keys.clear();
                    codes.clear();
                    plays += search_packed(table, state, &mut keys, &mut codes).unwrap_or(0);
                } else {
                    plays += search(table, state).map_or(0, |p| p.len());
                }
            }
            best = best.min(t0.elapsed().as_secs_f64());
        }
        let n = cases.len().max(1) as f64;
        println!(
            "{path}: {} positions, {:.3} us/position (best of {repeat}), {:.1} plays/position",
            cases.len(),
            best * 1e6 / n,
            plays as f64 / n
        );
    }
}
