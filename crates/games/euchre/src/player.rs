//! The computer seat ([`EuchreAi`]): the heuristics of [`ai`](crate::ai)
//! for the bidding, the discard and defending alone; for card play the card
//! scorer (levels 1–2) or information-set MCTS over the hand in progress
//! (levels 3–4, [`HandGame`]), whose rollouts play random legal cards and
//! bid, discard and defend by the heuristics. Levels 3–4 also search their
//! bids (order up, alone, naming), on the same rollouts.

pub use tabula_cards::HandGame;
use tabula_cards::{HandRules, HandSeat, side_gap_rewards};
use tabula_search::{Game, Payoffs, Player, Rng, Rollout, SearchResult, Seat};

use crate::actions::{Action, playable};
use crate::ai::{
    BID_NOISE, BID_SHIFT, LEVEL_ITERATIONS, MISTAKES, REWARD_RANGE, ROLLOUT_RANDOM, card_score, choose_bid,
    choose_bid_shifted, choose_defend_alone, choose_discard,
};
use crate::cards::{SEATS, team};
use crate::observation::Observation;
use crate::rules::Euchre;
use crate::state::{Phase, State};

impl HandRules for Euchre {
    fn hand_of(&self, s: &State) -> u32 {
        s.public.hand_no
    }

    fn hand_of_observation(&self, o: &Observation) -> u32 {
        o.public.hand_no
    }

    fn hand_over(&self, s: &State) -> bool {
        s.public.over
    }

    /// Each side's points for the hand minus the other side's (a hand
    /// thrown in scores 0).
    fn hand_rewards(&self, s: &State) -> Payoffs {
        let h = s.public.last_hand;
        side_gap_rewards::<SEATS>(f64::from(h[0]) - f64::from(h[1]), REWARD_RANGE, team)
    }

    fn hand_reward_range(&self) -> (f64, f64) {
        (-REWARD_RANGE, REWARD_RANGE)
    }
}

/// The rollout: the bids, the dealer's discard and the defenders' answer
/// by the heuristics (level 2's, each from the seat's own view of the
/// drawn world), then the cards to the end of the hand: the card scorer's
/// best, or (at a tunable chance, and whenever only one card follows) a
/// random playable card picked from the hand's bits, by the rules' own
/// [`play_card`](Euchre::play_card). Random cards alone undervalue a
/// strong hand (its bowers thrown away at random), which misleads the
/// search of a bid.
#[derive(Clone, Copy, Debug, Default)]
pub struct CardRollout;

impl Rollout<HandGame<'_, Euchre>> for CardRollout {
    fn rollout(&mut self, game: &HandGame<'_, Euchre>, s: &mut State, rng: &mut Rng) -> Payoffs {
        let rules = game.game();
        while !game.finished(s) {
            let action = match s.public.phase() {
                Phase::Play => {
                    let p = &s.public;
                    let trump = p.call.expect("trump is made before the play").trump;
                    let seat = p.to_play();
                    let cards = playable(s.hands[seat], p.trick_cards().first().copied(), trump);
                    let card = if cards.len() == 1 || rng.next_f64() < ROLLOUT_RANDOM {
                        cards.random(rng)
                    } else {
                        let o = Observation::of(s, seat);
                        cards
                            .iter()
                            .max_by(|&a, &b| card_score(&o, a).total_cmp(&card_score(&o, b)))
                    };
                    rules.play_card(s, card.expect("a hand to play from"));
                    continue;
                }
                Phase::Bidding => choose_bid(&Observation::of(s, s.public.bidder())),
                Phase::Discard => Action::Discard(choose_discard(&Observation::of(s, s.public.dealer()))),
                Phase::DefendAlone => {
                    let seat = s.public.defender_to_ask().expect("a defender to ask");
                    Action::DefendAlone(choose_defend_alone(&Observation::of(s, seat)))
                }
                Phase::Dealing => rules.sample_chance(s, rng),
                Phase::Over => break,
            };
            rules.apply(s, action);
        }
        rules.hand_rewards(s)
    }
}

/// A computer seat at one level (1–4).
#[derive(Debug)]
pub struct EuchreAi {
    seat: HandSeat<Action, CardRollout>,
}

impl EuchreAi {
    /// Level `level` (1 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 1 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        EuchreAi {
            seat: HandSeat::new("Euchre", level, seed, CardRollout, MISTAKES),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.seat.level()
    }

    fn bid(&mut self, o: &Observation) -> Action {
        let mut shift = 0.0;
        if self.seat.level() == 1 && self.seat.rng.next_f64() < BID_NOISE {
            shift = if self.seat.rng.below(2) == 0 {
                -BID_SHIFT
            } else {
                BID_SHIFT
            };
        }
        let bid = choose_bid_shifted(o, shift);
        debug_assert!(self.seat.legal.contains(&bid), "{bid:?} is not a legal bid");
        if self.seat.legal.contains(&bid) {
            bid
        } else {
            self.seat.legal[0]
        }
    }

    fn heuristic_play(&mut self, o: &Observation) -> Action {
        self.seat.best_scored(|a| match a {
            Action::Play(c) => card_score(o, c),
            _ => 0.0,
        })
    }
}

impl Player<Euchre> for EuchreAi {
    fn choose(&mut self, game: &Euchre, o: &Observation, seat: Seat) -> SearchResult<Action> {
        if let Some(result) = self.seat.forced(game, o, seat) {
            return result;
        }
        let done = SearchResult::decided;
        match o.public.phase() {
            Phase::Bidding if self.seat.level() <= 2 => return done(Some(self.bid(o))),
            Phase::Discard => return done(Some(Action::Discard(choose_discard(o)))),
            Phase::DefendAlone => return done(Some(Action::DefendAlone(choose_defend_alone(o)))),
            _ => {}
        }
        if self.seat.level() <= 2 {
            return done(Some(self.heuristic_play(o)));
        }
        self.seat.search(game, o, seat, LEVEL_ITERATIONS)
    }
}
