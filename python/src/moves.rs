//! A move as an object, as python-chess's `Move`: read once from any notation, then its hole,
//! direction and text in every notation without reading it again.

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyBool;

use crate::error::{OrRaise, Refusal};
use crate::objects::{Position, quoted, same_game};
use crate::rules::{AnyPosition, MoveFacts, Rules};

/// A legal move of a position: read from text in any of the game's notations
/// (`Position.move(text)`, `Board.parse_move(text)`), written in each (`format()`); `hole` is the
/// hole it starts from (where its first lap or step starts, or its seed enters), `direction` the
/// way its first lap goes (None for a Bao la Kimasai step). `str()` is its canonical text.
///
/// >>> move = Game("bao-la-kiswahili").start().move("6L*", notation="donkers")
/// >>> move, move.hole, move.direction
/// (Move('A6<'), 'A6', 'anticlockwise')
#[pyclass(frozen, module = "bao_oracle")]
pub struct Move {
    pub rules: Arc<dyn Rules>,
    pub before: AnyPosition,
    pub facts: MoveFacts,
}

impl Move {
    pub fn read(
        py: Python<'_>,
        rules: &Arc<dyn Rules>,
        before: AnyPosition,
        text: &str,
        notation: &str,
    ) -> PyResult<Move> {
        let notation = crate::rules::notation(notation).or_raise(py)?;
        let facts = rules.describe(&before, text, notation).or_raise(py)?;
        Ok(Move {
            rules: rules.clone(),
            before,
            facts,
        })
    }
}

#[pymethods]
impl Move {
    /// The move in canonical notation.
    #[getter]
    fn text(&self) -> &str {
        &self.facts.canonical
    }

    /// The hole the move starts from (`A3`), as the pictures mark it.
    #[getter]
    fn hole(&self) -> Option<&str> {
        self.facts.hole.as_deref()
    }

    /// The way the first lap goes, `clockwise` or `anticlockwise`; None for a move with no lap
    /// (a Bao la Kimasai step).
    #[getter]
    fn direction(&self) -> Option<&'static str> {
        self.facts.direction
    }

    /// The position the move is played from.
    #[getter]
    fn position(&self) -> Position {
        Position {
            rules: self.rules.clone(),
            pos: self.before.clone(),
        }
    }

    /// The move in `notation`: `canonical`, or `donkers` for the 4x8 games. Raises SetupError
    /// for a notation the game lacks.
    #[pyo3(signature = (notation = "canonical"))]
    fn format(&self, py: Python<'_>, notation: &str) -> PyResult<String> {
        let wanted = crate::rules::notation(notation).or_raise(py)?;
        self.facts
            .texts
            .iter()
            .find(|(n, _)| *n == wanted.name())
            .map(|(_, text)| text.clone())
            .ok_or_else(|| {
                Refusal::setup(
                    bao_oracle::Code::BadValue,
                    None,
                    format!("{} has no {notation} notation", self.rules.name()),
                    None,
                )
                .into_err(py)
            })
    }

    fn __str__(&self) -> &str {
        &self.facts.canonical
    }

    fn __repr__(&self) -> String {
        format!("Move({})", quoted(&self.facts.canonical))
    }

    /// Equal when the game, the position played from and the move are.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyObject {
        match other.downcast::<Move>() {
            Ok(other) => {
                let other = other.get();
                let equal = same_game(&self.rules, &other.rules)
                    && self.rules.same(&self.before, &other.before)
                    && self.facts.canonical == other.facts.canonical;
                PyBool::new(py, equal).to_owned().into_any().unbind()
            }
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.rules.ruleset().hash(&mut hasher);
        self.rules.hash(&self.before).hash(&mut hasher);
        self.facts.canonical.hash(&mut hasher);
        hasher.finish()
    }
}
