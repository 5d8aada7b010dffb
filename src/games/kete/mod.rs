//! Bao la Kete, the Lamu variant of Zanzibar Bao: `../shared/rules/bao-la-kete.md`, rule ids
//! `KETE-*`, in the reference's order across these files:
//!
//! - `position.rs`: the board, the start, what a position holds (KETE-1 .. KETE-5);
//! - `sowing.rs`: laps, relays, the front row, captures, safari, the kuu, Bao hamna mid-move,
//!   never-ending moves (KETE-6 .. KETE-8, KETE-13, KETE-14, KETE-16, KETE-18, KETE-A7, KETE-A8);
//! - `nemo.rs`, `mtaji.rs`: which holes a move may start from in each stage (KETE-9 .. KETE-20);
//! - `hizi_zetu.rs`: reserving a hole after a takata (KETE-21);
//! - this file: choosing among the moves (captures compulsory KETE-10, the kuu's first takata
//!   KETE-20, the captor's obligation KETE-22), the end of the game (KETE-23, KETE-24), rulings;
//! - `notation.rs`: moves and positions as written.

mod during;
mod hizi_zetu;
mod mtaji;
mod nemo;
mod notation;
mod position;
mod sowing;

#[cfg(test)]
mod tests;

pub use notation::{Claim, Spelling};
pub use position::{HOLE_NAMES, Position};

use position::{ACW, CW, KUU, index_of, is_front, name, ring_of};
use sowing::{Played, Refusal, Safari, Start, sow_move};

use crate::cycle::LAP_BUDGET;
use crate::game::{
    Event, FalseClaim, Game, GameEnd, Generated, NotationError, Outcome, PositionError, Rejection,
    RuleId, Side, Sink, Unresolved,
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

/// Ring positions in the order their names sort: `A1..A8`, then `B1..B8`.
const RING_ORDER: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8];

/// The ring direction of `dir` from ring position `r` (KETE-5): from a front hole `>` is
/// clockwise, from a back hole anticlockwise.
fn dir_step(r: u8, dir: Dir) -> u8 {
    match (is_front(r), dir) {
        (true, Dir::Right) | (false, Dir::Left) => CW,
        _ => ACW,
    }
}

// --- The moves a position offers ------------------------------------------------------------

/// Whether a hole and direction make a capture move or a takata (KETE-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// The first lap captures; `first` is the opponent's ring position it takes.
    Capture { first: u8 },
    /// A takata; `eligible` if its hole may start one (KETE-15, KETE-16, KETE-19).
    Takata { eligible: bool },
}

/// One hole and direction the mover could play, before the rules that choose among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Candidate {
    /// The mover's ring position named by the move.
    r: u8,
    dir: Dir,
    start: Start,
    class: Class,
}

/// The candidates of a position, in canonical order, in a fixed array (no allocation).
struct Candidates {
    items: [Candidate; 32],
    len: usize,
}

impl Candidates {
    fn of(pos: &Position) -> Candidates {
        let mut out = Candidates {
            items: [Candidate {
                r: 0,
                dir: Dir::Left,
                start: Start::Mtaji { h: 0, step: CW },
                class: Class::Takata { eligible: false },
            }; 32],
            len: 0,
        };
        if pos.in_nemo(pos.to_move) {
            nemo::candidates(pos, &mut out);
        } else {
            mtaji::candidates(pos, &mut out);
        }
        out
    }

    fn push(&mut self, c: Candidate) {
        self.items[self.len] = c;
        self.len += 1;
    }

    fn as_slice(&self) -> &[Candidate] {
        &self.items[..self.len]
    }
}

/// What sowing a candidate (stopping at a safari decision) showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Legal { decision: bool },
    Illegal,
    Undecided,
}

/// Sows a candidate without events, stopping at a safari decision: legal exactly when some
/// completion of it is (stopping at the kuu always ends a move whose laps so far were legal).
fn probe(pos: &Position, rulings: &Rulings, c: &Candidate) -> Verdict {
    match sow_move(pos, rulings, c.start, Safari::Probe, &mut ()) {
        Ok(played) => Verdict::Legal {
            decision: played.decision,
        },
        Err(Refusal::Undecided { .. }) => Verdict::Undecided,
        Err(_) => Verdict::Illegal,
    }
}

