//! The state in the mover's frame (spec section 1): its layout, its checks, and how a step changes it.

use std::hash::{Hash, Hasher};

use crate::error::SearchError;
use crate::table::Table;

/// The mover's checkers borne off.
pub const MOVER_OFF: usize = 0;
/// The mover's bar (also a step's source code for an entry from the bar).
pub const MOVER_BAR: usize = 25;
/// The opponent's bar.
pub const OPP_BAR: usize = 26;
/// The opponent's checkers borne off.
pub const OPP_OFF: usize = 27;
/// The size of a state with no extra field.
pub const BASE_SIZE: usize = 28;
/// The mover's pinned checkers (bit p for point p), with pinning contact.
pub const PINNED: usize = 28;
/// The opponent's pinned checkers, with pinning contact.
pub const OPP_PINNED: usize = 29;
/// A step's source code for an entry from the pool (not a state index).
pub const FROM_POOL: usize = 26;
/// The mover's 24-point: the head, the starting point, where Kush returns.
pub const HEAD: usize = 24;
/// The largest state: 28 ints and four extra fields (the built-in games use one; the
/// search copies and compares the whole board, so it is kept small).
pub const MAX_STATE: usize = 36;

/// How a step meets a lone opposing checker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contact {
    /// A lone opposing checker is hit (to its owner's bar or pool).
    Hit,
    /// Any opposing checker closes its point.
    Block,
    /// A lone free opposing checker is pinned under the checker landing on it.
    Pin,
}

/// The weights of the board's hash, one an index: odd 64-bit words from a splitmix64 sequence.
const WEIGHTS: [u64; MAX_STATE] = weights();

/// [`WEIGHTS`] worked out.
const fn weights() -> [u64; MAX_STATE] {
    let mut out = [0u64; MAX_STATE];
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut i = 0;
    while i < MAX_STATE {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out[i] = (z ^ (z >> 31)) | 1;
        i += 1;
    }
    out
}

/// A state as the search holds it: the 28 base ints as bytes, the extra ints apart, and its hash.
///
/// Every base int fits a byte (points -127..127, the rest 0..127, checked
/// by [`validate`]); the extras (pins, pools) are `i32`. Unused slots are 0,
/// so equal states are equal boards.
///
/// The hash is `sum(WEIGHTS[i] * s[i])` (wrapping), kept up to date by
/// every change ([`Board::set`], [`Board::add`]): a step changes a few ints,
/// so the search's sets hash a board in one word instead of reading it all.
/// It is a function of the ints, so equal states have equal hashes (and
/// comparing it first is a quick way to tell most unequal boards apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// The hash of the ints (see above).
    hash: u64,
    /// `s[0..28]`, then 4 unused bytes.
    base: [i8; 32],
    /// `s[28..]`; those past the state's size are 0.
    extra: [i32; MAX_STATE - BASE_SIZE],
    /// How many ints the state has.
    len: u8,
}

impl Board {
    /// The board of a state already checked by [`validate`].
    pub fn from_state(state: &[i32]) -> Board {
        let mut b = Board {
            hash: 0,
            base: [0; 32],
            extra: [0; MAX_STATE - BASE_SIZE],
            len: state.len().min(MAX_STATE) as u8,
        };
        // (Each int written once and weighed once: the board starts at 0.)
        for (i, &x) in state.iter().take(MAX_STATE).enumerate() {
            if i < BASE_SIZE {
                b.base[i] = x as i8;
            } else {
                b.extra[i - BASE_SIZE] = x;
            }
            b.hash = b
                .hash
                .wrapping_add(WEIGHTS[i].wrapping_mul(i64::from(x) as u64));
        }
        b
    }

    /// The state as a vector of its ints.
    pub fn to_vec(&self) -> Vec<i32> {
        (0..usize::from(self.len)).map(|i| self.at(i)).collect()
    }

    /// The int at `i` (every index the rules read is below [`MAX_STATE`]).
    #[inline]
    pub fn at(&self, i: usize) -> i32 {
        if i < BASE_SIZE {
            i32::from(self.base[i])
        } else {
            self.extra[i - BASE_SIZE]
        }
    }

