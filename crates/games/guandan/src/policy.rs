//! The play policy: a cheap player over rank counts that the computer's
//! levels 1 and 2 play and its searches play out. It reads a seat's hand
//! and the public facts only ([`PlayView`]).
//!
//! A hand is valued by [`cost`]: roughly the plays it still needs,
//! each group of one rank counted by how low it is (a low single is a
//! burden, an ace or a joker wins a trick back), a bomb or a wild card
//! counted as an asset. At the table (a decision from an observation)
//! the cost also sees the hand's chains ([`chain_cost`]: a straight, a
//! tube or a plate is one play); the searches' rollouts keep the plain
//! cost, which is some tens of times cheaper. Then:
//!
//! - **Lead**: the play that leaves the cheapest hand (a straight or a
//!   tube of low cards sheds several burdens at once; a bomb or a wild
//!   card is kept), avoiding the kinds an opponent about to go out could
//!   answer (a single against one card left, a pair against two).
//! - **Answer an opponent**: the answer of the same kind that costs the
//!   hand least, if it costs little ([`FOLLOW_SLACK`]); any answer when
//!   that opponent is about to go out ([`THREAT_CARDS`]); a bomb, the
//!   lowest, when it is that close ([`BOMB_AT`]) or the bomb leaves the
//!   hand nearly done ([`BOMB_LEAVES`]); otherwise a pass.
//! - **On the partner's play**: let it run (pass), unless the seat can
//!   go out at once, or the opponent next to act is about to go out and
//!   the partner's play is low: then take over with the highest answer
//!   that is no bomb, to block.
//! - **Tribute**: of the faces allowed, the one whose suit has the
//!   fewest cards near it (the least loss to straight flushes).
//! - **Give back**: the card whose loss costs the hand least, the lowest
//!   of those.

use tabula_cards::climbing::Counts;

use crate::actions::Action;
use crate::cards::{ACE, Cards, Face, HandView, Level, RANKS, natural, rank, rank_of, suit};
use crate::moves::{Kind, Play, Scratch, plays};
use crate::observation::{Faces, Observation};
use crate::options::ReturnRule;
use crate::rules::{return_cards_of, tribute_cards_of};
use crate::state::{Phase, SEATS, State, side};

/// A group of one rank costs this much (hundredths of a play)…
pub const GROUP_COST: i32 = 100;
/// … less this much times its rank over the highest rank (a high group
/// wins tricks back).
pub const HIGH_DISCOUNT: i32 = 70;
/// A bomb in hand counts this much in the hand's favour.
pub const BOMB_VALUE: i32 = 90;
/// A wild card in hand counts this much in the hand's favour.
pub const WILD_VALUE: i32 = 60;
/// An answer to an opponent is played when it worsens the hand by at
/// most this much.
pub const FOLLOW_SLACK: i32 = 25;
/// An opponent holding this many cards or fewer is about to go out: any
/// answer is played against it, and the partner's low play is taken over
/// when it is next.
pub const THREAT_CARDS: u8 = 4;
/// A bomb is played against an opponent holding this many cards or
/// fewer.
pub const BOMB_AT: u8 = 8;
/// A bomb is played when the hand left after it costs this much or less.
pub const BOMB_LEAVES: i32 = 150;
/// The partner's play is taken over (when the next opponent threatens)
/// when its main rank at the level (a chain's: its place) is below this
/// one (the ace's, but at level A, where it is the king's).
pub const TAKEOVER_BELOW: u8 = 11;

/// What the policy reads: the seat's hand and the public facts.
#[derive(Clone, Copy, Debug)]
pub struct PlayView {
    /// The seat to act.
    pub seat: usize,
    /// Its hand.
    pub hand: Cards,
    /// The hand's level.
    pub level: Level,
    /// The cards in each hand.
    pub counts: [u8; SEATS],
    /// The combination to beat and its seat (`None`: the seat leads).
    pub to_beat: Option<(usize, crate::moves::Combo)>,
    /// Where the hand stands.
    pub phase: Phase,
    /// The face of the tribute the seat received (for the return).
    pub received: Option<Face>,
    /// What may be given back.
    pub return_rule: ReturnRule,
    /// Whether the hand's cost sees its chains ([`chain_cost`]): a
    /// decision at the table (an observation's), not a rollout's, where
    /// the plain [`cost`] keeps the playouts cheap.
    pub chains: bool,
}

impl PlayView {
    /// The view of the seat to act in a state.
    pub fn of_state(s: &State) -> PlayView {
        let seat = s.to_act();
        PlayView {
            seat,
            hand: s.hand(seat),
            level: s.level(),
            counts: std::array::from_fn(|k| s.hand(k).len() as u8),
            to_beat: s.to_beat().filter(|&(by, _)| by != seat),
            phase: s.phase(),
            received: s
                .tributes()
                .find(|t| usize::from(t.receiver) == seat)
                .and_then(|t| t.card)
                .map(crate::cards::face_of),
            return_rule: s.options().return_rule,
            chains: false,
        }
    }

