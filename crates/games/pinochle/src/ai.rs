//! The computer, levels 1 to 4, with every tunable in [`PINOCHLE_TUNABLES`].
//!
//! - **The estimate** ([`estimate`]): what a side makes when this hand
//!   declares with a trump suit — the hand's own meld counted exactly, and
//!   a linear estimate of the rest (the counters the side takes, the meld
//!   the partner shows, what the pass adds) over a few features of the
//!   hand ([`features`]). The weights are calibrated by simulation: the
//!   example `pinochle_calibrate` deals hands, lets level 2 declare and
//!   play them, and fits the weights by least squares to what the side
//!   made; [`TRICK_WEIGHTS`] holds its fit.
//! - **Bidding** (every level): up to the best estimate over the four
//!   suits less a margin, in the smallest steps; over a partner's bid only
//!   with a clear margin more ([`Bidding`]). Level 1's limit is off by a
//!   random amount; level 4 bids closer to its estimate
//!   ([`LEVEL4_BIDDING`], measured by the example `bid_margin`).
//! - **Trumps**: the suit of the best estimate.
//! - **The pass**, by the same estimate: the partner gives the cards worth
//!   most to the declarer by the estimate's weights (trumps, the ace and
//!   ten of trumps, side aces) less the meld each one's loss costs it
//!   (counted exactly); the declarer gives back the cards whose loss lowers
//!   its estimate least (short side suits first among equals).
//! - **Play**, levels 1–2: a card scorer ([`card_score`]): cash a card
//!   no unseen card beats; take an opponent's trick with the cheapest card
//!   that does, and give counters to a trick the partner holds; shed
//!   cards that count nothing. Level 1 now and then plays one of its few
//!   best at random.
//! - **Play**, levels 3–4: information-set MCTS over the hand in
//!   progress, keyed by the seat's observation, on worlds that honour the
//!   melds shown, the pass and what each play ruled out; level 4's
//!   rollouts play the hand out by a cheap policy on what the table has
//!   seen ([`rollout_card`]), a random legal card at a tunable chance,
//!   level 3's legal cards at random; a finished hand is judged by the side's points
//!   against the other side's (a set bid counts against it).
//!
//! Partners share a payoff and nothing else: a seat decides from its own
//! observation, in which its partner's hand is as unseen as an
//! opponent's (but for the cards passed between them); no level treats a
//! human seat differently.

pub use tabula_cards::HandGame;
use tabula_cards::tricks::{playable, winner};
use tabula_cards::{CardId, CardSet, HandRules, HandSeat, Mistakes, side_gap_rewards};
use tabula_search::{Payoffs, Player, Rng, Rollout, SearchResult, Seat, Tunable};

use crate::actions::Action;
use crate::cards::{ALL, SEATS, copies, count, counter_points, face, face_of, rank, strength, suit_cards, suit_of};
use crate::melds::count_melds;
use crate::observation::Observation;
use crate::rules::Pinochle;
use crate::state::{ALL_SEATS, Phase, State, face_set, partner, side_of};

