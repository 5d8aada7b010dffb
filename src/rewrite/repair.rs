//! A record file's text with the best complete repair of each game applied where the record bears
//! it out ([`Verdict`]): what `bao-oracle repair` prints. Only the edited moves change, by their spans in the file; each changed ply gets
//! a one-line YAML comment saying what was written, and a game left as it was gets one saying
//! why. Before the text is handed out it is read again and proved: the same games, the same
//! fields with the same values, the same moves except the plies it marks, each changed as the
//! suggestion says ([`repair_text`] refuses it otherwise).
//!
//! A move is a YAML node: its span is the scalar, and properties may stand before it (a tag,
//! `!!str a6>`, or an anchor, `&m A2`). An edit that moves or deletes a node takes its
//! properties along; a node that is an alias (`*m`) is written out where it changes; a ply
//! anchored for an alias elsewhere in the game is never edited (the alias would change with it).

use std::collections::BTreeMap;

use crate::check::repair::{Edit, Repair, Suggestion, Verdict};
use crate::check::replay::{self, ReplayOptions, Replayed};
use crate::diagnostics::{Finding, MoveNumber, Span};
use crate::input::record::{self, Document, Record};
use bao_rules::game::Side;

/// One game of a record file: its document, and the record read from it and replayed (or why it
/// cannot be read).
pub struct ReadGame<'a> {
    pub doc: Document<'a>,
    pub read: Result<(Record, Replayed), Box<Finding>>,
}

/// Reads and replays every game of a record file's text (as `check` does, with the repair
/// search of `options`).
pub fn read_games<'a>(text: &'a str, options: &ReplayOptions) -> Vec<ReadGame<'a>> {
    record::split_documents(text)
        .into_iter()
        .map(|doc| ReadGame {
            doc,
            read: record::parse_document(&doc).map(|record| {
                let replayed = replay::replay(&record, options);
                (record, replayed)
            }),
        })
        .collect()
}

/// The repaired text of a record file and what was done to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repaired {
    pub text: String,
    /// Games edited.
    pub repaired: usize,
    /// Games left as written (each with a comment saying why), the ambiguous among them.
    pub left: usize,
    /// Games left as written because their best repairs tie ([`Verdict::Ambiguous`]).
    pub ambiguous: usize,
}

/// Why a game whose `n` best repairs tie is left as written: `ambiguous: 5 candidates where
/// move 12, south (ply 23) stopped, which nothing after the edit tells apart: 3R*, 2L*, 2R*, 6L*,
/// 6R*`.
pub fn ambiguous_words(repair: &Repair, n: usize, first: Option<Side>) -> String {
    let candidates: Vec<String> = repair
        .suggestions
        .iter()
        .zip(&repair.spelled)
        .take(n)
        .map(|(s, spelled)| candidate_words(repair, s, spelled, first))
        .collect();
    format!(
        "ambiguous: {n} candidates where {} stopped, which nothing after the edit tells apart: {}",
        MoveNumber::words(repair.ply, first),
        candidates.join(", ")
    )
}

/// One candidate edit in a few words: `3R*` (at the failing ply), `add A7< as …` (after the last), `3R* at move 11, north (ply
/// 22)`, `delete A5 at …`, `insert A7< before …`, `swap a3 A4 at …`.
fn candidate_words(
    repair: &Repair,
    s: &Suggestion,
    spelled: &[String],
    first: Option<Side>,
) -> String {
    let at = MoveNumber::words(s.ply, first);
    let new = spelled
        .first()
        .or(s.moves.first())
        .cloned()
        .unwrap_or_default();
    match s.edit {
        Edit::Replace if s.ply == repair.ply => new,
        Edit::Insert if repair.at_result && s.ply == repair.ply => format!("add {new} as {at}"),
        Edit::Replace => format!("{new} at {at}"),
        Edit::Insert => format!("insert {new} before {at}"),
        Edit::Delete => format!("delete {} at {at}", s.was[0]),
        Edit::Swap => format!("swap {} {} at {at}", s.was[0], s.was[1]),
    }
}

