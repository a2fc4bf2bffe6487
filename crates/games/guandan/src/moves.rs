//! Guandan's combinations as the climbing plugin's data, one ruleset per
//! level, and a hand's plays: the combinations of its natural cards and
//! wild cards ([`tabula_cards::climbing::wild`]) with the straight
//! flushes of its suits ([`tabula_cards::climbing::flush`]), in one
//! sorted list; and which cards a play takes from a hand ([`take`]).
//!
//! A play names its combination (kind, main rank or place, length, the
//! cards it shows by rank) and, for a straight flush, its suit: plays
//! that differ only by the suits of their natural cards are one play.
//! A play takes the fewest wild cards it needs (the plugin's rule): a
//! seat cannot spend a wild card where it holds the natural card, which
//! can cost it, for one, a triple that would keep a straight flush's
//! card in hand. Two wild cards alone are a pair of the level rank, one
//! alone its single (never another rank's). Which natural cards leave
//! the hand is the table's choice ([`take`]):
//! of each rank, the copies the hand holds twice first, then the suit
//! with the fewest cards near that rank (the least chance of a straight
//! flush), then the suits in order; the wild cards stand in last. So the
//! choice keeps what a seat could still make of its suits, and tells the
//! table nothing it would not see.

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;
use tabula_cards::climbing::{
    self, Combo as PluginCombo, Counts, Rules, Shape, all_plays_wild, flush_plays, plays_beating_wild,
};

use crate::cards::{
    ACE, BIG_JOKER, Cards, HEARTS, HandView, LEVEL_RANK, Level, NATURALS, RANKS, SMALL_JOKER, SUITS, face_card,
    is_wild, natural_of, rank_of,
};

/// Guandan's kinds of combination, in the order of its legal actions and
/// of its shapes: the plain kinds, then the bombs in the bomb order (four
/// and five of a kind, the straight flush, six to ten of a kind, the four
/// jokers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// One card.
    Single,
    /// Two of a rank.
    Pair,
    /// Three of a rank.
    Triple,
    /// Three of a rank with a pair of another.
    FullHouse,
    /// Five consecutive ranks, one card each (the ace low or high).
    Straight,
    /// Three consecutive pairs.
    Tube,
    /// Two consecutive triples.
    Plate,
    /// Four of a rank.
    Bomb4,
    /// Five of a rank.
    Bomb5,
    /// A straight of one suit.
    StraightFlush,
    /// Six of a rank.
    Bomb6,
    /// Seven of a rank.
    Bomb7,
    /// Eight of a rank.
    Bomb8,
    /// Nine of a rank.
    Bomb9,
    /// Ten of a rank.
    Bomb10,
    /// The four jokers.
    FourJokers,
}

/// A combination.
pub type Combo = PluginCombo<Kind>;

/// Every rank a pair of a full house may be: any, the jokers too.
const ANY: u16 = (1 << RANKS) - 1;
/// The places of the chain order: the ace, then the two to the ace.
const PLACES: u8 = 14;
/// What a wild card may stand for: anything but a joker.
const WILD: u16 = (1 << SMALL_JOKER) - 1;
/// The four jokers.
pub const FOUR_JOKERS: Counts = Counts(2 << (4 * SMALL_JOKER as u32) | 2 << (4 * BIG_JOKER as u32));

