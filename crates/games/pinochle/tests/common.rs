//! What the tests share: games under several options, random matches,
//! hands laid out by name.

#![allow(dead_code)]

use tabula_cards::CardSet;
use tabula_pinochle::cards::{ALL, parse_cards};
use tabula_pinochle::*;
use tabula_search::{Game, Rng, Turn};

/// Pinochle under the default options but `pass` and `end_score`.
pub fn game(pass: u8, end_score: u32) -> Pinochle {
    Pinochle::new(PinochleOptions {
        pass,
        end_score,
        ..PinochleOptions::default()
    })
    .unwrap()
}

/// Cards by name, each face's lowest unused copy first: `"Ah Ah 10d"`.
pub fn cards(names: &str) -> CardSet {
    parse_cards(names).unwrap()
}

/// Four hands by name, each face's lowest copy not yet given first, so
/// that two hands naming one face get its two copies.
pub fn hands(names: [&str; 4]) -> [CardSet; 4] {
    let mut used = CardSet::EMPTY;
    names.map(|n| {
        let mut h = CardSet::EMPTY;
        for w in n.split_whitespace() {
            let f = tabula_pinochle::cards::parse_face(w).unwrap();
            let c = (tabula_pinochle::cards::copies(f) - used)
                .lowest()
                .unwrap_or_else(|| panic!("a third {w}"));
            used.insert(c);
            h.insert(c);
        }
        h
    })
}

/// The hands of the duty tests (trumps hearts): West holds the clubs
/// but two and the two A♦, North the other two clubs and the other
/// diamonds, East the spades but the nines and two low hearts, South the
/// rest of the hearts and the two nines of spades.
pub fn duty_hands() -> [CardSet; 4] {
    hands([
        "Ah Ah 10h 10h Kh Kh Qh Qh Jh 9h 9s 9s",
        "Ac Ac Kc Kc Qc Qc Jc Jc 9c 10c Ad Ad",
        "10c 9c 10d 10d Kd Kd Qd Qd Jd Jd 9d 9d",
        "9h Jh As As 10s 10s Ks Ks Qs Qs Js Js",
    ])
}

/// A random legal action, the auction kept short: the lowest bid or a
/// pass, as often.
pub fn random_action(g: &Pinochle, s: &State, rng: &mut Rng, legal: &mut Vec<Action>) -> Action {
    match g.to_move(s) {
        Turn::Chance => g.sample_chance(s, rng),
        _ => {
            g.legal_actions(s, legal);
            if let Action::Bid(_) = legal[0] {
                if legal.last() == Some(&Action::Pass) && rng.below(2) == 0 {
                    return Action::Pass;
                }
                return legal[0];
            }
            *rng.choose(legal).unwrap()
        }
    }
}

/// Plays `plies` random actions from the start (see [`random_action`]),
/// or fewer when the match ends first.
pub fn random_state(g: &Pinochle, seed: u64, plies: usize) -> State {
    let mut rng = Rng::new(seed);
    let mut s = g.initial_state();
    let mut legal = Vec::new();
    for _ in 0..plies {
        if g.to_move(&s) == Turn::Terminal {
            break;
        }
        let a = random_action(g, &s, &mut rng, &mut legal);
        g.apply(&mut s, a);
    }
    s
}

/// Plays at random until `stop` holds (or the match ends); the plies
/// played.
pub fn play_until(g: &Pinochle, s: &mut State, rng: &mut Rng, stop: impl Fn(&State) -> bool) -> usize {
    let mut legal = Vec::new();
    let mut n = 0;
    while !stop(s) && g.to_move(s) != Turn::Terminal {
        let a = random_action(g, s, rng, &mut legal);
        g.apply(s, a);
        n += 1;
    }
    n
}

/// The first hand dealt as laid out: `hands[s]` to seat `s` (12 each;
/// seats left empty get the rest in card order).
pub fn dealt(g: &Pinochle, hands: [CardSet; 4]) -> State {
    let mut hands = hands;
    let mut rest = ALL - hands.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    for h in &mut hands {
        while h.len() < 12 {
            let c = rest.lowest().unwrap();
            rest.remove(c);
            h.insert(c);
        }
    }
    let mut s = g.initial_state();
    let mut left = hands.map(|h| h.iter().collect::<Vec<_>>());
    while g.to_move(&s) == Turn::Chance {
        let seat = s.next_recipient().unwrap();
        let card = left[seat].remove(0);
        g.apply(&mut s, Action::Deal(card));
    }
    s
}

/// The first hand dealt as laid out (see [`dealt`]), West (on the
/// dealer's left) bidding 250, the others passing, and West naming
/// `trump`.
pub fn west_declares(g: &Pinochle, hands: [CardSet; 4], trump: u8) -> State {
    let mut s = dealt(g, hands);
    play(
        g,
        &mut s,
        &[
            Action::Bid(250),
            Action::Pass,
            Action::Pass,
            Action::Pass,
            Action::Trump(trump),
        ],
    );
    s
}

/// Applies actions, each checked against the legal ones.
pub fn play(g: &Pinochle, s: &mut State, actions: &[Action]) {
    let mut legal = Vec::new();
    for &a in actions {
        g.legal_actions(s, &mut legal);
        assert!(legal.contains(&a), "{a:?} is not legal; legal: {legal:?}");
        g.apply(s, a);
    }
}
