//! Helpers of the integration tests: tables built field by field, states from the rules pages' form.
#![allow(dead_code)]

use nardy_core::{Play, Table, search};

/// Fevga's starting quarter, points 19-24.
pub const QUARTER: i64 = 0x3F << 19;
/// Tabula's second half and off: points 1-12 and bit 0.
pub const SECOND_HALF: i64 = (1 << 13) - 1;

/// A rules table, field by field (spec section 6); the default is backgammon's.
#[derive(Debug, Clone)]
pub struct Tb {
    pub contact: i64,
    pub enters: i64,
    pub pool: i64,
    pub hit_to_pool: i64,
    pub bar_first: i64,
    pub zone: i64,
    pub larger: i64,
    pub higher: i64,
    pub returns: i64,
    pub hitter: (i64, i64),
    pub filter: (i64, i64),
    pub size: i64,
    pub rules: Vec<Vec<i64>>,
}

impl Default for Tb {
    fn default() -> Tb {
        Tb {
            contact: 0,
            enters: 1,
            pool: 0,
            hit_to_pool: 0,
            bar_first: 1,
            zone: 6,
            larger: 1,
            higher: 1,
            returns: 0,
            hitter: (0, 0),
            filter: (0, 0),
            size: 28,
            rules: Vec::new(),
        }
    }
}

impl Tb {
    /// The flat table for these dice moves.
    pub fn ints(&self, dice: &[i64]) -> Vec<i64> {
        let mut t = vec![
            1,
            self.contact,
            self.enters,
            self.pool,
            self.hit_to_pool,
            self.bar_first,
            self.zone,
            self.larger,
            self.higher,
            self.returns,
            self.hitter.0,
            self.hitter.1,
            self.filter.0,
            self.filter.1,
            self.size,
            dice.len() as i64,
        ];
        t.extend_from_slice(dice);
        t.push(self.rules.len() as i64);
        for r in &self.rules {
            t.extend_from_slice(r);
        }
        t
    }

    /// The decoded table for these dice moves.
    pub fn table(&self, dice: &[i64]) -> Table {
        Table::decode(&self.ints(dice)).expect("a test table decodes")
    }

    /// The plays of `start` with these dice moves.
    pub fn plays(&self, dice: &[i64], start: &[i32]) -> Vec<Play> {
        search(&self.table(dice), start).expect("a test state is searched")
    }
}

/// A state in the mover's frame from `{point: count}` (the opponent's negative), bars and offs.
pub fn state(points: &[(usize, i32)], bar: (i32, i32), off: (i32, i32)) -> Vec<i32> {
    let mut s = vec![0; 28];
    for &(p, n) in points {
        s[p] = n;
    }
    s[0] = off.0;
    s[25] = bar.0;
    s[26] = bar.1;
    s[27] = off.1;
    s
}

/// The dice moves of a roll: a double four times, else the higher die first.
pub fn moves(a: i64, b: i64) -> Vec<i64> {
    if a == b {
        vec![a; 4]
    } else {
        vec![a.max(b), a.min(b)]
    }
}

/// The steps of a play's code, as (src, dst, die, hit).
pub fn steps(code: u128) -> Vec<(u32, u32, u32, bool)> {
    let mut out = Vec::new();
    let mut c = code;
    while c != 0 {
        let s = (c & 0x3FFF) as u32;
        out.push((s & 31, (s >> 5) & 31, (s >> 10) & 7, s >> 13 == 1));
        c >>= 14;
    }
    out
}

/// The resulting states, sorted (for comparing sets).
pub fn sorted_states(plays: &[Play]) -> Vec<Vec<i32>> {
    let mut s: Vec<Vec<i32>> = plays.iter().map(|p| p.state.clone()).collect();
    s.sort();
    s
}

/// The states, sorted.
pub fn sorted(mut states: Vec<Vec<i32>>) -> Vec<Vec<i32>> {
    states.sort();
    states
}
