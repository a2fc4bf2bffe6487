//! The endgame solver: hand-solved positions (each explained beside it);
//! a plain reference (recursion with no memo, straight from the rules)
//! against `Solver::landlord_wins` on random small endgames; `best` is
//! legal and, when it claims a win, wins; the node limit stores nothing
//! wrong; values persist across calls; a warm solve allocates nothing;
//! `Endgame` follows the game's own rules move for move.

use tabula_cards::climbing::Trick;
use tabula_conformance::alloc::allocations_during;
use tabula_doudizhu::cards::{Counts, parse_counts};
use tabula_doudizhu::combo::Combo;
use tabula_doudizhu::moves::{all_plays, classify, plays_beating};
use tabula_doudizhu::solver::{Endgame, Solver};
use tabula_doudizhu::{Action, DdzOptions, DouDizhu, Phase};
use tabula_search::{Game, Rng, Turn};

/// No limit on a solve.
const ALL: u64 = u64::MAX;

fn hand(text: &str) -> Counts {
    parse_counts(text).unwrap()
}

/// The one combination that exactly `text` reads as.
fn combo(text: &str) -> Combo {
    let mut out = Vec::new();
    classify(hand(text), true, &mut out);
    assert_eq!(out.len(), 1, "{text} is one combination");
    out[0]
}

/// An endgame with the landlord in seat 0.
fn endgame(hands: [&str; 3], to_act: usize, last: Option<(usize, &str)>, passes: u8) -> Endgame {
    Endgame {
        hands: hands.map(|h| if h.is_empty() { Counts::EMPTY } else { hand(h) }),
        landlord: 0,
        to_act,
        trick: Trick {
            last: last.map(|(by, c)| (by as u8, combo(c))),
            passes,
        },
    }
}

// ---------------------------------------------------------------------------
// The reference: minimax over "the landlord wins", no memo, no ordering.

fn reference(e: &Endgame, four_with_two: bool) -> bool {
    let me = e.to_act;
    let target = e.trick.last.filter(|&(by, _)| usize::from(by) != me).map(|(_, c)| c);
    let mut plays = Vec::new();
    match target {
        Some(t) => plays_beating(e.hands[me], &t, four_with_two, &mut plays),
        None => all_plays(e.hands[me], four_with_two, &mut plays),
    }
    let mut outcomes = Vec::new();
    for c in plays {
        let mut hands = e.hands;
        hands[me] = Counts(hands[me].0 - c.cards.0);
        if hands[me].is_empty() {
            outcomes.push(me == e.landlord);
            continue;
        }
        let next = Endgame {
            hands,
            to_act: (me + 1) % 3,
            trick: Trick {
                last: Some((me as u8, c)),
                passes: 0,
            },
            ..*e
        };
        outcomes.push(reference(&next, four_with_two));
    }
    if target.is_some() {
        let (last, passes) = if e.trick.passes + 1 == 2 {
            (None, 0)
        } else {
            (e.trick.last, e.trick.passes + 1)
        };
        let next = Endgame {
            to_act: (me + 1) % 3,
            trick: Trick { last, passes },
            ..*e
        };
        outcomes.push(reference(&next, four_with_two));
    }
    if me == e.landlord {
        outcomes.iter().any(|&w| w)
    } else {
        outcomes.iter().all(|&w| w)
    }
}

/// Random cards from the deck but `used`: from the whole deck, or (half
/// the time) from a few neighbouring ranks with the twos and jokers, so
/// that pairs, trios, chains and bombs are common.
fn draw(rng: &mut Rng, used: &mut Counts, n: usize, dense: Option<u8>) -> Counts {
    let mut pool: Vec<u8> = Vec::new();
    for r in 0..15u8 {
        let near = dense.is_none_or(|low| (low..low + 5).contains(&r) || r >= 12);
        let of_rank = if r >= 13 { 1 } else { 4 };
        if near {
            pool.extend(std::iter::repeat_n(r, usize::from(of_rank - used.get(r))));
        }
    }
    rng.shuffle(&mut pool);
    let mut out = Counts::EMPTY;
    for &r in pool.iter().take(n) {
        out = out.plus(r, 1);
        *used = used.plus(r, 1);
    }
    out
}

