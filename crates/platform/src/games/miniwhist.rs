//! Mini Whist on the platform: the hidden-information test game, playable
//! in the terminal, in the arena and through the bot protocol.

use serde_json::Value;
use tabula_search::{Determinize, Game, Rng, Seat};
use tabula_testgames::miniwhist::{Action, CardId, MiniWhist, Observation, State, Suit};

use super::common;
use crate::agent::Agent;
use crate::catalog::PlatformGame;
use crate::spec::{PlayerSpec, SpecError};

/// A card as typed: suit letter, rank, copy (`s3a` is ♠3a).
fn card_text(card: CardId) -> String {
    let suit = match card.suit() {
        Suit::Spades => 's',
        Suit::Hearts => 'h',
    };
    let copy = if card.index() % 2 == 0 { 'a' } else { 'b' };
    format!("{suit}{}{copy}", card.rank())
}

fn parse_card(text: &str) -> Option<CardId> {
    let text = text.trim().to_lowercase();
    let text = text.replace('♠', "s").replace('♥', "h");
    CardId::all().find(|&c| card_text(c) == text)
}

impl PlatformGame for MiniWhist {
    type Position = State;
    type Move = Action;
    type View = Observation;

    const NAME: &'static str = MiniWhist::NAME;
    const SUMMARY: &'static str =
        "mini whist: 12 cards (two copies of ♠1-3 and ♥1-3), hidden hands and discards, three tricks";
    const PLAYERS: &'static str = "random, ismcts:N, moismcts:N, rootucb:N, bot:CMD";
    const DEFAULT_OPPONENT: &'static str = "ismcts:2000";

    fn from_options(options: &Value) -> Result<Self, String> {
        match options {
            Value::Null => Ok(MiniWhist),
            Value::Object(o) if o.is_empty() => Ok(MiniWhist),
            other => Err(format!("miniwhist has no rules options, got {other}")),
        }
    }

    fn options(&self) -> Value {
        Value::Object(Default::default())
    }

    fn start(&self, _seed: u64) -> State {
        // The deal is made of chance events, drawn by whoever runs the game.
        self.initial_state()
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<Box<dyn Agent<Self>>, SpecError> {
        // Perfect-information searches would need the hidden cards.
        common::sampling(spec, seed).ok_or_else(|| common::unsupported::<Self>(spec))
    }

    fn check_view(&self, view: &Observation, seat: Seat) -> Result<(), String> {
        // Deserialising already checked that some position fits the view.
        if view.seat() == seat {
            Ok(())
        } else {
            Err(format!("this is seat {}'s observation, not seat {seat}'s", view.seat()))
        }
    }

    fn render(&self, view: &Observation, _seat: Seat) -> String {
        let cards = |cs: Vec<CardId>| cs.iter().map(|&c| c.to_string()).collect::<Vec<_>>().join(" ");
        let plays: Vec<CardId> = view.plays().to_vec();
        let tricks = view.tricks();
        let me = view.seat();
        format!(
            "Your hand: {}   your discard: {}   opponent holds {} card(s){}\nPlays so far: {}   tricks: you {}, opponent {}",
            cards(view.hand().iter().collect()),
            view.discard().map_or_else(|| "none".to_string(), |c| c.to_string()),
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

    fn parse_action(&self, view: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let card = parse_card(text)
            .ok_or_else(|| format!("'{text}' is not a card; type suit, rank and copy, e.g. s3a or h1b"))?;
        // The seat's legal actions follow from its view; any world has them.
        let world = self.determinize(view, seat, &mut Rng::new(0));
        let mut legal = Vec::new();
        self.legal_actions(&world, &mut legal);
        legal
            .into_iter()
            .find(|a| matches!(a, Action::Discard(c) | Action::Play(c) if *c == card))
            .ok_or_else(|| format!("you cannot play {card} now"))
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) | Action::Discard(c) | Action::Play(c) => card_text(c),
            Action::HiddenDeal => "a hidden deal".to_string(),
            Action::HiddenDiscard => "a hidden discard".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_texts_round_trip() {
        for c in CardId::all() {
            assert_eq!(parse_card(&card_text(c)), Some(c));
            assert_eq!(parse_card(&c.to_string()), Some(c));
        }
        assert_eq!(parse_card("s4a"), None);
    }
}
