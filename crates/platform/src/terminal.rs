//! A game in the terminal: a person against the computer.

use std::io::{BufRead, Write};

use tabula_search::rng::derive_seed;
use tabula_search::{Rng, Turn};

use crate::agent::Agent;
use crate::catalog::{PlatformError, PlatformGame, make_agent};
use crate::spec::PlayerSpec;

/// Up to this many legal moves are listed in the prompt.
const MAX_LISTED: usize = 24;

/// Plays one game: the person types actions for seat `human`, every other
/// seat is played by `opponent`. Bad input is explained and asked again;
/// `quit` or the end of the input leaves.
pub fn play<G: PlatformGame>(
    game: &G,
    opponent: &PlayerSpec,
    human: usize,
    seed: u64,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), PlatformError> {
    let seats = game.num_seats();
    if human >= seats {
        return Err(PlatformError::Settings(format!(
            "{} has seats 0 to {}, not {human}",
            G::NAME,
            seats - 1
        )));
    }
    let mut agents: Vec<Option<Box<dyn Agent<G>>>> = Vec::with_capacity(seats);
    for seat in 0..seats {
        agents.push(if seat == human {
            None
        } else {
            Some(make_agent(game, opponent, derive_seed(seed, seat as u64))?)
        });
    }
    let mut state = game.start(seed);
    let mut chance = Rng::derived(seed, 0xC4A7CE);
    let mut legal = Vec::new();
    writeln!(
        output,
        "{}: you are {}, the computer ({opponent}) plays the other seat{}. Type 'quit' to leave.",
        G::NAME,
        game.seat_name(human),
        if seats > 2 { "s" } else { "" }
    )?;
    let mut line = String::new();
    let mut played = Vec::new();
    loop {
        match game.to_move(&state) {
            Turn::Terminal => {
                let view = game.observation(&state, human);
                writeln!(output, "{}", game.render(&view, human))?;
                let payoffs = game.payoffs(&state);
                let mine = payoffs.get(human);
                let best_other = (0..seats)
                    .filter(|&s| s != human)
                    .map(|s| payoffs.get(s))
                    .fold(f64::NEG_INFINITY, f64::max);
                let verdict = if mine > best_other {
                    "You win."
                } else if mine < best_other {
                    "You lose."
                } else {
                    "Draw."
                };
                writeln!(output, "Game over: {verdict} Payoffs {:?}", payoffs.as_slice())?;
                if let Some(record) = game.record(seed, &played) {
                    writeln!(output, "Record (for tabula review): {record}")?;
                }
                return Ok(());
            }
            Turn::Chance => {
                let outcome = game.sample_chance(&state, &mut chance);
                game.apply(&mut state, outcome);
            }
            Turn::Seat(seat) if seat == human => {
                let view = game.observation(&state, human);
                game.legal_actions(&state, &mut legal);
                writeln!(output, "{}", game.render(&view, human))?;
                if legal.len() <= MAX_LISTED {
                    let options: Vec<String> = legal.iter().map(|&a| game.action_text(a)).collect();
                    write!(output, "Your move ({}): ", options.join(" "))?;
                } else {
                    // Too many to read: show the form of a move instead.
                    let example = game.action_text(legal[0]);
                    write!(
                        output,
                        "Your move ({} legal, e.g. {example}; 'moves' lists them): ",
                        legal.len()
                    )?;
                }
                output.flush()?;
                line.clear();
                if input.read_line(&mut line)? == 0 {
                    writeln!(output)?;
                    return Ok(());
                }
                let text = line.trim();
                if matches!(text, "quit" | "q" | "exit") {
                    return Ok(());
                }
                if text == "moves" {
                    let options: Vec<String> = legal.iter().map(|&a| game.action_text(a)).collect();
                    writeln!(output, "{}", options.join(" "))?;
                    continue;
                }
                match game.parse_action(&view, human, text) {
                    Ok(action) if legal.binary_search(&action).is_ok() => {
                        let before = state.clone();
                        game.apply(&mut state, action);
                        played.push(action);
                        if let Some(note) = game.note(&before, &state) {
                            writeln!(output, "{note}")?;
                        }
                    }
                    Ok(action) => writeln!(output, "{} is not a legal move here.", game.action_text(action))?,
                    Err(problem) => writeln!(output, "{problem}")?,
                }
            }
            Turn::Seat(seat) => {
                let view = game.observation(&state, seat);
                game.legal_actions(&state, &mut legal);
                let agent = agents[seat].as_mut().expect("every other seat has an agent");
                let result = agent.act(game, &view, seat, &legal)?;
                let action = result
                    .action
                    .filter(|a| legal.binary_search(a).is_ok())
                    .ok_or_else(|| PlatformError::Settings(format!("{} chose an illegal action", agent.describe())))?;
                writeln!(output, "{} plays {}.", game.seat_name(seat), game.action_text(action))?;
                let before = state.clone();
                game.apply(&mut state, action);
                played.push(action);
                if let Some(note) = game.note(&before, &state) {
                    writeln!(output, "{note}")?;
                }
            }
        }
    }
}
