//! Mini Whist on the game contract: the hidden-information test game,
//! playable in the terminal, in the arena and through the bot protocol.
//! Only the searches that sample worlds play it: a perfect-information
//! search would need the hidden cards.

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::all_active;
use tabula_contract::capability::{BenchSearch, Capabilities};
use tabula_contract::players::{self, BoxedPlayer};
use tabula_contract::{GameInfo, GameModule, OptionDoc, PlayerInfo, PlayerSpec, SpecError};
use tabula_search::{Determinize, Seat, Seen};

use super::MiniWhist;
use super::action::Action;
use super::cards::{CardId, DECK};
use super::observation::Observation;
use super::state::State;
use super::view::{MiniWhistView, card_text, face_name};

/// Mini Whist has no rules options.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MiniWhistOptions {}

fn parse_card(text: &str) -> Option<CardId> {
    let text = text.trim().to_lowercase();
    let text = text.replace('♠', "s").replace('♥', "h");
    DECK.cards().find(|&c| card_text(c) == text)
}

impl GameModule for MiniWhist {
    type Game = MiniWhist;
    type Options = MiniWhistOptions;
    type View = MiniWhistView;

    const INFO: GameInfo = GameInfo {
        name: MiniWhist::NAME,
        title: "Mini Whist",
        summary: "mini whist: 12 cards (two copies of ♠1-3 and ♥1-3), hidden hands and discards, three tricks",
        min_seats: 2,
        max_seats: 2,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[];
    const PLAYERS: &'static [PlayerInfo] = &[players::RANDOM, players::ISMCTS, players::MOISMCTS, players::ROOTUCB];
    const DEFAULT_PLAYER: &'static str = "ismcts:2000";
    const RULES: &'static str = include_str!("RULES.md");
    const CAPABILITIES: Capabilities = Capabilities {
        bench,
        ..Capabilities::NONE
    };

    tabula_cards::card_module!();

    fn check_state(&self, state: &State) -> Result<(), String> {
        state.check()
    }

    fn swap_unseen(&self, state: &mut State, observer: Seat) -> bool {
        state.swap_unseen(observer)
    }

    fn face_up(&self, state: &State) -> Option<Vec<Vec<String>>> {
        Some(
            (0..2)
                .map(|s| state.hand(s).iter().map(super::view::card_text).collect())
                .collect(),
        )
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<BoxedPlayer<MiniWhist>, SpecError> {
        players::sampling(spec, seed).ok_or_else(|| SpecError::BadArgument {
            spec: spec.to_string(),
            problem: "not a Mini Whist player".into(),
        })
    }

    fn check_observation(&self, view: &Observation, seat: Seat) -> Result<(), String> {
        // Deserialising already checked that some position fits the view.
        if view.seat() == seat {
            Ok(())
        } else {
            Err(format!("this is seat {}'s observation, not seat {seat}'s", view.seat()))
        }
    }

    fn view(&self, view: &Observation, _seat: Seat) -> MiniWhistView {
        MiniWhistView::of(view)
    }

    /// The trick a play finishes (the table after it has collected it):
    /// the page keeps it in view until its player has seen it.
    fn move_view(
        &self,
        before: &Observation,
        action: Seen<Action>,
        _: &Observation,
        _: Seat,
    ) -> Option<impl Serialize> {
        let Seen::Action(Action::Play(card)) = action else {
            return None;
        };
        before.tricks.finishing(card, all_active(2), &DECK, face_name)
    }

    fn render(&self, view: &Observation, _seat: Seat) -> String {
        let cards = |cs: Vec<CardId>| cs.iter().map(|&c| DECK.name(c)).collect::<Vec<_>>().join(" ");
        let plays: Vec<CardId> = view.plays().to_vec();
        let tricks = view.tricks();
        let me = view.seat();
        format!(
            "Your hand: {}   your discard: {}   opponent holds {} card(s){}\nPlays so far: {}   tricks: you {}, opponent {}",
            cards(view.hand().iter().collect()),
            view.discard().map_or_else(|| "none".to_string(), |c| DECK.name(c)),
            view.opponent_hand_size(),
            if view.opponent_discarded() {
                " and discarded one face down"
            } else {
                ""
            },
            if plays.is_empty() {
                "none".to_string()
            } else {
                cards(plays)
            },
            tricks[me],
            tricks[1 - me],
        )
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) | Action::Discard(c) | Action::Play(c) => card_text(c),
        }
    }

    fn parse_action(&self, view: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let card = parse_card(text).ok_or_else(|| {
            format!(
                "'{}' is not a card; type suit, rank and copy, e.g. s3a or h1b",
                text.trim()
            )
        })?;
        let mut legal = Vec::new();
        self.legal_from_observation(view, seat, &mut legal);
        legal
            .into_iter()
            .find(|a| matches!(a, Action::Discard(c) | Action::Play(c) if *c == card))
            .ok_or_else(|| format!("you cannot play {} now", DECK.name(card)))
    }
}

/// The bench: the dice duel's exact expectiminimax (the crate's other test
/// game, chance nodes), then SO-ISMCTS, MO-ISMCTS and root-UCB on a fixed
/// Mini Whist deal seen by seat 0 at its first decision.
fn bench() -> Vec<BenchSearch> {
    use tabula_search::{
        Budget, Game, Ismcts, IsmctsConfig, IsmctsMode, RandomRollout, Rng, RootUcbConfig, Turn, Utility,
        expectiminimax, root_ucb,
    };

    use crate::DiceDuel;

    let game = MiniWhist;
    let mut deal = game.initial_state();
    let mut rng = Rng::new(11);
    while game.to_move(&deal) == Turn::Chance {
        let card = game.sample_chance(&deal, &mut rng);
        game.apply(&mut deal, card);
    }
    let view = game.observation(&deal, 0);
    let ismcts = |mode: IsmctsMode, view: Observation| {
        move || {
            let config = IsmctsConfig {
                mode,
                ..IsmctsConfig::default()
            };
            Ismcts::new(config).search(
                &MiniWhist,
                &view,
                0,
                &mut RandomRollout::new(),
                &Budget::iterations(5_000),
                4,
            )
        }
    };
    vec![
        BenchSearch::new("dice duel expectiminimax", 33, || {
            expectiminimax(
                &DiceDuel,
                &DiceDuel.initial_state(),
                None,
                &Utility,
                &Budget::unlimited(),
            )
        }),
        BenchSearch::new(
            "miniwhist SO-ISMCTS 5,000 iterations, first discard",
            6_293,
            ismcts(IsmctsMode::SingleObserver, view.clone()),
        ),
        BenchSearch::new(
            "miniwhist MO-ISMCTS 5,000 iterations, first discard",
            9_677,
            ismcts(IsmctsMode::MultipleObserver, view.clone()),
        ),
        BenchSearch::new("miniwhist root-UCB 5,000 samples, first discard", 5_000, move || {
            root_ucb(
                &MiniWhist,
                &view,
                0,
                &mut RandomRollout::new(),
                &RootUcbConfig::default(),
                &Budget::iterations(5_000),
                5,
            )
        }),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_texts_round_trip() {
        for c in DECK.cards() {
            assert_eq!(parse_card(&card_text(c)), Some(c));
            assert_eq!(parse_card(&DECK.name(c)), Some(c));
        }
        assert_eq!(parse_card("s4a"), None);
    }
}
