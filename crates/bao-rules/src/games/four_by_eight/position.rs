//! The board (KETE-1, KETE-2), the start (KETE-3) and what a position holds: the 32 holes, both
//! reserves, each player's kuu status (KETE-4), the side to move and the hizi zetu state (KETE-21).
//!
//! Each player's 16 holes are kept as his ring (KETE-5): ring position `r = 0..8` is `A1..A8`,
//! `r = 8..16` is `B8..B1`, so `r + 1` is clockwise and `r - 1` anticlockwise (mod 16). Both
//! players' rings read the same way from their own side, so the rules never look at who moves.
//! Hole *indices* (for events and moves) follow the order names sort in: `A1..A8` 0..8, `B1..B8`
//! 8..16, `a1..a8` 16..24, `b1..b8` 24..32.

use super::variant::{HouseInMtaji, MidMove, MustCapture, Rules, Variant};
use crate::game::{PositionError, Side};

/// Holes on the board.
pub const HOLES: usize = 32;
/// Holes of one player's ring.
pub const RING: usize = 16;
/// Seeds in the game (KETE-1).
pub const SEEDS: u32 = 64;
/// The kuu's ring position: `A5`/`a5` (KETE-2).
pub const KUU: u8 = 4;
/// The kichwa: `A1`/`a1` and `A8`/`a8` (KETE-2).
pub const LEFT_KICHWA: u8 = 0;
pub const RIGHT_KICHWA: u8 = 7;
/// One step clockwise / anticlockwise on a ring (added mod 16).
pub const CW: u8 = 1;
pub const ACW: u8 = 15;

/// The next ring position from `r` in the direction `step`.
#[inline(always)]
pub fn next(r: u8, step: u8) -> u8 {
    (r + step) & 15
}

/// Whether ring position `r` is in the front row.
#[inline(always)]
pub fn is_front(r: u8) -> bool {
    r < 8
}

/// The opponent's front hole facing front ring position `r`: `Ai` faces `a(9-i)` (KETE-1).
#[inline(always)]
pub fn opposite(r: u8) -> u8 {
    7 - r
}

/// KETE-2: the left kimbi `{1,2}`, the right kimbi `{7,8}`, else central.
#[inline(always)]
pub fn left_kimbi(r: u8) -> bool {
    r <= 1
}
#[inline(always)]
pub fn right_kimbi(r: u8) -> bool {
    r == 6 || r == 7
}

/// The hole index of ring position `r` of `side`.
#[inline]
pub fn index_of(side: Side, r: u8) -> u8 {
    side.index() as u8 * 16 + if r < 8 { r } else { 23 - r }
}

/// The owner and ring position of hole `index` (< 32).
#[inline]
pub fn ring_of(index: u8) -> (Side, u8) {
    let side = if index < 16 { Side::South } else { Side::North };
    let local = index % 16;
    (side, if local < 8 { local } else { 23 - local })
}

/// The names of the holes, by index: `A1..A8`, `B1..B8`, `a1..a8`, `b1..b8`.
pub static HOLE_NAMES: [&str; HOLES] = [
    "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", //
    "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", //
    "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", //
    "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8",
];

/// The name of ring position `r` of `side`.
pub fn name(side: Side, r: u8) -> &'static str {
    HOLE_NAMES[index_of(side, r) as usize]
}

/// A Bao la Kete position. Everything that decides the rest of the game except its history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Core {
    /// Each player's ring, indexed by [`Side::index`].
    pub(super) rings: [[u8; RING]; 2],
    /// Seeds in each player's reserve (KETE-3, KETE-9).
    pub(super) reserve: [u8; 2],
    /// Whether each player still has his kuu (KETE-4).
    pub(super) kuu: [bool; 2],
    pub(super) to_move: Side,
    /// The hole reserved by hizi zetu, as a hole index (KETE-21). The player who reserved it is
    /// its owner's opponent; his obligation (KETE-22) is due when he is to move.
    pub(super) hizi: Option<u8>,
}

impl Core {
    /// Seeds in hole `index`.
    pub fn seeds(&self, index: u8) -> u8 {
        let (side, r) = ring_of(index);
        self.rings[side.index()][r as usize]
    }

    /// Seeds in `side`'s reserve (store).
    pub fn reserve(&self, side: Side) -> u8 {
        self.reserve[side.index()]
    }

