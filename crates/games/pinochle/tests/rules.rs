//! The rules, rule by rule: the deal, the auction (the minimum, the
//! steps, passing out, the stuck dealer and the redeal), trumps, the pass
//! between partners, the meld laid down, the duties of the tricks (follow,
//! head, trump, over-trump), the winner of equal cards, the counters and
//! the last trick, meld counted only with a trick, the set back, the
//! match's end; then conservation and the numbering of the cards the
//! table sees, over random matches.

use tabula_cards::{CardId, CardSet};
use tabula_pinochle::cards::{ALL, SEATS, copies, count, counters, face, name};
use tabula_pinochle::state::face_set;
use tabula_pinochle::*;
use tabula_search::{Game, Rng, Turn};

use crate::common::{cards, dealt, duty_hands, game, play, play_until, random_state, west_declares};

const HEARTS: u8 = 2;

/// The duty hands dealt, West (on South's left) declaring at 250 with
/// hearts trumps, no pass.
fn duty_table() -> (Pinochle, State) {
    let g = game(0, 1500);
    let s = west_declares(&g, duty_hands(), HEARTS);
    (g, s)
}

fn legal_names(g: &Pinochle, s: &State) -> Vec<String> {
    let mut legal = Vec::new();
    g.legal_actions(s, &mut legal);
    let mut out: Vec<String> = legal
        .iter()
        .map(|a| match a {
            Action::Play(c) => name(*c),
            other => format!("{other:?}"),
        })
        .collect();
    out.sort();
    out
}

/// The action that plays a card named `n` for the seat to play.
fn card(g: &Pinochle, s: &State, n: &str) -> Action {
    let mut legal = Vec::new();
    g.legal_actions(s, &mut legal);
    *legal
        .iter()
        .find(|a| matches!(a, Action::Play(c) if name(*c) == n))
        .unwrap_or_else(|| panic!("{n} is not playable: {:?}", legal_names(g, s)))
}

/// Plays the card named `n` for the seat to play.
fn put(g: &Pinochle, s: &mut State, n: &str) {
    let a = card(g, s, n);
    g.apply(s, a);
}

#[test]
fn twelve_cards_each_are_dealt_one_at_a_time_from_the_dealers_left() {
    let g = game(4, 1500);
    let mut s = g.initial_state();
    assert_eq!(g.to_move(&s), Turn::Chance);
    let mut order = Vec::new();
    while g.to_move(&s) == Turn::Chance {
        order.push(s.next_recipient().unwrap());
        let c = g.sample_chance(&s, &mut Rng::new(order.len() as u64));
        g.apply(&mut s, c);
    }
    assert_eq!(&order[..5], &[1, 2, 3, 0, 1], "South deals; West gets the first card");
    assert!(s.hands().iter().all(|h| h.len() == 12));
    let mut outcomes = Vec::new();
    g.chance_outcomes(&g.initial_state(), &mut outcomes);
    assert_eq!(outcomes.len(), 48, "every copy is its own outcome");
    assert!(outcomes.iter().all(|o| (o.1 - 1.0 / 48.0).abs() < 1e-12));
}

#[test]
fn the_auction_opens_at_the_minimum_rises_by_ten_and_a_pass_is_final() {
    let g = game(4, 1500);
    let mut s = dealt(&g, [CardSet::EMPTY; 4]);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(g.to_move(&s), Turn::Seat(1), "the dealer's left speaks first");
    assert_eq!(legal[0], Action::Bid(250));
    assert_eq!(legal[legal.len() - 2], Action::Bid(1500), "bids stop at 1,500");
    assert_eq!(legal.len(), 126 + 1);
    assert!(!legal.contains(&Action::Bid(255)) && !legal.contains(&Action::Bid(240)));
    play(&g, &mut s, &[Action::Bid(250), Action::Pass]);
    g.legal_actions(&s, &mut legal);
    assert_eq!(g.to_move(&s), Turn::Seat(3));
    assert_eq!(legal[0], Action::Bid(260), "ten more than the high bid");
    play(&g, &mut s, &[Action::Bid(300), Action::Pass]);
    // North passed: West is next, then East; North never speaks again.
    assert_eq!(g.to_move(&s), Turn::Seat(1));
    play(&g, &mut s, &[Action::Bid(310), Action::Bid(320)]);
    assert_eq!(g.to_move(&s), Turn::Seat(1), "North is skipped");
    play(&g, &mut s, &[Action::Pass]);
    // Three passes after a bid: East declares at 320 and names trumps.
    assert_eq!(s.public().declarer, Some(3));
    assert_eq!(s.public().high, 320);
    assert_eq!(g.to_move(&s), Turn::Seat(3));
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, (0..4).map(Action::Trump).collect::<Vec<_>>());
}

