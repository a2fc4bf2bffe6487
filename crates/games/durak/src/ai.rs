//! The computer, levels 1 to 4, with every tunable in [`DURAK_TUNABLES`].
//!
//! - **The policy** (levels 1–2, and the searches' rollouts) scores each
//!   legal move from the seat's own view ([`score`]): a card's worth is
//!   its rank (the six 0, the ace 8), a trump 9 more ([`worth`]).
//!   - *Lead*: the cheapest card, plain before trump, a rank held twice
//!     or more preferred (more of it can follow).
//!   - *Defend*: the cheapest card that beats; a trump costs more while
//!     the stock is long (it is worth more kept), in proportion to the
//!     share of the deal's stock left. Taking costs a base and more per
//!     card on the table, and more again once the stock is gone (the cards
//!     then stay). So the seat beats with plain cards, spends a low trump
//!     when the table is full or the stock short, and takes rather than
//!     spend a high trump early.
//!   - *Transfer* (perevodnoy): a bonus over beating with the same card.
//!   - *Throw in*: a plain card up to a ten; once the stock is gone, any
//!     card up to the trump seven; else pass.
//! - **Level 1** plays the policy with mistakes among its few best moves.
//! - **Levels 3–4**: information-set MCTS over the deal in progress,
//!   worlds drawn uniformly over the unseen cards (the picked-up cards in
//!   place), rollouts that play whole bouts to the deal's end by the
//!   policy (a random legal move at a tunable chance). The reward: −1 to
//!   the durak (or its team), the rest shared by the others, 0 to all on
//!   a draw.

use tabula_cards::bout::{self, CARDS, DECK, HAND, Move, Outcome, Stage};
use tabula_cards::{CardId, CardSet, HandGame, HandRules, HandSeat, Mistakes};
use tabula_search::{Payoffs, Player, Rng, Rollout, SearchResult, Seat, Tunable};

use crate::actions::Action;
use crate::observation::Observation;
use crate::rules::Durak;
use crate::state::State;

/// Level 1's chance of a mistake per decision.
const MISTAKE_RATE: f64 = 0.5;
/// Level 1's mistakes pick among this many of the best-scored moves.
const MISTAKE_CANDIDATES: usize = 3;
pub(crate) const MISTAKES: Mistakes = Mistakes {
    rate: MISTAKE_RATE,
    among: MISTAKE_CANDIDATES,
};
/// Levels 3–4's ISMCTS iterations per decision.
pub(crate) const LEVEL_ITERATIONS: [u64; 2] = [300, 3000];
/// Rollouts play a random legal move instead of the policy's at this chance.
pub(crate) const ROLLOUT_RANDOM: f64 = 0.15;
/// A trump's worth above the ace of a plain suit.
const TRUMP_BONUS: f64 = 9.0;
/// Leading: the bonus per other card of the same rank held.
const LEAD_PAIR: f64 = 1.5;
/// Defending: a trump's extra cost with the deal's whole stock left
/// (scaled by the share of it left).
const TRUMP_SPEND: f64 = 4.0;
/// The cost of taking, in card worth, before the cards on the table.
const TAKE_BASE: f64 = 9.0;
/// The cost of taking for each card on the table.
const TAKE_PER_CARD: f64 = 1.0;
/// Taking's extra cost once the stock is gone.
const TAKE_LATE: f64 = 12.0;
/// A transfer's bonus over beating with the same card.
const TRANSFER_BONUS: f64 = 4.0;
/// Throwing in: plain cards worth at most this are thrown in (4: a ten).
const THROW_UP_TO: f64 = 4.0;
/// Throwing in once the stock is gone: cards worth at most this are
/// thrown in (10: every plain card, and the trump six and seven).
const THROW_LATE: f64 = 10.0;

