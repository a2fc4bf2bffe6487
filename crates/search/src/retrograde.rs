//! Retrograde analysis: solves every position of an indexed position space
//! (win/loss/draw with the distance to the end), by levels.
//!
//! A position is *won in d* plies for the seat to move if some action
//! reaches a position that seat wins in d−1 (the shortest such); it is *lost
//! in d* if every action leads to a position the other seat wins, d being one
//! more than the longest of those. Terminal positions are decided by their
//! payoffs in 0 plies. Positions never resolved are draws (infinite play, or
//! a drawn end).
//!
//! A *space* (one material class, say) numbers its positions `0..size`;
//! symmetric positions share one canonical index. Actions that leave the
//! space (a capture into a smaller class) are valued by an *outside* oracle,
//! typically the table of a class solved before; reaching such a position
//! counts its own distance plus one. Values are stored per seat (who wins),
//! so games in which a seat may act twice in a row (passes) need nothing
//! special. Each level is computed in parallel (rayon, with the `parallel` feature) from the values of
//! the previous levels only, so the result does not depend on the number of
//! threads.

use crate::parallel::{chunk, chunks, map_init};

use crate::game::{Game, Seat, Turn, TwoTeams};

/// A position space for retrograde analysis.
pub trait IndexedSpace: Sync {
    /// The game.
    type Game: TwoTeams + Sync;

    /// Indices run over `0..size()`.
    fn size(&self) -> u64;

    /// The canonical position of an index, or `None` if the index stands for
    /// no position of the space (or for a non-canonical one).
    fn position(&self, index: u64) -> Option<<Self::Game as Game>::State>;

    /// The canonical index of a position, or `None` if it lies outside the
    /// space.
    fn locate(&self, state: &<Self::Game as Game>::State) -> Option<u64>;

    /// How many positions the canonical position `index` stands for (its
    /// orbit under the symmetries the space folds); 1 without symmetry.
    fn multiplicity(&self, index: u64) -> u64 {
        let _ = index;
        1
    }
}

/// The game-theoretic value of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `seat` wins, the game lasting `plies` more plies under best play
    /// (the winner hurries, the loser delays).
    Win {
        /// The winning seat.
        seat: Seat,
        /// Plies to the end.
        plies: u32,
    },
    /// Neither seat can force a win.
    Draw,
}

const INVALID: u16 = 0;
const DRAW: u16 = 1;
/// Largest storable distance.
pub const MAX_PLIES: u32 = (u16::MAX as u32 - 2) / 2;

fn encode(o: Outcome) -> u16 {
    match o {
        Outcome::Draw => DRAW,
        Outcome::Win { seat, plies } => {
            assert!(plies <= MAX_PLIES && seat < 2, "retrograde value out of range: {o:?}");
            2 + 2 * plies as u16 + seat as u16
        }
    }
}

fn decode(code: u16) -> Option<Outcome> {
    match code {
        INVALID => None,
        DRAW => Some(Outcome::Draw),
        c => Some(Outcome::Win {
            seat: usize::from((c - 2) & 1),
            plies: u32::from((c - 2) / 2),
        }),
    }
}

/// The terminal value of a finished game: the sign of seat 0's payoff.
pub fn terminal_outcome<G: Game>(game: &G, state: &G::State) -> Outcome {
    let u = game.payoffs(state).get(0);
    if u > 0.0 {
        Outcome::Win { seat: 0, plies: 0 }
    } else if u < 0.0 {
        Outcome::Win { seat: 1, plies: 0 }
    } else {
        Outcome::Draw
    }
}

/// The solved values of a space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetroTable {
    codes: Vec<u16>,
    levels: u32,
}

/// Counts over a solved space, weighted by multiplicity.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RetroSummary {
    /// Positions (canonical indices weighted by their orbit size).
    pub positions: u64,
    /// Canonical positions (indices holding a position).
    pub canonical: u64,
    /// Positions won by seat 0, by seat 1.
    pub wins: [u64; 2],
    /// Drawn positions.
    pub draws: u64,
    /// The longest win, and a canonical index that has it.
    pub max_plies: Option<(u32, u64)>,
}

/// What the solver reports after each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The level just computed (positions decided in this many plies).
    pub level: u32,
    /// Positions decided at this level.
    pub resolved: u64,
}

