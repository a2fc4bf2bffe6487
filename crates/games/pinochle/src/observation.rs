//! What one seat knows, and the worlds consistent with it.
//!
//! A seat's [`Observation`] holds its own hand, the cards it passed to its
//! partner and received (by face), and the public part: the auction, the
//! trump, the melds every seat showed, every card played, who took each
//! trick, and what each seat's plays ruled out of its hand. Nothing in it
//! depends on a card the seat cannot see, its partner's hidden cards
//! included, nor on which of two copies a hand holds: the numbers of the
//! cards the table sees are its own (see [`Action`]), and the seat's own
//! unshown copies show under the lowest numbers it has not seen.
//!
//! [`Observation::sampler`] draws worlds over the arrangements of the
//! unseen cards that fit it, with the card engine's [`DealProblem`]: each
//! seat holds the meld cards it showed and has not played, the partner
//! holds as many copies of each face as the pass leaves the seat sure of
//! ([`Observation::known_in`]), no seat
//! holds a card its plays ruled out (a suit it did not follow, a trump it
//! did not play, a card that would have headed the trick) or a card that,
//! beside the cards it is known to have held, would have made it meld more
//! than it showed (a nine of trumps not melded as a dix, the queen of a
//! king shown without its marriage); a world whose hands would still have
//! melded more (two such cards together) is drawn again (up to
//! [`MAX_REDRAWS`] times).

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::OtherHands;
use tabula_cards::{CardId, CardSet, Deal, DealProblem, DealSampler};
use tabula_search::{Rng, Seat, Turn};

use crate::actions::Action;
use crate::cards::{
    ALL, HAND, NUM_CARDS, SEATS, SIDES, TRICKS, both_copies, copies, count, face, faces_of, suit_cards,
};
use crate::melds::count_melds;
use crate::options::{BID_STEP, MAX_BID};
use crate::state::{ALL_SEATS, Phase, Public, State, Zone, face_set, key, partner, seen_numbers};

/// How many times a world that would have melded more than its seats
/// showed is drawn again before the last draw is kept.
pub const MAX_REDRAWS: usize = 64;

/// What a seat knows of a position (see the [module documentation](self)).
/// Its JSON is flat: the public part's fields sit beside the seat's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// Its hand.
    pub hand: CardSet,
    /// The cards it passed to its partner this hand.
    pub gave: CardSet,
    /// The cards it received from its partner this hand.
    pub got: CardSet,
    /// What every seat knows.
    #[serde(flatten)]
    pub public: Public,
}

impl Observation {
    /// Seat `seat`'s observation of `s`.
    pub fn of(s: &State, seat: Seat) -> Observation {
        Observation {
            seat: seat as u8,
            hand: seen_numbers(s.hands[seat], s.public.public_cards()),
            gave: s.gave[seat],
            got: s.got[seat],
            public: s.public,
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        self.public.turn()
    }

    /// The observing seat's legal actions (none when another acts).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        self.public.legal_actions(usize::from(self.seat), self.hand, out);
    }

    /// The number of cards `seat` holds.
    pub fn hand_size(&self, seat: usize) -> usize {
        self.public.hand_size(seat)
    }

    /// The cards the seat knows to be in `other`'s hand: the meld it
    /// showed and has not played; for the partner, also as many copies of
    /// a face as the pass leaves it sure of (passed to it, less those
    /// passed back when this seat passed first, less the copies of the
    /// face it has played since: nobody can tell two copies apart), under
    /// the face's lowest numbers this seat has not seen.
    pub fn known_in(&self, other: usize) -> CardSet {
        self.known_copies(other).0
    }

    /// [`known_in`](Observation::known_in), and whether the copies the
    /// pass makes sure of fit among the copies the seat has not seen (an
    /// observation from outside may claim more).
    fn known_copies(&self, other: usize) -> (CardSet, bool) {
        let p = &self.public;
        let shown = p.shown[other] - p.tricks.all_played();
        let me = usize::from(self.seat);
        if other != partner(me) {
            return (shown, true);
        }
        let first = p.declarer.is_some_and(|d| usize::from(d) != me);
        let seen = p.public_cards() | self.hand;
        let mut known = shown;
        let mut fits = true;
        for c in faces_of(self.gave) {
            let f = face(c);
            let back = if first { count(self.got, f) } else { 0 };
            let sure = count(self.gave, f)
                .saturating_sub(back)
                .saturating_sub(count(p.tricks.played[other], f))
                .saturating_sub(count(shown, f));
            let mut free = copies(f) - seen;
            for _ in 0..sure {
                match free.lowest() {
                    Some(x) => {
                        free.remove(x);
                        known.insert(x);
                    }
                    None => fits = false,
                }
            }
        }
        (known, fits)
    }

