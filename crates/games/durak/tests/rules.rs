//! The rules of the match around the bouts (the bout plugin's own tests
//! check the bouts): the deal, the trump card, the first attacker, each
//! deal's durak, who deals and attacks next, draws, the match's end and
//! payoffs, teams, the options' checks, chance, records, conservation.

use tabula_cards::CardSet;
use tabula_cards::bout::{Move, Outcome};
use tabula_durak::*;
use tabula_search::{Game, Rng, Turn};

use crate::common::*;

#[test]
fn six_cards_each_one_at_a_time_from_the_dealers_left_then_the_trump_under_the_stock() {
    let g = game(3, 1);
    let mut s = g.initial_state();
    deal_order(&g, &mut s, &pack());
    let d = s.deal().unwrap();
    // Seat 0 deals: card k goes to seat (k + 1) mod 3 for k < 18.
    for seat in 0..3 {
        let want: CardSet = (0..18).filter(|k| (k + 1) % 3 == seat).map(|k| pack()[k]).collect();
        assert_eq!(d.hand(seat), want, "seat {seat}");
    }
    // Card 18 is turned up: its suit is trumps, and it is drawn last.
    assert_eq!(d.trump_card(), pack()[18]);
    assert_eq!(d.stock_len(), 18);
    assert_eq!(d.stock().last(), Some(pack()[18]));
    assert_eq!(
        d.stock().next(),
        Some(pack()[19]),
        "the card after the trump is drawn first"
    );
}

#[test]
fn with_six_players_the_dealers_last_card_is_the_trump_known_to_all() {
    let g = game(6, 1);
    let mut s = g.initial_state();
    deal_order(&g, &mut s, &pack());
    let d = s.deal().unwrap();
    assert_eq!(d.stock_len(), 0);
    assert_eq!(d.trump_card(), pack()[35]);
    assert!(d.hand(0).contains(pack()[35]), "seat 0 dealt and keeps it");
    assert!(d.known(0).contains(pack()[35]));
    let o = g.observation(&s, 3);
    assert_eq!(o.trump_card, Some(pack()[35]));
}

/// The pack with these cards moved to these positions (the rest in card
/// order, shifted).
fn order_with(placed: &[(usize, &str)]) -> Vec<tabula_cards::CardId> {
    let mut order = pack();
    for &(at, name) in placed {
        let card = c(name);
        let from = order.iter().position(|&x| x == card).unwrap();
        order.swap(from, at);
    }
    order
}

#[test]
fn the_lowest_trump_attacks_first_in_the_first_deal() {
    // Two players, seat 0 deals: seat 1 gets cards 0, 2, 4, …, seat 0
    // cards 1, 3, 5, …; card 12 is turned up. Spades are trumps (the
    // K♠); seat 1 holds the 9♠ and seat 0 the 7♠: seat 0 attacks.
    let g = game(2, 1);
    let mut s = g.initial_state();
    deal_order(
        &g,
        &mut s,
        &order_with(&[(12, "Ks"), (0, "9s"), (1, "7s"), (2, "6c"), (3, "8c")]),
    );
    let d = s.deal().unwrap();
    assert!(d.hand(1).contains(c("9s")) && d.hand(0).contains(c("7s")));
    assert_eq!(g.to_move(&s), Turn::Seat(0));
    // The same with the trumps the other way round: seat 1 attacks.
    let mut s = g.initial_state();
    deal_order(
        &g,
        &mut s,
        &order_with(&[(12, "Ks"), (0, "7s"), (1, "9s"), (2, "6c"), (3, "8c")]),
    );
    assert_eq!(g.to_move(&s), Turn::Seat(1));
}

