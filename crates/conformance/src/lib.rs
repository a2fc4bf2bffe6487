//! # tabula-conformance
//!
//! The checks every game crate runs on its own rules, so that the searches
//! can rely on the game model's contract:
//!
//! - random playouts reach terminal states, whose payoff vector has one
//!   finite number per seat;
//! - legal actions are sorted, unique, non-empty when a seat is to act,
//!   each its own [legal form](tabula_search::Game::legal_form), and
//!   consistent with the transition: [`play`] accepts each of them and
//!   rejects other actions (whose legal form is not listed) without
//!   changing the state;
//! - chance outcomes are sorted, unique, with positive probabilities
//!   summing to 1;
//! - states, observations and actions survive a JSON round trip;
//! - the incremental hash equals the hash recomputed from scratch;
//! - a determinized world is consistent with the observation it came from
//!   (same observation, byte for byte, and the same legal actions for the
//!   observer), the search's world sampler draws the same worlds as the
//!   determinizer, and each seat sees its own actions exactly;
//! - the legal actions computed from a seat's observation are the rules'
//!   legal actions (and none when another seat acts);
//! - information sets never merge what a seat can tell apart: two worlds a
//!   seat cannot tell apart, after actions it sees alike with the same
//!   digest of what they revealed ([`Game::revealed`]), show it equal
//!   observations.
//!
//! [`module::check_module`] checks a game's contract with the front ends
//! ([`tabula_contract::GameModule`]): documented options, players that
//! play, observations that pass the game's own check and give the rules'
//! legal actions, actions that read back from their text.
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
//! # impl Determinize for Nim {
//! #     fn determinize(&self, o: &Pile, _: Seat, _: &mut Rng) -> Pile { *o }
//! #     fn legal_from_observation(&self, o: &Pile, seat: Seat, out: &mut Vec<u8>) {
//! #         out.clear();
//! #         if self.to_move(o) == Turn::Seat(seat) { self.legal_actions(o, out) }
//! #     }
//! # }
//! let report = tabula_conformance::check(&Nim, &[Pile { stones: 9, to_move: 0 }], &[0, 1, 2, 3], &Default::default());
//! assert!(report.states > 0);
//! ```

use serde::Serialize;
use serde::de::DeserializeOwned;
use tabula_search::{Determinize, Rng, Seat, Turn, play};

pub mod alloc;
pub mod frequency;
pub mod fuzz;
pub mod golden;
pub mod module;
pub mod speed;

/// How much to check.
#[derive(Clone, Debug)]
pub struct Config {
    /// Random playouts from each start state.
    pub playouts: usize,
    /// A playout longer than this fails (the game must end).
    pub max_plies: usize,
    /// A playout stops, passing, after this many plies (`None`: each runs
    /// to the end): for suites that check many states cheaply and leave
    /// whole matches to the golden corpus. Counted in [`Report::cut`].
    pub stop_after: Option<usize>,
    /// Worlds determinized per observation checked.
    pub worlds: usize,
    /// The seed of the playouts and worlds.
    pub seed: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            playouts: 200,
            max_plies: 10_000,
            stop_after: None,
            worlds: 2,
            seed: 0x007A_B01A,
        }
    }
}

/// What was checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Playouts run to a terminal state.
    pub playouts: usize,
    /// States checked along the way.
    pub states: usize,
    /// Terminal states reached.
    pub terminals: usize,
    /// Playouts stopped by [`Config::stop_after`].
    pub cut: usize,
    /// Longest playout, in plies.
    pub longest: usize,
}

fn json<T: Serialize>(value: &T, what: &str) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| panic!("{what} does not serialise: {e}"))
}

fn round_trip<T: Serialize + DeserializeOwned>(value: &T, what: &str) -> (String, T) {
    let text = json(value, what);
    let back: T = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{what} {text} does not deserialise: {e}"));
    (text, back)
}

