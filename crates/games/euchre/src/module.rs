//! Euchre on the game contract: the options and players, the seat's view
//! and text, actions as typed (`order up`, `name ♥ alone`, `pass`, `J♥`),
//! notes on tricks and hands, the score sheet, the teams, and the swap
//! hook.

use tabula_cards::dealt_note;
use tabula_cards::tricks::FinishedTrick;
use tabula_contract::capability::{BenchSearch, searches};
use tabula_contract::{GameInfo, GameModule, OptionDoc, Scoresheet};
use tabula_search::{Determinize, Seat, Seen, Turn};

use crate::actions::{Action, playable};
use crate::ai::EUCHRE_TUNABLES;
use crate::cards::{Bowers, DEALT, DECK, SEATS, SUIT_NAMES, name, names, team};
use crate::observation::{Observation, swap_unseen};
use crate::options::EuchreOptions;
use crate::player::EuchreAi;
use crate::rules::Euchre;
use crate::state::State;
use crate::view::{EuchreView, SIDE_NAMES, sorted};

/// The seats' names, clockwise from seat 0; partners sit opposite.
const SEAT_NAMES: [&str; SEATS] = ["South", "West", "North", "East"];
/// Suit words, by index (clubs first), as a person may type them.
const SUIT_WORDS: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];

/// The suit a person means by `word`: `♥`, `h`, `hearts`.
fn parse_suit(word: &str) -> Option<u8> {
    (0..4u8).find(|&s| {
        let i = usize::from(s);
        word == SUIT_NAMES[i] || word == SUIT_WORDS[i] || word == &SUIT_WORDS[i][..1]
    })
}

impl GameModule for Euchre {
    type Game = Euchre;
    type Options = EuchreOptions;
    type View = EuchreView;

