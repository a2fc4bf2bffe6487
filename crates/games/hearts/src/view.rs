//! What a page draws of a Hearts table for one seat, from its observation
//! alone: its hand sorted as a person sorts it, the pass, the trick in
//! progress, the points taken and the scores.

use serde::Serialize;
use tabula_cards::CardSet;
use tabula_cards::french::Suit;
use tabula_cards::tricks::{PlayedCard, all_active};
use tabula_search::{Seat, Turn};

use crate::cards::{name, points, suit_cards};
use crate::observation::Observation;
use crate::options::HeartsOptions;
use crate::state::{SEATS, pass_offset};

/// A seat's view of the table. Cards are named like `Q♠` and `10♥`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeartsView {
    /// The observing seat.
    pub seat: u8,
    /// `deal`, `pass`, `play`, `moon` (a shooter chooses how its moon
    /// counts) or `over`.
    pub phase: &'static str,
    /// The seat's cards, sorted ♣ ♦ ♠ ♥, low to high.
    pub hand: Vec<String>,
    /// The cards each seat holds.
    pub counts: Vec<usize>,
    /// The hand, from 1.
    pub hand_no: u32,
    /// The passing of this hand, as the seat knows it.
    pub pass: PassView,
    /// The seat that led the trick in progress.
    pub leader: u8,
    /// The trick in progress, in the order played.
    pub trick: Vec<PlayedCard>,
    /// The seat to act; `null` at a deal and at the end.
    pub to_move: Option<Seat>,
    /// Tricks finished this hand.
    pub tricks: u8,
    /// The points each seat took this hand.
    pub taken_points: Vec<i32>,
    /// The tricks each seat won this hand.
    pub tricks_won: Vec<usize>,
    /// Whether hearts are broken.
    pub broken: bool,
    /// Each seat's match score.
    pub scores: [i32; SEATS],
    /// Each seat's points in the last finished hand.
    pub last_hand: [i32; SEATS],
    /// The score that ends the match.
    pub end_score: u32,
    /// The seat choosing how its moon counts; `null` otherwise.
    pub moon: Option<u8>,
}

/// The passing of a hand, as one seat knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PassView {
    /// `left`, `right`, `across` or `none`.
    pub direction: &'static str,
    /// Which seats have chosen their pass.
    pub chosen: [bool; SEATS],
    /// The seat's own pass, once chosen; else `null`.
    pub passed: Option<Vec<String>>,
    /// The cards the seat received, once the exchange is over; else `null`.
    pub received: Option<Vec<String>>,
}

/// A hand in the order a person sorts it: suit by suit (♣ ♦ ♠ ♥), low to high.
pub fn sorted(set: CardSet) -> Vec<String> {
    [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts]
        .iter()
        .flat_map(|&s| (set & suit_cards(s)).iter())
        .map(name)
        .collect()
}

/// Where the hand's pass goes.
pub fn direction(hand_no: u32) -> &'static str {
    match pass_offset(hand_no) {
        Some(1) => "left",
        Some(3) => "right",
        Some(_) => "across",
        None => "none",
    }
}

impl HeartsView {
    /// The view of a seat's observation under `options`.
    pub fn of(options: &HeartsOptions, o: &Observation) -> Self {
        let phase = match o.turn() {
            Turn::Terminal => "over",
            Turn::Chance => "deal",
            _ if o.next_passer().is_some() => "pass",
            _ if o.public.moon.is_some() => "moon",
            _ => "play",
        };
        HeartsView {
            seat: o.seat,
            phase,
            hand: sorted(o.hand),
            counts: (0..SEATS).map(|s| o.hand_size(s)).collect(),
            hand_no: o.public.hand_no + 1,
            pass: PassView {
                direction: direction(o.public.hand_no),
                chosen: o.passers,
                passed: o.passed.map(sorted),
                received: o.public.exchanged.then(|| sorted(o.received)),
            },
            leader: o.public.tricks.leader,
            trick: o.public.tricks.trick_view(all_active(SEATS), name),
            to_move: o.turn().seat(),
            tricks: o.public.tricks.done,
            taken_points: o
                .public
                .tricks
                .taken
                .iter()
                .map(|&t| points(t, options.jack_of_diamonds))
                .collect(),
            tricks_won: o.public.tricks.taken.iter().map(|t| t.len() / SEATS).collect(),
            broken: o.public.broken,
            scores: o.public.scores,
            last_hand: o.public.last_hand,
            end_score: options.end_score,
            moon: o.public.moon,
        }
    }
}
