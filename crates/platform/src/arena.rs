//! Tournaments between entrants (A, B, …) at any table, on both cores.
//!
//! **Seatings.** A team plays as one unit (its seats are kept together);
//! without partners every seat is a unit. The base seatings give unit `u`
//! to entrant `(u + r) mod k`, for `r` from 0 to `k - 1` (for two entrants
//! A, B, A, … and B, A, B, …: when the entrants do not divide the units,
//! each holds the extra ones as often). Every deal is played in several
//! seatings: with up to four units, every distinct permutation of the base
//! seatings (for two seats: A–B, then B–A); beyond four, their cyclic
//! shifts (each base's units visit every seat once, a Latin square). Game
//! `i` plays deal `i / k'` in seating `i mod k'`, `k'` being the number of
//! seatings.
//!
//! **Seeds.** The deal's seed is derived from the tournament's; each
//! entrant's player at a seat gets its own seed derived from the deal's
//! (partners never share one), and chance draws from a stream of the
//! deal's seed. Results depend only on the seed, whatever the threads.
//!
//! **Scores.** The seats with the best payoff win; their entrant wins the
//! game (score 1, others 0) or, when several entrants share the best
//! payoff, each of them scores a share and the game counts as a draw. A
//! game past the game's ply limit is stopped and counted as a draw
//! (`stalled`). Each entrant's score rate and mean points come with a 95 %
//! confidence interval over the deals (the games of a deal share its cards,
//! so they are not independent).

use std::sync::Arc;

use rayon::prelude::*;
use serde_json::{Map, Value, json};
use tabula_contract::{Driver, Played, PlayerSpec, TableKind, confidence_interval, per_deal_means};
use tabula_search::rng::derive_seed;
use tabula_search::{Rng, Turn};

use crate::agents::{self, PlatformError};

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaSettings {
    /// Deals (or grids); each is played in every seating.
    pub deals: usize,
    /// The seed of every deal and player.
    pub seed: u64,
    /// Games are stopped (and counted as draws) past this many plies; the
    /// game's own limit when `None`.
    pub max_plies: Option<usize>,
}

impl ArenaSettings {
    /// `deals` deals from `seed`, games limited by the game's own rule.
    pub fn new(deals: usize, seed: u64) -> Self {
        ArenaSettings {
            deals,
            seed,
            max_plies: None,
        }
    }
}

/// A finished tournament.
#[derive(Clone, Debug)]
pub struct ArenaOutcome {
    /// The report: the figures of every entrant, and the game's own.
    pub report: Value,
    /// Every game, in index order.
    pub games: Vec<Played>,
}

/// The seed of a deal.
pub fn deal_seed(seed: u64, deal: usize) -> u64 {
    derive_seed(seed, deal as u64)
}

const SEED_ENTRANT: u64 = 0xA;

/// The seatings of `entrants` entrants at a table whose seat `s` plays for
/// unit `units[s]` (its team, or itself): each is the entrant of every
/// seat (see the module documentation).
///
/// # Errors
/// More entrants than units, or fewer than two.
pub fn seatings(units: &[usize], entrants: usize) -> Result<Vec<Vec<usize>>, PlatformError> {
    // Units in order of their first seat.
    let mut order: Vec<usize> = Vec::new();
    for &u in units {
        if !order.contains(&u) {
            order.push(u);
        }
    }
    let n = order.len();
    if entrants < 2 || entrants > n {
        return Err(PlatformError::Settings(format!(
            "this table seats 2 to {n} entrants (one per {}), not {entrants}",
            if n < units.len() { "team" } else { "seat" }
        )));
    }
    let mut per_unit: Vec<Vec<usize>> = Vec::new();
    let mut add = |s: Vec<usize>| {
        if !per_unit.contains(&s) {
            per_unit.push(s);
        }
    };
    for r in 0..entrants {
        let base: Vec<usize> = (0..n).map(|u| (u + r) % entrants).collect();
        if n <= 4 {
            let mut perm: Vec<usize> = (0..n).collect();
            loop {
                add(perm.iter().map(|&p| base[p]).collect());
                if !next_permutation(&mut perm) {
                    break;
                }
            }
        } else {
            for shift in 0..n {
                add((0..n).map(|u| base[(u + shift) % n]).collect());
            }
        }
    }
    Ok(per_unit
        .into_iter()
        .map(|s| {
            units
                .iter()
                .map(|u| s[order.iter().position(|x| x == u).expect("every unit is listed")])
                .collect()
        })
        .collect())
}

/// The next permutation in lexicographic order; false after the last.
fn next_permutation(p: &mut [usize]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len())
        .rev()
        .find(|&j| p[j] > p[i - 1])
        .expect("a larger element follows");
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

