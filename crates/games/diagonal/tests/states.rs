//! Positions: their JSON form and its checks, the checks of a position
//! against a variant's rules, variants' names, and the text picture.

use tabula_diagonal::*;
use tabula_search::Game;

const STANDARD: Variant = Variant::STANDARD;
const BOTH: Variant = Variant {
    walls: true,
    target: true,
};
const WALLS: Variant = Variant {
    walls: true,
    target: false,
};
const TARGET: Variant = Variant {
    walls: false,
    target: true,
};

/// Passes on the 3 × 3 grid 1–9: the line of moves of the rules' tests.
const PASS_LINE: [&str; 6] = ["c2", "c1", "b1", "b3", "a3", "c3"];

fn grid3(text: &str) -> Grid {
    text.parse().unwrap()
}

fn names(cells: &[Cell], size: u8) -> Vec<String> {
    cells.iter().map(|&c| cell_name(c, size)).collect()
}

/// Plays named cells, checking each is legal.
fn play(rules: &Diagonal, s: &mut State, moves: &[&str]) {
    for m in moves {
        let c = parse_cell(m, s.size()).unwrap();
        rules.play(s, c).unwrap_or_else(|e| panic!("{m}: {e} in {s:?}"));
    }
}

#[test]
fn states_round_trip_through_json_and_bad_ones_are_refused() {
    let rules = Diagonal::standard();
    let grid = grid3("1 2 3 / 4 5 6 / 7 8 9");
    let mut s = rules.start(&grid);
    play(&rules, &mut s, &PASS_LINE);
    let text = serde_json::to_string(&s).unwrap();
    assert_eq!(
        text,
        r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[1,2,5,6,7,8],"token":8,"scores":[15,20],"to_move":1,"after_pass":true,"over":false}"#
    );
    let back: State = serde_json::from_str(&text).unwrap();
    assert_eq!(back, s);
    assert_eq!(rules.hash(&back), rules.hash(&s));

    let ok = r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[4],"token":4,"scores":[5,0],"to_move":1}"#;
    let st: State = serde_json::from_str(ok).unwrap();
    assert_eq!(names(&rules.legal_cells(&st), 3), ["b1", "a2", "c2", "b3"]);
    assert_eq!(rules.check(&st), Ok(()));

    let bad = [
        (r#"{"size":4,"values":[]}"#, "odd"),
        (r#"{"size":3,"values":[1,2,3]}"#, "9 cells"),
        (r#"{"size":3,"values":[1,2,3,4,5,6,7,8,11]}"#, "-10 to 10"),
        (
            r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[9],"token":9,"scores":[0,0]}"#,
            "off",
        ),
        (
            r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[4,1],"token":4,"scores":[5,2]}"#,
            "ascending",
        ),
        (
            r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[4],"token":3,"scores":[5,0]}"#,
            "not a taken cell",
        ),
        (
            r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[4],"scores":[5,0]}"#,
            "without a token",
        ),
        (
            r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[4],"token":4,"scores":[4,0]}"#,
            "points",
        ),
        (
            r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[4],"token":4,"scores":[105,-100]}"#,
            "points",
        ),
        (
            r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[4],"token":4,"scores":[5,0],"to_move":2}"#,
            "seat 2",
        ),
        (
            r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[0,1,2,3,4,5,6,7,8],"token":4,"scores":[45,0]}"#,
            "empty",
        ),
        (
            r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"taken":[4],"token":4,"scores":[5,0],"over":true,"after_pass":true}"#,
            "pass",
        ),
        (r#"{"size":3,"values":[1,2,3,4,5,6,7,8,9],"bogus":1}"#, "unknown field"),
    ];
    for (text, needle) in bad {
        let err = serde_json::from_str::<State>(text).unwrap_err().to_string();
        assert!(err.contains(needle), "{text}: {err}");
    }
}

