//! The computer, levels 1 to 4, with every tunable in [`GIN_TUNABLES`].
//!
//! - **The policy** (levels 1–2, and the searches' rollouts): take the
//!   pile's card when, after the best discard, it leaves at least
//!   [`TAKE_GAIN`] less deadwood than now (or melds at once), else draw
//!   from the stock; discard the card that leaves the least deadwood,
//!   counting against a card the other seat could use (its rank or a
//!   neighbour in suit of a card it took from the pile); knock with
//!   [`KNOCK_AT`] or less, or with anything the limit allows once the
//!   stock is low; gin and big gin always.
//! - **Level 1** makes natural mistakes: now and then one of its three
//!   best-scored actions at random.
//! - **Levels 3–4**: a flat search over the hand in progress
//!   ([`HandGame`]): the policy's choice and its next best draws or
//!   discards ([`ROOT_CANDIDATES`] in all) and, when a knock is allowed,
//!   the knock leaving the least deadwood (knock now or play on) are each
//!   played on the same worlds with the same rollout streams (common
//!   random numbers), the policy playing both seats; a finished hand is
//!   judged by its points, won or lost. The policy's choice stands unless
//!   another root beats it by [`MARGIN`] standard errors of the paired
//!   difference: with a hundred worlds a root the policy's equal often
//!   looks a few points better by chance. The worlds come from what the
//!   seat knows (its hand, the pile, the cards the other seat took from
//!   it), the other hand's hidden cards weighted towards low deadwood
//!   ([`GinRummy::inferring`]): uniform worlds give the other seat a
//!   random ten cards, and a search on them played worse than the policy
//!   (level 3 won 16 of 60 matches against level 2; 31 of 60 with the
//!   weighting, under root-UCB over the draws and discards only, the
//!   knock the policy's, the most-sampled root played). An
//!   information-set tree was tried first and did worse still: its
//!   chance node after a stock draw spreads the next discards thin while
//!   a card taken from the pile leads to one well-searched discard, so it
//!   overvalued taking (3 and 4 wins in 20 matches). Measured on 60 deals
//!   (120 matches to 100, seat-rotated) against level 2: the flat search
//!   with the knock among the roots won 66 (0.55, 95% [0.46, 0.64]) with
//!   a margin of one standard error, 74 (0.617, [0.53, 0.70]) with two.
//!   Level 4 differs only by its samples: against level 3 it won 49 of
//!   80 (40 deals; 0.613, [0.51, 0.71]).
//!
//! No level looks at anything but its own observation, and none treats a
//! human seat differently.

use tabula_cards::{CardId, CardSet, HandGame, HandRules, Mistakes, best_scored};
use tabula_search::{
    Determinize, Game, Payoffs, Player, Rng, Rollout, RootStat, SearchResult, SearchStats, Seat, Tunable,
    rng::derive_seed, stable_hash,
};

use crate::actions::Action;
use crate::cards::{points, rank, suit_of};
use crate::melds::{Partition, best_partition, deadwood};
use crate::observation::Observation;
use crate::rules::GinRummy;
use crate::score::knock_limit;
use crate::state::{Phase, SEATS, State};

