//! The entry rules of the pool games: tabula's waiting rule, acey-deucey's entering, hitting and opening lock.

use crate::rules::movement::TurnStart;
use crate::state::{Board, Contact, FROM_POOL, MOVER_BAR, MOVER_OFF};

/// Where a checker waits while [`waiting_allows`] refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaitMode {
    /// In the mover's pool.
    Pool,
    /// In his pool or on his bar.
    PoolOrBar,
}

/// `Waiting(mode, points)`: no landing on `points` while a checker waits to enter.
///
/// A step landing on a point of the mask `points` (bit 0: off) is refused
/// while, on the board after it, a checker of the mover's still waits in
/// his pool (`Pool`) or in his pool or on his bar (`PoolOrBar`).
pub fn waiting_allows(after: &Board, dst: usize, pool: usize, mode: WaitMode, points: u32) -> bool {
    (points >> dst) & 1 == 0 || !waits(after, pool, mode)
}

/// Whether a checker of the mover's waits to enter on `board`: in his pool (`Pool`), or in his pool or on his bar (`PoolOrBar`).
fn waits(board: &Board, pool: usize, mode: WaitMode) -> bool {
    let bar = mode == WaitMode::PoolOrBar && board.at(MOVER_BAR) > 0;
    board.pool(pool) != 0 || bar
}

/// The landings (bit p; bit 0 off) `Waiting(mode, points)` refuses to every step from a point at `board`: all of `points` while a checker waits, none otherwise.
///
/// A step from a point leaves the mover's pool and bar as they were (a
/// checker it hits goes to its owner's), so a checker waits after it
/// exactly when one waits before it, and [`waiting_allows`] refuses it
/// exactly when it lands on `points`. (Not so an entry, which may empty
/// the pool or the bar.)
pub fn waiting_closed(board: &Board, pool: usize, mode: WaitMode, points: u32) -> u32 {
    if waits(board, pool, mode) { points } else { 0 }
}

/// `PoolFirst`: every checker enters before any other moves.
///
/// While the mover's pool is not empty (on the board after the step), only
/// entries (from the pool or the bar) are allowed.
pub fn pool_first_allows(after: &Board, src: usize, pool: usize) -> bool {
    src == FROM_POOL || src == MOVER_BAR || after.pool(pool) <= 0
}

/// `HitsNeedHome`: a move may hit only once a checker of the mover's is home.
///
/// A step that hit is refused unless, before it, the mover had a checker on
/// his points 1-6 or borne off. Read from the board after the step: the
/// step's own checker counts only if it left from 1-6; where it landed on
/// 1-6 it stands alone.
pub fn hits_need_home_allows(after: &Board, src: usize, dst: usize, hit: bool) -> bool {
    if !hit || after.at(MOVER_OFF) > 0 || (1..=6).contains(&src) {
        return true;
    }
    (1..7).any(|p| after.at(p) > i32::from(p == dst))
}

/// Whether `HitsNeedHome` refuses no step of any sequence of the turn from its start ([`hits_need_home_allows`]): so it can be left out of the turn's table.
///
/// It refuses only a step that hits before a checker of the mover's is
/// home: with blocking contact none hits, and once one is home (on his 1-6,
/// or borne off) one stays (he is not hit in his own turn; it moves on down
/// or off).
pub fn hits_need_home_inert(turn: &TurnStart<'_>) -> bool {
    /// The mover's home, points 1..6, as a bitmask.
    const HOME: u32 = 0x7E;
    turn.t.contact == Contact::Block || turn.board.at(MOVER_OFF) > 0 || turn.held & HOME != 0
}

/// `Locked`: acey-deucey's opening lock; every step is refused, so the roll is a pass.
pub fn locked_allows() -> bool {
    false
}

#[cfg(test)]
mod tests {
    //! Tabula's second-half rule (TB2, TB3) as the rules page words it.

    use super::*;
    use crate::rules::movement::sources_landing_on;

    /// Tabula's watched landings: his 12-1, and off.
    const SECOND_HALF: u32 = (1 << 13) - 1;
    /// The mover's pool in a state of 30 ints.
    const POOL: usize = 28;

    /// A board with the mover's checkers on `points`, `pool` in his pool and `bar` on his bar.
    fn board(points: &[usize], pool: i32, bar: i32) -> Board {
        let mut s = vec![0; 30];
        for &p in points {
            s[p] += 1;
        }
        s[POOL] = pool;
        s[MOVER_BAR] = bar;
        s[3] = -2;
        Board::from_state(&s)
    }

    #[test]
    fn while_a_checker_waits_in_the_pool_no_move_lands_on_his_twelve_to_one() {
        // "While the mover has a checker in the pool, no move may land on
        // his 12-1": a checker on 14 may not move 3 to 11, one on 16 may
        // move 3 to 13; every landing of his 12-1 is closed.
        let waiting = board(&[14, 16], 1, 0);
        let closed = waiting_closed(&waiting, POOL, WaitMode::Pool, SECOND_HALF);
        assert_eq!(closed, SECOND_HALF);
        let from = sources_landing_on(closed, 3);
        assert!((from >> 14) & 1 == 1 && (from >> 16) & 1 == 0);
        let mut after = waiting;
        after.add(14, -1);
        after.add(11, 1);
        assert!(!waiting_allows(
            &after,
            11,
            POOL,
            WaitMode::Pool,
            SECOND_HALF
        ));
        // "Entering the last pool checker lifts the rule": with the pool
        // empty nothing is closed, and the move to 11 is allowed.
        let entered = board(&[14, 16, 21], 0, 0);
        assert_eq!(
            waiting_closed(&entered, POOL, WaitMode::Pool, SECOND_HALF),
            0
        );
        let mut after = entered;
        after.add(14, -1);
        after.add(11, 1);
        assert!(waiting_allows(
            &after,
            11,
            POOL,
            WaitMode::Pool,
            SECOND_HALF
        ));
    }

    #[test]
    fn pool_or_bar_also_closes_them_while_a_checker_is_on_the_bar() {
        // `"pool-or-bar"`: the same while he has a checker in the pool or
        // on the bar; `"pool"` minds the pool alone.
        let on_bar = board(&[14], 0, 1);
        assert_eq!(
            waiting_closed(&on_bar, POOL, WaitMode::PoolOrBar, SECOND_HALF),
            SECOND_HALF
        );
        assert_eq!(
            waiting_closed(&on_bar, POOL, WaitMode::Pool, SECOND_HALF),
            0
        );
    }
}
