//! What one seat knows of a MiniWhist position, and the determinizer that
//! samples full positions from it.

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::{Tricks, follow};
use tabula_cards::{Deal, DealError, DealProblem, DealSampler};
use tabula_search::{Rng, Seat, Turn, WorldSampler};

use super::action::Action;
use super::cards::{CardId, CardSet, DECK, Ids, MiniDeck, Suit};
use super::state::{
    MAX_PLAYS, PositionError, State, add_card, check_follows, check_phases, expected_hand, num_plays, read_plays,
    replay, tricks_won, turn_of,
};

/// Everything one seat may know: its own hand and discard, how far the deal
/// went, the opponent's hand size and whether it discarded, every play, and
/// what the plays imply (the leader, the tricks, the revealed voids: the
/// trick plugin's record, the same one the position holds).
///
/// It holds no card the seat cannot see: two positions that differ only in
/// where the seat's unseen cards lie give equal observations.
/// Deserialising checks that some position fits it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ObservationRepr", into = "ObservationRepr")]
pub struct Observation {
    pub(crate) seat: u8,
    pub(crate) hand: CardSet,
    pub(crate) discard: Option<CardId>,
    pub(crate) dealt: u8,
    pub(crate) opponent_hand_size: u8,
    pub(crate) opponent_discarded: bool,
    pub(crate) plays: [CardId; MAX_PLAYS],
    pub(crate) tricks: Tricks<2>,
}

impl Observation {
    /// What `seat` sees of `state`.
    pub fn of(state: &State, seat: Seat) -> Observation {
        let opponent = 1 - seat;
        Observation {
            seat: seat as u8,
            hand: state.hands[seat],
            discard: state.discards[seat],
            dealt: state.dealt,
            opponent_hand_size: state.hands[opponent].len() as u8,
            opponent_discarded: state.discards[opponent].is_some(),
            plays: state.plays,
            tricks: state.tricks,
        }
    }

    /// The observing seat.
    pub fn seat(&self) -> Seat {
        usize::from(self.seat)
    }

    /// The seat's hand.
    pub fn hand(&self) -> CardSet {
        self.hand
    }

    /// The seat's own discard, once made.
    pub fn discard(&self) -> Option<CardId> {
        self.discard
    }

    /// Deal steps done, 0–8.
    pub fn dealt(&self) -> u8 {
        self.dealt
    }

    /// How many cards the opponent holds.
    pub fn opponent_hand_size(&self) -> usize {
        usize::from(self.opponent_hand_size)
    }

    /// Whether the opponent has discarded (the card is hidden).
    pub fn opponent_discarded(&self) -> bool {
        self.opponent_discarded
    }

    /// The cards played, in order.
    pub fn plays(&self) -> &[CardId] {
        &self.plays[..num_plays(&self.tricks)]
    }

    /// The seat leading the current trick.
    pub fn leader(&self) -> Seat {
        usize::from(self.tricks.leader)
    }

    /// Tricks won by each seat.
    pub fn tricks(&self) -> [u8; 2] {
        tricks_won(&self.tricks)
    }

    /// Whether `seat` has shown a void in `suit`.
    pub fn is_void(&self, seat: Seat, suit: Suit) -> bool {
        self.tricks.is_void(seat, suit.bit())
    }

    /// Who acts.
    pub fn to_move(&self) -> Turn {
        let mut discarded = [false; 2];
        discarded[self.seat()] = self.discard.is_some();
        discarded[1 - self.seat()] = self.opponent_discarded;
        turn_of(self.dealt, discarded, &self.tricks)
    }

    /// The cards the seat cannot see: the opponent's hand and discard and
    /// the stock, together.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand | self.tricks.all_played();
        if let Some(d) = self.discard {
            seen.insert(d);
        }
        MiniDeck::ALL - seen
    }

    /// The unseen cards the opponent may hold: those outside the suits it
    /// has shown void in.
    pub fn opponent_candidates(&self) -> CardSet {
        let opponent = 1 - self.seat();
        let mut cards = self.unseen();
        for suit in Suit::ALL {
            if self.is_void(opponent, suit) {
                cards = cards - suit.cards();
            }
        }
        cards
    }

    /// The seat's legal actions when it is to act (appended to `out`): a
    /// discard of any card before its discard, then a card of the led suit
    /// if it holds one, else any card. The same rule as the game's, read
    /// from what the seat sees.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        if self.discard.is_none() {
            out.extend(self.hand.iter().map(Action::Discard));
            return;
        }
        out.extend(follow(&DECK, self.hand, self.tricks.trick()).iter().map(Action::Play));
    }

    /// The worlds consistent with the observation, as the card engine's
    /// deal problem: the unseen cards go to the opponent's hand (only those
    /// outside the suits it has shown void in), its discard once made, and
    /// the stock, every physical arrangement equally likely. Prepared once;
    /// each draw allocates nothing after the first.
    ///
    /// # Errors
    /// When no arrangement fits (an observation read from outside was
    /// checked for one; one of a position always has one).
    pub fn worlds(&self) -> Result<Worlds, DealError> {
        let me = self.seat();
        let opponent = 1 - me;
        let unseen = self.unseen();
        let hand = self.opponent_hand_size();
        let discards = usize::from(self.opponent_discarded);
        let mut caps = [0; 3];
        caps[HAND] = hand;
        caps[DISCARD] = discards;
        caps[STOCK] = unseen.len() - hand - discards;
        let mut problem = DealProblem::new(caps.to_vec());
        let candidates = self.opponent_candidates();
        let anywhere = 1 << HAND | 1 << DISCARD | 1 << STOCK;
        for c in unseen {
            let allowed = if candidates.contains(c) {
                anywhere
            } else {
                anywhere & !(1 << HAND)
            };
            problem.add(c, allowed);
        }
        let sampler = DealSampler::new(&problem)?;
        let mut hands = [CardSet::EMPTY; 2];
        hands[me] = self.hand;
        let mut discards = [None; 2];
        discards[me] = self.discard;
        let template = State {
            hands,
            discards,
            stock: CardSet::EMPTY,
            dealt: self.dealt,
            plays: self.plays,
            tricks: self.tricks,
            hash: 0,
        };
        Ok(Worlds {
            template,
            opponent,
            sampler,
            deal: Deal::new(),
        })
    }
}

