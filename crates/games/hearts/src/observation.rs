//! What one seat knows, and the worlds consistent with it.
//!
//! A seat's [`Observation`] holds its own hand, the pass it chose and the
//! cards it received, who has chosen a pass, every card played and who
//! took each trick, the revealed voids, hearts broken, and the scores.
//! Nothing in it depends on a card the seat cannot see.
//!
//! [`Observation::sample`] draws a world uniformly over the arrangements
//! of the unseen cards that fit it (with the card engine's
//! [`DealProblem`]): no seat holds a suit it has shown void in, the cards
//! the seat passed sit with their receiver until played, the seat to lead
//! the first trick holds 2♣, and a pass chosen
//! but not yet exchanged is drawn from the passer's unseen cards, never
//! copied from the truth.

use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::OtherHands;
use tabula_cards::{CardId, CardSet, Deal, DealProblem, DealSampler};
use tabula_search::{Rng, Seat, Turn};

use crate::actions::{Action, passes, playable};
use crate::cards::{DECK, HAND, NUM_CARDS, TWO_OF_CLUBS, suit_index, suit_of};
use crate::state::{ALL, Public, SEATS, State, Zone, key, pass_offset, passing};

/// What a seat knows of a position (see the [module documentation](self)).
/// Its JSON is flat: the public part's fields sit beside the seat's own
/// (a field it does not have is refused by the contract, for every game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// Its hand.
    pub hand: CardSet,
    /// The pass it chose this hand.
    pub passed: Option<CardSet>,
    /// Which seats have chosen their pass.
    pub passers: [bool; SEATS],
    /// The cards it received.
    pub received: CardSet,
    /// What every seat knows.
    #[serde(flatten)]
    pub public: Public,
}

/// Field by field in the order the observation's fields were first laid
/// out: the searches draw their seeds from this hash (`stable_hash`), so
/// the order keeps every decision as it was.
impl Hash for Observation {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let p = &self.public;
        self.seat.hash(state);
        self.hand.hash(state);
        p.dealt.hash(state);
        p.hand_no.hash(state);
        self.passed.hash(state);
        self.passers.hash(state);
        p.exchanged.hash(state);
        self.received.hash(state);
        p.tricks.hash(state);
        p.broken.hash(state);
        p.scores.hash(state);
        p.last_hand.hash(state);
        p.moon.hash(state);
        p.over.hash(state);
    }
}

impl Observation {
    /// Seat `seat`'s observation of `s`.
    pub fn of(s: &State, seat: Seat) -> Observation {
        Observation {
            seat: seat as u8,
            hand: s.hands[seat],
            passed: s.passed[seat],
            passers: s.passed.map(|p| p.is_some()),
            received: s.received[seat],
            public: s.public,
        }
    }

    /// The seat to choose its pass next, during the passing.
    pub fn next_passer(&self) -> Option<usize> {
        self.public.next_passer(|s| self.passers[s])
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        self.public.turn(self.next_passer())
    }

