//! One test or more per named rule, on positions built by hand in the mover's frame.
//!
//! The expected sets are the rules pages' statements worked out by hand
//! (backgammon's maximum-use and higher-die rules, long nardy's head rule
//! and first-roll exceptions as Floor's `least`, the six-block rule, Kush's
//! hits and return, the no-hide rule, acey-deucey's entering and lock,
//! tabula's waiting rule with the bar); the tavli, acey-deucey and tabula
//! pages' own examples are in `rules_examples.rs`.

mod common;

use common::{SECOND_HALF, Tb, moves, sorted, sorted_states, state, steps};

/// Long nardy's table: blocking, the head rule as `Floor(24, least)`, the six-block rule after each step.
fn long_nardy(least: i64) -> Tb {
    Tb {
        contact: 1,
        rules: vec![vec![1, 24, least], vec![2, 1]],
        ..Tb::default()
    }
}

/// Long nardy's start: 15 on the mover's head (24), the opponent's 15 on his 12.
fn long_start() -> Vec<i32> {
    state(&[(24, 15), (12, -15)], (0, 0), (0, 0))
}

#[test]
fn maximum_use_keeps_the_plays_of_both_dice() {
    // 2-1 with checkers on 8 and 6, the opponent holding 7: 6/4 alone or
    // 8/6 alone use one die; 8/6/5 and 6/4/3 (or 6/5/3) use both and are the plays.
    let start = state(&[(8, 1), (6, 1), (7, -2), (20, -13)], (0, 0), (13, 0));
    let plays = Tb::default().plays(&moves(2, 1), &start);
    assert!(plays.iter().all(|p| steps(p.code).len() == 2));
    let want = vec![
        state(&[(3, 1), (8, 1), (7, -2), (20, -13)], (0, 0), (13, 0)),
        state(&[(5, 1), (6, 1), (7, -2), (20, -13)], (0, 0), (13, 0)),
    ];
    assert_eq!(sorted_states(&plays), sorted(want));
}

#[test]
fn only_one_die_playable_must_play_the_higher() {
    // One checker on 12, the opponent holds 1: 12/6 or 12/7, never both.
    let start = state(&[(12, 1), (1, -2), (20, -13)], (0, 0), (14, 0));
    let higher = state(&[(6, 1), (1, -2), (20, -13)], (0, 0), (14, 0));
    let lower = state(&[(7, 1), (1, -2), (20, -13)], (0, 0), (14, 0));
    let plays = Tb::default().plays(&moves(6, 5), &start);
    assert_eq!(sorted_states(&plays), vec![higher.clone()]);
    let free = Tb {
        higher: 0,
        ..Tb::default()
    };
    let plays = free.plays(&moves(6, 5), &start);
    assert_eq!(sorted_states(&plays), sorted(vec![higher, lower]));
}

#[test]
fn canonical_order_follows_the_depth_first_search() {
    // Backgammon 2-1, checkers on 8 and 6. The search tries the 2 first
    // (8/6, then 6/4), each followed by the 1 from the highest source; the
    // 1-first orders reach nothing new. Order: 8/6 6/5, 6/4 8/7, 6/4 4/3.
    let start = state(&[(8, 1), (6, 1), (20, -15)], (0, 0), (13, 0));
    let plays = Tb::default().plays(&moves(2, 1), &start);
    let got: Vec<_> = plays.iter().map(|p| steps(p.code)).collect();
    let want = vec![
        vec![(8, 6, 2, false), (6, 5, 1, false)],
        vec![(6, 4, 2, false), (8, 7, 1, false)],
        vec![(6, 4, 2, false), (4, 3, 1, false)],
    ];
    assert_eq!(got, want);
    assert_eq!(
        plays[0].state,
        state(&[(6, 1), (5, 1), (20, -15)], (0, 0), (13, 0))
    );
    assert_eq!(
        plays[0].code,
        8 | 6 << 5 | 2 << 10 | (6 | 5 << 5 | 1 << 10) << 14
    );
}

