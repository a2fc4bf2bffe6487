//! The rules: the deal and the red threes, drawing and taking the pile,
//! melding, asking to go out, discarding, the stock's end, the count and
//! the match (see the [crate documentation](crate) for the rules as
//! implemented).

use tabula_cards::CardId;
use tabula_search::{Game, Hidden, Payoffs, Seat, Seen, Turn};

use crate::actions::{Action, MeldMove};
use crate::cards::{Cards, Kind, RANKS, is_red_three, is_wild, kind, total};
use crate::legal::{Situation, TakeWith};
use crate::melding::CANASTA;
use crate::observation::Observation;
use crate::options::CanastaOptions;
use crate::state::{Ending, HandResult, Permission, Phase, SEATS, SideCount, State, Zone, side_of};

/// Canasta under its options (see the [crate documentation](crate)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Canasta {
    options: CanastaOptions,
}

impl Canasta {
    /// The name the platform registers the game under.
    pub const NAME: &'static str = "canasta";

    /// Canasta under `options`.
    ///
    /// # Errors
    /// When the options are out of range.
    pub fn new(options: CanastaOptions) -> Result<Canasta, String> {
        options.check()?;
        Ok(Canasta { options })
    }

    /// The options.
    pub fn options(&self) -> CanastaOptions {
        self.options
    }

    /// The start of a match: every card in the stock, seat 0 to deal.
    pub fn initial_state(&self) -> State {
        State::new(self.options)
    }

    /// The turn of the player to act in `s`, as it sees it.
    pub fn situation<'a>(&'a self, s: &'a State) -> Situation<'a> {
        Situation::of_state(s)
    }

    /// Moves `cards` from `seat`'s hand onto its side's meld of `rank`.
    fn lay(&self, s: &mut State, seat: usize, rank: u8, cards: Cards) {
        let d = side_of(seat);
        for c in cards {
            s.hands[seat].remove(c);
            s.known[seat].remove(c);
            s.shift(c, Zone::Hand(seat), Zone::Melds(d));
        }
        s.melds[d][usize::from(rank)] = s.melds[d][usize::from(rank)] | cards;
        s.turn_value += total(cards) as u16;
        s.this_turn = true;
        if !s.opened(d) && u32::from(s.turn_value) >= self.options.minimum(s.scores[d]) {
            s.opened |= 1 << d;
        }
    }

    /// The hand's lowest instances of a meld move's cards.
    fn pick(hand: Cards, m: MeldMove) -> Cards {
        let mut out = Cards::EMPTY;
        let mut take = |want: u8, is: &dyn Fn(CardId) -> bool| {
            for c in hand.iter().filter(|&c| is(c)).take(usize::from(want)) {
                out.insert(c);
            }
        };
        let rank = m.rank;
        take(m.naturals, &|c| crate::cards::meld_rank(c) == Some(rank) && !is_wild(c));
        take(m.twos, &|c| kind(c) == Kind::Two);
        take(m.jokers, &|c| kind(c) == Kind::Joker);
        out
    }

    /// The pile but what is already taken comes into the hand of `seat`
    /// (red threes in it laid out, without replacement).
    fn pile_to_hand(&self, s: &mut State, seat: usize) {
        for i in 0..usize::from(s.pile_len) {
            let c = s.pile[i];
            if is_red_three(c) {
                s.reds[seat].insert(c);
                s.shift(c, Zone::Pile, Zone::Reds(seat));
            } else {
                s.hands[seat].insert(c);
                s.known[seat].insert(c);
                s.shift(c, Zone::Pile, Zone::Hand(seat));
            }
        }
        s.pile_len = 0;
    }

    /// After the deal: the first player from the dealer's left holding red
    /// threes lays them out and is owed replacements; when none does,
    /// play starts.
    fn settle_reds(&self, s: &mut State) {
        for k in 1..=SEATS {
            let seat = (s.dealer() + k) % SEATS;
            let reds: Cards = s.hands[seat].iter().filter(|&c| is_red_three(c)).collect();
            if !reds.is_empty() {
                for c in reds {
                    s.hands[seat].remove(c);
                    s.reds[seat].insert(c);
                    s.shift(c, Zone::Hand(seat), Zone::Reds(seat));
                }
                s.owed = reds.len() as u8;
                s.to_act = seat as u8;
                s.phase = Phase::Replace;
                return;
            }
        }
        s.to_act = ((s.dealer() + 1) % SEATS) as u8;
        s.phase = Phase::Draw;
        s.owed = 0;
    }

