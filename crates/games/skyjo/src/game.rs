//! Skyjo's transitions: dealing, turns, column clearing, closing and
//! scoring ([`Skyjo`]), the [`Game`] the searches play, and the worlds a
//! seat's observation allows.

use std::hash::Hasher;

use tabula_cards::{PayoffRule, Table};
use tabula_search::{
    Determinize, Game, Hidden, MAX_SEATS, Payoffs, Rng, Seat, Seen, StableHasher, Turn, WorldSampler, rng::derive_seed,
    stable_hash,
};

use crate::observation::{Observation, Worlds};

use crate::rules::{Action, CELLS, COLUMNS, DECK_SIZE, NONE, Phase, Rules, RulesError, value_of};
use crate::state::{Pile, State};

/// Skyjo under a set of [`Rules`]: the [`Game`] the searches and the arena
/// play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skyjo {
    rules: Rules,
    /// Every seat its own team, for the payoffs.
    table: Table,
}

impl Skyjo {
    /// Skyjo under `rules`.
    pub fn new(rules: Rules) -> Result<Self, RulesError> {
        rules.validate()?;
        let table = Table::individual(usize::from(rules.players)).expect("the rules checked the seats");
        Ok(Skyjo { rules, table })
    }

    /// Skyjo for `players` players under the default rules.
    pub fn with_players(players: usize) -> Result<Self, RulesError> {
        Skyjo::new(Rules::new(players)?)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// A new game dealt from `seed`: the first round's setup.
    pub fn new_game(&self, seed: u64) -> State {
        let mut s = State {
            players: self.rules.players,
            cells: [[NONE; CELLS]; MAX_SEATS],
            up: [0; MAX_SEATS],
            draw: Pile::EMPTY,
            discard: Pile::EMPTY,
            hand: NONE,
            phase: Phase::Setup,
            seat: 0,
            setup: [0; MAX_SEATS],
            closer: NONE,
            final_left: 0,
            prev_closer: NONE,
            round: 0,
            totals: [0; MAX_SEATS],
            last_round: [0; MAX_SEATS],
            rounds_played: 0,
            seed,
            shuffles: 0,
            turns: 0,
            round_turns: 0,
        };
        self.deal(&mut s);
        s
    }

    fn deal(&self, s: &mut State) {
        let mut ids: [u8; DECK_SIZE] = std::array::from_fn(|i| i as u8);
        Rng::new(derive_seed(s.seed, u64::from(s.round))).shuffle(&mut ids);
        let mut k = 0;
        for seat in 0..s.players() {
            for i in 0..CELLS {
                s.cells[seat][i] = ids[k];
                k += 1;
            }
            s.up[seat] = 0;
            s.setup[seat] = 0;
        }
        s.discard = Pile::from_slice(&ids[k..k + 1]);
        s.draw = Pile::from_slice(&ids[k + 1..]);
        s.hand = NONE;
        s.phase = Phase::Setup;
        s.seat = 0;
        s.closer = NONE;
        s.final_left = 0;
        s.round_turns = 0;
    }

    /// Whether seat `s`'s grid has no face-down card.
    fn revealed(s: &State, seat: usize) -> bool {
        (0..CELLS).all(|i| s.cells[seat][i] == NONE || s.up[seat] & (1 << i) != 0)
    }

    /// Removes column `col` of `seat` if its three cards are face up and
    /// equal; the cards go onto the discard pile, top row first.
    fn clear_column(s: &mut State, seat: usize, col: usize) {
        let idx = [col, col + COLUMNS, col + 2 * COLUMNS];
        let cards = idx.map(|i| s.cells[seat][i]);
        if cards.contains(&NONE) || idx.iter().any(|&i| s.up[seat] & (1 << i) == 0) {
            return;
        }
        let v = value_of(cards[0]);
        if cards.iter().all(|&c| value_of(c) == v) {
            for (k, &i) in idx.iter().enumerate() {
                s.discard.push(cards[k]);
                s.cells[seat][i] = NONE;
                s.up[seat] &= !(1 << i);
            }
        }
    }

    fn reshuffle_if_needed(&self, s: &mut State) {
        if !s.draw.is_empty() {
            return;
        }
        let keep_top = !self.rules.reshuffle_all;
        if s.discard.len() < 2 && keep_top || s.discard.is_empty() {
            return;
        }
        let top = if keep_top { s.discard.pop() } else { None };
        let mut cards = Pile::EMPTY;
        std::mem::swap(&mut cards, &mut s.discard);
        let n = cards.len();
        Rng::new(derive_seed(s.seed, (1 << 40) | u64::from(s.shuffles))).shuffle(&mut cards.cards[..n]);
        s.shuffles += 1;
        s.draw = cards;
        match top {
            Some(t) => s.discard.push(t),
            None => {
                let t = s.draw.pop().expect("the new draw pile has a card");
                s.discard.push(t);
            }
        }
    }

    fn end_turn(&self, s: &mut State) {
        let seat = s.seat;
        s.round_turns += 1;
        if s.closer == NONE {
            if Self::revealed(s, usize::from(seat)) {
                s.closer = seat;
                s.final_left = s.players - 1;
            }
        } else {
            s.final_left -= 1;
        }
        // A closed round ends after its final turns; one nobody closed ends
        // at the turn limit (the rule that keeps rounds finite).
        let limit_reached = s.closer == NONE && s.round_turns >= self.rules.round_turn_limit();
        if s.closer != NONE && s.final_left == 0 || limit_reached {
            self.end_round(s);
            return;
        }
        s.seat = (seat + 1) % s.players;
        s.phase = Phase::Turn;
        self.reshuffle_if_needed(s);
    }

    fn end_round(&self, s: &mut State) {
        let n = s.players();
        for seat in 0..n {
            for i in 0..CELLS {
                if s.cells[seat][i] != NONE {
                    s.up[seat] |= 1 << i;
                }
            }
            if self.rules.clear_on_final_reveal {
                for col in 0..COLUMNS {
                    Self::clear_column(s, seat, col);
                }
            }
        }
        let mut scores = [0i32; MAX_SEATS];
        for (seat, score) in scores.iter_mut().enumerate().take(n) {
            *score = s.cells[seat]
                .iter()
                .filter(|&&c| c != NONE)
                .map(|&c| i32::from(value_of(c)))
                .sum();
        }
        // Without a closer (the turn limit ended the round) nobody is
        // doubled.
        if s.closer != NONE {
            let closer = usize::from(s.closer);
            let c = scores[closer];
            let strictly_lowest = (0..n).all(|o| o == closer || scores[o] > c);
            if c > 0 && !strictly_lowest {
                scores[closer] *= 2;
            }
        }
        for (total, score) in s.totals.iter_mut().zip(scores).take(n) {
            *total += score;
        }
        s.last_round = scores;
        s.rounds_played += 1;
        s.prev_closer = s.closer;
        if s.totals[..n].iter().any(|&t| t >= self.rules.end_score) {
            s.phase = Phase::Over;
            s.closer = NONE;
            return;
        }
        s.round += 1;
        self.deal(s);
    }

    /// The seat that starts the turns once setup is done.
    fn starter(&self, s: &State) -> u8 {
        if s.round > 0 && self.rules.closer_starts_next && s.prev_closer != NONE {
            return s.prev_closer;
        }
        let mut best = 0;
        let mut best_total = i32::MIN;
        for seat in 0..s.players() {
            let t: i32 = (0..CELLS)
                .filter(|&i| s.up[seat] & (1 << i) != 0)
                .map(|i| i32::from(value_of(s.cells[seat][i])))
                .sum();
            if t > best_total {
                best_total = t;
                best = seat;
            }
        }
        best as u8
    }

    fn flip(s: &mut State, seat: usize, cell: usize) {
        s.up[seat] |= 1 << cell;
        Self::clear_column(s, seat, cell % COLUMNS);
    }

    fn swap_in(s: &mut State, seat: usize, cell: usize, card: u8) {
        let old = s.cells[seat][cell];
        s.cells[seat][cell] = card;
        s.up[seat] |= 1 << cell;
        s.discard.push(old);
        Self::clear_column(s, seat, cell % COLUMNS);
    }

    /// The payoffs of a finished game: the lowest total wins, ties share.
    fn final_payoffs(&self, s: &State) -> Payoffs {
        let mut scores = [0.0; MAX_SEATS];
        for (x, &t) in scores.iter_mut().zip(s.totals()) {
            *x = f64::from(t);
        }
        self.table
            .payoffs(&scores[..s.players()], PayoffRule::WinShare { lower_wins: true })
    }
}

impl Game for Skyjo {
    type State = State;
    type Action = Action;
    type Observation = Observation;