/// What the proof of the output expects of one game.
enum Expect {
    /// The record as read, with these move values.
    Moves(Vec<String>),
    /// An unreadable document, kept byte for byte after the comment inserted at this offset of
    /// the document.
    Unread { at: usize, line: String },
}

/// `text`, whose games are `games` (from [`read_games`]), with the best complete repair of each
/// game applied. `Err` says why the output is refused: read again, it is not the input with
/// only the plies it marks changed (a bug of the writer, or a construct of YAML it does not
/// edit correctly); nothing of it should be printed.
pub fn repair_text(text: &str, games: &[ReadGame<'_>]) -> Result<Repaired, String> {
    let mut edits = Edits::default();
    let mut expected = Vec::with_capacity(games.len());
    let (mut repaired, mut left, mut ambiguous) = (0, 0, 0);
    for game in games {
        let doc = &game.doc;
        let why_not = match &game.read {
            Err(finding) => Some(format!(
                "the record cannot be read ({}: {})",
                finding.code, finding.message
            )),
            Ok((record, replayed)) => {
                let moves = || record.moves.iter().map(|m| m.value.to_string()).collect();
                if replayed.findings.is_empty() {
                    expected.push(Expect::Moves(moves()));
                    None
                } else if let Some(n) = replayed.repair.as_ref().map(|r| r.ambiguous())
                    && n > 0
                {
                    expected.push(Expect::Moves(moves()));
                    ambiguous += 1;
                    let repair = replayed.repair.as_ref().expect("a repair");
                    Some(ambiguous_words(repair, n, replayed.first))
                } else if let Some(Verdict::BorneOut(s, spelled)) =
                    replayed.repair.as_ref().map(|r| r.verdict())
                {
                    let first = replayed.first;
                    let result = edits
                        .apply(text, doc, record, first, s, spelled)
                        .or_else(|why| {
                            // A ply written twice, once as an anchor and once as its alias: the
                            // alias is the copy to delete.
                            match twin(record, s) {
                                Some(other) => {
                                    edits.apply(text, doc, record, first, &other, spelled)
                                }
                                None => Err(why),
                            }
                        });
                    match result {
                        Ok(()) => {
                            expected.push(Expect::Moves(edited(record, s, spelled)));
                            repaired += 1;
                            None
                        }
                        Err(why) => {
                            expected.push(Expect::Moves(moves()));
                            Some(why)
                        }
                    }
                } else {
                    expected.push(Expect::Moves(moves()));
                    Some(match &replayed.repair {
                        Some(r) if r.exhausted => format!(
                            "no complete repair found before the search ran out of its budget \
                             ({}, {} moves tried)",
                            MoveNumber::words(r.ply, replayed.first),
                            r.nodes
                        ),
                        Some(r) => format!(
                            "no edit at {} or up to {} plies before it makes the whole \
                             record replay",
                            MoveNumber::words(r.ply, replayed.first),
                            r.window
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
            let line = format!(
                "# repair: game {} left as written: {}",
                doc.index,
                one_line(&why)
            );
            // After the document's `---` line, if it has one.
            let at = if doc.text.starts_with("---") {
                doc.text.find('\n').map_or(doc.text.len(), |i| i + 1)
            } else {
                0
            };
            // The line end of the line the comment goes before.
            let rest = &doc.text[at..];
            let newline = if rest.find('\n').is_some_and(|i| rest[..i].ends_with('\r')) {
                "\r\n"
            } else {
                "\n"
            };
            let line = format!("{line}{newline}");
            edits.insert(doc.offset + at, line.clone());
            if game.read.is_err() {
                expected.push(Expect::Unread { at, line });
            }
        }
    }
    let output = edits.into_text(text);
    prove(&output, games, &expected)?;
    Ok(Repaired {
        text: output,
        repaired,
        left,
        ambiguous,
    })
}

/// For the deletion of a ply written twice, the deletion of the other copy (the same moves
/// after it).
fn twin(record: &Record, s: &Suggestion) -> Option<Suggestion> {
    let i = s.ply as usize - 1;
    if s.edit != Edit::Delete {
        return None;
    }
    let value = &record.moves.get(i)?.value;
    [i.checked_sub(1), Some(i + 1)]
        .into_iter()
        .flatten()
        .find(|&j| record.moves.get(j).is_some_and(|m| &m.value == value))
        .map(|j| Suggestion {
            ply: j as u32 + 1,
            ..s.clone()
        })
}

/// The move values of `record` after `s` (spelled `spelled`).
fn edited(record: &Record, s: &Suggestion, spelled: &[String]) -> Vec<String> {
    let mut moves: Vec<String> = record.moves.iter().map(|m| m.value.to_string()).collect();
    let i = s.ply as usize - 1;
    match s.edit {
        Edit::Replace => moves[i] = spelled[0].clone(),
        Edit::Insert => moves.insert(i, spelled[0].clone()),
        Edit::Delete => {
            moves.remove(i);
        }
        Edit::Swap => moves.swap(i, i + 1),
    }
    moves
}

/// Reads `output` again and holds it to what each game should be: the same number of games,
/// each with the fields of the input and the moves expected.
fn prove(output: &str, games: &[ReadGame<'_>], expected: &[Expect]) -> Result<(), String> {
    let documents = record::split_documents(output);
    if documents.len() != games.len() {
        return Err(format!(
            "the output holds {} game(s), the input {}",
            documents.len(),
            games.len()
        ));
    }
    for ((game, expect), doc) in games.iter().zip(expected).zip(&documents) {
        let index = game.doc.index;
        match (&game.read, expect) {
            (Err(_), Expect::Unread { at, line }) => {
                let before = game.doc.text;
                let same = doc.text.len() == before.len() + line.len()
                    && doc.text.get(..*at) == before.get(..*at)
                    && doc.text.get(*at..at + line.len()) == Some(line.as_str())
                    && doc.text.get(at + line.len()..) == before.get(*at..);
                if !same {
                    return Err(format!(
                        "game {index}, which cannot be read, would not be left as written"
                    ));
                }
            }
            (Ok((record, _)), Expect::Moves(moves)) => {
                let again = record::parse_document(doc).map_err(|e| {
                    format!(
                        "game {index} would no longer be a record ({}: {})",
                        e.code,
                        one_line(&e.message)
                    )
                })?;
                if let Some(field) = differing_field(record, &again) {
                    return Err(format!("game {index} would change its `{field}`"));
                }
                let written: Vec<&str> = again.moves.iter().map(|m| m.value.as_str()).collect();
                if written.len() != moves.len() {
                    return Err(format!(
                        "game {index} would have {} move(s), not the {} the repair leaves",
                        written.len(),
                        moves.len()
                    ));
                }
                if let Some(i) = written.iter().zip(moves).position(|(a, b)| a != b) {
                    return Err(format!(
                        "game {index}, ply {} would be `{}`, not `{}`",
                        i + 1,
                        one_line(written[i]),
                        one_line(&moves[i])
                    ));
                }
            }
            _ => unreachable!("each game expects what its reading gave"),
        }
    }
    Ok(())
}

/// The first field other than `moves` whose value differs between two records.
fn differing_field(a: &Record, b: &Record) -> Option<&'static str> {
    let value = |f: &Option<record::Field<String>>| f.as_ref().map(|f| f.value.clone());
    let rulings = |r: &Record| -> Vec<(String, String)> {
        r.rulings
            .iter()
            .map(|(k, v)| (k.value.clone(), v.value.clone()))
            .collect()
    };
    [
        ("ruleset", a.ruleset.value == b.ruleset.value),
        ("title", a.title == b.title),
        ("source", a.source == b.source),
        ("date", a.date == b.date),
        ("south", a.south == b.south),
        ("north", a.north == b.north),
        (
            "first",
            a.first.as_ref().map(|f| f.value) == b.first.as_ref().map(|f| f.value),
        ),
        ("start", value(&a.start) == value(&b.start)),
        ("preset", value(&a.preset) == value(&b.preset)),
        ("rulings", rulings(a) == rulings(b)),
        (
            "notation",
            a.notation.as_ref().map(|f| f.value) == b.notation.as_ref().map(|f| f.value),
        ),
        (
            "result",
            a.result.as_ref().map(|f| f.value) == b.result.as_ref().map(|f| f.value),
        ),
    ]
    .into_iter()
    .find(|(_, same)| !same)
    .map(|(field, _)| field)
}

/// `text` on one line, fit for a YAML comment and a terminal.
pub use crate::rewrite::random_game::yaml_comment as one_line;

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

    /// The edit of `s` in `record`, the game of document `doc` of `text`; `spelled` its new
    /// moves as the record's notation writes them. `Err` says why the edit is not made.
    fn apply(
        &mut self,
        text: &str,
        doc: &Document<'_>,
        record: &Record,
        first: Option<Side>,
        s: &Suggestion,
        spelled: &[String],
    ) -> Result<(), String> {
        let i = s.ply as usize - 1;
        let at = MoveNumber::words(s.ply, first);
        // The plies whose nodes the edit touches: an insertion goes before its ply's node.
        let touched = match s.edit {
            Edit::Replace | Edit::Delete => i..i + 1,
            Edit::Swap => i..i + 2,
            Edit::Insert if i == record.moves.len() => i.saturating_sub(1)..i,
            Edit::Insert => i..i + 1,
        };
        for ply in touched.clone() {
            if is_block_scalar(text, record.moves[ply].span) {
                return Err(format!(
                    "the repair edits ply {} or next to it, written as a YAML block scalar \
                     (`|` or `>`); repair edits only moves written on their line",
                    ply + 1
                ));
            }
        }
        if i == record.moves.len() {
            // A ply added after the last (the `result:` claim failed; the record has moves).
            return self.append(text, record, &at, spelled);
        }
        let span = record.moves[i].span;
        for ply in touched.filter(|_| s.edit != Edit::Insert) {
            if let Some(anchor) = aliased_anchor(text, doc, record.moves[ply].span) {
                return Err(format!(
                    "the repair edits ply {}, whose move is the YAML anchor `&{anchor}` that an \
                     alias `*{anchor}` repeats; repair does not edit a move other plies repeat \
                     (write the alias out to repair it)",
                    ply + 1
                ));
            }
        }
        let node = node_span(text, span);
        let written = &text[span.offset..span.end()];
        match s.edit {
            Edit::Replace => {
                // The scalar only: a tag stays with it (an alias is written out).
                self.replaced
                    .push((span.offset, span.len, quoted_like(written, &spelled[0])));
                self.note(text, span, format!("{at}: written {}", s.was[0]));
            }
            Edit::Swap => {
                let next = node_span(text, record.moves[i + 1].span);
                let node_text = &text[node.offset..node.end()];
                let next_text = &text[next.offset..next.end()];
                self.replaced
                    .push((node.offset, node.len, next_text.to_string()));
                self.replaced
                    .push((next.offset, next.len, node_text.to_string()));
                let note = format!(
                    "{at} and the ply after it swapped: written {}, {}",
                    s.was[0], s.was[1]
                );
                if line_end(text, span.end()) != line_end(text, next.end()) {
                    self.note(text, next, note.clone());
                }
                self.note(text, span, note);
            }
            Edit::Insert => {
                let new = quoted_like(written, &spelled[0]);
                let note = format!("{at}: not written");
                match block_item(text, node) {
                    Some(line_start) => {
                        let prefix = &text[line_start..node.offset];
                        let newline = newline_at(text, span);
                        self.insert(
                            line_start,
                            format!("{prefix}{new}  # repair: {}{newline}", one_line(&note)),
                        );
                    }
                    None => {
                        self.insert(node.offset, format!("{new}, "));
                        self.note(text, span, note);
                    }
                }
            }
            Edit::Delete => {
                let note = format!("{at} deleted: written {}", s.was[0]);
                match block_item(text, node) {
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
                            format!("{indent}# repair: {}", one_line(&note)),
                        ));
                    }
                    None => {
                        let (from, to) = flow_item_with_separator(text, node);
                        self.replaced.push((from, to - from, String::new()));
                        self.note(text, span, note);
                    }
                }
            }
        }
        Ok(())
    }

    /// The insert of `s` after the record's last move, in the style of that move.
    fn append(
        &mut self,
        text: &str,
        record: &Record,
        at: &str,
        spelled: &[String],
    ) -> Result<(), String> {
        let Some(last) = record.moves.last() else {
            return Err(
                "the repair adds a first move, and the record writes none to follow \
                        (`moves: []`)"
                    .to_string(),
            );
        };
        let span = last.span;
        let node = node_span(text, span);
        let new = quoted_like(&text[span.offset..span.end()], &spelled[0]);
        let note = format!("{at}: not written");
        match block_item(text, node) {
            Some(line_start) => {
                let prefix = &text[line_start..node.offset];
                let newline = newline_at(text, span);
                let end = line_end(text, span.end());
                let item = format!("{prefix}{new}  # repair: {}", one_line(&note));
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
        Ok(())
    }

    /// The text with every edit made: one pass over it, in the order of the offsets (at one
    /// offset, in the order the edits were made, insertions before a replacement).
    fn into_text(mut self, text: &str) -> String {
        for (end, notes) in std::mem::take(&mut self.notes) {
            let line = &text[line_start(text, end)..end];
            let notes = one_line(&notes.join("; "));
            let comment = if has_comment(line) {
                format!("; repair: {notes}")
            } else {
                format!("  # repair: {notes}")
            };
            self.replaced.push((end, 0, comment));
        }
        self.replaced.sort_by_key(|&(offset, len, _)| (offset, len));
        let added: usize = self.replaced.iter().map(|(_, _, new)| new.len()).sum();
        let mut out = String::with_capacity(text.len() + added);
        let mut at = 0;
        for (offset, len, new) in &self.replaced {
            out.push_str(&text[at..*offset]);
            out.push_str(new);
            at = offset + len;
        }
        out.push_str(&text[at..]);
        out
    }
}

/// The span of the node whose scalar is at `span`: with the properties before it (`!!str`,
/// `&m`, in either order), if any.
fn node_span(text: &str, span: Span) -> Span {
    let mut start = span.offset;
    loop {
        let before = text[..start].trim_end_matches([' ', '\t']);
        if before.len() == start {
            break; // no blank between: not a property of this node
        }
        let token_start = before
            .rfind(|c: char| c.is_whitespace() || ",[]{}".contains(c))
            .map_or(0, |i| {
                i + before[i..].chars().next().map_or(1, char::len_utf8)
            });
        let token = &before[token_start..];
        if token.len() > 1 && token.starts_with(['!', '&']) {
            start = token_start;
        } else {
            break;
        }
    }
    Span::new(start, span.end() - start)
}

/// Whether the scalar at `span` is the content of a block scalar (`- >-` and the move on the
/// next line).
fn is_block_scalar(text: &str, span: Span) -> bool {
    let before = text[..span.offset].trim_end_matches([' ', '\t']);
    if !before.ends_with('\n') {
        return false;
    }
    let header = before.trim_end();
    let token = header
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .unwrap_or("");
    token.starts_with(['|', '>'])
        && token[1..]
            .chars()
            .all(|c| c == '-' || c == '+' || c.is_ascii_digit())
}

/// The name of the anchor on the node at `span`, if an alias of it stands anywhere in its
/// document `doc`.
fn aliased_anchor<'t>(text: &'t str, doc: &Document<'_>, span: Span) -> Option<&'t str> {
    let node = node_span(text, span);
    text[node.offset..span.offset]
        .split_whitespace()
        .filter_map(|p| p.strip_prefix('&'))
        .find(|name| doc.text.contains(&format!("*{name}")))
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

/// The line end after `span`: `\r\n` where the file has one there.
fn newline_at(text: &str, span: Span) -> &'static str {
    if text[line_end(text, span.end())..].starts_with("\r\n") {
        "\r\n"
    } else {
        "\n"
    }
}

/// Whether a line holds a YAML comment: a `#` after a blank (a move text never holds one).
fn has_comment(line: &str) -> bool {
    line.starts_with('#') || line.contains(" #") || line.contains("\t#")
}

/// If the node at `node` is an item of a block sequence (`- A3`) alone on its line, the start
/// of that line.
fn block_item(text: &str, node: Span) -> Option<usize> {
    let start = line_start(text, node.offset);
    let prefix = text[start..node.offset].trim_start();
    (prefix.starts_with('-') && prefix[1..].trim().is_empty() && prefix.len() > 1).then_some(start)
}

/// The bytes to remove for a flow sequence item: the item and the comma after it (with the
/// blanks after that), or for the last item the comma before it.
fn flow_item_with_separator(text: &str, node: Span) -> (usize, usize) {
    let after = &text[node.end()..];
    let blanks = after.len() - after.trim_start_matches([' ', '\t']).len();
    if after[blanks..].starts_with(',') {
        let rest = &after[blanks + 1..];
        let more = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        return (node.offset, node.end() + blanks + 1 + more);
    }
    let before = text[..node.offset].trim_end();
    if before.ends_with(',') {
        return (before.len() - 1, node.end());
    }
    (node.offset, node.end())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_escapes_every_break_and_control() {
        assert_eq!(
            one_line("Q9\ntitle: x\r\u{1b}[2J\u{2028}"),
            "Q9\\u{a}title: x\\u{d}\\u{1b}[2J\\u{2028}"
        );
        assert_eq!(one_line("A3<x # é"), "A3<x # é");
    }

    #[test]
    fn a_node_takes_its_properties() {
        let text = "moves: [!!str a6>, &m  !x A2,*m, -  &a b]";
        let at = |s: &str| Span::new(text.find(s).unwrap(), s.len());
        let shown = |s: Span| &text[s.offset..s.end()];
        assert_eq!(shown(node_span(text, at("a6>"))), "!!str a6>");
        assert_eq!(shown(node_span(text, at("A2"))), "&m  !x A2");
        assert_eq!(shown(node_span(text, at("*m"))), "*m");
        let b = Span::new(text.rfind('b').unwrap(), 1);
        assert_eq!(shown(node_span(text, b)), "&a b");
    }

    /// The proof of `output` as the output for `input`, whose games are valid but the last
    /// one (unread).
    fn proof(input: &str, output: &str) -> Result<(), String> {
        let games = read_games(input, &ReplayOptions::default());
        let expected: Vec<Expect> = games
            .iter()
            .map(|g| match &g.read {
                Ok((record, _)) => {
                    Expect::Moves(record.moves.iter().map(|m| m.value.to_string()).collect())
                }
                Err(_) => Expect::Unread {
                    at: 4,
                    line: "# repair: game 2 left as written: x\n".into(),
                },
            })
            .collect();
        prove(output, &games, &expected)
    }

    #[test]
    fn an_output_that_is_not_the_input_is_refused() {
        let game = "ruleset: bao-kingulu\nsource: s\nmoves: [A5, a4]\n";
        let input = format!("{game}---\nnot a record\n");
        let unread = "---\n# repair: game 2 left as written: x\nnot a record\n";
        assert_eq!(proof(&input, &format!("{game}{unread}")), Ok(()));
        let refused = |output: String, why: &str| {
            let e = proof(&input, &output).unwrap_err();
            assert!(e.contains(why), "{e}");
        };
        refused(format!("{game}title: injected\n{unread}"), "its `title`");
        refused(
            format!("{game}---\n{game}{unread}"),
            "holds 3 game(s), the input 2",
        );
        refused(
            format!("{}{unread}", game.replace("a4", "a3")),
            "ply 2 would be `a3`, not `a4`",
        );
        refused(
            format!("{}{unread}", game.replace(", a4", "")),
            "1 move(s), not the 2",
        );
        refused(
            format!("{}{unread}", game.replace("moves:", "moves: x")),
            "no longer be a record",
        );
        refused(
            format!("{game}{}", unread.replace("not", "now")),
            "cannot be read, would not be left as written",
        );
    }

    #[test]
    fn edits_are_made_in_one_pass() {
        let mut edits = Edits::default();
        edits.insert(0, "# top\n".into());
        edits.replaced.push((4, 2, "XY".into()));
        edits.insert(8, "!".into());
        assert_eq!(edits.into_text("abc ab  cd"), "# top\nabc XY  !cd");
    }
}

/// Games of a `repair`: repaired, left as written because their best repairs tie (ambiguous), and
/// otherwise left as written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Games {
    pub repaired: usize,
    pub ambiguous: usize,
    pub left: usize,
}

impl Games {
    pub fn add(&mut self, other: Games) {
        self.repaired += other.repaired;
        self.ambiguous += other.ambiguous;
        self.left += other.left;
    }
}

/// What became of one file of a `repair`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileRepair {
    /// The repaired text (the input itself if nothing needed repair), whether every game of it
    /// checks valid, its games, and the line that says so.
    Text {
        text: String,
        valid: bool,
        games: Games,
        note: String,
    },
    /// Left as written, and why, with its games.
    Left { why: String, games: Games },
    /// A file that could not be read, or an output that failed its proof: the error line.
    Problem(String),
}

/// Repairs the file at `path` (shown as `shown`), records or a transcript: its text as read, and
/// what became of it. The one per-file path of `repair`; the front ends only write it out.
pub fn repair_file(
    path: &std::path::Path,
    shown: &str,
    options: &ReplayOptions,
) -> (String, FileRepair) {
    use crate::input::{self, Input};
    let (text, transcript) = match input::read(path) {
        Ok(Input::Records(text)) => (text, false),
        Ok(Input::Transcript(text)) => (text, true),
        Ok(Input::Refused(finding)) => {
            let line = format!("error[{}]: {shown}: {}", finding.code, finding.message);
            return (String::new(), FileRepair::Problem(line));
        }
        Err(e) => {
            let line = format!("error[{}]: {shown}: {e}", crate::diagnostics::Code::IoError);
            return (String::new(), FileRepair::Problem(line));
        }
    };
    let outcome = if transcript {
        repair_transcript_file(shown, &text, options)
    } else {
        repair_records_file(shown, &text, options)
    };
    (text, outcome)
}

fn repair_records_file(shown: &str, text: &str, options: &ReplayOptions) -> FileRepair {
    let games = read_games(text, options);
    if games.is_empty() {
        return FileRepair::Left {
            why: "the file holds no game record".to_string(),
            games: Games::default(),
        };
    }
    let repaired = match repair_text(text, &games) {
        Ok(repaired) => repaired,
        Err(why) => {
            return FileRepair::Problem(format!(
                "error: {shown}: repair refuses to print its output: {why}"
            ));
        }
    };
    // The round trip: the output is checked as `check` would.
    let checked = crate::check::check_text(
        &repaired.text,
        &ReplayOptions {
            repair_window: 0,
            ..options.clone()
        },
    );
    let invalid = checked.iter().filter(|g| !g.valid()).count();
    let ambiguous = match repaired.ambiguous {
        0 => String::new(),
        n => format!(" ({n} ambiguous)"),
    };
    let note = format!(
        "{shown}: {} game(s) repaired, {} left as written{ambiguous}; {} of {} game(s) valid \
         after the repair",
        repaired.repaired,
        repaired.left,
        checked.len() - invalid,
        checked.len()
    );
    FileRepair::Text {
        games: Games {
            repaired: repaired.repaired,
            ambiguous: repaired.ambiguous,
            left: repaired.left - repaired.ambiguous,
        },
        text: repaired.text,
        valid: invalid == 0,
        note,
    }
}

/// A published transcript: the repaired transcript, its changed plies marked by `%` lines
/// ([`crate::rewrite::transcript_repair`]).
fn repair_transcript_file(shown: &str, text: &str, options: &ReplayOptions) -> FileRepair {
    use crate::rewrite::transcript_repair::{Repaired as Transcript, repair};
    match repair(text, options) {
        Transcript::Valid => FileRepair::Text {
            text: text.to_string(),
            valid: true,
            games: Games::default(),
            note: format!("{shown}: the transcript plays as written"),
        },
        Transcript::Text(repaired) => FileRepair::Text {
            text: repaired,
            valid: true,
            games: Games {
                repaired: 1,
                ..Games::default()
            },
            note: format!("{shown}: repaired; the repaired transcript checks valid"),
        },
        Transcript::Ambiguous(why) => FileRepair::Left {
            why,
            games: Games {
                ambiguous: 1,
                ..Games::default()
            },
        },
        Transcript::Left(why) => FileRepair::Left {
            why,
            games: Games {
                left: 1,
                ..Games::default()
            },
        },
    }
}
