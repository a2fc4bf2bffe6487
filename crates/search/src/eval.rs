//! Evaluation functions and move ordering for the tree searches.

use crate::game::Game;

/// A value in evaluation units, always from seat 0's point of view (seat 0
/// maximises it, seat 1 minimises it).
pub type Score = i32;

/// Larger than any score an evaluator may return; the searches' infinity.
pub const SCORE_INFINITY: Score = 1 << 30;

/// The knowledge a tree search needs about a game beyond its rules.
pub trait Evaluator<G: Game> {
    /// The static value of a non-terminal state, for seat 0. Only searches
    /// that stop before the end of the game call it.
    fn evaluate(&self, game: &G, state: &G::State) -> Score;

    /// The value of a terminal state, for seat 0. The default is seat 0's
    /// payoff rounded to an integer, which is exact for games with integer
    /// payoffs.
    fn terminal(&self, game: &G, state: &G::State) -> Score {
        game.payoffs(state).get(0).round() as Score
    }

    /// The quiescence hook: the actions that keep `state` from being quiet
    /// (captures, pushes…), written into `out` (cleared first). At the
    /// horizon the search extends these only; an empty list (the default)
    /// means the state is quiet and is evaluated as it stands.
    fn noisy_actions(&self, game: &G, state: &G::State, out: &mut Vec<G::Action>) {
        let _ = (game, state);
        out.clear();
    }
}

/// The evaluator of games searched to the end: terminal payoffs only, and 0
/// for a non-terminal state at the horizon.
#[derive(Clone, Copy, Debug, Default)]
pub struct Utility;

impl<G: Game> Evaluator<G> for Utility {
    fn evaluate(&self, _: &G, _: &G::State) -> Score {
        0
    }
}

/// A policy that reorders the legal actions before a tree search tries them
/// (the search still puts the transposition table's move first).
pub trait MoveOrder<G: Game> {
    /// Reorders `actions` (the legal actions of `state`, in the game's order).
    fn order(&self, game: &G, state: &G::State, actions: &mut [G::Action]);
}

/// The game's own order: actions are tried as the game lists them.
#[derive(Clone, Copy, Debug, Default)]
pub struct NaturalOrder;

impl<G: Game> MoveOrder<G> for NaturalOrder {
    #[inline]
    fn order(&self, _: &G, _: &G::State, _: &mut [G::Action]) {}
}
