//! Two teams in the tree searches: a seat's team decides who maximises, so
//! a four-seat partnership game is solved by the same minimax, alpha-beta
//! and expectiminimax as a two-player one.

use tabula_search::*;

/// Partnership Nim: four seats take one to three stones in turn (0, 1, 2,
/// 3, 0, …); the seat that takes the last stone wins for its team, seats 0
/// and 2 against seats 1 and 3. A seat may also pass once per game, which
/// makes the teams' interests, not the seats' order, decide the value.
struct PartnerNim;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Pile {
    stones: u8,
    to_move: u8,
    /// Bit per seat: has it passed?
    passed: u8,
    /// The seat that took the last stone.
    winner: Option<u8>,
}

const PASS: u8 = 0;

impl Game for PartnerNim {
    type State = Pile;
    type Action = u8;
    type Observation = Pile;
    fn num_seats(&self) -> usize {
        4
    }
    fn to_move(&self, s: &Pile) -> Turn {
        if s.winner.is_some() {
            Turn::Terminal
        } else {
            Turn::Seat(usize::from(s.to_move))
        }
    }
    fn legal_actions(&self, s: &Pile, out: &mut Vec<u8>) {
        out.clear();
        if s.winner.is_some() {
            return;
        }
        if s.passed & (1 << s.to_move) == 0 {
            out.push(PASS);
        }
        out.extend((1..=3).filter(|&k| k <= s.stones));
    }
    fn apply(&self, s: &mut Pile, take: u8) {
        if take == PASS {
            s.passed |= 1 << s.to_move;
        } else {
            s.stones -= take;
            if s.stones == 0 {
                s.winner = Some(s.to_move);
            }
        }
        s.to_move = (s.to_move + 1) % 4;
    }
    fn payoffs(&self, s: &Pile) -> Payoffs {
        let u = if s.winner.is_some_and(|w| w % 2 == 0) {
            1.0
        } else {
            -1.0
        };
        Payoffs::new(&[u, -u, u, -u])
    }
    fn observation(&self, s: &Pile, _: Seat) -> Pile {
        *s
    }
    fn hash(&self, s: &Pile) -> u64 {
        u64::from(s.stones) | u64::from(s.to_move) << 8 | u64::from(s.passed) << 16
    }
}

impl TwoTeams for PartnerNim {
    fn team(&self, seat: Seat) -> usize {
        seat % 2
    }
}

/// The value for team 0, by plain recursion written for this test alone.
fn reference(s: &Pile) -> f64 {
    if s.winner.is_some() {
        return PartnerNim.payoffs(s).get(0);
    }
    let mut actions = Vec::new();
    PartnerNim.legal_actions(s, &mut actions);
    let values = actions.iter().map(|&a| {
        let mut c = *s;
        PartnerNim.apply(&mut c, a);
        reference(&c)
    });
    if s.to_move % 2 == 0 {
        values.fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.fold(f64::INFINITY, f64::min)
    }
}

fn start(stones: u8) -> Pile {
    Pile {
        stones,
        to_move: 0,
        passed: 0,
        winner: None,
    }
}

#[test]
fn every_tree_search_gives_the_team_value() {
    let mut wins = 0;
    for stones in 1..=9 {
        let s = start(stones);
        let expected = reference(&s);
        wins += usize::from(expected > 0.0);
        let mm = Minimax::new().search(&PartnerNim, &s, None, &Utility, &Budget::unlimited(), false);
        assert_eq!(mm.result.value, expected, "minimax, {stones} stones");
        let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
        let r = ab.search(&PartnerNim, &s, None, &Utility, &NaturalOrder, &Budget::unlimited());
        assert_eq!(r.value, expected, "alpha-beta, {stones} stones");
        assert!(r.stats.nodes <= mm.result.stats.nodes);
        let e = expectiminimax(&PartnerNim, &s, None, &Utility, &Budget::unlimited());
        assert_eq!(e.value, expected, "expectiminimax, {stones} stones");
    }
    // Both outcomes occur: the test is not won by always answering one side.
    assert!(wins > 0 && wins < 9, "{wins}");
}

#[test]
fn a_seat_of_team_one_minimises_seat_zeros_payoff() {
    // Seat 1 to move with 3 stones: taking all three wins for team 1.
    let s = Pile {
        stones: 3,
        to_move: 1,
        passed: 0b1111,
        winner: None,
    };
    let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
    let r = ab.search(&PartnerNim, &s, None, &Utility, &NaturalOrder, &Budget::unlimited());
    assert_eq!(r.action, Some(3));
    // The value is reported for the seat to move: a win for seat 1.
    assert_eq!(r.value, 1.0);
    assert!(!PartnerNim.maximises(1) && PartnerNim.maximises(2));
}
