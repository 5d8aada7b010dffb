//! The sowing state the never-ending-move detection and its memory share: a player's ring in one
//! integer, and where a move is (`sowing.rs` sows it, `memo.rs` remembers verdicts keyed by it).

/// A ring of 16 holes in one integer, hole `r` in byte `r` (so the front row is the low half): a
/// lap adds a run of ones, whatever its length. No byte overflows: the game has 64 seeds.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Ring(pub(super) u128);

/// What determines the rest of a move between two captures (KETE-A7): the mover's ring, the hole
/// the last seed fell into and the direction. The opponent's holes change only by captures and
/// the kuu only once, and the detector restarts at both.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct InMove {
    pub(super) ring: Ring,
    pub(super) at: u8,
    pub(super) step: u8,
}
