//! The rules: the deal, the cut joker, drawing and discarding, dropping,
//! declaring, the end of the closed deck, and the match (see the [crate
//! documentation](crate) for the rules as implemented).

use tabula_cards::CardId;
use tabula_search::{Game, Hidden, Payoffs, Seat, Seen, Turn};

use crate::actions::{Action, seat_actions};
use crate::cards::{Cards, faces};
use crate::observation::Observation;
use crate::options::{FULL_COUNT, Format, IndianOptions, MAX_PLAYERS};
use crate::score::{Solvers, wild_rank};
use crate::state::{DealResult, Ending, Phase, State, Status, Zone};

/// Indian Rummy under its options (see the [crate documentation](crate)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IndianRummy {
    options: IndianOptions,
}

impl IndianRummy {
    /// The name the platform registers the game under.
    pub const NAME: &'static str = "indianrummy";

    /// Indian Rummy under `options`.
    ///
    /// # Errors
    /// When the options are out of range.
    pub fn new(options: IndianOptions) -> Result<IndianRummy, String> {
        options.check()?;
        Ok(IndianRummy { options })
    }

    /// The options.
    pub fn options(&self) -> IndianOptions {
        self.options
    }

    /// The start of a match: every card in the closed deck, seat 0 to deal.
    pub fn initial_state(&self) -> State {
        State::new(self.options.players, self.options.start_score())
    }

    /// The turn passes to the next player still in: it draws, from the
    /// open pile turned over when the closed deck is empty, or the deal
    /// ends when that happens a second time.
    fn pass_turn(&self, s: &mut State) {
        s.taken = None;
        s.to_act = s.next_after(s.to_act(), |st| st == Status::In) as u8;
        s.phase = Phase::Draw;
        if s.stock.is_empty() {
            if s.reshuffled {
                self.end_stock_out(s);
                return;
            }
            let top = s.pop_pile().expect("an open card");
            while let Some(c) = s.pop_pile() {
                s.stock.insert(c);
                s.shift(c, Zone::Pile, Zone::Stock);
            }
            s.push_pile(top);
            s.reshuffled = true;
        }
    }

    /// The closed deck ran out again: every player still in shows, and the
    /// lowest count wins (ties to the first from the player to act).
    fn end_stock_out(&self, s: &mut State) {
        let mut solvers = Solvers::default();
        let wild = wild_rank(s.cut.expect("a cut joker"));
        let mut best: Option<(u32, usize)> = None;
        let mut seat = s.to_act();
        for _ in 0..s.players() {
            if s.status[seat] == Status::In {
                let c = solvers.count(wild, &faces(s.hands[seat]));
                if best.is_none_or(|(b, _)| c < b) {
                    best = Some((c, seat));
                }
            }
            seat = (seat + 1) % s.players();
        }
        let winner = best.expect("a player in").1;
        self.end_deal(s, Ending::StockOut, winner, None, &mut solvers);
    }

    /// After a drop or a wrong declaration: the deal ends if one player is
    /// left in, else the turn passes.
    fn after_leaving(&self, s: &mut State) {
        let ins: Vec<usize> = (0..s.players()).filter(|&k| s.status[k] == Status::In).collect();
        if let [winner] = ins[..] {
            self.end_deal(s, Ending::LastIn, winner, None, &mut Solvers::default());
        } else {
            self.pass_turn(s);
        }
    }

    /// Scores the deal won by `winner` and deals the next (or ends the
    /// match).
    fn end_deal(&self, s: &mut State, ending: Ending, winner: usize, finish: Option<CardId>, solvers: &mut Solvers) {
        let o = &self.options;
        let (first, middle) = o.drop_costs();
        let wild = s.cut.map_or(0, wild_rank);
        let mut r = DealResult {
            ending,
            wild,
            winner: winner as u8,
            status: s.status,
            points: [0; MAX_PLAYERS],
            change: [0; MAX_PLAYERS],
            shown: [Cards::EMPTY; MAX_PLAYERS],
            finish,
            put_out: 0,
            rejoined: 0,
        };
        for k in 0..s.players() {
            r.points[k] = match s.status[k] {
                _ if k == winner => 0,
                Status::In => solvers.count(wild, &faces(s.hands[k])),
                Status::FirstDrop => first,
                Status::MiddleDrop => middle,
                Status::Wrong => FULL_COUNT,
                Status::Out => 0,
            };
            // Everyone still in shows at a declaration or the deck's end;
            // a player left alone by drops shows nothing.
            if s.status[k] == Status::Wrong || (s.status[k] == Status::In && ending != Ending::LastIn) {
                r.shown[k] = s.hands[k];
            }
        }
        let total: u32 = r.points.iter().sum();
        for k in 0..s.players() {
            r.change[k] = match o.format {
                Format::Pool101 | Format::Pool201 => r.points[k] as i32,
                Format::Points | Format::Deals if k == winner => total as i32,
                Format::Points | Format::Deals => -(r.points[k] as i32),
            };
            s.scores[k] += r.change[k];
        }
        s.deal_no += 1;
        let over = match (o.match_deals(), o.pool_limit()) {
            (Some(deals), _) => s.deal_no >= deals,
            (None, Some(limit)) => self.pool_outs(s, limit as i32, &mut r),
            (None, None) => unreachable!("a match has deals or a pool"),
        };
        s.last = Some(r);
        if over {
            s.over = true;
            return;
        }
        self.next_deal(s);
    }