    /// Checks that some position has this observation.
    ///
    /// # Errors
    /// What does not fit, in words.
    pub fn check(&self) -> Result<(), String> {
        let me = usize::from(self.seat);
        let p = &self.public;
        p.options.check()?;
        if me >= SEATS
            || usize::from(p.dealt) > NUM_CARDS
            || usize::from(p.speaker) >= SEATS
            || usize::from(p.high_seat) >= SEATS
            || p.out > 0b1111
            || p.declarer.is_some_and(|d| usize::from(d) >= SEATS)
            || p.trump.is_some_and(|t| t >= 4)
            || p.gives_left > 2
            || p.tricks.done > TRICKS
            || p.winner.is_some_and(|w| usize::from(w) >= SIDES)
        {
            return Err("a seat, a suit, a count or a deal out of range".into());
        }
        let bad_bid = |b: u16| b != 0 && (b < p.options.min_bid || b > MAX_BID || b % BID_STEP != 0);
        if p.bids.iter().any(|&b| bad_bid(b) || b > p.high) || bad_bid(p.high) {
            return Err("a bid out of range".into());
        }
        if p.high > 0 && p.bids[usize::from(p.high_seat)] != p.high {
            return Err("the high bid is not its seat's".into());
        }
        for set in p
            .shown
            .iter()
            .chain(&p.excluded)
            .chain(&p.tricks.played)
            .chain(&p.tricks.taken)
        {
            if !ALL.contains_all(*set) {
                return Err("a card that is not in the deck".into());
            }
        }
        p.tricks.check(ALL_SEATS)?;
        let phase = p.phase();
        let dealing = phase == Phase::Deal;
        let bidding = matches!(phase, Phase::Deal | Phase::Bid);
        if bidding && (p.trump.is_some() || p.declarer.is_some()) {
            return Err("trumps before the auction is over".into());
        }
        if dealing && (p.high > 0 || p.out > 0) {
            return Err("bids before the deal is over".into());
        }
        if p.out >> p.speaker & 1 == 1 && phase == Phase::Bid {
            return Err("the seat to speak has passed".into());
        }
        // The high bidder never passes (the auction ends first) and never
        // speaks while it holds the bid.
        if p.high > 0 && (p.out >> p.high_seat & 1 == 1 || (phase == Phase::Bid && p.speaker == p.high_seat)) {
            return Err("the high bidder passed or speaks over its own bid".into());
        }
        if let Some(d) = p.declarer {
            if p.high == 0 || p.high_seat != d || p.out.count_ones() != 3 || p.out >> d & 1 == 1 {
                return Err("an auction's winner that did not win it".into());
            }
        }
        let gives_ok = match p.trump {
            None => p.gives_left == 0,
            Some(_) => p.options.pass > 0 || p.gives_left == 0,
        };
        if !gives_ok {
            return Err("a pass the rules and the auction do not call for".into());
        }
        let melded = matches!(phase, Phase::Play | Phase::Over) && p.declarer.is_some();
        if !melded
            && (p.tricks.voids != [0; SEATS] || p.excluded.iter().any(|e| !e.is_empty()) || p.melds != [0; SEATS])
        {
            return Err("voids, ruled-out cards or meld before the play".into());
        }
        let played = p.tricks.all_played();
        if !melded && (!played.is_empty() || p.shown.iter().any(|s| !s.is_empty())) {
            return Err("cards shown or played before the pass is over".into());
        }
        if melded {
            let trump = p.trump.ok_or("play without trumps")?;
            for s in 0..SEATS {
                let m = count_melds(p.shown[s], trump);
                if m.shown != p.shown[s] || m.points != p.melds[s] {
                    return Err(format!("seat {s}'s meld is not what its shown cards make"));
                }
                if !p.tricks.played[s].contains_all(p.shown[s] & played) {
                    return Err(format!("seat {s} showed a card another seat played"));
                }
            }
            let mut shown = CardSet::EMPTY;
            for s in &p.shown {
                if !(shown & *s).is_empty() {
                    return Err("a card shown by two seats".into());
                }
                shown = shown | *s;
            }
        }
        // Before any hand ended (a match that ended in its first hand has
        // a last hand and scores at hand 0).
        let first = p.hand_no == 0 && p.winner.is_none();
        if first && (p.scores != [0; SIDES] || p.last_hand.is_some()) {
            return Err("scores before any hand ended".into());
        }
        let hand_size = self.hand_size(me);
        if self.hand.len() != hand_size
            || !ALL.contains_all(self.hand)
            || !p.shown[me].contains_all(self.public.public_cards() & self.hand)
        {
            return Err(format!("seat {me} should hold {hand_size} cards of its own"));
        }
        if !(self.hand & p.excluded[me]).is_empty() {
            return Err("the seat holds a card its plays ruled out".into());
        }
        // A void shown is a suit ruled out; a face is ruled out whole.
        for seat in 0..SEATS {
            let e = p.excluded[seat];
            let voids_ruled_out = (0..4u8)
                .filter(|&t| p.tricks.voids[seat] >> t & 1 == 1)
                .all(|t| e.contains_all(suit_cards(t)));
            if !voids_ruled_out || both_copies(e) != e || p.tricks.voids[seat] > 0b1111 {
                return Err(format!("seat {seat}'s voids and ruled-out cards do not agree"));
            }
        }
        // The copies the table saw of a face are its lowest (see Action).
        let seen = p.public_cards();
        if (0..24u8).any(|f| {
            let c = seen & copies(f);
            !c.is_empty() && c.lowest() != Some(CardId(2 * u16::from(f)))
        }) {
            return Err("a card seen under a number the table does not give it".into());
        }
        if !(self.hand | p.tricks.played[me]).contains_all(p.shown[me]) {
            return Err("the seat showed a card it neither holds nor played".into());
        }
        if face_set(self.gave, self.gave) != Some(self.gave) || face_set(self.got, self.got) != Some(self.got) {
            return Err("a pass names its cards by face: a face's first copy, or both".into());
        }
        let passing = usize::from(p.options.pass);
        let in_pass = p
            .declarer
            .is_some_and(|d| me == usize::from(d) || me == partner(usize::from(d)));
        let passed = p.trump.is_some() && p.gives_left < 2;
        let gave_expected = in_pass && passed && (p.gives_left == 0 || p.giver() != Some(me));
        if !ALL.contains_all(self.gave | self.got)
            || self.gave.len() != if gave_expected { passing } else { 0 }
            || (!in_pass && !self.got.is_empty())
            || self.got.len() > passing
        {
            return Err("passed cards that do not fit the pass".into());
        }
        if self.sampler().is_none() {
            return Err("no deal of the unseen cards fits this observation".into());
        }
        Ok(())
    }

