//! Melding by counts: Canasta's melds are sets of one rank, so what a hand
//! can meld depends on how many natural cards of each rank it holds, its
//! twos and its jokers, and the side's melds already on the table. Two
//! exact dynamic programmes over the ranks, the wild cards left as their
//! state, memoised in a small table per call: the most a hand can meld
//! while keeping cards to play on ([`max_value`]: can the initial meld's
//! minimum still be met?), and whether it can meld everything but one
//! discard with a canasta at the end ([`go_out_value`]: may it go out?).
//! The meld plugin's general solver under [`MeldRules::canasta`] is their
//! reference on hands without table melds (`tests/melding.rs`).
//!
//! [`MeldRules::canasta`]: tabula_cards::melds::MeldRules::canasta

use crate::cards::{Cards, Kind, NATURAL_RANKS, RANKS, THREE, is_wild, kind, rank_value};

/// The most wild cards in a meld.
pub const MAX_WILD: u8 = 3;
/// A canasta's fewest cards.
pub const CANASTA: u8 = 7;
/// The worth of a two and of a joker.
const WILD_VALUES: [u32; 2] = [20, 50];

/// A hand as counts: natural cards of each rank (the black threes at
/// rank 2), twos, jokers. Red threes are never held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// Natural cards of each rank; index 2 the black threes.
    pub nat: [u8; RANKS],
    /// Twos.
    pub twos: u8,
    /// Jokers.
    pub jokers: u8,
}

impl Counts {
    /// The counts of `cards` (red threes ignored).
    pub fn of(cards: Cards) -> Counts {
        let mut c = Counts::default();
        for card in cards {
            match kind(card) {
                Kind::Natural(r) => c.nat[usize::from(r)] += 1,
                Kind::BlackThree => c.nat[usize::from(THREE)] += 1,
                Kind::Two => c.twos += 1,
                Kind::Joker => c.jokers += 1,
                Kind::RedThree => {}
            }
        }
        c
    }

    /// Cards counted.
    pub fn len(&self) -> u32 {
        self.nat.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(self.twos + self.jokers)
    }

    /// Whether no card is counted.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Their worth.
    pub fn value(&self) -> u32 {
        let nat: u32 = (0..RANKS as u8)
            .map(|r| u32::from(self.nat[usize::from(r)]) * rank_value(r))
            .sum();
        nat + u32::from(self.twos) * WILD_VALUES[0] + u32::from(self.jokers) * WILD_VALUES[1]
    }
}

/// A side's meld of one rank as counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MeldCount {
    /// Its natural cards.
    pub naturals: u8,
    /// Its wild cards.
    pub wilds: u8,
}

impl MeldCount {
    /// The counts of a meld's cards.
    pub fn of(cards: Cards) -> MeldCount {
        let wilds = cards.iter().filter(|&c| is_wild(c)).count() as u8;
        MeldCount {
            naturals: cards.len() as u8 - wilds,
            wilds,
        }
    }

    /// Whether the meld is on the table.
    pub fn exists(&self) -> bool {
        self.naturals > 0
    }

    /// Its cards.
    pub fn len(&self) -> u8 {
        self.naturals + self.wilds
    }

    /// Whether it has no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether it is a canasta.
    pub fn is_canasta(&self) -> bool {
        self.len() >= CANASTA
    }
}

/// A side's melds as counts, by rank.
pub fn table_counts(melds: &[Cards; RANKS]) -> [MeldCount; RANKS] {
    std::array::from_fn(|r| MeldCount::of(melds[r]))
}

/// Whether a side holds a canasta.
pub fn has_canasta(table: &[MeldCount; RANKS]) -> bool {
    table.iter().any(MeldCount::is_canasta)
}

/// The ways to add wild cards to a meld: (twos, jokers) with at most
/// `room` in all, within what is held.
fn wild_ways(room: u8, twos: u8, jokers: u8) -> impl Iterator<Item = (u8, u8)> {
    (0..=room.min(twos)).flat_map(move |a| (0..=(room - a).min(jokers)).map(move |b| (a, b)))
}

