//! The computer, levels 1 to 4, with every tunable in [`SPADES_TUNABLES`].
//!
//! - **Bidding** (every level): the hand's expected tricks
//!   ([`expected_tricks`]: spade honours by the length that guards them,
//!   long spades, side aces and kings, ruffs in short suits with spades to
//!   spare), rounded; nil on a hand with almost no tricks, low spades and
//!   a partner who did not bid nil; blind nil (under the option) when the
//!   side trails far. Level 1 misjudges its bid by one now and then.
//! - **Play**, levels 1–2: a card scorer ([`card_score`]) that wins cheaply
//!   while its side (or setting the other side) needs tricks, ducks once
//!   the contract is safe, never overtakes a winning partner, covers a
//!   partner's nil and plays under an opponent's. Level 2 plays its best
//!   card; level 1 now and then one of its few best at random.
//! - **Play**, levels 3–4: information-set MCTS over the hand in progress
//!   ([`HandGame`]), keyed by the seat's observation, on worlds drawn by
//!   the card engine's `DealProblem` (voids honoured); rollouts play legal
//!   cards (following suit) at random; a finished hand is judged by the
//!   side's points against the other side's, bags and nils included.
//!
//! Partners share a payoff and nothing else: a seat decides from its own
//! observation, in which its partner's hand is as unseen as an
//! opponent's; no level treats a human seat differently.

pub use tabula_cards::HandGame;
use tabula_cards::french::Suit;
use tabula_cards::{CardId, CardSet, HandRules, HandSeat, Mistakes, side_gap_rewards};
use tabula_search::{Payoffs, Player, Rng, Rollout, SearchResult, Seat, Tunable};

use crate::actions::{Action, playable};
use crate::cards::{NUM_CARDS, SPADES, rank, suit_cards, suit_of};
use crate::observation::Observation;
use crate::rules::Spades;
use crate::seats::side_of;
use crate::state::{SEATS, State, TRICKS};

/// Level 1's chance of a mistake on a card.
const MISTAKE_RATE: f64 = 0.3;
/// Level 1 picks its mistakes among this many best-scored cards.
const MISTAKE_CANDIDATES: usize = 3;
/// Level 1's mistakes, as the seat makes them.
const MISTAKES: Mistakes = Mistakes {
    rate: MISTAKE_RATE,
    among: MISTAKE_CANDIDATES,
};
/// Level 1's chance that its bid is one off.
const BID_NOISE: f64 = 0.4;
/// ISMCTS iterations of levels 3 and 4.
const LEVEL_ITERATIONS: [u64; 2] = [300, 4000];
/// Nil is bid on hands expected to take fewer tricks than this.
const NIL_BELOW: f64 = 1.2;
/// Nil is bid only with no spade above this rank (8: the 10♠).
const NIL_TOP_SPADE: u8 = 8;
/// Nil is bid only with at most this many spades.
const NIL_MAX_SPADES: usize = 3;
/// Blind nil (under the option) is bid when the side trails by this much.
const BLIND_NIL_TRAILING: i32 = 200;
/// Each spade beyond the fourth counts this many tricks.
const LONG_SPADE: f64 = 0.8;
/// A spare spade ruffs this many tricks in a void or short suit.
const RUFF: f64 = 0.8;
/// The hand's reward is clamped to this many points either side.
const REWARD_RANGE: f64 = 300.0;

/// The computer's tunables (name, default, meaning).
pub const SPADES_TUNABLES: &[Tunable] = &[
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
    Tunable::float("bid_noise", BID_NOISE, "level 1: chance that its bid is one trick off"),
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
    Tunable::float(
        "nil_below",
        NIL_BELOW,
        "bidding: nil on hands expected to take fewer tricks",
    ),
    Tunable::int(
        "nil_top_spade",
        NIL_TOP_SPADE as i64,
        "bidding: nil only with no spade above this rank (0 the 2, 8 the 10)",
    ),
    Tunable::int(
        "nil_max_spades",
        NIL_MAX_SPADES as i64,
        "bidding: nil only with at most this many spades",
    ),
    Tunable::int(
        "blind_nil_trailing",
        BLIND_NIL_TRAILING as i64,
        "bidding: blind nil (under the option) when the side trails by this many points",
    ),
    Tunable::float(
        "long_spade",
        LONG_SPADE,
        "bidding: tricks for each spade beyond the fourth",
    ),
    Tunable::float("ruff", RUFF, "bidding: tricks a spare spade ruffs in a short suit"),
    Tunable::float(
        "reward_range",
        REWARD_RANGE,
        "levels 3-4: a hand's points difference is clamped to this either side",
    ),
];