/// Every tunable of the Durak computer: name, default, meaning.
pub const DURAK_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "mistake_rate",
        MISTAKE_RATE,
        "level 1: chance of a mistake per decision",
    ),
    Tunable::int(
        "mistake_candidates",
        MISTAKE_CANDIDATES as i64,
        "level 1: a mistake picks among this many of the best-scored moves",
    ),
    Tunable::int(
        "level3_iterations",
        LEVEL_ITERATIONS[0] as i64,
        "level 3: ISMCTS iterations per decision",
    ),
    Tunable::int(
        "level4_iterations",
        LEVEL_ITERATIONS[1] as i64,
        "level 4: ISMCTS iterations per decision",
    ),
    Tunable::float(
        "rollout_random",
        ROLLOUT_RANDOM,
        "levels 3-4: chance that a rollout plays a random legal move instead of the policy's",
    ),
    Tunable::float("trump_bonus", TRUMP_BONUS, "a trump's worth above a plain ace"),
    Tunable::float(
        "lead_pair",
        LEAD_PAIR,
        "leading: bonus per other card of the same rank held",
    ),
    Tunable::float(
        "trump_spend",
        TRUMP_SPEND,
        "defending: a trump's extra cost with the deal's whole stock left, scaled by the share left",
    ),
    Tunable::float(
        "take_base",
        TAKE_BASE,
        "defending: the cost of taking, before the cards on the table",
    ),
    Tunable::float(
        "take_per_card",
        TAKE_PER_CARD,
        "defending: the cost of taking per card on the table",
    ),
    Tunable::float(
        "take_late",
        TAKE_LATE,
        "defending: taking's extra cost once the stock is gone",
    ),
    Tunable::float(
        "transfer_bonus",
        TRANSFER_BONUS,
        "perevodnoy: a transfer's bonus over beating with the same card",
    ),
    Tunable::float(
        "throw_up_to",
        THROW_UP_TO,
        "throwing in: plain cards worth at most this are thrown in (4: a ten)",
    ),
    Tunable::float(
        "throw_late",
        THROW_LATE,
        "throwing in once the stock is gone: cards worth at most this are thrown in (10: the trump seven)",
    ),
];

/// A card's worth: its rank (6 is 0, the ace 8), a trump `trump_bonus`
/// more.
#[inline]
pub fn worth(card: CardId, trump: tabula_cards::french::Suit) -> f64 {
    let rank = f64::from(DECK.rank(card) - 6);
    if DECK.suit(card) == trump {
        rank + TRUMP_BONUS
    } else {
        rank
    }
}

/// The policy's score of `mv` for the seat that `o` observes, to move
/// (higher is better; a throw-in or a pass scores from 0).
pub fn score(o: &bout::Observation, mv: Move) -> f64 {
    let trump = o.trump();
    let p = &o.public;
    // The deal's stock: what the hands did not take (none at six).
    let dealt_stock = CARDS.saturating_sub(HAND * usize::from(p.seats));
    let stock_share = if dealt_stock == 0 {
        0.0
    } else {
        f64::from(p.stock_len) / dealt_stock as f64
    };
    let late = p.stock_len == 0;
    let spend = |c: CardId| {
        let w = worth(c, trump);
        if DECK.suit(c) == trump {
            w + TRUMP_SPEND * stock_share
        } else {
            w
        }
    };
    match mv {
        Move::Attack(c) if p.bout.stage() == Stage::Lead => {
            let same = (o.hand & bout::ranks_of(CardSet::of(c))).len() as f64 - 1.0;
            let bonus = if DECK.suit(c) == trump { 0.0 } else { LEAD_PAIR * same };
            -spend(c) + bonus
        }
        Move::Attack(c) => {
            if late {
                THROW_LATE - worth(c, trump)
            } else if DECK.suit(c) == trump {
                -1.0
            } else {
                THROW_UP_TO - worth(c, trump)
            }
        }
        Move::Pass => 0.0,
        Move::Defend { with, .. } => -spend(with),
        Move::Transfer(c) => TRANSFER_BONUS - spend(c),
        Move::Take => {
            let cards = p.bout.table().len() as f64;
            -(TAKE_BASE + TAKE_PER_CARD * cards + if late { TAKE_LATE } else { 0.0 })
        }
    }
}

