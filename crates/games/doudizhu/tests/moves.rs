//! Dou Dizhu's combinations as the climbing plugin reads them:
//! `classify` on hand-written cases of every kind; `all_plays` and
//! `plays_beating` against the plugin's reference (every sub-multiset of
//! a hand read plainly) under the game's own rules; a fixed landlord
//! hand's number of leads; no allocation with a reused vector. (The
//! plugin's own tests check the generator against the reference at
//! length, on a ruleset of these shapes among others.)

use tabula_cards::CardSet;
use tabula_cards::climbing::reference;
use tabula_conformance::alloc::allocations_during;
use tabula_doudizhu::cards::{Counts, counts_of, parse_counts, ranks_text};
use tabula_doudizhu::combo::{Combo, Kind};
use tabula_doudizhu::moves::{all_plays, can_play_out, classify, plays_beating, rules};
use tabula_search::Rng;

/// Every lead of `hand` by the reference, `[without, with]` the four with
/// two.
fn reference_leads(hand: Counts) -> [Vec<Combo>; 2] {
    [false, true].map(|four| reference::all_plays(hand, rules(four)))
}

/// `lo` to `hi` cards (uniformly many) drawn from the 54-card deck.
fn deal(rng: &mut Rng, lo: usize, hi: usize) -> Counts {
    let n = lo + rng.below((hi - lo + 1) as u64) as usize;
    let mut deck: Vec<u64> = (0..54).collect();
    rng.shuffle(&mut deck);
    counts_of(CardSet(deck[..n].iter().fold(0, |s, &c| s | 1 << c)))
}

// ---------------------------------------------------------------------------
// classify on hand-written cases.

/// The readings of `text`, as (kind, rank, len); each reading's cards must
/// be the text's.
fn read(text: &str, four_with_two: bool) -> Vec<(Kind, u8, u8)> {
    let cards = parse_counts(text).unwrap();
    let mut out = Vec::new();
    classify(cards, four_with_two, &mut out);
    assert!(out.iter().all(|c| c.cards == cards), "{text}: {out:?}");
    assert_eq!(can_play_out(cards, four_with_two), out.first().copied());
    out.iter().map(|c| (c.kind, c.rank, c.len)).collect()
}

#[test]
fn classify_singles_pairs_trios_bombs_and_the_rocket() {
    assert_eq!(read("3", false), [(Kind::Single, 0, 1)]);
    assert_eq!(read("2", false), [(Kind::Single, 12, 1)]);
    assert_eq!(read("BJ", false), [(Kind::Single, 14, 1)]);
    assert_eq!(read("33", false), [(Kind::Pair, 0, 1)]);
    assert_eq!(read("22", false), [(Kind::Pair, 12, 1)]);
    assert_eq!(
        read("XD", false),
        [(Kind::Rocket, 13, 1)],
        "the jokers are the rocket, never a pair"
    );
    assert_eq!(read("777", false), [(Kind::Trio, 4, 1)]);
    assert_eq!(read("2222", true), [(Kind::Bomb, 12, 1)]);
    assert_eq!(
        read("7777", true),
        [(Kind::Bomb, 4, 1)],
        "a kicker of the trio's rank is refused"
    );
    for no in ["34", "3X", "335", "345", "3456", "3344", "33445"] {
        assert_eq!(read(no, true), [], "{no}");
    }
    let mut out = vec![Combo {
        kind: Kind::Single,
        rank: 0,
        len: 1,
        cards: Counts(1),
    }];
    classify(Counts::EMPTY, true, &mut out);
    assert!(out.is_empty(), "no card is no combination, and out is cleared");
}

#[test]
fn classify_trios_with_kickers() {
    assert_eq!(read("7778", false), [(Kind::TrioSingle, 4, 1)]);
    assert_eq!(read("3777", false), [(Kind::TrioSingle, 4, 1)]);
    assert_eq!(
        read("777X", false),
        [(Kind::TrioSingle, 4, 1)],
        "a joker may be a single kicker"
    );
    assert_eq!(read("2227", false), [(Kind::TrioSingle, 12, 1)]);
    assert_eq!(read("77788", false), [(Kind::TrioPair, 4, 1)]);
    assert_eq!(read("33444", false), [(Kind::TrioPair, 1, 1)]);
    assert_eq!(read("77722", false), [(Kind::TrioPair, 4, 1)]);
    assert_eq!(read("777XD", false), [], "the jokers are no pair kicker");
    assert_eq!(read("77789", false), [], "two singles are no pair");
}

