//! What a page draws of a Guandan table for one seat, from its
//! observation alone: both sides' levels and this hand's level card, the
//! hand sorted by rank at the level with the wild hearts marked, the
//! combination to beat, what each seat showed in the trick, the
//! tributes and the cards given back as they happen, the finishing
//! order and the last hand's result.

use serde::Serialize;
use tabula_search::{Seat, Turn};

use crate::cards::{
    HEARTS, LEVEL_RANK, Level, LevelName, RANKS, SUIT_SIGNS, face_name, is_wild, name, rank, rank_names,
};
use crate::moves::{Combo, Kind, Play};
use crate::observation::{Faces, Observation};
use crate::state::{HandResult, Phase, SEATS, SIDES};

/// A seat's view of the table. Cards are named like `7♥`, `10♣`, `SJ`
/// (the small joker) and `BJ` (the big one); levels and ranks like `2`,
/// `10`, `A`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GuandanView {
    /// The observing seat.
    pub seat: u8,
    /// `deal`, `first_leader`, `tribute`, `return`, `play` or `over`.
    pub phase: &'static str,
    /// The seat to act; `null` at a chance event and at the end.
    pub to_move: Option<Seat>,
    /// The hand, from 1.
    pub hand_no: u32,
    /// This hand's level (`2` … `A`).
    pub level: String,
    /// The wild card of this hand: the heart of the level (`7♥`).
    pub level_card: String,
    /// The ranks at this level, low to high (`2` … `A` without the
    /// level's rank, then it, `SJ`, `BJ`): a play's rank counts (four
    /// bits a rank, `combo.cards`) read in this order.
    pub rank_names: [&'static str; RANKS as usize],
    /// The side whose level it is (`null` in the match's first hand).
    pub declarers: Option<u8>,
    /// Each side's level (side 0: seats 0 and 2).
    pub levels: [String; SIDES],
    /// Each side's hands at its level A without winning.
    pub failures: [u8; SIDES],
    /// The seat's cards, low to high at the level.
    pub hand: Vec<HandCard>,
    /// The cards in each hand.
    pub counts: [u8; SEATS],
    /// The combination to beat; `null` when the seat to act leads.
    pub last: Option<LastPlay>,
    /// Passes since it was played.
    pub passes: u8,
    /// What each seat did last in this trick.
    pub trick: Vec<SeatMove>,
    /// The seats out of cards this hand, in order.
    pub out: Vec<u8>,
    /// This hand's tributes, face up.
    pub tributes: Vec<TributeView>,
    /// Whether this hand's tribute was resisted (the givers hold both big
    /// jokers).
    pub resisted: bool,
    /// Who leads (once the tributes are done).
    pub leader: u8,
    /// The last finished hand.
    pub last_hand: Option<HandSummary>,
    /// The side that won the match.
    pub winner: Option<u8>,
    /// Whether the match is over.
    pub over: bool,
}

/// A card of the hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandCard {
    /// The card (`6♥`).
    pub card: String,
    /// Its rank (`6`).
    pub rank: &'static str,
    /// Whether it is wild (a heart of the level).
    pub wild: bool,
}

/// The combination to beat and who played it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastPlay {
    /// The seat that played it.
    pub seat: u8,
    /// Its kind.
    pub kind: Kind,
    /// It in words: `tube 3 3 4 4 5 5`.
    pub text: String,
    /// The cards it took.
    pub cards: Vec<String>,
}

/// What a seat did last in the trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatMove {
    /// The cards of its latest play in the trick (none after a pass).
    pub cards: Vec<String>,
    /// Whether it passed.
    pub passed: bool,
}

/// A tribute and the card given back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TributeView {
    /// The seat that gives.
    pub payer: u8,
    /// The seat that receives: `null` while a double tribute is being
    /// given (the higher card goes to the first seat out, so who takes
    /// which is settled once both are given).
    pub receiver: Option<u8>,
    /// The card given.
    pub card: Option<String>,
    /// The card given back.
    pub returned: Option<String>,
}

/// A finished hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandSummary {
    /// Which hand it was, from 1.
    pub hand_no: u32,
    /// The seats in the order they went out.
    pub order: [u8; SEATS],
    /// The level it was played at.
    pub level: String,
    /// The side whose level it was.
    pub declarers: Option<u8>,
    /// The levels each side gained.
    pub gained: [u8; SIDES],
    /// The levels after it.
    pub levels: [String; SIDES],
    /// A failure at A for the declarers.
    pub failed_at_ace: bool,
    /// The declarers dropped back to level 2 after it.
    pub dropped: bool,
}

/// A level's name.
pub fn level_name(level: Level) -> String {
    LevelName(level).to_string()
}

/// A multiset of faces as names, each copy once, in face order.
pub fn face_names(faces: &Faces) -> Vec<String> {
    faces
        .iter()
        .flat_map(|(f, k)| std::iter::repeat_n(face_name(f), usize::from(k)))
        .collect()
}

