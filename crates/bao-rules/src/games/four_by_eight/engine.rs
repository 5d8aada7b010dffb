//! The rules every move of both 4×8 games goes through — choosing among the moves, playing one,
//! the end of the game (KETE-23, KETE-24) — and the [`crate::game::Game`] functions both games
//! hand to it unchanged.

use super::candidates::Class;
use super::choice::{Any, Judge, Kept, candidate, not_a_move};
use super::moves::CoreMove;
use super::notes;
use super::position::{Core, HOLE_NAMES, KUU, ring_of};
use super::sowing::{Played, Safari, sow_move};
use super::variant::{self, Fixed, MustCapture, Rules};
use super::{hizi_zetu, position, sowing};
use crate::game::{Event, GameEnd, Generated, Outcome, Rejection, Side, Sink};

/// The [`crate::game::Game`] functions both 4×8 games hand to the one engine unchanged: `$fixed`
/// is the game's fixed switches (`variant::Fixed`), `$variant` its `Variant`; each game's
/// `Rulings` gives the engine its `Rules` with `rules()`. What differs (rulings, the end by no
/// repetition, positions valid only under some rulings, the reserved hole's mark) stays in
/// `kete.rs` and `zanzibar.rs`.
macro_rules! delegate_to_engine {
    ($fixed:ty, $variant:ident) => {
        const HOLES: u8 = super::position::HOLES as u8;
        const POSITION_FORMS: &'static [crate::game::PositionForm] = &[
            crate::game::PositionForm::Compact,
            crate::game::PositionForm::Diagram,
            crate::game::PositionForm::Donkers,
        ];

        fn start() -> Self::Position {
            Self::Position::of(Core::start())
        }

        fn side_to_move(pos: &Self::Position) -> Side {
            pos.core().to_move
        }

        fn set_side_to_move(pos: &mut Self::Position, side: Side) {
            pos.core_mut().to_move = side;
        }

        fn legal_moves(
            pos: &Self::Position,
            rulings: &Rulings,
            out: &mut Vec<Self::Move>,
        ) -> Generated {
            super::engine::legal_moves::<$fixed, _>(
                pos.core(),
                &rulings.rules(),
                out,
                Self::Move::of,
            )
        }

        fn play<S: Sink>(
            pos: &Self::Position,
            rulings: &Rulings,
            mv: Self::Move,
            sink: &mut S,
        ) -> Result<Self::Position, Rejection> {
            super::engine::play::<$fixed, _>(pos.core(), &rulings.rules(), mv.core(), sink)
                .map(Self::Position::of)
        }

        fn legal_children(
            pos: &Self::Position,
            rulings: &Rulings,
            moves: &mut Vec<Self::Move>,
            children: &mut Vec<Self::Position>,
        ) -> Generated {
            super::engine::legal_children::<$fixed, _, _>(
                pos.core(),
                &rulings.rules(),
                moves,
                children,
                Self::Move::of,
                Self::Position::of,
            )
        }

        fn end(pos: &Self::Position, rulings: &Rulings) -> Option<GameEnd> {
            super::engine::game_end::<$fixed>(pos.core(), &rulings.rules())
        }

        fn end_after_generating(
            pos: &Self::Position,
            rulings: &Rulings,
            legal: &[Self::Move],
            _: Generated,
        ) -> Option<GameEnd> {
            super::engine::end_after_generating::<$fixed, _>(pos.core(), &rulings.rules(), legal)
        }

        fn hole_name(index: u8) -> &'static str {
            HOLE_NAMES.get(index as usize).copied().unwrap_or("?")
        }

        fn parse_move(text: &str) -> Result<Spelling, NotationError> {
            notation::parse_move(&$variant, text)
        }

        fn parse_move_in(notation: Notation, text: &str) -> Result<Spelling, NotationError> {
            notation::parse_move_in(&$variant, notation, text)
        }

        fn format_move_in(
            notation: Notation,
            pos: &Self::Position,
            rulings: &Rulings,
            mv: Self::Move,
        ) -> String {
            notation::format_move_in(notation, pos.core(), &rulings.rules(), mv.core())
        }

        fn played_under(pos: &Self::Position) -> Option<(crate::game::RuleId, String)> {
            notation::played_under(&$variant, pos.core())
        }

        fn format_annotated(pos: &Self::Position, mv: Self::Move, events: &[Event]) -> String {
            notation::format_annotated(pos.core(), mv.core(), events)
        }

        fn format_move(mv: Self::Move) -> String {
            notation::format_move(mv.core())
        }

        fn resolve(
            pos: &Self::Position,
            rulings: &Rulings,
            spelling: &Spelling,
        ) -> Result<Self::Move, Unresolved<Self::Move>> {
            notation::resolve(pos.core(), &rulings.rules(), spelling)
                .map(Self::Move::of)
                .map_err(|e| e.map_moves(Self::Move::of))
        }

        fn refused_among(
            pos: &Self::Position,
            rulings: &Rulings,
            spelling: &Spelling,
            legal: &[Self::Move],
        ) -> bool {
            let legal: Vec<_> = legal.iter().map(|m| m.core()).collect();
            notation::refused_among(pos.core(), &rulings.rules(), spelling, legal)
        }

        fn resolve_and_play(
            pos: &Self::Position,
            rulings: &Rulings,
            spelling: &Spelling,
            events: &mut Vec<Event>,
        ) -> Result<(Self::Move, Self::Position), Unresolved<Self::Move>> {
            notation::resolve_and_play(pos.core(), &rulings.rules(), spelling, events)
                .map(|(mv, next)| (Self::Move::of(mv), Self::Position::of(next)))
                .map_err(|e| e.map_moves(Self::Move::of))
        }

        fn check_claims(
            before: &Self::Position,
            spelling: &Spelling,
            events: &[Event],
        ) -> Vec<FalseClaim> {
            notation::check_claims(&$variant, before.core(), spelling, events)
        }

        fn parse_position(text: &str) -> Result<Self::Position, PositionError> {
            super::position_forms::parse_position(&$variant, text).map(Self::Position::of)
        }

        fn format_compact(pos: &Self::Position) -> String {
            super::position_forms::format_compact(&$variant, pos.core())
        }

        fn position_during(pos: &Self::Position, events: &[Event]) -> Option<Self::Position> {
            during::position_during(&$variant, pos.core(), events).map(Self::Position::of)
        }

        fn format_diagram(pos: &Self::Position) -> String {
            super::position_forms::format_diagram(&$variant, pos.core())
        }

        fn format_position(
            form: crate::game::PositionForm,
            pos: &Self::Position,
        ) -> Result<String, PositionError> {
            super::position_forms::format_position(&$variant, form, pos.core())
        }
    };
}

