//! Spades on the game contract: the options and players, the seat's view
//! and text, actions as typed (`A♠`, `4` or `nil` for a bid, `blind nil`),
//! notes on tricks and hands, the score sheet, the teams, and the swap
//! hook.

use tabula_cards::dealt_note;
use tabula_cards::tricks::FinishedTrick;
use tabula_contract::capability::{BenchSearch, searches};
use tabula_contract::{GameInfo, GameModule, OptionDoc, Scoresheet};
use tabula_search::{Determinize, Seat, Seen};

use crate::actions::{Action, playable};
use crate::ai::{SPADES_TUNABLES, SpadesAi};
use crate::cards::{DECK, NUM_CARDS, SPADES, TRUMPS, name, names, suit_cards, suit_of};
use crate::observation::{Observation, swap_unseen};
use crate::options::SpadesOptions;
use crate::rules::Spades;
use crate::seats::side_of;
use crate::state::{ALL, SEATS, SIDES, State};
use crate::view::{SIDE_NAMES, SpadesView, sorted};

/// The seats' names, clockwise from seat 0; partners sit opposite.
const SEAT_NAMES: [&str; SEATS] = ["South", "West", "North", "East"];

fn bid_text(bid: u8, blind: bool) -> String {
    match (bid, blind) {
        (0, true) => "blind nil".into(),
        (0, false) => "nil".into(),
        (b, _) => b.to_string(),
    }
}

impl GameModule for Spades {
    type Game = Spades;
    type Options = SpadesOptions;
    type View = SpadesView;

