//! Cross-check driver (not part of the library): reads cases from stdin, writes the plays found.
//!
//! Each input line is `table ints;state ints` (comma-separated); each output
//! line is the plays as `state ints:code` joined by `|`, or `error: ...`.
//! A throwaway Python script compares them with nardy's reference search.

use std::io::{self, BufRead, Write};

use nardy_core::{Table, search};

/// The ints of a comma-separated list.
fn ints(text: &str) -> Vec<i64> {
    text.split(',')
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

/// One case's answer as a line.
fn answer(line: &str) -> String {
    let Some((table, state)) = line.split_once(';') else {
        return "error: no ';'".to_string();
    };
    let table = match Table::decode(&ints(table)) {
        Ok(t) => t,
        Err(e) => return format!("error: {e}"),
    };
    let state: Vec<i32> = ints(state).into_iter().map(|x| x as i32).collect();
    match search(&table, &state) {
        Ok(plays) => plays
            .iter()
            .map(|p| {
                let s: Vec<String> = p.state.iter().map(|x| x.to_string()).collect();
                format!("{}:{}", s.join(","), p.code)
            })
            .collect::<Vec<_>>()
            .join("|"),
        Err(e) => format!("error: {e}"),
    }
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout());
    for line in stdin.lock().lines().map_while(Result::ok) {
        let _ = writeln!(out, "{}", answer(&line));
    }
}
