//! `bao-oracle import`: a published transcript ([`crate::input::transcript`]) as a game record.
//!
//! The transcript is read and replayed as `check` replays it ([`crate::check::transcript_game`]):
//! the same findings in the same words, with the same repair suggestions (the most likely meant
//! move first). A transcript that checks valid is written as a record: each move in canonical
//! notation with its claims, the published spelling in a comment beside it. Header fields map to the record's (`south`, `north`, `date`;
//! `place` to `title`; `source`, or the file's name); `takasia: yes|no` sets `zanzibar.takasia`;
//! `opening:` with a position is the record's `start:` (`official` is the standard start);
//! `winner:` and `time:` are kept as comments (a resignation or a loss on time is no rules result),
//! and so are the keys the record format does not have, the comments after a header's `;` and the
//! whole-line `%`/`;` comments (in place, between the moves they stand between). The transcript's
//! slips ([`crate::input::transcript::Slip`]) are warnings, or errors under `strict`. The record is given
//! only when nothing was found but warnings.

use std::fmt::Write as _;

use crate::check::replay::{self, ReplayOptions};
use crate::check::{GameReport, transcript_game};
use crate::diagnostics::{Code, Finding};
use crate::input::record::Record;
use crate::input::transcript::{self, KNOWN_KEYS, Transcript};
use crate::rewrite::random_game::{yaml_comment as one_line, yaml_scalar};
use bao_rules::Ruleset;
use bao_rules::game::{Game, Notation};
use bao_rules::rulings::RulingSet;
use bao_rules::with_game;

/// What to import: the transcript's text, a name for it (its file name) and the ruleset it is a
/// game of, with the command line's rulings on top of the transcript's own.
#[derive(Clone, Copy)]
pub struct ImportOptions<'a> {
    pub name: &'a str,
    /// The record's `source:`, over the transcript's `source:` header and the file's name (an
    /// empty one is none: a record says where its game comes from).
    pub source: Option<&'a str>,
    /// The game of a transcript that names none (`game:`); one that names another is refused.
    /// `None`: [`transcript::DEFAULT_RULESET`].
    pub ruleset: Option<Ruleset>,
    pub rulings: &'a RulingSet,
    /// Slips are errors, not warnings.
    pub strict: bool,
}

/// A transcript imported: the record (YAML) and the slips read on the way, as warnings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    pub record: String,
    pub warnings: Vec<Finding>,
}

/// The record, or the transcript's game as `check` reports it (its findings, its slips as
/// warnings, its repair suggestions): one path, one wording.
pub fn import(text: &str, options: &ImportOptions) -> Result<Imported, Box<GameReport>> {
    let t = transcript::read(text).0;
    let refused = |ruleset: Option<Ruleset>, finding: Finding| {
        Err(Box::new(GameReport::unread(1, ruleset, vec![finding])))
    };
    let ruleset = match transcript::ruleset_of(&t, options.ruleset) {
        Ok(game) => game.value,
        Err(finding) => return refused(None, *finding),
    };
    if let (Some(given), Some(header)) = (options.ruleset, t.header("game"))
        && given != ruleset
    {
        return refused(
            Some(ruleset),
            Finding::new(
                Code::BadValue,
                format!(
                    "the transcript names its game `{}` (`game:`), not `{given}` (`--ruleset`)",
                    header.value
                ),
            )
            .at(header.span)
            .help("leave out --ruleset, or correct the transcript's `game:`"),
        );
    }
    if !ruleset.notations().contains(&Notation::Donkers) {
        return refused(Some(ruleset), no_transcript_notation(ruleset));
    }
    let replay_options = ReplayOptions {
        rulings: options.rulings.clone(),
        ..ReplayOptions::default()
    };
    let (mut report, record) =
        transcript_game(text, options.ruleset, options.name, &replay_options);
    if options.strict {
        report.warnings_as_errors();
    }
    let (Some(record), true) = (record, report.valid()) else {
        return Err(Box::new(report));
    };
    let written = with_game!(ruleset, G => {
        write_record::<G>(&t, &record, &replay_options, options)
    });
    match written {
        Ok(record) => Ok(Imported {
            record,
            warnings: report.warnings,
        }),
        Err(finding) => refused(Some(ruleset), *finding),
    }
}

