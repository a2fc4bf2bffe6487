//! The rules: the deal, the pass, the tricks, the scoring and the match
//! (see the [crate documentation](crate) for the rules as implemented).

use tabula_cards::CardId;
use tabula_cards::tricks::{revealed_void, winner};
use tabula_search::{Game, Hidden, Payoffs, Seat, Seen, Turn};

use crate::actions::{Action, hand_points, passes, playable, plus};
use crate::cards::{DECK, HEARTS, MOON, NUM_CARDS, QUEEN_OF_SPADES, suit_bit};
use crate::observation::Observation;
use crate::options::{HeartsOptions, MoonRule};
use crate::state::{ALL, SEATS, State, TRICKS, Zone, key, passing};
use tabula_cards::french::Suit;

/// Hearts under its options (see the [crate documentation](crate)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hearts {
    options: HeartsOptions,
}

impl Hearts {
    /// The name the platform registers the game under.
    pub const NAME: &'static str = "hearts";

    /// Hearts under `options`.
    ///
    /// # Errors
    /// When the options are out of range.
    pub fn new(options: HeartsOptions) -> Result<Hearts, String> {
        options.check()?;
        Ok(Hearts { options })
    }

    /// The options.
    pub fn options(&self) -> HeartsOptions {
        self.options
    }

    /// Plays `card` for the seat to play (the card-play branch of
    /// [`apply`](Game::apply), for rollouts that pick cards directly).
    #[inline]
    pub fn play_card(&self, s: &mut State, card: CardId) {
        let seat = s.to_play();
        debug_assert!(s.hands[seat].contains(card), "seat {seat} does not hold {card}");
        let mut void = revealed_void(&DECK, s.public.tricks.trick(), card);
        match s.public.tricks.led() {
            // A point card dropped on the first trick means nothing else
            // was left: no diamond (clubs were led), and no spade once
            // the queen itself goes.
            Some(_) if void != 0 && s.public.tricks.done == 0 && MOON.contains(card) => {
                void |= suit_bit(Suit::Diamonds);
                if card == QUEEN_OF_SPADES {
                    void |= suit_bit(Suit::Spades);
                }
            }
            // A heart led before hearts are broken: the hand held only hearts.
            None if HEARTS.contains(card) && !s.public.broken => {
                void = suit_bit(Suit::Clubs) | suit_bit(Suit::Diamonds) | suit_bit(Suit::Spades);
            }
            _ => {}
        }
        s.public.tricks.mark_void(seat, void);
        s.hands[seat].remove(card);
        s.shift(card, Zone::Hand(seat), Zone::Table(seat));
        s.public.tricks.play(seat, card);
        if HEARTS.contains(card) || (card == QUEEN_OF_SPADES && self.options.queen_breaks_hearts) {
            s.public.broken = true;
        }
        if s.public.tricks.complete(ALL) {
            let winner = s.public.tricks.seat_at(winner(&DECK, s.public.tricks.trick()), ALL);
            let mut hash = s.cards_hash;
            s.public.tricks.collect(winner, ALL, |c, by| {
                hash ^= key(Zone::Table(by), c) ^ key(Zone::Taken(winner), c)
            });
            s.cards_hash = hash;
            if s.public.tricks.done == TRICKS {
                self.end_hand(s);
            }
        }
    }

    /// Whether a match at these scores is over.
    fn ends(&self, scores: &[i32; SEATS]) -> bool {
        scores.iter().any(|&s| s >= self.options.end_score as i32)
    }

    fn hand_points(&self, s: &State, moon_minus: bool) -> [i32; SEATS] {
        hand_points(&s.public.tricks.taken, &self.options, moon_minus)
    }

    /// The end of the 13th trick: the shooter's choice if it matters, else
    /// the points.
    pub(crate) fn end_hand(&self, s: &mut State) {
        let shooter = (0..SEATS).find(|&seat| s.public.tricks.taken[seat].contains_all(MOON));
        if let (Some(shooter), MoonRule::Choice) = (shooter, self.options.moon) {
            let after = |minus: bool| self.ends(&plus(s.public.scores, self.hand_points(s, minus)));
            if after(false) != after(true) {
                s.public.moon = Some(shooter as u8);
                return;
            }
        }
        self.score_hand(s, false);
    }

