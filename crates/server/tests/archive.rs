//! Rows stored before tables existed read as the tables they describe,
//! through the archive their game declares.

use serde_json::Value;
use tabula_diagonal::{GridSource, GridSpec, Record, Variant};
use tabula_server::legacy::table_of_old_row;

#[test]
fn an_old_row_reads_as_its_table() {
    let mut record = Record::new(
        GridSource::Seed(GridSpec {
            size: 7,
            seed: 9,
            traps: false,
        }),
        Variant {
            walls: true,
            target: false,
        },
    );
    record.push_cell(24, 7);
    let old = table_of_old_row("free", &record.to_json()).unwrap();
    assert_eq!(old.game, "diagonal");
    let players = ["you".to_string(), "greedy".to_string()];
    let table = tabula_server::tables::load(old.game, &old.options, &players, &old.truth).unwrap();
    assert_eq!(table.truth.seed, 9);
    assert_eq!(table.truth.actions, vec![Value::from(24)]);
    let replayed = table.replay().unwrap();
    // The table's record is the stored one.
    let again = Record::from_json(&replayed.game.record().unwrap().to_string()).unwrap();
    assert_eq!(again, record);
}

#[test]
fn an_old_tictactoe_row_reads_as_its_table() {
    let old = table_of_old_row("tictactoe", r#"{"moves":[4,0,8]}"#).unwrap();
    assert_eq!(old.game, "tictactoe");
    let players = ["you".to_string(), "alphabeta".to_string()];
    let table = tabula_server::tables::load(old.game, &old.options, &players, &old.truth).unwrap();
    assert_eq!(table.truth.actions, [4, 0, 8].map(Value::from));
    assert!(table_of_old_row("chess", "{}").is_err(), "no game reads that kind");
}
