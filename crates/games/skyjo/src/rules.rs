//! The rules of Skyjo: deck, options, actions, the state and the
//! [`Game`] implementation.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tabula_cards::{CardId, ConservationError, Deck, PayoffRule, Table, ZoneId, check_conservation};
use tabula_search::{Game, MAX_SEATS, Payoffs, Rng, Seat, Turn, rng::derive_seed};

/// Physical cards in the deck.
pub const DECK_SIZE: usize = 150;
/// Cells of a grid (3 rows × 4 columns; cell `i` is row `i / 4`, column
/// `i % 4`).
pub const CELLS: usize = 12;
/// Columns of a grid.
pub const COLUMNS: usize = 4;
/// The lowest and highest card values.
pub const VALUES: std::ops::RangeInclusive<i8> = -2..=12;
/// How many distinct values there are (−2 to 12).
pub const NUM_VALUES: usize = 15;

/// How many cards carry each value, from −2 to 12.
pub const VALUE_COUNTS: [u8; NUM_VALUES] = [5, 10, 15, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10];

const NONE: u8 = u8::MAX;

/// The most seats of a Skyjo table.
pub const MAX_SEATS_SKYJO: usize = MAX_SEATS;

/// The value of card `id` (ids are grouped by value: 0–4 are −2, 5–14 −1,
/// 15–29 0, then ten of each value 1–12).
pub const fn card_value(id: u8) -> i8 {
    let mut v = 0;
    let mut start = 0u16;
    while v < NUM_VALUES {
        let end = start + VALUE_COUNTS[v] as u16;
        if (id as u16) < end {
            return v as i8 - 2;
        }
        start = end;
        v += 1;
    }
    panic!("no such card")
}

const VALUE_OF: [i8; DECK_SIZE] = {
    let mut t = [0i8; DECK_SIZE];
    let mut i = 0;
    while i < DECK_SIZE {
        t[i] = card_value(i as u8);
        i += 1;
    }
    t
};

/// The first card id of each value.
pub(crate) const FIRST_ID: [u8; NUM_VALUES] = {
    let mut t = [0u8; NUM_VALUES];
    let mut v = 1;
    while v < NUM_VALUES {
        t[v] = t[v - 1] + VALUE_COUNTS[v - 1];
        v += 1;
    }
    t
};

#[inline]
pub(crate) fn value_of(id: u8) -> i8 {
    VALUE_OF[id as usize]
}

/// The Skyjo deck as card instances and faces (values).
pub fn deck() -> Deck<i8> {
    Deck::from_counts(
        &VALUES
            .zip(VALUE_COUNTS)
            .map(|(v, n)| (v, usize::from(n)))
            .collect::<Vec<_>>(),
    )
}

/// A rules error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// Skyjo seats 2 to 8 players.
    #[error("Skyjo seats 2 to 8 players, not {0}")]
    Players(usize),
    /// The end score must be positive.
    #[error("the end score must be positive, not {0}")]
    EndScore(i32),
}

/// The rules and their options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Players, 2–8.
    pub players: u8,
    /// The free flip (reveal a card without drawing) is allowed (house rule
    /// of this table; default on).
    pub free_flip: bool,
    /// Columns that become three equal cards in the final reveal are cleared
    /// (default on).
    pub clear_on_final_reveal: bool,
    /// When the draw pile runs out, the whole discard pile is shuffled and a
    /// new top turned (default off: the top card stays, the rest is
    /// shuffled).
    pub reshuffle_all: bool,
    /// Later rounds start with the previous round's closer (default on);
    /// otherwise with the highest revealed total, as the first round.
    pub closer_starts_next: bool,
    /// The game ends after the round in which a total reaches this (100).
    pub end_score: i32,
}

impl Rules {
    /// The default rules for `players` players.
    pub fn new(players: usize) -> Result<Self, RulesError> {
        if !(2..=MAX_SEATS).contains(&players) {
            return Err(RulesError::Players(players));
        }
        Ok(Rules {
            players: players as u8,
            free_flip: true,
            clear_on_final_reveal: true,
            reshuffle_all: false,
            closer_starts_next: true,
            end_score: 100,
        })
    }

