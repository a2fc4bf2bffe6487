//! The levels 3 and 4 search: its roots, each a complete turn ([`Root`]),
//! every root played on the same worlds with the same rollout streams
//! ([`play_roots`], common random numbers), and the choice among them
//! ([`choose_root`]). The search is described in the [`crate::ai`] module.

use tabula_search::{CommonSamples, Game, Rng, Seat, Turn};

use super::policy::{FIRST_DROP_AT, Policy, Situation};
use crate::actions::Action;
use crate::cards::Cards;
use crate::observation::Observation;
use crate::options::Format;
use crate::rules::IndianRummy;
use crate::state::{Phase, State, Status};

/// How much a level searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effort {
    /// Worlds per decision; every root is played on each.
    pub worlds: u64,
    /// The discards (or, at a draw, the follow-ups of a take) compared:
    /// the policy's this many best.
    pub candidates: usize,
    /// A rollout plays this many of the searcher's turns after the root
    /// (every player by the quick policy), then judges its hand.
    pub horizon: usize,
    /// A rollout cut off is judged by minus the searcher's hand's cost
    /// plus this share of the mean cost of the others' hands still in:
    /// another hand near a show is a threat, and a discard that helps it
    /// is paid for.
    pub threat: f64,
}
/// Another root replaces the policy's choice only when it beats it by
/// this many standard errors of the paired difference.
pub const MARGIN: f64 = 1.0;

/// A root of the search: a complete turn. At a draw, taking the open card
/// comes with the discard after it (the choice is joint), though the rules
/// take them as two actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Root {
    /// The action now.
    pub action: Action,
    /// After [`Action::Take`], the discard that ends the turn.
    pub then: Option<Action>,
}

/// The roots of `o`'s decision, the policy's choice first: at a discard
/// the policy's best (`candidates` of them); at a draw the closed deck, the
/// open card with each of the policy's best discards after it, and, on a
/// first turn with a hand costing [`FIRST_DROP_AT`] or more, the drop.
pub fn roots(policy: &mut Policy, o: &Observation, legal: &[Action], effort: Effort) -> Vec<Root> {
    let candidates = effort.candidates;
    let s = Situation::of_observation(o);
    let single = |action| Root { action, then: None };
    let mut scored: Vec<(Action, f64)> = legal.iter().map(|&a| (a, policy.score(&s, a))).collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let first = scored[0].0;
    let mut out = Vec::new();
    match o.phase {
        Phase::Discard => out.extend(scored.iter().take(candidates).map(|&(a, _)| single(a))),
        _ => {
            let mut draws = vec![single(Action::Draw)];
            if let (Some(open), true) = (s.open, legal.contains(&Action::Take)) {
                let after = Situation {
                    phase: Phase::Discard,
                    hand: s.hand | Cards::of(open),
                    taken: Some(open),
                    ..s
                };
                let mut next = Vec::new();
                crate::actions::seat_actions(Phase::Discard, after.hand, true, after.taken, &mut next);
                next.retain(|a| matches!(a, Action::Discard(_)));
                let mut follow: Vec<(Action, f64)> = next.iter().map(|&a| (a, policy.score(&after, a))).collect();
                follow.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                draws.extend(follow.iter().take(candidates - 1).map(|&(a, _)| Root {
                    action: Action::Take,
                    then: Some(a),
                }));
            }
            if legal.contains(&Action::Drop) && !s.drew && policy.cost(s.wild, s.hand) >= FIRST_DROP_AT {
                draws.push(single(Action::Drop));
            }
            // The policy's action first.
            draws.sort_by_key(|r| r.action != first);
            out = draws;
        }
    }
    out
}

