//! How checkers move: entering from the bar and the pool, open points, the bear-off.

use crate::state::{Board, Contact, FROM_POOL, MOVER_BAR, MOVER_OFF, PINNED, POINTS, open_points};
use crate::table::Table;

/// The bear-off rule.
///
/// A checker of the mover's is borne off only when none of his is on the
/// bar, in the pool, pinned, or on the board outside his `zone` (points
/// `1..zone`). Then a die equal to a checker's point bears it off; a larger
/// die bears it off only when `larger` and no checker of his stands on a
/// higher point of the zone. With `pinned_home` a pinned checker of his is
/// not away: it stands on its point, home when that point is in the zone
/// (and higher than a checker below it), outside it otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BearOff {
    /// The highest point of the zone the checkers must all be in (1..24).
    pub zone: u8,
    /// Whether a die larger than the checker's point bears it off.
    pub larger: bool,
    /// Whether a pinned checker of the mover's stands on its point (else it stops the bear-off wherever it lies).
    pub pinned_home: bool,
}

impl BearOff {
    /// Whether a step from `src` that would end at `src - die <= 0` bears off.
    ///
    /// `highest` is the highest point where a checker of the mover's stands
    /// ([`standing_points`]; `src` holds one, so it is at least `src`) and
    /// `away` whether one of his is on the bar, in the pool or pinned
    /// ([`away_from_points`]). All
    /// his checkers are home exactly when none is away and `highest` lies in
    /// the zone; then a checker stands on a higher point of the zone exactly
    /// when `highest` is above `src`.
    #[inline]
    pub fn allows(&self, src: usize, die: usize, highest: usize, away: bool) -> bool {
        if away || highest > usize::from(self.zone) {
            return false;
        }
        src == die || (self.larger && highest == src)
    }
}

/// Whether a checker of the mover's is on his bar, in his pool, or pinned (unless the bear-off counts it on its point): not on his points, so not home.
#[inline]
pub fn away_from_points(b: &Board, t: &Table) -> bool {
    b.at(MOVER_BAR) > 0
        || b.pool(t.pool) > 0
        || (t.contact == Contact::Pin && !t.bear_off.pinned_home && b.at(PINNED) != 0)
}

/// The points where a checker of the mover's stands for the bear-off (bit p): `held`, and his pinned checkers' points when the bear-off counts them there.
#[inline]
pub fn standing_points(b: &Board, t: &Table, held: u32) -> u32 {
    if t.contact == Contact::Pin && t.bear_off.pinned_home {
        held | b.at(PINNED) as u32
    } else {
        held
    }
}

/// Where a checker entering with `die` lands: the mover's point `25 - die`.
#[inline]
pub fn entry_point(die: usize) -> usize {
    MOVER_BAR - die
}

/// The bar first: while the mover has a checker on his bar (and the variant puts the bar first), only entries from the bar are allowed.
#[inline]
pub fn bar_first(b: &Board, t: &Table) -> bool {
    t.bar_first && b.at(MOVER_BAR) > 0
}

/// Entering from the pool: the variant has a pool, a checker is in it, and the bar does not come first.
#[inline]
pub fn may_enter_from_pool(b: &Board, t: &Table) -> bool {
    t.pool != 0 && b.at(t.pool) > 0 && !bar_first(b, t)
}

/// The steps the board allows for one die, as their sources; [`SingleSteps::iter`] gives them `(src, dst)` in the search's order.
///
/// A step of one die is told by its source alone: an entry lands on the
/// die's entry point, a point above the die moves `die` points down, one at
/// or below it bears off.
#[derive(Debug, Clone, Copy)]
pub struct SingleSteps {
    /// The sources (bit `src`: 25 the bar, 26 the pool, 1..24 the points).
    pub sources: u32,
    /// The die.
    pub die: usize,
    /// The sources of the steps the board allows but the caller's `skip` left out (bit `src`).
    pub skipped: u32,
}

/// The points (bit p) from which a step of `die` lands on one of `landings` (bit p; bit 0 off).
///
/// A step from point `p` lands on `p - die`, or off from `1..=die` (where
/// the bear-off allows it: the caller's steps say which do).
#[inline]
pub fn sources_landing_on(landings: u32, die: usize) -> u32 {
    let onto = (landings & POINTS) << die;
    let off = if landings & 1 == 1 { (2 << die) - 1 } else { 0 };
    (onto | off) & POINTS
}

/// The sources of the entries (the bar and the pool) in a [`SingleSteps`] mask.
const ENTRIES: u32 = (1 << MOVER_BAR) | (1 << FROM_POOL);

impl SingleSteps {
    /// The steps whose sources are also in `keep`, in order: the bar entry, the pool entry, then the points from the highest down (the moves, then the bear-offs).
    #[inline]
    pub fn iter(&self, keep: u32) -> Steps {
        let sources = self.sources & keep;
        Steps {
            entries: sources & ENTRIES,
            points: sources & !ENTRIES,
            die: self.die,
        }
    }
}

/// The steps of a [`SingleSteps`], in order.
#[derive(Debug, Clone, Copy)]
pub struct Steps {
    /// The entries left (bit 25 the bar, 26 the pool): the bar's first.
    entries: u32,
    /// The points left, taken from the highest down.
    points: u32,
    /// The die.
    die: usize,
}

impl Iterator for Steps {
    type Item = (usize, usize);

    #[inline]
    fn next(&mut self) -> Option<(usize, usize)> {
        if self.entries != 0 {
            let src = self.entries.trailing_zeros() as usize;
            self.entries &= self.entries - 1;
            return Some((src, entry_point(self.die)));
        }
        if self.points == 0 {
            return None;
        }
        let src = highest_bit(self.points);
        self.points &= !(1 << src);
        let dst = if src > self.die {
            src - self.die
        } else {
            MOVER_OFF
        };
        Some((src, dst))
    }
}

