//! What one seat observes of a Durak match, the worlds that fit it, and
//! the swap hook of the hidden-information tests.
//!
//! In play the bout plugin's [`bout::Observation`] says it all: the
//! seat's hand, every hand's size, the table, the discard, the trump
//! card, and the cards every seat saw go into a hand (picked up from the
//! table, or the trump card drawn last). While the pack is dealt, the
//! seat sees its own cards and the trump card.
//!
//! A world deals the unseen cards uniformly to the hidden places. Play
//! rules few cards out of a hand (a seat may take with a card that beats,
//! and pass with a card it could throw in); one deduction does: when the
//! deal named no first attacker, the seat that led held the lowest trump
//! dealt (or nobody held one). In the deal's first bout, where every card
//! that left a hand is on the table, the worlds honour it by rejection
//! ([`Worlds::draw`]): exactly at the lead, and after it as far as the
//! table tells who played what (the lead is the attacker's, the beating
//! cards the defender's; a throw-in may be anyone's, so it is counted as
//! possibly the attacker's). From the second bout on, the refills have
//! mixed the stock in and the deduction is dropped (an approximation).

use serde::{Deserialize, Serialize};
use tabula_cards::bout::{self, CARDS, Deal, MAX_SEATS, Outcome, all_cards};
use tabula_cards::{CardId, CardSet};
use tabula_search::{Rng, Seat, Turn, WorldSampler};

use crate::options::DurakOptions;
use crate::state::{Dealt, State};

/// One seat's view of a match: equal for two states that differ only in
/// cards this seat cannot see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// The rules.
    pub options: DurakOptions,
    /// Deals finished.
    pub deal_no: u32,
    /// Who deals the deal in hand.
    pub dealer: u8,
    /// Who attacks first in it (`None`: the lowest trump, once dealt).
    pub first: Option<u8>,
    /// Each seat's duraks so far.
    pub duraks: [u16; MAX_SEATS],
    /// Deals drawn so far.
    pub draws: u16,
    /// How the last finished deal ended.
    pub last: Option<Outcome>,
    /// The match is over.
    pub over: bool,
    /// Cards dealt so far in the deal in hand (36 once it is in play).
    pub dealt: u8,
    /// The observer's hand (while dealing: its cards dealt so far).
    pub hand: CardSet,
    /// The card turned up for trumps, once dealt.
    pub trump_card: Option<CardId>,
    /// The deal in play as the seat sees it (`None` while dealing).
    pub play: Option<bout::Observation>,
}

