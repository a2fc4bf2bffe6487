//! The full position of MiniWhist: the zone ledger, the tricks so far and the
//! incremental Zobrist hash.

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_search::rng::zobrist_keys;
use tabula_search::{Seat, Turn};

use super::cards::{CardId, CardSet, NUM_CARDS, Suit};

/// Deal steps: four cards to each seat, one per chance event.
pub const DEAL_STEPS: u8 = 8;
/// Tricks in a deal.
pub const TRICKS: usize = 3;
/// Cards played in a deal (two per trick).
pub const MAX_PLAYS: usize = 2 * TRICKS;

/// Where a card is. Every card is in exactly one zone at every moment
/// (docs/design.md, *Cards*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    /// Face down in the stock, never dealt.
    Stock,
    /// In a seat's hand.
    Hand(Seat),
    /// Discarded face down by a seat (only that seat knows which card).
    Discard(Seat),
    /// Played to a trick, face up.
    Played,
}

/// Why a serialised position is not a reachable MiniWhist position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Seats are 0 and 1.
    #[error("there is no seat {0}; seats are 0 and 1")]
    NoSuchSeat(u8),
    /// A card appears in two places.
    #[error("card {0} is in two zones")]
    Duplicate(CardId),
    /// A card of a full state is nowhere.
    #[error("card {0} is in no zone")]
    Missing(CardId),
    /// At most eight cards are dealt.
    #[error("{0} cards dealt; the deal has 8 steps")]
    Dealt(u8),
    /// At most six cards are played.
    #[error("{0} cards played; a deal has 6 plays")]
    TooManyPlays(usize),
    /// Dealing, discarding and playing happen in that order.
    #[error("out of order: {0}")]
    Phase(&'static str),
    /// A hand holds the wrong number of cards for the phase.
    #[error("seat {seat} holds {found} cards, expected {expected}")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// The number the phase implies.
        expected: usize,
        /// The number found.
        found: usize,
    },
    /// The stock holds the wrong number of cards for the phase.
    #[error("the stock holds {found} cards, expected {expected}")]
    StockSize {
        /// The number the phase implies.
        expected: usize,
        /// The number found.
        found: usize,
    },
    /// A card was played off suit by a seat that could follow.
    #[error("card {0} was played off suit by a seat holding the led suit")]
    Revoke(CardId),
    /// The leader, tricks or voids given are not those the plays imply.
    #[error("the {0} given differ from those the plays imply")]
    Derived(&'static str),
    /// No arrangement of the unseen cards fits the observation.
    #[error("no deal fits: the opponent holds {needed} cards but only {eligible} unseen cards avoid its voids")]
    NoWorld {
        /// The opponent's hand size.
        needed: usize,
        /// Unseen cards outside the opponent's void suits.
        eligible: usize,
    },
}

/// The public state of the tricks, a function of the plays: who leads the
/// current trick, the tricks won, and the voids the plays reveal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Table {
    /// The seat leading the current trick (the last trick's winner).
    pub leader: u8,
    /// Tricks won by each seat.
    pub tricks: [u8; 2],
    /// `voids[seat][suit]`: the seat failed to follow that suit.
    pub voids: [[bool; 2]; 2],
}

impl Table {
    /// The seat making play number `i` (0-based) of the deal.
    #[inline]
    pub fn actor(&self, i: usize) -> u8 {
        if i % 2 == 0 { self.leader } else { 1 - self.leader }
    }

    /// Records play number `i`, `card`; `lead` is the trick's first card when
    /// `card` follows.
    #[inline]
    pub fn record(&mut self, i: usize, lead: CardId, card: CardId) {
        if i % 2 == 0 {
            return;
        }
        let follower = 1 - self.leader;
        if card.suit() != lead.suit() {
            self.voids[usize::from(follower)][lead.suit().index()] = true;
        }
        if follower_wins(lead, card) {
            self.leader = follower;
        }
        self.tricks[usize::from(self.leader)] += 1;
    }

