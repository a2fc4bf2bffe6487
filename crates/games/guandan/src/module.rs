//! Guandan on the game contract: the options and players, the seat's
//! view and text, actions as typed (`pass`; a play by its ranks, `3 3 4
//! 4 5 5`, with its kind if wanted, `tube 3 3 4 4 5 5`, or by the cards
//! themselves, `7h 7s 7♥`; a straight flush with its suit, `straight
//! flush ♠ 5 6 7 8 9`; `tribute A♠`, `return 5♣`), notes on the deal,
//! the tribute and each hand's end, the score sheet of levels, the teams
//! and the swap hook.

use tabula_cards::dealt_note;
use tabula_contract::capability::{BenchSearch, searches};
use tabula_contract::{GameInfo, GameModule, OptionDoc, Scoresheet};
use tabula_search::{Determinize, Seat, Turn};

use crate::actions::Action;
use crate::ai::{GUANDAN_TUNABLES, GuandanAi};
use crate::cards::{
    BIG_JOKER, Cards, DECK, FACES, Level, NATURALS, SMALL_JOKER, SUIT_SIGNS, face_name, face_of, name, names,
    parse_cards, rank_of,
};
use crate::game::Guandan;
use crate::moves::{Kind, Play, readings};
use crate::observation::Observation;
use crate::options::GuandanOptions;
use crate::state::{HandResult, Phase, SEATS, SIDES, State, side};
use crate::view::{GuandanView, face_names, level_name, play_text};
use crate::worlds::{Worlds, swap_unseen};
use tabula_cards::climbing::Counts;

/// The seats' names, in the order of play (counter-clockwise); partners
/// sit opposite.
const SEAT_NAMES: [&str; SEATS] = ["South", "East", "North", "West"];
/// The sides' names: side 0 is South and North.
const SIDE_NAMES: [&str; SIDES] = ["South–North", "East–West"];

/// A finished hand in words.
fn hand_text(h: &HandResult) -> String {
    let order: Vec<&str> = h.order.iter().map(|&s| SEAT_NAMES[usize::from(s)]).collect();
    let winners = side(usize::from(h.order[0]));
    let mut out = format!(
        "out in the order {}; {} go up {} (levels: {} {}, {} {})",
        order.join(", "),
        SIDE_NAMES[winners],
        h.gained[winners],
        SIDE_NAMES[0],
        level_name(h.levels[0]),
        SIDE_NAMES[1],
        level_name(h.levels[1])
    );
    if h.failed_at_ace {
        out.push_str(", a failure at A");
    }
    if h.dropped {
        out.push_str(", and the declarers drop back to 2");
    }
    out
}

/// A card's name that names no card, said without echoing a long input.
fn card_error(e: crate::cards::CardsError) -> String {
    match e {
        crate::cards::CardsError::TooMany(c) if c.chars().count() <= 12 => {
            format!("you do not hold {c} (or not that many)")
        }
        crate::cards::CardsError::Unknown(w) if w.chars().count() <= 12 => {
            format!("no such card or rank: {w} (cards are like 7h, 10♠, SJ; ranks like 7, 10, A)")
        }
        _ => "no such card or rank (cards are like 7h, 10♠, SJ; ranks like 7, 10, A)".into(),
    }
}

/// The rank at `level` a word names (`7`, `10`, `j`, `a`, `sj`, `bj`).
fn parse_rank(word: &str, level: Level) -> Option<u8> {
    const NAMES: [&str; NATURALS as usize] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k", "a"];
    match word {
        "sj" => Some(SMALL_JOKER),
        "bj" => Some(BIG_JOKER),
        w => NAMES.iter().position(|&n| n == w).map(|n| rank_of(n as u8, level)),
    }
}

/// A suit a word names (`♠`, `s`, `spades`).
fn parse_suit(word: &str) -> Option<u8> {
    const NAMES: [&str; 4] = ["clubs", "diamonds", "hearts", "spades"];
    (0..4u8).find(|&s| {
        let n = NAMES[usize::from(s)];
        word == SUIT_SIGNS[usize::from(s)] || word == &n[..1] || word == n || word == n.trim_end_matches('s')
    })
}

