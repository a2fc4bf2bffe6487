//! What one seat knows, and the worlds consistent with it.
//!
//! A seat's [`Observation`] holds its own hand, the dealer's discard in the
//! dealer's own observation only, and the [`Public`] part of the position
//! every seat shares: who dealt, the upcard (turned up for all to see),
//! the bids, trump, the maker, who plays alone and who sits out, every
//! card played and who took each trick, the revealed voids, and the
//! scores. Nothing in it depends on a card the seat cannot see.
//!
//! [`Observation::sample`] draws a world uniformly over the arrangements
//! of the unseen cards that fit it (with the card engine's
//! [`DealProblem`]) among the other seats' hands, the stock (the undealt
//! cards while dealing, then the three-card kitty) and, for every seat but
//! the dealer, the one-card discard: no seat holds a card of an effective
//! suit it has shown void in (the left bower counts as a trump), and once
//! the dealer took the upcard it holds it until it plays it (the dealer may
//! not discard it).

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::OtherHands;
use tabula_cards::{CardId, CardSet, Deal, DealProblem, DealSampler};
use tabula_search::{Rng, Seat, Turn};

use crate::actions::Action;
use crate::cards::{DEALT, DECK, NUM_CARDS, SEATS, TRICKS, effective_suit, suit_of, team};
use crate::state::{DISCARD, Phase, Public, State, Zone, key};

/// What a seat knows of a position (see the [module documentation](self)).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// Its hand.
    pub hand: CardSet,
    /// The dealer's discard, in the dealer's observation only.
    pub discard: Option<CardId>,
    /// What every seat knows.
    pub public: Public,
}

