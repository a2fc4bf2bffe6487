//! What a seat sees, and nothing more (the swap test of unseen cards runs
//! in the registry's conformance suite, for every game): worlds keep the
//! cards it knows and draw the rest
//! uniformly; a knocker decides without the defender's cards; tampered
//! observations are refused.

use tabula_cards::{CardId, CardSet};
use tabula_ginrummy::cards::parse_hand;
use tabula_ginrummy::observation::INFERENCE_DRAWS;
use tabula_ginrummy::*;
use tabula_search::{Determinize, Game, Player, Rng, Turn};

use crate::common;

use common::random_state;

fn json(o: &Observation) -> String {
    serde_json::to_string(o).unwrap()
}

/// A hand played by seats that keep their deadwood low (the discard that
/// leaves the least, the pile's card when it helps) up to the first
/// decision where a knock is legal.
fn knock_decision(game: &GinRummy, seed: u64) -> Option<State> {
    let mut rng = Rng::new(seed);
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    while s.hand_no() == 0 {
        let a = match game.to_move(&s) {
            Turn::Terminal => return None,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&s, &mut legal);
                if legal.iter().any(|a| matches!(a, Action::Knock(_))) {
                    return Some(s);
                }
                let hand = s.hands()[s.to_act()];
                let left = |a: &Action| match *a {
                    Action::Discard(c) => deadwood(hand - CardSet::of(c)),
                    Action::Take => s.top().map_or(u32::MAX, |t| deadwood(hand | CardSet::of(t)) + 5),
                    _ => deadwood(hand) + 10,
                };
                let best = legal.iter().map(left).min().unwrap();
                let ties: Vec<Action> = legal.iter().copied().filter(|a| left(a) == best).collect();
                ties[rng.below(ties.len() as u64) as usize]
            }
        };
        game.apply(&mut s, a);
    }
    None
}

#[test]
fn a_knocker_decides_without_the_defenders_cards() {
    let game = GinRummy::new(GinOptions::default()).unwrap();
    let mut found = 0;
    for seed in 0..40 {
        let Some(s) = knock_decision(&game, seed) else { continue };
        let Turn::Seat(seat) = game.to_move(&s) else {
            unreachable!()
        };
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        // A card of the defender's swapped for one of the stock: the
        // knocker's view and choices stay the same.
        let mut t = s.clone();
        assert!(swap_unseen(&mut t, seat));
        assert_ne!(t.hands()[1 - seat], s.hands()[1 - seat]);
        assert_eq!(json(&game.observation(&t, seat)), json(&game.observation(&s, seat)));
        let mut other = Vec::new();
        game.legal_actions(&t, &mut other);
        assert_eq!(other, legal);
        // So does every level's choice with the same seed, and the
        // searches' figures behind it: they judge worlds, not the truth
        // (levels 3-4 on the first few decisions only: they cost).
        let levels = if found < 6 { 1..=4 } else { 1..=2 };
        for level in levels {
            let [a, b] = [&s, &t].map(|x| GinAi::new(level, seed).choose(&game, &game.observation(x, seat), seat));
            assert!(legal.contains(&a.action.unwrap()), "level {level}: {:?}", a.action);
            assert_eq!(a.action, b.action, "level {level}, seed {seed}");
            assert_eq!(a.stats.root, b.stats.root, "level {level}, seed {seed}");
        }
        found += 1;
    }
    assert!(found >= 20, "{found} knock decisions");
}

