//! Canasta on the game contract: the options and players, the player's
//! view and text, actions as typed (`draw`, `take`, `meld 7 7 7 2`,
//! `meld 7h 7s Jk`, `meld 2 on K`, `discard 9♣` or `9♣`, `ask`, `yes`,
//! `no`, `end`), the note at each hand's end, the score sheet, and the
//! swap hook.

use tabula_contract::capability::{BenchSearch, searches};
use tabula_contract::{GameInfo, GameModule, OptionDoc, Scoresheet};
use tabula_search::{Determinize, Seat, Turn};

use crate::actions::{Action, MeldMove};
use crate::ai::{CANASTA_TUNABLES, CanastaAi};
use crate::cards::{Kind, THREE, instance_in, kind, name, parse_cards, parse_face, parse_rank, rank_name};
use crate::observation::{Observation, swap_unseen};
use crate::options::CanastaOptions;
use crate::rules::Canasta;
use crate::state::{Ending, HandResult, Phase, SEATS, State, side_of};
use crate::view::{CanastaView, Group};

/// The seats' names.
const SEAT_NAMES: [&str; SEATS] = ["South", "West", "North", "East"];

/// A hand's end in words.
fn last_text(r: &HandResult) -> String {
    let how = match (r.ending, r.out) {
        (Ending::Concealed, Some(k)) => format!("{} goes out concealed", SEAT_NAMES[usize::from(k)]),
        (_, Some(k)) => format!("{} goes out", SEAT_NAMES[usize::from(k)]),
        _ => "the stock ran out".to_string(),
    };
    let side = |d: usize| {
        let c = &r.sides[d];
        format!(
            "{}/{} {} ({} natural, {} mixed canastas, red threes {}, going out {}, melded {}, in hand -{})",
            SEAT_NAMES[d],
            SEAT_NAMES[d + 2],
            c.total,
            c.natural,
            c.mixed,
            c.red_bonus,
            c.going_out,
            c.melded,
            c.in_hand
        )
    };
    format!("{how}; {}; {}", side(0), side(1))
}

fn groups_text(groups: &[Group]) -> String {
    groups.iter().map(|g| g.cards.join(" ")).collect::<Vec<_>>().join(" | ")
}

impl GameModule for Canasta {
    type Game = Canasta;
    type Options = CanastaOptions;
    type View = CanastaView;

