//! A position of a Spades match: where every card is (the zone ledger),
//! the bids, the hand's progress, and the match's scores and bags.

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::{Tricks, all_active};
use tabula_cards::{CardId, CardSet, RoundDeal, ZoneKeys};
use tabula_search::Turn;
use tabula_search::rng::mix64;

use crate::cards::{DECK, HAND, NUM_CARDS};
use crate::score::SideScore;

pub use crate::seats::{SEATS, SIDES, TRICKS};

/// Every seat plays every trick.
pub(crate) const ALL: u8 = all_active(SEATS);

pub use tabula_cards::tricks::Zone;

/// The cards' zone keys: the trick zones.
static KEYS: ZoneKeys<{ Zone::count(SEATS, 0) * NUM_CARDS }> = ZoneKeys::new(0x5BAD_E500_0000_0001, NUM_CARDS);

/// The hash key of `card` in `zone`.
#[inline]
pub(crate) fn key(zone: Zone, card: CardId) -> u64 {
    KEYS.key(zone.id(SEATS), card)
}

/// What every seat knows: the deal's progress, the blind nils and the
/// bids, every card played, and the match's scores and bags. A position
/// holds one; each seat's observation holds the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Public {
    /// Cards dealt this hand.
    pub dealt: u8,
    /// Hands finished (0 during the first): the dealer.
    pub hand_no: u32,
    /// The seats that may bid blind nil this hand (bit per seat).
    pub blind_eligible: u8,
    /// The seats that have answered whether they bid blind nil.
    pub blind_answered: [bool; SEATS],
    /// The seats that bid blind nil.
    pub blind: [bool; SEATS],
    /// Each seat's bid (0 nil), once made.
    pub bids: [Option<u8>; SEATS],
    /// The hand's tricks: the trick in progress and its leader, what each
    /// seat played and took, and the revealed voids (bit per suit, clubs
    /// first).
    #[serde(flatten)]
    pub tricks: Tricks<SEATS>,
    /// A spade has been played this hand.
    pub broken: bool,
    /// The match's scores, by side.
    pub scores: [i32; SIDES],
    /// The bags each side carries (below ten).
    pub bags: [u8; SIDES],
    /// The last finished hand's score, by side.
    pub last_hand: Option<[SideScore; SIDES]>,
    /// The match is over.
    pub over: bool,
}

impl Public {
    /// The start of a match.
    fn new() -> Public {
        Public {
            dealt: 0,
            hand_no: 0,
            blind_eligible: 0,
            blind_answered: [false; SEATS],
            blind: [false; SEATS],
            bids: [None; SEATS],
            tricks: Tricks::new(1),
            broken: false,
            scores: [0; SIDES],
            bags: [0; SIDES],
            last_hand: None,
            over: false,
        }
    }

    /// The dealer of the hand in progress.
    #[inline]
    pub fn dealer(&self) -> usize {
        (self.hand_no % 4) as usize
    }

    /// The deal: one card at a time from the dealer's left.
    #[inline]
    pub fn deal(&self) -> RoundDeal {
        RoundDeal::left_of(self.dealer(), SEATS, NUM_CARDS)
    }

    /// The seat the next dealt card goes to.
    #[inline]
    pub fn next_recipient(&self) -> Option<usize> {
        self.deal().recipient(usize::from(self.dealt))
    }

    /// The seat to say whether it bids blind nil, before the deal: the
    /// first seat from the dealer's left that may and has not answered,
    /// unless its partner bid blind nil.
    #[inline]
    pub fn next_blinder(&self) -> Option<usize> {
        if self.dealt > 0 || self.blind_eligible == 0 {
            return None;
        }
        (1..=SEATS)
            .map(|k| (self.dealer() + k) % SEATS)
            .find(|&s| self.blind_eligible & (1 << s) != 0 && !self.blind_answered[s] && !self.blind[(s + 2) % SEATS])
    }

    /// The seat to bid: once dealt, the first seat from the dealer's left
    /// without a bid.
    #[inline]
    pub fn next_bidder(&self) -> Option<usize> {
        if usize::from(self.dealt) < NUM_CARDS {
            return None;
        }
        (1..=SEATS)
            .map(|k| (self.dealer() + k) % SEATS)
            .find(|&s| self.bids[s].is_none())
    }

    /// The seat to play a card.
    #[inline]
    pub fn to_play(&self) -> usize {
        self.tricks.to_play(ALL)
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else if let Some(s) = self.next_blinder() {
            Turn::Seat(s)
        } else if usize::from(self.dealt) < NUM_CARDS {
            Turn::Chance
        } else if let Some(s) = self.next_bidder() {
            Turn::Seat(s)
        } else {
            Turn::Seat((usize::from(self.tricks.leader) + self.tricks.trick().len()) % SEATS)
        }
    }

    /// Tricks each seat took this hand.
    pub fn won(&self) -> [u8; SEATS] {
        self.tricks.taken.map(|t| (t.len() / SEATS) as u8)
    }

    /// The number of cards `seat` holds.
    pub fn hand_size(&self, seat: usize) -> usize {
        if usize::from(self.dealt) < NUM_CARDS {
            return self.deal().dealt_to(seat, usize::from(self.dealt));
        }
        HAND.saturating_sub(self.tricks.played[seat].len())
    }
}

