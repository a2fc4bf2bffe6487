//! A position of a Dou Dizhu match: where every card is, the bidding, the
//! trick, the deal's doublings and the match's scores.

use serde::{Deserialize, Serialize};
use tabula_cards::climbing::{Seating, Trick};
use tabula_cards::{CardId, CardSet, ZoneId, ZoneKeys};
use tabula_search::Turn;
use tabula_search::rng::mix64;

use crate::cards::{DECK, NUM_CARDS};
use crate::combo::Combo;

/// The seats.
pub const SEATS: usize = 3;
/// Cards dealt to each seat.
pub const HAND: usize = 17;
/// Cards dealt to the seats in a deal; the last three are the kitty.
pub const DEALT: u8 = (SEATS * HAND) as u8;
/// The landlord's hand after it takes the kitty.
pub const LANDLORD_HAND: usize = HAND + 3;
/// The highest bid.
pub const MAX_BID: u8 = 3;
/// The table of the play: three seats, none out while a deal is played
/// (it ends when the first seat goes out).
pub const SEATING: Seating = Seating::new(SEATS as u8);

/// The zones a card can be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// The stock: undealt cards, then the kitty until the bidding ends.
    Stock,
    /// A seat's hand.
    Hand(usize),
    /// Played by a seat.
    Played(usize),
}

impl From<Zone> for ZoneId {
    fn from(zone: Zone) -> ZoneId {
        let n = match zone {
            Zone::Stock => 0,
            Zone::Hand(s) => 1 + s,
            Zone::Played(s) => 1 + SEATS + s,
        };
        ZoneId(n as u16)
    }
}

static KEYS: ZoneKeys<{ (1 + 2 * SEATS) * NUM_CARDS }> = ZoneKeys::new(0xD0D1_2400_0000_0001, NUM_CARDS);

/// The hash key of `card` in `zone`.
#[inline]
pub(crate) fn key(zone: Zone, card: CardId) -> u64 {
    KEYS.key(zone.into(), card)
}

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Chance deals the next card, one at a time from the first bidder.
    Deal,
    /// The seat to act bids (or passes).
    Bid,
    /// The seat to act plays a combination or passes.
    Play,
}

/// A deal's result, public once it is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DealResult {
    /// The landlord.
    pub landlord: u8,
    /// Whether the landlord won (played out first).
    pub landlord_won: bool,
    /// The winning bid.
    pub bid: u8,
    /// Bombs and rockets played.
    pub bombs: u8,
    /// Spring: the landlord won and no peasant played a card.
    pub spring: bool,
    /// Anti-spring: the peasants won and the landlord played once only.
    pub anti_spring: bool,
    /// The stake: the bid doubled for each bomb, rocket and spring.
    pub stake: i64,
    /// Each seat's score for the deal (the landlord's is twice the stake).
    pub points: [i64; SEATS],
    /// Each seat's cards left unplayed.
    pub left: [CardSet; SEATS],
    /// The deal's round (deals begun before it, thrown-in ones included).
    pub round: u32,
}

/// A position: the truth (every hand and the kitty), never shown to a
/// seat as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Each seat's hand.
    pub(crate) hands: [CardSet; SEATS],
    /// Undealt cards; after the deal, the kitty until the bidding ends.
    pub(crate) stock: CardSet,
    /// The kitty, once the landlord has taken it (public).
    pub(crate) kitty: CardSet,
    /// The cards each seat has played this deal (public).
    pub(crate) played: [CardSet; SEATS],
    /// Cards dealt this deal.
    pub(crate) dealt: u8,
    /// The seat that bids first (and is dealt the first card).
    pub(crate) first: u8,
    /// Deals scored.
    pub(crate) deal_no: u32,
    /// Deals begun, thrown-in ones included.
    pub(crate) round_no: u32,
    /// Where the deal stands.
    pub(crate) phase: Phase,
    /// The seat to act.
    pub(crate) to_act: u8,
    /// Each seat's bid: `None` before it bids, 0 a pass.
    pub(crate) bids: [Option<u8>; SEATS],
    /// The highest bid so far.
    pub(crate) bid: u8,
    /// The landlord, once the bidding is over.
    pub(crate) landlord: Option<u8>,
    /// The combination to beat, the seat that played it and the passes
    /// since (in JSON, the fields `last` and `passes`).
    #[serde(flatten)]
    pub(crate) trick: Trick<Combo>,
    /// Bombs and rockets played this deal.
    pub(crate) bombs: u8,
    /// The combinations each seat has played this deal.
    pub(crate) plays: [u8; SEATS],
    /// The match's scores.
    pub(crate) scores: [i64; SEATS],
    /// The last finished deal.
    pub(crate) last_deal: Option<DealResult>,
    /// Whether the match is over.
    pub(crate) over: bool,
    /// The XOR of the keys of every card's zone (kept incrementally).
    pub(crate) cards_hash: u64,
    /// Each card's hidden order key (see [`crate::keys`]): which of a
    /// seat's cards of a rank a play takes. Never shown to a seat, and
    /// left out of the hash: it changes which physical card of a rank
    /// leaves, never what a seat may do or win.
    #[serde(with = "order_serde")]
    pub(crate) order: [u8; NUM_CARDS],
}

