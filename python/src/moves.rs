//! A move as an object, as python-chess's `Move`: the rules crate's move value, resolved once
//! (from text in any notation, or listed by `generate_legal_moves`), then played, compared and
//! written in every notation without being read again; what it does (its hole, direction and
//! claims) is learnt by playing it once, when first asked for.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use bao_oracle::picture::Highlights;
pub use bao_rules::AnyMove;
use bao_rules::Registered;
use bao_rules::game::{Event, Notation};
use bao_rules::play::Playthrough;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};

use crate::error::{OrRaise, Refusal};
use crate::objects::{Position, quoted, same_game};
use crate::rules::{self, AnyPosition, Rules, Under, false_claim, move_refusal};

/// What a move is, beyond its decisions: the hole it starts from (where its first lap or step
/// starts, or its seed enters, as the pictures mark it), the way its first lap goes, its text in
/// each of the game's notations, and its canonical text with the claims it bears out.
#[derive(Clone, Debug)]
pub struct MoveFacts {
    pub hole: Option<String>,
    pub direction: Option<&'static str>,
    pub texts: Vec<(&'static str, String)>,
    pub annotated: String,
    /// Where the claims start in `annotated`: after the canonical text.
    pub canonical_len: usize,
}

/// The moves of a game under rulings, as values, whatever the game's type.
pub trait MoveRules: Send + Sync {
    /// The legal move `text` names at `pos` (played, claims checked), with what it does.
    fn resolve(
        &self,
        pos: &AnyPosition,
        text: &str,
        notation: Notation,
    ) -> Result<(AnyMove, MoveFacts), Refusal>;
    /// What `mv`, a legal move of `pos`, does: it is played once, its events heard.
    fn facts(&self, pos: &AnyPosition, mv: &AnyMove) -> MoveFacts;
    /// The native rates `python/bench.py` compares the bindings with, timed by `clock` (CPU
    /// seconds): the legal moves of each of `positions` listed as a game in progress lists them,
    /// and each of those moves played and taken back (no text, nothing heard). The calls counted
    /// and their seconds: `(positions, listing, moves, push and pop)`.
    fn native_rates(
        &self,
        positions: &[AnyPosition],
        clock: &mut dyn FnMut() -> f64,
    ) -> (usize, f64, usize, f64);
}

impl<G: Registered> Under<G>
where
    G::RepetitionKey: Send + Sync,
{
    fn mv(mv: &AnyMove) -> G::Move {
        G::unwrap(*mv).expect("a move of this game: the bindings pair each move with its game")
    }

    /// What `mv`, played from `pos` with `events`, does.
    fn facts_of(&self, pos: &G::Position, mv: G::Move, events: &[Event]) -> MoveFacts {
        let hole = Highlights::of_move(events)
            .from
            .map(|h| G::hole_name(h).to_string());
        let direction = events.iter().find_map(|e| match e {
            Event::Lap { direction, .. } => Some(direction.name()),
            _ => None,
        });
        let texts = G::NOTATIONS
            .iter()
            .map(|&n| (n.name(), G::format_move_in(n, pos, &self.rulings, mv)))
            .collect();
        let annotated = G::format_annotated(pos, mv, events);
        let canonical = G::format_move(mv);
        debug_assert!(
            annotated.starts_with(&canonical),
            "{annotated} after {canonical}"
        );
        MoveFacts {
            hole,
            direction,
            texts,
            canonical_len: if annotated.starts_with(&canonical) {
                canonical.len()
            } else {
                annotated.len()
            },
            annotated,
        }
    }
}

impl<G: Registered> MoveRules for Under<G>
where
    G::RepetitionKey: Send + Sync,
{
    fn resolve(
        &self,
        pos: &AnyPosition,
        text: &str,
        notation: Notation,
    ) -> Result<(AnyMove, MoveFacts), Refusal> {
        let mut game = self.game_in(pos, notation, &[])?;
        // The one path from move text to a played move: `play_text`, as `bao-oracle play`.
        let played = game.play_text(text).map_err(|e| move_refusal(text, e))?;
        if let Some(claim) = played.false_claims.first() {
            return Err(false_claim(text, claim));
        }
        let facts = self.facts_of(&self.pos(pos), Self::mv(&played.mv), &played.events);
        Ok((played.mv, facts))
    }

    fn facts(&self, pos: &AnyPosition, mv: &AnyMove) -> MoveFacts {
        let mut game = self.game_at(pos, &[]);
        let mut events = Vec::new();
        // A Move is a legal move of its position: it plays (its events, the game's end last).
        let _ = game.play(*mv, &mut events);
        self.facts_of(&self.pos(pos), Self::mv(mv), &events)
    }

    fn native_rates(
        &self,
        positions: &[AnyPosition],
        clock: &mut dyn FnMut() -> f64,
    ) -> (usize, f64, usize, f64) {
        let games: Vec<Playthrough<G>> = positions
            .iter()
            .map(|p| Playthrough::new(self.pos(p), self.rulings.clone()))
            .collect();
        let start = clock();
        let legal: Vec<Vec<G::Move>> = games
            .iter()
            .map(|g| {
                g.legal_moves()
                    .unwrap_or_else(bao_rules::Incomplete::into_legal)
            })
            .collect();
        let listing = clock() - start;
        let mut games = games;
        let start = clock();
        for (game, moves) in games.iter_mut().zip(&legal) {
            for &mv in moves {
                let undo = game.undo_point();
                game.play(mv, &mut ()).expect("a listed move plays");
                game.take_back(undo);
            }
        }
        let pushing = clock() - start;
        let moves = legal.iter().map(Vec::len).sum();
        (positions.len(), listing, moves, pushing)
    }
}

/// A legal move of a position: read from text in any of the game's notations
/// (`Position.move(text)`, `Board.parse_move(text)`) or listed (`generate_legal_moves()`), then
/// pushed and played without being read again, and written in each notation (`format()`). `hole`
/// is the hole it starts from (where its first lap or step starts, or its seed enters),
/// `direction` the way its first lap goes (None for a Bao la Kimasai step), `claims` what a
/// transcriber may claim of it (a capture, a takasa, a win, ...), as the notation writes them.
/// `str()` is its canonical text.
///
/// >>> move = Game("bao-la-kiswahili").start().move("6L*", notation="donkers")
/// >>> move, move.hole, move.direction, move.claims
/// (Move('A6<'), 'A6', 'anticlockwise', '*')
#[pyclass(frozen, module = "bao_oracle")]
pub struct Move {
    pub rules: Arc<dyn Rules>,
    pub before: AnyPosition,
    pub mv: AnyMove,
    facts: OnceLock<MoveFacts>,
}

impl Move {
    /// The legal move `text` names at `before`, read in `notation`.
    pub fn read(
        py: Python<'_>,
        rules: &Arc<dyn Rules>,
        before: AnyPosition,
        text: &str,
        notation: &str,
    ) -> PyResult<Move> {
        let notation = rules::notation(notation).or_raise(py)?;
        let (mv, facts) = rules
            .moves()
            .resolve(&before, text, notation)
            .or_raise(py)?;
        Ok(Move {
            rules: rules.clone(),
            before,
            mv,
            facts: OnceLock::from(facts),
        })
    }

