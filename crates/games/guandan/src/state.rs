//! A position of a Guandan match: where every card is, the levels, the
//! tribute, the trick and the finishing order of the hand.

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;
use tabula_cards::climbing::{OutLead, Seating, Trick};

use crate::cards::{Cards, DECK, Level};
use crate::moves::Combo;
use crate::options::{GuandanOptions, OptionsError};

/// The seats: partners opposite (0 and 2, 1 and 3).
pub const SEATS: usize = 4;
/// Cards dealt to each seat.
pub const HAND: usize = 27;
/// The seats' sides: seat `s` is on side `s % 2`.
pub const SIDES: usize = 2;

/// The side of a seat.
#[inline]
pub fn side(seat: usize) -> usize {
    seat % SIDES
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Chance deals the next card.
    Deal,
    /// Chance draws who leads (the match's first hand).
    FirstLeader,
    /// A seat of the side that lost gives its tribute.
    Tribute,
    /// A seat that received a tribute gives a card back.
    Return,
    /// The seat to act plays or passes.
    Play,
    /// The match is over.
    Over,
}

/// One tribute of the hand: who gives to whom, the card and the card
/// given back (both public, face up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tribute {
    /// The seat that gives the tribute.
    pub payer: u8,
    /// The seat that receives it (set once every tribute is given: in a
    /// double tribute the higher card goes to the first seat out).
    pub receiver: u8,
    /// The card given.
    pub card: Option<CardId>,
    /// The card given back.
    pub returned: Option<CardId>,
}

/// A finished hand, public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandResult {
    /// The seats in the order they went out; a hand ended by a side out
    /// first and second leaves the other two last, in seat order.
    pub order: [u8; SEATS],
    /// The level it was played at.
    pub level: Level,
    /// The side whose level it was (`None` in the match's first hand).
    pub declarers: Option<u8>,
    /// The levels each side gained.
    pub gained: [u8; SIDES],
    /// The levels after it.
    pub levels: [Level; SIDES],
    /// Whether it was a failure at A for the declarers (counted for the
    /// drop back to 2 when the options have one).
    pub failed_at_ace: bool,
    /// Whether the declarers dropped back to level 2 after it.
    pub dropped: bool,
}

/// A position: the truth (every hand), never shown to a seat as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The table's options.
    pub(crate) options: GuandanOptions,
    /// Each seat's hand.
    pub(crate) hands: [Cards; SEATS],
    /// The cards not yet dealt.
    pub(crate) stock: Cards,
    /// The cards dealt this hand.
    pub(crate) dealt: u8,
    /// Each side's level.
    pub(crate) levels: [Level; SIDES],
    /// Each side's hands played at its level A without winning.
    pub(crate) failures: [u8; SIDES],
    /// This hand's level.
    pub(crate) level: Level,
    /// The side whose level this hand is (`None` in the first hand).
    pub(crate) declarers: Option<u8>,
    /// Hands begun.
    pub(crate) hand_no: u32,
    /// Where the hand stands.
    pub(crate) phase: Phase,
    /// The seat to act (in the deal: the seat dealt to next).
    pub(crate) to_act: u8,
    /// The combination to beat and who played it; the passes since.
    pub(crate) trick: Trick<Combo>,
    /// The cards of the combination to beat (public).
    pub(crate) on_table: Cards,
    /// The cards each seat has played this hand (public).
    pub(crate) played: [Cards; SEATS],
    /// The cards of each seat's latest play in this trick (public; empty
    /// for a seat that has not played in it or passed since).
    pub(crate) shown: [Cards; SEATS],
    /// The seats whose latest action in this trick is a pass, one bit
    /// each.
    pub(crate) passed: u8,
    /// The seats out of cards, in the order they went out.
    pub(crate) out: [u8; SEATS],
    /// How many seats are out.
    pub(crate) n_out: u8,
    /// This hand's tributes (none, one or two).
    pub(crate) tributes: [Option<Tribute>; 2],
    /// Who leads once the tributes are done.
    pub(crate) leader: u8,
    /// The last finished hand.
    pub(crate) last_hand: Option<HandResult>,
    /// The side that won the match.
    pub(crate) winner: Option<u8>,
}

impl State {
    /// The start of a match under `options`: both sides at the starting
    /// level (2 by default), the first hand to deal.
    ///
    /// # Errors
    /// Options out of range.
    pub fn new(options: GuandanOptions) -> Result<State, OptionsError> {
        let options = options.validate()?;
        Ok(State {
            options,
            hands: [Cards::EMPTY; SEATS],
            stock: DECK,
            dealt: 0,
            levels: [options.start_level; SIDES],
            failures: [0; SIDES],
            level: options.start_level,
            declarers: None,
            hand_no: 0,
            phase: Phase::Deal,
            to_act: 0,
            trick: Trick::new(),
            on_table: Cards::EMPTY,
            played: [Cards::EMPTY; SEATS],
            shown: [Cards::EMPTY; SEATS],
            passed: 0,
            out: [0; SEATS],
            n_out: 0,
            tributes: [None; 2],
            leader: 0,
            last_hand: None,
            winner: None,
        })
    }

