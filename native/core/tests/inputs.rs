//! Bad input is an error naming the field, never a panic; random tables and states are fuzzed.

mod common;

use common::{Tb, moves, state};
use nardy_core::{SearchError, StepMemo, StepSearch, Table, TableError, pack, reaching, search};

#[test]
fn a_field_out_of_range_is_named() {
    let mut t = Tb::default().ints(&moves(3, 1));
    t[6] = 30;
    let err = Table::decode(&t).unwrap_err();
    assert_eq!(
        err.to_string(),
        "table field 6 (bear_zone) is 30, not 1..24"
    );
}

#[test]
fn unknown_version_code_and_short_or_long_tables_are_refused() {
    let good = Tb::default().ints(&moves(3, 1));
    let mut v2 = good.clone();
    v2[0] = 2;
    assert!(matches!(
        Table::decode(&v2),
        Err(TableError::Field { index: 0, .. })
    ));
    let mut code = good.clone();
    *code.last_mut().unwrap() = 1;
    code.push(99); // (no such code: 1..10 are known)
    assert!(
        Table::decode(&code)
            .unwrap_err()
            .to_string()
            .contains("step rule code")
    );
    assert!(matches!(
        Table::decode(&good[..10]),
        Err(TableError::Short { index: 10, .. })
    ));
    let mut long = good.clone();
    long.push(0);
    assert!(matches!(
        Table::decode(&long),
        Err(TableError::Trailing { .. })
    ));
    assert!(Table::decode(&[]).is_err());
}

#[test]
fn a_head_limit_out_of_range_or_twice_is_refused() {
    let with = |rules: Vec<Vec<i64>>| {
        Tb {
            contact: 1,
            rules,
            ..Tb::default()
        }
        .ints(&moves(6, 6))
    };
    assert!(Table::decode(&with(vec![vec![9, 24, 15, 6, 0x58, 0]])).is_ok());
    let refused = [
        (vec![9, 0, 15, 6, 0x58, 0], "HeadLimit point"),
        (vec![9, 24, 128, 6, 0x58, 0], "HeadLimit checkers"),
        (vec![9, 24, 15, 7, 0x58, 0], "HeadLimit double"),
        (vec![9, 24, 15, 6, 0x59, 0], "HeadLimit doubles"),
        (vec![9, 24, 15, 6, 0x80, 0], "HeadLimit doubles"),
        (vec![9, 24, 15, 6, 0, 3], "HeadLimit mode"),
        (vec![9, 24, 15, 6, 0x58, 1], "HeadLimit mode"),
        (vec![9, 20, 15, 6, 0, 2], "HeadLimit mode"),
    ];
    for (rule, name) in refused {
        let err = Table::decode(&with(vec![rule.clone()])).unwrap_err();
        assert!(err.to_string().contains(name), "{rule:?}: {err}");
    }
    let twice = with(vec![vec![9, 24, 15, 6, 0, 1], vec![9, 24, 15, 6, 0, 2]]);
    let err = Table::decode(&twice).unwrap_err().to_string();
    assert!(err.contains("one HeadLimit"), "{err}");
    assert!(Table::decode(&with(vec![vec![9, 24, 15]])).is_err());
}

#[test]
fn dice_out_of_range_or_too_many_are_refused() {
    for dice in [vec![0, 1], vec![7, 1], vec![3; 9], vec![]] {
        let t = Tb::default().ints(&dice);
        assert!(Table::decode(&t).is_err(), "{dice:?}");
    }
    assert!(Table::decode(&Tb::default().ints(&[2; 8])).is_ok());
}

#[test]
fn a_pool_or_pins_the_state_cannot_hold_are_refused() {
    let pool = Tb {
        pool: 28,
        ..Tb::default()
    };
    assert!(Table::decode(&pool.ints(&[3, 1])).is_err());
    let pins = Tb {
        contact: 2,
        ..Tb::default()
    };
    assert!(Table::decode(&pins.ints(&[3, 1])).is_err());
    let to_pool = Tb {
        hit_to_pool: 1,
        ..Tb::default()
    };
    assert!(Table::decode(&to_pool.ints(&[3, 1])).is_err());
}

