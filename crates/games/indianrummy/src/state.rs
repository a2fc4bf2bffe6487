//! A position of an Indian Rummy match: where every card is, who is still
//! in the deal and the match, the turn, and the scores.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, ZoneId, ZoneKeys};
use tabula_search::Turn;
use tabula_search::rng::mix64;

use crate::cards::{Cards, DECK, NUM_CARDS};
use crate::options::MAX_PLAYERS;

/// Cards dealt to each player.
pub const HAND: usize = 13;

/// The zones a card can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// The closed deck (face down, drawn at random).
    Stock,
    /// A player's hand (a dropped player's cards stay there, face down).
    Hand(usize),
    /// The open pile.
    Pile,
    /// The cut joker, face up beside the closed deck, out of play.
    Cut,
}

impl From<Zone> for ZoneId {
    fn from(zone: Zone) -> ZoneId {
        let n = match zone {
            Zone::Stock => 0,
            Zone::Hand(s) => 1 + s,
            Zone::Pile => 1 + MAX_PLAYERS,
            Zone::Cut => 2 + MAX_PLAYERS,
        };
        ZoneId(n as u16)
    }
}

const ZONES: usize = 3 + MAX_PLAYERS;
static KEYS: ZoneKeys<{ ZONES * NUM_CARDS }> = ZoneKeys::new(0x1D1A_0000_0000_0013, NUM_CARDS);

/// The hash key of `card` in `zone`.
#[inline]
fn key(zone: Zone, card: CardId) -> u64 {
    KEYS.key(zone.into(), card)
}

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Chance deals: thirteen cards to each player, one at a time from
    /// the dealer's left, then the cut joker, then the first open card.
    Deal,
    /// The player to act draws (the closed deck or the open card), or
    /// drops.
    Draw,
    /// Chance turns the closed deck's top card over to the player to act.
    StockDraw,
    /// The player to act holds fourteen cards: it discards, or declares.
    Discard,
}

/// Where a player stands in the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Playing.
    In,
    /// Dropped before drawing a card.
    FirstDrop,
    /// Dropped after drawing.
    MiddleDrop,
    /// Declared wrongly: the full count, out of the deal.
    Wrong,
    /// Out of the match (pool rummy), not dealt in.
    Out,
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A valid declaration.
    Declared,
    /// Every other player dropped or declared wrongly.
    LastIn,
    /// The closed deck ran out a second time: the lowest count won.
    StockOut,
}

/// A finished deal, public once it is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DealResult {
    /// How it ended.
    pub ending: Ending,
    /// The deal's wild rank (0 the ace … 12 the king).
    pub wild: u8,
    /// Who won it.
    pub winner: u8,
    /// Each player's status at the end.
    pub status: [Status; MAX_PLAYERS],
    /// Each player's points (the winner's 0).
    pub points: [u32; MAX_PLAYERS],
    /// Each player's score change: in points and deals rummy the winner
    /// gains what the others lose.
    pub change: [i32; MAX_PLAYERS],
    /// The hands shown: every player still in when the deal ended, and a
    /// wrong declarer's.
    pub shown: [Cards; MAX_PLAYERS],
    /// The card put on the finish slot by the declaration.
    pub finish: Option<CardId>,
    /// The players put out of the match by this deal (pool rummy).
    pub put_out: u8,
    /// The players who rejoined after it (pool rummy).
    pub rejoined: u8,
}

/// The most open-pile cards: every card.
pub const PILE: usize = NUM_CARDS;

/// A position: the truth, never shown to a player as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Players at the table.
    pub(crate) players: u8,
    /// Each player's hand.
    pub(crate) hands: [Cards; MAX_PLAYERS],
    /// The closed deck.
    pub(crate) stock: Cards,
    /// The open pile, bottom first; `pile_len` of them.
    #[serde(with = "tabula_cards::card_array")]
    pub(crate) pile: [CardId; PILE],
    pub(crate) pile_len: u8,
    /// The cut joker (its rank is wild; a printed joker makes aces wild).
    pub(crate) cut: Option<CardId>,
    /// Cards dealt this deal (to the hands, then the cut, then the open card).
    pub(crate) dealt: u8,
    /// The dealer of this deal.
    pub(crate) dealer: u8,
    /// Deals finished.
    pub(crate) deal_no: u32,
    /// Where the deal stands.
    pub(crate) phase: Phase,
    /// The player to act (or to receive the drawn card).
    pub(crate) to_act: u8,
    /// Each player's standing in the deal.
    pub(crate) status: [Status; MAX_PLAYERS],
    /// The players who have drawn a card this deal (a later drop is a
    /// middle drop).
    pub(crate) drew: u8,
    /// The card just taken from the open pile, not to be discarded at once.
    pub(crate) taken: Option<CardId>,
    /// The cards each player took from the open pile and still holds:
    /// public.
    pub(crate) known: [Cards; MAX_PLAYERS],
    /// Whether the open pile was turned into a new closed deck this deal.
    pub(crate) reshuffled: bool,
    /// Each player's score (net points, penalty points in pool, chips).
    pub(crate) scores: [i32; MAX_PLAYERS],
    /// The players who rejoined the pool.
    pub(crate) rejoined: u8,
    /// The last finished deal.
    pub(crate) last: Option<DealResult>,
    /// Whether the match is over.
    pub(crate) over: bool,
    /// The XOR of the keys of every card's zone (kept incrementally).
    pub(crate) cards_hash: u64,
}