#[test]
fn when_the_others_pass_the_stuck_dealer_must_bid_or_under_redeal_the_hand_is_thrown_in() {
    let g = game(4, 1500);
    let mut s = dealt(&g, [CardSet::EMPTY; 4]);
    play(&g, &mut s, &[Action::Pass, Action::Pass, Action::Pass]);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(g.to_move(&s), Turn::Seat(0), "South deals and speaks last");
    assert!(!legal.contains(&Action::Pass), "the dealer is stuck");
    assert_eq!(legal[0], Action::Bid(250));
    play(&g, &mut s, &[Action::Bid(250)]);
    assert_eq!(s.public().declarer, Some(0));

    let redeal = Pinochle::new(PinochleOptions {
        all_pass: AllPass::Redeal,
        ..PinochleOptions::default()
    })
    .unwrap();
    let mut s = dealt(&redeal, [CardSet::EMPTY; 4]);
    play(
        &redeal,
        &mut s,
        &[Action::Pass, Action::Pass, Action::Pass, Action::Pass],
    );
    assert_eq!(redeal.to_move(&s), Turn::Chance, "dealt again");
    assert_eq!(s.hand_no(), 1);
    assert_eq!(s.public().dealer(), 1, "by the next dealer");
    assert_eq!(s.scores(), [0, 0]);
    assert_eq!(s.public().last_hand.unwrap().declarer, None);
    assert!(s.hands().iter().all(|h| h.is_empty()));
}

