//! One position reader: every surface that takes a position (`--position`, a record's `start:`,
//! the protocol's reference adapter) reads the forms the rules crate reads — Donkers' bracket form
//! of the 4x8 games included — and refuses the same positions with the same rule; `play
//! --position-format` writes them back.

use bao_oracle::check::check_text;
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::harness::protocol::{Response, respond};

use crate::common::run;

/// The standard start of both 4x8 games, as Donkers' program writes it.
const START: &str = "[ 0 0 0 0 0 0 0 0 | 0 2 2 6 0 0 0 0 | 0 0 0 0 6 2 2 0 | 0 0 0 0 0 0 0 0 | 22 22 | T T | 255 | 0 ]";

/// Set-up positions: (ruleset, compact form, the same in Donkers' bracket form written by hand
/// from his `postostr`, a move legal there and not at the standard start).
const SET_UP: &[(&str, &str, &str, &str)] = &[
    // The reference's diagram after South's `A2<*`: North's a2 takasia-ed (his front hole 1),
    // neither house owned, North to move.
    (
        "bao-la-kiswahili",
        "1,1,0,1,0,2,1,7/0,0,0,1,3,3,8,0/1,0,4,6,0,1,1,1/2,4,5,3,3,2,2,1 0,0 - a2 N",
        "[ 1 1 0 1 0 2 1 7 | 0 0 0 1 3 3 8 0 | 1 0 4 6 0 1 1 1 | 2 4 5 3 3 2 2 1 | 0 0 | F F | 1 | 1 ]",
        "a3>**",
    ),
    // Bao la Kete: North's a1 reserved by South, South's kuu gone, North's standing.
    (
        "bao-la-kete",
        "0,0,0,0,0,0,15,16/0,0,0,20,0,0,0,2/0,0,0,0,0,2,0,1/1,1,1,1,1,1,1,1 0,0 k a1 N",
        "[ 0 0 0 0 0 0 15 16 | 0 0 0 20 0 0 0 2 | 0 0 0 0 0 2 0 1 | 1 1 1 1 1 1 1 1 | 0 0 | F T | 0 | 1 ]",
        "a5>",
    ),
];

fn moves(ruleset: &str, position: &str) -> String {
    let (code, out, err) = run(&["moves", ruleset, "--position", position]);
    assert_eq!(code, 0, "{position}: {err}");
    out
}

fn play(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.trim_end().to_string()
}

fn record(ruleset: &str, start: Option<&str>, mv: &str) -> Vec<(String, Option<String>)> {
    let start = start
        .map(|s| format!("start: \"{s}\"\n"))
        .unwrap_or_default();
    let text = format!("ruleset: {ruleset}\nsource: test\n{start}moves: [\"{mv}\"]\n");
    let games = check_text(&text, &ReplayOptions::default());
    games[0]
        .findings
        .iter()
        .map(|f| (f.code.to_string(), f.rule.map(str::to_string)))
        .collect()
}

fn protocol(request: serde_json::Value) -> Response {
    respond(&request.to_string())
}

#[test]
fn the_start_is_written_and_read_in_donkers_bracket_form() {
    for ruleset in ["bao-la-kiswahili", "bao-la-kete"] {
        assert_eq!(
            play(&["play", ruleset, "--position-format", "donkers"]),
            START
        );
        let compact = play(&["play", ruleset]);
        assert_eq!(play(&["play", ruleset, "--position", START]), compact);
        assert_eq!(moves(ruleset, START), moves(ruleset, &compact));
    }
}

