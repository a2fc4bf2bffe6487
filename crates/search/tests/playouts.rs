//! Random playouts are bounded: in a game random play need never end (a
//! tug of war, as Spades without its mercy rule drifts below zero for
//! ever), one rollout stops at [`PLAYOUT_LIMIT`] and scores the standing,
//! so a search over it finishes its iterations instead of running for ever.

use tabula_search::*;

/// Two seats pull a rope one step their way in turn, for ever; the
/// standing favours the seat the rope has moved towards.
struct Tug;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Rope {
    plies: u32,
    /// Steps towards seat 0 (negative: towards seat 1).
    offset: i32,
}

impl Game for Tug {
    type State = Rope;
    type Action = u8;
    type Observation = Rope;
    fn num_seats(&self) -> usize {
        2
    }
    fn to_move(&self, s: &Rope) -> Turn {
        Turn::Seat((s.plies % 2) as usize)
    }
    fn legal_actions(&self, _: &Rope, out: &mut Vec<u8>) {
        out.clear();
        out.extend([0, 1]);
    }
    fn apply(&self, s: &mut Rope, pull: u8) {
        s.plies += 1;
        s.offset += if pull == 0 { 1 } else { -1 };
    }
    fn payoffs(&self, s: &Rope) -> Payoffs {
        let u = f64::from(s.offset.signum());
        Payoffs::new(&[u, -u])
    }
    fn observation(&self, s: &Rope, _: Seat) -> Rope {
        *s
    }
    fn hash(&self, s: &Rope) -> u64 {
        u64::from(s.plies) << 32 | u64::from(s.offset as u32)
    }
}

impl PerfectInformation for Tug {
    fn state_of(&self, o: &Rope) -> Rope {
        *o
    }
}

impl Determinize for Tug {
    fn determinize(&self, o: &Rope, _: Seat, _: &mut Rng) -> Rope {
        *o
    }
    fn legal_from_observation(&self, o: &Rope, _: Seat, out: &mut Vec<u8>) {
        self.legal_actions(o, out);
    }
}

const START: Rope = Rope { plies: 0, offset: 0 };

#[test]
fn a_random_playout_of_an_endless_game_stops_at_the_limit_and_scores_the_standing() {
    let mut state = START;
    let payoffs = random_playout(&Tug, &mut state, &mut Rng::new(5), &mut Vec::new());
    assert_eq!(state.plies as usize, PLAYOUT_LIMIT);
    assert_eq!(payoffs, Tug.payoffs(&state));
}

#[test]
fn the_sampling_searches_finish_their_iterations_in_an_endless_game() {
    let budget = Budget::iterations(30);
    let players: Vec<(&str, Box<dyn Player<Tug>>)> = vec![
        (
            "mcts",
            Box::new(MctsPlayer::new(MctsConfig::default(), budget.clone(), 1)),
        ),
        (
            "ismcts",
            Box::new(IsmctsPlayer::new(IsmctsConfig::default(), budget.clone(), 1)),
        ),
        (
            "rootucb",
            Box::new(RootUcbPlayer::new(RootUcbConfig::default(), budget.clone(), 1)),
        ),
    ];
    for (name, mut player) in players {
        let r = player.choose(&Tug, &START, 0);
        assert!(r.action.is_some(), "{name}");
        assert_eq!(r.stats.iterations, 30, "{name}");
    }
}
