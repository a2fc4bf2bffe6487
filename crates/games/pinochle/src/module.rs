//! Pinochle on the game contract: the options and players, the seat's
//! view and text, actions as typed (`bid 260` or `260`, `pass`, `trump
//! hearts` or `♥`, `give A♥ 10♥ K♥ Q♥`, a card `10h`), notes on the
//! auction, the meld, the tricks and the hand, the score sheet, the
//! teams, and the swap hook.

use tabula_cards::dealt_note;
use tabula_cards::tricks::FinishedTrick;
use tabula_contract::capability::{BenchSearch, searches};
use tabula_contract::{GameInfo, GameModule, OptionDoc, Scoresheet};
use tabula_search::{Determinize, Game, Seat, Seen};

use crate::actions::Action;
use crate::ai::{PINOCHLE_TUNABLES, PinochleAi};
use crate::cards::{NUM_CARDS, SEATS, SIDES, SUIT_NAMES, SUIT_SIGNS, count, name, names, parse_cards, parse_face};
use crate::observation::{Observation, swap_unseen};
use crate::options::PinochleOptions;
use crate::rules::Pinochle;
use crate::state::{ALL_SEATS, Phase, State, face_set, side_of};
use crate::view::{PinochleView, SIDE_NAMES, card_names};

/// The seats' names, clockwise from seat 0; partners sit opposite.
const SEAT_NAMES: [&str; SEATS] = ["South", "West", "North", "East"];

/// Reads a suit: `hearts`, `h`, `♥`.
fn parse_suit(word: &str) -> Option<u8> {
    let w = word.trim().to_lowercase();
    (0..4u8).find(|&s| {
        let n = SUIT_NAMES[usize::from(s)];
        w == n || w == n[..1] || w == n.trim_end_matches('s') || w == SUIT_SIGNS[usize::from(s)]
    })
}

impl GameModule for Pinochle {
    type Game = Pinochle;
    type Options = PinochleOptions;
    type View = PinochleView;

