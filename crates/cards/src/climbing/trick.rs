//! The flow of play at a climbing table: beat the last combination or
//! pass, and the lead returning once every other seat still in play has
//! passed.
//!
//! A [`Trick`] is the centre of the table: the combination to beat, the
//! seat that played it, and the passes since. [`Seating`] says who is
//! still in play and who leads when the seat that won the trick has gone
//! out: Dou Dizhu never needs it (a deal ends when the first seat goes
//! out), Guandan gives the lead to that seat's partner
//! ([`OutLead::Partner`]).
//!
//! The trick ends when every seat in play other than the one that played
//! last has passed in a row: with three seats and nobody out, after two
//! passes; when the last player has just gone out, only once all the
//! others have passed.

use serde::{Deserialize, Serialize};

/// Who leads when the seat that won a trick has no cards left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OutLead {
    /// The next seat in play after it.
    #[default]
    Next,
    /// Its partner, the seat opposite (`seat + seats / 2`), when in play;
    /// else the next seat in play after the partner.
    Partner,
}

/// The seats of a climbing table: how many, which are out of cards, and
/// who leads after a trick won by a seat that is out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seating {
    /// The seats, in the order of play (at most 16).
    pub seats: u8,
    /// The seats out of cards, one bit per seat.
    pub out: u16,
    /// Who leads after a trick won by a seat that is out.
    pub out_lead: OutLead,
}

impl Seating {
    /// `seats` seats, all in play; the lead after a seat that went out
    /// passes to the next one in play.
    ///
    /// # Panics
    /// When `seats` is not 2 to 16.
    pub const fn new(seats: u8) -> Seating {
        assert!(seats >= 2 && seats <= 16, "a climbing table seats 2 to 16");
        Seating {
            seats,
            out: 0,
            out_lead: OutLead::Next,
        }
    }

    /// The same, the lead after a seat that went out passing as `lead`
    /// says.
    pub const fn with_out_lead(self, lead: OutLead) -> Seating {
        Seating { out_lead: lead, ..self }
    }

    /// The same, the seats of `out` (one bit per seat) out of cards.
    pub const fn with_out(self, out: u16) -> Seating {
        Seating { out, ..self }
    }

    /// Whether `seat` still holds cards.
    #[inline]
    pub fn in_play(&self, seat: usize) -> bool {
        self.out >> seat & 1 == 0
    }

    /// The seats in play.
    #[inline]
    pub fn in_play_count(&self) -> u32 {
        u32::from(self.seats) - (self.out & self.all()).count_ones()
    }

    /// Every seat, one bit per seat.
    #[inline]
    fn all(&self) -> u16 {
        (((1u32) << self.seats) - 1) as u16
    }

    /// The next seat in play after `seat` (`seat` itself when it is the
    /// only one; `None` when nobody is in play).
    pub fn next(&self, seat: usize) -> Option<usize> {
        let n = usize::from(self.seats);
        (1..=n).map(|i| (seat + i) % n).find(|&k| self.in_play(k))
    }

    /// The seat opposite `seat`: its partner at a table of partnerships.
    #[inline]
    pub fn partner(&self, seat: usize) -> usize {
        (seat + usize::from(self.seats) / 2) % usize::from(self.seats)
    }

    /// Who leads after `winner` took a trick: `winner` when in play; else
    /// as [`OutLead`] says. `None` when nobody is in play.
    pub fn leader_after(&self, winner: usize) -> Option<usize> {
        if self.in_play(winner) {
            return Some(winner);
        }
        match self.out_lead {
            OutLead::Next => self.next(winner),
            OutLead::Partner => {
                let p = self.partner(winner);
                if self.in_play(p) { Some(p) } else { self.next(p) }
            }
        }
    }
}

/// The centre of a climbing table: the combination to beat and the seat
/// that played it (`None`: the seat to act leads), and the passes since.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trick<C> {
    /// The combination to beat and the seat that played it.
    pub last: Option<(u8, C)>,
    /// Passes in a row since it was played.
    pub passes: u8,
}

impl<C> Default for Trick<C> {
    fn default() -> Self {
        Trick::new()
    }
}

impl<C> Trick<C> {
    /// An empty table: the seat to act leads.
    pub const fn new() -> Trick<C> {
        Trick { last: None, passes: 0 }
    }
}

impl<C: Copy> Trick<C> {
    /// The combination `seat` must beat: the last one, unless `seat`
    /// played it or nothing is on the table (then it leads).
    #[inline]
    pub fn to_beat(&self, seat: usize) -> Option<C> {
        self.last.filter(|&(by, _)| usize::from(by) != seat).map(|(_, c)| c)
    }

    /// The seat that played the combination on the table.
    #[inline]
    pub fn by(&self) -> Option<usize> {
        self.last.map(|(by, _)| usize::from(by))
    }

    /// `seat` plays `combo` (which the game has found legal): it is the
    /// combination to beat, and no seat has passed on it.
    #[inline]
    pub fn play(&mut self, seat: usize, combo: C) {
        self.last = Some((seat as u8, combo));
        self.passes = 0;
    }

    /// The seat to act passes. When every seat in play but the one that
    /// played last has now passed, the trick is over: the table is
    /// cleared and the seat that leads next is returned
    /// ([`Seating::leader_after`]); otherwise `None`, and the next seat in
    /// play acts.
    ///
    /// # Panics
    /// (In debug builds) when nothing is on the table: a leader cannot
    /// pass.
    #[inline]
    pub fn pass(&mut self, seating: &Seating) -> Option<usize> {
        let by = self.by();
        debug_assert!(by.is_some(), "a seat that leads cannot pass");
        let by = by?;
        self.passes += 1;
        let others = seating.in_play_count() - u32::from(seating.in_play(by));
        if u32::from(self.passes) < others {
            return None;
        }
        *self = Trick::new();
        seating.leader_after(by)
    }
}

/// A low level's natural mistake in a climbing game: one of the `among`
/// lowest plays of `legal` (sorted, the plays those `plain` accepts: no
/// bomb), or `pass` when it is legal, chosen at random; the first legal
/// action when there is none of those.
///
/// ```
/// use tabula_cards::climbing::trick::low_mistake;
/// use tabula_search::Rng;
///
/// // Plays 1 to 9 (9 a bomb) and the pass (0): a mistake is 1, 2 or 0.
/// let legal = [1, 2, 3, 9, 0];
/// let m = low_mistake(&legal, |&a| a != 9 && a != 0, 0, 2, &mut Rng::new(3));
/// assert!([1, 2, 0].contains(&m));
/// ```
///
/// # Panics
/// When `legal` is empty.
pub fn low_mistake<A: Copy + PartialEq>(
    legal: &[A],
    plain: impl Fn(&A) -> bool,
    pass: A,
    among: usize,
    rng: &mut tabula_search::Rng,
) -> A {
    let candidates: Vec<A> = legal
        .iter()
        .copied()
        .filter(|a| plain(a))
        .take(among)
        .chain(legal.contains(&pass).then_some(pass))
        .collect();
    if candidates.is_empty() {
        legal[0]
    } else {
        candidates[rng.below(candidates.len() as u64) as usize]
    }
}
