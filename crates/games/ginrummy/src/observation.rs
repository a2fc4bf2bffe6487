//! What a seat knows: its hand, the discard pile, the cards the other
//! seat took from the pile, the counts, the scores, and the last hand as
//! it was laid down; and the worlds that fit it.

use serde::{Deserialize, Serialize};
use tabula_cards::{CardId, CardSet};
use tabula_search::{Rng, Seat, WorldSampler};

use crate::cards::DECK;
use crate::inference::{History, hand_weight};
use crate::state::{DEAD_STOCK, DEALT, HandResult, Phase, SEATS, State};

/// A seat's observation: everything it has seen, nothing it has not.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// Its hand.
    pub hand: CardSet,
    /// The cards it took from the pile and still holds (the other seat
    /// knows them too).
    pub known: CardSet,
    /// The discard pile, bottom first.
    pub pile: Vec<CardId>,
    /// Cards in the stock.
    pub stock: u8,
    /// Cards in the other seat's hand.
    pub other_count: u8,
    /// The cards the other seat took from the pile and still holds.
    pub other_known: CardSet,
    /// The cards each seat discarded (or knocked with) this hand.
    pub discarded: [CardSet; SEATS],
    /// The pile's top cards each seat was offered this hand and left.
    pub declined: [CardSet; SEATS],
    /// Cards dealt this hand.
    pub dealt: u8,
    /// The dealer.
    pub dealer: u8,
    /// Where the hand stands.
    pub phase: Phase,
    /// The seat to act.
    pub to_act: u8,
    /// Seats that refused the first upcard.
    pub refused: u8,
    /// The card just taken from the pile (not to be discarded at once).
    pub taken: Option<CardId>,
    /// The hand's first upcard.
    pub upcard: Option<CardId>,
    /// Hands finished.
    pub hand_no: u32,
    /// The points scored in the hands so far.
    pub scores: [u32; SEATS],
    /// The hands each seat won.
    pub boxes: [u32; SEATS],
    /// The last finished hand, as it was laid down.
    pub last: Option<HandResult>,
    /// The match's totals, once it is over.
    pub totals: Option<[u32; SEATS]>,
}

