//! Regenerates `tests/data/layouts.perft`, the perft expectations of the
//! 14-marble layouts:
//! `cargo run --release -p tabula-abalone --example perft_file > crates/games/abalone/tests/data/layouts.perft`.

use tabula_abalone::*;

fn main() {
    println!("# Abalone perft from the 14-marble layouts: the number of move sequences");
    println!("# of length 1, 2, 3, 4, 5 (Black to move). Regenerate with");
    println!(
        "# cargo run --release -p tabula-abalone --example perft_file > crates/games/abalone/tests/data/layouts.perft"
    );
    for layout in [Layout::Standard, Layout::Belgian, Layout::German] {
        let counts = perft_parallel(&layout.position(), 5, PerftMode::Bulk);
        let counts: Vec<String> = counts.iter().map(u64::to_string).collect();
        println!("{} {}", layout.name(), counts.join(" "));
    }
}
