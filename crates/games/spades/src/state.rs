//! A position of a Spades match: where every card is (the zone ledger),
//! the bids, the hand's progress, and the match's scores and bags.

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::{Tricks, all_active};
use tabula_cards::{CardId, CardSet, ZoneKeys};
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

/// A position: the truth (every hand), never shown to a seat as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Each seat's hand.
    pub(crate) hands: [CardSet; SEATS],
    /// The cards not dealt yet.
    pub(crate) stock: CardSet,
    /// Cards dealt this hand.
    pub(crate) dealt: u8,
    /// Hands finished (0 during the first): the dealer.
    pub(crate) hand_no: u32,
    /// The seats that may bid blind nil this hand (bit per seat).
    pub(crate) blind_eligible: u8,
    /// The seats that have answered whether they bid blind nil.
    pub(crate) blind_answered: [bool; SEATS],
    /// The seats that bid blind nil.
    pub(crate) blind: [bool; SEATS],
    /// Each seat's bid (0 nil), once made.
    pub(crate) bids: [Option<u8>; SEATS],
    /// The hand's tricks: the trick in progress and its leader, what each
    /// seat played and took, and the revealed voids (bit per suit, clubs
    /// first).
    pub(crate) tricks: Tricks<SEATS>,
    /// A spade has been played this hand.
    pub(crate) broken: bool,
    /// The match's scores, by side.
    pub(crate) scores: [i32; SIDES],
    /// The bags each side carries (below ten).
    pub(crate) bags: [u8; SIDES],
    /// The last finished hand's score, by side.
    pub(crate) last_hand: Option<[SideScore; SIDES]>,
    /// The match is over.
    pub(crate) over: bool,
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
        self.scores
    }

    /// The bags each side carries.
    pub fn bags(&self) -> [u8; SIDES] {
        self.bags
    }

    /// The bids made this hand.
    pub fn bids(&self) -> [Option<u8>; SEATS] {
        self.bids
    }

    /// The last finished hand's score, by side.
    pub fn last_hand(&self) -> Option<[SideScore; SIDES]> {
        self.last_hand
    }

    /// Hands finished.
    pub fn hand_no(&self) -> u32 {
        self.hand_no
    }

    /// Tricks finished this hand.
    pub fn tricks(&self) -> u8 {
        self.tricks.done
    }

    /// Tricks each seat took this hand.
    pub fn won(&self) -> [u8; SEATS] {
        self.tricks.taken.map(|t| (t.len() / SEATS) as u8)
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The dealer of the hand in progress.
    #[inline]
    pub fn dealer(&self) -> usize {
        (self.hand_no % 4) as usize
    }

    /// The seat the next dealt card goes to.
    #[inline]
    pub fn next_recipient(&self) -> Option<usize> {
        (usize::from(self.dealt) < NUM_CARDS).then(|| (self.dealer() + 1 + usize::from(self.dealt)) % SEATS)
    }

    /// The seat to say whether it bids blind nil, before the deal.
    #[inline]
    pub fn next_blinder(&self) -> Option<usize> {
        next_blinder_of(
            self.dealt,
            self.hand_no,
            self.blind_eligible,
            &self.blind_answered,
            &self.blind,
        )
    }

    /// The seat to bid, once the cards are dealt.
    #[inline]
    pub fn next_bidder(&self) -> Option<usize> {
        next_bidder_of(self.dealt, self.hand_no, &self.bids)
    }

    /// The seat to play a card.
    #[inline]
    pub fn to_play(&self) -> usize {
        self.tricks.to_play(ALL)
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        turn_of(
            self.over,
            self.dealt,
            self.next_blinder(),
            self.next_bidder(),
            self.tricks.leader,
            self.tricks.trick().len(),
        )
    }

    /// Checks the zone ledger: every card in exactly one zone, the hands
    /// of the sizes the deal and the plays leave.
    ///
    /// # Errors
    /// The first card found twice or missing, or a hand of the wrong size.
    pub fn check(&self) -> Result<(), String> {
        let mut zones: Vec<CardSet> = vec![self.stock];
        zones.extend(self.hands);
        zones.extend(self.tricks.taken);
        zones.push(self.tricks.trick().iter().copied().collect());
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
        if self.stock.len() != NUM_CARDS - usize::from(self.dealt) {
            return Err("the stock does not match the deal".into());
        }
        if usize::from(self.dealt) == NUM_CARDS {
            for s in 0..SEATS {
                let want = HAND - self.tricks.played[s].len();
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
        self.tricks.zones_hash(&KEYS, self.stock, &self.hands, ALL)
    }

    /// The state's hash: the cards' placement and everything else, mixed.
    pub(crate) fn hash_with(&self, cards: u64) -> u64 {
        let mut h = cards;
        let mut mix = |v: u64| h = mix64(h ^ v);
        mix(u64::from(self.dealt) | u64::from(self.hand_no) << 8 | u64::from(self.tricks.leader) << 40);
        mix(self.tricks.trick().len() as u64 | u64::from(self.tricks.done) << 8 | u64::from(self.broken) << 16);
        mix(u64::from(self.over) | u64::from(self.blind_eligible) << 1);
        for s in 0..SEATS {
            let bid = self.bids[s].map_or(0, |b| u64::from(b) + 1);
            mix(bid
                | u64::from(self.tricks.voids[s]) << 8
                | u64::from(self.blind[s]) << 16
                | u64::from(self.blind_answered[s]) << 17);
        }
        for side in 0..SIDES {
            mix(self.scores[side] as u32 as u64 | u64::from(self.bags[side]) << 32);
        }
        h
    }
}

/// The seat to answer blind nil next: before the deal, the first seat
/// from the dealer's left that may and has not answered, unless its
/// partner bid blind nil.
#[inline]
pub(crate) fn next_blinder_of(
    dealt: u8,
    hand_no: u32,
    eligible: u8,
    answered: &[bool; SEATS],
    blind: &[bool; SEATS],
) -> Option<usize> {
    if dealt > 0 || eligible == 0 {
        return None;
    }
    let dealer = (hand_no % 4) as usize;
    (1..=SEATS)
        .map(|k| (dealer + k) % SEATS)
        .find(|&s| eligible & (1 << s) != 0 && !answered[s] && !blind[(s + 2) % SEATS])
}

/// The seat to bid next: once dealt, the first seat from the dealer's left
/// without a bid.
#[inline]
pub(crate) fn next_bidder_of(dealt: u8, hand_no: u32, bids: &[Option<u8>; SEATS]) -> Option<usize> {
    if usize::from(dealt) < NUM_CARDS {
        return None;
    }
    let dealer = (hand_no % 4) as usize;
    (1..=SEATS).map(|k| (dealer + k) % SEATS).find(|&s| bids[s].is_none())
}

/// Whose turn it is, from what everyone knows.
#[inline]
pub(crate) fn turn_of(
    over: bool,
    dealt: u8,
    blinder: Option<usize>,
    bidder: Option<usize>,
    leader: u8,
    trick_len: usize,
) -> Turn {
    if over {
        Turn::Terminal
    } else if let Some(s) = blinder {
        Turn::Seat(s)
    } else if usize::from(dealt) < NUM_CARDS {
        Turn::Chance
    } else if let Some(s) = bidder {
        Turn::Seat(s)
    } else {
        Turn::Seat((usize::from(leader) + trick_len) % SEATS)
    }
}
