//! A position of a Gin Rummy match: where every card is, the turn, and the
//! match's scores.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, CardSet, ZoneId, ZoneKeys};
use tabula_search::Turn;
use tabula_search::rng::mix64;

use crate::cards::{DECK, NUM_CARDS};

/// The seats.
pub const SEATS: usize = 2;
/// Cards dealt to each seat.
pub const HAND: usize = 10;
/// Cards dealt at the start of a hand: ten each and the upcard.
pub const DEALT: u8 = 2 * HAND as u8 + 1;
/// A discard that leaves this many cards in the stock, without a knock,
/// ends the hand dead.
pub const DEAD_STOCK: usize = 2;

/// The zones a card can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// The stock (face down, drawn at random).
    Stock,
    /// A seat's hand.
    Hand(usize),
    /// The discard pile.
    Pile,
}

impl From<Zone> for ZoneId {
    fn from(zone: Zone) -> ZoneId {
        let n = match zone {
            Zone::Stock => 0,
            Zone::Hand(s) => 1 + s,
            Zone::Pile => 3,
        };
        ZoneId(n as u16)
    }
}

static KEYS: ZoneKeys<{ 4 * NUM_CARDS }> = ZoneKeys::new(0x617E_0000_0000_0001, NUM_CARDS);

/// The hash key of `card` in `zone`.
#[inline]
pub(crate) fn key(zone: Zone, card: CardId) -> u64 {
    KEYS.key(zone.into(), card)
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Chance deals the next card: ten to each seat, one at a time from
    /// the non-dealer, then the upcard.
    Deal,
    /// The first upcard is offered to the seat to act: the non-dealer,
    /// then the dealer.
    Offer,
    /// The seat to act draws, from the stock or the pile.
    Draw,
    /// Chance turns the stock's top card over to the seat to act.
    StockDraw,
    /// The seat to act holds eleven cards: it discards, or knocks.
    Discard,
}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A knock with deadwood left, won by the knocker.
    Knock,
    /// A knock the defender matched or beat after its layoffs.
    Undercut,
    /// A knock with no deadwood.
    Gin,
    /// Eleven cards melded (under `big_gin`).
    BigGin,
    /// The stock ran down to two cards: no score.
    Dead,
}

/// The last finished hand, public once it is over: both hands are laid
/// down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandResult {
    /// How it ended.
    pub ending: Ending,
    /// The seat that knocked (none for a dead hand).
    pub knocker: Option<u8>,
    /// The seat that scored (none for a dead hand).
    pub winner: Option<u8>,
    /// The points it scored (Oklahoma's doubling included).
    pub points: u32,
    /// The cards each seat laid down (the knocker's without its discard).
    pub hands: [CardSet; SEATS],
    /// Each seat's deadwood points, the defender's after its layoffs.
    pub deadwood: [u32; SEATS],
    /// The cards the defender laid off on the knocker's melds.
    pub laid_off: CardSet,
}

/// A position: the truth (both hands and the stock), never shown to a
/// seat as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Each seat's hand.
    pub(crate) hands: [CardSet; SEATS],
    /// The stock.
    pub(crate) stock: CardSet,
    /// The discard pile, bottom first; `pile_len` of them.
    #[serde(with = "tabula_cards::card_array")]
    pub(crate) pile: [CardId; NUM_CARDS],
    pub(crate) pile_len: u8,
    /// Cards dealt this hand (up to [`DEALT`]).
    pub(crate) dealt: u8,
    /// The dealer of this hand.
    pub(crate) dealer: u8,
    /// Hands finished (dead hands too).
    pub(crate) hand_no: u32,
    /// Where the hand stands.
    pub(crate) phase: Phase,
    /// The seat to act (or to receive the drawn card).
    pub(crate) to_act: u8,
    /// Seats that refused the first upcard.
    pub(crate) refused: u8,
    /// The card just taken from the pile, which may not be discarded at once.
    pub(crate) taken: Option<CardId>,
    /// The cards each seat took from the pile and still holds: public.
    pub(crate) known: [CardSet; SEATS],
    /// The cards each seat discarded (or knocked with) this hand: public.
    pub(crate) discarded: [CardSet; SEATS],
    /// The pile's top cards each seat was offered this hand and left, by
    /// drawing from the stock or passing the first upcard: public.
    pub(crate) declined: [CardSet; SEATS],
    /// The hand's first upcard (Oklahoma's knock limit).
    pub(crate) upcard: Option<CardId>,
    /// The points scored in the hands so far.
    pub(crate) scores: [u32; SEATS],
    /// The hands each seat won.
    pub(crate) boxes: [u32; SEATS],
    /// The last finished hand.
    pub(crate) last: Option<HandResult>,
    /// The match's totals with the bonuses, once it is over.
    pub(crate) totals: Option<[u32; SEATS]>,
    /// The XOR of the keys of every card's zone (kept incrementally).
    pub(crate) cards_hash: u64,
}

impl Default for State {
    fn default() -> Self {
        State::new(0)
    }
}

