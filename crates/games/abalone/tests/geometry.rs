//! The board's geometry: cells, adjacency, names and the 12 symmetries.

use std::collections::BTreeSet;

use tabula_abalone::*;

#[test]
fn sixty_one_cells_with_the_specified_rows() {
    assert_eq!(Cell::all().count(), 61);
    let rows: Vec<String> = [
        "a1", "a5", "b1", "b6", "c1", "c7", "d1", "d8", "e1", "e9", "f2", "f9", "g3", "g9", "h4", "h9", "i5", "i9",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for name in &rows {
        assert!(Cell::parse(name).is_some(), "{name} is on the board");
    }
    for off in ["a6", "b7", "f1", "g2", "h3", "i4", "j1", "a0", "e10", "", "a", "5a"] {
        assert!(Cell::parse(off).is_none(), "{off} is not a cell");
    }
    let names: BTreeSet<String> = Cell::all().map(|c| c.to_string()).collect();
    assert_eq!(names.len(), 61);
    for c in Cell::all() {
        assert_eq!(Cell::parse(&c.to_string()), Some(c));
        assert_eq!(Cell::parse(&c.to_string().to_uppercase()), Some(c));
        assert_eq!(Cell::from_bit(c.bit()), Some(c));
    }
    assert_eq!(Cell::parse("a1").unwrap().index(), 0);
    assert_eq!(Cell::parse("i9").unwrap().index(), 60);
}

#[test]
fn adjacency_is_reciprocal_and_37_cells_have_six_neighbours() {
    let mut edges = 0;
    for c in Cell::all() {
        for d in Dir::ALL {
            if let Some(n) = c.neighbour(d) {
                assert_eq!(n.neighbour(d.opposite()), Some(c), "{c} {d} {n}");
                edges += 1;
            }
        }
    }
    // Per axis, 9 lines hold the 61 cells: 61 − 9 = 52 edges; 3 axes.
    assert_eq!(edges, 2 * 3 * 52);
    let full = Cell::all()
        .filter(|c| Dir::ALL.iter().all(|&d| c.neighbour(d).is_some()))
        .count();
    assert_eq!(full, 37);
    // The corners have three neighbours, the other edge cells four.
    let by_degree = |k: usize| {
        Cell::all()
            .filter(|c| Dir::ALL.iter().filter(|&&d| c.neighbour(d).is_some()).count() == k)
            .count()
    };
    assert_eq!((by_degree(3), by_degree(4), by_degree(6)), (6, 18, 37));
    // The centre and the rings.
    assert_eq!(Cell::parse("e5").unwrap().centre_distance(), 0);
    for ring in 0..5u32 {
        let n = Cell::all().filter(|c| c.centre_distance() == ring).count() as u32;
        assert_eq!(n, if ring == 0 { 1 } else { 6 * ring });
    }
}

#[test]
fn directions_are_named_as_documented() {
    let a1 = Cell::parse("a1").unwrap();
    assert_eq!(a1.neighbour(Dir::E), Cell::parse("a2"));
    assert_eq!(a1.neighbour(Dir::NE), Cell::parse("b2"));
    assert_eq!(a1.neighbour(Dir::NW), Cell::parse("b1"));
    assert_eq!(a1.neighbour(Dir::W), None);
    for d in Dir::ALL {
        assert_eq!(Dir::parse(d.name()), Some(d));
        assert_eq!(Dir::parse(&d.name().to_uppercase()), Some(d));
        assert_eq!(d.opposite().opposite(), d);
        assert_ne!(d.opposite(), d);
    }
}

#[test]
fn the_twelve_symmetries_are_distinct_bijections_preserving_adjacency() {
    let mut images = BTreeSet::new();
    for s in Symmetry::all() {
        let image: Vec<Cell> = Cell::all().map(|c| s.cell(c)).collect();
        let distinct: BTreeSet<Cell> = image.iter().copied().collect();
        assert_eq!(distinct.len(), 61, "symmetry {} is a bijection", s.index());
        for c in Cell::all() {
            for d in Dir::ALL {
                // Adjacency (and its direction) is preserved.
                assert_eq!(
                    c.neighbour(d).map(|n| s.cell(n)),
                    s.cell(c).neighbour(s.dir(d)),
                    "{c} {d}"
                );
            }
            assert_eq!(s.cell(c).centre_distance(), c.centre_distance());
        }
        assert_eq!(s.cell(Cell::parse("e5").unwrap()), Cell::parse("e5").unwrap());
        let inv = s.inverse();
        assert!(Cell::all().all(|c| inv.cell(s.cell(c)) == c));
        images.insert(image);
    }
    assert_eq!(images.len(), 12);
    assert!(Cell::all().all(|c| Symmetry::IDENTITY.cell(c) == c));
    // Closed under composition: the composite of any two is one of the twelve.
    for a in Symmetry::all() {
        for b in Symmetry::all() {
            let comp: Vec<Cell> = Cell::all().map(|c| a.cell(b.cell(c))).collect();
            assert!(images.contains(&comp));
        }
    }
}

#[test]
fn symmetries_commute_with_the_move_generator() {
    let mut rng = tabula_search::Rng::new(99);
    for _ in 0..200 {
        let pos = Position::random(5, 4, Some(0), &mut rng);
        for s in Symmetry::all() {
            let image = pos.transform(s);
            let mut moved: Vec<Position> = pos
                .legal_moves()
                .iter()
                .map(|&m| pos.play_unchecked(m).transform(s))
                .collect();
            let mut direct: Vec<Position> = image.legal_moves().iter().map(|&m| image.play_unchecked(m)).collect();
            moved.sort_by_key(|p| p.to_string());
            direct.sort_by_key(|p| p.to_string());
            assert_eq!(moved, direct);
        }
    }
}
