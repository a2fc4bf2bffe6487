//! What a page draws of a Dou Dizhu table for one seat, from its
//! observation alone: its hand low to high, the bidding, the landlord and
//! the kitty, the combination to beat, what each seat played this deal,
//! the multiplier, the scores and the last deal's result.

use serde::Serialize;
use tabula_cards::CardSet;
use tabula_search::{Seat, Turn};

use crate::cards::{name, rank, rank_name, ranks_text};
use crate::combo::{Combo, Kind};
use crate::observation::Observation;
use crate::options::DdzOptions;
use crate::state::{DealResult, Phase, SEATS};

/// A seat's view of the table. Cards are named like `3♣`, `10♥`, `SJ` and
/// `BJ` (the jokers); ranks like `3`, `10`, `A`, `2`, `SJ`, `BJ`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DdzView {
    /// The observing seat.
    pub seat: u8,
    /// `deal`, `bid`, `play` or `over`.
    pub phase: &'static str,
    /// The seat to act; `null` at a deal and at the end.
    pub to_move: Option<Seat>,
    /// The seat's cards, low to high.
    pub hand: Vec<HandCard>,
    /// The cards in each hand.
    pub counts: [u8; SEATS],
    /// The landlord; `null` during the bidding.
    pub landlord: Option<u8>,
    /// Each seat's bid: `null` before it bids, 0 a pass, 1 to 3.
    pub bids: [Option<u8>; SEATS],
    /// The highest bid.
    pub bid: u8,
    /// The seat that bids first.
    pub first: u8,
    /// The kitty, once the landlord has it; else `null`.
    pub kitty: Option<Vec<String>>,
    /// Bombs and rockets played this deal.
    pub bombs: u8,
    /// The stake now: the bid (at least 1) doubled per bomb and rocket.
    pub multiplier: i64,
    /// The combination to beat; `null` when the seat to act leads.
    pub last: Option<LastPlay>,
    /// Passes since it was played.
    pub passes: u8,
    /// The cards each seat played this deal.
    pub played: Vec<Vec<String>>,
    /// The deal, from 1.
    pub deal: u32,
    /// Deals in the match.
    pub deals: u32,
    /// Each seat's score.
    pub scores: [i64; SEATS],
    /// The last deal's result; `null` before the first ends.
    pub last_deal: Option<DealView>,
    /// Whether the match is over.
    pub over: bool,
}

/// A card of the hand with its rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandCard {
    /// The card (`6♥`).
    pub card: String,
    /// Its rank (`6`).
    pub rank: &'static str,
}

/// The combination to beat and who played it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastPlay {
    /// The seat that played it.
    pub seat: u8,
    /// Its kind (`pair`, `straight`, `bomb`…).
    pub kind: Kind,
    /// It in words: `pair chain 3 3 4 4 5 5`.
    pub text: String,
    /// Its ranks, low to high: `3 3 4 4 5 5`.
    pub ranks: String,
}

/// A finished deal's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealView {
    /// The landlord.
    pub landlord: u8,
    /// Whether the landlord won.
    pub landlord_won: bool,
    /// The winning bid.
    pub bid: u8,
    /// Bombs and rockets played.
    pub bombs: u8,
    /// A spring: the peasants played no card.
    pub spring: bool,
    /// An anti-spring: the landlord played only its first lead.
    pub anti_spring: bool,
    /// The stake.
    pub stake: i64,
    /// Each seat's points.
    pub points: [i64; SEATS],
    /// The cards left in each hand.
    pub left: Vec<Vec<String>>,
}

fn card_names(set: CardSet) -> Vec<String> {
    set.iter().map(name).collect()
}

/// A combination in words: `pair chain 3 3 4 4 5 5`.
pub fn combo_text(c: &Combo) -> String {
    format!("{} {}", c.kind.name(), ranks_text(c.cards))
}

/// The stake now: the bid (at least 1) doubled per bomb and rocket.
pub fn stake_now(o: &Observation) -> i64 {
    i64::from(o.bid.max(1)) << o.bombs
}

fn phase_name(o: &Observation) -> &'static str {
    match o.turn() {
        Turn::Terminal => "over",
        _ => match o.phase {
            Phase::Deal => "deal",
            Phase::Bid => "bid",
            Phase::Play => "play",
        },
    }
}

impl DealView {
    /// A deal's result as the page shows it.
    pub fn of(d: &DealResult) -> Self {
        DealView {
            landlord: d.landlord,
            landlord_won: d.landlord_won,
            bid: d.bid,
            bombs: d.bombs,
            spring: d.spring,
            anti_spring: d.anti_spring,
            stake: d.stake,
            points: d.points,
            left: d.left.iter().map(|&h| card_names(h)).collect(),
        }
    }
}

impl DdzView {
    /// The view of a seat's observation under `options`.
    pub fn of(options: &DdzOptions, o: &Observation) -> Self {
        DdzView {
            seat: o.seat,
            phase: phase_name(o),
            to_move: o.turn().seat(),
            hand: o
                .hand
                .iter()
                .map(|c| HandCard {
                    card: name(c),
                    rank: rank_name(rank(c)),
                })
                .collect(),
            counts: o.counts,
            landlord: o.landlord,
            bids: o.bids,
            bid: o.bid,
            first: o.first,
            kitty: (!o.kitty.is_empty()).then(|| card_names(o.kitty)),
            bombs: o.bombs,
            multiplier: stake_now(o),
            last: o.last.map(|(by, c)| LastPlay {
                seat: by,
                kind: c.kind,
                text: combo_text(&c),
                ranks: ranks_text(c.cards).to_string(),
            }),
            passes: o.passes,
            played: o.played.iter().map(|&p| card_names(p)).collect(),
            deal: (o.deal_no + 1).min(options.match_deals),
            deals: options.match_deals,
            scores: o.scores,
            last_deal: o.last_deal.as_ref().map(DealView::of),
            over: o.over,
        }
    }
}