    /// The turn passes left; with the stock gone, the hand ends unless the
    /// next player may take the discard.
    fn pass_turn(&self, s: &mut State) {
        let seat = s.to_act();
        if s.this_turn {
            s.melded |= 1 << seat;
        }
        s.this_turn = false;
        s.turn_value = 0;
        s.asked = Permission::None;
        s.to_act = ((seat + 1) % SEATS) as u8;
        s.phase = Phase::Draw;
        if s.stock.is_empty() && self.situation(s).take_with().is_none() {
            self.end_hand(s, Ending::StockOut, None);
        }
    }

    /// The hand ends: each side's count, the scores, and the next hand or
    /// the match's end.
    fn end_hand(&self, s: &mut State, ending: Ending, out: Option<usize>) {
        let mut sides = [SideCount::default(); 2];
        for (d, c) in sides.iter_mut().enumerate() {
            let melds = &s.melds[d];
            for m in melds.iter().filter(|m| m.len() >= usize::from(CANASTA)) {
                if m.iter().any(is_wild) {
                    c.mixed += 1;
                } else {
                    c.natural += 1;
                }
            }
            c.reds = (s.reds[d].len() + s.reds[d + 2].len()) as u8;
            let bonus = if c.reds == 4 { 800 } else { 100 * i32::from(c.reds) };
            let melded_any = melds.iter().any(|m| !m.is_empty());
            c.red_bonus = if melded_any { bonus } else { -bonus };
            c.going_out = match (out, ending) {
                (Some(k), Ending::Concealed) if side_of(k) == d => 200,
                (Some(k), _) if side_of(k) == d => 100,
                _ => 0,
            };
            c.melded = melds.iter().map(|&m| total(m) as i32).sum();
            c.in_hand = (total(s.hands[d]) + total(s.hands[d + 2])) as i32;
            c.total = 500 * i32::from(c.natural) + 300 * i32::from(c.mixed) + c.red_bonus + c.going_out + c.melded
                - c.in_hand;
            s.scores[d] += c.total;
        }
        s.last = Some(HandResult {
            ending,
            out: out.map(|k| k as u8),
            sides,
            hands: s.hands,
        });
        s.deal_no += 1;
        let target = self.options.end_score as i32;
        if s.scores.iter().any(|&x| x >= target) && s.scores[0] != s.scores[1] {
            s.over = true;
            return;
        }
        self.next_hand(s);
    }

    /// Gathers every card into the stock and passes the deal left.
    fn next_hand(&self, s: &mut State) {
        let mut all = Cards::EMPTY;
        for k in 0..SEATS {
            for c in s.hands[k] {
                s.shift(c, Zone::Hand(k), Zone::Stock);
            }
            for c in s.reds[k] {
                s.shift(c, Zone::Reds(k), Zone::Stock);
            }
            all = all | s.hands[k] | s.reds[k];
            s.hands[k] = Cards::EMPTY;
            s.reds[k] = Cards::EMPTY;
            s.known[k] = Cards::EMPTY;
        }
        for d in 0..2 {
            for r in 0..RANKS {
                for c in s.melds[d][r] {
                    s.shift(c, Zone::Melds(d), Zone::Stock);
                }
                all = all | s.melds[d][r];
                s.melds[d][r] = Cards::EMPTY;
            }
        }
        for i in 0..usize::from(s.pile_len) {
            let c = s.pile[i];
            s.shift(c, Zone::Pile, Zone::Stock);
            all.insert(c);
        }
        s.pile_len = 0;
        s.stock = s.stock | all;
        s.dealer = ((s.dealer() + 1) % SEATS) as u8;
        s.to_act = s.dealer;
        s.dealt = 0;
        s.owed = 0;
        s.turn_value = 0;
        s.opened = 0;
        s.melded = 0;
        s.this_turn = false;
        s.asked = Permission::None;
        s.phase = Phase::Deal;
    }

