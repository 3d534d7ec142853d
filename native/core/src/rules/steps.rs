//! The named step rules a table may hold, each judged on the board after the step.

pub use super::acey_tabula::WaitMode;
use super::acey_tabula::{
    hits_need_home_allows, hits_need_home_inert, locked_allows, pool_first_allows, waiting_allows,
    waiting_closed,
};
use super::fevga::{
    lone_starter_allows, lone_starter_inert, max_held_allows, max_held_always_allows,
    max_held_inert,
};
use super::head::{floor_allows, floor_inert};
use super::movement::TurnStart;
use super::six_block::{SixBlockOption, six_block_inert, six_block_step};
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
    /// Whether the rule refuses no step of any sequence of steps of the turn (from its start, under its table's dice, contact and pool): then the turn's table may leave it out ([`Table::begun`](crate::table::Table::begun)).
    ///
    /// Each rule's function proves it from what only moves one way during a
    /// turn: [`floor_inert`], [`six_block_inert`] (`Off` never refuses),
    /// [`lone_starter_inert`], [`max_held_inert`]. `Waiting` and `PoolFirst`
    /// where they allow every step from the start
    /// ([`StepRule::allows_every_step`]: then from every board after it).
    /// [`hits_need_home_inert`]. `Locked` refuses every step: never.
    pub fn inert(&self, turn: &TurnStart<'_>) -> bool {
        match *self {
            StepRule::Floor { point, least } => floor_inert(turn, point, least),
            StepRule::SixBlockStep(option) => six_block_inert(turn, option),
            StepRule::Waiting { .. } | StepRule::PoolFirst => {
                self.allows_every_step(turn.board, turn.t.pool)
            }
            StepRule::HitsNeedHome => hits_need_home_inert(turn),
            StepRule::Locked => false,
            StepRule::LoneStarter { checkers } => lone_starter_inert(turn, checkers),
            StepRule::MaxHeld { points, most } | StepRule::MaxHeldAlways { points, most } => {
                max_held_inert(turn, points, most)
            }
        }
    }

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

    /// The landings (bit p; bit 0 off) this rule refuses to every step from a point at `board`, whatever else the step does.
    ///
    /// Only `Waiting` names any ([`waiting_closed`]); the others none.
    pub fn closed_landings(&self, board: &Board, pool: usize) -> u32 {
        match *self {
            StepRule::Waiting { mode, points } => waiting_closed(board, pool, mode, points),
            _ => 0,
        }
    }

    /// Whether the rule refuses a step from a point only for its landing, and exactly where [`StepRule::closed_landings`] says: `Waiting` ([`waiting_closed`]).
    pub fn closes_landings_only(&self) -> bool {
        matches!(*self, StepRule::Waiting { .. })
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

#[cfg(test)]
mod tests {
    //! [`StepRule::inert`] against every sequence of steps the board allows.

    use super::*;
    use crate::hash::FxSet;
    use crate::rules::movement::{Sight, single_steps};
    use crate::rules::six_block::ROUTE;
    use crate::state::{OPP_PINNED, PINNED, validate};
    use crate::table::Table;
    use crate::testing::{XorShift, judged_step};

    /// A random state of 30 ints (the extra field: the pins, or the pools): 15 checkers a side, most on the points, bunched on `bunch` points in a row (the mover's, half the time, in a row along the opponent's route: a block to be) so that blocks and closed points come often.
    fn random_state(r: &mut XorShift, contact: i64, pool: bool) -> Vec<i32> {
        let mut s = vec![0i32; 30];
        let bunch = 6 + r.below(19);
        let on_route = r.below(2) == 0;
        for side in [1, -1] {
            let low = 1 + r.below(25 - bunch);
            for _ in 0..15 {
                let q = (low + r.below(bunch)) as usize;
                let p = match r.below(24) {
                    0 => 25 + usize::from(side == -1),
                    1 if !on_route || side == 1 => 0,
                    2 if pool => 99,
                    // (The point of route number q: ROUTE is its own
                    // inverse. The opponent's, then, high on his route:
                    // behind the mover's block to be, and often none ahead.)
                    _ if on_route && side == 1 => ROUTE[q],
                    _ if on_route => ROUTE[24 - r.below(bunch / 2) as usize],
                    _ => q,
                };
                let off = if side == 1 { 0 } else { 27 };
                match p {
                    99 => s[28 + usize::from(side == -1)] += 1,
                    0 => s[off] += 1,
                    25 | 26 => s[p] += 1,
                    _ if s[p] * side >= 0 => s[p] += side,
                    _ => s[off] += 1,
                }
            }
        }
        if contact == 2 {
            for p in 1..25 {
                if s[p] > 0 && r.below(4) == 0 {
                    s[OPP_PINNED] |= 1 << p;
                } else if s[p] == -1 && r.below(3) == 0 {
                    s[PINNED] |= 1 << p;
                }
            }
        }
        s
    }

    /// One random rule of kind `kind` (0..8, in the order of [`StepRule`]'s variants) as the flat table writes it.
    fn random_rule(r: &mut XorShift, kind: usize) -> Vec<i64> {
        let quarter = [0x3F << 19, 0x3F << 7, 0x7E, 0x3F << 13][r.below(4) as usize];
        let points = if r.below(2) == 0 {
            quarter
        } else {
            r.below(1 << 24) as i64 * 2
        };
        match kind {
            0 => vec![
                1,
                [24, 24, 1 + r.below(24)][r.below(3) as usize] as i64,
                r.below(17) as i64 - 2,
            ],
            1 => vec![2, 1 + r.below(3) as i64],
            2 => vec![3, 1 + r.below(2) as i64, r.below(1 << 25) as i64],
            3 => vec![4],
            4 => vec![5],
            5 => vec![6],
            6 => vec![7, 13 + r.below(3) as i64],
            7 => vec![8, points, r.below(7) as i64],
            _ => vec![10, points, r.below(7) as i64],
        }
    }

    /// Whether `rule` allows every step of every sequence of steps the board allows from `b` with the dice `left` (a step's judgement reads only the board before it and the step, so each node is walked once).
    fn allows_all(
        t: &Table,
        rule: &StepRule,
        b: &Board,
        left: &[u8],
        seen: &mut FxSet<(Board, Vec<u8>)>,
    ) -> bool {
        if !seen.insert((*b, left.to_vec())) {
            return true;
        }
        let sight = Sight::of(b, t);
        for (i, &die) in left.iter().enumerate() {
            if left[..i].contains(&die) {
                continue;
            }
            let rest = [&left[..i], &left[i + 1..]].concat();
            for (src, dst) in single_steps(b, usize::from(die), t, &sight, 0).iter(u32::MAX) {
                let (after, allowed) = judged_step(rule, b, (src, dst), t);
                if !allowed || !allows_all(t, rule, &after, &rest, seen) {
                    return false;
                }
            }
        }
        true
    }

    #[test]
    fn a_rule_refuses_a_step_from_a_point_exactly_where_it_closes_the_landing() {
        // The waiting rule (both modes, random watched points, off among
        // them) on random boards with pools: a step from a point holding a
        // checker of the mover's, by any die, is refused exactly when it
        // lands on a landing the rule closes at the board before it.
        let mut r = XorShift(0x94D0_49BB_1331_11EB);
        let (mut refused, mut allowed) = (0, 0);
        for _ in 0..3000 {
            let contact = r.below(2) as i64;
            let mode = 1 + r.below(2) as i64;
            let points = r.below(1 << 25) as i64;
            let mut ints = vec![1, contact, 1, 28, 0, 1, 6, 0, 1, 0, 0, 0, 0, 0, 30];
            ints.extend([2, 3, 5, 1, 3, mode, points]);
            let t = Table::decode(&ints).expect("a table");
            let s = random_state(&mut r, contact, true);
            if validate(&t, &s).is_err() {
                continue;
            }
            let before = Board::from_state(&s);
            let rule = t.rules[0];
            assert!(rule.closes_landings_only());
            let closed = rule.closed_landings(&before, t.pool);
            for src in (1..25).filter(|&p| before.at(p) > 0) {
                for die in 1..7 {
                    let dst = src.saturating_sub(die);
                    let (_, allows) = judged_step(&rule, &before, (src, dst), &t);
                    assert_eq!(allows, (closed >> dst) & 1 == 0, "{s:?} {src}->{dst}");
                    refused += usize::from(!allows);
                    allowed += usize::from(allows);
                }
            }
        }
        assert!(refused > 10_000 && allowed > 10_000, "{refused} {allowed}");
    }

    #[test]
    fn an_inert_rule_allows_every_step_of_every_sequence() {
        // Each kind of rule, on random tables (every contact, a pool or
        // not, two dice, a double, three) and boards: where it says it
        // refuses no step of the turn, it allows each step of every
        // sequence the board allows (a superset of the turn's steps); and it
        // says so often, and not always.
        let mut r = XorShift(0x5851_F42D_4C95_7F2D);
        let (mut inert, mut judged) = ([0usize; 9], [0usize; 9]);
        for i in 0..27_000 {
            let kind = i % 9;
            let contact = r.below(3) as i64;
            let pool = contact != 2 && (kind == 3 || r.below(3) == 0);
            let mut ints = vec![
                1,
                contact,
                i64::from(r.below(4) != 0),
                if pool { 28 } else { 0 },
            ];
            ints.extend([i64::from(pool && r.below(2) == 0), r.below(2) as i64]);
            ints.extend([[6, 6, 12, 24][r.below(4) as usize], r.below(2) as i64, 1, 0]);
            ints.extend([0, 0, 0, 0, 30]);
            let dice: Vec<i64> = match r.below(4) {
                0 => vec![1 + r.below(6) as i64; 4],
                1 => (0..3).map(|_| 1 + r.below(6) as i64).collect(),
                _ => (0..2).map(|_| 1 + r.below(6) as i64).collect(),
            };
            ints.push(dice.len() as i64);
            ints.extend(&dice);
            ints.push(1);
            ints.extend(random_rule(&mut r, kind));
            let t = Table::decode(&ints).expect("a table");
            let s = random_state(&mut r, contact, pool);
            if validate(&t, &s).is_err() {
                continue;
            }
            let start = Board::from_state(&s);
            let rule = t.rules[0];
            judged[kind] += 1;
            if !rule.inert(&TurnStart::of(&start, &t)) {
                continue;
            }
            inert[kind] += 1;
            let mut seen = FxSet::default();
            assert!(
                allows_all(&t, &rule, &start, &t.dice, &mut seen),
                "table {ints:?} state {s:?}"
            );
        }
        for kind in 0..9 {
            let (n, k) = (judged[kind], inert[kind]);
            // (Locked never; the others both ways, and often inert.)
            let often = if kind == 5 {
                k == 0
            } else {
                k > n / 5 && k < n
            };
            assert!(often && n > 2000, "{kind}: {inert:?} of {judged:?}");
        }
    }
}
