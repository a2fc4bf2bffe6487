//! The players the search library offers every game of a kind: their
//! [`PlayerInfo`] for a game's list, and their construction from a spec.
//! A game's [`agent`](crate::GameModule::agent) builds its own players
//! and hands the rest to these.

use tabula_search::{
    AlphaBetaConfig, AlphaBetaPlayer, Budget, Determinize, IsmctsConfig, IsmctsMode, IsmctsPlayer, MctsConfig,
    MctsPlayer, MinimaxPlayer, NaturalOrder, PerfectInformation, Player, RandomPlayer, RootUcbConfig, RootUcbPlayer,
    TwoTeams, Utility,
};

use crate::info::PlayerInfo;
use crate::spec::{PlayerSpec, SpecError};

/// `random`.
pub const RANDOM: PlayerInfo = PlayerInfo {
    name: "random",
    form: "random",
    example: "random",
    title: "Random",
    description: "uniformly random legal actions (a baseline)",
};

/// `minimax`.
pub const MINIMAX: PlayerInfo = PlayerInfo {
    name: "minimax",
    form: "minimax",
    example: "minimax",
    title: "Minimax (perfect play)",
    description: "full-width minimax to the end of the game (small games only)",
};

/// `alphabeta[:D]`.
pub const ALPHABETA: PlayerInfo = PlayerInfo {
    name: "alphabeta",
    form: "alphabeta[:D]",
    example: "alphabeta:2",
    title: "Alpha-beta",
    description: "alpha-beta with iterative deepening, to the end of the game or D plies",
};

/// `mcts:N`.
pub const MCTS: PlayerInfo = PlayerInfo {
    name: "mcts",
    form: "mcts:N",
    example: "mcts:100",
    title: "Monte Carlo",
    description: "UCT Monte Carlo tree search, N iterations per move, random rollouts",
};

/// `ismcts:N`.
pub const ISMCTS: PlayerInfo = PlayerInfo {
    name: "ismcts",
    form: "ismcts:N",
    example: "ismcts:100",
    title: "Monte Carlo over the hidden cards",
    description: "information-set MCTS (one tree, the seat's view), N iterations per move",
};

/// `moismcts:N`.
pub const MOISMCTS: PlayerInfo = PlayerInfo {
    name: "moismcts",
    form: "moismcts:N",
    example: "moismcts:100",
    title: "Monte Carlo, a tree per seat",
    description: "multiple-observer information-set MCTS (a tree per seat), N iterations per move",
};

/// `rootucb:N`.
pub const ROOTUCB: PlayerInfo = PlayerInfo {
    name: "rootucb",
    form: "rootucb:N",
    example: "rootucb:100",
    title: "Sampled Monte Carlo",
    description: "determinized root-UCB Monte Carlo with common random numbers, N samples per move",
};

/// The players of the card table's games: `level:N`, the game's own
/// computer of levels 1 to 4 (`description` says what each level does),
/// then the [`sampling`] players. A game's list is
/// `&players::leveled_ladder("…")`.
pub const fn leveled_ladder(description: &'static str) -> [PlayerInfo; 5] {
    [
        PlayerInfo {
            name: "level",
            form: "level:N",
            example: "level:2",
            title: "Computer",
            description,
        },
        RANDOM,
        ISMCTS,
        MOISMCTS,
        ROOTUCB,
    ]
}

/// A boxed player of a game.
pub type BoxedPlayer<G> = Box<dyn Player<G> + Send>;

/// A game's computer of levels `lowest` (1, or 0 for a game with a
/// plain reference player below its ladder) to 4 (`level:N`, built by
/// `make(level, seed)`) or one of the [`sampling`] players: what the card
/// table's games offer. `title` names the game in the refusals.
///
/// # Errors
/// A level out of `lowest` to 4 or missing, or a spec that is neither.
pub fn leveled<G>(
    spec: &PlayerSpec,
    seed: u64,
    title: &str,
    lowest: u8,
    make: impl FnOnce(u8, u64) -> BoxedPlayer<G>,
) -> Result<BoxedPlayer<G>, SpecError>
where
    G: Determinize + 'static,
{
    let bad = |problem: String| SpecError::BadArgument {
        spec: spec.to_string(),
        problem,
    };
    match spec {
        PlayerSpec::Custom { name, arg } if name == "level" => match arg.as_deref().map(str::parse::<u8>) {
            Some(Ok(level)) if (lowest..=4).contains(&level) => Ok(make(level, seed)),
            Some(_) => Err(bad(format!("{title} levels run from {lowest} to 4"))),
            None => Err(bad(format!("give a level, level:{lowest} to level:4"))),
        },
        _ => sampling(spec, seed).ok_or_else(|| bad(format!("not a {title} player"))),
    }
}

