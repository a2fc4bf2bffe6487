//! Abalone on the game contract: layouts (or any position) as rules
//! options, the computer's levels as players, the board as text and as a
//! view, the tablebase verdict and best move where tables are installed,
//! and the endgame trainer (`layout: "trainer-4v2"`, see [`crate::trainer`]).

use serde::{Deserialize, Serialize};
use tabula_contract::players::{self, BoxedPlayer};
use tabula_contract::{Capabilities, GameInfo, GameModule, OptionDoc, PlayerInfo, PlayerSpec, Scoresheet, SpecError};
use tabula_search::backward::Value as TableValue;
use tabula_search::{Game, Seat, TunableTable, Turn};

use crate::ai::{ABALONE_TUNABLES, Computer, Level};
use crate::game::{Abalone, NO_PROGRESS_PLIES, State};
use crate::moves::Move;
use crate::position::{Layout, Side};
use crate::trainer;
use crate::view::{AbaloneView, ejected};

/// The rules options (the JSON fields of the same names).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbaloneOptions {
    /// The starting layout; `None` (with no position) is the Belgian daisy.
    /// `trainer-XvY` is the endgame trainer of class `XvY`.
    pub layout: Option<String>,
    /// A starting position instead of a layout.
    pub position: Option<String>,
    /// Plies without an ejection after which the game is drawn.
    pub no_progress: u16,
}

impl Default for AbaloneOptions {
    fn default() -> Self {
        AbaloneOptions {
            layout: None,
            position: None,
            no_progress: NO_PROGRESS_PLIES,
        }
    }
}

/// The level of a `level:N` spec.
fn level(spec: &PlayerSpec) -> Result<Level, SpecError> {
    let PlayerSpec::Custom { arg, .. } = spec else {
        unreachable!("only level specs reach here")
    };
    arg.as_deref()
        .and_then(|a| a.parse::<u8>().ok())
        .and_then(Level::new)
        .ok_or_else(|| SpecError::BadArgument {
            spec: spec.to_string(),
            problem: "levels are level:1 (weakest) to level:4 (strongest)".into(),
        })
}

impl GameModule for Abalone {
    type Game = Abalone;
    type Options = AbaloneOptions;
    type View = AbaloneView;

