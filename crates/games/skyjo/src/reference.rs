//! Reference players: strong heuristic opponents that search nothing,
//! kept to measure the levels against (`ref:ev`, `ref:columns`).
//!
//! Both read the seat's [`Observation`] only, through [`Situation`] (the
//! one normalisation of every grid), and both count cards: the value of a
//! face-down cell is the mean of the cards they have not seen (the deck
//! minus every face-up cell, the whole discard pile and the card in hand).
//!
//! - **`ref:ev`**, the expected-value player: a grid is worth its face-up
//!   cards plus the unseen mean per face-down cell (a column of three equal
//!   face-up cards is 0). It takes the discard when its best placement
//!   gains at least what a draw is expected to gain (the expectation, over
//!   the unseen values, of the better of the best placement and the
//!   discard-and-reveal); a drawn card replaces the cell where it gains most
//!   (its worst known card when that is above the mean, a face-down one
//!   otherwise) if it gains at least [`EV_PLACE_MARGIN`], else it is
//!   discarded and a face-down card revealed. It reveals its last card
//!   only when it expects to be strictly lowest by [`CLOSE_MARGIN`]
//!   (each opponent credited with a last turn's gain of
//!   [`LAST_TURN_GAIN`]), and never flips for free.
//! - **`ref:columns`**, the column builder: the same card counting, but a
//!   column holding two (or one) equal face-up cards of a positive value is
//!   worth less by the chance of completing it (the unseen copies, the cards
//!   passing by until the round is likely to close) times the points it
//!   would erase; it takes any discard that completes a column or is at
//!   most [`COLUMNS_TAKE_ALWAYS`] (where that gains), places a drawn card from a gain of
//!   [`COLUMNS_PLACE_MARGIN`], closes as `ref:ev` does, and once an
//!   opponent has at most two face-down cards it plays for points only (no
//!   column potential).
//!
//! Against three copies of `level:2` at four players (400 games,
//! `examples/table.rs`), `ref:ev` wins 21.6 % and `ref:columns` 22.3 %
//! (chance 25 %): close to the move scorer with little noise. The margins
//! are the best of sweeps against that table (`ref:ev`'s place margin 0.5
//! to 3 and close margin −2 to 2; a premium on face-down cells and a bias
//! towards the discard lost).
//!
//! Both are deterministic by seed: the only chance is the choice among
//! equal setup reveals and equal flips, drawn from the seed and the
//! observation.

use std::str::FromStr;

use tabula_search::{Player, Rng, SearchResult, Seat, Tunable, rng::derive_seed, stable_hash};

use crate::eval::{Situation, Slot};
use crate::game::Skyjo;
use crate::observation::Observation;
use crate::rules::{Action, CELLS, COLUMNS, NUM_VALUES, Phase};

/// `ref:ev`: least gain (points) for which a drawn card is placed rather
/// than discarded (and a face-down card revealed).
pub const EV_PLACE_MARGIN: f64 = 1.5;
/// `ref:columns`: the same margin for the column builder.
pub const COLUMNS_PLACE_MARGIN: f64 = 1.0;
/// Both: how much lower (points) than every opponent's estimate its own
/// score must be for it to reveal its last card.
pub const CLOSE_MARGIN: f64 = 2.0;
/// Both: the points an opponent is expected to gain in its last turn after
/// a close.
pub const LAST_TURN_GAIN: f64 = 2.0;
/// `ref:columns`: discards at most this low are always taken.
pub const COLUMNS_TAKE_ALWAYS: i8 = 0;
/// `ref:columns`: cap of the probability of completing a column.
pub const COLUMNS_CAP: f64 = 0.7;

