//! Bench searches any game can declare in a line: the library's sampling
//! searches on the first decision of a seeded game under the default
//! options, chance steps drawn from the same seed. A game adds its own
//! computer's searches beside them where it has one worth timing.

use tabula_search::{
    Budget, Game, Ismcts, IsmctsConfig, RandomRollout, Rng, RootUcbConfig, Seat, Turn, root_ucb as root_ucb_search,
};

use crate::capability::bench::BenchSearch;
use crate::module::{GameModule, ObservationOf};
use crate::titles::thousands;

/// `M` under its default options, and the first decision of the game
/// started from `seed`: the acting seat and its observation.
///
/// # Panics
/// If the default options are refused or the game ends before any seat
/// acts (a game's own bench declaration, checked by its tests).
pub fn first_decision<M: GameModule>(seed: u64) -> (M, ObservationOf<M>, Seat) {
    let module = M::new(M::Options::default()).expect("the default options are valid");
    let game = module.game();
    let mut state = module.start(seed);
    let mut rng = Rng::new(seed);
    loop {
        match game.to_move(&state) {
            Turn::Chance => {
                let outcome = game.sample_chance(&state, &mut rng);
                game.apply(&mut state, outcome);
            }
            Turn::Seat(seat) => {
                let observation = game.observation(&state, seat);
                return (module, observation, seat);
            }
            Turn::Terminal => panic!("{} ends before any seat acts", M::INFO.name),
        }
    }
}

/// Single-observer ISMCTS with random rollouts, `iterations` of them, on
/// [`first_decision`]`(seed)`.
pub fn ismcts<M: GameModule>(name: impl Into<String>, count: u64, seed: u64, iterations: u64) -> BenchSearch {
    let (module, observation, seat) = first_decision::<M>(seed);
    BenchSearch::new(name, count, move || {
        Ismcts::new(IsmctsConfig::default()).search(
            module.game(),
            &observation,
            seat,
            &mut RandomRollout::new(),
            &Budget::iterations(iterations),
            seed,
        )
    })
}

/// Root-UCB over sampled worlds with random rollouts, `samples` of them,
/// on [`first_decision`]`(seed)`.
pub fn root_ucb<M: GameModule>(name: impl Into<String>, count: u64, seed: u64, samples: u64) -> BenchSearch {
    let (module, observation, seat) = first_decision::<M>(seed);
    BenchSearch::new(name, count, move || {
        root_ucb_search(
            module.game(),
            &observation,
            seat,
            &mut RandomRollout::new(),
            &RootUcbConfig::default(),
            &Budget::iterations(samples),
            seed,
        )
    })
}

/// The two sampling searches a card game declares, each with a budget of
/// `budget` on the first decision of deal 1 (seed 1): SO-ISMCTS
/// ([`ismcts`], making `ismcts_count` nodes) and root-UCB ([`root_ucb`],
/// counting its samples).
pub fn sampling<M: GameModule>(ismcts_count: u64, budget: u64) -> Vec<BenchSearch> {
    let (name, n) = (M::INFO.name, thousands(budget));
    vec![
        ismcts::<M>(
            format!("{name} SO-ISMCTS {n} iterations, first decision of deal 1"),
            ismcts_count,
            1,
            budget,
        ),
        root_ucb::<M>(
            format!("{name} root-UCB {n} samples, first decision of deal 1"),
            budget,
            1,
            budget,
        ),
    ]
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_are_separated_by_commas() {
        let shown: Vec<String> = [0, 500, 2_000, 20_000, 1_234_567].map(super::thousands).into();
        assert_eq!(shown, ["0", "500", "2,000", "20,000", "1,234,567"]);
    }
}