    const INFO: GameInfo = GameInfo {
        name: Canasta::NAME,
        title: "Canasta",
        summary: "Classic partnership Canasta for four: two decks and four jokers, red and black threes, the frozen pile, canastas, the match to 5,000",
        min_seats: 4,
        max_seats: 4,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new(
            "draw",
            "cards drawn from the stock in a turn: 1 (classic) or 2 (one still discarded)",
        ),
        OptionDoc::new(
            "permission",
            "going out needs the partner's permission: ask, and the answer binds",
        ),
        OptionDoc::new(
            "minimums",
            "the initial meld's minimum by the side's score, below 0, to 1,495, to 2,995, from 3,000 (default [15, 50, 90, 120])",
        ),
        OptionDoc::new(
            "end_score",
            "the score that ends the match, 500 to 100000 (default 5000)",
        ),
    ];
    /// A hand is at most about 200 turns of a few actions; a match takes
    /// some ten hands.
    const MAX_PLIES: usize = 200_000;
    const SEAT_NAMES: &'static [&'static str] = &SEAT_NAMES;

    const RULES: &'static str = include_str!("../RULES.md");

    tabula_cards::card_module!(leveled: CanastaAi, "Canasta" {
        players: "the computer, level 1 to 4: 1-2 a policy (take the pile when it may, the cheapest opening, safe discards; 1 with mistakes), 3-4 a search over the rest of the turn on sampled worlds",
        tunables: "canasta computer" => CANASTA_TUNABLES,
        bench: bench,
    });

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(o.seat), seat)?;
        if o.options != self.options() {
            return Err("the observation's rules are not the game's".into());
        }
        o.check()
    }

    fn teams(&self) -> Option<Vec<usize>> {
        Some((0..SEATS).map(side_of).collect())
    }

    fn view(&self, o: &Observation, _seat: Seat) -> CanastaView {
        CanastaView::of(o)
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let v = CanastaView::of(o);
        let mut out = format!(
            "Hand {}. Pile: {} ({} cards{}). Stock: {} cards.\n",
            v.deal_no,
            v.top.as_deref().unwrap_or("empty"),
            v.pile.len(),
            if v.frozen { ", frozen" } else { "" },
            v.stock
        );
        if let Some(r) = &o.last {
            out.push_str(&format!("Last hand: {}.\n", last_text(r)));
        }
        for (d, side) in v.sides.iter().enumerate() {
            let melds: Vec<String> = side
                .melds
                .iter()
                .map(|m| {
                    let tag = m.canasta.map_or(String::new(), |c| format!(" {c} canasta"));
                    format!("[{}]{tag}", m.cards.join(" "))
                })
                .collect();
            out.push_str(&format!(
                "{}/{}: score {}, {}{}; melds {}\n",
                SEAT_NAMES[d],
                SEAT_NAMES[d + 2],
                side.score,
                if side.opened {
                    "open".to_string()
                } else {
                    format!("needs {} to open", side.minimum)
                },
                if side.reds.is_empty() {
                    String::new()
                } else {
                    format!(", red threes {}", side.reds.join(" "))
                },
                if melds.is_empty() {
                    "none".to_string()
                } else {
                    melds.join(" ")
                }
            ));
        }
        for (k, p) in v.seats.iter().enumerate() {
            if k != seat {
                let known = if p.known.is_empty() {
                    String::new()
                } else {
                    format!(", took {}", p.known.join(" "))
                };
                out.push_str(&format!("{}: {} cards{known}\n", SEAT_NAMES[k], p.count));
            }
        }
        out.push_str(&format!("Your hand: {}", groups_text(&v.hand)));
        if o.turn() == Turn::Seat(seat) {
            out.push_str(match o.phase {
                Phase::Draw if o.stock == 0 => "\nThe stock is gone: take the pile, or end the hand",
                Phase::Draw => "\nDraw from the stock, or take the pile",
                Phase::Opening => "\nMeld from your hand to reach the minimum (the pile comes then)",
                Phase::Answer => "\nYour partner asks to go out: yes or no",
                _ => "\nMeld (meld 7 7 7 2), or discard a card",
            });
        }
        out
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => format!("deal {}", name(c)),
            Action::Draw => "draw".to_string(),
            Action::Take => "take".to_string(),
            Action::Meld(m) => format!("meld {m}"),
            Action::Ask => "ask".to_string(),
            Action::Yes => "yes".to_string(),
            Action::No => "no".to_string(),
            Action::Discard(c) => format!("discard {}", name(c)),
            Action::End => "end".to_string(),
        }
    }

    fn parse_action(&self, o: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let mut legal = Vec::new();
        self.legal_from_observation(o, seat, &mut legal);
        if legal.is_empty() {
            return Err("it is not your turn".into());
        }
        let t = text.trim().to_lowercase();
        let action = match t.as_str() {
            "draw" | "stock" => Action::Draw,
            "take" | "pile" => Action::Take,
            "ask" => Action::Ask,
            "yes" => Action::Yes,
            "no" => Action::No,
            "end" | "stop" => Action::End,
            _ => {
                if let Some(rest) = t.strip_prefix("meld") {
                    Action::Meld(parse_meld(rest)?)
                } else {
                    let f = parse_face(t.strip_prefix("discard").unwrap_or(&t).trim()).map_err(|e| e.to_string())?;
                    Action::Discard(instance_in(o.hand, f).ok_or_else(|| format!("you do not hold {f}"))?)
                }
            }
        };
        if legal.contains(&action) {
            Ok(action)
        } else {
            Err(format!("{} is not legal now", self.action_text(action)))
        }
    }

    fn note(&self, before: &Observation, after: &Observation, _seat: Seat) -> Option<String> {
        if after.deal_no != before.deal_no {
            let r = after.last.as_ref()?;
            return Some(format!("Hand {} ends: {}.", before.deal_no + 1, last_text(r)));
        }
        let d = (0..2).find(|&d| before.opened >> d & 1 == 0 && after.opened >> d & 1 == 1)?;
        Some(format!(
            "{}/{} make their initial meld.",
            SEAT_NAMES[d],
            SEAT_NAMES[d + 2]
        ))
    }

    fn round(&self, s: &State) -> u32 {
        s.deal_no()
    }

    fn swap_unseen(&self, s: &mut State, observer: Seat) -> bool {
        swap_unseen(s, observer)
    }

    fn face_up(&self, s: &State) -> Option<Vec<Vec<String>>> {
        Some(s.hands().iter().map(|&h| h.iter().map(name).collect()).collect())
    }

    fn scoresheet(&self, s: &State) -> Option<Scoresheet> {
        Some(Scoresheet::sides(&s.scores(), SEATS, side_of, Some(s.deal_no() + 1)))
    }
}

/// Reads a meld's cards: words that are cards (`7h`, `2c`, `Jk`) or ranks
/// (`7`, `K`, `2`, `3` for black threes), one rank of natural cards, and
/// `on R` naming the rank when only wild cards are laid.
///
/// # Errors
/// A word that is neither, red threes, natural cards of two ranks, or wild
/// cards alone with no rank named.
pub fn parse_meld(text: &str) -> Result<MeldMove, String> {
    let (cards, on) = match text.split_once(" on ") {
        Some((c, r)) => (
            c,
            Some(parse_rank(r).ok_or_else(|| format!("'{}' is no rank", r.trim()))?),
        ),
        None => (text, None),
    };
    let mut m = MeldMove {
        rank: u8::MAX,
        naturals: 0,
        twos: 0,
        jokers: 0,
    };
    for w in cards.split([' ', ',']).filter(|w| !w.is_empty()) {
        let k = match parse_rank(w) {
            Some(1) => Kind::Two,
            Some(THREE) => Kind::BlackThree,
            Some(r) => Kind::Natural(r),
            None if ["jk", "joker", "*"].contains(&w) => Kind::Joker,
            None => {
                let card = parse_cards(w)?.lowest().ok_or("a card to meld")?;
                kind(card)
            }
        };
        let rank = match k {
            Kind::Two => {
                m.twos += 1;
                continue;
            }
            Kind::Joker => {
                m.jokers += 1;
                continue;
            }
            Kind::RedThree => return Err("red threes are never melded".into()),
            Kind::BlackThree => THREE,
            Kind::Natural(r) => r,
        };
        if m.rank != u8::MAX && m.rank != rank {
            return Err("a meld is of one rank".into());
        }
        m.rank = rank;
        m.naturals += 1;
    }
    match (m.rank, on) {
        (u8::MAX, Some(r)) => m.rank = r,
        (u8::MAX, None) => return Err("name the meld's rank: meld 2 on K".into()),
        (r, Some(o)) if r != o => return Err(format!("the cards are {}s, not {}s", rank_name(r), rank_name(o))),
        _ => {}
    }
    if m.is_empty() {
        return Err("a meld lays one card at least".into());
    }
    Ok(m)
}

/// The bench: the library's sampling searches on the first decision of
/// hand 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<Canasta>(369, 100)
}
