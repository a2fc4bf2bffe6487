//! What one seat sees: the [`Observation`], and the worlds consistent with
//! it.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, Deal, DealProblem, DealSampler};
use tabula_search::{MAX_SEATS, Rng, Seat, WorldSampler};

use crate::rules::{
    Action, CELLS, COLUMNS, DECK_SIZE, FIRST_ID, NONE, NUM_VALUES, Phase, Rules, VALUE_COUNTS, value_of,
};

/// Bounds of an observation's counters (far beyond any game).
const MAX_TURNS: u32 = 100_000_000;
const MAX_ROUNDS: u16 = 10_000;
const MAX_TOTAL: i32 = 10_000_000;
use crate::state::{Pile, State};

/// A cell as a seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CellView {
    /// Face down: its value is not shown.
    Hidden,
    /// Face up.
    Up(i8),
    /// Removed with its column.
    Removed,
}

/// Everything one seat may know: every grid with its face-up values, the
/// whole discard pile (public), the size of the draw pile, its own drawn
/// card, the phase, the closer and the scores. It holds no card id and no
/// face-down value — and the draw pile's order only for the solo Master,
/// through [`crate::ai::observe`].
///
/// Cards that went back into the draw pile in a reshuffle are unknown again,
/// as for a human counting cards: the observation does not keep a history.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// Every seat's grid.
    pub grids: Vec<[CellView; CELLS]>,
    /// The discard pile's values, bottom first (the last is the top).
    pub discard: Vec<i8>,
    /// Cards in the draw pile.
    pub draw_count: u8,
    /// The draw pile's values, bottom first (the next card is the last),
    /// for the solo Master only; `None` for everyone else.
    pub draw_pile: Option<Vec<i8>>,
    /// The drawn card, when the observer holds one.
    pub hand: Option<i8>,
    /// Whether some seat holds a drawn card (the seat to act).
    pub hand_held: bool,
    /// The phase.
    pub phase: Phase,
    /// The seat to act.
    pub to_move: u8,
    /// Cells each seat revealed in setup.
    pub setup: Vec<u8>,
    /// The closer of this round, if any.
    pub closer: Option<u8>,
    /// Turns left after the closer's.
    pub final_left: u8,
    /// The previous round's closer.
    pub prev_closer: Option<u8>,
    /// Round number, from 0.
    pub round: u16,
    /// Rounds finished.
    pub rounds_played: u16,
    /// Game totals.
    pub totals: Vec<i32>,
    /// Scores of the last finished round.
    pub last_round: Vec<i32>,
    /// Actions applied so far (chance outcomes included).
    pub turns: u32,
    /// Turns completed in this round (setup reveals not counted): a round
    /// nobody has closed ends at [`Rules::round_turn_limit`]. Optional in
    /// JSON (0), for hosts written before the turn limit.
    #[serde(default)]
    pub round_turns: u16,
}

