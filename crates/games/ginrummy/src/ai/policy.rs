//! The policy the levels and the searches' rollouts share: what a seat
//! looks at ([`View`]), its score of each action ([`action_score`]), the
//! rollout that plays it to the end of the hand ([`PolicyRollout`]), and
//! the hand's rewards the searches judge by ([`HandRules`] for
//! [`GinRummy`]). The policy itself is described in the [`crate::ai`]
//! module.

use tabula_cards::{CardId, CardSet, HandGame, HandRules};
use tabula_search::{Game, Payoffs, Rng, Rollout};

use crate::actions::Action;
use crate::cards::{partners, points};
use crate::melds::{Partition, best_partition, deadwood};
use crate::observation::Observation;
use crate::rules::GinRummy;
use crate::state::{Phase, SEATS, State};

/// Take the pile's card when it leaves at least this much less deadwood.
pub const TAKE_GAIN: u32 = 3;
/// Knock with this much deadwood or less: 10, every knock the standard
/// limit allows, as soon as it may. Waiting for less measured worse
/// against the plain player (level 2, 2,000 deals: +1.00 points a hand
/// knocking at 6 or less, +1.31 at 8, +2.00 at 10; `examples/hands.rs`).
pub const KNOCK_AT: u32 = 10;
/// Deadwood points a discard is charged for each way it could help the
/// other seat's known cards.
pub(super) const DANGER: f64 = 1.5;
/// The chance a rollout discards at random instead of by the policy.
pub(super) const ROLLOUT_RANDOM: f64 = 0.0;
/// A hand is judged by its points, won or lost, up to this many: most
/// hands are worth 5 to 40, and a range wide enough for every gin would
/// leave the search's exploration swamping the differences that matter.
pub(super) const HAND_RANGE: f64 = 40.0;

/// What the policy looks at: public facts and the seat's own cards.
#[derive(Clone, Copy, Debug)]
pub struct View {
    /// Where the hand stands.
    pub phase: Phase,
    /// The seat's hand.
    pub hand: CardSet,
    /// The pile's top card.
    pub top: Option<CardId>,
    /// The cards the other seat took from the pile and holds.
    pub other_known: CardSet,
    /// Cards left in the stock.
    pub stock: usize,
}

impl View {
    /// The view of the seat to act in `o`.
    pub fn of_observation(o: &Observation) -> View {
        View {
            phase: o.phase,
            hand: o.hand,
            top: o.pile.last().copied(),
            other_known: o.other_known,
            stock: usize::from(o.stock),
        }
    }

    /// The view of the seat to act in `s` (public facts and its cards).
    pub fn of_state(s: &State) -> View {
        let seat = s.to_act();
        View {
            phase: s.phase(),
            hand: s.hands()[seat],
            top: s.top(),
            other_known: s.known[1 - seat],
            stock: s.stock().len(),
        }
    }
}

/// How many ways `card` could help the other seat: a card of the same
/// rank, or one or two away in the same suit, among the cards it took.
fn danger(card: CardId, other_known: CardSet) -> u32 {
    (partners(card) & other_known).len() as u32
}

/// The least deadwood after discarding from `hand` (not `keep`), with
/// the discard.
fn best_discard(hand: CardSet, keep: Option<CardId>, dw: &mut impl FnMut(CardSet) -> u32) -> (u32, CardId) {
    let may = hand - keep.map_or(CardSet::EMPTY, CardSet::of);
    may.iter()
        .map(|c| (dw(hand - CardSet::of(c)), c))
        .min_by_key(|&(d, c)| (d, std::cmp::Reverse(points(CardSet::of(c))), c))
        .expect("a card to discard")
}

/// The policy's score of `action` from `view` (higher is better; only the
/// order matters).
pub fn action_score(view: &View, action: Action) -> f64 {
    score_with(view, action, &mut deadwood)
}

/// The deadwood of `h`, a hand one card short of `base` (whose best
/// partition is `p`), or of `base` itself: without a meld search when the
/// card missing is deadwood in `p`, for removing a card never saves more
/// than its points; else `dw`'s.
fn near(base: CardSet, p: &Partition, h: CardSet, dw: &mut impl FnMut(CardSet) -> u32) -> u32 {
    let gone = base - h;
    if h == base {
        p.deadwood_points()
    } else if h | gone == base && gone.len() == 1 && p.deadwood().contains_all(gone) {
        p.deadwood_points() - points(gone)
    } else {
        dw(h)
    }
}

