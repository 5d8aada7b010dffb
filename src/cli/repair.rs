//! `bao-oracle repair FILE`: the record file with the best complete repair of each game applied,
//! on standard output (never over the file). Only the edited moves change, by their spans in the
//! file; each changed ply gets a YAML comment saying what was written, and a game left as it was
//! gets a comment saying why. Exit 0 only if every game of the output passes `check`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;

use super::output::{Output, eprint_line};
use super::{Status, UsageError};
use bao_oracle::check::check_text;
use bao_oracle::diagnostics::{Code, Span};
use bao_oracle::record::{self, Record, Source};
use bao_oracle::repair::{DEFAULT_WINDOW, Edit, Suggestion};
use bao_oracle::replay::{self, ReplayOptions, check_preset_exists, check_rulings_exist};
use bao_oracle::rulings::RulingSet;

#[derive(Args, Debug)]
pub struct RepairArgs {
    /// The record file (one or more games).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Look for the slip at the failing ply and up to K plies before it.
    #[arg(long = "repair-window", value_name = "K", default_value_t = DEFAULT_WINDOW)]
    pub repair_window: u32,
    /// A non-default ruling for the records of its game, NAME=VALUE (repeatable), as `check`.
    #[arg(long = "ruling", value_name = "NAME=VALUE")]
    pub rulings: Vec<String>,
    /// A preset for the records of its game, as `check`.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
}

fn options(args: &RepairArgs) -> Result<ReplayOptions, UsageError> {
    let rulings = RulingSet::from_assignments(args.rulings.iter().map(String::as_str))
        .and_then(|set| check_rulings_exist(&set).map(|()| set))
        .map_err(|e| UsageError::new(Code::UnknownRuling, e.message))?;
    if let Some(preset) = &args.preset {
        check_preset_exists(preset).map_err(|e| UsageError::new(Code::UnknownRuling, e.message))?;
    }
    Ok(ReplayOptions {
        rulings,
        preset: args.preset.clone(),
        repair_window: args.repair_window,
        ..ReplayOptions::default()
    })
}

pub fn run(args: RepairArgs) -> Status {
    let options = match options(&args) {
        Ok(o) => o,
        Err(e) => return e.report(),
    };
    let shown = args.file.display().to_string();
    let text = match record::read_source(&args.file) {
        Ok(Source::Text(text)) => text,
        Ok(Source::Refused(finding)) => {
            return UsageError::new(finding.code, format!("{shown}: {}", finding.message)).report();
        }
        Err(e) => return UsageError::new(Code::IoError, format!("{shown}: {e}")).report(),
    };
    if bao_oracle::transcript::looks_like(&text) {
        return transcript(&shown, &text, &options);
    }
    let documents = record::split_documents(&text);
    if documents.is_empty() {
        eprint_line(format_args!("{shown}: the file holds no game record"));
        return Status::Failed;
    }
    let mut edits = Edits::default();
    let (mut repaired, mut left) = (0, 0);
    for doc in &documents {
        let why_not = match record::parse_document(doc) {
            Err(finding) => Some(format!(
                "the record cannot be read ({}: {})",
                finding.code, finding.message
            )),
            Ok(record) => {
                let replayed = replay::replay(&record, &options);
                if replayed.findings.is_empty() {
                    None
                } else if let Some((s, spelled)) =
                    replayed.repair.as_ref().and_then(|r| r.best_complete())
                {
                    edits.apply(&text, &record, s, spelled);
                    repaired += 1;
                    None
                } else {
                    Some(match &replayed.repair {
                        Some(r) if r.exhausted => format!(
                            "no complete repair found before the search ran out of its budget \
                             (ply {}, {} moves tried)",
                            r.ply, r.nodes
                        ),
                        Some(r) => format!(
                            "no edit at ply {} or up to {} plies before it makes the whole \
                             record replay",
                            r.ply, r.window
                        ),
                        None => {
                            let codes: Vec<&str> =
                                replayed.findings.iter().map(|f| f.code.as_str()).collect();
                            format!("its errors are not a move's ({})", codes.join(", "))
                        }
                    })
                }
            }
        };
        if let Some(why) = why_not {
            left += 1;
            // One comment line, whatever the message holds.
            let why: String = why
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect();
            let line = format!("# repair: game {} left as written: {why}", doc.index);
            // After the document's `---` line, if it has one.
            let at = if doc.text.starts_with("---") {
                doc.offset + doc.text.find('\n').map_or(doc.text.len(), |i| i + 1)
            } else {
                doc.offset
            };
            let newline = if text[..at].ends_with("\r\n") {
                "\r\n"
            } else {
                "\n"
            };
            edits.insert(at, format!("{line}{newline}"));
        }
    }
    let output = edits.into_text(&text);
    // The round trip: the output is checked as `check` would.
    let checked = check_text(
        &output,
        &ReplayOptions {
            repair_window: 0,
            ..options.clone()
        },
    );
    let invalid = checked.iter().filter(|g| !g.valid()).count();
    let mut out = Output::stdout();
    out.text(&output);
    eprint_line(format_args!(
        "{shown}: {repaired} game(s) repaired, {left} left as written; {} of {} game(s) valid \
         after the repair",
        checked.len() - invalid,
        checked.len()
    ));
    out.finish(if invalid == 0 {
        Status::Ok
    } else {
        Status::Failed
    })
}