/// What the steps of one node need to know of its board, worked out once for all its dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sight {
    /// The points holding a checker of the mover's (bit p).
    pub held: u32,
    /// The open points ([`open_points`]).
    pub open: u32,
    /// Whether a checker of the mover's is away from his points ([`away_from_points`]).
    pub away: bool,
    /// The highest point where a checker of the mover's stands for the bear-off ([`standing_points`]; 0 for none).
    pub highest: usize,
}

impl Sight {
    /// The sight of board `b` under `t`.
    #[inline]
    pub fn of(b: &Board, t: &Table) -> Sight {
        let held = b.held_points();
        Sight {
            held,
            open: open_points(b, t.contact),
            away: away_from_points(b, t),
            highest: highest_standing(b, t, held),
        }
    }
}

/// The highest point where a checker of the mover's stands for the bear-off ([`standing_points`] of `b`, `held` its held points); 0 for none.
#[inline]
pub fn highest_standing(b: &Board, t: &Table, held: u32) -> usize {
    let standing = standing_points(b, t, held);
    if standing == 0 {
        0
    } else {
        highest_bit(standing)
    }
}

/// The steps the board allows for `die`, in order: the bar entry (nothing else while the bar comes first), the pool entry, then every point from 24 down to 1 holding a free checker of the mover's.
///
/// Each moves onto an open point, or past the 1-point when the bear-off
/// allows it; `sight` is the board's [`Sight`]. A point above `die` can only
/// move, one at or below it only bear off, so the moves (from the highest
/// point down) come before the bear-offs (from the highest down): the
/// points from the highest down. A step whose source is in `skip` (bit
/// `src`: 25 the bar, 26 the pool) is left out, and its source noted in
/// [`SingleSteps::skipped`].
pub fn single_steps(b: &Board, die: usize, t: &Table, sight: &Sight, skip: u32) -> SingleSteps {
    let mut sources = 0;
    let entry_open = (sight.open >> entry_point(die)) & 1 == 1;
    if t.enters && b.at(MOVER_BAR) > 0 {
        sources |= u32::from(entry_open) << MOVER_BAR;
        if bar_first(b, t) {
            return SingleSteps {
                sources: sources & !skip,
                die,
                skipped: sources & skip,
            };
        }
    }
    if entry_open && may_enter_from_pool(b, t) {
        sources |= 1 << FROM_POOL;
    }
    let at_most_die = (2u32 << die) - 1;
    sources |= sight.held & (sight.open << die) & !at_most_die;
    let mut leaving = sight.held & at_most_die;
    if leaving != 0 {
        while leaving != 0 {
            let src = highest_bit(leaving);
            if t.bear_off.allows(src, die, sight.highest, sight.away) {
                sources |= 1 << src;
            }
            leaving &= !(1 << src);
        }
    }
    SingleSteps {
        sources: sources & !skip,
        die,
        skipped: sources & skip,
    }
}

/// The highest bit set of a non-zero mask.
#[inline]
pub fn highest_bit(mask: u32) -> usize {
    31 - mask.leading_zeros() as usize
}

/// What a turn's start tells of the whole turn, for the rules to judge whether they can refuse any step of it ([`StepRule::inert`](crate::rules::steps::StepRule::inert)): worked out once for all the table's rules.
#[derive(Debug, Clone, Copy)]
pub struct TurnStart<'a> {
    /// The board at the turn's start.
    pub board: &'a Board,
    /// The turn's table (its contact, dice and pool).
    pub t: &'a Table,
    /// The points the mover holds at the start (bit p).
    pub held: u32,
    /// The points open to him at the start ([`open_points`]).
    pub open: u32,
    /// The points he does not hold at the start that a step of the turn may land on, or more ([`TurnStart::of`]).
    pub gainable: u32,
}

impl<'a> TurnStart<'a> {
    /// The turn from `board` under `t`.
    ///
    /// The points closed at the start stay closed all turn: the opponent
    /// moves nothing, and a step takes an opposing checker off a point only
    /// where it is lone and free (a hit or a pin), and puts one on a point
    /// only by a release (a lone free one, open). Checkers only move down
    /// (an entry lands on 24 or below), none of the mover's is hit, and his
    /// bar and pool only empty: every step leaves from at most his highest
    /// point at the start, or from the bar or the pool only while one waited
    /// there at the start. So the `gainable` points are the open ones he
    /// does not hold below his highest checker (any, while one is on his bar
    /// or in his pool), and each point he holds on a board of the turn he
    /// held at the start, or a step landed on it and it is gainable.
    pub fn of(board: &'a Board, t: &'a Table) -> TurnStart<'a> {
        let held = board.held_points();
        let open = open_points(board, t.contact);
        let top = if board.at(MOVER_BAR) > 0 || board.pool(t.pool) > 0 {
            MOVER_BAR
        } else if held == 0 {
            0
        } else {
            highest_bit(held)
        };
        TurnStart {
            board,
            t,
            held,
            open,
            gainable: open & !held & ((1 << top) - 1) & POINTS,
        }
    }

    /// The most steps of the turn: its dice (each step lands on one point at most).
    pub fn steps(&self) -> u32 {
        self.t.dice.len() as u32
    }

    /// How many of the turn's dice (counted with repeats) may move a checker from `point` during it, or more: those whose landing is off the board or a point open at the start (closed points stay closed: [`TurnStart::of`]).
    pub fn dice_leaving(&self, point: usize) -> u32 {
        let leaves = |&&d: &&u8| {
            let d = usize::from(d);
            d >= point || (self.open >> (point - d)) & 1 == 1
        };
        self.t.dice.iter().filter(leaves).count() as u32
    }
}