/// Level 1's chance of a mistake on a decision.
const MISTAKE_RATE: f64 = 0.3;
/// Level 1 picks its mistakes among this many best-scored actions.
const MISTAKE_CANDIDATES: usize = 3;
/// Take the pile's card when it leaves at least this much less deadwood.
pub const TAKE_GAIN: u32 = 3;
/// Knock with this much deadwood or less at any time.
pub const KNOCK_AT: u32 = 6;
/// With this many cards or fewer left in the stock, knock whenever allowed.
const LATE_STOCK: usize = 10;
/// Deadwood points a discard is charged for each way it could help the
/// other seat's known cards.
const DANGER: f64 = 1.5;
/// The chance a rollout discards at random instead of by the policy.
const ROLLOUT_RANDOM: f64 = 0.0;
/// The search's worlds weigh the other hand by `exp(−deadwood / this)`
/// (see [`GinRummy::inferring`]).
pub const INFERENCE: u32 = 8;
/// Rollouts per decision of levels 3 and 4, shared evenly among the
/// roots (each root is played once on each world).
const LEVEL_SAMPLES: [u64; 2] = [400, 2000];
/// A hand is judged by its points, won or lost, up to this many: most
/// hands are worth 5 to 40, and a range wide enough for every gin would
/// leave the search's exploration swamping the differences that matter.
const HAND_RANGE: f64 = 40.0;
/// The search compares only the policy's few best root actions: this
/// many discards or draws, the policy's choice among them (and a knock).
const ROOT_CANDIDATES: usize = 4;
/// Another root replaces the policy's choice only when it beats it by
/// this many standard errors on the same worlds.
const MARGIN: f64 = 2.0;
/// Stream tags: worlds and rollouts draw from separate derived seeds.
const WORLD_STREAM: u64 = 0x5752_4c44;
const ROLLOUT_STREAM: u64 = 0x524f_4c4c;
/// The table of the computer's tunables (name, default, meaning).
pub const GIN_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "mistake_rate",
        MISTAKE_RATE,
        "level 1's chance of picking among its best actions at random",
    ),
    Tunable::int(
        "mistake_candidates",
        MISTAKE_CANDIDATES as i64,
        "how many best-scored actions level 1's mistakes pick among",
    ),
    Tunable::int(
        "take_gain",
        TAKE_GAIN as i64,
        "take the pile's card when it leaves this much less deadwood after the best discard",
    ),
    Tunable::int(
        "knock_at",
        KNOCK_AT as i64,
        "knock with this much deadwood or less at any time",
    ),
    Tunable::int(
        "late_stock",
        LATE_STOCK as i64,
        "with this few cards in the stock, knock whenever the limit allows",
    ),
    Tunable::float(
        "danger",
        DANGER,
        "deadwood charged to a discard for each known card of the other seat's it could extend",
    ),
    Tunable::float(
        "rollout_random",
        ROLLOUT_RANDOM,
        "the rollouts' chance of a random discard",
    ),
    Tunable::float(
        "hand_range",
        HAND_RANGE,
        "the points a hand's reward is clamped to, won or lost",
    ),
    Tunable::int(
        "root_candidates",
        ROOT_CANDIDATES as i64,
        "the search's root actions: the policy's choice and next best discards or draws, this many, and the least-deadwood knock",
    ),
    Tunable::float(
        "margin",
        MARGIN,
        "standard errors of the paired difference by which a root must beat the policy's choice",
    ),
    Tunable::int(
        "inference",
        INFERENCE as i64,
        "the search's worlds weigh the other hand by exp(-deadwood / this) among 8 uniform draws",
    ),
    Tunable::int(
        "level3_samples",
        LEVEL_SAMPLES[0] as i64,
        "root samples per decision at level 3",
    ),
    Tunable::int(
        "level4_samples",
        LEVEL_SAMPLES[1] as i64,
        "root samples per decision at level 4",
    ),
];

/// What the policy looks at: public facts and the seat's own cards.
#[derive(Clone, Copy, Debug)]
pub struct View {
    /// Where the hand stands.
    pub phase: Phase,
    /// The seat's hand.
    pub hand: CardSet,
    /// The pile's top card.
    pub top: Option<CardId>,
    /// The card just taken from the pile.
    pub taken: Option<CardId>,
    /// The cards the other seat took from the pile and holds.
    pub other_known: CardSet,
    /// Cards left in the stock.
    pub stock: usize,
    /// The most deadwood a knock may leave.
    pub limit: u32,
}

impl View {
    /// The view of the seat to act in `o`.
    pub fn of_observation(game: &GinRummy, o: &Observation) -> View {
        View {
            phase: o.phase,
            hand: o.hand,
            top: o.pile.last().copied(),
            taken: o.taken,
            other_known: o.other_known,
            stock: usize::from(o.stock),
            limit: knock_limit(&game.options(), o.upcard),
        }
    }

    /// The view of the seat to act in `s` (public facts and its cards).
    pub fn of_state(game: &GinRummy, s: &State) -> View {
        let seat = s.to_act();
        View {
            phase: s.phase(),
            hand: s.hands()[seat],
            top: s.top(),
            taken: s.taken,
            other_known: s.known[1 - seat],
            stock: s.stock().len(),
            limit: game.knock_limit(s),
        }
    }
}

/// How many ways `card` could help the other seat: a card of the same
/// rank, or one or two away in the same suit, among the cards it took.
fn danger(card: CardId, other_known: CardSet) -> u32 {
    other_known
        .iter()
        .filter(|&k| rank(k) == rank(card) || (suit_of(k) == suit_of(card) && rank(k).abs_diff(rank(card)) <= 2))
        .count() as u32
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
            } else if left <= KNOCK_AT || view.stock <= LATE_STOCK {
                1000.0 - f64::from(left)
            } else {
                f64::MIN
            }
        }
        Action::BigGin => 3000.0,
        Action::Deal(_) | Action::HiddenDeal => f64::MIN,
    }
}