/// Level 1's chance of a mistake on a card.
const MISTAKE_RATE: f64 = 0.5;
/// Level 1 picks its mistakes among this many best-scored cards.
const MISTAKE_CANDIDATES: usize = 3;
const MISTAKES: Mistakes = Mistakes {
    rate: MISTAKE_RATE,
    among: MISTAKE_CANDIDATES,
};
/// Level 1's bidding limit is off by up to this many points either way.
const BID_NOISE: f64 = 60.0;
/// ISMCTS iterations of levels 3 and 4.
const LEVEL_ITERATIONS: [u64; 2] = [1000, 4000];
/// A seat bids up to its estimate less this margin.
const BID_MARGIN: f64 = 25.0;
/// A seat bids over its partner only with this much more to spare.
const PARTNER_OVERBID: f64 = 60.0;
/// Level 4's auction: a smaller margin under its estimate, measured by
/// the example `bid_margin` (levels 1-3 keep [`BID_MARGIN`] and
/// [`PARTNER_OVERBID`]).
pub const LEVEL4_BIDDING: Bidding = Bidding {
    margin: 5.0,
    partner_overbid: 50.0,
};
/// The weights of [`features`] in [`estimate`], fitted by the example
/// `pinochle_calibrate` (the constant, trumps, high trumps, side aces,
/// side tens, short side suits).
pub const TRICK_WEIGHTS: [f64; 6] = [86.9, 26.3, 13.3, 27.6, 3.2, 1.4];
/// Play: the bonus for leading a card no unseen card beats.
const LEAD_TOP: f64 = 30.0;
/// Play: the bonus for winning an opponent's trick.
const TAKE: f64 = 40.0;
/// The hand's reward is clamped to this many points either side.
const REWARD_RANGE: f64 = 400.0;
/// Rollouts play a random playable card instead of the policy's at this
/// chance.
const ROLLOUT_RANDOM: f64 = 0.2;

/// The computer's tunables (name, default, meaning).
pub const PINOCHLE_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "mistake_rate",
        MISTAKE_RATE,
        "level 1: chance of a mistake per card played",
    ),
    Tunable::int(
        "mistake_candidates",
        MISTAKE_CANDIDATES as i64,
        "level 1: its mistakes are among this many best-scored cards",
    ),
    Tunable::float(
        "bid_noise",
        BID_NOISE,
        "level 1: its bidding limit is off by up to this many points",
    ),
    Tunable::int(
        "level3_iterations",
        LEVEL_ITERATIONS[0] as i64,
        "level 3: ISMCTS iterations per card played",
    ),
    Tunable::int(
        "level4_iterations",
        LEVEL_ITERATIONS[1] as i64,
        "level 4: ISMCTS iterations per card played",
    ),
    Tunable::float("bid_margin", BID_MARGIN, "bidding: bid up to the estimate less this"),
    Tunable::float(
        "partner_overbid",
        PARTNER_OVERBID,
        "bidding: over the partner's bid only with this many points more to spare",
    ),
    Tunable::float(
        "level4_bid_margin",
        LEVEL4_BIDDING.margin,
        "level 4's bidding: bid up to the estimate less this (levels 1-3: bid_margin)",
    ),
    Tunable::float(
        "level4_partner_overbid",
        LEVEL4_BIDDING.partner_overbid,
        "level 4's bidding: over the partner's bid only with this many points more (levels 1-3: partner_overbid)",
    ),
    Tunable::float(
        "weight_base",
        TRICK_WEIGHTS[0],
        "estimate: points a declaring side makes beyond its declarer's meld (calibrated)",
    ),
    Tunable::float(
        "weight_trumps",
        TRICK_WEIGHTS[1],
        "estimate: points per trump held (calibrated)",
    ),
    Tunable::float(
        "weight_high_trumps",
        TRICK_WEIGHTS[2],
        "estimate: points per trump ace or ten (calibrated)",
    ),
    Tunable::float(
        "weight_side_aces",
        TRICK_WEIGHTS[3],
        "estimate: points per ace of another suit (calibrated)",
    ),
    Tunable::float(
        "weight_side_tens",
        TRICK_WEIGHTS[4],
        "estimate: points per ten of another suit (calibrated)",
    ),
    Tunable::float(
        "weight_short",
        TRICK_WEIGHTS[5],
        "estimate: points per side suit of at most one card (calibrated)",
    ),
    Tunable::float(
        "lead_top",
        LEAD_TOP,
        "play: bonus for leading a card no unseen card beats",
    ),
    Tunable::float("take", TAKE, "play: bonus for winning an opponent's trick"),
    Tunable::float(
        "rollout_random",
        ROLLOUT_RANDOM,
        "level 4: chance that a rollout plays a random playable card instead of the policy's (level 3's rollouts play at random)",
    ),
    Tunable::float(
        "reward_range",
        REWARD_RANGE,
        "levels 3-4: a hand's points difference is clamped to this either side",
    ),
];

