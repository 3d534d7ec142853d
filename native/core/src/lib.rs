//! The native rules core of nardy: every legal play of a backgammon-family game, from its rules as data.
//!
//! A search is described by a [`Table`] (decoded from the flat table the
//! Python side builds) and a start state in the mover's frame. [`search()`]
//! returns the legal plays in the canonical order of the contract (the
//! order a depth-first search first reaches them); [`reaching`] answers the
//! step mode's question. Every rule is written once, by name, in
//! [`rules`]. No input panics: a table or a state out of range is an error.
//!
//! Modules: [`table`] decodes the flat table of the contract (section 6)
//! into [`Table`]; [`state`] holds the state's layout, its checks, the
//! packed form and the making of a step; [`rules`] has one module per family
//! of rules (movement and bear-off, head floor, six-block and trapping
//! primes, fevga, the pool games, the hitter, Kush's return, the maximum-use
//! rule, the whole-play filters, and the step rules as one enum);
//! [`mod@search`] is the depth-first search with its memo (section 3), and
//! [`after`] what follows it (section 4), [`shortcuts`] the steps it may
//! skip and why; [`reach`] is the step mode
//! (section 5); [`hash`] a small hasher for the search's sets. Beside the
//! rules, [`cube`] is gnubg's cube arithmetic for the match review
//! (`nardy.analysis.cube` in Rust), and [`efficiency`] its cube efficiency
//! of a packed position (`nardy.analysis.efficiency`).
//!
//! A play's steps are packed in a [`Code`], a `u128`: 14 bits a step, so a
//! k-move segment of up to 8 steps and Kush's return of up to 6 fit. Each
//! thread keeps its search buffers, so searches on several threads share
//! nothing.

#![warn(missing_docs)]

pub mod after;
pub mod cube;
pub mod efficiency;
pub mod error;
pub mod geometry;
pub mod hash;
pub mod notation;
pub mod reach;
pub mod rules;
pub mod search;
pub mod shortcuts;
pub mod state;
pub mod table;

#[cfg(test)]
mod testing {
    //! What the unit tests share: a small seeded generator, and a step made and judged.

    use crate::rules::steps::{Judged, StepRule};
    use crate::state::{Board, make_step};
    use crate::table::Table;

    /// The board after the step `src -> dst` from `before`, and whether `rule` allows that step.
    pub fn judged_step(
        rule: &StepRule,
        before: &Board,
        (src, dst): (usize, usize),
        t: &Table,
    ) -> (Board, bool) {
        let mut after = *before;
        let hit = make_step(&mut after, src, dst, t).hit;
        let judged = Judged {
            after: &after,
            src,
            dst,
            hit,
            pool: t.pool,
            held: after.held_points(),
        };
        let allowed = rule.allows(&judged);
        (after, allowed)
    }

    /// A small xorshift generator (seeded, the same numbers on every machine).
    pub struct XorShift(pub u64);

    impl XorShift {
        /// The next number below `n`.
        pub fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }
}

pub use error::{CubeError, SearchError, TableError};
pub use reach::{AllowedStep, NodeSteps, StepMemo, StepSearch, reaching};
pub use search::DiceLeft;
pub use search::{Code, step_code};
pub use state::{key_len, pack};
pub use table::Table;

use state::{Board, validate};

/// One legal play: the resulting state (mover's frame, turn not passed) and its steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    /// The state after the play, of the table's size.
    pub state: Vec<i32>,
    /// The steps, first to last, 14 bits a step in the lowest bits first:
    /// `src | dst << 5 | die << 10 | hit << 13`. A `u128`: a k-move segment
    /// has up to 8 steps and Kush's return up to 6.
    pub code: Code,
}

/// The legal plays of `start` under `table`, in the canonical order; an empty list is a pass.
pub fn search(table: &Table, start: &[i32]) -> Result<Vec<Play>, SearchError> {
    validate(table, start)?;
    let board = Board::from_state(start);
    Ok(search::plays(table, &board)
        .into_iter()
        .map(|(end, code)| Play {
            state: end.to_vec(),
            code,
        })
        .collect())
}

/// [`search()`] into flat buffers, for batches: each play's packed key (of
/// [`key_len`]`(table.size)` bytes, the form of [`pack`]) appended to `keys`
/// and its code to `codes`, in the canonical order; returns the number of
/// plays (0: a pass). Nothing is allocated per play.
pub fn search_packed(
    table: &Table,
    start: &[i32],
    keys: &mut Vec<u8>,
    codes: &mut Vec<Code>,
) -> Result<usize, SearchError> {
    validate(table, start)?;
    let before = codes.len();
    search::plays_each(table, &Board::from_state(start), |end, code| {
        end.pack_into(keys);
        codes.push(code);
    });
    Ok(codes.len() - before)
}
