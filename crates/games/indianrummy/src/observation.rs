//! What a player knows: its hand, the open pile as it formed, the cut
//! joker, the cards each player took from the pile and still holds, a
//! wrong declarer's shown hand, the counts, the standings and the scores;
//! and the worlds that fit it.

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;
use tabula_search::{Rng, Seat, Turn, WorldSampler};

use crate::actions::Action;
use crate::actions::seat_actions;
use crate::cards::{Cards, DECK, NUM_CARDS};
use crate::options::MAX_PLAYERS;
use crate::state::{DealResult, HAND, Phase, State, Status, Zone};

/// A player's observation: everything it has seen, nothing it has not.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observation {
    /// The observing player.
    pub seat: u8,
    /// Players at the table.
    pub players: u8,
    /// Its hand.
    pub hand: Cards,
    /// The cards each player took from the open pile and still holds.
    pub known: [Cards; MAX_PLAYERS],
    /// The hands shown by the others' wrong declarations this deal.
    pub shown: [Cards; MAX_PLAYERS],
    /// Cards in each player's hand.
    pub counts: [u8; MAX_PLAYERS],
    /// The open pile, bottom first.
    pub pile: Vec<CardId>,
    /// The cut joker.
    pub cut: Option<CardId>,
    /// Cards in the closed deck.
    pub stock: u8,
    /// Cards dealt this deal.
    pub dealt: u8,
    /// The dealer.
    pub dealer: u8,
    /// Where the deal stands.
    pub phase: Phase,
    /// The player to act.
    pub to_act: u8,
    /// Each player's standing in the deal.
    pub status: [Status; MAX_PLAYERS],
    /// The players who have drawn this deal.
    pub drew: u8,
    /// The card just taken from the open pile.
    pub taken: Option<CardId>,
    /// Whether the open pile was turned into a new closed deck.
    pub reshuffled: bool,
    /// Deals finished.
    pub deal_no: u32,
    /// Each player's score.
    pub scores: [i32; MAX_PLAYERS],
    /// The players who rejoined the pool.
    pub rejoined: u8,
    /// The last finished deal, as shown.
    pub last: Option<DealResult>,
    /// Whether the match is over.
    pub over: bool,
}

