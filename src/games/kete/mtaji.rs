//! The mtaji stage (KETE-17 .. KETE-20): which holes may start a move, and whether its first
//! lap captures. Sowing itself is in `sowing.rs`; the kuu's first takata (KETE-20) is applied
//! where moves are chosen, in `mod.rs`.

use super::position::{Position, is_front, opposite, ring_of};
use super::sowing::Start;
use super::{Candidate, Candidates, Class, Dir, RING_ORDER, dir_step};

/// Every hole and direction of a mtaji move, in canonical order.
pub fn candidates(pos: &Position, out: &mut Candidates) {
    let side = pos.to_move;
    let me = side.index();
    let ring = &pos.rings[me];
    let opp = &pos.rings[1 - me];
    // KETE-21: the mover's hole reserved by the opponent cannot start a move.
    let reserved = match pos.hizi.map(ring_of) {
        Some((owner, r)) if owner == side => Some(r),
        _ => None,
    };
    // KETE-19: a back hole only when every occupied front hole is a singleton.
    let all_singletons = ring[..8].iter().all(|&n| n <= 1);
    for h in RING_ORDER {
        let n = ring[h as usize];
        // KETE-17, KETE-19: at least two seeds.
        if n < 2 || reserved == Some(h) {
            continue;
        }
        for dir in [Dir::Left, Dir::Right] {
            let step = dir_step(h, dir);
            let z = ((h as u32 + n as u32 * step as u32) % 16) as u8;
            // KETE-17: the first lap's last seed falls into an own front hole that was occupied
            // (a lap under 16 seeds drops only that one seed there) facing an occupied hole;
            // KETE-18: a first lap of 16 or more captures nothing.
            let capture =
                n < 16 && is_front(z) && ring[z as usize] >= 1 && opp[opposite(z) as usize] > 0;
            let class = if capture {
                Class::Capture { first: opposite(z) }
            } else {
                Class::Takata {
                    eligible: is_front(h) || all_singletons,
                }
            };
            out.push(Candidate {
                r: h,
                dir,
                start: Start::Mtaji { h, step },
                class,
            });
        }
    }
}
