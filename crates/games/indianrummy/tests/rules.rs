//! The rules of Indian Rummy, each a test: the cards, the deal and the cut
//! joker, the melds and the show, the turn, the drops, the wrong show, the
//! counting, the closed deck's end, the formats of the match; then
//! conservation and the hash after every action of random matches.

use tabula_cards::CardId;
use tabula_indianrummy::cards::{self, DECK, NUM_CARDS, distinct, face, faces, names};
use tabula_indianrummy::score::{Solvers, wild_rank};
use tabula_indianrummy::*;
use tabula_search::{Game, Hidden, Seen, Turn};

use crate::common::*;

fn legal(game: &IndianRummy, s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(s, &mut out);
    out
}

#[test]
fn two_decks_and_two_jokers_each_face_twice() {
    assert_eq!(DECK.len(), NUM_CARDS);
    assert_eq!(NUM_CARDS, 106);
    let all = faces(DECK);
    for c in DECK {
        let n = all.count(face(c));
        assert_eq!(n, 2, "{} is in the deck twice", cards::name(c));
    }
    assert_eq!(all.jokers(), 2);
    assert_eq!(cards::name(CardId(0)), "A♣");
    assert_eq!(cards::name(CardId(1)), "A♣");
    assert_eq!(cards::name(CardId(103)), "K♠");
    assert_eq!(cards::name(CardId(104)), "Jk");
    // Two 8♥ are one choice: the lower instance stands for the face.
    let h = hand("8h 8h 9h Jk Jk");
    assert_eq!(distinct(h).count(), 3);
    assert_eq!(names(h), "8♥ 8♥ 9♥ Jk Jk");
    assert!(cards::parse_cards("8h 8h 8h").is_err());
}

#[test]
fn the_deal_goes_one_at_a_time_from_the_dealers_left_then_the_cut_then_the_open_card() {
    let g = game(3, Format::Points);
    let mut s = g.initial_state();
    assert_eq!(g.to_move(&s), Turn::Chance);
    let mut order = Vec::new();
    while let Some(to) = s.next_recipient() {
        order.push(to);
        let c = s.stock().lowest().unwrap();
        // Only the recipient sees its card.
        for seat in 0..3 {
            let seen = g.view_action(&s, Action::Deal(c), seat);
            assert_eq!(seen == Seen::Hidden(Hidden::Deal), seat != to);
        }
        g.apply(&mut s, Action::Deal(c));
    }
    assert_eq!(order.len(), 39);
    assert_eq!(&order[..6], &[1, 2, 0, 1, 2, 0]);
    assert!(s.hands().iter().all(|h| h.len() == 13));
    // The cut joker and the first open card are seen by everyone.
    let cut = s.stock().lowest().unwrap();
    assert_eq!(g.view_action(&s, Action::Deal(cut), 2), Seen::Action(Action::Deal(cut)));
    g.apply(&mut s, Action::Deal(cut));
    assert_eq!(s.cut(), Some(cut));
    let open = s.stock().lowest().unwrap();
    g.apply(&mut s, Action::Deal(open));
    assert_eq!(s.pile(), &[open]);
    assert_eq!(s.stock().len(), 106 - 39 - 2);
    // The player left of the dealer (seat 0) draws first.
    assert_eq!((s.phase(), g.to_move(&s)), (Phase::Draw, Turn::Seat(1)));
    assert_eq!(legal(&g, &s), vec![Action::Draw, Action::Take, Action::Drop]);
}

#[test]
fn the_cut_jokers_rank_is_wild_and_a_printed_joker_cut_makes_the_aces_wild() {
    assert_eq!(wild_rank(cards::instances(cards::parse_face("6c").unwrap())[0]), 5);
    assert_eq!(wild_rank(CardId(104)), 0);
    let mut solvers = Solvers::default();
    // Sixes wild: 6♠ stands for the 5♥, and the sevens are a set.
    let show = faces(hand("3h 4h 5h 9c 10c 6s Kd Ks Kh 7s 7d 7h 7c"));
    assert!(solvers.valid(5, &show));
    // With nines wild instead, the 6♠ is a lone card: no valid show.
    assert!(!solvers.valid(8, &show));
    // Aces wild (a joker cut): A♠ fills the sequence 9♣ 10♣ _.
    let aces = faces(hand("3h 4h 5h 9c 10c As Kd Ks Kh 7s 7d 7h 7c"));
    assert!(solvers.valid(0, &aces));
}