impl Observation {
    /// What `seat` observes of `s`.
    pub fn of(options: &DurakOptions, s: &State, seat: Seat) -> Observation {
        Observation {
            seat: seat as u8,
            options: *options,
            deal_no: s.deal_no,
            dealer: s.dealer,
            first: s.first,
            duraks: s.duraks,
            draws: s.draws,
            last: s.last,
            over: s.over,
            dealt: s.dealt,
            hand: s.hand(seat),
            trump_card: s.trump_card(),
            play: s.deal.map(|d| d.observe(seat)),
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.options.seats()
    }

    /// Who acts, as every seat sees it.
    pub fn turn(&self) -> Turn {
        if self.over {
            return Turn::Terminal;
        }
        match &self.play {
            None => Turn::Chance,
            Some(p) => p.to_move().map_or(Turn::Terminal, Turn::Seat),
        }
    }

    /// Each seat's number of cards.
    pub fn hand_lens(&self) -> Vec<usize> {
        match &self.play {
            Some(p) => p.hand_lens[..self.players()].iter().map(|&l| usize::from(l)).collect(),
            None => {
                let deal = self.template().round_deal();
                (0..self.players())
                    .map(|seat| deal.dealt_to(seat, usize::from(self.dealt)))
                    .collect()
            }
        }
    }

    /// The cards whose place the observer cannot tell.
    pub fn unseen(&self) -> CardSet {
        match &self.play {
            Some(p) => p.unseen(),
            None => {
                let mut seen = self.hand;
                if let Some(t) = self.trump_card {
                    seen.insert(t);
                }
                all_cards() - seen
            }
        }
    }

    /// The legal moves of the observer (none when another seat or chance
    /// acts): the observer's own in any world that fits.
    pub fn legal_actions(&self, out: &mut Vec<crate::Action>) {
        out.clear();
        if self.turn() != Turn::Seat(usize::from(self.seat)) {
            return;
        }
        if let Some(w) = self.sampler() {
            // The seat's moves read its own hand and the public part only:
            // the first world in card order will do.
            if let Some(d) = w.first_world().deal {
                d.legal_moves_as(out, crate::Action::Move);
                out.sort_unstable();
            }
        }
    }

    /// Checks that the observation is one a real position could give.
    ///
    /// # Errors
    /// What does not add up, in words.
    pub fn check(&self) -> Result<(), String> {
        self.options.check()?;
        let n = self.players();
        if usize::from(self.seat) >= n {
            return Err("the seat is not at the table".into());
        }
        if self.duraks[n..].iter().any(|&d| d != 0) || u32::from(self.dealer) >= n as u32 {
            return Err("a seat beyond the table".into());
        }
        if self.first.is_some_and(|f| usize::from(f) >= n) {
            return Err("the first attacker is not at the table".into());
        }
        let finished = self.duraks[..n].iter().map(|&d| u32::from(d)).sum::<u32>()
            / if self.options.teams { 2 } else { 1 }
            + u32::from(self.draws);
        if finished != self.deal_no
            || self.over != (self.deal_no >= self.options.deals)
            || self.deal_no > self.options.deals
        {
            return Err("the deals counted do not add up".into());
        }
        if !all_cards().contains_all(self.hand) || self.trump_card.is_some_and(|t| usize::from(t.0) >= CARDS) {
            return Err("a card that is not of the pack".into());
        }
        if self.options.teams && (0..n / 2).any(|s| self.duraks[s] != self.duraks[s + n / 2]) {
            return Err("partners count different duraks".into());
        }
        // The last deal's end sets who deals and who attacks first now.
        let next = |s: usize| Some(((s + 1) % n) as u8);
        let fits = match self.last {
            None => self.deal_no == 0 && self.dealer == 0 && self.first.is_none(),
            Some(Outcome::Durak(d)) => {
                !self.options.teams && d < n && usize::from(self.dealer) == d && self.first == next(d)
            }
            Some(Outcome::DurakTeam(a, b)) => {
                self.options.teams
                    && a < n / 2
                    && b == a + n / 2
                    && usize::from(self.dealer) == a
                    && self.first == next(a)
            }
            Some(Outcome::Draw) => self.deal_no > 0 && self.first.is_none(),
        };
        if !fits {
            return Err("the last deal's end does not fit who deals and attacks now".into());
        }
        match &self.play {
            Some(p) => {
                p.check()?;
                if p.public.outcome.is_some() {
                    return Err("a finished deal still in play".into());
                }
                if p.public.options != self.options.bout()
                    || usize::from(p.public.seats) != n
                    || p.seat != self.seat
                    || p.hand != self.hand
                    || self.trump_card != Some(p.public.trump_card)
                    || usize::from(self.dealt) != CARDS
                    || self.over
                {
                    return Err("the deal in play does not fit the match".into());
                }
            }
            None if usize::from(self.dealt) >= CARDS => return Err("a whole pack dealt but no deal in play".into()),
            None => {}
        }
        if self.sampler().is_none() {
            return Err("no deal of the unseen cards fits it".into());
        }
        Ok(())
    }

    /// The state of the match with every hidden place empty.
    fn template(&self) -> State {
        let mut s = State::new(self.options.players);
        s.dealer = self.dealer;
        s.first = self.first;
        s.deal_no = self.deal_no;
        s.duraks = self.duraks;
        s.draws = self.draws;
        s.last = self.last;
        s.over = self.over;
        s.dealt = self.dealt;
        s
    }

    /// The worlds that fit the observation, prepared for drawing; `None`
    /// when none does.
    pub fn sampler(&self) -> Option<Worlds> {
        if usize::from(self.seat) >= self.players() || usize::from(self.dealt) > CARDS {
            return None;
        }
        if let Some(p) = &self.play {
            p.check().ok()?;
        }
        let worlds = Worlds {
            observation: *self,
            unseen: self.unseen(),
        };
        // One world built checks every count and card of the observation.
        worlds.build(&mut |pool: &mut CardSet| pool.lowest())?;
        Some(worlds)
    }
}

/// How many times [`Worlds::draw`] draws again for a world that disagrees
/// with the first lead (a real observation's worlds agree often enough:
/// at least one in some dozens).
pub const MAX_REDRAWS: usize = 10_000;

/// The worlds of one observation: the unseen cards dealt uniformly to the
/// hidden places (the other hands beyond their known cards, the stock
/// above the trump card; while dealing, the positions of the pack dealt
/// to the others or to the stock).
#[derive(Clone, Copy, Debug)]
pub struct Worlds {
    observation: Observation,
    unseen: CardSet,
}

impl Worlds {
    /// One world, each hidden place filled by `pick` from the pool left.
    fn build(&self, pick: &mut dyn FnMut(&mut CardSet) -> Option<CardId>) -> Option<State> {
        let o = &self.observation;
        let mut s = o.template();
        let mut pool = self.unseen;
        let mut take = |pool: &mut CardSet| {
            let c = pick(pool)?;
            pool.remove(c);
            Some(c)
        };
        match &o.play {
            None => {
                let mut own = o.hand.iter();
                for k in 0..usize::from(o.dealt) {
                    let c = match s.dealt_to(k) {
                        Dealt::Hand(t) if t == usize::from(o.seat) => own.next()?,
                        Dealt::Trump => o.trump_card?,
                        _ => take(&mut pool)?,
                    };
                    s.order[k] = c;
                    s.dealt_set.insert(c);
                }
                if own.next().is_some() || s.trump_card() != o.trump_card || s.dealt_set.len() != usize::from(o.dealt) {
                    return None;
                }
            }
            Some(p) => {
                let n = o.players();
                let mut hands = [CardSet::EMPTY; MAX_SEATS];
                for (seat, hand) in hands.iter_mut().enumerate().take(n) {
                    *hand = if seat == usize::from(o.seat) {
                        o.hand
                    } else {
                        let mut h = p.public.known[seat];
                        for _ in 0..p.hidden(seat) {
                            h.insert(take(&mut pool)?);
                        }
                        h
                    };
                }
                let mut stock = [CardId(0); CARDS];
                let len = usize::from(p.public.stock_len);
                for slot in stock.iter_mut().take(p.hidden_stock()) {
                    *slot = take(&mut pool)?;
                }
                if len > 0 {
                    stock[len - 1] = p.public.trump_card;
                }
                if !pool.is_empty() {
                    return None;
                }
                let deal: Deal = p.world(&hands[..n], &stock[..len]).ok()?;
                s.deal = Some(deal);
                s.dealt = CARDS as u8;
                s.dealt_set = all_cards();
            }
        }
        Some(s)
    }

