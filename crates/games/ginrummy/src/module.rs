//! Gin Rummy on the game contract: the options and players, the seat's
//! view (the hand arranged in its best melds) and text, actions as typed
//! (`take`, `draw`, `discard 7♣` or `7♣`, `knock Q♠`, `big gin`), the
//! note at each hand's end, the score sheet, and the swap hook.

use tabula_cards::CardSet;
use tabula_contract::capability::{BenchSearch, searches};
use tabula_contract::{GameInfo, GameModule, OptionDoc, Scoresheet};
use tabula_search::{Determinize, Seat, Turn};

use crate::actions::Action;
use crate::ai::{GIN_TUNABLES, GinAi};
use crate::cards::{name, names, parse};
use crate::melds::{Partition, best_partition, deadwood};
use crate::observation::{Observation, swap_unseen};
use crate::options::GinOptions;
use crate::rules::GinRummy;
use crate::score::knock_limit;
use crate::state::{Ending, HandResult, Phase, SEATS, State};
use crate::view::GinView;

/// The seats' names.
const SEAT_NAMES: [&str; SEATS] = ["South", "North"];

/// A partition in words: `[A♠ 2♠ 3♠] [9♣ 9♥ 9♠] + Q♣ (10)`.
fn partition_text(p: &Partition) -> String {
    let mut parts: Vec<String> = p.melds().iter().map(|m| format!("[{}]", names(m.cards()))).collect();
    if !p.deadwood().is_empty() {
        let plus = if parts.is_empty() { "" } else { "+ " };
        parts.push(format!("{plus}{} ({})", names(p.deadwood()), p.deadwood_points()));
    }
    parts.join(" ")
}

/// A hand's end in words.
fn last_text(r: &HandResult) -> String {
    let who = |s: Option<u8>| s.map_or("nobody", |s| SEAT_NAMES[usize::from(s)]);
    match r.ending {
        Ending::Dead => "the stock ran down: a dead hand, no score".into(),
        Ending::Gin => format!("{} goes gin: {} points", who(r.knocker), r.points),
        Ending::BigGin => format!("{} lays down big gin: {} points", who(r.knocker), r.points),
        Ending::Knock => format!(
            "{} knocks with {} against {}: {} points",
            who(r.knocker),
            r.deadwood[usize::from(r.knocker.unwrap_or(0))],
            r.deadwood[1 - usize::from(r.knocker.unwrap_or(0))],
            r.points
        ),
        Ending::Undercut => format!("{} undercuts the knock: {} points", who(r.winner), r.points),
    }
}

impl GameModule for GinRummy {
    type Game = GinRummy;
    type Options = GinOptions;
    type View = GinView;

