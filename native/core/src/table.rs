//! The rules of one search as data (spec section 2), and their flat form (section 6).

use crate::error::TableError;
use crate::rules::filters::Filter;
use crate::rules::head::{Exception, HeadLimit};
use crate::rules::hitter::{Hitter, HitterKind};
use crate::rules::movement::{BearOff, TurnStart};
use crate::rules::six_block::SixBlockOption;
use crate::rules::steps::{StepRule, WaitMode};
use crate::state::{BASE_SIZE, Board, Contact, HEAD, MAX_STATE, PINNED};
use std::borrow::Cow;

/// The version of the flat table this core reads.
pub const VERSION: i64 = 1;
/// The most dice moves one search takes (a k-move segment has up to k).
pub const MAX_DICE: usize = 8;
/// The most named step rules one table holds.
pub const MAX_RULES: usize = 16;

/// The decoded rules of one search: the movement, the dice, the named rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Whether a lone opposing checker is hit, blocks, or is pinned.
    pub contact: Contact,
    /// Whether checkers on the bar enter with the dice (else they wait: Kush).
    pub enters: bool,
    /// The state index of the mover's pool count, 0 for none.
    pub pool: usize,
    /// Whether a hit checker goes to its owner's pool (else his bar).
    pub hit_to_pool: bool,
    /// Whether, while the mover has a checker on his bar, only bar entries are allowed.
    pub bar_first: bool,
    /// The bear-off rule.
    pub bear_off: BearOff,
    /// The higher-die part of the maximum-use rule.
    pub must_play_higher: bool,
    /// Kush's return from the bar on a double.
    pub returns: bool,
    /// What a checker that hit may do for the rest of the turn, if anything is said.
    pub hitter: Option<Hitter>,
    /// The whole-play filter, if any.
    pub filter: Option<Filter>,
    /// The state's size: 28 and two ints per extra field.
    pub size: usize,
    /// The dice moves of this segment, in the order the variant gives them.
    pub dice: Vec<u8>,
    /// The named step rules, judged in this order after each step.
    pub rules: Vec<StepRule>,
    /// The head rule with its limit read from the turn's start (at most one), which
    /// [`Table::begun`] turns into a `Floor` among [`Table::rules`].
    pub head: Option<HeadLimit>,
}

/// Reads the flat table field by field, naming each as it goes.
struct Reader<'a> {
    ints: &'a [i64],
    at: usize,
}

impl Reader<'_> {
    /// The next field, which must lie in `lo..=hi` (`allowed` says so in words).
    fn field(
        &mut self,
        name: &'static str,
        lo: i64,
        hi: i64,
        allowed: &'static str,
    ) -> Result<i64, TableError> {
        let index = self.at;
        let value = *self
            .ints
            .get(index)
            .ok_or(TableError::Short { index, name })?;
        self.at += 1;
        if value < lo || value > hi {
            return Err(TableError::Field {
                index,
                name,
                value,
                allowed,
            });
        }
        Ok(value)
    }

    /// The next field as a flag (0 or 1).
    fn flag(&mut self, name: &'static str) -> Result<bool, TableError> {
        Ok(self.field(name, 0, 1, "0 or 1")? == 1)
    }

    /// A refusal of the field just read.
    fn refuse(&self, name: &'static str, allowed: &'static str) -> TableError {
        let index = self.at.saturating_sub(1);
        let value = self.ints.get(index).copied().unwrap_or(0);
        TableError::Field {
            index,
            name,
            value,
            allowed,
        }
    }
}

/// Points 1..24 as a bitmask (bit p for point p).
const POINTS_MASK: i64 = ((1 << 25) - 1) & !1;
/// A step's landing codes as a bitmask: off (bit 0) and points 1..24.
const LANDINGS_MASK: i64 = (1 << 25) - 1;

