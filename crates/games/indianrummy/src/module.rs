//! Indian Rummy on the game contract: the options and players, the
//! player's view (the hand arranged in groups) and text, actions as typed
//! (`draw`, `take`, `drop`, `discard 7♥` or `7♥`, `declare Q♠`), the note
//! at each deal's end, the score sheet, and the swap hook.

use tabula_contract::capability::{BenchSearch, searches};
use tabula_contract::{GameInfo, GameModule, OptionDoc, Scoresheet};
use tabula_search::{Determinize, Seat, Turn};

use crate::actions::Action;
use crate::ai::{INDIAN_TUNABLES, IndianAi};
use crate::cards::{instance_in, name, parse_face};
use crate::observation::{Observation, swap_unseen};
use crate::options::IndianOptions;
use crate::rules::IndianRummy;
use crate::state::{DealResult, Ending, Phase, State, Status};
use crate::view::{Arrangement, IndianView};

/// The seats' names.
const SEAT_NAMES: [&str; 6] = ["South", "West", "North", "East", "Northwest", "Northeast"];

/// An arrangement in words: `[3♥ 4♥ 5♥] pure, [8♣ 9♣ Jk] sequence … + K♦ 7♠ (17)`.
fn arrangement_text(a: &Arrangement) -> String {
    let mut parts: Vec<String> = a
        .groups
        .iter()
        .map(|g| format!("[{}] {}", g.cards.join(" "), g.kind))
        .collect();
    if !a.deadwood.is_empty() {
        parts.push(format!("+ {}", a.deadwood.join(" ")));
    }
    format!("{} — counts {}", parts.join(", "), a.points)
}

/// A deal's end in words.
fn last_text(r: &DealResult, players: usize) -> String {
    let who = SEAT_NAMES[usize::from(r.winner)];
    let how = match r.ending {
        Ending::Declared => format!("{who} shows, finishing with {}", r.finish.map_or("-".into(), name)),
        Ending::LastIn => format!("{who} is the last player in"),
        Ending::StockOut => format!("the closed deck ran out; {who} has the lowest count"),
    };
    let others: Vec<String> = (0..players)
        .filter(|&k| k != usize::from(r.winner) && r.status[k] != Status::Out)
        .map(|k| format!("{} {}", SEAT_NAMES[k], r.points[k]))
        .collect();
    format!("{how}; points: {}", others.join(", "))
}

impl GameModule for IndianRummy {
    type Game = IndianRummy;
    type Options = IndianOptions;
    type View = IndianView;

