//! The rules, each on a deal or a position made for it: the deal and the
//! kitty, the bidding (rising bids, 3 ends it, no bid throws the cards
//! in), the play (beat or pass, two passes give the lead back), the
//! deal's score (bombs, the rocket, spring and anti-spring), the match,
//! conservation with the hash over random matches, and the hidden order
//! that picks a play's cards (the kitty first, then the deal's order,
//! which shows nothing of the cards kept).

use crate::common;

use common::{deal, play, position, random_state};
use tabula_cards::CardSet;
use tabula_doudizhu::cards::rank_cards;
use tabula_doudizhu::*;
use tabula_search::{Game, Turn};

fn game(match_deals: u32) -> DouDizhu {
    DouDizhu::new(DdzOptions {
        match_deals,
        ..DdzOptions::default()
    })
    .unwrap()
}

const EVEN: [&str; 3] = [
    "3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 J",
    "3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 J",
    "J J Q Q Q Q K K K K A A A A 2 2 2",
];

#[test]
fn seventeen_cards_each_then_the_bidding_from_the_first_seat() {
    let g = game(3);
    let mut s = g.initial_state();
    deal(&g, &mut s, EVEN, "2 SJ BJ");
    assert_eq!(s.phase(), Phase::Bid);
    assert_eq!(s.turn().seat(), Some(0));
    assert!(s.hands().iter().all(|h| h.len() == 17));
    assert_eq!(s.stock().len(), 3, "the kitty waits in the stock");
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Action::Bid(0), Action::Bid(1), Action::Bid(2), Action::Bid(3)]);
    g.apply(&mut s, Action::Bid(1));
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Action::Bid(0), Action::Bid(2), Action::Bid(3)], "bids rise");
    g.apply(&mut s, Action::Bid(2));
    g.apply(&mut s, Action::Bid(0));
    assert_eq!(s.landlord(), Some(1), "the highest bidder");
    assert_eq!(s.bid(), 2);
    assert_eq!(s.hands()[1].len(), 20, "the landlord takes the kitty");
    assert_eq!(s.kitty().len(), 3);
    assert_eq!(s.to_act(), 1, "and leads");
    for k in 0..3 {
        let o = g.observation(&s, k);
        assert_eq!(o.kitty, s.kitty(), "every seat sees the kitty");
    }
}

#[test]
fn a_bid_of_three_ends_the_bidding_at_once() {
    let g = game(3);
    let mut s = g.initial_state();
    deal(&g, &mut s, EVEN, "2 SJ BJ");
    g.apply(&mut s, Action::Bid(0));
    g.apply(&mut s, Action::Bid(3));
    assert_eq!((s.landlord(), s.bid(), s.phase()), (Some(1), 3, Phase::Play));
}

#[test]
fn three_passes_throw_the_cards_in_or_make_the_first_bidder_landlord() {
    let g = game(3);
    let mut s = g.initial_state();
    deal(&g, &mut s, EVEN, "2 SJ BJ");
    for _ in 0..3 {
        g.apply(&mut s, Action::Bid(0));
    }
    assert_eq!(s.phase(), Phase::Deal, "dealt again");
    assert_eq!((s.deal_no(), s.round_no()), (0, 1), "a thrown-in deal does not count");
    assert_eq!(s.stock().len(), 54);
    deal(&g, &mut s, EVEN, "2 SJ BJ");
    assert_eq!(s.to_act(), 1, "the next seat bids first");

    let g = DouDizhu::new(DdzOptions {
        no_bid_redeal: false,
        ..DdzOptions::default()
    })
    .unwrap();
    let mut s = g.initial_state();
    deal(&g, &mut s, EVEN, "2 SJ BJ");
    for _ in 0..3 {
        g.apply(&mut s, Action::Bid(0));
    }
    assert_eq!((s.landlord(), s.bid()), (Some(0), 1));
}

