//! The hidden-information searches on MiniWhist: no peeking, root
//! isolation for root-UCB, reproducibility, trees keyed by what the seat
//! sees (docs/design.md, *Common random numbers*, *Information sets*), and
//! strength against a random player.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use common::*;
use tabula_search::*;
use tabula_testgames::miniwhist::{Action, MiniWhist, Observation, State};

/// Deals with `seed`, then both seats discard at random: seat 0 is to lead
/// the first trick. Returns the history (8 deals, 2 discards).
fn dealt_and_discarded(seed: u64) -> Vec<Action> {
    random_history(&mut Rng::new(seed), 10)
}

fn ismcts(mode: IsmctsMode) -> Ismcts<Action> {
    Ismcts::new(IsmctsConfig {
        mode,
        ..IsmctsConfig::default()
    })
}

/// The three searches from one observation, with one seed and budget.
fn searches(obs: &Observation, seat: Seat, budget: u64, seed: u64) -> [SearchResult<Action>; 3] {
    let game = MiniWhist;
    let budget = Budget::iterations(budget);
    let mut rollout = RandomRollout::new();
    [
        strip(ismcts(IsmctsMode::SingleObserver).search(&game, obs, seat, &mut rollout, &budget, seed)),
        strip(ismcts(IsmctsMode::MultipleObserver).search(&game, obs, seat, &mut rollout, &budget, seed)),
        strip(root_ucb(
            &game,
            obs,
            seat,
            &mut rollout,
            &RootUcbConfig::default(),
            &budget,
            seed,
        )),
    ]
}

/// The action strictly best for the seat to move in `state` with full
/// knowledge (plain minimax over the rest of the deal), if one is.
fn cheating_choice(state: &State) -> Option<Action> {
    let r = Minimax::new().search(&MiniWhist, state, None, &Utility, &Budget::unlimited(), false);
    let root = &r.result.stats.root;
    let best = root.iter().map(|s| s.value).fold(f64::NEG_INFINITY, f64::max);
    let mut top = root.iter().filter(|s| s.value == best);
    match (top.next(), top.next()) {
        (Some(s), None) => Some(s.action),
        _ => None,
    }
}

#[test]
fn searches_cannot_peek_where_a_cheater_would_play_differently() {
    let game = MiniWhist;
    // Scan seeded deals for an observation of seat 0 (to lead the first
    // trick) whose consistent positions make a full-knowledge minimax lead
    // different cards.
    let (seed, history, by_choice) = (0..)
        .find_map(|seed| {
            let history = dealt_and_discarded(seed);
            let mut by_choice: BTreeMap<Action, State> = BTreeMap::new();
            for w in consistent_worlds(&history, 0) {
                if let Some(a) = cheating_choice(&w.state) {
                    by_choice.entry(a).or_insert(w.state);
                }
            }
            (by_choice.len() >= 2).then_some((seed, history, by_choice))
        })
        .unwrap();
    let truth = replay(&history);
    assert_eq!(game.to_move(&truth), Turn::Seat(0));
    let mut hidden: Vec<State> = by_choice.values().cloned().collect();
    hidden.push(truth);
    // Each representative really is a different hidden position with a
    // different cheating lead.
    let choices: BTreeSet<Action> = hidden[..by_choice.len()]
        .iter()
        .map(|s| cheating_choice(s).unwrap())
        .collect();
    assert_eq!(choices.len(), by_choice.len(), "seed {seed}");

    let texts: Vec<String> = hidden.iter().map(|s| observation_json(s, 0)).collect();
    assert!(
        texts.windows(2).all(|w| w[0] == w[1]),
        "the observation leaks: {texts:?}"
    );
    let results: Vec<[SearchResult<Action>; 3]> = hidden
        .iter()
        .map(|s| searches(&game.observation(s, 0), 0, 400, 9))
        .collect();
    let mut legal = Vec::new();
    game.legal_actions(&hidden[0], &mut legal);
    for r in &results {
        for (k, name) in ["SO-ISMCTS", "MO-ISMCTS", "root-UCB"].into_iter().enumerate() {
            assert_eq!(r[k].action, results[0][k].action, "{name} peeks at the hidden cards");
            assert_eq!(r[k], results[0][k], "{name}'s figures depend on the hidden cards");
            assert!(legal.contains(&r[k].action.unwrap()));
        }
    }
}