#[test]
fn a_show_needs_two_sequences_one_pure_and_every_card_grouped() {
    let mut s = Solvers::default();
    let wild = 5; // sixes
    let valid = |s: &mut Solvers, t: &str| s.valid(wild, &faces(hand(t)));
    // Pure 3-4-5♥, impure 8-9♣-Jk, sets of kings and sevens.
    assert!(valid(&mut s, "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 7c"));
    // Two pure sequences and a set.
    assert!(valid(&mut s, "3h 4h 5h 8c 9c 10c Jc Kd Ks Kh 7s 7d 7h"));
    // Two impure sequences: no pure one.
    assert!(!valid(&mut s, "3h 4h Jk 8c 10c 6d Kd Ks Kh 7s 7d 7h 7c"));
    // One sequence only: sets do not stand for the second life.
    assert!(!valid(&mut s, "3h 4h 5h Kd Ks Kh 7s 7d 7h 9c 9d 9s 9h"));
    // A card left over.
    assert!(!valid(&mut s, "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2c"));
    // A set needs different suits: two K♦ are no set.
    assert!(!valid(&mut s, "3h 4h 5h 8c 9c 10c Kd Kd Ks 7s 7d 7h 7c"));
    // The ace high (Q-K-A) and low (A-2-3), never round the corner.
    assert!(valid(&mut s, "Qh Kh Ah Ac 2c 3c Kd Ks Kc 7s 7d 7h 7c"));
    assert!(!valid(&mut s, "Kh Ah 2h Ac 2c 3c Kd Ks Kc 7s 7d 7h 7c"));
    // A six in its own place keeps 5-6-7♦ pure: the second sequence is impure.
    assert!(valid(&mut s, "5d 6d 7d 8c 9c Jk Kd Ks Kh Kc 7s 7c 7h"));
}

#[test]
fn a_turn_draws_then_discards_never_the_open_card_just_taken() {
    let g = game(2, Format::Points);
    let west = "2h 3h 4h 9c 9d Kd Ks 5c 8s Jh Qc 10d 3s";
    let south = FILLER.to_owned() + " 5s";
    let mut s = two(&g, west, &south, "9h");
    assert_eq!(s.to_act(), 1);
    g.apply(&mut s, Action::Take);
    assert_eq!(s.phase(), Phase::Discard);
    let taken = g.observation(&s, 0).known[1];
    assert_eq!(names(taken), "9♥");
    let l = legal(&g, &s);
    assert!(
        !l.iter()
            .any(|&a| matches!(a, Action::Discard(c) if face(c) == face(taken.lowest().unwrap())))
    );
    assert!(l.contains(&held(&s, "Ks", Action::Discard)));
    // Every player sees the card taken in West's hand.
    assert!(s.hands()[1].contains_all(taken));
    let a = held(&s, "Ks", Action::Discard);
    g.apply(&mut s, a);
    assert_eq!((s.to_act(), s.phase()), (0, Phase::Draw));
    assert_eq!(names(s.pile().iter().copied().collect()), "K♠");
    // South draws from the closed deck: only South sees the card.
    g.apply(&mut s, Action::Draw);
    assert_eq!(g.to_move(&s), Turn::Chance);
    let c = s.stock().lowest().unwrap();
    assert_eq!(g.view_action(&s, Action::Deal(c), 1), Seen::Hidden(Hidden::Deal));
    g.apply(&mut s, Action::Deal(c));
    assert_eq!(s.hands()[0].len(), 14);
    assert!(
        legal(&g, &s)
            .iter()
            .all(|a| matches!(a, Action::Discard(_) | Action::Declare(_)))
    );
}

/// West shows at once on its first turn; South holds `south`.
fn show_against(g: &IndianRummy, south: &str) -> State {
    let west = "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2c";
    let mut s = two(g, west, south, "7c");
    g.apply(&mut s, Action::Take);
    let a = held(&s, "2c", Action::Declare);
    g.apply(&mut s, a);
    s
}

