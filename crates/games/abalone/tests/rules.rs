//! The rules, one test per rule, on hand-built positions; notation and
//! position text round trips; conservation of marbles as a property.

use proptest::prelude::*;
use tabula_abalone::*;
use tabula_search::Rng;

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(p: &Position, m: &str) -> bool {
    p.is_legal(mv(m))
}

#[test]
fn a_single_marble_steps_into_any_empty_neighbour() {
    let p = pos("black:e5 white:a1 to:black lose:0");
    assert_eq!(p.legal_moves().len(), 6);
    let after = p.play(mv("e5:ne")).unwrap();
    assert_eq!(after.to_string(), "black:f6 white:a1 to:white lose:0");
    // A single marble never pushes, even a single opponent.
    let q = pos("black:e5 white:e6 to:black lose:0");
    assert!(!legal(&q, "e5:e"));
    assert_eq!(q.legal_moves().len(), 5);
}

#[test]
fn two_push_one_sumito() {
    let p = pos("black:e3,e4 white:e5 to:black lose:0");
    let after = p.play(mv("e3e4:e")).unwrap();
    assert_eq!(after.to_string(), "black:e4,e5 white:e6 to:white lose:0");
    // Only in line: the pusher moves along its axis.
    assert!(legal(&p, "e3e4:w"));
    assert!(
        !legal(&pos("black:e3,e4 white:e5,e6 to:black lose:0"), "e3e4:e"),
        "2 cannot push 2 (pac)"
    );
}

#[test]
fn three_push_two_and_three_push_one() {
    let p = pos("black:e1,e2,e3 white:e4,e5 to:black lose:0");
    let after = p.play(mv("e1e3:e")).unwrap();
    assert_eq!(after.to_string(), "black:e2,e3,e4 white:e5,e6 to:white lose:0");
    let q = pos("black:e1,e2,e3 white:e4 to:black lose:0");
    assert_eq!(
        q.play(mv("e1e3:e")).unwrap().to_string(),
        "black:e2,e3,e4 white:e5 to:white lose:0"
    );
    // Two of the three may push one alone.
    assert_eq!(
        q.play(mv("e2e3:e")).unwrap().to_string(),
        "black:e1,e3,e4 white:e5 to:white lose:0"
    );
    assert!(
        !legal(&pos("black:e1,e2,e3 white:e4,e5,e6 to:black lose:0"), "e1e3:e"),
        "3 cannot push 3"
    );
    assert!(
        !legal(&pos("black:e1,e2 white:e3,e4 to:black lose:0"), "e1e2:e"),
        "2 cannot push 2"
    );
    // A pushed group followed by the pusher's own marble cannot move.
    assert!(!legal(&pos("black:e1,e2,e3,e6 white:e4,e5 to:black lose:0"), "e1e3:e"));
    // Nor one followed by a third opponent marble.
    assert!(!legal(&pos("black:e1,e2,e3 white:e4,e5,e6 to:black lose:0"), "e1e3:e"));
    // A gap breaks the line: the push needs contiguity.
    assert!(legal(&pos("black:e1,e2,e3 white:e5 to:black lose:0"), "e1e3:e"));
}

#[test]
fn pac_two_against_two_is_refused() {
    let p = pos("black:c3,c4 white:c5,c6 to:black lose:0");
    assert!(!legal(&p, "c3c4:e"));
    assert!(p.play(mv("c3c4:e")).is_err());
    // The refusal changes nothing: the position is a value and stays as it was.
    assert_eq!(p.to_string(), "black:c3,c4 white:c5,c6 to:black lose:0");
}

#[test]
fn pushing_over_the_edge_ejects() {
    let p = pos("black:e7,e8 white:e9,a1 to:black lose:0");
    let after = p.play(mv("e7e8:e")).unwrap();
    assert_eq!(after.to_string(), "black:e8,e9 white:a1 to:white lose:0");
    assert_eq!(after.count(Side::White), 1);
    let q = pos("black:e5,e6,e7 white:e8,e9 to:black lose:0");
    assert_eq!(
        q.play(mv("e5e7:e")).unwrap().to_string(),
        "black:e6,e7,e8 white:e9 to:white lose:0"
    );
    // The sixth ejection ends the game: from 9 to 8 under the standard rule.
    let bigger = pos("black:e7,e8,a1,a2,a3,a4,a5,b1,b2,b3 white:e9,i5,i6,i7,i8,i9,h4,h5,h6 to:black");
    assert_eq!(bigger.lose_at(), 8);
    let end = bigger.play(mv("e7e8:e")).unwrap();
    assert_eq!(end.count(Side::White), 8);
    assert_eq!(end.loser(), Some(Side::White));
    assert!(end.legal_moves().is_empty());
}

#[test]
fn a_side_never_pushes_its_own_marble_off() {
    let p = pos("black:e8,e9 white:a1 to:black lose:0");
    assert!(!legal(&p, "e8e9:e"));
    assert!(!legal(&p, "e9:e"));
    assert!(!legal(&pos("black:a1 white:i9 to:black lose:0"), "a1:sw"));
}

