//! A position of a Durak match: the deal being dealt or played (the bout
//! plugin's [`Deal`]), who deals and leads next, and each seat's duraks.

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;
use tabula_cards::bout::{CARDS, Deal, HAND, MAX_SEATS, Outcome};
use tabula_cards::{CardSet, RoundDeal, bout};
use tabula_search::{Seat, Turn};

/// A match in progress (or over): the whole truth, hidden cards included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    pub(crate) players: u8,
    /// Who deals the deal being dealt (or played).
    pub(crate) dealer: u8,
    /// Who attacks first in that deal (`None`: the holder of the lowest
    /// trump).
    pub(crate) first: Option<u8>,
    /// The pack in the order dealt so far, top first.
    #[serde(with = "bout::whole_pack")]
    pub(crate) order: [CardId; CARDS],
    /// Cards dealt so far (all 36 once play starts).
    pub(crate) dealt: u8,
    /// The cards dealt so far, as a set.
    pub(crate) dealt_set: CardSet,
    /// The deal in play, once all 36 cards are dealt.
    pub(crate) deal: Option<Deal>,
    /// Deals finished.
    pub(crate) deal_no: u32,
    /// Each seat's deals lost (with teams, both partners count one).
    pub(crate) duraks: [u16; MAX_SEATS],
    /// Deals that ended in a draw.
    pub(crate) draws: u16,
    /// How the last finished deal ended.
    pub(crate) last: Option<Outcome>,
    /// The match is over.
    pub(crate) over: bool,
}

/// Who may see a card as it is dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dealt {
    /// Into this seat's hand, face down.
    Hand(Seat),
    /// Turned up for trumps: everyone sees it (with six players, the
    /// dealer's last card, shown and kept).
    Trump,
    /// Into the stock, face down: nobody sees it.
    Stock,
}

impl State {
    /// The start of a match for `players`: seat 0 deals, every card still
    /// to be dealt by chance.
    pub(crate) fn new(players: u8) -> State {
        State {
            players,
            dealer: 0,
            first: None,
            order: [CardId(0); CARDS],
            dealt: 0,
            dealt_set: CardSet::EMPTY,
            deal: None,
            deal_no: 0,
            duraks: [0; MAX_SEATS],
            draws: 0,
            last: None,
            over: false,
        }
    }

    /// The number of players.
    #[inline]
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Who acts: chance while the pack is dealt, then the bout's seat to
    /// move; nobody once the match is over.
    #[inline]
    pub fn turn(&self) -> Turn {
        if self.over {
            return Turn::Terminal;
        }
        match &self.deal {
            None => Turn::Chance,
            Some(d) => d.to_move().map_or(Turn::Terminal, Turn::Seat),
        }
    }

    /// The deal in play (`None` while the pack is being dealt).
    #[inline]
    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }

    /// Where the card dealt `k`-th (from 0) goes: six to each hand one at
    /// a time from the dealer's left, then the trump card, then the stock.
    pub fn dealt_to(&self, k: usize) -> Dealt {
        let n = self.players();
        if k == HAND * n || (n == MAX_SEATS && k == CARDS - 1) {
            return Dealt::Trump;
        }
        self.round_deal().recipient(k).map_or(Dealt::Stock, Dealt::Hand)
    }

    /// The hands' deal: six cards to each seat, one at a time from the
    /// dealer's left (the card table's [`RoundDeal`]).
    pub(crate) fn round_deal(&self) -> RoundDeal {
        RoundDeal::left_of(usize::from(self.dealer), self.players(), HAND * self.players())
    }

    /// The cards still to be dealt.
    #[inline]
    pub fn undealt(&self) -> CardSet {
        bout::all_cards() - self.dealt_set
    }

    /// Deals finished.
    #[inline]
    pub fn deal_no(&self) -> u32 {
        self.deal_no
    }

    /// Each seat's duraks so far (one entry per player).
    pub fn duraks(&self) -> Vec<u32> {
        self.duraks[..self.players()].iter().map(|&d| u32::from(d)).collect()
    }

    /// The match's scores as a record states them: each seat's duraks.
    pub fn scores(&self) -> Vec<u32> {
        self.duraks()
    }

    /// Deals drawn so far.
    #[inline]
    pub fn draws(&self) -> u32 {
        u32::from(self.draws)
    }

    /// How the last finished deal ended.
    #[inline]
    pub fn last(&self) -> Option<Outcome> {
        self.last
    }

    /// Whether the match is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Each seat's hand: the cards dealt to it so far while dealing, its
    /// hand in play.
    pub fn hands(&self) -> Vec<CardSet> {
        (0..self.players()).map(|s| self.hand(s)).collect()
    }

    /// Seat `seat`'s hand (hidden from the others).
    pub fn hand(&self, seat: Seat) -> CardSet {
        match &self.deal {
            Some(d) => d.hand(seat),
            None => (0..usize::from(self.dealt))
                .filter(|&k| {
                    matches!(self.dealt_to(k), Dealt::Hand(s) if s == seat)
                        || (self.dealt_to(k) == Dealt::Trump
                            && self.players() == MAX_SEATS
                            && seat == usize::from(self.dealer))
                })
                .map(|k| self.order[k])
                .collect(),
        }
    }

    /// The card turned up for trumps, once dealt.
    pub fn trump_card(&self) -> Option<CardId> {
        match &self.deal {
            Some(d) => Some(d.trump_card()),
            None => (0..usize::from(self.dealt))
                .find(|&k| self.dealt_to(k) == Dealt::Trump)
                .map(|k| self.order[k]),
        }
    }
}
