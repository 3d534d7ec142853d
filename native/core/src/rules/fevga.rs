//! The starting rules of the blocking games: the starting checker, and the points the mover may hold.

use crate::state::{Board, HEAD, MOVER_OFF};

/// `LoneStarter(checkers)`: fevga's starting-checker rule, on steps leaving point 24.
///
/// Until one of the mover's checkers has passed the opponent's starting
/// point (stands on his points 1-11, or is borne off), at most one of his
/// `checkers` may be away from his 24-point.
pub fn lone_starter_allows(after: &Board, src: usize, checkers: i32) -> bool {
    src != HEAD || passed(after) || checkers - after.at(HEAD).max(0) <= 1
}

/// Whether one of the mover's checkers has passed the opponent's start.
fn passed(b: &Board) -> bool {
    b.at(MOVER_OFF) > 0 || (1..12).any(|p| b.at(p) > 0)
}

/// `MaxHeld(points, most)`: the mover may never hold more than `most` of the points in `points`.
///
/// Judged on steps landing in `points` (fevga's starting quarter: points
/// 19-24, at most five of them).
pub fn max_held_allows(held: u32, dst: usize, points: u32, most: u32) -> bool {
    dst == 0 || (points >> dst) & 1 == 0 || held_within(held, points, most)
}

/// `MaxHeldAlways(points, most)`: after every step the mover holds at most `most` of the points in `points`, whatever he held before it.
///
/// A state check judged on every step, wherever it lands: from a board
/// already over the limit only a step that brings it back within is
/// allowed (unlike [`max_held_allows`], which judges only the steps landing
/// in `points`). `held`: the points the mover holds after the step.
pub fn max_held_always_allows(held: u32, points: u32, most: u32) -> bool {
    held_within(held, points, most)
}

/// Whether at most `most` of the points in `points` are among `held` (bit p for point p).
fn held_within(held: u32, points: u32, most: u32) -> bool {
    (held & points).count_ones() <= most
}