    /// Puts out of the pool every player on `limit` or more, lets them
    /// rejoin where the options allow; whether one player is left.
    fn pool_outs(&self, s: &mut State, limit: i32, r: &mut DealResult) -> bool {
        for k in 0..s.players() {
            if s.status[k] != Status::Out && s.scores[k] >= limit {
                s.status[k] = Status::Out;
                r.put_out |= 1 << k;
            }
        }
        let left = |s: &State| (0..s.players()).filter(|&k| s.status[k] != Status::Out).count();
        if let Some(at) = self.options.rejoin_at()
            && left(s) > 1
        {
            let may = r.put_out & !s.rejoined;
            for k in (0..s.players()).filter(|&k| may >> k & 1 == 1) {
                let high = (0..s.players())
                    .filter(|&j| s.status[j] != Status::Out)
                    .map(|j| s.scores[j])
                    .max()
                    .unwrap_or(0);
                if high <= at as i32 {
                    s.scores[k] = high + 1;
                    s.status[k] = Status::In;
                    s.rejoined |= 1 << k;
                    r.rejoined |= 1 << k;
                }
            }
        }
        left(s) <= 1
    }

    /// Gathers every card into the closed deck and passes the deal left.
    fn next_deal(&self, s: &mut State) {
        for k in 0..MAX_PLAYERS {
            for c in s.hands[k] {
                s.shift(c, Zone::Hand(k), Zone::Stock);
            }
            s.stock = s.stock | s.hands[k];
            s.hands[k] = Cards::EMPTY;
            s.known[k] = Cards::EMPTY;
            if s.status[k] != Status::Out {
                s.status[k] = Status::In;
            }
        }
        while let Some(c) = s.pop_pile() {
            s.stock.insert(c);
            s.shift(c, Zone::Pile, Zone::Stock);
        }
        if let Some(c) = s.cut.take() {
            s.stock.insert(c);
            s.shift(c, Zone::Cut, Zone::Stock);
        }
        s.dealer = s.next_after(s.dealer(), |st| st != Status::Out) as u8;
        s.to_act = s.dealer;
        s.dealt = 0;
        s.drew = 0;
        s.taken = None;
        s.reshuffled = false;
        s.phase = Phase::Deal;
    }
}

/// The winners of a finished match (or the leaders so far), from each
/// player's standing and score: the last player in a pool (the lowest
/// score, were more in), the highest scores otherwise.
pub fn winners(options: &IndianOptions, status: &[Status], scores: &[i32]) -> Vec<usize> {
    let n = status.len();
    if options.pool_limit().is_some() {
        let ins: Vec<usize> = (0..n).filter(|&k| status[k] != Status::Out).collect();
        let low = ins.iter().map(|&k| scores[k]).min().unwrap_or(0);
        return ins.into_iter().filter(|&k| scores[k] == low).collect();
    }
    let high = scores.iter().copied().max().unwrap_or(0);
    (0..n).filter(|&k| scores[k] == high).collect()
}

impl Game for IndianRummy {
    type State = State;
    type Action = Action;
    type Observation = Observation;

    fn num_seats(&self) -> usize {
        usize::from(self.options.players)
    }

    #[inline]
    fn to_move(&self, state: &State) -> Turn {
        state.turn()
    }

