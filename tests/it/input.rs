//! The one reader of every input (issue 23 item 1; issue 26 findings 1, 2, 4, 5, 6, 7; issue 24's
//! templates, `opening:` and folders in and out): every command that reads records — `check`,
//! `repair`, `import`, `explain --record` — gives a file the same verdict, and none passes a file
//! it never replayed.

use std::fs;
use std::path::Path;

use crate::common::BIN;
use crate::hostile::{Run, bao, scratch};

/// A record whose first fields carry a `;`, as transcript headers do (finding 1).
const SEMICOLON_RECORD: &str = "title: Voogt-4; (pg 135)\nsource: de Voogt 1995; p. 135\n\
                                ruleset: bao-kingulu\nmoves: [A9, Q7, zz]\n";

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn said(run: &Run) -> String {
    format!("{}{}", run.stdout, run.stderr)
}

/// Published game 2 with classic-Mac line ends (CR only).
fn game2_cr() -> String {
    let text =
        fs::read_to_string(crate::common::root().join("tests/data/voogt-1994/game2.bao")).unwrap();
    text.replace("\r\n", "\n").replace('\n', "\r")
}

/// Each file is refused or fails on every command that reads records: never a pass, never an
/// empty game, never a record printed with nothing under `moves:`.
#[test]
fn no_command_passes_a_file_it_never_replayed() {
    let dir = scratch("input-never-passed");
    let files = [
        ("semicolons.yaml", SEMICOLON_RECORD.to_string()),
        ("game2-cr.bao", game2_cr()),
        (
            "headers.bao",
            "south: Nasoro;\nnorth: Ramadhan;\n".to_string(),
        ),
        (
            "headers-cr.bao",
            "south: Nasoro;\rnorth: Ramadhan;\r".to_string(),
        ),
        ("empty.bao", String::new()),
        (
            "passwd",
            "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
                .to_string(),
        ),
    ];
    for (name, text) in files {
        let path = write(&dir, name, &text);
        // Game 2's first move is legal; its 29th is not.
        let ply = if name == "game2-cr.bao" { "29" } else { "1" };
        for args in [
            vec!["check", &path],
            vec!["check", &path, "--format", "json"],
            vec!["import", &path],
            vec!["repair", &path],
            vec!["explain", "--record", &path, "--ply", ply],
        ] {
            let run = bao(&args);
            if name == "game2-cr.bao" && args[0] == "repair" {
                // Game 2 replays to its stop at ply 29, and is repaired there.
                assert!(run.stderr.contains("repaired;"), "{args:?}: {}", said(&run));
                continue;
            }
            let code = run.code().unwrap();
            assert!(code == 1 || code == 2, "{args:?} passed: {}", said(&run));
            assert!(!run.stdout.contains("1 passed"), "{args:?}: {}", said(&run));
            assert!(
                !run.stderr.contains("plays as written"),
                "{args:?}: {}",
                said(&run)
            );
            if args[0] == "import" {
                assert!(!run.stdout.contains("moves:"), "{args:?}: {}", run.stdout);
            }
        }
    }
    // The record is read as a record: it fails on its moves (Kingulu's A9 is no move).
    let run = bao(&["check", &dir.join("semicolons.yaml").to_string_lossy()]);
    assert!(run.stdout.contains("not-notation"), "{}", said(&run));
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 32, K1: records spelt so that their lines look like a transcript's (keys indented, in a
/// flow map, escaped), a Donkers move line inside a YAML scalar. Each was read as a transcript
/// and passed, its own moves never replayed; each is now read as the record it is, and fails on
/// its moves (`zz` is no move), with `--strict` or without.
#[test]
fn a_record_in_a_transcripts_clothes_is_replayed_as_a_record() {
    let dir = scratch("input-disguised-records");
    let records = [
        "  ruleset: bao-kingulu\n  moves: [A9, Q7, zz]\n  source: \"a;\n  1: 6R* 7R*;\n  ;\"\n",
        "{ruleset: bao-kingulu, moves: [A9, Q7, zz], source: \"a;\n1: 6R* 7R*;\n;\"}\n",
        "\"rule\\x73et\": bao-kingulu\n\"mo\\x76es\": [A9, Q7, zz]\nsource: \"a;\n 1: 6R* 7R*;\n ;\"\n",
        "\"rule\\x73et\": bao-la-kiswahili\nsource: 'a;\n  1: 6R* 7R*;\n  ;'\n\"\\x6doves\": [zz]\n",
    ];
    for (i, text) in records.iter().enumerate() {
        let path = write(&dir, &format!("record-{i}.bao"), text);
        for strict in [false, true] {
            let mut args = vec!["check", path.as_str(), "--format", "json"];
            if strict {
                args.push("--strict");
            }
            let run = bao(&args);
            assert_eq!(run.code(), Some(1), "{text:?}: {}", said(&run));
            let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
            let game = &report["files"][0]["games"][0];
            assert_eq!(game["valid"], false, "{text:?}: {game}");
            let ruleset = game["ruleset"].as_str().unwrap_or_default();
            assert!(ruleset.starts_with("bao-"), "{text:?}: {game}");
            let codes = game["errors"].to_string();
            assert!(!codes.contains("transcript"), "{text:?}: {codes}");
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Game 2 with CR-only line ends fails where the published file fails: ply 29, line 22, and
/// `import` says so in `check`'s words with `check`'s most likely repair.
#[test]
fn cr_only_line_ends_are_line_ends_for_every_command() {
    let dir = scratch("input-cr");
    let path = write(&dir, "game2.bao", &game2_cr());
    let check = bao(&["check", &path, "--color", "never"]);
    assert_eq!(check.code(), Some(1), "{}", said(&check));
    let json = bao(&["check", &path, "--format", "json"]);
    assert!(json.stdout.contains("\"ply\": 29,"), "{}", json.stdout);
    assert!(json.stdout.contains("\"line\": 22,"), "{}", json.stdout);
    assert!(check.stdout.contains("game2.bao:22:5"), "{}", check.stdout);
    let import = bao(&["import", &path]);
    assert_eq!(import.code(), Some(1), "{}", said(&import));
    assert!(import.stdout.is_empty());
    // One path, one wording: the error and its forensic help are `check`'s, word for word.
    let stop = |text: &str| -> String {
        let from = text.find("illegal-move").expect("the stop is reported");
        let to = text[from..].find("before it?").expect("the legal moves") + from;
        text[from..to].to_string()
    };
    assert_eq!(stop(&import.stderr), stop(&check.stdout));
    assert!(
        import
            .stderr
            .contains("most likely 8> (A8<+) at move 14, south (ply 27)"),
        "{}",
        import.stderr
    );
    let explain = bao(&["explain", "--record", &path, "--ply", "29"]);
    assert_eq!(explain.code(), Some(1), "{}", said(&explain));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_corpus_transcript_without_semicolons_checks_and_imports() {
    let path = "corpus/bao-la-kiswahili/ramadhan-kijumbe-1994.txt";
    let check = bao(&["check", path]);
    assert_eq!(check.code(), Some(0), "{}", said(&check));
    assert!(
        check.stdout.contains("1 passed, 0 failed"),
        "{}",
        check.stdout
    );
    assert_eq!(bao(&["import", path]).code(), Some(0));
}

/// Donkers' template for a new game is an empty game, valid with a warning, in `check` and
/// `import` alike; the record `import` prints reads back.
#[test]
fn the_empty_template_is_an_empty_game_with_a_warning() {
    let dir = scratch("input-template");
    let path = write(&dir, "new.bao", "title: new game;\r\n1: \r\n");
    let check = bao(&["check", &path]);
    assert_eq!(check.code(), Some(0), "{}", said(&check));
    assert!(
        check.stdout.contains("1 passed, 0 failed, 1 warning"),
        "{}",
        check.stdout
    );
    // In JSON, where no line is wrapped at the path's length.
    let json = bao(&["check", &path, "--format", "json"]);
    assert!(
        json.stdout.contains("read as an empty game"),
        "{}",
        json.stdout
    );
    let import = bao(&["import", &path]);
    assert_eq!(import.code(), Some(0), "{}", said(&import));
    assert!(
        import.stderr.contains("warning[transcript-slip]"),
        "{}",
        import.stderr
    );
    assert!(import.stdout.contains("moves: []"), "{}", import.stdout);
    let record = write(&dir, "new.yaml", &import.stdout);
    assert_eq!(bao(&["check", &record]).code(), Some(0));
    // A line `1: ` followed by moves is no template: an error.
    let path = write(&dir, "gap.bao", "1: \n2: 6R* 7R*;\n");
    assert_eq!(bao(&["check", &path]).code(), Some(1));
    let _ = fs::remove_dir_all(&dir);
}

/// An `opening:` with North to move: the first move of the first line is North's, so its row
/// letters are North's (lower case), and South's upper case is the slip — as Donkers' program
/// plays a game's moves in order from its opening.
#[test]
fn an_opening_with_north_to_move_starts_with_norths_move() {
    let dir = scratch("input-opening-north");
    let bracket = "[ 2 2 2 2 2 2 2 2 | 2 2 2 2 2 2 2 2 | 2 2 2 2 2 2 2 2 | 2 2 2 2 2 2 2 2 | 0 0 | F F | 255 | 1 ]";
    let north_first = write(
        &dir,
        "north.bao",
        &format!("title: t;\nopening: {bracket};\n1: a1R A3R;\n"),
    );
    let check = bao(&["check", &north_first, "--strict"]);
    assert_eq!(check.code(), Some(0), "{}", said(&check));
    let import = bao(&["import", &north_first]);
    assert_eq!(import.code(), Some(0), "{}", said(&import));
    // North's move in South's case is the slip now, read as North's.
    let slipped = write(
        &dir,
        "slipped.bao",
        &format!("title: t;\nopening: {bracket};\n1: A1R A3R;\n"),
    );
    let check = bao(&["check", &slipped]);
    assert_eq!(check.code(), Some(0), "{}", said(&check));
    assert!(said(&check).contains("transcript-slip"), "{}", said(&check));
    assert_eq!(bao(&["check", &slipped, "--strict"]).code(), Some(1));
    let _ = fs::remove_dir_all(&dir);
}

/// `opening:` with a position is the game's start, in `check` and in the record `import` writes;
/// `official` is the standard start; anything else is an error at its line.
#[test]
fn the_opening_header_is_the_start() {
    let dir = scratch("input-opening");
    // After 7L* 5R; 6R* 6R*: the next line is legal there and not from the standard start.
    let played = bao(&["play", "bao-la-kiswahili", "A7<*", "a5<x", "A6>*", "a6>*"]);
    let position = played.stdout.trim().to_string();
    let moves = "1: 7R* 8L*;\n2: 8R* 6R*;\n";
    let from_start = write(&dir, "plain.bao", &format!("title: t;\n{moves}"));
    assert_eq!(bao(&["check", &from_start]).code(), Some(1));
    let set_up = write(
        &dir,
        "set-up.bao",
        &format!("title: t;\nopening: {position};\n{moves}"),
    );
    let check = bao(&["check", &set_up]);
    assert_eq!(check.code(), Some(0), "{}", said(&check));
    let import = bao(&["import", &set_up]);
    assert_eq!(import.code(), Some(0), "{}", said(&import));
    assert!(
        import.stdout.contains(&format!("start: \"{position}\"")),
        "{}",
        import.stdout
    );
    let record = write(&dir, "set-up.yaml", &import.stdout);
    assert_eq!(bao(&["check", &record]).code(), Some(0));

    // Donkers' own form of the position, as his program writes it in `opening:`.
    let played = bao(&[
        "play",
        "bao-la-kiswahili",
        "A7<*",
        "a5<x",
        "A6>*",
        "a6>*",
        "--position-format",
        "donkers",
    ]);
    let bracket = played.stdout.trim().to_string();
    assert!(
        bracket.starts_with("[ ") && bracket.ends_with(" ]"),
        "{bracket}"
    );
    let set_up = write(
        &dir,
        "bracket.bao",
        &format!("title: t;\nopening: {bracket};\n{moves}"),
    );
    assert_eq!(bao(&["check", &set_up]).code(), Some(0));
    let import = bao(&["import", &set_up]);
    assert!(
        import.stdout.contains(&format!("start: \"{bracket}\"")),
        "{}",
        import.stdout
    );
    let record = write(&dir, "bracket.yaml", &import.stdout);
    assert_eq!(bao(&["check", &record]).code(), Some(0));

    let official = write(&dir, "official.bao", "opening: Official;\n1: 7L* 5R;\n");
    assert_eq!(bao(&["check", &official]).code(), Some(0));
    let bad = write(
        &dir,
        "bad.bao",
        "title: t;\nopening: nonsense;\n1: 7L* 5R;\n",
    );
    for command in ["check", "import"] {
        let run =
            bao(&[command, &bad, "--color", "never"][..if command == "check" { 4 } else { 2 }]);
        assert_eq!(run.code(), Some(1), "{command}: {}", said(&run));
        assert!(
            said(&run).contains("bad-position"),
            "{command}: {}",
            said(&run)
        );
        assert!(
            said(&run).contains("bad.bao:2:1"),
            "{command}: {}",
            said(&run)
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Extensions in any case; a folder that links to itself (twice) is walked once by `check`,
/// `spec` and `conform --spec`, and the walks end.
#[cfg(unix)]
#[test]
fn folders_are_walked_once_and_extensions_read_in_any_case() {
    let dir = scratch("input-walk");
    let game =
        fs::read_to_string(crate::common::root().join("tests/data/voogt-1994/game2.bao")).unwrap();
    fs::create_dir(dir.join("games")).unwrap();
    write(&dir.join("games"), "GAME2.BAO", &game);
    std::os::unix::fs::symlink(dir.join("games"), dir.join("games/self")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("games/up")).unwrap();
    let games = dir.join("games");
    let run = bao(&["check", games.to_str().unwrap()]);
    assert_eq!(run.code(), Some(1), "{}", said(&run));
    assert!(run.stdout.contains("0 passed, 1 failed"), "{}", run.stdout);

    // A specification folder with two links to itself.
    let spec = dir.join("spec");
    fs::create_dir(&spec).unwrap();
    let kingulu = crate::common::root().join("spec/bao-kingulu");
    for file in fs::read_dir(&kingulu).unwrap() {
        let file = file.unwrap().path();
        fs::copy(&file, spec.join(file.file_name().unwrap())).unwrap();
    }
    std::os::unix::fs::symlink(&spec, spec.join("again")).unwrap();
    std::os::unix::fs::symlink(".", spec.join("here")).unwrap();
    let linked = bao(&["spec", spec.to_str().unwrap()]);
    fs::remove_file(spec.join("again")).unwrap();
    fs::remove_file(spec.join("here")).unwrap();
    let plain = bao(&["spec", spec.to_str().unwrap()]);
    assert_eq!(linked.code(), Some(0), "{}", said(&linked));
    let last = |run: &Run| run.stdout.lines().last().unwrap_or("").to_string();
    assert_eq!(last(&linked), last(&plain), "{}", said(&linked));
    let engine = format!("{BIN} engine");
    let conform = |spec: &Path| {
        bao(&[
            "conform",
            "--engine",
            &engine,
            "--ruleset",
            "bao-kingulu",
            "--games",
            "0",
            "--positions",
            "0",
            "--spec",
            spec.to_str().unwrap(),
        ])
    };
    let plain = conform(&spec);
    std::os::unix::fs::symlink(&spec, spec.join("again")).unwrap();
    std::os::unix::fs::symlink(".", spec.join("here")).unwrap();
    let linked = conform(&spec);
    assert_eq!(linked.code(), Some(0), "{}", said(&linked));
    // The same report but for its timing line (`N requests in S s (R a second)`).
    let untimed = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| !l.contains(" requests in "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(untimed(&linked.stdout), untimed(&plain.stdout));
    let _ = fs::remove_dir_all(&dir);
}

/// `import -o` and `repair -o` never write over an input, whatever names it (a hard link, a
/// symbolic link), and never open a FIFO (findings 4 and 5).
#[cfg(unix)]
#[test]
fn outputs_never_write_over_an_input_nor_wait_on_a_fifo() {
    let dir = scratch("input-outputs");
    let game = fs::read_to_string(
        crate::common::root().join("corpus/bao-la-kiswahili/voogt-1994/game3.bao"),
    )
    .unwrap();
    let path = write(&dir, "game3.bao", &game);
    let hard = dir.join("hard.yaml");
    fs::hard_link(&path, &hard).unwrap();
    let soft = dir.join("soft.yaml");
    std::os::unix::fs::symlink(&path, &soft).unwrap();
    let fifo = dir.join("fifo.yaml");
    crate::hostile::mkfifo(&fifo);
    for command in ["import", "repair"] {
        for out in [&hard, &soft] {
            let run = bao(&[command, &path, "-o", out.to_str().unwrap()]);
            assert_eq!(
                run.code(),
                Some(2),
                "{command} -o {}: {}",
                out.display(),
                said(&run)
            );
            assert!(run.stderr.contains("never written over"), "{}", run.stderr);
        }
        let run = bao(&[command, &path, "-o", fifo.to_str().unwrap()]);
        assert_eq!(run.code(), Some(2), "{command} -o fifo: {}", said(&run));
        assert!(run.stderr.contains("FIFO"), "{}", run.stderr);
    }
    assert_eq!(fs::read_to_string(&path).unwrap(), game);
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 32, K5: `import -o DIR` and `repair -o DIR` never write through (nor over) a symbolic or
/// hard link already in the folder: that output is an error (exit 2), the file linked to is
/// unchanged, and the other outputs are written.
#[cfg(unix)]
#[test]
fn outputs_never_write_through_a_link_in_the_folder() {
    let dir = scratch("input-output-links");
    let corpus = crate::common::root().join("corpus/bao-la-kiswahili/voogt-1994");
    let (game3, game4) = (corpus.join("game3.bao"), corpus.join("game4.bao"));
    let kept = write(&dir, "kept.txt", "someone else's file\n");
    for (command, ext) in [("import", "yaml"), ("repair", "bao")] {
        let out = dir.join(format!("out-{command}"));
        fs::create_dir_all(&out).unwrap();
        let (soft, hard) = (
            out.join(format!("game3.{ext}")),
            out.join(format!("game4.{ext}")),
        );
        std::os::unix::fs::symlink(&kept, &soft).unwrap();
        let paths = [game3.to_str().unwrap(), game4.to_str().unwrap()];
        let run = bao(&[command, paths[0], paths[1], "-o", out.to_str().unwrap()]);
        assert_eq!(run.code(), Some(2), "{command}: {}", said(&run));
        assert!(run.stderr.contains("is a symbolic link"), "{}", run.stderr);
        assert!(
            fs::symlink_metadata(&soft)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        // The other output is written.
        let written = fs::read_to_string(&hard).unwrap();
        assert!(written.contains("Nasoro"), "{written}");
        fs::remove_file(&hard).unwrap();
        fs::hard_link(&kept, &hard).unwrap();
        let run = bao(&[command, paths[1], "-o", hard.to_str().unwrap()]);
        assert_eq!(run.code(), Some(2), "{command}: {}", said(&run));
        assert!(
            run.stderr.contains("has other hard links"),
            "{}",
            run.stderr
        );
        assert_eq!(fs::read_to_string(&kept).unwrap(), "someone else's file\n");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// `import` and `repair` over folders: one output per input under `-o DIR`, a summary;
/// `repair --diff` shows what changed.
#[test]
fn folders_in_folders_out() {
    let dir = scratch("input-folders");
    let out = dir.join("records");
    let run = bao(&[
        "import",
        "corpus/bao-la-kiswahili/voogt-1994",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code(), Some(0), "{}", said(&run));
    let mut written: Vec<String> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "game1", "game3", "game4", "game5", "game6", "game69", "game7"
        ]
        .map(|g| format!("{g}.yaml"))
    );
    assert!(
        run.stderr
            .contains("7 imported, 0 not imported, 7 skipped (not transcripts)"),
        "{}",
        run.stderr
    );
    // Each record is what `import` of its one file prints.
    let one = bao(&["import", "corpus/bao-la-kiswahili/voogt-1994/game4.bao"]);
    assert_eq!(
        fs::read_to_string(out.join("game4.yaml")).unwrap(),
        one.stdout
    );
    // A second import into the same folder never writes over the records it reads.
    let again = bao(&["import", out.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(again.code(), Some(0), "{}", said(&again));
    assert!(
        again
            .stderr
            .contains("0 imported, 0 not imported, 7 skipped"),
        "{}",
        again.stderr
    );

    // Without -o, the records one after the other: one YAML stream `check` reads as two games.
    let both = bao(&[
        "import",
        "corpus/bao-la-kiswahili/voogt-1994/game3.bao",
        "corpus/bao-la-kiswahili/voogt-1994/game4.bao",
    ]);
    assert_eq!(both.code(), Some(0), "{}", said(&both));
    let stream = dir.join("both.yaml");
    fs::write(&stream, &both.stdout).unwrap();
    let check = bao(&["check", stream.to_str().unwrap()]);
    assert!(
        check.stdout.contains("2 passed, 0 failed"),
        "{}",
        check.stdout
    );

    // Repair: game 2 repaired, the valid game 3 as it is; a diff of the change.
    let input = dir.join("in");
    fs::create_dir(&input).unwrap();
    fs::copy(
        crate::common::root().join("tests/data/voogt-1994/game2.bao"),
        input.join("game2.bao"),
    )
    .unwrap();
    fs::copy(
        crate::common::root().join("corpus/bao-la-kiswahili/voogt-1994/game3.bao"),
        input.join("game3.bao"),
    )
    .unwrap();
    let repaired = dir.join("repaired");
    let run = bao(&[
        "repair",
        input.to_str().unwrap(),
        "-o",
        repaired.to_str().unwrap(),
    ]);
    assert_eq!(run.code(), Some(0), "{}", said(&run));
    assert!(
        run.stderr
            .contains("2 file(s) valid after the repair, 0 not"),
        "{}",
        run.stderr
    );
    assert_eq!(
        fs::read(repaired.join("game3.bao")).unwrap(),
        fs::read(input.join("game3.bao")).unwrap()
    );
    let fixed = repaired.join("game2.bao");
    assert_eq!(bao(&["check", fixed.to_str().unwrap()]).code(), Some(0));
    let diff = bao(&["repair", "--diff", input.to_str().unwrap()]);
    assert_eq!(diff.code(), Some(0), "{}", said(&diff));
    assert!(diff.stdout.starts_with("--- a/"), "{}", diff.stdout);
    assert!(diff.stdout.contains("game2.bao\n+++ b/"), "{}", diff.stdout);
    assert!(diff.stdout.contains("\n-14: 8 3R;"), "{}", diff.stdout);
    assert!(!diff.stdout.contains("game3.bao"), "{}", diff.stdout);
    // Several files to standard output without --diff: the command says how.
    let run = bao(&["repair", input.to_str().unwrap()]);
    assert_eq!(run.code(), Some(2), "{}", said(&run));
    let _ = fs::remove_dir_all(&dir);
}

/// One limit for transcripts in `check` and `import` (finding 7): a transcript above 1 MiB is
/// refused unread by both.
#[test]
fn one_limit_for_transcripts() {
    let dir = scratch("input-limit");
    let mut text = String::from("title: long;\n1: 6R* 7R*;\n");
    while text.len() <= 1 << 20 {
        text.push_str("% a very long comment line that pads the transcript past its limit\n");
    }
    let path = write(&dir, "long.bao", &text);
    for command in ["check", "import"] {
        let run = bao(&[command, &path]);
        assert_ne!(run.code(), Some(0), "{command}: {}", said(&run));
        assert!(
            said(&run).contains("file-too-large"),
            "{command}: {}",
            said(&run)
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 32, item 4: `-` is standard input on every command that reads files, read as the file
/// would be (once, though `check` reads its inputs twice) and shown as `<stdin>`.
#[test]
fn a_dash_reads_standard_input_on_every_command_that_reads_files() {
    use crate::common::{run, run_with_stdin};
    let cases: &[(&[&str], &str)] = &[
        (&["check"], "tests/records/kimasai-illegal-move.yaml"),
        (
            &["check", "--format", "json"],
            "corpus/bao-kingulu/random-seed-01.yaml",
        ),
        (&["repair"], "tests/data/voogt-1994/game2.bao"),
        (&["import"], "corpus/bao-la-kiswahili/voogt-1994/game3.bao"),
        (
            &["transcript"],
            "corpus/bao-la-kiswahili/voogt-1994/game4.yaml",
        ),
        (&["spec"], "spec/bao-kingulu/sowing.yaml"),
        (
            &["explain", "--ply", "3", "--record"],
            "corpus/bao-kingulu/constructed-repetition.yaml",
        ),
    ];
    for (command, file) in cases {
        let bytes = fs::read(crate::common::root().join(file)).unwrap();
        let by_name = run(&[command, &[*file][..]].concat());
        let by_stdin = run_with_stdin(&[command, &["-"][..]].concat(), &bytes);
        let name = Path::new(file).file_name().unwrap().to_str().unwrap();
        let stem = Path::new(file).file_stem().unwrap().to_str().unwrap();
        // The same report, the file named `<stdin>` (`import` takes its `source:` from the name),
        // its lines wrapped for a name of another length.
        let same = |text: &str| {
            let named = text
                .replace(file, "<stdin>")
                .replace(name, "stdin")
                .replace(&format!("{stem}."), "stdin.")
                .replace('│', " ");
            named.split_whitespace().collect::<Vec<_>>().join(" ")
        };
        assert_eq!(by_stdin.0, by_name.0, "{command:?} -: {}", by_stdin.2);
        assert_eq!(same(&by_stdin.1), same(&by_name.1), "{command:?} -");
        assert_eq!(same(&by_stdin.2), same(&by_name.2), "{command:?} -");
    }
}