    /// The view of an observation's seat.
    pub fn of_observation(o: &Observation) -> PlayView {
        let seat = usize::from(o.seat);
        PlayView {
            seat,
            hand: o.hand.instances(),
            level: o.level,
            counts: o.counts,
            to_beat: o.last.map(|(by, c)| (usize::from(by), c)).filter(|&(by, _)| by != seat),
            phase: o.phase,
            received: o
                .tributes
                .iter()
                .find(|t| usize::from(t.receiver) == seat)
                .and_then(|t| t.card),
            return_rule: o.options.return_rule,
            chains: true,
        }
    }
}

/// The cost of a hand (hundredths of a play; lower is better): each
/// group of one rank costs [`GROUP_COST`] less [`HIGH_DISCOUNT`] by its
/// height, a triple carries the lowest pair for free (a full house), and
/// each bomb and wild card counts in the hand's favour.
pub fn cost(counts: Counts, wilds: u8) -> i32 {
    let mut total = 0;
    let mut triples = 0;
    let mut pair_costs = [0i32; RANKS as usize];
    let mut pairs = 0;
    for (r, k) in counts.iter() {
        let group = GROUP_COST - HIGH_DISCOUNT * i32::from(r) / i32::from(RANKS - 1);
        match k {
            1 => total += group,
            2 => {
                total += group;
                pair_costs[pairs] = group;
                pairs += 1;
            }
            3 => {
                total += group;
                triples += 1;
            }
            _ => total -= BOMB_VALUE,
        }
    }
    // Pairs are listed low first: each triple carries the lowest left.
    total -= pair_costs[..pairs].iter().take(triples).sum::<i32>();
    total - WILD_VALUE * i32::from(wilds)
}

/// [`cost`] seeing the hand's chains: the cheapest of the plain cost and
/// of the hand less one straight, tube or plate of its natural cards,
/// the chain counted as one play (a group of its highest rank). Five low
/// singles in a row are one play, not five burdens.
pub fn chain_cost(counts: Counts, wilds: u8, level: Level) -> i32 {
    // The ranks at this level of the chain places: the ace low, then the
    // two to the ace.
    let place = |p: usize| rank_of(if p == 0 { ACE } else { p as u8 - 1 }, level);
    let mut best = cost(counts, wilds);
    for (len, each) in [(5usize, 1u8), (3, 2), (2, 3)] {
        for start in 0..=CHAIN_PLACES - len {
            if (start..start + len).any(|p| counts.get(place(p)) < each) {
                continue;
            }
            let rest = (start..start + len).fold(counts, |c, p| c.minus(place(p), each));
            let top = i32::from(place(start + len - 1));
            let chain = GROUP_COST - HIGH_DISCOUNT * top / i32::from(RANKS - 1);
            best = best.min(cost(rest, wilds) + chain);
        }
    }
    best
}

/// The chain places: the ace low, the two to the ace.
const CHAIN_PLACES: usize = 14;

/// The hand `v` less what `p` takes from it, in rank counts and wild
/// cards.
pub fn after(v: &HandView, p: &Play) -> (Counts, u8) {
    let naturals = p.combo.cards.meet(v.counts);
    let wilds = p.combo.size() - naturals.total();
    (v.counts.less(naturals), v.wilds.saturating_sub(wilds as u8))
}

/// The policy's action for the seat of `view` (the seat to act, in a
/// tribute, a return or the play), with `scratch` and `buf` as buffers.
///
/// # Panics
/// When the seat has no action (a chance event, the match over).
pub fn policy_action(view: &PlayView, scratch: &mut Scratch, buf: &mut Vec<Play>) -> Action {
    match view.phase {
        Phase::Tribute => Action::Tribute(tribute_choice(view)),
        Phase::Return => Action::Return(return_choice(view)),
        Phase::Play => play_choice(view, scratch, buf),
        _ => panic!("the policy acts for a seat"),
    }
}

/// The tribute: of the faces allowed, the one whose suit has the fewest
/// cards near its rank.
fn tribute_choice(view: &PlayView) -> Face {
    let faces = Faces::of(view.hand);
    tribute_cards_of(faces, view.level)
        .min_by_key(|&f| neighbours(view.hand, f, view.level))
        .expect("a tribute to give")
}