/// The error for a game whose moves no transcript writes.
fn no_transcript_notation(ruleset: Ruleset) -> Finding {
    Finding::new(
        Code::UnknownRuleset,
        format!(
            "{} has no transcript notation: transcripts are in Donkers' notation, for {}",
            ruleset.game_name(),
            Ruleset::ALL
                .into_iter()
                .filter(|r| r.notations().contains(&Notation::Donkers))
                .map(Ruleset::name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
}

/// The record of a transcript that checked valid: its moves played again to write each in
/// canonical notation with its claims.
fn write_record<G: Game>(
    t: &Transcript,
    record: &Record,
    replay_options: &ReplayOptions,
    options: &ImportOptions,
) -> Result<String, Box<Finding>> {
    let (_, _, mut game) = replay::setup_game::<G>(record, replay_options)?;
    let mut lines = Vec::with_capacity(t.plies.len());
    let mut events = Vec::new();
    for ply in &t.plies {
        let before = game.position().clone();
        let played = game
            .play_text_into(&ply.text, &mut events)
            .map_err(|e| Box::new(Finding::new(e.code().into(), e.message.clone()).at(ply.span)))?;
        lines.push((G::format_annotated(&before, played.mv, &events), ply));
    }
    // The rulings the record sets: the transcript's `takasia:` (kept when it is the default too,
    // so that `transcript` writes the line back), then the command line's.
    let mut rulings = RulingSet::new();
    for (name, value) in &record.rulings {
        let _ = rulings.insert(&name.value, &value.value);
    }
    for (name, value) in options.rulings.iter() {
        if G::RULINGS.iter().any(|d| d.name == name) {
            let _ = rulings.insert(name, value);
        }
    }

    let mut doc = String::new();
    let _ = writeln!(
        doc,
        "# Imported by `bao-oracle import` from {}; each move's published spelling beside it.",
        one_line(options.name)
    );
    let _ = writeln!(doc, "ruleset: {}", G::RULESET);
    if let Some(place) = t.header("place") {
        let _ = writeln!(doc, "title: {}", yaml_scalar(&place.value));
    }
    // The transcript's `source:` or the file's name, as the game was replayed
    // ([`transcript::as_record`]): never an empty one, which `check` refuses.
    let source = match options.source {
        Some(source) if !source.trim().is_empty() => source,
        _ => record.source.as_str(),
    };
    let _ = writeln!(doc, "source: {}", yaml_scalar(source));
    for key in ["date", "south", "north"] {
        if let Some(h) = t.header(key) {
            let _ = writeln!(doc, "{key}: {}", yaml_scalar(&h.value));
        }
    }
    if let Some(start) = &record.start {
        let _ = writeln!(doc, "start: {}", yaml_scalar(&start.value));
    }
    if let Some(preset) = &record.preset {
        let _ = writeln!(doc, "preset: {}", yaml_scalar(&preset.value));
    }
    for h in &t.headers {
        let name = h.name();
        let comment = h
            .comment
            .as_ref()
            .map(|c| format!("; {}", one_line(c)))
            .unwrap_or_default();
        if name == "winner" || name == "time" || !KNOWN_KEYS.contains(&name.as_str()) {
            let _ = writeln!(
                doc,
                "# {}: {}{comment}",
                one_line(&h.key),
                one_line(&h.value)
            );
        } else if !comment.is_empty() {
            let _ = writeln!(doc, "# {}{comment}", one_line(&h.key));
        }
    }
    if !rulings.is_empty() {
        doc.push_str("rulings:\n");
        for (name, value) in rulings.iter() {
            let _ = writeln!(doc, "  {name}: {}", yaml_scalar(value));
        }
    }
    let comments_before = |ply: usize, doc: &mut String, indent: &str| {
        for c in t.comments.iter().filter(|c| c.before_ply == ply) {
            let _ = writeln!(doc, "{indent}# {}", one_line(&c.text));
        }
    };
    comments_before(0, &mut doc, "");
    // An empty game (Donkers' template) is an empty list: `moves:` alone would be no list.
    doc.push_str(if lines.is_empty() {
        "moves: []\n"
    } else {
        "moves:\n"
    });
    let entries: Vec<String> = lines
        .iter()
        .map(|(canonical, _)| format!("  - {}", yaml_scalar(canonical)))
        .collect();
    let width = entries.iter().map(String::len).max().unwrap_or(0) + 1;
    for (i, (entry, (_, ply))) in entries.iter().zip(&lines).enumerate() {
        if i > 0 {
            comments_before(i, &mut doc, "  ");
        }
        let mut comment = format!("{}: {}", ply.number, one_line(&ply.written));
        if let Some(note) = &ply.comment {
            let _ = write!(comment, "; {}", one_line(note));
        }
        let _ = writeln!(doc, "{entry:<width$}# {comment}");
    }
    if !lines.is_empty() {
        comments_before(lines.len(), &mut doc, "  ");
    }
    let result = match game.end() {
        Some(end) => end.outcome.name(),
        None => "unfinished",
    };
    let _ = writeln!(doc, "result: {result}");
    Ok(doc)
}

/// What became of one file given to `import` (or found in a folder it was given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileImport {
    /// The file could not be read: why, to follow its name.
    Unread(String),
    /// Game records found in a folder: not `import`'s to read.
    Skipped,
    /// Not imported: the file's text (empty if it was not read as text) and its game's report as
    /// `check` gives it.
    Failed {
        text: String,
        report: Box<GameReport>,
    },
    /// Imported: the file's text and the record.
    Imported { text: String, imported: Imported },
}

/// Imports the file at `path` under `options` (its `name` is the file's own: `stdin` for `-`);
/// `given`: named by the caller, not found in a folder. The one per-file path of `import`; the
/// front ends only write it out.
pub fn import_file(path: &std::path::Path, given: bool, options: &ImportOptions<'_>) -> FileImport {
    use crate::input::{self, Input};
    let unread = |finding: Finding| GameReport::unread(1, None, vec![finding]);
    let text = match input::read(path) {
        Err(e) => return FileImport::Unread(e.to_string()),
        Ok(Input::Transcript(text)) => text,
        // A record beside the transcripts of a folder: not this command's to read.
        Ok(Input::Records(_)) if !given => return FileImport::Skipped,
        Ok(Input::Records(text)) => {
            return FileImport::Failed {
                text: String::new(),
                report: Box::new(unread(not_a_transcript(&text))),
            };
        }
        Ok(Input::Refused(finding)) => {
            return FileImport::Failed {
                text: String::new(),
                report: Box::new(unread(finding)),
            };
        }
    };
    let name = match path.file_name() {
        _ if input::is_stdin(path) => "stdin".to_string(),
        Some(n) => n.to_string_lossy().into_owned(),
        None => input::display(path),
    };
    let options = ImportOptions {
        name: &name,
        ..*options
    };
    match import(&text, &options) {
        Ok(imported) => FileImport::Imported { text, imported },
        Err(report) => FileImport::Failed { text, report },
    }
}

/// A file given to `import` that holds game records, not a transcript.
fn not_a_transcript(text: &str) -> Finding {
    let what = if text.trim().is_empty() {
        "the file is empty: it holds no transcript"
    } else {
        "the file is not a transcript: it has no move line `1: South North;` (a game record, or \
         neither)"
    };
    Finding::new(crate::diagnostics::Code::EmptyFile, what)
        .help("`import` reads transcripts in Donkers' notation; `check` reads game records")
}
