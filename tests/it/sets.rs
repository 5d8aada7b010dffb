//! `check` over a set of games: what one game says about another. Two games with the same moves
//! under headers that disagree warn at the later one (`duplicate-game`), naming the earlier, as
//! game 3 of de Voogt's 1994 games does against the corpus's Ramadhan – Kijumbe example game.

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
    assert!(
        example.1.is_empty(),
        "the earlier game is named, not warned"
    );
    assert_eq!(game3.0, GAME3);
    assert_eq!(
        game3.1,
        [format!(
            "this game has the same 52 moves as {EXAMPLE}:13:5 (game 1), under another header: \
             north `Kijumbe` / `Nasoro`, date `17-10-94` / `11-10-94`"
        )]
    );
    // In the other order, the other one warns: the warning stands at whichever comes later.
    let (_, out, _) = run(&["check", "--format", "json", GAME3, EXAMPLE]);
    let found = duplicate_warnings(&out);
    assert!(found[0].1.is_empty());
    assert_eq!(
        found[1].1,
        [format!(
            "this game has the same 52 moves as {GAME3}:8:4 (game 1), under another header: \
             north `Nasoro` / `Kijumbe`, date `11-10-94` / `17-10-94`"
        )]
    );

    // The human report: at the later game's first move, with the earlier's place.
    let (_, out, _) = run(&["check", "--color", "never", EXAMPLE, GAME3]);
    assert_eq!(out.matches("warning[duplicate-game]").count(), 1, "{out}");
    assert!(out.ends_with("2 passed, 0 failed, 1 warning\n"), "{out}");
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

/// `--infer-rulings` over de Voogt's games ends with the table of what they settle: takasia is
/// played (the `**` of games 4, 7 and 69 are false without it) and game 7 rules out
/// `takasia-must-capture=first`; the other games are silent on both, and nothing else is settled.
#[test]
fn the_1994_games_decide_two_rulings() {
    let games = ["game1", "game4", "game7", "game69"]
        .map(|g| format!("corpus/bao-la-kiswahili/voogt-1994/{g}.bao"));
    let mut args = vec!["check", "--infer-rulings", "--color", "never"];
    args.extend(games.iter().map(String::as_str));
    let (status, out, _) = run(&args);
    assert_eq!(status, 0);
    let table = &out[out
        .find("Which games decide which ruling")
        .expect("a table")..];
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0],
        "Which games decide which ruling: 4 game(s) of bao-la-kiswahili in \
         corpus/bao-la-kiswahili/voogt-1994/ valid under some rulings"
    );
    let decided: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("    "))
        .copied()
        .collect();
    assert_eq!(
        decided,
        [
            "    `no` ruled out by game4.bao (move 30, north (ply 60): false-claim ZAN-24), \
             game7.bao (move 25, south (ply 49): false-claim ZAN-24), game69.bao (move 34, \
             north (ply 68): false-claim ZAN-24)",
            "    silent: game1.bao",
            "    `first` ruled out by game7.bao (move 25, north (ply 50): illegal-move ZAN-A13)",
            "    silent: game1.bao, game4.bao, game69.bao",
        ]
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.ends_with(": no game rules a value out"))
            .count(),
        11
    );
    // One game's answers are its own report's: no table.
    let (_, out, _) = run(&["check", "--infer-rulings", &games[0]]);
    assert!(!out.contains("Which games decide"), "{out}");
}

/// The same table in the JSON report (`rulings_table`, held to the schema by `check_report`):
/// each ruling of the ruleset, the values ruled out with the games, plies and move numbers that
/// do, and the silent games by path and index.
#[test]
fn the_rulings_table_in_json() {
    let games = ["game1", "game7"].map(|g| format!("corpus/bao-la-kiswahili/voogt-1994/{g}.bao"));
    let mut args = vec!["check", "--infer-rulings", "--format", "json"];
    args.extend(games.iter().map(String::as_str));
    let (status, out, err) = run(&args);
    assert_eq!(status, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let parts = report["rulings_table"].as_array().unwrap();
    assert_eq!(parts.len(), 1);
    assert_eq!(parts[0]["ruleset"], "bao-la-kiswahili");
    assert_eq!(parts[0]["games"], 2);
    let rulings = parts[0]["rulings"].as_array().unwrap();
    assert_eq!(rulings.len(), 13);
    let must_capture = rulings
        .iter()
        .find(|r| r["name"] == "zanzibar.takasia-must-capture")
        .unwrap();
    assert_eq!(
        must_capture["ruled_out"],
        serde_json::json!([{"value": "first", "by": [{
            "path": games[1], "game": 1, "ply": 50, "move_number": 25, "side": "north",
            "code": "illegal-move", "rule": "ZAN-A13"
        }]}])
    );
    assert_eq!(
        must_capture["silent"],
        serde_json::json!([{"path": games[0], "game": 1}])
    );
    // Without `--infer-rulings` the report has no table at all.
    let (_, out, _) = run(&["check", "--format", "json", &games[0], &games[1]]);
    let report: Value = serde_json::from_str(&out).unwrap();
    assert!(report.get("rulings_table").is_none());
}

/// And in the HTML page: a section after the games, drawn without script, its paths escaped.
#[test]
fn the_rulings_table_in_html() {
    let games = ["game1", "game7"].map(|g| format!("corpus/bao-la-kiswahili/voogt-1994/{g}.bao"));
    let mut args = vec!["check", "--infer-rulings", "--format", "html"];
    args.extend(games.iter().map(String::as_str));
    let (status, page, err) = run(&args);
    assert_eq!(status, 0, "{err}");
    let at = page
        .find("<section id=\"rulings-table\"")
        .expect("the section");
    let section = &page[at..at + page[at..].find("</section>").unwrap()];
    assert_eq!(section.matches("<tr data-ruling=").count(), 13);
    assert!(
        section.contains(
            "<li><code>first</code> by game7.bao (move 25, north (ply 50): illegal-move \
             ZAN-A13)</li>"
        ),
        "{section}"
    );
    assert!(section.contains("in <code>corpus/bao-la-kiswahili/voogt-1994/</code>"));
    assert!(
        page.contains("\"rulings_table\":["),
        "the page's report holds it too"
    );
}
