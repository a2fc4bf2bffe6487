//! The rules of a Guandan match as transitions of a [`State`]: the deal,
//! the first leader, tribute and return, beat or pass with the lead
//! passing to the partner of a seat that went out, the end of a hand and
//! the levels, and the end of the match at A.

use tabula_cards::CardId;
use tabula_search::Turn;

use crate::actions::Action;
use crate::cards::{
    ACE, BIG_JOKER, Cards, DECK, FACES, Face, HandView, NATURALS, face_of, instance_in, is_wild, natural, rank,
};
use crate::moves::{Play, Scratch, plays, take};
use crate::observation::Faces;
use crate::options::ReturnRule;
use crate::state::{HAND, HandResult, Phase, SEATS, SIDES, State, Tribute, side};

/// An action that is not legal where it was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not legal here")]
pub struct IllegalAction(pub Action);

/// What a seat's legal actions depend on besides its hand: the same
/// whether the rules read them from the truth or a seat from its
/// observation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SeatTurn {
    /// Where the hand stands.
    pub phase: Phase,
    /// The hand's level.
    pub level: u8,
    /// The combination to beat (`None`: the seat leads).
    pub to_beat: Option<crate::moves::Combo>,
    /// The face of the tribute the seat received (in the return).
    pub received: Option<Face>,
    /// What may be given back.
    pub return_rule: ReturnRule,
}

impl SeatTurn {
    /// Clears `out` and pushes the legal actions of a seat holding `hand`
    /// (the seat to act), sorted.
    pub fn actions(&self, hand: Cards, scratch: &mut Scratch, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Tribute => out.extend(tribute_cards(hand, self.level).map(Action::Tribute)),
            Phase::Return => out.extend(
                return_cards_of(Faces::of(hand), self.level, self.return_rule, self.received).map(Action::Return),
            ),
            Phase::Play => {
                let mut ps = std::mem::take(&mut scratch.plays);
                let view = HandView::of(hand, self.level);
                plays(&view, self.level, self.to_beat.as_ref(), scratch, &mut ps);
                out.extend(ps.iter().map(|&p| Action::Play(p)));
                if self.to_beat.is_some() {
                    out.push(Action::Pass);
                }
                scratch.plays = ps;
            }
            Phase::Deal | Phase::FirstLeader | Phase::Over => {}
        }
    }
}

/// The natural rank of a ten: the highest a card given back may be
/// under [`ReturnRule::TenOrLower`].
const TEN: u8 = 8;

