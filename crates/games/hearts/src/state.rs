//! A position of a Hearts match: where every card is (the zone ledger),
//! the hand's progress, and the match's scores.

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::{Tricks, all_active};
use tabula_cards::{CardId, CardSet, RoundDeal, ZoneKeys};
use tabula_search::Turn;
use tabula_search::rng::mix64;

use crate::cards::{DECK, NUM_CARDS, TWO_OF_CLUBS};

/// The seats.
pub const SEATS: usize = 4;
/// Every seat plays every trick.
pub(crate) const ALL: u8 = all_active(SEATS);
/// Tricks in a hand.
pub const TRICKS: u8 = 13;

pub use tabula_cards::tricks::Zone;

/// A seat's pass, chosen and not yet exchanged: the game's own zone.
pub(crate) const fn passing(seat: usize) -> Zone {
    Zone::Own(seat)
}

/// The cards' zone keys: the trick zones and the four passes.
static KEYS: ZoneKeys<{ Zone::count(SEATS, 4) * NUM_CARDS }> = ZoneKeys::new(0x4EA7_5000_0000_0001, NUM_CARDS);

/// The hash key of `card` in `zone`.
#[inline]
pub(crate) fn key(zone: Zone, card: CardId) -> u64 {
    KEYS.key(zone.id(SEATS), card)
}

/// What every seat knows: the deal's and the passing's progress, every
/// card played, hearts broken, and the match's scores. A position holds
/// one; each seat's observation holds the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Public {
    /// Cards dealt this hand.
    pub dealt: u8,
    /// Hands finished (0 during the first): the pass direction and the dealer.
    pub hand_no: u32,
    /// The passing is over (at once on a hand without passing).
    pub exchanged: bool,
    /// The hand's tricks: the trick in progress and its leader, what each
    /// seat played and took, and the revealed voids (bit `i`: suit `i` of
    /// [`Suit::ALL`](tabula_cards::french::Suit::ALL)).
    #[serde(flatten)]
    pub tricks: Tricks<SEATS>,
    /// A heart (or Q♠, under the option) has been played this hand.
    pub broken: bool,
    /// The match's scores.
    pub scores: [i32; SEATS],
    /// The points of the last finished hand.
    pub last_hand: [i32; SEATS],
    /// The seat that shot the moon and must choose how it counts.
    pub moon: Option<u8>,
    /// The match is over.
    pub over: bool,
}

impl Public {
    /// The start of a match.
    fn new() -> Public {
        Public {
            dealt: 0,
            hand_no: 0,
            exchanged: false,
            tricks: Tricks::new(0),
            broken: false,
            scores: [0; SEATS],
            last_hand: [0; SEATS],
            moon: None,
            over: false,
        }
    }

    /// The dealer of the hand in progress.
    #[inline]
    pub fn dealer(&self) -> usize {
        (self.hand_no % 4) as usize
    }

    /// Where this hand's passes go (see [`pass_offset`]).
    #[inline]
    pub fn pass_offset(&self) -> Option<usize> {
        pass_offset(self.hand_no)
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

    /// The seat to choose its pass next, given which seats have `chosen`
    /// (everyone knows who has, not what): none while dealing or once the
    /// exchange is done; else the first seat from the dealer's left that
    /// has not.
    #[inline]
    pub fn next_passer(&self, chosen: impl Fn(usize) -> bool) -> Option<usize> {
        if self.exchanged || usize::from(self.dealt) < NUM_CARDS {
            return None;
        }
        (1..=SEATS).map(|k| (self.dealer() + k) % SEATS).find(|&s| !chosen(s))
    }

    /// Whose turn it is, with `passer` the seat to choose its pass.
    #[inline]
    pub fn turn(&self, passer: Option<usize>) -> Turn {
        if self.over {
            Turn::Terminal
        } else if usize::from(self.dealt) < NUM_CARDS {
            Turn::Chance
        } else if let Some(s) = passer {
            Turn::Seat(s)
        } else if let Some(s) = self.moon {
            Turn::Seat(usize::from(s))
        } else {
            Turn::Seat((usize::from(self.tricks.leader) + self.tricks.trick().len()) % SEATS)
        }
    }
}

/// A position: the truth (every hand), never shown to a seat as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Each seat's hand.
    pub(crate) hands: [CardSet; SEATS],
    /// The cards not dealt yet.
    pub(crate) stock: CardSet,
    /// The pass each seat chose this hand.
    pub(crate) passed: [Option<CardSet>; SEATS],
    /// The cards each seat received in the exchange.
    pub(crate) received: [CardSet; SEATS],
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
            passed: [None; SEATS],
            received: [CardSet::EMPTY; SEATS],
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

