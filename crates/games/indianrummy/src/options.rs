//! The rules options of Indian Rummy, defaults first.

use serde::{Deserialize, Serialize};

/// How a match is played and scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Points rummy: each deal is settled at once, the winner taking the
    /// sum of the others' points; a match of `deals` deals (6 unless
    /// set), the highest net score wins.
    Points,
    /// Pool rummy to 101: points add up, a player on 101 or more is out,
    /// the last player in wins. Drops cost 20 and 40.
    Pool101,
    /// Pool rummy to 201: as to 101, out on 201; drops cost 25 and 50.
    Pool201,
    /// Deals rummy: every player starts with 80 chips for each player at
    /// the table, the winner of a deal takes the losers' points from
    /// their chips; after `deals` deals (2 unless set: 2, 3 or 6) the
    /// most chips win.
    Deals,
}

/// Every rules option (the JSON fields of the same names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct IndianOptions {
    /// Players at the table, 2 to 6.
    pub players: u8,
    /// The format of the match.
    pub format: Format,
    /// Deals in a points or deals match; 0: the format's own (6 for
    /// points, 2 for deals). Pool matches ignore it.
    pub deals: u32,
    /// Pool rummy: a player put out may rejoin once, on one point more
    /// than the highest score still in, while that score is at most 79
    /// (pool 101) or 174 (pool 201).
    pub rejoin: bool,
}

impl Default for IndianOptions {
    fn default() -> Self {
        IndianOptions {
            players: 2,
            format: Format::Points,
            deals: 0,
            rejoin: false,
        }
    }
}

/// The most players.
pub const MAX_PLAYERS: usize = 6;
/// The most deals a points or deals match may be set to.
pub const MAX_DEALS: u32 = 100;
/// The most a hand counts (the full count), and a wrong declaration.
pub const FULL_COUNT: u32 = 80;

impl IndianOptions {
    /// Checks the options.
    ///
    /// # Errors
    /// Players out of 2 to 6; deals over 100, or a deals match of other
    /// than 2, 3 or 6 deals.
    pub fn check(&self) -> Result<(), String> {
        if !(2..=MAX_PLAYERS as u8).contains(&self.players) {
            return Err(format!("players is 2 to {MAX_PLAYERS}, not {}", self.players));
        }
        if self.deals > MAX_DEALS {
            return Err(format!("deals is 0 to {MAX_DEALS}, not {}", self.deals));
        }
        if self.format == Format::Deals && ![0, 2, 3, 6].contains(&self.deals) {
            return Err(format!("a deals match has 2, 3 or 6 deals, not {}", self.deals));
        }
        Ok(())
    }

    /// The deals of a points or deals match (`None` for pool).
    pub fn match_deals(&self) -> Option<u32> {
        match (self.format, self.deals) {
            (Format::Pool101 | Format::Pool201, _) => None,
            (Format::Points, 0) => Some(6),
            (Format::Deals, 0) => Some(2),
            (_, n) => Some(n),
        }
    }

    /// The pool's limit: a score of this or more puts a player out.
    pub fn pool_limit(&self) -> Option<u32> {
        match self.format {
            Format::Pool101 => Some(101),
            Format::Pool201 => Some(201),
            _ => None,
        }
    }

    /// The first drop's cost (before drawing a card) and the middle
    /// drop's (after).
    pub fn drop_costs(&self) -> (u32, u32) {
        match self.format {
            Format::Pool201 => (25, 50),
            _ => (20, 40),
        }
    }

    /// The highest score still in at which a player put out may rejoin.
    pub fn rejoin_at(&self) -> Option<u32> {
        match self.format {
            Format::Pool101 if self.rejoin => Some(79),
            Format::Pool201 if self.rejoin => Some(174),
            _ => None,
        }
    }

    /// Each player's score at the start: chips in a deals match, else 0.
    pub fn start_score(&self) -> i32 {
        match self.format {
            Format::Deals => FULL_COUNT as i32 * i32::from(self.players),
            _ => 0,
        }
    }
}