/// The kind a play's text starts with, and the words after it.
fn strip_kind(words: &[String]) -> (Option<Kind>, &[String]) {
    const KINDS: [(&str, Kind); 16] = [
        ("straight flush", Kind::StraightFlush),
        ("full house", Kind::FullHouse),
        ("four jokers", Kind::FourJokers),
        ("bomb of 10", Kind::Bomb10),
        ("bomb of 4", Kind::Bomb4),
        ("bomb of 5", Kind::Bomb5),
        ("bomb of 6", Kind::Bomb6),
        ("bomb of 7", Kind::Bomb7),
        ("bomb of 8", Kind::Bomb8),
        ("bomb of 9", Kind::Bomb9),
        ("single", Kind::Single),
        ("pair", Kind::Pair),
        ("triple", Kind::Triple),
        ("straight", Kind::Straight),
        ("tube", Kind::Tube),
        ("plate", Kind::Plate),
    ];
    for (text, kind) in KINDS {
        let n = text.split(' ').count();
        if words.len() >= n && words[..n].join(" ") == text {
            return (Some(kind), &words[n..]);
        }
    }
    (None, words)
}

impl GameModule for Guandan {
    type Game = Guandan;
    type Options = GuandanOptions;
    type View = GuandanView;

    const INFO: GameInfo = GameInfo {
        name: Guandan::NAME,
        title: "Guandan",
        summary: "Guandan for four in two partnerships: two decks, levels from 2 to A, the heart of the level wild, bombs and straight flushes, tribute and return; win at your level A",
        min_seats: 4,
        max_seats: 4,
        hidden_information: true,
        chance: true,
    };
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc::new(
            "start_level",
            "the level both sides start at, 0 (the two, the rules' start) to 12 (the ace: a short match)",
        ),
        OptionDoc::new(
            "a_failures",
            "hands a side may play at its level A without winning before it drops back to 2 (0: never, the national rules; 3: pagat's)",
        ),
        OptionDoc::choice(
            "return_rule",
            "what a seat that received tribute gives back: a card of ten or lower (its lowest card when it has none), or any card",
            &["ten_or_lower", "any"],
        ),
    ];
    /// A hand is 108 deals, at most four tributes and returns and some
    /// hundreds of plays and passes; a match some tens of hands.
    const MAX_PLIES: usize = 200_000;
    const SEAT_NAMES: &'static [&'static str] = &SEAT_NAMES;

    const RULES: &'static str = include_str!("../RULES.md");

    tabula_cards::card_module!(leveled: GuandanAi, "Guandan" {
        players: "the computer, level 1 to 4: 1-2 a play policy over rank counts (1 with mistakes), 3-4 root-UCB over paired worlds once the hand is small (4 with more samples)",
        tunables: "guandan computer" => GUANDAN_TUNABLES,
        bench: bench,
    });

    fn teams(&self) -> Option<Vec<usize>> {
        Some((0..SEATS).map(side).collect())
    }

    fn check_state(&self, s: &State) -> Result<(), String> {
        if s.options() != self.options() {
            return Err("the state's rules are not the game's".into());
        }
        s.check()
    }

    fn check_observation(&self, o: &Observation, seat: Seat) -> Result<(), String> {
        tabula_contract::own_observation(usize::from(o.seat), seat)?;
        if o.options != self.options() {
            return Err("the observation's rules are not the game's".into());
        }
        o.check()
    }

    fn view(&self, o: &Observation, _seat: Seat) -> GuandanView {
        GuandanView::of(o)
    }

    fn render(&self, o: &Observation, seat: Seat) -> String {
        let v = GuandanView::of(o);
        let mut out = format!(
            "Hand {} at level {} ({} wild). Levels: {} {}, {} {}.\n",
            v.hand_no, v.level, v.level_card, SIDE_NAMES[0], v.levels[0], SIDE_NAMES[1], v.levels[1]
        );
        if let Some(h) = &o.last_hand {
            out.push_str(&format!("Last hand: {}.\n", hand_text(h)));
        }
        for t in &v.tributes {
            let given = t.card.as_deref().unwrap_or("nothing yet");
            out.push_str(&format!("Tribute: {} gives {given}", SEAT_NAMES[usize::from(t.payer)]));
            if let Some(to) = t.receiver {
                out.push_str(&format!(" to {}", SEAT_NAMES[usize::from(to)]));
            }
            if let Some(r) = &t.returned {
                out.push_str(&format!(", who gives back {r}"));
            }
            out.push_str(".\n");
        }
        if v.resisted {
            out.push_str("The tribute is resisted: the givers hold both big jokers.\n");
        }
        out.push_str(&format!(
            "Cards held: {}.\n",
            (0..SEATS)
                .map(|k| format!("{} {}", SEAT_NAMES[k], o.counts[k]))
                .collect::<Vec<_>>()
                .join(", ")
        ));
        if !o.out.is_empty() {
            let order: Vec<&str> = o.out.iter().map(|&s| SEAT_NAMES[usize::from(s)]).collect();
            out.push_str(&format!("Out: {}.\n", order.join(", ")));
        }
        if let Some(l) = &v.last {
            out.push_str(&format!(
                "To beat: {} ({}) by {}.\n",
                l.text,
                l.cards.join(" "),
                SEAT_NAMES[usize::from(l.seat)]
            ));
        }
        let hand: Vec<String> = v
            .hand
            .iter()
            .map(|c| if c.wild { format!("{}*", c.card) } else { c.card.clone() })
            .collect();
        out.push_str(&format!("Your hand (* wild): {}", hand.join(" ")));
        if o.turn() == Turn::Seat(seat) {
            out.push_str(match o.phase {
                Phase::Tribute => "\nGive your tribute: your highest card but a wild one (tribute and the card)",
                Phase::Return => "\nGive a card back: return and the card",
                _ if v.last.as_ref().is_some_and(|l| usize::from(l.seat) != seat) => {
                    "\nBeat it (its ranks, like 9 9, or your cards, like 9h 9s) or pass"
                }
                _ => "\nLead a combination (its ranks, like 3 3 4 4 5 5, or your cards)",
            });
        }
        out
    }

    fn action_text(&self, action: Action) -> String {
        match action {
            Action::Deal(c) => format!("deal {}", name(c)),
            Action::FirstLeader(s) => format!("{} leads first", SEAT_NAMES[usize::from(s) % SEATS]),
            Action::Tribute(f) => format!("tribute {}", face_name(f)),
            Action::Return(f) => format!("return {}", face_name(f)),
            Action::Play(p) => format!("play {}", play_text(&p)),
            Action::Pass => "pass".into(),
        }
    }

    fn parse_action(&self, o: &Observation, seat: Seat, text: &str) -> Result<Action, String> {
        let mut legal = Vec::new();
        self.legal_from_observation(o, seat, &mut legal);
        if legal.is_empty() {
            return Err("it is not your turn".into());
        }
        let lower = text.trim().to_lowercase();
        let words: Vec<String> = lower.split_whitespace().map(str::to_string).collect();
        let hand = o.hand.instances();
        let face_word = |w: &[String]| -> Result<u8, String> {
            match w {
                [one] => {
                    let c = parse_cards(one, hand).map_err(card_error)?;
                    c.iter().next().map(face_of).ok_or_else(|| "name one card".to_string())
                }
                _ => Err("name one card, like A♠ or 10h".into()),
            }
        };
        let action = match (o.phase, words.first().map(String::as_str)) {
            (Phase::Tribute, Some("tribute")) => Action::Tribute(face_word(&words[1..])?),
            (Phase::Tribute, _) => Action::Tribute(face_word(&words)?),
            (Phase::Return, Some("return")) => Action::Return(face_word(&words[1..])?),
            (Phase::Return, _) => Action::Return(face_word(&words)?),
            (Phase::Play, Some("pass")) if words.len() == 1 => Action::Pass,
            (Phase::Play, _) => {
                let words = match words.first().map(String::as_str) {
                    Some("play") => &words[1..],
                    _ => &words[..],
                };
                Action::Play(self.parse_play(o, hand, words, &legal)?)
            }
            _ => return Err("nothing to do now".into()),
        };
        if legal.contains(&action) {
            Ok(action)
        } else {
            Err(match action {
                Action::Tribute(_) => "give your highest card but a wild one".into(),
                Action::Return(_) => match o.options.return_rule {
                    crate::options::ReturnRule::TenOrLower => {
                        "give back a card of ten or lower (or your lowest, when you have none)".into()
                    }
                    crate::options::ReturnRule::Any => "give back a card you held before the tribute".into(),
                },
                Action::Pass => "you lead: you cannot pass".into(),
                a => format!("{} is not legal now", self.action_text(a)),
            })
        }
    }

    fn note(&self, before: &Observation, after: &Observation, seat: Seat) -> Option<String> {
        if before.phase == Phase::Deal && after.phase != Phase::Deal && after.hand_no == before.hand_no {
            let mut line = dealt_note(SEAT_NAMES[seat], &face_names(&after.hand));
            if after.resisted() {
                line.push_str(" The tribute is resisted: the givers hold both big jokers.");
            }
            return Some(line);
        }
        if after.hand_no != before.hand_no || (after.winner.is_some() && before.winner.is_none()) {
            let h = after.last_hand.as_ref()?;
            let mut line = format!("Hand {} ends: {}.", before.hand_no + 1, hand_text(h));
            if let Some(w) = after.winner {
                line.push_str(&format!(" {} win the match at A.", SIDE_NAMES[usize::from(w)]));
            }
            return Some(line);
        }
        if before.phase == Phase::Tribute && after.phase != Phase::Tribute {
            let given: Vec<String> = after
                .tributes
                .iter()
                .map(|t| {
                    format!(
                        "{} gives {} to {}",
                        SEAT_NAMES[usize::from(t.payer)],
                        t.card.map(face_name).unwrap_or_default(),
                        SEAT_NAMES[usize::from(t.receiver)]
                    )
                })
                .collect();
            return Some(format!("Tribute: {}.", given.join("; ")));
        }
        None
    }

    fn round(&self, s: &State) -> u32 {
        s.hand_number()
    }

    fn swap_unseen(&self, s: &mut State, observer: Seat) -> bool {
        swap_unseen(s, observer)
    }

    fn face_up(&self, s: &State) -> Option<Vec<Vec<String>>> {
        Some((0..SEATS).map(|k| s.hand(k).iter().map(name).collect()).collect())
    }

    /// Each seat's side's level as its card's value (2 to 14, the ace).
    fn scoresheet(&self, s: &State) -> Option<Scoresheet> {
        Some(Scoresheet::sides(&s.scores(), SEATS, side, Some(s.hand_number() + 1)))
    }
}

