//! Conformance in-process: a Python object answering the protocol's messages is run through the
//! oracle's own conformance run (`bao_oracle::harness::conform`: its scenarios, random games, position
//! probes, judge and shrinking), over the [`Link`] seam instead of a child process.

use std::collections::BTreeMap;

use bao_oracle::harness::conform as run;
use bao_oracle::harness::conform::{
    Asked, EngineInfo, Fatal, Link, Options, PlanError, Reply, Report, Scenarios, Session,
};
use bao_oracle::harness::protocol::{self, Request, Response, RulesetSupport};
use bao_oracle::input::selection::Selection;
use bao_rules::Ruleset;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::Value;

use crate::convert::{RulesetArg, from_py, json_to_py, to_py};

/// A Python engine: `legal_moves(request)` and `play(request)` take a request as the protocol's
/// JSON message (a dict) and return the response message (a dict; its `id` may be left out).
struct InProcess<'py> {
    engine: Bound<'py, PyAny>,
    info: EngineInfo,
    next_id: u64,
    requests: u64,
    /// A KeyboardInterrupt, SystemExit or pending signal met during a call: the run stops, and
    /// it is raised again.
    interrupted: Option<PyErr>,
}

impl<'py> InProcess<'py> {
    /// The engine's `hello()` if it has one, else `rulesets` at their default rulings.
    fn start(engine: Bound<'py, PyAny>, rulesets: Option<&[RulesetArg]>) -> PyResult<Self> {
        let info = if engine.hasattr("hello")? {
            let answer = engine.call_method0("hello")?;
            let mut value = from_py(&answer)?;
            if let Value::Object(map) = &mut value {
                map.entry("id").or_insert(Value::from(0));
                map.entry("type").or_insert(Value::from("hello"));
                map.entry("protocol")
                    .or_insert(Value::from(protocol::VERSION));
            }
            match serde_json::from_value::<Response>(value.clone()) {
                Ok(Response::Hello {
                    engine: name,
                    version,
                    protocol,
                    rulesets,
                    ..
                }) => EngineInfo {
                    name,
                    version,
                    protocol,
                    rulesets,
                },
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "the engine's hello() is not a `hello` answer: {value}"
                    )));
                }
            }
        } else {
            let name = engine.get_type().name()?.to_string();
            let rulesets: Vec<Ruleset> = match rulesets {
                Some(given) => given.iter().map(|r| r.0).collect(),
                None => Ruleset::ALL.to_vec(),
            };
            EngineInfo {
                name,
                version: None,
                protocol: protocol::VERSION,
                rulesets: rulesets
                    .into_iter()
                    .map(|r| (r.name().to_string(), RulesetSupport::default()))
                    .collect(),
            }
        };
        if info.protocol != protocol::VERSION {
            return Err(PyValueError::new_err(format!(
                "the engine speaks protocol version {}; this oracle speaks {}",
                info.protocol,
                protocol::VERSION
            )));
        }
        Ok(InProcess {
            engine,
            info,
            next_id: 1,
            requests: 1,
            interrupted: None,
        })
    }

    /// One request answered: the engine's answer as the line it would have written.
    fn answer(&mut self, request: &mut Request) -> Reply {
        let id = protocol::id(self.next_id);
        self.next_id += 1;
        self.requests += 1;
        match request {
            Request::Hello { id: i, .. }
            | Request::LegalMoves { id: i, .. }
            | Request::Play { id: i, .. } => *i = id.clone(),
        }
        let py = self.engine.py();
        if let Err(e) = py.check_signals() {
            self.interrupted = Some(e);
            return Reply::Invalid {
                line: "(interrupted)".into(),
                why: "interrupted".into(),
            };
        }
        let method = match request {
            Request::Hello { .. } => "hello",
            Request::LegalMoves { .. } => "legal_moves",
            Request::Play { .. } => "play",
        };
        let called = (|| -> PyResult<Value> {
            let message = serde_json::to_value(&*request).expect("requests serialize");
            let answer = self.engine.call_method1(method, (to_py(py, &message)?,))?;
            from_py(&answer)
        })();
        match called {
            Ok(mut answer) => {
                if let Value::Object(map) = &mut answer {
                    map.entry("id").or_insert(id.clone());
                }
                let line = answer.to_string();
                run::read_reply(line, &id)
            }
            Err(e) if !e.is_instance_of::<pyo3::exceptions::PyException>(py) => {
                // A BaseException that is no Exception (KeyboardInterrupt, SystemExit): not the
                // engine's answer, the caller's wish to stop.
                self.interrupted = Some(e);
                Reply::Invalid {
                    line: "(interrupted)".into(),
                    why: "interrupted".into(),
                }
            }
            Err(e) => {
                let why = format!("{method}() raised {}", describe(py, &e));
                Reply::Invalid {
                    line: format!("({why})"),
                    why,
                }
            }
        }
    }
}

