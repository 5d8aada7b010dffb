//! Kimasai notation: moves (`A2`, `A2-A1`, claims `x` per captured stone) and the two written
//! forms of a position.
//!
//! Compact: the four rows as the diagram draws them, top to bottom, `0`/`1` per hole, then the
//! side to move: `111111111111/111111111110/011111111111/111111111111 S` is the start.
//! Diagram: the same rows, one a line, labelled, and `south to move`.

use super::position::{HOLE_NAMES, HOLES, Position};
use crate::board::{Board, Row};
use crate::game::{Event, FalseClaim, NotationError, PositionError, PositionForm, Side};
use crate::notation::{
    MAX_TEXT, diagram_lines, four_rows, leading_hole, not_a_form_of, parse_count_row, parse_side,
    parse_to_move_line, side_letter,
};

/// A Kimasai move as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelling {
    /// The hole the stone leaves.
    pub from: u8,
    /// The arrival hole, in the long form.
    pub to: Option<u8>,
    /// Stones claimed captured (`x` each); `None` claims nothing.
    pub captures: Option<u8>,
}

fn parse_hole(text: &str) -> Result<(u8, &str), NotationError> {
    leading_hole(
        text,
        &HOLE_NAMES,
        "Bao la Kimasai",
        "rows A, B, a, b; holes 1 to 12",
    )
}

/// `A2`, `A2-A1`, `A2x`, `A2-A1xx`.
pub fn parse_move(text: &str) -> Result<Spelling, NotationError> {
    let text = text.trim();
    if text.len() > MAX_TEXT {
        return Err(NotationError::new("the move text is too long to be a move"));
    }
    let (from, rest) = parse_hole(text)?;
    let (to, rest) = match rest.strip_prefix('-') {
        Some(long) => {
            let (to, rest) = parse_hole(long)?;
            (Some(to), rest)
        }
        None => (None, rest),
    };
    let captures = if rest.is_empty() {
        None
    } else if rest.chars().all(|c| c == 'x') && rest.len() <= 2 {
        Some(rest.len() as u8)
    } else {
        return Err(NotationError::new(format!(
            "`{rest}` after the hole is not a claim: write `x` for each stone captured (at most two)"
        )));
    };
    Ok(Spelling { from, to, captures })
}

pub fn check_claims(spelling: &Spelling, events: &[Event]) -> Vec<FalseClaim> {
    let mut false_claims = Vec::new();
    if let Some(claimed) = spelling.captures {
        let actual = events
            .iter()
            .filter(|e| matches!(e, Event::Capture { .. }))
            .count();
        if actual != claimed as usize {
            false_claims.push(FalseClaim {
                rule: "MAS-6",
                message: format!(
                    "the move claims {claimed} stone(s) captured; it captured {actual}"
                ),
            });
        }
    }
    false_claims
}

/// A move's canonical text with the claims its events bear out: `x` for each stone captured
/// (MAS-6, MAS-7).
pub fn format_annotated(canonical: String, events: &[Event]) -> String {
    let captures = events
        .iter()
        .filter(|e| matches!(e, Event::Capture { .. }))
        .count();
    canonical + &"x".repeat(captures)
}

/// The rows as the diagram draws them: label and hole indices left to right.
fn rows() -> [(&'static str, [u8; 12]); 4] {
    four_rows::<12>()
}

fn build(counts: &[Vec<u32>; 4], to_move: Side) -> Result<Position, PositionError> {
    let mut holes = [false; HOLES];
    for ((label, indices), row) in rows().iter().zip(counts) {
        for (&index, &n) in indices.iter().zip(row) {
            if n > 1 {
                return Err(PositionError::rule(
                    "MAS-3",
                    format!("row {label}: a hole never holds more than one stone, not {n}"),
                ));
            }
            holes[index as usize] = n == 1;
        }
    }
    Position::from_holes(&holes, to_move)
}

/// Reads either written form (compact or diagram); Donkers' bracket form is the 4×8 games'.
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    if text.len() > MAX_TEXT {
        return Err(PositionError::syntax("the position text is too long"));
    }
    match PositionForm::of(text) {
        PositionForm::Diagram => parse_diagram(text),
        PositionForm::Compact => parse_compact(text),
        other => Err(not_a_form_of("Bao la Kimasai", other)),
    }
}

