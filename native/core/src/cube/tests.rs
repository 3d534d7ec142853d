//! The cube model by hand: Janowski's money values, the MET's reading, the
//! match anchors (a dead cube is cubeless, a sure loss is one cube), and
//! every refusal an input can meet.

use super::*;

/// No gammons, the side on roll 70% to win (the Python tests' position).
const NO_GAMMONS: [f64; 5] = [0.7, 0.0, 0.0, 0.0, 0.0];
/// A position with gammons and backgammons both ways.
const P: [f64; 5] = [0.6, 0.2, 0.01, 0.1, 0.005];

/// A table whose every entry is told apart by its place: pre-Crawford
/// `i + 1` away against `j + 1` away is `0.5 + (j - i) / 200`, the
/// post-Crawford trailer `i + 1` away `0.5 - i / 200`.
fn table() -> Met {
    let mut pre = vec![0.0; MAX_AWAY * MAX_AWAY];
    for i in 0..MAX_AWAY {
        for j in 0..MAX_AWAY {
            pre[i * MAX_AWAY + j] = 0.5 + (j as f64 - i as f64) / 200.0;
        }
    }
    let post = (0..MAX_AWAY)
        .map(|i| 0.5 - i as f64 / 200.0)
        .collect::<Vec<_>>();
    Met::new(&pre, &post).unwrap()
}

