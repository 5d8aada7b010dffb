//! A 4×8 move as written, before it is read against a position: its hole, direction and claims,
//! and the pieces of reading both notations share (canonical in `notation.rs`, Donkers' in
//! `donkers.rs`).

use super::moves::Dir;
use super::position::Core;
use super::variant::Variant;
use crate::game::NotationError;
use crate::notation::{MAX_TEXT, split_hole};

/// What a move's annotation claims (KETE notation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// `x`: a capture move.
    Capture,
    /// `*`: a takata (Zanzibar: takasa), whatever else it does.
    Takata,
    /// `**`: a takata played under hizi zetu (Zanzibar: under takasia), by the player whose hole
    /// is reserved (the real transcripts' reading, KETE-21, ZAN-24).
    UnderHiziZetu,
}

/// A Bao la Kete move as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelling {
    /// `A`, `B`, `a` or `b`, if written.
    pub row: Option<char>,
    /// 1 to 8.
    pub number: u8,
    /// The direction, if written.
    pub dir: Option<Dir>,
    /// `+`: the move goes on from the kuu (a decision, or in compulsory mtaji a claim).
    pub safari: bool,
    /// The claim the spelling makes (a capture, a takasa), if any.
    pub claim: Option<Claim>,
    /// `#`: the move wins the game.
    pub wins: bool,
    /// The direction is a letter of Donkers' notation (`L`/`R`), still to be read against the
    /// position (Donkers' notation, read in `resolve`): in a namua capture it names a kichwa.
    pub hand: bool,
}

/// The hole a move text starts with, checked to be on the board: its row letter if written,
/// its number, and the rest of the text. `example` is the notation's own example for the error.
pub(super) fn read_hole<'t>(
    variant: &Variant,
    text: &'t str,
    example: &str,
) -> Result<(Option<char>, u8, &'t str), NotationError> {
    let text = text.trim();
    if text.len() > MAX_TEXT {
        return Err(NotationError::new("the move text is too long to be a move"));
    }
    let hole = split_hole(text).ok_or_else(|| {
        NotationError::new(format!("`{text}` does not start with a hole: {example}"))
    })?;
    if let Some(row) = hole.row
        && !matches!(row, 'A' | 'B' | 'a' | 'b')
    {
        return Err(NotationError::new(format!(
            "`{row}` is not a row of {}: A and B are South's, a and b North's",
            variant.words.name
        )));
    }
    if !(1..=8).contains(&hole.number) {
        return Err(NotationError::new(format!(
            "hole {} is off the board: each row has holes 1 to 8",
            hole.number
        )));
    }
    Ok((hole.row, hole.number as u8, hole.rest))
}

/// Takes `token` (and the blanks after it) off the front of `rest`, if it is there.
pub(super) fn take(rest: &mut &str, token: &str) -> bool {
    match rest.strip_prefix(token) {
        Some(after) => {
            *rest = after.trim_start();
            true
        }
        None => false,
    }
}

/// Whether the side to move of `pos` moves under hizi zetu (takasia): one of his holes is reserved
/// for this move (KETE-21, ZAN-24). Not when the reserver's obligation is due.
pub(super) fn under_hizi_zetu(pos: &Core) -> bool {
    pos.hizi().is_some_and(|(_, by)| by != pos.to_move())
}
