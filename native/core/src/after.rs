//! After the search (spec section 4): the play filter, the maximum-use rule, one play per state, Kush's return.

use crate::hash::FxSet;
use crate::rules::kush::kush_return;
use crate::rules::maximum_use::MaximumUse;
use crate::search::{Candidate, Code, STEP_BITS, step_code};
use crate::state::{Board, HEAD, MOVER_BAR};
use crate::table::Table;

/// The legal plays from the candidates, in order, each handed to `emit` as (final board, steps code).
///
/// `end` reads a candidate's final board (kept by the search: see
/// [`Candidate::node`]); `states` and `filtered` are buffers to work in
/// (emptied first).
pub fn legal_plays<'b>(
    t: &Table,
    start: &Board,
    (found, end): (&[Candidate], impl Fn(&Candidate) -> &'b Board),
    (states, filtered): (&mut FxSet<Board>, &mut Vec<Candidate>),
    mut emit: impl FnMut(&Board, Code),
) {
    let kept = match t.filter {
        None => found,
        Some(filter) if filter.judges_each() => {
            kept_of_most(found, filtered, |c| filter.keeps_one(start, end(c)))
        }
        Some(filter) => {
            filtered.clear();
            filter.keep(start, found, &end, filtered);
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
        legal.for_each(|c| emit(end(c), c.code));
        return;
    }
    states.clear();
    for c in legal {
        let board = end(c);
        if states.insert(*board) {
            emit(board, c.code);
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
    keeps: impl Fn(&Candidate) -> bool,
) -> &'f [Candidate] {
    filtered.clear();
    let most = found.iter().map(|c| c.used).max().unwrap_or(0);
    for used in (1..=most).rev() {
        filtered.extend(found.iter().filter(|c| c.used == used && keeps(c)));
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
        // Random candidates (dice used 1..4, pips) and a random per-play
        // filter (of each candidate's end, here its index): the legal
        // plays worked out from the most dice down are those of filtering
        // all, then the maximum-use rule.
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
                    let used = 1 + next(u64::from(top)) as u8;
                    Candidate {
                        node: i as u32,
                        code: i as Code,
                        used,
                        pips: u16::from(used) + next(6) as u16,
                    }
                })
                .collect();
            let passes: Vec<bool> = (0..n).map(|_| next(3) != 0).collect();
            let keeps = |c: &Candidate| passes[c.node as usize];
            let legal = |kept: &[Candidate]| {
                let rule =
                    MaximumUse::of(kept.iter().map(|c| (c.used, c.pips)), false, round % 2 == 0);
                kept.iter()
                    .filter(|c| rule.keeps(c.used, c.pips))
                    .map(|c| c.code)
                    .collect::<Vec<_>>()
            };
            let all: Vec<Candidate> = found.iter().copied().filter(keeps).collect();
            let mut filtered = Vec::new();
            let most = kept_of_most(&found, &mut filtered, keeps);
            assert_eq!(legal(most), legal(&all), "{round}");
            fewer += usize::from(most.len() < all.len());
        }
        assert!(fewer > 1000, "{fewer}");
    }
}