/// The features of a hand for a trump suit: 1, the trumps, the trump
/// aces and tens, the aces and the tens of the other suits, and the other
/// suits of at most one card.
pub fn features(hand: CardSet, trump: u8) -> [f64; 6] {
    let trumps = hand & suit_cards(trump);
    let n = |suit: u8, r: u8| f64::from(count(hand, face_of(suit, r)));
    let plain = (0..4).filter(|&s| s != trump);
    [
        1.0,
        trumps.len() as f64,
        n(trump, rank::ACE) + n(trump, rank::TEN),
        plain.clone().map(|s| n(s, rank::ACE)).sum(),
        plain.clone().map(|s| n(s, rank::TEN)).sum(),
        plain.filter(|&s| (hand & suit_cards(s)).len() <= 1).count() as f64,
    ]
}

/// What a side is expected to make when `hand` declares `trump`: its meld
/// and the calibrated estimate of the rest (see the [module
/// documentation](self)).
pub fn estimate(hand: CardSet, trump: u8) -> f64 {
    let f = features(hand, trump);
    f64::from(count_melds(hand, trump).points) + f.iter().zip(TRICK_WEIGHTS).map(|(x, w)| x * w).sum::<f64>()
}

/// The best trump suit for `hand` and its estimate.
pub fn best_trump(hand: CardSet) -> (u8, f64) {
    (0..4)
        .map(|t| (t, estimate(hand, t)))
        .fold((0, f64::NEG_INFINITY), |b, x| if x.1 > b.1 { x } else { b })
}

/// How a seat bids: up to its best estimate less `margin`, over its
/// partner's bid only with `partner_overbid` more to spare.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bidding {
    /// The seat bids up to its estimate less this.
    pub margin: f64,
    /// Over its partner's bid it needs this much more.
    pub partner_overbid: f64,
}

impl Default for Bidding {
    /// The table's: [`BID_MARGIN`] and [`PARTNER_OVERBID`].
    fn default() -> Self {
        Bidding {
            margin: BID_MARGIN,
            partner_overbid: PARTNER_OVERBID,
        }
    }
}

/// The bid of the seat `o` observes, with its limit moved by `noise`:
/// the next bid when it is within the limit (over a partner's bid only
/// with [`PARTNER_OVERBID`] to spare), else a pass; the stuck dealer bids
/// the minimum.
pub fn choose_bid(o: &Observation, noise: f64) -> Action {
    choose_bid_by(o, noise, Bidding::default())
}

/// [`choose_bid`] under `bidding`'s margins.
pub fn choose_bid_by(o: &Observation, noise: f64, bidding: Bidding) -> Action {
    let p = &o.public;
    let me = usize::from(o.seat);
    let Some(next) = p.next_bid() else {
        return Action::Pass;
    };
    if p.stuck() {
        return Action::Bid(next);
    }
    let limit = best_trump(o.hand).1 - bidding.margin + noise;
    let partner_high = p.high > 0 && usize::from(p.high_seat) == partner(me);
    let room = if partner_high { bidding.partner_overbid } else { 0.0 };
    if f64::from(next) + room <= limit {
        Action::Bid(next)
    } else {
        Action::Pass
    }
}

/// The cards to pass: `k` of `hand`, chosen one at a time, each the best
/// by `score` of the change its loss makes to `value` (of the cards left,
/// read once a step), the cards left and the card.
fn choose_give(
    hand: CardSet,
    k: usize,
    value: impl Fn(CardSet) -> f64,
    score: impl Fn(f64, CardSet, CardId) -> f64,
) -> CardSet {
    let mut left = hand;
    let mut out = CardSet::EMPTY;
    for _ in 0..k {
        let now = value(left);
        let mut best = (f64::NEG_INFINITY, None);
        for c in left {
            let v = score(value(left - CardSet::of(c)) - now, left, c);
            if v > best.0 {
                best = (v, Some(c));
            }
        }
        let c = best.1.expect("cards to pass");
        left.remove(c);
        out.insert(c);
    }
    out
}

