//! A position of a Canasta match: where every card is (hands, stock,
//! pile, each side's melds, the red threes laid out), the turn and what
//! it has done so far, and the scores.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, ZoneId, ZoneKeys};
use tabula_search::Turn;
use tabula_search::rng::mix64;

use crate::cards::{Cards, DECK, NUM_CARDS, RANKS, is_red_three, is_wild};
use crate::options::CanastaOptions;

/// Players: two sides, partners opposite (seats 0 and 2, 1 and 3).
pub const SEATS: usize = 4;
/// Cards dealt to each player.
pub const HAND: usize = 11;

/// The side of a seat.
#[inline]
pub const fn side_of(seat: usize) -> usize {
    seat % 2
}

/// The zones a card can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// The stock (face down, drawn at random).
    Stock,
    /// A player's hand.
    Hand(usize),
    /// The discard pile.
    Pile,
    /// A side's melds on the table.
    Melds(usize),
    /// A player's red threes, laid out face up.
    Reds(usize),
}

impl From<Zone> for ZoneId {
    fn from(zone: Zone) -> ZoneId {
        let n = match zone {
            Zone::Stock => 0,
            Zone::Hand(s) => 1 + s,
            Zone::Pile => 5,
            Zone::Melds(d) => 6 + d,
            Zone::Reds(s) => 8 + s,
        };
        ZoneId(n as u16)
    }
}

const ZONES: usize = 12;
static KEYS: ZoneKeys<{ ZONES * NUM_CARDS }> = ZoneKeys::new(0xCA7A_57A0_0000_0108, NUM_CARDS);

#[inline]
fn key(zone: Zone, card: CardId) -> u64 {
    KEYS.key(zone.into(), card)
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Chance deals eleven cards to each player, one at a time from the
    /// dealer's left, then turns the pile's first card (and another on a
    /// red three or a wild card).
    Deal,
    /// Chance gives the player to act replacements for red threes it was
    /// dealt (laid out before play, each player in turn from the dealer's
    /// left).
    Replace,
    /// The player to act draws from the stock or takes the pile (with the
    /// stock gone: takes the pile, or lets the hand end).
    Draw,
    /// Chance turns the stock's top card over to the player to act.
    StockDraw,
    /// The player took the pile for its side's initial meld: it melds from
    /// its hand until the minimum is met, the rest of the pile waiting.
    Opening,
    /// The player melds, asks to go out, discards.
    Play,
    /// The partner answers the player's request to go out.
    Answer,
}

/// The answer to a request to go out this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Permission {
    /// Not asked.
    None,
    /// Asked, the partner to answer.
    Asked,
    /// Yes: the player goes out this turn.
    Yes,
    /// No: not this turn.
    No,
}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A player went out.
    WentOut,
    /// A player went out concealed (nothing melded before that turn).
    Concealed,
    /// The stock ran out (a red three as its last card, or nobody took the
    /// discard after it).
    StockOut,
}

/// One side's count at a hand's end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideCount {
    /// Natural canastas (500 each).
    pub natural: u8,
    /// Mixed canastas (300 each).
    pub mixed: u8,
    /// Red threes laid out.
    pub reds: u8,
    /// Their bonus: 100 each, 800 for all four, minus for a side that has
    /// not melded.
    pub red_bonus: i32,
    /// 100 for going out, 200 concealed.
    pub going_out: i32,
    /// The worth of the cards melded.
    pub melded: i32,
    /// The worth of the cards left in the partners' hands.
    pub in_hand: i32,
    /// The hand's total.
    pub total: i32,
}

/// A finished hand, public once it is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandResult {
    /// How it ended.
    pub ending: Ending,
    /// Who went out.
    pub out: Option<u8>,
    /// Each side's count.
    pub sides: [SideCount; 2],
    /// The hands shown at the end.
    pub hands: [Cards; SEATS],
}

/// A position: the truth, never shown to a player as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The rules (every player knows them).
    pub(crate) options: CanastaOptions,
    /// Each player's hand.
    pub(crate) hands: [Cards; SEATS],
    /// The stock.
    pub(crate) stock: Cards,
    /// The discard pile, bottom first; `pile_len` of them.
    #[serde(with = "tabula_cards::card_array")]
    pub(crate) pile: [CardId; NUM_CARDS],
    pub(crate) pile_len: u8,
    /// Each side's melds, by rank.
    pub(crate) melds: [[Cards; RANKS]; 2],
    /// Each player's red threes.
    pub(crate) reds: [Cards; SEATS],
    /// The cards each player took with the pile and still holds: public.
    pub(crate) known: [Cards; SEATS],
    /// Cards dealt this hand (to the hands, then the pile's first cards).
    pub(crate) dealt: u8,
    /// The dealer of this hand.
    pub(crate) dealer: u8,
    /// Hands finished.
    pub(crate) deal_no: u32,
    /// Where the hand stands.
    pub(crate) phase: Phase,
    /// The player to act (or to receive a card).
    pub(crate) to_act: u8,
    /// Cards still owed to the player to act from the stock.
    pub(crate) owed: u8,
    /// The worth of the cards the player to act melded this turn.
    pub(crate) turn_value: u16,
    /// The sides that have made their initial meld (bit per side).
    pub(crate) opened: u8,
    /// The players who had melded before this turn (bit per seat).
    pub(crate) melded: u8,
    /// Whether the player to act has melded this turn.
    pub(crate) this_turn: bool,
    /// The request to go out this turn.
    pub(crate) asked: Permission,
    /// Each side's score.
    pub(crate) scores: [i32; 2],
    /// The last finished hand.
    pub(crate) last: Option<HandResult>,
    /// Whether the match is over.
    pub(crate) over: bool,
    /// The XOR of the keys of every card's zone (kept incrementally).
    pub(crate) cards_hash: u64,
}

