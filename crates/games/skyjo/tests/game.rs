//! Whole-game properties: conservation after every action, the swap test,
//! determinism, records, the conformance suite.

use tabula_contract::GameModule;
use tabula_search::{Determinize, Game, Rng, Turn};
use tabula_skyjo::*;

/// Plays uniformly random legal actions, calling `check` on every state.
fn random_game(game: &Skyjo, seed: u64, mut check: impl FnMut(&State)) -> State {
    let mut s = game.new_game(seed);
    let mut rng = Rng::new(seed ^ 0xABCD);
    let mut legal = Vec::new();
    loop {
        check(&s);
        let a = match game.to_move(&s) {
            Turn::Terminal => return s,
            Turn::Chance => game.sample_chance(&s, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&s, &mut legal);
                legal[rng.below(legal.len() as u64) as usize]
            }
        };
        game.apply(&mut s, a);
    }
}

#[test]
fn conservation_holds_after_every_action_in_random_games() {
    let mut states = 0;
    for players in 2..=8 {
        for seed in 0..3 {
            let mut rules = Rules::new(players).unwrap();
            rules.reshuffle_all = seed == 2;
            rules.free_flip = seed != 1;
            let game = Skyjo::new(rules).unwrap();
            let end = random_game(&game, seed * 10 + players as u64, |s| {
                s.check_conservation().unwrap();
                states += 1;
            });
            assert_eq!(end.phase(), Phase::Over);
        }
    }
    assert!(states > 2_000, "{states}");
}

#[test]
fn swapping_two_unseen_cards_leaves_the_observation_byte_identical() {
    let mut checked = 0;
    let mut rng = Rng::new(77);
    for players in [2, 3, 5, 8] {
        let game = Skyjo::with_players(players).unwrap();
        random_game(&game, players as u64, |s| {
            if rng.below(4) != 0 {
                return;
            }
            for seat in 0..players {
                let places = s.unseen_places(seat);
                if places.len() < 2 {
                    continue;
                }
                let before = serde_json::to_string(&game.observation(s, seat)).unwrap();
                for _ in 0..3 {
                    let a = places[rng.below(places.len() as u64) as usize];
                    let b = places[rng.below(places.len() as u64) as usize];
                    let mut t = *s;
                    t.swap_cards(a, b);
                    t.check_conservation().unwrap();
                    let after = serde_json::to_string(&game.observation(&t, seat)).unwrap();
                    assert_eq!(before, after, "swapping {a:?} and {b:?} changed seat {seat}'s view");
                    checked += 1;
                }
            }
        });
    }
    assert!(checked > 1_000, "{checked}");
}

#[test]
fn a_visible_change_does_change_the_observation() {
    // The swap test could pass with an observation that shows nothing.
    let game = Skyjo::with_players(2).unwrap();
    let s = game.new_game(3);
    let mut t = s;
    t.swap_cards(CardPlace::Discard(0), CardPlace::Draw(0));
    if s.discard_values() != t.discard_values() {
        assert_ne!(game.observation(&s, 0), game.observation(&t, 0));
    }
    let obs = game.observation(&s, 0);
    assert!(obs.grids.iter().all(|g| g.iter().all(|c| *c == CellView::Hidden)));
    assert!(obs.draw_pile.is_none());
}

#[test]
fn determinized_worlds_match_the_observation_and_vary_the_hidden_cards() {
    let game = Skyjo::with_players(3).unwrap();
    let mut seen = std::collections::HashSet::new();
    random_game(&game, 5, |s| {
        if game.to_move(s) == Turn::Terminal {
            return;
        }
        let obs = game.observation(s, 1);
        let mut rng = Rng::new(s.draw_count() as u64);
        for _ in 0..2 {
            let w = game.determinize(&obs, 1, &mut rng);
            w.check_conservation().unwrap();
            assert_eq!(game.observation(&w, 1), obs);
            seen.insert(w.draw_values());
        }
    });
    assert!(seen.len() > 10);
}

#[test]
fn the_unseen_card_mean_uses_the_whole_deck_minus_everything_visible() {
    let game = Skyjo::with_players(2).unwrap();
    let s = game.new_game(9);
    let obs = game.observation(&s, 0);
    let counts = obs.unseen_counts();
    // Only the discard top is visible before setup.
    let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
    assert_eq!(total, 149);
    let top = obs.discard[0];
    assert_eq!(
        u32::from(counts[(top + 2) as usize]) + 1,
        u32::from(deck().count_of(top) as u8)
    );
}