#[test]
fn worlds_keep_the_known_cards_and_draw_the_hidden_ones_uniformly() {
    let game = GinRummy::new(GinOptions::default()).unwrap();
    // Seat 1 took the 5♣ upcard and discarded 2♣: seat 0 knows the 5♣ is
    // in seat 1's hand and sees 2♣ on the pile: beside its own ten, 40
    // unseen cards, of which seat 1 holds 9.
    let mut s = game.initial_state();
    let a = parse_hand("As 2s 3s 4s 5d 6d 7d 9c 9h 2c").unwrap();
    let b = parse_hand("Kc Kd Qh Js 10c 8h 8s 6c 4h Ah").unwrap();
    for (x, y) in a.iter().zip(b.iter()) {
        game.apply(&mut s, Action::Deal(x));
        game.apply(&mut s, Action::Deal(y));
    }
    let five = tabula_ginrummy::cards::parse("5c").unwrap();
    let two = tabula_ginrummy::cards::parse("2c").unwrap();
    game.apply(&mut s, Action::Deal(five));
    game.apply(&mut s, Action::Take);
    game.apply(&mut s, Action::Discard(two));
    let o = game.observation(&s, 0);
    assert_eq!(o.other_known, CardSet::of(five));
    let unseen = o.unseen();
    assert_eq!(unseen.len(), 40);
    let draws = 40_000;
    let mut count = [0u32; 52];
    let mut both = vec![[0u32; 52]; 52];
    let mut rng = Rng::new(5);
    let mut sampler = game.sampler(&o, 0);
    for _ in 0..draws {
        let w = sampler.sample(&mut rng);
        assert!(w.hands()[1].contains(five));
        assert_eq!(w.hands()[1].len(), 10);
        assert_eq!(w.hands()[0], o.hand);
        assert_eq!(json(&game.observation(&w, 0)), json(&o));
        let hidden = w.hands()[1] - CardSet::of(five);
        for c in hidden {
            count[c.index()] += 1;
            for d in hidden {
                both[c.index()][d.index()] += u32::from(c < d);
            }
        }
    }
    // Each unseen card is in seat 1's hand with probability 9/40.
    let p = 9.0 / 40.0;
    let sd = (draws as f64 * p * (1.0 - p)).sqrt();
    for c in unseen {
        let dev = (f64::from(count[c.index()]) - draws as f64 * p).abs();
        assert!(dev < 5.0 * sd, "card {c:?}: {} of {draws}", count[c.index()]);
    }
    for c in (0..52).map(CardId).filter(|&c| !unseen.contains(c)) {
        assert_eq!(count[c.index()], 0, "a seen card drawn: {c:?}");
    }
    // Jointly: each pair of unseen cards is in seat 1's hand together
    // with probability 9/40 · 8/39 (the hidden nine are drawn without
    // replacement), each of the 780 pairs within 5 standard deviations;
    // and the pairs' squared deviations average about one, as they do
    // when the hands are uniform (correlated draws, or cards drawn
    // apart, would spread them).
    let p = 9.0 * 8.0 / (40.0 * 39.0);
    let sd = (draws as f64 * p * (1.0 - p)).sqrt();
    let cards: Vec<CardId> = unseen.iter().collect();
    let mut z2 = 0.0;
    let mut pairs = 0;
    for (i, &x) in cards.iter().enumerate() {
        for &y in &cards[i + 1..] {
            let dev = f64::from(both[x.index()][y.index()]) - draws as f64 * p;
            assert!(dev.abs() < 5.0 * sd, "{x:?} {y:?}: {dev}");
            z2 += (dev / sd).powi(2);
            pairs += 1;
        }
    }
    assert_eq!(pairs, 780);
    let mean = z2 / f64::from(pairs);
    assert!((0.85..1.15).contains(&mean), "mean squared z {mean}");
}

/// Seat 0's observation of a position where seat 1 holds `known` (taken
/// from the pile) and two of the four `unseen` cards, the stock the
/// other two; seat 0 has just drawn from the stock (two left: its discard
/// ends the hand) and holds the eleven lowest other cards, the pile the
/// rest.
fn two_hidden_of_four(known: CardSet, unseen: CardSet) -> Observation {
    use tabula_ginrummy::cards::DECK;
    assert_eq!((known.len(), unseen.len()), (8, 4));
    let rest = DECK - known - unseen;
    let hand: CardSet = rest.iter().take(11).collect();
    let pile: Vec<CardId> = (rest - hand).iter().collect();
    let o = Observation {
        seat: 0,
        hand,
        known: CardSet::EMPTY,
        upcard: Some(pile[0]),
        pile,
        stock: 2,
        other_count: 10,
        other_known: known,
        // No play seen yet: the worlds weigh the deadwood alone.
        discarded: [CardSet::EMPTY; 2],
        declined: [CardSet::EMPTY; 2],
        dealt: 21,
        dealer: 0,
        phase: Phase::Discard,
        to_act: 0,
        refused: 0,
        taken: None,
        hand_no: 0,
        scores: [0, 0],
        boxes: [0, 0],
        last: None,
        totals: None,
    };
    o.check().unwrap();
    o
}

/// The exact law of the inferring sampler over `n` equally likely
/// worlds of weights `w`: of [`INFERENCE_DRAWS`] uniform draws, one is
/// kept with probability its weight over the draws' total. Enumerated
/// over every count of each world among the draws (multinomially).
fn inferring_law(w: &[f64]) -> Vec<f64> {
    fn walk(w: &[f64], k: usize, left: usize, counts: &mut Vec<usize>, law: &mut [f64]) {
        let n = w.len();
        if k == n - 1 {
            counts.push(left);
            let draws = INFERENCE_DRAWS;
            // The multinomial probability of these counts.
            let mut p = (1..=draws).map(|i| i as f64).product::<f64>() / (n as f64).powi(draws as i32);
            for &c in counts.iter() {
                p /= (1..=c).map(|i| i as f64).product::<f64>();
            }
            let total: f64 = counts.iter().zip(w).map(|(&c, &x)| c as f64 * x).sum();
            for j in 0..n {
                law[j] += p * counts[j] as f64 * w[j] / total;
            }
            counts.pop();
            return;
        }
        for c in 0..=left {
            counts.push(c);
            walk(w, k + 1, left - c, counts, law);
            counts.pop();
        }
    }
    let mut law = vec![0.0; w.len()];
    walk(w, 0, INFERENCE_DRAWS, &mut Vec::new(), &mut law);
    law
}

