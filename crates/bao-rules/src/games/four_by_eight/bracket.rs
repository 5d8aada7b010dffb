//! Donkers' bracket form of a position: the position strings his program writes (`postostr` in
//! its `global.pas`) and reads (`strtopos`), as its game files carry a set-up start in the
//! `opening:` header. The start:
//!
//! ```text
//! [ 0 0 0 0 0 0 0 0 | 0 2 2 6 0 0 0 0 | 0 0 0 0 6 2 2 0 | 0 0 0 0 0 0 0 0 | 22 22 | T T | 255 | 0 ]
//! ```
//!
//! The four rows as South sees the board, top to bottom and each left to right (`b8..b1`,
//! `a8..a1`, `A1..A8`, `B1..B8`: the compact form's order); the stores, South's then North's;
//! whether each owns his house (kuu), `T` or `F`, South first; the takasia-ed hole as the side to
//! move's front hole numbered from 0 (`0` is `A1` or `a1`, `7` is `A8` or `a8`), `255` for none;
//! the side to move, `0` South, `1` North. Tokens are read as the program reads them: a run of
//! digits or one other character, spaces between them optional.
//!
//! The program keeps a takasia-ed hole only while its owner is to move (his reply to the takasa),
//! so the form has no field for a reserver whose obligation is due (ZAN-A13 `first`/`any`, KETE-22):
//! such a position is written in the compact form only.

use super::position::{Core, HOLE_NAMES, HOLES, index_of, is_front, ring_of};
use super::variant::Variant;
use crate::game::{PositionError, Side};
use crate::notation::MAX_TEXT;

/// The program's value for "no hole is takasia-ed" (`NOTAKASIA`).
const NONE: u32 = 255;

/// Hole indices of the four rows in the order the form writes them.
fn rows() -> [[u8; 8]; 4] {
    let b = |side, r: u8| index_of(side, r);
    [
        std::array::from_fn(|i| b(Side::North, 8 + i as u8)),
        std::array::from_fn(|i| b(Side::North, 7 - i as u8)),
        std::array::from_fn(|i| b(Side::South, i as u8)),
        std::array::from_fn(|i| b(Side::South, 15 - i as u8)),
    ]
}

fn help(variant: &Variant) -> String {
    format!(
        "a {} position in Donkers' bracket form is `[ b8..b1 | a8..a1 | A1..A8 | B1..B8 | \
         stores South North | {} T or F, South North | the takasia-ed hole (0 to 7, the side to \
         move's A1..A8 or a1..a8) or 255 | the side to move, 0 South or 1 North ]`, e.g. the \
         start: `{}`",
        variant.words.name,
        variant.words.kuu,
        format(&Core::start()).unwrap_or_default()
    )
}

/// One token: a run of digits, or one other character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    Number(&'a str),
    Sign(char),
}

fn tokens(text: &str) -> impl Iterator<Item = Token<'_>> {
    let mut rest = text;
    std::iter::from_fn(move || {
        rest = rest.trim_start();
        let c = rest.chars().next()?;
        if c.is_ascii_digit() {
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let (digits, tail) = rest.split_at(end);
            rest = tail;
            Some(Token::Number(digits))
        } else {
            rest = &rest[c.len_utf8()..];
            Some(Token::Sign(c))
        }
    })
}

struct Reader<'a, I: Iterator<Item = Token<'a>>> {
    tokens: I,
    variant: &'a Variant,
}

/// A token as an error message names it.
fn found(token: Option<Token>) -> String {
    match token {
        Some(Token::Number(n)) => format!("`{n}`"),
        Some(Token::Sign(c)) => format!("`{c}`"),
        None => "the end of the text".to_string(),
    }
}

impl<'a, I: Iterator<Item = Token<'a>>> Reader<'a, I> {
    fn sign(&mut self, want: char, after: &str) -> Result<(), PositionError> {
        match self.tokens.next() {
            Some(Token::Sign(c)) if c == want => Ok(()),
            other => Err(PositionError::syntax(format!(
                "`{want}` expected {after}, found {}; {}",
                found(other),
                help(self.variant)
            ))),
        }
    }

    fn number(&mut self, what: &str) -> Result<u32, PositionError> {
        match self.tokens.next() {
            // More digits than any field holds: read as too large, never overflowing.
            Some(Token::Number(n)) => Ok(n.parse().unwrap_or(u32::MAX)),
            other => Err(PositionError::syntax(format!(
                "{what}: a number expected, found {}; {}",
                found(other),
                help(self.variant)
            ))),
        }
    }

    fn count(&mut self, what: &str) -> Result<u8, PositionError> {
        let n = self.number(what)?;
        if n > 64 {
            return Err(PositionError::rule(
                self.variant.ids.board,
                format!("{what}: {n} seeds is more than the game has (64)"),
            ));
        }
        Ok(n as u8)
    }

    fn owns(&mut self, side: Side) -> Result<bool, PositionError> {
        match self.tokens.next() {
            Some(Token::Sign('T')) => Ok(true),
            Some(Token::Sign('F')) => Ok(false),
            other => Err(PositionError::syntax(format!(
                "whether {side} owns his {}: `T` or `F` expected, found {}",
                self.variant.words.kuu,
                found(other)
            ))),
        }
    }
}

