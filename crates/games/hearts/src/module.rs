//! Hearts on the game contract: the options and players, the seat's view
//! and text, actions as typed (`Q♠`, `2c 3c 4c` for a pass, `moon -26`),
//! notes on tricks and hands, the score sheet, and the swap hook.

use tabula_cards::tricks::FinishedTrick;
use tabula_cards::{CardId, CardSet, dealt_note};
use tabula_contract::capability::{BenchSearch, searches};
use tabula_contract::{GameInfo, GameModule, OptionDoc, Scoresheet};
use tabula_search::{Determinize, Hidden, Seat, Seen};

use crate::actions::{Action, playable};
use crate::ai::{HEARTS_TUNABLES, HeartsAi};
use crate::cards::{DECK, HAND, NUM_CARDS, name, names, points, suit_cards, suit_of};
use crate::observation::{Observation, swap_unseen};
use crate::options::HeartsOptions;
use crate::rules::Hearts;
use crate::state::{ALL, SEATS, State};
use crate::view::{HeartsView, direction, sorted};

/// The seats' names, clockwise from seat 0 (a pass "to the left" goes to
/// the next seat).
const SEAT_NAMES: [&str; SEATS] = ["South", "West", "North", "East"];

impl GameModule for Hearts {
    type Game = Hearts;
    type Options = HeartsOptions;
    type View = HeartsView;

