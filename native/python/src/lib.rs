//! `nardy._native`: nardy's native rules core (the crate `nardy-core`) seen from Python.
//!
//! One class, [`Rules`]: one turn's rules, decoded once from the flat table
//! of the contract (version 1: a sequence of ints, built by
//! `nardy.engine.table.native_table`), and asked for the legal plays of a
//! state (`search`) or of many states at once without the GIL
//! (`search_many`). A play comes back as its key (the packed resulting
//! state) and its steps code; `search_packed` gives all of a state's plays
//! in two `bytes` objects, for callers that want no Python object a play.
//! A state is a sequence of ints or its packed form (`bytes`).
//!
//! The environments' step mode asks a [`StepSearch`] (`Rules.step_search`,
//! on a board-only table) which steps of a node still lead to one of a
//! turn's legal results.
//!
//! `cube::Met` is gnubg's cube arithmetic for the match review
//! (`nardy_core::cube`), on a match equity table handed over once;
//! `cube::cube_efficiencies` its cube efficiencies, and `review` the
//! review's gnubg boards and check of an engine's chances.
//!
//! Nothing crosses the boundary but values and Python exceptions: a table
//! or state the core refuses raises `ValueError` with the core's message,
//! and a panic inside the core is caught at every entry point and raised as
//! `RuntimeError("nardy native core: internal error: ...")`, never let
//! through to unwind into the interpreter.

#![deny(missing_docs)]

mod cube;
mod review;

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Mutex, TryLockError};

use nardy_core::state::{BASE_SIZE, FROM_POOL, MAX_STATE};
use nardy_core::{Code, DiceLeft, StepMemo, Table, key_len, search_packed};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt, PyTuple};

/// The most ints a table may hold: far above any table of version 1
/// (16 fields, four dice, a few rules of three ints), so a huge or
/// endless sequence is refused before it is read to its end.
const MOST_TABLE_INTS: usize = 4096;
/// The most ints a state may hold: 28 and two per extra field, far fewer.
const MOST_STATE_INTS: usize = 256;

/// One play as Python receives it: `(bytes, int)`.
type PyPlay<'py> = (Bound<'py, PyBytes>, Bound<'py, PyInt>);
/// A state's plays as two lists, as `Rules.search_lists` gives them: the keys and the codes.
type PyLists<'py> = (Vec<Bound<'py, PyBytes>>, Vec<Bound<'py, PyInt>>);

/// Why a call failed: the input (the caller's fault) or the core itself (a bug).
#[derive(Debug, PartialEq, Eq)]
enum Failure {
    /// The core, or the reading of a sequence, refused the input: `ValueError`.
    Input(String),
    /// The core panicked: `RuntimeError`, whatever the input was.
    Internal(String),
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        match failure {
            Failure::Input(message) => PyValueError::new_err(message),
            Failure::Internal(message) => {
                PyRuntimeError::new_err(format!("nardy native core: internal error: {message}"))
            }
        }
    }
}

/// Run `work` so that no panic leaves it: a panic becomes [`Failure::Internal`].
///
/// Every call into the core goes through here (a panic unwinding into
/// the interpreter would abort it or leave it in an unknown state).
fn guarded<T>(work: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(result) => result,
        Err(payload) => Err(Failure::Internal(panic_message(payload.as_ref()))),
    }
}

/// The text a panic was raised with (a `&str` or a `String`), or a placeholder.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Read each item of a Python sequence with `read`, at most `most` of them.
///
/// A value that is not iterable, an item that cannot be read, or more
/// than `most` items is refused as [`Failure::Input`] naming `what` (what
/// `read` refuses, it names itself), so that every bad input is a
/// `ValueError`.
fn each<'py, T>(
    value: &Bound<'py, PyAny>,
    what: &str,
    most: usize,
    mut read: impl FnMut(usize, Bound<'py, PyAny>) -> Result<T, Failure>,
) -> Result<Vec<T>, Failure> {
    let items = value
        .try_iter()
        .map_err(|_| Failure::Input(format!("{what} is a sequence, not a {}", type_name(value))))?;
    let mut out = Vec::new();
    for (i, item) in items.enumerate() {
        if i == most {
            return Err(Failure::Input(format!("{what} has more than {most} items")));
        }
        let item =
            item.map_err(|err| Failure::Input(format!("{what}: reading item {i} failed: {err}")))?;
        out.push(read(i, item)?);
    }
    Ok(out)
}

