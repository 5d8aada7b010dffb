//! The fast reader: records written the plain way (top-level `key: value` lines, moves in a flow
//! or block list, rulings in a flow or block map, plain or simply quoted scalars) read without
//! the YAML parser, several times faster. It accepts only what it understands completely and
//! returns `None` for anything else — any other YAML construct, any doubt, any error — and the
//! caller then reads the document with serde-saphyr, which also words every error. A test checks
//! on generated, corpus, broken and randomly mutated records that whenever this reader accepts a
//! document, serde-saphyr reads the same fields with the same spans.

use super::{Document, FIELDS, Field, Fields, MoveText, is_document_start};
use crate::diagnostics::Span;

/// One line of the document: its byte offset in the document and its text without the line end.
#[derive(Clone, Copy)]
struct Line<'a> {
    offset: usize,
    text: &'a str,
}

fn lines(text: &str) -> Option<Vec<Line<'_>>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive('\n') {
        let body = raw.strip_suffix('\n').unwrap_or(raw);
        let body = body.strip_suffix('\r').unwrap_or(body);
        if !is_printable(body) {
            return None;
        }
        out.push(Line { offset, text: body });
        offset += raw.len();
    }
    Some(out)
}

/// Whether a line holds only characters this reader is sure of: no tab, no lone `\r`, no control
/// character (YAML refuses most of them anywhere, comments included), no byte-order mark or
/// Unicode line separator inside. Anything else goes to serde-saphyr.
fn is_printable(line: &str) -> bool {
    line.bytes().all(|b| b >= 0x20 && b != 0x7f)
        && (line.is_ascii()
            || line.chars().all(|c| {
                !c.is_control()
                    && !matches!(
                        c,
                        '\u{feff}' | '\u{fffe}' | '\u{ffff}' | '\u{2028}' | '\u{2029}'
                    )
            }))
}

fn is_blank(text: &str) -> bool {
    text.bytes().all(|b| b == b' ')
}

/// A blank line or a comment line starting at column 0.
fn is_skippable(text: &str) -> bool {
    is_blank(text) || text.starts_with('#')
}

/// Whether the rest of a line after a value is empty or a comment.
fn is_line_end(rest: &str) -> bool {
    let trimmed = rest.trim_start_matches(' ');
    trimmed.is_empty() || (trimmed.len() < rest.len() && trimmed.starts_with('#'))
}

/// Words that YAML reads as something other than a string (null, booleans).
fn is_special_word(text: &str) -> bool {
    matches!(
        text,
        "null" | "Null" | "NULL" | "true" | "True" | "TRUE" | "false" | "False" | "FALSE"
    )
}

/// A scalar on the rest of a line in block context: `(value, offset, length)` with the offset
/// relative to `rest`, or `None` if it is not a plain scalar of safe characters or a quoted one
/// without escapes.
fn block_scalar(rest: &str) -> Option<(&str, usize, usize)> {
    let text = rest.trim_start_matches(' ');
    let lead = rest.len() - text.len();
    let first = text.chars().next()?;
    if first == '"' || first == '\'' {
        let close = text[1..].find(first)? + 1;
        let content = &text[1..close];
        if content.contains('\\') || !is_line_end(&text[close + 1..]) {
            return None;
        }
        return Some((content, lead, close + 1));
    }
    if !first.is_ascii_alphanumeric() {
        return None;
    }
    let value = match text.find(" #") {
        Some(comment) => &text[..comment],
        None => text,
    };
    let value = value.trim_end_matches(' ');
    if value.contains(": ") || value.ends_with(':') || is_special_word(value) {
        return None;
    }
    Some((value, lead, value.len()))
}

/// A plain scalar in flow context ends at these.
fn ends_flow_token(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b',' | b'[' | b']' | b'{' | b'}')
}