/// Plays the tournament; `progress` hears of every finished game.
///
/// # Errors
/// Bad settings, a spec the game does not offer, an engine that fails.
pub fn run(
    driver: &Arc<dyn Driver>,
    specs: &[PlayerSpec],
    settings: &ArenaSettings,
    progress: &(dyn Fn(&Played) + Sync),
) -> Result<ArenaOutcome, PlatformError> {
    let seatings = seatings(&driver.teams(), specs.len())?;
    if settings.deals == 0 {
        return Err(PlatformError::Settings("play at least one deal".into()));
    }
    for spec in specs {
        agents::check(&**driver, spec)?;
    }
    let games = settings
        .deals
        .checked_mul(seatings.len())
        .ok_or_else(|| PlatformError::Settings("too many games".into()))?;
    let name = driver.info().name;
    tracing::info!(game = name, entrants = ?specs.iter().map(ToString::to_string).collect::<Vec<_>>(),
        games, seed = settings.seed, "arena starts");
    let played = (0..games)
        .into_par_iter()
        .map(|index| {
            let seating = &seatings[index % seatings.len()];
            let p = play_one(driver, specs, seating, index / seatings.len(), index, settings)?;
            tracing::debug!(index, payoffs = ?p.payoffs, plies = p.plies, "game over");
            progress(&p);
            Ok(p)
        })
        .collect::<Result<Vec<_>, PlatformError>>()?;
    let mut report = summarize(specs, &played, seatings.len());
    if let Value::Object(fields) = &mut report {
        fields.extend(driver.arena_fields(&played));
    }
    Ok(ArenaOutcome { report, games: played })
}

/// Plays game `index`: deal `deal` with entrant `seating[s]` at seat `s`.
fn play_one(
    driver: &Arc<dyn Driver>,
    specs: &[PlayerSpec],
    seating: &[usize],
    deal: usize,
    index: usize,
    settings: &ArenaSettings,
) -> Result<Played, PlatformError> {
    let deal_seed = deal_seed(settings.seed, deal);
    let mut agents = Vec::with_capacity(seating.len());
    for (seat, &e) in seating.iter().enumerate() {
        let own = derive_seed(deal_seed, SEED_ENTRANT + e as u64);
        // An entrant's first seat keeps its seed; partners get their own.
        let nth = seating[..seat].iter().filter(|&&x| x == e).count();
        let seed = if nth == 0 { own } else { derive_seed(own, nth as u64) };
        agents.push(agents::agent(&**driver, &specs[e], seed)?);
    }
    let mut game = driver.start(deal_seed, TableKind::Online);
    let mut chance = Rng::derived(deal_seed, agents::CHANCE_STREAM);
    let limit = settings.max_plies.unwrap_or_else(|| driver.max_plies());
    let mut stalled = false;
    loop {
        match game.to_act() {
            Turn::Terminal => break,
            Turn::Chance => game.chance(&mut chance)?,
            Turn::Seat(s) => {
                game.play(&mut *agents[s])?;
            }
        }
        if game.plies_this_round() > limit {
            stalled = true;
            break;
        }
    }
    Ok(Played {
        index,
        deal,
        entrants: seating.to_vec(),
        payoffs: game.payoffs().unwrap_or_else(|| vec![0.0; seating.len()]),
        scoresheet: game.scoresheet(),
        plies: game.plies(),
        stalled,
    })
}

/// Each entrant's score in a game: 1 for a sole winner, shares of 1 when
/// several entrants hold the best payoff (a draw), 0 otherwise.
pub fn scores(p: &Played, entrants: usize) -> Vec<f64> {
    let mut out = vec![0.0; entrants];
    let mut winners: Vec<usize> = Vec::new();
    if p.stalled {
        winners = (0..entrants).filter(|&e| p.entrants.contains(&e)).collect();
    } else {
        let best = p.payoffs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        for (s, &v) in p.payoffs.iter().enumerate() {
            if v == best && !winners.contains(&p.entrants[s]) {
                winners.push(p.entrants[s]);
            }
        }
    }
    for &w in &winners {
        out[w] = 1.0 / winners.len() as f64;
    }
    out
}