/// Read a Python sequence of ints (see [`each`]), each within `T`.
fn ints<T: TryFrom<i64>>(
    value: &Bound<'_, PyAny>,
    what: &str,
    most: usize,
) -> Result<Vec<T>, Failure> {
    each(value, what, most, |i, item| {
        item.extract::<i64>()
            .ok()
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| {
                Failure::Input(format!("{what}: item {i} is not an int in range: {item}"))
            })
    })
}

/// Read a state: a sequence of ints (a tuple read directly), or its packed form as `bytes`.
///
/// The packed form (the contract's section 1, what `nardy_core::pack` and
/// the keys are): 28 bytes, each an int plus 128, then 4 bytes
/// little-endian a further int. Anything else is refused as
/// [`Failure::Input`] naming `what`.
fn read_state(value: &Bound<'_, PyAny>, what: &str) -> Result<Vec<i32>, Failure> {
    if let Ok(packed) = value.cast::<PyBytes>() {
        return unpack(packed.as_bytes(), what);
    }
    let Ok(tuple) = value.cast::<PyTuple>() else {
        return ints::<i32>(value, what, MOST_STATE_INTS);
    };
    if tuple.len() > MOST_STATE_INTS {
        return Err(Failure::Input(format!(
            "{what} has more than {MOST_STATE_INTS} items"
        )));
    }
    let mut out = Vec::with_capacity(tuple.len());
    for (i, item) in tuple.iter().enumerate() {
        let n = item
            .extract::<i64>()
            .ok()
            .and_then(|n| i32::try_from(n).ok());
        out.push(n.ok_or_else(|| {
            Failure::Input(format!("{what}: item {i} is not an int in range: {item}"))
        })?);
    }
    Ok(out)
}

/// The state a packed form holds (see [`read_state`]).
fn unpack(bytes: &[u8], what: &str) -> Result<Vec<i32>, Failure> {
    let extra = bytes.len().checked_sub(28).filter(|n| n % 4 == 0);
    let Some(extra) = extra.filter(|n| n / 4 <= MOST_STATE_INTS) else {
        return Err(Failure::Input(format!(
            "{what}: a packed state has 28 bytes and 4 a further int, not {}",
            bytes.len()
        )));
    };
    let mut out = Vec::with_capacity(28 + extra / 4);
    unpack_into(bytes, &mut out);
    Ok(out)
}

/// Append the state a packed form of the right length holds to `out` (see [`unpack`]).
fn unpack_into(bytes: &[u8], out: &mut Vec<i32>) {
    out.extend(bytes[..28].iter().map(|&b| i32::from(b) - 128));
    out.extend(
        bytes[28..]
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as i32),
    );
}

/// The state a packed key of a table's length holds, written to `out` (room for any table's state); its ints.
///
/// `bytes` is `key_len(size)` long for a table's `size`, at most [`MAX_STATE`]:
/// the extras that do not fit are never read.
fn unpack_to<'a>(bytes: &[u8], out: &'a mut [i32; MAX_STATE]) -> &'a [i32] {
    for (x, &b) in out.iter_mut().zip(&bytes[..28]) {
        *x = i32::from(b) - 128;
    }
    let mut n = 28;
    for (x, c) in out[28..].iter_mut().zip(bytes[28..].chunks_exact(4)) {
        *x = u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as i32;
        n += 1;
    }
    &out[..n]
}

