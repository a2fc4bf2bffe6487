//! An exact endgame solver over rank counts.
//!
//! Suits never matter in Dou Dizhu, and once every hand is known (a
//! determinized world, or the true deal late in play) the rest of the deal
//! is a two-sided game of perfect information: the landlord against the
//! two peasants, who win together when either of them plays out first.
//! The value of a position for the side to act is therefore one bit, and
//! [`Solver`] computes it by plain boolean negamax with early cutoff: the
//! side to act wins when one of its moves leads to a position its side
//! wins. The game has no cycles (every three moves at least one card is
//! played), so values are memoised in a transposition table without any
//! bound bookkeeping.
//!
//! A position is an [`Endgame`]: the three hands' [`Counts`], the
//! landlord, the seat to act and the trick, exactly as [`State`] keeps
//! them, and it moves on by the same rules ([`Endgame::after`]): the
//! climbing plugin's generator and its [`Trick`].
//!
//! # The order of moves
//!
//! The search tries a position's moves in this order:
//!
//! 1. a play that empties the hand (an immediate win);
//! 2. the plays: when leading, combinations other than bombs and the
//!    rocket first, then more cards before fewer, ties in [`Combo`]'s order
//!    (by kind, then the lower main rank first); when following, the
//!    order of [`plays_beating`] (the combination's kind from the lowest
//!    rank, then the bombs from the lowest, then the rocket);
//! 3. when following, the pass.
//!
//! [`Solver::best`] answers the first winning move in the same order, but
//! for one change: following the partner's combination, it tries the pass
//! right after the immediate win (it lets the partner keep the trick
//! rather than take it over when both win). Before trying moves one by
//! one the search also looks for a win in two plays: a play no opponent
//! can beat (the side keeps the lead) that leaves one combination.
//!
//! # The table
//!
//! The table has a fixed size set at [`Solver::new`]: buckets of four
//! entries, each holding its full key (the hands rotated so that the seat
//! to act comes first, the landlord and the trick relative to that seat,
//! the trick's kind, rank and length — all [`Combo::beats`] reads — and
//! the passes), which a probe compares whole: a hash only picks the bucket.
//! A new entry replaces the bucket's entry that took the least work to
//! solve. Only exact values are ever stored, so entries stay valid across
//! calls until [`Solver::clear`]. A solve allocates nothing once its move
//! buffers (one per depth, kept by the solver) have grown.

use std::cmp::Reverse;

use tabula_cards::climbing::Trick;
use tabula_search::rng::mix64;

use crate::actions::Action;
use crate::cards::{Counts, counts_of, ranks_text};
use crate::combo::Combo;
use crate::moves::{ROCKET, all_plays, can_play_out, plays_beating};
use crate::rules::{next_seat, same_side};
use crate::state::{Phase, SEATING, SEATS, State};

/// A position of the play with every hand known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Endgame {
    /// Each seat's hand.
    pub hands: [Counts; SEATS],
    /// The landlord.
    pub landlord: usize,
    /// The seat to act.
    pub to_act: usize,
    /// The combination to beat, the seat that played it (`None`: the
    /// seat to act leads), and the passes since.
    pub trick: Trick<Combo>,
}

impl Endgame {
    /// The endgame of a state in the play of a deal; `None` in any other
    /// phase or once the match is over.
    pub fn of(s: &State) -> Option<Endgame> {
        if s.phase() != Phase::Play || s.is_over() {
            return None;
        }
        Some(Endgame {
            hands: std::array::from_fn(|k| counts_of(s.hands()[k])),
            landlord: s.landlord()?,
            to_act: s.to_act(),
            trick: s.trick(),
        })
    }

    /// The combination the seat to act must beat: the last one, unless
    /// that seat played it (then it leads).
    #[inline]
    pub fn to_beat(&self) -> Option<Combo> {
        self.trick.to_beat(self.to_act)
    }

    /// The seat that has played out (the deal is over), if any.
    pub fn winner(&self) -> Option<usize> {
        (0..SEATS).find(|&k| self.hands[k].is_empty())
    }

    /// Whether the landlord has won, once the deal is over.
    pub fn landlord_won(&self) -> Option<bool> {
        self.winner().map(|w| w == self.landlord)
    }

    /// The cards left in the three hands.
    pub fn cards(&self) -> u32 {
        self.hands.iter().map(|h| h.total()).sum()
    }

    /// The legal actions of the seat to act, as the game lists them: the
    /// pass first when following, then the plays in [`Combo`]'s order.
    /// None once the deal is over.
    pub fn legal(&self, four_with_two: bool, out: &mut Vec<Action>) {
        out.clear();
        if self.winner().is_some() {
            return;
        }
        let mut combos = Vec::new();
        let hand = self.hands[self.to_act];
        match self.to_beat() {
            Some(t) => {
                out.push(Action::Pass);
                plays_beating(hand, &t, four_with_two, &mut combos);
            }
            None => all_plays(hand, four_with_two, &mut combos),
        }
        out.extend(combos.into_iter().map(Action::Play));
    }

