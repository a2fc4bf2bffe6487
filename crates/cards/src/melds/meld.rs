//! A meld of the general path: natural cards and the wild cards that stand
//! in it, and which rules make a collection of cards one
//! ([`MeldRules::meld_of`]) — what a game checks a meld a player lays down
//! against, and what the solver's melds are.
//!
//! A run's places are numbered 0 to 13: 0 the ace below the two, 1 the
//! two … 12 the king, 13 the ace above the king.

use std::fmt;

use crate::card::french::Suit;

use super::faces::{Face, FaceHand};
use super::rules::MeldRules;
use super::word::MeldKind;

/// The rank of a run's place (0 to 13): the ace at both ends.
#[inline]
pub(super) fn place_rank(place: u8) -> u8 {
    place % 13
}

/// A meld of faces: a set (cards of one rank) or a run (cards of one suit
/// in sequence), each card natural or wild.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FaceMeld {
    kind: MeldKind,
    naturals: FaceHand,
    wilds: FaceHand,
    /// Runs: the suit; sets: unused (clubs).
    suit: Suit,
    /// Runs: the first and last places; sets: the rank twice.
    low: u8,
    high: u8,
}

impl FaceMeld {
    /// A set of `rank` of these cards.
    pub(super) fn set(rank: u8, naturals: FaceHand, wilds: FaceHand) -> FaceMeld {
        FaceMeld {
            kind: MeldKind::Set,
            naturals,
            wilds,
            suit: Suit::Clubs,
            low: rank,
            high: rank,
        }
    }

    /// A run of `suit` over places `low..=high` of these cards.
    pub(super) fn run(suit: Suit, low: u8, high: u8, naturals: FaceHand, wilds: FaceHand) -> FaceMeld {
        FaceMeld {
            kind: MeldKind::Run,
            naturals,
            wilds,
            suit,
            low,
            high,
        }
    }

    /// Set or run.
    #[inline]
    pub fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The cards standing as themselves.
    #[inline]
    pub fn naturals(&self) -> &FaceHand {
        &self.naturals
    }

    /// The cards standing for others: jokers and cards of wild ranks.
    #[inline]
    pub fn wilds(&self) -> &FaceHand {
        &self.wilds
    }

    /// Every card of the meld.
    pub fn cards(&self) -> FaceHand {
        self.naturals.plus(&self.wilds)
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.naturals.len() + self.wilds.len()
    }

    /// Whether it has no card (never: a meld holds a natural card).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Whether no card stands for another (a pure sequence, for a run).
    pub fn is_pure(&self) -> bool {
        self.wilds.is_empty()
    }

    /// A set's rank (0 the ace … 12 the king).
    pub fn rank(&self) -> Option<u8> {
        (self.kind == MeldKind::Set).then_some(self.low)
    }

    /// A run's suit and its first and last places (0 the ace low, 1 the
    /// two … 12 the king, 13 the ace high).
    pub fn run_span(&self) -> Option<(Suit, u8, u8)> {
        (self.kind == MeldKind::Run).then_some((self.suit, self.low, self.high))
    }
}

impl fmt::Display for FaceMeld {
    /// A set's natural cards then its wild cards; a run's cards in their
    /// places, each wild card in the place it fills: `5♥ Jk 7♥`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind == MeldKind::Set {
            return if self.wilds.is_empty() {
                write!(f, "{}", self.naturals)
            } else {
                write!(f, "{} {}", self.naturals, self.wilds)
            };
        }
        let mut wilds = self.wilds.iter();
        for place in self.low..=self.high {
            if place > self.low {
                f.write_str(" ")?;
            }
            let face = Face::new(place_rank(place), self.suit);
            if self.naturals.count(face) > 0 {
                face.fmt(f)?;
            } else if let Some(w) = wilds.next() {
                w.fmt(f)?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for FaceMeld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}[{self}]", self.kind)
    }
}

