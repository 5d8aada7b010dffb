//! Kingulu notation: moves (`A3`, claims `x`, `x7`, `^`) and the two written forms of a position.
//!
//! A hole is written as its seed count, followed by `^S` or `^N` if South or North reserved it.
//!
//! Compact: North's row as the diagram draws it (`a6..a1`), `/`, South's row (`A1..A6`), each
//! hole's count separated by commas; then the captured seeds `south-north` and the side to move:
//! `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S` is the start, `4,0,5^S,2,4,4/0,5,6,1,3,0 9-5 N` a later one.
//!
//! Diagram: the same rows, North on top, between the captured counts of their owners:
//!
//! ```text
//! north captured 5
//! a   4   0 5^S   2   4   4
//! A   0   5   6   1   3   0
//! south captured 9
//! north to move
//! ```

use super::position::{HOLE_NAMES, HOLES, Position};
use crate::board::{Board, Mark, Row, Store};
use crate::game::{Event, FalseClaim, NotationError, PositionError, PositionForm, Side};
use crate::notation::{
    MAX_TEXT, diagram_lines, leading_hole, not_a_form_of, parse_side, parse_to_move_line,
    side_letter,
};

/// What a move claims to capture (KIN-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureClaim {
    /// A bare `x`: the move captures.
    Some,
    /// `x<N>`: the move captures `N` seeds, the capturing seed included.
    Seeds(u16),
}

/// A Kingulu move as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelling {
    /// The hole the move starts from.
    pub hole: u8,
    /// The capture claim (`x`, `x7`), if any.
    pub capture: Option<CaptureClaim>,
    /// `^`: the move claims to reserve a hole (KIN-10).
    pub reserves: bool,
}

/// `A3`, `a5`, `A3x7`, `A3x`, `a2^`. The claims may come in either order, each at most once.
pub fn parse_move(text: &str) -> Result<Spelling, NotationError> {
    let text = text.trim();
    if text.len() > MAX_TEXT {
        return Err(NotationError::new("the move text is too long to be a move"));
    }
    let (index, claims) = leading_hole(
        text,
        &HOLE_NAMES,
        "Bao Kingulu",
        "rows A and a, holes 1 to 6",
    )?;
    let mut spelling = Spelling {
        hole: index,
        capture: None,
        reserves: false,
    };
    let mut rest = claims;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        match c {
            'x' if spelling.capture.is_none() => {
                let digits = rest
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(rest.len());
                spelling.capture = Some(if digits == 0 {
                    CaptureClaim::Some
                } else if digits > 2 {
                    return Err(NotationError::new(format!(
                        "`x{}`: a move captures at most 48 seeds",
                        &rest[..digits]
                    )));
                } else {
                    CaptureClaim::Seeds(rest[..digits].parse().unwrap_or(0))
                });
                rest = &rest[digits..];
            }
            '^' if !spelling.reserves => spelling.reserves = true,
            _ => {
                return Err(NotationError::new(format!(
                    "`{}` after the hole is not a claim: write `x`, `x` and the seeds captured, \
                     or `^`, each at most once",
                    claims
                )));
            }
        }
    }
    Ok(spelling)
}

pub fn check_claims(spelling: &Spelling, events: &[Event]) -> Vec<FalseClaim> {
    let mut false_claims = Vec::new();
    // Seeds falling into reserved holes are no Capture events (KIN-5), so they never count here.
    let (captures, seeds) = events.iter().fold((0, 0u16), |(n, s), e| match e {
        Event::Capture { seeds, .. } => (n + 1, s + seeds),
        _ => (n, s),
    });
    match spelling.capture {
        None => {}
        Some(CaptureClaim::Some) if captures == 0 => false_claims.push(FalseClaim {
            rule: "KIN-9",
            message: "the move claims a capture; it captured nothing".to_string(),
        }),
        Some(CaptureClaim::Seeds(claimed)) if captures == 0 || claimed != seeds => false_claims
            .push(FalseClaim {
                rule: "KIN-9",
                message: format!(
                    "the move claims {claimed} seeds captured (the capturing seed included); \
                     it captured {seeds}"
                ),
            }),
        Some(_) => {}
    }
    if spelling.reserves && !events.iter().any(|e| matches!(e, Event::Reserve { .. })) {
        false_claims.push(FalseClaim {
            rule: "KIN-10",
            message: "the move claims a reservation; it reserved no hole".to_string(),
        });
    }
    false_claims
}

