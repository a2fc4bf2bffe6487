//! Retrograde analysis across classes and with a seat acting twice in a row,
//! on a subtraction game small enough to reason about by hand.

use tabula_search::retrograde::{self, IndexedSpace, Outcome, RetroTable};
use tabula_search::*;

/// A pile; the seat to move takes 1, 2 or 3 stones; taking the last stone
/// wins. With `bonus`, taking exactly 2 from an even pile lets the same seat
/// move again (a seat acting twice in a row, as after a pass).
#[derive(Clone, Copy, Debug)]
struct Take {
    bonus: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Pile {
    stones: u32,
    to_move: usize,
    last_taker: usize,
}

impl Game for Take {
    type State = Pile;
    type Action = u32;
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
    fn legal_actions(&self, s: &Pile, out: &mut Vec<u32>) {
        out.clear();
        if s.stones > 0 {
            out.extend((1..=3).filter(|&k| k <= s.stones));
        }
    }
    fn apply(&self, s: &mut Pile, k: u32) {
        let again = self.bonus && k == 2 && s.stones % 2 == 0 && s.stones > 2;
        s.stones -= k;
        s.last_taker = s.to_move;
        if !again {
            s.to_move = 1 - s.to_move;
        }
    }
    fn payoffs(&self, s: &Pile) -> Payoffs {
        Payoffs::zero_sum(if s.last_taker == 0 { 1.0 } else { -1.0 })
    }
    fn observation(&self, s: &Pile, _: Seat) -> Pile {
        *s
    }
    fn hash(&self, s: &Pile) -> u64 {
        u64::from(s.stones) * 4 + s.to_move as u64 * 2 + s.last_taker as u64
    }
}
impl TwoTeams for Take {}

/// Piles `lo..=hi`, either seat to move (`last_taker` follows: the other seat,
/// except for pile 0 where either may have taken last).
struct Piles {
    game: Take,
    lo: u32,
    hi: u32,
}

impl IndexedSpace for Piles {
    type Game = Take;
    fn size(&self) -> u64 {
        u64::from(self.hi - self.lo + 1) * 4
    }
    fn position(&self, i: u64) -> Option<Pile> {
        let stones = self.lo + (i / 4) as u32;
        let (to_move, last_taker) = ((i % 4 / 2) as usize, (i % 2) as usize);
        // The bonus rule aside, the last taker is the other seat.
        (self.game.bonus || last_taker != to_move || stones == 0).then_some(Pile {
            stones,
            to_move,
            last_taker,
        })
    }
    fn locate(&self, s: &Pile) -> Option<u64> {
        (self.lo..=self.hi)
            .contains(&s.stones)
            .then(|| u64::from(s.stones - self.lo) * 4 + s.to_move as u64 * 2 + s.last_taker as u64)
    }
}

fn solve(game: Take, lo: u32, hi: u32, outside: &(dyn Fn(&Pile) -> Outcome + Sync)) -> (Piles, RetroTable) {
    let space = Piles { game, lo, hi };
    let table = retrograde::solve(&game, &space, |p: &Pile| outside(p), &|_| {});
    assert!(retrograde::verify(&game, &space, &table, |p: &Pile| outside(p)).is_ok());
    (space, table)
}

#[test]
fn multiples_of_four_lose_and_distances_are_exact() {
    let game = Take { bonus: false };
    let (space, table) = solve(game, 0, 20, &|_| unreachable!("one class holds every pile"));
    for stones in 1..=20u32 {
        let p = Pile {
            stones,
            to_move: 0,
            last_taker: 1,
        };
        let expected = if stones % 4 == 0 {
            // The loser delays: each round of two plies removes 4 stones.
            Outcome::Win {
                seat: 1,
                plies: stones / 2,
            }
        } else {
            // The winner first reduces to a multiple of 4.
            Outcome::Win {
                seat: 0,
                plies: 1 + (stones - stones % 4) / 2,
            }
        };
        assert_eq!(table.probe(&space, &p), Some(expected), "{stones} stones");
    }
}

#[test]
fn a_class_solved_through_an_outside_table_equals_one_big_solve() {
    let game = Take { bonus: false };
    let (whole_space, whole) = solve(game, 0, 30, &|_| unreachable!());
    // Small piles first, then the big ones with the small table as the oracle.
    let (small_space, small) = solve(game, 0, 5, &|_| unreachable!("0..=5 only reaches 0..=5"));
    let oracle = |p: &Pile| small.probe(&small_space, p).expect("a small pile");
    let (big_space, big) = solve(game, 6, 30, &oracle);
    for stones in 6..=30u32 {
        for to_move in 0..2 {
            let p = Pile {
                stones,
                to_move,
                last_taker: 1 - to_move,
            };
            assert_eq!(big.probe(&big_space, &p), whole.probe(&whole_space, &p), "{p:?}");
        }
    }
    // The verification pass catches a wrong oracle.
    let wrong = |p: &Pile| match oracle(p) {
        Outcome::Win { seat, plies } => Outcome::Win { seat: 1 - seat, plies },
        o => o,
    };
    assert!(retrograde::verify(&game, &big_space, &big, wrong).is_err());
}

#[test]
fn a_seat_acting_twice_is_solved_like_minimax() {
    let game = Take { bonus: true };
    let (space, table) = solve(game, 0, 24, &|_| unreachable!());
    let mut mm = Minimax::new();
    for stones in 1..=24u32 {
        let p = Pile {
            stones,
            to_move: 0,
            last_taker: 1,
        };
        let r = mm.search(&game, &p, None, &Utility, &Budget::unlimited(), false);
        let seat = match table.probe(&space, &p) {
            Some(Outcome::Win { seat, .. }) => seat,
            other => panic!("{stones}: {other:?}"),
        };
        assert_eq!(r.score, if seat == 0 { 1 } else { -1 }, "{stones} stones");
    }
}
