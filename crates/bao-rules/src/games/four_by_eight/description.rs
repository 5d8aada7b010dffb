//! How the 4×8 games are described: a position's fields after its holes (the reserves or stores,
//! the kuu or house, the hizi zetu or takasia hole, the side to move) with the rules they are
//! about, the long moves (KETE-A7, ZAN-27 and ZAN-A16), the reservation (KETE-21, ZAN-23) and its
//! obligation (KETE-22, ZAN-A13), and the edits that make position probes: namua and mtaji, owned
//! and lost houses below and above six, lone houses, reserved holes and due obligations,
//! near-ends. The edits only move seeds (64 stay, KETE-1, ZAN-1).

use super::position::{Core, HOLE_NAMES, HOLES, KUU};
use super::variant::{Rules, Variant};
use crate::description::{Below, CompactParts, Description, Field, LongMoves};
use crate::game::{RuleId, Side};
use crate::notation::side_letter;

pub(super) const KETE: Description = Description {
    fields: &[
        Field::plain("reserves"),
        Field::of("kuu", "KETE-4"),
        Field::of("hizi zetu", "KETE-21"),
        Field::plain("side to move"),
    ],
    long_moves: Some(LongMoves {
        never_ends: "KETE-A7",
        ambiguity: "KETE-A7",
    }),
    reserve_rule: Some("KETE-21"),
    probe_edits: &[
        "as played",
        "kuu ownership changed",
        "kuu below or above six",
        "lone kuu",
        "hizi zetu field",
        "obligation due",
        "near the end",
    ],
    read_compact,
};

pub(super) const ZANZIBAR: Description = Description {
    fields: &[
        Field::plain("stores"),
        Field::of("house", "ZAN-17"),
        Field::of("takasia", "ZAN-23"),
        Field::plain("side to move"),
    ],
    // ZAN-27 decides never-ending moves; ZAN-A16 lists the engines' limits.
    long_moves: Some(LongMoves {
        never_ends: "ZAN-27",
        ambiguity: "ZAN-A16",
    }),
    reserve_rule: Some("ZAN-23"),
    probe_edits: &[
        "as played",
        "house ownership changed",
        "house below or above six",
        "lone house",
        "takasia field",
        "obligation due",
        "near the end",
    ],
    read_compact,
};

/// The compact form read leniently, as both 4×8 games write it: four rows of comma-separated
/// counts, the reserves or stores `South,North`, the kuu or house, the hizi zetu or takasia hole,
/// the side to move.
fn read_compact(text: &str) -> CompactParts<'_> {
    CompactParts::split(text, CompactParts::commas, Some((0, ',')))
}

/// The fields after the holes, as the compact form writes them.
pub(super) fn field_values(variant: &Variant, pos: &Core) -> Vec<String> {
    let k = variant.words.house_letter;
    let mut kuu = String::with_capacity(2);
    if pos.has_kuu(Side::South) {
        kuu.push(k);
    }
    if pos.has_kuu(Side::North) {
        kuu.push(k.to_ascii_lowercase());
    }
    if kuu.is_empty() {
        kuu.push('-');
    }
    vec![
        format!("{},{}", pos.reserve(Side::South), pos.reserve(Side::North)),
        kuu,
        pos.hizi()
            .map_or("-", |(h, _)| HOLE_NAMES[h as usize])
            .to_string(),
        side_letter(pos.to_move()).to_string(),
    ]
}

/// The reserver's obligation, due while he is to move.
pub(super) fn obligation_due(variant: &Variant, pos: &Core) -> Option<(RuleId, String)> {
    let (h, by) = pos.hizi()?;
    if !pos.hizi_due() {
        return None;
    }
    let rule = variant.ids.obligation;
    let hole = HOLE_NAMES[h as usize];
    // Under ZAN-A13 the obligation binds only while a legal capture takes the hole.
    let lapses = if variant.strict_reservation {
        "; it lapses if no legal capture takes it"
    } else {
        ""
    };
    Some((
        rule,
        format!("{by}'s obligation to capture {hole} is due{lapses} ({rule})"),
    ))
}

/// The hole index of `side`'s front (`front`) or back hole `number` (1..=8).
fn at(side: Side, front: bool, number: usize) -> usize {
    side.index() * 16 + if front { 0 } else { 8 } + number - 1
}

