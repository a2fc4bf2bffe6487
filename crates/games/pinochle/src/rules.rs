//! The rules: the deal, the auction, the trump, the pass, the meld, the
//! tricks, the scoring and the match (see the [crate documentation](crate)
//! for the rules as implemented).

use tabula_cards::CardId;
use tabula_cards::tricks::{revealed_void, ruled_out, winner};
use tabula_search::{Game, Hidden, Payoffs, Seat, Seen, Turn, stable_hash};

use crate::actions::Action;
use crate::cards::{SEATS, TRICKS, both_copies, copies, count, face, faces_of};
use crate::melds::count_melds;
use crate::observation::Observation;
use crate::options::PinochleOptions;
use crate::score::{HandScore, score_hand};
use crate::state::{ALL_SEATS, Phase, State, Zone, key, partner, side_of};

/// Pinochle under its options (see the [crate documentation](crate)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pinochle {
    options: PinochleOptions,
}

impl Pinochle {
    /// The name the platform registers the game under.
    pub const NAME: &'static str = "pinochle";

    /// Pinochle under `options`.
    ///
    /// # Errors
    /// When the options are out of range.
    pub fn new(options: PinochleOptions) -> Result<Pinochle, String> {
        options.check()?;
        Ok(Pinochle { options })
    }

    /// The options.
    pub fn options(&self) -> PinochleOptions {
        self.options
    }

    /// The start of a match, before the first deal.
    pub fn initial_state(&self) -> State {
        State::new(self.options)
    }

    /// Gives the card the table sees for `seat`'s copy of `card`'s face:
    /// nothing to do when `card` is a copy `seat` showed and holds;
    /// otherwise the seat's unshown copy goes under the number `card` (a
    /// copy not yet shown or played, held anywhere), the two numbers
    /// exchanged: the same cards, physically.
    fn take_number(s: &mut State, seat: Seat, card: CardId) {
        let held = s.hands[seat] & copies(face(card));
        let shown = s.public.shown[seat];
        if shown.contains(card) && held.contains(card) {
            return;
        }
        let mine = (held - shown).lowest().expect("the seat holds a copy of the face");
        if mine != card {
            debug_assert!(!s.public.public_cards().contains(card), "{card} is seen already");
            s.relabel(mine, card);
        }
    }

    /// Plays `card` (the number the table sees, see [`Action`]) for the
    /// seat to play: the card-play branch of [`apply`](Game::apply), for
    /// rollouts that pick cards directly.
    #[inline]
    pub fn play_card(&self, s: &mut State, card: CardId) {
        let seat = s.to_play();
        Self::take_number(s, seat, card);
        let p = &mut s.public;
        let (suits, duties) = (p.suits(), p.duties());
        let out = ruled_out(&suits, p.tricks.trick(), card, duties);
        p.excluded[seat] = p.excluded[seat] | both_copies(out);
        let void = revealed_void(&suits, p.tricks.trick(), card);
        p.tricks.mark_void(seat, void);
        s.hands[seat].remove(card);
        s.shift(card, Zone::Hand(seat), Zone::Table(seat));
        s.public.tricks.play(seat, card);
        if s.public.tricks.complete(ALL_SEATS) {
            let won = s
                .public
                .tricks
                .seat_at(winner(&suits, s.public.tricks.trick()), ALL_SEATS);
            let mut hash = s.cards_hash;
            s.public.tricks.collect(won, ALL_SEATS, |c, by| {
                hash ^= key(Zone::Table(by), c) ^ key(Zone::Taken(won), c)
            });
            s.cards_hash = hash;
            if s.public.tricks.done == TRICKS {
                self.end_hand(s);
            }
        }
    }

    /// The melds shown once the pass is over: each seat's best meld under
    /// trumps, its cards numbered as the table sees them (seat by seat,
    /// each face's lowest copies first); the declarer leads.
    fn show_melds(&self, s: &mut State) {
        let trump = s.public.trump.expect("trumps named");
        for seat in 0..SEATS {
            let m = count_melds(s.hands[seat], trump);
            for c in m.shown {
                let seen = (copies(face(c)) - s.public.public_cards())
                    .lowest()
                    .expect("a copy not yet seen");
                Self::take_number(s, seat, seen);
                s.public.shown[seat].insert(seen);
            }
            s.public.melds[seat] = m.points;
        }
        s.public.tricks.leader = s.public.declarer.expect("a declarer");
    }

    /// Whether the match ends at these scores, and which side wins: the
    /// declaring side when it reached the end score (it counts first),
    /// else the other side when it did; under `minus_out`, when a side
    /// fell to minus the end score, the side ahead (the other side on a
    /// tie).
    pub fn winner(&self, scores: &[i32; 2], declarer_side: usize) -> Option<u8> {
        let end = self.options.end_score as i32;
        let other = 1 - declarer_side;
        let reached = [declarer_side, other].into_iter().find(|&side| scores[side] >= end);
        let out = (self.options.minus_out && scores.iter().any(|&x| x <= -end)).then(|| {
            if scores[declarer_side] > scores[other] {
                declarer_side
            } else {
                other
            }
        });
        reached.or(out).map(|side| side as u8)
    }

    /// The end of the 12th trick: the score, then the match's end or the
    /// next hand.
    pub(crate) fn end_hand(&self, s: &mut State) {
        let p = &s.public;
        let declarer = usize::from(p.declarer.expect("a declarer"));
        let last = usize::from(p.tricks.leader);
        let hand = score_hand(&p.melds, &p.tricks.taken, last, declarer, p.high);
        s.public.scores = std::array::from_fn(|i| s.public.scores[i] + hand.sides[i].total);
        s.public.last_hand = Some(hand);
        match self.winner(&s.public.scores, side_of(declarer)) {
            Some(side) => s.public.winner = Some(side),
            None => self.next_hand(s),
        }
    }

