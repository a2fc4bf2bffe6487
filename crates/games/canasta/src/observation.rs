//! What a player knows: its hand, the whole discard pile (every card of it
//! was seen as it was turned or discarded), both sides' melds, the red
//! threes laid out, the cards each player took with the pile and still
//! holds, the counts, the turn and the scores; and the worlds that fit it.

use serde::{Deserialize, Serialize};
use tabula_cards::CardId;
use tabula_search::{Rng, Seat, Turn, WorldSampler};

use crate::actions::Action;
use crate::cards::{Cards, DECK, NUM_CARDS, RANKS, is_red_three};
use crate::legal::Situation;
use crate::options::CanastaOptions;
use crate::state::{HandResult, Permission, Phase, SEATS, State, Zone, side_of};

/// A player's observation: everything it has seen, nothing it has not.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Observation {
    /// The rules.
    pub options: CanastaOptions,
    /// The observing player.
    pub seat: u8,
    /// Its hand.
    pub hand: Cards,
    /// The cards each player took with the pile and still holds.
    pub known: [Cards; SEATS],
    /// Cards in each player's hand.
    pub counts: [u8; SEATS],
    /// The discard pile, bottom first.
    pub pile: Vec<CardId>,
    /// Each side's melds, by rank.
    pub melds: [[Cards; RANKS]; 2],
    /// Each player's red threes.
    pub reds: [Cards; SEATS],
    /// Cards in the stock.
    pub stock: u8,
    /// Cards dealt this hand.
    pub dealt: u8,
    /// The dealer.
    pub dealer: u8,
    /// Where the hand stands.
    pub phase: Phase,
    /// The player to act.
    pub to_act: u8,
    /// Cards still owed to the player to act from the stock.
    pub owed: u8,
    /// The worth the player to act melded this turn.
    pub turn_value: u16,
    /// The sides that have made their initial meld (bit per side).
    pub opened: u8,
    /// The players who had melded before this turn (bit per seat).
    pub melded: u8,
    /// Whether the player to act has melded this turn.
    pub this_turn: bool,
    /// The request to go out this turn.
    pub asked: Permission,
    /// Hands finished.
    pub deal_no: u32,
    /// Each side's score.
    pub scores: [i32; 2],
    /// The last finished hand, as shown.
    pub last: Option<HandResult>,
    /// Whether the match is over.
    pub over: bool,
}

/// Every card on the table: the pile, both sides' melds, the red threes.
pub fn on_table(pile: &[CardId], melds: &[[Cards; RANKS]; 2], reds: &[Cards; SEATS]) -> Cards {
    let t: Cards = pile.iter().copied().collect();
    let t = melds.iter().flatten().fold(t, |a, &m| a | m);
    reds.iter().fold(t, |a, &r| a | r)
}

/// The cards a player holding `hand` cannot place, with the cards known
/// in hands (`known`, taken with the pile) and those `on_table`: the other
/// hands' hidden cards and the stock. The observation's and the search's
/// worlds' one definition.
pub fn unseen(hand: Cards, known: &[Cards; SEATS], on_table: Cards) -> Cards {
    let known = known.iter().fold(Cards::EMPTY, |a, &k| a | k);
    DECK - hand - known - on_table
}

impl Observation {
    /// What `seat` sees of `s`.
    pub fn of(s: &State, seat: Seat) -> Observation {
        Observation {
            options: s.options,
            seat: seat as u8,
            hand: s.hands[seat],
            known: s.known,
            counts: std::array::from_fn(|k| s.hands[k].len() as u8),
            pile: s.pile().to_vec(),
            melds: s.melds,
            reds: s.reds,
            stock: s.stock.len() as u8,
            dealt: s.dealt,
            dealer: s.dealer,
            phase: s.phase,
            to_act: s.to_act,
            owed: s.owed,
            turn_value: s.turn_value,
            opened: s.opened,
            melded: s.melded,
            this_turn: s.this_turn,
            asked: s.asked,
            deal_no: s.deal_no,
            scores: s.scores,
            last: s.last,
            over: s.over,
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else if matches!(self.phase, Phase::Deal | Phase::Replace | Phase::StockDraw) {
            Turn::Chance
        } else {
            Turn::Seat(usize::from(self.to_act))
        }
    }

    /// The observing player's side.
    pub fn side(&self) -> usize {
        side_of(usize::from(self.seat))
    }

    /// The observing player's turn as it sees it (meaningful when it acts).
    pub fn situation(&self) -> Situation<'_> {
        let d = self.side();
        let options = &self.options;
        Situation {
            options,
            phase: self.phase,
            hand: self.hand,
            table: &self.melds[d],
            pile: &self.pile,
            stock: usize::from(self.stock),
            opened: self.opened >> d & 1 == 1,
            minimum: options.minimum(self.scores[d]),
            turn_value: u32::from(self.turn_value),
            asked: self.asked,
        }
    }