impl State {
    /// The start of a match of `players`, each scoring `start` (chips or
    /// 0), seat 0 to deal: every card in the closed deck.
    pub fn new(players: u8, start: i32) -> State {
        let mut s = State {
            players,
            hands: [Cards::EMPTY; MAX_PLAYERS],
            stock: DECK,
            pile: [CardId(0); PILE],
            pile_len: 0,
            cut: None,
            dealt: 0,
            dealer: 0,
            deal_no: 0,
            phase: Phase::Deal,
            to_act: 0,
            status: std::array::from_fn(|k| {
                if k < usize::from(players) {
                    Status::In
                } else {
                    Status::Out
                }
            }),
            drew: 0,
            taken: None,
            known: [Cards::EMPTY; MAX_PLAYERS],
            reshuffled: false,
            scores: std::array::from_fn(|k| if k < usize::from(players) { start } else { 0 }),
            rejoined: 0,
            last: None,
            over: false,
            cards_hash: 0,
        };
        s.cards_hash = s.compute_cards_hash();
        s
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Each player's hand.
    pub fn hands(&self) -> &[Cards] {
        &self.hands[..self.players()]
    }

    /// The closed deck.
    pub fn stock(&self) -> Cards {
        self.stock
    }

    /// The open pile, bottom first.
    pub fn pile(&self) -> &[CardId] {
        &self.pile[..usize::from(self.pile_len)]
    }

    /// The open pile's top card.
    pub fn top(&self) -> Option<CardId> {
        self.pile().last().copied()
    }

    /// The cut joker.
    pub fn cut(&self) -> Option<CardId> {
        self.cut
    }

    /// The phase of the deal.
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

    /// Deals finished.
    pub fn deal_no(&self) -> u32 {
        self.deal_no
    }

    /// Each player's standing in the deal.
    pub fn status(&self) -> &[Status] {
        &self.status[..self.players()]
    }

    /// Each player's score.
    pub fn scores(&self) -> Vec<i32> {
        self.scores[..self.players()].to_vec()
    }

    /// The last finished deal.
    pub fn last(&self) -> Option<&DealResult> {
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
        } else if matches!(self.phase, Phase::Deal | Phase::StockDraw) {
            Turn::Chance
        } else {
            Turn::Seat(self.to_act())
        }
    }

    /// The players dealt into this deal (not out of the match), counted.
    pub(crate) fn dealt_in(&self) -> usize {
        self.status().iter().filter(|&&st| st != Status::Out).count()
    }

    /// The next player after `seat` whose status passes `keep`.
    pub(crate) fn next_after(&self, seat: usize, keep: impl Fn(Status) -> bool) -> usize {
        let n = self.players();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&p| keep(self.status[p]))
            .unwrap_or(seat)
    }

    /// The player the next dealt card goes to (`None`: the cut joker or
    /// the open card, or no deal on).
    pub fn next_recipient(&self) -> Option<usize> {
        let n = self.dealt_in();
        if self.phase != Phase::Deal || usize::from(self.dealt) >= n * HAND {
            return None;
        }
        let mut seat = self.dealer();
        for _ in 0..=usize::from(self.dealt) % n {
            seat = self.next_after(seat, |st| st != Status::Out);
        }
        Some(seat)
    }

    /// Moves `card` from one zone to another in the hash.
    #[inline]
    pub(crate) fn shift(&mut self, card: CardId, from: Zone, to: Zone) {
        self.cards_hash ^= key(from, card) ^ key(to, card);
    }

    /// Puts `card` on the open pile.
    pub(crate) fn push_pile(&mut self, card: CardId) {
        self.pile[usize::from(self.pile_len)] = card;
        self.pile_len += 1;
    }

    /// Takes the open pile's top card.
    pub(crate) fn pop_pile(&mut self) -> Option<CardId> {
        let top = self.top()?;
        self.pile_len -= 1;
        Some(top)
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
        for s in 0..MAX_PLAYERS {
            all(Zone::Hand(s), self.hands[s]);
        }
        all(Zone::Pile, self.pile().iter().copied().collect());
        all(Zone::Cut, self.cut.into_iter().collect());
        h
    }

    /// The whole position's hash, from the placement's.
    pub(crate) fn hash_with(&self, cards: u64) -> u64 {
        let card = |c: Option<CardId>| c.map_or(0xFFFF, |c| u64::from(c.0));
        let mut h = cards ^ mix64(self.phase as u64 | u64::from(self.to_act) << 8 | u64::from(self.drew) << 16);
        h ^= mix64(0x100 ^ u64::from(self.dealt) ^ u64::from(self.dealer) << 8 ^ u64::from(self.deal_no) << 16);
        h ^= mix64(0x200 ^ card(self.taken) ^ u64::from(self.pile_len) << 16 ^ u64::from(self.reshuffled) << 24);
        h ^= mix64(0x300 ^ card(self.top()) ^ u64::from(self.rejoined) << 16 ^ u64::from(self.over) << 24);
        for k in 0..MAX_PLAYERS {
            let tag = (k as u64 + 1) << 40;
            h ^= mix64(tag ^ self.known[k].0[0]) ^ mix64(tag ^ 0x10 ^ self.known[k].0[1]);
            h ^= mix64(tag ^ 0x20 ^ self.status[k] as u64 ^ (self.scores[k] as u32 as u64) << 8);
        }
        h
    }
}
