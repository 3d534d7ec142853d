//! The starting rules of the blocking games: the starting checker, and the points the mover may hold.

use crate::rules::head::floor_inert;
use crate::rules::movement::TurnStart;
use crate::state::{Board, HEAD, MOVER_OFF};

/// `LoneStarter(checkers)`: fevga's starting-checker rule, on steps leaving point 24.
///
/// Until one of the mover's checkers has passed the opponent's starting
/// point (stands on his points 1-11, or is borne off), at most one of his
/// `checkers` may be away from his 24-point.
pub fn lone_starter_allows(after: &Board, src: usize, checkers: i32) -> bool {
    src != HEAD || passed(after) || checkers - after.at(HEAD).max(0) <= 1
}

/// Whether `LoneStarter(checkers)` refuses no step of any sequence of the turn from `start` ([`lone_starter_allows`]): so it can be left out of the turn's table.
///
/// Once one of the mover's checkers has passed it stays past (none of his
/// is hit in his own turn; it moves on down or off, and a checker borne
/// off stays off): from a start where one has, the rule allows every step.
/// Otherwise it refuses a step from the head only, and only one after
/// which fewer than `checkers - 1` stand there (it reads a count of -1,
/// a released checker, as 0): no more than `Floor(HEAD, checkers - 1)`
/// refuses, so where that floor refuses nothing ([`floor_inert`]), nor
/// does it.
pub fn lone_starter_inert(turn: &TurnStart<'_>, checkers: i32) -> bool {
    passed(turn.board) || floor_inert(turn, HEAD, checkers - 1)
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

/// Whether `MaxHeld(points, most)` and `MaxHeldAlways(points, most)` refuse no step of any sequence of the turn from `start` ([`max_held_allows`], [`max_held_always_allows`]): so they can be left out of the turn's table.
///
/// Both refuse only a step after which the mover holds more than `most` of
/// `points`. A point he holds on a board of the turn he held at the start
/// or a step landed on it, and it is [`gainable`](TurnStart::gainable); each
/// step lands on one point at most. So on every board of the turn he holds
/// at most those of `points` he held at the start, and as many of the
/// gainable ones among them as there are steps (the turn's dice): when that
/// is at most `most`, neither rule refuses a step (nor, for
/// `MaxHeldAlways`, is the start itself over the limit).
pub fn max_held_inert(turn: &TurnStart<'_>, points: u32, most: u32) -> bool {
    let held = (turn.held & points).count_ones();
    let gainable = (turn.gainable & points).count_ones();
    held + gainable.min(turn.steps()) <= most
}

/// Whether at most `most` of the points in `points` are among `held` (bit p for point p).
fn held_within(held: u32, points: u32, most: u32) -> bool {
    (held & points).count_ones() <= most
}
