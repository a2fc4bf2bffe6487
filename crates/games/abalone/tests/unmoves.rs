//! Un-moves against moves: every un-move's position leads back by one
//! move, and every move's result lists its position among its un-moves.

use std::collections::BTreeSet;

use tabula_abalone::unmove::unmoves;
use tabula_abalone::*;
use tabula_search::Rng;

fn predecessors(p: &Position) -> Vec<Position> {
    let mut out = Vec::new();
    let mover = p.to_move().other();
    unmoves(p, |b, a| {
        let (black, white) = if mover == Side::Black { (b, a) } else { (a, b) };
        let cells = |bits: u128| Cell::all().filter(|c| bits & c.mask() != 0).collect::<Vec<_>>();
        out.push(Position::new(&cells(black), &cells(white), mover, Some(p.lose_at())).unwrap());
    });
    out
}

#[test]
fn unmoves_invert_the_non_ejecting_moves() {
    let mut rng = Rng::new(41);
    let mut checked = 0;
    for (b, w) in [(2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (5, 3), (7, 7), (14, 14)] {
        for _ in 0..300 {
            let p = Position::random(b, w, Some(0), &mut rng);
            let preds = predecessors(&p);
            // Each un-move gives a different position.
            let distinct: BTreeSet<String> = preds.iter().map(|q| q.to_string()).collect();
            assert_eq!(distinct.len(), preds.len(), "duplicate un-moves of {p}");
            for q in &preds {
                assert_eq!(q.count(Side::Black), p.count(Side::Black));
                assert_eq!(q.count(Side::White), p.count(Side::White));
                let back = q.legal_moves().iter().filter(|&&m| q.play_unchecked(m) == p).count();
                assert_eq!(back, 1, "{q} leads to {p} by exactly one move");
                checked += 1;
            }
            // Completeness: each non-ejecting move of p is an un-move of its result.
            for m in p.legal_moves() {
                let r = p.play_unchecked(m);
                if r.count(p.to_move().other()) < p.count(p.to_move().other()) {
                    continue;
                }
                assert!(predecessors(&r).contains(&p), "{m} from {p}: not found back from {r}");
            }
        }
    }
    assert!(checked > 50_000, "{checked}");
}
