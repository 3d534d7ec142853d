//! The two players' numberings of the points, and a packed state turned round to the other side.
//!
//! Each side numbers the points from its own 24 down to its 1. The
//! geometry says how the two numberings relate (`nardy.Geometry`, by its
//! code): **mirror** (backgammon: my point p is the opponent's 25 - p),
//! **rotate** (long nardy: my p is his (p + 11) mod 24 + 1) and **same**
//! (tabula's shared track: my p is his p).

use crate::state::BASE_SIZE;

/// The mirrored geometry's code (`Geometry.MIRROR.code`).
pub const MIRROR: u8 = 0;
/// The rotated geometry's code (`Geometry.ROTATE.code`).
pub const ROTATE: u8 = 1;
/// The shared track's code (`Geometry.SAME.code`).
pub const SAME: u8 = 2;

/// The opponent's number for my point `p` (1..=24) under `geometry`, or `None` for an unknown geometry.
pub fn opponent_point(geometry: u8, p: usize) -> Option<usize> {
    match geometry {
        MIRROR => Some(25 - p),
        ROTATE => Some((p + 11) % 24 + 1),
        SAME => Some(p),
        _ => None,
    }
}

/// A packed state without extra fields (the contract's section 1: byte 0
/// the mover's borne-off count, bytes 1..=24 the points, 25 and 26 the two
/// bars, 27 the opponent's borne-off count, each count `c` as `c + 128`)
/// turned round to the other side, as `nardy.engine.state.flip_packed`:
/// every point renumbered by the geometry and its count negated, the bars
/// and the borne-off counts swapped. `None` for an unknown geometry.
pub fn flip_packed(geometry: u8, packed: &[u8; BASE_SIZE]) -> Option<[u8; BASE_SIZE]> {
    let mut out = [0u8; BASE_SIZE];
    out[0] = packed[27];
    for p in 1..=24 {
        // (A count c is the byte c + 128; -c is 256 - byte, wrapping.)
        out[opponent_point(geometry, p)?] = 0u8.wrapping_sub(packed[p]);
    }
    out[25] = packed[26];
    out[26] = packed[25];
    out[27] = packed[0];
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A packed state from counts: off, the 24 points, the two bars, the opponent's off.
    fn packed(counts: &[i32; BASE_SIZE]) -> [u8; BASE_SIZE] {
        counts.map(|c| (c + 128) as u8)
    }

    #[test]
    fn backgammons_start_turned_round_is_itself() {
        // My 24, 13, 8, 6 (2, 5, 3, 5) and his at my 1, 12, 17, 19.
        let mut start = [0; BASE_SIZE];
        for (p, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            start[p] = n;
            start[25 - p] = -n;
        }
        let start = packed(&start);
        assert_eq!(flip_packed(MIRROR, &start), Some(start));
    }

    #[test]
    fn each_geometry_renumbers_negates_and_swaps() {
        let mut state = [0; BASE_SIZE];
        state[0] = 3; // my borne-off checkers
        state[1] = 2; // two on my 1
        state[13] = -4; // four of his on my 13
        state[25] = 1; // one on my bar
        state[27] = 5; // his borne-off checkers
        let state = packed(&state);
        for (geometry, my_1, my_13) in [(MIRROR, 24, 12), (ROTATE, 13, 1), (SAME, 1, 13)] {
            let turned = flip_packed(geometry, &state).unwrap();
            assert_eq!(turned[0], 128 + 5);
            assert_eq!(turned[my_1], 128 - 2);
            assert_eq!(turned[my_13], 128 + 4);
            assert_eq!(turned[26], 128 + 1);
            assert_eq!(turned[25], 128);
            assert_eq!(turned[27], 128 + 3);
            assert_eq!(
                flip_packed(geometry, &turned),
                Some(state),
                "twice is once round"
            );
        }
        assert_eq!(flip_packed(3, &state), None);
    }
}
