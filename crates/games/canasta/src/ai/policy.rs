//! The policy of levels 1–2 and of the searches' rollouts: one action at a
//! time for the player to act, from what it sees — its turn
//! ([`Situation`]) and the other side's melds.

use tabula_cards::CardId;

use crate::actions::{Action, MeldMove};
use crate::cards::{Cards, Kind, NATURAL_RANKS, RANKS, kind, rank_value, value};
use crate::legal::{Situation, TakeWith};
use crate::melding::{CANASTA, Counts, MAX_WILD, go_out_value, table_counts};
use crate::state::{Permission, Phase};

/// Take a pile that needs a wild card from the hand only when it holds this many cards.
pub const WILD_TAKE_AT: usize = 4;
/// Say yes to a partner going out while the hand left is worth this much or less.
pub const YES_AT: u32 = 100;
/// A discard's danger when the other side can take the pile with it onto
/// a meld, plus [`PILE_DANGER`] a card in the pile.
pub const ONTO_DANGER: f64 = 300.0;
/// A discard's danger per card in the pile when the other side might take it.
pub const PILE_DANGER: f64 = 3.0;
/// What a pair in the hand is worth keeping (to take the pile with).
pub const PAIR_KEEP: f64 = 40.0;
/// The opening plan's cost of a wild card, in cards.
pub const WILD_COST: u32 = 10;
/// Reading: the chance that a player holding one natural card of a rank
/// also holds a wild card to take the pile with.
pub const WILD_HELD: f64 = 0.7;
/// Reading: what the chance of a take with a rank becomes when the next
/// player discarded that rank onto the pile (and holds none known): a
/// player rarely throws away one of a pair.
pub const NEXT_DISCARDED: f64 = 0.3;
/// Reading: freeze the pile (discard a two) from this many cards in it,
/// when every other discard is more dangerous than [`FREEZE_DANGER`].
pub const FREEZE_AT: usize = 6;
/// Reading: the danger of freezing the pile with a two (plus its value).
pub const FREEZE_DANGER: f64 = 200.0;

/// What the policy reads beside the turn: the other side's melds, and
/// whether it has opened.
#[derive(Clone, Copy, Debug)]
pub struct Context<'a> {
    /// The player's turn.
    pub sit: Situation<'a>,
    /// The other side's melds.
    pub theirs: &'a [Cards; RANKS],
    /// Whether the other side has made its initial meld.
    pub their_opened: bool,
    /// What level 4's policy also reads, if it does.
    pub reading: Option<Reading>,
}

/// What a reading policy knows of the next player, the one who may take
/// its discard: each discard's danger is the chance that player can take
/// the pile with it (from the cards the reader cannot see and those the
/// next player is known to hold), and a big pile that every discard would
/// likely give away is frozen with a two. Counts by rank, made once a
/// decision ([`Reading::new`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// The next player's cards not known to the reader.
    drawn: usize,
    /// The natural cards of each rank the next player took with the pile
    /// and still holds.
    known: [u8; RANKS],
    /// The natural cards of each rank the reader cannot see.
    unseen: [u8; RANKS],
    /// The cards the reader cannot see.
    total: usize,
    /// The natural ranks the next player discarded onto the pile (a bit
    /// per rank; see [`discarded_by_next`]).
    next_discarded: u16,
}

impl Reading {
    /// The reading of a player who sees `next_count` cards in the next
    /// player's hand, `next_known` among them (taken with the pile), and
    /// cannot see `unseen` (the other hands less their known cards, and
    /// the stock); the next player discarded the ranks `next_discarded`.
    pub fn new(next_count: usize, next_known: Cards, unseen: Cards, next_discarded: u16) -> Reading {
        Reading {
            drawn: next_count.saturating_sub(next_known.len()),
            known: by_rank(next_known),
            unseen: by_rank(unseen),
            total: unseen.len(),
            next_discarded,
        }
    }

    /// The chance that the next player holds the natural cards to take the
    /// pile with a discard of rank `r`: a natural pair (`pair`), or else
    /// one natural card and a wild card ([`WILD_HELD`]); less for a rank it
    /// discarded ([`NEXT_DISCARDED`]).
    pub fn can_take(&self, r: u8, pair: bool) -> f64 {
        let known = usize::from(self.known[usize::from(r)]);
        let good = usize::from(self.unseen[usize::from(r)]);
        // The chances of at least 0, 1 and 2 among the unknown cards.
        let chances = at_least_each(good, self.total, self.drawn);
        let two = chances[2usize.saturating_sub(known)];
        let one = chances[1usize.saturating_sub(known)];
        let p = if pair { two } else { two + (one - two) * WILD_HELD };
        if self.next_discarded >> r & 1 == 1 && known == 0 {
            p * NEXT_DISCARDED
        } else {
            p
        }
    }
}

