//! Skyjo on the game contract: the rules options, the levels and the solo
//! Master as players (the Master is handed the draw pile only at a solo
//! table), the grids as text and as a view, round notes, and the arena's
//! mean round scores.

use serde_json::{Map, Value, json};
use tabula_contract::capability::{BenchSearch, Capabilities, searches};
use tabula_contract::players::{self, BoxedPlayer};
use tabula_contract::{
    GameInfo, GameModule, OptionDoc, Played, PlayerInfo, PlayerSpec, Scoresheet, SpecError, TableKind,
};
use tabula_search::{Determinize, Game, Hidden, Seat, TunableTable, Turn};

use crate::ai::{LEVEL_TUNABLES, LevelSpec, SkyjoAi, observe};
use crate::eval::SKYJO_TUNABLES;
use crate::game::Skyjo;
use crate::observation::Observation;
use crate::reference::{REFERENCE_TUNABLES, RefPlayer, RefStyle};
use crate::rules::{Action, Phase, Rules};
use crate::selfplay::MAX_ROUND_PLIES;
use crate::state::State;
use crate::text::{action_text, parse_action, render};
use crate::view::SkyjoView;

/// The highest end score the options accept.
const MAX_END_SCORE: i32 = 10_000;

/// Whether `player` is the Master, whose handicap is the draw pile.
fn is_master(player: &PlayerSpec) -> bool {
    matches!(player, PlayerSpec::Custom { name, .. } if name == "master")
}

/// Checks `seat`'s observation; the draw pile in it only when `pile`
/// (the Master's handicap), never from anywhere else.
fn check_seat_observation(game: &Skyjo, obs: &Observation, seat: Seat, pile: bool) -> Result<(), String> {
    tabula_contract::own_observation(usize::from(obs.seat), seat)?;
    if obs.draw_pile.is_some() && !pile {
        return Err("a seat is never shown the draw pile from outside".into());
    }
    obs.check(game.rules())
}

/// The level of a `level:N` or `master` spec.
fn level(spec: &PlayerSpec) -> Result<LevelSpec, SpecError> {
    spec.to_string()
        .parse::<LevelSpec>()
        .map_err(|e| SpecError::BadArgument {
            spec: spec.to_string(),
            problem: e.to_string(),
        })
}

impl GameModule for Skyjo {
    type Game = Skyjo;
    type Options = Rules;
    type View = SkyjoView;

