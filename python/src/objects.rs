//! The Python classes of the rules: `Game`, `Position`, `Played`, `Children`, `Explanation`.

use std::borrow::Cow;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use bao_rules::game::{Event, GameEnd, Notation};
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList};

use crate::convert::to_py;
use crate::error::OrRaise;
use crate::rules::{self, AnyPosition, ChildList, Rules, end_json};
use bao_rules::{Position as _, Ruleset};

/// The longest history `Position.play` takes: far past any game's length, far below memory's.
const MAX_HISTORY: usize = 1 << 20;

/// A game: a ruleset under a preset and rulings, checked as a record's are.
///
/// >>> game = Game("bao-kingulu")
/// >>> game.start().legal_moves()
/// ['A3', 'A4', 'A5', 'A6']
#[pyclass(frozen, module = "bao_oracle")]
pub struct Game {
    pub rules: Arc<dyn Rules>,
}

#[pymethods]
impl Game {
    /// Game(ruleset, preset=None, rulings=None): `ruleset` is `bao-la-kimasai`, `bao-kingulu`,
    /// `bao-la-kete` or `bao-la-kiswahili`; `preset` a preset of the game (`nkkmd`, ...);
    /// `rulings` a dict of ruling name to value, over the preset. Raises SetupError.
    #[new]
    #[pyo3(signature = (ruleset, preset = None, rulings = None))]
    fn new(
        py: Python<'_>,
        ruleset: crate::convert::RulesetArg,
        preset: Option<&str>,
        rulings: Option<std::collections::BTreeMap<String, String>>,
    ) -> PyResult<Self> {
        let rulings: Vec<(String, String)> = rulings.unwrap_or_default().into_iter().collect();
        let rules = rules::game(ruleset.0, preset, &rulings).or_raise(py)?;
        Ok(Game { rules })
    }

    /// The ruleset id (`bao-kingulu`).
    #[getter]
    fn ruleset(&self) -> &'static str {
        self.rules.ruleset().name()
    }

    /// The game's name (`Bao Kingulu`).
    #[getter]
    fn name(&self) -> &'static str {
        self.rules.ruleset().game_name()
    }

    /// The preset the rulings came from, or None.
    #[getter]
    fn preset(&self) -> Option<String> {
        self.rules.preset().map(str::to_string)
    }

    /// Every ruling of the game with the value in force, as a dict.
    #[getter]
    fn rulings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in self.rules.rulings() {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The notations moves can be read and written in (`canonical`, and `donkers` for the 4x8
    /// games).
    #[getter]
    fn notations(&self) -> Vec<&'static str> {
        let notations = self.rules.ruleset().notations();
        notations.iter().map(|n| n.name()).collect()
    }

    /// The forms positions are read and written in: `compact`, `diagram`, and `donkers` (the
    /// bracket strings of Donkers' program) for the 4x8 games.
    #[getter]
    fn position_forms(&self) -> Vec<&'static str> {
        rules::position_forms(self.rules.ruleset())
    }

    /// The presets of the game.
    #[getter]
    fn presets(&self) -> Vec<&'static str> {
        let presets = self.rules.ruleset().presets();
        presets.iter().map(|p| p.name).collect()
    }

    /// The standard start position.
    fn start(&self) -> Position {
        Position {
            rules: self.rules.clone(),
            pos: AnyPosition::start(self.rules.ruleset()),
        }
    }

    /// A position read from text in any form the game reads (compact, diagram, Donkers'
    /// bracket form for the 4x8 games), told apart by its shape and checked under the game's
    /// rulings. Raises SetupError (code `bad-position`, with the rule).
    fn position(&self, py: Python<'_>, text: &str) -> PyResult<Position> {
        let pos = self.rules.read(text).or_raise(py)?;
        Ok(Position {
            rules: self.rules.clone(),
            pos,
        })
    }

    /// Equal when the ruleset and every ruling in force are; NotImplemented for what is no Game.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyObject {
        match other.downcast::<Game>() {
            Ok(other) => PyBool::new(py, same_game(&self.rules, &other.get().rules))
                .to_owned()
                .into_any()
                .unbind(),
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        game_key(&self.rules).hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        match self.rules.preset() {
            Some(p) => format!(
                "Game({}, preset={})",
                quoted(self.rules.ruleset().name()),
                quoted(p)
            ),
            None => format!("Game({})", quoted(self.rules.ruleset().name())),
        }
    }
}