#[test]
fn classify_chains_from_three_to_the_ace_only() {
    assert_eq!(read("34567", false), [(Kind::Straight, 0, 5)]);
    assert_eq!(read("TJQKA", false), [(Kind::Straight, 7, 5)]);
    assert_eq!(read("3456789TJQKA", false), [(Kind::Straight, 0, 12)]);
    assert_eq!(read("JQKA2", false), [], "no two in a straight");
    assert_eq!(read("A2345", false), [], "a straight does not wrap");
    assert_eq!(read("QKA2X", false), []);
    assert_eq!(read("34568", false), [], "a gap");
    assert_eq!(read("334455", false), [(Kind::PairChain, 0, 3)]);
    assert_eq!(read("33445566778899TTJJQQKKAA", false), [(Kind::PairChain, 0, 12)]);
    assert_eq!(read("QQKKAA", false), [(Kind::PairChain, 9, 3)]);
    assert_eq!(read("KKAA22", false), [], "no two in a pair chain");
    assert_eq!(read("334456", false), []);
    assert_eq!(read("333444", false), [(Kind::Airplane, 0, 2)]);
    assert_eq!(read("KKKAAA", false), [(Kind::Airplane, 10, 2)]);
    assert_eq!(read("AAA222", false), [], "no two in an airplane");
    assert_eq!(read("333555", false), [], "trios must be consecutive");
    assert_eq!(
        read("333444555666", false),
        [(Kind::Airplane, 0, 4)],
        "not 333444555 with 6 6 6"
    );
}

#[test]
fn classify_airplanes_with_kickers() {
    assert_eq!(read("33344456", false), [(Kind::AirplaneSingles, 0, 2)]);
    assert_eq!(read("3334445X", false), [(Kind::AirplaneSingles, 0, 2)]);
    assert_eq!(read("333444XD", false), [], "both jokers are never kickers together");
    assert_eq!(read("33344455", false), [], "kickers of one rank");
    assert_eq!(read("33334445", false), [], "a kicker of a trio's rank");
    assert_eq!(read("333444555789", false), [(Kind::AirplaneSingles, 0, 3)]);
    assert_eq!(read("3334445556667892", false), [(Kind::AirplaneSingles, 0, 4)]);
    assert_eq!(read("KKKAAA22X", false), []);
    assert_eq!(read("KKKAAA2X", false), [(Kind::AirplaneSingles, 10, 2)]);
    assert_eq!(read("AAA2223X", false), [], "no two in an airplane's trios");
    assert_eq!(read("3334445566", false), [(Kind::AirplanePairs, 0, 2)]);
    assert_eq!(read("3334442299", false), [(Kind::AirplanePairs, 0, 2)]);
    assert_eq!(read("333444555666778899TT", false), [(Kind::AirplanePairs, 0, 4)]);
    assert_eq!(read("333444555667788", false), [(Kind::AirplanePairs, 0, 3)]);
    assert_eq!(read("33344455XD", false), [], "the jokers are no pair kicker");
    assert_eq!(read("3334445555", false), [], "pair kickers of one rank");
    assert_eq!(read("3333444555", false), [], "four threes are no two pair kickers");
}

#[test]
fn classify_four_with_two_only_under_its_flag() {
    assert_eq!(read("444456", true), [(Kind::FourTwoSingles, 1, 1)]);
    assert_eq!(read("444456", false), []);
    assert_eq!(read("44445X", true), [(Kind::FourTwoSingles, 1, 1)]);
    assert_eq!(read("4444XD", true), [], "both jokers are never kickers together");
    assert_eq!(read("444455", true), [], "single kickers of one rank");
    assert_eq!(read("44445566", true), [(Kind::FourTwoPairs, 1, 1)]);
    assert_eq!(read("33334455", true), [(Kind::FourTwoPairs, 0, 1)]);
    assert_eq!(read("22223344", true), [(Kind::FourTwoPairs, 12, 1)]);
    assert_eq!(read("44445566", false), []);
    assert_eq!(read("33334444", true), [], "two pairs of one rank");
    assert_eq!(read("33334444", false), []);
    assert_eq!(read("4444XD55", true), []);
}

// ---------------------------------------------------------------------------
// Against the reference.

#[test]
fn the_game_rules_are_lawful_plugin_data() {
    for four_with_two in [false, true] {
        assert_eq!(rules(four_with_two).check(), Ok(()));
        assert_eq!(rules(four_with_two).ranks(), 15);
    }
    let kinds = |four| rules(four).shapes().iter().map(|s| s.kind).collect::<Vec<_>>();
    assert_eq!(kinds(true), Kind::ALL, "every kind, in order");
    assert_eq!(
        kinds(false),
        Kind::ALL
            .into_iter()
            .filter(|k| !matches!(k, Kind::FourTwoSingles | Kind::FourTwoPairs))
            .collect::<Vec<_>>()
    );
}

