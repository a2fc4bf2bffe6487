//! Kuhn poker on the game contract: no options, the equilibrium and the
//! library's sampling searches as players, the hand as text and as a
//! view, moves written `check`, `bet`, `call`, `fold`, and its bench.

use serde::{Deserialize, Serialize};
use tabula_contract::capability::{BenchSearch, Capabilities, searches};
use tabula_contract::players::{self, BoxedPlayer};
use tabula_contract::{GameInfo, GameModule, OptionDoc, PlayerInfo, PlayerSpec, SpecError};
use tabula_search::{Game, Seat, Turn};

use crate::equilibrium::Equilibrium;
use crate::rules::{Action, Card, Kuhn, Line, Observation, State};
use crate::view::{KuhnView, move_word};

/// Kuhn poker has no rules options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KuhnOptions {}

/// The equilibrium player's spec.
const EQUILIBRIUM: &str = "equilibrium";

fn is_equilibrium(spec: &PlayerSpec) -> bool {
    matches!(spec, PlayerSpec::Custom { name, arg: None } if name == EQUILIBRIUM)
}

impl GameModule for Kuhn {
    type Game = Kuhn;
    type Options = KuhnOptions;
    type View = KuhnView;

    const INFO: GameInfo = GameInfo {
        name: "kuhn",
        title: "Kuhn poker",
        summary: "Kuhn poker: one card each from J, Q, K, one bet; moves check, bet, call, fold",
        min_seats: 2,
        max_seats: 2,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[];
    const PLAYERS: &'static [PlayerInfo] = &[
        PlayerInfo {
            name: EQUILIBRIUM,
            form: EQUILIBRIUM,
            example: EQUILIBRIUM,
            title: "Equilibrium",
            description: "Kuhn's equilibrium (1950): as seat 0 it loses 1/18 of a chip a hand on average, whatever the reply",
        },
        players::RANDOM,
        players::ISMCTS,
        players::MOISMCTS,
        players::ROOTUCB,
    ];
    const DEFAULT_PLAYER: &'static str = EQUILIBRIUM;
    const RULES: &'static str = include_str!("../RULES.md");
    const CAPABILITIES: Capabilities = Capabilities {
        bench,
        ..Capabilities::NONE
    };

    fn new(_: KuhnOptions) -> Result<Self, String> {
        Ok(Kuhn)
    }

    fn options(&self) -> KuhnOptions {
        KuhnOptions {}
    }

    fn game(&self) -> &Kuhn {
        self
    }

    fn start(&self, _seed: u64) -> State {
        // The deal is made of chance events, drawn by whoever runs the game.
        State {
            cards: [None; 2],
            line: Line::Open,
        }
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<BoxedPlayer<Kuhn>, SpecError> {
        if is_equilibrium(spec) {
            return Ok(Box::new(Equilibrium::new(seed)));
        }
        players::sampling(spec, seed).ok_or_else(|| SpecError::BadArgument {
            spec: spec.to_string(),
            problem: "not a Kuhn poker player (equilibrium takes no argument)".into(),
        })
    }

    fn policy(&self, spec: &PlayerSpec, seed: u64) -> Option<BoxedPlayer<Kuhn>> {
        // The equilibrium is a table, not a search: its own policy.
        is_equilibrium(spec).then(|| Box::new(Equilibrium::new(seed)) as BoxedPlayer<Kuhn>)
    }

    fn turn(&self, o: &Observation) -> Turn {
        o.turn()
    }

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        o.check(seat)
    }

    fn view(&self, o: &Observation, seat: Seat) -> KuhnView {
        KuhnView::of(o, seat)
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let letter = |c: Option<Card>| c.map_or("?".to_string(), |c| c.letter().to_string());
        let stakes = o.line.stakes();
        let moves: Vec<&str> = o.line.moves().iter().map(|&a| move_word(a)).collect();
        format!(
            "Your card: {}   the other card: {}   pot {} (you put in {})\nBetting: {}",
            letter(o.card),
            if o.opponent_card.is_some() {
                letter(o.opponent_card)
            } else if o.opponent_dealt {
                "face down".to_string()
            } else {
                "not dealt".to_string()
            },
            stakes[0] + stakes[1],
            stakes[seat],
            if moves.is_empty() {
                "none yet".to_string()
            } else {
                moves.join(", ")
            }
        )
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => c.letter().to_string(),
            other => move_word(other).to_string(),
        }
    }

    fn note(&self, before: &Observation, after: &Observation, seat: Seat) -> Option<String> {
        if before.opponent_card.is_some() {
            return None;
        }
        let (mine, theirs) = (after.card?.letter(), after.opponent_card?.letter());
        let won = self.payoffs(&self.determinize_shown(after, seat)).get(seat) > 0.0;
        Some(format!(
            "Showdown: your {mine} against {theirs}: you {}.",
            if won { "win" } else { "lose" }
        ))
    }

    fn face_up(&self, state: &State) -> Option<Vec<Vec<String>>> {
        Some(
            state
                .cards
                .iter()
                .map(|c| c.iter().map(|c| c.letter().to_string()).collect())
                .collect(),
        )
    }

    fn swap_unseen(&self, state: &mut State, observer: Seat) -> bool {
        // The other seat's card and the card left in the deck look alike
        // to the observer until a showdown.
        let other = 1 - observer;
        match state.cards[other] {
            Some(c) if !state.line.showdown() => {
                let left = Card::ALL
                    .into_iter()
                    .find(|&x| x != c && state.cards[observer] != Some(x));
                if let Some(x) = left {
                    state.cards[other] = Some(x);
                }
                left.is_some()
            }
            _ => false,
        }
    }
}

impl Kuhn {
    /// The hand an observation at a showdown describes (both cards shown).
    fn determinize_shown(&self, o: &Observation, seat: Seat) -> State {
        let mut cards = [None; 2];
        cards[seat] = o.card;
        cards[1 - seat] = o.opponent_card;
        State { cards, line: o.line }
    }
}

/// The bench: the library's sampling searches on seat 0's first decision
/// of deal 1.
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<Kuhn>(2_015, 2_000)
}
