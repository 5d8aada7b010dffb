//! Published transcripts: the text of one game as Bao players publish it (Donkers' example games,
//! de Voogt's book, the files of Donkers' program), read as published, with the span of every move
//! so that a wrong one is reported at its line and column.
//!
//! ```text
//! title: Voogt-4; (pg 135)
//! south: Nasoro;
//! North: Ramadhan
//! 1: 6L*  5L;
//! 12: 5R 7R*; END IN THE HOUSE
//! % a whole-line comment
//! 30: A4R* A5L**;  A resigns
//! ```
//!
//! Header lines `key: value` come first (keys case-insensitive; `south`, `north`, `place`,
//! `date`, `winner`, `time`, `takasia`, `source`, `opening`, `game`, `game-preset`,
//! `game-rulings` are known, any other is kept as a comment, and each known one is given once; a
//! comment may follow the value's `;`, except after `source:`, which runs to the line's last `;`),
//! then one line per move number `n: <South move>
//! <North move>;`, numbered from 1 without gaps; the last line may hold South's move alone; a
//! comment may follow the `;`; blank lines are ignored; lines beginning with `%` or `;` are
//! comments, kept in place. CR, LF and CRLF all end a line. A transcript has a move line, or it is
//! an error (`empty-file`): Donkers' template for a new game, one empty line `1: `, is an empty
//! game. What a published file really holds and can be read one way only is a [`Slip`]: a move
//! line or a header without its `;`, a move in the other side's case (`A5L**` for North's
//! `a5L**`), a lower-case direction letter (`5l`); the template is one too. The moves are
//! otherwise kept as written: reading them is the game's notation's business.

use crate::diagnostics::{Code, Finding, Span};
use bao_rules::Ruleset;
use bao_rules::game::Notation;

/// A transcript larger than this is refused unread, by `check` and `import` alike
/// ([`crate::input::Kind::Transcript`]).
pub const MAX_TRANSCRIPT_BYTES: usize = crate::input::Kind::Transcript.limit() as usize;

/// A header line: the key as written (its case kept) and the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub key: String,
    pub value: String,
    /// The line, from 1.
    pub line: usize,
    /// The header line's text.
    pub span: Span,
    /// The comment after the value's `;`, if any.
    pub comment: Option<String>,
}

impl Header {
    /// The key in lower case, as the known keys are compared.
    pub fn name(&self) -> String {
        self.key.to_ascii_lowercase()
    }
}

/// One move as written, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move as it is read: the published spelling, with its slips (if any) read.
    pub text: String,
    /// The move as published.
    pub written: String,
    pub span: Span,
    /// The move number of its line.
    pub number: u32,
    /// The comment after the line's `;`, on the line's last ply only.
    pub comment: Option<String>,
}

/// A whole-line comment (`%` or `;`), kept where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The line as written, its marker included.
    pub text: String,
    pub line: usize,
    /// The plies before it: it stands between ply `before_ply` and the next (0: before the moves).
    pub before_ply: usize,
}

/// What a slip is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlipKind {
    /// A move line without its `;`: read as if it had one.
    NoSemicolon,
    /// A row letter in the other side's case (`A5L**` for North): read as the mover's row.
    OtherSidesCase,
    /// `l` or `r` for `L` or `R`.
    LowerCaseDirection,
    /// Donkers' template for a new game: one move line `1: ` and no move, read as an empty game.
    EmptyGame,
    /// A header line without its `;` (`South: Ramadhan`): read as if it had one.
    HeaderNoSemicolon,
}

/// A slip of the published text, read in the only way it can be read: a warning (an error under
/// `--strict`), at its line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    pub kind: SlipKind,
    pub span: Span,
    pub line: usize,
    /// The ply it is in (for a missing `;`, the line's first ply).
    pub ply: u32,
    /// What was written (the move, or for a missing `;` the move line).
    pub written: String,
    /// How it was read.
    pub read: String,
}

impl Slip {
    /// The slip in one sentence (raw text: the printer escapes it).
    pub fn message(&self) -> String {
        let (written, read) = (&self.written, &self.read);
        match self.kind {
            SlipKind::NoSemicolon => {
                format!("move line `{written}` has no `;`: read as `{read}`")
            }
            SlipKind::OtherSidesCase => format!(
                "`{written}` is written in the other side's case: read as the mover's `{read}`"
            ),
            SlipKind::LowerCaseDirection => {
                format!("`{written}` has a lower-case direction letter: read as `{read}`")
            }
            SlipKind::HeaderNoSemicolon => {
                format!("header `{written}:` has no `;` after its value: read as if it had one")
            }
            SlipKind::EmptyGame => format!(
                "move line `{written}` holds no move: read as {read} (the template of Donkers' \
                 program for a new game)"
            ),
        }
    }

