//! The rules: the deal, the first upcard, drawing and discarding, the
//! knock, the dead hand and the match (see the [crate documentation](crate)
//! for the rules as implemented).

use tabula_cards::CardSet;
use tabula_search::{Game, Hidden, Payoffs, Seat, Seen, Turn};

use crate::actions::Action;
use crate::melds::{best_partition, deadwood};
use crate::observation::Observation;
use crate::options::GinOptions;
use crate::score::{dead_hand, knock_limit, match_totals, score_knock};
use crate::state::{DEAD_STOCK, DEALT, HandResult, Phase, SEATS, State, Zone};

/// Gin Rummy under its options (see the [crate documentation](crate)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GinRummy {
    options: GinOptions,
    /// The worlds' model of the other hand (see
    /// [`inferring`](GinRummy::inferring)); 0: uniform.
    inference: u32,
}

impl GinRummy {
    /// The name the platform registers the game under.
    pub const NAME: &'static str = "ginrummy";

    /// Gin Rummy under `options`.
    ///
    /// # Errors
    /// When the options are out of range.
    pub fn new(options: GinOptions) -> Result<GinRummy, String> {
        options.check()?;
        Ok(GinRummy { options, inference: 0 })
    }

    /// The same game whose worlds give the other seat a hand it could
    /// have kept by playing: of several uniform draws of its hidden cards,
    /// one is taken with weight `exp(−deadwood / temperature)`. A search's
    /// model, not the rules: uniform worlds hand the other seat a random
    /// ten cards, far worse than what a player holds after a few turns.
    /// 0 keeps the worlds uniform.
    pub fn inferring(self, temperature: u32) -> GinRummy {
        GinRummy {
            inference: temperature,
            ..self
        }
    }

    /// The temperature of [`inferring`](GinRummy::inferring) (0: uniform).
    pub fn inference(&self) -> u32 {
        self.inference
    }

    /// The options.
    pub fn options(&self) -> GinOptions {
        self.options
    }

    /// The start of a match, before the first deal (South, seat 0, deals).
    pub fn initial_state(&self) -> State {
        State::new(0)
    }

    /// The most deadwood the seat to act may knock with in `s`.
    pub fn knock_limit(&self, s: &State) -> u32 {
        knock_limit(&self.options, s.upcard)
    }

    /// The observing seat's legal actions (none when another acts or the
    /// match is over).
    pub fn observed_actions(&self, observation: &Observation, out: &mut Vec<Action>) {
        let seat = usize::from(observation.seat);
        if usize::from(observation.to_act) == seat && observation.totals.is_none() {
            self.seat_actions(
                observation.phase,
                observation.hand,
                observation.refused,
                !observation.pile.is_empty(),
                observation.taken,
                observation.upcard,
                out,
            );
        }
    }

    /// The legal actions of the seat to act, from what it sees: the
    /// phase, its hand, the upcard's refusals, whether the pile has a top
    /// card, the card just taken and the first upcard. Sorted.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn seat_actions(
        &self,
        phase: Phase,
        hand: CardSet,
        refused: u8,
        top: bool,
        taken: Option<tabula_cards::CardId>,
        upcard: Option<tabula_cards::CardId>,
        out: &mut Vec<Action>,
    ) {
        out.clear();
        match phase {
            Phase::Offer => out.extend([Action::Take, Action::Pass]),
            Phase::Draw => {
                // After both refused the upcard, the non-dealer draws from
                // the stock.
                if refused < 2 && top {
                    out.push(Action::Take);
                }
                out.push(Action::DrawStock);
            }
            Phase::Discard => {
                let may = hand - taken.map_or(CardSet::EMPTY, CardSet::of);
                out.extend(may.iter().map(Action::Discard));
                let limit = knock_limit(&self.options, upcard);
                out.extend(
                    may.iter()
                        .filter(|&c| deadwood(hand - CardSet::of(c)) <= limit)
                        .map(Action::Knock),
                );
                if self.options.big_gin && best_partition(hand).is_gin() {
                    out.push(Action::BigGin);
                }
            }
            Phase::Deal | Phase::StockDraw => {}
        }
    }

    /// Ends the hand with `result`: the score, the next dealer (the hand's
    /// winner; the same dealer after a dead hand), the match's end.
    fn end_hand(&self, s: &mut State, result: HandResult) {
        if let Some(w) = result.winner {
            let w = usize::from(w);
            s.scores[w] += result.points;
            s.boxes[w] += 1;
        }
        s.last = Some(result);
        if let Some(w) = (0..SEATS).find(|&k| s.scores[k] >= self.options.end_score) {
            s.totals = Some(match_totals(s.scores, s.boxes, w));
            return;
        }
        let dealer = result.winner.unwrap_or(s.dealer);
        let keep = (s.scores, s.boxes, s.last, s.hand_no + 1);
        *s = State::new(dealer);
        (s.scores, s.boxes, s.last, s.hand_no) = keep;
    }
}

