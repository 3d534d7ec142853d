//! The six-block rule (long nardy, Kush) and fevga's trapping prime.
//!
//! A block is six or more consecutive points held by the mover, consecutive
//! along the opponent's route: the mover's 1-point and 24-point are
//! neighbours, his 13 and 12 are not. `ROUTE[p]` numbers the mover's point p
//! as the opponent does (his head, the mover's 12, is 24).

use crate::rules::movement::TurnStart;
use crate::state::{Board, OPP_BAR, OPP_OFF, POINTS};

/// What "an opposing checker ahead of the block" means (the `six_block` option).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SixBlockOption {
    /// An opposing checker has passed the block along his route.
    Ahead,
    /// An opposing checker stands in (or has been borne off from) his home.
    Home,
    /// The rule never applies.
    Off,
}

/// Where the mover's point p lies on the opponent's route (0 for index 0).
pub const ROUTE: [usize; 25] = route();

/// `ROUTE` worked out: `(p + 11) % 24 + 1`.
const fn route() -> [usize; 25] {
    let mut r = [0; 25];
    let mut p = 1;
    while p <= 24 {
        r[p] = (p + 11) % 24 + 1;
        p += 1;
    }
    r
}

/// The route numbers 1..12 as a bitmask (the mover's points 13..24 on the opponent's route; his 1..12 are 13..24).
const FIRST_HALF: u32 = 0x1FFE;

/// The mover's points that lie in a block (six or more consecutive points he holds along the opponent's route), as a mask of their route numbers (bit `ROUTE[p]` for point p).
///
/// His held points turned to route numbers (his 13..24 are 1..12, his
/// 1..12 are 13..24), then each run of six set bits found at its start
/// and spread over the run.
pub fn blocks(b: &Board) -> u32 {
    blocks_of(b.held_points())
}

/// [`blocks`] of the points `held` (bit p for the mover's point p).
#[inline]
pub fn blocks_of(held: u32) -> u32 {
    let route = on_route(held);
    let starts = (1..6).fold(route, |m, k| m & (route >> k));
    (0..6).fold(0, |m, k| m | (starts << k))
}

/// The mover's points `points` (bit p) as their route numbers (bit `ROUTE[p]`): his 13..24 are 1..12, his 1..12 are 13..24.
#[inline]
fn on_route(points: u32) -> u32 {
    ((points >> 12) & FIRST_HALF) | ((points & FIRST_HALF) << 12)
}

/// Whether the mover's point `p`, which he holds, is part of six or more consecutive points he holds (along the opponent's route).
pub fn in_block(b: &Board, p: usize) -> bool {
    (blocks(b) >> ROUTE[p]) & 1 == 1
}

/// The six-block guard: the rule looks only at points whose route number is below it.
///
/// `Ahead`: the smallest route number of an opposing checker (25 with none;
/// 0 once one is borne off). `Home`: 0 once an opposing checker stands in
/// his home (the mover's 13..18) or is borne off, else 25. `Off`: 0.
pub fn six_block_guard(b: &Board, option: SixBlockOption) -> usize {
    if option == SixBlockOption::Off || b.at(OPP_OFF) > 0 {
        return 0;
    }
    if option == SixBlockOption::Home {
        return if (13..19).any(|p| b.at(p) < 0) { 0 } else { 25 };
    }
    (1..25)
        .filter(|&p| b.at(p) < 0)
        .map(|p| ROUTE[p])
        .min()
        .unwrap_or(25)
}

/// The six-block rule for one step that landed on point `p`, under `guard`.
///
/// A player may not build a block of six or more consecutive points unless
/// an opposing checker is already ahead of it: the landing point must not
/// lie in such a block unless its route number is at or above the guard.
pub fn six_block_allows(b: &Board, p: usize, guard: usize) -> bool {
    ROUTE[p] >= guard || !in_block(b, p)
}

