//! What the games' speed examples and allocation tests share: the first
//! decision of a kind in a seeded deal, search iterations per second over
//! several such decisions, a computer's decision times over whole hands
//! (median and 90th percentile), and the fastest of a few passes of a
//! piece of work ([`fastest_pass`]).
//!
//! ```
//! # use tabula_search::*;
//! # use serde::{Serialize, Deserialize};
//! # #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
//! # struct Pile { stones: u8, to_move: usize }
//! # struct Nim;
//! # impl Game for Nim {
//! #     type State = Pile; type Action = u8; type Observation = Pile;
//! #     fn num_seats(&self) -> usize { 2 }
//! #     fn to_move(&self, s: &Pile) -> Turn { if s.stones == 0 { Turn::Terminal } else { Turn::Seat(s.to_move) } }
//! #     fn legal_actions(&self, s: &Pile, out: &mut Vec<u8>) { out.clear(); out.extend((1..=2).filter(|&k| k <= s.stones)); }
//! #     fn apply(&self, s: &mut Pile, take: u8) { s.stones -= take; s.to_move = 1 - s.to_move; }
//! #     fn payoffs(&self, s: &Pile) -> Payoffs { Payoffs::zero_sum(if s.to_move == 1 { 1.0 } else { -1.0 }) }
//! #     fn observation(&self, s: &Pile, _: Seat) -> Pile { *s }
//! #     fn hash(&self, s: &Pile) -> u64 { u64::from(s.stones) * 2 + s.to_move as u64 }
//! # }
//! use tabula_conformance::speed::first_decision;
//! // Take one stone until a single stone is left to take.
//! let (s, seat) = first_decision(&Nim, Pile { stones: 5, to_move: 0 }, 1, |_, _, legal| legal[0], |_, legal| legal.len() == 1)
//!     .expect("the pile runs down to one stone");
//! assert_eq!((s.stones, seat), (1, 0), "five stones taken one by one: the first seat faces the last");
//! ```

use tabula_search::{Game, Player, Rng, SearchStats, Seat, Turn};

/// Runs `f` over every item of `items`, `passes` times (once at least),
/// and answers the fastest pass's seconds with the sum of what `f`
/// returned in it (the work done: combinations listed, deadwood, …).
/// The fastest, since a loaded machine only ever slows a pass down.
///
/// ```
/// let (secs, sum) = tabula_conformance::speed::fastest_pass(&[1u64, 2, 3], 3, |&x| x * 2);
/// assert_eq!(sum, 12);
/// assert!(secs >= 0.0);
/// ```
pub fn fastest_pass<T>(items: &[T], passes: usize, mut f: impl FnMut(&T) -> u64) -> (f64, u64) {
    let mut best = (f64::INFINITY, 0);
    for _ in 0..passes.max(1) {
        let start = std::time::Instant::now();
        let mut sum = 0;
        for x in items {
            sum += f(std::hint::black_box(x));
        }
        let secs = start.elapsed().as_secs_f64();
        if secs < best.0 {
            best = (secs, sum);
        }
    }
    best
}

/// From `start`, chance outcomes drawn from `seed` and every seat's
/// decision made by `decide(state, seat, legal)`, the first state that
/// `wanted(state, legal)` accepts (asked at each decision, with the seat
/// to move's legal actions), with its seat to move; `None` when the match
/// ends first.
pub fn first_decision<G: Game>(
    game: &G,
    start: G::State,
    seed: u64,
    mut decide: impl FnMut(&G::State, Seat, &[G::Action]) -> G::Action,
    mut wanted: impl FnMut(&G::State, &[G::Action]) -> bool,
) -> Option<(G::State, Seat)> {
    let mut rng = Rng::new(seed);
    let mut s = start;
    let mut legal = Vec::new();
    loop {
        let a = match game.to_move(&s) {
            Turn::Terminal => return None,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(seat) => {
                game.legal_actions(&s, &mut legal);
                if wanted(&s, &legal) {
                    return Some((s, seat));
                }
                decide(&s, seat, &legal)
            }
        };
        game.apply(&mut s, a);
    }
}

/// The `nth` decision (counted from 1) whose legal actions `wanted`
/// accepts, in a match played at random from `start` (uniformly random
/// legal actions, chance drawn by the game, all from `seed`): the tests'
/// positions of a kind. `None` when the match ends first.
pub fn nth_random_decision<G: Game>(
    game: &G,
    start: G::State,
    seed: u64,
    nth: usize,
    wanted: impl Fn(&[G::Action]) -> bool,
) -> Option<(G::State, Seat)> {
    let mut rng = Rng::new(seed ^ 0x5EED_DEC1_5104);
    let mut seen = 0;
    first_decision(
        game,
        start,
        seed,
        |_, _, legal| legal[rng.below(legal.len() as u64) as usize],
        |_, legal| {
            seen += usize::from(wanted(legal));
            seen == nth
        },
    )
}

