//! A small multiply-rotate hasher for the search's tables (no crate: a few lines).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The multiplier of the Fx hash (as rustc's): odd, with well-spread bits.
const K: u64 = 0xf135_7aea_2e62_a9c5;

/// An Fx-like hasher: each word rotated in and multiplied. Not keyed: the keys are the search's own states.
#[derive(Debug, Default, Clone, Copy)]
pub struct FxHasher {
    h: u64,
}

impl FxHasher {
    /// Fold one word in.
    #[inline]
    fn add(&mut self, x: u64) {
        self.h = (self.h ^ x).wrapping_mul(K).rotate_left(26);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, x: u8) {
        self.add(u64::from(x));
    }

    fn write_u32(&mut self, x: u32) {
        self.add(u64::from(x));
    }

    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }

    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }

    fn finish(&self) -> u64 {
        self.h
    }
}

/// A hash set on [`FxHasher`].
pub type FxSet<T> = HashSet<T, BuildHasherDefault<FxHasher>>;
/// A hash map on [`FxHasher`].
pub type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// A multiplier for Fibonacci hashing: 2^64 over the golden ratio, odd.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// One slot of a [`Memo`]: a key's full hash, the generation that wrote it, and where its key is.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    /// The key's hash (0 in a slot never written).
    hash: u64,
    /// The search that wrote the slot: a slot of an older generation is empty.
    generation: u32,
    /// The key's index in [`Memo::keys`].
    at: u32,
}

/// The search's set of keys seen: open addressing, emptied in O(1), the keys kept in the order they came.
///
/// The caller gives each key's hash (the boards keep theirs up to date, so
/// nothing is rehashed); the slots keep the hash, so most probes are told
/// apart without reading a key, and the keys themselves lie end to end in
/// one vector, compared in full whenever the hashes agree (a set is exact,
/// whatever the hashes). Emptying moves to the next generation: the slots
/// of older ones count as empty, so a search pays nothing for the size the
/// table grew to in an earlier one.
#[derive(Debug, Clone)]
pub struct Memo<K> {
    /// A power of two of slots, at most half of them used.
    slots: Vec<Slot>,
    /// The keys of this generation, in the order they came.
    keys: Vec<K>,
    /// The current generation (never 0, the generation of a slot never written).
    generation: u32,
    /// 64 less log2 of the number of slots: the slot of a hash is its top bits after a multiply.
    shift: u32,
}

impl<K: Copy + Eq> Default for Memo<K> {
    fn default() -> Memo<K> {
        Memo::with_slots(1 << 10)
    }
}

impl<K: Copy + Eq> Memo<K> {
    /// An empty table of `n` slots (a power of two).
    fn with_slots(n: usize) -> Memo<K> {
        Memo {
            slots: vec![Slot::default(); n],
            keys: Vec::new(),
            generation: 1,
            shift: 64 - n.trailing_zeros(),
        }
    }

    /// Empty the table; one grown past `most` slots, or holding room for more than `most / 2` keys, is made small again.
    ///
    /// (Keys appended without a slot, [`Memo::append`], grow the keys and
    /// not the slots: both are bounded so.)
    pub fn clear(&mut self, most: usize) {
        if self.slots.len() > most || self.keys.capacity() > most / 2 {
            *self = Memo::default();
            return;
        }
        self.keys.clear();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 - 1 searches: forget every slot for real, once.
            self.slots.fill(Slot::default());
            self.generation = 1;
        }
    }

    /// The `i`th key entered since the table was last cleared (`i` below [`Memo::len`]).
    #[inline]
    pub fn key(&self, i: usize) -> &K {
        &self.keys[i]
    }

    /// How many keys the table holds.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the table holds no key.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Add `key`, known to be new, without a slot: [`Memo::key`] reads it, [`Memo::visit`] never finds it.
    #[inline]
    pub fn append(&mut self, key: &K) {
        self.keys.push(*key);
    }

    /// Record `key` (of hash `hash`) as seen: whether it is new.
    ///
    /// (Inlined at each call: a three-dice search makes several lookups a
    /// play, and the call's own work, saving and reloading the table and the
    /// key, was a third of each.)
    #[inline(always)]
    pub fn visit(&mut self, hash: u64, key: &K) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = (hash.wrapping_mul(GOLDEN) >> self.shift) as usize;
        loop {
            let slot = self.slots[i];
            if slot.generation != self.generation {
                break;
            }
            if slot.hash == hash && self.keys[slot.at as usize] == *key {
                return false;
            }
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot {
            hash,
            generation: self.generation,
            at: self.keys.len() as u32,
        };
        self.keys.push(*key);
        if 2 * self.keys.len() > self.slots.len() {
            self.grow();
        }
        true
    }

    /// Double the slots and put every key of this generation back.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let n = 2 * old.len();
        self.slots = vec![Slot::default(); n];
        self.shift = 64 - n.trailing_zeros();
        let mask = n - 1;
        for slot in old.iter().filter(|s| s.generation == self.generation) {
            let mut i = (slot.hash.wrapping_mul(GOLDEN) >> self.shift) as usize;
            while self.slots[i].generation == self.generation {
                i = (i + 1) & mask;
            }
            self.slots[i] = *slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memo_tells_new_and_seen_keys_apart_even_when_hashes_collide() {
        let mut memo: Memo<u32> = Memo::default();
        for round in 0..3 {
            // Every key of one hash: the keys decide.
            for k in 0..3000u32 {
                assert!(memo.visit(u64::from(k % 7), &k), "{round} {k}");
            }
            assert_eq!(memo.len(), 3000);
            assert!(!memo.visit(3, &3));
            assert!(memo.visit(4, &3));
            // Appended keys are read in order, and never found.
            memo.append(&7);
            assert_eq!(*memo.key(3001), 7);
            assert!(!memo.visit(0, &7));
            assert!(memo.visit(1, &7));
            assert_eq!(*memo.key(3000), 3);
            memo.clear(1 << 20);
            assert!(memo.is_empty());
        }
        memo.clear(16);
        assert_eq!(memo.slots.len(), 1 << 10);
        // Keys appended past the bound are let go too.
        for k in 0..600u32 {
            memo.append(&k);
        }
        memo.clear(1 << 10);
        assert_eq!(memo.keys.capacity(), 0);
        for k in 0..100u32 {
            memo.append(&k);
        }
        memo.clear(1 << 10);
        assert!(memo.is_empty() && memo.keys.capacity() >= 100);
    }
}
