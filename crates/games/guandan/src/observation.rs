//! What a seat knows, by face: its hand, every card played this hand and
//! by whom, the counts, the levels, the tributes and the cards given back
//! (face up), the trick; its check, and the swap of unseen cards. The
//! worlds that fit it are [`crate::worlds`]'s.
//!
//! Everything here is in faces ([`Faces`]): the two copies of a card are
//! the same card to every seat, so no instance number (which copy a seat
//! holds) ever reaches an observation.

use serde::{Deserialize, Serialize};
use tabula_search::Seat;

use crate::cards::{Cards, DECK, FACES, Face, face_name, face_of};
use crate::moves::Combo;
use crate::options::GuandanOptions;
use crate::state::{HandResult, Phase, SEATS, SIDES, State};

/// A multiset of faces: how many copies (0 to 2) of each of the 54.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Faces([u8; FACES]);

impl Default for Faces {
    fn default() -> Self {
        Faces::EMPTY
    }
}

impl Faces {
    /// No card.
    pub const EMPTY: Faces = Faces([0; FACES]);

    /// The faces of `cards`.
    pub fn of(cards: Cards) -> Faces {
        let mut f = Faces::EMPTY;
        for c in cards.iter() {
            f.0[usize::from(face_of(c))] += 1;
        }
        f
    }

    /// The copies of `face`.
    #[inline]
    pub fn get(&self, face: Face) -> u8 {
        self.0[usize::from(face)]
    }

    /// The cards.
    pub fn total(&self) -> usize {
        self.0.iter().map(|&k| usize::from(k)).sum()
    }

    /// Each face held, with its copies, in order.
    pub fn iter(&self) -> impl Iterator<Item = (Face, u8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|&(_, &k)| k > 0)
            .map(|(f, &k)| (f as Face, k))
    }

    /// One more copy of `face`.
    #[inline]
    pub fn add(&mut self, face: Face) {
        self.0[usize::from(face)] += 1;
    }

    /// Sets the copies of `face` (0 to 2).
    #[inline]
    pub fn set(&mut self, face: Face, copies: u8) {
        self.0[usize::from(face)] = copies.min(2);
    }

    /// One copy of `face` fewer; whether there was one.
    #[inline]
    pub fn take(&mut self, face: Face) -> bool {
        let k = &mut self.0[usize::from(face)];
        let had = *k > 0;
        *k = k.saturating_sub(1);
        had
    }
}

impl std::fmt::Debug for Faces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<String> = self
            .iter()
            .flat_map(|(face, k)| std::iter::repeat_n(face_name(face), usize::from(k)))
            .collect();
        write!(f, "[{}]", names.join(" "))
    }
}

impl Serialize for Faces {
    /// The faces' names, each copy once: `["7♥", "7♥", "SJ"]`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.iter()
                .flat_map(|(face, k)| std::iter::repeat_n(face_name(face), usize::from(k))),
        )
    }
}

impl<'de> Deserialize<'de> for Faces {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Faces, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        let cards = crate::cards::parse_cards(&names.join(" "), DECK).map_err(serde::de::Error::custom)?;
        Ok(Faces::of(cards))
    }
}

/// A tribute as every seat sees it: face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeenTribute {
    /// The seat that gives it.
    pub payer: u8,
    /// The seat that receives it (in a double tribute, settled once both
    /// cards are given).
    pub receiver: u8,
    /// The face given.
    pub card: Option<Face>,
    /// The face given back.
    pub returned: Option<Face>,
}

/// A seat's observation: everything it has seen, nothing it has not.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// The table's options.
    pub options: GuandanOptions,
    /// Its hand.
    pub hand: Faces,
    /// The cards in each seat's hand.
    pub counts: [u8; SEATS],
    /// The cards each seat has played this hand.
    pub played: [Faces; SEATS],
    /// The cards of the combination to beat.
    pub on_table: Faces,
    /// The cards of each seat's latest play in this trick (none for a
    /// seat that has not played in it, or passed since).
    pub shown: [Faces; SEATS],
    /// The seats whose latest action in this trick is a pass, one bit
    /// each.
    pub passed: u8,
    /// The combination to beat and the seat that played it.
    pub last: Option<(u8, Combo)>,
    /// Passes since it was played.
    pub passes: u8,
    /// Each side's level.
    pub levels: [u8; SIDES],
    /// Each side's hands at its level A without winning.
    pub failures: [u8; SIDES],
    /// This hand's level.
    pub level: u8,
    /// The side whose level it is.
    pub declarers: Option<u8>,
    /// Hands begun.
    pub hand_no: u32,
    /// Where the hand stands.
    pub phase: Phase,
    /// The seat to act (in the deal: the seat dealt to next).
    pub to_act: u8,
    /// The cards dealt this hand.
    pub dealt: u8,
    /// The seats out, in order.
    pub out: Vec<u8>,
    /// This hand's tributes.
    pub tributes: Vec<SeenTribute>,
    /// Who leads once the tributes are done.
    pub leader: u8,
    /// The last finished hand.
    pub last_hand: Option<HandResult>,
    /// The side that won the match.
    pub winner: Option<u8>,
}

impl Observation {
    /// What `seat` sees of `s`.
    pub fn of(s: &State, seat: Seat) -> Observation {
        Observation {
            seat: seat as u8,
            options: s.options,
            hand: Faces::of(s.hands[seat]),
            counts: std::array::from_fn(|k| s.hands[k].len() as u8),
            played: std::array::from_fn(|k| Faces::of(s.played[k])),
            on_table: Faces::of(s.on_table),
            shown: std::array::from_fn(|k| Faces::of(s.shown[k])),
            passed: s.passed,
            last: s.trick.last,
            passes: s.trick.passes,
            levels: s.levels,
            failures: s.failures,
            level: s.level,
            declarers: s.declarers,
            hand_no: s.hand_no,
            phase: s.phase,
            to_act: s.to_act,
            dealt: s.dealt,
            out: s.out().to_vec(),
            tributes: s
                .tributes()
                .map(|t| SeenTribute {
                    payer: t.payer,
                    receiver: t.receiver,
                    card: t.card.map(face_of),
                    returned: t.returned.map(face_of),
                })
                .collect(),
            leader: s.leader,
            last_hand: s.last_hand,
            winner: s.winner,
        }
    }

    /// The copies of each face `seat` surely holds besides what the
    /// observer sees in its own hand: the tributes it received and the
    /// cards given back to it, less what it has played of those faces
    /// (any of them could have been the copy received). The observer's
    /// own hand is all known.
    pub fn known_in(&self, seat: usize) -> Faces {
        if seat == usize::from(self.seat) {
            return self.hand;
        }
        let mut got = Faces::EMPTY;
        for t in &self.tributes {
            // A tribute is in its receiver's hand once both are given
            // (the phase after the tributes).
            if usize::from(t.receiver) == seat && self.phase != Phase::Tribute {
                if let Some(f) = t.card {
                    got.add(f);
                }
            }
            if usize::from(t.payer) == seat {
                if let Some(f) = t.returned {
                    got.add(f);
                }
            }
        }
        let mut out = Faces::EMPTY;
        for (f, k) in got.iter() {
            out.0[usize::from(f)] = k.saturating_sub(self.played[seat].get(f));
        }
        out
    }

    /// The tributes given and not yet handed over (a double tribute's
    /// first card waits for the second).
    pub fn in_tribute(&self) -> Faces {
        let mut f = Faces::EMPTY;
        if self.phase == Phase::Tribute {
            for t in &self.tributes {
                if let Some(c) = t.card {
                    f.add(c);
                }
            }
        }
        f
    }
}