    /// Every card back in the stock; the deal passes to the left.
    fn next_hand(&self, s: &mut State) {
        let public = s.public.next_hand();
        *s = State::new(self.options);
        s.public = public;
        s.cards_hash = s.compute_cards_hash();
    }

    /// The auction after the speaker bid or passed: over when three are
    /// out after a bid (or all four, under redeal), else the next seat in.
    fn next_speaker(&self, s: &mut State) {
        let p = &mut s.public;
        if p.out.count_ones() == 3 && p.high > 0 {
            p.declarer = Some(p.high_seat);
            return;
        }
        if p.out.count_ones() == 4 {
            s.public.last_hand = Some(HandScore::thrown_in());
            self.next_hand(s);
            return;
        }
        let from = usize::from(p.speaker);
        p.speaker = (1..=SEATS)
            .map(|k| (from + k) % SEATS)
            .find(|&x| p.out >> x & 1 == 0)
            .expect("a seat still in") as u8;
    }
}

impl Game for Pinochle {
    tabula_cards::card_rules!(seats: SEATS, deal: Action::Deal);

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        match s.turn() {
            Turn::Seat(seat) => s.public.legal_actions(seat, s.hands[seat], out),
            _ => out.clear(),
        }
    }

    fn legal_form(&self, s: &State, action: Action) -> Option<Action> {
        match s.turn() {
            Turn::Seat(seat) => s.public.legal_form(seat, s.hands[seat], action),
            _ => Some(action),
        }
    }

    fn apply(&self, s: &mut State, action: Action) {
        match action {
            Action::Deal(card) => {
                let seat = s.next_recipient().expect("a card to deal");
                debug_assert!(s.stock.contains(card), "{card} is not in the stock");
                s.stock.remove(card);
                s.hands[seat].insert(card);
                s.shift(card, Zone::Stock, Zone::Hand(seat));
                s.public.dealt += 1;
            }
            Action::Bid(points) => {
                let p = &mut s.public;
                let seat = usize::from(p.speaker);
                p.bids[seat] = points;
                p.high = points;
                p.high_seat = seat as u8;
                self.next_speaker(s);
            }
            Action::Pass => {
                s.public.out |= 1 << s.public.speaker;
                self.next_speaker(s);
            }
            Action::Trump(suit) => {
                s.public.trump = Some(suit);
                s.public.gives_left = if self.options.pass > 0 { 2 } else { 0 };
                if s.public.gives_left == 0 {
                    self.show_melds(s);
                }
            }
            Action::Give(cards) => {
                let from = s.public.giver().expect("a seat to pass");
                let to = partner(from);
                // The faces named: the giver's own copies of them go.
                for f in faces_of(cards) {
                    let f = face(f);
                    let mut held = s.hands[from] & copies(f);
                    for _ in 0..count(cards, f) {
                        let c = held.lowest().expect("the giver holds the face");
                        held.remove(c);
                        s.hands[from].remove(c);
                        s.hands[to].insert(c);
                        s.shift(c, Zone::Hand(from), Zone::Hand(to));
                    }
                }
                s.gave[from] = cards;
                s.got[to] = cards;
                s.public.gives_left -= 1;
                if s.public.gives_left == 0 {
                    self.show_melds(s);
                }
            }
            Action::Play(card) => self.play_card(s, card),
        }
    }

    /// The side that won the match: 1 to each of its seats.
    fn payoffs(&self, s: &State) -> Payoffs {
        let win = s.public.winner.map_or(usize::MAX, usize::from);
        Payoffs::new(&std::array::from_fn::<f64, SEATS, _>(|seat| {
            if side_of(seat) == win { 1.0 } else { 0.0 }
        }))
    }

    /// A deal is seen by its recipient only; a pass by the two partners
    /// (the others see that cards went, not which).
    #[inline]
    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        match action {
            Action::Deal(_) if s.next_recipient() != Some(observer) => Seen::Hidden(Hidden::Deal),
            Action::Give(_)
                if s.public
                    .giver()
                    .is_some_and(|g| g != observer && partner(g) != observer) =>
            {
                Seen::Hidden(Hidden::Pass)
            }
            other => Seen::Action(other),
        }
    }

    fn reveals(&self) -> bool {
        true
    }

    /// The move that ends the pass (or names trumps under no pass) shows
    /// every seat's meld.
    #[inline]
    fn may_reveal(&self, before: &State, action: Action) -> bool {
        match action {
            Action::Trump(_) => self.options.pass == 0,
            Action::Give(_) => before.public.gives_left == 1,
            _ => false,
        }
    }

    /// The observer's whole observation after the meld is shown.
    fn revealed(&self, before: &State, action: Action, after: &State, observer: Seat) -> u64 {
        if !self.may_reveal(before, action) {
            return 0;
        }
        stable_hash(&self.observation(after, observer))
    }

    #[inline]
    fn hash(&self, s: &State) -> u64 {
        s.hash_with(s.cards_hash)
    }

    fn hash_from_scratch(&self, s: &State) -> u64 {
        s.hash_with(s.compute_cards_hash())
    }
}

/// Where a state stands (for views and tests).
pub fn phase(s: &State) -> Phase {
    s.public.phase()
}