/// The holders of the unseen cards in the deal problem of
/// [`Observation::worlds`]: the opponent's hand, its discard, the stock.
const HAND: usize = 0;
const DISCARD: usize = 1;
const STOCK: usize = 2;

/// The worlds of one observation, prepared once (see
/// [`Observation::worlds`]).
#[derive(Clone, Debug)]
pub struct Worlds {
    /// The position without the unseen cards.
    template: State,
    opponent: Seat,
    sampler: DealSampler,
    deal: Deal,
}

impl Worlds {
    /// One world.
    pub fn draw(&mut self, rng: &mut Rng) -> State {
        self.sampler.sample_into(rng, &mut self.deal);
        let mut state = self.template.clone();
        state.hands[self.opponent] = self.deal.holder(HAND).iter().copied().collect();
        state.stock = self.deal.holder(STOCK).iter().copied().collect();
        state.discards[self.opponent] = self.deal.holder(DISCARD).first().copied();
        state.hash = state.compute_hash();
        state
    }
}

impl WorldSampler<State> for Worlds {
    fn sample(&mut self, rng: &mut Rng) -> State {
        self.draw(rng)
    }
}

impl fmt::Debug for Observation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Observation")
            .field("seat", &self.seat)
            .field("hand", &self.hand)
            .field("discard", &self.discard)
            .field("dealt", &self.dealt)
            .field("opponent_hand_size", &self.opponent_hand_size)
            .field("opponent_discarded", &self.opponent_discarded)
            .field("plays", &self.plays())
            .field("leader", &self.tricks.leader)
            .field("tricks", &self.tricks())
            .field("voids", &self.tricks.voids)
            .finish()
    }
}

/// The serialised form of an [`Observation`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ObservationRepr {
    seat: u8,
    hand: Ids,
    discard: Option<CardId>,
    dealt: u8,
    opponent_hand_size: u8,
    opponent_discarded: bool,
    plays: Vec<CardId>,
    leader: u8,
    tricks: [u8; 2],
    /// `voids[seat]`: the suits the seat has shown void in.
    voids: [Vec<Suit>; 2],
}

impl From<Observation> for ObservationRepr {
    fn from(o: Observation) -> Self {
        let voids = [0, 1].map(|seat| Suit::ALL.into_iter().filter(|&s| o.is_void(seat, s)).collect());
        ObservationRepr {
            seat: o.seat,
            hand: Ids(o.hand),
            discard: o.discard,
            dealt: o.dealt,
            opponent_hand_size: o.opponent_hand_size,
            opponent_discarded: o.opponent_discarded,
            plays: o.plays().to_vec(),
            leader: o.tricks.leader,
            tricks: o.tricks(),
            voids,
        }
    }
}

impl TryFrom<ObservationRepr> for Observation {
    type Error = PositionError;

    fn try_from(r: ObservationRepr) -> Result<Self, Self::Error> {
        if r.seat > 1 {
            return Err(PositionError::NoSuchSeat(r.seat));
        }
        let me = usize::from(r.seat);
        let hand = r.hand.0;
        let mut discarded = [false; 2];
        discarded[me] = r.discard.is_some();
        discarded[1 - me] = r.opponent_discarded;
        check_phases(r.dealt, discarded, r.plays.len())?;
        let mut seen = hand;
        if let Some(d) = r.discard {
            add_card(&mut seen, d)?;
        }
        let plays = read_plays(&mut seen, &r.plays)?;
        // The record is the plays' consequence: what is given must be it.
        let tricks = replay(&r.plays);
        if tricks.leader != r.leader {
            return Err(PositionError::Derived("leader"));
        }
        if tricks_won(&tricks) != r.tricks {
            return Err(PositionError::Derived("tricks"));
        }
        for seat in 0..2 {
            let given = r.voids[seat].iter().fold(0, |bits, s| bits | s.bit());
            if given != tricks.voids[seat] || r.voids[seat].len() != given.count_ones() as usize {
                return Err(PositionError::Derived("voids"));
            }
        }
        let sizes = [hand.len(), usize::from(r.opponent_hand_size)];
        for (who, seat) in [me, 1 - me].into_iter().enumerate() {
            let expected = expected_hand(seat, r.dealt, discarded[seat], tricks.played[seat].len());
            if sizes[who] != expected {
                return Err(PositionError::HandSize {
                    seat,
                    expected,
                    found: sizes[who],
                });
            }
        }
        let mut hands = [None; 2];
        hands[me] = Some(hand);
        check_follows(&r.plays, hands)?;
        let observation = Observation {
            seat: r.seat,
            hand,
            discard: r.discard,
            dealt: r.dealt,
            opponent_hand_size: r.opponent_hand_size,
            opponent_discarded: r.opponent_discarded,
            plays,
            tricks,
        };
        let eligible = observation.opponent_candidates().len();
        let needed = observation.opponent_hand_size();
        // The opponent's hand comes from the candidates and its discard from
        // the rest of the unseen cards.
        if eligible < needed || observation.unseen().len() < needed + usize::from(r.opponent_discarded) {
            return Err(PositionError::NoWorld { needed, eligible });
        }
        Ok(observation)
    }
}
