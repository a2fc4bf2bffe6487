//! A deal of durak as the bout plugin keeps it: the hands, the stock with
//! the turned-up trump at its bottom, the discard, the seats still in,
//! the bout in progress, and the cards each seat is publicly known to
//! hold. Setting a deal up, the end of a bout (the table discarded or
//! picked up), the refill, the exits and the deal's end live here; the
//! moves of a bout are in `play`.

use serde::{Deserialize, Serialize};
use tabula_search::{Rng, Seat};

use super::cards::{CARDS, DECK, HAND, all_cards, beaters};
use super::centre::{Bout, Stage};
use super::moves::{Event, Options, Outcome, SetupError, ThrowIn};
use super::public::{MAX_SEATS, Public};
use crate::card::CardId;
use crate::card::french::Suit;
use crate::set::CardSet;

/// A deal in progress (or over): the whole truth, hidden cards included.
/// `Copy`, under 300 bytes: a search copies it and applies a move to the
/// copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deal {
    pub(super) public: Public,
    pub(super) hands: [CardSet; MAX_SEATS],
    /// `stock[0]` is the bottom (the trump card while it is there); the
    /// top, drawn next, is `stock[stock_len - 1]`; the slots above are 0.
    #[serde(with = "whole_pack")]
    pub(super) stock: [CardId; CARDS],
}

/// A hand-made position at the start of a bout, for tests and puzzles.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    /// The house rules.
    pub options: Options,
    /// Each seat's hand (2 to 6 seats). A seat without cards is out of
    /// the deal, which only happens once the stock is empty.
    pub hands: &'a [CardSet],
    /// The stock in drawing order, first drawn first; its last card is
    /// the turned-up trump.
    pub stock: &'a [CardId],
    /// The turned-up card, whose suit is trumps: the stock's last card
    /// while the stock has cards, else wherever it went.
    pub trump_card: CardId,
    /// The cards beaten off.
    pub discard: CardSet,
    /// Cards each seat is known to hold (picked up, or the trump drawn
    /// last): empty, or one set per seat, each within its hand.
    pub known: &'a [CardSet],
    /// The seat that leads the bout; it defends against its next opponent.
    pub attacker: Seat,
    /// Bouts already played in this deal (0: the first bout).
    pub bouts: u16,
}

impl Deal {
    /// Deals from `order` (the 36 cards, top of the pack first): one card
    /// at a time to each seat from the dealer's left until each has six;
    /// the next card is turned up for trumps and goes under the stock, to
    /// be drawn last (with six seats no card is left: the dealer's last
    /// card is shown for trumps and kept). `first` leads the first bout;
    /// `None` gives the lead to the holder of the lowest trump, or to the
    /// dealer's left when nobody holds one.
    ///
    /// # Errors
    /// For a seat count outside 2–6, teams without 4 or 6 seats, an
    /// `order` that is not the 36 cards once each, or a seat out of range.
    pub fn from_order(
        options: Options,
        seats: usize,
        order: &[CardId],
        dealer: Seat,
        first: Option<Seat>,
    ) -> Result<Deal, SetupError> {
        check_seats(options, seats)?;
        if order.len() != CARDS || order.iter().copied().collect::<CardSet>() != all_cards() {
            return Err(SetupError::Cards("the order is not the 36 cards once each"));
        }
        if let Some(s) = [Some(dealer), first].into_iter().flatten().find(|&s| s >= seats) {
            return Err(SetupError::Seat(s));
        }
        let dealt = HAND * seats;
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for (i, &c) in order[..dealt].iter().enumerate() {
            hands[(dealer + 1 + i) % seats].insert(c);
        }
        let mut public = Public::empty(options, seats, order[dealt.min(CARDS - 1)]);
        // Drawing order: the rest of the pack, then the turned-up card.
        let mut stock = [CardId(0); CARDS];
        let stock_len = if dealt < CARDS {
            let rest = &order[dealt + 1..];
            stock[..rest.len()].copy_from_slice(rest);
            stock[rest.len()] = order[dealt];
            rest.len() + 1
        } else {
            public.known[dealer].insert(order[CARDS - 1]);
            0
        };
        let mut deal = Deal::assemble(&public, &hands[..seats], &stock[..stock_len])?;
        let attacker = first.unwrap_or_else(|| deal.lowest_trump_holder().unwrap_or((dealer + 1) % seats));
        deal.start_bout(attacker);
        Ok(deal)
    }