#[test]
fn canonical_order_of_a_bear_off_keeps_the_first_sequence_per_state() {
    // 3-1 with checkers on 3 and 1. The 3 first: 3/off (the 1-point cannot
    // bear off with the 3 while the 3-point is held), then 1/off. Then the 1:
    // 3/2, after which the 3 bears off from the 2; 1/off 3/off is the first
    // play again and is not repeated.
    let start = state(&[(3, 1), (1, 1), (20, -15)], (0, 0), (13, 0));
    let plays = Tb::default().plays(&moves(3, 1), &start);
    let got: Vec<_> = plays.iter().map(|p| steps(p.code)).collect();
    let want = vec![
        vec![(3, 0, 3, false), (1, 0, 1, false)],
        vec![(3, 2, 1, false), (2, 0, 3, false)],
    ];
    assert_eq!(got, want);
}

#[test]
fn head_rule_one_checker_a_turn() {
    // 6-6 with one checker allowed off the head: 24/18, and 18/12 is the
    // opponent's head: three sixes lost.
    let plays = long_nardy(14).plays(&moves(6, 6), &long_start());
    let want = state(&[(24, 14), (18, 1), (12, -15)], (0, 0), (0, 0));
    assert_eq!(sorted_states(&plays), vec![want]);
}

#[test]
fn head_rule_first_roll_6_6_and_4_4_take_two() {
    // The 6-6 / 4-4 / 3-3 exception: two may leave, so the floor is 13.
    let plays = long_nardy(13).plays(&moves(6, 6), &long_start());
    let want = state(&[(24, 13), (18, 2), (12, -15)], (0, 0), (0, 0));
    assert_eq!(sorted_states(&plays), vec![want]);
    let plays = long_nardy(13).plays(&moves(4, 4), &long_start());
    let want = state(&[(24, 13), (16, 2), (12, -15)], (0, 0), (0, 0));
    assert_eq!(sorted_states(&plays), vec![want]);
}

#[test]
fn head_rule_first_roll_3_3_two_ways_or_one_checker() {
    // With the exception: 24/18(2) or 24/15 24/21; without it 24/15 only.
    let plays = long_nardy(13).plays(&moves(3, 3), &long_start());
    let want = vec![
        state(&[(24, 13), (21, 1), (15, 1), (12, -15)], (0, 0), (0, 0)),
        state(&[(24, 13), (18, 2), (12, -15)], (0, 0), (0, 0)),
    ];
    assert_eq!(sorted_states(&plays), sorted(want));
    let plays = long_nardy(14).plays(&moves(3, 3), &long_start());
    let want = state(&[(24, 14), (15, 1), (12, -15)], (0, 0), (0, 0));
    assert_eq!(sorted_states(&plays), vec![want]);
}

/// Long nardy's table with the head rule as `HeadLimit(24, 15, double, doubles, mode)`: the limit read from the start.
fn long_nardy_head(double: i64, doubles: i64, mode: i64) -> Tb {
    Tb {
        contact: 1,
        rules: vec![vec![9, 24, 15, double, doubles, mode], vec![2, 1]],
        ..Tb::default()
    }
}

/// `"6-4-3"` as a HeadLimit's doubles: bits 6, 4 and 3.
const SIX_FOUR_THREE: i64 = 1 << 6 | 1 << 4 | 1 << 3;