/// A position of a game, immutable: the side to move is part of it. Equal positions of one game
/// compare equal and hash alike.
#[pyclass(frozen, module = "bao_oracle")]
pub struct Position {
    pub rules: Arc<dyn Rules>,
    pub pos: AnyPosition,
}

impl Position {
    fn notation(notation: &str, py: Python<'_>) -> PyResult<bao_rules::game::Notation> {
        rules::notation(notation).or_raise(py)
    }

    fn title(&self) -> String {
        format!(
            "{}, {} to move",
            self.rules.ruleset().game_name(),
            rules::side_to_move(&self.pos)
        )
    }
}

#[pymethods]
impl Position {
    /// The game this is a position of.
    #[getter]
    fn game(&self) -> Game {
        Game {
            rules: self.rules.clone(),
        }
    }

    /// `south` or `north`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        rules::side_to_move(&self.pos)
    }

    /// The compact form (one line), as records and the protocol write positions.
    fn compact(&self) -> String {
        self.pos.compact()
    }

    /// The position in `form`: `compact`, `diagram` or, for the 4x8 games, `donkers` (the
    /// bracket string of Donkers' program). Raises SetupError for a form the game lacks.
    #[pyo3(signature = (form = "compact"))]
    fn format(&self, py: Python<'_>, form: &str) -> PyResult<String> {
        self.rules.format(&self.pos, form).or_raise(py)
    }

    /// The diagram (several lines), as `bao-oracle play --diagram` prints it.
    fn diagram(&self) -> String {
        self.pos.diagram()
    }

    /// The position as data, as its picture draws it (the frameworks' observations read it):
    /// `rows`, North's back row on top, each with `label`, `side` and `holes` (`index`, `name`,
    /// `seeds`, `marks` among `house`, `takasia`, `reserved`); `stores` (`side`, `label`,
    /// `seeds`: the 4x8 games' reserves, Bao Kingulu's captured seeds; none in Bao la Kimasai);
    /// `side_to_move`; `notes` (state beyond holes and stores, in words).
    fn layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        // Python objects made directly: frameworks read a layout per observation.
        let board = self.pos.board();
        let rows = PyList::empty(py);
        for row in &board.rows {
            let holes = PyList::empty(py);
            for h in &row.holes {
                let hole = PyDict::new(py);
                hole.set_item("index", h.index)?;
                hole.set_item("name", h.name)?;
                hole.set_item("seeds", h.count)?;
                let marks: Vec<&str> = h.marks.iter().map(|m| m.name()).collect();
                hole.set_item("marks", marks)?;
                holes.append(hole)?;
            }
            let r = PyDict::new(py);
            r.set_item("label", row.label)?;
            r.set_item("side", row.side.name())?;
            r.set_item("holes", holes)?;
            rows.append(r)?;
        }
        let stores = PyList::empty(py);
        for s in &board.stores {
            let store = PyDict::new(py);
            store.set_item("side", s.side.name())?;
            store.set_item("label", s.label)?;
            store.set_item("seeds", s.count)?;
            stores.append(store)?;
        }
        let layout = PyDict::new(py);
        layout.set_item("rows", rows)?;
        layout.set_item("stores", stores)?;
        layout.set_item("side_to_move", board.to_move.name())?;
        layout.set_item("notes", &board.notes)?;
        Ok(layout)
    }

    /// The board as an SVG picture, as `bao-oracle play --svg` draws it.
    fn svg(&self) -> String {
        rules::svg(&self.pos, &[], &self.title())
    }

    /// The SVG picture, for notebooks (Jupyter shows it).
    fn _repr_svg_(&self) -> String {
        self.svg()
    }

    /// The legal moves of the side to move, in canonical order; none once the game is over.
    /// `notation`: `canonical` (default) or `donkers` (the 4x8 games).
    #[pyo3(signature = (notation = "canonical"))]
    fn legal_moves<'py>(&self, py: Python<'py>, notation: &str) -> PyResult<Bound<'py, PyList>> {
        let notation = Self::notation(notation, py)?;
        self.rules.legal_list(py, &self.pos, notation)
    }

    /// Plays a move as written (claims checked); returns a Played: the move, the position after
    /// it, its events and the outcome. Raises MoveError with the code and rule the command line
    /// prints. `history`: the game's earlier positions, oldest first, for the repetition rules
    /// (Bao Kingulu KIN-A9, Bao la Kimasai MAS-11); without it repetition is not considered.
    /// `notation`: `canonical` or `donkers` (the 4x8 games); without it the move is read in
    /// either where it names one move (`6L*` and `A6<*` alike), and refused where the two read
    /// it as different moves.
    ///
    /// `move_text` may also be a Move of this position (`generate_legal_moves()`, `move()`):
    /// it is played as the value it holds, no text read, and its events heard when asked for.
    #[pyo3(signature = (move_text, notation = None, history = None))]
    fn play<'py>(
        &self,
        py: Python<'py>,
        move_text: crate::board::MoveArg<'py>,
        notation: Option<&str>,
        history: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Played> {
        let any_notation = notation.is_none();
        let notation = Self::notation(notation.unwrap_or("canonical"), py)?;
        // Iterated, never sized by its `len()`: a sequence may claim any length (round four's
        // K12: a huge `len()` aborted the interpreter on the allocation).
        let mut earlier = Vec::new();
        let items = match &history {
            Some(history) => Some(history.try_iter()?),
            None => None,
        };
        for item in items.into_iter().flatten() {
            let p: PyRef<'_, Position> = item?.extract()?;
            if earlier.len() >= MAX_HISTORY {
                return Err(PyValueError::new_err(format!(
                    "a history of more than {MAX_HISTORY} positions: no game of the oracle's is \
                     that long"
                )));
            }
            if p.rules.ruleset() != self.rules.ruleset() {
                return Err(PyTypeError::new_err(format!(
                    "the history holds a position of {}, not of {}",
                    p.rules.ruleset(),
                    self.rules.ruleset()
                )));
            }
            earlier.push(p.pos);
        }
        let move_text = match move_text {
            // With a history its events are heard now, from its text: a repetition ends them.
            crate::board::MoveArg::Move(m)
                if earlier.is_empty() && m.get().is_of(&self.rules, &self.pos) =>
            {
                let after = self.rules.play_move(&self.pos, m.get().mv).or_raise(py)?;
                return Ok(Played {
                    rules: self.rules.clone(),
                    what: What::Move { mv: m, after },
                    events: OnceLock::new(),
                    end: OnceLock::new(),
                });
            }
            crate::board::MoveArg::Move(m) => m.get().text(py),
            crate::board::MoveArg::Text(text) => text,
        };
        let played = self
            .rules
            .play(
                &self.pos,
                &move_text.to_cow()?,
                notation,
                any_notation,
                &earlier,
            )
            .or_raise(py)?;
        Ok(Played {
            rules: self.rules.clone(),
            what: What::Text {
                before: self.pos,
                mv: played.canonical,
                after: played.after,
            },
            events: OnceLock::from(played.events),
            end: OnceLock::from(played.end),
        })
    }

    /// The legal move `move_text` names (in `notation`), as a Move: read once, its hole,
    /// direction and text in every notation at hand. Raises MoveError as `play` does.
    #[pyo3(signature = (move_text, notation = "canonical"))]
    fn r#move(
        &self,
        py: Python<'_>,
        move_text: &str,
        notation: &str,
    ) -> PyResult<crate::moves::Move> {
        crate::moves::Move::read(py, &self.rules, self.pos, move_text, notation)
    }

    /// The legal moves as Move objects, in canonical order (none once the game is over), as
    /// python-chess's `generate_legal_moves()`: each played by `play` as the value it holds.
    fn generate_legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves: PyResult<Vec<Bound<'py, crate::moves::Move>>> = self
            .rules
            .legal(&self.pos)
            .into_iter()
            .map(|mv| Bound::new(py, crate::moves::Move::listed(&self.rules, self.pos, mv)))
            .collect();
        PyList::new(py, moves?)
    }

    /// Every legal move with the position it leads to, generated in one call as perft generates
    /// them (each move sown once, no events heard, nothing made per seed): a Children, a
    /// sequence of Played in canonical order, empty once the game is over. Its moves, positions
    /// and each Played's events are made only when asked for. Repetition is not considered, as
    /// by `play` without a history. `notation`: the notation of `Children.moves`.
    #[pyo3(signature = (notation = "canonical"))]
    fn children(&self, py: Python<'_>, notation: &str) -> PyResult<Children> {
        let notation = Self::notation(notation, py)?;
        let list = self.rules.children(&self.pos, notation).or_raise(py)?;
        Ok(Children {
            rules: self.rules.clone(),
            list,
        })
    }

    /// The outcome if the game is over at this position (`{"result", "rule", "score"}`), else
    /// None.
    fn outcome(&self, py: Python<'_>) -> PyResult<PyObject> {
        match self.rules.end(&self.pos) {
            Some(end) => to_py(py, &end_json(&end)),
            None => Ok(py.None()),
        }
    }

    /// Whether the game is over at this position.
    fn is_over(&self) -> bool {
        self.rules.end(&self.pos).is_some()
    }

    /// The number of move sequences of `depth` plies (leaves of the move tree), as
    /// `bao-oracle perft`. The GIL is released while it counts; Ctrl-C (any pending signal)
    /// stops it between subtrees and raises (round four's K13: a long perft could not be
    /// interrupted).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let (rules, pos) = (self.rules.clone(), self.pos);
        let mut interrupted = None;
        let counted = py.allow_threads(|| {
            rules.perft_until(&pos, depth, &mut || {
                Python::with_gil(|py| match py.check_signals() {
                    Ok(()) => true,
                    Err(e) => {
                        interrupted = Some(e);
                        false
                    }
                })
            })
        });
        match (counted, interrupted) {
            (Some(n), _) => Ok(n),
            (None, Some(e)) => Err(e),
            (None, None) => Err(PyValueError::new_err("perft stopped")),
        }
    }

    /// perft split by first move: a dict of canonical move to count, as `bao-oracle perft
    /// --divide`.
    fn divide<'py>(&self, py: Python<'py>, depth: u32) -> PyResult<Bound<'py, PyDict>> {
        let (rules, pos) = (self.rules.clone(), self.pos);
        let counts = py.allow_threads(move || rules.divide(&pos, depth));
        let dict = PyDict::new(py);
        for (mv, n) in counts {
            dict.set_item(mv, n)?;
        }
        Ok(dict)
    }

    /// The move explained step by step, each step with its rule, as `bao-oracle explain`;
    /// a refused move is explained too (its code, rule and the legal moves).
    fn explain(&self, py: Python<'_>, move_text: &str) -> PyResult<Explanation> {
        let (data, text, svg) = self.rules.explain(&self.pos, move_text);
        Ok(Explanation {
            data: to_py(py, &data)?,
            text,
            svg,
        })
    }

    fn __str__(&self) -> String {
        self.compact()
    }

    fn __repr__(&self) -> String {
        format!(
            "Position({}, {})",
            quoted(self.rules.ruleset().name()),
            quoted(&self.pos.compact())
        )
    }

    /// Equal when the games are (ruleset and every ruling in force: what changes the answer)
    /// and so are the positions; NotImplemented for what is no Position.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyObject {
        match other.downcast::<Position>() {
            Ok(other) => {
                let other = other.get();
                let equal = same_game(&self.rules, &other.rules) && self.pos == other.pos;
                PyBool::new(py, equal).to_owned().into_any().unbind()
            }
            Err(_) => py.NotImplemented(),
        }
    }

    /// The position's hash with its game's (ruleset and rulings), as `==` compares them.
    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        game_key(&self.rules).hash(&mut hasher);
        self.pos.hash(&mut hasher);
        hasher.finish()
    }
}