/// The Python type name of `value`, for a message.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |name| name.to_string())
}

/// One search's plays as the core gives them, flat: the keys one after the other (each of the table's key length), and the codes.
#[derive(Debug, Default)]
struct Found {
    /// The packed resulting states (`nardy_core::pack`, the contract's section 1), end to end.
    keys: Vec<u8>,
    /// The steps codes, one a play.
    codes: Vec<Code>,
    /// Where each state's plays end in `codes` (a batch holds several states).
    ends: Vec<usize>,
}

thread_local! {
    /// Each thread's buffers for [`Found`], kept from one call to the next.
    static FOUND: RefCell<Found> = RefCell::new(Found::default());
}

/// The most bytes of keys a kept [`Found`] may hold room for (a bigger one is dropped).
const KEPT_BYTES: usize = 1 << 16;

impl Found {
    /// Run `work` on this thread's buffers, emptied first (fresh ones if they are in use).
    fn with<T>(work: impl FnOnce(&mut Found) -> T) -> T {
        FOUND.with(|cell| match cell.try_borrow_mut() {
            Ok(mut found) => {
                if found.keys.capacity() > KEPT_BYTES {
                    *found = Found::default();
                }
                found.keys.clear();
                found.codes.clear();
                found.ends.clear();
                work(&mut found)
            }
            Err(_) => work(&mut Found::default()),
        })
    }

    /// Search `state` and append its plays. Guarded: a panic is a [`Failure::Internal`].
    fn add(&mut self, table: &Table, state: &[i32]) -> Result<(), Failure> {
        guarded(|| {
            search_packed(table, state, &mut self.keys, &mut self.codes)
                .map_err(|err| Failure::Input(err.to_string()))
        })?;
        self.ends.push(self.codes.len());
        Ok(())
    }

    /// Search each of `states` and append its plays, with the GIL released; a refusal names the state's index.
    fn add_many(&mut self, py: Python<'_>, table: &Table, states: &[Vec<i32>]) -> PyResult<()> {
        py.detach(|| {
            for (i, state) in states.iter().enumerate() {
                self.add(table, state)
                    .map_err(|failure| at_state(i, failure))?;
            }
            Ok::<(), Failure>(())
        })?;
        Ok(())
    }

    /// The plays of the `i`-th state searched as two lists, as `Rules.search_lists` gives them.
    fn lists<'py>(&self, py: Python<'py>, size: usize, i: usize) -> PyLists<'py> {
        let len = key_len(size);
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        let keys = self.keys[start * len..self.ends[i] * len]
            .chunks_exact(len)
            .map(|key| PyBytes::new(py, key))
            .collect();
        let codes = self.codes[start..self.ends[i]]
            .iter()
            .map(|&code| code_to_python(py, code))
            .collect();
        (keys, codes)
    }

    /// The plays of the `i`-th state searched, as Python values: a list of (bytes, int).
    fn to_python<'py>(&self, py: Python<'py>, size: usize, i: usize) -> Vec<PyPlay<'py>> {
        let len = key_len(size);
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        (start..self.ends[i])
            .map(|j| {
                let key = &self.keys[j * len..(j + 1) * len];
                (PyBytes::new(py, key), code_to_python(py, self.codes[j]))
            })
            .collect()
    }
}

/// A batch's states, read as the core takes them; a bad one is a [`Failure::Input`] naming its index.
fn read_states(states: &Bound<'_, PyAny>) -> Result<Vec<Vec<i32>>, Failure> {
    // (The index is written into a refusal only: a message made for every
    // state would cost more than reading it.)
    each(states, "states", usize::MAX, |i, item| {
        read_state(&item, "the state").map_err(|failure| at_state(i, failure))
    })
}

