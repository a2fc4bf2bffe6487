//! Determinization stated in faces: exact arrangement counts and sampled
//! marginal and joint frequencies with duplicate faces, voids and fixed
//! copies against hand-computed and enumerated cases; conservation of a
//! two-deck deal; the same law as the instance `DealProblem`.
//!
//! Frequencies are checked within 5 standard deviations of a proportion
//! over the sample (`within`): the seeds are fixed, so each test is
//! deterministic, and 5σ is a bound a correct sampler's error passes with
//! probability above 1 − 10⁻⁶ per check, while each law this module rules
//! out (a uniform choice among count patterns, say) misses by many times
//! that (1/3 against 1/6 below, 30σ at n = 60,000).

use std::collections::BTreeMap;

use tabula_cards::french::{FrenchFace, Suit, faces};
use tabula_cards::{
    CardId, CardSet, Deal, DealError, DealProblem, DealSampler, Deck, FaceCounts, FaceDealProblem, FaceDealSampler,
    FaceIndex, WideSet,
};
use tabula_search::Rng;

const HEARTS: usize = 0;
const SPADES: usize = 1;
const CLUBS: usize = 2;
const H0: u32 = 0b001;
const H1: u32 = 0b010;
const STOCK: u32 = 0b100;
const ANY: u32 = H0 | H1 | STOCK;

fn within(freq: f64, expected: f64, n: usize) -> bool {
    let sd = (expected * (1.0 - expected) / n as f64).sqrt();
    (freq - expected).abs() <= 5.0 * sd
}

fn counts(pairs: &[(usize, usize)]) -> FaceCounts {
    let mut c = FaceCounts::EMPTY;
    for &(f, n) in pairs {
        c.add(f, n);
    }
    c
}

/// Every physical arrangement, by enumeration: each instance of `free`
/// (its face and allowed holders; instances distinct even when their faces
/// repeat) placed in a holder with room once the `fixed` copies
/// `(face, holder)` are in. How many arrangements give each matrix of face
/// counts.
fn enumerate(caps: &[usize], free: &[(usize, u32)], fixed: &[(usize, usize)]) -> BTreeMap<Vec<FaceCounts>, u64> {
    fn rec(
        i: usize,
        free: &[(usize, u32)],
        room: &mut [usize],
        hands: &mut Vec<FaceCounts>,
        out: &mut BTreeMap<Vec<FaceCounts>, u64>,
    ) {
        if i == free.len() {
            if room.iter().all(|&r| r == 0) {
                *out.entry(hands.clone()).or_default() += 1;
            }
            return;
        }
        let (face, allowed) = free[i];
        for h in 0..room.len() {
            if allowed >> h & 1 == 1 && room[h] > 0 {
                room[h] -= 1;
                hands[h].add(face, 1);
                rec(i + 1, free, room, hands, out);
                assert!(hands[h].take(face, 1));
                room[h] += 1;
            }
        }
    }
    let mut hands = vec![FaceCounts::EMPTY; caps.len()];
    let mut room = caps.to_vec();
    for &(face, h) in fixed {
        hands[h].add(face, 1);
        room[h] -= 1;
    }
    let mut out = BTreeMap::new();
    rec(0, free, &mut room, &mut hands, &mut out);
    out
}

/// Two copies each of ♥ ♠ ♣ to two hands and a stock of two; hand 0
/// showed a void in hearts.
///
/// By hand: hand 0 takes 2 of the 4 black cards (6 ways), hand 1 2 of the
/// 4 left (6 ways), the stock the rest: 36 deals. Hand 0 holds ♠♠ in 1 of
/// the 6 ways (P = 1/6), ♣♣ in 1 (1/6), ♠♣ in 2·2 = 4 (2/3): a uniform
/// choice among the three patterns would say 1/3 each. Hand 1 holds both
/// hearts in 1 way of 6 (1/6); both events, 1/36 (the stock then holds
/// ♣♣). Copy #1 of ♠ (one instance) is in hand 0 half the time.
fn void_problem() -> FaceDealProblem {
    let mut p = FaceDealProblem::new(vec![2, 2, 2]);
    p.add_face(HEARTS, 2, H1 | STOCK);
    p.add_face(SPADES, 2, ANY);
    p.add_face(CLUBS, 2, ANY);
    p
}