/// The tricks a hand is expected to take with spades trump.
pub fn expected_tricks(hand: CardSet) -> f64 {
    let spades = hand & SPADES;
    let n = spades.len();
    let mut tricks = 0.0;
    let mut honours = 0;
    for c in spades {
        let t = match rank(c) {
            12 => 1.0,
            11 if n >= 2 => 0.9,
            11 => 0.3,
            10 if n >= 3 => 0.7,
            10 => 0.2,
            9 if n >= 4 => 0.4,
            _ => 0.0,
        };
        if t > 0.0 {
            honours += 1;
        }
        tricks += t;
    }
    tricks += n.saturating_sub(4) as f64 * LONG_SPADE;
    let mut short = 0.0;
    for suit in [Suit::Clubs, Suit::Diamonds, Suit::Hearts] {
        let cards = hand & suit_cards(suit);
        let len = cards.len();
        for c in cards {
            tricks += match rank(c) {
                12 if len <= 6 => 0.95,
                12 => 0.5,
                11 if (2..=5).contains(&len) => 0.75,
                11 if len == 1 => 0.2,
                10 if (3..=4).contains(&len) => 0.35,
                _ => 0.0,
            };
        }
        short += match len {
            0 => 2.0,
            1 => 1.0,
            2 => 0.3,
            _ => 0.0,
        };
    }
    let spare = n.saturating_sub(honours).min(4) as f64;
    tricks + (short * RUFF).min(spare * RUFF)
}

/// Whether a hand is fit for nil: few expected tricks, no spade above the
/// 10, few spades.
pub fn nil_hand(hand: CardSet) -> bool {
    let spades = hand & SPADES;
    let top = spades.iter().map(rank).max().unwrap_or(0);
    expected_tricks(hand) < NIL_BELOW && top <= NIL_TOP_SPADE && spades.len() <= NIL_MAX_SPADES
}

/// The bid of seat `o.seat`: nil on a nil hand when its partner did not
/// bid nil, else its expected tricks rounded (at least 1), keeping the
/// side's total within 13.
pub fn choose_bid(o: &Observation) -> u8 {
    let me = usize::from(o.seat);
    let partner = o.public.bids[(me + 2) % SEATS];
    if nil_hand(o.hand) && partner != Some(0) {
        return 0;
    }
    let room = TRICKS - partner.unwrap_or(0);
    (expected_tricks(o.hand).round() as u8).clamp(1, room.max(1))
}

/// Blind nil, when the side trails by [`BLIND_NIL_TRAILING`] or more.
pub fn choose_blind(o: &Observation) -> bool {
    let side = side_of(usize::from(o.seat));
    o.public.scores[1 - side] - o.public.scores[side] >= BLIND_NIL_TRAILING
}

/// The trick in progress as the scorer reads it: the winning card and its
/// seat.
fn winning(o: &Observation) -> Option<(CardId, usize)> {
    let lead = *o.public.tricks.trick().first()?;
    let mut best = (lead, 0);
    for (i, &c) in o.public.tricks.trick().iter().enumerate().skip(1) {
        if beats(c, best.0) {
            best = (c, i);
        }
    }
    Some((best.0, (usize::from(o.public.tricks.leader) + best.1) % SEATS))
}

/// Whether `card` beats `best` (the trick's winning card so far).
fn beats(card: CardId, best: CardId) -> bool {
    match (SPADES.contains(card), SPADES.contains(best)) {
        (true, false) => true,
        (false, true) => false,
        _ => suit_of(card) == suit_of(best) && card.0 > best.0,
    }
}

/// Tricks a side still needs for its contract (its nil bidders' tricks
/// do not count), from the seat's observation.
fn side_need(o: &Observation, side: usize) -> i32 {
    let won = o.won();
    let mut need = 0;
    for seat in [side, side + 2] {
        match o.public.bids[seat] {
            Some(0) | None => {}
            Some(b) => need += i32::from(b) - i32::from(won[seat]),
        }
    }
    need
}