/// A refusal of a batch's `i`-th state, saying which (a failure of the core's own stays as it is).
fn at_state(i: usize, failure: Failure) -> Failure {
    match failure {
        Failure::Input(message) => Failure::Input(format!("state {i}: {message}")),
        internal => internal,
    }
}

/// A steps code as a Python int: through a `u64` when it fits (every play
/// of at most four steps), whose conversion is several times cheaper than
/// a `u128`'s under the stable ABI.
fn code_to_python(py: Python<'_>, code: Code) -> Bound<'_, PyInt> {
    match u64::try_from(code) {
        Ok(small) => small
            .into_pyobject(py)
            .unwrap_or_else(|never| match never {}),
        Err(_) => code
            .into_pyobject(py)
            .unwrap_or_else(|never| match never {}),
    }
}

/// One turn's rules for the native search, decoded once from a flat table.
///
/// `Rules(table)`: `table` is a sequence of ints, the flat table of
/// version 1 (`nardy.engine.table.native_table`). A table the core cannot
/// read raises `ValueError`. Immutable, and safe to share between threads.
#[pyclass(frozen, module = "nardy._native")]
pub struct Rules {
    /// The decoded table.
    table: Table,
}

#[pymethods]
impl Rules {
    /// Decode `table` (a sequence of ints); `ValueError` if the core refuses it.
    #[new]
    fn new(table: &Bound<'_, PyAny>) -> PyResult<Self> {
        let ints = ints::<i64>(table, "the table", MOST_TABLE_INTS)?;
        let table =
            guarded(|| Table::decode(&ints).map_err(|err| Failure::Input(err.to_string())))?;
        Ok(Rules { table })
    }

    /// The legal plays from `state` (the mover's frame: a sequence of ints, or its packed form as `bytes`).
    ///
    /// A list of `(key, code)`: the packed resulting state and the steps
    /// code, in the canonical order; empty for a pass. `ValueError` for a
    /// state the core refuses.
    fn search<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<PyPlay<'py>>> {
        let state = read_state(state, "the state")?;
        Found::with(|found| {
            found.add(&self.table, &state)?;
            Ok(found.to_python(py, self.table.size, 0))
        })
    }

    /// `search` in two objects: `(keys, codes)`, the keys end to end and the codes 16 bytes each.
    ///
    /// `keys` holds each play's key (the packed resulting state, of the
    /// table's key length) one after the other, in the canonical order;
    /// `codes` each play's steps code as 16 bytes little-endian, in the same
    /// order; both empty for a pass. For callers that want the plays without
    /// a Python object a play. `ValueError` for a state the core refuses.
    fn search_packed<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let state = read_state(state, "the state")?;
        Found::with(|found| {
            found.add(&self.table, &state)?;
            let keys = PyBytes::new(py, &found.keys);
            let codes = PyBytes::new_with(py, 16 * found.codes.len(), |out| {
                for (chunk, code) in out.chunks_exact_mut(16).zip(&found.codes) {
                    chunk.copy_from_slice(&code.to_le_bytes());
                }
                Ok(())
            })?;
            Ok((keys, codes))
        })
    }

    /// `search` as two lists: `(keys, codes)`, each play's key (`bytes`) and its steps code (`int`).
    ///
    /// In the canonical order; both empty for a pass. The engine's path
    /// (`nardy.engine.native.packed_plays`): the lists are what it keeps, so
    /// no Python code runs a play. `ValueError` for a state the core refuses.
    fn search_lists<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
    ) -> PyResult<PyLists<'py>> {
        let state = read_state(state, "the state")?;
        Found::with(|found| {
            found.add(&self.table, &state)?;
            let len = key_len(self.table.size);
            let keys = found
                .keys
                .chunks_exact(len)
                .map(|key| PyBytes::new(py, key))
                .collect();
            let codes = found
                .codes
                .iter()
                .map(|&code| code_to_python(py, code))
                .collect();
            Ok((keys, codes))
        })
    }

    /// `search` of each state of `states`, in order, with the GIL released while the core searches.
    ///
    /// Other Python threads run meanwhile, so threads that each ask for a
    /// batch scale with the cores. The first state the core refuses raises
    /// `ValueError` naming its index.
    fn search_many<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Vec<PyPlay<'py>>>> {
        let read = read_states(states)?;
        Found::with(|found| {
            found.add_many(py, &self.table, &read)?;
            Ok((0..read.len())
                .map(|i| found.to_python(py, self.table.size, i))
                .collect())
        })
    }

    /// `search_lists` of each state of `states`, in order, with the GIL released while the core searches.
    ///
    /// The batch entry point of the engine (`Variant.play_keys_many`): a
    /// list of `(keys, codes)`, both empty for a pass. The first state the
    /// core refuses raises `ValueError` naming its index.
    fn search_lists_many<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<PyLists<'py>>> {
        let read = read_states(states)?;
        Found::with(|found| {
            found.add_many(py, &self.table, &read)?;
            Ok((0..read.len())
                .map(|i| found.lists(py, self.table.size, i))
                .collect())
        })
    }

    /// The step mode of one turn under these rules (a board-only table): a [`StepSearch`].
    ///
    /// `targets` are the packed states of the turn's legal results, end to
    /// end (`bytes`, each of the table's key length: what `search_packed`
    /// gives); `returns` whether a checker on the bar may come back onto the
    /// head as a step of its own (Kush). `ValueError` for targets the core
    /// refuses, naming the first bad one's index.
    fn step_search(&self, targets: &Bound<'_, PyAny>, returns: bool) -> PyResult<StepSearch> {
        let Ok(targets) = targets.cast::<PyBytes>() else {
            let message = format!("the targets are bytes, not a {}", type_name(targets));
            return Err(Failure::Input(message).into());
        };
        let (targets, len) = (targets.as_bytes(), key_len(self.table.size));
        if targets.len() % len != 0 {
            let message = format!("the targets' {} bytes are no keys of {len}", targets.len());
            return Err(Failure::Input(message).into());
        }
        let table = self.table.clone();
        let search = guarded(|| {
            let mut search = nardy_core::StepSearch::new(table, returns, &[])
                .map_err(|err| Failure::Input(err.to_string()))?;
            search.reserve(targets.len() / len);
            // One buffer on the stack for every target.
            let mut state = [0i32; MAX_STATE];
            for (i, key) in targets.chunks_exact(len).enumerate() {
                search
                    .add_target(i, unpack_to(key, &mut state))
                    .map_err(|err| Failure::Input(err.to_string()))?;
            }
            Ok(search)
        })?;
        Ok(StepSearch {
            search,
            memo: Mutex::new(StepMemo::default()),
            size: self.table.size,
        })
    }

    /// `nardy._native.Rules(...)` (the table is not kept as ints).
    fn __repr__(&self) -> String {
        "nardy._native.Rules(...)".to_string()
    }
}