    /// Adds the hand's points; ends the match or begins the next hand.
    fn score_hand(&self, s: &mut State, moon_minus: bool) {
        let pts = self.hand_points(s, moon_minus);
        s.public.scores = plus(s.public.scores, pts);
        s.public.last_hand = pts;
        s.public.moon = None;
        if self.ends(&s.public.scores) {
            s.public.over = true;
            return;
        }
        // The next hand: every card back in the stock.
        let scores = (s.public.scores, s.public.last_hand, s.public.hand_no + 1);
        *s = State::new();
        (s.public.scores, s.public.last_hand, s.public.hand_no) = scores;
        s.cards_hash = s.compute_cards_hash();
    }
}

impl Game for Hearts {
    tabula_cards::card_rules!(seats: SEATS, deal: Action::Deal);

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        let Turn::Seat(seat) = s.turn() else { return };
        if s.next_passer() == Some(seat) {
            passes(s.hands[seat], out);
        } else if s.public.moon.is_some() {
            out.extend([Action::Moon(false), Action::Moon(true)]);
        } else {
            let cards = playable(
                s.hands[seat],
                s.public.tricks.led(),
                s.public.tricks.done,
                s.public.broken,
            );
            out.extend(cards.iter().map(Action::Play));
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
                if usize::from(s.public.dealt) == NUM_CARDS && s.pass_offset().is_none() {
                    s.start_tricks();
                }
            }
            Action::Pass(cards) => {
                let seat = s.next_passer().expect("a seat to pass");
                debug_assert!(cards.len() == 3 && s.hands[seat].contains_all(cards));
                s.hands[seat] = s.hands[seat] - cards;
                for c in cards {
                    s.shift(c, Zone::Hand(seat), passing(seat));
                }
                s.passed[seat] = Some(cards);
                if s.next_passer().is_none() {
                    let offset = s.pass_offset().expect("a hand with passing");
                    for from in 0..SEATS {
                        let to = (from + offset) % SEATS;
                        let cards = s.passed[from].expect("every seat passed");
                        s.hands[to] = s.hands[to] | cards;
                        s.received[to] = cards;
                        for c in cards {
                            s.shift(c, passing(from), Zone::Hand(to));
                        }
                    }
                    s.start_tricks();
                }
            }
            Action::Play(card) => self.play_card(s, card),
            Action::Moon(minus) => {
                debug_assert!(s.public.moon.is_some(), "no moon to choose");
                self.score_hand(s, minus);
            }
        }
    }

    /// The match's winners (the lowest score at the end) share 1.
    fn payoffs(&self, s: &State) -> Payoffs {
        let best = s.public.scores.iter().copied().min().unwrap_or(0);
        let winners = s.public.scores.iter().filter(|&&x| x == best).count() as f64;
        Payoffs::new(&s.public.scores.map(|x| if x == best { 1.0 / winners } else { 0.0 }))
    }

    #[inline]
    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        match action {
            Action::Deal(_) if s.next_recipient() != Some(observer) => Seen::Hidden(Hidden::Deal),
            Action::Pass(_) if s.next_passer() != Some(observer) => Seen::Hidden(Hidden::Pass),
            other => Seen::Action(other),
        }
    }

    /// The exchange shows each seat the cards it receives, and the end of
    /// the passing (or of the deal, on a hand without one) shows everyone
    /// who holds 2♣: that seat leads.
    fn reveals(&self) -> bool {
        true
    }

    /// Only the exchange tells a seat more than the action: the cards it
    /// received (and, with the 2♣'s holder, who leads).
    #[inline]
    fn may_reveal(&self, before: &State, _: Action) -> bool {
        !before.public.exchanged
    }

    fn revealed(&self, before: &State, action: Action, after: &State, observer: Seat) -> u64 {
        use tabula_search::rng::mix64;
        if before.public.exchanged || !after.public.exchanged {
            return 0;
        }
        let leader = mix64(u64::from(after.public.tricks.leader) + 1);
        match action {
            Action::Pass(_) => leader ^ mix64(after.received[observer].0 ^ 0x5A55),
            _ => leader,
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