impl Table {
    /// Decode the flat table of spec section 6, refusing any field out of its range.
    pub fn decode(ints: &[i64]) -> Result<Table, TableError> {
        let mut r = Reader { ints, at: 0 };
        r.field("version", VERSION, VERSION, "1")?;
        let contact = match r.field("contact", 0, 2, "0 (hit), 1 (block) or 2 (pin)")? {
            0 => Contact::Hit,
            1 => Contact::Block,
            _ => Contact::Pin,
        };
        let enters = r.flag("enters")?;
        let pool = r.field("pool", 0, MAX_STATE as i64, "0 or a state index")? as usize;
        let hit_to_pool = r.flag("hit_to_pool")?;
        let bar_first = r.flag("bar_first")?;
        let zone = r.field("bear_zone", 1, 24, "1..24")? as u8;
        let bear = r.field(
            "bear_larger",
            0,
            3,
            "0..3 (bit 0: a larger die bears off; bit 1: a pinned checker stands on its point)",
        )?;
        let must_play_higher = r.flag("must_play_higher")?;
        let returns = r.flag("returns")?;
        let hitter = decode_hitter(&mut r)?;
        let filter = decode_filter(&mut r)?;
        let size = decode_size(&mut r, contact, pool)?;
        if hit_to_pool && pool == 0 {
            return Err(TableError::Field {
                index: 4,
                name: "hit_to_pool",
                value: 1,
                allowed: "0 with no pool",
            });
        }
        let dice = decode_dice(&mut r)?;
        let (rules, head) = decode_rules(&mut r)?;
        if r.at != ints.len() {
            return Err(TableError::Trailing {
                expected: r.at,
                got: ints.len(),
            });
        }
        Ok(Table {
            contact,
            enters,
            pool,
            hit_to_pool,
            bar_first,
            bear_off: BearOff {
                zone,
                larger: bear & 1 == 1,
                pinned_home: bear & 2 == 2,
            },
            must_play_higher,
            returns,
            hitter,
            filter,
            size,
            dice,
            rules,
            head,
        })
    }

    /// The table of the turn from `start`: the rules of the turn, less those that cannot refuse a step of it.
    ///
    /// A rule that reads the turn's start (the head limit) is made the floor
    /// it is there ([`HeadLimit::floor`]); then every step rule that refuses
    /// no step of any sequence of the turn's dice from `start`
    /// ([`StepRule::inert`]) is left out, the floor too. The plays are the
    /// same (a step is allowed when every rule allows it, and those left out
    /// allow all), and with fewer rules the search takes more shortcuts.
    /// Borrowed as it is when nothing changes. The search of all plays
    /// begins it at its start; [`reaching`](crate::reach::reaching) at the
    /// node it is given (which must then be the turn's start, or the table
    /// already begun: a rule refusing nothing from the turn's start refuses
    /// nothing from a node of it, whose steps are some of the turn's).
    #[inline]
    pub fn begun(&self, start: &Board) -> Cow<'_, Table> {
        // (No rule to make a floor of, none that may be left out: see `inert_rules`.)
        if self.head.is_none() && self.rules.iter().all(|rule| rule.may_allow_every_step()) {
            return Cow::Borrowed(self);
        }
        self.begun_keeping(start, false)
    }

    /// [`Table::begun`], keeping every rule when `keep` (the head limit still made its floor): the search without the rules left out, to compare.
    pub fn begun_keeping(&self, start: &Board, keep: bool) -> Cow<'_, Table> {
        let floor = self.head.map(|head| StepRule::Floor {
            point: head.point,
            least: head.floor(start),
        });
        // (What the turn's start tells is worked out only for a rule that
        // may be left out: see `inert_rules`.)
        let asks = floor.is_some() || self.rules.iter().any(|rule| !rule.may_allow_every_step());
        let (floor, inert) = if asks && !keep {
            let turn = TurnStart::of(start, self);
            (
                floor.filter(|rule| !rule.inert(&turn)),
                self.inert_rules(&turn),
            )
        } else {
            (floor, 0)
        };
        if self.head.is_none() && inert == 0 {
            return Cow::Borrowed(self);
        }
        let mut t = self.clone();
        t.head = None;
        if inert != 0 {
            let mut i = 0;
            t.rules.retain(|_| {
                i += 1;
                (inert >> (i - 1)) & 1 == 0
            });
        }
        t.rules.extend(floor);
        Cow::Owned(t)
    }

    /// The step rules to leave out of the turn, as a mask of their indexes: those that refuse no step of it ([`StepRule::inert`]).
    ///
    /// But not a rule the search already asks nothing of once it allows
    /// every step ([`StepRule::may_allow_every_step`]: `Waiting`,
    /// `PoolFirst`, which let every shortcut through): leaving it out would
    /// gain nothing but, with no rule left, the search of a double in rank
    /// order, which costs more than the skips on those variants (Russian's
    /// 6% more instructions a position).
    fn inert_rules(&self, turn: &TurnStart<'_>) -> u32 {
        self.rules.iter().enumerate().fold(0, |mask, (i, rule)| {
            let left_out = !rule.may_allow_every_step() && rule.inert(turn);
            mask | u32::from(left_out) << i
        })
    }

    /// Whether the dice are all equal (a double, or a k-move segment of one number).
    pub fn all_equal(&self) -> bool {
        self.dice.windows(2).all(|w| w[0] == w[1])
    }
}