/// The reference players' tunables.
pub const REFERENCE_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "ref_ev_place_margin",
        EV_PLACE_MARGIN,
        "ref:ev: least gain (points) for which a drawn card is placed rather than discarded",
    ),
    Tunable::float(
        "ref_columns_place_margin",
        COLUMNS_PLACE_MARGIN,
        "ref:columns: least gain (points) for which a drawn card is placed rather than discarded",
    ),
    Tunable::float(
        "ref_close_margin",
        CLOSE_MARGIN,
        "reference players: points below every opponent's estimate needed to reveal the last card",
    ),
    Tunable::float(
        "ref_last_turn_gain",
        LAST_TURN_GAIN,
        "reference players: points an opponent is expected to gain in its last turn",
    ),
    Tunable::int(
        "ref_columns_take_always",
        COLUMNS_TAKE_ALWAYS as i64,
        "ref:columns: discards at most this low are always taken",
    ),
    Tunable::float(
        "ref_columns_cap",
        COLUMNS_CAP,
        "ref:columns: cap of the probability of completing a column",
    ),
];

/// A reference style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefStyle {
    /// `ref:ev`: the expected-value player.
    Ev,
    /// `ref:columns`: the column builder.
    Columns,
}

/// A reference spec that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown Skyjo reference player `{0}` (expected ref:ev or ref:columns)")]
pub struct RefError(pub String);

impl FromStr for RefStyle {
    type Err = RefError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "ref:ev" => Ok(RefStyle::Ev),
            "ref:columns" => Ok(RefStyle::Columns),
            _ => Err(RefError(s.to_string())),
        }
    }
}

impl std::fmt::Display for RefStyle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RefStyle::Ev => "ref:ev",
            RefStyle::Columns => "ref:columns",
        })
    }
}

/// A reference player. It implements [`Player`]: it receives the seat's
/// observation, never the state.
#[derive(Debug)]
pub struct RefPlayer {
    style: RefStyle,
    seed: u64,
    legal: Vec<Action>,
}

impl RefPlayer {
    /// A reference player of `style` with a seed.
    pub fn new(style: RefStyle, seed: u64) -> Self {
        RefPlayer {
            style,
            seed,
            legal: Vec::new(),
        }
    }

    /// The style.
    pub fn style(&self) -> RefStyle {
        self.style
    }

    /// The action for the observing seat (`None` when it has none).
    pub fn decide(&mut self, game: &Skyjo, obs: &Observation) -> Option<Action> {
        game_legal(game, obs, &mut self.legal);
        if self.legal.len() <= 1 {
            return self.legal.first().copied();
        }
        let mut rng = Rng::new(derive_seed(self.seed, stable_hash(obs)));
        let sit = Situation::from_observation(obs);
        let eval = Eval::new(&sit, self.style);
        Some(eval.choose(&sit, &self.legal, &mut rng))
    }
}

fn game_legal(game: &Skyjo, obs: &Observation, out: &mut Vec<Action>) {
    use tabula_search::Determinize;
    game.legal_from_observation(obs, usize::from(obs.seat), out);
}

impl Player<Skyjo> for RefPlayer {
    fn choose(&mut self, game: &Skyjo, observation: &Observation, _seat: Seat) -> SearchResult<Action> {
        SearchResult::decided(self.decide(game, observation))
    }
}

/// The figures of one decision.
struct Eval {
    style: RefStyle,
    /// The unseen mean: a face-down cell's value.
    mean: f64,
    /// Probability of completing a column per value, before the power of
    /// missing cards (`ref:columns` only; 0 in the endgame).
    complete: [f64; NUM_VALUES],
    slots: [Slot; CELLS],
    before: f64,
    /// The lowest estimate of an opponent after its last turn.
    best_other: f64,
    /// Whether revealing the last card closes the round now.
    may_close: bool,
    prob: [f64; NUM_VALUES],
}