#[test]
fn a_play_must_beat_the_last_and_two_passes_give_the_lead_back() {
    let g = game(3);
    let s0 = position(&g, ["3 4 4 9", "5 5 K", "6 6 2"], 0, 0, None);
    let mut s = s0.clone();
    g.apply(&mut s, play("4 4"));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Action::Pass, play("5 5")], "only a higher pair, or pass");
    g.apply(&mut s, play("5 5"));
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Action::Pass, play("6 6")]);
    g.apply(&mut s, Action::Pass);
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Action::Pass], "the landlord holds no pair above fives");
    g.apply(&mut s, Action::Pass);
    assert_eq!(s.to_act(), 1, "the fives stood: East leads");
    assert_eq!(s.last(), None);
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [play("K")], "a lead has no pass");
}

#[test]
fn bombs_and_the_rocket_beat_everything_else_and_double_the_stake() {
    let g = game(3);
    let mut s = position(&g, ["3", "5 5 5 5 8", "SJ BJ 4"], 0, 1, Some((0, "2")));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [Action::Pass, play("5 5 5 5")]);
    g.apply(&mut s, play("5 5 5 5"));
    g.legal_actions(&s, &mut legal);
    assert_eq!(
        legal,
        [Action::Pass, play("SJ BJ")],
        "only the rocket beats a bomb here"
    );
    g.apply(&mut s, play("SJ BJ"));
    assert_eq!(s.bombs(), 2);
    g.apply(&mut s, Action::Pass);
    g.apply(&mut s, Action::Pass);
    g.apply(&mut s, play("4"));
    let d = s.last_deal().expect("the deal is over");
    assert_eq!(
        tabula_doudizhu::cards::ranks_text(tabula_doudizhu::counts_of(d.left[1])).to_string(),
        "8",
        "East is left with its 8"
    );
    assert!(!d.landlord_won);
    assert_eq!(d.stake, 4, "bid 1, doubled twice");
    assert_eq!(d.points, [-8, 4, 4]);
    assert_eq!(s.scores(), [-8, 4, 4]);
}

#[test]
fn a_spring_doubles_when_no_peasant_plays_a_card() {
    let g = game(1);
    let mut s = g.initial_state();
    let peasant = "7 8 8 9 9 10 10 J J Q Q K K A A 2 2";
    deal(
        &g,
        &mut s,
        ["3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 BJ", peasant, peasant],
        "7 7 SJ",
    );
    g.apply(&mut s, Action::Bid(2));
    g.apply(&mut s, Action::Bid(0));
    g.apply(&mut s, Action::Bid(0));
    assert_eq!(s.landlord(), Some(0));
    let mut legal = Vec::new();
    for lead in ["3 3 3 3", "4 4 4 4", "5 5 5 5", "6 6 6 6", "SJ BJ"] {
        g.apply(&mut s, play(lead));
        g.legal_actions(&s, &mut legal);
        assert_eq!(legal, [Action::Pass], "nothing beats {lead}");
        g.apply(&mut s, Action::Pass);
        g.apply(&mut s, Action::Pass);
    }
    g.apply(&mut s, play("7 7"));
    let d = *s.last_deal().expect("the deal is over");
    assert!(d.landlord_won && d.spring && !d.anti_spring);
    assert_eq!(
        (d.bombs, d.stake),
        (5, 2 << 6),
        "bid 2, four bombs, the rocket and the spring"
    );
    assert_eq!(d.points, [256, -128, -128]);
    assert!(s.is_over());
}

#[test]
fn an_anti_spring_doubles_when_the_landlord_played_once() {
    let g = game(2);
    let mut s = g.initial_state();
    deal(
        &g,
        &mut s,
        [
            "3 4 5 6 7 8 9 10 J 3 4 5 6 7 8 9 10",
            "BJ 2 2 2 2 A A A A K K K K Q Q Q Q",
            "3 4 5 6 7 8 9 10 J J J 3 4 5 6 7 8",
        ],
        "9 10 SJ",
    );
    g.apply(&mut s, Action::Bid(1));
    g.apply(&mut s, Action::Bid(0));
    g.apply(&mut s, Action::Bid(0));
    assert_eq!(s.landlord(), Some(0));
    g.apply(&mut s, play("3"));
    g.apply(&mut s, play("BJ"));
    for bomb in ["2 2 2 2", "A A A A", "K K K K"] {
        g.apply(&mut s, Action::Pass);
        g.apply(&mut s, Action::Pass);
        g.apply(&mut s, play(bomb));
    }
    g.apply(&mut s, Action::Pass);
    g.apply(&mut s, Action::Pass);
    g.apply(&mut s, play("Q Q Q Q"));
    let d = *s.last_deal().expect("the deal is over");
    assert!(!d.landlord_won && d.anti_spring && !d.spring);
    assert_eq!(d.bombs, 4);
    assert_eq!(d.stake, 1 << 5, "bid 1, four bombs and the anti-spring");
    assert_eq!(d.points, [-64, 32, 32]);
    assert_eq!((s.deal_no(), s.round_no(), s.phase()), (1, 1, Phase::Deal));
    assert!(!s.is_over(), "the second deal is next");
}

