//! ISMCTS speed on Hearts, one core: iterations per second from the first
//! trick's first real decision (the seat after the 2♣ lead), with random
//! rollouts (uniformly random legal cards) to the end of the hand, as
//! OpenSpiel's C++ ISMCTS is measured (`bench/openspiel_ismcts.py`);
//! then level 4's whole decision time over the decisions of `HANDS` hands
//! (2; 0 skips it, for an instruction count of the plain search alone).
//!
//! ```text
//! cargo run --release -p tabula-hearts --example ismcts_speed -- [ITERATIONS] [RUNS] [HANDS]
//! ```

use tabula_cards::search_hand;
use tabula_conformance::speed::{first_decision_rates, report_decision_times};
use tabula_hearts::ai::{CardRollout, choose_pass};
use tabula_hearts::*;
use tabula_search::{Ismcts, IsmctsConfig};

/// A card decision with a choice: a play with more than one legal card.
fn card_choice(legal: &[Action]) -> bool {
    legal.len() > 1 && matches!(legal[0], Action::Play(_))
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let iterations = args.first().copied().unwrap_or(10_000);
    let runs = args.get(1).copied().unwrap_or(5);
    let hands = args.get(2).copied().unwrap_or(2);
    let game = Hearts::new(HeartsOptions::default()).unwrap();
    let mut search = Ismcts::new(IsmctsConfig::default());
    // Each deal's passes by the passing heuristics (the 2♣ lead is forced).
    let passer = |_| {
        |s: &State, seat: usize, legal: &[Action]| match legal[0] {
            Action::Pass(_) => Action::Pass(choose_pass(s.hands()[seat])),
            other => other,
        }
    };
    first_decision_rates(
        &game,
        &game.initial_state(),
        (runs, 100),
        passer,
        card_choice,
        |o, seat, run| search_hand(&mut search, &game, o, seat, &mut CardRollout, iterations, run).stats,
    );
    if hands == 0 {
        return;
    }
    // Level 4's whole decision (passes and forced cards included).
    let mut players: Vec<HeartsAi> = (0..4).map(|k| HeartsAi::new(4, k)).collect();
    let going = |s: &State| u64::from(s.hand_no()) < hands;
    let what = "level 4, card decisions with a choice";
    report_decision_times(what, &game, game.initial_state(), &mut players, going, card_choice);
}
