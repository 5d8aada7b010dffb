//! Game records as objects, as python-chess's `chess.pgn`: `read_game`/`read_games` over record
//! files and transcripts, through the library's one reader and `check`'s replay
//! (`bao_oracle::rewrite::game_record`); each game's headers, moves, a board at any ply, and its
//! writers (`import`'s record, `transcript`'s transcript).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use bao_oracle::check::IoProblem;
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::diagnostics::{Finding, LineIndex};
use bao_oracle::input;
use bao_oracle::render::json::Writer;
use bao_oracle::rewrite::game_record::{self, GameFile, NewRecord, Played};
use bao_rules::game::Notation;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyList, PyString};

use crate::board::Board;
use crate::error::{OrRaise, Refusal};
use crate::moves::Move;
use crate::objects::{Game, Position, quoted};
use crate::rules::{self, AnyPosition, Rules};
use bao_rules::Position as _;

/// A finding that keeps a game from being read or written, as SetupError.
fn refusal(f: &Finding) -> Refusal {
    Refusal::setup(f.code, f.rule, f.message.clone(), f.help.clone())
}

/// A game record: its `headers` (the record's fields as written: `ruleset`, `title`, `source`,
/// `date`, `south`, `north`, `first`, `start`, `preset`, `rulings`, `notation`, `result`), its
/// `moves` as Move objects (those that play: a record that stops at an illegal move has its
/// `errors`, as `check` reports them less its repair search), `board(ply)` a Board at any ply,
/// `game` the Game it is played under, and its writers `to_record()` and `to_transcript()`. Read
/// by `read_game` and `read_games`, as python-chess's `chess.pgn.read_game` reads a game.
///
/// >>> record = read_game("ruleset: bao-kingulu\nsource: example\nmoves: [A3, a3]\n")
/// >>> record.headers["source"], [str(m) for m in record.moves]
/// ('example', ['A3', 'a3'])
/// >>> record.board(1).position.compact()
/// '1,0,6,6,0,1/6,6,2,7,0,6 7-0 N'
#[pyclass(frozen, module = "bao_oracle")]
pub struct GameRecord {
    file: Arc<GameFile>,
    /// The game's place among the file's games, from 0.
    i: usize,
    options: Arc<ReplayOptions>,
    played: Played,
    rules: Arc<dyn Rules>,
    start: AnyPosition,
    /// The moves as objects and the positions they lead to, made when first asked for.
    line: GILOnceCell<(Vec<Py<Move>>, Vec<AnyPosition>)>,
}

impl GameRecord {
    fn new(
        py: Python<'_>,
        file: &Arc<GameFile>,
        i: usize,
        options: &Arc<ReplayOptions>,
    ) -> PyResult<GameRecord> {
        let played = file.games[i]
            .played
            .as_ref()
            .map_err(|f| refusal(f))
            .or_raise(py)?
            .clone();
        let rules =
            rules::game(played.ruleset, played.preset.as_deref(), &played.rulings).or_raise(py)?;
        let start = rules.read(&played.start).or_raise(py)?;
        Ok(GameRecord {
            file: file.clone(),
            i,
            options: options.clone(),
            played,
            rules,
            start,
            line: GILOnceCell::new(),
        })
    }

    /// The moves as objects, and after each the position it leads to.
    fn line(&self, py: Python<'_>) -> PyResult<&(Vec<Py<Move>>, Vec<AnyPosition>)> {
        self.line.get_or_try_init(py, || {
            let mut pos = self.start;
            let (mut moves, mut after) = (Vec::new(), Vec::new());
            for text in &self.played.moves {
                let mv = Move::read(py, &self.rules, pos, text, "canonical")?;
                let next = self
                    .rules
                    .play(&pos, text, Notation::Canonical, false, &[])
                    .or_raise(py)?;
                moves.push(Py::new(py, mv)?);
                pos = next.after;
                after.push(pos);
            }
            Ok((moves, after))
        })
    }

    /// The game's result as `check` reports it, as data.
    fn result_data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let game = &self.file.games[self.i].report;
        let text = Writer::new(false).game(&LineIndex::new(&self.file.text), game);
        py.import("json")?.call_method1("loads", (text,))
    }
}

