//! Seats, teams and payoff vectors as data.
//!
//! The number of seats, who partners whom and how final scores become a
//! payoff vector are values, not constants: 3-seat Dou Dizhu (one landlord
//! against two farmers), 4-seat partnerships (Spades, Euchre), 2–8 seat
//! Skyjo all use one [`Table`].

use serde::{Deserialize, Serialize};
use tabula_search::{MAX_SEATS, Payoffs, Seat};

/// An error building a table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// Too few or too many seats.
    #[error("a table has 1 to {max} seats, got {got}", max = MAX_SEATS)]
    Seats {
        /// The number asked for.
        got: usize,
    },
}

/// How a vector of final scores becomes payoffs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PayoffRule {
    /// The best team (lowest or highest score, see `lower_wins`) shares one
    /// point among its teams: 1 for a sole winner, `1/k` each for `k` tied
    /// teams, 0 for the others. Every seat of a team gets its team's payoff.
    WinShare {
        /// Whether the lowest score wins (Skyjo, Hearts).
        lower_wins: bool,
    },
    /// Two teams: +1 to the better, −1 to the other, 0 each on a tie.
    ZeroSum {
        /// Whether the lowest score wins.
        lower_wins: bool,
    },
}

/// A table: its seats, and the team of each seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    teams: Vec<u8>,
}

impl Table {
    /// `seats` seats, each its own team.
    pub fn individual(seats: usize) -> Result<Self, TableError> {
        Self::with_teams((0..seats).map(|s| s as u8).collect())
    }

    /// A table where seat `s` belongs to team `teams[s]` (teams numbered
    /// from 0). `[0, 1, 0, 1]` is a 4-seat partnership; `[0, 1, 1]` a
    /// landlord against two farmers.
    pub fn with_teams(teams: Vec<u8>) -> Result<Self, TableError> {
        if teams.is_empty() || teams.len() > MAX_SEATS {
            return Err(TableError::Seats { got: teams.len() });
        }
        Ok(Table { teams })
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.teams.len()
    }

    /// The team of a seat.
    pub fn team(&self, seat: Seat) -> u8 {
        self.teams[seat]
    }

    /// The number of teams (the highest team number plus one).
    pub fn num_teams(&self) -> usize {
        self.teams.iter().map(|&t| usize::from(t) + 1).max().unwrap_or(0)
    }

    /// The other seats of `seat`'s team.
    pub fn partners(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        let t = self.teams[seat];
        (0..self.seats()).filter(move |&s| s != seat && self.teams[s] == t)
    }

    /// The seats after `seat` in turn order, wrapping around.
    pub fn after(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        let n = self.seats();
        (1..n).map(move |k| (seat + k) % n)
    }

