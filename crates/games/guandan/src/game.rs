//! Guandan as the search library's [`Game`] and `Determinize` (written
//! by the card engine's [`tabula_cards::card_game!`] in the crate's
//! root): the rules type [`Guandan`], so that every search (root-UCB
//! over paired worlds, ISMCTS, random playouts) runs on it.

use std::cell::RefCell;

use tabula_search::rng::mix64;
use tabula_search::{Game, Hidden, Payoffs, Rng, Seat, Seen, Turn, WorldSampler};

use crate::actions::Action;
use crate::cards::{Cards, face_of};
use crate::moves::{Scratch, take};
use crate::observation::{Faces, Observation};
use crate::options::GuandanOptions;
use crate::rules::SeatTurn;
use crate::state::{Phase, SEATS, SIDES, State};
use crate::worlds::Worlds;

thread_local! {
    /// The buffers of the legal actions, reused (no allocation once grown).
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The rules of a Guandan match under its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guandan {
    options: GuandanOptions,
}

impl Guandan {
    /// The game's name in the registry.
    pub const NAME: &'static str = "guandan";

    /// The rules under `options`.
    ///
    /// # Errors
    /// Options out of range, said in a line.
    pub fn new(options: GuandanOptions) -> Result<Guandan, String> {
        let options = options.validate().map_err(|e| e.to_string())?;
        Ok(Guandan { options })
    }

    /// The options.
    pub fn options(&self) -> GuandanOptions {
        self.options
    }

    /// The start of a match: every card in the stock, both sides at the
    /// starting level.
    pub fn initial_state(&self) -> State {
        State::new(self.options).expect("options checked by new")
    }
}

impl Observation {
    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        match self.phase {
            Phase::Deal | Phase::FirstLeader => Turn::Chance,
            Phase::Over => Turn::Terminal,
            _ => Turn::Seat(usize::from(self.to_act)),
        }
    }

    /// The observing seat's legal actions, from what it sees alone (the
    /// same as [`State::legal`] in every world that fits): cleared first,
    /// sorted; none when it is not the seat to act.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn() != Turn::Seat(usize::from(self.seat)) {
            return;
        }
        let turn = SeatTurn {
            phase: self.phase,
            level: self.level,
            to_beat: self.last.filter(|&(by, _)| by != self.seat).map(|(_, c)| c),
            received: self
                .tributes
                .iter()
                .find(|t| t.receiver == self.seat)
                .and_then(|t| t.card),
            return_rule: self.options.return_rule,
        };
        SCRATCH.with_borrow_mut(|scratch| turn.actions(self.hand.instances(), scratch, out));
    }
}

impl Faces {
    /// One set of instances with these faces (each face's lower copies
    /// first): the hand as the rules read it, copies aside.
    pub fn instances(&self) -> Cards {
        let mut out = Cards::EMPTY;
        for (f, k) in self.iter() {
            for copy in 0..u16::from(k) {
                out.insert(tabula_cards::CardId(u16::from(f) * 2 + copy));
            }
        }
        out
    }
}

impl Observation {
    /// The worlds that fit the observation; `None` when its cards do not
    /// add up (no position shows it).
    pub fn sampler(&self) -> Option<Worlds> {
        Worlds::new(self).ok()
    }
}

impl State {
    /// Each side's level as its card's value, 2 to 14 (the ace): the
    /// match's score, as a record states it.
    pub fn scores(&self) -> [u8; SIDES] {
        self.levels().map(|l| l + 2)
    }
}

impl WorldSampler<State> for Worlds {
    fn sample(&mut self, rng: &mut Rng) -> State {
        Worlds::sample(self, rng)
    }
}

impl Game for Guandan {
    type State = State;
    type Action = Action;
    type Observation = Observation;

    fn num_seats(&self) -> usize {
        SEATS
    }

    #[inline]
    fn to_move(&self, s: &State) -> Turn {
        s.turn()
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        SCRATCH.with_borrow_mut(|scratch| s.legal(scratch, out));
    }