    /// The player to act goes out (its hand empty).
    fn go_out(&self, s: &mut State) {
        let seat = s.to_act();
        let concealed = s.melded >> seat & 1 == 0;
        let ending = if concealed { Ending::Concealed } else { Ending::WentOut };
        self.end_hand(s, ending, Some(seat));
    }

    /// A card from the stock to the player to act (a deal's replacement or
    /// a draw): a red three is laid out and owed again.
    fn receive(&self, s: &mut State, card: CardId) {
        let seat = s.to_act();
        if is_red_three(card) {
            s.reds[seat].insert(card);
            s.shift(card, Zone::Stock, Zone::Reds(seat));
        } else {
            s.hands[seat].insert(card);
            s.shift(card, Zone::Stock, Zone::Hand(seat));
            s.owed -= 1;
        }
    }
}

/// The winners of a finished match (or the leaders so far): both seats of
/// the side with the higher score (all four on a tie).
pub fn winners(scores: &[i32]) -> Vec<usize> {
    let best = scores.iter().copied().max().unwrap_or(0);
    (0..SEATS).filter(|&k| scores[side_of(k)] == best).collect()
}

impl Game for Canasta {
    tabula_cards::card_rules!(seats: SEATS, deal: Action::Deal);

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if let Turn::Seat(_) = s.turn() {
            self.situation(s).actions(out);
        }
    }

    fn apply(&self, s: &mut State, action: Action) {
        let seat = s.to_act();
        let d = side_of(seat);
        match action {
            Action::Deal(card) => {
                debug_assert!(s.stock.contains(card), "{card} is not in the stock");
                s.stock.remove(card);
                match s.phase {
                    Phase::Deal => {
                        if let Some(to) = s.next_recipient() {
                            s.hands[to].insert(card);
                            s.shift(card, Zone::Stock, Zone::Hand(to));
                        } else {
                            s.push_pile(card);
                            s.shift(card, Zone::Stock, Zone::Pile);
                            if !(is_wild(card) || is_red_three(card)) {
                                self.settle_reds(s);
                            }
                        }
                        s.dealt += 1;
                    }
                    Phase::Replace => {
                        self.receive(s, card);
                        if s.owed == 0 {
                            self.settle_reds(s);
                        } else if s.stock.is_empty() {
                            self.end_hand(s, Ending::StockOut, None);
                        }
                    }
                    _ => {
                        self.receive(s, card);
                        if is_red_three(card) && s.stock.is_empty() {
                            // A red three as the stock's last card ends the play.
                            self.end_hand(s, Ending::StockOut, None);
                        } else if s.owed == 0 || s.stock.is_empty() {
                            s.owed = 0;
                            s.phase = Phase::Play;
                        }
                    }
                }
            }
            Action::Draw => {
                s.owed = self.options.draw;
                s.phase = Phase::StockDraw;
            }
            Action::Take => {
                let sit = self.situation(s);
                let with = sit.take_with().expect("a legal take");
                let top = s.pile[usize::from(s.pile_len) - 1];
                s.pile_len -= 1;
                let r = crate::cards::meld_rank(top).expect("a natural top card");
                let hand = s.hands[seat];
                let from_hand = match with {
                    TakeWith::Onto => Cards::EMPTY,
                    TakeWith::Pair => Self::pick(
                        hand,
                        MeldMove {
                            rank: r,
                            naturals: 2,
                            twos: 0,
                            jokers: 0,
                        },
                    ),
                    TakeWith::Wild => {
                        let twos = hand.iter().any(|c| kind(c) == Kind::Two);
                        Self::pick(
                            hand,
                            MeldMove {
                                rank: r,
                                naturals: 1,
                                twos: u8::from(twos),
                                jokers: u8::from(!twos),
                            },
                        )
                    }
                };
                // The top card goes straight from the pile to the meld.
                s.hands[seat].insert(top);
                s.shift(top, Zone::Pile, Zone::Hand(seat));
                self.lay(s, seat, r, from_hand | Cards::of(top));
                if s.opened(d) {
                    self.pile_to_hand(s, seat);
                    s.phase = Phase::Play;
                    if s.hands[seat].is_empty() {
                        self.go_out(s);
                    }
                } else {
                    s.phase = Phase::Opening;
                }
            }
            Action::Meld(m) => {
                let cards = Self::pick(s.hands[seat], m);
                debug_assert_eq!(cards.len(), usize::from(m.len()), "the hand holds the meld");
                self.lay(s, seat, m.rank, cards);
                if s.phase == Phase::Opening && s.opened(d) {
                    self.pile_to_hand(s, seat);
                    s.phase = Phase::Play;
                }
                if s.hands[seat].is_empty() && s.phase == Phase::Play {
                    self.go_out(s);
                }
            }
            Action::Ask => {
                s.asked = Permission::Asked;
                s.phase = Phase::Answer;
                s.to_act = ((seat + 2) % SEATS) as u8;
            }
            Action::Yes | Action::No => {
                s.asked = if action == Action::Yes {
                    Permission::Yes
                } else {
                    Permission::No
                };
                s.phase = Phase::Play;
                s.to_act = ((seat + 2) % SEATS) as u8;
            }
            Action::Discard(card) => {
                debug_assert!(s.hands[seat].contains(card), "{card} is not in the hand");
                s.hands[seat].remove(card);
                s.known[seat].remove(card);
                s.push_pile(card);
                s.shift(card, Zone::Hand(seat), Zone::Pile);
                if s.hands[seat].is_empty() {
                    self.go_out(s);
                } else {
                    self.pass_turn(s);
                }
            }
            Action::End => self.end_hand(s, Ending::StockOut, None),
        }
    }

    fn payoffs(&self, s: &State) -> Payoffs {
        let w = winners(&s.scores);
        let share = if w.len() == SEATS { 0.5 } else { 1.0 };
        Payoffs::new(&std::array::from_fn::<f64, SEATS, _>(|k| {
            if w.contains(&k) { share } else { 0.0 }
        }))
    }

    #[inline]
    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        // A card dealt to a hand or drawn from the stock is its receiver's
        // alone (a red three is laid out at once: the state shows it); the
        // pile's first cards are everyone's.
        match action {
            Action::Deal(c) if s.next_recipient().is_some_and(|t| t != observer) && !is_red_three(c) => {
                Seen::Hidden(Hidden::Deal)
            }
            a => Seen::Action(a),
        }
    }

    /// The hand's end shows every hand.
    fn reveals(&self) -> bool {
        true
    }

    #[inline]
    fn may_reveal(&self, s: &State, action: Action) -> bool {
        match action {
            Action::Discard(_) | Action::Meld(_) | Action::Take | Action::End => true,
            // The pile's first card starts the red threes' laying out, and
            // each last replacement the next player's: which players were
            // dealt red threes shows; a red three as the stock's last card
            // ends the hand.
            Action::Deal(c) => match s.phase {
                Phase::Deal => s.next_recipient().is_none(),
                Phase::Replace => true,
                _ => s.stock.len() == 1 && is_red_three(c),
            },
            _ => false,
        }
    }

    fn revealed(&self, before: &State, action: Action, after: &State, observer: Seat) -> u64 {
        use tabula_search::rng::mix64;
        if !self.may_reveal(before, action) {
            return 0;
        }
        if after.deal_no == before.deal_no {
            // The red threes laid out, and the instances a meld laid from a
            // hidden hand (the action names counts, not suits).
            let laid = after.melds.iter().flatten().chain(after.reds.iter());
            return laid
                .enumerate()
                .fold(0x3ED5, |h, (k, m)| mix64(h ^ m.0[0] ^ k as u64) ^ mix64(h ^ m.0[1]));
        }
        (0..SEATS).filter(|&k| k != observer).fold(0xCA7A, |h, k| {
            mix64(h ^ before.hands[k].0[0]) ^ mix64(h ^ before.hands[k].0[1] ^ k as u64)
        })
    }

    #[inline]
    fn hash(&self, s: &State) -> u64 {
        s.hash_with(s.cards_hash)
    }

    fn hash_from_scratch(&self, s: &State) -> u64 {
        s.hash_with(s.compute_cards_hash())
    }
}

/// The cards of `hand` a meld move would lay, if the hand holds them.
pub fn meld_cards(hand: Cards, m: MeldMove) -> Option<Cards> {
    let cards = Canasta::pick(hand, m);
    (cards.len() == usize::from(m.len())).then_some(cards)
}