    const INFO: GameInfo = GameInfo {
        name: "skyjo",
        title: "Skyjo",
        summary: "Skyjo, 2-8 players: the lowest total when someone reaches 100 wins (draw, take N, flip N, place N, discard N)",
        min_seats: 2,
        max_seats: 8,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new("players", "players at the table, 2 to 8"),
        OptionDoc::new("free_flip", "a turn may reveal a face-down card without drawing"),
        OptionDoc::new(
            "clear_on_final_reveal",
            "columns of three equal cards made by the final reveal are cleared",
        ),
        OptionDoc::new(
            "reshuffle_all",
            "an empty draw pile takes the whole discard pile (else all but its top)",
        ),
        OptionDoc::new(
            "closer_starts_next",
            "the closer of a round starts the next one (else the highest revealed total)",
        ),
        OptionDoc::new(
            "end_score",
            "the game ends after the round in which a total reaches this (1 to 10000)",
        ),
        OptionDoc::new(
            "turn_limit",
            "turns per seat (1 to 100, default 100) after which a round nobody has closed ends: \
                      every card is revealed and scored, nobody is doubled, the next round starts by the highest \
                      revealed total (no round of ordinary play comes near it)",
        ),
    ];
    const PLAYERS: &'static [PlayerInfo] = &[
        PlayerInfo {
            name: "level",
            form: "level:N",
            example: "level:1",
            title: "Computer",
            description: "the computer, level 1 to 4: 1-2 the move scorer with noise, 3-4 ISMCTS primed by it",
        },
        PlayerInfo {
            name: "master",
            form: "master",
            example: "master",
            title: "Master",
            description: "level 4 handed the draw pile's order, at a solo table only (elsewhere it plays as level 4)",
        },
        PlayerInfo {
            name: "ref",
            form: "ref:NAME",
            example: "ref:ev",
            title: "Reference",
            description: "a strong heuristic player that searches nothing, to measure the levels against: ref:ev (expected values, replaces its worst known card) or ref:columns (builds columns, closes early)",
        },
        players::RANDOM,
        players::ISMCTS,
        players::MOISMCTS,
    ];
    const DEFAULT_PLAYER: &'static str = "level:4";
    const RULES: &'static str = include_str!("../RULES.md");
    const CAPABILITIES: Capabilities = Capabilities {
        bench,
        ..Capabilities::NONE
    };
    const TUNABLES: &'static [TunableTable] = &[
        TunableTable {
            title: "skyjo evaluation and search",
            tunables: SKYJO_TUNABLES,
        },
        TunableTable {
            title: "skyjo levels",
            tunables: LEVEL_TUNABLES,
        },
        TunableTable {
            title: "skyjo reference players",
            tunables: REFERENCE_TUNABLES,
        },
    ];
    /// Plies of one round (a normal eight-player round takes a few
    /// hundred): past it the round is stalled. The turn limit
    /// ([`Rules::turn_limit`]) ends every round well before, so no game
    /// stalls.
    const MAX_PLIES: usize = MAX_ROUND_PLIES;

    fn new(rules: Rules) -> Result<Self, String> {
        if rules.end_score > MAX_END_SCORE {
            return Err(format!(
                "end_score is a number from 1 to {MAX_END_SCORE}, not {}",
                rules.end_score
            ));
        }
        Skyjo::new(rules).map_err(|e| e.to_string())
    }

    fn options(&self) -> Rules {
        self.rules().clone()
    }

    fn game(&self) -> &Skyjo {
        self
    }

    fn start(&self, seed: u64) -> State {
        self.new_game(seed)
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<BoxedPlayer<Skyjo>, SpecError> {
        match spec {
            PlayerSpec::Custom { name, .. } if name == "level" || name == "master" => {
                Ok(Box::new(SkyjoAi::new(level(spec)?, seed)))
            }
            PlayerSpec::Custom { name, .. } if name == "ref" => {
                let style = spec
                    .to_string()
                    .parse::<RefStyle>()
                    .map_err(|e| SpecError::BadArgument {
                        spec: spec.to_string(),
                        problem: e.to_string(),
                    })?;
                Ok(Box::new(RefPlayer::new(style, seed)))
            }
            _ => players::sampling(spec, seed).ok_or_else(|| SpecError::BadArgument {
                spec: spec.to_string(),
                problem: "not a Skyjo player".into(),
            }),
        }
    }

    fn policy(&self, spec: &PlayerSpec, seed: u64) -> Option<BoxedPlayer<Skyjo>> {
        // Levels 3-4 and the Master search primed by the move scorer, which
        // level 2 plays with little noise; levels 1-2 search nothing.
        match level(spec).ok()? {
            LevelSpec::Level(n @ 1..=2) => Some(Box::new(SkyjoAi::new(LevelSpec::Level(n), seed))),
            _ => Some(Box::new(SkyjoAi::new(LevelSpec::Level(2), seed))),
        }
    }

    fn turn(&self, obs: &Observation) -> Turn {
        match obs.phase {
            Phase::Over => Turn::Terminal,
            Phase::Drawing => Turn::Chance,
            _ => Turn::Seat(usize::from(obs.to_move)),
        }
    }

    fn check_state(&self, state: &State) -> Result<(), String> {
        state.check_conservation().map_err(|e| e.to_string())
    }

    fn check_observation(&self, obs: &Observation, seat: Seat) -> Result<(), String> {
        check_seat_observation(self, obs, seat, false)
    }

    fn check_observation_for(
        &self,
        obs: &Observation,
        seat: Seat,
        player: &PlayerSpec,
        table: TableKind,
    ) -> Result<(), String> {
        // The Master at a solo table is handed the draw pile (observe_for).
        let pile = is_master(player) && self.seat_allowed(player, table).is_ok();
        check_seat_observation(self, obs, seat, pile)
    }

    fn observe_for(&self, state: &State, seat: Seat, player: &PlayerSpec, table: TableKind) -> Observation {
        if is_master(player) {
            observe(self, state, seat, table, LevelSpec::Master)
        } else {
            self.observation(state, seat)
        }
    }

    fn view(&self, obs: &Observation, seat: Seat) -> SkyjoView {
        SkyjoView::of(self, obs, seat)
    }

    fn render(&self, obs: &Observation, _seat: Seat) -> String {
        render(obs)
    }

    fn action_text(&self, action: Action) -> String {
        action_text(action)
    }

    fn hidden_text(&self, _kind: Hidden) -> String {
        "drew a card".to_string()
    }

    fn parse_action(&self, obs: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let mut legal = Vec::new();
        self.legal_from_observation(obs, seat, &mut legal);
        parse_action(text, &legal).map_err(|e| e.to_string())
    }

    fn note(&self, before: &Observation, after: &Observation, _seat: Seat) -> Option<String> {
        (after.rounds_played > before.rounds_played).then(|| {
            let join = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(" ");
            // A round without a closer was ended by the turn limit: say so,
            // or nobody could tell why it stopped.
            let limit = if after.prev_closer.is_none() {
                format!(
                    " (nobody closed in {} turns: the turn limit ended it)",
                    before.round_turns + 1
                )
            } else {
                String::new()
            };
            format!(
                "Round {} scores{limit}: {}; totals: {}",
                after.rounds_played,
                join(&after.last_round),
                join(&after.totals)
            )
        })
    }

    fn seat_allowed(&self, player: &PlayerSpec, table: TableKind) -> Result<(), String> {
        if is_master(player) && table != TableKind::Solo {
            return Err(
                "the Master sees the draw pile, a handicap offered only at a solo table (one person, one computer)"
                    .into(),
            );
        }
        Ok(())
    }

    /// Each grid's cards in cell order, every face-down one shown (a
    /// removed column's cells are left out).
    fn face_up(&self, state: &State) -> Option<Vec<Vec<String>>> {
        Some(
            (0..state.players())
                .map(|s| {
                    state.cells[s]
                        .iter()
                        .filter(|&&c| c != crate::rules::NONE)
                        .map(|&c| crate::rules::value_of(c).to_string())
                        .collect()
                })
                .collect(),
        )
    }

    fn swap_unseen(&self, state: &mut State, observer: Seat) -> bool {
        // The first two unseen cards of different values: deterministic, so
        // a front end that replays its games replays the exchange too.
        let places = state.unseen_places(observer);
        let value = |p| crate::rules::value_of(state.card_at(p));
        let Some(&a) = places.first() else {
            return false;
        };
        let Some(&b) = places.iter().find(|&&p| value(p) != value(a)) else {
            return false;
        };
        state.swap_cards(a, b);
        true
    }

    fn scoresheet(&self, state: &State) -> Option<Scoresheet> {
        Some(Scoresheet::seats(state.totals(), Some(state.rounds_played() as u32)))
    }

    /// Each entrant's mean round score (`a_mean_round`, `b_mean_round`…),
    /// over the games that finished: its seats' totals over the rounds.
    fn arena_fields(&self, games: &[Played]) -> Map<String, Value> {
        let entrants = games
            .iter()
            .flat_map(|p| p.entrants.iter().copied())
            .max()
            .map_or(0, |e| e + 1);
        let mut out = Map::new();
        for e in 0..entrants.min(26) {
            let (mut points, mut rounds) = (0.0, 0.0);
            for p in games {
                let Some(sheet) = &p.scoresheet else { continue };
                let r = f64::from(sheet.rounds.unwrap_or(0));
                for s in p.seats_of(e) {
                    points += sheet.scores[s];
                    rounds += r;
                }
            }
            let letter = (b'a' + e as u8) as char;
            out.insert(
                format!("{letter}_mean_round"),
                json!(if rounds > 0.0 { points / rounds } else { 0.0 }),
            );
        }
        out
    }

    fn round(&self, state: &State) -> u32 {
        state.rounds_played() as u32
    }
}

/// The bench: the library's sampling searches on the first decision of
/// deal 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<Skyjo>(1_658, 500)
}