/// Reads a position in Donkers' bracket form.
pub fn parse(variant: &Variant, text: &str) -> Result<Core, PositionError> {
    if text.len() > MAX_TEXT {
        return Err(PositionError::syntax("the position text is too long"));
    }
    let mut read = Reader {
        tokens: tokens(text),
        variant,
    };
    read.sign('[', "at the start")?;
    let mut holes = [0u8; HOLES];
    let labels = ["b8..b1", "a8..a1", "A1..A8", "B1..B8"];
    for (row, (indices, label)) in rows().iter().zip(labels).enumerate() {
        for &index in indices {
            holes[index as usize] = read.count(&format!("row {label}"))?;
        }
        let next = if row == 3 {
            "the stores"
        } else {
            labels[row + 1]
        };
        read.sign('|', &format!("after row {label}, before {next}"))?;
    }
    let reserve = [read.count("South's store")?, read.count("North's store")?];
    read.sign('|', "after the stores")?;
    let kuu = [read.owns(Side::South)?, read.owns(Side::North)?];
    let w = &variant.words;
    read.sign('|', &format!("after the {} fields", w.kuu))?;
    let takasia = read.number(&format!("the {} field", w.hizi))?;
    read.sign('|', &format!("after the {} field", w.hizi))?;
    let to_move = match read.number("the side to move")? {
        0 => Side::South,
        1 => Side::North,
        n => {
            return Err(PositionError::syntax(format!(
                "the side to move is 0 (South) or 1 (North), not {n}"
            )));
        }
    };
    read.sign(']', "after the side to move")?;
    if let Some(extra) = read.tokens.next() {
        return Err(PositionError::syntax(format!(
            "{} after the closing `]`: a bracket position ends there",
            found(Some(extra))
        )));
    }
    let hizi = match takasia {
        NONE => None,
        r @ 0..=7 => Some(index_of(to_move, r as u8)),
        n => {
            return Err(PositionError::syntax(format!(
                "the {} field is the side to move's front hole from 0 (A1 or a1) to 7 (A8 or \
                 a8), or 255 for none, not {n}",
                w.hizi
            )));
        }
    };
    Core::new(variant, holes, reserve, kuu, to_move, hizi)
}

