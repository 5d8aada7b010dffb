//! Bao la Kimasai, the four-row Masai game (Klamroth 1911): `docs/rules/bao-la-kimasai.md`,
//! rule ids `MAS-*`, in the reference's order.
//!
//! Stones never stack (MAS-3), so each player's 24 holes are one 24-bit ring: bit `r` is the `r`-th
//! hole of his ring (MAS-4), and a move shifts one bit to the next. A whole position is two `u32`
//! and the side to move.

mod description;
mod notation;
mod position;

pub use notation::Spelling;
use position::*;
pub use position::{HOLES, Move, Position};

use crate::game::{
    Event, FalseClaim, Game, GameEnd, Generated, NotationError, Outcome, PositionError, Rejection,
    RuleId, Side, Sink, StopReason, Unresolved,
};
use crate::rulings::{RulingDef, RulingError, RulingSet};

/// Bao la Kimasai (four rows).
pub struct Kimasai;

// --- Board (MAS-1) ------------------------------------------------------------------------------
//
// Hole indices, in the order names sort: South A1..A12 (0..12), B1..B12 (12..24), then North
// a1..a12 (24..36), b1..b12 (36..48). Rings are per player, so the engine works in ring positions:
// r = 0..12 is B1..B12, r = 12..24 is A12..A1 (MAS-4).

/// The hole a stone leaving `from` arrives in (MAS-4).
pub fn arrival(from: u8) -> u8 {
    index_of(owner_of(from), (ring_of(from) + 1) % RING)
}

/// The move a spelling names. The long form's arrival hole must be the right one (MAS-4), checked
/// before the rest so that a wrong ring direction is named as such.
fn named(spelling: &Spelling) -> Result<Move, Unresolved<Move>> {
    if let Some(to) = spelling.to {
        let right = arrival(spelling.from);
        if to != right {
            return Err(Unresolved::Rejected(Rejection::illegal(
                "MAS-4",
                format!(
                    "a stone in {} moves to {}, not to {}",
                    HOLE_NAMES[spelling.from as usize],
                    HOLE_NAMES[right as usize],
                    HOLE_NAMES[to as usize]
                ),
            )));
        }
    }
    Ok(Move(spelling.from))
}

crate::game::game_position!(Kimasai, Position);

impl Game for Kimasai {
    const RULESET: &'static str = "bao-la-kimasai";
    const NAME: &'static str = "Bao la Kimasai (four rows)";
    // MAS-A1..A6 have one reading each: nothing to select.
    const RULINGS: &'static [RulingDef] = &[];
    const CATALOGUE: &'static str = include_str!("../../../catalogues/bao-la-kimasai.yaml");
    const HOLES: u8 = HOLES as u8;

    type Position = Position;
    type Move = Move;
    type Spelling = Spelling;
    type Rulings = ();
    type RepetitionKey = Position;

    fn rulings(_: &RulingSet) -> Result<(), RulingError> {
        Ok(())
    }

    // MAS-2: one stone in every hole but A1 and a1; South moves first.
    fn start() -> Position {
        let mut holes = [true; HOLES];
        holes[0] = false; // A1
        holes[24] = false; // a1
        Position::from_holes(&holes, Side::South).expect("the start position is valid")
    }

    fn side_to_move(pos: &Position) -> Side {
        pos.to_move
    }

    fn set_side_to_move(pos: &mut Position, side: Side) {
        pos.to_move = side;
    }

    // MAS-5: a stone moves to the next hole of its ring, which must be empty.
    fn legal_moves(pos: &Position, _: &(), out: &mut Vec<Move>) -> Generated {
        out.clear();
        let side = pos.to_move;
        let ring = pos.rings[side.index()];
        let mut movable = ring & !backward(ring);
        let mut moves = [0u8; 24];
        let mut n = 0;
        while movable != 0 {
            let r = movable.trailing_zeros();
            movable &= movable - 1;
            moves[n] = index_of(side, r);
            n += 1;
        }
        // Ring order is not name order; sort the few moves canonically.
        moves[..n].sort_unstable();
        out.extend(moves[..n].iter().map(|&i| Move(i)));
        Generated::default()
    }