    /// Set the int at `i` (a base int must fit a byte: the callers keep counts in range).
    #[inline]
    pub fn set(&mut self, i: usize, x: i32) {
        self.add(i, x.wrapping_sub(self.at(i)));
    }

    /// Add `d` to the int at `i`, and its weight `d` times to the hash.
    #[inline]
    pub fn add(&mut self, i: usize, d: i32) {
        if i < BASE_SIZE {
            self.base[i] = self.base[i].wrapping_add(d as i8);
        } else {
            self.extra[i - BASE_SIZE] = self.extra[i - BASE_SIZE].wrapping_add(d);
        }
        self.hash = self
            .hash
            .wrapping_add(WEIGHTS[i].wrapping_mul(i64::from(d) as u64));
    }

    /// The board's hash (see [`Board`]): equal boards have equal hashes.
    #[inline]
    pub fn hash_word(&self) -> u64 {
        self.hash
    }

    /// Append the packed form of this state (see [`pack`]) to `out`.
    ///
    /// (Written whole into a buffer on the stack, then appended at once: one
    /// check of the vector's room a play.)
    pub fn pack_into(&self, out: &mut Vec<u8>) {
        let mut bytes = [0u8; BASE_SIZE + 4 * (MAX_STATE - BASE_SIZE)];
        for (byte, &x) in bytes.iter_mut().zip(&self.base[..BASE_SIZE]) {
            *byte = (x as u8) ^ 0x80;
        }
        // (Unused extras are 0: writing them all costs less than counting them.)
        for (chunk, &x) in bytes[BASE_SIZE..].chunks_exact_mut(4).zip(&self.extra) {
            chunk.copy_from_slice(&(x as u32).to_le_bytes());
        }
        out.extend_from_slice(&bytes[..key_len(usize::from(self.len))]);
    }

    /// The mover's pool count (0 with no pool).
    #[inline]
    pub fn pool(&self, pool: usize) -> i32 {
        if pool == 0 { 0 } else { self.at(pool) }
    }
}

impl Hash for Board {
    /// The hash kept with the board, one word.
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.hash);
    }
}

/// What a step did besides moving a checker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepKind {
    /// It hit or pinned a lone opposing checker where it landed.
    pub hit: bool,
}

/// The points 1..24 as a bitmask (bit p for point p).
pub const POINTS: u32 = ((1 << 25) - 1) & !1;

/// The high bit of each byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;
/// The low seven bits of each byte of a word.
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The high bit of each byte of `w` that is not zero.
#[inline]
fn nonzero_bytes(w: u64) -> u64 {
    (((w & LOW7) + LOW7) | w) & HIGH
}