/// A random endgame of `total` cards (each hand at least one) with a
/// random landlord, seat to act and trick: none, or a combination led
/// from random extra cards by the seat before the one to act (no pass
/// since) or the one before that (one pass since).
fn random_endgame(rng: &mut Rng, total: usize) -> Endgame {
    let dense = (rng.below(2) == 0).then(|| rng.below(7) as u8);
    let mut used = Counts::EMPTY;
    let a = 1 + rng.below(total as u64 - 2) as usize;
    let b = 1 + rng.below((total - a - 1) as u64) as usize;
    let sizes = [a, b, total - a - b];
    let hands = sizes.map(|n| draw(rng, &mut used, n, dense));
    let to_act = rng.below(3) as usize;
    let mut e = Endgame {
        hands,
        landlord: rng.below(3) as usize,
        to_act,
        trick: Trick::new(),
    };
    if rng.below(3) != 0 {
        let extra = 1 + rng.below(6) as usize;
        let cards = draw(rng, &mut used, extra, dense);
        let mut plays = Vec::new();
        all_plays(cards, true, &mut plays);
        if let Some(&c) = rng.choose(&plays) {
            let passes = rng.below(2) as u8;
            let by = (to_act + 2 - usize::from(passes)) % 3;
            e.trick = Trick {
                last: Some((by as u8, c)),
                passes,
            };
        }
    }
    e
}

// ---------------------------------------------------------------------------
// Hand-solved positions (landlord in seat 0; play runs 0, 1, 2, 0 …).

/// Asserts the landlord's result, and that `best` agrees for the side to
/// act and returns `action` when one is given.
fn check(e: &Endgame, landlord_wins: bool, action: Option<Action>) {
    for four in [false, true] {
        assert_eq!(reference(e, four), landlord_wins, "the reference disagrees on {e:?}");
        let mut s = Solver::new(four, 12);
        assert_eq!(s.landlord_wins(e, ALL), Some(landlord_wins));
        let (a, wins) = s.best(e, ALL).unwrap();
        assert_eq!(wins, landlord_wins == (e.to_act == e.landlord));
        if let Some(want) = action {
            assert_eq!(a, want);
        }
    }
}

/// Whether the side to act in `e` wins by `a` (by the reference).
fn wins_by(e: &Endgame, a: Action) -> bool {
    let after = e.after(a);
    let landlord = after.landlord_won().unwrap_or_else(|| reference(&after, true));
    landlord == (e.to_act == e.landlord)
}

#[test]
fn the_landlord_to_lead_a_lone_card_wins() {
    // The landlord plays its 4 and is out before anyone else moves.
    let e = endgame(["4", "BJ", "2 2"], 0, None, 0);
    check(&e, true, Some(Action::Play(combo("4"))));
}

#[test]
fn a_landlord_with_a_three_and_a_two_loses_to_a_lone_big_joker() {
    // Whichever single the landlord leads, seat 1 covers it with the big
    // joker (above the 2 too) and is out; the landlord never leads twice.
    let e = endgame(["3 2", "BJ", "4 4"], 0, None, 0);
    check(&e, false, None);
}

#[test]
fn a_peasant_must_break_its_pair_to_win() {
    // The landlord led a 10 and holds a J. Seat 1 holds K K. Passing
    // loses: seat 2's 3 cannot cover the 10, so the landlord leads the J
    // and is out. Playing one K (the only play: the pair cannot cover a
    // single) wins: nobody covers the K, and seat 1 leads its other K.
    let e = endgame(["J", "K K", "3"], 1, Some((0, "10")), 0);
    check(&e, false, Some(Action::Play(combo("K"))));
    assert!(!wins_by(&e, Action::Pass));
}

