//! The searches' rollout: uniformly random playable cards to the end of the
//! hand, played on the cards alone.
//!
//! A rollout needs only the hands, the trick and who took what: the
//! ledger's hash, the revealed voids and the played cards that
//! [`Hearts::play_card`] keeps are for positions a seat looks at, and a
//! rollout's end is never looked at (its payoffs are). So the card phase
//! runs on a few words in registers, drawing exactly as the full rules
//! would (one `below` per play, over the same playable cards in the same
//! order), and `tests/rollout.rs` checks the payoffs and the random stream
//! against playing the same hand through [`Game::apply`](tabula_search::Game::apply).

use tabula_cards::{CardId, CardSet, HandGame, HandRules};
use tabula_search::{Payoffs, Rng, Rollout};

use crate::actions::{hand_points, playable};
use crate::cards::{HEARTS, NUM_CARDS, QUEEN_OF_SPADES, suit_cards, suit_of};
use crate::rules::Hearts;
use crate::state::{SEATS, State, TRICKS};

/// Each seat's points against the mean of the others': what the searches
/// maximise for a finished hand.
pub(crate) fn gap_rewards(points: [i32; SEATS]) -> Payoffs {
    let total: i32 = points.iter().sum();
    let v = points.map(|p| (f64::from(total - p) / 3.0 - f64::from(p)).clamp(-26.0, 26.0));
    Payoffs::new(&v)
}

/// The rollout: uniformly random playable cards (following suit, the
/// first trick's and hearts' rules) to the end of the hand, picked from
/// the hand's bits without listing the actions. It leaves the state where
/// it was in the card phase (searches drop it).
#[derive(Clone, Copy, Debug, Default)]
pub struct CardRollout;

impl Rollout<HandGame<'_, Hearts>> for CardRollout {
    fn rollout(&mut self, game: &HandGame<'_, Hearts>, s: &mut State, rng: &mut Rng) -> Payoffs {
        let rules = game.game();
        if game.finished(s) {
            return rules.hand_rewards(s);
        }
        if !s.public.exchanged || usize::from(s.public.dealt) != NUM_CARDS {
            // Passing, or a deal still on: the general playout.
            return tabula_search::random_playout(game, s, rng, &mut Vec::new());
        }
        // Whether the shooter's choice is asked or the hand is scored at
        // once, a finished hand is judged by its points with the moon
        // given to the others (`hand_rewards`).
        let taken = play_out(s, rules.options().queen_breaks_hearts, rng);
        gap_rewards(hand_points(&taken, &rules.options(), false))
    }
}

/// Plays the card phase of `s` to its 13th trick with uniformly random
/// playable cards; returns the cards each seat took over the hand.
///
/// The trick's winner and cards are kept as they are played, the suit led
/// as a mask, and the random state in a local copy so that it stays in
/// registers.
fn play_out(s: &State, queen_breaks: bool, rng: &mut Rng) -> [CardSet; SEATS] {
    let mut r = rng.clone();
    let mut hands = s.hands;
    let mut taken = s.public.tricks.taken;
    let mut len = s.public.tricks.trick().len();
    let mut leader = usize::from(s.public.tricks.leader);
    let mut tricks = s.public.tricks.done;
    let mut broken = s.public.broken;
    // The trick in progress: its cards, the suit led, and the winner so far.
    let mut cards_in = CardSet::EMPTY;
    let mut suit = CardSet::EMPTY;
    let mut best = (0u16, leader);
    for (i, &c) in s.public.tricks.trick()[..len].iter().enumerate() {
        if i == 0 {
            suit = suit_cards(suit_of(c));
        }
        cards_in.insert(c);
        if suit.contains(c) && c.0 >= best.0 {
            best = (c.0, (leader + i) % SEATS);
        }
    }
    while tricks < TRICKS {
        let seat = (leader + len) % SEATS;
        let cards = if len == 0 {
            playable(hands[seat], None, tricks, broken)
        } else {
            let follow = hands[seat] & suit;
            if !follow.is_empty() {
                follow
            } else {
                playable(hands[seat], Some(CardId(best.0)), tricks, broken)
            }
        };
        let card = cards.random(&mut r).expect("a hand to play from");
        hands[seat].remove(card);
        if len == 0 {
            suit = suit_cards(suit_of(card));
            best = (card.0, seat);
        } else if suit.contains(card) && card.0 > best.0 {
            best = (card.0, seat);
        }
        cards_in.insert(card);
        len += 1;
        broken |= HEARTS.contains(card) || (queen_breaks && card == QUEEN_OF_SPADES);
        if len == SEATS {
            let winner = best.1;
            taken[winner] = taken[winner] | cards_in;
            cards_in = CardSet::EMPTY;
            len = 0;
            tricks += 1;
            leader = winner;
        }
    }
    *rng = r;
    taken
}