    /// The observing player's legal actions (none when another acts).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn() == Turn::Seat(usize::from(self.seat)) {
            self.situation().actions(out);
        }
    }

    /// Every card on the table: the pile, the melds, the red threes.
    pub fn on_table(&self) -> Cards {
        on_table(&self.pile, &self.melds, &self.reds)
    }

    /// The cards the player cannot place: in other hands or the stock.
    pub fn unseen(&self) -> Cards {
        unseen(self.hand, &self.known, self.on_table())
    }

    /// The cards of player `k` this one cannot see.
    pub fn hidden(&self, k: usize) -> usize {
        if k == usize::from(self.seat) {
            0
        } else {
            usize::from(self.counts[k]).saturating_sub(self.known[k].len())
        }
    }

    /// Whether red threes may be in hands unseen: only while the deal's
    /// red threes are not all laid out.
    fn reds_in_hands(&self) -> bool {
        matches!(self.phase, Phase::Deal | Phase::Replace)
    }

    /// Checks that some position shows this observation: the cards are
    /// distinct and in one place each, the counts add up to 108, the turn
    /// and the phase agree.
    ///
    /// # Errors
    /// What does not fit, in one line.
    pub fn check(&self) -> Result<(), String> {
        let seat = usize::from(self.seat);
        if seat >= SEATS || usize::from(self.to_act) >= SEATS || usize::from(self.dealer) >= SEATS {
            return Err("a player out of the table".into());
        }
        let mut places = vec![self.hand];
        let mut pile = Cards::EMPTY;
        for &c in &self.pile {
            if c.index() >= NUM_CARDS || pile.contains(c) {
                return Err("the pile holds distinct cards 0 to 107".into());
            }
            pile.insert(c);
        }
        places.push(pile);
        places.extend(self.melds.iter().flatten().copied());
        places.extend(self.reds.iter().copied());
        for (k, &kn) in self.known.iter().enumerate() {
            if k != seat {
                places.push(kn);
            }
        }
        let mut all = Cards::EMPTY;
        for &p in &places {
            if !(p - DECK).is_empty() {
                return Err("cards are 0 to 107".into());
            }
            if !(all & p).is_empty() {
                return Err("a card is in two places".into());
            }
            all = all | p;
        }
        if !self.hand.contains_all(self.known[seat]) {
            return Err("its own known cards are not in its hand".into());
        }
        if usize::from(self.counts[seat]) != self.hand.len() {
            return Err("its count is not its hand's".into());
        }
        for k in 0..SEATS {
            if usize::from(self.counts[k]) < self.known[k].len() {
                return Err("a hand of fewer cards than it is known to hold".into());
            }
            if self.reds[k].iter().any(|c| !is_red_three(c)) {
                return Err("a card laid out as a red three is not one".into());
            }
        }
        for d in 0..2 {
            for (r, m) in self.melds[d].iter().enumerate() {
                if m.iter()
                    .any(|c| crate::cards::meld_rank(c).is_some_and(|x| usize::from(x) != r) || is_red_three(c))
                {
                    return Err("a meld holds a card of another rank".into());
                }
            }
        }
        let hidden: usize = (0..SEATS).map(|k| self.hidden(k)).sum();
        let unseen = self.unseen();
        if hidden + usize::from(self.stock) != unseen.len() {
            return Err("the counts do not add up to 108 cards".into());
        }
        if !self.reds_in_hands() && self.hand.iter().any(is_red_three) {
            return Err("a red three held in play".into());
        }
        let hidden_reds = unseen.iter().filter(|&c| is_red_three(c)).count();
        if !self.reds_in_hands() && hidden_reds > usize::from(self.stock) {
            return Err("more red threes unseen than the stock holds".into());
        }
        if self.phase == Phase::Draw && self.stock == 0 && self.pile.is_empty() {
            return Err("a draw with neither stock nor pile".into());
        }
        Ok(())
    }

    /// A world drawn uniformly from those that fit; `None` when the
    /// observation does not check.
    pub fn sample(&self, rng: &mut Rng) -> Option<State> {
        Some(self.sampler()?.draw(rng))
    }

    /// The draws of [`sample`](Observation::sample) prepared once: the
    /// unseen instances dealt uniformly to the other hands' hidden places
    /// and the stock — the red threes, in play, to the stock alone (a hand
    /// never holds one) — and the cards known to be in a hand kept there.
    pub fn sampler(&self) -> Option<Worlds> {
        self.check().ok()?;
        self.options.check().ok()?;
        let mut s = State::new(self.options);
        s.hands = self.known;
        s.hands[usize::from(self.seat)] = self.hand;
        s.known = self.known;
        s.stock = Cards::EMPTY;
        for &c in &self.pile {
            s.push_pile(c);
        }
        s.melds = self.melds;
        s.reds = self.reds;
        s.dealt = self.dealt;
        s.dealer = self.dealer;
        s.deal_no = self.deal_no;
        s.phase = self.phase;
        s.to_act = self.to_act;
        s.owed = self.owed;
        s.turn_value = self.turn_value;
        s.opened = self.opened;
        s.melded = self.melded;
        s.this_turn = self.this_turn;
        s.asked = self.asked;
        s.scores = self.scores;
        s.last = self.last;
        s.over = self.over;
        let unseen = self.unseen();
        let reds: Cards = if self.reds_in_hands() {
            Cards::EMPTY
        } else {
            unseen.iter().filter(|&c| is_red_three(c)).collect()
        };
        Some(Worlds {
            template: s,
            observer: usize::from(self.seat),
            unseen: unseen - reds,
            reds,
            hidden: std::array::from_fn(|k| self.hidden(k) as u8),
        })
    }
}

