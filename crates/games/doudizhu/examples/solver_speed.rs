//! Speed of the exact endgame solver, one core, on fixed seeded endgames
//! of 8 to 24 cards in all, of two sources:
//!
//! - *split*: random cards of the whole deck, split at random among the
//!   hands (each at least one card); a random landlord and seat to act; a
//!   third of them led afresh, the rest following a random combination;
//! - *played*: real deals (random bids) played on by uniformly random
//!   legal actions until the hands hold at most that many cards.
//!
//! Each is solved cold (`Solver::best`, the table cleared before each,
//! outside the timing). Prints positions per second, nodes per second, and
//! the median, 90th percentile and largest time of one solve.
//!
//! ```text
//! cargo run --release -p tabula-doudizhu --example solver_speed -- [POSITIONS]
//! ```

use std::time::Instant;

use tabula_cards::climbing::Trick;
use tabula_doudizhu::cards::Counts;
use tabula_doudizhu::moves::all_plays;
use tabula_doudizhu::solver::{Endgame, Solver};
use tabula_doudizhu::{DdzOptions, DouDizhu, Phase};
use tabula_search::{Game, Rng, Turn};

/// `n` random cards of the deck but `used` (which they join).
fn draw(rng: &mut Rng, used: &mut Counts, n: usize) -> Counts {
    let mut pool: Vec<u8> = (0..15u8)
        .flat_map(|r| std::iter::repeat_n(r, usize::from(if r >= 13 { 1 } else { 4 } - used.get(r))))
        .collect();
    rng.shuffle(&mut pool);
    let mut out = Counts::EMPTY;
    for &r in pool.iter().take(n) {
        out = out.plus(r, 1);
        *used = used.plus(r, 1);
    }
    out
}

/// A random endgame of `total` cards.
fn endgame(rng: &mut Rng, total: usize) -> Endgame {
    let mut used = Counts::EMPTY;
    let a = 1 + rng.below(total as u64 - 2) as usize;
    let b = 1 + rng.below((total - a - 1) as u64) as usize;
    let hands = [a, b, total - a - b].map(|n| draw(rng, &mut used, n));
    let to_act = rng.below(3) as usize;
    let mut e = Endgame {
        hands,
        landlord: rng.below(3) as usize,
        to_act,
        trick: Trick::new(),
    };
    if rng.below(3) != 0 {
        let extra = 1 + rng.below(6) as usize;
        let cards = draw(rng, &mut used, extra);
        let mut plays = Vec::new();
        all_plays(cards, true, &mut plays);
        if let Some(&c) = rng.choose(&plays) {
            let passes = rng.below(2) as u8;
            let by = (to_act + 2 - usize::from(passes)) % 3;
            e.trick = Trick {
                last: Some((by as u8, c)),
                passes,
            };
        }
    }
    e
}

/// The first position of a randomly played deal with at most `total`
/// cards in the hands.
fn played(game: &DouDizhu, rng: &mut Rng, total: u32) -> Endgame {
    let mut actions = Vec::new();
    loop {
        let mut s = game.initial_state();
        while let Turn::Seat(_) | Turn::Chance = game.to_move(&s) {
            if let Some(e) = Endgame::of(&s) {
                if e.cards() <= total {
                    return e;
                }
            } else if s.phase() == Phase::Play || s.deal_no() > 0 {
                break;
            }
            let a = match game.to_move(&s) {
                Turn::Chance => game.sample_chance(&s, rng),
                _ => {
                    game.legal_actions(&s, &mut actions);
                    *rng.choose(&actions).expect("a legal action")
                }
            };
            game.apply(&mut s, a);
        }
    }
}

/// Solves each of `games` cold and prints the figures.
fn run(solver: &mut Solver, what: &str, games: &[Endgame]) {
    let n = games.len();
    let (mut times, mut nodes, mut wins) = (Vec::with_capacity(n), 0u64, 0usize);
    for e in games {
        solver.clear();
        let start = Instant::now();
        let (_, win) = solver.best(e, u64::MAX).expect("no limit");
        times.push(start.elapsed().as_secs_f64());
        nodes += solver.nodes();
        wins += usize::from(win);
    }
    let secs: f64 = times.iter().sum();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize] * 1e6;
    println!(
        "{what:<16} {n:>5} in {secs:>7.3} s: {:>8.0} /s, {:>4.1} M nodes/s, {:>8.0} nodes each; \
         median {:>7.1} µs, p90 {:>8.1} µs, max {:>9.1} µs; to act wins {:.0}%",
        n as f64 / secs,
        nodes as f64 / secs / 1e6,
        nodes as f64 / n as f64,
        at(0.5),
        at(0.9),
        at(1.0),
        100.0 * wins as f64 / n as f64
    );
}

fn main() {
    let positions: usize = std::env::args()
        .nth(1)
        .map_or(2000, |a| a.parse().expect("a number of positions"));
    let game = DouDizhu::new(DdzOptions::default()).expect("the default options");
    let mut solver = Solver::new(true, 18);
    println!("cold solves (Solver::best, table of 2^18 entries cleared before each)");
    for total in [8, 10, 12, 14, 16, 18, 20, 22, 24] {
        let n = if total >= 16 { positions / 4 } else { positions }.max(1);
        let mut rng = Rng::new(total as u64);
        let split: Vec<Endgame> = (0..n).map(|_| endgame(&mut rng, total)).collect();
        run(&mut solver, &format!("{total:>2} cards split"), &split);
        let played: Vec<Endgame> = (0..n).map(|_| played(&game, &mut rng, total as u32)).collect();
        run(&mut solver, &format!("{total:>2} cards played"), &played);
    }
}