#[test]
fn head_limit_gives_the_floors_plays_on_the_first_turn_and_after() {
    // The page's first-turn exception ("6-4-3"): 6-6 24/18(2); 4-4 24/16(2);
    // 3-3 24/18(2) or 24/15 24/21; 5-5 one checker (24/4).
    let start = long_start();
    for d in [6, 4, 3] {
        let plays = long_nardy_head(d, SIX_FOUR_THREE, 0).plays(&moves(d, d), &start);
        assert_eq!(plays, long_nardy(13).plays(&moves(d, d), &start), "{d}-{d}");
    }
    let plays = long_nardy_head(5, SIX_FOUR_THREE, 0).plays(&moves(5, 5), &start);
    let want = state(&[(24, 14), (4, 1), (12, -15)], (0, 0), (0, 0));
    assert_eq!(sorted_states(&plays), vec![want]);
    // Not a first turn: one checker, even on 6-6 (floor 13 from 14).
    let later = state(&[(24, 14), (18, 1), (12, -15)], (0, 0), (0, 0));
    let plays = long_nardy_head(6, SIX_FOUR_THREE, 0).plays(&moves(6, 6), &later);
    assert_eq!(plays, long_nardy(13).plays(&moves(6, 6), &later));
    // "head-only": white 5-5 (24/4, the mover's 16), then black's 4-4 is a single four.
    let after = state(&[(24, 15), (12, -14), (16, -1)], (0, 0), (0, 0));
    let plays = long_nardy_head(4, 0, 2).plays(&moves(4, 4), &after);
    let want = state(&[(24, 14), (20, 1), (12, -14), (16, -1)], (0, 0), (0, 0));
    assert_eq!(sorted_states(&plays), vec![want]);
    // "any-blocked-double": the same 4-4 takes two (24/20(2)).
    let plays = long_nardy_head(4, 0, 1).plays(&moves(4, 4), &after);
    assert_eq!(plays, long_nardy(13).plays(&moves(4, 4), &after));
    assert!(sorted_states(&plays).contains(&state(
        &[(24, 13), (20, 2), (12, -14), (16, -1)],
        (0, 0),
        (0, 0)
    )));
}

/// Whether the mover holds every point of `points` in `s`.
fn holds(s: &[i32], points: std::ops::RangeInclusive<usize>) -> bool {
    points.into_iter().all(|p| s[p] > 0)
}

/// Five points 21-17 held (two each), five on the head; the opponent's 15 on the 12, and `more`.
fn before_a_block(more: &[(usize, i32)]) -> Vec<i32> {
    let mut points = vec![(24, 5), (21, 2), (20, 2), (19, 2), (18, 2), (17, 2)];
    points.extend_from_slice(more);
    state(&points, (0, 0), (0, 0))
}

#[test]
fn six_block_step_refuses_a_landing_in_a_block_nobody_passed() {
    let start = before_a_block(&[(12, -15)]);
    let ruled = long_nardy(4).plays(&moves(3, 1), &start);
    assert!(!ruled.is_empty());
    assert!(ruled.iter().all(|p| !holds(&p.state, 16..=21)));
    let free = Tb {
        contact: 1,
        rules: vec![vec![1, 24, 4]],
        ..Tb::default()
    };
    let plays = free.plays(&moves(3, 1), &start);
    assert!(plays.iter().any(|p| holds(&p.state, 16..=21)));
}

#[test]
fn six_block_step_allows_a_block_with_an_opposing_checker_ahead() {
    // An opposing checker on the mover's 14 has passed 21-16 along his route.
    let start = before_a_block(&[(12, -14), (14, -1)]);
    let plays = long_nardy(4).plays(&moves(3, 1), &start);
    assert!(plays.iter().any(|p| holds(&p.state, 16..=21)));
}

/// Whether the mover holds six consecutive points among 1-7.
fn home_block(s: &[i32]) -> bool {
    holds(s, 1..=6) || holds(s, 2..=7)
}

#[test]
fn six_block_option_home_waits_for_a_checker_in_his_home() {
    // A block on 7-2 or 6-1: the opponent's checker on the mover's 20 has
    // passed it ("ahead" allows it) but is not in his home, the mover's
    // 13-18 ("home" refuses it).
    let start = state(
        &[
            (6, 2),
            (5, 2),
            (4, 2),
            (3, 2),
            (2, 2),
            (8, 3),
            (24, 2),
            (20, -1),
            (12, -14),
        ],
        (0, 0),
        (0, 0),
    );
    let with = |option: i64| Tb {
        contact: 1,
        rules: vec![vec![1, 24, 1], vec![2, option]],
        ..Tb::default()
    };
    let home = with(2).plays(&moves(3, 1), &start);
    assert!(!home.is_empty());
    assert!(home.iter().all(|p| !home_block(&p.state)));
    let ahead = with(1).plays(&moves(3, 1), &start);
    assert!(ahead.iter().any(|p| home_block(&p.state)));
}

