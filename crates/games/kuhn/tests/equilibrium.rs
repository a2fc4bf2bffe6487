//! Kuhn's equilibrium, checked by exact enumeration: its value is −1/18
//! for seat 0, no pure strategy of seat 1 takes more from seat 0's
//! equilibrium, and no pure strategy of seat 0 gets more against seat 1's.
//! The player draws the equilibrium's choices at their rates.

use tabula_kuhn::equilibrium::{aggressive, passive};
use tabula_kuhn::{Action, Card, Equilibrium, Kuhn, Line, State, aggression};
use tabula_search::{Game, Player, Turn};

/// A strategy: the chance of the aggressive choice, for a seat, its card
/// and the line.
type Strategy<'a> = &'a dyn Fn(usize, Card, Line) -> f64;

/// Seat 0's expected payoff, every deal equally likely, by enumeration.
fn value(first: Strategy, second: Strategy) -> f64 {
    fn walk(s: State, p: f64, strategies: [Strategy; 2]) -> f64 {
        match Kuhn.to_move(&s) {
            Turn::Terminal => p * Kuhn.payoffs(&s).get(0),
            Turn::Chance => unreachable!("dealt before the walk"),
            Turn::Seat(seat) => {
                let card = s.cards[seat].unwrap();
                let q = strategies[seat](seat, card, s.line);
                let mut total = 0.0;
                for (a, w) in [(aggressive(s.line), q), (passive(s.line), 1.0 - q)] {
                    if w > 0.0 {
                        let mut t = s;
                        Kuhn.apply(&mut t, a);
                        total += walk(t, p * w, strategies);
                    }
                }
                total
            }
        }
    }
    let mut v = 0.0;
    for a in Card::ALL {
        for b in Card::ALL.into_iter().filter(|&b| b != a) {
            let s = State {
                cards: [Some(a), Some(b)],
                line: Line::Open,
            };
            v += walk(s, 1.0 / 6.0, [first, second]);
        }
    }
    v
}

fn equilibrium(seat: usize, card: Card, line: Line) -> f64 {
    f64::from(aggression(seat, card, line).unwrap()) / 3.0
}

/// The lines a seat decides on.
fn decisions(seat: usize) -> [Line; 2] {
    if seat == 0 {
        [Line::Open, Line::CheckBet]
    } else {
        [Line::Check, Line::Bet]
    }
}

/// The 64 pure strategies of a seat: a bit per (card, line).
fn pure(seat: usize, bits: u32) -> impl Fn(usize, Card, Line) -> f64 {
    move |_, card, line| {
        let i = card as usize * 2 + decisions(seat).iter().position(|&l| l == line).unwrap();
        f64::from((bits >> i) & 1)
    }
}

#[test]
fn the_equilibrium_is_worth_minus_one_eighteenth_to_seat_0() {
    let v = value(&equilibrium, &equilibrium);
    assert!((v + 1.0 / 18.0).abs() < 1e-12, "{v}");
}

#[test]
fn no_reply_does_better_against_either_seat() {
    let mut best_for_1 = f64::INFINITY;
    let mut best_for_0 = f64::NEG_INFINITY;
    for bits in 0..64 {
        best_for_1 = best_for_1.min(value(&equilibrium, &pure(1, bits)));
        best_for_0 = best_for_0.max(value(&pure(0, bits), &equilibrium));
    }
    // Both best replies reach the value and go no further.
    assert!((best_for_1 + 1.0 / 18.0).abs() < 1e-12, "{best_for_1}");
    assert!((best_for_0 + 1.0 / 18.0).abs() < 1e-12, "{best_for_0}");
}

#[test]
fn the_player_draws_at_the_equilibrium_rates() {
    // Seat 0 with the jack bluffs a third of the time.
    let hand = State {
        cards: [Some(Card::Jack), Some(Card::King)],
        line: Line::Open,
    };
    let seen = Kuhn.observation(&hand, 0);
    let mut player = Equilibrium::new(7);
    let n = 30_000;
    let bets = (0..n)
        .filter(|_| player.choose(&Kuhn, &seen, 0).action == Some(Action::Bet))
        .count();
    let rate = bets as f64 / f64::from(n);
    assert!((rate - 1.0 / 3.0).abs() < 0.01, "{rate}");
    // The same seed, the same choices.
    let draw = |seed| {
        (0..20)
            .map(|_| Equilibrium::new(seed).choose(&Kuhn, &seen, 0).action)
            .collect::<Vec<_>>()
    };
    assert_eq!(draw(3), draw(3));
    // No choice when it is not the seat's turn.
    assert_eq!(player.choose(&Kuhn, &seen, 1).action, None);
}