    fn play<S: Sink>(
        pos: &Position,
        _: &(),
        mv: Move,
        sink: &mut S,
    ) -> Result<Position, Rejection> {
        let side = pos.to_move;
        let from = mv.0;
        if from as usize >= HOLES {
            return Err(Rejection::illegal("MAS-1", "there is no such hole"));
        }
        if owner_of(from) != side {
            return Err(Rejection::illegal(
                "MAS-5",
                format!(
                    "{} is {}'s hole; {side} moves his own stones",
                    HOLE_NAMES[from as usize],
                    side.opponent()
                ),
            ));
        }
        let me = side.index();
        let them = side.opponent().index();
        let r = ring_of(from);
        if pos.rings[me] & (1 << r) == 0 {
            return Err(Rejection::illegal(
                "MAS-5",
                format!("{} holds no stone", HOLE_NAMES[from as usize]),
            ));
        }
        let to_r = (r + 1) % RING;
        if pos.rings[me] & (1 << to_r) != 0 {
            return Err(Rejection::illegal(
                "MAS-5",
                format!(
                    "{} cannot move: {} is occupied",
                    HOLE_NAMES[from as usize],
                    HOLE_NAMES[index_of(side, to_r) as usize]
                ),
            ));
        }
        let mut next = *pos;
        next.rings[me] ^= (1 << r) | (1 << to_r);
        if S::LISTENING {
            sink.event(Event::Step {
                from,
                to: index_of(side, to_r),
                rule: "MAS-5",
            });
        }
        // MAS-6: entering a front hole captures the opponent's front stone opposite, and MAS-7 the
        // back stone behind it with it. MAS-8: the moving stone stays.
        if FRONT_MASK & (1 << to_r) != 0 {
            let front = opposite_front(to_r);
            if next.rings[them] & (1 << front) != 0 {
                next.rings[them] &= !(1 << front);
                if S::LISTENING {
                    sink.event(Event::Capture {
                        hole: index_of(side.opponent(), front),
                        seeds: 1,
                        rule: "MAS-6",
                    });
                }
                let back = back_of_front(front);
                if next.rings[them] & (1 << back) != 0 {
                    next.rings[them] &= !(1 << back);
                    if S::LISTENING {
                        sink.event(Event::Capture {
                            hole: index_of(side.opponent(), back),
                            seeds: 1,
                            rule: "MAS-7",
                        });
                    }
                }
            }
        }
        if S::LISTENING {
            sink.event(Event::Stop {
                at: index_of(side, to_r),
                reason: StopReason::Arrived,
                rule: "MAS-8",
            });
        }
        next.to_move = side.opponent();
        Ok(next)
    }

    fn end(pos: &Position, _: &()) -> Option<GameEnd> {
        let side = pos.to_move;
        let ring = pos.rings[side.index()];
        let win = |rule: RuleId| {
            Some(GameEnd {
                outcome: Outcome::Win(side.opponent()),
                rule,
                score: None,
            })
        };
        if ring == 0 {
            return win("MAS-9");
        }
        // MAS-10 (kept though vacuous: 1..23 stones on a ring of 24 always have a move).
        if ring & !backward(ring) == 0 {
            return win("MAS-10");
        }
        None
    }

    // MAS-11: any repetition of the board (and so of the side to move) is a draw.
    fn repetition_key(pos: &Position) -> Option<Position> {
        Some(*pos)
    }

