//! The two written forms of a 4×8 position (Donkers' bracket form is [`super::bracket`]'s).
//!
//! Compact: the four rows as the diagram draws them, top to bottom (`b8..b1`, `a8..a1`,
//! `A1..A8`, `B1..B8`), counts separated by `,` and rows by `/`; then the reserves `South,North`;
//! the kuu field (`K` South still has his kuu, `k` North, `-` neither); the hizi zetu field (`-`
//! or the reserved hole); the side to move (`S`/`N`). The start:
//! `0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 22,22 Kk - S`.
//!
//! Diagram: North's reserve and kuu, the four rows, South's, hizi zetu, the side to move.

use super::bracket;
use super::position::{Core, HOLE_NAMES, HOLES, KUU, ring_of};
use super::variant::Variant;
use crate::board::{Board, Mark, Row, Store};
use crate::game::{PositionError, PositionForm, Side};
use crate::notation::{
    MAX_TEXT, diagram_lines, four_rows, hole_index, parse_count_row, parse_side, parse_to_move_line,
};

/// The rows as the diagram draws them, top to bottom: label and hole indices left to right.
fn rows() -> [(&'static str, [u8; 8]); 4] {
    four_rows::<8>()
}

/// Reads any of the three written forms: compact, diagram, Donkers' bracket form.
pub fn parse_position(variant: &Variant, text: &str) -> Result<Core, PositionError> {
    if text.len() > MAX_TEXT {
        return Err(PositionError::syntax("the position text is too long"));
    }
    match PositionForm::of(text) {
        PositionForm::Donkers => bracket::parse(variant, text),
        PositionForm::Diagram => parse_diagram(variant, text),
        _ => parse_compact(variant, text),
    }
}

/// `pos` written in `form`.
pub fn format_position(
    variant: &Variant,
    form: PositionForm,
    pos: &Core,
) -> Result<String, PositionError> {
    match form {
        PositionForm::Donkers => bracket::format(pos),
        PositionForm::Diagram => Ok(format_diagram(variant, pos)),
        _ => Ok(format_compact(variant, pos)),
    }
}

fn compact_help(variant: &Variant) -> String {
    let w = &variant.words;
    let (k, name, kuu) = (w.house_letter, w.name, w.kuu);
    let lower = k.to_ascii_lowercase();
    let hizi = w.hizi;
    format!(
        "a compact {name} position is the four rows (b8..b1/a8..a1/A1..A8/B1..B8, \
     counts separated by commas), the reserves South,North, the {kuu} field ({k}, {lower}, \
     {k}{lower} or -), the {hizi} hole (or -) and the side to move: \
     `0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 22,22 {k}{lower} - S`"
    )
}

fn parse_compact(variant: &Variant, text: &str) -> Result<Core, PositionError> {
    let w = &variant.words;
    let words: Vec<&str> = text.split_whitespace().collect();
    let [board, reserves, kuu, hizi, side] = words[..] else {
        return Err(PositionError::syntax(compact_help(variant)));
    };
    let parts: Vec<&str> = board.split('/').collect();
    if parts.len() != 4 {
        return Err(PositionError::syntax(format!(
            "a {} board has 4 rows, not {}",
            w.name,
            parts.len()
        )));
    }
    let mut holes = [0u8; HOLES];
    for ((label, indices), part) in rows().iter().zip(&parts) {
        let counts: Vec<&str> = part.split(',').collect();
        if counts.len() != 8 {
            return Err(PositionError::syntax(format!(
                "row {label} has {} holes, not 8",
                counts.len()
            )));
        }
        for (&index, word) in indices.iter().zip(&counts) {
            holes[index as usize] = parse_count(variant, word, label)?;
        }
    }
    let reserve = match reserves.split_once(',') {
        Some((s, n)) => [
            parse_count(variant, s, "reserve")?,
            parse_count(variant, n, "reserve")?,
        ],
        None => {
            return Err(PositionError::syntax(format!(
                "`{reserves}` is not the reserves: write South's and North's, as `22,22`"
            )));
        }
    };
    let k = w.house_letter;
    let lower = k.to_ascii_lowercase();
    let field: Vec<char> = kuu.chars().collect();
    let kuu = match field[..] {
        [a, b] if a == k && b == lower => [true, true],
        [a] if a == k => [true, false],
        [b] if b == lower => [false, true],
        ['-'] => [false, false],
        _ => {
            let what = w.kuu;
            let have = if what == "kuu" {
                "still have their kuu"
            } else {
                "own their house"
            };
            return Err(PositionError::syntax(format!(
                "`{kuu}` is not a {what} field: `{k}{lower}` both players {have}, `{k}` South \
                 only, `{lower}` North only, `-` neither"
            )));
        }
    };
    let hizi = match hizi {
        "-" => None,
        name => Some(hole_index(&HOLE_NAMES, name).ok_or_else(|| {
            PositionError::syntax(format!(
                "`{name}` is not a {} field: `-` or the reserved hole (e.g. `a3`)",
                w.hizi
            ))
        })?),
    };
    let to_move = parse_side(side)
        .ok_or_else(|| PositionError::syntax(format!("`{side}` is not a side to move (S or N)")))?;
    Core::new(variant, holes, reserve, kuu, to_move, hizi)
}

fn parse_count(variant: &Variant, word: &str, what: &str) -> Result<u8, PositionError> {
    let n: u32 = word
        .trim()
        .parse()
        .map_err(|_| PositionError::syntax(format!("{what}: `{word}` is not a number of seeds")))?;
    if n > 64 {
        return Err(PositionError::rule(
            variant.ids.board,
            format!("{what}: {n} seeds is more than the game has (64)"),
        ));
    }
    Ok(n as u8)
}

/// `north: reserve 22, kuu` / `south: reserve 0, no kuu` (Zanzibar: `store 22, house` /
/// `no house`; `reserve`, the word diagrams of Bao la Kiswahili once wrote, is read too).
fn parse_player_line(
    variant: &Variant,
    line: &str,
    side: Side,
) -> Result<(u8, bool), PositionError> {
    let (kuu_word, store_word) = (variant.words.kuu, variant.words.reserve);
    let help = || {
        PositionError::syntax(format!(
            "`{line}` should say {side}'s {store_word} and {kuu_word}, as `{side}: {store_word} \
             22, {kuu_word}` or `{side}: {store_word} 0, no {kuu_word}`"
        ))
    };
    let rest = line
        .strip_prefix(side.name())
        .and_then(|r| r.trim_start().strip_prefix(':'))
        .ok_or_else(help)?;
    let (reserve, kuu) = rest.split_once(',').ok_or_else(help)?;
    let reserve = reserve.trim();
    let reserve = reserve
        .strip_prefix(store_word)
        .or_else(|| reserve.strip_prefix("reserve"))
        .ok_or_else(help)?;
    let reserve = parse_count(variant, reserve, store_word)?;
    let kuu = match kuu.trim().strip_prefix("no ") {
        None if kuu.trim() == kuu_word => true,
        Some(word) if word == kuu_word => false,
        _ => return Err(help()),
    };
    Ok((reserve, kuu))
}

/// `hizi zetu: none` / `hizi zetu: a3, reserved by south[, obligation due]` (Zanzibar:
/// `takasia: a2, by south`).
fn parse_hizi_line(
    variant: &Variant,
    line: &str,
    to_move: Side,
) -> Result<Option<u8>, PositionError> {
    let (ids, w) = (&variant.ids, &variant.words);
    let (label, by_word) = (w.hizi_line, w.reserved_by);
    let help = || {
        PositionError::syntax(format!(
            "`{line}` should be `{label}: none` or `{label}: a3, {by_word} south` (with \
             `, obligation due` when the reserver is to move)"
        ))
    };
    let rest = line
        .strip_prefix(label)
        .and_then(|r| r.strip_prefix(':'))
        .ok_or_else(help)?
        .trim();
    if rest == "none" {
        return Ok(None);
    }
    let parts: Vec<&str> = rest.split(',').map(str::trim).collect();
    let (hole, by, due) = match parts[..] {
        [hole, by] => (hole, by, false),
        [hole, by, "obligation due"] => (hole, by, true),
        _ => return Err(help()),
    };
    let index = hole_index(&HOLE_NAMES, hole).ok_or_else(help)?;
    let by = by
        .strip_prefix(by_word)
        .and_then(|b| b.strip_prefix(' '))
        .and_then(parse_side)
        .ok_or_else(help)?;
    let owner = ring_of(index).0;
    if by == owner {
        return Err(PositionError::rule(
            ids.reserve,
            format!(
                "{hole} is {owner}'s hole: {} reserves a hole of the opponent",
                w.hizi
            ),
        ));
    }
    if due != (by == to_move) {
        return Err(PositionError::rule(
            ids.obligation,
            format!(
                "the reserver's obligation is due exactly when he is to move: write `, obligation \
                 due` {} ",
                if by == to_move { "here" } else { "only then" }
            ),
        ));
    }
    Ok(Some(index))
}

fn parse_diagram(variant: &Variant, text: &str) -> Result<Core, PositionError> {
    let w = &variant.words;
    let lines = diagram_lines(text);
    if lines.len() != 8 {
        let hizi = w.hizi;
        return Err(PositionError::syntax(format!(
            "a {} diagram has 8 lines (North's reserve and {}, four rows, South's, {hizi}, the \
             side to move), not {}",
            w.name,
            w.kuu,
            lines.len()
        )));
    }
    let (north_reserve, north_kuu) = parse_player_line(variant, lines[0], Side::North)?;
    let mut holes = [0u8; HOLES];
    for (i, (label, indices)) in rows().iter().enumerate() {
        let counts = parse_count_row(lines[1 + i], label, 8, 64)?;
        for (&index, &n) in indices.iter().zip(&counts) {
            holes[index as usize] = n as u8;
        }
    }
    let (south_reserve, south_kuu) = parse_player_line(variant, lines[5], Side::South)?;
    let to_move = parse_to_move_line(lines[7]).ok_or_else(|| {
        PositionError::syntax(format!("`{}` does not say who is to move", lines[7]))
    })?;
    let hizi = parse_hizi_line(variant, lines[6], to_move)?;
    Core::new(
        variant,
        holes,
        [south_reserve, north_reserve],
        [south_kuu, north_kuu],
        to_move,
        hizi,
    )
}

pub fn format_compact(variant: &Variant, pos: &Core) -> String {
    use std::fmt::Write;
    // Written into one string: `conform` and `bao-oracle engine` write one or two a request.
    let mut out = String::with_capacity(96);
    for (r, (_, indices)) in rows().iter().enumerate() {
        if r > 0 {
            out.push('/');
        }
        for (k, &i) in indices.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let _ = write!(out, "{}", pos.seeds(i));
        }
    }
    // The fields as the game describes them: one writer of the compact form's fields.
    let fields = super::description::field_values(variant, pos);
    out.push(' ');
    out.push_str(&fields.join(" "));
    out
}

