//! The record of a trick-taking hand as observations carry it: the cards
//! each seat played, the cards of the tricks each seat took, the trick in
//! progress and who led it. [`check_trick_play`] relates them the way
//! play makes them, so that an observation from outside whose record no
//! hand can produce (a card played by nobody's turn, a trick taken twice)
//! is refused before a search draws a world from it.

use tabula_search::Seat;

use crate::{CardId, CardSet};

/// A trick-taking hand's record, for [`check_trick_play`].
#[derive(Clone, Copy, Debug)]
pub struct TrickPlay<'a> {
    /// The cards each seat played this hand (the trick in progress too).
    pub played: &'a [CardSet],
    /// The cards of the finished tricks each seat took.
    pub taken: &'a [CardSet],
    /// The trick in progress, in the order played.
    pub trick: &'a [CardId],
    /// The seat that led it.
    pub leader: Seat,
    /// Tricks finished this hand.
    pub tricks: usize,
    /// Which seats play this hand (a lone hand's partner sits out).
    pub playing: &'a [bool],
}

impl TrickPlay<'_> {
    /// The seats of the trick in progress, in the order they played it.
    fn trick_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        let n = self.played.len();
        (0..n)
            .map(move |i| (self.leader + i) % n)
            .filter(|&s| self.playing[s])
            .take(self.trick.len())
    }
}

/// Checks that a hand's play could have made `play`: each seat that plays
/// has played one card per finished trick, and one more if it has played
/// to the trick in progress (whose cards are its seats' own, in turn from
/// the leader); the others none; the finished tricks' cards are exactly
/// what was played and is not on the table, split among the takers in
/// whole tricks; and the leader of a later trick took a trick.
///
/// # Errors
/// What does not fit, in words.
pub fn check_trick_play(play: &TrickPlay<'_>) -> Result<(), String> {
    let n = play.played.len();
    if play.taken.len() != n || play.playing.len() != n || play.leader >= n || !play.playing[play.leader] {
        return Err("the trick's leader does not play this hand".into());
    }
    let per_trick = play.playing.iter().filter(|&&p| p).count();
    if play.trick.len() >= per_trick.max(1) {
        return Err("the trick in progress has too many cards".into());
    }
    let mut on_table = CardSet::EMPTY;
    for (&card, seat) in play.trick.iter().zip(play.trick_seats()) {
        if !play.played[seat].contains(card) || on_table.contains(card) {
            return Err(format!("a card of the trick that seat {seat} did not play"));
        }
        on_table.insert(card);
    }
    let in_trick: Vec<Seat> = play.trick_seats().collect();
    let mut all_played = CardSet::EMPTY;
    for seat in 0..n {
        let expected = if play.playing[seat] {
            play.tricks + usize::from(in_trick.contains(&seat))
        } else {
            0
        };
        let set = play.played[seat];
        if set.len() != expected || !(all_played & set).is_empty() {
            return Err(format!(
                "seat {seat} played {} cards, but {expected} after {} tricks",
                set.len(),
                play.tricks
            ));
        }
        all_played = all_played | set;
    }
    let mut all_taken = CardSet::EMPTY;
    for (seat, &set) in play.taken.iter().enumerate() {
        if !(all_taken & set).is_empty() || set.len() % per_trick != 0 {
            return Err(format!("seat {seat}'s tricks are not whole tricks of their own"));
        }
        all_taken = all_taken | set;
    }
    if all_taken != all_played - on_table {
        return Err("the tricks taken are not the cards played to finished tricks".into());
    }
    if play.tricks > 0 && play.taken[play.leader].is_empty() {
        return Err("the trick's leader took no trick, yet it leads after the first".into());
    }
    Ok(())
}
