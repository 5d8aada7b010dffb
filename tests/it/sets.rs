//! `check` over a set of games: what one game says about another. Two games with the same moves
//! under headers that disagree warn at both (`duplicate-game`), as the corpus's Ramadhan – Kijumbe
//! example game does against game 3 of de Voogt's 1994 games.

use serde_json::Value;

use crate::common::run;

const EXAMPLE: &str = "corpus/bao-la-kiswahili/ramadhan-kijumbe-1994.yaml";
const GAME3: &str = "corpus/bao-la-kiswahili/voogt-1994/game3.bao";

/// The `duplicate-game` warnings of each file of a JSON report, by path.
fn duplicate_warnings(json: &str) -> Vec<(String, Vec<String>)> {
    let report: Value = serde_json::from_str(json).unwrap();
    report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|file| {
            let messages = file["games"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|g| g["warnings"].as_array().unwrap().iter())
                .filter(|w| w["code"] == "duplicate-game")
                .map(|w| w["message"].as_str().unwrap().to_string())
                .collect();
            (file["path"].as_str().unwrap().to_string(), messages)
        })
        .collect()
}

#[test]
fn the_example_game_is_game_3_under_game_69s_header() {
    let (status, out, _) = run(&["check", "--format", "json", EXAMPLE, GAME3]);
    // A warning, not a failure.
    assert_eq!(status, 0);
    let found = duplicate_warnings(&out);
    assert_eq!(found.len(), 2);
    let (example, game3) = (&found[0], &found[1]);
    assert_eq!(example.0, EXAMPLE);
    assert_eq!(
        example.1,
        [format!(
            "this game has the same 52 moves as {GAME3}:8:4 (game 1), under another header: \
             north `Kijumbe` / `Nasoro`, date `17-10-94` / `11-10-94`"
        )]
    );
    assert_eq!(game3.0, GAME3);
    assert_eq!(
        game3.1,
        [format!(
            "this game has the same 52 moves as {EXAMPLE}:11:5 (game 1), under another header: \
             north `Nasoro` / `Kijumbe`, date `11-10-94` / `17-10-94`"
        )]
    );

    // The human report: at the first move of each, with the other place.
    let (_, out, _) = run(&["check", "--color", "never", EXAMPLE, GAME3]);
    assert_eq!(out.matches("warning[duplicate-game]").count(), 2, "{out}");
    assert!(out.ends_with("2 passed, 0 failed, 2 warnings\n"), "{out}");
}

#[test]
fn a_game_and_its_own_record_are_one_game_written_twice() {
    // game3.bao and the record imported from it: the same moves under the same header.
    let (status, out, _) = run(&[
        "check",
        "--format",
        "json",
        GAME3,
        "corpus/bao-la-kiswahili/voogt-1994/game3.yaml",
        "corpus/bao-la-kiswahili/voogt-1994/game4.bao",
    ]);
    assert_eq!(status, 0);
    assert!(duplicate_warnings(&out).iter().all(|(_, w)| w.is_empty()));
    // A single game has nothing to be compared with.
    let (_, out, _) = run(&["check", "--format", "json", EXAMPLE]);
    assert!(duplicate_warnings(&out).iter().all(|(_, w)| w.is_empty()));
}
