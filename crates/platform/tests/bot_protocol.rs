//! The bot protocol as documented: docs/bot-protocol.md's transcript is
//! replayed against the engine, answer by answer.

use serde_json::Value;
use tabula_contract::PlayerSpec;
use tabula_platform::engine;

const DOC: &str = include_str!("../../../docs/bot-protocol.md");

/// A reply without its timing, which varies from run to run.
fn comparable(line: &str) -> Value {
    let mut v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"));
    if let Some(stats) = v.get_mut("stats").and_then(Value::as_object_mut) {
        stats.remove("time_ms");
    }
    v
}

fn session(game: &str, player: &str, input: &str) -> Vec<String> {
    let entry = tabula_registry::find(game).unwrap();
    let spec: PlayerSpec = player.parse().unwrap();
    let mut output = Vec::new();
    engine::serve(entry, &spec, 1, &mut input.as_bytes(), &mut output).unwrap();
    String::from_utf8(output).unwrap().lines().map(str::to_string).collect()
}

#[test]
fn the_documented_transcript_is_what_the_engine_says() {
    let block = DOC
        .split("```")
        .nth(3)
        .expect("the transcript is the second code block");
    let requests: Vec<&str> = block.lines().filter_map(|l| l.strip_prefix("> ")).collect();
    let expected: Vec<&str> = block.lines().filter_map(|l| l.strip_prefix("< ")).collect();
    assert_eq!(requests.len(), expected.len(), "one answer per request");
    assert!(requests.len() >= 10);
    let answers = session("tictactoe", "alphabeta", &(requests.join("\n") + "\n"));
    assert_eq!(answers.len(), expected.len());
    for ((request, answer), wanted) in requests.iter().zip(&answers).zip(&expected) {
        assert_eq!(comparable(answer), comparable(wanted), "answer to {request}");
    }
}

