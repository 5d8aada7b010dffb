//! The board as data, for pictures: what every game's position shows when drawn. Each game builds
//! its [`Board`] beside its diagram (`Game::board`), so a picture and the text diagram read the
//! same rows, North on top; the renderers (the oracle's `picture`) draw any game's board alike.

use crate::types::Side;

/// A position as a picture shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Board {
    /// The ruleset id of the game drawn.
    pub ruleset: &'static str,
    /// Rows as the diagram draws them: top (North's back row) to bottom (South's back row).
    pub rows: Vec<Row>,
    /// Seeds off the board: reserves (Kete, Kiswahili), captured seeds (Kingulu); empty if none.
    pub stores: Vec<Store>,
    /// The side to move.
    pub to_move: Side,
    /// State beyond holes and stores, as short text lines ("hizi zetu: none", "takasia: a4").
    pub notes: Vec<String>,
    /// The game's own word for [`Mark::House`]: `kuu` in Bao la Kete, `house` elsewhere.
    pub house: &'static str,
}

/// One row of holes, left to right as the diagram draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Row {
    /// The row's label (`b`, `a`, `A`, `B`).
    pub label: &'static str,
    /// The side the row belongs to.
    pub side: Side,
    /// The holes, left to right as the diagram draws them.
    pub holes: Vec<Hole>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
/// One hole of a [`Row`].
pub struct Hole {
    /// The game's own hole index (what G::hole_name takes; what moves/events name).
    pub index: u8,
    /// The hole's name (`A3`).
    pub name: &'static str,
    /// Seeds (Kimasai: stones) in the hole.
    pub count: u32,
    /// What the hole is besides its seeds (house, takasia, reserved).
    pub marks: Vec<Mark>,
}

impl Row {
    /// A row of a game's diagram: its holes left to right (`indices`), named from `names` (indexed
    /// by hole), each hole's seeds and marks from `hole`.
    pub fn of(
        label: &'static str,
        side: Side,
        indices: &[u8],
        names: &[&'static str],
        mut hole: impl FnMut(u8) -> (u32, Vec<Mark>),
    ) -> Row {
        Row {
            label,
            side,
            holes: indices
                .iter()
                .map(|&index| {
                    let (count, marks) = hole(index);
                    Hole {
                        index,
                        name: names[index as usize],
                        count,
                        marks,
                    }
                })
                .collect(),
        }
    }
}

/// What a hole is besides its seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Mark {
    /// The nyumba (house) or kuu, still standing.
    House,
    /// The takasia-ed hole (Bao la Kiswahili).
    Takasia,
    /// A hole barred: reserved by the opponent (Kingulu KIN-10, Kete hizi zetu).
    Reserved,
}

impl Mark {
    /// The mark in words, as pictures write it.
    pub fn name(self) -> &'static str {
        match self {
            Mark::House => "house",
            Mark::Takasia => "takasia",
            Mark::Reserved => "reserved",
        }
    }
}

/// Seeds of one side off the board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Store {
    /// Whose seeds they are.
    pub side: Side,
    /// `reserve` (Kete), `store` (Kiswahili) or `captured` (Kingulu).
    pub label: &'static str,
    /// The number of seeds.
    pub count: u32,
}

impl Board {
    /// Every hole of the board, row by row.
    pub fn holes(&self) -> impl Iterator<Item = &Hole> {
        self.rows.iter().flat_map(|row| row.holes.iter())
    }

    /// A mark in the game's own words (the kuu of Bao la Kete is no "house").
    pub fn mark_word(&self, mark: Mark) -> &'static str {
        match mark {
            Mark::House => self.house,
            other => other.name(),
        }
    }

    /// Seeds on the board and in the stores together (at most `u32::MAX`).
    pub fn total(&self) -> u32 {
        // Saturating: a board is plain data, built by anyone.
        let holes = self
            .holes()
            .fold(0u32, |sum, h| sum.saturating_add(h.count));
        let stores = self
            .stores
            .iter()
            .fold(0u32, |sum, s| sum.saturating_add(s.count));
        holes.saturating_add(stores)
    }
}
