//! Dou Dizhu on the game contract: actions as typed, with an error that
//! says why for each bad one; every legal action's text reads back as
//! itself; the cards a person names are the ones played, and wrong ones
//! change nothing; the view and the text that nothing unseen changes;
//! the state's check of the hidden order; records that replay; the
//! arena's deals won by role; the shared module contract.

use crate::common;

use common::{play, position, random_state};
use tabula_cards::CardSet;
use tabula_contract::{GameModule, Played, Scoresheet};
use tabula_doudizhu::*;
use tabula_search::{Game, Turn};

#[test]
fn actions_are_read_as_typed_and_bad_ones_explained() {
    let g = DouDizhu::new(DdzOptions::default()).unwrap();
    let s = position(&g, ["3 3 4 4 5 5 9 SJ BJ", "7 7 8", "K K A"], 0, 0, None);
    let o = g.observation(&s, 0);
    assert_eq!(g.parse_action(&o, 0, "3 3 4 4 5 5"), Ok(play("3 3 4 4 5 5")));
    assert_eq!(g.parse_action(&o, 0, "play 334455"), Ok(play("3 3 4 4 5 5")));
    assert_eq!(g.parse_action(&o, 0, " sj bj "), Ok(play("SJ BJ")));
    assert_eq!(g.parse_action(&o, 0, "XD"), Ok(play("SJ BJ")));
    assert!(
        g.parse_action(&o, 0, "pass").unwrap_err().contains("not legal"),
        "a lead has no pass"
    );
    assert!(g.parse_action(&o, 0, "3 4").unwrap_err().contains("not a combination"));
    assert!(g.parse_action(&o, 0, "7 7").unwrap_err().contains("do not hold"));
    assert!(g.parse_action(&o, 0, "3 3 3 3 3").is_err());
    assert!(g.parse_action(&o, 0, "bid 2").is_err());
    let long = "Z".repeat(5000);
    let err = g.parse_action(&o, 0, &long).unwrap_err();
    assert!(err.len() < 100, "the error does not echo a long input: {err}");
    assert!(
        g.parse_action(&g.observation(&s, 1), 1, "7")
            .unwrap_err()
            .contains("not your turn")
    );

    let mut t = s.clone();
    g.apply(&mut t, play("9"));
    let o1 = g.observation(&t, 1);
    assert!(g.parse_action(&o1, 1, "8").unwrap_err().contains("does not beat"));
    assert_eq!(g.parse_action(&o1, 1, "pass"), Ok(Action::Pass));
    // The text of every legal action reads back as itself.
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal.len(), 11, "6 singles, 3 pairs, the pair chain and the rocket");
    for a in legal {
        assert_eq!(g.parse_action(&o, 0, &g.action_text(a)), Ok(a));
    }
}

#[test]
fn bids_are_read_as_typed() {
    let g = DouDizhu::new(DdzOptions::default()).unwrap();
    let mut s = g.initial_state();
    while g.to_move(&s) == Turn::Chance {
        let a = Action::Deal(s.stock().lowest().unwrap());
        g.apply(&mut s, a);
    }
    let o = g.observation(&s, 0);
    assert_eq!(g.parse_action(&o, 0, "bid 2"), Ok(Action::Bid(2)));
    assert_eq!(g.parse_action(&o, 0, "no bid"), Ok(Action::Bid(0)));
    assert_eq!(g.parse_action(&o, 0, "pass"), Ok(Action::Bid(0)));
    assert!(g.parse_action(&o, 0, "bid 4").unwrap_err().contains("no bid"));
    assert!(g.parse_action(&o, 0, "3 3").unwrap_err().contains("bidding"));
    g.apply(&mut s, Action::Bid(2));
    let o = g.observation(&s, 1);
    assert!(
        g.parse_action(&o, 1, "bid 1").unwrap_err().contains("not legal"),
        "bids rise"
    );
}

