//! The levels 3 and 4 search: its roots, each the rest of a complete turn
//! ([`Root`]), every root played on the same worlds with the same rollout
//! streams (common random numbers), and the choice among them (the card
//! layer's paired comparer). The search is described in the [`crate::ai`]
//! module.

use tabula_search::{CommonSamples, Game, Rng, Seat, Turn};

use super::policy::{self, Context};
use crate::actions::Action;
use crate::melding::{CANASTA, table_counts};
use crate::observation::Observation;
use crate::rules::Canasta;
use crate::state::{Phase, State, side_of};

/// How much a level searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effort {
    /// Worlds per decision; every root is played on each.
    pub worlds: u64,
    /// The discards compared after the policy's melds: its this many safest.
    pub discards: usize,
    /// A rollout plays this many turns (of any player) after the root,
    /// then judges the table.
    pub horizon: usize,
}

/// Another root replaces the policy's choice only when it beats it by
/// this many standard errors of the paired difference.
pub const MARGIN: f64 = 1.0;
/// A cut-off rollout credits a meld of five or six cards (on its way to a
/// canasta) with this share of a mixed canasta's bonus per card past four.
pub const PROGRESS: f64 = 0.25;

/// A root: the actions of the player's turn from now to its end (the
/// discard, going out, or the draw whose card chance gives).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Root {
    /// The actions, the first the one to play now.
    pub actions: Vec<Action>,
}

/// The context of the player to act in `w`.
pub fn context<'a>(game: &'a Canasta, w: &'a State) -> Context<'a> {
    let d = side_of(w.to_act());
    Context {
        sit: game.situation(w),
        theirs: w.melds(1 - d),
        their_opened: w.opened(1 - d),
    }
}

/// Plays the policy for the player to act until its turn ends (or a
/// chance draw comes), `first` forced as its first action; the actions.
fn follow(game: &Canasta, w: &mut State, first: Action, discard: Option<usize>) -> Vec<Action> {
    let seat = w.to_act();
    let deal = w.deal_no();
    let mut out = vec![first];
    game.apply(w, first);
    while w.deal_no() == deal && w.turn() == Turn::Seat(seat) && out.len() < 40 {
        let c = context(game, w);
        let mut a = policy::action(&c);
        if let (Action::Discard(_), Some(k)) = (a, discard) {
            let ds = policy::discards(&c);
            if let Some(&(card, _)) = ds.get(k) {
                a = Action::Discard(card);
            }
        }
        out.push(a);
        game.apply(w, a);
    }
    out
}

/// The roots of the decision in `world` (any world of the observation: the
/// roots read only what the player sees), the policy's first: at a draw,
/// the stock and the pile (the policy's turn after the take, and with each
/// of its safest discards); at a play, the policy's melds with each of
/// its safest discards, going out when it may, and no more melds.
pub fn roots(game: &Canasta, world: &State, legal: &[Action], effort: Effort) -> Vec<Root> {
    let c = context(game, world);
    let first = policy::action(&c);
    let mut out: Vec<Root> = Vec::new();
    let mut push = |actions: Vec<Action>| {
        if !out.iter().any(|r| r.actions == actions) {
            out.push(Root { actions });
        }
    };
    let variants = |a: Action, out: &mut dyn FnMut(Vec<Action>)| {
        for k in 0..effort.discards {
            let mut w = world.clone();
            out(follow(game, &mut w, a, Some(k)));
        }
    };
    match world.phase() {
        Phase::Draw => {
            let mut w = world.clone();
            push(follow(game, &mut w, first, None));
            for &a in legal.iter().filter(|&&a| a != first) {
                if a == Action::Take {
                    variants(a, &mut push);
                } else {
                    push(vec![a]);
                }
            }
        }
        Phase::Answer => {
            push(vec![first]);
            for &a in legal.iter().filter(|&&a| a != first) {
                push(vec![a]);
            }
        }
        _ => {
            variants(first, &mut push);
            // No more melds: the safest discards now.
            let ds = policy::discards(&c);
            for &(card, _) in ds.iter().take(effort.discards) {
                push(vec![Action::Discard(card)]);
            }
        }
    }
    out
}

/// A side's table as a rollout cut off judges it: its melded worth, its
/// canastas, the progress of its melds towards canastas, its red threes
/// (minus before it melds), less the worth of both partners' hands.
fn judge(w: &State, d: usize) -> f64 {
    let t = table_counts(w.melds(d));
    let mut v = 0.0;
    let mut any = false;
    for (r, m) in t.iter().enumerate() {
        if m.is_empty() {
            continue;
        }
        any = true;
        v += f64::from(crate::cards::total(w.melds(d)[r]));
        if m.is_canasta() {
            v += if m.wilds == 0 { 500.0 } else { 300.0 };
        } else if m.len() > 4 {
            v += PROGRESS * 300.0 * f64::from(m.len() - 4) / f64::from(CANASTA - 4);
        }
    }
    let reds = (w.reds()[d].len() + w.reds()[d + 2].len()) as f64;
    let bonus = if reds == 4.0 { 800.0 } else { 100.0 * reds };
    v += if any { bonus } else { -bonus };
    v - f64::from(crate::cards::total(w.hands()[d]) + crate::cards::total(w.hands()[d + 2]))
}

/// Plays `w` on by the policy for `horizon` turns or to the hand's end;
/// the difference of the two sides' hands (their counts when it ended),
/// for `me`'s side.
pub fn rollout(game: &Canasta, w: &mut State, me: Seat, horizon: usize, rng: &mut Rng) -> f64 {
    let d = side_of(me);
    let deal = w.deal_no();
    let mut turns = 0;
    while w.deal_no() == deal && !w.is_over() {
        match w.turn() {
            Turn::Chance => {
                let a = game.sample_chance(w, rng);
                game.apply(w, a);
            }
            Turn::Seat(_) => {
                if w.phase() == Phase::Draw {
                    turns += 1;
                    if turns > horizon {
                        break;
                    }
                }
                let a = policy::action(&context(game, w));
                game.apply(w, a);
            }
            Turn::Terminal => break,
        }
    }
    if w.deal_no() != deal {
        let r = w.last().expect("a finished hand");
        return f64::from(r.sides[d].total - r.sides[1 - d].total);
    }
    judge(w, d) - judge(w, 1 - d)
}

/// Every root played once on each of `effort.worlds` worlds, the same
/// world and rollout stream for every root; the values world by world,
/// root by root. The roots are made on the first world.
pub fn play(
    game: &Canasta,
    o: &Observation,
    seat: Seat,
    legal: &[Action],
    effort: Effort,
    seed: u64,
) -> (Vec<Root>, Vec<f64>) {
    let mut common = CommonSamples::new(game, o, seat, seed);
    let roots = roots(game, &common.world(0), legal, effort);
    let mut values = Vec::with_capacity(roots.len() * effort.worlds as usize);
    for j in 0..effort.worlds {
        let world = common.world(j);
        for root in &roots {
            let mut w = world.clone();
            for &a in &root.actions {
                game.apply(&mut w, a);
            }
            values.push(rollout(game, &mut w, seat, effort.horizon, &mut common.rollout_rng(j)));
        }
    }
    (roots, values)
}