    /// Replays a sequence of plays; also returns how many cards each seat
    /// played.
    pub fn replay(plays: &[CardId]) -> (Table, [usize; 2]) {
        let mut table = Table::default();
        let mut per_seat = [0; 2];
        for (i, &card) in plays.iter().enumerate() {
            per_seat[usize::from(table.actor(i))] += 1;
            table.record(i, plays[i - i % 2], card);
        }
        (table, per_seat)
    }
}

/// Whether the second card of a trick beats the first: it must be of the
/// led suit and of a strictly higher rank, so between two equal faces the
/// card played first wins.
#[inline]
pub fn follower_wins(lead: CardId, follow: CardId) -> bool {
    follow.suit() == lead.suit() && follow.rank() > lead.rank()
}

/// Checks that no seat played off suit while able to follow. `hands[seat]`
/// is what the seat holds now, if known; the seat's hand at a play is that
/// plus the cards it played later.
pub(crate) fn check_follows(plays: &[CardId], hands: [Option<CardSet>; 2]) -> Result<(), PositionError> {
    let mut table = Table::default();
    for (i, &card) in plays.iter().enumerate() {
        let actor = table.actor(i);
        if i % 2 == 1 {
            let led = plays[i - 1].suit();
            if card.suit() != led {
                let mut then = hands[usize::from(actor)].unwrap_or(CardSet::EMPTY);
                let mut later = table;
                for (j, &c) in plays.iter().enumerate().skip(i) {
                    if later.actor(j) == actor {
                        then.insert(c);
                    }
                    later.record(j, plays[j - j % 2], c);
                }
                if !then.of_suit(led).is_empty() {
                    return Err(PositionError::Revoke(card));
                }
            }
        }
        table.record(i, plays[i - i % 2], card);
    }
    Ok(())
}

/// The cards dealt to `seat` after `dealt` deal steps (seat 0 receives the
/// even steps, seat 1 the odd ones).
#[inline]
pub(crate) fn dealt_to(seat: usize, dealt: u8) -> usize {
    usize::from(dealt + 1 - seat as u8) / 2
}

/// Who acts, from the public facts of a position.
#[inline]
pub(crate) fn turn_of(dealt: u8, discarded: [bool; 2], num_plays: usize, table: &Table) -> Turn {
    if dealt < DEAL_STEPS {
        Turn::Chance
    } else if !discarded[0] {
        Turn::Seat(0)
    } else if !discarded[1] {
        Turn::Seat(1)
    } else if num_plays == MAX_PLAYS {
        Turn::Terminal
    } else {
        Turn::Seat(usize::from(table.actor(num_plays)))
    }
}

/// Zobrist keys: one per card and zone (stock, hand 0, hand 1, discard 0,
/// discard 1), then one per card and play position.
pub(crate) const KEYS: [u64; 11 * NUM_CARDS] = zobrist_keys(0x3A1_7415_7000_0001);
pub(crate) const STOCK_KEYS: usize = 0;
pub(crate) const HAND_KEYS: usize = NUM_CARDS;
pub(crate) const DISCARD_KEYS: usize = 3 * NUM_CARDS;
pub(crate) const PLAY_KEYS: usize = 5 * NUM_CARDS;

/// The key of `card` in the zone block starting at `base` (for hands and
/// discards, `base + seat · 12`).
#[inline]
pub(crate) fn key(base: usize, card: CardId) -> u64 {
    KEYS[base + card.index()]
}

/// A MiniWhist position: where every card is, the plays in order, and the
/// public consequences of the plays.
///
/// Serialised as its zone ledger (`hands`, `discards`, `stock`, `dealt`,
/// `plays`); deserialising checks that the position is reachable and
/// rebuilds the rest.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StateRepr", into = "StateRepr")]
pub struct State {
    pub(crate) hands: [CardSet; 2],
    pub(crate) discards: [Option<CardId>; 2],
    pub(crate) stock: CardSet,
    pub(crate) dealt: u8,
    /// The plays in order; slots past `num_plays` hold card 0.
    pub(crate) plays: [CardId; MAX_PLAYS],
    pub(crate) num_plays: u8,
    pub(crate) table: Table,
    pub(crate) hash: u64,
}

