//! The computer: the policy lets its partner's play run when no opponent
//! threatens and takes over when the next opponent is about to go out;
//! it never throws going out away; its tribute keeps straight flushes in
//! reach and its card given back costs its hand least; each level decides
//! the same for a seed; a search's decision does not change when the
//! partner's hidden hand is swapped for another that fits what it saw;
//! and each level beats the one below on the same deals.

use tabula_guandan::cards::face_of;
use tabula_guandan::moves::{Kind, Scratch};
use tabula_guandan::policy::{PlayView, policy_action};
use tabula_guandan::*;
use tabula_search::{Game, Player, Turn};

use crate::common::{after_hand, cards, position};

fn game() -> Guandan {
    Guandan::new(GuandanOptions::default()).unwrap()
}

/// The policy's action for the seat to act.
fn policy(s: &State) -> Action {
    policy_action(&PlayView::of_state(s), &mut Scratch::default(), &mut Vec::new())
}

/// Plays the actions typed, each by the seat to act.
fn typed(g: &Guandan, s: &mut State, moves: &[&str]) {
    use tabula_contract::GameModule;
    for text in moves {
        let seat = g.to_move(s).seat().unwrap();
        let a = g.parse_action(&g.observation(s, seat), seat, text).unwrap();
        g.apply(s, a);
    }
}

#[test]
fn partners_let_each_other_run_unless_the_next_opponent_is_about_to_go_out() {
    let g = game();
    // North (seat 2) leads a single four, West passes; South holds an ace
    // and two pairs. With East, next after South, holding many cards,
    // South lets North's four run: the policy passes, and the searches
    // do not spend the ace on it (shedding a low single is theirs to
    // weigh).
    fn hands(east: &str) -> [&str; 4] {
        ["Ac 5d 5s 9c 9s", east, "4c 6c 6h 10c Jc", "6d 7d 8s 10h Qs Kd"]
    }
    let ace =
        |a: Option<Action>| matches!(a, Some(Action::Play(p)) if p.combo.kind == Kind::Single && p.combo.rank == 11);
    let mut s = position(hands("3d 4d 6d 7c 8c 9c 10d Jd"), 0, 2);
    typed(&g, &mut s, &["4", "pass"]);
    assert_eq!(s.to_act(), 0);
    assert_eq!(policy(&s), Action::Pass, "safe to let the partner run");
    for level in [3, 4] {
        let r = GuandanAi::new(level, 1).choose(&g, &g.observation(&s, 0), 0);
        assert!(
            !ace(r.action),
            "level {level}: the ace is not spent on the partner's four"
        );
    }
    // With East at one card, almost any card of East's would beat the
    // four and go out: South takes over with its ace, then plays its
    // pairs, which a single card cannot answer.
    let mut s = position(hands("Qd"), 0, 2);
    typed(&g, &mut s, &["4", "pass"]);
    assert!(ace(Some(policy(&s))), "must take over: {:?}", policy(&s));
    for level in [3, 4] {
        let r = GuandanAi::new(level, 1).choose(&g, &g.observation(&s, 0), 0);
        assert!(ace(r.action), "level {level} must take over: {:?}", r.action);
    }
}

#[test]
fn the_policy_spends_a_wild_card_only_against_an_opponent_about_to_go_out() {
    let g = game();
    // Level 2: South's 2♥ is wild, its only card above a seven. East
    // leads a seven; North and West pass.
    let at = |east: &str| {
        let mut s = position(["2h 3c 4d 5h 6s", east, "3s 4s 5s", "6c 6d 9c 9d"], 0, 1);
        typed(&g, &mut s, &["7", "pass", "pass"]);
        assert_eq!(s.to_act(), 0);
        s
    };
    // East keeps five cards: the wild card is worth more than the trick.
    assert_eq!(policy(&at("7c 8d 9h 10c Jd Qh")), Action::Pass);
    // East keeps one: South stops it with the wild card.
    match policy(&at("7c 8d")) {
        Action::Play(p) => assert_eq!((p.combo.kind, p.combo.size()), (Kind::Single, 1)),
        other => panic!("must answer: {other:?}"),
    }
    // A seat whose whole hand is one play leads it.
    let s = position(["3c 3d 4c 4d 5c 5d", "7c", "8c", "9c"], 0, 0);
    match policy(&s) {
        Action::Play(p) => assert_eq!(p.combo.size(), 6),
        other => panic!("goes out: {other:?}"),
    }
}

#[test]
fn tribute_keeps_straight_flushes_in_reach_and_the_return_costs_least() {
    let g = game();
    // West (last) gives an ace: of A♣ (alone) and A♠ (beside K♠ Q♠),
    // the club.
    let s = after_hand(["3c 3d 7c", "5c 6d", "9c 9d", "Ac As Ks Qs 4h"], 0, [0, 1, 2, 3]);
    assert_eq!(s.phase(), Phase::Tribute);
    assert_eq!(policy(&s), Action::Tribute(face_of(cards("Ac").iter().next().unwrap())));
    let mut s = s;
    g.apply(&mut s, Action::Tribute(face_of(cards("Ac").iter().next().unwrap())));
    // South gives back the lone seven, not one of its pair of threes.
    assert_eq!(s.to_act(), 0);
    assert_eq!(policy(&s), Action::Return(face_of(cards("7c").iter().next().unwrap())));
}

