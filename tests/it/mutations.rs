//! Seeded mutation testing in `cargo test` (issue 11, item 14): the inputs of every reader —
//! record files (with the differential between the two record readers), positions of every
//! ruleset in both written forms, move notation, protocol requests, published transcripts —
//! edited at random from a fixed seed. No input may panic; what is read back must round-trip.
//! `repair`'s output and the HTML report's page keep the properties of `properties.rs`, on mutants
//! and on the inputs the fuzzer once stopped on (`tests/data/fuzz/`). The `fuzz/` targets search
//! the same properties without end (see README.md, *Fuzzing*).
//! `BAO_MUTATIONS=N` sets the rounds.

use bao_oracle::check::check_text;
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::harness::protocol::respond;
use bao_oracle::input::record::{readers_agree, split_documents};
use bao_oracle::rewrite::random_game::{ToRecord, random_game};
use bao_rules::Ruleset;
use bao_rules::SplitMix64;
use bao_rules::game::Game;
use bao_rules::games::{GameVisitor, RULESETS};
use bao_rules::play::Playthrough;

use crate::properties;

fn rounds(default: usize) -> usize {
    std::env::var("BAO_MUTATIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// What an edit inserts: the characters that delimit, quote, escape or break text, control
/// characters, and Unicode that is not ASCII.
const PIECES: &[&str] = &[
    " ",
    "\n",
    "\r\n",
    "\r",
    "\t",
    "\"",
    "'",
    "#",
    ":",
    ",",
    "-",
    "[",
    "]",
    "{",
    "}",
    "|",
    ">",
    "&",
    "*",
    "!",
    "%",
    "@",
    "\\",
    "/",
    "^",
    "+",
    "x",
    "<",
    "=",
    ".",
    "0",
    "1",
    "9",
    "12",
    "99",
    "A",
    "a",
    "b",
    "B",
    "S",
    "N",
    "---\n",
    "\u{1b}",
    "\u{0}",
    "\u{7f}",
    "\u{85}",
    "\u{feff}",
    "\u{2028}",
    "é",
    "\u{1F600}",
    "null",
    "true",
    "~",
];

/// `text` with one to three random edits: a character removed, replaced or inserted.
fn mutate(text: &str, rng: &mut SplitMix64) -> String {
    let mut text = text.to_string();
    for _ in 0..1 + rng.below(3) {
        let mut at = rng.below(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let removed = match text[at..].chars().next() {
            Some(c) if rng.below(3) > 0 => {
                text.replace_range(at..at + c.len_utf8(), "");
                true
            }
            _ => false,
        };
        if !removed || rng.below(2) == 0 {
            text.insert_str(at, PIECES[rng.below(PIECES.len())]);
        }
    }
    text
}

/// Generated games of every ruleset, as records.
struct Records;

impl GameVisitor for Records {
    type Output = Vec<String>;
    fn visit<G: Game>(self) -> Vec<String> {
        (0..4)
            .map(|seed| {
                let game = random_game::<G>(&G::start(), &Default::default(), seed, 40);
                game.to_record("mutation seed", seed % 2 == 1, None, &[])
            })
            .collect()
    }
}

#[test]
fn mutated_records_never_panic_and_the_readers_agree() {
    let mut samples: Vec<String> = RULESETS
        .iter()
        .flat_map(|r| Ruleset::from_name(r).unwrap().visit(Records))
        .collect();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["tests/records", "tests/explain"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "yaml")
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                samples.push(text);
            }
        }
    }
    let mut rng = SplitMix64::new(14);
    let options = ReplayOptions::default();
    for round in 0..rounds(5_000) {
        let text = mutate(&samples[round % samples.len()], &mut rng);
        for doc in split_documents(&text) {
            if let Err(e) = readers_agree(&doc) {
                panic!("the record readers disagree on {text:?}: {e}");
            }
        }
        // The whole pipeline: read, replay, never a panic.
        let games = check_text(&text, &options);
        assert!(!games.is_empty());
    }
}

/// Positions: mutants of positions written in every form never panic; one that is read writes
/// back to every form as text that reads as the same position.
struct Positions(u64);