#[test]
fn six_block_at_end_judges_the_final_position_only() {
    // 1-1: 24/23/22/21 lands on 22 while 23 and 21-18 are held (a block of
    // six nobody passed): refused after each step; at the end 22 is empty again.
    let start = state(
        &[
            (24, 1),
            (23, 2),
            (21, 2),
            (20, 2),
            (19, 2),
            (18, 2),
            (10, 4),
            (12, -15),
        ],
        (0, 0),
        (0, 0),
    );
    let end = state(
        &[
            (23, 2),
            (21, 3),
            (20, 2),
            (19, 2),
            (18, 2),
            (10, 3),
            (9, 1),
            (12, -15),
        ],
        (0, 0),
        (0, 0),
    );
    let at_end = Tb {
        contact: 1,
        rules: vec![vec![1, 24, 0]],
        filter: (1, 1),
        ..Tb::default()
    };
    let plays = at_end.plays(&moves(1, 1), &start);
    assert!(plays.iter().any(|p| p.state == end));
    assert!(plays.iter().all(|p| !holds(&p.state, 18..=23)));
    let per_step = long_nardy(0).plays(&moves(1, 1), &start);
    assert!(!per_step.is_empty());
    assert!(per_step.iter().all(|p| p.state != end));
}

/// Kush on a double: hits, the hitter stops anywhere, the return, the head and six-block rules.
fn kush(least: i64) -> Tb {
    Tb {
        enters: 0,
        returns: 1,
        hitter: (1, 24),
        rules: vec![vec![1, 24, least], vec![2, 1]],
        ..Tb::default()
    }
}

#[test]
fn kush_hitter_stops_where_it_hit() {
    // 2-2: 20/18* hits; the hitter may not go on to 16 and 14 (the 12 is
    // the opponent's), though a head checker may come to 18 after it.
    let start = state(&[(20, 1), (24, 13), (18, -1), (12, -14)], (0, 0), (1, 0));
    let on = state(&[(24, 12), (22, 1), (14, 1), (12, -14)], (0, 1), (1, 0));
    let joined = state(&[(24, 12), (18, 2), (12, -14)], (0, 1), (1, 0));
    let plays = kush(12).plays(&moves(2, 2), &start);
    assert!(plays.iter().all(|p| p.state != on));
    assert!(plays.iter().any(|p| p.state == joined));
    let no_stop = Tb {
        hitter: (0, 0),
        ..kush(12)
    };
    assert!(
        no_stop
            .plays(&moves(2, 2), &start)
            .iter()
            .any(|p| p.state == on)
    );
}

#[test]
fn kush_return_brings_min_of_die_and_bar_onto_the_head() {
    // 5-5 with 4 on the bar returns 4 (one five burns); 6-6 with 6 returns 6.
    let start = state(&[(24, 1), (10, 10), (12, -14), (11, -1)], (4, 0), (0, 0));
    let plays = kush(0).plays(&moves(5, 5), &start);
    let back = plays.last().unwrap();
    assert_eq!(back.state[24], 5);
    assert_eq!(back.state[25], 0);
    assert_eq!(steps(back.code), vec![(25, 24, 5, false); 4]);
    let start = state(&[(24, 1), (10, 8), (12, -15)], (6, 0), (0, 0));
    let plays = kush(0).plays(&moves(6, 6), &start);
    let back = plays.last().unwrap();
    assert_eq!(steps(back.code), vec![(25, 24, 6, false); 6]);
    assert!(back.code >= 1 << 56, "six steps do not fit 56 bits");
}