/// What a finished or cut-off rollout is worth to `me`: in a pool, minus
/// its points; in points and deals rummy, its score change (a win takes
/// the others' points). Cut off, minus its hand's cost, plus `threat`
/// times the others' mean cost.
fn reward(game: &IndianRummy, policy: &mut Policy, w: &State, me: Seat, deal: u32, threat: f64) -> f64 {
    let pool = matches!(game.options().format, Format::Pool101 | Format::Pool201);
    if w.deal_no != deal || w.over {
        let r = w.last.as_ref().expect("a finished deal");
        return if pool {
            -f64::from(r.points[me])
        } else {
            f64::from(r.change[me])
        };
    }
    let (first, middle) = game.options().drop_costs();
    match w.status[me] {
        Status::FirstDrop => -f64::from(first),
        Status::MiddleDrop => -f64::from(middle),
        Status::Wrong => -80.0,
        _ => {
            let wild = w.cut.map_or(0, crate::score::wild_rank);
            let mine = policy.cost(wild, w.hands[me]);
            if threat == 0.0 {
                return -mine;
            }
            let others: Vec<usize> = (0..w.players())
                .filter(|&k| k != me && w.status[k] == Status::In)
                .collect();
            let theirs: f64 = others.iter().map(|&k| policy.cost(wild, w.hands[k])).sum::<f64>();
            -mine + threat * theirs / others.len().max(1) as f64
        }
    }
}

/// Plays `w` on by the quick policy until `me` has had `effort.horizon`
/// more turns,
/// the deal ends, or `me` leaves it; its reward.
pub fn rollout(game: &IndianRummy, policy: &mut Policy, w: &mut State, me: Seat, effort: Effort, rng: &mut Rng) -> f64 {
    let deal = w.deal_no;
    let mut turns = 0;
    while w.deal_no == deal && !w.over && w.status[me] == Status::In {
        match w.turn() {
            Turn::Chance => {
                let a = game.sample_chance(w, rng);
                game.apply(w, a);
            }
            Turn::Seat(k) => {
                if k == me && w.phase == Phase::Draw {
                    turns += 1;
                    if turns > effort.horizon {
                        break;
                    }
                }
                let a = quick_action(policy, w);
                game.apply(w, a);
            }
            Turn::Terminal => break,
        }
    }
    reward(game, policy, w, me, deal, effort.threat)
}

/// The quick policy's action for the player to act in `w` (never a drop).
fn quick_action(policy: &mut Policy, w: &State) -> Action {
    let s = Situation::of_state(w);
    match s.phase {
        Phase::Draw => match s.open {
            Some(open) if super::quick::takes(s.hand, s.wild, open) => Action::Take,
            _ => Action::Draw,
        },
        _ => super::quick::finish(&mut policy.solvers, s.hand, s.wild, s.taken),
    }
}

/// Every root played once on each of `effort.worlds` worlds, the same world and
/// rollout stream for every root; the values world by world, root by
/// root.
pub fn play_roots(
    game: &IndianRummy,
    policy: &mut Policy,
    o: &Observation,
    seat: Seat,
    roots: &[Root],
    effort: Effort,
    seed: u64,
) -> Vec<f64> {
    let worlds = effort.worlds;
    let mut common = CommonSamples::new(game, o, seat, seed);
    let mut values = Vec::with_capacity(roots.len() * worlds as usize);
    for j in 0..worlds {
        let world = common.world(j);
        for root in roots {
            let mut w = world.clone();
            game.apply(&mut w, root.action);
            if let Some(then) = root.then {
                game.apply(&mut w, then);
            }
            values.push(rollout(game, policy, &mut w, seat, effort, &mut common.rollout_rng(j)));
        }
    }
    values
}

/// The root to play of `roots` (the policy's choice first) whose values
/// are `values` as [`play_roots`] gives them: the layer's paired choice
/// ([`tabula_cards::choose_paired`]) at [`MARGIN`] standard errors, so a
/// take is judged by its best discard.
///
/// # Panics
/// When `roots` is empty or `values` is not a whole number of worlds.
pub fn choose_root(roots: &[Root], values: &[f64]) -> usize {
    let actions: Vec<Action> = roots.iter().map(|r| r.action).collect();
    tabula_cards::choose_paired(&actions, values, MARGIN)
}