    const INFO: GameInfo = GameInfo {
        name: Euchre::NAME,
        title: "Euchre",
        summary: "Euchre for four in two partnerships: 24 cards, bowers, order up or name trump, go alone; a match to 10",
        min_seats: 4,
        max_seats: 4,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new(
            "end_score",
            "the first side to reach this score after a hand wins (1 to 100)",
        ),
        OptionDoc::new(
            "stick_the_dealer",
            "the dealer may not pass in the second round (off: a hand all pass twice is thrown in)",
        ),
        OptionDoc::new(
            "defender_alone",
            "a defender may defend alone against a lone maker; a lone defender's euchre scores 4",
        ),
    ];
    /// A hand is 21 chance events, at most 8 bids, a discard, 2 defenders' answers and 20 cards.
    const MAX_PLIES: usize = 100;
    const SEAT_NAMES: &'static [&'static str] = &SEAT_NAMES;

    const RULES: &'static str = include_str!("../RULES.md");

    tabula_cards::card_module!(leveled: EuchreAi, "Euchre" {
        players: "the computer, level 1 to 4: 1-2 the card scorer (1 with mistakes), 3-4 ISMCTS over the hand; bids by hand strength at every level",
        tunables: "euchre computer" => EUCHRE_TUNABLES,
        bench: bench,
    });

    fn teams(&self) -> Option<Vec<usize>> {
        Some((0..SEATS).map(team).collect())
    }

    fn check_state(&self, state: &State) -> Result<(), String> {
        state.check()
    }

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(o.seat), seat)?;
        if o.public.options != self.options() {
            return Err("the observation's rules are not this session's".into());
        }
        o.check()
    }

    fn view(&self, o: &Observation, _seat: Seat) -> EuchreView {
        EuchreView::of(o, |bid| self.action_text(bid))
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let p = &o.public;
        let trump = p.call.map(|c| c.trump);
        let mut out = format!(
            "Hand {} ({} deals). Scores: {} {}, {} {}.\n",
            p.hand_no + 1,
            SEAT_NAMES[p.dealer()],
            SIDE_NAMES[0],
            p.scores[0],
            SIDE_NAMES[1],
            p.scores[1]
        );
        match (p.call, p.upcard) {
            (Some(c), _) => out.push_str(&format!(
                "Trump {} by {}{}; tricks: {}.\n",
                SUIT_NAMES[usize::from(c.trump)],
                SEAT_NAMES[usize::from(c.maker)],
                if c.alone { " alone" } else { "" },
                (0..SEATS)
                    .filter(|&s| !p.sits_out(s))
                    .map(|s| format!("{} {}", SEAT_NAMES[s], p.won[s]))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            (None, Some(up)) if p.passes < 4 => out.push_str(&format!("Turned up: {}.\n", name(up))),
            (None, Some(up)) => out.push_str(&format!("Turned down: {}; name another suit.\n", name(up))),
            _ => {}
        }
        let bids: Vec<String> = p
            .bids()
            .into_iter()
            .map(|(s, b)| format!("{} {}", SEAT_NAMES[s], self.action_text(b)))
            .collect();
        if p.call.is_none() && !bids.is_empty() {
            out.push_str(&format!("Bids: {}.\n", bids.join(", ")));
        }
        let trick: Vec<String> = p
            .trick_cards()
            .iter()
            .enumerate()
            .map(|(i, &c)| format!("{} {}", SEAT_NAMES[p.trick_seat(i)], name(c)))
            .collect();
        if !trick.is_empty() {
            out.push_str(&format!("On the table: {}\n", trick.join(", ")));
        }
        out.push_str(&format!("Your hand: {}", sorted(o.hand, trump).join(" ")));
        if o.turn() == Turn::Seat(seat) {
            let mut legal = Vec::new();
            o.legal_actions(&mut legal);
            if !matches!(legal.first(), Some(Action::Play(_))) {
                let choices: Vec<String> = legal.iter().map(|&a| self.action_text(a)).collect();
                out.push_str(&format!("\nYou may: {}", choices.join(", ")));
            }
        }
        out
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => format!("deal {}", name(c)),
            Action::TurnUp(c) => format!("turn up {}", name(c)),
            Action::Pass => "pass".to_string(),
            Action::OrderUp { alone: false } => "order up".to_string(),
            Action::OrderUp { alone: true } => "order up alone".to_string(),
            Action::Name { suit, alone } => {
                format!(
                    "name {}{}",
                    SUIT_NAMES[usize::from(suit)],
                    if alone { " alone" } else { "" }
                )
            }
            Action::Discard(c) => format!("discard {}", name(c)),
            Action::DefendAlone(true) => "defend alone".to_string(),
            Action::DefendAlone(false) => "defend with partner".to_string(),
            Action::Play(c) => name(c),
        }
    }

    fn parse_action(&self, o: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let mut legal = Vec::new();
        self.legal_from_observation(o, seat, &mut legal);
        if legal.is_empty() {
            return Err("it is not your turn".into());
        }
        let t = text.trim().to_lowercase();
        if let Some(&a) = legal.iter().find(|&&a| self.action_text(a).to_lowercase() == t) {
            return Ok(a);
        }
        let words: Vec<&str> = t.split_whitespace().collect();
        let alone = words.last() == Some(&"alone");
        let core: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| !matches!(*w, "alone" | "name" | "discard"))
            .collect();
        let wanted = match (legal[0], core.as_slice()) {
            (Action::Pass | Action::Name { .. }, [word]) if parse_suit(word).is_some() => {
                let suit = parse_suit(word).expect("a suit");
                if o.public.turned_down() == Some(suit) {
                    return Err(format!(
                        "{} was turned down: name another suit",
                        SUIT_NAMES[usize::from(suit)]
                    ));
                }
                Action::Name { suit, alone }
            }
            (Action::Pass | Action::OrderUp { .. } | Action::Name { .. }, _) => {
                let choices: Vec<String> = legal.iter().map(|&a| self.action_text(a)).collect();
                return Err(format!("type one of: {}", choices.join(", ")));
            }
            (Action::DefendAlone(_), _) => return Err("type defend alone, or defend with partner".into()),
            (first, [word]) => {
                let card = DECK.parse(word).map_err(|e| e.to_string())?;
                if !o.hand.contains(card) {
                    return Err(format!("you do not hold {}", name(card)));
                }
                match first {
                    Action::Discard(_) => Action::Discard(card),
                    _ => {
                        let trump = o.public.call.map_or(0, |c| c.trump);
                        let led = o.public.trick_cards().first().copied();
                        let allowed = playable(o.hand, led, trump);
                        if !allowed.contains(card) {
                            return Err(format!("follow suit: play one of {}", names(allowed)));
                        }
                        Action::Play(card)
                    }
                }
            }
            _ => return Err("type one card, like J♥ or 10s".into()),
        };
        if legal.contains(&wanted) {
            Ok(wanted)
        } else {
            Err(format!("{} is not legal now", self.action_text(wanted)))
        }
    }

    // Refined on purpose: code that knows the game gets the typed move.
    #[allow(refining_impl_trait)]
    fn move_view(&self, before: &Observation, action: Seen<Action>, _: &Observation, _: Seat) -> Option<FinishedTrick> {
        let (Seen::Action(Action::Play(card)), Some(call)) = (action, before.public.call) else {
            return None;
        };
        let p = &before.public;
        p.tricks.finishing(card, p.active(), &Bowers(call.trump), name)
    }

    fn note(&self, before: &Observation, after: &Observation, seat: Seat) -> Option<String> {
        let (b, a) = (&before.public, &after.public);
        // The last card dealt: the turned-up card follows the hands.
        if usize::from(b.dealt) < DEALT && usize::from(a.dealt) >= DEALT {
            return Some(dealt_note(SEAT_NAMES[seat], &sorted(after.hand, None)));
        }
        if a.hand_no != b.hand_no || (a.over && !b.over) {
            let Some(call) = b.call else {
                return Some(format!("Hand {} is thrown in: every seat passed twice.", b.hand_no + 1));
            };
            let makers = team(usize::from(call.maker));
            let side = if a.last_hand[makers] > 0 { makers } else { 1 - makers };
            let how = if side != makers {
                "euchred"
            } else if a.last_hand[side] >= 2 {
                "a march"
            } else {
                "made"
            };
            return Some(format!(
                "Hand {} ends: {} {:+} ({how}).",
                b.hand_no + 1,
                SIDE_NAMES[side],
                a.last_hand[side]
            ));
        }
        a.tricks
            .taken_since(&b.tricks)
            .map(|taker| format!("{} takes the trick.", SEAT_NAMES[taker]))
    }

    fn round(&self, s: &State) -> u32 {
        s.hand_no()
    }

    fn swap_unseen(&self, s: &mut State, observer: Seat) -> bool {
        swap_unseen(s, observer)
    }

    fn face_up(&self, s: &State) -> Option<Vec<Vec<String>>> {
        let trump = s.public.call.map(|c| c.trump);
        Some(s.hands.iter().map(|&h| crate::view::sorted(h, trump)).collect())
    }

    fn scoresheet(&self, s: &State) -> Option<Scoresheet> {
        Some(Scoresheet::sides(&s.scores(), SEATS, team, Some(s.hand_no() + 1)))
    }
}

/// The bench: the library's sampling searches on the first decision of
/// deal 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<Euchre>(1_001, 500)
}
