//! The head rule of long nardy and Kush: as a floor on one point, and as its limit worked out from the turn's start.

use crate::rules::movement::TurnStart;
use crate::state::{Board, Contact, HEAD};

/// `Floor(point, least)`: the head rule as a floor.
///
/// Only so many checkers may leave the head in one turn (one, or two on a
/// first turn's exceptional double), and nothing ever lands on it, so the
/// rule holds exactly while the count on `point` stays at `least` or more: a
/// step from `point` that leaves fewer is refused.
pub fn floor_allows(after: &Board, src: usize, point: usize, least: i32) -> bool {
    src != point || after.at(point) >= least
}

/// Whether `Floor(point, least)` refuses no step of any sequence of the turn from its start ([`floor_allows`]): so it can be left out of the turn's table.
///
/// The rule refuses only a step from `point` after which fewer than
/// `least` stand there. Each such step uses one die whose landing is off
/// the board or a point open at the start, so at most
/// `k = `[`TurnStart::dice_leaving`] of the turn's steps leave `point`; with none it
/// refuses nothing. Only steps from `point` lower its count, one each (a
/// landing raises it), so after one of them it holds at least
/// `start - k`, when that is 1 or more (the count never came down to 0 on
/// the way, so no release). Otherwise it holds what a point holds after
/// one of the mover's checkers left it: 0 or more, or -1 with pinning
/// contact (the last one leaving releases an opposing checker it pinned).
/// And with no checker of the mover's on `point` at the start, none can
/// leave it unless a step lands there first: not where it is not among
/// the [`gainable`](TurnStart::gainable) points.
pub fn floor_inert(turn: &TurnStart<'_>, point: usize, least: i32) -> bool {
    let k = turn.dice_leaving(point) as i32;
    let at = turn.board.at(point);
    let lowest = if at - k >= 1 {
        at - k
    } else if turn.t.contact == Contact::Pin {
        -1
    } else {
        0
    };
    k == 0 || least <= lowest || (at <= 0 && (turn.gainable >> point) & 1 == 0)
}

/// The opponent's head in the mover's numbering (long nardy, Kush): where the head-only exception's lone checker must be stopped.
pub const OPP_HEAD: usize = 12;

/// Which first-turn doubles let a second checker leave the head (long nardy's `head_exception`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exception {
    /// The doubles of a bitmask (bit d for d-d): `"6-4-3"` is bits 6, 4 and 3, `"6-4"` bits 6 and 4.
    Doubles(u8),
    /// `"any-blocked-double"`: any double whose lone checker leaving the head cannot play it in full ([`lone_checker_stop`] not 0).
    AnyBlocked,
    /// `"head-only"`: a double whose lone checker is stopped by the opponent's head itself ([`lone_checker_stop`] is [`OPP_HEAD`]).
    HeadOnly,
}

/// `HeadLimit(point, checkers, double, exception)`: the head rule, its limit read from the turn's start.
///
/// One checker may leave the head (`point`) a turn; two on the mover's
/// first turn (all his `checkers` still on the head) when the roll is a
/// double (`double`, 0 for a non-double) that the `exception` lets
/// through. At the search's start the rule becomes the floor
/// `start[point] - limit` on the head ([`HeadLimit::floor`]), judged as
/// [`floor_allows`] judges it: nothing ever lands on the head, so the
/// count there falls by one for each checker that left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeadLimit {
    /// The head (24 for the board-reading exceptions).
    pub point: usize,
    /// The mover's checkers in all: on the head all of them means a first turn.
    pub checkers: i32,
    /// The number of the double rolled, 0 for a non-double.
    pub double: u8,
    /// Which first-turn doubles let two leave.
    pub exception: Exception,
}