fn void_instances() -> Vec<(usize, u32)> {
    vec![
        (HEARTS, H1 | STOCK),
        (HEARTS, H1 | STOCK),
        (SPADES, ANY),
        (SPADES, ANY),
        (CLUBS, ANY),
        (CLUBS, ANY),
    ]
}

#[test]
fn the_void_case_counts_36_deals_as_computed_by_hand() {
    assert!((tabula_search::math::exp(void_problem().ln_arrangements().unwrap()) - 36.0).abs() < 1e-9);
    let exact = enumerate(&[2, 2, 2], &void_instances(), &[]);
    assert_eq!(exact.values().sum::<u64>(), 36);
    let p = |event: &dyn Fn(&[FaceCounts]) -> bool| {
        exact.iter().filter(|(m, _)| event(m)).map(|(_, &n)| n).sum::<u64>() as f64 / 36.0
    };
    let (ss, sc, hh) = (
        counts(&[(SPADES, 2)]),
        counts(&[(SPADES, 1), (CLUBS, 1)]),
        counts(&[(HEARTS, 2)]),
    );
    assert_eq!(p(&|m| m[0] == ss), 1.0 / 6.0);
    assert_eq!(p(&|m| m[0] == sc), 4.0 / 6.0);
    assert_eq!(p(&|m| m[1] == hh), 1.0 / 6.0);
    assert_eq!(p(&|m| m[0] == ss && m[1] == hh), 1.0 / 36.0);
    assert_eq!(p(&|m| m[0].get(HEARTS) > 0), 0.0);
}

#[test]
fn the_void_case_draws_follow_physical_arrangements() {
    let exact = enumerate(&[2, 2, 2], &void_instances(), &[]);
    let mut sampler = FaceDealSampler::new(&void_problem()).unwrap();
    let mut rng = Rng::new(11);
    let n = 60_000;
    let mut seen: BTreeMap<Vec<FaceCounts>, usize> = BTreeMap::new();
    let mut out = [FaceCounts::EMPTY; 3];
    for _ in 0..n {
        sampler.sample_into(&mut rng, &mut out);
        assert!(out.iter().all(|c| c.total() == 2));
        *seen.entry(out.to_vec()).or_default() += 1;
    }
    // The joint law of the whole matrix, pattern by pattern.
    assert!(seen.keys().all(|m| exact.contains_key(m)), "a pattern with no deal");
    for (m, &ways) in &exact {
        let got = seen.get(m).copied().unwrap_or(0) as f64 / n as f64;
        assert!(within(got, ways as f64 / 36.0, n), "{m:?}: {got} vs {ways}/36");
    }
    // And the hand-computed marginals and joint.
    let f = |event: &dyn Fn(&[FaceCounts]) -> bool| {
        seen.iter().filter(|(m, _)| event(m)).map(|(_, &k)| k).sum::<usize>() as f64 / n as f64
    };
    let (ss, sc, hh) = (
        counts(&[(SPADES, 2)]),
        counts(&[(SPADES, 1), (CLUBS, 1)]),
        counts(&[(HEARTS, 2)]),
    );
    assert!(within(f(&|m| m[0] == ss), 1.0 / 6.0, n));
    assert!(within(f(&|m| m[0] == sc), 2.0 / 3.0, n));
    assert!(within(f(&|m| m[1] == hh), 1.0 / 6.0, n));
    assert!(within(f(&|m| m[0] == ss && m[1] == hh), 1.0 / 36.0, n));
}

