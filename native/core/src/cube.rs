//! gnubg's cube model at "0-ply": cubeless probabilities to cubeful equities and a checker play's score.
//!
//! The same definitions as `nardy.analysis.cube` (the rule for the pure
//! build), in the same order of floating-point operations, so that the two
//! agree to the last bit or nearly: GNU Backgammon's `Cl2CfMoney` (Janowski's
//! money formula), `Cl2CfMatch` with `GetPoints` (Jørn Thyssen's match
//! version, on the match-winning chances of a [`Met`]), and the score of a
//! play (the opponent's cubeful equity on roll, his option to double
//! included, negated; `GetECF3`).
//!
//! **Probabilities** are five chances in gnubg's order, from the side on
//! roll: win, win a gammon, win a backgammon, lose a gammon, lose a
//! backgammon (gammons include backgammons). A [`CubeState`] is the match
//! (or money) and cube state from the side on roll's point of view; a
//! [`Met`] the match equity table, extended to [`MAX_AWAY`] points. A cube
//! **efficiency** `x` weighs the live cube against the dead one (0 dead, 1
//! fully live). Units: MWC (match-winning chance, 0 to 1) and EMG (equity
//! normalised to the cube: -1 losing the cube's value, +1 winning it).
//!
//! Nothing here panics on any input: a table, a state or probabilities the
//! model cannot take is a [`CubeError`].

use crate::error::CubeError;

/// The longest match a table covers once extended (gnubg's `MAXSCORE`).
pub const MAX_AWAY: usize = 64;
/// The largest match length and cube value the native model takes: far
/// beyond a real match, and small enough that no sum of points overflows.
pub const MOST_POINTS: i64 = 1 << 20;

/// The money formulas fall back to the dead cube this close to a certain
/// result (gnubg's `Cl2CfMoney`).
const CERTAIN: f64 = 1.0e-7;
/// The gammon prices are 0 when winning and losing the cube are this close
/// in MWC (a state where the cube does not matter).
const FLAT: f64 = 1.0e-7;

/// A match equity table: `pre[i * MAX_AWAY + j]` the MWC of a player `i + 1`
/// away against one `j + 1` away before the Crawford game, `post[i]` the
/// trailer's `i + 1` away after it (the leader 1 away).
#[derive(Debug, Clone, PartialEq)]
pub struct Met {
    pre: Vec<f64>,
    post: Vec<f64>,
}

impl Met {
    /// A table from its extended rows (`MAX_AWAY * MAX_AWAY` pre-Crawford
    /// entries row by row, `MAX_AWAY` post-Crawford ones), each a chance
    /// from 0 to 1; anything else is a [`CubeError::Met`].
    pub fn new(pre: &[f64], post: &[f64]) -> Result<Met, CubeError> {
        for (name, table, size) in [
            ("pre-Crawford", pre, MAX_AWAY * MAX_AWAY),
            ("post-Crawford", post, MAX_AWAY),
        ] {
            if table.len() != size {
                let reason = format!("the {name} table has {} entries, not {size}", table.len());
                return Err(CubeError::Met { reason });
            }
            if let Some(i) = table.iter().position(|x| !(0.0..=1.0).contains(x)) {
                let reason = format!("{name} entry {i} is {}, not a chance", table[i]);
                return Err(CubeError::Met { reason });
            }
        }
        Ok(Met {
            pre: pre.to_vec(),
            post: post.to_vec(),
        })
    }