    const INFO: GameInfo = GameInfo {
        name: IndianRummy::NAME,
        title: "Indian Rummy",
        summary: "13-card Indian Rummy for 2 to 6: two decks, printed and cut jokers, a pure sequence to show; points, pool or deals rummy",
        min_seats: 2,
        max_seats: 6,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new("players", "players at the table, 2 to 6"),
        OptionDoc::choice(
            "format",
            "points (each deal settled, a match of deals), pool101 or pool201 (out on the limit, the last in wins), or deals (chips over 2, 3 or 6 deals)",
            &["points", "pool101", "pool201", "deals"],
        ),
        OptionDoc::new(
            "deals",
            "deals in a points or deals match (0: 6 for points, 2 for deals)",
        ),
        OptionDoc::new(
            "rejoin",
            "pool: a player put out rejoins once on the highest score in plus one, while that is at most 79 (101) or 174 (201)",
        ),
    ];
    /// A deal is at most about 230 draws with their discards; a pool match
    /// takes many deals.
    const MAX_PLIES: usize = 200_000;
    const SEAT_NAMES: &'static [&'static str] = &SEAT_NAMES;

    const RULES: &'static str = include_str!("../RULES.md");

    tabula_cards::card_module!(leveled: IndianAi, "Indian Rummy" {
        players: "the computer, level 1 to 4: 1-2 the meld solver's policy (1 with mistakes), 3-4 a search over complete turns (the draw, the open card with its discard, the drop) on sampled worlds",
        tunables: "indian rummy computer" => INDIAN_TUNABLES,
        bench: bench,
    });

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(o.seat), seat)?;
        if o.players != self.options().players {
            return Err(format!(
                "the table has {} players, not {}",
                self.options().players,
                o.players
            ));
        }
        o.check()
    }

    fn view(&self, o: &Observation, _seat: Seat) -> IndianView {
        IndianView::of(&self.options(), o)
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let v = IndianView::of(&self.options(), o);
        let mut out = format!(
            "Deal {}. Wild: {} (cut {}). Open card: {}. Closed deck: {} cards.\n",
            v.deal_no,
            v.wild.unwrap_or("-"),
            v.cut.as_deref().unwrap_or("-"),
            v.open.as_deref().unwrap_or("none"),
            v.stock
        );
        if let Some(r) = &o.last {
            out.push_str(&format!("Last deal: {}.\n", last_text(r, o.players())));
        }
        for (k, p) in v.seats.iter().enumerate() {
            let mut line = format!("{}: score {}, {} cards", SEAT_NAMES[k], p.score, p.count);
            if p.status != Status::In {
                line.push_str(&format!(
                    " ({})",
                    serde_json::to_value(p.status)
                        .unwrap_or_default()
                        .as_str()
                        .unwrap_or("")
                ));
            }
            if !p.known.is_empty() {
                line.push_str(&format!(", took {}", p.known.join(" ")));
            }
            if let Some(a) = &p.shown {
                line.push_str(&format!(", showed {}", arrangement_text(a)));
            }
            out.push_str(&line);
            out.push('\n');
        }
        out.push_str(&format!("Your hand: {}", arrangement_text(&v.hand)));
        if o.turn() == Turn::Seat(seat) {
            out.push_str(match o.phase {
                Phase::Draw => "\nDraw from the closed deck, take the open card, or drop",
                _ => "\nDiscard a card, or declare (show) with one on the finish slot",
            });
            if !v.declares.is_empty() {
                out.push_str(&format!(" — a valid show: declare {}", v.declares.join(" or ")));
            }
        }
        out
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => format!("deal {}", name(c)),
            Action::Draw => "draw".to_string(),
            Action::Take => "take".to_string(),
            Action::Drop => "drop".to_string(),
            Action::Discard(c) => format!("discard {}", name(c)),
            Action::Declare(c) => format!("declare {}", name(c)),
        }
    }

    fn parse_action(&self, o: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let mut legal = Vec::new();
        self.legal_from_observation(o, seat, &mut legal);
        if legal.is_empty() {
            return Err("it is not your turn".into());
        }
        let t = text.trim().to_lowercase();
        let card_of = |rest: &str| -> Result<tabula_cards::CardId, String> {
            let f = parse_face(rest.trim()).map_err(|e| e.to_string())?;
            instance_in(o.hand, f).ok_or_else(|| format!("you do not hold {f}"))
        };
        let action = match t.as_str() {
            "draw" | "stock" | "closed" => Action::Draw,
            "take" | "open" | "pile" => Action::Take,
            "drop" => Action::Drop,
            _ => {
                if let Some(rest) = t.strip_prefix("declare").or_else(|| t.strip_prefix("show")) {
                    Action::Declare(card_of(rest)?)
                } else {
                    let card = card_of(t.strip_prefix("discard").unwrap_or(&t))?;
                    if o.taken
                        .is_some_and(|x| crate::cards::face(x) == crate::cards::face(card))
                    {
                        return Err(format!(
                            "{} was just taken from the open pile: discard another card",
                            name(card)
                        ));
                    }
                    Action::Discard(card)
                }
            }
        };
        // The legal actions name the lower instance of a face.
        let action = match action {
            Action::Discard(c) => Action::Discard(instance_in(o.hand, crate::cards::face(c)).unwrap_or(c)),
            Action::Declare(c) => Action::Declare(instance_in(o.hand, crate::cards::face(c)).unwrap_or(c)),
            a => a,
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
            return Some(format!(
                "Deal {} ends: {}.",
                before.deal_no + 1,
                last_text(r, after.players())
            ));
        }
        (0..after.players())
            .find(|&k| before.status[k] == Status::In && after.status[k] == Status::Wrong)
            .map(|k| format!("{} declares wrongly: 80 points, out of the deal.", SEAT_NAMES[k]))
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
        Some(Scoresheet::seats(&s.scores(), Some(s.deal_no() + 1)))
    }
}

/// The bench: the library's sampling searches on the first decision of
/// deal 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<IndianRummy>(1_165, 100)
}