/// Played cards as names, low to high at `level` (the wild hearts after
/// the level's other cards), as a hand is drawn.
fn played_names(faces: &Faces, level: Level) -> Vec<String> {
    let mut cards: Vec<_> = faces.instances().iter().collect();
    cards.sort_by_key(|&c| (rank(c, level), is_wild(c, level), c));
    cards.into_iter().map(name).collect()
}

/// The combination to beat in words, a straight flush with its suit (that
/// of its natural cards).
fn last_text(c: &Combo, cards: &Faces, level: Level) -> String {
    let suit = (c.kind == Kind::StraightFlush)
        .then(|| {
            cards
                .instances()
                .iter()
                .find(|&x| !is_wild(x, level))
                .and_then(crate::cards::suit)
        })
        .flatten();
    match suit {
        Some(s) => format!("straight flush {} {}", SUIT_SIGNS[usize::from(s)], ranks_text(c, level)),
        None => format!("{} {}", c.kind.name(), ranks_text(c, level)),
    }
}

/// A combination's ranks at `level`, low to high: `3 3 4 4 5 5`.
pub fn ranks_text(c: &Combo, level: Level) -> String {
    c.cards.named(&rank_names(level)).to_string()
}

/// A play in words: `tube 3 3 4 4 5 5`, `straight flush ♠ 5 6 7 8 9`.
pub fn play_text(p: &Play) -> String {
    match p.combo.kind {
        Kind::StraightFlush => format!(
            "straight flush {} {}",
            SUIT_SIGNS[usize::from(p.suit.min(3))],
            ranks_text(&p.combo, p.level)
        ),
        k => format!("{} {}", k.name(), ranks_text(&p.combo, p.level)),
    }
}

/// The phase's name in the view.
fn phase_name(o: &Observation) -> &'static str {
    match o.phase {
        Phase::Deal => "deal",
        Phase::FirstLeader => "first_leader",
        Phase::Tribute => "tribute",
        Phase::Return => "return",
        Phase::Play => "play",
        Phase::Over => "over",
    }
}

impl HandSummary {
    /// A finished hand as the page shows it: hand `hand_no` (from 1).
    pub fn of(h: &HandResult, hand_no: u32) -> HandSummary {
        HandSummary {
            hand_no,
            order: h.order,
            level: level_name(h.level),
            declarers: h.declarers,
            gained: h.gained,
            levels: h.levels.map(level_name),
            failed_at_ace: h.failed_at_ace,
            dropped: h.dropped,
        }
    }
}

impl GuandanView {
    /// The view of a seat's observation.
    pub fn of(o: &Observation) -> GuandanView {
        let names = rank_names(o.level);
        let mut hand: Vec<(u8, bool, String)> = o
            .hand
            .instances()
            .iter()
            .map(|c| {
                let wild = is_wild(c, o.level);
                (rank(c, o.level), wild, name(c))
            })
            .collect();
        // Low to high; the wild hearts after the level's other cards.
        hand.sort_by_key(|&(r, wild, _)| (r, wild));
        GuandanView {
            seat: o.seat,
            phase: phase_name(o),
            to_move: o.turn().seat(),
            hand_no: o.hand_no + 1,
            level: level_name(o.level),
            level_card: format!("{}{}", names[usize::from(LEVEL_RANK)], SUIT_SIGNS[usize::from(HEARTS)]),
            rank_names: names,
            declarers: o.declarers,
            levels: o.levels.map(level_name),
            failures: o.failures,
            hand: hand
                .into_iter()
                .map(|(r, wild, card)| HandCard {
                    card,
                    rank: names[usize::from(r)],
                    wild,
                })
                .collect(),
            counts: o.counts,
            last: o.last.map(|(by, c)| LastPlay {
                seat: by,
                kind: c.kind,
                text: last_text(&c, &o.on_table, o.level),
                cards: played_names(&o.on_table, o.level),
            }),
            passes: o.passes,
            trick: (0..SEATS)
                .map(|k| SeatMove {
                    cards: played_names(&o.shown[k], o.level),
                    passed: o.passed >> k & 1 == 1,
                })
                .collect(),
            out: o.out.clone(),
            tributes: o
                .tributes
                .iter()
                .map(|t| TributeView {
                    payer: t.payer,
                    receiver: (o.phase != Phase::Tribute || o.tributes.len() == 1).then_some(t.receiver),
                    card: t.card.map(face_name),
                    returned: t.returned.map(face_name),
                })
                .collect(),
            resisted: o.resisted(),
            leader: o.leader,
            // The last hand is the one before this, or this one once the
            // match is over.
            last_hand: o
                .last_hand
                .as_ref()
                .map(|h| HandSummary::of(h, if o.winner.is_some() { o.hand_no + 1 } else { o.hand_no })),
            winner: o.winner,
            over: o.turn() == Turn::Terminal,
        }
    }
}

impl Observation {
    /// Whether this hand's tribute was resisted: a hand after the first,
    /// past its deal, with no tribute.
    pub fn resisted(&self) -> bool {
        self.last_hand.is_some() && self.tributes.is_empty() && matches!(self.phase, Phase::Play) && self.hand_no > 0
    }
}