#[test]
fn broadside_moves_need_every_destination_empty_and_never_push() {
    let p = pos("black:c3,c4,c5 white:i9 to:black lose:0");
    let after = p.play(mv("c3c5:nw")).unwrap();
    assert_eq!(after.to_string(), "black:d3,d4,d5 white:i9 to:white lose:0");
    let blocked = pos("black:c3,c4,c5 white:d5 to:black lose:0");
    assert!(!legal(&blocked, "c3c5:nw"), "one destination taken");
    assert!(legal(&blocked, "c3c4:nw"), "the two others may still go");
    // Three marbles side-stepping in four directions, two in line moves.
    let moves: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.len() == 3)
        .map(|m| m.to_string())
        .collect();
    assert_eq!(moves, ["c3c5:e", "c3c5:ne", "c3c5:nw", "c3c5:w", "c3c5:sw", "c3c5:se"]);
}

#[test]
fn notation_round_trips_and_rejects_bad_text() {
    let m = mv("A3A1:E");
    assert_eq!(m.to_string(), "a1a3:e");
    assert_eq!(m.len(), 3);
    assert_eq!(mv("c4c3:nw"), mv("c3c4:nw"));
    assert_eq!(mv("d4b2:ne").to_string(), "b2d4:ne");
    for bad in [
        "", "a1", "a1:", "a1:x", "z1:e", "a1a4:e", "a1c2:e", "a1a1:e", "a1a2a3:e", "a1-a2:e",
    ] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?} refused");
    }
    let json = serde_json::to_string(&m).unwrap();
    assert_eq!(json, "\"a1a3:e\"");
    assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m);
}

#[test]
fn positions_as_text_round_trip_and_bad_text_is_refused() {
    for layout in Layout::ALL {
        let p = layout.position();
        assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
        assert_eq!(layout.name().parse::<Position>().unwrap(), p);
        assert_eq!(p.count(Side::Black), p.count(Side::White));
    }
    assert_eq!(Layout::Standard.position().count(Side::Black), 14);
    assert_eq!(Layout::Discovery.position().count(Side::White), 7);
    assert_eq!(Layout::Discovery.position().lose_at(), 1);
    assert_eq!(Layout::Belgian.position().lose_at(), 8);
    let p = pos("white:e5 black:a1,a2 to:w");
    assert_eq!(p.to_string(), "black:a1,a2 white:e5 to:white");
    for bad in [
        "black:a1 white:a1 to:black",
        "black:a1 white:e5",
        "black:a1 white:e5 to:red",
        "black:z9 white:e5 to:black",
        "black:a1 black:a2 white:e5 to:black",
        "black:a1 white:e5 to:black lose:99",
        "red:a1",
        "hello",
    ] {
        assert!(bad.parse::<Position>().is_err(), "{bad:?} refused");
    }
    let mut rng = Rng::new(5);
    for _ in 0..500 {
        let b = rng.below(15) as u32;
        let w = rng.below(15) as u32;
        let p = Position::random(b, w, None, &mut rng);
        assert_eq!(p.to_string().parse::<Position>().unwrap(), p, "{p}");
    }
}

#[test]
fn the_layouts_are_as_specified() {
    let s = Layout::Standard.position().to_string();
    assert_eq!(
        s,
        "black:a1,a2,a3,a4,a5,b1,b2,b3,b4,b5,b6,c3,c4,c5 white:g5,g6,g7,h4,h5,h6,h7,h8,h9,i5,i6,i7,i8,i9 to:black"
    );
    assert_eq!(
        Layout::Discovery.position().to_string(),
        "black:b3,b4,c3,c4,c5,d4,d5 white:f5,f6,g5,g6,g7,h6,h7 to:black"
    );
    // Each daisy of the daisy layouts is a cell and its six neighbours.
    for (layout, centres) in [
        (Layout::Belgian, ["b2", "h8", "b5", "h5"]),
        (Layout::German, ["c2", "g8", "c6", "g4"]),
    ] {
        let p = layout.position();
        for (i, c) in centres.iter().enumerate() {
            let c = Cell::parse(c).unwrap();
            let side = if i < 2 { Side::Black } else { Side::White };
            assert_eq!(p.at(c), Some(side));
            for d in Dir::ALL {
                assert_eq!(p.at(c.neighbour(d).unwrap()), Some(side), "{layout:?} around {c}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Every move keeps the mover's marbles and removes at most one of the
    /// opponent's, exactly when it is an ejection; printing and parsing any
    /// legal move gives it back.
    #[test]
    fn marbles_are_conserved_and_moves_round_trip(seed in any::<u64>(), b in 1u32..15, w in 1u32..15) {
        let mut rng = Rng::new(seed);
        let p = Position::random(b, w, Some(0), &mut rng);
        let mut list = MoveList::new();
        generate(&p, &mut list);
        for (&m, &kind) in list.as_slice().iter().zip(list.kinds()) {
            let after = p.play_unchecked(m);
            let me = p.to_move();
            prop_assert_eq!(after.count(me), p.count(me));
            let lost = p.count(me.other()) - after.count(me.other());
            prop_assert_eq!(lost == 1, kind == MoveKind::Ejection);
            prop_assert!(lost <= 1);
            prop_assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
            prop_assert_eq!(after.hash(), after.hash_from_scratch());
        }
    }
}
