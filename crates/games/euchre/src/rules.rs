//! The rules: the deal and the turn-up, the two bidding rounds, the
//! dealer's pick-up, going alone, the tricks, the scoring and the match
//! (see the [crate documentation](crate) for the rules as implemented).

use tabula_cards::CardId;
use tabula_cards::tricks::{revealed_void, winner};
use tabula_search::{Game, Hidden, Payoffs, Seat, Seen, Turn};

use crate::actions::{Action, hand_points, plus};
use crate::cards::{Bowers, DEALT, SEATS, TRICKS, suit_of, team};
use crate::observation::Observation;
use crate::options::EuchreOptions;
use crate::state::{Call, DISCARD, State, UPCARD, Zone, key};

/// Euchre under its options (see the [crate documentation](crate)).
///
/// A position carries the options it was started under (in its
/// [`Public`](crate::state::Public) part, so that every observation knows
/// them too: whether the dealer may pass, whether a defender is asked),
/// and the rules read them from there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Euchre {
    options: EuchreOptions,
}

impl Euchre {
    /// The name the platform registers the game under.
    pub const NAME: &'static str = "euchre";

    /// Euchre under `options`.
    ///
    /// # Errors
    /// When the options are out of range.
    pub fn new(options: EuchreOptions) -> Result<Euchre, String> {
        options.check()?;
        Ok(Euchre { options })
    }

    /// The options.
    pub fn options(&self) -> EuchreOptions {
        self.options
    }

    /// The start of a match, before the first deal (seat 0 deals).
    pub fn initial_state(&self) -> State {
        State::new(self.options)
    }

    /// Plays `card` for the seat to play (the card-play branch of
    /// [`apply`](Game::apply), for rollouts that pick cards directly).
    pub fn play_card(&self, s: &mut State, card: CardId) {
        let p = &mut s.public;
        let trump = Bowers(p.call.expect("trump is made before the play").trump);
        let seat = p.to_play();
        debug_assert!(s.hands[seat].contains(card), "seat {seat} does not hold {card}");
        p.tricks.mark_void(seat, revealed_void(&trump, p.tricks.trick(), card));
        s.hands[seat].remove(card);
        s.cards_hash ^= key(Zone::Hand(seat), card) ^ key(Zone::Table(seat), card);
        p.tricks.play(seat, card);
        let active = p.active();
        if !p.tricks.complete(active) {
            return;
        }
        let winner = p.tricks.seat_at(winner(&trump, p.tricks.trick()), active);
        let hash = &mut s.cards_hash;
        p.tricks.collect(winner, active, |c, by| {
            *hash ^= key(Zone::Table(by), c) ^ key(Zone::Taken(winner), c)
        });
        p.won[winner] += 1;
        if p.tricks.done == TRICKS {
            self.end_hand(s);
        }
    }

    /// The end of the fifth trick: the points, then the match's end or the
    /// next hand.
    fn end_hand(&self, s: &mut State) {
        let p = &mut s.public;
        let (makers, tricks) = p.maker_tricks().expect("a hand played has makers");
        let alone = p.call.is_some_and(|c| c.alone);
        let pts = hand_points(makers, tricks, alone, p.defender.is_some());
        p.scores = plus(p.scores, pts);
        p.last_hand = pts;
        if p.scores.iter().any(|&x| x >= p.options.end_score) {
            p.over = true;
        } else {
            s.next_hand(pts);
        }
    }

    /// Trump is made: the dealer takes the upcard when it was ordered up
    /// (unless it sits out); the first lead goes to the first seat after
    /// the dealer that plays.
    fn make_trump(&self, s: &mut State, seat: usize, trump: u8, alone: bool, ordered: bool) {
        let p = &mut s.public;
        p.call = Some(Call {
            maker: seat as u8,
            trump,
            alone,
        });
        let dealer = p.dealer();
        if ordered && !p.sits_out(dealer) {
            let up = p.upcard.expect("an upcard to order up");
            p.picked_up = true;
            s.hands[dealer].insert(up);
            s.shift(up, UPCARD, Zone::Hand(dealer));
        }
        s.public.tricks.leader = s.public.next_active(dealer) as u8;
    }
}

impl Game for Euchre {
    // The twenty cards dealt, then the turn-up.
    tabula_cards::card_rules!(seats: SEATS, deal: |s, card| if s.next_recipient().is_some() {
        Action::Deal(card)
    } else {
        Action::TurnUp(card)
    });

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if let Turn::Seat(seat) = s.turn() {
            s.public.legal_actions(s.hands[seat], out);
        }
    }

    fn apply(&self, s: &mut State, action: Action) {
        let seat = s.turn().seat();
        match action {
            Action::Deal(card) => {
                let to = s.next_recipient().expect("a card to deal");
                debug_assert!(s.stock.contains(card), "{card} is not in the stock");
                s.stock.remove(card);
                s.hands[to].insert(card);
                s.shift(card, Zone::Stock, Zone::Hand(to));
                s.public.dealt += 1;
            }
            Action::TurnUp(card) => {
                debug_assert!(usize::from(s.public.dealt) == DEALT && s.stock.contains(card));
                s.stock.remove(card);
                s.shift(card, Zone::Stock, UPCARD);
                s.public.upcard = Some(card);
                s.public.dealt += 1;
            }
            Action::Pass => {
                s.public.passes += 1;
                if s.public.passes == 8 {
                    // Thrown in: no score, the next dealer deals.
                    s.next_hand([0, 0]);
                }
            }
            Action::OrderUp { alone } => {
                let up = s.public.upcard.expect("an upcard to order up");
                self.make_trump(s, seat.expect("a bidder"), suit_of(up), alone, true);
            }
            Action::Name { suit, alone } => self.make_trump(s, seat.expect("a bidder"), suit, alone, false),
            Action::Discard(card) => {
                let dealer = s.dealer();
                debug_assert!(s.hands[dealer].contains(card) && Some(card) != s.public.upcard);
                s.hands[dealer].remove(card);
                s.shift(card, Zone::Hand(dealer), DISCARD);
                s.discard = Some(card);
                s.public.discarded = true;
            }
            Action::DefendAlone(alone) => {
                let p = &mut s.public;
                p.asked += 1;
                if alone {
                    p.defender = seat.map(|d| d as u8);
                }
                p.tricks.leader = p.next_active(p.dealer()) as u8;
            }
            Action::Play(card) => self.play_card(s, card),
        }
    }

    /// The side that reached the end score first: its seats 1, the others 0.
    fn payoffs(&self, s: &State) -> Payoffs {
        let p = &s.public;
        let winner = usize::from(p.scores[1] > p.scores[0]);
        let v: [f64; SEATS] = std::array::from_fn(|seat| if team(seat) == winner { 1.0 } else { 0.0 });
        Payoffs::new(&v)
    }

    /// Another seat's dealt cards and the dealer's discard are hidden; the
    /// turn-up, the bids and the plays are public.
    #[inline]
    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        match action {
            Action::Deal(_) if s.next_recipient() != Some(observer) => Seen::Hidden(Hidden::Deal),
            Action::Discard(_) if s.dealer() != observer => Seen::Hidden(Hidden::Discard),
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