fn mean(v: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = v.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// The report of a tournament (games in index order, as [`run`] returns
/// them).
pub fn summarize(specs: &[PlayerSpec], games: &[Played], seatings: usize) -> Value {
    let k = specs.len();
    let score: Vec<Vec<f64>> = games.iter().map(|p| scores(p, k)).collect();
    let mut fields = Map::new();
    fields.insert("games".into(), json!(games.len()));
    fields.insert("seatings".into(), json!(seatings));
    fields.insert(
        "draws".into(),
        json!(score.iter().filter(|s| s.iter().all(|&x| x < 1.0)).count()),
    );
    fields.insert("stalled".into(), json!(games.iter().filter(|p| p.stalled).count()));
    fields.insert("mean_plies".into(), json!(mean(games.iter().map(|p| p.plies as f64))));
    let mut entrants = Vec::new();
    for (e, spec) in specs.iter().enumerate() {
        let wins = score.iter().filter(|s| s[e] == 1.0).count();
        let rate = mean(score.iter().map(|s| s[e]));
        let rate_ci = confidence_interval(&per_deal_means(games, &|i, _| Some(score[i][e])), 0.0, 1.0);
        let payoff = |p: &Played| mean(p.seats_of(e).map(|s| p.payoffs[s]));
        let points = |p: &Played| {
            p.scoresheet
                .as_ref()
                .map(|sh| mean(p.seats_of(e).map(|s| sh.scores[s])))
        };
        let mean_payoff = mean(games.iter().map(payoff));
        let scored: Vec<f64> = games.iter().filter_map(points).collect();
        let mut entry = json!({
            "player": spec.to_string(),
            "wins": wins,
            "score_rate": rate,
            "score_rate_ci95": rate_ci,
            "mean_payoff": mean_payoff,
            "mean_payoff_ci95": confidence_interval(&per_deal_means(games, &|_, p| Some(payoff(p))), f64::NEG_INFINITY, f64::INFINITY),
        });
        if !scored.is_empty() {
            entry["mean_points"] = json!(mean(scored.iter().copied()));
            entry["mean_points_ci95"] = json!(confidence_interval(
                &per_deal_means(games, &|_, p| points(p)),
                f64::NEG_INFINITY,
                f64::INFINITY
            ));
        }
        entrants.push(entry);
        if e < 26 {
            let letter = (b'a' + e as u8) as char;
            fields.insert(format!("{letter}_wins"), json!(wins));
            fields.insert(format!("{letter}_score_rate"), json!(rate));
            fields.insert(format!("mean_payoff_{letter}"), json!(mean_payoff));
        }
        if e == 0 {
            fields.insert("ci95".into(), json!(rate_ci));
        }
    }
    fields.insert("entrants".into(), Value::Array(entrants));
    Value::Object(fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_seats_swap_and_teams_stay_together() {
        assert_eq!(seatings(&[0, 1], 2).unwrap(), [[0, 1], [1, 0]]);
        // Three seats, two entrants: every distinct arrangement of A, B, A
        // and of B, A, B (each entrant holds the extra seat as often).
        assert_eq!(
            seatings(&[0, 1, 2], 2).unwrap(),
            [
                vec![0, 1, 0],
                vec![0, 0, 1],
                vec![1, 0, 0],
                vec![1, 0, 1],
                vec![1, 1, 0],
                vec![0, 1, 1]
            ]
        );
        // Partners facing: teams rotate, partners never split.
        assert_eq!(seatings(&[0, 1, 0, 1], 2).unwrap(), [[0, 1, 0, 1], [1, 0, 1, 0]]);
        // Four players, four entrants: all 24 orders.
        let all = seatings(&[0, 1, 2, 3], 4).unwrap();
        assert_eq!(all.len(), 24);
        for seat in 0..4 {
            for e in 0..4 {
                assert_eq!(all.iter().filter(|s| s[seat] == e).count(), 6);
            }
        }
        // Beyond four: cyclic shifts, each base a Latin square.
        let six = seatings(&[0, 1, 2, 3, 4, 5], 3).unwrap();
        assert_eq!(six.len(), 3);
        let five = seatings(&[0, 1, 2, 3, 4], 2).unwrap();
        assert_eq!(five.len(), 10);
        for seat in 0..5 {
            assert_eq!(
                five.iter().filter(|s| s[seat] == 0).count(),
                5,
                "A sits at each seat half the time"
            );
        }
        let eight = seatings(&(0..8).collect::<Vec<_>>(), 8).unwrap();
        assert_eq!(eight.len(), 8);
        for seat in 0..8 {
            let mut seen: Vec<usize> = eight.iter().map(|s| s[seat]).collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..8).collect::<Vec<_>>());
        }
        assert!(seatings(&[0, 1], 3).is_err());
        assert!(seatings(&[0, 1, 0, 1], 3).is_err());
        assert!(seatings(&[0, 1], 1).is_err());
    }

    #[test]
    fn shared_best_payoffs_are_draws() {
        let played = |entrants: Vec<usize>, payoffs: Vec<f64>| Played {
            index: 0,
            deal: 0,
            entrants,
            payoffs,
            scoresheet: None,
            plies: 1,
            stalled: false,
        };
        assert_eq!(scores(&played(vec![0, 1], vec![1.0, -1.0]), 2), [1.0, 0.0]);
        assert_eq!(scores(&played(vec![1, 0], vec![1.0, -1.0]), 2), [0.0, 1.0]);
        assert_eq!(scores(&played(vec![0, 1], vec![0.0, 0.0]), 2), [0.5, 0.5]);
        // A team's two seats winning together is still one winner.
        assert_eq!(
            scores(&played(vec![0, 1, 0, 1], vec![1.0, -1.0, 1.0, -1.0]), 2),
            [1.0, 0.0]
        );
        assert_eq!(scores(&played(vec![0, 1, 2], vec![0.5, 0.5, 0.0]), 3), [0.5, 0.5, 0.0]);
    }
}
