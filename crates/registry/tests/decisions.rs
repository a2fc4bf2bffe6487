//! Verification layers 3 and 5 of the card table (root isolation, flat memory), for every
//! registered game with no edit: root actions compared on common random
//! numbers give each root the same figures alone, among all, reordered or
//! after an inserted root; and each of the game's own computers, called a
//! hundred times on one decision, allocates no more on the hundredth call
//! than on the second.

use tabula_conformance::alloc::allocations_during;
use tabula_contract::{GameModule, PlayerSpec};
use tabula_search::{Determinize, Game, Payoffs, Player, Rng, Rollout, Seat, Turn, compare_roots};

/// The library's players: their memory is the search library's, checked
/// there; here each game's own computers are called.
const LIBRARY: &[&str] = &[
    "random",
    "minimax",
    "alphabeta",
    "mcts",
    "ismcts",
    "moismcts",
    "rootucb",
];

/// A decision of `module` with at least `min` legal actions, from a seeded
/// random game; `None` when the game ends first.
fn decision<M: GameModule>(module: &M, seed: u64, min: usize) -> Option<(ObservationOf<M>, Seat)> {
    let game = module.game();
    let mut state = module.start(seed);
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    // Past the deal and the first choices (80 plies: a card game's deal,
    // passes and bids), where the computers search; or the first choice
    // of a game that ends sooner.
    let mut fallback = None;
    for ply in 0..5_000 {
        match game.to_move(&state) {
            Turn::Terminal => return fallback,
            Turn::Chance => {
                let a = game.sample_chance(&state, &mut rng);
                game.apply(&mut state, a);
            }
            Turn::Seat(seat) => {
                game.legal_actions(&state, &mut legal);
                if legal.len() >= min {
                    if ply >= 80 {
                        return Some((game.observation(&state, seat), seat));
                    }
                    fallback.get_or_insert_with(|| (game.observation(&state, seat), seat));
                }
                let a = legal[rng.below(legal.len() as u64) as usize];
                game.apply(&mut state, a);
            }
        }
    }
    fallback
}

type ObservationOf<M> = <<M as GameModule>::Game as Game>::Observation;

/// Random legal moves for at most `plies` plies; the reward is a
/// fingerprint of the state reached (its hash), the same for every seat:
/// isolation then compares where each root's playout ends, not only its
/// payoffs, and two roots that lead to different places are told apart
/// even in a game whose payoffs rarely move in a few plies.
struct Fingerprint {
    plies: usize,
}

impl<G: Game> Rollout<G> for Fingerprint {
    fn rollout(&mut self, game: &G, state: &mut G::State, rng: &mut Rng) -> Payoffs {
        let mut legal = Vec::new();
        for _ in 0..self.plies {
            let a = match game.to_move(state) {
                Turn::Terminal => break,
                Turn::Chance => game.sample_chance(state, rng),
                Turn::Seat(_) => {
                    game.legal_actions(state, &mut legal);
                    legal[rng.below(legal.len() as u64) as usize]
                }
            };
            game.apply(state, a);
        }
        let print = (game.hash(state) >> 11) as f64;
        Payoffs::new(&vec![print; game.num_seats()])
    }
}

/// Layer 3: each root's figures alone, among all, reversed, and after
/// an inserted root are the same, at a few decisions; and at one of them
/// at least the comparison tells two roots apart.
pub fn roots_are_isolated<M: GameModule>(module: &M) {
    let name = M::INFO.name;
    let game = module.game();
    let mut told_apart = false;
    let mut decisions = 0;
    for seed in 1..=6 {
        // Three roots where the game offers them (so that an inserted root
        // differs from a reordering), else two (a game of binary choices).
        let Some((o, seat)) = decision(module, seed, 3).or_else(|| decision(module, seed, 2)) else {
            continue;
        };
        decisions += 1;
        let mut roots = Vec::new();
        game.legal_from_observation(&o, seat, &mut roots);
        roots.truncate(5);
        let mut rollout = Fingerprint { plies: 60 };
        let mut compare = |roots: &[_]| compare_roots(game, &o, seat, roots, 12, &mut rollout, 99);
        let all = compare(&roots);
        for (i, &r) in roots.iter().enumerate() {
            assert_eq!(compare(&[r])[0], all[i], "{name}: root {r:?} alone differs");
        }
        let reversed: Vec<_> = roots.iter().rev().copied().collect();
        for (i, est) in compare(&reversed).iter().enumerate() {
            assert_eq!(*est, all[roots.len() - 1 - i], "{name}: reordered roots differ");
        }
        let inserted = [roots[1], roots[0]];
        assert_eq!(
            compare(&inserted)[1],
            all[0],
            "{name}: a root inserted before changes the target"
        );
        told_apart |= all.iter().any(|e| e.samples != all[0].samples);
    }
    assert!(
        decisions > 0,
        "{name}: no decision with two choices in six seeded games"
    );
    assert!(told_apart, "{name}: no comparison told two roots apart");
}

/// The strongest spec of each of the game's own players: `level:N` at
/// its highest level the game accepts, any other at its example.
fn own_players<M: GameModule>(module: &M) -> Vec<PlayerSpec> {
    let mut out = Vec::new();
    for p in M::PLAYERS.iter().filter(|p| !LIBRARY.contains(&p.name)) {
        let specs: Vec<String> = if p.name == "level" {
            (1..=9).rev().map(|n| format!("level:{n}")).collect()
        } else {
            vec![p.example.to_string()]
        };
        let accepted = specs
            .iter()
            .filter_map(|s| s.parse::<PlayerSpec>().ok())
            .find(|spec| module.agent(spec, 1).is_ok());
        out.extend(accepted);
    }
    out
}

/// Layer 5: one instance of each of the game's own computers, called a
/// hundred times on one decision, allocates no more on the hundredth call
/// than on the second (its memory is reused, not grown).
pub fn memory_stays_flat<M: GameModule>(module: &M) {
    let name = M::INFO.name;
    let game = module.game();
    let (o, seat) = (1..=6)
        .find_map(|seed| decision(module, seed, 2))
        .unwrap_or_else(|| panic!("{name}: no decision with a choice in six seeded games"));
    for spec in own_players(module) {
        let mut player = module.agent(&spec, 3).expect("an accepted spec builds");
        player.choose(game, &o, seat);
        let (_, second) = allocations_during(|| player.choose(game, &o, seat));
        for _ in 0..97 {
            player.choose(game, &o, seat);
        }
        let (_, hundredth) = allocations_during(|| player.choose(game, &o, seat));
        assert!(
            hundredth <= second,
            "{name} {spec}: call 2 allocated {second} times, call 100 {hundredth}"
        );
    }
}

/// Both checks of one game (what the registry's test runs per module).
pub fn check<M: GameModule>() -> String
where
    M::Game: Determinize,
{
    let name = M::INFO.name;
    let module = M::new(M::Options::default()).expect("the defaults are valid");
    let start = std::time::Instant::now();
    roots_are_isolated(&module);
    memory_stays_flat(&module);
    format!(
        "{name}: roots isolated, {} own players flat over 100 calls, in {:.1} s",
        own_players(&module).len(),
        start.elapsed().as_secs_f64()
    )
}
