//! What one seat knows, and the worlds consistent with it.
//!
//! A seat's [`Observation`] holds its own hand, every bid (blind nil
//! included), every card played and who took each trick, the revealed
//! voids, spades broken, and the match's scores and bags. Nothing in it
//! depends on a card the seat cannot see: not its partner's hand either.
//!
//! [`Observation::sample`] draws a world uniformly over the arrangements
//! of the unseen cards that fit it (with the card engine's
//! [`DealProblem`]): no seat holds a suit it has shown void in.

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::OtherHands;
use tabula_cards::{CardId, CardSet, Deal, DealProblem, DealSampler};
use tabula_search::{Rng, Seat, Turn};

use crate::actions::{Action, playable};
use crate::cards::{DECK, HAND, NUM_CARDS, suit_bit, suit_of};
use crate::state::{ALL, Public, SEATS, SIDES, State, TRICKS, Zone, key};

/// What a seat knows of a position (see the [module documentation](self)).
/// Its JSON is flat: the public part's fields sit beside the seat's own
/// (a field it does not have is refused by the contract, for every game).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// Its hand.
    pub hand: CardSet,
    /// What every seat knows.
    #[serde(flatten)]
    pub public: Public,
}

impl Observation {
    /// Seat `seat`'s observation of `s`.
    pub fn of(s: &State, seat: Seat) -> Observation {
        Observation {
            seat: seat as u8,
            hand: s.hands[seat],
            public: s.public,
        }
    }

    /// The seat to answer blind nil, before the deal.
    pub fn next_blinder(&self) -> Option<usize> {
        self.public.next_blinder()
    }

    /// The seat to bid.
    pub fn next_bidder(&self) -> Option<usize> {
        self.public.next_bidder()
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        self.public.turn()
    }

    /// Tricks each seat took this hand.
    pub fn won(&self) -> [u8; SEATS] {
        self.public.won()
    }

    /// The observing seat's legal actions (none when another acts).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let me = usize::from(self.seat);
        if self.turn() != Turn::Seat(me) {
            return;
        }
        if self.next_blinder() == Some(me) {
            out.extend([Action::Blind(false), Action::Blind(true)]);
        } else if self.next_bidder() == Some(me) {
            out.extend((0..=TRICKS).map(Action::Bid));
        } else {
            let cards = playable(
                self.hand,
                self.public.tricks.trick().first().copied(),
                self.public.broken,
            );
            out.extend(cards.iter().map(Action::Play));
        }
    }

    /// The number of cards `seat` holds.
    pub fn hand_size(&self, seat: usize) -> usize {
        self.public.hand_size(seat)
    }

    /// Checks that some position has this observation.
    ///
    /// # Errors
    /// What does not fit, in words.
    pub fn check(&self) -> Result<(), String> {
        let me = usize::from(self.seat);
        if me >= SEATS
            || usize::from(self.public.tricks.leader) >= SEATS
            || usize::from(self.public.dealt) > NUM_CARDS
            || self.public.tricks.done > TRICKS
            || self.public.tricks.trick().len() >= SEATS
            || self.public.bids.iter().any(|b| b.is_some_and(|b| b > TRICKS))
        {
            return Err("a seat, a deal, a bid or a trick out of range".into());
        }
        let deck = DECK.all();
        let mut seen = CardSet::EMPTY;
        for set in self.public.tricks.played.iter().chain(&self.public.tricks.taken) {
            if !deck.contains_all(*set) {
                return Err("a card that is not in the deck".into());
            }
        }
        for (seat, set) in self.public.tricks.played.iter().enumerate() {
            if !(seen & *set).is_empty() || set.len() > HAND {
                return Err(format!("seat {seat} played more cards than it held"));
            }
            seen = seen | *set;
        }
        self.public.tricks.check(ALL)?;
        // The last hand's figures exist once a hand has ended, and only then.
        let first = self.public.hand_no == 0;
        if first != self.public.last_hand.is_none()
            || (first && (self.public.scores != [0; SIDES] || self.public.bags != [0; SIDES]))
        {
            return Err(format!(
                "scores that {} finished hands cannot leave",
                self.public.hand_no
            ));
        }
        if !seen.is_empty() && (usize::from(self.public.dealt) < NUM_CARDS || self.next_bidder().is_some()) {
            return Err("cards played before the bidding is over".into());
        }
        if self
            .public
            .blind
            .iter()
            .zip(&self.public.bids)
            .any(|(&b, &bid)| b && bid != Some(0))
        {
            return Err("a blind nil without its bid".into());
        }
        if self.hand.len() != self.hand_size(me) || !deck.contains_all(self.hand) || !(seen & self.hand).is_empty() {
            return Err(format!("seat {me} should hold {} cards", self.hand_size(me)));
        }
        if self.sample(&mut Rng::new(0)).is_none() {
            return Err("no deal of the unseen cards fits this observation".into());
        }
        Ok(())
    }

    /// A world drawn uniformly among those consistent with the observation
    /// (see the [module documentation](self)); `None` when none is.
    pub fn sample(&self, rng: &mut Rng) -> Option<State> {
        Some(self.sampler()?.draw(rng))
    }

    /// The draws of [`sample`](Observation::sample) prepared once, for a
    /// search that draws a world per iteration; `None` when no world fits.
    pub fn sampler(&self) -> Option<Worlds> {
        let me = usize::from(self.seat);
        let mut s = State::new();
        s.public = self.public;
        s.hands[me] = self.hand;
        s.stock = CardSet::EMPTY;

        let dealing = usize::from(self.public.dealt) < NUM_CARDS;
        let others = OtherHands::new(me, SEATS);
        let mut caps = others.caps(|o| self.hand_size(o), &[CardSet::EMPTY; SEATS])?;
        let stock_holder = caps.len();
        if dealing {
            caps.push(NUM_CARDS - usize::from(self.public.dealt));
        }
        let played = self.public.tricks.played.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        let mut problem = DealProblem::new(caps);
        for c in DECK.all() - self.hand - played {
            let mut allowed = others.not_void(&self.public.tricks.voids, suit_bit(suit_of(c)));
            if dealing {
                allowed |= 1 << stock_holder;
            }
            problem.add(c, allowed);
        }
        let sampler = DealSampler::new(&problem).ok()?;
        s.cards_hash = s.compute_cards_hash();
        Some(Worlds {
            template: s,
            others,
            dealing,
            stock_holder,
            sampler,
            deal: Deal::new(),
        })
    }
}