    /// The position after the seat to act passes or plays, by the rules
    /// of [`State`]: after two passes in a row the trick is cleared and
    /// the seat that played last leads. After a play that empties the hand
    /// the deal is over ([`Endgame::winner`]).
    ///
    /// # Panics
    /// On a pass by a seat that leads, a play of cards the hand does not
    /// hold, or any other action than a pass or a play.
    pub fn after(&self, action: Action) -> Endgame {
        // Counts know no suits: a play of named cards is its combination's.
        let action = match action {
            Action::PlayCards { combo, .. } => Action::Play(combo),
            other => other,
        };
        match action {
            Action::Pass => assert!(self.to_beat().is_some(), "a seat that leads cannot pass"),
            Action::Play(c) => {
                assert!(
                    self.hands[self.to_act].contains(c.cards),
                    "the hand does not hold {}",
                    ranks_text(c.cards)
                );
                debug_assert!(
                    self.to_beat().is_none_or(|t| c.beats(&t)),
                    "{c:?} does not beat the trick"
                );
            }
            other => panic!("{other:?} is no action of the play"),
        }
        self.step(action)
    }

    /// [`Endgame::after`] without the checks.
    #[inline]
    fn step(&self, action: Action) -> Endgame {
        let mut e = *self;
        match action {
            Action::Play(c) => {
                e.hands[e.to_act] = e.hands[e.to_act].less(c.cards);
                e.trick.play(e.to_act, c);
                e.to_act = next_seat(e.to_act);
            }
            _ => {
                // After two passes the lead returns to the seat that
                // played last: the next seat.
                let lead = e.trick.pass(&SEATING);
                e.to_act = lead.unwrap_or_else(|| next_seat(e.to_act));
            }
        }
        e
    }

    /// The table key: the hands from the seat to act on, and the rest
    /// packed in the low bits of a word (with bit 0 set, so that no key is
    /// all zero).
    #[inline]
    fn key(&self) -> ([u64; 3], u64) {
        let t = self.to_act;
        let rel = |seat: usize| ((seat + SEATS - t) % SEATS) as u64;
        let hands = [
            self.hands[t].0,
            self.hands[(t + 1) % SEATS].0,
            self.hands[(t + 2) % SEATS].0,
        ];
        let mut meta = 1 | rel(self.landlord) << 1;
        if let Some((by, c)) = self.trick.last.filter(|&(by, _)| usize::from(by) != t) {
            meta |= 1 << 3
                | rel(usize::from(by)) << 4
                | u64::from(self.trick.passes & 3) << 6
                | (c.kind as u64) << 8
                | u64::from(c.rank) << 12
                | u64::from(c.len) << 16;
        }
        (hands, meta)
    }
}
/// The key bits of an entry's `meta`.
const KEY_BITS: u64 = (1 << 24) - 1;
/// The bit of an entry's value: the side to act wins.
const WIN_BIT: u64 = 1 << 24;
/// Where an entry keeps the work it took (log2 of nodes, 7 bits).
const WORK_SHIFT: u32 = 32;
/// Entries in a bucket.
const WAYS: usize = 4;

/// One position's exact value.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The hands from the seat to act on.
    hands: [u64; 3],
    /// The rest of the key, the value and the work (0: empty).
    meta: u64,
}

/// The entries one hash selects (two cache lines).
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([Entry; WAYS]);

/// A position's key and its bucket.
struct Key {
    /// The hands from the seat to act on.
    hands: [u64; 3],
    /// The rest of the key.
    meta: u64,
    /// The bucket.
    bucket: usize,
}

/// Where the pass goes among a position's moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// No pass: the seat leads.
    None,
    /// Before the plays.
    First,
    /// After the plays.
    Last,
}

