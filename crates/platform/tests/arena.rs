//! The arena and the protocol over every game: every player a game lists
//! plays in the arena and answers behind the bot protocol; partners stay
//! together and teams rotate; results depend on the seed alone.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tabula_contract::players::{self, BoxedPlayer};
use tabula_contract::{
    Driver, GameInfo, GameModule, ModuleDriver, OptionDoc, PlayerInfo, PlayerSpec, SpecError, TableKind,
};
use tabula_platform::arena::{self, ArenaSettings};
use tabula_platform::engine;
use tabula_search::*;

/// The cheapest player a game offers: random, else its first.
fn cheap(players: &[PlayerInfo]) -> &'static str {
    players
        .iter()
        .find(|p| p.name == "random")
        .unwrap_or(&players[0])
        .example
}

#[test]
fn every_listed_player_plays_in_the_arena_and_behind_the_protocol() {
    // The games side by side, a thread each (one after the other, this
    // test was its binary's longest by three times).
    std::thread::scope(|scope| {
        for entry in tabula_registry::games() {
            scope.spawn(move || every_listed_player_of(*entry));
        }
    });
}

/// One game's listed players, each in the arena and behind the protocol,
/// and a player it does not list refused.
fn every_listed_player_of(entry: &'static dyn tabula_contract::GameEntry) {
    let name = entry.info().name;
    let driver = entry.open(&Value::Null).unwrap();
    for p in entry.players() {
        let specs = [p.example.parse().unwrap(), cheap(entry.players()).parse().unwrap()];
        // Short games: the point is that every listed player plays.
        let settings = ArenaSettings {
            max_plies: Some(60),
            ..ArenaSettings::new(1, 3)
        };
        let out = arena::run(&driver, &specs, &settings, &|_| {})
            .unwrap_or_else(|e| panic!("{name}: {} in the arena: {e}", p.example));
        assert_eq!(out.games.len(), arena::seatings(&driver.teams(), 2).unwrap().len());

        // Behind the protocol, on the first decision of a game.
        let mut game = driver.start(4, TableKind::Online);
        let mut rng = Rng::new(4);
        while game.to_act() == Turn::Chance {
            game.chance(&mut rng).unwrap();
        }
        let Turn::Seat(seat) = game.to_act() else {
            panic!("{name}: a seat acts")
        };
        let legal = game.legal();
        let input = [
            json!({"type": "hello", "protocol": 1, "game": name}),
            json!({"type": "move", "seat": seat, "observation": game.observe(seat), "legal": legal}),
        ]
        .map(|v| v.to_string())
        .join("\n");
        let spec: PlayerSpec = p.example.parse().unwrap();
        let mut output = Vec::new();
        engine::serve(entry, &spec, 1, &mut input.as_bytes(), &mut output).unwrap();
        let replies: Vec<Value> = String::from_utf8(output)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(replies[1]["type"], "action", "{name}, {}: {replies:?}", p.example);
        assert!(legal.contains(&replies[1]["action"]));
    }
    // A player the game does not list is refused, with the list.
    let unlisted = ["minimax", "greedy", "level:2", "ismcts:10"]
        .into_iter()
        .find(|s| {
            let spec: PlayerSpec = s.parse().unwrap();
            !entry.players().iter().any(|p| p.name == spec.name())
        })
        .unwrap();
    let err = driver.agent(&unlisted.parse().unwrap(), 0).err().unwrap().to_string();
    assert!(err.contains("offers"), "{name}: {err}");
}

/// Partner dice: four seats, partners facing (0 and 2 against 1 and 3);
/// each seat in turn says a number from 0 to 2; the team with the larger
/// sum wins. A test game: it lives here and nowhere else.
#[derive(Clone, Copy, Debug)]
struct PartnerDice;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Said {
    said: [u8; 4],
    turn: u8,
}

impl Game for PartnerDice {
    type State = Said;
    type Action = u8;
    type Observation = Said;
    fn num_seats(&self) -> usize {
        4
    }
    fn to_move(&self, s: &Said) -> Turn {
        if s.turn == 4 {
            Turn::Terminal
        } else {
            Turn::Seat(usize::from(s.turn))
        }
    }
    fn legal_actions(&self, s: &Said, out: &mut Vec<u8>) {
        out.clear();
        if s.turn < 4 {
            out.extend(0..3);
        }
    }
    fn apply(&self, s: &mut Said, a: u8) {
        s.said[usize::from(s.turn)] = a;
        s.turn += 1;
    }
    fn payoffs(&self, s: &Said) -> Payoffs {
        let even = i32::from(s.said[0]) + i32::from(s.said[2]);
        let odd = i32::from(s.said[1]) + i32::from(s.said[3]);
        let u = f64::from((even - odd).signum());
        Payoffs::new(&[u, -u, u, -u])
    }
    fn observation(&self, s: &Said, _: Seat) -> Said {
        *s
    }
    fn hash(&self, s: &Said) -> u64 {
        stable_hash(s)
    }
}

impl Determinize for PartnerDice {
    fn determinize(&self, o: &Said, _: Seat, _: &mut Rng) -> Said {
        *o
    }
    fn legal_from_observation(&self, o: &Said, seat: Seat, out: &mut Vec<u8>) {
        out.clear();
        if self.to_move(o) == Turn::Seat(seat) {
            self.legal_actions(o, out);
        }
    }
}

