//! `nardy._native.Met`: gnubg's cube arithmetic (`nardy_core::cube`) seen from Python.
//!
//! A `Met` holds a match equity table, handed over once (the extended
//! tables of `nardy.analysis.met.MatchEquityTable`, flat); its methods take
//! plain numbers and score many positions of one match state at a time:
//!
//! * a **state** is 8 ints: match length (0 money), the side on roll's
//!   score, its opponent's, the cube, the owner (0 centre, 1 the side on
//!   roll, 2 its opponent), then Crawford, Jacoby and beavers as 0 or 1;
//! * **probabilities** are floats end to end, five a position in gnubg's
//!   order (win, win gammon, win backgammon, lose gammon, lose backgammon);
//! * **efficiencies** are floats, one a position.
//!
//! [`cube_efficiencies`] is gnubg's cube efficiency of many packed states
//! (`nardy_core::efficiency`), for the review's positions.
//!
//! Input the model refuses is a `ValueError` naming it; a panic inside is a
//! `RuntimeError` (see [`crate::guarded`]).

use nardy_core::cube::{self, CubeState, MAX_AWAY, Owner};
use nardy_core::efficiency::{self, Efficiencies};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::{Failure, each, guarded};

/// The most positions one call scores (far more than a review's largest batch).
const MOST_POSITIONS: usize = 1 << 22;

/// Read a Python sequence of floats (ints too), at most `most`, naming `what` when it cannot.
fn floats(value: &Bound<'_, PyAny>, what: &str, most: usize) -> Result<Vec<f64>, Failure> {
    each(value, what, most, |i, item| {
        item.extract::<f64>()
            .map_err(|_| Failure::Input(format!("{what}: item {i} is not a number: {item}")))
    })
}

/// Read a match state (see the module doc) into a checked [`CubeState`].
fn read_state(value: &Bound<'_, PyAny>) -> Result<CubeState, Failure> {
    let ints = each(value, "state", 9, |i, item| {
        item.extract::<i64>()
            .map_err(|_| Failure::Input(format!("state: item {i} is not an int: {item}")))
    })?;
    let &[length, mine, theirs, cube, owner, crawford, jacoby, beavers] = ints.as_slice() else {
        let message = format!("a state is 8 ints, not {}", ints.len());
        return Err(Failure::Input(message));
    };
    let owner = Owner::from_code(owner)
        .ok_or_else(|| Failure::Input(format!("state: owner is 0, 1 or 2, not {owner}")))?;
    let flag = |value: i64, name: &str| match value {
        0 | 1 => Ok(value == 1),
        _ => Err(Failure::Input(format!(
            "state: {name} is 0 or 1, not {value}"
        ))),
    };
    let (crawford, jacoby) = (flag(crawford, "crawford")?, flag(jacoby, "jacoby")?);
    let beavers = flag(beavers, "beavers")?;
    CubeState::new(
        length,
        [mine, theirs],
        cube,
        owner,
        crawford,
        jacoby,
        beavers,
    )
    .map_err(|err| Failure::Input(err.to_string()))
}

/// The signature of the core's batch functions ([`cube::play_scores`] and its kin).
type Batch = fn(&cube::Met, &CubeState, &[f64], &[f64]) -> Result<Vec<f64>, nardy_core::CubeError>;

/// A match equity table for the cube model, handed over once: `Met(pre_crawford, post_crawford)`.
///
/// `pre_crawford` is the extended pre-Crawford table row by row (64 x 64
/// floats: `i + 1` away against `j + 1` away at `64 i + j`), `post_crawford`
/// the extended post-Crawford one (64 floats); each entry a chance. Else a
/// `ValueError`. Immutable and safe to share between threads.
#[pyclass(frozen, module = "nardy._native")]
pub struct Met {
    met: cube::Met,
}