    fn payoff_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }

    fn observation(&self, state: &State, seat: Seat) -> Observation {
        Observation::of(state, seat)
    }

    tabula_cards::deal_from_stock!(Action::Deal);

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if let Turn::Seat(seat) = s.turn() {
            seat_actions(s.phase, s.hands[seat], s.top().is_some(), s.taken, out);
        }
    }

    fn apply(&self, s: &mut State, action: Action) {
        let seat = s.to_act();
        match action {
            Action::Deal(card) => {
                debug_assert!(s.stock.contains(card), "{card} is not in the stock");
                s.stock.remove(card);
                if s.phase == Phase::StockDraw {
                    s.hands[seat].insert(card);
                    s.shift(card, Zone::Stock, Zone::Hand(seat));
                    s.drew |= 1 << seat;
                    s.phase = Phase::Discard;
                } else if let Some(to) = s.next_recipient() {
                    s.hands[to].insert(card);
                    s.shift(card, Zone::Stock, Zone::Hand(to));
                    s.dealt += 1;
                } else if s.cut.is_none() {
                    s.cut = Some(card);
                    s.shift(card, Zone::Stock, Zone::Cut);
                    s.dealt += 1;
                } else {
                    s.push_pile(card);
                    s.shift(card, Zone::Stock, Zone::Pile);
                    s.dealt += 1;
                    s.phase = Phase::Draw;
                    s.to_act = s.next_after(s.dealer(), |st| st == Status::In) as u8;
                }
            }
            Action::Draw => s.phase = Phase::StockDraw,
            Action::Take => {
                let card = s.pop_pile().expect("an open card to take");
                s.hands[seat].insert(card);
                s.known[seat].insert(card);
                s.shift(card, Zone::Pile, Zone::Hand(seat));
                s.taken = Some(card);
                s.drew |= 1 << seat;
                s.phase = Phase::Discard;
            }
            Action::Drop => {
                s.status[seat] = if s.drew >> seat & 1 == 1 {
                    Status::MiddleDrop
                } else {
                    Status::FirstDrop
                };
                self.after_leaving(s);
            }
            Action::Discard(card) => {
                debug_assert!(s.hands[seat].contains(card), "{card} is not in the hand");
                s.hands[seat].remove(card);
                s.known[seat].remove(card);
                s.push_pile(card);
                s.shift(card, Zone::Hand(seat), Zone::Pile);
                self.pass_turn(s);
            }
            Action::Declare(card) => {
                let mut solvers = Solvers::default();
                let wild = wild_rank(s.cut.expect("a cut joker"));
                let shown = s.hands[seat] - Cards::of(card);
                if solvers.valid(wild, &faces(shown)) {
                    self.end_deal(s, Ending::Declared, seat, Some(card), &mut solvers);
                } else {
                    // The whole hand is shown: nothing of it is "known" apart.
                    s.status[seat] = Status::Wrong;
                    s.known[seat] = Cards::EMPTY;
                    s.taken = None;
                    self.after_leaving(s);
                }
            }
        }
    }

    fn payoffs(&self, s: &State) -> Payoffs {
        let n = s.players();
        let winners = winners(&self.options, &s.status[..n], &s.scores[..n]);
        let share = 1.0 / winners.len().max(1) as f64;
        let v: Vec<f64> = (0..s.players())
            .map(|k| if winners.contains(&k) { share } else { 0.0 })
            .collect();
        Payoffs::new(&v)
    }

    #[inline]
    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        // A card dealt to a hand or drawn from the closed deck is its
        // receiver's alone; the cut joker and the open card are everyone's.
        let to = if s.phase == Phase::StockDraw {
            Some(s.to_act())
        } else {
            s.next_recipient()
        };
        match action {
            Action::Deal(_) if to.is_some_and(|t| t != observer) => Seen::Hidden(Hidden::Deal),
            a => Seen::Action(a),
        }
    }

    /// A declaration shows hands (every hand still in when it is valid,
    /// the declarer's when it is wrong); so does the closed deck's second
    /// end. A drop shows nothing, even the one that leaves a player alone.
    fn reveals(&self) -> bool {
        true
    }

    #[inline]
    fn may_reveal(&self, s: &State, action: Action) -> bool {
        match action {
            Action::Declare(_) => true,
            Action::Discard(_) => s.stock.is_empty() && s.reshuffled,
            _ => false,
        }
    }

    fn revealed(&self, before: &State, action: Action, _: &State, observer: Seat) -> u64 {
        use tabula_search::rng::mix64;
        if !self.may_reveal(before, action) {
            return 0;
        }
        (0..before.players()).filter(|&k| k != observer).fold(0x1D1A, |h, k| {
            mix64(h ^ before.hands[k].0[0]) ^ mix64(h ^ before.hands[k].0[1] ^ k as u64)
        })
    }

    #[inline]
    fn hash(&self, s: &State) -> u64 {
        s.hash_with(s.cards_hash)
    }

    fn hash_from_scratch(&self, s: &State) -> u64 {
        s.hash_with(s.compute_cards_hash())
    }
}
