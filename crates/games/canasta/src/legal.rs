//! What the player to act may do, read from what it sees: the turn's
//! [`Situation`] (the same from the truth and from its observation), the
//! pile's conditions, a meld's, a discard's, going out and asking.

use tabula_cards::CardId;

use crate::actions::{Action, MeldMove};
use crate::cards::{Cards, Kind, NATURAL_RANKS, RANKS, THREE, distinct, is_red_three, is_wild, kind, rank_value};
use crate::melding::{Counts, MAX_WILD, MeldCount, go_out_value, has_canasta, max_value, table_counts};
use crate::options::CanastaOptions;
use crate::state::{Permission, Phase, State, side_of};

/// The turn as its player sees it.
#[derive(Clone, Copy, Debug)]
pub struct Situation<'a> {
    /// The rules.
    pub options: &'a CanastaOptions,
    /// Where the hand stands.
    pub phase: Phase,
    /// The player's hand.
    pub hand: Cards,
    /// Its side's melds, by rank.
    pub table: &'a [Cards; RANKS],
    /// The discard pile, bottom first.
    pub pile: &'a [CardId],
    /// Cards left in the stock.
    pub stock: usize,
    /// Whether its side has made its initial meld.
    pub opened: bool,
    /// Its side's initial meld minimum.
    pub minimum: u32,
    /// The worth it melded this turn.
    pub turn_value: u32,
    /// The request to go out this turn.
    pub asked: Permission,
}

/// How the pile's top card is melded when the pile is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakeWith {
    /// Onto the side's meld of its rank.
    Onto,
    /// With two natural cards of its rank from the hand.
    Pair,
    /// With one natural card of its rank and a wild card from the hand.
    Wild,
}

impl<'a> Situation<'a> {
    /// The turn of the player to act in `s`, as it sees it.
    pub fn of_state(s: &'a State) -> Situation<'a> {
        let seat = s.to_act();
        let d = side_of(seat);
        Situation {
            options: &s.options,
            phase: s.phase,
            hand: s.hands[seat],
            table: &s.melds[d],
            pile: s.pile(),
            stock: s.stock.len(),
            opened: s.opened(d),
            minimum: s.options.minimum(s.scores[d]),
            turn_value: u32::from(s.turn_value),
            asked: s.asked,
        }
    }
}

impl Situation<'_> {
    /// Whether the pile is frozen for everyone (a wild card or a red three in it).
    pub fn frozen(&self) -> bool {
        self.pile.iter().any(|&c| is_wild(c) || is_red_three(c))
    }

    /// Whether the pile is frozen for the player's side: for everyone, or
    /// before its initial meld.
    pub fn frozen_for_side(&self) -> bool {
        !self.opened || self.frozen()
    }

    /// How the pile may be taken, if it may: its top card a natural card
    /// (never a black three, a wild card or a red three); a pile of one
    /// card not to a hand of one card; frozen for the side, only with two
    /// natural cards of its rank from the hand (and, for the initial meld,
    /// the minimum within reach of the hand and the top card); otherwise
    /// also onto the side's meld of the rank, or with one natural card and
    /// a wild card.
    pub fn take_with(&self) -> Option<TakeWith> {
        if self.phase != Phase::Draw {
            return None;
        }
        let top = *self.pile.last()?;
        let Kind::Natural(r) = kind(top) else {
            return None;
        };
        if self.pile.len() == 1 && self.hand.len() == 1 {
            return None;
        }
        let h = Counts::of(self.hand);
        let n = h.nat[usize::from(r)];
        let table = table_counts(self.table);
        // A take leaves two cards at least to play on (one to discard, one
        // kept): the rest of the pile and what the hand keeps.
        let rest = self.pile_to_hand() - 1 + self.hand.len();
        if self.frozen_for_side() {
            if rest < 4 {
                return None;
            }
            if n < 2 {
                return None;
            }
            if !self.opened {
                let mut rest = h;
                rest.nat[usize::from(r)] -= 2;
                let mut after = table;
                after[usize::from(r)].naturals += 3;
                let reach = max_value(&rest, &after, 2, self.pile_to_hand() as u32 - 1)?;
                if self.turn_value + 3 * rank_value(r) + reach < self.minimum {
                    return None;
                }
            }
            return Some(TakeWith::Pair);
        }
        if table[usize::from(r)].exists() && rest >= 2 {
            Some(TakeWith::Onto)
        } else if n >= 2 && rest >= 4 {
            Some(TakeWith::Pair)
        } else if n == 1 && h.twos + h.jokers > 0 && rest >= 4 {
            Some(TakeWith::Wild)
        } else {
            None
        }
    }

    /// Whether the player must take the pile with the stock gone: it may,
    /// and the top card goes onto its side's meld.
    pub fn must_take(&self) -> bool {
        self.stock == 0 && self.take_with() == Some(TakeWith::Onto)
    }

    /// Whether going out is allowed now, its side holding a canasta
    /// afterwards or not: the partner's yes under the option, and (when
    /// the side has not opened) a concealed going out after a draw.
    fn may_go_out(&self, canasta: bool, opened: bool) -> bool {
        let permitted = !self.options.permission || self.asked == Permission::Yes;
        canasta && permitted && (opened || self.phase == Phase::Play)
    }

