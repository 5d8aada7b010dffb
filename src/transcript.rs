//! Published transcripts: the text of one game as Bao players publish it (Donkers' example games,
//! de Voogt's book), read with the span of every move so that a wrong one is reported at its line
//! and column.
//!
//! ```text
//! South: Ramadhan
//! North: Kijumbe
//! Takasia: yes
//! 1: 7L* 5R;
//! 12: 5R 7R*; END IN THE HOUSE
//! 26: A7L a6L;  A resigns
//! ```
//!
//! Header lines `key: value` come first (keys case-insensitive; `south`, `north`, `place`,
//! `date`, `winner`, `time`, `takasia`, `source` are known, any other is kept as a comment), then one
//! line per move number `n: <South move> <North move>;`, numbered from 1 without gaps; the last
//! line may hold South's move alone; a comment may follow the `;`; blank lines are ignored. The
//! moves are kept as written: reading them is the game's notation's business.

use crate::diagnostics::{Code, Finding, Span};

/// A transcript larger than this is refused unread (a game is a few kilobytes).
pub const MAX_TRANSCRIPT_BYTES: usize = 1 << 20;

/// A header line: the key as written (its case kept) and the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub key: String,
    pub value: String,
    /// The line, from 1.
    pub line: usize,
    /// The header line's text.
    pub span: Span,
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
    pub text: String,
    pub span: Span,
    /// The move number of its line.
    pub number: u32,
    /// The comment after the line's `;`, on the line's last ply only.
    pub comment: Option<String>,
}

/// A transcript read: its header lines and its plies in order (South first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transcript {
    pub headers: Vec<Header>,
    pub plies: Vec<Ply>,
}

/// The header keys a transcript may carry; others are kept as comments.
pub const KNOWN_KEYS: &[&str] = &[
    "south", "north", "place", "date", "winner", "time", "takasia", "source",
];

impl Transcript {
    /// The value of header `key` (lower case), if given.
    pub fn header(&self, key: &str) -> Option<&Header> {
        self.headers.iter().find(|h| h.name() == key)
    }
}

/// Reads a transcript; every line that cannot be read is a finding at its line and column (all
/// of them, not only the first).
pub fn parse(text: &str) -> Result<Transcript, Vec<Finding>> {
    let mut out = Transcript::default();
    let mut findings = Vec::new();
    let mut expected_number = 1u32;
    let mut ended = false;
    let mut offset = 0;
    for (index, raw) in text.split_inclusive('\n').enumerate() {
        let line_no = index + 1;
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        if line.trim().is_empty() {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let body = line.trim_start();
        let at = |from: usize, len: usize| Span::new(start + indent + from, len);
        let Some((head, rest)) = body.split_once(':') else {
            findings.push(
                Finding::new(
                    Code::BadValue,
                    format!(
                        "line {line_no} is neither a header `key: value` nor a move line `n: ...;`"
                    ),
                )
                .at(at(0, body.len())),
            );
            continue;
        };
        let head = head.trim_end();
        if head.chars().all(|c| c.is_ascii_digit()) && !head.is_empty() {
            let Ok(number) = head.parse::<u32>() else {
                findings.push(
                    Finding::new(Code::BadValue, "move number too large").at(at(0, head.len())),
                );
                continue;
            };
            if ended {
                findings.push(
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
                findings.push(
                    Finding::new(
                        Code::BadValue,
                        format!("move number {number} where {expected_number} was due"),
                    )
                    .at(at(0, head.len()))
                    .help("move lines are numbered from 1 without gaps"),
                );
            }
            expected_number = number.saturating_add(1);
            let rest_at = head.len() + 1;
            let (moves, comment) = match rest.split_once(';') {
                Some((moves, comment)) => {
                    let comment = comment.trim();
                    (moves, (!comment.is_empty()).then(|| comment.to_string()))
                }
                None => {
                    findings.push(
                        Finding::new(Code::BadValue, format!("move line {number} has no `;`"))
                            .at(at(body.len(), 0))
                            .help("end the moves with `;` (a comment may follow it)"),
                    );
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
                        out.plies.push(Ply {
                            text: word.to_string(),
                            span: at(from, word.len()),
                            number,
                            comment: if i == last { comment.clone() } else { None },
                        });
                    }
                }
                n => findings.push(
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
            let key = head.trim();
            if key.is_empty() || key.contains(char::is_whitespace) {
                findings.push(
                    Finding::new(Code::BadValue, format!("`{key}` is not a header key"))
                        .at(at(0, head.len())),
                );
                continue;
            }
            out.headers.push(Header {
                key: key.to_string(),
                value: rest.trim().to_string(),
                line: line_no,
                span: at(0, body.len()),
            });
        } else {
            findings.push(
                Finding::new(
                    Code::BadValue,
                    format!("header line `{}` after the moves began", head.trim()),
                )
                .at(at(0, head.len()))
                .help("header lines come before the first move line"),
            );
        }
    }
    if findings.is_empty() {
        Ok(out)
    } else {
        Err(findings)
    }
}

/// Whether `text` reads as a published transcript rather than a YAML game record: among its
/// first lines (whole-line `%`/`;` comments and blank lines aside) a move line `n: ...;` or a
/// header ending in `;`. For the hint of a command that wants a record (`import` reads these).
pub fn looks_like_transcript(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('%') && !l.starts_with(';'))
        .take(40)
        .any(|line| {
            let Some((key, rest)) = line.split_once(':') else {
                return false;
            };
            let move_line = !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit());
            let header = !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphabetic());
            (move_line && rest.contains(';')) || (header && rest.trim_end().ends_with(';'))
        })
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

        let text = "1: 7L* 5R\n2: a b c;\nSouth: late\n3: 7L*;\n4: 5R;\nwhat\n";
        let findings = parse(text).unwrap_err();
        let messages: Vec<&str> = findings.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(messages.len(), 5, "{messages:?}");
        assert!(messages[0].contains("no `;`"));
        assert!(messages[1].contains("holds 3 moves"));
        assert!(messages[2].contains("after the moves began"));
        assert!(messages[3].contains("after a line that held South's move alone"));
        assert!(messages[4].contains("neither a header"));
    }

    #[test]
    fn a_last_line_may_hold_south_alone() {
        let t = parse("1: 7L* 5R;\n2: 6R*;\n").unwrap();
        assert_eq!(t.plies.len(), 3);
    }

    #[test]
    fn tells_transcripts_from_records() {
        assert!(looks_like_transcript("South: Ramadhan\n1: 7L* 5R;\n"));
        assert!(looks_like_transcript("% a comment\r\ntitle: Voogt-1;\r\n"));
        assert!(!looks_like_transcript(
            "ruleset: bao-kingulu\nsource: x\nmoves: [A3]\n"
        ));
        assert!(!looks_like_transcript("moves:\n  - A3\n  - a4\n"));
    }
}
