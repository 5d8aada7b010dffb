//! The nemo stage (KETE-9, KETE-12, KETE-15, KETE-16): which holes may receive the reserve seed,
//! and whether that makes a capture or a takata. Sowing itself is in `sowing.rs`.

use super::Dir;
use super::candidates::{Candidate, Candidates, Class};
use super::position::{ACW, CW, Core, KUU, is_front, left_kimbi, opposite, right_kimbi};
use super::sowing::Start;
use super::variant::{Rules, Singletons};

/// What the mover's front row says about which holes may take the seed (KETE-15, KETE-16;
/// ZAN-14, ZAN-16).
#[derive(Clone, Copy)]
struct Front {
    /// The kuu, or the functional house (owned, six or more before the seed), is excluded
    /// unless it stands alone (a Lamu kuu always holds six or more).
    house_excluded: bool,
    /// KETE-15, ZAN-14, ZAN-A4: singletons may take the seed.
    singletons: bool,
}

impl Front {
    fn of(pos: &Core, rules: &Rules) -> Front {
        let me = pos.to_move.index();
        let front = &pos.rings[me][..8];
        let owned = pos.kuu[me];
        let functional = owned && front[KUU as usize] >= 6;
        let occupied = front.iter().filter(|&&n| n > 0).count();
        let alone = occupied == 1 && front[KUU as usize] > 0;
        let all_singletons = front.iter().all(|&n| n <= 1);
        Front {
            house_excluded: functional && !alone,
            singletons: all_singletons
                || match rules.singletons {
                    Singletons::Owned => owned,
                    Singletons::Functional => functional,
                },
        }
    }
}

/// Whether the mover has a front hole facing an occupied hole (KETE-12).
pub fn any_capture(pos: &Core) -> bool {
    let me = pos.to_move.index();
    let (ring, opp) = (&pos.rings[me], &pos.rings[1 - me]);
    (0..8u8).any(|x| ring[x as usize] > 0 && opp[opposite(x) as usize] > 0)
}

/// The move that puts the reserve seed into ring position `x` with direction `dir`, if there is
/// such a move at all.
fn at(pos: &Core, front: Front, x: u8, dir: Dir) -> Option<Candidate> {
    let me = pos.to_move.index();
    let (ring, opp) = (&pos.rings[me], &pos.rings[1 - me]);
    // The seed goes into an occupied front hole.
    if !is_front(x) || ring[x as usize] == 0 {
        return None;
    }
    let step = if dir == Dir::Right { CW } else { ACW };
    if opp[opposite(x) as usize] > 0 {
        // KETE-12, KETE-13: a capture; from a kimbi the kichwa (and so the direction) is forced,
        // from the centre the mover chooses: `>` from A1 clockwise, `<` from A8 anticlockwise.
        if (left_kimbi(x) && dir == Dir::Left) || (right_kimbi(x) && dir == Dir::Right) {
            return None;
        }
        return Some(Candidate {
            r: x,
            dir,
            start: Start::NemoCapture { x, step },
            class: Class::Capture { first: opposite(x) },
        });
    }
    // KETE-15, ZAN-14: not the kuu (functional house) unless it stands alone (then KETE-16,
    // ZAN-16); singletons while the kuu stands (the house is owned), or when all are.
    let eligible =
        !(x == KUU && front.house_excluded) && (ring[x as usize] >= 2 || front.singletons);
    Some(Candidate {
        r: x,
        dir,
        start: Start::NemoTakata { x, step },
        class: Class::Takata { eligible },
    })
}

/// The move at ring position `r`, direction `dir`, if any.
pub fn candidate(pos: &Core, rules: &Rules, r: u8, dir: Dir) -> Option<Candidate> {
    at(pos, Front::of(pos, rules), r, dir)
}

/// Every hole and direction of a nemo move, in canonical order (front row only, KETE-12/15).
pub fn candidates(pos: &Core, rules: &Rules, out: &mut Candidates) {
    let front = Front::of(pos, rules);
    for x in 0..8u8 {
        for dir in [Dir::Left, Dir::Right] {
            if let Some(c) = at(pos, front, x, dir) {
                out.push(c);
            }
        }
    }
}