    #[inline]
    fn apply(&self, s: &mut State, action: Action) {
        s.apply(action);
    }

    /// 1 to each seat of the side that won the match, 0 to the others.
    fn payoffs(&self, s: &State) -> Payoffs {
        Payoffs::new(&s.payoffs())
    }

    fn payoff_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, f64)>) {
        s.chance_outcomes(out);
    }

    fn observation(&self, s: &State, seat: Seat) -> Observation {
        Observation::of(s, seat)
    }

    /// A card dealt to another seat is seen as a deal, nothing more.
    fn view_action(&self, s: &State, action: Action, observer: Seat) -> Seen<Action> {
        match action {
            Action::Deal(_) if s.to_act() != observer => Seen::Hidden(Hidden::Deal),
            other => Seen::Action(other),
        }
    }

    /// A play shows the suits of the cards it takes (the action names
    /// ranks, and a straight flush's suit, only).
    fn reveals(&self) -> bool {
        true
    }

    /// A play; and the deal's last card, which tells whether the tribute
    /// is resisted (the givers hold both big jokers).
    fn may_reveal(&self, s: &State, action: Action) -> bool {
        match action {
            Action::Play(_) => true,
            Action::Deal(_) => usize::from(s.dealt) + 1 == SEATS * crate::state::HAND,
            _ => false,
        }
    }

    fn revealed(&self, before: &State, action: Action, after: &State, _observer: Seat) -> u64 {
        match action {
            Action::Deal(_) => u64::from(after.phase() == Phase::Tribute) | (after.to_act() as u64) << 1,
            Action::Play(p) => {
                let seat = before.to_act();
                let cards = take(before.hand(seat), before.level(), &p).unwrap_or_default();
                Faces::of(cards)
                    .iter()
                    .fold(0x6D, |h, (f, k)| mix64(h ^ u64::from(f) << 8 ^ u64::from(k)))
            }
            _ => 0,
        }
    }

    /// The state's fingerprint, from scratch: every hand and played set by
    /// face, the trick, the levels and the phase.
    fn hash(&self, s: &State) -> u64 {
        let mut h = 0x9A4D_A400_0000_0001u64;
        let faces = |c: Cards| {
            Faces::of(c)
                .iter()
                .fold(0u64, |h, (f, k)| mix64(h ^ u64::from(f) << 2 ^ u64::from(k)))
        };
        for k in 0..SEATS {
            h = mix64(h ^ faces(s.hand(k)) ^ (k as u64) << 60);
            h = mix64(h ^ faces(s.played(k)) ^ (k as u64 + 4) << 60);
            h = mix64(h ^ faces(s.shown(k)) ^ (k as u64 + 8) << 60 ^ u64::from(s.passed(k)) << 59);
        }
        h = mix64(h ^ faces(s.stock()));
        if let Some((by, c)) = s.to_beat() {
            h = mix64(h ^ (by as u64) << 56 ^ c.cards.0 ^ (c.kind as u64) << 48 ^ u64::from(c.rank) << 40);
        }
        let levels = s.levels();
        let fixed = u64::from(levels[0])
            | u64::from(levels[1]) << 8
            | u64::from(s.level()) << 16
            | (s.phase() as u64) << 24
            | (s.to_act() as u64) << 32
            | u64::from(s.passes()) << 40;
        h = mix64(h ^ fixed);
        for t in s.tributes() {
            let card = t.card.map_or(0xFF, |c| u64::from(face_of(c)));
            let back = t.returned.map_or(0xFF, |c| u64::from(face_of(c)));
            h = mix64(h ^ u64::from(t.payer) ^ u64::from(t.receiver) << 8 ^ card << 16 ^ back << 24);
        }
        for (i, &seat) in s.out().iter().enumerate() {
            h = mix64(h ^ u64::from(seat) << (8 * i));
        }
        mix64(h ^ u64::from(s.failures()[0]) ^ u64::from(s.failures()[1]) << 8 ^ u64::from(s.hand_number()) << 16)
    }
}