/// A plan's error as Python's `ValueError`.
fn value_error(e: PlanError) -> PyErr {
    PyValueError::new_err(e.message)
}

/// An exception in one line: its type and message.
fn describe(py: Python<'_>, e: &PyErr) -> String {
    let kind = e
        .get_type(py)
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "an exception".into());
    format!("{kind}: {}", e.value(py))
}

impl Link for InProcess<'_> {
    fn info(&self) -> &EngineInfo {
        &self.info
    }

    fn exchange(&mut self, requests: &mut [Request]) -> Result<Vec<Reply>, Fatal> {
        let mut replies = Vec::with_capacity(requests.len());
        for request in requests {
            replies.push(self.answer(request));
            // Ctrl-C, sys.exit() and their kin end the run, and are raised again after it
            // (round four's K13: the run went on and the engine was blamed).
            if self.interrupted.is_some() {
                return Err(Fatal("interrupted".into()));
            }
        }
        Ok(replies)
    }

    fn requests(&self) -> u64 {
        self.requests
    }

    fn restarts(&self) -> u32 {
        0
    }
}

/// A conformance run's report: `conforms`, `to_json()` (the report as `bao-oracle conform
/// --format json` prints it), `to_dict()` and `data` (that document as data), `findings` (its
/// divergences), `str()` the report for people, `_repr_html_()` the page of `conform --format
/// html` (a notebook shows it).
#[pyclass(frozen, module = "bao_oracle")]
pub struct ConformReport {
    report: Report,
    data: PyObject,
}

#[pymethods]
impl ConformReport {
    /// Whether the engine conforms: no case failed and nothing else went wrong.
    #[getter]
    fn conforms(&self) -> bool {
        self.report.conforms()
    }

    /// The report as data (the JSON report's fields).
    #[getter]
    fn data(&self, py: Python<'_>) -> PyObject {
        self.data.clone_ref(py)
    }

    /// The report as data: a new dict each call, `json.loads(report.to_json())`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.to_json(),))
    }

    /// The report as `bao-oracle conform --format json` prints it, byte for byte.
    fn to_json(&self) -> String {
        format!("{}\n", self.report.to_json())
    }

    /// The page of `bao-oracle conform --format html`.
    fn _repr_html_(&self) -> String {
        self.report.to_html()
    }

    /// The findings: each a different way the engine disagrees with the oracle, with the rule
    /// ids, its shortest reproduction (`start`, `moves`) and both answers.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.data.bind(py).get_item("divergences")
    }

    /// The closing line: `N passed, M failed`.
    #[getter]
    fn summary(&self) -> String {
        self.report.summary.closing_line()
    }

    /// Why the run fails, for an assertion: the finding with the shortest reproduction, as the
    /// report prints it, and the counts; None when the engine conforms.
    fn failure(&self) -> Option<String> {
        if self.report.conforms() {
            return None;
        }
        let mut out = String::new();
        if let Some(d) = self.report.divergences.iter().min_by_key(|d| d.moves.len()) {
            let more = self.report.divergences.len() - 1;
            out.push_str(&d.to_human());
            if more > 0 {
                out.push_str(&format!("(and {more} more findings)\n"));
            }
        }
        for problem in &self.report.problems {
            out.push_str(&format!("{problem}\n"));
        }
        out.push_str(&self.report.summary.closing_line());
        Some(out)
    }

    fn __str__(&self) -> String {
        self.report.to_human()
    }

    fn __repr__(&self) -> String {
        format!(
            "ConformReport(conforms={}, {})",
            if self.report.conforms() {
                "True"
            } else {
                "False"
            },
            self.report.summary.closing_line()
        )
    }
}