#[pymethods]
impl GameRecord {
    /// The record's fields as written (a transcript's as `check` reads them: `place` as
    /// `title`, `opening` as `start`, `game-preset` as `preset`, `takasia` and `game-rulings` as
    /// `rulings`); a field the record leaves out is absent.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let headers = PyDict::new(py);
        let Some(r) = &self.file.games[self.i].record else {
            return Ok(headers);
        };
        headers.set_item("ruleset", r.ruleset.value.name())?;
        for (key, value) in [("title", &r.title)] {
            if let Some(v) = value {
                headers.set_item(key, v)?;
            }
        }
        headers.set_item("source", &r.source)?;
        for (key, value) in [("date", &r.date), ("south", &r.south), ("north", &r.north)] {
            if let Some(v) = value {
                headers.set_item(key, v)?;
            }
        }
        if let Some(first) = &r.first {
            headers.set_item("first", first.value.name())?;
        }
        if let Some(start) = &r.start {
            headers.set_item("start", &start.value)?;
        }
        if let Some(preset) = &r.preset {
            headers.set_item("preset", &preset.value)?;
        }
        if !r.rulings.is_empty() {
            let rulings = PyDict::new(py);
            for (name, value) in &r.rulings {
                rulings.set_item(&name.value, &value.value)?;
            }
            headers.set_item("rulings", rulings)?;
        }
        if let Some(notation) = &r.notation {
            headers.set_item("notation", notation.value.name())?;
        }
        if let Some(result) = &r.result {
            headers.set_item("result", result.value.name())?;
        }
        Ok(headers)
    }

    /// The game it is played under: its ruleset, preset and rulings (the record's, and those
    /// `read_game` was given).
    #[getter]
    fn game(&self) -> Game {
        Game {
            rules: self.rules.clone(),
        }
    }

    /// The moves that played, in order, as Move objects (`str()` each in canonical notation).
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.line(py)?.0.iter().map(|m| m.clone_ref(py)))
    }

    /// The moves of the main line, as python-chess names them: `moves`.
    fn mainline_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.moves(py)
    }

    /// The positions, from the first to the one after the last move that played (one more than
    /// the moves).
    #[getter]
    fn positions(&self, py: Python<'_>) -> PyResult<Vec<Position>> {
        let after = &self.line(py)?.1;
        Ok(std::iter::once(&self.start)
            .chain(after)
            .map(|pos| Position {
                rules: self.rules.clone(),
                pos: *pos,
            })
            .collect())
    }

    /// A Board at ply `ply` (the moves before it pushed, so that `pop` takes them back and the
    /// repetition rules see them); None, as python-chess's `Game.board()`, is the first
    /// position. Raises IndexError beyond the moves that played.
    #[pyo3(signature = (ply = None))]
    fn board<'py>(&self, py: Python<'py>, ply: Option<usize>) -> PyResult<Bound<'py, Board>> {
        let ply = ply.unwrap_or(0);
        if ply > self.played.moves.len() {
            return Err(PyIndexError::new_err(format!(
                "ply {ply} of a game of {} plies",
                self.played.moves.len()
            )));
        }
        let start = Position {
            rules: self.rules.clone(),
            pos: self.start,
        };
        let board = py
            .get_type::<Board>()
            .call1((self.game(), start))?
            .downcast_into::<Board>()?;
        for text in &self.played.moves[..ply] {
            board.call_method1("push", (text,))?;
        }
        Ok(board)
    }

    /// Whether the game is valid as `check` finds it.
    #[getter]
    fn valid(&self) -> bool {
        self.file.games[self.i].report.valid()
    }

    /// The game's errors as `check` reports them (`code`, `rule`, `message`, `line`, `column`,
    /// `ply`, `move`, `help`, ...), without repair suggestions (`check` searches for them);
    /// empty for a valid game.
    #[getter]
    fn errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.result_data(py)?.get_item("errors")
    }

    /// What was read but reported: a transcript's slips (`transcript-slip`).
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.result_data(py)?.get_item("warnings")
    }

    /// The game's result as `check` reports it: one game of a CheckReport's `games`.
    fn check_result<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.result_data(py)
    }

    /// The path of the file the game came from (or the name given with its text).
    #[getter]
    fn path(&self) -> &str {
        &self.file.path
    }

    /// The game's place in its file, from 1.
    #[getter]
    fn index(&self) -> usize {
        self.file.games[self.i].report.index
    }

    /// The game as a YAML record: a record's own text as written, a transcript's game as
    /// `bao-oracle import` writes it. Raises SetupError where `import` refuses it.
    fn to_record(&self, py: Python<'_>) -> PyResult<String> {
        self.file
            .to_record(self.i, &self.options)
            .map_err(|f| refusal(&f))
            .or_raise(py)
    }

    /// The game as a transcript in Donkers' notation, as `bao-oracle transcript` writes it.
    /// Raises SetupError for a game with none (a game without Donkers' notation, one that does
    /// not play).
    fn to_transcript(&self, py: Python<'_>) -> PyResult<String> {
        self.file
            .to_transcript(self.i, &self.options)
            .map_err(|f| refusal(&f))
            .or_raise(py)
    }

    /// GameRecord.from_board(board, *, source, title=None, date=None, south=None, north=None)
    ///
    /// The record of a game played on `board`, as python-chess's `Game.from_board`: its game
    /// (ruleset, preset, rulings), its first position (where it is not the start), the moves
    /// pushed, the fields given (`source` says where the game comes from, as every record does)
    /// and the `result` the moves reach; read back as `read_game` reads a record, so that
    /// `to_record()` writes it.
    #[staticmethod]
    #[pyo3(signature = (board, *, source, title = None, date = None, south = None, north = None))]
    fn from_board(
        py: Python<'_>,
        board: &Bound<'_, Board>,
        source: &str,
        title: Option<&str>,
        date: Option<&str>,
        south: Option<&str>,
        north: Option<&str>,
    ) -> PyResult<GameRecord> {
        let root = board.getattr("root")?;
        let root = root.downcast::<Position>()?.get();
        let rules = &root.rules;
        let moves: Vec<String> = board.getattr("move_stack")?.extract()?;
        let start = (root.pos != AnyPosition::start(rules.ruleset())).then(|| root.pos.compact());
        let rulings: Vec<(String, String)> = (rules.ruling_set().iter())
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        let new = NewRecord {
            ruleset: rules.ruleset(),
            title,
            source,
            date,
            south,
            north,
            start: start.as_deref(),
            preset: rules.preset(),
            rulings: &rulings,
            moves: &moves,
        };
        let text = game_record::write_record(&new)
            .map_err(|f| refusal(&f))
            .or_raise(py)?;
        let options = Arc::new(ReplayOptions {
            repair_window: 0,
            ..ReplayOptions::default()
        });
        let file = Arc::new(game_record::read_text("<board>", text, None, &options));
        GameRecord::new(py, &file, 0, &options)
    }

    fn __repr__(&self) -> String {
        let r = self.file.games[self.i].record.as_ref();
        let players = match r.map(|r| (&r.south, &r.north)) {
            Some((Some(s), Some(n))) => format!(", {} vs {}", quoted(s), quoted(n)),
            _ => String::new(),
        };
        format!(
            "GameRecord({}{players}, plies={})",
            quoted(self.played.ruleset.name()),
            self.played.moves.len()
        )
    }
}

