//! A position of a Pinochle match: where every card is (the zone ledger),
//! the auction, the trump, the pass, the melds shown, the hand's tricks,
//! and the match's scores.

use serde::{Deserialize, Serialize};
use tabula_cards::tricks::{Duties, Tricks, all_active, playable};
use tabula_cards::{CardId, CardSet, RoundDeal, ZoneKeys};
use tabula_search::rng::mix64;
use tabula_search::{Seat, Turn};

use crate::actions::Action;
use crate::cards::{ALL, HAND, NUM_CARDS, PinochleSuits, SEATS, SIDES, copies, count, face, faces_of};
use crate::options::{AllPass, BID_STEP, MAX_BID, PinochleOptions};
use crate::score::HandScore;

pub use tabula_cards::tricks::Zone;

/// Every seat plays every trick.
pub(crate) const ALL_SEATS: u8 = all_active(SEATS);

/// The cards' zone keys: the trick zones.
static KEYS: ZoneKeys<{ Zone::count(SEATS, 0) * NUM_CARDS }> = ZoneKeys::new(0x9140_C41E_0000_0001, NUM_CARDS);

/// The hash key of `card` in `zone`.
#[inline]
pub(crate) fn key(zone: Zone, card: CardId) -> u64 {
    KEYS.key(zone.id(SEATS), card)
}

/// The side of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3.
#[inline]
pub const fn side_of(seat: usize) -> usize {
    seat % 2
}

/// The partner of a seat.
#[inline]
pub const fn partner(seat: usize) -> usize {
    (seat + 2) % SEATS
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Chance deals the cards.
    Deal,
    /// The auction.
    Bid,
    /// The auction's winner names trumps.
    Trump,
    /// The partners pass cards.
    Give,
    /// The tricks.
    Play,
    /// The match is over.
    Over,
}

/// What every seat knows: the rules, the deal's progress, the auction,
/// the trump, the pass's progress, the melds shown, the tricks, and the
/// match's scores. A position holds one; each seat's observation holds
/// the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Public {
    /// The rules.
    pub options: PinochleOptions,
    /// Cards dealt this hand.
    pub dealt: u8,
    /// Hands finished (0 during the first): the dealer is seat `hand_no % 4`.
    pub hand_no: u32,
    /// Each seat's last bid this hand (0 before it bids).
    pub bids: [u16; SEATS],
    /// The seats out of the auction (bit per seat).
    pub out: u8,
    /// The high bid (0 before the first).
    pub high: u16,
    /// The seat of the high bid.
    pub high_seat: u8,
    /// The seat to speak in the auction.
    pub speaker: u8,
    /// The auction's winner, once the auction is over.
    pub declarer: Option<u8>,
    /// The trump suit (0–3), once named.
    pub trump: Option<u8>,
    /// Passes still to make: 2 (the partner's, then the declarer's) once
    /// trumps are named, 0 when done or under no pass.
    pub gives_left: u8,
    /// The cards each seat showed in meld (those since played included).
    pub shown: [CardSet; SEATS],
    /// Each seat's meld points.
    pub melds: [u16; SEATS],
    /// The hand's tricks: the trick in progress and its leader, what each
    /// seat played and took, and the revealed voids (bit per suit).
    #[serde(flatten)]
    pub tricks: Tricks<SEATS>,
    /// The cards each seat has shown it does not hold by its plays (a
    /// suit it did not follow, a trump it did not play, a card it did not
    /// head the trick with): both copies of a face, or neither.
    pub excluded: [CardSet; SEATS],
    /// The match's scores, by side.
    pub scores: [i32; SIDES],
    /// The last finished hand, by side.
    pub last_hand: Option<HandScore>,
    /// The side that won the match, once it is over.
    pub winner: Option<u8>,
}

