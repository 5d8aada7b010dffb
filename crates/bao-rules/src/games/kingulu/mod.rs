//! Bao Kingulu, the two-row Ngulu game (Klamroth 1911): `docs/rules/bao-kingulu.md`, rule ids
//! `KIN-*`, in the reference's order.
//!
//! The twelve holes are one ring in index order (KIN-3): A1..A6 are 0..5, a1..a6 are 6..11, and
//! every lap sows up the indices. The board is sixteen bytes (byte `i` is hole `i`, the last four are
//! spare), so that it is also one `u128`: no hole can hold more than the game's 48 seeds, and adding
//! one seed to every hole a lap passes is a single addition of a precomputed mask, with no carry into
//! the next hole.

mod description;
mod notation;
pub mod notes;
mod position;

pub use notation::{CaptureClaim, Spelling};
use position::*;
pub use position::{HOLES, Position, SEEDS};

use std::fmt;

use crate::cycle::{Brent, Cycle, LAP_BUDGET, Verdict, cycle_start};
use crate::game::{
    Direction, Event, FalseClaim, Game, GameEnd, Generated, NotationError, Outcome, PositionError,
    Rejection, Side, Sink, StopReason, Unresolved,
};
use crate::rulings::{RulingDef, RulingError, RulingSet};

/// Bao Kingulu.
pub struct Kingulu;

// --- Board (KIN-1, KIN-2) -----------------------------------------------------------------------

/// Adds `change` (see [`LAP`]) to `board`. Whole-board arithmetic only, no single-byte stores, in
/// the sowing loop: a byte store followed by a wide load stalls the processor.
#[inline(always)]
fn add(board: &mut Board, change: u128) {
    *board = u128::from_le_bytes(*board)
        .wrapping_add(change)
        .to_le_bytes();
}

/// The twelve holes' bytes of a board as a `u128`.
const HOLES_MASK: u128 = (1 << 96) - 1;

/// Laps hold at most the game's 48 seeds; the tables are 64 wide so that a lap's seeds masked
/// with 63 index them without a bounds check.
const MAX_LAP: usize = 63;

/// `LAP[from][n]`: what a lap of `n` seeds lifted from `from` does to the board, as a number to
/// add to it (mod 2^128): `n` seeds fewer in `from`, one more in each following hole in turn (KIN-4;
/// the start hole too once the lap has gone round). The sum is exact, so the bytes come out right.
/// `LAST[from][n]`: the hole its last seed falls into. Both have a row for each of the board's
/// sixteen bytes (the last four never used), so that a hole masked by [`at`] indexes them, and the
/// board, without a bounds check.
static LAP: [[u128; MAX_LAP + 1]; 16] = lap_table();
static LAST: [[u8; MAX_LAP + 1]; 16] = last_table();

/// Hole `h` as an index into a board or a table row: `h` itself, masked to the sixteen bytes.
#[inline(always)]
fn at(h: u8) -> usize {
    h as usize & 15
}

const fn lap_table() -> [[u128; MAX_LAP + 1]; 16] {
    let mut table = [[0u128; MAX_LAP + 1]; 16];
    let mut from = 0;
    while from < HOLES {
        let lift = 1u128 << (8 * from);
        let mut n = 1;
        while n <= MAX_LAP {
            table[from][n] = table[from][n - 1]
                .wrapping_add(1u128 << (8 * ((from + n) % HOLES)))
                .wrapping_sub(lift);
            n += 1;
        }
        from += 1;
    }
    table
}

const fn last_table() -> [[u8; MAX_LAP + 1]; 16] {
    let mut table = [[0u8; MAX_LAP + 1]; 16];
    let mut from = 0;
    while from < HOLES {
        let mut n = 0;
        while n <= MAX_LAP {
            table[from][n] = ((from + n) % HOLES) as u8;
            n += 1;
        }
        from += 1;
    }
    table
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&notation::format_compact(self))
    }
}

/// A move: the hole to start from (KIN-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move(pub u8);

// --- Rulings ------------------------------------------------------------------------------------

/// KIN-A4: where the last-but-one seed of a reserving lap may be taken from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PenultimateSource {
    /// From wherever it fell, reserved holes included.
    #[default]
    Any,
    /// Not from a reserved hole: there it stays.
    NotFromReserved,
}

/// The resolved rulings. `kingulu.lap-ends-in-reserved` (KIN-A3) and
/// `kingulu.capture-from-reserved` (KIN-A5) have one value each and need no field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rulings {
    /// KIN-A4: where the last-but-one seed of a reserving lap may come from.
    pub penultimate_source: PenultimateSource,
}

const RULINGS: &[RulingDef] = &[
    RulingDef {
        name: "kingulu.lap-ends-in-reserved",
        ids: &["KIN-A3"],
        question: "A lap ends in a reserved hole: does the relay go on?",
        default: "stop",
        values: &["stop"],
    },
    RulingDef {
        name: "kingulu.penultimate-source",
        ids: &["KIN-A4"],
        question: "Is the last-but-one seed of a reserving lap taken from a reserved hole too?",
        default: "any",
        values: &["any", "not-from-reserved"],
    },
    RulingDef {
        name: "kingulu.capture-from-reserved",
        ids: &["KIN-A5"],
        question: "Does a capture take the seeds of a hole the mover reserved himself?",
        default: "no",
        values: &["no"],
    },
];

// --- Sowing (KIN-3 .. KIN-11) -------------------------------------------------------------------

/// Why a start hole's move is refused once sowing has begun. Plain data, so that move generation
/// builds no text; [`Kingulu::play`] words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    /// KIN-7: the first lap ended in the occupied, unreserved hole `at` of the mover's row.
    FirstLap { at: u8, seeds: u8 },
    /// KIN-A8: the in-move state repeated after `laps` relays; with `MEASURE`, where the cycle
    /// starts and how long it is, in laps.
    Cycle { laps: u64, cycle: Option<Cycle> },
    /// The cycle detector's budget is spent.
    Undecided { laps: u64 },
}

/// The in-move state (KIN-A8) is the working board with its spare bytes filled: byte 12 is the hole
/// the next lap starts from, bytes 13..16 the reservations (twelve bits per side). Reservations
/// cannot change within a move (a reservation ends it); they are part of the board all the same.
/// As one `u128`, a state is compared in two instructions.
type InMove = u128;

/// The reservations as bytes 13..16 of an in-move state.
#[inline(always)]
fn reservation_bytes(reserved: [u16; 2]) -> u128 {
    ((reserved[0] as u128) | (reserved[1] as u128) << 12) << 104
}

/// One plain relay of an in-move state: every lap of a move between its first relay and a cycle
/// found is one (a lap that stops the move ends it), so [`cycle_start`] follows a cycle with this
/// alone.
#[inline(always)]
fn relay(state: &mut InMove) {
    let last = (*state >> 96) as u8;
    let seeds = (*state >> (8 * at(last))) as u8 as usize & MAX_LAP;
    let next = LAST[at(last)][seeds];
    *state = (*state & !(0xFF << 96)).wrapping_add(LAP[at(last)][seeds]) | (next as u128) << 96;
}

/// Relays before the cycle detector starts watching. A never-ending relay repeats forever, so it is
/// found all the same; the detector's budget counts from here.
const UNWATCHED: u64 = 16;

/// Why a move cannot even start, checked before any seed moves. Precedence: no such hole (KIN-1),
/// not the mover's row (KIN-4), reserved (KIN-11), empty (KIN-4); then, while sowing, the first-lap
/// restriction (KIN-7) and a never-ending relay (KIN-A8), which exclude each other.
#[inline(always)]
fn check_start(pos: &Position, from: u8) -> Result<(), Rejection> {
    if from < HOLES as u8
        && row_mask(pos.to_move) & !(pos.reserved[0] | pos.reserved[1]) & (1 << from) != 0
        && pos.holes[from as usize] != 0
    {
        Ok(())
    } else {
        Err(start_refusal(pos, from))
    }
}

/// The reason, in words, that [`check_start`] refuses a hole.
#[cold]
fn start_refusal(pos: &Position, from: u8) -> Rejection {
    let side = pos.to_move;
    let Some(name) = HOLE_NAMES.get(from as usize) else {
        return Rejection::illegal("KIN-1", "there is no such hole");
    };
    if owner_of(from) != side {
        return Rejection::illegal(
            "KIN-4",
            format!(
                "{name} is in {}'s row; {side} sows from his own row",
                side.opponent()
            ),
        );
    }
    if let Some(by) = pos.reserved_by(from) {
        return Rejection::illegal(
            "KIN-11",
            format!("{name} is reserved by {by}: nobody sows from it"),
        );
    }
    Rejection::illegal(
        "KIN-4",
        format!("{name} is empty: a move lifts at least one seed"),
    )
}