/// One turn of the environments' step mode: which board-possible steps of a node still lead to a legal result.
///
/// Made by `Rules.step_search`; it remembers what it learns, so each node
/// is searched once a turn. Safe to share between threads: the search runs
/// with the GIL released, and a thread that finds the memo in use searches
/// with a memo of its own (never waiting, so never deadlocking with the GIL).
#[pyclass(frozen, module = "nardy._native")]
pub struct StepSearch {
    /// The turn's board-only rules and legal results.
    search: nardy_core::StepSearch,
    /// What the searches so far learnt.
    memo: Mutex<StepMemo>,
    /// The state size of the table (for the packed children).
    size: usize,
}

/// The step actions of `nardy.agents.env.steps` this binding answers with: the pass, a return, the first pool entry.
const RETURN_ACTION: usize = 151;
/// See [`RETURN_ACTION`].
const POOL_ACTION: usize = 152;

/// The step action of a step from `src` (26 the pool) by `die` (0: a return), as `nardy.agents.env.steps` numbers them.
fn step_action(src: usize, die: usize) -> usize {
    match (src, die) {
        (_, 0) => RETURN_ACTION,
        (FROM_POOL, _) => POOL_ACTION + die - 1,
        _ => 6 * (src - 1) + die - 1,
    }
}