impl GameVisitor for Positions {
    type Output = ();
    fn visit<G: Game>(self) {
        let mut rng = SplitMix64::new(self.0);
        let mut written = Vec::new();
        for seed in 0..6 {
            let game = random_game::<G>(&G::start(), &Default::default(), seed, 30);
            let mut play = Playthrough::<G>::new(G::start(), Default::default());
            for &mv in game.moves.iter().take(rng.below(game.moves.len() + 1)) {
                play.play_text(&G::format_move(mv))
                    .expect("a generated move plays");
            }
            // Every form the game reads (Donkers' bracket form for the 4x8 games).
            written.extend(
                G::POSITION_FORMS
                    .iter()
                    .filter_map(|&form| G::format_position(form, play.position()).ok()),
            );
        }
        for round in 0..rounds(5_000) {
            let text = mutate(&written[round % written.len()], &mut rng);
            if let Ok(pos) = G::parse_position(&text) {
                // A form without a field for what `pos` holds (Donkers': an obligation due) is
                // an error, never a wrong text.
                let forms = G::POSITION_FORMS.iter();
                for form in forms.filter_map(|&form| G::format_position(form, &pos).ok()) {
                    assert_eq!(
                        G::parse_position(&form).as_ref().ok(),
                        Some(&pos),
                        "{}: {text:?} read, its form {form:?} does not read back",
                        G::RULESET
                    );
                }
            }
        }
    }
}

#[test]
fn mutated_positions_never_panic_and_round_trip() {
    for (i, ruleset) in RULESETS.iter().enumerate() {
        Ruleset::from_name(ruleset)
            .unwrap()
            .visit(Positions(100 + i as u64));
    }
}

/// Move notation: mutants of legal moves (with claims) never panic, whether read alone or played
/// in the middle of a game; a move that plays is legal there.
struct Moves(u64);

impl GameVisitor for Moves {
    type Output = ();
    fn visit<G: Game>(self) {
        let mut rng = SplitMix64::new(self.0);
        let game = random_game::<G>(&G::start(), &Default::default(), self.0, 60);
        let mut plays = vec![Playthrough::<G>::new(G::start(), Default::default())];
        for &mv in &game.moves {
            let mut next =
                Playthrough::<G>::new(plays.last().unwrap().position().clone(), Default::default());
            next.play_text(&G::format_move(mv))
                .expect("a generated move plays");
            plays.push(next);
        }
        let mut legal = Vec::new();
        for round in 0..rounds(5_000) {
            let at = round % game.moves.len().max(1);
            let base = game
                .moves
                .get(at)
                .map_or_else(|| "A1".to_string(), |&m| G::format_move(m));
            let text = mutate(
                &format!("{base}{}", ["", "x", "x2", "+", "*", ">"][round % 6]),
                &mut rng,
            );
            let _ = G::parse_move(&text);
            let play = &plays[at.min(plays.len() - 1)];
            let mut trial = Playthrough::<G>::new(play.position().clone(), Default::default());
            if let Ok(played) = trial.play_text(&text) {
                let _ = G::legal_moves(play.position(), &Default::default(), &mut legal);
                assert!(legal.contains(&played.mv), "{}: {text:?}", G::RULESET);
            }
        }
    }
}

#[test]
fn mutated_moves_never_panic() {
    for (i, ruleset) in RULESETS.iter().enumerate() {
        Ruleset::from_name(ruleset)
            .unwrap()
            .visit(Moves(200 + i as u64));
    }
}

#[test]
fn mutated_protocol_requests_never_panic() {
    let requests = [
        r#"{"id":0,"type":"hello","protocol":1}"#,
        r#"{"id":1,"type":"legal_moves","ruleset":"bao-la-kimasai","rulings":{},"position":"111111111111/111111111110/011111111111/111111111111 S"}"#,
        r#"{"id":2,"type":"play","ruleset":"bao-la-kimasai","rulings":{},"position":"111111111111/111111111110/011111111111/111111111111 S","move":"A2"}"#,
        r#"{"id":"x","type":"play","ruleset":"bao-kingulu","rulings":{"kingulu.penultimate-source":"not-from-reserved"},"move":"A5x"}"#,
        r#"{"id":3,"type":"legal_moves","ruleset":"bao-la-kete","rulings":{}}"#,
        r#"{"id":4,"type":"play","ruleset":"bao-la-kete","rulings":{},"move":"a5<","history":[]}"#,
    ];
    let mut rng = SplitMix64::new(15);
    for round in 0..rounds(5_000) {
        let line = mutate(requests[round % requests.len()], &mut rng);
        let response = respond(&line);
        // Every answer is JSON a driver can read.
        serde_json::to_string(&response).expect("the answer serializes");
    }
}