pub(super) use delegate_to_engine;

/// The [`crate::description::Conformance`] functions both 4×8 games hand to the one description
/// (`description.rs`) unchanged: `$variant` is the game's `Variant`.
macro_rules! describe_by_engine {
    ($variant:ident) => {
        fn field_values(pos: &Self::Position) -> Vec<String> {
            super::description::field_values(&$variant, pos.core())
        }

        fn obligation_due(pos: &Self::Position) -> Option<(crate::game::RuleId, String)> {
            super::description::obligation_due(&$variant, pos.core())
        }

        fn probe_edit(
            pos: &Self::Position,
            edit: usize,
            rng: &mut dyn crate::description::Below,
        ) -> Option<Self::Position> {
            super::description::probe_edit(&super::variant::Rules::$variant, pos.core(), edit, rng)
                .map(Self::Position::of)
        }
    };
}

pub(super) use describe_by_engine;

/// The legal moves of `pos`, in canonical order.
pub(super) fn legal_moves<F: Fixed, M>(
    pos: &Core,
    rules: &Rules,
    out: &mut Vec<M>,
    typed: impl Fn(CoreMove) -> M,
) -> Generated {
    out.clear();
    if decided::<F>(pos, rules).is_some() {
        return Generated::default();
    }
    let undecided = Judge::<F>::new(pos, rules).legal_each(|mv, _| out.push(typed(mv)));
    Generated { undecided }
}

