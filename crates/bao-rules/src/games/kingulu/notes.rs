//! Bao Kingulu's notes: what a move did that moves no seeds by itself, in words
//! ([`crate::game::Note`]).

crate::game::notes! {
    /// KIN-5: seeds of a lap fell into reserved holes.
    SEEDS_IN_RESERVED_HOLES = "seeds fell into reserved holes: they count for the holes' owners";
    /// KIN-A5: the hole opposite is reserved, so nothing is captured.
    OPPOSITE_RESERVED = "the opposite hole is reserved: no capture, the seed stays";
    /// KIN-A4: the last-but-one seed fell into a reserved hole and stays there.
    PENULTIMATE_STAYS = "the last-but-one seed fell into a reserved hole and stays there";
}
