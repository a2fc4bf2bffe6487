//! Skyjo on the platform: the rules options, the levels as players, the
//! observation as the bot protocol's view (never a hidden value, never the
//! draw pile's order: the platform's tables are not solo tables).

use serde_json::Value;
use tabula_search::{Game, Rng, Seat};
use tabula_skyjo::observation::CellView;
use tabula_skyjo::rules::{CELLS, DECK_SIZE, NUM_VALUES, VALUE_COUNTS};
use tabula_skyjo::{Action, LevelSpec, Observation, Rules, Skyjo, SkyjoAi, State, action_text, parse_action, render};

use super::common;
use crate::agent::{Agent, Local};
use crate::catalog::PlatformGame;
use crate::spec::{PlayerSpec, SpecError};

/// The level of a spec (`level:N` or `master`), if it is one.
fn level(spec: &PlayerSpec) -> Option<Result<LevelSpec, SpecError>> {
    let text = match spec {
        PlayerSpec::Custom { name, .. } if name == "level" || name == "master" => spec.to_string(),
        _ => return None,
    };
    Some(text.parse::<LevelSpec>().map_err(|e| SpecError::BadArgument {
        spec: text,
        problem: e.to_string(),
    }))
}

/// The legal actions of the seat to act, from its observation alone.
fn legal_from(game: &Skyjo, view: &Observation) -> Vec<Action> {
    // Every world consistent with the observation has the same legal actions.
    let world = view.sample_world(&mut Rng::new(0));
    let mut legal = Vec::new();
    game.legal_actions(&world, &mut legal);
    legal
}

impl PlatformGame for Skyjo {
    type Position = State;
    type Move = Action;
    type View = Observation;

    const NAME: &'static str = "skyjo";
    const SUMMARY: &'static str =
        "Skyjo, 2-8 players: the lowest total when someone reaches 100 wins (draw, take N, flip N, place N, discard N)";
    const PLAYERS: &'static str = "level:1 to level:4, random, ismcts:N, moismcts:N, bot:CMD";
    const DEFAULT_OPPONENT: &'static str = "level:4";

    fn from_options(options: &Value) -> Result<Self, String> {
        let o = &common::options_object(options)?;
        let players = match o.get("players") {
            None | Some(Value::Null) => 2,
            Some(v) => v
                .as_u64()
                .filter(|n| (2..=8).contains(n))
                .ok_or_else(|| format!("players is a number from 2 to 8, not {v}"))? as usize,
        };
        let mut rules = Rules::new(players).map_err(|e| e.to_string())?;
        for (key, value) in o {
            let flag = || {
                value
                    .as_bool()
                    .ok_or_else(|| format!("{key} is true or false, not {value}"))
            };
            match key.as_str() {
                "players" => {}
                "free_flip" => rules.free_flip = flag()?,
                "clear_on_final_reveal" => rules.clear_on_final_reveal = flag()?,
                "reshuffle_all" => rules.reshuffle_all = flag()?,
                "closer_starts_next" => rules.closer_starts_next = flag()?,
                "end_score" => {
                    rules.end_score = value
                        .as_i64()
                        .filter(|n| (1..=10_000).contains(n))
                        .ok_or_else(|| format!("end_score is a number from 1 to 10000, not {value}"))?
                        as i32
                }
                other => {
                    return Err(format!(
                        "unknown option '{other}' (players, free_flip, clear_on_final_reveal, reshuffle_all, closer_starts_next, end_score)"
                    ));
                }
            }
        }
        Skyjo::new(rules).map_err(|e| e.to_string())
    }

    fn options(&self) -> Value {
        serde_json::to_value(self.rules()).expect("rules serialise")
    }

    fn start(&self, seed: u64) -> State {
        self.new_game(seed)
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<Box<dyn Agent<Self>>, SpecError> {
        if let Some(level) = level(spec) {
            return Ok(Box::new(Local::new(SkyjoAi::new(level?, seed), spec.to_string())));
        }
        common::sampling(spec, seed)
            .filter(|_| !matches!(spec, PlayerSpec::RootUcb { .. }))
            .ok_or_else(|| common::unsupported::<Self>(spec))
    }

    fn check_view(&self, view: &Observation, seat: Seat) -> Result<(), String> {
        let players = usize::from(self.rules().players);
        if usize::from(view.seat) != seat || view.players() != players {
            return Err(format!("the view is not seat {seat}'s at a table of {players}"));
        }
        if view.draw_pile.is_some() {
            return Err("a bot is never shown the draw pile".into());
        }
        if usize::from(view.to_move) >= players
            || view.setup.len() != players
            || view.totals.len() != players
            || view.last_round.len() != players
        {
            return Err("the view's seats do not match the table".into());
        }
        // No value shown more often than the deck holds it, and no more
        // cards in play than the deck has: sampling a world cannot fail.
        let mut seen = [0usize; NUM_VALUES];
        let mut count = |v: i8| -> Result<(), String> {
            let k = usize::try_from(i16::from(v) + 2).ok().filter(|&k| k < NUM_VALUES);
            let k = k.ok_or_else(|| format!("{v} is not a card value"))?;
            seen[k] += 1;
            if seen[k] > usize::from(VALUE_COUNTS[k]) {
                return Err(format!("more cards of value {v} than the deck holds"));
            }
            Ok(())
        };
        let mut hidden = 0;
        for g in &view.grids {
            for c in g.iter() {
                match *c {
                    CellView::Up(v) => count(v)?,
                    CellView::Hidden => hidden += 1,
                    _ => {}
                }
            }
        }
        for &v in &view.discard {
            count(v)?;
        }
        if let Some(v) = view.hand {
            count(v)?;
        }
        // Every card is somewhere: shown, face down, in the draw pile, or
        // in another seat's hand.
        let shown: usize = seen.iter().sum();
        let other_hand = usize::from(view.hand_held && view.hand.is_none());
        if shown + hidden + usize::from(view.draw_count) + other_hand != DECK_SIZE
            || view.grids.iter().any(|g| g.len() != CELLS)
        {
            return Err("the cards in the view do not add up to the deck".into());
        }
        Ok(())
    }

    fn render(&self, view: &Observation, _seat: Seat) -> String {
        render(view)
    }

    fn parse_action(&self, view: &Observation, _seat: Seat, text: &str) -> Result<Action, String> {
        parse_action(text, &legal_from(self, view)).map_err(|e| e.to_string())
    }

    fn action_text(&self, action: Action) -> String {
        action_text(action)
    }

    fn scores(&self, state: &State) -> Option<Vec<f64>> {
        Some(state.totals().iter().map(|&t| f64::from(t)).collect())
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("seat {seat}")
    }
}