impl Observation {
    /// The observation of `seat`; with `pile` the draw pile's order too
    /// (only [`crate::ai::observe`] passes `true`, for a seat the table
    /// grants it to).
    pub(crate) fn of(s: &State, seat: Seat, pile: bool) -> Self {
        let n = s.players();
        let grids = (0..n)
            .map(|p| {
                std::array::from_fn(|i| {
                    let c = s.cells[p][i];
                    if c == NONE {
                        CellView::Removed
                    } else if s.up[p] & (1 << i) != 0 {
                        CellView::Up(value_of(c))
                    } else {
                        CellView::Hidden
                    }
                })
            })
            .collect();
        let opt = |x: u8| (x != NONE).then_some(x);
        Observation {
            seat: seat as u8,
            grids,
            discard: s.discard.as_slice().iter().map(|&c| value_of(c)).collect(),
            draw_count: s.draw.len() as u8,
            draw_pile: pile.then(|| s.draw.as_slice().iter().map(|&c| value_of(c)).collect()),
            hand: (s.hand != NONE && usize::from(s.seat) == seat).then(|| value_of(s.hand)),
            hand_held: s.hand != NONE,
            phase: s.phase,
            to_move: s.seat,
            setup: s.setup[..n].to_vec(),
            closer: opt(s.closer),
            final_left: s.final_left,
            prev_closer: opt(s.prev_closer),
            round: s.round,
            rounds_played: s.rounds_played,
            totals: s.totals[..n].to_vec(),
            last_round: s.last_round[..n].to_vec(),
            turns: s.turns,
            round_turns: s.round_turns,
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.grids.len()
    }

    /// Checks that some game under `rules` reaches this observation, as
    /// far as the rules constrain what a seat sees: the seats, the phase
    /// and the setup, the closer, the drawn card, and the cards, which must
    /// add up to the deck value by value. Observations the game builds
    /// always pass; one received from outside is checked before any search
    /// samples a world from it.
    ///
    /// # Errors
    /// The first impossibility found, in words.
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        let players = usize::from(rules.players);
        let seat = usize::from(self.seat);
        if self.players() != players || seat >= players {
            return Err(format!("the view is not a seat's at a table of {players}"));
        }
        let to_move = usize::from(self.to_move);
        if to_move >= players
            || self.setup.len() != players
            || self.totals.len() != players
            || self.last_round.len() != players
        {
            return Err("the view's seats do not match the table".into());
        }
        // Setup: seats reveal two cells each, in seat order.
        for (p, &n) in self.setup.iter().enumerate() {
            let done = if self.phase != Phase::Setup || p < to_move {
                n == 2
            } else if p == to_move {
                n < 2
            } else {
                n == 0
            };
            if !done {
                return Err(format!(
                    "seat {p} cannot have revealed {n} cells in setup at this point"
                ));
            }
            let up = self.grids[p].iter().filter(|c| matches!(c, CellView::Up(_))).count();
            if self.phase == Phase::Setup && up != usize::from(n) {
                return Err(format!("seat {p} shows {up} cells but revealed {n} in setup"));
            }
        }
        // Cells leave a grid only as whole columns of three, never in setup.
        for (p, g) in self.grids.iter().enumerate() {
            for col in 0..COLUMNS {
                let removed = (0..CELLS / COLUMNS)
                    .filter(|&r| g[r * COLUMNS + col] == CellView::Removed)
                    .count();
                if removed != 0 && (removed != CELLS / COLUMNS || self.phase == Phase::Setup) {
                    return Err(format!(
                        "seat {p}'s column {} cannot be partly or already removed",
                        col + 1
                    ));
                }
            }
        }
        match self.closer {
            Some(c) if usize::from(c) >= players => return Err(format!("the closer, seat {c}, is not at the table")),
            Some(_) if usize::from(self.final_left) >= players || self.final_left == 0 => {
                return Err("a closer leaves one final turn to each other player".into());
            }
            None if self.final_left != 0 => return Err("final turns left without a closer".into()),
            _ => {}
        }
        // Counters within what any game reaches, so that playing on from
        // here cannot overflow them.
        if self.turns > MAX_TURNS || self.round > MAX_ROUNDS || self.totals.iter().any(|t| t.abs() > MAX_TOTAL) {
            return Err("the counters are beyond any game".into());
        }
        // A round nobody closed ends at the turn limit; a closed one has at
        // most the other seats' final turns beyond it.
        let limit = rules.round_turn_limit();
        let turns_ok = match (self.phase, self.closer) {
            (Phase::Setup, _) => self.round_turns == 0,
            (Phase::Turn | Phase::Drawing | Phase::Placing, None) => self.round_turns < limit,
            _ => self.round_turns < limit.saturating_add(u16::from(rules.players)),
        };
        if !turns_ok {
            return Err(format!(
                "{} turns cannot have been played in this round (the turn limit is {limit})",
                self.round_turns
            ));
        }
        if self.prev_closer.is_some_and(|c| usize::from(c) >= players) {
            return Err("the previous closer is not at the table".into());
        }
        let expected_rounds = if self.phase == Phase::Over {
            self.round.checked_add(1)
        } else {
            Some(self.round)
        };
        if Some(self.rounds_played) != expected_rounds {
            return Err("the rounds played do not match the round".into());
        }
        if self.hand_held != (self.phase == Phase::Placing) {
            return Err("a drawn card is held exactly while it is being placed".into());
        }
        if self.hand.is_some() != (self.hand_held && to_move == seat) {
            return Err("only the seat placing a drawn card sees it".into());
        }
        // No value shown more often than the deck holds it, and every card
        // somewhere: shown, face down, in the draw pile, or in another
        // seat's hand.
        let mut seen = [0usize; NUM_VALUES];
        let mut count = |v: i8| -> Result<(), String> {
            let k = usize::try_from(i16::from(v) + 2).ok().filter(|&k| k < NUM_VALUES);
            let k = k.ok_or_else(|| format!("{v} is not a card value"))?;
            seen[k] += 1;
            if seen[k] > usize::from(VALUE_COUNTS[k]) {
                return Err(format!("more cards of value {v} than the deck holds"));
            }
            Ok(())
        };
        let mut hidden = 0;
        for g in &self.grids {
            for c in g.iter() {
                match *c {
                    CellView::Up(v) => count(v)?,
                    CellView::Hidden => hidden += 1,
                    CellView::Removed => {}
                }
            }
        }
        for &v in &self.discard {
            count(v)?;
        }
        if let Some(v) = self.hand {
            count(v)?;
        }
        if let Some(pile) = &self.draw_pile {
            if pile.len() != usize::from(self.draw_count) {
                return Err("the draw pile's order and its size disagree".into());
            }
            for &v in pile {
                count(v)?;
            }
        }
        let shown: usize = seen.iter().sum();
        let other_hand = usize::from(self.hand_held && self.hand.is_none());
        let pile = if self.draw_pile.is_some() {
            0
        } else {
            usize::from(self.draw_count)
        };
        if shown + hidden + pile + other_hand != DECK_SIZE {
            return Err("the cards in the view do not add up to the deck".into());
        }
        Ok(())
    }