    /// Checks the options.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(2..=MAX_SEATS).contains(&usize::from(self.players)) {
            return Err(RulesError::Players(usize::from(self.players)));
        }
        if self.end_score <= 0 {
            return Err(RulesError::EndScore(self.end_score));
        }
        Ok(())
    }
}

/// An action of a seat, or a chance outcome.
///
/// A root action is always a complete decision: taking the discard includes
/// where it goes, and rejecting a drawn card includes which cell is
/// revealed. Drawing is its own action because the seat learns the card
/// before deciding what to do with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup: reveal one of one's own cells (each player reveals two).
    Reveal(u8),
    /// Take the top of the discard pile and put it face up at a cell; the
    /// replaced card goes face up onto the discard pile.
    TakeDiscard(u8),
    /// Draw the top of the draw pile (the card is then seen by the drawer).
    Draw,
    /// Reveal a face-down cell without drawing (option `free_flip`).
    FreeFlip(u8),
    /// Put the drawn card at a cell; the replaced card is discarded.
    Place(u8),
    /// Discard the drawn card and reveal a face-down cell.
    DiscardFlip(u8),
    /// Chance: the drawn card, as the drawer sees it.
    Drawn(i8),
    /// Chance: the drawn card, as the other seats see it.
    DrawnUnseen,
}

/// Where a round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Each player reveals two cells.
    Setup,
    /// A player chooses take / draw / flip.
    Turn,
    /// A card is being drawn (a chance event).
    Drawing,
    /// The drawer decides what to do with the drawn card.
    Placing,
    /// The game is over.
    Over,
}

/// A pile of card ids, bottom first, stored inline.
#[derive(Clone, Copy)]
pub struct Pile {
    len: u8,
    cards: [u8; DECK_SIZE],
}

impl Pile {
    const EMPTY: Pile = Pile {
        len: 0,
        cards: [0; DECK_SIZE],
    };

    /// The cards, bottom first.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.cards[..self.len as usize]
    }

    /// How many cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the pile is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The top card.
    #[inline]
    pub fn top(&self) -> Option<u8> {
        self.as_slice().last().copied()
    }

    #[inline]
    pub(crate) fn push(&mut self, c: u8) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.cards[self.len as usize])
    }

    pub(crate) fn from_slice_pub(cards: &[u8]) -> Pile {
        Pile::from_slice(cards)
    }

    fn from_slice(cards: &[u8]) -> Pile {
        let mut p = Pile::EMPTY;
        for &c in cards {
            p.push(c);
        }
        p
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Pile {}

impl std::hash::Hash for Pile {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h);
    }
}

impl std::fmt::Debug for Pile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v: Vec<u8> = Vec::deserialize(d)?;
        if v.len() > DECK_SIZE || v.iter().any(|&c| usize::from(c) >= DECK_SIZE) {
            return Err(serde::de::Error::custom("not a pile of Skyjo cards"));
        }
        Ok(Pile::from_slice(&v))
    }
}

/// The whole truth of a game: every card's place, including hidden ones,
/// and the seed of future shuffles. Never shown to a seat: seats receive an
/// [`Observation`](crate::Observation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    pub(crate) players: u8,
    /// Card id per cell, `NONE` for a removed cell.
    pub(crate) cells: [[u8; CELLS]; MAX_SEATS],
    /// Face-up cells (bit per cell).
    pub(crate) up: [u16; MAX_SEATS],
    pub(crate) draw: Pile,
    pub(crate) discard: Pile,
    /// The drawn card, or `NONE`.
    pub(crate) hand: u8,
    pub(crate) phase: Phase,
    /// The seat to act (setup, turn, drawing, placing).
    pub(crate) seat: u8,
    /// Cells revealed in setup, per seat.
    pub(crate) setup: [u8; MAX_SEATS],
    pub(crate) closer: u8,
    /// Turns left after the closer's (once there is one).
    pub(crate) final_left: u8,
    pub(crate) prev_closer: u8,
    pub(crate) round: u16,
    pub(crate) totals: [i32; MAX_SEATS],
    pub(crate) last_round: [i32; MAX_SEATS],
    pub(crate) rounds_played: u16,
    /// Seed of the deals and reshuffles to come (hidden from every seat).
    pub(crate) seed: u64,
    pub(crate) shuffles: u32,
    /// Actions applied since the deal of the game (chance outcomes
    /// included): public.
    pub(crate) turns: u32,
}

