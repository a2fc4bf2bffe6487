//! The rules options of Durak, defaults first: podkidnoy for two, a
//! match of five deals.

use serde::{Deserialize, Serialize};
use tabula_cards::bout::{self, MAX_SEATS, ThrowIn};

/// The most deals a match may be set to.
pub const MAX_DEALS: u32 = 100;

/// Every rules option (the JSON fields of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DurakOptions {
    /// Players at the table, 2 to 6.
    pub players: u8,
    /// Deals in the match (1 to 100): the fewest duraks win it.
    pub deals: u32,
    /// Perevodnoy: before any attack is beaten, the defender may pass
    /// the attack on to the next player with a card of the same rank.
    pub transfer: bool,
    /// Who may throw in: every other player, the defender's two
    /// neighbours, or the main attacker only.
    pub throw_in: ThrowIn,
    /// Cards may be thrown in onto a defender who has said "take".
    pub onto_taker: bool,
    /// A deal's first bout holds at most five attacks.
    pub first_bout_five: bool,
    /// Teams of two, partners opposite (four or six players).
    pub teams: bool,
}

impl Default for DurakOptions {
    fn default() -> Self {
        let b = bout::Options::default();
        DurakOptions {
            players: 2,
            deals: 5,
            transfer: b.transfer,
            throw_in: b.throw_in,
            onto_taker: b.onto_taker,
            first_bout_five: b.first_bout_five,
            teams: b.teams,
        }
    }
}

impl DurakOptions {
    /// Checks the options.
    ///
    /// # Errors
    /// Players out of 2 to 6, deals out of 1 to 100, or teams at a table
    /// of other than four or six.
    pub fn check(&self) -> Result<(), String> {
        if !(2..=MAX_SEATS as u8).contains(&self.players) {
            return Err(format!("players is 2 to {MAX_SEATS}, not {}", self.players));
        }
        if !(1..=MAX_DEALS).contains(&self.deals) {
            return Err(format!("deals is 1 to {MAX_DEALS}, not {}", self.deals));
        }
        if self.teams && self.players != 4 && self.players != 6 {
            return Err(format!("teams of two need 4 or 6 players, not {}", self.players));
        }
        Ok(())
    }

    /// The bout plugin's house rules.
    pub fn bout(&self) -> bout::Options {
        bout::Options {
            transfer: self.transfer,
            throw_in: self.throw_in,
            onto_taker: self.onto_taker,
            first_bout_five: self.first_bout_five,
            teams: self.teams,
        }
    }

    /// The number of players.
    pub fn seats(&self) -> usize {
        usize::from(self.players)
    }

    /// The team of `seat`: partners opposite with teams, else each seat
    /// its own.
    pub fn team(&self, seat: usize) -> usize {
        if self.teams { seat % (self.seats() / 2) } else { seat }
    }
}