    /// How many cards of each value (−2 to 12, index `v + 2`) the observer
    /// has not seen: the full deck minus every face-up cell of every grid,
    /// the drawn card it holds and the whole discard pile (and, for the
    /// Master, the draw pile).
    pub fn unseen_counts(&self) -> [u8; NUM_VALUES] {
        let mut counts = VALUE_COUNTS;
        let mut take = |v: i8| {
            let k = (v + 2) as usize;
            counts[k] = counts[k].saturating_sub(1);
        };
        for g in &self.grids {
            for c in g {
                if let CellView::Up(v) = *c {
                    take(v);
                }
            }
        }
        self.discard.iter().for_each(|&v| take(v));
        if let Some(v) = self.hand {
            take(v);
        }
        if let Some(p) = &self.draw_pile {
            p.iter().for_each(|&v| take(v));
        }
        counts
    }

    /// A full state consistent with this observation: the unseen cards
    /// dealt uniformly over every physical arrangement to the face-down
    /// cells, another seat's drawn card and the draw pile (its order known
    /// only to the Master), and a fresh seed for future shuffles.
    ///
    /// # Panics
    /// If the observation is inconsistent with the deck (it shows a value
    /// more often than the deck holds it; [`Observation::check`] says so).
    pub fn sample_world(&self, rng: &mut Rng) -> State {
        Worlds::new(self).sample(rng)
    }

    /// The observing seat's legal actions when it is to act (cleared
    /// first, in the game's order), read from what it sees: the same as
    /// the rules give in every world consistent with it. `free_flip` is the
    /// rules option.
    pub fn legal_actions(&self, free_flip: bool, out: &mut Vec<Action>) {
        out.clear();
        if self.to_move != self.seat {
            return;
        }
        let g = &self.grids[usize::from(self.seat)];
        let present = |i: usize| g[i] != CellView::Removed;
        let hidden = |i: usize| g[i] == CellView::Hidden;
        let cells = |f: &dyn Fn(usize) -> bool, act: fn(u8) -> Action, out: &mut Vec<Action>| {
            out.extend((0..CELLS).filter(|&i| f(i)).map(|i| act(i as u8)));
        };
        match self.phase {
            Phase::Setup => cells(&hidden, Action::Reveal, out),
            Phase::Turn => {
                if !self.discard.is_empty() {
                    cells(&present, Action::TakeDiscard, out);
                }
                if self.draw_count > 0 {
                    out.push(Action::Draw);
                }
                if free_flip {
                    cells(&hidden, Action::FreeFlip, out);
                }
            }
            Phase::Placing => {
                cells(&present, Action::Place, out);
                cells(&hidden, Action::DiscardFlip, out);
            }
            Phase::Drawing | Phase::Over => {}
        }
    }
}

/// The worlds of one observation: what every world shares (the face-up
/// cards, the discard pile, the known cards) built once, with the card
/// engine's prepared deal of the unseen instances to the hidden places
/// (the face-down cells, another seat's drawn card, the draw pile) drawn
/// afresh at each world — without allocating.
#[derive(Clone, Debug)]
pub struct Worlds {
    /// The shared part; hidden cells, a hidden hand and an unknown draw
    /// pile are filled at each draw, the seed too.
    template: State,
    deals: DealSampler,
    deal: Deal,
    /// The face-down cells, in deal order.
    hidden: Vec<(u8, u8)>,
    hidden_hand: bool,
    /// Whether the draw pile is dealt (its order unknown).
    deal_pile: bool,
}