    /// The MWC of a player `away` points from winning, the opponent
    /// `opponent_away` (gnubg's `getME`): 1 for `away <= 0` (won), 0 for
    /// `opponent_away <= 0` (lost), else read from the post-Crawford table
    /// when `post_crawford` (the game is the Crawford game or a later one),
    /// from the pre-Crawford one otherwise. Past [`MAX_AWAY`]: [`CubeError::Away`].
    pub fn mwc(
        &self,
        away: i64,
        opponent_away: i64,
        post_crawford: bool,
    ) -> Result<f64, CubeError> {
        if away <= 0 {
            return Ok(1.0);
        }
        if opponent_away <= 0 {
            return Ok(0.0);
        }
        let most = MAX_AWAY as i64;
        if away > most || opponent_away > most {
            return Err(CubeError::Away {
                away: away.max(opponent_away),
            });
        }
        let (a, b) = ((away - 1) as usize, (opponent_away - 1) as usize);
        Ok(if !post_crawford {
            self.pre[a * MAX_AWAY + b]
        } else if away == 1 {
            1.0 - self.post[b]
        } else {
            self.post[a]
        })
    }
}

/// Who owns the cube, from the side on roll's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// The cube is in the centre.
    Centre,
    /// The side on roll owns it.
    Mover,
    /// Its opponent owns it.
    Opponent,
}

impl Owner {
    /// The owner of code `code`: 0 centre, 1 the side on roll, 2 its opponent.
    pub fn from_code(code: i64) -> Option<Owner> {
        match code {
            0 => Some(Owner::Centre),
            1 => Some(Owner::Mover),
            2 => Some(Owner::Opponent),
            _ => None,
        }
    }

    /// The same owner seen from the other side.
    pub fn flipped(self) -> Owner {
        match self {
            Owner::Mover => Owner::Opponent,
            Owner::Opponent => Owner::Mover,
            Owner::Centre => Owner::Centre,
        }
    }
}

/// The match (or money) and cube state, from the side on roll's point of view.
///
/// `length` 0 is money play (`score` then `[0, 0]`; `jacoby` and `beavers`
/// apply); else `score` is `[side on roll, opponent]`, each below `length`,
/// and `crawford` marks the Crawford game. Made by [`CubeState::new`],
/// which refuses a state that cannot be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CubeState {
    length: i64,
    score: [i64; 2],
    cube: i64,
    owner: Owner,
    crawford: bool,
    jacoby: bool,
    beavers: bool,
}

impl CubeState {
    /// A state, checked as `nardy.analysis.cube.CubeInfo` checks it (and
    /// `length` and `cube` at most [`MOST_POINTS`]): a [`CubeError::State`]
    /// naming the field otherwise.
    pub fn new(
        length: i64,
        score: [i64; 2],
        cube: i64,
        owner: Owner,
        crawford: bool,
        jacoby: bool,
        beavers: bool,
    ) -> Result<CubeState, CubeError> {
        let refuse = |field, value, allowed| {
            Err(CubeError::State {
                field,
                value,
                allowed,
            })
        };
        if !(0..=MOST_POINTS).contains(&length) {
            return refuse("length", length, "0 (money) to 2**20");
        }
        if !(1..=MOST_POINTS).contains(&cube) || cube & (cube - 1) != 0 {
            return refuse("cube", cube, "a power of two up to 2**20");
        }
        for s in score {
            if s < 0 {
                return refuse("score", s, "a count of points");
            }
        }
        if length == 0 {
            if score != [0, 0] {
                return refuse("score", score[0].max(score[1]), "0 in money play");
            }
            if crawford {
                return refuse("crawford", 1, "false in money play");
            }
            return Ok(CubeState {
                length,
                score,
                cube,
                owner,
                crawford,
                jacoby,
                beavers,
            });
        }
        if jacoby || beavers {
            return refuse("jacoby", 1, "false in match play (with beavers)");
        }
        if score[0].max(score[1]) >= length {
            return refuse("score", score[0].max(score[1]), "below the match length");
        }
        if crawford && !score.contains(&(length - 1)) {
            return refuse("crawford", 1, "false unless a player is 1 away");
        }
        Ok(CubeState {
            length,
            score,
            cube,
            owner,
            crawford,
            jacoby,
            beavers,
        })
    }

    /// True for money play.
    pub fn money(&self) -> bool {
        self.length == 0
    }

