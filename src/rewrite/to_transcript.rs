//! `bao-oracle transcript`: a game record written back as a transcript in Donkers' notation
//! ([`crate::input::transcript`] reads that form), so that a corrected game goes back into the folder it
//! came from.
//!
//! The moves are the record's, played through the one move path and spelt by the game's own
//! Donkers notation ([`Game::format_move_in`]): a move the record writes canonically or with a
//! slip is written as it is played; an empty game is Donkers' template, the move line `1: `. The
//! headers are the record's fields (`south`, `north`, `date`; `title` as `place`; `source`), the
//! game (`game:`, its ruleset id), the preset and rulings it is played under, the record's and the
//! command line's (`game-preset:`; `zanzibar.takasia` as `takasia:`, the others as `game-rulings:
//! NAME=VALUE, ...`), so that the transcript is the same game under the same rules; no `winner:`
//! made from `result:` (a valid record's result is the end its moves reach, which `import` finds
//! again from them, and a made-up `winner:` would come back as a kept line, so that the round
//! trip would not be stable). `source:` may hold `;` (it runs to its line's last `;`); a player,
//! place or date holding one (which ends the other headers' values) has no transcript.
//!
//! Of a record `import` wrote (its first comment says so), the lines it keeps as comments come
//! back where they stood: the transcript's other header lines (`# title: Voogt-4; (pg 135)`,
//! only those `import` keeps as comments: never `opening:`, `takasia:` or a move line), a comment
//! after a header's `;` (`# place; note`), the comment after a move line's `;` (the move's `# 12:
//! 7R*; END IN THE HOUSE`) and the whole-line `%`/`;` comments between the moves. Any other
//! record's comments are its own and are left out.
//!
//! A game from a set-up position (`start:`) or that North begins (`first: north`) gets an
//! `opening:` header, its first position in Donkers' bracket form, as his program writes one; the
//! transcript reader reads it back as the start, each line's first move North's when North is to
//! move. A position that form cannot hold, a game without Donkers' notation and one that does not
//! play have no transcript.

use std::fmt::Write as _;

use crate::check::replay::{ReplayOptions, replay_to};
use crate::diagnostics::{Code, Finding};
use crate::input::record::{Document, Record};
use bao_rules::game::{Game, Notation, PositionForm, Side};
use bao_rules::with_game;

/// The ruling Donkers' files write as `takasia:` ([`crate::input::transcript::as_record`]).
const TAKASIA: &str = "zanzibar.takasia";

/// The lines `import` keeps as YAML comments, read back from a record's text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    /// Header lines the record has no field for (`title`, `winner`, `time`, any other key), as
    /// (key as written, value, comment after its `;`).
    pub headers: Vec<(String, String, Option<String>)>,
    /// The comment after the `;` of a header the record has a field for: (key, comment).
    pub header_comments: Vec<(String, String)>,
    /// The comment after a move line's `;`, by ply (0-based).
    pub move_comments: Vec<(usize, String)>,
    /// Whole-line comments, with the number of plies before them.
    pub comments: Vec<(usize, String)>,
}

