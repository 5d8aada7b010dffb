//! Reporters: a check's [`crate::check::FileReport`]s for people ([`human`], miette reports
//! quoting the YAML; [`html`], a page that steps through the games' boards) and for programs
//! ([`json`], the versioned contract of docs/json-report.md). They see findings, record text and
//! [`crate::picture::Board`]s, never a game's position. The human reporter needs miette: feature `cli`.

pub mod csp;
pub mod explain;
pub mod html;
#[cfg(feature = "cli")]
pub mod human;
pub mod json;

use std::borrow::Cow;

/// `text` with its control characters shown escaped (`\u{1b}`), for every output people read:
/// text taken from a record or the command line must not move the cursor, recolour or retitle
/// the terminal. Line ends (`\n`, `\r\n`) and tabs stay as they are.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.char_indices().any(|(i, c)| is_escaped(text, i, c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for (i, c) in text.char_indices() {
        if is_escaped(text, i, c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether [`escape_controls`] escapes character `c` at byte `i` of `text`.
pub(crate) fn is_escaped(text: &str, i: usize, c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t' && !(c == '\r' && text[i + 1..].starts_with('\n'))
}

/// The length of character `c` once escaped (`\u{1b}`: 6 bytes).
#[cfg(feature = "cli")]
pub(crate) fn escaped_len(text: &str, i: usize, c: char) -> usize {
    if is_escaped(text, i, c) {
        format!("{:x}", u32::from(c)).len() + 4
    } else {
        c.len_utf8()
    }
}

#[cfg(test)]
mod tests {
    use super::escape_controls;

    #[test]
    fn control_characters_are_escaped_line_ends_kept() {
        assert_eq!(escape_controls("A5 \u{1b}[31mred"), "A5 \\u{1b}[31mred");
        assert_eq!(escape_controls("a\r\nb\tc\n"), "a\r\nb\tc\n");
        assert_eq!(
            escape_controls("a\rb\u{7f}\u{9b}\u{7}"),
            "a\\u{d}b\\u{7f}\\u{9b}\\u{7}"
        );
        assert!(matches!(
            escape_controls("café\n"),
            std::borrow::Cow::Borrowed(_)
        ));
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
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> LineIndex<'a> {
        LineIndex {
            text,
            starts: std::cell::OnceCell::new(),
        }
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
    /// [`crate::diagnostics::line_column`] gives them.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let column = self.text[self.starts()[line]..offset].chars().count() + 1;
        (line + 1, column)
    }
}

#[cfg(test)]
mod line_tests {
    use super::LineIndex;
    use crate::diagnostics::line_column;

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
