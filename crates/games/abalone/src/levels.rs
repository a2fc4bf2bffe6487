//! The computer's tunables and levels: [`SearchConfig`], the table of its
//! defaults ([`ABALONE_TUNABLES`]), and the four [`Level`]s.

use std::time::Duration;

use tabula_search::Tunable;

use crate::eval::Weights;
use crate::game::NO_PROGRESS_PLIES;

/// The search's tunables.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Deepest iteration of iterative deepening.
    pub max_depth: u32,
    /// Nodes per move (quiescence included); `None` for no node limit.
    pub max_nodes: Option<u64>,
    /// Time per move; `None` for no time limit (time limits are not reproducible).
    pub time: Option<Duration>,
    /// Memory of the transposition table.
    pub tt_bytes: usize,
    /// Null-move pruning on/off.
    pub null_move: bool,
    /// Late-move reductions on/off.
    pub late_move_reductions: bool,
    /// Plies of quiescence (ejections only) past the horizon.
    pub quiescence_plies: u32,
    /// Amplitude of the seeded evaluation noise (0: none).
    pub noise: i32,
    /// The evaluation weights.
    pub weights: Weights,
    /// Play from the installed tablebases ([`crate::tablebase::install`])
    /// when the material is inside a solved class.
    pub tablebase: bool,
}

impl SearchConfig {
    /// The same evaluation, noise and tablebase searched one ply deep
    /// without quiescence or limits: level 1's search, and each level's
    /// no-search policy.
    pub fn one_ply(self) -> SearchConfig {
        SearchConfig {
            max_depth: 1,
            max_nodes: None,
            time: None,
            tt_bytes: 1 << 16,
            quiescence_plies: 0,
            ..self
        }
    }
}

impl Default for SearchConfig {
    fn default() -> Self {
        Level::new(4).expect("level 4 exists").config()
    }
}

/// The table of the computer's tunables (name, default, meaning).
pub const ABALONE_TUNABLES: &[Tunable] = &[
    Tunable::int(
        "max_depth",
        64,
        "deepest iteration of iterative deepening (levels 1-3: 1, 2, 4)",
    ),
    Tunable::int(
        "max_nodes",
        1_000_000,
        "nodes per move at level 4, quiescence included (levels 1-3: none)",
    ),
    Tunable::int(
        "tt_bytes",
        32 << 20,
        "transposition table memory, emptied before each search",
    ),
    Tunable::flag(
        "null_move",
        true,
        "null-move pruning, reduction 2 + depth/6, off in PV nodes and near mates",
    ),
    Tunable::flag(
        "late_move_reductions",
        true,
        "quiet moves after the 3rd searched one ply shallower (two after the 8th), re-searched if they raise alpha",
    ),
    Tunable::int("quiescence_plies", 8, "plies of ejection-only search past the horizon"),
    Tunable::int(
        "noise",
        2,
        "seeded evaluation noise amplitude (levels 1-3: 300, 40, 8); varies games between seeds",
    ),
    Tunable::flag(
        "tablebase",
        true,
        "play perfectly from installed Discovery tablebases inside solved classes (levels 3-4; levels 1-2 never)",
    ),
    Tunable::int("material", 1_000, "evaluation: per marble of material difference"),
    Tunable::int("centre", 12, "evaluation: per marble per ring nearer e5"),
    Tunable::int("cohesion", 6, "evaluation: per pair of friendly neighbours"),
    Tunable::int("rim", -10, "evaluation: per marble on the rim"),
    Tunable::int("threatened", -60, "evaluation: per ejection the opponent threatens"),
    Tunable::int("threatening", 25, "evaluation: per ejection the side to move threatens"),
    Tunable::int(
        "no_progress",
        NO_PROGRESS_PLIES as i64,
        "plies without an ejection after which the game is drawn (scored 0 in search)",
    ),
];

/// A difficulty level, 1 (a noisy one-ply player) to 4 (full search).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// Level `n` (1–4).
    pub fn new(n: u8) -> Option<Level> {
        (1..=4).contains(&n).then_some(Level(n))
    }

    /// The level number.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The search configuration of this level.
    pub fn config(self) -> SearchConfig {
        let full = SearchConfig {
            max_depth: 64,
            max_nodes: Some(1_000_000),
            time: None,
            tt_bytes: 32 << 20,
            null_move: true,
            late_move_reductions: true,
            quiescence_plies: 8,
            noise: 2,
            weights: Weights::default(),
            tablebase: true,
        };
        match self.0 {
            1 => SearchConfig {
                noise: 300,
                tablebase: false,
                ..full.one_ply()
            },
            2 => SearchConfig {
                max_depth: 2,
                max_nodes: None,
                tt_bytes: 1 << 20,
                noise: 40,
                tablebase: false,
                ..full
            },
            3 => SearchConfig {
                max_depth: 4,
                max_nodes: None,
                tt_bytes: 4 << 20,
                noise: 8,
                ..full
            },
            _ => full,
        }
    }
}