#[test]
fn games_are_reproducible_by_seed_and_records_replay() {
    let game = Skyjo::with_players(3).unwrap();
    let run = |seed| {
        let mut ais: Vec<SkyjoAi> = (0..3)
            .map(|s| SkyjoAi::new(LevelSpec::Level(1 + s as u8), seed + s as u64).with_iterations(20))
            .collect();
        play_game(&game, &mut ais, TableKind::Online, seed)
    };
    let a = run(4);
    let b = run(4);
    assert_eq!(a, b);
    let c = run(5);
    assert_ne!(a.actions, c.actions);
    let record = Record {
        rules: game.rules().clone(),
        seed: 4,
        players: vec!["level:1".into(), "level:2".into(), "level:3".into()],
        actions: a.actions.clone(),
        totals: a.totals.clone(),
    };
    let text = serde_json::to_string(&record).unwrap();
    let back: Record = serde_json::from_str(&text).unwrap();
    assert_eq!(back.replay().unwrap(), a.state);
    let mut bad = back.clone();
    bad.totals[0] += 1;
    assert!(matches!(bad.replay(), Err(ReplayError::Totals { .. })));
    let mut bad = back;
    bad.actions.insert(3, Action::Place(0));
    assert!(matches!(bad.replay(), Err(ReplayError::Illegal { index: 3, .. })));
}

#[test]
fn the_conformance_suite_passes() {
    for players in [2, 4, 8] {
        let mut rules = Rules::new(players).unwrap();
        rules.end_score = 60;
        let game = Skyjo::new(rules).unwrap();
        let starts: Vec<State> = (0..2).map(|s| game.new_game(s)).collect();
        let mut candidates: Vec<Action> = (0..12)
            .flat_map(|c| {
                [
                    Action::Reveal(c),
                    Action::TakeDiscard(c),
                    Action::FreeFlip(c),
                    Action::Place(c),
                    Action::DiscardFlip(c),
                ]
            })
            .collect();
        candidates.push(Action::Draw);
        candidates.push(Action::Reveal(12));
        let config = tabula_conformance::Config {
            playouts: 2,
            worlds: 1,
            ..Default::default()
        };
        let report = tabula_conformance::check(&game, &starts, &candidates, &config);
        assert_eq!(report.terminals, 4);
    }
}

#[test]
fn the_game_contract_holds() {
    for players in [2, 5] {
        let game = Skyjo::with_players(players).unwrap();
        let r = tabula_conformance::module::check_module(&game, &[3, 4], 400);
        assert_eq!(r.games, 2);
        assert_eq!(r.players, 2 * 6);
    }
    let mut rules = Rules::new(3).unwrap();
    rules.end_score = 0;
    assert!(<Skyjo as GameModule>::new(rules).is_err());
}

#[test]
fn the_page_view_and_the_terminal_text_show_no_hidden_value() {
    let game = Skyjo::with_players(2).unwrap();
    let mut s = game.new_game(21);
    let mut rng = Rng::new(1);
    let mut legal = Vec::new();
    for _ in 0..40 {
        if let Turn::Seat(_) = game.to_move(&s) {
            game.legal_actions(&s, &mut legal);
            let a = legal[rng.below(legal.len() as u64) as usize];
            game.apply(&mut s, a);
        } else if game.to_move(&s) == Turn::Chance {
            let a = game.sample_chance(&s, &mut rng);
            game.apply(&mut s, a);
        }
    }
    for seat in 0..2 {
        let obs = observe(&game, &s, seat, TableKind::Solo, LevelSpec::Master);
        assert!(obs.draw_pile.is_some());
        // Received from outside, an observation with the pile is refused.
        assert!(GameModule::check_observation(&game, &obs, seat).is_err());
        // Swapping unseen cards leaves the bot view and the text unchanged.
        let mut t = s;
        let places = s.unseen_places(seat);
        t.swap_cards(places[0], places[places.len() - 1]);
        let plain = game.observation(&s, seat);
        let plain_t = game.observation(&t, seat);
        let view = GameModule::view(&game, &plain, seat);
        assert_eq!(view, GameModule::view(&game, &plain_t, seat));
        let view = serde_json::to_string(&view).unwrap();
        assert!(!view.contains("draw_pile"), "{view}");
        assert_eq!(render(&plain), render(&plain_t));
        assert!(render(&plain).contains("??"));
    }
}

#[test]
fn the_swap_hook_changes_the_truth_and_no_observation_of_its_seat() {
    let game = Skyjo::new(Rules::default()).unwrap();
    let mut swapped = 0;
    random_game(&game, 11, |s| {
        for seat in 0..s.players() {
            let mut t = *s;
            if GameModule::swap_unseen(&game, &mut t, seat) {
                swapped += 1;
                assert_ne!(format!("{t:?}"), format!("{s:?}"), "the truth changed");
                let (before, after) = (game.observation(s, seat), game.observation(&t, seat));
                assert_eq!(
                    serde_json::to_string(&before).unwrap(),
                    serde_json::to_string(&after).unwrap()
                );
                t.check_conservation().unwrap();
            }
        }
    });
    assert!(swapped > 100, "the hook found cards to exchange ({swapped})");
}
