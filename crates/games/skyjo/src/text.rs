//! Terminal text: a seat's view, action names, and parsing a human's action.
//!
//! Cells are numbered 1–12 row by row (1–4 the top row). Actions are typed
//! as `draw`, `take N` (take the discard to cell N), `flip N` (free flip),
//! `place N` (put the drawn card at N), `discard N` (discard the drawn card
//! and reveal N), `reveal N` (setup).

use std::fmt::Write;

use crate::observation::{CellView, Observation};
use crate::rules::{Action, CELLS, COLUMNS, Phase};

/// A typed action that is not understood or not legal now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not an action of the grammar.
    #[error("cannot read `{0}`: try draw, take N, flip N, place N, discard N or reveal N (N = 1..12)")]
    Syntax(String),
    /// A cell number out of 1–12.
    #[error("cell {0} is not between 1 and 12")]
    Cell(String),
    /// Understood, but not legal now.
    #[error("`{0}` is not legal now")]
    Illegal(String),
}

/// The text of an action (the grammar [`parse_action`] reads).
pub fn action_text(a: Action) -> String {
    match a {
        Action::Reveal(c) => format!("reveal {}", c + 1),
        Action::TakeDiscard(c) => format!("take {}", c + 1),
        Action::Draw => "draw".to_string(),
        Action::FreeFlip(c) => format!("flip {}", c + 1),
        Action::Place(c) => format!("place {}", c + 1),
        Action::DiscardFlip(c) => format!("discard {}", c + 1),
        Action::Drawn(v) => format!("drew {v}"),
    }
}

/// Reads a human's action and checks it against the legal actions.
pub fn parse_action(text: &str, legal: &[Action]) -> Result<Action, ParseError> {
    let words: Vec<String> = text.split_whitespace().map(|w| w.to_ascii_lowercase()).collect();
    let cell = |w: &str| -> Result<u8, ParseError> {
        match w.parse::<u8>() {
            Ok(n @ 1..=12) => Ok(n - 1),
            _ => Err(ParseError::Cell(w.to_string())),
        }
    };
    let action = match words.as_slice() {
        [w] if w == "draw" || w == "d" => Action::Draw,
        [w, n] => {
            let c = cell(n)?;
            match w.as_str() {
                "take" | "t" => Action::TakeDiscard(c),
                "flip" | "f" => Action::FreeFlip(c),
                "place" | "p" => Action::Place(c),
                "discard" | "x" => Action::DiscardFlip(c),
                "reveal" | "r" => Action::Reveal(c),
                _ => return Err(ParseError::Syntax(text.to_string())),
            }
        }
        _ => return Err(ParseError::Syntax(text.to_string())),
    };
    if legal.contains(&action) {
        Ok(action)
    } else {
        Err(ParseError::Illegal(text.trim().to_string()))
    }
}

fn cell_text(c: CellView) -> String {
    match c {
        CellView::Hidden => " ??".to_string(),
        CellView::Removed => "   ".to_string(),
        CellView::Up(v) => format!("{v:>3}"),
    }
}

/// A seat's view as terminal text: every grid (face-down cells as `??`),
/// the discard top, the draw pile's size, the seat's drawn card, totals.
/// Built from the observation only.
pub fn render(obs: &Observation) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Round {} · discard top: {} · draw pile: {} cards",
        obs.round + 1,
        obs.discard.last().map_or("-".to_string(), |v| v.to_string()),
        obs.draw_count
    );
    for (p, g) in obs.grids.iter().enumerate() {
        let marks = format!(
            "{}{}{}",
            if p == usize::from(obs.seat) { " (you)" } else { "" },
            if p == usize::from(obs.to_move) && obs.phase != Phase::Over {
                " to play"
            } else {
                ""
            },
            if obs.closer == Some(p as u8) { " closed" } else { "" },
        );
        let _ = writeln!(out, "Seat {}{marks} · total {}", p + 1, obs.totals[p]);
        for row in 0..CELLS / COLUMNS {
            let line: Vec<String> = (0..COLUMNS).map(|c| cell_text(g[row * COLUMNS + c])).collect();
            let _ = writeln!(out, "  {}", line.join(" "));
        }
    }
    if let Some(v) = obs.hand {
        let _ = writeln!(out, "You drew: {v}");
    }
    if obs.phase == Phase::Over {
        let _ = writeln!(out, "Game over.");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_round_trips_action_text_and_rejects_bad_input() {
        let legal = [Action::TakeDiscard(0), Action::Draw, Action::FreeFlip(11)];
        for &a in &legal {
            assert_eq!(parse_action(&action_text(a), &legal), Ok(a));
        }
        assert_eq!(parse_action("  DRAW ", &legal), Ok(Action::Draw));
        assert!(matches!(parse_action("flip 13", &legal), Err(ParseError::Cell(_))));
        assert!(matches!(parse_action("flip", &legal), Err(ParseError::Syntax(_))));
        assert!(matches!(parse_action("fly 3", &legal), Err(ParseError::Syntax(_))));
        assert!(matches!(parse_action("place 2", &legal), Err(ParseError::Illegal(_))));
        assert!(matches!(parse_action("", &legal), Err(ParseError::Syntax(_))));
        assert!(matches!(parse_action("take -1", &legal), Err(ParseError::Cell(_))));
    }
}