/// With instance ids: each of the 36 physical deals equally likely (1/36;
/// n = 72,000), and one copy of ♠ in hand 0 half the time.
#[test]
fn the_void_case_instances_are_uniform_over_physical_deals() {
    let deck = Deck::copies(&['♥', '♠', '♣'], 2); // ids 0..6: ♥♠♣♥♠♣
    let index: FaceIndex<CardSet> = FaceIndex::new(&deck);
    assert_eq!(index.instances(SPADES), CardSet(0b01_0010));
    let pool = CardSet::first(6);
    let mut sampler = FaceDealSampler::new(&void_problem()).unwrap();
    let mut rng = Rng::new(5);
    let n = 72_000;
    let mut seen: BTreeMap<[CardSet; 3], usize> = BTreeMap::new();
    let (mut counts_out, mut hands) = ([FaceCounts::EMPTY; 3], [CardSet::EMPTY; 3]);
    for _ in 0..n {
        sampler.sample_instances(&mut rng, pool, &index, &mut counts_out, &mut hands);
        assert_eq!(hands[0] | hands[1] | hands[2], pool, "every card dealt");
        assert_eq!(hands.iter().map(|h| h.len()).sum::<usize>(), 6, "once");
        for h in 0..3 {
            assert_eq!(index.counts(hands[h]), counts_out[h]);
        }
        assert!(
            !hands[0].contains(CardId(0)) && !hands[0].contains(CardId(3)),
            "the void"
        );
        *seen.entry(hands).or_default() += 1;
    }
    assert_eq!(seen.len(), 36);
    for (deal, &k) in &seen {
        assert!(within(k as f64 / n as f64, 1.0 / 36.0, n), "{deal:?}: {k}");
    }
    let spade_one_in_h0 = seen
        .iter()
        .filter(|(d, _)| d[0].contains(CardId(1)))
        .map(|(_, &k)| k)
        .sum::<usize>();
    assert!(within(spade_one_in_h0 as f64 / n as f64, 0.5, n));
}

/// Hand 0 is known to hold one ♠ (a specific card it picked up), no void.
/// By hand: the other ♠, both ♥ and both ♣ are free; hand 0's last place
/// takes one of the 5 (5 ways), hand 1 two of the 4 left (6): 30 deals.
/// Hand 0 holds ♠♠ when its free place takes the other ♠: 1/5; ♠♥ 2/5.
#[test]
fn a_fixed_copy_counts_in_its_holder() {
    let mut p = FaceDealProblem::new(vec![2, 2, 2]);
    p.add_face(HEARTS, 2, ANY);
    p.add_face(SPADES, 2, ANY);
    p.add_face(CLUBS, 2, ANY);
    p.fix(SPADES, 0, 1);
    assert!((tabula_search::math::exp(p.ln_arrangements().unwrap()) - 30.0).abs() < 1e-9);
    let free = [(HEARTS, ANY), (HEARTS, ANY), (SPADES, ANY), (CLUBS, ANY), (CLUBS, ANY)];
    let exact = enumerate(&[2, 2, 2], &free, &[(SPADES, 0)]);
    assert_eq!(exact.values().sum::<u64>(), 30);
    let mut sampler = FaceDealSampler::new(&p).unwrap();
    let mut rng = Rng::new(8);
    let n = 60_000;
    let (mut ss, mut sh) = (0, 0);
    let mut out = [FaceCounts::EMPTY; 3];
    for _ in 0..n {
        sampler.sample_into(&mut rng, &mut out);
        assert!(out[0].get(SPADES) >= 1, "the fixed copy stays");
        ss += usize::from(out[0] == counts(&[(SPADES, 2)]));
        sh += usize::from(out[0] == counts(&[(SPADES, 1), (HEARTS, 1)]));
    }
    assert!(within(ss as f64 / n as f64, 0.2, n), "{ss}");
    assert!(within(sh as f64 / n as f64, 0.4, n), "{sh}");
}

/// Random small problems (1 to 3 copies of up to 4 faces, 2 to 3
/// holders, random allowed holders and fixed copies): the counted
/// arrangements are the enumerated ones.
#[test]
fn arrangement_counts_match_enumeration() {
    let mut rng = Rng::new(21);
    let mut feasible = 0;
    for _ in 0..150 {
        let holders = 2 + rng.below(2) as usize;
        let (mut stated, mut free, mut fixed) = (Vec::new(), Vec::new(), Vec::new());
        let mut caps = vec![0; holders];
        for face in 0..1 + rng.below(4) as usize {
            let copies = 1 + rng.below(3) as usize;
            let allowed = 1 + rng.below((1 << holders) - 1) as u32;
            stated.push((face, copies, allowed));
            for _ in 0..copies {
                let h = rng.below(holders as u64) as usize;
                caps[h] += 1;
                if rng.below(5) == 0 {
                    fixed.push((face, h));
                } else {
                    free.push((face, allowed));
                }
            }
        }
        let mut p = FaceDealProblem::new(caps.clone());
        for &(face, copies, allowed) in &stated {
            p.add_face(face, copies, allowed);
        }
        for &(face, h) in &fixed {
            p.fix(face, h, 1);
        }
        let exact: u64 = enumerate(&caps, &free, &fixed).values().sum();
        let ln = p.ln_arrangements().unwrap();
        if exact == 0 {
            assert_eq!(ln, f64::NEG_INFINITY);
            assert_eq!(FaceDealSampler::new(&p).err(), Some(DealError::Infeasible));
        } else {
            feasible += 1;
            assert!(
                (tabula_search::math::exp(ln) - exact as f64).abs() < 1e-6 * exact as f64,
                "{ln} vs {exact}"
            );
        }
    }
    assert!(feasible > 50, "{feasible}");
}

