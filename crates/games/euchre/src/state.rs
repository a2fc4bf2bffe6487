//! A position of a Euchre match: where every card is (the zone ledger), and
//! what the whole table knows of the hand and the match ([`Public`]), which
//! the position and every seat's observation share, so that whose turn it
//! is and what it may do are computed once, from what everyone sees.

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::Tricks;
use tabula_cards::{CardId, CardSet, RoundDeal, ZoneKeys};
use tabula_search::Turn;
use tabula_search::rng::mix64;

use crate::actions::{Action, playable};
use crate::cards::{DEALT, DECK, HAND, NUM_CARDS, SEATS, TRICKS, partner, suit_of, team};
use crate::options::EuchreOptions;

pub use tabula_cards::tricks::Zone;

/// The turned-up card on the kitty: face up in the first round, turned
/// down after it (still known to all), until the dealer takes it.
pub(crate) const UPCARD: Zone = Zone::Own(0);
/// The dealer's discard, face down.
pub(crate) const DISCARD: Zone = Zone::Own(1);

/// The cards' zone keys: the trick zones, the upcard and the discard.
static KEYS: ZoneKeys<{ Zone::count(SEATS, 2) * NUM_CARDS }> = ZoneKeys::new(0xE0C4_5000_0000_0001, NUM_CARDS);

/// The hash key of `card` in `zone`.
#[inline]
pub(crate) fn key(zone: Zone, card: CardId) -> u64 {
    KEYS.key(zone.id(SEATS), card)
}

/// The bid that made trump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Call {
    /// The seat that ordered up or named trump.
    pub maker: u8,
    /// The trump suit (0–3, clubs first).
    pub trump: u8,
    /// The maker plays alone (its partner sits out).
    pub alone: bool,
}

/// The stage of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Chance deals the hands, then turns up a card.
    Dealing,
    /// A seat bids (first round while fewer than four passed).
    Bidding,
    /// The dealer, having taken the upcard, discards.
    Discard,
    /// A defender against a lone maker chooses whether to defend alone.
    DefendAlone,
    /// A seat plays a card.
    Play,
    /// The match is over.
    Over,
}

/// What every seat knows: the rules, the hand's progress, every card
/// played, and the scores. A position holds one; each seat's observation
/// holds the same.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Public {
    /// The rules the match is played under.
    pub options: EuchreOptions,
    /// Hands begun before this one (thrown-in hands too): the dealer is
    /// seat `hand_no % 4`.
    pub hand_no: u32,
    /// Chance events of this hand: twenty cards dealt, then the turn-up.
    pub dealt: u8,
    /// The turned-up card, once turned (everyone saw it).
    pub upcard: Option<CardId>,
    /// The seats that passed, in turn from the dealer's left (four in the
    /// first round, then the second round's).
    pub passes: u8,
    /// The bid that made trump.
    pub call: Option<Call>,
    /// The dealer took the upcard (trump ordered up, the dealer not sitting
    /// out).
    pub picked_up: bool,
    /// The dealer has discarded.
    pub discarded: bool,
    /// Defenders asked whether they defend alone.
    pub asked: u8,
    /// The defender playing alone.
    pub defender: Option<u8>,
    /// The hand's tricks: the trick in progress and its leader, what each
    /// seat played and took, and the revealed voids (bit `s`: effective
    /// suit `s` under trump, the left bower counting as a trump).
    #[serde(flatten)]
    pub tricks: Tricks<SEATS>,
    /// Tricks each seat took this hand.
    pub won: [u8; SEATS],
    /// The sides' scores (seats 0 and 2, seats 1 and 3).
    pub scores: [u32; 2],
    /// The points of the last finished hand (zero after a hand thrown in).
    pub last_hand: [u32; 2],
    /// The match is over.
    pub over: bool,
}

impl Public {
    /// The start of a match under `options`.
    pub fn new(options: EuchreOptions) -> Public {
        Public {
            options,
            hand_no: 0,
            dealt: 0,
            upcard: None,
            passes: 0,
            call: None,
            picked_up: false,
            discarded: false,
            asked: 0,
            defender: None,
            tricks: Tricks::new(0),
            won: [0; SEATS],
            scores: [0; 2],
            last_hand: [0; 2],
            over: false,
        }
    }

    /// The dealer of the hand in progress.
    #[inline]
    pub fn dealer(&self) -> usize {
        (self.hand_no % SEATS as u32) as usize
    }

    /// The deal: five cards each, one at a time from the dealer's left.
    #[inline]
    pub fn deal(&self) -> RoundDeal {
        RoundDeal::left_of(self.dealer(), SEATS, DEALT)
    }

