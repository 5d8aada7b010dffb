//! Pieces of notation the games share: hole names (`A3`, `b12`), the side to move, and the
//! number rows of positions. Each game's own notation module builds its moves and positions from
//! these; nothing here knows a game's rules.

use crate::game::{NotationError, PositionError, PositionForm, Side};

/// A hole name split off the front of a move text: the row letter (if written), the hole number,
/// and the rest of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HoleText<'a> {
    /// The row letter, if written.
    pub row: Option<char>,
    /// The hole number.
    pub number: u32,
    /// The text after the hole name.
    pub rest: &'a str,
}

/// Splits `A12x` into `A`, `12` and `x`. The row letter may be absent (`4>`, for Kete nemo).
pub fn split_hole(text: &str) -> Option<HoleText<'_>> {
    let mut chars = text.char_indices().peekable();
    let row = match chars.peek() {
        Some(&(_, c)) if c.is_ascii_alphabetic() => {
            chars.next();
            Some(c)
        }
        _ => None,
    };
    let start = chars.peek().map(|&(i, _)| i)?;
    let end = text[start..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(text.len(), |n| start + n);
    if end == start || end - start > 3 {
        return None;
    }
    let number = text[start..end].parse().ok()?;
    Some(HoleText {
        row,
        number,
        rest: &text[end..],
    })
}

/// The index of hole `row``number` (`A`, `12`) in a game's table of names, without building the
/// name (move parsing is on `check`'s hot path).
pub fn find_hole(names: &[&str], row: char, number: u32) -> Option<u8> {
    if !row.is_ascii() || number >= 1000 {
        return None;
    }
    let mut buf = [0u8; 4];
    buf[0] = row as u8;
    let mut len = 1;
    for divisor in [100, 10, 1] {
        let digit = (number / divisor % 10) as u8;
        if len > 1 || digit != 0 || divisor == 1 {
            buf[len] = b'0' + digit;
            len += 1;
        }
    }
    hole_index(names, std::str::from_utf8(&buf[..len]).ok()?)
}

/// Reads the hole name a move text starts with (row letter required) against a game's table of
/// names; `rows` describes the game's rows for the error message (`rows A and a, holes 1 to 6`).
/// Returns the hole's index and the rest of the text.
pub fn leading_hole<'a>(
    text: &'a str,
    names: &[&str],
    game: &str,
    rows: &str,
) -> Result<(u8, &'a str), NotationError> {
    // The name as written, looked up in place: a move's hole is read on `check`'s hot path.
    let bytes = text.as_bytes();
    if bytes.first().is_some_and(u8::is_ascii_alphabetic) {
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if let Some(index) = hole_index(names, &text[..1 + digits]) {
            return Ok((index, &text[1 + digits..]));
        }
    }
    // Otherwise the general reading: a name with leading zeros (`A05`), or the error.
    let hole = split_hole(text)
        .filter(|h| h.row.is_some())
        .ok_or_else(|| NotationError::new(format!("`{text}` does not start with a hole name")))?;
    let row = hole.row.unwrap_or('?');
    let index = find_hole(names, row, hole.number).ok_or_else(|| {
        NotationError::new(format!(
            "`{row}{}` is not a hole of {game} ({rows})",
            hole.number
        ))
    })?;
    Ok((index, hole.rest))
}

/// The index of a hole name in a game's table of names.
pub fn hole_index(names: &[&str], name: &str) -> Option<u8> {
    // Compared byte by byte in place: a name is two or three bytes, and a call of `memcmp` a
    // name was a twentieth of a check of Bao Kingulu's games.
    let name = name.as_bytes();
    let same = |n: &&str| n.len() == name.len() && n.bytes().zip(name).all(|(a, &b)| a == b);
    names.iter().position(same).map(|i| i as u8)
}

/// A position written in `form`, which game `game` has no reader for (Donkers' bracket form
/// given to a game other than the two 4×8 ones).
pub fn not_a_form_of(game: &str, form: PositionForm) -> PositionError {
    let whose = match form {
        PositionForm::Donkers => " (Bao la Kiswahili's and Bao la Kete's, `[ … ]`)",
        _ => "",
    };
    PositionError::syntax(format!(
        "{game} has no {form} position form{whose}: write its compact form or its diagram"
    ))
}

