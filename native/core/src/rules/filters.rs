//! The whole-play filters: rules judged on each candidate play, after the search.

use super::six_block::{SixBlockOption, six_block_at_end, trapped};
use crate::state::Board;

/// A whole-play filter a table may name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    /// The six-block rule on each play's final position ([`six_block_at_end`]).
    SixBlockAtEnd(SixBlockOption),
    /// Fevga's open-the-trap rule ([`open_trap`]).
    OpenTrap,
}

impl Filter {
    /// Which of the candidates' final boards `ends` the filter keeps, from the turn's `start`.
    pub fn keep(&self, start: &Board, ends: &[&Board]) -> Vec<bool> {
        match *self {
            Filter::SixBlockAtEnd(option) => ends
                .iter()
                .map(|end| six_block_at_end(start, end, option))
                .collect(),
            Filter::OpenTrap => open_trap(start, ends),
        }
    }
}

/// `OpenTrap`: a player who holds a trapping prime at the start of his turn must open it if he can.
///
/// When the start is trapped ([`trapped`]), keep the candidates whose final
/// position is not, if there are any; otherwise (or when the start is not
/// trapped) keep them all.
pub fn open_trap(start: &Board, ends: &[&Board]) -> Vec<bool> {
    let all = vec![true; ends.len()];
    if !trapped(start) {
        return all;
    }
    let opened: Vec<bool> = ends.iter().map(|end| !trapped(end)).collect();
    if opened.iter().any(|&o| o) {
        opened
    } else {
        all
    }
}