    fn num_seats(&self) -> usize {
        usize::from(self.rules.players)
    }

    fn to_move(&self, s: &State) -> Turn {
        match s.phase {
            Phase::Over => Turn::Terminal,
            Phase::Drawing => Turn::Chance,
            _ => Turn::Seat(usize::from(s.seat)),
        }
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        let seat = usize::from(s.seat);
        let present = |i: usize| s.cells[seat][i] != NONE;
        let hidden = |i: usize| present(i) && s.up[seat] & (1 << i) == 0;
        match s.phase {
            Phase::Setup => out.extend((0..CELLS).filter(|&i| hidden(i)).map(|i| Action::Reveal(i as u8))),
            Phase::Turn => {
                if !s.discard.is_empty() {
                    out.extend((0..CELLS).filter(|&i| present(i)).map(|i| Action::TakeDiscard(i as u8)));
                }
                if !s.draw.is_empty() {
                    out.push(Action::Draw);
                }
                if self.rules.free_flip {
                    out.extend((0..CELLS).filter(|&i| hidden(i)).map(|i| Action::FreeFlip(i as u8)));
                }
            }
            Phase::Placing => {
                out.extend((0..CELLS).filter(|&i| present(i)).map(|i| Action::Place(i as u8)));
                out.extend((0..CELLS).filter(|&i| hidden(i)).map(|i| Action::DiscardFlip(i as u8)));
            }
            Phase::Drawing | Phase::Over => {}
        }
    }