/// A scalar in flow context starting at `at` of `text`: `(value, end)`.
fn flow_scalar(text: &str, at: usize) -> Option<(&str, usize)> {
    let bytes = text.as_bytes();
    let first = *bytes.get(at)?;
    if first == b'"' || first == b'\'' {
        let close = at + 1 + text[at + 1..].find(first as char)?;
        let content = &text[at + 1..close];
        if content.contains(['\\', '\n']) || bytes.get(close + 1) == Some(&first) {
            return None;
        }
        return Some((content, close + 1));
    }
    if !first.is_ascii_alphanumeric() {
        return None;
    }
    let end = (at..bytes.len())
        .find(|&i| ends_flow_token(bytes[i]))
        .unwrap_or(bytes.len());
    let value = &text[at..end];
    if value.contains(':') || is_special_word(value) {
        return None;
    }
    Some((value, end))
}

/// Skips spaces, line ends and comments inside a flow collection. Refuses content at column 0
/// (other than the closing bracket) and a line end inside a single-line collection.
fn skip_flow_space(text: &str, mut at: usize, multiline: bool) -> Option<usize> {
    let bytes = text.as_bytes();
    while at < bytes.len() {
        match bytes[at] {
            b' ' => at += 1,
            b'\r' if bytes.get(at + 1) == Some(&b'\n') => at += 1,
            b'\n' => {
                if !multiline {
                    return None;
                }
                at += 1;
                match bytes.get(at) {
                    Some(b' ' | b'\n' | b']' | b'\r') | None => {}
                    Some(_) => return None,
                }
            }
            b'#' if at > 0 && matches!(bytes[at - 1], b' ' | b'\n') => {
                at = text[at..].find('\n').map_or(bytes.len(), |n| at + n);
            }
            _ => break,
        }
    }
    Some(at)
}

/// A flow sequence starting at `open` (the `[`): its items with spans relative to `text`, and the
/// offset just after the `]`.
fn flow_sequence(text: &str, open: usize) -> Option<(Vec<Field<MoveText>>, usize)> {
    let bytes = text.as_bytes();
    let mut items = Vec::new();
    let mut at = skip_flow_space(text, open + 1, true)?;
    loop {
        match bytes.get(at)? {
            b']' => return Some((items, at + 1)),
            _ => {
                let (value, end) = flow_scalar(text, at)?;
                items.push(Field {
                    value: MoveText::from(value),
                    span: Span::new(at, end - at),
                });
                at = skip_flow_space(text, end, true)?;
                match bytes.get(at)? {
                    b',' => at = skip_flow_space(text, at + 1, true)?,
                    b']' => return Some((items, at + 1)),
                    _ => return None,
                }
            }
        }
    }
}

type Entries = Vec<(Field<String>, Field<String>)>;

/// A flow map on one line, starting at `open` (the `{`): its entries with spans relative to
/// `text`, and the offset just after the `}`.
fn flow_map(text: &str, open: usize) -> Option<(Entries, usize)> {
    let bytes = text.as_bytes();
    let mut entries = Vec::new();
    let mut at = skip_flow_space(text, open + 1, false)?;
    loop {
        if *bytes.get(at)? == b'}' {
            return Some((entries, at + 1));
        }
        let key_end = (at..bytes.len()).find(|&i| bytes[i] == b':')?;
        let key = &text[at..key_end];
        if !is_ruling_name(key) || bytes.get(key_end + 1) != Some(&b' ') {
            return None;
        }
        if entries
            .iter()
            .any(|(k, _): &(Field<String>, _)| k.value == key)
        {
            return None;
        }
        let value_at = skip_flow_space(text, key_end + 1, false)?;
        let (value, end) = flow_scalar(text, value_at)?;
        entries.push((
            Field {
                value: key.to_string(),
                span: Span::new(at, key.len()),
            },
            Field {
                value: value.to_string(),
                span: Span::new(value_at, end - value_at),
            },
        ));
        at = skip_flow_space(text, end, false)?;
        match bytes.get(at)? {
            b',' => at = skip_flow_space(text, at + 1, false)?,
            b'}' => return Some((entries, at + 1)),
            _ => return None,
        }
    }
}

