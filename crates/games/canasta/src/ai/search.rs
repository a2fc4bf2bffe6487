//! The levels 3 and 4 search: its roots, each the rest of a complete turn
//! ([`Root`]), every root played on the same worlds with the same rollout
//! streams (common random numbers), and the choice among them (the card
//! layer's paired comparer). The search is described in the [`crate::ai`]
//! module.

use tabula_search::{CommonSamples, Game, Rng, Seat, Turn};

use super::policy::{self, Context, Reading};
use crate::actions::Action;
use crate::melding::{CANASTA, table_counts};
use crate::observation::{Observation, on_table, unseen};
use crate::rules::Canasta;
use crate::state::{Phase, SEATS, State, side_of};

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
    /// Whether the roots also meld by two other plans than the policy's:
    /// natural cards only onto the side's melds, and everything it can.
    pub plans: bool,
    /// Whether the policy (its roots and its rollouts, every seat's) reads
    /// the next player's chances to take the pile ([`policy::Reading`]).
    pub reads: bool,
}

/// A way to meld the rest of a turn, beside the policy's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Natural cards onto the side's melds only: no new meld, no wild card.
    Onto,
    /// Everything it can: natural cards onto the melds, new melds of three
    /// natural cards or of a pair with a wild card (a two first), and the
    /// wild cards left onto the melds nearest a canasta.
    Most,
}

/// The next meld of `plan` in the turn `sit` (its side open), if any.
pub fn plan_step(sit: &crate::legal::Situation, plan: Plan) -> Option<crate::actions::MeldMove> {
    use crate::actions::MeldMove;
    use crate::cards::NATURAL_RANKS;
    use crate::melding::{Counts, MAX_WILD};
    let h = Counts::of(sit.hand);
    let table = table_counts(sit.table);
    let try_ = |m: MeldMove| sit.meld_legal(m).then_some(m);
    for r in NATURAL_RANKS {
        let n = h.nat[usize::from(r)];
        if n > 0 && table[usize::from(r)].exists() {
            if let Some(m) = try_(MeldMove {
                rank: r,
                naturals: n,
                twos: 0,
                jokers: 0,
            }) {
                return Some(m);
            }
        }
    }
    if plan == Plan::Onto {
        return None;
    }
    for r in NATURAL_RANKS {
        let n = h.nat[usize::from(r)];
        let (twos, jokers) = match n {
            0 | 1 => continue,
            2 if h.twos > 0 => (1, 0),
            2 if h.jokers > 0 => (0, 1),
            2 => continue,
            _ => (0, 0),
        };
        if let Some(m) = try_(MeldMove {
            rank: r,
            naturals: n,
            twos,
            jokers,
        }) {
            return Some(m);
        }
    }
    let mut ranks: Vec<usize> = (0..table.len())
        .filter(|&r| table[r].exists() && table[r].wilds < MAX_WILD)
        .collect();
    ranks.sort_by_key(|&r| (std::cmp::Reverse(table[r].len()), r));
    for r in ranks {
        let m = if h.twos > 0 {
            MeldMove {
                rank: r as u8,
                naturals: 0,
                twos: 1,
                jokers: 0,
            }
        } else if h.jokers > 0 {
            MeldMove {
                rank: r as u8,
                naturals: 0,
                twos: 0,
                jokers: 1,
            }
        } else {
            break;
        };
        if let Some(m) = try_(m) {
            return Some(m);
        }
    }
    None
}

/// The melds of `plan` from now, then the `k`-th safest discard.
fn follow_plan(game: &Canasta, w: &mut State, plan: Plan, k: usize, reads: bool) -> Option<Vec<Action>> {
    let mut out = Vec::new();
    while let Some(m) = plan_step(&game.situation(w), plan) {
        out.push(Action::Meld(m));
        game.apply(w, Action::Meld(m));
        if w.phase() != Phase::Play {
            return Some(out);
        }
    }
    let &(card, _) = policy::discards(&context(game, w, reads)).get(k)?;
    out.push(Action::Discard(card));
    Some(out)
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

/// The context of the player to act in `w`, with what it reads of the
/// next player when `reads` (from what that player sees: the cards known
/// in the next hand, and the cards in no hand it sees nor on the table).
pub fn context<'a>(game: &'a Canasta, w: &'a State, reads: bool) -> Context<'a> {
    let me = w.to_act();
    let d = side_of(me);
    // Only a discard reads (not a draw, nor an answer to a request).
    let discarding = !matches!(w.phase(), Phase::Draw | Phase::Answer);
    let reading = (reads && discarding).then(|| {
        let next = (me + 1) % SEATS;
        let table = on_table(w.pile(), &w.melds, &w.reds);
        Reading::new(
            w.hands()[next].len(),
            w.known[next],
            unseen(w.hands()[me], &w.known, table),
            policy::discarded_by_next(w.pile()),
        )
    });
    Context {
        sit: game.situation(w),
        theirs: w.melds(1 - d),
        their_opened: w.opened(1 - d),
        reading,
    }
}

/// Plays the policy for the player to act until its turn ends (or a
/// chance draw comes), `first` forced as its first action; the actions.
fn follow(game: &Canasta, w: &mut State, first: Action, discard: Option<usize>, reads: bool) -> Vec<Action> {
    let seat = w.to_act();
    let deal = w.deal_no();
    let mut out = vec![first];
    game.apply(w, first);
    while w.deal_no() == deal && w.turn() == Turn::Seat(seat) && out.len() < 40 {
        let c = context(game, w, reads);
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
    let reads = effort.reads;
    let c = context(game, world, reads);
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
            out(follow(game, &mut w, a, Some(k), reads));
        }
    };
    match world.phase() {
        Phase::Draw => {
            let mut w = world.clone();
            push(follow(game, &mut w, first, None, reads));
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
            if effort.plans && c.sit.opened && world.phase() == Phase::Play {
                for plan in [Plan::Onto, Plan::Most] {
                    for k in 0..effort.discards {
                        let mut w = world.clone();
                        if let Some(actions) = follow_plan(game, &mut w, plan, k, reads) {
                            push(actions);
                        }
                    }
                }
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

/// Plays `w` on by the policy (reading as `effort` says) for the
/// effort's horizon in turns or to the hand's end; the difference of the
/// two sides' hands (their counts when it ended), for `me`'s side.
pub fn rollout(game: &Canasta, w: &mut State, me: Seat, effort: Effort, rng: &mut Rng) -> f64 {
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
                    if turns > effort.horizon {
                        break;
                    }
                }
                let a = policy::action(&context(game, w, effort.reads));
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
            values.push(rollout(game, &mut w, seat, effort, &mut common.rollout_rng(j)));
        }
    }
    (roots, values)
}
