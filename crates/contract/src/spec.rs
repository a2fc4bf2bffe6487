//! Player specs: the strings that name a player on the command line, in the
//! arena and in the bot protocol (`random`, `alphabeta:7`, `mcts:10000`…).

use std::fmt;
use std::str::FromStr;

/// A player, as named by a spec string `name[:argument]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// `random`: uniformly random legal actions.
    Random,
    /// `minimax`: full-width minimax to the end (small games).
    Minimax,
    /// `alphabeta` (to the end) or `alphabeta:D` (D plies, iterative deepening).
    AlphaBeta {
        /// Plies; `None` searches to the end of the game.
        depth: Option<u32>,
    },
    /// `mcts:N`: UCT with N iterations per move.
    Mcts {
        /// Iterations per move.
        iterations: u64,
    },
    /// `ismcts:N` (single observer) or `moismcts:N` (multiple observer).
    Ismcts {
        /// Iterations per move.
        iterations: u64,
        /// One tree per seat.
        multiple_observer: bool,
    },
    /// `rootucb:N`: determinized root-UCB with N samples per move.
    RootUcb {
        /// Samples per move.
        iterations: u64,
    },
    /// `bot:COMMAND`: an outside engine speaking the bot protocol.
    Bot {
        /// The command line, split on whitespace.
        command: String,
    },
    /// A game-specific player (`greedy`, `level:3`…), resolved by the game.
    Custom {
        /// The name.
        name: String,
        /// The argument after the colon.
        arg: Option<String>,
    },
}

/// Why a spec string is not a player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The argument is not what the player needs.
    #[error("player '{spec}': {problem}")]
    BadArgument {
        /// The spec as written.
        spec: String,
        /// What is wrong.
        problem: String,
    },
    /// The game has no such player.
    #[error("{game} has no player '{spec}'; it offers: {offers}")]
    Unsupported {
        /// The game.
        game: &'static str,
        /// The spec as written.
        spec: String,
        /// What the game offers.
        offers: String,
    },
    /// An empty spec.
    #[error("empty player spec")]
    Empty,
}

fn count(spec: &str, arg: Option<&str>, what: &str) -> Result<u64, SpecError> {
    let bad = |problem: String| SpecError::BadArgument {
        spec: spec.to_string(),
        problem,
    };
    let arg = arg.ok_or_else(|| bad(format!("give the number of {what}, e.g. '{spec}:1000'")))?;
    match arg.parse::<u64>() {
        Ok(0) => Err(bad(format!("the number of {what} must be positive"))),
        Ok(n) if n > 1_000_000_000 => Err(bad(format!("{n} {what} is more than 10^9"))),
        Ok(n) => Ok(n),
        Err(_) => Err(bad(format!("'{arg}' is not a number of {what}"))),
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.is_empty() {
            return Err(SpecError::Empty);
        }
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        let no_arg = |spec: PlayerSpec| match arg {
            None => Ok(spec),
            Some(a) => Err(SpecError::BadArgument {
                spec: s.to_string(),
                problem: format!("'{name}' takes no argument, got '{a}'"),
            }),
        };
        match name {
            "random" => no_arg(PlayerSpec::Random),
            "minimax" => no_arg(PlayerSpec::Minimax),
            "alphabeta" => Ok(PlayerSpec::AlphaBeta {
                depth: match arg {
                    None => None,
                    Some(_) => {
                        let d = count(s, arg, "plies")?;
                        if d > 1000 {
                            return Err(SpecError::BadArgument {
                                spec: s.to_string(),
                                problem: "depth above 1000 plies".into(),
                            });
                        }
                        Some(d as u32)
                    }
                },
            }),
            "mcts" => Ok(PlayerSpec::Mcts {
                iterations: count(s, arg, "iterations")?,
            }),
            "ismcts" | "moismcts" => Ok(PlayerSpec::Ismcts {
                iterations: count(s, arg, "iterations")?,
                multiple_observer: name == "moismcts",
            }),
            "rootucb" => Ok(PlayerSpec::RootUcb {
                iterations: count(s, arg, "samples")?,
            }),
            "bot" => match arg.map(str::trim) {
                Some(c) if !c.is_empty() => Ok(PlayerSpec::Bot { command: c.to_string() }),
                _ => Err(SpecError::BadArgument {
                    spec: s.to_string(),
                    problem: "give the engine's command, e.g. 'bot:tabula bot tictactoe'".into(),
                }),
            },
            _ => Ok(PlayerSpec::Custom {
                name: name.to_string(),
                arg: arg.map(str::to_string),
            }),
        }
    }
}