impl Game for GinRummy {
    tabula_cards::card_rules!(seats: SEATS, deal: Action::Deal);

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if matches!(s.turn(), Turn::Seat(_)) {
            self.seat_actions(
                s.phase,
                s.hands[s.to_act()],
                s.refused,
                s.top().is_some(),
                s.taken,
                s.upcard,
                out,
            );
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
                    s.taken = None;
                    s.phase = Phase::Discard;
                } else if let Some(to) = s.next_recipient() {
                    s.hands[to].insert(card);
                    s.shift(card, Zone::Stock, Zone::Hand(to));
                    s.dealt += 1;
                } else {
                    s.push_pile(card);
                    s.shift(card, Zone::Stock, Zone::Pile);
                    s.upcard = Some(card);
                    s.dealt = DEALT;
                    s.phase = Phase::Offer;
                    s.to_act = 1 - s.dealer;
                }
            }
            Action::Take => {
                let card = s.pop_pile().expect("a card to take");
                s.hands[seat].insert(card);
                s.known[seat].insert(card);
                s.shift(card, Zone::Pile, Zone::Hand(seat));
                s.taken = Some(card);
                s.refused = 0;
                s.phase = Phase::Discard;
            }
            Action::Pass => {
                if let Some(top) = s.top() {
                    s.declined[seat].insert(top);
                }
                s.refused += 1;
                s.to_act = 1 - s.to_act;
                if s.refused == 2 {
                    s.phase = Phase::Draw;
                }
            }
            Action::DrawStock => {
                if let Some(top) = s.top() {
                    s.declined[seat].insert(top);
                }
                s.refused = 0;
                s.phase = Phase::StockDraw;
            }
            Action::Discard(card) => {
                debug_assert!(s.hands[seat].contains(card) && s.taken != Some(card));
                s.discarded[seat].insert(card);
                s.hands[seat].remove(card);
                s.known[seat].remove(card);
                s.push_pile(card);
                s.shift(card, Zone::Hand(seat), Zone::Pile);
                s.taken = None;
                if s.stock.len() <= DEAD_STOCK {
                    self.end_hand(s, dead_hand());
                } else {
                    s.to_act = 1 - s.to_act;
                    s.phase = Phase::Draw;
                }
            }
            Action::Knock(card) => {
                s.discarded[seat].insert(card);
                s.hands[seat].remove(card);
                s.known[seat].remove(card);
                s.push_pile(card);
                s.shift(card, Zone::Hand(seat), Zone::Pile);
                let result = score_knock(&self.options, seat, s.hands[seat], s.hands[1 - seat], s.upcard);
                self.end_hand(s, result);
            }
            Action::BigGin => {
                let result = score_knock(&self.options, seat, s.hands[seat], s.hands[1 - seat], s.upcard);
                self.end_hand(s, result);
            }
        }
    }

    fn payoffs(&self, s: &State) -> Payoffs {
        let w = (0..SEATS).find(|&k| s.scores[k] >= self.options.end_score);
        Payoffs::new(&std::array::from_fn::<f64, SEATS, _>(|seat| {
            if w == Some(seat) { 1.0 } else { 0.0 }
        }))
    }

    #[inline]
    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        match action {
            Action::Deal(_) => {
                let to = match s.phase {
                    Phase::StockDraw => Some(s.to_act()),
                    _ => s.next_recipient(),
                };
                match to {
                    Some(seat) if seat != observer => Seen::Hidden(Hidden::Deal),
                    _ => Seen::Action(action),
                }
            }
            other => Seen::Action(other),
        }
    }

    /// A knock (or big gin) lays both hands down.
    fn reveals(&self) -> bool {
        true
    }

    #[inline]
    fn may_reveal(&self, _: &State, action: Action) -> bool {
        matches!(action, Action::Knock(_) | Action::BigGin)
    }

    fn revealed(&self, before: &State, action: Action, _: &State, observer: Seat) -> u64 {
        use tabula_search::rng::mix64;
        match action {
            Action::Knock(_) | Action::BigGin => mix64(before.hands[1 - observer].0 ^ 0x6A1),
            _ => 0,
        }
    }

    #[inline]
    fn hash(&self, s: &State) -> u64 {
        s.hash_with(s.cards_hash)
    }

    fn hash_from_scratch(&self, s: &State) -> u64 {
        s.hash_with(s.compute_cards_hash())
    }
}