    /// The points the side on roll and its opponent need (match play).
    pub fn away(&self) -> [i64; 2] {
        [self.length - self.score[0], self.length - self.score[1]]
    }

    /// The same state seen by the opponent.
    pub fn flipped(&self) -> CubeState {
        CubeState {
            score: [self.score[1], self.score[0]],
            owner: self.owner.flipped(),
            ..*self
        }
    }

    /// The state after the side on roll doubles and the opponent takes.
    pub fn doubled(&self) -> CubeState {
        CubeState {
            cube: 2 * self.cube,
            owner: Owner::Opponent,
            ..*self
        }
    }

    /// Whether the side on roll may double (gnubg's `GetDPEq`): the cube
    /// centred or its own; in match play also not the Crawford game, the
    /// cube not already worth the match to it, and not the leader 1 away
    /// after the Crawford game.
    pub fn can_double(&self) -> bool {
        if self.owner == Owner::Opponent {
            return false;
        }
        if self.money() {
            return true;
        }
        let [mine, theirs] = self.score;
        let post = mine == self.length - 1 || theirs == self.length - 1;
        !self.crawford && mine + self.cube < self.length && !(post && mine == self.length - 1)
    }

    /// False where gnubg evaluates cubeless in match play (its
    /// `fDoCubeful`): the cube covering both players' needs, 2-away
    /// 2-away, the Crawford game. Always true for money.
    pub fn cube_alive(&self) -> bool {
        if self.money() {
            return true;
        }
        let [mine, theirs] = self.score;
        if mine + self.cube >= self.length && theirs + self.cube >= self.length {
            return false;
        }
        if mine == self.length - 2 && theirs == self.length - 2 {
            return false;
        }
        !self.crawford
    }
}

/// How far a probability may stray past its bound and still be read as
/// one (`nardy.analysis.values.TOLERANCE`: engines round).
pub const TOLERANCE: f64 = 1.0e-5;

/// Five probabilities checked as `nardy.analysis.values.as_chances` checks
/// them: each a chance, and cumulative (a gammon within a win, a
/// backgammon within a gammon, a lost gammon within a loss), each within
/// [`TOLERANCE`]. `index` names the position in a batch when they are not
/// ([`CubeError::Probabilities`]).
pub fn checked(p: &[f64], index: usize) -> Result<[f64; 5], CubeError> {
    let &[w, wg, wb, lg, lb] = p else {
        return Err(CubeError::Probabilities { index });
    };
    let chance = |x: f64| (-TOLERANCE..=1.0 + TOLERANCE).contains(&x);
    // The rule refuses `value > bound + TOLERANCE`; with NaNs already out
    // (`chance`), accepting `<=` is the same test.
    let within = |value: f64, bound: f64| value <= bound + TOLERANCE;
    let chances = [w, wg, wb, lg, lb].into_iter().all(chance);
    if chances && within(wg, w) && within(wb, wg) && within(lg, 1.0 - w) && within(lb, lg) {
        Ok([w, wg, wb, lg, lb])
    } else {
        Err(CubeError::Probabilities { index })
    }
}

/// Python's `max(a, b)`: `a` unless `b` is greater (a NaN `a` is kept).
fn py_max(a: f64, b: f64) -> f64 {
    if b > a { b } else { a }
}

/// One cube level of gnubg's cash-point recursion (`GetPoints`): its MWC values.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// The level is the last live one (a double from it would be dead).
    dead: bool,
    /// For each player k (0 the side on roll): MWC of k after cashing this level.
    cash: [f64; 2],
    /// Dead levels: MWC of k after losing 1, 2, 3 times the cube it would take.
    lose_2: [[f64; 3]; 2],
    /// MWC of k after winning 1, 2, 3 times the doubled cube.
    win_2: [[f64; 3]; 2],
    /// MWC of k after passing a redouble from this level.
    redouble_pass: [f64; 2],
}