/// Whether some candidate of a group is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Any {
    Yes,
    No,
    /// None is known legal and some are undecided.
    Unknown,
}

impl Any {
    /// The refusal of a move that the group, if it has a legal move, shuts out.
    fn shuts_out(self, rule: RuleId, reason: impl FnOnce() -> String) -> Result<(), Rejection> {
        match self {
            Any::Yes => Err(Rejection::illegal(rule, reason())),
            Any::Unknown => Err(Rejection::Undecided { laps: 0 }),
            Any::No => Ok(()),
        }
    }
}

/// The groups of candidates whose legality decides whether other moves may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    /// Every capture (KETE-10).
    Captures,
    /// The captures whose first capture takes the reserved hole (KETE-22).
    TakingReserved,
    /// The takatas from the kuu (KETE-20).
    KuuTakatas,
}

/// The candidates of a position with their verdicts, each computed only when needed and then
/// kept: playing one move needs little of it, listing every move all of it.
struct Judge<'a> {
    pos: &'a Position,
    rulings: &'a Rulings,
    cands: Option<Candidates>,
    verdicts: [Option<Verdict>; 32],
    groups: [Option<Any>; 3],
    /// KETE-22: the opponent's reserved hole the mover must capture (ring position).
    obligation: Option<u8>,
    /// KETE-20: the mover still has his kuu in mtaji.
    kuu_first: bool,
}

