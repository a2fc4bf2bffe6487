//! What a seat knows: its hand, every card played and by whom, the
//! kitty once it is turned up, the bidding, the trick, the counts and the
//! scores; and the worlds that fit it.

use serde::{Deserialize, Serialize};
use tabula_cards::CardSet;
use tabula_cards::climbing::Trick;
use tabula_search::{Rng, Seat, Turn, WorldSampler};

use crate::cards::DECK;
use crate::combo::Combo;
use crate::state::{DEALT, DealResult, LANDLORD_HAND, MAX_BID, Phase, SEATS, State, Zone};

/// A seat's observation: everything it has seen, nothing it has not.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// Its hand.
    pub hand: CardSet,
    /// Cards in each seat's hand.
    pub counts: [u8; SEATS],
    /// The cards each seat has played this deal.
    pub played: [CardSet; SEATS],
    /// The kitty, once the landlord has taken it.
    pub kitty: CardSet,
    /// Cards dealt this deal.
    pub dealt: u8,
    /// The seat that bids first.
    pub first: u8,
    /// Where the deal stands.
    pub phase: Phase,
    /// The seat to act.
    pub to_act: u8,
    /// Each seat's bid (`None` before it bids, 0 a pass).
    pub bids: [Option<u8>; SEATS],
    /// The highest bid so far.
    pub bid: u8,
    /// The landlord, once the bidding is over.
    pub landlord: Option<u8>,
    /// The combination to beat and the seat that played it.
    pub last: Option<(u8, Combo)>,
    /// Passes since it was played.
    pub passes: u8,
    /// Bombs and rockets played this deal.
    pub bombs: u8,
    /// The combinations each seat has played this deal.
    pub plays: [u8; SEATS],
    /// Deals scored.
    pub deal_no: u32,
    /// Deals begun, thrown-in ones included.
    pub round_no: u32,
    /// The match's scores.
    pub scores: [i64; SEATS],
    /// The last finished deal.
    pub last_deal: Option<DealResult>,
    /// Whether the match is over.
    pub over: bool,
}

impl Observation {
    /// What `seat` sees of `s`.
    pub fn of(s: &State, seat: Seat) -> Observation {
        Observation {
            seat: seat as u8,
            hand: s.hands[seat],
            counts: std::array::from_fn(|k| s.hands[k].len() as u8),
            played: s.played,
            kitty: s.kitty,
            dealt: s.dealt,
            first: s.first,
            phase: s.phase,
            to_act: s.to_act,
            bids: s.bids,
            bid: s.bid,
            landlord: s.landlord,
            last: s.trick.last,
            passes: s.trick.passes,
            bombs: s.bombs,
            plays: s.plays,
            deal_no: s.deal_no,
            round_no: s.round_no,
            scores: s.scores,
            last_deal: s.last_deal,
            over: s.over,
        }
    }

    /// The centre of the table: the combination to beat, who played it,
    /// the passes since.
    pub fn trick(&self) -> Trick<Combo> {
        Trick {
            last: self.last,
            passes: self.passes,
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else if self.phase == Phase::Deal {
            Turn::Chance
        } else {
            Turn::Seat(usize::from(self.to_act))
        }
    }

    /// The cards of the kitty the landlord still holds: every seat knows
    /// where they are.
    pub fn known(&self, seat: usize) -> CardSet {
        match self.landlord {
            Some(l) if usize::from(l) == seat => CardSet(self.kitty.0 & !self.played[seat].0),
            _ => CardSet::EMPTY,
        }
    }

    /// The cards the seat cannot place: in the other hands (but the known
    /// kitty cards) or the stock.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand.0;
        for k in 0..SEATS {
            seen |= self.played[k].0 | self.known(k).0;
        }
        CardSet(DECK.0 & !seen)
    }

    /// Cards still in the stock: the undealt ones, or the kitty before
    /// the bidding ends; none once there is a landlord.
    pub fn stock(&self) -> usize {
        match self.landlord {
            Some(_) => 0,
            None => 54 - usize::from(self.dealt.min(DEALT)),
        }
    }

