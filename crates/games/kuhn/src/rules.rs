//! The rules: the deal, the betting line, the showdown, and what each
//! seat sees. States, actions and observations are small `Copy` values
//! (the betting line is one of nine), so the searches copy them freely.

use serde::{Deserialize, Serialize};
use tabula_search::rng::derive_seed;
use tabula_search::{Determinize, Game, Hidden, Payoffs, Rng, Seat, Seen, Turn};

/// A card of the three-card deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// The jack, the lowest card.
    Jack,
    /// The queen.
    Queen,
    /// The king, the highest card.
    King,
}

impl Card {
    /// The deck, lowest card first.
    pub const ALL: [Card; 3] = [Card::Jack, Card::Queen, Card::King];

    /// The card's letter: `J`, `Q` or `K`.
    pub fn letter(self) -> char {
        match self {
            Card::Jack => 'J',
            Card::Queen => 'Q',
            Card::King => 'K',
        }
    }
}

/// An action: a card dealt (chance), or a seat's check, bet, call or fold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A card dealt, to seat 0 first, then to seat 1.
    Deal(Card),
    /// Pass without betting, facing no bet.
    Check,
    /// Put one more chip in, facing no bet.
    Bet,
    /// Match the bet: the showdown follows.
    Call,
    /// Give up the pot, facing a bet.
    Fold,
}

/// The betting so far: one of the nine lines the rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Line {
    /// No bet yet: seat 0 checks or bets.
    Open,
    /// Seat 0 checked: seat 1 checks or bets.
    Check,
    /// Both checked: showdown for the antes.
    CheckCheck,
    /// Seat 0 checked, seat 1 bet: seat 0 calls or folds.
    CheckBet,
    /// Seat 0 folded to seat 1's bet.
    CheckBetFold,
    /// Seat 0 called seat 1's bet: showdown for two chips each.
    CheckBetCall,
    /// Seat 0 bet: seat 1 calls or folds.
    Bet,
    /// Seat 1 folded to seat 0's bet.
    BetFold,
    /// Seat 1 called seat 0's bet: showdown for two chips each.
    BetCall,
}

impl Line {
    /// Every line.
    pub const ALL: [Line; 9] = [
        Line::Open,
        Line::Check,
        Line::CheckCheck,
        Line::CheckBet,
        Line::CheckBetFold,
        Line::CheckBetCall,
        Line::Bet,
        Line::BetFold,
        Line::BetCall,
    ];

    /// The seat to act, `None` once the betting is over.
    pub fn actor(self) -> Option<Seat> {
        match self {
            Line::Open | Line::CheckBet => Some(0),
            Line::Check | Line::Bet => Some(1),
            _ => None,
        }
    }

    /// The actions of the seat to act, sorted.
    pub fn choices(self) -> &'static [Action] {
        match self {
            Line::Open | Line::Check => &[Action::Check, Action::Bet],
            Line::CheckBet | Line::Bet => &[Action::Call, Action::Fold],
            _ => &[],
        }
    }

    /// The line after `action`, if the rules allow it here.
    pub fn after(self, action: Action) -> Option<Line> {
        Some(match (self, action) {
            (Line::Open, Action::Check) => Line::Check,
            (Line::Open, Action::Bet) => Line::Bet,
            (Line::Check, Action::Check) => Line::CheckCheck,
            (Line::Check, Action::Bet) => Line::CheckBet,
            (Line::CheckBet, Action::Fold) => Line::CheckBetFold,
            (Line::CheckBet, Action::Call) => Line::CheckBetCall,
            (Line::Bet, Action::Fold) => Line::BetFold,
            (Line::Bet, Action::Call) => Line::BetCall,
            _ => return None,
        })
    }

    /// The actions of the line, in order.
    pub fn moves(self) -> &'static [Action] {
        use Action::{Bet, Call, Check, Fold};
        match self {
            Line::Open => &[],
            Line::Check => &[Check],
            Line::CheckCheck => &[Check, Check],
            Line::CheckBet => &[Check, Bet],
            Line::CheckBetFold => &[Check, Bet, Fold],
            Line::CheckBetCall => &[Check, Bet, Call],
            Line::Bet => &[Bet],
            Line::BetFold => &[Bet, Fold],
            Line::BetCall => &[Bet, Call],
        }
    }

    /// Whether the cards are shown: the betting ended without a fold.
    pub fn showdown(self) -> bool {
        matches!(self, Line::CheckCheck | Line::CheckBetCall | Line::BetCall)
    }

    /// The chips each seat has put in, antes included.
    pub fn stakes(self) -> [u8; 2] {
        match self {
            Line::CheckBet | Line::CheckBetFold => [1, 2],
            Line::Bet | Line::BetFold => [2, 1],
            Line::CheckBetCall | Line::BetCall => [2, 2],
            _ => [1, 1],
        }
    }

    /// The seat that folded, if one did.
    pub fn folder(self) -> Option<Seat> {
        match self {
            Line::CheckBetFold => Some(0),
            Line::BetFold => Some(1),
            _ => None,
        }
    }
}

