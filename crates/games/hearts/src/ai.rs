//! The computer, levels 1 to 4, with every tunable in [`HEARTS_TUNABLES`].
//!
//! - **Passing** (every level): each card scored by how dangerous it is to
//!   keep (Q♠, A♠ and K♠ without enough low spades to guard them, high
//!   hearts, high cards of short suits); the three most dangerous go.
//! - **Play**, levels 1–2: a card scorer that ducks under the trick's
//!   winner, dumps Q♠ and high cards when void, and leads low from safe
//!   suits. Level 2 plays its best card; level 1 makes natural mistakes,
//!   now and then choosing among its few best-scored cards at random.
//! - **Play**, levels 3–4: information-set MCTS over the hand in progress
//!   ([`HandGame`]), keyed by the seat's observation, on worlds drawn by
//!   the card engine's `DealProblem` (voids, passed cards and the known 2♣
//!   honoured); rollouts play legal cards (following suit) at random; a
//!   finished hand is judged by each seat's points against the mean of
//!   the others'.
//! - **The moon's choice** (`moon: "choice"`): end the match when that
//!   wins it, else take −26.
//!
//! No level looks at anything but its own observation, and none treats a
//! human seat differently.

pub use tabula_cards::HandGame;

pub use crate::rollout::CardRollout;
use crate::rollout::gap_rewards;
use tabula_cards::{CardId, CardSet, HandRules, HandSeat, Mistakes};
use tabula_search::{Payoffs, Player, SearchResult, Seat, Tunable};

use crate::actions::{Action, hand_points, plus};
use crate::cards::{HEARTS, QUEEN_OF_SPADES, suit_cards, suit_of};
use crate::observation::Observation;
use crate::rules::Hearts;
use crate::state::{SEATS, State};
use tabula_cards::french::Suit;

/// Level 1's chance of a mistake on a decision.
const MISTAKE_RATE: f64 = 0.3;
/// Level 1 picks its mistakes among this many best-scored cards.
const MISTAKE_CANDIDATES: usize = 3;
/// Level 1's mistakes, as the seat makes them.
const MISTAKES: Mistakes = Mistakes {
    rate: MISTAKE_RATE,
    among: MISTAKE_CANDIDATES,
};
/// ISMCTS iterations of levels 3 and 4.
const LEVEL_ITERATIONS: [u64; 2] = [300, 4000];
/// Low spades that guard Q♠ (or A♠, K♠) well enough to keep it.
const SPADE_GUARD: usize = 4;

/// The computer's tunables (name, default, meaning).
pub const HEARTS_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "mistake_rate",
        MISTAKE_RATE,
        "level 1: chance of a mistake per decision",
    ),
    Tunable::int(
        "mistake_candidates",
        MISTAKE_CANDIDATES as i64,
        "level 1: its mistakes are among this many best-scored cards",
    ),
    Tunable::int(
        "level3_iterations",
        LEVEL_ITERATIONS[0] as i64,
        "level 3: ISMCTS iterations per card played",
    ),
    Tunable::int(
        "level4_iterations",
        LEVEL_ITERATIONS[1] as i64,
        "level 4: ISMCTS iterations per card played",
    ),
    Tunable::int(
        "spade_guard",
        SPADE_GUARD as i64,
        "passing: spades below the queen that let a seat keep Q♠, A♠ and K♠",
    ),
];

/// How dangerous it is to keep `card` in `hand` (higher passes first).
pub fn pass_danger(hand: CardSet, card: CardId) -> f64 {
    let rank = f64::from(card.0 % 13); // 0 for a 2 … 12 for an ace
    let suit = suit_of(card);
    let in_suit = (hand & suit_cards(suit)).len() as f64;
    let low_spades = (hand & suit_cards(Suit::Spades))
        .iter()
        .filter(|c| c.0 < QUEEN_OF_SPADES.0)
        .count();
    let guarded = low_spades >= SPADE_GUARD;
    match suit {
        Suit::Spades if card.0 >= QUEEN_OF_SPADES.0 && !guarded => 40.0 + rank,
        Suit::Spades => rank - 8.0,
        Suit::Hearts => 10.0 + rank,
        // High cards of short suits go first: the suit may become void.
        _ => rank + 6.0 - 1.5 * in_suit,
    }
}

/// The three cards to pass: the most dangerous to keep.
pub fn choose_pass(hand: CardSet) -> CardSet {
    let mut scored: Vec<(CardId, f64)> = hand.iter().map(|c| (c, pass_danger(hand, c))).collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    scored.iter().take(3).map(|s| s.0).collect()
}

