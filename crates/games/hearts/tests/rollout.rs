//! The searches' rollout plays the card phase on the cards alone; it must
//! draw and score exactly as the full rules do. The reference plays the
//! same hand through `Game::apply`, drawing each card as
//! `legal[below(len)]` over the sorted legal plays.

use crate::common;

use common::random_state;
use tabula_cards::HandRules;
use tabula_hearts::{Action, CardRollout, HandGame, Hearts, HeartsOptions, MoonRule, State};
use tabula_search::{Game, Payoffs, Rng, Rollout, Turn};

/// The hand of `s` played out through the rules, as the rollout draws.
fn reference(game: &Hearts, mut s: State, rng: &mut Rng) -> Payoffs {
    let hand = s.hand_no();
    let mut legal = Vec::new();
    while s.hand_no() == hand && !s.is_over() && game.to_move(&s) != Turn::Terminal {
        match game.to_move(&s) {
            Turn::Seat(_) if s.tricks() < 13 => {
                game.legal_actions(&s, &mut legal);
                let a = legal[rng.below(legal.len() as u64) as usize];
                game.apply(&mut s, a);
            }
            // The shooter's choice waits: the hand is judged as it stands.
            _ => break,
        }
    }
    game.hand_rewards(&s)
}

fn options() -> Vec<HeartsOptions> {
    let base = HeartsOptions::default();
    vec![
        base,
        HeartsOptions {
            queen_breaks_hearts: true,
            jack_of_diamonds: true,
            ..base
        },
        HeartsOptions {
            moon: MoonRule::Choice,
            end_score: 30,
            ..base
        },
    ]
}

#[test]
fn the_rollout_draws_and_scores_as_the_rules_play() {
    let mut checked = 0;
    let mut legal = Vec::new();
    for options in options() {
        let game = Hearts::new(options).unwrap();
        for seed in 0..500u64 {
            // From the deal's end to deep in the hand, across hands.
            let s = random_state(&game, seed, 52 + (seed as usize * 7) % 240);
            // The card phase (the rollout hands the other phases to the
            // general playout).
            let Turn::Seat(seat) = game.to_move(&s) else { continue };
            game.legal_actions(&s, &mut legal);
            if !matches!(legal[0], Action::Play(_)) {
                continue;
            }
            let o = game.observation(&s, seat);
            let hand = HandGame::new(&game, &o);
            let mut fast_rng = Rng::new(seed ^ 0xA5);
            let mut slow_rng = Rng::new(seed ^ 0xA5);
            let fast = CardRollout.rollout(&hand, &mut s.clone(), &mut fast_rng);
            let slow = reference(&game, s.clone(), &mut slow_rng);
            for seat in 0..4 {
                assert_eq!(fast.get(seat), slow.get(seat), "seed {seed}, seat {seat}, {options:?}");
            }
            assert_eq!(fast_rng.next_u64(), slow_rng.next_u64(), "the same draws, seed {seed}");
            checked += 1;
        }
    }
    assert!(checked > 600, "{checked} positions checked");
}