#[test]
fn the_match_ends_after_its_deals_and_pays_the_highest_scores() {
    let g = game(1);
    let mut s = position(&g, ["3", "4", "5"], 2, 2, None);
    g.apply(&mut s, play("5"));
    assert!(s.is_over());
    assert_eq!(g.to_move(&s), Turn::Terminal);
    assert_eq!(s.scores(), [-1, -1, 2]);
    assert_eq!(g.payoffs(&s).as_slice(), [0.0, 0.0, 1.0]);
    let mut s = position(&g, ["3", "4", "5"], 2, 0, None);
    g.apply(&mut s, play("3"));
    assert_eq!(s.scores(), [1, 1, -2]);
    assert_eq!(g.payoffs(&s).as_slice(), [1.0, 1.0, 0.0], "peasants win together");
}

#[test]
fn cards_are_conserved_and_the_hash_is_kept_over_random_matches() {
    for (four_with_two, no_bid_redeal) in [(true, true), (false, false)] {
        let g = DouDizhu::new(DdzOptions {
            match_deals: 3,
            four_with_two,
            no_bid_redeal,
        })
        .unwrap();
        for seed in 0..40 {
            for plies in [30, 60, 90, 150, 250, 400] {
                let s = random_state(&g, seed, plies);
                let mut all = s.stock().0;
                let mut count = s.stock().len();
                for k in 0..3 {
                    assert_eq!(all & (s.hands()[k].0 | s.played()[k].0), 0, "a card in two places");
                    all |= s.hands()[k].0 | s.played()[k].0;
                    count += s.hands()[k].len() + s.played()[k].len();
                }
                assert_eq!((all.count_ones(), count), (54, 54));
                assert_eq!(g.hash(&s), g.hash_from_scratch(&s));
            }
        }
    }
}

/// Seat 0's three 6s dealt to it in `order` (positions 6 to 8 of its
/// cards), seat 0 the landlord: its cards left after it leads `ranks`.
fn lead_after_dealing_the_sixes(g: &DouDizhu, sixes: &[tabula_cards::CardId], ranks: &str) -> CardSet {
    let mut taken = CardSet::EMPTY;
    let mut sets: Vec<Vec<tabula_cards::CardId>> = ORDERED
        .iter()
        .map(|h| {
            let c = common::cards(h, taken);
            taken = CardSet(taken.0 | c.0);
            c.iter().collect()
        })
        .collect();
    // The 6s are cards 6 to 8 of seat 0's (after 3 3 4 4 5 5).
    sets[0][6..9].copy_from_slice(sixes);
    let mut s = g.initial_state();
    common::deal_in_order(g, &mut s, &sets);
    g.apply(&mut s, Action::Bid(3));
    let before = s.hands()[0];
    g.apply(&mut s, play(ranks));
    CardSet(before.0 & !s.hands()[0].0)
}

const ORDERED: [&str; 3] = [
    "3 3 4 4 5 5 6 6 6 7 7 8 8 9 9 10 10",
    "3 3 4 4 5 5 6 7 7 8 8 9 9 10 10 J J",
    "J J Q Q Q Q K K K K A A A A 2 2 2",
];

