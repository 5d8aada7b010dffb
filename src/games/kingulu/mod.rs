//! Bao Kingulu, the two-row Ngulu game (Klamroth 1911): `../shared/rules/bao-kingulu.md`, rule ids
//! `KIN-*`, in the reference's order.
//!
//! The twelve holes are one ring in index order (KIN-3): A1..A6 are 0..5, a1..a6 are 6..11, and
//! every lap sows up the indices. The board is sixteen bytes (byte `i` is hole `i`, the last four are
//! spare), so that it is also one `u128`: no hole can hold more than the game's 48 seeds, and adding
//! one seed to every hole a lap passes is a single addition of a precomputed mask, with no carry into
//! the next hole.

mod notation;

pub use notation::{CaptureClaim, Spelling};

use std::fmt;

use crate::cycle::{Brent, LAP_BUDGET, Verdict};
use crate::game::{
    Direction, Event, FalseClaim, Game, GameEnd, Generated, NotationError, Outcome, PositionError,
    Rejection, Side, Sink, StopReason, Unresolved,
};
use crate::rulings::{RulingDef, RulingError, RulingSet};

/// Bao Kingulu.
pub struct Kingulu;

// --- Board (KIN-1, KIN-2) -----------------------------------------------------------------------

pub const HOLES: usize = 12;
/// KIN-2: four seeds in each of the twelve holes.
pub const SEEDS: u16 = 48;

static HOLE_NAMES: [&str; HOLES] = [
    "A1", "A2", "A3", "A4", "A5", "A6", //
    "a1", "a2", "a3", "a4", "a5", "a6",
];

/// KIN-1: South owns row A (holes 0..6), North row a (holes 6..12).
#[inline]
fn owner_of(hole: u8) -> Side {
    if hole < 6 { Side::South } else { Side::North }
}

/// The holes of `side`'s row, as a bit mask.
#[inline]
fn row_mask(side: Side) -> u16 {
    match side {
        Side::South => 0x03f,
        Side::North => 0xfc0,
    }
}

/// KIN-1: `Ai` faces `a(7-i)`, that is hole `i - 1` faces hole `12 - i`.
#[inline]
fn opposite(hole: u8) -> u8 {
    11 - hole
}

/// The board: byte `i` holds the seeds of hole `i`; bytes 12..16 are spare (zero in a position).
type Board = [u8; 16];

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
/// `LAST[from][n]`: the hole its last seed falls into.
static LAP: [[u128; MAX_LAP + 1]; HOLES] = lap_table();
static LAST: [[u8; MAX_LAP + 1]; HOLES] = last_table();