/// Fields 10 and 11: the hitter rule's kind and zone.
fn decode_hitter(r: &mut Reader<'_>) -> Result<Option<Hitter>, TableError> {
    let kind = r.field("hitter kind", 0, 2, "0 (none), 1 (stops) or 2 (no-hide)")?;
    let zone = r.field("hitter zone", 0, 24, "1..24, or 0 with no hitter")? as u8;
    let kind = match kind {
        0 if zone == 0 => return Ok(None),
        0 => return Err(r.refuse("hitter zone", "0 with no hitter")),
        1 => HitterKind::Stops,
        _ => HitterKind::NoHide,
    };
    if zone == 0 {
        return Err(r.refuse("hitter zone", "1..24 with a hitter"));
    }
    Ok(Some(Hitter { kind, zone }))
}

/// Fields 12 and 13: the whole-play filter and its six-block option.
fn decode_filter(r: &mut Reader<'_>) -> Result<Option<Filter>, TableError> {
    let kind = r.field(
        "filter",
        0,
        2,
        "0 (none), 1 (SixBlockAtEnd) or 2 (OpenTrap)",
    )?;
    let option = r.field("filter's six-block option", 0, 3, "0..3")?;
    match (kind, option) {
        (0, 0) => Ok(None),
        (2, 0) => Ok(Some(Filter::OpenTrap)),
        (1, 1..=3) => Ok(Some(Filter::SixBlockAtEnd(six_block_option(option)))),
        (1, _) => Err(r.refuse("filter's six-block option", "1..3 with SixBlockAtEnd")),
        _ => Err(r.refuse("filter's six-block option", "0 without SixBlockAtEnd")),
    }
}

/// Field 14: the state's size, which must hold the pins (with pinning contact) and the pool.
fn decode_size(r: &mut Reader<'_>, contact: Contact, pool: usize) -> Result<usize, TableError> {
    let size = r.field(
        "state size",
        BASE_SIZE as i64,
        MAX_STATE as i64,
        "28..36 (at most four extra fields)",
    )? as usize;
    if size % 2 != 0 {
        return Err(r.refuse("state size", "28 plus two ints per extra field"));
    }
    if contact == Contact::Pin && size < PINNED + 2 {
        return Err(r.refuse("state size", "30 or more with pinning contact (the pins)"));
    }
    let on_pins = contact == Contact::Pin && pool == PINNED;
    if pool != 0 && (pool < BASE_SIZE || pool % 2 != 0 || pool + 1 >= size || on_pins) {
        return Err(TableError::Field {
            index: 3,
            name: "pool",
            value: pool as i64,
            allowed: "0 or the even index of an extra field of the state (not the pins)",
        });
    }
    Ok(size)
}

/// Field 15: the number of dice moves, then the dice.
fn decode_dice(r: &mut Reader<'_>) -> Result<Vec<u8>, TableError> {
    let n = r.field("number of dice moves", 1, MAX_DICE as i64, "1..8")?;
    let mut dice = Vec::with_capacity(n as usize);
    for _ in 0..n {
        dice.push(r.field("die", 1, 6, "1..6")? as u8);
    }
    Ok(dice)
}

/// The named step rules: their number, then each code and its parameters; the head limit (code 9) apart.
fn decode_rules(r: &mut Reader<'_>) -> Result<(Vec<StepRule>, Option<HeadLimit>), TableError> {
    let n = r.field("number of step rules", 0, MAX_RULES as i64, "0..16")?;
    let mut rules = Vec::with_capacity(n as usize);
    let mut head = None;
    for _ in 0..n {
        if r.ints.get(r.at) == Some(&HEAD_LIMIT) {
            r.at += 1;
            if head.is_some() {
                return Err(r.refuse("step rule code", "one HeadLimit (9) at most"));
            }
            head = Some(decode_head_limit(r)?);
        } else {
            rules.push(decode_rule(r)?);
        }
    }
    Ok((rules, head))
}

