//! The table's centre during one bout: who attacks and who defends, the
//! pairs of attacking and beating cards, the bout's limit, whether the
//! defender has said "take", and the throwers' passes of the current
//! round. Everything here is public: every seat sees the table.

use serde::{Deserialize, Serialize};
use tabula_search::Seat;

use super::cards::HAND;
use crate::card::CardId;
use crate::set::CardSet;

/// Whose move the bout waits for, by role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// The main attacker puts down the bout's first card.
    Lead,
    /// The defender beats an attack, takes, or (perevodnoy) transfers.
    Defend,
    /// A thrower adds a card of a rank on the table, or passes: every
    /// attack is beaten, or the defender has said "take".
    Throw,
}

/// The centre of the table in one bout (see the module's front page for
/// the order of play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bout {
    pub(super) attacker: u8,
    pub(super) defender: u8,
    pub(super) attacks: [CardId; HAND],
    pub(super) covers: [Option<CardId>; HAND],
    pub(super) len: u8,
    pub(super) covered: u8,
    pub(super) limit: u8,
    pub(super) taking: bool,
    pub(super) stage: Stage,
    pub(super) thrower: u8,
    pub(super) passed: u8,
    pub(super) table: CardSet,
}

impl Bout {
    /// A bout about to start: `attacker` leads against `defender`, at most
    /// `limit` attacks.
    pub(super) fn new(attacker: Seat, defender: Seat, limit: usize) -> Bout {
        Bout {
            attacker: attacker as u8,
            defender: defender as u8,
            attacks: [CardId(0); HAND],
            covers: [None; HAND],
            len: 0,
            covered: 0,
            limit: limit as u8,
            taking: false,
            stage: Stage::Lead,
            thrower: attacker as u8,
            passed: 0,
            table: CardSet::EMPTY,
        }
    }

    /// The main attacker: the bout's leader, or under perevodnoy the seat
    /// that last passed the attack on.
    #[inline]
    pub fn attacker(&self) -> Seat {
        Seat::from(self.attacker)
    }

    /// The defender.
    #[inline]
    pub fn defender(&self) -> Seat {
        Seat::from(self.defender)
    }

    /// Whose move the bout waits for.
    #[inline]
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The seat to act in the [`Stage::Throw`] stage.
    #[inline]
    pub fn thrower(&self) -> Seat {
        Seat::from(self.thrower)
    }

    /// The pairs on the table in the order the attacks came: each attack
    /// with the card that beat it, if any.
    pub fn pairs(&self) -> impl Iterator<Item = (CardId, Option<CardId>)> + '_ {
        let n = usize::from(self.len);
        self.attacks[..n].iter().copied().zip(self.covers[..n].iter().copied())
    }

    /// The attacks not yet beaten, in the order they came.
    pub fn uncovered(&self) -> impl Iterator<Item = CardId> + '_ {
        self.pairs().filter(|p| p.1.is_none()).map(|p| p.0)
    }

    /// How many attacks are on the table.
    #[inline]
    pub fn attacks(&self) -> usize {
        usize::from(self.len)
    }

    /// How many attacks are not beaten.
    #[inline]
    pub fn open(&self) -> usize {
        usize::from(self.len - self.covered)
    }

    /// The most attacks this bout may hold (6, or 5 in a deal's first
    /// bout under that option); the defender's hand limits it further.
    #[inline]
    pub fn limit(&self) -> usize {
        usize::from(self.limit)
    }

    /// Whether the defender has said "take".
    #[inline]
    pub fn taking(&self) -> bool {
        self.taking
    }

    /// Whether `seat` has passed in the current round of throw-ins.
    #[inline]
    pub fn passed(&self, seat: Seat) -> bool {
        self.passed >> seat & 1 == 1
    }

    /// Every card on the table.
    #[inline]
    pub fn table(&self) -> CardSet {
        self.table
    }

    /// The index of an unbeaten attack card.
    #[inline]
    pub(super) fn open_slot(&self, attack: CardId) -> Option<usize> {
        (0..usize::from(self.len)).find(|&i| self.attacks[i] == attack && self.covers[i].is_none())
    }

    /// Puts an attacking card down.
    #[inline]
    pub(super) fn push_attack(&mut self, card: CardId) {
        self.attacks[usize::from(self.len)] = card;
        self.covers[usize::from(self.len)] = None;
        self.len += 1;
        self.table.insert(card);
    }

    /// Beats the attack in `slot` with `card`.
    #[inline]
    pub(super) fn cover(&mut self, slot: usize, card: CardId) {
        self.covers[slot] = Some(card);
        self.covered += 1;
        self.table.insert(card);
    }
}
