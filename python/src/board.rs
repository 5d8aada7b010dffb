//! A game in progress from Python, as python-chess's `Board`: the rules crate's `AnyGame` (which
//! keeps the positions seen, for the repetition rules) with the moves pushed, so that `pop` takes
//! one back.

use std::sync::Arc;

use bao_rules::game::{Event, GameEnd, Notation};
use bao_rules::{AnyGame, AnyUndo, Incomplete};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::convert::to_py;
use crate::error::{OrRaise, Refusal};
use crate::moves::{AnyMove, Move};
use crate::objects::{Game as PyGame, Position, quoted, same_game};
use crate::rules::{self, AnyPosition, Rules, end_json, move_refusal};
use bao_rules::Position as _;

/// The game as it stands (the rules crate's `AnyGame`), and each move pushed with what takes it
/// back (`AnyUndo`: the position before it; the positions seen are kept once, not per move).
#[derive(Clone)]
struct Progress {
    game: AnyGame,
    pushed: Vec<(AnyMove, AnyUndo)>,
}

impl Progress {
    fn new(game: AnyGame) -> Self {
        Progress {
            game,
            pushed: Vec::new(),
        }
    }

    fn position(&self) -> AnyPosition {
        self.game.position()
    }

    /// Plays a move as written (claims checked): the move and its events.
    fn push(&mut self, text: &str, notation: Notation) -> Result<(AnyMove, Vec<Event>), Refusal> {
        let undo = self.game.undo_point();
        let played = if notation == Notation::Canonical {
            self.game
                .play_text(text)
                .map_err(|e| move_refusal(text, e))?
        } else {
            // Another notation: the game read in it, and the board's own kept in canonical.
            let mut other =
                (self.game.clone().in_notation(notation)).map_err(rules::setup_refusal)?;
            let played = other.play_text(text).map_err(|e| move_refusal(text, e))?;
            self.game = other
                .in_notation(Notation::Canonical)
                .map_err(rules::setup_refusal)?;
            played
        };
        if let Some(claim) = played.false_claims.first() {
            self.take_back(undo);
            return Err(rules::false_claim(text, claim));
        }
        self.pushed.push((played.mv, undo));
        Ok((played.mv, played.events))
    }

    /// Plays `mv`, a legal move of the position reached (no text read, nothing heard unless
    /// `events` listens).
    fn push_move(&mut self, mv: AnyMove, events: Option<&mut Vec<Event>>) -> Result<(), Refusal> {
        let undo = self.game.undo_point();
        let played = match events {
            Some(events) => self.game.play(mv, events),
            None => self.game.play(mv, &mut ()),
        };
        played.map_err(|e| move_refusal(&mv.to_string(), e))?;
        self.pushed.push((mv, undo));
        Ok(())
    }

    fn take_back(&mut self, undo: AnyUndo) {
        let taken = self.game.take_back(undo);
        debug_assert!(taken.is_ok(), "an undo point of the board's own game");
    }

    /// Takes the last move back: the move, or None at the start.
    fn pop(&mut self) -> Option<AnyMove> {
        let (mv, undo) = self.pushed.pop()?;
        self.take_back(undo);
        Some(mv)
    }

    /// The last move pushed.
    fn peek(&self) -> Option<AnyMove> {
        self.pushed.last().map(|(mv, _)| *mv)
    }

    /// The moves pushed, canonical, oldest first.
    fn moves(&self) -> Vec<String> {
        self.pushed.iter().map(|(mv, _)| mv.to_string()).collect()
    }

    fn legal(&self, notation: Notation) -> Result<Vec<String>, Refusal> {
        let game = (self.game.clone().in_notation(notation)).map_err(rules::setup_refusal)?;
        Ok(game.legal_texts().unwrap_or_else(Incomplete::into_legal))
    }

    /// The legal moves as values, with the position they are moves of.
    fn legal_moves(&self) -> (AnyPosition, Vec<AnyMove>) {
        let moves = self.game.legal_moves();
        (
            self.position(),
            moves.unwrap_or_else(Incomplete::into_legal),
        )
    }

    /// The end of the game: by the position, or by repetition of an earlier one.
    fn end(&self) -> Option<GameEnd> {
        self.game.end()
    }
}

/// What `push` takes: a Move or a move's text.
pub enum MoveArg<'py> {
    Move(Py<Move>),
    Text(Bound<'py, PyString>),
}