/// The edit `edit` of [`KETE`]'s or [`ZANZIBAR`]'s `probe_edits` (the same kinds in each game's
/// words), for the game whose rules under its default rulings are `rules`.
pub(super) fn probe_edit(
    rules: &Rules,
    pos: &Core,
    edit: usize,
    rng: &mut dyn Below,
) -> Option<Core> {
    let variant = rules.variant;
    let mut holes = pos.holes();
    let mut reserve = [pos.reserve(Side::South), pos.reserve(Side::North)];
    let mut kuu = [pos.has_kuu(Side::South), pos.has_kuu(Side::North)];
    let mut hizi = pos.hizi().map(|(h, _)| h);
    let mover = pos.to_move();
    let side = if rng.below(2) == 0 {
        mover
    } else {
        mover.opponent()
    };
    let house = at(side, true, KUU as usize + 1);
    // Moves `n` seeds from hole `from` to hole `to` (as many as `from` holds, at most).
    let shift = |holes: &mut [u8; HOLES], from: usize, to: usize, n: u8| {
        let n = n.min(holes[from]);
        holes[from] -= n;
        holes[to] += n;
    };
    match edit {
        0 => {}
        1 => kuu[side.index()] = !kuu[side.index()],
        2 => {
            let other = at(side, rng.below(2) == 0, 1 + rng.below(8));
            if other == house {
                return None;
            }
            if rng.below(2) == 0 {
                // Below six: at most five stay in the house.
                let keep = 1 + rng.below(5) as u8;
                let n = holes[house].saturating_sub(keep);
                shift(&mut holes, house, other, n);
            } else {
                let n = 1 + rng.below(8) as u8;
                shift(&mut holes, other, house, n);
            }
            kuu[side.index()] = holes[house] > 0 && rng.below(4) != 0;
        }
        3 => {
            // Every other front hole of the side sown back into its back row.
            for number in (1..=8).filter(|&k| k != KUU as usize + 1) {
                shift(
                    &mut holes,
                    at(side, true, number),
                    at(side, false, number),
                    u8::MAX,
                );
            }
            if holes[house] == 0 {
                return None;
            }
        }
        4 | 5 => {
            // Both reserves emptied onto their own back rows; the hole taken from the side to
            // move (a reserved hole) or from his opponent (the reserver's obligation due).
            for s in Side::BOTH {
                let to = at(s, false, 1 + rng.below(8));
                holes[to] += reserve[s.index()];
                reserve[s.index()] = 0;
            }
            if edit == 4 {
                // A reserved hole of the side to move is the one his opponent's captures all
                // take first (KETE-21, ZAN-23): the field a takata leading here would make under
                // the default rulings, if any (under others the run's check may refuse it).
                let owned =
                    Side::BOTH.map(|s| kuu[s.index()] && holes[at(s, true, KUU as usize + 1)] > 0);
                let free = Core::new(variant, holes, reserve, owned, mover, None).ok()?;
                let r = super::hizi_zetu::reserved_by(&free, mover.opponent(), rules)?;
                hizi = Some(at(mover, true, r as usize + 1) as u8);
            } else {
                let owner = mover.opponent();
                let occupied: Vec<usize> =
                    (1..=8).filter(|&k| holes[at(owner, true, k)] > 0).collect();
                if occupied.is_empty() {
                    return None;
                }
                hizi = Some(at(owner, true, occupied[rng.below(occupied.len())]) as u8);
            }
        }
        6 => {
            // The side keeps one or two holes of more than one seed; the rest goes to his
            // opponent's back row.
            let keep = 1 + rng.below(2);
            let mut kept = 0;
            for front in [true, false] {
                for number in 1..=8 {
                    let from = at(side, front, number);
                    if holes[from] > 1 && kept < keep {
                        kept += 1;
                        continue;
                    }
                    let to = at(side.opponent(), false, 1 + rng.below(8));
                    let n = holes[from].saturating_sub(1);
                    shift(&mut holes, from, to, n);
                }
            }
        }
        _ => return None,
    }
    // A lost house's hole is an ordinary one; an owned one must hold seeds (else not a position).
    for s in Side::BOTH {
        if kuu[s.index()] && holes[at(s, true, KUU as usize + 1)] == 0 {
            kuu[s.index()] = false;
        }
    }
    Core::new(variant, holes, reserve, kuu, mover, hizi).ok()
}
