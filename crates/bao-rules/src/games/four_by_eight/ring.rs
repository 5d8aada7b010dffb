//! The sowing state the never-ending-move detection and its memory share: a player's ring in one
//! integer, and where a move is (`sowing.rs` sows it, `memo.rs` remembers verdicts keyed by it).

use super::position::CW;

/// A ring of 16 holes in one integer, hole `r` in byte `r` (so the front row is the low half): a
/// lap adds a run of ones, whatever its length. No byte overflows: the game has 64 seeds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Ring(pub(super) u128);

/// What determines the rest of a move between two captures (KETE-A7): the mover's ring, the hole
/// the last seed fell into and the direction. The opponent's holes change only by captures and
/// the kuu only once, and the detector restarts at both.
///
/// The ring is held as seen from the hole the last seed fell into (byte 0 is hole `at`, byte `k`
/// the hole `k` places on clockwise), one-to-one with the ring itself: a relay lifts byte 0 and
/// turns the ring by the seeds it sows, with no shift that depends on where it is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct InMove {
    seen: u128,
    pub(super) at: u8,
    pub(super) step: u8,
}

/// What a relay of `rest` seeds (and 16 each round) adds to the ring once it is seen from the
/// hole of the last seed: one in that hole and in each of the `rest - 1` before it, clockwise.
/// The ring is turned and the seeds added at once, so that neither waits for the other.
const RUN_CW: [u128; 16] = runs(true);
/// The same, anticlockwise: one in the hole of the last seed and in each of the `rest - 1`
/// after it, clockwise.
const RUN_ACW: [u128; 16] = runs(false);

const ONES: u128 = u128::from_le_bytes([1; 16]);

const fn runs(cw: bool) -> [u128; 16] {
    let mut runs = [0; 16];
    let mut rest = 1;
    while rest < 16 {
        // Bytes 0..rest; clockwise, the holes `rest - 1` before the last one up to it.
        let run = ONES >> (8 * (16 - rest));
        runs[rest] = if cw {
            run.rotate_left(8 * (16 - rest as u32 + 1))
        } else {
            run
        };
        rest += 1;
    }
    runs
}

impl InMove {
    #[inline(always)]
    pub(super) fn new(ring: Ring, at: u8, step: u8) -> InMove {
        InMove {
            seen: ring.0.rotate_right(8 * at as u32),
            at,
            step,
        }
    }

    /// The ring, hole `r` in byte `r` again.
    #[inline(always)]
    pub(super) fn ring(self) -> Ring {
        Ring(self.seen.rotate_left(8 * self.at as u32))
    }

    /// The seeds in hole `at`, where the last seed fell.
    #[inline(always)]
    pub(super) fn seeds(self) -> u8 {
        self.seen as u8
    }

    /// The state's ring as seen from `at`, for a hash.
    #[inline(always)]
    pub(super) fn seen(self) -> u128 {
        self.seen
    }

    /// A number that differs wherever two states differ most often (eight of the sixteen holes
    /// as seen from `at`): a cheap first test of equality, which [`PartialEq`] then confirms.
    #[inline(always)]
    pub(super) fn quick(self) -> u64 {
        self.seen as u64
    }

    /// One plain relay (KETE-7): every seed of hole `at` sown on from it in the direction of the
    /// move, one a hole (a lap of 16 or more passes every hole, its start included); `at` becomes
    /// the hole of the last seed.
    #[inline(always)]
    pub(super) fn relay(&mut self) {
        if self.step == CW {
            self.relay_in::<true>()
        } else {
            self.relay_in::<false>()
        }
    }

    /// [`InMove::relay`] for a move known to go clockwise (`CLOCKWISE`) or anticlockwise.
    #[inline(always)]
    pub(super) fn relay_in<const CLOCKWISE: bool>(&mut self) {
        let n = self.seen as u8;
        let rest = n & 15;
        let mut seen = self.seen & !0xFF;
        if n >= 16 {
            seen += ONES * (n >> 4) as u128;
        }
        if CLOCKWISE {
            self.seen = seen.rotate_right(8 * rest as u32) + RUN_CW[rest as usize];
            self.at = (self.at + rest) & 15;
        } else {
            self.seen = seen.rotate_left(8 * rest as u32) + RUN_ACW[rest as usize];
            self.at = (self.at + 16 - rest) & 15;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::four_by_eight::position::ACW;

    /// The relay as the hole-by-hole rule says it (KETE-6, KETE-7).
    fn by_hand(holes: &mut [u8; 16], at: &mut u8, step: u8) {
        let n = std::mem::take(&mut holes[*at as usize]);
        let mut h = *at;
        for _ in 0..n {
            h = (h + step) & 15;
            holes[h as usize] += 1;
        }
        *at = h;
    }

    #[test]
    fn a_relay_seen_from_the_last_hole_is_the_relay_hole_by_hole() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut holes = [0u8; 16];
            // Up to 64 seeds, a few holes of 16 or more.
            let mut left = (x % 65) as u32;
            for (i, h) in holes.iter_mut().enumerate() {
                let take = ((x >> (i * 4)) as u32 % 24).min(left);
                *h = take as u8;
                left -= take;
            }
            let mut at = (x >> 60) as u8 & 15;
            let step = if x & (1 << 20) == 0 { CW } else { ACW };
            let mut state = InMove::new(Ring(u128::from_le_bytes(holes)), at, step);
            assert_eq!(state.seeds(), holes[at as usize]);
            by_hand(&mut holes, &mut at, step);
            state.relay();
            assert_eq!(state.ring().0.to_le_bytes(), holes);
            assert_eq!(state.at, at);
        }
    }
}