/// `S`/`N` or `south`/`north`, any case.
pub fn parse_side(word: &str) -> Option<Side> {
    match word.to_ascii_lowercase().as_str() {
        "s" | "south" => Some(Side::South),
        "n" | "north" => Some(Side::North),
        _ => None,
    }
}

/// `S` or `N`, as compact positions write the side to move.
pub fn side_letter(side: Side) -> char {
    match side {
        Side::South => 'S',
        Side::North => 'N',
    }
}

/// Reads a diagram line "south to move" / "north to move" (or a bare side word).
pub fn parse_to_move_line(line: &str) -> Option<Side> {
    let line = line.trim();
    let word = line.strip_suffix("to move").map(str::trim).unwrap_or(line);
    parse_side(word)
}

/// Reads `expected` whitespace-separated counts from one diagram line, after an optional row label
/// (`a:` or `a`). Every count must be at most `max`.
pub fn parse_count_row(
    line: &str,
    label: &str,
    expected: usize,
    max: u32,
) -> Result<Vec<u32>, PositionError> {
    let mut words = line.split_whitespace().peekable();
    if let Some(first) = words.peek() {
        let bare = first.trim_end_matches(':');
        if bare == label {
            words.next();
        }
    }
    let mut counts = Vec::with_capacity(expected);
    for word in words {
        let n: u32 = word.parse().map_err(|_| {
            PositionError::syntax(format!("row {label}: `{word}` is not a number of seeds"))
        })?;
        if n > max {
            return Err(PositionError::syntax(format!(
                "row {label}: {n} seeds in one hole is more than the game has ({max})"
            )));
        }
        counts.push(n);
        if counts.len() > expected {
            break;
        }
    }
    if counts.len() != expected {
        return Err(PositionError::syntax(format!(
            "row {label} has {} holes, not {expected}",
            counts.len()
        )));
    }
    Ok(counts)
}

/// The rows of a four-row board as the diagram draws them, top to bottom (`b`, `a`, `A`, `B`):
/// each row's label and its hole indices left to right. Four-row games number their holes row by
/// row, `A1..`, `B1..`, `a1..`, `b1..`, each from the owner's left, so North's rows read backwards.
pub fn four_rows<const W: usize>() -> [(&'static str, [u8; W]); 4] {
    let row = |row: usize, reversed: bool| -> [u8; W] {
        std::array::from_fn(|i| {
            let i = if reversed { W - 1 - i } else { i };
            (row * W + i) as u8
        })
    };
    [
        ("b", row(3, true)),
        ("a", row(2, true)),
        ("A", row(0, false)),
        ("B", row(1, false)),
    ]
}

/// The lines of a diagram that carry something (blank lines and `#` comments dropped).
pub fn diagram_lines(text: &str) -> Vec<&str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// Text too long to be any position or move is refused before it is read further.
pub const MAX_TEXT: usize = 4096;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_holes() {
        let h = split_hole("A12x").unwrap();
        assert_eq!((h.row, h.number, h.rest), (Some('A'), 12, "x"));
        let h = split_hole("4>").unwrap();
        assert_eq!((h.row, h.number, h.rest), (None, 4, ">"));
        assert!(split_hole("A").is_none());
        assert!(split_hole("").is_none());
        assert!(split_hole("A99999").is_none());
    }

    #[test]
    fn finds_holes_by_row_and_number() {
        let names = ["A1", "A2", "A12", "b7"];
        assert_eq!(find_hole(&names, 'A', 12), Some(2));
        assert_eq!(find_hole(&names, 'b', 7), Some(3));
        assert_eq!(find_hole(&names, 'A', 3), None);
        assert_eq!(find_hole(&names, 'A', 0), None);
        assert_eq!(find_hole(&names, 'é', 1), None);
    }

    #[test]
    fn reads_count_rows() {
        assert_eq!(parse_count_row("a: 1 2 3", "a", 3, 9).unwrap(), [1, 2, 3]);
        assert_eq!(parse_count_row("1 2 3", "a", 3, 9).unwrap(), [1, 2, 3]);
        assert!(parse_count_row("1 2", "a", 3, 9).is_err());
        assert!(parse_count_row("1 2 30", "a", 3, 9).is_err());
        assert!(parse_count_row("1 x 3", "a", 3, 9).is_err());
    }
}