impl PlayerSpec {
    /// The name before the colon: `random`, `level`, `mcts`, `bot`…
    pub fn name(&self) -> &str {
        match self {
            PlayerSpec::Random => "random",
            PlayerSpec::Minimax => "minimax",
            PlayerSpec::AlphaBeta { .. } => "alphabeta",
            PlayerSpec::Mcts { .. } => "mcts",
            PlayerSpec::Ismcts {
                multiple_observer: false,
                ..
            } => "ismcts",
            PlayerSpec::Ismcts {
                multiple_observer: true,
                ..
            } => "moismcts",
            PlayerSpec::RootUcb { .. } => "rootucb",
            PlayerSpec::Bot { .. } => "bot",
            PlayerSpec::Custom { name, .. } => name,
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => write!(f, "random"),
            PlayerSpec::Minimax => write!(f, "minimax"),
            PlayerSpec::AlphaBeta { depth: None } => write!(f, "alphabeta"),
            PlayerSpec::AlphaBeta { depth: Some(d) } => write!(f, "alphabeta:{d}"),
            PlayerSpec::Mcts { iterations } => write!(f, "mcts:{iterations}"),
            PlayerSpec::Ismcts {
                iterations,
                multiple_observer,
            } => write!(
                f,
                "{}:{iterations}",
                if *multiple_observer { "moismcts" } else { "ismcts" }
            ),
            PlayerSpec::RootUcb { iterations } => write!(f, "rootucb:{iterations}"),
            PlayerSpec::Bot { command } => write!(f, "bot:{command}"),
            PlayerSpec::Custom { name, arg: None } => write!(f, "{name}"),
            PlayerSpec::Custom { name, arg: Some(a) } => write!(f, "{name}:{a}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for s in [
            "random",
            "minimax",
            "alphabeta",
            "alphabeta:7",
            "mcts:10000",
            "ismcts:500",
            "moismcts:500",
            "rootucb:100",
            "greedy",
            "level:3",
            "bot:tabula bot tictactoe",
        ] {
            let spec: PlayerSpec = s.parse().unwrap();
            assert_eq!(spec.to_string(), s);
        }
        assert_eq!(
            "mcts:42".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Mcts { iterations: 42 }
        );
    }

    #[test]
    fn names_are_the_part_before_the_colon() {
        for (s, name) in [
            ("random", "random"),
            ("alphabeta:3", "alphabeta"),
            ("moismcts:9", "moismcts"),
            ("ismcts:9", "ismcts"),
            ("level:2", "level"),
            ("bot:tabula bot nim", "bot"),
        ] {
            assert_eq!(s.parse::<PlayerSpec>().unwrap().name(), name);
        }
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let err = |s: &str| s.parse::<PlayerSpec>().unwrap_err().to_string();
        assert!(err("mcts").contains("give the number of iterations"));
        assert!(err("mcts:abc").contains("'abc' is not a number"));
        assert!(err("mcts:0").contains("must be positive"));
        assert!(err("random:3").contains("takes no argument"));
        assert!(err("alphabeta:-1").contains("not a number"));
        assert!(err("bot:").contains("engine's command"));
        assert_eq!(err(""), "empty player spec");
    }
}