/// The state `plies` plies after `start`, each a uniformly random legal
/// action or a chance outcome drawn by the game (or the end, if it comes
/// first): the game tests' positions, the same for the same seed.
pub fn random_state<G: tabula_search::Game>(game: &G, start: G::State, seed: u64, plies: usize) -> G::State {
    let mut rng = Rng::new(seed);
    let mut s = start;
    let mut legal = Vec::new();
    for _ in 0..plies {
        let a = match game.to_move(&s) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&s, &mut legal);
                legal[rng.below(legal.len() as u64) as usize]
            }
        };
        game.apply(&mut s, a);
    }
    s
}

/// A whole match from `start` at random (as [`random_state`] plays it,
/// to the end): the final state and every action, chance outcomes
/// included, in order.
pub fn random_match<G: tabula_search::Game>(game: &G, start: G::State, seed: u64) -> (G::State, Vec<G::Action>) {
    play_out(game, start, seed, |s, _, rng, legal| {
        game.legal_actions(s, legal);
        legal[rng.below(legal.len() as u64) as usize]
    })
}

/// A whole match from `start`, seat `k` played by `players[k]` from its
/// observation, chance drawn by the game from `seed`: the final state and
/// every action in order.
///
/// # Panics
/// When a player answers no action or an illegal one (naming its seat).
pub fn play_match<G, P>(game: &G, start: G::State, seed: u64, players: &mut [P]) -> (G::State, Vec<G::Action>)
where
    G: tabula_search::Game,
    P: tabula_search::Player<G>,
{
    play_out(game, start, seed, |s, seat, _, legal| {
        let o = game.observation(s, seat);
        let a = players[seat].choose(game, &o, seat).action.expect("a legal action");
        game.legal_actions(s, legal);
        assert!(legal.contains(&a), "seat {seat}'s player chose an illegal {a:?}");
        a
    })
}

/// A match from `start` to its end, chance drawn by the game and each
/// seat's action by `choose(state, seat, generator, buffer)`, from one
/// generator seeded by `seed`: the final state and every action.
fn play_out<G: tabula_search::Game>(
    game: &G,
    start: G::State,
    seed: u64,
    mut choose: impl FnMut(&G::State, Seat, &mut Rng, &mut Vec<G::Action>) -> G::Action,
) -> (G::State, Vec<G::Action>) {
    let mut rng = Rng::new(seed);
    let mut s = start;
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    loop {
        let a = match game.to_move(&s) {
            Turn::Terminal => return (s, actions),
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(seat) => choose(&s, seat, &mut rng, &mut legal),
        };
        actions.push(a);
        game.apply(&mut s, a);
    }
}

/// Runs every check from each start state. `candidates` is a set of actions
/// tried against [`play`]: those not legal in a state must be rejected.
///
/// # Panics
/// With a message naming the broken property and the state, on the first
/// violation.
pub fn check<G>(game: &G, starts: &[G::State], candidates: &[G::Action], config: &Config) -> Report
where
    G: Determinize,
    G::State: Serialize + DeserializeOwned + PartialEq,
    G::Action: Serialize + DeserializeOwned,
    G::Observation: Serialize + DeserializeOwned,
{
    let mut report = Report::default();
    let mut rng = Rng::new(config.seed);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for start in starts {
        for _ in 0..config.playouts {
            let mut state = start.clone();
            let mut plies = 0;
            loop {
                if config.stop_after == Some(plies) {
                    report.cut += 1;
                    break;
                }
                check_state(game, &state, candidates, config, &mut rng, &mut legal, &mut outcomes);
                report.states += 1;
                let action = match game.to_move(&state) {
                    Turn::Terminal => {
                        let payoffs = game.payoffs(&state);
                        assert_eq!(
                            payoffs.len(),
                            game.num_seats(),
                            "payoffs of {state:?} have the wrong length"
                        );
                        assert!(
                            payoffs.as_slice().iter().all(|p| p.is_finite()),
                            "payoffs of {state:?} are not finite: {payoffs:?}"
                        );
                        report.terminals += 1;
                        break;
                    }
                    Turn::Chance => game.sample_chance(&state, &mut rng),
                    Turn::Seat(_) => legal[rng.below(legal.len() as u64) as usize],
                };
                let mut checked = state.clone();
                play(game, &mut checked, action)
                    .unwrap_or_else(|e| panic!("play refuses {action:?} in {state:?}: {e}"));
                game.apply(&mut state, action);
                assert!(checked == state, "play and apply disagree on {action:?}");
                plies += 1;
                assert!(
                    plies <= config.max_plies,
                    "a playout from {start:?} exceeds {} plies",
                    config.max_plies
                );
            }
            report.playouts += 1;
            report.longest = report.longest.max(plies);
        }
    }
    report
}

