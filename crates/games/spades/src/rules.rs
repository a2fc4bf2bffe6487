//! The rules: the blind nil choice, the deal, the bids, the tricks, the
//! scoring and the match (see the [crate documentation](crate) for the
//! rules as implemented).

use tabula_cards::CardId;
use tabula_cards::french::Suit;
use tabula_cards::tricks::{revealed_void, winner};
use tabula_search::{Game, Hidden, Payoffs, Seat, Seen, Turn};

use crate::actions::{Action, playable};
use crate::cards::{NUM_CARDS, SPADES, TRUMPS, suit_bit};
use crate::observation::Observation;
use crate::options::{BLIND_NIL_DEFICIT, MERCY, SpadesOptions};
use crate::score::score_hand;
use crate::seats::side_of;
use crate::state::{ALL, SEATS, SIDES, State, TRICKS, Zone, key};

/// Spades under its options (see the [crate documentation](crate)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spades {
    options: SpadesOptions,
}

impl Spades {
    /// The name the platform registers the game under.
    pub const NAME: &'static str = "spades";

    /// Spades under `options`.
    ///
    /// # Errors
    /// When the options are out of range.
    pub fn new(options: SpadesOptions) -> Result<Spades, String> {
        options.check()?;
        Ok(Spades { options })
    }

    /// The options.
    pub fn options(&self) -> SpadesOptions {
        self.options
    }

    /// The start of a match, before the first deal.
    pub fn initial_state(&self) -> State {
        State::new()
    }

    /// The seats that may bid blind nil at these scores: under the
    /// option, those of a side trailing by [`BLIND_NIL_DEFICIT`] or more.
    pub fn blind_eligible(&self, scores: [i32; SIDES]) -> u8 {
        if !self.options.blind_nil {
            return 0;
        }
        (0..SEATS)
            .filter(|&s| scores[1 - side_of(s)] - scores[side_of(s)] >= BLIND_NIL_DEFICIT)
            .fold(0, |m, s| m | 1 << s)
    }

    /// Plays `card` for the seat to play (the card-play branch of
    /// [`apply`](Game::apply), for rollouts that pick cards directly).
    #[inline]
    pub fn play_card(&self, s: &mut State, card: CardId) {
        let seat = s.to_play();
        debug_assert!(s.hands[seat].contains(card), "seat {seat} does not hold {card}");
        let void = match s.public.tricks.led() {
            // A spade led before spades are broken: the hand held only spades.
            None if SPADES.contains(card) && !s.public.broken => {
                suit_bit(Suit::Clubs) | suit_bit(Suit::Diamonds) | suit_bit(Suit::Hearts)
            }
            _ => revealed_void(&TRUMPS, s.public.tricks.trick(), card),
        };
        s.public.tricks.mark_void(seat, void);
        s.hands[seat].remove(card);
        s.shift(card, Zone::Hand(seat), Zone::Table(seat));
        s.public.tricks.play(seat, card);
        if SPADES.contains(card) {
            s.public.broken = true;
        }
        if s.public.tricks.complete(ALL) {
            let winner = s.public.tricks.seat_at(winner(&TRUMPS, s.public.tricks.trick()), ALL);
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

    /// Whether a match at these scores is over: a side at the end score
    /// (or, under the mercy rule, at −200 or below), and the sides apart.
    pub fn ends(&self, scores: &[i32; SIDES]) -> bool {
        let reached = scores.iter().any(|&x| x >= self.options.end_score as i32);
        let mercy = self.options.mercy && scores.iter().any(|&x| x <= MERCY);
        (reached || mercy) && scores[0] != scores[1]
    }

    /// The end of the 13th trick: the score, then the match's end or the
    /// next hand.
    pub(crate) fn end_hand(&self, s: &mut State) {
        let bids = s.public.bids.map(|b| b.expect("every seat bid"));
        let (sides, bags) = score_hand(&bids, &s.public.blind, &s.won(), s.public.bags, &self.options);
        s.public.scores = std::array::from_fn(|i| s.public.scores[i] + sides[i].total);
        s.public.bags = bags;
        s.public.last_hand = Some(sides);
        if self.ends(&s.public.scores) {
            s.public.over = true;
            return;
        }
        self.next_hand(s);
    }

    /// Every card back in the stock; the deal passes to the left.
    fn next_hand(&self, s: &mut State) {
        let kept = (s.public.scores, s.public.bags, s.public.last_hand, s.public.hand_no + 1);
        *s = State::new();
        (s.public.scores, s.public.bags, s.public.last_hand, s.public.hand_no) = kept;
        s.public.tricks.leader = ((s.dealer() + 1) % SEATS) as u8;
        s.public.blind_eligible = self.blind_eligible(s.public.scores);
        s.cards_hash = s.compute_cards_hash();
    }
}

impl Game for Spades {
    tabula_cards::card_rules!(seats: SEATS, deal: Action::Deal);

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        let Turn::Seat(seat) = s.turn() else { return };
        if s.next_blinder() == Some(seat) {
            out.extend([Action::Blind(false), Action::Blind(true)]);
        } else if s.next_bidder() == Some(seat) {
            out.extend((0..=TRICKS).map(Action::Bid));
        } else {
            let cards = playable(s.hands[seat], s.public.tricks.led(), s.public.broken);
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
            }
            Action::Blind(nil) => {
                let seat = s.next_blinder().expect("a seat to answer blind nil");
                s.public.blind_answered[seat] = true;
                if nil {
                    s.public.blind[seat] = true;
                    s.public.bids[seat] = Some(0);
                }
            }
            Action::Bid(tricks) => {
                let seat = s.next_bidder().expect("a seat to bid");
                debug_assert!(tricks <= TRICKS);
                s.public.bids[seat] = Some(tricks);
            }
            Action::Play(card) => self.play_card(s, card),
        }
    }

    /// The side with the higher score at the end wins: 1 to each of its seats.
    fn payoffs(&self, s: &State) -> Payoffs {
        let win = if s.public.scores[0] > s.public.scores[1] { 0 } else { 1 };
        Payoffs::new(&std::array::from_fn::<f64, SEATS, _>(|seat| {
            if side_of(seat) == win { 1.0 } else { 0.0 }
        }))
    }

    #[inline]
    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        match action {
            Action::Deal(_) if s.next_recipient() != Some(observer) => Seen::Hidden(Hidden::Deal),
            other => Seen::Action(other),
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

const _: () = assert!(NUM_CARDS == 52);