    /// The table's options.
    pub fn options(&self) -> GuandanOptions {
        self.options
    }

    /// A seat's hand.
    pub fn hand(&self, seat: usize) -> Cards {
        self.hands[seat]
    }

    /// The cards not dealt (the whole deck before a deal; after it, the
    /// cards a set-up left out of play).
    pub fn stock(&self) -> Cards {
        self.stock
    }

    /// Each side's hands played at its level A without winning (reset by
    /// the drop back to 2).
    pub fn failures(&self) -> [u8; SIDES] {
        self.failures
    }

    /// This hand's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Each side's level.
    pub fn levels(&self) -> [Level; SIDES] {
        self.levels
    }

    /// Where the hand stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to act (in the deal, the seat dealt to next).
    pub fn to_act(&self) -> usize {
        usize::from(self.to_act)
    }

    /// The seats out of cards this hand, in order.
    pub fn out(&self) -> &[u8] {
        &self.out[..usize::from(self.n_out)]
    }

    /// The tributes given and not yet handed over: in a double tribute,
    /// the first card waits for the second (which decides who takes it).
    pub fn in_tribute(&self) -> Cards {
        if self.phase != Phase::Tribute {
            return Cards::EMPTY;
        }
        self.tributes().filter_map(|t| t.card).collect()
    }

    /// This hand's tributes.
    pub fn tributes(&self) -> impl Iterator<Item = &Tribute> {
        self.tributes.iter().flatten()
    }

    /// The last finished hand.
    pub fn last_hand(&self) -> Option<&HandResult> {
        self.last_hand.as_ref()
    }

    /// The side that won the match, once it is over.
    pub fn winner(&self) -> Option<usize> {
        self.winner.map(usize::from)
    }

    /// The combination to beat and the seat that played it.
    pub fn to_beat(&self) -> Option<(usize, Combo)> {
        self.trick.last.map(|(s, c)| (usize::from(s), c))
    }

    /// Passes since the combination to beat was played.
    pub fn passes(&self) -> u8 {
        self.trick.passes
    }

    /// Hands begun (the first is 0).
    pub fn hand_number(&self) -> u32 {
        self.hand_no
    }

    /// The cards of the combination to beat.
    pub fn on_table(&self) -> Cards {
        self.on_table
    }

    /// The cards a seat has played this hand.
    pub fn played(&self, seat: usize) -> Cards {
        self.played[seat]
    }

    /// The cards of a seat's latest play in this trick: empty when it has
    /// not played in the trick, or has passed since.
    pub fn shown(&self, seat: usize) -> Cards {
        self.shown[seat]
    }

    /// Whether a seat's latest action in this trick is a pass.
    pub fn passed(&self, seat: usize) -> bool {
        self.passed >> seat & 1 == 1
    }

    /// Exchanges card `ca` of seat `a`'s hand with card `cb` of seat
    /// `b`'s (the swap test: a seat that sees neither sees no change).
    /// Nothing happens unless each hand holds its card.
    pub fn swap_cards(&mut self, a: usize, ca: CardId, b: usize, cb: CardId) {
        if a == b || !self.hands[a].contains(ca) || !self.hands[b].contains(cb) {
            return;
        }
        self.hands[a].remove(ca);
        self.hands[b].remove(cb);
        self.hands[a].insert(cb);
        self.hands[b].insert(ca);
    }

    /// The seating of the play: the seats out, the lead after a seat that
    /// went out passing to its partner.
    pub(crate) fn seating(&self) -> Seating {
        let out = self.out().iter().fold(0u16, |m, &s| m | 1 << s);
        Seating::new(SEATS as u8).with_out_lead(OutLead::Partner).with_out(out)
    }
}

impl State {
    /// The card ledger: every card of the deck in exactly one place (a
    /// hand, the stock, the cards played, a tribute on its way), the
    /// counts of a hand in play within the rules, the seats out empty.
    ///
    /// # Errors
    /// What is out of place, in a line.
    pub fn check(&self) -> Result<(), String> {
        let places = self
            .hands
            .iter()
            .chain(self.played.iter())
            .copied()
            .chain([self.stock, self.in_tribute()]);
        let mut seen = Cards::EMPTY;
        let mut total = 0;
        for p in places {
            if !(seen & p).is_empty() {
                return Err("a card is in two places".into());
            }
            seen = seen | p;
            total += p.len();
        }
        if seen != DECK || total != DECK.len() {
            return Err("a card is missing".into());
        }
        if self.out().iter().any(|&s| !self.hands[usize::from(s)].is_empty()) {
            return Err("a seat out holds cards".into());
        }
        if self.hands.iter().any(|h| h.len() > HAND + 1) {
            return Err("a hand holds more than 28 cards".into());
        }
        Ok(())
    }
}