    /// Shuffles the deck with `rng` and deals it (see [`Deal::from_order`]).
    ///
    /// # Errors
    /// As [`Deal::from_order`].
    pub fn shuffled(
        options: Options,
        seats: usize,
        dealer: Seat,
        first: Option<Seat>,
        rng: &mut Rng,
    ) -> Result<Deal, SetupError> {
        let mut order: [CardId; CARDS] = std::array::from_fn(|i| CardId(i as u16));
        rng.shuffle(&mut order);
        Deal::from_order(options, seats, &order, dealer, first)
    }

    /// A hand-made position at the start of a bout.
    ///
    /// # Errors
    /// When the zones are not the 36 cards once each, the trump card is
    /// not the stock's last, a known card is not in its hand, a seat has
    /// no card while the stock has some, or the attacker is out or has no
    /// opponent left.
    pub fn from_position(p: &Position<'_>) -> Result<Deal, SetupError> {
        let seats = p.hands.len();
        check_seats(p.options, seats)?;
        let active = (0..seats)
            .filter(|&s| !p.hands[s].is_empty())
            .fold(0u8, |m, s| m | 1 << s);
        if !p.stock.is_empty() && active.count_ones() as usize != seats {
            return Err(SetupError::Cards("a seat has no card while the stock has some"));
        }
        if p.attacker >= seats || active >> p.attacker & 1 == 0 {
            return Err(SetupError::Seat(p.attacker));
        }
        let mut public = Public::empty(p.options, seats, p.trump_card);
        public.discard = p.discard;
        public.active = active;
        public.bouts = p.bouts;
        if !p.known.is_empty() && p.known.len() != seats {
            return Err(SetupError::Cards("known cards are given for some seats only"));
        }
        public.known[..p.known.len()].copy_from_slice(p.known);
        let mut deal = Deal::assemble(&public, p.hands, p.stock)?;
        if deal.next_opponent(p.attacker).is_none() {
            return Err(SetupError::Seat(p.attacker));
        }
        deal.start_bout(p.attacker);
        Ok(deal)
    }

    /// The deal of `public` with these hands and this stock (drawing
    /// order), checked: the zones are the 36 cards once each, the trump
    /// card is the stock's last, each known card is in its hand.
    pub(super) fn assemble(public: &Public, hands: &[CardSet], stock: &[CardId]) -> Result<Deal, SetupError> {
        let seats = hands.len();
        check_seats(public.options, seats)?;
        if usize::from(public.seats) != seats {
            return Err(SetupError::Seats(seats));
        }
        let mut seen = public.discard | public.bout.table;
        let mut total = public.discard.len() + public.bout.table.len() + stock.len();
        for &h in hands {
            total += h.len();
            seen = seen | h;
        }
        seen = seen | stock.iter().copied().collect::<CardSet>();
        if total != CARDS || seen != all_cards() {
            return Err(SetupError::Cards("the zones are not the 36 cards once each"));
        }
        if stock.last().is_some_and(|&c| c != public.trump_card) {
            return Err(SetupError::Cards("the trump card is not the stock's last"));
        }
        if (0..seats).any(|s| !hands[s].contains_all(public.known[s])) {
            return Err(SetupError::Cards("a known card is not in its seat's hand"));
        }
        let mut deal = Deal {
            public: Public {
                stock_len: stock.len() as u8,
                ..*public
            },
            hands: [CardSet::EMPTY; MAX_SEATS],
            stock: [CardId(0); CARDS],
        };
        deal.hands[..seats].copy_from_slice(hands);
        for (slot, &c) in deal.stock.iter_mut().zip(stock.iter().rev()) {
            *slot = c;
        }
        Ok(deal)
    }