/// The policy's move among `legal` (the best-scored; ties to the first).
///
/// # Panics
/// When `legal` is empty.
pub fn policy_move(o: &bout::Observation, legal: &[Move]) -> Move {
    let mut best = legal[0];
    let mut best_score = f64::NEG_INFINITY;
    for &mv in legal {
        let s = score(o, mv);
        if s > best_score {
            best = mv;
            best_score = s;
        }
    }
    best
}

impl HandRules for Durak {
    fn hand_of(&self, s: &State) -> u32 {
        s.deal_no()
    }

    fn hand_of_observation(&self, o: &Observation) -> u32 {
        o.deal_no
    }

    fn hand_over(&self, s: &State) -> bool {
        s.is_over() || s.deal().is_none()
    }

    /// −1 to the durak (each seat of the durak team), the same shared by
    /// the others; 0 to everyone on a draw.
    fn hand_rewards(&self, s: &State) -> Payoffs {
        let n = s.players();
        let mut r = [0.0; bout::MAX_SEATS];
        if let Some(outcome) = s.last() {
            let losers = (0..n).filter(|&t| outcome.loses(t)).count();
            if losers > 0 && outcome != Outcome::Draw {
                let share = losers as f64 / (n - losers) as f64;
                for (t, v) in r.iter_mut().enumerate().take(n) {
                    *v = if outcome.loses(t) { -1.0 } else { share };
                }
            }
        }
        Payoffs::new(&r[..n])
    }

    /// The others' share is at most 1 (two players, or two teams of two).
    fn hand_reward_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }
}

/// The rollout: the deal played to its end by the policy, a random legal
/// move at `rollout_random` ([`DURAK_TUNABLES`]), each seat reading its own view.
#[derive(Clone, Debug, Default)]
pub struct BoutRollout {
    moves: Vec<Move>,
}

impl Rollout<HandGame<'_, Durak>> for BoutRollout {
    fn rollout(&mut self, game: &HandGame<'_, Durak>, s: &mut State, rng: &mut Rng) -> Payoffs {
        let rules = game.game();
        while !game.finished(s) {
            let Some(deal) = s.deal() else { break };
            let Some(seat) = deal.to_move() else { break };
            deal.legal_moves(&mut self.moves);
            let mv = if self.moves.len() == 1 || rng.next_f64() < ROLLOUT_RANDOM {
                *rng.choose(&self.moves).expect("a legal move")
            } else {
                policy_move(&deal.observe(seat), &self.moves)
            };
            rules.play(s, mv).expect("a legal move");
        }
        rules.hand_rewards(s)
    }
}

/// A computer seat at one level (1–4).
#[derive(Debug)]
pub struct DurakAi {
    seat: HandSeat<Action, BoutRollout>,
}

impl DurakAi {
    /// Level `level` (1 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 1 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        DurakAi {
            seat: HandSeat::new("Durak", level, seed, BoutRollout::default(), MISTAKES),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.seat.level()
    }
}

impl Player<Durak> for DurakAi {
    fn choose(&mut self, game: &Durak, o: &Observation, seat: Seat) -> SearchResult<Action> {
        if let Some(result) = self.seat.forced(game, o, seat) {
            return result;
        }
        if self.seat.level() <= 2 {
            let view = o.play.expect("a seat moves only in play");
            let best = self.seat.best_scored(|a| match a {
                Action::Move(mv) => score(&view, mv),
                Action::Deal(_) => f64::NEG_INFINITY,
            });
            return SearchResult::decided(Some(best));
        }
        self.seat.search(game, o, seat, LEVEL_ITERATIONS)
    }
}
