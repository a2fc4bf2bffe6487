//! What a page draws of a Spades table for one seat, from its observation
//! alone: its hand sorted as a person sorts it, the bids and contracts,
//! the trick in progress, the tricks won, and each side's score and bags.

use serde::Serialize;
use tabula_cards::CardSet;
use tabula_cards::french::Suit;
use tabula_cards::tricks::{PlayedCard, all_active};
use tabula_search::{Seat, Turn};

use crate::cards::{name, suit_cards};
use crate::observation::Observation;
use crate::options::SpadesOptions;
use crate::score::SideScore;
use crate::state::{SEATS, SIDES};

/// The sides' names.
pub const SIDE_NAMES: [&str; SIDES] = ["South–North", "West–East"];

/// A seat's view of the table. Cards are named like `A♠` and `10♥`; seats
/// are South 0, West 1, North 2, East 3, partners opposite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpadesView {
    /// The observing seat.
    pub seat: u8,
    /// `blind` (a seat may bid blind nil before the deal), `deal`, `bid`,
    /// `play` or `over`.
    pub phase: &'static str,
    /// The seat's cards, sorted ♠ ♥ ♣ ♦, low to high.
    pub hand: Vec<String>,
    /// The cards each seat holds.
    pub counts: Vec<usize>,
    /// The hand, from 1.
    pub hand_no: u32,
    /// The dealer.
    pub dealer: u32,
    /// Each seat's bid (0 for nil); `null` before it bids.
    pub bids: [Option<u8>; SEATS],
    /// Whether each seat bid blind nil.
    pub blind: [bool; SEATS],
    /// Whether each seat may bid blind nil this hand.
    pub blind_eligible: Vec<bool>,
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
    /// Whether spades are broken.
    pub broken: bool,
    /// The sides' names.
    pub sides: [&'static str; SIDES],
    /// Each side's contract: its bids other than nil.
    pub contracts: [u8; SIDES],
    /// Each side's match score.
    pub scores: [i32; SIDES],
    /// Each side's bags.
    pub bags: [u8; SIDES],
    /// Each side's last finished hand; `null` before the first ends.
    pub last_hand: Option<[SideScore; SIDES]>,
    /// The score that ends the match.
    pub end_score: u32,
}

/// A hand in the order a person sorts it: suits of alternating colours
/// (♠ ♥ ♣ ♦), low to high.
pub fn sorted(set: CardSet) -> Vec<String> {
    [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds]
        .iter()
        .flat_map(|&s| (set & suit_cards(s)).iter())
        .map(name)
        .collect()
}

/// Each side's contract: its bids other than nil.
fn contracts(o: &Observation) -> [u8; SIDES] {
    std::array::from_fn(|side| [side, side + 2].iter().filter_map(|&s| o.public.bids[s]).sum())
}

impl SpadesView {
    /// The view of a seat's observation under `options`.
    pub fn of(options: &SpadesOptions, o: &Observation) -> Self {
        let phase = match o.turn() {
            Turn::Terminal => "over",
            _ if o.next_blinder().is_some() => "blind",
            Turn::Chance => "deal",
            _ if o.next_bidder().is_some() => "bid",
            _ => "play",
        };
        SpadesView {
            seat: o.seat,
            phase,
            hand: sorted(o.hand),
            counts: (0..SEATS).map(|s| o.hand_size(s)).collect(),
            hand_no: o.public.hand_no + 1,
            dealer: o.public.hand_no % 4,
            bids: o.public.bids,
            blind: o.public.blind,
            blind_eligible: (0..SEATS).map(|s| o.public.blind_eligible & (1 << s) != 0).collect(),
            leader: o.public.tricks.leader,
            trick: o.public.tricks.trick_view(all_active(SEATS), name),
            to_move: o.turn().seat(),
            tricks: o.public.tricks.done,
            tricks_won: o.won(),
            broken: o.public.broken,
            sides: SIDE_NAMES,
            contracts: contracts(o),
            scores: o.public.scores,
            bags: o.public.bags,
            last_hand: o.public.last_hand,
            end_score: options.end_score,
        }
    }
}
