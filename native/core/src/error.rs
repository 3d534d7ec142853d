//! The errors of the core: a table it cannot read, a state or a node it cannot search.
//!
//! Every message names the field or the index and the value refused, so that
//! the binding can hand it on as it is.

use std::fmt;

/// A rules table (spec section 6) that the core cannot read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// The table ends before a field it needs.
    Short {
        /// The index of the first missing field.
        index: usize,
        /// What that field is.
        name: &'static str,
    },
    /// A field holds a value outside its range.
    Field {
        /// The field's index in the table.
        index: usize,
        /// What the field is.
        name: &'static str,
        /// The value found.
        value: i64,
        /// The values allowed, in words.
        allowed: &'static str,
    },
    /// The table goes on after its last step rule.
    Trailing {
        /// The length the fields add up to.
        expected: usize,
        /// The table's length.
        got: usize,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Short { index, name } => {
                write!(f, "table ends before field {index} ({name})")
            }
            TableError::Field {
                index,
                name,
                value,
                allowed,
            } => write!(f, "table field {index} ({name}) is {value}, not {allowed}"),
            TableError::Trailing { expected, got } => {
                write!(f, "table has {got} ints, its fields make {expected}")
            }
        }
    }
}

impl std::error::Error for TableError {}

/// A state, or a node of the step mode, that the search cannot take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// The state is not of the table's size.
    StateSize {
        /// The size the table declares.
        expected: usize,
        /// The state's length.
        got: usize,
    },
    /// One int of the state is out of its range.
    Cell {
        /// Its index in the state.
        index: usize,
        /// The value found.
        value: i64,
        /// The values allowed, in words.
        allowed: &'static str,
    },
    /// One side has more checkers than the packed form can count.
    Checkers {
        /// "mover" or "opponent".
        side: &'static str,
        /// How many checkers the state gives that side.
        count: i64,
    },
    /// The dice left of a step-mode node are not dice of the table.
    DiceLeft {
        /// Why, in words.
        reason: &'static str,
    },
    /// A step-mode target is refused.
    Target {
        /// Its index among the targets.
        index: usize,
        /// Why, in words.
        reason: &'static str,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::StateSize { expected, got } => {
                write!(f, "state has {got} ints, the table says {expected}")
            }
            SearchError::Cell {
                index,
                value,
                allowed,
            } => write!(f, "state[{index}] is {value}, not {allowed}"),
            SearchError::Checkers { side, count } => {
                write!(f, "the {side} has {count} checkers, more than 127")
            }
            SearchError::DiceLeft { reason } => write!(f, "dice left: {reason}"),
            SearchError::Target { index, reason } => write!(f, "target {index}: {reason}"),
        }
    }
}

impl std::error::Error for SearchError {}