#[test]
fn with_no_trump_in_any_hand_the_dealers_left_attacks_first() {
    // Hearts are trumps (the 6♥ turned up as card 12) and every other
    // heart is dealt into the stock: nobody holds a trump.
    let g = game(2, 1);
    let mut s = g.initial_state();
    let hearts = ["6h", "7h", "8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah"];
    let placed: Vec<(usize, &str)> = hearts.iter().enumerate().map(|(k, &h)| (12 + k, h)).collect();
    deal_order(&g, &mut s, &order_with(&placed));
    let d = s.deal().unwrap();
    assert_eq!(d.trump_card(), c("6h"));
    assert!(
        (d.hand(0) | d.hand(1))
            .iter()
            .all(|x| tabula_cards::bout::DECK.suit(x) != tabula_cards::french::Suit::Hearts)
    );
    assert_eq!(g.to_move(&s), Turn::Seat(1), "the dealer's left");
}

#[test]
fn the_durak_deals_next_and_its_left_attacks_and_a_draw_passes_the_deal_left() {
    let g = game(3, 3);
    let (mut duraks, mut draws) = (0, 0);
    let mut legal = Vec::new();
    for seed in 0..300 {
        let mut rng = Rng::new(seed);
        let mut s = g.initial_state();
        while !s.is_over() {
            let before = s;
            match g.to_move(&s) {
                Turn::Chance => {
                    let a = g.sample_chance(&s, &mut rng);
                    g.apply(&mut s, a);
                }
                _ => {
                    g.legal_actions(&s, &mut legal);
                    g.apply(&mut s, *rng.choose(&legal).unwrap());
                }
            }
            if s.deal_no() == before.deal_no() {
                continue;
            }
            let added: Vec<u32> = (0..3).map(|t| s.duraks()[t] - before.duraks()[t]).collect();
            let o = g.observation(&s, 0);
            match s.last().unwrap() {
                Outcome::Durak(d) => {
                    duraks += 1;
                    assert_eq!(added.iter().sum::<u32>(), 1);
                    assert_eq!(added[d], 1);
                    assert_eq!((usize::from(o.dealer), o.first), (d, Some(((d + 1) % 3) as u8)));
                    if !s.is_over() {
                        while g.to_move(&s) == Turn::Chance {
                            let a = g.sample_chance(&s, &mut rng);
                            g.apply(&mut s, a);
                        }
                        assert_eq!(g.to_move(&s), Turn::Seat((d + 1) % 3), "the durak's left attacks");
                    }
                }
                Outcome::Draw => {
                    draws += 1;
                    assert_eq!(added, vec![0, 0, 0]);
                    assert_eq!(s.draws(), before.draws() + 1);
                    let was = g.observation(&before, 0).dealer;
                    assert_eq!((o.dealer, o.first), ((was + 1) % 3, None), "the deal passes left");
                }
                Outcome::DurakTeam(..) => panic!("no teams here"),
            }
        }
        assert_eq!(s.deal_no(), 3);
        assert_eq!(g.to_move(&s), Turn::Terminal);
        assert_eq!(s.duraks().iter().sum::<u32>() + s.draws(), 3);
        if duraks > 0 && draws > 0 {
            return;
        }
    }
    panic!("{duraks} duraks and {draws} draws in 300 matches");
}

#[test]
fn the_fewest_duraks_win_the_match_and_ties_share_it() {
    for seed in 0..20 {
        let g = game(3, 2);
        let s = random_state(&g, seed, 100_000);
        assert!(s.is_over());
        let d = s.duraks();
        let best = *d.iter().min().unwrap();
        let winners = d.iter().filter(|&&x| x == best).count() as f64;
        let p = g.payoffs(&s);
        for t in 0..3 {
            let want = if d[t] == best { 1.0 / winners } else { 0.0 };
            assert_eq!(p.as_slice()[t], want, "seed {seed}: {d:?}");
        }
    }
}

#[test]
fn teams_count_a_durak_for_both_partners_and_share_the_payoff() {
    let g = Durak::new(DurakOptions {
        players: 4,
        deals: 3,
        teams: true,
        ..DurakOptions::default()
    })
    .unwrap();
    for seed in 0..10 {
        let s = random_state(&g, seed, 100_000);
        assert!(s.is_over());
        let d = s.duraks();
        assert_eq!((d[0], d[1]), (d[2], d[3]), "partners opposite count alike");
        let p = g.payoffs(&s);
        assert_eq!(p.as_slice()[0], p.as_slice()[2]);
        assert_eq!(p.as_slice()[1], p.as_slice()[3]);
        if let Some(Outcome::DurakTeam(a, b)) = s.last() {
            assert_eq!(b, a + 2);
        }
    }
}

