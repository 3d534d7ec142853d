//! The entry rules of the pool games: tabula's waiting rule, acey-deucey's entering, hitting and opening lock.

use crate::state::{Board, FROM_POOL, MOVER_BAR, MOVER_OFF};

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
    if (points >> dst) & 1 == 0 {
        return true;
    }
    let bar = mode == WaitMode::PoolOrBar && after.at(MOVER_BAR) > 0;
    after.pool(pool) == 0 && !bar
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

/// `Locked`: acey-deucey's opening lock; every step is refused, so the roll is a pass.
pub fn locked_allows() -> bool {
    false
}