    /// Checks that some position shows this observation: the cards are
    /// disjoint and number 54, the counts agree with the phase, the
    /// bidding and the trick are possible.
    ///
    /// # Errors
    /// What does not fit, in one line.
    pub fn check(&self) -> Result<(), String> {
        let me = usize::from(self.seat);
        if me >= SEATS || usize::from(self.to_act) >= SEATS || usize::from(self.first) >= SEATS {
            return Err("seats are 0, 1 and 2".into());
        }
        let mut all = self.hand.0;
        if all & !DECK.0 != 0 {
            return Err("cards are 0 to 53".into());
        }
        for p in &self.played {
            if p.0 & !DECK.0 != 0 || all & p.0 != 0 {
                return Err("a card is in two places".into());
            }
            all |= p.0;
        }
        if usize::from(self.counts[me]) != self.hand.len() {
            return Err("the seat's count is not its hand's".into());
        }
        if self.counts.iter().any(|&c| usize::from(c) > LANDLORD_HAND) {
            return Err("a hand holds at most 20 cards".into());
        }
        if self.bid > MAX_BID || self.bids.iter().flatten().any(|&b| b > MAX_BID) || self.dealt > DEALT {
            return Err("bids are 0 to 3, and 51 cards are dealt".into());
        }
        match self.landlord {
            Some(l) => {
                let l = usize::from(l);
                if l >= SEATS || self.kitty.len() != 3 || self.phase != Phase::Play {
                    return Err("a landlord plays with a kitty of three".into());
                }
                if self.kitty.0 & !DECK.0 != 0 || (l != me && self.kitty.0 & self.hand.0 != 0) {
                    return Err("the kitty is the landlord's".into());
                }
                if l == me && !self.hand.contains_all(self.known(me)) {
                    return Err("the landlord's hand lacks a kitty card it has not played".into());
                }
                let kitty_left = self.known(l).len();
                if usize::from(self.counts[l]) < kitty_left {
                    return Err("the landlord holds fewer cards than the kitty it has not played".into());
                }
            }
            None => {
                if !self.kitty.is_empty() || self.phase == Phase::Play {
                    return Err("no kitty before there is a landlord".into());
                }
                if self.played.iter().any(|p| !p.is_empty()) {
                    return Err("no card is played before the bidding ends".into());
                }
                let dealt = usize::from(self.dealt);
                let expect: [usize; SEATS] = std::array::from_fn(|k| {
                    (dealt + (SEATS - 1 + SEATS - k + usize::from(self.first)) % SEATS) / SEATS
                });
                if (0..SEATS).any(|k| usize::from(self.counts[k]) != expect[k]) {
                    return Err("the counts do not fit the deal".into());
                }
            }
        }
        let held: usize = self.counts.iter().map(|&c| usize::from(c)).sum();
        let played: usize = self.played.iter().map(|p| p.len()).sum();
        if held + played + self.stock() != 54 {
            return Err("the counts do not add up to 54 cards".into());
        }
        let hidden: usize = (0..SEATS)
            .filter(|&k| k != me)
            .map(|k| usize::from(self.counts[k]).saturating_sub(self.known(k).len()))
            .sum();
        if hidden + self.stock() != self.unseen().len() {
            return Err("the unseen cards do not fill the other hands".into());
        }
        if self.last.is_some_and(|(s, _)| usize::from(s) >= SEATS) || self.passes > 1 {
            return Err("the trick is out of range".into());
        }
        if let Some((by, c)) = self.last {
            let mut readings = Vec::new();
            crate::moves::classify(c.cards, true, &mut readings);
            if !readings.contains(&c) || !crate::cards::counts_of(self.played[usize::from(by)]).contains(c.cards) {
                return Err("the combination to beat is not one its player played".into());
            }
        }
        self.check_bidding()?;
        self.check_counters()?;
        Ok(())
    }