fn check_state<G>(
    game: &G,
    state: &G::State,
    candidates: &[G::Action],
    config: &Config,
    rng: &mut Rng,
    legal: &mut Vec<G::Action>,
    outcomes: &mut Vec<(G::Action, f64)>,
) where
    G: Determinize,
    G::State: Serialize + DeserializeOwned + PartialEq,
    G::Action: Serialize + DeserializeOwned,
    G::Observation: Serialize + DeserializeOwned,
{
    assert_eq!(
        game.hash(state),
        game.hash_from_scratch(state),
        "incremental hash differs from scratch in {state:?}"
    );
    let payoffs = game.payoffs(state);
    assert!(
        payoffs.len() == game.num_seats() && payoffs.as_slice().iter().all(|p| p.is_finite()),
        "the standing of {state:?} (its payoffs, which score a playout cut short) is not {} finite numbers: {payoffs:?}",
        game.num_seats()
    );
    let (_, back) = round_trip(state, "state");
    assert!(&back == state, "state {state:?} changes in a JSON round trip: {back:?}");
    assert_eq!(
        game.hash(&back),
        game.hash(state),
        "hash changes in a JSON round trip of {state:?}"
    );

    game.legal_actions(state, legal);
    game.chance_outcomes(state, outcomes);
    let turn = game.to_move(state);
    match turn {
        Turn::Seat(seat) => {
            assert!(seat < game.num_seats(), "seat {seat} out of range in {state:?}");
            assert!(!legal.is_empty(), "no legal action for seat {seat} in {state:?}");
            assert!(
                legal.windows(2).all(|w| w[0] < w[1]),
                "legal actions not sorted and unique in {state:?}: {legal:?}"
            );
            for &a in legal.iter() {
                let (_, back) = round_trip(&a, "action");
                assert_eq!(back, a, "action {a:?} changes in a JSON round trip");
                assert_eq!(
                    game.view_action(state, a, seat),
                    tabula_search::Seen::Action(a),
                    "seat {seat} does not see its own action {a:?} exactly"
                );
                for observer in 0..game.num_seats() {
                    if let tabula_search::Seen::Action(seen) = game.view_action(state, a, observer) {
                        assert_eq!(seen, a, "seat {observer} sees {a:?} as another action");
                    }
                }
                assert_eq!(
                    game.legal_form(state, a),
                    Some(a),
                    "the legal action {a:?} stands for another"
                );
                let mut child = state.clone();
                game.apply(&mut child, a);
                assert_eq!(
                    game.hash(&child),
                    game.hash_from_scratch(&child),
                    "hash drifts after {a:?} in {state:?}"
                );
            }
        }
        Turn::Chance => {
            assert!(legal.is_empty(), "legal actions listed at a chance node {state:?}");
            if !outcomes.is_empty() {
                assert!(
                    outcomes.windows(2).all(|w| w[0].0 < w[1].0),
                    "chance outcomes not sorted and unique in {state:?}"
                );
                assert!(
                    outcomes.iter().all(|o| o.1 > 0.0),
                    "a chance outcome without probability in {state:?}"
                );
                let total: f64 = outcomes.iter().map(|o| o.1).sum();
                assert!(
                    (total - 1.0).abs() < 1e-9,
                    "chance probabilities sum to {total} in {state:?}"
                );
            }
        }
        Turn::Terminal => assert!(legal.is_empty(), "legal actions listed at a terminal state {state:?}"),
    }
    if turn != Turn::Chance {
        for &a in candidates {
            let form = game.legal_form(state, a);
            if form.is_none_or(|f| legal.binary_search(&f).is_err()) {
                let mut copy = state.clone();
                assert!(
                    play(game, &mut copy, a).is_err(),
                    "play accepts illegal {a:?} in {state:?}"
                );
                assert!(&copy == state, "a refused {a:?} changed {state:?}");
            }
        }
    }

    for seat in 0..game.num_seats() {
        let obs = game.observation(state, seat);
        let (text, back) = round_trip(&obs, "observation");
        assert!(
            back == obs,
            "observation of seat {seat} changes in a JSON round trip: {text}"
        );
        let mut from_obs = Vec::new();
        game.legal_from_observation(&obs, seat, &mut from_obs);
        if turn == Turn::Seat(seat) {
            assert_eq!(
                &from_obs, legal,
                "seat {seat}'s legal actions from its observation differ from the rules'"
            );
        } else {
            assert!(
                from_obs.is_empty(),
                "seat {seat} has legal actions from its observation when it does not act: {from_obs:?}"
            );
        }
        if turn == Turn::Terminal {
            continue;
        }
        for _ in 0..config.worlds {
            let stream = rng.next_u64();
            let world = game.determinize(&obs, seat, &mut Rng::new(stream));
            let drawn = game.sampler(&obs, seat).sample(&mut Rng::new(stream));
            assert!(
                drawn == world,
                "the sampler of seat {seat}'s observation draws another world than the determinizer"
            );
            let seen = json(&game.observation(&world, seat), "observation");
            assert_eq!(
                seen, text,
                "a world determinized for seat {seat} shows it a different observation"
            );
            if turn == Turn::Seat(seat) {
                let mut world_legal = Vec::new();
                game.legal_actions(&world, &mut world_legal);
                assert_eq!(
                    &world_legal, legal,
                    "seat {seat}'s legal actions depend on what it cannot see"
                );
            }
            let other = game.determinize(&obs, seat, rng);
            check_reveals(game, &world, &other, seat, rng);
        }
    }
}