const fn lap_table() -> [[u128; MAX_LAP + 1]; HOLES] {
    let mut table = [[0u128; MAX_LAP + 1]; HOLES];
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

const fn last_table() -> [[u8; MAX_LAP + 1]; HOLES] {
    let mut table = [[0u8; MAX_LAP + 1]; HOLES];
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

/// A Kingulu position: the seeds in each hole, which holes are reserved and by whom (KIN-10), the
/// seeds each player has captured (KIN-9), and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    holes: Board,
    /// Bit `i` of `reserved[s]`: hole `i` is reserved by side `s`.
    reserved: [u16; 2],
    captured: [u8; 2],
    to_move: Side,
}

impl Position {
    /// A position from its parts; checks that every reservation is of an opponent's hole (KIN-10)
    /// and that the seeds add up to 48 (KIN-2).
    pub fn from_parts(
        holes: [u8; HOLES],
        reserved: [Option<Side>; HOLES],
        captured: [u8; 2],
        to_move: Side,
    ) -> Result<Position, PositionError> {
        let mut board: Board = [0; 16];
        let mut masks = [0u16; 2];
        let mut total: u32 = captured.iter().map(|&n| n as u32).sum();
        for hole in 0..HOLES as u8 {
            let n = holes[hole as usize];
            total += n as u32;
            if n as u16 > SEEDS {
                return Err(PositionError::rule(
                    "KIN-2",
                    format!(
                        "{} holds {n} seeds; the game has {SEEDS}",
                        HOLE_NAMES[hole as usize]
                    ),
                ));
            }
            board[hole as usize] = n;
            if let Some(by) = reserved[hole as usize] {
                if owner_of(hole) == by {
                    return Err(PositionError::rule(
                        "KIN-10",
                        format!(
                            "{} is {by}'s own hole; a player reserves only his opponent's holes",
                            HOLE_NAMES[hole as usize]
                        ),
                    ));
                }
                masks[by.index()] |= 1 << hole;
            }
        }
        if total != SEEDS as u32 {
            return Err(PositionError::rule(
                "KIN-2",
                format!(
                    "the position has {total} seeds (board and captured); the game has {SEEDS}"
                ),
            ));
        }
        Ok(Position {
            holes: board,
            reserved: masks,
            captured,
            to_move,
        })
    }

    /// The seeds in `hole`.
    pub fn seeds(&self, hole: u8) -> u8 {
        self.holes[hole as usize]
    }

    /// The seeds of every hole, indexed like [`Kingulu::hole_name`].
    pub fn holes(&self) -> [u8; HOLES] {
        std::array::from_fn(|i| self.holes[i])
    }

    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Who reserved `hole`, if anyone.
    pub fn reserved_by(&self, hole: u8) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.reserved[s.index()] & (1 << hole) != 0)
    }

    /// The seeds `side` has captured.
    pub fn captured(&self, side: Side) -> u8 {
        self.captured[side.index()]
    }

    /// KIN-13: what each player counts — his captures, the seeds in his own unreserved holes and
    /// in the holes he reserved — as `[south, north]`. Always adds up to 48.
    pub fn score(&self) -> [u16; 2] {
        let mut score = [self.captured[0] as u16, self.captured[1] as u16];
        for hole in 0..HOLES as u8 {
            let side = self.reserved_by(hole).unwrap_or(owner_of(hole));
            score[side.index()] += self.seeds(hole) as u16;
        }
        score
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&notation::format_compact(self))
    }
}

/// A move: the hole to start from (KIN-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
    /// KIN-A8: the in-move state repeated after `laps` relays.
    Cycle { laps: u64 },
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

/// Relays before the cycle detector starts watching. A never-ending relay repeats forever, so it is
/// found all the same; the detector's budget counts from here.
const UNWATCHED: u64 = 16;

/// Why a move cannot even start, checked before any seed moves. Precedence: no such hole (KIN-1),
/// not the mover's row (KIN-4), reserved (KIN-11), empty (KIN-4); then, while sowing, the first-lap
/// restriction (KIN-7) and a never-ending relay (KIN-A8), which exclude each other.
fn check_start(pos: &Position, from: u8) -> Result<(), Rejection> {
    let side = pos.to_move;
    if from < HOLES as u8
        && row_mask(side) & !(pos.reserved[0] | pos.reserved[1]) & (1 << from) != 0
        && pos.holes[from as usize] != 0
    {
        return Ok(());
    }
    let Some(name) = HOLE_NAMES.get(from as usize) else {
        return Err(Rejection::illegal("KIN-1", "there is no such hole"));
    };
    if owner_of(from) != side {
        return Err(Rejection::illegal(
            "KIN-4",
            format!(
                "{name} is in {}'s row; {side} sows from his own row",
                side.opponent()
            ),
        ));
    }
    if let Some(by) = pos.reserved_by(from) {
        return Err(Rejection::illegal(
            "KIN-11",
            format!("{name} is reserved by {by}: nobody sows from it"),
        ));
    }
    if pos.seeds(from) == 0 {
        return Err(Rejection::illegal(
            "KIN-4",
            format!("{name} is empty: a move lifts at least one seed"),
        ));
    }
    Ok(())
}

