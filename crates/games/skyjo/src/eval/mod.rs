//! The estimate of an end-of-round score and the scoring of moves.
//!
//! Every reading of a grid by the AI goes through one function,
//! [`normalize`], which keeps face-up values and turns every face-down cell
//! into a bare "hidden" mark with value 0: a [`NormGrid`] cannot be built
//! any other way, and every evaluation takes a [`NormGrid`]. Rollouts work
//! on full sampled worlds for speed; through [`normalize`] reading a hidden
//! card is impossible even there.

use tabula_search::{MAX_SEATS, Seat, Tunable};

use crate::observation::{CellView, Observation};
use crate::rules::{Action, CELLS, COLUMNS, NUM_VALUES, Phase, VALUE_COUNTS};
use crate::state::State;

/// Risk premium at zero urgency: `0.4 + 1.6·u`.
pub const RISK_BASE: f64 = 0.4;
/// Risk premium per unit of urgency `u = 1 / (1 + h)`.
pub const RISK_URGENCY: f64 = 1.6;
/// Cap of the probability of completing an aligned column.
pub const ALIGN_CAP: f64 = 0.6;
/// Cards that pass by per turn (one draw, one discard top).
pub const CARDS_PER_TURN: f64 = 1.5;
/// Most turns of horizon for an alignment.
pub const HORIZON_MAX: f64 = 7.0;
/// Discount of an alignment's expected saving (the card must still be
/// placed without being taken first).
pub const ALIGN_DECOTE: f64 = 0.10;
/// Margin in favour of drawing.
pub const DRAW_MARGIN: f64 = 0.25;
/// Scale (points) of the logistic probability that the closer is not
/// strictly lowest.
pub const CLOSING_SCALE: f64 = 3.0;
/// Root moves explored by the search.
pub const ROOT_MOVES: usize = 6;
/// Virtual visits per primed root move.
pub const VIRTUAL_VISITS: f64 = 8.0;
/// Points of heuristic score that span the whole reward interval in the
/// priors.
pub const PRIOR_SCALE: f64 = 14.0;
/// Seat plies of a rollout before it is judged by the estimate.
pub const ROLLOUT_PLIES: usize = 12;
/// Probability that a rollout ply is a uniformly random legal action.
pub const ROLLOUT_NOISE: f64 = 0.12;
/// Exploration constant of the search.
pub const EXPLORATION: f64 = 0.3;
/// Whether the search splits its tree at every card a move turns face up
/// (one reveal node per value seen, [`tabula_search::Game::revealed`]).
/// Off: the observer's tree merges them, as it did before the search
/// library's reveal nodes; measured stronger at two and four players
/// (issue 28, [`crate::ai`]).
pub const REVEAL_NODES: bool = false;
/// Width in points of the fixed reward range (gap to the opponents' mean
/// from −25 to +25).
pub const REWARD_RANGE: f64 = 50.0;

