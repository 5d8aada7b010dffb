//! The candidates of a position: a hole and a direction the mover could play, before the rules
//! that choose among them. `nemo.rs` and `mtaji.rs` list them; `choice.rs` chooses.

use super::moves::Dir;
use super::position::{ACW, CW, is_front};
use super::sowing::Start;

/// Ring positions in the order their names sort: `A1..A8`, then `B1..B8`.
pub(super) const RING_ORDER: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8];

/// The ring direction of `dir` from ring position `r` (KETE-5): from a front hole `>` is
/// clockwise, from a back hole anticlockwise.
pub(super) fn dir_step(r: u8, dir: Dir) -> u8 {
    match (is_front(r), dir) {
        (true, Dir::Right) | (false, Dir::Left) => CW,
        _ => ACW,
    }
}

/// Whether a hole and direction make a capture move or a takata (KETE-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Class {
    /// The first lap captures; `first` is the opponent's ring position it takes.
    Capture { first: u8 },
    /// A takata; `eligible` if its hole may start one (KETE-15, KETE-16, KETE-19).
    Takata { eligible: bool },
}

/// One hole and direction the mover could play, before the rules that choose among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Candidate {
    /// The mover's ring position named by the move.
    pub(super) r: u8,
    pub(super) dir: Dir,
    pub(super) start: Start,
    pub(super) class: Class,
}

/// The candidates of a position, in canonical order, in a fixed array (no allocation).
pub(super) struct Candidates {
    pub(super) items: [Candidate; 32],
    pub(super) len: usize,
}

impl Candidates {
    /// No candidates yet.
    pub(super) fn new() -> Candidates {
        Candidates {
            items: [Candidate {
                r: 0,
                dir: Dir::Left,
                start: Start::Mtaji { h: 0, step: CW },
                class: Class::Takata { eligible: false },
            }; 32],
            len: 0,
        }
    }

    pub(super) fn push(&mut self, c: Candidate) {
        self.items[self.len] = c;
        self.len += 1;
    }

    pub(super) fn as_slice(&self) -> &[Candidate] {
        &self.items[..self.len]
    }
}