/// Sows the move from `from` (already checked by [`check_start`]) to its end, or finds that it is
/// refused. `budget` is the cycle detector's lap budget. With `CHILD` false only whether the move
/// ends is wanted (perft's last ply counts moves): the laps are sown as ever, since they decide it
/// (KIN-7, KIN-A8), but the end's captures and transfer are not, and `pos` comes back unchanged.
/// With `MEASURE` (a move played, not searched) a never-ending move's cycle is measured.
#[inline(always)]
fn sow<S: Sink, const CHILD: bool, const MEASURE: bool>(
    pos: &Position,
    rulings: &Rulings,
    from: u8,
    sink: &mut S,
    budget: u64,
) -> Result<Position, Refusal> {
    #[cfg(test)]
    tests::SOWINGS.with(|n| n.set(n.get() + 1));
    let side = pos.to_move;
    let own_row = row_mask(side);
    let reserved = pos.reserved[0] | pos.reserved[1];
    let mut next = *pos;
    // The working board; from the first relay on, its spare bytes carry the rest of the in-move
    // state (see [`InMove`]).
    let mut board = pos.holes;
    let mut start = from;
    // The seeds of `start`: a relay's are the ones its last seed joined (`c + 1`), already known,
    // so that no lap waits to read them back from the board.
    let mut seeds = board[at(from)];
    let mut first_lap = true;
    let mut relays: u64 = 0;
    // Created after `UNWATCHED` relays: the many short relays never pay for it.
    let mut brent: Option<Brent<InMove>> = None;
    // With `MEASURE`: the state after the first lap, from which a cycle found is measured.
    let mut first: InMove = 0;
    loop {
        // KIN-4: lift every seed of `start`, drop one into each following hole (KIN-3: up the ring).
        add(&mut board, LAP[at(start)][seeds as usize & MAX_LAP]);
        let last = LAST[at(start)][seeds as usize & MAX_LAP];
        let bit = 1u16 << last;
        // `c` of the reference: what `last` held before the last seed fell.
        let c = board[at(last)].wrapping_sub(1);
        if S::LISTENING {
            sink.event(Event::Lap {
                from: start,
                seeds: seeds as u16,
                direction: Direction::Anticlockwise,
                to: last,
                rule: if first_lap { "KIN-4" } else { "KIN-6" },
            });
            // KIN-5: seeds in reserved holes stay there and count for the owner.
            let passed = (1..=seeds.min(HOLES as u8))
                .fold(0u16, |m, k| m | 1 << LAST[start as usize][k as usize]);
            if passed & reserved != 0 {
                sink.event(Event::Note {
                    note: notes::SEEDS_IN_RESERVED_HOLES,
                    rule: "KIN-5",
                });
            }
        }

        // KIN-8 / KIN-A3: a lap ending in a reserved hole ends the move; the seed is the owner's.
        // KIN-A6: so does one ending in a hole of the mover's row that the opponent reserved, even
        // on the first lap.
        if reserved & bit != 0 {
            if S::LISTENING {
                let rule = if first_lap && own_row & bit != 0 {
                    "KIN-A6"
                } else {
                    "KIN-A3"
                };
                sink.event(Event::Stop {
                    at: last,
                    reason: StopReason::ReservedHole,
                    rule,
                });
            }
            break;
        }

        // KIN-8: the last seed fell into an empty hole: the move ends.
        if c == 0 {
            // KIN-9 (and KIN-A10, whichever lap this is): in the mover's row it captures the
            // opposite hole with the capturing seed; an empty opposite hole captures nothing.
            if CHILD && own_row & bit != 0 {
                let across = opposite(last);
                let there = board[across as usize];
                if there > 0 {
                    // KIN-11 / KIN-A5: only the mover can have reserved a hole of the opponent's
                    // row, and nobody captures from a reserved hole.
                    if reserved & (1 << across) != 0 {
                        if S::LISTENING {
                            sink.event(Event::Note {
                                note: notes::OPPOSITE_RESERVED,
                                rule: "KIN-A5",
                            });
                        }
                    } else {
                        add(
                            &mut board,
                            0u128.wrapping_sub(
                                (1u128 << (8 * last as u32))
                                    + ((there as u128) << (8 * across as u32)),
                            ),
                        );
                        next.captured[side.index()] += there + 1;
                        if S::LISTENING {
                            sink.event(Event::Capture {
                                hole: across,
                                seeds: there as u16 + 1,
                                rule: "KIN-9",
                            });
                        }
                    }
                }
            }
            if S::LISTENING {
                sink.event(Event::Stop {
                    at: last,
                    reason: StopReason::EmptyHole,
                    rule: "KIN-8",
                });
            }
            break;
        }

        // KIN-10 kuweka mtoto: four in an opponent's unreserved hole, on any lap, reserves it and
        // ends the move. The last-but-one seed joins it, unless the lap was one seed.
        if own_row & bit == 0 && c == 3 {
            if !CHILD {
                break;
            }
            if seeds >= 2 {
                let before = LAST[start as usize][(seeds as usize - 1) & MAX_LAP];
                if rulings.penultimate_source == PenultimateSource::NotFromReserved
                    && reserved & (1 << before) != 0
                {
                    // KIN-A4 `not-from-reserved`: a seed in a reserved hole stays there.
                    if S::LISTENING {
                        sink.event(Event::Note {
                            note: notes::PENULTIMATE_STAYS,
                            rule: "KIN-A4",
                        });
                    }
                } else {
                    add(
                        &mut board,
                        (1u128 << (8 * last as u32)).wrapping_sub(1u128 << (8 * before as u32)),
                    );
                    if S::LISTENING {
                        sink.event(Event::Transfer {
                            from: before,
                            to: last,
                            rule: "KIN-10",
                        });
                    }
                }
            }
            next.reserved[side.index()] |= bit;
            if S::LISTENING {
                sink.event(Event::Reserve {
                    hole: last,
                    by: side,
                    seeds: board[last as usize] as u16,
                    rule: "KIN-10",
                });
                sink.event(Event::Stop {
                    at: last,
                    reason: StopReason::Reservation,
                    rule: "KIN-10",
                });
            }
            break;
        }

        // KIN-7: the first lap may not end in an occupied, unreserved hole of the mover's row.
        if first_lap && own_row & bit != 0 {
            return Err(Refusal::FirstLap {
                at: last,
                seeds: c + 1,
            });
        }

        // KIN-6 relay, watched for a repeated in-move state (KIN-A8).
        relays += 1;
        if MEASURE && relays == 1 {
            first =
                u128::from_le_bytes(board) | reservation_bytes(pos.reserved) | (last as u128) << 96;
        }
        if relays >= UNWATCHED {
            let state = u128::from_le_bytes(board) | (last as u128) << 96;
            match &mut brent {
                None => {
                    add(&mut board, reservation_bytes(pos.reserved));
                    let state = state | reservation_bytes(pos.reserved);
                    let budget = budget.saturating_sub(UNWATCHED).max(1);
                    brent = Some(Brent::with_budget(state, budget));
                }
                Some(brent) => match brent.observe(&state) {
                    Verdict::Continue => {}
                    Verdict::Cycle => {
                        let cycle = MEASURE.then(|| {
                            let length = brent.cycle_length();
                            let start = 1 + cycle_start(first, length, relay);
                            Cycle { start, length }
                        });
                        return Err(Refusal::Cycle {
                            laps: relays,
                            cycle,
                        });
                    }
                    Verdict::Undecided => {
                        return Err(Refusal::Undecided { laps: relays });
                    }
                },
            }
        }
        if S::LISTENING {
            sink.event(Event::Relay {
                at: last,
                seeds: c as u16 + 1,
                rule: "KIN-6",
            });
        }
        start = last;
        seeds = c + 1;
        first_lap = false;
    }
    if !CHILD {
        return Ok(next);
    }
    next.holes = (u128::from_le_bytes(board) & HOLES_MASK).to_le_bytes();
    next.to_move = side.opponent();
    Ok(next)
}

/// What the first lap alone says about the mover's holes, a bit per hole: the rest are empty or
/// reserved (KIN-4, KIN-11) or break KIN-7, and are not moves.
#[derive(Clone, Copy)]
struct FirstLaps {
    /// The first lap ends the move (KIN-8, KIN-10): legal.
    ends: u16,
    /// The first lap relays on, or is long enough to pass a hole twice: only sowing tells.
    to_sow: u16,
}

/// What must repeat for KIN-A9 (the holes, the reservations, the side to move), packed in two
/// words: every move of a replay adds one to a set, and a word hashes in one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Repetition {
    holes: u128,
    rest: u64,
}