#[test]
fn errors_keep_the_session_alive_and_answers_are_deterministic() {
    let hello = r#"{"type":"hello","protocol":1,"game":"tictactoe"}"#;
    let ask = r#"{"type":"move","id":9,"seat":1,"observation":"x........","legal":[1,2,3,4,5,6,7,8]}"#;
    let input = [
        hello,
        ask,
        "{}",
        "[1,2]",
        r#"{"type":"move","seat":5,"observation":"","legal":[]}"#,
        ask,
        "",
    ]
    .join("\n");
    let answers = session("tictactoe", "mcts:500", &input);
    assert_eq!(answers.len(), 6, "{answers:?}");
    let kinds: Vec<String> = answers
        .iter()
        .map(|a| comparable(a)["type"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(kinds, ["ready", "action", "error", "error", "error", "action"]);
    assert_eq!(
        comparable(&answers[1]),
        comparable(&answers[5]),
        "same observation, seed and budget: same answer"
    );
    assert!(answers[4].contains("seats 0 to 1"), "{}", answers[4]);
}

#[test]
fn the_engine_ends_at_quit_or_at_the_end_of_input() {
    let answers = session("tictactoe", "random", "{\"type\":\"quit\"}\n{\"type\":\"hello\"}\n");
    assert_eq!(answers, [r#"{"type":"bye"}"#]);
    assert!(session("tictactoe", "random", "").is_empty());
}

/// Replies to raw input bytes.
fn raw_session(game: &str, player: &str, input: &[u8]) -> Vec<Value> {
    let entry = tabula_registry::find(game).unwrap();
    let spec: PlayerSpec = player.parse().unwrap();
    let mut output = Vec::new();
    let mut reader = input;
    engine::serve(entry, &spec, 1, &mut reader, &mut output).unwrap();
    String::from_utf8(output)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn bytes_that_are_not_text_and_endless_lines_are_refused_and_the_session_goes_on() {
    let hello = br#"{"type":"hello","protocol":1,"game":"tictactoe"}"#;
    let ask = br#"{"type":"move","id":3,"seat":0,"observation":".........","legal":[0,1,2,3,4,5,6,7,8]}"#;
    let mut input = Vec::new();
    input.extend_from_slice(hello);
    input.extend_from_slice(b"\n{\"type\":\"\xff\"}\n");
    input.extend(std::iter::repeat_n(b' ', tabula_platform::lines::MAX_LINE + 10));
    input.extend_from_slice(b"\n");
    input.extend_from_slice(ask);
    input.extend_from_slice(b"\n");
    let replies = raw_session("tictactoe", "random", &input);
    let kinds: Vec<&str> = replies.iter().map(|r| r["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["ready", "error", "error", "action"], "{replies:?}");
    assert!(replies[1]["message"].as_str().unwrap().contains("not UTF-8"));
    assert!(replies[2]["message"].as_str().unwrap().contains("longer than"));
    assert_eq!(replies[3]["id"], 3);
}

/// A Skyjo observation at the first turn after setup, and its legal actions.
fn skyjo_turn() -> (Value, Vec<Value>, usize) {
    let driver = tabula_registry::find("skyjo").unwrap().open(&Value::Null).unwrap();
    let mut game = driver.start(9, tabula_contract::TableKind::Online);
    let mut rng = tabula_search::Rng::new(2);
    loop {
        match game.to_act() {
            tabula_search::Turn::Chance => game.chance(&mut rng).unwrap(),
            tabula_search::Turn::Seat(s) => {
                let obs = game.observe(s);
                if obs["phase"] == "Turn" {
                    return (obs, game.legal(), s);
                }
                let first = game.legal()[0].clone();
                game.apply(&first).unwrap();
            }
            tabula_search::Turn::Terminal => panic!("the game goes on"),
        }
    }
}

#[test]
fn observations_no_game_reaches_are_refused() {
    let (obs, legal, seat) = skyjo_turn();
    let hello = r#"{"type":"hello","protocol":1,"game":"skyjo"}"#.to_string();
    let ask =
        |o: &Value| serde_json::json!({"type": "move", "seat": seat, "observation": o, "legal": legal}).to_string();
    let mut impossible = Vec::new();
    let mut bad = obs.clone();
    bad["setup"] = serde_json::json!([9, 9]);
    impossible.push(("setup", bad));
    let mut bad = obs.clone();
    bad["closer"] = serde_json::json!(5);
    bad["final_left"] = serde_json::json!(1);
    impossible.push(("closer", bad));
    let mut bad = obs.clone();
    bad["opponent_hand"] = serde_json::json!([12, 12]);
    impossible.push(("opponent_hand", bad));
    let mut bad = obs.clone();
    bad["draw_pile"] = serde_json::json!([1, 2, 3]);
    impossible.push(("draw_pile", bad));
    let mut bad = obs.clone();
    bad["closer"] = serde_json::json!(1 - seat);
    bad["final_left"] = serde_json::json!(0);
    impossible.push(("final_left", bad));
    let mut bad = obs.clone();
    bad["grids"][seat][0] = serde_json::json!("Removed");
    impossible.push(("a lone removed cell", bad));
    let mut bad = obs.clone();
    bad["turns"] = serde_json::json!(u32::MAX);
    impossible.push(("turns", bad));
    let mut lines = vec![hello];
    lines.extend(impossible.iter().map(|(_, o)| ask(o)));
    lines.push(ask(&obs));
    let replies = raw_session("skyjo", "level:1", (lines.join("\n") + "\n").as_bytes());
    assert_eq!(replies.len(), impossible.len() + 2, "{replies:?}");
    for (k, (what, _)) in impossible.iter().enumerate() {
        let r = &replies[k + 1];
        assert_eq!(r["type"], "error", "{what}: {r}");
        assert!(
            r["message"].as_str().unwrap().contains("invalid observation"),
            "{what}: {r}"
        );
    }
    assert_eq!(
        replies.last().unwrap()["type"],
        "action",
        "the session goes on: {replies:?}"
    );
}

#[test]
fn the_terminal_shows_the_person_the_computer_s_moves_as_it_sees_them() {
    // Mini Whist: the person sits second; the computer's discard is face down.
    let driver = tabula_registry::find("miniwhist").unwrap().open(&Value::Null).unwrap();
    let cards: Vec<String> = ["s", "h"]
        .iter()
        .flat_map(|s| (1..=3).flat_map(move |r| ["a", "b"].map(move |c| format!("{s}{r}{c}"))))
        .collect();
    let input = (cards.join("\n") + "\n").repeat(6);
    let mut output = Vec::new();
    let spec: PlayerSpec = "random".parse().unwrap();
    tabula_platform::terminal::play(&driver, &[spec], 1, 3, &mut input.as_bytes(), &mut output).unwrap();
    let text = String::from_utf8(output).unwrap();
    assert!(text.contains("seat 1 plays a face-down discard."), "{text}");
    assert!(text.contains("Game over:"), "{text}");
}

/// The observation of the seat to act at the first decision of a seeded
/// random game of `game` where `wanted` holds, with its legal actions.
fn decision_where(game: &str, wanted: impl Fn(&Value) -> bool) -> (Value, Vec<Value>, usize) {
    let driver = tabula_registry::find(game).unwrap().open(&Value::Null).unwrap();
    for seed in 0..50 {
        let mut game = driver.start(seed, tabula_contract::TableKind::Online);
        let mut rng = tabula_search::Rng::new(seed);
        loop {
            match game.to_act() {
                tabula_search::Turn::Chance => game.chance(&mut rng).unwrap(),
                tabula_search::Turn::Seat(s) => {
                    let obs = game.observe(s);
                    if wanted(&obs) {
                        return (obs, game.legal(), s);
                    }
                    let legal = game.legal();
                    let pick = legal[rng.below(legal.len() as u64) as usize].clone();
                    game.apply(&pick).unwrap();
                }
                tabula_search::Turn::Terminal => break,
            }
        }
    }
    panic!("no decision of {game} fits");
}

/// Sends each impossible observation, then the real one, to `player`:
/// each impossible one is refused with a message naming `why`, and the
/// real one is answered (the session goes on).
fn refused_then_answered(game: &str, player: &str, real: &(Value, Vec<Value>, usize), impossible: &[(&str, Value)]) {
    let (obs, legal, seat) = real;
    let hello = serde_json::json!({"type": "hello", "protocol": 1, "game": game}).to_string();
    let ask =
        |o: &Value| serde_json::json!({"type": "move", "seat": seat, "observation": o, "legal": legal}).to_string();
    let mut lines = vec![hello];
    lines.extend(impossible.iter().map(|(_, o)| ask(o)));
    lines.push(ask(obs));
    let replies = raw_session(game, player, (lines.join("\n") + "\n").as_bytes());
    assert_eq!(replies.len(), impossible.len() + 2, "{replies:?}");
    for (k, (why, _)) in impossible.iter().enumerate() {
        let r = &replies[k + 1];
        assert_eq!(r["type"], "error", "{game} {player}: {why}: {r}");
        let message = r["message"].as_str().unwrap();
        assert!(
            message.contains("invalid observation") && message.contains(why),
            "{game}: {why}: {r}"
        );
    }
    assert_eq!(
        replies.last().unwrap()["type"],
        "action",
        "{game} {player}: {replies:?}"
    );
}

#[test]
fn hearts_refuses_a_card_played_by_nobody_and_scores_no_hand_left() {
    let real = decision_where("hearts", |o| {
        o["exchanged"] == true && o["tricks"].as_u64() >= Some(2) && o["trick"].as_array().is_some_and(Vec::is_empty)
    });
    let obs = &real.0;
    let seat = real.2;
    // A card nobody has played and the seat does not hold, added to the
    // cards another seat played: in no trick, yet counted as played.
    let mut known = obs["hand"].as_u64().unwrap();
    for p in obs["played"].as_array().unwrap() {
        known |= p.as_u64().unwrap();
    }
    let card = (0..52).find(|b| known >> b & 1 == 0).unwrap();
    let other = (seat + 1) % 4;
    let mut extra = obs.clone();
    extra["played"][other] = Value::from(obs["played"][other].as_u64().unwrap() | 1 << card);
    // Hands finished, but nobody ever scored.
    let mut unscored = obs.clone();
    unscored["hand_no"] = Value::from(1);
    assert_eq!(obs["scores"], serde_json::json!([0, 0, 0, 0]));
    let impossible = [("played", extra), ("scores", unscored)];
    for player in ["level:3", "level:4", "ismcts:200"] {
        refused_then_answered("hearts", player, &real, &impossible);
    }
}

/// Moves unseen cards of a Gin Rummy observation onto the pile until the
/// stock holds `stock` cards (the counts still add up to 52).
fn gin_with_stock(obs: &Value, stock: u64) -> Value {
    let mut out = obs.clone();
    let mut seen = obs["hand"].as_u64().unwrap() | obs["other_known"].as_u64().unwrap();
    let mut pile: Vec<Value> = obs["pile"].as_array().unwrap().clone();
    for c in &pile {
        seen |= 1 << c.as_u64().unwrap();
    }
    let moved = obs["stock"].as_u64().unwrap() - stock;
    for card in (0..52u64).filter(|b| seen >> b & 1 == 0).take(moved as usize) {
        pile.insert(0, Value::from(card));
    }
    out["pile"] = Value::Array(pile);
    out["stock"] = Value::from(stock);
    out
}

#[test]
fn gin_rummy_refuses_an_empty_stock_and_a_match_no_deal_made() {
    let draw = decision_where("ginrummy", |o| o["phase"] == "draw" && o["hand_no"] == 0);
    let empty = gin_with_stock(&draw.0, 0);
    let mut dealer = draw.0.clone();
    dealer["dealer"] = Value::from(1 - draw.0["dealer"].as_u64().unwrap());
    for player in ["level:2", "level:3", "level:4"] {
        refused_then_answered(
            "ginrummy",
            player,
            &draw,
            &[("stock", empty.clone()), ("dealt by seat 0", dealer.clone())],
        );
    }
    let took = decision_where("ginrummy", |o| o["phase"] == "discard" && !o["taken"].is_null());
    let two = gin_with_stock(&took.0, 2);
    for player in ["level:2", "level:4"] {
        refused_then_answered("ginrummy", player, &took, &[("stock", two.clone())]);
    }
}

#[test]
fn dou_dizhu_refuses_a_landlord_nobody_bid_for() {
    let play = decision_where("doudizhu", |o| o["phase"] == "play");
    let mut unbid = play.0.clone();
    unbid["bids"] = serde_json::json!([null, null, null]);
    for player in ["level:1", "level:4"] {
        refused_then_answered("doudizhu", player, &play, &[("bidding", unbid.clone())]);
    }
}

#[test]
fn durak_refuses_a_picked_up_card_the_seat_holds_itself_and_a_broken_table() {
    let real = decision_where("durak", |o| o["play"]["public"]["bout"]["stage"] == "Defend");
    let obs = &real.0;
    let seat = real.2;
    // One of the seat's own cards, also said to be known in another hand.
    let own = obs["hand"].as_u64().unwrap();
    let card = (0..36).find(|b| own >> b & 1 == 1).unwrap();
    let other = (seat + 1) % obs["options"]["players"].as_u64().unwrap() as usize;
    let mut twice = obs.clone();
    let known = obs["play"]["public"]["known"][other].as_u64().unwrap() | 1 << card;
    twice["play"]["public"]["known"][other] = Value::from(known);
    // Seven attacks in a bout of at most six.
    let mut seven = obs.clone();
    seven["play"]["public"]["bout"]["len"] = Value::from(7);
    let impossible = [("two places", twice), ("out of range", seven)];
    for player in ["level:2", "level:4"] {
        refused_then_answered("durak", player, &real, &impossible);
    }
}

#[test]
fn pinochle_refuses_a_meld_its_cards_do_not_make_and_a_bid_off_the_steps() {
    let real = decision_where("pinochle", |o| {
        o["declarer"].is_u64() && o["gives_left"] == 0 && o["tricks"] == 1
    });
    let obs = &real.0;
    let other = (real.2 + 1) % 4;
    let mut meld = obs.clone();
    meld["melds"][other] = Value::from(obs["melds"][other].as_u64().unwrap() + 10);
    let mut bid = obs.clone();
    bid["high"] = Value::from(obs["high"].as_u64().unwrap() + 5);
    let impossible = [("meld", meld), ("bid", bid)];
    for player in ["level:2", "level:4"] {
        refused_then_answered("pinochle", player, &real, &impossible);
    }
}

/// The JSON forms of an action, without its arguments, as the document
/// writes them: a word whole (`"take"`), an object by its keys (`{"play":`,
/// or each `"heap":` of several); none for a number or a notation (a cell,
/// a square, an Abalone move).
fn forms(action: &Value) -> Vec<String> {
    match action {
        Value::String(s) if !s.bytes().any(|b| b.is_ascii_digit()) => vec![format!("`\"{s}\"")],
        Value::Object(map) if map.len() == 1 => map.keys().map(|k| format!("`{{\"{k}\":")).collect(),
        Value::Object(map) => map.keys().map(|k| format!("\"{k}\":")).collect(),
        _ => Vec::new(),
    }
}

/// The actions a row of the document's table gives as examples in its
/// action column (its third cell): each backticked word in quotes
/// (`"pass"`) and each backticked object (`{"bid":n}`), its placeholders
/// filled (`b` with `false`, any other word or `…` with `0`) so that it
/// reads as JSON.
fn documented_actions(row: &str) -> Vec<Value> {
    let action_cell = row.split(" | ").nth(2).unwrap_or("");
    action_cell
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|snippet| snippet.starts_with('"') || snippet.starts_with('{'))
        .map(|snippet| {
            let (mut out, mut word, mut quoted) = (String::new(), String::new(), false);
            let flush = |word: &mut String, out: &mut String| {
                if !word.is_empty() {
                    out.push_str(match word.as_str() {
                        "true" | "false" | "null" => word.as_str(),
                        "b" => "false",
                        _ => "0",
                    });
                    word.clear();
                }
            };
            for ch in snippet.chars() {
                if quoted {
                    out.push(ch);
                    quoted = ch != '"';
                } else if ch.is_alphanumeric() || ch == '…' {
                    word.push(if ch == '…' { 'x' } else { ch });
                } else {
                    flush(&mut word, &mut out);
                    quoted = ch == '"';
                    out.push(ch);
                }
            }
            flush(&mut word, &mut out);
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{snippet} does not read as JSON ({out}): {e}"))
        })
        .collect()
}

/// docs/bot-protocol.md lists every action form of every registered game
/// in the game's own row of its table, and no other: the forms of the
/// legal actions met in seeded random games of each (with its default
/// options) each appear there, as written, and each example the row gives
/// (a word in quotes, an object) is of a form the engine played, or at
/// least reads as one of the game's actions.
#[test]
fn every_action_form_of_every_game_is_documented() {
    let mut missing = std::collections::BTreeSet::new();
    let mut unplayed = std::collections::BTreeSet::new();
    for entry in tabula_registry::games() {
        let name = entry.info().name;
        let Some(row) = DOC.lines().find(|l| l.starts_with(&format!("| `{name}` |"))) else {
            missing.insert(format!("{name}: no row"));
            continue;
        };
        let mut played = std::collections::BTreeSet::new();
        let driver = entry.open(&Value::Null).unwrap();
        for seed in 0..4 {
            let mut game = driver.start(seed, tabula_contract::TableKind::Online);
            let mut rng = tabula_search::Rng::new(seed);
            for _ in 0..3000 {
                match game.to_act() {
                    tabula_search::Turn::Terminal => break,
                    tabula_search::Turn::Chance => game.chance(&mut rng).unwrap(),
                    tabula_search::Turn::Seat(_) => {
                        let legal = game.legal();
                        for f in legal.iter().flat_map(forms) {
                            if !row.contains(&f) {
                                missing.insert(format!("{name}: {f}"));
                            }
                            played.insert(f);
                        }
                        let pick = legal[rng.below(legal.len() as u64) as usize].clone();
                        game.apply(&pick).unwrap();
                    }
                }
            }
        }
        // A documented form the random games did not meet (a rare one:
        // shooting the moon, big gin) must still be one of the game's
        // actions: its example, filled in, reads as one.
        for example in documented_actions(row) {
            for f in forms(&example) {
                if !played.contains(&f) && driver.action_text(&example).is_err() {
                    unplayed.insert(format!("{name}: {example}"));
                }
            }
        }
    }
    assert!(missing.is_empty(), "undocumented action forms: {missing:?}");
    assert!(
        unplayed.is_empty(),
        "documented actions that are not the game's: {unplayed:?}"
    );
}

#[test]
fn guandan_refuses_a_play_to_beat_its_cards_do_not_make_and_a_tribute_of_no_card() {
    // A seat with few cards to beat a play: level 4 searches there.
    let real = decision_where("guandan", |o| {
        o["phase"] == "play" && !o["last"].is_null() && o["hand"].as_array().is_some_and(|h| h.len() <= 10)
    });
    // The same cards on the table said to be a bomb of four.
    let mut bomb = real.0.clone();
    bomb["last"][1]["kind"] = Value::from("bomb4");
    // A tribute of a face past the 54.
    let mut tribute = real.0.clone();
    tribute["tributes"] = serde_json::json!([{"payer": 1, "receiver": 0, "card": 60, "returned": null}]);
    let impossible = [("its cards' combination", bomb), ("tribute out of range", tribute)];
    for player in ["level:2", "level:4"] {
        refused_then_answered("guandan", player, &real, &impossible);
    }
}