impl State {
    /// The start of a match under `options`: every card in the stock, seat 0 to deal.
    pub fn new(options: CanastaOptions) -> State {
        let mut s = State {
            options,
            hands: [Cards::EMPTY; SEATS],
            stock: DECK,
            pile: [CardId(0); NUM_CARDS],
            pile_len: 0,
            melds: [[Cards::EMPTY; RANKS]; 2],
            reds: [Cards::EMPTY; SEATS],
            known: [Cards::EMPTY; SEATS],
            dealt: 0,
            dealer: 0,
            deal_no: 0,
            phase: Phase::Deal,
            to_act: 0,
            owed: 0,
            turn_value: 0,
            opened: 0,
            melded: 0,
            this_turn: false,
            asked: Permission::None,
            scores: [0; 2],
            last: None,
            over: false,
            cards_hash: 0,
        };
        s.cards_hash = s.compute_cards_hash();
        s
    }

    /// Each player's hand.
    pub fn hands(&self) -> &[Cards; SEATS] {
        &self.hands
    }

    /// The stock.
    pub fn stock(&self) -> Cards {
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

    /// Whether the pile is frozen for everyone: it holds a wild card or a
    /// red three.
    pub fn frozen(&self) -> bool {
        self.pile().iter().any(|&c| is_wild(c) || is_red_three(c))
    }

    /// Side `d`'s melds, by rank.
    pub fn melds(&self, d: usize) -> &[Cards; RANKS] {
        &self.melds[d]
    }

    /// Each player's red threes.
    pub fn reds(&self) -> &[Cards; SEATS] {
        &self.reds
    }

    /// Where the hand stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player to act.
    pub fn to_act(&self) -> usize {
        usize::from(self.to_act)
    }

    /// The dealer.
    pub fn dealer(&self) -> usize {
        usize::from(self.dealer)
    }

    /// Hands finished.
    pub fn deal_no(&self) -> u32 {
        self.deal_no
    }

    /// Each side's score.
    pub fn scores(&self) -> Vec<i32> {
        self.scores.to_vec()
    }

    /// Whether side `d` has made its initial meld.
    pub fn opened(&self, d: usize) -> bool {
        self.opened >> d & 1 == 1
    }

    /// The request to go out this turn.
    pub fn asked(&self) -> Permission {
        self.asked
    }

    /// The last finished hand.
    pub fn last(&self) -> Option<&HandResult> {
        self.last.as_ref()
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else if matches!(self.phase, Phase::Deal | Phase::Replace | Phase::StockDraw) {
            Turn::Chance
        } else {
            Turn::Seat(self.to_act())
        }
    }

    /// The player the next dealt card goes to (`None`: the pile's first
    /// cards, or no deal on).
    pub fn next_recipient(&self) -> Option<usize> {
        match self.phase {
            Phase::Deal if usize::from(self.dealt) < SEATS * HAND => {
                Some((self.dealer() + 1 + usize::from(self.dealt)) % SEATS)
            }
            Phase::Replace | Phase::StockDraw => Some(self.to_act()),
            _ => None,
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

    /// The hash of the card placement, from scratch.
    pub(crate) fn compute_cards_hash(&self) -> u64 {
        let mut h = 0;
        let mut all = |zone: Zone, cards: Cards| {
            for c in cards {
                h ^= key(zone, c);
            }
        };
        all(Zone::Stock, self.stock);
        for k in 0..SEATS {
            all(Zone::Hand(k), self.hands[k]);
            all(Zone::Reds(k), self.reds[k]);
        }
        for d in 0..2 {
            all(Zone::Melds(d), self.melds[d].iter().fold(Cards::EMPTY, |a, &m| a | m));
        }
        all(Zone::Pile, self.pile().iter().copied().collect());
        h
    }

    /// The whole position's hash, from the placement's.
    pub(crate) fn hash_with(&self, cards: u64) -> u64 {
        let mut h = cards ^ mix64(self.phase as u64 | u64::from(self.to_act) << 8 | u64::from(self.owed) << 16);
        h ^= mix64(0x100 ^ u64::from(self.dealt) ^ u64::from(self.dealer) << 8 ^ u64::from(self.deal_no) << 16);
        h ^= mix64(0x200 ^ u64::from(self.turn_value) ^ u64::from(self.opened) << 16 ^ u64::from(self.melded) << 24);
        h ^= mix64(0x300 ^ u64::from(self.this_turn) ^ (self.asked as u64) << 8 ^ u64::from(self.over) << 16);
        h ^= mix64(0x400 ^ u64::from(self.pile_len) ^ self.top().map_or(0xFFFF, |c| u64::from(c.0)) << 8);
        // Which meld a wild card sits in is not in the placement's zones.
        for d in 0..2 {
            for (r, m) in self.melds[d].iter().enumerate() {
                if !m.is_empty() {
                    h ^= mix64((0x500 + d as u64 * 16 + r as u64) ^ m.0[0]) ^ mix64(0x600 ^ m.0[1] ^ r as u64);
                }
            }
            h ^= mix64(0x700 ^ d as u64 ^ (self.scores[d] as u32 as u64) << 8);
        }
        for k in 0..SEATS {
            h ^= mix64((k as u64 + 1) << 40 ^ self.known[k].0[0]) ^ mix64((k as u64 + 1) << 44 ^ self.known[k].0[1]);
        }
        h
    }
}
