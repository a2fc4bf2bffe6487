//! A game in the terminal: a person at one seat, the computer at the
//! others. The person sees the game's text of their own observation only.

use std::io::{BufRead, Write};
use std::sync::Arc;

use tabula_contract::{Driver, PlayerSpec, SeatAgent, TableKind};
use tabula_search::rng::derive_seed;
use tabula_search::{Rng, Seat, Turn};

use crate::agents::{self, PlatformError};

/// Up to this many legal moves are listed in the prompt.
const MAX_LISTED: usize = 24;

/// The players of the other seats: one spec for every seat, or one per
/// other seat in seat order.
///
/// # Errors
/// Another number of specs.
pub fn seat_players(seats: usize, human: Seat, specs: &[PlayerSpec]) -> Result<Vec<Option<PlayerSpec>>, PlatformError> {
    let others = seats - 1;
    if specs.len() != 1 && specs.len() != others {
        return Err(PlatformError::Settings(format!(
            "give one player or {others} (one per other seat), not {}",
            specs.len()
        )));
    }
    let mut k = 0;
    Ok((0..seats)
        .map(|s| {
            (s != human).then(|| {
                let spec = specs[if specs.len() == 1 { 0 } else { k }].clone();
                k += 1;
                spec
            })
        })
        .collect())
}

/// Plays one game: the person types actions for seat `human`, the other
/// seats are played by `specs` (see [`seat_players`]). Bad input is
/// explained and asked again; `quit` or the end of the input leaves.
///
/// # Errors
/// Bad settings, a spec the game does not offer, an engine that fails, or
/// the terminal itself.
pub fn play(
    driver: &Arc<dyn Driver>,
    specs: &[PlayerSpec],
    human: Seat,
    seed: u64,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), PlatformError> {
    let seats = driver.seats();
    let name = driver.info().name;
    if human >= seats {
        return Err(PlatformError::Settings(format!(
            "{name} has seats 0 to {}, not {human}",
            seats - 1
        )));
    }
    let players = seat_players(seats, human, specs)?;
    let mut agents: Vec<Option<Box<dyn SeatAgent>>> = Vec::with_capacity(seats);
    for (seat, spec) in players.iter().enumerate() {
        agents.push(match spec {
            Some(spec) => Some(agents::agent(&**driver, spec, derive_seed(seed, seat as u64))?),
            None => None,
        });
    }
    let others: Vec<String> = players
        .iter()
        .enumerate()
        .filter_map(|(s, p)| p.as_ref().map(|p| format!("{} ({p})", driver.seat_name(s))))
        .collect();
    writeln!(
        output,
        "{name}: you are {}; {}. Type 'quit' to leave.",
        driver.seat_name(human),
        others.join(", ")
    )?;
    // One person against the computer: a solo table.
    let mut game = driver.start(seed, TableKind::Solo);
    let mut chance = Rng::derived(seed, agents::CHANCE_STREAM);
    let teams = driver.teams();
    let mut line = String::new();
    loop {
        match game.to_act() {
            Turn::Terminal => {
                writeln!(output, "{}", game.render(human))?;
                let payoffs = game.payoffs().expect("the game is over");
                let mine = payoffs[human];
                // Partners share the result: compare with the other teams.
                let best_other = (0..seats)
                    .filter(|&s| teams[s] != teams[human])
                    .map(|s| payoffs[s])
                    .fold(f64::NEG_INFINITY, f64::max);
                let verdict = if mine > best_other {
                    "You win."
                } else if mine < best_other {
                    "You lose."
                } else {
                    "Draw."
                };
                writeln!(output, "Game over: {verdict} Payoffs {payoffs:?}")?;
                if let Some(sheet) = game.scoresheet() {
                    let scores: Vec<String> = sheet.scores.iter().map(f64::to_string).collect();
                    writeln!(output, "Scores: {}", scores.join(" "))?;
                }
                if let Some(record) = game.record() {
                    writeln!(output, "Record (for tabula review): {record}")?;
                }
                return Ok(());
            }
            Turn::Chance => game.chance(&mut chance)?,
            Turn::Seat(seat) if seat == human => {
                writeln!(output, "{}", game.render(human))?;
                let legal = game.legal_text();
                let sep = if legal.iter().any(|t| t.contains(' ')) {
                    ", "
                } else {
                    " "
                };
                if legal.len() <= MAX_LISTED {
                    write!(output, "Your move ({}): ", legal.join(sep))?;
                } else {
                    // Too many to read: show the form of a move instead.
                    write!(
                        output,
                        "Your move ({} legal, e.g. {}; 'moves' lists them): ",
                        legal.len(),
                        legal[0]
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
                    writeln!(output, "{}", legal.join(sep))?;
                    continue;
                }
                match game.apply_text(text) {
                    Ok(_) => {
                        if let Some(note) = game.note(human) {
                            writeln!(output, "{note}")?;
                        }
                    }
                    Err(problem) => writeln!(output, "{problem}")?,
                }
            }
            Turn::Seat(seat) => {
                let agent = agents[seat].as_mut().expect("every other seat has an agent");
                game.play(&mut **agent)?;
                let seen = game.last_move(human).expect("a move was just made");
                writeln!(output, "{} plays {seen}.", driver.seat_name(seat))?;
                if let Some(note) = game.note(human) {
                    writeln!(output, "{note}")?;
                }
            }
        }
    }
}