impl Guandan {
    /// A play read from words (after `play`): an optional kind, then the
    /// ranks, or the cards themselves; a straight flush with its suit.
    fn parse_play(&self, o: &Observation, hand: Cards, words: &[String], legal: &[Action]) -> Result<Play, String> {
        let (kind, words) = strip_kind(words);
        if words.is_empty() {
            return Err("name a combination: its ranks, like 7 7, or your cards, like 7h 7s".into());
        }
        let legal_plays = legal.iter().filter_map(|a| match a {
            Action::Play(p) => Some(*p),
            _ => None,
        });
        let kind_fits = |p: &Play| kind.is_none_or(|k| p.combo.kind == k);
        // A straight flush's suit, first or last.
        let (suit, words) = match (kind, words) {
            (Some(Kind::StraightFlush), [first, rest @ ..]) if parse_suit(first).is_some() => (parse_suit(first), rest),
            (Some(Kind::StraightFlush), [rest @ .., last]) if parse_suit(last).is_some() => (parse_suit(last), rest),
            _ => (None, words),
        };
        let ranks: Option<Vec<u8>> = words.iter().map(|w| parse_rank(w, o.level)).collect();
        if let Some(ranks) = ranks {
            let counts = ranks.iter().fold(Counts::default(), |c, &r| c.plus(r, 1));
            let found: Vec<Play> = legal_plays
                .filter(|p| p.combo.cards == counts && kind_fits(p))
                .filter(|p| suit.is_none_or(|s| p.suit == s))
                .collect();
            // Without a kind, a straight's ranks mean the straight, not a
            // straight flush.
            return found
                .iter()
                .find(|p| kind.is_some() || p.combo.kind != Kind::StraightFlush)
                .or(found.first())
                .copied()
                .ok_or_else(|| self.not_playable(o, &ranks));
        }
        let cards = parse_cards(&words.join(" "), hand).map_err(card_error)?;
        let mut reads = Vec::new();
        readings(cards, o.level, &mut reads);
        let legal: Vec<Play> = legal_plays.collect();
        reads
            .into_iter()
            .find(|p| legal.contains(p) && kind_fits(p))
            .ok_or_else(|| format!("{} is no combination you can play now", names(cards)))
    }