/// A random problem: up to `faces` faces of 1 to `copies` copies, random
/// capacities and allowed holders (mostly every holder). The faces in
/// increasing order with their counts and allowed holders.
fn random_statement(rng: &mut Rng, faces: usize, copies: usize) -> (Vec<usize>, Vec<(usize, usize, u32)>) {
    let holders = 2 + rng.below(3) as usize;
    let mut caps = vec![0; holders];
    let mut stated = Vec::new();
    for face in 0..1 + rng.below(faces as u64) as usize {
        let n = 1 + rng.below(copies as u64) as usize;
        let allowed = if rng.below(3) == 0 {
            1 + rng.below((1 << holders) - 1) as u32
        } else {
            (1 << holders) - 1
        };
        stated.push((face, n, allowed));
        for _ in 0..n {
            caps[rng.below(holders as u64) as usize] += 1;
        }
    }
    (caps, stated)
}

/// The statement in faces and as instances (face `f`'s copies consecutive
/// ids, faces in increasing order), with the deck it implies.
fn both_ways(caps: &[usize], stated: &[(usize, usize, u32)]) -> (FaceDealProblem, DealProblem, Deck<usize>) {
    let mut faces = FaceDealProblem::new(caps.to_vec());
    let mut instances = DealProblem::new(caps.to_vec());
    let mut deck = Vec::new();
    for &(face, copies, allowed) in stated {
        faces.add_face(face, copies, allowed);
        for _ in 0..copies {
            instances.add(CardId(deck.len() as u16), allowed);
            deck.push(face);
        }
    }
    (faces, instances, Deck::new(deck))
}

/// Every face distinct: the face deal is the instance deal, draw for draw.
/// Same arrangement count, and from the same seed the same cards in each
/// holder (the face sampler skips the instance sampler's shuffle inside a
/// holder, so the first draw of a seed is compared).
#[test]
fn distinct_faces_deal_as_the_instance_problem() {
    let mut rng = Rng::new(31);
    let mut compared = 0;
    for _ in 0..60 {
        let (caps, stated) = random_statement(&mut rng, 12, 1);
        let (faces, instances, deck) = both_ways(&caps, &stated);
        assert_eq!(faces.ln_arrangements(), instances.ln_arrangements());
        let (Ok(mut by_face), Ok(mut by_card)) = (FaceDealSampler::new(&faces), DealSampler::new(&instances)) else {
            assert!(FaceDealSampler::new(&faces).is_err() && DealSampler::new(&instances).is_err());
            continue;
        };
        let index: FaceIndex<CardSet> = FaceIndex::new(&deck);
        let pool = CardSet::first(deck.len());
        let (mut counts_out, mut sets) = (vec![FaceCounts::EMPTY; caps.len()], vec![CardSet::EMPTY; caps.len()]);
        let mut deal = Deal::new();
        for _ in 0..5 {
            let seed = rng.next_u64();
            by_face.sample_instances(&mut Rng::new(seed), pool, &index, &mut counts_out, &mut sets);
            by_card.sample_into(&mut Rng::new(seed), &mut deal);
            for (h, set) in sets.iter().enumerate() {
                assert_eq!(*set, deal.holder(h).iter().copied().collect::<CardSet>());
            }
            compared += 1;
        }
    }
    assert!(compared > 150, "{compared}");
}

