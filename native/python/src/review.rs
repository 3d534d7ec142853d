//! The match review's batches in C speed: gnubg boards of packed states and the check of chances.
//!
//! Both are the Python rule's (`nardy.analysis.boards.gnubg_packed_boards`,
//! `nardy.analysis.values.as_chances_many`) without a Python step a
//! position; the Python definitions stay the rule for the pure build.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyFloat, PyList, PyTuple};

use crate::{Failure, each};

/// The most positions one call takes (far more than a review's largest batch).
const MOST_POSITIONS: usize = 1 << 22;
/// The byte of a packed field holding 0.
const ZERO: u8 = 128;
/// How far answers may stray outside the bounds (`nardy.analysis.values.TOLERANCE`).
const TOLERANCE: f64 = 1e-5;
/// Half the tolerance: an answer further inside the bounds passes the rule
/// whatever the rounding of its operations (`nardy.analysis.values._SURE`).
const SURE: f64 = TOLERANCE / 2.0;

/// `gnubg_boards(states)`: the gnubg board of each packed backgammon state
/// (`nardy.analysis.boards.gnubg_packed_boards`): `[opponent, side on roll]`,
/// 25 counts each as `bytes`, each side in its own numbering. A state is
/// `bytes` of at least 28; anything else is a `ValueError`.
#[pyfunction]
pub fn gnubg_boards<'py>(
    py: Python<'py>,
    states: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, PyList>>> {
    let out = each(states, "states", MOST_POSITIONS, |i, item| {
        let state = item
            .cast::<PyBytes>()
            .map_err(|_| Failure::Input(format!("states: item {i} is not bytes: {item}")))?;
        let p = state.as_bytes();
        if p.len() < 28 {
            return Err(Failure::Input(format!(
                "states: item {i} is not a packed state: {item}"
            )));
        }
        // The opponent's points are the mover's 24..1; then his bar (26), the mover's bar (25).
        let mut opponent = [0u8; 25];
        for (count, &byte) in opponent.iter_mut().zip(p[1..25].iter().rev()) {
            *count = ZERO.saturating_sub(byte);
        }
        opponent[24] = p[26].saturating_sub(ZERO);
        let mut mover = [0u8; 25];
        for (count, &byte) in mover.iter_mut().zip(&p[1..26]) {
            *count = byte.saturating_sub(ZERO);
        }
        let rows = [PyBytes::new(py, &opponent), PyBytes::new(py, &mover)];
        PyList::new(py, rows).map_err(|err| Failure::Input(err.to_string()))
    })?;
    Ok(out)
}

/// `chances_sound(values)`: whether every answer is a tuple of five floats
/// that `nardy.analysis.values.as_chances` takes as they are, and not
/// within half the tolerance of a bound (`values._all_sound`, the same
/// float operations): `False` sends the batch through the rule one by one.
#[pyfunction]
pub fn chances_sound(values: &Bound<'_, PyAny>) -> PyResult<bool> {
    let Ok(list) = values.cast::<PyList>() else {
        return Ok(false);
    };
    for answer in list.iter() {
        let Ok(tuple) = answer.cast_exact::<PyTuple>() else {
            return Ok(false);
        };
        if tuple.len() != 5 {
            return Ok(false);
        }
        let mut c = [0.0f64; 5];
        for (slot, item) in c.iter_mut().zip(tuple.iter()) {
            let Ok(x) = item.cast_exact::<PyFloat>() else {
                return Ok(false);
            };
            *slot = x.value();
        }
        if !sound(&c) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Five chances well inside the rule's bounds (`NaN` is not).
fn sound(c: &[f64; 5]) -> bool {
    let [w, wg, wb, lg, lb] = *c;
    c.iter().all(|x| (-SURE..=1.0 + SURE).contains(x))
        && wg - w < SURE
        && wb - wg < SURE
        && lg + w < 1.0 + SURE
        && lb - lg < SURE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sound_chances_are_inside_the_bounds_and_in_order() {
        assert!(sound(&[0.5, 0.15, 0.01, 0.12, 0.005]));
        assert!(sound(&[1.0, 1.0, 1.0, 0.0, 0.0]));
        assert!(!sound(&[f64::NAN, 0.0, 0.0, 0.0, 0.0]));
        assert!(!sound(&[1.0 + TOLERANCE, 0.0, 0.0, 0.0, 0.0]));
        assert!(!sound(&[0.5, 0.6, 0.0, 0.0, 0.0]));
        assert!(!sound(&[0.5, 0.1, 0.2, 0.0, 0.0]));
        assert!(!sound(&[0.8, 0.0, 0.0, 0.3, 0.0]));
        assert!(!sound(&[0.5, 0.0, 0.0, 0.2, 0.3]));
    }
}
