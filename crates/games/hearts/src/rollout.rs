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

use tabula_cards::{CardSet, HandGame, HandRules};
use tabula_search::{Payoffs, Rng, Rollout};

use crate::actions::{discards, hand_points, playable};
use crate::cards::{HEARTS, MOON, NUM_CARDS, suit_cards, suit_of};
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
/// It runs trick by trick, a lead then the followers, so that the loops
/// have fixed trip counts; what the random cards decide (following or
/// not, the winner so far, hearts broken) is computed as masks and
/// selects rather than branches, which would mispredict about half the
/// time. The random state is a local copy so that it stays in registers.
fn play_out(s: &State, queen_breaks: bool, rng: &mut Rng) -> [CardSet; SEATS] {
    let mut r = rng.clone();
    let mut hands = s.hands;
    let mut taken = s.public.tricks.taken;
    let mut leader = usize::from(s.public.tricks.leader);
    let mut broken = s.public.broken;
    // The cards whose play breaks hearts.
    let breakers = if queen_breaks { MOON } else { HEARTS };
    // The trick in progress: its cards, the suit led, and the winner so far.
    let so_far = s.public.tricks.trick();
    let mut played = so_far.len();
    let mut cards_in = CardSet::EMPTY;
    let mut suit = CardSet::EMPTY;
    let mut best = (0u16, leader);
    for (i, &c) in so_far.iter().enumerate() {
        if i == 0 {
            suit = suit_cards(suit_of(c));
        }
        cards_in.insert(c);
        if suit.contains(c) && c.0 >= best.0 {
            best = (c.0, (leader + i) % SEATS);
        }
    }
    for tricks in s.public.tricks.done..TRICKS {
        if played == 0 {
            let card = playable(hands[leader], None, tricks, broken)
                .random(&mut r)
                .expect("a hand to play from");
            hands[leader].remove(card);
            suit = suit_cards(suit_of(card));
            best = (card.0, leader);
            cards_in = CardSet::of(card);
            broken |= breakers.contains(card);
            played = 1;
        }
        for i in played..SEATS {
            let seat = (leader + i) % SEATS;
            let hand = hands[seat];
            // Follow suit, else `playable`'s discards; both computed, one
            // selected.
            let follow = hand & suit;
            let cards = if follow.is_empty() {
                discards(hand, tricks)
            } else {
                follow
            };
            let card = cards.random(&mut r).expect("a hand to play from");
            hands[seat].remove(card);
            let wins = suit.contains(card) & (card.0 > best.0);
            best = if wins { (card.0, seat) } else { best };
            cards_in.insert(card);
            broken |= breakers.contains(card);
        }
        taken[best.1] = taken[best.1] | cards_in;
        leader = best.1;
        played = 0;
    }
    *rng = r;
    taken
}
