//! The general solver against the one-word path on single-deck hands
//! without wild cards (they must agree on the deadwood), and against the
//! brute force on small hands with duplicate faces, jokers and wild ranks
//! under rules drawn at random (fixed seeds, then proptest); every melding
//! it returns is checked card by card.

use proptest::prelude::*;
use tabula_cards::CardId;
use tabula_cards::melds::layout::DECK;
use tabula_cards::melds::{
    ALL_RANKS, Aces, Declaration, Face, FaceHand, MeldKind, MeldRules, MeldSolver, Melding, RunRules, SetRules,
    WildRules,
};
use tabula_search::Rng;

use super::{GIN, MELDS, draw};
use tabula_cards::melds::brute::{self, Reading, value};

/// Checks `m` is a partition of `hand` under the rules: each meld a meld
/// by the brute force's reading and by [`MeldRules::meld_of`], of the
/// kind it says, melds and deadwood making up the hand, the points right
/// and the declaration met.
fn check_melding(rules: &MeldRules, hand: &FaceHand, m: &Melding) {
    let mut all = *m.deadwood();
    for meld in m.melds() {
        let cards: Vec<Face> = meld.cards().iter().collect();
        let read = brute::reading(rules, &cards);
        match meld.kind() {
            MeldKind::Run if meld.is_pure() => assert_eq!(read, Some(Reading::PureRun), "{meld:?} in {m}"),
            MeldKind::Run => assert!(read >= Some(Reading::Run), "{meld:?} in {m}"),
            MeldKind::Set => assert!(read.is_some(), "{meld:?} in {m}"),
        }
        assert!(rules.meld_of(&meld.cards()).is_some(), "{meld:?} in {m}");
        all = all.plus(&meld.cards());
    }
    assert_eq!(all, *hand, "{m}");
    let points: u32 = m.deadwood().iter().map(|f| value(rules, f)).sum();
    assert_eq!(points, m.deadwood_points(), "{m}");
    if let Some(d) = rules.declaration {
        assert!(
            m.runs() >= usize::from(d.runs) && m.pure_runs() >= usize::from(d.pure_runs),
            "{m}"
        );
    }
}

/// Solves `hand` and checks the answer against the brute force.
fn against_brute(rules: &MeldRules, hand: &FaceHand) {
    let mut solver = MeldSolver::new(*rules).unwrap();
    let got = solver.solve(hand);
    let want = brute::brute(rules, hand);
    let order = got
        .as_ref()
        .map(|m| (m.deadwood_points(), m.deadwood().len() as u32, m.melds().len() as u32));
    assert_eq!(order, want, "{hand} under {rules:?}: {got:?}");
    assert_eq!(solver.deadwood(hand), want.map(|o| o.0));
    if let Some(m) = got {
        check_melding(rules, hand, &m);
    }
}

#[test]
fn the_general_solver_agrees_with_the_one_word_path() {
    let rules = MeldRules::gin_rummy(GIN);
    assert_eq!(rules.one_deck(), Some(MELDS.clone()));
    let mut solver = MeldSolver::new(rules).unwrap();
    let mut rng = Rng::new(0x6765_6e65);
    let mut melded = 0;
    for i in 0..3_000 {
        let hand = if i % 2 == 0 {
            draw(DECK, i % 14, &mut rng)
        } else {
            // Five neighbouring ranks in every suit: hands thick with melds.
            let low = rng.below(9) as u16;
            let pool = (0..4u16)
                .flat_map(|s| (low..low + 5).map(move |r| CardId(s * 13 + r)))
                .collect();
            draw(pool, 7 + i % 7, &mut rng)
        };
        let p = MELDS.best_partition(hand);
        let faces = FaceHand::from_one_deck(hand);
        let m = solver.solve(&faces).expect("no declaration to miss");
        assert_eq!(
            (m.deadwood_points(), m.deadwood().len()),
            (p.deadwood_points(), p.deadwood().len()),
            "{p} vs {m}"
        );
        check_melding(&rules, &faces, &m);
        melded += m.melds().len();
    }
    assert!(melded > 2_000, "{melded}");
}

