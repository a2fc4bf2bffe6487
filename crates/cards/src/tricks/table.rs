//! The public record of a trick-taking hand: the trick in progress and who
//! led it, the tricks finished, what each seat played and took, and the
//! voids its plays revealed. A position holds one, and every seat's
//! observation holds the same one (it is what everyone at the table saw),
//! so the two never copy its fields into each other.

use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};
use tabula_search::Seat;

use super::follow::{Suits, winner};
use super::zone::Zone;
use crate::{CardId, CardSet, ZoneKeys};

/// The public record of a hand of tricks for `N` seats (see the
/// [module documentation](super)).
///
/// Seats that sit the hand out (a lone maker's partner in Euchre) are left
/// out of every trick: the methods that walk a trick take the `active`
/// seats as a bit set (bit `s` for seat `s`); [`all_active`] when every
/// seat plays.
///
/// As JSON: `leader`, `trick` (the cards of the trick in progress, in the
/// order played), `tricks` (finished), `played`, `taken` and `voids` (one
/// entry a seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Wire", into = "Wire")]
pub struct Tricks<const N: usize> {
    /// The seat that leads (led) the trick in progress.
    pub leader: u8,
    cards: [CardId; N],
    len: u8,
    /// Tricks finished this hand.
    pub done: u8,
    /// The cards each seat played this hand (the trick in progress too).
    pub played: [CardSet; N],
    /// The cards of the finished tricks each seat took.
    pub taken: [CardSet; N],
    /// Each seat's revealed voids: a bit per suit, as the game numbers
    /// its suits (Euchre's effective suits under trump, say).
    pub voids: [u8; N],
}

/// A card of the trick in progress as a page draws it (see
/// [`Tricks::trick_view`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayedCard {
    /// The seat that played it.
    pub seat: Seat,
    /// The card, by the game's name for it (`Q♠`).
    pub card: String,
}

/// A trick just finished, as a page keeps it on the table until its
/// player has seen it (see [`Tricks::finishing`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FinishedTrick {
    /// Its cards, in the order played, each with its seat.
    pub cards: Vec<PlayedCard>,
    /// The seat that takes it.
    pub winner: Seat,
}

/// Every seat of `n` plays.
#[inline]
pub const fn all_active(n: usize) -> u8 {
    ((1u16 << n) - 1) as u8
}

impl<const N: usize> Default for Tricks<N> {
    fn default() -> Self {
        Tricks::new(0)
    }
}

impl<const N: usize> Tricks<N> {
    /// A hand before its first trick, `leader` to lead it.
    pub const fn new(leader: u8) -> Self {
        Tricks {
            leader,
            cards: [CardId(0); N],
            len: 0,
            done: 0,
            played: [CardSet::EMPTY; N],
            taken: [CardSet::EMPTY; N],
            voids: [0; N],
        }
    }

    /// Replaces the trick in progress with `cards` (a record built by
    /// hand, or read from outside: nothing else changes, so
    /// [`check`](Tricks::check) judges the result).
    ///
    /// # Errors
    /// More cards than seats.
    pub fn set_trick(&mut self, cards: &[CardId]) -> Result<(), String> {
        if cards.len() > N {
            return Err(format!("a trick of {} cards for {N} seats", cards.len()));
        }
        self.cards = [CardId(0); N];
        self.cards[..cards.len()].copy_from_slice(cards);
        self.len = cards.len() as u8;
        Ok(())
    }

    /// The trick in progress, in the order played.
    #[inline]
    pub fn trick(&self) -> &[CardId] {
        &self.cards[..usize::from(self.len)]
    }

    /// The card led to the trick in progress.
    #[inline]
    pub fn led(&self) -> Option<CardId> {
        (self.len > 0).then_some(self.cards[0])
    }

    /// The seat of the trick's card `i` (0: the leader's), the seats out of
    /// `active` skipped.
    #[inline]
    pub fn seat_at(&self, i: usize, active: u8) -> Seat {
        let mut seat = usize::from(self.leader);
        for _ in 0..i {
            seat = next_active(seat, active, N);
        }
        seat
    }

    /// The trick in progress as a page draws it: each card, named by
    /// `name`, with the seat that played it (the seats out of `active`
    /// skipped), in the order played.
    pub fn trick_view(&self, active: u8, name: impl Fn(CardId) -> String) -> Vec<PlayedCard> {
        self.trick()
            .iter()
            .enumerate()
            .map(|(i, &c)| PlayedCard {
                seat: self.seat_at(i, active),
                card: name(c),
            })
            .collect()
    }

