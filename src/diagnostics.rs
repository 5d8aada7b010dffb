//! Findings: what the validator found wrong with a game record, as plain data, and the stable
//! error codes that name them.
//!
//! A finding knows the ply and the byte span of the record text it is about, never the board;
//! the reporters (`report`) turn findings into miette reports or JSON. The codes are a
//! contract: scripts match on them, docs/reference.md (`## Error codes`) documents each one, and a test
//! keeps the two in step.

mod code;

pub use bao_rules::Span;
use bao_rules::game::{RuleId, Side};
pub use code::Code;

/// What a command refuses to do as asked, before it checks anything: a stable code (a usage
/// error, the command line's exit status 2) and why. `conform`'s plan and run and `explain` refuse
/// so; the front ends only say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub code: Code,
    pub message: String,
}

impl Refused {
    pub fn new(code: Code, message: impl Into<String>) -> Refused {
        Refused {
            code,
            message: message.into(),
        }
    }
}

/// `error[code]: message`, as the command line writes it.
impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "error[{}]: {}", self.code, self.message)
    }
}

impl std::error::Error for Refused {}

/// One problem found in a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub code: Code,
    /// The rule of the reference the problem is about (`MAS-5`), if any.
    pub rule: Option<RuleId>,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The ply (1-based) of the move concerned, if the problem is a move's.
    pub ply: Option<u32>,
    /// The move as written, if the problem is a move's.
    pub mv: Option<String>,
    /// Where in the file, if known.
    pub span: Option<Span>,
    /// What would be right: the legal moves there, what the move did, the accepted values.
    pub help: Option<String>,
}

impl Finding {
    pub fn new(code: Code, message: impl Into<String>) -> Finding {
        Finding {
            code,
            rule: None,
            message: message.into(),
            ply: None,
            mv: None,
            span: None,
            help: None,
        }
    }

    pub fn rule(mut self, rule: RuleId) -> Finding {
        self.rule = Some(rule);
        self
    }

    pub fn rule_opt(mut self, rule: Option<RuleId>) -> Finding {
        self.rule = rule;
        self
    }

    pub fn at(mut self, span: Span) -> Finding {
        self.span = Some(span);
        self
    }

    pub fn at_opt(mut self, span: Option<Span>) -> Finding {
        self.span = span;
        self
    }

    pub fn ply(mut self, ply: u32, mv: impl Into<String>) -> Finding {
        self.ply = Some(ply);
        self.mv = Some(mv.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Finding {
        self.help = Some(help.into());
        self
    }
}

/// A move as transcribers and books number it: move `number` is the first mover's ply `2n-1`
/// and the other side's ply `2n` (Donkers' `15: South North;` lines, when South starts), with
/// the ply beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    pub side: Side,
    pub ply: u32,
}

impl MoveNumber {
    /// Ply `ply` (from 1) of a game whose first move is `first`'s.
    pub fn of_ply(ply: u32, first: Side) -> MoveNumber {
        MoveNumber {
            number: ply.div_ceil(2),
            side: if ply % 2 == 1 {
                first
            } else {
                first.opponent()
            },
            ply,
        }
    }

    /// Ply `ply` in words: `move 15, south (ply 29)`, or `ply 29` when who moved first is not
    /// known (a game that could not be set up).
    pub fn words(ply: u32, first: Option<Side>) -> String {
        first.map_or(format!("ply {ply}"), |first| {
            MoveNumber::of_ply(ply, first).to_string()
        })
    }

    /// The ply of move `number` (from 1) of `side`, in a game whose first move is `first`'s.
    pub fn ply_of(number: u32, side: Side, first: Side) -> Option<u32> {
        let first_ply = number.checked_mul(2)?.checked_sub(1)?;
        first_ply.checked_add(u32::from(side != first))
    }
}

/// `move 15, south (ply 29)`.
impl std::fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "move {}, {} (ply {})", self.number, self.side, self.ply)
    }
}

