//! Dou Dizhu on the game contract: the options and players, the seat's
//! view (its hand sorted by rank, the play to beat, the bids and the
//! multiplier) and text, actions as typed (`bid 2`, `no bid`, `pass`,
//! `3 3 4 4 5 5` or `334455`, `play SJ BJ`, or the cards themselves:
//! `play 6h 6s`, `play 10♥ 10♠`), the notes at the bidding's and each
//! deal's end, the score sheet, the arena's landlord and peasant
//! figures, the state's invariants and the swap hook.

use serde_json::{Map, Value, json};
use tabula_cards::CardSet;
use tabula_contract::capability::{BenchSearch, searches};
use tabula_contract::{GameInfo, GameModule, OptionDoc, Played, Scoresheet};
use tabula_search::{Determinize, Seat, Turn};

use crate::actions::Action;
use crate::ai::{DDZ_TUNABLES, DdzAi};
use crate::cards::{counts_of, name, names, parse_cards, parse_counts, ranks_text, short};
use crate::combo::Kind;
use crate::moves::classify;
use crate::observation::{Observation, swap_unseen};
use crate::options::DdzOptions;
use crate::rules::DouDizhu;
use crate::state::{DealResult, Phase, SEATS, State};
use crate::view::{DdzView, combo_text, stake_now};

/// The seats' names, in the order of play.
const SEAT_NAMES: [&str; SEATS] = ["South", "East", "North"];

fn deal_text(d: &DealResult) -> String {
    let l = SEAT_NAMES[usize::from(d.landlord)];
    let who = if d.landlord_won {
        format!("{l}, the landlord, wins")
    } else {
        format!("the peasants beat {l}, the landlord")
    };
    let mut extra = Vec::new();
    if d.bombs > 0 {
        extra.push(format!("{} bomb{}", d.bombs, if d.bombs == 1 { "" } else { "s" }));
    }
    if d.spring {
        extra.push("a spring".to_string());
    }
    if d.anti_spring {
        extra.push("an anti-spring".to_string());
    }
    let extra = if extra.is_empty() {
        String::new()
    } else {
        format!(", {}", extra.join(", "))
    };
    format!("{who}: stake {} (bid {}{extra})", d.stake, d.bid)
}

/// The deal's multiplier so far: the bid doubled for each bomb and rocket.
impl GameModule for DouDizhu {
    type Game = DouDizhu;
    type Options = DdzOptions;
    type View = DdzView;

