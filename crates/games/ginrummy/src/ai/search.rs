//! The levels 3 and 4 search: its roots, each a complete turn ([`Root`],
//! [`search_roots`]), with the take of the pile's card joined to the
//! discard after it; every root played on the same worlds ([`play_roots`]);
//! and the choice among them ([`choose_root`]). The search is described
//! in the [`crate::ai`] module.

use tabula_cards::{CardSet, HandGame};
use tabula_search::{CommonSamples, Determinize, Game, Rollout, Seat};

use super::policy::{PolicyRollout, View, action_score};
use crate::actions::Action;
use crate::melds::deadwood;
use crate::observation::Observation;
use crate::rules::GinRummy;
use crate::state::Phase;

/// The search compares only the policy's few best root actions: this
/// many discards or draws, the policy's choice among them (and a knock).
pub const ROOT_CANDIDATES: usize = 4;
/// At a draw, taking the pile's card is searched as that many complete
/// turns: the take with each of the policy's best discards (or knocks)
/// after it.
pub const TAKE_DISCARDS: usize = 3;
/// Another root replaces the policy's choice only when it beats it by
/// this many standard errors on the same worlds.
pub const MARGIN: f64 = 2.0;

/// A root of the search: a complete turn of the seat from here. At a
/// draw, taking the pile's card comes with the discard (or knock) after
/// it, for the choice is joint (the card table's rule that a root is a
/// complete turn), though the rules, the records and the protocol take
/// them as two actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Root {
    /// The action now.
    pub action: Action,
    /// After [`Action::Take`], the discard or knock that ends the turn.
    pub then: Option<Action>,
}

impl Root {
    /// A root of one action.
    pub fn single(action: Action) -> Root {
        Root { action, then: None }
    }
}

/// `legal` best-first by the policy's score of `view`, ties to the lower
/// action.
fn policy_order(view: &View, legal: &[Action], out: &mut Vec<(Action, f64)>) {
    out.clear();
    out.extend(legal.iter().map(|&a| (a, action_score(view, a))));
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
}

/// The scratch space of [`search_roots`].
#[derive(Clone, Debug, Default)]
pub(super) struct RootScratch {
    legal: Vec<Action>,
    scored: Vec<(Action, f64)>,
}

/// The roots the search of `o` compares, the policy's choice first (see
/// [`search_roots`]).
pub(super) fn roots_into(game: &GinRummy, o: &Observation, scratch: &mut RootScratch, out: &mut Vec<Root>) {
    out.clear();
    let seat = usize::from(o.seat);
    let view = View::of_observation(o);
    game.legal_from_observation(o, seat, &mut scratch.legal);
    policy_order(&view, &scratch.legal, &mut scratch.scored);
    let Some(&(policy, _)) = scratch.scored.first() else {
        return;
    };
    if let (Phase::Offer | Phase::Draw, Some(top)) = (o.phase, view.top)
        && scratch.legal.contains(&Action::Take)
    {
        // The stock draw (or the pass), and the take with each of the
        // policy's best follow-ups, the policy's own first.
        let other = scratch.legal.iter().copied().find(|&a| a != Action::Take);
        let after = View {
            phase: Phase::Discard,
            hand: o.hand | CardSet::of(top),
            top: None,
            ..view
        };
        game.seat_actions(
            Phase::Discard,
            after.hand,
            o.refused,
            false,
            Some(top),
            o.upcard,
            &mut scratch.legal,
        );
        policy_order(&after, &scratch.legal, &mut scratch.scored);
        let takes = scratch.scored.iter().take(TAKE_DISCARDS).map(|&(then, _)| Root {
            action: Action::Take,
            then: Some(then),
        });
        match other {
            Some(other) if policy != Action::Take => {
                out.push(Root::single(other));
                out.extend(takes);
            }
            _ => {
                out.extend(takes);
                out.extend(other.map(Root::single));
            }
        }
        return;
    }
    // A discard: the policy's best discards and, when a knock is allowed,
    // the knock leaving the least deadwood (knock now or play on, on the
    // same worlds).
    out.push(Root::single(policy));
    let plays = scratch.scored.iter().filter(|(a, _)| !matches!(a, Action::Knock(_)));
    let more = ROOT_CANDIDATES - usize::from(!matches!(policy, Action::Knock(_)));
    out.extend(
        plays
            .map(|&(a, _)| a)
            .filter(|&a| a != policy)
            .take(more)
            .map(Root::single),
    );
    let knock = scratch
        .legal
        .iter()
        .filter_map(|&a| match a {
            Action::Knock(c) => Some((deadwood(view.hand - CardSet::of(c)), a)),
            _ => None,
        })
        .min();
    if let Some((_, k)) = knock
        && k != policy
    {
        out.push(Root::single(k));
    }
}

/// The roots levels 3 and 4 compare on `o`, the policy's choice first. At
/// a discard: the policy's [`ROOT_CANDIDATES`] best discards and, when a
/// knock is allowed, the knock leaving the least deadwood. At a draw
/// where the pile's card may be taken: the stock draw (or the pass), and
/// the take with each of the policy's [`TAKE_DISCARDS`] best discards or
/// knocks after it; the policy's take comes with the policy's follow-up.
pub fn search_roots(game: &GinRummy, o: &Observation) -> Vec<Root> {
    let mut out = Vec::new();
    roots_into(game, o, &mut RootScratch::default(), &mut out);
    out
}

/// Plays each of `roots` once on each of worlds `0..worlds` of `seed`
/// (from `o`, as `game` models them: pass the levels' model,
/// [`GinRummy::inferring`]), each from a fresh copy of the world with
/// the same rollout stream (common random numbers), the policy playing
/// both seats to the hand's end. World `j`'s values for `seat`, root by
/// root in order, are `values[j * roots.len()..(j + 1) * roots.len()]`.
/// A root's values depend on it, `o` and `seed` only: not on the roots
/// beside it or their order.
#[allow(clippy::too_many_arguments)]
pub fn play_roots(
    game: &GinRummy,
    o: &Observation,
    seat: Seat,
    roots: &[Root],
    worlds: u64,
    seed: u64,
    rollout: &mut PolicyRollout,
    values: &mut Vec<f64>,
) {
    let hand = HandGame::new(game, o);
    let mut common = CommonSamples::new(&hand, o, seat, seed);
    values.clear();
    for j in 0..worlds {
        let world = common.world(j);
        for root in roots {
            let mut w = world.clone();
            hand.apply(&mut w, root.action);
            if let Some(then) = root.then {
                hand.apply(&mut w, then);
            }
            values.push(rollout.rollout(&hand, &mut w, &mut common.rollout_rng(j)).get(seat));
        }
    }
}

/// The root the search plays, of `roots` (the policy's choice first)
/// whose values are `values` as [`play_roots`] gives them: the policy's
/// action stands unless a root starting with another action beats every
/// root starting with the policy's by [`MARGIN`] standard errors of the
/// paired difference, the one beating them by the most then. So a take
/// is judged by its best discard: a take the policy chose stands unless
/// the stock draw beats each of its discards, and a stock draw gives way
/// to a take when one of its discards beats the draw.
///
/// # Panics
/// When `roots` is empty or `values` is not a whole number of worlds.
pub fn choose_root(roots: &[Root], values: &[f64]) -> usize {
    let actions: Vec<Action> = roots.iter().map(|r| r.action).collect();
    tabula_cards::choose_paired(&actions, values, MARGIN)
}