/// The card scorer of levels 1–2: higher is better for the seat to play.
pub fn card_score(o: &Observation, card: CardId) -> f64 {
    let me = usize::from(o.seat);
    let partner = (me + 2) % SEATS;
    let side = side_of(me);
    let r = f64::from(rank(card));
    let spade = SPADES.contains(card);
    let nil = |seat: usize| o.public.bids[seat] == Some(0) && o.won()[seat] == 0;
    let opp_nil = [(me + 1) % SEATS, (me + 3) % SEATS].into_iter().find(|&s| nil(s));
    let want = side_need(o, side) > 0 || side_need(o, 1 - side) > 0;
    let Some((best, by)) = winning(o) else {
        // Leading.
        return if nil(me) {
            -r - if spade { 20.0 } else { 0.0 }
        } else if nil(partner) || (want && rank(card) == 12) {
            r
        } else if let Some(opp) = opp_nil {
            // Lead low in a suit the nil bidder still holds.
            let void = o.public.tricks.voids[opp] & crate::cards::suit_bit(suit_of(card)) != 0;
            -r - if void { 15.0 } else { 0.0 } - if spade { 5.0 } else { 0.0 }
        } else {
            -r - if spade { 8.0 } else { 0.0 }
        };
    };
    let wins = beats(card, best);
    let last = o.public.tricks.trick().len() == SEATS - 1;
    if nil(me) {
        return if wins {
            -100.0 + r
        } else {
            50.0 + r + if spade { 0.0 } else { 5.0 }
        };
    }
    let partner_played =
        (partner + SEATS - usize::from(o.public.tricks.leader)) % SEATS < o.public.tricks.trick().len();
    if nil(partner) && (by == partner || !partner_played) {
        // Cover the partner's nil: take the trick from it, or play high
        // before it.
        return if wins { 60.0 + r } else { r };
    }
    if let Some(opp) = opp_nil {
        if by == opp {
            // Leave the trick to the opponent's nil.
            return if wins { -40.0 - r } else { 50.0 + r };
        }
    }
    if by == partner && (last || o.public.tricks.trick().len() == 2 && rank(best) >= 11) {
        // The partner has it: do not overtake, shed low.
        return if wins {
            -20.0 - r
        } else {
            30.0 - r - if spade { 10.0 } else { 0.0 }
        };
    }
    if want {
        if wins {
            40.0 - r - if spade { 6.0 } else { 0.0 }
        } else {
            10.0 - r - if spade { 10.0 } else { 0.0 }
        }
    } else if wins {
        // Contracts safe: a trick now is a bag.
        -10.0 - r
    } else {
        30.0 + r - if spade { 10.0 } else { 0.0 }
    }
}

impl HandRules for Spades {
    fn hand_of(&self, s: &State) -> u32 {
        s.public.hand_no
    }

    fn hand_of_observation(&self, o: &Observation) -> u32 {
        o.public.hand_no
    }

    fn hand_over(&self, s: &State) -> bool {
        s.public.over
    }

    fn hand_rewards(&self, s: &State) -> Payoffs {
        let sides = s.public.last_hand.map_or([0, 0], |h| [h[0].total, h[1].total]);
        side_gap_rewards::<SEATS>(f64::from(sides[0] - sides[1]), REWARD_RANGE, side_of)
    }

    fn hand_reward_range(&self) -> (f64, f64) {
        (-REWARD_RANGE, REWARD_RANGE)
    }
}

/// The rollout: uniformly random playable cards (following suit, spades
/// led only once broken) to the end of the hand, picked from the hand's
/// bits without listing the actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct CardRollout;

impl Rollout<HandGame<'_, Spades>> for CardRollout {
    fn rollout(&mut self, game: &HandGame<'_, Spades>, s: &mut State, rng: &mut Rng) -> Payoffs {
        while !game.finished(s) && usize::from(s.public.dealt) == NUM_CARDS && s.next_bidder().is_none() {
            let seat = s.to_play();
            let cards = playable(s.hands[seat], s.public.tricks.led(), s.public.broken);
            let card = cards.random(rng).expect("a hand to play from");
            game.game().play_card(s, card);
        }
        if !game.finished(s) {
            // The bidding or a deal still on: the general playout.
            return tabula_search::random_playout(game, s, rng, &mut Vec::new());
        }
        game.game().hand_rewards(s)
    }
}

/// A computer seat at one level (1–4).
#[derive(Debug)]
pub struct SpadesAi {
    seat: HandSeat<Action, CardRollout>,
}

impl SpadesAi {
    /// Level `level` (1 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 1 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        SpadesAi {
            seat: HandSeat::new("Spades", level, seed, CardRollout, MISTAKES),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.seat.level()
    }

    fn bid(&mut self, o: &Observation) -> u8 {
        let bid = choose_bid(o);
        if self.seat.level() == 1 && bid > 0 && self.seat.rng.next_f64() < BID_NOISE {
            return if self.seat.rng.below(2) == 0 {
                bid.saturating_sub(1).max(1)
            } else {
                (bid + 1).min(TRICKS)
            };
        }
        bid
    }

    fn heuristic_play(&mut self, o: &Observation) -> Action {
        self.seat.best_scored(|a| match a {
            Action::Play(c) => card_score(o, c),
            _ => 0.0,
        })
    }
}

impl Player<Spades> for SpadesAi {
    fn choose(&mut self, game: &Spades, o: &Observation, seat: Seat) -> SearchResult<Action> {
        if let Some(result) = self.seat.forced(game, o, seat) {
            return result;
        }
        let done = SearchResult::decided;
        match self.seat.legal[0] {
            Action::Blind(_) => return done(Some(Action::Blind(choose_blind(o)))),
            Action::Bid(_) => return done(Some(Action::Bid(self.bid(o)))),
            _ => {}
        }
        if self.seat.level() <= 2 {
            return done(Some(self.heuristic_play(o)));
        }
        self.seat.search(game, o, seat, LEVEL_ITERATIONS)
    }
}