#[test]
fn a_valid_show_wins_the_deal_and_the_others_count_what_they_could_not_group() {
    let g = points(2, 3);
    // South has two sequences, one pure (A-2-3♠, 9-10-_-Q♦ with a six as
    // the J♦): only 4♣ K♣ 8♥ 2♦ 3♦ J♥ count, 4+10+8+2+3+10 = 37.
    let south = "As 2s 3s 9d 10d 6h 4c Kc Qd 8h 2d 3d Jh";
    let s = show_against(&g, south);
    let r = s.last().unwrap();
    assert_eq!((r.ending, r.winner), (Ending::Declared, 1));
    assert_eq!(r.points[..2], [37, 0]);
    assert_eq!(r.change[..2], [-37, 37]);
    assert_eq!(s.scores(), vec![-37, 37]);
    assert_eq!(s.deal_no(), 1);
    assert!(!r.shown[0].is_empty() && !r.shown[1].is_empty());
    // The next deal: dealt by West, the dealer's left.
    assert_eq!((s.dealer(), s.phase()), (1, Phase::Deal));
    // Without a pure sequence every card counts, at most 80.
    let s = show_against(&g, "As 2s Jk 9d 10d 6h Kc Kc Qd Qh Qs Jh Js");
    assert_eq!(s.last().unwrap().points[0], 80);
    let s = show_against(&g, "As 2s Jk 9d 10d 6h 2c 3c 4d 2h 3h 5s 4s");
    assert_eq!(s.last().unwrap().points[0], 10 + 2 + 9 + 10 + 2 + 3 + 4 + 2 + 3 + 5 + 4);
}

#[test]
fn a_wrong_show_costs_80_shows_the_hand_and_the_deal_goes_on() {
    let g = game(3, Format::Pool101);
    let hands = [
        FILLER.to_owned() + " 5s",
        "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2c".to_owned(),
        "2d 3d 5c 7c 9h Jc Kc 2h 4s 8s 10h Qs As".to_owned(),
    ];
    let h: Vec<&str> = hands.iter().map(String::as_str).collect();
    let mut s = dealt(&g, &h, "6c", "Qc");
    draw(&g, &mut s, "Ad");
    // West shows without its 2♣ grouped: the A♦ was no help.
    let a = held(&s, "Ad", Action::Declare);
    g.apply(&mut s, a);
    assert_eq!(s.status()[1], Status::Wrong);
    assert_eq!(s.deal_no(), 0);
    assert_eq!((s.to_act(), s.phase()), (2, Phase::Draw));
    // Everyone sees the wrong hand.
    let o = g.observation(&s, 0);
    assert_eq!(o.shown[1].len(), 14);
    // North drops on its first turn (20), South is the last in.
    g.apply(&mut s, Action::Drop);
    let r = s.last().unwrap();
    assert_eq!((r.ending, r.winner), (Ending::LastIn, 0));
    assert_eq!(r.points[..3], [0, 80, 20]);
    assert_eq!(s.scores(), vec![0, 80, 20]);
    // The last player in shows nothing; the wrong hand stays shown.
    assert!(r.shown[0].is_empty() && r.shown[2].is_empty() && r.shown[1].len() == 14);
}

#[test]
fn a_first_drop_costs_20_a_middle_drop_40_and_pool_201_25_and_50() {
    for (format, first, middle) in [(Format::Points, 20, 40), (Format::Pool201, 25, 50)] {
        let g = game(3, format);
        let mut s = random_state(&g, 7, 0);
        while g.to_move(&s) == Turn::Chance {
            let c = s.stock().lowest().unwrap();
            g.apply(&mut s, Action::Deal(c));
        }
        // Seat 1 drops at once; seat 2 draws, discards, then drops.
        g.apply(&mut s, Action::Drop);
        assert_eq!(s.status()[1], Status::FirstDrop);
        draw(&g, &mut s, "Jk");
        let d = legal(&g, &s)[0];
        g.apply(&mut s, d);
        assert_eq!(s.to_act(), 0, "the turn skips the player who dropped");
        draw(&g, &mut s, "Jk");
        let d = legal(&g, &s)[0];
        g.apply(&mut s, d);
        assert_eq!(s.to_act(), 2);
        g.apply(&mut s, Action::Drop);
        let r = s.last().unwrap();
        assert_eq!((r.ending, r.winner), (Ending::LastIn, 0));
        assert_eq!(r.points[1..3], [first, middle]);
    }
}

