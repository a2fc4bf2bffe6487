//! The full position of MiniWhist: the zone ledger, the tricks so far and the
//! incremental Zobrist hash.

use std::fmt;

use serde::{Deserialize, Serialize};
use tabula_search::{Seat, Turn};

use tabula_cards::tricks::{Tricks, all_active, follow, revealed_void, winner};
use tabula_cards::{ZoneId, ZoneKeys};

use super::cards::{CardError, CardId, CardSet, DECK, Ids, MiniDeck, NUM_CARDS, Suit};

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
    /// A number is not a card of the deck.
    #[error(transparent)]
    Card(#[from] CardError),
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

/// Every seat plays every trick.
pub(crate) const ALL: u8 = all_active(2);

/// Records the next play of the deal, `card`, in `tricks` (the trick
/// plugin's record): the void it reveals, the card, and when it completes
/// the trick, the trick to its winner, who leads the next. Returns the seat
/// that played it.
#[inline]
pub(crate) fn record(tricks: &mut Tricks<2>, card: CardId) -> Seat {
    let seat = tricks.to_play(ALL);
    tricks.mark_void(seat, revealed_void(&DECK, tricks.trick(), card));
    tricks.play(seat, card);
    if tricks.complete(ALL) {
        let won = tricks.seat_at(winner(&DECK, tricks.trick()), ALL);
        tricks.collect(won, ALL, |_, _| {});
    }
    seat
}

/// The record a sequence of plays makes.
pub(crate) fn replay(plays: &[CardId]) -> Tricks<2> {
    let mut tricks = Tricks::new(0);
    for &card in plays {
        record(&mut tricks, card);
    }
    tricks
}

/// Tricks won by each seat.
#[inline]
pub(crate) fn tricks_won(tricks: &Tricks<2>) -> [u8; 2] {
    tricks.taken.map(|t| (t.len() / 2) as u8)
}

/// Checks that no seat played off suit while able to follow. `hands[seat]`
/// is what the seat holds now, if known; the seat's hand at a play is that
/// plus the cards it played from then on.
pub(crate) fn check_follows(plays: &[CardId], hands: [Option<CardSet>; 2]) -> Result<(), PositionError> {
    let mut seats = [0; MAX_PLAYS];
    let mut tricks = Tricks::new(0);
    for (i, &card) in plays.iter().enumerate() {
        seats[i] = record(&mut tricks, card);
    }
    for (i, &card) in plays.iter().enumerate().filter(|(i, _)| i % 2 == 1) {
        let seat = seats[i];
        let mut then = hands[seat].unwrap_or(CardSet::EMPTY);
        for j in (i..plays.len()).filter(|&j| seats[j] == seat) {
            then.insert(plays[j]);
        }
        if !follow(&DECK, then, &plays[i - 1..i]).contains(card) {
            return Err(PositionError::Revoke(card));
        }
    }
    Ok(())
}

/// How many cards the plays of `tricks` are.
#[inline]
pub(crate) fn num_plays(tricks: &Tricks<2>) -> usize {
    2 * usize::from(tricks.done) + tricks.trick().len()
}

/// The cards dealt to `seat` after `dealt` deal steps (seat 0 receives the
/// even steps, seat 1 the odd ones).
#[inline]
pub(crate) fn dealt_to(seat: usize, dealt: u8) -> usize {
    usize::from(dealt + 1 - seat as u8) / 2
}

/// Who acts, from the public facts of a position.
#[inline]
pub(crate) fn turn_of(dealt: u8, discarded: [bool; 2], tricks: &Tricks<2>) -> Turn {
    if dealt < DEAL_STEPS {
        Turn::Chance
    } else if !discarded[0] {
        Turn::Seat(0)
    } else if !discarded[1] {
        Turn::Seat(1)
    } else if usize::from(tricks.done) == TRICKS {
        Turn::Terminal
    } else {
        Turn::Seat(tricks.to_play(ALL))
    }
}

/// The card engine's Zobrist keys of each card in each zone a position's
/// hash tells apart: the stock, each seat's hand, each seat's discard, and
/// each play's position in the deal ([`STOCK`], [`hand`], [`discard`],
/// [`play`]).
pub(crate) static KEYS: ZoneKeys<{ 11 * NUM_CARDS }> = ZoneKeys::new(0x3A1_7415_7000_0001, NUM_CARDS);
/// The stock's zone for the hash.
pub(crate) const STOCK: ZoneId = ZoneId(0);

/// `seat`'s hand, for the hash.
#[inline]
pub(crate) fn hand(seat: Seat) -> ZoneId {
    ZoneId(1 + seat as u16)
}

/// `seat`'s discard, for the hash.
#[inline]
pub(crate) fn discard(seat: Seat) -> ZoneId {
    ZoneId(3 + seat as u16)
}

/// The `i`-th play of the deal, for the hash.
#[inline]
pub(crate) fn play(i: usize) -> ZoneId {
    ZoneId(5 + i as u16)
}

/// A MiniWhist position: where every card is, the plays in order, and the
/// public record of the tricks they made.
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
    /// The plays in order (what the record does not keep); slots past
    /// the plays made hold card 0.
    pub(crate) plays: [CardId; MAX_PLAYS],
    /// The trick plugin's record of the plays.
    pub(crate) tricks: Tricks<2>,
    pub(crate) hash: u64,
}