    /// The slip as a finding (`transcript-slip`) at its span and ply.
    pub fn finding(&self) -> Finding {
        let finding = Finding::new(Code::TranscriptSlip, self.message()).at(self.span);
        match self.kind {
            SlipKind::EmptyGame | SlipKind::HeaderNoSemicolon => finding,
            SlipKind::NoSemicolon => Finding {
                ply: Some(self.ply),
                ..finding
            },
            _ => finding.ply(self.ply, self.written.clone()),
        }
    }
}

/// A transcript read: its header lines, its plies in order (South first), its whole-line
/// comments and the slips read on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transcript {
    pub headers: Vec<Header>,
    pub plies: Vec<Ply>,
    pub comments: Vec<Comment>,
    pub slips: Vec<Slip>,
}

/// The header keys a transcript may carry; others are kept as comments. `game:` names the game
/// (a ruleset id or a game's name; without it, [`DEFAULT_RULESET`]), `game-preset:` a preset of
/// it and `game-rulings:` its rulings (`NAME=VALUE, ...`): a record's `ruleset:`, `preset:` and
/// `rulings:`, named so that no transcript header is a field only records have
/// ([`RECORD_ONLY`]), which tells a record from a transcript.
pub const KNOWN_KEYS: &[&str] = &[
    "south",
    "north",
    "place",
    "date",
    "winner",
    "time",
    "takasia",
    "source",
    "opening",
    "game",
    "game-preset",
    "game-rulings",
];

/// The game of a transcript that names none: Bao la Kiswahili, the game of Donkers' program and of
/// every published transcript.
pub const DEFAULT_RULESET: Ruleset = Ruleset::Zanzibar;

/// The fields of a game record that no transcript header has (`title`, `source`, `date`, `south`
/// and `north` are both): a text YAML reads as a map with one of them is a record, and a line
/// `key:` naming one (in any case, at any indent) is no transcript line.
pub const RECORD_ONLY: &[&str] = &[
    "ruleset", "first", "start", "preset", "rulings", "notation", "moves", "result",
];

/// What one line of a transcript is, by its shape alone: the one reading of a line, for the
/// reader and for telling a transcript from a record (`input::form_of`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// Nothing but white space.
    Blank,
    /// A whole-line comment (`%` or `;` first).
    Comment,
    /// `n: ...`: the number as written (ASCII digits) and what follows its `:`.
    Move { number: &'a str, rest: &'a str },
    /// `key: ...`: the key (letters, digits, `-`, `_`, `.`) and what follows its `:`.
    Header { key: &'a str, rest: &'a str },
    /// `key: ...` whose key is a field only a game record has ([`RECORD_ONLY`]).
    RecordField { key: &'a str },
    /// A `:` after something no key is made of (`{ruleset`, `"rule\x73et"`, `# note`).
    BadKey { key: &'a str },
    /// No `:` at all.
    Other,
}

/// What `line` is ([`Line`]), its indent and a byte-order mark before it ignored.
pub fn line_kind(line: &str) -> Line<'_> {
    let body = line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if body.trim_end().is_empty() {
        return Line::Blank;
    }
    if body.starts_with(['%', ';']) {
        return Line::Comment;
    }
    let Some((head, rest)) = body.split_once(':') else {
        return Line::Other;
    };
    let key = head.trim_end();
    if !key.is_empty() && key.chars().all(|c| c.is_ascii_digit()) {
        return Line::Move { number: key, rest };
    }
    let key_char = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '.');
    if key.is_empty() || !key.chars().all(key_char) {
        return Line::BadKey { key };
    }
    if RECORD_ONLY.iter().any(|f| f.eq_ignore_ascii_case(key)) {
        return Line::RecordField { key };
    }
    Line::Header { key, rest }
}

impl Transcript {
    /// The value of header `key` (lower case), if given.
    pub fn header(&self, key: &str) -> Option<&Header> {
        self.headers.iter().find(|h| h.name() == key)
    }
}