/// Rules drawn at random: sets or runs or both, sizes, aces, suits, one
/// wild rank among the pool's or none, wild limits, a declaration.
fn random_rules(rng: &mut Rng, pool_ranks: &[u8]) -> MeldRules {
    let mut values = [0u8; 13];
    for v in &mut values {
        *v = rng.below(11) as u8;
    }
    let sets = (rng.below(4) > 0).then(|| {
        let min = 2 + rng.below(3) as u8;
        SetRules {
            min,
            max: if rng.below(3) == 0 {
                u8::MAX
            } else {
                min + rng.below(3) as u8
            },
            distinct_suits: rng.below(2) == 0,
            ranks: if rng.below(4) == 0 {
                ALL_RANKS & !(1 << pool_ranks[0])
            } else {
                ALL_RANKS
            },
            one_per_rank: rng.below(3) == 0,
        }
    });
    let runs = (sets.is_none() || rng.below(4) > 0).then(|| RunRules {
        min: 2 + rng.below(3) as u8,
        aces: [Aces::Low, Aces::High, Aces::LowOrHigh][rng.below(3) as usize],
    });
    let wild_rank = *rng.choose(pool_ranks).unwrap();
    let wilds = WildRules {
        ranks: if rng.below(2) == 0 { 1 << wild_rank } else { 0 },
        as_natural: rng.below(2) == 0,
        min_natural: 1 + rng.below(2) as u8,
        max_wild: if rng.below(2) == 0 { u8::MAX } else { rng.below(4) as u8 },
    };
    let declaration = runs.filter(|_| rng.below(3) == 0).map(|_| {
        let runs = 1 + rng.below(2) as u8;
        Declaration {
            runs,
            pure_runs: rng.below(u64::from(runs) + 1) as u8,
        }
    });
    MeldRules {
        values,
        joker_value: rng.below(30) as u8,
        sets,
        runs,
        wilds,
        declaration,
    }
}

/// A pool of faces: a few neighbouring ranks (the ace and the king among
/// them at times) in two or three suits, two copies of each, and jokers.
fn random_pool(rng: &mut Rng) -> (Vec<Face>, Vec<u8>) {
    let low = rng.below(13) as u8;
    let ranks: Vec<u8> = (0..3 + rng.below(2) as u8).map(|i| (low + i) % 13).collect();
    let suits = &tabula_cards::french::Suit::ALL[..2 + rng.below(2) as usize];
    let mut pool = Vec::new();
    for &r in &ranks {
        for &s in suits {
            pool.push(Face::new(r, s));
            pool.push(Face::new(r, s));
        }
    }
    pool.extend([Face::Joker; 2]);
    (pool, ranks)
}

/// `n` faces drawn from the pool without replacement.
fn random_hand(rng: &mut Rng, pool: &[Face], n: usize) -> FaceHand {
    let mut pool = pool.to_vec();
    rng.shuffle(&mut pool);
    pool[..n.min(pool.len())].iter().copied().collect()
}

#[test]
fn random_hands_and_rules_match_the_brute_force() {
    let mut rng = Rng::new(0x6272_7574);
    let (mut solved, mut wild, mut declared) = (0, 0, 0);
    for i in 0..1_500 {
        let (pool, ranks) = random_pool(&mut rng);
        let rules = random_rules(&mut rng, &ranks);
        let hand = random_hand(&mut rng, &pool, 3 + i % 6);
        against_brute(&rules, &hand);
        if let Some(m) = MeldSolver::new(rules).unwrap().solve(&hand) {
            solved += 1;
            wild += usize::from(m.melds().iter().any(|x| !x.is_pure()));
            declared += usize::from(rules.declaration.is_some());
        }
    }
    // The cases do exercise wild cards and declarations.
    assert!(
        solved > 1_000 && wild > 200 && declared > 100,
        "{solved} {wild} {declared}"
    );
}

#[test]
fn the_preset_rules_match_the_brute_force() {
    let mut rng = Rng::new(0x7072_6573);
    for i in 0..600 {
        let (pool, ranks) = random_pool(&mut rng);
        let values = [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10];
        let rules = match i % 3 {
            0 => MeldRules::canasta([20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10], 50),
            1 => MeldRules::indian_rummy(values, Some(ranks[i % ranks.len()])),
            _ => MeldRules::indian_rummy(values, None),
        };
        against_brute(&rules, &random_hand(&mut rng, &pool, 4 + i % 5));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn any_small_hand_matches_the_brute_force(seed in any::<u64>(), picks in proptest::collection::vec(0usize..64, 2..=8)) {
        let mut rng = Rng::new(seed);
        let (pool, ranks) = random_pool(&mut rng);
        let rules = random_rules(&mut rng, &ranks);
        // Faces picked from the pool, each at most as often as the pool has it.
        let mut left = pool.clone();
        let mut hand = FaceHand::EMPTY;
        for p in picks {
            let f = left.remove(p % left.len());
            hand.add(f);
        }
        against_brute(&rules, &hand);
    }
}
