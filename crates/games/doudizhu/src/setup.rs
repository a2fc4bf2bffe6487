//! Positions of the play written out by hand, for tests, puzzles and the
//! solver: each seat's hand as ranks, the landlord, the seat to act and
//! the combination to beat. A [`PlaySetup`] is unvalidated;
//! [`DouDizhu::position`] checks it and builds the [`State`].

use tabula_cards::CardSet;
use tabula_cards::climbing::Trick;

use crate::cards::{DECK, cards_from, parse_counts};
use crate::combo::Combo;
use crate::moves::classify;
use crate::rules::DouDizhu;
use crate::state::{MAX_BID, Phase, SEATS, State};

/// A play-phase position as written: not yet checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaySetup {
    /// Each seat's hand.
    pub hands: [CardSet; SEATS],
    /// The landlord.
    pub landlord: usize,
    /// The seat to act.
    pub to_act: usize,
    /// The combination to beat and the seat that played it (`None`: the
    /// seat to act leads).
    pub last: Option<(usize, Combo)>,
    /// The winning bid.
    pub bid: u8,
    /// The combinations each seat has played (springs count them): two
    /// each by default, so that no spring is scored by accident.
    pub plays: [u8; SEATS],
}

impl PlaySetup {
    /// Hands given as ranks (`"3 3 4 K"`, `""` for none), each card the
    /// lowest suit of its rank not yet taken; the seat to act leads.
    ///
    /// # Errors
    /// A rank that does not read, or more cards of a rank than the deck
    /// holds.
    pub fn from_ranks(hands: [&str; SEATS], landlord: usize, to_act: usize) -> Result<PlaySetup, String> {
        let mut left = DECK;
        let mut sets = [CardSet::EMPTY; SEATS];
        for (k, text) in hands.iter().enumerate() {
            if text.trim().is_empty() {
                continue;
            }
            let counts = parse_counts(text)?;
            let cards = cards_from(counts, left).ok_or_else(|| format!("too many cards of a rank in {text}"))?;
            left = CardSet(left.0 & !cards.0);
            sets[k] = cards;
        }
        Ok(PlaySetup {
            hands: sets,
            landlord,
            to_act,
            last: None,
            bid: 1,
            plays: [2; SEATS],
        })
    }

    /// The same, `seat` having played `ranks` (one combination) last.
    ///
    /// # Errors
    /// When the ranks are not one combination.
    pub fn with_last(mut self, seat: usize, ranks: &str) -> Result<PlaySetup, String> {
        let counts = parse_counts(ranks)?;
        let mut readings = Vec::new();
        classify(counts, true, &mut readings);
        let combo = *readings
            .first()
            .ok_or_else(|| format!("{ranks} is not a combination"))?;
        self.last = Some((seat, combo));
        Ok(self)
    }
}

impl DouDizhu {
    /// The position a setup describes: the cards in no hand are played,
    /// the last combination's by the seat that played it, the kitty's
    /// three by the landlord, the rest one by one round the table; the
    /// passes since the last combination follow from the seat to act.
    ///
    /// # Errors
    /// Seats out of range, a hand empty or over 20 cards, hands sharing a
    /// card, a bid out of 1 to 3, a seat to beat its own combination, too
    /// few cards left for what must have been played, or plays that do
    /// not fit the cards played.
    pub fn position(&self, setup: &PlaySetup) -> Result<State, String> {
        let PlaySetup {
            hands,
            landlord,
            to_act,
            last,
            bid,
            plays,
        } = *setup;
        if landlord >= SEATS || to_act >= SEATS || last.is_some_and(|(k, _)| k >= SEATS) {
            return Err("seats are 0, 1 and 2".into());
        }
        if !(1..=MAX_BID).contains(&bid) {
            return Err("the bid is 1 to 3".into());
        }
        let mut held = 0u64;
        for h in &hands {
            if h.is_empty() || h.len() > 20 || h.0 & held != 0 || h.0 & !DECK.0 != 0 {
                return Err("each hand holds 1 to 20 cards of its own".into());
            }
            held |= h.0;
        }
        let mut rest = CardSet(DECK.0 & !held);
        let mut s = State::new(0);
        s.hands = hands;
        s.stock = CardSet::EMPTY;
        s.dealt = crate::state::DEALT;
        s.phase = Phase::Play;
        s.to_act = to_act as u8;
        s.bid = bid;
        s.bids = [Some(0); SEATS];
        s.bids[landlord] = Some(bid);
        s.landlord = Some(landlord as u8);
        if let Some((by, combo)) = last {
            if by == to_act {
                return Err("a seat never has its own combination to beat: it leads".into());
            }
            let cards = cards_from(combo.cards, rest).ok_or("too few cards left for the last combination")?;
            rest = CardSet(rest.0 & !cards.0);
            s.played[by].0 |= cards.0;
            s.trick = Trick {
                last: Some((by as u8, combo)),
                passes: ((to_act + SEATS - by - 1) % SEATS) as u8,
            };
        }
        // The kitty: the lowest three cards left.
        let mut kitty = CardSet::EMPTY;
        for c in rest.iter().take(3) {
            kitty.insert(c);
        }
        if kitty.len() < 3 && (s.played[landlord].len() + kitty.len()) < 3 {
            return Err("too few cards left for the kitty".into());
        }
        // The kitty is whatever three cards the landlord played first.
        while kitty.len() < 3 {
            let c = CardSet(s.played[landlord].0 & !kitty.0)
                .lowest()
                .expect("a played card");
            kitty.insert(c);
        }
        rest = CardSet(rest.0 & !kitty.0);
        s.played[landlord].0 |= kitty.0;
        for (i, c) in rest.iter().enumerate() {
            s.played[i % SEATS].insert(c);
        }
        s.kitty = kitty;
        for (&n, played) in plays.iter().zip(&s.played) {
            if (n == 0) != played.is_empty() || usize::from(n) > played.len() {
                return Err("a seat's plays do not fit the cards it has played".into());
            }
        }
        s.plays = plays;
        // Hidden keys that fit the cards played: each seat played the
        // cards it held longest.
        s.assign_keys([0; SEATS]);
        s.cards_hash = s.compute_cards_hash();
        Ok(s)
    }
}