    /// The seat the next dealt card goes to (none once the hands are dealt).
    #[inline]
    pub fn next_recipient(&self) -> Option<usize> {
        self.deal().recipient(usize::from(self.dealt))
    }

    /// The stage of the hand.
    pub fn phase(&self) -> Phase {
        if self.over {
            return Phase::Over;
        }
        if usize::from(self.dealt) <= DEALT {
            return Phase::Dealing;
        }
        match self.call {
            None => Phase::Bidding,
            Some(_) if self.picked_up && !self.discarded => Phase::Discard,
            Some(_) if self.defender_to_ask().is_some() => Phase::DefendAlone,
            Some(_) => Phase::Play,
        }
    }

    /// The seat to bid next, during the bidding.
    #[inline]
    pub fn bidder(&self) -> usize {
        (self.dealer() + 1 + usize::from(self.passes)) % SEATS
    }

    /// The suit turned down (the second round's): the upcard's.
    pub fn turned_down(&self) -> Option<u8> {
        if self.passes >= 4 {
            self.upcard.map(suit_of)
        } else {
            None
        }
    }

    /// The defender to ask whether it defends alone: under the option,
    /// against a lone maker, the first defender after the maker, then the
    /// other, until one accepts.
    pub fn defender_to_ask(&self) -> Option<usize> {
        let call = self.call?;
        (self.options.defender_alone && call.alone && self.defender.is_none() && self.asked < 2)
            .then(|| (usize::from(call.maker) + 1 + 2 * usize::from(self.asked)) % SEATS)
    }

    /// Whether `seat` sits out the hand: the partner of a lone maker or of
    /// a lone defender.
    #[inline]
    pub fn sits_out(&self, seat: usize) -> bool {
        self.call
            .is_some_and(|c| c.alone && seat == partner(usize::from(c.maker)))
            || self.defender.is_some_and(|d| seat == partner(usize::from(d)))
    }

    /// The seats that play the hand.
    #[inline]
    pub fn active_seats(&self) -> usize {
        self.active().count_ones() as usize
    }

    /// The seats that play the hand, as a bit set.
    #[inline]
    pub fn active(&self) -> u8 {
        (0..SEATS).filter(|&s| !self.sits_out(s)).fold(0, |m, s| m | 1 << s)
    }

    /// The first seat after `seat` (clockwise) that plays the hand.
    #[inline]
    pub fn next_active(&self, seat: usize) -> usize {
        (1..=SEATS)
            .map(|k| (seat + k) % SEATS)
            .find(|&s| !self.sits_out(s))
            .unwrap_or(seat)
    }

    /// The seat of the trick's card `i` (0 the leader's).
    #[inline]
    pub fn trick_seat(&self, i: usize) -> usize {
        self.tricks.seat_at(i, self.active())
    }

    /// The seat to play a card.
    #[inline]
    pub fn to_play(&self) -> usize {
        self.tricks.to_play(self.active())
    }

    /// The trick in progress.
    #[inline]
    pub fn trick_cards(&self) -> &[CardId] {
        self.tricks.trick()
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        match self.phase() {
            Phase::Over => Turn::Terminal,
            Phase::Dealing => Turn::Chance,
            Phase::Bidding => Turn::Seat(self.bidder()),
            Phase::Discard => Turn::Seat(self.dealer()),
            Phase::DefendAlone => Turn::Seat(self.defender_to_ask().unwrap_or(0)),
            Phase::Play => Turn::Seat(self.to_play()),
        }
    }

    /// The legal actions of the seat to act, holding `hand` (cleared first,
    /// sorted): the bids, the dealer's discards (any card but the upcard
    /// it took), the choice to defend alone, or the playable cards.
    pub fn legal_actions(&self, hand: CardSet, out: &mut Vec<Action>) {
        out.clear();
        match self.phase() {
            Phase::Bidding if self.passes < 4 => {
                out.extend([
                    Action::Pass,
                    Action::OrderUp { alone: false },
                    Action::OrderUp { alone: true },
                ]);
            }
            Phase::Bidding => {
                if !(self.options.stick_the_dealer && self.bidder() == self.dealer()) {
                    out.push(Action::Pass);
                }
                let down = self.turned_down();
                for suit in (0..4).filter(|&s| Some(s) != down) {
                    out.extend([Action::Name { suit, alone: false }, Action::Name { suit, alone: true }]);
                }
            }
            Phase::Discard => {
                let keep = self.upcard.map_or(CardSet::EMPTY, CardSet::of);
                out.extend((hand - keep).iter().map(Action::Discard));
            }
            Phase::DefendAlone => out.extend([Action::DefendAlone(false), Action::DefendAlone(true)]),
            Phase::Play => {
                if let Some(call) = self.call {
                    let led = self.trick_cards().first().copied();
                    out.extend(playable(hand, led, call.trump).iter().map(Action::Play));
                }
            }
            Phase::Dealing | Phase::Over => {}
        }
    }

