//! No level stalls a round: at every level, every round of self-play ends
//! because a player closed it, never by the turn limit.

use tabula_search::rng::derive_seed;
use tabula_skyjo::*;

#[test]
fn every_level_closes_its_rounds_and_none_swaps_face_up_cards_forever() {
    for level in 1..=4u8 {
        for players in [2, 4] {
            // Fewer games at the searching levels, which cost the most.
            for seed in 0..[3, 3, 2, 1][usize::from(level - 1)] {
                let mut rules = Rules::new(players).unwrap();
                // Short games: a few rounds each.
                rules.end_score = 30;
                let game = Skyjo::new(rules).unwrap();
                let mut ais: Vec<SkyjoAi> = (0..players)
                    .map(|s| SkyjoAi::new(LevelSpec::Level(level), derive_seed(seed, s as u64)))
                    .collect();
                let out = play_game(&game, &mut ais, TableKind::Online, derive_seed(0x57A11, seed));
                let at = format!("level {level}, {players} players, seed {seed}: {:?}", out.round_turns);
                assert!(!out.stalled, "{at}");
                assert!(!out.rounds.is_empty(), "{at}");
                assert_eq!(out.closers.len(), out.rounds.len(), "{at}");
                assert!(
                    out.closers.iter().all(Option::is_some),
                    "a round ended by the turn limit: {at}"
                );
                let limit = game.rules().round_turn_limit();
                assert!(out.round_turns.iter().all(|&t| t < limit), "{at}");
            }
        }
    }
}