impl HeadLimit {
    /// How many checkers may leave the head this turn from `start`: 1, or 2 on a first turn's exceptional double.
    pub fn limit(&self, start: &Board) -> i32 {
        let d = self.double;
        if d == 0 || start.at(self.point) != self.checkers {
            return 1;
        }
        let two = match self.exception {
            Exception::Doubles(mask) => (mask >> d) & 1 == 1,
            Exception::AnyBlocked => lone_checker_stop(start, d) != 0,
            Exception::HeadOnly => lone_checker_stop(start, d) == OPP_HEAD as i32,
        };
        if two { 2 } else { 1 }
    }

    /// The floor on the head for the turn from `start`: `start[point]` less [`HeadLimit::limit`].
    pub fn floor(&self, start: &Board) -> i32 {
        start.at(self.point) - self.limit(start)
    }
}

/// Where a lone checker leaving the head ([`HEAD`]) with four moves of `die` is stopped.
///
/// 0 when it plays the whole roll, the first point on its way held by
/// the opponent, or -1 when it would have to leave the board (on a first
/// turn nothing is borne off).
pub fn lone_checker_stop(start: &Board, die: u8) -> i32 {
    for k in 1..=4 {
        let x = HEAD as i32 - k * i32::from(die);
        if x < 1 {
            return -1;
        }
        if start.at(x as usize) < 0 {
            return x;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    //! The long-nardy rules page's head rule and first-turn exception (`head_exception`), and when its floor is inert.
    use super::*;
    use crate::table::Table;

    /// A long-nardy state: `points` as `(point, count)` (the opponent's negative), no bar, nothing off.
    fn board(points: &[(usize, i32)]) -> Board {
        let mut s = vec![0; 28];
        for &(p, n) in points {
            s[p] = n;
        }
        Board::from_state(&s)
    }

    /// The start: 15 on the mover's head, the opponent's 15 on his (the mover's 12).
    fn start() -> Board {
        board(&[(24, 15), (12, -15)])
    }

    fn rule(double: u8, exception: Exception) -> HeadLimit {
        HeadLimit {
            point: 24,
            checkers: 15,
            double,
            exception,
        }
    }

    /// `"6-4-3"`: 6-6, 4-4 and 3-3.
    const SIX_FOUR_THREE: Exception = Exception::Doubles(1 << 6 | 1 << 4 | 1 << 3);
    /// `"6-4"`: 6-6 and 4-4.
    const SIX_FOUR: Exception = Exception::Doubles(1 << 6 | 1 << 4);

    #[test]
    fn one_checker_a_turn_off_the_first_turn_or_without_a_double() {
        // Not all 15 on the head: one, whatever the double; a non-double: one.
        let later = board(&[(24, 14), (18, 1), (12, -15)]);
        for exception in [SIX_FOUR_THREE, Exception::AnyBlocked, Exception::HeadOnly] {
            assert_eq!(rule(6, exception).limit(&later), 1);
            assert_eq!(rule(0, exception).limit(&start()), 1);
        }
        assert_eq!(rule(6, SIX_FOUR_THREE).floor(&later), 13);
    }

    #[test]
    fn first_turn_6_4_3_and_6_4() {
        // 6-6, 4-4, 3-3 take two under "6-4-3"; 3-3 takes one under "6-4"; 5-5 one under both.
        for d in [6, 4, 3] {
            assert_eq!(rule(d, SIX_FOUR_THREE).limit(&start()), 2, "{d}-{d}");
        }
        assert_eq!(rule(3, SIX_FOUR).limit(&start()), 1);
        assert_eq!(rule(4, SIX_FOUR).limit(&start()), 2);
        assert_eq!(rule(5, SIX_FOUR_THREE).limit(&start()), 1);
        assert_eq!(rule(6, SIX_FOUR_THREE).floor(&start()), 13);
    }

    #[test]
    fn any_blocked_double_the_second_players_5_5() {
        // The first player left a checker on his 21-point (the mover's 9):
        // the mover's lone 5 is stopped there (24, 19, 14, 9), so two may go.
        let after = board(&[(24, 15), (12, -14), (9, -1)]);
        assert_eq!(lone_checker_stop(&after, 5), 9);
        assert_eq!(rule(5, Exception::AnyBlocked).limit(&after), 2);
        assert_eq!(rule(5, Exception::HeadOnly).limit(&after), 1);
        assert_eq!(rule(5, SIX_FOUR_THREE).limit(&after), 1);
        // From the start a 5-5 runs 24/4 unstopped.
        assert_eq!(lone_checker_stop(&start(), 5), 0);
        assert_eq!(rule(5, Exception::AnyBlocked).limit(&start()), 1);
    }

    #[test]
    fn head_only_white_5_5_then_black_4_4_plays_a_single_four() {
        // White played 24/4 (the mover's 16): black's lone four is stopped on
        // 16, not by white's head (the mover's 12), so one checker leaves.
        let after = board(&[(24, 15), (12, -14), (16, -1)]);
        assert_eq!(lone_checker_stop(&after, 4), 16);
        assert_eq!(rule(4, Exception::HeadOnly).limit(&after), 1);
        assert_eq!(rule(4, Exception::AnyBlocked).limit(&after), 2);
        // From the start 6-6 and 3-3 are stopped by the opponent's head itself.
        assert_eq!(lone_checker_stop(&start(), 6), OPP_HEAD as i32);
        assert_eq!(rule(6, Exception::HeadOnly).limit(&start()), 2);
        assert_eq!(rule(3, Exception::HeadOnly).limit(&start()), 2);
        assert_eq!(rule(2, Exception::HeadOnly).limit(&start()), 1);
    }

    #[test]
    fn a_lone_checker_that_would_leave_the_board_is_stopped_at_minus_one() {
        // 6-6 with the 18 and 12 open: 24, 18, 12, 6, then 0 is off the board.
        assert_eq!(lone_checker_stop(&board(&[(24, 15), (13, -15)]), 6), -1);
    }

    #[test]
    fn the_floor_refuses_a_step_leaving_too_few_on_the_head() {
        // 6-6 first turn under "6-4-3": the floor is 13; a third checker off is refused.
        let least = rule(6, SIX_FOUR_THREE).floor(&start());
        let third = board(&[(24, 12), (18, 3), (12, -15)]);
        assert!(!floor_allows(&third, 24, 24, least));
        let second = board(&[(24, 13), (18, 2), (12, -15)]);
        assert!(floor_allows(&second, 24, 24, least));
        assert!(floor_allows(&third, 18, 24, least));
    }

    /// Long nardy's table (blocking contact) with the dice `dice` and `Floor(24, least)`.
    fn with_floor(dice: &[i64], least: i64) -> Table {
        let mut ints = vec![1, 1, 1, 0, 0, 1, 6, 1, 1, 0, 0, 0, 0, 0, 28];
        ints.push(dice.len() as i64);
        ints.extend(dice);
        ints.extend([1, 1, 24, least]);
        Table::decode(&ints).expect("a table")
    }

    #[test]
    fn a_floor_no_step_can_go_below_is_inert() {
        let inert = |b: &Board, dice: &[i64], least: i64| {
            let t = with_floor(dice, least);
            t.rules[0].inert(&TurnStart::of(b, &t))
        };
        // The first turn's 6-6 under "6-4-3" (floor 13): four checkers could leave.
        assert!(!inert(&start(), &[6, 6, 6, 6], 13));
        // One checker on the head (floor 0): it may leave, leaving 0.
        let one = board(&[(24, 1), (18, 14), (12, -15)]);
        assert!(inert(&one, &[6, 5], 0));
        // Two on the head (floor 1): 6-5 could take both off, unless the
        // opponent holds the 18 (the six cannot leave the head)...
        let two = board(&[(24, 2), (20, 13), (12, -15)]);
        assert!(!inert(&two, &[6, 5], 1));
        let blocked = board(&[(24, 2), (20, 13), (12, -14), (18, -1)]);
        assert!(inert(&blocked, &[6, 5], 1));
        // ... and a double whose one landing is closed moves none off it.
        assert!(inert(&blocked, &[6, 6, 6, 6], 1));
    }
}
