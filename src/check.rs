//! `check`: the validator's pipeline, file by file. Paths → files ([`collect_files`]) → text
//! ([`crate::record::read_source`]) → records ([`crate::record`]) → replays ([`crate::replay`]) →
//! [`FileReport`]s for the reporters ([`crate::report`]).
//!
//! The unit of a report is the game: each YAML document of a file is one. A file that cannot be
//! read as records at all (empty, not text, too large) counts as one invalid game, index 1,
//! without plies, so that `N passed, M failed` accounts for every file.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::diagnostics::{Code, Finding};
use crate::infer::{self, Inference};
use crate::record::{self, Source};
use crate::repair::{Repair, Suggestion};
use crate::replay::{self, Divergence, ReplayOptions, Standing};

/// The check of one game (one YAML document).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// 1-based index of the game among the file's records.
    pub index: usize,
    /// The ruleset the record names, if it could be read.
    pub ruleset: Option<String>,
    /// The moves the record lists.
    pub recorded_plies: usize,
    /// The moves replayed and found legal.
    pub plies: u32,
    /// Where the game stands after the replay; `None` if it was not replayed.
    pub standing: Option<Standing>,
    pub findings: Vec<Finding>,
    /// See [`replay::Replayed::divergence`].
    pub divergence: Option<Option<Divergence>>,
    /// See [`replay::Replayed::repair`].
    pub repair: Option<Repair>,
    /// With [`ReplayOptions::infer_rulings`], for a game whose ruleset is known: the ruling
    /// combinations it is valid under.
    pub inference: Option<Inference>,
}

impl GameReport {
    pub fn valid(&self) -> bool {
        self.findings.is_empty()
    }

    /// The repair suggestions for `finding`: those of the move the replay stopped at (or of the
    /// `result:` claim, when every move played), none for any other finding.
    pub fn suggestions(&self, finding: &Finding) -> &[Suggestion] {
        match &self.repair {
            Some(repair) if finding.ply == Some(repair.ply) && finding.code != Code::FalseClaim => {
                &repair.suggestions
            }
            // The result's error is the one false claim of no ply.
            Some(repair)
                if repair.at_result
                    && finding.ply.is_none()
                    && finding.code == Code::FalseClaim =>
            {
                &repair.suggestions
            }
            _ => &[],
        }
    }

    fn unread(index: usize, finding: Finding) -> GameReport {
        GameReport {
            index,
            ruleset: None,
            recorded_plies: 0,
            plies: 0,
            standing: None,
            findings: vec![finding],
            divergence: None,
            repair: None,
            inference: None,
        }
    }
}

/// The check of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    /// The path as found (given on the command line, or under a given folder).
    pub path: String,
    /// The file's text, for reporters that quote it; empty if it was not read.
    pub text: String,
    pub games: Vec<GameReport>,
}

/// A file or folder that could not be read: exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoProblem {
    pub path: String,
    pub message: String,
}

impl IoProblem {
    fn new(path: &Path, err: &io::Error) -> IoProblem {
        let message = match err.kind() {
            io::ErrorKind::NotFound => "no such file or folder".to_string(),
            io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            _ => err.to_string(),
        };
        IoProblem {
            path: display(path),
            message,
        }
    }
}

/// Counts over a whole check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub files: usize,
    pub games: usize,
    pub valid: usize,
    pub invalid: usize,
    pub io_errors: usize,
}

impl Summary {
    pub fn of(files: &[FileReport], io_errors: usize) -> Summary {
        let games = files.iter().map(|f| f.games.len()).sum();
        let valid = files
            .iter()
            .flat_map(|f| &f.games)
            .filter(|g| g.valid())
            .count();
        Summary {
            files: files.len(),
            games,
            valid,
            invalid: games - valid,
            io_errors,
        }
    }

    /// 0 all valid, 1 any game invalid, 2 any I/O error.
    pub fn exit_status(&self) -> u8 {
        if self.io_errors > 0 {
            Code::IoError.exit_status()
        } else if self.invalid > 0 {
            1
        } else {
            0
        }
    }
}

fn display(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// Whether a file found in a folder is a record file (`*.yaml`, `*.yml`) or a transcript as
/// Donkers' program names them (`*.bao`).
fn is_record_file(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml" | "bao")
    )
}

/// The files to check: each file path as given, each folder walked recursively for `*.yaml`,
/// `*.yml` and `*.bao` (sorted; symbolic links to folders are not followed, so a link cycle cannot loop).
pub fn collect_files(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<IoProblem>) {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for path in paths {
        match fs::metadata(path) {
            Err(e) => problems.push(IoProblem::new(path, &e)),
            Ok(meta) if meta.is_dir() => {
                let mut found = Vec::new();
                let before = problems.len();
                walk(path, &mut found, &mut problems);
                // A folder that yields nothing to check must not pass as `0 passed, 0 failed`.
                if found.is_empty() && problems.len() == before {
                    problems.push(IoProblem {
                        path: display(path),
                        message: "no game records found under it (*.yaml, *.yml)".to_string(),
                    });
                }
                found.sort();
                files.extend(found);
            }
            Ok(_) => files.push(path.clone()),
        }
    }
    (files, problems)
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>, problems: &mut Vec<IoProblem>) {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            problems.push(IoProblem::new(dir, &e));
            return;
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                problems.push(IoProblem::new(dir, &e));
                continue;
            }
        };
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => walk(&path, found, problems),
            Ok(t) if t.is_symlink() => {
                // A link to a file counts; a link to a folder is not followed.
                if fs::metadata(&path).is_ok_and(|m| m.is_file()) && is_record_file(&path) {
                    found.push(path);
                }
            }
            Ok(_) if is_record_file(&path) => found.push(path),
            Ok(_) => {}
            Err(e) => problems.push(IoProblem::new(&path, &e)),
        }
    }
}

