//! The browser module's functions, natively: a local table plays every
//! game move for move as the server's table does, saves and resumes, and
//! the worker's decisions refuse what is not theirs without panicking.

use serde_json::{Value, json};
use tabula_contract::table::{ComputerTurn, NewTable, PersonMove, SeatRequest, Table};
use tabula_contract::{GameEntry, PlayerSpec, TableKind};
use tabula_search::{CancelFlag, Turn};
use tabula_wasm::{LocalTable, decide, quick, selfcheck};

/// Plies compared per game: enough for deals, draws and several turns of
/// every seat, short enough for the slower games' computers.
const PLIES: usize = 90;

/// The cheapest computer each game offers.
fn cheap_player(entry: &dyn GameEntry) -> String {
    let p = &entry.players()[0];
    if p.form == "level:N" {
        "level:1".into()
    } else {
        p.example.into()
    }
}

fn all_computers(entry: &dyn GameEntry) -> NewTable {
    let driver = entry.open(&Value::Null).unwrap();
    let player = cheap_player(entry);
    NewTable {
        game: entry.info().name.into(),
        options: Value::Null,
        seats: Some(
            (0..driver.seats())
                .map(|_| SeatRequest::Ai { ai: player.clone() })
                .collect(),
        ),
    }
}

/// The server's way: one computer move per request, chance drawn by the
/// table, until the end or `PLIES`.
fn server_actions(entry: &dyn GameEntry, request: &NewTable, seed: u64) -> Vec<Value> {
    let mut table = Table::create(entry, request, seed).unwrap();
    let mut game = table.replay().unwrap().game;
    while game.plies() < PLIES && game.to_act() != Turn::Terminal {
        let played = table.advance(game.as_mut(), true, &CancelFlag::new()).unwrap();
        assert!(!played.is_empty());
        table.truth.actions.extend(played);
    }
    table.truth.actions.truncate(PLIES);
    table.truth.actions
}

/// The page's way: the local table plays chance, the worker decides each
/// computer's turn from the observation alone.
fn local_actions(request: &NewTable, seed: u64) -> (LocalTable, Vec<Value>) {
    let mut table = LocalTable::open(&serde_json::to_string(request).unwrap(), &seed.to_string()).unwrap();
    while table.ply() < PLIES {
        let Some(turn) = table.next_turn().unwrap() else { break };
        let worker = json!({
            "game": request.game, "options": request.options, "seat": turn.seat,
            "player": turn.player, "seed": turn.seed, "observation": turn.observation.to_string(),
            "deadline_ms": null,
        });
        let answer: Value = serde_json::from_str(&decide(&worker.to_string()).unwrap()).unwrap();
        table.play_computer(answer["action"].as_str().unwrap()).unwrap();
    }
    let mut actions = table.saved().actions;
    actions.truncate(PLIES);
    (table, actions)
}

#[test]
fn every_game_plays_locally_move_for_move_as_on_the_server() {
    for entry in tabula_registry::games() {
        let request = all_computers(*entry);
        for seed in [3_u64, 0xDEAD_BEEF_0000_0001] {
            let server = server_actions(*entry, &request, seed);
            let (_, local) = local_actions(&request, seed);
            assert_eq!(local, server, "{} seed {seed}", entry.info().name);
            // Deals and a decision of each seat at the least: Kuhn poker's
            // whole game is four plies (two cards dealt, two bets).
            assert!(server.len() >= 4, "{}: {} plies", entry.info().name, server.len());
        }
    }
}

