//! Move generation: `classify` on hand-written cases of every kind;
//! `classify` and `all_plays` against a plain reference (every sub-multiset
//! of a hand read by a separate classifier); `plays_beating` against
//! `all_plays` filtered by `beats`; invariants under proptest; a fixed
//! landlord hand's number of leads; no allocation with a reused vector.

use proptest::prelude::*;
use tabula_cards::CardSet;
use tabula_conformance::alloc::allocations_during;
use tabula_doudizhu::cards::{Counts, parse_counts};
use tabula_doudizhu::combo::{Combo, Kind};
use tabula_doudizhu::moves::{all_plays, can_play_out, classify, plays_beating};
use tabula_search::Rng;

// ---------------------------------------------------------------------------
// The reference: rank counts as a plain array, every kind spelled out.

/// Counts per rank, 3 to the big joker.
type Plain = [u8; 15];

fn plain(c: Counts) -> Plain {
    std::array::from_fn(|r| c.get(r as u8))
}

fn counts(p: &Plain) -> Counts {
    Counts::from_slice(p)
}

/// Every reading of exactly `cards` as one combination, the four with two
/// included, straight from the rules: for each kind, each main rank and
/// each length, take the main part and check that what is left is a lawful
/// set of kickers.
fn reference(cards: &Plain) -> Vec<Combo> {
    // (kind, cards per main rank, highest main rank, chain: shortest
    // length or 0, kickers for one main rank, cards per kicker)
    let kinds: [(Kind, u8, usize, usize, usize, u8); 13] = [
        (Kind::Single, 1, 14, 0, 0, 0),
        (Kind::Pair, 2, 12, 0, 0, 0),
        (Kind::Trio, 3, 12, 0, 0, 0),
        (Kind::TrioSingle, 3, 12, 0, 1, 1),
        (Kind::TrioPair, 3, 12, 0, 1, 2),
        (Kind::Straight, 1, 11, 5, 0, 0),
        (Kind::PairChain, 2, 11, 3, 0, 0),
        (Kind::Airplane, 3, 11, 2, 0, 0),
        (Kind::AirplaneSingles, 3, 11, 2, 1, 1),
        (Kind::AirplanePairs, 3, 11, 2, 1, 2),
        (Kind::FourTwoSingles, 4, 12, 0, 2, 1),
        (Kind::FourTwoPairs, 4, 12, 0, 2, 2),
        (Kind::Bomb, 4, 12, 0, 0, 0),
    ];
    let mut found = Vec::new();
    for (kind, each, top, chain, kickers, width) in kinds {
        for rank in 0..=top {
            for len in 1..=top + 1 - rank {
                // Longer chains from this rank need this rank's cards too.
                if cards[rank + len - 1] < each || (chain == 0 && len > 1) {
                    break;
                }
                if len < chain {
                    continue;
                }
                let main = rank..rank + len;
                let mut left = *cards;
                for r in main.clone() {
                    left[r] -= each;
                }
                let mut kicker_ranks = 0;
                let mut lawful = !(left[13] > 0 && left[14] > 0);
                for (r, &k) in left.iter().enumerate() {
                    if k > 0 {
                        kicker_ranks += 1;
                        lawful &= k == width && !main.contains(&r) && (width != 2 || r <= 12);
                    }
                }
                if lawful && kicker_ranks == kickers * len {
                    found.push(Combo {
                        kind,
                        rank: rank as u8,
                        len: len as u8,
                        cards: counts(cards),
                    });
                }
            }
        }
    }
    if cards.iter().sum::<u8>() == 2 && cards[13] == 1 && cards[14] == 1 {
        found.push(Combo {
            kind: Kind::Rocket,
            rank: 13,
            len: 1,
            cards: counts(cards),
        });
    }
    found.sort();
    found
}

/// How many sub-multisets `hand` has (the empty one included).
fn sub_multisets(hand: Counts) -> u64 {
    (0..15).map(|r| u64::from(hand.get(r)) + 1).product()
}

/// Calls `f` on every non-empty sub-multiset of `hand`.
fn each_sub_multiset(hand: Counts, mut f: impl FnMut(&Plain)) {
    let top = plain(hand);
    let mut sub = [0u8; 15];
    loop {
        // The next sub-multiset, as an odometer over the ranks.
        let mut r = 0;
        while r < 15 && sub[r] == top[r] {
            sub[r] = 0;
            r += 1;
        }
        if r == 15 {
            return;
        }
        sub[r] += 1;
        f(&sub);
    }
}