    /// The phase agrees with the deal and the bidding: bids made in turn
    /// from the first bidder, each above the ones before, the next bidder
    /// to act; the deal's cards all dealt before anyone bids.
    fn check_bidding(&self) -> Result<(), String> {
        let order = |i: usize| (usize::from(self.first) + i) % SEATS;
        // The bidding ends at a 3 or after three bids; then the landlord
        // is the highest bidder (or the first, when none bid).
        let made = (0..SEATS).take_while(|&i| self.bids[order(i)].is_some()).count();
        if (made..SEATS).any(|i| self.bids[order(i)].is_some()) {
            return Err("the bids were not made in turn".into());
        }
        let mut high = 0;
        for i in 0..made {
            let b = self.bids[order(i)].unwrap_or(0);
            if b != 0 && b <= high {
                return Err("a bid that does not top the bids before it".into());
            }
            high = high.max(b);
        }
        match self.phase {
            Phase::Deal if self.dealt < DEALT && made == 0 && self.bid == 0 => Ok(()),
            Phase::Deal => Err("the deal is over, or bids were made before it ended".into()),
            Phase::Bid => {
                if self.dealt != DEALT || made == SEATS || high == MAX_BID || self.bid != high {
                    Err("the bidding does not fit the deal or its bids".into())
                } else if usize::from(self.to_act) != order(made) {
                    Err("it is not the seat to act's turn to bid".into())
                } else {
                    Ok(())
                }
            }
            Phase::Play => {
                if self.dealt != DEALT || !(1..=MAX_BID).contains(&self.bid) {
                    return Err("the play starts after a whole deal and a bid".into());
                }
                // The bidding ended (three bids, or a 3), and its highest
                // bidder is the landlord at that bid; when all passed (and
                // the deal was not thrown in) the first bidder is, at 1.
                let landlord = self.landlord.map(usize::from);
                let ended = made == SEATS || high == MAX_BID;
                let winner = if high == 0 {
                    self.bid == 1 && landlord == Some(usize::from(self.first))
                } else {
                    self.bid == high && landlord.is_some_and(|l| self.bids[l] == Some(high))
                };
                if !ended || !winner {
                    return Err("the landlord and its bid are not what the bidding made".into());
                }
                if !self.over && self.counts.contains(&0) {
                    return Err("a seat out of cards ends the deal".into());
                }
                Ok(())
            }
        }
    }

