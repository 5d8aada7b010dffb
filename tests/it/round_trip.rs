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

        // The same moves (as the game plays them, claims included), line by line.
        assert_eq!(moves(&imported(&back, name)), moves(&record), "{path}");
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
