//! What a seat sees, and nothing more (the swap test of unseen cards runs
//! in the registry's conformance suite, for every game): every world drawn
//! keeps the state's invariants; worlds keep the cards it knows
//! (the kitty in the landlord's hand) and draw the rest uniformly; a
//! peasant's search is the same whatever its partner holds; tampered
//! observations are refused.

use crate::common;

use common::{position, random_state};
use proptest::prelude::*;
use tabula_cards::CardSet;
use tabula_contract::GameModule;
use tabula_doudizhu::*;
use tabula_search::{Game, Player, Rng, Turn};

fn json(o: &Observation) -> String {
    serde_json::to_string(o).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn every_world_drawn_keeps_the_invariants_and_plays_on(seed in 0u64..10_000, plies in 0usize..300, seat in 0usize..3) {
        let game = DouDizhu::new(DdzOptions::default()).unwrap();
        let s = random_state(&game, seed, plies);
        prop_assume!(game.to_move(&s) != Turn::Terminal);
        let o = game.observation(&s, seat);
        let mut rng = Rng::new(seed);
        let mut world = o.sample(&mut rng).expect("a real observation checks");
        prop_assert_eq!(GameModule::check_state(&game, &world), Ok(()));
        // Played on to the deal's end, it keeps them.
        let mut legal = Vec::new();
        for _ in 0..200 {
            let a = match game.to_move(&world) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(&world, &mut rng),
                Turn::Seat(_) => {
                    game.legal_actions(&world, &mut legal);
                    legal[rng.below(legal.len() as u64) as usize]
                }
            };
            game.apply(&mut world, a);
            prop_assert_eq!(GameModule::check_state(&game, &world), Ok(()));
        }
    }
}

#[test]
fn a_swap_may_leave_a_hand_a_card_below_the_one_it_played_of_the_rank() {
    // Under the old rule (the lowest suits of a rank first) a hand that
    // played 6♥ held no 6♣ or 6♦, so a swap that gave it one made a world
    // the seat could rule out. Under the hidden order such worlds are
    // possible: they come up, and they pass the state's check.
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    let mut below = 0;
    for seed in 0..200 {
        let s = random_state(&game, seed, 80 + seed as usize % 60);
        for seat in 0..3 {
            let mut t = s.clone();
            if !swap_unseen(&mut t, seat) {
                continue;
            }
            assert_eq!(GameModule::check_state(&game, &t), Ok(()), "seed {seed}, seat {seat}");
            for k in 0..3 {
                for c in t.hands()[k] - s.hands()[k] {
                    let of_rank = tabula_doudizhu::cards::rank_cards(tabula_doudizhu::cards::rank(c));
                    if (t.played()[k] & of_rank).iter().any(|p| p.0 > c.0) {
                        below += 1;
                    }
                }
            }
        }
    }
    assert!(below > 0, "no swap gave a hand a lower suit than one it played");
}

/// A state in the play with `plies` random plies after the bidding.
fn in_play(game: &DouDizhu, seed: u64) -> State {
    let mut plies = 60;
    loop {
        let s = random_state(game, seed, plies);
        if s.phase() == Phase::Play && s.round_no() == s.deal_no() && s.played().iter().any(|p| !p.is_empty()) {
            return s;
        }
        plies += 1;
        assert!(plies < 2000, "no play phase reached");
    }
}

#[test]
fn worlds_keep_what_the_seat_knows_and_deal_the_rest() {
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    let mut worlds_checked = 0;
    for seed in 0..30 {
        let s = in_play(&game, seed);
        let landlord = s.landlord().unwrap();
        for seat in 0..3 {
            let o = game.observation(&s, seat);
            let mut sampler = o.sampler().expect("a real position's observation checks");
            let mut rng = Rng::new(seed);
            for _ in 0..20 {
                let w = sampler.draw(&mut rng);
                assert_eq!(
                    json(&game.observation(&w, seat)),
                    json(&o),
                    "the world shows the same observation"
                );
                assert!(
                    w.hands()[landlord].contains_all(o.known(landlord)),
                    "the landlord keeps its unplayed kitty cards"
                );
                assert_eq!(game.hash(&w), game.hash_from_scratch(&w));
                assert_eq!(GameModule::check_state(&game, &w), Ok(()));
                worlds_checked += 1;
            }
        }
    }
    assert_eq!(worlds_checked, 30 * 3 * 20);
}

