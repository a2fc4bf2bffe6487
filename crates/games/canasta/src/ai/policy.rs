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

/// The legal discards, each with its danger: a wild card never but last;
/// a black three first; otherwise a card the other side cannot take onto
/// a meld, not of a pair, not of the side's melds.
fn scored<'a>(c: &'a Context) -> impl Iterator<Item = (CardId, f64)> + 'a {
    let sit = &c.sit;
    let h = Counts::of(sit.hand);
    let frozen = sit.frozen();
    crate::cards::distinct(sit.hand)
        .filter(move |&card| sit.discard_legal(card))
        .map(move |card| {
            let danger = match kind(card) {
                Kind::Two | Kind::Joker => 1000.0 + f64::from(value(card)),
                Kind::BlackThree => -50.0,
                Kind::RedThree => 0.0,
                Kind::Natural(r) => {
                    let n = h.nat[usize::from(r)];
                    let mut d = 0.0;
                    if c.their_opened && !frozen && !c.theirs[usize::from(r)].is_empty() {
                        d += ONTO_DANGER + PILE_DANGER * sit.pile.len() as f64;
                    } else if !frozen {
                        d += PILE_DANGER * sit.pile.len() as f64 / 2.0;
                    }
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