/// Every tunable of the Skyjo AI: name, default and meaning (the level
/// tunables are in [`crate::ai::LEVEL_TUNABLES`]).
pub const SKYJO_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "risk_base",
        RISK_BASE,
        "risk premium of a hidden cell at zero urgency: premium = risk_base + risk_urgency·u",
    ),
    Tunable::float(
        "risk_urgency",
        RISK_URGENCY,
        "risk premium per unit of urgency u = 1/(1+h), h the fewest hidden cards of an opponent",
    ),
    Tunable::float(
        "align_cap",
        ALIGN_CAP,
        "cap of p, the probability of getting one more card of an aligned column's value",
    ),
    Tunable::float(
        "cards_per_turn",
        CARDS_PER_TURN,
        "cards passing by per turn (one draw, one discard top) in p",
    ),
    Tunable::float(
        "horizon_max",
        HORIZON_MAX,
        "most turns of horizon in p (the horizon is h, at least 1; 0 once the round closes)",
    ),
    Tunable::float(
        "align_decote",
        ALIGN_DECOTE,
        "discount of p^missing (the card must still be placed before another takes it)",
    ),
    Tunable::float(
        "draw_margin",
        DRAW_MARGIN,
        "points added to a draw's expected value (it tells the table nothing)",
    ),
    Tunable::float(
        "closing_scale",
        CLOSING_SCALE,
        "points scale of the logistic P(closer not strictly lowest) in the closing risk",
    ),
    Tunable::int(
        "root_moves",
        ROOT_MOVES as i64,
        "best heuristic moves explored at the search root",
    ),
    Tunable::float(
        "virtual_visits",
        VIRTUAL_VISITS,
        "virtual visits of each root move at its heuristic prior",
    ),
    Tunable::float(
        "prior_scale",
        PRIOR_SCALE,
        "points of heuristic score per unit of reward in the priors (reward = root reward + score/14)",
    ),
    Tunable::int(
        "rollout_plies",
        ROLLOUT_PLIES as i64,
        "seat plies of a rollout before the estimate judges it (chance plies not counted)",
    ),
    Tunable::float(
        "rollout_noise",
        ROLLOUT_NOISE,
        "probability of a uniformly random legal action at a rollout ply (else the best heuristic move)",
    ),
    Tunable::float(
        "exploration",
        EXPLORATION,
        "ISMCTS exploration constant on rewards in [0, 1]",
    ),
    Tunable::flag(
        "reveal_nodes",
        REVEAL_NODES,
        "the search splits its tree at each card turned face up (off: merged, measured stronger)",
    ),
    Tunable::float(
        "reward_range",
        REWARD_RANGE,
        "fixed width (points) of the reward: gap to the opponents' mean, clamped to ±25",
    ),
];

/// A cell as the AI may read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Removed with its column.
    Removed,
    /// Face down: value unknown.
    Hidden,
    /// Face up.
    Up(i8),
}

/// A grid after [`normalize`]: face-up values, hidden cells without value.
/// Only [`normalize`] builds one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NormGrid {
    slots: [Slot; CELLS],
}

impl NormGrid {
    /// A cell.
    #[inline]
    pub fn slot(&self, i: usize) -> Slot {
        self.slots[i]
    }

    /// Face-down cells.
    pub fn hidden(&self) -> usize {
        self.slots.iter().filter(|s| **s == Slot::Hidden).count()
    }

    /// The same grid with cell `i` face up at `v` (a placement or a reveal).
    #[inline]
    pub fn with(&self, i: usize, v: i8) -> NormGrid {
        let mut g = *self;
        g.slots[i] = Slot::Up(v);
        g
    }
}

/// A source of grid cells: what [`normalize`] reads. `None` for a removed
/// cell, `Some((value, face_up))` otherwise.
pub trait GridSource {
    /// Cell `i`: `None` if removed, else its value and whether it is face up.
    fn raw(&self, i: usize) -> Option<(i8, bool)>;
}

impl GridSource for [CellView; CELLS] {
    fn raw(&self, i: usize) -> Option<(i8, bool)> {
        match self[i] {
            CellView::Removed => None,
            CellView::Hidden => Some((0, false)),
            CellView::Up(v) => Some((v, true)),
        }
    }
}

/// A seat's grid in a full state (a sampled world).
pub struct StateGrid<'a>(pub &'a State, pub Seat);

impl GridSource for StateGrid<'_> {
    fn raw(&self, i: usize) -> Option<(i8, bool)> {
        match self.0.cell(self.1, i) {
            crate::state::Cell::Removed => None,
            crate::state::Cell::Down(v) => Some((v, false)),
            crate::state::Cell::Up(v) => Some((v, true)),
        }
    }
}

/// The one normalisation every grid reading of the AI passes through: the
/// value of each face-down cell is replaced by 0 and marked hidden.
#[inline]
pub fn normalize<G: GridSource + ?Sized>(grid: &G) -> NormGrid {
    NormGrid {
        slots: std::array::from_fn(|i| match grid.raw(i) {
            None => Slot::Removed,
            Some((_, false)) => Slot::Hidden,
            Some((v, true)) => Slot::Up(v),
        }),
    }
}

