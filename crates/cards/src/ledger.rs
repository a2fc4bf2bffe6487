//! The zone ledger: where every card is, and the conservation check.
//!
//! Every card is in exactly one zone at every moment. [`Ledger`] is an owning
//! ledger (ordered zones of card ids, each card's zone) for games that keep
//! their truth in it; games with a compact state of their own (fixed arrays
//! on a search's hot path) list their zones and call
//! [`check_conservation`] after every action in their tests.

use serde::{Deserialize, Serialize};
use tabula_search::Rng;

use crate::card::CardId;

/// A zone of a game (a hand, a pile, a trick, a meld, a grid cell), numbered
/// by the game from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ZoneId(pub u16);

/// A broken conservation law: some card is in no zone, in two zones, or is
/// not a card of the deck.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConservationError {
    /// A card of the deck is in no zone.
    #[error("card {card} is in no zone")]
    Missing {
        /// The card.
        card: CardId,
    },
    /// A card is in two zones (or twice in one).
    #[error("card {card} is in zone {first:?} and zone {second:?}")]
    Duplicated {
        /// The card.
        card: CardId,
        /// The first zone it was found in.
        first: ZoneId,
        /// The second.
        second: ZoneId,
    },
    /// A card id beyond the deck.
    #[error("card {card} is not in a deck of {deck} cards")]
    Unknown {
        /// The card.
        card: CardId,
        /// The deck size.
        deck: usize,
    },
    /// The ledger's index of card locations disagrees with its zones.
    #[error("card {card} is recorded in zone {recorded:?} but found in zone {found:?}")]
    Misplaced {
        /// The card.
        card: CardId,
        /// Where the index says it is.
        recorded: ZoneId,
        /// Where it is.
        found: ZoneId,
    },
}

/// Checks that the zones hold every card of a `deck_len`-card deck exactly
/// once. `zones` lists each zone with its cards.
pub fn check_conservation<'a, I>(deck_len: usize, zones: I) -> Result<(), ConservationError>
where
    I: IntoIterator<Item = (ZoneId, &'a [CardId])>,
{
    let mut seen: Vec<Option<ZoneId>> = vec![None; deck_len];
    for (zone, cards) in zones {
        for &card in cards {
            let slot = seen
                .get_mut(card.index())
                .ok_or(ConservationError::Unknown { card, deck: deck_len })?;
            if let Some(first) = *slot {
                return Err(ConservationError::Duplicated {
                    card,
                    first,
                    second: zone,
                });
            }
            *slot = Some(zone);
        }
    }
    match seen.iter().position(Option::is_none) {
        Some(i) => Err(ConservationError::Missing { card: CardId(i as u16) }),
        None => Ok(()),
    }
}

/// An owning zone ledger: ordered zones (the last card of a pile is its top)
/// and the zone of each card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    location: Vec<ZoneId>,
    zones: Vec<Vec<CardId>>,
}

impl Ledger {
    /// A ledger of `deck_len` cards and `num_zones` zones, every card in
    /// zone `start` in id order.
    ///
    /// # Panics
    /// If `start` is not one of the zones.
    pub fn new(deck_len: usize, num_zones: usize, start: ZoneId) -> Self {
        assert!(usize::from(start.0) < num_zones, "no zone {start:?}");
        let mut zones = vec![Vec::new(); num_zones];
        zones[usize::from(start.0)] = (0..deck_len).map(|i| CardId(i as u16)).collect();
        Ledger {
            location: vec![start; deck_len],
            zones,
        }
    }

    /// The cards of a zone, bottom first.
    pub fn cards(&self, zone: ZoneId) -> &[CardId] {
        &self.zones[usize::from(zone.0)]
    }

    /// The number of cards in a zone.
    pub fn count(&self, zone: ZoneId) -> usize {
        self.zones[usize::from(zone.0)].len()
    }

    /// The top (last) card of a zone.
    pub fn top(&self, zone: ZoneId) -> Option<CardId> {
        self.zones[usize::from(zone.0)].last().copied()
    }

    /// The zone a card is in.
    pub fn zone_of(&self, card: CardId) -> ZoneId {
        self.location[card.index()]
    }

    /// The number of zones.
    pub fn num_zones(&self) -> usize {
        self.zones.len()
    }

    /// Moves a card to the top of zone `to`.
    pub fn move_card(&mut self, card: CardId, to: ZoneId) {
        let from = self.location[card.index()];
        let zone = &mut self.zones[usize::from(from.0)];
        if let Some(pos) = zone.iter().position(|&c| c == card) {
            zone.remove(pos);
        }
        self.zones[usize::from(to.0)].push(card);
        self.location[card.index()] = to;
    }

