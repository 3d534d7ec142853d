//! The maximum-use rule and the higher-die rule.

/// The maximum-use rule: which candidates, given as `(dice used, pips used)`, are legal plays.
///
/// A player must use as many dice as he can: keep the candidates of the
/// most dice. When that is one die, the dice are not all equal and
/// `must_play_higher`, keep only those that use the highest die any of them
/// uses (the higher-die rule).
pub fn maximum_use(used: &[(u8, u16)], all_equal: bool, must_play_higher: bool) -> Vec<bool> {
    let most = used.iter().map(|&(n, _)| n).max().unwrap_or(0);
    if most == 1 && must_play_higher && !all_equal {
        let top = used
            .iter()
            .filter(|&&(n, _)| n == 1)
            .map(|&(_, pips)| pips)
            .max()
            .unwrap_or(0);
        return used.iter().map(|&(n, p)| n == 1 && p == top).collect();
    }
    used.iter().map(|&(n, _)| n == most).collect()
}
