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
        ruleset: "bao-la-kiswahili",
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
        .map(|m| m.value)
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

        // The headers, with the record's `source:` added where the transcript had none.
        let mut expected = headers(&before);
        expected
            .entry("source".into())
            .or_insert((name.to_string(), None));
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
        let Some(mv) = game.legal_texts().moves.first().cloned() else {
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
