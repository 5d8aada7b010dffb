//! Each 4×8 game's own position type: the board both games share ([`Core`]), typed by its game,
//! so that a Bao la Kete position is no Bao la Kiswahili position (their rules, their written
//! forms and their rulings differ) although one engine plays both.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

use super::moves::CoreMove;
use super::position::Core;
use crate::types::Side;

/// A position of the 4×8 game `G` (`Kete` or `Zanzibar`): everything that decides
/// the rest of the game except its history. Read and written as `G` reads and writes it
/// ([`std::str::FromStr`], [`fmt::Display`]); [`crate::Position`] answers what every game's
/// position answers, [`Position::core`] the 4×8 board's own questions (the kuu, hizi zetu).
pub struct Position<G> {
    core: Core,
    game: PhantomData<fn() -> G>,
}

impl<G> Position<G> {
    /// `core` as a position of `G`: the caller has checked it is one.
    #[inline(always)]
    pub(super) const fn of(core: Core) -> Self {
        Position {
            core,
            game: PhantomData,
        }
    }

    /// The 4×8 board both games share: the holes, the stores, the kuu, hizi zetu.
    #[inline(always)]
    pub fn core(&self) -> &Core {
        &self.core
    }

    #[inline(always)]
    pub(super) fn core_mut(&mut self) -> &mut Core {
        &mut self.core
    }
}

// By hand: derives would ask the same of the game type `G`.
impl<G> Clone for Position<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Position<G> {}

impl<G> PartialEq for Position<G> {
    fn eq(&self, other: &Self) -> bool {
        self.core == other.core
    }
}

impl<G> Eq for Position<G> {}

impl<G> Hash for Position<G> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.core.hash(state);
    }
}

impl<G> fmt::Debug for Position<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.core.fmt(f)
    }
}

impl<G> Position<G> {
    /// [`crate::Position::seeds`]: none in a hole the board lacks.
    pub(crate) fn seeds_at(&self, hole: u8) -> u16 {
        if (hole as usize) < super::position::HOLES {
            self.core.seeds(hole) as u16
        } else {
            0
        }
    }

    /// [`crate::Position::stores`]: the seeds in each side's reserve (store).
    pub(crate) fn off_board(&self) -> [u16; 2] {
        Side::BOTH.map(|side| self.core.reserve(side) as u16)
    }
}

/// The 4×8 board's own questions (the kuu, the reserves, hizi zetu) asked of a game's position.
impl<G> std::ops::Deref for Position<G> {
    type Target = Core;
    fn deref(&self) -> &Core {
        &self.core
    }
}

/// A move of the 4×8 game `G` ([`Position`]'s game): the decisions both games' moves are made of
/// ([`CoreMove`]: the hole, the direction, the safari decision), typed by its game, so that a
/// Bao la Kete move is no Bao la Kiswahili move. Any core move converts into either game's move
/// (`From`): the rules judge it when it is played.
pub struct Move<G> {
    core: CoreMove,
    game: PhantomData<fn() -> G>,
}

impl<G> Move<G> {
    /// The move of these decisions.
    pub const fn new(hole: u8, dir: super::Dir, safari: Option<bool>) -> Self {
        Move::of(CoreMove { hole, dir, safari })
    }

    #[inline(always)]
    pub(super) const fn of(core: CoreMove) -> Self {
        Move {
            core,
            game: PhantomData,
        }
    }

    /// The decisions: the hole, the direction, the safari decision.
    #[inline(always)]
    pub fn core(self) -> CoreMove {
        self.core
    }
}

impl<G> From<CoreMove> for Move<G> {
    fn from(core: CoreMove) -> Self {
        Move::of(core)
    }
}

// By hand: derives would ask the same of the game type `G`.
impl<G> Clone for Move<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Move<G> {}

impl<G> PartialEq for Move<G> {
    fn eq(&self, other: &Self) -> bool {
        self.core == other.core
    }
}

impl<G> Eq for Move<G> {}

impl<G> PartialOrd for Move<G> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<G> Ord for Move<G> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.core.cmp(&other.core)
    }
}

impl<G> Hash for Move<G> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.core.hash(state);
    }
}

impl<G> fmt::Debug for Move<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.core.fmt(f)
    }
}

#[cfg(feature = "serde")]
impl<G> serde::Serialize for Move<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.core.serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de, G> serde::Deserialize<'de> for Move<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        CoreMove::deserialize(d).map(Move::of)
    }
}

/// The decisions (`hole`, `dir`, `safari`) read off a game's move.
impl<G> std::ops::Deref for Move<G> {
    type Target = CoreMove;
    fn deref(&self) -> &CoreMove {
        &self.core
    }
}