impl State {
    /// Before the deal: every card in the stock.
    pub fn new() -> State {
        let mut state = State {
            hands: [CardSet::EMPTY; 2],
            discards: [None; 2],
            stock: MiniDeck::ALL,
            dealt: 0,
            plays: [CardId(0); MAX_PLAYS],
            tricks: Tricks::new(0),
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
        &self.plays[..num_plays(&self.tricks)]
    }

    /// The cards played, as a set.
    pub fn played(&self) -> CardSet {
        self.tricks.all_played()
    }

    /// The first card of the trick in progress, while it waits for the
    /// second.
    pub fn led_card(&self) -> Option<CardId> {
        self.tricks.led()
    }

    /// The seat leading the current trick (after the last trick, the seat
    /// that won it).
    pub fn leader(&self) -> Seat {
        usize::from(self.tricks.leader)
    }

    /// Tricks won by each seat.
    pub fn tricks(&self) -> [u8; 2] {
        tricks_won(&self.tricks)
    }

    /// Whether `seat` has shown a void in `suit` by not following it.
    pub fn is_void(&self, seat: Seat, suit: Suit) -> bool {
        self.tricks.is_void(seat, suit.bit())
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
            &self.tricks,
        )
    }

    /// Swaps a card `observer` cannot see for another it cannot see: one
    /// of the opponent's hand for one never dealt (a card of a suit the
    /// opponent has shown void in does not go to its hand), else the
    /// opponent's face-down discard for one never dealt. Returns whether
    /// there was such a pair: the hidden-information tests' hook (nothing
    /// `observer` is shown may change).
    pub fn swap_unseen(&mut self, observer: Seat) -> bool {
        let opponent = 1 - observer;
        let fits = |c: CardId| !self.tricks.is_void(opponent, DECK.suit(c).bit());
        let into_hand = self.stock.iter().find(|&y| fits(y));
        if let (Some(x), Some(y)) = (self.hands[opponent].lowest(), into_hand) {
            self.hands[opponent].remove(x);
            self.stock.remove(y);
            self.hands[opponent].insert(y);
            self.stock.insert(x);
        } else if let (Some(x), Some(y)) = (self.discards[opponent], self.stock.iter().next()) {
            self.discards[opponent] = Some(y);
            self.stock.remove(y);
            self.stock.insert(x);
        } else {
            return false;
        }
        self.hash = self.compute_hash();
        true
    }

    /// Checks what a position must keep: every play followed suit from
    /// the hand it came from, and the hash is the zones'.
    ///
    /// # Errors
    /// The first play off suit, or a stale hash.
    pub fn check(&self) -> Result<(), String> {
        let plays = &self.plays[..num_plays(&self.tricks)];
        check_follows(plays, [Some(self.hands[0]), Some(self.hands[1])]).map_err(|e| e.to_string())?;
        if self.hash != self.compute_hash() {
            return Err("the hash is not the zones'".into());
        }
        Ok(())
    }

    /// The hash recomputed from the zones and plays.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = KEYS.of(STOCK, self.stock);
        for seat in 0..2 {
            h ^= KEYS.of(hand(seat), self.hands[seat]);
            if let Some(c) = self.discards[seat] {
                h ^= KEYS.key(discard(seat), c);
            }
        }
        for (i, &c) in self.plays().iter().enumerate() {
            h ^= KEYS.key(play(i), c);
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
            .field("leader", &self.tricks.leader)
            .field("tricks", &self.tricks())
            .finish()
    }
}

/// The serialised form of a [`State`]: its zone ledger.
#[derive(Serialize, Deserialize)]
struct StateRepr {
    hands: [Ids; 2],
    discards: [Option<CardId>; 2],
    stock: Ids,
    dealt: u8,
    plays: Vec<CardId>,
}

impl From<State> for StateRepr {
    fn from(s: State) -> Self {
        StateRepr {
            hands: s.hands.map(Ids),
            discards: s.discards,
            stock: Ids(s.stock),
            dealt: s.dealt,
            plays: s.plays().to_vec(),
        }
    }
}

/// Adds `card` to `seen`, failing on a card already there or no card of
/// the deck.
pub(crate) fn add_card(seen: &mut CardSet, card: CardId) -> Result<(), PositionError> {
    add_disjoint(seen, CardSet::of(DECK.card(card.0)?))
}

/// The plays of a wire form, checked against the deck, each after the
/// cards of `seen` (which it joins), in the fixed array a position keeps.
pub(crate) fn read_plays(seen: &mut CardSet, plays: &[CardId]) -> Result<[CardId; MAX_PLAYS], PositionError> {
    let mut out = [CardId(0); MAX_PLAYS];
    for (slot, &p) in out.iter_mut().zip(plays) {
        add_card(seen, p)?;
        *slot = p;
    }
    Ok(out)
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
        let hands = r.hands.map(|h| h.0);
        let mut seen = CardSet::EMPTY;
        add_disjoint(&mut seen, hands[0])?;
        add_disjoint(&mut seen, hands[1])?;
        for d in r.discards.into_iter().flatten() {
            add_card(&mut seen, d)?;
        }
        add_disjoint(&mut seen, r.stock.0)?;
        let plays = read_plays(&mut seen, &r.plays)?;
        if let Some(c) = (MiniDeck::ALL - seen).lowest() {
            return Err(PositionError::Missing(c));
        }
        let tricks = replay(&r.plays);
        for seat in 0..2 {
            let expected = expected_hand(seat, r.dealt, discarded[seat], tricks.played[seat].len());
            if hands[seat].len() != expected {
                return Err(PositionError::HandSize {
                    seat,
                    expected,
                    found: hands[seat].len(),
                });
            }
        }
        let expected = NUM_CARDS - usize::from(r.dealt);
        if r.stock.0.len() != expected {
            return Err(PositionError::StockSize {
                expected,
                found: r.stock.0.len(),
            });
        }
        check_follows(&r.plays, hands.map(Some))?;
        let mut state = State {
            hands,
            discards: r.discards,
            stock: r.stock.0,
            dealt: r.dealt,
            plays,
            tricks,
            hash: 0,
        };
        state.hash = state.compute_hash();
        Ok(state)
    }
}
