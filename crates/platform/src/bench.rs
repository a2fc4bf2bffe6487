//! `tabula bench`: fixed positions, fixed budgets, one thread. The total of
//! nodes searched is a regression signature: it changes only when search
//! behaviour changes (a refactor keeps it).

use std::time::Duration;

use serde::Serialize;
use tabula_diagonal::{Computer, Diagonal, Greedy, daily_grid};
use tabula_search::*;
use tabula_testgames::{DiceDuel, MiniWhist};
use tabula_tictactoe::report::MCTS_POSITION;
use tabula_tictactoe::{Board, CentreFirst, OpenLines, TicTacToe};

/// One search of the bench.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchEntry {
    /// What was searched.
    pub name: &'static str,
    /// The action chosen, as text.
    pub action: String,
    /// The value reported.
    pub value: f64,
    /// Nodes searched (tree searches: states visited; MCTS-like: tree nodes).
    pub nodes: u64,
    /// Iterations (sampling searches).
    pub iterations: u64,
    /// Visits (or subtree nodes) per root action, in the game's order.
    pub root_visits: Vec<u64>,
    /// Time taken.
    #[serde(skip)]
    pub elapsed: Duration,
}

/// The whole bench.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchReport {
    /// Every search.
    pub entries: Vec<BenchEntry>,
    /// Nodes plus iterations over every search: the signature.
    pub nodes_searched: u64,
    /// A hash of every entry's action, counts and root visits.
    pub fingerprint: String,
    /// Nodes (plus iterations) per second over the whole bench.
    pub nodes_per_second: f64,
}

/// Runs one search, timed on the system clock (the searches themselves
/// read no clock: their budgets count work).
fn timed<A: std::fmt::Debug>(name: &'static str, search: impl FnOnce() -> SearchResult<A>) -> BenchEntry {
    let start = std::time::Instant::now();
    let r = search();
    let elapsed = start.elapsed();
    BenchEntry {
        name,
        action: r.action.map_or_else(|| "none".to_string(), |a| format!("{a:?}")),
        value: r.value,
        nodes: r.stats.nodes,
        iterations: r.stats.iterations,
        root_visits: r.stats.root.iter().map(|s| s.visits).collect(),
        elapsed,
    }
}

fn board(text: &str) -> Board {
    text.parse().expect("bench positions are legal")
}