    /// The observing seat's legal actions (none when another acts).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn() != Turn::Seat(usize::from(self.seat)) {
            return;
        }
        if self.next_passer().is_some() {
            passes(self.hand, out);
        } else if self.public.moon.is_some() {
            out.extend([Action::Moon(false), Action::Moon(true)]);
        } else {
            let cards = playable(
                self.hand,
                self.public.tricks.led(),
                self.public.tricks.done,
                self.public.broken,
            );
            out.extend(cards.iter().map(Action::Play));
        }
    }

    /// The number of cards `seat` holds.
    pub fn hand_size(&self, seat: usize) -> usize {
        if usize::from(self.public.dealt) < NUM_CARDS {
            return self.public.deal().dealt_to(seat, usize::from(self.public.dealt));
        }
        let passing = !self.public.exchanged && self.passers[seat];
        HAND.saturating_sub(self.public.tricks.played[seat].len() + if passing { 3 } else { 0 })
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
            || self.public.tricks.done > 13
            || self.public.tricks.trick().len() >= SEATS
            || self.public.moon.is_some_and(|m| usize::from(m) >= SEATS)
        {
            return Err("a seat, a deal or a trick out of range".into());
        }
        let deck = DECK.all();
        let mut seen = CardSet::EMPTY;
        for set in self.public.tricks.played.iter().chain(&self.public.tricks.taken) {
            if !deck.contains_all(*set) {
                return Err("a card that is not in the deck".into());
            }
        }
        for (seat, set) in self.public.tricks.played.iter().enumerate() {
            let passing = !self.public.exchanged && self.passers[seat];
            if !(seen & *set).is_empty() || set.len() + if passing { 3 } else { 0 } > HAND {
                return Err(format!("seat {seat} played more cards than it held"));
            }
            seen = seen | *set;
        }
        let trick_by_seat =
            self.public.tricks.trick().iter().enumerate().all(|(i, &c)| {
                self.public.tricks.played[(usize::from(self.public.tricks.leader) + i) % SEATS].contains(c)
            });
        if !trick_by_seat {
            return Err("a card of the trick that its seat did not play".into());
        }
        if (usize::from(self.public.dealt) < NUM_CARDS || !self.public.exchanged) && !seen.is_empty() {
            return Err("cards played before the deal and the passing are over".into());
        }
        if self.hand.len() != self.hand_size(me) || !DECK.all().contains_all(self.hand) {
            return Err(format!("seat {me} should hold {} cards", self.hand_size(me)));
        }
        let played = self.public.tricks.played.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        if !(played & self.hand).is_empty() {
            return Err("a card is both in the hand and played".into());
        }
        // The passing: none during the deal; after it, every seat passes
        // (three cards) before the exchange, except in the hands without a
        // pass, which start their tricks at once.
        let passing = pass_offset(self.public.hand_no).is_some();
        let chosen = self.passers.iter().filter(|&&p| p).count();
        let own = self.passed.map(CardSet::len);
        let fits = match (usize::from(self.public.dealt) < NUM_CARDS, self.public.exchanged) {
            (true, _) => !self.public.exchanged && chosen == 0 && own.is_none() && self.received.is_empty(),
            (false, false) => {
                // Seats choose in turn from the dealer's left.
                let order = (1..=SEATS).map(|k| (self.public.dealer() + k) % SEATS);
                let in_turn = order.map(|s| self.passers[s]).skip_while(|&p| p).all(|p| !p);
                passing
                    && in_turn
                    && own.is_some() == self.passers[me]
                    && own.is_none_or(|n| n == 3)
                    && self.received.is_empty()
            }
            (false, true) if passing => chosen == SEATS && own == Some(3) && self.received.len() == 3,
            (false, true) => chosen == 0 && own.is_none() && self.received.is_empty(),
        };
        if !fits {
            return Err("the passing does not fit the deal and the hand".into());
        }
        self.public.tricks.check(ALL)?;
        // Every hand scores points (26 among the seats, or the moon's), so
        // the scores are all zero before the first hand ends, and only then.
        let zero = |points: &[i32; SEATS]| points.iter().all(|&p| p == 0);
        if (self.public.hand_no == 0) != (zero(&self.public.scores) && zero(&self.public.last_hand))
            || (self.public.hand_no > 0 && zero(&self.public.last_hand))
        {
            return Err(format!(
                "scores that {} finished hands cannot leave",
                self.public.hand_no
            ));
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
        s.passed[me] = self.passed;
        s.received[me] = self.received;
        s.stock = CardSet::EMPTY;

        let offset = pass_offset(self.public.hand_no);
        let dealing = usize::from(self.public.dealt) < NUM_CARDS;
        let passing = !dealing && !self.public.exchanged;
        // The cards this seat passed sit with their receiver until played.
        let mut known = [CardSet::EMPTY; SEATS];
        if let (true, Some(off), Some(mine)) = (self.public.exchanged, offset, self.passed) {
            let to = (me + off) % SEATS;
            known[to] = mine - self.public.tricks.played[to];
            s.received[to] = mine;
        }
        // The first lead is 2♣, so whoever is to lead it holds it.
        let leader = usize::from(self.public.tricks.leader);
        if self.public.exchanged
            && self.public.tricks.done == 0
            && self.public.tricks.trick().is_empty()
            && leader != me
        {
            known[leader].insert(TWO_OF_CLUBS);
        }
        // Holders: each other seat's hand, its chosen pass while passing,
        // and the stock while dealing.
        let others = OtherHands::new(me, SEATS);
        let mut caps = others.caps(|o| self.hand_size(o), &known)?;
        for o in others.seats() {
            s.hands[o] = known[o];
        }
        if passing {
            for o in others.seats() {
                caps.push(if self.passers[o] { 3 } else { 0 });
            }
        }
        let stock_holder = caps.len();
        if dealing {
            caps.push(NUM_CARDS - usize::from(self.public.dealt));
        }
        let played = self.public.tricks.played.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        let mine_passing = if passing {
            self.passed.unwrap_or_default()
        } else {
            CardSet::EMPTY
        };
        let seen = self.hand | played | known.iter().fold(CardSet::EMPTY, |a, &b| a | b) | mine_passing;
        let mut problem = DealProblem::new(caps);
        for c in DECK.all() - seen {
            let mut allowed = others.not_void(&self.public.tricks.voids, 1 << suit_index(suit_of(c)));
            for (i, o) in others.seats().enumerate() {
                if passing && self.passers[o] {
                    allowed |= 1 << (SEATS - 1 + i);
                }
            }
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
            passing,
            dealing,
            stock_holder,
            other_passes: if self.public.exchanged { offset } else { None },
            me,
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
    passing: bool,
    dealing: bool,
    stock_holder: usize,
    /// After an exchange: its offset, to draw the other seats' passes.
    other_passes: Option<usize>,
    me: usize,
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
        // While passing, the passes chosen so far (holders after the hands).
        if self.passing {
            for (i, o) in self.others.seats().enumerate() {
                let pass: CardSet = self.deal.holder(SEATS - 1 + i).iter().copied().collect();
                if !pass.is_empty() {
                    for c in pass {
                        hash ^= key(passing(o), c);
                    }
                    s.passed[o] = Some(pass);
                }
            }
        }
        if self.dealing {
            s.stock = self.deal.holder(self.stock_holder).iter().copied().collect();
            for c in s.stock {
                hash ^= key(Zone::Stock, c);
            }
        }
        if let Some(off) = self.other_passes {
            // The other passes: the seat passing to this one passed what it
            // received; the rest passed three of their receiver's cards.
            let me = self.me;
            let to_me_from = (me + SEATS - off) % SEATS;
            s.passed[to_me_from] = Some(s.received[me]);
            for from in 0..SEATS {
                let to = (from + off) % SEATS;
                if from == me || from == to_me_from {
                    continue;
                }
                // Neither this seat's pass nor its own cards went there.
                let mut pool = s.hands[to] | s.public.tricks.played[to];
                let mut chosen = CardSet::EMPTY;
                for _ in 0..3 {
                    let c = pool
                        .random(rng)
                        .expect("a receiver holds or played the cards passed to it");
                    pool.remove(c);
                    chosen.insert(c);
                }
                s.passed[from] = Some(chosen);
                s.received[to] = chosen;
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

/// Exchanges two cards `observer` cannot see, held by two other seats, in
/// the truth: the first pair in deck order that keeps the position
/// possible (each card goes to a seat not void in its suit, neither is a
/// card the observer passed or the 2♣ the leader is known to hold).
/// Returns whether there was such a pair. The hidden-information tests'
/// hook: every observation of `observer` must stay the same.
pub fn swap_unseen(s: &mut State, observer: Seat) -> bool {
    let o = Observation::of(s, observer);
    let fixed = o.passed.unwrap_or_default() | o.received | CardSet::of(TWO_OF_CLUBS);
    let movable = |seat: usize| s.hands[seat] - fixed;
    let allowed = |seat: usize, c: CardId| s.public.tricks.voids[seat] & (1 << suit_index(suit_of(c))) == 0;
    for a in (0..SEATS).filter(|&x| x != observer) {
        for b in (a + 1..SEATS).filter(|&x| x != observer) {
            for x in movable(a) {
                if let Some(y) = movable(b).iter().find(|&y| allowed(b, x) && allowed(a, y)) {
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