    /// The payoffs of final `team_scores` (one per team) under `rule`.
    ///
    /// # Panics
    /// If `team_scores` does not have one entry per team.
    pub fn payoffs(&self, team_scores: &[f64], rule: PayoffRule) -> Payoffs {
        assert_eq!(team_scores.len(), self.num_teams(), "one score per team");
        let better = |a: f64, b: f64, lower: bool| if lower { a < b } else { a > b };
        // Fixed arrays: payoffs are computed at the end of every rollout.
        let mut team_payoff = [0.0; MAX_SEATS];
        match rule {
            PayoffRule::WinShare { lower_wins } => {
                let best = team_scores
                    .iter()
                    .copied()
                    .fold(None, |acc: Option<f64>, s| match acc {
                        Some(b) if !better(s, b, lower_wins) => Some(b),
                        _ => Some(s),
                    })
                    .unwrap_or(0.0);
                let winners = team_scores.iter().filter(|&&s| s == best).count() as f64;
                for (t, &s) in team_scores.iter().enumerate() {
                    if s == best {
                        team_payoff[t] = 1.0 / winners;
                    }
                }
            }
            PayoffRule::ZeroSum { lower_wins } => {
                assert_eq!(team_scores.len(), 2, "a zero-sum payoff needs two teams");
                let (a, b) = (team_scores[0], team_scores[1]);
                let u = if better(a, b, lower_wins) {
                    1.0
                } else if better(b, a, lower_wins) {
                    -1.0
                } else {
                    0.0
                };
                team_payoff[0] = u;
                team_payoff[1] = -u;
            }
        }
        let mut values = [0.0; MAX_SEATS];
        for (v, &t) in values.iter_mut().zip(&self.teams) {
            *v = team_payoff[usize::from(t)];
        }
        Payoffs::new(&values[..self.teams.len()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partnerships_share_payoffs() {
        let t = Table::with_teams(vec![0, 1, 0, 1]).unwrap();
        assert_eq!(t.num_teams(), 2);
        assert_eq!(t.partners(0).collect::<Vec<_>>(), vec![2]);
        let p = t.payoffs(&[300.0, 250.0], PayoffRule::ZeroSum { lower_wins: false });
        assert_eq!(p.as_slice(), &[1.0, -1.0, 1.0, -1.0]);
    }

    #[test]
    fn ties_share_the_win() {
        let t = Table::individual(3).unwrap();
        let p = t.payoffs(&[10.0, 4.0, 4.0], PayoffRule::WinShare { lower_wins: true });
        assert_eq!(p.as_slice(), &[0.0, 0.5, 0.5]);
        assert_eq!(t.after(2).collect::<Vec<_>>(), vec![0, 1]);
    }

    #[test]
    fn landlord_against_two_farmers() {
        let t = Table::with_teams(vec![0, 1, 1]).unwrap();
        let p = t.payoffs(&[0.0, 1.0], PayoffRule::WinShare { lower_wins: false });
        assert_eq!(p.as_slice(), &[0.0, 1.0, 1.0]);
        assert!(Table::individual(0).is_err());
        assert!(Table::individual(9).is_err());
    }
}

/// What the log tells a seat once the deal is done: the hand it was dealt
/// (the game's names of its cards, in its order), one line where the deal's
/// moves were one line each.
pub fn dealt_note(seat_name: &str, cards: &[String]) -> String {
    format!("The deal is done: {seat_name} holds {}.", cards.join(" "))
}

/// A deal one card at a time around the table: card `k` goes to seat
/// `(first + k) mod seats`, until `cards` are dealt (Hearts, Spades and
/// Euchre deal from the dealer's left so).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundDeal {
    /// The seats dealt to.
    pub seats: usize,
    /// The seat the first card goes to.
    pub first: Seat,
    /// The cards dealt in all.
    pub cards: usize,
}

impl RoundDeal {
    /// `cards` dealt around `seats` seats from the left of `dealer` (the
    /// trick games' deal).
    #[inline]
    pub fn left_of(dealer: Seat, seats: usize, cards: usize) -> RoundDeal {
        RoundDeal {
            seats,
            first: (dealer + 1) % seats,
            cards,
        }
    }

    /// The seat card number `dealt` goes to (counting from 0); `None` once
    /// every card is dealt.
    #[inline]
    pub fn recipient(self, dealt: usize) -> Option<Seat> {
        (dealt < self.cards).then(|| (self.first + dealt) % self.seats)
    }

    /// How many cards `seat` has been dealt once `dealt` cards are.
    #[inline]
    pub fn dealt_to(self, seat: Seat, dealt: usize) -> usize {
        let place = (seat + self.seats - self.first % self.seats) % self.seats;
        (dealt.min(self.cards) + self.seats - 1 - place) / self.seats
    }
}

#[cfg(test)]
mod round_deal_tests {
    use super::RoundDeal;

    #[test]
    fn cards_go_round_from_the_first_seat_and_counts_follow() {
        let deal = RoundDeal {
            seats: 4,
            first: 3,
            cards: 10,
        };
        assert_eq!(deal, RoundDeal::left_of(2, 4, 10), "from the dealer's left");
        let order: Vec<_> = (0..11).map(|k| deal.recipient(k)).collect();
        let expected = [3, 0, 1, 2, 3, 0, 1, 2, 3, 0].map(Some);
        assert_eq!(order[..10], expected);
        assert_eq!(order[10], None);
        for dealt in 0..=12 {
            for seat in 0..4 {
                let by_hand = (0..dealt.min(10)).filter(|&k| deal.recipient(k) == Some(seat)).count();
                assert_eq!(deal.dealt_to(seat, dealt), by_hand, "seat {seat} after {dealt}");
            }
        }
    }
}