/// A position that breaks the retrograde equations (see [`verify`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("position {index}: stored {stored:?}, its successors imply {expected:?}")]
pub struct Inconsistency {
    /// The canonical index.
    pub index: u64,
    /// The stored value (`None`: stored as no position).
    pub stored: Option<Outcome>,
    /// The value the equations give (`None`: not a position).
    pub expected: Option<Outcome>,
}

impl RetroTable {
    /// The value of a canonical index; `None` if it holds no position.
    pub fn get(&self, index: u64) -> Option<Outcome> {
        self.codes.get(index as usize).copied().and_then(decode)
    }

    /// The value of any position of the space (canonicalised by the space).
    pub fn probe<S: IndexedSpace>(&self, space: &S, state: &<S::Game as Game>::State) -> Option<Outcome> {
        space.locate(state).and_then(|i| self.get(i))
    }

    /// The number of levels the solver ran.
    pub fn levels(&self) -> u32 {
        self.levels
    }

    /// Counts by value.
    pub fn summary<S: IndexedSpace>(&self, space: &S) -> RetroSummary {
        let mut s = RetroSummary::default();
        for (i, &code) in self.codes.iter().enumerate() {
            let Some(o) = decode(code) else { continue };
            let m = space.multiplicity(i as u64);
            s.positions += m;
            s.canonical += 1;
            match o {
                Outcome::Draw => s.draws += m,
                Outcome::Win { seat, plies } => {
                    s.wins[seat] += m;
                    if s.max_plies.is_none_or(|(p, _)| plies > p) {
                        s.max_plies = Some((plies, i as u64));
                    }
                }
            }
        }
        s
    }
}

/// What the successors of a position say, given the values known so far.
struct Successors {
    /// Shortest win for the mover among the successors.
    best_win: Option<u32>,
    /// Longest loss, if every successor is a win for the other seat.
    all_lose: Option<u32>,
    /// Largest distance of a win found outside the space.
    outside_max: u32,
}

fn successors<S, F>(
    game: &S::Game,
    space: &S,
    outside: &F,
    codes: &[u16],
    state: &<S::Game as Game>::State,
    mover: Seat,
    buf: &mut Vec<<S::Game as Game>::Action>,
) -> Successors
where
    S: IndexedSpace,
    F: Fn(&<S::Game as Game>::State) -> Outcome,
{
    game.legal_actions(state, buf);
    let mut best_win: Option<u32> = None;
    let mut all_lose = Some(0u32);
    let mut outside_max = 0;
    for &a in buf.iter() {
        let mut child = state.clone();
        game.apply(&mut child, a);
        let value = match game.to_move(&child) {
            Turn::Terminal => terminal_outcome(game, &child),
            _ => match space.locate(&child) {
                Some(j) => decode(codes[j as usize]).unwrap_or(Outcome::Draw),
                None => {
                    let o = outside(&child);
                    if let Outcome::Win { plies, .. } = o {
                        outside_max = outside_max.max(plies);
                    }
                    o
                }
            },
        };
        match value {
            Outcome::Win { seat, plies } if seat == mover => {
                best_win = Some(best_win.map_or(plies, |b| b.min(plies)));
                all_lose = None;
            }
            Outcome::Win { plies, .. } => all_lose = all_lose.map(|l| l.max(plies)),
            Outcome::Draw => all_lose = None,
        }
    }
    if buf.is_empty() {
        all_lose = None;
    }
    Successors {
        best_win,
        all_lose,
        outside_max,
    }
}

const CHUNK: usize = 1 << 14;

