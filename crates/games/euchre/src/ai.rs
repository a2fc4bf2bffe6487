//! The computer, levels 1 to 4, with every tunable in [`EUCHRE_TUNABLES`].
//!
//! - **Hand strength** (every level): the tricks a hand is expected to
//!   take under a trump ([`hand_strength`]): the right bower about one, the
//!   left a little less, the trump ace, the other trumps by how many there
//!   are, off-suit aces (less in a long suit) and kings behind them, and
//!   ruffs in void or singleton suits when three trumps or more spare them.
//! - **First round** (every level): order up ([`choose_bid`]) when the
//!   strength, counting the upcard where it goes, reaches
//!   [`ORDER_UP`](EUCHRE_TUNABLES): the dealer judges its hand with the
//!   upcard taken and its discard made; the dealer's partner credits the
//!   dealer with part of the upcard, an opponent debits it. Alone when the
//!   strength reaches the alone threshold (the dealer's partner alone
//!   without the upcard's credit: the dealer sits out and never takes it).
//! - **Second round** (every level): name the best suit but the one turned
//!   down when it is strong enough, alone on a lay-down hand; a dealer
//!   stuck under stick the dealer names its best suit whatever it holds.
//! - **The dealer's discard** (every level): the lowest off-suit card,
//!   first one that leaves a void, never an off-suit ace while another
//!   card will do, never a trump unless it holds nothing else (never the
//!   upcard: the rules forbid it).
//! - **Defending alone** (under the option, every level): only on a very
//!   strong hand against the maker's trump.
//! - Level 1 misjudges its bids now and then: its strength shifted up or
//!   down by a tunable amount, at a tunable chance.
//! - **Play**, levels 1–2: a card scorer ([`card_score`]) that plays low
//!   under a partner who has the trick, wins as cheaply as it can, throws
//!   its lowest card (trumps kept) when it cannot win, and leads trumps
//!   from the top when its side made trump and it holds two or more, else
//!   a sure winner off trump, else low; seats sitting out are skipped.
//!   Level 2 plays its best card; level 1 now and then one of its few best
//!   at random.
//! - **Levels 3–4** ([`player`](crate::player)): information-set MCTS over
//!   the hand in progress, keyed by the seat's observation, on worlds drawn
//!   by the card engine's `DealProblem` (voids honoured, the upcard with
//!   the dealer who took it), for their bids and their cards; rollouts bid,
//!   discard and defend by these heuristics and play legal cards at random;
//!   a finished hand is judged by the side's points minus the other side's.
//!
//! Partners share a payoff and nothing else: a seat decides from its own
//! observation, in which its partner's hand is as unseen as an
//! opponent's; no level treats a human seat differently.

use tabula_cards::{CardId, CardSet, Mistakes};
use tabula_search::Tunable;

use crate::actions::{Action, trick_winner};
use crate::cards::{
    SEATS, effective_cards, effective_suit, left_bower, partner, power, rank_of, right_bower, suit_of, team,
};
use crate::observation::Observation;
use crate::state::Call;

/// Level 1's chance of a mistake on a card.
pub(crate) const MISTAKE_RATE: f64 = 0.3;
/// Level 1 picks its mistakes among this many best-scored cards.
pub(crate) const MISTAKE_CANDIDATES: usize = 3;
/// Level 1's mistakes, as the seat makes them.
pub(crate) const MISTAKES: Mistakes = Mistakes {
    rate: MISTAKE_RATE,
    among: MISTAKE_CANDIDATES,
};
/// Level 1's chance that it misjudges a bid.
pub(crate) const BID_NOISE: f64 = 0.25;
/// Level 1's misjudged bid shifts its strength by this many tricks.
pub(crate) const BID_SHIFT: f64 = 0.6;
/// ISMCTS iterations of levels 3 and 4.
pub(crate) const LEVEL_ITERATIONS: [u64; 2] = [1500, 10_000];
/// Levels 3–4's rollouts play a random card instead of the card scorer's best at this chance.
pub(crate) const ROLLOUT_RANDOM: f64 = 0.25;
/// A seat orders up (first round) with this strength or more.
const ORDER_UP: f64 = 2.2;
/// A seat names trump (second round) with this strength or more.
const NAME_TRUMP: f64 = 2.2;
/// A maker goes alone with this strength or more.
const ALONE: f64 = 3.8;
/// A defender defends alone (under the option) with this strength or more
/// against the maker's trump.
const DEFEND_ALONE: f64 = 3.0;
/// The part of the upcard's worth that the first round credits to the
/// dealer's side (and debits from the others).
const UPCARD_SHARE: f64 = 0.6;
/// The right bower's tricks.
const RIGHT_BOWER: f64 = 1.0;
/// The left bower's tricks.
const LEFT_BOWER: f64 = 0.85;
/// The trump ace's tricks.
const TRUMP_ACE: f64 = 0.75;
/// An off-suit ace's tricks in a suit of one or two cards (less when
/// longer).
const OFF_ACE: f64 = 0.7;
/// Each trump beyond the third counts this many tricks more.
const LONG_TRUMP: f64 = 0.3;
/// A void counts this many tricks (a singleton half as many) with three
/// trumps or more, at most this much for each trump beyond the second.
const RUFF: f64 = 0.3;
/// The hand's reward: a side's points in a hand run from 0 to 4.
pub(crate) const REWARD_RANGE: f64 = 4.0;

