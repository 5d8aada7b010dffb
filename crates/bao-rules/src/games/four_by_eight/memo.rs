//! The verdicts on long takatas, remembered per thread (KETE-A7): a search meets the same long
//! relay again and again, and deciding one exactly (cycle detection) can take thousands of laps.
//!
//! Why a remembered verdict is exact: a takata captures nothing (KETE-11), so once it has run its
//! quiet laps its rest depends only on the mover's 16 holes, the hole its last seed fell into and
//! the direction ([`InMove`]), whether his kuu still stands (a lap ending there may stop or
//! destroy it), the stage and the reserved hole (the `context`: where a lap stops), and the lap
//! budget (where an undecided verdict is given). The key holds all of these and a recall compares
//! the whole key, so two different takatas never share a verdict; a slot collision only forgets.
//! The verdict is stored with the laps it took *from the key*, so the total reported is the same
//! as if the move had been followed to its end again.

use super::ring::InMove;

/// What decides the rest of a takata once it has run its quiet laps: the in-move state, whether
/// the kuu still stands, the stage, the reserved hole, and the lap budget.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Known {
    pub(super) state: InMove,
    pub(super) kuu: bool,
    pub(super) context: u32,
    pub(super) budget: u64,
}

/// The verdicts on long takatas: how many laps after the key it took to decide, and for a cycle
/// its length (which the key decides), so that a move played after it was searched is measured
/// without being decided again; and once a cycle was measured, the state it was measured from
/// with the laps from there to where the cycle starts (which that state and the length decide),
/// so that the same move played again is not sown again.
#[derive(Clone, Copy)]
pub(super) struct Decided {
    key: Known,
    pub(super) cycle: bool,
    pub(super) laps: u64,
    pub(super) length: u64,
    pub(super) measured: Option<(InMove, u64)>,
}

const KNOWN_SLOTS: usize = 1024;

thread_local! {
    static KNOWN: std::cell::RefCell<Vec<Option<Decided>>> = const {
        std::cell::RefCell::new(Vec::new())
    };
}

impl Known {
    fn slot(&self) -> usize {
        let seen = self.state.seen();
        let mut h = seen as u64 ^ (seen >> 64) as u64;
        h ^= (self.state.at as u64) << 3 ^ (self.state.step as u64) << 9 ^ (self.kuu as u64) << 17;
        h ^= (self.context as u64) << 21 ^ self.budget.rotate_left(29);
        h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 54) as usize % KNOWN_SLOTS
    }

    pub(super) fn recall(&self) -> Option<Decided> {
        KNOWN.with(|known| {
            let known = known.borrow();
            known
                .get(self.slot())
                .copied()
                .flatten()
                .filter(|d| d.key == *self)
        })
    }

    pub(super) fn remember(
        self,
        cycle: bool,
        laps: u64,
        length: u64,
        measured: Option<(InMove, u64)>,
    ) {
        KNOWN.with(|known| {
            let mut known = known.borrow_mut();
            if known.is_empty() {
                known.resize(KNOWN_SLOTS, None);
            }
            let slot = self.slot();
            known[slot] = Some(Decided {
                key: self,
                cycle,
                laps,
                length,
                measured,
            });
        });
    }
}