#[test]
fn the_open_pile_becomes_the_closed_deck_once_then_the_lowest_count_wins() {
    let g = game(2, Format::Pool101);
    let mut s = two(
        &g,
        &(FILLER.to_owned() + " 5s"),
        "3h 4h 5h 8c 9c Kd Ks Kh 7s 7d 7h 2c 10c",
        "Qc",
    );
    let mut turned = false;
    while s.deal_no() == 0 {
        if s.phase() == Phase::Draw {
            if s.stock().is_empty() {
                panic!("a draw from an empty closed deck");
            }
            g.apply(&mut s, Action::Draw);
            let c = s.stock().lowest().unwrap();
            g.apply(&mut s, Action::Deal(c));
            // Throw the card drawn (never the lower instance of a pair held).
            let thrown = s.hands()[s.to_act()].iter().find(|&x| x == c).unwrap();
            let a = legal(&g, &s)
                .into_iter()
                .find(|&a| matches!(a, Action::Discard(x) if face(x) == face(thrown)))
                .unwrap();
            let before = s.pile().len();
            g.apply(&mut s, a);
            if s.deal_no() == 0 && s.pile().len() < before {
                turned = true;
                assert_eq!(s.pile().len(), 1, "the top card stays open");
            }
        }
    }
    assert!(turned);
    let r = s.last().unwrap();
    assert_eq!(r.ending, Ending::StockOut);
    // South's two pure sequences leave the 2♣; West's filler has no
    // sequence at all and counts every card but its two sixes (wild): 73.
    assert_eq!(r.winner, 0);
    assert_eq!(r.points[..2], [0, 73]);
    assert!(!r.shown[0].is_empty() && !r.shown[1].is_empty());
}

#[test]
fn points_rummy_ends_after_its_deals_and_the_highest_total_wins() {
    let g = points(2, 1);
    let s = show_against(&g, "As 2s 3s 9d 10d 6h 4c Kc Qd 8h 2d 3d Jh");
    assert!(s.is_over());
    assert_eq!(g.to_move(&s), Turn::Terminal);
    assert_eq!(g.payoffs(&s).get(1), 1.0);
    assert_eq!(g.payoffs(&s).get(0), 0.0);
}

#[test]
fn deals_rummy_starts_with_chips_and_moves_them() {
    let g = IndianRummy::new(IndianOptions {
        players: 2,
        format: Format::Deals,
        deals: 2,
        rejoin: false,
    })
    .unwrap();
    assert_eq!(g.initial_state().scores(), vec![160, 160]);
    let s = show_against(&g, "As 2s 3s 9d 10d 6h 4c Kc Qd 8h 2d 3d Jh");
    assert_eq!(s.scores(), vec![160 - 37, 160 + 37]);
    assert!(!s.is_over());
    assert!(
        IndianRummy::new(IndianOptions {
            format: Format::Deals,
            deals: 4,
            ..IndianOptions::default()
        })
        .is_err()
    );
}

/// Plays deals in which the first player shows and the dealer counts 80,
/// until the match ends (ten deals at most): returns the state after.
fn pool_until_out(g: &IndianRummy) -> State {
    let mut s = g.initial_state();
    let shows = "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2c";
    let full = "As 2s Jk 9d 10d 6h Kc Kc Qd Qh Qs Jh Js";
    let mut deals = 0;
    while !s.is_over() && deals < 10 {
        let opener = s.dealer();
        // The hand that shows goes to the first player (left of the dealer).
        let mut hands = [""; 2];
        hands[(opener + 1) % 2] = shows;
        hands[opener] = full;
        deal(g, &mut s, &hands, "6c", "7c");
        g.apply(&mut s, Action::Take);
        let a = held(&s, "2c", Action::Declare);
        g.apply(&mut s, a);
        deals += 1;
    }
    s
}

