//! Seat-swapped tournaments between two players, on both cores.
//!
//! Games come in pairs on the same seed: the same deal or grid, and the same
//! seed for each player, with the seats swapped. Each player's score per
//! game is 1 for a win, ½ for a draw, 0 for a loss; the 95 % confidence
//! interval of A's score rate is computed over the pairs (the two games of a
//! pair share their deal, so they are not independent).

use rayon::prelude::*;
use serde::Serialize;
use tabula_search::rng::derive_seed;
use tabula_search::{Rng, Seat, Turn};

use crate::catalog::{PlatformError, PlatformGame, make_agent};
use crate::spec::PlayerSpec;

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaSettings {
    /// Games in all (even: pairs of seat-swapped games).
    pub games: usize,
    /// The seed of every deal and player.
    pub seed: u64,
    /// A game longer than this is an error (the rules must end games).
    pub max_plies: usize,
}

impl ArenaSettings {
    /// `games` games from `seed`.
    pub fn new(games: usize, seed: u64) -> Self {
        ArenaSettings {
            games,
            seed,
            max_plies: 100_000,
        }
    }
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// Its number (pairs are 0-1, 2-3, …).
    pub index: usize,
    /// A's seat.
    pub a_seat: Seat,
    /// The payoff vector.
    pub payoffs: Vec<f64>,
    /// Plies played (chance events included).
    pub plies: usize,
    /// A's score: 1, ½ or 0.
    pub a_score: f64,
    /// The game's own scores per seat, for games that keep one.
    pub scores: Option<Vec<f64>>,
}

/// The tournament's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaReport {
    /// Games played.
    pub games: usize,
    /// Games A won.
    pub a_wins: usize,
    /// Drawn games.
    pub draws: usize,
    /// Games B won.
    pub b_wins: usize,
    /// A's score rate, draws counting half.
    pub a_score_rate: f64,
    /// 95 % confidence interval of A's score rate.
    pub ci95: [f64; 2],
    /// Mean plies per game.
    pub mean_plies: f64,
    /// A's mean payoff.
    pub mean_payoff_a: f64,
    /// B's mean payoff.
    pub mean_payoff_b: f64,
}

/// The seed of the `pair`-th deal.
pub fn deal_seed(seed: u64, pair: usize) -> u64 {
    derive_seed(seed, pair as u64)
}

const SEED_A: u64 = 0xA;
const SEED_B: u64 = 0xB;
const SEED_CHANCE: u64 = 0xC4A7CE;

/// Plays the tournament; `progress` hears of every finished game. Returns
/// the games in index order.
pub fn run<G: PlatformGame>(
    game: &G,
    a: &PlayerSpec,
    b: &PlayerSpec,
    settings: &ArenaSettings,
    progress: &(dyn Fn(&GameResult) + Sync),
) -> Result<Vec<GameResult>, PlatformError> {
    if game.num_seats() != 2 {
        return Err(PlatformError::Settings(format!(
            "the arena pits two players against each other; {} has {} seats",
            G::NAME,
            game.num_seats()
        )));
    }
    if settings.games == 0 || settings.games % 2 != 0 {
        return Err(PlatformError::Settings(format!(
            "--games must be a positive even number (games are played in seat-swapped pairs), got {}",
            settings.games
        )));
    }
    tracing::info!(game = G::NAME, %a, %b, games = settings.games, seed = settings.seed, "arena starts");
    (0..settings.games)
        .into_par_iter()
        .map(|index| {
            let result = play_one(game, a, b, index, settings)?;
            tracing::debug!(index, a_seat = result.a_seat, payoffs = ?result.payoffs, plies = result.plies, "game over");
            progress(&result);
            Ok(result)
        })
        .collect()
}