/// The bitmask (bit i for byte i) of the bytes whose high bit is set in each of the four words.
#[inline]
fn byte_bits(high: [u64; 4]) -> u32 {
    // Each byte's high bit moved to its lowest bit, then gathered into the
    // top byte by one multiply (the shifted copies never carry).
    high.iter().enumerate().fold(0, |mask, (i, &w)| {
        mask | (((w >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32) << (8 * i)
    })
}

/// The open points: where the mover may land, as a bitmask of points 1..24 (bit p for point p).
///
/// A point is open when no opposing checker stands there; with hitting
/// contact also on a lone one; with pinning contact on a lone free one, but
/// not where an opposing checker pins one of the mover's. Blocking: any
/// opposing checker closes the point. (Worked out a word of eight points
/// at a time: a count not negative has its high bit clear, a lone
/// opposing checker is the byte 0xFF.)
#[inline]
pub fn open_points(b: &Board, contact: Contact) -> u32 {
    let unopposed = b.unopposed_points();
    if contact == Contact::Block {
        return unopposed;
    }
    let lone = byte_bits(b.words().map(|w| !nonzero_bytes(!w) & HIGH));
    let lone = if contact == Contact::Pin {
        lone & !(b.at(PINNED) as u32)
    } else {
        lone
    };
    (unopposed | lone) & POINTS
}

/// The points the mover holds after the step `src -> dst`, made on `after`, from `held`, those he held before it (bit p, as [`Board::held_points`]).
///
/// A step changes the points at its source and its landing only (a hit
/// sends the lone checker off them): the landing, a point or off, is his
/// after it, and the source (a point, or his bar or pool) his or left.
#[inline(always)]
pub fn held_after(held: u32, after: &Board, src: usize, dst: usize) -> u32 {
    let held = (held | (1 << dst)) & POINTS;
    if src <= 24 && after.at(src) <= 0 {
        held & !(1 << src)
    } else {
        held
    }
}

/// Whether point `p` (1..24) is open to the mover: [`open_points`] for one point.
#[inline]
pub fn open_point(b: &Board, p: usize, contact: Contact) -> bool {
    let x = b.at(p);
    match contact {
        Contact::Block => x >= 0,
        Contact::Hit => x >= -1,
        Contact::Pin => x >= 0 || (x == -1 && (b.at(PINNED) >> p) & 1 == 0),
    }
}

impl Board {
    /// The 32 base bytes as four little-endian words.
    #[inline]
    fn words(&self) -> [u64; 4] {
        let mut words = [0u64; 4];
        for (word, chunk) in words.iter_mut().zip(self.base.chunks_exact(8)) {
            let mut bytes = [0u8; 8];
            for (byte, &x) in bytes.iter_mut().zip(chunk) {
                *byte = x as u8;
            }
            *word = u64::from_le_bytes(bytes);
        }
        words
    }

    /// The points holding no opposing checker (empty or the mover's), as a bitmask of points 1..24.
    #[inline]
    pub fn unopposed_points(&self) -> u32 {
        byte_bits(self.words().map(|w| !w & HIGH)) & POINTS
    }

    /// The points holding a checker of the mover's, as a bitmask of points 1..24.
    #[inline]
    pub fn held_points(&self) -> u32 {
        byte_bits(self.words().map(|w| nonzero_bytes(w) & !w)) & POINTS
    }
}

/// Make the step `src -> dst` (`src` 25 the bar, 26 the pool; `dst` 0 off) on `b`, in place.
///
/// A checker from the pool enters like one from the bar. Landing on a lone
/// opposing checker hits it (to its owner's bar, or his pool when
/// `hit_to_pool`) or, pinning, pins it under the mover's checker. The last
/// checker leaving a point where it pinned one releases it.
pub fn make_step(b: &mut Board, src: usize, dst: usize, t: &Table) -> StepKind {
    let mut src = src;
    if src == FROM_POOL {
        b.add(t.pool, -1);
        b.add(MOVER_BAR, 1);
        src = MOVER_BAR;
    }
    let lone = dst != MOVER_OFF && b.at(dst) == -1 && t.contact != Contact::Block;
    let releases = t.contact == Contact::Pin
        && src != MOVER_BAR
        && b.at(src) == 1
        && (b.at(OPP_PINNED) >> src) & 1 == 1;
    if releases {
        // (1 to -1: its one checker leaves, the one it pinned stands alone there.)
        b.add(OPP_PINNED, -(1 << src));
        b.add(src, -2);
    } else {
        b.add(src, -1);
    }
    if lone {
        // (-1 to 1: the lone checker hit or pinned, the mover's one on the point.)
        b.add(dst, 2);
        if t.contact == Contact::Pin {
            b.set(OPP_PINNED, b.at(OPP_PINNED) | (1 << dst));
        } else if t.hit_to_pool {
            b.add(t.pool + 1, 1);
        } else {
            b.add(OPP_BAR, 1);
        }
    } else {
        b.add(dst, 1);
    }
    StepKind { hit: lone }
}

/// Check a state against the table: its size and every int's range.
///
/// Points hold at most 127 checkers either way (the packed form gives each
/// one byte); bars, offs and extras are never negative; pins lie on points
/// 1..24; and neither side has more than 127 checkers in all, so that no
/// step can push a count out of its byte.
pub fn validate(t: &Table, state: &[i32]) -> Result<(), SearchError> {
    if state.len() != t.size {
        return Err(SearchError::StateSize {
            expected: t.size,
            got: state.len(),
        });
    }
    if !cells_in_range(t, state) {
        // (Only to name the first int out of range.)
        for (i, &x) in state.iter().enumerate() {
            check_cell(t, i, x)?;
        }
    }
    count_sides(t, state)
}

/// Whether every int of a state of the table's size is in its range ([`check_cell`], the same ranges a whole slice at a time).
fn cells_in_range(t: &Table, s: &[i32]) -> bool {
    let byte = |x: &i32| (0..=127).contains(x);
    let points = s[1..=24].iter().all(|x| (-127..=127).contains(x));
    let rest = byte(&s[0]) && s[25..BASE_SIZE].iter().all(byte);
    let extras = s[BASE_SIZE..].iter().enumerate().all(|(k, &x)| {
        let pins = t.contact == Contact::Pin && k < 2;
        x >= 0 && !(pins && x & !0x1FF_FFFE != 0)
    });
    points && rest && extras
}

/// One int of the state against its range.
fn check_cell(t: &Table, i: usize, x: i32) -> Result<(), SearchError> {
    let (ok, allowed) = match i {
        1..=24 => ((-127..=127).contains(&x), "-127..127"),
        0 | 25..=27 => ((0..=127).contains(&x), "0..127"),
        PINNED | OPP_PINNED if t.contact == Contact::Pin => {
            (x >= 0 && x & !0x1FF_FFFE == 0, "a mask of points 1..24")
        }
        _ => (x >= 0, "0 or more"),
    };
    if ok {
        Ok(())
    } else {
        Err(SearchError::Cell {
            index: i,
            value: i64::from(x),
            allowed,
        })
    }
}

/// Each side's checkers in all (off, points, bar, pool, pinned) must be at most 127.
fn count_sides(t: &Table, s: &[i32]) -> Result<(), SearchError> {
    let mut mine = i64::from(s[MOVER_OFF]) + i64::from(s[MOVER_BAR]);
    let mut theirs = i64::from(s[OPP_OFF]) + i64::from(s[OPP_BAR]);
    // (The points' ints are in -127..127, checked before: their sums fit an i32.)
    mine += i64::from(s[1..=24].iter().map(|&x| x.max(0)).sum::<i32>());
    theirs += i64::from(s[1..=24].iter().map(|&x| (-x).max(0)).sum::<i32>());
    if t.pool != 0 {
        mine += i64::from(s[t.pool]);
        theirs += i64::from(s[t.pool + 1]);
    }
    if t.contact == Contact::Pin {
        mine += i64::from(s[PINNED].count_ones());
        theirs += i64::from(s[OPP_PINNED].count_ones());
    }
    for (side, count) in [("mover", mine), ("opponent", theirs)] {
        if count > 127 {
            return Err(SearchError::Checkers { side, count });
        }
    }
    Ok(())
}

/// The length of the packed form of a state of `size` ints: 28 bytes and 4 a further int.
pub fn key_len(size: usize) -> usize {
    size.min(BASE_SIZE) + 4 * size.saturating_sub(BASE_SIZE)
}

/// The packed form of a state: byte i of the first 28 is `s[i] + 128`, then each extra int as 4 bytes little-endian.
///
/// Any input is packed (a count out of its byte wraps, a negative extra is
/// written as its two's complement): the search validates what it takes.
pub fn pack(state: &[i32]) -> Vec<u8> {
    let base = state.len().min(BASE_SIZE);
    let mut out = Vec::with_capacity(base + 4 * state.len().saturating_sub(BASE_SIZE));
    out.extend(state[..base].iter().map(|&x| x.wrapping_add(128) as u8));
    for &x in state.iter().skip(BASE_SIZE) {
        out.extend_from_slice(&(x as u32).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The masks worked out a point at a time, as the rules say them.
    fn plain(b: &Board, contact: Contact) -> (u32, u32) {
        let (mut held, mut open) = (0, 0);
        for p in 1..25 {
            let x = b.at(p);
            held |= u32::from(x > 0) << p;
            let pinned = (b.at(PINNED) >> p) & 1 == 1;
            let lone_open = match contact {
                Contact::Block => false,
                Contact::Hit => x == -1,
                Contact::Pin => x == -1 && !pinned,
            };
            open |= u32::from(x >= 0 || lone_open) << p;
        }
        (held, open)
    }

    /// [`validate`] as it reads: every int against its range in order, then the sides' counts.
    fn validate_cell_by_cell(t: &Table, state: &[i32]) -> Result<(), SearchError> {
        for (i, &x) in state.iter().enumerate() {
            check_cell(t, i, x)?;
        }
        let mut mine = i64::from(state[MOVER_OFF]) + i64::from(state[MOVER_BAR]);
        let mut theirs = i64::from(state[OPP_OFF]) + i64::from(state[OPP_BAR]);
        for &x in &state[1..=24] {
            mine += i64::from(x.max(0));
            theirs += i64::from((-x).max(0));
        }
        if t.pool != 0 {
            mine += i64::from(state[t.pool]);
            theirs += i64::from(state[t.pool + 1]);
        }
        if t.contact == Contact::Pin {
            mine += i64::from(state[PINNED].count_ones());
            theirs += i64::from(state[OPP_PINNED].count_ones());
        }
        for (side, count) in [("mover", mine), ("opponent", theirs)] {
            if count > 127 {
                return Err(SearchError::Checkers { side, count });
            }
        }
        Ok(())
    }

    #[test]
    fn validate_answers_as_the_cell_by_cell_check() {
        // States with now and then an int out of its range, or too many
        // checkers: the whole-slice check must refuse exactly these, and
        // name the same int.
        let tables = [
            [1, 0, 1, 0, 0, 1, 6, 1, 1, 0, 0, 0, 0, 0, 28, 2, 6, 5, 0],
            [1, 2, 1, 0, 0, 1, 6, 1, 1, 0, 0, 0, 0, 0, 30, 2, 6, 5, 0],
            [1, 0, 1, 28, 1, 1, 6, 1, 1, 0, 0, 0, 0, 0, 32, 2, 6, 5, 0],
        ];
        let mut r: u64 = 0xD1B5_4A32_D192_ED03;
        let (mut refused, mut passed) = (0, 0);
        for k in 0..30_000 {
            let t = Table::decode(&tables[k % 3]).expect("a table");
            let mut state = vec![0i32; t.size];
            for (i, x) in state.iter_mut().enumerate() {
                r ^= r << 13;
                r ^= r >> 7;
                r ^= r << 17;
                *x = match r % 400 {
                    0 => -128,
                    1 => 128,
                    2 => -1 - ((r >> 40) % 3) as i32,
                    3 => 1 << 25,
                    4 => 1 << 3,
                    5 | 6 => 100,
                    7 | 8 => -100,
                    _ if (1..=24).contains(&i) => ((r >> 8) % 9) as i32 - 4,
                    _ => (((r >> 8) % 3) as i32) << 1,
                };
            }
            let expected = validate_cell_by_cell(&t, &state);
            assert_eq!(validate(&t, &state), expected, "{state:?}");
            refused += usize::from(expected.is_err());
            passed += usize::from(expected.is_ok());
        }
        assert!(refused > 3000 && passed > 3000, "{refused} {passed}");
    }

    #[test]
    fn the_word_masks_are_the_point_by_point_ones() {
        let mut r: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            let mut state = vec![0i32; 30];
            for x in state.iter_mut().take(28) {
                r ^= r << 13;
                r ^= r >> 7;
                r ^= r << 17;
                *x = match r % 9 {
                    0 => -127,
                    1 => 127,
                    2 | 3 => -1,
                    4 => 0,
                    5 => 1,
                    6 => -2,
                    _ => (r >> 8) as i32 % 128,
                };
            }
            state[PINNED] = (r >> 20) as i32 & 0x1FF_FFFE;
            let b = Board::from_state(&state);
            for contact in [Contact::Hit, Contact::Block, Contact::Pin] {
                let (held, open) = plain(&b, contact);
                assert_eq!(b.held_points(), held, "{state:?}");
                assert_eq!(open_points(&b, contact), open, "{state:?} {contact:?}");
                let each = (1..25).fold(0, |m, p| m | u32::from(open_point(&b, p, contact)) << p);
                assert_eq!(each, open, "{state:?} {contact:?}");
            }
        }
    }
}
