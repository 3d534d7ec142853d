//! The six-block rule (long nardy, Kush) and fevga's trapping prime.
//!
//! A block is six or more consecutive points held by the mover, consecutive
//! along the opponent's route: the mover's 1-point and 24-point are
//! neighbours, his 13 and 12 are not. `ROUTE[p]` numbers the mover's point p
//! as the opponent does (his head, the mover's 12, is 24).

use crate::state::{Board, OPP_BAR, OPP_OFF};

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

/// The mover's point one route step ahead of `p` (0 past the route's end); `ROUTE` is its own inverse.
fn ahead(p: usize) -> usize {
    if ROUTE[p] > 1 { ROUTE[ROUTE[p] - 1] } else { 0 }
}

/// The mover's point one route step behind `p` (0 before the route's start).
fn behind(p: usize) -> usize {
    if ROUTE[p] < 24 {
        ROUTE[ROUTE[p] + 1]
    } else {
        0
    }
}

/// Whether the mover's point `p` is part of six or more consecutive points he holds (along the opponent's route).
pub fn in_block(b: &Board, p: usize) -> bool {
    let mut n = 1;
    let mut x = ahead(p);
    while x != 0 && b.at(x) > 0 {
        n += 1;
        x = ahead(x);
    }
    x = behind(p);
    while x != 0 && b.at(x) > 0 {
        n += 1;
        x = behind(x);
    }
    n >= 6
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
pub fn six_block_step(after: &Board, dst: usize, option: SixBlockOption) -> bool {
    dst == 0 || !in_block(after, dst) || ROUTE[dst] >= six_block_guard(after, option)
}

/// `SixBlockAtEnd`: the six-block rule judged on a play's final position.
///
/// A play is refused when a point where the mover now has more checkers
/// than at the start of the turn lies in a block the rule forbids. The
/// guard is the start's, or the final position's when a hit sent an
/// opposing checker back.
pub fn six_block_at_end(start: &Board, end: &Board, option: SixBlockOption) -> bool {
    let guard = if end.at(OPP_BAR) == start.at(OPP_BAR) {
        six_block_guard(start, option)
    } else {
        six_block_guard(end, option)
    };
    (1..25).all(|p| {
        let x = end.at(p);
        !(x > start.at(p) && x > 0 && ROUTE[p] < guard && in_block(end, p))
    })
}

/// Whether the mover holds a trapping prime (fevga): six consecutive points along the opponent's route with no opposing checker ahead of them.
///
/// A run of held route numbers `low..=high` of six or more traps when its
/// first route number is below the `Ahead` guard.
pub fn trapped(b: &Board) -> bool {
    let held = |q: usize| b.at(ROUTE[q]) > 0;
    let mut q = 1;
    while q <= 24 {
        if !held(q) {
            q += 1;
            continue;
        }
        let low = q;
        while q <= 24 && held(q) {
            q += 1;
        }
        if q - low >= 6 && low < six_block_guard(b, SixBlockOption::Ahead) {
            return true;
        }
    }
    false
}