/// The card scorer of levels 1–2: higher is better for the seat to play.
pub fn card_score(o: &Observation, card: CardId) -> f64 {
    let rank = f64::from(card.0 % 13);
    let played = o.public.tricks.played.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    let queen_out = played.contains(QUEEN_OF_SPADES);
    match o.public.tricks.trick().first() {
        None => {
            // Lead low; never lead a spade above the queen while it is out.
            let spade_risk = suit_of(card) == Suit::Spades && card.0 > QUEEN_OF_SPADES.0 && !queen_out;
            let heart = if HEARTS.contains(card) { 4.0 } else { 0.0 };
            -rank - heart - if spade_risk { 30.0 } else { 0.0 } - if card == QUEEN_OF_SPADES { 20.0 } else { 0.0 }
        }
        Some(&lead) => {
            let suit = suit_of(lead);
            let winning = o
                .public
                .tricks
                .trick()
                .iter()
                .filter(|c| suit_of(**c) == suit)
                .map(|c| c.0)
                .max()
                .unwrap_or(lead.0);
            let points_on = o
                .public
                .tricks
                .trick()
                .iter()
                .any(|c| HEARTS.contains(*c) || *c == QUEEN_OF_SPADES);
            let last = o.public.tricks.trick().len() == SEATS - 1;
            if suit_of(card) != suit {
                // Void: dump danger first.
                return if card == QUEEN_OF_SPADES {
                    100.0
                } else if suit_of(card) == Suit::Spades && card.0 > QUEEN_OF_SPADES.0 && !queen_out {
                    60.0 + rank
                } else if HEARTS.contains(card) {
                    40.0 + rank
                } else {
                    rank
                };
            }
            if card.0 < winning {
                // Duck, as high as possible.
                return 50.0 + rank;
            }
            // Taking the trick: cheap when last and clean; otherwise as low as possible.
            if card == QUEEN_OF_SPADES {
                return -100.0;
            }
            if last && !points_on {
                20.0 + rank
            } else {
                -rank - if points_on { 30.0 } else { 0.0 }
            }
        }
    }
}

/// The shooter's choice: end the match now when that wins it, else −26.
pub fn choose_moon(o: &Observation, game: &Hearts) -> bool {
    let me = usize::from(o.seat);
    let scores = plus(
        o.public.scores,
        hand_points(&o.public.tricks.taken, &game.options(), false),
    );
    let mine = scores[me];
    let wins = (0..SEATS).all(|k| k == me || scores[k] > mine);
    !wins
}

impl HandRules for Hearts {
    fn hand_of(&self, s: &State) -> u32 {
        s.public.hand_no
    }

    fn hand_of_observation(&self, o: &Observation) -> u32 {
        o.public.hand_no
    }

    fn hand_over(&self, s: &State) -> bool {
        s.public.over || s.public.moon.is_some()
    }

    fn hand_rewards(&self, s: &State) -> Payoffs {
        if s.public.moon.is_some() {
            gap_rewards(hand_points(&s.public.tricks.taken, &self.options(), false))
        } else {
            gap_rewards(s.public.last_hand)
        }
    }

    fn hand_reward_range(&self) -> (f64, f64) {
        (-26.0, 26.0)
    }
}

/// A computer seat at one level (1–4).
#[derive(Debug)]
pub struct HeartsAi {
    seat: HandSeat<Action, CardRollout>,
}

impl HeartsAi {
    /// Level `level` (1 to 4), seeded.
    ///
    /// # Panics
    /// When the level is not 1 to 4.
    pub fn new(level: u8, seed: u64) -> Self {
        HeartsAi {
            seat: HandSeat::new("Hearts", level, seed, CardRollout, MISTAKES),
        }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.seat.level()
    }

    fn heuristic_play(&mut self, o: &Observation) -> Action {
        self.seat.best_scored(|a| match a {
            Action::Play(c) => card_score(o, c),
            _ => 0.0,
        })
    }
}

