//! A file's games as a program takes them (the Python package's `read_game`): each game read and
//! replayed by `check`'s one path (its report, its record as read), its moves as they played in
//! canonical notation, and written back as `import` writes a record and as `transcript` writes a
//! transcript; and a game played elsewhere written as a record ([`write_record`]).

use std::path::Path;

use crate::check::replay::{self, ReplayOptions};
use crate::check::{self, FileReport, GameReport, transcript_game};
use crate::diagnostics::{Finding, LineIndex};
use crate::input::record::{self, Document, Record};
use crate::input::{self, Form, Input};
use crate::rewrite::import::{self, ImportOptions};
use crate::rewrite::to_transcript;
use bao_rules::game::Game;
use bao_rules::{Ruleset, with_game};

/// The games of one file (or text), as read.
#[derive(Clone, Debug)]
pub struct GameFile {
    /// The path as given (or the name given to a text).
    pub path: String,
    /// The name a transcript's game is imported under: the file's name.
    pub name: String,
    pub form: Form,
    pub text: String,
    /// The game of a transcript that names none (`None`: Bao la Kiswahili).
    pub ruleset: Option<Ruleset>,
    pub games: Vec<ReadGame>,
}

/// One game of a file: `check`'s report of it and, where its text is a record, the record.
#[derive(Clone, Debug)]
pub struct ReadGame {
    pub report: GameReport,
    pub record: Option<Record>,
    /// The game as set up and played: `Err` where it cannot be set up (or read).
    pub played: Result<Played, Box<Finding>>,
}

/// A game set up as its replay sets it up, and its moves as they played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub ruleset: Ruleset,
    /// The preset and the rulings chosen over it (the record's and the options'), as a game of
    /// the rules is made from them.
    pub preset: Option<String>,
    pub rulings: Vec<(String, String)>,
    /// The first position, in compact form (its side to move included).
    pub start: String,
    /// The moves that played (the report's `plies`), in canonical notation.
    pub moves: Vec<String>,
}

/// Reads the games of the file at `path` (`Err`: it cannot be read; a file read but refused,
/// too large or not text, is one game that cannot be set up, as `check` counts it).
pub fn read_file(
    path: &Path,
    ruleset: Option<Ruleset>,
    options: &ReplayOptions,
) -> std::io::Result<GameFile> {
    let input = input::read(path)?;
    let name = match path.file_name() {
        _ if input::is_stdin(path) => "stdin".to_string(),
        Some(n) => n.to_string_lossy().into_owned(),
        None => input::display(path),
    };
    Ok(read_input(
        input::display(path),
        name,
        input,
        ruleset,
        options,
    ))
}

/// Reads the games of `text`, as of a file named `name`.
pub fn read_text(
    name: &str,
    text: String,
    ruleset: Option<Ruleset>,
    options: &ReplayOptions,
) -> GameFile {
    read_input(
        name.to_string(),
        name.to_string(),
        input::of_text(text),
        ruleset,
        options,
    )
}

fn read_input(
    path: String,
    name: String,
    input: Input,
    ruleset: Option<Ruleset>,
    options: &ReplayOptions,
) -> GameFile {
    let mut file = GameFile {
        path,
        name,
        form: Form::Records,
        text: String::new(),
        ruleset,
        games: Vec::new(),
    };
    match input {
        Input::Refused(finding) => {
            let report = GameReport::unread(1, None, vec![finding.clone()]);
            file.games.push(ReadGame {
                report,
                record: None,
                played: Err(Box::new(finding)),
            });
        }
        Input::Transcript(text) => {
            file.form = Form::Transcript;
            let (report, record) = transcript_game(&text, ruleset, &file.name, options);
            file.games.push(ReadGame::of(report, record, options));
            file.text = text;
        }
        Input::Records(text) => {
            let mut games = Vec::new();
            check::check_named_text(&file.path, &text, options, &mut |_: &FileReport,
                                                                      _: &LineIndex<'_>,
                                                                      report,
                                                                      record: Option<
                &Record,
            >| {
                games.push(ReadGame::of(report, record.cloned(), options))
            });
            file.games = games;
            file.text = text;
        }
    }
    file
}

impl ReadGame {
    fn of(report: GameReport, record: Option<Record>, options: &ReplayOptions) -> ReadGame {
        let played = match &record {
            Some(record) => play(record, report.plies as usize, options),
            None => Err(Box::new(report.findings.first().cloned().unwrap_or_else(
                || Finding::new(crate::diagnostics::Code::EmptyFile, "no game could be read"),
            ))),
        };
        ReadGame {
            report,
            record,
            played,
        }
    }
}

/// The game of `record` set up, and its first `plies` moves played (those its replay found
/// legal) to their canonical text.
fn play(record: &Record, plies: usize, options: &ReplayOptions) -> Result<Played, Box<Finding>> {
    with_game!(record.ruleset.value, G => play_game::<G>(record, plies, options))
}

