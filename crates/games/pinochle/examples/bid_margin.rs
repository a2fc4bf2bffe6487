//! The auction's margins, measured: DEALS random deals, each played as
//! one hand twice with the sides swapped (the same cards at the same
//! seats), side A's seats bidding by (MARGIN_A, OVERBID_A) and side B's by
//! (MARGIN_B, OVERBID_B), every seat otherwise a computer of level LEVEL.
//! Prints A's hand points less B's, a hand, with a 95% interval over the
//! deals (each deal's two hands are one paired sample), and how often
//! each side declared and made its bid.
//!
//! ```text
//! cargo run --release -p tabula-pinochle --example bid_margin -- MARGIN_A OVERBID_A MARGIN_B OVERBID_B [DEALS] [SEED] [LEVEL]
//! ```

use rayon::prelude::*;
use tabula_pinochle::ai::Bidding;
use tabula_pinochle::*;
use tabula_search::{Game, Player, Rng, Turn};

/// For each of A and B: whether it declared, and whether it made its bid.
type Outcomes = [(bool, bool); 2];

/// One hand from the deal of `seed`, side A at the seats of parity
/// `a_side`: A's points less B's, and for each of A and B whether it
/// declared and whether it made.
fn hand(game: &Pinochle, seed: u64, a_side: usize, bids: [Bidding; 2], level: u8) -> (i32, Outcomes) {
    let mut rng = Rng::new(seed);
    let mut s = game.initial_state();
    let mut players: Vec<PinochleAi> = (0..4)
        .map(|k| {
            let who = usize::from(k % 2 != a_side);
            PinochleAi::new(level, seed ^ (k as u64 + 1)).with_bidding(bids[who])
        })
        .collect();
    while s.hand_no() == 0 {
        let a = match game.to_move(&s) {
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(k) => {
                let o = game.observation(&s, k);
                players[k].choose(game, &o, k).action.expect("an action")
            }
            Turn::Terminal => break,
        };
        game.apply(&mut s, a);
    }
    let last = s.public().last_hand.expect("a hand played");
    let b_side = 1 - a_side;
    let declared = |side: usize| last.declarer.is_some_and(|d| usize::from(d) % 2 == side);
    let outcome = |side: usize| (declared(side), declared(side) && last.made);
    (
        last.sides[a_side].total - last.sides[b_side].total,
        [outcome(a_side), outcome(b_side)],
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: f64| args.get(i).map_or(default, |a| a.parse().expect("a number"));
    let a = Bidding {
        margin: num(0, 25.0),
        partner_overbid: num(1, 60.0),
    };
    let b = Bidding {
        margin: num(2, 25.0),
        partner_overbid: num(3, 60.0),
    };
    let deals = num(4, 2000.0) as u64;
    let seed = num(5, 1.0) as u64;
    let level = num(6, 2.0) as u8;
    let game = Pinochle::new(PinochleOptions::default()).expect("the default options");
    // Every core, the deals in order (the report does not depend on the
    // machine).
    let results: Vec<(f64, [Outcomes; 2])> = (0..deals)
        .into_par_iter()
        .map(|d| {
            let deal = seed.wrapping_mul(1_000_003).wrapping_add(d);
            let (x, o0) = hand(&game, deal, 0, [a, b], level);
            let (y, o1) = hand(&game, deal, 1, [a, b], level);
            (f64::from(x + y) / 2.0, [o0, o1])
        })
        .collect();
    let n = results.len() as f64;
    let mean = results.iter().map(|r| r.0).sum::<f64>() / n;
    let var = results.iter().map(|r| (r.0 - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "A {a:?} against B {b:?}, level {level}, {deals} deals (seed {seed}), each played twice with the sides swapped"
    );
    println!(
        "A's points a hand less B's: {mean:+.1} (95%: {:+.1} to {:+.1})",
        mean - half,
        mean + half
    );
    for (who, name) in [(0, "A"), (1, "B")] {
        let hands = results.iter().flat_map(|r| r.1.iter().map(move |o| o[who]));
        let (declared, made) = hands.fold((0, 0), |(d, m), (x, y)| (d + usize::from(x), m + usize::from(y)));
        println!("{name} declared {declared} of {} hands, made {made}", 2 * deals);
    }
}