    /// A world drawn among those consistent with the observation (see the
    /// [module documentation](self)); `None` when none is.
    pub fn sample(&self, rng: &mut Rng) -> Option<State> {
        Some(self.sampler()?.draw(rng))
    }

    /// The draws of [`sample`](Observation::sample) prepared once, for a
    /// search that draws a world per iteration; `None` when no world fits.
    pub fn sampler(&self) -> Option<Worlds> {
        let me = usize::from(self.seat);
        let p = &self.public;
        let mut s = State::new(p.options);
        s.public = *p;
        s.hands[me] = self.hand;
        s.gave[me] = self.gave;
        s.got[me] = self.got;
        s.stock = CardSet::EMPTY;
        let mate = partner(me);
        if p.declarer
            .is_some_and(|d| me == usize::from(d) || mate == usize::from(d))
        {
            s.gave[mate] = self.got;
            s.got[mate] = self.gave;
        }
        let dealing = usize::from(p.dealt) < NUM_CARDS;
        let others = OtherHands::new(me, SEATS);
        let mut known = [CardSet::EMPTY; SEATS];
        for o in others.seats() {
            let (cards, fits) = self.known_copies(o);
            if !fits {
                return None;
            }
            known[o] = cards;
            s.hands[o] = cards;
        }
        let mut caps = others.caps(|o| self.hand_size(o), &known)?;
        let stock_holder = caps.len();
        if dealing {
            caps.push(NUM_CARDS - usize::from(p.dealt));
        }
        let taken = known.iter().fold(self.hand | p.tricks.all_played(), |a, &b| a | b);
        let melded = p.declarer.is_some() && matches!(p.phase(), Phase::Play | Phase::Over);
        // A card that would have made a seat meld more, beside what it is
        // known to have held at the meld, is not in its hand (meld only
        // grows with the hand): a nine of trumps not melded as a dix, the
        // queen beside a king shown without its marriage, and so on.
        let mut unmeldable = [CardSet::EMPTY; SEATS];
        if let (Some(trump), true) = (p.trump, melded) {
            for o in others.seats() {
                let held = known[o] | p.tricks.played[o];
                for c in ALL - taken {
                    if count_melds(held | CardSet::of(c), trump).points > p.melds[o] {
                        unmeldable[o].insert(c);
                    }
                }
            }
        }
        let mut problem = DealProblem::new(caps);
        for c in ALL - taken {
            let mut allowed = 0;
            for (i, o) in others.seats().enumerate() {
                if !p.excluded[o].contains(c) && !unmeldable[o].contains(c) {
                    allowed |= 1 << i;
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
            observer: me,
            others,
            dealing,
            melded,
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
    observer: usize,
    others: OtherHands,
    dealing: bool,
    melded: bool,
    stock_holder: usize,
    sampler: DealSampler,
    deal: Deal,
}

impl Worlds {
    /// One world: drawn again while a hand would have melded more than
    /// its seat showed (at most [`MAX_REDRAWS`] times). A draw is checked
    /// on the deal alone; only the one kept becomes a state (most of a
    /// search's time went to building worlds that were thrown away).
    pub fn draw(&mut self, rng: &mut Rng) -> State {
        self.sampler.sample_into(rng, &mut self.deal);
        for _ in 0..MAX_REDRAWS {
            if self.deal_fits_melds() {
                break;
            }
            self.sampler.sample_into(rng, &mut self.deal);
        }
        let mut world = self.world_of_deal();
        self.pass_for_others(&mut world, rng);
        world
    }

    /// Whether every other seat's hand at the meld (its hand now and the
    /// cards it played) melds what it showed.
    pub fn fits_melds(&self, w: &State) -> bool {
        self.fits(|o| w.hands[o])
    }

    /// [`fits_melds`](Worlds::fits_melds) of the world the deal in hand
    /// would make.
    fn deal_fits_melds(&self) -> bool {
        let t = &self.template;
        let mut drawn = [CardSet::EMPTY; SEATS];
        for (i, o) in self.others.seats().enumerate() {
            drawn[o] = self.deal.holder(i).iter().copied().collect();
        }
        self.fits(|o| t.hands[o] | drawn[o])
    }

    /// Whether each other seat's hand (by `hand`) with the cards it played
    /// melds exactly what it showed.
    fn fits(&self, hand: impl Fn(usize) -> CardSet) -> bool {
        let p = &self.template.public;
        let Some(trump) = p.trump.filter(|_| self.melded) else {
            return true;
        };
        self.others
            .seats()
            .all(|o| count_melds(hand(o) | p.tricks.played[o], trump).points == p.melds[o])
    }

    /// The world of the deal in hand: the template with the drawn cards.
    fn world_of_deal(&self) -> State {
        let mut s = self.template.clone();
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

    /// Seen from the other side, the two partners' passes are unknown: a
    /// world gives them passes that fit it (the declarer received cards
    /// it holds or played, and gave back cards its partner holds or
    /// played).
    fn pass_for_others(&self, w: &mut State, rng: &mut Rng) {
        let p = w.public;
        let Some(d) = p.declarer.map(usize::from) else {
            return;
        };
        let mate = partner(d);
        if self.observer == d || self.observer == mate || p.trump.is_none() {
            return;
        }
        let k = usize::from(p.options.pass);
        let mut pick = |from: CardSet, n: usize| {
            let mut pool = from;
            let mut out = CardSet::EMPTY;
            for _ in 0..n {
                let c = pool.random(rng).expect("enough cards to have passed");
                pool.remove(c);
                out.insert(c);
            }
            out
        };
        if p.gives_left < 2 {
            let cards = pick(w.hands[d] | p.tricks.played[d], k);
            let to_declarer = face_set(cards, cards).expect("cards by face");
            w.gave[mate] = to_declarer;
            w.got[d] = to_declarer;
        }
        if p.gives_left == 0 {
            let cards = pick(w.hands[mate] | p.tricks.played[mate], k);
            let back = face_set(cards, cards).expect("cards by face");
            w.gave[d] = back;
            w.got[mate] = back;
        }
    }
}

impl tabula_search::WorldSampler<State> for Worlds {
    fn sample(&mut self, rng: &mut Rng) -> State {
        self.draw(rng)
    }
}

/// Exchanges two cards `observer` cannot see, held by two other seats, in
/// the truth: the first pair (in seat and card order) of different faces
/// that keeps the position possible (neither card shown, known to the
/// observer by the pass, or ruled out of its new hand, and each hand's
/// meld unchanged). Returns whether there was such a pair. The
/// hidden-information tests' hook: every observation of `observer` must
/// stay the same.
pub fn swap_unseen(s: &mut State, observer: Seat) -> bool {
    swap_between(s, observer, |_, _| true)
}

/// [`swap_unseen`] restricted to pairs of seats `pair(a, b)` accepts: the
/// partner-isolation tests swap the partner's cards only.
pub fn swap_between(s: &mut State, observer: Seat, pair: impl Fn(usize, usize) -> bool) -> bool {
    let o = Observation::of(s, observer);
    let played = s.public.tricks.all_played();
    // The observer's hand, the cards shown, and every copy of a face the
    // pass leaves the observer sure its partner holds.
    let mut fixed = s.hands[observer] | s.public.public_cards();
    for k in (0..SEATS).filter(|&k| k != observer) {
        let pass = o.known_in(k) - (s.public.shown[k] - played);
        fixed = fixed | (both_copies(pass) & s.hands[k]);
    }
    let melds_same = |s: &State| {
        s.public.trump.is_none_or(|t| {
            !matches!(s.public.phase(), Phase::Play | Phase::Over)
                || (0..SEATS)
                    .all(|k| count_melds(s.hands[k] | s.public.tricks.played[k], t).points == s.public.melds[k])
        })
    };
    for a in (0..SEATS).filter(|&x| x != observer) {
        for b in (a + 1..SEATS).filter(|&x| x != observer && pair(a, x)) {
            for x in s.hands[a] - fixed {
                for y in s.hands[b] - fixed {
                    if face(x) == face(y) || s.public.excluded[b].contains(x) || s.public.excluded[a].contains(y) {
                        continue;
                    }
                    let mut t = s.clone();
                    t.hands[a].remove(x);
                    t.hands[b].remove(y);
                    t.hands[a].insert(y);
                    t.hands[b].insert(x);
                    t.shift(x, Zone::Hand(a), Zone::Hand(b));
                    t.shift(y, Zone::Hand(b), Zone::Hand(a));
                    // A pass the observer did not see must still fit.
                    if pass_broken(&t) {
                        continue;
                    }
                    if melds_same(&t) {
                        *s = t;
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Whether a pass the partners made no longer fits the hands: a face it
/// passed to the declarer that the declarer, passing back fewer of it,
/// now holds and played fewer of (and the same for the pass back).
fn pass_broken(s: &State) -> bool {
    let Some(d) = s.public.declarer.map(usize::from) else {
        return false;
    };
    let mate = partner(d);
    let has = |seat: usize, f: u8| count(s.hands[seat] | s.public.tricks.played[seat], f);
    faces_of(s.gave[mate]).iter().any(|c| {
        let f = face(c);
        has(d, f) + count(s.gave[d], f) < count(s.gave[mate], f)
    }) || faces_of(s.gave[d])
        .iter()
        .any(|c| has(mate, face(c)) < count(s.gave[d], face(c)))
}

/// Exchanges the numbers of the two copies of a face that two other seats
/// hold unseen by `observer` (neither shown, nor known to it by the pass):
/// the same cards, physically. Returns whether there was such a face. The
/// hidden-information tests' hook for duplicates: no observation of
/// `observer` may tell the two apart.
pub fn swap_copies(s: &mut State, observer: Seat) -> bool {
    let o = Observation::of(s, observer);
    let mut hidden = ALL - s.hands[observer] - s.public.public_cards();
    for k in (0..SEATS).filter(|&k| k != observer) {
        hidden = hidden - both_copies(o.known_in(k));
    }
    for f in 0..24u8 {
        let pair = hidden & copies(f);
        let holders: Vec<usize> = (0..SEATS).filter(|&k| !(s.hands[k] & pair).is_empty()).collect();
        if pair.len() == 2 && holders.len() == 2 {
            let (a, b) = (pair.lowest().expect("two"), pair.highest().expect("two"));
            s.relabel(a, b);
            return true;
        }
    }
    false
}

const _: () = assert!(HAND * SEATS == NUM_CARDS);