/// conform(engine, *, rulesets=None, games=20, positions=20, seed=0, preset=None, rulings=None,
/// skip=(), known_failures=(), allow_skips=False, max_laps=None, spec=None) -> ConformReport
///
/// Runs `engine` through `bao-oracle conform`'s run, in this process: every scenario of the
/// specification, `games` seeded random games and `positions` position probes per ruleset, each
/// answer judged against the oracle's, each diverging game shrunk to its shortest reproduction.
///
/// `engine` is any object with `legal_moves(request)` and `play(request)`: each takes the
/// protocol's request message as a dict (`ruleset`, `rulings`, `position`, and for `play`
/// `move` and maybe `history`) and returns the response message as a dict (`{"type": "moves",
/// "moves": [...]}`, `{"type": "played", "position": ..., "events": [...]}`, `{"type":
/// "illegal", "reason": ...}`, `{"type": "error", "code": ..., "message": ...}`, ...; see
/// docs/protocol.md). An optional `hello()` returns the handshake's answer (engine name,
/// rulesets, rulings, presets); without it the engine is taken to play `rulesets` (default:
/// all four) at the default rulings. An exception raised by a call fails that case.
///
/// The options are `bao-oracle conform`'s: `skip` and `known_failures` are case-name globs,
/// `max_laps` leaves out moves the oracle needs more laps to decide, `spec` the specification
/// files or folders whose scenarios to run (default: the one built in).
#[pyfunction]
#[pyo3(signature = (engine, *, rulesets = None, games = 20, positions = 20, seed = 0, preset = None, rulings = None, skip = Vec::new(), known_failures = Vec::new(), allow_skips = false, max_laps = None, spec = None))]
#[allow(clippy::too_many_arguments)]
pub fn conform(
    py: Python<'_>,
    engine: Bound<'_, PyAny>,
    rulesets: Option<Vec<crate::convert::RulesetArg>>,
    games: u64,
    positions: u64,
    seed: u64,
    preset: Option<String>,
    rulings: Option<BTreeMap<String, String>>,
    skip: Vec<String>,
    known_failures: Vec<String>,
    allow_skips: bool,
    max_laps: Option<u32>,
    spec: Option<Vec<std::path::PathBuf>>,
) -> PyResult<ConformReport> {
    // Read as the command line reads `--ruling` and `--preset`: each some game's.
    let rulings = rulings.unwrap_or_default();
    let pairs = rulings.iter().map(|(n, v)| (n.as_str(), v.as_str()));
    let selection = Selection::from_pairs(None, preset.as_deref(), pairs)
        .map_err(|e| PyValueError::new_err(e.message_with_rule()))?;
    let session = Session {
        asked: Asked {
            rulesets: rulesets.iter().flatten().map(|r| r.0).collect(),
            rulings: (selection.rulings.iter())
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            preset: selection.preset,
        },
        options: Options {
            games,
            positions,
            seed,
            skip,
            known_failures,
            allow_skips,
            max_laps,
            only: Vec::new(),
            strict_positions: false,
        },
        scenarios: Scenarios::load(spec.as_deref().unwrap_or_default()).map_err(value_error)?,
        // In this process there is nothing to time out or restart: a call's exception fails its
        // case.
        timeout: std::time::Duration::MAX,
        max_restarts: 0,
    };
    let mut link = InProcess::start(engine, rulesets.as_deref())?;
    let ran = session.run(&mut link, None);
    if let Some(interrupted) = link.interrupted.take() {
        return Err(interrupted);
    }
    let report = ran.map_err(|e| PyValueError::new_err(e.message))?;
    let data = json_to_py(py, &report.to_json())?;
    Ok(ConformReport { report, data })
}
