//! The players the game offers: each spec it lists gives an agent, the
//! library's sampling searches find the choices that dominate (call with
//! the king, fold the jack, facing a bet), and the options are none.

use serde_json::json;
use tabula_contract::{GameModule, PlayerSpec, options};
use tabula_kuhn::{Action, Card, Kuhn, Line, State};
use tabula_search::Game;

fn spec(text: &str) -> PlayerSpec {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn every_listed_player_is_an_agent_and_others_are_refused() {
    for p in <Kuhn as GameModule>::PLAYERS {
        assert!(Kuhn.agent(&spec(p.example), 1).is_ok(), "{}", p.example);
    }
    assert!(Kuhn.agent(&spec(Kuhn::DEFAULT_PLAYER), 1).is_ok());
    // A search of perfect-information games has no world to search here.
    assert!(Kuhn.agent(&spec("mcts:100"), 1).is_err());
    assert!(Kuhn.agent(&spec("equilibrium:3"), 1).is_err());
}

#[test]
fn the_sampling_searches_call_with_the_king_and_fold_the_jack_facing_a_bet() {
    // Facing a bet, calling with the king wins two chips and folding loses
    // one; calling with the jack loses two and folding one. The searches
    // see only their own card.
    for (seat, line) in [(1, Line::Bet), (0, Line::CheckBet)] {
        for (card, other, best) in [
            (Card::King, Card::Queen, Action::Call),
            (Card::Jack, Card::Queen, Action::Fold),
        ] {
            let mut cards = [Some(other); 2];
            cards[seat] = Some(card);
            let seen = Kuhn.observation(&State { cards, line }, seat);
            for player in ["ismcts:2000", "moismcts:2000", "rootucb:2000"] {
                for seed in 1..4 {
                    let mut agent = Kuhn.agent(&spec(player), seed).unwrap();
                    let chosen = agent.choose(&Kuhn, &seen, seat).action;
                    assert_eq!(
                        chosen,
                        Some(best),
                        "{player} seed {seed}: seat {seat} with {card:?} on {line:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_game_has_no_options() {
    assert!(<Kuhn as GameModule>::OPTIONS.is_empty());
    assert!(options::parse::<Kuhn>(&json!({})).is_ok());
    assert!(options::parse::<Kuhn>(&serde_json::Value::Null).is_ok());
    let refused = options::parse::<Kuhn>(&json!({ "ante": 2 })).unwrap_err().to_string();
    assert!(refused.contains("ante"), "{refused}");
}