/// A hand of Kuhn poker: the cards dealt (seat 0's first) and the betting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// Each seat's card, once dealt.
    pub cards: [Option<Card>; 2],
    /// The betting so far.
    pub line: Line,
}

/// What one seat knows: its card, whether the other seat has one, the
/// betting (public), and the other card once shown down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observation {
    /// The observing seat.
    pub seat: u8,
    /// Its card, once dealt.
    pub card: Option<Card>,
    /// Whether the other seat has been dealt its card.
    pub opponent_dealt: bool,
    /// The other seat's card, shown at a showdown.
    pub opponent_card: Option<Card>,
    /// The betting so far.
    pub line: Line,
}

impl Observation {
    /// Who acts, as the seat sees it (every seat sees the deal's progress).
    pub fn turn(&self) -> Turn {
        let dealt = usize::from(self.card.is_some()) + usize::from(self.opponent_dealt);
        if dealt < 2 {
            Turn::Chance
        } else {
            self.line.actor().map_or(Turn::Terminal, Turn::Seat)
        }
    }

    /// Checks that some hand shows `seat` exactly this.
    ///
    /// # Errors
    /// What no hand can show.
    pub fn check(&self, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(self.seat), seat)?;
        // Seat 0 is dealt first.
        let (first, second) = if seat == 0 {
            (self.card.is_some(), self.opponent_dealt)
        } else {
            (self.opponent_dealt, self.card.is_some())
        };
        if second && !first {
            return Err("seat 1 is dealt after seat 0".into());
        }
        if self.line != Line::Open && !(first && second) {
            return Err("the betting begins once both cards are dealt".into());
        }
        match (self.opponent_card, self.line.showdown()) {
            (Some(_), false) => Err("the other card is shown only at a showdown".into()),
            (None, true) => Err("a showdown shows the other card".into()),
            (Some(c), true) if Some(c) == self.card => Err("the deck holds one card of each".into()),
            _ => Ok(()),
        }
    }
}

/// Kuhn poker (H. W. Kuhn, 1950): two seats ante one chip each and are
/// dealt one card each from a jack, a queen and a king; seat 0 checks or
/// bets one chip; facing a check, seat 1 checks (showdown) or bets; facing
/// a bet, a seat calls (showdown) or folds. At the showdown the higher
/// card takes the pot. A seat wins or loses the chips the other put in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kuhn;

impl Kuhn {
    /// The seat the next card goes to.
    fn receiver(state: &State) -> Option<Seat> {
        state.cards.iter().position(Option::is_none)
    }

    /// The cards not yet dealt, lowest first, and how many: on the stack,
    /// since chance steps are drawn in the searches' inner loop.
    fn undealt(state: &State) -> ([Card; 3], usize) {
        let mut left = [Card::Jack; 3];
        let mut n = 0;
        for c in Card::ALL {
            if !state.cards.contains(&Some(c)) {
                left[n] = c;
                n += 1;
            }
        }
        (left, n)
    }
}

impl Game for Kuhn {
    type State = State;
    type Action = Action;
    type Observation = Observation;

    fn num_seats(&self) -> usize {
        2
    }

