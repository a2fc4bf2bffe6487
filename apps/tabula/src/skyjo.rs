//! `tabula play skyjo` (a person against levels, each seat its own) and
//! `tabula arena skyjo` (two levels, seats rotated on the same deals, any
//! number of players). `tabula bot skyjo` goes through the platform.

use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

use anyhow::{Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tabula_search::rng::derive_seed;
use tabula_search::{Game, Rng, Turn};
use tabula_skyjo::{LevelSpec, Skyjo, SkyjoAi, TableKind, action_text, arena, observe, parse_action, render};

/// Parses `2,3,4` or `level:2,master` into levels.
pub fn levels(text: &str) -> Result<Vec<LevelSpec>> {
    text.split(',')
        .map(|t| {
            let t = t.trim();
            let spec = if t.chars().all(|c| c.is_ascii_digit()) && !t.is_empty() {
                format!("level:{t}")
            } else {
                t.to_string()
            };
            spec.parse::<LevelSpec>().map_err(|e| anyhow!("{e}"))
        })
        .collect()
}

/// A game in the terminal: the person at `seat`, the other seats played by
/// `levels` in seat order (one level for all, or one per other seat). This
/// is a solo table: a `master` among them is handed the draw pile.
pub fn play(
    players: usize,
    levels: &[LevelSpec],
    seat: usize,
    seed: u64,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let game = Skyjo::with_players(players).map_err(|e| anyhow!("{e}"))?;
    if seat >= players {
        bail!("skyjo has seats 0 to {}, not {seat}", players - 1);
    }
    let others = players - 1;
    if levels.len() != 1 && levels.len() != others {
        bail!(
            "give one level or {others} levels (one per other seat), not {}",
            levels.len()
        );
    }
    let mut ais: Vec<Option<SkyjoAi>> = Vec::new();
    let mut k = 0;
    for s in 0..players {
        if s == seat {
            ais.push(None);
        } else {
            let level = levels[if levels.len() == 1 { 0 } else { k }];
            k += 1;
            ais.push(Some(SkyjoAi::new(level, derive_seed(seed, s as u64))));
        }
    }
    let names: Vec<String> = (0..players)
        .map(|s| match &ais[s] {
            None => "you".to_string(),
            // Seats are numbered from 1 on the board.
            Some(ai) => format!("seat {} ({})", s + 1, ai.level()),
        })
        .collect();
    writeln!(
        out,
        "skyjo, {players} players: {}. Type 'quit' to leave.",
        names.join(", ")
    )?;
    let mut state = game.new_game(seed);
    let mut chance = Rng::new(derive_seed(seed, 0xC4A7CE));
    let mut legal = Vec::new();
    let mut rounds = 0;
    let mut line = String::new();
    loop {
        if state.rounds_played() > rounds {
            rounds = state.rounds_played();
            let scores: Vec<String> = state.last_round().iter().map(i32::to_string).collect();
            let totals: Vec<String> = state.totals().iter().map(i32::to_string).collect();
            writeln!(
                out,
                "Round {rounds} scores: {}; totals: {}",
                scores.join(" "),
                totals.join(" ")
            )?;
        }
        match game.to_move(&state) {
            Turn::Terminal => break,
            Turn::Chance => {
                let a = game.sample_chance(&state, &mut chance);
                game.apply(&mut state, a);
            }
            Turn::Seat(s) if s == seat => {
                let view = game.observation(&state, seat);
                game.legal_actions(&state, &mut legal);
                writeln!(out, "{}", render(&view))?;
                write!(out, "Your move (draw, take N, flip N, place N, discard N, reveal N): ")?;
                out.flush()?;
                line.clear();
                if input.read_line(&mut line)? == 0 {
                    writeln!(out)?;
                    return Ok(());
                }
                let text = line.trim();
                if matches!(text, "quit" | "q" | "exit") {
                    return Ok(());
                }
                match parse_action(text, &legal) {
                    Ok(a) => game.apply(&mut state, a),
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
            Turn::Seat(s) => {
                let ai = ais[s].as_mut().expect("other seats have an AI");
                let view = observe(&game, &state, s, TableKind::Solo, ai.level());
                let a = ai
                    .decide(&game, &view)
                    .action
                    .ok_or_else(|| anyhow!("{} has no move", names[s]))?;
                writeln!(out, "{} plays {}.", names[s], action_text(a))?;
                game.apply(&mut state, a);
            }
        }
    }
    let totals = state.totals();
    let best = *totals.iter().min().expect("2+ seats");
    let winners: Vec<&str> = (0..players)
        .filter(|&s| totals[s] == best)
        .map(|s| names[s].as_str())
        .collect();
    writeln!(
        out,
        "Game over after {rounds} rounds; lowest total {best}: {}.",
        winners.join(", ")
    )?;
    Ok(())
}

/// A match between two levels (seats rotated on the same deals).
pub fn arena_command(
    a: &str,
    b: &str,
    games: usize,
    seed: u64,
    players: usize,
    json: bool,
    out: &mut dyn Write,
) -> Result<()> {
    let (la, lb) = (single(a)?, single(b)?);
    if games == 0 {
        bail!("--games must be positive");
    }
    if !(2..=8).contains(&players) {
        bail!("--players must be from 2 to 8, not {players}");
    }
    let bar = ProgressBar::new_spinner();
    if std::io::stderr().is_terminal() {
        bar.set_style(ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}").map_err(|e| anyhow!("{e}"))?);
        bar.set_message(format!("{games} games of {la} against {lb}"));
        bar.enable_steady_tick(Duration::from_millis(200));
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    let report = arena(&la, &lb, games, seed, players).map_err(|e| anyhow!("{e}"))?;
    bar.finish_and_clear();
    if json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        writeln!(
            out,
            "skyjo, {players} players: A = {la}, B = {lb}, seed {seed}, seats rotated on each deal"
        )?;
        writeln!(
            out,
            "  games {}: A won {}, B won {}, drawn {}; mean round A {:.2}, B {:.2}; A's win rate 95% interval [{:.3}, {:.3}]",
            report.games,
            report.a_wins,
            report.b_wins,
            report.draws,
            report.a_mean_round,
            report.b_mean_round,
            report.ci95[0],
            report.ci95[1]
        )?;
    }
    Ok(())
}

fn single(text: &str) -> Result<LevelSpec> {
    text.trim().parse::<LevelSpec>().map_err(|e| anyhow!("{e}"))
}