#[test]
fn the_game_rules_match_the_reference_on_random_hands() {
    let mut rng = Rng::new(20_240_601);
    let (mut out, mut beating) = (Vec::new(), Vec::new());
    let mut done = 0;
    while done < 40 {
        let hand = deal(&mut rng, 5, 14);
        if reference::sub_multisets(hand) > 100_000 {
            continue;
        }
        done += 1;
        let expected = reference_leads(hand);
        for four_with_two in [false, true] {
            all_plays(hand, four_with_two, &mut out);
            assert_eq!(out, expected[usize::from(four_with_two)], "{}", ranks_text(hand));
            // On a random lead of another hand.
            let other = deal(&mut rng, 5, 20);
            let targets = reference::all_plays(other, rules(true));
            let t = targets[rng.below(targets.len() as u64) as usize];
            plays_beating(hand, &t, four_with_two, &mut beating);
            assert_eq!(
                beating,
                reference::plays_beating(hand, &t, rules(four_with_two)),
                "on {t:?}"
            );
        }
    }
}

#[test]
fn a_fixed_landlord_hand_has_its_number_of_leads() {
    let hand = parse_counts("3 3 3 4 4 4 5 6 7 7 9 9 10 J J 2 2 2 2 SJ").unwrap();
    assert_eq!(hand.total(), 20);
    let mut out = Vec::new();
    let expected = reference_leads(hand);
    // 10 singles, 6 pairs, 3 trios, 3 × 9 trios with a single, 3 × 5 with
    // a pair, the straight 3-7, the airplane 333444 alone, with C(8, 2)
    // singles and with C(4, 2) pairs, the bomb of twos: 98; and the twos
    // with C(9, 2) singles or C(5, 2) pairs: 46 more.
    for (four_with_two, leads) in [(false, 98), (true, 144)] {
        all_plays(hand, four_with_two, &mut out);
        assert_eq!(out, expected[usize::from(four_with_two)]);
        assert_eq!(out.len(), leads, "under four_with_two = {four_with_two}");
    }
}

#[test]
fn every_play_comes_out_sorted_and_the_generators_clear_out() {
    let hand = parse_counts("3 4 4 5 5 6 6 7 7 7 8 8 9 10 J Q K A 2 BJ").unwrap();
    let mut out = vec![
        Combo {
            kind: Kind::Rocket,
            rank: 13,
            len: 1,
            cards: Counts(0)
        };
        3
    ];
    all_plays(hand, true, &mut out);
    assert!(out.windows(2).all(|w| w[0] < w[1]));
    assert!(out.iter().all(|c| c.kind != Kind::Rocket));
    let pair = out.iter().copied().find(|c| c.kind == Kind::Pair).unwrap();
    plays_beating(Counts::EMPTY, &pair, true, &mut out);
    assert!(out.is_empty());
}

#[test]
fn the_rocket_and_bombs_are_beaten_only_by_higher_ones() {
    let hand = parse_counts("5 5 5 5 2 2 2 2 X D 3").unwrap();
    let mut out = Vec::new();
    let bomb = |rank| Combo {
        kind: Kind::Bomb,
        rank,
        len: 1,
        cards: Counts(4 << (4 * u32::from(rank))),
    };
    plays_beating(hand, &bomb(2), false, &mut out);
    let got: Vec<(Kind, u8)> = out.iter().map(|c| (c.kind, c.rank)).collect();
    assert_eq!(got, [(Kind::Bomb, 12), (Kind::Rocket, 13)]);
    plays_beating(hand, &bomb(0), false, &mut out);
    let got: Vec<(Kind, u8)> = out.iter().map(|c| (c.kind, c.rank)).collect();
    assert_eq!(got, [(Kind::Bomb, 2), (Kind::Bomb, 12), (Kind::Rocket, 13)]);
    let rocket = out[2];
    plays_beating(hand, &rocket, true, &mut out);
    assert!(out.is_empty());
}

#[test]
fn generation_allocates_nothing_with_a_reused_vector() {
    let mut rng = Rng::new(5);
    let hands: Vec<Counts> = (0..200).map(|_| deal(&mut rng, 17, 20)).collect();
    let (mut out, mut beat) = (Vec::with_capacity(4096), Vec::with_capacity(4096));
    let target = Combo {
        kind: Kind::Single,
        rank: 0,
        len: 1,
        cards: Counts(1),
    };
    let ((), allocations) = allocations_during(|| {
        for &h in &hands {
            all_plays(h, true, &mut out);
            for t in &out {
                plays_beating(h, t, true, &mut beat);
            }
            plays_beating(h, &target, false, &mut beat);
            classify(h, true, &mut beat);
            let _ = can_play_out(h, true);
        }
    });
    assert_eq!(allocations, 0);
    assert!(out.capacity() == 4096 && beat.capacity() == 4096);
}