/// What a seat knows when it decides, built from an observation or (in
/// rollouts) from a world through [`normalize`].
#[derive(Clone, Debug)]
pub struct Situation {
    /// Players.
    pub players: usize,
    /// The deciding seat.
    pub me: Seat,
    /// Every grid, normalised.
    pub grids: [NormGrid; MAX_SEATS],
    /// Unseen cards per value (−2..12).
    pub unseen: [u8; NUM_VALUES],
    /// The discard top.
    pub discard_top: Option<i8>,
    /// The deciding seat's drawn card.
    pub hand: Option<i8>,
    /// The next card of the draw pile, for the solo Master only.
    pub next_draw: Option<i8>,
    /// The phase.
    pub phase: Phase,
    /// The closer, if the last turns are running.
    pub closer: Option<Seat>,
}

const EMPTY_GRID: NormGrid = NormGrid {
    slots: [Slot::Removed; CELLS],
};

impl Situation {
    /// The situation of the observing seat.
    pub fn from_observation(obs: &Observation) -> Self {
        let mut grids = [EMPTY_GRID; MAX_SEATS];
        for (p, g) in obs.grids.iter().enumerate() {
            grids[p] = normalize(g);
        }
        Situation {
            players: obs.players(),
            me: usize::from(obs.seat),
            grids,
            unseen: obs.unseen_counts(),
            discard_top: obs.discard.last().copied(),
            hand: obs.hand,
            next_draw: obs.draw_pile.as_ref().and_then(|p| p.last().copied()),
            phase: obs.phase,
            closer: obs.closer.map(usize::from),
        }
    }

    /// The situation of seat `me` in a full world, read through
    /// [`normalize`]: the hand only if `me` holds it, never the draw pile.
    pub fn from_state(s: &State, me: Seat) -> Self {
        let mut grids = [EMPTY_GRID; MAX_SEATS];
        let mut unseen = VALUE_COUNTS;
        let mut take = |v: i8| {
            let k = (v + 2) as usize;
            unseen[k] = unseen[k].saturating_sub(1);
        };
        for (p, grid) in grids.iter_mut().enumerate().take(s.players()) {
            *grid = normalize(&StateGrid(s, p));
            for sl in grid.slots {
                if let Slot::Up(v) = sl {
                    take(v);
                }
            }
        }
        for &c in s.discard.as_slice() {
            take(crate::rules::value_of(c));
        }
        let hand = if usize::from(s.seat) == me {
            s.hand_value()
        } else {
            None
        };
        if let Some(v) = hand {
            take(v);
        }
        Situation {
            players: s.players(),
            me,
            grids,
            unseen,
            discard_top: s.discard.top().map(crate::rules::value_of),
            hand,
            next_draw: None,
            phase: s.phase(),
            closer: s.closer(),
        }
    }

    fn unseen_total(&self) -> f64 {
        self.unseen.iter().map(|&c| f64::from(c)).sum()
    }

    /// The fewest hidden cards among `seat`'s opponents.
    pub fn min_opponent_hidden(&self, seat: Seat) -> usize {
        (0..self.players)
            .filter(|&p| p != seat)
            .map(|p| self.grids[p].hidden())
            .min()
            .unwrap_or(0)
    }

    /// The evaluation context of `seat`'s grid.
    pub fn context(&self, seat: Seat) -> Ctx {
        let total = self.unseen_total();
        let mean = if total > 0.0 {
            self.unseen
                .iter()
                .enumerate()
                .map(|(k, &c)| f64::from(c) * (k as f64 - 2.0))
                .sum::<f64>()
                / total
        } else {
            0.0
        };
        let h = self.min_opponent_hidden(seat);
        let u = 1.0 / (1.0 + h as f64);
        let horizon = if self.closer.is_some() {
            0.0
        } else {
            (h as f64).clamp(1.0, HORIZON_MAX)
        };
        let mut p = [0.0; NUM_VALUES];
        if total > 0.0 {
            for (k, pk) in p.iter_mut().enumerate() {
                *pk = (f64::from(self.unseen[k]) / total * CARDS_PER_TURN * horizon).min(ALIGN_CAP);
            }
        }
        let mut prob = [0.0; NUM_VALUES];
        if total > 0.0 {
            for (k, q) in prob.iter_mut().enumerate() {
                *q = f64::from(self.unseen[k]) / total;
            }
        }
        Ctx {
            hidden_value: mean + RISK_BASE + RISK_URGENCY * u,
            mean,
            align_p: p,
            prob,
        }
    }
}

