//! Telling a game record from a published transcript by what the text holds.

use super::line_ends::lines;
use super::{record, transcript};

/// What a file of games is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// YAML game records; also text that is neither form, for the YAML reader to refuse.
    Records,
    /// A published transcript (Donkers' notation).
    Transcript,
}

/// What `text` is, by what it reads as. A line that is no transcript line
/// ([`transcript::line_kind`]: not blank, a `%`/`;` comment, a move line `n: ...` or a header
/// `key: ...`, a key no record-only field) rules the transcript out; so does a text that YAML reads
/// as a map with a field only records have ([`transcript::RECORD_ONLY`], however it is spelt:
/// indented, quoted, escaped, in a flow map). What is left is a transcript if it shows one: a move
/// line, a header ending in `;`, or a `%`/`;` comment. Anything else (an empty file,
/// `/etc/passwd`) is records, for the YAML reader to read or refuse.
pub fn form_of(text: &str) -> Form {
    use transcript::Line;
    let mut shown = false;
    for (_, line) in lines(text) {
        match transcript::line_kind(line) {
            Line::Blank => {}
            Line::Comment | Line::Move { .. } => shown = true,
            Line::Header { rest, .. } => shown |= rest.contains(';'),
            Line::RecordField { .. } | Line::BadKey { .. } | Line::Other => return Form::Records,
        }
    }
    // A text above a transcript's limit is refused as one: YAML is read only within it.
    let within = text.len() as u64 <= super::Kind::Transcript.limit();
    if shown && !(within && reads_as_record(text)) {
        Form::Transcript
    } else {
        Form::Records
    }
}