    const INFO: GameInfo = GameInfo {
        name: DouDizhu::NAME,
        title: "Dou Dizhu",
        summary: "Dou Dizhu for three: bid for the landlord's kitty, then two peasants against the landlord; a match of ten deals",
        min_seats: 3,
        max_seats: 3,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new(
            "match_deals",
            "deals in the match (1 to 100; thrown-in deals do not count)",
        ),
        OptionDoc::new(
            "four_with_two",
            "four of a rank may carry two single or two pair kickers",
        ),
        OptionDoc::new(
            "no_bid_redeal",
            "when all three pass, the cards are dealt again (off: the first bidder is landlord at 1)",
        ),
    ];
    /// A deal is 51 dealt cards, a bidding and at most about 150 plays
    /// and passes.
    const MAX_PLIES: usize = 5_000;
    const SEAT_NAMES: &'static [&'static str] = &SEAT_NAMES;

    const RULES: &'static str = include_str!("../RULES.md");

    tabula_cards::card_module!(leveled: DdzAi, "Dou Dizhu" {
        players: "the computer, level 1 to 4: 1-2 the play policy (1 with mistakes), 3-4 root-UCB over complete combinations (4 with the endgame solver)",
        tunables: "dou dizhu computer" => DDZ_TUNABLES,
        bench: bench,
    });

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(o.seat), seat)?;
        o.check()?;
        let options = self.options();
        if o.deal_no > options.match_deals || (o.deal_no == options.match_deals) != o.over {
            return Err(format!("the match has {} deals", options.match_deals));
        }
        if !options.four_with_two
            && o.last
                .is_some_and(|(_, c)| matches!(c.kind, Kind::FourTwoSingles | Kind::FourTwoPairs))
        {
            return Err("four with two is not played under these options".into());
        }
        Ok(())
    }

    fn view(&self, o: &Observation, _seat: Seat) -> DdzView {
        DdzView::of(&self.options(), o)
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let mut out = format!(
            "Deal {} of {}. Scores: {}.\n",
            (o.deal_no + 1).min(self.options().match_deals),
            self.options().match_deals,
            (0..SEATS)
                .map(|k| format!("{} {}", SEAT_NAMES[k], o.scores[k]))
                .collect::<Vec<_>>()
                .join(", ")
        );
        if let Some(d) = &o.last_deal {
            out.push_str(&format!("Last deal: {}.\n", deal_text(d)));
        }
        match o.landlord {
            Some(l) => out.push_str(&format!(
                "Landlord: {} at {} (stake now {}); the kitty was {}.\n",
                SEAT_NAMES[usize::from(l)],
                o.bid,
                stake_now(o),
                names(o.kitty)
            )),
            None => {
                let bids: Vec<String> = (0..SEATS)
                    .filter_map(|k| {
                        o.bids[k].map(|b| match b {
                            0 => format!("{} passed", SEAT_NAMES[k]),
                            b => format!("{} bid {b}", SEAT_NAMES[k]),
                        })
                    })
                    .collect();
                if !bids.is_empty() {
                    out.push_str(&format!("Bidding: {}.\n", bids.join(", ")));
                }
            }
        }
        out.push_str(&format!(
            "Cards held: {}.\n",
            (0..SEATS)
                .map(|k| format!("{} {}", SEAT_NAMES[k], o.counts[k]))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        if let Some((by, c)) = o.last {
            out.push_str(&format!(
                "To beat: {} by {}.\n",
                combo_text(&c),
                SEAT_NAMES[usize::from(by)]
            ));
        }
        out.push_str(&format!("Your hand: {}", ranks_text(counts_of(o.hand))));
        if o.turn() == Turn::Seat(seat) {
            out.push_str(match o.phase {
                Phase::Bid => "\nBid 1, 2 or 3 above the highest bid, or no bid",
                _ if o.last.is_some_and(|(by, _)| usize::from(by) != seat) => {
                    "\nPlay a combination that beats it (its ranks, like 7 7, or your cards, like 7h 7s), or pass"
                }
                _ => "\nLead a combination (its ranks, like 3 4 5 6 7, or your cards, like 3c 4d 5h 6s 7c)",
            });
        }
        out
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => format!("deal {}", name(c)),
            Action::Bid(0) => "no bid".to_string(),
            Action::Bid(b) => format!("bid {b}"),
            Action::Pass => "pass".to_string(),
            Action::Play(c) => format!("play {}", ranks_text(c.cards)),
            Action::PlayCards { cards, .. } => format!("play {}", names(cards)),
        }
    }

    fn parse_action(&self, o: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let mut legal = Vec::new();
        self.legal_from_observation(o, seat, &mut legal);
        if legal.is_empty() {
            return Err("it is not your turn".into());
        }
        let t = text.trim().to_lowercase();
        let action = match t.as_str() {
            "no bid" | "bid 0" | "nobid" => Action::Bid(0),
            "pass" if o.phase == Phase::Bid => Action::Bid(0),
            "pass" => Action::Pass,
            _ if t.starts_with("bid") => {
                let n = t[3..].trim();
                match n.parse::<u8>() {
                    Ok(b @ 0..=3) => Action::Bid(b),
                    _ => return Err(format!("'{}' is no bid: bid 1, 2 or 3, or no bid", short(text))),
                }
            }
            _ => {
                if o.phase != Phase::Play {
                    return Err("the bidding is on: bid 1, 2 or 3, or no bid".into());
                }
                let words = t.strip_prefix("play").unwrap_or(&t);
                // Cards named one by one are the person's choice; ranks
                // alone leave the choice to the hidden order.
                let cards = parse_cards(words)?;
                let ranks = match cards {
                    Some(cards) => {
                        let missing = CardSet(cards.0 & !o.hand.0);
                        if !missing.is_empty() {
                            return Err(format!("you do not hold {}", names(missing)));
                        }
                        counts_of(cards)
                    }
                    None => parse_counts(words)?,
                };
                if !counts_of(o.hand).contains(ranks) {
                    return Err(format!("you do not hold {}", ranks_text(ranks)));
                }
                let mut readings = Vec::new();
                classify(ranks, self.options().four_with_two, &mut readings);
                if readings.is_empty() {
                    return Err(format!("{} is not a combination", ranks_text(ranks)));
                }
                match readings.iter().find(|c| legal.contains(&Action::Play(**c))) {
                    Some(&combo) => match cards {
                        Some(cards) => Action::PlayCards { combo, cards },
                        None => Action::Play(combo),
                    },
                    None => {
                        let to_beat = o.last.filter(|&(by, _)| usize::from(by) != seat);
                        return Err(match to_beat {
                            Some((_, t)) => format!("{} does not beat {}", ranks_text(ranks), combo_text(&t)),
                            None => format!("{} cannot be played now", ranks_text(ranks)),
                        });
                    }
                }
            }
        };
        // Named cards were checked against the hand above: the play of
        // their combination is what must be legal.
        let form = match action {
            Action::PlayCards { combo, .. } => Action::Play(combo),
            other => other,
        };
        if legal.contains(&form) {
            Ok(action)
        } else {
            Err(format!("{} is not legal now", self.action_text(action)))
        }
    }

    fn note(&self, before: &Observation, after: &Observation, _seat: Seat) -> Option<String> {
        if after.deal_no != before.deal_no || (after.over && !before.over) {
            let d = after.last_deal.as_ref()?;
            return Some(format!("Deal {} ends: {}.", before.deal_no + 1, deal_text(d)));
        }
        if after.round_no != before.round_no {
            return Some("Nobody bid: the cards are dealt again.".into());
        }
        if before.landlord.is_none()
            && let Some(l) = after.landlord
        {
            return Some(format!(
                "{} is the landlord at {} and takes the kitty: {}.",
                SEAT_NAMES[usize::from(l)],
                after.bid,
                names(after.kitty)
            ));
        }
        None
    }

    fn round(&self, s: &State) -> u32 {
        s.round_no()
    }

    /// The card ledger (every card in one place) and the hidden order's
    /// invariant (see [`State::check_keys`]).
    fn check_state(&self, s: &State) -> Result<(), String> {
        s.check_ledger()?;
        s.check_keys()
    }

    fn swap_unseen(&self, s: &mut State, observer: Seat) -> bool {
        swap_unseen(s, observer)
    }

    fn face_up(&self, s: &State) -> Option<Vec<Vec<String>>> {
        Some(s.hands.iter().map(|h| h.iter().map(name).collect()).collect())
    }

    fn scoresheet(&self, s: &State) -> Option<Scoresheet> {
        Some(Scoresheet {
            scores: s.scores().iter().map(|&x| x as f64).collect(),
            rounds: Some(s.deal_no()),
        })
    }

    /// Each entrant's deals won as the landlord and as a peasant
    /// (`a_landlord_won`, `a_landlord_deals`, `a_peasant_won`,
    /// `a_peasant_deals`…), from one-deal matches only: a game's
    /// scoresheet keeps only the match's totals, so who held the landlord
    /// in each deal of a longer match is not known here. `role_split`
    /// says so, `role_split_games` counts the games counted and
    /// `role_split_left_out` the rest (longer matches, games stopped at
    /// the ply limit). The landlord is the seat whose score is twice the
    /// others' and of the other sign. A peasant deal counts where the
    /// entrant holds a peasant seat and another entrant the landlord's.
    fn arena_fields(&self, games: &[Played]) -> Map<String, Value> {
        let entrants = games
            .iter()
            .flat_map(|p| p.entrants.iter().copied())
            .max()
            .map_or(0, |e| e + 1);
        let mut tally = vec![[0u32; 4]; entrants];
        let mut counted = 0usize;
        for p in games {
            let Some(sheet) = p.scoresheet.as_ref().filter(|_| !p.stalled) else {
                continue;
            };
            if sheet.rounds != Some(1) || sheet.scores.len() != SEATS {
                continue;
            }
            let s = &sheet.scores;
            let Some(l) = (0..SEATS).find(|&k| s[k] != 0.0 && (0..SEATS).all(|j| j == k || s[j] * -2.0 == s[k])) else {
                continue;
            };
            counted += 1;
            let landlord_won = s[l] > 0.0;
            let le = p.entrants[l];
            tally[le][0] += u32::from(landlord_won);
            tally[le][1] += 1;
            for (e, t) in tally.iter_mut().enumerate() {
                if e != le && p.seats_of(e).any(|k| k != l) {
                    t[2] += u32::from(!landlord_won);
                    t[3] += 1;
                }
            }
        }
        let mut out = Map::new();
        out.insert("role_split".into(), json!("one-deal matches only"));
        out.insert("role_split_games".into(), json!(counted));
        out.insert("role_split_left_out".into(), json!(games.len() - counted));
        for (e, t) in tally.iter().enumerate().take(26) {
            let letter = (b'a' + e as u8) as char;
            for (field, v) in ["landlord_won", "landlord_deals", "peasant_won", "peasant_deals"]
                .iter()
                .zip(t)
            {
                out.insert(format!("{letter}_{field}"), json!(v));
            }
        }
        out
    }
}

/// The bench: the library's sampling searches on the first decision of
/// deal 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<DouDizhu>(2_353, 500)
}