/// The computer's tunables (name, default, meaning).
pub const EUCHRE_TUNABLES: &[Tunable] = &[
    Tunable::float(
        "mistake_rate",
        MISTAKE_RATE,
        "level 1: chance of a mistake per card played",
    ),
    Tunable::int(
        "mistake_candidates",
        MISTAKE_CANDIDATES as i64,
        "level 1: its mistakes are among this many best-scored cards",
    ),
    Tunable::float("bid_noise", BID_NOISE, "level 1: chance that it misjudges a bid"),
    Tunable::float(
        "bid_shift",
        BID_SHIFT,
        "level 1: a misjudged bid shifts its strength up or down by this many tricks",
    ),
    Tunable::int(
        "level3_iterations",
        LEVEL_ITERATIONS[0] as i64,
        "level 3: ISMCTS iterations per bid and card played",
    ),
    Tunable::int(
        "level4_iterations",
        LEVEL_ITERATIONS[1] as i64,
        "level 4: ISMCTS iterations per bid and card played",
    ),
    Tunable::float(
        "rollout_random",
        ROLLOUT_RANDOM,
        "levels 3-4: chance that a rollout plays a random card instead of the card scorer's best",
    ),
    Tunable::float(
        "order_up",
        ORDER_UP,
        "first round: order up with this strength (tricks) or more, the upcard counted",
    ),
    Tunable::float(
        "name_trump",
        NAME_TRUMP,
        "second round: name the best suit with this strength or more",
    ),
    Tunable::float("alone", ALONE, "bidding: go alone with this strength or more"),
    Tunable::float(
        "defend_alone",
        DEFEND_ALONE,
        "defending (under the option): alone with this strength or more against the maker's trump",
    ),
    Tunable::float(
        "upcard_share",
        UPCARD_SHARE,
        "first round: the part of the upcard's worth credited to the dealer's side, debited from the other",
    ),
    Tunable::float("right_bower", RIGHT_BOWER, "strength: the right bower's tricks"),
    Tunable::float("left_bower", LEFT_BOWER, "strength: the left bower's tricks"),
    Tunable::float("trump_ace", TRUMP_ACE, "strength: the trump ace's tricks"),
    Tunable::float(
        "off_ace",
        OFF_ACE,
        "strength: an off-suit ace's tricks in a suit of one or two cards",
    ),
    Tunable::float(
        "long_trump",
        LONG_TRUMP,
        "strength: tricks for each trump beyond the third",
    ),
    Tunable::float(
        "ruff",
        RUFF,
        "strength: a void's tricks (a singleton's half) with three trumps or more",
    ),
    Tunable::float(
        "reward_range",
        REWARD_RANGE,
        "levels 3-4: a hand's points difference lies within this either side",
    ),
];

/// The tricks a hand is expected to take with `trump` trump: the right
/// bower [`RIGHT_BOWER`](EUCHRE_TUNABLES), the left bower, the trump ace;
/// the other trumps 0.15 to 0.45 each by how many trumps the hand holds
/// (the king 0.1 more), and each trump beyond the third 0.3 more; an
/// off-suit ace 0.7 in a suit of one or two cards, 0.5 of three, 0.3
/// longer; an off-suit king 0.35 behind its ace, 0.2 guarded, 0.05 bare;
/// with three trumps or more, 0.3 for each void and 0.15 for each
/// singleton that is not an ace, at most 0.3 for each trump beyond the
/// second. At most 5.
pub fn hand_strength(hand: CardSet, trump: u8) -> f64 {
    let trumps = hand & effective_cards(trump, trump);
    let n = trumps.len();
    let low = [0.0, 0.15, 0.25, 0.35, 0.45, 0.45][n.min(5)];
    let mut tricks = 0.0;
    for c in trumps {
        tricks += if c == right_bower(trump) {
            RIGHT_BOWER
        } else if c == left_bower(trump) {
            LEFT_BOWER
        } else {
            match rank_of(c) {
                5 => TRUMP_ACE,
                4 => low + 0.1,
                _ => low,
            }
        };
    }
    tricks += n.saturating_sub(3) as f64 * LONG_TRUMP;
    let mut ruffs = 0.0;
    for suit in (0..4).filter(|&s| s != trump) {
        let cards = hand & effective_cards(suit, trump);
        let len = cards.len();
        let ace = cards.iter().any(|c| rank_of(c) == 5);
        for c in cards {
            tricks += match rank_of(c) {
                5 if len <= 2 => OFF_ACE,
                5 if len == 3 => OFF_ACE - 0.2,
                5 => OFF_ACE - 0.4,
                4 if ace => 0.35,
                4 if len >= 2 => 0.2,
                4 => 0.05,
                _ => 0.0,
            };
        }
        ruffs += match len {
            0 => RUFF,
            1 if !ace => RUFF / 2.0,
            _ => 0.0,
        };
    }
    if n >= 3 {
        tricks += ruffs.min((n - 2) as f64 * RUFF);
    }
    tricks.min(5.0)
}