    const INFO: GameInfo = GameInfo {
        name: Spades::NAME,
        title: "Spades",
        summary: "Spades for four in two partnerships: bid your tricks or nil, spades trump, bags cost; a match to 500",
        min_seats: 4,
        max_seats: 4,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new(
            "end_score",
            "the match ends after a hand in which a side reaches this score (1 to 5000)",
        ),
        OptionDoc::new(
            "blind_nil",
            "a seat whose side trails by 100 or more may bid nil before its cards are dealt (±200)",
        ),
        OptionDoc::new(
            "ten_for_two_hundred",
            "a side's contract of 10 tricks or more, made, scores 20 a trick",
        ),
        OptionDoc::new("mercy", "a side at −200 or below at the end of a hand loses the match"),
    ];
    /// A hand is 52 deals, up to 4 blind answers, 4 bids and 52 cards.
    const MAX_PLIES: usize = 200;
    const SEAT_NAMES: &'static [&'static str] = &SEAT_NAMES;

    const RULES: &'static str = include_str!("../RULES.md");

    tabula_cards::card_module!(leveled: SpadesAi, "Spades" {
        players: "the computer, level 1 to 4: 1-2 the card scorer (1 with mistakes), 3-4 ISMCTS over the hand; bids by expected tricks at every level",
        tunables: "spades computer" => SPADES_TUNABLES,
        bench: bench,
    });

    fn teams(&self) -> Option<Vec<usize>> {
        Some((0..SEATS).map(side_of).collect())
    }

    fn check_state(&self, state: &State) -> Result<(), String> {
        state.check()
    }

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(o.seat), seat)?;
        o.check()
    }

    fn view(&self, o: &Observation, _seat: Seat) -> SpadesView {
        SpadesView::of(&self.options(), o)
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let won = o.won();
        let seats: Vec<String> = (0..SEATS)
            .map(|s| {
                let bid = o.public.bids[s].map_or("-".to_string(), |b| bid_text(b, o.public.blind[s]));
                let you = if s == seat { " (you)" } else { "" };
                format!("{}{you} bid {bid}, won {}", SEAT_NAMES[s], won[s])
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
        let sides: Vec<String> = (0..SIDES)
            .map(|i| format!("{} {} ({} bags)", SIDE_NAMES[i], o.public.scores[i], o.public.bags[i]))
            .collect();
        let mut out = format!(
            "Hand {}, trick {} of 13. Scores: {}.\n{}.\n",
            o.public.hand_no + 1,
            (o.public.tricks.done + 1).min(13),
            sides.join(", "),
            seats.join("; ")
        );
        if !trick.is_empty() {
            out.push_str(&format!("On the table: {}\n", trick.join(", ")));
        }
        if o.next_blinder() == Some(seat) {
            out.push_str("Before the deal: type blind nil to bid it (±200), or look to see your cards");
            return out;
        }
        out.push_str(&format!(
            "Your hand: {}{}",
            sorted(o.hand).join(" "),
            if o.public.broken { "   (spades are broken)" } else { "" }
        ));
        if o.next_bidder() == Some(seat) {
            out.push_str("\nYour bid: a number of tricks, 1 to 13, or nil");
        }
        out
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => format!("deal {}", name(c)),
            Action::Blind(true) => "blind nil".to_string(),
            Action::Blind(false) => "look".to_string(),
            Action::Bid(0) => "nil".to_string(),
            Action::Bid(b) => format!("bid {b}"),
            Action::Play(c) => name(c),
        }
    }

    fn parse_action(&self, o: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let mut legal = Vec::new();
        self.legal_from_observation(o, seat, &mut legal);
        let t = text.trim().to_ascii_lowercase();
        let action = match legal.first() {
            None => return Err("it is not your turn".into()),
            Some(Action::Blind(_)) => match t.as_str() {
                "blind nil" | "blind" | "yes" => Action::Blind(true),
                "look" | "no" => Action::Blind(false),
                _ => return Err("type blind nil, or look to see your cards".into()),
            },
            Some(Action::Bid(_)) => {
                let word = t.strip_prefix("bid").map_or(t.as_str(), str::trim);
                match word {
                    "nil" | "0" => Action::Bid(0),
                    w => match w.parse::<u8>() {
                        Ok(b @ 1..=13) => Action::Bid(b),
                        _ => return Err("bid a number of tricks, 1 to 13, or nil".into()),
                    },
                }
            }
            Some(_) => {
                let card = DECK.parse(&t).map_err(|e| e.to_string())?;
                if !o.hand.contains(card) {
                    return Err(format!("you do not hold {}", name(card)));
                }
                let allowed = playable(o.hand, o.public.tricks.trick().first().copied(), o.public.broken);
                if !allowed.contains(card) {
                    return Err(match o.public.tricks.trick().first() {
                        Some(&lead) if !(allowed & suit_cards(suit_of(lead))).is_empty() => {
                            format!("follow suit: play one of {}", names(allowed))
                        }
                        _ => format!("spades are not broken: lead one of {}", names(allowed - SPADES)),
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
        before.public.tricks.finishing(card, ALL, &TRUMPS, name)
    }

    fn note(&self, before: &Observation, after: &Observation, seat: Seat) -> Option<String> {
        if usize::from(before.public.dealt) < NUM_CARDS && usize::from(after.public.dealt) == NUM_CARDS {
            return Some(dealt_note(SEAT_NAMES[seat], &sorted(after.hand)));
        }
        if after.public.hand_no != before.public.hand_no || (after.public.over && !before.public.over) {
            let last = after.public.last_hand?;
            let sides: Vec<String> = (0..SIDES)
                .map(|i| {
                    let h = last[i];
                    format!(
                        "{} {:+} (contract {}, took {}, {} bags{})",
                        SIDE_NAMES[i],
                        h.total,
                        h.contract,
                        h.tricks,
                        h.bags,
                        if h.nil_points != 0 {
                            format!(", nil {:+}", h.nil_points)
                        } else {
                            String::new()
                        }
                    )
                })
                .collect();
            return Some(format!(
                "Hand {} ends: {}.",
                before.public.hand_no + 1,
                sides.join("; ")
            ));
        }
        after
            .public
            .tricks
            .taken_since(&before.public.tricks)
            .map(|taker| format!("{} takes the trick.", SEAT_NAMES[taker]))
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
        Some(Scoresheet::sides(&s.scores(), SEATS, side_of, Some(s.hand_no() + 1)))
    }
}

/// The bench: the library's sampling searches on the first decision of
/// deal 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<Spades>(1_001, 500)
}