#[test]
fn the_partner_passes_four_cards_to_the_declarer_and_gets_four_back() {
    let g = game(4, 1500);
    let mut s = west_declares(&g, duty_hands(), HEARTS);
    // West declared: East passes first.
    assert_eq!(g.to_move(&s), Turn::Seat(3));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    // Each names four cards by face (a face's first copy, or both), all
    // of them East's.
    let east = s.hands()[3];
    let east_holds = |c: CardSet| {
        tabula_pinochle::cards::faces_of(c)
            .iter()
            .all(|x| count(east, face(x)) >= count(c, face(x)))
    };
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Give(c) if c.len() == 4 && east_holds(*c) && face_set(*c, *c) == Some(*c)))
    );
    let faces: std::collections::BTreeSet<Vec<u8>> = legal
        .iter()
        .map(|a| match a {
            Action::Give(c) => c.iter().map(face).collect(),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(faces.len(), legal.len(), "two copies of a face are one choice");
    // East: 9h Jh and five spade faces held twice: 7 faces, choices of 4.
    let expected = multiset_choices(&[1, 1, 2, 2, 2, 2, 2], 4);
    assert_eq!(legal.len(), expected);
    // A pass naming the other copy reads as the one the list names.
    let other_copies = cards("As As 10s 10s") - cards("As 10s");
    assert_eq!(
        g.legal_form(&s, Action::Give(cards("Ks Ks") | other_copies)),
        Some(Action::Give(cards("Ks Ks As 10s")))
    );
    let give = Action::Give(cards("As As 10s 10s"));
    g.apply(&mut s, give);
    assert_eq!(s.hands()[1].len(), 16);
    assert_eq!(s.hands()[3].len(), 8);
    assert_eq!(g.to_move(&s), Turn::Seat(1), "the declarer passes back");
    let back = Action::Give(cards("As Jc Jc 9c"));
    play(&g, &mut s, &[back]);
    assert_eq!(s.hands()[1].len(), 12);
    assert_eq!(s.hands()[3].len(), 12);
    assert!(s.hands()[3].contains_all(cards("As Jc Jc 9c")));
    assert_eq!(s.gave()[3], cards("As As 10s 10s"));
    // The meld is laid down and the declarer leads.
    assert_eq!(s.public().phase(), Phase::Play);
    assert_eq!(g.to_move(&s), Turn::Seat(1));
}

#[test]
fn a_pass_is_seen_by_the_two_partners_only() {
    let g = game(4, 1500);
    let s = west_declares(&g, duty_hands(), HEARTS);
    let give = Action::Give(cards("As As 10s 10s"));
    for (seat, sees) in [(0, false), (1, true), (2, false), (3, true)] {
        let seen = g.view_action(&s, give, seat);
        assert_eq!(matches!(seen, tabula_search::Seen::Action(_)), sees, "seat {seat}");
    }
}

/// Ways to choose `k` cards from faces held `counts` times each.
fn multiset_choices(counts: &[usize], k: usize) -> usize {
    match counts.split_first() {
        None => usize::from(k == 0),
        Some((&n, rest)) => (0..=n.min(k)).map(|t| multiset_choices(rest, k - t)).sum(),
    }
}

#[test]
fn under_no_pass_the_meld_is_laid_down_at_once_and_counted_exactly() {
    let (g, s) = duty_table();
    let p = s.public();
    assert_eq!(p.phase(), Phase::Play);
    // South: run, royal marriage, dix. West: two marriages in clubs.
    // North: two in diamonds. East: two in spades and a dix.
    assert_eq!(p.melds, [200, 40, 40, 50]);
    assert_eq!(p.shown[0].len(), 8, "the run, a second K and Q of trumps, the nine");
    assert_eq!(g.to_move(&s), Turn::Seat(1), "the declarer leads");
}

#[test]
fn a_player_must_follow_head_the_trick_trump_and_over_trump() {
    let (g, mut s) = duty_table();
    // West leads the K♣: North must head it with the 10♣, not the 9♣.
    put(&g, &mut s, "K♣");
    assert_eq!(legal_names(&g, &s), ["10♣"]);
    put(&g, &mut s, "10♣");
    // East has no club: it must trump; either trump heads the trick.
    assert_eq!(legal_names(&g, &s), ["9♥", "J♥"]);
    put(&g, &mut s, "9♥");
    // South has no club: it must over-trump the 9♥, with any higher heart.
    assert_eq!(legal_names(&g, &s), ["10♥", "A♥", "J♥", "K♥", "Q♥"]);
    put(&g, &mut s, "J♥");
    assert_eq!(s.public().tricks.taken[0].len(), 4, "the J♥ takes it");
    assert_eq!(g.to_move(&s), Turn::Seat(0));
    // What the plays showed: East and South hold no club.
    let clubs = tabula_pinochle::cards::suit_cards(0);
    assert!(s.public().excluded[3].contains_all(clubs) && s.public().excluded[0].contains_all(clubs));
    // South leads the 9♠: West has neither spade nor heart: any card.
    put(&g, &mut s, "9♠");
    assert_eq!(legal_names(&g, &s).len(), 7, "any of West's seven faces left");
    put(&g, &mut s, "A♦");
    let spades_and_hearts = tabula_pinochle::cards::suit_cards(3) | tabula_pinochle::cards::suit_cards(2);
    assert!(
        s.public().excluded[1].contains_all(spades_and_hearts),
        "West showed no spade and no trump"
    );
    // North: no spade, no heart either.
    assert_eq!(legal_names(&g, &s).len(), 6);
    put(&g, &mut s, "9♦");
    // East holds spades above the nine: any of them heads it.
    assert_eq!(legal_names(&g, &s), ["10♠", "A♠", "J♠", "K♠", "Q♠"]);
}

#[test]
fn a_card_that_does_not_head_the_trick_shows_there_was_none_that_would() {
    let (g, mut s) = duty_table();
    // West leads the A♣: North cannot beat it and plays a club.
    put(&g, &mut s, "A♣");
    assert_eq!(legal_names(&g, &s), ["10♣", "9♣"]);
    put(&g, &mut s, "9♣");
    assert!(
        s.public().excluded[2].is_empty(),
        "nothing beats the ace: nothing ruled out"
    );
    // East trumps with the J♥; South, over-trumping, must beat the J♥.
    put(&g, &mut s, "J♥");
    assert_eq!(legal_names(&g, &s), ["10♥", "A♥", "K♥", "Q♥"]);
}

#[test]
fn of_two_equal_cards_the_first_played_wins() {
    let (g, mut s) = duty_table();
    // West leads an A♣ twice; the second time its partner... North follows
    // low; East and South trump. Instead: West leads A♦ (one of two).
    put(&g, &mut s, "A♦");
    // North must head the A♦: it cannot; any diamond.
    put(&g, &mut s, "9♦");
    // East: no diamond, trumps with the 9♥; South over-trumps with the Q♥.
    put(&g, &mut s, "9♥");
    put(&g, &mut s, "Q♥");
    assert_eq!(s.public().tricks.leader, 0, "South takes it");
    let mut s2 = s.clone();
    // South leads its other... Q♥ (the second copy): West has no heart
    // and plays anything; North has none; East must head with the J♥? It
    // cannot beat the Q♥: the J♥ is its only heart.
    put(&g, &mut s2, "Q♥");
    put(&g, &mut s2, "A♦");
    put(&g, &mut s2, "10♦");
    put(&g, &mut s2, "J♥");
    assert_eq!(s2.public().tricks.leader, 0, "the Q♥ led keeps it");
}

#[test]
fn equal_cards_in_one_trick_the_first_wins() {
    use tabula_cards::tricks::winner;
    let suits = tabula_pinochle::cards::PinochleSuits { trump: Some(HEARTS) };
    let ac = cards("Ac Ac");
    let (a, b) = (ac.lowest().unwrap(), ac.highest().unwrap());
    let nine = cards("9c").lowest().unwrap();
    assert_eq!(winner(&suits, &[nine, b, a, nine]), 1);
    assert_eq!(winner(&suits, &[a, b]), 0);
}

#[test]
fn a_hand_scores_counters_the_last_trick_and_meld_only_with_a_trick() {
    // Side 0 took every trick: 240 counters and the last trick's 10.
    let mut taken = [CardSet::EMPTY; 4];
    taken[0] = ALL - cards("9c 9c");
    taken[2] = cards("9c 9c");
    taken[0] = taken[0] - cards("9d 9d");
    taken[2] = taken[2] | cards("9d 9d");
    let h = score_hand(&[100, 60, 0, 40], &taken, 2, 1, 300);
    assert_eq!(h.sides[0].counters, 250);
    assert_eq!(h.sides[0].total, 350);
    assert!(!h.sides[1].meld_counts, "no trick: no meld");
    assert_eq!(h.sides[1].meld, 100);
    assert!(!h.made, "West declared at 300 and took nothing");
    assert_eq!(h.sides[1].total, -300, "set back by the bid");
    // Side 1 with one trick of counters: its meld counts and its bid is made.
    let mut taken = [CardSet::EMPTY; 4];
    let trick = cards("Ac Ad Ah As");
    taken[3] = trick;
    taken[0] = ALL - trick;
    let h = score_hand(&[0, 200, 0, 80], &taken, 0, 3, 300);
    assert_eq!(h.sides[1].counters, 40);
    assert!(h.sides[1].meld_counts);
    assert!(h.made);
    assert_eq!(h.sides[1].total, 320);
    assert_eq!(h.sides[0].total, i32::from(counters(ALL - trick)) + 10);
    assert_eq!(h.sides[0].total + h.sides[1].total - 280, 250 - 40 + 40);
}

#[test]
fn the_match_ends_at_the_end_score_the_declaring_side_counting_first() {
    let g = game(4, 1500);
    assert_eq!(g.winner(&[1500, 1600], 0), Some(0), "both out: the declarers");
    assert_eq!(g.winner(&[1500, 1600], 1), Some(1));
    assert_eq!(g.winner(&[1400, 1500], 0), Some(1));
    assert_eq!(g.winner(&[1490, 1400], 0), None);
    assert_eq!(g.winner(&[-1500, 200], 0), Some(1), "minus the end score: out");
    let no_minus = Pinochle::new(PinochleOptions {
        minus_out: false,
        ..PinochleOptions::default()
    })
    .unwrap();
    assert_eq!(no_minus.winner(&[-1500, 200], 0), None);
}

#[test]
fn a_hand_ends_after_twelve_tricks_and_the_deal_passes_left() {
    let g = game(4, 100_000 / 100);
    let mut s = g.initial_state();
    let mut rng = Rng::new(5);
    play_until(&g, &mut s, &mut rng, |s| s.hand_no() == 1);
    if g.to_move(&s) != Turn::Terminal {
        assert_eq!(s.public().dealer(), 1);
        assert_eq!(s.next_recipient(), Some(2));
        let last = s.public().last_hand.unwrap();
        assert_eq!(last.sides[0].counters + last.sides[1].counters, 250);
        assert_eq!(i32::from(last.sides[0].tricks + last.sides[1].tricks), 12);
        assert_eq!(s.scores()[0], last.sides[0].total);
    }
}

#[test]
fn random_matches_keep_every_card_once_and_number_the_seen_cards_alike() {
    for seed in 0..12 {
        let g = game([0, 3, 4][seed as usize % 3], 1500);
        let mut s = g.initial_state();
        let mut rng = Rng::new(seed);
        let mut legal = Vec::new();
        let mut plies = 0;
        while g.to_move(&s) != Turn::Terminal && plies < 3000 {
            let a = crate::common::random_action(&g, &s, &mut rng, &mut legal);
            g.apply(&mut s, a);
            s.check().unwrap_or_else(|e| panic!("seed {seed} ply {plies}: {e}"));
            assert_eq!(g.hash(&s), g.hash_from_scratch(&s));
            // The copies the table has seen of a face are its lowest.
            let seen = s.public().public_cards();
            for f in 0..24u8 {
                let c = seen & copies(f);
                assert!(
                    c.is_empty() || c.lowest() == Some(CardId(2 * u16::from(f))),
                    "seed {seed}: {c:?}"
                );
            }
            plies += 1;
        }
        assert!(plies > 120, "seed {seed}: a whole hand at least");
    }
}

#[test]
fn a_state_played_part_way_checks() {
    let g = game(4, 1500);
    for seed in 0..20 {
        let s = random_state(&g, seed, 40 + 7 * seed as usize);
        s.check().unwrap();
        assert!(s.hands().iter().map(|h| h.len()).sum::<usize>() <= 48);
        assert_eq!(SEATS, 4);
    }
}