/// The shapes of every kind, in [`Kind`] order.
const SHAPES: [Shape<Kind>; 16] = [
    Shape::group(Kind::Single, 1, 0, BIG_JOKER),
    Shape::group(Kind::Pair, 2, 0, BIG_JOKER),
    Shape::group(Kind::Triple, 3, 0, LEVEL_RANK),
    Shape::group(Kind::FullHouse, 3, 0, LEVEL_RANK).with_kickers(1, 2, ANY),
    Shape::chain(Kind::Straight, 1, 0, PLACES - 1, 5, 5),
    Shape::chain(Kind::Tube, 2, 0, PLACES - 1, 3, 3),
    Shape::chain(Kind::Plate, 3, 0, PLACES - 1, 2, 2),
    Shape::group(Kind::Bomb4, 4, 0, LEVEL_RANK).bomb(1),
    Shape::group(Kind::Bomb5, 5, 0, LEVEL_RANK).bomb(2),
    Shape::flush(Kind::StraightFlush, 0, PLACES - 1, 5, 5).bomb(3),
    Shape::group(Kind::Bomb6, 6, 0, LEVEL_RANK).bomb(4),
    Shape::group(Kind::Bomb7, 7, 0, LEVEL_RANK).bomb(5),
    Shape::group(Kind::Bomb8, 8, 0, LEVEL_RANK).bomb(6),
    Shape::group(Kind::Bomb9, 9, 0, LEVEL_RANK).bomb(7),
    Shape::group(Kind::Bomb10, 10, 0, LEVEL_RANK).bomb(8),
    Shape::fixed(Kind::FourJokers, SMALL_JOKER, FOUR_JOKERS).bomb(9),
];

// The bomb order, as the shapes say: four of a kind 1, five 2, the
// straight flush 3, six to ten 4 to 8, the four jokers 9.
tabula_cards::combo_kinds!(Kind, SHAPES);

/// The chain order at a level: the ace (low), then the two to the ace,
/// each at its rank at the level.
const fn chain_order(level: Level) -> [u8; PLACES as usize] {
    let mut o = [0; PLACES as usize];
    o[0] = rank_of(NATURALS - 1, level);
    let mut n = 0;
    while n < NATURALS {
        o[n as usize + 1] = rank_of(n, level);
        n += 1;
    }
    o
}

static ORDERS: [[u8; PLACES as usize]; NATURALS as usize] = {
    let mut out = [[0; PLACES as usize]; NATURALS as usize];
    let mut l = 0;
    while l < NATURALS {
        out[l as usize] = chain_order(l);
        l += 1;
    }
    out
};

static RULES: [Rules<Kind>; NATURALS as usize] = {
    let base = Rules::new(RANKS, &SHAPES, 0);
    let mut out = [base; NATURALS as usize];
    let mut l = 0;
    while l < NATURALS as usize {
        out[l] = base.with_order(&ORDERS[l]).with_wild(WILD);
        l += 1;
    }
    out
};

/// Guandan's combinations at level `level`.
///
/// # Panics
/// When `level` is no level (above the ace).
#[inline]
pub fn rules(level: Level) -> &'static Rules<Kind> {
    &RULES[usize::from(level)]
}

/// The suit a play's cards are of, for a straight flush; [`Play::ANY`]
/// for every other play.
pub type FlushSuit = u8;

/// A play: a combination and, for a straight flush, its suit; with the
/// level whose ranks its combination counts in (so that a play says
/// which cards it shows on its own: the rank of a number depends on the
/// level).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Play {
    /// The combination.
    pub combo: Combo,
    /// The straight flush's suit; [`Play::ANY`] otherwise.
    pub suit: FlushSuit,
    /// The hand's level.
    pub level: Level,
}

impl Play {
    /// The suit of a play that is no straight flush.
    pub const ANY: FlushSuit = SUITS as u8;

    /// A play of a combination that is no straight flush, at `level`.
    pub fn plain(combo: Combo, level: Level) -> Play {
        Play {
            combo,
            suit: Play::ANY,
            level,
        }
    }

    /// The cards it shows.
    pub fn size(&self) -> u32 {
        self.combo.size()
    }
}

/// Buffers reused across calls, so that listing plays allocates nothing
/// once they have grown.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    combos: Vec<Combo>,
    flushes: Vec<(Combo, u8)>,
    /// The plays of a position, for the rules' legal actions.
    pub(crate) plays: Vec<Play>,
}

