//! The Kingulu board and position (KIN-1, KIN-2, KIN-9, KIN-10): what the rules (`mod.rs`) sow
//! and the notation (`notation.rs`) reads and writes.

use crate::game::{PositionError, Side};

/// The number of holes (two rows of six).
pub const HOLES: usize = 12;
/// KIN-2: four seeds in each of the twelve holes.
pub const SEEDS: u16 = 48;

pub(super) static HOLE_NAMES: [&str; HOLES] = [
    "A1", "A2", "A3", "A4", "A5", "A6", //
    "a1", "a2", "a3", "a4", "a5", "a6",
];

/// KIN-1: South owns row A (holes 0..6), North row a (holes 6..12).
#[inline]
pub(super) fn owner_of(hole: u8) -> Side {
    if hole < 6 { Side::South } else { Side::North }
}

/// The holes of `side`'s row, as a bit mask.
#[inline]
pub(super) fn row_mask(side: Side) -> u16 {
    match side {
        Side::South => 0x03f,
        Side::North => 0xfc0,
    }
}

/// KIN-1: `Ai` faces `a(7-i)`, that is hole `i - 1` faces hole `12 - i`.
#[inline]
pub(super) fn opposite(hole: u8) -> u8 {
    11 - hole
}

/// The board: byte `i` holds the seeds of hole `i`; bytes 12..16 are spare (zero in a position).
pub(super) type Board = [u8; 16];

/// A Kingulu position: the seeds in each hole, which holes are reserved and by whom (KIN-10), the
/// seeds each player has captured (KIN-9), and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) holes: Board,
    /// Bit `i` of `reserved[s]`: hole `i` is reserved by side `s`.
    pub(super) reserved: [u16; 2],
    pub(super) captured: [u8; 2],
    pub(super) to_move: Side,
}

impl Position {
    /// A position from its parts; checks that every reservation is of an opponent's hole (KIN-10)
    /// and that the seeds add up to 48 (KIN-2).
    ///
    /// # Errors
    ///
    /// `PositionError`: the text or the parts are no valid position of the game (with the rule broken, where one is).
    pub fn from_parts(
        holes: [u8; HOLES],
        reserved: [Option<Side>; HOLES],
        captured: [u8; 2],
        to_move: Side,
    ) -> Result<Position, PositionError> {
        let mut board: Board = [0; 16];
        let mut masks = [0u16; 2];
        let mut total: u32 = captured.iter().map(|&n| n as u32).sum();
        for hole in 0..HOLES as u8 {
            let n = holes[hole as usize];
            total += n as u32;
            if n as u16 > SEEDS {
                return Err(PositionError::rule(
                    "KIN-2",
                    format!(
                        "{} holds {n} seeds; the game has {SEEDS}",
                        HOLE_NAMES[hole as usize]
                    ),
                ));
            }
            board[hole as usize] = n;
            if let Some(by) = reserved[hole as usize] {
                if owner_of(hole) == by {
                    return Err(PositionError::rule(
                        "KIN-10",
                        format!(
                            "{} is {by}'s own hole; a player reserves only his opponent's holes",
                            HOLE_NAMES[hole as usize]
                        ),
                    ));
                }
                masks[by.index()] |= 1 << hole;
            }
        }
        if total != SEEDS as u32 {
            return Err(PositionError::rule(
                "KIN-2",
                format!(
                    "the position has {total} seeds (board and captured); the game has {SEEDS}"
                ),
            ));
        }
        Ok(Position {
            holes: board,
            reserved: masks,
            captured,
            to_move,
        })
    }

    /// The seeds in `hole`.
    pub fn seeds(&self, hole: u8) -> u8 {
        self.holes[hole as usize]
    }

    /// The seeds of every hole, indexed like `Kingulu::hole_name`.
    pub fn holes(&self) -> [u8; HOLES] {
        std::array::from_fn(|i| self.holes[i])
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Who reserved `hole`, if anyone.
    pub fn reserved_by(&self, hole: u8) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.reserved[s.index()] & (1 << hole) != 0)
    }

    /// The seeds `side` has captured.
    pub fn captured(&self, side: Side) -> u8 {
        self.captured[side.index()]
    }

    /// KIN-13: what each player counts — his captures, the seeds in his own unreserved holes and
    /// in the holes he reserved — as `[south, north]`. Always adds up to 48.
    pub fn score(&self) -> [u16; 2] {
        let mut score = [self.captured[0] as u16, self.captured[1] as u16];
        for hole in 0..HOLES as u8 {
            let side = self.reserved_by(hole).unwrap_or(owner_of(hole));
            score[side.index()] += self.seeds(hole) as u16;
        }
        score
    }
}

impl Position {
    /// [`crate::Position::seeds`]: none in a hole the board lacks.
    pub(crate) fn seeds_at(&self, hole: u8) -> u16 {
        if (hole as usize) < HOLES {
            self.holes[hole as usize] as u16
        } else {
            0
        }
    }

    /// [`crate::Position::stores`]: the seeds each side has captured (KIN-9).
    pub(crate) fn off_board(&self) -> [u16; 2] {
        self.captured.map(u16::from)
    }
}
