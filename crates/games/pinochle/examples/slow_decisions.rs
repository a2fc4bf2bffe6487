//! Where level 4's time goes in a match: four level-4 seats play HANDS
//! hands (matches start again when one ends), every card decision with a
//! choice timed on one core; prints the median, the 90th percentile and
//! the slowest decisions with their hand, trick and seat (those whose
//! worlds must fit the melds shown, and are drawn again most often).
//!
//! ```text
//! cargo run --release -p tabula-pinochle --example slow_decisions -- [HANDS] [SLOWEST]
//! ```

use tabula_pinochle::*;
use tabula_search::{Game, Player, Rng, Turn};

fn main() {
    let mut args = std::env::args().skip(1);
    let hands: u32 = args.next().map_or(10, |a| a.parse().expect("a number of hands"));
    let slowest: usize = args.next().map_or(10, |a| a.parse().expect("a number of decisions"));
    let game = Pinochle::new(PinochleOptions::default()).expect("the default options");
    let mut players: Vec<PinochleAi> = (0..4).map(|k| PinochleAi::new(4, k)).collect();
    let mut rng = Rng::new(9);
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    // (ms, hands played before, tricks done, seat)
    let mut times: Vec<(f64, u32, u8, usize)> = Vec::new();
    let mut played = 0;
    while played < hands {
        let a = match game.to_move(&s) {
            Turn::Terminal => {
                played += s.hand_no();
                s = game.initial_state();
                continue;
            }
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(seat) => {
                game.legal_actions(&s, &mut legal);
                let o = game.observation(&s, seat);
                let t = std::time::Instant::now();
                let a = players[seat].choose(&game, &o, seat).action.expect("an action");
                let ms = t.elapsed().as_secs_f64() * 1e3;
                if legal.len() > 1 && matches!(legal[0], Action::Play(_)) {
                    times.push((ms, played + s.hand_no(), s.public().tricks.done, seat));
                }
                a
            }
        };
        game.apply(&mut s, a);
        if played + s.hand_no() >= hands {
            break;
        }
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = times.len();
    println!(
        "level 4, card decisions with a choice over {hands} hands: {n} decisions, median {:.1} ms, 90th percentile {:.1} ms",
        times[n / 2].0,
        times[n * 9 / 10].0
    );
    for (ms, hand, trick, seat) in times.iter().rev().take(slowest) {
        println!("{ms:.1} ms: hand {}, trick {}, seat {seat}", hand + 1, trick + 1);
    }
}