    /// The number of cards `seat` holds.
    pub fn hand_size(&self, seat: usize) -> usize {
        let mut n = self.deal().dealt_to(seat, usize::from(self.dealt));
        if seat == self.dealer() {
            n += usize::from(self.picked_up);
            n = n.saturating_sub(usize::from(self.discarded));
        }
        n.saturating_sub(self.tricks.played[seat].len())
    }

    /// The bids so far, in order: each bidding seat with its bid.
    pub fn bids(&self) -> Vec<(usize, Action)> {
        let dealer = self.dealer();
        let mut out: Vec<(usize, Action)> = (0..usize::from(self.passes))
            .map(|i| ((dealer + 1 + i) % SEATS, Action::Pass))
            .collect();
        if let Some(c) = self.call {
            let bid = if self.passes < 4 {
                Action::OrderUp { alone: c.alone }
            } else {
                Action::Name {
                    suit: c.trump,
                    alone: c.alone,
                }
            };
            out.push((usize::from(c.maker), bid));
        }
        out
    }

    /// Every card played this hand.
    pub fn all_played(&self) -> CardSet {
        self.tricks.all_played()
    }

    /// The side that made trump, and its tricks.
    pub fn maker_tricks(&self) -> Option<(usize, u8)> {
        let call = self.call?;
        let m = usize::from(call.maker);
        Some((team(m), self.won[m] + self.won[partner(m)]))
    }

    /// The public part of the state's hash.
    pub(crate) fn hash_into(&self, mut h: u64) -> u64 {
        let mut mix = |v: u64| h = mix64(h ^ v);
        let o = &self.options;
        mix(u64::from(o.end_score) | u64::from(o.stick_the_dealer) << 32 | u64::from(o.defender_alone) << 33);
        mix(u64::from(self.hand_no) | u64::from(self.dealt) << 32 | u64::from(self.passes) << 40);
        mix(self.upcard.map_or(0, |c| 1 + u64::from(c.0)) | u64::from(self.asked) << 8);
        let call = self.call.map_or(0, |c| {
            1 + u64::from(c.maker) + (u64::from(c.trump) << 4) + (u64::from(c.alone) << 8)
        });
        mix(call | u64::from(self.picked_up) << 16 | u64::from(self.discarded) << 17);
        mix(self.defender.map_or(0, |d| 1 + u64::from(d)) | u64::from(self.tricks.leader) << 8);
        mix(self.tricks.trick().len() as u64 | u64::from(self.tricks.done) << 8 | u64::from(self.over) << 16);
        for s in 0..SEATS {
            mix(self.tricks.played[s].0 | u64::from(self.won[s]) << 32 | u64::from(self.tricks.voids[s]) << 40);
        }
        mix(u64::from(self.scores[0]) | u64::from(self.scores[1]) << 16);
        mix(u64::from(self.last_hand[0]) | u64::from(self.last_hand[1]) << 16);
        h
    }
}

/// A position: the truth (every hand, the kitty, the discard), never shown
/// to a seat as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Each seat's hand.
    pub(crate) hands: [CardSet; SEATS],
    /// The cards not dealt yet; after the turn-up, the kitty.
    pub(crate) stock: CardSet,
    /// The dealer's discard.
    pub(crate) discard: Option<CardId>,
    /// What everyone knows.
    pub(crate) public: Public,
    /// The XOR of the keys of every card's zone (kept incrementally).
    pub(crate) cards_hash: u64,
}

impl State {
    /// The start of a match under `options`: every card in the stock,
    /// scores 0, seat 0 to deal.
    pub fn new(options: EuchreOptions) -> State {
        let mut s = State {
            hands: [CardSet::EMPTY; SEATS],
            stock: DECK.all(),
            discard: None,
            public: Public::new(options),
            cards_hash: 0,
        };
        s.cards_hash = s.compute_cards_hash();
        s
    }

    /// Each seat's hand.
    pub fn hands(&self) -> &[CardSet; SEATS] {
        &self.hands
    }

    /// The undealt cards; after the turn-up, the kitty.
    pub fn stock(&self) -> CardSet {
        self.stock
    }

    /// The dealer's discard.
    pub fn discard(&self) -> Option<CardId> {
        self.discard
    }

