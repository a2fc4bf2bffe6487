//! The rollouts' quick policy: the same decisions as the policy read from
//! counts of faces without the meld solver, so that a rollout costs
//! microseconds. A card's worth to its hand is how it sits in groups:
//! in three or more of a suit in a row, or three of a rank in different
//! suits, it is grouped; next to a card of its suit or beside one of its
//! rank, it is half a group. Wild cards are never thrown; the least worth
//! goes, the higher card among equals. The open card is taken when it
//! groups at once (or is wild). A show is made when the solver, asked only
//! when at most one card is ungrouped, says it is valid.

use tabula_cards::CardId;

use crate::actions::Action;
use crate::cards::{Cards, distinct, face, faces};
use crate::score::{Solvers, value};

/// A card in a group is worth this much to its hand.
pub const GROUPED: f64 = 10.0;
/// A neighbour in its suit (one rank apart) adds this.
pub const NEXT: f64 = 2.0;
/// A card of its suit two ranks apart adds this.
pub const GAP: f64 = 1.0;
/// A card of its rank in another suit adds this.
pub const MATE: f64 = 1.5;

/// A hand as counts: `[suit][place]`, places 0 to 13 (the ace at both
/// ends), and the wild cards apart.
struct Counts {
    by: [[u8; 14]; 4],
    wilds: u8,
}

impl Counts {
    fn of(hand: Cards, wild: u8) -> Counts {
        let mut c = Counts {
            by: [[0; 14]; 4],
            wilds: 0,
        };
        for card in hand {
            match face(card) {
                tabula_cards::melds::Face::Suited { rank, .. } if rank == wild => c.wilds += 1,
                tabula_cards::melds::Face::Suited { rank, suit } => {
                    let s = suit as usize;
                    c.by[s][usize::from(rank)] += 1;
                    if rank == 0 {
                        c.by[s][13] += 1;
                    }
                }
                tabula_cards::melds::Face::Joker => c.wilds += 1,
            }
        }
        c
    }

    fn has(&self, suit: usize, place: isize) -> bool {
        (0..14).contains(&place) && self.by[suit][place as usize] > 0
    }

    /// What the card at `rank` of `suit` is worth to the hand.
    fn worth(&self, suit: usize, rank: u8) -> f64 {
        let places: &[isize] = if rank == 0 { &[0, 13] } else { &[rank as isize] };
        let mut best: f64 = 0.0;
        for &p in places {
            let h = |d: isize| self.has(suit, p + d);
            let run = (h(-2) && h(-1)) || (h(-1) && h(1)) || (h(1) && h(2));
            let others = (0..4)
                .filter(|&t| t != suit && self.by[t][usize::from(rank)] > 0)
                .count();
            if run || others >= 2 {
                best = best.max(GROUPED);
                continue;
            }
            let near = NEXT * f64::from(u8::from(h(-1)) + u8::from(h(1)))
                + GAP * f64::from(u8::from(h(-2)) + u8::from(h(2)))
                + MATE * others as f64;
            best = best.max(near);
        }
        best
    }
}

/// The quick policy's discard from `hand` (fourteen cards), not of the
/// face of `taken`: the least worth, the higher card among equals, never
/// a wild card unless only wild cards are left.
pub fn discard(hand: Cards, wild: u8, taken: Option<CardId>) -> CardId {
    let counts = Counts::of(hand, wild);
    let keep = taken.map(face);
    let mut best: Option<(f64, CardId)> = None;
    for c in distinct(hand).filter(|&c| Some(face(c)) != keep) {
        let worth = match face(c) {
            tabula_cards::melds::Face::Suited { rank, suit } if rank != wild => {
                counts.worth(suit as usize, rank) - f64::from(value(wild, face(c))) / 20.0
            }
            _ => 1000.0,
        };
        if best.is_none_or(|(b, _)| worth < b) {
            best = Some((worth, c));
        }
    }
    best.expect("a card to discard").1
}

/// Whether the quick policy takes `open` into `hand`: a wild card, or one
/// that groups at once.
pub fn takes(hand: Cards, wild: u8, open: CardId) -> bool {
    match face(open) {
        tabula_cards::melds::Face::Suited { rank, suit } if rank != wild => {
            Counts::of(hand | Cards::of(open), wild).worth(suit as usize, rank) >= GROUPED
        }
        _ => true,
    }
}

/// The quick policy's action at a discard: a valid show on the card it
/// would throw when at most one card is ungrouped (the solver decides),
/// else that discard.
pub fn finish(solvers: &mut Solvers, hand: Cards, wild: u8, taken: Option<CardId>) -> Action {
    let card = discard(hand, wild, taken);
    let left = hand - Cards::of(card);
    let counts = Counts::of(left, wild);
    let loose = distinct(left)
        .filter(|&c| match face(c) {
            tabula_cards::melds::Face::Suited { rank, suit } if rank != wild => {
                counts.worth(suit as usize, rank) < GROUPED
            }
            _ => false,
        })
        .count();
    if loose <= usize::from(counts.wilds) + 1 && solvers.valid(wild, &faces(left)) {
        Action::Declare(card)
    } else {
        Action::Discard(card)
    }
}