/// The no-search policy of a `level:N` player (see
/// [`GameModule::policy`](crate::GameModule::policy)) for games whose
/// levels up to `policy_levels` play without searching and whose higher
/// levels search over the best of them: a level that does not search is
/// its own policy, a searching level falls back to the highest that does
/// not. `None` for any other spec or level (below `lowest`, as
/// [`leveled`]).
pub fn leveled_policy<G>(
    spec: &PlayerSpec,
    seed: u64,
    lowest: u8,
    policy_levels: u8,
    make: impl FnOnce(u8, u64) -> BoxedPlayer<G>,
) -> Option<BoxedPlayer<G>>
where
    G: Determinize + 'static,
{
    match spec {
        PlayerSpec::Custom { name, arg: Some(arg) } if name == "level" => match arg.parse::<u8>() {
            Ok(level) if (lowest..=4).contains(&level) => Some(make(level.min(policy_levels), seed)),
            _ => None,
        },
        _ => None,
    }
}

/// The players that need only the seat's observation: `random`,
/// `ismcts:N`, `moismcts:N`, `rootucb:N`. `None` for any other spec.
pub fn sampling<G>(spec: &PlayerSpec, seed: u64) -> Option<BoxedPlayer<G>>
where
    G: Determinize + 'static,
{
    Some(match *spec {
        PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
        PlayerSpec::Ismcts {
            iterations,
            multiple_observer,
        } => {
            let mode = if multiple_observer {
                IsmctsMode::MultipleObserver
            } else {
                IsmctsMode::SingleObserver
            };
            let config = IsmctsConfig {
                mode,
                ..IsmctsConfig::default()
            };
            Box::new(IsmctsPlayer::new(config, Budget::iterations(iterations), seed))
        }
        PlayerSpec::RootUcb { iterations } => Box::new(RootUcbPlayer::new(
            RootUcbConfig::default(),
            Budget::iterations(iterations),
            seed,
        )),
        _ => return None,
    })
}

/// `mcts:N`: UCT on the state, for perfect-information games.
pub fn mcts<G>(spec: &PlayerSpec, seed: u64) -> Option<BoxedPlayer<G>>
where
    G: PerfectInformation + 'static,
{
    match *spec {
        PlayerSpec::Mcts { iterations } => Some(Box::new(MctsPlayer::new(
            MctsConfig::default(),
            Budget::iterations(iterations),
            seed,
        ))),
        _ => None,
    }
}

/// `minimax`: the full tree, for small two-team games.
pub fn minimax<G>(spec: &PlayerSpec) -> Option<BoxedPlayer<G>>
where
    G: PerfectInformation + TwoTeams + 'static,
{
    (*spec == PlayerSpec::Minimax).then(|| Box::new(MinimaxPlayer::new()) as _)
}

/// `alphabeta[:D]` with the game's utility and natural move order, and a
/// transposition table of `tt_bytes`.
pub fn alphabeta<G>(spec: &PlayerSpec, tt_bytes: usize) -> Option<BoxedPlayer<G>>
where
    G: PerfectInformation + TwoTeams + 'static,
{
    match *spec {
        PlayerSpec::AlphaBeta { depth } => {
            let config = AlphaBetaConfig {
                tt_bytes,
                ..AlphaBetaConfig::default()
            };
            Some(Box::new(AlphaBetaPlayer::new(
                config,
                depth,
                Utility,
                NaturalOrder,
                Budget::unlimited(),
            )))
        }
        _ => None,
    }
}