impl Eval {
    fn new(sit: &Situation, style: RefStyle) -> Self {
        let total: f64 = sit.unseen.iter().map(|&c| f64::from(c)).sum();
        let mut prob = [0.0; NUM_VALUES];
        let mut mean = 0.0;
        if total > 0.0 {
            for (k, q) in prob.iter_mut().enumerate() {
                *q = f64::from(sit.unseen[k]) / total;
                mean += *q * (k as f64 - 2.0);
            }
        }
        let h = sit.min_opponent_hidden(sit.me);
        let mut complete = [0.0; NUM_VALUES];
        if style == RefStyle::Columns && sit.closer.is_none() && h > 2 {
            // Cards passing by (a draw and a discard a turn) until the
            // round is likely to close.
            let horizon = 1.5 * (h as f64).min(8.0);
            for (k, c) in complete.iter_mut().enumerate() {
                *c = (prob[k] * horizon).min(COLUMNS_CAP);
            }
        }
        let mut e = Eval {
            style,
            mean,
            complete,
            slots: [Slot::Removed; CELLS],
            before: 0.0,
            best_other: f64::INFINITY,
            may_close: sit.closer.is_none() && sit.phase != Phase::Setup,
            prob,
        };
        for p in 0..sit.players {
            let slots: [Slot; CELLS] = std::array::from_fn(|i| sit.grids[p].slot(i));
            if p == sit.me {
                e.slots = slots;
            } else {
                e.best_other = e.best_other.min(e.grid(&slots, false) - LAST_TURN_GAIN);
            }
        }
        e.before = e.grid(&e.slots, true);
        e
    }

    /// The estimate of one column, with the column potential if
    /// `potential` (the column builder's own grid).
    fn column(&self, s: [Slot; 3], potential: bool) -> f64 {
        let mut sum = 0.0;
        let mut hidden = 0;
        let mut ups = [0i8; 3];
        let mut n = 0;
        for x in s {
            match x {
                Slot::Removed => return 0.0,
                Slot::Hidden => hidden += 1,
                Slot::Up(v) => {
                    sum += f64::from(v);
                    ups[n] = v;
                    n += 1;
                }
            }
        }
        if hidden == 0 && ups[0] == ups[1] && ups[1] == ups[2] {
            return 0.0;
        }
        let base = sum + f64::from(hidden) * self.mean;
        // The column builder: two equal cards (or one with two face-down
        // beside it) of a positive value may still become a column.
        let v = if n >= 2 && ups[0] == ups[1] {
            Some((ups[0], 1))
        } else if n == 3 && (ups[0] == ups[2] || ups[1] == ups[2]) {
            Some((ups[2], 1))
        } else if n == 1 {
            Some((ups[0], 2))
        } else {
            None
        };
        match v {
            Some((v, missing)) if potential && v > 0 => {
                let p = self.complete[(v + 2) as usize].powi(missing);
                base - p * base.max(0.0)
            }
            _ => base,
        }
    }

    /// The estimate of a grid.
    fn grid(&self, slots: &[Slot; CELLS], potential: bool) -> f64 {
        (0..COLUMNS)
            .map(|c| self.column([slots[c], slots[c + COLUMNS], slots[c + 2 * COLUMNS]], potential))
            .sum()
    }

    /// Least gain for which a card is placed rather than a cell revealed.
    fn place_margin(&self) -> f64 {
        match self.style {
            RefStyle::Ev => EV_PLACE_MARGIN,
            RefStyle::Columns => COLUMNS_PLACE_MARGIN,
        }
    }

    /// The gain (points, higher is better) of putting `v` face up at cell
    /// `i`, with the price of closing when that reveals the last card.
    fn gain(&self, i: usize, v: i8) -> f64 {
        let mut after = self.slots;
        after[i] = Slot::Up(v);
        let est = self.grid(&after, true);
        let closes = self.may_close && after.iter().all(|s| *s != Slot::Hidden);
        let mut g = self.before - est;
        if closes {
            // Exactly known now (every card up): the score it will show.
            let score = plain_score(&after);
            if score > 0.0 && score > self.best_other - CLOSE_MARGIN - 1e-9 {
                // Likely doubled: the price is the score again.
                g -= score;
            }
        }
        g
    }

    /// The expected gain of revealing cell `i`.
    fn flip_gain(&self, i: usize) -> f64 {
        let mut g = 0.0;
        for (k, &q) in self.prob.iter().enumerate() {
            if q > 0.0 {
                g += q * self.gain(i, k as i8 - 2);
            }
        }
        g
    }

