//! `bao-oracle transcript`: the way back from a record to the author's notation. The eight
//! published transcripts of the corpus (de Voogt's seven playable games of October 1994 as Donkers
//! typed them, and the example game of Donkers' rules page) go transcript → record → transcript
//! to the same moves, headers, move notes and `%` comments, their slips written in the corrected
//! form.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;

use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::input::record::{parse_document, split_documents};
use bao_oracle::input::transcript::{self, Transcript};
use bao_oracle::rewrite::import::{ImportOptions, import};
use bao_oracle::rewrite::to_transcript::write;
use bao_rules::rulings::RulingSet;

use crate::common::BIN;

const PUBLISHED: &[&str] = &[
    "corpus/bao-la-kiswahili/voogt-1994/game1.bao",
    "corpus/bao-la-kiswahili/voogt-1994/game3.bao",
    "corpus/bao-la-kiswahili/voogt-1994/game4.bao",
    "corpus/bao-la-kiswahili/voogt-1994/game5.bao",
    "corpus/bao-la-kiswahili/voogt-1994/game6.bao",
    "corpus/bao-la-kiswahili/voogt-1994/game7.bao",
    "corpus/bao-la-kiswahili/voogt-1994/game69.bao",
    "corpus/bao-la-kiswahili/ramadhan-kijumbe-1994.txt",
];