    /// Whether `side` still has his kuu (nyumba).
    pub fn has_kuu(&self, side: Side) -> bool {
        self.kuu[side.index()]
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The hizi zetu hole and the player who reserved it.
    pub fn hizi(&self) -> Option<(u8, Side)> {
        self.hizi.map(|h| (h, ring_of(h).0.opponent()))
    }

    /// Whether the reserver's obligation (KETE-22) is due: he is to move.
    pub fn hizi_due(&self) -> bool {
        self.hizi().is_some_and(|(_, by)| by == self.to_move)
    }

    /// KETE-9: a player is in nemo while he has seeds in reserve.
    pub fn in_nemo(&self, side: Side) -> bool {
        self.reserve[side.index()] > 0
    }

    /// Whether `side`'s front row is empty (KETE-23).
    pub fn front_empty(&self, side: Side) -> bool {
        front_empty(&self.rings[side.index()])
    }

    /// Seeds on `side`'s holes.
    pub fn on_board(&self, side: Side) -> u32 {
        self.rings[side.index()].iter().map(|&n| n as u32).sum()
    }

    /// Builds and validates a position of `variant`. `holes` is indexed by hole index; `hizi` is
    /// a hole index.
    ///
    /// # Errors
    ///
    /// `PositionError`: the text or the parts are no valid position of the game (with the rule broken, where one is).
    pub fn new(
        variant: &Variant,
        holes: [u8; HOLES],
        reserve: [u8; 2],
        kuu: [bool; 2],
        to_move: Side,
        hizi: Option<u8>,
    ) -> Result<Core, PositionError> {
        let mut rings = [[0u8; RING]; 2];
        for (index, &n) in holes.iter().enumerate() {
            let (side, r) = ring_of(index as u8);
            rings[side.index()][r as usize] = n;
        }
        let pos = Core {
            rings,
            reserve,
            kuu,
            to_move,
            hizi,
        };
        pos.validate(variant)?;
        Ok(pos)
    }

    /// What a valid position must also be under the rulings in force (Zanzibar's position forms
    /// depend on them): the side that moved last has a front row unless `namua-lone-kichwa =
    /// either` (ZAN-7); a takasia-ed hole only under `takasia = yes`, not a singleton under
    /// `takasia-singleton = excluded` (ZAN-23), and one of the player not to move (the obligation
    /// due) only under `takasia-must-capture` other than `no` (ZAN-A13).
    ///
    /// # Errors
    ///
    /// `PositionError`: the text or the parts are no valid position of the game (with the rule broken, where one is).
    pub fn check_rules(&self, rules: &Rules) -> Result<(), PositionError> {
        let ids = &rules.variant.ids;
        // A finished game's store holds captured seeds only under `no-sow` (ZAN-A15).
        if rules.mid_move != MidMove::NoSow {
            self.check_stores(rules.variant)?;
        }
        let last = self.to_move.opponent();
        if self.front_empty(last) && !rules.lone_kichwa_either {
            return Err(PositionError::rule(
                ids.front_row,
                format!(
                    "{last} (who moved last) has an empty front row: no move may empty its mover's \
                     front row"
                ),
            ));
        }
        let Some(h) = self.hizi else { return Ok(()) };
        let (owner, r) = ring_of(h);
        let hole = HOLE_NAMES[h as usize];
        if self.kuu[owner.index()] && r == KUU && rules.house_in_mtaji != HouseInMtaji::Kept {
            return Err(PositionError::rule(
                ids.reserve,
                format!(
                    "{hole} is {owner}'s {}, which cannot be reserved (below six only under \
                     `house-in-mtaji = kept`, ZAN-A6)",
                    rules.variant.words.kuu
                ),
            ));
        }
        if !rules.variant.strict_reservation {
            return Ok(());
        }
        if !rules.takasia {
            return Err(PositionError::rule(
                ids.reserve,
                format!(
                    "{hole} is takasia-ed, but takasia is not played (`zanzibar.takasia = no`)"
                ),
            ));
        }
        if owner == self.to_move
            && rules.takasia_no_singleton
            && self.rings[owner.index()][r as usize] == 1
        {
            return Err(PositionError::rule(
                ids.reserve,
                format!(
                    "{hole} holds a single seed, which cannot be takasia-ed (`takasia-singleton = excluded`)"
                ),
            ));
        }
        if owner != self.to_move && rules.must_capture == MustCapture::No {
            return Err(PositionError::rule(
                "ZAN-A13",
                format!(
                    "{hole} is {owner}'s and {owner} is not to move: a takasia-ed hole belongs to \
                     the side to move (no obligation to capture it)"
                ),
            ));
        }
        Ok(())
    }

    /// The holes, indexed by hole index.
    pub fn holes(&self) -> [u8; HOLES] {
        std::array::from_fn(|i| self.seeds(i as u8))
    }

    /// KETE-3, ZAN-3: each store starts with 22 seeds; KETE-9, ZAN-8: it gives one to each of
    /// its owner's nemo (namua) moves and gains none; the players move in turn. So a store never
    /// holds more than 22, the stores differ by at most one, and when they differ the player with
    /// more is to move (the other has made one move more). Whoever moved first, this is every
    /// pair of stores a game reaches — but one: under `no-sow` (ZAN-A15) the winner's store holds
    /// the seeds of his last capture ([`Core::check_rules`]).
    fn check_stores(&self, variant: &Variant) -> Result<(), PositionError> {
        let (ids, w) = (&variant.ids, &variant.words);
        let [south, north] = self.reserve;
        for side in Side::BOTH {
            let n = self.reserve(side);
            if n > 22 {
                return Err(PositionError::rule(
                    ids.start,
                    format!(
                        "{side}'s {} holds {n}: it starts with 22 seeds and never gains one",
                        w.reserve
                    ),
                ));
            }
        }
        let (more, fewer) = if south >= north {
            (Side::South, Side::North)
        } else {
            (Side::North, Side::South)
        };
        let apart = south.abs_diff(north);
        let (nemo, reserve) = (w.nemo, w.reserve);
        if apart > 1 {
            return Err(PositionError::rule(
                ids.stage,
                format!(
                    "the {reserve}s {south},{north} say {fewer} has made {apart} {nemo} moves more \
                     than {more}: each {nemo} move takes one seed from its mover's {reserve} and \
                     the players move in turn, so the {reserve}s differ by at most one"
                ),
            ));
        }
        if apart == 1 && self.to_move == fewer {
            return Err(PositionError::rule(
                ids.stage,
                format!(
                    "the {reserve}s {south},{north} say {fewer} has made one {nemo} move more than \
                     {more} (each takes one seed from its mover's {reserve}), yet {fewer} is to \
                     move again: the players move in turn, so {more} is to move"
                ),
            ));
        }
        Ok(())
    }

    fn validate(&self, variant: &Variant) -> Result<(), PositionError> {
        let (ids, w) = (&variant.ids, &variant.words);
        let total: u32 = Side::BOTH
            .iter()
            .map(|&s| self.on_board(s) + self.reserve(s) as u32)
            .sum();
        if total != SEEDS {
            return Err(PositionError::rule(
                ids.board,
                format!("the position has {total} seeds, reserves included; the game has {SEEDS}"),
            ));
        }
        for side in Side::BOTH {
            let kuu = self.rings[side.index()][KUU as usize];
            if self.kuu[side.index()] && kuu < variant.house_floor {
                let message = if variant.house_floor == 6 {
                    format!(
                        "{side}'s kuu {} holds {kuu}: while it is a kuu it never holds fewer than six",
                        name(side, KUU)
                    )
                } else {
                    format!(
                        "{side}'s house {} is empty: a house is owned until it is emptied",
                        name(side, KUU)
                    )
                };
                return Err(PositionError::rule(ids.house, message));
            }
        }
        // The player who just moved cannot have emptied his own front row (in Zanzibar only
        // under the default `namua-lone-kichwa = inward`: [`Core::check_rules`]).
        let last = self.to_move.opponent();
        if !variant.strict_reservation && self.front_empty(last) {
            return Err(PositionError::rule(
                ids.front_row,
                format!(
                    "{last} (who moved last) has an empty front row: no move may empty its mover's \
                     front row"
                ),
            ));
        }
        if let Some(h) = self.hizi {
            if h as usize >= HOLES {
                return Err(PositionError::syntax("the hizi zetu hole is off the board"));
            }
            let (owner, r) = ring_of(h);
            let hole = HOLE_NAMES[h as usize];
            if !is_front(r) {
                return Err(PositionError::rule(
                    ids.reserve,
                    format!(
                        "{hole} cannot be reserved: {} reserves a front hole",
                        w.hizi
                    ),
                ));
            }
            if self.reserve != [0, 0] {
                return Err(PositionError::rule(
                    ids.reserve,
                    format!(
                        "{hole} cannot be reserved: {} is only played when both players are in mtaji (no {}s)",
                        w.hizi, w.reserve
                    ),
                ));
            }
            // An owned house below six may be takasia-ed under ZAN-A6 `kept`
            // ([`Core::check_rules`]); a kuu never holds fewer than six (KETE-4).
            if self.kuu[owner.index()] && r == KUU && self.rings[owner.index()][r as usize] >= 6 {
                return Err(PositionError::rule(
                    ids.reserve,
                    format!("{hole} is {owner}'s {}, which cannot be reserved", w.kuu),
                ));
            }
            if owner == self.to_move && self.rings[owner.index()][r as usize] == 0 {
                return Err(PositionError::rule(
                    ids.reserve,
                    format!("{hole} is empty; a reserved hole is threatened, so it holds seeds"),
                ));
            }
            if variant.strict_reservation {
                // ZAN-23: not the owner's only occupied front hole nor his only one holding more
                // than one (the trigger itself is not checked again); ZAN-A13 `no`: no
                // obligation, so the hole is the side to move's.
                let front = &self.rings[owner.index()][..8];
                let occupied = front.iter().filter(|&&n| n > 0).count();
                let many = front.iter().filter(|&&n| n > 1).count();
                // A hole of the player not to move: the reserver's obligation is due, which
                // only `takasia-must-capture` allows ([`Core::check_rules`]).
                if owner == self.to_move && (occupied == 1 || (front[r as usize] > 1 && many == 1))
                {
                    return Err(PositionError::rule(
                        ids.reserve,
                        format!(
                            "{hole} is {owner}'s only occupied front hole or his only front hole \
                             with more than one seed, which cannot be takasia-ed"
                        ),
                    ));
                }
            }
        }
        // Last, so that a position both unreachable and wrong otherwise is told the latter.
        // A side to move without a front row has lost (KETE-23, ZAN-25): under `no-sow` the
        // winner's store may hold his last capture, which only the rulings tell.
        if !self.front_empty(self.to_move) {
            self.check_stores(variant)?;
        }
        Ok(())
    }
}

/// Whether a ring's front row (ring positions 0..8) is empty.
#[inline(always)]
pub fn front_empty(ring: &[u8; RING]) -> bool {
    u64::from_le_bytes(ring[..8].try_into().expect("eight holes")) == 0
}

impl Core {
    /// KETE-3, ZAN-3: kuu 6, hole 6 two and hole 7 two in each front row, 22 seeds in each reserve,
    /// South to move.
    pub fn start() -> Core {
        let mut ring = [0u8; RING];
        ring[KUU as usize] = 6;
        ring[5] = 2;
        ring[6] = 2;
        Core {
            rings: [ring, ring],
            reserve: [22, 22],
            kuu: [true, true],
            to_move: Side::South,
            hizi: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::variant::LAMU;
    use super::*;

    #[test]
    fn ring_positions_round_trip_and_read_like_the_reference() {
        for index in 0..HOLES as u8 {
            let (side, r) = ring_of(index);
            assert_eq!(index_of(side, r), index);
        }
        // KETE-5: A1 -> ... -> A8 -> B8 -> ... -> B1 -> A1 is clockwise.
        let cw: Vec<&str> = (0..17).map(|i| name(Side::South, (i % 16) as u8)).collect();
        assert_eq!(
            cw.join(" "),
            "A1 A2 A3 A4 A5 A6 A7 A8 B8 B7 B6 B5 B4 B3 B2 B1 A1"
        );
        assert_eq!(name(Side::North, next(0, ACW)), "b1");
        // KETE-1: Ai faces a(9-i).
        assert_eq!(name(Side::North, opposite(0)), "a8");
        assert_eq!(name(Side::North, opposite(4)), "a4");
        assert_eq!(name(Side::South, KUU), "A5");
    }

    #[test]
    fn start_is_valid_and_holds_64() {
        let s = Core::start();
        s.validate(&LAMU).unwrap();
        assert_eq!(s.seeds(4), 6); // A5
        assert_eq!(s.seeds(20), 6); // a5
        assert_eq!(s.seeds(21), 2); // a6
        assert_eq!(s.reserve(Side::North), 22);
    }

    #[test]
    fn validation_names_the_rule() {
        let mut holes = Core::start().holes();
        holes[0] = 1;
        let err = Core::new(&LAMU, holes, [22, 22], [true, true], Side::South, None).unwrap_err();
        assert_eq!(err.rule, Some("KETE-1"));
        let mut holes = Core::start().holes();
        holes[4] = 5;
        holes[12] = 1;
        let err = Core::new(&LAMU, holes, [22, 22], [true, true], Side::South, None).unwrap_err();
        assert_eq!(err.rule, Some("KETE-4"));
        // North moved last and has an empty front row.
        let mut holes = Core::start().holes();
        for i in 16..24 {
            holes[i + 8] += holes[i];
            holes[i] = 0;
        }
        let err = Core::new(&LAMU, holes, [22, 22], [true, false], Side::South, None).unwrap_err();
        assert_eq!(err.rule, Some("KETE-8"));
        // Hizi zetu needs both players in mtaji.
        let err = Core::new(
            &LAMU,
            Core::start().holes(),
            [22, 22],
            [true, true],
            Side::North,
            Some(21),
        )
        .unwrap_err();
        assert_eq!(err.rule, Some("KETE-21"));
    }
}
