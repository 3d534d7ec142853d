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

/// Whether `LoneStarter(checkers)` refuses no step of any sequence of the turn from its start ([`lone_starter_allows`]): so it can be left out of the turn's table.
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

/// Whether `MaxHeld(points, most)` and `MaxHeldAlways(points, most)` refuse no step of any sequence of the turn from its start ([`max_held_allows`], [`max_held_always_allows`]): so they can be left out of the turn's table.
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

#[cfg(test)]
mod tests {
    //! When fevga's and moultezim's starting rules are inert.
    use super::*;
    use crate::table::Table;

    /// Fevga's table (blocking contact) with the dice `dice` and the step rule `rule`'s ints.
    fn fevga(dice: &[i64], rule: &[i64]) -> Table {
        let mut ints = vec![1, 1, 1, 0, 0, 1, 6, 1, 1, 0, 0, 0, 0, 0, 28];
        ints.push(dice.len() as i64);
        ints.extend(dice);
        ints.push(1);
        ints.extend(rule);
        Table::decode(&ints).expect("a table")
    }

    /// A fevga board: `points` as `(point, count)` (the opponent's negative).
    fn board(points: &[(usize, i32)]) -> Board {
        let mut s = vec![0; 28];
        for &(p, n) in points {
            s[p] = n;
        }
        Board::from_state(&s)
    }

    #[test]
    fn the_starting_checker_once_one_passed_or_none_can_leave() {
        let inert = |b: &Board, dice: &[i64]| {
            let t = fevga(dice, &[7, 15]);
            t.rules[0].inert(&TurnStart::of(b, &t))
        };
        // Fourteen on the 24, one on the 16: a second may not leave yet.
        let waiting = board(&[(24, 14), (16, 1), (12, -15)]);
        assert!(!inert(&waiting, &[6, 5]));
        // Once one stands on the 11-point or below, the rule is done.
        let passed = board(&[(24, 14), (9, 1), (12, -15)]);
        assert!(inert(&passed, &[6, 5]));
        // Neither die can leave the head: the opponent holds 18 and 19.
        let shut = board(&[(24, 14), (16, 1), (12, -13), (18, -1), (19, -1)]);
        assert!(inert(&shut, &[6, 5]));
    }

    #[test]
    fn the_quarter_rule_when_too_few_of_its_points_can_be_held() {
        // At most five of 19-24: holding 24 and 22, two steps make four at most; a double, six.
        let quarter = 0x3F << 19;
        let b = board(&[(24, 13), (22, 2), (12, -15)]);
        for code in [8, 10] {
            let inert = |dice: &[i64]| {
                let t = fevga(dice, &[code, quarter, 5]);
                t.rules[0].inert(&TurnStart::of(&b, &t))
            };
            assert!(inert(&[6, 5]));
            assert!(!inert(&[1, 1, 1, 1]));
        }
        // The mover's checkers all past the quarter: none of it can be held again.
        let past = board(&[(17, 10), (3, 5), (12, -15)]);
        let t = fevga(&[1, 1, 1, 1], &[8, quarter, 0]);
        assert!(t.rules[0].inert(&TurnStart::of(&past, &t)));
    }
}
