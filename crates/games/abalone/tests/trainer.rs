//! The endgame trainer and the tablebase on the game contract, with 2v2
//! and 3v2 solved and installed for this test binary: won starts for
//! Black drawn per seed, the verdict and best move in the view, level 4
//! playing from the tables, the figures, and a class whose tables are
//! missing refused with how to make them.

use std::sync::Once;

use serde_json::json;
use tabula_abalone::tablebase::{self, Solved, probe};
use tabula_abalone::*;
use tabula_contract::{GameModule, PlayerSpec};
use tabula_search::backward::Value;
use tabula_search::{Game, Player, Turn};

/// Solves 2v2 and 3v2 (about a second each) and installs them, once.
fn install() -> &'static Solved {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        assert!(tablebase::install(tablebase::solve_closure("3v2".parse().unwrap())));
    });
    tablebase::installed().unwrap()
}

fn trainer(layout: &str) -> Result<Abalone, String> {
    tabula_contract::options::parse::<Abalone>(&json!({ "layout": layout })).map_err(|e| e.to_string())
}

#[test]
fn the_trainer_starts_from_a_won_position_for_black_drawn_per_seed() {
    let tables = install();
    let game = trainer("trainer-3v2").unwrap();
    let mut starts = std::collections::HashSet::new();
    for seed in 0..20 {
        let s = game.start(seed);
        assert_eq!(s, game.start(seed), "the same seed, the same start");
        let p = s.position;
        assert_eq!((p.count(Side::Black), p.count(Side::White)), (3, 2));
        assert_eq!(p.to_move(), Side::Black);
        assert!(matches!(tables.value(&p), Some(Value::Win(_))), "{p} is won for Black");
        assert_eq!(game.turn(&s), Turn::Seat(0), "the person at seat 0 moves first");
        starts.insert(p.to_string());
    }
    assert!(starts.len() > 15, "seeds draw different starts: {}", starts.len());
    // The options name the trainer, and give the same game back.
    let options = game.options();
    assert_eq!(options.layout.as_deref(), Some("trainer-3v2"));
    assert_eq!(<Abalone as GameModule>::new(options).unwrap(), game);
}

#[test]
fn the_view_carries_the_verdict_and_the_tables_best_move() {
    let tables = install();
    let game = trainer("trainer-3v2").unwrap();
    let s = game.start(7);
    let Some(Value::Win(d)) = tables.value(&s.position) else {
        panic!("a won start")
    };
    let view = game.view(&s, 0);
    let verdict = view.tablebase.expect("the tables know the start");
    assert_eq!((verdict.winner, verdict.plies), (Some("black"), Some(d)));
    assert_eq!(view.trainer.as_deref(), Some("3v2"));
    // Black lost nothing of Discovery's seven, White five.
    assert_eq!((view.ejected.black, view.ejected.white), (4, 5));
    let best: Move = view.best.as_deref().unwrap().parse().unwrap();
    let after = s.position.play(best).unwrap();
    assert_eq!(
        probe::for_mover(tables.value(&after).unwrap()),
        Value::Win(d),
        "the best move keeps the win and shortens it by one ply"
    );
}

#[test]
fn level_four_plays_perfectly_from_the_tables() {
    let tables = install();
    let game = trainer("trainer-3v2").unwrap();
    let spec: PlayerSpec = "level:4".parse().unwrap();
    for seed in 0..5 {
        let mut s = game.start(seed);
        // Black plays the table's best move; White (level 4) must then
        // defend as long as the table allows.
        let (m, _) = probe::best_move(tables, &s.position).unwrap();
        game.apply(&mut s, m);
        if game.to_move(&s) == Turn::Terminal {
            continue;
        }
        let best = probe::valued_moves(tables, &s.position).unwrap()[0].1;
        let mut white = game.agent(&spec, seed).unwrap();
        let chosen = white.choose(&game, &s, 1).action.unwrap();
        let after = s.position.play(chosen).unwrap();
        assert_eq!(probe::for_mover(tables.value(&after).unwrap()), best, "seed {seed}");
    }
}

#[test]
fn the_figures_count_every_installed_class() {
    install();
    let figures = tabula_abalone::capabilities::tablebase_figures();
    assert_eq!(figures["installed"], true);
    let classes = figures["classes"].as_array().unwrap();
    let names: Vec<&str> = classes.iter().map(|c| c["class"].as_str().unwrap()).collect();
    assert_eq!(names, ["2v2", "3v2"]);
    // As `tabula solve abalone 3v2` reports: 9,925,768 entries, the longest win 7 plies.
    assert_eq!(classes[1]["positions"], 9_925_768);
    assert_eq!(classes[1]["max_dtw"], 7);
    assert_eq!(classes[0]["max_dtw"], 1);
    assert_eq!(figures["trainers"], json!(["trainer-3v2"]));
}

#[test]
fn a_trainer_without_its_tables_says_so_in_a_players_words() {
    install();
    let err = trainer("trainer-4v2").unwrap_err();
    assert!(
        err.contains("needs the Discovery tablebase of 4v2, which is not installed here"),
        "{err}"
    );
    // The operator's commands are not a player's business.
    assert!(!err.contains("tabula "), "{err}");
    let err = trainer("trainer-9v2").unwrap_err();
    assert!(err.contains("not a class"), "{err}");
}