/// A move's canonical text with the claims its events bear out, as the reference writes them:
/// `x` and the seeds captured by KIN-9, the capturing seed included (`A3x7`), and `^` for a
/// reservation (KIN-10).
pub fn format_annotated(canonical: String, events: &[Event]) -> String {
    let mut out = canonical;
    let (captures, seeds) = events.iter().fold((0, 0u16), |(n, s), e| match e {
        Event::Capture { seeds, .. } => (n + 1, s + seeds),
        _ => (n, s),
    });
    if captures > 0 {
        out.push_str(&format!("x{seeds}"));
    }
    if events.iter().any(|e| matches!(e, Event::Reserve { .. })) {
        out.push('^');
    }
    out
}

/// The rows as written, top to bottom: label and hole indices left to right.
const ROWS: [(&str, [u8; 6]); 2] = [("a", [11, 10, 9, 8, 7, 6]), ("A", [0, 1, 2, 3, 4, 5])];

fn format_hole(pos: &Position, hole: u8) -> String {
    let mut out = String::new();
    write_hole(&mut out, pos, hole);
    out
}

/// [`format_hole`] onto `out`.
fn write_hole(out: &mut String, pos: &Position, hole: u8) {
    use std::fmt::Write;
    let _ = match pos.reserved_by(hole) {
        Some(by) => write!(out, "{}^{}", pos.seeds(hole), side_letter(by)),
        None => write!(out, "{}", pos.seeds(hole)),
    };
}

/// Seeds with or without a reservation mark: `4`, `5^S`.
fn parse_hole(word: &str, row: &str) -> Result<(u8, Option<Side>), PositionError> {
    let (count, by) = match word.split_once('^') {
        Some((count, by)) => {
            let side = parse_side(by).ok_or_else(|| {
                PositionError::syntax(format!(
                    "row {row}: `{word}`: a reserved hole is marked `^S` or `^N`"
                ))
            })?;
            (count, Some(side))
        }
        None => (word, None),
    };
    if count.is_empty() || count.len() > 2 || !count.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PositionError::syntax(format!(
            "row {row}: `{word}` is not a number of seeds (optionally marked `^S` or `^N`)"
        )));
    }
    let n: u8 = count.parse().unwrap_or(u8::MAX);
    Ok((n, by))
}

/// The state that both written forms describe, before it is validated.
struct Parts {
    holes: [u8; HOLES],
    reserved: [Option<Side>; HOLES],
    captured: [u8; 2],
}

impl Parts {
    fn new() -> Self {
        Parts {
            holes: [0; HOLES],
            reserved: [None; HOLES],
            captured: [0; 2],
        }
    }

    fn row<'a>(
        &mut self,
        row: usize,
        words: impl Iterator<Item = &'a str>,
    ) -> Result<(), PositionError> {
        let (label, indices) = ROWS[row];
        let words: Vec<&str> = words.take(7).collect();
        if words.len() != 6 {
            return Err(PositionError::syntax(format!(
                "row {label} has {} holes, not 6",
                if words.len() > 6 {
                    "more than 6".to_string()
                } else {
                    words.len().to_string()
                }
            )));
        }
        for (&index, word) in indices.iter().zip(words) {
            let (n, by) = parse_hole(word, label)?;
            self.holes[index as usize] = n;
            self.reserved[index as usize] = by;
        }
        Ok(())
    }

    fn build(self, to_move: Side) -> Result<Position, PositionError> {
        Position::from_parts(self.holes, self.reserved, self.captured, to_move)
    }
}

fn parse_captured(word: &str) -> Result<u8, PositionError> {
    if word.is_empty() || word.len() > 2 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PositionError::syntax(format!(
            "`{word}` is not a number of captured seeds"
        )));
    }
    Ok(word.parse().unwrap_or(u8::MAX))
}

/// Reads either written form (compact or diagram); Donkers' bracket form is the 4×8 games'.
pub fn parse_position(text: &str) -> Result<Position, PositionError> {
    if text.len() > MAX_TEXT {
        return Err(PositionError::syntax("the position text is too long"));
    }
    match PositionForm::of(text) {
        PositionForm::Diagram => parse_diagram(text),
        PositionForm::Compact => parse_compact(text),
        other => Err(not_a_form_of("Bao Kingulu", other)),
    }
}

const COMPACT_HELP: &str = "a compact Kingulu position is North's row a6..a1, `/`, South's row \
    A1..A6 (seeds per hole, comma-separated, `^S`/`^N` after a reserved hole), the captured seeds \
    south-north, and the side to move: `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`";

