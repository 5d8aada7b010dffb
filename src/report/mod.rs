//! Reporters: a check's [`crate::check::FileReport`]s for people ([`human`], miette reports
//! quoting the YAML) and for programs ([`json`], the versioned contract of README.md). They see
//! findings and record text, never a board. The human reporter needs miette: feature `cli`.

#[cfg(feature = "cli")]
pub mod human;
pub mod json;

use std::borrow::Cow;

/// `text` with its control characters shown escaped (`\u{1b}`), for every output people read:
/// text taken from a record or the command line must not move the cursor, recolour or retitle
/// the terminal. Line ends (`\n`, `\r\n`) and tabs stay as they are.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    let unsafe_at = |i: usize, c: char| {
        c.is_control() && c != '\n' && c != '\t' && !(c == '\r' && text[i + 1..].starts_with('\n'))
    };
    if !text.char_indices().any(|(i, c)| unsafe_at(i, c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for (i, c) in text.char_indices() {
        if unsafe_at(i, c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
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
