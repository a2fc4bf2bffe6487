//! What a page draws of a Euchre table for one seat, from its observation
//! alone: its hand sorted with trump first, the upcard and the bidding,
//! the call (trump, maker, alone, defender), the trick in progress, the
//! tricks won and each side's score.

use serde::Serialize;
use tabula_cards::CardSet;
use tabula_cards::tricks::PlayedCard;
use tabula_search::Seat;

use crate::actions::Action;
use crate::cards::{SEATS, SUIT_NAMES, effective_cards, name};
use crate::observation::Observation;
use crate::state::Phase;

/// The sides' names.
pub const SIDE_NAMES: [&str; 2] = ["South–North", "West–East"];

/// A seat's view of the table. Cards are named like `J♥`; suits by their
/// symbols; seats are South 0, West 1, North 2, East 3, partners opposite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EuchreView {
    /// The observing seat.
    pub seat: u8,
    /// `deal`, `bid`, `discard` (the dealer's, after taking the upcard),
    /// `defend` (a defender may go alone), `play` or `over`.
    pub phase: &'static str,
    /// The round of the bidding: 1 (order the upcard up) or 2 (name a suit).
    pub round: u8,
    /// The seat's cards: trump first, its bowers on top, then the other
    /// suits, each high to low; before trump, ♠ ♥ ♣ ♦.
    pub hand: Vec<String>,
    /// The cards each seat holds.
    pub counts: Vec<usize>,
    /// The hand, from 1.
    pub hand_no: u32,
    /// The dealer.
    pub dealer: usize,
    /// The turned-up card; `null` before the turn-up.
    pub upcard: Option<String>,
    /// The upcard's suit, turned down in the second round; else `null`.
    pub turned_down: Option<&'static str>,
    /// Whether the dealer took the upcard.
    pub picked_up: bool,
    /// The dealer's own discard, in the dealer's view; else `null`.
    pub discard: Option<String>,
    /// The bids so far, in order.
    pub bids: Vec<Bid>,
    /// The trump suit, once made; else `null`.
    pub trump: Option<&'static str>,
    /// The seat that made trump; else `null`.
    pub maker: Option<u8>,
    /// Whether the maker goes alone.
    pub alone: bool,
    /// The defender who goes alone; else `null`.
    pub defender: Option<u8>,
    /// Whether each seat sits this hand out.
    pub sits_out: Vec<bool>,
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
    /// The sides' names.
    pub sides: [&'static str; 2],
    /// Each side's match score.
    pub scores: [u32; 2],
    /// Each side's points in the last finished hand.
    pub last_hand: [u32; 2],
    /// The score that ends the match.
    pub end_score: u32,
}

/// A bid of the bidding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bid {
    /// The seat that bid.
    pub seat: Seat,
    /// The bid as its action reads (`pass`, `order up`, `name ♥ alone`).
    pub bid: String,
}

/// A hand in the order a person sorts it: trump first (its bowers on top),
/// then the other suits, each high to low; before trump, ♠ ♥ ♣ ♦.
pub fn sorted(set: CardSet, trump: Option<u8>) -> Vec<String> {
    let order: Vec<u8> = match trump {
        Some(t) => std::iter::once(t)
            .chain([3u8, 2, 0, 1].into_iter().filter(|&s| s != t))
            .collect(),
        None => vec![3, 2, 0, 1],
    };
    let mut out = Vec::new();
    for suit in order {
        let cards = match trump {
            Some(t) => set & effective_cards(suit, t),
            None => set & crate::cards::suit_cards(suit),
        };
        let mut v: Vec<_> = cards.iter().collect();
        v.sort_by_key(|&c| std::cmp::Reverse(trump.map_or(c.0, |t| u16::from(crate::cards::power(c, t, suit)))));
        out.extend(v.into_iter().map(name));
    }
    out
}

fn phase_word(o: &Observation) -> &'static str {
    match o.public.phase() {
        Phase::Over => "over",
        Phase::Dealing => "deal",
        Phase::Bidding => "bid",
        Phase::Discard => "discard",
        Phase::DefendAlone => "defend",
        Phase::Play => "play",
    }
}

impl EuchreView {
    /// The view of a seat's observation; `bid_text` writes a bid as its
    /// action reads.
    pub fn of(o: &Observation, bid_text: impl Fn(Action) -> String) -> Self {
        let p = &o.public;
        let trump = p.call.map(|c| c.trump);
        let suit = |s: u8| SUIT_NAMES[usize::from(s)];
        EuchreView {
            seat: o.seat,
            phase: phase_word(o),
            round: if p.passes >= 4 { 2 } else { 1 },
            hand: sorted(o.hand, trump),
            counts: (0..SEATS).map(|s| o.hand_size(s)).collect(),
            hand_no: p.hand_no + 1,
            dealer: p.dealer(),
            upcard: p.upcard.map(name),
            turned_down: p.turned_down().map(suit),
            picked_up: p.picked_up,
            discard: o.discard.map(name),
            bids: p
                .bids()
                .into_iter()
                .map(|(seat, bid)| Bid {
                    seat,
                    bid: bid_text(bid),
                })
                .collect(),
            trump: trump.map(suit),
            maker: p.call.map(|c| c.maker),
            alone: p.call.is_some_and(|c| c.alone),
            defender: p.defender,
            sits_out: (0..SEATS).map(|s| p.sits_out(s)).collect(),
            leader: p.tricks.leader,
            trick: p.tricks.trick_view(p.active(), name),
            to_move: o.turn().seat(),
            tricks: p.tricks.done,
            tricks_won: p.won,
            sides: SIDE_NAMES,
            scores: p.scores,
            last_hand: p.last_hand,
            end_score: p.options.end_score,
        }
    }
}
