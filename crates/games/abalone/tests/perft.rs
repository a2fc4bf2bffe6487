//! Perft regression against `tests/data/layouts.perft`, and perft by the
//! reference generator.

use tabula_abalone::*;

fn expectations() -> Vec<(Layout, Vec<u64>)> {
    include_str!("data/layouts.perft")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            let layout = Layout::parse(words.next().unwrap()).unwrap();
            (layout, words.map(|w| w.parse().unwrap()).collect())
        })
        .collect()
}

#[test]
fn perft_matches_the_data_file_to_depth_four_in_both_modes() {
    let all = expectations();
    assert_eq!(all.len(), 3);
    for (layout, counts) in all {
        assert_eq!(counts.len(), 5);
        let p = layout.position();
        assert_eq!(perft(&p, 4, PerftMode::Bulk), counts[..4], "{layout:?} bulk");
        assert_eq!(perft(&p, 3, PerftMode::Generate), counts[..3], "{layout:?} generate");
        assert_eq!(
            perft_parallel(&p, 4, PerftMode::Bulk),
            counts[..4],
            "{layout:?} parallel"
        );
    }
}

fn reference_perft(p: &Position, depth: usize, counts: &mut [u64], ply: usize) {
    let moves = reference::moves(p);
    counts[ply] += moves.len() as u64;
    if depth > 1 {
        for (_, after) in moves {
            reference_perft(&after, depth - 1, counts, ply + 1);
        }
    }
}

#[test]
fn the_reference_generator_gives_the_same_perft() {
    for (layout, expected) in expectations() {
        let mut counts = vec![0; 3];
        reference_perft(&layout.position(), 3, &mut counts, 0);
        assert_eq!(counts, expected[..3], "{layout:?}");
    }
    // Discovery, and a position where ejections end lines early.
    let p: Position = "black:e7,e8,e6,a1 white:e9,i5 to:black".parse().unwrap();
    let mut counts = vec![0; 3];
    reference_perft(&p, 3, &mut counts, 0);
    assert_eq!(perft(&p, 3, PerftMode::Bulk), counts);
    let mut counts = vec![0; 3];
    reference_perft(&Layout::Discovery.position(), 3, &mut counts, 0);
    assert_eq!(perft(&Layout::Discovery.position(), 3, PerftMode::Generate), counts);
}