fn play_game<G: Game>(
    record: &Record,
    plies: usize,
    options: &ReplayOptions,
) -> Result<Played, Box<Finding>> {
    let (setup, _, mut game) = replay::setup_game::<G>(record, options)?;
    let start = G::format_compact(game.position());
    let mut moves = Vec::with_capacity(plies);
    for mv in record.moves.iter().take(plies) {
        let played = game
            .play_text(&mv.value)
            .map_err(|e| Box::new(Finding::new(e.code().into(), e.message.clone()).at(mv.span)))?;
        moves.push(G::format_move(played.mv));
    }
    Ok(Played {
        ruleset: Ruleset::of::<G>(),
        preset: setup.preset,
        rulings: (setup.rulings.iter())
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        start,
        moves,
    })
}

impl GameFile {
    /// The YAML document of game `index` (from 1) of a record file.
    fn document(&self, index: usize) -> Option<Document<'_>> {
        record::split_documents(&self.text)
            .into_iter()
            .find(|d| d.index == index)
    }

    /// Game `i` (from 0) as a YAML record: a record file's own document as written, a
    /// transcript's game as `import` writes it (`rulings` on top of the transcript's own).
    pub fn to_record(&self, i: usize, options: &ReplayOptions) -> Result<String, Box<Finding>> {
        let game = &self.games[i];
        if let Err(e) = &game.played {
            return Err(e.clone());
        }
        match self.form {
            Form::Records => self
                .document(game.report.index)
                .map(|d| d.text.to_string())
                .ok_or_else(|| {
                    Box::new(Finding::new(
                        crate::diagnostics::Code::EmptyFile,
                        "the file holds no such game",
                    ))
                }),
            Form::Transcript => {
                let imported = import::import(
                    &self.text,
                    &ImportOptions {
                        name: &self.name,
                        source: None,
                        ruleset: self.ruleset,
                        rulings: &options.rulings,
                        strict: false,
                    },
                );
                imported.map(|i| i.record).map_err(first_finding)
            }
        }
    }

    /// Game `i` (from 0) as a transcript, as `transcript` writes it (a transcript's game by way
    /// of its record, as `import` then `transcript` write it).
    pub fn to_transcript(&self, i: usize, options: &ReplayOptions) -> Result<String, Box<Finding>> {
        let game = &self.games[i];
        let written;
        let (doc, record) = match (self.form, &game.record) {
            (Form::Records, Some(record)) => (
                self.document(game.report.index)
                    .expect("a record's document"),
                record.clone(),
            ),
            _ => {
                written = self.to_record(i, options)?;
                let doc = record::split_documents(&written)
                    .into_iter()
                    .next()
                    .expect("an imported record is one document");
                let record = record::parse_document(&doc)?;
                (doc, record)
            }
        };
        to_transcript::write(&doc, &record, options)
    }
}

/// A record to write of a game played elsewhere (a game in progress of the Python package): its
/// game, its fields and its moves in canonical notation.
#[derive(Clone, Copy, Debug)]
pub struct NewRecord<'a> {
    pub ruleset: Ruleset,
    pub title: Option<&'a str>,
    pub source: &'a str,
    pub date: Option<&'a str>,
    pub south: Option<&'a str>,
    pub north: Option<&'a str>,
    /// The first position in any of the game's forms; `None`: the standard start.
    pub start: Option<&'a str>,
    pub preset: Option<&'a str>,
    pub rulings: &'a [(String, String)],
    pub moves: &'a [String],
}

/// The YAML record of `new`, its `result:` the end its moves reach, as `check` replays them: a
/// record that checks valid, or the first finding that keeps it from being one.
pub fn write_record(new: &NewRecord<'_>) -> Result<String, Box<Finding>> {
    use crate::rewrite::random_game::yaml_scalar;
    use std::fmt::Write as _;
    let mut doc = String::new();
    let _ = writeln!(doc, "ruleset: {}", new.ruleset.name());
    if let Some(title) = new.title {
        let _ = writeln!(doc, "title: {}", yaml_scalar(title));
    }
    let _ = writeln!(doc, "source: {}", yaml_scalar(new.source));
    for (key, value) in [
        ("date", new.date),
        ("south", new.south),
        ("north", new.north),
    ] {
        if let Some(value) = value {
            let _ = writeln!(doc, "{key}: {}", yaml_scalar(value));
        }
    }
    if let Some(start) = new.start {
        let _ = writeln!(doc, "start: {}", yaml_scalar(start));
    }
    if let Some(preset) = new.preset {
        let _ = writeln!(doc, "preset: {}", yaml_scalar(preset));
    }
    if !new.rulings.is_empty() {
        doc.push_str("rulings:\n");
        for (name, value) in new.rulings {
            let _ = writeln!(doc, "  {}: {}", yaml_scalar(name), yaml_scalar(value));
        }
    }
    doc.push_str(if new.moves.is_empty() {
        "moves: []\n"
    } else {
        "moves:\n"
    });
    for mv in new.moves {
        let _ = writeln!(doc, "  - {}", yaml_scalar(mv));
    }
    // The result is the replay's: the record read back as `check` reads it, and played.
    let documents = record::split_documents(&doc);
    let record = record::parse_document(documents.first().expect("one document"))?;
    let options = ReplayOptions {
        repair_window: 0,
        ..ReplayOptions::default()
    };
    let replayed = replay::replay(&record, &options);
    if let Some(finding) = replayed.findings.into_iter().next() {
        return Err(Box::new(finding));
    }
    let standing = replayed.standing.expect("a game that played is set up");
    let _ = writeln!(doc, "result: {}", standing.name());
    Ok(doc)
}