#[test]
fn pool_101_puts_out_a_player_on_101_and_the_last_in_wins() {
    let g = game(2, Format::Pool101);
    let s = pool_until_out(&g);
    // Each deal the dealer counts 80: South in deals 1 and 3, West in
    // deal 2; South is out on 160 after the third.
    assert!(s.is_over());
    assert_eq!(s.deal_no(), 3);
    assert_eq!(s.scores(), vec![160, 80]);
    let r = s.last().unwrap();
    assert_eq!(r.put_out.count_ones(), 1);
    let out = r.put_out.trailing_zeros() as usize;
    assert_eq!(s.status()[out], Status::Out);
    assert_eq!(g.payoffs(&s).get(out), 0.0);
    assert_eq!(g.payoffs(&s).get(1 - out), 1.0);
}

#[test]
fn a_player_put_out_rejoins_once_where_the_pool_allows_it() {
    let g = IndianRummy::new(IndianOptions {
        players: 3,
        format: Format::Pool101,
        deals: 0,
        rejoin: true,
    })
    .unwrap();
    // The first player shows each deal; South counts 80 each time, the
    // others 2 (two pure sequences, two sets, a 2♥ left): South is out
    // after two deals on 160 while the others hold 2, and rejoins on 3.
    let mut s = g.initial_state();
    let shows = "3h 4h 5h 8c 9c Jk Kd Ks Kh 7s 7d 7h 2c";
    let full = "As 2s Jk 9d 10d 6h Kc Kc Qd Qh Qs Jh Js";
    let other = "As 2s 3s 4d 5d 6d 9h 9c 9s Qc Qs Qd 2h";
    let mut rejoined = false;
    for _ in 0..2 {
        let first = (s.dealer() + 1) % 3;
        let hands: Vec<&str> = (0..3)
            .map(|k| {
                if k == first {
                    shows
                } else if k == 0 {
                    full
                } else {
                    other
                }
            })
            .collect();
        deal(&g, &mut s, &hands, "6c", "7c");
        g.apply(&mut s, Action::Take);
        let a = held(&s, "2c", Action::Declare);
        g.apply(&mut s, a);
        let r = *s.last().unwrap();
        if r.rejoined != 0 {
            assert_eq!(r.put_out, 1);
            assert_eq!(r.rejoined, 1);
            assert_eq!(s.scores(), vec![3, 2, 2]);
            assert_eq!(s.status()[0], Status::In);
            rejoined = true;
        }
    }
    assert!(rejoined, "a player put out early rejoined");
}

#[test]
fn every_action_keeps_each_card_in_one_place_and_the_hash_incremental() {
    for (players, format) in [(2, Format::Points), (4, Format::Pool101), (6, Format::Pool201)] {
        let g = game(players, format);
        for seed in 0..3 {
            let mut s = g.initial_state();
            let mut rng = tabula_search::Rng::new(seed);
            let mut legal = Vec::new();
            for _ in 0..3000 {
                match g.to_move(&s) {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        let a = g.sample_chance(&s, &mut rng);
                        g.apply(&mut s, a);
                    }
                    Turn::Seat(_) => {
                        g.legal_actions(&s, &mut legal);
                        // Rarely a show (mostly wrong), rarely a drop.
                        let a = legal[rng.below(legal.len() as u64) as usize];
                        let a = match a {
                            Action::Declare(_) | Action::Drop if rng.below(8) != 0 => legal[0],
                            a => a,
                        };
                        g.apply(&mut s, a);
                    }
                }
                let mut all = s.stock();
                let mut n = s.stock().len() + s.pile().len() + usize::from(s.cut().is_some());
                for &h in s.hands() {
                    assert!((all & h).is_empty(), "a card in two places");
                    all = all | h;
                    n += h.len();
                }
                for &c in s.pile() {
                    all.insert(c);
                }
                if let Some(c) = s.cut() {
                    all.insert(c);
                }
                assert_eq!((all, n), (DECK, NUM_CARDS), "every card in exactly one place");
                assert_eq!(g.hash(&s), g.hash_from_scratch(&s));
            }
        }
    }
}