/// Where games are read from: paths, or a text.
enum Source {
    Paths(Vec<PathBuf>),
    Text(String, String),
}

/// A path (`os.PathLike`, or a `str` of one line), a text (a `str` holding a line break), or an
/// open file (anything with `read()`).
fn source(source: &Bound<'_, PyAny>, name: Option<&str>) -> PyResult<Source> {
    if let Ok(text) = source.downcast::<PyString>() {
        let text = text.to_cow()?;
        if text.contains('\n') {
            return Ok(Source::Text(
                name.unwrap_or("<text>").to_string(),
                text.into_owned(),
            ));
        }
        return Ok(Source::Paths(vec![PathBuf::from(&*text)]));
    }
    if source.hasattr("read")? {
        let text: String = source.call_method0("read")?.extract()?;
        let named = match name {
            Some(n) => n.to_string(),
            None => match source.getattr("name").and_then(|n| n.extract::<String>()) {
                Ok(n) => n,
                Err(_) => "<text>".to_string(),
            },
        };
        return Ok(Source::Text(named, text));
    }
    if let Ok(one) = source.extract::<PathBuf>() {
        return Ok(Source::Paths(vec![one]));
    }
    Ok(Source::Paths(source.extract()?))
}

fn read(
    py: Python<'_>,
    from: &Bound<'_, PyAny>,
    name: Option<&str>,
    ruleset: Option<bao_rules::Ruleset>,
    rulings: Option<BTreeMap<String, String>>,
    preset: Option<String>,
    first_only: bool,
) -> PyResult<Vec<GameRecord>> {
    let options = Arc::new(crate::records::options(rulings, preset, false, 0).or_raise(py)?);
    let files: Vec<GameFile> = match source(from, name)? {
        Source::Text(name, text) => {
            vec![game_record::read_text(&name, text, ruleset, &options)]
        }
        Source::Paths(paths) => {
            let (found, problems) = input::collect(&paths, input::GAME_FILES);
            if !problems.is_empty() {
                return Err(unread(py, &problems));
            }
            let mut files = Vec::new();
            for path in found {
                match game_record::read_file(&path, ruleset, &options) {
                    Ok(file) => files.push(file),
                    Err(e) => return Err(unread(py, &[IoProblem::new(&path, &e)])),
                }
                if first_only && files.iter().any(|f| !f.games.is_empty()) {
                    break;
                }
            }
            files
        }
    };
    let mut games = Vec::new();
    for file in files {
        let file = Arc::new(file);
        for i in 0..file.games.len() {
            games.push(GameRecord::new(py, &file, i, &options)?);
            if first_only {
                return Ok(games);
            }
        }
    }
    Ok(games)
}

