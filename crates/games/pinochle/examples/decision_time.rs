//! Pinochle's search speed, one core: ISMCTS iterations per second from
//! the first trick's first decision with a choice (after the auction, the
//! trump and the pass by the heuristics), with level 4's rollouts (the
//! policy, a random legal card at `rollout_random`) to the end of the hand,
//! or with RANDOM the chance of a random legal card (1: random rollouts,
//! as Hearts' `ismcts_speed` measures); then level 4's whole decision time
//! over the card decisions of two hands.
//!
//! ```text
//! cargo run --release -p tabula-pinochle --example decision_time -- [ITERATIONS] [RUNS] [RANDOM]
//! ```

use tabula_cards::search_hand;
use tabula_conformance::speed::{first_decision_rates, report_decision_times};
use tabula_pinochle::*;
use tabula_search::{Game, Ismcts, IsmctsConfig, Player};

/// A card decision with a choice: a play with more than one legal card.
fn card_choice(legal: &[Action]) -> bool {
    legal.len() > 1 && matches!(legal[0], Action::Play(_))
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let iterations = args.first().copied().unwrap_or(10_000);
    let runs = args.get(1).copied().unwrap_or(5);
    let mut rollout = CardRollout::default();
    if let Some(r) = std::env::args().nth(3).and_then(|a| a.parse::<f64>().ok()) {
        rollout.random = r;
    }
    let game = Pinochle::new(PinochleOptions::default()).unwrap();
    let mut search = Ismcts::new(IsmctsConfig::default());
    // The auction, trumps and the pass by level 2's heuristics.
    let heuristic = |_| {
        |s: &State, seat: usize, legal: &[Action]| match legal[0] {
            Action::Play(_) => legal[0],
            _ => PinochleAi::new(2, 1)
                .choose(&game, &game.observation(s, seat), seat)
                .action
                .expect("an action"),
        }
    };
    first_decision_rates(
        &game,
        &game.initial_state(),
        (runs, 100),
        heuristic,
        card_choice,
        |o, seat, run| search_hand(&mut search, &game, o, seat, &mut rollout, iterations, run).stats,
    );
    let mut players: Vec<PinochleAi> = (0..4).map(|k| PinochleAi::new(4, k)).collect();
    let going = |s: &State| s.hand_no() < 2;
    let what = "level 4, card decisions with a choice";
    report_decision_times(what, &game, game.initial_state(), &mut players, going, card_choice);
}
