//! The rules: the deal (one card at a time by chance), the bouts (the
//! bout plugin), each deal's durak counted, who deals and attacks first
//! next, and the match's end (see the [crate documentation](crate)).

use tabula_cards::bout::{BoutError, Deal, Move, Outcome};
use tabula_cards::{CardId, PayoffRule, Table};
use tabula_search::hash::stable_hash;
use tabula_search::{Game, Hidden, Payoffs, Rng, Seat, Seen, Turn};

use crate::actions::Action;
use crate::observation::Observation;
use crate::options::DurakOptions;
use crate::state::{Dealt, State};

/// Durak under its options (see the [crate documentation](crate)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Durak {
    options: DurakOptions,
    table: Table,
}

impl Durak {
    /// The name the platform registers the game under.
    pub const NAME: &'static str = "durak";

    /// Durak under `options`.
    ///
    /// # Errors
    /// When the options are out of range.
    pub fn new(options: DurakOptions) -> Result<Durak, String> {
        options.check()?;
        let teams = (0..options.seats()).map(|s| options.team(s) as u8).collect();
        let table = Table::with_teams(teams).map_err(|e| e.to_string())?;
        Ok(Durak { options, table })
    }

    /// The options.
    pub fn options(&self) -> DurakOptions {
        self.options
    }

    /// The seats and teams.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The start of a match: seat 0 deals, every card to be dealt by
    /// chance.
    pub fn initial_state(&self) -> State {
        State::new(self.options.players)
    }

    /// Plays `mv` for the seat to move, checked.
    ///
    /// # Errors
    /// When no deal is in play or the move is not legal; the state is
    /// then unchanged.
    pub fn play(&self, s: &mut State, mv: Move) -> Result<(), BoutError> {
        let deal = s.deal.as_mut().ok_or(BoutError::Over)?;
        deal.apply(mv)?;
        if let Some(outcome) = deal.outcome() {
            self.settle(s, outcome);
        }
        Ok(())
    }

    /// Counts a finished deal and sets the next: the durak deals it and
    /// the player on the durak's left attacks first (with teams, the
    /// lower seat of the losing team); after a draw the deal passes to
    /// the left and the lowest trump attacks first.
    fn settle(&self, s: &mut State, outcome: Outcome) {
        let n = s.players();
        match outcome {
            Outcome::Durak(d) => {
                s.duraks[d] += 1;
                s.dealer = d as u8;
                s.first = Some(((d + 1) % n) as u8);
            }
            Outcome::DurakTeam(a, b) => {
                s.duraks[a] += 1;
                s.duraks[b] += 1;
                s.dealer = a as u8;
                s.first = Some(((a + 1) % n) as u8);
            }
            Outcome::Draw => {
                s.draws += 1;
                s.dealer = ((usize::from(s.dealer) + 1) % n) as u8;
                s.first = None;
            }
        }
        s.last = Some(outcome);
        s.deal_no += 1;
        s.deal = None;
        s.dealt = 0;
        s.dealt_set = tabula_cards::CardSet::EMPTY;
        s.order = [CardId(0); tabula_cards::bout::CARDS];
        s.over = s.deal_no >= self.options.deals;
    }

    /// Each team's duraks (one entry per team; a team's seats count the
    /// same).
    pub fn team_duraks(&self, s: &State) -> Vec<f64> {
        let mut scores = vec![0.0; self.table.num_teams()];
        for seat in 0..s.players() {
            scores[usize::from(self.table.team(seat))] = f64::from(s.duraks[seat]);
        }
        scores
    }
}

impl Game for Durak {
    type State = State;
    type Action = Action;
    type Observation = Observation;

    fn num_seats(&self) -> usize {
        self.options.seats()
    }

    #[inline]
    fn to_move(&self, s: &State) -> Turn {
        s.turn()
    }

    /// The bout plugin's legal moves, sorted (the plugin lists them in
    /// table order, the contract wants them ascending).
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        match &s.deal {
            Some(d) if !s.over => {
                d.legal_moves_as(out, Action::Move);
                out.sort_unstable();
            }
            _ => out.clear(),
        }
    }

    fn apply(&self, s: &mut State, action: Action) {
        match action {
            Action::Deal(card) => {
                debug_assert!(
                    s.deal.is_none() && !s.dealt_set.contains(card),
                    "{card:?} is not to be dealt"
                );
                s.order[usize::from(s.dealt)] = card;
                s.dealt += 1;
                s.dealt_set.insert(card);
                if usize::from(s.dealt) == tabula_cards::bout::CARDS {
                    let deal = Deal::from_order(
                        self.options.bout(),
                        s.players(),
                        &s.order,
                        usize::from(s.dealer),
                        s.first.map(usize::from),
                    )
                    .expect("a whole pack deals");
                    s.deal = Some(deal);
                }
            }
            Action::Move(mv) => self.play(s, mv).expect("a legal move"),
        }
    }

    fn payoffs(&self, s: &State) -> Payoffs {
        if !s.over {
            return Payoffs::new(&vec![0.0; s.players()]);
        }
        self.table
            .payoffs(&self.team_duraks(s), PayoffRule::WinShare { lower_wins: true })
    }

    fn payoff_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if s.turn() != Turn::Chance {
            return;
        }
        let undealt = s.undealt();
        let p = 1.0 / undealt.len() as f64;
        out.extend(undealt.iter().map(|c| (Action::Deal(c), p)));
    }

    fn sample_chance(&self, s: &State, rng: &mut Rng) -> Action {
        assert_eq!(s.turn(), Turn::Chance, "chance does not act");
        Action::Deal(s.undealt().random(rng).expect("a card to deal"))
    }

    fn observation(&self, s: &State, seat: Seat) -> Observation {
        Observation::of(&self.options, s, seat)
    }

    /// A card dealt into another seat's hand or into the stock is seen as
    /// a hidden deal; the trump card and every move are public.
    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        match action {
            Action::Deal(_) => match s.dealt_to(usize::from(s.dealt)) {
                Dealt::Hand(t) if t == observer => Seen::Action(action),
                Dealt::Trump => Seen::Action(action),
                _ => Seen::Hidden(Hidden::Deal),
            },
            Action::Move(_) => Seen::Action(action),
        }
    }

    /// The refill at a bout's end shows each seat the cards it draws, and
    /// the first attacker of a deal tells who holds the lowest trump.
    fn reveals(&self) -> bool {
        true
    }

    /// A move while the stock holds cards can end in a refill; the pack's
    /// last card dealt starts the play, led by the lowest trump's holder.
    #[inline]
    fn may_reveal(&self, before: &State, action: Action) -> bool {
        match action {
            Action::Move(_) => before.deal.is_some_and(|d| d.stock_len() > 0),
            Action::Deal(_) => usize::from(before.dealt) == tabula_cards::bout::CARDS - 1,
        }
    }

    /// The observer's whole observation after the move: the cards it
    /// drew, or who holds the lowest trump and attacks first.
    fn revealed(&self, before: &State, action: Action, after: &State, observer: Seat) -> u64 {
        if !self.may_reveal(before, action) {
            return 0;
        }
        stable_hash(&self.observation(after, observer))
    }

    #[inline]
    fn hash(&self, s: &State) -> u64 {
        stable_hash(s)
    }
}