/// What makes two games answer alike: the ruleset and every ruling's value in force (the preset
/// they came from does not matter).
fn game_key(rules: &Arc<dyn Rules>) -> (Ruleset, Vec<(&'static str, String)>) {
    (rules.ruleset(), rules.rulings())
}

pub fn same_game(a: &Arc<dyn Rules>, b: &Arc<dyn Rules>) -> bool {
    Arc::ptr_eq(a, b) || game_key(a) == game_key(b)
}

/// A move played: `move` (canonical), `position` (after it), `events` (what it did, each a dict
/// with its `type`, `rule` and words), `outcome` (the game's end, or None).
#[pyclass(frozen, module = "bao_oracle")]
pub struct Played {
    rules: Arc<dyn Rules>,
    what: What,
    /// Heard as the move was played from its text; for a child of a ply, heard by playing it
    /// again when first asked for.
    events: OnceLock<Vec<Event>>,
    end: OnceLock<Option<GameEnd>>,
}

/// Which move a Played is.
enum What {
    /// Played from its text: the move and the positions before and after it.
    Text {
        before: AnyPosition,
        mv: String,
        after: AnyPosition,
    },
    /// A Move played: the position after it (the Move has its position and text).
    Move {
        mv: Py<crate::moves::Move>,
        after: AnyPosition,
    },
    /// Child `i` of a ply: its move and positions are taken from the ply when asked for (the ply
    /// is kept while the Played is).
    Child { ply: Arc<dyn ChildList>, i: usize },
}

impl Played {
    fn mv(&self) -> Cow<'_, str> {
        match &self.what {
            What::Text { mv, .. } => Cow::Borrowed(mv),
            What::Move { mv, .. } => Cow::Owned(mv.get().mv.to_string()),
            What::Child { ply, i } => Cow::Owned(ply.canonical(*i)),
        }
    }

    fn after(&self) -> AnyPosition {
        match &self.what {
            What::Text { after, .. } | What::Move { after, .. } => *after,
            What::Child { ply, i } => ply.position(*i),
        }
    }

    fn heard(&self, py: Python<'_>) -> PyResult<&[Event]> {
        if let Some(events) = self.events.get() {
            return Ok(events);
        }
        let before = match &self.what {
            What::Text { before, .. } => *before,
            What::Move { mv, .. } => mv.get().before,
            What::Child { ply, i } => ply.parent(*i),
        };
        let again = self
            .rules
            .play(&before, &self.mv(), Notation::Canonical, false, &[])
            .or_raise(py)?;
        Ok(self.events.get_or_init(|| again.events))
    }
}