    /// Whether the hand can still go out this turn (every card melded, or
    /// all but a discard, with a canasta).
    pub fn can_go_out(&self) -> bool {
        go_out_value(&Counts::of(self.hand), &table_counts(self.table)).is_some()
            && (self.opened || self.phase == Phase::Play)
    }

    /// The pile's cards that a take brings into the hand: all but its red
    /// threes (laid out).
    fn pile_to_hand(&self) -> usize {
        self.pile.iter().filter(|&&c| !is_red_three(c)).count()
    }

    /// Cards still to come into the hand: the pile, waiting on the initial meld.
    fn waiting(&self) -> u32 {
        if self.phase == Phase::Opening {
            self.pile_to_hand() as u32
        } else {
            0
        }
    }

    /// Whether `m` may be laid now.
    pub fn meld_legal(&self, m: MeldMove) -> bool {
        if !matches!(self.phase, Phase::Play | Phase::Opening) || m.is_empty() {
            return false;
        }
        let r = usize::from(m.rank);
        if !(NATURAL_RANKS.contains(&m.rank) || m.rank == THREE) {
            return false;
        }
        let h = Counts::of(self.hand);
        if h.nat[r] < m.naturals || h.twos < m.twos || h.jokers < m.jokers {
            return false;
        }
        let mut table = table_counts(self.table);
        let before = table[r];
        let wild = m.twos + m.jokers;
        if m.rank == THREE {
            if wild > 0 || before.exists() || m.naturals < 3 {
                return false;
            }
        } else if before.wilds + wild > MAX_WILD
            || (!before.exists() && (before.naturals + m.naturals < 2 || m.len() < 3))
        {
            return false;
        }
        table[r] = MeldCount {
            naturals: before.naturals + m.naturals,
            wilds: before.wilds + wild,
        };
        let mut after = h;
        after.nat[r] -= m.naturals;
        after.twos -= m.twos;
        after.jokers -= m.jokers;
        let worth = u32::from(m.naturals) * rank_value(m.rank) + u32::from(m.twos) * 20 + u32::from(m.jokers) * 50;
        let left = after.len() + self.waiting();
        if left <= 1 || m.rank == THREE {
            let opened = self.opened || self.turn_value + worth >= self.minimum;
            return left <= 1 && self.may_go_out(has_canasta(&table), opened);
        }
        if self.asked == Permission::Yes {
            return go_out_value(&after, &table).is_some();
        }
        if self.opened || self.turn_value + worth >= self.minimum {
            return true;
        }
        let reach = max_value(&after, &table, 2, self.waiting()).unwrap_or(0);
        self.turn_value + worth + reach >= self.minimum
            || (self.may_go_out(true, false) && go_out_value(&after, &table).is_some())
    }

    /// Whether `card` may be discarded now.
    pub fn discard_legal(&self, card: CardId) -> bool {
        if self.phase != Phase::Play || !self.hand.contains(card) {
            return false;
        }
        let last = self.hand.len() == 1;
        if last {
            return self.may_go_out(has_canasta(&table_counts(self.table)), self.opened);
        }
        let short = !self.opened && self.turn_value > 0;
        !short && self.asked != Permission::Yes
    }

    /// Whether the player may ask to go out: under the option, not asked
    /// yet, its side opened or nothing melded this turn, and its hand able
    /// to go out.
    pub fn ask_legal(&self) -> bool {
        self.options.permission
            && self.phase == Phase::Play
            && self.asked == Permission::None
            && (self.opened || self.turn_value == 0)
            && self.can_go_out()
    }

    /// The player's legal actions, in order.
    pub fn actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Draw => {
                if self.stock > 0 {
                    out.push(Action::Draw);
                }
                if self.take_with().is_some() {
                    out.push(Action::Take);
                }
                if self.stock == 0 && !self.must_take() {
                    out.push(Action::End);
                }
            }
            Phase::Answer => out.extend([Action::Yes, Action::No]),
            Phase::Play | Phase::Opening => {
                self.melds(out);
                if self.ask_legal() {
                    out.push(Action::Ask);
                }
                out.extend(
                    distinct(self.hand)
                        .filter(|&c| self.discard_legal(c))
                        .map(Action::Discard),
                );
            }
            Phase::Deal | Phase::Replace | Phase::StockDraw => {}
        }
    }

    /// Every legal meld, by rank, naturals, twos, jokers.
    fn melds(&self, out: &mut Vec<Action>) {
        let h = Counts::of(self.hand);
        for r in 0..RANKS as u8 {
            if r == 1 || (h.nat[usize::from(r)] == 0 && self.table[usize::from(r)].is_empty()) {
                continue;
            }
            for n in 0..=h.nat[usize::from(r)] {
                for a in 0..=h.twos.min(MAX_WILD) {
                    for b in 0..=h.jokers.min(MAX_WILD - a) {
                        let m = MeldMove {
                            rank: r,
                            naturals: n,
                            twos: a,
                            jokers: b,
                        };
                        if self.meld_legal(m) {
                            out.push(Action::Meld(m));
                        }
                    }
                }
            }
        }
    }
}
