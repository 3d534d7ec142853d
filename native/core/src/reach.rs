//! Steps one at a time (spec section 5): whether a node can still reach a legal result.

use crate::error::SearchError;
use crate::hash::{FxMap, FxSet};
use crate::search::{DiceLeft, Node, Rules};
use crate::shortcuts::NOTHING_TOLD;
use crate::state::{Board, validate};
use crate::table::{MAX_DICE, Table};

/// The search for a target from one node, remembering the nodes that cannot reach one.
struct Reach<'a> {
    rules: Rules<'a>,
    targets: FxSet<(Board, u8)>,
    memo: FxMap<Node, bool>,
}

impl Reach<'_> {
    /// Whether `at` (having used `used` dice) is a target, or some allowed step leads to a node that reaches one.
    fn reaches(&mut self, at: &Node, used: u8) -> bool {
        if self.targets.contains(&(at.board, used)) {
            return true;
        }
        if let Some(&known) = self.memo.get(at) {
            return known;
        }
        let mut found = false;
        let rules = self.rules;
        rules.children(at, &NOTHING_TOLD, |child, _| {
            found = self.reaches(&child.node, used + 1);
            !found
        });
        self.memo.insert(*at, found);
        found
    }
}

/// Whether some sequence of allowed steps from the node (`start`, `marks`, `dice_left`), the empty one included, ends on a target.
///
/// A target is a legal result's state and the dice it used from the turn's
/// start; the node has used the table's dice less `dice_left`. `marks` has
/// bit p for a marked checker (one that hit) on point p.
pub fn reaching(
    t: &Table,
    start: &[i32],
    marks: u32,
    dice_left: &[u8],
    targets: &[(Vec<i32>, u32)],
) -> Result<bool, SearchError> {
    validate(t, start)?;
    let board = Board::from_state(start);
    check_marks(&board, marks)?;
    let left = check_dice_left(t, dice_left)?;
    let used = (t.dice.len() - left.count()) as u8;
    let mut set = FxSet::default();
    for (index, (state, n)) in targets.iter().enumerate() {
        validate(t, state).map_err(|_| SearchError::Target {
            index,
            reason: "not a state of the table",
        })?;
        if *n as usize > MAX_DICE {
            return Err(SearchError::Target {
                index,
                reason: "dice used above 8",
            });
        }
        set.insert((Board::from_state(state), *n as u8));
    }
    let mut reach = Reach {
        rules: Rules::new(t),
        targets: set,
        memo: FxMap::default(),
    };
    let root = Node {
        board,
        marks,
        left,
        rank: 0,
    };
    Ok(reach.reaches(&root, used))
}

/// Marks lie on points 1..24, each on a point holding a checker of the mover's.
fn check_marks(b: &Board, marks: u32) -> Result<(), SearchError> {
    let bad = (0..32).find(|&p| (marks >> p) & 1 == 1 && !((1..=24).contains(&p) && b.at(p) > 0));
    match bad {
        None => Ok(()),
        Some(_) => Err(SearchError::Cell {
            index: 0,
            value: i64::from(marks),
            allowed: "marks on points 1..24 holding the mover's checkers",
        }),
    }
}

/// The dice left must be some of the table's dice.
fn check_dice_left(t: &Table, dice_left: &[u8]) -> Result<DiceLeft, SearchError> {
    if dice_left.iter().any(|&d| !(1..=6).contains(&d)) {
        return Err(SearchError::DiceLeft {
            reason: "a die outside 1..6",
        });
    }
    let all = DiceLeft::of(&t.dice);
    let left = DiceLeft::of(dice_left);
    if dice_left.len() > t.dice.len() || (1..=6).any(|d| left.of_face(d) > all.of_face(d)) {
        return Err(SearchError::DiceLeft {
            reason: "not among the table's dice",
        });
    }
    Ok(left)
}