    /// The match's scores.
    pub fn scores(&self) -> [i32; SEATS] {
        self.public.scores
    }

    /// The points of the last finished hand.
    pub fn last_hand(&self) -> [i32; SEATS] {
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

    /// The cards each seat took this hand.
    pub fn taken(&self) -> &[CardSet; SEATS] {
        &self.public.tricks.taken
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

    /// Where this hand's passes go: `Some(k)` sends each seat's cards to
    /// seat `+k` (left 1, right 3, across 2); `None` on a hand without
    /// passing (every fourth).
    #[inline]
    pub fn pass_offset(&self) -> Option<usize> {
        self.public.pass_offset()
    }

    /// The seat the next dealt card goes to.
    #[inline]
    pub fn next_recipient(&self) -> Option<usize> {
        self.public.next_recipient()
    }

    /// The seat to choose its pass next (seats pass in turn from the
    /// dealer's left; each choice is hidden until the exchange).
    #[inline]
    pub fn next_passer(&self) -> Option<usize> {
        self.public.next_passer(|s| self.passed[s].is_some())
    }

    /// The seat to play a card.
    #[inline]
    pub fn to_play(&self) -> usize {
        self.public.tricks.to_play(ALL)
    }

    /// Whose turn it is.
    #[inline]
    pub fn turn(&self) -> Turn {
        self.public.turn(self.next_passer())
    }

    /// Checks the zone ledger: every card in exactly one zone, the hands
    /// of the sizes the deal, the passes and the plays leave.
    ///
    /// # Errors
    /// The first card found twice or missing, or a hand of the wrong size.
    pub fn check(&self) -> Result<(), String> {
        let mut zones: Vec<CardSet> = vec![self.stock];
        zones.extend(self.hands);
        zones.extend(self.public.tricks.taken);
        if !self.public.exchanged {
            zones.extend(self.passed.iter().map(|p| p.unwrap_or_default()));
        }
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
                let passing = !self.public.exchanged && self.passed[s].is_some();
                let want = 13 - self.public.tricks.played[s].len() - if passing { 3 } else { 0 };
                if self.hands[s].len() != want {
                    return Err(format!("seat {s} holds {} cards, not {want}", self.hands[s].len()));
                }
            }
        }
        Ok(())
    }

    /// Moves `card` between zones, keeping the hash.
    #[inline]
    pub(crate) fn shift(&mut self, card: CardId, from: Zone, to: Zone) {
        self.cards_hash ^= key(from, card) ^ key(to, card);
    }

    /// After the deal or the exchange: the holder of 2♣ leads.
    pub(crate) fn start_tricks(&mut self) {
        self.public.exchanged = true;
        let holder = (0..SEATS)
            .find(|&s| self.hands[s].contains(TWO_OF_CLUBS))
            .expect("someone holds 2♣ after the deal");
        self.public.tricks.leader = holder as u8;
    }

    /// The hash of the card placement, from scratch.
    pub(crate) fn compute_cards_hash(&self) -> u64 {
        let mut h = self.public.tricks.zones_hash(&KEYS, self.stock, &self.hands, ALL);
        if !self.public.exchanged {
            for s in 0..SEATS {
                h ^= KEYS.of(passing(s).id(SEATS), self.passed[s].unwrap_or_default());
            }
        }
        h
    }

    /// The state's hash: the cards' placement and everything else, mixed.
    pub(crate) fn hash_with(&self, cards: u64) -> u64 {
        let mut h = cards;
        let mut mix = |v: u64| h = mix64(h ^ v);
        let t = &self.public.tricks;
        mix(u64::from(self.public.dealt) | u64::from(self.public.hand_no) << 8 | u64::from(t.leader) << 40);
        mix(t.trick().len() as u64 | u64::from(t.done) << 8 | u64::from(self.public.broken) << 16);
        mix(u64::from(self.public.exchanged)
            | u64::from(self.public.over) << 1
            | self.public.moon.map_or(0, |m| 4 + u64::from(m)) << 2);
        for s in 0..SEATS {
            mix(u64::from(self.passed[s].is_some()) | u64::from(self.public.tricks.voids[s]) << 1);
            mix(self.public.scores[s] as u32 as u64 | (self.public.last_hand[s] as u32 as u64) << 32);
        }
        h
    }
}

/// Where the passes of hand `hand_no` go (see [`State::pass_offset`]).
#[inline]
pub fn pass_offset(hand_no: u32) -> Option<usize> {
    match hand_no % 4 {
        0 => Some(1),
        1 => Some(3),
        2 => Some(2),
        _ => None,
    }
}