    /// What every seat knows.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// The sides' scores.
    pub fn scores(&self) -> [u32; 2] {
        self.public.scores
    }

    /// The points of the last finished hand.
    pub fn last_hand(&self) -> [u32; 2] {
        self.public.last_hand
    }

    /// Hands begun before this one.
    pub fn hand_no(&self) -> u32 {
        self.public.hand_no
    }

    /// The dealer of the hand in progress.
    pub fn dealer(&self) -> usize {
        self.public.dealer()
    }

    /// The seat the next dealt card goes to.
    pub fn next_recipient(&self) -> Option<usize> {
        self.public.next_recipient()
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.public.over
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        self.public.turn()
    }

    /// Where the upcard lies while no hand holds it: on the kitty (face up
    /// or turned down).
    fn upcard_zone(&self) -> CardSet {
        match self.public.upcard {
            Some(c) if !self.public.picked_up => CardSet::of(c),
            _ => CardSet::EMPTY,
        }
    }

    /// Checks the zone ledger: every card in exactly one zone, the stock,
    /// the hands and the tricks of the sizes the deal, the discard and the
    /// plays leave, the upcard with the dealer once taken until played.
    ///
    /// # Errors
    /// The first card found twice or missing, or a zone of the wrong size.
    pub fn check(&self) -> Result<(), String> {
        let p = &self.public;
        let mut zones: Vec<CardSet> = vec![self.stock, self.upcard_zone()];
        zones.extend(self.hands);
        zones.extend(p.tricks.taken);
        zones.push(self.discard.map_or(CardSet::EMPTY, CardSet::of));
        zones.push(p.trick_cards().iter().copied().collect());
        let mut seen = CardSet::EMPTY;
        for z in &zones {
            if !(seen & *z).is_empty() {
                return Err(format!("a card is in two zones: {:?}", seen & *z));
            }
            seen = seen | *z;
        }
        if seen != DECK.all() {
            return Err(format!("cards missing: {:?}", DECK.all() - seen));
        }
        if self.stock.len() != NUM_CARDS - usize::from(p.dealt) {
            return Err("the stock does not match the deal".into());
        }
        if p.upcard.is_some() != (usize::from(p.dealt) > DEALT) || self.discard.is_some() != p.discarded {
            return Err("the upcard or the discard does not match the hand's progress".into());
        }
        for s in 0..SEATS {
            if self.hands[s].len() != p.hand_size(s) {
                return Err(format!(
                    "seat {s} holds {} cards, not {}",
                    self.hands[s].len(),
                    p.hand_size(s)
                ));
            }
            let want = usize::from(p.won[s]) * p.active_seats();
            if p.tricks.taken[s].len() != want || (self.hands[s] | p.tricks.played[s]).len() > HAND + 1 {
                return Err(format!("seat {s}'s tricks do not match its wins"));
            }
        }
        if let (true, Some(up)) = (p.picked_up, p.upcard) {
            let dealer = p.dealer();
            if !(self.hands[dealer] | p.tricks.played[dealer]).contains(up) {
                return Err("the dealer took the upcard but neither holds nor played it".into());
            }
        }
        if p.won.iter().sum::<u8>() != p.tricks.done || p.tricks.done > TRICKS {
            return Err("the tricks won do not add up".into());
        }
        Ok(())
    }

    /// Moves `card` between zones, keeping the hash.
    #[inline]
    pub(crate) fn shift(&mut self, card: CardId, from: Zone, to: Zone) {
        self.cards_hash ^= key(from, card) ^ key(to, card);
    }

    /// The hash of the card placement, from scratch.
    pub(crate) fn compute_cards_hash(&self) -> u64 {
        let p = &self.public;
        let mut h = p.tricks.zones_hash(&KEYS, self.stock, &self.hands, p.active());
        h ^= KEYS.of(UPCARD.id(SEATS), self.upcard_zone());
        if let Some(c) = self.discard {
            h ^= key(DISCARD, c);
        }
        h
    }

    /// The state's hash: the cards' placement and everything else, mixed.
    pub(crate) fn hash_with(&self, cards: u64) -> u64 {
        self.public.hash_into(cards)
    }

    /// Begins the next hand (the deal passes to the left) after one that
    /// scored `last_hand`: every card back in the stock.
    pub(crate) fn next_hand(&mut self, last_hand: [u32; 2]) {
        let p = &self.public;
        let (options, scores, hand_no) = (p.options, p.scores, p.hand_no + 1);
        *self = State::new(options);
        self.public.scores = scores;
        self.public.last_hand = last_hand;
        self.public.hand_no = hand_no;
    }
}