/// What a card adds to the declarer's hand by the estimate's weights
/// ([`TRICK_WEIGHTS`]): a trump (more for its ace or ten), a side ace, a
/// side ten; nothing else (the partner does not see what meld it makes
/// there).
pub fn worth_to_declarer(c: CardId, trump: u8) -> f64 {
    let [_, trumps, high, aces, tens, _] = TRICK_WEIGHTS;
    let r = crate::cards::rank_of(c);
    let top = r == rank::ACE || r == rank::TEN;
    if suit_of(c) == trump {
        trumps + if top { high } else { 0.0 }
    } else if r == rank::ACE {
        aces
    } else if r == rank::TEN {
        tens
    } else {
        0.0
    }
}

/// The partner's pass to the declarer, by the estimate: each card's worth
/// to the declarer ([`worth_to_declarer`]) less the meld its loss costs
/// the partner's hand (counted exactly); of equal worth, the higher card.
pub fn give_to_declarer(hand: CardSet, trump: u8, k: usize) -> CardSet {
    choose_give(
        hand,
        k,
        |left| f64::from(count_melds(left, trump).points),
        |change, _, c| worth_to_declarer(c, trump) + change + f64::from(strength(c)) / 100.0,
    )
}

/// The declarer's pass back, by the estimate: each card the one whose loss
/// lowers the hand's [`estimate`] least (its meld counted exactly, its
/// trumps, aces, tens and short suits by the weights); of equal loss, a
/// card of the shortest side suit, then the lowest.
pub fn give_back(hand: CardSet, trump: u8, k: usize) -> CardSet {
    choose_give(
        hand,
        k,
        |left| estimate(left, trump),
        |change, left, c| {
            let len = (left & suit_cards(suit_of(c))).len() as f64;
            change + (12.0 - len) / 100.0 - f64::from(strength(c)) / 1000.0
        },
    )
}

/// The trick in progress as the scorer reads it: the winning card, the
/// seat that played it, and whether `card` would beat it.
fn beats_trick(o: &Observation, card: CardId) -> Option<(CardId, usize, bool)> {
    let t = o.public.tricks.trick();
    let lead = *t.first()?;
    let suits = o.public.suits();
    let led = suit_of(lead);
    let i = winner(&suits, t);
    let seat = o.public.tricks.seat_at(i, ALL_SEATS);
    use tabula_cards::tricks::Suits;
    let wins = suits.power(card, led) > suits.power(t[i], led);
    Some((t[i], seat, wins))
}

/// Whether no card the seat cannot see beats `card` in its suit (trumps
/// aside): a sure trick led while the others follow.
fn is_top(o: &Observation, card: CardId) -> bool {
    let unseen = ALL - o.hand - o.public.tricks.all_played();
    let s = suit_of(card);
    !(unseen & suit_cards(s)).iter().any(|c| strength(c) > strength(card))
}