    /// What every seat knows.
    #[inline]
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// The house rules.
    #[inline]
    pub fn options(&self) -> Options {
        self.public.options
    }

    /// The number of seats (out or in).
    #[inline]
    pub fn seats(&self) -> usize {
        usize::from(self.public.seats)
    }

    /// Seat `seat`'s hand (hidden from the others).
    #[inline]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The cards every seat knows `seat` holds: what it picked up and has
    /// not played since, and the turned-up trump if it drew it last (or,
    /// with six seats, was dealt it).
    #[inline]
    pub fn known(&self, seat: Seat) -> CardSet {
        self.public.known[seat]
    }

    /// Cards left in the stock (the trump card among them while it is).
    #[inline]
    pub fn stock_len(&self) -> usize {
        usize::from(self.public.stock_len)
    }

    /// The stock in drawing order, first drawn first (hidden but for its
    /// last card, the turned-up trump).
    pub fn stock(&self) -> impl Iterator<Item = CardId> + '_ {
        self.stock[..self.stock_len()].iter().rev().copied()
    }

    /// Trumps.
    #[inline]
    pub fn trump(&self) -> Suit {
        DECK.suit(self.public.trump_card)
    }

    /// The card turned up for trumps.
    #[inline]
    pub fn trump_card(&self) -> CardId {
        self.public.trump_card
    }

    /// The cards beaten off so far.
    #[inline]
    pub fn discard(&self) -> CardSet {
        self.public.discard
    }

    /// The bout in progress (once the deal is over: the last bout's
    /// seats over an empty table).
    #[inline]
    pub fn bout(&self) -> &Bout {
        &self.public.bout
    }

    /// Bouts finished in this deal.
    #[inline]
    pub fn bouts(&self) -> usize {
        usize::from(self.public.bouts)
    }

    /// Whether `seat` is still in the deal (it has not gone out).
    #[inline]
    pub fn in_game(&self, seat: Seat) -> bool {
        seat < MAX_SEATS && self.public.active >> seat & 1 == 1
    }

    /// How the deal ended, once it has.
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.public.outcome
    }

    /// The seat holding the lowest trump, if any seat holds one.
    pub fn lowest_trump_holder(&self) -> Option<Seat> {
        let trumps = super::cards::suit_cards(self.trump());
        (0..self.seats())
            .filter_map(|s| (self.hands[s] & trumps).lowest().map(|c| (c, s)))
            .min()
            .map(|(_, s)| s)
    }

    /// Whether two seats are partners (never, without teams).
    #[inline]
    pub fn partners(&self, a: Seat, b: Seat) -> bool {
        self.public.options.teams && a != b && a % (self.seats() / 2) == b % (self.seats() / 2)
    }

    /// The next seat after `seat` in the order of play that is still in.
    pub fn next_in(&self, seat: Seat) -> Seat {
        let n = self.seats();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&t| self.in_game(t))
            .unwrap_or(seat)
    }

    /// The next seat after `seat` still in and not its partner: whom
    /// `seat` attacks (`None`: nobody is left to attack).
    pub fn next_opponent(&self, seat: Seat) -> Option<Seat> {
        let n = self.seats();
        (1..n)
            .map(|k| (seat + k) % n)
            .find(|&t| self.in_game(t) && !self.partners(seat, t))
    }

    /// Whether `seat` may throw in this bout by the options and its place
    /// (whether it holds a card to throw is another matter).
    pub fn may_throw(&self, seat: Seat) -> bool {
        let (a, d) = (self.public.bout.attacker(), self.public.bout.defender());
        if !self.in_game(seat) || seat == d || self.partners(seat, d) {
            return false;
        }
        match self.public.options.throw_in {
            ThrowIn::Everyone => true,
            ThrowIn::Neighbours => seat == a || seat == self.next_in(d),
            ThrowIn::AttackerOnly => seat == a,
        }
    }

    /// Whether the table has room for one more attack: under the bout's
    /// limit, and no more unbeaten attacks than the defender holds cards.
    #[inline]
    pub fn room(&self) -> bool {
        self.public.bout.attacks() < self.public.bout.limit()
            && self.public.bout.open() < self.hands[self.public.bout.defender()].len()
    }

    /// The seats that may throw in, in their order of priority: the main
    /// attacker, then around the table from the defender's other side.
    pub fn throw_order(&self) -> impl Iterator<Item = Seat> + '_ {
        let (a, d, n) = (self.public.bout.attacker(), self.public.bout.defender(), self.seats());
        std::iter::once(a)
            .chain((1..n).map(move |k| (d + k) % n).filter(move |&t| t != a))
            .filter(|&t| self.may_throw(t))
    }

    /// Sets the bout led by `attacker` against its next opponent.
    fn start_bout(&mut self, attacker: Seat) {
        let defender = self.next_opponent(attacker).unwrap_or(attacker);
        let limit = if self.public.options.first_bout_five && self.public.bouts == 0 {
            5
        } else {
            HAND
        };
        self.public.bout = Bout::new(attacker, defender, limit);
    }

    /// Ends the bout: the table to the discard or the defender's hand, the
    /// refill (the main attacker first, then around from the defender's
    /// other side, the defender last), the exits of the seats left
    /// without cards once the stock is empty, and the deal's end or the
    /// next bout (the defender leads after beating off, the seat after it
    /// after taking; a seat gone out passes the lead on).
    pub(super) fn finish_bout(&mut self, taken: bool) -> Event {
        let (a, d, n) = (self.public.bout.attacker(), self.public.bout.defender(), self.seats());
        let table = self.public.bout.table;
        if taken {
            self.hands[d] = self.hands[d] | table;
            self.public.known[d] = self.public.known[d] | table;
        } else {
            self.public.discard = self.public.discard | table;
        }
        self.draw(a);
        for t in (1..n).map(|k| (d + k) % n).filter(|&t| t != a) {
            self.draw(t);
        }
        self.draw(d);
        if self.public.stock_len == 0 {
            for s in 0..n {
                if self.hands[s].is_empty() {
                    self.public.active &= !(1 << s);
                }
            }
        }
        // Saturating: a deal of endless takes could pass u16's range (the
        // count only tells the first bout from the others).
        self.public.bouts = self.public.bouts.saturating_add(1);
        self.public.outcome = self.decided();
        if self.public.outcome.is_none() {
            let next = if !taken && self.in_game(d) { d } else { self.next_in(d) };
            self.start_bout(next);
        } else {
            // The table is cleared; nobody is to move.
            self.public.bout = Bout::new(a, d, self.public.bout.limit());
        }
        if taken { Event::Taken } else { Event::BeatenOff }
    }

    /// Refills `seat`'s hand to six from the top of the stock.
    fn draw(&mut self, seat: Seat) {
        if !self.in_game(seat) {
            return;
        }
        while self.hands[seat].len() < HAND && self.public.stock_len > 0 {
            self.public.stock_len -= 1;
            // The slot is cleared so that equal deals compare and hash equal.
            let c = std::mem::replace(&mut self.stock[usize::from(self.public.stock_len)], CardId(0));
            self.hands[seat].insert(c);
            if c == self.public.trump_card {
                self.public.known[seat].insert(c);
            }
        }
    }

    /// The outcome when fewer than two sides still hold cards.
    fn decided(&self) -> Option<Outcome> {
        let mut left = (0..self.seats()).filter(|&s| self.in_game(s));
        let Some(first) = left.next() else {
            return Some(Outcome::Draw);
        };
        if left.any(|s| !self.partners(first, s)) {
            return None;
        }
        Some(if self.public.options.teams {
            let half = self.seats() / 2;
            Outcome::DurakTeam(first % half, first % half + half)
        } else {
            Outcome::Durak(first)
        })
    }

    /// Checks the deal's invariants: the hands, the stock, the table and
    /// the discard are the 36 cards once each (the table being its pairs,
    /// and passes kept only in a round of throw-ins); each seat's known cards are
    /// in its hand; the trump card is the stock's bottom while the stock
    /// has cards; the table holds no more attacks than the bout's limit
    /// nor more unbeaten ones than the defender holds cards; every beating
    /// card beats its attack; the attacker and the defender are two seats
    /// still in.
    ///
    /// # Errors
    /// The first invariant broken, in words.
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        let mut seen = self.public.discard | self.public.bout.table;
        let mut total = self.public.discard.len() + self.public.bout.table.len() + self.stock_len();
        for s in 0..self.seats() {
            seen = seen | self.hands[s];
            total += self.hands[s].len();
            if !self.hands[s].contains_all(self.public.known[s]) {
                return Err("a known card is not in its seat's hand");
            }
        }
        seen = seen | self.stock().collect::<CardSet>();
        if total != CARDS || seen != all_cards() {
            return Err("the zones are not the 36 cards once each");
        }
        if self.public.stock_len > 0 && self.stock[0] != self.public.trump_card {
            return Err("the trump card is not at the bottom of the stock");
        }
        let b = &self.public.bout;
        if b.attacks() > b.limit() || b.limit() > HAND {
            return Err("more attacks than the bout's limit");
        }
        if b.open() > self.hands[b.defender()].len() {
            return Err("more unbeaten attacks than the defender holds cards");
        }
        let paired: CardSet = b.pairs().flat_map(|(a, w)| [Some(a), w]).flatten().collect();
        if paired != b.table() || paired.len() != 2 * b.attacks() - b.open() {
            return Err("the table is not its pairs");
        }
        if b.stage() != Stage::Throw && b.passed != 0 {
            return Err("passes outside a round of throw-ins");
        }
        if b.pairs()
            .any(|(a, w)| w.is_some_and(|w| !beaters(a, self.trump()).contains(w)))
        {
            return Err("a beating card does not beat its attack");
        }
        if self.public.outcome.is_none()
            && (b.attacker() == b.defender() || !self.in_game(b.attacker()) || !self.in_game(b.defender()))
        {
            return Err("the attacker and the defender are not two seats in the deal");
        }
        Ok(())
    }
}

/// Validates a seat count against the options.
fn check_seats(options: Options, seats: usize) -> Result<(), SetupError> {
    if !(2..=MAX_SEATS).contains(&seats) {
        return Err(SetupError::Seats(seats));
    }
    if options.teams && seats != 4 && seats != 6 {
        return Err(SetupError::Teams(seats));
    }
    Ok(())
}

/// Serde for an array of the whole pack (the stock's slots, a game's
/// dealing order; serde's derives stop at 32 elements): a sequence of 36
/// cards. For `#[serde(with = "tabula_cards::bout::whole_pack")]`.
pub mod whole_pack {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::bout::cards::CARDS;
    use crate::card::CardId;

    /// Writes the 36 cards as a sequence.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(stock: &[CardId; CARDS], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(stock)
    }

    /// Reads a sequence of exactly 36 cards.
    ///
    /// # Errors
    /// Another length, or the deserializer's.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[CardId; CARDS], D::Error> {
        let cards = Vec::<CardId>::deserialize(d)?;
        let len = cards.len();
        cards
            .try_into()
            .map_err(|_| serde::de::Error::invalid_length(len, &"36 cards"))
    }
}