/// Move generation's shortcut past [`sow`] for the many moves whose first lap, shorter than the
/// ring, decides them: such a lap drops one seed into each of the holes after its start, so the
/// hole it ends in held what the board shows. Agrees with [`sow`] (a test checks it). Worked out
/// for the six holes without a branch: which way a hole goes is what a processor cannot guess.
#[inline(always)]
fn first_laps(pos: &Position) -> FirstLaps {
    let reserved = pos.reserved[0] | pos.reserved[1];
    let own = row_mask(pos.to_move);
    let (mut ends, mut to_sow) = (0u16, 0u16);
    for from in own_holes(pos) {
        let seeds = pos.holes[at(from)];
        let last = LAST[at(from)][seeds as usize & MAX_LAP];
        let bit = 1u16 << last;
        let c = pos.holes[at(last)];
        let candidate = (seeds != 0) & (reserved & (1 << from) == 0);
        let long = seeds as usize >= HOLES;
        let ended = (reserved & bit != 0) | (c == 0) | ((own & bit == 0) & (c == 3));
        let relays = !ended & (own & bit == 0);
        ends |= ((candidate & !long & ended) as u16) << from;
        to_sow |= ((candidate & (long | relays)) as u16) << from;
    }
    FirstLaps { ends, to_sow }
}

/// The holes of a mask, lowest first: canonical order.
#[inline(always)]
fn holes_of(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let hole = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            hole
        })
    })
}

/// The mover's holes, in canonical order.
#[inline(always)]
fn own_holes(pos: &Position) -> std::ops::Range<u8> {
    let base = 6 * pos.to_move.index() as u8;
    base..base + 6
}

/// Plays the move from `from` with an explicit cycle budget (tests use small ones).
#[inline(always)]
fn play_with_budget<S: Sink>(
    pos: &Position,
    rulings: &Rulings,
    from: u8,
    sink: &mut S,
    budget: u64,
) -> Result<Position, Rejection> {
    check_start(pos, from)?;
    // A move played is measured: a never-ending one is refused with its cycle.
    sow::<_, true, true>(pos, rulings, from, sink, budget)
        .map_err(|refusal| refusal_words(pos, from, refusal))
}

/// A refusal of [`sow`], in words.
#[cold]
fn refusal_words(pos: &Position, from: u8, refusal: Refusal) -> Rejection {
    match refusal {
        Refusal::FirstLap { at, seeds } => Rejection::illegal(
            "KIN-7",
            format!(
                "the first lap from {} ends in {}, a hole of {}'s own row that already held {}: \
                 a first lap may not end in an occupied hole of the mover's row",
                HOLE_NAMES[from as usize],
                HOLE_NAMES[at as usize],
                pos.to_move,
                seeds - 1
            ),
        ),
        Refusal::Cycle {
            cycle: Some(Cycle { start, length }),
            ..
        } => Rejection::illegal(
            "KIN-A8",
            format!(
                "the relay from {} never ends: the in-move state after lap {start} comes back \
                 after {length} more laps, and so on forever (a cycle of {length} laps from lap \
                 {start})",
                HOLE_NAMES[from as usize]
            ),
        ),
        Refusal::Cycle { laps, cycle: None } => Rejection::illegal(
            "KIN-A8",
            format!(
                "the relay from {} never ends: its state repeats after {laps} relay laps",
                HOLE_NAMES[from as usize]
            ),
        ),
        Refusal::Undecided { laps } => Rejection::Undecided { laps },
    }
}

/// The legal moves of `pos`, handed to `legal` in canonical order (A1..A6, a1..a6), with an
/// explicit cycle budget (tests use small ones). Legality needs no ruling (KIN-A4 changes only
/// where a seed goes at a move's end), and a move the first lap decides is not sown.
#[inline(always)]
fn generate(
    pos: &Position,
    rulings: &Rulings,
    mut legal: impl FnMut(Move),
    budget: u64,
) -> Generated {
    let mut generated = Generated::default();
    let first = first_laps(pos);
    for from in holes_of(first.ends | first.to_sow) {
        if first.ends & (1 << from) != 0 {
            legal(Move(from));
            continue;
        }
        match sow::<_, false, false>(pos, rulings, from, &mut (), budget) {
            Ok(_) => legal(Move(from)),
            Err(Refusal::Undecided { .. }) => generated.undecided += 1,
            Err(Refusal::FirstLap { .. } | Refusal::Cycle { .. }) => {}
        }
    }
    generated
}

/// [`generate`] with the position after each legal move, each sown once: a first lap that ends
/// the move is sown as well, since its position is wanted.
fn generate_children(
    pos: &Position,
    rulings: &Rulings,
    moves: &mut Vec<Move>,
    children: &mut Vec<Position>,
    budget: u64,
) -> Generated {
    moves.clear();
    children.clear();
    let mut generated = Generated::default();
    let first = first_laps(pos);
    for from in holes_of(first.ends | first.to_sow) {
        match sow::<_, true, false>(pos, rulings, from, &mut (), budget) {
            Ok(next) => {
                moves.push(Move(from));
                children.push(next);
            }
            Err(Refusal::Undecided { .. }) => generated.undecided += 1,
            Err(Refusal::FirstLap { .. } | Refusal::Cycle { .. }) => {}
        }
    }
    generated
}

// --- End of game (KIN-12, KIN-13, KIN-A9) -------------------------------------------------------

