//! The names people read for players: the forms and the tables say
//! "Expert" or "Monte Carlo, 2,000 iterations", and the spec (`level:4`,
//! `mcts:2000`) only under their details.

use crate::info::PlayerInfo;
use crate::spec::PlayerSpec;

/// The titles of a `level:N` player's levels, 1 to 4.
pub const LEVEL_TITLES: [&str; 4] = ["Beginner", "Casual", "Strong", "Expert"];

/// `n` with a comma between thousands: `2,000`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// The name people read for a seat played by `spec`, among a game's
/// `players`: a level's title ("Expert"), else the player's title with
/// its budget in words ("Alpha-beta, 7 plies", "Monte Carlo, 2,000
/// iterations"); the spec itself for a player the list does not hold.
pub fn player_title(spec: &PlayerSpec, players: &[PlayerInfo]) -> String {
    if let PlayerSpec::Custom { name, arg: Some(arg) } = spec
        && name == "level"
        && let Ok(level @ 1..=4) = arg.parse::<usize>()
    {
        return LEVEL_TITLES[level - 1].to_string();
    }
    if let PlayerSpec::Custom { name, arg: Some(arg) } = spec
        && name == "level"
        && arg == "0"
    {
        // The plain reference player a game may keep below its ladder.
        return "Plain".to_string();
    }
    if let PlayerSpec::Bot { .. } = spec {
        return "Outside engine".to_string();
    }
    let Some(info) = players.iter().find(|p| p.name == spec.name()) else {
        return spec.to_string();
    };
    let budget = match spec {
        PlayerSpec::AlphaBeta { depth: Some(d) } => format!(", {d} pl{}", if *d == 1 { "y" } else { "ies" }),
        PlayerSpec::Mcts { iterations } | PlayerSpec::Ismcts { iterations, .. } => {
            format!(", {} iterations", thousands(*iterations))
        }
        PlayerSpec::RootUcb { iterations } => format!(", {} samples", thousands(*iterations)),
        PlayerSpec::Custom { arg: Some(arg), .. } => format!(" ({arg})"),
        _ => String::new(),
    };
    format!("{}{budget}", info.title)
}

/// What a new-game form offers a computer seat, each `(spec, title)`:
/// the game's default player first, then every level of a `level:N`
/// player and each other player's example, once each.
pub fn player_choices(players: &[PlayerInfo], default_player: &str) -> Vec<(String, String)> {
    let mut specs = vec![default_player.to_string()];
    for p in players {
        if p.form == "level:N" {
            specs.extend((1..=LEVEL_TITLES.len()).map(|n| format!("level:{n}")));
        } else {
            specs.push(p.example.to_string());
        }
    }
    let mut out: Vec<(String, String)> = Vec::new();
    for spec in specs {
        if out.iter().any(|(s, _)| *s == spec) {
            continue;
        }
        let title = spec
            .parse::<PlayerSpec>()
            .map_or_else(|_| spec.clone(), |p| player_title(&p, players));
        out.push((spec, title));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players;

    const LADDER: [PlayerInfo; 5] = players::leveled_ladder("the computer");

    fn title(spec: &str) -> String {
        player_title(&spec.parse().unwrap(), &LADDER)
    }

    #[test]
    fn levels_and_searches_have_names_people_read() {
        assert_eq!(title("level:1"), "Beginner");
        assert_eq!(title("level:4"), "Expert");
        assert_eq!(title("random"), "Random");
        assert_eq!(
            title("ismcts:2000"),
            "Monte Carlo over the hidden cards, 2,000 iterations"
        );
        assert_eq!(title("rootucb:100"), "Sampled Monte Carlo, 100 samples");
        assert_eq!(title("bot:tabula bot hearts"), "Outside engine");
        // A level past the ladder, or a player the game lacks: its spec.
        assert_eq!(title("level:9"), "Computer (9)");
        assert_eq!(title("level:0"), "Plain", "a game's reference player below the ladder");
        assert_eq!(title("greedy"), "greedy");
        let ab = [players::ALPHABETA];
        assert_eq!(
            player_title(&"alphabeta:7".parse().unwrap(), &ab),
            "Alpha-beta, 7 plies"
        );
        assert_eq!(player_title(&"alphabeta".parse().unwrap(), &ab), "Alpha-beta");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }

    #[test]
    fn a_form_offers_the_default_first_then_each_level_once() {
        let choices = player_choices(&LADDER, "level:3");
        let specs: Vec<&str> = choices.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(
            specs,
            [
                "level:3",
                "level:1",
                "level:2",
                "level:4",
                "random",
                "ismcts:100",
                "moismcts:100",
                "rootucb:100"
            ]
        );
        assert_eq!(choices[0].1, "Strong");
    }
}
