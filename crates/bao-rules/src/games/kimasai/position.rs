//! The Kimasai board: each player's 24 holes as one 24-bit ring (MAS-3, MAS-4), the position and
//! the move.

use crate::game::{PositionError, Side};

/// The number of holes (four rows of twelve).
pub const HOLES: usize = 48;
pub(super) const RING: u32 = 24;
pub(super) const RING_MASK: u32 = (1 << RING) - 1;
/// Ring positions of the front row.
pub(super) const FRONT_MASK: u32 = RING_MASK & !((1 << 12) - 1);

/// The ring position of hole `index` within its owner's ring.
#[inline]
pub(super) fn ring_of(index: u8) -> u32 {
    let local = (index % 24) as u32;
    if local < 12 {
        // A(local+1): r = 24 - i
        23 - local
    } else {
        // B(local-11): r = i - 1
        local - 12
    }
}

/// The hole index of ring position `r` of `side`.
#[inline]
pub(super) fn index_of(side: Side, r: u32) -> u8 {
    let local = if r >= 12 { 23 - r } else { r + 12 };
    (side.index() as u32 * 24 + local) as u8
}

/// The owner of hole `index`.
#[inline]
pub(super) fn owner_of(index: u8) -> Side {
    if index < 24 { Side::South } else { Side::North }
}

/// `Ai` faces `a(13-i)` (MAS-1): in ring positions the opponent's front hole opposite `r` is `35 - r`.
#[inline]
pub(super) fn opposite_front(r: u32) -> u32 {
    35 - r
}

/// The back hole in the same column as front ring position `r` of the same player: `Ai` (r = 24 - i)
/// stands before `Bi` (r = i - 1).
#[inline]
pub(super) fn back_of_front(r: u32) -> u32 {
    23 - r
}

/// The ring shifted one step back: bit `r + 1` moves to `r`.
#[inline]
pub(super) fn backward(bits: u32) -> u32 {
    ((bits >> 1) | (bits << (RING - 1))) & RING_MASK
}

/// A Kimasai position: each player's stones on his ring, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) rings: [u32; 2],
    pub(super) to_move: Side,
}

impl Position {
    /// Whether hole `index` holds a stone.
    pub fn occupied(&self, index: u8) -> bool {
        self.rings[owner_of(index).index()] & (1 << ring_of(index)) != 0
    }

    /// Stones left to `side`.
    pub fn stones(&self, side: Side) -> u32 {
        self.rings[side.index()].count_ones()
    }

    /// A position from the occupied holes; checks MAS-2's stone count.
    ///
    /// # Errors
    ///
    /// `PositionError`: the text or the parts are no valid position of the game (with the rule broken, where one is).
    pub fn from_holes(holes: &[bool; HOLES], to_move: Side) -> Result<Position, PositionError> {
        let mut rings = [0u32; 2];
        for (index, &occupied) in holes.iter().enumerate() {
            if occupied {
                let index = index as u8;
                rings[owner_of(index).index()] |= 1 << ring_of(index);
            }
        }
        for side in Side::BOTH {
            let n = rings[side.index()].count_ones();
            if n > 23 {
                return Err(PositionError::rule(
                    "MAS-2",
                    format!("{side} has {n} stones; a player starts with 23 and never gains any"),
                ));
            }
        }
        Ok(Position { rings, to_move })
    }

    /// The holes as an array indexed like `Kimasai::hole_name`.
    pub fn holes(&self) -> [bool; HOLES] {
        std::array::from_fn(|i| self.occupied(i as u8))
    }
}

/// A move: the hole the stone leaves (MAS-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move(pub u8);

pub(super) static HOLE_NAMES: [&str; HOLES] = [
    "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12", //
    "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10", "B11", "B12", //
    "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "a12", //
    "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10", "b11", "b12",
];

impl Position {
    /// [`crate::Position::seeds`]: a stone is one seed; none in a hole the board lacks.
    pub(crate) fn seeds_at(&self, hole: u8) -> u16 {
        u16::from((hole as usize) < HOLES && self.occupied(hole))
    }

    /// [`crate::Position::stores`]: Bao la Kimasai keeps nothing off the board.
    pub(crate) fn off_board(&self) -> [u16; 2] {
        [0, 0]
    }
}
