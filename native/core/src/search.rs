//! The one search (spec section 3): a depth-first search over the nodes (board, marks, dice left), with a memo.

use std::cell::{Cell, RefCell};
use std::hash::{Hash, Hasher};

use crate::after;
use crate::hash::{FxSet, Memo};
use crate::rules::hitter::marks_after;
use crate::rules::movement::{
    Sight, SingleSteps, away_from_points, entry_point, highest_bit, highest_standing, single_steps,
    sources_landing_on,
};
use crate::rules::steps::Judged;
use crate::shortcuts::{NOTHING_TOLD, Told, continues, swappable};
use crate::state::{
    Board, Contact, FROM_POOL, MOVER_BAR, MOVER_OFF, OPP_PINNED, PINNED, POINTS, held_after,
    make_step, open_point,
};
use crate::table::Table;

/// A play's steps packed, 14 bits a step, the first in the lowest bits: `src | dst << 5 | die << 10 | hit << 13`.
pub type Code = u128;
/// The bits of one step in a [`Code`].
pub const STEP_BITS: u32 = 14;

/// The code of one step.
pub fn step_code(src: usize, dst: usize, die: usize, hit: bool) -> Code {
    (src | (dst << 5) | (die << 10) | (usize::from(hit) << 13)) as Code
}

/// The dice left at a node: four bits a face, the count of face d at bits `4d..4d+4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DiceLeft(u32);

impl DiceLeft {
    /// The multiset of `dice` (each 1..6 and at most 8 of them, checked by the table).
    pub fn of(dice: &[u8]) -> DiceLeft {
        DiceLeft(
            dice.iter()
                .filter(|&&d| (1..=6).contains(&d))
                .map(|&d| 1 << (4 * u32::from(d)))
                .sum(),
        )
    }

    /// How many dice of face `die` are left.
    #[inline]
    pub fn of_face(&self, die: usize) -> u32 {
        (self.0 >> (4 * die)) & 15
    }

    /// Whether no die is left.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// How many dice are left.
    pub fn count(&self) -> usize {
        (1..=6).map(|d| self.of_face(d) as usize).sum()
    }

    /// The die, when exactly one is left.
    #[inline]
    pub fn single(&self) -> Option<usize> {
        // (One face's count of 1: a lone bit at the bottom of its four.)
        let low = self.0.trailing_zeros();
        (self.0.is_power_of_two() && low % 4 == 0).then_some((low / 4) as usize)
    }

    /// These dice with one `die` fewer (one is left).
    #[inline]
    fn without(&self, die: usize) -> DiceLeft {
        DiceLeft(self.0 - (1 << (4 * die)))
    }
}

/// A node of the search: the board, the marked checkers (bit p), the dice left.
///
/// Two nodes are equal when their board, marks and dice left are: the
/// rank says how the search came to a node, not what it is.
#[derive(Debug, Clone, Copy)]
pub struct Node {
    /// The board.
    pub board: Board,
    /// Where the checkers that hit stand (bit p for point p).
    pub marks: u32,
    /// The dice not yet played.
    pub left: DiceLeft,
    /// The lowest [`rank`] the next step may have (0: any; see [`Rules::sorted`]).
    pub rank: u8,
}

impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        self.board == other.board && self.marks == other.marks && self.left == other.left
    }
}

impl Eq for Node {}

impl Hash for Node {
    /// The board's words, then the marks and the dice in one word.
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.board.hash(h);
        h.write_u64(u64::from(self.marks) | (u64::from(self.left.0) << 32));
    }
}

/// One step from a node: the child, and what the step was.
#[derive(Debug, Clone, Copy)]
pub struct Child {
    /// The node after the step.
    pub node: Node,
    /// The step's code (unshifted).
    pub code: Code,
    /// The die it used.
    pub die: usize,
}

/// A step's place in the order of [`single_steps`]: the bar 0, the pool 1, then points 24 down to 1 as 2..25.
#[inline]
pub fn rank(src: usize) -> u8 {
    match src {
        MOVER_BAR => 0,
        FROM_POOL => 1,
        _ => (26 - src) as u8,
    }
}

/// The sources of [`rank`] `r` or more, as a mask (bit `src`).
#[inline]
fn ranked_from(r: u8) -> u32 {
    let r = u32::from(r);
    if r == 0 {
        return u32::MAX;
    }
    let points = POINTS & ((2u32 << (26 - r.min(25))) - 1);
    points | (u32::from(r <= 1) << FROM_POOL)
}

/// The rules' view of one search: the table and the distinct dice in their order.
#[derive(Debug, Clone, Copy)]
pub struct Rules<'a> {
    /// The table.
    pub t: &'a Table,
    /// Whether the steps of a node are only those ranked at or after the step that led to it.
    sorted: bool,
    /// Whether any two steps may be swapped, so that a node skips what its parent tells it to ([`Skip`](crate::shortcuts::Skip)).
    swaps: bool,
    /// Whether, besides, a node's skipped steps its board allows are allowed ([`Told::done`]).
    deep: bool,
    /// Whether, besides, a child skips its checker's steps taken in the other order ([`continues`]).
    cont: bool,
    /// Whether a sequence using fewer dice than another is never a play, whatever its state (no play filter, no hitter rule): then, once one using every die is recorded, a barren node is not ([`Dfs::whole`]).
    drops: bool,
    /// Whether every step rule may allow every step from some board ([`StepRule::may_allow_every_step`](crate::rules::steps::StepRule::may_allow_every_step)): else no node asks.
    frees: bool,
    /// Whether the steps to landings the rules close are left unmade, and a node where the rules are asked tells barren children ahead: every step rule refuses a step from a point only for its landing ([`StepRule::closes_landings_only`](crate::rules::steps::StepRule::closes_landings_only)), and there is one (the plain search makes and judges every step).
    closes: bool,
    /// The distinct dice, in the order of their first appearance in the table.
    faces: [u8; 6],
    /// How many distinct dice.
    n_faces: usize,
}