#[test]
fn each_unseen_card_lands_in_each_hand_as_often_as_its_share() {
    // South (a peasant) holds 3 cards, the landlord (East) 4, North 2:
    // the six cards South cannot see are dealt 4 to East, 2 to North.
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    let s = position(&game, ["3 4 5", "BJ 9 9 10", "J Q"], 1, 0, None);
    let o = game.observation(&s, 0);
    let unseen = o.unseen();
    let hidden_east = usize::from(o.counts[1]) - o.known(1).len();
    assert_eq!(unseen.len(), hidden_east + usize::from(o.counts[2]));
    let n = 30_000;
    let mut in_east = std::collections::BTreeMap::new();
    let mut sampler = o.sampler().unwrap();
    let mut rng = Rng::new(3);
    for _ in 0..n {
        let w = sampler.draw(&mut rng);
        for c in CardSet(w.hands()[1].0 & unseen.0) {
            *in_east.entry(c.0).or_insert(0u32) += 1;
        }
    }
    let p = hidden_east as f64 / unseen.len() as f64;
    let sd = (n as f64 * p * (1.0 - p)).sqrt();
    for c in unseen {
        let k = f64::from(*in_east.get(&c.0).unwrap_or(&0));
        assert!(
            (k - n as f64 * p).abs() < 5.0 * sd,
            "card {c:?}: {k} of {n}, expected {}",
            n as f64 * p
        );
    }
}

/// A state of the play reached at random with a peasant to act, its
/// partner holding two cards or more and the landlord one it has not
/// shown (not a kitty card).
fn peasant_to_act(game: &DouDizhu, seed: u64) -> State {
    let mut plies = 56;
    loop {
        let s = random_state(game, seed, plies);
        if s.phase() == Phase::Play && s.round_no() == s.deal_no() && !s.is_over() {
            let (me, l) = (s.to_act(), s.landlord().unwrap());
            let partner = 3 - me - l;
            if me != l && s.hands()[partner].len() >= 2 && !(s.hands()[l] - s.kitty()).is_empty() {
                return s;
            }
        }
        plies += 1;
        assert!(plies < 2000, "no peasant to act");
    }
}

#[test]
fn a_peasant_sees_nothing_of_its_partners_hand() {
    // In states reached by play, with a peasant to act: the partner's
    // whole hand goes to the landlord, and the partner takes the
    // landlord's hidden cards in its place (its own back only where the
    // landlord has fewer); the kitty cards the landlord still holds stay
    // there, and every hand keeps its size. The peasant's observation,
    // its legal actions and every level's choice stay byte-identical.
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    let mut kitty_held = 0;
    for seed in 0..6 {
        let s = peasant_to_act(&game, seed);
        let (me, l) = (s.to_act(), s.landlord().unwrap());
        let partner = 3 - me - l;
        let o = game.observation(&s, me);
        let worlds = o.sampler().unwrap();
        let known = o.known(l);
        kitty_held += usize::from(!known.is_empty());
        let (landlords, partners) = (s.hands()[l] - known, s.hands()[partner]);
        let mut hidden = [CardSet::EMPTY; 3];
        hidden[l] = landlords;
        hidden[partner] = partners;
        // The truth is the world of its own arrangement (but the hidden
        // order, which the world draws its own way): built this way, the
        // exchanged state differs from it in the hands alone.
        let truth = worlds.world(hidden).expect("the truth fits");
        assert_eq!(common::without_keys(&truth), common::without_keys(&s), "seed {seed}");

        let mut rng = Rng::new(seed);
        let mut from_landlord: Vec<_> = landlords.iter().collect();
        let mut from_partner: Vec<_> = partners.iter().collect();
        rng.shuffle(&mut from_landlord);
        rng.shuffle(&mut from_partner);
        let cards: Vec<_> = from_landlord.into_iter().chain(from_partner).collect();
        let n = partners.len();
        hidden[partner] = cards[..n].iter().copied().collect();
        hidden[l] = cards[n..].iter().copied().collect();
        let t = worlds.world(hidden).expect("the exchange fits the observation");
        assert_eq!(
            (t.hands()[partner] & partners).len(),
            n.saturating_sub(landlords.len()),
            "seed {seed}: the partner keeps only what the landlord could not take"
        );
        assert_eq!(t.hands()[me], s.hands()[me]);
        assert!(t.hands()[l].contains_all(known), "the kitty cards stay");
        assert_eq!(t.hands().map(CardSet::len), s.hands().map(CardSet::len));
        assert_ne!(
            json(&game.observation(&s, partner)),
            json(&game.observation(&t, partner)),
            "seed {seed}: the partner's own view changed"
        );

        assert_eq!(json(&o), json(&game.observation(&t, me)), "seed {seed}");
        let (mut a, mut b) = (Vec::new(), Vec::new());
        game.legal_actions(&s, &mut a);
        game.legal_actions(&t, &mut b);
        assert_eq!(a, b, "seed {seed}");
        for level in 1..=4 {
            let a = DdzAi::new(level, seed).choose(&game, &o, me);
            let b = DdzAi::new(level, seed).choose(&game, &game.observation(&t, me), me);
            assert_eq!(
                (a.action, a.stats.root),
                (b.action, b.stats.root),
                "seed {seed}, level {level}"
            );
        }
    }
    assert!(kitty_held >= 2, "kitty cards held in {kitty_held} states");
}