/// The card the dealer discards from `hand` (six cards, the upcard among
/// them) under `trump`, keeping `upcard`: the lowest off-suit card, first
/// one whose suit it leaves void, an ace only when every other off-suit
/// card is an ace; a trump only when the hand is all trumps (the lowest
/// but the upcard).
///
/// # Panics
/// When the hand holds nothing but the upcard.
pub fn discard_of(hand: CardSet, trump: u8, upcard: CardId) -> CardId {
    let trumps = effective_cards(trump, trump);
    let off = hand - trumps;
    if off.is_empty() {
        return (hand - CardSet::of(upcard))
            .iter()
            .min_by_key(|&c| power(c, trump, trump))
            .expect("a card to discard");
    }
    off.iter()
        .min_by_key(|&c| {
            let len = (hand & effective_cards(effective_suit(c, trump), trump)).len();
            (rank_of(c) == 5, len != 1, rank_of(c), len, c.0)
        })
        .expect("an off-suit card")
}

/// The dealer's discard in observation `o` (see [`discard_of`]).
///
/// # Panics
/// Before trump is made or with no upcard.
pub fn choose_discard(o: &Observation) -> CardId {
    let trump = o.public.call.expect("trump is made before the discard").trump;
    discard_of(o.hand, trump, o.public.upcard.expect("an upcard taken"))
}

/// The first round's strengths of the seat of `o` with the upcard's suit
/// trump: with its partner (the dealer judges its hand with the upcard
/// taken and [`discard_of`] made; the dealer's partner adds
/// [`UPCARD_SHARE`](EUCHRE_TUNABLES) of the upcard's worth, an opponent
/// takes it off), and alone (the same, but the dealer's partner alone adds
/// nothing: the dealer sits out and does not take the upcard).
///
/// # Panics
/// With no upcard.
pub fn round_one_strength(o: &Observation) -> (f64, f64) {
    let p = &o.public;
    let up = p.upcard.expect("an upcard to order up");
    let trump = suit_of(up);
    let me = usize::from(o.seat);
    let dealer = p.dealer();
    let own = hand_strength(o.hand, trump);
    let worth = UPCARD_SHARE * hand_strength(CardSet::of(up), trump);
    if me == dealer {
        let six = o.hand | CardSet::of(up);
        let kept = six - CardSet::of(discard_of(six, trump, up));
        let s = hand_strength(kept, trump);
        (s, s)
    } else if me == partner(dealer) {
        (own + worth, own)
    } else {
        (own - worth, own - worth)
    }
}

/// The best suit to name in the second round: the strongest but
/// `turned_down` (the lowest suit of equal strength), with its strength.
pub fn best_suit(hand: CardSet, turned_down: u8) -> (u8, f64) {
    (0..4)
        .filter(|&s| s != turned_down)
        .map(|s| (s, hand_strength(hand, s)))
        .fold((4, f64::NEG_INFINITY), |best, x| if x.1 > best.1 { x } else { best })
}

/// The bid of the seat of `o` (see [`choose_bid_shifted`]), judged rightly.
pub fn choose_bid(o: &Observation) -> Action {
    choose_bid_shifted(o, 0.0)
}

/// The bid of the seat to bid in `o`, its strength misjudged by `shift`
/// tricks (level 1's mistakes): in the first round, alone from
/// [`ALONE`](EUCHRE_TUNABLES), order up from [`ORDER_UP`](EUCHRE_TUNABLES)
/// (see [`round_one_strength`]), else pass; in the second round the best
/// suit ([`best_suit`]) alone or named from the thresholds, named whatever
/// its strength by a dealer stuck under stick the dealer, else pass.
pub fn choose_bid_shifted(o: &Observation, shift: f64) -> Action {
    let p = &o.public;
    let Some(up) = p.upcard else { return Action::Pass };
    if p.passes < 4 {
        let (order, alone) = round_one_strength(o);
        return if alone + shift >= ALONE {
            Action::OrderUp { alone: true }
        } else if order + shift >= ORDER_UP {
            Action::OrderUp { alone: false }
        } else {
            Action::Pass
        };
    }
    let (suit, strength) = best_suit(o.hand, suit_of(up));
    let stuck = p.options.stick_the_dealer && p.bidder() == p.dealer();
    if strength + shift >= ALONE {
        Action::Name { suit, alone: true }
    } else if stuck || strength + shift >= NAME_TRUMP {
        Action::Name { suit, alone: false }
    } else {
        Action::Pass
    }
}