/// Solves every position of `space`. `outside` values the positions that
/// actions reach outside the space (never called for terminal ones, which
/// are valued by their payoffs). `progress` is told about every level.
///
/// # Panics
/// At a chance node, or if a distance exceeds [`MAX_PLIES`].
pub fn solve<S, F>(game: &S::Game, space: &S, outside: F, progress: &(dyn Fn(Progress) + Sync)) -> RetroTable
where
    S: IndexedSpace,
    F: Fn(&<S::Game as Game>::State) -> Outcome + Sync,
    <S::Game as Game>::State: Send,
{
    let size = space.size() as usize;
    // Level 0: which indices are positions, and the terminal ones.
    let mut codes: Vec<u16> = map_init(
        size,
        || (),
        |_, i| match space.position(i as u64) {
            None => INVALID,
            Some(p) => match game.to_move(&p) {
                Turn::Terminal => encode(terminal_outcome(game, &p)),
                Turn::Chance => panic!("retrograde analysis does not handle chance nodes"),
                Turn::Seat(_) => DRAW,
            },
        },
    );
    let mut level = 0;
    loop {
        level += 1;
        assert!(level <= MAX_PLIES, "retrograde distance beyond {MAX_PLIES} plies");
        let d = level;
        let parts = map_init(chunks(codes.len(), CHUNK), Vec::new, |buf, c| {
            let part = chunk(&codes, CHUNK, c);
            let mut updates = Vec::new();
            let mut outside_max = 0;
            for (k, &code) in part.iter().enumerate() {
                if code != DRAW {
                    continue;
                }
                let index = c * CHUNK + k;
                let Some(p) = space.position(index as u64) else {
                    continue;
                };
                let Turn::Seat(mover) = game.to_move(&p) else { continue };
                let s = successors(game, space, &outside, &codes, &p, mover, buf);
                outside_max = outside_max.max(s.outside_max);
                let value = if s.best_win == Some(d - 1) {
                    Some(Outcome::Win { seat: mover, plies: d })
                } else if s.best_win.is_none() && s.all_lose == Some(d - 1) {
                    Some(Outcome::Win {
                        seat: 1 - mover,
                        plies: d,
                    })
                } else {
                    None
                };
                if let Some(v) = value {
                    updates.push((index, encode(v)));
                }
            }
            (updates, outside_max)
        });
        let mut updates = Vec::new();
        let mut outside_max = 0;
        for (u, m) in parts {
            updates.extend(u);
            outside_max = outside_max.max(m);
        }
        for &(i, c) in &updates {
            codes[i] = c;
        }
        progress(Progress {
            level: d,
            resolved: updates.len() as u64,
        });
        if updates.is_empty() && outside_max < d {
            break;
        }
    }
    RetroTable { codes, levels: level }
}

/// The exhaustive verification pass: recomputes every position's value from
/// its successors' stored values (the retrograde equations, with minimal
/// distances for wins and maximal ones for losses) and reports the first
/// position where they disagree. Returns the number of positions checked.
pub fn verify<S, F>(game: &S::Game, space: &S, table: &RetroTable, outside: F) -> Result<u64, Inconsistency>
where
    S: IndexedSpace,
    F: Fn(&<S::Game as Game>::State) -> Outcome + Sync,
    <S::Game as Game>::State: Send,
{
    let codes = &table.codes;
    if codes.len() as u64 != space.size() {
        return Err(Inconsistency {
            index: codes.len() as u64,
            stored: None,
            expected: None,
        });
    }
    map_init(chunks(codes.len(), CHUNK), Vec::new, |buf, c| {
        let part = chunk(codes, CHUNK, c);
        let mut checked = 0u64;
        for (k, &code) in part.iter().enumerate() {
            let index = (c * CHUNK + k) as u64;
            let stored = decode(code);
            let expected = space.position(index).map(|p| match game.to_move(&p) {
                Turn::Terminal => terminal_outcome(game, &p),
                Turn::Chance => panic!("retrograde analysis does not handle chance nodes"),
                Turn::Seat(mover) => {
                    let s = successors(game, space, &outside, codes, &p, mover, buf);
                    match (s.best_win, s.all_lose) {
                        (Some(w), _) => Outcome::Win {
                            seat: mover,
                            plies: w + 1,
                        },
                        (None, Some(l)) => Outcome::Win {
                            seat: 1 - mover,
                            plies: l + 1,
                        },
                        (None, None) => Outcome::Draw,
                    }
                }
            });
            if stored != expected {
                return Err(Inconsistency {
                    index,
                    stored,
                    expected,
                });
            }
            checked += u64::from(stored.is_some());
        }
        Ok(checked)
    })
    .into_iter()
    .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for o in [
            Outcome::Draw,
            Outcome::Win { seat: 0, plies: 0 },
            Outcome::Win { seat: 1, plies: 7 },
            Outcome::Win {
                seat: 1,
                plies: MAX_PLIES,
            },
        ] {
            assert_eq!(decode(encode(o)), Some(o));
        }
        assert_eq!(decode(INVALID), None);
    }
}
