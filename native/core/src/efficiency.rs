//! gnubg's cube efficiency of a backgammon position, read from its packed state.
//!
//! The same definitions as `nardy.analysis.efficiency` (the rule for the
//! pure build), in the same order of floating-point operations, so that the
//! two agree to the last bit: GNU Backgammon sorts a position into a class
//! (`ClassifyPosition`: over, bear-off, race, crashed, contact) and gives
//! each class an efficiency (`EvalEfficiency`), a race's from the pips of
//! the side on roll.
//!
//! A **packed state** is the mover's frame, one byte a field holding the
//! value plus [`ZERO`]: the mover's checkers off (byte 0), points 1 to 24
//! (the mover's checkers above [`ZERO`], the opponent's below), the mover's
//! bar (25), the opponent's bar (26) and checkers off (27). Nothing here
//! panics: a state shorter than 28 bytes has no efficiency (`None`).

use crate::state::{BASE_SIZE, MOVER_BAR, MOVER_OFF, OPP_BAR, OPP_OFF};

/// The byte of a packed field holding 0.
pub const ZERO: u8 = 128;
/// A side with at most this many checkers in play (beyond gnubg's count of
/// its 1 and 2 points) is crashed.
const CRASHED: i32 = 6;
/// The home board: both sides' farthest checkers inside it make a bear-off.
const HOME: i32 = 6;

/// The efficiencies by class (gnubg's `set cube efficiency` parameters,
/// `nardy.analysis.efficiency.Efficiencies`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Efficiencies {
    /// Contact positions.
    pub contact: f64,
    /// Crashed positions.
    pub crashed: f64,
    /// Bear-offs, one- and two-sided.
    pub bearoff: f64,
    /// Races: `race_coefficient + race_factor * pips`, within the bounds below.
    pub race_factor: f64,
    /// Races: the constant term.
    pub race_coefficient: f64,
    /// Races: the lowest efficiency.
    pub race_min: f64,
    /// Races: the highest efficiency.
    pub race_max: f64,
}

/// Whether a side is crashed, as gnubg tests it: `total` checkers in play,
/// `one` and `two` on its 1 and 2 points.
fn crashed(total: i32, one: i32, two: i32) -> bool {
    if total <= CRASHED {
        return true;
    }
    if one > 1 {
        if total <= CRASHED + one {
            return true;
        }
        return two > 1 && 1 + total - (one + two) <= CRASHED;
    }
    total <= CRASHED + (two - 1)
}

