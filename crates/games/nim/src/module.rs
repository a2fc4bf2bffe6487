//! Nim on the game contract: its options (the heaps, misère play), its
//! players (the perfect player and the library's searches), the heaps as
//! text and as a view, moves written `HEAP:COUNT` (heaps from 1).

use serde::{Deserialize, Serialize};
use tabula_contract::capability::{BenchSearch, Capabilities};
use tabula_contract::players::{self, BoxedPlayer};
use tabula_contract::{GameInfo, GameModule, OptionDoc, PlayerInfo, PlayerSpec, SpecError};
use tabula_search::{Game, Seat, Turn};

use crate::view::NimView;
use crate::{Nim, Perfect, State, Take};

/// The rules options (the JSON fields of the same names).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NimOptions {
    /// The starting heaps.
    pub heaps: Vec<u8>,
    /// Whoever takes the last counter loses.
    pub misere: bool,
}

impl Default for NimOptions {
    fn default() -> Self {
        NimOptions {
            heaps: vec![3, 4, 5],
            misere: false,
        }
    }
}

impl GameModule for Nim {
    type Game = Nim;
    type Options = NimOptions;
    type View = NimView;

    const INFO: GameInfo = GameInfo {
        name: "nim",
        title: "Nim",
        summary: "Nim: take counters from one heap; the last counter wins (or loses, misère); moves like 2:3",
        min_seats: 2,
        max_seats: 2,
        hidden_information: false,
        chance: false,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new("heaps", "the starting heaps, 1 to 8 of them, up to 31 counters each"),
        OptionDoc::new("misere", "misère play: whoever takes the last counter loses"),
    ];
    const PLAYERS: &'static [PlayerInfo] = &[
        PlayerInfo {
            name: "perfect",
            form: "perfect",
            example: "perfect",
            title: "Perfect",
            description: "wins whenever the position allows it (nim-sums, Bouton 1901)",
        },
        players::RANDOM,
        players::MINIMAX,
        players::ALPHABETA,
        players::MCTS,
    ];
    const DEFAULT_PLAYER: &'static str = "perfect";
    const RULES: &'static str = include_str!("../RULES.md");
    const CAPABILITIES: Capabilities = Capabilities {
        bench,
        ..Capabilities::NONE
    };

    fn new(o: NimOptions) -> Result<Self, String> {
        Nim::new(&o.heaps, o.misere)
    }

    fn options(&self) -> NimOptions {
        NimOptions {
            heaps: self.start.heaps().to_vec(),
            misere: self.misere,
        }
    }

    fn game(&self) -> &Nim {
        self
    }

    fn start(&self, _seed: u64) -> State {
        self.start
    }

    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<BoxedPlayer<Nim>, SpecError> {
        match spec {
            PlayerSpec::Custom { name, arg: None } if name == "perfect" => Ok(Box::new(Perfect)),
            _ => players::minimax(spec)
                .or_else(|| players::alphabeta(spec, 1 << 20))
                .or_else(|| players::mcts(spec, seed))
                .or_else(|| players::sampling(spec, seed))
                .ok_or_else(|| SpecError::BadArgument {
                    spec: spec.to_string(),
                    problem: "not a Nim player (perfect takes no argument)".into(),
                }),
        }
    }

    fn policy(&self, spec: &PlayerSpec, _seed: u64) -> Option<BoxedPlayer<Nim>> {
        // Bouton's rule is a formula, not a search: its own policy.
        matches!(spec, PlayerSpec::Custom { name, arg: None } if name == "perfect")
            .then(|| Box::new(Perfect) as BoxedPlayer<Nim>)
    }

    fn turn(&self, s: &State) -> Turn {
        self.to_move(s)
    }

    fn check_observation(&self, s: &State, _seat: Seat) -> Result<(), String> {
        let start = self.start.heaps();
        if s.heaps().len() != start.len() {
            return Err(format!("this game has {} heaps, not {}", start.len(), s.heaps().len()));
        }
        if let Some(i) = (0..start.len()).find(|&i| s.heaps()[i] > start[i]) {
            return Err(format!("heap {} cannot grow past its start of {}", i + 1, start[i]));
        }
        let taken: u32 = start.iter().zip(s.heaps()).map(|(&a, &b)| u32::from(a - b)).sum();
        // Every move takes a counter: seat 1 moves after an odd number of them, at least.
        if taken == 0 && s.to_move() == 1 {
            return Err("seat 1 cannot move before any counter is taken".into());
        }
        Ok(())
    }

    fn view(&self, s: &State, _seat: Seat) -> NimView {
        NimView::of(s, self.misere)
    }

    fn render(&self, s: &State, _seat: Seat) -> String {
        let mut out = String::new();
        for (i, &h) in s.heaps().iter().enumerate() {
            out.push_str(&format!("heap {}: {:>2} {}\n", i + 1, h, "|".repeat(usize::from(h))));
        }
        out.push_str(if self.misere {
            "Misère: whoever takes the last counter loses."
        } else {
            "Whoever takes the last counter wins."
        });
        out
    }

    fn action_text(&self, t: Take) -> String {
        format!("{}:{}", t.heap + 1, t.count)
    }

    fn parse_action(&self, s: &State, _seat: Seat, text: &str) -> Result<Take, String> {
        let bad = || format!("'{}' is not a move; type heap:count, e.g. 1:2", text.trim());
        let (heap, count) = text.trim().split_once(':').ok_or_else(bad)?;
        let heap: u8 = heap.trim().parse().map_err(|_| bad())?;
        let count: u8 = count.trim().parse().map_err(|_| bad())?;
        let n = s.heaps().len();
        if heap == 0 || usize::from(heap) > n {
            return Err(format!("heaps are numbered 1 to {n}"));
        }
        let there = s.heaps()[usize::from(heap - 1)];
        if count == 0 || count > there {
            return Err(format!("heap {heap} holds {there}: take 1 to {there}"));
        }
        Ok(Take { heap: heap - 1, count })
    }
}

/// The bench: full minimax from heaps 2, 3, 4, and plain alpha-beta under
/// misère play from the default heaps (3, 4, 5).
fn bench() -> Vec<BenchSearch> {
    use tabula_search::{AlphaBeta, AlphaBetaConfig, Budget, Minimax, NaturalOrder, Utility};

    let normal = Nim::new(&[2, 3, 4], false).expect("valid heaps");
    let misere = Nim::new(&[3, 4, 5], true).expect("valid heaps");
    vec![
        BenchSearch::new("nim minimax, heaps 2 3 4", 20_652, move || {
            Minimax::new()
                .search(&normal, &normal.start, None, &Utility, &Budget::unlimited(), false)
                .result
        }),
        BenchSearch::new("nim alpha-beta, misère, heaps 3 4 5", 30_492, move || {
            AlphaBeta::new(AlphaBetaConfig::plain()).search(
                &misere,
                &misere.start,
                None,
                &Utility,
                &NaturalOrder,
                &Budget::unlimited(),
            )
        }),
    ]
}