    /// `mv`, listed as a legal move of `before`.
    pub fn listed(rules: &Arc<dyn Rules>, before: AnyPosition, mv: AnyMove) -> Move {
        Move {
            rules: rules.clone(),
            before,
            mv,
            facts: OnceLock::new(),
        }
    }

    fn facts(&self) -> &MoveFacts {
        self.facts
            .get_or_init(|| self.rules.moves().facts(&self.before, &self.mv))
    }
}

#[pymethods]
impl Move {
    /// The move in canonical notation.
    #[getter]
    pub fn text<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.rules.canonical(py, self.mv)
    }

    /// The hole the move starts from (`A3`), as the pictures mark it.
    #[getter]
    fn hole(&self) -> Option<&str> {
        self.facts().hole.as_deref()
    }

    /// The way the first lap goes, `clockwise` or `anticlockwise`; None for a move with no lap
    /// (a Bao la Kimasai step).
    #[getter]
    fn direction(&self) -> Option<&'static str> {
        self.facts().direction
    }

    /// The claims the move bears out, as the notation writes them after the move: the 4x8
    /// games' `x` (a capture), `*` (a takasa; Bao la Kete: takata), `**` (one played under
    /// takasia; Bao la Kete: hizi zetu), `+` first where a mtaji lap relayed out of the owned
    /// house, `#` last where the move wins; Bao Kingulu's `x` and the seeds captured (`x7`, the
    /// capturing seed included) and `^` (a reservation); Bao la Kimasai's `x` per stone
    /// captured. Empty for a move that claims nothing.
    ///
    /// >>> Game("bao-kingulu").start().move("A3").claims
    /// 'x7'
    #[getter]
    fn claims(&self) -> &str {
        let facts = self.facts();
        &facts.annotated[facts.canonical_len..]
    }

    /// The move in canonical notation with the claims it bears out (`A6<*`, `a5<+x`), as records
    /// the oracle writes give it.
    #[getter]
    fn annotated(&self) -> &str {
        &self.facts().annotated
    }

    /// The position the move is played from.
    #[getter]
    fn position(&self) -> Position {
        Position {
            rules: self.rules.clone(),
            pos: self.before,
        }
    }

    /// The move in `notation`: `canonical`, or `donkers` for the 4x8 games. Raises SetupError
    /// for a notation the game lacks.
    #[pyo3(signature = (notation = "canonical"))]
    fn format(&self, py: Python<'_>, notation: &str) -> PyResult<String> {
        let wanted = rules::notation(notation).or_raise(py)?;
        self.facts()
            .texts
            .iter()
            .find(|(n, _)| *n == wanted.name())
            .map(|(_, text)| text.clone())
            .ok_or_else(|| {
                Refusal::setup(
                    bao_oracle::Code::BadValue,
                    None,
                    format!(
                        "{} has no {notation} notation",
                        self.rules.ruleset().game_name()
                    ),
                    None,
                )
                .into_err(py)
            })
    }

    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.text(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("Move({})", quoted(&self.text(py).to_string())))
    }

    /// Equal when the game, the position played from and the move are.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyObject {
        match other.downcast::<Move>() {
            Ok(other) => {
                let other = other.get();
                let equal = same_game(&self.rules, &other.rules)
                    && self.before == other.before
                    && self.mv == other.mv;
                PyBool::new(py, equal).to_owned().into_any().unbind()
            }
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.before.hash(&mut hasher);
        self.mv.hash(&mut hasher);
        hasher.finish()
    }
}