#[test]
fn kush_return_needs_a_free_head_and_a_double() {
    let start = state(&[(10, 10), (24, -1), (12, -14)], (5, 0), (0, 0));
    let plays = kush(0).plays(&moves(5, 5), &start);
    assert!(plays.iter().all(|p| p.state[25] == 5));
    let start = state(&[(24, 1), (10, 10), (12, -15)], (4, 0), (0, 0));
    let non_double = Tb {
        contact: 1,
        ..kush(0)
    };
    let plays = non_double.plays(&moves(5, 3), &start);
    assert!(plays.iter().all(|p| p.state[25] == 4));
}

#[test]
fn no_hide_after_hit_lets_the_hitter_go_on_to_an_empty_point_only() {
    // Caucasian: 8/4*/2 with the 2-point empty is legal; tavla's stop refuses it.
    let start = state(&[(8, 2), (13, 13), (4, -1), (20, -14)], (0, 0), (0, 0));
    let no_hide = Tb {
        hitter: (2, 6),
        ..Tb::default()
    };
    let onward = state(&[(8, 1), (13, 13), (2, 1), (20, -14)], (0, 1), (0, 0));
    assert!(
        no_hide
            .plays(&moves(4, 2), &start)
            .iter()
            .any(|p| p.state == onward)
    );
    let stops = Tb {
        hitter: (1, 6),
        ..Tb::default()
    };
    assert!(
        stops
            .plays(&moves(4, 2), &start)
            .iter()
            .all(|p| p.state != onward)
    );
    // With his own checkers on 2, the hitter may not hide there (8/6/4 does not hit).
    let start = state(
        &[(8, 2), (2, 2), (13, 11), (4, -1), (20, -14)],
        (0, 0),
        (0, 0),
    );
    let hidden = state(&[(8, 1), (2, 3), (13, 11), (20, -14)], (0, 1), (0, 0));
    assert!(
        no_hide
            .plays(&moves(4, 2), &start)
            .iter()
            .all(|p| p.state != hidden)
    );
    assert!(
        Tb::default()
            .plays(&moves(4, 2), &start)
            .iter()
            .any(|p| p.state == hidden)
    );
}

/// Acey-deucey's table with these step rules.
fn acey(rules: Vec<Vec<i64>>) -> Tb {
    Tb {
        pool: 28,
        size: 30,
        rules,
        ..Tb::default()
    }
}

/// A state with a pool (mover's, opponent's).
fn with_pool(mut s: Vec<i32>, pool: (i32, i32)) -> Vec<i32> {
    s.extend([pool.0, pool.1]);
    s
}

#[test]
fn pool_first_allows_only_entries_while_the_pool_is_not_empty() {
    let start = with_pool(state(&[(13, 10), (5, -15)], (0, 0), (0, 0)), (5, 0));
    let plays = acey(vec![vec![4]]).plays(&moves(3, 1), &start);
    assert_eq!(plays.len(), 1);
    assert!(steps(plays[0].code).iter().all(|s| s.0 == 26));
    // The last pool checker enters; then other checkers may move.
    let start = with_pool(state(&[(13, 14), (5, -15)], (0, 0), (0, 0)), (1, 0));
    let plays = acey(vec![vec![4]]).plays(&moves(3, 1), &start);
    assert!(
        plays
            .iter()
            .any(|p| steps(p.code).iter().any(|s| s.0 == 13))
    );
    assert!(plays.iter().all(|p| p.state[28] == 0));
}

#[test]
fn locked_refuses_every_step() {
    let start = with_pool(state(&[(5, -15)], (0, 0), (0, 0)), (15, 0));
    assert!(acey(vec![vec![6]]).plays(&moves(6, 3), &start).is_empty());
    assert!(!acey(vec![]).plays(&moves(6, 3), &start).is_empty());
}

