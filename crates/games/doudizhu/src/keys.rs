//! The hidden order of each seat's cards, which decides the physical
//! cards of a play that names ranks only.
//!
//! An action names ranks; the cards that leave the hand must be a choice
//! that tells the other seats nothing more. The old rule (the lowest suits
//! of each rank) did: a shown 6♠ said its player held no other 6. So each
//! card carries a hidden key, the order it came to its holder: a dealt
//! card's key is 3 + its deal index (the order of a seat's cards in a
//! uniform deal is uniform given the hand, and no other seat sees it), and
//! the kitty's three cards get keys 0 to 2 when the landlord takes them
//! (the kitty is public: playing it first shows nothing of the hidden
//! hand). A play takes, of each rank, the seat's cards with the smallest
//! keys: a choice uniform over its hidden cards of the rank, whatever else
//! it holds. A person may name the cards instead
//! ([`Action::PlayCards`](crate::Action::PlayCards)); the keys of the rank
//! are then exchanged among the seat's cards so that the chosen ones hold
//! the smallest.
//!
//! The invariant every state keeps ([`State::check_keys`]): of each rank,
//! every card a seat has played has a smaller key than every card of the
//! rank it still holds, and a seat's cards have distinct keys. No
//! observation, view, log or hash holds a key.

use tabula_cards::{CardId, CardSet};
use tabula_search::rng::mix64;

use crate::cards::{Counts, NUM_CARDS, RANKS, rank_cards};
use crate::state::{Phase, SEATS, State};

/// The key of the first dealt card: the kitty's three come before.
pub(crate) const FIRST_DEALT: u8 = 3;

impl State {
    /// The hidden key of `card`.
    #[inline]
    pub(crate) fn key_of(&self, card: CardId) -> u8 {
        self.order[card.index()]
    }

    /// Sets the hidden key of `card`.
    #[inline]
    pub(crate) fn set_key(&mut self, card: CardId, key: u8) {
        self.order[card.index()] = key;
    }

    /// The cards of `counts` that leave `seat`'s hand when it plays them:
    /// of each rank, those with the smallest keys. `None` when the hand is
    /// short of a rank.
    pub(crate) fn cards_for(&self, seat: usize, counts: Counts) -> Option<CardSet> {
        let hand = self.hands[seat];
        let mut out = 0u64;
        let mut ranks = counts.nibbles_with(1);
        while ranks != 0 {
            let r = (ranks.trailing_zeros() / 4) as u8;
            ranks &= ranks - 1;
            let mut of_rank = hand.0 & rank_cards(r).0;
            for _ in 0..counts.get(r) {
                let first = CardSet(of_rank).iter().min_by_key(|&c| self.key_of(c))?;
                out |= 1 << first.index();
                of_rank &= !(1 << first.index());
            }
        }
        Some(CardSet(out))
    }

    /// Gives the cards of `first` the smallest keys among `all` (the cards
    /// of one rank of one seat, `first` among them), keeping the order of
    /// the keys within `first` and within the rest: the freedom the hidden
    /// order leaves, used when a person names the cards it plays and when
    /// the swap hook moves a card into a hand.
    pub(crate) fn keys_first(&mut self, all: CardSet, first: CardSet) {
        let mut keys = [0u8; 4];
        let mut cards = [CardId(0); 4];
        let n = all.len().min(4);
        for (i, c) in all.iter().take(4).enumerate() {
            keys[i] = self.key_of(c);
            cards[i] = c;
        }
        keys[..n].sort_unstable();
        // `first`'s cards by key, then the rest by key.
        cards[..n].sort_unstable_by_key(|&c| (!first.contains(c), self.key_of(c)));
        for i in 0..n {
            self.set_key(cards[i], keys[i]);
        }
    }

    /// Makes `seat`'s cards of rank `r` keep the invariant: its played
    /// cards take the smallest keys of the rank.
    pub(crate) fn settle_rank(&mut self, seat: usize, r: u8) {
        let of_rank = rank_cards(r).0;
        let played = CardSet(self.played[seat].0 & of_rank);
        let all = CardSet((self.hands[seat].0 | self.played[seat].0) & of_rank);
        self.keys_first(all, played);
    }

    /// Keys for a position built from its card placement alone (a world
    /// drawn from an observation, a position written by hand): of each
    /// seat, its played cards first, then the kitty cards it holds, then
    /// the rest it holds, in an order drawn from `salt` (0: the cards'
    /// order). In the deal and the bidding the keys start at
    /// [`FIRST_DEALT`], below the keys of the cards still to be dealt and
    /// clear of the kitty's.
    pub(crate) fn assign_keys(&mut self, salts: [u64; SEATS]) {
        self.order = [0; NUM_CARDS];
        let base = if self.phase == Phase::Play { 0 } else { FIRST_DEALT };
        for (seat, &salt) in salts.iter().enumerate() {
            let kitty = CardSet(self.hands[seat].0 & self.kitty.0);
            let rest = CardSet(self.hands[seat].0 & !self.kitty.0);
            let mut next = base;
            for (group, salt) in [(self.played[seat], 0), (kitty, 0), (rest, salt)] {
                let mut cards = [(0u64, CardId(0)); NUM_CARDS];
                let n = group.len();
                for (slot, c) in cards.iter_mut().zip(group.iter()) {
                    let k = if salt == 0 {
                        c.index() as u64
                    } else {
                        mix64(salt ^ c.index() as u64)
                    };
                    *slot = (k, c);
                }
                cards[..n].sort_unstable_by_key(|&(k, c)| (k, c.index()));
                for &(_, c) in &cards[..n] {
                    self.set_key(c, next);
                    next += 1;
                }
            }
        }
    }

    /// Checks the keys' invariant: of each seat, its cards (held and
    /// played) have distinct keys, and of each rank every card it played
    /// has a smaller key than every card of the rank it holds.
    ///
    /// # Errors
    /// The first seat and rank that break it, in words.
    pub fn check_keys(&self) -> Result<(), String> {
        for seat in 0..SEATS {
            let mut seen = [false; 256];
            for c in CardSet(self.hands[seat].0 | self.played[seat].0) {
                let k = usize::from(self.key_of(c));
                if seen[k] {
                    return Err(format!("two cards of seat {seat} share the hidden key {k}"));
                }
                seen[k] = true;
            }
            for r in 0..RANKS as u8 {
                let of_rank = rank_cards(r).0;
                let played = CardSet(self.played[seat].0 & of_rank)
                    .iter()
                    .map(|c| self.key_of(c))
                    .max();
                let held = CardSet(self.hands[seat].0 & of_rank)
                    .iter()
                    .map(|c| self.key_of(c))
                    .min();
                if let (Some(p), Some(h)) = (played, held)
                    && p > h
                {
                    return Err(format!(
                        "seat {seat} played a card of rank {} while it kept one that came to it before",
                        crate::cards::rank_name(r)
                    ));
                }
            }
        }
        Ok(())
    }
}