impl State {
    /// Before the deal: every card in the stock.
    pub fn new() -> State {
        let mut state = State {
            hands: [CardSet::EMPTY; 2],
            discards: [None; 2],
            stock: CardSet::ALL,
            dealt: 0,
            plays: [CardId::default(); MAX_PLAYS],
            num_plays: 0,
            table: Table::default(),
            hash: 0,
        };
        state.hash = state.compute_hash();
        state
    }

    /// The cards in `seat`'s hand.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The card `seat` discarded, once it has.
    pub fn discard(&self, seat: Seat) -> Option<CardId> {
        self.discards[seat]
    }

    /// The cards never dealt.
    pub fn stock(&self) -> CardSet {
        self.stock
    }

    /// Deal steps done, 0–8.
    pub fn dealt(&self) -> u8 {
        self.dealt
    }

    /// The cards played, in order.
    pub fn plays(&self) -> &[CardId] {
        &self.plays[..usize::from(self.num_plays)]
    }

    /// The cards played, as a set.
    pub fn played(&self) -> CardSet {
        self.plays().iter().copied().collect()
    }

    /// The first card of the trick in progress, while it waits for the
    /// second.
    pub fn led_card(&self) -> Option<CardId> {
        (self.num_plays % 2 == 1).then(|| self.plays[usize::from(self.num_plays) - 1])
    }

    /// The seat leading the current trick (after the last trick, the seat
    /// that won it).
    pub fn leader(&self) -> Seat {
        usize::from(self.table.leader)
    }

    /// Tricks won by each seat.
    pub fn tricks(&self) -> [u8; 2] {
        self.table.tricks
    }

    /// Whether `seat` has shown a void in `suit` by not following it.
    pub fn is_void(&self, seat: Seat, suit: Suit) -> bool {
        self.table.voids[seat][suit.index()]
    }

    /// The seat the next deal step gives a card to, while dealing.
    pub fn next_recipient(&self) -> Option<Seat> {
        (self.dealt < DEAL_STEPS).then_some(usize::from(self.dealt % 2))
    }

    /// Where `card` is.
    pub fn zone_of(&self, card: CardId) -> Zone {
        for seat in 0..2 {
            if self.hands[seat].contains(card) {
                return Zone::Hand(seat);
            }
            if self.discards[seat] == Some(card) {
                return Zone::Discard(seat);
            }
        }
        if self.stock.contains(card) {
            Zone::Stock
        } else {
            Zone::Played
        }
    }

    /// Who acts.
    #[inline]
    pub fn turn(&self) -> Turn {
        turn_of(
            self.dealt,
            [self.discards[0].is_some(), self.discards[1].is_some()],
            usize::from(self.num_plays),
            &self.table,
        )
    }

    /// The hash recomputed from the zones and plays.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in self.stock {
            h ^= key(STOCK_KEYS, c);
        }
        for seat in 0..2 {
            for c in self.hands[seat] {
                h ^= key(HAND_KEYS + seat * NUM_CARDS, c);
            }
            if let Some(c) = self.discards[seat] {
                h ^= key(DISCARD_KEYS + seat * NUM_CARDS, c);
            }
        }
        for (i, &c) in self.plays().iter().enumerate() {
            h ^= key(PLAY_KEYS + i * NUM_CARDS, c);
        }
        h
    }
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("State")
            .field("hands", &self.hands)
            .field("discards", &self.discards)
            .field("stock", &self.stock)
            .field("dealt", &self.dealt)
            .field("plays", &self.plays())
            .field("leader", &self.table.leader)
            .field("tricks", &self.table.tricks)
            .finish()
    }
}

