//! Unit tests of ISMCTS on Nim: priming, and the plain search.

use super::*;
use crate::game::Payoffs;
use crate::mcts::RandomRollout;

/// Take one to three stones; whoever takes the last stone wins.
struct Nim;
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pile {
    stones: u8,
    to_move: usize,
}

impl Game for Nim {
    type State = Pile;
    type Action = u8;
    type Observation = Pile;
    fn num_seats(&self) -> usize {
        2
    }
    fn to_move(&self, s: &Pile) -> Turn {
        if s.stones == 0 {
            Turn::Terminal
        } else {
            Turn::Seat(s.to_move)
        }
    }
    fn legal_actions(&self, s: &Pile, out: &mut Vec<u8>) {
        out.clear();
        out.extend((1..=3).filter(|&k| k <= s.stones));
    }
    fn apply(&self, s: &mut Pile, take: u8) {
        s.stones -= take;
        s.to_move = 1 - s.to_move;
    }
    fn payoffs(&self, s: &Pile) -> Payoffs {
        Payoffs::zero_sum(if s.to_move == 1 { 1.0 } else { -1.0 })
    }
    fn observation(&self, s: &Pile, _: Seat) -> Pile {
        *s
    }
    fn hash(&self, s: &Pile) -> u64 {
        u64::from(s.stones) * 2 + s.to_move as u64
    }
}

impl Determinize for Nim {
    fn determinize(&self, o: &Pile, _: Seat, _: &mut Rng) -> Pile {
        *o
    }
    fn legal_from_observation(&self, o: &Pile, _: Seat, out: &mut Vec<u8>) {
        self.legal_actions(o, out);
    }
}

const NINE: Pile = Pile { stones: 9, to_move: 0 };

#[test]
fn priming_restricts_the_root_and_decides_without_iterations() {
    let mut search = Ismcts::new(IsmctsConfig::default());
    let priming = RootPriming {
        moves: vec![(2, -0.5), (3, 0.25), (7, 1.0)],
        virtual_visits: 8.0,
    };
    let r = search.search_primed(
        &Nim,
        &NINE,
        0,
        &mut RandomRollout::new(),
        &priming,
        &Budget::iterations(0),
        1,
    );
    // 7 is not legal and is ignored; 3 has the better prior.
    assert_eq!(r.action, Some(3));
    assert_eq!(r.stats.root.iter().map(|s| s.action).collect::<Vec<_>>(), vec![2, 3]);
    assert!((r.stats.root[1].value - 0.25).abs() < 1e-6);
    let r = search.search_primed(
        &Nim,
        &NINE,
        0,
        &mut RandomRollout::new(),
        &priming,
        &Budget::iterations(500),
        1,
    );
    assert!(r.stats.root.iter().all(|s| s.action == 2 || s.action == 3));
    assert_eq!(r.stats.root.iter().map(|s| s.visits).sum::<u64>(), 500);
}

#[test]
fn real_statistics_overtake_a_wrong_prior() {
    // From 9 stones only taking 1 wins (leaving a multiple of 4).
    let mut search = Ismcts::new(IsmctsConfig::default());
    let priming = RootPriming {
        moves: vec![(1, -1.0), (2, 1.0), (3, 1.0)],
        virtual_visits: 8.0,
    };
    let few = search.search_primed(
        &Nim,
        &NINE,
        0,
        &mut RandomRollout::new(),
        &priming,
        &Budget::iterations(0),
        3,
    );
    assert_ne!(few.action, Some(1));
    let many = search.search_primed(
        &Nim,
        &NINE,
        0,
        &mut RandomRollout::new(),
        &priming,
        &Budget::iterations(20_000),
        3,
    );
    assert_eq!(many.action, Some(1));
}

#[test]
fn an_empty_priming_is_the_plain_search() {
    let mut a = Ismcts::new(IsmctsConfig::default());
    let mut b = Ismcts::new(IsmctsConfig::default());
    let empty = RootPriming {
        moves: Vec::new(),
        virtual_visits: 0.0,
    };
    let budget = Budget::iterations(300);
    let plain = a.search(&Nim, &NINE, 0, &mut RandomRollout::new(), &budget, 5);
    let primed = b.search_primed(&Nim, &NINE, 0, &mut RandomRollout::new(), &empty, &budget, 5);
    assert_eq!(plain.action, primed.action);
    assert_eq!(plain.stats.root, primed.stats.root);
}

/// The arena keys every edge by a [`Seen`] action: for an action enum with
/// spare tag values (every card game's), the hidden kinds fit in the
/// tag's niche, so keying by `Seen` costs the tree no memory.
#[test]
fn a_seen_action_is_no_larger_than_the_action() {
    #[allow(dead_code)]
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
    enum CardAction {
        Deal(u16),
        Pass(u64),
        Play(u16),
        Moon(bool),
    }
    assert_eq!(size_of::<Seen<CardAction>>(), size_of::<CardAction>());
    assert_eq!(size_of::<Node<Seen<CardAction>>>(), size_of::<Node<CardAction>>());
}