impl Observation {
    /// What `seat` sees of `s`.
    pub fn of(s: &State, seat: Seat) -> Observation {
        let other = 1 - seat;
        Observation {
            seat: seat as u8,
            hand: s.hands[seat],
            known: s.known[seat],
            pile: s.pile().to_vec(),
            stock: s.stock.len() as u8,
            other_count: s.hands[other].len() as u8,
            other_known: s.known[other],
            discarded: s.discarded,
            declined: s.declined,
            dealt: s.dealt,
            dealer: s.dealer,
            phase: s.phase,
            to_act: s.to_act,
            refused: s.refused,
            taken: s.taken,
            upcard: s.upcard,
            hand_no: s.hand_no,
            scores: s.scores,
            boxes: s.boxes,
            last: s.last,
            totals: s.totals,
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> tabula_search::Turn {
        use tabula_search::Turn;
        if self.totals.is_some() {
            Turn::Terminal
        } else if matches!(self.phase, Phase::Deal | Phase::StockDraw) {
            Turn::Chance
        } else {
            Turn::Seat(usize::from(self.to_act))
        }
    }

    /// The cards the seat cannot place: in the other hand or the stock.
    pub fn unseen(&self) -> CardSet {
        let pile: CardSet = self.pile.iter().copied().collect();
        DECK - self.hand - pile - self.other_known
    }

    /// Checks that some position shows this observation: the cards are
    /// disjoint and number 52, the counts and the phase agree.
    ///
    /// # Errors
    /// What does not fit, in one line.
    pub fn check(&self) -> Result<(), String> {
        if usize::from(self.seat) >= SEATS || usize::from(self.to_act) >= SEATS || usize::from(self.dealer) >= SEATS {
            return Err("seats are 0 and 1".into());
        }
        let history = self.discarded[0] | self.discarded[1] | self.declined[0] | self.declined[1];
        if (self.hand | self.other_known | history).0 & !DECK.0 != 0 {
            return Err("cards are 0 to 51".into());
        }
        let mut pile = CardSet::EMPTY;
        for &c in &self.pile {
            if usize::from(c.0) >= 52 || pile.contains(c) {
                return Err("the pile holds distinct cards 0 to 51".into());
            }
            pile.insert(c);
        }
        if !(self.hand & pile).is_empty()
            || !(self.hand & self.other_known).is_empty()
            || !(pile & self.other_known).is_empty()
        {
            return Err("a card is in two places".into());
        }
        let hidden = usize::from(self.other_count)
            .checked_sub(self.other_known.len())
            .ok_or("the other seat holds fewer cards than it is known to")?;
        if hidden + usize::from(self.stock) != self.unseen().len() {
            return Err("the counts do not add up to 52 cards".into());
        }
        if self.dealt > DEALT || self.refused > 2 {
            return Err("the deal or the upcard's refusals are out of range".into());
        }
        let taker_known = if self.seat == self.to_act {
            self.known
        } else {
            self.other_known
        };
        if !self.hand.contains_all(self.known) || self.taken.is_some_and(|t| !taker_known.contains(t)) {
            return Err("the cards taken from the pile are not in the hand".into());
        }
        let holding = usize::from(if usize::from(self.seat) == usize::from(self.to_act) {
            self.hand.len() as u8
        } else {
            self.other_count
        });
        let expected = match self.phase {
            Phase::Discard => Some(11),
            Phase::Offer | Phase::Draw | Phase::StockDraw => Some(10),
            Phase::Deal => None,
        };
        if self.totals.is_none() && expected.is_some_and(|n| n != holding) {
            return Err("the seat to act holds the wrong number of cards for the phase".into());
        }
        // A hand ends (dead) on the discard that leaves two cards in the
        // stock: a seat draws only from three or more, and a card taken from
        // the pile leaves the stock as the last discard left it.
        let least = match self.phase {
            Phase::Deal => 0,
            Phase::Discard if self.taken.is_none() => DEAD_STOCK,
            _ => DEAD_STOCK + 1,
        };
        if self.totals.is_none() && usize::from(self.stock) < least {
            return Err(format!("a stock of {} cards in the {:?} phase", self.stock, self.phase));
        }
        self.check_match()
    }

    /// The match's figures: South deals the first hand, the winner of a
    /// hand deals the next (its dealer again after a dead hand), and the
    /// scores and boxes are the hands' won.
    fn check_match(&self) -> Result<(), String> {
        let won: u32 = self.boxes.iter().sum();
        match (self.hand_no, &self.last) {
            (0, None) if self.dealer == 0 && self.scores == [0; SEATS] && self.boxes == [0; SEATS] => Ok(()),
            (0, _) => Err("the first hand is dealt by seat 0, before any score".into()),
            (_, None) => Err("a finished hand leaves its result".into()),
            (n, Some(last)) => {
                if won > n {
                    return Err(format!("{won} hands won of {n} finished"));
                }
                match last.winner.map(usize::from) {
                    Some(w) if w >= SEATS => Err("the last hand's winner is no seat".into()),
                    Some(w) if self.totals.is_none() && usize::from(self.dealer) != w => {
                        Err("the winner of the last hand deals the next".into())
                    }
                    Some(w) if self.boxes[w] == 0 || self.scores[w] < last.points => {
                        Err("the last hand's winner has not scored it".into())
                    }
                    _ => Ok(()),
                }
            }
        }
    }

    /// A world drawn uniformly from those that fit; `None` when the
    /// observation does not check.
    pub fn sample(&self, rng: &mut Rng) -> Option<State> {
        Some(self.sampler()?.draw(rng))
    }

    /// The draws of [`sample`](Observation::sample) prepared once.
    pub fn sampler(&self) -> Option<Worlds> {
        self.sampler_inferring(0)
    }

    /// As [`sampler`](Observation::sampler), the other hand's hidden cards
    /// weighted by `exp(−deadwood / temperature)` among
    /// [`INFERENCE_DRAWS`] uniform draws (see
    /// [`GinRummy::inferring`](crate::GinRummy::inferring)); 0: uniform.
    pub fn sampler_inferring(&self, temperature: u32) -> Option<Worlds> {
        self.check().ok()?;
        let me = usize::from(self.seat);
        let other = 1 - me;
        let mut s = State::new(self.dealer);
        s.hands[me] = self.hand;
        s.hands[other] = self.other_known;
        s.known[other] = self.other_known;
        s.known[me] = self.known;
        s.discarded = self.discarded;
        s.declined = self.declined;
        for &c in &self.pile {
            s.push_pile(c);
        }
        s.stock = CardSet::EMPTY;
        s.dealt = self.dealt;
        s.phase = self.phase;
        s.to_act = self.to_act;
        s.refused = self.refused;
        s.taken = self.taken;
        s.upcard = self.upcard;
        s.hand_no = self.hand_no;
        s.scores = self.scores;
        s.boxes = self.boxes;
        s.last = self.last;
        s.totals = self.totals;
        let unseen = self.unseen();
        Some(Worlds {
            template: s,
            unseen,
            hidden: usize::from(self.other_count) - self.other_known.len(),
            other,
            temperature: f64::from(temperature),
            history: History::new(self.discarded[other], self.declined[other]),
        })
    }
}

/// The worlds of one observation: the other seat's hidden cards drawn
/// uniformly from the unseen ones, the rest the stock.
#[derive(Clone, Debug)]
pub struct Worlds {
    template: State,
    unseen: CardSet,
    hidden: usize,
    other: usize,
    temperature: f64,
    history: History,
}

/// The uniform draws an inferring sampler weighs.
pub const INFERENCE_DRAWS: usize = 8;

impl Worlds {
    /// `hidden` cards of `unseen`, uniformly.
    fn hidden_cards(&self, rng: &mut Rng) -> CardSet {
        let mut pool = self.unseen;
        let mut cards = CardSet::EMPTY;
        for _ in 0..self.hidden {
            let c = pool.random(rng).expect("enough unseen cards for the other hand");
            pool.remove(c);
            cards.insert(c);
        }
        cards
    }

    /// One world.
    pub fn draw(&mut self, rng: &mut Rng) -> State {
        let hidden = if self.temperature > 0.0 {
            let known = self.template.hands[self.other];
            let mut draws = [(CardSet::EMPTY, 0.0); INFERENCE_DRAWS];
            for d in &mut draws {
                let cards = self.hidden_cards(rng);
                let w = hand_weight(known | cards, cards, &self.history, self.temperature);
                *d = (cards, w);
            }
            tabula_search::sample_weighted(&draws, rng)
        } else {
            self.hidden_cards(rng)
        };
        let mut s = self.template.clone();
        s.hands[self.other] = s.hands[self.other] | hidden;
        s.stock = self.unseen - hidden;
        s.cards_hash = s.compute_cards_hash();
        s
    }
}

impl WorldSampler<State> for Worlds {
    fn sample(&mut self, rng: &mut Rng) -> State {
        self.draw(rng)
    }
}

/// Exchanges a card of the other seat's hand that `observer` cannot see
/// (not one it took from the pile) with a card of the stock, in the truth:
/// the first such pair in card order. Returns whether there was one. The
/// hidden-information tests' hook: every observation of `observer` must
/// stay the same.
pub fn swap_unseen(s: &mut State, observer: Seat) -> bool {
    use crate::state::Zone;
    let other = 1 - observer;
    let (Some(x), Some(y)) = ((s.hands[other] - s.known[other]).lowest(), s.stock.lowest()) else {
        return false;
    };
    s.hands[other].remove(x);
    s.hands[other].insert(y);
    s.stock.remove(y);
    s.stock.insert(x);
    s.shift(x, Zone::Hand(other), Zone::Stock);
    s.shift(y, Zone::Stock, Zone::Hand(other));
    true
}