// By hand: a derived extraction tries each variant in turn, and the failed one makes a Python
// exception (a few microseconds, more than a push).
impl<'py> FromPyObject<'py> for MoveArg<'py> {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        if let Ok(text) = ob.downcast::<PyString>() {
            return Ok(MoveArg::Text(text.clone()));
        }
        match ob.downcast::<Move>() {
            Ok(m) => Ok(MoveArg::Move(m.clone().unbind())),
            Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "a move is a Move or its text, not {}",
                ob.get_type().name()?
            ))),
        }
    }
}

/// A game in progress, as python-chess's `Board`: `push` a move (as written, claims checked),
/// `pop` it back, `move_stack`, `legal_moves`, `is_game_over`, `outcome`, `is_repetition`,
/// `copy`. The positions reached are remembered, so the repetition rules apply (Bao Kingulu
/// KIN-A9, Bao la Kimasai MAS-11) without a history passed by hand.
///
/// >>> board = Board(Game("bao-kingulu"))
/// >>> board.push("A3")
/// 'A3'
/// >>> board.move_stack, board.position.compact()
/// (['A3'], '1,0,6,6,0,1/6,6,2,7,0,6 7-0 N')
/// >>> board.pop()
/// 'A3'
#[pyclass(module = "bao_oracle")]
pub struct Board {
    rules: Arc<dyn Rules>,
    start: AnyPosition,
    game: Progress,
}

impl Board {
    /// Plays `mv` (see `push`), its events into `events` if given: the move played.
    fn pushed<'py>(
        &mut self,
        py: Python<'py>,
        mv: MoveArg<'py>,
        notation: &str,
        events: Option<&mut Vec<Event>>,
    ) -> PyResult<AnyMove> {
        let text = match mv {
            MoveArg::Move(m) => {
                let of_here = same_game(&m.get().rules, &self.rules)
                    && self.game.position() == m.get().before;
                if of_here {
                    self.game.push_move(m.get().mv, events).or_raise(py)?;
                    return Ok(m.get().mv);
                }
                (m.get().text(py), Notation::Canonical)
            }
            MoveArg::Text(text) => (text, rules::notation(notation).or_raise(py)?),
        };
        let (mv, heard) = self.game.push(&text.0.to_cow()?, text.1).or_raise(py)?;
        if let Some(events) = events {
            *events = heard;
        }
        Ok(mv)
    }
}

