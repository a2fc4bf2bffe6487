//! Seat-rotated matches between two levels on the same deals.
//!
//! **Seating.** At a table of `P` players, the base layout gives seat `i`
//! to A when `i` is even and to B when it is odd (A, B, A, B, …: A holds
//! ⌈P/2⌉ seats, B ⌊P/2⌋). Each deal is played `P` times, rotation
//! `r = 0..P` giving seat `i` the role of base seat `(i + r) mod P`, so
//! every seat's cards are played by both sides. `games` is rounded up to a
//! multiple of `P` (whole deals); the report gives the games played.
//!
//! **Outcome.** The lowest total wins; A wins a game when every seat with
//! the lowest total is A's, B wins when every one is B's, and anything else
//! (a tie across sides) is a draw. A's score per game is 1, ½ or 0;
//! `ci95` is the normal 95 % interval of A's mean score (draws counting
//! half), clamped to [0, 1]. Mean round scores average every round score of
//! the side's seats.
//!
//! **Stalls.** Nothing in the rules forces a player to reveal its last
//! card, and two AIs that both judge closing too risky can swap face-up
//! cards for ever. [`play_game`] therefore abandons a game whose current
//! round exceeds [`MAX_ROUND_PLIES`] plies; the arena counts it as a draw
//! and reports it in `stalled`.
//!
//! Games run in parallel (rayon); the result depends only on the seed.

use rayon::prelude::*;
use serde::Serialize;
use tabula_search::{Game, Rng, Turn, rng::derive_seed};

use crate::ai::{LevelSpec, SkyjoAi, TableKind, observe};
use crate::rules::{Action, RulesError, Skyjo, State};

/// Plies after which a round is abandoned as stalled (a normal 8-player
/// round takes a few hundred).
pub const MAX_ROUND_PLIES: usize = 3_000;

/// The figures of a match (A's point of view for the interval).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaReport {
    /// Games played (whole deals × rotations).
    pub games: usize,
    /// Games A won.
    pub a_wins: usize,
    /// Games B won.
    pub b_wins: usize,
    /// Games tied across the sides.
    pub draws: usize,
    /// A's mean round score.
    pub a_mean_round: f64,
    /// B's mean round score.
    pub b_mean_round: f64,
    /// 95 % confidence interval of A's win rate (draws counting half).
    pub ci95: [f64; 2],
    /// Games abandoned as stalled (counted in `draws`).
    pub stalled: usize,
}

/// The seed of deal `d` of a match.
pub fn deal_seed(seed: u64, d: usize) -> u64 {
    derive_seed(seed, d as u64)
}

/// Whether seat `seat` plays A in rotation `r` of a `players`-seat table.
pub fn seat_is_a(seat: usize, r: usize, players: usize) -> bool {
    (seat + r) % players % 2 == 0
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameOutcome {
    /// Final totals per seat.
    pub totals: Vec<i32>,
    /// Every round's scores, round by round.
    pub rounds: Vec<Vec<i32>>,
    /// Every action, chance outcomes included (a replayable record).
    pub actions: Vec<Action>,
    /// The final state.
    pub state: State,
    /// Whether the game was abandoned (a round exceeded
    /// [`MAX_ROUND_PLIES`]); `totals` are then those before that round.
    pub stalled: bool,
}

/// Plays one game from `seed` with one AI per seat at a table of `kind`.
pub fn play_game(game: &Skyjo, ais: &mut [SkyjoAi], kind: TableKind, seed: u64) -> GameOutcome {
    let mut state = game.new_game(seed);
    let mut rounds = Vec::new();
    let mut actions = Vec::new();
    let mut played = 0;
    let mut rng = Rng::new(seed);
    let mut round_plies = 0;
    let mut stalled = false;
    loop {
        if state.rounds_played() > played {
            played = state.rounds_played();
            rounds.push(state.last_round().to_vec());
            round_plies = 0;
        }
        round_plies += 1;
        if round_plies > MAX_ROUND_PLIES {
            stalled = true;
            break;
        }
        let action = match game.to_move(&state) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&state, &mut rng),
            Turn::Seat(s) => {
                let ai = &mut ais[s];
                let obs = observe(game, &state, s, kind, ai.level());
                ai.decide(game, &obs).action.expect("a seat to act has a legal action")
            }
        };
        actions.push(action);
        game.apply(&mut state, action);
    }
    GameOutcome {
        totals: state.totals().to_vec(),
        rounds,
        actions,
        state,
        stalled,
    }
}