/// Whether the seat of `o`, asked, defends alone: its strength against the
/// maker's trump reaches [`DEFEND_ALONE`](EUCHRE_TUNABLES).
pub fn choose_defend_alone(o: &Observation) -> bool {
    o.public
        .call
        .is_some_and(|c| hand_strength(o.hand, c.trump) >= DEFEND_ALONE)
}

/// How much a card is worth keeping under `trump`: every trump (20 to 30,
/// by rank) above every other card (0 for a 9 to 5 for an ace).
fn keep_value(card: CardId, trump: u8) -> f64 {
    if effective_suit(card, trump) == trump {
        10.0 + f64::from(power(card, trump, trump))
    } else {
        f64::from(rank_of(card))
    }
}

/// The cards of an effective suit that another seat may still play: not
/// played, not in the seat's hand, not the upcard left on the kitty.
fn still_out(o: &Observation, suit: u8, trump: u8) -> CardSet {
    let p = &o.public;
    let mut gone = p.all_played() | o.hand;
    if let (Some(up), false) = (p.upcard, p.picked_up) {
        gone.insert(up);
    }
    effective_cards(suit, trump) - gone
}

/// Whether `card` is the highest card of its effective suit still to be
/// played (see [`still_out`]).
fn is_boss(o: &Observation, card: CardId, trump: u8) -> bool {
    let suit = effective_suit(card, trump);
    let mine = power(card, trump, suit);
    still_out(o, suit, trump).iter().all(|c| power(c, trump, suit) < mine)
}

/// Whether an opponent who plays the hand may still hold a trump.
fn opponents_may_trump(o: &Observation, trump: u8) -> bool {
    let p = &o.public;
    let me = usize::from(o.seat);
    let open = [(me + 1) % SEATS, (me + 3) % SEATS]
        .iter()
        .any(|&s| !p.sits_out(s) && p.tricks.voids[s] & (1 << trump) == 0);
    open && !still_out(o, trump, trump).is_empty()
}

/// The score of leading `card`: trumps from the top for the makers' side
/// holding two or more while an opponent may still hold one, a sure winner
/// off trump (the shorter its suit the better), else a low card off trump;
/// trumps last for the defenders.
fn lead_score(o: &Observation, card: CardId, call: Call) -> f64 {
    let trump = call.trump;
    let me = usize::from(o.seat);
    let makers = team(me) == team(usize::from(call.maker));
    let trumps = (o.hand & effective_cards(trump, trump)).len();
    let is_trump = effective_suit(card, trump) == trump;
    let p = f64::from(power(card, trump, trump));
    if is_trump {
        return if makers && trumps >= 2 && opponents_may_trump(o, trump) {
            50.0 + p
        } else if is_boss(o, card, trump) {
            35.0 + p
        } else {
            -p
        };
    }
    if is_boss(o, card, trump) {
        let len = (o.hand & effective_cards(effective_suit(card, trump), trump)).len();
        return 40.0 - len as f64;
    }
    20.0 - f64::from(rank_of(card))
}

/// The card scorer of levels 1–2: higher is better for the seat of `o` to
/// play. Following, it plays low under a partner who has the trick (with an
/// ace or a trump, or as the last to play), wins as cheaply as it can,
/// else throws its least valuable card (trumps kept); leading, see the
/// [module documentation](self). The seats sitting out are skipped.
pub fn card_score(o: &Observation, card: CardId) -> f64 {
    let p = &o.public;
    let Some(call) = p.call else { return 0.0 };
    let trump = call.trump;
    let me = usize::from(o.seat);
    let keep = keep_value(card, trump);
    let trick = p.trick_cards();
    let Some(&lead) = trick.first() else {
        return lead_score(o, card, call);
    };
    let led = effective_suit(lead, trump);
    let w = trick_winner(trick, trump);
    let best = power(trick[w], trump, led);
    let mine = power(card, trump, led);
    let last = trick.len() + 1 == p.active_seats();
    if p.trick_seat(w) == partner(me) && (last || best >= 6) {
        // The partner has it: do not overtake, shed low.
        return if mine > best { -20.0 - keep } else { 30.0 - keep };
    }
    if mine > best {
        40.0 - f64::from(mine)
    } else {
        10.0 - keep
    }
}
