//! Text inside XML and HTML (SVG pictures, the HTML pages, JUnit reports): the one escaper, so
//! that no text taken from a record, an engine or the command line can open an element.

/// `text` as XML or HTML character data or a quoted attribute value: markup characters as
/// entities; control characters other than tab and line ends, which XML 1.0 cannot carry at all,
/// as U+FFFD.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_and_control_characters_are_escaped() {
        assert_eq!(
            escape("<a href=\"x\">&'\u{1b}[31m\t\n"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;\u{FFFD}[31m\t\n"
        );
        assert_eq!(escape("kuu a5"), "kuu a5");
    }
}
