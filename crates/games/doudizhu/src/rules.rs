//! The rules: the deal, the bidding, the play, the deal's score and the
//! match (see the [crate documentation](crate) for the rules as
//! implemented).

use tabula_cards::CardSet;
use tabula_cards::climbing::Trick;
use tabula_search::{Game, Hidden, Payoffs, Seat, Seen, Turn};

use crate::actions::Action;
use crate::cards::{counts_of, rank_cards};
use crate::combo::Combo;
use crate::keys::FIRST_DEALT;
use crate::moves::{all_plays, plays_beating};
use crate::observation::Observation;
use crate::options::DdzOptions;
use crate::state::{DEALT, DealResult, MAX_BID, Phase, SEATING, SEATS, State, Zone};

/// Dou Dizhu under its options (see the [crate documentation](crate)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DouDizhu {
    options: DdzOptions,
    /// The worlds' model of the other hands (see
    /// [`inferring`](DouDizhu::inferring)); 0: uniform.
    inference: u32,
}

thread_local! {
    /// The combinations of one call of `seat_actions`, kept between calls
    /// so that listing the legal actions does not allocate.
    static SCRATCH: std::cell::RefCell<Vec<Combo>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The seat after `seat`, in the order of play.
#[inline]
pub fn next_seat(seat: usize) -> usize {
    (seat + 1) % SEATS
}

/// Whether two seats are on the same side of a deal with `landlord`.
#[inline]
pub fn same_side(a: usize, b: usize, landlord: usize) -> bool {
    (a == landlord) == (b == landlord)
}

impl DouDizhu {
    /// The name the platform registers the game under.
    pub const NAME: &'static str = "doudizhu";

    /// Dou Dizhu under `options`.
    ///
    /// # Errors
    /// When the options are out of range.
    pub fn new(options: DdzOptions) -> Result<DouDizhu, String> {
        options.check()?;
        Ok(DouDizhu { options, inference: 0 })
    }

    /// The same game whose worlds give the other seats hands that fit
    /// their bids: of several uniform draws, one is taken with weight
    /// `exp(−misfit / temperature)` (see [`Observation::sampler_inferring`]).
    /// A search's model, not the rules; 0 keeps the worlds uniform.
    pub fn inferring(self, temperature: u32) -> DouDizhu {
        DouDizhu {
            inference: temperature,
            ..self
        }
    }

    /// The temperature of [`inferring`](DouDizhu::inferring) (0: uniform).
    pub fn inference(&self) -> u32 {
        self.inference
    }

    /// The options.
    pub fn options(&self) -> DdzOptions {
        self.options
    }

    /// The start of a match, before the first deal (seat 0 bids first).
    pub fn initial_state(&self) -> State {
        State::new(0)
    }

    /// The observing seat's legal actions (none when another acts).
    pub fn observed_actions(&self, observation: &Observation, out: &mut Vec<Action>) {
        let seat = usize::from(observation.seat);
        if observation.turn() == Turn::Seat(seat) {
            let beat = observation.trick().to_beat(seat);
            self.seat_actions(observation.phase, observation.bid, observation.hand, beat.as_ref(), out);
        }
    }

    /// The legal actions of `seat` to act, from what it sees: the phase,
    /// the bid to top, its hand and the combination to beat (when another
    /// seat played it). Sorted.
    pub(crate) fn seat_actions(
        &self,
        phase: Phase,
        bid: u8,
        hand: CardSet,
        to_beat: Option<&Combo>,
        out: &mut Vec<Action>,
    ) {
        out.clear();
        match phase {
            Phase::Bid => {
                out.push(Action::Bid(0));
                out.extend((bid + 1..=MAX_BID).map(Action::Bid));
            }
            Phase::Play => {
                let counts = counts_of(hand);
                let four = self.options.four_with_two;
                SCRATCH.with_borrow_mut(|combos| {
                    match to_beat {
                        Some(c) => {
                            out.push(Action::Pass);
                            plays_beating(counts, c, four, combos);
                        }
                        None => all_plays(counts, four, combos),
                    }
                    out.extend(combos.iter().copied().map(Action::Play));
                });
            }
            Phase::Deal => {}
        }
    }

    /// Ends the bidding: the landlord takes the kitty and leads; or, when
    /// all passed, the cards are thrown in (or the first bidder is made
    /// landlord at 1).
    fn end_bidding(&self, s: &mut State) {
        let high = (0..SEATS)
            .filter(|&k| s.bids[k].is_some_and(|b| b > 0))
            .max_by_key(|&k| s.bids[k]);
        let landlord = match high {
            Some(k) => k,
            None if self.options.no_bid_redeal => {
                self.next_deal(s, usize::from(s.first) + 1, false);
                return;
            }
            None => {
                s.bid = 1;
                usize::from(s.first)
            }
        };
        s.landlord = Some(landlord as u8);
        s.kitty = s.stock;
        // The kitty's keys come before every dealt card's: the landlord
        // plays a public card of a rank before a hidden one.
        for (key, c) in s.stock.iter().enumerate() {
            s.hands[landlord].insert(c);
            s.shift(c, Zone::Stock, Zone::Hand(landlord));
            s.set_key(c, key as u8);
        }
        s.stock = CardSet::EMPTY;
        s.phase = Phase::Play;
        s.to_act = landlord as u8;
        s.trick = Trick::new();
    }

    /// Starts the next deal with `first` to bid first; `scored` says
    /// whether the deal just ended counts.
    fn next_deal(&self, s: &mut State, first: usize, scored: bool) {
        let deal_no = s.deal_no + u32::from(scored);
        if deal_no >= self.options.match_deals {
            s.deal_no = deal_no;
            s.over = true;
            return;
        }
        let keep = (s.scores, s.last_deal, s.round_no + 1);
        *s = State::new((first % SEATS) as u8);
        (s.scores, s.last_deal, s.round_no) = keep;
        s.deal_no = deal_no;
    }

    /// Scores the deal `winner` has just played out of.
    fn end_deal(&self, s: &mut State, winner: usize) {
        let landlord = s.landlord().expect("a landlord in the play");
        let landlord_won = winner == landlord;
        let peasants_played: u32 = (0..SEATS)
            .filter(|&k| k != landlord)
            .map(|k| u32::from(s.plays[k]))
            .sum();
        let spring = landlord_won && peasants_played == 0;
        let anti_spring = !landlord_won && s.plays[landlord] == 1;
        let doublings = u32::from(s.bombs) + u32::from(spring || anti_spring);
        let stake = i64::from(s.bid) << doublings;
        let sign = if landlord_won { 1 } else { -1 };
        let points = std::array::from_fn(|k| if k == landlord { 2 * sign * stake } else { -sign * stake });
        for (score, p) in s.scores.iter_mut().zip(points) {
            *score += p;
        }
        s.last_deal = Some(DealResult {
            landlord: landlord as u8,
            landlord_won,
            bid: s.bid,
            bombs: s.bombs,
            spring,
            anti_spring,
            stake,
            points,
            left: s.hands,
            round: s.round_no,
        });
        self.next_deal(s, usize::from(s.first) + 1, true);
    }
}

impl DouDizhu {
    /// `seat` plays `combo` with `cards` (which the hand holds).
    fn play_cards(&self, s: &mut State, seat: usize, combo: Combo, cards: CardSet) {
        s.hands[seat] = CardSet(s.hands[seat].0 & !cards.0);
        s.played[seat] = CardSet(s.played[seat].0 | cards.0);
        for c in cards {
            s.shift(c, Zone::Hand(seat), Zone::Played(seat));
        }
        s.plays[seat] = s.plays[seat].saturating_add(1);
        s.bombs = s.bombs.saturating_add(u8::from(combo.kind.doubles()));
        s.trick.play(seat, combo);
        if s.hands[seat].is_empty() {
            self.end_deal(s, seat);
        } else {
            s.to_act = next_seat(seat) as u8;
        }
    }

    /// The cards `action` (a play) takes from the hand of the seat to act
    /// in `s`; `None` for other actions.
    pub(crate) fn cards_played(s: &State, action: Action) -> Option<CardSet> {
        match action {
            Action::Play(c) => s.cards_for(s.to_act(), c.cards),
            Action::PlayCards { cards, .. } => Some(cards),
            _ => None,
        }
    }
}

impl Game for DouDizhu {
    tabula_cards::card_rules!(seats: SEATS, deal: Action::Deal);

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if let Turn::Seat(seat) = s.turn() {
            let beat = s.trick.to_beat(seat);
            self.seat_actions(s.phase, s.bid, s.hands[seat], beat.as_ref(), out);
        }
    }

    fn apply(&self, s: &mut State, action: Action) {
        let seat = s.to_act();
        match action {
            Action::Deal(card) => {
                let to = s.next_recipient().expect("a card to deal");
                debug_assert!(s.stock.contains(card), "card {card:?} is not in the stock");
                s.stock.remove(card);
                s.hands[to].insert(card);
                s.shift(card, Zone::Stock, Zone::Hand(to));
                s.set_key(card, FIRST_DEALT + s.dealt);
                s.dealt += 1;
                if s.dealt == DEALT {
                    s.phase = Phase::Bid;
                    s.to_act = s.first;
                }
            }
            Action::Bid(b) => {
                s.bids[seat] = Some(b);
                s.bid = s.bid.max(b);
                if b == MAX_BID || s.bids.iter().all(Option::is_some) {
                    self.end_bidding(s);
                } else {
                    s.to_act = next_seat(seat) as u8;
                }
            }
            Action::Pass => {
                // After two passes the lead returns to the seat that
                // played last: the next seat.
                let lead = s.trick.pass(&SEATING);
                s.to_act = lead.unwrap_or_else(|| next_seat(seat)) as u8;
            }
            Action::Play(combo) => {
                let cards = s.cards_for(seat, combo.cards).expect("the hand holds the combination");
                self.play_cards(s, seat, combo, cards);
            }
            Action::PlayCards { combo, cards } => {
                debug_assert!(self.legal_form(s, action).is_some(), "{cards:?} are not {combo:?}");
                // The chosen cards take the smallest keys of their ranks,
                // so that the played ones still come first.
                let mut ranks = combo.cards.nibbles_with(1);
                while ranks != 0 {
                    let r = (ranks.trailing_zeros() / 4) as u8;
                    ranks &= ranks - 1;
                    let of_rank = rank_cards(r).0;
                    let all = CardSet((s.hands[seat].0 | s.played[seat].0) & of_rank);
                    s.keys_first(all, CardSet((s.played[seat].0 | cards.0) & of_rank));
                }
                self.play_cards(s, seat, combo, cards);
            }
        }
    }

    /// A play that names its cards stands for the play of its
    /// combination, when the seat to act holds them and they are the
    /// combination's rank counts.
    fn legal_form(&self, s: &State, action: Action) -> Option<Action> {
        match action {
            Action::PlayCards { combo, cards } => {
                let seat = s.turn().seat()?;
                let fits =
                    s.phase == Phase::Play && counts_of(cards) == combo.cards && s.hands[seat].contains_all(cards);
                fits.then_some(Action::Play(combo))
            }
            other => Some(other),
        }
    }

    /// 1 to each seat with the match's highest score (all of them when
    /// tied), 0 to the others.
    fn payoffs(&self, s: &State) -> Payoffs {
        let best = s.scores.iter().copied().max().unwrap_or(0);
        Payoffs::new(&std::array::from_fn::<f64, SEATS, _>(|k| {
            if s.scores[k] == best { 1.0 } else { 0.0 }
        }))
    }

    #[inline]
    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        match action {
            Action::Deal(_) if s.next_recipient() != Some(observer) => Seen::Hidden(Hidden::Deal),
            other => Seen::Action(other),
        }
    }

    /// The last bid shows everyone the kitty; a play shows the suits of
    /// the cards played (the action itself names ranks only, and the
    /// hidden order picks the cards).
    fn reveals(&self) -> bool {
        true
    }

    #[inline]
    fn may_reveal(&self, s: &State, action: Action) -> bool {
        match action {
            Action::Bid(_) => s.phase == Phase::Bid,
            Action::Play(_) | Action::PlayCards { .. } => true,
            _ => false,
        }
    }

    fn revealed(&self, before: &State, action: Action, after: &State, _observer: Seat) -> u64 {
        use tabula_search::rng::mix64;
        match action {
            Action::Bid(_) if before.landlord.is_none() && after.landlord.is_some() => mix64(after.kitty.0 ^ 0xD1),
            Action::Play(_) | Action::PlayCards { .. } => {
                // The cards' suits; and every hand, laid down when the
                // play ends the deal.
                let seat = before.to_act();
                let cards = DouDizhu::cards_played(before, action).unwrap_or_default();
                let mut h = mix64(cards.0 ^ 0xD2);
                if cards == before.hands[seat] {
                    for (k, hand) in before.hands.iter().enumerate() {
                        h ^= mix64(hand.0 ^ (0xD3 + k as u64) << 56);
                    }
                }
                h
            }
            _ => 0,
        }
    }

    #[inline]
    fn hash(&self, s: &State) -> u64 {
        s.hash_with(s.cards_hash)
    }

    fn hash_from_scratch(&self, s: &State) -> u64 {
        s.hash_with(s.compute_cards_hash())
    }
}