/// [`action_score`] with `dw` for [`deadwood`] (the rollouts' memo).
fn score_with(view: &View, action: Action, dw: &mut impl FnMut(CardSet) -> u32) -> f64 {
    let hand = view.hand;
    match action {
        Action::Take => {
            let Some(top) = view.top else { return f64::MIN };
            let with = hand | CardSet::of(top);
            let p = best_partition(with);
            let mut dw = |h| near(with, &p, h, dw);
            let (after, _) = best_discard(with, Some(top), &mut dw);
            let melds = !p.deadwood().contains(top);
            let gain = f64::from(dw(hand)) - f64::from(after);
            if melds || gain >= f64::from(TAKE_GAIN) {
                1.0 + gain
            } else {
                -1.0
            }
        }
        Action::Pass | Action::DrawStock => 0.0,
        Action::Discard(c) => {
            -f64::from(dw(hand - CardSet::of(c))) - DANGER * f64::from(danger(c, view.other_known))
                + f64::from(points(CardSet::of(c))) * 0.01
        }
        Action::Knock(c) => {
            let left = dw(hand - CardSet::of(c));
            if left == 0 {
                2000.0
            } else if left <= KNOCK_AT {
                1000.0 - f64::from(left)
            } else {
                f64::MIN
            }
        }
        Action::BigGin => 3000.0,
        Action::Deal(_) => f64::MIN,
    }
}

impl HandRules for GinRummy {
    fn hand_of(&self, s: &State) -> u32 {
        s.hand_no()
    }

    fn hand_of_observation(&self, o: &Observation) -> u32 {
        o.hand_no
    }

    fn hand_over(&self, s: &State) -> bool {
        s.is_over()
    }

    fn hand_rewards(&self, s: &State) -> Payoffs {
        let mut v = [0.0; SEATS];
        if let Some(r) = s.last()
            && let Some(w) = r.winner
        {
            let p = f64::from(r.points).min(HAND_RANGE);
            v[usize::from(w)] = p;
            v[1 - usize::from(w)] = -p;
        }
        Payoffs::new(&v)
    }

    fn hand_reward_range(&self) -> (f64, f64) {
        (-HAND_RANGE, HAND_RANGE)
    }
}

/// The searches' rollout: the policy to the end of the hand, with a
/// random discard now and then.
#[derive(Clone, Debug, Default)]
pub struct PolicyRollout {
    legal: Vec<Action>,
    scores: Vec<f64>,
    /// Hands (bits) and their deadwood, direct-mapped: [`MEMO_SLOTS`].
    memo: Vec<(u64, u32)>,
}

/// The rollouts' memo of [`deadwood`] by hand.
const MEMO_SLOTS: usize = 1 << 15;

/// [`deadwood`] of `hand`, through `memo` (a pure function's cache: the
/// same answers as calling it).
fn memo_deadwood(memo: &mut [(u64, u32)], hand: CardSet) -> u32 {
    let slot = (hand.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 49) as usize % memo.len();
    if memo[slot].0 == hand.0 && hand.0 != 0 {
        return memo[slot].1;
    }
    let d = deadwood(hand);
    memo[slot] = (hand.0, d);
    d
}

impl Rollout<HandGame<'_, GinRummy>> for PolicyRollout {
    fn rollout(&mut self, game: &HandGame<'_, GinRummy>, s: &mut State, rng: &mut Rng) -> Payoffs {
        let rules = game.game();
        while !game.finished(s) {
            let action = match rules.to_move(s) {
                tabula_search::Turn::Seat(_) => {
                    rules.legal_actions(s, &mut self.legal);
                    let view = View::of_state(s);
                    // No draw from the stream when the rate is 0: a take
                    // root with the policy's discard then plays exactly as
                    // the take whose discard the rollout chooses.
                    if view.phase == Phase::Discard && ROLLOUT_RANDOM > 0.0 && rng.next_f64() < ROLLOUT_RANDOM {
                        let discards = self.legal.iter().filter(|a| matches!(a, Action::Discard(_))).count();
                        self.legal[rng.below(discards as u64) as usize]
                    } else {
                        // Each action scored once; the best, ties to the lowest action.
                        self.scores.clear();
                        if self.memo.is_empty() {
                            self.memo.resize(MEMO_SLOTS, (0, 0));
                        }
                        let memo = &mut self.memo;
                        let p = (view.phase == Phase::Discard).then(|| best_partition(view.hand));
                        let mut dw = |h: CardSet| match &p {
                            Some(p) => near(view.hand, p, h, &mut |h| memo_deadwood(memo, h)),
                            None => memo_deadwood(memo, h),
                        };
                        self.scores
                            .extend(self.legal.iter().map(|&a| score_with(&view, a, &mut dw)));
                        let mut best = 0;
                        for k in 1..self.legal.len() {
                            let order = self.scores[k].total_cmp(&self.scores[best]);
                            if order.then(self.legal[best].cmp(&self.legal[k])).is_gt() {
                                best = k;
                            }
                        }
                        self.legal[best]
                    }
                }
                _ => rules.sample_chance(s, rng),
            };
            rules.apply(s, action);
        }
        rules.hand_rewards(s)
    }
}
