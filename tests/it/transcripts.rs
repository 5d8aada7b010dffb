//! De Voogt's Zanzibar games of October 1994 as Donkers typed them (`corpus/bao-la-kiswahili/
//! voogt-1994/*.bao`, byte for byte; game 2 and the never-ending `we1.bao` in `tests/data/
//! voogt-1994/`): each is read as published, its slips reported at their lines, imported to the
//! corpus record beside it, and checked with the same verdict as a transcript and as a record.

use std::fs;
use std::path::Path;

use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::check::{GameReport, check_text};
use bao_oracle::diagnostics::{Code, line_column};
use bao_oracle::rewrite::import::{ImportOptions, import};
use bao_rules::rulings::RulingSet;

const CORPUS: &str = "corpus/bao-la-kiswahili/voogt-1994";

fn read(path: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

fn options<'a>(name: &'a str, source: Option<&'a str>, strict: bool) -> ImportOptions<'a> {
    static RULINGS: std::sync::OnceLock<RulingSet> = std::sync::OnceLock::new();
    ImportOptions {
        name,
        source,
        ruleset: Some(bao_rules::Ruleset::Zanzibar),
        rulings: RULINGS.get_or_init(RulingSet::new),
        strict,
    }
}

/// The one game of a file, checked.
fn checked(text: &str) -> GameReport {
    let mut games = check_text(text, &ReplayOptions::default());
    assert_eq!(games.len(), 1);
    games.remove(0)
}

/// Each game: its file, the slips it holds (line, code), and how its replay ends.
const GAMES: &[(&str, &[usize], &str)] = &[
    ("game1", &[20], "south"),
    ("game3", &[], "unfinished"),
    ("game4", &[37], "unfinished"),
    ("game5", &[], "north"),
    ("game6", &[], "unfinished"),
    ("game7", &[32], "north"),
    ("game69", &[], "north"),
];

#[test]
fn every_real_game_imports_as_published_to_its_corpus_record() {
    for &(name, slip_lines, result) in GAMES {
        let file = format!("{name}.bao");
        let text = read(&format!("{CORPUS}/{file}"));
        let record = read(&format!("{CORPUS}/{name}.yaml"));
        // The corpus record's own source, given as `import --source` gave it.
        let source = record
            .lines()
            .find_map(|l| l.strip_prefix("source: "))
            .map(|s| serde_json::from_str::<String>(s).unwrap())
            .unwrap();
        let imported = import(&text, &options(&file, Some(&source), false))
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!(imported.record, record, "{name}");
        assert!(record.ends_with(&format!("result: {result}\n")), "{name}");
        let lines: Vec<usize> = imported
            .warnings
            .iter()
            .map(|w| {
                assert_eq!(w.code, Code::TranscriptSlip);
                line_column(&text, w.span.unwrap().offset).0
            })
            .collect();
        assert_eq!(lines, slip_lines, "{name}");
        // Strictly, a slip is an error.
        let strict = import(&text, &options(&file, None, true));
        assert_eq!(strict.is_ok(), slip_lines.is_empty(), "{name}");

        // `check` of the transcript and of its record: the same verdict and the same end.
        let of_transcript = checked(&text);
        let of_record = checked(&record);
        assert!(
            of_transcript.valid(),
            "{name}: {:?}",
            of_transcript.findings
        );
        assert!(of_record.valid(), "{name}: {:?}", of_record.findings);
        // The slips are the transcript's warnings in `check` too, at the same lines.
        let warned: Vec<usize> = of_transcript
            .warnings
            .iter()
            .map(|w| line_column(&text, w.span.unwrap().offset).0)
            .collect();
        assert_eq!(warned, slip_lines, "{name}");
        assert!(of_record.warnings.is_empty(), "{name}");
        assert_eq!(of_transcript.plies, of_record.plies, "{name}");
        assert_eq!(of_transcript.standing, of_record.standing, "{name}");
    }
}

#[test]
fn the_slips_say_what_was_written_and_how_it_was_read() {
    let text = read(&format!("{CORPUS}/game4.bao"));
    let imported = import(&text, &options("game4.bao", None, false)).unwrap();
    let slip = &imported.warnings[0];
    let span = slip.span.unwrap();
    assert_eq!(&text[span.offset..span.end()], "A5L**");
    assert_eq!(line_column(&text, span.offset), (37, 10));
    assert!(slip.message.contains("`A5L**`"), "{}", slip.message);
    assert!(slip.message.contains("`a5L**`"), "{}", slip.message);
    // The record keeps the published spelling beside the move as read.
    assert!(imported.record.contains("\"a5<**\" # 30: A5L**; A resigns"));
    // Whole-line comments stay where they stand.
    let game69 = read(&format!("{CORPUS}/game69.yaml"));
    let comment = game69.find("# % Computer: mistake").unwrap();
    assert!(game69.find("# 36: a4R**").unwrap() < comment);
    assert!(comment < game69.find("# 37: B7R").unwrap());
}

#[test]
fn every_double_star_of_the_files_is_a_takasa_played_under_takasia() {
    // game69 moves 34 and 36, game4 move 30, game7 move 25: each `**` follows the opponent's
    // takasa that takasia-s (`*`), and each is a true claim.
    for (name, after) in [
        ("game69", "\"a6>**\" # 34: a6R**"),
        ("game69", "\"a4>**\" # 36: a4R**"),
        ("game4", "\"a5<**\" # 30: A5L**"),
        ("game7", "\"A7<**\" # 25: A7L**"),
    ] {
        assert!(
            read(&format!("{CORPUS}/{name}.yaml")).contains(after),
            "{name}: {after}"
        );
    }
}

#[test]
fn game_2_stops_at_ply_29_with_suggestions_in_its_own_notation() {
    let text = read("tests/data/voogt-1994/game2.bao");
    let refused = import(&text, &options("game2.bao", None, false)).unwrap_err();
    let stop = refused
        .findings
        .iter()
        .find(|f| f.code == Code::IllegalMove)
        .unwrap();
    assert_eq!((stop.ply, stop.rule), (Some(29), Some("ZAN-11")));
    assert_eq!(line_column(&text, stop.span.unwrap().offset), (22, 5));
    // `import` gives check's forensic help: the most likely meant move first.
    let best = &refused.suggestions(stop)[0];
    assert_eq!((best.ply, &best.moves[..]), (27, &["A8<+".to_string()][..]));
    // Its lower-case `5l` is a slip, reported where it is.
    let slip = refused
        .warnings
        .iter()
        .find(|f| f.code == Code::TranscriptSlip)
        .unwrap();
    assert_eq!(line_column(&text, slip.span.unwrap().offset), (25, 5));

    let game = checked(&text);
    assert_eq!(game.plies, 28);
    let finding = &game.findings[0];
    assert_eq!(finding.ply, Some(29));
    let best = &game.suggestions(finding)[0];
    assert_eq!(
        (best.ply, &best.moves[..], &best.was[..]),
        (27, &["A8<+".to_string()][..], &["8".to_string()][..])
    );
    // The report gives it in the transcript's notation first.
    let report = bao_oracle::check::FileReport {
        path: "game2.bao".into(),
        text: text.clone(),
        games: vec![game],
    };
    let human =
        bao_oracle::render::human::render_file(&report, bao_oracle::render::human::Style::PLAIN);
    assert!(
        human.contains("most likely 8> (A8<+) at move 14, south (ply 27), written 8"),
        "{human}"
    );
}

#[test]
fn we1_never_ends_at_ply_23() {
    let text = read("tests/data/voogt-1994/we1.bao");
    let game = checked(&text);
    assert_eq!(game.plies, 22);
    let finding = &game.findings[0];
    assert_eq!(
        (finding.code, finding.ply, finding.rule),
        (Code::IllegalMove, Some(23), Some("ZAN-27"))
    );
    assert_eq!(line_column(&text, finding.span.unwrap().offset), (14, 5));
    // Kronenburg, Donkers and de Voogt (2006), Fig. 3, give 218; the oracle counts every sowing
    // as a lap and finds the state after the first lap again 228 laps later (docs/transcripts.md).
    assert!(
        finding.message.contains("a cycle of 228 laps from lap 1"),
        "{}",
        finding.message
    );
    // `import` says the same.
    let findings = import(&text, &options("we1.bao", None, false))
        .unwrap_err()
        .findings;
    assert!(
        findings
            .iter()
            .any(|f| f.message.contains("a cycle of 228 laps from lap 1")),
        "{findings:?}"
    );
}

/// Issue 24, item 5: the slip of ply 23 is a warning of its own; the repairs of the error of
/// the same ply are shown once, under the error, in the text report as in JSON.
#[test]
fn we1_s_slip_does_not_carry_the_errors_suggestions() {
    let (status, out, _) = run(&["check", "--color", "never", "tests/data/voogt-1994/we1.bao"]);
    assert_eq!(status, 1);
    assert_eq!(out.matches("either 3R* (A3>)").count(), 1, "{out}");
    let warning =
        &out[out.find("warning[transcript-slip]").unwrap()..out.find("illegal-move").unwrap()];
    assert!(!warning.contains("help:"), "{warning}");
    let (_, json, _) = run(&["check", "--format", "json", "tests/data/voogt-1994/we1.bao"]);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let game = &report["files"][0]["games"][0];
    assert_eq!(game["warnings"][0]["suggestions"], serde_json::json!([]));
    assert_eq!(
        game["errors"][0]["suggestions"].as_array().unwrap().len(),
        5
    );
}

/// Issue 32, item 2: five moves end we1.bao's never-ending last ply, and no ply after it tells
/// them apart: `repair` applies none and says so, `check` says the same in text and JSON, and
/// the summary counts the game apart from the repaired ones.
#[test]
fn we1_s_last_move_is_ambiguous_and_left_as_written() {
    let (status, out, err) = run(&["repair", "tests/data/voogt-1994/we1.bao"]);
    assert_eq!((status, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains(
            "we1.bao: left as written: ambiguous: 5 candidates where move 12, south (ply 23) \
             stopped, which nothing after the edit tells apart: 3R*, 2L*, 2R*, 6L*, 6R*"
        ),
        "{err}"
    );
    let (_, out, _) = run(&["check", "--color", "never", "tests/data/voogt-1994/we1.bao"]);
    assert!(
        out.contains("help: ambiguous: 5 candidates, which nothing after the edit tells apart"),
        "{out}"
    );
    assert!(!out.contains("most likely"), "{out}");
    let (_, json, _) = run(&["check", "--format", "json", "tests/data/voogt-1994/we1.bao"]);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let game = &report["files"][0]["games"][0];
    assert_eq!(game["repair"]["verdict"], "ambiguous");
    let suggestions = game["errors"][0]["suggestions"].as_array().unwrap();
    assert!(
        suggestions.iter().all(|s| s["ambiguous"] == true),
        "{suggestions:?}"
    );
    // Game 2's slip is followed by nine plies that replay only with `8>`: borne out, applied.
    let (_, json, _) = run(&[
        "check",
        "--format",
        "json",
        "tests/data/voogt-1994/game2.bao",
    ]);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let game = &report["files"][0]["games"][0];
    assert_eq!(game["repair"]["verdict"], "borne-out");
    assert_eq!(game["errors"][0]["suggestions"][0]["ambiguous"], false);
    // `8` for `8>`: a decision sign dropped costs 1, as documented, in Donkers' notation too.
    let best = &game["errors"][0]["suggestions"][0];
    assert_eq!(
        (&best["spelled"][0], &best["cost"]),
        (&"8>".into(), &1.into())
    );
    let dir = std::env::temp_dir().join(format!("bao-oracle-we1-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let (status, _, err) = run(&["repair", "tests/data/voogt-1994", "-o", dir_arg]);
    assert_eq!(status, 1, "{err}");
    assert!(
        err.contains("1 game(s) repaired, 1 ambiguous and 0 otherwise left as written"),
        "{err}"
    );
    assert!(dir.join("game2.bao").exists() && !dir.join("we1.bao").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bao-oracle"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn import_prints_the_record_only_on_success_and_its_diagnostics_on_stderr() {
    let (status, out, err) = run(&["import", "corpus/bao-la-kiswahili/voogt-1994/game1.bao"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.starts_with("# Imported by `bao-oracle import` from game1.bao"));
    assert_eq!(
        err,
        "corpus/bao-la-kiswahili/voogt-1994/game1.bao:20:1: warning[transcript-slip]: move line \
         `13: 6R* 8L*` has no `;`: read as `13: 6R* 8L*;`\n"
    );
    let (status, out, err) = run(&[
        "import",
        "--strict",
        "corpus/bao-la-kiswahili/voogt-1994/game1.bao",
    ]);
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.contains("transcript-slip"), "{err}");
    let (status, out, err) = run(&["import", "tests/data/voogt-1994/game2.bao"]);
    assert_eq!((status, out.as_str()), (1, ""));
    assert!(err.contains("ply 29"), "{err}");
    assert!(err.contains("the transcript was not imported"), "{err}");
    // Never over the transcript.
    let (status, out, err) = run(&[
        "import",
        "corpus/bao-la-kiswahili/voogt-1994/game3.bao",
        "-o",
        "corpus/bao-la-kiswahili/voogt-1994/game3.bao",
    ]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(err.contains("never written over"), "{err}");
}

#[test]
fn explain_says_where_the_never_ending_move_s_cycle_is() {
    let (status, out, _) = run(&[
        "explain",
        "--record",
        "tests/data/voogt-1994/we1.bao",
        "--ply",
        "23",
    ]);
    assert_eq!(status, 1);
    assert!(out.contains("a cycle of 228 laps from lap 1"), "{out}");
    let (status, out, _) = run(&[
        "explain",
        "--record",
        "corpus/bao-la-kiswahili/voogt-1994/game69.bao",
        "--ply",
        "68",
    ]);
    assert_eq!(status, 0, "{out}");
    assert!(
        out.contains("a6R** is legal (canonical a6>), played under takasia"),
        "{out}"
    );
}

/// Issue 19, finding 3: a file name with a line break stays in its one-line comment.
#[test]
fn the_file_name_cannot_add_fields_to_the_record() {
    let text = read(&format!("{CORPUS}/game3.bao"));
    let name = "game3\ntitle: injected\nrulings:\n  zanzibar.takasia: \"no\"\r.bao";
    let imported = import(&text, &options(name, Some("a source"), false)).unwrap();
    let first = imported.record.lines().next().unwrap();
    assert!(first.contains("game3\\u{a}title: injected"), "{first}");
    assert!(!imported.record.contains("\ntitle: injected"));
    assert!(!imported.record.contains("\nrulings:"));
    assert!(checked(&imported.record).valid());
}

/// Issue 26, finding 3: characters a YAML stream may not carry raw (DEL, C1 controls, U+FFFE,
/// U+FFFF, the byte-order mark, YAML 1.1's line breaks), in header values that become quoted
/// scalars, in headers and comments kept as comments: every record `import` prints reads back,
/// with the values as the transcript wrote them.
#[test]
fn every_record_import_prints_is_yaml_that_reads_back() {
    let odd = [
        "\u{7f}", "\u{80}", "\u{85}", "\u{9f}", "\u{fffe}", "\u{ffff}", "\u{feff}", "\u{2028}",
    ];
    for c in odd {
        let text = read(&format!("{CORPUS}/game3.bao"))
            .replace("south: Ramadhan;", &format!("south: Rama{c}dhan;"))
            .replace("place: Zanzibar;", &format!("place: Zan{c}zibar; note{c}"))
            .replace("time: 8:45;", &format!("time: 8{c}45;"))
            .replace("2: 6R* 6R*;", &format!("2: 6R* 6R*; aside{c}"));
        let imported = import(
            &text,
            &options("game3.bao", Some(&format!("de Voogt{c}")), false),
        )
        .unwrap_or_else(|f| panic!("{c:?}: {f:?}"));
        assert!(!imported.record.contains(c), "{c:?}: written raw");
        let game = checked(&imported.record);
        assert!(game.valid(), "{c:?}: {:?}", game.findings);
        let record: serde_json::Value = serde_saphyr::from_str(&imported.record).unwrap();
        assert_eq!(record["south"], format!("Rama{c}dhan"), "{c:?}");
        assert_eq!(record["title"], format!("Zan{c}zibar"), "{c:?}");
        assert_eq!(record["source"], format!("de Voogt{c}"), "{c:?}");
    }
}

/// Issue 19, finding 8(b): a false claim is a finding, not a stop, as in `check`: every one is
/// reported, and the replay goes on to a later error.
#[test]
fn a_false_claim_does_not_stop_the_import() {
    let text = read(&format!("{CORPUS}/game3.bao"))
        .replace("2: 6R* 6R*;", "2: 6R 6R*;")
        .replace("3: 7R* 8L*;", "3: 7R* 8L;")
        .replace("23: B2L b7R;", "23: B2L b7L;");
    let findings = import(&text, &options("game3.bao", None, false))
        .unwrap_err()
        .findings;
    let found: Vec<(Code, Option<u32>)> = findings.iter().map(|f| (f.code, f.ply)).collect();
    assert_eq!(
        found,
        [
            (Code::FalseClaim, Some(3)),
            (Code::FalseClaim, Some(6)),
            (Code::IllegalMove, Some(46)),
        ]
    );
    // `check` of the same transcript finds the same.
    let game = checked(&text);
    let checked: Vec<(Code, Option<u32>)> = game.findings.iter().map(|f| (f.code, f.ply)).collect();
    assert_eq!(checked, found);
}

#[test]
fn repair_of_game_2_prints_the_transcript_with_the_changed_ply_marked() {
    let (status, out, err) = run(&["repair", "tests/data/voogt-1994/game2.bao"]);
    assert_eq!(status, 0, "{err}");
    let text = read("tests/data/voogt-1994/game2.bao");
    assert_eq!(
        out,
        text.replace(
            "14: 8 3R;\r\n",
            "% repair: move 14, south (ply 27): written 8, read 8>\r\n14: 8> 3R;\r\n"
        )
    );
    assert!(checked(&out).valid());
}