impl Public {
    /// The start of a match under `options`.
    pub fn new(options: PinochleOptions) -> Public {
        let mut p = Public {
            options,
            dealt: 0,
            hand_no: 0,
            bids: [0; SEATS],
            out: 0,
            high: 0,
            high_seat: 0,
            speaker: 0,
            declarer: None,
            trump: None,
            gives_left: 0,
            shown: [CardSet::EMPTY; SEATS],
            melds: [0; SEATS],
            tricks: Tricks::new(0),
            excluded: [CardSet::EMPTY; SEATS],
            scores: [0; SIDES],
            last_hand: None,
            winner: None,
        };
        p.speaker = ((p.dealer() + 1) % SEATS) as u8;
        p
    }

    /// The next hand after this one: the deal passes left; the scores,
    /// the last hand and the rules stay.
    pub(crate) fn next_hand(&self) -> Public {
        let mut p = Public::new(self.options);
        p.hand_no = self.hand_no + 1;
        p.scores = self.scores;
        p.last_hand = self.last_hand;
        p.speaker = ((p.dealer() + 1) % SEATS) as u8;
        p
    }

    /// The dealer of the hand in progress.
    #[inline]
    pub fn dealer(&self) -> usize {
        (self.hand_no % SEATS as u32) as usize
    }

    /// The deal: one card at a time from the dealer's left.
    #[inline]
    pub fn deal(&self) -> RoundDeal {
        RoundDeal::left_of(self.dealer(), SEATS, NUM_CARDS)
    }

    /// The seat the next dealt card goes to.
    #[inline]
    pub fn next_recipient(&self) -> Option<usize> {
        self.deal().recipient(usize::from(self.dealt))
    }

    /// Where the hand stands.
    pub fn phase(&self) -> Phase {
        if self.winner.is_some() {
            Phase::Over
        } else if usize::from(self.dealt) < NUM_CARDS {
            Phase::Deal
        } else if self.declarer.is_none() {
            Phase::Bid
        } else if self.trump.is_none() {
            Phase::Trump
        } else if self.gives_left > 0 {
            Phase::Give
        } else {
            Phase::Play
        }
    }