#[pymethods]
impl Board {
    /// Board(game, position=None): a game in progress from `position` (a Position of `game`,
    /// or text in any of its forms), by default the start. Raises SetupError.
    #[new]
    #[pyo3(signature = (game, position = None))]
    fn new(py: Python<'_>, game: &PyGame, position: Option<Bound<'_, PyAny>>) -> PyResult<Self> {
        let rules = game.rules.clone();
        let start = match position {
            None => AnyPosition::start(rules.ruleset()),
            Some(p) => match p.downcast::<Position>() {
                Ok(p) => {
                    let p = p.get();
                    if !crate::objects::same_game(&p.rules, &rules) {
                        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                            "a position of another game ({}) than the board's ({})",
                            p.rules.ruleset(),
                            rules.ruleset()
                        )));
                    }
                    p.pos
                }
                Err(_) => rules.read(&p.extract::<String>()?).or_raise(py)?,
            },
        };
        let game = Progress::new(rules.game_at(&start, &[]));
        Ok(Board { rules, start, game })
    }

    /// The game the board plays.
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            rules: self.rules.clone(),
        }
    }

    /// The position reached.
    #[getter]
    fn position(&self) -> Position {
        Position {
            rules: self.rules.clone(),
            pos: self.game.position(),
        }
    }

    /// The position the board started from.
    #[getter]
    fn root(&self) -> Position {
        Position {
            rules: self.rules.clone(),
            pos: self.start,
        }
    }

    /// `south` or `north`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        rules::side_to_move(&self.game.position())
    }

    /// The moves pushed, in canonical notation, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.game.moves()
    }

    /// Plays a move: a Move, or a move as written (`notation`: `canonical` or, for the 4x8
    /// games, `donkers`), claims checked, and returns it in canonical notation. A Move of the
    /// position reached is played as the value it holds (read once, when it was made); a Move of
    /// another position is read again from its canonical text. Raises MoveError (the board is
    /// then unchanged), with the code and rule the command line prints; `move-after-end` once the
    /// game is over, by the position or by repetition.
    #[pyo3(signature = (r#move, notation = "canonical"))]
    fn push<'py>(
        &mut self,
        py: Python<'py>,
        r#move: MoveArg<'py>,
        notation: &str,
    ) -> PyResult<Bound<'py, PyString>> {
        let mv = self.pushed(py, r#move, notation, None)?;
        Ok(self.rules.canonical(py, mv))
    }

    /// The legal move `move_text` names in the position reached, as a Move (unplayed).
    /// Raises MoveError as `push` does.
    #[pyo3(signature = (move_text, notation = "canonical"))]
    fn parse_move(&self, py: Python<'_>, move_text: &str, notation: &str) -> PyResult<Move> {
        // Over by a repetition the position alone does not show: refused as `push` refuses it.
        if self.game.end().is_some() {
            let n = rules::notation(notation).or_raise(py)?;
            self.game.clone().push(move_text, n).or_raise(py)?;
        }
        Move::read(py, &self.rules, self.game.position(), move_text, notation)
    }

    /// As `push`, returning the move's events (each a dict with `type`, `rule` and `text`).
    #[pyo3(signature = (r#move, notation = "canonical"))]
    fn push_events<'py>(
        &mut self,
        py: Python<'py>,
        r#move: MoveArg<'py>,
        notation: &str,
    ) -> PyResult<PyObject> {
        let mut events = Vec::new();
        self.pushed(py, r#move, notation, Some(&mut events))?;
        to_py(py, &self.rules.events(&events))
    }

    /// Takes the last move back and returns it (canonical). Raises IndexError at the start.
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        let mv = self
            .game
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from a board with no moves pushed"))?;
        Ok(self.rules.canonical(py, mv))
    }

    /// The last move pushed (canonical). Raises IndexError at the start.
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyString>> {
        let mv = self
            .game
            .peek()
            .ok_or_else(|| PyIndexError::new_err("peek at a board with no moves pushed"))?;
        Ok(self.rules.canonical(py, mv))
    }

    /// The legal moves as text, in canonical order; none once the game is over (repetition
    /// included).
    #[pyo3(signature = (notation = "canonical"))]
    fn legal_moves<'py>(&self, py: Python<'py>, notation: &str) -> PyResult<Bound<'py, PyList>> {
        let notation = rules::notation(notation).or_raise(py)?;
        if notation == Notation::Canonical {
            let (_, moves) = self.game.legal_moves();
            return PyList::new(py, moves.into_iter().map(|mv| self.rules.canonical(py, mv)));
        }
        PyList::new(py, self.game.legal(notation).or_raise(py)?)
    }

    /// The legal moves as Move objects, in canonical order, as python-chess's
    /// `generate_legal_moves()`; none once the game is over (repetition included). Each is
    /// pushed as the value it holds, with no text read.
    fn generate_legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let (pos, moves) = self.game.legal_moves();
        let moves: PyResult<Vec<Bound<'py, Move>>> = moves
            .into_iter()
            .map(|mv| Bound::new(py, Move::listed(&self.rules, pos, mv)))
            .collect();
        PyList::new(py, moves?)
    }

    /// Whether the game is over: by the position, or by a repetition.
    fn is_game_over(&self) -> bool {
        self.game.end().is_some()
    }

    /// The outcome (`{"result", "rule", "score"}`) if the game is over, else None.
    fn outcome(&self, py: Python<'_>) -> PyResult<PyObject> {
        match self.game.end() {
            Some(end) => to_py(py, &end_json(&end)),
            None => Ok(py.None()),
        }
    }

    /// Whether the game ended because the position repeats an earlier one (Bao Kingulu KIN-A9,
    /// Bao la Kimasai MAS-11).
    fn is_repetition(&self) -> bool {
        self.game.game.ended_by_repetition()
    }

    /// An independent copy: pushing on one leaves the other as it is.
    fn copy(&self) -> Board {
        Board {
            rules: self.rules.clone(),
            start: self.start,
            game: self.game.clone(),
        }
    }

    fn __copy__(&self) -> Board {
        self.copy()
    }

    /// The position's SVG picture, for notebooks.
    fn _repr_svg_(&self) -> String {
        let pos = self.game.position();
        let title = format!(
            "{}, {} to move",
            self.rules.ruleset().game_name(),
            rules::side_to_move(&pos)
        );
        rules::svg(&pos, &[], &title)
    }

    fn __repr__(&self) -> String {
        format!(
            "Board({}, {}, moves={})",
            quoted(self.rules.ruleset().name()),
            quoted(&self.game.position().compact()),
            self.game.moves().len()
        )
    }
}