#[test]
fn bad_states_are_errors_naming_the_index() {
    let table = Tb::default().table(&moves(3, 1));
    let good = state(&[(24, 2), (1, -2)], (0, 0), (13, 13));
    assert!(search(&table, &good).is_ok());
    assert!(matches!(
        search(&table, &good[..27]),
        Err(SearchError::StateSize {
            expected: 28,
            got: 27
        })
    ));
    let mut neg_bar = good.clone();
    neg_bar[25] = -1;
    let err = search(&table, &neg_bar).unwrap_err();
    assert_eq!(err.to_string(), "state[25] is -1, not 0..127");
    let mut big = good.clone();
    big[5] = 128;
    assert!(search(&table, &big).is_err());
    let mut many = good.clone();
    many[5] = 120;
    assert!(matches!(
        search(&table, &many),
        Err(SearchError::Checkers { .. })
    ));
    let pins = Tb {
        contact: 2,
        size: 30,
        ..Tb::default()
    };
    let mut pinned = good.clone();
    pinned.extend([1 << 25, 0]);
    assert!(search(&pins.table(&moves(3, 1)), &pinned).is_err());
}

#[test]
fn pack_is_the_bytes_of_the_packed_form() {
    let mut s = state(&[(24, 2), (1, -2)], (1, 0), (0, 3));
    s.extend([5, 70_000]);
    let p = pack(&s);
    assert_eq!(p.len(), 36);
    assert_eq!(p[24], 130);
    assert_eq!(p[1], 126);
    assert_eq!(p[25], 129);
    assert_eq!(&p[28..32], &[5, 0, 0, 0]);
    assert_eq!(&p[32..36], &70_000u32.to_le_bytes());
}

#[test]
fn reaching_finds_a_target_through_allowed_steps_only() {
    // Backgammon 6-5 from a tiny race: 24/18/13 reaches; a state that needs
    // a blocked landing does not; the dice used must match.
    let t = Tb::default().table(&moves(6, 5));
    let start = state(&[(24, 1), (1, -2)], (0, 0), (14, 13));
    let end = state(&[(13, 1), (1, -2)], (0, 0), (14, 13));
    assert!(reaching(&t, &start, 0, &[6, 5], &[(end.clone(), 2)]).unwrap());
    assert!(!reaching(&t, &start, 0, &[6, 5], &[(end.clone(), 1)]).unwrap());
    let after_six = state(&[(18, 1), (1, -2)], (0, 0), (14, 13));
    assert!(reaching(&t, &after_six, 0, &[5], &[(end.clone(), 2)]).unwrap());
    assert!(!reaching(&t, &after_six, 0, &[6], &[(end.clone(), 2)]).unwrap());
    let far = state(&[(2, 1), (1, -2)], (0, 0), (14, 13));
    assert!(!reaching(&t, &start, 0, &[6, 5], &[(far, 2)]).unwrap());
}

#[test]
fn reaching_respects_the_marks_of_a_hitter() {
    // Tavla: the checker marked on 4 may not move on.
    let t = Tb {
        hitter: (1, 6),
        ..Tb::default()
    }
    .table(&moves(4, 2));
    let node = state(&[(4, 1), (13, 14), (20, -14)], (0, 1), (0, 0));
    let on = state(&[(2, 1), (13, 14), (20, -14)], (0, 1), (0, 0));
    assert!(!reaching(&t, &node, 1 << 4, &[2], &[(on.clone(), 2)]).unwrap());
    assert!(reaching(&t, &node, 0, &[2], &[(on, 2)]).unwrap());
}

#[test]
fn reaching_refuses_bad_nodes() {
    let t = Tb::default().table(&moves(6, 5));
    let start = state(&[(24, 1), (1, -2)], (0, 0), (14, 13));
    assert!(reaching(&t, &start, 0, &[6, 6], &[]).is_err());
    assert!(reaching(&t, &start, 0, &[0], &[]).is_err());
    assert!(reaching(&t, &start, 1 << 3, &[6], &[]).is_err());
    assert!(reaching(&t, &start, 0, &[6], &[(vec![0; 3], 1)]).is_err());
}

/// A small xorshift generator (no crate).
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// An int in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    /// Mostly a plausible value, sometimes anything.
    fn wild(&mut self, lo: i64, hi: i64) -> i64 {
        if self.next() % 64 == 0 {
            self.range(-300, 300)
        } else {
            self.range(lo, hi)
        }
    }
}