/// The root actions the search compares, the policy's choice first: the
/// policy's [`ROOT_CANDIDATES`] best discards or draws and, when a knock
/// is allowed, the knock leaving the least deadwood (knock now or play
/// on, on the same worlds).
fn root_candidates(view: &View, legal: &[Action], out: &mut Vec<Action>) {
    out.clear();
    let best = |a: &(Action, f64), b: &(Action, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    let mut scored: Vec<(Action, f64)> = legal.iter().map(|&a| (a, action_score(view, a))).collect();
    scored.sort_by(best);
    let policy = scored[0].0;
    out.push(policy);
    let plays = scored.iter().filter(|(a, _)| !matches!(a, Action::Knock(_)));
    let more = ROOT_CANDIDATES - usize::from(!matches!(policy, Action::Knock(_)));
    out.extend(plays.map(|&(a, _)| a).filter(|&a| a != policy).take(more));
    let knock = legal
        .iter()
        .filter_map(|&a| match a {
            Action::Knock(c) => Some((a, -f64::from(deadwood(view.hand - CardSet::of(c))))),
            _ => None,
        })
        .min_by(best);
    if let Some((k, _)) = knock
        && k != policy
    {
        out.push(k);
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
                    let view = View::of_state(rules, s);
                    if view.phase == Phase::Discard && rng.next_f64() < ROLLOUT_RANDOM {
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

/// A computer seat at one level (1–4).
#[derive(Debug)]
pub struct GinAi {
    level: u8,
    rng: Rng,
    seed: u64,
    rollout: PolicyRollout,
    legal: Vec<Action>,
    roots: Vec<Action>,
    sums: Vec<[f64; 3]>,
}

impl GinAi {
    /// Level `level` (1 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 1 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        assert!((1..=4).contains(&level), "Gin Rummy levels run from 1 to 4");
        GinAi {
            level,
            rng: Rng::new(seed),
            seed,
            rollout: PolicyRollout::default(),
            legal: Vec::new(),
            roots: Vec::new(),
            sums: Vec::new(),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.level
    }
}

impl Player<GinRummy> for GinAi {
    fn choose(&mut self, game: &GinRummy, o: &Observation, seat: Seat) -> SearchResult<Action> {
        game.legal_from_observation(o, seat, &mut self.legal);
        let done = |action: Option<Action>| SearchResult {
            action,
            value: 0.0,
            stats: Default::default(),
        };
        match self.legal.as_slice() {
            [] => return done(None),
            [only] => return done(Some(*only)),
            _ => {}
        }
        let view = View::of_observation(game, o);
        // Gin is never thrown away, at any level.
        if let Some(&gin) = self.legal.iter().find(|&&a| {
            matches!(a, Action::BigGin) || matches!(a, Action::Knock(c) if deadwood(o.hand - CardSet::of(c)) == 0)
        }) {
            return done(Some(gin));
        }
        if self.level <= 2 {
            let mistakes = (self.level == 1).then_some(Mistakes {
                rate: MISTAKE_RATE,
                among: MISTAKE_CANDIDATES,
            });
            let action = best_scored(&self.legal, |a| action_score(&view, a), mistakes, &mut self.rng);
            return done(Some(action));
        }
        let samples = LEVEL_SAMPLES[usize::from(self.level - 3)];
        let model = game.inferring(INFERENCE);
        let hand = HandGame::new(&model, o);
        let mut roots = std::mem::take(&mut self.roots);
        root_candidates(&view, &self.legal, &mut roots);
        // Each decision's seed comes from the player's seed and the position.
        let seed = derive_seed(self.seed, stable_hash(o));
        let result = self.search(&hand, o, seat, &roots, samples, seed);
        self.roots = roots;
        result
    }
}

impl GinAi {
    /// Every root played on the same worlds with the same rollout streams
    /// (`samples` rollouts in all); the policy's choice, `roots[0]`, stands
    /// unless another beats it on those worlds by [`MARGIN`] standard
    /// errors of the paired difference.
    fn search(
        &mut self,
        hand: &HandGame<'_, GinRummy>,
        o: &Observation,
        seat: Seat,
        roots: &[Action],
        samples: u64,
        seed: u64,
    ) -> SearchResult<Action> {
        let worlds = (samples / roots.len() as u64).max(1);
        let mut sampler = hand.sampler(o, seat);
        self.sums.clear();
        self.sums.resize(roots.len(), [0.0; 3]);
        for j in 0..worlds {
            let world = sampler.sample(&mut Rng::derived(derive_seed(seed, WORLD_STREAM), j));
            let mut base = 0.0;
            for (k, &root) in roots.iter().enumerate() {
                let mut w = world.clone();
                hand.apply(&mut w, root);
                let mut rng = Rng::derived(derive_seed(seed, ROLLOUT_STREAM), j);
                let r = self.rollout.rollout(hand, &mut w, &mut rng).get(seat);
                if k == 0 {
                    base = r;
                }
                let d = r - base;
                let sum = &mut self.sums[k];
                *sum = [sum[0] + r, sum[1] + d, sum[2] + d * d];
            }
        }
        let n = worlds as f64;
        let mut best = 0;
        let mut best_gain = 0.0;
        for (k, sum) in self.sums.iter().enumerate().skip(1) {
            let gain = sum[1] / n;
            let se = ((sum[2] / n - gain * gain).max(0.0) / n).sqrt();
            if gain > MARGIN * se && gain > best_gain {
                best = k;
                best_gain = gain;
            }
        }
        let mut root: Vec<RootStat<Action>> = roots
            .iter()
            .zip(&self.sums)
            .map(|(&action, sum)| RootStat {
                action,
                visits: worlds,
                value: sum[0] / n,
                exact: false,
            })
            .collect();
        root.sort_by_key(|r| r.action);
        SearchResult {
            action: Some(roots[best]),
            value: self.sums[best][0] / n,
            stats: SearchStats {
                leaves: worlds * roots.len() as u64,
                iterations: worlds * roots.len() as u64,
                root,
                ..SearchStats::default()
            },
        }
    }
}