/// The figures one grid's estimate needs.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// Expected value of a hidden cell: the unseen mean plus the risk
    /// premium.
    pub hidden_value: f64,
    /// The unseen mean.
    pub mean: f64,
    /// p per value (capped), before the power of missing cards.
    pub align_p: [f64; NUM_VALUES],
    /// Probability of each value for an unseen card.
    pub prob: [f64; NUM_VALUES],
}

/// The estimate of one column (three slots).
#[inline]
pub fn column_value(ctx: &Ctx, a: Slot, b: Slot, c: Slot) -> f64 {
    let mut sum = 0i32;
    let mut hidden = 0;
    let mut shared: Option<i8> = None;
    let mut aligned = true;
    for s in [a, b, c] {
        match s {
            Slot::Removed => return 0.0,
            Slot::Hidden => hidden += 1,
            Slot::Up(v) => {
                sum += i32::from(v);
                match shared {
                    None => shared = Some(v),
                    Some(w) if w != v => aligned = false,
                    _ => {}
                }
            }
        }
    }
    if hidden == 0 {
        return if aligned { 0.0 } else { f64::from(sum) };
    }
    let base = f64::from(sum) + f64::from(hidden) * ctx.hidden_value;
    match shared {
        Some(v) if aligned => {
            let p = ctx.align_p[(v + 2) as usize].powi(hidden);
            base - (1.0 - ALIGN_DECOTE) * p * base.max(0.0)
        }
        _ => base,
    }
}

/// A grid's estimate with its columns cached: a placement changes one
/// column of four and reuses the other three.
#[derive(Clone, Copy, Debug)]
pub struct GridEval {
    cols: [f64; COLUMNS],
    total: f64,
}

impl GridEval {
    /// The estimate of `grid`.
    pub fn new(ctx: &Ctx, grid: &NormGrid) -> Self {
        let cols: [f64; COLUMNS] = std::array::from_fn(|c| {
            column_value(ctx, grid.slot(c), grid.slot(c + COLUMNS), grid.slot(c + 2 * COLUMNS))
        });
        GridEval {
            cols,
            total: cols.iter().sum(),
        }
    }

    /// The estimate (without closing risk).
    pub fn total(&self) -> f64 {
        self.total
    }

    /// The estimate of `grid` with cell `i` face up at `v`.
    #[inline]
    pub fn with(&self, ctx: &Ctx, grid: &NormGrid, i: usize, v: i8) -> f64 {
        let c = i % COLUMNS;
        let slot = |k: usize| if k == i { Slot::Up(v) } else { grid.slot(k) };
        self.total - self.cols[c] + column_value(ctx, slot(c), slot(c + COLUMNS), slot(c + 2 * COLUMNS))
    }
}

/// The expected doubling penalty of a closer estimated at `mine` when the
/// best other estimate is `best_other`.
pub fn closing_risk(mine: f64, best_other: f64) -> f64 {
    if mine <= 0.0 {
        return 0.0;
    }
    let p = 1.0 / (1.0 + tabula_search::math::exp(-(mine - best_other) / CLOSING_SCALE));
    p * mine
}

/// The estimated end-of-round score of every seat, the closer's with its
/// closing risk. Lower is better.
pub fn estimates(sit: &Situation, out: &mut [f64; MAX_SEATS]) {
    for (p, o) in out.iter_mut().enumerate().take(sit.players) {
        *o = GridEval::new(&sit.context(p), &sit.grids[p]).total();
    }
    if let Some(c) = sit.closer {
        let best = (0..sit.players)
            .filter(|&p| p != c)
            .map(|p| out[p])
            .fold(f64::INFINITY, f64::min);
        out[c] += closing_risk(out[c], best);
    }
}