/// The card scorer of levels 1–2: higher is better for the seat to play.
pub fn card_score(o: &Observation, card: CardId) -> f64 {
    let me = usize::from(o.seat);
    let r = f64::from(strength(card));
    let pts = f64::from(counter_points(card));
    let trump = o.public.trump.expect("trumps in play");
    let is_trump = suit_of(card) == trump;
    let Some((best, by, wins)) = beats_trick(o, card) else {
        // Leading.
        let len = (o.hand & suit_cards(suit_of(card))).len() as f64;
        return if is_top(o, card) && !is_trump {
            LEAD_TOP + pts
        } else if is_trump {
            let declaring = o
                .public
                .declarer
                .is_some_and(|d| side_of(usize::from(d)) == side_of(me));
            let trumps = (o.hand & suit_cards(trump)).len() as f64;
            if declaring && trumps >= 5.0 && is_top(o, card) {
                LEAD_TOP + pts
            } else {
                -20.0 - r
            }
        } else {
            len - r - pts / 2.0
        };
    };
    let last = o.public.tricks.trick().len() == SEATS - 1;
    if side_of(by) == side_of(me) {
        // The partner holds the trick: give it counters when it is safe.
        let safe = last || (is_top(o, best) && suit_of(best) == suit_of(o.public.tricks.trick()[0]));
        return if safe {
            20.0 + pts - r / 10.0
        } else {
            -r - if is_trump { 5.0 } else { 0.0 }
        };
    }
    if wins {
        // Take it: cheaply, unless last (then with the best counter).
        TAKE + if last { pts } else { -r } - if is_trump { 3.0 } else { 0.0 }
    } else {
        -pts - r
    }
}

impl HandRules for Pinochle {
    fn hand_of(&self, s: &State) -> u32 {
        s.hand_no()
    }

    fn hand_of_observation(&self, o: &Observation) -> u32 {
        o.public.hand_no
    }

    fn hand_over(&self, s: &State) -> bool {
        s.is_over()
    }

    fn hand_rewards(&self, s: &State) -> Payoffs {
        let sides = s
            .public
            .last_hand
            .map_or([0, 0], |h| [h.sides[0].total, h.sides[1].total]);
        side_gap_rewards::<SEATS>(f64::from(sides[0] - sides[1]), REWARD_RANGE, side_of)
    }

    fn hand_reward_range(&self) -> (f64, f64) {
        (-REWARD_RANGE, REWARD_RANGE)
    }
}

/// The rollout policy's choice of a card among `cards` (the playable
/// ones) for `seat`, from what the table has seen (never the other
/// hands): lead a card no unseen card of its suit beats, else the lowest
/// of a plain suit; give counters to a trick the partner wins; take an
/// opponent's trick with the cheapest card that does (the best counter
/// when last); else shed the lowest card that counts nothing.
pub fn rollout_card(s: &State, seat: usize, cards: CardSet) -> CardId {
    use tabula_cards::tricks::Suits;
    let p = &s.public;
    let suits = p.suits();
    let trick = p.tricks.trick();
    let cheapest = |set: CardSet, by: &dyn Fn(CardId) -> i32| set.iter().min_by_key(|&c| by(c)).expect("a card");
    let Some(&lead) = trick.first() else {
        let seen = p.tricks.all_played() | s.hands[seat];
        let top = cards.iter().find(|&c| {
            Some(suit_of(c)) != p.trump
                && !(suit_cards(suit_of(c)) - seen)
                    .iter()
                    .any(|x| strength(x) > strength(c))
        });
        return top.unwrap_or_else(|| {
            cheapest(cards, &|c| {
                i32::from(strength(c)) + if Some(suit_of(c)) == p.trump { 20 } else { 0 }
            })
        });
    };
    let led = suit_of(lead);
    let i = winner(&suits, trick);
    let best = suits.power(trick[i], led);
    let by = p.tricks.seat_at(i, ALL_SEATS);
    let last = trick.len() == SEATS - 1;
    let value = |c: CardId| i32::from(counter_points(c)) * 2 + i32::from(strength(c));
    if side_of(by) == side_of(seat) {
        return cheapest(cards, &|c| -value(c));
    }
    let winning: CardSet = cards.iter().filter(|&c| suits.power(c, led) > best).collect();
    if !winning.is_empty() {
        return if last {
            cheapest(winning, &|c| -value(c))
        } else {
            cheapest(winning, &|c| suits.power(c, led) as i32)
        };
    }
    cheapest(cards, &value)
}