/// A match's decisions, from its first play (seed `seed`), up to `plies`.
fn some_decisions(seed: u64, plies: usize) -> Vec<(State, usize)> {
    let g = Guandan::new(GuandanOptions {
        start_level: 10,
        ..GuandanOptions::default()
    })
    .unwrap();
    let mut rng = tabula_search::Rng::new(seed);
    let mut s = g.initial_state();
    let mut out = Vec::new();
    let mut legal = Vec::new();
    let mut players: Vec<GuandanAi> = (0..4).map(|k| GuandanAi::new(2, k)).collect();
    for _ in 0..plies {
        let a = match g.to_move(&s) {
            Turn::Terminal => break,
            Turn::Chance => g.sample_chance(&s, &mut rng),
            Turn::Seat(seat) => {
                g.legal_actions(&s, &mut legal);
                if legal.len() > 1 {
                    out.push((s.clone(), seat));
                }
                players[seat].choose(&g, &g.observation(&s, seat), seat).action.unwrap()
            }
        };
        g.apply(&mut s, a);
    }
    out
}

#[test]
fn each_level_decides_the_same_for_a_seed() {
    let g = Guandan::new(GuandanOptions {
        start_level: 10,
        ..GuandanOptions::default()
    })
    .unwrap();
    let decisions = some_decisions(4, 400);
    let small: Vec<&(State, usize)> = decisions
        .iter()
        .filter(|(s, k)| s.hand(*k).len() <= 8)
        .take(3)
        .collect();
    assert!(!small.is_empty(), "the match reaches small hands");
    for level in 1..=4 {
        for (s, seat) in small.iter().copied().chain(decisions.iter().take(2)) {
            let o = g.observation(s, *seat);
            let a = GuandanAi::new(level, 7).choose(&g, &o, *seat);
            let b = GuandanAi::new(level, 7).choose(&g, &o, *seat);
            assert_eq!(a.action, b.action, "level {level}");
            assert_eq!(a.stats.iterations, b.stats.iterations, "level {level}");
            if level >= 3 && s.hand(*seat).len() <= usize::from(ai::SEARCH_AT) {
                assert!(a.stats.iterations > 0, "level {level} searches a small hand");
            }
        }
    }
}

#[test]
fn a_search_does_not_change_when_the_partner_s_hidden_hand_is_swapped() {
    let g = Guandan::new(GuandanOptions {
        start_level: 10,
        ..GuandanOptions::default()
    })
    .unwrap();
    let mut checked = 0;
    for (s, seat) in some_decisions(6, 500) {
        if s.phase() != Phase::Play || s.hand(seat).len() > usize::from(ai::SEARCH_AT) {
            continue;
        }
        let partner = (seat + 2) % 4;
        let opponent = (seat + 1) % 4;
        // A card of the partner's for one of another face of the next
        // opponent's: the seat sees neither.
        let Some((a, b)) = s.hand(partner).iter().find_map(|a| {
            s.hand(opponent)
                .iter()
                .find(|&b| face_of(b) != face_of(a))
                .map(|b| (a, b))
        }) else {
            continue;
        };
        let mut t = s.clone();
        t.swap_cards(partner, a, opponent, b);
        assert_ne!(t.hand(partner), s.hand(partner));
        let (o, ot) = (g.observation(&s, seat), g.observation(&t, seat));
        assert_eq!(o, ot, "the seat sees no change");
        let x = GuandanAi::new(3, 11).choose(&g, &o, seat);
        let y = GuandanAi::new(3, 11).choose(&g, &ot, seat);
        assert_eq!(x.action, y.action);
        assert_eq!(x.stats.root, y.stats.root, "the same figures at every root");
        checked += 1;
        if checked == 3 {
            break;
        }
    }
    assert_eq!(checked, 3, "three searching decisions checked");
}

#[test]
fn at_the_table_the_policy_keeps_its_straight_and_in_rollouts_it_sheds_a_burden() {
    let g = game();
    // Level 2. South holds 4 5 6 7 8 and a pair of kings; West leads a
    // three, and South answers next.
    let mut s = position(["4c 5d 6s 7c 8d Kc Kd", "9c 9d 10s", "Jc Jd Qs", "3c Qc Qd Ad"], 0, 3);
    typed(&g, &mut s, &["3"]);
    assert_eq!(s.to_act(), 0);
    let straight = |a: Action| matches!(a, Action::Play(p) if p.combo.rank < 6);
    // The rollouts' plain cost counts five singles, the lowest a burden
    // to shed: it answers with the four.
    assert!(straight(policy(&s)), "{:?}", policy(&s));
    // At the table the cost sees the straight as one play: no card of it
    // answers the three.
    let o = g.observation(&s, 0);
    let at_table = policy_action(&PlayView::of_observation(&o), &mut Scratch::default(), &mut Vec::new());
    assert!(!straight(at_table), "{at_table:?}");
}

#[test]
fn a_wild_heart_is_never_given_back_for_a_tribute() {
    let g = game();
    // Level 2: South's 2♥ is wild, and "ten or lower" by its number, so it
    // may go back; South gives back its lone nine instead.
    let mut s = after_hand(["2h 3c 3d 9c", "5c 6c", "7c 8c", "Kd Qs 4h"], 0, [0, 1, 2, 3]);
    let king = face_of(cards("Kd").iter().next().unwrap());
    g.apply(&mut s, Action::Tribute(king));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let wild = Action::Return(face_of(cards("2h").iter().next().unwrap()));
    assert!(legal.contains(&wild), "the wild heart may go back");
    let nine = Action::Return(face_of(cards("9c").iter().next().unwrap()));
    assert_eq!(policy(&s), nine);
    let o = g.observation(&s, 0);
    let at_table = policy_action(&PlayView::of_observation(&o), &mut Scratch::default(), &mut Vec::new());
    assert_eq!(at_table, nine);
}