#[test]
fn waiting_pool_or_bar_keeps_the_second_half_closed_while_a_checker_is_on_the_bar() {
    // Bar not first: the barred checker may wait, but nothing lands on 12-1 meanwhile.
    let start = with_pool(state(&[(14, 13), (20, -15)], (1, 0), (0, 0)), (0, 0));
    let tabula = |mode: i64| Tb {
        pool: 28,
        size: 30,
        bar_first: 0,
        larger: 0,
        rules: vec![vec![3, mode, SECOND_HALF]],
        ..Tb::default()
    };
    let landed_low = |s: &Vec<i32>| (1..=12).any(|p| s[p] > 0);
    let plays = tabula(2).plays(&moves(4, 3), &start);
    assert!(!plays.is_empty());
    assert!(
        plays
            .iter()
            .all(|p| !landed_low(&p.state) || p.state[25] == 0)
    );
    let plays = tabula(1).plays(&moves(4, 3), &start);
    assert!(
        plays
            .iter()
            .any(|p| landed_low(&p.state) && p.state[25] == 1)
    );
}

#[test]
fn max_held_always_judges_every_step_from_a_board_over_the_limit() {
    // Family rule MZ.3: the mover holds five of 7-12 (11, 10, 9, 8, 7),
    // over a limit of four; only a step after which he holds at most four
    // is allowed, wherever it lands: 24/23 and 11/10 (11 still held by its
    // second checker) are refused, 10/9, 9/8, 8/7 and 7/6 (each emptying a
    // point) are allowed.
    let quarter = 0x3F << 7;
    let start = state(
        &[
            (24, 9),
            (11, 2),
            (10, 1),
            (9, 1),
            (8, 1),
            (7, 1),
            (3, -2),
            (12, -13),
        ],
        (0, 0),
        (0, 0),
    );
    let always = Tb {
        contact: 1,
        rules: vec![vec![10, quarter, 4]],
        ..Tb::default()
    };
    let mut froms: Vec<u32> = always
        .plays(&[1], &start)
        .iter()
        .map(|p| steps(p.code)[0].0)
        .collect();
    froms.sort_unstable();
    assert_eq!(froms, vec![7, 8, 9, 10]);
    // MaxHeld (code 8) judges only steps landing on 7-12: 24/23 passes it.
    let landing = Tb {
        contact: 1,
        rules: vec![vec![8, quarter, 4]],
        ..Tb::default()
    };
    let froms: Vec<u32> = landing
        .plays(&[1], &start)
        .iter()
        .map(|p| steps(p.code)[0].0)
        .collect();
    assert!(froms.contains(&24), "{froms:?}");
}

#[test]
fn a_pinned_checker_at_home_stands_on_its_point_with_bit_1_of_the_bear_off() {
    // Family rule TP.3 and example TP-4: the pinned checker on 3 is home,
    // so the 6 bears off from 5; without bit 1 (plakoto) nothing bears off.
    let mut start = state(&[(1, -3), (3, -1), (5, 2)], (0, 0), (12, 11));
    start.extend([1 << 3, 0]);
    let pins = |larger| Tb {
        contact: 2,
        larger,
        size: 30,
        ..Tb::default()
    };
    let plays = pins(3).plays(&moves(6, 2), &start);
    assert_eq!(plays.len(), 1);
    assert_eq!(steps(plays[0].code), vec![(5, 0, 6, false)]);
    assert!(pins(1).plays(&moves(6, 2), &start).is_empty());
    // A pinned checker stands higher than the free ones: pinned on 6, a 6
    // may not bear off from 5 (and the pinned checker cannot move).
    let mut high = state(&[(6, -2), (5, 2)], (0, 0), (12, 13));
    high.extend([1 << 6, 0]);
    assert!(pins(3).plays(&[6], &high).is_empty());
    // Pinned outside the home board: no bear-off at all.
    let mut out = state(&[(9, -2), (5, 2)], (0, 0), (12, 13));
    out.extend([1 << 9, 0]);
    assert!(pins(3).plays(&[5], &out).is_empty());
}