/// Iterations per second of `search` from the first decision `wanted`
/// accepts in each of `runs` deals: deal `first_deal + run` is played from
/// `start` (chance from that seed, the decisions before by
/// `decider(deal)`), then `search(observation, seat, run)` runs, timed by
/// the wall clock around it alone. Prints a line per deal and the median;
/// returns the median.
///
/// # Panics
/// When a deal ends before a decision `wanted` accepts.
pub fn first_decision_rates<G, D, A>(
    game: &G,
    start: &G::State,
    (runs, first_deal): (u64, u64),
    mut decider: impl FnMut(u64) -> D,
    wanted: impl Fn(&[G::Action]) -> bool,
    mut search: impl FnMut(&G::Observation, Seat, u64) -> SearchStats<A>,
) -> f64
where
    G: Game,
    D: FnMut(&G::State, Seat, &[G::Action]) -> G::Action,
{
    let mut rates = Vec::new();
    for run in 0..runs {
        let deal = first_deal + run;
        let (s, seat) = first_decision(game, start.clone(), deal, decider(deal), |_, legal| wanted(legal))
            .unwrap_or_else(|| panic!("deal {deal} ends before the decision"));
        let o = game.observation(&s, seat);
        let t = std::time::Instant::now();
        let stats = search(&o, seat, run);
        let secs = t.elapsed().as_secs_f64();
        let rate = stats.iterations as f64 / secs;
        rates.push(rate);
        println!(
            "deal {deal}: {} iterations, {} nodes in {:.1} ms: {rate:.0} iterations/s",
            stats.iterations,
            stats.nodes,
            secs * 1e3,
        );
    }
    rates.sort_by(f64::total_cmp);
    let median = rates.get(rates.len() / 2).copied().unwrap_or(0.0);
    println!("median: {median:.0} iterations/s over {runs} decisions");
    median
}

/// Plays a match from `start` (chance drawn from `seed`), seat `k` played
/// by `players[k]`, while `going(state)` holds, and returns the wall-clock
/// time in milliseconds of each decision whose legal actions `timed`
/// accepts.
pub fn decision_times<G: Game, P: Player<G>>(
    game: &G,
    start: G::State,
    seed: u64,
    players: &mut [P],
    going: impl Fn(&G::State) -> bool,
    timed: impl Fn(&[G::Action]) -> bool,
) -> Vec<f64> {
    decision_times_where(game, start, seed, players, going, |_, legal| timed(legal))
}

/// [`decision_times`], each decision timed when `timed` accepts its state
/// and legal actions (a kind of decision the actions alone do not tell).
pub fn decision_times_where<G: Game, P: Player<G>>(
    game: &G,
    start: G::State,
    seed: u64,
    players: &mut [P],
    going: impl Fn(&G::State) -> bool,
    timed: impl Fn(&G::State, &[G::Action]) -> bool,
) -> Vec<f64> {
    let mut rng = Rng::new(seed);
    let mut s = start;
    let mut legal = Vec::new();
    let mut times = Vec::new();
    while going(&s) {
        let a = match game.to_move(&s) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(seat) => {
                game.legal_actions(&s, &mut legal);
                let o = game.observation(&s, seat);
                let t = std::time::Instant::now();
                let a = players[seat]
                    .choose(game, &o, seat)
                    .action
                    .expect("a seat to move has a legal action");
                if timed(&s, &legal) {
                    times.push(t.elapsed().as_secs_f64() * 1e3);
                }
                a
            }
        };
        game.apply(&mut s, a);
    }
    times
}

/// Prints `times` (milliseconds) as `{what}: N decisions, median …, 90th
/// percentile …`.
pub fn print_times(what: &str, times: &mut [f64]) {
    times.sort_by(f64::total_cmp);
    let at = |q: usize| times.get(times.len() * q / 10).copied().unwrap_or(0.0);
    println!(
        "{what}: {} decisions, median {:.1} ms, 90th percentile {:.1} ms",
        times.len(),
        at(5),
        at(9)
    );
}

/// [`decision_times`] of `players` from `start` (seed 9) while `going`,
/// printed by [`print_times`] under `what`: the speed examples' report of a
/// level's whole decisions.
pub fn report_decision_times<G: Game, P: Player<G>>(
    what: &str,
    game: &G,
    start: G::State,
    players: &mut [P],
    going: impl Fn(&G::State) -> bool,
    timed: impl Fn(&[G::Action]) -> bool,
) {
    let mut times = decision_times(game, start, 9, players, going, timed);
    print_times(what, &mut times);
}
