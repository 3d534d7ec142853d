//! Steps one at a time (spec section 5): whether a node can still reach a legal result.
//!
//! [`reaching`] asks it of one node under a turn's rules; [`StepSearch`]
//! is the environments' step mode: one turn's legal results and a memo,
//! asked which of a node's board-possible steps still lead to one.

use crate::error::SearchError;
use crate::hash::{FxMap, FxSet};
use crate::rules::kush::kush_return;
use crate::search::{DiceLeft, Node, Rules};
use crate::shortcuts::NOTHING_TOLD;
use crate::state::{Board, MOVER_BAR, validate};
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
/// bit p for a marked checker (one that hit) on point p. A rule read from
/// the turn's start (the head limit) is read from this node's board
/// ([`Table::begun`]): past the turn's start, give a table begun there.
pub fn reaching(
    t: &Table,
    start: &[i32],
    marks: u32,
    dice_left: &[u8],
    targets: &[(Vec<i32>, u32)],
) -> Result<bool, SearchError> {
    validate(t, start)?;
    let board = Board::from_state(start);
    let begun = t.begun(&board);
    let t = &*begun;
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

/// One step the step mode allows: its source (25 the bar, 26 the pool), its die (0: a return, which uses none), and the node after it (board, dice left).
pub type AllowedStep = (usize, usize, Board, DiceLeft);

/// What the step mode knows of a node: whether it is a target itself, and its allowed steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeSteps {
    /// Whether the node's board is a target's (the steps so far make a legal play).
    pub is_target: bool,
    /// The allowed steps, in the order of the board's steps (a return last).
    pub steps: Vec<AllowedStep>,
}

/// A node of the step mode: the board and the dice left.
type StepNode = (Board, DiceLeft);

/// One turn of the step mode: which steps of a node lead on to a legal result.
///
/// The table is the turn's *board-only* rules (no step rule, hitter rule or
/// filter: the steps the board allows, `single_steps` made by `make_step`);
/// the targets are the states of the turn's legal plays, whatever the dice
/// they used. A step is allowed when some sequence of board-possible steps
/// beginning with it ends on a target. With `returns` (Kush, whose checkers
/// on the bar wait), a checker on the bar coming back onto the head
/// (`kush_return` of one checker: no opposing checker there) is one more
/// board-possible step, using no die.
#[derive(Debug, Clone)]
pub struct StepSearch {
    /// The board-only rules.
    table: Table,
    /// Whether a return from the bar is a step.
    returns: bool,
    /// The legal results' states.
    targets: FxSet<Board>,
    /// The fewest checkers a target leaves on the mover's bar (see [`StepSearch::reaches`]).
    least_on_bar: i32,
}

/// What a [`StepSearch`] remembers: whether a node reaches a target.
pub type StepMemo = FxMap<StepNode, bool>;

impl StepSearch {
    /// The step mode of one turn: `table` (board-only), `returns`, and the legal results' states.
    ///
    /// A target that is not a state of the table is refused, naming its index.
    pub fn new(
        table: Table,
        returns: bool,
        targets: &[Vec<i32>],
    ) -> Result<StepSearch, SearchError> {
        let mut search = StepSearch {
            table,
            returns,
            targets: FxSet::with_capacity_and_hasher(targets.len(), Default::default()),
            least_on_bar: i32::MAX,
        };
        for (index, state) in targets.iter().enumerate() {
            search.add_target(index, state)?;
        }
        Ok(search)
    }

    /// Make room for `n` more targets (so that adding them one by one never grows the set).
    pub fn reserve(&mut self, n: usize) {
        self.targets.reserve(n);
    }

    /// Add one more legal result's state, refused (naming `index`) if it is not a state of the table.
    pub fn add_target(&mut self, index: usize, state: &[i32]) -> Result<(), SearchError> {
        validate(&self.table, state).map_err(|_| SearchError::Target {
            index,
            reason: "not a state of the table",
        })?;
        self.targets.insert(Board::from_state(state));
        self.least_on_bar = self.least_on_bar.min(state[MOVER_BAR]);
        Ok(())
    }

    /// Whether the node (`state`, `dice_left`) is a target, and its allowed steps.
    ///
    /// `memo` keeps what was learnt for the next call (any memo of this
    /// search: an empty one is only slower). A state or dice left the
    /// table refuses is an error.
    pub fn allowed(
        &self,
        state: &[i32],
        dice_left: &[u8],
        memo: &mut StepMemo,
    ) -> Result<NodeSteps, SearchError> {
        validate(&self.table, state)?;
        let node = (
            Board::from_state(state),
            check_dice_left(&self.table, dice_left)?,
        );
        let mut steps = Vec::new();
        self.children(&node, |src, die, child| {
            if self.reaches(&child, memo) {
                steps.push((src, die, child.0, child.1));
            }
            true
        });
        Ok(NodeSteps {
            is_target: self.targets.contains(&node.0),
            steps,
        })
    }

    /// Whether the node is a target, or some board-possible step leads to a node that reaches one.
    ///
    /// No step puts a checker on the mover's own bar (a hit sends the
    /// opponent's checker to his bar or pool; an entry or a return takes one
    /// off), so a node with fewer checkers there than every target reaches
    /// none: where checkers wait for a return (Kush) this cuts the returns
    /// that no play makes, and the steps after them.
    fn reaches(&self, at: &StepNode, memo: &mut StepMemo) -> bool {
        if self.targets.contains(&at.0) {
            return true;
        }
        if at.0.at(MOVER_BAR) < self.least_on_bar {
            return false;
        }
        if let Some(&known) = memo.get(at) {
            return known;
        }
        let mut found = false;
        self.children(at, |_, _, child| {
            found = self.reaches(&child, memo);
            !found
        });
        memo.insert(*at, found);
        found
    }

    /// Every board-possible step of a node, as (source, die, child), handed to `visit` (false: stop).
    fn children(&self, at: &StepNode, mut visit: impl FnMut(usize, usize, StepNode) -> bool) {
        let node = Node {
            board: at.0,
            marks: 0,
            left: at.1,
            rank: 0,
        };
        let mut going = true;
        Rules::new(&self.table).children(&node, &NOTHING_TOLD, |child, _| {
            let src = (child.code & 31) as usize;
            going = visit(src, child.die, (child.node.board, child.node.left));
            going
        });
        if going && self.returns {
            if let Some((board, _)) = kush_return(&at.0, 1) {
                visit(MOVER_BAR, 0, (board, at.1));
            }
        }
    }
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
