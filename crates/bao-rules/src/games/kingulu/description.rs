//! How Bao Kingulu is described: a position's fields (the holes with their reservations, the seeds
//! each side captured, the side to move), its long moves (KIN-A8), its reservation (KIN-10), and
//! the edits that make position probes. Seeds are only moved, between holes or into a side's
//! captured seeds: the 48 stay (KIN-2).

use super::Kingulu;
use super::position::{HOLES, Position, owner_of};
use crate::description::{Below, CompactParts, Conformance, Description, Field, LongMoves};
use crate::game::Side;
use crate::notation::side_letter;

pub(super) const DESCRIPTION: Description = Description {
    fields: &[Field::of("captured", "KIN-9"), Field::plain("side to move")],
    long_moves: Some(LongMoves {
        never_ends: "KIN-A8",
        ambiguity: "KIN-A8",
    }),
    reserve_rule: Some("KIN-10"),
    probe_edits: &[
        "as played",
        "hole reserved",
        "reservations lifted",
        "seeds gathered",
        "near the end",
    ],
    read_compact,
};

/// The compact form read leniently: two rows of comma-separated cells (a count, `^S`/`^N` after
/// a reserved hole), the captured seeds `south-north` (the stores), the side to move.
fn read_compact(text: &str) -> CompactParts<'_> {
    CompactParts::split(text, CompactParts::commas, Some((0, '-')))
}

pub(super) fn field_values(pos: &Position) -> Vec<String> {
    vec![
        format!(
            "{}-{}",
            pos.captured(Side::South),
            pos.captured(Side::North)
        ),
        side_letter(pos.to_move).to_string(),
    ]
}

pub(super) fn probe_edit(pos: &Position, edit: usize, rng: &mut dyn Below) -> Option<Position> {
    let mut holes = pos.holes();
    let mut reserved: [Option<Side>; HOLES] = std::array::from_fn(|h| pos.reserved_by(h as u8));
    let mut captured = [pos.captured(Side::South), pos.captured(Side::North)];
    let side = Side::BOTH[rng.below(2)];
    let row = |s: Side| (0..HOLES).filter(move |&h| owner_of(h as u8) == s);
    match edit {
        0 => {}
        // A hole of `side`'s reserved by his opponent (KIN-10).
        1 => {
            let free: Vec<usize> = row(side).filter(|&h| reserved[h].is_none()).collect();
            let h = *free.get(rng.below(free.len().max(1)))?;
            reserved[h] = Some(side.opponent());
        }
        2 => {
            if reserved.iter().all(Option::is_none) {
                return None;
            }
            reserved = [None; HOLES];
        }
        // Seeds of `side`'s row gathered in one hole: long relays.
        3 => {
            let to = row(side).nth(rng.below(6))?;
            for h in row(side) {
                if h != to && rng.below(2) == 0 {
                    holes[to] += holes[h];
                    holes[h] = 0;
                }
            }
        }
        // `side` keeps one or two holes; the rest of his seeds go to his opponent's captured.
        4 => {
            let keep = 1 + rng.below(2);
            let mut kept = 0;
            for h in row(side) {
                if holes[h] > 0 && kept < keep {
                    kept += 1;
                    continue;
                }
                captured[side.opponent().index()] += holes[h];
                holes[h] = 0;
            }
        }
        _ => return None,
    }
    Position::from_parts(holes, reserved, captured, pos.to_move).ok()
}

impl Conformance for Kingulu {
    const DESCRIPTION: Description = DESCRIPTION;

    fn field_values(pos: &Position) -> Vec<String> {
        field_values(pos)
    }

    fn probe_edit(pos: &Position, edit: usize, rng: &mut dyn Below) -> Option<Position> {
        probe_edit(pos, edit, rng)
    }
}