/// Edits of a file's text: replacements of byte ranges, and comments at line ends.
#[derive(Default)]
struct Edits {
    /// (offset, length, replacement); the ranges do not overlap.
    replaced: Vec<(usize, usize, String)>,
    /// Notes per line end (the offset of the line's end), joined into one comment.
    notes: BTreeMap<usize, Vec<String>>,
}

impl Edits {
    fn insert(&mut self, at: usize, text: String) {
        self.replaced.push((at, 0, text));
    }

    fn note(&mut self, text: &str, span: Span, note: String) {
        self.notes
            .entry(line_end(text, span.end()))
            .or_default()
            .push(note);
    }

    /// The edit of `s` in `record`, a game of `text`; `spelled` its new moves as the record's
    /// notation writes them.
    fn apply(&mut self, text: &str, record: &Record, s: &Suggestion, spelled: &[String]) {
        let i = s.ply as usize - 1;
        if i == record.moves.len() {
            // A ply added after the last (the `result:` claim failed; the record has moves).
            self.append(text, record, s, spelled);
            return;
        }
        let span = record.moves[i].span;
        let written = &text[span.offset..span.end()];
        match s.edit {
            Edit::Replace => {
                self.replaced
                    .push((span.offset, span.len, quoted_like(written, &spelled[0])));
                self.note(text, span, format!("ply {}: written {}", s.ply, s.was[0]));
            }
            Edit::Swap => {
                let next = record.moves[i + 1].span;
                let next_written = &text[next.offset..next.end()];
                self.replaced
                    .push((span.offset, span.len, next_written.to_string()));
                self.replaced
                    .push((next.offset, next.len, written.to_string()));
                let note = format!(
                    "plies {} and {} swapped: written {}, {}",
                    s.ply,
                    s.ply + 1,
                    s.was[0],
                    s.was[1]
                );
                if line_end(text, span.end()) != line_end(text, next.end()) {
                    self.note(text, next, note.clone());
                }
                self.note(text, span, note);
            }
            Edit::Insert => {
                let new = quoted_like(written, &spelled[0]);
                let note = format!("ply {}: not written", s.ply);
                match block_item(text, span) {
                    Some(line_start) => {
                        let prefix = &text[line_start..span.offset];
                        let newline = newline_at(text, span);
                        self.insert(
                            line_start,
                            format!("{prefix}{new}  # repair: {note}{newline}"),
                        );
                    }
                    None => {
                        self.insert(span.offset, format!("{new}, "));
                        self.note(text, span, note);
                    }
                }
            }
            Edit::Delete => {
                let note = format!("ply {} deleted: written {}", s.ply, s.was[0]);
                match block_item(text, span) {
                    Some(line_start) => {
                        // The item's line becomes the comment.
                        let end = line_end(text, span.end());
                        let line = &text[line_start..end];
                        let indent = &line[..line.len() - line.trim_start().len()];
                        // A comment of the item's own is kept, in the note.
                        let item = line.trim();
                        let note = if has_comment(item) {
                            format!("{note} (the line was `{item}`)")
                        } else {
                            note
                        };
                        self.replaced.push((
                            line_start,
                            end - line_start,
                            format!("{indent}# repair: {note}"),
                        ));
                    }
                    None => {
                        let (from, to) = flow_item_with_separator(text, span);
                        self.replaced.push((from, to - from, String::new()));
                        self.note(text, span, note);
                    }
                }
            }
        }
    }