/// With copies, the instance deal's face counts are the face deal's, from
/// the same seed: one law, whichever way the problem is stated.
#[test]
fn copies_deal_as_the_instance_problem_listing_each_copy() {
    let mut rng = Rng::new(41);
    let mut compared = 0;
    for _ in 0..60 {
        let (caps, stated) = random_statement(&mut rng, 5, 3);
        let (faces, instances, deck) = both_ways(&caps, &stated);
        let (a, b) = (faces.ln_arrangements().unwrap(), instances.ln_arrangements().unwrap());
        assert!(a == b || (a - b).abs() < 1e-9 * b.abs().max(1.0), "{a} vs {b}");
        let (Ok(mut by_face), Ok(mut by_card)) = (FaceDealSampler::new(&faces), DealSampler::new(&instances)) else {
            continue;
        };
        let index: FaceIndex<CardSet> = FaceIndex::new(&deck);
        // Faces numbered as stated: the deck lists them in increasing order.
        assert!(deck.ids().all(|c| index.face_of(c) == deck.face(c)));
        let mut out = vec![FaceCounts::EMPTY; caps.len()];
        let mut deal = Deal::new();
        for _ in 0..5 {
            let seed = rng.next_u64();
            by_face.sample_into(&mut Rng::new(seed), &mut out);
            by_card.sample_into(&mut Rng::new(seed), &mut deal);
            for (h, c) in out.iter().enumerate() {
                let held: CardSet = deal.holder(h).iter().copied().collect();
                assert_eq!(*c, index.counts(held));
            }
            compared += 1;
        }
    }
    assert!(compared > 150, "{compared}");
}

/// Guandan's deck (two French decks with their jokers, 108 cards) in a
/// two-word set: seat 0 sees its 27 cards; the other 81 go to three hands
/// of 27, one void in hearts, one known to hold a big joker it picked up.
/// Every draw deals each unseen card once, honours the void and the fixed
/// joker, and the ids carry the drawn faces; the count is the instance
/// problem's.
#[test]
fn a_two_deck_deal_conserves_every_card() {
    let deck = Deck::copies(&faces(2, 2), 2);
    let index: FaceIndex<WideSet<2>> = FaceIndex::new(&deck);
    let mut order: Vec<CardId> = deck.ids().collect();
    Rng::new(3).shuffle(&mut order);
    let mine: WideSet<2> = order[..27].iter().copied().collect();
    let pool = !mine & WideSet::first(108);
    let hearts = |f: usize| deck.face(index.instances(f).lowest().unwrap()).suit() == Some(Suit::Hearts);
    let allowed = |f: usize| if hearts(f) { 0b110 } else { 0b111 };
    let mut problem = FaceDealProblem::new(vec![27, 27, 27]);
    problem.add_pool(pool, &index, allowed);
    let mut instances = DealProblem::new(vec![27, 27, 27]);
    for c in pool.iter() {
        instances.add(c, allowed(index.face_of(c)));
    }
    let (a, b) = (problem.ln_arrangements().unwrap(), instances.ln_arrangements().unwrap());
    assert!((a - b).abs() < 1e-9 * b, "{a} vs {b}");
    let big = index.face_of(CardId(53));
    assert_eq!(deck.face(CardId(53)), FrenchFace::Joker(1));
    let big_unseen = index.count(pool, big);
    if big_unseen > 0 {
        problem.fix(big, 2, 1);
    }
    let mut sampler = FaceDealSampler::new(&problem).unwrap();
    let mut rng = Rng::new(17);
    let (mut counts_out, mut hands) = ([FaceCounts::EMPTY; 3], [WideSet::<2>::EMPTY; 3]);
    for _ in 0..300 {
        sampler.sample_instances(&mut rng, pool, &index, &mut counts_out, &mut hands);
        let mut all = mine;
        for h in 0..3 {
            assert_eq!(hands[h].len(), 27);
            assert!((all & hands[h]).is_empty(), "a card dealt twice");
            all = all | hands[h];
            assert_eq!(index.counts(hands[h]), counts_out[h]);
        }
        assert_eq!(all, WideSet::first(108), "every card somewhere");
        assert!(hands[0].iter().all(|c| !hearts(index.face_of(c))), "the void");
        assert!(
            index.count(hands[2], big) >= usize::from(big_unseen > 0),
            "the known joker"
        );
    }
}