impl MeldRules {
    /// The meld these cards make under the rules, or `None` when they make
    /// none. A card of a wild rank is read as itself where that makes a
    /// meld with fewer wild cards (when the rules let it stand as itself),
    /// and of two readings with as many wild cards a run comes before a
    /// set (a run counts towards a declaration); a run's wild cards go
    /// above its natural cards where they fit there.
    pub fn meld_of(&self, cards: &FaceHand) -> Option<FaceMeld> {
        // The wild-rank faces held, and how many of each may stand as themselves.
        let mut wild_faces: Vec<(Face, u8)> = Vec::new();
        for face in cards.iter() {
            let wild = matches!(face, Face::Suited { rank, .. } if self.is_wild_rank(rank));
            if wild && !wild_faces.iter().any(|&(f, _)| f == face) {
                wild_faces.push((face, cards.count(face)));
            }
        }
        let mut readings: Vec<(FaceHand, FaceHand)> = Vec::new();
        let mut natural = vec![0u8; wild_faces.len()];
        loop {
            let mut naturals = *cards;
            let mut wilds = FaceHand::EMPTY;
            for _ in 0..cards.jokers() {
                naturals.remove(Face::Joker);
                wilds.add(Face::Joker);
            }
            for (&(face, n), &keep) in wild_faces.iter().zip(&natural) {
                for _ in keep..n {
                    naturals.remove(face);
                    wilds.add(face);
                }
            }
            readings.push((naturals, wilds));
            let Some(i) = (0..natural.len()).find(|&i| self.wilds.as_natural && natural[i] < wild_faces[i].1) else {
                break;
            };
            natural[i] += 1;
            natural[..i].fill(0);
        }
        readings.sort_by_key(|(_, w)| w.len());
        readings
            .iter()
            .find_map(|(n, w)| self.run_of(n, w).or_else(|| self.set_of(n, w)))
    }

    /// Whether `naturals` and `wilds` pass the wild-card limits.
    fn wild_limits(&self, naturals: &FaceHand, wilds: &FaceHand) -> bool {
        naturals.len() >= usize::from(self.wilds.min_natural.max(1)) && wilds.len() <= usize::from(self.wilds.max_wild)
    }

    /// The set of these natural and wild cards, if they make one.
    fn set_of(&self, naturals: &FaceHand, wilds: &FaceHand) -> Option<FaceMeld> {
        let s = self.sets?;
        let Some(Face::Suited { rank, .. }) = naturals.iter().next() else {
            return None;
        };
        let size = naturals.len() + wilds.len();
        let same_rank = naturals
            .iter()
            .all(|f| matches!(f, Face::Suited { rank: r, .. } if r == rank));
        let suits_ok = !s.distinct_suits
            || (size <= 4 && Suit::ALL.iter().all(|&suit| naturals.count(Face::new(rank, suit)) <= 1));
        (same_rank
            && suits_ok
            && s.ranks >> rank & 1 == 1
            && (usize::from(s.min)..=usize::from(s.max)).contains(&size)
            && self.wild_limits(naturals, wilds))
        .then(|| FaceMeld::set(rank, *naturals, *wilds))
    }

    /// The run of these natural and wild cards, if they make one.
    fn run_of(&self, naturals: &FaceHand, wilds: &FaceHand) -> Option<FaceMeld> {
        let r = self.runs?;
        let Some(Face::Suited { suit, .. }) = naturals.iter().next() else {
            return None;
        };
        let size = naturals.len() + wilds.len();
        if size < usize::from(r.min) || size > 14 || !self.wild_limits(naturals, wilds) {
            return None;
        }
        // One card of each rank, all of the suit; the ace at either end.
        let mut ranks = 0u16;
        for f in naturals.iter() {
            match f {
                Face::Suited { rank, suit: s } if s == suit && ranks >> rank & 1 == 0 => ranks |= 1 << rank,
                _ => return None,
            }
        }
        let first = if r.aces.low() { 0 } else { 1 };
        let last = if r.aces.high() { 13 } else { 12 };
        let aces: &[u16] = if ranks & 1 == 0 { &[0] } else { &[1, 1 << 13] };
        for &ace in aces {
            let places = ranks & !1 | ace;
            let (lo, hi) = (places.trailing_zeros() as u8, 15 - places.leading_zeros() as u8);
            if lo < first || hi > last {
                continue;
            }
            let size = size as u8;
            // The lowest first place that covers every natural card and
            // fits; the highest such (wild cards above) first.
            let fits = |low: u8| {
                let high = low + size - 1;
                high <= last && high >= hi && !(low == 0 && high == 13)
            };
            if let Some(low) = (first..=lo).rev().find(|&low| fits(low)) {
                return Some(FaceMeld::run(suit, low, low + size - 1, *naturals, *wilds));
            }
        }
        None
    }
}
