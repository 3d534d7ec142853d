//! The named step rules a table may hold, each judged on the board after the step.

pub use super::acey_tabula::WaitMode;
use super::acey_tabula::{hits_need_home_allows, locked_allows, pool_first_allows, waiting_allows};
use super::fevga::{lone_starter_allows, max_held_allows, max_held_always_allows};
use super::head::floor_allows;
use super::six_block::{SixBlockOption, six_block_step};
use crate::state::{Board, Contact, HEAD, MOVER_BAR};

/// One named step rule (spec section 2); each variant's doc is in the function that judges it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepRule {
    /// The head rule as a floor ([`floor_allows`]).
    Floor {
        /// The point whose count is limited.
        point: usize,
        /// The fewest checkers it may hold during the turn.
        least: i32,
    },
    /// The six-block rule after each step ([`six_block_step`]).
    SixBlockStep(SixBlockOption),
    /// No landing on some points while a checker waits ([`waiting_allows`]).
    Waiting {
        /// Where a checker waits.
        mode: WaitMode,
        /// The landing points watched (bit 0: off).
        points: u32,
    },
    /// Every checker enters first ([`pool_first_allows`]).
    PoolFirst,
    /// A hit only once a checker is home ([`hits_need_home_allows`]).
    HitsNeedHome,
    /// The opening lock ([`locked_allows`]).
    Locked,
    /// Fevga's starting checker ([`lone_starter_allows`]).
    LoneStarter {
        /// The mover's checkers in all.
        checkers: i32,
    },
    /// Fevga's starting quarter ([`max_held_allows`]).
    MaxHeld {
        /// The points watched (bits 1..24).
        points: u32,
        /// The most of them the mover may hold.
        most: u32,
    },
    /// At most so many of some points held after every step ([`max_held_always_allows`]).
    MaxHeldAlways {
        /// The points watched (bits 1..24).
        points: u32,
        /// The most of them the mover may hold.
        most: u32,
    },
}

/// One step as the rules judge it: the board after it, where it came from and went, whether it hit.
#[derive(Debug, Clone, Copy)]
pub struct Judged<'a> {
    /// The board after the step.
    pub after: &'a Board,
    /// Its source: 1..24, 25 the bar, 26 the pool.
    pub src: usize,
    /// Its destination: 1..24, 0 off.
    pub dst: usize,
    /// Whether it hit or pinned a lone opposing checker.
    pub hit: bool,
    /// The mover's pool index (0: none).
    pub pool: usize,
    /// The points the mover holds after the step (bit p): [`Board::held_points`] of `after`, which the search keeps step by step.
    pub held: u32,
}

impl StepRule {
    /// Whether this rule allows the step.
    pub fn allows(&self, s: &Judged<'_>) -> bool {
        match *self {
            StepRule::Floor { point, least } => floor_allows(s.after, s.src, point, least),
            StepRule::SixBlockStep(option) => six_block_step(s.after, s.dst, s.held, option),
            StepRule::Waiting { mode, points } => {
                waiting_allows(s.after, s.dst, s.pool, mode, points)
            }
            StepRule::PoolFirst => pool_first_allows(s.after, s.src, s.pool),
            StepRule::HitsNeedHome => hits_need_home_allows(s.after, s.src, s.dst, s.hit),
            StepRule::Locked => locked_allows(),
            StepRule::LoneStarter { checkers } => lone_starter_allows(s.after, s.src, checkers),
            StepRule::MaxHeld { points, most } => max_held_allows(s.held, s.dst, points, most),
            StepRule::MaxHeldAlways { points, most } => {
                max_held_always_allows(s.held, points, most)
            }
        }
    }
}

impl StepRule {
    /// Whether the rule lets two steps swap (the search's shortcut, `search::swappable`): allowed in one order, allowed in the other.
    ///
    /// `landing` holds every point a step of the turn may land on. Each
    /// rule below judges the board after the step by counts that only move
    /// one way during a turn, and the board after both steps is the same in
    /// either order:
    /// - `Floor`: the count on its point only falls while nothing lands
    ///   there, and a step from it is judged on the count after both.
    /// - `Waiting`, `PoolFirst`: the mover's pool and bar only empty.
    /// - `HitsNeedHome`: a step that hits in one order hit in the other
    ///   too (with pinning, a release makes a new lone checker: not then),
    ///   and a checker home stays home.
    /// - `Locked`: nothing is allowed.
    /// - `LoneStarter`: a checker once past stays past; the head's count
    ///   only falls while nothing lands on it.
    /// - `MaxHeld`: a step not landing in its points holds no more of them.
    /// - `MaxHeldAlways`: it reads the board after the step alone, and the
    ///   board after both steps is the same in either order.
    ///
    /// `SixBlockStep` does not swap: a block may be closed by a step landing
    /// at or above the guard (allowed) after one landing below it, and not
    /// the other way round.
    pub fn swaps(&self, contact: Contact, landing: u32) -> bool {
        match *self {
            StepRule::Floor { point, .. } => (landing >> point) & 1 == 0,
            StepRule::Waiting { .. } | StepRule::PoolFirst | StepRule::Locked => true,
            StepRule::HitsNeedHome => contact != Contact::Pin,
            StepRule::LoneStarter { .. } => (landing >> HEAD) & 1 == 0,
            StepRule::MaxHeld { .. } | StepRule::MaxHeldAlways { .. } => true,
            StepRule::SixBlockStep(_) => false,
        }
    }

