//! What a page draws of a Durak table for one player, from its
//! observation alone: its hand, the trump card and the stock, the bout's
//! pairs of attacking and beating cards, who attacks, defends and throws
//! in, every player's count, known cards and standing, the duraks, and
//! the last deal's result.

use serde::Serialize;
use tabula_cards::CardSet;
use tabula_cards::bout::{DECK, Outcome, Stage};
use tabula_search::{Seat, Turn};

use crate::actions::{name, names};
use crate::observation::Observation;

/// A player's view of the table. Cards are named like `7♥`, `10♣`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DurakView {
    /// The observing player.
    pub seat: u8,
    /// Players at the table.
    pub players: u8,
    /// `deal` (the pack being dealt), `lead`, `defend`, `throw` (the
    /// throw-ins, or the take's), or `over`.
    pub phase: &'static str,
    /// The player to act; `null` while dealing and at the end.
    pub to_move: Option<Seat>,
    /// The player's cards, plain suits first, trumps last, low to high.
    pub hand: Vec<String>,
    /// The card turned up for trumps; `null` before it is dealt.
    pub trump: Option<String>,
    /// The trump suit's symbol; `null` before the trump card is dealt.
    pub trump_suit: Option<String>,
    /// Cards in the stock (the trump card among them while it is there).
    pub stock: u8,
    /// Cards beaten off this deal.
    pub discard: usize,
    /// The main attacker and the defender of the bout; `null` while dealing.
    pub attacker: Option<Seat>,
    /// See `attacker`.
    pub defender: Option<Seat>,
    /// The bout's pairs in table order.
    pub table: Vec<Pair>,
    /// The most attacks this bout may hold.
    pub limit: usize,
    /// Whether the defender has said "take".
    pub taking: bool,
    /// Every player, in seat order.
    pub seats: Vec<SeatView>,
    /// The deal in progress, from 1 (once the match is over, the last).
    pub deal_no: u32,
    /// Deals in the match.
    pub deals: u32,
    /// Deals drawn so far.
    pub draws: u16,
    /// The last deal's end in words; `null` before one ends.
    pub last: Option<String>,
    /// The match's winners (the fewest duraks), once it is over.
    pub winners: Option<Vec<usize>>,
    /// Teams of two, partners opposite.
    pub teams: bool,
}

/// An attacking card and the card that beat it, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pair {
    /// The attacking card.
    pub attack: String,
    /// The beating card; `null` while unbeaten.
    pub beaten_by: Option<String>,
}

/// One player as every player sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// Cards in hand.
    pub count: u8,
    /// The cards everyone saw go into its hand (picked up, or the trump
    /// card drawn last) and still there.
    pub known: Vec<String>,
    /// Whether it still holds cards in the deal (or the stock still has
    /// some).
    pub in_game: bool,
    /// Deals it lost.
    pub duraks: u16,
}

/// The seat names the page and the text use.
pub const SEAT_NAMES: [&str; 6] = ["South", "West", "North", "East", "Northwest", "Northeast"];

/// A deal's end in words.
pub fn outcome_text(outcome: Outcome) -> String {
    let seat = |s: usize| SEAT_NAMES.get(s).copied().unwrap_or("a player");
    match outcome {
        Outcome::Durak(s) => format!("{} is the durak", seat(s)),
        Outcome::DurakTeam(a, b) => format!("{} and {} are the duraks", seat(a), seat(b)),
        Outcome::Draw => "a draw: the last cards went out together".to_string(),
    }
}

/// A hand in the page's order: plain suits first, trumps last, each low
/// to high.
pub fn sorted_hand(hand: CardSet, trump: Option<tabula_cards::french::Suit>) -> Vec<String> {
    let mut cards: Vec<_> = hand.iter().collect();
    cards.sort_by_key(|&c| (Some(DECK.suit(c)) == trump, DECK.suit(c) as u8, DECK.rank(c)));
    cards.into_iter().map(name).collect()
}

impl DurakView {
    /// The view of `o`.
    pub fn of(o: &Observation) -> DurakView {
        let n = o.players();
        let trump_suit = o.trump_card.map(|c| DECK.suit(c));
        let counts = o.hand_lens();
        let play = o.play.as_ref();
        let phase = match (o.over, play.map(|p| p.public.bout.stage())) {
            (true, _) => "over",
            (_, None) => "deal",
            (_, Some(Stage::Lead)) => "lead",
            (_, Some(Stage::Defend)) => "defend",
            (_, Some(Stage::Throw)) => "throw",
        };
        let seats = (0..n)
            .map(|s| SeatView {
                count: counts[s] as u8,
                known: play.map_or_else(Vec::new, |p| names(p.public.known[s])),
                in_game: play.is_none_or(|p| p.public.active >> s & 1 == 1),
                duraks: o.duraks[s],
            })
            .collect();
        // Partners count alike, so the fewest per seat are the fewest per team.
        let winners = o.over.then(|| {
            let best = (0..n).map(|s| o.duraks[s]).min().unwrap_or(0);
            (0..n).filter(|&s| o.duraks[s] == best).collect()
        });
        DurakView {
            seat: o.seat,
            players: o.options.players,
            phase,
            to_move: match o.turn() {
                Turn::Seat(s) => Some(s),
                _ => None,
            },
            hand: sorted_hand(o.hand, trump_suit),
            trump: o.trump_card.map(name),
            trump_suit: trump_suit.map(|s| ["♣", "♦", "♥", "♠"][s as usize].to_string()),
            stock: play.map_or(0, |p| p.public.stock_len),
            discard: play.map_or(0, |p| p.public.discard.len()),
            attacker: play.map(|p| p.public.bout.attacker()),
            defender: play.map(|p| p.public.bout.defender()),
            table: play.map_or_else(Vec::new, |p| {
                p.public
                    .bout
                    .pairs()
                    .map(|(a, w)| Pair {
                        attack: name(a),
                        beaten_by: w.map(name),
                    })
                    .collect()
            }),
            limit: play.map_or(0, |p| p.public.bout.limit()),
            taking: play.is_some_and(|p| p.public.bout.taking()),
            seats,
            deal_no: if o.over { o.deal_no } else { o.deal_no + 1 },
            deals: o.options.deals,
            draws: o.draws,
            last: o.last.map(outcome_text),
            winners,
            teams: o.options.teams,
        }
    }
}