impl<'a> Rules<'a> {
    /// The rules of `t`.
    pub fn new(t: &'a Table) -> Rules<'a> {
        let mut faces = [0u8; 6];
        let mut n_faces = 0;
        for &d in &t.dice {
            if !faces[..n_faces].contains(&d) && n_faces < 6 {
                faces[n_faces] = d;
                n_faces += 1;
            }
        }
        Rules {
            t,
            sorted: false,
            swaps: false,
            deep: false,
            cont: false,
            drops: false,
            frees: t.rules.iter().all(|rule| rule.may_allow_every_step()),
            closes: false,
            faces,
            n_faces,
        }
    }

    /// The rules of `t` for the search of all plays from `start`, with the exact shortcuts that apply.
    ///
    /// A double judged by the board alone is searched in [`rank`] order
    /// (see [`Rules::sorted`]); otherwise, where any two steps may be
    /// swapped ([`swappable`]), a node skips the steps its parent tells it
    /// of (see [`Skip`](crate::shortcuts::Skip)).
    pub fn for_plays(t: &'a Table, start: &Board) -> Rules<'a> {
        let rules = Rules::sorted(t);
        let swaps = !rules.sorted && swappable(t, start);
        Rules {
            swaps,
            deep: swaps && t.rules.iter().all(|rule| rule.stays_allowed(t.contact)),
            cont: swaps && continues(t, start),
            drops: t.filter.is_none() && t.hitter.is_none(),
            closes: !t.rules.is_empty() && t.rules.iter().all(|rule| rule.closes_landings_only()),
            ..rules
        }
    }

    /// The rules of `t` for the search of all plays: a double's steps taken in [`rank`] order when that changes nothing.
    ///
    /// With all dice equal, no step rule and no hitter rule (nothing but the
    /// board judges a step), a step never opens a point nor makes a bear-off
    /// possible for a checker that moved before it from a higher rank, so
    /// any sequence of steps can be replayed with its steps sorted by rank:
    /// the same steps, each still allowed, the same end. A sorted sequence
    /// is also the first of its permutations in the search's order, so the
    /// first sequence reaching each state is sorted, and searching the
    /// sorted sequences alone finds the same states, in the same order, with
    /// the same steps. (`search::tests` checks this against the plain search.)
    ///
    /// **No node is met twice**, so none is looked up (`Dfs::record`).
    /// Nodes of different lengths differ by their dice left. Two sorted
    /// sequences of one length move different multisets of sources; take
    /// the first source, in rank order, that they leave a different number
    /// of times. Every checker arriving there comes from a source ranked
    /// before it (an entry, or the point one die higher), which both left
    /// alike, and arrives before any leaves it (the steps are sorted): so
    /// the two boards agree there before its departures, and after them
    /// they differ (one more checker gone is one fewer there, or, the last
    /// one gone from a pin, the pinned checker released: a count no other
    /// number of departures gives; at the bar or the pool, fewer left).
    pub fn sorted(t: &'a Table) -> Rules<'a> {
        let sorted = t.dice.len() > 1 && t.all_equal() && t.rules.is_empty() && t.hitter.is_none();
        Rules {
            sorted,
            ..Rules::new(t)
        }
    }

    /// Every allowed step from `at`, in the canonical order, handed to `visit` (which returns false to stop).
    ///
    /// The distinct dice left in order; for each die the board's steps
    /// ([`single_steps`]); at each source an unmarked checker, then a marked
    /// one; each step made, judged by every named step rule, then by the
    /// hitter rule for a marked checker. With swaps, the steps `told` names
    /// are not made, and each child is handed what it need not make
    /// ([`Told`]).
    pub fn children(&self, at: &Node, told: &Told, visit: impl FnMut(&Child, &Tell<'_>) -> bool) {
        let never = Cell::new(false);
        self.children_in(at, &Sight::of(&at.board, self.t), told, &never, visit);
    }

    /// [`Rules::children`] with the node's [`Sight`] already worked out ([`Tell::sight`]).
    ///
    /// `whole`: whether a sequence using every die has been recorded
    /// ([`Dfs::whole`]); from then on, where the skips are deep, a child
    /// with one die left that [`Rules::barren_ahead`] tells barren is not
    /// made (the search would make it, find it barren, and neither record
    /// nor enter it: [`Dfs::one_left`]).
    fn children_in(
        &self,
        at: &Node,
        sight: &Sight,
        told: &Told,
        whole: &Cell<bool>,
        visit: impl FnMut(&Child, &Tell<'_>) -> bool,
    ) {
        // (Compiled twice: a search without swaps pays nothing for them.)
        if self.swaps {
            self.children_with::<true>(at, sight, told, whole, visit);
        } else {
            self.children_with::<false>(at, sight, told, whole, visit);
        }
    }

    /// [`Rules::children`], keeping what a child need not make when `SWAPS`.
    ///
    /// A step skipped is noted as done ([`Told::done`]) when it is allowed
    /// here with its node entered before this one: one the parent made or
    /// had done (S4), or, where the rules allow every step here
    /// ([`Rules::allow_every_step`]), one the child skips as its own
    /// checker's ([`continues`]: its node was entered before, and the
    /// board allows it).
    fn children_with<const SWAPS: bool>(
        &self,
        at: &Node,
        sight: &Sight,
        told: &Told,
        whole: &Cell<bool>,
        mut visit: impl FnMut(&Child, &Tell<'_>) -> bool,
    ) {
        // (Per die: the sources of its steps here, skipped or not.)
        let mut all = [0u32; 6];
        let free = self.frees && (told.free || self.allow_every_step(&at.board));
        let mut here = Told {
            free,
            ..NOTHING_TOLD
        };
        let closed = self.closed_at(&at.board, free);
        let ranked = ranked_from(at.rank);
        // (Barren children are told ahead where no rule is asked, or where
        // the rules only close landings: see `barren_ahead`.)
        let ahead = if SWAPS && (free || self.closes) {
            self.ahead_of(at)
        } else {
            None
        };
        for (i, &face) in self.faces[..self.n_faces].iter().enumerate() {
            let die = usize::from(face);
            if at.left.of_face(die) == 0 {
                continue;
            }
            let (skip, known) = if SWAPS {
                let known = told.before[i] | told.done[i];
                (
                    known | told.cont[i],
                    known | (told.cont[i] & 0u32.wrapping_sub(u32::from(free))),
                )
            } else {
                (0, 0)
            };
            let steps = self.steps_of(&at.board, die, sight, (skip, closed));
            if SWAPS && self.deep {
                here.done[i] |= steps.skipped & known;
            }
            all[i] = steps.sources | steps.skipped;
            let barren = match ahead {
                Some((last, j)) if last == i && whole.get() => {
                    self.barren_ahead(at, sight, &here, (i, j), all[j])
                }
                _ => 0,
            };
            for (src, dst) in steps.iter(ranked) {
                let (unmarked, marked) = leaving(at, src);
                if SWAPS && (barren >> src) & 1 == 1 {
                    #[cfg(test)]
                    tests::assert_barren(self, &here, (at, sight), (i, src, dst), ahead);
                    here.before[i] |= 1 << src;
                    continue;
                }
                if unmarked {
                    if let Some(child) = self.step(at, die, src, dst, false, (free, sight.held)) {
                        let tell = Tell {
                            here: &here,
                            at,
                            sight,
                            going_on: SWAPS && self.cont,
                            step: (i, src, dst),
                        };
                        if !visit(&child, &tell) {
                            return;
                        }
                        if SWAPS {
                            here.before[i] |= 1 << src;
                        }
                    }
                }
                if marked {
                    if let Some(child) = self.step(at, die, src, dst, true, (free, sight.held)) {
                        let tell = Tell {
                            here: &here,
                            at,
                            sight,
                            going_on: false,
                            step: (i, src, dst),
                        };
                        if !visit(&child, &tell) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// The dice of `at` whose children may be told barren ahead ([`Rules::barren_ahead`]): `(i, j)`, the indexes of the two distinct dice left, `j`'s steps made first.
    ///
    /// Only where the skips are deep (so that a child with one die left,
    /// once [`Dfs::whole`] holds, is neither recorded nor, when barren,
    /// entered: [`Dfs::one_left`]), with nothing on the mover's bar (see
    /// [`Rules::barren_ahead`] for what that leaves unchanged).
    #[inline]
    fn ahead_of(&self, at: &Node) -> Option<(usize, usize)> {
        if !self.deep || at.left.is_empty() || at.board.at(MOVER_BAR) > 0 {
            return None;
        }
        // (The lowest face left, then exactly one die besides it, another face.)
        let low = (at.left.0.trailing_zeros() / 4) as usize;
        let high = at.left.without(low).single().filter(|&d| d != low)?;
        let (a, b) = (self.face_index(low), self.face_index(high));
        Some((a.max(b), a.min(b)))
    }

    /// The sources of die `i`'s steps at `at` whose children, with die `j` left, are barren: every step their board allows for die `j` is one they skip ([`Rules::skip_of`]), so each would record nothing and enter nothing.
    ///
    /// Told without making the children, from the node's steps for die `j`
    /// (their sources, skipped or not: `all_j`) and what `here` says the
    /// children skip. Where the node's rules allow every step (no rule is
    /// asked, here or below) and [`Rules::ahead_of`] holds, a step from a
    /// point changes, for the steps of die `j`, only its source and its
    /// landing: the bar and pool stay as they were (the entries alike), no
    /// point opens or closes (the two points are open to the mover before
    /// and after: a landing hit or pinned is his, and with pinning a source
    /// left to the checker it released holds a lone free one), and, unless the step
    /// leaves the highest point the bear-off reads empty, every bear-off is
    /// allowed after it as before. So a child's sources for die `j` are
    /// among `all_j` and its landing; when every one of `all_j` is skipped,
    /// the child is barren if its checker is borne off, or cannot go on
    /// from its landing (the point die `j` further is closed), or going on
    /// is skipped (a step of die `j` from that landing made here, or the
    /// same checker's two steps in the other order: [`Rules::goes_on`]). A
    /// landing from which die `j` bears off is not told. The children not
    /// named are made and judged as before.
    ///
    /// Where the rules are asked but refuse a step from a point only for
    /// its landing ([`Rules::closes`]: tabula's waiting rule while a
    /// checker waits), the same holds of the steps the search makes: the
    /// steps to the closed landings are not made, here nor at a child by a
    /// step from a point, which closes the same landings (it leaves the
    /// pool and the bar as they were: [`waiting_closed`](crate::rules::acey_tabula::waiting_closed)),
    /// so such a child's steps for die `j` are still among `all_j` (the
    /// node's, less those closed) and its landing. An entry the rules
    /// refuse here is in `all_j` and not made, so nothing is told then;
    /// and the masks name points only, never a child by an entry.
    #[inline]
    fn barren_ahead(
        &self,
        at: &Node,
        sight: &Sight,
        here: &Told,
        (i, j): (usize, usize),
        all_j: u32,
    ) -> u32 {
        let made = here.before[j] | here.done[j] | here.cont[j];
        if all_j & !made != 0 {
            return 0;
        }
        let (die, other) = (usize::from(self.faces[i]), usize::from(self.faces[j]));
        // (Bit src of each mask: the step from src by die `i`.)
        let off = POINTS & ((2 << die) - 1);
        let moving = POINTS & !off;
        let far = POINTS & !((2 << (die + other)) - 1);
        let closed = far & !(sight.open << (die + other));
        let made_there = moving & (made << die);
        let going_on = if self.cont && j < i {
            let quiet = at.board.unopposed_points() & !self.pins(&at.board);
            far & (here.before[j] | here.done[j]) & (quiet << die) & (quiet << other)
        } else {
            0
        };
        // (A landing from which die `j` could bear off: only on the point
        // `other`, and only with every checker home; the highest point the
        // bear-off reads is the node's, the lone top aside.)
        let zone = usize::from(self.t.bear_off.zone);
        let home = !sight.away && sight.highest <= zone;
        let near = moving & !far & !(u32::from(home) << (other + die));
        (off | near | closed | made_there | going_on) & !self.lone_top(at, sight, die)
    }

    /// The highest point the bear-off reads, as a source bit, when a step of `die` from it may let a checker bear off that could not before: its lone checker gone, the next highest point within the zone.
    #[inline]
    fn lone_top(&self, at: &Node, sight: &Sight, die: usize) -> u32 {
        let top = sight.highest;
        if !(1..=24).contains(&top) || at.board.at(top) != 1 || sight.away {
            return 0;
        }
        let below = sight.held & ((1 << top) - 1);
        let next = if below == 0 { 0 } else { highest_bit(below) };
        let after = next.max(top.saturating_sub(die));
        u32::from(after <= usize::from(self.t.bear_off.zone)) << top
    }

    /// The children of `at`, a node with one die left whose steps (its board's, less those it skips) are `steps`: each handed to `visit`, in the order of [`Rules::children`].
    ///
    /// (Its children have no dice left: no child is told anything.)
    #[inline]
    fn leaves(
        &self,
        at: &Node,
        (sight, steps): (&Sight, &SingleSteps),
        free: bool,
        mut visit: impl FnMut(&Child),
    ) {
        let die = steps.die;
        for (src, dst) in steps.iter(ranked_from(at.rank)) {
            let (unmarked, marked) = leaving(at, src);
            if unmarked {
                if let Some(child) = self.step(at, die, src, dst, false, (free, sight.held)) {
                    visit(&child);
                }
            }
            if marked {
                if let Some(child) = self.step(at, die, src, dst, true, (free, sight.held)) {
                    visit(&child);
                }
            }
        }
    }

    /// The steps of `die` the search makes from `board` (of [`Sight`] `sight`): the board's ([`single_steps`], less `skip`), less those from points to the landings `closed` ([`Rules::closed_at`]).
    ///
    /// A step left out is one the rules refuse: it would make no child.
    #[inline(always)]
    fn steps_of(
        &self,
        board: &Board,
        die: usize,
        sight: &Sight,
        (skip, closed): (u32, u32),
    ) -> SingleSteps {
        let mut steps = single_steps(board, die, self.t, sight, skip);
        if closed != 0 {
            steps.sources &= !sources_landing_on(closed, die);
        }
        steps
    }

    /// The landings (bit p; bit 0 off) the step rules refuse to every step from a point at `board`, where that is all they refuse of such a step ([`Rules::closes`]) and they are asked there (not `free`); else none, and every step is made and judged.
    #[inline]
    fn closed_at(&self, board: &Board, free: bool) -> u32 {
        if !self.closes || free {
            return 0;
        }
        let t = self.t;
        t.rules.iter().fold(0, |closed, rule| {
            closed | rule.closed_landings(board, t.pool)
        })
    }

    /// Whether every step rule allows every step from `board` ([`StepRule::allows_every_step`](crate::rules::steps::StepRule::allows_every_step)): then none is asked.
    #[inline]
    fn allow_every_step(&self, board: &Board) -> bool {
        let t = self.t;
        self.frees
            && t.rules
                .iter()
                .all(|rule| rule.allows_every_step(board, t.pool))
    }

    /// What the child by the step `src -> dst` of die `i` need not make: `here`, and its checker going on with a die that moved it from `src` first ([`continues`]).
    fn continued(&self, tell: &Tell<'_>) -> Told {
        let (here, at, (i, _, dst)) = (tell.here, tell.at, tell.step);
        let mut told = *here;
        if dst == MOVER_OFF || !self.quiet(&at.board, dst) {
            return told;
        }
        for j in 0..i {
            told.cont[j] |= u32::from(self.goes_on(tell, j)) << dst;
        }
        told
    }

    /// Whether the child by the step of `tell` (landing quietly) may skip its checker's step by die `j`, one of the node's dice before the step's ([`continues`]).
    #[inline]
    fn goes_on(&self, tell: &Tell<'_>, j: usize) -> bool {
        let (here, at, (_, src, dst)) = (tell.here, tell.at, tell.step);
        let a = usize::from(self.faces[j]);
        let made = here.before[j] | here.done[j];
        if (made >> src) & 1 == 0 || dst <= a {
            return false;
        }
        let landed = match src {
            MOVER_BAR | FROM_POOL => entry_point(a),
            _ if src > a => src - a,
            _ => return false,
        };
        self.quiet(&at.board, landed)
    }

    /// The steps of die `j` the child by the step of `tell` need not make: what [`Tell::told`] would tell it of that die.
    #[inline]
    fn skip_of(&self, tell: &Tell<'_>, j: usize) -> u32 {
        if !self.swaps {
            return 0;
        }
        let (here, at, (i, _, dst)) = (tell.here, tell.at, tell.step);
        let known = here.before[j] | here.done[j] | here.cont[j];
        let going_on = tell.going_on
            && j < i
            && dst != MOVER_OFF
            && self.quiet(&at.board, dst)
            && self.goes_on(tell, j);
        known | (u32::from(going_on) << dst)
    }

    /// The index among the faces of `die` (one of them).
    #[inline]
    fn face_index(&self, die: usize) -> usize {
        self.faces[..self.n_faces]
            .iter()
            .position(|&f| usize::from(f) == die)
            .unwrap_or(0)
    }

    /// Whether a step landing on point `p` of `board` meets no opposing checker and no pin: it changes nothing there but the count.
    #[inline]
    fn quiet(&self, board: &Board, p: usize) -> bool {
        board.at(p) >= 0 && (self.pins(board) >> p) & 1 == 0
    }

    /// The points of `board` where a checker is pinned, either side's (bit p; none without pinning).
    #[inline]
    fn pins(&self, board: &Board) -> u32 {
        if self.t.contact == Contact::Pin {
            (board.at(PINNED) | board.at(OPP_PINNED)) as u32
        } else {
            0
        }
    }

    /// Make, judge and mark one step; `None` when a rule refuses it (none is asked when `free`: see [`Rules::allow_every_step`]).
    #[inline(always)]
    fn step(
        &self,
        at: &Node,
        die: usize,
        src: usize,
        dst: usize,
        marked: bool,
        (free, held): (bool, u32),
    ) -> Option<Child> {
        let t = self.t;
        let mut board = at.board;
        let hit = make_step(&mut board, src, dst, t).hit;
        if !free {
            let judged = Judged {
                after: &board,
                src,
                dst,
                hit,
                pool: t.pool,
                held: held_after(held, &board, src, dst),
            };
            if !t.rules.iter().all(|rule| rule.allows(&judged)) {
                return None;
            }
        }
        if marked && !t.hitter.is_some_and(|h| h.allows(&board, dst)) {
            return None;
        }
        // (With no hitter rule no checker is ever marked.)
        let marks = match t.hitter {
            None => 0,
            hitter => marks_after(at.marks, (src, dst, hit), marked, hitter),
        };
        let node = Node {
            board,
            marks,
            left: at.left.without(die),
            rank: if self.sorted { rank(src) } else { 0 },
        };
        let code = step_code(src, dst, die, hit);
        Some(Child { node, code, die })
    }
}

/// Which checkers may leave `src` at `at`: an unmarked one (if one is there; from the pool always), then a marked one (if one is).
///
/// With no marks the step's source holds an unmarked one ([`single_steps`]
/// gives only sources holding a checker).
#[inline(always)]
fn leaving(at: &Node, src: usize) -> (bool, bool) {
    let marked = at.marks != 0 && src <= 24 && (at.marks >> src) & 1 == 1;
    let unmarked = at.marks == 0 || src == FROM_POOL || at.board.at(src) > i32::from(marked);
    (unmarked, marked)
}

/// What a child is told ([`Told`]), worked out only for a child the search enters ([`Tell::told`]): most children are leaves or met before.
#[derive(Debug, Clone, Copy)]
pub struct Tell<'x> {
    /// What every child of the node is told, so far.
    here: &'x Told,
    /// The node.
    at: &'x Node,
    /// The node's [`Sight`].
    sight: &'x Sight,
    /// Whether the child's own checker may go on ([`Rules::continued`]).
    going_on: bool,
    /// The step to the child: its die's index, its source and landing.
    step: (usize, usize, usize),
}

impl Tell<'_> {
    /// What the child need not make, handed to `then` (a reference to the node's own when nothing is added).
    #[inline]
    pub fn told<R>(&self, rules: &Rules<'_>, then: impl FnOnce(&Told) -> R) -> R {
        if self.going_on {
            then(&rules.continued(self))
        } else {
            then(self.here)
        }
    }

    /// The [`Sight`] of `child`, the node after this step, worked out from the node's.
    ///
    /// A step of the mover's changes the board at its source and its
    /// landing only (on the points; a hit sends the lone checker off them):
    /// the landing is his after it (held, and open), the source his or
    /// left (empty, or with pinning contact to the lone opposing checker
    /// it released: open to him or not by the pins), so those two points
    /// are read again. A checker is away (on his bar or in his pool; his
    /// pinned checkers stay pinned during his turn) after the step as
    /// before it unless the step entered one.
    #[inline(always)]
    pub fn sight(&self, rules: &Rules<'_>, child: &Board) -> Sight {
        let t = rules.t;
        let (_, src, dst) = self.step;
        let held = held_after(self.sight.held, child, src, dst);
        let mut open = self.sight.open;
        let mut away = self.sight.away;
        if src >= MOVER_BAR {
            away = away_from_points(child, t);
        } else if t.contact == Contact::Pin && child.at(src) < 0 {
            open = (open & !(1 << src)) | (u32::from(open_point(child, src, t.contact)) << src);
        }
        // (The mover's pinned checkers stay where they are during his turn,
        // so the highest standing point follows from the held points.)
        let highest = highest_standing(child, t, held);
        Sight {
            held,
            open,
            away,
            highest,
        }
    }
}

/// One sequence the search recorded: where its end is kept, its steps, the dice and pips it used.
///
/// (The end is not copied: each candidate is recorded as its node enters
/// the memo, which keeps the board. A candidate is a third of a node's
/// size, and the search writes each end once instead of twice.)
#[derive(Debug, Clone, Copy)]
pub struct Candidate {
    /// The index of the node after the last step among the memo's keys ([`Memo::key`]).
    pub node: u32,
    /// The steps from the root.
    pub code: Code,
    /// How many dice it used.
    pub used: u8,
    /// The sum of those dice.
    pub pips: u16,
}

/// Weights that fold the marks, the dice left and a record's tag into a board's hash.
const W_MARKS: u64 = 0xD6E8_FEB8_6659_FD93;
/// See [`W_MARKS`].
const W_LEFT: u64 = 0xA076_1D64_78BD_642F;
/// See [`W_MARKS`].
const W_TAG: u64 = 0xE703_7ED1_A0B4_28DB;

/// The hash of a node's key: its board's, with the marks and the dice left folded in.
#[inline]
fn node_hash(node: &Node) -> u64 {
    node.board
        .hash_word()
        .wrapping_add(u64::from(node.marks).wrapping_mul(W_MARKS))
        .wrapping_add(u64::from(node.left.0).wrapping_mul(W_LEFT))
}

/// The buffers of the search, kept from one search to the next (one per thread).
#[derive(Debug, Default)]
struct Buffers {
    /// The nodes entered (also the leaves: see [`Dfs::record`]), in the order they came.
    memo: Memo<Node>,
    /// The (state, dice used or die) recorded, with a hitter rule.
    seen: Memo<(Board, u8)>,
    /// The states of the plays kept (section 4).
    states: FxSet<Board>,
    /// The candidates found.
    found: Vec<Candidate>,
    /// The candidates the play filter kept.
    filtered: Vec<Candidate>,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = RefCell::new(Buffers::default());
}

/// The depth-first search of section 3, recording each candidate the first time it is reached.
struct Dfs<'a, 'b> {
    rules: Rules<'a>,
    all_equal: bool,
    /// Whether nodes of one state and dice can differ by their marks (a hitter rule): then states are recorded apart from nodes.
    apart: bool,
    buffers: &'b mut Buffers,
    found: Vec<Candidate>,
    /// Whether (with [`Rules::drops`]) a sequence using every die has been recorded: then no shorter one is a play (the maximum-use rule), and a barren node need not be recorded.
    whole: &'b Cell<bool>,
}

impl Dfs<'_, '_> {
    /// Play every allowed step from `at` (of [`Sight`] `sight`): record each child, recurse into those not entered before.
    ///
    /// `told`: the steps the parent tells this node it need not make
    /// ([`Told`]). A child with one die left is [`Dfs::one_left`]'s.
    fn expand(&mut self, at: &Node, sight: &Sight, used: u8, code: Code, pips: u16, told: &Told) {
        let (rules, whole) = (self.rules, self.whole);
        rules.children_in(at, sight, told, whole, |child, tell| {
            let code = code | (child.code << (STEP_BITS * u32::from(used)));
            let pips = pips + child.die as u16;
            let node = &child.node;
            match node.left.single() {
                _ if node.left.is_empty() => {
                    self.record(child, code, used + 1, pips);
                }
                Some(die) => self.one_left(child, tell, die, (used + 1, code, pips)),
                None => {
                    if self.record(child, code, used + 1, pips) {
                        let sight = tell.sight(&rules, &node.board);
                        tell.told(&rules, |told| {
                            self.expand(node, &sight, used + 1, code, pips, told);
                        });
                    }
                }
            }
            true
        });
    }

    /// Record `child`, which has one die left, and make its steps: its children are leaves.
    ///
    /// `tell` is the child's parent's ([`Tell`]), `die` the die left and
    /// `(used, code, pips)` the child's sequence. The child's steps are
    /// worked out before it is recorded (the steps its board allows for
    /// `die`, less those it is told to skip: [`Rules::skip_of`]). When there
    /// is none, the child is **barren**: every step it could make leads to
    /// a node entered before it (the steps it skips do, by the proofs of
    /// [`Told`]), so entering it would record nothing and enter nothing; it
    /// is recorded, and not entered.
    ///
    /// Once a sequence using every die is recorded ([`Dfs::whole`]), with
    /// no play filter and no hitter rule ([`Rules::drops`]), no sequence of
    /// fewer dice is a play (the maximum-use rule keeps those of the most
    /// dice, whatever their states), and a barren child is not even
    /// recorded. That changes no play: only a candidate that is never a
    /// play is left out, and the node is left out of the memo. A later step
    /// reaching the same node then finds it new and enters it (it would
    /// have met it and not entered it): its steps lead only to nodes
    /// entered before, so it records nothing but the node itself, again a
    /// sequence of fewer dice. (The sorted search meets no node twice.) And what
    /// the proofs of [`Told`] ask of a node entered before (that every
    /// node after it was entered by the time the search left it) holds of
    /// a barren node left out.
    ///
    /// With swaps, once [`Dfs::whole`] holds, where the skips are deep
    /// ([`Rules::deep`]), no child with one die left is recorded at all,
    /// barren or not: it is never a play, and it is entered each time it
    /// is met. Met again, it makes nothing new: each step it makes then
    /// either was made at its first meeting or was skipped there, its node
    /// entered before (the proofs of [`Told`]); either way that leaf was
    /// recorded, and is met again, recording nothing. So the candidates
    /// are the same, in the same order, less sequences of fewer dice that
    /// are never plays; and the node has been entered, as the proofs of
    /// [`Told`] ask, whenever it was met. (A cost, not a proof, picks the
    /// deep skips: with them such a node is seldom met twice, tabula's 0.25
    /// of 9.5 a position; without them, fevga's and moultezim's a third,
    /// and recording costs less than entering again.)
    #[inline(always)]
    fn one_left(&mut self, child: &Child, tell: &Tell<'_>, die: usize, seq: (u8, Code, u16)) {
        let (used, code, pips) = seq;
        let rules = self.rules;
        let node = &child.node;
        if !rules.swaps {
            // (Without swaps a node is often met again, and is barren only
            // where its board allows no step: recorded first.)
            if self.record(child, code, used, pips) {
                let sight = tell.sight(&rules, &node.board);
                let free = tell.here.free || rules.allow_every_step(&node.board);
                let closed = rules.closed_at(&node.board, free);
                let steps = rules.steps_of(&node.board, die, &sight, (0, closed));
                rules.leaves(node, (&sight, &steps), free, |leaf| {
                    let code = code | (leaf.code << (STEP_BITS * u32::from(used)));
                    self.record(leaf, code, used + 1, pips + leaf.die as u16);
                });
            }
            return;
        }
        let sight = tell.sight(&rules, &node.board);
        let skip = rules.skip_of(tell, rules.face_index(die));
        // (A child by a step from a point closes what its parent closes;
        // one by an entry is asked afresh.)
        let closed = rules.closed_at(&node.board, tell.here.free);
        let steps = rules.steps_of(&node.board, die, &sight, (skip, closed));
        if steps.sources & ranked_from(node.rank) == 0 {
            if !self.whole.get() {
                self.record(child, code, used, pips);
            }
            return;
        }
        // (Once a full play is recorded, the child is not recorded where the
        // skips are deep: see above.)
        if (rules.deep && self.whole.get()) || self.record(child, code, used, pips) {
            let free = tell.here.free || rules.allow_every_step(&node.board);
            rules.leaves(node, (&sight, &steps), free, |leaf| {
                let code = code | (leaf.code << (STEP_BITS * u32::from(used)));
                self.record(leaf, code, used + 1, pips + leaf.die as u16);
            });
        }
    }

    /// Record the child when its (state, dice used) is new (per (state, die) for one die of dice not all equal); whether to enter its node.
    ///
    /// A node is entered when it is new. Entered again it would give
    /// nothing new: its steps are those of the first entry, leading to the
    /// same children, all met in that entry (a node is never its own
    /// descendant: each step uses a die). The sorted search meets no node
    /// twice ([`Rules::sorted`]): its nodes are kept without a lookup.
    ///
    /// With no hitter rule every node has no marks, and a node (state,
    /// dice left) is new whenever its (state, dice used or die) is: the dice
    /// left tell the dice used, and the die of a one-die node. So the memo
    /// also records. (With three dice one state may be reached using two
    /// dice in two ways, leaving different dice: it is then recorded twice,
    /// and one play per state keeps the first, so the plays are the same.)
    /// With a hitter rule two nodes of one state may differ by their marks,
    /// and the states recorded are kept apart (a node met before was
    /// recorded then).
    #[inline(always)]
    fn record(&mut self, child: &Child, code: Code, used: u8, pips: u16) -> bool {
        let node = &child.node;
        let new = if self.rules.sorted {
            self.buffers.memo.append(node);
            true
        } else {
            self.buffers.memo.visit(node_hash(node), node)
        };
        let new_state = match new {
            true if self.apart => {
                let tag = if used == 1 && !self.all_equal {
                    16 + child.die as u8
                } else {
                    used
                };
                let hash = node
                    .board
                    .hash_word()
                    .wrapping_add(u64::from(tag).wrapping_mul(W_TAG));
                self.buffers.seen.visit(hash, &(node.board, tag))
            }
            new => new,
        };
        if new_state {
            if self.rules.drops && usize::from(used) == self.rules.t.dice.len() {
                self.whole.set(true);
            }
            self.found.push(Candidate {
                node: (self.buffers.memo.len() - 1) as u32,
                code,
                used,
                pips,
            });
        }
        new
    }
}

/// The legal plays from `start` (validated), in the canonical order: the search, then section 4.
pub fn plays(t: &Table, start: &Board) -> Vec<(Board, Code)> {
    let mut out = Vec::new();
    plays_each(t, start, |end, code| out.push((*end, code)));
    out
}

/// [`plays`], each play handed to `emit` (final board, steps code) in order: nothing allocated per play.
pub fn plays_each(t: &Table, start: &Board, emit: impl FnMut(&Board, Code)) {
    BUFFERS.with(|cell| match cell.try_borrow_mut() {
        Ok(mut buffers) => plays_with(t, start, &mut buffers, emit),
        Err(_) => plays_with(t, start, &mut Buffers::default(), emit),
    })
}

/// [`plays_each`] with these buffers (the table begun at `start`: [`Table::begun`]).
fn plays_with(t: &Table, start: &Board, buffers: &mut Buffers, emit: impl FnMut(&Board, Code)) {
    let begun = t.begun(start);
    let t = &*begun;
    legal_under(Rules::for_plays(t, start), start, buffers, emit);
}

/// The search under `rules` (its table begun at `start`), then section 4: each legal play handed to `emit`.
fn legal_under(
    rules: Rules<'_>,
    start: &Board,
    buffers: &mut Buffers,
    emit: impl FnMut(&Board, Code),
) {
    let found = run(rules, start, buffers);
    let memo = &buffers.memo;
    let end = |c: &Candidate| &memo.key(c.node as usize).board;
    let work = (&mut buffers.states, &mut buffers.filtered);
    after::legal_plays(rules.t, start, (&found, end), work, emit);
    buffers.found = found;
}

/// The most entries a kept buffer may hold room for: a buffer grown by a big search is dropped (memory, and clearing a hash set costs its capacity).
const KEPT_CAPACITY: usize = 4096;
/// The most slots a kept memo may have (emptying one costs nothing: see [`Memo`]).
const KEPT_SLOTS: usize = 1 << 16;

impl Buffers {
    /// Empty the sets for the next search, dropping any grown past [`KEPT_CAPACITY`] or [`KEPT_SLOTS`].
    fn reset(&mut self) {
        if self.states.capacity() > KEPT_CAPACITY {
            self.states = FxSet::default();
        }
        if self.found.capacity() > KEPT_CAPACITY {
            self.found = Vec::new();
        }
        if self.filtered.capacity() > KEPT_CAPACITY {
            self.filtered = Vec::new();
        }
        self.found.clear();
        self.memo.clear(KEPT_SLOTS);
        self.seen.clear(KEPT_SLOTS);
    }
}

/// The search under `rules` with these buffers (reset first).
fn run(rules: Rules<'_>, start: &Board, buffers: &mut Buffers) -> Vec<Candidate> {
    let t = rules.t;
    buffers.reset();
    let root = Node {
        board: *start,
        marks: 0,
        left: DiceLeft::of(&t.dice),
        rank: 0,
    };
    buffers.memo.visit(node_hash(&root), &root);
    let whole = Cell::new(false);
    let mut dfs = Dfs {
        rules,
        all_equal: t.all_equal(),
        apart: t.hitter.is_some(),
        found: std::mem::take(&mut buffers.found),
        buffers,
        whole: &whole,
    };
    dfs.expand(&root, &Sight::of(start, t), 0, 0, 0, &NOTHING_TOLD);
    dfs.found
}

#[cfg(test)]
mod tests {
    //! The shortcuts give exactly the plain search's plays: the sorted search of a double (see [`Rules::sorted`]) and the skipped steps ([`Skip`](crate::shortcuts::Skip)).

    use super::*;
    use crate::state::{OPP_PINNED, PINNED};
    use crate::testing::{XorShift, judged_step};

    thread_local! {
        /// How many children [`Rules::barren_ahead`] told barren (and [`assert_barren`] checked).
        static TOLD_BARREN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
        /// How many of those at a node where the rules are asked (closing landings: [`Rules::closes`]).
        static TOLD_BARREN_ASKED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    /// Check a child told barren ahead: made, its steps for the other die left (less those it skips) are none.
    pub(super) fn assert_barren(
        rules: &Rules<'_>,
        here: &Told,
        (at, sight): (&Node, &Sight),
        step: (usize, usize, usize),
        ahead: Option<(usize, usize)>,
    ) {
        let (i, src, dst) = step;
        let (_, j) = ahead.expect("told barren only where ahead_of holds");
        let die = usize::from(rules.faces[i]);
        let child = rules
            .step(at, die, src, dst, false, (here.free, sight.held))
            .expect("a step told barren is allowed");
        let tell = Tell {
            here,
            at,
            sight,
            going_on: rules.cont,
            step,
        };
        let board = &child.node.board;
        let seen = tell.sight(rules, board);
        let other = usize::from(rules.faces[j]);
        let free = here.free || rules.allow_every_step(board);
        let closed = rules.closed_at(board, free);
        let steps = rules.steps_of(board, other, &seen, (rules.skip_of(&tell, j), closed));
        assert_eq!(steps.sources, 0, "told barren: {at:?} {src}->{dst}");
        TOLD_BARREN.with(|n| n.set(n.get() + 1));
        if !here.free {
            TOLD_BARREN_ASKED.with(|n| n.set(n.get() + 1));
        }
    }

    /// How many children were told barren ahead on this thread so far.
    fn told_barren() -> usize {
        TOLD_BARREN.with(std::cell::Cell::get)
    }

    /// A random legal-looking state: 15 checkers a side over points, bar and off (and pool).
    fn random_state(r: &mut XorShift, pool: bool, pins: bool) -> Vec<i32> {
        let mut s = vec![0i32; 28];
        let mut extra = vec![0i32; if pins || pool { 2 } else { 0 }];
        for side in [1, -1] {
            for _ in 0..15 {
                let p = match r.below(20) {
                    0 => 25 + (side == -1) as usize,
                    1 => 0,
                    2 if pool => 99,
                    _ => 1 + r.below(24) as usize,
                };
                if p == 99 {
                    extra[(side == -1) as usize] += 1;
                } else if p == 0 {
                    s[if side == 1 { 0 } else { 27 }] += 1;
                } else if p >= 25 {
                    s[p] += 1;
                } else if s[p] * side >= 0 {
                    s[p] += side;
                } else {
                    s[0] += i32::from(side == 1);
                    s[27] += i32::from(side == -1);
                }
            }
        }
        s.extend(extra);
        s
    }

    /// A search's plays.
    type Plays = Vec<(Board, Code)>;

    /// The plays of the plain search and of the search with its shortcuts.
    fn both(t: &Table, s: &[i32]) -> (Plays, Plays) {
        let start = Board::from_state(s);
        let begun = t.begun(&start);
        let t = &*begun;
        let mut buffers = Buffers::default();
        let mut plain = Vec::new();
        legal_under(Rules::new(t), &start, &mut buffers, |end, code| {
            plain.push((*end, code))
        });
        let mut fast = Vec::new();
        plays_with(t, &start, &mut buffers, |end, code| fast.push((*end, code)));
        (plain, fast)
    }

    #[test]
    fn sorted_doubles_give_the_plain_searchs_list() {
        let mut r = XorShift(0x2545_F491_4F6C_DD1D);
        let mut compared = 0;
        for i in 0..1500 {
            let contact = r.below(3) as i64;
            let pool = contact != 2 && r.below(3) == 0;
            let size = if contact == 2 || pool { 30 } else { 28 };
            let die = 1 + r.below(6) as i64;
            let n = if r.below(4) == 0 { 3 } else { 4 };
            let zone = if r.below(4) == 0 { 12 } else { 6 };
            let mut ints = vec![1, contact, 1, if pool { 28 } else { 0 }, 0];
            ints.extend([(i % 2) as i64, zone, (i / 2 % 2) as i64, 1, 0, 0, 0]);
            ints.extend([
                if i % 5 == 0 { 1 } else { 0 },
                if i % 5 == 0 { 1 } else { 0 },
            ]);
            ints.extend([size, n]);
            ints.extend(std::iter::repeat_n(die, n as usize));
            ints.push(0);
            let t = Table::decode(&ints).expect("a table");
            let s = random_state(&mut r, pool, contact == 2);
            if crate::state::validate(&t, &s).is_err() {
                continue;
            }
            let (plain, sorted) = both(&t, &s);
            assert_eq!(plain, sorted, "table {ints:?} state {s:?}");
            assert_eq!(met_twice(&t, &s), 0, "table {ints:?} state {s:?}");
            compared += 1;
        }
        assert!(compared > 1000, "{compared}");
    }

    #[test]
    fn a_candidate_is_a_third_of_a_node() {
        // (What `Candidate` says of itself: it keeps its end's index, not the board.)
        assert!(3 * std::mem::size_of::<Candidate>() <= std::mem::size_of::<Node>());
    }

    /// How many of the sorted search's nodes were met before (none: see [`Rules::sorted`]), every node kept without a lookup.
    fn met_twice(t: &Table, s: &[i32]) -> usize {
        let start = Board::from_state(s);
        let rules = Rules::for_plays(t, &start);
        assert!(rules.sorted);
        let mut buffers = Buffers::default();
        run(rules, &start, &mut buffers);
        let memo = &buffers.memo;
        let nodes: std::collections::HashSet<Node> =
            (0..memo.len()).map(|i| *memo.key(i)).collect();
        memo.len() - nodes.len()
    }

    /// Pins on a state of pinning contact: some of the mover's points hold an opposing checker pinned under his, some lone opposing checkers pin one of his.
    fn add_pins(r: &mut XorShift, s: &mut [i32]) {
        for p in 1..25 {
            if s[p] > 0 && r.below(4) == 0 {
                s[OPP_PINNED] |= 1 << p;
            } else if s[p] == -1 && r.below(3) == 0 {
                s[PINNED] |= 1 << p;
            }
        }
    }

    /// The table of `ints` and a random state it accepts (with pins when `pins`), or `None` when it refuses the state drawn.
    fn random_case(
        r: &mut XorShift,
        ints: &[i64],
        pool: bool,
        pins: bool,
    ) -> Option<(Table, Vec<i32>)> {
        let t = Table::decode(ints).expect("a table");
        let mut s = random_state(r, pool, pins);
        if pins {
            add_pins(r, &mut s);
        }
        crate::state::validate(&t, &s).ok()?;
        Some((t, s))
    }

    /// A random list of named step rules as the flat table writes them (their number first).
    fn random_rules(r: &mut XorShift, pool: bool) -> Vec<i64> {
        let mut out = vec![0];
        let quarter = 0x3F << 19;
        for code in 1..=9 {
            if r.below(5) != 0 || (code == 4 && !pool) || code == 6 && r.below(4) != 0 {
                continue;
            }
            out[0] += 1;
            out.push(code);
            match code {
                1 => out.extend([24, r.below(16) as i64 - 1]),
                2 => out.push(1 + r.below(3) as i64),
                3 => out.extend([1 + r.below(2) as i64, r.below(1 << 25) as i64]),
                7 => out.push(15),
                8 => out.extend([quarter, 3 + r.below(3) as i64]),
                9 => {
                    let mode = r.below(3) as i64;
                    let doubles = if mode == 0 { 2 * r.below(64) as i64 } else { 0 };
                    out.extend([24, 15, r.below(7) as i64, doubles, mode]);
                }
                _ => {}
            }
        }
        out
    }

    /// Random dice moves: two distinct dice, three (as tabula's), a double, or a few equal ones.
    fn random_dice(r: &mut XorShift) -> Vec<i64> {
        let kind = r.below(4);
        let mut die = || 1 + r.below(6) as i64;
        match kind {
            0 => vec![die(); 4],
            1 => vec![die(), die(), die()],
            _ => {
                let (a, b) = (die(), die());
                if a == b {
                    vec![a; 4]
                } else {
                    vec![a.max(b), a.min(b)]
                }
            }
        }
    }

    #[test]
    fn a_rule_that_allows_every_step_from_a_board_allows_each() {
        // Tabula's waiting rule in both modes, and acey-deucey's pool
        // first, on random boards with a pool: where a rule says it allows
        // every step from the board, it allows each step the board has,
        // and every step from the board after it.
        let mut r = XorShift(0x8CB9_2BA7_2F3D_8DD7);
        let (mut free, mut steps) = (0, 0);
        for i in 0..3000 {
            let rule: &[i64] = [&[1, 3, 1, 8191][..], &[1, 3, 2, 8191], &[1, 4]][i % 3];
            let mut ints = vec![
                1,
                0,
                1,
                28,
                0,
                r.below(2) as i64,
                6,
                0,
                1,
                0,
                0,
                0,
                0,
                0,
                30,
            ];
            let dice = three_dice(&mut r, false);
            ints.push(dice.len() as i64);
            ints.extend(&dice);
            ints.extend(rule);
            let t = Table::decode(&ints).expect("a table");
            let s = random_state(&mut r, true, false);
            if crate::state::validate(&t, &s).is_err() {
                continue;
            }
            let before = Board::from_state(&s);
            if !t.rules[0].allows_every_step(&before, t.pool) {
                continue;
            }
            free += 1;
            let sight = Sight::of(&before, &t);
            for &die in &t.dice {
                let die = usize::from(die);
                for (src, dst) in single_steps(&before, die, &t, &sight, 0).iter(u32::MAX) {
                    let (after, allowed) = judged_step(&t.rules[0], &before, (src, dst), &t);
                    assert!(allowed, "{ints:?} {s:?} {src} {dst}");
                    // And it still allows every step after it (a child is told so: Told::free).
                    assert!(
                        t.rules[0].allows_every_step(&after, t.pool),
                        "{ints:?} {s:?} {src} {dst}"
                    );
                    steps += 1;
                }
            }
        }
        assert!(free > 500 && steps > 5000, "{free} {steps}");
    }

    /// The candidates of one search, comparable: end, steps, dice used, pips.
    fn candidates(rules: Rules<'_>, start: &Board) -> Vec<(Board, Code, u8, u16)> {
        let mut buffers = Buffers::default();
        let found = run(rules, start, &mut buffers);
        found
            .iter()
            .map(|c| {
                (
                    buffers.memo.key(c.node as usize).board,
                    c.code,
                    c.used,
                    c.pips,
                )
            })
            .collect()
    }

    /// Three random dice (tabula's: distinct, a pair and one, or a triple), or two for `two`.
    fn three_dice(r: &mut XorShift, two: bool) -> Vec<i64> {
        let n = if two { 2 } else { 3 };
        let mut dice: Vec<i64> = (0..n).map(|_| 1 + r.below(6) as i64).collect();
        dice.sort_unstable_by(|a, b| b.cmp(a));
        if two && dice[0] == dice[1] {
            dice.extend([dice[0], dice[0]]);
        }
        dice
    }

    #[test]
    fn a_childs_sight_is_its_boards() {
        // Every contact, with and without a pool (hit to the bar or the
        // pool), the bar first or not: the sight a child is given
        // (worked out from its parent's and the step) is the one its board
        // has, for every child of random boards.
        let mut r = XorShift(0x94D0_49BB_1331_11EB);
        let (mut children, mut entries) = (0, 0);
        for _ in 0..4000 {
            let contact = r.below(3) as i64;
            let pool = contact != 2 && r.below(2) == 0;
            let size = if contact == 2 || pool { 30 } else { 28 };
            let hit_to_pool = i64::from(pool && r.below(2) == 0);
            let mut ints = vec![1, contact, 1, if pool { 28 } else { 0 }];
            ints.extend([hit_to_pool, r.below(2) as i64, 6, 1, 1, 0, 0, 0, 0, 0, size]);
            let dice = random_dice(&mut r);
            ints.push(dice.len() as i64);
            ints.extend(&dice);
            ints.push(0);
            let t = Table::decode(&ints).expect("a table");
            let mut s = random_state(&mut r, pool, contact == 2);
            if contact == 2 {
                add_pins(&mut r, &mut s);
                // (Now and then pins no game makes, under the mover's own
                // checkers: the search must still see the board as it is.)
                if r.below(2) == 0 {
                    s[PINNED] |= (r.below(1 << 24) as i32) << 1;
                }
            }
            if crate::state::validate(&t, &s).is_err() {
                continue;
            }
            let root = Node {
                board: Board::from_state(&s),
                marks: 0,
                left: DiceLeft::of(&t.dice),
                rank: 0,
            };
            let rules = Rules::new(&t);
            rules.children(&root, &NOTHING_TOLD, |child, tell| {
                let board = &child.node.board;
                assert_eq!(
                    tell.sight(&rules, board),
                    Sight::of(board, &t),
                    "{ints:?} {s:?} {:?}",
                    tell.step
                );
                children += 1;
                entries += usize::from(tell.step.1 >= MOVER_BAR);
                true
            });
        }
        assert!(children > 20_000 && entries > 2000, "{children} {entries}");
    }

    #[test]
    fn single_names_the_one_die_left() {
        // Every multiset of up to four dice: `single` gives the die exactly
        // when one is left (a pair of one face is not one die).
        let mut sets: Vec<Vec<u8>> = vec![vec![]];
        for _ in 0..4 {
            let longer: Vec<Vec<u8>> = sets
                .iter()
                .flat_map(|s| (1..=6).map(move |d| [s.clone(), vec![d]].concat()))
                .collect();
            sets.extend(longer);
        }
        for dice in &sets {
            let left = DiceLeft::of(dice);
            let expected = (dice.len() == 1).then(|| usize::from(dice[0]));
            assert_eq!(left.single(), expected, "{dice:?}");
            assert_eq!(left.count(), dice.len(), "{dice:?}");
        }
    }

    #[test]
    fn continuations_give_the_plain_searchs_list() {
        // The built-in tables (fields before the dice, and the step rules
        // after them) of tabula (both waiting modes), backgammon, plakoto
        // (pinning) and fevga (blocking, no hit, two step rules).
        let tabula = [1, 0, 1, 28, 0, 1, 6, 0, 1, 0, 0, 0, 0, 0, 30];
        let tables: [(&[i64], &[i64], i64); 5] = [
            (&tabula, &[1, 3, 1, 8191], 1),
            (&tabula, &[1, 3, 2, 8191], 1),
            (&[1, 0, 1, 0, 0, 1, 6, 1, 1, 0, 0, 0, 0, 0, 28], &[0], 0),
            (&[1, 2, 1, 0, 0, 1, 6, 1, 1, 0, 0, 0, 0, 0, 30], &[0], 2),
            (
                &[1, 1, 1, 0, 0, 1, 6, 1, 1, 0, 0, 0, 0, 0, 28],
                &[2, 7, 15, 8, 33_030_144, 5],
                0,
            ),
        ];
        let mut r = XorShift(0xD1B5_4A32_D192_ED03);
        let (mut compared, mut going_on, mut dropping) = ([0usize; 5], [0usize; 5], [0usize; 5]);
        let mut ahead = [0usize; 5];
        let asked = TOLD_BARREN_ASKED.with(std::cell::Cell::get);
        for i in 0..20_000 {
            let k = i % tables.len();
            let (head, rules, kind) = tables[k];
            let mut ints = head.to_vec();
            // The options the core serves besides: the bar first or not,
            // a larger die bearing off or not.
            ints[5] = r.below(2) as i64;
            ints[7] = r.below(2) as i64;
            let two = k >= 2 && r.below(2) == 0;
            let dice = three_dice(&mut r, two);
            ints.push(dice.len() as i64);
            ints.extend(&dice);
            ints.extend(rules);
            let t = Table::decode(&ints).expect("a table");
            let mut s = random_state(&mut r, kind == 1, kind == 2);
            if kind == 2 {
                add_pins(&mut r, &mut s);
            }
            if crate::state::validate(&t, &s).is_err() {
                continue;
            }
            let start = Board::from_state(&s);
            let fast = Rules::for_plays(&t, &start);
            // (Not dropping barren nodes: the candidates of one search
            // then name every node it recorded, comparable.)
            let kept = Rules {
                drops: false,
                ..fast
            };
            let without = Rules {
                cont: false,
                ..kept
            };
            // The same candidates, in the same order, as the search
            // without the continuations; the same plays as the plain one.
            let recorded = candidates(kept, &start);
            assert_eq!(
                recorded,
                candidates(without, &start),
                "table {ints:?} state {s:?}"
            );
            // (And the search that drops barren nodes records fewer.)
            dropping[k] += usize::from(candidates(fast, &start).len() < recorded.len());
            let before = told_barren();
            let (plain_plays, fast_plays) = both(&t, &s);
            assert_eq!(plain_plays, fast_plays, "table {ints:?} state {s:?}");
            ahead[k] += usize::from(told_barren() > before);
            compared[k] += 1;
            going_on[k] += usize::from(fast.cont);
        }
        for k in 0..tables.len() {
            assert!(compared[k] > 3000, "{k}: {compared:?}");
            assert!(going_on[k] > compared[k] / 2, "{k}: {going_on:?}");
            assert!(
                dropping[k] > compared[k] / 4,
                "{k}: {dropping:?} {compared:?}"
            );
        }
        // Children told barren ahead, each checked barren when made
        // ([`assert_barren`]): in tabula's, backgammon's and plakoto's
        // searches (not fevga's, whose skips are not deep).
        for k in 0..4 {
            assert!(ahead[k] > compared[k] / 4, "{k}: {ahead:?} {compared:?}");
        }
        // (Some in tabula's where a checker waits: the rules asked, the
        // landings they close left unmade.)
        let asked = TOLD_BARREN_ASKED.with(std::cell::Cell::get) - asked;
        assert!(asked > 100, "{asked}");
    }

    #[test]
    fn skipped_steps_give_the_plain_searchs_list() {
        let mut r = XorShift(0x9E37_79B9_7F4A_7C15);
        let (mut compared, mut swapping) = (0, 0);
        for _ in 0..6000 {
            let contact = r.below(3) as i64;
            let pool = contact != 2 && r.below(2) == 0;
            let size = if contact == 2 || pool { 30 } else { 28 };
            let hit_to_pool = i64::from(pool && r.below(2) == 0);
            let hitter = if r.below(8) == 0 { (1, 6) } else { (0, 0) };
            let zone = [6, 6, 12, 24][r.below(4) as usize];
            let mut ints = vec![
                1,
                contact,
                i64::from(r.below(4) != 0),
                if pool { 28 } else { 0 },
            ];
            ints.extend([hit_to_pool, r.below(2) as i64, zone, r.below(2) as i64]);
            ints.extend([r.below(2) as i64, 0, hitter.0, hitter.1, 0, 0, size]);
            let dice = random_dice(&mut r);
            ints.push(dice.len() as i64);
            ints.extend(&dice);
            ints.extend(random_rules(&mut r, pool));
            let Some((t, s)) = random_case(&mut r, &ints, pool, contact == 2) else {
                continue;
            };
            let (plain, fast) = both(&t, &s);
            assert_eq!(plain, fast, "table {ints:?} state {s:?}");
            let states: FxSet<Board> = fast.iter().map(|(end, _)| *end).collect();
            assert_eq!(states.len(), fast.len(), "one play a state: {ints:?} {s:?}");
            compared += 1;
            let start = Board::from_state(&s);
            swapping += usize::from(Rules::for_plays(&t.begun(&start), &start).swaps);
        }
        assert!(compared > 4000 && swapping > 2000, "{compared} {swapping}");
    }

    /// The plays of the plain search (no shortcut) under every rule of the turn, none left out ([`Table::begun_keeping`]).
    fn plain_keeping_every_rule(t: &Table, start: &Board) -> Plays {
        let whole = t.begun_keeping(start, true);
        let mut plain = Vec::new();
        legal_under(
            Rules::new(&whole),
            start,
            &mut Buffers::default(),
            |end, code| plain.push((*end, code)),
        );
        plain
    }

    #[test]
    fn leaving_out_the_rules_that_refuse_nothing_gives_the_plain_searchs_list() {
        // Random tables with random step rules (the head limit among them),
        // random boards: the plays with the turn's inert rules left out
        // (`plays`, through `Table::begun`) are those of the plain search
        // under every rule, in order; and rules are often left out.
        let mut r = XorShift(0xBF58_476D_1CE4_E5B9);
        let (mut compared, mut fewer, mut none_left) = (0, 0, 0);
        for _ in 0..6000 {
            let contact = r.below(3) as i64;
            let pool = contact != 2 && r.below(2) == 0;
            let size = if contact == 2 || pool { 30 } else { 28 };
            let hit_to_pool = i64::from(pool && r.below(2) == 0);
            let zone = [6, 6, 12, 24][r.below(4) as usize];
            let mut ints = vec![1, contact, 1, if pool { 28 } else { 0 }];
            ints.extend([hit_to_pool, r.below(2) as i64, zone, r.below(2) as i64]);
            ints.extend([r.below(2) as i64, 0, 0, 0, 0, 0, size]);
            let dice = random_dice(&mut r);
            ints.push(dice.len() as i64);
            ints.extend(&dice);
            let mut rules = random_rules(&mut r, pool);
            if r.below(4) == 0 {
                // (And MaxHeldAlways, which `random_rules` leaves out.)
                rules[0] += 1;
                rules.extend([10, [0x3F << 19, 0x3F << 7][r.below(2) as usize]]);
                rules.push(3 + r.below(3) as i64);
            }
            if rules[0] == 0 {
                continue;
            }
            ints.extend(rules);
            let Some((t, s)) = random_case(&mut r, &ints, pool, contact == 2) else {
                continue;
            };
            let start = Board::from_state(&s);
            assert_eq!(
                plays(&t, &start),
                plain_keeping_every_rule(&t, &start),
                "table {ints:?} state {s:?}"
            );
            compared += 1;
            let (whole, begun) = (t.begun_keeping(&start, true), t.begun(&start));
            fewer += usize::from(begun.rules.len() < whole.rules.len());
            none_left += usize::from(begun.rules.is_empty());
        }
        assert!(
            compared > 3000 && fewer > compared / 3 && none_left > compared / 10,
            "{compared} {fewer} {none_left}"
        );
    }
}