/// Each natural rank's eight instances (index 2, the threes, empty).
static RANK_SETS: std::sync::LazyLock<[Cards; RANKS]> = std::sync::LazyLock::new(|| {
    let mut sets = [Cards::EMPTY; RANKS];
    for card in crate::cards::DECK {
        if let Kind::Natural(r) = kind(card) {
            sets[usize::from(r)].insert(card);
        }
    }
    sets
});

/// The natural cards of each rank in `cards` (by the rank sets'
/// intersections: the reader counts at every discard of every rollout).
fn by_rank(cards: Cards) -> [u8; RANKS] {
    let sets = &*RANK_SETS;
    std::array::from_fn(|r| (cards & sets[r]).len() as u8)
}

/// The natural ranks the next player discarded onto `pile`, seen by the
/// player to act: the pile's top card is the previous player's discard,
/// so the next player's are the third from the top, the seventh, and so
/// on (the turned card at the bottom of a pile never taken is counted as
/// anyone's).
pub fn discarded_by_next(pile: &[CardId]) -> u16 {
    pile.iter()
        .rev()
        .skip(2)
        .step_by(4)
        .filter_map(|&c| match kind(c) {
            Kind::Natural(r) => Some(1 << r),
            _ => None,
        })
        .fold(0, |a, b| a | b)
}

/// The chance that `k` cards drawn at random from `total` hold at least
/// `m` (0 to 2) of the `good` ones (hypergeometric).
pub fn at_least(good: usize, total: usize, k: usize, m: usize) -> f64 {
    at_least_each(good, total, k)[m]
}

/// The chances of [`at_least`] 0, 1 and 2, from one pass.
fn at_least_each(good: usize, total: usize, k: usize) -> [f64; 3] {
    let k = k.min(total);
    let (g, n) = (good as f64, total as f64);
    // P(none) = prod (n-g-i)/(n-i); P(one) = k g/n prod_{i<k-1} (n-g-i)/(n-1-i).
    let none: f64 = (0..k).map(|i| ((n - g - i as f64) / (n - i as f64)).max(0.0)).product();
    let one = if k == 0 || good == 0 {
        0.0
    } else {
        k as f64 * g / n
            * (0..k - 1)
                .map(|i| ((n - g - i as f64) / (n - 1.0 - i as f64)).max(0.0))
                .product::<f64>()
    };
    [1.0, 1.0 - none, (1.0 - none - one).max(0.0)]
}

/// The policy's action (legal in the turn: where its choice is not, the
/// first legal action).
pub fn action(c: &Context) -> Action {
    let a = choice(c);
    let sit = &c.sit;
    let legal = match a {
        Action::Meld(m) => sit.meld_legal(m),
        Action::Discard(card) => sit.discard_legal(card),
        Action::End => sit.phase == Phase::Draw && sit.stock == 0 && !sit.must_take(),
        _ => true,
    };
    if legal {
        return a;
    }
    let mut all = Vec::new();
    sit.actions(&mut all);
    all.first().copied().expect("a legal action")
}

/// The policy's choice.
fn choice(c: &Context) -> Action {
    let sit = &c.sit;
    match sit.phase {
        Phase::Draw => match sit.take_with() {
            Some(with) if sit.stock == 0 || with != TakeWith::Wild || sit.pile.len() >= WILD_TAKE_AT => Action::Take,
            _ if sit.stock > 0 => Action::Draw,
            _ => Action::End,
        },
        Phase::Answer => {
            if value_of(sit.hand) <= YES_AT {
                Action::Yes
            } else {
                Action::No
            }
        }
        _ => {
            if let Some(a) = going_out(sit) {
                return a;
            }
            if let Some(m) = meld(sit) {
                return Action::Meld(m);
            }
            safest(c).map_or(Action::End, Action::Discard)
        }
    }
}

/// The worth of cards.
fn value_of(cards: Cards) -> u32 {
    cards.iter().map(value).sum()
}