    /// The deal's counters and the match's scores are within what a match
    /// can reach; the last deal's result is one a deal can have.
    fn check_counters(&self) -> Result<(), String> {
        if self.bombs > 14 || (self.landlord.is_none() && self.bombs > 0) {
            return Err("more bombs than a deal holds".into());
        }
        for k in 0..SEATS {
            let n = usize::from(self.plays[k]);
            if (n == 0) != self.played[k].is_empty() || n > self.played[k].len() {
                return Err("a seat's plays do not fit the cards it played".into());
            }
        }
        const MOST: i64 = 1 << 40;
        if self.scores.iter().any(|s| s.abs() > MOST) || self.scores.iter().sum::<i64>() != 0 {
            return Err("the scores are out of range or do not sum to zero".into());
        }
        if self.deal_no > self.round_no || self.round_no > 1 << 20 {
            return Err("the deal counters are out of range".into());
        }
        if let Some(d) = &self.last_deal {
            let mut all = 0u64;
            for h in &d.left {
                if h.0 & !DECK.0 != 0 || h.0 & all != 0 {
                    return Err("the last deal's hands overlap or leave the deck".into());
                }
                all |= h.0;
            }
            let doublings = u32::from(d.bombs) + u32::from(d.spring || d.anti_spring);
            if usize::from(d.landlord) >= SEATS
                || !(1..=MAX_BID).contains(&d.bid)
                || d.bombs > 14
                || d.stake != i64::from(d.bid) << doublings
                || !(d.round < self.round_no || (self.over && d.round == self.round_no))
            {
                return Err("the last deal's result is not one a deal can have".into());
            }
        }
        Ok(())
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

    /// As [`sampler`](Observation::sampler), the other seats' hidden
    /// cards weighted by how well each seat's dealt hand fits its bid, by
    /// `exp(−misfit / temperature)` among [`INFERENCE_DRAWS`] uniform draws
    /// (see [`DouDizhu::inferring`](crate::DouDizhu::inferring)); 0:
    /// uniform.
    pub fn sampler_inferring(&self, temperature: u32) -> Option<Worlds> {
        self.check().ok()?;
        let me = usize::from(self.seat);
        let mut s = State::new(self.first);
        s.hands = std::array::from_fn(|k| self.known(k));
        s.hands[me] = self.hand;
        s.played = self.played;
        s.kitty = self.kitty;
        s.stock = CardSet::EMPTY;
        s.dealt = self.dealt;
        s.phase = self.phase;
        s.to_act = self.to_act;
        s.bids = self.bids;
        s.bid = self.bid;
        s.landlord = self.landlord;
        s.trick = self.trick();
        s.bombs = self.bombs;
        s.plays = self.plays;
        s.deal_no = self.deal_no;
        s.round_no = self.round_no;
        s.scores = self.scores;
        s.last_deal = self.last_deal;
        s.over = self.over;
        let hidden = std::array::from_fn(|k| {
            if k == me {
                0
            } else {
                usize::from(self.counts[k]) - self.known(k).len()
            }
        });
        let bidding = self.dealt == DEALT && self.bids.iter().any(Option::is_some);
        Some(Worlds {
            template: s,
            unseen: self.unseen(),
            hidden,
            temperature: if bidding { f64::from(temperature) } else { 0.0 },
            seat: me,
        })
    }
}

/// The worlds of one observation: the other seats' hidden cards drawn
/// uniformly from the unseen ones, the rest the stock.
#[derive(Clone, Debug)]
pub struct Worlds {
    template: State,
    unseen: CardSet,
    hidden: [usize; SEATS],
    temperature: f64,
    seat: usize,
}

/// The uniform draws an inferring sampler weighs.
pub const INFERENCE_DRAWS: usize = 8;

impl Worlds {
    /// The other hands' hidden cards, uniformly: each hand's, and the
    /// stock's.
    fn hidden_cards(&self, rng: &mut Rng) -> [CardSet; SEATS + 1] {
        let mut out = [CardSet::EMPTY; SEATS + 1];
        let mut pool = self.unseen;
        for (k, &n) in self.hidden.iter().enumerate() {
            for _ in 0..n {
                let c = pool.random(rng).expect("enough unseen cards for the hands");
                pool.remove(c);
                out[k].insert(c);
            }
        }
        out[SEATS] = pool;
        out
    }

    /// How badly the other seats' dealt hands, with `cards` hidden in
    /// them, fit their bids.
    fn misfit(&self, cards: &[CardSet; SEATS + 1]) -> f64 {
        let t = &self.template;
        let mut high = 0;
        let mut misfit = 0.0;
        for i in 0..SEATS {
            let k = (usize::from(t.first) + i) % SEATS;
            let Some(bid) = t.bids[k] else { break };
            if k != self.seat {
                let mut dealt = t.hands[k].0 | cards[k].0 | t.played[k].0;
                if t.landlord == Some(k as u8) {
                    dealt &= !t.kitty.0;
                }
                misfit += crate::bidding::bid_misfit(crate::cards::counts_of(CardSet(dealt)), bid, high);
            }
            high = high.max(bid);
        }
        misfit
    }

    /// One world.
    pub fn draw(&mut self, rng: &mut Rng) -> State {
        let cards = if self.temperature > 0.0 {
            let mut draws = [([CardSet::EMPTY; SEATS + 1], 0.0); INFERENCE_DRAWS];
            for d in &mut draws {
                let cards = self.hidden_cards(rng);
                let w = (-self.misfit(&cards) / self.temperature).exp();
                *d = (cards, w);
            }
            tabula_search::sample_weighted(&draws, rng)
        } else {
            self.hidden_cards(rng)
        };
        self.assemble(&cards)
    }