impl Met {
    /// Read the arguments and run `batch` on them, no panic let through.
    fn batch(
        &self,
        batch: Batch,
        state: &Bound<'_, PyAny>,
        probabilities: &Bound<'_, PyAny>,
        efficiencies: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<f64>> {
        let state = read_state(state)?;
        let p = floats(probabilities, "probabilities", 5 * MOST_POSITIONS)?;
        let x = floats(efficiencies, "efficiencies", MOST_POSITIONS)?;
        let out = guarded(|| {
            batch(&self.met, &state, &p, &x).map_err(|err| Failure::Input(err.to_string()))
        })?;
        Ok(out)
    }
}

#[pymethods]
impl Met {
    #[new]
    fn new(pre_crawford: &Bound<'_, PyAny>, post_crawford: &Bound<'_, PyAny>) -> PyResult<Self> {
        let size = MAX_AWAY * MAX_AWAY;
        let pre = floats(pre_crawford, "pre_crawford", size)?;
        let post = floats(post_crawford, "post_crawford", MAX_AWAY)?;
        let met =
            guarded(|| cube::Met::new(&pre, &post).map_err(|err| Failure::Input(err.to_string())))?;
        Ok(Met { met })
    }

    /// `play_scores(state, probabilities, efficiencies)`: the 0-ply score of
    /// each checker play, in EMG of the side that played
    /// (`nardy.analysis.cube.play_scores`): each position the one after a
    /// play, the opponent on roll, its probabilities his; `state` the player's.
    fn play_scores(
        &self,
        state: &Bound<'_, PyAny>,
        probabilities: &Bound<'_, PyAny>,
        efficiencies: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<f64>> {
        self.batch(cube::play_scores, state, probabilities, efficiencies)
    }

    /// `cubeful_mwc(state, probabilities, efficiencies)`: the cubeful MWC of
    /// the side on roll of each position (`nardy.analysis.cube.cubeful_mwc`); match play only.
    fn cubeful_mwc(
        &self,
        state: &Bound<'_, PyAny>,
        probabilities: &Bound<'_, PyAny>,
        efficiencies: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<f64>> {
        self.batch(cube::cubeful_mwcs, state, probabilities, efficiencies)
    }

    /// `cubeful_equity(state, probabilities, efficiencies)`: the cubeful
    /// equity in EMG of each position (`nardy.analysis.cube.cubeful_equity`).
    fn cubeful_equity(
        &self,
        state: &Bound<'_, PyAny>,
        probabilities: &Bound<'_, PyAny>,
        efficiencies: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<f64>> {
        self.batch(cube::cubeful_equities, state, probabilities, efficiencies)
    }

    fn __repr__(&self) -> String {
        "nardy._native.Met(...)".to_string()
    }
}

/// `cube_efficiencies(states, checkers, parameters)`: gnubg's cube efficiency
/// of the side on roll of each packed backgammon state
/// (`nardy.analysis.efficiency.packed_cube_efficiencies`).
///
/// `states` are `bytes` (`Position.packed`), `checkers` the variant's a
/// side, `parameters` the 7 floats of `Efficiencies` in its order (contact,
/// crashed, bearoff, race factor, race coefficient, race min, race max).
/// Anything else is a `ValueError`.
#[pyfunction]
pub fn cube_efficiencies(
    states: &Bound<'_, PyAny>,
    checkers: u8,
    parameters: &Bound<'_, PyAny>,
) -> PyResult<Vec<f64>> {
    let values = floats(parameters, "parameters", 8)?;
    let &[
        contact,
        crashed,
        bearoff,
        race_factor,
        race_coefficient,
        race_min,
        race_max,
    ] = values.as_slice()
    else {
        let message = format!("parameters are 7 floats, not {}", values.len());
        return Err(Failure::Input(message).into());
    };
    let parameters = Efficiencies {
        contact,
        crashed,
        bearoff,
        race_factor,
        race_coefficient,
        race_min,
        race_max,
    };
    let out = each(states, "states", MOST_POSITIONS, |i, item| {
        let state = item
            .cast::<PyBytes>()
            .map_err(|_| Failure::Input(format!("states: item {i} is not bytes: {item}")))?;
        let bytes = state.as_bytes();
        guarded(|| Ok(efficiency::efficiency(bytes, checkers, &parameters)))?.ok_or_else(|| {
            Failure::Input(format!("states: item {i} is not a packed state: {item}"))
        })
    })?;
    Ok(out)
}