/// A rollout that records every state it starts from.
struct Recording {
    inner: RandomRollout<Action>,
    starts: Vec<State>,
}

impl Recording {
    fn new() -> Self {
        Recording {
            inner: RandomRollout::new(),
            starts: Vec::new(),
        }
    }
}

impl Rollout<MiniWhist> for Recording {
    fn rollout(&mut self, game: &MiniWhist, state: &mut State, rng: &mut Rng) -> Payoffs {
        self.starts.push(state.clone());
        self.inner.rollout(game, state, rng)
    }
}

#[test]
fn root_figures_are_isolated_and_compared_on_common_worlds() {
    let game = MiniWhist;
    // Seat 0 to discard: four root actions.
    let state = replay(&dealt_and_discarded(3)[..8]);
    let obs = game.observation(&state, 0);
    let mut roots = Vec::new();
    game.legal_actions(&state, &mut roots);
    assert_eq!(roots.len(), 4);
    let (k, seed) = (40u64, 77);

    // Each root alone, with its own rollout policy: the reference samples,
    // and the hidden hand each sample's world gave seat 1.
    let mut alone = Vec::new();
    let mut worlds = Vec::new();
    for &a in &roots {
        let mut rec = Recording::new();
        alone.push(
            (0..k)
                .map(|j| sample_root(&game, &obs, 0, a, j, &mut rec, seed))
                .collect::<Vec<f64>>(),
        );
        worlds.push(rec.starts.iter().map(|s| s.hand(1)).collect::<Vec<_>>());
    }
    // Common random numbers: sample j of every root plays in world j.
    assert!(worlds.windows(2).all(|w| w[0] == w[1]));
    assert!(
        worlds[0].iter().map(|h| h.0).collect::<BTreeSet<_>>().len() > 10,
        "worlds vary with j"
    );
    assert!(alone.windows(2).any(|w| w[0] != w[1]), "roots differ");

    // The same figures whatever else is sampled around them, in whatever
    // order, with one shared rollout policy.
    let orders: [Vec<usize>; 5] = [vec![0, 1, 2, 3], vec![3, 2, 1, 0], vec![1], vec![3, 1], vec![0, 2, 1]];
    for order in &orders {
        let mut rollout = RandomRollout::new();
        let mut got = vec![Vec::new(); roots.len()];
        for j in 0..k {
            for &i in order {
                got[i].push(sample_root(&game, &obs, 0, roots[i], j, &mut rollout, seed));
            }
        }
        for &i in order {
            assert_eq!(got[i], alone[i], "root {:?} with roots {order:?}", roots[i]);
        }
    }

    // Root-UCB over different root lists: every root's visits and mean are
    // the standalone figures of its first `visits` samples.
    let budget = Budget::iterations(60);
    let config = RootUcbConfig::default();
    for order in &orders {
        let list: Vec<Action> = order.iter().map(|&i| roots[i]).collect();
        let r = root_ucb_over(&game, &obs, 0, &list, &mut RandomRollout::new(), &config, &budget, seed);
        assert_eq!(r.stats.root.iter().map(|s| s.visits).sum::<u64>(), 60);
        assert_eq!(r.stats.root.len(), list.len());
        for stat in &r.stats.root {
            let i = roots.iter().position(|&a| a == stat.action).unwrap();
            let n = stat.visits as usize;
            let mut rollout = RandomRollout::new();
            let sum: f64 = (0..n as u64)
                .map(|j| sample_root(&game, &obs, 0, roots[i], j, &mut rollout, seed))
                .sum();
            let mean = if n > 0 { sum / n as f64 } else { 0.0 };
            assert_eq!(stat.value, mean, "root {:?} in {list:?}", stat.action);
            if n <= k as usize {
                assert_eq!(sum, alone[i][..n].iter().sum::<f64>());
            }
        }
        if list.len() == 1 {
            assert_eq!(r.stats.root[0].visits, 60);
        }
    }
}