    /// The trick that `card`, played to this table by the seat to play,
    /// finishes (its last card), as a page draws it, with the seat that
    /// takes it by `suits`' reading; `None` when it does not finish one.
    /// What a game's move view shows: the table after the play has already
    /// collected the trick (and, at a hand's end, begun the next hand).
    pub fn finishing<S: Suits>(
        &self,
        card: CardId,
        active: u8,
        suits: &S,
        name: impl Fn(CardId) -> String,
    ) -> Option<FinishedTrick> {
        if self.complete(active) {
            return None;
        }
        let mut t = *self;
        t.play(t.to_play(active), card);
        t.complete(active).then(|| FinishedTrick {
            winner: t.seat_at(winner(suits, t.trick()), active),
            cards: t.trick_view(active, name),
        })
    }

    /// The seat to play to the trick in progress.
    #[inline]
    pub fn to_play(&self, active: u8) -> Seat {
        self.seat_at(usize::from(self.len), active)
    }

    /// Every card played this hand.
    pub fn all_played(&self) -> CardSet {
        self.played.iter().fold(CardSet::EMPTY, |a, &b| a | b)
    }

    /// Records `seat`'s play of `card` to the trick in progress (the
    /// caller took it from the hand and judged its legality).
    #[inline]
    pub fn play(&mut self, seat: Seat, card: CardId) {
        debug_assert!(usize::from(self.len) < N, "a trick of more cards than seats");
        self.played[seat].insert(card);
        self.cards[usize::from(self.len)] = card;
        self.len += 1;
    }

    /// Whether every active seat has played to the trick in progress.
    #[inline]
    pub fn complete(&self, active: u8) -> bool {
        u32::from(self.len) == active.count_ones()
    }

    /// Gives the trick in progress to `winner`, who leads the next one;
    /// `moved` hears each card and the seat that played it (to move it
    /// between the caller's zones).
    #[inline]
    pub fn collect(&mut self, winner: Seat, active: u8, mut moved: impl FnMut(CardId, Seat)) {
        let mut seat = usize::from(self.leader);
        for i in 0..usize::from(self.len) {
            let card = self.cards[i];
            self.taken[winner].insert(card);
            moved(card, seat);
            seat = next_active(seat, active, N);
            self.cards[i] = CardId(0);
        }
        self.len = 0;
        self.done += 1;
        self.leader = winner as u8;
    }

    /// Marks `seat` void in the suits of `bits`.
    #[inline]
    pub fn mark_void(&mut self, seat: Seat, bits: u8) {
        self.voids[seat] |= bits;
    }

    /// Whether `seat` has shown void in every suit of `bits`.
    #[inline]
    pub fn is_void(&self, seat: Seat, bits: u8) -> bool {
        self.voids[seat] & bits == bits
    }

    /// The placement hash of the zones every trick hand has (see
    /// [`Zone`](super::Zone)): the `stock`, the `hands`, the trick in
    /// progress (each card at its seat, among `active`) and the tricks
    /// taken; a game adds its own zones' keys.
    pub fn zones_hash<const LEN: usize>(
        &self,
        keys: &ZoneKeys<LEN>,
        stock: CardSet,
        hands: &[CardSet; N],
        active: u8,
    ) -> u64 {
        let mut h = keys.of(Zone::Stock.id(N), stock);
        for (s, (&hand, &taken)) in hands.iter().zip(&self.taken).enumerate() {
            h ^= keys.of(Zone::Hand(s).id(N), hand) ^ keys.of(Zone::Taken(s).id(N), taken);
        }
        for (i, &c) in self.trick().iter().enumerate() {
            h ^= keys.key(Zone::Table(self.seat_at(i, active)).id(N), c);
        }
        h
    }

    /// The seat that took a trick since `before` (an earlier table of the
    /// same hand): the leader now, once more tricks are done. What a game's
    /// log says after a play.
    pub fn taken_since(&self, before: &Tricks<N>) -> Option<Seat> {
        (self.done > before.done).then_some(usize::from(self.leader))
    }

    /// Tables no hand reaches, each with what is wrong: a leader out of
    /// range, a card out of any deck (one id, then a far one), a trick led
    /// with a card its leader did not play (one its left-hand neighbour
    /// played earlier), and `seat` having played every card of `deck` but
    /// `hand` (the observer's). What an observation's check must refuse,
    /// for the games' tests of it.
    pub fn corrupted(&self, seat: Seat, hand: CardSet, deck: CardSet) -> Vec<(&'static str, Tricks<N>)> {
        let mut out = Vec::new();
        let mut t = *self;
        t.leader = 9;
        out.push(("a leader out of range", t));
        for (why, id) in [("a card out of the deck", 60), ("a card far out of the deck", 700)] {
            let mut t = *self;
            t.set_trick(&[CardId(id)]).expect("one card");
            out.push((why, t));
        }
        // A card the leader's left-hand neighbour played, led by the leader.
        if let Some(card) = self.played[(usize::from(self.leader) + 1) % N].lowest() {
            let mut t = *self;
            t.set_trick(&[card]).expect("one card");
            out.push(("a trick card its seat did not play", t));
        }
        let mut t = *self;
        t.played[seat] = deck - hand;
        out.push(("a seat that played more than it held", t));
        out
    }