/// The next step of going out, when the hand can and may: asking first
/// under the option, then melds that keep going out possible, then the
/// last card.
pub fn going_out(sit: &Situation) -> Option<Action> {
    if sit.asked == Permission::No || !sit.can_go_out() {
        return None;
    }
    if sit.options.permission && sit.asked == Permission::None {
        return sit.ask_legal().then_some(Action::Ask);
    }
    let h = Counts::of(sit.hand);
    let table = table_counts(sit.table);
    for m in candidates(&h, sit, true) {
        if !sit.meld_legal(m) {
            continue;
        }
        let mut after = h;
        after.nat[usize::from(m.rank)] -= m.naturals;
        after.twos -= m.twos;
        after.jokers -= m.jokers;
        let mut t = table;
        t[usize::from(m.rank)].naturals += m.naturals;
        t[usize::from(m.rank)].wilds += m.twos + m.jokers;
        if after.is_empty() || go_out_value(&after, &t).is_some() {
            return Some(Action::Meld(m));
        }
    }
    if sit.hand.len() == 1 {
        let card = sit.hand.lowest()?;
        return sit.discard_legal(card).then_some(Action::Discard(card));
    }
    None
}

/// Meld moves worth trying, all the naturals of a rank at once: with
/// `wild`, also with one to three wild cards (twos first).
fn candidates(h: &Counts, sit: &Situation, wild: bool) -> Vec<MeldMove> {
    let mut out = Vec::new();
    for r in NATURAL_RANKS.into_iter().chain([crate::cards::THREE]) {
        let n = h.nat[usize::from(r)];
        let on_table = !sit.table[usize::from(r)].is_empty();
        if n == 0 && !on_table {
            continue;
        }
        let ways: &[(u8, u8)] = if wild {
            &[(0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (3, 0), (0, 2), (2, 1)]
        } else {
            &[(0, 0)]
        };
        for &(a, b) in ways {
            if a <= h.twos && b <= h.jokers && n + a + b > 0 {
                out.push(MeldMove {
                    rank: r,
                    naturals: n,
                    twos: a,
                    jokers: b,
                });
            }
        }
    }
    out
}

/// The next meld of a turn that is not going out: the cheapest way to the
/// initial meld's minimum (fewest wild cards, then fewest cards) while the
/// side has not opened; once open, natural cards onto the side's melds,
/// new melds of three natural cards or more (pairs kept to take the pile
/// with), and wild cards that complete a canasta.
pub fn meld(sit: &Situation) -> Option<MeldMove> {
    let h = Counts::of(sit.hand);
    if !sit.opened {
        return opening(&h, sit).filter(|&m| sit.meld_legal(m));
    }
    let table = table_counts(sit.table);
    for r in NATURAL_RANKS {
        let n = h.nat[usize::from(r)];
        let m = MeldMove {
            rank: r,
            naturals: n,
            twos: 0,
            jokers: 0,
        };
        if n > 0 && (table[usize::from(r)].exists() || n >= 3) && sit.meld_legal(m) {
            return Some(m);
        }
    }
    for r in NATURAL_RANKS {
        let t = table[usize::from(r)];
        let need = CANASTA.saturating_sub(t.len());
        if t.exists() && !t.is_canasta() && need <= MAX_WILD - t.wilds.min(MAX_WILD) && need <= h.twos + h.jokers {
            let twos = need.min(h.twos);
            let m = MeldMove {
                rank: r,
                naturals: 0,
                twos,
                jokers: need - twos,
            };
            if sit.meld_legal(m) {
                return Some(m);
            }
        }
    }
    None
}

/// The first meld of the cheapest plan that brings the turn's melds to the
/// side's minimum: a search over the ranks the hand holds two of (or the
/// side has on the table), all their natural cards with up to three wild
/// cards each, the fewest wild cards (each [`WILD_COST`] cards) and then
/// cards; `None` when no plan reaches it.
pub fn opening(h: &Counts, sit: &Situation) -> Option<MeldMove> {
    let need = sit.minimum.saturating_sub(sit.turn_value);
    let table = table_counts(sit.table);
    let ranks: Vec<u8> = NATURAL_RANKS
        .into_iter()
        .filter(|&r| h.nat[usize::from(r)] >= 2 || (table[usize::from(r)].exists() && h.nat[usize::from(r)] > 0))
        .collect();
    let mut best: Option<(u32, MeldMove)> = None;
    let mut plan = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn go(
        i: usize,
        ranks: &[u8],
        h: &Counts,
        table: &[crate::melding::MeldCount; RANKS],
        need: i64,
        cost: u32,
        twos: u8,
        jokers: u8,
        plan: &mut Vec<MeldMove>,
        best: &mut Option<(u32, MeldMove)>,
    ) {
        if best.is_some_and(|(c, _)| cost >= c) {
            return;
        }
        if need <= 0 {
            if let Some(&first) = plan.first() {
                *best = Some((cost, first));
            }
            return;
        }
        if i == ranks.len() {
            return;
        }
        let r = ranks[i];
        let n = h.nat[usize::from(r)];
        let t = table[usize::from(r)];
        let room = MAX_WILD - t.wilds.min(MAX_WILD);
        for a in 0..=room.min(twos) {
            for b in 0..=(room - a).min(jokers) {
                if !t.exists() && n + a + b < 3 {
                    continue;
                }
                let worth = i64::from(u32::from(n) * rank_value(r) + u32::from(a) * 20 + u32::from(b) * 50);
                plan.push(MeldMove {
                    rank: r,
                    naturals: n,
                    twos: a,
                    jokers: b,
                });
                let c = cost + u32::from(n) + (u32::from(a) + u32::from(b)) * WILD_COST;
                go(
                    i + 1,
                    ranks,
                    h,
                    table,
                    need - worth,
                    c,
                    twos - a,
                    jokers - b,
                    plan,
                    best,
                );
                plan.pop();
            }
        }
        go(i + 1, ranks, h, table, need, cost, twos, jokers, plan, best);
    }
    go(
        0,
        &ranks,
        h,
        &table,
        i64::from(need),
        0,
        h.twos,
        h.jokers,
        &mut plan,
        &mut best,
    );
    best.map(|(_, m)| m)
}

/// The legal discards, each with its danger: a wild card never but last
/// (a reader freezes a big pile with a two); a black three first;
/// otherwise a card the other side cannot take onto a meld (a reader:
/// the chance the next player can take the pile with it), not of a pair,
/// not of the side's melds.
fn scored<'a>(c: &'a Context) -> impl Iterator<Item = (CardId, f64)> + 'a {
    let sit = &c.sit;
    let h = Counts::of(sit.hand);
    let frozen = sit.frozen();
    crate::cards::distinct(sit.hand)
        .filter(move |&card| sit.discard_legal(card))
        .map(move |card| {
            let danger = match kind(card) {
                Kind::Two if c.reading.is_some() && c.their_opened && !frozen && sit.pile.len() >= FREEZE_AT => {
                    FREEZE_DANGER + f64::from(value(card))
                }
                Kind::Two | Kind::Joker => 1000.0 + f64::from(value(card)),
                Kind::BlackThree => -50.0,
                Kind::RedThree => 0.0,
                Kind::Natural(r) => {
                    let n = h.nat[usize::from(r)];
                    let onto = c.their_opened && !frozen && !c.theirs[usize::from(r)].is_empty();
                    let mut d = match &c.reading {
                        Some(reading) => {
                            let p = if onto {
                                1.0
                            } else {
                                reading.can_take(r, !c.their_opened || frozen)
                            };
                            p * (ONTO_DANGER + PILE_DANGER * sit.pile.len() as f64)
                        }
                        None if onto => ONTO_DANGER + PILE_DANGER * sit.pile.len() as f64,
                        None if !frozen => PILE_DANGER * sit.pile.len() as f64 / 2.0,
                        None => 0.0,
                    };
                    if n >= 2 {
                        d += PAIR_KEEP * f64::from(n.min(3)) / 2.0;
                    }
                    if !sit.table[usize::from(r)].is_empty() {
                        d += PAIR_KEEP;
                    }
                    d - f64::from(value(card)) / 10.0
                }
            };
            (card, danger)
        })
}

/// Safest first: the lower danger, then the lower card.
fn safer(a: &(CardId, f64), b: &(CardId, f64)) -> std::cmp::Ordering {
    a.1.total_cmp(&b.1).then(a.0.cmp(&b.0))
}

/// The legal discards, safest first, each with its danger (see `scored`).
pub fn discards(c: &Context) -> Vec<(CardId, f64)> {
    let mut out: Vec<(CardId, f64)> = scored(c).collect();
    out.sort_by(safer);
    out
}

/// The safest legal discard, the first of [`discards`], without sorting
/// (the rollouts' every discard).
pub fn safest(c: &Context) -> Option<CardId> {
    scored(c).min_by(safer).map(|(card, _)| card)
}
