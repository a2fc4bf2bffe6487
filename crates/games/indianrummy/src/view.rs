//! What a page draws of an Indian Rummy table for one player, from its
//! observation alone: its hand arranged in groups, the cut joker and the
//! wild rank, the open pile and the closed deck, each player's count, the
//! cards it took from the pile and its standing, the discards that make a
//! valid show, the drop's cost, the scores, and the last deal as shown.

use serde::Serialize;
use tabula_cards::melds::{FaceHand, MeldKind, Melding};
use tabula_search::{Seat, Turn};

use crate::cards::{Cards, faces, name};
use crate::observation::Observation;
use crate::options::{Format, IndianOptions};
use crate::score::{Solvers, wild_rank};
use crate::state::{DealResult, Ending, Phase, Status};

/// A player's view of the table. Cards are named like `7♥`, `10♣`, `Jk`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IndianView {
    /// The observing player.
    pub seat: u8,
    /// Players at the table.
    pub players: u8,
    /// `deal`, `draw`, `stock` (the closed deck's card on its way),
    /// `discard` or `over`.
    pub phase: &'static str,
    /// The player to act; `null` at a deal and at the end.
    pub to_move: Option<Seat>,
    /// The player's cards in their best arrangement.
    pub hand: Arrangement,
    /// The cut joker; `null` before it is turned.
    pub cut: Option<String>,
    /// The wild rank's name (`A`, `2` … `K`); `null` before the cut.
    pub wild: Option<&'static str>,
    /// The card just taken from the open pile (not to be discarded at
    /// once); else `null`.
    pub taken: Option<String>,
    /// The open pile's top card; `null` when it is empty.
    pub open: Option<String>,
    /// Cards in the open pile.
    pub pile_size: usize,
    /// Cards left in the closed deck.
    pub stock: u8,
    /// Whether the open pile has been turned into the closed deck this deal.
    pub reshuffled: bool,
    /// Every player, in seat order.
    pub seats: Vec<SeatView>,
    /// With fourteen cards, the cards whose finish leaves a valid show.
    pub declares: Vec<String>,
    /// What dropping costs now, on the player's draw; else `null`.
    pub drop_cost: Option<u32>,
    /// The dealer.
    pub dealer: u8,
    /// The deal in progress, from 1 (once the match is over, the last
    /// one played).
    pub deal_no: u32,
    /// `points`, `pool101`, `pool201` or `deals`.
    pub format: Format,
    /// The deals of a points or deals match; `null` in a pool.
    pub deals: Option<u32>,
    /// The pool's limit; `null` outside a pool.
    pub pool_limit: Option<u32>,
    /// The last deal as shown; `null` before the first ends.
    pub last: Option<LastDeal>,
    /// The match's winners, once it is over; else `null`.
    pub winners: Option<Vec<usize>>,
}

/// One player as every player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// Cards in hand.
    pub count: u8,
    /// The cards it took from the open pile and still holds.
    pub known: Vec<String>,
    /// `in`, `first_drop`, `middle_drop`, `wrong` or `out`.
    pub status: Status,
    /// A wrong declarer's shown hand, arranged; else `null`.
    pub shown: Option<Arrangement>,
    /// Its score (net points, penalty points in a pool, chips).
    pub score: i32,
    /// Whether it rejoined the pool.
    pub rejoined: bool,
}

/// Cards arranged in groups and the cards left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Arrangement {
    /// Each group.
    pub groups: Vec<Group>,
    /// The cards in no group.
    pub deadwood: Vec<String>,
    /// What the hand counts as it stands (every card when it lacks two
    /// sequences with one pure; at most 80).
    pub points: u32,
    /// Whether the groups hold two sequences, one pure.
    pub lives: bool,
}

/// A group of an arrangement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Group {
    /// `pure` (a sequence without wild cards), `sequence` or `set`.
    pub kind: &'static str,
    /// The natural cards in order, then the wild cards standing in it.
    pub cards: Vec<String>,
    /// How many of the cards (the last ones) stand as wild cards.
    pub wilds: usize,
}

/// A finished deal as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastDeal {
    /// `declared`, `last_in` or `stock_out`.
    pub ending: Ending,
    /// Who won it.
    pub winner: u8,
    /// The deal's wild rank (`A`, `2` … `K`).
    pub wild: &'static str,
    /// The card on the finish slot; `null` without a show.
    pub finish: Option<String>,
    /// Each player's points for the deal.
    pub points: Vec<u32>,
    /// Each player's score change.
    pub change: Vec<i32>,
    /// Each player's standing at the end.
    pub status: Vec<Status>,
    /// Each hand shown, arranged; `null` for a hand not shown.
    pub shown: Vec<Option<Arrangement>>,
    /// The players put out of the pool by the deal.
    pub put_out: Vec<usize>,
    /// The players who rejoined after it.
    pub rejoined: Vec<usize>,
}

/// The names of the ranks, ace first.
pub const RANK_NAMES: [&str; 13] = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