/// What a state's formulas read from the MET, once per state (`_constants` in Python).
#[derive(Debug, Clone)]
pub struct Constants {
    /// MWC of the side on roll after winning 1, 2, 3 times the cube.
    win: [f64; 3],
    /// MWC of the side on roll after losing 1, 2, 3 times the cube.
    lose: [f64; 3],
    /// The gammon and backgammon prices of both sides (gnubg's `arGammonPrice`).
    prices: [f64; 4],
    /// The cube levels, from the dead top level down to the cube.
    levels: Vec<Level>,
}

/// The MWC of `player` (0: the side on roll) after `winner` wins `points` (gnubg's `getME`).
fn result_mwc(
    met: &Met,
    state: &CubeState,
    player: usize,
    points: i64,
    winner: usize,
) -> Result<f64, CubeError> {
    let mut away = state.away();
    away[winner] -= points;
    let post = state.crawford || state.score.contains(&(state.length - 1));
    let mine = met.mwc(away[0], away[1], post)?;
    Ok(if player == 0 { mine } else { 1.0 - mine })
}

/// The cube after a double when the taker's redouble is automatic (gnubg's `GetCubePrimeValue`).
fn cube_prime(mine: i64, theirs: i64, cube: i64) -> i64 {
    if mine < 2 * cube && theirs >= 2 * cube {
        2 * cube
    } else {
        cube
    }
}

impl Constants {
    /// The MET values a match state's formulas use; [`CubeError::Away`] past the table.
    pub fn new(met: &Met, state: &CubeState) -> Result<Constants, CubeError> {
        let c = state.cube;
        let mut win = [0.0; 3];
        let mut lose = [0.0; 3];
        for (times, slot) in (1..=3).zip(win.iter_mut()) {
            *slot = result_mwc(met, state, 0, times * c, 0)?;
        }
        for (times, slot) in (1..=3).zip(lose.iter_mut()) {
            *slot = result_mwc(met, state, 0, times * c, 1)?;
        }
        let centre = (win[0] + lose[0]) / 2.0;
        let mut prices = [0.0; 4];
        if (win[0] - centre).abs() > FLAT {
            let unit = win[0] - centre;
            let g0 = (win[1] - centre) / unit - 1.0;
            let g1 = (centre - lose[1]) / unit - 1.0;
            let b0 = (win[2] - centre) / unit - (g0 + 1.0);
            let b1 = (centre - lose[2]) / unit - (g1 + 1.0);
            prices = [
                py_max(g0, 0.0),
                py_max(g1, 0.0),
                py_max(b0, 0.0),
                py_max(b1, 0.0),
            ];
        }
        let levels = levels(met, state)?;
        Ok(Constants {
            win,
            lose,
            prices,
            levels,
        })
    }

    /// MWC of the side on roll after winning the cube's value (gnubg's cash).
    pub fn cash(&self) -> f64 {
        self.win[0]
    }

    /// An MWC as EMG (gnubg's `mwc2eq`).
    pub fn mwc_to_equity(&self, mwc: f64) -> f64 {
        (2.0 * mwc - (self.win[0] + self.lose[0])) / (self.win[0] - self.lose[0])
    }
}

