//! The exact shortcuts of the search of all plays (S4 of the Python search): the steps a node need not make, and when that holds.
//!
//! None of them changes the list: results, order, representatives
//! (`search::tests` hold the search with them to the plain one).

use crate::state::{Board, MOVER_BAR, POINTS};
use crate::table::Table;

/// The steps a node need not make, per distinct die (by its index in `search::Rules`' faces): bit `r` for the step of [`rank`](crate::search::rank) `r`.
///
/// (S4 of the Python search, `nardy.engine.onesearch`.) Where any two
/// steps may be swapped ([`swappable`]), a node N tries a step t before a
/// step s (a die tried earlier, or the same die from a lower rank); both
/// allowed at N, with t allowed again after s, s is allowed after t and
/// the two orders end on one node. That node was entered under N's child
/// by t, before the search came to N's child by s: there t would lead to
/// it again, record nothing new and not be entered. So the child by s
/// skips every step t of N that came before s. (Only the steps N allowed:
/// a step of a die is told by its source's rank alone, its landing being
/// the die's.)
pub type Skip = [u32; 6];

/// What a parent tells its child it need not make ([`Skip`]s).
///
/// `before`: the steps the parent allowed before the child's own (S4).
/// `done`: steps allowed at the parent whose node after it was entered
/// before the parent itself, so that the child may skip them whatever its
/// step: where every rule lets a step stay allowed after another
/// ([`StepRule::stays_allowed`](crate::rules::steps::StepRule::stays_allowed)), a step a node skips and its board still
/// allows is allowed there (it was at the parent), and its node was
/// entered before this one (under the earlier sibling, or the parent's
/// own `done`); then for a child by u, the step t and u swap, so the
/// child's node after t was entered under that earlier node.
#[derive(Debug, Clone, Copy, Default)]
pub struct Told {
    /// The parent's steps before the child's, per die.
    pub before: Skip,
    /// Steps any child may skip, per die.
    pub done: Skip,
}

/// Nothing to skip.
pub const NOTHING_TOLD: Told = Told {
    before: [0; 6],
    done: [0; 6],
};

/// Whether any two steps allowed at a node, the second also allowed after the first, are allowed in the other order and end on the same node.
///
/// The board's steps swap: a step never closes a point (a hit or a pin
/// leaves the point the mover's, a release leaves a lone free opposing
/// checker, which is open to pinning), never takes the checker another
/// needs (the second found one after the first), never adds a checker of
/// the mover's to his bar or pool nor above another's point, so a bear-off
/// stays allowed; both orders hit (or pin, or release) the same checkers
/// and end on the same board. Marks do not swap (which checker hit depends
/// on the order): no hitter rule. Each step rule says for itself
/// ([`StepRule::swaps`](crate::rules::steps::StepRule::swaps)), given the points a step may land on.
pub fn swappable(t: &Table, start: &Board) -> bool {
    let landing = landing_points(t, start);
    t.hitter.is_none() && t.rules.iter().all(|rule| rule.swaps(t.contact, landing))
}

/// The points some step of this turn may land on (bit p), or more: below 24 less the smallest die, and the entry points while a checker of the mover's is on his bar or in his pool (neither ever grows during his turn).
fn landing_points(t: &Table, start: &Board) -> u32 {
    let entering = start.at(MOVER_BAR) > 0 || start.pool(t.pool) > 0;
    t.dice.iter().fold(0, |mask, &d| {
        let d = usize::from(d);
        let moves = POINTS & ((1 << (25 - d)) - 1);
        mask | moves | (u32::from(entering) << (25 - d))
    })
}