#[test]
fn a_set_up_position_reads_alike_on_every_surface() {
    for &(ruleset, compact, bracket, mv) in SET_UP {
        // The CLI writes and reads it.
        let written = play(&[
            "play",
            ruleset,
            "--position",
            compact,
            "--position-format",
            "donkers",
        ]);
        assert_eq!(written, bracket);
        assert_eq!(play(&["play", ruleset, "--position", bracket]), compact);
        assert_eq!(moves(ruleset, bracket), moves(ruleset, compact));
        let after = |position: &str| play(&["play", ruleset, "--position", position, mv]);
        assert_eq!(after(bracket), after(compact));
        // A record's `start:`: the move is legal there, not from the standard start.
        assert_eq!(record(ruleset, Some(bracket), mv), []);
        assert_eq!(record(ruleset, Some(compact), mv), []);
        assert_ne!(record(ruleset, None, mv), []);
        // The protocol's reference adapter.
        let legal = |position: &str| match protocol(serde_json::json!({
            "id": 1, "type": "legal_moves", "ruleset": ruleset, "rulings": {}, "position": position,
        })) {
            Response::Moves { moves, .. } => moves,
            other => panic!("{position}: {other:?}"),
        };
        assert_eq!(legal(bracket), legal(compact));
        let played = |position: &str| match protocol(serde_json::json!({
            "id": 1, "type": "play", "ruleset": ruleset, "rulings": {}, "position": position,
            "move": mv,
        })) {
            Response::Played { position, .. } => position,
            other => panic!("{position}: {other:?}"),
        };
        assert_eq!(played(bracket), played(compact));
    }
}

#[test]
fn positions_no_game_reaches_are_refused_on_every_surface() {
    let board = "0,0,0,0,0,0,0,0/0,2,2,6,1,0,0,0/0,0,1,1,6,2,2,0/0,0,0,0,0,0,0,0";
    let start = "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0";
    let cases = [
        ("bao-la-kiswahili", format!("{start} 44,0 Hh - S"), "ZAN-3"),
        ("bao-la-kiswahili", format!("{board} 20,21 Hh - S"), "ZAN-8"),
        ("bao-la-kiswahili", format!("{board} 21,20 Hh - N"), "ZAN-8"),
        ("bao-la-kiswahili", START.replace("22 22", "44 0"), "ZAN-3"),
        ("bao-la-kete", format!("{start} 44,0 Kk - S"), "KETE-3"),
        ("bao-la-kete", format!("{board} 20,21 Kk - S"), "KETE-9"),
        (
            "bao-la-kete",
            "[ 0 0 0 0 0 0 0 0 | 0 2 2 6 1 0 0 0 | 0 0 1 1 6 2 2 0 | 0 0 0 0 0 0 0 0 | 20 21 | T T \
             | 255 | 0 ]"
                .to_string(),
            "KETE-9",
        ),
    ];
    for (ruleset, position, rule) in &cases {
        let (code, _, err) = run(&["moves", ruleset, "--position", position]);
        assert_eq!(code, 2, "{position}");
        assert!(
            err.starts_with("error[bad-position]") && err.contains(&format!("({rule})")),
            "{position}: {err}"
        );
        let finding = (String::from("bad-position"), Some(rule.to_string()));
        assert_eq!(
            record(ruleset, Some(position), "A6<")[..1],
            [finding],
            "{position}"
        );
        match protocol(serde_json::json!({
            "id": 1, "type": "legal_moves", "ruleset": ruleset, "rulings": {}, "position": position,
        })) {
            Response::Error { code, message, .. } => {
                assert_eq!(code, "bad-position", "{position}");
                assert!(!message.is_empty());
            }
            other => panic!("{position}: {other:?}"),
        }
    }
}

#[test]
fn a_form_the_game_or_the_position_lacks_is_an_error() {
    let (code, out, err) = run(&["play", "bao-kingulu", "A3", "--position-format", "donkers"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("Bao Kingulu has no donkers position form"),
        "{err}"
    );
    let (code, _, err) = run(&["moves", "bao-kingulu", "--position", START]);
    assert_eq!(code, 2);
    assert!(err.contains("no donkers position form"), "{err}");
    // Bao la Kete with South's obligation due (KETE-22): Donkers' form has no field for it.
    let due = "1,1,1,1,1,1,16,17/2,1,1,0,0,0,1,5/1,1,0,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - a8 S";
    let (code, out, err) = run(&[
        "play",
        "bao-la-kete",
        "--position",
        due,
        "--position-format",
        "donkers",
    ]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains("a8 is reserved with the reserver's obligation due"),
        "{err}"
    );
    let (code, out, _) = run(&[
        "play",
        "bao-la-kete",
        "--position",
        due,
        "--position-format",
        "compact",
    ]);
    assert_eq!((code, out.trim_end()), (0, due));
}