/// The code of the head limit among the named step rules.
const HEAD_LIMIT: i64 = 9;
/// The doubles a head limit's bitmask may name: bits 1..6.
const DOUBLES_MASK: i64 = 0x7E;

/// `HeadLimit(point, checkers, double, doubles, mode)`'s parameters: mode 0 the
/// doubles of the bitmask, 1 any blocked double, 2 the opponent's head only
/// (the two board-reading modes speak of the head at 24 and a bitmask of 0).
fn decode_head_limit(r: &mut Reader<'_>) -> Result<HeadLimit, TableError> {
    let point = r.field("HeadLimit point", 1, 24, "1..24")? as usize;
    let checkers = r.field("HeadLimit checkers", 0, 127, "0..127")? as i32;
    let double = r.field("HeadLimit double", 0, 6, "0 (no double) or 1..6")? as u8;
    let mask = r.field("HeadLimit doubles", 0, DOUBLES_MASK, "a mask of bits 1..6")?;
    if mask & !DOUBLES_MASK != 0 {
        return Err(r.refuse("HeadLimit doubles", "a mask of bits 1..6"));
    }
    let mode = r.field(
        "HeadLimit mode",
        0,
        2,
        "0 (the doubles), 1 (any blocked double) or 2 (head only)",
    )?;
    if mode != 0 && (mask != 0 || point != HEAD) {
        return Err(r.refuse(
            "HeadLimit mode",
            "0 unless the head is 24 and the doubles mask 0",
        ));
    }
    let exception = match mode {
        0 => Exception::Doubles(mask as u8),
        1 => Exception::AnyBlocked,
        _ => Exception::HeadOnly,
    };
    Ok(HeadLimit {
        point,
        checkers,
        double,
        exception,
    })
}

/// One named step rule: its code, then its parameters.
fn decode_rule(r: &mut Reader<'_>) -> Result<StepRule, TableError> {
    let code = r.field("step rule code", 1, 10, "1..10")?;
    Ok(match code {
        1 => StepRule::Floor {
            point: r.field("Floor point", 1, 24, "1..24")? as usize,
            least: r.field("Floor least", -128, 127, "-128..127")? as i32,
        },
        2 => StepRule::SixBlockStep(six_block_option(r.field(
            "SixBlockStep option",
            1,
            3,
            "1..3",
        )?)),
        3 => StepRule::Waiting {
            mode: match r.field("Waiting mode", 1, 2, "1 (pool) or 2 (pool-or-bar)")? {
                1 => WaitMode::Pool,
                _ => WaitMode::PoolOrBar,
            },
            points: r.field("Waiting points", 0, LANDINGS_MASK, "a mask of bits 0..24")? as u32,
        },
        4 => StepRule::PoolFirst,
        5 => StepRule::HitsNeedHome,
        6 => StepRule::Locked,
        7 => StepRule::LoneStarter {
            checkers: r.field("LoneStarter checkers", 0, 127, "0..127")? as i32,
        },
        8 => {
            let (points, most) = decode_held(r, "MaxHeld points", "MaxHeld most")?;
            StepRule::MaxHeld { points, most }
        }
        9 => return Err(r.refuse("step rule code", "one HeadLimit (9) at most")),
        _ => {
            let (points, most) = decode_held(r, "MaxHeldAlways points", "MaxHeldAlways most")?;
            StepRule::MaxHeldAlways { points, most }
        }
    })
}

/// The parameters of `MaxHeld` (code 8) and `MaxHeldAlways` (code 10): the points (bits 1..24), then how many of them.
fn decode_held(
    r: &mut Reader<'_>,
    points_name: &'static str,
    most_name: &'static str,
) -> Result<(u32, u32), TableError> {
    let points = r.field(points_name, 0, POINTS_MASK, "a mask of bits 1..24")?;
    if points & !POINTS_MASK != 0 {
        return Err(r.refuse(points_name, "a mask of bits 1..24"));
    }
    Ok((points as u32, r.field(most_name, 0, 24, "0..24")? as u32))
}

/// The six-block option of its code: 1 "ahead", 2 "home", 3 "off" (checked before).
fn six_block_option(code: i64) -> SixBlockOption {
    match code {
        1 => SixBlockOption::Ahead,
        2 => SixBlockOption::Home,
        _ => SixBlockOption::Off,
    }
}