/// Prepared once, a sampler draws 108-card deals without allocating after
/// its first: the
/// face counts, the instances, and the instance sampler's deal alike.
#[test]
fn a_prepared_draw_allocates_nothing() {
    let deck = Deck::copies(&faces(2, 2), 2);
    let index: FaceIndex<WideSet<2>> = FaceIndex::new(&deck);
    let pool = WideSet::<2>::first(108) - WideSet::first(27);
    // Two classes: hearts barred from hand 0.
    let allowed = |f: usize| if (26..39).contains(&f) { 0b110 } else { 0b111 };
    let mut problem = FaceDealProblem::new(vec![27, 27, 27]);
    problem.add_pool(pool, &index, allowed);
    problem.fix(53, 1, 1);
    let mut instances = DealProblem::new(vec![27, 27, 27]);
    for c in pool.iter() {
        instances.add(c, allowed(index.face_of(c)));
    }
    let mut by_face = FaceDealSampler::new(&problem).unwrap();
    let mut by_card = DealSampler::new(&instances).unwrap();
    let (mut counts_out, mut hands, mut deal) = ([FaceCounts::EMPTY; 3], [WideSet::<2>::EMPTY; 3], Deal::new());
    let mut rng = Rng::new(2);
    // The first draws size the reused buffers.
    by_face.sample_instances(&mut rng, pool, &index, &mut counts_out, &mut hands);
    by_card.sample_into(&mut rng, &mut deal);
    let ((), allocations) = tabula_conformance::alloc::allocations_during(|| {
        for _ in 0..50 {
            by_face.sample_instances(&mut rng, pool, &index, &mut counts_out, &mut hands);
            by_card.sample_into(&mut rng, &mut deal);
        }
    });
    assert_eq!(allocations, 0);
    assert_eq!(hands.iter().map(|h| h.len()).sum::<usize>(), 81);
}

#[test]
fn inconsistent_statements_are_refused() {
    let face_error = |p: &FaceDealProblem| match FaceDealSampler::new(p).err() {
        Some(DealError::Face { reason, .. }) => reason,
        other => panic!("{other:?}"),
    };
    let mut p = FaceDealProblem::new(vec![1, 1]);
    p.add_face(0, 1, 0b11);
    assert!(matches!(
        FaceDealSampler::new(&p).err(),
        Some(DealError::Count { cards: 1, capacity: 2 })
    ));
    p.add_face(0, 1, 0b11);
    assert_eq!(face_error(&p), "listed twice");
    let mut p = FaceDealProblem::new(vec![1, 1]);
    p.add_face(0, 1, 0b11);
    p.add_face(1, 1, 0b100);
    assert_eq!(face_error(&p), "no valid holder");
    let mut p = FaceDealProblem::new(vec![1, 1]);
    p.add_face(0, 2, 0b11);
    p.fix(0, 1, 3);
    assert_eq!(face_error(&p), "more copies fixed than unseen");
    let mut p = FaceDealProblem::new(vec![1, 1]);
    p.add_face(0, 2, 0b11);
    p.fix(0, 2, 1);
    assert_eq!(face_error(&p), "fixed in a holder that does not exist");
    let mut p = FaceDealProblem::new(vec![1, 1]);
    p.add_face(0, 2, 0b11);
    p.fix(0, 1, 2);
    assert_eq!(
        FaceDealSampler::new(&p).err(),
        Some(DealError::Infeasible),
        "two fixed in a place of one"
    );
    let mut p = FaceDealProblem::new(vec![2, 0]);
    p.add_face(0, 2, 0b10);
    assert_eq!(p.ln_arrangements(), Ok(f64::NEG_INFINITY));
    assert_eq!(p.sample(&mut Rng::new(1)), Err(DealError::Infeasible));
}

#[test]
fn sampling_is_reproducible_by_seed() {
    let p = void_problem();
    let a: Vec<_> = (0..20).map(|i| p.sample(&mut Rng::new(i)).unwrap()).collect();
    let mut sampler = FaceDealSampler::new(&p).unwrap();
    let mut out = [FaceCounts::EMPTY; 3];
    for (i, drawn) in a.iter().enumerate() {
        sampler.sample_into(&mut Rng::new(i as u64), &mut out);
        assert_eq!(drawn, &out);
    }
    assert!(a.iter().any(|d| d != &a[0]), "the seeds give different deals");
}