/// The comments `import` writes, read back from one record's text: only comments in its forms
/// (a header comment before `moves:`, a move's `# N: written; note`, an indented `# %` line); any
/// other comment is the record's own and is left out.
pub fn kept_comments(text: &str) -> Kept {
    let mut kept = Kept::default();
    let mut in_moves = false;
    let mut plies = 0usize;
    // Only a record `import` wrote (its first comment says so) has comments in its forms: any
    // other record's comments are its own, and never become a transcript's lines.
    let imported = text
        .lines()
        .find(|l| l.starts_with('#'))
        .is_some_and(|l| l.starts_with(IMPORTED));
    if !imported {
        return kept;
    }
    for line in text.lines() {
        let trimmed = line.trim_start();
        if !in_moves {
            if line.starts_with("moves:") {
                in_moves = true;
                continue;
            }
            let Some(comment) = line.strip_prefix("# ") else {
                continue;
            };
            if line.starts_with(IMPORTED) {
                continue;
            }
            if comment.starts_with(['%', ';']) {
                kept.comments.push((0, comment.to_string()));
                continue;
            }
            let (head, note) = match comment.split_once(';') {
                Some((head, note)) => (head, Some(note.trim().to_string())),
                None => (comment, None),
            };
            let key_chars = |k: &str| {
                !k.is_empty()
                    && k.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            };
            match head.split_once(':') {
                // Only the headers `import` keeps as comments: never one that means something
                // (`opening:`, `takasia:`, a move line), which would change the game.
                Some((key, value)) if key_chars(key) && kept_as_comment(key) => {
                    kept.headers.push((
                        key.to_string(),
                        value.trim().to_string(),
                        note.filter(|n| !n.is_empty()),
                    ))
                }
                None if key_chars(head.trim()) => {
                    if let Some(note) = note.filter(|n| !n.is_empty()) {
                        kept.header_comments
                            .push((head.trim().to_ascii_lowercase(), note));
                    }
                }
                _ => {}
            }
            continue;
        }
        if !line.starts_with(' ') && !line.starts_with('-') && !line.is_empty() {
            // The next key: the moves are over.
            in_moves = false;
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix("# ") {
            if comment.starts_with(['%', ';']) {
                kept.comments.push((plies, comment.to_string()));
            }
            continue;
        }
        if trimmed.starts_with("- ") {
            plies += 1;
            // `- "A7<*"  # 12: 7R*; END IN THE HOUSE`: the note after the published move's `;`.
            if let Some((_, comment)) = trimmed.split_once(" # ")
                && let Some((number, rest)) = comment.split_once(": ")
                && number.chars().all(|c| c.is_ascii_digit())
                && let Some((_, note)) = rest.split_once("; ")
            {
                kept.move_comments.push((plies - 1, note.to_string()));
            }
        }
    }
    kept
}

/// The first line of every record `import` writes.
const IMPORTED: &str = "# Imported by `bao-oracle import`";

/// Whether `import` keeps a transcript's header `key:` as a comment (`winner:`, `time:` and keys
/// it does not know), so that it may come back as a header: a key that means something to the
/// transcript reader or to a record never does.
fn kept_as_comment(key: &str) -> bool {
    use crate::input::transcript::{KNOWN_KEYS, Line, line_kind};
    let name = key.to_ascii_lowercase();
    let known = KNOWN_KEYS.contains(&name.as_str()) && name != "winner" && name != "time";
    !known && matches!(line_kind(&format!("{key}:")), Line::Header { .. })
}

/// Why a record file gives no transcript ([`of_file`]).
#[derive(Debug)]
pub enum NoTranscript {
    /// The file holds no game, or several and none chosen, or not the one chosen: what to do,
    /// in words (after the file's name).
    Choice(String),
    /// The game chosen (its document's index) is not a record, or does not play.
    Game(usize, Box<Finding>),
}

/// The transcript of game `game` (from 1; `None`: the file's only game) of the record file
/// `text`: the one way `transcript` turns a file into a transcript, whatever the command line
/// names.
pub fn of_file(
    text: &str,
    game: Option<usize>,
    options: &ReplayOptions,
) -> Result<String, NoTranscript> {
    let docs = crate::input::record::split_documents(text);
    let doc = match (game, docs.len()) {
        (_, 0) => {
            return Err(NoTranscript::Choice(
                "the file holds no game record".to_string(),
            ));
        }
        (None, 1) => docs[0],
        (None, n) => {
            return Err(NoTranscript::Choice(format!(
                "the file holds {n} games and a transcript one: choose it with --game N"
            )));
        }
        (Some(n), len) if n == 0 || n > len => {
            return Err(NoTranscript::Choice(format!(
                "the file holds {len} game(s): --game {n} is none of them"
            )));
        }
        (Some(n), _) => docs[n - 1],
    };
    crate::input::record::parse_document(&doc)
        .and_then(|record| write(&doc, &record, options))
        .map_err(|finding| NoTranscript::Game(doc.index, finding))
}

/// The transcript of one record (`doc`, parsed as `record`), or why it has none.
pub fn write(
    doc: &Document<'_>,
    record: &Record,
    options: &ReplayOptions,
) -> Result<String, Box<Finding>> {
    with_game!(record.ruleset.value, G => write_game::<G>(doc, record, options))
}

fn write_game<G: Game>(
    doc: &Document<'_>,
    record: &Record,
    options: &ReplayOptions,
) -> Result<String, Box<Finding>> {
    if !G::NOTATIONS.contains(&Notation::Donkers) {
        return Err(Box::new(
            Finding::new(
                Code::BadValue,
                format!("{} has no transcript form: transcripts are in Donkers' notation, which it has not", G::NAME),
            )
            .at(record.ruleset.span),
        ));
    }
    let (_, mut game) = replay_to::<G>(record, options, 1)?;
    // The rulings the game is played under as the record and the command line set them (a
    // preset's are the preset's), to be written as the transcript's.
    let (setup, ..) = crate::check::replay::setup_game::<G>(record, options)?;
    let opening = opening::<G>(record, game.position())?;
    let mut spelt = Vec::with_capacity(record.moves.len());
    for (i, mv) in record.moves.iter().enumerate() {
        let before = game.position().clone();
        let played = game.play_text(&mv.value).map_err(|e| {
            Box::new(
                Finding::new(e.code().into(), format!("`{}`: {}", mv.value, e.message))
                    .rule_opt(e.rule)
                    .ply(i as u32 + 1, mv.value.as_str())
                    .at(mv.span),
            )
        })?;
        spelt.push(G::format_move_in(
            Notation::Donkers,
            &before,
            game.rulings(),
            played.mv,
        ));
    }

    let kept = kept_comments(doc.text);
    let mut out = String::new();
    // A value ends at its `;`: one that holds a `;` cannot be a header's.
    for (key, value) in [
        ("south", &record.south),
        ("north", &record.north),
        ("title", &record.title),
        ("date", &record.date),
    ] {
        if let Some(value) = value
            && value.contains(';')
        {
            return Err(Box::new(
                Finding::new(
                    Code::BadValue,
                    format!(
                        "`{key}: {value}` holds a `;`, which ends a transcript header's value: \
                         it cannot be written as one"
                    ),
                )
                .help(
                    "write it without the `;` (a `,` reads the same), or keep the game as a record",
                ),
            ));
        }
    }
    let mut header = |key: &str, value: &str, note: Option<&str>| {
        let _ = write!(out, "{key}: {};", one_line(value));
        if let Some(note) = note {
            let _ = write!(out, " {}", one_line(note));
        }
        out.push('\n');
    };
    let note_of = |key: &str| {
        kept.header_comments
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, n)| n.as_str())
    };
    let is = |k: &str, name: &str| k.eq_ignore_ascii_case(name);
    // The transcript's own order: its title, the players, place and date, then the rest.
    for (key, value, note) in kept.headers.iter().filter(|(k, ..)| is(k, "title")) {
        header(key, value, note.as_deref());
    }
    for (key, value) in [
        ("south", &record.south),
        ("north", &record.north),
        ("place", &record.title),
        ("date", &record.date),
    ] {
        if let Some(value) = value {
            header(key, value, note_of(key));
        }
    }
    for (key, value, note) in kept.headers.iter().filter(|(k, ..)| !is(k, "title")) {
        header(key, value, note.as_deref());
    }
    // The game, its preset and its rulings: `takasia:` as Donkers' files write it (an imported
    // `takasia:` line is the ruling), the others as `game-rulings:`.
    header("game", G::RULESET, note_of("game"));
    if let Some(preset) = &setup.preset {
        header("game-preset", preset, note_of("game-preset"));
    }
    let mut others = Vec::new();
    for (name, value) in setup.rulings.iter() {
        if name == TAKASIA {
            header("takasia", value, note_of("takasia"));
        } else {
            others.push(format!("{name}={value}"));
        }
    }
    if !others.is_empty() {
        header("game-rulings", &others.join(", "), note_of("game-rulings"));
    }
    // `source:` runs to its line's last `;`: no note follows it.
    header("source", &record.source, None);
    if let Some(opening) = &opening {
        header("opening", opening, None);
    }

    let comments_at = |ply: usize, out: &mut String| {
        for (_, text) in kept.comments.iter().filter(|(at, _)| *at == ply) {
            let _ = writeln!(out, "{}", one_line(text));
        }
    };
    comments_at(0, &mut out);
    for (line, pair) in spelt.chunks(2).enumerate() {
        let first = line * 2;
        if first > 0 {
            comments_at(first, &mut out);
        }
        let _ = write!(out, "{}: {}", line + 1, pair[0]);
        if let Some(north) = pair.get(1) {
            // A comment between South's and North's move has no place on a transcript line: it
            // goes after the line.
            let _ = write!(out, " {north}");
        }
        out.push(';');
        let last = first + pair.len() - 1;
        let notes: Vec<&str> = kept
            .move_comments
            .iter()
            .filter(|(ply, _)| (first..=last).contains(ply))
            .map(|(_, n)| n.as_str())
            .collect();
        if !notes.is_empty() {
            let _ = write!(out, " {}", one_line(&notes.join(" ")));
        }
        out.push('\n');
        if pair.len() == 2 {
            comments_at(first + 1, &mut out);
        }
    }
    if spelt.is_empty() {
        // An empty game: Donkers' template, the move line that holds no move.
        out.push_str("1: \n");
    } else {
        comments_at(spelt.len(), &mut out);
    }
    Ok(out)
}