#[test]
fn mutated_transcripts_never_panic() {
    use bao_oracle::rewrite::import::{ImportOptions, import};
    use bao_rules::rulings::RulingSet;
    let transcripts = [
        "South: Ramadhan\nNorth: Kijumbe\nTakasia: yes\n1: 7L* 5R;\n2: 5R 7R*; END IN THE HOUSE\n3: A7L a6L;  A resigns\n",
        "place: Zanzibar\ndate: 1994\nwinner: south\n\n1: A6L* b2R;\n2: B7L\n",
        "source: de Voogt\ntime: 12:00\n1: 1L 1R;\n2: 2L* 2R*;\n3: 3L;\n",
        // A record whose first fields carry a `;`, as headers do: never a transcript.
        "title: Voogt-4; (pg 135)\nsource: de Voogt 1995; p. 135\nruleset: bao-la-kiswahili\nmoves: [A6<*, a6>]\n",
        "title: new game;\r1: \r",
    ];
    let rulings = RulingSet::new();
    let mut rng = SplitMix64::new(16);
    for round in 0..rounds(5_000) {
        let text = mutate(transcripts[round % transcripts.len()], &mut rng);
        let _ = bao_oracle::input::transcript::parse(&text);
        // The one reader: nothing passes unreplayed; `import` agrees with `check`.
        if round % 5 == 0 {
            properties::one_reader(text.as_bytes());
        }
        let ruleset = RULESETS[round % RULESETS.len()];
        let options = ImportOptions {
            name: "mutant.txt",
            source: None,
            ruleset: Some(Ruleset::from_name(ruleset).unwrap()),
            rulings: &rulings,
            strict: false,
        };
        // A record the importer writes is one `check` reads.
        if let Ok(imported) = import(&text, &options) {
            let record = imported.record;
            let games = check_text(&record, &ReplayOptions::default());
            assert_eq!(games.len(), 1, "{record}");
        }
    }
}

/// Records of `dir` (`.yaml`, and `.txt` transcripts), as bytes.
fn files_of(dir: &str) -> Vec<(String, Vec<u8>)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "txt"))
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    files.sort();
    files
}

#[test]
fn the_inputs_the_fuzzers_stopped_on_keep_their_properties() {
    let files = files_of("tests/data/fuzz");
    assert!(files.len() >= 8, "{}", files.len());
    let mut edited = Vec::new();
    for (path, bytes) in &files {
        if properties::repair_output(bytes) > 0 {
            edited.push(path.rsplit('/').next().unwrap());
        }
        properties::report_page(bytes);
    }
    // Every record with one slip is mended but those whose moves repair may not edit and those
    // whose best repairs tie (`hostile-docs`, `-newline`, `-tagged`, `-xss`: any move in place of
    // the hostile text lets the rest replay).
    assert_eq!(
        edited,
        [
            "hostile-anchor-slip.yaml",
            "repair-false-claim-before.yaml",
            "repair-quoted-comment.yaml",
        ]
    );
}

#[test]
fn mutated_records_keep_repair_and_report_properties() {
    let mut samples: Vec<Vec<u8>> = files_of("tests/data/fuzz")
        .into_iter()
        .chain(files_of("tests/records"))
        .map(|(_, bytes)| bytes)
        .collect();
    // Generated games with one slip, which the repair search mends.
    for ruleset in RULESETS {
        for record in Ruleset::from_name(ruleset).unwrap().visit(Records) {
            let moves = record.find("moves: [").unwrap();
            let (head, tail) = record.split_at(moves);
            samples.push(format!("{head}{}", tail.replacen(", ", ", A9, ", 1)).into_bytes());
        }
    }
    let mut rng = SplitMix64::new(17);
    let mut edited = 0;
    for round in 0..rounds(400) {
        let sample = String::from_utf8_lossy(&samples[round % samples.len()]).into_owned();
        let text = mutate(&sample, &mut rng);
        edited += properties::repair_output(text.as_bytes());
        properties::report_page(text.as_bytes());
    }
    // The search reached the edits, not only the refusals and the records left as written.
    assert!(edited > 20, "{edited} games edited");
}