    fn best_place(&self, v: i8) -> (usize, f64) {
        let mut best = (usize::MAX, f64::NEG_INFINITY);
        for i in 0..CELLS {
            if self.slots[i] != Slot::Removed {
                let g = self.gain(i, v);
                if g > best.1 {
                    best = (i, g);
                }
            }
        }
        best
    }

    /// The face-down cell to reveal: the best expected gain, ties drawn at
    /// random.
    fn best_flip(&self, rng: &mut Rng) -> Option<(usize, f64)> {
        let mut best: Option<(usize, f64)> = None;
        let mut ties = 0;
        for i in 0..CELLS {
            if self.slots[i] == Slot::Hidden {
                let g = self.flip_gain(i);
                match best {
                    Some((_, b)) if g < b - 1e-9 => {}
                    Some((_, b)) if g <= b + 1e-9 => {
                        ties += 1;
                        if rng.below(ties + 1) == 0 {
                            best = Some((i, b));
                        }
                    }
                    _ => {
                        best = Some((i, g));
                        ties = 0;
                    }
                }
            }
        }
        best
    }

    /// What a drawn card of value `v` is worth: the better outlet.
    fn drawn_value(&self, v: i8, flip: f64) -> f64 {
        let place = self.best_place(v).1;
        if place >= flip + self.place_margin() {
            place
        } else {
            flip
        }
    }

    fn choose(&self, sit: &Situation, legal: &[Action], rng: &mut Rng) -> Action {
        match sit.phase {
            Phase::Setup => {
                let hidden: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Reveal(_)))
                    .collect();
                hidden[rng.below(hidden.len() as u64) as usize]
            }
            Phase::Placing => {
                let v = sit.hand.unwrap_or(0);
                let (cell, place) = self.best_place(v);
                match self.best_flip(rng) {
                    Some((f, fg)) if place < fg + self.place_margin() => Action::DiscardFlip(f as u8),
                    _ => Action::Place(cell as u8),
                }
            }
            _ => {
                let can_draw = legal.contains(&Action::Draw);
                let take = sit.discard_top.map(|d| (d, self.best_place(d)));
                if let Some((d, (cell, g))) = take
                    && legal.contains(&Action::TakeDiscard(cell as u8))
                {
                    let completes = self.completes_column(cell, d);
                    let always = self.style == RefStyle::Columns && (completes || d <= COLUMNS_TAKE_ALWAYS) && g > 0.0;
                    if always || !can_draw || g >= self.draw_value(rng) {
                        return Action::TakeDiscard(cell as u8);
                    }
                }
                if can_draw {
                    return Action::Draw;
                }
                match self.best_flip(rng) {
                    Some((f, _)) if legal.contains(&Action::FreeFlip(f as u8)) => Action::FreeFlip(f as u8),
                    _ => legal[0],
                }
            }
        }
    }

    /// The expected gain of a draw.
    fn draw_value(&self, rng: &mut Rng) -> f64 {
        let flip = self.best_flip(rng).map_or(f64::NEG_INFINITY, |f| f.1);
        let mut e = 0.0;
        for (k, &q) in self.prob.iter().enumerate() {
            if q > 0.0 {
                e += q * self.drawn_value(k as i8 - 2, flip);
            }
        }
        e
    }

    /// Whether `v` at cell `i` makes a column of three equal face-up cards.
    fn completes_column(&self, i: usize, v: i8) -> bool {
        let c = i % COLUMNS;
        (0..3).all(|r| {
            let k = c + r * COLUMNS;
            k == i || self.slots[k] == Slot::Up(v)
        })
    }
}

/// The score of a grid whose cards are all face up (columns of three equal
/// cards count 0).
fn plain_score(slots: &[Slot; CELLS]) -> f64 {
    let up = |k: usize| match slots[k] {
        Slot::Up(v) => Some(v),
        _ => None,
    };
    let mut total = 0.0;
    for c in 0..COLUMNS {
        match (up(c), up(c + COLUMNS), up(c + 2 * COLUMNS)) {
            (Some(a), Some(b), Some(d)) if a == b && b == d => {}
            (a, b, d) => total += [a, b, d].iter().flatten().map(|&v| f64::from(v)).sum::<f64>(),
        }
    }
    total
}