#[test]
fn a_saved_table_resumes_and_a_dishonest_chance_outcome_is_refused() {
    let request = r#"{"game":"hearts","seats":["human",{"ai":"level:1"},{"ai":"level:1"},{"ai":"level:1"}]}"#;
    let mut table = LocalTable::open(request, "99").unwrap();
    // Chance deals, the computers pass or play until the person acts.
    while let Some(turn) = table.next_turn().unwrap() {
        play_turn(&mut table, "hearts", &turn);
    }
    let answer = table.answer();
    assert_eq!(answer["your_turn"], true);
    // The legal moves come structured, as the server's: each the game's
    // action with the game's text for it.
    let driver = tabula_registry::find("hearts").unwrap().open(&Value::Null).unwrap();
    let legal = answer["legal"].as_array().unwrap();
    assert!(legal.len() > 1, "{answer}");
    for m in legal {
        assert_eq!(m["label"], driver.action_text(&m["action"]).unwrap(), "{m}");
    }
    // The person plays as the page does: a legal move by its index, which
    // plays that very action and logs its label.
    let chosen = legal[1].clone();
    table.choose(1, answer["ply"].as_u64().unwrap()).unwrap();
    assert_eq!(table.saved().actions.last(), Some(&chosen["action"]));
    let answer = table.answer();
    let last = answer["moves"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((&last["seat"], &last["text"]), (&json!(0), &chosen["label"]));
    let saved = table.saved();
    let resumed = LocalTable::resume(&serde_json::to_string(&saved).unwrap()).unwrap();
    assert_eq!(resumed.answer(), table.answer());

    // Another deal than the seed's is refused, naming the ply.
    let mut tampered = saved.clone();
    let deal = tampered
        .actions
        .iter()
        .position(|a| *a != tampered.actions[0])
        .unwrap_or(0);
    tampered.actions.swap(0, deal.max(1));
    let e = LocalTable::resume(&serde_json::to_string(&tampered).unwrap())
        .err()
        .expect("a dishonest deal is refused");
    assert!(e.contains("ply"), "{e}");
}

#[test]
fn a_stale_or_illegal_person_action_changes_nothing() {
    let mut table = LocalTable::open(r#"{"game":"tictactoe","seats":["human",{"ai":"random"}]}"#, "5").unwrap();
    let before = table.answer();
    assert!(table.act("4", Some(3)).unwrap_err().contains("ply"));
    assert!(table.act("z9", Some(0)).is_err());
    assert!(table.act(&"x".repeat(10_000), Some(0)).is_err());
    // An index past the list (nine squares: 0 to 8) is refused without
    // being written back.
    for past in [9, 4_000_000_321, u64::MAX] {
        let e = table.choose(past, 0).unwrap_err();
        assert!(e.contains("no legal move has that index"), "{e}");
        assert!(past == 9 || !e.contains(&past.to_string()), "{e}");
    }
    assert!(table.choose(4, 1).unwrap_err().contains("ply"));
    assert_eq!(table.answer(), before);
    table.act("4", Some(0)).unwrap();
    assert!(table.act("0", Some(1)).unwrap_err().contains("not your turn"));
    // A computer's action is refused when it is not legal, and changes nothing.
    let turn = table.next_turn().unwrap().unwrap();
    assert_eq!(turn.seat, 1);
    let before = table.answer();
    assert!(table.play_computer("4").is_err());
    assert!(table.play_computer("not json").is_err());
    assert_eq!(table.answer(), before);
}

fn worker_request(game: &str, turn: &ComputerTurn) -> Value {
    json!({
        "game": game, "seat": turn.seat, "player": turn.player,
        "seed": turn.seed, "observation": turn.observation.to_string(), "table": turn.table,
    })
}

/// Skyjo's Master is handed the draw pile at a solo table: the worker
/// takes its turn with the pile (the page once had it refused, and played
/// the first legal move, "take 1", at every turn), decides as the server's
/// table does, and refuses the pile at any other table.
#[test]
fn the_master_decides_in_the_worker_with_the_draw_pile_as_on_the_server() {
    let request = r#"{"game":"skyjo","seats":["human",{"ai":"master"}]}"#;
    let new: NewTable = serde_json::from_str(request).unwrap();
    let entry = tabula_registry::find("skyjo").unwrap();
    let mut server = Table::create(entry, &new, 5).unwrap();
    let mut local = LocalTable::open(request, "5").unwrap();
    let mut master_turns = 0;
    while master_turns < 6 {
        if let Some(turn) = local.next_turn().unwrap() {
            assert_eq!(turn.table, TableKind::Solo);
            assert!(turn.observation["draw_pile"].is_array(), "the Master sees the pile");
            let worker = worker_request("skyjo", &turn);
            let answer: Value = serde_json::from_str(&decide(&worker.to_string()).unwrap()).unwrap();
            assert_eq!(answer["source"], "search", "{answer}");
            let fallback: Value = serde_json::from_str(&quick(&worker.to_string()).unwrap()).unwrap();
            assert_eq!(fallback["source"], "policy", "{fallback}");
            // The pile is the Master's at a solo table only.
            let mut online = worker.clone();
            online["table"] = json!("online");
            let refused = decide(&online.to_string()).unwrap_err();
            assert!(refused.contains("draw pile"), "{refused}");
            assert!(quick(&online.to_string()).is_err());
            local.play_computer(answer["action"].as_str().unwrap()).unwrap();
            master_turns += 1;
        } else {
            // The person takes the first legal move, on both tables.
            let ply = local.ply() as u64;
            local.choose(0, ply).unwrap();
        }
    }
    // The server's table, the person taking the first legal move too,
    // plays the same game (its Master decides from the typed observation).
    let played = local.saved().actions;
    while server.truth.actions.len() < played.len() {
        let mut replayed = server.replay().unwrap();
        if replayed.game.to_act() == Turn::Seat(server.human().unwrap()) {
            let ply = replayed.log.len() as u64;
            let action = server
                .play_human(&mut replayed, PersonMove::Choice(0), Some(ply))
                .unwrap();
            server.truth.actions.push(action);
        } else {
            let moved = server
                .advance(replayed.game.as_mut(), true, &CancelFlag::new())
                .unwrap();
            server.truth.actions.extend(moved);
        }
    }
    server.truth.actions.truncate(played.len());
    assert_eq!(server.truth.actions, played);
}

fn play_turn(table: &mut LocalTable, game: &str, turn: &ComputerTurn) -> Value {
    let answer: Value = serde_json::from_str(&decide(&worker_request(game, turn).to_string()).unwrap()).unwrap();
    table.play_computer(answer["action"].as_str().unwrap()).unwrap();
    answer
}

/// The first Hearts turn of a level-4 computer that searches (the passes
/// and a lone legal card are not searched).
/// An answer's action (JSON text) as JSON.
fn action_of(answer: &Value) -> Value {
    serde_json::from_str(answer["action"].as_str().unwrap()).unwrap()
}

fn hearts_turn() -> Value {
    let request = r#"{"game":"hearts","seats":[{"ai":"level:4"},{"ai":"level:4"},{"ai":"level:4"},{"ai":"level:4"}]}"#;
    let mut table = LocalTable::open(request, "11").unwrap();
    loop {
        let turn = table.next_turn().unwrap().unwrap();
        let answer = play_turn(&mut table, "hearts", &turn);
        if answer["stats"]["iterations"].as_u64().unwrap_or(0) > 0 {
            return worker_request("hearts", &turn);
        }
    }
}

#[test]
fn the_worker_refuses_what_is_not_a_turn_of_the_game_without_panicking() {
    let good = hearts_turn();
    let mut cases: Vec<Value> = Vec::new();
    let mut with = |key: &str, value: Value| {
        let mut r = good.clone();
        r[key] = value;
        cases.push(r);
    };
    with("game", json!("Hearts"));
    with("game", json!("chess"));
    with("seat", json!((good["seat"].as_u64().unwrap() + 1) % 4));
    with("seat", json!(9));
    with("player", json!("level:9"));
    with("player", json!("bot:rm -rf"));
    with("seed", json!("-1"));
    with("seed", json!(12));
    with("observation", json!(r#"{"hand": []}"#));
    with("observation", json!("not json"));
    with("observation", json!({"hand": []}));
    with("options", json!({"end_score": "high"}));
    with("extra", json!(1));
    for r in &cases {
        let e = decide(&r.to_string()).expect_err(&r.to_string());
        assert!(!e.is_empty() && !e.contains('\n'), "{e}");
        assert!(quick(&r.to_string()).is_err());
    }
    for text in ["", "{", "null", "[]", &"9".repeat(100_000)] {
        assert!(decide(text).is_err());
    }
}

#[test]
fn an_expired_deadline_stops_the_search_and_the_fallback_still_answers() {
    let turn = hearts_turn();
    let observation: Value = serde_json::from_str(turn["observation"].as_str().unwrap()).unwrap();
    let driver = tabula_registry::find("hearts").unwrap().open(&Value::Null).unwrap();
    let legal = driver
        .legal_from_observation(&observation, turn["seat"].as_u64().unwrap() as usize)
        .unwrap();
    let mut expired = turn.clone();
    expired["deadline_ms"] = json!(0.0);
    // Past its deadline before it starts, the search does no work: it
    // answers a legal action with no iterations, or none at all, at once.
    match decide(&expired.to_string()) {
        Ok(a) => {
            let a: Value = serde_json::from_str(&a).unwrap();
            assert!(legal.contains(&action_of(&a)), "{a}");
            assert_eq!(a["stats"]["iterations"], 0, "{a}");
        }
        Err(e) => assert!(e.contains("no action"), "{e}"),
    }
    let q: Value = serde_json::from_str(&quick(&turn.to_string()).unwrap()).unwrap();
    assert_eq!(q["source"], "policy");
    assert!(legal.contains(&action_of(&q)));
    // With time, the search runs its whole budget.
    let mut timed = turn.clone();
    timed["deadline_ms"] = json!(600_000.0);
    let full: Value = serde_json::from_str(&decide(&timed.to_string()).unwrap()).unwrap();
    let unlimited: Value = serde_json::from_str(&decide(&turn.to_string()).unwrap()).unwrap();
    assert_eq!(full["action"], unlimited["action"]);
    assert_eq!(full["stats"]["root"], unlimited["stats"]["root"]);
    assert!(full["stats"]["iterations"].as_u64().unwrap() > 0);
}

#[test]
fn the_self_check_passes_natively() {
    let ok = selfcheck().unwrap();
    assert!(ok.starts_with("ok"), "{ok}");
}

#[test]
fn a_game_without_a_policy_falls_back_to_its_first_legal_action() {
    let mut table = LocalTable::open(r#"{"game":"tictactoe","seats":[{"ai":"mcts:50"},"human"]}"#, "2").unwrap();
    let turn = table.next_turn_json().unwrap().unwrap();
    let request = json!({
        "game": "tictactoe", "seat": turn["seat"], "player": turn["player"],
        "seed": turn["seed"], "observation": turn["observation"],
    });
    let q: Value = serde_json::from_str(&quick(&request.to_string()).unwrap()).unwrap();
    assert_eq!(q["source"], "first");
    assert_eq!(q["action"], turn["first"], "both JSON text");
    assert_eq!(turn["legal_count"], 9);
    assert_eq!(turn["only"], Value::Null);
    let spec: PlayerSpec = "mcts:50".parse().unwrap();
    assert_eq!(turn["player"], spec.to_string());
}

#[test]
fn a_computers_turn_carries_nothing_its_seat_cannot_see() {
    // At each computer's turn of the hidden-information games, swapping
    // cards that seat cannot see leaves what the worker would receive
    // byte-identical.
    let mut swapped = 0;
    for entry in tabula_registry::games().iter().filter(|e| e.info().hidden_information) {
        let request = all_computers(*entry);
        let mut table = Table::create(*entry, &request, 17).unwrap();
        for _ in 0..60 {
            let mut replayed = table.replay().unwrap();
            if replayed.game.to_act() == Turn::Terminal {
                break;
            }
            // The swap on a replay of its own: the game goes on unswapped.
            let mut swapped_replay = table.replay().unwrap();
            let game = swapped_replay.game.as_mut();
            if let Some(turn) = table.computer_turn(game) {
                if game.swap_unseen(turn.seat) {
                    swapped += 1;
                    let after = table.computer_turn(game).unwrap();
                    assert_eq!(
                        serde_json::to_string(&after).unwrap(),
                        serde_json::to_string(&turn).unwrap(),
                        "{}: seat {} saw the swap",
                        entry.info().name,
                        turn.seat
                    );
                }
            }
            let played = table.advance(replayed.game.as_mut(), true, &CancelFlag::new()).unwrap();
            table.truth.actions.extend(played);
        }
    }
    assert!(swapped > 100, "{swapped} swaps");
}

/// A finished game kept in the page is reviewed as the server reviews it
/// once stored: the same steps (hands face up, the person's view), and
/// the computer's opinion searched by the worker is the server's.
#[test]
fn a_finished_local_game_is_reviewed_as_on_the_server() {
    let request = r#"{"game":"miniwhist","seats":["human",{"ai":"random"}]}"#;
    let mut local = LocalTable::open(request, "9").unwrap();
    assert!(local.review_step(0).unwrap_err().contains("over"));
    loop {
        match local.next_turn().unwrap() {
            Some(turn) => {
                play_turn(&mut local, "miniwhist", &turn);
            }
            None if local.answer()["over"] == json!(true) => break,
            None => {
                let ply = local.ply() as u64;
                local.choose(0, ply).unwrap();
            }
        }
    }
    let saved = local.saved();
    let entry = tabula_registry::find("miniwhist").unwrap();
    let (server, replayed) = Table::restore(entry, saved.clone()).unwrap();
    let plies = saved.actions.len() as u64;
    for ply in 0..=plies {
        assert_eq!(
            local.review_step(ply).unwrap(),
            server.review_step(&replayed, ply).unwrap(),
            "step {ply}"
        );
    }
    let mine = (0..plies)
        .find(|&p| server.review_step(&replayed, p).unwrap()["yours"] == json!(true))
        .unwrap();
    let turn = local.opinion_turn_json(mine).unwrap();
    // The legal moves of that step (the page answers a lone one itself).
    let step = server.replay_to(mine as usize).unwrap();
    assert_eq!(turn["legal_count"], json!(step.game.legal().len()), "{turn}");
    let worker = json!({
        "game": "miniwhist", "seat": turn["seat"], "player": turn["player"],
        "seed": turn["seed"], "observation": turn["observation"], "table": turn["table"],
    });
    let answer: Value = serde_json::from_str(&decide(&worker.to_string()).unwrap()).unwrap();
    let mut opinion = local.opinion_answer(mine, answer["action"].as_str().unwrap()).unwrap();
    // The page adds the worker's reason, as the server adds its search's.
    opinion["why"] = answer["why"].clone();
    assert!(opinion["why"].is_string(), "{answer}");
    assert_eq!(opinion, server.opinion(&replayed, mine, &CancelFlag::new()).unwrap());
    // A move not the person's has no opinion.
    let theirs = (0..plies)
        .find(|&p| server.review_step(&replayed, p).unwrap()["yours"] == json!(false))
        .unwrap();
    assert!(local.opinion_turn_json(theirs).unwrap_err().contains("not yours"));
}