/// Runs every search of the bench on the calling thread.
pub fn run() -> BenchReport {
    let mut entries = Vec::new();
    let unlimited = Budget::unlimited();
    let empty = Board::new();

    let mut mm = Minimax::new();
    entries.push(timed("tictactoe minimax, x in the centre", || {
        mm.search(&TicTacToe, &board("....x...."), None, &Utility, &unlimited, false)
            .result
    }));

    let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
    entries.push(timed("tictactoe alpha-beta, natural order", || {
        ab.search(&TicTacToe, &empty, None, &Utility, &NaturalOrder, &unlimited)
    }));
    entries.push(timed("tictactoe alpha-beta, centre first", || {
        ab.search(&TicTacToe, &empty, None, &Utility, &CentreFirst, &unlimited)
    }));

    let mut id = AlphaBeta::new(AlphaBetaConfig {
        tt_bytes: 1 << 20,
        ..AlphaBetaConfig::default()
    });
    for (name, position) in [
        ("tictactoe iterative deepening + TT, empty board", "........."),
        ("tictactoe iterative deepening + TT, teaching position", MCTS_POSITION),
    ] {
        id.clear();
        entries.push(timed(name, || {
            id.iterative_deepening(&TicTacToe, &board(position), None, &OpenLines, &CentreFirst, &unlimited)
        }));
    }
    id.clear();
    entries.push(timed("tictactoe alpha-beta depth 4 + TT, empty board", || {
        id.search(&TicTacToe, &empty, Some(4), &OpenLines, &CentreFirst, &unlimited)
    }));

    let mut mcts = Mcts::new(MctsConfig::default());
    entries.push(timed("tictactoe MCTS 20,000 iterations, empty board", || {
        mcts.search(
            &TicTacToe,
            &empty,
            &mut RandomRollout::new(),
            &NoPrior,
            &Budget::iterations(20_000),
            1,
        )
    }));

    let mut ismcts = Ismcts::new(IsmctsConfig::default());
    entries.push(timed("tictactoe ISMCTS 5,000 iterations, teaching position", || {
        ismcts.search(
            &TicTacToe,
            &board(MCTS_POSITION),
            0,
            &mut RandomRollout::new(),
            &Budget::iterations(5_000),
            2,
        )
    }));

    entries.push(timed("tictactoe root-UCB 5,000 samples, teaching position", || {
        root_ucb(
            &TicTacToe,
            &board(MCTS_POSITION),
            0,
            &mut RandomRollout::new(),
            &RootUcbConfig::default(),
            &Budget::iterations(5_000),
            3,
        )
    }));

    entries.push(timed("tictactoe expectiminimax, two marks", || {
        expectiminimax(&TicTacToe, &board("x...o...."), None, &Utility, &unlimited)
    }));

    entries.push(timed("dice duel expectiminimax", || {
        expectiminimax(&DiceDuel, &DiceDuel.initial_state(), None, &Utility, &unlimited)
    }));

    // A fixed Mini Whist deal, seen by seat 0 at its first decision.
    let game = MiniWhist;
    let mut deal = game.initial_state();
    let mut rng = Rng::new(11);
    while game.to_move(&deal) == Turn::Chance {
        let card = game.sample_chance(&deal, &mut rng);
        game.apply(&mut deal, card);
    }
    let view = game.observation(&deal, 0);
    for (name, mode) in [
        (
            "miniwhist SO-ISMCTS 5,000 iterations, first discard",
            IsmctsMode::SingleObserver,
        ),
        (
            "miniwhist MO-ISMCTS 5,000 iterations, first discard",
            IsmctsMode::MultipleObserver,
        ),
    ] {
        let mut search = Ismcts::new(IsmctsConfig {
            mode,
            ..IsmctsConfig::default()
        });
        entries.push(timed(name, || {
            search.search(
                &game,
                &view,
                0,
                &mut RandomRollout::new(),
                &Budget::iterations(5_000),
                4,
            )
        }));
    }
    entries.push(timed("miniwhist root-UCB 5,000 samples, first discard", || {
        root_ucb(
            &game,
            &view,
            0,
            &mut RandomRollout::new(),
            &RootUcbConfig::default(),
            &Budget::iterations(5_000),
            5,
        )
    }));

    // Jamais en diagonale: the daily computer on a fixed daily grid after
    // the first move, then an exact endgame solve later in the same game.
    let rules = Diagonal::standard();
    let grid = daily_grid("2026-11-29".parse().expect("a valid date"));
    let mut state = rules.start(&grid);
    rules.apply(&mut state, 12);
    let mut computer = Computer::daily();
    entries.push(timed(
        "diagonal alpha-beta 7 plies, daily grid 2026-11-29 after c3",
        || computer.think(&rules, &state),
    ));
    while state.free_count() > 14 {
        let cell = Greedy::pick(&rules, &state).expect("the game is not over");
        rules.apply(&mut state, cell);
    }
    entries.push(timed("diagonal exact endgame, 14 free cells", || {
        computer.think(&rules, &state)
    }));

    // Abalone: the level-4 search to a fixed depth from the Belgian daisy
    // (no node limit, no noise, so only the search decides the count).
    let belgian = tabula_abalone::Abalone::new(tabula_abalone::Layout::Belgian.position());
    let config = tabula_abalone::SearchConfig {
        max_depth: 7,
        max_nodes: None,
        noise: 0,
        ..tabula_abalone::SearchConfig::default()
    };
    let mut abalone = tabula_abalone::Computer::new(config, 0);
    entries.push(timed("abalone alpha-beta 7 plies, Belgian daisy", || {
        abalone.choose(&belgian, &belgian.initial_state(), 0)
    }));

    summarize(entries)
}

fn summarize(entries: Vec<BenchEntry>) -> BenchReport {
    let nodes_searched: u64 = entries.iter().map(|e| e.nodes + e.iterations).sum();
    let seconds: f64 = entries.iter().map(|e| e.elapsed.as_secs_f64()).sum();
    // FNV-1a over what the searches decided and counted (not their timing).
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for e in &entries {
        let text = format!(
            "{}|{}|{}|{}|{:?}",
            e.name, e.action, e.nodes, e.iterations, e.root_visits
        );
        for byte in text.bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    BenchReport {
        entries,
        nodes_searched,
        fingerprint: format!("{hash:016x}"),
        nodes_per_second: if seconds > 0.0 {
            nodes_searched as f64 / seconds
        } else {
            0.0
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_search_gives_the_same_result_twice() {
        let a = run();
        let b = run();
        assert_eq!(a.entries.len(), b.entries.len());
        for (x, y) in a.entries.iter().zip(&b.entries) {
            assert_eq!(
                (x.name, &x.action, x.value, x.nodes, x.iterations, &x.root_visits),
                (y.name, &y.action, y.value, y.nodes, y.iterations, &y.root_visits)
            );
        }
        assert_eq!(a.nodes_searched, b.nodes_searched);
        assert_eq!(a.fingerprint, b.fingerprint);
    }
}