fn names(cards: Cards) -> Vec<String> {
    cards.iter().map(name).collect()
}

fn face_names(hand: &FaceHand) -> impl Iterator<Item = String> + '_ {
    hand.iter().map(|f| f.to_string())
}

impl Arrangement {
    /// The best arrangement of `cards` when `wild` is the wild rank
    /// (`None` before the cut: nothing is wild but the jokers, taken as
    /// the aces' rank for arranging).
    pub fn of(solvers: &mut Solvers, wild: Option<u8>, cards: Cards) -> Arrangement {
        let hand = faces(cards);
        let w = wild.unwrap_or(0);
        let (m, points, lives) = solvers.shown(w, &hand);
        Arrangement::from_melding(&m, points, lives)
    }

    fn from_melding(m: &Melding, points: u32, lives: bool) -> Arrangement {
        let groups = m
            .melds()
            .iter()
            .map(|g| {
                let mut cards: Vec<String> = face_names(g.naturals()).collect();
                // An ace above the king goes last.
                if g.run_span().is_some_and(|(_, low, high)| high == 13 && low > 0) && !cards.is_empty() {
                    cards.rotate_left(1);
                }
                let wilds = g.wilds().len();
                cards.extend(face_names(g.wilds()));
                let kind = match g.kind() {
                    MeldKind::Set => "set",
                    MeldKind::Run if g.is_pure() => "pure",
                    MeldKind::Run => "sequence",
                };
                Group { kind, cards, wilds }
            })
            .collect();
        Arrangement {
            groups,
            deadwood: face_names(m.deadwood()).collect(),
            points,
            lives,
        }
    }
}

impl LastDeal {
    /// A finished deal as shown.
    pub fn of(solvers: &mut Solvers, r: &DealResult, wild: Option<u8>, players: usize) -> Self {
        let seats = |mask: u8| (0..players).filter(|&k| mask >> k & 1 == 1).collect();
        LastDeal {
            ending: r.ending,
            winner: r.winner,
            wild: RANK_NAMES[usize::from(r.wild)],
            finish: r.finish.map(name),
            points: r.points[..players].to_vec(),
            change: r.change[..players].to_vec(),
            status: r.status[..players].to_vec(),
            shown: r.shown[..players]
                .iter()
                .map(|&h| (!h.is_empty()).then(|| Arrangement::of(solvers, wild, h)))
                .collect(),
            put_out: seats(r.put_out),
            rejoined: seats(r.rejoined),
        }
    }
}

fn phase_name(o: &Observation) -> &'static str {
    match o.turn() {
        Turn::Terminal => "over",
        _ => match o.phase {
            Phase::Deal => "deal",
            Phase::Draw => "draw",
            Phase::StockDraw => "stock",
            Phase::Discard => "discard",
        },
    }
}

impl IndianView {
    /// The view of a player's observation under `options`.
    pub fn of(options: &IndianOptions, o: &Observation) -> Self {
        let mut solvers = Solvers::default();
        let wild = o.cut.map(wild_rank);
        let n = o.players();
        let me = usize::from(o.seat);
        let my_turn = o.turn() == Turn::Seat(me);
        let declares = match (my_turn && o.phase == Phase::Discard, wild) {
            (true, Some(w)) => crate::cards::distinct(o.hand)
                .filter(|&c| solvers.valid(w, &faces(o.hand - Cards::of(c))))
                .map(name)
                .collect(),
            _ => Vec::new(),
        };
        let (first, middle) = options.drop_costs();
        IndianView {
            seat: o.seat,
            players: o.players,
            phase: phase_name(o),
            to_move: o.turn().seat(),
            hand: Arrangement::of(&mut solvers, wild, o.hand),
            cut: o.cut.map(name),
            wild: wild.map(|w| RANK_NAMES[usize::from(w)]),
            taken: o.taken.map(name),
            open: o.pile.last().copied().map(name),
            pile_size: o.pile.len(),
            stock: o.stock,
            reshuffled: o.reshuffled,
            seats: (0..n)
                .map(|k| SeatView {
                    count: o.counts[k],
                    known: names(o.known[k]),
                    status: o.status[k],
                    shown: (!o.shown[k].is_empty()).then(|| Arrangement::of(&mut solvers, wild, o.shown[k])),
                    score: o.scores[k],
                    rejoined: o.rejoined >> k & 1 == 1,
                })
                .collect(),
            declares,
            drop_cost: (my_turn && o.phase == Phase::Draw).then(|| if o.drew >> me & 1 == 1 { middle } else { first }),
            dealer: o.dealer,
            deal_no: if o.over { o.deal_no } else { o.deal_no + 1 },
            format: options.format,
            deals: options.match_deals(),
            pool_limit: options.pool_limit(),
            last: o.last.as_ref().map(|r| LastDeal::of(&mut solvers, r, Some(r.wild), n)),
            winners: o
                .over
                .then(|| crate::rules::winners(options, &o.status[..n], &o.scores[..n])),
        }
    }
}
