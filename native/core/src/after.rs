//! After the search (spec section 4): the play filter, the maximum-use rule, one play per state, Kush's return.

use crate::hash::FxSet;
use crate::rules::kush::kush_return;
use crate::rules::maximum_use::MaximumUse;
use crate::search::{Candidate, Code, STEP_BITS, step_code};
use crate::state::{Board, HEAD, MOVER_BAR};
use crate::table::Table;

/// The legal plays from the candidates, in order, each handed to `emit` as (final board, steps code).
///
/// `states` and `filtered` are buffers to work in (emptied first).
pub fn legal_plays(
    t: &Table,
    start: &Board,
    found: &[Candidate],
    (states, filtered): (&mut FxSet<Board>, &mut Vec<Candidate>),
    mut emit: impl FnMut(&Board, Code),
) {
    let kept = match t.filter {
        None => found,
        Some(filter) if filter.judges_each() => {
            kept_of_most(found, filtered, |end| filter.keeps_one(start, end))
        }
        Some(filter) => {
            filtered.clear();
            filter.keep(start, found, |c| &c.end, filtered);
            filtered
        }
    };
    let rule = MaximumUse::of(
        kept.iter().map(|c| (c.used, c.pips)),
        t.all_equal(),
        t.must_play_higher,
    );
    let back = returned(t, start);
    let legal = kept.iter().filter(|c| rule.keeps(c.used, c.pips));
    if back.is_none() && !repeats(t, rule) {
        legal.for_each(|c| emit(&c.end, c.code));
        return;
    }
    states.clear();
    for c in legal {
        if states.insert(c.end) {
            emit(&c.end, c.code);
        }
    }
    if let Some((end, code)) = back {
        if states.insert(end) {
            emit(&end, code);
        }
    }
}

/// The candidates a filter that judges each by itself (`keeps`) keeps, of the most dice it keeps any of, in order, in `filtered` (emptied first).
///
/// The maximum-use rule, applied to what the filter keeps, keeps only
/// candidates of the most dice among them (and, of one die, of the
/// highest): those are all among these, in the same order, and the rule
/// applied to these alone keeps the same. So the filter need not judge the
/// candidates of fewer dice, once one of more dice passes (most plays use
/// every die: most candidates of fewer dice are never judged).
fn kept_of_most<'f>(
    found: &[Candidate],
    filtered: &'f mut Vec<Candidate>,
    keeps: impl Fn(&Board) -> bool,
) -> &'f [Candidate] {
    filtered.clear();
    let most = found.iter().map(|c| c.used).max().unwrap_or(0);
    for used in (1..=most).rev() {
        filtered.extend(found.iter().filter(|c| c.used == used && keeps(&c.end)));
        if !filtered.is_empty() {
            break;
        }
    }
    filtered
}

/// Whether the legal candidates may hold a state twice.
///
/// The search records each (state, dice used) once, so the candidates of
/// the most dice have distinct states, except when that is one die of
/// dice not all equal (recorded per die: a bear-off may use either) and
/// with three dice or more not all equal, short of using them all (the
/// search may record a state once per set of dice left; see
/// `search::Dfs::record`; using them all leaves none).
fn repeats(t: &Table, rule: MaximumUse) -> bool {
    let most = usize::from(rule.most());
    !t.all_equal() && (most == 1 || (t.dice.len() > 2 && most < t.dice.len()))
}

/// Kush's return as a play, when the table has it and the dice are a double: `bar/24` once per checker.
fn returned(t: &Table, start: &Board) -> Option<(Board, Code)> {
    let double = *t.dice.first()?;
    if !t.returns || t.dice.len() < 2 || !t.all_equal() {
        return None;
    }
    let (end, n) = kush_return(start, double)?;
    let step = step_code(MOVER_BAR, HEAD, usize::from(double), false);
    let code = (0..n as u32).fold(0, |code, i| code | (step << (STEP_BITS * i)));
    Some((end, code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_judged_from_the_most_dice_keeps_the_same_plays() {
        // Random candidates (dice used 1..4, pips, a board each) and a
        // random per-play filter: the legal plays worked out from the most
        // dice down are those of filtering all, then the maximum-use rule.
        let mut r: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |n: u64| {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            r % n
        };
        let mut fewer = 0;
        for round in 0..5000 {
            let n = 1 + next(12) as usize;
            let top = 1 + next(4) as u8;
            let found: Vec<Candidate> = (0..n)
                .map(|i| {
                    let mut state = vec![0; 28];
                    state[1] = i as i32;
                    let used = 1 + next(u64::from(top)) as u8;
                    Candidate {
                        end: Board::from_state(&state),
                        code: i as Code,
                        used,
                        pips: u16::from(used) + next(6) as u16,
                    }
                })
                .collect();
            let passes: Vec<bool> = (0..n).map(|_| next(3) != 0).collect();
            let keeps = |end: &Board| passes[end.at(1) as usize];
            let legal = |kept: &[Candidate]| {
                let rule =
                    MaximumUse::of(kept.iter().map(|c| (c.used, c.pips)), false, round % 2 == 0);
                kept.iter()
                    .filter(|c| rule.keeps(c.used, c.pips))
                    .map(|c| c.code)
                    .collect::<Vec<_>>()
            };
            let all: Vec<Candidate> = found.iter().copied().filter(|c| keeps(&c.end)).collect();
            let mut filtered = Vec::new();
            let most = kept_of_most(&found, &mut filtered, keeps);
            assert_eq!(legal(most), legal(&all), "{round}");
            fewer += usize::from(most.len() < all.len());
        }
        assert!(fewer > 1000, "{fewer}");
    }
}