/// The keys as a list in JSON (serde's arrays stop at 32).
mod order_serde {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::cards::NUM_CARDS;

    pub fn serialize<S: Serializer>(order: &[u8; NUM_CARDS], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(order.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; NUM_CARDS], D::Error> {
        let keys = Vec::<u8>::deserialize(d)?;
        keys.try_into()
            .map_err(|_| serde::de::Error::custom(format!("{NUM_CARDS} hidden keys")))
    }
}

impl Default for State {
    fn default() -> Self {
        State::new(0)
    }
}

impl State {
    /// The start of a deal, `first` to bid first: every card in the
    /// stock; scores zero.
    pub fn new(first: u8) -> State {
        let mut s = State {
            hands: [CardSet::EMPTY; SEATS],
            stock: DECK,
            kitty: CardSet::EMPTY,
            played: [CardSet::EMPTY; SEATS],
            dealt: 0,
            first,
            deal_no: 0,
            round_no: 0,
            phase: Phase::Deal,
            to_act: first,
            bids: [None; SEATS],
            bid: 0,
            landlord: None,
            trick: Trick::new(),
            bombs: 0,
            plays: [0; SEATS],
            scores: [0; SEATS],
            last_deal: None,
            over: false,
            cards_hash: 0,
            order: [0; NUM_CARDS],
        };
        s.cards_hash = s.compute_cards_hash();
        s
    }

    /// Each seat's hand.
    pub fn hands(&self) -> &[CardSet; SEATS] {
        &self.hands
    }

    /// The stock (undealt cards, then the kitty until the bidding ends).
    pub fn stock(&self) -> CardSet {
        self.stock
    }

    /// The kitty, once the landlord has taken it.
    pub fn kitty(&self) -> CardSet {
        self.kitty
    }

    /// The cards each seat has played this deal.
    pub fn played(&self) -> &[CardSet; SEATS] {
        &self.played
    }

    /// The phase of the deal.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to act.
    pub fn to_act(&self) -> usize {
        usize::from(self.to_act)
    }

    /// The landlord, once the bidding is over.
    pub fn landlord(&self) -> Option<usize> {
        self.landlord.map(usize::from)
    }

    /// The combination to beat and who played it.
    pub fn last(&self) -> Option<(usize, Combo)> {
        self.trick.last.map(|(s, c)| (usize::from(s), c))
    }

    /// The centre of the table: the combination to beat, who played it,
    /// the passes since.
    pub fn trick(&self) -> Trick<Combo> {
        self.trick
    }

    /// Passes since the combination to beat was played.
    pub fn passes(&self) -> u8 {
        self.trick.passes
    }

    /// Each seat's bid (`None` before it bids, 0 a pass).
    pub fn bids(&self) -> [Option<u8>; SEATS] {
        self.bids
    }

    /// The highest bid so far.
    pub fn bid(&self) -> u8 {
        self.bid
    }

    /// Bombs and rockets played this deal.
    pub fn bombs(&self) -> u8 {
        self.bombs
    }

    /// Deals scored.
    pub fn deal_no(&self) -> u32 {
        self.deal_no
    }

