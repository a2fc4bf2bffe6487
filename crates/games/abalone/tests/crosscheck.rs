//! The bitboard generator against the reference generator, move by move.

use std::collections::BTreeMap;

use tabula_abalone::*;
use tabula_search::Rng;

/// Compares both generators on one position: the same moves, each leading
/// to the same position.
fn compare(pos: &Position) {
    let fast: BTreeMap<Move, Position> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m, pos.play_unchecked(m)))
        .collect();
    let slow: BTreeMap<Move, Position> = reference::moves(pos).into_iter().collect();
    assert_eq!(
        fast.keys().collect::<Vec<_>>(),
        slow.keys().collect::<Vec<_>>(),
        "different moves in {pos}"
    );
    for (m, after) in &fast {
        assert_eq!(after, &slow[m], "{m} in {pos}");
        assert_eq!(after.hash(), after.hash_from_scratch(), "hash after {m} in {pos}");
    }
    assert_eq!(count(pos) as usize, fast.len(), "bulk count in {pos}");
    let them = pos.to_move().other();
    let ejecting = slow.values().filter(|a| a.count(them) < pos.count(them)).count();
    assert_eq!(movegen::count_ejections(pos) as usize, ejecting, "ejections in {pos}");
    assert_eq!(
        movegen::count_without_ejections(pos) as usize,
        fast.len() - ejecting,
        "moves without ejection in {pos}"
    );
    assert_eq!(pos.legal_moves().len(), reference::moves(pos).len());
}

#[test]
fn generators_agree_on_random_positions_of_every_class() {
    let mut rng = Rng::new(0xC0FFEE);
    let classes = [
        (3, 2),
        (2, 2),
        (3, 3),
        (1, 2),
        (2, 3),
        (3, 1),
        (14, 14),
        (7, 7),
        (9, 11),
    ];
    let mut positions = 0;
    let mut moves = 0;
    for &(b, w) in &classes {
        for _ in 0..1_500 {
            // Discovery losing count for small classes, so 1-marble sides can still move.
            let pos = Position::random(b, w, Some(0), &mut rng);
            compare(&pos);
            positions += 1;
            moves += pos.legal_moves().len();
        }
    }
    assert!(positions >= 10_000);
    assert!(moves > 100_000, "{moves} moves compared");
}

#[test]
fn generators_agree_along_random_games_from_every_layout() {
    let mut rng = Rng::new(7);
    for layout in Layout::ALL {
        for _ in 0..20 {
            let mut pos = layout.position();
            for _ in 0..150 {
                compare(&pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
            }
        }
    }
}
