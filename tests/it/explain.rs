//! `bao-oracle explain` as a user runs it: the printed explanations are insta snapshots, so that
//! any change in what a dispute is settled by shows up in review.

use crate::common::run;

/// Runs `bao-oracle explain ARGS`: exit code, standard output, standard error.
fn explain(args: &[&str]) -> (i32, String, String) {
    run(&[&["explain"], args].concat())
}

/// Explains, expects exit code `code` and nothing on standard error, returns the output.
fn explained(code: i32, args: &[&str]) -> String {
    let (status, stdout, stderr) = explain(args);
    assert_eq!(status, code, "{stdout}{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    stdout
}

#[test]
fn kingulu_relay_with_capture() {
    let text = explained(0, &["bao-kingulu", "A3x7"]);
    insta::assert_snapshot!("kingulu-relay-with-capture", text);
}

#[test]
fn kingulu_reservation_on_a_relay_lap() {
    let text = explained(
        0,
        &[
            "bao-kingulu",
            "--position",
            "2,2,2,3,0,1/2,2,2,2,2,1 13-14 S",
            "A6^",
        ],
    );
    insta::assert_snapshot!("kingulu-reservation", text);
}

#[test]
fn kimasai_capture() {
    let text = explained(0, &["bao-la-kimasai", "A2"]);
    insta::assert_snapshot!("kimasai-capture", text);
}

#[test]
fn kingulu_illegal_move() {
    let text = explained(1, &["bao-kingulu", "A1"]);
    insta::assert_snapshot!("kingulu-illegal-move", text);
}

#[test]
fn a_false_claim_is_shown_and_fails() {
    let (status, text, stderr) = explain(&["bao-la-kimasai", "A2x"]);
    assert_eq!(status, 1);
    assert!(
        text.contains("false claim: the move claims 1 stone(s) captured; it captured 2 (MAS-6)"),
        "{text}"
    );
    // Every refusal names its code.
    assert_eq!(
        stderr,
        "error[false-claim]: `A2x`: the move claims 1 stone(s) captured; it captured 2 (MAS-6)\n"
    );
}

#[test]
fn kingulu_compare_penultimate_source() {
    let text = explained(
        0,
        &[
            "bao-kingulu",
            "--position",
            "2,2,2,2,3,5^S/0,0,0,0,3,0 14-15 S",
            "--compare-ruling",
            "kingulu.penultimate-source=not-from-reserved",
            "A5",
        ],
    );
    insta::assert_snapshot!("kingulu-compare-penultimate-source", text);
}

#[test]
fn kingulu_compare_where_the_ruling_does_not_matter() {
    let text = explained(
        0,
        &[
            "bao-kingulu",
            "--compare-ruling",
            "kingulu.penultimate-source=not-from-reserved",
            "A3",
        ],
    );
    assert!(
        text.contains("The traces never depart: the move plays the same under both rulings."),
        "{text}"
    );
    assert_eq!(text.matches("after:").count(), 1, "{text}");
}

#[test]
fn compare_with_the_ruling_already_in_force() {
    let text = explained(
        0,
        &[
            "bao-kingulu",
            "--ruling",
            "kingulu.penultimate-source=not-from-reserved",
            "--compare-ruling",
            "kingulu.penultimate-source=not-from-reserved",
            "A3",
        ],
    );
    assert!(text.contains("is already the ruling in force"), "{text}");
}

#[test]
fn a_ruling_in_force_is_named_in_the_header() {
    let text = explained(
        0,
        &[
            "bao-kingulu",
            "--ruling",
            "kingulu.penultimate-source=not-from-reserved",
            "A3",
        ],
    );
    assert!(
        text.contains("kingulu.penultimate-source=not-from-reserved (not the default)"),
        "{text}"
    );
}

#[test]
fn bad_input_is_a_usage_error() {
    let cases: &[(&[&str], &str)] = &[
        (&["bao-kingulu"], "error[usage]"),
        (&["bao-nothing", "A3"], "error[unknown-ruleset]"),
        (
            &["bao-kingulu", "--position", "4,4/4 0-0 S", "A3"],
            "error[bad-position]",
        ),
        (
            &["bao-kingulu", "--ruling", "kingulu.nothing=yes", "A3"],
            "error[unknown-ruling]",
        ),
        (
            &[
                "bao-kingulu",
                "--compare-ruling",
                "kingulu.penultimate-source=maybe",
                "A3",
            ],
            "error[unknown-ruling]",
        ),
        (
            &["bao-la-kimasai", "--compare-ruling", "nothing", "A2"],
            "error[unknown-ruling]",
        ),
    ];
    for (args, error) in cases {
        let (status, stdout, stderr) = explain(args);
        assert_eq!(status, 2, "{args:?}: {stdout}{stderr}");
        assert!(stderr.starts_with(error), "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
    }
}

#[test]
fn text_that_is_no_move_lists_the_legal_moves() {
    let text = explained(1, &["bao-kingulu", "b7"]);
    assert!(text.contains("(not-notation)"), "{text}");
    assert!(text.contains("legal moves here: A3 A4 A5 A6"), "{text}");
}

#[test]
fn record_ply_with_the_games_history() {
    // Ply 10 repeats the start position: the game ends by KIN-A9, which only the history shows.
    let text = explained(
        0,
        &[
            "--record",
            "tests/explain/records.yaml",
            "--game",
            "2",
            "--ply",
            "10",
        ],
    );
    assert!(
        text.contains("KIN-A9   the game is over: south wins, 34-14"),
        "{text}"
    );
    insta::assert_snapshot!("record-ply", text);
}

#[test]
fn record_ply_defaults_to_the_first_game() {
    let text = explained(0, &["--record", "tests/explain/records.yaml", "--ply", "2"]);
    assert!(
        text.starts_with("bao-la-kimasai: a2, north to move\n"),
        "{text}"
    );
    assert!(
        text.contains("game 1 of tests/explain/records.yaml, move 1, north (ply 2)"),
        "{text}"
    );
}

#[test]
fn record_ply_under_a_compared_ruling() {
    // Both explanations start from the game as the record's rulings played it.
    let text = explained(
        0,
        &[
            "--record",
            "tests/explain/records.yaml",
            "--game",
            "2",
            "--ply",
            "2",
            "--compare-ruling",
            "kingulu.penultimate-source=not-from-reserved",
        ],
    );
    assert!(text.contains("The traces never depart"), "{text}");
    assert!(
        text.contains("game 2 of tests/explain/records.yaml, move 1, north (ply 2)"),
        "{text}"
    );
}

#[test]
fn record_ply_with_a_false_claim() {
    // An earlier false claim does not stop the replay (ply 10 above); this ply's own is shown.
    let (status, text, stderr) = explain(&[
        "--record",
        "tests/explain/records.yaml",
        "--game",
        "2",
        "--ply",
        "1",
    ]);
    assert_eq!(status, 1);
    assert!(text.contains("A6x is legal (canonical A6)"), "{text}");
    assert!(text.contains("false claim: "), "{text}");
    assert!(
        stderr.starts_with(
            "error[false-claim]: game 2 of tests/explain/records.yaml, move 1, south (ply 1): `A6x`"
        ),
        "{stderr}"
    );
}

#[test]
fn record_ply_after_an_illegal_one() {
    let (status, stdout, stderr) =
        explain(&["--record", "tests/explain/broken.yaml", "--ply", "3"]);
    assert_eq!(status, 1, "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("ply 2: `a2` is illegal"), "{stderr}");
    assert!(stderr.contains("rule KIN-4"), "{stderr}");
    assert!(stderr.contains("`--ply 2` explains"), "{stderr}");
    // The illegal ply itself is explained like any illegal move.
    let text = explained(1, &["--record", "tests/explain/broken.yaml", "--ply", "2"]);
    assert!(
        text.contains("a2 is illegal (illegal-move, KIN-4)"),
        "{text}"
    );
    assert!(text.contains("legal moves here: a1 a3 a4 a6"), "{text}");
}

#[test]
fn record_usage_errors() {
    let cases: &[(&[&str], &str)] = &[
        (&["--record", "tests/explain/records.yaml"], "--ply"),
        (
            &["--record", "tests/explain/records.yaml", "--ply", "0"],
            "from 1",
        ),
        (
            &["--record", "tests/explain/records.yaml", "--ply", "3"],
            "no ply 3",
        ),
        (
            &[
                "--record",
                "tests/explain/records.yaml",
                "--ply",
                "1",
                "--game",
                "3",
            ],
            "no game 3",
        ),
        (
            &["--record", "tests/explain/missing.yaml", "--ply", "1"],
            "io-error",
        ),
        (
            &[
                "--record",
                "tests/explain/records.yaml",
                "--ply",
                "1",
                "--ruling",
                "kingulu.penultimate-source=any",
            ],
            "not a ruling of bao-la-kimasai",
        ),
        // 19.8(a): an unknown preset is refused, not passed by.
        (
            &[
                "--record",
                "tests/explain/records.yaml",
                "--ply",
                "1",
                "--preset",
                "no-such-preset",
            ],
            "unknown-ruling",
        ),
        (
            &[
                "--record",
                "tests/explain/records.yaml",
                "--ply",
                "1",
                "bao-kingulu",
            ],
            "cannot be used",
        ),
        (&["bao-kingulu", "A3", "--ply", "1"], "--record"),
    ];
    for (args, error) in cases {
        let (status, stdout, stderr) = explain(args);
        assert_eq!(status, 2, "{args:?}: {stdout}{stderr}");
        assert!(stderr.contains(error), "{args:?}: {stderr}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
    }
}

// --- Bao la Kete: multi-lap moves -------------------------------------------------------------

/// South in nemo: A2 (a kimbi) captures a7's five, sown from A1 into the kuu A5, where South
/// goes on (safari, `+`): the kuu is destroyed and the relay ends in B2.
const KETE_NEMO_SAFARI: &str =
    "0,0,0,0,0,0,0,0/0,5,2,6,0,0,0,0/0,1,0,0,6,0,0,0/0,0,0,0,2,0,0,0 21,21 Kk - S";

/// Both in mtaji, South's kuu standing: A1> captures a6's five from A3, sown from A1 into the
/// kuu A5, which faces an empty a4 (KETE-14.3).
const KETE_MTAJI_KUU: &str =
    "0,0,3,3,3,3,3,3/0,0,5,6,0,0,0,0/2,0,1,0,6,0,0,0/5,5,5,5,0,2,2,2 0,0 Kk - S";

/// Both in mtaji: A1> captures a6, North's last front seeds (Bao hamna); the captured seeds end
/// in the occupied A3, from which the move would relay on.
const KETE_MTAJI_BAO_HAMNA: &str =
    "0,0,4,4,4,4,5,5/0,0,3,0,0,0,0,0/2,0,1,0,6,0,0,0/5,5,5,5,0,2,2,2 0,0 K - S";

#[test]
fn kete_nemo_capture_with_safari() {
    let text = explained(0, &["bao-la-kete", "--position", KETE_NEMO_SAFARI, "A2>+"]);
    // The board is drawn after the captured seeds are sown, before the safari.
    assert!(text.contains("the board after this capture:"), "{text}");
    insta::assert_snapshot!("kete-nemo-capture-with-safari", text);
}

#[test]
fn kete_nemo_capture_stopping_at_the_kuu() {
    let text = explained(0, &["bao-la-kete", "--position", KETE_NEMO_SAFARI, "A2>"]);
    assert!(
        text.contains("the move ends in A5: the move stops at the kuu"),
        "{text}"
    );
}

#[test]
fn kete_compare_mtaji_safari() {
    let text = explained(
        0,
        &[
            "bao-la-kete",
            "--position",
            KETE_MTAJI_KUU,
            "--compare-ruling",
            "kete.mtaji-safari=choice",
            "A1>",
        ],
    );
    insta::assert_snapshot!("kete-compare-mtaji-safari", text);
}

#[test]
fn kete_compare_bao_hamna_mid_move() {
    let text = explained(
        0,
        &[
            "bao-la-kete",
            "--position",
            KETE_MTAJI_BAO_HAMNA,
            "--compare-ruling",
            "kete.bao-hamna-mid-move=finish",
            "A1>",
        ],
    );
    insta::assert_snapshot!("kete-compare-bao-hamna-mid-move", text);
}

#[test]
fn kete_sixteen_rule_and_the_kuus_first_takata() {
    let text = explained(
        0,
        &[
            "bao-la-kete",
            "--position",
            "1,2,5,0,3,0,2,1/1,6,0,19,0,5,1,0/0,0,0,1,4,1,8,1/0,0,0,0,0,1,2,0 0,0 k - N",
            "a5<",
        ],
    );
    for line in [
        "lap 1: 19 seeds from a5, anticlockwise; the last falls into a2",
        "KETE-4   the kuu is emptied and destroyed",
        "KETE-18  sixteen rule: the first lap sowed 16 or more seeds, so the move captures nothing",
        "KETE-20  the first mtaji takata starts from the kuu",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
}

#[test]
fn kete_hizi_zetu_made_and_captured() {
    let made = explained(
        0,
        &[
            "bao-la-kete",
            "--position",
            "1,1,0,3,0,0,3,1/1,0,0,0,0,0,0,0/1,2,1,1,11,19,7,0/4,4,0,1,2,1,0,0 0,0 - - N",
            "b2<",
        ],
    );
    assert!(
        made.contains("KETE-21  after the move: A7 is reserved by north, holding 7"),
        "{made}"
    );
    assert!(made.contains("hizi zetu: A7, reserved by north"), "{made}");
    let captured = explained(
        0,
        &[
            "bao-la-kete",
            "--position",
            "1,1,0,3,0,0,0,2/1,0,0,0,0,0,1,1/2,3,2,2,0,19,7,0/5,5,1,2,3,2,1,0 0,0 - A7 N",
            "b1<",
        ],
    );
    assert!(
        captured.contains("KETE-22  hizi zetu: the reserved hole is captured, as it must be"),
        "{captured}"
    );
    assert!(captured.contains("capture of 7 from A7"), "{captured}");
}

#[test]
fn kete_ambiguous_spelling_lists_the_candidates() {
    let text = explained(1, &["bao-la-kete", "A6"]);
    assert!(
        text.contains("A6 names more than one legal move (ambiguous-move)"),
        "{text}"
    );
    assert!(text.contains("legal moves here: A6< A6> A7< A7>"), "{text}");
}

#[test]
fn kete_record_ply_under_a_compared_ruling() {
    // The record plays `kete.mtaji-safari: choice`; the compared value is the default.
    let text = explained(
        0,
        &[
            "--record",
            "tests/explain/kete-mtaji-safari-choice.yaml",
            "--ply",
            "48",
            "--compare-ruling",
            "kete.mtaji-safari=compulsory",
        ],
    );
    assert!(
        text.contains(
            "comparing kete.mtaji-safari=choice with kete.mtaji-safari=compulsory (the default)"
        ),
        "{text}"
    );
    insta::assert_snapshot!("kete-record-compare-mtaji-safari", text);
}

// --- Bao la Kiswahili: the cases the issue names, from the 1994 Ramadhan - Kijumbe game ----------

/// Before ply 9 (`5R*`): South's lone house holds seven.
const ZAN_LONE_HOUSE: &str =
    "1,0,0,0,0,0,0,0/1,5,0,8,0,0,0,0/0,0,0,0,7,0,0,0/0,0,0,1,1,0,3,1 18,18 Hh - S";
/// Before ply 30 (`5R>`): North's capture reaches his functional house.
const ZAN_HOUSE_DECISION: &str =
    "2,1,1,1,1,1,1,1/1,0,0,11,0,0,4,1/1,1,0,1,9,0,1,1/1,4,2,0,1,0,1,0 7,8 Hh - N";
/// Before ply 45 (`B2L`): both stores empty, South still owns his house.
const ZAN_HOUSE_IN_MTAJI: &str =
    "3,2,2,2,2,2,2,2/3,1,8,0,0,0,0,1/0,3,1,0,17,1,3,0/1,4,2,0,1,0,1,0 0,0 H - S";
/// spec/bao-la-kiswahili/takasia.yaml: South's takasa takasia-s a2; then North's lap ends in it.
const ZAN_TAKASIA: &str =
    "6,0,3,5,2,3,0,3/1,0,0,0,0,0,1,0/0,4,11,0,3,1,0,0/3,3,0,2,4,2,3,4 0,0 - - S";
const ZAN_TAKASIA_ED: &str =
    "6,0,3,5,2,3,0,3/1,0,0,0,0,0,1,0/0,4,11,0,0,2,1,1/3,3,0,2,4,2,3,4 0,0 - a2 N";

#[test]
fn zanzibar_the_lone_house_sows_two() {
    let text = explained(
        0,
        &["bao-la-kiswahili", "--position", ZAN_LONE_HOUSE, "A5>*"],
    );
    assert!(text.contains("ZAN-16"), "{text}");
    insta::assert_snapshot!("zanzibar-lone-house", text);
}

#[test]
fn zanzibar_the_house_decision() {
    // ZAN-13.3: the capture lap reaches the functional house; `+` plays it (ZAN-18).
    let text = explained(
        0,
        &[
            "bao-la-kiswahili",
            "--position",
            ZAN_HOUSE_DECISION,
            "a5<+x",
        ],
    );
    assert!(text.contains("the mover plays the house"), "{text}");
    insta::assert_snapshot!("zanzibar-house-decision", text);
    let stop = explained(
        0,
        &["bao-la-kiswahili", "--position", ZAN_HOUSE_DECISION, "a5<x"],
    );
    assert!(!stop.contains("the mover plays the house"), "{stop}");
}

#[test]
fn zanzibar_the_house_lost_in_mtaji() {
    let text = explained(
        0,
        &[
            "bao-la-kiswahili",
            "--position",
            ZAN_HOUSE_IN_MTAJI,
            "--compare-ruling",
            "zanzibar.house-in-mtaji=kept",
            "B2<x",
        ],
    );
    assert!(text.contains("ZAN-19"), "{text}");
    insta::assert_snapshot!("zanzibar-house-lost-in-mtaji", text);
}

#[test]
fn zanzibar_takasia_and_the_stop_in_the_takasia_ed_hole() {
    let text = explained(0, &["bao-la-kiswahili", "--position", ZAN_TAKASIA, "A5>*"]);
    assert!(text.contains("ZAN-23"), "{text}");
    insta::assert_snapshot!("zanzibar-takasia", text);
    let text = explained(
        0,
        &["bao-la-kiswahili", "--position", ZAN_TAKASIA_ED, "b6<**"],
    );
    assert!(text.contains("ZAN-24"), "{text}");
    assert!(text.contains("played under takasia"), "{text}");
    insta::assert_snapshot!("zanzibar-stop-in-the-takasia-ed-hole", text);
}

/// Issue 24, item 2: a move of a transcript named as the transcript numbers it (`24: A5R b2L*;`
/// is North's move 24, ply 48), and Donkers' notation on the command line, read and answered.
#[test]
fn moves_by_number_and_side_and_in_donkers_notation() {
    let game7 = "corpus/bao-la-kiswahili/voogt-1994/game7.bao";
    let (status, by_move, err) = explain(&["--record", game7, "--move", "24", "--side", "north"]);
    assert_eq!(status, 0, "{err}");
    assert!(
        by_move.contains(&format!("game 1 of {game7}, move 24, north (ply 48)")),
        "{by_move}"
    );
    assert!(
        by_move.contains("b2L* is legal (canonical b2<)"),
        "{by_move}"
    );
    let (_, by_ply, _) = explain(&["--record", game7, "--ply", "48"]);
    assert_eq!(by_move, by_ply);
    let (status, _, err) = explain(&["--record", game7, "--move", "26", "--side", "south"]);
    assert_eq!(status, 2);
    assert!(
        err.contains("the last is move 25, north (ply 50)): there is no move 26 of south"),
        "{err}"
    );
    let (status, _, err) = explain(&["--record", game7, "--move", "3"]);
    assert_eq!(status, 2, "{err}");

    // Donkers' notation: 6L* is A6<, read and answered in the same spelling.
    let (status, donkers, err) = run(&["play", "bao-la-kiswahili", "6L*", "--notation", "donkers"]);
    assert_eq!(status, 0, "{err}");
    let (_, canonical, _) = run(&["play", "bao-la-kiswahili", "A6<"]);
    assert_eq!(donkers, canonical);
    let (status, _, err) = run(&[
        "play",
        "bao-la-kiswahili",
        "6L*",
        "6L*",
        "--notation",
        "donkers",
    ]);
    assert_eq!(status, 1);
    assert!(err.contains("move 1, north (ply 2) `6L*`"), "{err}");
    let (_, listed, _) = run(&["moves", "bao-la-kiswahili", "--notation", "donkers"]);
    let (_, listed_canonical, _) = run(&["moves", "bao-la-kiswahili"]);
    assert!(listed.lines().any(|m| m == "6L*"), "{listed}");
    assert_eq!(listed.lines().count(), listed_canonical.lines().count());
    let (status, text, err) = explain(&["bao-la-kiswahili", "6R*", "--notation", "donkers"]);
    assert_eq!(status, 0, "{err}");
    assert!(text.contains("6R* is legal (canonical A6>)"), "{text}");
    // A game without Donkers' notation says so.
    let (status, _, err) = run(&["play", "bao-kingulu", "A3", "--notation", "donkers"]);
    assert_eq!(status, 2);
    assert!(err.contains("Bao Kingulu has no donkers notation"), "{err}");
}

/// `explain --format json`: the explanation as data, every shape of it fitting
/// docs/schema/explain.json, each step with its event in the one event shape.
#[test]
fn json_explanations_fit_their_schema() {
    let path = crate::common::root().join("docs/schema/explain.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::draft202012::meta::validate(&schema).unwrap();
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    let json = |code: i32, args: &[&str]| -> serde_json::Value {
        // Standard error may hold the refusal's line; standard output is the document.
        let (status, text, stderr) = explain(&[args, &["--format", "json"]].concat());
        assert_eq!(status, code, "{text}{stderr}");
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        if let Err(e) = validator.validate(&value) {
            panic!("{text}\ndoes not fit explain.json: {e}");
        }
        value
    };
    // A relay with a capture: each step its event, the board after the capture.
    let played = json(0, &["bao-kingulu", "A3x7"]);
    let steps = played["steps"].as_array().unwrap();
    let capture = steps
        .iter()
        .find(|s| s["event"]["type"] == "capture")
        .unwrap();
    assert_eq!(
        capture["event"],
        serde_json::json!({"type": "capture", "hole": "a2", "seeds": 7, "rule": "KIN-9"})
    );
    assert_eq!(played["outcome"], serde_json::Value::Null);
    // A reservation, with its seeds; the game's end with its score.
    let reserved = json(
        0,
        &[
            "bao-kingulu",
            "--position",
            "2,2,2,3,0,1/2,2,2,2,2,1 13-14 S",
            "A6^",
        ],
    );
    assert!(
        reserved["steps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["event"]["type"] == "reserve" && s["event"]["seeds"].is_u64()),
        "{reserved}"
    );
    let ended = json(
        0,
        &[
            "--record",
            "tests/explain/records.yaml",
            "--game",
            "2",
            "--ply",
            "10",
        ],
    );
    assert_eq!(
        ended["outcome"]["score"],
        serde_json::json!({"south": 34, "north": 14})
    );
    assert!(ended["place"].as_str().unwrap().contains("records.yaml"));
    // Refused, and a false claim (played, exit 1).
    let refused = json(1, &["bao-kingulu", "A1"]);
    assert_eq!(
        (&refused["played"], &refused["code"]),
        (
            &serde_json::json!(false),
            &serde_json::json!("illegal-move")
        )
    );
    let claimed = json(1, &["bao-la-kimasai", "A2x"]);
    assert_eq!(claimed["false_claims"][0]["rule"], "MAS-6");
    // Two rulings compared: where they depart, both explanations.
    let compared = json(
        0,
        &[
            "bao-kingulu",
            "--position",
            "2,2,2,2,3,5^S/0,0,0,0,3,0 14-15 S",
            "--compare-ruling",
            "kingulu.penultimate-source=not-from-reserved",
            "A5",
        ],
    );
    assert!(compared["departure"].is_u64(), "{compared}");
    assert_eq!(compared["values"][1], "not-from-reserved");
    // The 4×8 games' events: namua's entering from the reserve.
    let kiswahili = json(0, &["bao-la-kiswahili", "A6<"]);
    let steps = kiswahili["steps"].as_array().unwrap();
    assert!(
        steps.iter().any(|s| s["event"]
            == serde_json::json!({"type": "enter", "hole": "A6", "seeds": 1, "rule": "ZAN-14"})),
        "{kiswahili}"
    );
}

/// Issue 32, item 3: a move typed in Donkers' notation is read without `--notation`, by
/// `explain` and `play` alike (the one path), and answered canonically; a text the two
/// notations read as different moves is refused with the option that chooses.
#[test]
fn a_move_in_donkers_notation_is_read_unasked() {
    let out = explained(0, &["bao-la-kiswahili", "6L*"]);
    assert!(
        out.starts_with("bao-la-kiswahili: 6L*, south to move"),
        "{out}"
    );
    assert!(out.contains("ZAN-14"), "{out}");
    assert!(!out.contains("not-notation"), "{out}");
    let (code, unasked, _) = crate::common::run(&["play", "bao-la-kiswahili", "6L*", "6R"]);
    let asked = [
        "play",
        "bao-la-kiswahili",
        "--notation",
        "donkers",
        "6L*",
        "6R",
    ];
    let (_, donkers, _) = crate::common::run(&asked);
    assert_eq!((code, &unasked), (0, &donkers));
    // Asked for, a notation reads only its own moves.
    let (code, _, err) =
        crate::common::run(&["play", "bao-la-kiswahili", "--notation", "canonical", "6L*"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not-notation"), "{err}");
    // `5>`: canonical a5>, Donkers' a5<+; neither writes it so.
    let north = "2,1,1,0,0,0,0,0/2,0,0,7,0,0,0,0/0,0,0,1,9,1,1,0/0,0,0,0,0,0,1,1 18,19 Hh - N";
    let (code, _, err) = crate::common::run(&["play", "bao-la-kiswahili", "-p", north, "5>"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "`5>` names a5> in canonical notation but a5<+ in Donkers' notation: say which \
             notation (`--notation canonical` or `--notation donkers`)"
        ),
        "{err}"
    );
    let (code, _, err) = crate::common::run(&["play", "bao-la-kiswahili", "-p", north, "a5>"]);
    assert_eq!(code, 0, "{err}");
}
