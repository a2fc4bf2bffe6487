//! Skyjo's searches allocate per search, not per iteration: the world
//! sampler is built once per search, and the tree, the rollouts and the
//! worlds reuse their memory.

use tabula_conformance::alloc::{allocations_during, assert_per_search};
use tabula_search::{Budget, Game, Ismcts, IsmctsConfig, RandomRollout, Rng, Turn};
use tabula_skyjo::*;

/// A turn decision of a seeded four-player game, after setup.
fn decision() -> Observation {
    let game = Skyjo::with_players(4).unwrap();
    let mut s = game.new_game(12);
    let mut rng = Rng::new(3);
    let mut legal = Vec::new();
    loop {
        match game.to_move(&s) {
            Turn::Chance => {
                let a = game.sample_chance(&s, &mut rng);
                game.apply(&mut s, a);
            }
            Turn::Seat(p) => {
                if s.phase() == Phase::Turn && s.turns() > 20 {
                    return game.observation(&s, p);
                }
                game.legal_actions(&s, &mut legal);
                game.apply(&mut s, legal[rng.below(legal.len() as u64) as usize]);
            }
            Turn::Terminal => panic!("the game goes on"),
        }
    }
}

// One test function: the counter is global.
#[test]
fn iterations_allocate_nothing() {
    let game = Skyjo::with_players(4).unwrap();
    let obs = decision();
    let seat = usize::from(obs.seat);

    // Plain ISMCTS with random rollouts, warmed up at the larger budget.
    let mut search = Ismcts::new(IsmctsConfig::default());
    let mut rollout = RandomRollout::new();
    let few = assert_per_search("ISMCTS", 2, |n| {
        let r = search.search(&game, &obs, seat, &mut rollout, &Budget::iterations(n), 5);
        assert_eq!(r.stats.iterations, n);
    });
    assert!(few < 60, "ISMCTS: {few} allocations for one search");

    // The level-4 search (primed ISMCTS over the round, heuristic rollouts).
    let ai = |n: u64| SkyjoAi::new(LevelSpec::Level(4), 9).with_iterations(n);
    let mut warm = ai(2_000);
    warm.decide(&game, &obs);
    let (_, few) = allocations_during(|| {
        let mut a = ai(100);
        a.decide(&game, &obs)
    });
    let (_, many) = allocations_during(|| {
        let mut a = ai(1_000);
        a.decide(&game, &obs)
    });
    // A fresh AI grows its tree once: the count grows with the log of the
    // iterations (the arena doubling), never with the iterations.
    assert!(
        many <= few + 8,
        "level 4: {few} allocations for 100 iterations, {many} for 1,000"
    );
}