/// The code of the dice left as a node's code ends with: 5 bits a face (the count of face d at bits `5(d-1)..5d`).
fn dice_code(left: &DiceLeft) -> u32 {
    (1..=6).map(|d| left.of_face(d) << (5 * (d - 1))).sum()
}

/// The dice a node's dice code holds (see [`dice_code`]), each face's count read from its 5 bits.
///
/// Written to `out`; past [`DICE_ROOM`] dice the rest are dropped, and the
/// last kept is a 7, which no table holds (so the core refuses them).
fn dice_of_code(code: u32, out: &mut [u8; DICE_ROOM]) -> &[u8] {
    let mut n = 0;
    for d in 1..=6u8 {
        for _ in 0..(code >> (5 * (d - 1))) & 31 {
            if n == DICE_ROOM {
                out[DICE_ROOM - 1] = 7;
                return out;
            }
            out[n] = d;
            n += 1;
        }
    }
    &out[..n]
}

/// Room for the dice of a node: more than any table's (at most 8).
const DICE_ROOM: usize = 16;

/// A node's answer as Python receives it: `(is_target, actions, children)`.
type PyNode<'py> = (bool, Bound<'py, PyTuple>, Bound<'py, PyBytes>);

#[pymethods]
impl StepSearch {
    /// The node whose code is `node`: `(is_target, actions, children)`.
    ///
    /// A node's code, as bytes (little-endian): 4 bytes of the dice left (5
    /// bits a face, the count of face d at bits `5(d-1)`), then the packed
    /// state.
    ///
    /// `is_target`: whether the state is a legal result's (the steps so far
    /// make a legal play). `actions`: the allowed steps as the step actions
    /// of `nardy.agents.env.steps` (`6 * (src - 1) + die - 1`, 151 a return
    /// from the bar, `152 + die - 1` an entry from the pool), ascending.
    /// `children`: for each action in that order, the code of the node it
    /// leads to, as bytes. `ValueError` for a node the core refuses (its
    /// state, or dice left that are not the table's).
    fn allowed<'py>(&self, py: Python<'py>, node: &Bound<'py, PyAny>) -> PyResult<PyNode<'py>> {
        let Ok(node) = node.cast::<PyBytes>() else {
            let message = format!("a node's code is bytes, not a {}", type_name(node));
            return Err(Failure::Input(message).into());
        };
        let Some((dice, packed)) = node.as_bytes().split_first_chunk::<4>() else {
            return Err(Failure::Input("a node's code has at least 4 bytes".to_string()).into());
        };
        if packed.len() != key_len(self.size) {
            let message = format!(
                "a node's state has the table's {} bytes, not {}",
                key_len(self.size),
                packed.len()
            );
            return Err(Failure::Input(message).into());
        }
        // (On the stack: a node's answer is asked for at every step.)
        let mut buffer = [0i32; MAX_STATE];
        let state = unpack_to(packed, &mut buffer);
        let mut faces = [0u8; DICE_ROOM];
        let dice = dice_of_code(u32::from_le_bytes(*dice), &mut faces);
        let node = py.detach(|| {
            guarded(|| {
                let run = |memo: &mut StepMemo| {
                    self.search
                        .allowed(state, dice, memo)
                        .map_err(|err| Failure::Input(err.to_string()))
                };
                match self.memo.try_lock() {
                    Ok(mut memo) => run(&mut memo),
                    Err(TryLockError::WouldBlock) => run(&mut StepMemo::default()),
                    // A panic inside left it half made: start it again.
                    Err(TryLockError::Poisoned(poisoned)) => {
                        let mut memo = poisoned.into_inner();
                        memo.clear();
                        run(&mut memo)
                    }
                }
            })
        })?;
        let mut steps: Vec<_> = node
            .steps
            .iter()
            .map(|(src, die, board, left)| (step_action(*src, *die), board, left))
            .collect();
        steps.sort_unstable_by_key(|step| step.0);
        let mut children = Vec::with_capacity(steps.len() * (4 + key_len(self.size)));
        for (_, board, left) in &steps {
            children.extend_from_slice(&dice_code(left).to_le_bytes());
            board.pack_into(&mut children);
        }
        let actions = PyTuple::new(py, steps.iter().map(|step| step.0))?;
        Ok((node.is_target, actions, PyBytes::new(py, &children)))
    }