/// Sows the move from `from` (already checked by [`check_start`]) to its end, or finds that it is
/// refused. `budget` is the cycle detector's lap budget.
fn sow<S: Sink>(
    pos: &Position,
    rulings: &Rulings,
    from: u8,
    sink: &mut S,
    budget: u64,
) -> Result<Position, Refusal> {
    let side = pos.to_move;
    let own_row = row_mask(side);
    let reserved = pos.reserved[0] | pos.reserved[1];
    let mut next = *pos;
    // The working board; from the first relay on, its spare bytes carry the rest of the in-move
    // state (see [`InMove`]).
    let mut board = pos.holes;
    let mut start = from;
    let mut first_lap = true;
    let mut relays: u64 = 0;
    // Created after `UNWATCHED` relays: the many short relays never pay for it.
    let mut brent: Option<Brent<InMove>> = None;
    loop {
        // KIN-4: lift every seed of `start`, drop one into each following hole (KIN-3: up the ring).
        let seeds = board[start as usize];
        add(&mut board, LAP[start as usize][seeds as usize & MAX_LAP]);
        let last = LAST[start as usize][seeds as usize & MAX_LAP];
        let bit = 1u16 << last;
        // `c` of the reference: what `last` held before the last seed fell.
        let c = board[last as usize] - 1;
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
                    text: "seeds fell into reserved holes: they count for the holes' owners",
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
            if own_row & bit != 0 {
                let across = opposite(last);
                let there = board[across as usize];
                if there > 0 {
                    // KIN-11 / KIN-A5: only the mover can have reserved a hole of the opponent's
                    // row, and nobody captures from a reserved hole.
                    if reserved & (1 << across) != 0 {
                        if S::LISTENING {
                            sink.event(Event::Note {
                                text: "the opposite hole is reserved: no capture, the seed stays",
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
            if seeds >= 2 {
                let before = LAST[start as usize][(seeds as usize - 1) & MAX_LAP];
                if rulings.penultimate_source == PenultimateSource::NotFromReserved
                    && reserved & (1 << before) != 0
                {
                    // KIN-A4 `not-from-reserved`: a seed in a reserved hole stays there.
                    if S::LISTENING {
                        sink.event(Event::Note {
                            text: "the last-but-one seed fell into a reserved hole and stays there",
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
                        return Err(Refusal::Cycle { laps: relays });
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
        first_lap = false;
    }
    next.holes = (u128::from_le_bytes(board) & HOLES_MASK).to_le_bytes();
    next.to_move = side.opponent();
    Ok(next)
}

/// What the first lap alone says about a candidate move.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FirstLap {
    /// Not a candidate: an empty or reserved hole (KIN-4, KIN-11).
    Empty,
    /// It ends the move (KIN-8, KIN-10): legal.
    Ends,
    /// It breaks KIN-7: illegal.
    Refused,
    /// It relays on, or is long enough to pass a hole twice: only sowing tells.
    Sow,
}

/// Move generation's shortcut past [`sow`] for the many moves whose first lap, shorter than the
/// ring, decides them: such a lap drops one seed into each of the holes after its start, so the
/// hole it ends in held what the board shows. Agrees with [`sow`] (a test checks it). `from` is a
/// hole of the mover's row.
#[inline(always)]
fn first_lap(pos: &Position, from: u8) -> FirstLap {
    let reserved = pos.reserved[0] | pos.reserved[1];
    let seeds = pos.holes[from as usize];
    if seeds == 0 || reserved & (1 << from) != 0 {
        return FirstLap::Empty;
    }
    if seeds as usize >= HOLES {
        return FirstLap::Sow;
    }
    let last = LAST[from as usize][seeds as usize & MAX_LAP];
    let bit = 1u16 << last;
    let c = pos.holes[last as usize];
    let own = row_mask(pos.to_move) & bit != 0;
    if reserved & bit != 0 || c == 0 || (!own && c == 3) {
        FirstLap::Ends
    } else if own {
        FirstLap::Refused
    } else {
        FirstLap::Sow
    }
}

/// The mover's holes, in canonical order.
#[inline(always)]
fn own_holes(pos: &Position) -> std::ops::Range<u8> {
    let base = 6 * pos.to_move.index() as u8;
    base..base + 6
}

/// Plays the move from `from` with an explicit cycle budget (tests use small ones).
fn play_with_budget<S: Sink>(
    pos: &Position,
    rulings: &Rulings,
    from: u8,
    sink: &mut S,
    budget: u64,
) -> Result<Position, Rejection> {
    check_start(pos, from)?;
    sow(pos, rulings, from, sink, budget).map_err(|refusal| match refusal {
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
        Refusal::Cycle { laps } => Rejection::illegal(
            "KIN-A8",
            format!(
                "the relay from {} never ends: its state repeats after {laps} relay laps",
                HOLE_NAMES[from as usize]
            ),
        ),
        Refusal::Undecided { laps } => Rejection::Undecided { laps },
    })
}

/// The legal moves of `pos` into `out`, in canonical order (A1..A6, a1..a6), with an explicit cycle
/// budget (tests use small ones).
fn generate(pos: &Position, rulings: &Rulings, out: &mut Vec<Move>, budget: u64) -> Generated {
    out.clear();
    let mut generated = Generated::default();
    for from in own_holes(pos) {
        match first_lap(pos, from) {
            FirstLap::Empty | FirstLap::Refused => continue,
            FirstLap::Ends => {
                out.push(Move(from));
                continue;
            }
            FirstLap::Sow => {}
        }
        match sow(pos, rulings, from, &mut (), budget) {
            Ok(_) => out.push(Move(from)),
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

impl Game for Kingulu {
    const RULESET: &'static str = "bao-kingulu";
    const NAME: &'static str = "Bao Kingulu";
    const RULINGS: &'static [RulingDef] = RULINGS;

    type Position = Position;
    type Move = Move;
    type Spelling = Spelling;
    type Rulings = Rulings;
    /// KIN-A9: the holes, the reservations and the side to move; captured counts follow from them
    /// only in total, and do not count.
    type RepetitionKey = (Board, [u16; 2], Side);

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
        generate(pos, rulings, out, LAP_BUDGET)
    }

    fn play<S: Sink>(
        pos: &Position,
        rulings: &Rulings,
        mv: Move,
        sink: &mut S,
    ) -> Result<Position, Rejection> {
        play_with_budget(pos, rulings, mv.0, sink, LAP_BUDGET)
    }

    // KIN-12: the game ends when the side to move has no legal move, scored by KIN-13. A side whose
    // only moves are undecided (KIN-A8 budget) is not known to be stuck: the game goes on.
    fn game_end(pos: &Position, rulings: &Rulings) -> Option<GameEnd> {
        let mut undecided = false;
        // Moves that the first lap decides are cheap to find: look for them first.
        let mut to_sow = 0u16;
        for from in own_holes(pos) {
            match first_lap(pos, from) {
                FirstLap::Ends => return None,
                FirstLap::Sow => to_sow |= 1 << from,
                FirstLap::Empty | FirstLap::Refused => {}
            }
        }
        for from in own_holes(pos).filter(|h| to_sow & (1 << h) != 0) {
            match sow(pos, rulings, from, &mut (), LAP_BUDGET) {
                Ok(_) => return None,
                Err(Refusal::Undecided { .. }) => undecided = true,
                Err(Refusal::FirstLap { .. } | Refusal::Cycle { .. }) => {}
            }
        }
        (!undecided).then(|| scored(pos, "KIN-12"))
    }

    fn repetition_key(pos: &Position) -> Option<(Board, [u16; 2], Side)> {
        Some((pos.holes, pos.reserved, pos.to_move))
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

    fn check_claims(spelling: &Spelling, events: &[Event]) -> Vec<FalseClaim> {
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
}