/// Whether a YAML document of `text` is a map with a field only records have.
fn reads_as_record(text: &str) -> bool {
    record::split_documents(text).iter().any(|doc| {
        record::mapping_keys(doc).is_some_and(|keys| {
            keys.iter()
                .any(|k| transcript::RECORD_ONLY.contains(&k.as_str()))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_never_a_transcript() {
        for record in [
            "title: Voogt; (pg 135)\nsource: de Voogt 1995; p. 135\nruleset: bao-kingulu\nmoves: [A9, Q7, zz]\n",
            "source: a; b\nsouth: c; d\n\"moves\": [A3]\n",
            "# a record\n---\nruleset: bao-la-kete\n",
            "moves: [\"A6<*\"]; x\n",
            "",
            "root:x:0:0:root:/root:/bin/bash\n",
            "South: Ramadhan\nNorth: Kijumbe\n",
        ] {
            assert_eq!(form_of(record), Form::Records, "{record}");
        }
    }

    /// Issue 32, K1: records spelt so that their lines look like a transcript's (keys indented,
    /// in a flow map, escaped), a Donkers move line inside a YAML scalar. Each was read as a
    /// transcript and passed, its own moves never replayed.
    pub(crate) const DISGUISED_RECORDS: &[&str] = &[
        "  ruleset: bao-kingulu\n  moves: [A9, Q7, zz]\n  source: \"a;\n  1: 6R* 7R*;\n  ;\"\n",
        "{ruleset: bao-kingulu, moves: [A9, Q7, zz], source: \"a;\n1: 6R* 7R*;\n;\"}\n",
        "\"rule\\x73et\": bao-kingulu\n\"mo\\x76es\": [A9, Q7, zz]\nsource: \"a;\n 1: 6R* 7R*;\n ;\"\n",
        "\"rule\\x73et\": bao-la-kiswahili\nsource: 'a;\n  1: 6R* 7R*;\n  ;'\n\"\\x6doves\": [zz]\n",
    ];

    #[test]
    fn a_record_in_any_spelling_is_read_as_a_record() {
        for record in DISGUISED_RECORDS {
            let docs = record::split_documents(record);
            let keys = record::mapping_keys(&docs[0]).unwrap_or_default();
            assert!(keys.iter().any(|k| k == "ruleset"), "{record}: {keys:?}");
            assert_eq!(form_of(record), Form::Records, "{record}");
        }
    }

    /// Lines of transcripts, of records in their spellings, and of neither, for the property.
    const FRAGMENTS: &[&str] = &[
        "south: Nasoro;",
        "North: Kijumbe",
        "title: Voogt-4; (pg 135)",
        "game: bao-la-kete;",
        "opening: official;",
        "1: 6R* 7R*;",
        "2: 5L;",
        "1: ",
        "% a comment",
        "; a comment",
        "",
        "# a YAML comment",
        "---",
        "ruleset: bao-kingulu",
        "moves: [A9, Q7, zz]",
        "moves:",
        "- A2",
        "  - a2",
        "source: \"a;",
        "source: 'a;",
        ";\"",
        ";'",
        "\"rule\\x73et\": bao-kingulu",
        "'moves': []",
        "\"\\u0072uleset\": y",
        "{ruleset: x, moves: [a]}",
        "{south: a, 1: b}",
        "? moves",
        ": [a]",
        "&a ruleset: x",
        "!!str moves: [a]",
        "Moves: []",
        "first: north;",
        "result: draw",
        "source: x",
        "date: 11-10-94; x",
    ];

    /// Whether serde-saphyr, into serde_json's values (no code of the oracle's), reads a document
    /// of `text` as a map with a field only records have.
    fn yaml_says_record(text: &str) -> bool {
        record::split_documents(text).iter().any(|doc| {
            matches!(
                serde_saphyr::from_str::<serde_json::Value>(doc.text),
                Ok(serde_json::Value::Object(map))
                    if map.keys().any(|k| transcript::RECORD_ONLY.contains(&k.as_str()))
            )
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        /// The decision against the YAML library's own reading: what it reads as a map with a
        /// record's field is records; what is told a transcript is read by the transcript reader
        /// line by line, no line refused for its shape.
        #[test]
        fn the_form_agrees_with_the_yaml_library(
            picks in proptest::collection::vec((0..FRAGMENTS.len(), 0usize..3), 1..9),
            crlf in proptest::bool::ANY,
        ) {
            let nl = if crlf { "\r\n" } else { "\n" };
            let text: String = picks
                .iter()
                .map(|&(i, indent)| format!("{}{}{nl}", " ".repeat(indent), FRAGMENTS[i]))
                .collect();
            let form = form_of(&text);
            if yaml_says_record(&text) {
                proptest::prop_assert_eq!(form, Form::Records, "{:?}", text);
            }
            if form == Form::Transcript {
                let (_, findings) = transcript::read(&text);
                for f in &findings {
                    proptest::prop_assert!(
                        !(f.message.contains("neither a header")
                            || f.message.contains("not a header key")
                            || f.message.contains("field of a game record")),
                        "{:?}: {}", text, f.message
                    );
                }
            }
        }
    }

    #[test]
    fn the_yaml_library_is_asked_as_the_property_asks_it() {
        assert!(yaml_says_record("ruleset: x\n1: 6R* 7R*;\n"));
        assert!(yaml_says_record("{\"rule\\x73et\": x}\n"));
        assert!(!yaml_says_record("south: a;\n1: 6R* 7R*;\n"));
    }

    #[test]
    fn transcripts_are_told_by_move_lines_and_headers() {
        for transcript in [
            "title: Voogt-4; (pg 135)\r\nsouth: Nasoro;\r\n1: 6L*  5L;\r\n",
            "title: x;\rsouth: a;\r1: 6R* 7R*;\r2: 8R* 6R*;\r",
            "% comment\n1: 7L* 5R;\n",
            "South: Ramadhan\nNorth: Kijumbe\n1: 7L* 5R;\n",
            "South: Ramadhan;\nNorth: Kijumbe;\n",
            "title: new game;\n1: \n",
        ] {
            assert_eq!(form_of(transcript), Form::Transcript, "{transcript}");
        }
    }
}
