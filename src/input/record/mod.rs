//! Game records: YAML files holding one or more games (`---` between them), read with
//! serde-saphyr so that every move keeps its byte span in the file.
//!
//! This module knows YAML and the record format, nothing of any game's rules: it hands
//! [`Record`]s to the replay (`replay`), or a [`Finding`] for a record it could not read. docs/historians.md
//! (`## The game record`) documents every field.
//!
//! Robustness: a file is refused above [`MAX_FILE_BYTES`] before it is read, must be UTF-8 text,
//! and each document is parsed under a YAML budget (nesting depth, aliases, nodes) so that
//! deeply nested documents and alias bombs are refused quickly. Each document is parsed on its
//! own, so that one broken game does not hide the others of the file.

use std::fmt;
use std::io;
use std::path::Path;

use serde::Deserialize;
use serde::de::{self, MapAccess, Visitor};
use serde_saphyr::Spanned;

use crate::diagnostics::{Code, Finding, Span};
pub use crate::input::{
    Contents, Source, create_output_file, read_regular_file, source_from_bytes,
};
use bao_rules::Ruleset;
pub use bao_rules::game::ResultClaim;
use bao_rules::game::{Notation, Side};

mod fast;
mod move_text;

pub use move_text::MoveText;

/// Files larger than this (64 MiB) are refused unread ([`crate::input::Kind::Records`]).
pub const MAX_FILE_BYTES: u64 = crate::input::Kind::Records.limit();

/// Deepest nesting of YAML collections a record may have (a record needs three).
pub const MAX_YAML_DEPTH: usize = 16;

/// The fields of a record, in the order docs/historians.md documents them.
pub const FIELDS: &[&str] = &[
    "ruleset", "title", "source", "date", "south", "north", "first", "start", "preset", "rulings",
    "notation", "moves", "result",
];

/// A value of a record with the span of its text in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field<T> {
    pub value: T,
    pub span: Span,
}

/// One game record, checked for form but not yet replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game, known: a name the oracle has no game of is refused where the record is read.
    pub ruleset: Field<Ruleset>,
    pub title: Option<String>,
    pub source: String,
    pub date: Option<String>,
    pub south: Option<String>,
    pub north: Option<String>,
    pub first: Option<Field<Side>>,
    /// The start position as written (compact, diagram or bracket); the game's one position
    /// reader parses it.
    pub start: Option<Field<String>>,
    /// `preset:` as written: a preset of the record's game (its `rulings:` go on top).
    pub preset: Option<Field<String>>,
    /// `rulings:` entries: name and value, each with its span, in the record's order.
    pub rulings: Vec<(Field<String>, Field<String>)>,
    /// The notation the moves are written in (`notation: donkers`); canonical by default.
    pub notation: Option<Field<Notation>>,
    pub moves: Vec<Field<MoveText>>,
    pub result: Option<Field<ResultClaim>>,
}

/// One YAML document of a file: its 1-based index among the file's records and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Document<'a> {
    pub index: usize,
    /// Byte offset of `text` in the file.
    pub offset: usize,
    pub text: &'a str,
}

/// Reads a record file (refused unread above [`MAX_FILE_BYTES`], refused if it is not UTF-8
/// text), whatever its form: the input stage's reader.
pub fn read_source(path: &Path) -> io::Result<Source> {
    crate::input::read_source(path, crate::input::Kind::Records)
}

/// Whether `line` is a YAML document start marker (`---`, alone or followed by a space).
fn is_document_start(line: &str) -> bool {
    line.strip_prefix("---")
        .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r', '\n']))
}

/// Whether a document's lines hold anything but markers, comments, directives and blanks.
fn has_content(text: &str) -> bool {
    text.lines().enumerate().any(|(i, line)| {
        let line = if i == 0 {
            line.trim_start_matches('\u{feff}')
        } else {
            line
        };
        let line = if is_document_start(line) {
            &line[3..]
        } else {
            line
        };
        let trimmed = line.trim();
        !(trimmed.is_empty()
            || trimmed.starts_with('#')
            || line.starts_with('%')
            || trimmed == "...")
    })
}