/// Every lead of `hand` by the reference under each rule (without and
/// with the four with two), checking `classify` on every sub-multiset
/// along the way.
fn reference_leads(hand: Counts) -> [Vec<Combo>; 2] {
    let mut leads = [Vec::new(), Vec::new()];
    let mut read = Vec::new();
    each_sub_multiset(hand, |sub| {
        let with = reference(sub);
        let without: Vec<Combo> = with
            .iter()
            .filter(|c| !matches!(c.kind, Kind::FourTwoSingles | Kind::FourTwoPairs))
            .copied()
            .collect();
        for (four_with_two, expected) in [(false, without), (true, with)] {
            classify(counts(sub), four_with_two, &mut read);
            assert_eq!(
                read,
                expected,
                "classify({}) under four_with_two = {four_with_two}",
                counts(sub)
            );
            assert!(read.len() <= 1, "{} has several readings", counts(sub));
            leads[usize::from(four_with_two)].extend(expected);
        }
    });
    for l in &mut leads {
        l.sort();
    }
    leads
}

/// `lo` to `hi` cards (uniformly many) drawn from the 54-card deck.
fn deal(rng: &mut Rng, lo: usize, hi: usize) -> Counts {
    deal_from(rng, &(0..54).collect::<Vec<_>>(), lo, hi)
}

/// `lo` to `hi` cards (uniformly many) drawn from `pool` (card ids).
fn deal_from(rng: &mut Rng, pool: &[u16], lo: usize, hi: usize) -> Counts {
    let n = lo + rng.below((hi - lo + 1) as u64) as usize;
    let mut deck = pool.to_vec();
    rng.shuffle(&mut deck);
    Counts::of(CardSet(deck[..n].iter().fold(0, |s, &c| s | 1 << c)))
}

/// The cards of six neighbouring ranks from `low`, the twos and the
/// jokers: hands drawn from it are rich in chains, airplanes and fours.
fn dense_pool(low: u16) -> Vec<u16> {
    (low * 4..low * 4 + 24).chain(48..54).collect()
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
fn classify_and_all_plays_match_the_reference_on_random_hands() {
    let mut rng = Rng::new(20_240_601);
    let mut out = Vec::new();
    let mut seen = [0u32; 14];
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
                let low = rng.below(7) as u16;
                deal_from(&mut rng, &dense_pool(low), lo, hi)
            } else {
                deal(&mut rng, lo, hi)
            };
            if sub_multisets(hand) > most {
                continue;
            }
            done += 1;
            let expected = reference_leads(hand);
            for four_with_two in [false, true] {
                all_plays(hand, four_with_two, &mut out);
                assert_eq!(
                    out,
                    expected[usize::from(four_with_two)],
                    "{hand} under {four_with_two}"
                );
                for c in &out {
                    seen[c.kind as usize] += 1;
                }
            }
        }
    }
    for kind in Kind::ALL {
        assert!(
            seen[kind as usize] >= 20,
            "{kind:?} came up {} times: {seen:?}",
            seen[kind as usize]
        );
    }
}

#[test]
fn plays_beating_is_all_plays_filtered_by_beats() {
    let mut rng = Rng::new(77);
    let (mut leads, mut targets, mut beating) = (Vec::new(), Vec::new(), Vec::new());
    let mut checked = 0;
    for i in 0..1000 {
        let hand = if i % 2 == 0 {
            deal(&mut rng, 5, 20)
        } else {
            deal_from(&mut rng, &dense_pool(i % 7), 8, 20)
        };
        let other = if i % 3 == 0 {
            deal(&mut rng, 5, 20)
        } else {
            deal_from(&mut rng, &dense_pool(i % 5), 4, 20)
        };
        for (mine, theirs) in [(false, false), (true, true), (false, true), (true, false)] {
            all_plays(hand, mine, &mut leads);
            all_plays(other, theirs, &mut targets);
            for t in &targets {
                plays_beating(hand, t, mine, &mut beating);
                let expected: Vec<Combo> = leads.iter().filter(|c| c.beats(t)).copied().collect();
                assert_eq!(beating, expected, "{hand} on {t:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000, "{checked} targets");
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

// ---------------------------------------------------------------------------
// Invariants.

proptest! {
    #[test]
    fn every_lead_is_in_the_hand_and_reads_as_itself(
        cards in proptest::sample::subsequence((0..54u16).collect::<Vec<_>>(), 1..=20),
        four_with_two in any::<bool>(),
    ) {
        let hand = Counts::of(CardSet(cards.iter().fold(0, |s, &c| s | 1 << c)));
        let (mut leads, mut read) = (Vec::new(), Vec::new());
        all_plays(hand, four_with_two, &mut leads);
        prop_assert!(!leads.is_empty());
        for c in &leads {
            prop_assert!(hand.contains(c.cards), "{c:?} not in {hand}");
            classify(c.cards, four_with_two, &mut read);
            prop_assert!(read.contains(c), "{c:?} reads as {read:?}");
            prop_assert_eq!(can_play_out(c.cards, four_with_two), read.first().copied());
            prop_assert!(!c.beats(c));
        }
        prop_assert_eq!(can_play_out(hand, four_with_two).is_some(), leads.iter().any(|c| c.cards == hand));
    }
}