/// A cell of a grid in the truth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Removed with its column.
    Removed,
    /// Face down, with its value.
    Down(i8),
    /// Face up, with its value.
    Up(i8),
}

impl State {
    /// The number of players.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A cell of a seat's grid, hidden value included (the truth).
    pub fn cell(&self, seat: Seat, i: usize) -> Cell {
        let c = self.cells[seat][i];
        if c == NONE {
            Cell::Removed
        } else if self.up[seat] & (1 << i) != 0 {
            Cell::Up(value_of(c))
        } else {
            Cell::Down(value_of(c))
        }
    }

    /// The game totals after the rounds played.
    pub fn totals(&self) -> &[i32] {
        &self.totals[..self.players()]
    }

    /// The scores of the last finished round (zeros before the first).
    pub fn last_round(&self) -> &[i32] {
        &self.last_round[..self.players()]
    }

    /// Actions applied so far (chance outcomes included).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Rounds finished.
    pub fn rounds_played(&self) -> usize {
        usize::from(self.rounds_played)
    }

    /// The closer of the current round, if a player has revealed their grid.
    pub fn closer(&self) -> Option<Seat> {
        (self.closer != NONE).then_some(usize::from(self.closer))
    }

    /// Cards in the draw pile.
    pub fn draw_count(&self) -> usize {
        self.draw.len()
    }

    /// The discard pile's values, bottom first.
    pub fn discard_values(&self) -> Vec<i8> {
        self.discard.as_slice().iter().map(|&c| value_of(c)).collect()
    }

    /// The draw pile's values, bottom first (the truth).
    pub fn draw_values(&self) -> Vec<i8> {
        self.draw.as_slice().iter().map(|&c| value_of(c)).collect()
    }

    /// The drawn card's value, if a card is in hand.
    pub fn hand_value(&self) -> Option<i8> {
        (self.hand != NONE).then(|| value_of(self.hand))
    }

    /// Hidden (face-down, present) cells of a seat.
    #[inline]
    pub fn hidden_count(&self, seat: Seat) -> usize {
        (0..CELLS)
            .filter(|&i| self.cells[seat][i] != NONE && self.up[seat] & (1 << i) == 0)
            .count()
    }

    /// Every zone with its cards: the draw pile, the discard pile, the hand,
    /// and each cell of each grid.
    pub fn zones(&self) -> Vec<(ZoneId, Vec<CardId>)> {
        let ids = |s: &[u8]| s.iter().map(|&c| CardId(u16::from(c))).collect::<Vec<_>>();
        let mut z = vec![
            (ZoneId(0), ids(self.draw.as_slice())),
            (ZoneId(1), ids(self.discard.as_slice())),
        ];
        let hand: Vec<CardId> = if self.hand == NONE {
            Vec::new()
        } else {
            ids(&[self.hand])
        };
        z.push((ZoneId(2), hand));
        for s in 0..self.players() {
            for i in 0..CELLS {
                let c = self.cells[s][i];
                let v = if c == NONE { Vec::new() } else { ids(&[c]) };
                z.push((ZoneId((3 + s * CELLS + i) as u16), v));
            }
        }
        z
    }

    /// Checks that every one of the 150 cards is in exactly one zone.
    pub fn check_conservation(&self) -> Result<(), ConservationError> {
        let zones = self.zones();
        check_conservation(DECK_SIZE, zones.iter().map(|(z, c)| (*z, c.as_slice())))
    }