/// `SixBlockStep`: the six-block rule judged after each step.
///
/// A step landing on a point (not off) is refused when that point lies in a
/// block the rule forbids on the board after the step, the guard read from
/// that board (a hit may have sent an opposing checker back).
///
/// `held` is the points the mover holds after the step (as
/// [`Board::held_points`] of `after`).
pub fn six_block_step(after: &Board, dst: usize, held: u32, option: SixBlockOption) -> bool {
    dst == 0
        || (blocks_of(held) >> ROUTE[dst]) & 1 == 0
        || ROUTE[dst] >= six_block_guard(after, option)
}

/// The highest guard ([`six_block_guard`]) any board of the turn may have.
///
/// The guard falls as opposing checkers stand lower on their route (or in
/// their home, or borne off); during the mover's turn none moves but a lone
/// one he hits or pins (taken off its point: the guard may rise), and a
/// release puts one back (it may only fall). The opposing checkers on
/// points closed to the mover at the start ([`TurnStart::open`]: two or
/// more; one that pins his; any with blocking contact) stay where they are,
/// and borne-off ones stay off: the guard of a board holding only those is
/// the highest.
pub fn guard_bound(turn: &TurnStart<'_>, option: SixBlockOption) -> usize {
    if option == SixBlockOption::Off || turn.board.at(OPP_OFF) > 0 {
        return 0;
    }
    let staying = on_route(POINTS & !turn.open);
    match option {
        // The opponent's home, the mover's 13..18, is his route 1..6.
        SixBlockOption::Home if staying & 0x7E != 0 => 0,
        SixBlockOption::Ahead if staying != 0 => staying.trailing_zeros() as usize,
        _ => 25,
    }
}

/// Whether `SixBlockStep(option)` refuses no step of any sequence of the turn from its start ([`six_block_step`]): so it can be left out of the turn's table.
///
/// A step is refused only when its landing lies in a block (six held points
/// in a row along the opponent's route) and its route number is below the
/// guard of the board after it: then six held points in a row, route
/// numbers `q..q+5`, with `q` below [`guard_bound`]. On every board of the
/// turn the mover holds only points he held at the start or landed on
/// [`gainable`](TurnStart::gainable), one a step at most (see
/// [`max_held_inert`](crate::rules::fevga::max_held_inert)): so where no such
/// six points hold, counting those held at the start and as many gainable
/// ones as the turn has dice, six or more, the rule refuses nothing.
pub fn six_block_inert(turn: &TurnStart<'_>, option: SixBlockOption) -> bool {
    let guard = guard_bound(turn, option);
    let held = on_route(turn.held);
    let gainable = on_route(turn.gainable);
    let steps = turn.steps();
    // Route numbers 1..24: the runs of six start at 1..19.
    (1..guard.min(20)).all(|q| {
        let run = 0x3F << q;
        (held & run).count_ones() + (gainable & run).count_ones().min(steps) < 6
    })
}

/// `SixBlockAtEnd`: the six-block rule judged on a play's final position.
///
/// A play is refused when a point where the mover now has more checkers
/// than at the start of the turn lies in a block the rule forbids. The
/// guard is the start's, or the final position's when a hit sent an
/// opposing checker back.
pub fn six_block_at_end(start: &Board, end: &Board, option: SixBlockOption) -> bool {
    // (Most plays make no block at all: the guard is read only for one that does.)
    let blocked = blocks(end);
    if blocked == 0 {
        return true;
    }
    let guard = if end.at(OPP_BAR) == start.at(OPP_BAR) {
        six_block_guard(start, option)
    } else {
        six_block_guard(end, option)
    };
    (1..25).all(|p| {
        let x = end.at(p);
        !(x > start.at(p) && x > 0 && ROUTE[p] < guard && (blocked >> ROUTE[p]) & 1 == 1)
    })
}

