//! The mtaji stage (KETE-17 .. KETE-20): which holes may start a move, and whether its first
//! lap captures. Sowing itself is in `sowing.rs`; the kuu's first takata (KETE-20) is applied
//! where moves are chosen, in `choice.rs`.

use super::Dir;
use super::candidates::{Candidate, Candidates, Class, RING_ORDER, dir_step};
use super::position::{Core, is_front, opposite, ring_of};
use super::sowing::Start;

/// The mover's hole reserved by the opponent (KETE-21): no move starts from it.
fn reserved(pos: &Core) -> Option<u8> {
    match pos.hizi.map(ring_of) {
        Some((owner, r)) if owner == pos.to_move => Some(r),
        _ => None,
    }
}

/// KETE-17, KETE-18: where the first lap from `h` (holding `n`) in `step` ends, and whether it
/// captures there: an own front hole that was occupied (a lap under 16 seeds drops only its last
/// seed there) facing an occupied hole; a first lap of 16 or more captures nothing.
#[inline]
fn first_capture(ring: &[u8; 16], opp: &[u8; 16], h: u8, n: u8, step: u8) -> Option<u8> {
    let z = ((h as u32 + n as u32 * step as u32) % 16) as u8;
    (n < 16 && is_front(z) && ring[z as usize] >= 1 && opp[opposite(z) as usize] > 0)
        .then(|| opposite(z))
}

/// Whether some mtaji move of the mover meets the capture condition.
pub fn any_capture(pos: &Core) -> bool {
    let me = pos.to_move.index();
    let (ring, opp) = (&pos.rings[me], &pos.rings[1 - me]);
    let reserved = reserved(pos);
    (0..16u8).any(|h| {
        let n = ring[h as usize];
        n >= 2
            && reserved != Some(h)
            && [1u8, 15]
                .iter()
                .any(|&step| first_capture(ring, opp, h, n, step).is_some())
    })
}

/// The move from ring position `h` in direction `dir`, if there is one.
fn at(pos: &Core, all_singletons: bool, h: u8, dir: Dir) -> Option<Candidate> {
    let me = pos.to_move.index();
    let (ring, opp) = (&pos.rings[me], &pos.rings[1 - me]);
    let n = ring[h as usize];
    // KETE-17, KETE-19: at least two seeds; KETE-21: not from the reserved hole.
    if n < 2 || reserved(pos) == Some(h) {
        return None;
    }
    let step = dir_step(h, dir);
    let class = match first_capture(ring, opp, h, n, step) {
        Some(first) => Class::Capture { first },
        // KETE-19: a back hole only when every occupied front hole is a singleton.
        None => Class::Takata {
            eligible: is_front(h) || all_singletons,
        },
    };
    Some(Candidate {
        r: h,
        dir,
        start: Start::Mtaji { h, step },
        class,
    })
}

fn all_singletons(pos: &Core) -> bool {
    pos.rings[pos.to_move.index()][..8].iter().all(|&n| n <= 1)
}

/// The move at ring position `r`, direction `dir`, if any.
pub fn candidate(pos: &Core, r: u8, dir: Dir) -> Option<Candidate> {
    at(pos, all_singletons(pos), r, dir)
}

/// Every hole and direction of a mtaji move, in canonical order.
pub fn candidates(pos: &Core, out: &mut Candidates) {
    let all_singletons = all_singletons(pos);
    for h in RING_ORDER {
        for dir in [Dir::Left, Dir::Right] {
            if let Some(c) = at(pos, all_singletons, h, dir) {
                out.push(c);
            }
        }
    }
}