/// Plays A against B on the same deals with seats rotated (see the module
/// documentation), at an online table (nobody sees the draw pile).
///
/// # Errors
/// If `players` is not 2–8.
pub fn arena(a: &LevelSpec, b: &LevelSpec, games: usize, seed: u64, players: usize) -> Result<ArenaReport, RulesError> {
    let game = Skyjo::with_players(players)?;
    let deals = games.div_ceil(players);
    let jobs: Vec<(usize, usize)> = (0..deals).flat_map(|d| (0..players).map(move |r| (d, r))).collect();
    let results: Vec<(f64, Vec<i32>, Vec<i32>, bool)> = jobs
        .par_iter()
        .map(|&(d, r)| {
            let mut ais: Vec<SkyjoAi> = (0..players)
                .map(|s| {
                    let spec = if seat_is_a(s, r, players) { *a } else { *b };
                    SkyjoAi::new(
                        spec,
                        derive_seed(seed ^ 0x5EA7_5EA7, (d * players + r) as u64 * 8 + s as u64),
                    )
                })
                .collect();
            let out = play_game(&game, &mut ais, TableKind::Online, deal_seed(seed, d));
            let best = *out.totals.iter().min().expect("2+ seats");
            let winners: Vec<usize> = (0..players).filter(|&s| out.totals[s] == best).collect();
            let a_all = winners.iter().all(|&s| seat_is_a(s, r, players));
            let b_all = winners.iter().all(|&s| !seat_is_a(s, r, players));
            let score = if out.stalled {
                0.5
            } else if a_all {
                1.0
            } else if b_all {
                0.0
            } else {
                0.5
            };
            let mut a_rounds = Vec::new();
            let mut b_rounds = Vec::new();
            for round in &out.rounds {
                for (s, &x) in round.iter().enumerate() {
                    if seat_is_a(s, r, players) {
                        a_rounds.push(x);
                    } else {
                        b_rounds.push(x);
                    }
                }
            }
            (score, a_rounds, b_rounds, out.stalled)
        })
        .collect();
    let scores: Vec<f64> = results.iter().map(|r| r.0).collect();
    let mean = |v: &[i32]| {
        if v.is_empty() {
            0.0
        } else {
            v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64
        }
    };
    let a_rounds: Vec<i32> = results.iter().flat_map(|r| r.1.iter().copied()).collect();
    let b_rounds: Vec<i32> = results.iter().flat_map(|r| r.2.iter().copied()).collect();
    Ok(ArenaReport {
        games: scores.len(),
        a_wins: scores.iter().filter(|&&s| s == 1.0).count(),
        b_wins: scores.iter().filter(|&&s| s == 0.0).count(),
        draws: scores.iter().filter(|&&s| s == 0.5).count(),
        a_mean_round: mean(&a_rounds),
        b_mean_round: mean(&b_rounds),
        ci95: confidence_interval(&scores),
        stalled: results.iter().filter(|r| r.3).count(),
    })
}

/// The normal 95 % interval of the mean of per-game scores in [0, 1].
pub fn confidence_interval(samples: &[f64]) -> [f64; 2] {
    let m = samples.len();
    if m < 2 {
        return [0.0, 1.0];
    }
    let mean = samples.iter().sum::<f64>() / m as f64;
    let var = samples.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (m - 1) as f64;
    let half = 1.96 * (var / m as f64).sqrt();
    [(mean - half).max(0.0), (mean + half).min(1.0)]
}