fn parse_compact(text: &str) -> Result<Position, PositionError> {
    let mut words = text.split_whitespace();
    let (Some(board), Some(side), None) = (words.next(), words.next(), words.next()) else {
        return Err(PositionError::syntax(
            "a compact Kimasai position is four rows and the side to move: \
             `111111111111/111111111110/011111111111/111111111111 S`",
        ));
    };
    let to_move = parse_side(side)
        .ok_or_else(|| PositionError::syntax(format!("`{side}` is not a side to move (S or N)")))?;
    let parts: Vec<&str> = board.split('/').collect();
    if parts.len() != 4 {
        return Err(PositionError::syntax(format!(
            "a Kimasai board has 4 rows, not {}",
            parts.len()
        )));
    }
    let mut counts: [Vec<u32>; 4] = Default::default();
    for ((label, _), (part, out)) in rows().iter().zip(parts.iter().zip(counts.iter_mut())) {
        if part.chars().count() != 12 {
            return Err(PositionError::syntax(format!(
                "row {label} has {} holes, not 12",
                part.chars().count()
            )));
        }
        for c in part.chars() {
            let n = c.to_digit(10).ok_or_else(|| {
                PositionError::syntax(format!("row {label}: `{c}` is not 0 or 1"))
            })?;
            out.push(n);
        }
    }
    build(&counts, to_move)
}

fn parse_diagram(text: &str) -> Result<Position, PositionError> {
    let lines = diagram_lines(text);
    if lines.len() != 5 {
        return Err(PositionError::syntax(format!(
            "a Kimasai diagram has four rows and a `south to move` line, not {} lines",
            lines.len()
        )));
    }
    let mut counts: [Vec<u32>; 4] = Default::default();
    for (i, (label, _)) in rows().iter().enumerate() {
        counts[i] = parse_count_row(lines[i], label, 12, 9)?;
    }
    let to_move = parse_to_move_line(lines[4]).ok_or_else(|| {
        PositionError::syntax(format!("`{}` does not say who is to move", lines[4]))
    })?;
    build(&counts, to_move)
}

pub fn format_compact(pos: &Position) -> String {
    let rows: Vec<String> = rows()
        .iter()
        .map(|(_, indices)| {
            indices
                .iter()
                .map(|&i| if pos.occupied(i) { '1' } else { '0' })
                .collect()
        })
        .collect();
    format!("{} {}", rows.join("/"), side_letter(pos.to_move))
}

/// The board for pictures: the diagram's four rows, a stone counted 1; nothing off the board.
pub fn board(ruleset: &'static str, pos: &Position) -> Board {
    let rows = rows()
        .into_iter()
        .zip([Side::North, Side::North, Side::South, Side::South])
        .map(|((label, indices), side)| {
            Row::of(label, side, &indices, &HOLE_NAMES, |i| {
                (pos.occupied(i).into(), Vec::new())
            })
        })
        .collect();
    Board {
        ruleset,
        rows,
        stores: Vec::new(),
        to_move: pos.to_move,
        notes: Vec::new(),
        house: "house",
    }
}

pub fn format_diagram(pos: &Position) -> String {
    let mut out = String::new();
    for (label, indices) in rows() {
        out.push_str(label);
        for i in indices {
            out.push_str(if pos.occupied(i) { " 1" } else { " 0" });
        }
        out.push('\n');
    }
    out.push_str(&format!("{} to move\n", pos.to_move));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::Kimasai;

    #[test]
    fn start_in_both_forms() {
        let start = Kimasai::start();
        assert_eq!(
            format_compact(&start),
            "111111111111/111111111110/011111111111/111111111111 S"
        );
        assert_eq!(parse_position(&format_compact(&start)).unwrap(), start);
        assert_eq!(parse_position(&format_diagram(&start)).unwrap(), start);
    }

    #[test]
    fn moves_parse_in_every_spelling() {
        let s = parse_move("A2").unwrap();
        assert_eq!((s.from, s.to, s.captures), (1, None, None));
        let s = parse_move("A2-A1xx").unwrap();
        assert_eq!((s.from, s.to, s.captures), (1, Some(0), Some(2)));
        assert!(parse_move("A13").is_err());
        assert!(parse_move("C1").is_err());
        assert!(parse_move("A2y").is_err());
        assert!(parse_move("2").is_err());
        assert!(parse_move("").is_err());
    }

    #[test]
    fn positions_are_validated() {
        assert_eq!(
            parse_position("211111111111/111111111110/011111111111/111111111111 S")
                .unwrap_err()
                .rule,
            Some("MAS-3")
        );
        assert_eq!(
            parse_position("111111111111/111111111111/011111111111/111111111111 S")
                .unwrap_err()
                .rule,
            Some("MAS-2")
        );
        assert!(parse_position("1111/1111 S").is_err());
        assert!(parse_position("").is_err());
    }
}
