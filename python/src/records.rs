//! Records: `check` of files, folders or a string, returning the JSON report's data (the oracle's
//! own renderer, so the same field names as `bao-oracle check --format json`), and `import` of a
//! transcript.

use std::collections::BTreeMap;
use std::path::PathBuf;

use bao_oracle::Code;
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::check::{self as checking, FileReport};
use bao_oracle::diagnostics::Finding;
use bao_oracle::input::selection::Selection;
use bao_oracle::render::json;
use bao_oracle::rewrite::import::{self, ImportOptions};
use pyo3::prelude::*;
use serde_json::{Value, json as value};

use crate::convert::{json_to_py, to_py};
use crate::error::{OrRaise, Refusal, selection_refusal};

/// The rulings of a check, read as the command line reads `--ruling` and `--preset`: each some
/// game's.
fn options(
    rulings: Option<BTreeMap<String, String>>,
    preset: Option<String>,
    infer_rulings: bool,
    repair_window: u32,
) -> Result<ReplayOptions, Refusal> {
    let rulings = rulings.unwrap_or_default();
    let pairs = rulings.iter().map(|(n, v)| (n.as_str(), v.as_str()));
    let Selection {
        rulings, preset, ..
    } = Selection::from_pairs(None, preset.as_deref(), pairs).map_err(selection_refusal)?;
    Ok(ReplayOptions {
        rulings,
        preset,
        compare: None,
        repair_window,
        infer_rulings,
    })
}

/// check(paths, *, rulings=None, preset=None, infer_rulings=False, repair_window=8) -> dict
///
/// Checks record files and folders (walked for *.yaml, *.yml, *.bao) as `bao-oracle check
/// --format json` does, and returns that report as data: `version`, `files` (each with its
/// `games`: `valid`, `errors` with `code`, `rule`, `line`, `suggestions` ..., `repair`,
/// `ruling_inference`), `summary` and `io_errors`. docs/json-report.md documents every field.
#[pyfunction]
#[pyo3(signature = (paths, *, rulings = None, preset = None, infer_rulings = false, repair_window = 8))]
pub fn check(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    rulings: Option<BTreeMap<String, String>>,
    preset: Option<String>,
    infer_rulings: bool,
    repair_window: u32,
) -> PyResult<PyObject> {
    let paths: Vec<PathBuf> = match paths.extract::<PathBuf>() {
        Ok(one) => vec![one],
        Err(_) => paths.extract()?,
    };
    let options = options(rulings, preset, infer_rulings, repair_window).or_raise(py)?;
    let report = py.allow_threads(|| {
        let (files, mut problems) = checking::collect_files(&paths);
        let mut reports = Vec::with_capacity(files.len());
        for path in &files {
            match checking::check_file(path, &options) {
                Ok(file) => reports.push(file),
                Err(problem) => problems.push(problem),
            }
        }
        json::render(&reports, &problems)
    });
    json_to_py(py, &report)
}

/// check_text(text, *, name="<text>", rulings=None, preset=None, infer_rulings=False,
/// repair_window=8) -> dict
///
/// Checks the records (or the published transcript) in `text` as `check` checks a file named
/// `name`; the same report as `check`, with one file.
#[pyfunction]
#[pyo3(signature = (text, *, name = "<text>", rulings = None, preset = None, infer_rulings = false, repair_window = 8))]
pub fn check_text(
    py: Python<'_>,
    text: &str,
    name: &str,
    rulings: Option<BTreeMap<String, String>>,
    preset: Option<String>,
    infer_rulings: bool,
    repair_window: u32,
) -> PyResult<PyObject> {
    let options = options(rulings, preset, infer_rulings, repair_window).or_raise(py)?;
    let report = py.allow_threads(|| {
        let file = FileReport {
            path: name.to_string(),
            text: text.to_string(),
            games: checking::check_text(text, &options),
        };
        json::render(&[file], &[])
    });
    json_to_py(py, &report)
}

fn finding(f: &Finding) -> Value {
    value!({
        "code": f.code.as_str(),
        "rule": f.rule,
        "message": f.message,
        "ply": f.ply,
        "move": f.mv,
        "help": f.help,
    })
}

/// import_transcript(text, *, ruleset="bao-la-kiswahili", name="transcript", source=None,
/// rulings=None, strict=False) -> dict
///
/// Imports a published transcript (Donkers' notation) as `bao-oracle import` does: returns
/// `{"record": <the YAML record>, "warnings": [<slips read on the way>]}`. A transcript that
/// cannot be imported raises BaoError (the first finding's code, rule and message) whose
/// `.findings` lists them all.
#[pyfunction]
#[pyo3(signature = (text, *, ruleset = "bao-la-kiswahili", name = "transcript", source = None, rulings = None, strict = false))]
pub fn import_transcript(
    py: Python<'_>,
    text: &str,
    ruleset: &str,
    name: &str,
    source: Option<&str>,
    rulings: Option<BTreeMap<String, String>>,
    strict: bool,
) -> PyResult<PyObject> {
    let rulings = rulings.unwrap_or_default();
    let pairs = rulings.iter().map(|(n, v)| (n.as_str(), v.as_str()));
    let rulings = Selection::from_pairs(Some(ruleset), None, pairs)
        .map_err(selection_refusal)
        .or_raise(py)?
        .rulings;
    let options = ImportOptions {
        name,
        source,
        ruleset,
        rulings: &rulings,
        strict,
    };
    match import::import(text, &options) {
        Ok(imported) => {
            let warnings: Vec<Value> = imported.warnings.iter().map(finding).collect();
            to_py(
                py,
                &value!({"record": imported.record, "warnings": warnings}),
            )
        }
        Err(report) => {
            // Refused as `check` reports the transcript's game: its findings, then its slips.
            let all: Vec<&Finding> = report.findings.iter().chain(&report.warnings).collect();
            let first = all.first().map(|f| (*f).clone()).unwrap_or_else(|| {
                Finding::new(Code::EmptyFile, "the transcript could not be imported")
            });
            let err =
                Refusal::setup(first.code, first.rule, first.message, first.help).into_err(py);
            let all: Vec<Value> = all.into_iter().map(finding).collect();
            err.value(py)
                .setattr("findings", to_py(py, &Value::Array(all))?)?;
            Err(err)
        }
    }
}
