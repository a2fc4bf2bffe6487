//! What a page draws of a Gin Rummy table for one seat, from its
//! observation alone: its hand arranged in its best melds, the pile and
//! the stock, what it knows of the other hand, the knock limit, the
//! discards that make gin, and the last hand as laid down.

use serde::Serialize;
use tabula_cards::CardSet;
use tabula_cards::melds::Partition;
use tabula_search::{Seat, Turn};

use crate::cards::name;
use crate::melds::{best_partition, deadwood};
use crate::observation::Observation;
use crate::options::GinOptions;
use crate::score::knock_limit;
use crate::state::{Ending, HandResult, Phase, SEATS};

/// A seat's view of the table. Cards are named like `7♣`, ace low.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GinView {
    /// The observing seat.
    pub seat: u8,
    /// `deal`, `offer` (the first upcard offered), `draw`, `stock` (the
    /// stock's card on its way), `discard` or `over`.
    pub phase: &'static str,
    /// The seat to act; `null` at a deal and at the end.
    pub to_move: Option<Seat>,
    /// The seat's cards in their best arrangement.
    pub hand: Arrangement,
    /// The card just taken from the pile (it may not be discarded at
    /// once); else `null`.
    pub taken: Option<String>,
    /// The pile's top card; `null` when it is empty.
    pub pile_top: Option<String>,
    /// Cards in the pile.
    pub pile_size: usize,
    /// Cards left in the stock.
    pub stock: u8,
    /// Cards the other seat holds.
    pub other_count: u8,
    /// The cards the other seat took from the pile and still holds.
    pub other_known: Vec<String>,
    /// The most deadwood a knock may leave this hand.
    pub knock_limit: u32,
    /// With eleven cards, the discards after which every card is in a
    /// meld (a knock on one is gin): the page marks those knocks without
    /// a meld search.
    pub gin_discards: Vec<String>,
    /// The dealer.
    pub dealer: u8,
    /// The hand, from 1.
    pub hand_no: u32,
    /// Each seat's points.
    pub scores: [u32; SEATS],
    /// Each seat's hands won (boxes).
    pub boxes: [u32; SEATS],
    /// The score that ends the match.
    pub end_score: u32,
    /// The last hand as laid down; `null` before the first ends.
    pub last: Option<LastHand>,
    /// The match's totals with the bonuses, once it is over; else `null`.
    pub totals: Option<[u32; SEATS]>,
}

/// Cards arranged in melds and deadwood.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Arrangement {
    /// Each meld's cards, in order.
    pub melds: Vec<Vec<String>>,
    /// The cards in no meld.
    pub deadwood: Vec<String>,
    /// The deadwood's points.
    pub points: u32,
}

/// A finished hand as laid down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastHand {
    /// How it ended (`knock`, `undercut`, `gin`, `big_gin`, `dead`).
    pub ending: Ending,
    /// The seat that knocked; `null` when nobody did.
    pub knocker: Option<u8>,
    /// The seat that won it; `null` for a dead hand.
    pub winner: Option<u8>,
    /// The points it scored.
    pub points: u32,
    /// Each seat's arrangement (the defender's without the cards it laid
    /// off).
    pub hands: Vec<Arrangement>,
    /// Each seat's deadwood, the defender's after its layoffs.
    pub deadwood: [u32; SEATS],
    /// The cards the defender laid off.
    pub laid_off: Vec<String>,
}

fn names(set: CardSet) -> Vec<String> {
    set.iter().map(name).collect()
}

impl Arrangement {
    /// A partition as the page shows it.
    pub fn of(p: &Partition) -> Self {
        Arrangement {
            melds: p.melds().iter().map(|m| names(m.cards())).collect(),
            deadwood: names(p.deadwood()),
            points: p.deadwood_points(),
        }
    }
}

impl LastHand {
    /// A hand's result as laid down: each seat's arrangement (the
    /// defender's after its layoffs), the cards laid off, the score.
    pub fn of(r: &HandResult) -> Self {
        LastHand {
            ending: r.ending,
            knocker: r.knocker,
            winner: r.winner,
            points: r.points,
            hands: (0..SEATS)
                .map(|s| Arrangement::of(&best_partition(r.hands[s] - r.laid_off)))
                .collect(),
            deadwood: r.deadwood,
            laid_off: names(r.laid_off),
        }
    }
}

fn phase_name(o: &Observation) -> &'static str {
    match o.turn() {
        Turn::Terminal => "over",
        _ => match o.phase {
            Phase::Deal => "deal",
            Phase::Offer => "offer",
            Phase::Draw => "draw",
            Phase::StockDraw => "stock",
            Phase::Discard => "discard",
        },
    }
}

impl GinView {
    /// The view of a seat's observation under `options`.
    pub fn of(options: &GinOptions, o: &Observation) -> Self {
        GinView {
            seat: o.seat,
            phase: phase_name(o),
            to_move: o.turn().seat(),
            hand: Arrangement::of(&best_partition(o.hand)),
            taken: o.taken.map(name),
            pile_top: o.pile.last().copied().map(name),
            pile_size: o.pile.len(),
            stock: o.stock,
            other_count: o.other_count,
            other_known: names(o.other_known),
            knock_limit: knock_limit(options, o.upcard),
            gin_discards: o
                .hand
                .iter()
                .filter(|&c| o.hand.len() == 11 && deadwood(o.hand - CardSet::of(c)) == 0)
                .map(name)
                .collect(),
            dealer: o.dealer,
            hand_no: o.hand_no + 1,
            scores: o.scores,
            boxes: o.boxes,
            end_score: options.end_score,
            last: o.last.as_ref().map(LastHand::of),
            totals: o.totals,
        }
    }
}