    /// The insert of `s` after the record's last move, in the style of that move.
    fn append(&mut self, text: &str, record: &Record, s: &Suggestion, spelled: &[String]) {
        let Some(last) = record.moves.last() else {
            return;
        };
        let span = last.span;
        let new = quoted_like(&text[span.offset..span.end()], &spelled[0]);
        let note = format!("ply {}: not written", s.ply);
        match block_item(text, span) {
            Some(line_start) => {
                let prefix = &text[line_start..span.offset];
                let newline = newline_at(text, span);
                let end = line_end(text, span.end());
                let item = format!("{prefix}{new}  # repair: {note}");
                if text[end..].starts_with(newline) {
                    self.insert(end + newline.len(), format!("{item}{newline}"));
                } else {
                    self.insert(end, format!("{newline}{item}"));
                }
            }
            None => {
                self.insert(span.end(), format!(", {new}"));
                self.note(text, span, note);
            }
        }
    }

    fn into_text(mut self, text: &str) -> String {
        for (end, notes) in std::mem::take(&mut self.notes) {
            let line = &text[line_start(text, end)..end];
            let comment = if has_comment(line) {
                format!("; repair: {}", notes.join("; "))
            } else {
                format!("  # repair: {}", notes.join("; "))
            };
            self.replaced.push((end, 0, comment));
        }
        // From the end, so that earlier offsets hold; at one offset, insertions after the
        // replacement that ends there.
        self.replaced
            .sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let mut out = text.to_string();
        for (offset, len, new) in self.replaced {
            out.replace_range(offset..offset + len, &new);
        }
        out
    }
}

/// The offset where the line holding `at` ends (before `\r\n` or `\n`), or the text's end.
fn line_end(text: &str, at: usize) -> usize {
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    if end > 0 && text[..end].ends_with('\r') {
        end - 1
    } else {
        end
    }
}

fn line_start(text: &str, at: usize) -> usize {
    text[..at].rfind('\n').map_or(0, |i| i + 1)
}

fn newline_at(text: &str, span: Span) -> &'static str {
    if text[span.end()..].contains("\r\n") && text[line_end(text, span.end())..].starts_with("\r\n")
    {
        "\r\n"
    } else {
        "\n"
    }
}

/// Whether a line holds a YAML comment: a `#` after a blank (a move text never holds one).
fn has_comment(line: &str) -> bool {
    line.starts_with('#') || line.contains(" #") || line.contains("\t#")
}

/// If the move at `span` is an item of a block sequence (`- A3`) alone on its line, the start of
/// that line.
fn block_item(text: &str, span: Span) -> Option<usize> {
    let start = line_start(text, span.offset);
    let prefix = text[start..span.offset].trim_start();
    (prefix.starts_with('-') && prefix[1..].trim().is_empty() && prefix.len() > 1).then_some(start)
}

/// The bytes to remove for a flow sequence item: the item and the comma after it (with the
/// blanks after that), or for the last item the comma before it.
fn flow_item_with_separator(text: &str, span: Span) -> (usize, usize) {
    let after = &text[span.end()..];
    let blanks = after.len() - after.trim_start_matches([' ', '\t']).len();
    if after[blanks..].starts_with(',') {
        let rest = &after[blanks + 1..];
        let more = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        return (span.offset, span.end() + blanks + 1 + more);
    }
    let before = text[..span.offset].trim_end();
    if before.ends_with(',') {
        return (before.len() - 1, span.end());
    }
    (span.offset, span.end())
}

/// `new` quoted as `written` is (`"A4>"`), or in double quotes where YAML needs them.
fn quoted_like(written: &str, new: &str) -> String {
    let needs = new.starts_with(['*', '&', '!', '|', '>', '%', '@', '`', '-', '?', '#'])
        || new.contains(": ")
        || new.contains(" #");
    match written.chars().next() {
        Some('\'') => format!("'{new}'"),
        Some('"') => format!("\"{new}\""),
        _ if needs => format!("\"{new}\""),
        _ => new.to_string(),
    }
}

/// A published transcript: the repaired transcript, its changed plies marked by `%` lines
/// ([`bao_oracle::transcript_repair`]).
fn transcript(shown: &str, text: &str, options: &ReplayOptions) -> Status {
    use bao_oracle::transcript_repair::{Repaired, repair};
    match repair(text, options) {
        Repaired::Valid => {
            eprint_line(format_args!("{shown}: the transcript plays as written"));
            let mut out = Output::stdout();
            out.text(text);
            out.finish(Status::Ok)
        }
        Repaired::Text(repaired) => {
            eprint_line(format_args!(
                "{shown}: repaired; the repaired transcript checks valid"
            ));
            let mut out = Output::stdout();
            out.text(&repaired);
            out.finish(Status::Ok)
        }
        Repaired::Left(why) => {
            eprint_line(format_args!("{shown}: left as written: {why}"));
            Status::Failed
        }
    }
}