/// A random table: mostly in range, now and then any value, of any length.
fn random_table(r: &mut XorShift) -> Vec<i64> {
    let size = 28 + 2 * r.wild(0, 3);
    let contact = r.wild(0, 2);
    let pool = if r.next() % 2 == 0 {
        0
    } else {
        r.wild(28, size - 2)
    };
    let n = r.wild(1, 4);
    let hitter = r.wild(0, 2);
    let filter = r.wild(0, 2);
    let mut t = vec![
        r.wild(1, 1),
        contact,
        r.wild(0, 1),
        pool,
        r.wild(0, i64::from(pool != 0)),
        r.wild(0, 1),
        r.wild(1, 24),
        r.wild(0, 1),
        r.wild(0, 1),
        r.wild(0, 1),
        hitter,
        if hitter == 0 {
            r.wild(0, 0)
        } else {
            r.wild(1, 24)
        },
        filter,
        match filter {
            1 => r.wild(1, 3),
            _ => r.wild(0, 0),
        },
        size,
        n,
    ];
    for _ in 0..n.clamp(0, 10) {
        t.push(r.wild(1, 6));
    }
    let rules = r.wild(0, 3);
    t.push(rules);
    for _ in 0..rules.clamp(0, 5) {
        let code = r.wild(1, 8);
        t.push(code);
        let mask = r.wild(0, (1 << 25) - 1);
        let params: Vec<i64> = match code {
            1 => vec![r.wild(1, 24), r.wild(-2, 15)],
            2 => vec![r.wild(1, 3)],
            3 => vec![r.wild(1, 2), mask],
            7 => vec![r.wild(0, 15)],
            8 => vec![mask & !1, r.wild(0, 6)],
            _ => vec![],
        };
        t.extend(params);
    }
    if r.next() % 32 == 0 {
        t.truncate(r.range(0, t.len() as i64) as usize);
    }
    t
}

/// A random state of about `size` ints, sometimes out of range.
fn random_state(r: &mut XorShift, size: usize) -> Vec<i32> {
    let len = if r.next() % 32 == 0 {
        r.range(0, 40) as usize
    } else {
        size
    };
    let mut s: Vec<i32> = (0..len)
        .map(|_| {
            if r.next() % 2 == 0 {
                0
            } else {
                r.wild(-3, 3) as i32
            }
        })
        .collect();
    for i in [0, 25, 26, 27] {
        if let Some(x) = s.get_mut(i) {
            *x = r.wild(0, 2) as i32;
        }
    }
    for x in s.iter_mut().skip(28) {
        *x = r.wild(0, 3) as i32;
    }
    s
}

#[test]
fn random_tables_and_states_never_panic() {
    let mut r = XorShift(0x9E37_79B9_7F4A_7C15);
    let (mut decoded, mut searched) = (0, 0);
    for _ in 0..2_000 {
        let ints = random_table(&mut r);
        let Ok(table) = Table::decode(&ints) else {
            continue;
        };
        decoded += 1;
        for _ in 0..3 {
            let s = random_state(&mut r, table.size);
            if let Ok(plays) = search(&table, &s) {
                searched += 1;
                for p in &plays {
                    assert_eq!(p.state.len(), s.len());
                    let _ = pack(&p.state);
                }
                let dice: Vec<u8> = table.dice.iter().skip(1).copied().collect();
                let targets: Vec<(Vec<i32>, u32)> =
                    plays.iter().map(|p| (p.state.clone(), 2)).collect();
                let _ = reaching(&table, &s, 0, &dice, &targets);
            }
        }
    }
    println!("{decoded} tables decoded, {searched} states searched");
    assert!(decoded > 600, "{decoded} tables decoded");
    assert!(searched > 1_000, "{searched} states searched");
}

#[test]
fn search_packed_gives_the_packed_states_and_codes_of_search() {
    let tb = Tb {
        contact: 2,
        size: 30,
        ..Tb::default()
    };
    let mut s = state(
        &[(24, 13), (13, 1), (7, -1), (5, -1), (1, -13)],
        (0, 0),
        (0, 0),
    );
    s.extend([0, 0]);
    let table = tb.table(&moves(6, 2));
    let plays = search(&table, &s).unwrap();
    let (mut keys, mut codes) = (Vec::new(), Vec::new());
    let n = nardy_core::search_packed(&table, &s, &mut keys, &mut codes).unwrap();
    assert_eq!(n, plays.len());
    let len = nardy_core::key_len(30);
    assert_eq!(len, 36);
    for (i, p) in plays.iter().enumerate() {
        assert_eq!(&keys[i * len..(i + 1) * len], pack(&p.state).as_slice());
        assert_eq!(codes[i], p.code);
    }
    assert!(
        plays.iter().any(|p| p.state[29] != 0),
        "a pin is in some key"
    );
}

