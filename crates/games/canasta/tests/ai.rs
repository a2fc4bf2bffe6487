//! The computer: legal, reproducible, whole matches at every level.

use tabula_canasta::ai::{Context, Reading, context, discards};
use tabula_canasta::cards::{DECK, Kind, kind};
use tabula_canasta::{Canasta, CanastaAi, CanastaOptions, Observation};
use tabula_search::{Game, Player, Rng, Turn};

/// Plays a short match with `levels` at the seats; the final scores.
fn play(levels: [u8; 4], seed: u64) -> Vec<i32> {
    let g = Canasta::new(CanastaOptions {
        end_score: 1000,
        ..CanastaOptions::default()
    })
    .unwrap();
    let mut players: Vec<CanastaAi> = levels
        .iter()
        .enumerate()
        .map(|(k, &l)| CanastaAi::new(l, seed + k as u64))
        .collect();
    let mut s = g.initial_state();
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    for _ in 0..100_000 {
        match g.to_move(&s) {
            Turn::Terminal => return s.scores(),
            Turn::Chance => {
                let a = g.sample_chance(&s, &mut rng);
                g.apply(&mut s, a);
            }
            Turn::Seat(k) => {
                let o: Observation = g.observation(&s, k);
                let a = players[k].choose(&g, &o, k).action.expect("an action");
                g.legal_actions(&s, &mut legal);
                assert!(legal.contains(&a), "{a:?} is not legal");
                g.apply(&mut s, a);
            }
        }
    }
    panic!("the match did not end");
}

#[test]
fn every_level_plays_legal_whole_matches() {
    let scores = play([1, 2, 1, 2], 3);
    assert!(scores.iter().any(|&x| x >= 1000));
    let scores = play([3, 4, 3, 4], 5);
    assert!(scores.iter().any(|&x| x >= 1000));
}

#[test]
fn a_decision_is_the_same_for_the_same_observation_and_seed() {
    let g = Canasta::new(CanastaOptions::default()).unwrap();
    let s = tabula_conformance::random_state(&g, g.initial_state(), 11, 300);
    if let Turn::Seat(k) = g.to_move(&s) {
        let o = g.observation(&s, k);
        let a = CanastaAi::new(4, 9).choose(&g, &o, k);
        let b = CanastaAi::new(4, 9).choose(&g, &o, k);
        assert_eq!(a.action, b.action);
        assert_eq!(a.stats.root, b.stats.root);
    }
}

/// The exact chance by counting every hand of `k` from `n` cards, `good`
/// of them good: at least `m` good ones.
fn counted(good: usize, n: usize, k: usize, m: usize) -> f64 {
    let (mut hit, mut all) = (0u64, 0u64);
    for mask in 0u32..1 << n {
        if mask.count_ones() as usize == k {
            all += 1;
            hit += u64::from((mask & ((1 << good) - 1)).count_ones() as usize >= m);
        }
    }
    hit as f64 / all as f64
}

#[test]
fn the_reading_chance_is_the_exact_hypergeometric_one() {
    use tabula_canasta::ai::at_least;
    for n in 1..=10 {
        for good in 0..=n {
            for k in 0..=n {
                for m in 0..=2 {
                    let (want, got) = (counted(good, n, k, m), at_least(good, n, k, m));
                    assert!(
                        (want - got).abs() < 1e-12,
                        "{good} of {n}, {k} drawn, {m}+: {want} vs {got}"
                    );
                }
            }
        }
    }
}

/// A state of a random match where the player to act discards, the
/// other side has opened, the pile of at least `pile` cards is not
/// frozen, and the hand holds a two and natural cards of several ranks
/// (and no black three, always the safest discard).
fn discarding(g: &Canasta, pile: usize) -> tabula_canasta::State {
    for seed in 0..2_000 {
        let s = tabula_conformance::random_state(g, g.initial_state(), seed, 40 + seed as usize % 400);
        let Turn::Seat(k) = g.to_move(&s) else { continue };
        let hand = s.hands()[k];
        let naturals: std::collections::BTreeSet<u8> = hand
            .iter()
            .filter_map(|c| match kind(c) {
                Kind::Natural(r) => Some(r),
                _ => None,
            })
            .collect();
        if s.phase() == tabula_canasta::Phase::Play
            && s.opened(1 - k % 2)
            && !s.frozen()
            && s.pile().len() >= pile
            && hand.iter().any(|c| kind(c) == Kind::Two)
            && !hand.iter().any(|c| kind(c) == Kind::BlackThree)
            && naturals.len() >= 3
        {
            return s;
        }
    }
    panic!("no such state in 2,000 random matches");
}