/// The serialised form of a [`State`]: its zone ledger.
#[derive(Serialize, Deserialize)]
struct StateRepr {
    hands: [CardSet; 2],
    discards: [Option<CardId>; 2],
    stock: CardSet,
    dealt: u8,
    plays: Vec<CardId>,
}

impl From<State> for StateRepr {
    fn from(s: State) -> Self {
        StateRepr {
            hands: s.hands,
            discards: s.discards,
            stock: s.stock,
            dealt: s.dealt,
            plays: s.plays().to_vec(),
        }
    }
}

/// Adds `cards` to `seen`, failing on a card already there.
pub(crate) fn add_disjoint(seen: &mut CardSet, cards: CardSet) -> Result<(), PositionError> {
    if let Some(c) = (*seen & cards).iter().next() {
        return Err(PositionError::Duplicate(c));
    }
    *seen = *seen | cards;
    Ok(())
}

/// Checks the order of the phases from the public facts.
pub(crate) fn check_phases(dealt: u8, discarded: [bool; 2], num_plays: usize) -> Result<(), PositionError> {
    if dealt > DEAL_STEPS {
        return Err(PositionError::Dealt(dealt));
    }
    if num_plays > MAX_PLAYS {
        return Err(PositionError::TooManyPlays(num_plays));
    }
    if dealt < DEAL_STEPS && (discarded[0] || discarded[1] || num_plays > 0) {
        return Err(PositionError::Phase("a discard or a play before the deal is over"));
    }
    if discarded[1] && !discarded[0] {
        return Err(PositionError::Phase("seat 1 discarded before seat 0"));
    }
    if num_plays > 0 && !discarded[1] {
        return Err(PositionError::Phase("a play before both discards"));
    }
    Ok(())
}

/// The hand size of `seat` implied by the public facts.
pub(crate) fn expected_hand(seat: Seat, dealt: u8, discarded: bool, played: usize) -> usize {
    dealt_to(seat, dealt) - usize::from(discarded) - played
}

impl TryFrom<StateRepr> for State {
    type Error = PositionError;

    fn try_from(r: StateRepr) -> Result<Self, Self::Error> {
        let discarded = [r.discards[0].is_some(), r.discards[1].is_some()];
        check_phases(r.dealt, discarded, r.plays.len())?;
        let mut seen = CardSet::EMPTY;
        add_disjoint(&mut seen, r.hands[0])?;
        add_disjoint(&mut seen, r.hands[1])?;
        for d in r.discards.into_iter().flatten() {
            add_disjoint(&mut seen, [d].into_iter().collect())?;
        }
        add_disjoint(&mut seen, r.stock)?;
        for &p in &r.plays {
            add_disjoint(&mut seen, [p].into_iter().collect())?;
        }
        if let Some(c) = (!seen).iter().next() {
            return Err(PositionError::Missing(c));
        }
        let (table, per_seat) = Table::replay(&r.plays);
        for seat in 0..2 {
            let expected = expected_hand(seat, r.dealt, discarded[seat], per_seat[seat]);
            if r.hands[seat].len() != expected {
                return Err(PositionError::HandSize {
                    seat,
                    expected,
                    found: r.hands[seat].len(),
                });
            }
        }
        let expected = NUM_CARDS - usize::from(r.dealt);
        if r.stock.len() != expected {
            return Err(PositionError::StockSize {
                expected,
                found: r.stock.len(),
            });
        }
        check_follows(&r.plays, [Some(r.hands[0]), Some(r.hands[1])])?;
        let mut plays = [CardId::default(); MAX_PLAYS];
        plays[..r.plays.len()].copy_from_slice(&r.plays);
        let mut state = State {
            hands: r.hands,
            discards: r.discards,
            stock: r.stock,
            dealt: r.dealt,
            plays,
            num_plays: r.plays.len() as u8,
            table,
            hash: 0,
        };
        state.hash = state.compute_hash();
        Ok(state)
    }
}
