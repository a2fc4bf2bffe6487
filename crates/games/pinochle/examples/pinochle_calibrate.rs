//! Calibrates the estimate behind the computer's bids, trumps and pass
//! (`TRICK_WEIGHTS` in src/ai.rs) by simulation: HANDS random deals; in
//! each, the seat whose hand the estimate rates best declares (the others
//! pass), names the trump the estimate prefers, and level 2 passes and
//! plays the hand out. The side's points (its meld if it took a trick,
//! with its partner's and the pass's, and its counters) less the
//! declarer's own meld before the pass are fitted by least squares to the
//! declarer's features (`features`): the weights to put in the table, with
//! the fit's mean and spread.
//!
//! ```text
//! cargo run --release -p tabula-pinochle --example pinochle_calibrate -- [HANDS] [SEED]
//! ```

use tabula_pinochle::ai::best_trump;
use tabula_pinochle::*;
use tabula_search::{Game, Player, Rng, Turn};

fn main() {
    let mut args = std::env::args().skip(1);
    let hands: usize = args.next().map_or(20_000, |a| a.parse().expect("a number of hands"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("a seed"));
    let game = Pinochle::new(PinochleOptions::default()).expect("the default options");
    let mut rng = Rng::new(seed);
    let mut players: Vec<PinochleAi> = (0..4).map(|k| PinochleAi::new(2, seed + k)).collect();
    let mut rows: Vec<([f64; 6], f64)> = Vec::with_capacity(hands);
    let mut made = 0usize;
    for _ in 0..hands {
        let mut s = game.initial_state();
        while game.to_move(&s) == Turn::Chance {
            let a = game.sample_chance(&s, &mut rng);
            game.apply(&mut s, a);
        }
        let declarer = (0..4)
            .max_by(|&a, &b| best_trump(s.hands()[a]).1.total_cmp(&best_trump(s.hands()[b]).1))
            .expect("four seats");
        let hand = s.hands()[declarer];
        let trump = best_trump(hand).0;
        while s.public().declarer.is_none() {
            let speaker = usize::from(s.public().speaker);
            let a = if speaker == declarer {
                Action::Bid(s.public().next_bid().expect("a bid"))
            } else {
                Action::Pass
            };
            game.apply(&mut s, a);
        }
        game.apply(&mut s, Action::Trump(trump));
        while s.hand_no() == 0 {
            let Turn::Seat(k) = game.to_move(&s) else { break };
            let o = game.observation(&s, k);
            let a = players[k].choose(&game, &o, k).action.expect("an action");
            game.apply(&mut s, a);
        }
        let last = s.public().last_hand.expect("a hand played");
        let side = last.sides[declarer % 2];
        let points = f64::from(side.counters) + if side.meld_counts { f64::from(side.meld) } else { 0.0 };
        made += usize::from(last.made);
        let own = f64::from(count_melds(hand, trump).points);
        rows.push((features(hand, trump), points - own));
    }
    let w = least_squares(&rows);
    let residuals: Vec<f64> = rows.iter().map(|(x, y)| y - dot(x, &w)).collect();
    let mean = residuals.iter().sum::<f64>() / residuals.len() as f64;
    let spread = (residuals.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / residuals.len() as f64).sqrt();
    println!("{hands} hands, seed {seed}; bids of 250 made {made}");
    let names = ["base", "trumps", "high_trumps", "side_aces", "side_tens", "short"];
    for (n, x) in names.iter().zip(w) {
        println!("weight_{n}: {x:.1}");
    }
    println!("TRICK_WEIGHTS: [{}]", w.map(|x| format!("{x:.1}")).join(", "));
    println!("residual: mean {mean:.1}, standard deviation {spread:.1} points");
}

fn dot(x: &[f64; 6], w: &[f64; 6]) -> f64 {
    x.iter().zip(w).map(|(a, b)| a * b).sum()
}

/// The weights minimising the squared error: the normal equations,
/// solved by Gaussian elimination with partial pivoting.
fn least_squares(rows: &[([f64; 6], f64)]) -> [f64; 6] {
    let mut a = [[0.0; 7]; 6];
    for (x, y) in rows {
        for i in 0..6 {
            for j in 0..6 {
                a[i][j] += x[i] * x[j];
            }
            a[i][6] += x[i] * y;
        }
    }
    for col in 0..6 {
        let pivot = (col..6)
            .max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))
            .expect("rows");
        a.swap(col, pivot);
        let pivot_row = a[col];
        for (r, row) in a.iter_mut().enumerate() {
            if r != col && pivot_row[col] != 0.0 {
                let f = row[col] / pivot_row[col];
                for (x, p) in row.iter_mut().zip(pivot_row).skip(col) {
                    *x -= f * p;
                }
            }
        }
    }
    std::array::from_fn(|i| if a[i][i] == 0.0 { 0.0 } else { a[i][6] / a[i][i] })
}