/// A game `import` refused, as its first finding (its slips after its errors).
fn first_finding(report: Box<GameReport>) -> Box<Finding> {
    Box::new(
        (report.findings.iter().chain(&report.warnings))
            .next()
            .cloned()
            .unwrap_or_else(|| {
                Finding::new(
                    crate::diagnostics::Code::EmptyFile,
                    "the transcript could not be imported",
                )
            }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn corpus(path: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(path)
    }

    #[test]
    fn a_transcript_reads_as_its_game_played() {
        let path = corpus("bao-la-kiswahili/voogt-1994/game3.bao");
        let file = read_file(&path, None, &ReplayOptions::default()).unwrap();
        assert_eq!(file.form, Form::Transcript);
        let [game] = &file.games[..] else {
            panic!("{:?}", file.games.len())
        };
        let played = game.played.as_ref().unwrap();
        assert_eq!(played.ruleset, Ruleset::Zanzibar);
        assert_eq!(played.moves.len(), game.report.plies as usize);
        assert!(!played.moves.is_empty());
        // The record `import` writes plays the same moves, canonical, as written.
        let record = file.to_record(0, &ReplayOptions::default()).unwrap();
        let again = read_text("again.yaml", record, None, &ReplayOptions::default());
        assert_eq!(again.form, Form::Records);
        assert_eq!(again.games[0].played.as_ref().unwrap().moves, played.moves);
        assert!(file.to_transcript(0, &ReplayOptions::default()).is_ok());
    }

    #[test]
    fn a_record_file_reads_game_by_game_and_stops_at_an_illegal_move() {
        let text = "ruleset: bao-kingulu\nsource: t\nmoves: [A3, a3]\n---\n\
                    ruleset: bao-kingulu\nsource: u\nfirst: north\nmoves: [a3, A3, a9]\n---\n\
                    ruleset: chess\nsource: t\nmoves: [e4]\n";
        let file = read_text("t.yaml", text.to_string(), None, &ReplayOptions::default());
        assert_eq!(file.games.len(), 3);
        let first = file.games[0].played.as_ref().unwrap();
        assert_eq!(first.moves, ["A3", "a3"]);
        let second = file.games[1].played.as_ref().unwrap();
        assert_eq!(second.moves, ["a3", "A3"]);
        assert!(second.start.ends_with('N'), "{}", second.start);
        assert!(!file.games[1].report.valid());
        assert!(file.games[2].played.is_err());
        assert_eq!(
            file.to_record(1, &ReplayOptions::default()).unwrap(),
            "---\nruleset: bao-kingulu\nsource: u\nfirst: north\nmoves: [a3, A3, a9]\n"
        );
    }

    #[test]
    fn a_new_record_reads_back_as_its_game_with_the_end_it_reaches() {
        let moves: Vec<String> = ["A3", "a3"].map(String::from).to_vec();
        let rulings = [(
            "kingulu.penultimate-source".to_string(),
            "not-from-reserved".to_string(),
        )];
        let new = NewRecord {
            ruleset: Ruleset::Kingulu,
            title: None,
            source: "a test: 1",
            date: None,
            south: Some("yes"),
            north: None,
            start: None,
            preset: None,
            rulings: &rulings,
            moves: &moves,
        };
        let text = write_record(&new).unwrap();
        assert!(text.ends_with("result: unfinished\n"), "{text}");
        let file = read_text("new.yaml", text, None, &ReplayOptions::default());
        let game = &file.games[0];
        assert!(game.report.valid(), "{:?}", game.report.findings);
        let record = game.record.as_ref().unwrap();
        assert_eq!(
            (record.source.as_str(), record.south.as_deref()),
            ("a test: 1", Some("yes"))
        );
        assert_eq!(game.played.as_ref().unwrap().moves, moves);
        assert_eq!(game.played.as_ref().unwrap().rulings, rulings);
        // A move that does not play is no record.
        let wrong: Vec<String> = ["A3", "A3"].map(String::from).to_vec();
        let refused = write_record(&NewRecord {
            moves: &wrong,
            ..new
        });
        assert_eq!(refused.unwrap_err().ply, Some(2));
    }
}