/// The cube levels of the cash-point recursion, from the dead top level down to the cube.
fn levels(met: &Met, state: &CubeState) -> Result<Vec<Level>, CubeError> {
    let away = state.away();
    let (i, j) = (away[0] - 1, away[1] - 1);
    let mut top = state.cube;
    while i >= 2 * top && j >= 2 * top {
        top *= 2;
    }
    let mut out = Vec::new();
    let mut value = top;
    while value >= state.cube {
        let primes = [cube_prime(i, j, value), cube_prime(j, i, value)];
        let dead = i < 2 * value || j < 2 * value;
        let mut level = Level {
            dead,
            cash: [0.0; 2],
            lose_2: [[0.0; 3]; 2],
            win_2: [[0.0; 3]; 2],
            redouble_pass: [0.0; 2],
        };
        for (k, &prime) in primes.iter().enumerate() {
            level.cash[k] = result_mwc(met, state, k, value, k)?;
            // A dead level's double is taken at its prime value; a live one's at twice the level.
            let taken = if dead { prime } else { value };
            for (m, times) in [2, 4, 6].into_iter().enumerate() {
                if dead {
                    level.lose_2[k][m] = result_mwc(met, state, k, times * taken, 1 - k)?;
                }
                level.win_2[k][m] = result_mwc(met, state, k, times * taken, k)?;
            }
            level.redouble_pass[k] = result_mwc(met, state, k, 2 * value, 1 - k)?;
        }
        out.push(level);
        value /= 2;
    }
    Ok(out)
}

/// The cubeless equity in EMG (gnubg's `Utility`): money counts gammons and
/// backgammons one point more each (none while the cube is centred under
/// the Jacoby rule); a match at the score's gammon prices (`constants`,
/// which money play does not read).
pub fn utility(p: &[f64; 5], state: &CubeState, constants: Option<&Constants>) -> f64 {
    let [w, wg, wb, lg, lb] = *p;
    match constants {
        Some(k) if !state.money() => {
            let [g0, g1, b0, b1] = k.prices;
            2.0 * w - 1.0 + wg * g0 - lg * g1 + wb * b0 - lb * b1
        }
        _ => {
            let price = if state.jacoby && state.owner == Owner::Centre {
                0.0
            } else {
                1.0
            };
            2.0 * w - 1.0 + (wg - lg) * price + (wb - lb) * price
        }
    }
}

/// The live-cube cash points of both sides (gnubg's `GetPoints`), the side on roll first.
fn cash_points(p: &[f64; 5], constants: &Constants) -> [f64; 2] {
    let [w, wg, wb, lg, lb] = *p;
    let (mut g, mut b) = ([0.0; 2], [0.0; 2]);
    if w > 0.0 {
        g[0] = (wg - wb) / w;
        b[0] = wb / w;
    }
    if w < 1.0 {
        g[1] = (lg - lb) / (1.0 - w);
        b[1] = lb / (1.0 - w);
    }
    let mut above = [0.0; 2];
    for level in &constants.levels {
        let mut points = [0.0; 2];
        for k in 0..2 {
            let o = 1 - k;
            let won = level.win_2[k];
            let take_win = (1.0 - g[k] - b[k]) * won[0] + g[k] * won[1] + b[k] * won[2];
            points[k] = if level.dead {
                let lost = level.lose_2[k];
                let take_lose = (1.0 - g[o] - b[o]) * lost[0] + g[o] * lost[1] + b[o] * lost[2];
                (take_lose - level.cash[k]) / (take_lose - take_win)
            } else {
                1.0 - above[o] * (level.cash[k] - take_win) / (level.redouble_pass[k] - take_win)
            };
        }
        above = points;
    }
    above
}

