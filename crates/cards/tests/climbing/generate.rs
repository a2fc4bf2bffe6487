//! The generator against the reference: `classify` on every sub-multiset
//! and `all_plays` on random and dense hands of Dou Dizhu's shapes (its
//! brute-force tests, moved here with the generator), the same on
//! Guandan's natural shapes (up to eight of a rank, bombs by size), every
//! hand of a small ruleset, sixteen ranks of up to fifteen cards;
//! `plays_beating` against `all_plays` filtered by `beats`; the bomb
//! order; the rules' checks; invariants under proptest; no allocation
//! with reused vectors.

use proptest::prelude::*;
use tabula_cards::climbing::{
    Combo, ComboKind, Counts, Rules, Shape, all_plays, can_play_out, classify, plays_beating, reference,
};
use tabula_search::Rng;

use super::rulesets::{DDZ, DDZ_DECK, Ddz, GD, GD_DECK, Gw, MINI, MINI_DECK};
use super::{deal, only};

/// The reference's leads of `hand` under each of `rules`, checking
/// `classify` and `can_play_out` on every sub-multiset along the way.
fn checked_leads<K: ComboKind + std::fmt::Debug>(hand: Counts, rules: &[Rules<K>]) -> Vec<Vec<Combo<K>>> {
    let mut leads = vec![Vec::new(); rules.len()];
    let mut read = Vec::new();
    reference::each_sub_multiset(hand, |sub| {
        for (r, l) in rules.iter().zip(&mut leads) {
            let expected = reference::readings(sub, r);
            classify(sub, r, &mut read);
            assert_eq!(read, expected, "classify({sub:?})");
            assert_eq!(can_play_out(sub, r), expected.first().copied());
            l.extend(expected);
        }
    });
    for l in &mut leads {
        l.sort();
    }
    leads
}

/// `all_plays` of `hand` under each of `rules` against the reference, and
/// `plays_beating` on each of `targets`; the kinds seen are counted.
fn check_hand<K: ComboKind + std::fmt::Debug>(
    hand: Counts,
    rules: &[Rules<K>],
    targets: &[Combo<K>],
    seen: &mut Vec<K>,
) {
    let expected = checked_leads(hand, rules);
    let (mut out, mut beating) = (Vec::new(), Vec::new());
    for (r, e) in rules.iter().zip(&expected) {
        all_plays(hand, r, &mut out);
        assert_eq!(&out, e, "{hand:?}");
        seen.extend(out.iter().map(|c| c.kind));
        for t in targets {
            plays_beating(hand, t, r, &mut beating);
            let filtered: Vec<Combo<K>> = out.iter().filter(|c| c.beats(t)).copied().collect();
            assert_eq!(beating, filtered, "{hand:?} on {t:?}");
        }
    }
}

/// Asserts that each kind of `rules` came up at least `least` times.
fn each_seen<K: ComboKind + std::fmt::Debug>(seen: &[K], rules: &Rules<K>, least: usize) {
    // A flush needs suits: the generator of counts never lists one.
    let counted = rules
        .shapes()
        .iter()
        .filter(|s| !matches!(s.main, tabula_cards::climbing::Main::Flush(_)));
    for k in counted.map(|s| s.kind) {
        let n = seen.iter().filter(|&&s| s == k).count();
        assert!(n >= least, "{k:?} came up {n} times");
    }
}

#[test]
fn the_test_rulesets_check() {
    for r in DDZ {
        assert_eq!(r.check(), Ok(()));
    }
    assert_eq!(GD.check(), Ok(()));
    assert_eq!(MINI.check(), Ok(()));
}

#[test]
fn dou_dizhu_shapes_match_the_reference_on_random_and_dense_hands() {
    let mut rng = Rng::new(20_240_601);
    let mut seen = Vec::new();
    // (hands, fewest and most cards, from six neighbouring ranks and the
    // twos and jokers rather than the whole deck, most sub-multisets)
    for (hands, lo, hi, dense, most) in [
        (160, 5, 14, false, 200_000),
        (12, 17, 20, false, 250_000),
        (150, 6, 14, true, 1 << 20),
        (40, 15, 20, true, 1 << 20),
    ] {
        let mut done = 0;
        while done < hands {
            let hand = if dense {
                let low = rng.below(7) as u32;
                deal(&mut rng, &only(&DDZ_DECK, 0b111 << 12 | 0b11_1111 << low), lo, hi)
            } else {
                deal(&mut rng, &DDZ_DECK, lo, hi)
            };
            if reference::sub_multisets(hand) > most {
                continue;
            }
            done += 1;
            check_hand(hand, &DDZ, &[], &mut seen);
        }
    }
    each_seen(&seen, &DDZ[1], 20);
}