    /// Checks that a hand's play could have made this record, with the
    /// seats of `active` playing: each has played one card per finished
    /// trick, and one more if it has played to the trick in progress
    /// (whose cards are its seats' own, in turn from the leader); the
    /// others none; the finished tricks' cards are exactly what was played
    /// and is not on the table, split among the takers in whole tricks;
    /// and the leader of a later trick took a trick. For observations from
    /// outside, before a search draws a world from them.
    ///
    /// # Errors
    /// What does not fit, in words.
    pub fn check(&self, active: u8) -> Result<(), String> {
        let leader = usize::from(self.leader);
        let playing = |s: usize| active >> s & 1 == 1;
        if leader >= N || !playing(leader) {
            return Err("the trick's leader does not play this hand".into());
        }
        let per_trick = active.count_ones() as usize;
        if usize::from(self.len) >= per_trick.max(1) {
            return Err("the trick in progress has too many cards".into());
        }
        let mut on_table = CardSet::EMPTY;
        let mut in_trick = 0u8;
        for (i, &card) in self.trick().iter().enumerate() {
            let seat = self.seat_at(i, active);
            if !self.played[seat].contains(card) || on_table.contains(card) {
                return Err(format!("a card of the trick that seat {seat} did not play"));
            }
            on_table.insert(card);
            in_trick |= 1 << seat;
        }
        let mut all_played = CardSet::EMPTY;
        for (seat, &set) in self.played.iter().enumerate() {
            let expected = if playing(seat) {
                usize::from(self.done) + usize::from(in_trick >> seat & 1)
            } else {
                0
            };
            if set.len() != expected || !(all_played & set).is_empty() {
                return Err(format!(
                    "seat {seat} played {} cards, but {expected} after {} tricks",
                    set.len(),
                    self.done
                ));
            }
            all_played = all_played | set;
        }
        let mut all_taken = CardSet::EMPTY;
        for (seat, &set) in self.taken.iter().enumerate() {
            if !(all_taken & set).is_empty() || set.len() % per_trick.max(1) != 0 {
                return Err(format!("seat {seat}'s tricks are not whole tricks of their own"));
            }
            all_taken = all_taken | set;
        }
        if all_taken != all_played - on_table {
            return Err("the tricks taken are not the cards played to finished tricks".into());
        }
        if self.done > 0 && self.taken[leader].is_empty() {
            return Err("the trick's leader took no trick, yet it leads after the first".into());
        }
        Ok(())
    }
}

/// The first seat after `seat` (in turn) among `active`; `seat` itself
/// when no other plays.
#[inline]
fn next_active(seat: Seat, active: u8, n: usize) -> Seat {
    (1..=n)
        .map(|k| (seat + k) % n)
        .find(|&s| active >> s & 1 == 1)
        .unwrap_or(seat)
}

/// Hashes as the fields a game's observation held before the record was
/// one value (the leader, the trick's cards as a list, the count, the
/// played, taken and void arrays), so that seeds derived from an
/// observation's hash are what they were.
impl<const N: usize> Hash for Tricks<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.leader.hash(state);
        self.trick().hash(state);
        self.done.hash(state);
        self.played.hash(state);
        self.taken.hash(state);
        self.voids.hash(state);
    }
}

/// The JSON form of [`Tricks`].
#[derive(Serialize, Deserialize)]
struct Wire {
    leader: u8,
    trick: Vec<CardId>,
    tricks: u8,
    played: Vec<CardSet>,
    taken: Vec<CardSet>,
    voids: Vec<u8>,
}

impl<const N: usize> From<Tricks<N>> for Wire {
    fn from(t: Tricks<N>) -> Wire {
        Wire {
            leader: t.leader,
            trick: t.trick().to_vec(),
            tricks: t.done,
            played: t.played.to_vec(),
            taken: t.taken.to_vec(),
            voids: t.voids.to_vec(),
        }
    }
}

impl<const N: usize> TryFrom<Wire> for Tricks<N> {
    type Error = String;

    fn try_from(w: Wire) -> Result<Self, String> {
        let seats = |what: &str, len: usize| {
            if len == N {
                Ok(())
            } else {
                Err(format!("{what}: {len} entries for {N} seats"))
            }
        };
        seats("played", w.played.len())?;
        seats("taken", w.taken.len())?;
        seats("voids", w.voids.len())?;
        let mut t = Tricks::new(w.leader);
        t.set_trick(&w.trick)?;
        t.done = w.tricks;
        t.played.copy_from_slice(&w.played);
        t.taken.copy_from_slice(&w.taken);
        t.voids.copy_from_slice(&w.voids);
        Ok(t)
    }
}