    /// The world in which the other seats hold `hidden` beside the cards
    /// every seat knows, the rest of the unseen cards in the stock;
    /// `None` unless `hidden` is unseen cards, disjoint, in the numbers
    /// the observation shows (none for the observing seat). Tests build
    /// a chosen arrangement of the hidden cards with it.
    pub fn world(&self, hidden: [CardSet; SEATS]) -> Option<State> {
        let mut pool = self.unseen;
        for (h, &n) in hidden.iter().zip(&self.hidden) {
            if h.len() != n || h.0 & !pool.0 != 0 {
                return None;
            }
            pool.0 &= !h.0;
        }
        Some(self.assemble(&[hidden[0], hidden[1], hidden[2], pool]))
    }

    /// The template with `cards` added to each hand and the stock, and
    /// hidden keys that fit what each seat was seen to play (its played
    /// cards first, then the kitty cards it holds): the observing seat's
    /// in the cards' order, so that its own plays show the same cards in
    /// every world; another seat's hidden cards in an order drawn from
    /// them, as the deal's order is uniform and unseen, without taking
    /// numbers from the generator (the worlds stay those drawn before
    /// there were keys).
    fn assemble(&self, cards: &[CardSet; SEATS + 1]) -> State {
        let mut s = self.template.clone();
        for (hand, extra) in s.hands.iter_mut().zip(cards) {
            hand.0 |= extra.0;
        }
        s.stock = cards[SEATS];
        let salts = std::array::from_fn(|k| {
            if k == self.seat {
                0
            } else {
                tabula_search::rng::mix64(cards[k].0 ^ 0xD0D1_0DE5) | 1
            }
        });
        s.assign_keys(salts);
        s.cards_hash = s.compute_cards_hash();
        s
    }
}

impl WorldSampler<State> for Worlds {
    fn sample(&mut self, rng: &mut Rng) -> State {
        self.draw(rng)
    }
}

/// Exchanges a card that `observer` cannot see with another it cannot
/// see in a different place (the stock, another seat's hand), in the
/// truth: the lowest cards of the first two such places, the stock
/// first. Returns whether there was
/// one. The hidden-information tests' hook: every observation of
/// `observer` must stay the same, and the world must stay one the rules
/// reach. So each card takes the other's hidden key, and then of each
/// rank moved the receiving seat's played cards take its smallest keys
/// (the freedom the unseen deal order leaves): a hand that now holds a 6
/// beside the 6 it played had held the played one longer.
pub fn swap_unseen(s: &mut State, observer: Seat) -> bool {
    let o = Observation::of(s, observer);
    // The stock (the kitty, in the bidding) first: a swap that moves a
    // card between it and a hand proves the kitty unseen too.
    let places: Vec<(Zone, CardSet)> = std::iter::once((Zone::Stock, s.stock))
        .chain(
            (0..SEATS)
                .filter(|&k| k != observer)
                .map(|k| (Zone::Hand(k), CardSet(s.hands[k].0 & !o.known(k).0))),
        )
        .collect();
    for (i, &(za, a)) in places.iter().enumerate() {
        for &(zb, b) in &places[i + 1..] {
            if let (Some(x), Some(y)) = (a.lowest(), b.lowest()) {
                move_card(s, x, za, zb);
                move_card(s, y, zb, za);
                let (kx, ky) = (s.key_of(x), s.key_of(y));
                s.set_key(x, ky);
                s.set_key(y, kx);
                for (z, c) in [(zb, x), (za, y)] {
                    if let Zone::Hand(k) = z {
                        s.settle_rank(k, crate::cards::rank(c));
                    }
                }
                return true;
            }
        }
    }
    false
}

fn move_card(s: &mut State, c: tabula_cards::CardId, from: Zone, to: Zone) {
    zone_cards(s, from).remove(c);
    zone_cards(s, to).insert(c);
    s.shift(c, from, to);
}

fn zone_cards(s: &mut State, z: Zone) -> &mut CardSet {
    match z {
        Zone::Hand(k) => &mut s.hands[k],
        Zone::Stock => &mut s.stock,
        Zone::Played(k) => &mut s.played[k],
    }
}
