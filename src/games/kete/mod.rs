//! Bao la Kete, the Lamu variant of Zanzibar Bao: `../shared/rules/bao-la-kete.md`, rule ids
//! `KETE-*`, in the reference's order across these files:
//!
//! - `position.rs`: the board, the start, what a position holds (KETE-1 .. KETE-5);
//! - `sowing.rs`: laps, relays, the front row, captures, safari, the kuu, Bao hamna mid-move,
//!   never-ending moves (KETE-6 .. KETE-8, KETE-13, KETE-14, KETE-16, KETE-18, KETE-A7, KETE-A8);
//! - `nemo.rs`, `mtaji.rs`: which holes a move may start from in each stage (KETE-9 .. KETE-20);
//! - `memo.rs`: the remembered verdicts on long takatas (KETE-A7);
//! - `hizi_zetu.rs`: reserving a hole after a takata (KETE-21);
//! - `choice.rs`: choosing among the moves (captures compulsory KETE-10, the kuu's first takata
//!   KETE-20, the captor's obligation KETE-22);
//! - this file: the public types, rulings, the end of the game (KETE-23, KETE-24);
//! - `notation.rs`: moves and positions as written; `during.rs`: the board partway through a move.

mod choice;
mod during;
mod hizi_zetu;
mod memo;
mod mtaji;
mod nemo;
mod notation;
mod position;
mod sowing;

#[cfg(test)]
mod tests;

pub use notation::{Claim, Spelling};
pub use position::{HOLE_NAMES, Position};

use choice::{Any, Class, Judge, candidate, not_a_move};
use position::{KUU, ring_of};
use sowing::{Played, Refusal, Safari, sow_move};

use crate::cycle::LAP_BUDGET;
use crate::game::{
    Event, FalseClaim, Game, GameEnd, Generated, NotationError, Note, Outcome, PositionError,
    Rejection, Side, Sink, Unresolved,
};
use crate::rulings::{RulingDef, RulingError, RulingSet};

/// Bao la Kete.
pub struct Kete;

/// The way a move's sowing starts along its hole's row, seen by the mover (KETE-5): `<` to his
/// left, `>` to his right. For a nemo capture, `>` sows the captured seeds from `A1` clockwise and
/// `<` from `A8` anticlockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    Left,
    Right,
}

impl Dir {
    pub fn symbol(self) -> char {
        match self {
            Dir::Left => '<',
            Dir::Right => '>',
        }
    }
}

/// A move: the mover's decisions in order — the hole (in nemo the front hole that receives the
/// reserve seed, in mtaji the hole sown from), the direction, and the safari decision if one
/// arises (`Some(true)`: go on from the kuu, `Some(false)`: stop there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The hole index ([`HOLE_NAMES`]).
    pub hole: u8,
    pub dir: Dir,
    pub safari: Option<bool>,
}

/// KETE-A1: in mtaji, a capture lap ending in the kuu.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MtajiSafari {
    #[default]
    Compulsory,
    Choice,
}

/// KETE-A8: the game is won mid-move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BaoHamna {
    #[default]
    Stop,
    Finish,
}

/// The rulings of Bao la Kete, resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rulings {
    pub mtaji_safari: MtajiSafari,
    /// KETE-A6, KETE-22: the Lamu obligation to capture the reserved hole.
    pub hizi_must_capture: bool,
    pub bao_hamna: BaoHamna,
    /// Laps a move may run before it is undecided (KETE-A7); lowered only by tests.
    pub lap_budget: u64,
}

impl Default for Rulings {
    fn default() -> Self {
        Rulings {
            mtaji_safari: MtajiSafari::Compulsory,
            hizi_must_capture: true,
            bao_hamna: BaoHamna::Stop,
            lap_budget: LAP_BUDGET,
        }
    }
}

const RULINGS: &[RulingDef] = &[
    RulingDef {
        name: "kete.mtaji-safari",
        ids: &["KETE-A1"],
        question: "mtaji: when a capture lap ends in the kuu, must the move go on (safari) or may \
                   the mover stop?",
        default: "compulsory",
        values: &["compulsory", "choice"],
    },
    RulingDef {
        name: "kete.hizi-zetu-must-capture",
        ids: &["KETE-A6"],
        question: "must the player who reserved a hole by hizi zetu capture it on his next turn \
                   (KETE-22)?",
        default: "yes",
        values: &["yes", "no"],
    },
    RulingDef {
        name: "kete.bao-hamna-mid-move",
        ids: &["KETE-A8"],
        question: "when a capture empties the opponent's front row mid-move, does the move stop \
                   once the captured seeds are sown, or is it played to its end?",
        default: "stop",
        values: &["stop", "finish"],
    },
];

impl Game for Kete {
    const RULESET: &'static str = "bao-la-kete";
    const NAME: &'static str = "Bao la Kete";
    const RULINGS: &'static [RulingDef] = RULINGS;
    const CATALOGUE: &'static str = include_str!("../../../spec/bao-la-kete/rules.yaml");

    type Position = Position;
    type Move = Move;
    type Spelling = Spelling;
    type Rulings = Rulings;
    type RepetitionKey = ();

