//! What a checker that hit may do for the rest of its turn.

use crate::state::Board;

/// The kind of hitter rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HitterKind {
    /// `STOPS`: a checker that hit never moves again this turn.
    Stops,
    /// `NO_HIDE`: a checker that hit may move on, but never onto a point holding the mover's own checkers.
    NoHide,
}

/// The hitter rule: a hit on a point `<= zone` marks the checker that hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hitter {
    /// What a marked checker may do.
    pub kind: HitterKind,
    /// The highest point where a hit marks the hitter.
    pub zone: u8,
}

impl Hitter {
    /// Whether a marked checker may make the step to `dst` that led to `after`.
    ///
    /// `Stops`: never. `NoHide`: off, or onto a point that held none of the
    /// mover's checkers (it holds exactly this one now).
    pub fn allows(&self, after: &Board, dst: usize) -> bool {
        match self.kind {
            HitterKind::Stops => false,
            HitterKind::NoHide => dst == 0 || after.at(dst) == 1,
        }
    }
}

/// The marks after a step `src -> dst` (0: off): bit p for a marked checker on p.
///
/// A checker that hits on a point `<= zone` is marked for the rest of the
/// turn; a marked checker that moves on takes its mark along (off the
/// board it is gone). At most one marked checker stands on a point.
pub fn marks_after(
    marks: u32,
    step: (usize, usize, bool),
    moved_marked: bool,
    hitter: Option<Hitter>,
) -> u32 {
    let (src, dst, hit) = step;
    if moved_marked {
        let left = marks & !(1 << src);
        return if dst == 0 { left } else { left | (1 << dst) };
    }
    match hitter {
        Some(h) if hit && dst <= usize::from(h.zone) => marks | (1 << dst),
        _ => marks,
    }
}
