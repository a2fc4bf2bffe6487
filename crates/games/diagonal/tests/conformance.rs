//! Jamais en diagonale passes the conformance suite, in every variant.

use tabula_conformance::{Config, check};
use tabula_diagonal::*;

#[test]
fn diagonal_conforms_in_every_variant() {
    let grids = [
        Grid::generate(&GridSpec::new(1)).unwrap(),
        Grid::generate(&GridSpec {
            size: 3,
            seed: 2,
            traps: true,
        })
        .unwrap(),
        Grid::generate(&GridSpec {
            size: 9,
            seed: 3,
            traps: false,
        })
        .unwrap(),
        "1 1 1 / 1 10 1 / 1 1 1".parse().unwrap(),
    ];
    // Every cell of the largest grid, and beyond.
    let candidates: Vec<Cell> = (0..=130).collect();
    let config = Config {
        playouts: 40,
        ..Config::default()
    };
    for walls in [false, true] {
        for target in [false, true] {
            let rules = Diagonal::new(Variant { walls, target });
            let mut starts: Vec<State> = grids.iter().map(|g| rules.start(g)).collect();
            starts.push(rules.start_with(&grids[0], 1));
            let report = check(&rules, &starts, &candidates, &config);
            assert_eq!(report.playouts, starts.len() * 40);
            assert_eq!(report.terminals, report.playouts);
            assert!(report.longest <= 81);
        }
    }
}

#[test]
fn the_game_contract_holds_under_every_option() {
    use tabula_contract::GameModule;
    use tabula_diagonal::module::{DiagonalOptions, DiagonalTable};
    for options in [
        DiagonalOptions::default(),
        DiagonalOptions {
            walls: true,
            target: true,
            size: 3,
            ..DiagonalOptions::default()
        },
        DiagonalOptions {
            daily: Some("2026-11-29".into()),
            ..DiagonalOptions::default()
        },
    ] {
        let table = DiagonalTable::new(options).unwrap();
        let r = tabula_conformance::module::check_module(&table, &[1, 2], 100);
        assert_eq!(r.games, 2);
        assert!(r.decisions > 10);
    }
    // Options that are out of range are refused with a reason.
    for bad in [
        DiagonalOptions {
            size: 4,
            ..DiagonalOptions::default()
        },
        DiagonalOptions {
            daily: Some("2026-02-30".into()),
            ..DiagonalOptions::default()
        },
        DiagonalOptions {
            walls: true,
            daily: Some("2026-11-29".into()),
            ..DiagonalOptions::default()
        },
    ] {
        assert!(DiagonalTable::new(bad).is_err());
    }
}