    /// Moves the top card of `from` onto `to`; returns it, or `None` if
    /// `from` is empty.
    pub fn move_top(&mut self, from: ZoneId, to: ZoneId) -> Option<CardId> {
        let card = self.zones[usize::from(from.0)].pop()?;
        self.zones[usize::from(to.0)].push(card);
        self.location[card.index()] = to;
        Some(card)
    }

    /// Shuffles a zone uniformly.
    pub fn shuffle(&mut self, zone: ZoneId, rng: &mut Rng) {
        rng.shuffle(&mut self.zones[usize::from(zone.0)]);
    }

    /// Checks conservation (each card in exactly one zone) and that the
    /// location index agrees with the zones.
    pub fn check(&self) -> Result<(), ConservationError> {
        check_conservation(
            self.location.len(),
            self.zones
                .iter()
                .enumerate()
                .map(|(z, c)| (ZoneId(z as u16), c.as_slice())),
        )?;
        for (z, cards) in self.zones.iter().enumerate() {
            for &card in cards {
                let recorded = self.location[card.index()];
                if recorded.0 as usize != z {
                    return Err(ConservationError::Misplaced {
                        card,
                        recorded,
                        found: ZoneId(z as u16),
                    });
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STOCK: ZoneId = ZoneId(0);
    const HAND: ZoneId = ZoneId(1);

    #[test]
    fn moves_keep_conservation() {
        let mut ledger = Ledger::new(10, 3, STOCK);
        ledger.shuffle(STOCK, &mut Rng::new(1));
        for _ in 0..4 {
            ledger.move_top(STOCK, HAND).unwrap();
        }
        let card = ledger.cards(HAND)[1];
        ledger.move_card(card, ZoneId(2));
        assert_eq!(ledger.zone_of(card), ZoneId(2));
        assert_eq!(ledger.count(STOCK) + ledger.count(HAND) + ledger.count(ZoneId(2)), 10);
        ledger.check().unwrap();
    }

    #[test]
    fn conservation_catches_missing_duplicated_and_unknown_cards() {
        let a = [CardId(0), CardId(1)];
        let b = [CardId(2)];
        assert!(check_conservation(3, [(STOCK, &a[..]), (HAND, &b[..])]).is_ok());
        assert_eq!(
            check_conservation(4, [(STOCK, &a[..]), (HAND, &b[..])]),
            Err(ConservationError::Missing { card: CardId(3) })
        );
        let dup = [CardId(1)];
        assert!(matches!(
            check_conservation(3, [(STOCK, &a[..]), (HAND, &b[..]), (ZoneId(2), &dup[..])]),
            Err(ConservationError::Duplicated { card: CardId(1), .. })
        ));
        let far = [CardId(9)];
        assert!(matches!(
            check_conservation(3, [(STOCK, &far[..])]),
            Err(ConservationError::Unknown { .. })
        ));
    }

    #[test]
    fn a_corrupted_index_is_caught() {
        let mut ledger = Ledger::new(3, 2, STOCK);
        ledger.location[0] = HAND;
        assert!(matches!(ledger.check(), Err(ConservationError::Misplaced { .. })));
    }
}

/// Zobrist keys of every card in every zone of a game: a position's card
/// placement hashes as the XOR of each card's key in its zone, kept
/// incrementally as cards move ([`moved`](ZoneKeys::moved)) and
/// recomputed from the zones' sets ([`of`](ZoneKeys::of)) to check it.
/// `LEN` is the number of zones times the number of cards.
#[derive(Clone, Debug)]
pub struct ZoneKeys<const LEN: usize> {
    keys: [u64; LEN],
    cards: usize,
}

impl<const LEN: usize> ZoneKeys<LEN> {
    /// The keys of `LEN / cards` zones of `cards` cards, from `seed` (each
    /// game its own).
    pub const fn new(seed: u64, cards: usize) -> Self {
        assert!(cards > 0 && LEN % cards == 0, "whole zones of the deck");
        ZoneKeys {
            keys: tabula_search::rng::zobrist_keys(seed),
            cards,
        }
    }

    /// The key of `card` in `zone`.
    #[inline]
    pub fn key(&self, zone: ZoneId, card: CardId) -> u64 {
        self.keys[usize::from(zone.0) * self.cards + card.index()]
    }

    /// What the hash changes by when `card` moves from `from` to `to`.
    #[inline]
    pub fn moved(&self, card: CardId, from: ZoneId, to: ZoneId) -> u64 {
        self.key(from, card) ^ self.key(to, card)
    }

    /// The hash of `cards` in `zone`.
    pub fn of(&self, zone: ZoneId, cards: crate::CardSet) -> u64 {
        cards.iter().fold(0, |h, c| h ^ self.key(zone, c))
    }
}
