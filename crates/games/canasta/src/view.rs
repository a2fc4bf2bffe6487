//! What a page draws of a Canasta table for one player, from its
//! observation alone: its hand grouped by rank, both sides' melds and red
//! threes, the discard pile (its top, its size, whether it is frozen, and
//! every card of it), the stock, the initial meld minimums, the scores,
//! and the last hand's count.

use serde::Serialize;
use tabula_search::{Seat, Turn};

use crate::cards::{Cards, Kind, RANKS, THREE, kind, meld_rank, name, rank_name};
use crate::melding::MeldCount;
use crate::observation::Observation;
use crate::rules::winners;
use crate::state::{Ending, HandResult, Permission, Phase, SEATS, SideCount};

/// A player's view of the table. Cards are named like `7♥`, `10♣`, `Jk`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CanastaView {
    /// The observing player.
    pub seat: u8,
    /// Its side (0: seats 0 and 2; 1: seats 1 and 3).
    pub side: u8,
    /// `deal`, `replace`, `draw`, `stock`, `opening`, `play`, `answer` or `over`.
    pub phase: &'static str,
    /// The player to act; `null` at chance's turns and at the end.
    pub to_move: Option<Seat>,
    /// The player's hand, by rank: natural ranks in order, black threes,
    /// then the wild cards.
    pub hand: Vec<Group>,
    /// Both sides.
    pub sides: Vec<SideView>,
    /// Every player, in seat order.
    pub seats: Vec<SeatView>,
    /// The discard pile, bottom first.
    pub pile: Vec<String>,
    /// Its top card; `null` when it is empty.
    pub top: Option<String>,
    /// Whether the pile is frozen for everyone (a wild card or a red three in it).
    pub frozen: bool,
    /// Whether the pile is frozen for the player's side (for everyone, or
    /// its initial meld not made).
    pub frozen_for_you: bool,
    /// Cards left in the stock.
    pub stock: u8,
    /// The worth the player to act melded this turn.
    pub turn_value: u16,
    /// `none`, `asked`, `yes` or `no`: the request to go out this turn.
    pub asked: Permission,
    /// Whether going out needs the partner's permission.
    pub permission: bool,
    /// The dealer.
    pub dealer: u8,
    /// The hand in progress, from 1.
    pub deal_no: u32,
    /// The score that ends the match.
    pub target: u32,
    /// The last hand's count; `null` before the first ends.
    pub last: Option<LastHand>,
    /// The match's winners (seats), once it is over; else `null`.
    pub winners: Option<Vec<usize>>,
}

/// Cards of one rank in a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Group {
    /// `A`, `4` … `K`, `3` (black threes) or `wild`.
    pub rank: &'static str,
    /// The cards.
    pub cards: Vec<String>,
}

/// A meld on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MeldView {
    /// Its rank's name (`3`: black threes).
    pub rank: &'static str,
    /// Its cards, natural first.
    pub cards: Vec<String>,
    /// Natural cards.
    pub naturals: u8,
    /// Wild cards.
    pub wilds: u8,
    /// `natural` or `mixed` once it is a canasta; else `null`.
    pub canasta: Option<&'static str>,
}

/// A side as every player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    /// Its seats.
    pub seats: [u8; 2],
    /// Its melds, by rank.
    pub melds: Vec<MeldView>,
    /// Its red threes.
    pub reds: Vec<String>,
    /// Whether it has made its initial meld.
    pub opened: bool,
    /// Its initial meld's minimum (on its score).
    pub minimum: u32,
    /// Its score.
    pub score: i32,
}

/// One player as every player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// Cards in hand.
    pub count: u8,
    /// The cards it took with the pile and still holds.
    pub known: Vec<String>,
    /// Its red threes.
    pub reds: Vec<String>,
}