    const INFO: GameInfo = GameInfo {
        name: Pinochle::NAME,
        title: "Pinochle",
        summary: "Partnership auction Pinochle for four: bid, name trumps, pass four cards with your partner, meld, then head every trick; a match to 1,500",
        min_seats: 4,
        max_seats: 4,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new(
            "end_score",
            "the match ends after a hand in which a side reaches this score (1 to 10000; the declaring side counts first)",
        ),
        OptionDoc::new(
            "min_bid",
            "the lowest opening bid, a multiple of 10 (default 250); bids rise by 10",
        ),
        OptionDoc::choice(
            "all_pass",
            "when all four pass: the dealer is stuck with the minimum bid, or the hand is thrown in and dealt again",
            &["stick_dealer", "redeal"],
        ),
        OptionDoc::new(
            "pass",
            "cards the declarer's partner passes to the declarer, and the declarer passes back: 0, 3 or 4 (default 4)",
        ),
        OptionDoc::new(
            "minus_out",
            "a side whose score falls to minus the end score or below loses the match (default on)",
        ),
    ];
    /// A hand is 48 deals, an auction of at most 4 + 3·125 calls, the
    /// trump, two passes and 48 cards; a match of some tens of hands.
    const MAX_PLIES: usize = 100_000;
    const SEAT_NAMES: &'static [&'static str] = &SEAT_NAMES;

    const RULES: &'static str = include_str!("../RULES.md");

    tabula_cards::card_module!(leveled: PinochleAi, "Pinochle" {
        players: "the computer, level 1 to 4: bidding, trumps and the pass by meld counted exactly plus a calibrated estimate of the tricks; 1-2 a card scorer (1 with mistakes), 3-4 ISMCTS over the hand",
        tunables: "pinochle computer" => PINOCHLE_TUNABLES,
        bench: bench,
    });

    fn teams(&self) -> Option<Vec<usize>> {
        Some((0..SEATS).map(side_of).collect())
    }

    fn check_state(&self, state: &State) -> Result<(), String> {
        if state.public.options != self.options() {
            return Err("the state's rules are not the game's".into());
        }
        state.check()?;
        (0..SEATS).try_for_each(|seat| self.observation(state, seat).check())
    }

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(o.seat), seat)?;
        if o.public.options != self.options() {
            return Err("the observation's rules are not the game's".into());
        }
        o.check()
    }

    fn view(&self, o: &Observation, _seat: Seat) -> PinochleView {
        PinochleView::of(o)
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let v = PinochleView::of(o);
        let p = &o.public;
        let sides: Vec<String> = (0..SIDES)
            .map(|i| format!("{} {}", SIDE_NAMES[i], v.scores[i]))
            .collect();
        let mut out = format!(
            "Hand {}, {} deals. Scores: {} (to {}).\n",
            v.hand_no,
            SEAT_NAMES[v.dealer],
            sides.join(", "),
            v.end_score
        );
        let calls: Vec<String> = (0..SEATS)
            .map(|s| {
                let bid = v.bids[s].map_or("no bid".to_string(), |b| format!("bid {b}"));
                let passed = if v.passed[s] { ", passed" } else { "" };
                format!("{} {bid}{passed}", SEAT_NAMES[s])
            })
            .collect();
        out.push_str(&format!("Auction: {}.\n", calls.join("; ")));
        if let (Some(d), Some(t)) = (v.declarer, v.trump_name) {
            out.push_str(&format!(
                "{} declared at {}; trumps are {t}.\n",
                SEAT_NAMES[usize::from(d)],
                p.high
            ));
        }
        if !v.gave.is_empty() || !v.got.is_empty() {
            out.push_str(&format!(
                "You passed {}; you received {}.\n",
                v.gave.join(" "),
                v.got.join(" ")
            ));
        }
        if let Some(melds) = &v.melds {
            for (s, m) in melds.iter().enumerate() {
                let list: Vec<String> = m.melds.iter().map(|x| format!("{} {}", x.name, x.points)).collect();
                out.push_str(&format!(
                    "{} melds {}{}\n",
                    SEAT_NAMES[s],
                    m.points,
                    if list.is_empty() {
                        String::new()
                    } else {
                        format!(": {} ({})", list.join(", "), m.cards.join(" "))
                    }
                ));
            }
            out.push_str(&format!(
                "Trick {} of 12; counters {} {}, {} {}.\n",
                (v.tricks + 1).min(12),
                SIDE_NAMES[0],
                v.counters[0],
                SIDE_NAMES[1],
                v.counters[1]
            ));
        }
        if !v.trick.is_empty() {
            let trick: Vec<String> = v
                .trick
                .iter()
                .map(|c| format!("{} {}", SEAT_NAMES[c.seat], c.card))
                .collect();
            out.push_str(&format!("On the table: {}\n", trick.join(", ")));
        }
        out.push_str(&format!("Your hand: {}", v.hand.join(" ")));
        if p.turn() == tabula_search::Turn::Seat(seat) {
            out.push_str(match v.phase {
                Phase::Bid if p.stuck() => "\nYou are stuck: bid at least the minimum",
                Phase::Bid => "\nBid (a multiple of 10 above the high bid) or pass",
                Phase::Trump => "\nName trumps: clubs, diamonds, hearts or spades",
                Phase::Give => "\nPass cards to your partner: give and the cards",
                _ => "",
            });
        }
        out
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => format!("deal {}", name(c)),
            Action::Bid(b) => format!("bid {b}"),
            Action::Pass => "pass".into(),
            Action::Trump(t) => format!("trump {}", SUIT_NAMES[usize::from(t.min(3))]),
            Action::Give(cards) => format!("give {}", names(cards)),
            Action::Play(c) => name(c),
        }
    }

    fn parse_action(&self, o: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let mut legal = Vec::new();
        self.legal_from_observation(o, seat, &mut legal);
        let t = text.trim().to_lowercase();
        let words: Vec<&str> = t.split_whitespace().collect();
        let action = match (o.public.phase(), words.as_slice()) {
            (_, []) if legal.is_empty() => return Err("it is not your turn".into()),
            _ if legal.is_empty() => return Err("it is not your turn".into()),
            (Phase::Bid, ["pass"]) => Action::Pass,
            (Phase::Bid, ["bid", n] | [n]) => match n.parse::<u16>() {
                Ok(b) => Action::Bid(b),
                Err(_) => return Err("bid a number of points (a multiple of 10), or pass".into()),
            },
            (Phase::Bid, _) => return Err("bid a number of points (a multiple of 10), or pass".into()),
            (Phase::Trump, ["trump" | "trumps", s] | [s]) => {
                Action::Trump(parse_suit(s).ok_or("name a suit: clubs, diamonds, hearts or spades")?)
            }
            (Phase::Trump, _) => return Err("name a suit: clubs, diamonds, hearts or spades".into()),
            (Phase::Give, ["give" | "pass", cards @ ..]) | (Phase::Give, cards @ [_, ..]) => {
                let set = parse_cards(&cards.join(" "))?;
                let k = usize::from(o.public.options.pass);
                if set.len() != k {
                    return Err(format!("pass {k} cards: give and their names"));
                }
                Action::Give(face_set(o.hand, set).ok_or("you do not hold those cards")?)
            }
            (Phase::Play, [card]) => {
                let f = parse_face(card).map_err(|e| e.to_string())?;
                if count(o.hand, f) == 0 {
                    return Err(format!(
                        "you do not hold {}",
                        name(tabula_cards::CardId(2 * u16::from(f)))
                    ));
                }
                let played = o.public.play_of(usize::from(o.seat), o.hand, f).map(Action::Play);
                match played {
                    Some(a) if legal.contains(&a) => a,
                    _ => {
                        let allowed: Vec<String> = legal
                            .iter()
                            .filter_map(|a| match a {
                                Action::Play(c) => Some(name(*c)),
                                _ => None,
                            })
                            .collect();
                        return Err(format!(
                            "follow suit, head the trick, trump when you cannot: play one of {}",
                            allowed.join(" ")
                        ));
                    }
                }
            }
            _ => return Err("type a card, like 10h or A♠".into()),
        };
        if legal.contains(&action) {
            Ok(action)
        } else {
            Err(format!("{} is not legal now", self.action_text(action)))
        }
    }

    // Refined on purpose: code that knows the game gets the typed move.
    #[allow(refining_impl_trait)]
    fn move_view(&self, before: &Observation, action: Seen<Action>, _: &Observation, _: Seat) -> Option<FinishedTrick> {
        let Seen::Action(Action::Play(card)) = action else {
            return None;
        };
        before
            .public
            .tricks
            .finishing(card, ALL_SEATS, &before.public.suits(), name)
    }

    fn note(&self, before: &Observation, after: &Observation, seat: Seat) -> Option<String> {
        let (b, a) = (&before.public, &after.public);
        if usize::from(b.dealt) < NUM_CARDS && usize::from(a.dealt) == NUM_CARDS {
            return Some(dealt_note(SEAT_NAMES[seat], &card_names(after.hand)));
        }
        if a.hand_no != b.hand_no || (a.winner.is_some() && b.winner.is_none()) {
            let last = a.last_hand?;
            let Some(d) = last.declarer else {
                return Some(format!("Hand {}: all passed; thrown in.", b.hand_no + 1));
            };
            let sides: Vec<String> = (0..SIDES)
                .map(|i| {
                    let h = last.sides[i];
                    format!(
                        "{} {:+} (meld {}{}, counters {}, {} tricks)",
                        SIDE_NAMES[i],
                        h.total,
                        h.meld,
                        if h.meld_counts { "" } else { " not counted" },
                        h.counters,
                        h.tricks
                    )
                })
                .collect();
            return Some(format!(
                "Hand {} ends: {} {} {}; {}.",
                b.hand_no + 1,
                SEAT_NAMES[usize::from(d)],
                if last.made { "made" } else { "was set at" },
                last.bid,
                sides.join("; ")
            ));
        }
        if b.declarer.is_none() && a.declarer.is_some() {
            return Some(format!(
                "{} wins the auction at {}.",
                SEAT_NAMES[usize::from(a.high_seat)],
                a.high
            ));
        }
        if a.phase() == Phase::Play && b.phase() != Phase::Play {
            let melds: Vec<String> = (0..SEATS)
                .map(|s| format!("{} {}", SEAT_NAMES[s], a.melds[s]))
                .collect();
            return Some(format!("Melds laid down: {}.", melds.join(", ")));
        }
        a.tricks
            .taken_since(&b.tricks)
            .map(|taker| format!("{} takes the trick.", SEAT_NAMES[taker]))
    }

    fn round(&self, s: &State) -> u32 {
        s.hand_no()
    }

    fn swap_unseen(&self, s: &mut State, observer: Seat) -> bool {
        swap_unseen(s, observer)
    }

    fn face_up(&self, s: &State) -> Option<Vec<Vec<String>>> {
        Some(s.hands().iter().map(|&h| card_names(h)).collect())
    }

    fn scoresheet(&self, s: &State) -> Option<Scoresheet> {
        Some(Scoresheet::sides(&s.scores(), SEATS, side_of, Some(s.hand_no() + 1)))
    }
}

/// The bench: the library's sampling searches on the first decision of
/// hand 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<Pinochle>(1_001, 500)
}