#[test]
fn the_searchs_worlds_follow_the_deadwood_weighting_exactly_on_a_small_case() {
    // Seat 1 holds 7♥ 7♦ 8♠ 9♠ K♣ Q♦ J♥ 3♣ and two of 7♠ 10♠ K♦ 2♥: six
    // worlds of 33 to 60 deadwood.
    let known = parse_hand("7h 7d 8s 9s Kc Qd Jh 3c").unwrap();
    let unseen = parse_hand("7s 10s Kd 2h").unwrap();
    let o = two_hidden_of_four(known, unseen);
    let cards: Vec<CardId> = unseen.iter().collect();
    let worlds: Vec<CardSet> = (0..4)
        .flat_map(|i| (i + 1..4).map(move |j| (i, j)))
        .map(|(i, j)| CardSet::of(cards[i]) | CardSet::of(cards[j]))
        .collect();
    let dw: Vec<u32> = worlds.iter().map(|&h| deadwood(known | h)).collect();
    assert!(dw.iter().max().unwrap() - dw.iter().min().unwrap() >= 20, "{dw:?}");
    let temperature = tabula_ginrummy::ai::INFERENCE;
    let weight: Vec<f64> = dw
        .iter()
        .map(|&d| tabula_search::math::exp(-f64::from(d) / f64::from(temperature)))
        .collect();
    let total: f64 = weight.iter().sum();
    let target: Vec<f64> = weight.iter().map(|w| w / total).collect();
    let law = inferring_law(&weight);
    assert!((law.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    // Of eight draws the best-weighted world is kept often but not
    // always: the law leans from uniform towards the normalised weights
    // without reaching them (total variation).
    let tv = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f64>() / 2.0;
    let uniform = [1.0 / 6.0; 6];
    assert!(tv(&law, &target) < 0.5 * tv(&uniform, &target), "{law:?} {target:?}");
    assert!(tv(&law, &target) > 0.01, "{law:?} {target:?}");
    // The uniform sampler: each world 1/6. The levels' (the game as they
    // model it, inferring): the law. Each within 5 standard deviations
    // over 60,000 draws; a sampler that ignored the weights would be tens
    // of deviations off (checked on the law itself).
    let draws = 60_000;
    for (game, expect) in [
        (GinRummy::new(GinOptions::default()).unwrap(), vec![1.0 / 6.0; 6]),
        (
            GinRummy::new(GinOptions::default()).unwrap().inferring(temperature),
            law.clone(),
        ),
    ] {
        let mut sampler = game.sampler(&o, 0);
        let mut rng = Rng::new(17);
        let mut count = [0u32; 6];
        let mut in_hand = [0u32; 4];
        for _ in 0..draws {
            let w = sampler.sample(&mut rng);
            let hidden = w.hands()[1] - known;
            assert_eq!(w.hands()[1] & known, known);
            assert_eq!(w.stock(), unseen - hidden);
            count[worlds.iter().position(|&h| h == hidden).unwrap()] += 1;
            for (i, &c) in cards.iter().enumerate() {
                in_hand[i] += u32::from(hidden.contains(c));
            }
        }
        for k in 0..6 {
            let sd = (draws as f64 * expect[k] * (1.0 - expect[k])).sqrt();
            let dev = f64::from(count[k]) - draws as f64 * expect[k];
            assert!(
                dev.abs() < 5.0 * sd,
                "world {k}: {} of {draws}, expected {}",
                count[k],
                expect[k]
            );
        }
        // Each card's chance of being in seat 1's hand: the law's worlds
        // that hold it.
        for (i, &c) in cards.iter().enumerate() {
            let p: f64 = (0..6).filter(|&k| worlds[k].contains(c)).map(|k| expect[k]).sum();
            let sd = (draws as f64 * p * (1.0 - p)).sqrt();
            let dev = f64::from(in_hand[i]) - draws as f64 * p;
            assert!(dev.abs() < 5.0 * sd, "{c:?}: {} of {draws}, expected {p}", in_hand[i]);
        }
    }
    let sd_max = (draws as f64 * 0.25).sqrt();
    let apart = law
        .iter()
        .map(|p| (p - 1.0 / 6.0).abs() * draws as f64)
        .fold(0.0, f64::max);
    assert!(apart > 20.0 * sd_max, "the weighting is visible: {apart}");
}

#[test]
fn tampered_observations_are_refused() {
    let game = GinRummy::new(GinOptions::default()).unwrap();
    let s = random_state(&game, 3, 60);
    let o = game.observation(&s, 0);
    assert!(o.check().is_ok());
    let mut bad = Vec::new();
    let mut x = o.clone();
    x.seat = 2;
    bad.push(x);
    let mut x = o.clone();
    x.stock += 1;
    bad.push(x);
    let mut x = o.clone();
    x.hand = CardSet(1 << 60);
    bad.push(x);
    let mut x = o.clone();
    x.other_known = o.hand;
    bad.push(x);
    let mut x = o.clone();
    x.pile.push(o.hand.lowest().unwrap());
    bad.push(x);
    let mut x = o.clone();
    x.refused = 3;
    bad.push(x);
    let mut x = o.clone();
    x.known = CardSet::of(CardId(51)) - o.hand;
    if !x.known.is_empty() {
        bad.push(x);
    }
    for b in bad {
        assert!(b.check().is_err(), "{b:?}");
        assert!(b.sampler().is_none());
    }
}