/// KIN-13: the higher score wins; 24-24 is a draw.
fn scored(pos: &Position, rule: &'static str) -> GameEnd {
    let score = pos.score();
    let outcome = match score[0].cmp(&score[1]) {
        std::cmp::Ordering::Greater => Outcome::Win(Side::South),
        std::cmp::Ordering::Less => Outcome::Win(Side::North),
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    GameEnd {
        outcome,
        rule,
        score: Some(score),
    }
}

crate::game::game_position!(Kingulu, Position);

impl Game for Kingulu {
    const RULESET: &'static str = "bao-kingulu";
    const NAME: &'static str = "Bao Kingulu";
    const RULINGS: &'static [RulingDef] = RULINGS;
    const CATALOGUE: &'static str = include_str!("../../../catalogues/bao-kingulu.yaml");
    const HOLES: u8 = position::HOLES as u8;

    type Position = Position;
    type Move = Move;
    type Spelling = Spelling;
    type Rulings = Rulings;
    /// KIN-A9: the holes, the reservations and the side to move; captured counts follow from them
    /// only in total, and do not count.
    type RepetitionKey = Repetition;

    fn rulings(set: &RulingSet) -> Result<Rulings, RulingError> {
        let penultimate_source = match set.value(&RULINGS[1]) {
            "any" => PenultimateSource::Any,
            "not-from-reserved" => PenultimateSource::NotFromReserved,
            other => {
                return Err(RulingError {
                    message: format!(
                        "`{other}` is not a value of ruling `kingulu.penultimate-source`: \
                         it takes any | not-from-reserved"
                    ),
                });
            }
        };
        for def in [&RULINGS[0], &RULINGS[2]] {
            let value = set.value(def);
            if value != def.default {
                return Err(RulingError {
                    message: format!(
                        "`{value}` is not a value of ruling `{}`: it takes {}",
                        def.name, def.default
                    ),
                });
            }
        }
        Ok(Rulings { penultimate_source })
    }

    // KIN-2: four seeds in every hole, nothing reserved, South first.
    fn start() -> Position {
        Position::from_parts([4; HOLES], [None; HOLES], [0, 0], Side::South)
            .expect("the start position is valid")
    }

    fn side_to_move(pos: &Position) -> Side {
        pos.to_move
    }

    fn set_side_to_move(pos: &mut Position, side: Side) {
        pos.to_move = side;
    }

    fn legal_moves(pos: &Position, rulings: &Rulings, out: &mut Vec<Move>) -> Generated {
        out.clear();
        generate(pos, rulings, |mv| out.push(mv), LAP_BUDGET)
    }

    fn play<S: Sink>(
        pos: &Position,
        rulings: &Rulings,
        mv: Move,
        sink: &mut S,
    ) -> Result<Position, Rejection> {
        play_with_budget(pos, rulings, mv.0, sink, LAP_BUDGET)
    }

    fn legal_children(
        pos: &Position,
        rulings: &Rulings,
        moves: &mut Vec<Move>,
        children: &mut Vec<Position>,
    ) -> Generated {
        generate_children(pos, rulings, moves, children, LAP_BUDGET)
    }

    // KIN-12: a side with a legal move is not stuck, and one without has no leaf either way.
    // The moves the first lap decides are counted at once; the rest are sown to their end.
    fn count_last_ply(pos: &Position, rulings: &Rulings, _: &mut Vec<Move>) -> u64 {
        let first = first_laps(pos);
        let mut count = first.ends.count_ones() as u64;
        for from in holes_of(first.to_sow) {
            count += sow::<_, false, false>(pos, rulings, from, &mut (), LAP_BUDGET).is_ok() as u64;
        }
        count
    }

    // KIN-12: the game ends when the side to move has no legal move, scored by KIN-13. A side whose
    // only moves are undecided (KIN-A8 budget) is not known to be stuck: the game goes on.
    fn end(pos: &Position, rulings: &Rulings) -> Option<GameEnd> {
        let mut undecided = false;
        // Moves that the first lap decides are cheap to find: look for them first.
        let first = first_laps(pos);
        if first.ends != 0 {
            return None;
        }
        for from in holes_of(first.to_sow) {
            match sow::<_, false, false>(pos, rulings, from, &mut (), LAP_BUDGET) {
                Ok(_) => return None,
                Err(Refusal::Undecided { .. }) => undecided = true,
                Err(Refusal::FirstLap { .. } | Refusal::Cycle { .. }) => {}
            }
        }
        (!undecided).then(|| scored(pos, "KIN-12"))
    }

    fn end_after_generating(
        pos: &Position,
        _: &Rulings,
        legal: &[Move],
        generated: Generated,
    ) -> Option<GameEnd> {
        (legal.is_empty() && generated.undecided == 0).then(|| scored(pos, "KIN-12"))
    }

    fn repetition_key(pos: &Position) -> Option<Repetition> {
        let [south, north] = pos.reserved;
        Some(Repetition {
            holes: u128::from_le_bytes(pos.holes),
            rest: u64::from(south) | u64::from(north) << 16 | (pos.to_move.index() as u64) << 32,
        })
    }

    // KIN-A9: a repeated position ends the game, scored by KIN-13 (not automatically a draw).
    fn repetition_end(pos: &Position) -> GameEnd {
        scored(pos, "KIN-A9")
    }

    fn hole_name(index: u8) -> &'static str {
        HOLE_NAMES.get(index as usize).copied().unwrap_or("?")
    }

    fn parse_move(text: &str) -> Result<Spelling, NotationError> {
        notation::parse_move(text)
    }

    fn format_move(mv: Move) -> String {
        Self::hole_name(mv.0).to_string()
    }

    fn format_annotated(_pos: &Position, mv: Move, events: &[Event]) -> String {
        notation::format_annotated(Self::format_move(mv), events)
    }

    fn resolve(
        pos: &Position,
        rulings: &Rulings,
        spelling: &Spelling,
    ) -> Result<Move, Unresolved<Move>> {
        let mv = Move(spelling.hole);
        match Self::play(pos, rulings, mv, &mut ()) {
            Ok(_) => Ok(mv),
            Err(rejection) => Err(Unresolved::Rejected(rejection)),
        }
    }

    // A spelling names one move, and playing it is what decides it: sown once.
    fn resolve_and_play(
        pos: &Position,
        rulings: &Rulings,
        spelling: &Spelling,
        events: &mut Vec<Event>,
    ) -> Result<(Move, Position), Unresolved<Move>> {
        events.clear();
        let mv = Move(spelling.hole);
        match Self::play(pos, rulings, mv, events) {
            Ok(next) => Ok((mv, next)),
            Err(rejection) => {
                events.clear();
                Err(Unresolved::Rejected(rejection))
            }
        }
    }

    fn check_claims(_before: &Position, spelling: &Spelling, events: &[Event]) -> Vec<FalseClaim> {
        notation::check_claims(spelling, events)
    }

    fn parse_position(text: &str) -> Result<Position, PositionError> {
        notation::parse_position(text)
    }

    fn format_compact(pos: &Position) -> String {
        notation::format_compact(pos)
    }

    fn format_diagram(pos: &Position) -> String {
        notation::format_diagram(pos)
    }

    fn board(pos: &Position) -> crate::board::Board {
        notation::board(Self::RULESET, pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RuleId;
    use crate::play::Playthrough;
    use proptest::prelude::*;
    use std::collections::HashSet;

    const ANY: Rulings = Rulings {
        penultimate_source: PenultimateSource::Any,
    };
    const NOT_FROM_RESERVED: Rulings = Rulings {
        penultimate_source: PenultimateSource::NotFromReserved,
    };

    fn pos(text: &str) -> Position {
        Kingulu::parse_position(text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
    }

    /// The picture's board reads as the diagram, keeps the 48 seeds (captured ones in the
    /// stores), and marks the reserved holes.
    #[test]
    fn boards_match_the_diagram() {
        crate::board_tests::check_boards_along_a_game::<Kingulu>(60, |_| 48);
        let board = Kingulu::board(&pos("4,0,5^S,2,4,4/0,5,6,1,3,0 9-5 N"));
        let reserved: Vec<&str> = board
            .holes()
            .filter(|h| h.marks == [crate::board::Mark::Reserved])
            .map(|h| h.name)
            .collect();
        assert_eq!(reserved, ["a4"]);
        assert_eq!(board.notes, ["a4 reserved by south"]);
        let stores: Vec<_> = board.stores.iter().map(|s| (s.side, s.count)).collect();
        assert_eq!(stores, [(Side::North, 5), (Side::South, 9)]);
        assert_eq!(board.to_move, Side::North);
    }

    fn hole(name: &str) -> u8 {
        Kingulu::parse_move(name).unwrap().hole
    }

    fn legal(p: &Position) -> Vec<String> {
        let mut out = Vec::new();
        let _ = Kingulu::legal_moves(p, &ANY, &mut out);
        out.into_iter().map(Kingulu::format_move).collect()
    }

    fn play_ruled(p: &Position, rulings: &Rulings, name: &str) -> (String, Vec<Event>) {
        let mut events = Vec::new();
        let next = Kingulu::play(p, rulings, Move(hole(name)), &mut events)
            .unwrap_or_else(|r| panic!("{name} in {p:?}: {r}"));
        (Kingulu::format_compact(&next), events)
    }

    fn play(p: &Position, name: &str) -> (String, Vec<Event>) {
        play_ruled(p, &ANY, name)
    }

    fn refused(p: &Position, name: &str) -> RuleId {
        match Kingulu::play(p, &ANY, Move(hole(name)), &mut ()) {
            Err(Rejection::Illegal { rule, .. }) => rule,
            other => panic!("{name} in {p:?}: {other:?}"),
        }
    }

    fn captures(events: &[Event]) -> Vec<(&'static str, u16)> {
        events
            .iter()
            .filter_map(|e| match *e {
                Event::Capture { hole, seeds, .. } => Some((Kingulu::hole_name(hole), seeds)),
                _ => None,
            })
            .collect()
    }

    fn has(events: &[Event], wanted: impl Fn(&Event) -> bool) -> bool {
        events.iter().any(wanted)
    }

    fn claims(text: &str, events: &[Event]) -> Vec<RuleId> {
        let spelling = Kingulu::parse_move(text).unwrap();
        Kingulu::check_claims(&Kingulu::start(), &spelling, events)
            .into_iter()
            .map(|c| c.rule)
            .collect()
    }

    // --- a literal reading of the reference -------------------------------------------------

    /// The reference read literally: seed by seed, every in-move state kept in a set. Slow, and
    /// sharing nothing with the engine but the position type. `Err` is the rule id.
    fn literal(p: &Position, rulings: &Rulings, from: u8) -> Result<Position, RuleId> {
        let side = p.side_to_move();
        let mine = |h: usize| (h < 6) == (side == Side::South);
        let mut holes = p.holes();
        let mut owner: [Option<Side>; HOLES] = std::array::from_fn(|h| p.reserved_by(h as u8));
        let mut captured = [p.captured(Side::South), p.captured(Side::North)];
        let from = from as usize;
        if from >= HOLES {
            return Err("KIN-1");
        }
        if !mine(from) {
            return Err("KIN-4");
        }
        if owner[from].is_some() {
            return Err("KIN-11");
        }
        if holes[from] == 0 {
            return Err("KIN-4");
        }
        let mut seen = HashSet::new();
        let (mut start, mut first) = (from, true);
        loop {
            let seeds = holes[start];
            holes[start] = 0;
            let (mut at, mut before) = (start, start);
            for _ in 0..seeds {
                before = at;
                at = (at + 1) % HOLES;
                holes[at] += 1;
            }
            let c = holes[at] - 1;
            if owner[at].is_some() {
                break;
            }
            if c == 0 {
                let across = 11 - at;
                if mine(at) && holes[across] > 0 && owner[across].is_none() {
                    captured[side.index()] += holes[across] + 1;
                    holes[across] = 0;
                    holes[at] = 0;
                }
                break;
            }
            if !mine(at) && c == 3 {
                let stays = rulings.penultimate_source == PenultimateSource::NotFromReserved
                    && owner[before].is_some();
                if seeds > 1 && !stays {
                    holes[before] -= 1;
                    holes[at] += 1;
                }
                owner[at] = Some(side);
                break;
            }
            if first && mine(at) {
                return Err("KIN-7");
            }
            if !seen.insert((holes, at)) {
                return Err("KIN-A8");
            }
            (start, first) = (at, false);
        }
        Ok(Position::from_parts(holes, owner, captured, side.opponent()).unwrap())
    }

    fn literal_legal(p: &Position, rulings: &Rulings) -> Vec<Move> {
        (0..HOLES as u8)
            .filter(|&h| literal(p, rulings, h).is_ok())
            .map(Move)
            .collect()
    }

    fn literal_perft(p: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        literal_legal(p, &ANY)
            .into_iter()
            .map(|m| literal_perft(&literal(p, &ANY, m.0).unwrap(), depth - 1))
            .sum()
    }

    // --- the rules, one by one ----------------------------------------------------------------

    #[test]
    fn kin_1_two_rows_of_six_facing_each_other() {
        for i in 1..=6 {
            let south = hole(&format!("A{i}"));
            let north = hole(&format!("a{}", 7 - i));
            assert_eq!(opposite(south), north);
            assert_eq!(opposite(north), south);
            assert_eq!(owner_of(south), Side::South);
            assert_eq!(owner_of(north), Side::North);
        }
        assert_eq!(Kingulu::hole_name(12), "?");
        assert_eq!(
            Kingulu::play(&Kingulu::start(), &ANY, Move(12), &mut ())
                .unwrap_err()
                .rule(),
            Some("KIN-1")
        );
    }

    #[test]
    fn kin_2_start_and_seed_count() {
        let start = Kingulu::start();
        assert_eq!(
            Kingulu::format_compact(&start),
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"
        );
        assert_eq!(start.score(), [24, 24]);
        assert!((0..12).all(|h| start.reserved_by(h).is_none() && start.seeds(h) == 4));
        for wrong in [
            "4,4,4,4,4,4/4,4,4,4,4,3 0-0 S",
            "4,4,4,4,4,4/4,4,4,4,4,4 1-0 S",
            "0,0,0,0,0,0/0,0,0,0,0,0 0-0 S",
        ] {
            assert_eq!(
                Kingulu::parse_position(wrong).unwrap_err().rule,
                Some("KIN-2"),
                "{wrong}"
            );
        }
    }

    #[test]
    fn kin_3_sowing_runs_a1_to_a6_then_a1_to_a6() {
        // North's lap from a6 goes on into A1 and A2; South's from A6 into a1 and a2.
        let (after, events) = play(&pos("2,0,0,0,0,0/0,0,0,0,0,1 0-45 N"), "a6");
        assert_eq!(after, "0,0,0,0,0,0/1,1,0,0,0,1 0-45 S");
        assert!(has(&events, |e| matches!(
            e,
            Event::Lap {
                direction: Direction::Anticlockwise,
                ..
            }
        )));
        let (after, _) = play(&pos("0,0,0,0,0,0/0,0,0,0,0,2 0-46 S"), "A6");
        assert_eq!(after, "0,0,0,0,1,1/0,0,0,0,0,0 0-46 N");
    }

    #[test]
    fn kin_4_a_move_lifts_all_seeds_of_an_own_hole_and_laps_pass_the_start() {
        // Twelve seeds from A1: one in each hole, the last back in A1 (emptied when lifted), which
        // then captures a6 (2 + 1 from this lap) and the capturing seed (KIN-9).
        let p = pos("2,0,0,0,0,0/12,0,0,0,0,0 34-0 S");
        let (after, events) = play(&p, "A1");
        assert_eq!(after, "0,1,1,1,1,1/0,1,1,1,1,1 38-0 N");
        assert!(has(&events, |e| matches!(
            e,
            Event::Lap {
                from: 0,
                seeds: 12,
                to: 0,
                ..
            }
        )));
        assert_eq!(captures(&events), [("a6", 4)]);
        assert_eq!(refused(&p, "A2"), "KIN-4"); // empty
        assert_eq!(refused(&p, "a6"), "KIN-4"); // North's
        assert_eq!(refused(&Kingulu::start(), "a3"), "KIN-4");
    }

    #[test]
    fn kin_5_seeds_falling_into_a_reserved_hole_count_for_its_owner() {
        // North sows a1 -> a2 (South's reserved hole, not skipped) -> a3, empty: captures A4.
        let p = pos("0,0,0,0,4^S,2/4,4,4,4,4,4 10-8 N");
        assert_eq!(p.score(), [38, 10]);
        let (after, events) = play(&p, "a1");
        assert_eq!(after, "0,0,0,0,5^S,0/4,4,4,0,4,4 10-13 S");
        assert_eq!(pos(&after).score(), [35, 13]);
        assert!(has(&events, |e| e.rule() == "KIN-5"));
        // The seed in a2 is not a capture.
        assert_eq!(captures(&events), [("A4", 5)]);
        assert!(claims("a1x5", &events).is_empty());
    }

    #[test]
    fn kin_6_relay_and_kin_a10_capture_after_relays() {
        // Traced by hand: A3 (4) ends in a1 (4 -> relay 5), a6 (4 -> relay 5), A5 (5, own row but
        // not the first lap -> relay 6), a5 (5 -> relay 6), A5 (emptied, now empty: capture a2).
        let (after, events) = play(&Kingulu::start(), "A3");
        assert_eq!(after, "1,0,6,6,0,1/6,6,2,7,0,6 7-0 N");
        let relays: Vec<(&str, u16)> = events
            .iter()
            .filter_map(|e| match *e {
                Event::Relay { at, seeds, .. } => Some((Kingulu::hole_name(at), seeds)),
                _ => None,
            })
            .collect();
        assert_eq!(relays, [("a1", 5), ("a6", 5), ("A5", 6), ("a5", 6)]);
        assert_eq!(captures(&events), [("a2", 7)]);
        assert!(claims("A3x7", &events).is_empty());
    }

    #[test]
    fn kin_7_first_lap_may_not_end_in_an_occupied_own_hole() {
        let start = Kingulu::start();
        assert_eq!(refused(&start, "A1"), "KIN-7");
        assert_eq!(refused(&start, "A2"), "KIN-7");
        assert_eq!(legal(&start), ["A3", "A4", "A5", "A6"]);
        // A2 was empty, but this very lap of 13 dropped a seed there before its last seed.
        let p = pos("0,0,0,0,0,0/13,0,0,0,0,0 35-0 S");
        assert_eq!(refused(&p, "A1"), "KIN-7");
    }

    #[test]
    fn kin_8_the_move_stops_in_an_empty_hole() {
        let (_, events) = play(&pos("2,0,0,0,0,0/0,0,0,0,0,1 0-45 N"), "a6");
        assert!(matches!(
            events.last(),
            Some(Event::Stop {
                reason: StopReason::EmptyHole,
                rule: "KIN-8",
                ..
            })
        ));
        assert!(captures(&events).is_empty()); // South's row: nothing for North
    }

    #[test]
    fn kin_9_capture_takes_the_opposite_hole_and_the_capturing_seed() {
        let p = pos("0,3,0,0,0,0/1,0,0,0,0,0 0-44 S");
        let (after, events) = play(&p, "A1");
        assert_eq!(after, "0,0,0,0,0,0/0,0,0,0,0,0 4-44 N");
        assert_eq!(captures(&events), [("a5", 4)]);
        assert!(claims("A1x4", &events).is_empty());
        assert!(claims("A1x", &events).is_empty());
        assert_eq!(claims("A1x3", &events), ["KIN-9"]);
        // An empty opposite hole: nothing captured, the seed stays.
        let (after, events) = play(&pos("0,0,0,0,0,3/1,0,0,0,0,0 0-44 S"), "A1");
        assert_eq!(after, "0,0,0,0,0,3/0,1,0,0,0,0 0-44 N");
        assert!(captures(&events).is_empty());
        assert_eq!(claims("A1x", &events), ["KIN-9"]);
    }

    #[test]
    fn kin_10_four_in_an_opponents_hole_reserves_it() {
        // A5 (3): A6, a1, a2 (3 -> 4): reserved; the last-but-one seed (in a1) joins it.
        let (after, events) = play(&pos("0,0,0,0,3,2/0,0,0,0,3,0 40-0 S"), "A5");
        assert_eq!(after, "0,0,0,0,5^S,2/0,0,0,0,0,1 40-0 N");
        assert!(has(&events, |e| *e
            == Event::Transfer {
                from: hole("a1"),
                to: hole("a2"),
                rule: "KIN-10"
            }));
        assert!(has(&events, |e| *e
            == Event::Reserve {
                hole: hole("a2"),
                by: Side::South,
                seeds: 5,
                rule: "KIN-10"
            }));
        assert!(claims("A5^", &events).is_empty());
        assert_eq!(claims("A5x", &events), ["KIN-9"]);
        // Written with its claims: the reservation, no capture.
        let before = pos("0,0,0,0,3,2/0,0,0,0,3,0 40-0 S");
        assert_eq!(Kingulu::format_annotated(&before, Move(4), &events), "A5^");
        // A lap of one seed: no last-but-one seed to take.
        let (after, events) = play(&pos("0,0,0,0,0,3/0,0,0,0,0,1 44-0 S"), "A6");
        assert_eq!(after, "0,0,0,0,0,4^S/0,0,0,0,0,0 44-0 N");
        assert!(!has(&events, |e| matches!(e, Event::Transfer { .. })));
        // Any lap: here the relay from a1 makes four in a4.
        let (after, events) = play(&pos("0,0,3,0,0,2/0,0,0,0,2,0 41-0 S"), "A5");
        assert_eq!(after, "0,0,5^S,0,1,0/0,0,0,0,0,1 41-0 N");
        assert!(has(&events, |e| matches!(e, Event::Relay { .. })));
        // Not a claim the start's moves bear out.
        let (_, events) = play(&Kingulu::start(), "A3");
        assert_eq!(claims("A3^", &events), ["KIN-10"]);
    }

    #[test]
    fn kin_11_nobody_sows_from_a_reserved_hole() {
        let p = pos("0,0,0,0,5^S,2/0,0,0,0,0,1 40-0 N");
        assert_eq!(refused(&p, "a2"), "KIN-11");
        assert_eq!(legal(&p), ["a1"]);
        // a1's lap drops into a2 (now 6, South's) and ends in a3.
        let (after, _) = play(&p, "a1");
        assert_eq!(after, "0,0,0,1,6^S,0/0,0,0,0,0,1 40-0 S");
    }

    #[test]
    fn kin_12_no_legal_move_ends_the_game() {
        // Every South move breaks KIN-7; South is stuck but wins on score (20 + 12 against 16).
        let p = pos("0,0,0,0,0,0/1,1,1,1,1,7 20-16 S");
        assert!(legal(&p).is_empty());
        let end = Kingulu::end(&p, &ANY).unwrap();
        assert_eq!(
            (end.outcome, end.rule, end.score),
            (Outcome::Win(Side::South), "KIN-12", Some([32, 16]))
        );
        // No seeds at all.
        let p = pos("4,4,4,4,4,4/0,0,0,0,0,0 10-14 S");
        assert_eq!(
            Kingulu::end(&p, &ANY).map(|e| e.outcome),
            Some(Outcome::Win(Side::North))
        );
        assert_eq!(Kingulu::end(&Kingulu::start(), &ANY), None);
    }

    #[test]
    fn kin_13_score_counts_captures_own_unreserved_and_reserved_holes() {
        let p = pos("1,2,3,4,5^S,6/7^N,1,1,1,1,1 8-7 S");
        assert_eq!(p.score(), [8 + 5 + 5, 7 + 16 + 7]);
        // 24-24 is a draw.
        let p = pos("4,4,4,4,4,4/0,0,0,0,0,0 24-0 S");
        let end = Kingulu::end(&p, &ANY).unwrap();
        assert_eq!((end.outcome, end.score), (Outcome::Draw, Some([24, 24])));
    }

    #[test]
    fn kin_a1_north_may_move_first() {
        let mut p = Kingulu::start();
        Kingulu::set_side_to_move(&mut p, Side::North);
        assert_eq!(legal(&p), ["a3", "a4", "a5", "a6"]);
        assert_eq!(refused(&p, "A3"), "KIN-4");
        assert_eq!(pos("4,4,4,4,4,4/4,4,4,4,4,4 0-0 N"), p);
    }

    #[test]
    fn kin_a2_a_move_may_start_from_a_single_seed() {
        let p = pos("0,0,0,0,0,0/0,0,0,0,0,1 0-47 S");
        assert_eq!(legal(&p), ["A6"]);
        assert_eq!(play(&p, "A6").0, "0,0,0,0,0,1/0,0,0,0,0,0 0-47 N");
    }

    #[test]
    fn kin_a3_a_lap_ending_in_a_reserved_hole_ends_the_move() {
        // A6 (2): a1, then a2, South's own reservation holding 5: no relay.
        let (after, events) = play(&pos("0,0,0,0,5^S,0/0,0,0,0,0,2 41-0 S"), "A6");
        assert_eq!(after, "0,0,0,0,6^S,1/0,0,0,0,0,0 41-0 N");
        assert!(matches!(
            events.last(),
            Some(Event::Stop {
                reason: StopReason::ReservedHole,
                rule: "KIN-A3",
                ..
            })
        ));
        // A relay lap ending in a reserved hole stops too: North a5 (2) ends in A1 (2 -> relay
        // 3), which ends in A4, North's reservation.
        let (after, events) = play(&pos("0,2,0,0,0,0/2,0,0,4^N,0,0 20-20 N"), "a5");
        assert_eq!(after, "1,0,0,0,0,0/0,1,1,5^N,0,0 20-20 S");
        assert_eq!(
            events
                .iter()
                .filter(|e| matches!(e, Event::Lap { .. }))
                .count(),
            2
        );
        // The ruling has one value.
        let set = RulingSet::from_assignments(["kingulu.lap-ends-in-reserved=stop"]).unwrap();
        set.check(Kingulu::RULINGS, Kingulu::RULESET).unwrap();
        assert_eq!(Kingulu::rulings(&set).unwrap(), ANY);
        let set = RulingSet::from_assignments(["kingulu.lap-ends-in-reserved=relay"]).unwrap();
        assert!(set.check(Kingulu::RULINGS, Kingulu::RULESET).is_err());
        assert!(Kingulu::rulings(&set).is_err());
    }

    #[test]
    fn kin_a4_penultimate_source() {
        // A5 (2): A6 (North's reservation, 4 -> 5), a1 (3 -> 4): reserved. The last-but-one seed
        // fell into A6.
        let p = pos("0,0,0,0,0,3/0,0,0,0,2,4^N 39-0 S");
        let (any, events) = play_ruled(&p, &ANY, "A5");
        assert_eq!(any, "0,0,0,0,0,5^S/0,0,0,0,0,4^N 39-0 N");
        assert_eq!(pos(&any).score(), [44, 4]);
        assert!(has(&events, |e| matches!(e, Event::Transfer { .. })));
        let (kept, events) = play_ruled(&p, &NOT_FROM_RESERVED, "A5");
        assert_eq!(kept, "0,0,0,0,0,4^S/0,0,0,0,0,5^N 39-0 N");
        assert_eq!(pos(&kept).score(), [43, 5]);
        assert!(has(&events, |e| e.rule() == "KIN-A4"));
        // Legality is the same either way.
        let mut a = Vec::new();
        let mut b = Vec::new();
        let _ = Kingulu::legal_moves(&p, &ANY, &mut a);
        let _ = Kingulu::legal_moves(&p, &NOT_FROM_RESERVED, &mut b);
        assert_eq!(a, b);
        // The ruling by name.
        let set =
            RulingSet::from_assignments(["kingulu.penultimate-source=not-from-reserved"]).unwrap();
        set.check(Kingulu::RULINGS, Kingulu::RULESET).unwrap();
        assert_eq!(Kingulu::rulings(&set).unwrap(), NOT_FROM_RESERVED);
        assert_eq!(Kingulu::rulings(&RulingSet::new()).unwrap(), ANY);
    }

    #[test]
    fn kin_a5_no_capture_from_a_hole_the_mover_reserved() {
        let (after, events) = play(&pos("0,5^S,0,0,0,0/1,0,0,0,0,0 42-0 S"), "A1");
        assert_eq!(after, "0,5^S,0,0,0,0/0,1,0,0,0,0 42-0 N");
        assert!(captures(&events).is_empty());
        assert!(has(&events, |e| e.rule() == "KIN-A5"));
        assert_eq!(claims("A1x", &events), ["KIN-9"]);
        let set = RulingSet::from_assignments(["kingulu.capture-from-reserved=no"]).unwrap();
        assert_eq!(Kingulu::rulings(&set).unwrap(), ANY);
        let set = RulingSet::from_assignments(["kingulu.capture-from-reserved=yes"]).unwrap();
        assert!(set.check(Kingulu::RULINGS, Kingulu::RULESET).is_err());
    }

    #[test]
    fn kin_a6_first_lap_into_an_own_hole_the_opponent_reserved_is_legal() {
        let p = pos("0,0,0,0,0,0/1,4^N,0,0,0,0 0-43 S");
        assert_eq!(legal(&p), ["A1"]);
        let (after, events) = play(&p, "A1");
        assert_eq!(after, "0,0,0,0,0,0/0,5^N,0,0,0,0 0-43 N");
        assert_eq!(pos(&after).score(), [0, 48]);
        assert!(matches!(
            events.last(),
            Some(Event::Stop {
                reason: StopReason::ReservedHole,
                rule: "KIN-A6",
                ..
            })
        ));
    }

    #[test]
    fn kin_a7_a_player_may_reserve_any_number_of_holes() {
        let (after, _) = play(&pos("5^S,5^S,0,0,3,2/0,0,0,0,3,0 30-0 S"), "A5");
        assert_eq!(after, "5^S,5^S,0,0,5^S,2/0,0,0,0,0,1 30-0 N");
    }

    /// Found by a search over small positions: South's A5 relays round and round for ever.
    const NEVER_ENDING: &str = "1,0,1,0,1,2/0,1,0,1,2,0 39-0 S";

    /// The cycle of the relay from `from`, which never ends, by keeping every state: the first
    /// lap whose state comes back, and how many laps later.
    fn naive_cycle(p: &Position, from: u8) -> (u64, u64) {
        let (mut holes, mut start) = (p.holes, from as usize);
        let mut seen = std::collections::HashMap::new();
        for lap in 1.. {
            let seeds = holes[start];
            holes[start] = 0;
            let mut at = start;
            for _ in 0..seeds {
                at = (at + 1) % HOLES;
                holes[at] += 1;
            }
            if let Some(first) = seen.insert((holes, at), lap) {
                return (first, lap - first);
            }
            start = at;
        }
        unreachable!()
    }

    #[test]
    fn kin_a8_a_played_never_ending_move_names_its_cycle() {
        let p = pos(NEVER_ENDING);
        let (start, length) = naive_cycle(&p, hole("A5"));
        let Err(Rejection::Illegal { reason, .. }) =
            Kingulu::play(&p, &ANY, Move(hole("A5")), &mut ())
        else {
            panic!("A5 never ends");
        };
        let words = format!(
            "the in-move state after lap {start} comes back after {length} more laps, and so on \
             forever (a cycle of {length} laps from lap {start})"
        );
        assert!(reason.ends_with(&words), "{reason}");
    }

    #[test]
    fn kin_a8_a_never_ending_move_is_illegal() {
        let p = pos(NEVER_ENDING);
        assert_eq!(literal(&p, &ANY, hole("A5")), Err("KIN-A8"));
        assert_eq!(refused(&p, "A5"), "KIN-A8");
        let mut moves = Vec::new();
        let generated = Kingulu::legal_moves(&p, &ANY, &mut moves);
        assert_eq!(generated.undecided, 0);
        assert!(!moves.contains(&Move(hole("A5"))));
        assert_eq!(moves, literal_legal(&p, &ANY));
        // Within a budget too small to see the cycle: undecided, neither legal nor illegal.
        assert!(matches!(
            play_with_budget(&p, &ANY, hole("A5"), &mut (), 20),
            Err(Rejection::Undecided { .. })
        ));
        let mut small = Vec::new();
        let small_budget = generate(&p, &ANY, |mv| small.push(mv), 20);
        assert_eq!(small_budget.undecided, 1);
        assert_eq!(small, moves);
        // The resolver refuses it with the same rule.
        let spelling = Kingulu::parse_move("A5").unwrap();
        assert!(matches!(
            Kingulu::resolve(&p, &ANY, &spelling),
            Err(Unresolved::Rejected(Rejection::Illegal {
                rule: "KIN-A8",
                ..
            }))
        ));
    }

    #[test]
    fn kin_a9_a_repeated_position_ends_the_game_on_score() {
        // Found by a search over small positions: ten plies without capture or reservation that
        // bring back the start (holes, reservations, side to move).
        let start = pos("0,1,1,0,1,0/1,0,0,1,0,2 30-11 S");
        let moves = ["A6", "a3", "A4", "a5", "A3", "a6", "A3", "a4", "A5", "a3"];
        let mut game = Playthrough::<Kingulu>::new(start, ANY);
        for (i, name) in moves.iter().enumerate() {
            assert_eq!(game.end(), None, "over before ply {}", i + 1);
            let mut events = Vec::new();
            game.play(Move(hole(name)), &mut events).unwrap();
        }
        assert_eq!(*game.position(), start);
        let end = game.end().unwrap();
        assert_eq!(
            (end.outcome, end.rule, end.score),
            (Outcome::Win(Side::South), "KIN-A9", Some([34, 14]))
        );
        // Captured counts are no part of what repeats.
        assert_eq!(
            Kingulu::repetition_key(&start),
            Kingulu::repetition_key(&pos("0,1,1,0,1,0/1,0,0,1,0,2 20-21 S"))
        );
        assert_ne!(
            Kingulu::repetition_key(&start),
            Kingulu::repetition_key(&pos("0,1,1,0,1,0/1,0,0,1,0,2 30-11 N"))
        );
    }

    // --- notation -------------------------------------------------------------------------------

    #[test]
    fn moves_parse_with_their_claims() {
        let s = Kingulu::parse_move("A3").unwrap();
        assert_eq!((s.hole, s.capture, s.reserves), (2, None, false));
        let s = Kingulu::parse_move("a5x12").unwrap();
        assert_eq!(
            (s.hole, s.capture, s.reserves),
            (10, Some(CaptureClaim::Seeds(12)), false)
        );
        let s = Kingulu::parse_move("A1x").unwrap();
        assert_eq!(s.capture, Some(CaptureClaim::Some));
        let s = Kingulu::parse_move(" a2^ ").unwrap();
        assert!(s.reserves);
        for bad in [
            "A7", "a0", "b1", "B3", "3", "", "A", "A3y", "A3x7x", "A3^^", "A3x123", "Ä1",
        ] {
            assert!(Kingulu::parse_move(bad).is_err(), "{bad}");
        }
        assert_eq!(Kingulu::format_move(Move(hole("a6"))), "a6");
    }

    #[test]
    fn resolve_refuses_the_wrong_side() {
        let spelling = Kingulu::parse_move("a3").unwrap();
        assert!(matches!(
            Kingulu::resolve(&Kingulu::start(), &ANY, &spelling),
            Err(Unresolved::Rejected(Rejection::Illegal {
                rule: "KIN-4",
                ..
            }))
        ));
        let spelling = Kingulu::parse_move("A3x7").unwrap();
        assert_eq!(
            Kingulu::resolve(&Kingulu::start(), &ANY, &spelling),
            Ok(Move(2))
        );
    }

    #[test]
    fn positions_round_trip_in_both_forms() {
        for text in [
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
            "1,2,3,4,5^S,6/7^N,1,1,1,1,1 8-7 N",
            "0,0,0,0,0,0/48,0,0,0,0,0 0-0 S",
            "0,0,0,0,0,0/0,0,0,0,0,0 24-24 N",
        ] {
            let p = pos(text);
            assert_eq!(Kingulu::format_compact(&p), text);
            assert_eq!(pos(&Kingulu::format_diagram(&p)), p);
        }
        let p = pos("4,0,5^S,2,4,4/0,5,6,1,3^N,0 9-5 N");
        assert_eq!(
            Kingulu::format_diagram(&p),
            "north captured 5\n\
             a   4   0 5^S   2   4   4\n\
             A   0   5   6   1 3^N   0\n\
             south captured 9\n\
             north to move\n"
        );
    }

    #[test]
    fn bad_positions_are_refused_with_a_reason() {
        // Reserving one's own hole breaks KIN-10.
        assert_eq!(
            Kingulu::parse_position("0,0,0,0,0,4^N/4,4,4,4,4,4 20-0 S")
                .unwrap_err()
                .rule,
            Some("KIN-10")
        );
        for bad in [
            "",
            "4,4,4,4,4,4/4,4,4,4,4,4",
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 X",
            "4,4,4,4,4,4/4,4,4,4,4 0-0 S",
            "4,4,4,4,4,4,4/4,4,4,4,4,4 0-0 S",
            "4,4,4,4,4,4|4,4,4,4,4,4 0-0 S",
            "4,4,4,4,4,4/4,4,4,4,4,x 0-0 S",
            "4,4,4,4,4,4/4,4,4,4,4,4^ 0-0 S",
            "4,4,4,4,4,4/4,4,4,4,4,4^Q 0-0 S",
            "4,4,4,4,4,4/4,4,4,4,4,999 0-0 S",
            "4,4,4,4,4,4/4,4,4,4,4,4 0:0 S",
            "4,4,4,4,4,4/4,4,4,4,4,4 -0 S",
            "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S extra",
            "north captured 0\na 4 4 4 4 4 4\nA 4 4 4 4 4 4\nsouth captured 0",
            "south captured 0\na 4 4 4 4 4 4\nA 4 4 4 4 4 4\nsouth captured 0\nsouth to move",
            "north captured 0\na 4 4 4 4 4\nA 4 4 4 4 4 4\nsouth captured 0\nsouth to move",
            "north captured 0\na 4 4 4 4 4 4\nA 4 4 4 4 4 4\nsouth captured 0\nnobody to move",
        ] {
            assert!(Kingulu::parse_position(bad).is_err(), "{bad:?}");
        }
        assert!(Kingulu::parse_position(&"4,".repeat(5000)).is_err());
    }

    thread_local! {
        /// Moves sown by [`sow`] on this thread: what the single sowing is measured by.
        pub(super) static SOWINGS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    fn sowings(f: impl FnOnce()) -> u64 {
        let before = SOWINGS.with(|n| n.get());
        f();
        SOWINGS.with(|n| n.get()) - before
    }

    /// A written move is sown once when played (`play_text_into`), where resolving it and then
    /// playing it, as before `resolve_and_play`, sowed it twice; perft sows each child once.
    #[test]
    fn a_written_move_and_a_perft_child_are_sown_once() {
        let game = crate::random_game::random_game::<Kingulu>(&Kingulu::start(), &ANY, 7, 200);
        let texts: Vec<String> = game
            .moves
            .iter()
            .map(|&m| Kingulu::format_move(m))
            .collect();
        let mut played = crate::play::Playthrough::<Kingulu>::new(Kingulu::start(), ANY);
        // The start's end, decided when first asked for: not a written move's sowing either.
        assert_eq!(played.end(), None);
        let once = sowings(|| {
            for text in &texts {
                played.play_text(text).unwrap();
            }
        });
        let mut p = Kingulu::start();
        let mut after = Vec::new();
        let twice = sowings(|| {
            for text in &texts {
                let spelling = Kingulu::parse_move(text).unwrap();
                let mv = Kingulu::resolve(&p, &ANY, &spelling).unwrap();
                p = Kingulu::play(&p, &ANY, mv, &mut ()).unwrap();
                after.push(p);
            }
        });
        assert_eq!(twice, 2 * texts.len() as u64);
        // The game in progress also asks after each move whether the game is over (KIN-12),
        // which may sow the next side's moves: those sowings are not the written move's.
        let ends = sowings(|| {
            for p in &after {
                Kingulu::end(p, &ANY);
            }
        });
        assert_eq!(once, texts.len() as u64 + ends);
        // Perft: every interior node's children are sown once, by their generation.
        let start = Kingulu::start();
        let (mut moves, mut children) = (Vec::new(), Vec::new());
        let n = sowings(|| {
            let _ = Kingulu::legal_children(&start, &ANY, &mut moves, &mut children);
        });
        assert_eq!(n, children.len() as u64);
    }

    // --- perft and properties -------------------------------------------------------------------

    #[test]
    fn perft_from_the_start() {
        let start = Kingulu::start();
        let counts: Vec<u64> = (1..=8)
            .map(|d| crate::perft::perft::<Kingulu>(&start, &ANY, d))
            .collect();
        for (d, n) in counts.iter().enumerate() {
            println!("perft({}) = {n}", d + 1);
        }
        // The literal reading agrees wherever it is quick enough.
        for d in 1..=6 {
            assert_eq!(
                literal_perft(&start, d),
                counts[d as usize - 1],
                "depth {d}"
            );
        }
        assert_eq!(counts, [4, 15, 50, 130, 336, 840, 2114, 5408]);
        // The ruling never changes legality (KIN-A4).
        assert_eq!(
            crate::perft::perft::<Kingulu>(&start, &NOT_FROM_RESERVED, 8),
            5408
        );
    }

    fn arb_position() -> impl Strategy<Value = Position> {
        (
            prop::collection::vec(0u8..12, 0..=48),
            prop::collection::vec(0u8..5, 12),
            any::<bool>(),
            0u8..=48,
        )
            .prop_map(|(drops, marks, north, split)| {
                let mut holes = [0u8; HOLES];
                for &d in &drops {
                    holes[d as usize] += 1;
                }
                let reserved =
                    std::array::from_fn(|h| (marks[h] == 0).then(|| owner_of(h as u8).opponent()));
                let rest = 48 - drops.len() as u8;
                let south = split.min(rest);
                let side = if north { Side::North } else { Side::South };
                Position::from_parts(holes, reserved, [south, rest - south], side).unwrap()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The engine, its shortcuts included, plays every hole exactly as the literal reading.
        #[test]
        fn engine_agrees_with_the_literal_reading(p in arb_position()) {
            for rulings in [ANY, NOT_FROM_RESERVED] {
                for from in 0..HOLES as u8 {
                    let engine = Kingulu::play(&p, &rulings, Move(from), &mut ())
                        .map_err(|r| r.rule().unwrap_or("undecided"));
                    prop_assert_eq!(engine, literal(&p, &rulings, from), "{:?} {}", p, from);
                    let mut events = Vec::new();
                    let listened = Kingulu::play(&p, &rulings, Move(from), &mut events);
                    prop_assert_eq!(listened.ok(), engine.ok());
                }
                let mut moves = Vec::new();
                let _ = Kingulu::legal_moves(&p, &rulings, &mut moves);
                prop_assert_eq!(&moves, &literal_legal(&p, &rulings));
                prop_assert_eq!(Kingulu::end(&p, &rulings).is_some(), moves.is_empty());
                // Perft's last ply counts what is listed, without the positions.
                prop_assert_eq!(Kingulu::count_last_ply(&p, &rulings, &mut Vec::new()), moves.len() as u64);
                // Generation with the children lists the same moves, each child as played.
                let (mut listed, mut children) = (Vec::new(), Vec::new());
                let _ = Kingulu::legal_children(&p, &rulings, &mut listed, &mut children);
                prop_assert_eq!(&listed, &moves);
                let played: Vec<Position> = moves
                    .iter()
                    .map(|&m| literal(&p, &rulings, m.0).unwrap())
                    .collect();
                prop_assert_eq!(children, played);
            }
        }

        /// Random games from the start: 48 seeds always, every listed move plays, and positions
        /// and moves survive being written and read back.
        #[test]
        fn random_playouts_keep_their_invariants(choices in prop::collection::vec(any::<u16>(), 0..150)) {
            let mut p = Kingulu::start();
            let mut moves = Vec::new();
            for choice in choices {
                let total: u16 = p.holes().iter().map(|&n| n as u16).sum::<u16>()
                    + p.captured(Side::South) as u16
                    + p.captured(Side::North) as u16;
                prop_assert_eq!(total, SEEDS);
                prop_assert_eq!(p.score()[0] + p.score()[1], SEEDS);
                prop_assert_eq!(pos(&Kingulu::format_compact(&p)), p);
                prop_assert_eq!(pos(&Kingulu::format_diagram(&p)), p);
                let _ = Kingulu::legal_moves(&p, &ANY, &mut moves);
                if moves.is_empty() {
                    prop_assert!(Kingulu::end(&p, &ANY).is_some());
                    break;
                }
                for &mv in &moves {
                    let spelling = Kingulu::parse_move(&Kingulu::format_move(mv)).unwrap();
                    prop_assert_eq!(Kingulu::resolve(&p, &ANY, &spelling), Ok(mv));
                    let mut events = Vec::new();
                    let next = Kingulu::play(&p, &ANY, mv, &mut events).unwrap();
                    prop_assert_eq!(Kingulu::play(&p, &ANY, mv, &mut ()).unwrap(), next);
                    // The move's own claims, written out, are borne out.
                    let seeds: u16 = captures(&events).iter().map(|c| c.1).sum();
                    let reserves = has(&events, |e| matches!(e, Event::Reserve { .. }));
                    let mut text = Kingulu::format_move(mv);
                    if seeds > 0 {
                        text.push_str(&format!("x{seeds}"));
                    }
                    if reserves {
                        text.push('^');
                    }
                    prop_assert!(claims(&text, &events).is_empty(), "{}", text);
                }
                p = Kingulu::play(&p, &ANY, moves[choice as usize % moves.len()], &mut ()).unwrap();
            }
        }
    }
}
