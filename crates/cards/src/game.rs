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
/// With a block, it writes the [`CardGame`] impl too, for a game crate
/// laid out as the card table's games are: the game has inherent `new`
/// (from its options), `options` and `initial_state`; its state has
/// `scores()`; its observation has the field `seat: u8` and `turn()`.
/// The worlds come in two kinds:
///
/// - `worlds: uniform W`: the observation lists its seat's legal actions
///   (`legal_actions(&mut Vec)`) and draws uniformly over the deals that
///   fit it (`sampler() -> Option<W>`);
/// - `worlds: inferred W`: the game lists them (`observed_actions(&obs,
///   &mut Vec)`) and the worlds are weighted by its model of the players
///   (`sampler_inferring(self.inference()) -> Option<W>`, the reason from
///   the observation's `check()`).
///
/// ```ignore
/// tabula_cards::card_game!(Hearts {
///     options: HeartsOptions,
///     scores: [i32; SEATS],
///     worlds: uniform Worlds,
/// });
/// ```
///
/// # Panics (of the generated methods)
/// When the seat is not the observation's, or no world fits it.
#[macro_export]
macro_rules! card_game {
    ($game:ident { options: $options:ty, scores: $scores:ty, worlds: uniform $worlds:ty $(,)? }) => {
        $crate::card_game!(@impl $game, $options, $scores, $worlds,
            |_game, observation, out| observation.legal_actions(out),
            |_game, observation| observation
                .sampler()
                .ok_or_else(|| ::std::string::String::from("no deal of the unseen cards fits it"))
        );
    };
    ($game:ident { options: $options:ty, scores: $scores:ty, worlds: inferred $worlds:ty $(,)? }) => {
        $crate::card_game!(@impl $game, $options, $scores, $worlds,
            |game, observation, out| game.observed_actions(observation, out),
            |game, observation| observation
                .sampler_inferring(game.inference())
                .ok_or_else(|| ::std::format!("{:?}", observation.check()))
        );
    };
    (@impl $game:ident, $options:ty, $scores:ty, $worlds:ty,
        |$lg:ident, $lo:ident, $out:ident| $legal:expr,
        |$wg:ident, $wo:ident| $sampler:expr) => {
        impl $crate::CardGame for $game {
            type Options = $options;
            type Scores = $scores;
            type Worlds<'a> = $worlds;

            fn with_options(options: $options) -> ::std::result::Result<Self, ::std::string::String> {
                $game::new(options)
            }

            fn record_options(&self) -> $options {
                self.options()
            }

            fn first_state(&self) -> <Self as $crate::__search::Game>::State {
                self.initial_state()
            }

            fn scores_of(state: &<Self as $crate::__search::Game>::State) -> $scores {
                state.scores()
            }

            fn observer(observation: &<Self as $crate::__search::Game>::Observation) -> $crate::__search::Seat {
                usize::from(observation.seat)
            }

            fn turn_of(observation: &<Self as $crate::__search::Game>::Observation) -> $crate::__search::Turn {
                observation.turn()
            }

            fn observed_legal(
                &self,
                $lo: &<Self as $crate::__search::Game>::Observation,
                $out: &mut ::std::vec::Vec<<Self as $crate::__search::Game>::Action>,
            ) {
                let $lg = self;
                $legal
            }

            fn worlds<'a>(
                &'a self,
                $wo: &'a <Self as $crate::__search::Game>::Observation,
            ) -> ::std::result::Result<$worlds, ::std::string::String> {
                let $wg = self;
                $sampler
            }
        }

        $crate::card_game!($game);
    };
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
/// the game, so the seed is not read), `turn` and `record` (a
/// [`MatchRecord`](crate::MatchRecord); the crate depends on `serde_json`).
///
/// With `leveled: Ai, "Title" { … }`, also the players of the card
/// table's ladder (`tabula_contract::players::leveled_ladder`, described
/// by `players`, `level:3` by default): `agent` builds `level:1` (or
/// `level:0` with `lowest: 0`, a plain reference player below the ladder)
/// to `level:4` as `Ai::new(level, seed)` and the sampling players, and
/// `policy` is level 2 for every level (levels 1-2 play without
/// searching, 3-4 search over level 2's policy); the AI's table of
/// tunables under its title; and the capabilities, the bench searches
/// `bench` returns. The game crate depends on `tabula_contract`, as every
/// game does.
///
/// ```ignore
/// impl GameModule for Hearts {
///     type Game = Hearts;
///     type Options = HeartsOptions;
///     tabula_cards::card_module!(leveled: HeartsAi, "Hearts" {
///         players: "the computer, level 1 to 4: …",
///         tunables: "hearts computer" => HEARTS_TUNABLES,
///         bench: bench,
///     });
///     // … the game's own items
/// }
/// ```
#[macro_export]
macro_rules! card_module {
    (leveled: $ai:ty, $title:literal {
        $(lowest: $lowest:literal,)?
        players: $players:literal,
        tunables: $table:literal => $tunables:expr,
        bench: $bench:expr $(,)?
    }) => {
        const PLAYERS: &'static [::tabula_contract::PlayerInfo] = &::tabula_contract::players::leveled_ladder($players);
        const DEFAULT_PLAYER: &'static str = "level:3";
        const CAPABILITIES: ::tabula_contract::Capabilities = ::tabula_contract::Capabilities {
            bench: $bench,
            ..::tabula_contract::Capabilities::NONE
        };
        const TUNABLES: &'static [$crate::__search::TunableTable] = &[$crate::__search::TunableTable {
            title: $table,
            tunables: $tunables,
        }];

        $crate::card_module!();

        fn agent(
            &self,
            spec: &::tabula_contract::PlayerSpec,
            seed: u64,
        ) -> ::std::result::Result<::tabula_contract::players::BoxedPlayer<Self>, ::tabula_contract::SpecError> {
            ::tabula_contract::players::leveled(spec, seed, $title, [$($lowest,)? 1u8][0], |level, seed| {
                ::std::boxed::Box::new(<$ai>::new(level, seed))
            })
        }

        fn policy(
            &self,
            spec: &::tabula_contract::PlayerSpec,
            seed: u64,
        ) -> ::std::option::Option<::tabula_contract::players::BoxedPlayer<Self>> {
            ::tabula_contract::players::leveled_policy(spec, seed, [$($lowest,)? 1u8][0], 2, |level, seed| {
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

        fn record(
            &self,
            _seed: u64,
            actions: &[<Self as $crate::__search::Game>::Action],
        ) -> ::std::option::Option<::serde_json::Value> {
            let record = $crate::MatchRecord::<Self>::of(self, actions).ok()?;
            ::std::option::Option::Some(::serde_json::to_value(record).expect("records serialise"))
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

/// Writes a card game's `chance_outcomes` and `sample_chance`, inside its
/// `impl Game`, for chance that deals from a stock: the state's field
/// `stock` (a card set) holds the cards still to deal, each equally
/// likely, and chance acts when the state's `turn()` says so. The closure
/// names the action that deals `card` in the state `s`; a bare path
/// (`Action::Deal`) deals every card alike.
///
/// ```ignore
/// impl Game for Hearts {
///     tabula_cards::deal_from_stock!(Action::Deal);
///     // … the game's other methods
/// }
/// ```
///
/// # Panics (of `sample_chance`)
/// When chance does not act, or the stock is empty.
#[macro_export]
macro_rules! deal_from_stock {
    ($deal:path) => {
        $crate::deal_from_stock!(|_, card| $deal(card));
    };
    (|$s:pat_param, $card:ident| $deal:expr) => {
        fn chance_outcomes(
            &self,
            state: &<Self as $crate::__search::Game>::State,
            out: &mut ::std::vec::Vec<(<Self as $crate::__search::Game>::Action, f64)>,
        ) {
            out.clear();
            if state.turn() == $crate::__search::Turn::Chance {
                let $s = state;
                state.stock.uniform_outcomes(out, |$card| $deal);
            }
        }

        #[inline]
        fn sample_chance(
            &self,
            state: &<Self as $crate::__search::Game>::State,
            rng: &mut $crate::__search::Rng,
        ) -> <Self as $crate::__search::Game>::Action {
            assert!(
                state.turn() == $crate::__search::Turn::Chance,
                "not a chance node"
            );
            let $card = state.stock.random(rng).expect("the stock is not empty");
            let $s = state;
            $deal
        }
    };
}

/// Writes the items of a card game's `Game` impl that the card table's
/// games write alike: the types (the crate's `State`, `Action` and
/// `Observation`), `num_seats`, `to_move` (the state's `turn()`),
/// `observation` (`Observation::of(state, seat)`), `payoff_range` (0 to
/// 1: a match's winners share 1) and the deal from the stock
/// ([`deal_from_stock!`](crate::deal_from_stock), given `deal`).
///
/// ```ignore
/// impl Game for Hearts {
///     tabula_cards::card_rules!(seats: SEATS, deal: Action::Deal);
///     // … legal_actions, apply, payoffs and the views of actions
/// }
/// ```
#[macro_export]
macro_rules! card_rules {
    (seats: $seats:expr, deal: $($deal:tt)+) => {
        type State = State;
        type Action = Action;
        type Observation = Observation;

        fn num_seats(&self) -> usize {
            $seats
        }

        #[inline]
        fn to_move(&self, state: &State) -> $crate::__search::Turn {
            state.turn()
        }

        fn payoff_range(&self) -> (f64, f64) {
            (0.0, 1.0)
        }

        fn observation(&self, state: &State, seat: $crate::__search::Seat) -> Observation {
            Observation::of(state, seat)
        }

        $crate::deal_from_stock!($($deal)+);
    };
}
