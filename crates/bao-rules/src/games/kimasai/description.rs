//! How Bao la Kimasai is described: a position is its stones and the side to move; no laps, no
//! reservation. Probe edits take stones away (a player never gains any, MAS-2).

use super::Kimasai;
use super::position::{HOLES, Position, owner_of};
use crate::description::{Below, CompactParts, Conformance, Description, Field};
use crate::game::Side;
use crate::notation::side_letter;

pub(super) const DESCRIPTION: Description = Description {
    fields: &[Field::plain("side to move")],
    long_moves: None,
    reserve_rule: None,
    probe_edits: &["as played", "stones taken", "near the end"],
    read_compact,
};

/// The compact form read leniently: four rows of one character a stone, the side to move.
fn read_compact(text: &str) -> CompactParts<'_> {
    CompactParts::split(text, CompactParts::characters, None)
}

pub(super) fn field_values(pos: &Position) -> Vec<String> {
    vec![side_letter(pos.to_move).to_string()]
}

pub(super) fn probe_edit(pos: &Position, edit: usize, rng: &mut dyn Below) -> Option<Position> {
    let mut holes = pos.holes();
    let side = Side::BOTH[rng.below(2)];
    let own: Vec<usize> = (0..HOLES)
        .filter(|&i| holes[i] && owner_of(i as u8) == side)
        .collect();
    match edit {
        0 => {}
        // A few of one side's stones taken.
        1 => {
            if own.is_empty() {
                return None;
            }
            for _ in 0..1 + rng.below(6) {
                holes[own[rng.below(own.len())]] = false;
            }
        }
        // One side keeps one to three stones.
        2 => {
            let keep = 1 + rng.below(3);
            let mut kept = 0;
            for &i in &own {
                if kept < keep && rng.below(2) == 0 {
                    kept += 1;
                } else {
                    holes[i] = false;
                }
            }
            if kept == 0 {
                return None;
            }
        }
        _ => return None,
    }
    Position::from_holes(&holes, pos.to_move).ok()
}

impl Conformance for Kimasai {
    const DESCRIPTION: Description = DESCRIPTION;

    fn field_values(pos: &Position) -> Vec<String> {
        field_values(pos)
    }

    fn probe_edit(pos: &Position, edit: usize, rng: &mut dyn Below) -> Option<Position> {
        probe_edit(pos, edit, rng)
    }
}