/// The cubeful MWC of the side on roll before it can double (gnubg's
/// `Cl2CfMatch`): Janowski's interpolation, weight `x`, between the dead
/// cube (the cubeless MWC) and the live cube's piecewise-linear MWC between
/// the cash points; the cubeless MWC where the cube is dead.
pub fn cubeful_mwc(p: &[f64; 5], state: &CubeState, constants: &Constants, x: f64) -> f64 {
    let k = constants;
    let u = utility(p, state, Some(k));
    let dead = 0.5 * (u * (k.win[0] - k.lose[0]) + k.win[0] + k.lose[0]);
    if !state.cube_alive() {
        return dead;
    }
    let [w, wg, wb, lg, lb] = *p;
    let (mut g0, mut b0, mut g1, mut b1) = (0.0, 0.0, 0.0, 0.0);
    if w > 0.0 {
        g0 = (wg - wb) / w;
        b0 = wb / w;
    }
    if w < 1.0 {
        g1 = (lg - lb) / (1.0 - w);
        b1 = lb / (1.0 - w);
    }
    let (cash, opp_cash) = (k.win[0], k.lose[0]);
    let win = (1.0 - g0 - b0) * k.win[0] + g0 * k.win[1] + b0 * k.win[2];
    let lose = (1.0 - g1 - b1) * k.lose[0] + g1 * k.lose[1] + b1 * k.lose[2];
    let [mine, theirs] = cash_points(p, k);
    let (too_good, opp_too_good) = (mine, 1.0 - theirs);
    let owner = state.owner;
    let live = if owner != Owner::Mover && w <= opp_too_good {
        // The opponent could cash (or is too good): from his loss to his cash.
        if opp_too_good > 0.0 {
            lose + (opp_cash - lose) * w / opp_too_good
        } else {
            lose
        }
    } else if owner == Owner::Centre && w < too_good {
        // In the window: from the opponent's cash to ours.
        opp_cash + (cash - opp_cash) * (w - opp_too_good) / (too_good - opp_too_good)
    } else if owner == Owner::Opponent {
        // Above the opponent's take point, our cube unavailable: up to our win.
        opp_cash + (win - opp_cash) * (w - opp_too_good) / (1.0 - opp_too_good)
    } else if owner == Owner::Mover && w <= too_good {
        // Ours to cash: from our loss to our cash.
        if too_good > 0.0 {
            lose + (cash - lose) * w / too_good
        } else {
            lose
        }
    } else if too_good < 1.0 {
        // Too good to double: from our cash to our win.
        cash + (win - cash) * (w - too_good) / (1.0 - too_good)
    } else {
        win
    };
    dead * (1.0 - x) + live * x
}

/// The cubeful money equity per cube (gnubg's `Cl2CfMoney`): Janowski's
/// formula, weight `x`, with the take and cash points from the gammon
/// rates; under the Jacoby rule a centred cube's live value is capped at
/// one cube either way. The dead cube within 1e-7 of a sure result.
pub fn cubeful_money(p: &[f64; 5], state: &CubeState, x: f64) -> f64 {
    let dead = utility(p, state, None);
    let [w, wg, wb, lg, lb] = *p;
    if w <= CERTAIN || w >= 1.0 - CERTAIN {
        return dead;
    }
    let big_w = 1.0 + (wg + wb) / w;
    let big_l = 1.0 + (lg + lb) / (1.0 - w);
    let jacoby = state.jacoby;
    let take = (big_l - 0.5) / (big_w + big_l + 0.5);
    let cash = (big_l + 1.0) / (big_w + big_l + 0.5);
    let live = match state.owner {
        Owner::Centre if w < take => {
            if jacoby {
                -1.0
            } else {
                -big_l + (-1.0 + big_l) * w / take
            }
        }
        Owner::Centre if w < cash => -1.0 + 2.0 * (w - take) / (cash - take),
        Owner::Centre => {
            if jacoby {
                1.0
            } else {
                1.0 + (big_w - 1.0) * (w - cash) / (1.0 - cash)
            }
        }
        Owner::Mover if w < cash => -big_l + (1.0 + big_l) * w / cash,
        Owner::Mover => 1.0 + (big_w - 1.0) * (w - cash) / (1.0 - cash),
        Owner::Opponent if w < take => -big_l + (-1.0 + big_l) * w / take,
        Owner::Opponent => -1.0 + (big_w + 1.0) * (w - take) / (1.0 - take),
    };
    dead * (1.0 - x) + live * x
}

