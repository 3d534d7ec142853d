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

/// Input the cube model ([`crate::cube`]) cannot take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CubeError {
    /// A match equity table of the wrong size, or with an entry that is not a chance.
    Met {
        /// What is wrong, in words.
        reason: String,
    },
    /// A score past the table (more than `MAX_AWAY` points away).
    Away {
        /// The points away asked for.
        away: i64,
    },
    /// A field of a match state out of its range.
    State {
        /// The field.
        field: &'static str,
        /// The value found.
        value: i64,
        /// The values allowed, in words.
        allowed: &'static str,
    },
    /// A position's five probabilities are not cumulative chances (within the tolerance).
    Probabilities {
        /// The position's index in the batch.
        index: usize,
    },
    /// The probabilities (five a position) and the efficiencies do not pair up.
    Count {
        /// How many probabilities were given.
        probabilities: usize,
        /// How many efficiencies were given.
        efficiencies: usize,
    },
    /// A match-winning chance asked of money play.
    Money,
}

impl fmt::Display for CubeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CubeError::Met { reason } => write!(f, "match equity table: {reason}"),
            CubeError::Away { away } => {
                write!(f, "the table covers scores up to 64 away, not {away}")
            }
            CubeError::State {
                field,
                value,
                allowed,
            } => write!(f, "match state: {field} is {value}, not {allowed}"),
            CubeError::Probabilities { index } => write!(
                f,
                "probabilities of position {index}: not cumulative chances"
            ),
            CubeError::Count {
                probabilities,
                efficiencies,
            } => write!(
                f,
                "{probabilities} probabilities (five a position) for {efficiencies} efficiencies"
            ),
            CubeError::Money => write!(f, "MWC is defined in match play only (length > 0)"),
        }
    }
}

impl std::error::Error for CubeError {}