impl Move {
    /// Whether this is a move of `position` of the game `rules`: one that plays there as it is.
    pub fn is_of(&self, rules: &Arc<dyn Rules>, position: &AnyPosition) -> bool {
        same_game(&self.rules, rules) && self.before == *position
    }
}

/// `python/bench.py`'s native reference (see [`MoveRules::native_rates`]), timed by Python's
/// `time.process_time`: `(positions, listing seconds, moves, push and pop seconds)`. Not part
/// of the package's API.
#[pyfunction]
pub fn _native_rates(
    py: Python<'_>,
    game: &crate::objects::Game,
    positions: Vec<PyRef<'_, Position>>,
) -> PyResult<(usize, f64, usize, f64)> {
    if positions.iter().any(|p| !same_game(&p.rules, &game.rules)) {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "a position of another game than the one timed",
        ));
    }
    let positions: Vec<AnyPosition> = positions.iter().map(|p| p.pos).collect();
    if positions.is_empty() {
        return Ok((0, 0.0, 0, 0.0));
    }
    let time = py.import("time")?.getattr("process_time")?;
    let mut clock = || {
        time.call0()
            .and_then(|t| t.extract::<f64>())
            .unwrap_or(f64::NAN)
    };
    Ok(game.rules.moves().native_rates(&positions, &mut clock))
}
