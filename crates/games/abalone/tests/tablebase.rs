//! Discovery tablebases, solved and verified end to end for 2v2 and 3v2:
//! the published 2v2 figures, files that round-trip and refuse corruption,
//! probes, the computer playing from the tables.

use std::sync::OnceLock;

use tabula_abalone::tablebase::{self, Class, Indexer, Solved, file, position_of, probe, summarize, verify};
use tabula_abalone::*;
use tabula_search::backward::Value;
use tabula_search::{Player, Rng};

/// 2v2 and 3v2, solved once for every test of this file.
fn solved() -> &'static Solved {
    static SOLVED: OnceLock<Solved> = OnceLock::new();
    SOLVED.get_or_init(|| {
        let mut s = Solved::new();
        for c in ["2v2", "3v2"] {
            let class: Class = c.parse().unwrap();
            let values = tablebase::solve(class, &s, &|_| {});
            s.insert(class, values);
        }
        s
    })
}

#[test]
fn two_against_two_matches_the_published_figures() {
    let class: Class = "2v2".parse().unwrap();
    let values = solved().values(class).unwrap();
    let s = summarize(class, values);
    // C(61,2)·C(59,2)·2 positions; 6,264 wins for the side to move, all in one ply, no losses.
    assert_eq!(class.concrete_size(), 6_262_260);
    let c = s.concrete;
    let all = |w: tablebase::Wdl| w.wins + w.losses + w.draws;
    assert_eq!(all(c.strong_to_move) + all(c.weak_to_move), 6_262_260);
    assert_eq!(c.strong_to_move.wins + c.weak_to_move.wins, 6_264);
    assert_eq!(c.strong_to_move.losses + c.weak_to_move.losses, 0);
    assert_eq!(s.max_dtw, 1);
    // 5,976 of the wins have the defender's two marbles apart.
    let ix = Indexer::new(class);
    let mut apart = 0;
    for (i, &code) in values.iter().enumerate() {
        if tabula_search::backward::decode(code) != Some(Value::Win(1)) {
            continue;
        }
        let e = ix.entry(i as u64).unwrap();
        let defender = if e.strong_to_move { e.weak } else { e.strong };
        let cells: Vec<Cell> = Cell::all().filter(|c| defender & (1 << c.index()) != 0).collect();
        if !Dir::ALL.iter().any(|&d| cells[0].neighbour(d) == Some(cells[1])) {
            apart += 12 / u64::from(ix.symmetries(i as u64));
        }
    }
    assert_eq!(apart, 5_976);
}

#[test]
fn three_against_two_is_consistent_and_verified() {
    let class: Class = "3v2".parse().unwrap();
    let report = verify::verify(class, solved(), 200, 7);
    assert!(report.ok(), "{report:?}");
    assert_eq!(report.inconsistencies, 0);
    assert_eq!(
        report.entries_checked,
        summarize(class, solved().values(class).unwrap()).positions
    );
    assert!(report.best_moves_checked >= 100);
    assert!(report.principal_variation.len() >= 3);
    let s = summarize(class, solved().values(class).unwrap());
    // Every actual position is counted once.
    let c = s.concrete;
    let all = |w: tablebase::Wdl| w.wins + w.losses + w.draws;
    assert_eq!(all(c.strong_to_move) + all(c.weak_to_move), class.concrete_size());
    assert_eq!(s.max_dtw as usize, report.principal_variation.len());
}

#[test]
fn probes_agree_under_every_symmetry_and_with_the_equations() {
    let s = solved();
    let mut rng = Rng::new(3);
    let mut decided = 0;
    for _ in 0..3000 {
        let p = Position::random(3, 2, Some(1), &mut rng);
        let v = s.value(&p).unwrap();
        assert_eq!(verify::derive(s, &p), Some(v), "{p}");
        for sym in Symmetry::all() {
            assert_eq!(s.value(&p.transform(sym)), Some(v));
            assert_eq!(s.value(&p.transform(sym).swap_colours()), Some(v));
        }
        if v != Value::Draw {
            decided += 1;
        }
    }
    let p = tablebase::parse_position("strong:a3,a4,b2 weak:a1,a2 to:strong").unwrap();
    let pr = probe::probe(s, &p).unwrap();
    assert_eq!((pr.wdl, pr.dtw), ("win", Some(7)));
    assert_eq!(pr.moves[0].dtw, Some(7));
    assert_eq!(pr.moves.len(), p.legal_moves().len());
    assert!(decided > 0);
    // Not a Discovery endgame: no answer.
    assert!(probe::probe(s, &Layout::Standard.position()).is_none());
    assert!(tablebase::parse_position("strong:a1 weak:a2,a3 to:strong").is_err());
}

#[test]
fn table_files_round_trip_and_refuse_corruption() {
    let dir = std::env::temp_dir().join(format!("tabula-tb-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let class: Class = "3v2".parse().unwrap();
    let values = solved().values(class).unwrap();
    let path = file::path_of(&dir, class);
    file::write(&path, class, values).unwrap();
    let mut f = file::TableFile::open(&path).unwrap();
    assert_eq!(f.class, class);
    assert!(f.chunks() > 1);
    assert_eq!(
        f.chunk(1).unwrap(),
        values[file::CHUNK as usize..2 * file::CHUNK as usize]
    );
    assert_eq!(file::load(&dir, class).unwrap(), values);
    // One flipped byte in the data: that chunk fails its checksum.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let mut f = file::TableFile::open(&path).unwrap();
    assert!(f.chunk(f.chunks() - 1).is_err());
    assert!(f.chunk(0).is_ok());
    // A truncated file or another class's header is refused at once.
    std::fs::write(&path, &bytes[..100]).unwrap();
    assert!(file::TableFile::open(&path).is_err());
    std::fs::write(&path, b"not a table").unwrap();
    assert!(file::TableFile::open(&path).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_computer_plays_perfectly_from_installed_tables() {
    tablebase::install(solved_clone());
    let start = tablebase::parse_position("strong:a3,a4,b2 weak:a1,a2 to:strong").unwrap();
    let game = Abalone::new(start);
    let mut state = game.initial_state();
    let mut black = Computer::at_level(Level::new(4).unwrap(), 1);
    let mut white = Computer::at_level(Level::new(4).unwrap(), 2);
    let mut plies = 0;
    while state.ending(&game).is_none() {
        let seat = state.position.to_move().index();
        let player = if seat == 0 { &mut black } else { &mut white };
        let m = player.choose(&game, &state, seat).action.unwrap();
        state.advance(m);
        plies += 1;
    }
    // The win in 7 takes exactly 7 plies against the longest defence.
    assert_eq!(plies, 7);
    assert_eq!(state.ending(&game), Some(Ending::Won(Side::Black)));
    // Level 2 does not use them.
    assert!(!Level::new(2).unwrap().config().tablebase);
    let _ = position_of;
}

fn solved_clone() -> Solved {
    let mut s = Solved::new();
    for c in solved().classes() {
        s.insert(c, solved().values(c).unwrap().to_vec());
    }
    s
}