#[test]
fn a_peasant_needs_its_bomb() {
    // The landlord led K K and holds an A. Seat 1 (4 4 4 4 3) passing
    // loses: seat 2's 5 cannot cover a pair, and the landlord leads its A.
    // The bomb wins: nobody covers it, and seat 1 leads its 3.
    let e = endgame(["A", "4 4 4 4 3", "5"], 1, Some((0, "K K")), 0);
    check(&e, false, Some(Action::Play(combo("4 4 4 4"))));
    assert!(!wins_by(&e, Action::Pass));
}

#[test]
fn four_with_two_decides_a_landlord_lead() {
    // 5 5 5 5 3 4 is one combination (four with two singles) only under
    // four_with_two: then the landlord plays out at once. Without it the
    // 3 and the 4 cannot leave in one play (a trio takes one kicker; there
    // is no chain of two), so the landlord must lead a single at some
    // point, and the peasant next to act covers it with its K or Q (both
    // above every single the landlord has) and is out.
    let e = endgame(["5 5 5 5 3 4", "K", "Q"], 0, None, 0);
    let mut with = Solver::new(true, 10);
    let mut without = Solver::new(false, 10);
    assert_eq!(with.landlord_wins(&e, ALL), Some(true));
    assert_eq!(without.landlord_wins(&e, ALL), Some(false));
    assert_eq!(with.best(&e, ALL).unwrap(), (Action::Play(combo("5 5 5 5 3 4")), true));
    assert!(reference(&e, true) && !reference(&e, false));
}

#[test]
fn passing_wins_where_every_play_loses() {
    // Seat 2 led a 3 (it holds one more 3), the landlord passed; seat 1
    // holds 4 6, the landlord a 7. Passing makes two passes: the trick is
    // cleared and seat 2 leads its 3 and is out. Either play of seat 1
    // stands over seat 2's 3, and the landlord covers it with the 7 and
    // is out.
    let e = endgame(["7", "4 6", "3"], 1, Some((2, "3")), 1);
    check(&e, false, Some(Action::Pass));
    assert!(!wins_by(&e, Action::Play(combo("4"))));
    assert!(!wins_by(&e, Action::Play(combo("6"))));
}

#[test]
fn the_landlord_passes_to_keep_its_ace() {
    // Seat 2 led a K and holds 7 9 Q; the landlord holds 4 J A, seat 1 a
    // 5. Covering with the A loses: the landlord must lead from 4 J; the 4
    // lets seat 1 out with its 5, and the J falls to seat 2's Q, after
    // which seat 2 leads its 7 and 9 unopposed. Passing wins: seat 1
    // cannot cover the K, so seat 2 leads again, and whatever it leads
    // the landlord answers with one of J and A (J on the 7 or 9, A on the
    // Q), takes the other trick with the other, and leads its 4 to go out.
    let e = endgame(["4 J A", "5", "7 9 Q"], 0, Some((2, "K")), 0);
    check(&e, true, Some(Action::Pass));
    assert!(!wins_by(&e, Action::Play(combo("A"))));
}

#[test]
fn a_peasant_wins_by_feeding_its_partner() {
    // Seat 1 leads from 3 9 9; its partner, seat 2, holds a 5 and the
    // landlord 2 2. The 9 9 falls to the 2 2 (landlord out); a 9 stands
    // over seat 2's 5 but the landlord's 2 covers it and leads the other
    // 2. The 3 lets seat 2 cover with its 5 and go out: the peasants win
    // though seat 1 keeps its cards.
    let e = endgame(["2 2", "3 9 9", "5"], 1, None, 0);
    check(&e, false, Some(Action::Play(combo("3"))));
    assert!(!wins_by(&e, Action::Play(combo("9 9"))));
    assert!(!wins_by(&e, Action::Play(combo("9"))));
}

/// The landlord's exact result after the side to act in `e` plays `a`:
/// by the solver, under each rule for four with two, checked against the
/// reference.
fn landlord_wins_after(e: &Endgame, a: Action) -> bool {
    let after = e.after(a);
    let by_solver = [false, true].map(|four| {
        after
            .landlord_won()
            .or_else(|| Solver::new(four, 12).landlord_wins(&after, ALL))
            .unwrap()
    });
    let by_reference = wins_by(e, a) == (e.to_act == e.landlord);
    assert_eq!(by_solver, [by_reference; 2], "after {a:?}");
    by_solver[0]
}