    /// The seat that passes cards now: the declarer's partner, then the
    /// declarer.
    pub fn giver(&self) -> Option<usize> {
        let d = usize::from(self.declarer?);
        match self.gives_left {
            2 => Some(partner(d)),
            1 => Some(d),
            _ => None,
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        match self.phase() {
            Phase::Over => Turn::Terminal,
            Phase::Deal => Turn::Chance,
            Phase::Bid => Turn::Seat(usize::from(self.speaker)),
            Phase::Trump => Turn::Seat(usize::from(self.declarer.expect("a declarer"))),
            Phase::Give => Turn::Seat(self.giver().expect("a giver")),
            Phase::Play => Turn::Seat(self.tricks.to_play(ALL_SEATS)),
        }
    }

    /// The number of cards `seat` holds.
    pub fn hand_size(&self, seat: usize) -> usize {
        if usize::from(self.dealt) < NUM_CARDS {
            return self.deal().dealt_to(seat, usize::from(self.dealt));
        }
        let mut n = HAND;
        if let (Some(d), 1) = (self.declarer, self.gives_left) {
            let k = usize::from(self.options.pass);
            if seat == usize::from(d) {
                n += k;
            } else if seat == partner(usize::from(d)) {
                n -= k;
            }
        }
        n - self.tricks.played[seat].len()
    }

    /// Every card the table has seen face up: shown in meld or played.
    #[inline]
    pub fn public_cards(&self) -> CardSet {
        self.shown.iter().fold(self.tricks.all_played(), |a, &b| a | b)
    }

    /// The duties of the tricks: follow suit, head the trick, trump when
    /// void, over-trump.
    #[inline]
    pub fn duties(&self) -> Duties {
        Duties {
            must_head: true,
            must_trump: true,
            trump: self.trump,
        }
    }

    /// The deck as the tricks read it.
    #[inline]
    pub fn suits(&self) -> PinochleSuits {
        PinochleSuits { trump: self.trump }
    }

    /// The lowest bid open to the speaker, if any.
    pub fn next_bid(&self) -> Option<u16> {
        let next = if self.high == 0 {
            self.options.min_bid
        } else {
            self.high + BID_STEP
        };
        (next <= MAX_BID).then_some(next)
    }

    /// Whether the speaker must bid: the dealer, stuck, when the other
    /// three passed without a bid.
    pub fn stuck(&self) -> bool {
        self.options.all_pass == AllPass::StickDealer
            && self.high == 0
            && self.out.count_ones() == 3
            && usize::from(self.speaker) == self.dealer()
    }

    /// The action that plays a copy of `face` for `seat`, holding `hand`:
    /// the copy it showed in meld if it holds one, else the face's lowest
    /// copy not shown or played (see [`Action`]).
    pub fn play_of(&self, seat: usize, hand: CardSet, face: u8) -> Option<CardId> {
        let held = hand & copies(face);
        if held.is_empty() {
            return None;
        }
        (held & self.shown[seat])
            .lowest()
            .or_else(|| (copies(face) - self.public_cards()).lowest())
    }

    /// The legal actions of `seat`, holding `hand`, sorted (none when
    /// another acts).
    pub fn legal_actions(&self, seat: usize, hand: CardSet, out: &mut Vec<Action>) {
        out.clear();
        if self.turn() != Turn::Seat(seat) {
            return;
        }
        match self.phase() {
            Phase::Bid => {
                if let Some(next) = self.next_bid() {
                    out.extend((next..=MAX_BID).step_by(usize::from(BID_STEP)).map(Action::Bid));
                }
                if !self.stuck() {
                    out.push(Action::Pass);
                }
            }
            Phase::Trump => out.extend((0..4).map(Action::Trump)),
            Phase::Give => gives(hand, usize::from(self.options.pass), out),
            Phase::Play => {
                let cards = playable(&self.suits(), hand, self.tricks.trick(), self.duties());
                out.extend(
                    faces_of(cards)
                        .iter()
                        .filter_map(|c| self.play_of(seat, hand, face(c)))
                        .map(Action::Play),
                );
                out.sort_unstable();
            }
            Phase::Deal | Phase::Over => {}
        }
    }

    /// The legal action `action` stands for, for `seat` holding `hand`: a
    /// card played or passed by any copy of its face, read as the copy
    /// the legal actions name.
    pub fn legal_form(&self, seat: usize, hand: CardSet, action: Action) -> Option<Action> {
        match action {
            Action::Play(c) if self.phase() == Phase::Play && usize::from(c.0) < NUM_CARDS => {
                self.play_of(seat, hand, face(c)).map(Action::Play)
            }
            Action::Give(set) if self.phase() == Phase::Give => face_set(hand, set).map(Action::Give),
            other => Some(other),
        }
    }
}

/// The faces of `set` in the form a pass names them: for each face, its
/// first copy, or both when `set` has both ("a copy of this face"), so
/// that no number in it tells which copy a hand held; `None` when `set`
/// names a card outside the deck or more copies of a face than `hand`
/// holds.
pub fn face_set(hand: CardSet, set: CardSet) -> Option<CardSet> {
    if !ALL.contains_all(set) {
        return None;
    }
    let mut out = CardSet::EMPTY;
    for c in faces_of(set) {
        let f = face(c);
        let k = count(set, f);
        if count(hand, f) < k {
            return None;
        }
        out = out | first_copies(f, k);
    }
    Some(out)
}

/// The first `k` copies of face `f` (0, 1 or 2).
#[inline]
pub const fn first_copies(f: u8, k: u8) -> CardSet {
    CardSet(((1u64 << k) - 1) << (2 * f as u32))
}

/// `hand` as its seat's observation shows it: the copies it showed keep
/// their numbers (the table saw them); its other copies of a face take
/// the face's lowest numbers the table has not seen, so that nothing in
/// them tells which copy the hand holds.
pub fn seen_numbers(hand: CardSet, seen: CardSet) -> CardSet {
    let mut out = hand & seen;
    for c in faces_of(hand - seen) {
        let f = face(c);
        let k = count(hand - seen, f);
        let free = copies(f) - seen;
        out = out
            | if k == 2 {
                free
            } else {
                CardSet::of(free.lowest().expect("a copy not seen"))
            };
    }
    out
}

/// Every way to pass `k` cards of `hand`, one per choice of faces (in the
/// form [`face_set`] names them), sorted.
fn gives(hand: CardSet, k: usize, out: &mut Vec<Action>) {
    fn walk(faces: &[(u8, u8)], k: usize, acc: CardSet, out: &mut Vec<Action>) {
        if k == 0 {
            out.push(Action::Give(acc));
            return;
        }
        let Some((&(f, n), rest)) = faces.split_first() else {
            return;
        };
        walk(rest, k, acc, out);
        walk(rest, k - 1, acc | first_copies(f, 1), out);
        if n == 2 && k >= 2 {
            walk(rest, k - 2, acc | first_copies(f, 2), out);
        }
    }
    let faces: Vec<(u8, u8)> = faces_of(hand).iter().map(|c| (face(c), count(hand, face(c)))).collect();
    let from = out.len();
    walk(&faces, k, CardSet::EMPTY, out);
    out[from..].sort_unstable();
}

/// A position: the truth (every hand), never shown to a seat as such.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Each seat's hand.
    pub(crate) hands: [CardSet; SEATS],
    /// The cards not dealt yet.
    pub(crate) stock: CardSet,
    /// The cards each seat passed to its partner this hand, by face (see
    /// [`face_set`]).
    pub(crate) gave: [CardSet; SEATS],
    /// The cards each seat received from its partner this hand, by face.
    pub(crate) got: [CardSet; SEATS],
    /// What every seat knows.
    #[serde(flatten)]
    pub(crate) public: Public,
    /// The XOR of the keys of every card's zone (kept incrementally).
    pub(crate) cards_hash: u64,
}