fn money(owner: Owner, jacoby: bool) -> CubeState {
    CubeState::new(0, [0, 0], 1, owner, false, jacoby, false).unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn janowski_money_values_by_hand() {
    // Take point 0.2 and cash point 0.8 without gammons: a live centred cube
    // at 70% is worth -1 + 2 (0.7 - 0.2) / 0.6 = 2/3, the dead one 0.4.
    let centre = money(Owner::Centre, false);
    assert!(close(cubeful_money(&NO_GAMMONS, &centre, 1.0), 2.0 / 3.0));
    assert!(close(cubeful_money(&NO_GAMMONS, &centre, 0.0), 0.4));
    assert!(close(
        cubeful_money(&NO_GAMMONS, &centre, 0.5),
        (2.0 / 3.0 + 0.4) / 2.0
    ));
    // Owned: from -1 at 0 to +1 at the cash point 0.8.
    let owned = money(Owner::Mover, false);
    assert!(close(
        cubeful_money(&NO_GAMMONS, &owned, 1.0),
        -1.0 + 2.0 * 0.7 / 0.8
    ));
    // The opponent's: from -1 at his cash point 0.2 to +1 at 1.
    let theirs = money(Owner::Opponent, false);
    assert!(close(
        cubeful_money(&NO_GAMMONS, &theirs, 1.0),
        -1.0 + 2.0 * 0.5 / 0.8
    ));
}

#[test]
fn money_gammons_count_unless_the_jacoby_rule_and_a_centred_cube() {
    // 2 x 0.6 - 1 + (0.2 - 0.1) + (0.01 - 0.005) = 0.305.
    assert!(close(
        utility(&P, &money(Owner::Centre, false), None),
        0.305
    ));
    assert!(close(utility(&P, &money(Owner::Centre, true), None), 0.2));
    assert!(close(utility(&P, &money(Owner::Mover, true), None), 0.305));
    // Jacoby, centred, beyond the cash point: the live cube is worth one cube.
    let sure = [0.9, 0.3, 0.0, 0.0, 0.0];
    assert!(close(
        cubeful_money(&sure, &money(Owner::Centre, true), 1.0),
        1.0
    ));
}

#[test]
fn money_play_scores_by_hand() {
    let centre = money(Owner::Centre, false);
    // A dead cube he can still double: stakes doubled, 2 x 0.305, no pass at 0.61.
    let score = play_scores(&table(), &centre, &P, &[0.0]).unwrap()[0];
    assert!(close(score, -0.61));
    // Owned by the player, he cannot double: minus his cubeless equity.
    let owned = money(Owner::Mover, false);
    let score = play_scores(&table(), &owned, &P, &[0.0]).unwrap()[0];
    assert!(close(score, -0.305));
    // At 85% without gammons he doubles and the player passes: one cube lost.
    let strong = [0.85, 0.0, 0.0, 0.0, 0.0];
    assert_eq!(
        play_scores(&table(), &centre, &strong, &[1.0]).unwrap(),
        vec![-1.0]
    );
}

#[test]
fn the_met_reads_as_gnubgs_get_me() {
    let met = table();
    assert_eq!(met.mwc(0, 5, false), Ok(1.0));
    assert_eq!(met.mwc(-3, 5, true), Ok(1.0));
    assert_eq!(met.mwc(5, 0, false), Ok(0.0));
    assert_eq!(met.mwc(3, 5, false), Ok(0.51));
    // After the Crawford game: the trailer 4 away, the leader 1 away.
    assert_eq!(met.mwc(4, 1, true), Ok(0.485));
    assert_eq!(met.mwc(1, 4, true), Ok(1.0 - 0.485));
    assert_eq!(met.mwc(65, 3, false), Err(CubeError::Away { away: 65 }));
}

#[test]
fn a_dead_cube_is_the_cubeless_mwc() {
    let met = table();
    // 9-point match at 3-5: 6 away and 4 away, the cube centred.
    let state = CubeState::new(9, [3, 5], 1, Owner::Centre, false, false, false).unwrap();
    let k = Constants::new(&met, &state).unwrap();
    let (win, lose) = (met.mwc(5, 4, false).unwrap(), met.mwc(6, 3, false).unwrap());
    assert!(close(k.cash(), win));
    assert!(close(k.mwc_to_equity(win), 1.0) && close(k.mwc_to_equity(lose), -1.0));
    // Gammon prices of this table: winning 2 is 0.5 + 0.02 + ... read by hand.
    let centre = (win + lose) / 2.0;
    let unit = win - centre;
    let g0 = (met.mwc(4, 4, false).unwrap() - centre) / unit - 1.0;
    let g1 = (centre - met.mwc(6, 2, false).unwrap()) / unit - 1.0;
    let b0 = (met.mwc(3, 4, false).unwrap() - centre) / unit - (g0 + 1.0);
    let b1 = (centre - met.mwc(6, 1, false).unwrap()) / unit - (g1 + 1.0);
    let u = 0.2 + 0.2 * g0 - 0.1 * g1 + 0.01 * b0 - 0.005 * b1;
    let cubeless = 0.5 * (u * (win - lose) + win + lose);
    assert!(close(cubeful_mwc(&P, &state, &k, 0.0), cubeless));
    // The Crawford game's cube is dead whatever the efficiency.
    let crawford = CubeState::new(9, [8, 5], 1, Owner::Centre, true, false, false).unwrap();
    let k = Constants::new(&met, &crawford).unwrap();
    let dead = cubeful_mwc(&P, &crawford, &k, 0.0);
    assert_eq!(cubeful_mwc(&P, &crawford, &k, 1.0), dead);
}

#[test]
fn a_sure_loss_against_a_cube_he_may_double_is_one_cube() {
    // He wins for sure without gammons: he doubles, the player passes, -1 EMG.
    let met = table();
    let sure = [1.0, 0.0, 0.0, 0.0, 0.0];
    for (length, score) in [(9, [3, 5]), (13, [0, 0]), (25, [20, 2])] {
        let state = CubeState::new(length, score, 1, Owner::Centre, false, false, false).unwrap();
        let scores = play_scores(&met, &state, &sure, &[0.76]).unwrap();
        assert!(close(scores[0], -1.0), "{length}: {scores:?}");
    }
}

#[test]
fn the_live_cube_is_worth_more_than_the_dead_one_to_its_owner() {
    let met = table();
    let state = CubeState::new(15, [2, 4], 2, Owner::Mover, false, false, false).unwrap();
    let k = Constants::new(&met, &state).unwrap();
    let dead = cubeful_mwc(&NO_GAMMONS, &state, &k, 0.0);
    assert!(cubeful_mwc(&NO_GAMMONS, &state, &k, 1.0) > dead);
}

#[test]
fn states_that_cannot_be_are_refused() {
    let refused = |length, score, cube, crawford, jacoby| {
        CubeState::new(length, score, cube, Owner::Centre, crawford, jacoby, false).is_err()
    };
    assert!(refused(-1, [0, 0], 1, false, false));
    assert!(refused(5, [5, 0], 1, false, false));
    assert!(refused(5, [0, -1], 1, false, false));
    assert!(refused(7, [0, 0], 3, false, false));
    assert!(refused(7, [0, 0], 0, false, false));
    assert!(refused(7, [0, 0], 1 << 21, false, false));
    assert!(refused(7, [2, 3], 1, true, false));
    assert!(refused(7, [0, 0], 1, false, true));
    assert!(refused(0, [1, 0], 1, false, false));
    assert!(refused(0, [0, 0], 1, true, false));
    assert!(!refused(7, [6, 3], 4, true, false));
    assert!(!refused(0, [0, 0], 1 << 20, false, true));
    assert_eq!(Owner::from_code(3), None);
}

#[test]
fn bad_probabilities_and_batches_are_errors_not_panics() {
    let met = table();
    let state = CubeState::new(7, [1, 2], 1, Owner::Centre, false, false, false).unwrap();
    let nan = [f64::NAN, 0.0, 0.0, 0.0, 0.0];
    let backgammons_above_gammons = [0.5, 0.1, 0.2, 0.1, 0.0];
    let above_one = [0.5, 1.5, 0.0, 0.0, 0.0];
    let gammons_above_wins = [0.5, 0.5 + 2.0 * TOLERANCE, 0.0, 0.1, 0.0];
    let lost_gammons_above_losses = [0.5, 0.1, 0.0, 0.5 + 2.0 * TOLERANCE, 0.0];
    let below_zero = [0.5, 0.1, -2.0 * TOLERANCE, 0.1, 0.0];
    for bad in [
        nan,
        backgammons_above_gammons,
        above_one,
        gammons_above_wins,
        lost_gammons_above_losses,
        below_zero,
    ] {
        let batch = [P, bad].concat();
        let err = play_scores(&met, &state, &batch, &[0.5, 0.5]);
        assert_eq!(err, Err(CubeError::Probabilities { index: 1 }));
        assert!(cubeful_equities(&met, &money(Owner::Centre, false), &bad, &[0.5]).is_err());
    }
    // Within the tolerance, as the rule reads engines' rounded figures.
    let rounded = [1.0 + 0.5 * TOLERANCE, 1.0, -0.5 * TOLERANCE, 0.0, 0.0];
    assert!(play_scores(&met, &state, &rounded, &[0.5]).is_ok());
    let count = play_scores(&met, &state, &P[..4], &[0.5]);
    assert!(matches!(count, Err(CubeError::Count { .. })));
    let money_mwc = cubeful_mwcs(&met, &money(Owner::Centre, false), &P, &[0.5]);
    assert_eq!(money_mwc, Err(CubeError::Money));
    let far = CubeState::new(100, [0, 0], 1, Owner::Centre, false, false, false).unwrap();
    assert!(matches!(
        play_scores(&met, &far, &P, &[0.5]),
        Err(CubeError::Away { .. })
    ));
    assert!(Met::new(&[0.5; 3], &[0.5; MAX_AWAY]).is_err());
    assert!(Met::new(&[f64::NAN; MAX_AWAY * MAX_AWAY], &[0.5; MAX_AWAY]).is_err());
}

#[test]
fn an_empty_batch_is_empty() {
    let met = table();
    let state = CubeState::new(7, [1, 2], 1, Owner::Centre, false, false, false).unwrap();
    assert_eq!(play_scores(&met, &state, &[], &[]), Ok(vec![]));
}