/// The findings of a transcript's lines kept for the report; past them, a count (a file of bad
/// lines costs the memory of this many, not of one per line).
pub const MAX_FINDINGS: usize = 100;

/// Findings kept up to [`MAX_FINDINGS`], the rest counted.
#[derive(Default)]
struct Findings {
    kept: Vec<Finding>,
    more: usize,
}

impl Findings {
    fn note(&mut self, finding: Finding) {
        if self.kept.len() < MAX_FINDINGS {
            self.kept.push(finding);
        } else {
            self.more += 1;
        }
    }

    fn finish(mut self) -> Vec<Finding> {
        if self.more > 0 {
            self.kept.push(
                Finding::new(
                    Code::BadValue,
                    format!(
                        "{} more line(s) cannot be read: the first {MAX_FINDINGS} are reported",
                        self.more
                    ),
                )
                .help("a transcript is header lines, then move lines `n: South North;`"),
            );
        }
        self.kept
    }
}

/// Reads a transcript; every line that cannot be read is a finding at its line and column (all
/// of them, not only the first, up to [`MAX_FINDINGS`] and a count of the rest). Slips are not findings here: they are in
/// [`Transcript::slips`], for the caller to report as warnings or, strictly, as errors.
pub fn parse(text: &str) -> Result<Transcript, Vec<Finding>> {
    let (transcript, findings) = read(text);
    if findings.is_empty() {
        Ok(transcript)
    } else {
        Err(findings)
    }
}