impl<'a> Judge<'a> {
    fn new(pos: &'a Position, rulings: &'a Rulings) -> Judge<'a> {
        let side = pos.to_move;
        let obligation = match pos.hizi() {
            Some((h, by)) if by == side && rulings.hizi_must_capture => Some(ring_of(h).1),
            _ => None,
        };
        Judge {
            pos,
            rulings,
            cands: None,
            verdicts: [None; 32],
            groups: [None; 3],
            obligation,
            kuu_first: !pos.in_nemo(side) && pos.kuu[side.index()],
        }
    }

    fn cands(&mut self) -> &Candidates {
        self.cands.get_or_insert_with(|| Candidates::of(self.pos))
    }

    fn verdict(&mut self, i: usize) -> Verdict {
        if let Some(v) = self.verdicts[i] {
            return v;
        }
        let c = self.cands().items[i];
        let v = probe(self.pos, self.rulings, &c);
        self.verdicts[i] = Some(v);
        v
    }

    fn in_group(&self, c: &Candidate, group: Group) -> bool {
        match (group, c.class) {
            (Group::Captures, Class::Capture { .. }) => true,
            (Group::TakingReserved, Class::Capture { first }) => Some(first) == self.obligation,
            (Group::KuuTakatas, Class::Takata { eligible }) => eligible && c.r == KUU,
            _ => false,
        }
    }

    /// Whether some candidate of `group` is legal.
    fn any(&mut self, group: Group) -> Any {
        if let Some(any) = self.groups[group as usize] {
            return any;
        }
        // Most positions have no capture at all: say so without listing the candidates.
        let none = group == Group::Captures
            && !(if self.pos.in_nemo(self.pos.to_move) {
                nemo::any_capture(self.pos)
            } else {
                mtaji::any_capture(self.pos)
            });
        let any = if none {
            Any::No
        } else {
            self.first_legal(|judge, c| judge.in_group(c, group))
        };
        self.groups[group as usize] = Some(any);
        any
    }

    /// Whether the rules that choose among the moves allow `c`, whatever its own sowing shows.
    /// Precedence: KETE-22, KETE-10, KETE-15/KETE-19, KETE-20.
    fn allowed(&mut self, c: &Candidate) -> Result<(), Rejection> {
        let side = self.pos.to_move;
        match c.class {
            Class::Capture { first } => {
                if let Some(h) = self.obligation
                    && first != h
                {
                    self.any(Group::TakingReserved).shuts_out("KETE-22", || {
                        format!(
                            "{side} reserved {} by hizi zetu and must capture it: only captures \
                             whose first capture takes it are legal",
                            name(side.opponent(), h)
                        )
                    })?;
                }
            }
            Class::Takata { eligible } => {
                self.any(Group::Captures).shuts_out("KETE-10", || {
                    "captures are compulsory: this move captures nothing and a capture move is \
                     legal"
                        .to_string()
                })?;
                if !eligible {
                    return Err(self.ineligible(c));
                }
                if self.kuu_first && c.r != KUU {
                    self.any(Group::KuuTakatas).shuts_out("KETE-20", || {
                        format!(
                            "{side} still has his kuu: his first mtaji takata must start from it \
                             ({})",
                            name(side, KUU)
                        )
                    })?;
                }
            }
        }
        Ok(())
    }

    /// Why a takata may not start from the candidate's hole.
    fn ineligible(&self, c: &Candidate) -> Rejection {
        let side = self.pos.to_move;
        let hole = name(side, c.r);
        if self.pos.in_nemo(side) {
            if self.pos.kuu[side.index()] {
                Rejection::illegal(
                    "KETE-15",
                    format!(
                        "{hole} is {side}'s kuu: a nemo takata may start from the kuu only when it \
                         is his only occupied front hole"
                    ),
                )
            } else {
                Rejection::illegal(
                    "KETE-15",
                    format!(
                        "{hole} is a singleton: without a kuu, a nemo takata starts from a hole \
                         with two or more unless every occupied front hole is a singleton"
                    ),
                )
            }
        } else {
            Rejection::illegal(
                "KETE-19",
                format!(
                    "{hole} is a back hole: a mtaji takata starts from the back row only when \
                     every occupied front hole is a singleton"
                ),
            )
        }
    }

    /// The legal moves, in canonical order; the count of candidates left out as undecided.
    fn legal(&mut self, out: &mut Vec<Move>) -> u32 {
        let side = self.pos.to_move;
        let mut undecided = 0;
        let len = self.cands().len;
        for i in 0..len {
            let c = self.cands().items[i];
            if c.class == (Class::Takata { eligible: false }) {
                continue;
            }
            match self.allowed(&c) {
                Ok(()) => {}
                Err(Rejection::Undecided { .. }) => {
                    undecided += 1;
                    continue;
                }
                Err(Rejection::Illegal { .. }) => continue,
            }
            let hole = index_of(side, c.r);
            let mv = |safari| Move {
                hole,
                dir: c.dir,
                safari,
            };
            match self.verdict(i) {
                Verdict::Legal { decision: false } => out.push(mv(None)),
                Verdict::Legal { decision: true } => {
                    out.push(mv(Some(false)));
                    match sow_move(self.pos, self.rulings, c.start, Safari::Go, &mut ()) {
                        Ok(_) => out.push(mv(Some(true))),
                        Err(Refusal::Undecided { .. }) => undecided += 1,
                        Err(_) => {}
                    }
                }
                Verdict::Illegal => {}
                Verdict::Undecided => undecided += 1,
            }
        }
        undecided
    }

    /// KETE-24: whether the mover has a legal move. Each rule that narrows the choice lapses
    /// when nothing it allows is legal, so some candidate being legal is enough.
    fn has_move(&mut self) -> Any {
        self.first_legal(|_, c| c.class != Class::Takata { eligible: false })
    }

    /// Whether some picked candidate is legal. A long relay (a move that may never end) is only
    /// followed to its end when no other picked candidate is known legal after [`QUICK_LAPS`].
    fn first_legal(&mut self, pick: impl Fn(&Self, &Candidate) -> bool) -> Any {
        let quick = Rulings {
            lap_budget: QUICK_LAPS.min(self.rulings.lap_budget),
            ..*self.rulings
        };
        let mut long = 0u32;
        let len = self.cands().len;
        for i in 0..len {
            let c = self.cands().items[i];
            if !pick(self, &c) {
                continue;
            }
            let v = match self.verdicts[i] {
                Some(v) => v,
                None => match probe(self.pos, &quick, &c) {
                    // A repetition or a broken rule is final whatever the budget.
                    v @ (Verdict::Legal { .. } | Verdict::Illegal) => {
                        self.verdicts[i] = Some(v);
                        v
                    }
                    Verdict::Undecided => {
                        long |= 1 << i;
                        continue;
                    }
                },
            };
            match v {
                Verdict::Legal { .. } => return Any::Yes,
                Verdict::Undecided => long |= 1 << i,
                Verdict::Illegal => {}
            }
        }
        let mut any = Any::No;
        while long != 0 {
            let i = long.trailing_zeros() as usize;
            long &= long - 1;
            match self.verdict(i) {
                Verdict::Legal { .. } => return Any::Yes,
                Verdict::Undecided => any = Any::Unknown,
                Verdict::Illegal => {}
            }
        }
        any
    }
}

