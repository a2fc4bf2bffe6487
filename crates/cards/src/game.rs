//! A card game as the card engine's glue reads it: each fact the glue
//! needs is stated once, in one [`CardGame`] impl, and the engine writes the
//! rest: records that replay ([`MatchRecord`](crate::MatchRecord)) and the
//! search library's `Determinize` ([`card_game!`](crate::card_game)) and
//! the contract's module items that follow from it
//! ([`card_module!`](crate::card_module)).

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;
use tabula_search::{Game, Seat, Turn, WorldSampler};

/// What a card game tells the engine: how it is built from its options
/// and where a match starts (for records), the scores a record states, and
/// how an observation gives its seat's legal actions and the worlds that
/// fit it (for searches).
pub trait CardGame: Game + Sized {
    /// The rules options.
    type Options: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// The match's scores, as a record states them.
    type Scores: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// The worlds of one observation, prepared once for many draws.
    type Worlds<'a>: WorldSampler<Self::State> + 'a
    where
        Self: 'a;

    /// The game under `options`.
    ///
    /// # Errors
    /// Options out of range, in words.
    fn with_options(options: Self::Options) -> Result<Self, String>;
    /// The game's options.
    fn record_options(&self) -> Self::Options;
    /// The start of a match (every card still to be dealt by chance).
    fn first_state(&self) -> Self::State;
    /// The scores of a state.
    fn scores_of(state: &Self::State) -> Self::Scores;
    /// The seat an observation is of.
    fn observer(observation: &Self::Observation) -> Seat;
    /// Whose turn an observation shows (every seat sees who acts).
    fn turn_of(observation: &Self::Observation) -> Turn;
    /// The legal actions of the observing seat (cleared first; none when
    /// another seat or chance acts).
    fn observed_legal(&self, observation: &Self::Observation, out: &mut Vec<Self::Action>);
    /// The worlds that fit an observation, prepared for drawing.
    ///
    /// # Errors
    /// Why no world fits it (an observation of a real position always has
    /// one: the contract checks observations from outside first).
    fn worlds<'a>(&'a self, observation: &'a Self::Observation) -> Result<Self::Worlds<'a>, String>;
}

/// Implements the search library's `Determinize` for a [`CardGame`]: a
/// world is a draw of [`CardGame::worlds`], the legal actions are
/// [`CardGame::observed_legal`] for the observing seat.
///
/// ```ignore
/// tabula_cards::card_game!(Hearts);
/// ```
///
/// # Panics (of the generated methods)
/// When the seat is not the observation's, or no world fits it.
#[macro_export]
macro_rules! card_game {
    ($game:ty) => {
        impl $crate::__search::Determinize for $game {
            fn determinize(
                &self,
                observation: &Self::Observation,
                seat: $crate::__search::Seat,
                rng: &mut $crate::__search::Rng,
            ) -> Self::State {
                use $crate::__search::WorldSampler as _;
                $crate::CardGame::worlds(self, $crate::game::own::<Self>(observation, seat))
                    .unwrap_or_else(|e| panic!("no world fits the observation: {e}"))
                    .sample(rng)
            }

            fn legal_from_observation(
                &self,
                observation: &Self::Observation,
                seat: $crate::__search::Seat,
                out: &mut ::std::vec::Vec<Self::Action>,
            ) {
                out.clear();
                if <Self as $crate::CardGame>::observer(observation) == seat {
                    $crate::CardGame::observed_legal(self, observation, out);
                }
            }

            fn sampler<'a>(
                &'a self,
                observation: &'a Self::Observation,
                seat: $crate::__search::Seat,
            ) -> ::std::boxed::Box<dyn $crate::__search::WorldSampler<Self::State> + 'a> {
                ::std::boxed::Box::new(
                    $crate::CardGame::worlds(self, $crate::game::own::<Self>(observation, seat))
                        .unwrap_or_else(|e| panic!("no world fits the observation: {e}")),
                )
            }
        }
    };
}

/// Writes the items of a card game's `GameModule` impl that its
/// [`CardGame`] impl already says, for a game whose rules type is its
/// module: `new` and `options` (its options), `game` (itself), `start`
/// (the first state: every card is dealt by chance, drawn by whoever runs
/// the game, so the seed is not read) and `turn`.
///
/// With `leveled: Ai, "Title"`, also the players of the card table's
/// ladder (`tabula_contract::players::leveled_ladder`): `agent` builds
/// `level:1` to `level:4` as `Ai::new(level, seed)` and the sampling
/// players, and `policy` is level 2 for every level (levels 1-2 play
/// without searching, 3-4 search over level 2's policy). The game crate
/// depends on `tabula_contract`, as every game does.
///
/// ```ignore
/// impl GameModule for Hearts {
///     type Game = Hearts;
///     type Options = HeartsOptions;
///     tabula_cards::card_module!(leveled: HeartsAi, "Hearts");
///     // … the game's own items
/// }
/// ```
#[macro_export]
macro_rules! card_module {
    (leveled: $ai:ty, $title:literal) => {
        $crate::card_module!();

        fn agent(
            &self,
            spec: &::tabula_contract::PlayerSpec,
            seed: u64,
        ) -> ::std::result::Result<::tabula_contract::players::BoxedPlayer<Self>, ::tabula_contract::SpecError> {
            ::tabula_contract::players::leveled(spec, seed, $title, |level, seed| {
                ::std::boxed::Box::new(<$ai>::new(level, seed))
            })
        }

        fn policy(
            &self,
            spec: &::tabula_contract::PlayerSpec,
            seed: u64,
        ) -> ::std::option::Option<::tabula_contract::players::BoxedPlayer<Self>> {
            ::tabula_contract::players::leveled_policy(spec, seed, 2, |level, seed| {
                ::std::boxed::Box::new(<$ai>::new(level, seed))
            })
        }
    };
    () => {
        fn new(options: <Self as $crate::CardGame>::Options) -> ::std::result::Result<Self, ::std::string::String> {
            <Self as $crate::CardGame>::with_options(options)
        }

        fn options(&self) -> <Self as $crate::CardGame>::Options {
            $crate::CardGame::record_options(self)
        }

        fn game(&self) -> &Self {
            self
        }

        fn start(&self, _seed: u64) -> <Self as $crate::__search::Game>::State {
            $crate::CardGame::first_state(self)
        }

        fn turn(&self, observation: &<Self as $crate::__search::Game>::Observation) -> $crate::__search::Turn {
            <Self as $crate::CardGame>::turn_of(observation)
        }
    };
}

/// `observation`, checked to be `seat`'s (what [`card_game!`] asks first).
///
/// # Panics
/// When it is another seat's.
#[doc(hidden)]
pub fn own<G: CardGame>(observation: &G::Observation, seat: Seat) -> &G::Observation {
    assert_eq!(G::observer(observation), seat, "an observation of another seat");
    observation
}