#[test]
fn same_observation_seed_and_budget_give_the_same_result() {
    let game = MiniWhist;
    let history = dealt_and_discarded(5);
    for state in [replay(&history[..8]), replay(&history), replay(&history[..9])] {
        let Turn::Seat(seat) = game.to_move(&state) else {
            unreachable!()
        };
        let obs = game.observation(&state, seat);
        let first = searches(&obs, seat, 300, 21);
        assert_eq!(first, searches(&obs, seat, 300, 21));
        // Reused searchers, after searching something else, agree too.
        let other = game.observation(&replay(&dealt_and_discarded(6)), 0);
        for (k, mode) in [IsmctsMode::SingleObserver, IsmctsMode::MultipleObserver]
            .into_iter()
            .enumerate()
        {
            let mut searcher = ismcts(mode);
            let mut rollout = RandomRollout::new();
            searcher.search(&game, &other, 0, &mut rollout, &Budget::iterations(200), 4);
            let again = searcher.search(&game, &obs, seat, &mut rollout, &Budget::iterations(300), 21);
            assert_eq!(strip(again), first[k]);
        }
        // As players, asked twice.
        let mut player = IsmctsPlayer::new(IsmctsConfig::default(), Budget::iterations(300), 21);
        assert_eq!(strip(player.choose(&game, &obs, seat)), first[0]);
        assert_eq!(strip(player.choose(&game, &obs, seat)), first[0]);
        let mut player = RootUcbPlayer::new(RootUcbConfig::default(), Budget::iterations(300), 21);
        assert_eq!(strip(player.choose(&game, &obs, seat)), first[2]);
        // The seed matters.
        let other_seed = searches(&obs, seat, 300, 22);
        for k in 0..3 {
            assert_ne!(other_seed[k].stats.root, first[k].stats.root);
        }
    }
}