/// The ReadError of paths that could not be read (no report: nothing was checked).
fn unread(py: Python<'_>, problems: &[IoProblem]) -> PyErr {
    crate::error::read_error(py, problems, py.None())
}

/// read_game(source, *, name=None, ruleset=None, rulings=None, preset=None) -> GameRecord
///
/// The first game of `source` as a GameRecord, as python-chess's `chess.pgn.read_game` reads the
/// next (`source` is no stream: where it holds no game, the error says so). `source`: a record file (YAML), a transcript (`.bao`, `.txt`: Donkers'
/// notation) or a folder of them, as a path (`str` or `os.PathLike`); or their text (a `str`
/// with a line break, or an open file), named `name`. Read and replayed as `check` reads and
/// replays them: a game stops at its first illegal move (see `errors`). `ruleset`: the game of a
/// transcript that names none (default `bao-la-kiswahili`); `rulings` and `preset` as `check`'s.
/// Raises ReadError for a path that cannot be read (a folder without game files too, as `check`
/// counts it), SetupError for a game that cannot be read or set up (an empty file, malformed
/// YAML, an unknown ruleset, a bad start position).
#[pyfunction]
#[pyo3(signature = (source, *, name = None, ruleset = None, rulings = None, preset = None))]
pub fn read_game(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    name: Option<&str>,
    ruleset: Option<crate::convert::RulesetArg>,
    rulings: Option<BTreeMap<String, String>>,
    preset: Option<String>,
) -> PyResult<GameRecord> {
    let games = read(
        py,
        source,
        name,
        ruleset.map(|r| r.0),
        rulings,
        preset,
        true,
    )?;
    games.into_iter().next().ok_or_else(|| {
        Refusal::setup(
            bao_oracle::Code::EmptyFile,
            None,
            "no game record was given".to_string(),
            None,
        )
        .into_err(py)
    })
}

/// read_games(source, *, name=None, ruleset=None, rulings=None, preset=None) -> list[GameRecord]
///
/// Every game of `source` (a file of several records, a folder searched as `check` searches
/// it, or a text), in order, as `read_game` reads the first.
#[pyfunction]
#[pyo3(signature = (source, *, name = None, ruleset = None, rulings = None, preset = None))]
pub fn read_games(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    name: Option<&str>,
    ruleset: Option<crate::convert::RulesetArg>,
    rulings: Option<BTreeMap<String, String>>,
    preset: Option<String>,
) -> PyResult<Vec<GameRecord>> {
    read(
        py,
        source,
        name,
        ruleset.map(|r| r.0),
        rulings,
        preset,
        false,
    )
}