impl State {
    /// The start of a match under `options`: every card in the stock,
    /// scores 0.
    pub fn new(options: PinochleOptions) -> State {
        let mut s = State {
            hands: [CardSet::EMPTY; SEATS],
            stock: ALL,
            gave: [CardSet::EMPTY; SEATS],
            got: [CardSet::EMPTY; SEATS],
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

    /// The cards each seat passed to its partner this hand, by face.
    pub fn gave(&self) -> &[CardSet; SEATS] {
        &self.gave
    }

    /// The match's scores, by side.
    pub fn scores(&self) -> [i32; SIDES] {
        self.public.scores
    }

    /// What every seat knows.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// Hands finished.
    pub fn hand_no(&self) -> u32 {
        self.public.hand_no
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.public.winner.is_some()
    }

    /// Whose turn it is.
    #[inline]
    pub fn turn(&self) -> Turn {
        self.public.turn()
    }

    /// The seat to play a card.
    #[inline]
    pub fn to_play(&self) -> Seat {
        self.public.tricks.to_play(ALL_SEATS)
    }

    /// The seat the next dealt card goes to.
    #[inline]
    pub fn next_recipient(&self) -> Option<usize> {
        self.public.next_recipient()
    }

    /// Checks the zone ledger and what the public part says of the hands:
    /// every card in exactly one zone, the hands of the sizes the deal,
    /// the pass and the plays leave, the shown cards still held or played
    /// by their seat, the passes held where they went, no seat holding a
    /// card it is known not to hold, and the incremental hash.
    ///
    /// # Errors
    /// What does not fit, in words.
    pub fn check(&self) -> Result<(), String> {
        let p = &self.public;
        let mut seen = self.stock;
        let trick: CardSet = p.tricks.trick().iter().copied().collect();
        for z in self.hands.iter().chain(&p.tricks.taken).chain([&trick]) {
            if !(seen & *z).is_empty() {
                return Err(format!("a card is in two zones: {:?}", seen & *z));
            }
            seen = seen | *z;
        }
        if seen != ALL {
            return Err(format!("cards missing: {:?}", ALL - seen));
        }
        if self.stock.len() != NUM_CARDS - usize::from(p.dealt) {
            return Err("the stock does not match the deal".into());
        }
        for s in 0..SEATS {
            if self.hands[s].len() != p.hand_size(s) {
                return Err(format!(
                    "seat {s} holds {} cards, not {}",
                    self.hands[s].len(),
                    p.hand_size(s)
                ));
            }
            if !(self.hands[s] | p.tricks.played[s]).contains_all(p.shown[s]) {
                return Err(format!("seat {s} showed a card it neither holds nor played"));
            }
            if !(self.hands[s] & p.excluded[s]).is_empty() {
                return Err(format!("seat {s} holds a card its plays ruled out"));
            }
        }
        if self.compute_cards_hash() != self.cards_hash {
            return Err("the incremental hash differs from the recomputed one".into());
        }
        p.tricks.check(ALL_SEATS)
    }

    /// Moves `card` between zones, keeping the hash.
    #[inline]
    pub(crate) fn shift(&mut self, card: CardId, from: Zone, to: Zone) {
        self.cards_hash ^= key(from, card) ^ key(to, card);
    }

    /// Exchanges the numbers of two copies of one face everywhere they
    /// are held, unseen: the same cards, physically, under other numbers.
    /// How a card shown or played takes the number the table sees (see
    /// [`Action`]).
    pub(crate) fn relabel(&mut self, a: CardId, b: CardId) {
        debug_assert_eq!(face(a), face(b), "copies of one face");
        let pair = CardSet::of(a) | CardSet::of(b);
        let flip = |set: &mut CardSet| {
            let has = *set & pair;
            if has.len() == 1 {
                *set = (*set - pair) | (pair - has);
            }
        };
        for seat in 0..SEATS {
            let has = self.hands[seat] & pair;
            if has.len() == 1 {
                let (from, to) = if has.contains(a) { (a, b) } else { (b, a) };
                self.cards_hash ^= key(Zone::Hand(seat), from) ^ key(Zone::Hand(seat), to);
            }
            flip(&mut self.hands[seat]);
        }
        let has = self.stock & pair;
        if has.len() == 1 {
            self.cards_hash ^= key(Zone::Stock, a) ^ key(Zone::Stock, b);
        }
        flip(&mut self.stock);
    }

    /// The hash of the card placement, from scratch.
    pub(crate) fn compute_cards_hash(&self) -> u64 {
        self.public.tricks.zones_hash(&KEYS, self.stock, &self.hands, ALL_SEATS)
    }

    /// The state's hash: the cards' placement and everything else, mixed.
    pub(crate) fn hash_with(&self, cards: u64) -> u64 {
        let p = &self.public;
        let mut h = cards;
        let mut mix = |v: u64| h = mix64(h ^ v);
        mix(u64::from(p.dealt) | u64::from(p.hand_no) << 8 | u64::from(p.tricks.leader) << 40);
        mix(p.tricks.trick().len() as u64
            | u64::from(p.tricks.done) << 8
            | u64::from(p.out) << 16
            | u64::from(p.high) << 24
            | u64::from(p.high_seat) << 40
            | u64::from(p.speaker) << 48);
        mix(p.declarer.map_or(0, |d| u64::from(d) + 1)
            | p.trump.map_or(0, |t| u64::from(t) + 1) << 8
            | u64::from(p.gives_left) << 16
            | u64::from(p.winner.is_some()) << 24);
        for s in 0..SEATS {
            mix(u64::from(p.bids[s]) | u64::from(p.melds[s]) << 16 | u64::from(p.tricks.voids[s]) << 32);
            mix(p.shown[s].0 ^ p.excluded[s].0.rotate_left(17));
            mix(self.gave[s].0 ^ self.got[s].0.rotate_left(29));
        }
        for side in 0..SIDES {
            mix(p.scores[side] as u32 as u64);
        }
        h
    }
}