#[test]
fn hidden_discards_never_split_the_observers_trees() {
    let game = MiniWhist;
    let history = dealt_and_discarded(8);
    let obs = game.observation(&replay(&history[..8]), 0);
    // Wide exploration so that every root discard is developed.
    let budget = Budget::iterations(800);
    for mode in [IsmctsMode::SingleObserver, IsmctsMode::MultipleObserver] {
        let mut searcher = Ismcts::new(IsmctsConfig {
            exploration: 5.0,
            mode,
            ..IsmctsConfig::default()
        });
        let mut rec = Recording::new();
        searcher.search(&game, &obs, 0, &mut rec, &budget, 3);
        // An expansion adds one key to the acting seat's tree and plays out
        // from there, so rollouts that start at the same depth and path of
        // keys would mean a key expanded twice.
        let mut after_own = BTreeSet::new();
        let mut after_both = BTreeSet::new();
        let mut after_lead = BTreeSet::new();
        for s in &rec.starts {
            let (mine, theirs) = (s.discard(0).unwrap(), s.discard(1));
            match (theirs, s.plays()) {
                (None, _) => assert!(
                    after_own.insert(mine),
                    "{mode:?}: seat 0's discard {mine} expanded twice"
                ),
                (Some(theirs), []) => {
                    // Single observer: seat 1's discard is chosen in seat 0's
                    // tree, where it is one hidden key under each of seat 0's
                    // discards. Multiple observer: chosen in seat 1's tree,
                    // where seat 0's discard is one hidden key and seat 1's
                    // own discard is exact.
                    let key = match mode {
                        IsmctsMode::SingleObserver => mine,
                        IsmctsMode::MultipleObserver => theirs,
                    };
                    assert!(
                        after_both.insert(key),
                        "{mode:?}: {key} expanded twice after seat 1's discard"
                    );
                }
                (Some(_), [lead]) => {
                    // Seat 0's lead, in seat 0's tree: keyed by its own
                    // discard and the lead only, never by seat 1's discard.
                    assert!(
                        after_lead.insert((mine, *lead)),
                        "{mode:?}: seat 1's hidden discard split seat 0's tree"
                    );
                }
                _ => {}
            }
        }
        assert_eq!(after_own.len(), 4);
        let expected = match mode {
            IsmctsMode::SingleObserver => 4,
            // Seat 1 may hold any of the 8 cards seat 0 cannot see.
            IsmctsMode::MultipleObserver => 8,
        };
        assert_eq!(after_both.len(), expected, "{mode:?}");
        assert_eq!(after_lead.len(), 4 * 3, "{mode:?}: each discard leaves 3 leads");
    }

    // Positions that differ only in seat 1's hidden discard give seat 0 the
    // same observation, hence the same search.
    let truth = replay(&history);
    let theirs = truth.discard(1).unwrap();
    let stock = truth.stock().iter().next().unwrap();
    let other = replay(&swap_cards(&history, theirs, stock));
    assert_eq!(other.discard(1), Some(stock));
    assert_ne!(other, truth);
    assert_eq!(observation_json(&other, 0), observation_json(&truth, 0));
    let budget = Budget::iterations(300);
    let [a, b] = [&truth, &other].map(|s| {
        strip(ismcts(IsmctsMode::MultipleObserver).search(
            &game,
            &game.observation(s, 0),
            0,
            &mut RandomRollout::new(),
            &budget,
            12,
        ))
    });
    assert_eq!(a, b);
}

/// Plays one deal, seat `searcher` with ISMCTS and the other seat at
/// random; returns the searcher's payoff.
fn play_against_random(deal: u64, searcher: Seat, mode: IsmctsMode, iterations: u64) -> f64 {
    let game = MiniWhist;
    let mut ai = IsmctsPlayer::new(
        IsmctsConfig {
            mode,
            ..IsmctsConfig::default()
        },
        Budget::iterations(iterations),
        deal,
    );
    let mut random = RandomPlayer::new(derive(deal, searcher));
    let mut dealer = Rng::new(deal);
    let mut state = game.initial_state();
    loop {
        let action = match game.to_move(&state) {
            Turn::Terminal => return game.payoffs(&state).get(searcher),
            Turn::Chance => game.sample_chance(&state, &mut dealer),
            Turn::Seat(seat) => {
                let obs = game.observation(&state, seat);
                let r = if seat == searcher {
                    ai.choose(&game, &obs, seat)
                } else {
                    random.choose(&game, &obs, seat)
                };
                r.action.expect("a legal action")
            }
        };
        play(&game, &mut state, action).expect("players choose legal actions");
    }
}

fn derive(deal: u64, seat: Seat) -> u64 {
    tabula_search::rng::derive_seed(deal, seat as u64)
}

#[test]
fn ismcts_beats_a_random_player_on_swapped_seats() {
    let deals = 200;
    for mode in [IsmctsMode::SingleObserver, IsmctsMode::MultipleObserver] {
        let mut wins = 0;
        let mut margin = 0.0;
        for deal in 0..deals {
            for seat in 0..2 {
                let u = play_against_random(deal, seat, mode, 200);
                wins += usize::from(u > 0.0);
                margin += u;
            }
        }
        let games = 2 * deals as usize;
        let rate = wins as f64 / games as f64;
        eprintln!(
            "{mode:?} ISMCTS (200 iterations) vs random: {wins}/{games} won ({rate:.3}), mean payoff {:.3}",
            margin / games as f64
        );
        assert!(rate > 0.6, "{mode:?}: {wins}/{games}");
    }
}