#[test]
fn safe_pass_lets_the_partner_lead_its_last_card() {
    // Seat 2 played a 7 and holds one card (a 3); the landlord passed on
    // it holding A A. Seat 1 passing makes two passes: the trick is
    // cleared and seat 2 leads its 3 and is out. Taking over loses: the
    // landlord covers the 8 or the K with an A, nobody covers that, and
    // it leads its other A and is out.
    let e = endgame(["A A", "8 K", "3"], 1, Some((2, "7")), 1);
    check(&e, false, Some(Action::Pass));
    assert!(!landlord_wins_after(&e, Action::Pass), "the pass wins");
    let mut legal = Vec::new();
    e.legal(true, &mut legal);
    let take_overs = [Action::Play(combo("8")), Action::Play(combo("K"))];
    assert_eq!(legal, [Action::Pass, take_overs[0], take_overs[1]]);
    for a in take_overs {
        assert!(landlord_wins_after(&e, a), "taking over with {a:?} loses");
    }
}

#[test]
fn must_take_over_from_the_partner() {
    // Seat 1 played 5 5 and holds a 3; seat 2 is next, then the landlord
    // with K K. Passing loses: the landlord covers with K K and is out.
    // Seat 2's A A (its only play on a pair) stands over everything, and
    // seat 2 leads its 4 and is out.
    let e = endgame(["K K", "3", "A A 4"], 2, Some((1, "5 5")), 0);
    check(&e, false, Some(Action::Play(combo("A A"))));
    assert!(landlord_wins_after(&e, Action::Pass), "the pass loses");
    assert!(!landlord_wins_after(&e, Action::Play(combo("A A"))), "taking over wins");
}

// ---------------------------------------------------------------------------
// Against the reference, and the solver's own claims.

#[test]
fn the_solver_matches_the_reference_on_random_small_endgames() {
    let mut rng = Rng::new(2024);
    // A roomy table kept across positions, and a tiny one that replaces
    // entries all the time: both must agree with the reference.
    let mut solvers = [
        [Solver::new(false, 16), Solver::new(false, 3)],
        [Solver::new(true, 16), Solver::new(true, 3)],
    ];
    let mut wins = 0;
    for i in 0..2000 {
        let total = 4 + rng.below(6) as usize;
        let e = random_endgame(&mut rng, total);
        let four = i % 2 == 1;
        let want = reference(&e, four);
        wins += usize::from(want);
        for s in &mut solvers[usize::from(four)] {
            assert_eq!(s.landlord_wins(&e, ALL), Some(want), "{e:?} (four_with_two {four})");
        }
    }
    // Both results are common, so the comparison means something.
    assert!((400..1600).contains(&wins), "{wins} landlord wins of 2000");
}

#[test]
fn best_is_legal_and_its_claimed_wins_win() {
    let mut rng = Rng::new(7);
    let mut s = Solver::new(true, 16);
    let mut legal = Vec::new();
    let mut claimed = 0;
    for _ in 0..600 {
        let total = 4 + rng.below(6) as usize;
        let e = random_endgame(&mut rng, total);
        let (a, wins) = s.best(&e, ALL).unwrap();
        e.legal(true, &mut legal);
        assert!(legal.contains(&a), "{a:?} is not legal in {e:?}");
        let side_wins = reference(&e, true) == (e.to_act == e.landlord);
        assert_eq!(wins, side_wins, "{e:?}");
        if wins {
            claimed += 1;
            assert!(wins_by(&e, a), "{a:?} does not win {e:?}");
        } else {
            // With no winning move, the first legal move in the order.
            assert!(legal.iter().all(|&b| !wins_by(&e, b)));
        }
    }
    assert!(claimed > 100);
}

/// A position too big for the reference: 18 cards.
fn big(seed: u64) -> Endgame {
    random_endgame(&mut Rng::new(seed), 18)
}