#[test]
fn options_out_of_range_are_refused_in_words() {
    let bad = [
        DurakOptions {
            players: 1,
            ..DurakOptions::default()
        },
        DurakOptions {
            players: 7,
            ..DurakOptions::default()
        },
        DurakOptions {
            deals: 0,
            ..DurakOptions::default()
        },
        DurakOptions {
            deals: 101,
            ..DurakOptions::default()
        },
        DurakOptions {
            players: 3,
            teams: true,
            ..DurakOptions::default()
        },
    ];
    for o in bad {
        let e = Durak::new(o).unwrap_err();
        assert!(e.contains("players") || e.contains("deals"), "{e}");
    }
    for players in 2..=6 {
        assert!(
            Durak::new(DurakOptions {
                players,
                ..DurakOptions::default()
            })
            .is_ok()
        );
    }
    let json: DurakOptions = serde_json::from_str(r#"{"players":4,"throw_in":"neighbours","transfer":true}"#).unwrap();
    assert_eq!(json.throw_in, ThrowIn::Neighbours);
    assert!(json.transfer && json.onto_taker);
    assert!(serde_json::from_str::<DurakOptions>(r#"{"player":4}"#).is_err());
}

#[test]
fn chance_deals_every_undealt_card_with_equal_chance() {
    let g = game(4, 1);
    let mut s = g.initial_state();
    let mut out = Vec::new();
    for k in 0..36 {
        g.chance_outcomes(&s, &mut out);
        assert_eq!(out.len(), 36 - k);
        let total: f64 = out.iter().map(|o| o.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
        g.apply(&mut s, out[k % out.len()].0);
    }
    g.chance_outcomes(&s, &mut out);
    assert!(out.is_empty(), "no chance once the pack is dealt");
}

#[test]
fn random_matches_conserve_the_pack_and_replay_from_their_records() {
    let mut rng = Rng::new(11);
    for (players, transfer, throw_in, teams) in [
        (2, false, ThrowIn::Everyone, false),
        (3, true, ThrowIn::Neighbours, false),
        (4, false, ThrowIn::AttackerOnly, true),
        (5, true, ThrowIn::Everyone, false),
        (6, false, ThrowIn::Everyone, true),
    ] {
        let g = Durak::new(DurakOptions {
            players,
            deals: 2,
            transfer,
            throw_in,
            teams,
            ..DurakOptions::default()
        })
        .unwrap();
        let mut s = g.initial_state();
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        while !s.is_over() {
            let a = match g.to_move(&s) {
                Turn::Chance => g.sample_chance(&s, &mut rng),
                _ => {
                    g.legal_actions(&s, &mut legal);
                    *rng.choose(&legal).unwrap()
                }
            };
            actions.push(a);
            g.apply(&mut s, a);
            if let Some(d) = s.deal() {
                d.check_invariants().unwrap();
                let total: usize = (0..g.num_seats()).map(|t| d.hand(t).len()).sum::<usize>()
                    + d.stock_len()
                    + d.discard().len()
                    + d.bout().table().len();
                assert_eq!(total, 36);
            }
        }
        let record = Record::of(&g, &actions).unwrap();
        let json = serde_json::to_string(&record).unwrap();
        let back: Record = serde_json::from_str(&json).unwrap();
        assert_eq!(back.replay().unwrap(), s, "{players} players");
    }
}

#[test]
fn an_illegal_move_is_refused_and_changes_nothing() {
    let g = game(2, 1);
    let mut s = g.initial_state();
    deal_order(&g, &mut s, &pack());
    let before = s;
    let d = s.deal().unwrap();
    let Turn::Seat(a) = g.to_move(&s) else { panic!() };
    let foreign = d.hand(1 - a).lowest().unwrap();
    assert!(g.play(&mut s, Move::Attack(foreign)).is_err());
    assert!(g.play(&mut s, Move::Take).is_err());
    assert_eq!(s, before);
}
