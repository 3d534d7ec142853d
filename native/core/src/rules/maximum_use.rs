//! The maximum-use rule and the higher-die rule.

/// The maximum-use rule, worked out for one set of candidates: which are legal plays.
///
/// A player must use as many dice as he can: keep the candidates of the
/// most dice. When that is one die, the dice are not all equal and the
/// higher-die rule holds (`must_play_higher`), keep only those that use the
/// highest die any of them uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaximumUse {
    /// The most dice any candidate uses.
    most: u8,
    /// With the higher-die rule in force: the highest die a one-die candidate uses.
    top: Option<u16>,
}

impl MaximumUse {
    /// The rule for candidates using `(dice, pips)`.
    pub fn of(
        used: impl Iterator<Item = (u8, u16)> + Clone,
        all_equal: bool,
        must_play_higher: bool,
    ) -> MaximumUse {
        let most = used.clone().map(|(n, _)| n).max().unwrap_or(0);
        let top = (most == 1 && must_play_higher && !all_equal)
            .then(|| used.filter(|&(n, _)| n == 1).map(|(_, p)| p).max())
            .flatten();
        MaximumUse { most, top }
    }

    /// The most dice any candidate uses.
    pub fn most(&self) -> u8 {
        self.most
    }

    /// Whether a candidate using `dice` dice of `pips` pips is a legal play.
    pub fn keeps(&self, dice: u8, pips: u16) -> bool {
        dice == self.most && self.top.is_none_or(|top| pips == top)
    }
}