/// `pos` in Donkers' bracket form, as his program writes it (without its trailing space); an
/// error for a reserved hole of the player not to move, for which the form has no field.
pub fn format(pos: &Core) -> Result<String, PositionError> {
    let takasia = match pos.hizi {
        None => NONE,
        Some(h) => {
            let (owner, r) = ring_of(h);
            if owner != pos.to_move || !is_front(r) {
                return Err(PositionError::syntax(format!(
                    "{} is reserved with the reserver's obligation due (he is to move): Donkers' \
                     bracket form has no field for that; write the compact form",
                    HOLE_NAMES[h as usize]
                )));
            }
            r as u32
        }
    };
    let mut out = String::with_capacity(100);
    out.push('[');
    for row in rows() {
        for index in row {
            out.push_str(&format!(" {}", pos.seeds(index)));
        }
        out.push_str(" |");
    }
    let flag = |side: Side| if pos.has_kuu(side) { 'T' } else { 'F' };
    out.push_str(&format!(
        " {} {} | {} {} | {takasia} | {} ]",
        pos.reserve(Side::South),
        pos.reserve(Side::North),
        flag(Side::South),
        flag(Side::North),
        pos.to_move.index()
    ));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::variant::{LAMU, ZANZIBAR};
    use super::*;

    const START: &str = "[ 0 0 0 0 0 0 0 0 | 0 2 2 6 0 0 0 0 | 0 0 0 0 6 2 2 0 | 0 0 0 0 0 0 0 0 \
                         | 22 22 | T T | 255 | 0 ]";

    #[test]
    fn the_start_reads_and_writes_as_the_program_writes_it() {
        assert_eq!(format(&Core::start()).unwrap(), START);
        for variant in [&ZANZIBAR, &LAMU] {
            assert_eq!(parse(variant, START).unwrap(), Core::start());
        }
        // The program writes a space after `]`; its reader, and this one, need no spaces.
        assert_eq!(
            parse(&ZANZIBAR, &format!("{START} ")).unwrap(),
            Core::start()
        );
        let tight =
            "[0 0 0 0 0 0 0 0|0 2 2 6 0 0 0 0|0 0 0 0 6 2 2 0|0 0 0 0 0 0 0 0|22 22|T T|255|0]";
        assert_eq!(parse(&ZANZIBAR, tight).unwrap(), Core::start());
    }

    #[test]
    fn rows_run_as_south_sees_them() {
        // One seed moved from North's a5 to b1, one from South's A5 to B8: b1 is the last count
        // of the first row, B8 the last of the fourth.
        let text = "[ 0 0 0 0 0 0 0 1 | 0 2 2 5 0 0 0 0 | 0 0 0 0 5 2 2 0 | 0 0 0 0 0 0 0 1 \
                    | 22 22 | T T | 255 | 0 ]";
        let pos = parse(&ZANZIBAR, text).unwrap();
        let seeds =
            |name: &str| pos.seeds(HOLE_NAMES.iter().position(|n| *n == name).unwrap() as u8);
        assert_eq!(
            (seeds("b1"), seeds("a5"), seeds("A5"), seeds("B8")),
            (1, 5, 5, 1)
        );
        assert_eq!(format(&pos).unwrap(), text);
    }

    /// After South's `A2<*` (the reference's diagram): North to move, his `a2` takasia-ed,
    /// North's house lost and South's too.
    const TAKASIA: &str = "[ 1 1 0 1 0 2 1 7 | 0 0 0 1 3 3 8 0 | 1 0 4 6 0 1 1 1 | 2 4 5 3 3 2 2 1 \
                           | 0 0 | F F | 1 | 1 ]";

    #[test]
    fn the_takasia_field_is_the_side_to_moves_front_hole_from_zero() {
        let pos = parse(&ZANZIBAR, TAKASIA).unwrap();
        let (hole, by) = pos.hizi().unwrap();
        assert_eq!((HOLE_NAMES[hole as usize], by), ("a2", Side::South));
        assert_eq!(format(&pos).unwrap(), TAKASIA);
        // The same position with the sides swapped: South to move, his own hole 1 is A2.
        let mirrored = "[ 1 2 2 3 3 5 4 2 | 1 1 1 0 6 4 0 1 | 0 8 3 3 1 0 0 0 | 7 1 2 0 1 0 1 1 \
                        | 0 0 | F F | 1 | 0 ]";
        let south = parse(&ZANZIBAR, mirrored).unwrap();
        let (hole, by) = south.hizi().unwrap();
        assert_eq!((HOLE_NAMES[hole as usize], by), ("A2", Side::North));
        assert_eq!(
            crate::games::Zanzibar::format_compact(
                &crate::games::four_by_eight::ZanzibarPosition::of(south)
            ),
            "1,2,2,3,3,5,4,2/1,1,1,0,6,4,0,1/0,8,3,3,1,0,0,0/7,1,2,0,1,0,1,1 0,0 - A2 S"
        );
        assert_eq!(format(&south).unwrap(), mirrored);
        // Both read under the default rulings (ZAN-23: neither side to move can capture).
        use crate::game::Game;
        for text in [TAKASIA, mirrored] {
            let rulings = crate::rulings::RulingSet::new()
                .resolve::<crate::games::Zanzibar>()
                .unwrap();
            assert!(crate::games::Zanzibar::parse_position_under(text, &rulings).is_ok());
        }
    }

    #[test]
    fn a_house_not_owned_reads_from_its_flag() {
        let text = "[ 0 0 0 0 0 0 0 0 | 0 2 2 6 0 0 0 0 | 0 0 0 0 6 2 2 0 | 0 0 0 0 0 0 0 0 \
                    | 22 22 | F T | 255 | 0 ]";
        let pos = parse(&ZANZIBAR, text).unwrap();
        assert!(!pos.has_kuu(Side::South) && pos.has_kuu(Side::North));
        assert_eq!(format(&pos).unwrap(), text);
    }

    #[test]
    fn a_due_obligation_has_no_field() {
        let mut pos = parse(&ZANZIBAR, TAKASIA).unwrap();
        pos.to_move = Side::South;
        let error = format(&pos).unwrap_err();
        assert!(
            error.message.contains("a2 is reserved"),
            "{}",
            error.message
        );
    }

    #[test]
    fn malformed_strings_say_what_was_expected() {
        let cases = [
            ("", "`[` expected at the start, found the end of the text"),
            ("[ 0 0 |", "row b8..b1: a number expected, found `|`"),
            (
                &START.replace("| 22 22", "22 22"),
                "`|` expected after row B1..B8, before the stores",
            ),
            (
                &START.replace("T T", "T X"),
                "`T` or `F` expected, found `X`",
            ),
            (&START.replace("255", "8"), "not 8"),
            (
                &START.replace("| 0 ]", "| 2 ]"),
                "0 (South) or 1 (North), not 2",
            ),
            (&START.replace(" ]", " ] x"), "`x` after the closing `]`"),
            (
                &START.replace("22 22", "22 99999999999999999999"),
                "more than the game has",
            ),
        ];
        for (text, want) in cases {
            let error = parse(&ZANZIBAR, text).unwrap_err();
            assert!(error.message.contains(want), "{text}: {}", error.message);
        }
        let error = parse(&ZANZIBAR, &START.replace("22 22", "21 22")).unwrap_err();
        assert_eq!(error.rule, Some("ZAN-1"));
    }
}