/// [`legal_moves`] with the position each move leads to, for perft: each child is the sowing
/// that judged its move legal, finished as [`play`] finishes it, so that no move is sown twice.
pub(super) fn legal_children<F: Fixed, M, P>(
    pos: &Core,
    rules: &Rules,
    moves: &mut Vec<M>,
    children: &mut Vec<P>,
    typed_move: impl Fn(CoreMove) -> M,
    typed: impl Fn(Core) -> P,
) -> Generated {
    moves.clear();
    children.clear();
    if decided::<F>(pos, rules).is_some() {
        return Generated::default();
    }
    let undecided = Judge::<F, Kept>::keeping(pos, rules).legal_each(|mv, played| {
        let played = played.expect("a judge that keeps its probes has every legal move's sowing");
        moves.push(typed_move(mv));
        children.push(typed(finish::<F, _>(pos, rules, played, &mut ())));
    });
    Generated { undecided }
}

/// The position after the move `played` from `pos`: hizi zetu (KETE-21), then the other side
/// to move.
fn finish<F: Fixed, S: Sink>(pos: &Core, rules: &Rules, played: &Played, sink: &mut S) -> Core {
    let mut next = played.next;
    next.hizi = hizi_zetu::after::<F, _>(pos, played, rules, sink);
    next.to_move = pos.to_move.opponent();
    next
}

/// KETE-22 / ZAN-A13: the reserver's obligation was met by the move, or lapsed.
fn obligation_note<S: Sink>(sink: &mut S, v: &variant::Variant, met: bool) {
    let note = if met {
        v.notes.obligation_met
    } else {
        v.notes.obligation_lapses
    };
    sink.event(Event::Note {
        note,
        rule: v.ids.obligation,
    });
}

/// Plays `mv` on `pos` (see [`crate::game::Game::play`]).
/// Whether [`play`] refuses `mv` before a seed is sown (the game over, a hole not the mover's, no
/// move from the hole that way): such a refusal is always an illegal move's. Its checks are
/// `play`'s first ones, without the words.
pub(super) fn refused_unsown(pos: &Core, rules: &Rules, mv: CoreMove) -> bool {
    let side = pos.to_move;
    let (owner, r) = ring_of(mv.hole.min(position::HOLES as u8 - 1));
    pos.front_empty(side)
        || decided::<variant::AsGiven>(pos, rules).is_some()
        || mv.hole as usize >= position::HOLES
        || owner != side
        || candidate(pos, rules, r, mv.dir).is_none()
}

