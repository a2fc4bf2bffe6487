//! # tabula-testgames
//!
//! Two small games whose exact figures pin the search library's chance and
//! hidden-information algorithms:
//!
//! - [`DiceDuel`] ([`dice`]): perfect information with chance nodes, one of
//!   them a loaded die; its expectiminimax value (5/12) is computed by hand
//!   in the module documentation.
//! - [`MiniWhist`] ([`miniwhist`]): a two-seat trick-taking game with twelve
//!   physical cards over six faces, hidden deals and discards, follow-suit
//!   and revealed voids, and a determinizer uniform over the physical
//!   arrangements of the unseen cards.
//!
//! ```
//! use tabula_search::*;
//! use tabula_testgames::{DiceDuel, Die, DuelAction, MiniWhist};
//!
//! // DiceDuel: seat 0 should take the loaded die, worth 5/12.
//! let r = expectiminimax(&DiceDuel, &DiceDuel.initial_state(), None, &Utility, &Budget::unlimited());
//! assert_eq!(r.action, Some(DuelAction::Pick(Die::Loaded)));
//! assert!((r.value - 5.0 / 12.0).abs() < 1e-12);
//!
//! // MiniWhist: a random deal played out; three tricks, so never a draw.
//! let game = MiniWhist;
//! let mut state = game.initial_state();
//! let payoffs = random_playout(&game, &mut state, &mut Rng::new(7), &mut Vec::new());
//! assert!([-3.0, -1.0, 1.0, 3.0].contains(&payoffs.get(0)));
//! assert_eq!(payoffs.get(0), -payoffs.get(1));
//! ```

pub mod dice;
pub mod miniwhist;

pub use dice::{DiceDuel, Die, DuelAction, DuelError, DuelState};
pub use miniwhist::MiniWhist;

/// The game as the registry lists it: the type implementing
/// [`GameModule`](tabula_contract::GameModule) (the registry's build
/// script names `<crate>::Module` for each game it depends on).
pub type Module = MiniWhist;