#[pymethods]
impl Played {
    /// The move in canonical notation.
    #[getter(r#move)]
    fn get_move(&self) -> Cow<'_, str> {
        self.mv()
    }

    /// The position after the move.
    #[getter]
    fn position(&self) -> Position {
        Position {
            rules: self.rules.clone(),
            pos: self.after(),
        }
    }

    /// What the move did, in order: laps, relays, captures, reservations, its stop and the
    /// game's end, each a dict with `type`, `rule` (the rule id) and `text` (in words).
    #[getter]
    fn events(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &self.rules.events(self.heard(py)?))
    }

    /// The game's end after the move (`{"result", "rule", "score"}`), or None.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<PyObject> {
        match self.end.get_or_init(|| self.rules.end(&self.after())) {
            Some(end) => to_py(py, &end_json(end)),
            None => Ok(py.None()),
        }
    }

    /// The position after the move, the move's hole, laps and captures marked.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        let after = self.after();
        let title = format!(
            "{} after {}, {} to move",
            self.rules.ruleset().game_name(),
            self.mv(),
            rules::side_to_move(&after)
        );
        Ok(rules::svg(&after, self.heard(py)?, &title))
    }

    fn __repr__(&self) -> String {
        format!(
            "Played({}, {})",
            quoted(&self.mv()),
            quoted(&self.after().compact())
        )
    }
}

