//! What a page draws of a Pinochle table for one seat, from its
//! observation alone: its hand sorted as a person sorts it, the auction,
//! the trump, the pass it took part in, each seat's meld with its points,
//! the trick in progress, the counters taken, and the score sheet.

use serde::Serialize;
use tabula_cards::CardSet;
use tabula_cards::tricks::PlayedCard;
use tabula_search::Seat;

use crate::cards::{SEATS, SIDES, SUIT_NAMES, SUIT_SIGNS, counters, name, sorted};
use crate::melds::count_melds;
use crate::observation::Observation;
use crate::score::{HandScore, LAST_TRICK};
use crate::state::{ALL_SEATS, Phase};

/// The sides' names.
pub const SIDE_NAMES: [&str; SIDES] = ["South–North", "West–East"];

/// A card list's names, sorted as a person sorts a hand.
pub fn card_names(set: CardSet) -> Vec<String> {
    sorted(set).into_iter().map(name).collect()
}

/// One meld as the page lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MeldLine {
    /// Its name: `run`, `marriage ♣`, `aces around`.
    pub name: String,
    /// Its points.
    pub points: u16,
}

/// A seat's meld, laid down after the pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatMeld {
    /// The points.
    pub points: u16,
    /// The melds.
    pub melds: Vec<MeldLine>,
    /// The cards shown.
    pub cards: Vec<String>,
    /// The cards shown that the seat still holds.
    pub held: Vec<String>,
}

/// A seat's view of the table. Cards are named like `A♠` and `10♥`;
/// seats are South 0, West 1, North 2, East 3, partners opposite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PinochleView {
    /// The observing seat.
    pub seat: u8,
    /// `deal`, `bid`, `trump`, `give`, `play` or `over`.
    pub phase: Phase,
    /// The seat's cards, sorted ♠ ♥ ♣ ♦, each suit from its highest.
    pub hand: Vec<String>,
    /// The cards each seat holds.
    pub counts: Vec<usize>,
    /// The hand, from 1.
    pub hand_no: u32,
    /// The dealer.
    pub dealer: usize,
    /// Each seat's last bid; `null` before it bids.
    pub bids: [Option<u16>; SEATS],
    /// Whether each seat has passed in the auction.
    pub passed: [bool; SEATS],
    /// The high bid so far; `null` before the first.
    pub high: Option<u16>,
    /// The seat of the high bid.
    pub high_seat: Option<u8>,
    /// The lowest opening bid.
    pub min_bid: u16,
    /// The auction's winner.
    pub declarer: Option<u8>,
    /// The trump suit's sign (`♥`), once named.
    pub trump: Option<&'static str>,
    /// The trump suit's name (`hearts`).
    pub trump_name: Option<&'static str>,
    /// Cards passed each way.
    pub pass: u8,
    /// The seat passing cards now.
    pub giver: Option<Seat>,
    /// The cards this seat passed.
    pub gave: Vec<String>,
    /// The cards this seat received.
    pub got: Vec<String>,
    /// Each seat's meld, once laid down.
    pub melds: Option<Vec<SeatMeld>>,
    /// The seat that led the trick in progress.
    pub leader: u8,
    /// The trick in progress, in the order played.
    pub trick: Vec<PlayedCard>,
    /// The seat to act; `null` at a deal and at the end.
    pub to_move: Option<Seat>,
    /// Tricks finished this hand.
    pub tricks: u8,
    /// The tricks each seat won this hand.
    pub tricks_won: [u8; SEATS],
    /// The counters each side took this hand (the last trick's 10 once
    /// taken).
    pub counters: [u16; SIDES],
    /// The sides' names.
    pub sides: [&'static str; SIDES],
    /// Each side's match score.
    pub scores: [i32; SIDES],
    /// The last finished hand; `null` before the first ends.
    pub last_hand: Option<HandScore>,
    /// The score that ends the match.
    pub end_score: u32,
    /// The side that won the match.
    pub winner: Option<u8>,
}

impl PinochleView {
    /// The view of a seat's observation.
    pub fn of(o: &Observation) -> Self {
        let p = &o.public;
        let phase = p.phase();
        let played = p.tricks.all_played();
        let melds = (matches!(phase, Phase::Play | Phase::Over) && p.declarer.is_some())
            .then(|| {
                let trump = p.trump?;
                Some(
                    (0..SEATS)
                        .map(|s| {
                            let m = count_melds(p.shown[s], trump);
                            SeatMeld {
                                points: p.melds[s],
                                melds: m
                                    .melds()
                                    .iter()
                                    .map(|x| MeldLine {
                                        name: x.name(),
                                        points: x.points(),
                                    })
                                    .collect(),
                                cards: card_names(p.shown[s]),
                                held: card_names(p.shown[s] - played),
                            }
                        })
                        .collect(),
                )
            })
            .flatten();
        let counters = std::array::from_fn(|side| {
            let last = p.tricks.done == crate::cards::TRICKS && usize::from(p.tricks.leader) % 2 == side;
            counters(p.tricks.taken[side] | p.tricks.taken[side + 2]) + if last { LAST_TRICK } else { 0 }
        });
        PinochleView {
            seat: o.seat,
            phase,
            hand: card_names(o.hand),
            counts: (0..SEATS).map(|s| o.hand_size(s)).collect(),
            hand_no: p.hand_no + 1,
            dealer: p.dealer(),
            bids: p.bids.map(|b| (b > 0).then_some(b)),
            passed: std::array::from_fn(|s| p.out >> s & 1 == 1),
            high: (p.high > 0).then_some(p.high),
            high_seat: (p.high > 0).then_some(p.high_seat),
            min_bid: p.options.min_bid,
            declarer: p.declarer,
            trump: p.trump.map(|t| SUIT_SIGNS[usize::from(t)]),
            trump_name: p.trump.map(|t| SUIT_NAMES[usize::from(t)]),
            pass: p.options.pass,
            giver: p.giver(),
            gave: card_names(o.gave),
            got: card_names(o.got),
            melds,
            leader: p.tricks.leader,
            trick: p.tricks.trick_view(ALL_SEATS, name),
            to_move: p.turn().seat(),
            tricks: p.tricks.done,
            tricks_won: p.tricks.taken.map(|t| (t.len() / SEATS) as u8),
            counters,
            sides: SIDE_NAMES,
            scores: p.scores,
            last_hand: p.last_hand,
            end_score: p.options.end_score,
            winner: p.winner,
        }
    }
}
