//! The exact shortcuts of the search of all plays (S4 of the Python search): the steps a node need not make, and when that holds.
//!
//! None of them changes the list: results, order, representatives
//! (`search::tests` hold the search with them to the plain one).

use crate::state::{Board, MOVER_BAR, POINTS};
use crate::table::Table;

/// The steps a node need not make, per distinct die (by its index in `search::Rules`' faces): bit `src` for the step from `src` (25 the bar, 26 the pool; a step of a die is told by its source alone, its landing being the die's).
///
/// (S4 of the Python search, `nardy.engine.onesearch`.) Where any two
/// steps may be swapped ([`swappable`]), a node N tries a step t before a
/// step s (a die tried earlier, or the same die from a lower
/// [`rank`](crate::search::rank)); both allowed at N, with t allowed again
/// after s, s is allowed after t and the two orders end on one node. That
/// node was entered under N's child by t, before the search came to N's
/// child by s: there t would lead to it again, record nothing new and not
/// be entered. So the child by s skips every step t of N that came before
/// s. (Only the steps N allowed.)
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
/// `cont`: one checker's two steps taken in the other order ([`continues`]).
/// `free`: the parent's rules allowed every step from its board, and so
/// they do from the child's ([`StepRule::allows_every_step`](crate::rules::steps::StepRule::allows_every_step) holds for
/// the rest of the turn once it holds): the child need not ask.
#[derive(Debug, Clone, Copy, Default)]
pub struct Told {
    /// The parent's steps before the child's, per die.
    pub before: Skip,
    /// Steps any child may skip, per die.
    pub done: Skip,
    /// The child's own checker going on with a die the parent moved it with first, per die.
    pub cont: Skip,
    /// Whether every step rule allows every step (from the parent's board, so from the child's).
    pub free: bool,
}

/// Nothing to skip.
pub const NOTHING_TOLD: Told = Told {
    before: [0; 6],
    done: [0; 6],
    cont: [0; 6],
    free: false,
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

/// Whether a child may skip its own checker's step with a die its parent moved that checker with first (`Told::cont`), the two steps then taken in the other order.
///
/// Where steps swap ([`swappable`]), let N allow a step by die a from
/// `src` to `la` and, later, a step by another die b from `src` to `lb`,
/// neither a hit and both on points with no opposing checker nor pin
/// (so each leaves its landing as it found it, but for the checker). The
/// child N·b may then skip the step by a from `lb` (landing on the point
/// `src - a - b`, not off): it ends on the node N·a·b (one checker of
/// `src` on `src - a - b`, that point met alike: the same hit, the same
/// board). And where N·b allows it, N·a allows the step by b from `la`:
/// the same landing on the same contents, the bar first alike, each rule
/// judging the same board after the step, the same landing and hit, and a
/// source it does not read ([`StepRule::continues`](crate::rules::steps::StepRule::continues)). N·a was entered
/// before N·b (its step came first) and every step it allows led to a
/// node entered by the time the search left it, so N·a·b was entered
/// before N·b: N·b would meet it again and record nothing new. (N's step
/// by a from `src` must be one N made, or one it skipped as done: a step
/// allowed at N whose node was entered before N.)
///
/// This says only what the step rules add: the caller asks it where steps
/// swap ([`swappable`]), and not otherwise.
pub fn continues(t: &Table, start: &Board) -> bool {
    let landing = landing_points(t, start);
    t.rules
        .iter()
        .all(|rule| rule.continues(t.contact, landing))
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