    fn repetition_end(_: &Position) -> GameEnd {
        GameEnd {
            outcome: Outcome::Draw,
            rule: "MAS-11",
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
        // Any `Move` value may arrive here (its field is public): an unknown hole is `?`.
        Self::hole_name(mv.0).to_string()
    }

    fn format_annotated(_pos: &Position, mv: Move, events: &[Event]) -> String {
        notation::format_annotated(Self::format_move(mv), events)
    }

    fn resolve(pos: &Position, _: &(), spelling: &Spelling) -> Result<Move, Unresolved<Move>> {
        let mv = named(spelling)?;
        match Self::play(pos, &(), mv, &mut ()) {
            Ok(_) => Ok(mv),
            Err(rejection) => Err(Unresolved::Rejected(rejection)),
        }
    }

    // A listed move plays: only a move not listed is played to say why not.
    fn refused_among(pos: &Position, _: &(), spelling: &Spelling, legal: &[Move]) -> bool {
        let refused =
            |e: &Unresolved<Move>| matches!(e, Unresolved::Rejected(Rejection::Illegal { .. }));
        match named(spelling) {
            Err(e) => refused(&e),
            Ok(mv) if legal.contains(&mv) => false,
            Ok(_) => Self::resolve(pos, &(), spelling).is_err_and(|e| refused(&e)),
        }
    }

    // A spelling names one move, and playing it is what decides it: sown once.
    fn resolve_and_play(
        pos: &Position,
        _: &(),
        spelling: &Spelling,
        events: &mut Vec<Event>,
    ) -> Result<(Move, Position), Unresolved<Move>> {
        events.clear();
        let mv = named(spelling)?;
        match Self::play(pos, &(), mv, events) {
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

    fn legal(pos: &Position) -> Vec<String> {
        let mut out = Vec::new();
        let _ = Kimasai::legal_moves(pos, &(), &mut out);
        out.into_iter().map(Kimasai::format_move).collect()
    }

    /// The picture's board reads as the diagram: a stone counted 1 in its hole.
    #[test]
    fn boards_match_the_diagram() {
        crate::board_tests::check_boards_along_a_game::<Kimasai>(60, |p| {
            p.stones(Side::South) + p.stones(Side::North)
        });
        assert_eq!(Kimasai::board(&Kimasai::start()).total(), 46);
    }

    #[test]
    fn ring_positions_round_trip() {
        for index in 0..HOLES as u8 {
            assert_eq!(index_of(owner_of(index), ring_of(index)), index);
        }
    }

    #[test]
    fn ring_runs_b1_to_b12_then_a12_to_a1() {
        let name = |i: u8| Kimasai::hole_name(i);
        assert_eq!(name(arrival(12)), "B2"); // B1 -> B2
        assert_eq!(name(arrival(23)), "A12"); // B12 -> A12
        assert_eq!(name(arrival(1)), "A1"); // A2 -> A1
        assert_eq!(name(arrival(0)), "B1"); // A1 -> B1
        assert_eq!(name(arrival(47)), "a12"); // b12 -> a12
    }

    #[test]
    fn opening_is_forced_and_captures_a_column() {
        let start = Kimasai::start();
        assert_eq!(legal(&start), ["A2"]);
        let mut events = Vec::new();
        let next = Kimasai::play(&start, &(), Move(1), &mut events).unwrap();
        let captured: Vec<&str> = events
            .iter()
            .filter_map(|e| match e {
                Event::Capture { hole, .. } => Some(Kimasai::hole_name(*hole)),
                _ => None,
            })
            .collect();
        assert_eq!(captured, ["a12", "b12"]);
        assert_eq!(next.stones(Side::North), 21);
        assert_eq!(legal(&next), ["a2", "b11"]);
    }

    /// MAS-10 is vacuous: every ring of 24 holes with 1 to 23 stones has a stone whose next hole is
    /// empty. Checked over all 2^24 rings.
    #[test]
    fn mas_10_never_fires_with_stones_left() {
        for ring in 1..RING_MASK {
            assert_ne!(ring & !backward(ring), 0, "ring {ring:024b} is blocked");
        }
        // The full ring is the only blocked one, and a player never has 24 stones (MAS-2).
        assert_eq!(RING_MASK & !backward(RING_MASK), 0);
    }

    /// MAS-11 needs every stone of both players to go round its ring without a capture, but the
    /// front stones of the two players must pass each other. With one stone each, wherever they
    /// stand and whoever moves, the forced game always ends in a capture (MAS-9), never a repetition.
    #[test]
    fn mas_11_never_fires_for_lone_stones() {
        for south in 0..24u8 {
            for north in 24..48u8 {
                for side in Side::BOTH {
                    let mut holes = [false; HOLES];
                    holes[south as usize] = true;
                    holes[north as usize] = true;
                    let pos = Position::from_holes(&holes, side).unwrap();
                    let game = crate::random_game::random_game::<Kimasai>(&pos, &(), 0, 1000);
                    let end = game.end.expect("a lone-stone game ends");
                    assert_eq!(end.rule, "MAS-9", "{}", Kimasai::format_compact(&pos));
                }
            }
        }
    }

    /// Random games from the start: every one ends by MAS-9, none by MAS-10 or MAS-11; stones
    /// are never gained, and every listed move plays.
    #[test]
    fn random_games_end_by_capturing_everything() {
        for seed in 0..3000 {
            let game =
                crate::random_game::random_game::<Kimasai>(&Kimasai::start(), &(), seed, 100_000);
            let end = game.end.expect("random games end");
            assert_eq!(end.rule, "MAS-9", "seed {seed}");
            let mut pos = Kimasai::start();
            for mv in game.moves {
                let next = Kimasai::play(&pos, &(), mv, &mut ()).unwrap();
                for side in Side::BOTH {
                    assert!(next.stones(side) <= pos.stones(side));
                }
                pos = next;
            }
        }
    }
}
