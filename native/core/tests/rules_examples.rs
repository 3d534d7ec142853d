//! The worked examples of the rules pages (tavli; acey-deucey and tabula; tapa, longgammon and moultezim): each question's complete legal set.
//!
//! `tests/data/rules_examples.txt` holds the examples as the pages give
//! them (the question in `nardy legal`'s form, every legal result); each
//! variant's rules are written here as a table, field by field.

mod common;

use common::{QUARTER, SECOND_HALF, Tb, moves};
use nardy_core::search;

/// One example: its title, the question's line, the results' lines.
struct Example {
    title: String,
    question: String,
    results: Vec<String>,
}

/// The examples of the data file.
fn examples() -> Vec<Example> {
    let text = include_str!("data/rules_examples.txt");
    let mut out: Vec<Example> = Vec::new();
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("example ") {
            out.push(Example {
                title: title.to_string(),
                question: String::new(),
                results: Vec::new(),
            });
        } else if let Some(q) = line.strip_prefix("question ") {
            out.last_mut().expect("an example").question = q.to_string();
        } else if let Some(r) = line.strip_prefix("result ") {
            out.last_mut()
                .expect("an example")
                .results
                .push(r.to_string());
        }
    }
    out
}

/// The int list `[...]` right after the word `key` (quotes and a colon between allowed), or empty when absent.
fn list(text: &str, key: &str) -> Vec<i32> {
    let mut from = 0;
    while let Some(at) = text[from..].find(key) {
        let start = from + at;
        let before = text[..start].chars().next_back();
        let rest = text[start + key.len()..].trim_start_matches(['"', ':', ' ']);
        let word_start = !before.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if word_start && rest.starts_with('[') {
            let close = rest.find(']').expect("a list's end");
            return rest[1..close]
                .split(',')
                .filter_map(|x| x.trim().parse().ok())
                .collect();
        }
        from = start + key.len().max(1);
    }
    Vec::new()
}

/// A state from the pages' form: the board (point i + 1 at i), bar, off, pool, pins.
fn state_of(text: &str, board_key: &str, pins: bool, pool: bool) -> Vec<i32> {
    let board = list(text, board_key);
    let (bar, off) = (list(text, "bar"), list(text, "off"));
    let mut s = vec![off[0]];
    s.extend(&board);
    s.extend([bar[0], bar[1], off[1]]);
    if pins {
        let mask = |ps: Vec<i32>| ps.iter().map(|&p| 1 << p).sum::<i32>();
        s.push(mask(list(text, "pinned")));
        s.push(mask(list(text, "opp_pinned")));
    }
    if pool {
        s.extend(list(text, "pool"));
    }
    s
}

/// The rules of the question's variant and options, as a table.
fn rules_of(question: &str) -> Tb {
    let has = |s: &str| question.contains(s);
    let variant = question
        .split("\"variant\": \"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("a variant");
    let mut tb = Tb::default();
    match variant {
        "portes" => {}
        "tavla" => tb.hitter = (1, 6),
        "plakoto" => {
            tb.contact = 2;
            tb.size = 30;
        }
        "fevga" => {
            tb.contact = 1;
            tb.rules = vec![vec![7, 15], vec![8, QUARTER, 5]];
            if has("\"forbidden\"") {
                tb.rules.push(vec![2, 1]);
            } else {
                tb.filter = (2, 0);
            }
        }
        "acey-deucey" => {
            tb.pool = 28;
            tb.size = 30;
            tb.larger = i64::from(!has("\"exact\""));
            if has("\"after-home\"") {
                tb.rules.push(vec![5]);
            }
        }
        "tabula" => {
            tb.pool = 28;
            tb.size = 30;
            tb.larger = 0;
            if has("\"half\"") {
                tb.zone = 12;
            }
            if !has("\"second_half\": \"off\"") {
                tb.rules.push(vec![3, 1, SECOND_HALF]);
            }
        }
        "longgammon" => {}
        "tapa" => {
            tb.contact = 2;
            tb.size = 30;
            // Bit 1: a pinned checker at home stands on its point (bear_off_pinned="allowed").
            tb.larger = if has("\"blocked\"") { 1 } else { 3 };
        }
        "moultezim" => {
            tb.contact = 1;
            // MaxHeldAlways (code 10) on the mover's 7-12: four of them at most, or five.
            let most = if has("\"opp-start-5\"") { 5 } else { 4 };
            tb.rules = vec![vec![7, 15], vec![10, 0x3F << 7, most]];
        }
        other => panic!("no table for {other}"),
    }
    tb
}

/// The dice moves of the question: two dice as a roll gives them, three as they are.
fn dice_of(question: &str) -> Vec<i64> {
    let d: Vec<i64> = list(question, "dice").into_iter().map(i64::from).collect();
    if d.len() == 2 { moves(d[0], d[1]) } else { d }
}

#[test]
fn every_worked_example_gives_the_pages_legal_set() {
    let mut checked = 0;
    for ex in examples() {
        let tb = rules_of(&ex.question);
        let (pins, pool) = (tb.contact == 2, tb.pool != 0);
        let start = state_of(&ex.question, "board", pins, pool);
        let table = tb.table(&dice_of(&ex.question));
        let plays = search(&table, &start).expect("searched");
        let mut got: Vec<Vec<i32>> = plays.iter().map(|p| p.state.clone()).collect();
        let mut want: Vec<Vec<i32>> = ex
            .results
            .iter()
            .map(|r| state_of(r, "", pins, pool))
            .filter(|s| *s != start)
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{}", ex.title);
        checked += 1;
    }
    assert_eq!(checked, 47);
}