impl Observation {
    /// What `seat` sees of `s`.
    pub fn of(s: &State, seat: Seat) -> Observation {
        Observation {
            seat: seat as u8,
            players: s.players,
            hand: s.hands[seat],
            known: s.known,
            shown: std::array::from_fn(|k| {
                if s.status[k] == Status::Wrong && k != seat {
                    s.hands[k]
                } else {
                    Cards::EMPTY
                }
            }),
            counts: std::array::from_fn(|k| s.hands[k].len() as u8),
            pile: s.pile().to_vec(),
            cut: s.cut,
            stock: s.stock.len() as u8,
            dealt: s.dealt,
            dealer: s.dealer,
            phase: s.phase,
            to_act: s.to_act,
            status: s.status,
            drew: s.drew,
            taken: s.taken,
            reshuffled: s.reshuffled,
            deal_no: s.deal_no,
            scores: s.scores,
            rejoined: s.rejoined,
            last: s.last,
            over: s.over,
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else if matches!(self.phase, Phase::Deal | Phase::StockDraw) {
            Turn::Chance
        } else {
            Turn::Seat(usize::from(self.to_act))
        }
    }

    /// Players at the table.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The observing player's legal actions (none when another acts).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn() == Turn::Seat(usize::from(self.seat)) {
            seat_actions(self.phase, self.hand, !self.pile.is_empty(), self.taken, out);
        }
    }

    /// The cards the player cannot place: in other hands or the closed deck.
    pub fn unseen(&self) -> Cards {
        let mut seen = self.hand;
        for k in 0..MAX_PLAYERS {
            seen = seen | self.known[k] | self.shown[k];
        }
        let pile: Cards = self.pile.iter().copied().collect();
        DECK - seen - pile - self.cut.into_iter().collect()
    }

    /// The cards of player `k` this one cannot see.
    pub fn hidden(&self, k: usize) -> usize {
        if k == usize::from(self.seat) || !self.shown[k].is_empty() {
            0
        } else {
            usize::from(self.counts[k]).saturating_sub(self.known[k].len())
        }
    }

    /// Checks that some position shows this observation: the cards are
    /// distinct and in one place each, the counts add up to 106, the
    /// standings and the phase agree.
    ///
    /// # Errors
    /// What does not fit, in one line.
    pub fn check(&self) -> Result<(), String> {
        let n = self.players();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err("players are 2 to 6".into());
        }
        let seat = usize::from(self.seat);
        if seat >= n || usize::from(self.to_act) >= n || usize::from(self.dealer) >= n {
            return Err("a player out of the table".into());
        }
        let mut places = vec![self.hand];
        places.extend(self.known.iter().copied());
        places.extend(self.shown.iter().copied());
        let mut pile = Cards::EMPTY;
        for &c in &self.pile {
            if c.index() >= NUM_CARDS || pile.contains(c) {
                return Err("the open pile holds distinct cards 0 to 105".into());
            }
            pile.insert(c);
        }
        places.push(pile);
        if let Some(c) = self.cut {
            if c.index() >= NUM_CARDS {
                return Err("the cut joker is no card".into());
            }
            places.push(Cards::of(c));
        }
        let mut all = Cards::EMPTY;
        for (i, &p) in places.iter().enumerate() {
            if !(p - DECK).is_empty() {
                return Err("cards are 0 to 105".into());
            }
            // Its own known cards are in its hand; every other place is apart.
            if i != 1 + seat && !(all & p).is_empty() {
                return Err("a card is in two places".into());
            }
            all = all | p;
        }
        if !self.hand.contains_all(self.known[seat]) || !self.shown[seat].is_empty() {
            return Err("its own known cards are not in its hand".into());
        }
        for k in 0..MAX_PLAYERS {
            let out_of_table = k >= n;
            if out_of_table && (self.counts[k] != 0 || self.status[k] != Status::Out || self.scores[k] != 0) {
                return Err("a player beyond the table".into());
            }
            if usize::from(self.counts[k]) > HAND + 1 || usize::from(self.counts[k]) < self.known[k].len() {
                return Err("a hand of more than 14 cards, or fewer than it is known to hold".into());
            }
            if !self.shown[k].is_empty()
                && (self.status[k] != Status::Wrong || self.shown[k].len() != usize::from(self.counts[k]))
            {
                return Err("a shown hand that is not a wrong declarer's".into());
            }
            if self.status[k] == Status::Wrong && self.shown[k].is_empty() && k != seat {
                return Err("a wrong declarer's hand is shown".into());
            }
        }
        if usize::from(self.counts[seat]) != self.hand.len() {
            return Err("its count is not its hand's".into());
        }
        let hidden: usize = (0..n).map(|k| self.hidden(k)).sum();
        if hidden + usize::from(self.stock) != self.unseen().len() {
            return Err("the counts do not add up to 106 cards".into());
        }
        if !self.over && self.phase != Phase::Deal {
            let expected = if self.phase == Phase::Discard { HAND + 1 } else { HAND };
            if self.status[usize::from(self.to_act)] != Status::In
                || usize::from(self.counts[usize::from(self.to_act)]) != expected
                || self.cut.is_none()
            {
                return Err("the player to act is not in, or holds the wrong number of cards".into());
            }
            if self.phase == Phase::Draw && self.stock == 0 {
                return Err("a draw from an empty closed deck".into());
            }
        }
        if self
            .taken
            .is_some_and(|t| !self.known[usize::from(self.to_act)].contains(t))
        {
            return Err("the card just taken is not in the taker's hand".into());
        }
        Ok(())
    }

    /// A world drawn uniformly from those that fit; `None` when the
    /// observation does not check.
    pub fn sample(&self, rng: &mut Rng) -> Option<State> {
        Some(self.sampler()?.draw(rng))
    }

    /// The draws of [`sample`](Observation::sample) prepared once: the
    /// unseen instances dealt uniformly to the other hands' hidden places
    /// and the closed deck (every physical arrangement equally likely, so
    /// two copies of a face are never more than two, and the cards known
    /// to be in a hand stay there).
    pub fn sampler(&self) -> Option<Worlds> {
        self.check().ok()?;
        let mut s = State::new(self.players, 0);
        for k in 0..MAX_PLAYERS {
            s.hands[k] = self.known[k] | self.shown[k];
        }
        s.hands[usize::from(self.seat)] = self.hand;
        s.known = self.known;
        s.stock = Cards::EMPTY;
        for &c in &self.pile {
            s.push_pile(c);
        }
        s.cut = self.cut;
        s.dealt = self.dealt;
        s.dealer = self.dealer;
        s.deal_no = self.deal_no;
        s.phase = self.phase;
        s.to_act = self.to_act;
        s.status = self.status;
        s.drew = self.drew;
        s.taken = self.taken;
        s.reshuffled = self.reshuffled;
        s.scores = self.scores;
        s.rejoined = self.rejoined;
        s.last = self.last;
        s.over = self.over;
        Some(Worlds {
            template: s,
            unseen: self.unseen(),
            hidden: std::array::from_fn(|k| if k < self.players() { self.hidden(k) as u8 } else { 0 }),
        })
    }
}

/// The worlds of one observation: the unseen instances dealt uniformly
/// to the other hands' hidden places, the rest the closed deck.
#[derive(Clone, Debug)]
pub struct Worlds {
    template: State,
    unseen: Cards,
    hidden: [u8; MAX_PLAYERS],
}

impl Worlds {
    /// One world.
    pub fn draw(&mut self, rng: &mut Rng) -> State {
        let mut s = self.template.clone();
        let mut pool = self.unseen;
        for k in 0..MAX_PLAYERS {
            for _ in 0..self.hidden[k] {
                let c = pool.random(rng).expect("enough unseen cards for the hands");
                pool.remove(c);
                s.hands[k].insert(c);
            }
        }
        s.stock = pool;
        s.cards_hash = s.compute_cards_hash();
        s
    }
}

impl WorldSampler<State> for Worlds {
    fn sample(&mut self, rng: &mut Rng) -> State {
        self.draw(rng)
    }
}

/// Exchanges a card of another player's hand that `observer` cannot see
/// (not one taken from the pile, not a shown hand's) with a card of the
/// closed deck of another face, in the truth: the first such pair in card
/// order. Returns whether there was one. The hidden-information tests'
/// hook: every observation of `observer` must stay the same.
pub fn swap_unseen(s: &mut State, observer: Seat) -> bool {
    for k in (0..s.players()).filter(|&k| k != observer && s.status[k] != Status::Wrong) {
        for x in s.hands[k] - s.known[k] {
            if let Some(y) = s.stock.iter().find(|&y| crate::cards::face(y) != crate::cards::face(x)) {
                s.hands[k].remove(x);
                s.hands[k].insert(y);
                s.stock.remove(y);
                s.stock.insert(x);
                s.shift(x, Zone::Hand(k), Zone::Stock);
                s.shift(y, Zone::Stock, Zone::Hand(k));
                return true;
            }
        }
    }
    false
}