/// Laps a candidate is followed before the others are tried (see [`Judge::first_legal`]).
const QUICK_LAPS: u64 = 1 << 12;

/// The move at ring position `r`, direction `dir`, if the position offers one at all.
fn candidate(pos: &Position, r: u8, dir: Dir) -> Option<Candidate> {
    if pos.in_nemo(pos.to_move) {
        nemo::candidate(pos, r, dir)
    } else {
        mtaji::candidate(pos, r, dir)
    }
}

/// Why no move starts from ring position `r` in direction `dir` at all.
fn not_a_move(pos: &Position, r: u8, dir: Dir) -> Rejection {
    let side = pos.to_move;
    let ring = &pos.rings[side.index()];
    let hole = name(side, r);
    if pos.in_nemo(side) {
        let rule = if nemo::any_capture(pos) {
            "KETE-12"
        } else {
            "KETE-15"
        };
        if !is_front(r) {
            return Rejection::illegal(
                rule,
                format!(
                    "{side} is in nemo: his move puts a reserve seed into an occupied front hole, \
                     and {hole} is a back hole"
                ),
            );
        }
        if ring[r as usize] == 0 {
            return Rejection::illegal(
                rule,
                format!(
                    "{hole} is empty: in nemo the reserve seed goes into an occupied front hole"
                ),
            );
        }
        let forced = if dir == Dir::Left { '>' } else { '<' };
        let kichwa = if dir == Dir::Left { 0 } else { 7 };
        return Rejection::illegal(
            "KETE-13",
            format!(
                "{hole} captures from a kimbi: the captured seeds start in {} and the direction \
                 is `{forced}`",
                name(side, kichwa)
            ),
        );
    }
    if pos.hizi.is_some_and(|h| ring_of(h) == (side, r)) {
        return Rejection::illegal(
            "KETE-21",
            format!("{hole} is reserved by hizi zetu: {side} may not start a move from it"),
        );
    }
    Rejection::illegal(
        "KETE-17",
        format!(
            "{hole} holds {} seed(s): a mtaji move starts from a hole with at least two",
            ring[r as usize]
        ),
    )
}

// --- Notes on the choice of move (events) ---------------------------------------------------

pub const HIZI_CAPTURED: &str = "hizi zetu: the reserved hole is captured, as it must be";
pub const HIZI_LAPSES: &str =
    "hizi zetu: no legal capture takes the reserved hole, so the obligation lapses";
pub const KUU_OBLIGATION_LAPSES: &str =
    "no legal takata starts from the kuu, so the first takata need not";

impl Game for Kete {
    const RULESET: &'static str = "bao-la-kete";
    const NAME: &'static str = "Bao la Kete";
    const RULINGS: &'static [RulingDef] = RULINGS;

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
                let text = if c.class == (Class::Capture { first: h }) {
                    HIZI_CAPTURED
                } else {
                    HIZI_LAPSES
                };
                sink.event(Event::Note {
                    text,
                    rule: "KETE-22",
                });
            }
            if judge.kuu_first && c.r != KUU && matches!(c.class, Class::Takata { .. }) {
                sink.event(Event::Note {
                    text: KUU_OBLIGATION_LAPSES,
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