fn has_directive(text: &str) -> bool {
    text.lines().any(|line| line.starts_with('%'))
}

/// Splits a file into its YAML documents at the `---` lines, dropping the empty ones. (YAML does
/// not allow `---` at the start of a line inside a document, so the split is exact for files the
/// parser would accept; a file it would not accept is still reported document by document.)
pub fn split_documents(text: &str) -> Vec<Document<'_>> {
    documents(text).collect()
}

/// The documents of a file one at a time, as [`split_documents`] lists them: a check of a file of
/// many games holds one document's place at a time.
pub fn documents(text: &str) -> Documents<'_> {
    Documents {
        text,
        lines: text.split_inclusive('\n'),
        offset: 0,
        chunk_start: 0,
        pending: None,
        count: 0,
    }
}

/// The iterator of [`documents`].
pub struct Documents<'a> {
    text: &'a str,
    lines: std::str::SplitInclusive<'a, char>,
    /// Where the next line starts.
    offset: usize,
    /// Where the chunk being read started (at a `---` line, or the file's start).
    chunk_start: usize,
    /// The start of directives before the chunk, which belong to the document after them.
    pending: Option<usize>,
    count: usize,
}

impl<'a> Iterator for Documents<'a> {
    type Item = Document<'a>;

    fn next(&mut self) -> Option<Document<'a>> {
        while self.chunk_start < self.text.len() || self.offset < self.text.len() {
            // The chunk runs to the next document start marker, or to the end.
            let mut end = self.text.len();
            for line in self.lines.by_ref() {
                let at = self.offset;
                self.offset += line.len();
                if at > self.chunk_start && is_document_start(line) {
                    end = at;
                    break;
                }
            }
            let (start, chunk) = (self.chunk_start, &self.text[self.chunk_start..end]);
            let from = self.pending.take().unwrap_or(start);
            self.chunk_start = end;
            if has_content(chunk) {
                self.count += 1;
                return Some(Document {
                    index: self.count,
                    offset: from,
                    text: &self.text[from..end],
                });
            } else if has_directive(chunk) {
                // Directives belong to the document after them.
                self.pending = Some(from);
            }
            if end == self.text.len() {
                break;
            }
        }
        None
    }
}

// --- parsing one document -------------------------------------------------------------------------

/// The record as serde sees it. Every field of the format is listed; others are refused.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord {
    ruleset: Spanned<String>,
    title: Option<String>,
    source: Spanned<String>,
    date: Option<String>,
    south: Option<String>,
    north: Option<String>,
    first: Option<Spanned<String>>,
    start: Option<Spanned<String>>,
    preset: Option<Spanned<String>>,
    rulings: Option<RawRulings>,
    notation: Option<Spanned<String>>,
    moves: Spanned<Vec<Spanned<String>>>,
    result: Option<Spanned<String>>,
}

/// `rulings:` as written, keys with their spans (serde's maps would lose them).
struct RawRulings(Vec<(Spanned<String>, Spanned<String>)>);

impl<'de> Deserialize<'de> for RawRulings {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = RawRulings;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map of ruling names to values")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawRulings, A::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    entries.push(entry);
                }
                Ok(RawRulings(entries))
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

fn yaml_options() -> serde_saphyr::Options {
    let mut budget = serde_saphyr::Budget::default();
    budget.max_depth = MAX_YAML_DEPTH;
    budget.flow_nesting_limit = MAX_YAML_DEPTH;
    budget.max_documents = 1;
    // A record of the largest allowed file is a few million scalars; beyond that, refuse.
    budget.max_events = 8_000_000;
    budget.max_nodes = 4_000_000;
    budget.max_aliases = 1_000;
    budget.max_anchors = 1_000;
    let mut alias_limits = serde_saphyr::options::AliasLimits::default();
    alias_limits.max_total_replayed_events = 100_000;
    alias_limits.max_replay_stack_depth = MAX_YAML_DEPTH;
    serde_saphyr::options! {
        budget: Some(budget),
        alias_limits: alias_limits,
        with_snippet: false,
        strict_booleans: true,
    }
}