/// Clears `out` and pushes every play of `hand` at level `level` that may
/// be led (`to_beat` `None`) or beats `to_beat`, sorted with no duplicate.
/// A wild card alone is the level's card it is (a single of the level
/// rank), never a single of another rank.
pub fn plays(hand: &HandView, level: Level, to_beat: Option<&Combo>, scratch: &mut Scratch, out: &mut Vec<Play>) {
    let r = rules(level);
    match to_beat {
        None => all_plays_wild(hand.counts, hand.wilds, r, &mut scratch.combos),
        Some(t) => plays_beating_wild(hand.counts, hand.wilds, t, r, &mut scratch.combos),
    }
    flush_plays(&hand.suits, hand.wilds, r, to_beat, &mut scratch.flushes);
    out.clear();
    // Both lists are sorted, and only the second holds straight flushes:
    // merged in order.
    let mut flushes = scratch.flushes.iter().peekable();
    for c in scratch.combos.iter().filter(|c| !only_wild_group(c, hand.counts)) {
        while let Some(&&(f, s)) = flushes.peek() {
            if f > *c {
                break;
            }
            out.push(Play {
                combo: f,
                suit: s,
                level,
            });
            flushes.next();
        }
        out.push(Play::plain(*c, level));
    }
    out.extend(flushes.map(|&(combo, suit)| Play { combo, suit, level }));
}

/// Whether `combo` holds a group of one rank made of wild cards alone
/// (none of the `naturals` of its rank) standing for a rank other than
/// the level's: wild cards together are level cards, so a single, a pair
/// or a full house's pair of another rank made of them alone is no play.
/// (In a chain a wild card stands for its place: a tube's pair of two
/// wild cards is lawful.)
fn only_wild_group(combo: &Combo, naturals: Counts) -> bool {
    let wild_only = |r: u8| r != LEVEL_RANK && naturals.get(r) == 0;
    match combo.kind {
        Kind::Single | Kind::Pair => wild_only(combo.rank),
        Kind::FullHouse => combo.cards.iter().any(|(r, k)| k == 2 && wild_only(r)),
        _ => false,
    }
}

/// The cards `play` takes from `hand` at level `level`, chosen as the
/// [module documentation](self) says; `None` when the hand cannot make it.
pub fn take(hand: Cards, level: Level, play: &Play) -> Option<Cards> {
    if play.level != level {
        return None;
    }
    let mut out = Cards::EMPTY;
    let wilds_used = if play.combo.kind == Kind::StraightFlush {
        let s = play.suit;
        if usize::from(s) >= SUITS {
            return None;
        }
        let mut missing = 0;
        for (r, _) in play.combo.cards.iter() {
            let face = face_card(natural_of(r, level), s);
            match [face, CardId(face.0 + 1)]
                .into_iter()
                .find(|&c| hand.contains(c) && !is_wild(c, level))
            {
                Some(c) => out.insert(c),
                None => missing += 1,
            }
        }
        missing
    } else {
        if play.suit != Play::ANY {
            return None;
        }
        let v = HandView::of(hand, level);
        let from_hand = play.combo.cards.meet(v.counts);
        for (r, k) in from_hand.iter() {
            pick(hand, level, r, k, &v, &mut out);
        }
        play.combo.size() - from_hand.total()
    };
    // The wild cards stand in last, the lower instance first.
    let heart = face_card(level, HEARTS);
    let mut left = wilds_used;
    for c in [heart, CardId(heart.0 + 1)] {
        if left > 0 && hand.contains(c) {
            out.insert(c);
            left -= 1;
        }
    }
    (left == 0).then_some(out)
}

