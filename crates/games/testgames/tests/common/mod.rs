//! Helpers shared by the MiniWhist tests: scripted deals, replays, random
//! histories and the brute-force enumeration of consistent positions.

#![allow(dead_code)]

use std::time::Duration;

use tabula_search::{Game, Hidden, IllegalAction, Rng, SearchResult, Seat, Seen, Turn, play};
use tabula_testgames::miniwhist::{Action, CardId, CardSet, DECK, MiniDeck, MiniWhist, State, Suit};

/// A search result without its wall-clock time, for comparisons.
pub fn strip<A>(mut r: SearchResult<A>) -> SearchResult<A> {
    r.stats.elapsed = Duration::ZERO;
    r
}

/// A card by id.
pub fn card(id: u16) -> CardId {
    DECK.card(id).expect("a card id")
}

/// The deal actions giving seat 0 `seat0` and seat 1 `seat1`, in deal order
/// (seat 0 receives the even steps).
pub fn deal(seat0: [u16; 4], seat1: [u16; 4]) -> Vec<Action> {
    (0..4)
        .flat_map(|i| [Action::Deal(card(seat0[i])), Action::Deal(card(seat1[i]))])
        .collect()
}

/// Plays `history` from the initial position, checking every action.
pub fn try_replay(history: &[Action]) -> Result<State, IllegalAction> {
    let mut state = MiniWhist.initial_state();
    for &a in history {
        play(&MiniWhist, &mut state, a)?;
    }
    Ok(state)
}

/// Plays `history`, which must be legal.
pub fn replay(history: &[Action]) -> State {
    try_replay(history).unwrap_or_else(|e| panic!("{e} in {history:?}"))
}

/// A random history of at most `plies` actions (uniform legal actions,
/// chance by its probabilities).
pub fn random_history(rng: &mut Rng, plies: usize) -> Vec<Action> {
    let game = MiniWhist;
    let mut state = game.initial_state();
    let mut history = Vec::new();
    let mut legal = Vec::new();
    while history.len() < plies {
        let a = match game.to_move(&state) {
            Turn::Terminal => break,
            Turn::Chance => game.sample_chance(&state, rng),
            Turn::Seat(_) => {
                game.legal_actions(&state, &mut legal);
                legal[rng.below(legal.len() as u64) as usize]
            }
        };
        game.apply(&mut state, a);
        history.push(a);
    }
    history
}

/// The history with cards `x` and `y` exchanged wherever they appear.
pub fn swap_cards(history: &[Action], x: CardId, y: CardId) -> Vec<Action> {
    let swap = |c: CardId| {
        if c == x {
            y
        } else if c == y {
            x
        } else {
            c
        }
    };
    history
        .iter()
        .map(|&a| match a {
            Action::Deal(c) => Action::Deal(swap(c)),
            Action::Discard(c) => Action::Discard(swap(c)),
            Action::Play(c) => Action::Play(swap(c)),
        })
        .collect()
}

/// One position consistent with what an observer saw, by the arrangement
/// of the unseen cards it stands for.
#[derive(Clone, Debug)]
pub struct World {
    /// The opponent's hand.
    pub hand: CardSet,
    /// The opponent's discard, if made.
    pub discard: Option<CardId>,
    /// The position.
    pub state: State,
}

/// Every position consistent with what `observer` saw along `history`, one
/// per physical arrangement of the cards it could not see, each built by
/// replaying the history through the checked rules with the opponent's
/// hidden deals and discard filled in. Brute force: every subset of the
/// unseen cards of the right size is tried, and kept when the replay is
/// legal (a hand with a card of a suit the opponent failed to follow makes
/// that play illegal).
pub fn consistent_worlds(history: &[Action], observer: Seat) -> Vec<World> {
    let game = MiniWhist;
    let opponent = 1 - observer;
    let truth = replay(history);
    let obs = game.observation(&truth, observer);
    // Which steps of the history the observer could not see, and the cards
    // the opponent played (dealt to it, then shown).
    let mut state = game.initial_state();
    let mut hidden_deals = 0;
    let mut hidden_discard = false;
    let mut opponent_played = CardSet::EMPTY;
    for &a in history {
        match game.view_action(&state, a, observer) {
            Seen::Hidden(Hidden::Deal) => hidden_deals += 1,
            Seen::Hidden(_) => hidden_discard = true,
            Seen::Action(Action::Play(c)) if game.to_move(&state) == Turn::Seat(opponent) => opponent_played.insert(c),
            _ => {}
        }
        game.apply(&mut state, a);
    }
    let unseen = {
        let mut seen = truth.hand(observer);
        if let Some(d) = truth.discard(observer) {
            seen.insert(d);
        }
        for &p in truth.plays() {
            seen.insert(p);
        }
        MiniDeck::ALL - seen
    };
    let k = truth.hand(opponent).len();
    let mut worlds = Vec::new();
    for bits in 0..1u64 << 12 {
        let hand = CardSet(bits);
        if hand.len() != k || hand - unseen != CardSet::EMPTY {
            continue;
        }
        let discards: Vec<Option<CardId>> = if hidden_discard {
            (unseen - hand).iter().map(Some).collect()
        } else {
            vec![None]
        };
        for discard in discards {
            let mut dealt: Vec<CardId> = (opponent_played | hand).iter().collect();
            dealt.extend(discard);
            assert_eq!(dealt.len(), hidden_deals, "the opponent's dealt cards fill its deals");
            let mut fill = dealt.into_iter();
            let mut state = game.initial_state();
            let mut legal = true;
            for &a in history {
                let a = match game.view_action(&state, a, observer) {
                    Seen::Hidden(Hidden::Deal) => Action::Deal(fill.next().expect("a card per hidden deal")),
                    Seen::Hidden(_) => Action::Discard(discard.expect("a hidden discard")),
                    Seen::Action(_) => a,
                };
                if play(&game, &mut state, a).is_err() {
                    legal = false;
                    break;
                }
            }
            if legal {
                assert_eq!(
                    game.observation(&state, observer),
                    obs,
                    "a consistent world shows the observer something else"
                );
                worlds.push(World { hand, discard, state });
            }
        }
    }
    worlds
}

/// Whether `hand` holds a card of a suit `seat` has shown void in.
pub fn breaks_voids(state: &State, seat: Seat, hand: CardSet) -> bool {
    Suit::ALL
        .into_iter()
        .any(|s| state.is_void(seat, s) && !(hand & s.cards()).is_empty())
}

/// A position's observation by `seat` as JSON.
pub fn observation_json(state: &State, seat: Seat) -> String {
    serde_json::to_string(&MiniWhist.observation(state, seat)).expect("observations serialise")
}

/// Every card id as each kind of action.
pub fn all_actions() -> Vec<Action> {
    DECK.cards()
        .flat_map(|c| [Action::Deal(c), Action::Discard(c), Action::Play(c)])
        .collect()
}