impl Player<Hearts> for HeartsAi {
    fn choose(&mut self, game: &Hearts, o: &Observation, seat: Seat) -> SearchResult<Action> {
        if let Some(result) = self.seat.forced(game, o, seat) {
            return result;
        }
        let done = |action: Action| SearchResult::decided(Some(action));
        match self.seat.legal[0] {
            Action::Pass(_) => return done(Action::Pass(choose_pass(o.hand))),
            Action::Moon(_) => return done(Action::Moon(choose_moon(o, game))),
            _ => {}
        }
        if self.seat.level() <= 2 {
            return done(self.heuristic_play(o));
        }
        self.seat.search(game, o, seat, LEVEL_ITERATIONS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::actions::Action;
    use crate::cards::{DECK, MOON};
    use crate::observation::Observation;
    use crate::options::{HeartsOptions, MoonRule};
    use crate::state::TRICKS;
    use tabula_search::{Game, Rng, Turn};

    /// The end of a hand's last trick: seat 2 took every heart and Q♠,
    /// seat 0 the rest, at these scores.
    fn moon_shot(scores: [i32; SEATS]) -> State {
        let mut s = State::new();
        s.stock = CardSet::EMPTY;
        s.public.dealt = 52;
        s.public.exchanged = true;
        s.public.tricks.done = TRICKS;
        s.public.tricks.taken[2] = MOON;
        s.public.tricks.taken[0] = DECK.all() - MOON;
        s.public.scores = scores;
        s.cards_hash = s.compute_cards_hash();
        s
    }

    #[test]
    fn the_moon_gives_the_others_26_or_asks_the_shooter_when_it_decides_the_match() {
        let others = Hearts::new(HeartsOptions::default()).unwrap();
        let choice = Hearts::new(HeartsOptions {
            moon: MoonRule::Choice,
            ..HeartsOptions::default()
        })
        .unwrap();
        // The default: the others take 26.
        let mut s = moon_shot([80, 10, 50, 10]);
        others.end_hand(&mut s);
        assert_eq!((s.public.scores, s.public.over), ([106, 36, 50, 36], true));
        // Under the choice, nothing to choose when no one reaches the target.
        let mut s = moon_shot([0, 0, 0, 0]);
        choice.end_hand(&mut s);
        assert_eq!(
            (s.public.scores, s.public.moon, s.public.hand_no),
            ([26, 26, 0, 26], None, 1)
        );
        // When +26 would end the match, the shooter is asked.
        let mut s = moon_shot([80, 10, 50, 10]);
        choice.end_hand(&mut s);
        assert_eq!(s.public.moon, Some(2));
        assert_eq!(choice.to_move(&s), Turn::Seat(2));
        let mut legal = Vec::new();
        choice.legal_actions(&s, &mut legal);
        assert_eq!(legal, [Action::Moon(false), Action::Moon(true)]);
        // The computer's choice: ending now would lose (50 against 36), so −26.
        assert!(choose_moon(&Observation::of(&s, 2), &choice));
        let mut minus = s.clone();
        choice.apply(&mut minus, Action::Moon(true));
        assert_eq!(
            (minus.public.scores, minus.public.over, minus.public.hand_no),
            ([80, 10, 24, 10], false, 1)
        );
        let mut plus = s;
        choice.apply(&mut plus, Action::Moon(false));
        assert_eq!((plus.public.scores, plus.public.over), ([106, 36, 50, 36], true));
        assert_eq!(choice.payoffs(&plus).as_slice(), [0.0, 0.5, 0.0, 0.5], "a shared win");
        // Ending now wins when the shooter is lowest after it.
        let s = {
            let mut s = moon_shot([80, 60, 10, 60]);
            choice.end_hand(&mut s);
            s
        };
        assert_eq!(s.public.moon, Some(2));
        assert!(!choose_moon(&Observation::of(&s, 2), &choice));
    }

    #[test]
    fn a_heart_led_before_hearts_break_shows_a_hand_of_hearts() {
        let game = Hearts::new(HeartsOptions::default()).unwrap();
        let hearts: Vec<CardId> = HEARTS.iter().collect();
        let clubs: Vec<CardId> = suit_cards(Suit::Clubs).iter().collect();
        let mut s = State::new();
        s.stock = CardSet::EMPTY;
        s.public.dealt = 52;
        // The fourth hand (no passing), after three that scored.
        s.public.hand_no = 3;
        s.public.scores = [26, 26, 26, 0];
        s.public.last_hand = [0, 0, 26, 0];
        s.public.exchanged = true;
        s.public.tricks.done = 1;
        // The first trick: four clubs, taken by seat 0, which leads next.
        for (seat, &c) in clubs[..4].iter().enumerate() {
            s.public.tricks.played[seat].insert(c);
            s.public.tricks.taken[0].insert(c);
        }
        s.hands[0] = hearts[..12].iter().copied().collect();
        let rest: Vec<CardId> = (DECK.all() - HEARTS - s.public.tricks.taken[0]).iter().collect();
        s.hands[1] = rest[..11].iter().copied().collect::<CardSet>() | CardSet::of(hearts[12]);
        s.hands[2] = rest[11..23].iter().copied().collect();
        s.hands[3] = rest[23..].iter().copied().collect();
        s.cards_hash = s.compute_cards_hash();
        s.check().unwrap();
        game.apply(&mut s, Action::Play(hearts[0]));
        let all_but_hearts = (1 << 0) | (1 << 1) | (1 << 3);
        assert_eq!(
            s.public.tricks.voids[0], all_but_hearts,
            "seat 0 holds nothing but hearts"
        );
        // So every world drawn for another seat gives seat 0 only hearts.
        let o = Observation::of(&s, 1);
        o.check().unwrap();
        let mut rng = Rng::new(3);
        for _ in 0..50 {
            let w = o.sample(&mut rng).unwrap();
            assert!(HEARTS.contains_all(w.hands[0]), "{:?}", w.hands[0]);
        }
    }
}