/// Inserts into `out` `k` natural cards of rank `r` from `hand`: first a
/// copy of each face held twice (a spare), then any copy left; each time
/// the suit with the fewest natural cards within four ranks of this one
/// (the least chance of a straight flush) first, then the lower suit.
fn pick(hand: Cards, level: Level, r: u8, k: u8, v: &HandView, out: &mut Cards) {
    // The faces of the rank held, each as (cards near, suit, its lower
    // instance, copies held).
    let mut faces = [(0u32, 0u8, CardId(0), 0usize); SUITS];
    let mut n = 0;
    if r >= SMALL_JOKER {
        let base = CardId(if r == SMALL_JOKER { 104 } else { 106 });
        let held = [base, CardId(base.0 + 1)]
            .into_iter()
            .filter(|&c| hand.contains(c))
            .count();
        faces[0] = (0, 0, base, held);
        n = 1;
    } else {
        let natural = natural_of(r, level);
        // The natural ranks within four of this one (the ace low too), as
        // ranks at the level.
        let mut near = 0u16;
        for d in -4i16..=4 {
            // The ace is next to the king and to the two.
            let x = match i16::from(natural) + d {
                -1 => i16::from(ACE),
                x if x > i16::from(ACE) => x - i16::from(NATURALS),
                x => x,
            };
            if d != 0 && (0..i16::from(NATURALS)).contains(&x) {
                near |= 1 << rank_of(x as u8, level);
            }
        }
        for s in 0..SUITS as u8 {
            let base = face_card(natural, s);
            let held = [base, CardId(base.0 + 1)]
                .into_iter()
                .filter(|&c| hand.contains(c) && !is_wild(c, level))
                .count();
            if held > 0 {
                faces[n] = ((v.suits[usize::from(s)] & near).count_ones(), s, base, held);
                n += 1;
            }
        }
    }
    let faces = &mut faces[..n];
    faces.sort_unstable();
    let mut left = k;
    // The spares, then whatever is left.
    for spares in [true, false] {
        for &(_, _, base, held) in faces.iter() {
            if spares && held < 2 {
                continue;
            }
            let copy = [base, CardId(base.0 + 1)]
                .into_iter()
                .find(|&c| hand.contains(c) && !out.contains(c) && !is_wild(c, level));
            if let Some(c) = copy.filter(|_| left > 0) {
                out.insert(c);
                left -= 1;
            }
        }
    }
    debug_assert_eq!(left, 0, "the hand holds the cards");
}

/// Every reading of the cards `cards` (their wild cards standing in) as a
/// play at level `level`: the plays a person's selection of cards can
/// be, sorted.
pub fn readings(cards: Cards, level: Level, out: &mut Vec<Play>) {
    let v = HandView::of(cards, level);
    let mut combos = Vec::new();
    climbing::classify_wild(v.counts, v.wilds, rules(level), &mut combos);
    out.clear();
    out.extend(
        combos
            .into_iter()
            .filter(|c| !only_wild_group(c, v.counts))
            .map(|c| Play::plain(c, level)),
    );
    // A straight flush: every natural card of one suit.
    let mut flushes = Vec::new();
    flush_plays(&v.suits, v.wilds, rules(level), None, &mut flushes);
    let n = v.len();
    for (c, s) in flushes {
        let suit_cards = v.suits[usize::from(s)].count_ones();
        if c.size() == n && suit_cards == v.counts.total() && Counts(c.cards.0).contains(v.counts) {
            out.push(Play {
                combo: c,
                suit: s,
                level,
            });
        }
    }
    out.sort();
}

impl Kind {
    /// The kind in words: `pair`, `straight flush`, `bomb of 6`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Triple => "triple",
            Kind::FullHouse => "full house",
            Kind::Straight => "straight",
            Kind::Tube => "tube",
            Kind::Plate => "plate",
            Kind::Bomb4 => "bomb of 4",
            Kind::Bomb5 => "bomb of 5",
            Kind::StraightFlush => "straight flush",
            Kind::Bomb6 => "bomb of 6",
            Kind::Bomb7 => "bomb of 7",
            Kind::Bomb8 => "bomb of 8",
            Kind::Bomb9 => "bomb of 9",
            Kind::Bomb10 => "bomb of 10",
            Kind::FourJokers => "four jokers",
        }
    }

    /// Whether it is a bomb (it beats every combination of another kind
    /// below it in the bomb order).
    pub fn is_bomb(self) -> bool {
        self >= Kind::Bomb4
    }
}
