//! What a game says about itself: its name and seats, the players it
//! offers, its rules options, and the plain data the front ends exchange
//! about a finished game.

use serde::{Deserialize, Serialize};
use tabula_search::Seat;

/// A game's identity card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// The name on the command line, in the bot protocol and in URLs.
    pub name: &'static str,
    /// The name people read ("Jamais en diagonale").
    pub title: &'static str,
    /// One line about the game and how moves are written.
    pub summary: &'static str,
    /// The fewest seats any options allow.
    pub min_seats: usize,
    /// The most seats any options allow.
    pub max_seats: usize,
    /// Whether a seat can be kept from seeing part of the state (cards).
    pub hidden_information: bool,
    /// Whether chance acts (a shuffle, a draw, a die).
    pub chance: bool,
}

/// A player a game offers, as its spec is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerInfo {
    /// The spec's name, before any colon: `random`, `level`, `mcts`…
    pub name: &'static str,
    /// How the spec is written: `level:N`, `mcts:N`, `alphabeta[:D]`.
    pub form: &'static str,
    /// A spec that works, quick enough for tests: `level:1`, `mcts:100`.
    pub example: &'static str,
    /// The name people read ("Random", "Alpha-beta"; a `level:N`
    /// player's levels have [`LEVEL_TITLES`](crate::LEVEL_TITLES)).
    pub title: &'static str,
    /// One line about the player.
    pub description: &'static str,
}

/// One rules option: its name (a field of the game's `Options`) and what
/// it does. Its default is the `Options::default()` value of the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OptionDoc {
    /// The field name, as in JSON (`free_flip`).
    pub name: &'static str,
    /// What it does, with its range.
    pub meaning: &'static str,
    /// The values it takes when they are a closed list (front ends offer
    /// them as a choice); empty when any value of its type may be given.
    pub choices: &'static [&'static str],
}

impl OptionDoc {
    /// An option any value of its type may be given (no closed list).
    pub const fn new(name: &'static str, meaning: &'static str) -> OptionDoc {
        OptionDoc {
            name,
            meaning,
            choices: &[],
        }
    }

    /// An option that takes one of `choices`.
    pub const fn choice(name: &'static str, meaning: &'static str, choices: &'static [&'static str]) -> OptionDoc {
        OptionDoc { name, meaning, choices }
    }
}

/// The kind of table a game is played at, which decides what a seat's
/// player may be handed beyond its observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TableKind {
    /// One person against the computer: a game may grant a declared
    /// handicap to a computer seat (Skyjo's Master sees the draw pile).
    Solo,
    /// Anything else (several people, the arena, bots): nobody is handed
    /// anything beyond its observation.
    #[default]
    Online,
}

/// The game's own points at the end of a game, beside the payoffs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scoresheet {
    /// Points per seat (marbles ejected, cells eaten, Skyjo totals).
    pub scores: Vec<f64>,
    /// Rounds played, for games of rounds.
    pub rounds: Option<u32>,
}

impl Scoresheet {
    /// Each seat's score, after `rounds` rounds (`None`: a game without
    /// rounds).
    pub fn seats<T: Copy + Into<f64>>(scores: &[T], rounds: Option<u32>) -> Scoresheet {
        Scoresheet {
            scores: scores.iter().map(|&x| x.into()).collect(),
            rounds,
        }
    }

    /// Each of `seats` seats scored as its side: seat `k` has
    /// `sides[side_of(k)]` (partnerships).
    pub fn sides<T: Copy + Into<f64>>(
        sides: &[T],
        seats: usize,
        side_of: impl Fn(usize) -> usize,
        rounds: Option<u32>,
    ) -> Scoresheet {
        Scoresheet {
            scores: (0..seats).map(|seat| sides[side_of(seat)].into()).collect(),
            rounds,
        }
    }
}

/// One finished game as the arena hands it to a game's report: who sat
/// where, and how it ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Played {
    /// The game's number in the tournament.
    pub index: usize,
    /// The deal (or grid) it was played on; games of a deal share it.
    pub deal: usize,
    /// The entrant (0 = A, 1 = B, …) at each seat.
    pub entrants: Vec<usize>,
    /// The payoff vector (a draw for a game stopped at the ply limit).
    pub payoffs: Vec<f64>,
    /// The game's own points, for games that keep them.
    pub scoresheet: Option<Scoresheet>,
    /// Plies played, chance outcomes included.
    pub plies: usize,
    /// Whether the game passed the ply limit and was stopped.
    pub stalled: bool,
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

/// The mean of `f(i, game)` over each deal's games, deal by deal (games
/// in index order, so a deal's games are consecutive; games where `f` is
/// `None` are left out). A tournament's intervals are taken over these
/// means: the games of a deal share its cards and are not independent.
pub fn per_deal_means(games: &[Played], f: &dyn Fn(usize, &Played) -> Option<f64>) -> Vec<f64> {
    let mut out: Vec<(usize, f64, usize)> = Vec::new();
    for (i, p) in games.iter().enumerate() {
        let Some(x) = f(i, p) else { continue };
        match out.last_mut() {
            Some(d) if d.0 == p.deal => {
                d.1 += x;
                d.2 += 1;
            }
            _ => out.push((p.deal, x, 1)),
        }
    }
    out.into_iter().map(|d| d.1 / d.2 as f64).collect()
}

impl Played {
    /// The seats entrant `e` held.
    pub fn seats_of(&self, e: usize) -> impl Iterator<Item = Seat> + '_ {
        self.entrants
            .iter()
            .enumerate()
            .filter(move |&(_, &x)| x == e)
            .map(|(s, _)| s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scoresheet_gives_each_seat_its_score_or_its_sides() {
        assert_eq!(Scoresheet::seats(&[3, -1], Some(2)).scores, [3.0, -1.0]);
        let sides = Scoresheet::sides(&[10u32, 4], 4, |seat| seat % 2, Some(5));
        assert_eq!((sides.scores, sides.rounds), (vec![10.0, 4.0, 10.0, 4.0], Some(5)));
    }

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