impl State {
    /// Who acts: chance in the deal and the draw of the first leader, a
    /// seat otherwise, nobody once the match is over.
    pub fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal | Phase::FirstLeader => Turn::Chance,
            Phase::Over => Turn::Terminal,
            _ => Turn::Seat(usize::from(self.to_act)),
        }
    }

    /// Chance's outcomes, each equally likely: a card of the stock to
    /// deal, or a seat to lead.
    pub fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        match self.phase {
            Phase::Deal => {
                let p = 1.0 / self.stock.len() as f64;
                out.extend(self.stock.iter().map(|c| (Action::Deal(c), p)));
            }
            Phase::FirstLeader => out.extend((0..SEATS as u8).map(|s| (Action::FirstLeader(s), 0.25))),
            _ => {}
        }
    }

    /// Clears `out` and pushes the legal actions of the seat to act,
    /// sorted (none at a chance node or the end).
    pub fn legal(&self, scratch: &mut Scratch, out: &mut Vec<Action>) {
        let seat = usize::from(self.to_act);
        let received = self.tribute_of_receiver(seat).and_then(|t| t.card).map(face_of);
        let turn = SeatTurn {
            phase: self.phase,
            level: self.level,
            to_beat: self.trick.to_beat(seat),
            received,
            return_rule: self.options.return_rule,
        };
        turn.actions(self.hands[seat], scratch, out);
    }

    /// Plays `action` when it is legal here.
    ///
    /// # Errors
    /// [`IllegalAction`] when it is not; the state is unchanged.
    pub fn play(&mut self, action: Action) -> Result<(), IllegalAction> {
        let legal = match self.phase {
            Phase::Deal => matches!(action, Action::Deal(c) if self.stock.contains(c)),
            Phase::FirstLeader => matches!(action, Action::FirstLeader(s) if usize::from(s) < SEATS),
            Phase::Over => false,
            _ => {
                let mut out = Vec::new();
                self.legal(&mut Scratch::default(), &mut out);
                out.contains(&action)
            }
        };
        if !legal {
            return Err(IllegalAction(action));
        }
        self.apply(action);
        Ok(())
    }

    /// Plays `action`, which the caller has found legal.
    ///
    /// # Panics
    /// May panic, or leave a state the rules never reach, when the action
    /// is not legal here.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Deal(c) => self.deal(c),
            Action::FirstLeader(s) => {
                self.leader = s;
                self.start_play();
            }
            Action::Tribute(c) => self.give_tribute(c),
            Action::Return(c) => self.give_back(c),
            Action::Play(p) => self.play_cards(p),
            Action::Pass => self.pass(),
        }
    }

    /// Each seat's payoff: 1 for the side that won the match, 0 for the
    /// other (and for both before the end).
    pub fn payoffs(&self) -> [f64; SEATS] {
        std::array::from_fn(|s| f64::from(u8::from(self.winner == Some(side(s) as u8))))
    }

    fn deal(&mut self, c: CardId) {
        debug_assert!(self.stock.contains(c));
        self.stock.remove(c);
        self.hands[usize::from(self.to_act)].insert(c);
        self.dealt += 1;
        self.to_act = (self.to_act + 1) % SEATS as u8;
        if usize::from(self.dealt) < SEATS * HAND {
            return;
        }
        self.after_deal();
    }

    /// The hands are dealt: the draw of the first leader (the match's
    /// first hand, unless set up with one), else the tributes.
    pub(crate) fn after_deal(&mut self) {
        match self.last_hand {
            None if self.hand_no == 0 && self.dealt > 0 => self.phase = Phase::FirstLeader,
            None => self.start_play(),
            Some(last) => self.set_tributes(&last),
        }
    }

    /// The tributes after `last`: the last seat out gives to the first;
    /// after a side went out first and second, both of the other side
    /// give. Resisted when the givers hold both big jokers between them:
    /// then the first seat out leads.
    fn set_tributes(&mut self, last: &HandResult) {
        let first = last.order[0];
        let double = side(usize::from(last.order[1])) == side(usize::from(first));
        let payers: &[u8] = if double { &last.order[2..] } else { &last.order[3..] };
        let big_jokers: usize = payers
            .iter()
            .map(|&p| {
                self.hands[usize::from(p)]
                    .iter()
                    .filter(|&c| rank(c, self.level) == BIG_JOKER)
                    .count()
            })
            .sum();
        if big_jokers == 2 {
            self.leader = first;
            self.start_play();
            return;
        }
        // The payers in the order of play from the first seat out.
        let mut order = [payers[0], *payers.last().expect("a payer")];
        order.sort_by_key(|&p| (p + SEATS as u8 - first) % SEATS as u8);
        self.tributes = [None; 2];
        for (i, &p) in order[..payers.len()].iter().enumerate() {
            self.tributes[i] = Some(Tribute {
                payer: p,
                receiver: first,
                card: None,
                returned: None,
            });
        }
        self.phase = Phase::Tribute;
        self.to_act = order[0];
    }

    fn give_tribute(&mut self, face: Face) {
        let seat = self.to_act;
        let c = instance_in(self.hands[usize::from(seat)], face).expect("a card of the face");
        self.hands[usize::from(seat)].remove(c);
        let i = self
            .tributes
            .iter()
            .position(|t| t.is_some_and(|t| t.payer == seat))
            .expect("a payer");
        let t = self.tributes[i].as_mut().expect("a tribute");
        t.card = Some(c);
        if let Some(next) = self.tributes.iter().flatten().find(|t| t.card.is_none()) {
            self.to_act = next.payer;
            return;
        }
        // Every tribute given: each goes to its receiver, the higher card
        // of two to the first seat out (of equal ones, the payer next to
        // it in the order of play gives it: the first in the list), the
        // other to its partner.
        let first = self.last_hand.expect("a hand before tribute").order[0];
        if let [Some(a), Some(b)] = self.tributes {
            let (ra, rb) = (rank(a.card.unwrap(), self.level), rank(b.card.unwrap(), self.level));
            let partner = (first + 2) % SEATS as u8;
            let (to_a, to_b) = if rb > ra { (partner, first) } else { (first, partner) };
            self.tributes[0].as_mut().unwrap().receiver = to_a;
            self.tributes[1].as_mut().unwrap().receiver = to_b;
        }
        for t in self.tributes.iter().flatten() {
            self.hands[usize::from(t.receiver)].insert(t.card.unwrap());
        }
        // The payer who gave to the first seat out leads the hand.
        self.leader = self
            .tributes
            .iter()
            .flatten()
            .find(|t| t.receiver == first)
            .unwrap()
            .payer;
        self.phase = Phase::Return;
        self.to_act = self.next_to_return().expect("a receiver");
    }

    /// The tribute a seat received.
    fn tribute_of_receiver(&self, seat: usize) -> Option<&Tribute> {
        self.tributes.iter().flatten().find(|t| usize::from(t.receiver) == seat)
    }

    /// The receiver still to give back, the first seat out first.
    fn next_to_return(&self) -> Option<u8> {
        let first = self.last_hand?.order[0];
        self.tributes
            .iter()
            .flatten()
            .filter(|t| t.returned.is_none())
            .map(|t| t.receiver)
            .min_by_key(|&r| (r + SEATS as u8 - first) % SEATS as u8)
    }

    fn give_back(&mut self, face: Face) {
        let seat = self.to_act;
        let received = self.tribute_of_receiver(usize::from(seat)).and_then(|t| t.card);
        // Not the copy received: the other, held before, may go back.
        let mut pool = self.hands[usize::from(seat)];
        if let Some(r) = received {
            pool.remove(r);
        }
        let c = instance_in(pool, face).expect("a card of the face");
        let t = self
            .tributes
            .iter_mut()
            .flatten()
            .find(|t| t.receiver == seat && t.returned.is_none())
            .expect("a tribute to give back for");
        t.returned = Some(c);
        let payer = t.payer;
        self.hands[usize::from(seat)].remove(c);
        self.hands[usize::from(payer)].insert(c);
        match self.next_to_return() {
            Some(next) => self.to_act = next,
            None => self.start_play(),
        }
    }

    fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.to_act = self.leader;
    }

    fn play_cards(&mut self, p: Play) {
        let seat = usize::from(self.to_act);
        let cards = take(self.hands[seat], self.level, &p).expect("a play the hand can make");
        self.hands[seat] = self.hands[seat] - cards;
        self.played[seat] = self.played[seat] | cards;
        self.on_table = cards;
        // A lead starts a trick: what the seats showed in the last goes.
        if self.trick.last.is_none() {
            self.shown = [Cards::EMPTY; SEATS];
            self.passed = 0;
        }
        self.shown[seat] = cards;
        self.passed &= !(1 << seat);
        self.trick.play(seat, p.combo);
        if self.hands[seat].is_empty() {
            self.out[usize::from(self.n_out)] = seat as u8;
            self.n_out += 1;
            let out = self.out();
            let double = out.len() == 2 && side(usize::from(out[0])) == side(usize::from(out[1]));
            if out.len() == 3 || double {
                self.end_hand();
                return;
            }
        }
        self.to_act = self.seating().next(seat).expect("seats in play") as u8;
    }

    fn pass(&mut self) {
        let seat = usize::from(self.to_act);
        self.shown[seat] = Cards::EMPTY;
        self.passed |= 1 << seat;
        let seating = self.seating();
        match self.trick.pass(&seating) {
            Some(leader) => {
                self.to_act = leader as u8;
                self.on_table = Cards::EMPTY;
            }
            None => self.to_act = seating.next(usize::from(self.to_act)).expect("seats in play") as u8,
        }
    }

    /// The hand is over: the finishing order, the levels, the end of the
    /// match at A, and the next hand's deal.
    fn end_hand(&mut self) {
        let mut order = self.out;
        let mut n = usize::from(self.n_out);
        for s in 0..SEATS as u8 {
            if !order[..n].contains(&s) {
                order[n] = s;
                n += 1;
            }
        }
        let first = usize::from(order[0]);
        let winners = side(first);
        let partner_place = order
            .iter()
            .position(|&s| usize::from(s) == (first + 2) % SEATS)
            .expect("a partner");
        let gained = [0, 3, 2, 1][partner_place];
        let mut result = HandResult {
            order,
            level: self.level,
            declarers: self.declarers,
            gained: [0; SIDES],
            levels: self.levels,
            failed_at_ace: false,
            dropped: false,
        };
        result.gained[winners] = gained;
        // The declarers at their A win the match by going out first with
        // their partner second or third.
        if let Some(d) = self.declarers.map(usize::from).filter(|_| self.level == ACE) {
            if winners == d && gained >= 2 {
                self.winner = Some(d as u8);
                self.phase = Phase::Over;
                self.last_hand = Some(result);
                return;
            }
            result.failed_at_ace = true;
            self.failures[d] = self.failures[d].saturating_add(1);
        }
        self.levels[winners] = (self.levels[winners] + gained).min(ACE);
        if let Some(d) = self.declarers.map(usize::from).filter(|_| result.failed_at_ace) {
            let allowed = self.options.a_failures;
            if allowed > 0 && self.failures[d] >= allowed {
                self.levels[d] = 0;
                self.failures[d] = 0;
                result.dropped = true;
            }
        }
        result.levels = self.levels;
        self.last_hand = Some(result);
        // The next hand, at the winners' level.
        self.level = self.levels[winners];
        self.declarers = Some(winners as u8);
        self.hand_no += 1;
        self.hands = [Cards::EMPTY; SEATS];
        self.stock = DECK;
        self.dealt = 0;
        self.phase = Phase::Deal;
        self.to_act = order[0];
        self.trick = Default::default();
        self.on_table = Cards::EMPTY;
        self.played = [Cards::EMPTY; SEATS];
        self.shown = [Cards::EMPTY; SEATS];
        self.passed = 0;
        self.out = [0; SEATS];
        self.n_out = 0;
        self.tributes = [None; 2];
    }
}

