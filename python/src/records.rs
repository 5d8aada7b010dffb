//! Records: `check` of files, folders or a string, returning its report (the oracle's own
//! renderers: the JSON report of `bao-oracle check --format json` and the page of `--format
//! html`), and `import` of a transcript.

use std::collections::BTreeMap;
use std::path::PathBuf;

use bao_oracle::Code;
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::check::run::{CheckOptions, Verdict};
use bao_oracle::diagnostics::Finding;
use bao_oracle::input::selection::Selection;
use bao_oracle::render::check as check_render;
use bao_oracle::rewrite::import::{self, ImportOptions};
use pyo3::prelude::*;
use serde_json::{Value, json as value};

use crate::convert::to_py;
use crate::error::{OrRaise, Refusal, selection_refusal};
use crate::reports::{CheckReport, Checked};

/// The rulings of a check, read as the command line reads `--ruling` and `--preset`: each some
/// game's.
pub fn options(
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

/// The report of `checked` (checked again to draw its page, when first shown); a check that could
/// not read some path raises ReadError, as `bao-oracle check` exits 2: nothing unread passes.
fn report(py: Python<'_>, checked: Checked) -> PyResult<CheckReport> {
    let (json, outcome) =
        py.allow_threads(|| check_render::json_report(|reporter| checked.run(reporter)));
    let report = CheckReport::new(py, json, checked, &outcome)?;
    if outcome.verdict() == Verdict::Unread {
        let report = Py::new(py, report)?.into_any();
        return Err(crate::error::read_error(py, &outcome.problems, report));
    }
    Ok(report)
}

fn check_options(
    rulings: Option<BTreeMap<String, String>>,
    preset: Option<String>,
    infer_rulings: bool,
    repair_window: u32,
    strict: bool,
) -> Result<CheckOptions, Refusal> {
    Ok(CheckOptions {
        replay: options(rulings, preset, infer_rulings, repair_window)?,
        strict,
    })
}

/// check(paths, *, rulings=None, preset=None, infer_rulings=False, repair_window=8,
/// strict=False) -> CheckReport
///
/// Checks record files, transcripts and folders as `bao-oracle check` does, and returns its
/// report: `to_json()` the text of `--format json`, `to_dict()` that document as data
/// (`version`, `files` (each with its `games`:
/// `valid`, `errors` with `code`, `rule`, `line`, `suggestions` ..., `warnings` (transcript slips,
/// `duplicate-game`), `repair`, `ruling_inference`), `rulings_table` (with `infer_rulings`),
/// `summary` and `io_errors`; docs/json-report.md documents every field), `_repr_html_()` the
/// page of `--format html`. A path that cannot be read raises ReadError (its `.report` is the
/// report of the rest).
#[pyfunction]
#[pyo3(signature = (paths, *, rulings = None, preset = None, infer_rulings = false, repair_window = 8, strict = false))]
pub fn check(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    rulings: Option<BTreeMap<String, String>>,
    preset: Option<String>,
    infer_rulings: bool,
    repair_window: u32,
    strict: bool,
) -> PyResult<CheckReport> {
    let paths: Vec<PathBuf> = match paths.extract::<PathBuf>() {
        Ok(one) => vec![one],
        Err(_) => paths.extract()?,
    };
    let options =
        check_options(rulings, preset, infer_rulings, repair_window, strict).or_raise(py)?;
    report(py, Checked::Paths(paths, options))
}

/// check_text(text, *, name="<text>", rulings=None, preset=None, infer_rulings=False,
/// repair_window=8, strict=False) -> CheckReport
///
/// Checks the records (or the published transcript) in `text` as `check` checks a file named
/// `name`; the same report as `check`, with one file.
#[pyfunction]
#[pyo3(signature = (text, *, name = "<text>", rulings = None, preset = None, infer_rulings = false, repair_window = 8, strict = false))]
#[allow(clippy::too_many_arguments)]
pub fn check_text(
    py: Python<'_>,
    text: &str,
    name: &str,
    rulings: Option<BTreeMap<String, String>>,
    preset: Option<String>,
    infer_rulings: bool,
    repair_window: u32,
    strict: bool,
) -> PyResult<CheckReport> {
    let options =
        check_options(rulings, preset, infer_rulings, repair_window, strict).or_raise(py)?;
    report(
        py,
        Checked::Text(name.to_string(), text.to_string(), options),
    )
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
#[pyo3(signature = (text, *, ruleset = None, name = "transcript", source = None, rulings = None, strict = false))]
pub fn import_transcript(
    py: Python<'_>,
    text: &str,
    ruleset: Option<crate::convert::RulesetArg>,
    name: &str,
    source: Option<&str>,
    rulings: Option<BTreeMap<String, String>>,
    strict: bool,
) -> PyResult<PyObject> {
    let rulings = rulings.unwrap_or_default();
    let pairs = rulings.iter().map(|(n, v)| (n.as_str(), v.as_str()));
    let ruleset = ruleset.map(|r| r.0);
    let rulings = Selection::from_pairs(ruleset.map(bao_rules::Ruleset::name), None, pairs)
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
