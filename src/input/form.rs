//! Telling a game record from a published transcript by what the text holds.

/// What a file of games is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// YAML game records; also text that is neither form, for the YAML reader to refuse.
    Records,
    /// A published transcript (Donkers' notation).
    Transcript,
}

/// The fields of a record that no transcript has: a line naming one rules a transcript out.
/// (`title`, `source`, `date`, `south` and `north` are headers of both.)
const RECORD_ONLY: &[&str] = &[
    "ruleset", "first", "start", "preset", "rulings", "notation", "moves", "result",
];

/// The headers of Donkers' files: with a move line, or a `;` after a value, they make a
/// transcript.
const TRANSCRIPT_KEYS: &[&str] = &[
    "title", "south", "north", "place", "date", "winner", "time", "takasia", "source", "opening",
];

/// The lines of `text` with the byte offset of each: CR, LF and CRLF all end a line (classic Mac
/// files are one line otherwise). The line ends are left out.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = text.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= bytes.len() {
            return None;
        }
        let start = at;
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(bytes.len(), |i| start + i);
        at = match bytes.get(end) {
            Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => end + 2,
            Some(_) => end + 1,
            None => end,
        };
        Some((start, &text[start..end]))
    })
}

/// What `text` is, by a rule that cannot take a record for a transcript: a line (at the margin)
/// naming a record-only field (`ruleset:`, `moves:`, …, quoted or not) makes it records;
/// otherwise a move line (`12: 5R 7R*;`, or the template's `1: `) makes it a transcript, and so
/// does a header of Donkers' files ending in `;` or a `%` comment line with no YAML beside it.
/// Anything else (an empty file, `/etc/passwd`) is records, for the YAML reader to refuse.
pub fn form_of(text: &str) -> Form {
    let mut transcript = false;
    for (_, line) in lines(text) {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if trimmed.starts_with(['%', ';']) {
            transcript = true;
            continue;
        }
        let Some((head, rest)) = trimmed.split_once(':') else {
            continue;
        };
        let key = head.trim().trim_matches(['"', '\'']).to_ascii_lowercase();
        let margin = !line.starts_with([' ', '\t']);
        if margin && RECORD_ONLY.contains(&key.as_str()) {
            return Form::Records;
        }
        let move_line = !key.is_empty() && key.chars().all(|c| c.is_ascii_digit());
        let header = TRANSCRIPT_KEYS.contains(&key.as_str()) && rest.contains(';');
        transcript |= move_line || header;
    }
    if transcript {
        Form::Transcript
    } else {
        Form::Records
    }
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

    #[test]
    fn cr_lf_and_crlf_end_lines_alike() {
        let text = "a\rb\r\nc\nd";
        let got: Vec<(usize, &str)> = lines(text).collect();
        assert_eq!(got, [(0, "a"), (2, "b"), (5, "c"), (7, "d")]);
        assert_eq!(lines("\n\n").count(), 2);
    }
}