#[test]
fn step_search_allows_the_steps_that_lead_to_a_target() {
    // Backgammon 6-5 from a tiny race, the only target 24/13: 24/18 and
    // 24/19 lead there, and after 24/18 only the five; the target itself
    // is reached whatever the dice used (a node, not a play).
    let t = Tb::default().table(&moves(6, 5));
    let start = state(&[(24, 1), (1, -2)], (0, 0), (14, 13));
    let end = state(&[(13, 1), (1, -2)], (0, 0), (14, 13));
    let search = StepSearch::new(t, false, std::slice::from_ref(&end)).unwrap();
    let mut memo = StepMemo::default();
    let node = search.allowed(&start, &[6, 5], &mut memo).unwrap();
    assert!(!node.is_target);
    let allowed = node.steps;
    let steps: Vec<(usize, usize)> = allowed.iter().map(|&(s, d, _, _)| (s, d)).collect();
    assert_eq!(steps, vec![(24, 6), (24, 5)]);
    assert_eq!(allowed[0].3.count(), 1);
    assert_eq!(
        allowed[0].2.to_vec(),
        state(&[(18, 1), (1, -2)], (0, 0), (14, 13))
    );
    let after_six = state(&[(18, 1), (1, -2)], (0, 0), (14, 13));
    let next = search.allowed(&after_six, &[5], &mut memo).unwrap().steps;
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].2.to_vec(), end);
    assert!(next[0].3.is_empty());
    assert!(search.allowed(&end, &[], &mut memo).unwrap().is_target);
    // A fresh memo gives the same answers.
    let again = search
        .allowed(&start, &[6, 5], &mut StepMemo::default())
        .unwrap();
    assert_eq!(again.steps, allowed);
}

#[test]
fn step_search_judges_steps_by_the_board_only_and_returns_use_no_die() {
    // Kush's board-only table (checkers on the bar wait): 2-2 with one on
    // the bar; the targets are a dice play and the return. The return is a
    // step of die 0, and it is allowed only toward the return's state.
    let t = Tb {
        enters: 0,
        ..Tb::default()
    }
    .table(&moves(2, 2));
    let start = state(&[(24, 1), (10, 13), (12, -15)], (1, 0), (0, 0));
    let back = state(&[(24, 2), (10, 13), (12, -15)], (0, 0), (0, 0));
    let played = state(
        &[(24, 1), (10, 10), (8, 2), (6, 1), (12, -15)],
        (1, 0),
        (0, 0),
    );
    let search = StepSearch::new(t.clone(), true, &[back.clone(), played]).unwrap();
    let mut memo = StepMemo::default();
    let allowed = search
        .allowed(&start, &[2, 2, 2, 2], &mut memo)
        .unwrap()
        .steps;
    let steps: Vec<(usize, usize)> = allowed.iter().map(|&(s, d, _, _)| (s, d)).collect();
    assert_eq!(steps, vec![(10, 2), (25, 0)]);
    assert_eq!(allowed[1].2.to_vec(), back);
    // Without returns, nothing leads to the return's state.
    let only_back = StepSearch::new(t, false, std::slice::from_ref(&back)).unwrap();
    assert!(
        only_back
            .allowed(&start, &[2, 2, 2, 2], &mut StepMemo::default())
            .unwrap()
            .steps
            .is_empty()
    );
    assert_eq!(allowed[1].3.count(), 4, "a return uses no die");
}

#[test]
fn step_search_refuses_bad_input() {
    let t = Tb::default().table(&moves(6, 5));
    let start = state(&[(24, 1), (1, -2)], (0, 0), (14, 13));
    let bad = StepSearch::new(t.clone(), false, &[vec![0; 5]]).unwrap_err();
    assert!(matches!(bad, SearchError::Target { index: 0, .. }));
    let search = StepSearch::new(t, false, &[]).unwrap();
    let mut memo = StepMemo::default();
    assert!(search.allowed(&start, &[6, 6], &mut memo).is_err());
    assert!(search.allowed(&start, &[7], &mut memo).is_err());
    assert!(search.allowed(&start[..20], &[6], &mut memo).is_err());
    assert!(
        search
            .allowed(&start, &[6, 5], &mut memo)
            .unwrap()
            .steps
            .is_empty()
    );
}
