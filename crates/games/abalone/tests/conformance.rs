//! The shared conformance suite on Abalone.

use tabula_abalone::*;
use tabula_search::Game;

#[test]
fn abalone_passes_the_conformance_suite() {
    // Short no-progress limits keep random games short; both draw rules and
    // ejection wins occur.
    for (layout, limit) in [(Layout::Discovery, 60), (Layout::Belgian, 40), (Layout::Standard, 30)] {
        let game = Abalone {
            start: layout.position(),
            no_progress: limit,
            trainer: None,
        };
        let start = game.initial_state();
        let mut candidates = Vec::new();
        game.legal_actions(&start, &mut candidates);
        candidates.push("e5:e".parse().unwrap());
        candidates.push("i9:ne".parse().unwrap());
        let config = tabula_conformance::Config {
            playouts: 25,
            ..Default::default()
        };
        let report = tabula_conformance::check(&game, &[start], &candidates, &config);
        assert_eq!(report.playouts, 25);
        assert!(report.terminals >= 25);
    }
}

#[test]
fn third_repetition_and_no_progress_draw() {
    let game = Abalone::new("black:a1,a2 white:i9,i8 to:black lose:0".parse().unwrap());
    let mut s = game.initial_state();
    for m in ["a1:ne", "i9:sw", "b2:sw", "h8:ne", "a1:ne", "i9:sw", "b2:sw"] {
        assert_eq!(s.ending(&game), None);
        s.advance(m.parse().unwrap());
    }
    assert_eq!(s.ending(&game), None, "second occurrence");
    s.advance("h8:ne".parse().unwrap());
    assert_eq!(s.ending(&game), Some(Ending::Repetition));
    assert_eq!(game.payoffs(&s).get(0), 0.0);

    let short = Abalone { no_progress: 3, ..game };
    let mut s = short.initial_state();
    for m in ["a1:ne", "i9:sw", "b2:e"] {
        s.advance(m.parse().unwrap());
    }
    assert_eq!(s.ending(&short), Some(Ending::NoProgress));
}

#[test]
fn ejections_reset_the_draw_counters() {
    let game = Abalone::new("black:e7,e8,a1 white:e9,i5,i6 to:black lose:0".parse().unwrap());
    let mut s = game.initial_state();
    s.advance("a1:e".parse().unwrap());
    s.advance("i5:sw".parse().unwrap());
    assert_eq!(s.quiet_plies, 2);
    s.advance("e7e8:e".parse().unwrap());
    assert_eq!((s.quiet_plies, s.history.len()), (0, 1));
}

#[test]
fn the_game_contract_holds() {
    use tabula_abalone::module::AbaloneOptions;
    use tabula_contract::GameModule;
    for layout in ["discovery", "german"] {
        let game = <Abalone as GameModule>::new(AbaloneOptions {
            layout: Some(layout.into()),
            no_progress: 30,
            ..AbaloneOptions::default()
        })
        .unwrap();
        let r = tabula_conformance::module::check_module(&game, &[1], 40);
        assert!(r.decisions > 0);
    }
    let both = AbaloneOptions {
        layout: Some("german".into()),
        position: Some("black:a1,a2 white:i9,i8 to:black".into()),
        ..AbaloneOptions::default()
    };
    assert!(<Abalone as GameModule>::new(both).is_err());
}