/// A ply of the move tree: the children of a position (`Position.children()`), or of every
/// position of a ply (`Children.children()`). A sequence of Played, one per legal move, parent by
/// parent in canonical order, generated in one call and each made only when taken; `moves` and
/// `positions` list them alone.
///
/// >>> children = Game("bao-kingulu").start().children()
/// >>> len(children), children[0].move, children[0].position.compact()
/// (4, 'A3', '1,0,6,6,0,1/6,6,2,7,0,6 7-0 N')
#[pyclass(frozen, sequence, module = "bao_oracle")]
pub struct Children {
    rules: Arc<dyn Rules>,
    list: Arc<dyn ChildList>,
}

impl Children {
    fn played(&self, i: usize) -> Played {
        Played {
            rules: self.rules.clone(),
            what: What::Child {
                ply: self.list.clone(),
                i,
            },
            events: OnceLock::new(),
            end: OnceLock::new(),
        }
    }
}

#[pymethods]
impl Children {
    fn __len__(&self) -> usize {
        self.list.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<Played> {
        let len = self.list.len() as isize;
        let i = if index < 0 { index + len } else { index };
        if !(0..len).contains(&i) {
            return Err(PyIndexError::new_err("child index out of range"));
        }
        Ok(self.played(i as usize))
    }

    fn __iter__(slf: Py<Self>) -> ChildIter {
        ChildIter {
            children: slf,
            next: 0,
        }
    }

    /// The next ply of the tree: the children of every child, in order, generated in one call
    /// (the GIL released), with the same notation. A breadth-first walk: `len()` of the ply
    /// `depth - 1` calls below `Position.children()` is `perft(depth)`. Every position of the
    /// ply is held: its memory grows with the tree (MemoryError when the allocator refuses it).
    fn children(&self, py: Python<'_>) -> PyResult<Children> {
        let list = self.list.clone();
        let next = py
            .allow_threads(move || list.next_ply())
            .map_err(|e| PyMemoryError::new_err(format!("the next ply: {e}")))?;
        Ok(Children {
            rules: self.rules.clone(),
            list: next,
        })
    }

    /// The moves, in the notation the children were asked in.
    #[getter]
    fn moves(&self) -> Vec<String> {
        (0..self.list.len())
            .map(|i| self.list.move_text(i))
            .collect()
    }

    /// The positions the moves lead to, in the same order.
    #[getter]
    fn positions(&self) -> Vec<Position> {
        (0..self.list.len())
            .map(|i| Position {
                rules: self.rules.clone(),
                pos: self.list.position(i),
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        // A ply deep in the tree holds many moves: the first few say what it is.
        const SHOWN: usize = 12;
        let n = self.list.len();
        let moves: Vec<String> = (0..n.min(SHOWN))
            .map(|i| quoted(&self.list.move_text(i)))
            .collect();
        match n {
            0..=SHOWN => format!("Children([{}])", moves.join(", ")),
            _ => format!("Children([{}, ...], {n} moves)", moves.join(", ")),
        }
    }
}

/// An iterator over a Children.
#[pyclass(module = "bao_oracle")]
pub struct ChildIter {
    children: Py<Children>,
    next: usize,
}

#[pymethods]
impl ChildIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<Played> {
        let children = self.children.get();
        if self.next >= children.list.len() {
            return None;
        }
        self.next += 1;
        Some(children.played(self.next - 1))
    }
}

/// A move explained, as `bao-oracle explain` gives it: `data` (a dict, the document of
/// `explain --format json`: `played`, `steps` each with its `rule`, `text` and `event`, or `code`,
/// `rule`, `reason` and `legal` for a refused move), `str()` the text, `_repr_svg_()` the
/// pictures.
#[pyclass(frozen, module = "bao_oracle")]
pub struct Explanation {
    data: PyObject,
    text: String,
    svg: String,
}

#[pymethods]
impl Explanation {
    /// The explanation as data.
    #[getter]
    fn data(&self, py: Python<'_>) -> PyObject {
        self.data.clone_ref(py)
    }

    /// Whether the move was played.
    #[getter]
    fn played(&self, py: Python<'_>) -> PyResult<bool> {
        self.data.bind(py).get_item("played")?.extract()
    }

    /// The steps of a played move (each a dict with `rule`, `text`, `board`); empty for a refused
    /// one.
    #[getter]
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let data = self.data.bind(py);
        match data.get_item("steps") {
            Ok(steps) => Ok(steps),
            Err(_) => Ok(PyList::empty(py).into_any()),
        }
    }

    /// The plain text, as `bao-oracle explain` prints it.
    #[getter]
    fn text(&self) -> &str {
        &self.text
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        self.data.bind(py).get_item(key)
    }

    /// The boards before, during and after the move, as `bao-oracle explain --format svg`.
    fn _repr_svg_(&self) -> &str {
        &self.svg
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let data = self.data.bind(py);
        let text = data.get_item("move")?;
        let played: bool = data.get_item("played")?.extract()?;
        Ok(format!(
            "Explanation({}, played={})",
            text.repr()?,
            if played { "True" } else { "False" }
        ))
    }
}

/// A text as Python writes a string literal of it (the texts here hold no control characters).
pub fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}