fn parse_compact(text: &str) -> Result<Position, PositionError> {
    let mut words = text.split_whitespace();
    let (Some(board), Some(captured), Some(side), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(PositionError::syntax(COMPACT_HELP));
    };
    let to_move = parse_side(side)
        .ok_or_else(|| PositionError::syntax(format!("`{side}` is not a side to move (S or N)")))?;
    let Some((north, south)) = board.split_once('/') else {
        return Err(PositionError::syntax(COMPACT_HELP));
    };
    let mut parts = Parts::new();
    parts.row(0, north.split(','))?;
    parts.row(1, south.split(','))?;
    let Some((s, n)) = captured.split_once('-') else {
        return Err(PositionError::syntax(format!(
            "`{captured}` is not the captured seeds: write south-north, e.g. `0-0`"
        )));
    };
    parts.captured = [parse_captured(s)?, parse_captured(n)?];
    parts.build(to_move)
}

/// `north captured 5` (a colon after `captured` is allowed).
fn parse_captured_line(line: &str, side: Side) -> Result<u8, PositionError> {
    let words: Vec<&str> = line.split_whitespace().take(4).collect();
    match words.as_slice() {
        [who, what, n]
            if parse_side(who) == Some(side) && what.trim_end_matches(':') == "captured" =>
        {
            parse_captured(n)
        }
        _ => Err(PositionError::syntax(format!(
            "`{line}` should read `{side} captured N`"
        ))),
    }
}

fn parse_diagram(text: &str) -> Result<Position, PositionError> {
    let lines = diagram_lines(text);
    if lines.len() != 5 {
        return Err(PositionError::syntax(format!(
            "a Kingulu diagram has five lines (`north captured N`, row a, row A, \
             `south captured N`, `south to move`), not {}",
            lines.len()
        )));
    }
    let mut parts = Parts::new();
    parts.captured[Side::North.index()] = parse_captured_line(lines[0], Side::North)?;
    for row in 0..2 {
        let label = ROWS[row].0;
        let mut words = lines[row + 1].split_whitespace().peekable();
        if words.peek().map(|w| w.trim_end_matches(':')) == Some(label) {
            words.next();
        }
        parts.row(row, words)?;
    }
    parts.captured[Side::South.index()] = parse_captured_line(lines[3], Side::South)?;
    let to_move = parse_to_move_line(lines[4]).ok_or_else(|| {
        PositionError::syntax(format!("`{}` does not say who is to move", lines[4]))
    })?;
    parts.build(to_move)
}

pub fn format_compact(pos: &Position) -> String {
    use std::fmt::Write;
    // Written into one string: `conform` and `bao-oracle engine` write one or two a request.
    let mut out = String::with_capacity(48);
    for (r, (_, indices)) in ROWS.iter().enumerate() {
        if r > 0 {
            out.push('/');
        }
        for (k, &h) in indices.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            write_hole(&mut out, pos, h);
        }
    }
    let _ = write!(
        out,
        " {}-{} {}",
        pos.captured(Side::South),
        pos.captured(Side::North),
        side_letter(pos.side_to_move())
    );
    out
}

/// The board for pictures: the diagram's rows, reserved holes marked (KIN-10), each side's
/// captured seeds as its store.
pub fn board(ruleset: &'static str, pos: &Position) -> Board {
    let rows = ROWS
        .iter()
        .zip([Side::North, Side::South])
        .map(|(&(label, indices), side)| {
            Row::of(label, side, &indices, &HOLE_NAMES, |h| {
                let marks = match pos.reserved_by(h) {
                    Some(_) => vec![Mark::Reserved],
                    None => Vec::new(),
                };
                (pos.seeds(h).into(), marks)
            })
        })
        .collect();
    let notes = (0..HOLES as u8)
        .filter_map(|h| {
            pos.reserved_by(h)
                .map(|by| format!("{} reserved by {by}", HOLE_NAMES[h as usize]))
        })
        .collect();
    Board {
        ruleset,
        rows,
        stores: [Side::North, Side::South]
            .into_iter()
            .map(|side| Store {
                side,
                label: "captured",
                count: pos.captured(side).into(),
            })
            .collect(),
        to_move: pos.side_to_move(),
        notes,
        house: "house",
    }
}

pub fn format_diagram(pos: &Position) -> String {
    let cells: Vec<Vec<String>> = ROWS
        .iter()
        .map(|(_, indices)| indices.iter().map(|&h| format_hole(pos, h)).collect())
        .collect();
    let width = cells
        .iter()
        .flatten()
        .map(String::len)
        .max()
        .unwrap_or(1)
        .max(3);
    let mut out = format!("north captured {}\n", pos.captured(Side::North));
    for ((label, _), row) in ROWS.iter().zip(&cells) {
        out.push_str(label);
        for cell in row {
            out.push_str(&format!(" {cell:>width$}"));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "south captured {}\n{} to move\n",
        pos.captured(Side::South),
        pos.side_to_move()
    ));
    out
}