/// A position: the truth (every hand), never shown to a seat as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Each seat's hand.
    pub(crate) hands: [CardSet; SEATS],
    /// The cards not dealt yet.
    pub(crate) stock: CardSet,
    /// What every seat knows.
    #[serde(flatten)]
    pub(crate) public: Public,
    /// The XOR of the keys of every card's zone (kept incrementally).
    pub(crate) cards_hash: u64,
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

impl State {
    /// The start of a match: every card in the stock, scores 0.
    pub fn new() -> State {
        let mut s = State {
            hands: [CardSet::EMPTY; SEATS],
            stock: DECK.all(),
            public: Public::new(),
            cards_hash: 0,
        };
        s.cards_hash = s.compute_cards_hash();
        s
    }

    /// Each seat's hand.
    pub fn hands(&self) -> &[CardSet; SEATS] {
        &self.hands
    }

    /// The match's scores, by side.
    pub fn scores(&self) -> [i32; SIDES] {
        self.public.scores
    }

    /// The bags each side carries.
    pub fn bags(&self) -> [u8; SIDES] {
        self.public.bags
    }

    /// The bids made this hand.
    pub fn bids(&self) -> [Option<u8>; SEATS] {
        self.public.bids
    }

    /// The last finished hand's score, by side.
    pub fn last_hand(&self) -> Option<[SideScore; SIDES]> {
        self.public.last_hand
    }

    /// Hands finished.
    pub fn hand_no(&self) -> u32 {
        self.public.hand_no
    }

    /// Tricks finished this hand.
    pub fn tricks(&self) -> u8 {
        self.public.tricks.done
    }

    /// Tricks each seat took this hand.
    pub fn won(&self) -> [u8; SEATS] {
        self.public.won()
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.public.over
    }

    /// What every seat knows.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// The dealer of the hand in progress.
    #[inline]
    pub fn dealer(&self) -> usize {
        self.public.dealer()
    }

    /// The seat the next dealt card goes to.
    #[inline]
    pub fn next_recipient(&self) -> Option<usize> {
        self.public.next_recipient()
    }

    /// The seat to say whether it bids blind nil, before the deal.
    #[inline]
    pub fn next_blinder(&self) -> Option<usize> {
        self.public.next_blinder()
    }

    /// The seat to bid, once the cards are dealt.
    #[inline]
    pub fn next_bidder(&self) -> Option<usize> {
        self.public.next_bidder()
    }

    /// The seat to play a card.
    #[inline]
    pub fn to_play(&self) -> usize {
        self.public.to_play()
    }

    /// Whose turn it is.
    #[inline]
    pub fn turn(&self) -> Turn {
        self.public.turn()
    }

    /// Checks the zone ledger: every card in exactly one zone, the hands
    /// of the sizes the deal and the plays leave.
    ///
    /// # Errors
    /// The first card found twice or missing, or a hand of the wrong size.
    pub fn check(&self) -> Result<(), String> {
        let mut zones: Vec<CardSet> = vec![self.stock];
        zones.extend(self.hands);
        zones.extend(self.public.tricks.taken);
        zones.push(self.public.tricks.trick().iter().copied().collect());
        let mut seen = CardSet::EMPTY;
        for z in &zones {
            if !(seen & *z).is_empty() {
                return Err(format!("a card is in two zones: {:?}", seen & *z));
            }
            seen = seen | *z;
        }
        if seen != DECK.all() {
            return Err(format!("cards missing: {:?}", DECK.all() - seen));
        }
        if self.stock.len() != NUM_CARDS - usize::from(self.public.dealt) {
            return Err("the stock does not match the deal".into());
        }
        if usize::from(self.public.dealt) == NUM_CARDS {
            for s in 0..SEATS {
                let want = HAND - self.public.tricks.played[s].len();
                if self.hands[s].len() != want {
                    return Err(format!("seat {s} holds {} cards, not {want}", self.hands[s].len()));
                }
            }
        }
        if self.compute_cards_hash() != self.cards_hash {
            return Err("the incremental hash differs from the recomputed one".into());
        }
        Ok(())
    }

    /// Moves `card` between zones, keeping the hash.
    #[inline]
    pub(crate) fn shift(&mut self, card: CardId, from: Zone, to: Zone) {
        self.cards_hash ^= key(from, card) ^ key(to, card);
    }

    /// The hash of the card placement, from scratch.
    pub(crate) fn compute_cards_hash(&self) -> u64 {
        self.public.tricks.zones_hash(&KEYS, self.stock, &self.hands, ALL)
    }

    /// The state's hash: the cards' placement and everything else, mixed.
    pub(crate) fn hash_with(&self, cards: u64) -> u64 {
        let mut h = cards;
        let mut mix = |v: u64| h = mix64(h ^ v);
        mix(u64::from(self.public.dealt)
            | u64::from(self.public.hand_no) << 8
            | u64::from(self.public.tricks.leader) << 40);
        mix(self.public.tricks.trick().len() as u64
            | u64::from(self.public.tricks.done) << 8
            | u64::from(self.public.broken) << 16);
        mix(u64::from(self.public.over) | u64::from(self.public.blind_eligible) << 1);
        for s in 0..SEATS {
            let bid = self.public.bids[s].map_or(0, |b| u64::from(b) + 1);
            mix(bid
                | u64::from(self.public.tricks.voids[s]) << 8
                | u64::from(self.public.blind[s]) << 16
                | u64::from(self.public.blind_answered[s]) << 17);
        }
        for side in 0..SIDES {
            mix(self.public.scores[side] as u32 as u64 | u64::from(self.public.bags[side]) << 32);
        }
        h
    }
}