    /// Deals begun, thrown-in ones included.
    pub fn round_no(&self) -> u32 {
        self.round_no
    }

    /// The match's scores.
    pub fn scores(&self) -> [i64; SEATS] {
        self.scores
    }

    /// The last finished deal.
    pub fn last_deal(&self) -> Option<&DealResult> {
        self.last_deal.as_ref()
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The seat the next dealt card goes to (`None`: no deal on).
    pub fn next_recipient(&self) -> Option<usize> {
        (self.phase == Phase::Deal && self.dealt < DEALT)
            .then(|| (usize::from(self.first) + usize::from(self.dealt)) % SEATS)
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else if self.phase == Phase::Deal {
            Turn::Chance
        } else {
            Turn::Seat(usize::from(self.to_act))
        }
    }

    /// Checks the card ledger: the stock, the hands and the cards played
    /// hold every card once; the kitty, once taken, is three of the
    /// landlord's cards.
    ///
    /// # Errors
    /// What is out of place, in words.
    pub fn check_ledger(&self) -> Result<(), String> {
        let mut all = self.stock.0;
        let mut total = self.stock.len();
        for k in 0..SEATS {
            all |= self.hands[k].0 | self.played[k].0;
            total += self.hands[k].len() + self.played[k].len();
        }
        if all != DECK.0 || total != NUM_CARDS {
            return Err("the stock, the hands and the cards played do not hold each card once".into());
        }
        let kitty_ok = match self.landlord {
            Some(l) => {
                let l = usize::from(l);
                self.kitty.len() == 3 && (self.hands[l].0 | self.played[l].0) & self.kitty.0 == self.kitty.0
            }
            None => self.kitty.is_empty(),
        };
        if !kitty_ok {
            return Err("the kitty is not three of the landlord's cards".into());
        }
        Ok(())
    }

    /// Moves `card` from one zone to another in the hash.
    #[inline]
    pub(crate) fn shift(&mut self, card: CardId, from: Zone, to: Zone) {
        self.cards_hash ^= key(from, card) ^ key(to, card);
    }

    /// The hash of the card placement, from scratch.
    pub(crate) fn compute_cards_hash(&self) -> u64 {
        let mut h = KEYS.of(Zone::Stock.into(), self.stock);
        for s in 0..SEATS {
            h ^= KEYS.of(Zone::Hand(s).into(), self.hands[s]) ^ KEYS.of(Zone::Played(s).into(), self.played[s]);
        }
        h
    }

    /// The whole position's hash, from the placement's.
    pub(crate) fn hash_with(&self, cards: u64) -> u64 {
        let bid = |b: Option<u8>| b.map_or(0xF, u64::from);
        let mut h = cards ^ mix64(self.phase as u64 | u64::from(self.to_act) << 8 | u64::from(self.first) << 16);
        h ^= mix64(0x100 ^ u64::from(self.dealt) ^ u64::from(self.deal_no) << 8 ^ u64::from(self.round_no) << 36);
        h ^= mix64(
            0x200 ^ bid(self.bids[0]) ^ bid(self.bids[1]) << 4 ^ bid(self.bids[2]) << 8 ^ u64::from(self.bid) << 12,
        );
        h ^= mix64(0x300 ^ self.landlord.map_or(0xF, u64::from) ^ u64::from(self.trick.passes) << 4);
        h ^= mix64(0x400 ^ u64::from(self.bombs) ^ u64::from(self.over) << 8 ^ self.kitty.0 << 9);
        h ^= mix64(0x500 ^ u64::from(self.plays[0]) ^ u64::from(self.plays[1]) << 8 ^ u64::from(self.plays[2]) << 16);
        if let Some((seat, c)) = self.trick.last {
            h ^= mix64(0x600 ^ c.cards.0 ^ u64::from(seat) << 62);
            h ^= mix64(0x700 ^ c.kind as u64 ^ u64::from(c.rank) << 8 ^ u64::from(c.len) << 16);
        }
        for s in 0..SEATS {
            h ^= mix64((0x800 + s as u64) ^ ((self.scores[s] as u64) << 12));
        }
        h
    }
}
