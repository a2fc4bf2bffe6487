//! The rules, each on a deal or a position made for it: the deal and the
//! kitty, the bidding (rising bids, 3 ends it, no bid throws the cards
//! in), the play (beat or pass, two passes give the lead back), the
//! deal's score (bombs, the rocket, spring and anti-spring), the match,
//! and conservation with the hash over random matches.

mod common;

use common::{deal, play, position, random_state};
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
        tabula_doudizhu::Counts::of(d.left[1]).to_string(),
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
