//! Durak on the game contract: the options and players, the player's
//! view and text, actions as typed (`attack 7♥` or `7h`, `beat 7♠ with
//! 9♠` or `9♠ on 7♠` or a bare `9♠` when it beats one card only, `take`,
//! `pass`, `transfer 7♦`), the note at each deal's end, the score sheet
//! (duraks), and the swap hook.

use tabula_cards::CardId;
use tabula_cards::bout::{DECK, Move};
use tabula_contract::capability::{BenchSearch, searches};
use tabula_contract::{GameInfo, GameModule, OptionDoc, Scoresheet};
use tabula_search::{Determinize, Game, Seat, Turn};

use crate::actions::{Action, name};
use crate::ai::{DURAK_TUNABLES, DurakAi};
use crate::observation::{Observation, swap_unseen};
use crate::options::DurakOptions;
use crate::rules::Durak;
use crate::state::State;
use crate::view::{DurakView, SEAT_NAMES, outcome_text, sorted_hand};

impl GameModule for Durak {
    type Game = Durak;
    type Options = DurakOptions;
    type View = DurakView;

    const INFO: GameInfo = GameInfo {
        name: Durak::NAME,
        title: "Durak",
        summary: "Podkidnoy durak for 2 to 6: attack, beat, throw in or take; the last player holding cards is the durak",
        min_seats: 2,
        max_seats: 6,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new("players", "players at the table, 2 to 6"),
        OptionDoc::new(
            "deals",
            "deals in the match, 1 to 100: the fewest duraks win (default 5)",
        ),
        OptionDoc::new(
            "transfer",
            "perevodnoy: before any attack is beaten, the defender passes the attack on with a card of the same rank",
        ),
        OptionDoc::choice(
            "throw_in",
            "who may throw in: every other player, the defender's two neighbours, or the main attacker only",
            &["everyone", "neighbours", "attacker_only"],
        ),
        OptionDoc::new(
            "onto_taker",
            "cards may be thrown in onto a defender who said take (default on)",
        ),
        OptionDoc::new("first_bout_five", "a deal's first bout holds at most five attacks"),
        OptionDoc::new("teams", "teams of two, partners opposite (4 or 6 players)"),
    ];
    /// A deal is some hundred moves in play (a deal of endless takes
    /// could run longer: the limit stops it); a match at most 100 deals.
    const MAX_PLIES: usize = 200_000;
    const SEAT_NAMES: &'static [&'static str] = &SEAT_NAMES;

    const RULES: &'static str = include_str!("../RULES.md");

    tabula_cards::card_module!(leveled: DurakAi, "Durak" {
        players: "the computer, level 1 to 4: 1-2 a policy (the cheapest card that leads or beats, take rather than spend a high trump early, throw in small cards; 1 with mistakes), 3-4 information-set MCTS whose rollouts play whole bouts to the deal's end",
        tunables: "durak computer" => DURAK_TUNABLES,
        bench: bench,
    });

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(o.seat), seat)?;
        if o.options != self.options() {
            return Err("the observation's rules are not the game's".into());
        }
        o.check()
    }

    /// A state from outside (a world drawn for an observation, a record's
    /// replay) is the match's: its every seat's observation checks, and
    /// the deal in play keeps its invariants (the 36 cards once each, the
    /// table its pairs, the trump card at the stock's bottom).
    fn check_state(&self, s: &State) -> Result<(), String> {
        if s.players() != self.options().seats() {
            return Err("the state's table is not the game's".into());
        }
        if let Some(d) = s.deal() {
            d.check_invariants()?;
        } else if s.undealt().len() + usize::from(s.dealt) != tabula_cards::bout::CARDS {
            return Err("the cards dealt are not the pack's first ones".into());
        }
        (0..s.players()).try_for_each(|seat| self.observation(s, seat).check())
    }

    fn teams(&self) -> Option<Vec<usize>> {
        let o = self.options();
        o.teams.then(|| (0..o.seats()).map(|s| o.team(s)).collect())
    }

    fn view(&self, o: &Observation, _seat: Seat) -> DurakView {
        DurakView::of(o)
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let v = DurakView::of(o);
        let mut out = format!("Deal {} of {}.", v.deal_no, v.deals);
        if let Some(t) = &v.trump {
            out.push_str(&format!(
                " Trumps: {} (turned up {t}).",
                v.trump_suit.as_deref().unwrap_or("")
            ));
        }
        out.push_str(&format!(" Stock: {} cards. Beaten off: {}.\n", v.stock, v.discard));
        if let Some(last) = &v.last {
            out.push_str(&format!("Last deal: {last}.\n"));
        }
        if let (Some(a), Some(d)) = (v.attacker, v.defender) {
            let pairs: Vec<String> = v
                .table
                .iter()
                .map(|p| match &p.beaten_by {
                    Some(b) => format!("{}/{b}", p.attack),
                    None => p.attack.clone(),
                })
                .collect();
            out.push_str(&format!(
                "{} attacks {}{}: {}\n",
                SEAT_NAMES[a],
                SEAT_NAMES[d],
                if v.taking { " (taking)" } else { "" },
                if pairs.is_empty() {
                    "nothing on the table yet".to_string()
                } else {
                    pairs.join("  ")
                }
            ));
        }
        for (k, p) in v.seats.iter().enumerate() {
            if k == seat {
                continue;
            }
            let mut line = format!("{}: {} cards", SEAT_NAMES[k], p.count);
            if !p.in_game {
                line.push_str(" (out)");
            }
            if !p.known.is_empty() {
                line.push_str(&format!(", holds {}", p.known.join(" ")));
            }
            out.push_str(&format!("{line}; duraks {}\n", p.duraks));
        }
        out.push_str(&format!(
            "Your duraks: {}. Your hand: {}",
            v.seats[seat].duraks,
            if v.hand.is_empty() {
                "none".to_string()
            } else {
                v.hand.join(" ")
            }
        ));
        if o.turn() == Turn::Seat(seat) {
            out.push_str(match v.phase {
                "lead" => "\nAttack with any card",
                "defend" => "\nBeat an attack (beat 7♠ with 9♠), or take",
                _ if v.taking => "\nThrow in onto the taker a card of a rank on the table, or pass",
                _ => "\nThrow in a card of a rank on the table, or pass",
            });
        }
        out
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => format!("deal {}", name(c)),
            Action::Move(Move::Attack(c)) => format!("attack {}", name(c)),
            Action::Move(Move::Defend { attack, with }) => format!("beat {} with {}", name(attack), name(with)),
            Action::Move(Move::Take) => "take".to_string(),
            Action::Move(Move::Pass) => "pass".to_string(),
            Action::Move(Move::Transfer(c)) => format!("transfer {}", name(c)),
        }
    }

    fn parse_action(&self, o: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let mut legal = Vec::new();
        self.legal_from_observation(o, seat, &mut legal);
        if legal.is_empty() {
            return Err("it is not your turn".into());
        }
        let action = parse_move(o, &legal, text)?;
        if legal.contains(&action) {
            Ok(action)
        } else {
            Err(format!("{} is not legal now", self.action_text(action)))
        }
    }

    fn note(&self, before: &Observation, after: &Observation, _seat: Seat) -> Option<String> {
        if after.deal_no != before.deal_no {
            return Some(format!(
                "Deal {} ends: {}.",
                before.deal_no + 1,
                outcome_text(after.last?)
            ));
        }
        let (b, a) = (before.play.as_ref()?, after.play.as_ref()?);
        let out: Vec<&str> = (0..after.players())
            .filter(|&s| b.public.active >> s & 1 == 1 && a.public.active >> s & 1 == 0)
            .map(|s| SEAT_NAMES[s])
            .collect();
        (!out.is_empty()).then(|| format!("{} out of cards: out of the deal.", out.join(" and ")))
    }

    fn round(&self, s: &State) -> u32 {
        s.deal_no()
    }

    fn swap_unseen(&self, s: &mut State, observer: Seat) -> bool {
        swap_unseen(s, observer)
    }

    /// Every hand as its seat sees it sorted (plain suits first, trumps
    /// last).
    fn face_up(&self, s: &State) -> Option<Vec<Vec<String>>> {
        let trump = s.trump_card().map(|c| DECK.suit(c));
        Some(s.hands().iter().map(|&h| sorted_hand(h, trump)).collect())
    }

    fn scoresheet(&self, s: &State) -> Option<Scoresheet> {
        Some(Scoresheet::seats(&s.duraks(), Some(s.deal_no() + 1)))
    }
}

