//! The moves of a bout: whose turn it is, the legal moves of that seat
//! (into the caller's vector, in a fixed order), the legality of one move,
//! and applying a move, copy-make and checked.

use tabula_search::Seat;

use super::cards::{beaters, ranks_of};
use super::centre::Stage;
use super::deal::Deal;
use super::moves::{BoutError, Event, Move};
use crate::set::CardSet;

impl Deal {
    /// The seat to move: the main attacker to lead, the defender while an
    /// attack is unbeaten (and no "take" is said), else the thrower whose
    /// turn it is; `None` once the deal is over.
    #[inline]
    pub fn to_move(&self) -> Option<Seat> {
        if self.public.outcome.is_some() {
            return None;
        }
        Some(match self.public.bout.stage {
            Stage::Lead => self.public.bout.attacker(),
            Stage::Defend => self.public.bout.defender(),
            Stage::Throw => self.public.bout.thrower(),
        })
    }

    /// The legal moves of the seat to move, into `out` (cleared first; no
    /// allocation once `out` has grown to the largest set). The order is
    /// fixed: attacks by card; defences by attack in table order, then by
    /// card; transfers by card; "take" or "pass" last.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.legal_moves_as(out, |m| m);
    }

    /// [`legal_moves`](Deal::legal_moves), each move wrapped by `wrap`
    /// into a game's own action type (same order, no allocation once
    /// `out` has grown).
    pub fn legal_moves_as<A>(&self, out: &mut Vec<A>, wrap: impl Fn(Move) -> A) {
        out.clear();
        if self.public.outcome.is_some() {
            return;
        }
        let b = &self.public.bout;
        match b.stage {
            Stage::Lead => out.extend(self.hands[b.attacker()].iter().map(|c| wrap(Move::Attack(c)))),
            Stage::Defend => {
                let hand = self.hands[b.defender()];
                for attack in b.uncovered() {
                    let with = hand & beaters(attack, self.trump());
                    out.extend(with.iter().map(|with| wrap(Move::Defend { attack, with })));
                }
                out.extend(self.transfer_cards().iter().map(|c| wrap(Move::Transfer(c))));
                out.push(wrap(Move::Take));
            }
            Stage::Throw => {
                out.extend(self.throw_cards(b.thrower()).iter().map(|c| wrap(Move::Attack(c))));
                out.push(wrap(Move::Pass));
            }
        }
    }

    /// The cards `seat` could throw in now: its cards of a rank on the
    /// table, when the table has room.
    #[inline]
    fn throw_cards(&self, seat: Seat) -> CardSet {
        if self.room() {
            self.hands[seat] & ranks_of(self.public.bout.table)
        } else {
            CardSet::EMPTY
        }
    }

    /// The cards the defender could pass the attack on with (perevodnoy):
    /// none beaten yet, no "take" said, a card of the attacks' rank, and
    /// the next opponent able to face one attack more.
    fn transfer_cards(&self) -> CardSet {
        let b = &self.public.bout;
        if !self.public.options.transfer || b.covered > 0 || b.taking || b.len == 0 {
            return CardSet::EMPTY;
        }
        let need = b.attacks() + 1;
        match self.next_opponent(b.defender()) {
            Some(next) if need <= b.limit() && self.hands[next].len() >= need => {
                self.hands[b.defender()] & ranks_of(CardSet::of(b.attacks[0]))
            }
            _ => CardSet::EMPTY,
        }
    }

    /// Whether `mv` is a legal move of the seat to move, and if not, why.
    ///
    /// # Errors
    /// [`BoutError::Over`] once the deal is over; [`BoutError::Illegal`]
    /// with the rule the move breaks.
    pub fn check(&self, mv: Move) -> Result<(), BoutError> {
        if self.public.outcome.is_some() {
            return Err(BoutError::Over);
        }
        let b = &self.public.bout;
        let why = match (b.stage, mv) {
            (Stage::Lead, Move::Attack(c)) => {
                (!self.hands[b.attacker()].contains(c)).then_some("not in the attacker's hand")
            }
            (Stage::Defend, Move::Defend { attack, with }) => {
                if b.open_slot(attack).is_none() {
                    Some("not an unbeaten attack on the table")
                } else if !self.hands[b.defender()].contains(with) {
                    Some("not in the defender's hand")
                } else if !beaters(attack, self.trump()).contains(with) {
                    Some("a card that does not beat the attack")
                } else {
                    None
                }
            }
            (Stage::Defend, Move::Take) | (Stage::Throw, Move::Pass) => None,
            (Stage::Defend, Move::Transfer(c)) => {
                (!self.transfer_cards().contains(c)).then_some("no transfer with this card now")
            }
            (Stage::Throw, Move::Attack(c)) => (!self.throw_cards(b.thrower()).contains(c))
                .then_some("a throw-in must be the thrower's card of a rank on the table, with room for it"),
            _ => Some("not a move of this moment of the bout"),
        };
        match why {
            Some(why) => Err(BoutError::Illegal { mv, why }),
            None => Ok(()),
        }
    }

    /// Applies the seat to move's move. At a bout's end the table is
    /// discarded or picked up, the hands are refilled, the seats left
    /// without cards go out, and the next bout (or the deal's end) is set.
    ///
    /// # Errors
    /// As [`check`](Deal::check); the deal is then unchanged.
    pub fn apply(&mut self, mv: Move) -> Result<Event, BoutError> {
        self.check(mv)?;
        let (a, d) = (self.public.bout.attacker(), self.public.bout.defender());
        match mv {
            Move::Attack(c) => {
                let seat = if self.public.bout.stage == Stage::Lead {
                    a
                } else {
                    self.public.bout.thrower()
                };
                self.play_card(seat, c);
                self.public.bout.push_attack(c);
            }
            Move::Defend { attack, with } => {
                self.play_card(d, with);
                if let Some(slot) = self.public.bout.open_slot(attack) {
                    self.public.bout.cover(slot, with);
                }
            }
            Move::Take => self.public.bout.taking = true,
            Move::Pass => self.public.bout.passed |= 1 << self.public.bout.thrower,
            Move::Transfer(c) => {
                let next = self.next_opponent(d).unwrap_or(a);
                self.play_card(d, c);
                self.public.bout.push_attack(c);
                self.public.bout.attacker = d as u8;
                self.public.bout.defender = next as u8;
            }
        }
        Ok(self.advance())
    }

    /// Takes `card` from `seat`'s hand (it is no longer known there).
    #[inline]
    fn play_card(&mut self, seat: Seat, card: crate::card::CardId) {
        self.hands[seat].remove(card);
        self.public.known[seat].remove(card);
    }

    /// Moves the bout on after a move: the defender while an attack is
    /// unbeaten and no "take" is said; else the first thrower in order who
    /// has not passed and holds a card, while the table has room (and,
    /// after "take", only when throwing onto a taker is allowed); else the
    /// bout is over.
    fn advance(&mut self) -> Event {
        let b = &mut self.public.bout;
        if !b.taking && b.open() > 0 {
            // A new round of throw-ins follows the defence: the passes are
            // cleared here, and the thrower reset, so that one position
            // has one representation whatever led to it.
            b.stage = Stage::Defend;
            b.passed = 0;
            b.thrower = b.attacker;
            return Event::Played;
        }
        if (!self.public.bout.taking || self.public.options.onto_taker) && self.room() {
            let next = self
                .throw_order()
                .find(|&t| !self.public.bout.passed(t) && !self.hands[t].is_empty());
            if let Some(t) = next {
                self.public.bout.stage = Stage::Throw;
                self.public.bout.thrower = t as u8;
                return Event::Played;
            }
        }
        let taken = self.public.bout.taking;
        self.finish_bout(taken)
    }
}