fn is_ruling_name(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphanumeric())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
}

fn leading_spaces(text: &str) -> usize {
    text.len() - text.trim_start_matches(' ').len()
}

/// The fields read so far.
#[derive(Default)]
struct Builder {
    ruleset: Option<Field<String>>,
    title: Option<String>,
    source: Option<Field<String>>,
    date: Option<String>,
    south: Option<String>,
    north: Option<String>,
    first: Option<Field<String>>,
    start: Option<Field<String>>,
    preset: Option<Field<String>>,
    notation: Option<Field<String>>,
    rulings: Option<Entries>,
    moves: Option<Vec<Field<MoveText>>>,
    result: Option<Field<String>>,
}

/// Reads `doc`, or returns `None` when it is not written the plain way.
pub(crate) fn read(doc: &Document<'_>) -> Option<Fields> {
    let text = doc.text;
    if text.starts_with('\u{feff}') {
        return None;
    }
    let lines = lines(text)?;
    let mut fields = Builder::default();
    let mut seen = Vec::with_capacity(FIELDS.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if is_skippable(line.text) {
            i += 1;
            continue;
        }
        if is_document_start(line.text) {
            if !seen.is_empty() || !is_line_end(&line.text[3..]) {
                return None;
            }
            i += 1;
            continue;
        }
        let colon = line.text.find(':')?;
        let key = &line.text[..colon];
        if !FIELDS.contains(&key) || seen.contains(&key) {
            return None;
        }
        seen.push(key);
        let rest = &line.text[colon + 1..];
        if !(rest.is_empty() || rest.starts_with(' ')) {
            return None;
        }
        let rest_offset = line.offset + colon + 1;
        match key {
            "moves" => {
                let (moves, next) = moves(text, &lines, i, rest, rest_offset)?;
                fields.moves = Some(moves);
                i = next;
            }
            "rulings" => {
                let (entries, next) = rulings(text, &lines, i, rest, rest_offset)?;
                fields.rulings = Some(entries);
                i = next;
            }
            _ => {
                let (value, at, len) = block_scalar(rest)?;
                let field = Field {
                    value: value.to_string(),
                    span: Span::new(rest_offset + at, len),
                };
                match key {
                    "ruleset" => fields.ruleset = Some(field),
                    "title" => fields.title = Some(field.value),
                    "source" => fields.source = Some(field),
                    "date" => fields.date = Some(field.value),
                    "south" => fields.south = Some(field.value),
                    "north" => fields.north = Some(field.value),
                    "first" => fields.first = Some(field),
                    "start" => fields.start = Some(field),
                    "preset" => fields.preset = Some(field),
                    "notation" => fields.notation = Some(field),
                    "result" => fields.result = Some(field),
                    _ => return None,
                }
                i += 1;
            }
        }
    }
    let shift = |f: Field<String>| shifted(doc.offset, f);
    Some(Fields {
        ruleset: shift(fields.ruleset?),
        title: fields.title,
        source: shift(fields.source?),
        date: fields.date,
        south: fields.south,
        north: fields.north,
        first: fields.first.map(shift),
        start: fields.start.map(shift),
        preset: fields.preset.map(shift),
        notation: fields.notation.map(shift),
        rulings: fields
            .rulings
            .unwrap_or_default()
            .into_iter()
            .map(|(k, v)| (shift(k), shift(v)))
            .collect(),
        moves: fields
            .moves?
            .into_iter()
            .map(|f| shifted(doc.offset, f))
            .collect(),
        result: fields.result.map(shift),
    })
}

/// `field` with its span moved from the document's offsets to the file's.
fn shifted<T>(offset: usize, field: Field<T>) -> Field<T> {
    Field {
        span: Span::new(offset + field.span.offset, field.span.len),
        value: field.value,
    }
}