    fn apply(&self, s: &mut State, action: Action) {
        let seat = usize::from(s.seat);
        s.turns += 1;
        match action {
            Action::Reveal(c) => {
                s.up[seat] |= 1 << c;
                s.setup[seat] += 1;
                if s.setup[seat] == 2 {
                    if seat + 1 == s.players() {
                        s.seat = self.starter(s);
                        s.phase = Phase::Turn;
                        self.reshuffle_if_needed(s);
                    } else {
                        s.seat += 1;
                    }
                }
            }
            Action::TakeDiscard(c) => {
                let card = s.discard.pop().expect("a discard pile has a top");
                Self::swap_in(s, seat, usize::from(c), card);
                self.end_turn(s);
            }
            Action::Draw => s.phase = Phase::Drawing,
            Action::FreeFlip(c) => {
                Self::flip(s, seat, usize::from(c));
                self.end_turn(s);
            }
            Action::Drawn(_) => {
                s.hand = s.draw.pop().expect("a draw needs a card");
                s.phase = Phase::Placing;
            }
            Action::Place(c) => {
                let card = std::mem::replace(&mut s.hand, NONE);
                Self::swap_in(s, seat, usize::from(c), card);
                self.end_turn(s);
            }
            Action::DiscardFlip(c) => {
                let card = std::mem::replace(&mut s.hand, NONE);
                s.discard.push(card);
                Self::flip(s, seat, usize::from(c));
                self.end_turn(s);
            }
        }
    }

    fn payoffs(&self, s: &State) -> Payoffs {
        self.final_payoffs(s)
    }

    fn payoff_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if s.phase == Phase::Drawing
            && let Some(top) = s.draw.top()
        {
            out.push((Action::Drawn(value_of(top)), 1.0));
        }
    }

    fn sample_chance(&self, s: &State, _: &mut Rng) -> Action {
        Action::Drawn(value_of(s.draw.top().expect("a draw needs a card")))
    }

    fn observation(&self, s: &State, seat: Seat) -> Self::Observation {
        Observation::of(s, seat, false)
    }

    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        match action {
            Action::Drawn(_) if usize::from(s.seat) != observer => Seen::Hidden(Hidden::Draw),
            a => Seen::Action(a),
        }
    }

    fn reveals(&self) -> bool {
        true
    }

    /// Cards turned face up by the move, as everyone sees them: a revealed
    /// or flipped cell, a face-down card replaced (it goes face up to the
    /// discard pile), the drawn card placed or discarded (the other seats
    /// see it now); at the end of a round or after a reshuffle, a digest of
    /// everything public.
    fn revealed(&self, before: &State, action: Action, after: &State, _observer: Seat) -> u64 {
        if after.rounds_played != before.rounds_played || after.shuffles != before.shuffles {
            return public_digest(after);
        }
        let seat = usize::from(before.seat);
        let value = |id: u8| (value_of(id) + 3) as u64;
        let cell = |c: u8| before.cells[seat][usize::from(c)];
        let face_down = |c: u8| before.up[seat] & (1 << c) == 0;
        let (drawn, turned) = match action {
            Action::Reveal(c) | Action::FreeFlip(c) => (0, value(cell(c))),
            Action::TakeDiscard(c) if face_down(c) => (0, value(cell(c))),
            Action::Place(c) => (value(before.hand), if face_down(c) { value(cell(c)) } else { 0 }),
            Action::DiscardFlip(c) => (value(before.hand), value(cell(c))),
            _ => return 0,
        };
        1 << 8 | drawn << 4 | turned
    }

    fn hash(&self, s: &State) -> u64 {
        stable_hash(s)
    }
}

/// A digest of everything every seat sees of a state: the face-up cells,
/// the discard pile, the draw pile's size, the scores, who acts.
fn public_digest(s: &State) -> u64 {
    let mut h = StableHasher::new();
    for p in 0..s.players() {
        for i in 0..CELLS {
            let c = s.cells[p][i];
            h.write_i8(if c == NONE {
                i8::MIN
            } else if s.up[p] & (1 << i) != 0 {
                value_of(c)
            } else {
                i8::MAX
            });
        }
        h.write_i32(s.totals[p]);
        h.write_i32(s.last_round[p]);
    }
    for &c in s.discard.as_slice() {
        h.write_i8(value_of(c));
    }
    h.write_usize(s.draw.len());
    h.write_u8(s.seat);
    h.write_u16(s.rounds_played);
    h.finish() | 1
}

impl Determinize for Skyjo {
    fn determinize(&self, observation: &Observation, _seat: Seat, rng: &mut Rng) -> State {
        observation.sample_world(rng)
    }

    fn legal_from_observation(&self, observation: &Observation, seat: Seat, out: &mut Vec<Action>) {
        if usize::from(observation.seat) == seat {
            observation.legal_actions(self.rules.free_flip, out);
        } else {
            out.clear();
        }
    }

    /// The unseen cards' list and the shared part of every world, built
    /// once ([`Worlds`]).
    fn sampler<'a>(&'a self, observation: &'a Observation, _seat: Seat) -> Box<dyn WorldSampler<State> + 'a> {
        Box::new(Worlds::new(observation))
    }
}