#[test]
fn check_refuses_positions_the_rules_never_reach() {
    let base = r#""size":3,"values":[1,2,3,4,5,6,7,8,9]"#;
    let state = |rest: &str| -> State { serde_json::from_str(&format!("{{{base},{rest}}}")).unwrap() };
    let standard = Diagonal::standard();
    let walls = Diagonal::new(WALLS);
    let target = Diagonal::new(TARGET);
    // Token on c3 with its row and column full, no pass recorded.
    let stuck = state(r#""taken":[1,2,5,6,7,8],"token":8,"scores":[10,25],"to_move":0"#);
    assert!(
        standard
            .check(&stuck)
            .unwrap_err()
            .to_string()
            .contains("should have passed")
    );
    assert!(walls.check(&stuck).unwrap_err().to_string().contains("should be over"));
    // The searches still see a move: every free cell.
    assert_eq!(standard.legal_cells(&stuck), [0, 3, 4]);
    let passed = state(r#""taken":[1,2,5,6,7,8],"token":8,"scores":[10,25],"to_move":1,"after_pass":true"#);
    assert_eq!(standard.check(&passed), Ok(()));
    assert!(
        walls
            .check(&passed)
            .unwrap_err()
            .to_string()
            .contains("no pass with walls")
    );
    let fake_pass = state(r#""taken":[4],"token":4,"scores":[5,0],"to_move":1,"after_pass":true"#);
    assert!(
        standard
            .check(&fake_pass)
            .unwrap_err()
            .to_string()
            .contains("had a cell in reach")
    );
    let fake_end = state(r#""taken":[4],"token":4,"scores":[5,0],"to_move":1,"over":true"#);
    assert!(
        standard
            .check(&fake_end)
            .unwrap_err()
            .to_string()
            .contains("marked over")
    );
    // Target: 45 / 2 rounds to 23. A score over it ends the game.
    let ordinary = state(r#""taken":[5,8],"token":8,"scores":[0,15],"to_move":0"#);
    assert_eq!(standard.check(&ordinary), Ok(()));
    assert_eq!(target.check(&ordinary), Ok(()));
    let big = state(r#""taken":[2,5,6,7,8],"token":8,"scores":[0,33],"to_move":0,"after_pass":false"#);
    assert!(
        target
            .check(&big)
            .unwrap_err()
            .to_string()
            .contains("exceeds the target")
    );
    let big_end = state(r#""taken":[2,5,6,7,8],"token":8,"scores":[0,33],"to_move":0,"over":true"#);
    assert_eq!(target.check(&big_end), Ok(()));
    assert_eq!(
        target.outcome(&big_end),
        Some(Outcome {
            winner: Some(0),
            end: End::Exceeded(1)
        })
    );
}

#[test]
fn variants_read_and_write_their_names_and_json() {
    for (v, name) in [
        (STANDARD, "standard"),
        (WALLS, "walls"),
        (TARGET, "target"),
        (BOTH, "walls+target"),
    ] {
        assert_eq!(v.to_string(), name);
        assert_eq!(name.parse::<Variant>(), Ok(v));
    }
    assert_eq!("Target+Walls".parse::<Variant>(), Ok(BOTH));
    assert!("walls+walls".parse::<Variant>().is_err());
    assert_eq!(
        "diagonal".parse::<Variant>().unwrap_err().to_string(),
        "unknown variant \"diagonal\"; write standard, walls, target or walls+target"
    );
    assert_eq!(
        serde_json::to_string(&WALLS).unwrap(),
        r#"{"walls":true,"target":false}"#
    );
    assert_eq!(serde_json::from_str::<Variant>(r#"{"target":true}"#).unwrap(), TARGET);
    assert_eq!(serde_json::from_str::<Variant>("{}").unwrap(), STANDARD);
    assert!(serde_json::from_str::<Variant>(r#"{"diagonal":true}"#).is_err());
}

#[test]
fn the_state_draws_itself() {
    let rules = Diagonal::standard();
    let mut s = rules.start(&grid3("1 2 3 / 4 5 6 / 7 8 9"));
    play(&rules, &mut s, &PASS_LINE);
    assert_eq!(
        s.to_string(),
        "      a   b   c\n  1   1   ·   ·\n  2   4   5   ·\n  3   ·   ·   *\nscores 15 – 20, seat 1 plays again, anywhere"
    );
    assert_eq!(s.grid(), grid3("1 2 3 / 4 5 6 / 7 8 9"));
}
