//! The AI: fairness, the Master's gate, move scoring, determinism, memory.

#![allow(unsafe_code)] // a counting allocator, for the memory test

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use tabula_search::{Game, Rng, Turn};
use tabula_skyjo::eval::{Scorer, Situation};
use tabula_skyjo::*;

/// Counts live heap bytes and their peak, for the memory test.
struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A mid-round state of a `players` game after `plies` random plies.
fn midgame(players: usize, seed: u64, plies: usize) -> (Skyjo, State) {
    let game = Skyjo::with_players(players).unwrap();
    let mut s = game.new_game(seed);
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    for _ in 0..plies {
        let a = match game.to_move(&s) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&s, &mut legal);
                // Avoid free flips so that the round lasts.
                let no_flip: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| !matches!(a, Action::FreeFlip(_)))
                    .collect();
                no_flip[rng.below(no_flip.len() as u64) as usize]
            }
        };
        game.apply(&mut s, a);
    }
    while game.to_move(&s) == Turn::Chance {
        let a = game.sample_chance(&s, &mut rng);
        game.apply(&mut s, a);
    }
    (game, s)
}

fn seat_to_move(game: &Skyjo, s: &State) -> usize {
    game.to_move(s).seat().expect("a seat to act")
}

#[test]
fn the_pile_is_granted_only_to_the_master_at_a_solo_table() {
    let (game, s) = midgame(2, 1, 30);
    let levels = [
        LevelSpec::Level(1),
        LevelSpec::Level(2),
        LevelSpec::Level(3),
        LevelSpec::Level(4),
        LevelSpec::Master,
    ];
    for table in [TableKind::Solo, TableKind::Online] {
        for level in levels {
            let granted = table == TableKind::Solo && level == LevelSpec::Master;
            assert_eq!(pile_granted(table, level), granted, "{table:?} {level}");
            for seat in 0..2 {
                let obs = observe(&game, &s, seat, table, level);
                assert_eq!(obs.draw_pile.is_some(), granted, "{table:?} {level} seat {seat}");
                if granted {
                    assert_eq!(obs.draw_pile.as_ref().unwrap(), &s.draw_values());
                }
            }
        }
    }
    // The plain observation (bots, logs, the arena) never carries it.
    assert!(game.observation(&s, 0).draw_pile.is_none());
    assert!(LevelSpec::Master.profile().may_see_pile);
    assert!(!LevelSpec::Level(4).profile().may_see_pile);
}

#[test]
fn the_master_reads_the_next_card_and_others_cannot() {
    // With the pile, the draw's score is a comparison with the known next
    // card; changing that card changes the Master's score only.
    let (game, s) = midgame(2, 2, 20);
    let seat = seat_to_move(&game, &s);
    assert_eq!(s.phase(), Phase::Turn);
    let mut t = s;
    let top = s.draw_count() - 1;
    let other = (0..top).find(|&k| s.draw_values()[k] != s.draw_values()[top]).unwrap();
    t.swap_cards(CardPlace::Draw(top), CardPlace::Draw(other));
    let draw_score = |st: &State, level: LevelSpec| {
        let obs = observe(&game, st, seat, TableKind::Solo, level);
        let sit = Situation::from_observation(&obs);
        Scorer::new(&sit).score(&sit, Action::Draw)
    };
    assert_eq!(draw_score(&s, LevelSpec::Level(4)), draw_score(&t, LevelSpec::Level(4)));
    assert_ne!(draw_score(&s, LevelSpec::Master), draw_score(&t, LevelSpec::Master));
}

#[test]
fn the_situation_of_a_world_equals_that_of_the_observation() {
    // The normalisation hides face-down values: reading a full world gives
    // exactly what the observation gives.
    for seed in 0..20 {
        let (game, s) = midgame(3, seed, 10 + seed as usize * 3);
        let seat = seat_to_move(&game, &s);
        let from_obs = Situation::from_observation(&game.observation(&s, seat));
        let from_state = Situation::from_state(&s, seat);
        assert_eq!(from_obs.grids, from_state.grids);
        assert_eq!(from_obs.unseen, from_state.unseen);
        assert_eq!(from_obs.hand, from_state.hand);
        let mut t = s;
        let places = s.unseen_places(seat);
        t.swap_cards(places[0], places[places.len() / 2]);
        let swapped = Situation::from_state(&t, seat);
        assert_eq!(swapped.grids, from_state.grids);
        assert_eq!(swapped.unseen, from_state.unseen);
    }
}

#[test]
fn decisions_are_unchanged_by_swapping_unseen_cards_and_reproducible() {
    for level in [LevelSpec::Level(1), LevelSpec::Level(2), LevelSpec::Level(3)] {
        for seed in 0..4 {
            let (game, s) = midgame(3, 100 + seed, 15 + seed as usize);
            let seat = seat_to_move(&game, &s);
            let mut t = s;
            let places = s.unseen_places(seat);
            t.swap_cards(places[0], places[places.len() - 1]);
            let mut ai = SkyjoAi::new(level, 9).with_iterations(25);
            let a = ai.decide(&game, &observe(&game, &s, seat, TableKind::Online, level));
            let b = ai.decide(&game, &observe(&game, &t, seat, TableKind::Online, level));
            let c = SkyjoAi::new(level, 9)
                .with_iterations(25)
                .decide(&game, &observe(&game, &s, seat, TableKind::Online, level));
            assert_eq!(a.action, b.action);
            assert_eq!(a.stats.root, b.stats.root);
            assert_eq!(a.action, c.action);
            assert_eq!(a.stats.root, c.stats.root);
        }
    }
}

