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
    /// The items the filter keeps, appended to `kept` in order: each item is a candidate play, `end` its final board; `start` is the turn's.
    pub fn keep<'e, T: Copy>(
        &self,
        start: &Board,
        items: &[T],
        end: impl Fn(&T) -> &'e Board,
        kept: &mut Vec<T>,
    ) {
        match *self {
            Filter::SixBlockAtEnd(option) => kept.extend(
                items
                    .iter()
                    .filter(|&item| six_block_at_end(start, end(item), option)),
            ),
            Filter::OpenTrap => open_trap(start, items, end, kept),
        }
    }

    /// Whether the filter judges each play by itself (by its final position and the start, not by the other plays): [`Filter::keeps_one`] then tells what [`Filter::keep`] keeps.
    ///
    /// Not fevga's open-the-trap rule, which keeps every play when none
    /// opens the trap.
    pub fn judges_each(&self) -> bool {
        matches!(*self, Filter::SixBlockAtEnd(_))
    }

    /// Whether a filter that judges each play by itself ([`Filter::judges_each`]) keeps the play ending on `end` (true for any other).
    pub fn keeps_one(&self, start: &Board, end: &Board) -> bool {
        match *self {
            Filter::SixBlockAtEnd(option) => six_block_at_end(start, end, option),
            Filter::OpenTrap => true,
        }
    }
}

/// `OpenTrap`: a player who holds a trapping prime at the start of his turn must open it if he can.
///
/// When the start is trapped ([`trapped`]), keep the candidates whose final
/// position is not, if there are any; otherwise (or when the start is not
/// trapped) keep them all. (Appended to `kept`, as [`Filter::keep`].)
pub fn open_trap<'e, T: Copy>(
    start: &Board,
    items: &[T],
    end: impl Fn(&T) -> &'e Board,
    kept: &mut Vec<T>,
) {
    let before = kept.len();
    if trapped(start) {
        kept.extend(items.iter().filter(|&item| !trapped(end(item))));
    }
    if kept.len() == before {
        kept.extend_from_slice(items);
    }
}