/// The `opening:` of a game that does not begin at the standard start with South to move (a
/// `start:`, or `first: north`): its first position in Donkers' bracket form, which the
/// transcript reader reads back, North's move first on each line when North is to move. A
/// position the bracket form cannot hold (a reserver's obligation due) is a `bad-position` error
/// at the record's `start:`.
fn opening<G: Game>(record: &Record, start: &G::Position) -> Result<Option<String>, Box<Finding>> {
    let north_first = record
        .first
        .as_ref()
        .is_some_and(|f| f.value != Side::South);
    if record.start.is_none() && !north_first {
        return Ok(None);
    }
    G::format_position(PositionForm::Donkers, start)
        .map(Some)
        .map_err(|e| {
            let span = record
                .start
                .as_ref()
                .map(|s| s.span)
                .or(record.first.as_ref().map(|f| f.span));
            let finding = Finding::new(
                Code::BadPosition,
                format!(
                    "the game's first position has no transcript `opening:`: {}",
                    e.message
                ),
            )
            .rule_opt(e.rule)
            .help(
                "Donkers' program holds no such position: begin the transcript before the \
                 reservation, or keep the game as a record",
            );
            Box::new(match span {
                Some(span) => finding.at(span),
                None => finding,
            })
        })
}

/// A value on one transcript line: no line breaks, no control characters.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