    /// `nardy._native.StepSearch(...)`.
    fn __repr__(&self) -> String {
        "nardy._native.StepSearch(...)".to_string()
    }
}

/// The module `nardy._native`: the classes [`Rules`] and [`StepSearch`].
/// `Flip(geometry)`: a packed state without extra fields turned round to
/// the other side, as a one-argument function (`nardy.engine.state.flip_packed`,
/// which it equals: the engine's flip of a resulting position, one call).
///
/// `geometry` is a `Geometry.code` (0 mirror, 1 rotate, 2 the same track);
/// another is a `ValueError`, as is a state that is not 28 bytes.
#[pyclass(frozen, module = "nardy._native")]
pub struct Flip {
    /// The geometry's code, known to [`nardy_core::geometry`].
    geometry: u8,
}

#[pymethods]
impl Flip {
    #[new]
    fn new(geometry: &Bound<'_, PyAny>) -> PyResult<Self> {
        match geometry.extract::<u8>() {
            Ok(code) if nardy_core::geometry::opponent_point(code, 1).is_some() => {
                Ok(Flip { geometry: code })
            }
            _ => Err(Failure::Input(format!(
                "a geometry is 0, 1 or 2 (Geometry.code), not {}",
                geometry
                    .repr()
                    .map_or_else(|_| type_name(geometry), |r| r.to_string())
            ))
            .into()),
        }
    }

    /// The packed state `packed` (28 bytes) in the other side's frame.
    fn __call__<'py>(
        &self,
        py: Python<'py>,
        packed: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let Ok(bytes) = packed.cast::<PyBytes>() else {
            let message = format!("a packed state is bytes, not a {}", type_name(packed));
            return Err(Failure::Input(message).into());
        };
        let Ok(state) = <&[u8; BASE_SIZE]>::try_from(bytes.as_bytes()) else {
            let message = format!(
                "Flip turns a packed state of {BASE_SIZE} bytes (no extra fields), not {}",
                bytes.as_bytes().len()
            );
            return Err(Failure::Input(message).into());
        };
        // (The geometry was checked when the Flip was made.)
        let turned = nardy_core::geometry::flip_packed(self.geometry, state)
            .ok_or_else(|| Failure::Internal(format!("geometry {}", self.geometry)))?;
        Ok(PyBytes::new(py, &turned))
    }
}

/// A list of packed plays (ints of at most 128 bits); a bad one is a [`Failure::Input`] naming its index.
fn read_codes(codes: &Bound<'_, PyAny>) -> Result<Vec<Code>, Failure> {
    each(codes, "codes", usize::MAX, |i, item| {
        let message = || format!("code {i}: not a packed play ({})", type_name(&item));
        item.extract::<Code>()
            .map_err(|_| Failure::Input(message()))
    })
}

/// `write_codes(codes)`: each packed play of `codes` (ints) in standard
/// notation, as `nardy.engine.notation_write.write_code` writes it.
///
/// A code that is not a non-negative int of at most 128 bits is a `ValueError`.
#[pyfunction]
fn write_codes(codes: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let codes = read_codes(codes)?;
    Ok(codes
        .into_iter()
        .map(nardy_core::notation::write_code)
        .collect())
}

