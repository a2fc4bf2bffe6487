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