    /// Whether the rule allows every step from a node whose board is `before` (the search's shortcut: it need not ask the rule step by step).
    ///
    /// `Waiting` and `PoolFirst` refuse a step only while a checker of the
    /// mover's waits in his pool (for `Waiting` in `PoolOrBar` mode, or on
    /// his bar) on the board after it. No step adds a checker to the
    /// mover's pool or bar (an entry from the pool passes through the bar;
    /// a hit sends the opponent's checker to his own), so with none waiting
    /// before the step, none waits after, nor after any later step of the
    /// turn: once it holds, it holds at every node below (the search tells
    /// a child so instead of asking again). The other rules are not told so
    /// cheaply (false).
    pub fn allows_every_step(&self, before: &Board, pool: usize) -> bool {
        match *self {
            StepRule::Waiting { mode, .. } => {
                before.pool(pool) <= 0 && (mode == WaitMode::Pool || before.at(MOVER_BAR) <= 0)
            }
            StepRule::PoolFirst => before.pool(pool) <= 0,
            _ => false,
        }
    }

    /// Whether [`StepRule::allows_every_step`] may ever say so: a rule it never does is asked step by step, and the search need not ask it of each node.
    pub fn may_allow_every_step(&self) -> bool {
        matches!(*self, StepRule::Waiting { .. } | StepRule::PoolFirst)
    }

    /// Whether the rule judges a step from a point some step of the turn may land on alike whatever that point (the search's shortcut, `shortcuts::Told::cont`).
    ///
    /// So a checker's second step, from where its first landed, is judged
    /// by the board after it, its landing and whether it hit alone, the same
    /// whichever of two dice moved it first. `landing` holds every point a
    /// step may land on. `Waiting`, `MaxHeld` and `MaxHeldAlways` never read the source;
    /// `PoolFirst` reads only whether it is the pool or the bar; `Locked`
    /// refuses all; `Floor` and `LoneStarter` read only whether it is their
    /// point (the head), never a landing point when `landing` misses it;
    /// `HitsNeedHome` reads whether it is home, but only for a step that
    /// hit, and with blocking contact none does. `SixBlockStep`: false (it
    /// never swaps, see [`StepRule::swaps`]).
    pub fn continues(&self, contact: Contact, landing: u32) -> bool {
        match *self {
            StepRule::Waiting { .. }
            | StepRule::PoolFirst
            | StepRule::Locked
            | StepRule::MaxHeld { .. }
            | StepRule::MaxHeldAlways { .. } => true,
            StepRule::Floor { point, .. } => (landing >> point) & 1 == 0,
            StepRule::LoneStarter { .. } => (landing >> HEAD) & 1 == 0,
            StepRule::HitsNeedHome => contact == Contact::Block,
            StepRule::SixBlockStep(_) => false,
        }
    }

    /// Whether a step the rule allows at a node stays allowed after another step allowed there, wherever the board still allows it (the search's shortcut, `search::Told`).
    ///
    /// So for the rules that judge by counts that only make it easier:
    /// `Waiting` and `PoolFirst` (the mover's pool and bar only empty),
    /// `Locked` (nothing is allowed), `HitsNeedHome` with hitting or
    /// blocking contact (a step hits afterwards only where it hit before,
    /// and a checker home stays home). Not the others: the head's count,
    /// the points held, the checkers away from the head, the blocks move
    /// the other way.
    pub fn stays_allowed(&self, contact: Contact) -> bool {
        match *self {
            StepRule::Waiting { .. } | StepRule::PoolFirst | StepRule::Locked => true,
            StepRule::HitsNeedHome => contact != Contact::Pin,
            _ => false,
        }
    }
}