    const INFO: GameInfo = GameInfo {
        name: Hearts::NAME,
        title: "Hearts",
        summary: "Hearts for four: pass three, follow suit, avoid hearts and Q♠, a match to 100 (lowest wins)",
        min_seats: 4,
        max_seats: 4,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new(
            "end_score",
            "the match ends after the hand in which a seat reaches this score (1 to 1000)",
        ),
        OptionDoc::choice(
            "moon",
            "shooting the moon: others (the other seats take 26) or choice (the shooter may take −26 instead when it decides the match)",
            &["others", "choice"],
        ),
        OptionDoc::new("jack_of_diamonds", "J♦ counts −10 for the seat that takes it"),
        OptionDoc::new("queen_breaks_hearts", "playing Q♠ breaks hearts, as a heart does"),
    ];
    /// A hand is 52 deals, 4 passes, 52 cards and perhaps the moon's choice.
    const MAX_PLIES: usize = 200;
    const SEAT_NAMES: &'static [&'static str] = &SEAT_NAMES;

    const RULES: &'static str = include_str!("../RULES.md");

    tabula_cards::card_module!(leveled: HeartsAi, "Hearts" {
        players: "the computer, level 1 to 4: 1-2 the card scorer (1 with mistakes), 3-4 ISMCTS over the hand; passing by danger at every level",
        tunables: "hearts computer" => HEARTS_TUNABLES,
        bench: bench,
    });

    fn check_state(&self, state: &State) -> Result<(), String> {
        state.check()
    }

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(o.seat), seat)?;
        o.check()
    }

    fn view(&self, o: &Observation, _seat: Seat) -> HeartsView {
        HeartsView::of(&self.options(), o)
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let scores: Vec<String> = (0..SEATS)
            .map(|s| {
                format!(
                    "{} {}{}",
                    SEAT_NAMES[s],
                    o.public.scores[s],
                    if s == seat { " (you)" } else { "" }
                )
            })
            .collect();
        let trick: Vec<String> = o
            .public
            .tricks
            .trick()
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                format!(
                    "{} {}",
                    SEAT_NAMES[(usize::from(o.public.tricks.leader) + i) % SEATS],
                    name(c)
                )
            })
            .collect();
        let mut out = format!(
            "Hand {} (pass {}), trick {} of 13. Scores: {}.\n",
            o.public.hand_no + 1,
            direction(o.public.hand_no),
            (o.public.tricks.done + 1).min(13),
            scores.join(", ")
        );
        if !trick.is_empty() {
            out.push_str(&format!("On the table: {}\n", trick.join(", ")));
        }
        if o.public.exchanged && !o.received.is_empty() {
            out.push_str(&format!("You received: {}\n", sorted(o.received).join(" ")));
        }
        out.push_str(&format!(
            "Your hand: {}{}",
            sorted(o.hand).join(" "),
            if o.public.broken { "   (hearts are broken)" } else { "" }
        ));
        if o.next_passer() == Some(seat) {
            out.push_str(&format!(
                "\nPass three cards {}: type them, like {}",
                direction(o.public.hand_no),
                sorted(o.hand).into_iter().take(3).collect::<Vec<_>>().join(" ")
            ));
        } else if o.public.moon == Some(seat as u8) {
            out.push_str("\nYou shot the moon: type +26 (the others take 26) or -26 (you take −26)");
        }
        out
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => format!("deal {}", name(c)),
            Action::Pass(cards) => names(cards),
            Action::Play(c) => name(c),
            Action::Moon(false) => "moon +26".to_string(),
            Action::Moon(true) => "moon -26".to_string(),
        }
    }

    fn hidden_text(&self, kind: Hidden) -> String {
        match kind {
            Hidden::Pass => "three cards, face down".to_string(),
            _ => "a card dealt".to_string(),
        }
    }

    fn parse_action(&self, o: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let mut legal = Vec::new();
        self.legal_from_observation(o, seat, &mut legal);
        let t = text.trim();
        let action = match legal.first() {
            None => return Err("it is not your turn".into()),
            Some(Action::Moon(_)) => match t.to_ascii_lowercase().replace('−', "-").as_str() {
                "moon +26" | "+26" | "others" => Action::Moon(false),
                "moon -26" | "-26" | "me" => Action::Moon(true),
                _ => return Err("you shot the moon: type +26 (the others take 26) or -26 (you take −26)".into()),
            },
            Some(Action::Pass(_)) => {
                let cards: Vec<CardId> = t
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|w| !w.is_empty())
                    .map(|w| DECK.parse(w).map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?;
                let set: CardSet = cards.iter().copied().collect();
                if cards.len() != 3 || set.len() != 3 {
                    return Err("pass three different cards, like 2c Qs Ah".into());
                }
                if !o.hand.contains_all(set) {
                    return Err(format!("you do not hold all of {}", names(set)));
                }
                Action::Pass(set)
            }
            Some(_) => {
                let card = DECK.parse(t).map_err(|e| e.to_string())?;
                if !o.hand.contains(card) {
                    return Err(format!("you do not hold {}", name(card)));
                }
                let allowed = playable(
                    o.hand,
                    o.public.tricks.trick().first().copied(),
                    o.public.tricks.done,
                    o.public.broken,
                );
                if !allowed.contains(card) {
                    return Err(match o.public.tricks.trick().first() {
                        Some(&lead) if !(allowed & suit_cards(suit_of(lead))).is_empty() => {
                            format!("follow suit: play one of {}", names(allowed))
                        }
                        Some(_) => format!("no points on the first trick: play one of {}", names(allowed)),
                        None if o.public.tricks.done == 0 => "the 2♣ leads the first trick".to_string(),
                        None => format!("hearts are not broken: lead one of {}", names(allowed)),
                    });
                }
                Action::Play(card)
            }
        };
        if legal.contains(&action) {
            Ok(action)
        } else {
            Err(format!("{} is not legal now", self.action_text(action)))
        }
    }

    // Refined on purpose: code that knows the game gets the typed move.
    #[allow(refining_impl_trait)]
    fn move_view(&self, before: &Observation, action: Seen<Action>, _: &Observation, _: Seat) -> Option<FinishedTrick> {
        let Seen::Action(Action::Play(card)) = action else {
            return None;
        };
        before.public.tricks.finishing(card, ALL, &DECK, name)
    }

    fn note(&self, before: &Observation, after: &Observation, seat: Seat) -> Option<String> {
        if after.public.hand_no != before.public.hand_no || (after.public.over && !before.public.over) {
            let pts: Vec<String> = (0..SEATS)
                .map(|s| format!("{} {}", SEAT_NAMES[s], after.public.last_hand[s]))
                .collect();
            return Some(format!("Hand {} ends: {}.", before.public.hand_no + 1, pts.join(", ")));
        }
        if usize::from(before.public.dealt) < NUM_CARDS && usize::from(after.public.dealt) == NUM_CARDS {
            return Some(dealt_note(SEAT_NAMES[seat], &sorted(after.hand)));
        }
        if let Some(winner) = after.public.tricks.taken_since(&before.public.tricks) {
            let jack = self.options().jack_of_diamonds;
            let gained =
                points(after.public.tricks.taken[winner], jack) - points(before.public.tricks.taken[winner], jack);
            return Some(format!("{} takes the trick ({gained} points).", SEAT_NAMES[winner]));
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
        Some(s.hands.iter().map(|&h| crate::view::sorted(h)).collect())
    }

    fn scoresheet(&self, s: &State) -> Option<Scoresheet> {
        Some(Scoresheet::seats(&s.scores(), Some(s.hand_no() + 1)))
    }
}

const _: () = assert!(HAND * SEATS == NUM_CARDS);

/// The bench: the library's sampling searches on the first decision of
/// deal 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<Hearts>(1_501, 500)
}
