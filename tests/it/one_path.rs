//! One move path: the same (position, move text) gives the same code and rule id from `check`,
//! `play`, the engine protocol and the spec runner, since all of them go through
//! `Playthrough::play_text_into`.

use std::process::Command;

use bao_oracle::Code;
use bao_oracle::check::check_text;
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::harness::protocol::{Response, respond};
use bao_oracle::harness::spec::runner::run_scenario;
use bao_oracle::input::spec::{ErrorSpec, Expect, Scenario};
use bao_rules::{Game, RulingSet, with_game};

use crate::common::BIN;

/// (ruleset, start position or the standard start, move text, the code every path must give).
const CASES: &[(&str, Option<&str>, &str, Code)] = &[
    ("bao-la-kimasai", None, "Q7", Code::NotNotation),
    ("bao-la-kimasai", None, "A13", Code::NotNotation),
    ("bao-la-kimasai", None, "A5", Code::IllegalMove),
    ("bao-la-kimasai", None, "A2x", Code::FalseClaim),
    ("bao-la-kimasai", None, "A2-A3", Code::IllegalMove),
    (
        "bao-la-kimasai",
        Some("000000000000/000000000000/000100000000/000000001000 N"),
        "a1",
        Code::MoveAfterEnd,
    ),
    (
        // The end comes before the notation.
        "bao-la-kimasai",
        Some("000000000000/000000000000/000100000000/000000001000 N"),
        "not a move",
        Code::MoveAfterEnd,
    ),
    ("bao-kingulu", None, "A9", Code::NotNotation),
    ("bao-kingulu", None, "a3", Code::IllegalMove),
    ("bao-kingulu", None, "A3x1", Code::FalseClaim),
    ("bao-la-kete", None, "A6", Code::AmbiguousMove),
    ("bao-la-kete", None, "A1>", Code::IllegalMove),
    ("bao-la-kete", None, "A6>x", Code::FalseClaim),
    ("bao-la-kete", None, "A6>#", Code::FalseClaim),
    ("bao-la-kete", None, "Z9", Code::NotNotation),
];

/// What one path answered: the code and the rule id.
type Answer = (String, Option<String>);

fn by_check(ruleset: &str, start: Option<&str>, text: &str) -> Answer {
    let start = start
        .map(|s| format!("start: \"{s}\"\n"))
        .unwrap_or_default();
    let record = format!("ruleset: {ruleset}\nsource: test\n{start}moves: [\"{text}\"]\n");
    let games = check_text(&record, &ReplayOptions::default());
    let finding = games[0].findings.first().expect("a finding");
    (finding.code.to_string(), finding.rule.map(str::to_string))
}

fn by_play(ruleset: &str, start: Option<&str>, text: &str) -> Answer {
    let mut command = Command::new(BIN);
    command.args(["play", ruleset]);
    if let Some(start) = start {
        command.args(["--position", start]);
    }
    let out = command.arg(text).output().expect("the binary runs");
    assert_eq!(out.status.code(), Some(1), "{ruleset} {text}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    let code = stderr
        .strip_prefix("error[")
        .and_then(|s| s.split_once(']'))
        .map(|(code, _)| code.to_string())
        .unwrap_or_else(|| panic!("no code in {stderr:?}"));
    // The rule id closes the line: `... (KIN-4)`.
    let rule = stderr
        .trim_end()
        .strip_suffix(')')
        .and_then(|s| s.rsplit_once('('))
        .map(|(_, rule)| rule.to_string())
        .filter(|r| r.contains('-') && !r.contains(' '));
    (code, rule)
}

/// The protocol's answer in the common vocabulary: its `illegal` answer is an illegal move or a
/// move after the end (docs/protocol.md), told apart here by the position being over.
fn by_protocol(ruleset: &str, start: &str, text: &str, over: bool) -> Option<Answer> {
    let request = serde_json::json!({
        "id": 1, "type": "play", "ruleset": ruleset, "rulings": {}, "position": start, "move": text,
    });
    match respond(&request.to_string()) {
        Response::Illegal { rule, .. } => {
            let code = if over {
                Code::MoveAfterEnd
            } else {
                Code::IllegalMove
            };
            Some((code.to_string(), rule))
        }
        Response::Error { code, .. } => Some((code, None)),
        Response::Undecided { .. } => Some((Code::UndecidedMove.to_string(), None)),
        // The protocol plays a move whatever it claims (claims are `check`'s business).
        Response::Played { .. } => None,
        other => panic!("unexpected answer {other:?}"),
    }
}

fn by_spec(ruleset: &str, start: Option<&str>, text: &str, want: &Answer) -> Vec<String> {
    let scenario = Scenario {
        id: "one-path".into(),
        description: "the same answer on every path".into(),
        rules: vec!["X".into()],
        rulings: RulingSet::new(),
        start: start.map(str::to_string),
        first: None,
        moves: vec![text.to_string()],
        expect: Expect {
            error: Some(ErrorSpec {
                code: Code::parse(&want.0).unwrap(),
                rule: want.1.clone(),
                candidates: None,
            }),
            ..Expect::default()
        },
    };
    with_game!(bao_rules::Ruleset::from_name(ruleset).unwrap(), G => run_scenario::<G>(&scenario))
        .into_iter()
        .map(|f| format!("{f:?}"))
        .collect()
}

#[test]
fn every_path_gives_the_same_code_and_rule() {
    for &(ruleset, start, text, code) in CASES {
        let checked = by_check(ruleset, start, text);
        assert_eq!(
            checked.0,
            code.as_str(),
            "check: {ruleset} {start:?} {text}"
        );
        assert_eq!(
            by_play(ruleset, start, text),
            checked,
            "play: {ruleset} {text}"
        );
        let position = start
            .map(str::to_string)
            .unwrap_or_else(|| with_game!(bao_rules::Ruleset::from_name(ruleset).unwrap(), G => G::format_compact(&G::start())));
        let over = code == Code::MoveAfterEnd;
        if let Some(answer) = by_protocol(ruleset, &position, text, over) {
            assert_eq!(answer.0, checked.0, "protocol: {ruleset} {text}");
            // The protocol's errors carry no rule id; its `illegal` answers do.
            if answer.1.is_some() {
                assert_eq!(answer.1, checked.1, "protocol: {ruleset} {text}");
            }
        } else {
            assert_eq!(code, Code::FalseClaim, "protocol played {ruleset} {text}");
        }
        let failures = by_spec(ruleset, start, text, &checked);
        assert!(failures.is_empty(), "spec: {ruleset} {text}: {failures:?}");
    }
}