pub fn format_diagram(variant: &Variant, pos: &Core) -> String {
    let w = &variant.words;
    let player = |side: Side| {
        format!(
            "{side}: {} {}, {}{}\n",
            w.reserve,
            pos.reserve(side),
            if pos.has_kuu(side) { "" } else { "no " },
            w.kuu
        )
    };
    let mut out = player(Side::North);
    for (label, indices) in rows() {
        out.push_str(label);
        for i in indices {
            out.push_str(&format!(" {:>2}", pos.seeds(i)));
        }
        out.push('\n');
    }
    out.push_str(&player(Side::South));
    out.push_str(&hizi_line(variant, pos));
    out.push('\n');
    out.push_str(&format!("{} to move\n", pos.to_move()));
    out
}

/// The diagram's reservation line: `hizi zetu: none`, `takasia: a2, by south, obligation due`.
fn hizi_line(variant: &Variant, pos: &Core) -> String {
    let w = &variant.words;
    match pos.hizi() {
        None => format!("{}: none", w.hizi_line),
        Some((h, by)) => format!(
            "{}: {}, {} {by}{}",
            w.hizi_line,
            HOLE_NAMES[h as usize],
            w.reserved_by,
            if pos.hizi_due() {
                ", obligation due"
            } else {
                ""
            }
        ),
    }
}

