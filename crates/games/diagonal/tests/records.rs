//! Game records: JSON round trip, replay, clear errors; the computer check;
//! the review.

use tabula_diagonal::review::review_with;
use tabula_diagonal::*;
use tabula_search::{Budget, Game, Minimax};

fn spec3() -> GridSpec {
    GridSpec {
        size: 3,
        seed: 42,
        traps: true,
    }
}

fn coords(names: &[&str]) -> Vec<Coord> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

/// A whole game between the computer at `depth` (seat 1) and greedy (seat 0).
fn game_record(source: GridSource, variant: Variant, depth: u32) -> Record {
    let mut record = Record::new(source, variant);
    let grid = record.grid().unwrap();
    let rules = record.rules();
    let mut computer = Computer::new(ComputerConfig::with_depth(depth));
    let mut s = rules.start(&grid);
    while let Some(seat) = rules.to_move(&s).seat() {
        let cell = if seat == 0 {
            Greedy::pick(&rules, &s).unwrap()
        } else {
            computer.think(&rules, &s).action.unwrap()
        };
        rules.apply(&mut s, cell);
        record.push_cell(cell, grid.size());
    }
    record
}

#[test]
fn records_round_trip_through_json() {
    let mut record = Record::new(
        GridSource::Seed(spec3()),
        Variant {
            walls: true,
            target: false,
        },
    );
    record.moves = coords(&["b2", "b1"]);
    let json = record.to_json();
    assert_eq!(
        json,
        r#"{"grid":{"seed":{"size":3,"seed":"42","traps":true}},"variant":{"walls":true,"target":false},"moves":["b2","b1"]}"#
    );
    assert_eq!(Record::from_json(&json).unwrap(), record);
    let daily = Record::daily("2025-03-14".parse().unwrap());
    let json = daily.to_json();
    assert_eq!(
        json,
        r#"{"grid":{"daily":"2025-03-14"},"variant":{"walls":false,"target":false},"moves":[]}"#
    );
    assert_eq!(Record::from_json(&json).unwrap(), daily);
    // Defaults: no variant means standard, no moves means none.
    let short = Record::from_json(r#"{"grid":{"daily":"2025-03-14"}}"#).unwrap();
    assert_eq!(short, daily);
    for bad in [
        r#"{"grid":{"daily":"2025-02-30"}}"#,
        r#"{"grid":{"weekly":"2025-03-14"}}"#,
        r#"{"grid":{"daily":"2025-03-14"},"moves":["z9"]}"#,
        r#"{"grid":{"daily":"2025-03-14"},"colour":"red"}"#,
        "not json",
    ] {
        let e = Record::from_json(bad).unwrap_err();
        assert!(matches!(e, RecordError::Json(_)), "{bad}: {e}");
        assert!(e.to_string().starts_with("unreadable record: "));
    }
}

#[test]
fn a_whole_game_replays_to_the_same_position() {
    for variant in [
        Variant::STANDARD,
        Variant {
            walls: true,
            target: true,
        },
    ] {
        let record = game_record(GridSource::Seed(GridSpec::new(7)), variant, 3);
        let back = Record::from_json(&record.to_json()).unwrap();
        let (grid, end) = back.replay().unwrap();
        assert_eq!(grid, Grid::generate(&GridSpec::new(7)).unwrap());
        assert!(end.is_over());
        let (_, states) = back.positions().unwrap();
        assert_eq!(states.len(), record.moves.len() + 1);
        assert_eq!(states[0], record.rules().start(&grid));
        assert_eq!(*states.last().unwrap(), end);
    }
}

#[test]
fn an_illegal_move_is_named_with_its_number() {
    let mut record = Record::new(GridSource::Seed(spec3()), Variant::STANDARD);
    record.moves = coords(&["b2", "b1", "c3"]);
    let e = record.replay().unwrap_err();
    assert_eq!(
        e,
        RecordError::Illegal {
            number: 3,
            coord: Coord::new(2, 2),
            reason: MoveError::NotInLine {
                cell: Coord::new(2, 2),
                token: Coord::new(1, 0)
            }
        }
    );
    assert_eq!(
        e.to_string(),
        "move 3 (c3) is not legal: c3 shares neither the row nor the column of the token on b1"
    );
    record.moves = coords(&["a1"]);
    assert_eq!(
        record.replay().unwrap_err().to_string(),
        "move 1 (a1) is not legal: a1 is not on the central cross; the first move takes a cell of the middle row or the middle column"
    );
    record.moves = coords(&["b2", "b2"]);
    assert_eq!(
        record.replay().unwrap_err().to_string(),
        "move 2 (b2) is not legal: b2 is already taken"
    );
    record.moves = coords(&["b2", "d2"]);
    assert_eq!(
        record.replay().unwrap_err().to_string(),
        "move 2 (d2) is not legal: d2 is off the 3×3 grid"
    );
    // Walls: a taken cell in the way.
    let mut walls = Record::new(
        GridSource::Seed(spec3()),
        Variant {
            walls: true,
            target: false,
        },
    );
    walls.moves = coords(&["b1", "b2", "b3", "b1"]);
    assert!(
        walls
            .replay()
            .unwrap_err()
            .to_string()
            .starts_with("move 4 (b1) is not legal: b1 is already taken")
    );
    walls.moves = coords(&["b2", "b1", "b3"]);
    assert_eq!(
        walls.replay().unwrap_err().to_string(),
        "move 3 (b3) is not legal: a taken cell stands between the token on b1 and b3 (walls)"
    );
    // The same moves under the standard rules: the token jumps.
    record.moves = coords(&["b2", "b1", "b3"]);
    assert!(record.replay().is_ok());
}

#[test]
fn moves_after_the_end_are_refused() {
    // Walls: a2 b2 b1 a1 shuts seat 0 in; a fifth move is refused.
    let mut record = Record::new(
        GridSource::Seed(spec3()),
        Variant {
            walls: true,
            target: false,
        },
    );
    record.moves = coords(&["a2", "b2", "b1", "a1"]);
    let (_, end) = record.replay().unwrap();
    assert!(end.is_over());
    record.moves.push("c3".parse().unwrap());
    assert_eq!(
        record.replay().unwrap_err().to_string(),
        "move 5 (c3) is not legal: the game is over"
    );
}

#[test]
fn the_daily_grid_takes_no_variant() {
    let mut record = Record::daily("2025-03-14".parse().unwrap());
    record.variant.target = true;
    let e = record.replay().unwrap_err();
    assert_eq!(e, RecordError::DailyVariant(record.variant));
    assert_eq!(
        e.to_string(),
        "the daily grid is played with the standard rules, not target"
    );
    let bad_size = Record::new(
        GridSource::Seed(GridSpec {
            size: 11,
            seed: 1,
            traps: true,
        }),
        Variant::STANDARD,
    );
    assert_eq!(
        bad_size.replay().unwrap_err().to_string(),
        "the record's grid: a grid's side is odd, from 3 to 9; got 11"
    );
}

#[test]
fn the_computer_check_finds_a_move_it_would_not_play() {
    let date: Date = "2025-03-14".parse().unwrap();
    let record = game_record(GridSource::Daily(date), Variant::STANDARD, 7);
    let mut computer = Computer::daily();
    assert_eq!(record.check_computer(1, &mut computer), Ok(()));
    // Replace the computer's second move by another legal one.
    let (grid, states) = record.positions().unwrap();
    let rules = record.rules();
    let (index, other) = (0..record.moves.len())
        .filter(|&i| states[i].to_move() == 1)
        .skip(1)
        .find_map(|i| {
            let played = record.moves[i].cell(grid.size()).unwrap();
            let other = rules.legal_cells(&states[i]).into_iter().find(|&c| c != played)?;
            Some((i, other))
        })
        .unwrap();
    let mut forged = record.clone();
    forged.moves.truncate(index);
    forged.push_cell(other, grid.size());
    let e = forged.check_computer(1, &mut computer).unwrap_err();
    assert_eq!(
        e,
        RecordError::NotComputer {
            number: index + 1,
            coord: Coord::of(other, grid.size()),
            expected: record.moves[index],
        }
    );
    assert!(e.to_string().contains("is not the computer's"));
}

#[test]
fn the_review_values_both_moves_from_the_humans_side() {
    // A 3 × 3 game is all endgame: every value is exact.
    let record = game_record(GridSource::Seed(spec3()), Variant::STANDARD, 3);
    let entries = review(&record, 0, 9).unwrap();
    let (_, states) = record.positions().unwrap();
    let rules = record.rules();
    let human_turns: Vec<usize> = (0..record.moves.len()).filter(|&i| states[i].to_move() == 0).collect();
    assert_eq!(entries.iter().map(|e| e.number - 1).collect::<Vec<_>>(), human_turns);
    for e in &entries {
        let s = &states[e.number - 1];
        assert!(e.exact);
        assert_eq!(e.played, record.moves[e.number - 1]);
        let exact = Minimax::new().search(&rules, s, None, &ScoreDifference, &Budget::unlimited(), false);
        assert_eq!(e.best_value, exact.result.value, "move {}", e.number);
        assert!(e.played_value <= e.best_value);
        if e.played == e.best {
            assert_eq!(e.played_value, e.best_value);
        }
    }
    // A 5 × 5 game reviewed 3 plies deep: the choice is worth the minimax
    // value at 3 plies, the move played its child's value at 2.
    let record = game_record(GridSource::Seed(GridSpec::new(11)), Variant::STANDARD, 2);
    let config = ComputerConfig {
        endgame_cells: 0,
        ..ComputerConfig::with_depth(3)
    };
    let entries = review_with(&record, 0, config).unwrap();
    let (grid, states) = record.positions().unwrap();
    assert!(entries.len() >= 5);
    for e in &entries {
        let s = &states[e.number - 1];
        assert!(!e.exact);
        let root = Minimax::new().search(&rules, s, Some(3), &ScoreDifference, &Budget::unlimited(), false);
        assert_eq!(e.best_value, root.result.value, "move {}", e.number);
        let mut child = *s;
        rules.apply(&mut child, e.played.cell(grid.size()).unwrap());
        let after = Minimax::new().search(&rules, &child, Some(2), &ScoreDifference, &Budget::unlimited(), false);
        assert_eq!(e.played_value, f64::from(after.score), "move {}", e.number);
    }
    // The review of the other seat covers the other turns.
    let other = review_with(
        &record,
        1,
        ComputerConfig {
            endgame_cells: 0,
            ..ComputerConfig::with_depth(3)
        },
    )
    .unwrap();
    assert_eq!(other.len() + entries.len(), record.moves.len());
}