/// Reads a card (`7h`, `7♥`, `10s`) that the seat holds.
fn held(o: &Observation, text: &str) -> Result<CardId, String> {
    let card = DECK.parse(text.trim()).map_err(|e| e.to_string())?;
    if o.hand.contains(card) {
        Ok(card)
    } else {
        Err(format!("you do not hold {}", name(card)))
    }
}

/// Reads a card on the table.
fn on_table(o: &Observation, text: &str) -> Result<CardId, String> {
    let card = DECK.parse(text.trim()).map_err(|e| e.to_string())?;
    match &o.play {
        Some(p) if p.public.bout.table().contains(card) => Ok(card),
        _ => Err(format!("{} is not on the table", name(card))),
    }
}

/// Reads a move as typed (see the [module](self) documentation); a bare
/// card means the one legal move it can be.
///
/// # Errors
/// Words that name no move, a card not held, or a bare card that could
/// be two moves.
pub fn parse_move(o: &Observation, legal: &[Action], text: &str) -> Result<Action, String> {
    let t = text.trim().to_lowercase();
    let words: Vec<&str> = t.split_whitespace().collect();
    let mv = match words.as_slice() {
        ["take"] | ["pick", "up"] => Move::Take,
        ["pass"] | ["done"] | ["bito"] => Move::Pass,
        ["attack" | "throw" | "lead", c] => Move::Attack(held(o, c)?),
        ["transfer", c] => Move::Transfer(held(o, c)?),
        ["beat", a, "with", w] => Move::Defend {
            attack: on_table(o, a)?,
            with: held(o, w)?,
        },
        [w, "on", a] => Move::Defend {
            attack: on_table(o, a)?,
            with: held(o, w)?,
        },
        [c] => {
            let card = held(o, c)?;
            let fits: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| match a {
                    Action::Move(Move::Attack(x) | Move::Transfer(x)) => *x == card,
                    Action::Move(Move::Defend { with, .. }) => *with == card,
                    _ => false,
                })
                .collect();
            return match fits.as_slice() {
                [one] => Ok(*one),
                [] => Err(format!("{} cannot be played now", name(card))),
                _ => Err(format!(
                    "{} can go more than one way: say beat <attack> with {0}, or transfer {0}",
                    name(card)
                )),
            };
        }
        _ => return Err("say attack 7♥, beat 7♠ with 9♠, take, pass or transfer 7♦".into()),
    };
    Ok(Action::Move(mv))
}

/// The bench: the library's sampling searches on the first decision of
/// deal 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<Durak>(334, 100)
}