pub(super) fn play<F: Fixed, S: Sink>(
    pos: &Core,
    rules: &Rules,
    mv: CoreMove,
    sink: &mut S,
) -> Result<Core, Rejection> {
    let v = rules.variant;
    let side = pos.to_move;
    if pos.front_empty(side) {
        return Err(Rejection::illegal(
            v.ids.bao_hamna,
            format!("the game is over: {side}'s front row is empty"),
        ));
    }
    if let Some(end) = decided::<F>(pos, rules) {
        // ZAN-A17 `either`, ZAN-A14 `both`: the position is already over.
        return Err(Rejection::illegal(
            end.rule,
            format!("the game is over: {} has won", end.outcome),
        ));
    }
    if mv.hole as usize >= position::HOLES {
        return Err(Rejection::illegal(v.ids.board, "there is no such hole"));
    }
    let (owner, r) = ring_of(mv.hole);
    if owner != side {
        return Err(Rejection::illegal(
            v.ids.ring,
            format!(
                "{} is {owner}'s hole: {side} sows only in his own 16 holes",
                HOLE_NAMES[mv.hole as usize]
            ),
        ));
    }
    let c = candidate(pos, rules, r, mv.dir).ok_or_else(|| not_a_move(pos, rules, r, mv.dir))?;
    let mut judge = Judge::<F>::new(pos, rules);
    judge.allowed(&c)?;
    let any = rules.must_capture == MustCapture::Any;
    if S::LISTENING {
        if let Some(h) = judge.obligation
            && !any
        {
            obligation_note(sink, v, c.class == (Class::Capture { first: h }));
        }
        if judge.kuu_first && c.r != KUU && matches!(c.class, Class::Takata { .. }) {
            sink.event(Event::Note {
                note: notes::KUU_OBLIGATION_LAPSES,
                rule: "KETE-20",
            });
        }
    }
    // A move played is measured: a never-ending one is refused with its cycle, the same
    // wherever it is played, and sown once.
    let played: Played = sowing::measure_cycles(|| {
        sow_move::<F, _>(pos, rules, c.start, Safari::of(mv.safari), sink)
    })
    .map_err(|refusal| refusal.rejection(v))?;
    judge.allowed_completion(&c, played.taken)?;
    if S::LISTENING
        && any
        && let Some(h) = judge.obligation
    {
        // ZAN-A13 `any`: met by some capture of the move, or lapsed.
        obligation_note(sink, v, played.taken & (1 << h) != 0);
    }
    Ok(finish::<F, _>(pos, rules, &played, sink))
}

/// The end of the game if `pos` is final (KETE-23, KETE-24; ZAN-25, ZAN-26, ZAN-A14, ZAN-A17).
pub(super) fn game_end<F: Fixed>(pos: &Core, rules: &Rules) -> Option<GameEnd> {
    if let Some(end) = decided::<F>(pos, rules) {
        return Some(end);
    }
    // KETE-24: no legal move (undecided candidates leave it open).
    match Judge::<F>::new(pos, rules).has_move() {
        Any::No => Some(GameEnd {
            outcome: Outcome::Win(pos.to_move.opponent()),
            rule: rules.variant.ids.no_move,
            score: None,
        }),
        Any::Yes | Any::Unknown => None,
    }
}

/// [`game_end`] just after [`legal_moves`] listed `legal`: a listed move means the position is
/// not decided (nothing is listed then) and the mover has a legal move (KETE-24), so the moves
/// are only looked at again when none is listed.
pub(super) fn end_after_generating<F: Fixed, M>(
    pos: &Core,
    rules: &Rules,
    legal: &[M],
) -> Option<GameEnd> {
    if legal.is_empty() {
        game_end::<F>(pos, rules)
    } else {
        None
    }
}

/// The end of the game that the position shows without looking at the moves.
fn decided<F: Fixed>(pos: &Core, rules: &Rules) -> Option<GameEnd> {
    let rules = &F::rules(rules);
    let ids = &rules.variant.ids;
    let side = pos.to_move;
    let win = |winner: Side, rule| {
        Some(GameEnd {
            outcome: Outcome::Win(winner),
            rule,
            score: None,
        })
    };
    // KETE-23: Bao hamna.
    if pos.front_empty(side) {
        return win(side.opponent(), ids.bao_hamna);
    }
    // ZAN-A17 `either`: the mover left his own front row empty (no other position has it).
    if rules.lone_kichwa_either && pos.front_empty(side.opponent()) {
        return win(side, "ZAN-A17");
    }
    // ZAN-A14 `both`: after every move, a player with an empty store and no hole of two or more
    // has lost; if both have, North wins.
    if rules.immobile_both {
        let immobile = |s: Side| !pos.in_nemo(s) && pos.rings[s.index()].iter().all(|&n| n <= 1);
        match (immobile(Side::South), immobile(Side::North)) {
            (true, _) => return win(Side::North, "ZAN-A14"),
            (false, true) => return win(Side::South, "ZAN-A14"),
            _ => {}
        }
    }
    None
}
