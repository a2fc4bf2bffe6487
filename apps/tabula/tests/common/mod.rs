//! Running the `tabula` binary from the tests.

#![allow(dead_code)] // each test file uses a part of it

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_tabula");

/// Runs `tabula` with arguments.
pub fn tabula(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("the binary runs")
}

/// Runs `tabula` with arguments and standard input.
pub fn tabula_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// The one JSON object a successful command printed.
pub fn json(out: &Output) -> Value {
    assert!(out.status.success(), "failed: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The standard error of a command.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The error of a failed command, checked to be one line.
pub fn one_line_error(out: &Output) -> String {
    assert!(!out.status.success());
    let err = stderr(out);
    assert_eq!(err.trim_end().lines().count(), 1, "{err:?}");
    err
}
