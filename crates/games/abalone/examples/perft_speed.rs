//! Bulk perft speed on one core from a layout:
//! `cargo run --release -p tabula-abalone --example perft_speed -- [layout] [depth]`.

use std::time::Instant;

use tabula_abalone::*;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let layout = args.get(1).map_or("standard", String::as_str);
    let depth: usize = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(5);
    let pos: Position = layout.parse().expect("a layout or position");
    for mode in [PerftMode::Bulk, PerftMode::Generate] {
        let t = Instant::now();
        let counts = perft(&pos, depth, mode);
        let s = t.elapsed().as_secs_f64();
        let leaves = *counts.last().unwrap_or(&0);
        println!(
            "{mode:?}: {counts:?} in {s:.3} s, {:.1} M leaves/s on one core",
            leaves as f64 / s / 1e6
        );
    }
}