    fn rulings(set: &RulingSet) -> Result<Rulings, RulingError> {
        let bad = |def: &RulingDef, value: &str| RulingError {
            message: format!(
                "`{value}` is not a value of ruling `{}`: it takes {}",
                def.name,
                def.values.join(" | ")
            ),
        };
        let mtaji_safari = match set.value(&RULINGS[0]) {
            "compulsory" => MtajiSafari::Compulsory,
            "choice" => MtajiSafari::Choice,
            other => return Err(bad(&RULINGS[0], other)),
        };
        let hizi_must_capture = match set.value(&RULINGS[1]) {
            "yes" => true,
            "no" => false,
            other => return Err(bad(&RULINGS[1], other)),
        };
        let bao_hamna = match set.value(&RULINGS[2]) {
            "stop" => BaoHamna::Stop,
            "finish" => BaoHamna::Finish,
            other => return Err(bad(&RULINGS[2], other)),
        };
        Ok(Rulings {
            mtaji_safari,
            hizi_must_capture,
            bao_hamna,
            lap_budget: LAP_BUDGET,
        })
    }

    fn start() -> Position {
        position::start()
    }

    fn side_to_move(pos: &Position) -> Side {
        pos.to_move
    }

    fn set_side_to_move(pos: &mut Position, side: Side) {
        pos.to_move = side;
    }

    fn legal_moves(pos: &Position, rulings: &Rulings, out: &mut Vec<Move>) -> Generated {
        out.clear();
        if pos.front_empty(pos.to_move) {
            return Generated::default();
        }
        let undecided = Judge::new(pos, rulings).legal(out);
        Generated { undecided }
    }

    fn play<S: Sink>(
        pos: &Position,
        rulings: &Rulings,
        mv: Move,
        sink: &mut S,
    ) -> Result<Position, Rejection> {
        let side = pos.to_move;
        if pos.front_empty(side) {
            return Err(Rejection::illegal(
                "KETE-23",
                format!("the game is over: {side}'s front row is empty"),
            ));
        }
        if mv.hole as usize >= position::HOLES {
            return Err(Rejection::illegal("KETE-1", "there is no such hole"));
        }
        let (owner, r) = ring_of(mv.hole);
        if owner != side {
            return Err(Rejection::illegal(
                "KETE-5",
                format!(
                    "{} is {owner}'s hole: {side} sows only in his own 16 holes",
                    HOLE_NAMES[mv.hole as usize]
                ),
            ));
        }
        let c = candidate(pos, r, mv.dir).ok_or_else(|| not_a_move(pos, r, mv.dir))?;
        let mut judge = Judge::new(pos, rulings);
        judge.allowed(&c)?;
        if S::LISTENING {
            if let Some(h) = judge.obligation {
                let note = if c.class == (Class::Capture { first: h }) {
                    Note::HiziZetuCaptured
                } else {
                    Note::HiziZetuLapses
                };
                sink.event(Event::Note {
                    note,
                    rule: "KETE-22",
                });
            }
            if judge.kuu_first && c.r != KUU && matches!(c.class, Class::Takata { .. }) {
                sink.event(Event::Note {
                    note: Note::KuuObligationLapses,
                    rule: "KETE-20",
                });
            }
        }
        let played: Played = sow_move(pos, rulings, c.start, Safari::of(mv.safari), sink)
            .map_err(Refusal::rejection)?;
        let mut next = played.next;
        next.hizi = hizi_zetu::after(pos, &played, rulings, sink);
        next.to_move = side.opponent();
        Ok(next)
    }

    fn game_end(pos: &Position, rulings: &Rulings) -> Option<GameEnd> {
        let side = pos.to_move;
        let win = |rule| {
            Some(GameEnd {
                outcome: Outcome::Win(side.opponent()),
                rule,
                score: None,
            })
        };
        // KETE-23: Bao hamna.
        if pos.front_empty(side) {
            return win("KETE-23");
        }
        // KETE-24: no legal move (undecided candidates leave it open).
        match Judge::new(pos, rulings).has_move() {
            Any::No => win("KETE-24"),
            Any::Yes | Any::Unknown => None,
        }
    }

    // KETE-24: no draws and no repetition rule.
    fn repetition_key(_: &Position) -> Option<()> {
        None
    }

    fn repetition_end(pos: &Position) -> GameEnd {
        // Not reachable: `repetition_key` is always `None`, so nothing asks. Kete has no
        // repetition rule; the answer is KETE-24's for a side to move that cannot go on.
        GameEnd {
            outcome: Outcome::Win(pos.to_move.opponent()),
            rule: "KETE-24",
            score: None,
        }
    }

    fn hole_name(index: u8) -> &'static str {
        HOLE_NAMES.get(index as usize).copied().unwrap_or("?")
    }

    fn parse_move(text: &str) -> Result<Spelling, NotationError> {
        notation::parse_move(text)
    }

    fn format_move(mv: Move) -> String {
        notation::format_move(mv)
    }

    fn resolve(
        pos: &Position,
        rulings: &Rulings,
        spelling: &Spelling,
    ) -> Result<Move, Unresolved<Move>> {
        notation::resolve(pos, rulings, spelling)
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

    fn position_during(pos: &Position, events: &[Event]) -> Option<Position> {
        during::position_during(pos, events)
    }

    fn format_diagram(pos: &Position) -> String {
        notation::format_diagram(pos)
    }
}