/// The faces a seat may give as tribute: each face of its highest rank
/// at the level, the wild hearts aside, in order.
pub fn tribute_cards(hand: Cards, level: u8) -> impl Iterator<Item = Face> {
    tribute_cards_of(Faces::of(hand), level)
}

/// [`tribute_cards`] of a hand given by faces.
pub fn tribute_cards_of(hand: Faces, level: u8) -> impl Iterator<Item = Face> {
    let card = |f: Face| CardId(u16::from(f) * 2);
    let top = hand
        .iter()
        .filter(|&(f, _)| !is_wild(card(f), level))
        .map(|(f, _)| rank(card(f), level))
        .max();
    (0..FACES as Face)
        .filter(move |&f| hand.get(f) > 0 && !is_wild(card(f), level) && Some(rank(card(f), level)) == top)
}

/// The faces a seat may give back for a tribute (`received`: the face of
/// the copy it received, which it may not give back itself), in order:
/// under [`ReturnRule::TenOrLower`] a card numbered ten or lower, else the
/// hand's lowest rank at the level; under [`ReturnRule::Any`] any card.
pub fn return_cards_of(hand: Faces, level: u8, rule: ReturnRule, received: Option<Face>) -> impl Iterator<Item = Face> {
    let mut pool = hand;
    if let Some(r) = received {
        // The copy received, not the face: an identical card held before
        // may go back (it is another card).
        pool.take(r);
    }
    let card = |f: Face| CardId(u16::from(f) * 2);
    let low = move |f: Face| natural(card(f)).is_some_and(|n| n <= TEN);
    let any_low = pool.iter().any(|(f, _)| low(f));
    let lowest = pool.iter().map(|(f, _)| rank(card(f), level)).min();
    (0..FACES as Face).filter(move |&f| {
        pool.get(f) > 0
            && match rule {
                ReturnRule::Any => true,
                ReturnRule::TenOrLower if any_low => low(f),
                ReturnRule::TenOrLower => Some(rank(card(f), level)) == lowest,
            }
    })
}

// The natural ranks are thirteen: the ten is the ninth.
const _: () = assert!(TEN < NATURALS);