    const INFO: GameInfo = GameInfo {
        name: "abalone",
        title: "Abalone",
        summary: "Abalone: push six opposing marbles off the hexagon (moves like a1a3:ne, c3:w)",
        min_seats: 2,
        max_seats: 2,
        hidden_information: false,
        chance: false,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::choice(
            "layout",
            "the starting layout: standard, belgian (the default), german or discovery; \
                      trainer-3v2 or trainer-4v2 start from a random Discovery endgame that Black \
                      (you, seat 0) wins with best play, drawn from the installed tablebase",
            &[
                "belgian",
                "standard",
                "german",
                "discovery",
                "trainer-3v2",
                "trainer-4v2",
            ],
        ),
        OptionDoc::new(
            "position",
            "a starting position instead, e.g. 'black:a1,a2,b2 white:e5,i9 to:black'",
        ),
        OptionDoc::new(
            "no_progress",
            "plies without an ejection after which the game is drawn (1 to 10000)",
        ),
    ];
    const PLAYERS: &'static [PlayerInfo] = &[
        PlayerInfo {
            name: "level",
            form: "level:N",
            example: "level:1",
            title: "Computer",
            description: "the computer, level 1 (a noisy one-ply player) to 4 (full search, perfect in solved endgames)",
        },
        players::RANDOM,
        players::MCTS,
    ];
    const DEFAULT_PLAYER: &'static str = "level:4";
    const RULES: &'static str = include_str!("../RULES.md");
    const CAPABILITIES: Capabilities = crate::capabilities::CAPABILITIES;
    const TUNABLES: &'static [TunableTable] = &[TunableTable {
        title: "abalone computer",
        tunables: ABALONE_TUNABLES,
    }];

    fn new(o: AbaloneOptions) -> Result<Self, String> {
        let trainer = o.layout.as_deref().and_then(trainer::parse).transpose()?;
        if let Some(class) = trainer {
            trainer::check_installed(class)?;
        }
        let start = match (&o.layout, &o.position) {
            (Some(_), Some(_)) => return Err("give a layout or a position, not both".into()),
            // The trainer's games start from a drawn position; this one only stands in.
            (Some(_), None) if trainer.is_some() => Layout::Discovery.position(),
            (_, Some(p)) => crate::tablebase::parse_position(p).map_err(|e| format!("position: {e}"))?,
            (Some(l), None) => Layout::parse(l).map_err(|e| e.to_string())?.position(),
            (None, None) => Layout::Belgian.position(),
        };
        if !(1..=10_000).contains(&o.no_progress) {
            return Err(format!(
                "no_progress is a number of plies from 1 to 10000, not {}",
                o.no_progress
            ));
        }
        let mut game = Abalone::new(start);
        game.no_progress = o.no_progress;
        game.trainer = trainer;
        Ok(game)
    }

    fn options(&self) -> AbaloneOptions {
        if let Some(class) = self.trainer {
            return AbaloneOptions {
                layout: Some(format!("{}{class}", trainer::PREFIX)),
                position: None,
                no_progress: self.no_progress,
            };
        }
        let layout = Layout::ALL.into_iter().find(|l| l.position() == self.start);
        AbaloneOptions {
            layout: layout.map(|l| l.name().to_string()),
            position: layout.is_none().then(|| self.start.to_string()),
            no_progress: self.no_progress,
        }
    }

    fn game(&self) -> &Abalone {
        self
    }

    fn start(&self, seed: u64) -> State {
        // `new` checked that the trainer's tables are installed (for good: they never go).
        match self
            .trainer
            .and_then(|class| trainer::start(crate::tablebase::installed()?, class, seed))
        {
            Some(position) => State::new(position),
            None => self.initial_state(),
        }
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<BoxedPlayer<Abalone>, SpecError> {
        match spec {
            PlayerSpec::Custom { name, .. } if name == "level" => Ok(Box::new(Computer::at_level(level(spec)?, seed))),
            _ => players::mcts(spec, seed)
                .or_else(|| {
                    (*spec == PlayerSpec::Random)
                        .then(|| players::sampling(spec, seed))
                        .flatten()
                })
                .ok_or_else(|| SpecError::BadArgument {
                    spec: spec.to_string(),
                    problem: "not an Abalone player".into(),
                }),
        }
    }

    fn data_serve(key: &str) -> Option<Vec<u8>> {
        crate::tablebase::web::serve(crate::tablebase::installed_quietly(), key)
    }

    fn data_provide(key: &str, bytes: Option<&[u8]>) -> Result<(), String> {
        crate::tablebase::web::provide(key, bytes)
    }

    fn data_missing() -> Vec<String> {
        crate::tablebase::web::take_missing()
    }

    fn policy(&self, spec: &PlayerSpec, seed: u64) -> Option<BoxedPlayer<Abalone>> {
        // One ply of the level's own evaluation, noise and tablebase: the
        // search without its depth (level 1 is exactly this).
        players::leveled_policy(spec, seed, 1, 4, |n, seed| {
            let own = Level::new(n).expect("leveled_policy gives levels 1 to 4").config();
            Box::new(Computer::new(own.one_ply(), seed))
        })
    }

    fn turn(&self, s: &State) -> Turn {
        self.to_move(s)
    }

    fn check_observation(&self, view: &State, _seat: Seat) -> Result<(), String> {
        // The position parsed, so it is valid; the draw counters must agree with it.
        if view.history.last() != Some(&view.position.hash()) {
            return Err("history must end with the current position's hash".into());
        }
        if view.history.len() > usize::from(view.quiet_plies) + 1 {
            return Err("history is longer than the plies since the last ejection".into());
        }
        Ok(())
    }

    fn view(&self, s: &State, _seat: Seat) -> AbaloneView {
        AbaloneView::of(self, s)
    }

    fn render(&self, view: &State, _seat: Seat) -> String {
        let mut text = view.position.diagram();
        text.push_str(&format!(
            "\nejected: black {} · white {} · plies without ejection {}/{}",
            ejected(self, view, Side::Black),
            ejected(self, view, Side::White),
            view.quiet_plies,
            self.no_progress
        ));
        if let Some(v) = crate::tablebase::installed().and_then(|t| t.value(&view.position)) {
            let mover = view.position.to_move();
            text.push_str(&match v {
                TableValue::Win(d) => format!("\ntablebase: {mover} wins in {d} plies"),
                TableValue::Loss(d) => format!("\ntablebase: {} wins in {d} plies", mover.other()),
                TableValue::Draw => "\ntablebase: drawn with best play".to_string(),
            });
        }
        text
    }

    fn action_text(&self, m: Move) -> String {
        m.to_string()
    }

    fn parse_action(&self, view: &State, _seat: Seat, text: &str) -> Result<Move, String> {
        let m: Move = text.trim().parse().map_err(|e| format!("{e}"))?;
        if !view.position.is_legal(m) {
            return Err(format!("{m} is not legal here"));
        }
        Ok(m)
    }

    fn seat_name(&self, seat: Seat) -> String {
        Side::from_index(seat).name().to_string()
    }

    fn note(&self, before: &State, after: &State, _seat: Seat) -> Option<String> {
        let mover = before.position.to_move();
        let victim = mover.other();
        let lost = before
            .position
            .count(victim)
            .checked_sub(after.position.count(victim))?;
        (lost > 0).then(|| {
            format!(
                "{mover} ejects a {victim} marble ({victim} has {} left)",
                after.position.count(victim)
            )
        })
    }

    fn scoresheet(&self, state: &State) -> Option<Scoresheet> {
        // Marbles ejected by each side.
        Some(Scoresheet {
            scores: vec![
                f64::from(ejected(self, state, Side::White)),
                f64::from(ejected(self, state, Side::Black)),
            ],
            rounds: None,
        })
    }
}