/// The keys of a document that YAML reads as a map (each scalar key as its text, escapes read;
/// a key that is a list or a map left out); `None` for a document that YAML reads as no map, or
/// does not read. How `input::form_of` asks what the YAML library reads, not what the
/// lines look like.
pub(crate) fn mapping_keys(doc: &Document<'_>) -> Option<Vec<String>> {
    struct Keys(Vec<String>);
    struct Key(Option<String>);
    struct KeysVisitor;
    struct KeyVisitor;
    impl<'de> Visitor<'de> for KeysVisitor {
        type Value = Keys;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a map")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Keys, A::Error> {
            let mut keys = Vec::new();
            while let Some((key, _)) = map.next_entry::<Key, de::IgnoredAny>()? {
                keys.extend(key.0);
            }
            Ok(Keys(keys))
        }
    }
    impl<'de> Deserialize<'de> for Keys {
        fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_map(KeysVisitor)
        }
    }
    impl<'de> Visitor<'de> for KeyVisitor {
        type Value = Key;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a key")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
            Ok(Key(Some(v.to_string())))
        }
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Key, E> {
            Ok(Key(Some(v.to_string())))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Key, E> {
            Ok(Key(Some(v.to_string())))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Key, E> {
            Ok(Key(Some(v.to_string())))
        }
        fn visit_i128<E: de::Error>(self, v: i128) -> Result<Key, E> {
            Ok(Key(Some(v.to_string())))
        }
        fn visit_u128<E: de::Error>(self, v: u128) -> Result<Key, E> {
            Ok(Key(Some(v.to_string())))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Key, E> {
            Ok(Key(Some(v.to_string())))
        }
        fn visit_unit<E: de::Error>(self) -> Result<Key, E> {
            Ok(Key(None))
        }
        fn visit_none<E: de::Error>(self) -> Result<Key, E> {
            Ok(Key(None))
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Key, A::Error> {
            while seq.next_element::<de::IgnoredAny>()?.is_some() {}
            Ok(Key(None))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Key, A::Error> {
            while map
                .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
                .is_some()
            {}
            Ok(Key(None))
        }
    }
    impl<'de> Deserialize<'de> for Key {
        fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_any(KeyVisitor)
        }
    }
    serde_saphyr::from_str_with_options::<Keys>(doc.text, yaml_options())
        .ok()
        .map(|k| k.0)
}

/// A record's fields as written, with the spans of those a finding may point at: what both
/// readers of a document ([`fast`] and serde-saphyr) produce, before the values are checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fields {
    pub ruleset: Field<String>,
    pub title: Option<String>,
    pub source: Field<String>,
    pub date: Option<String>,
    pub south: Option<String>,
    pub north: Option<String>,
    pub first: Option<Field<String>>,
    pub start: Option<Field<String>>,
    pub preset: Option<Field<String>>,
    pub rulings: Vec<(Field<String>, Field<String>)>,
    pub notation: Option<Field<String>>,
    pub moves: Vec<Field<MoveText>>,
    pub result: Option<Field<String>>,
}

/// Parses one document into a record, or says why it is none.
pub fn parse_document(doc: &Document<'_>) -> Result<Record, Box<Finding>> {
    let fields = match fast::read(doc) {
        Some(fields) => fields,
        None => read_with_serde(doc)?,
    };
    check_fields(fields)
}

/// The differential of the two readers on one document, for tests and fuzzing: `Ok(true)` when
/// the fast reader read it and serde-saphyr read the same fields with the same spans, `Ok(false)`
/// when the fast reader left it to serde-saphyr, `Err` (what differs) when they disagree.
#[doc(hidden)]
pub fn readers_agree(doc: &Document<'_>) -> Result<bool, String> {
    let Some(fast) = fast::read(doc) else {
        return Ok(false);
    };
    match read_with_serde(doc) {
        Ok(slow) if slow == fast => Ok(true),
        Ok(slow) => Err(format!("fast read {fast:?}, serde-saphyr {slow:?}")),
        Err(e) => Err(format!(
            "fast read {fast:?}, serde-saphyr refused it: {} ({})",
            e.message, e.code
        )),
    }
}

/// Reads a document with serde-saphyr: any YAML, every error located and classified.
pub(crate) fn read_with_serde(doc: &Document<'_>) -> Result<Fields, Box<Finding>> {
    let raw: RawRecord = serde_saphyr::from_str_with_options(doc.text, yaml_options())
        .map_err(|e| Box::new(yaml_finding(&e, doc)))?;
    let field = |s: Spanned<String>| Field {
        span: spanned_span(&s, doc),
        value: s.value,
    };
    Ok(Fields {
        ruleset: field(raw.ruleset),
        title: raw.title,
        source: field(raw.source),
        date: raw.date,
        south: raw.south,
        north: raw.north,
        first: raw.first.map(field),
        start: raw.start.map(field),
        preset: raw.preset.map(field),
        notation: raw.notation.map(field),
        rulings: raw
            .rulings
            .map(|r| r.0)
            .unwrap_or_default()
            .into_iter()
            .map(|(k, v)| (field(k), field(v)))
            .collect(),
        moves: raw
            .moves
            .value
            .into_iter()
            .map(|m| Field {
                span: spanned_span(&m, doc),
                value: MoveText::from(m.value),
            })
            .collect(),
        result: raw.result.map(field),
    })
}

/// Checks the values of the fields that have a fixed set of them.
fn check_fields(fields: Fields) -> Result<Record, Box<Finding>> {
    if fields.source.value.trim().is_empty() {
        return Err(Box::new(
            Finding::new(
                Code::BadValue,
                "`source` is empty: a record says where its game comes from",
            )
            .at(fields.source.span)
            .help(
                "write the provenance: a book and page, an archive, or the generator and its seed",
            ),
        ));
    }
    let first = match fields.first {
        None => None,
        Some(s) => match Side::parse(&s.value) {
            Some(side) => Some(Field {
                value: side,
                span: s.span,
            }),
            None => {
                return Err(Box::new(
                    Finding::new(
                        Code::BadValue,
                        format!("`first: {}` is not a side", s.value),
                    )
                    .at(s.span)
                    .help("write `first: south` or `first: north`"),
                ));
            }
        },
    };
    let notation = match fields.notation {
        None => None,
        Some(s) => match Notation::parse(&s.value) {
            Some(notation) => Some(Field {
                value: notation,
                span: s.span,
            }),
            None => {
                return Err(Box::new(
                    Finding::new(
                        Code::BadValue,
                        format!("`notation: {}` is not a notation", s.value),
                    )
                    .at(s.span)
                    .help("write `notation: canonical` (the default) or `notation: donkers`"),
                ));
            }
        },
    };
    let result = match fields.result {
        None => None,
        Some(s) => match ResultClaim::parse(&s.value) {
            Some(claim) => Some(Field {
                value: claim,
                span: s.span,
            }),
            None => {
                return Err(Box::new(
                    Finding::new(
                        Code::BadValue,
                        format!("`result: {}` is not a result", s.value),
                    )
                    .at(s.span)
                    .help("write south, north, draw or unfinished"),
                ));
            }
        },
    };
    let ruleset = match Ruleset::from_name(&fields.ruleset.value) {
        Ok(ruleset) => Field {
            value: ruleset,
            span: fields.ruleset.span,
        },
        Err(unknown) => return Err(Box::new(unknown_ruleset(&unknown, fields.ruleset.span))),
    };
    Ok(Record {
        ruleset,
        title: fields.title,
        source: fields.source.value,
        date: fields.date,
        south: fields.south,
        north: fields.north,
        first,
        start: fields.start,
        preset: fields.preset,
        rulings: fields.rulings,
        notation,
        moves: fields.moves,
        result,
    })
}

/// The finding for a game the oracle does not know, at `span`: the one wording for records and
/// transcripts.
pub fn unknown_ruleset(unknown: &bao_rules::UnknownRuleset, span: Span) -> Finding {
    Finding::new(Code::UnknownRuleset, unknown.to_string())
        .at(span)
        .help(format!("write one of {}", bao_rules::RULESETS.join(", ")))
}

/// The span in the file of a spanned value of document `doc`.
fn spanned_span<T>(s: &Spanned<T>, doc: &Document<'_>) -> Span {
    location_span(&s.referenced, doc)
}

fn location_span(loc: &serde_saphyr::Location, doc: &Document<'_>) -> Span {
    let span = loc.span();
    let offset = match span.byte_offset() {
        Some(o) => o as usize,
        None => offset_of(doc.text, loc.line() as usize, loc.column() as usize),
    };
    let offset = offset.min(doc.text.len());
    let len = match span.byte_len() {
        Some(l) if l > 0 => l as usize,
        _ => token_len(&doc.text[offset..]),
    };
    Span::new(doc.offset + offset, len.min(doc.text.len() - offset))
}

/// The span of the first word of a document's content (after markers and comments).
fn first_token(doc: &Document<'_>) -> Option<Span> {
    let mut offset = 0;
    for line in doc.text.split_inclusive('\n') {
        let body = if is_document_start(line) {
            &line[3..]
        } else {
            line
        };
        let skipped = line.len() - body.len();
        let trimmed = body.trim_start();
        if !trimmed.is_empty() && !trimmed.starts_with('#') && !line.starts_with('%') {
            let at = offset + skipped + (body.len() - trimmed.len());
            return Some(Span::new(doc.offset + at, token_len(trimmed)));
        }
        offset += line.len();
    }
    None
}

/// Byte offset of 1-based `line` and character `column` in `text`.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return offset
                + l.char_indices()
                    .nth(column.saturating_sub(1))
                    .map_or(l.len(), |(b, _)| b);
        }
        offset += l.len();
    }
    text.len()
}