    const INFO: GameInfo = GameInfo {
        name: GinRummy::NAME,
        title: "Gin Rummy",
        summary: "Gin Rummy for two: meld sets and runs, knock with 10 or less, gin and undercuts; a match to 100",
        min_seats: 2,
        max_seats: 2,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new(
            "end_score",
            "the match ends after a hand that takes a seat to this score (1 to 1000)",
        ),
        OptionDoc::new(
            "big_gin",
            "eleven cards that all meld may be laid down without a discard, for 31",
        ),
        OptionDoc::new(
            "oklahoma",
            "the first upcard's value is the knock limit (an ace: gin only); a spade upcard doubles the hand",
        ),
    ];
    /// A hand is 21 dealt cards and at most about 30 draws with their
    /// discards; a match to 1000 takes many hands.
    const MAX_PLIES: usize = 200_000;
    const SEAT_NAMES: &'static [&'static str] = &SEAT_NAMES;

    const RULES: &'static str = include_str!("../RULES.md");

    tabula_cards::card_module!(leveled: GinAi, "Gin Rummy" {
        lowest: 0,
        players: "the computer, level 0 to 4: 0 a plain reference player (takes only a card that melds, throws its highest lone deadwood, knocks at once), 1-2 the deadwood policy (1 with mistakes), 3-4 a search over the draw, the discard and the knock on worlds weighted to the other hand's likely cards",
        tunables: "gin rummy computer" => GIN_TUNABLES,
        bench: bench,
    });

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(o.seat), seat)?;
        o.check()
    }

    fn view(&self, o: &Observation, _seat: Seat) -> GinView {
        GinView::of(&self.options(), o)
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let other = 1 - seat;
        let mut out = format!(
            "Hand {}. Scores: {} {}, {} {} (hands won {}–{}). Stock: {} cards.\n",
            o.hand_no + 1,
            SEAT_NAMES[seat],
            o.scores[seat],
            SEAT_NAMES[other],
            o.scores[other],
            o.boxes[seat],
            o.boxes[other],
            o.stock
        );
        if let Some(r) = &o.last {
            out.push_str(&format!("Last hand: {}.\n", last_text(r)));
        }
        out.push_str(&format!(
            "Pile: {}. {} holds {} cards{}.\n",
            o.pile.last().map_or("empty".to_string(), |&c| name(c)),
            SEAT_NAMES[other],
            o.other_count,
            if o.other_known.is_empty() {
                String::new()
            } else {
                format!(", among them {}", names(o.other_known))
            }
        ));
        out.push_str(&format!("Your hand: {}", partition_text(&best_partition(o.hand))));
        if o.turn() == Turn::Seat(seat) {
            out.push_str(match o.phase {
                Phase::Offer => "\nTake the upcard, or pass",
                Phase::Draw => "\nTake the pile's card, or draw from the stock",
                _ => "\nDiscard a card (or knock, discarding it)",
            });
        }
        out
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => format!("deal {}", name(c)),
            Action::Take => "take".to_string(),
            Action::Pass => "pass".to_string(),
            Action::DrawStock => "draw".to_string(),
            Action::Discard(c) => format!("discard {}", name(c)),
            Action::Knock(c) => format!("knock {}", name(c)),
            Action::BigGin => "big gin".to_string(),
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
            let card = parse(rest.trim()).map_err(|e| e.to_string())?;
            if !o.hand.contains(card) {
                return Err(format!("you do not hold {}", name(card)));
            }
            Ok(card)
        };
        let action = match t.as_str() {
            "take" | "pile" | "upcard" => Action::Take,
            "pass" => Action::Pass,
            "draw" | "stock" => Action::DrawStock,
            "big gin" => Action::BigGin,
            _ => {
                if let Some(rest) = t.strip_prefix("knock").or_else(|| t.strip_prefix("gin")) {
                    let card = card_of(rest)?;
                    let left = deadwood(o.hand - CardSet::of(card));
                    let limit = knock_limit(&self.options(), o.upcard);
                    if left > limit && o.phase == Phase::Discard && o.taken != Some(card) {
                        return Err(format!(
                            "discarding {} leaves {left} deadwood: a knock needs {limit} or less",
                            name(card)
                        ));
                    }
                    Action::Knock(card)
                } else {
                    let card = card_of(t.strip_prefix("discard").unwrap_or(&t))?;
                    if o.taken == Some(card) {
                        return Err(format!(
                            "{} was just taken from the pile: discard another card",
                            name(card)
                        ));
                    }
                    Action::Discard(card)
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
        if after.hand_no != before.hand_no || (after.totals.is_some() && before.totals.is_none()) {
            let r = after.last.as_ref()?;
            return Some(format!("Hand {} ends: {}.", before.hand_no + 1, last_text(r)));
        }
        None
    }

    fn round(&self, s: &State) -> u32 {
        s.hand_no()
    }

    fn swap_unseen(&self, s: &mut State, observer: Seat) -> bool {
        swap_unseen(s, observer)
    }

    fn face_up(&self, s: &State) -> Option<Vec<Vec<String>>> {
        Some(s.hands.iter().map(|h| h.iter().map(name).collect()).collect())
    }

    fn scoresheet(&self, s: &State) -> Option<Scoresheet> {
        let scores = s.totals().unwrap_or(s.scores());
        Some(Scoresheet::seats(&scores, Some(s.hand_no() + 1)))
    }
}

/// The bench: the library's sampling searches on the first decision of
/// deal 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<GinRummy>(1_052, 500)
}