    /// Swaps the cards at two places, whatever they hold (for tests of what
    /// a seat can see): `Place::Cell`, the draw pile or the hand.
    pub fn swap_cards(&mut self, a: CardPlace, b: CardPlace) {
        let ca = self.card_at(a);
        let cb = self.card_at(b);
        self.set_card(a, cb);
        self.set_card(b, ca);
    }

    fn card_at(&self, p: CardPlace) -> u8 {
        match p {
            CardPlace::Cell(s, i) => self.cells[s][i],
            CardPlace::Draw(k) => self.draw.cards[k],
            CardPlace::Discard(k) => self.discard.cards[k],
            CardPlace::Hand => self.hand,
        }
    }

    fn set_card(&mut self, p: CardPlace, c: u8) {
        match p {
            CardPlace::Cell(s, i) => self.cells[s][i] = c,
            CardPlace::Draw(k) => self.draw.cards[k] = c,
            CardPlace::Discard(k) => self.discard.cards[k] = c,
            CardPlace::Hand => self.hand = c,
        }
    }

    /// The places a seat cannot see: face-down cells of every grid, the draw
    /// pile, and another seat's drawn card.
    pub fn unseen_places(&self, seat: Seat) -> Vec<CardPlace> {
        let mut v = Vec::new();
        for s in 0..self.players() {
            for i in 0..CELLS {
                if self.cells[s][i] != NONE && self.up[s] & (1 << i) == 0 {
                    v.push(CardPlace::Cell(s, i));
                }
            }
        }
        v.extend((0..self.draw.len()).map(CardPlace::Draw));
        if self.hand != NONE && usize::from(self.seat) != seat {
            v.push(CardPlace::Hand);
        }
        v
    }
}

/// A place that holds one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardPlace {
    /// A cell of a seat's grid.
    Cell(Seat, usize),
    /// The `k`-th card of the draw pile from the bottom.
    Draw(usize),
    /// The `k`-th card of the discard pile from the bottom.
    Discard(usize),
    /// The drawn card.
    Hand,
}

/// Skyjo under a set of [`Rules`]: the [`Game`] the searches and the arena
/// play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skyjo {
    rules: Rules,
}

impl Skyjo {
    /// Skyjo under `rules`.
    pub fn new(rules: Rules) -> Result<Self, RulesError> {
        rules.validate()?;
        Ok(Skyjo { rules })
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
        if s.closer == NONE {
            if Self::revealed(s, usize::from(seat)) {
                s.closer = seat;
                s.final_left = s.players - 1;
            }
        } else {
            s.final_left -= 1;
        }
        if s.closer != NONE && s.final_left == 0 {
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
        let closer = usize::from(s.closer);
        let c = scores[closer];
        let strictly_lowest = (0..n).all(|o| o == closer || scores[o] > c);
        if c > 0 && !strictly_lowest {
            scores[closer] *= 2;
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
        let table = Table::individual(s.players()).expect("2 to 8 seats");
        let scores: Vec<f64> = s.totals().iter().map(|&t| f64::from(t)).collect();
        table.payoffs(&scores, PayoffRule::WinShare { lower_wins: true })
    }
}

impl Game for Skyjo {
    type State = State;
    type Action = Action;
    type Observation = crate::observation::Observation;

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
            Action::Drawn(_) | Action::DrawnUnseen => {
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
        crate::observation::Observation::of(s, seat, false)
    }

    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Action {
        match action {
            Action::Drawn(_) if usize::from(s.seat) != observer => Action::DrawnUnseen,
            a => a,
        }
    }

    fn hash(&self, s: &State) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        s.hash(&mut h);
        h.finish()
    }
}

impl tabula_search::Determinize for Skyjo {
    fn determinize(&self, observation: &Self::Observation, _seat: Seat, rng: &mut Rng) -> State {
        observation.sample_world(rng)
    }
}
