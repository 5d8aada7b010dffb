//! Reporters: a check's [`crate::check::FileReport`]s for people ([`human`], miette reports
//! quoting the YAML; [`html`], a page that steps through the games' boards) and for programs
//! ([`json`], the versioned contract of docs/json-report.md). They see findings, record text and
//! [`crate::picture::Board`]s, never a game's position. The human reporter needs miette: feature `cli`.

pub mod check;
pub mod conform;
pub mod csp;
pub mod explain;
pub mod html;
#[cfg(feature = "cli")]
pub mod human;
pub mod json;
pub mod markup;
pub mod short;
pub mod spec;
pub mod svg;
pub mod table;

use std::borrow::Cow;

// Where a reporter finds the lines of a record; it is the findings', beside them.
pub use crate::diagnostics::LineIndex;

/// The closing line: `N passed, M failed` (games), `, K warnings` when there are any, and the
/// paths that could not be read.
pub fn summary_line(summary: &crate::check::Summary) -> String {
    let mut line = format!("{} passed, {} failed", summary.valid, summary.invalid);
    match summary.warnings {
        0 => {}
        1 => line.push_str(", 1 warning"),
        n => line.push_str(&format!(", {n} warnings")),
    }
    if summary.io_errors > 0 {
        line.push_str(&format!(
            " ({} file(s) or folder(s) could not be read)",
            summary.io_errors
        ));
    }
    line
}

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

/// Whether [`escape_controls`] escapes character `c` at byte `i` of `text`: control characters
/// but line ends and tabs, and the bidirectional controls, which reorder what a terminal shows
/// (a record's `\u{202e}` would make a line read otherwise than it is; round four's K16).
pub(crate) fn is_escaped(text: &str, i: usize, c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t' && !(c == '\r' && text[i + 1..].starts_with('\n')))
        || is_bidi_control(c)
}

/// The Unicode bidirectional formatting characters: embeddings, overrides, isolates and marks.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
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
        assert_eq!(
            escape_controls("Omar\u{202e}rojaM\u{2066}x\u{2069}"),
            "Omar\\u{202e}rojaM\\u{2066}x\\u{2069}"
        );
        assert!(matches!(
            escape_controls("café\n"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
