//! Information sets that never merge what a seat can tell apart: a move
//! that discloses a hidden value leads ISMCTS to one node per disclosed
//! value ([`Game::revealed`]), so what the seat does next can depend on it.

use tabula_search::*;

/// A hidden coin (heads or tails, equally likely, unseen). The one seat
/// either guesses at once, or peeks (the coin turns face up) and then
/// guesses. A right guess pays 1, a wrong one −1; peeking costs nothing.
#[derive(Clone, Copy)]
struct Peek {
    /// Whether the game declares the peek's disclosure (the test's control).
    declares: bool,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Coin {
    heads: bool,
    seen: bool,
    guess: Option<bool>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Act {
    GuessHeads,
    GuessTails,
    Look,
}

impl Game for Peek {
    type State = Coin;
    type Action = Act;
    type Observation = (bool, Option<bool>, Option<bool>);
    fn num_seats(&self) -> usize {
        1
    }
    fn to_move(&self, s: &Coin) -> Turn {
        if s.guess.is_some() {
            Turn::Terminal
        } else {
            Turn::Seat(0)
        }
    }
    fn legal_actions(&self, s: &Coin, out: &mut Vec<Act>) {
        out.clear();
        if s.guess.is_none() {
            out.extend([Act::GuessHeads, Act::GuessTails]);
            if !s.seen {
                out.push(Act::Look);
            }
        }
    }
    fn apply(&self, s: &mut Coin, a: Act) {
        match a {
            Act::Look => s.seen = true,
            Act::GuessHeads => s.guess = Some(true),
            Act::GuessTails => s.guess = Some(false),
        }
    }
    fn payoffs(&self, s: &Coin) -> Payoffs {
        Payoffs::new(&[if s.guess == Some(s.heads) { 1.0 } else { -1.0 }])
    }
    fn observation(&self, s: &Coin, _: Seat) -> Self::Observation {
        (s.seen, s.seen.then_some(s.heads), s.guess)
    }
    fn reveals(&self) -> bool {
        self.declares
    }
    fn revealed(&self, before: &Coin, _: Act, after: &Coin, _: Seat) -> u64 {
        if !before.seen && after.seen {
            1 + u64::from(after.heads)
        } else {
            0
        }
    }
    fn hash(&self, s: &Coin) -> u64 {
        u64::from(s.heads) | u64::from(s.seen) << 1
    }
}

impl Determinize for Peek {
    fn determinize(&self, o: &Self::Observation, _: Seat, rng: &mut Rng) -> Coin {
        Coin {
            heads: o.1.unwrap_or_else(|| rng.below(2) == 1),
            seen: o.0,
            guess: o.2,
        }
    }
    fn legal_from_observation(&self, o: &Self::Observation, _: Seat, out: &mut Vec<Act>) {
        out.clear();
        if o.2.is_none() {
            out.extend([Act::GuessHeads, Act::GuessTails]);
            if !o.0 {
                out.push(Act::Look);
            }
        }
    }
}

fn look_value(declares: bool) -> (Option<Act>, f64) {
    let root = (false, None, None);
    let mut search = Ismcts::new(IsmctsConfig::default());
    let r = search.search(
        &Peek { declares },
        &root,
        0,
        &mut RandomRollout::new(),
        &Budget::iterations(4000),
        7,
    );
    let look = r
        .stats
        .root
        .iter()
        .find(|s| s.action == Act::Look)
        .expect("Look was tried");
    (r.action, look.value)
}

#[test]
fn a_disclosed_value_splits_the_tree() {
    // Keyed by what it disclosed, looking is worth a sure win.
    let (action, value) = look_value(true);
    assert_eq!(action, Some(Act::Look));
    assert!(value > 0.8, "look is worth {value}");
    // Without the digest both coins share the node after the look, and the
    // search cannot tell that looking helps: what the digest prevents.
    let (_, merged) = look_value(false);
    assert!(merged < 0.5, "merged look is worth {merged}");
}
