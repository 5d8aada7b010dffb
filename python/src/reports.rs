//! A check's report as an object: the JSON report's text and data (the oracle's own renderer:
//! `bao-oracle check --format json`'s document, byte for byte) and its HTML page (`check --format
//! html`'s, for notebooks). The page costs more than twice the check to draw, and its boards held
//! until then many times the files' size (measured on the corpus): it is drawn when first shown,
//! by the same check again, whose JSON must be the report's (the files unchanged).

use bao_oracle::check::Summary;
use std::path::PathBuf;

use bao_oracle::check::run::{self as checking, CheckOptions, Outcome, Reporter, Verdict};
use bao_oracle::render::check as check_render;
use bao_oracle::render::markup::escape;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::PyList;

/// A check's report: `to_json()` is `bao-oracle check --format json`'s text, `to_dict()` its data
/// (docs/json-report.md documents every field), `_repr_html_()` the page of `check --format
/// html` (a notebook shows it); `valid`, the counts and `files`/`games` read it. `report[key]`
/// reads the data as the dict `check()` once returned did.
#[pyclass(frozen, module = "bao_oracle")]
pub struct CheckReport {
    json: String,
    /// What was checked, to check it again for the page; the page once drawn.
    checked: Checked,
    html: GILOnceCell<String>,
    /// The data, read once by Python's own reader (which keeps the report's key order).
    data: PyObject,
    summary: Summary,
    verdict: Verdict,
}

/// What a check checked: paths, or a text named as a file, under its options.
pub enum Checked {
    Paths(Vec<PathBuf>, CheckOptions),
    Text(String, String, CheckOptions),
}

impl Checked {
    pub fn run(&self, reporter: &mut dyn Reporter) -> Outcome {
        match self {
            Checked::Paths(paths, options) => checking::run(paths, options, reporter),
            Checked::Text(name, text, options) => checking::run_text(name, text, options, reporter),
        }
    }
}

impl CheckReport {
    /// The page of the check, checked again: `check --format html`'s, where the check's JSON is
    /// the report's; else a page that says the files changed.
    fn page(&self) -> String {
        let (json, page, _) = check_render::json_and_html_report(|r| self.checked.run(r));
        if json == self.json {
            return page;
        }
        format!(
            "<p><strong>bao-oracle check</strong>: the files checked have changed since this \
             report ({}): check them again to see their page.</p>\n",
            escape(&bao_oracle::render::summary_line(&self.summary))
        )
    }

    pub fn new(
        py: Python<'_>,
        json: String,
        checked: Checked,
        outcome: &Outcome,
    ) -> PyResult<Self> {
        let data = py
            .import("json")?
            .call_method1("loads", (json.as_str(),))?
            .unbind();
        Ok(CheckReport {
            json,
            checked,
            html: GILOnceCell::new(),
            data,
            summary: outcome.summary,
            verdict: outcome.verdict(),
        })
    }
}

#[pymethods]
impl CheckReport {
    /// Whether every game of every path replayed and is valid (`bao-oracle check` exits 0).
    #[getter]
    fn valid(&self) -> bool {
        self.verdict == Verdict::Valid
    }

    /// The games that are valid.
    #[getter]
    fn passed(&self) -> usize {
        self.summary.valid
    }

    /// The games that are not.
    #[getter]
    fn failed(&self) -> usize {
        self.summary.invalid
    }

    /// The counts: `files`, `games`, `valid`, `invalid`, `warnings`, `io_errors`.
    #[getter]
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.data.bind(py).get_item("summary")
    }

    /// Each file checked, with its games' results (`path`, `games`).
    #[getter]
    fn files<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.data.bind(py).get_item("files")
    }

    /// Every game's result, file after file (each with its `index` in its file, `valid`,
    /// `plies`, `result`, `errors`, `warnings`, `ruleset`, ...).
    #[getter]
    fn games<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let games = PyList::empty(py);
        for file in self.data.bind(py).get_item("files")?.try_iter()? {
            for game in file?.get_item("games")?.try_iter()? {
                games.append(game?)?;
            }
        }
        Ok(games)
    }

    /// The paths that could not be read (`path`, `code`, `message`).
    #[getter]
    fn io_errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.data.bind(py).get_item("io_errors")
    }

    /// With `infer_rulings`: which games decide which ruling; else None.
    #[getter]
    fn rulings_table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let data = self.data.bind(py);
        match data.contains("rulings_table")? {
            true => data.get_item("rulings_table"),
            false => Ok(py.None().into_bound(py)),
        }
    }

    /// The report as data: a new dict each call, `json.loads(report.to_json())`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (self.json.as_str(),))
    }

    /// The report as `bao-oracle check --format json` prints it, byte for byte.
    fn to_json(&self) -> &str {
        &self.json
    }

    /// The page of `bao-oracle check --format html`: every game's boards, step by step (drawn
    /// when first asked for, by the same check again; a short page says so if the files have
    /// changed since).
    fn _repr_html_(&self, py: Python<'_>) -> &str {
        if let Some(page) = self.html.get(py) {
            return page;
        }
        let page = py.allow_threads(|| self.page());
        self.html.get_or_init(py, || page)
    }

    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        self.data.bind(py).get_item(key)
    }

    fn __contains__(&self, py: Python<'_>, key: &str) -> PyResult<bool> {
        self.data.bind(py).contains(key)
    }

    /// The closing line: `N passed, M failed`, the warnings and the unread paths.
    fn __str__(&self) -> String {
        bao_oracle::render::summary_line(&self.summary)
    }

    fn __repr__(&self) -> String {
        format!(
            "CheckReport(valid={}, '{}')",
            if self.valid() { "True" } else { "False" },
            bao_oracle::render::summary_line(&self.summary)
        )
    }
}