impl Worlds {
    /// The worlds of `obs`.
    ///
    /// # Panics
    /// If the observation shows a value more often than the deck holds it.
    pub fn new(obs: &Observation) -> Worlds {
        let n = obs.players();
        let mut next = FIRST_ID;
        let mut take = |v: i8| -> u8 {
            let k = (v + 2) as usize;
            let id = next[k];
            assert!(
                k + 1 == NUM_VALUES && usize::from(id) < DECK_SIZE || k + 1 < NUM_VALUES && id < FIRST_ID[k + 1],
                "the observation shows more cards of value {v} than the deck holds"
            );
            next[k] += 1;
            id
        };
        let mut cells = [[NONE; CELLS]; MAX_SEATS];
        let mut up = [0u16; MAX_SEATS];
        let mut hidden = Vec::new();
        for (p, g) in obs.grids.iter().enumerate() {
            for (i, c) in g.iter().enumerate() {
                match *c {
                    CellView::Up(v) => {
                        cells[p][i] = take(v);
                        up[p] |= 1 << i;
                    }
                    CellView::Hidden => hidden.push((p as u8, i as u8)),
                    CellView::Removed => {}
                }
            }
        }
        let discard: Vec<u8> = obs.discard.iter().map(|&v| take(v)).collect();
        let hand = obs.hand.map_or(NONE, &mut take);
        let known_pile: Option<Vec<u8>> = obs.draw_pile.as_ref().map(|p| p.iter().map(|&v| take(v)).collect());
        let mut unseen = Vec::with_capacity(DECK_SIZE);
        for k in 0..NUM_VALUES {
            let end = if k + 1 < NUM_VALUES {
                FIRST_ID[k + 1]
            } else {
                DECK_SIZE as u8
            };
            unseen.extend(next[k]..end);
        }
        let hidden_hand = obs.hand_held && obs.hand.is_none();
        let pile_slots = if known_pile.is_some() {
            0
        } else {
            usize::from(obs.draw_count)
        };
        // The holders: the face-down cells (one holder, filled in cell
        // order), the hidden hand, the draw pile.
        let mut problem = DealProblem::new(vec![hidden.len(), usize::from(hidden_hand), pile_slots]);
        for &id in &unseen {
            problem.add_free(CardId(u16::from(id)));
        }
        let deals = DealSampler::new(&problem).expect("the observation's cards add up to the deck");
        let mut setup = [0u8; MAX_SEATS];
        setup[..n].copy_from_slice(&obs.setup);
        let mut totals = [0i32; MAX_SEATS];
        totals[..n].copy_from_slice(&obs.totals);
        let mut last_round = [0i32; MAX_SEATS];
        last_round[..n].copy_from_slice(&obs.last_round);
        let template = State {
            players: n as u8,
            cells,
            up,
            draw: Pile::from_slice(known_pile.as_deref().unwrap_or(&[])),
            discard: Pile::from_slice(&discard),
            hand,
            phase: obs.phase,
            seat: obs.to_move,
            setup,
            closer: obs.closer.unwrap_or(NONE),
            final_left: obs.final_left,
            prev_closer: obs.prev_closer.unwrap_or(NONE),
            round: obs.round,
            totals,
            last_round,
            rounds_played: obs.rounds_played,
            seed: 0,
            shuffles: 0,
            turns: obs.turns,
            round_turns: obs.round_turns,
        };
        Worlds {
            template,
            deals,
            deal: Deal::new(),
            hidden,
            hidden_hand,
            deal_pile: known_pile.is_none(),
        }
    }

    /// One world: every arrangement of the unseen instances over the
    /// hidden places equally likely.
    pub fn sample(&mut self, rng: &mut Rng) -> State {
        self.deals.sample_into(rng, &mut self.deal);
        let mut s = self.template;
        for (&(p, i), c) in self.hidden.iter().zip(self.deal.holder(0)) {
            s.cells[usize::from(p)][usize::from(i)] = c.0 as u8;
        }
        if self.hidden_hand {
            s.hand = self.deal.holder(1)[0].0 as u8;
        }
        if self.deal_pile {
            s.draw = Pile::EMPTY;
            for c in self.deal.holder(2) {
                s.draw.push(c.0 as u8);
            }
        }
        s.seed = rng.next_u64();
        s
    }
}

impl WorldSampler<State> for Worlds {
    #[inline]
    fn sample(&mut self, rng: &mut Rng) -> State {
        Worlds::sample(self, rng)
    }
}