/// The plain context `plain` reading as `reading` says.
fn reader<'a>(plain: &Context<'a>, reading: Reading) -> Context<'a> {
    Context {
        reading: Some(reading),
        ..*plain
    }
}

/// The danger a reader gives its discard of a natural card of `rank`.
fn danger(plain: &Context, reading: Reading, rank: u8) -> f64 {
    discards(&reader(plain, reading))
        .into_iter()
        .find(|&(c, _)| kind(c) == Kind::Natural(rank))
        .map(|(_, d)| d)
        .expect("a discard of the rank")
}

#[test]
fn a_reader_discards_the_rank_the_next_player_cannot_take_and_freezes_a_big_pile() {
    let g = Canasta::new(CanastaOptions::default()).unwrap();
    let s = discarding(&g, 0);
    let plain = context(&g, &s, false);
    let me = s.to_act();
    // A natural card in the hand whose rank the other side has not melded:
    // with every other card of its rank out of sight, the reader gives it
    // no more danger than its pair and meld keeping; with all in sight
    // (none unseen), it is the reader's safest natural card of its kind.
    let hand = s.hands()[me];
    let r = hand
        .iter()
        .find_map(|c| match kind(c) {
            Kind::Natural(r)
                if s.melds(1 - me % 2)[usize::from(r)].is_empty() && s.melds(me % 2)[usize::from(r)].is_empty() =>
            {
                Some(r)
            }
            _ => None,
        })
        .expect("a rank the table has not melded");
    let of_r: tabula_canasta::cards::Cards = DECK.iter().filter(|&c| kind(c) == Kind::Natural(r)).collect();
    let next_count = s.hands()[(me + 1) % 4].len();
    let none = tabula_canasta::cards::Cards::EMPTY;
    let others_seen = Reading::new(next_count, none, DECK - hand - of_r, 0);
    assert_eq!(others_seen.can_take(r, true), 0.0);
    assert_eq!(others_seen.can_take(r, false), 0.0);
    let all_unseen = Reading::new(next_count, none, DECK - hand, 0);
    assert!(all_unseen.can_take(r, false) > 0.0);
    assert!(danger(&plain, others_seen, r) < danger(&plain, all_unseen, r));
    // Two of the rank known in the next hand (taken with the pile): sure.
    let pair: tabula_canasta::cards::Cards = (of_r - hand).iter().take(2).collect();
    let known = Reading::new(next_count, pair, DECK - hand - of_r, 0);
    assert_eq!(known.can_take(r, true), 1.0);
    // A rank the next player discarded is less likely in its hand.
    let discarded = Reading::new(next_count, none, DECK - hand, 1 << r);
    let ratio = discarded.can_take(r, false) / all_unseen.can_take(r, false);
    assert!((ratio - tabula_canasta::ai::NEXT_DISCARDED).abs() < 1e-12);

    // A big pile that the next player can surely take with anything
    // (holding a whole deck's worth of cards, all unseen): the reader
    // freezes it with a two; the plain policy never discards a two first.
    let big = discarding(&g, tabula_canasta::ai::FREEZE_AT);
    let plain = context(&g, &big, false);
    let sure = Reading::new(60, none, DECK - big.hands()[big.to_act()], 0);
    assert_eq!(kind(discards(&reader(&plain, sure))[0].0), Kind::Two);
    assert_ne!(kind(discards(&plain)[0].0), Kind::Two);
}

#[test]
fn the_next_players_discards_are_every_fourth_card_from_the_third_from_the_top() {
    use tabula_canasta::ai::discarded_by_next;
    use tabula_canasta::cards::{DECK, face, parse_face};
    let card = |text: &str| {
        let f = parse_face(text).unwrap();
        DECK.iter().find(|&c| face(c) == f).unwrap()
    };
    // Bottom first: the next player discarded the 5 (seven from the top)
    // and the 9 (third from the top); a two there counts for no rank.
    let pile: Vec<_> = ["5h", "6h", "7h", "8h", "9h", "Th", "Jh"]
        .iter()
        .map(|t| card(t))
        .collect();
    let rank = |c| match kind(c) {
        Kind::Natural(r) => r,
        _ => unreachable!(),
    };
    assert_eq!(discarded_by_next(&pile), 1 << rank(pile[0]) | 1 << rank(pile[4]));
    assert_eq!(discarded_by_next(&pile[..2]), 0);
    let wild = [card("2h"), card("Kh"), card("Qh")];
    assert_eq!(discarded_by_next(&wild), 0);
}