#[test]
fn the_view_shows_the_trick_the_bids_and_the_multiplier() {
    let g = DouDizhu::new(DdzOptions::default()).unwrap();
    let mut s = position(&g, ["3 3 3 3 9", "5 K", "6 A"], 0, 0, None);
    g.apply(&mut s, play("3 3 3 3"));
    let v = g.view(&g.observation(&s, 1), 1);
    let last = v.last.as_ref().expect("a combination to beat");
    assert_eq!((last.seat, last.kind, last.ranks.as_str()), (0, Kind::Bomb, "3 3 3 3"));
    assert_eq!(v.multiplier, 2, "bid 1, one bomb");
    assert_eq!(v.landlord, Some(0));
    assert_eq!(v.counts, [1, 2, 2]);
    assert_eq!(v.hand.len(), 2);
    assert_eq!(v.hand[0].rank, "5");
    assert_eq!(v.kitty.as_ref().map(Vec::len), Some(3));
}

#[test]
fn records_replay_to_the_same_scores() {
    let g = DouDizhu::new(DdzOptions {
        match_deals: 2,
        ..DdzOptions::default()
    })
    .unwrap();
    let (s, actions) = tabula_conformance::random_match(&g, g.initial_state(), 4);
    let record = Record::of(&g, &actions).unwrap();
    assert_eq!(record.scores, s.scores());
    assert_eq!(record.replay().unwrap(), s, "the replay rebuilds the final state");
    let value = g.record(0, &actions).unwrap();
    let back: Record = serde_json::from_value(value).unwrap();
    assert_eq!(back, record);
    let mut bad = actions.clone();
    let last = bad.len() - 1;
    bad[last] = Action::Bid(3);
    assert!(Record::of(&g, &bad).is_err(), "an illegal action does not replay");
}

/// A one-deal match played from a position to its end: `landlord` won
/// the bidding at `bid`, every seat holds one card, and `winner` leads
/// its card and goes out.
fn one_deal(landlord: usize, winner: usize, bid: u8) -> State {
    let g = DouDizhu::new(DdzOptions {
        match_deals: 1,
        ..DdzOptions::default()
    })
    .unwrap();
    let ranks = ["3", "4", "5"];
    let setup = PlaySetup {
        bid,
        ..PlaySetup::from_ranks(ranks, landlord, winner).unwrap()
    };
    let mut s = g.position(&setup).unwrap();
    g.apply(&mut s, play(ranks[winner]));
    assert!(s.is_over(), "one deal is the whole match");
    assert_eq!(s.last_deal().unwrap().landlord_won, winner == landlord);
    s
}

/// The arena's record of `s` with `entrants` at the seats.
fn played(g: &DouDizhu, index: usize, entrants: [usize; 3], s: &State, stalled: bool) -> Played {
    Played {
        index,
        deal: index,
        entrants: entrants.to_vec(),
        payoffs: g.payoffs(s).as_slice().to_vec(),
        scoresheet: GameModule::scoresheet(g, s),
        plies: 1,
        stalled,
    }
}