#[test]
fn dou_dizhu_shapes_beat_as_all_plays_filtered_by_beats() {
    let mut rng = Rng::new(77);
    let (mut leads, mut targets, mut beating) = (Vec::new(), Vec::new(), Vec::new());
    let mut checked = 0;
    for i in 0..1000u32 {
        let dense = |rng: &mut Rng, low: u32, lo| deal(rng, &only(&DDZ_DECK, 0b111 << 12 | 0b11_1111 << low), lo, 20);
        let hand = if i % 2 == 0 {
            deal(&mut rng, &DDZ_DECK, 5, 20)
        } else {
            dense(&mut rng, i % 7, 8)
        };
        let other = if i % 3 == 0 {
            deal(&mut rng, &DDZ_DECK, 5, 20)
        } else {
            dense(&mut rng, i % 5, 4)
        };
        // Targets of either ruleset, on hands of either.
        for (mine, theirs) in [(0, 0), (1, 1), (0, 1), (1, 0)] {
            all_plays(hand, &DDZ[mine], &mut leads);
            all_plays(other, &DDZ[theirs], &mut targets);
            for t in &targets {
                plays_beating(hand, t, &DDZ[mine], &mut beating);
                let expected: Vec<_> = leads.iter().filter(|c| c.beats(t)).copied().collect();
                assert_eq!(beating, expected, "{hand:?} on {t:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000, "{checked} targets");
}

#[test]
fn guandan_shapes_match_the_reference_with_two_decks() {
    let mut rng = Rng::new(30);
    let mut seen = Vec::new();
    let mut targets = Vec::new();
    let mut done = 0;
    while done < 250 {
        // Five neighbouring ranks and the jokers (every other hand the
        // level rank, which a chain takes at its natural place), one rank
        // with four to ten cards, every fourth hand the four jokers: rich
        // in bombs of every size, tubes, plates and straights.
        let low = rng.below(9) as u8;
        let big = low + rng.below(5) as u8;
        let window = 0b1_1111u32 << low & !(1 << big) | (done % 2) << 12;
        let mut hand = deal(&mut rng, &only(&GD_DECK, 0b11 << 13 | window), 6, 14);
        hand = hand.plus(big, 4 + rng.below(7) as u8);
        if done % 4 == 0 {
            hand = Counts(hand.0 & !(0xFF << 52) | 2 << 52 | 2 << 56);
        }
        if reference::sub_multisets(hand) > 1 << 17 {
            continue;
        }
        done += 1;
        check_hand(hand, &[GD], &targets, &mut seen);
        // The next hands are checked on this one's plays.
        all_plays(hand, &GD, &mut targets);
    }
    each_seen(&seen, &GD, 10);
}

/// Every combination of the small ruleset, read by the reference from
/// every hand its deck holds, sorted.
fn mini_universe(hands: &[Counts]) -> Vec<Combo<Ddz>> {
    let mut all: Vec<Combo<Ddz>> = hands.iter().flat_map(|&h| reference::readings(h, &MINI)).collect();
    all.sort();
    all
}

#[test]
fn every_hand_of_a_small_ruleset_matches_the_reference() {
    // Every hand: the ranks' counts as an odometer under the deck.
    let mut hands = Vec::new();
    reference::each_sub_multiset(Counts::from_slice(&MINI_DECK), |h| hands.push(h));
    assert_eq!(hands.len(), 5 * 5 * 5 * 5 * 2 * 2 - 1);
    let mut read = Vec::new();
    for &h in &hands {
        classify(h, &MINI, &mut read);
        assert_eq!(read, reference::readings(h, &MINI), "{h:?}");
        assert_eq!(can_play_out(h, &MINI), read.first().copied());
    }
    // A hand's leads are the combinations whose cards it holds; what beats
    // a target, those of them that beat it.
    // 6 singles, 4 pairs, 4 trios, 4 × 5 with a single, 4 × 3 with a
    // pair, 3 straights, 5 pair chains, 15 airplanes (3 of two trios
    // with C(4, 2) − 1 pairs of singles, the top two kept apart; none of
    // three), 4 × (C(5, 2) − 1) fours with two, 4 bombs, the fixed pair.
    let universe = mini_universe(&hands);
    assert_eq!(universe.len(), 110);
    let (mut leads, mut beating) = (Vec::new(), Vec::new());
    for &h in &hands {
        all_plays(h, &MINI, &mut leads);
        let expected: Vec<_> = universe.iter().filter(|c| h.contains(c.cards)).copied().collect();
        assert_eq!(leads, expected, "{h:?}");
        for t in &universe {
            plays_beating(h, t, &MINI, &mut beating);
            assert!(
                beating.iter().copied().eq(leads.iter().filter(|c| c.beats(t)).copied()),
                "{h:?} on {t:?}"
            );
        }
    }
}

/// Sixteen ranks, fifteen cards of a rank: the whole of a [`Counts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Wide {
    Single,
    Straight,
    Big,
}

impl ComboKind for Wide {
    fn tier(self) -> u8 {
        u8::from(self == Wide::Big)
    }
}

const WIDE_SHAPES: [Shape<Wide>; 3] = [
    Shape::group(Wide::Single, 1, 0, 15),
    Shape::chain(Wide::Straight, 1, 0, 15, 3, 16).with_kickers(1, 3, 0xFFFF),
    Shape::group(Wide::Big, 13, 0, 15).with_kickers(1, 2, 0xFFFF).bomb(1),
];

#[test]
fn sixteen_ranks_of_fifteen_cards_match_the_reference() {
    let rules = Rules::new(16, &WIDE_SHAPES, 0b11 << 14);
    assert_eq!(rules.check(), Ok(()));
    let mut rng = Rng::new(16);
    let mut seen = Vec::new();
    let (mut done, mut out) = (0, Vec::new());
    while done < 300 {
        // Spread over the ranks (straights); six neighbouring ranks of
        // four (straights with kickers of three); one rank of 13 to 15
        // with pairs beside.
        let low = rng.below(11) as u32;
        let big = rng.below(16) as u8;
        let hand = match done % 3 {
            0 => deal(&mut rng, &[15; 16], 8, 16),
            1 => deal(&mut rng, &only(&[4; 16], 0b11_1111 << low), 12, 18),
            _ => deal(&mut rng, &only(&[2; 16], 0xFFFF & !(1 << big)), 3, 8).plus(big, 13 + rng.below(3) as u8),
        };
        if reference::sub_multisets(hand) > 1 << 18 {
            continue;
        }
        done += 1;
        check_hand(hand, &[rules], &[], &mut seen);
    }
    each_seen(&seen, &rules, 20);
    // A straight of four with a kicker of three for each rank, the
    // kickers up to rank 13; thirteen of the top rank with a pair.
    let straight = Counts::run(0, 4, 1).and(Counts::run(10, 4, 3));
    let big = Counts::of_rank(15, 13).and(Counts::of_rank(14, 2));
    for (cards, reading) in [(straight, (Wide::Straight, 0, 4)), (big, (Wide::Big, 15, 1))] {
        classify(cards, &rules, &mut out);
        assert_eq!(
            out.iter().map(|c| (c.kind, c.rank, c.len)).collect::<Vec<_>>(),
            [reading]
        );
    }
    classify(Counts::of_rank(15, 15), &rules, &mut out);
    assert!(out.is_empty(), "no kicker of the main rank");
}

#[test]
fn the_bomb_order_goes_by_tier_then_rank() {
    let c = |kind, rank, len, cards| Combo { kind, rank, len, cards };
    let bomb = |n: u8, rank| {
        let kind = if n <= 5 { Gw::SmallBomb(n) } else { Gw::BigBomb(n) };
        c(kind, rank, 1, Counts::of_rank(rank, n))
    };
    let straight = c(Gw::Straight, 8, 5, Counts::run(8, 5, 1));
    let jokers = c(Gw::FourJokers, 13, 1, Counts(2 << 52 | 2 << 56));
    assert!(bomb(4, 0).beats(&straight) && !straight.beats(&bomb(4, 0)));
    assert!(bomb(5, 0).beats(&bomb(4, 12)), "more cards beat fewer");
    assert!(bomb(4, 3).beats(&bomb(4, 2)) && !bomb(4, 2).beats(&bomb(4, 2)));
    assert!(jokers.beats(&bomb(8, 12)) && !bomb(8, 12).beats(&jokers));
    let lower = c(Gw::Straight, 7, 5, Counts::run(7, 5, 1));
    assert!(straight.beats(&lower) && !lower.beats(&straight));
    let pair = c(Gw::Pair, 9, 1, Counts::of_rank(9, 2));
    assert!(!pair.beats(&lower) && !lower.beats(&pair), "other kinds never beat");
    let pairs = |rank, len| Combo {
        kind: Ddz::PairChain,
        rank,
        len,
        cards: Counts::run(rank, len, 2),
    };
    let chain = |len| pairs(2, len);
    let low_chain = |len| pairs(1, len);
    assert!(
        chain(3).beats(&low_chain(3)) && !chain(4).beats(&low_chain(3)),
        "same length only"
    );
    // What beats a bomb of five fives: higher fives, and every bigger bomb.
    let hand = Counts::from_slice(&[5, 0, 0, 0, 6, 5, 0, 0, 0, 0, 0, 0, 4, 2, 2]);
    let mut out = Vec::new();
    plays_beating(hand, &bomb(5, 4), &GD, &mut out);
    let got: Vec<(Gw, u8)> = out.iter().map(|c| (c.kind, c.rank)).collect();
    assert_eq!(got, [(Gw::SmallBomb(5), 5), (Gw::BigBomb(6), 4), (Gw::FourJokers, 13)]);
}

#[test]
fn the_rules_check_their_data() {
    const UNSORTED: [Shape<Ddz>; 2] = [Shape::group(Ddz::Pair, 2, 0, 3), Shape::group(Ddz::Single, 1, 0, 3)];
    let err = Rules::new(4, &UNSORTED, 0).check().unwrap_err();
    assert_eq!((err.shape, err.problem), (1, "the kinds do not increase"));
    assert_eq!(err.to_string(), "shape 1: the kinds do not increase");
    const UNTIERED: [Shape<Ddz>; 2] = [Shape::group(Ddz::Single, 1, 0, 3), Shape::group(Ddz::Bomb, 4, 0, 3)];
    let err = Rules::new(4, &UNTIERED, 0).check().unwrap_err();
    assert_eq!((err.shape, err.problem), (1, "the shape's tier is not its kind's"));
    const BAD: [(u8, &[Shape<Ddz>], u16); 5] = [
        (17, &[], 0),
        (4, &[Shape::group(Ddz::Single, 1, 0, 4)], 0),
        (4, &[Shape::chain(Ddz::Straight, 1, 0, 3, 3, 5)], 0),
        (4, &[Shape::group(Ddz::Trio, 3, 0, 3).with_kickers(1, 0, 0b1)], 0),
        (4, &[Shape::group(Ddz::Single, 1, 0, 3)], 0b1),
    ];
    for (ranks, shapes, apart) in BAD {
        let made = std::panic::catch_unwind(|| Rules::new(ranks, shapes, apart));
        assert!(made.is_err(), "{ranks} ranks, {shapes:?}, {apart:b} refused");
    }
}

proptest! {
    #[test]
    fn every_lead_is_in_the_hand_and_reads_as_itself(
        ranks in proptest::collection::vec(0u8..15, 1..=27),
        guandan in any::<bool>(),
        four_with_two in any::<bool>(),
    ) {
        // A hand of the game's deck: ranks past a rank's cards are dropped.
        let deck = if guandan { GD_DECK } else { DDZ_DECK };
        let hand = ranks.iter().fold(Counts::EMPTY, |h, &r| if h.get(r) < deck[usize::from(r)] { h.plus(r, 1) } else { h });
        if guandan {
            invariants(hand, &GD)?;
        } else {
            invariants(hand, &DDZ[usize::from(four_with_two)])?;
        }
    }
}

/// Every lead is held and reads as itself; no lead beats itself; the hand
/// can go out at once exactly when one lead is all of it.
fn invariants<K: ComboKind + std::fmt::Debug>(hand: Counts, rules: &Rules<K>) -> Result<(), TestCaseError> {
    let (mut leads, mut read) = (Vec::new(), Vec::new());
    all_plays(hand, rules, &mut leads);
    prop_assert!(!leads.is_empty());
    for c in &leads {
        prop_assert!(hand.contains(c.cards), "{c:?} not in {hand:?}");
        classify(c.cards, rules, &mut read);
        prop_assert!(read.contains(c), "{c:?} reads as {read:?}");
        prop_assert!(!c.beats(c));
    }
    prop_assert_eq!(
        can_play_out(hand, rules).is_some(),
        leads.iter().any(|c| c.cards == hand)
    );
    Ok(())
}

#[test]
fn generation_allocates_nothing_with_reused_vectors() {
    let mut rng = tabula_search::Rng::new(5);
    let hands: Vec<Counts> = (0..100).map(|_| deal(&mut rng, &GD_DECK, 20, 27)).collect();
    let (mut out, mut beat) = (Vec::with_capacity(1 << 14), Vec::with_capacity(1 << 14));
    let ((), allocations) = tabula_conformance::alloc::allocations_during(|| {
        for &h in &hands {
            all_plays(h, &GD, &mut out);
            for t in out.iter().step_by(7) {
                plays_beating(h, t, &GD, &mut beat);
            }
            classify(h, &GD, &mut beat);
            let _ = can_play_out(h, &GD);
        }
    });
    assert_eq!(allocations, 0);
    assert_eq!((out.capacity(), beat.capacity()), (1 << 14, 1 << 14));
}