/// Plays game `index` of a tournament.
pub fn play_one<G: PlatformGame>(
    game: &G,
    a: &PlayerSpec,
    b: &PlayerSpec,
    index: usize,
    settings: &ArenaSettings,
) -> Result<GameResult, PlatformError> {
    let deal = deal_seed(settings.seed, index / 2);
    let a_seat = index % 2;
    let mut agent_a = make_agent(game, a, derive_seed(deal, SEED_A))?;
    let mut agent_b = make_agent(game, b, derive_seed(deal, SEED_B))?;
    let mut state = game.start(deal);
    let mut chance = Rng::derived(deal, SEED_CHANCE);
    let mut legal = Vec::new();
    let mut plies = 0;
    loop {
        let seat = match game.to_move(&state) {
            Turn::Terminal => break,
            Turn::Chance => {
                let outcome = game.sample_chance(&state, &mut chance);
                game.apply(&mut state, outcome);
                plies += 1;
                continue;
            }
            Turn::Seat(s) => s,
        };
        let view = game.observation(&state, seat);
        game.legal_actions(&state, &mut legal);
        let agent = if seat == a_seat { &mut agent_a } else { &mut agent_b };
        let result = agent.act(game, &view, seat, &legal)?;
        let action = result
            .action
            .filter(|a| legal.binary_search(a).is_ok())
            .ok_or_else(|| {
                PlatformError::Settings(format!(
                    "{} chose an illegal action {:?}",
                    agent.describe(),
                    result.action
                ))
            })?;
        game.apply(&mut state, action);
        plies += 1;
        if plies > settings.max_plies {
            return Err(PlatformError::Settings(format!(
                "game {index} went past {} plies",
                settings.max_plies
            )));
        }
    }
    let payoffs = game.payoffs(&state).as_slice().to_vec();
    let (pa, pb) = (payoffs[a_seat], payoffs[1 - a_seat]);
    let a_score = if pa > pb {
        1.0
    } else if pa < pb {
        0.0
    } else {
        0.5
    };
    Ok(GameResult {
        index,
        a_seat,
        payoffs,
        plies,
        a_score,
        scores: game.scores(&state),
    })
}

/// The figures of a list of games (in index order, in pairs).
pub fn summarize(results: &[GameResult]) -> ArenaReport {
    let n = results.len();
    let count = |s: f64| results.iter().filter(|r| r.a_score == s).count();
    let mean = |f: &dyn Fn(&GameResult) -> f64| results.iter().map(f).sum::<f64>() / n.max(1) as f64;
    let rate = mean(&|r| r.a_score);
    let pairs: Vec<f64> = results
        .chunks(2)
        .map(|p| p.iter().map(|r| r.a_score).sum::<f64>() / p.len() as f64)
        .collect();
    ArenaReport {
        games: n,
        a_wins: count(1.0),
        draws: count(0.5),
        b_wins: count(0.0),
        a_score_rate: rate,
        ci95: confidence_interval(&pairs, 0.0, 1.0),
        mean_plies: mean(&|r| r.plies as f64),
        mean_payoff_a: mean(&|r| r.payoffs[r.a_seat]),
        mean_payoff_b: mean(&|r| r.payoffs[1 - r.a_seat]),
    }
}

/// The 95 % confidence interval of the mean of `samples` (normal
/// approximation, sample standard deviation), clamped to `[lo, hi]`. With
/// fewer than two samples nothing is known: `[lo, hi]`.
pub fn confidence_interval(samples: &[f64], lo: f64, hi: f64) -> [f64; 2] {
    let m = samples.len();
    if m < 2 {
        return [lo, hi];
    }
    let mean = samples.iter().sum::<f64>() / m as f64;
    let var = samples.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (m - 1) as f64;
    let half = 1.96 * (var / m as f64).sqrt();
    [(mean - half).max(lo), (mean + half).min(hi)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_of_known_samples() {
        // Mean 0.5, sample variance 1/6 over 4 samples: half-width 1.96·sqrt(1/24).
        let ci = confidence_interval(&[0.0, 0.5, 0.5, 1.0], 0.0, 1.0);
        let half = 1.96 * (1.0f64 / 6.0 / 4.0).sqrt();
        assert!(
            (ci[0] - (0.5 - half)).abs() < 1e-12 && (ci[1] - (0.5 + half)).abs() < 1e-12,
            "{ci:?}"
        );
        assert_eq!(confidence_interval(&[1.0], 0.0, 1.0), [0.0, 1.0]);
        assert_eq!(confidence_interval(&[1.0, 1.0, 1.0], 0.0, 1.0), [1.0, 1.0]);
    }
}