    /// The world with the unseen cards in card order (for the observer's
    /// own legal moves, which no hidden card changes).
    pub fn first_world(&self) -> State {
        self.build(&mut |pool: &mut CardSet| pool.lowest())
            .expect("the sampler was checked")
    }

    /// One world drawn uniformly from those that fit: in the first bout
    /// of a deal whose first attacker held the lowest trump, drawn again
    /// until it agrees ([`fits_first_lead`](Worlds::fits_first_lead);
    /// after [`MAX_REDRAWS`] draws that do not, the last is kept).
    pub fn draw(&mut self, rng: &mut Rng) -> State {
        let mut world = self.build(&mut |pool: &mut CardSet| pool.random(rng));
        for _ in 0..MAX_REDRAWS {
            match world {
                Some(w) if !self.fits_first_lead(&w) => {
                    world = self.build(&mut |pool: &mut CardSet| pool.random(rng));
                }
                _ => break,
            }
        }
        world.expect("the sampler was checked")
    }

    /// Whether world `w` agrees that the first bout's attacker, chosen for
    /// holding the lowest trump, held it: no other seat held a trump below
    /// every trump the attacker may have held (its hand, the lead and the
    /// throw-ins), and when it may have held none, nobody held one. A seat's
    /// hand at the deal was its hand now and what it put on the table: the
    /// defender's beating cards (a throw-in's thrower is not recorded, so
    /// it counts for the attacker only: the test never refuses a world
    /// that fits). True outside a first bout led so. With perevodnoy a
    /// transfer makes another seat the attacker: the test then applies at
    /// the lead only.
    pub fn fits_first_lead(&self, w: &State) -> bool {
        let o = &self.observation;
        let (Some(p), Some(d)) = (&o.play, w.deal()) else {
            return true;
        };
        let b = &p.public.bout;
        if o.first.is_some() || p.public.bouts != 0 || (o.options.transfer && b.attacks() > 0) {
            return true;
        }
        let trumps = bout::suit_cards(p.trump());
        let (attacker, defender) = (b.attacker(), b.defender());
        let attacks: CardSet = b.pairs().map(|(a, _)| a).collect();
        let covers: CardSet = b.pairs().filter_map(|(_, c)| c).collect();
        let lowest = ((d.hand(attacker) | attacks) & trumps).lowest();
        (0..o.players()).filter(|&s| s != attacker).all(|s| {
            let put = if s == defender { covers } else { CardSet::EMPTY };
            match (((d.hand(s) | put) & trumps).lowest(), lowest) {
                (Some(held), Some(low)) => held > low,
                (Some(_), None) => false,
                (None, _) => true,
            }
        })
    }
}

impl WorldSampler<State> for Worlds {
    fn sample(&mut self, rng: &mut Rng) -> State {
        self.draw(rng)
    }
}

/// Exchanges, in the truth, two cards whose places `observer` cannot
/// tell (the first such pair in card order: another seat's hidden card
/// and a card of the stock or of a third hand; while dealing, two
/// positions of the pack dealt to different places). Returns whether
/// there was one. The hidden-information tests' hook: every observation
/// of `observer` must stay the same.
pub fn swap_unseen(s: &mut State, observer: Seat) -> bool {
    let Some(deal) = s.deal else {
        let mut seen = s.hand(observer);
        if let Some(t) = s.trump_card() {
            seen.insert(t);
        }
        let hidden: Vec<usize> = (0..usize::from(s.dealt))
            .filter(|&k| !seen.contains(s.order[k]))
            .collect();
        for (i, &a) in hidden.iter().enumerate() {
            if let Some(&b) = hidden[i + 1..].iter().find(|&&b| s.dealt_to(a) != s.dealt_to(b)) {
                s.order.swap(a, b);
                return true;
            }
        }
        return false;
    };
    let view = deal.observe(observer);
    let unseen = view.unseen();
    let n = s.players();
    let mut hands: Vec<CardSet> = (0..n).map(|t| deal.hand(t)).collect();
    let mut stock: Vec<CardId> = deal.stock().collect();
    // Each unseen card's place: a seat's hand, or a slot of the stock.
    let mut places: Vec<(Option<usize>, usize, CardId)> = Vec::new();
    for (t, &h) in hands.iter().enumerate().filter(|&(t, _)| t != observer) {
        places.extend((h & unseen).iter().map(|c| (Some(t), 0, c)));
    }
    places.extend(
        stock
            .iter()
            .enumerate()
            .filter(|&(_, &c)| unseen.contains(c))
            .map(|(i, &c)| (None, i, c)),
    );
    for (i, &(pa, ia, a)) in places.iter().enumerate() {
        let Some(&(pb, ib, b)) = places[i + 1..].iter().find(|p| p.0 != pa) else {
            continue;
        };
        for (place, index, from, to) in [(pa, ia, a, b), (pb, ib, b, a)] {
            match place {
                Some(t) => {
                    hands[t].remove(from);
                    hands[t].insert(to);
                }
                None => stock[index] = to,
            }
        }
        // The observation's public part is the truth's (the bout
        // included): the world rebuilt from it differs in the two cards.
        s.deal = Some(view.world(&hands, &stock).expect("a swap keeps every count"));
        return true;
    }
    false
}