#[test]
fn a_draw_weakly_dominates_every_free_flip() {
    // The draw's value is the best of two outlets (one of which is a flip)
    // plus a margin: no free flip can score higher.
    for seed in 0..30 {
        let (game, s) = midgame(4, 200 + seed, seed as usize * 2);
        if s.phase() != Phase::Turn {
            continue;
        }
        let seat = seat_to_move(&game, &s);
        let obs = game.observation(&s, seat);
        let scores = SkyjoAi::new(LevelSpec::Level(4), 0).scores(&game, &obs);
        let draw = scores.iter().find(|s| s.0 == Action::Draw).unwrap().1;
        for &(a, v) in &scores {
            if matches!(a, Action::FreeFlip(_)) {
                assert!(draw >= v + 0.25 - 1e-9, "{a:?} {v} vs draw {draw}");
            }
        }
    }
}

#[test]
fn the_search_explores_only_six_primed_root_moves() {
    let (game, s) = midgame(2, 300, 12);
    let seat = seat_to_move(&game, &s);
    let obs = game.observation(&s, seat);
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    assert!(legal.len() > 6);
    let r = SkyjoAi::new(LevelSpec::Level(4), 1)
        .with_iterations(60)
        .decide(&game, &obs);
    assert_eq!(r.stats.root.len(), 6);
    assert_eq!(r.stats.iterations, 60);
    let scores = SkyjoAi::new(LevelSpec::Level(4), 1).scores(&game, &obs);
    let mut ranked = scores.clone();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    for stat in &r.stats.root {
        assert!(ranked[..6].iter().any(|x| x.0 == stat.action));
    }
    // Without iterations the search follows the heuristic's best move.
    let zero = SkyjoAi::new(LevelSpec::Level(4), 1)
        .with_iterations(0)
        .decide(&game, &obs);
    assert_eq!(zero.action, Some(ranked[0].0));
}

#[test]
fn memory_stays_flat_over_100_decisions_of_one_ai() {
    let (game, s) = midgame(4, 400, 8);
    let seat = seat_to_move(&game, &s);
    let mut ai = SkyjoAi::new(LevelSpec::Level(4), 3).with_iterations(40);
    let obs: Vec<Observation> = (0..100)
        .map(|k| {
            let (g, st) = midgame(4, 400 + k, 8 + (k as usize % 5));
            let seat = seat_to_move(&g, &st);
            g.observation(&st, seat)
        })
        .collect();
    let _ = seat;
    let mut peaks = Vec::new();
    for o in &obs {
        let live_before = LIVE.load(Ordering::Relaxed);
        PEAK.store(live_before, Ordering::Relaxed);
        ai.decide(&game, o);
        peaks.push(PEAK.load(Ordering::Relaxed).saturating_sub(live_before));
    }
    let early = *peaks[..10].iter().max().unwrap();
    let late = *peaks[50..].iter().max().unwrap();
    assert!(
        late <= early + early / 4 + 4096,
        "peak grew from {early} to {late} bytes"
    );
    let _ = s;
}

#[test]
fn level_specs_parse_and_reject_bad_input() {
    assert_eq!("level:3".parse::<LevelSpec>(), Ok(LevelSpec::Level(3)));
    assert_eq!(" Master ".parse::<LevelSpec>(), Ok(LevelSpec::Master));
    assert!(matches!("level:5".parse::<LevelSpec>(), Err(LevelError::OutOfRange(_))));
    assert!(matches!("level:x".parse::<LevelSpec>(), Err(LevelError::Unknown(_))));
    assert!(matches!("hard".parse::<LevelSpec>(), Err(LevelError::Unknown(_))));
    assert_eq!(LevelSpec::Level(2).to_string(), "level:2");
}

#[test]
fn every_tunable_is_in_one_table_with_its_spec_value() {
    let find = |n: &str| SKYJO_TUNABLES.iter().find(|t| t.name == n).unwrap().default.to_string();
    use tabula_skyjo::eval::*;
    for (name, value) in [
        ("risk_base", RISK_BASE),
        ("risk_urgency", RISK_URGENCY),
        ("align_cap", ALIGN_CAP),
        ("cards_per_turn", CARDS_PER_TURN),
        ("horizon_max", HORIZON_MAX),
        ("align_decote", ALIGN_DECOTE),
        ("draw_margin", DRAW_MARGIN),
        ("closing_scale", CLOSING_SCALE),
        ("root_moves", ROOT_MOVES as f64),
        ("virtual_visits", VIRTUAL_VISITS),
        ("prior_scale", PRIOR_SCALE),
        ("rollout_plies", ROLLOUT_PLIES as f64),
        ("rollout_noise", ROLLOUT_NOISE),
        ("exploration", EXPLORATION),
        ("reward_range", REWARD_RANGE),
    ] {
        assert_eq!(find(name).parse::<f64>().unwrap(), value, "{name}");
    }
    assert_eq!(
        (RISK_BASE, RISK_URGENCY, ALIGN_CAP, ALIGN_DECOTE, DRAW_MARGIN),
        (0.4, 1.6, 0.6, 0.1, 0.25)
    );
    assert_eq!(
        (ROOT_MOVES, VIRTUAL_VISITS, PRIOR_SCALE, ROLLOUT_PLIES),
        (6, 8.0, 14.0, 12)
    );
    assert_eq!((ROLLOUT_NOISE, EXPLORATION, REWARD_RANGE), (0.12, 0.3, 50.0));
    assert_eq!(find("reveal_nodes"), REVEAL_NODES.to_string());
    assert_eq!(SKYJO_TUNABLES.len(), 16);
}