#[test]
fn the_arena_counts_each_entrants_deals_by_role_in_one_deal_matches() {
    let g = DouDizhu::new(DdzOptions::default()).unwrap();
    // (entrants at seats 0, 1, 2; the landlord; the seat that goes out;
    // the bid), entrant 0 being A and 1 B.
    let deals = [
        ([0, 0, 1], 0, 0, 1), // A the landlord wins; B (seat 2) a peasant loses
        ([0, 1, 1], 1, 0, 2), // B the landlord loses; A a peasant wins
        ([1, 0, 1], 2, 2, 3), // B the landlord wins; A a peasant loses
        ([1, 1, 0], 2, 0, 1), // A the landlord loses; B a peasant wins
        ([1, 0, 0], 0, 0, 2), // B the landlord wins; A, both peasants, loses once
    ];
    let mut games: Vec<Played> = deals
        .iter()
        .enumerate()
        .map(|(i, &(entrants, landlord, winner, bid))| played(&g, i, entrants, &one_deal(landlord, winner, bid), false))
        .collect();
    // A whole two-deal match: its scoresheet holds only the totals.
    let two = DouDizhu::new(DdzOptions {
        match_deals: 2,
        ..DdzOptions::default()
    })
    .unwrap();
    let m = random_state(&two, 8, 100_000);
    assert!(m.is_over() && m.deal_no() == 2);
    games.push(played(&two, 5, [0, 1, 0], &m, false));
    // Two deals whose totals read like one deal won by A as the landlord:
    // left out all the same.
    let mut twice = played(&g, 6, [0, 1, 1], &one_deal(0, 0, 1), false);
    twice.scoresheet = Some(Scoresheet {
        scores: vec![4.0, -2.0, -2.0],
        rounds: Some(2),
    });
    games.push(twice);
    // A game stopped at the ply limit, mid-deal.
    let stopped = position(&g, ["3 3", "4", "5"], 0, 0, None);
    games.push(played(&g, 7, [0, 1, 1], &stopped, true));

    let fields = GameModule::arena_fields(&g, &games);
    let get = |k: &str| fields.get(k).unwrap_or_else(|| panic!("no {k} in {fields:?}")).clone();
    assert_eq!(get("role_split"), "one-deal matches only");
    assert_eq!(get("role_split_games"), 5);
    assert_eq!(get("role_split_left_out"), 3);
    for (letter, [landlord_won, landlord_deals, peasant_won, peasant_deals]) in
        [('a', [1, 2, 1, 3]), ('b', [2, 3, 1, 2])]
    {
        assert_eq!(
            [
                get(&format!("{letter}_landlord_won")),
                get(&format!("{letter}_landlord_deals")),
                get(&format!("{letter}_peasant_won")),
                get(&format!("{letter}_peasant_deals")),
            ],
            [landlord_won, landlord_deals, peasant_won, peasant_deals],
            "entrant {letter}"
        );
    }
    assert_eq!(fields.len(), 3 + 2 * 4, "nothing else: {fields:?}");

    // Longer matches alone: nothing is counted, and the report says so.
    let fields = GameModule::arena_fields(&g, &games[5..]);
    assert_eq!(fields["role_split_games"], 0);
    assert_eq!(fields["role_split_left_out"], 3);
    assert_eq!(fields["a_landlord_deals"], 0);
    assert_eq!(fields["b_peasant_deals"], 0);
}

#[test]
fn a_person_names_the_cards_it_plays_and_a_wrong_card_changes_nothing() {
    let g = DouDizhu::new(DdzOptions::default()).unwrap();
    // South holds 3♣ 3♦ 4♣ 4♦ 9♣ and the jokers.
    let s = position(&g, ["3 3 4 4 9 SJ BJ", "7 7 8", "K K A"], 0, 0, None);
    let o = g.observation(&s, 0);
    let three_d = CardSet::of(tabula_doudizhu::cards::parse_suited("3d").unwrap());
    let single = common::combo("3");
    let chosen = Action::PlayCards {
        combo: single,
        cards: three_d,
    };
    for text in ["play 3d", "PLAY 3D", "3♦", " play 3♦ "] {
        assert_eq!(g.parse_action(&o, 0, text), Ok(chosen), "{text}");
    }
    assert_eq!(g.action_text(chosen), "play 3♦");
    let pair = Action::PlayCards {
        combo: common::combo("3 3"),
        cards: common::cards("3 3", CardSet::EMPTY),
    };
    assert_eq!(g.parse_action(&o, 0, "play 3c, 3d"), Ok(pair));
    assert_eq!(
        g.parse_action(&o, 0, "play sj 4c 4d 3c 3d bj")
            .map(|a| g.action_text(a)),
        Err("3 3 4 4 SJ BJ is not a combination".to_string())
    );
    assert!(g.parse_action(&o, 0, "play 3h").unwrap_err().contains("do not hold 3♥"));
    assert!(g.parse_action(&o, 0, "play 3c 3c").unwrap_err().contains("twice"));
    assert!(
        g.parse_action(&o, 0, "play 3c 4d")
            .unwrap_err()
            .contains("not a combination")
    );
    assert!(g.parse_action(&o, 0, "play 3c zz").unwrap_err().contains("not a card"));

    // The chosen card leaves, its twin stays.
    let mut t = s.clone();
    tabula_search::play(&g, &mut t, chosen).unwrap();
    assert_eq!(t.played()[0] - s.played()[0], three_d);
    assert_eq!(s.hands()[0] - t.hands()[0], three_d);
    assert!(t.hands()[0].contains_all(CardSet::of(tabula_doudizhu::cards::parse_suited("3c").unwrap())));
    assert_eq!(g.check_state(&t), Ok(()));
    // The same play by rank takes one 3 by the hidden order.
    let mut u = s.clone();
    g.apply(&mut u, Action::Play(single));
    assert_eq!((u.played()[0] - s.played()[0]).len(), 1);

    // Cards not held, or not the combination's counts, are refused and
    // change nothing.
    for wrong in [
        Action::PlayCards {
            combo: single,
            cards: CardSet::of(tabula_doudizhu::cards::parse_suited("3h").unwrap()),
        },
        Action::PlayCards {
            combo: single,
            cards: common::cards("3 3", CardSet::EMPTY),
        },
        Action::PlayCards {
            combo: common::combo("7 7"),
            cards: common::cards("7 7", CardSet::EMPTY),
        },
    ] {
        let mut w = s.clone();
        assert!(tabula_search::play(&g, &mut w, wrong).is_err(), "{wrong:?}");
        assert_eq!(w, s);
    }
}