#[test]
fn a_play_takes_the_cards_the_seat_was_dealt_first_whatever_their_suits() {
    // Over every order of the three 6s in seat 0's deal, each 6 is the
    // one a single 6 shows exactly (3 - 1)! = 2 times, and each two of
    // them the pair shown twice: the suits shown say nothing of the 6
    // kept. (The old rule, lowest suits first, always showed 6♣.)
    let g = game(1);
    let sixes: Vec<tabula_cards::CardId> = common::cards("6 6 6", CardSet::EMPTY).iter().collect();
    let mut singles = std::collections::BTreeMap::new();
    let mut pairs = std::collections::BTreeMap::new();
    let mut perms = 0;
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..3 {
                if a == b || b == c || a == c {
                    continue;
                }
                let order = [sixes[a], sixes[b], sixes[c]];
                let one = lead_after_dealing_the_sixes(&g, &order, "6");
                assert_eq!(one, CardSet::of(order[0]), "the 6 dealt first leaves");
                *singles.entry(one.0).or_insert(0) += 1;
                let two = lead_after_dealing_the_sixes(&g, &order, "6 6");
                *pairs.entry(two.0).or_insert(0) += 1;
                perms += 1;
            }
        }
    }
    assert_eq!(perms, 6);
    assert_eq!(singles.len(), 3, "each 6 is shown first in some deal");
    assert!(singles.values().all(|&n| n == 2), "{singles:?}");
    assert_eq!(pairs.len(), 3);
    assert!(pairs.values().all(|&n| n == 2), "{pairs:?}");
}

#[test]
fn the_landlord_plays_a_kitty_card_before_a_hidden_one() {
    // Seat 2 takes the kitty's 2♠ beside its own three 2s: a single 2
    // shows the public kitty card, telling nothing of the hidden ones.
    let g = game(1);
    let mut s = g.initial_state();
    deal(&g, &mut s, ORDERED, "2 SJ BJ");
    for b in [0, 0, 3] {
        g.apply(&mut s, Action::Bid(b));
    }
    assert_eq!(s.landlord(), Some(2));
    let kitty_two = CardSet(s.kitty().0 & common::cards("2 2 2 2", CardSet::EMPTY).0);
    assert_eq!(kitty_two.len(), 1);
    g.apply(&mut s, play("2"));
    assert_eq!(s.played()[2], kitty_two);
}

#[test]
fn in_random_matches_either_of_two_hidden_cards_of_a_rank_is_shown_first() {
    // Each time a seat holding two cards of a rank (neither from the
    // kitty) plays one of them, the lower suit leaves about half the
    // time; the old rule made it every time.
    let g = game(1);
    let (mut lower, mut higher) = (0u32, 0u32);
    let mut legal = Vec::new();
    for seed in 0..300 {
        let mut rng = tabula_search::Rng::new(seed);
        let mut s = g.initial_state();
        while let Some(a) = match g.to_move(&s) {
            Turn::Terminal => None,
            Turn::Chance => Some(g.sample_chance(&s, &mut rng)),
            Turn::Seat(_) => {
                g.legal_actions(&s, &mut legal);
                Some(legal[rng.below(legal.len() as u64) as usize])
            }
        } {
            if let Action::Play(c) = a {
                let seat = s.to_act();
                let hand = s.hands()[seat];
                let before = s.clone();
                g.apply(&mut s, a);
                let after = if s.round_no() == before.round_no() {
                    s.hands()[seat]
                } else {
                    CardSet::EMPTY
                };
                for (r, n) in c.cards.iter() {
                    let all = CardSet(hand.0 & rank_cards(r).0);
                    if n == 1 && all.len() == 2 && (all.0 & before.kitty().0) == 0 {
                        let left = CardSet(all.0 & !after.0);
                        if left == CardSet::of(all.lowest().unwrap()) {
                            lower += 1;
                        } else {
                            higher += 1;
                        }
                    }
                }
            } else {
                g.apply(&mut s, a);
            }
        }
    }
    let n = f64::from(lower + higher);
    assert!(n >= 200.0, "{n} plays of one of two cards");
    let sd = (n * 0.25).sqrt();
    assert!(higher > 0, "the higher suit is sometimes shown first");
    assert!(
        (f64::from(lower) - n / 2.0).abs() < 4.0 * sd,
        "the lower suit first {lower} times of {n}"
    );
}