/// A finished hand as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastHand {
    /// `went_out`, `concealed` or `stock_out`.
    pub ending: Ending,
    /// Who went out.
    pub out: Option<u8>,
    /// Each side's count.
    pub sides: [SideCount; 2],
    /// Every hand at the end.
    pub hands: Vec<Vec<String>>,
}

fn names(cards: Cards) -> Vec<String> {
    cards.iter().map(name).collect()
}

/// A hand grouped by rank.
pub fn groups(hand: Cards) -> Vec<Group> {
    let mut out = Vec::new();
    for r in crate::cards::NATURAL_RANKS.into_iter().chain([THREE]) {
        let cards: Vec<String> = hand.iter().filter(|&c| meld_rank(c) == Some(r)).map(name).collect();
        if !cards.is_empty() {
            out.push(Group {
                rank: rank_name(r),
                cards,
            });
        }
    }
    let wild: Vec<String> = hand
        .iter()
        .filter(|&c| matches!(kind(c), Kind::Two | Kind::Joker))
        .map(name)
        .collect();
    if !wild.is_empty() {
        out.push(Group {
            rank: "wild",
            cards: wild,
        });
    }
    out
}

impl CanastaView {
    /// The view of observation `o`.
    pub fn of(o: &Observation) -> CanastaView {
        let sit = o.situation();
        let sides = (0..2)
            .map(|d| {
                let melds = (0..RANKS)
                    .filter(|&r| !o.melds[d][r].is_empty())
                    .map(|r| {
                        let m = o.melds[d][r];
                        let c = MeldCount::of(m);
                        let natural: Cards = m.iter().filter(|&x| meld_rank(x).is_some()).collect();
                        let mut cards = names(natural);
                        cards.extend(names(m - natural));
                        MeldView {
                            rank: rank_name(r as u8),
                            cards,
                            naturals: c.naturals,
                            wilds: c.wilds,
                            canasta: c.is_canasta().then_some(if c.wilds == 0 { "natural" } else { "mixed" }),
                        }
                    })
                    .collect();
                SideView {
                    seats: [d as u8, d as u8 + 2],
                    melds,
                    reds: names(o.reds[d] | o.reds[d + 2]),
                    opened: o.opened >> d & 1 == 1,
                    minimum: o.options.minimum(o.scores[d]),
                    score: o.scores[d],
                }
            })
            .collect();
        let phase = if o.over {
            "over"
        } else {
            match o.phase {
                Phase::Deal => "deal",
                Phase::Replace => "replace",
                Phase::Draw => "draw",
                Phase::StockDraw => "stock",
                Phase::Opening => "opening",
                Phase::Play => "play",
                Phase::Answer => "answer",
            }
        };
        CanastaView {
            seat: o.seat,
            side: o.side() as u8,
            phase,
            to_move: match o.turn() {
                Turn::Seat(k) => Some(k),
                _ => None,
            },
            hand: groups(o.hand),
            sides,
            seats: (0..SEATS)
                .map(|k| SeatView {
                    count: o.counts[k],
                    known: names(o.known[k]),
                    reds: names(o.reds[k]),
                })
                .collect(),
            pile: o.pile.iter().map(|&c| name(c)).collect(),
            top: o.pile.last().map(|&c| name(c)),
            frozen: sit.frozen(),
            frozen_for_you: sit.frozen_for_side(),
            stock: o.stock,
            turn_value: o.turn_value,
            asked: o.asked,
            permission: o.options.permission,
            dealer: o.dealer,
            deal_no: if o.over { o.deal_no } else { o.deal_no + 1 },
            target: o.options.end_score,
            last: o.last.as_ref().map(last_hand),
            winners: o.over.then(|| winners(&o.scores)),
        }
    }
}

/// A finished hand's view.
pub fn last_hand(r: &HandResult) -> LastHand {
    LastHand {
        ending: r.ending,
        out: r.out,
        sides: r.sides,
        hands: r.hands.iter().map(|&h| names(h)).collect(),
    }
}
