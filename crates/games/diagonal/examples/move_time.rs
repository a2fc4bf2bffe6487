//! Times the daily computer (alpha-beta at 7 plies, exact in the endgame)
//! on fresh 5 × 5 grids with traps.
//!
//! `cargo run --release -p tabula-diagonal --example move_time [GRIDS] [ENDGAME_CELLS] [DEPTH] [SIZE]`
//! (defaults: 100 grids, 14 cells, 7 plies, 5 × 5)
//!
//! For each grid (seeds 0, 1, 2, … through `derive_seed`), the greedy player
//! (seat 0, the human's seat) plays the computer (seat 1) to the end; every
//! computer move is timed. Prints the median and the worst time of the
//! computer's first move (its reply to the opening, the fullest grid), of all
//! its depth-limited moves and of its exact endgame solves, with nodes.

use std::time::{Duration, Instant};

use tabula_diagonal::ai::ENDGAME_CELLS;
use tabula_diagonal::{Computer, ComputerConfig, Diagonal, Greedy, Grid, GridSpec};
use tabula_search::Game;
use tabula_search::rng::derive_seed;

#[derive(Clone, Copy)]
struct Timing {
    time: Duration,
    nodes: u64,
}

fn summary(name: &str, mut t: Vec<Timing>) {
    if t.is_empty() {
        println!("{name:<28} (none)");
        return;
    }
    t.sort_by_key(|x| x.time);
    let median = &t[t.len() / 2];
    let worst = t.last().expect("not empty");
    let mut nodes: Vec<u64> = t.iter().map(|x| x.nodes).collect();
    nodes.sort_unstable();
    println!(
        "{name:<28} {:>5} moves  median {:>8.2} ms  worst {:>8.2} ms  nodes median {:>9}  max {:>9}",
        t.len(),
        median.time.as_secs_f64() * 1e3,
        worst.time.as_secs_f64() * 1e3,
        nodes[nodes.len() / 2],
        nodes[nodes.len() - 1],
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let grids: u64 = args.first().map_or(100, |a| a.parse().expect("GRIDS is a number"));
    let endgame: u32 = args
        .get(1)
        .map_or(ENDGAME_CELLS, |a| a.parse().expect("ENDGAME_CELLS is a number"));
    let depth: u32 = args.get(2).map_or(7, |a| a.parse().expect("DEPTH is a number"));
    let size: u8 = args.get(3).map_or(5, |a| a.parse().expect("SIZE is a number"));
    let rules = Diagonal::standard();
    let mut computer = Computer::new(ComputerConfig {
        depth,
        endgame_cells: endgame,
        ..ComputerConfig::default()
    });
    let (mut first, mut limited, mut exact) = (Vec::new(), Vec::new(), Vec::new());
    let mut per_grid_worst = Vec::new();
    for g in 0..grids {
        let spec = GridSpec {
            size,
            ..GridSpec::new(derive_seed(0x4D0E_71E5, g))
        };
        let grid = Grid::generate(&spec).expect("a valid size");
        let mut s = rules.start(&grid);
        let mut seen_first = false;
        let mut worst = Timing {
            time: Duration::ZERO,
            nodes: 0,
        };
        while let Some(seat) = rules.to_move(&s).seat() {
            let cell = if seat == 0 {
                Greedy::pick(&rules, &s).expect("a move")
            } else {
                let solves = computer.solves(&s);
                let start = Instant::now();
                let r = computer.think(&rules, &s);
                let t = Timing {
                    time: start.elapsed(),
                    nodes: r.stats.nodes,
                };
                if t.time > worst.time {
                    worst = t;
                }
                if !seen_first {
                    seen_first = true;
                    first.push(t);
                }
                if solves {
                    exact.push(t);
                } else {
                    limited.push(t);
                }
                r.action.expect("a move")
            };
            rules.apply(&mut s, cell);
        }
        per_grid_worst.push(worst);
    }
    println!(
        "{grids} fresh {size}x{size} grids with traps, greedy (seat 0) against alpha-beta {depth} plies, exact at <= {endgame} free cells"
    );
    summary("first computer move", first);
    summary("depth-limited moves", limited);
    summary("exact endgame solves", exact);
    summary("worst move of each game", per_grid_worst);
}
