//! Kush's return from the bar onto the head.

use crate::state::{Board, HEAD, MOVER_BAR};

/// Kush's return: on a double d-d the mover may, instead of moving, bring `min(d, bar)` of his checkers from the bar onto his head (point 24), unless an opposing checker stands there.
///
/// The resulting board and the number of checkers returned (each a step
/// `bar/24` of die d), or `None` when there is nothing to return.
pub fn kush_return(start: &Board, double: u8) -> Option<(Board, usize)> {
    let bar = start.at(MOVER_BAR);
    if bar <= 0 || start.at(HEAD) < 0 {
        return None;
    }
    let n = bar.min(i32::from(double));
    let mut end = *start;
    end.add(MOVER_BAR, -n);
    end.add(HEAD, n);
    Some((end, n as usize))
}