/// Whether the mover holds a trapping prime (fevga): six consecutive points along the opponent's route with no opposing checker ahead of them.
///
/// A run of held route numbers `low..=high` of six or more traps when its
/// first route number is below the `Ahead` guard.
pub fn trapped(b: &Board) -> bool {
    // The lowest route number in a block is the first of the lowest run.
    let blocked = blocks(b);
    blocked != 0 && (blocked.trailing_zeros() as usize) < six_block_guard(b, SixBlockOption::Ahead)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The length of the run of held points through route number `q`, walked a point at a time.
    fn run_through(b: &Board, q: usize) -> usize {
        let held = |q: usize| (1..=24).contains(&q) && b.at(ROUTE[q]) > 0;
        let (mut low, mut high) = (q, q);
        while held(low - 1) {
            low -= 1;
        }
        while held(high + 1) {
            high += 1;
        }
        high - low + 1
    }

    #[test]
    fn blocks_are_the_runs_of_six_walked_point_by_point() {
        let mut r: u64 = 0x2545_F491_4F6C_DD1D;
        for _ in 0..20_000 {
            let mut state = vec![0i32; 28];
            for x in state.iter_mut().take(25).skip(1) {
                r ^= r << 13;
                r ^= r >> 7;
                r ^= r << 17;
                *x = [2, 1, 3, 0, -1, -2][(r % 6) as usize] * i32::from(r % 11 != 0);
            }
            let b = Board::from_state(&state);
            for (p, &q) in ROUTE.iter().enumerate().skip(1) {
                let walked = b.at(p) > 0 && run_through(&b, q) >= 6;
                assert_eq!((blocks(&b) >> q) & 1 == 1, walked, "{state:?} {p}");
            }
        }
    }

    /// Long nardy's table (blocking contact) with the dice `dice` and `SixBlockStep(option)` (code 1 "ahead", 2 "home").
    fn long_nardy(dice: &[i64], option: i64) -> crate::table::Table {
        let mut ints = vec![1, 1, 1, 0, 0, 1, 6, 1, 1, 0, 0, 0, 0, 0, 28];
        ints.push(dice.len() as i64);
        ints.extend(dice);
        ints.extend([1, 2, option]);
        crate::table::Table::decode(&ints).expect("a table")
    }

    /// A long-nardy board: the mover's `mine` and the opponent's `theirs` as `(point, count)`.
    fn board(mine: &[(usize, i32)], theirs: &[(usize, i32)]) -> Board {
        let mut s = vec![0; 28];
        for &(p, n) in mine {
            s[p] = n;
        }
        for &(p, n) in theirs {
            s[p] = -n;
        }
        Board::from_state(&s)
    }

    #[test]
    fn a_block_out_of_the_turns_reach_leaves_the_rule_inert() {
        // The opponent all on his head (the mover's 12, route 24): the
        // guard is 24. Holding his own 13-16 (route 1-4), the mover may make
        // 17 and 18 with two dice: six in a row, not inert. Holding 13-15
        // only, no six points in a row can be held after two steps; after
        // four (a double) they can.
        let four = board(&[(13, 2), (14, 2), (15, 2), (16, 2), (24, 7)], &[(12, 15)]);
        let three = board(&[(13, 2), (14, 2), (15, 2), (24, 9)], &[(12, 15)]);
        let inert = |b: &Board, dice: &[i64], option: i64| {
            let t = long_nardy(dice, option);
            t.rules[0].inert(&TurnStart::of(b, &t))
        };
        assert_eq!(
            guard_bound(
                &TurnStart::of(&four, &long_nardy(&[6, 5], 1)),
                SixBlockOption::Ahead
            ),
            24
        );
        assert!(!inert(&four, &[6, 5], 1));
        assert!(inert(&three, &[6, 5], 1));
        assert!(!inert(&three, &[3, 3, 3, 3], 1));
        // "home": an opposing checker in his home (the mover's 13-18) and the rule never applies.
        let home = board(
            &[(13, 2), (14, 2), (15, 2), (16, 2), (24, 7)],
            &[(12, 14), (18, 1)],
        );
        assert!(!inert(&four, &[6, 5], 2));
        assert!(inert(&home, &[6, 5], 2));
        // A point of the opponent's in the run (blocking: it stays his) keeps six out of reach.
        let broken = board(
            &[(13, 2), (14, 2), (15, 2), (16, 2), (24, 7)],
            &[(12, 14), (17, 1)],
        );
        assert!(inert(&broken, &[6, 5], 1));
    }
}
