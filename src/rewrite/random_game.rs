//! Seeded random games ([`bao_rules::random_game`]) written as YAML game records.

use std::fmt::Write as _;

pub use bao_rules::random_game::{RandomGame, random_game};

use bao_rules::game::Game;

/// A random game written as a game record.
pub trait ToRecord {
    /// The game as a YAML game record. `source` is its provenance; `start` is written only if
    /// `with_start` (the standard start needs no `start:`); `rulings` are the non-default ones.
    fn to_record(
        &self,
        source: &str,
        with_start: bool,
        preset: Option<&str>,
        rulings: &[(String, String)],
    ) -> String;
}

impl<G: Game> ToRecord for RandomGame<G> {
    /// The game as a YAML game record. `source` is its provenance; `start` is written only if
    /// `with_start` (the standard start needs no `start:`); `rulings` are the non-default ones.
    fn to_record(
        &self,
        source: &str,
        with_start: bool,
        preset: Option<&str>,
        rulings: &[(String, String)],
    ) -> String {
        let mut doc = String::new();
        let _ = writeln!(doc, "ruleset: {}", G::RULESET);
        let ending = match self.end {
            Some(end) => match end.score {
                Some([s, n]) => format!("ends {} by {}, {s}-{n}", self.result(), end.rule),
                None => format!("ends {} by {}", self.result(), end.rule),
            },
            None => format!("cut off after {} plies", self.moves.len()),
        };
        let _ = writeln!(
            doc,
            "title: {}",
            yaml_scalar(&format!("Random game, seed {}, {ending}", self.seed))
        );
        let _ = writeln!(doc, "source: {}", yaml_scalar(source));
        if with_start {
            let _ = writeln!(
                doc,
                "start: {}",
                yaml_scalar(&G::format_compact(&self.start))
            );
        }
        if let Some(preset) = preset {
            let _ = writeln!(doc, "preset: {}", yaml_scalar(preset));
        }
        if !rulings.is_empty() {
            let pairs: Vec<String> = rulings.iter().map(|(k, v)| format!("{k}: {v}")).collect();
            let _ = writeln!(doc, "rulings: {{{}}}", pairs.join(", "));
        }
        doc.push_str("moves: [");
        for (j, mv) in self.moves.iter().enumerate() {
            if j > 0 {
                doc.push_str(if j % 16 == 0 { ",\n  " } else { ", " });
            }
            doc.push_str(&yaml_scalar(&G::format_move(*mv)));
        }
        doc.push_str("]\n");
        let _ = writeln!(doc, "result: {}", self.result());
        doc
    }
}

/// A YAML scalar: plain where that is safe, double-quoted otherwise, every character a YAML
/// stream may not carry raw ([`yaml_unsafe`]) as an escape, so that it reads back as `text`.
pub fn yaml_scalar(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " ,.-()".contains(c))
        && text.starts_with(|c: char| c.is_ascii_alphabetic())
        && !text.ends_with(' ')
        && !resolves_as_other_than_text(text);
    if plain {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if yaml_unsafe(c) => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether a plain scalar starting with a letter would be read as something other than text: the
/// booleans and null of YAML 1.2 and 1.1 (`true`, `No`, `NULL`, `y`, ...). Text starting with a
/// digit is always quoted, so numbers (`0`, `1972`, `1e5`, `0x1F`) never need this test.
fn resolves_as_other_than_text(text: &str) -> bool {
    const WORDS: [&str; 11] = [
        "true", "false", "null", "yes", "no", "on", "off", "y", "n", "inf", "nan",
    ];
    WORDS.iter().any(|w| text.eq_ignore_ascii_case(w))
}

/// `text` on one line, fit for a YAML comment and a terminal: every character [`yaml_unsafe`]
/// shown escaped (`\u{a}`).
pub fn yaml_comment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if yaml_unsafe(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// Characters the program never writes raw into YAML: those YAML 1.2 does not count printable
/// (C0 and C1 controls, DEL, U+FFFE, U+FFFF), the line breaks of YAML 1.1 (NEL, U+2028,
/// U+2029), and the byte-order mark, which only starts a stream. Tab and line feed too: in a
/// comment they would end it or break the line.
pub fn yaml_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}'
        )
        // Valid YAML, but they reorder the line a person reads (round four's K16).
        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn numbers_booleans_and_null_are_quoted() {
        for text in [
            "0", "1972", "1e5", "0x1F", "true", "No", "NULL", "y", "inf", "NaN",
        ] {
            assert_eq!(yaml_scalar(text), format!("\"{text}\""), "{text}");
        }
        assert_eq!(yaml_scalar("Lamu 1972"), "Lamu 1972");
    }

    proptest! {
        /// Any text, quoted, reads back as itself; as a comment, it stays on its line and the
        /// YAML around it reads as before.
        #[test]
        fn every_text_reads_back(text in any::<String>()) {
            let doc = format!("v: {}  # {}\nw: 1\n", yaml_scalar(&text), yaml_comment(&text));
            let read: std::collections::BTreeMap<String, serde_json::Value> =
                serde_saphyr::from_str(&doc).map_err(|e| TestCaseError::fail(format!("{doc:?}: {e}")))?;
            prop_assert_eq!(read.get("v").and_then(|v| v.as_str()), Some(text.as_str()));
            prop_assert_eq!(read.get("w"), Some(&serde_json::Value::from(1)));
        }
    }
}