#[test]
fn a_match_plays_the_cards_a_person_types() {
    use tabula_contract::{Driver, ModuleDriver, TableKind};
    let driver = ModuleDriver::new(DouDizhu::new(DdzOptions::default()).unwrap());
    let mut m = driver.start(5, TableKind::Online);
    let mut rng = tabula_search::Rng::new(5);
    while m.to_act() == Turn::Chance {
        m.chance(&mut rng).unwrap();
    }
    assert_eq!(m.apply_text("bid 3"), Ok("bid 3".to_string()));
    let seat = m.to_act().seat().unwrap();
    let hand: Vec<String> = m.view(seat)["hand"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["card"].as_str().unwrap().to_string())
        .collect();
    // The last card of the hand, by its name: a single.
    let last = hand.last().unwrap().clone();
    let before = m.view(seat);
    assert!(m.apply_text("play 3h 3h").is_err());
    assert!(m.apply_text("play zz").is_err());
    assert_eq!(m.view(seat), before, "a refused text changes nothing");
    assert_eq!(m.apply_text(&format!("play {last}")), Ok(format!("play {last}")));
    assert_eq!(m.view(seat)["played"][seat], serde_json::json!([last]));
    assert_eq!(m.check_state(), Ok(()));
    // The record replays the person's cards.
    let record = m.record().unwrap();
    let replayed: Record = serde_json::from_value(record).unwrap();
    let s = replayed.replay().unwrap();
    assert_eq!(s.played()[seat].len(), 1);
}

#[test]
fn the_state_check_refuses_a_seat_that_played_a_card_it_got_after_one_it_keeps() {
    let g = DouDizhu::new(DdzOptions::default()).unwrap();
    let mut s = position(&g, ["6 6 9", "7 7 8", "K K A"], 0, 0, None);
    g.apply(&mut s, play("6"));
    assert_eq!(g.check_state(&s), Ok(()));
    // The keys of South's two 6s exchanged: it would have played the 6
    // it got last while keeping the one it got first.
    let sixes = common::cards("6 6", CardSet::EMPTY);
    let mut v = serde_json::to_value(&s).unwrap();
    let order = v["order"].as_array_mut().unwrap();
    let [a, b]: [usize; 2] = sixes.iter().map(|c| c.index()).collect::<Vec<_>>().try_into().unwrap();
    order.swap(a, b);
    let broken: State = serde_json::from_value(v).unwrap();
    let err = g.check_state(&broken).unwrap_err();
    assert!(err.contains("rank 6"), "{err}");
    // And a state whose keys are not a list of 54 does not read.
    let mut v = serde_json::to_value(&s).unwrap();
    v["order"].as_array_mut().unwrap().pop();
    assert!(serde_json::from_value::<State>(v).is_err());
}

#[test]
fn dou_dizhu_keeps_the_module_contract() {
    let g = DouDizhu::new(DdzOptions {
        match_deals: 1,
        ..DdzOptions::default()
    })
    .unwrap();
    let report = tabula_conformance::module::check_module(&g, &[1, 2], 400);
    assert_eq!(report.games, 2);
}