    /// Why ranks cannot be played.
    fn not_playable(&self, o: &Observation, ranks: &[u8]) -> String {
        let names = crate::cards::rank_names(o.level);
        let text: Vec<&str> = ranks.iter().map(|&r| names[usize::from(r)]).collect();
        match o.last.filter(|&(by, _)| by != o.seat) {
            Some((_, c)) => format!(
                "{} is no combination of your hand that beats {} {}",
                text.join(" "),
                c.kind.name(),
                crate::view::ranks_text(&c, o.level)
            ),
            None => format!("{} is no combination of your hand", text.join(" ")),
        }
    }
}

impl Observation {
    /// Whether the observation is one a position could show: its seat,
    /// phase and counts in range, its hand as many cards as its count,
    /// the seats out holding none, and its cards adding up (some world
    /// fits it).
    ///
    /// # Errors
    /// What does not fit, in a line.
    pub fn check(&self) -> Result<(), String> {
        if usize::from(self.seat) >= SEATS || usize::from(self.to_act) >= SEATS || usize::from(self.leader) >= SEATS {
            return Err("a seat out of range".into());
        }
        if self.level > crate::cards::ACE || self.levels.iter().any(|&l| l > crate::cards::ACE) {
            return Err("a level above the ace".into());
        }
        if self.hand.total() != usize::from(self.counts[usize::from(self.seat)]) {
            return Err("the hand is not as many cards as its count".into());
        }
        if self.out.len() > SEATS
            || self
                .out
                .iter()
                .any(|&s| usize::from(s) >= SEATS || self.counts[usize::from(s)] != 0)
        {
            return Err("a seat out still holds cards".into());
        }
        if self.tributes.len() > 2
            || self.tributes.iter().any(|t| {
                usize::from(t.payer) >= SEATS
                    || usize::from(t.receiver) >= SEATS
                    || [t.card, t.returned].iter().flatten().any(|&f| usize::from(f) >= FACES)
            })
        {
            return Err("a tribute out of range".into());
        }
        let distinct = |seats: &[u8]| {
            seats.iter().all(|&k| usize::from(k) < SEATS)
                && seats.iter().fold(0u8, |m, &k| m | 1 << k).count_ones() as usize == seats.len()
        };
        if !distinct(&self.out)
            || self.last_hand.is_some_and(|h| {
                !distinct(&h.order)
                    || h.level > crate::cards::ACE
                    || h.levels.iter().any(|&l| l > crate::cards::ACE)
                    || h.gained.iter().any(|&g| g > 3)
                    || h.declarers.is_some_and(|d| usize::from(d) >= SIDES)
            })
        {
            return Err("a finishing order out of range".into());
        }
        if self.counts.iter().any(|&c| usize::from(c) > crate::state::HAND + 1)
            || usize::from(self.dealt) > DECK.len()
            || usize::from(self.passes) >= SEATS
            || self.hand_no > MAX_HANDS
            // Failures at A reset at the drop back to 2; with no drop they
            // only count up.
            || self.options.a_failures > 0 && self.failures.iter().any(|&f| f >= self.options.a_failures)
        {
            return Err("a count out of range".into());
        }
        // What the phase needs of the seat to act.
        let to_act = self.to_act;
        let fits = match self.phase {
            Phase::Tribute => {
                self.last_hand.is_some() && self.tributes.iter().any(|t| t.payer == to_act && t.card.is_none())
            }
            Phase::Return => {
                self.last_hand.is_some()
                    && self
                        .tributes
                        .iter()
                        .any(|t| t.receiver == to_act && t.card.is_some() && t.returned.is_none())
            }
            Phase::Play => {
                self.counts[usize::from(to_act)] > 0
                    && (0..SEATS as u8).all(|k| self.counts[usize::from(k)] > 0 || self.out.contains(&k))
            }
            Phase::Deal | Phase::FirstLeader | Phase::Over => true,
        };
        if !fits {
            return Err("the seat to act has nothing to do in this phase".into());
        }
        for k in 0..SEATS {
            let mut shown_left = self.played[k];
            for (f, n) in self.shown[k].iter() {
                for _ in 0..n {
                    if !shown_left.take(f) {
                        return Err("a seat showed a card it did not play".into());
                    }
                }
            }
        }
        if let Some((by, combo)) = self.last {
            if usize::from(by) >= SEATS || self.on_table.total() != combo.size() as usize {
                return Err("the play to beat is out of range".into());
            }
            let mut reads = Vec::new();
            crate::moves::readings(self.on_table.instances(), self.level, &mut reads);
            if !reads.iter().any(|p| p.combo == combo) {
                return Err("the play to beat is not its cards' combination".into());
            }
        }
        if self.passed >> SEATS != 0 || self.declarers.is_some_and(|d| usize::from(d) >= SIDES) {
            return Err("a side or seat out of range".into());
        }
        if self.winner.is_some() != (self.phase == Phase::Over) {
            return Err("the match ends with a winner".into());
        }
        Worlds::new(self).map(|_| ())
    }
}

/// The most hands an observation may say were begun (a match runs some
/// tens; a real one never nears this).
const MAX_HANDS: u32 = 100_000;

/// The bench: the library's sampling searches on the first decision of
/// hand 1 under the default rules (their counts are declared, and checked
/// by the conformance tests).
fn bench() -> Vec<BenchSearch> {
    searches::sampling::<Guandan>(296, 100)
}
