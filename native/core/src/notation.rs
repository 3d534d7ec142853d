//! A play written in standard notation (gnubg's), from its packed steps: `nardy.engine.notation_write`.
//!
//! The steps of one checker are joined (`13/7/1` is written `13/1`) except
//! that a point where the checker hit is kept (`24/18*/15`); identical moves
//! are counted (`8/5(2)`); moves are listed from the highest source down
//! (the bar, then the pool, then the points), then the highest last point,
//! then by text. The bar is `bar`, the pool (a source) `pool`, off `off`. A
//! pass (no steps) is the empty text.

use crate::search::{Code, STEP_BITS};
use crate::state::{FROM_POOL, MOVER_BAR, MOVER_OFF};

/// The bit of a packed step that says it hit (or pinned).
const HIT_BIT: Code = 1 << 13;

/// A point as the notation names it: `bar`, `pool` (a source), `off` or its number.
fn name(p: usize) -> String {
    match p {
        MOVER_BAR => "bar".to_string(),
        FROM_POOL => "pool".to_string(),
        MOVER_OFF => "off".to_string(),
        _ => p.to_string(),
    }
}

/// A source's place in the order, highest first: every point counts double,
/// so that the pool goes between the bar and the 24.
fn rank(p: usize) -> usize {
    if p == FROM_POOL {
        2 * MOVER_BAR - 1
    } else {
        2 * p
    }
}

/// One checker's path: where it started, its last point, its text so far
/// (up to the last point) and whether its last step hit.
struct Path {
    start: usize,
    last: usize,
    text: String,
    last_hit: bool,
}

/// The notation of the play whose steps are packed in `code` (first step in the lowest bits).
pub fn write_code(code: Code) -> String {
    let mut paths: Vec<Path> = Vec::new();
    let mut rest = code;
    while rest != 0 {
        let step = rest & ((1 << STEP_BITS) - 1);
        rest >>= STEP_BITS;
        let (src, dst) = ((step & 31) as usize, ((step >> 5) & 31) as usize);
        let hit = step & HIT_BIT != 0;
        // A step continues the latest path that ended where it starts (none from off).
        let found = if src == MOVER_OFF {
            None
        } else {
            paths.iter_mut().rev().find(|path| path.last == src)
        };
        match found {
            Some(path) => {
                if path.last_hit {
                    // The point it hit on stays in the path.
                    path.text.push('/');
                    path.text.push_str(&name(src));
                    path.text.push('*');
                }
                path.last = dst;
                path.last_hit = hit;
            }
            None => paths.push(Path {
                start: src,
                last: dst,
                text: name(src),
                last_hit: hit,
            }),
        }
    }
    for path in &mut paths {
        path.text.push('/');
        path.text.push_str(&name(path.last));
        if path.last_hit {
            path.text.push('*');
        }
    }
    // The higher start, then the higher last point, then the text (a stable sort keeps play order otherwise).
    paths.sort_by(|a, b| {
        rank(b.start)
            .cmp(&rank(a.start))
            .then(b.last.cmp(&a.last))
            .then(a.text.cmp(&b.text))
    });
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < paths.len() {
        let mut j = i + 1;
        while j < paths.len() && paths[j].text == paths[i].text {
            j += 1;
        }
        out.push(if j - i == 1 {
            paths[i].text.clone()
        } else {
            format!("{}({})", paths[i].text, j - i)
        });
        i = j;
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A play's code from its steps `(src, dst, die, hit)`, first step first.
    fn code(steps: &[(usize, usize, usize, bool)]) -> Code {
        steps
            .iter()
            .enumerate()
            .fold(0, |code, (i, &(src, dst, die, hit))| {
                let step = src as Code | (dst as Code) << 5 | (die as Code) << 10;
                code | (step | if hit { HIT_BIT } else { 0 }) << (STEP_BITS * i as u32)
            })
    }

    #[test]
    fn the_notation_pages_examples() {
        assert_eq!(
            write_code(code(&[(13, 7, 6, false), (7, 1, 6, false)])),
            "13/1"
        );
        assert_eq!(
            write_code(code(&[(24, 18, 6, true), (18, 15, 3, false)])),
            "24/18*/15"
        );
        assert_eq!(
            write_code(code(&[(8, 5, 3, false), (8, 5, 3, false)])),
            "8/5(2)"
        );
        assert_eq!(
            write_code(code(&[(6, 5, 1, false), (8, 5, 3, false)])),
            "8/5 6/5"
        );
        assert_eq!(
            write_code(code(&[(25, 22, 3, true), (13, 8, 5, false)])),
            "bar/22* 13/8"
        );
        assert_eq!(
            write_code(code(&[
                (25, 22, 3, false),
                (26, 20, 5, false),
                (13, 8, 5, false)
            ])),
            "bar/22 pool/20 13/8"
        );
        assert_eq!(
            write_code(code(&[(3, 0, 3, false), (2, 0, 1, false)])),
            "3/off 2/off"
        );
        assert_eq!(write_code(0), "");
    }
}