/// Always says the largest number.
struct Loud;

impl Player<PartnerDice> for Loud {
    fn choose(&mut self, _: &PartnerDice, _: &Said, _: Seat) -> SearchResult<u8> {
        SearchResult {
            action: Some(2),
            value: 0.0,
            stats: SearchStats::default(),
        }
    }
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct NoOptions {}

impl GameModule for PartnerDice {
    type Game = PartnerDice;
    type Options = NoOptions;
    type View = [u8; 4];
    const INFO: GameInfo = GameInfo {
        name: "partnerdice",
        title: "Partner dice",
        summary: "a test game of two teams",
        min_seats: 4,
        max_seats: 4,
        hidden_information: false,
        chance: false,
    };
    const OPTIONS: &'static [OptionDoc] = &[];
    const PLAYERS: &'static [PlayerInfo] = &[
        PlayerInfo {
            name: "loud",
            form: "loud",
            example: "loud",
            title: "Loud",
            description: "always 2",
        },
        players::RANDOM,
    ];
    const DEFAULT_PLAYER: &'static str = "loud";
    fn new(_: NoOptions) -> Result<Self, String> {
        Ok(PartnerDice)
    }
    fn options(&self) -> NoOptions {
        NoOptions {}
    }
    fn game(&self) -> &PartnerDice {
        self
    }
    fn start(&self, _: u64) -> Said {
        Said { said: [0; 4], turn: 0 }
    }
    fn agent(&self, spec: &PlayerSpec, seed: u64) -> Result<BoxedPlayer<PartnerDice>, SpecError> {
        match spec.name() {
            "loud" => Ok(Box::new(Loud)),
            _ => Ok(players::sampling(spec, seed).expect("random")),
        }
    }
    fn turn(&self, s: &Said) -> Turn {
        self.to_move(s)
    }
    fn check_observation(&self, _: &Said, _: Seat) -> Result<(), String> {
        Ok(())
    }
    fn view(&self, s: &Said, _: Seat) -> [u8; 4] {
        s.said
    }
    fn render(&self, s: &Said, _: Seat) -> String {
        format!("{:?}", s.said)
    }
    fn action_text(&self, a: u8) -> String {
        a.to_string()
    }
    fn teams(&self) -> Option<Vec<usize>> {
        Some(vec![0, 1, 0, 1])
    }
}

#[test]
fn partners_stay_together_and_teams_rotate() {
    let driver: Arc<dyn Driver> = Arc::new(ModuleDriver::new(PartnerDice));
    let specs: [PlayerSpec; 2] = ["loud".parse().unwrap(), "random".parse().unwrap()];
    let out = arena::run(&driver, &specs, &ArenaSettings::new(30, 9), &|_| {}).unwrap();
    assert_eq!(out.games.len(), 60, "two seatings per deal: the teams swapped");
    for p in &out.games {
        assert_eq!(p.entrants[0], p.entrants[2], "partners split in {p:?}");
        assert_eq!(p.entrants[1], p.entrants[3], "partners split in {p:?}");
        assert_ne!(p.entrants[0], p.entrants[1]);
        assert_eq!(p.entrants[0], p.index % 2, "seating {} of deal {}", p.index % 2, p.deal);
    }
    // The loud team never loses: at worst it ties a random team saying 2, 2.
    assert_eq!(out.report["b_wins"], 0, "{}", out.report);
    assert!(out.report["a_wins"].as_u64().unwrap() > 40, "{}", out.report);
    let again = arena::run(&driver, &specs, &ArenaSettings::new(30, 9), &|_| {}).unwrap();
    assert_eq!(again.report, out.report, "the same seed, the same report");
    let other = arena::run(&driver, &specs, &ArenaSettings::new(30, 10), &|_| {}).unwrap();
    assert_ne!(other.games, out.games, "another seed, other games");
}

#[test]
fn four_entrants_at_four_seats_play_every_order() {
    let driver = tabula_registry::find("skyjo")
        .unwrap()
        .open(&json!({"players": 4, "end_score": 20}))
        .unwrap();
    let specs: Vec<PlayerSpec> = ["level:2", "level:1", "random", "level:1"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let out = arena::run(&driver, &specs, &ArenaSettings::new(1, 2), &|_| {}).unwrap();
    assert_eq!(out.games.len(), 24);
    let entrants = out.report["entrants"].as_array().unwrap();
    assert_eq!(entrants.len(), 4);
    let wins: u64 = entrants.iter().map(|e| e["wins"].as_u64().unwrap()).sum();
    let draws = out.report["draws"].as_u64().unwrap();
    assert!(wins + draws >= 24 && wins <= 24, "{}", out.report);
    for e in entrants {
        let [lo, hi] = [
            e["score_rate_ci95"][0].as_f64().unwrap(),
            e["score_rate_ci95"][1].as_f64().unwrap(),
        ];
        let rate = e["score_rate"].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi, "{e}");
        assert!(e.get("mean_points").is_some(), "Skyjo keeps points: {e}");
    }
}