/// `answer_text(keys, codes, after)`: `nardy legal`'s answer line for a
/// legal set of states without extra fields, as
/// `nardy.cli.legal_text.plays_text` writes it (and the same text as
/// `json.dumps`): each play's notation, its resulting board, bar and off,
/// then `after` (the echoed keys' text) in each entry; a newline at the end.
///
/// `keys` are the packed results (28 bytes each), `codes` the packed plays;
/// anything else is a `ValueError`.
#[pyfunction]
fn answer_text(keys: &Bound<'_, PyAny>, codes: &Bound<'_, PyAny>, after: &str) -> PyResult<String> {
    let keys = each(keys, "keys", usize::MAX, |i, item| {
        let bytes = item.cast::<PyBytes>().ok().map(|b| b.as_bytes().to_vec());
        bytes
            .and_then(|b| <[u8; BASE_SIZE]>::try_from(b).ok())
            .ok_or_else(|| {
                Failure::Input(format!("key {i}: not a packed state of {BASE_SIZE} bytes"))
            })
    })?;
    let codes = read_codes(codes)?;
    if keys.len() != codes.len() {
        let message = format!("{} keys and {} codes", keys.len(), codes.len());
        return Err(Failure::Input(message).into());
    }
    let count = |byte: u8| i32::from(byte) - 128;
    let mut out = String::with_capacity(16 + keys.len() * (120 + after.len()));
    out.push_str("{\"plays\": [");
    for (i, (key, &code)) in keys.iter().zip(&codes).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        // (A notation is ASCII letters, digits, "/", "*", "(", ")" and spaces: nothing to escape.)
        out.push_str("{\"play\": \"");
        out.push_str(&nardy_core::notation::write_code(code));
        out.push_str("\", \"board\": [");
        for (p, &byte) in key[1..25].iter().enumerate() {
            if p > 0 {
                out.push_str(", ");
            }
            out.push_str(&count(byte).to_string());
        }
        out.push_str(&format!(
            "], \"bar\": [{}, {}], \"off\": [{}, {}]",
            count(key[25]),
            count(key[26]),
            count(key[0]),
            count(key[27])
        ));
        out.push_str(after);
        out.push('}');
    }
    out.push_str("]}\n");
    Ok(out)
}

#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(answer_text, module)?)?;
    module.add_class::<Rules>()?;
    module.add_class::<StepSearch>()?;
    module.add_class::<Flip>()?;
    module.add_class::<cube::Met>()?;
    module.add_function(wrap_pyfunction!(cube::cube_efficiencies, module)?)?;
    module.add_function(wrap_pyfunction!(review::gnubg_boards, module)?)?;
    module.add_function(wrap_pyfunction!(review::chances_sound, module)?)?;
    module.add_function(wrap_pyfunction!(write_codes, module)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_internal_failure_with_its_message() {
        let failure = guarded::<()>(|| panic!("boom {}", 7)).unwrap_err();
        assert_eq!(failure, Failure::Internal("boom 7".to_string()));
        let failure = guarded::<()>(|| std::panic::panic_any(3_u8)).unwrap_err();
        assert_eq!(
            failure,
            Failure::Internal("a panic without a message".to_string())
        );
    }

    #[test]
    fn a_result_passes_through_unchanged() {
        assert_eq!(guarded(|| Ok(5)), Ok(5));
        let refused = guarded::<()>(|| Err(Failure::Input("no".to_string())));
        assert_eq!(refused, Err(Failure::Input("no".to_string())));
    }

    #[test]
    fn a_table_the_core_refuses_is_an_input_failure() {
        let refused =
            guarded(|| Table::decode(&[99]).map_err(|err| Failure::Input(err.to_string())));
        assert!(matches!(refused, Err(Failure::Input(_))));
    }
}