/// The worlds of one observation: the unseen instances dealt uniformly
/// to the other hands' hidden places, the rest the stock.
#[derive(Clone, Debug)]
pub struct Worlds {
    template: State,
    observer: usize,
    unseen: Cards,
    reds: Cards,
    hidden: [u8; SEATS],
}

/// Draws before a world that breaks what the turn shows is taken anyway.
const TRIES: usize = 10_000;

impl Worlds {
    /// One world. Mid-turn, another player's hidden hand must fit what its
    /// turn shows (an initial meld under way can be finished, a request to
    /// go out could be made): worlds that do not are drawn again.
    pub fn draw(&mut self, rng: &mut Rng) -> State {
        let mut s = self.once(rng);
        for _ in 1..TRIES {
            if self.fits(&s) {
                break;
            }
            s = self.once(rng);
        }
        s
    }

    /// Whether the player to act (when another) has a move that fits its turn.
    fn fits(&self, s: &State) -> bool {
        let k = s.to_act();
        if k == self.observer || !matches!(s.phase, Phase::Opening | Phase::Play | Phase::Answer) {
            return true;
        }
        if s.phase == Phase::Answer {
            // The asker could go out.
            let asker = (k + 2) % SEATS;
            if asker == self.observer {
                return true;
            }
            let mut w = s.clone();
            w.to_act = asker as u8;
            w.phase = Phase::Play;
            w.asked = Permission::None;
            return Situation::of_state(&w).can_go_out();
        }
        let mut legal = Vec::new();
        Situation::of_state(s).actions(&mut legal);
        !legal.is_empty()
    }

    /// A world drawn once.
    fn once(&mut self, rng: &mut Rng) -> State {
        let mut s = self.template.clone();
        let mut pool = self.unseen;
        for k in 0..SEATS {
            for _ in 0..self.hidden[k] {
                let c = pool.random(rng).expect("enough unseen cards for the hands");
                pool.remove(c);
                s.hands[k].insert(c);
            }
        }
        s.stock = pool | self.reds;
        s.cards_hash = s.compute_cards_hash();
        s
    }
}

impl WorldSampler<State> for Worlds {
    fn sample(&mut self, rng: &mut Rng) -> State {
        self.draw(rng)
    }
}

/// Exchanges a card of another player's hand that `observer` cannot see
/// (not one taken with the pile) with a stock card of another face (never
/// a red three into a hand in play), in the truth: the first such pair in
/// card order. Returns whether there was one. The hidden-information
/// tests' hook: every observation of `observer` must stay the same.
pub fn swap_unseen(s: &mut State, observer: Seat) -> bool {
    let reds_ok = matches!(s.phase, Phase::Deal | Phase::Replace);
    for k in (0..SEATS).filter(|&k| k != observer) {
        for x in s.hands[k] - s.known[k] {
            let fits = |y: CardId| crate::cards::face(y) != crate::cards::face(x) && (reds_ok || !is_red_three(y));
            if let Some(y) = s.stock.iter().find(|&y| fits(y)) {
                s.hands[k].remove(x);
                s.hands[k].insert(y);
                s.stock.remove(y);
                s.stock.insert(x);
                s.shift(x, Zone::Hand(k), Zone::Stock);
                s.shift(y, Zone::Stock, Zone::Hand(k));
                return true;
            }
        }
    }
    false
}