/// Checks every game of a record file's text; a published transcript (told by its content,
/// [`crate::transcript::looks_like`]) is checked as its one game, at its own lines and columns.
pub fn check_text(text: &str, options: &ReplayOptions) -> Vec<GameReport> {
    if crate::transcript::looks_like(text) {
        return vec![check_transcript(text, options)];
    }
    let documents = record::split_documents(text);
    if documents.is_empty() {
        return vec![GameReport::unread(
            1,
            Finding::new(Code::EmptyFile, "the file holds no game record").help(
                "a record file holds one YAML document per game, with at least `ruleset`, \
                 `source` and `moves`",
            ),
        )];
    }
    documents
        .iter()
        .map(|doc| match record::parse_document(doc) {
            Err(finding) => GameReport::unread(doc.index, *finding),
            Ok(record) => {
                let replayed = replay::replay(&record, options);
                GameReport {
                    index: doc.index,
                    ruleset: Some(record.ruleset.value.clone()),
                    recorded_plies: record.moves.len(),
                    plies: replayed.plies,
                    standing: replayed.standing,
                    findings: replayed.findings,
                    divergence: replayed.divergence,
                    repair: replayed.repair,
                    inference: if options.infer_rulings {
                        infer::infer(&record, options)
                    } else {
                        None
                    },
                }
            }
        })
        .collect()
}

/// A transcript's one game: read as `import` reads it, replayed as a `notation: donkers` record
/// of Bao la Kiswahili (the transcripts' game) whose moves stand where the transcript has them.
fn check_transcript(text: &str, options: &ReplayOptions) -> GameReport {
    const RULESET: &str = "bao-la-kiswahili";
    match crate::transcript::parse(text) {
        Err(findings) => GameReport {
            index: 1,
            ruleset: Some(RULESET.to_string()),
            recorded_plies: 0,
            plies: 0,
            standing: None,
            findings,
            divergence: None,
            repair: None,
            inference: None,
        },
        Ok(t) => {
            let record = crate::import::as_record(&t, RULESET, "transcript");
            let replayed = replay::replay(&record, options);
            GameReport {
                index: 1,
                ruleset: Some(RULESET.to_string()),
                recorded_plies: record.moves.len(),
                plies: replayed.plies,
                standing: replayed.standing,
                findings: replayed.findings,
                divergence: replayed.divergence,
                repair: replayed.repair,
                inference: if options.infer_rulings {
                    infer::infer(&record, options)
                } else {
                    None
                },
            }
        }
    }
}

/// Checks one file. `Err` is an I/O problem (exit status 2); everything else is in the report.
pub fn check_file(path: &Path, options: &ReplayOptions) -> Result<FileReport, IoProblem> {
    let source = record::read_source(path).map_err(|e| IoProblem::new(path, &e))?;
    let (text, games) = match source {
        Source::Refused(finding) => (String::new(), vec![GameReport::unread(1, finding)]),
        Source::Text(text) => {
            let games = check_text(&text, options);
            (text, games)
        }
    };
    Ok(FileReport {
        path: display(path),
        text,
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_comment_only_files_hold_no_record() {
        for text in ["", "\n\n", "# only a comment\n---\n---\n"] {
            let games = check_text(text, &ReplayOptions::default());
            assert_eq!(games.len(), 1);
            assert_eq!(games[0].findings[0].code, Code::EmptyFile);
        }
    }

    #[test]
    fn one_broken_document_does_not_hide_the_others() {
        let good = "ruleset: bao-la-kimasai\nsource: t\nmoves: [A2]\n";
        let text = format!("{good}---\nruleset: \"unclosed\n---\n{good}");
        let games = check_text(&text, &ReplayOptions::default());
        let valid: Vec<bool> = games.iter().map(GameReport::valid).collect();
        assert_eq!(valid, [true, false, true]);
        assert_eq!(games[1].findings[0].code, Code::MalformedYaml);
        assert_eq!(games[2].index, 3);
    }

    #[test]
    fn summary_and_exit_status() {
        let good = "ruleset: bao-la-kimasai\nsource: t\nmoves: [A2]\n";
        let file = FileReport {
            path: "x".into(),
            text: good.into(),
            games: check_text(good, &ReplayOptions::default()),
        };
        let s = Summary::of(std::slice::from_ref(&file), 0);
        assert_eq!((s.games, s.valid, s.invalid, s.exit_status()), (1, 1, 0, 0));
        assert_eq!(Summary::of(&[file], 1).exit_status(), 2);
    }
}