/// Scores the legal moves of the deciding seat (higher is better: the
/// estimate before minus the estimate after, in points), in the order of
/// `legal`, into `out` (cleared first).
pub struct Scorer {
    ctx: Ctx,
    grid: NormGrid,
    base: GridEval,
    best_other: f64,
    closing: bool,
    /// Flip gain per cell (NaN where not hidden).
    flip: [f64; CELLS],
}

impl Scorer {
    /// Prepares the scoring of the deciding seat's moves.
    pub fn new(sit: &Situation) -> Self {
        let me = sit.me;
        let ctx = sit.context(me);
        let grid = sit.grids[me];
        let base = GridEval::new(&ctx, &grid);
        let best_other = (0..sit.players)
            .filter(|&p| p != me)
            .map(|p| GridEval::new(&sit.context(p), &sit.grids[p]).total())
            .fold(f64::INFINITY, f64::min);
        let mut s = Scorer {
            ctx,
            grid,
            base,
            best_other,
            closing: sit.closer.is_none() && sit.phase != Phase::Setup,
            flip: [f64::NAN; CELLS],
        };
        for i in 0..CELLS {
            if grid.slot(i) == Slot::Hidden {
                let mut g = 0.0;
                for (k, &q) in ctx.prob.iter().enumerate() {
                    if q > 0.0 {
                        g += q * s.gain(i, k as i8 - 2);
                    }
                }
                s.flip[i] = g;
            }
        }
        s
    }

    /// The gain of putting `v` face up at cell `i` (placement or reveal).
    #[inline]
    pub fn gain(&self, i: usize, v: i8) -> f64 {
        let mut after = self.base.with(&self.ctx, &self.grid, i, v);
        if self.closing && self.grid.hidden() == usize::from(self.grid.slot(i) == Slot::Hidden) {
            // This move reveals the last card: the mover becomes the closer.
            after += closing_risk(after, self.best_other);
        }
        self.base.total() - after
    }

    fn best_place(&self, v: i8) -> f64 {
        (0..CELLS)
            .filter(|&i| self.grid.slot(i) != Slot::Removed)
            .map(|i| self.gain(i, v))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    fn best_flip(&self) -> f64 {
        self.flip
            .iter()
            .copied()
            .filter(|g| !g.is_nan())
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The score of one move. `discard_top`, `hand` and `next_draw` come
    /// from the situation.
    pub fn score(&self, sit: &Situation, a: Action) -> f64 {
        match a {
            Action::Reveal(c) | Action::FreeFlip(c) | Action::DiscardFlip(c) => self.flip[usize::from(c)],
            Action::TakeDiscard(c) => self.gain(usize::from(c), sit.discard_top.unwrap_or(0)),
            Action::Place(c) => self.gain(usize::from(c), sit.hand.unwrap_or(0)),
            Action::Draw => {
                let flip = self.best_flip();
                let v = match sit.next_draw {
                    // The Master reads the card: two numbers to compare.
                    Some(v) => self.best_place(v).max(flip),
                    None => {
                        let mut e = 0.0;
                        for (k, &q) in self.ctx.prob.iter().enumerate() {
                            if q > 0.0 {
                                e += q * self.best_place(k as i8 - 2).max(flip);
                            }
                        }
                        e
                    }
                };
                v + DRAW_MARGIN
            }
            Action::Drawn(_) => 0.0,
        }
    }

    /// Scores every action of `legal` into `out` (cleared first).
    pub fn score_all(&self, sit: &Situation, legal: &[Action], out: &mut Vec<(Action, f64)>) {
        out.clear();
        out.extend(legal.iter().map(|&a| (a, self.score(sit, a))));
    }
}

#[cfg(test)]
mod tests;