fn read(path: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

fn imported(text: &str, name: &str) -> String {
    let rulings = RulingSet::new();
    let options = ImportOptions {
        name,
        source: None,
        ruleset: Some(bao_rules::Ruleset::Zanzibar),
        rulings: &rulings,
        strict: false,
    };
    import(text, &options).unwrap().record
}

fn written(record: &str) -> String {
    let docs = split_documents(record);
    assert_eq!(docs.len(), 1);
    let parsed = parse_document(&docs[0]).unwrap();
    write(&docs[0], &parsed, &ReplayOptions::default()).unwrap()
}

/// Header lines by lower-case key: value and the comment after its `;`.
fn headers(t: &Transcript) -> BTreeMap<String, (String, Option<String>)> {
    t.headers
        .iter()
        .map(|h| {
            let comment = h.comment.as_ref().map(|c| c.trim().to_string());
            (
                h.name(),
                (
                    h.value.trim().to_string(),
                    comment.filter(|c| !c.is_empty()),
                ),
            )
        })
        .collect()
}

fn moves(record: &str) -> Vec<String> {
    let docs = split_documents(record);
    parse_document(&docs[0])
        .unwrap()
        .moves
        .into_iter()
        .map(|m| m.value.to_string())
        .collect()
}

#[test]
fn every_published_transcript_comes_back_with_its_moves_and_headers() {
    let mut row_letters = 0;
    for path in PUBLISHED {
        let name = Path::new(path).file_name().unwrap().to_str().unwrap();
        let original = read(path);
        let before = transcript::parse(&original).unwrap();
        let record = imported(&original, name);
        let back = written(&record);
        let after = transcript::parse(&back).unwrap_or_else(|e| panic!("{path}: {e:?}\n{back}"));
        assert_eq!(after.slips, vec![], "{path}: the slips come back corrected");

        // The headers, with the record's `source:` added where the transcript had none, and
        // the game named.
        let mut expected = headers(&before);
        expected
            .entry("source".into())
            .or_insert((name.to_string(), None));
        expected.insert("game".into(), ("bao-la-kiswahili".into(), None));
        assert_eq!(headers(&after), expected, "{path}");

        // The same moves (as the game plays them, claims included), line by line; and from the
        // written transcript on nothing changes (the first record's comments hold the published
        // spelling, slips included; the second's the corrected one): of transcript → record →
        // transcript → record → transcript, the third transcript is the second.
        let again = imported(&back, name);
        assert_eq!(moves(&again), moves(&record), "{path}");
        assert_eq!(written(&again), back, "{path}");
        assert_eq!(after.plies.len(), before.plies.len(), "{path}");
        for (a, b) in after.plies.iter().zip(&before.plies) {
            assert_eq!(a.number, b.number, "{path}");
            let note = |c: &Option<String>| c.as_ref().map(|c| c.trim().to_string());
            assert_eq!(note(&a.comment), note(&b.comment), "{path}: {}", b.text);
            // As published, slips read; or with a row letter the notation leaves out in namua
            // (game 69 writes `A7L*`, the oracle `7L*`).
            if a.text != b.text {
                assert_eq!(&b.text[1..], a.text, "{path}: {} for {}", a.text, b.text);
                row_letters += 1;
            }
        }
        let comments = |t: &Transcript| -> Vec<(usize, String)> {
            t.comments
                .iter()
                .map(|c| (c.before_ply, c.text.trim().to_string()))
                .collect()
        };
        assert_eq!(comments(&after), comments(&before), "{path}");
    }
    // Game 69's first line writes the rows of two namua moves (`1: A7L* a5R;`).
    assert_eq!(row_letters, 2);
}

#[test]
fn the_command_writes_the_corpus_record_back_and_refuses_what_has_no_transcript() {
    let out = Command::new(BIN)
        .args([
            "transcript",
            "corpus/bao-la-kiswahili/voogt-1994/game4.yaml",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("title: Voogt-4; (pg 135)\nsouth: Nasoro;\n"),
        "{text}"
    );
    // The published `A5L**` (North's move in South's case) comes back as `a5L**`.
    assert!(text.contains("\n30: A4R* a5L**; A resigns\n"), "{text}");

    let out = Command::new(BIN)
        .args(["transcript", "corpus/bao-kingulu/random-seed-01.yaml"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("Bao Kingulu has no transcript form"), "{err}");
}

/// Issue 32, item 4: `transcript` over files and folders with `-o DIR`, as `import`: one
/// `NAME.bao` per record file, the transcripts of a folder skipped, a summary; each the same as
/// the transcript of its one file; several without `-o DIR` are refused.
#[test]
fn the_command_writes_a_folder_of_records_into_a_folder() {
    let run = |args: &[&str]| {
        Command::new(BIN)
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap()
    };
    let dir = std::env::temp_dir().join(format!("bao-transcripts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("out");
    let folder = "corpus/bao-la-kiswahili/voogt-1994";
    let done = run(&["transcript", folder, "-o", out.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(0), "{err}");
    assert!(
        err.contains("7 written, 0 without a transcript, 7 skipped (transcripts)"),
        "{err}"
    );
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "game1", "game3", "game4", "game5", "game6", "game69", "game7"
        ]
        .map(|g| format!("{g}.bao"))
    );
    let one = run(&["transcript", &format!("{folder}/game4.yaml")]);
    assert_eq!(std::fs::read(out.join("game4.bao")).unwrap(), one.stdout);
    let both = run(&[
        "transcript",
        &format!("{folder}/game4.yaml"),
        &format!("{folder}/game7.yaml"),
    ]);
    assert_eq!(both.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&both.stderr).contains("several files are written into a folder"),
        "{:?}",
        both
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record of Bao la Kiswahili from `start` (compact form; `None`: the standard start), with
/// `first:` when given, and `moves`, each quoted.
fn record_from(start: Option<&str>, first: Option<&str>, moves: &[String]) -> String {
    let mut text = String::from("ruleset: bao-la-kiswahili\nsource: set up\n");
    if let Some(start) = start {
        text += &format!("start: {start}\n");
    }
    if let Some(first) = first {
        text += &format!("first: {first}\n");
    }
    let quoted: Vec<String> = moves
        .iter()
        .map(|m| serde_json::to_string(m).unwrap())
        .collect();
    text + &format!("moves: [{}]\n", quoted.join(", "))
}

/// record → transcript → record → transcript → record: the first record's moves come back,
/// and from the first transcript on nothing changes (the second transcript adds what the
/// import found, a `winner:` where the game ends). The first transcript, or why there is none.
fn round_trip(record: &str) -> Result<String, Box<bao_oracle::diagnostics::Finding>> {
    let docs = split_documents(record);
    let parsed = parse_document(&docs[0]).unwrap();
    let back = write(&docs[0], &parsed, &ReplayOptions::default())?;
    let again = imported(&back, "set up");
    assert_eq!(moves(&again), moves(record), "{record}\n{back}\n{again}");
    let second = written(&again);
    assert_eq!(imported(&second, "set up"), again, "{back}\n{second}");
    Ok(back)
}

/// Issue 24: a game from a set-up position, or one North begins, is written with an `opening:`
/// in Donkers' bracket form (North's move first on each line when North is to move), and comes
/// back to the same record and transcript. The set-up games are the real games of the corpus cut
/// at every ply: their rest from the position there. A position whose reserver's obligation is
/// due (the bracket form has no field for it) is a `bad-position` error at the record's `start:`.
#[test]
fn set_up_games_and_north_first_come_back() {
    use bao_oracle::check::replay::replay_to;
    use bao_oracle::diagnostics::Code;
    use bao_rules::game::Game;
    use bao_rules::games::Zanzibar;

    let (mut written_back, mut north_first) = (0, 0);
    for path in PUBLISHED {
        let name = Path::new(path).file_name().unwrap().to_str().unwrap();
        let record = imported(&read(path), name);
        let parsed = parse_document(&split_documents(&record)[0]).unwrap();
        let all = moves(&record);
        for cut in 1..all.len() {
            let (_, game) =
                replay_to::<Zanzibar>(&parsed, &ReplayOptions::default(), cut as u32 + 1).unwrap();
            let start = Zanzibar::format_compact(game.position());
            let set_up = record_from(Some(&start), None, &all[cut..]);
            match round_trip(&set_up) {
                Ok(back) => {
                    let opening = back
                        .lines()
                        .find_map(|l| l.strip_prefix("opening: ["))
                        .unwrap_or_else(|| panic!("{path} from ply {}: {back}", cut + 1));
                    // The bracket form's last field is the side to move: 1, North.
                    // The bracket form's last field is the side to move: 1, North, whose
                    // moves are each line's first (the moves came back: they were read so).
                    if opening.ends_with("| 1 ];") {
                        north_first += 1;
                    }
                    written_back += 1;
                }
                Err(finding) => panic!("{path} from ply {}: {finding:?}", cut + 1),
            }
        }
    }
    assert!(
        written_back > 300 && north_first > 150,
        "{written_back}, {north_first}"
    );

    // Bao la Kete: South to move with a8 reserved by his hizi zetu, his obligation due.
    let due = "ruleset: bao-la-kete\nsource: t\nstart: 1,1,1,1,1,1,16,19/2,0,1,0,0,0,0,5/\
               1,1,0,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - a8 S\nmoves: []\n";
    let doc = &split_documents(due)[0];
    let finding = write(
        doc,
        &parse_document(doc).unwrap(),
        &ReplayOptions::default(),
    )
    .expect_err("no bracket form");
    assert_eq!(finding.code, Code::BadPosition, "{finding:?}");
    assert!(finding.message.contains("obligation due"), "{finding:?}");
    let at = finding.span.expect("at the record's start:");
    assert!(due[at.offset..].starts_with("1,1,1,1,1,1,16,19/"), "{at:?}");

    // North first from the standard start: the first legal move each time, 30 plies.
    let empty = record_from(None, Some("north"), &[]);
    let parsed = parse_document(&split_documents(&empty)[0]).unwrap();
    let (_, mut game) = replay_to::<Zanzibar>(&parsed, &ReplayOptions::default(), 1).unwrap();
    let mut played = Vec::new();
    for _ in 0..30 {
        let Some(mv) = game
            .legal_texts()
            .unwrap_or_else(bao_rules::Incomplete::into_legal)
            .first()
            .cloned()
        else {
            break;
        };
        // Spelt with its claims, as `import` writes a move.
        let before = *game.position();
        let mut events = Vec::new();
        let played_mv = game.play_text_into(&mv, &mut events).unwrap().mv;
        played.push(Zanzibar::format_annotated(&before, played_mv, &events));
    }
    assert_eq!(played.len(), 30);
    let back = round_trip(&record_from(None, Some("north"), &played)).unwrap();
    assert!(
        back.contains("opening: [ 0 0 0 0 0 0 0 0 | 0 2 2 6 0 0 0 0 | 0 0 0 0 6 2 2 0 | 0 0 0 0 0 0 0 0 | 22 22 | T T | 255 | 1 ];\n"),
        "{back}"
    );
}

/// A record's game as `check` finds it: its verdict, its plies and where it stands.
fn verdict(record: &str) -> (bool, u32, String) {
    let games = bao_oracle::check::check_text(record, &ReplayOptions::default());
    assert_eq!(games.len(), 1, "{record}");
    let g = &games[0];
    (g.valid(), g.plies, format!("{:?}", g.standing))
}

/// A record's game and the rules it is played under: ruleset, preset, rulings (sorted).
fn rules_of(record: &str) -> (String, Option<String>, Vec<(String, String)>) {
    let r = parse_document(&split_documents(record)[0]).unwrap();
    let mut rulings: Vec<(String, String)> = r
        .rulings
        .into_iter()
        .map(|(k, v)| (k.value, v.value))
        .collect();
    rulings.sort();
    (
        r.ruleset.value.to_string(),
        r.preset.map(|p| p.value),
        rulings,
    )
}

/// Issue 32, K7–K10, K15: record → transcript → record checks the same, under the same game,
/// preset and rulings; the transcript itself checks the same with no flag (its game named in
/// it); and `import` prints a record its own `check` reads.
fn round_trip_checks_the_same(record: &str, what: &str) {
    let before = verdict(record);
    assert!(before.0, "{what}: the record checks valid");
    let docs = split_documents(record);
    let parsed = parse_document(&docs[0]).unwrap();
    let back = write(&docs[0], &parsed, &ReplayOptions::default())
        .unwrap_or_else(|f| panic!("{what}: {f:?}"));
    assert_eq!(
        bao_oracle::input::form_of(&back),
        bao_oracle::input::Form::Transcript,
        "{what}:\n{back}"
    );
    assert_eq!(verdict(&back), before, "{what}: the transcript\n{back}");
    let rulings = RulingSet::new();
    let options = ImportOptions {
        name: "round-trip.bao",
        source: None,
        ruleset: None,
        rulings: &rulings,
        strict: true,
    };
    let again = import(&back, &options)
        .unwrap_or_else(|r| panic!("{what}: {:?}\n{back}", r.findings))
        .record;
    assert_eq!(verdict(&again), before, "{what}: the record again\n{again}");
    assert_eq!(rules_of(&again), rules_of(record), "{what}\n{back}");
    assert_eq!(moves(&again).len(), parsed.moves.len(), "{what}");
}

#[test]
fn every_corpus_record_of_a_transcript_game_comes_back_checking_the_same() {
    let mut count = 0;
    for game in ["bao-la-kiswahili", "bao-la-kete"] {
        let mut files: Vec<_> = walk(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("corpus")
                .join(game),
        );
        files.sort();
        for path in files {
            if path.extension().is_none_or(|e| e != "yaml") {
                continue;
            }
            let text = fs::read_to_string(&path).unwrap();
            for doc in split_documents(&text) {
                round_trip_checks_the_same(doc.text, &path.display().to_string());
                count += 1;
            }
        }
    }
    // The seven with a preset or rulings among them (the K8).
    assert!(count >= 40, "{count}");
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn generated_games_under_every_preset_come_back_checking_the_same() {
    use bao_oracle::rewrite::random_game::{ToRecord, random_game};
    use bao_rules::game::{Game, Notation};
    use bao_rules::games::{Kete, Zanzibar};

    fn each<G: Game>() -> usize {
        assert!(G::NOTATIONS.contains(&Notation::Donkers));
        let mut presets: Vec<Option<&str>> = vec![None];
        presets.extend(G::PRESETS.iter().map(|p| Some(p.name)));
        let mut count = 0;
        for preset in presets {
            let set = match preset {
                Some(p) => RulingSet::new().over_preset::<G>(p).unwrap(),
                None => RulingSet::new(),
            };
            let rulings = G::rulings(&set).unwrap();
            for seed in 0..3 {
                let game = random_game::<G>(&G::start(), &rulings, seed, 120);
                let record = game.to_record("generated", false, preset, &[]);
                round_trip_checks_the_same(&record, &format!("{preset:?} seed {seed}"));
                count += 1;
            }
        }
        count
    }
    let count = each::<Zanzibar>() + each::<Kete>();
    assert!(count >= 12, "{count}");
}

/// Issue 30: a Bao la Kete transcript that `transcript` writes passes `check` with no flag, and
/// `import` reads it back to a Bao la Kete record with no flag.
#[test]
fn a_kete_transcript_checks_and_imports_with_no_flag() {
    let dir = std::env::temp_dir().join(format!("bao-kete-transcript-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let out = Command::new(BIN)
        .args(["transcript", "corpus/bao-la-kete/random-seed-01.yaml"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("\ngame: bao-la-kete;\n"), "{text}");
    // In a folder, under an extension in capitals.
    let path = dir.join("KETE.TXT");
    fs::write(&path, &text).unwrap();
    let run = |args: &[&str]| {
        Command::new(BIN)
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap()
    };
    let check = run(&["check", dir.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{said}");
    assert!(said.contains("1 passed, 0 failed"), "{said}");
    let import = run(&["import", path.to_str().unwrap()]);
    assert!(import.status.success());
    assert!(
        String::from_utf8_lossy(&import.stdout).contains("\nruleset: bao-la-kete\n"),
        "{}",
        String::from_utf8_lossy(&import.stdout)
    );
    // A `--ruleset` the transcript contradicts is refused at its `game:` line.
    let other = run(&[
        "import",
        "--ruleset",
        "bao-la-kiswahili",
        path.to_str().unwrap(),
    ]);
    assert_eq!(other.status.code(), Some(1));
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(err.contains("names its game `bao-la-kete`"), "{err}");
    fs::remove_dir_all(&dir).unwrap();
}

/// Issue 32, K7: a record's own comments never become a transcript's lines, whatever they look
/// like (`opening:`, `takasia:`, a move line); only a record `import` wrote has kept lines, and
/// of those only the headers `import` keeps as comments come back.
#[test]
fn a_records_comments_never_become_headers() {
    let game = "ruleset: bao-la-kiswahili\nsource: s\nmoves: [\"A6<*\", \"a5>x\"]\n";
    let lines = "# opening: [ 0 0 0 0 0 0 0 0 | 0 2 2 6 0 0 0 0 | 0 0 0 0 6 2 2 0 | 0 0 0 0 0 0 0 0 | 22 22 | T T | 255 | 1 ];\n\
                 # takasia: no\n# 2: 6R* 7R*;\n# game: bao-la-kete\n# moves: [zz]\n# Round: 3\n";
    for marker in [
        "",
        "# Imported by `bao-oracle import` from x.bao; each move's published spelling beside it.\n",
    ] {
        let record = format!("{marker}{lines}{game}");
        let docs = split_documents(&record);
        let parsed = parse_document(&docs[0]).unwrap();
        let back = write(&docs[0], &parsed, &ReplayOptions::default()).unwrap();
        let t = transcript::parse(&back).unwrap();
        let keys: Vec<String> = t.headers.iter().map(|h| h.name()).collect();
        let expected: &[&str] = if marker.is_empty() {
            &["game", "source"]
        } else {
            // `Round:` is a line `import` keeps as a comment; nothing else is.
            &["round", "game", "source"]
        };
        assert_eq!(keys, expected, "{back}");
        assert_eq!(t.plies.len(), 2, "{back}");
        assert_eq!(verdict(&back), verdict(&record), "{back}");
    }
}

/// Issue 32, K10: an empty game is written as Donkers' template, which reads back as the empty
/// game (with its warning), not as a transcript without a move line.
#[test]
fn an_empty_game_is_written_as_the_template() {
    for ruleset in ["bao-la-kiswahili", "bao-la-kete"] {
        let record = format!("ruleset: {ruleset}\nsource: s\nmoves: []\n");
        let docs = split_documents(&record);
        let back = write(
            &docs[0],
            &parse_document(&docs[0]).unwrap(),
            &ReplayOptions::default(),
        )
        .unwrap();
        assert!(back.ends_with("\n1: \n"), "{back}");
        let games = bao_oracle::check::check_text(&back, &ReplayOptions::default());
        assert!(games[0].valid(), "{:?}", games[0].findings);
        assert_eq!(games[0].ruleset.map(|r| r.name()), Some(ruleset));
    }
}

/// Issue 32, K15: `import` never prints a record with an empty `source:`, which `check` refuses:
/// an empty `source:` header (or `--source ""`) gives way to the file's name.
#[test]
fn import_never_writes_an_empty_source() {
    let rulings = RulingSet::new();
    for (text, given) in [
        ("source: ;\n1: 7L* 5R;\n", None),
        ("source:   ;\n1: 7L* 5R;\n", Some("")),
        ("1: 7L* 5R;\n", Some(" ")),
    ] {
        let options = ImportOptions {
            name: "empty-source.bao",
            source: given,
            ruleset: None,
            rulings: &rulings,
            strict: false,
        };
        let record = import(text, &options).unwrap().record;
        assert!(record.contains("\nsource: empty-source.bao\n"), "{record}");
        assert!(verdict(&record).0, "{record}");
    }
}

/// Issue 32, K17 as the writer meets it: a player's name holding a `;` (which ends a header's
/// value) has no transcript, rather than one that reads back `Omar`; a provenance may hold one,
/// and comes back whole.
#[test]
fn a_value_the_header_cannot_hold_has_no_transcript() {
    let record = "ruleset: bao-la-kiswahili\nsource: \"a; b\"\nsouth: \"Omar; Jr\"\nmoves: []\n";
    let docs = split_documents(record);
    let finding = write(
        &docs[0],
        &parse_document(&docs[0]).unwrap(),
        &ReplayOptions::default(),
    )
    .expect_err("no header holds `Omar; Jr`");
    assert!(
        finding.message.contains("`south: Omar; Jr` holds a `;`"),
        "{finding:?}"
    );
    let record = record.replace("Omar; Jr", "Omar, Jr");
    let docs = split_documents(&record);
    let back = write(
        &docs[0],
        &parse_document(&docs[0]).unwrap(),
        &ReplayOptions::default(),
    )
    .unwrap();
    let t = transcript::parse(&back).unwrap();
    assert_eq!(t.header("source").unwrap().value, "a; b", "{back}");
    assert_eq!(t.header("south").unwrap().value, "Omar, Jr", "{back}");
}
