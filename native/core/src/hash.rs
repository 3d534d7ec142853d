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