#[test]
fn a_tiny_node_limit_gives_none_and_stores_nothing_wrong() {
    for seed in 0..4 {
        let e = big(seed);
        let mut fresh = Solver::new(true, 18);
        let want = fresh.landlord_wins(&e, ALL).unwrap();
        let mut s = Solver::new(true, 18);
        assert_eq!(s.landlord_wins(&e, 10), None);
        assert!(s.nodes() > 10);
        assert_eq!(s.best(&e, 10), None);
        assert_eq!(s.landlord_wins(&e, ALL), Some(want));
    }
    // Growing limits on one solver, each try cut short, then exact: the
    // answer is still the reference's.
    let mut rng = Rng::new(11);
    let mut s = Solver::new(true, 14);
    for _ in 0..100 {
        let e = random_endgame(&mut rng, 9);
        let mut limit = 1;
        let got = loop {
            if let Some(v) = s.landlord_wins(&e, limit) {
                break v;
            }
            limit *= 2;
        };
        assert_eq!(got, reference(&e, true), "{e:?}");
    }
}

#[test]
fn a_second_solve_of_a_position_visits_one_node() {
    let e = big(5);
    let mut s = Solver::new(true, 18);
    let v = s.landlord_wins(&e, ALL).unwrap();
    let first = s.nodes();
    assert!(first > 100, "a position worth a table: {first} nodes");
    assert_eq!(s.landlord_wins(&e, ALL), Some(v));
    assert_eq!(s.nodes(), 1);
    // `best` finds the stored values of the root and its children.
    let mut legal = Vec::new();
    e.legal(true, &mut legal);
    let (_, wins) = s.best(&e, ALL).unwrap();
    assert_eq!(wins, v == (e.to_act == e.landlord));
    assert!(s.nodes() <= legal.len() as u64 + 1, "{} nodes", s.nodes());
    s.clear();
    assert_eq!(s.landlord_wins(&e, ALL), Some(v));
    assert_eq!(s.nodes(), first);
}

#[test]
fn a_warm_solve_allocates_nothing() {
    let mut rng = Rng::new(3);
    let positions: Vec<Endgame> = (0..50).map(|_| random_endgame(&mut rng, 12)).collect();
    let mut s = Solver::new(true, 16);
    let first: Vec<_> = positions.iter().map(|e| s.best(e, ALL)).collect();
    s.clear();
    let (second, allocations) = allocations_during(|| {
        positions
            .iter()
            .map(|e| s.best(e, ALL))
            .fold(0, |n, b| n + usize::from(b.is_some()))
    });
    assert_eq!(allocations, 0);
    assert_eq!(second, first.iter().flatten().count());
}

// ---------------------------------------------------------------------------
// The endgame follows the game.

#[test]
fn endgame_moves_on_as_the_game_does() {
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    let mut rng = Rng::new(17);
    let mut s = game.initial_state();
    let (mut actions, mut mine) = (Vec::new(), Vec::new());
    let mut deals = 0;
    while game.to_move(&s) != Turn::Terminal && deals < 3 {
        let Turn::Seat(seat) = game.to_move(&s) else {
            assert!(Endgame::of(&s).is_none());
            let a = game.sample_chance(&s, &mut rng);
            game.apply(&mut s, a);
            continue;
        };
        game.legal_actions(&s, &mut actions);
        let a = *rng.choose(&actions).unwrap();
        let Some(e) = Endgame::of(&s) else {
            assert_ne!(s.phase(), Phase::Play);
            game.apply(&mut s, a);
            continue;
        };
        assert_eq!(e.to_act, seat);
        e.legal(true, &mut mine);
        assert_eq!(mine, actions);
        let next = e.after(a);
        game.apply(&mut s, a);
        match next.landlord_won() {
            Some(won) => {
                deals += 1;
                assert_eq!(next.winner(), Some(seat));
                assert_eq!(s.last_deal().unwrap().landlord_won, won);
            }
            None => assert_eq!(Endgame::of(&s), Some(next)),
        }
    }
    assert_eq!(deals, 3);
}