/// The cards of `face`'s suit within two ranks of it in `hand`.
fn neighbours(hand: Cards, face: Face, level: Level) -> u32 {
    let card = tabula_cards::CardId(u16::from(face) * 2);
    let (Some(s), Some(n)) = (suit(card), natural(card)) else {
        return 0;
    };
    // By place in a straight (the natural order, the ace at both ends),
    // not by rank at the level: the level's cards sit in their natural
    // place in a straight flush.
    let places = |n: u8| -> [i32; 2] { if n == ACE { [0, 13] } else { [i32::from(n) + 1; 2] } };
    hand.iter()
        .filter(|&c| !crate::cards::is_wild(c, level) && suit(c) == Some(s))
        .filter_map(natural)
        .filter(|&m| places(m).iter().any(|a| places(n).iter().any(|b| (a - b).abs() <= 2)))
        .count() as u32
}

/// The card given back: the one whose loss costs the hand least, the
/// lowest of those.
fn return_choice(view: &PlayView) -> Face {
    let faces = Faces::of(view.hand);
    let v = HandView::of(view.hand, view.level);
    return_cards_of(faces, view.level, view.return_rule, view.received)
        .min_by_key(|&f| {
            let card = tabula_cards::CardId(u16::from(f) * 2);
            let r = rank(card, view.level);
            // A wild heart is counted apart from the natural cards.
            let left = if crate::cards::is_wild(card, view.level) {
                cost(v.counts, v.wilds.saturating_sub(1))
            } else {
                cost(v.counts.minus(r, 1), v.wilds)
            };
            (left, r)
        })
        .expect("a card to give back")
}

/// The play (or pass) of the seat to act.
fn play_choice(view: &PlayView, scratch: &mut Scratch, buf: &mut Vec<Play>) -> Action {
    let v = HandView::of(view.hand, view.level);
    let to_beat = view.to_beat.map(|(_, c)| c);
    plays(&v, view.level, to_beat.as_ref(), scratch, buf);
    // Going out is never thrown away.
    if let Some(p) = buf.iter().find(|p| p.size() == v.len()) {
        return Action::Play(*p);
    }
    let me = view.seat;
    let hand_cost = |c: Counts, w: u8| {
        if view.chains {
            chain_cost(c, w, view.level)
        } else {
            cost(c, w)
        }
    };
    let before = hand_cost(v.counts, v.wilds);
    let value = |p: &Play| {
        let (c, w) = after(&v, p);
        hand_cost(c, w)
    };
    let Some((by, target)) = view.to_beat else {
        return Action::Play(lead(view, buf, value));
    };
    let enemy = |k: usize| side(k) != side(me);
    if !enemy(by) {
        // The partner's play: let it run, unless the next opponent is
        // about to go out and the play is low.
        let next = next_in_play(view, me);
        let blocks = next.is_some_and(|n| enemy(n) && view.counts[n] <= THREAT_CARDS)
            && !target.kind.is_bomb()
            && target.rank < TAKEOVER_BELOW;
        if blocks
            && let Some(p) = buf
                .iter()
                .filter(|p| !p.combo.kind.is_bomb())
                .max_by_key(|p| p.combo.rank)
        {
            return Action::Play(*p);
        }
        return Action::Pass;
    }
    let pressed = view.counts[by] <= THREAT_CARDS;
    let answer = buf
        .iter()
        .filter(|p| !p.combo.kind.is_bomb())
        .min_by_key(|p| (value(p), p.combo.rank));
    if let Some(p) = answer
        && (pressed || value(p) - before <= FOLLOW_SLACK)
    {
        return Action::Play(*p);
    }
    let bomb = buf
        .iter()
        .filter(|p| p.combo.kind.is_bomb())
        .min_by_key(|p| (p.combo.kind, p.combo.rank));
    if let Some(b) = bomb
        && (view.counts[by] <= BOMB_AT || value(b) <= BOMB_LEAVES)
    {
        return Action::Play(*b);
    }
    Action::Pass
}

/// The next seat in play after `seat`.
fn next_in_play(view: &PlayView, seat: usize) -> Option<usize> {
    (1..SEATS).map(|d| (seat + d) % SEATS).find(|&k| view.counts[k] > 0)
}

/// The lead: the play leaving the cheapest hand, lower first, avoiding
/// the kinds an opponent about to go out could answer when there is
/// another.
fn lead(view: &PlayView, buf: &[Play], value: impl Fn(&Play) -> i32) -> Play {
    let me = view.seat;
    // An opponent holding exactly one card could answer a single and go
    // out; exactly two, a pair.
    let holds = |n: u8| (0..SEATS).any(|k| side(k) != side(me) && view.counts[k] == n);
    let risky = |p: &Play| match p.combo.kind {
        Kind::Single => holds(1),
        Kind::Pair => holds(2),
        _ => false,
    };
    buf.iter()
        .filter(|p| !p.combo.kind.is_bomb() || buf.iter().all(|q| q.combo.kind.is_bomb()))
        .min_by_key(|p| (risky(p), value(p), p.combo.rank, std::cmp::Reverse(p.size())))
        .or_else(|| buf.first())
        .copied()
        .expect("a play to lead")
}
