//! ISMCTS on wide nodes: iterations per second when every decision offers
//! `WIDTH` actions (a synthetic game: two seats choose one of 2,000 actions
//! each, then the game ends with a payoff drawn from the pair). A Dou Dizhu
//! lead offers thousands of plays; the tree must find children and untried
//! actions without scanning every child for every action.
//!
//! `cargo run --release -p tabula-search --example wide_node -- [ITERATIONS] [REPEATS]`
//! (defaults: 20,000 iterations, 5 repeats; one core).

use std::time::Instant;

use tabula_search::rng::mix64;
use tabula_search::*;

const WIDTH: u16 = 2000;

struct Wide;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Picks {
    first: Option<u16>,
    second: Option<u16>,
}

impl Game for Wide {
    type State = Picks;
    type Action = u16;
    type Observation = Picks;
    fn num_seats(&self) -> usize {
        2
    }
    fn to_move(&self, s: &Picks) -> Turn {
        match (s.first, s.second) {
            (None, _) => Turn::Seat(0),
            (Some(_), None) => Turn::Seat(1),
            _ => Turn::Terminal,
        }
    }
    fn legal_actions(&self, s: &Picks, out: &mut Vec<u16>) {
        out.clear();
        if self.to_move(s) != Turn::Terminal {
            out.extend(0..WIDTH);
        }
    }
    fn apply(&self, s: &mut Picks, a: u16) {
        if s.first.is_none() {
            s.first = Some(a);
        } else {
            s.second = Some(a);
        }
    }
    fn payoffs(&self, s: &Picks) -> Payoffs {
        let (a, b) = (s.first.unwrap_or(0), s.second.unwrap_or(0));
        // Some first picks are better: a skew plus noise from the pair.
        let noise = (mix64(u64::from(a) << 16 | u64::from(b)) % 1000) as f64 / 1000.0;
        let u = (f64::from(a % 97) / 96.0 + noise) / 2.0;
        Payoffs::zero_sum(2.0 * u - 1.0)
    }
    fn observation(&self, s: &Picks, _: Seat) -> Picks {
        *s
    }
    fn hash(&self, s: &Picks) -> u64 {
        u64::from(s.first.map_or(0, |a| a + 1)) << 16 | u64::from(s.second.map_or(0, |b| b + 1))
    }
}

impl Determinize for Wide {
    fn determinize(&self, o: &Picks, _: Seat, _: &mut Rng) -> Picks {
        *o
    }
    fn legal_from_observation(&self, o: &Picks, _: Seat, out: &mut Vec<u16>) {
        self.legal_actions(o, out);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let iterations: u64 = args.get(1).map_or(20_000, |s| s.parse().expect("iterations"));
    let repeats: usize = args.get(2).map_or(5, |s| s.parse().expect("repeats"));
    let root = Picks {
        first: None,
        second: None,
    };
    let mut search = Ismcts::new(IsmctsConfig::default());
    let mut rates = Vec::new();
    let mut nodes = 0;
    for r in 0..repeats {
        let t = Instant::now();
        let result = search.search(
            &Wide,
            &root,
            0,
            &mut RandomRollout::new(),
            &Budget::iterations(iterations),
            r as u64,
        );
        rates.push(iterations as f64 / t.elapsed().as_secs_f64());
        nodes = result.stats.nodes;
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "ISMCTS on a {WIDTH}-action node: {iterations} iterations ({nodes} nodes), median {:.0} iterations/s over {repeats} runs",
        rates[rates.len() / 2]
    );
}
