//! The worlds of Pinochle's searches, measured: at every card decision of
//! HANDS hands of level-2 play, 1,000 worlds drawn from the seat's
//! observation; the share of them whose hands meld what their seats
//! showed (the rest kept after `MAX_REDRAWS` redraws), and the time a draw
//! takes, redraws included.
//!
//! ```text
//! cargo run --release -p tabula-pinochle --example world_draws -- [HANDS]
//! ```

use tabula_pinochle::*;
use tabula_search::{Game, Player, Rng, Turn};

fn main() {
    let hands: u32 = std::env::args()
        .nth(1)
        .map_or(20, |a| a.parse().expect("a number of hands"));
    let game = Pinochle::new(PinochleOptions::default()).expect("the default options");
    let mut rng = Rng::new(1);
    let mut players: Vec<PinochleAi> = (0..4).map(|k| PinochleAi::new(2, k)).collect();
    let (mut fit, mut drawn, mut seconds) = (0u64, 0u64, 0.0);
    for _ in 0..hands {
        let mut s = game.initial_state();
        while s.hand_no() == 0 && !s.is_over() {
            match game.to_move(&s) {
                Turn::Chance => {
                    let a = game.sample_chance(&s, &mut rng);
                    game.apply(&mut s, a);
                }
                Turn::Seat(k) => {
                    let o = game.observation(&s, k);
                    if s.public().phase() == Phase::Play {
                        let mut worlds = o.sampler().expect("worlds fit a real observation");
                        let start = std::time::Instant::now();
                        for _ in 0..1000 {
                            let w = worlds.draw(&mut rng);
                            drawn += 1;
                            fit += u64::from(worlds.fits_melds(&w));
                        }
                        seconds += start.elapsed().as_secs_f64();
                    }
                    let a = players[k].choose(&game, &o, k).action.expect("an action");
                    game.apply(&mut s, a);
                }
                Turn::Terminal => break,
            }
        }
    }
    println!(
        "{drawn} worlds over {hands} hands: {:.2}% meld what their seats showed; {:.2} µs a draw",
        100.0 * fit as f64 / drawn as f64,
        1e6 * seconds / drawn as f64
    );
}