impl State {
    /// The start of a match, `dealer` to deal: every card in the stock.
    pub fn new(dealer: u8) -> State {
        let mut s = State {
            hands: [CardSet::EMPTY; SEATS],
            stock: DECK,
            pile: [CardId(0); NUM_CARDS],
            pile_len: 0,
            dealt: 0,
            dealer,
            hand_no: 0,
            phase: Phase::Deal,
            to_act: 1 - dealer,
            refused: 0,
            taken: None,
            known: [CardSet::EMPTY; SEATS],
            discarded: [CardSet::EMPTY; SEATS],
            declined: [CardSet::EMPTY; SEATS],
            upcard: None,
            scores: [0; SEATS],
            boxes: [0; SEATS],
            last: None,
            totals: None,
            cards_hash: 0,
        };
        s.cards_hash = s.compute_cards_hash();
        s
    }

    /// The cards each seat discarded (or knocked with) this hand.
    pub fn discarded(&self) -> &[CardSet; SEATS] {
        &self.discarded
    }

    /// The pile's top cards each seat was offered this hand and left.
    pub fn declined(&self) -> &[CardSet; SEATS] {
        &self.declined
    }

    /// Each seat's hand.
    pub fn hands(&self) -> &[CardSet; SEATS] {
        &self.hands
    }

    /// The stock.
    pub fn stock(&self) -> CardSet {
        self.stock
    }

    /// The discard pile, bottom first.
    pub fn pile(&self) -> &[CardId] {
        &self.pile[..usize::from(self.pile_len)]
    }

    /// The pile's top card.
    pub fn top(&self) -> Option<CardId> {
        self.pile().last().copied()
    }

    /// The phase of the hand.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to act.
    pub fn to_act(&self) -> usize {
        usize::from(self.to_act)
    }

    /// The dealer.
    pub fn dealer(&self) -> usize {
        usize::from(self.dealer)
    }

    /// Hands finished.
    pub fn hand_no(&self) -> u32 {
        self.hand_no
    }

    /// The points scored in the hands so far.
    pub fn scores(&self) -> [u32; SEATS] {
        self.scores
    }

    /// The hands each seat won.
    pub fn boxes(&self) -> [u32; SEATS] {
        self.boxes
    }

    /// The last finished hand.
    pub fn last(&self) -> Option<&HandResult> {
        self.last.as_ref()
    }

    /// The match's totals with every bonus, once it is over.
    pub fn totals(&self) -> Option<[u32; SEATS]> {
        self.totals
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.totals.is_some()
    }

    /// The seat the next dealt card goes to (`None`: the upcard, or no
    /// deal on).
    pub fn next_recipient(&self) -> Option<usize> {
        (self.phase == Phase::Deal && self.dealt < DEALT - 1)
            .then(|| (usize::from(self.dealer) + 1 + usize::from(self.dealt)) % SEATS)
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        if self.totals.is_some() {
            Turn::Terminal
        } else if matches!(self.phase, Phase::Deal | Phase::StockDraw) {
            Turn::Chance
        } else {
            Turn::Seat(usize::from(self.to_act))
        }
    }

    /// Moves `card` from one zone to another in the hash.
    #[inline]
    pub(crate) fn shift(&mut self, card: CardId, from: Zone, to: Zone) {
        self.cards_hash ^= key(from, card) ^ key(to, card);
    }

    /// Puts `card` on the pile.
    pub(crate) fn push_pile(&mut self, card: CardId) {
        self.pile[usize::from(self.pile_len)] = card;
        self.pile_len += 1;
    }

    /// Takes the pile's top card.
    pub(crate) fn pop_pile(&mut self) -> Option<CardId> {
        let top = self.top()?;
        self.pile_len -= 1;
        Some(top)
    }

    /// The hash of the card placement, from scratch.
    pub(crate) fn compute_cards_hash(&self) -> u64 {
        let mut h = KEYS.of(Zone::Stock.into(), self.stock);
        for s in 0..SEATS {
            h ^= KEYS.of(Zone::Hand(s).into(), self.hands[s]);
        }
        for &c in self.pile() {
            h ^= key(Zone::Pile, c);
        }
        h
    }

    /// The whole position's hash, from the placement's.
    pub(crate) fn hash_with(&self, cards: u64) -> u64 {
        let phase = self.phase as u64;
        let mut h = cards ^ mix64(phase | u64::from(self.to_act) << 8 | u64::from(self.refused) << 16);
        h ^= mix64(0x100 ^ u64::from(self.dealt) ^ u64::from(self.dealer) << 8 ^ u64::from(self.hand_no) << 16);
        h ^= mix64(0x200 ^ self.taken.map_or(0xFFFF, |c| u64::from(c.0)) ^ u64::from(self.pile_len) << 16);
        h ^= mix64(0x300 ^ self.top().map_or(0xFFFF, |c| u64::from(c.0)));
        h ^= mix64(0x400 ^ self.known[0].0) ^ mix64(0x500 ^ self.known[1].0);
        h ^= mix64(0x900 ^ self.discarded[0].0) ^ mix64(0xA00 ^ self.discarded[1].0);
        h ^= mix64(0xB00 ^ self.declined[0].0) ^ mix64(0xC00 ^ self.declined[1].0);
        h ^= mix64(0x600 ^ u64::from(self.scores[0]) ^ u64::from(self.scores[1]) << 32);
        h ^= mix64(0x700 ^ u64::from(self.boxes[0]) ^ u64::from(self.boxes[1]) << 32);
        h ^= mix64(0x800 ^ self.upcard.map_or(0xFFFF, |c| u64::from(c.0)) ^ u64::from(self.totals.is_some()) << 20);
        h
    }
}
