//! The head rule of long nardy and Kush, as a floor on one point.

use crate::state::Board;

/// `Floor(point, least)`: the head rule as a floor.
///
/// Only so many checkers may leave the head in one turn (one, or two on a
/// first turn's exceptional double), and nothing ever lands on it, so the
/// rule holds exactly while the count on `point` stays at `least` or more: a
/// step from `point` that leaves fewer is refused.
pub fn floor_allows(after: &Board, src: usize, point: usize, least: i32) -> bool {
    src != point || after.at(point) >= least
}