#[test]
fn tampered_observations_are_refused() {
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    let s = in_play(&game, 4);
    let o = game.observation(&s, 0);
    assert!(o.check().is_ok());
    let mut bad = o.clone();
    bad.played[1] = CardSet(bad.played[1].0 | bad.hand.0);
    assert!(bad.check().is_err(), "a card in two places");
    let mut bad = o.clone();
    bad.counts[0] += 1;
    assert!(bad.check().is_err(), "a count that is not the hand's");
    let mut bad = o.clone();
    bad.counts[1] = 30;
    assert!(bad.check().is_err(), "a hand of 30");
    let mut bad = o.clone();
    bad.seat = 5;
    assert!(bad.check().is_err());
    let mut bad = o.clone();
    bad.kitty = CardSet::EMPTY;
    assert!(bad.check().is_err(), "a landlord with no kitty");
    let mut bad = o.clone();
    bad.counts[2] += 1;
    assert!(bad.check().is_err(), "the cards do not add up");
    // A combination to beat that no seat played, or that is no reading
    // of its cards (a rank far out of range among them).
    let mut bad = o.clone();
    bad.last = Some((
        1,
        Combo {
            kind: Kind::Single,
            rank: 200,
            len: 1,
            cards: Counts(1),
        },
    ));
    assert!(bad.check().is_err(), "a combination that is not what it says");
    let mut bad = o;
    bad.last = Some((
        1,
        Combo {
            kind: Kind::Bomb,
            rank: 0,
            len: 1,
            cards: Counts(4),
        },
    ));
    if !counts_of(bad.played[1]).contains(Counts(4)) {
        assert!(bad.check().is_err(), "a bomb of threes East never played");
    }
}

#[test]
fn worlds_deal_a_duplicated_rank_with_the_hypergeometric_frequencies() {
    // The six cards South cannot see hold two nines; East (the landlord)
    // gets four of them, North two. East holds both nines in C(4,2)/C(6,2)
    // = 6/15 of the deals, one in 8/15 and none in 1/15; each pair of
    // cards is in East's hand together 6/15 of the time.
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    let s = position(&game, ["3 4 5", "BJ 9 9 10", "J Q"], 1, 0, None);
    let o = game.observation(&s, 0);
    let unseen: Vec<_> = o.unseen().iter().collect();
    assert_eq!(unseen.len(), 6);
    let nine = tabula_doudizhu::cards::rank_cards(6);
    let n = 30_000u32;
    let mut nines = [0u32; 3];
    let mut pair01 = 0u32;
    let mut sampler = o.sampler().unwrap();
    let mut rng = Rng::new(8);
    for _ in 0..n {
        let w = sampler.draw(&mut rng);
        let east = w.hands()[1];
        nines[CardSet(east.0 & nine.0).len()] += 1;
        pair01 += u32::from(east.contains(unseen[0]) && east.contains(unseen[1]));
    }
    let check = |count: u32, p: f64, what: &str| {
        let sd = (f64::from(n) * p * (1.0 - p)).sqrt();
        let expected = f64::from(n) * p;
        assert!(
            (f64::from(count) - expected).abs() < 5.0 * sd,
            "{what}: {count} of {n}, expected {expected:.0}"
        );
    };
    check(nines[2], 6.0 / 15.0, "both nines");
    check(nines[1], 8.0 / 15.0, "one nine");
    check(nines[0], 1.0 / 15.0, "no nine");
    check(pair01, 6.0 / 15.0, "two given cards together");
}

#[test]
fn inferring_worlds_give_a_bidder_the_hand_its_bid_says() {
    // Deal at random until a seat other than South bids 3 with South
    // passing first; South's worlds of the bidding: how often the
    // bidder's hand is strong enough for a 3, uniform and inferring.
    let game = DouDizhu::new(DdzOptions::default()).unwrap();
    let mut rng = Rng::new(2);
    let mut s = game.initial_state();
    loop {
        match game.to_move(&s) {
            Turn::Chance => {
                let a = game.sample_chance(&s, &mut rng);
                game.apply(&mut s, a);
            }
            Turn::Seat(0) if s.phase() == Phase::Bid => game.apply(&mut s, Action::Bid(0)),
            Turn::Seat(_) if s.phase() == Phase::Bid => {
                game.apply(&mut s, Action::Bid(3));
                break;
            }
            _ => s = game.initial_state(),
        }
    }
    let bidder = s.landlord().unwrap();
    let o = game.observation(&s, 0);
    let strong_share = |temperature: u32| {
        let mut w = o.sampler_inferring(temperature).unwrap();
        let mut rng = Rng::new(5);
        let n = 2000;
        let strong = (0..n)
            .filter(|_| {
                let world = w.draw(&mut rng);
                let dealt = CardSet(world.hands()[bidder].0 & !world.kitty().0);
                tabula_doudizhu::ai::bid_misfit(counts_of(dealt), 3, 0) == 0.0
            })
            .count();
        strong as f64 / f64::from(n)
    };
    let (uniform, inferring) = (strong_share(0), strong_share(1));
    assert!(
        inferring > uniform + 0.2 && uniform < 0.5,
        "a bid of 3 fits {uniform:.2} of uniform worlds, {inferring:.2} of inferring ones"
    );
}