/// The worlds of one observation, prepared once (see
/// [`Observation::sampler`]): each draw allocates nothing once the first
/// has been made.
#[derive(Clone, Debug)]
pub struct Worlds {
    /// The world without its unseen cards.
    template: State,
    others: OtherHands,
    dealing: bool,
    stock_holder: usize,
    sampler: DealSampler,
    deal: Deal,
}

impl Worlds {
    /// One world.
    pub fn draw(&mut self, rng: &mut Rng) -> State {
        let mut s = self.template.clone();
        self.sampler.sample_into(rng, &mut self.deal);
        // The template's cards are hashed already; only the drawn ones are added.
        let mut hash = s.cards_hash ^ self.others.fill(&self.deal, &mut s.hands, |o, c| key(Zone::Hand(o), c));
        if self.dealing {
            s.stock = self.deal.holder(self.stock_holder).iter().copied().collect();
            for c in s.stock {
                hash ^= key(Zone::Stock, c);
            }
        }
        s.cards_hash = hash;
        debug_assert_eq!(hash, s.compute_cards_hash(), "the drawn world's hash");
        s
    }
}

impl tabula_search::WorldSampler<State> for Worlds {
    fn sample(&mut self, rng: &mut Rng) -> State {
        self.draw(rng)
    }
}

/// Exchanges two cards `observer` cannot see, held by two other seats (its
/// partner's included), in the truth: the first pair in deck order that
/// keeps the position possible (each card goes to a seat not void in its
/// suit). Returns whether there was such a pair. The hidden-information
/// tests' hook: every observation of `observer` must stay the same.
pub fn swap_unseen(s: &mut State, observer: Seat) -> bool {
    swap_between(s, observer, |_, _| true)
}

/// [`swap_unseen`] restricted to pairs of seats `pair(a, b)` accepts: the
/// partner-isolation tests swap the partner's cards only.
pub fn swap_between(s: &mut State, observer: Seat, pair: impl Fn(usize, usize) -> bool) -> bool {
    let allowed = |s: &State, seat: usize, c: CardId| s.public.tricks.voids[seat] & suit_bit(suit_of(c)) == 0;
    for a in (0..SEATS).filter(|&x| x != observer) {
        for b in (a + 1..SEATS).filter(|&x| x != observer && pair(a, x)) {
            for x in s.hands[a] {
                if !allowed(s, b, x) {
                    continue;
                }
                if let Some(y) = s.hands[b].iter().find(|&y| allowed(s, a, y)) {
                    s.hands[a].remove(x);
                    s.hands[b].remove(y);
                    s.hands[a].insert(y);
                    s.hands[b].insert(x);
                    s.shift(x, Zone::Hand(a), Zone::Hand(b));
                    s.shift(y, Zone::Hand(b), Zone::Hand(a));
                    return true;
                }
            }
        }
    }
    false
}