/// Reads a transcript as far as it can be read: what was read (its slips among it, also where
/// other lines could not be read) and the findings of the lines that could not.
pub fn read(text: &str) -> (Transcript, Vec<Finding>) {
    let mut out = Transcript::default();
    let mut findings = Findings::default();
    let mut expected_number = 1u32;
    let mut ended = false;
    // Donkers' template `1: `, read as an empty game unless a move line follows it.
    let mut template: Option<Slip> = None;
    // Whether North plays the first move (an `opening:` position with North to move), decided at
    // the first move line, after the headers.
    let mut north_first: Option<bool> = None;
    for (index, (start, line)) in super::line_ends::lines(text).enumerate() {
        let line_no = index + 1;
        let kind = line_kind(line);
        if kind == Line::Blank {
            continue;
        }
        let body = line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        let indent = line.len() - body.len();
        let at = |from: usize, len: usize| Span::new(start + indent + from, len);
        // Where `rest` (a part of `body`) begins in it.
        let offset_in_body = |rest: &str| rest.as_ptr() as usize - body.as_ptr() as usize;
        let (head, rest) = match kind {
            Line::Blank => continue,
            Line::Comment => {
                out.comments.push(Comment {
                    text: body.trim_end().to_string(),
                    line: line_no,
                    before_ply: out.plies.len(),
                });
                continue;
            }
            Line::Other => {
                findings.note(
                    Finding::new(
                        Code::BadValue,
                        format!(
                            "line {line_no} is neither a header `key: value` nor a move line `n: ...;`"
                        ),
                    )
                    .at(at(0, body.trim_end().len())),
                );
                continue;
            }
            Line::BadKey { key } => {
                findings.note(
                    Finding::new(Code::BadValue, format!("`{key}` is not a header key"))
                        .at(at(0, key.len().max(1)))
                        .help("a header key is a word of letters, digits, `-`, `_` and `.`"),
                );
                continue;
            }
            Line::RecordField { key } => {
                findings.note(
                    Finding::new(
                        Code::BadValue,
                        format!("`{key}:` is a field of a game record, not a transcript header"),
                    )
                    .at(at(0, key.len()))
                    .help(
                        "a transcript names its game with `game:`, a preset with `game-preset:` \
                         and rulings with `game-rulings: NAME=VALUE, ...`",
                    ),
                );
                continue;
            }
            Line::Move { number, rest } => (number, rest),
            Line::Header { key, rest } => (key, rest),
        };
        if matches!(kind, Line::Move { .. }) {
            let Ok(number) = head.parse::<u32>() else {
                findings.note(
                    Finding::new(Code::BadValue, "move number too large").at(at(0, head.len())),
                );
                continue;
            };
            if let Some(empty) = template.take() {
                findings.note(
                    Finding::new(
                        Code::BadValue,
                        "move line 1 holds no move, and more move lines follow it",
                    )
                    .at(empty.span)
                    .help("a line holds South's move and North's"),
                );
            }
            if ended {
                findings.note(
                    Finding::new(
                        Code::BadValue,
                        format!("move {number} comes after a line that held South's move alone"),
                    )
                    .at(at(0, head.len()))
                    .help("only the last line may hold one move"),
                );
                continue;
            }
            if number != expected_number {
                findings.note(
                    Finding::new(
                        Code::BadValue,
                        format!("move number {number} where {expected_number} was due"),
                    )
                    .at(at(0, head.len()))
                    .help("move lines are numbered from 1 without gaps"),
                );
            }
            expected_number = number.saturating_add(1);
            let rest_at = offset_in_body(rest);
            let (moves, comment) = match rest.split_once(';') {
                Some((moves, comment)) => {
                    let comment = comment.trim();
                    (moves, (!comment.is_empty()).then(|| comment.to_string()))
                }
                None => {
                    let written = body.trim_end();
                    out.slips.push(Slip {
                        kind: SlipKind::NoSemicolon,
                        span: at(0, written.len()),
                        line: line_no,
                        ply: out.plies.len() as u32 + 1,
                        written: written.to_string(),
                        read: format!("{written};"),
                    });
                    (rest, None)
                }
            };
            let mut words = Vec::new();
            let mut pos = 0;
            for word in moves.split_whitespace() {
                let from = moves[pos..].find(word).map_or(pos, |i| pos + i);
                pos = from + word.len();
                words.push((word, rest_at + from));
            }
            match words.len() {
                1 | 2 => {
                    if words.len() == 1 {
                        ended = true;
                    }
                    let last = words.len() - 1;
                    for (i, (word, from)) in words.into_iter().enumerate() {
                        let span = at(from, word.len());
                        let first = *north_first.get_or_insert_with(|| north_opens(&out));
                        let north = (out.plies.len() + usize::from(first)) % 2 == 1;
                        let ply = out.plies.len() as u32 + 1;
                        let text = read_slips(word, north, span, (line_no, ply), &mut out.slips);
                        out.plies.push(Ply {
                            text,
                            written: word.to_string(),
                            span,
                            number,
                            comment: if i == last { comment.clone() } else { None },
                        });
                    }
                }
                0 if number == 1 && out.plies.is_empty() => {
                    // The template has no `;` to miss: its one slip is the empty game.
                    if out.slips.last().is_some_and(|s| s.line == line_no) {
                        out.slips.pop();
                    }
                    let written = body.trim_end();
                    template = Some(Slip {
                        kind: SlipKind::EmptyGame,
                        span: at(0, written.len()),
                        line: line_no,
                        ply: 0,
                        written: written.to_string(),
                        read: "an empty game".to_string(),
                    });
                }
                n => findings.note(
                    Finding::new(
                        Code::BadValue,
                        format!(
                            "move line {number} holds {n} moves: a line holds South's and North's"
                        ),
                    )
                    .at(at(rest_at, moves.len())),
                ),
            }
        } else if out.plies.is_empty() && expected_number == 1 {
            let key = head;
            let (value, comment) = match rest.split_once(';') {
                // A provenance may hold `;` (`de Voogt 1995; move 23 ...`): `source:` runs to
                // its line's last `;`.
                Some(_) if key.eq_ignore_ascii_case("source") => {
                    let value = rest.trim_end();
                    (value.strip_suffix(';').unwrap_or(value), None)
                }
                Some((value, comment)) => {
                    let comment = comment.trim();
                    (value, (!comment.is_empty()).then(|| comment.to_string()))
                }
                None => {
                    out.slips.push(Slip {
                        kind: SlipKind::HeaderNoSemicolon,
                        span: at(0, key.len()),
                        line: line_no,
                        ply: 0,
                        written: key.to_string(),
                        read: format!("{key}: {};", rest.trim()),
                    });
                    (rest, None)
                }
            };
            // A header that means something, given twice, would have one of its values dropped.
            let name = key.to_ascii_lowercase();
            if let Some(first) = out
                .headers
                .iter()
                .find(|h| h.name() == name && KNOWN_KEYS.contains(&name.as_str()))
            {
                findings.note(
                    Finding::new(
                        Code::BadValue,
                        format!(
                            "header `{key}:` is given twice (line {} and line {line_no})",
                            first.line
                        ),
                    )
                    .at(at(0, key.len()))
                    .help("a transcript gives each of its headers once: keep the value meant"),
                );
                continue;
            }
            out.headers.push(Header {
                key: key.to_string(),
                value: value.trim().to_string(),
                line: line_no,
                span: at(0, body.trim_end().len()),
                comment,
            });
        } else {
            findings.note(
                Finding::new(
                    Code::BadValue,
                    format!("header line `{head}` after the moves began"),
                )
                .at(at(0, head.len()))
                .help("header lines come before the first move line"),
            );
        }
    }
    match template {
        Some(empty) => out.slips.push(empty),
        // A transcript replays its moves: one without a move line is no game.
        None if out.plies.is_empty() && findings.kept.is_empty() => findings.note(
            Finding::new(Code::EmptyFile, "the transcript holds no move line")
                .at(crate::diagnostics::Span::new(0, 0))
                .help(
                    "a transcript's headers are followed by its move lines `1: South North;`; \
                     Donkers' template for a new game is the one line `1: `",
                ),
        ),
        None => {}
    }
    (out, findings.finish())
}