/// The 1-based line and column (in characters) of byte `offset` of `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_numbered_as_transcripts_number_them() {
        // Donkers' `15: 2 6L;`: ply 29 is South's move 15, ply 30 North's.
        let m = MoveNumber::of_ply(29, Side::South);
        assert_eq!((m.number, m.side), (15, Side::South));
        assert_eq!(m.to_string(), "move 15, south (ply 29)");
        assert_eq!(MoveNumber::of_ply(30, Side::South).side, Side::North);
        assert_eq!(MoveNumber::of_ply(1, Side::North).side, Side::North);
        for first in [Side::South, Side::North] {
            for ply in 1..200 {
                let m = MoveNumber::of_ply(ply, first);
                assert_eq!(MoveNumber::ply_of(m.number, m.side, first), Some(ply));
            }
        }
        assert_eq!(MoveNumber::ply_of(0, Side::South, Side::South), None);
        assert_eq!(
            MoveNumber::words(4, Some(Side::North)),
            "move 2, south (ply 4)"
        );
        assert_eq!(MoveNumber::words(4, None), "ply 4");
        assert_eq!(MoveNumber::ply_of(u32::MAX, Side::North, Side::South), None);
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "ab\ncé d\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        // `d` is byte 7 (é takes two bytes) but column 4.
        assert_eq!(line_column(text, 7), (2, 4));
        assert_eq!(line_column(text, 100), (3, 1));
    }
}

/// Where the lines of a text start: built once per file (when first asked), so that locating
/// each of many findings costs a binary search, not a scan of the file from its start (a file
/// with thousands of invalid games would be quadratic), and a file with nothing to locate costs
/// nothing.
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offsets of the line starts; the first is 0.
    starts: std::cell::OnceCell<Vec<usize>>,
    /// The last place located before the index was built (its offset, 0-based line and line
    /// start): a check locates each game's first move in order, forward through the file, which
    /// counting line ends from the last place answers without an index (8 bytes a line).
    cursor: std::cell::Cell<(usize, usize, usize)>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> LineIndex<'a> {
        LineIndex {
            text,
            starts: std::cell::OnceCell::new(),
            cursor: std::cell::Cell::new((0, 0, 0)),
        }
    }

    /// The text indexed.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The 0-based line holding byte `at` and the offset where it starts.
    fn locate(&self, at: usize) -> (usize, usize) {
        let (from, line, start) = self.cursor.get();
        if self.starts.get().is_none() && at >= from {
            let passed = &self.text.as_bytes()[from..at];
            let ends = passed.iter().filter(|&&b| b == b'\n').count();
            let start = passed
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(start, |i| from + i + 1);
            self.cursor.set((at, line + ends, start));
            return (line + ends, start);
        }
        let line = self.line_of(at);
        (line, self.starts()[line])
    }

    fn starts(&self) -> &[usize] {
        self.starts.get_or_init(|| {
            let mut starts = vec![0];
            starts.extend(self.text.match_indices('\n').map(|(i, _)| i + 1));
            starts
        })
    }

    /// The 0-based line holding byte `at`.
    pub fn line_of(&self, at: usize) -> usize {
        self.starts().partition_point(|&s| s <= at) - 1
    }

    /// The byte offset where 0-based line `line` starts.
    pub fn start(&self, line: usize) -> usize {
        self.starts()[line]
    }

    /// The index of the last line (the one after a final line end counts).
    pub fn last_line(&self) -> usize {
        self.starts().len() - 1
    }

    /// The 1-based line and column (in characters) of byte `offset`, as
    /// [`line_column`] gives them.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (line, start) = self.locate(offset);
        let column = self.text[start..offset].chars().count() + 1;
        (line + 1, column)
    }
}

#[cfg(test)]
mod line_tests {
    use super::{LineIndex, line_column};

    #[test]
    fn forward_queries_locate_as_the_index_does() {
        let text = "ab\ncé d\n\nxyz\r\nq";
        for step in 1..4 {
            let index = LineIndex::new(text);
            // Forward (counted), then backward (the index), then forward again.
            let offsets: Vec<usize> = (0..=text.len() + 1).step_by(step).collect();
            for &offset in offsets.iter().chain(offsets.iter().rev()).chain(&offsets) {
                assert_eq!(
                    index.line_column(offset),
                    line_column(text, offset),
                    "{offset}"
                );
            }
        }
    }

    #[test]
    fn the_index_locates_as_a_scan_does() {
        for text in ["", "ab\ncé d\n", "\n\n", "x", "a\r\nbé\n\nc"] {
            let index = LineIndex::new(text);
            for offset in 0..=text.len() + 2 {
                assert_eq!(
                    index.line_column(offset),
                    line_column(text, offset),
                    "{text:?} {offset}"
                );
            }
        }
    }
}