/// The rollout: the cards played to the end of the hand by
/// [`rollout_card`], a uniformly random playable card at the chance
/// `random` (follow suit, head the trick, trump and over-trump always),
/// picked from the hand's bits without listing the actions.
#[derive(Clone, Copy, Debug)]
pub struct CardRollout {
    /// The chance of a random playable card instead of the policy's: 1
    /// plays at random.
    pub random: f64,
}

impl Default for CardRollout {
    /// Level 4's: the policy, a random card at `rollout_random`.
    fn default() -> Self {
        CardRollout { random: ROLLOUT_RANDOM }
    }
}

impl CardRollout {
    /// Level `level`'s rollout: level 4 the policy's ([`Default`]), the
    /// others random playable cards.
    pub fn of_level(level: u8) -> Self {
        if level >= 4 {
            CardRollout::default()
        } else {
            CardRollout { random: 1.0 }
        }
    }
}

impl Rollout<HandGame<'_, Pinochle>> for CardRollout {
    fn rollout(&mut self, game: &HandGame<'_, Pinochle>, s: &mut State, rng: &mut Rng) -> Payoffs {
        while !game.finished(s) && s.public.phase() == Phase::Play {
            let seat = s.to_play();
            let p = &s.public;
            let cards = playable(&p.suits(), s.hands[seat], p.tricks.trick(), p.duties());
            // Any copy the seat holds: the numbers matter to no one here.
            let card = if self.random >= 1.0 || rng.next_f64() < self.random {
                cards.random(rng).expect("a hand to play from")
            } else {
                rollout_card(s, seat, cards)
            };
            game.game().play_card(s, card);
        }
        if !game.finished(s) {
            return tabula_search::random_playout(game, s, rng, &mut Vec::new());
        }
        game.game().hand_rewards(s)
    }
}

/// A computer seat at one level (1–4).
#[derive(Debug)]
pub struct PinochleAi {
    seat: HandSeat<Action, CardRollout>,
    bidding: Bidding,
}

impl PinochleAi {
    /// Level `level` (1 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 1 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        PinochleAi {
            seat: HandSeat::new("Pinochle", level, seed, CardRollout::of_level(level), MISTAKES),
            bidding: if level >= 4 { LEVEL4_BIDDING } else { Bidding::default() },
        }
    }

    /// The same seat bidding by `bidding` (for experiments with the
    /// auction; levels 1-3 bid by [`Bidding::default`], level 4 by
    /// [`LEVEL4_BIDDING`]).
    pub fn with_bidding(mut self, bidding: Bidding) -> Self {
        self.bidding = bidding;
        self
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.seat.level()
    }
}

impl Player<Pinochle> for PinochleAi {
    fn choose(&mut self, game: &Pinochle, o: &Observation, seat: Seat) -> SearchResult<Action> {
        if let Some(result) = self.seat.forced(game, o, seat) {
            return result;
        }
        let done = |a| SearchResult::decided(Some(a));
        let p = &o.public;
        let k = usize::from(p.options.pass);
        match p.phase() {
            Phase::Bid => {
                let noise = if self.seat.level() == 1 {
                    (self.seat.rng.next_f64() * 2.0 - 1.0) * BID_NOISE
                } else {
                    0.0
                };
                done(choose_bid_by(o, noise, self.bidding))
            }
            Phase::Trump => done(Action::Trump(best_trump(o.hand).0)),
            Phase::Give => {
                let trump = p.trump.expect("trumps named");
                let cards = if p.gives_left == 2 {
                    give_to_declarer(o.hand, trump, k)
                } else {
                    give_back(o.hand, trump, k)
                };
                done(Action::Give(face_set(o.hand, cards).expect("cards of the hand")))
            }
            _ if self.seat.level() <= 2 => {
                let best = self.seat.best_scored(|a| match a {
                    Action::Play(c) => card_score(o, c),
                    _ => 0.0,
                });
                done(best)
            }
            _ => self.seat.search(game, o, seat, LEVEL_ITERATIONS),
        }
    }
}

const _: () = assert!(copies(0).0 == 0b11 && face(CardId(47)) == 23);