/// The game of transcript `t`: its `game:` header (a ruleset id or a game's name, in any case),
/// else `given` (`--ruleset`), else [`DEFAULT_RULESET`]; a header that names no game is refused,
/// at the header, with the nearest id.
pub fn ruleset_of(
    t: &Transcript,
    given: Option<Ruleset>,
) -> Result<crate::input::record::Field<Ruleset>, Box<Finding>> {
    use crate::input::record::Field;
    match t.header("game") {
        Some(h) => match game_id(&h.value) {
            Some(ruleset) => Ok(Field {
                value: ruleset,
                span: h.span,
            }),
            None => Err(Box::new(crate::input::record::unknown_ruleset(
                &bao_rules::UnknownRuleset {
                    name: h.value.clone(),
                },
                h.span,
            ))),
        },
        None => Ok(Field {
            value: given.unwrap_or(DEFAULT_RULESET),
            span: Span::new(0, 0),
        }),
    }
}

/// The game a `game:` header names: a ruleset id or a game's name, in any case.
fn game_id(value: &str) -> Option<Ruleset> {
    Ruleset::ALL
        .into_iter()
        .find(|r| r.name().eq_ignore_ascii_case(value) || r.game_name().eq_ignore_ascii_case(value))
}

/// A transcript as the record `check` replays: its game ([`ruleset_of`], `given` where it names
/// none), `notation: donkers`, each move with its span in the transcript, `game-preset:` as the
/// preset, `game-rulings:` and `takasia:` as the rulings, `opening:` as the start (`official`:
/// the standard start; a position is read by the game's own position reader, and anything else is
/// refused there, at the header's line), so that every finding (and the repair search, and
/// `--infer-rulings`) speaks of the transcript's own lines and columns. The slips are read as
/// [`parse`] reads them.
///
/// # Errors
///
/// The transcript's `game:` header names no game ([`ruleset_of`]).
pub fn as_record(
    t: &Transcript,
    given: Option<Ruleset>,
    name: &str,
) -> Result<crate::input::record::Record, Box<Finding>> {
    use crate::input::record::{Field, MoveText, Record};
    let field = |value: &str, span| Field {
        value: value.to_string(),
        span,
    };
    let at_start = Span::new(0, 0);
    let value = |key: &str| t.header(key).map(|h| h.value.clone());
    let mut rulings = Vec::new();
    if let Some(h) = t.header("game-rulings") {
        // `NAME=VALUE, NAME=VALUE`: a pair without its `=` is a name without a value, which
        // the replay refuses as it refuses a record's.
        for pair in h.value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            rulings.push((field(name.trim(), h.span), field(value.trim(), h.span)));
        }
    }
    if let Some(h) = t.header("takasia") {
        let value = h.value.to_ascii_lowercase();
        rulings.push((field("zanzibar.takasia", h.span), field(&value, h.span)));
    }
    Ok(Record {
        ruleset: ruleset_of(t, given)?,
        title: value("place"),
        // Never empty: a record says where its game comes from.
        source: [value("source"), Some(name.to_string())]
            .into_iter()
            .flatten()
            .find(|s| !s.trim().is_empty())
            .unwrap_or_else(|| "transcript".to_string()),
        date: value("date"),
        south: value("south"),
        north: value("north"),
        first: None,
        start: t
            .header("opening")
            .filter(|h| !h.value.eq_ignore_ascii_case("official"))
            .map(|h| field(&h.value, h.span)),
        preset: t.header("game-preset").map(|h| field(&h.value, h.span)),
        rulings,
        notation: Some(Field {
            value: Notation::Donkers,
            span: at_start,
        }),
        moves: t
            .plies
            .iter()
            .map(|p| Field {
                value: MoveText::from(p.text.as_str()),
                span: p.span,
            })
            .collect(),
        result: None,
    })
}