/// The exact endgame solver (see the [module documentation](self)).
pub struct Solver {
    /// The rules option: four of a rank may carry two kickers.
    four_with_two: bool,
    /// The transposition table.
    table: Vec<Bucket>,
    /// The plays of each depth, kept between solves.
    buffers: Vec<Vec<Combo>>,
    /// Nodes visited in the last call.
    nodes: u64,
    /// The limit of the call under way.
    limit: u64,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("four_with_two", &self.four_with_two)
            .field("entries", &(self.table.len() * 4))
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl Solver {
    /// A solver for the rules with or without the four with two kickers,
    /// with a table of `2^table_bits` entries (`table_bits` clamped to 2 to
    /// 32; 32 bytes an entry: 16 bits take 2 MiB, 20 bits 32 MiB),
    /// allocated here once.
    pub fn new(four_with_two: bool, table_bits: u32) -> Solver {
        let buckets = 1usize << (table_bits.clamp(2, 32) - 2);
        Solver {
            four_with_two,
            table: vec![Bucket::default(); buckets],
            buffers: Vec::new(),
            nodes: 0,
            limit: 0,
        }
    }

    /// Whether four of a rank may carry two kickers under this solver.
    pub fn four_with_two(&self) -> bool {
        self.four_with_two
    }

    /// Forgets every stored value.
    pub fn clear(&mut self) {
        self.table.fill(Bucket::default());
    }

    /// Nodes (positions) visited by the last call of
    /// [`landlord_wins`](Solver::landlord_wins) or [`best`](Solver::best);
    /// a position answered from the table counts as one.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the landlord's side plays out first under best play by both
    /// sides; the result of a finished deal as it stands. `None` when the
    /// solve would visit more than `node_limit` nodes (the values it
    /// completed on the way are kept; they are exact).
    pub fn landlord_wins(&mut self, e: &Endgame, node_limit: u64) -> Option<bool> {
        self.nodes = 0;
        if let Some(won) = e.landlord_won() {
            return Some(won);
        }
        self.limit = node_limit;
        let v = self.search(e, 0)?;
        Some(v == (e.to_act == e.landlord))
    }

    /// For the side to act: the first winning move in the
    /// [order of moves](self#the-order-of-moves) when there is one, else
    /// the first legal move in that order, with whether the side to act
    /// wins. `None` past `node_limit` nodes, or when the deal is over.
    pub fn best(&mut self, e: &Endgame, node_limit: u64) -> Option<(Action, bool)> {
        self.nodes = 0;
        if e.winner().is_some() {
            return None;
        }
        self.limit = node_limit;
        let mut moves = self.buffer(0);
        let answer = self.best_of(e, &mut moves);
        self.buffers[0] = moves;
        answer
    }

    /// [`Solver::best`] with the root's plays in `moves`.
    fn best_of(&mut self, e: &Endgame, moves: &mut Vec<Combo>) -> Option<(Action, bool)> {
        self.visit()?;
        let mut pass = self.ordered(e, moves);
        let total = e.hands[e.to_act].total();
        if let Some(&c) = moves.first().filter(|c| c.size() == total) {
            return Some((Action::Play(c), true));
        }
        if e.trick
            .by()
            .is_some_and(|by| by != e.to_act && same_side(by, e.to_act, e.landlord))
        {
            pass = Pass::First;
        }
        let first = nth(pass, moves, 0);
        let key = self.key(e);
        let known = self.probe(&key);
        if known == Some(false) {
            return Some((first, false));
        }
        let start = self.nodes;
        for i in 0..moves.len() + usize::from(pass != Pass::None) {
            let action = nth(pass, moves, i);
            if self.wins_with(e, action, 1)? {
                self.store(&key, true, self.nodes - start);
                return Some((action, true));
            }
        }
        self.store(&key, false, self.nodes - start);
        Some((first, false))
    }

    /// Counts a node; `None` past the limit.
    #[inline]
    fn visit(&mut self) -> Option<()> {
        self.nodes += 1;
        (self.nodes <= self.limit).then_some(())
    }

    /// The move buffer of `depth`, taken out of the solver (put it back).
    #[inline]
    fn buffer(&mut self, depth: usize) -> Vec<Combo> {
        if depth >= self.buffers.len() {
            self.buffers.resize_with(depth + 1, Vec::new);
        }
        std::mem::take(&mut self.buffers[depth])
    }

    /// Fills `moves` with the plays of the seat to act in the search's
    /// order (the immediate win, when there is one, first) and says
    /// whether there is a pass (it comes last).
    fn ordered(&self, e: &Endgame, moves: &mut Vec<Combo>) -> Pass {
        let hand = e.hands[e.to_act];
        let total = hand.total();
        match e.to_beat() {
            None => {
                all_plays(hand, self.four_with_two, moves);
                moves.sort_unstable_by_key(|c| (c.size() != total, c.kind.doubles(), Reverse(c.size()), *c));
                Pass::None
            }
            Some(target) => {
                plays_beating(hand, &target, self.four_with_two, moves);
                if let Some(i) = moves.iter().position(|c| c.size() == total) {
                    moves[..=i].rotate_right(1);
                }
                Pass::Last
            }
        }
    }

    /// Whether the side to act in `e` wins by `action`, searching the
    /// position after it at `depth`; `None` past the limit.
    #[inline]
    fn wins_with(&mut self, e: &Endgame, action: Action, depth: usize) -> Option<bool> {
        if matches!(action, Action::Play(c) if c.size() == e.hands[e.to_act].total()) {
            return Some(true);
        }
        let child = e.step(action);
        let v = self.search(&child, depth)?;
        Some(v == same_side(child.to_act, e.to_act, e.landlord))
    }

    /// Whether the side to act wins `e` (a deal not over); `None` past the
    /// limit, having stored only exact values.
    fn search(&mut self, e: &Endgame, depth: usize) -> Option<bool> {
        self.visit()?;
        let key = self.key(e);
        if let Some(v) = self.probe(&key) {
            return Some(v);
        }
        if e.to_beat().is_none() && self.one_play(e.hands[e.to_act]) {
            return Some(true);
        }
        let start = self.nodes;
        let mut moves = self.buffer(depth);
        let v = self.search_moves(e, &mut moves, depth);
        self.buffers[depth] = moves;
        let v = v?;
        self.store(&key, v, self.nodes - start);
        Some(v)
    }

    /// The body of [`Solver::search`], with the plays in `moves`.
    #[inline]
    fn search_moves(&mut self, e: &Endgame, moves: &mut Vec<Combo>, depth: usize) -> Option<bool> {
        let pass = self.ordered(e, moves);
        if moves.first().is_some_and(|c| c.size() == e.hands[e.to_act].total()) || self.two_step(e, moves, depth) {
            return Some(true);
        }
        for i in 0..moves.len() + usize::from(pass != Pass::None) {
            if self.wins_with(e, nth(pass, moves, i), depth + 1)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Whether the whole of `hand` is one combination.
    #[inline]
    fn one_play(&self, hand: Counts) -> bool {
        let x = hand.0;
        let ranks = ((x | x >> 1 | x >> 2) & 0x0111_1111_1111_1111).count_ones();
        match (ranks, hand.total()) {
            (1, _) => true,
            (_, 0..4) => hand == ROCKET,
            _ => can_play_out(hand, self.four_with_two).is_some(),
        }
    }

    /// Whether one of `moves` wins in two plays for the side to act: no
    /// opponent can beat it (so the side keeps the lead: the partner, if
    /// any, passes) and the rest of the hand is one combination.
    fn two_step(&mut self, e: &Endgame, moves: &[Combo], depth: usize) -> bool {
        let me = e.to_act;
        let hand = e.hands[me];
        let mut scratch = self.buffer(depth + 1);
        let found = moves.iter().any(|c| {
            self.one_play(hand.less(c.cards))
                && (0..SEATS).filter(|&k| !same_side(k, me, e.landlord)).all(|k| {
                    plays_beating(e.hands[k], c, self.four_with_two, &mut scratch);
                    scratch.is_empty()
                })
        });
        self.buffers[depth + 1] = scratch;
        found
    }

    /// The key of `e` and its bucket.
    #[inline]
    fn key(&self, e: &Endgame) -> Key {
        let (hands, meta) = e.key();
        let h = mix64(hands[0] ^ mix64(hands[1] ^ mix64(hands[2] ^ mix64(meta))));
        Key {
            hands,
            meta,
            bucket: (h as usize) & (self.table.len() - 1),
        }
    }

    /// The stored value of a position for the side to act, if any.
    #[inline]
    fn probe(&self, k: &Key) -> Option<bool> {
        self.table[k.bucket]
            .0
            .iter()
            .find(|x| x.meta & KEY_BITS == k.meta && x.hands == k.hands)
            .map(|x| x.meta & WIN_BIT != 0)
    }

    /// Stores the exact value of a position for the side to act, which
    /// took `work` nodes to find, over the bucket's cheapest entry.
    fn store(&mut self, k: &Key, win: bool, work: u64) {
        let b = &mut self.table[k.bucket];
        if b.0.iter().any(|x| x.meta & KEY_BITS == k.meta && x.hands == k.hands) {
            return;
        }
        let cost = |x: &Entry| if x.meta == 0 { -1 } else { (x.meta >> WORK_SHIFT) as i64 };
        let slot = (0..WAYS).min_by_key(|&i| cost(&b.0[i])).unwrap_or(0);
        let log = u64::from(64 - work.leading_zeros());
        b.0[slot] = Entry {
            hands: k.hands,
            meta: k.meta | if win { WIN_BIT } else { 0 } | log << WORK_SHIFT,
        };
    }
}

/// The `i`th move of a position whose plays are `moves` and whose pass
/// goes where `pass` says.
#[inline]
fn nth(pass: Pass, moves: &[Combo], i: usize) -> Action {
    match pass {
        Pass::First if i == 0 => Action::Pass,
        Pass::First => Action::Play(moves[i - 1]),
        _ if i == moves.len() => Action::Pass,
        _ => Action::Play(moves[i]),
    }
}