/// The most worth the hand `h` can meld, new melds and onto `table`
/// (black threes never: they meld only going out), keeping at least
/// `keep` (0 to 2) cards, `extra` cards still to come into the hand
/// counting as kept. `None` when no melding keeps that many.
pub fn max_value(h: &Counts, table: &[MeldCount; RANKS], keep: u8, extra: u32) -> Option<u32> {
    let keep = keep.min(2);
    let kept0 = (u32::from(h.nat[usize::from(THREE)]) + extra).min(2) as u8;
    // memo[rank][twos][jokers][kept]: best worth + 1 (0 unknown, 1 none).
    let mut memo = [[[[0u32; 3]; 5]; 9]; NATURAL_RANKS.len() + 1];
    #[allow(clippy::too_many_arguments)]
    fn go(
        i: usize,
        twos: u8,
        jokers: u8,
        kept: u8,
        h: &Counts,
        table: &[MeldCount; RANKS],
        keep: u8,
        memo: &mut [[[[u32; 3]; 5]; 9]; NATURAL_RANKS.len() + 1],
    ) -> Option<u32> {
        if i == NATURAL_RANKS.len() {
            let left = (u32::from(kept) + u32::from(twos + jokers)).min(2);
            return (left >= u32::from(keep)).then_some(0);
        }
        let slot = &mut memo[i][usize::from(twos.min(8))][usize::from(jokers.min(4))][usize::from(kept)];
        if *slot != 0 {
            return (*slot > 1).then(|| *slot - 2);
        }
        let r = NATURAL_RANKS[i];
        let n = h.nat[usize::from(r)];
        let m = table[usize::from(r)];
        let v = rank_value(r);
        let mut best: Option<u32> = None;
        for k in 0..=n {
            let room = if m.exists() || k > 0 {
                MAX_WILD - m.wilds.min(MAX_WILD)
            } else {
                0
            };
            for (a, b) in wild_ways(room, twos, jokers) {
                if !m.exists() && k > 0 && (k < 2 || k + a + b < 3) {
                    continue;
                }
                let kept2 = (kept + n - k).min(2);
                if let Some(rest) = go(i + 1, twos - a, jokers - b, kept2, h, table, keep, memo) {
                    let worth = u32::from(k) * v + u32::from(a) * WILD_VALUES[0] + u32::from(b) * WILD_VALUES[1] + rest;
                    best = Some(best.map_or(worth, |x| x.max(worth)));
                }
            }
        }
        memo[i][usize::from(twos.min(8))][usize::from(jokers.min(4))][usize::from(kept)] = best.map_or(1, |x| x + 2);
        best
    }
    go(0, h.twos, h.jokers, kept0, h, table, keep, &mut memo)
}

/// Whether the hand `h` can be melded whole onto and beside `table` with
/// a canasta on the table at the end: every natural card of a rank
/// melded (two at least to start a meld, at most three wild cards in a
/// meld), every wild card placed, the black threes in a meld of their own
/// of three or more, no wild card among them.
fn melds_whole(h: &Counts, table: &[MeldCount; RANKS]) -> bool {
    let bt = h.nat[usize::from(THREE)];
    if bt > 0 && bt < 3 {
        return false;
    }
    let mut memo = [[[[0u8; 2]; 5]; 9]; NATURAL_RANKS.len() + 1];
    fn go(
        i: usize,
        twos: u8,
        jokers: u8,
        canasta: bool,
        h: &Counts,
        table: &[MeldCount; RANKS],
        memo: &mut [[[[u8; 2]; 5]; 9]; NATURAL_RANKS.len() + 1],
    ) -> bool {
        if i == NATURAL_RANKS.len() {
            return twos == 0 && jokers == 0 && canasta;
        }
        let slot = usize::from(canasta);
        let cell = memo[i][usize::from(twos.min(8))][usize::from(jokers.min(4))][slot];
        if cell != 0 {
            return cell == 2;
        }
        let r = NATURAL_RANKS[i];
        let n = h.nat[usize::from(r)];
        let m = table[usize::from(r)];
        let mut ok = false;
        if m.exists() || n > 0 {
            let room = MAX_WILD - m.wilds.min(MAX_WILD);
            for (a, b) in wild_ways(room, twos, jokers) {
                if !m.exists() && (n < 2 || n + a + b < 3) {
                    continue;
                }
                let c = canasta || m.len() + n + a + b >= CANASTA;
                if go(i + 1, twos - a, jokers - b, c, h, table, memo) {
                    ok = true;
                    break;
                }
            }
        } else {
            ok = go(i + 1, twos, jokers, canasta, h, table, memo);
        }
        memo[i][usize::from(twos.min(8))][usize::from(jokers.min(4))][slot] = if ok { 2 } else { 1 };
        ok
    }
    go(0, h.twos, h.jokers, has_canasta(table), h, table, &mut memo)
}

/// Whether the hand `h` can go out on `table`: meld every card, or every
/// card but one discard, with a canasta on the table at the end; the most
/// worth it then melds (the hand's worth less the cheapest discard that
/// works). `None` when it cannot.
pub fn go_out_value(h: &Counts, table: &[MeldCount; RANKS]) -> Option<u32> {
    let all = h.value();
    let mut best = melds_whole(h, table).then_some(all);
    let mut consider = |without: Counts, worth: u32| {
        if best.is_none_or(|b| all - worth > b) && melds_whole(&without, table) {
            best = Some(all - worth);
        }
    };
    for r in 0..RANKS {
        if h.nat[r] > 0 {
            let mut w = *h;
            w.nat[r] -= 1;
            consider(w, rank_value(r as u8));
        }
    }
    if h.twos > 0 {
        consider(Counts { twos: h.twos - 1, ..*h }, WILD_VALUES[0]);
    }
    if h.jokers > 0 {
        consider(
            Counts {
                jokers: h.jokers - 1,
                ..*h
            },
            WILD_VALUES[1],
        );
    }
    best
}
