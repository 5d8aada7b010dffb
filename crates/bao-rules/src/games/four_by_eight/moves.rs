//! The move of the 4×8 games: the mover's decisions, each file of the engine reads it.

/// The way a move's sowing starts along its hole's row, seen by the mover (KETE-5): `<` to his
/// left, `>` to his right. For a nemo capture, `>` sows the captured seeds from `A1` clockwise and
/// `<` from `A8` anticlockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Dir {
    /// To the mover's left (`<`).
    Left,
    /// To the mover's right (`>`).
    Right,
}

impl Dir {
    /// `<` or `>`, as moves are written.
    pub fn symbol(self) -> char {
        match self {
            Dir::Left => '<',
            Dir::Right => '>',
        }
    }
}

/// A move: the mover's decisions in order — the hole (in nemo the front hole that receives the
/// reserve seed, in mtaji the hole sown from), the direction, and the safari decision if one
/// arises (`Some(true)`: go on from the kuu, `Some(false)`: stop there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CoreMove {
    /// The hole index ([`super::position::HOLE_NAMES`]).
    pub hole: u8,
    /// The way the sowing starts.
    pub dir: Dir,
    /// The safari decision, where one arises (`Some(true)`: go on from the kuu).
    pub safari: Option<bool>,
}