/// The cube efficiency gnubg gives the side on roll of `packed`, a state
/// of a variant with `checkers` a side; `None` for a state shorter than 28 bytes.
pub fn efficiency(packed: &[u8], checkers: u8, parameters: &Efficiencies) -> Option<f64> {
    if packed.len() < BASE_SIZE {
        return None;
    }
    // The mover's and the opponent's checkers on the mover's point q (1..24).
    let mine = |q: usize| i32::from(packed[q].saturating_sub(ZERO));
    let theirs = |q: usize| i32::from(ZERO.saturating_sub(packed[q]));
    // gnubg's index of each side's farthest checker, in its own numbering
    // (24: the bar; -1: none left). The opponent's point q is his 25 - q.
    let back = if packed[MOVER_BAR] != ZERO {
        24
    } else {
        (1..=24usize)
            .rev()
            .find(|&q| mine(q) > 0)
            .map_or(-1, |q| q as i32 - 1)
    };
    let opp_back = if packed[OPP_BAR] != ZERO {
        24
    } else {
        (1..=24usize)
            .find(|&q| theirs(q) > 0)
            .map_or(-1, |q| 24 - q as i32)
    };
    if back < 0 || opp_back < 0 {
        return Some(0.0);
    }
    // The checkers in play (on the points and the bar): those not borne off.
    let in_play = |off: usize| i32::from(checkers) + i32::from(ZERO) - i32::from(packed[off]);
    if back + opp_back > 22 {
        let opp_crashed = crashed(in_play(OPP_OFF), theirs(24), theirs(23));
        return Some(
            if opp_crashed || crashed(in_play(MOVER_OFF), mine(1), mine(2)) {
                parameters.crashed
            } else {
                parameters.contact
            },
        );
    }
    if back < HOME && opp_back < HOME {
        return Some(parameters.bearoff);
    }
    // A race: nobody on the bar, so the pips are the points'.
    let pips: i32 = (1..=24usize).map(|q| q as i32 * mine(q)).sum();
    let x = f64::from(pips) * parameters.race_factor + parameters.race_coefficient;
    Some(x.max(parameters.race_min).min(parameters.race_max))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GNUBG: Efficiencies = Efficiencies {
        contact: 0.76,
        crashed: 0.76,
        bearoff: 0.6,
        race_factor: 0.0025,
        race_coefficient: 0.6,
        race_min: 0.6,
        race_max: 0.8,
    };

    /// A packed state: the mover's `(point, count)`s, the opponent's (on the mover's points), bars and off.
    fn packed(
        mine: &[(usize, u8)],
        theirs: &[(usize, u8)],
        bars: [u8; 2],
        off: [u8; 2],
    ) -> Vec<u8> {
        let mut s = vec![ZERO; BASE_SIZE];
        for &(q, n) in mine {
            s[q] = ZERO + n;
        }
        for &(q, n) in theirs {
            s[q] = ZERO - n;
        }
        s[MOVER_BAR] = ZERO + bars[0];
        s[OPP_BAR] = ZERO + bars[1];
        s[MOVER_OFF] = ZERO + off[0];
        s[OPP_OFF] = ZERO + off[1];
        s
    }

    #[test]
    fn the_start_is_contact() {
        let start = packed(
            &[(6, 5), (8, 3), (13, 5), (24, 2)],
            &[(19, 5), (17, 3), (12, 5), (1, 2)],
            [0, 0],
            [0, 0],
        );
        assert_eq!(efficiency(&start, 15, &GNUBG), Some(0.76));
    }

    #[test]
    fn a_race_counts_its_pips_within_bounds() {
        // 100 pips: 0.6 + 0.25, at most 0.8.
        let race = packed(&[(10, 10)], &[(20, 15)], [0, 0], [5, 0]);
        assert_eq!(efficiency(&race, 15, &GNUBG), Some(0.8));
        // 20 pips: 0.6 + 0.05.
        let short = packed(&[(10, 2)], &[(20, 15)], [0, 0], [13, 0]);
        assert_eq!(efficiency(&short, 15, &GNUBG), Some(20.0 * 0.0025 + 0.6));
    }

    #[test]
    fn bear_offs_crashed_and_finished_positions() {
        let bearoff = packed(&[(1, 3), (5, 4)], &[(20, 2)], [0, 0], [8, 13]);
        assert_eq!(efficiency(&bearoff, 15, &GNUBG), Some(0.6));
        // Contact with the mover's last checkers stacked on its 1 and 2 points: crashed.
        let crashed = packed(&[(1, 6), (2, 3), (20, 1)], &[(19, 15)], [0, 0], [5, 0]);
        let crashed_parameters = Efficiencies {
            crashed: 0.5,
            ..GNUBG
        };
        assert_eq!(efficiency(&crashed, 15, &crashed_parameters), Some(0.5));
        let over = packed(&[], &[(20, 15)], [0, 0], [15, 0]);
        assert_eq!(efficiency(&over, 15, &GNUBG), Some(0.0));
        // On the bar, the rest on the 1-point: contact, and crashed.
        let entering = packed(&[(1, 14)], &[(20, 15)], [1, 0], [0, 0]);
        assert_eq!(efficiency(&entering, 15, &crashed_parameters), Some(0.5));
        // On the bar with a spread board: contact.
        let spread = packed(
            &[(1, 2), (3, 4), (4, 4), (5, 4)],
            &[(20, 15)],
            [1, 0],
            [0, 0],
        );
        assert_eq!(efficiency(&spread, 15, &crashed_parameters), Some(0.76));
    }

    #[test]
    fn a_short_state_has_none() {
        assert_eq!(efficiency(&[ZERO; 27], 15, &GNUBG), None);
        assert_eq!(efficiency(&[], 15, &GNUBG), None);
    }
}