/// The board for pictures: the diagram's rows; a standing kuu (house) marked, the reserved hole
/// marked `reservation` (Kete's hizi zetu, Kiswahili's takasia); the reserves as stores; the
/// diagram's reservation line and any lost kuu as notes.
pub fn board(variant: &Variant, ruleset: &'static str, reservation: Mark, pos: &Core) -> Board {
    let rows = rows()
        .into_iter()
        .zip([Side::North, Side::North, Side::South, Side::South])
        .map(|((label, indices), side)| {
            Row::of(label, side, &indices, &HOLE_NAMES, |i| {
                let (owner, r) = ring_of(i);
                let mut marks = Vec::new();
                if r == KUU && pos.has_kuu(owner) {
                    marks.push(Mark::House);
                }
                if pos.hizi().is_some_and(|(h, _)| h == i) {
                    marks.push(reservation);
                }
                (pos.seeds(i).into(), marks)
            })
        })
        .collect();
    let mut notes: Vec<String> = [Side::North, Side::South]
        .into_iter()
        .filter(|&side| !pos.has_kuu(side))
        .map(|side| format!("{side}: no {}", variant.words.kuu))
        .collect();
    notes.push(hizi_line(variant, pos));
    Board {
        ruleset,
        rows,
        stores: [Side::North, Side::South]
            .into_iter()
            .map(|side| Store {
                side,
                label: variant.words.reserve,
                count: pos.reserve(side).into(),
            })
            .collect(),
        to_move: pos.to_move(),
        notes,
        house: variant.words.kuu,
    }
}
