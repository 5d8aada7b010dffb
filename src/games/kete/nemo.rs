//! The nemo stage (KETE-9, KETE-12, KETE-15, KETE-16): which holes may receive the reserve seed,
//! and whether that makes a capture or a takata. Sowing itself is in `sowing.rs`.

use super::position::{ACW, CW, KUU, Position, left_kimbi, opposite, right_kimbi};
use super::sowing::Start;
use super::{Candidate, Candidates, Class, Dir};

/// Every hole and direction of a nemo move, in canonical order (front row only, KETE-12/15).
pub fn candidates(pos: &Position, out: &mut Candidates) {
    let me = pos.to_move.index();
    let ring = &pos.rings[me];
    let opp = &pos.rings[1 - me];
    let kuu = pos.kuu[me];
    let front = &ring[..8];
    let occupied = front.iter().filter(|&&n| n > 0).count();
    // KETE-16: the kuu is the only occupied front hole.
    let kuu_alone = kuu && occupied == 1 && front[KUU as usize] > 0;
    // KETE-15: without a kuu, singletons only when every occupied front hole is one.
    let all_singletons = front.iter().all(|&n| n <= 1);
    for x in 0..8u8 {
        let n = ring[x as usize];
        if n == 0 {
            continue;
        }
        if opp[opposite(x) as usize] > 0 {
            // KETE-12, KETE-13: a capture; from a kimbi the kichwa (and so the direction) is
            // forced, from the centre the mover chooses: `>` from A1 clockwise, `<` from A8.
            let dirs: &[Dir] = if left_kimbi(x) {
                &[Dir::Right]
            } else if right_kimbi(x) {
                &[Dir::Left]
            } else {
                &[Dir::Left, Dir::Right]
            };
            for &dir in dirs {
                let step = if dir == Dir::Right { CW } else { ACW };
                out.push(Candidate {
                    r: x,
                    dir,
                    start: Start::NemoCapture { x, step },
                    class: Class::Capture { first: opposite(x) },
                });
            }
        } else {
            // KETE-15: with a kuu, not the kuu unless it stands alone (then KETE-16),
            // singletons allowed; without, at least two unless all are singletons.
            let eligible = if kuu {
                x != KUU || kuu_alone
            } else {
                n >= 2 || all_singletons
            };
            for dir in [Dir::Left, Dir::Right] {
                let step = if dir == Dir::Right { CW } else { ACW };
                out.push(Candidate {
                    r: x,
                    dir,
                    start: Start::NemoTakata { x, step },
                    class: Class::Takata { eligible },
                });
            }
        }
    }
}