/// The index of the line holding byte `at` of the document, from line `i` on.
fn line_at(lines: &[Line<'_>], mut i: usize, at: usize) -> usize {
    while i + 1 < lines.len() && lines[i + 1].offset <= at {
        i += 1;
    }
    i
}

/// `moves:` as a flow list (possibly over several lines) or a block list on the following lines.
/// Returns the moves and the index of the first line after them.
fn moves(
    text: &str,
    lines: &[Line<'_>],
    i: usize,
    rest: &str,
    rest_offset: usize,
) -> Option<(Vec<Field<MoveText>>, usize)> {
    let value = rest.trim_start_matches(' ');
    if value.starts_with('[') {
        let open = rest_offset + (rest.len() - value.len());
        let (items, end) = flow_sequence(text, open)?;
        let last = line_at(lines, i, end.saturating_sub(1));
        let line = lines[last];
        if !is_line_end(&line.text[end - line.offset..]) {
            return None;
        }
        return Some((items, last + 1));
    }
    if !is_line_end(rest) {
        return None;
    }
    let mut items = Vec::new();
    let mut indent = None;
    let mut j = i + 1;
    while j < lines.len() {
        let line = lines[j];
        if is_skippable(line.text) {
            j += 1;
            continue;
        }
        let n = leading_spaces(line.text);
        let body = &line.text[n..];
        let is_item = body.starts_with("- ");
        if !is_item {
            if n == 0 {
                break;
            }
            return None;
        }
        if *indent.get_or_insert(n) != n {
            return None;
        }
        let (value, at, len) = block_scalar(&body[1..])?;
        items.push(Field {
            value: MoveText::from(value),
            span: Span::new(line.offset + n + 1 + at, len),
        });
        j += 1;
    }
    if items.is_empty() {
        return None;
    }
    Some((items, j))
}

/// `rulings:` as a one-line flow map or a block map on the following lines.
fn rulings(
    text: &str,
    lines: &[Line<'_>],
    i: usize,
    rest: &str,
    rest_offset: usize,
) -> Option<(Entries, usize)> {
    let value = rest.trim_start_matches(' ');
    if value.starts_with('{') {
        let open = rest_offset + (rest.len() - value.len());
        let (entries, end) = flow_map(text, open)?;
        let line = lines[i];
        if end > line.offset + line.text.len() || !is_line_end(&line.text[end - line.offset..]) {
            return None;
        }
        return Some((entries, i + 1));
    }
    if !is_line_end(rest) {
        return None;
    }
    let mut entries = Vec::new();
    let mut indent = None;
    let mut j = i + 1;
    while j < lines.len() {
        let line = lines[j];
        if is_skippable(line.text) {
            j += 1;
            continue;
        }
        let n = leading_spaces(line.text);
        if n == 0 {
            break;
        }
        if *indent.get_or_insert(n) != n {
            return None;
        }
        let body = &line.text[n..];
        let colon = body.find(':')?;
        let name = &body[..colon];
        if !is_ruling_name(name)
            || !body[colon + 1..].starts_with(' ')
            || entries
                .iter()
                .any(|(k, _): &(Field<String>, _)| k.value == name)
        {
            return None;
        }
        let (value, at, len) = block_scalar(&body[colon + 1..])?;
        entries.push((
            Field {
                value: name.to_string(),
                span: Span::new(line.offset + n, name.len()),
            },
            Field {
                value: value.to_string(),
                span: Span::new(line.offset + n + colon + 1 + at, len),
            },
        ));
        j += 1;
    }
    if entries.is_empty() {
        return None;
    }
    Some((entries, j))
}

#[cfg(test)]
mod tests {
    use super::super::split_documents;
    use super::*;
    use crate::rewrite::random_game::{ToRecord, random_game};
    use bao_rules::SplitMix64;

    /// Whenever the fast reader accepts a document, serde-saphyr reads the same fields. True if
    /// the fast reader accepted every document.
    fn agree(text: &str) -> bool {
        let mut accepted = true;
        for doc in split_documents(text) {
            match super::super::readers_agree(&doc) {
                Ok(read) => accepted &= read,
                Err(e) => panic!("{text:?}: {e}"),
            }
        }
        accepted
    }

    const SAMPLES: &[&str] = &[
        "ruleset: bao-la-kimasai\nsource: t\nmoves: [A2, a2]\n",
        "# comment\n---\nruleset: bao-la-kimasai\ntitle: Random game, seed 1, ends north by MAS-9\n\
         source: \"Generated by `bao-oracle generate bao-la-kimasai --seed 1`.\"\n\
         moves: [A2, b11, A3,\n  b10, A4]\nresult: north\n",
        "ruleset: bao-la-kimasai  # the game\nsource: 'hand' # why\ndate: 1911-01-01\n\
         south: Ali\nnorth: Juma\nfirst: north\n\
         start: 111111111111/111111111110/011111111111/111111111111 S\n\
         moves:\n  - A2xx  # captures\n  - \"a2\"\n\n  - A3\nresult: unfinished\n",
        "ruleset: bao-kingulu\nsource: x\nrulings: {kingulu.penultimate-source: not-from-reserved}\n\
         moves: []\n",
        "ruleset: bao-kingulu\nsource: x\nrulings:\n  kingulu.a: b\n  kingulu.c: d # e\n\
         moves:\n- A1\n- a2\n",
        "ruleset: bao-la-kete\r\nsource: x\r\nmoves: [\"A4>\", a5<, A3>+#, B2<**]\r\n",
        "ruleset: x\nsource: y\nmoves: [A2, # one\n  a2, # two\n  ]\n",
        "ruleset: x\nsource: y\ntitle: a [b] {c}, d\nmoves: [A2,]\n",
        "ruleset: x\nsource: y\ntitle: 1911\ndate: 0x1F\nsouth: 1e3\nmoves: [A2]\n",
        "ruleset: x\nsource: y\ntitle: café #1\nmoves: [A2]\n",
    ];

    #[test]
    fn samples_are_read_fast_and_agree() {
        for sample in SAMPLES {
            assert!(agree(sample), "the fast reader refused {sample:?}");
        }
    }

    #[test]
    fn odd_yaml_is_left_to_serde() {
        for text in [
            "ruleset: x\nsource: y\nmoves: [A2]\ntitel: z\n",
            "ruleset: x\nmoves: [A2]\n",
            "ruleset: x\nsource: y\nmoves: A2\n",
            "ruleset: x\nsource: y\nmoves: [A2\n",
            "ruleset: x\nsource: &s y\nmoves: [*s]\n",
            "ruleset: x\nsource: \"a\\nb\"\nmoves: [A2]\n",
            "ruleset: x\nsource: y\n  z\nmoves: [A2]\n",
            "ruleset: x\nsource: y\nstart: |\n  b 1\nmoves: [A2]\n",
            "ruleset: x\nsource: y\nmoves: [A2]\nmoves: [A3]\n",
            "ruleset: x\nsource: y\ntitle: null\nmoves: [A2]\n",
            "ruleset: x\nsource: y\ttab\nmoves: [A2]\n",
            // Control characters (issue 11, item 6): in a value, a comment, a comment line.
            "ruleset: x\nsource: y\u{1b}[31m\nmoves: [A2]\n",
            "ruleset: x\nsource: y\nmoves: [A2\u{4}]\n",
            "ruleset: x\nsource: y # \u{8}\nmoves: [A2]\n",
            "ruleset: x\nsource: y\nmoves: [A2] #\t\n",
            "# \u{1b}]0;title\u{7}\nruleset: x\nsource: y\nmoves: [A2]\n",
            "ruleset: x\nsource: y\u{7f}\nmoves: [A2]\n",
            "ruleset: x\nsource: y\u{85}z\nmoves: [A2]\n",
            "ruleset: x\nsource: y\u{2028}z\nmoves: [A2]\n",
            "ruleset: x\nsource: y\u{feff}\nmoves: [A2]\n",
            "{ruleset: x, source: y, moves: [A2]}\n",
        ] {
            let docs = split_documents(text);
            assert!(read(&docs[0]).is_none(), "{text:?}");
        }
    }

    /// Generated records of every game, and every record file of the crate: the generated ones
    /// are all read fast, and all agree.
    #[test]
    fn generated_and_stored_records_agree() {
        struct Generated;
        impl bao_rules::games::GameVisitor for Generated {
            type Output = Vec<String>;
            fn visit<G: bao_rules::game::Game>(self) -> Vec<String> {
                (0..20)
                    .map(|seed| {
                        let start = G::start();
                        let game = random_game::<G>(&start, &Default::default(), seed, 300);
                        game.to_record("generated for a test", seed % 2 == 0, None, &[])
                    })
                    .collect()
            }
        }
        for ruleset in bao_rules::games::RULESETS {
            for record in bao_rules::Ruleset::from_name(ruleset)
                .unwrap()
                .visit(Generated)
            {
                assert!(agree(&record), "the fast reader refused {record}");
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (files, problems) =
            crate::check::collect_files(&[root.join("corpus"), root.join("tests")]);
        assert!(problems.is_empty());
        let mut read = 0;
        for file in &files {
            if let Ok(text) = std::fs::read_to_string(file) {
                read += usize::from(agree(&text));
            }
        }
        // Most stored records are written plainly (hand-written ones may use any YAML).
        assert!(read * 2 > files.len(), "{read} of {}", files.len());
    }

    /// Random edits of the samples: the fast reader never panics, and never disagrees.
    #[test]
    fn mutated_records_never_disagree() {
        const ALPHABET: &[u8] = b" \n\"'#:,-[]{}|>&*!%@\\\rAa1x.~?";
        let mut rng = SplitMix64::new(7);
        let mut accepted = 0;
        // BAO_MUTATIONS=300000 for a longer search.
        let rounds = std::env::var("BAO_MUTATIONS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(6_000);
        for round in 0..rounds {
            let mut bytes = SAMPLES[round % SAMPLES.len()].as_bytes().to_vec();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len() + 1);
                match rng.below(3) {
                    0 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    1 if at < bytes.len() => bytes[at] = ALPHABET[rng.below(ALPHABET.len())],
                    _ => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
                }
            }
            let Ok(text) = String::from_utf8(bytes) else {
                continue;
            };
            if agree(&text) {
                accepted += 1;
            }
        }
        // The test means something only if many mutants are still read fast.
        assert!(accepted > 1_000, "{accepted}");
    }

    /// Control characters and odd Unicode inserted anywhere (issue 11, item 6: ESC, ^D, ^H, a
    /// tab in a comment passed the fast reader that serde-saphyr refuses): never a disagreement.
    #[test]
    fn control_character_mutants_never_disagree() {
        const PIECES: &[&str] = &[
            "\u{1b}",
            "\u{1b}[31m",
            "\u{4}",
            "\u{8}",
            "\t",
            "#\t",
            " #\t",
            "\u{7f}",
            "\u{0}",
            "\u{7}",
            "\r",
            "\u{85}",
            "\u{9b}",
            "\u{a0}",
            "\u{2028}",
            "\u{feff}",
            "\u{fffe}",
            "é",
            "\u{1F600}",
            " # c\u{1b}",
            "\n#\u{1b}\n",
        ];
        let mut rng = SplitMix64::new(11);
        let mut refused = 0;
        let rounds = std::env::var("BAO_MUTATIONS")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(3_000);
        for round in 0..rounds {
            let mut text = SAMPLES[round % SAMPLES.len()].to_string();
            for _ in 0..1 + rng.below(2) {
                let mut at = rng.below(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                text.insert_str(at, PIECES[rng.below(PIECES.len())]);
            }
            if !agree(&text) {
                refused += 1;
            }
        }
        // Most mutants hold a character the fast reader leaves to serde-saphyr.
        assert!(refused * 2 > rounds, "{refused} of {rounds}");
    }
}
