//! The oracle's refusals as Python exceptions: each carries the stable code, the rule id (or
//! None) and the message, and reads as the line the command line prints (`error[code]: ...`).

use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyTuple, PyType};

/// The four exception classes, made once at import: Python's conventions want a bad move or
/// position to be a `ValueError` and an unread path an `OSError`, and PyO3's
/// `create_exception!` takes one base, so they are made by `type()` with several.
pub struct Classes {
    pub bao: Py<PyType>,
    pub moves: Py<PyType>,
    pub setup: Py<PyType>,
    pub read: Py<PyType>,
}

static CLASSES: GILOnceCell<Classes> = GILOnceCell::new();

const BAO_DOC: &str = "A refusal of the oracle: `.code` (the stable error code, as `bao-oracle` \
     prints it), `.rule` (the rule id, or None), `.message` (why, in words), `.help` (what to \
     write instead, or None); `str()` is the line the command line prints.";
const MOVE_DOC: &str = "A move the oracle does not play (also a ValueError): not notation, \
     ambiguous, illegal, undecided, after the end of the game, or a false claim. `.candidates`: \
     the legal moves an ambiguous spelling fits.";
const SETUP_DOC: &str = "A game or position the oracle cannot set up (also a ValueError): an \
     unknown ruleset, ruling or preset, or a text that is no position of the game.";
const READ_DOC: &str = "A check (or a read of game records) that could not read some of its \
     paths (also an OSError): a missing file, a folder that cannot be listed; nothing unread may \
     pass, as `bao-oracle check` exits 2. `.code` is `io-error`, `.problems` the paths with why \
     (`path`, `message`), `.report` the CheckReport of the rest (None from `read_game`).";

/// The classes, made on first use (the module's import makes them).
pub fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        let builtins = py.import("builtins")?;
        let make = |name: &str, doc: &str, bases: Vec<Bound<'_, PyAny>>| -> PyResult<Py<PyType>> {
            let dict = PyDict::new(py);
            dict.set_item("__module__", "bao_oracle")?;
            dict.set_item("__doc__", doc)?;
            let class = builtins
                .getattr("type")?
                .call1((name, PyTuple::new(py, bases)?, dict))?;
            Ok(class.downcast_into::<PyType>()?.unbind())
        };
        let bao = make("BaoError", BAO_DOC, vec![builtins.getattr("Exception")?])?;
        let value_error = builtins.getattr("ValueError")?;
        let moves = make(
            "MoveError",
            MOVE_DOC,
            vec![bao.bind(py).clone().into_any(), value_error.clone()],
        )?;
        let setup = make(
            "SetupError",
            SETUP_DOC,
            vec![bao.bind(py).clone().into_any(), value_error],
        )?;
        let read = make(
            "ReadError",
            READ_DOC,
            vec![
                bao.bind(py).clone().into_any(),
                builtins.getattr("OSError")?,
            ],
        )?;
        Ok(Classes {
            bao,
            moves,
            setup,
            read,
        })
    })
}

/// An exception of `class` with `text` as its one argument (what `str()` shows).
fn new_err(py: Python<'_>, class: fn(&Classes) -> &Py<PyType>, text: String) -> PyErr {
    match classes(py) {
        Ok(c) => PyErr::from_type(class(c).bind(py).clone(), text),
        Err(e) => e,
    }
}

/// The ReadError of a check whose `problems` could not be read, carrying its `report`.
pub fn read_error(
    py: Python<'_>,
    problems: &[bao_oracle::check::IoProblem],
    report: PyObject,
) -> PyErr {
    let code = bao_oracle::Code::IoError.as_str();
    let listed: Vec<String> = problems
        .iter()
        .map(|p| format!("{}: {}", p.path, p.message))
        .collect();
    let message = format!(
        "{} file(s) or folder(s) could not be read: {}",
        problems.len(),
        listed.join("; ")
    );
    let err = new_err(py, |c| &c.read, format!("error[{code}]: {message}"));
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("code", code)?;
        value.setattr("rule", py.None())?;
        value.setattr("message", &message)?;
        value.setattr("help", py.None())?;
        let problems: Vec<(String, String)> = problems
            .iter()
            .map(|p| (p.path.clone(), p.message.clone()))
            .collect();
        let list = pyo3::types::PyList::empty(py);
        for (path, message) in problems {
            let item = pyo3::types::PyDict::new(py);
            item.set_item("path", path)?;
            item.set_item("message", message)?;
            list.append(item)?;
        }
        value.setattr("problems", list)?;
        value.setattr("report", report)?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// Which exception class.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Move,
    Setup,
}

/// A refusal, before it becomes an exception (boxed: results stay small).
#[derive(Clone, Debug)]
pub struct Refusal(Box<Details>);

/// What a refusal carries.
#[derive(Clone, Debug)]
pub struct Details {
    pub kind: Kind,
    pub code: String,
    pub rule: Option<String>,
    pub message: String,
    pub help: Option<String>,
    /// What the command line prints after `error[code]: `.
    pub line: String,
    pub candidates: Vec<String>,
}

impl Refusal {
    pub fn setup(
        code: impl ToString,
        rule: Option<&str>,
        message: String,
        help: Option<String>,
    ) -> Self {
        let line = match rule {
            Some(rule) => format!("{message} ({rule})"),
            None => message.clone(),
        };
        Refusal(Box::new(Details {
            kind: Kind::Setup,
            code: code.to_string(),
            rule: rule.map(str::to_string),
            message,
            help,
            line,
            candidates: Vec::new(),
        }))
    }

    /// A move not played: `line` is what the command line prints after `error[code]: `.
    pub fn refused_move(
        code: impl ToString,
        rule: Option<&str>,
        message: String,
        line: String,
        candidates: Vec<String>,
    ) -> Self {
        Refusal(Box::new(Details {
            kind: Kind::Move,
            code: code.to_string(),
            rule: rule.map(str::to_string),
            message,
            help: None,
            line,
            candidates,
        }))
    }

    pub fn into_err(self, py: Python<'_>) -> PyErr {
        let this = *self.0;
        let text = format!("error[{}]: {}", this.code, this.line);
        let err = match this.kind {
            Kind::Move => new_err(py, |c| &c.moves, text),
            Kind::Setup => new_err(py, |c| &c.setup, text),
        };
        let value = err.value(py);
        let set = || -> PyResult<()> {
            value.setattr("code", &this.code)?;
            value.setattr("rule", &this.rule)?;
            value.setattr("message", &this.message)?;
            value.setattr("help", &this.help)?;
            if let Kind::Move = this.kind {
                value.setattr("candidates", &this.candidates)?;
            }
            Ok(())
        };
        match set() {
            Ok(()) => err,
            Err(e) => e,
        }
    }
}

/// `Result<T, Refusal>` into a Python result.
pub trait OrRaise<T> {
    fn or_raise(self, py: Python<'_>) -> PyResult<T>;
}

impl<T> OrRaise<T> for Result<T, Refusal> {
    fn or_raise(self, py: Python<'_>) -> PyResult<T> {
        self.map_err(|r| r.into_err(py))
    }
}

/// A selection (`ruleset`, `preset=`, `rulings=`) the library's one reader refuses, as a
/// SetupError.
pub fn selection_refusal(e: bao_oracle::input::selection::SelectionError) -> Refusal {
    Refusal::setup(e.code, e.rule, e.message, e.help)
}