impl Observation {
    /// Seat `seat`'s observation of `s`.
    pub fn of(s: &State, seat: Seat) -> Observation {
        Observation {
            seat: seat as u8,
            hand: s.hands[seat],
            discard: if seat == s.dealer() { s.discard } else { None },
            public: s.public.clone(),
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        self.public.turn()
    }

    /// The observing seat's legal actions (none when another acts).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn() == Turn::Seat(usize::from(self.seat)) {
            self.public.legal_actions(self.hand, out);
        }
    }

    /// The number of cards `seat` holds.
    pub fn hand_size(&self, seat: usize) -> usize {
        self.public.hand_size(seat)
    }

    /// What the bidding and the play leave that no position has, in words.
    fn check_progress(&self) -> Result<(), String> {
        let p = &self.public;
        p.options.check()?;
        let dealer = p.dealer();
        if usize::from(self.seat) >= SEATS
            || usize::from(p.dealt) > DEALT + 1
            || p.passes > 7
            || p.asked > 2
            || usize::from(p.tricks.leader) >= SEATS
            || p.tricks.trick().len() >= 4
            || p.tricks.done > TRICKS
            || p.tricks.voids.iter().any(|&v| v >= 16)
        {
            return Err("a seat, a deal, a bid or a trick out of range".into());
        }
        if p.upcard.is_some() != (usize::from(p.dealt) > DEALT) || p.upcard.is_some_and(|c| c.index() >= NUM_CARDS) {
            return Err("an upcard before the deal is over, or none after".into());
        }
        let Some(call) = p.call else {
            if usize::from(p.dealt) <= DEALT && p.passes > 0 {
                return Err("a bid before the turn-up".into());
            }
            let quiet = !p.picked_up && !p.discarded && p.asked == 0 && p.defender.is_none();
            if !quiet
                || p.tricks.done > 0
                || !p.tricks.trick().is_empty()
                || p.tricks.voids != [0; SEATS]
                || !p.all_played().is_empty()
            {
                return Err("a pick-up, a defender or a play before trump is made".into());
            }
            return Ok(());
        };
        let up = p.upcard.ok_or("trump made before the turn-up")?;
        let ordered = p.passes < 4;
        if usize::from(call.maker) != p.bidder() || call.trump >= 4 || (call.trump == suit_of(up)) != ordered {
            return Err("a maker out of turn, or a trump the bidding does not allow".into());
        }
        let partner_alone = call.alone && usize::from(call.maker) == (dealer + 2) % SEATS;
        if p.picked_up != (ordered && !partner_alone) || (p.discarded && !p.picked_up) {
            return Err("a pick-up or a discard the bidding does not allow".into());
        }
        let may_defend = p.options.defender_alone && call.alone;
        match p.defender {
            Some(d) => {
                let d = usize::from(d);
                let asked_then = if d == (usize::from(call.maker) + 1) % SEATS {
                    1
                } else {
                    2
                };
                if !may_defend || d >= SEATS || team(d) == team(usize::from(call.maker)) || p.asked != asked_then {
                    return Err("a lone defender the rules do not allow".into());
                }
            }
            None if p.asked > 0 && !may_defend => return Err("a defender asked when none may defend alone".into()),
            None => {}
        }
        let playing = matches!(p.phase(), Phase::Play | Phase::Over);
        if !playing && (p.tricks.done > 0 || !p.tricks.trick().is_empty() || !p.all_played().is_empty()) {
            return Err("cards played before the bidding is over".into());
        }
        if !p.tricks.trick().is_empty() && p.tricks.trick().len() >= p.active_seats() {
            return Err("a trick with more cards than seats playing".into());
        }
        if p.sits_out(usize::from(p.tricks.leader)) {
            return Err("a leader who sits out".into());
        }
        Ok(())
    }

    /// What the cards seen leave that no position has, in words.
    fn check_cards(&self) -> Result<(), String> {
        let p = &self.public;
        let me = usize::from(self.seat);
        let dealer = p.dealer();
        let deck = DECK.all();
        let mut seen = CardSet::EMPTY;
        for (seat, set) in p.tricks.played.iter().enumerate() {
            if !deck.contains_all(*set) || !(seen & *set).is_empty() || (p.sits_out(seat) && !set.is_empty()) {
                return Err(format!("seat {seat} played cards it cannot have"));
            }
            seen = seen | *set;
        }
        let active = p.active_seats();
        if (0..SEATS).any(|s| p.tricks.taken[s].len() != usize::from(p.won[s]) * active) {
            return Err("the tricks taken do not match the wins".into());
        }
        p.tricks.check(p.active())?;
        if let Some(up) = p.upcard
            && seen.contains(up)
            && !(p.picked_up && p.tricks.played[dealer].contains(up))
        {
            return Err("the upcard played by a seat that did not take it".into());
        }
        let up = p.upcard.map_or(CardSet::EMPTY, CardSet::of);
        let mine_up = if me == dealer && p.picked_up {
            up
        } else {
            CardSet::EMPTY
        };
        if !deck.contains_all(self.hand) || !(self.hand & (seen | (up - mine_up))).is_empty() {
            return Err("a card both in the hand and seen elsewhere".into());
        }
        if self.hand.len() != self.hand_size(me) {
            return Err(format!("seat {me} should hold {} cards", self.hand_size(me)));
        }
        if mine_up != (self.hand & up) && !p.tricks.played[dealer].contains_all(mine_up) {
            return Err("the dealer took the upcard but neither holds nor played it".into());
        }
        match self.discard {
            None if me == dealer && p.discarded => return Err("the dealer's discard is missing".into()),
            None => {}
            Some(c) => {
                let free = !(seen | up | self.hand).contains(c) && c.index() < NUM_CARDS;
                if me != dealer || !p.discarded || !free {
                    return Err("a discard the seat cannot have seen".into());
                }
            }
        }
        Ok(())
    }

    /// Checks that some position has this observation.
    ///
    /// # Errors
    /// What does not fit, in words.
    pub fn check(&self) -> Result<(), String> {
        self.check_progress()?;
        self.check_cards()?;
        if self.public.over != self.public.scores.iter().any(|&x| x >= self.public.options.end_score) {
            return Err("the match's end does not match the scores".into());
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
        let p = &self.public;
        let dealer = p.dealer();
        let mut s = State::new(p.options);
        s.public = p.clone();
        s.stock = CardSet::EMPTY;
        s.hands[me] = self.hand;
        if me == dealer {
            s.discard = self.discard;
        }
        // The dealer holds the upcard it took until it plays it.
        let mut known = [CardSet::EMPTY; SEATS];
        if let (true, Some(up)) = (p.picked_up, p.upcard)
            && dealer != me
            && !p.tricks.played[dealer].contains(up)
        {
            known[dealer].insert(up);
        }
        // Holders: the other seats' hands, the stock, the discard.
        let others = OtherHands::new(me, SEATS);
        let mut caps = others.caps(|o| self.hand_size(o), &known)?;
        for o in others.seats() {
            s.hands[o] = known[o];
        }
        caps.push(NUM_CARDS.checked_sub(usize::from(p.dealt))?);
        let hidden_discard = p.discarded && me != dealer;
        caps.push(usize::from(hidden_discard));
        let up = p.upcard.map_or(CardSet::EMPTY, CardSet::of);
        let mine = self.discard.map_or(CardSet::EMPTY, CardSet::of);
        let seen = self.hand | p.all_played() | up | mine | known.iter().fold(CardSet::EMPTY, |a, &b| a | b);
        let trump = p.call.map(|c| c.trump);
        let mut problem = DealProblem::new(caps);
        for c in DECK.all() - seen {
            let suit = trump.map_or(0, |t| 1u8 << effective_suit(c, t));
            let mut allowed = (1u32 << (SEATS - 1)) | others.not_void(&p.tricks.voids, suit);
            if hidden_discard {
                allowed |= 1 << SEATS;
            }
            problem.add(c, allowed);
        }
        let sampler = DealSampler::new(&problem).ok()?;
        s.cards_hash = s.compute_cards_hash();
        Some(Worlds {
            template: s,
            others,
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
        for &c in self.deal.holder(SEATS - 1) {
            s.stock.insert(c);
            hash ^= key(Zone::Stock, c);
        }
        if let Some(&c) = self.deal.holder(SEATS).first() {
            s.discard = Some(c);
            hash ^= key(DISCARD, c);
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

/// A place an unseen card can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holder {
    Hand(usize),
    Stock,
    Discard,
}

fn cards_of(s: &State, h: Holder) -> CardSet {
    match h {
        Holder::Hand(seat) => s.hands[seat],
        Holder::Stock => s.stock,
        Holder::Discard => s.discard.map_or(CardSet::EMPTY, CardSet::of),
    }
}

fn zone_of(h: Holder) -> Zone {
    match h {
        Holder::Hand(seat) => Zone::Hand(seat),
        Holder::Stock => Zone::Stock,
        Holder::Discard => DISCARD,
    }
}

fn put(s: &mut State, h: Holder, out: CardId, card: CardId) {
    match h {
        Holder::Hand(seat) => {
            s.hands[seat].remove(out);
            s.hands[seat].insert(card);
        }
        Holder::Stock => {
            s.stock.remove(out);
            s.stock.insert(card);
        }
        Holder::Discard => s.discard = Some(card),
    }
    s.shift(out, zone_of(h), Zone::Stock);
    s.shift(card, Zone::Stock, zone_of(h));
}

/// Every exchange of two cards `observer` cannot see between two places
/// it cannot see that keeps the position possible, in a fixed order.
fn swaps(s: &State, observer: Seat) -> Vec<(Holder, CardId, Holder, CardId)> {
    let p = &s.public;
    let fixed = p.upcard.map_or(CardSet::EMPTY, CardSet::of);
    let mut holders: Vec<Holder> = (0..SEATS).filter(|&x| x != observer).map(Holder::Hand).collect();
    holders.push(Holder::Stock);
    if observer != p.dealer() {
        holders.push(Holder::Discard);
    }
    let trump = p.call.map(|c| c.trump);
    let allowed = |h: Holder, c: CardId| match (h, trump) {
        (Holder::Hand(seat), Some(t)) => p.tricks.voids[seat] & (1 << effective_suit(c, t)) == 0,
        _ => true,
    };
    let mut out = Vec::new();
    for (i, &a) in holders.iter().enumerate() {
        for &b in &holders[i + 1..] {
            for x in cards_of(s, a) - fixed {
                for y in cards_of(s, b) - fixed {
                    if allowed(b, x) && allowed(a, y) {
                        out.push((a, x, b, y));
                    }
                }
            }
        }
    }
    out
}

/// Exchanges two cards `observer` cannot see, held in two places it cannot
/// see (other seats' hands, the stock or kitty, the discard of another
/// seat), in the truth: the first pair in order that keeps the position
/// possible (each card goes where no revealed void forbids it, and never
/// the upcard, which all know). Returns whether there was such a pair.
/// The hidden-information tests' hook: every observation of `observer`
/// must stay the same.
pub fn swap_unseen(s: &mut State, observer: Seat) -> bool {
    swap_unseen_nth(s, observer, 0)
}

/// As [`swap_unseen`], the `n`-th possible exchange (counted modulo their
/// number), so that tests reach the kitty and the discard too.
pub fn swap_unseen_nth(s: &mut State, observer: Seat, n: usize) -> bool {
    let all = swaps(s, observer);
    let Some(&(a, x, b, y)) = all.get(n % all.len().max(1)) else {
        return false;
    };
    put(s, a, x, y);
    put(s, b, y, x);
    true
}
