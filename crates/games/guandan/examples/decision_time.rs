//! Guandan's decision times, one core: a level's whole decision over the
//! play decisions with a choice of the first `HANDS` hands of a match of
//! that level at every seat (seed 9), all of them, then those at
//! `search_at` cards or fewer (where levels 3 and 4 search: root-UCB over
//! paired worlds, `level3_samples` or `level4_samples` samples each).
//!
//! ```text
//! cargo run --release -p tabula-guandan --example decision_time -- [LEVEL] [HANDS]
//! ```

use tabula_conformance::speed::{decision_times_where, print_times};
use tabula_guandan::ai::SEARCH_AT;
use tabula_guandan::*;

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let level = args.first().copied().unwrap_or(4) as u8;
    let hands = args.get(1).copied().unwrap_or(2);
    let game = Guandan::new(GuandanOptions::default()).unwrap();
    let choice = |legal: &[Action]| legal.len() > 1 && matches!(legal[0], Action::Play(_) | Action::Pass);
    let small = |s: &State| {
        s.turn()
            .seat()
            .is_some_and(|k| s.hand(k).len() <= usize::from(SEARCH_AT))
    };
    for (what, only_small) in [
        ("every play decision with a choice", false),
        ("the same at search_at cards or fewer", true),
    ] {
        let mut players: Vec<GuandanAi> = (0..4).map(|k| GuandanAi::new(level, k)).collect();
        let mut times = decision_times_where(
            &game,
            game.initial_state(),
            9,
            &mut players,
            |s| s.hand_number() < hands,
            |s, legal| choice(legal) && (!only_small || small(s)),
        );
        print_times(
            &format!("level {level}, {hands} hands, {what} ({SEARCH_AT})"),
            &mut times,
        );
    }
}