/// The length of the word at the start of `text` (at least one character), to underline a
/// point location.
fn token_len(text: &str) -> usize {
    let word = text
        .find(|c: char| c.is_whitespace() || ",[]{}:#".contains(c))
        .unwrap_or(text.len());
    if word > 0 {
        word
    } else {
        text.chars()
            .next()
            .filter(|c| *c != '\n')
            .map_or(0, char::len_utf8)
    }
}

fn describe_breach(breach: &serde_saphyr::budget::BudgetBreach) -> String {
    use serde_saphyr::budget::BudgetBreach as B;
    match breach {
        B::Aliases { aliases } => format!("more than {} aliases ({aliases})", aliases - 1),
        B::Anchors { anchors } => format!("more than {} anchors ({anchors})", anchors - 1),
        B::Depth { depth } => format!("nested {depth} levels deep"),
        B::Events { events } => format!("too many YAML events ({events})"),
        B::Nodes { nodes } => format!("too many YAML nodes ({nodes})"),
        other => format!("{other:?}"),
    }
}

const SHAPE_HELP: &str = "a record is a map of fields; `moves` is a list of move texts, `rulings` a \
                          map of names to values, the others single values";

/// An error's message without the location it ends with (the report shows the location).
fn message(err: &serde_saphyr::Error) -> String {
    let text = err.to_string();
    if let Some(at) = text.rfind(" at line ") {
        let tail = &text[at + " at line ".len()..];
        let is_location = tail
            .split(", column ")
            .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if is_location {
            return text[..at].to_string();
        }
    }
    text
}