/// Two worlds `observer` cannot tell apart: after an action it sees alike
/// in both, with the same digest of what it revealed, it must still not
/// tell them apart.
fn check_reveals<G>(game: &G, a: &G::State, b: &G::State, observer: Seat, rng: &mut Rng)
where
    G: Determinize,
    G::Observation: Serialize,
{
    let mut actions = Vec::new();
    let first = match game.to_move(a) {
        Turn::Terminal => return,
        Turn::Chance => game.sample_chance(a, rng),
        Turn::Seat(_) => {
            game.legal_actions(a, &mut actions);
            actions[rng.below(actions.len() as u64) as usize]
        }
    };
    let seen = game.view_action(a, first, observer);
    // The same move in the other world, as the observer sees it.
    let mut candidates: Vec<G::Action> = Vec::new();
    match game.to_move(b) {
        Turn::Seat(_) => game.legal_actions(b, &mut candidates),
        Turn::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(b, &mut outcomes);
            candidates.extend(outcomes.iter().map(|o| o.0));
            if candidates.is_empty() {
                candidates.push(game.sample_chance(b, rng));
            }
        }
        Turn::Terminal => return,
    }
    let Some(second) = candidates
        .into_iter()
        .find(|&x| game.view_action(b, x, observer) == seen)
    else {
        return;
    };
    assert_eq!(
        game.may_reveal(a, first),
        game.may_reveal(b, second),
        "Game::may_reveal for {first:?} (seen as {seen:?}) differs between two worlds seat {observer} cannot tell apart"
    );
    let (mut a2, mut b2) = (a.clone(), b.clone());
    game.apply(&mut a2, first);
    game.apply(&mut b2, second);
    let digest = |before: &G::State, x: G::Action, after: &G::State| {
        if game.reveals() && game.may_reveal(before, x) {
            game.revealed(before, x, after, observer)
        } else {
            0
        }
    };
    if digest(a, first, &a2) == digest(b, second, &b2) {
        assert_eq!(
            json(&game.observation(&a2, observer), "observation"),
            json(&game.observation(&b2, observer), "observation"),
            "after {first:?} (seen as {seen:?}) seat {observer} tells apart two worlds the search's tree merges: \
             the move revealed something Game::revealed does not report"
        );
    }
}
