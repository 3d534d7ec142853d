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