/// A serde-saphyr error as a finding, classified by what went wrong.
fn yaml_finding(err: &serde_saphyr::Error, doc: &Document<'_>) -> Finding {
    use serde_saphyr::Error as E;
    let err = err.without_snippet();
    let span = match err {
        // Blame a record without a required field from its first field.
        E::SerdeMissingField { .. } => first_token(doc),
        _ => err.location().map(|loc| location_span(&loc, doc)),
    };
    let finding = match err {
        E::SerdeUnknownField { field, .. } => Finding::new(
            Code::UnknownField,
            format!(
                "`{field}` is not a field of a game record{}",
                bao_rules::rulings::did_you_mean(field, FIELDS.iter().copied())
            ),
        )
        .help(format!("the fields are {}", FIELDS.join(", "))),
        E::SerdeMissingField { field, .. } => Finding::new(
            Code::MissingField,
            format!("the record has no `{field}`"),
        )
        .help(match *field {
            "ruleset" => "every record names its ruleset: `ruleset: bao-la-kimasai`",
            "source" => "every record says where its game comes from: `source: <provenance>`",
            "moves" => "every record lists its moves: `moves: [A2, a2]` (may be empty)",
            _ => "see the record format in docs/historians.md",
        }),
        E::Unexpected { expected, .. } => Finding::new(
            Code::BadValue,
            format!("a field has the wrong kind of value: expected {expected}"),
        )
        .help(SHAPE_HELP),
        E::SerdeInvalidType { .. }
        | E::SerdeInvalidValue { .. }
        | E::SerdeInvalidLength { .. }
        | E::NullIntoString { .. }
        | E::InvalidBooleanStrict { .. } => Finding::new(
            Code::BadValue,
            format!("a field has the wrong kind of value: {}", message(err)),
        )
        .help(SHAPE_HELP),
        E::Budget { breach, .. } => Finding::new(
            Code::YamlLimit,
            format!(
                "the document exceeds a YAML safety limit: {}",
                describe_breach(breach)
            ),
        )
        .help(format!(
            "a record nests at most {MAX_YAML_DEPTH} levels deep and uses few aliases"
        )),
        E::AliasReplayLimitExceeded { .. }
        | E::AliasExpansionLimitExceeded { .. }
        | E::AliasReplayStackDepthExceeded { .. }
        | E::AliasReplayCounterOverflow { .. } => Finding::new(
            Code::YamlLimit,
            format!("the document expands too many aliases: {}", message(err)),
        )
        .help("a record uses few aliases, if any"),
        // The parser's own limits (flow nesting) come as its messages.
        _ if message(err).contains("limit exceeded") => Finding::new(
            Code::YamlLimit,
            format!("the document exceeds a YAML safety limit: {}", message(err)),
        )
        .help(format!(
            "a record nests at most {MAX_YAML_DEPTH} levels deep and uses few aliases"
        )),
        _ => Finding::new(
            Code::MalformedYaml,
            format!("the document is not valid YAML: {}", message(err)),
        )
        .help("a record is a YAML map; several records in one file are separated by `---`"),
    };
    match span {
        Some(span) => finding.at(span),
        // A document without a location is blamed as a whole, from its first line.
        None => finding.at(Span::new(doc.offset, token_len(doc.text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_are_split_at_their_start_markers_with_their_directives() {
        let text = "---\nruleset: a\n---\n# only a comment\n---\n%YAML 1.2\n---\nruleset: b\n...\n---\nruleset: c";
        let docs = split_documents(text);
        let shown: Vec<(usize, &str)> = docs.iter().map(|d| (d.index, d.text)).collect();
        assert_eq!(
            shown,
            [
                (1, "---\nruleset: a\n"),
                (2, "---\n%YAML 1.2\n---\nruleset: b\n...\n"),
                (3, "---\nruleset: c"),
            ]
        );
        for d in &docs {
            assert_eq!(&text[d.offset..d.offset + d.text.len()], d.text);
        }
        assert!(split_documents("").is_empty());
        assert!(split_documents("# nothing\n---\n").is_empty());
    }

    fn parse(text: &str) -> Result<Record, Box<Finding>> {
        let docs = split_documents(text);
        assert_eq!(docs.len(), 1, "one document in {text:?}");
        parse_document(&docs[0])
    }

    const GOOD: &str =
        "ruleset: bao-la-kimasai\nsource: test\nmoves: [A2, \"a2\"]\nresult: unfinished\n";

    #[test]
    fn reads_a_record_with_move_spans() {
        let record = parse(GOOD).unwrap();
        assert_eq!(record.ruleset.value, Ruleset::Kimasai);
        assert_eq!(record.moves.len(), 2);
        let a2 = &record.moves[0];
        assert_eq!(&GOOD[a2.span.offset..a2.span.end()], "A2");
        assert_eq!(record.result.unwrap().value, ResultClaim::Unfinished);
    }

    #[test]
    fn splits_documents_and_keeps_offsets() {
        let text = format!("# a comment\n---\n{GOOD}---\n# nothing\n---\n{GOOD}");
        let docs = split_documents(&text);
        assert_eq!(docs.len(), 2);
        assert_eq!(docs[1].index, 2);
        let record = parse_document(&docs[1]).unwrap();
        let a2 = &record.moves[1];
        assert_eq!(&text[a2.span.offset..a2.span.end()], "\"a2\"");
    }

    #[test]
    fn refuses_unknown_and_missing_fields() {
        let e = parse("ruleset: x\nsource: y\nmoves: []\ntitel: z\n").unwrap_err();
        assert_eq!(e.code, Code::UnknownField);
        let e = parse("ruleset: x\nmoves: []\n").unwrap_err();
        assert_eq!(e.code, Code::MissingField);
        // A misspelt field names the field meant; a word like none, none.
        let e = parse("ruleset: x\nsource: y\nmoves: []\nsourth: z\n").unwrap_err();
        assert_eq!(e.code, Code::UnknownField);
        assert!(
            e.message.ends_with("; did you mean `south`?"),
            "{}",
            e.message
        );
        let e = parse("ruleset: x\nsource: y\nmoves: []\nplayers: z\n").unwrap_err();
        assert!(!e.message.contains("did you mean"), "{}", e.message);
        let e = parse("ruleset: x\nsource: y\nmoves: A2\n").unwrap_err();
        assert_eq!(e.code, Code::BadValue);
        let e = parse("ruleset: x\nsource: y\nmoves: []\nfirst: east\n").unwrap_err();
        assert_eq!(e.code, Code::BadValue);
        let e = parse("ruleset: x\nsource: y\nmoves: [\n").unwrap_err();
        assert_eq!(e.code, Code::MalformedYaml);
    }

    #[test]
    fn refuses_deep_nesting_and_alias_bombs() {
        // The typed record stops at the first collection where a scalar belongs, whatever the
        // depth: the parser never descends into the nesting.
        for nested in ["ruleset", "moves", "rulings", "zzz"] {
            let deep = format!("{nested}: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
            let e = parse(&deep).unwrap_err();
            assert!(
                matches!(
                    e.code,
                    Code::BadValue | Code::UnknownField | Code::YamlLimit
                ),
                "{nested}: {e:?}"
            );
        }
        // A billion laughs needs nested sequences, refused the same way.
        let mut bomb = String::from("ruleset: x\nsource: y\ntitle: &a [x, x, x, x, x, x, x, x]\n");
        bomb.push_str("moves: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n");
        assert_eq!(parse(&bomb).unwrap_err().code, Code::BadValue);
        // Many aliases of one scalar are flat, and capped by the budget.
        let mut flat = String::from("ruleset: x\nsource: &s y\nmoves: [");
        flat.push_str(&"*s, ".repeat(5_000));
        flat.push_str("]\n");
        assert_eq!(parse(&flat).unwrap_err().code, Code::YamlLimit);
    }

    #[test]
    fn refuses_binary_and_non_utf8() {
        assert!(matches!(
            source_from_bytes(b"ruleset: \0".to_vec()),
            Source::Refused(Finding {
                code: Code::NotText,
                ..
            })
        ));
        assert!(matches!(
            source_from_bytes(vec![b'a', 0xff, 0xfe]),
            Source::Refused(Finding {
                code: Code::NotText,
                ..
            })
        ));
    }
}