/// Whether the transcript's `opening:` has North to move, as the games written in Donkers'
/// notation read it (an opening no game reads is the replay's error, reported there).
fn north_opens(t: &Transcript) -> bool {
    let Some(opening) = t
        .header("opening")
        .filter(|h| !h.value.eq_ignore_ascii_case("official"))
    else {
        return false;
    };
    // The game the transcript names first, then every game written in Donkers' notation.
    let named = t.header("game").and_then(|h| game_id(&h.value));
    named
        .into_iter()
        .chain(Ruleset::ALL)
        .find_map(|ruleset| {
            bao_rules::with_game!(ruleset, G => {
                use bao_rules::Game;
                G::NOTATIONS
                    .contains(&Notation::Donkers)
                    .then(|| G::parse_position(&opening.value).ok())
                    .flatten()
                    .map(|p| G::side_to_move(&p) == bao_rules::Side::North)
            })
        })
        .unwrap_or(false)
}

/// A move as published with its slips read: a row letter in the other side's case, a lower-case
/// `l`/`r` (Donkers' notation has neither, so each has one reading). Each slip is recorded.
fn read_slips(
    word: &str,
    north: bool,
    span: Span,
    (line, ply): (usize, u32),
    slips: &mut Vec<Slip>,
) -> String {
    let mut text = word.to_string();
    let mut slip = |kind, read: &str| {
        slips.push(Slip {
            kind,
            span,
            line,
            ply,
            written: word.to_string(),
            read: read.to_string(),
        })
    };
    if let Some(first) = text.chars().next() {
        let other = if north {
            matches!(first, 'A' | 'B')
        } else {
            matches!(first, 'a' | 'b')
        };
        if other {
            let swapped = if north {
                first.to_ascii_lowercase()
            } else {
                first.to_ascii_uppercase()
            };
            text.replace_range(..1, &swapped.to_string());
            slip(SlipKind::OtherSidesCase, &text);
        }
    }
    // After the hole number: `l`/`r` are the only lower-case letters that can stand there.
    if let Some(digit) = text.find(|c: char| c.is_ascii_digit()) {
        let (hole, rest) = text.split_at(digit);
        if rest.contains(['l', 'r']) {
            let read = format!("{hole}{}", rest.replace('l', "L").replace('r', "R"));
            slip(SlipKind::LowerCaseDirection, &read);
            text = read;
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "South: Ramadhan\nNORTH: Kijumbe\nplace: Zanzibar\nRound: 3\n\n\
                        1: 7L* 5R;\n2: 6R* 6R*;\n12: 5R 7R*; END IN THE HOUSE\n";

    #[test]
    fn headers_plies_spans_and_comments() {
        let text = GAME.replace("12:", "3:");
        let t = parse(&text).unwrap();
        assert_eq!(t.header("north").unwrap().value, "Kijumbe");
        assert_eq!(t.header("round").unwrap().key, "Round");
        let texts: Vec<&str> = t.plies.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["7L*", "5R", "6R*", "6R*", "5R", "7R*"]);
        let last = &t.plies[5];
        assert_eq!(&text[last.span.offset..last.span.end()], "7R*");
        assert_eq!(last.comment.as_deref(), Some("END IN THE HOUSE"));
        assert_eq!(t.plies[4].comment, None);
    }

    #[test]
    fn every_bad_line_is_reported_where_it_is() {
        let findings = parse(GAME).unwrap_err();
        // 12 where 3 was due.
        assert_eq!(findings.len(), 1);
        let span = findings[0].span.unwrap();
        assert_eq!(&GAME[span.offset..span.end()], "12");

        let text = "1: 7L* 5R;\n2: a b c;\nSouth: late\n3: 7L*;\n4: 5R;\nwhat\n";
        let findings = parse(text).unwrap_err();
        let messages: Vec<&str> = findings.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(messages.len(), 4, "{messages:?}");
        assert!(messages[0].contains("holds 3 moves"));
        assert!(messages[1].contains("after the moves began"));
        assert!(messages[2].contains("after a line that held South's move alone"));
        assert!(messages[3].contains("neither a header"));
    }

    #[test]
    fn a_last_line_may_hold_south_alone() {
        let t = parse("1: 7L* 5R;\n2: 6R*;\n").unwrap();
        assert_eq!(t.plies.len(), 3);
    }

    /// The forms of de Voogt's files as Donkers typed them (`records/voogt-1994`).
    const PUBLISHED: &str = "title: Voogt-4; (pg 135)\r\nsouth: Nasoro;\r\nNorth: Ramadhan;\r\n\
                             1: 6L*  5L;\r\n% a comment\r\n2: 3R 5l\r\n3:  5R A5L**;  A resigns\r\n\
                             ; after the game\r\n4: B2L;\r\n";

    #[test]
    fn published_files_are_read_with_their_slips() {
        let t = parse(PUBLISHED).unwrap();
        let title = t.header("title").unwrap();
        assert_eq!(title.value, "Voogt-4");
        assert_eq!(title.comment.as_deref(), Some("(pg 135)"));
        assert_eq!(t.header("north").unwrap().value, "Ramadhan");
        let texts: Vec<&str> = t.plies.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, ["6L*", "5L", "3R", "5L", "5R", "a5L**", "B2L"]);
        assert_eq!(t.plies[5].written, "A5L**");
        let comments: Vec<(&str, usize)> = t
            .comments
            .iter()
            .map(|c| (c.text.as_str(), c.before_ply))
            .collect();
        assert_eq!(comments, [("% a comment", 2), ("; after the game", 6)]);
        let slips: Vec<(SlipKind, usize, &str)> = t
            .slips
            .iter()
            .map(|s| (s.kind, s.line, s.read.as_str()))
            .collect();
        assert_eq!(
            slips,
            [
                (SlipKind::NoSemicolon, 6, "2: 3R 5l;"),
                (SlipKind::LowerCaseDirection, 6, "5L"),
                (SlipKind::OtherSidesCase, 7, "a5L**"),
            ]
        );
        let span = t.slips[2].span;
        assert_eq!(&PUBLISHED[span.offset..span.end()], "A5L**");
        assert!(t.slips[2].message().contains("other side's case"));
    }

    #[test]
    fn a_header_without_its_semicolon_is_a_slip() {
        let t = parse("South: Ramadhan\nnorth: Kijumbe;\n1: 7L* 5R;\n").unwrap();
        assert_eq!(t.header("south").unwrap().value, "Ramadhan");
        let slips: Vec<(SlipKind, usize, &str)> = t
            .slips
            .iter()
            .map(|s| (s.kind, s.line, s.written.as_str()))
            .collect();
        assert_eq!(slips, [(SlipKind::HeaderNoSemicolon, 1, "South")]);
        assert!(t.slips[0].message().contains("`South:` has no `;`"));
    }

    #[test]
    fn findings_past_the_cap_are_counted() {
        let text = format!("1: 6R* 7R*;\n{}", "x\n".repeat(MAX_FINDINGS + 7));
        let findings = parse(&text).unwrap_err();
        assert_eq!(findings.len(), MAX_FINDINGS + 1);
        assert!(findings[MAX_FINDINGS].message.starts_with("7 more line(s)"));
    }

    #[test]
    fn cr_only_line_ends_are_line_ends() {
        let text = PUBLISHED.replace("\r\n", "\r");
        let t = parse(&text).unwrap();
        assert_eq!(t.plies.len(), 7);
        assert_eq!(t.slips[0].line, 6);
        let span = t.plies[6].span;
        assert_eq!(&text[span.offset..span.end()], "B2L");
    }

    #[test]
    fn a_transcript_without_a_move_line_is_an_error() {
        for text in ["South: a;\nNorth: b;\n", "title: x;\r% nothing\r", ""] {
            let findings = parse(text).unwrap_err();
            assert_eq!(findings[0].code, Code::EmptyFile, "{text:?}");
        }
    }

    #[test]
    fn the_template_is_an_empty_game_with_a_warning() {
        let t = parse("title: new;\n1: \n").unwrap();
        assert!(t.plies.is_empty());
        assert_eq!(t.slips.len(), 1);
        assert_eq!(t.slips[0].kind, SlipKind::EmptyGame);
        assert_eq!(t.slips[0].line, 2);
        // Followed by moves, an empty line 1 is an error.
        let findings = parse("1: \n2: 6R* 7R*;\n").unwrap_err();
        assert!(
            findings[0].message.contains("holds no move"),
            "{findings:?}"
        );
    }

    /// Issue 32, K14: a header that means something, given twice, is a finding at the second,
    /// not the first value kept in silence; a key it does not know may come again.
    #[test]
    fn a_repeated_header_is_a_finding() {
        let findings = parse("south: a;\nSouth: b;\n1: 7L* 5R;\n").unwrap_err();
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert!(
            findings[0]
                .message
                .contains("`South:` is given twice (line 1 and line 2)"),
            "{findings:?}"
        );
        assert_eq!(findings[0].span.unwrap().offset, 10);
        let t = parse("Round: 1;\nRound: 2;\n1: 7L* 5R;\n").unwrap();
        assert_eq!(t.headers.len(), 2);
    }

    #[test]
    fn the_game_its_preset_and_rulings_are_headers() {
        let text = "game: Bao la Kete;\ngame-preset: x;\ngame-rulings: a.b=c, d.e = f;\n\
                    takasia: YES;\nsource: a; b;\n1: 6R* 6R*;\n";
        let t = parse(text).unwrap();
        let r = as_record(&t, Some(Ruleset::Zanzibar), "name").unwrap();
        assert_eq!(r.ruleset.value, Ruleset::Kete);
        assert_eq!(
            &text[r.ruleset.span.offset..r.ruleset.span.end()],
            "game: Bao la Kete;"
        );
        assert_eq!(r.preset.unwrap().value, "x");
        let rulings: Vec<(&str, &str)> = r
            .rulings
            .iter()
            .map(|(k, v)| (k.value.as_str(), v.value.as_str()))
            .collect();
        assert_eq!(
            rulings,
            [("a.b", "c"), ("d.e", "f"), ("zanzibar.takasia", "yes")]
        );
        // A provenance may hold `;`.
        assert_eq!(r.source, "a; b");
        // No `game:`: the one given, else Bao la Kiswahili.
        let t = parse("1: 6R* 6R*;\n").unwrap();
        let game = |t: &Transcript, given| as_record(t, given, "n").unwrap().ruleset.value;
        assert_eq!(game(&t, Some(Ruleset::Kete)), Ruleset::Kete);
        assert_eq!(game(&t, None), DEFAULT_RULESET);
        // A `game:` that names no game is refused where it is read, at the header, with the
        // nearest id.
        let text = "game: bao-la-ket;\n1: 6R* 6R*;\n";
        let e = as_record(&parse(text).unwrap(), None, "n").unwrap_err();
        assert_eq!(e.code, Code::UnknownRuleset);
        assert_eq!(
            &text[e.span.unwrap().offset..e.span.unwrap().end()],
            "game: bao-la-ket;"
        );
        assert!(
            e.message.contains("did you mean `bao-la-kete`"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_line_is_read_by_its_shape() {
        assert_eq!(line_kind("  \t"), Line::Blank);
        assert_eq!(line_kind(" % x"), Line::Comment);
        assert_eq!(
            line_kind("12 : 5R 7R*;"),
            Line::Move {
                number: "12",
                rest: " 5R 7R*;"
            }
        );
        assert_eq!(
            line_kind("\u{feff}South: a"),
            Line::Header {
                key: "South",
                rest: " a"
            }
        );
        assert_eq!(line_kind("  Moves: []"), Line::RecordField { key: "Moves" });
        assert_eq!(line_kind("{ruleset: x}"), Line::BadKey { key: "{ruleset" });
        assert_eq!(
            line_kind("\"rule\\x73et\": x"),
            Line::BadKey {
                key: "\"rule\\x73et\""
            }
        );
        assert_eq!(line_kind("# title: x"), Line::BadKey { key: "# title" });
        assert_eq!(line_kind("- A2"), Line::Other);
        let findings = parse("moves: [A2];\n1: 6R* 6R*;\n").unwrap_err();
        assert!(
            findings[0].message.contains("a field of a game record"),
            "{findings:?}"
        );
    }
}
