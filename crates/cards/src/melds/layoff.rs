//! Laying off on the one-word path: a player (the defender, in Gin
//! Rummy after a knock) melds what it can of its own hand and adds cards
//! of its deadwood to another hand's melds, and only what is left counts
//! against it.
//!
//! A three-card set of the knocker's takes the fourth card of its rank; a
//! four-card set takes nothing; a run takes the card just below or just
//! above it, and a card laid off extends the run in turn, so the defender
//! can lay off a chain of cards at either end (4♥ then 3♥ below 5♥ 6♥ 7♥,
//! 8♥ above). The knocker's melds are not rearranged. The defender may
//! arrange its hand as it likes, so it chooses its own melds and its
//! layoffs together for the least deadwood: a card it could meld may be
//! laid off instead, and a meld of its own broken when that leaves less.
//!
//! The search is exact. What can be laid off at a run's end is a prefix of
//! the defender's cards going out from that end in sequence, and at a set
//! the one card, so the layoffs to consider are the few combinations of
//! one prefix for each run end and each set's card held or not; each
//! leaves a hand whose best partition the meld search finds.

use std::fmt;

use crate::set::CardSet;

use super::layout::ACES;
use super::word::{Key, MAX_MELDS, Meld, MeldKind, OneDeckMelds, Partition, check_hand, key_points};

/// The most ways one place can take cards: none, or a prefix of a chain
/// (a run's end has at most ten cards beyond it).
const MAX_OPTIONS: usize = 11;

/// The most places: two ends of each run, or one set.
const MAX_PLACES: usize = 2 * MAX_MELDS;

/// Where the defender may lay off: a knocker's meld and the card sets it
/// can take there, `options[k]` the first `k` cards of the chain (for a
/// set, `options[1]` its fourth card).
#[derive(Clone, Copy)]
struct Place {
    meld: usize,
    options: [u64; MAX_OPTIONS],
    len: usize,
}

/// The defender's best layoffs and its own melds of the rest.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layoff {
    partition: Partition,
    laid_off: CardSet,
    onto: [CardSet; MAX_MELDS],
    melds: u8,
}

impl Layoff {
    /// The defender's own melds and deadwood, of the cards it keeps.
    #[inline]
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// Every card laid off.
    #[inline]
    pub fn laid_off(&self) -> CardSet {
        self.laid_off
    }

    /// The cards laid off onto each of the knocker's melds, in the order
    /// they were given.
    #[inline]
    pub fn onto(&self) -> &[CardSet] {
        &self.onto[..usize::from(self.melds)]
    }

    /// The defender's deadwood points after its melds and layoffs.
    #[inline]
    pub fn deadwood_points(&self) -> u32 {
        self.partition.deadwood_points()
    }
}

impl fmt::Debug for Layoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Layoff")
            .field("partition", &self.partition)
            .field("laid_off", &self.laid_off)
            .field("onto", &self.onto())
            .finish()
    }
}

/// The places of the knocker's melds where the defender's cards fit, the
/// run ends before the sets, so that a card that fits both goes where it
/// can carry a chain on.
fn places(knocker_melds: &[Meld], defender: u64, out: &mut [Place; MAX_PLACES]) -> usize {
    let mut n = 0;
    let mut push = |meld: usize, chain: &mut dyn Iterator<Item = u64>| {
        let mut p = Place {
            meld,
            options: [0; MAX_OPTIONS],
            len: 1,
        };
        for card in chain.take_while(|&c| defender & c != 0) {
            p.options[p.len] = p.options[p.len - 1] | card;
            p.len += 1;
        }
        if p.len > 1 {
            out[n] = p;
            n += 1;
        }
    };
    for (i, m) in knocker_melds.iter().enumerate() {
        if m.kind() == MeldKind::Run {
            let bits = m.cards().0;
            let low = bits.trailing_zeros();
            let high = bits.ilog2();
            let suit = low / 13;
            push(i, &mut (suit * 13..low).rev().map(|b| 1u64 << b));
            push(i, &mut (high + 1..suit * 13 + 13).map(|b| 1u64 << b));
        }
    }
    for (i, m) in knocker_melds.iter().enumerate() {
        if m.kind() == MeldKind::Set && m.len() == 3 {
            let bits = m.cards().0;
            let fourth = ACES << (bits.trailing_zeros() % 13) & !bits;
            push(i, &mut std::iter::once(fourth));
        }
    }
    n
}

impl OneDeckMelds {
    /// The defender's best play against the knocker's melds: the layoffs and
    /// own melds that together leave it the fewest deadwood points, exactly
    /// (see the module's account of the rule).
    ///
    /// Among equal deadwood points the choice follows
    /// [`best_partition`](OneDeckMelds::best_partition)'s order on what is left (fewest deadwood cards, the
    /// deadwood's bit set, fewest own melds), then the most cards laid off,
    /// then the laid-off cards of smallest bit set. A card laid off that fits
    /// two places goes to a run before a set, and between two runs with a gap
    /// to the first of them in `knocker_melds`' order that reaches it.
    ///
    /// # Panics
    /// When there are more than [`MAX_MELDS`] melds, they share a card, the
    /// defender holds one of their cards, or the defender's hand is not one
    /// [`best_partition`](OneDeckMelds::best_partition) accepts.
    pub fn best_layoff(&self, knocker_melds: &[Meld], defender: CardSet) -> Layoff {
        check_hand(defender);
        assert!(knocker_melds.len() <= MAX_MELDS, "at most {MAX_MELDS} melds");
        let mut knocked = CardSet::EMPTY;
        for m in knocker_melds {
            assert!((knocked & m.cards()).is_empty(), "the knocker's melds share a card");
            knocked = knocked | m.cards();
        }
        assert!(
            (knocked & defender).is_empty(),
            "the defender holds a card of the knocker's melds"
        );

        let mut place = [Place {
            meld: 0,
            options: [0; MAX_OPTIONS],
            len: 0,
        }; MAX_PLACES];
        let n = places(knocker_melds, defender.0, &mut place);
        let place = &place[..n];

        // Every combination of one option per place, as a mixed-radix count.
        let mut digits = [0usize; MAX_PLACES];
        let mut best: Option<(Key, u32, u64, [usize; MAX_PLACES])> = None;
        loop {
            let laid = place.iter().zip(&digits).fold(0, |s, (p, &d)| s | p.options[d]);
            let key = self.best_key(defender.0 & !laid);
            let more = u32::MAX - laid.count_ones();
            if best.is_none_or(|(k, m, l, _)| (key, more, laid) < (k, m, l)) {
                best = Some((key, more, laid, digits));
            }
            let Some(d) = (0..n).find(|&d| digits[d] + 1 < place[d].len) else {
                break;
            };
            digits[d] += 1;
            digits[..d].fill(0);
        }
        let (key, _, laid, digits) = best.expect("one combination at least: nothing laid off");

        let mut onto = [CardSet::EMPTY; MAX_MELDS];
        let mut assigned = 0;
        for (p, &d) in place.iter().zip(&digits) {
            let cards = p.options[d] & !assigned;
            onto[p.meld] = onto[p.meld] | CardSet(cards);
            assigned |= cards;
        }
        let partition = self.best_partition(CardSet(defender.0 & !laid));
        debug_assert_eq!(partition.deadwood_points(), key_points(key));
        debug_assert!(
            knocker_melds
                .iter()
                .zip(&onto)
                .all(|(m, o)| o.is_empty() || Meld::new(m.cards() | *o).is_some())
        );
        Layoff {
            partition,
            laid_off: CardSet(laid),
            onto,
            melds: knocker_melds.len() as u8,
        }
    }
}