    fn to_move(&self, state: &State) -> Turn {
        if Kuhn::receiver(state).is_some() {
            Turn::Chance
        } else {
            state.line.actor().map_or(Turn::Terminal, Turn::Seat)
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        out.clear();
        if Kuhn::receiver(state).is_none() {
            out.extend_from_slice(state.line.choices());
        }
    }

    fn apply(&self, state: &mut State, action: Action) {
        match (action, Kuhn::receiver(state)) {
            (Action::Deal(card), Some(seat)) => state.cards[seat] = Some(card),
            _ => state.line = state.line.after(action).expect("a legal action"),
        }
    }

    fn payoffs(&self, state: &State) -> Payoffs {
        let stakes = state.line.stakes();
        let winner = match (state.line.folder(), state.cards) {
            (Some(folder), _) => Some(1 - folder),
            (None, [Some(a), Some(b)]) if state.line.showdown() => Some(if a > b { 0 } else { 1 }),
            _ => None,
        };
        match winner {
            Some(0) => Payoffs::zero_sum(f64::from(stakes[1])),
            Some(_) => Payoffs::zero_sum(-f64::from(stakes[0])),
            None => Payoffs::zero_sum(0.0),
        }
    }

    fn payoff_range(&self) -> (f64, f64) {
        (-2.0, 2.0)
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if Kuhn::receiver(state).is_none() {
            return;
        }
        let (left, n) = Kuhn::undealt(state);
        let p = 1.0 / n as f64;
        out.extend(left[..n].iter().map(|&c| (Action::Deal(c), p)));
    }

    fn sample_chance(&self, state: &State, rng: &mut Rng) -> Action {
        let (left, n) = Kuhn::undealt(state);
        Action::Deal(left[rng.below(n as u64) as usize])
    }

    fn observation(&self, state: &State, seat: Seat) -> Observation {
        let other = 1 - seat;
        Observation {
            seat: seat as u8,
            card: state.cards[seat],
            opponent_dealt: state.cards[other].is_some(),
            opponent_card: state.cards[other].filter(|_| state.line.showdown()),
            line: state.line,
        }
    }

    fn view_action(&self, state: &State, action: Action, observer: Seat) -> Seen<Action> {
        match (action, Kuhn::receiver(state)) {
            (Action::Deal(_), Some(seat)) if seat != observer => Seen::Hidden(Hidden::Deal),
            _ => Seen::Action(action),
        }
    }

    fn reveals(&self) -> bool {
        true
    }

    fn may_reveal(&self, before: &State, action: Action) -> bool {
        Kuhn::receiver(before).is_none() && before.line.after(action).is_some_and(Line::showdown)
    }

    fn revealed(&self, _before: &State, _action: Action, after: &State, observer: Seat) -> u64 {
        // The card shown down, 1 to 3 (0: nothing shown).
        match after.cards[1 - observer] {
            Some(c) if after.line.showdown() => c as u64 + 1,
            _ => 0,
        }
    }

    fn hash(&self, state: &State) -> u64 {
        let card = |c: Option<Card>| c.map_or(0, |c| c as u64 + 1);
        let line = Line::ALL.iter().position(|&l| l == state.line).unwrap_or(0) as u64;
        derive_seed(
            0x4B55_484E,
            (card(state.cards[0]) * 4 + card(state.cards[1])) * 16 + line,
        )
    }
}

impl Determinize for Kuhn {
    fn determinize(&self, observation: &Observation, seat: Seat, rng: &mut Rng) -> State {
        let mut cards = [None; 2];
        cards[seat] = observation.card;
        cards[1 - seat] = match observation.opponent_card {
            Some(c) => Some(c),
            None if observation.opponent_dealt => {
                // Any card but the seat's own, as if dealt now.
                let (left, n) = Kuhn::undealt(&State {
                    cards: [observation.card, None],
                    line: observation.line,
                });
                Some(left[rng.below(n as u64) as usize])
            }
            None => None,
        };
        State {
            cards,
            line: observation.line,
        }
    }

    fn legal_from_observation(&self, observation: &Observation, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if observation.turn() == Turn::Seat(seat) {
            out.extend_from_slice(observation.line.choices());
        }
    }
}
