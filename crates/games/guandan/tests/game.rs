//! Guandan through the search library's traits: random playouts end with
//! a side's win; a seat's legal actions from its observation are the
//! rules'; deals to other seats are hidden; root-UCB over paired worlds
//! (the card table's search for Guandan) picks a legal play, the same
//! for the same seed.

use tabula_guandan::{Action, Guandan, GuandanOptions, Observation};
use tabula_search::rootucb::{RootUcbConfig, root_ucb};
use tabula_search::{Budget, Determinize, Game, Hidden, RandomRollout, Rng, Seen, Turn, random_playout};

/// The rules, a match from the ace (short: the declarers win at once
/// with their partner second or third).
fn short() -> Guandan {
    Guandan::new(GuandanOptions {
        start_level: 12,
        ..GuandanOptions::default()
    })
    .unwrap()
}

#[test]
fn random_playouts_end_with_one_side_winning() {
    let g = short();
    let mut buf = Vec::new();
    for seed in 0..4 {
        let mut s = g.initial_state();
        let p = random_playout(&g, &mut s, &mut Rng::new(seed), &mut buf);
        assert_eq!(g.to_move(&s), Turn::Terminal);
        let w = s.winner().unwrap();
        assert_eq!(
            (p.get(w), p.get(w + 2), p.get(1 - w), p.get(3 - w)),
            (1.0, 1.0, 0.0, 0.0)
        );
    }
    assert!(
        Guandan::new(GuandanOptions {
            a_failures: 10,
            ..GuandanOptions::default()
        })
        .is_err()
    );
}

#[test]
fn a_seat_s_moves_from_its_observation_are_the_rules_and_others_deals_are_hidden() {
    let g = short();
    let mut rng = Rng::new(9);
    let (mut legal, mut seen, mut chance) = (Vec::new(), Vec::new(), Vec::new());
    let mut s = g.initial_state();
    let (mut decisions, mut hidden) = (0, 0);
    while g.to_move(&s) != Turn::Terminal {
        let a = match g.to_move(&s) {
            Turn::Chance => {
                g.chance_outcomes(&s, &mut chance);
                let a = chance[rng.below(chance.len() as u64) as usize].0;
                if let Action::Deal(_) = a {
                    for seat in 0..4 {
                        let v = g.view_action(&s, a, seat);
                        if seat == s.to_act() {
                            assert_eq!(v, Seen::Action(a));
                        } else {
                            assert_eq!(v, Seen::Hidden(Hidden::Deal));
                            hidden += 1;
                        }
                    }
                }
                a
            }
            Turn::Seat(seat) => {
                g.legal_actions(&s, &mut legal);
                let o = g.observation(&s, seat);
                g.legal_from_observation(&o, seat, &mut seen);
                assert_eq!(seen, legal);
                // Another seat's observation gives it nothing to do.
                g.legal_from_observation(&g.observation(&s, (seat + 1) % 4), (seat + 1) % 4, &mut seen);
                assert!(seen.is_empty());
                decisions += 1;
                legal[rng.below(legal.len() as u64) as usize]
            }
            Turn::Terminal => unreachable!(),
        };
        let before = g.hash(&s);
        g.apply(&mut s, a);
        assert_ne!(g.hash(&s), before, "{a:?} changes the hash");
    }
    assert!(
        decisions > 50 && hidden > 300,
        "{decisions} decisions, {hidden} hidden deals"
    );
}

#[test]
fn root_ucb_over_paired_worlds_picks_a_legal_play_the_same_for_a_seed() {
    let g = short();
    let mut rng = Rng::new(11);
    let mut s = g.initial_state();
    let mut chance = Vec::new();
    // To the first decision of the play with a choice.
    let mut legal = Vec::new();
    loop {
        match g.to_move(&s) {
            Turn::Chance => {
                g.chance_outcomes(&s, &mut chance);
                let a = chance[rng.below(chance.len() as u64) as usize].0;
                g.apply(&mut s, a);
            }
            Turn::Seat(_) => break,
            Turn::Terminal => unreachable!(),
        }
    }
    let seat = s.to_act();
    g.legal_actions(&s, &mut legal);
    assert!(legal.len() > 10, "an opening lead has many plays");
    let o: Observation = g.observation(&s, seat);
    let run = |seed| {
        root_ucb(
            &g,
            &o,
            seat,
            &mut RandomRollout::new(),
            &RootUcbConfig::default(),
            &Budget::iterations(64),
            seed,
        )
    };
    let (a, b) = (run(5), run(5));
    let best = a.action.expect("a choice");
    assert!(legal.contains(&best));
    assert_eq!(Some(best), b.action);
    // Paired worlds: every world fits what the seat sees.
    let mut sampler = g.sampler(&o, seat);
    for _ in 0..20 {
        assert_eq!(g.observation(&sampler.sample(&mut rng), seat), o);
    }
}