/// Many positions of one state: `probabilities` five a position (flat),
/// `efficiencies` one a position. A [`CubeError::Count`] when they do not pair up.
fn pairs<'a>(
    probabilities: &'a [f64],
    efficiencies: &'a [f64],
) -> Result<impl Iterator<Item = (usize, &'a [f64], f64)>, CubeError> {
    if probabilities.len() != 5 * efficiencies.len() {
        return Err(CubeError::Count {
            probabilities: probabilities.len(),
            efficiencies: efficiencies.len(),
        });
    }
    Ok(probabilities
        .chunks_exact(5)
        .zip(efficiencies)
        .enumerate()
        .map(|(i, (p, &x))| (i, p, x)))
}

/// The cubeful MWC ([`cubeful_mwc`]) of many positions of one match state.
pub fn cubeful_mwcs(
    met: &Met,
    state: &CubeState,
    probabilities: &[f64],
    efficiencies: &[f64],
) -> Result<Vec<f64>, CubeError> {
    let positions = pairs(probabilities, efficiencies)?;
    if state.money() {
        return Err(CubeError::Money);
    }
    let k = Constants::new(met, state)?;
    positions
        .map(|(i, p, x)| Ok(cubeful_mwc(&checked(p, i)?, state, &k, x)))
        .collect()
}

/// The cubeful equity in EMG of many positions of one state: money per
/// cube ([`cubeful_money`]), a match as [`cubeful_mwc`] in EMG.
pub fn cubeful_equities(
    met: &Met,
    state: &CubeState,
    probabilities: &[f64],
    efficiencies: &[f64],
) -> Result<Vec<f64>, CubeError> {
    let positions = pairs(probabilities, efficiencies)?;
    if state.money() {
        return positions
            .map(|(i, p, x)| Ok(cubeful_money(&checked(p, i)?, state, x)))
            .collect();
    }
    let k = Constants::new(met, state)?;
    positions
        .map(|(i, p, x)| Ok(k.mwc_to_equity(cubeful_mwc(&checked(p, i)?, state, &k, x))))
        .collect()
}

/// The 0-ply score gnubg gives each of many checker plays of one state, in
/// EMG of the side that played (`nardy.analysis.cube.play_scores`).
///
/// Each position is the one after a play, **the opponent on roll**, its
/// probabilities from his point of view; `state` is the player's. The
/// opponent's cubeful equity counts his option to double at once, and the
/// take or pass that would follow (gnubg's `GetECF3`); the score is its
/// negation, in the player's EMG.
pub fn play_scores(
    met: &Met,
    state: &CubeState,
    probabilities: &[f64],
    efficiencies: &[f64],
) -> Result<Vec<f64>, CubeError> {
    let positions = pairs(probabilities, efficiencies)?;
    let theirs = state.flipped();
    let can_double = theirs.can_double();
    let doubled = theirs.doubled();
    if state.money() {
        return positions
            .map(|(i, p, x)| {
                let p = checked(p, i)?;
                let mut value = cubeful_money(&p, &theirs, x);
                if can_double {
                    let take = 2.0 * cubeful_money(&p, &doubled, x);
                    if take >= value && value <= 1.0 {
                        value = if take >= 1.0 { 1.0 } else { take };
                    }
                }
                Ok(-value)
            })
            .collect();
    }
    let mine = Constants::new(met, state)?;
    let opponent = Constants::new(met, &theirs)?;
    let cash = opponent.cash();
    let unit = mine.win[0] - mine.lose[0];
    let middle = mine.win[0] + mine.lose[0];
    // (Read only when a play is scored, as the Python rule reads it.)
    let mut after_double: Option<Constants> = None;
    let mut out = Vec::with_capacity(efficiencies.len());
    for (i, p, x) in positions {
        let p = checked(p, i)?;
        let mut value = cubeful_mwc(&p, &theirs, &opponent, x);
        if can_double {
            let k = match &after_double {
                Some(k) => k,
                None => after_double.insert(Constants::new(met, &doubled)?),
            };
            let take = cubeful_mwc(&p, &doubled, k, x);
            if take >= value && cash >= value {
                value = if take >= cash { cash } else { take };
            }
        }
        out.push((2.0 * (1.0 - value) - middle) / unit);
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
