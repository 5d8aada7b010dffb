//! The conformance kit end to end: `bao-oracle conform` against the reference adapter, against the
//! Python example engine, against a copy of it with one rule broken, and against engines that
//! hang, crash or garble; every message exchanged is checked against its JSON Schema.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_bao-oracle");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn python_engine() -> PathBuf {
    root().join("examples/python-engine/engine.py")
}

/// A fresh directory under the target dir for one test's files.
fn scratch(name: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "bao-conform-{}-{name}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn quote(path: &Path) -> String {
    format!("'{}'", path.display())
}

fn conform(engine: &str, args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(root())
        .arg("conform")
        .arg("--engine")
        .arg(engine)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("bao-oracle runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn closing_line(out: &Output) -> String {
    let text = stdout(out);
    text.lines().last().unwrap_or("").to_string()
}

// --- Schemas -------------------------------------------------------------------------------------

struct Schemas {
    dir: PathBuf,
    /// Each schema is read and compiled once: a transcript holds thousands of messages.
    validators: RefCell<HashMap<String, jsonschema::Validator>>,
}

impl Schemas {
    fn new() -> Self {
        Schemas {
            dir: root().join("docs/schema"),
            validators: RefCell::default(),
        }
    }

    fn load(&self, file: &str) -> Value {
        let path = self.dir.join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let schema: Value = serde_json::from_str(&text).unwrap();
        jsonschema::draft202012::meta::validate(&schema)
            .unwrap_or_else(|e| panic!("{file} is not a draft 2020-12 schema: {e}"));
        schema
    }

    /// Checks one message against the schema its direction and `type` name.
    fn check(&self, direction: &str, message: &Value) {
        let kind = message["type"]
            .as_str()
            .unwrap_or_else(|| panic!("a message without a type: {message}"));
        let file = format!("{kind}-{direction}.json");
        let mut validators = self.validators.borrow_mut();
        let validator = validators
            .entry(file.clone())
            .or_insert_with(|| jsonschema::draft202012::new(&self.load(&file)).unwrap());
        if let Err(e) = validator.validate(message) {
            panic!("{message}\ndoes not fit {file}: {e}");
        }
    }

    /// Checks every line of a `--transcript` file; returns how many of each direction there were.
    fn check_transcript(&self, path: &Path) -> (usize, usize) {
        let text = std::fs::read_to_string(path).unwrap();
        let (mut requests, mut responses) = (0, 0);
        for line in text.lines() {
            let (direction, json) = match line.split_at(2) {
                ("> ", json) => {
                    requests += 1;
                    ("request", json)
                }
                ("< ", json) => {
                    responses += 1;
                    ("response", json)
                }
                _ => panic!("not a transcript line: {line}"),
            };
            let message: Value =
                serde_json::from_str(json).unwrap_or_else(|e| panic!("not JSON ({e}): {json}"));
            self.check(direction, &message);
        }
        (requests, responses)
    }
}

// --- The reference adapter -------------------------------------------------------------------------

#[test]
fn the_oracle_conforms_to_itself() {
    let dir = scratch("self");
    let transcript = dir.join("transcript.txt");
    let engine = format!("{} engine", quote(Path::new(BIN)));
    let out = conform(
        &engine,
        &[
            "--games",
            "30",
            "--transcript",
            transcript.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        closing_line(&out).ends_with(" passed, 0 failed"),
        "{}",
        stdout(&out)
    );
    let (requests, responses) = Schemas::new().check_transcript(&transcript);
    assert!(
        requests > 1000 && requests == responses,
        "{requests} {responses}"
    );
}

#[test]
fn every_answer_of_the_engine_command_fits_its_schema() {
    let start = "111111111111/111111111110/011111111111/111111111111 S";
    let requests = [
        r#"{"id":0,"type":"hello","protocol":1}"#.to_string(),
        format!(
            r#"{{"id":1,"type":"legal_moves","ruleset":"bao-la-kimasai","rulings":{{}},"position":"{start}"}}"#
        ),
        format!(
            r#"{{"id":2,"type":"play","ruleset":"bao-la-kimasai","rulings":{{}},"position":"{start}","move":"A2","history":[]}}"#
        ),
        format!(
            r#"{{"id":"three","type":"play","ruleset":"bao-la-kimasai","rulings":{{}},"position":"{start}","move":"B12"}}"#
        ),
        format!(
            r#"{{"id":4,"type":"play","ruleset":"bao-la-kimasai","rulings":{{}},"position":"{start}","move":"Z99"}}"#
        ),
        r#"{"id":5,"type":"legal_moves","ruleset":"bao-la-kimasai","rulings":{},"position":"1/1 S"}"#
            .to_string(),
        format!(
            r#"{{"id":6,"type":"legal_moves","ruleset":"go","rulings":{{}},"position":"{start}"}}"#
        ),
        r#"{"id":7,"type":"resign"}"#.to_string(),
        r#"{"id":8,"type":"play"}"#.to_string(),
        "this is not json".to_string(),
        "[1,2,3]".to_string(),
    ];
    let schemas = Schemas::new();
    // The first five requests are well formed: they fit the request schemas.
    for line in &requests[..5] {
        schemas.check("request", &serde_json::from_str(line).unwrap());
    }
    let mut child = Command::new(BIN)
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        for line in &requests {
            writeln!(stdin, "{line}").unwrap();
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let answers: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), requests.len(), "one answer per request");
    let kinds: Vec<&str> = answers
        .iter()
        .map(|a| a["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "hello",
            "moves",
            "played",
            "illegal",
            "error",
            "error",
            "unsupported",
            "unsupported",
            "error",
            "error",
            "error"
        ]
    );
    assert_eq!(answers[3]["id"], "three");
    for answer in &answers {
        schemas.check("response", answer);
    }
}

// --- The Python example engine ---------------------------------------------------------------------

fn python() -> String {
    format!("python3 {}", quote(&python_engine()))
}

#[test]
fn the_python_example_engine_conforms() {
    let dir = scratch("python");
    let transcript = dir.join("transcript.txt");
    let out = conform(
        &python(),
        &[
            "--games",
            "12",
            "--transcript",
            transcript.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        closing_line(&out).ends_with(" passed, 0 failed"),
        "{}",
        stdout(&out)
    );
    let (requests, responses) = Schemas::new().check_transcript(&transcript);
    assert!(requests > 100 && requests == responses);
}

/// The example engine with one rule broken by a text substitution: MAS-6 forgets that a stone
/// entering the front row from the back row (at the corner) captures too (MAS-A2).
fn broken_engine(dir: &Path) -> PathBuf {
    let source = std::fs::read_to_string(python_engine()).unwrap();
    let rule = "        if arrival[0] == front:\n";
    assert_eq!(
        source.matches(rule).count(),
        1,
        "the line to break is there once"
    );
    let broken = source.replace(
        rule,
        "        if arrival[0] == front and start[0] == front:\n",
    );
    let path = dir.join("broken_engine.py");
    std::fs::write(&path, broken).unwrap();
    path
}

#[test]
fn a_broken_rule_does_not_conform() {
    let dir = scratch("broken");
    let engine = format!("python3 {}", quote(&broken_engine(&dir)));
    let transcript = dir.join("transcript.txt");
    // Random games only (an empty spec), so that the snapshot does not change with `spec/`.
    let no_spec = scratch("no-spec");
    let random_only = ["--spec", no_spec.to_str().unwrap()];
    let args = ["--ruleset", "bao-la-kimasai", "--games", "10"];
    let out = conform(
        &engine,
        &[
            &args[..],
            &random_only,
            &["--transcript", transcript.to_str().unwrap()],
        ]
        .concat(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    insta::assert_snapshot!("broken_kimasai_report", stdout(&out));
    Schemas::new().check_transcript(&transcript);

    // With the scenarios of spec/: those about MAS-A2 fail too, with their own start and rules.
    let out = conform(&engine, &[&args[..], &["--format", "json"]].concat());
    assert_eq!(out.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["version"], 1);
    let cases = report["cases"].as_array().unwrap();
    let failed = |c: &&Value| c["status"] == "failed";
    assert_eq!(
        report["summary"]["failed"],
        cases.iter().filter(failed).count()
    );
    let random: Vec<&Value> = cases
        .iter()
        .filter(|c| c["name"].as_str().unwrap().contains("/random/"))
        .collect();
    assert_eq!(random.len(), 10);
    assert!(random.iter().all(failed));
    let scenario_failures: Vec<&Value> = cases
        .iter()
        .filter(failed)
        .filter(|c| !c["name"].as_str().unwrap().contains("/random/"))
        .collect();
    assert!(!scenario_failures.is_empty());
    for case in scenario_failures {
        let d = &report["divergences"][case["divergence"].as_u64().unwrap() as usize];
        assert!(
            d["rules"]
                .as_array()
                .unwrap()
                .contains(&Value::from("MAS-A2")),
            "{d}"
        );
    }
    let d = &report["divergences"][random[0]["divergence"].as_u64().unwrap() as usize];
    assert_eq!(d["moves"], serde_json::json!(["A2", "b11", "A3", "b12"]));
    assert_eq!(d["shrunk_from"], 11);
    assert!(
        d["rules"]
            .as_array()
            .unwrap()
            .contains(&Value::from("MAS-6"))
    );

    let out = conform(
        &engine,
        &[
            "--ruleset",
            "bao-la-kimasai",
            "--games",
            "3",
            "--format",
            "junit",
            "--spec",
            no_spec.to_str().unwrap(),
        ],
    );
    let xml = stdout(&out);
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert!(xml.contains("<testsuite name=\"bao-la-kimasai\" tests=\"3\" failures=\"3\""));
    assert!(xml.contains("<failure message=\"the position and events after b12 differ\">"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("0 passed, 3 failed"));
}

#[test]
fn known_failures_and_skips() {
    let dir = scratch("known");
    let engine = format!("python3 {}", quote(&broken_engine(&dir)));
    let known = dir.join("known.txt");
    std::fs::write(
        &known,
        "# the corner capture is not done yet\nbao-la-kimasai/random/*\n",
    )
    .unwrap();
    let no_spec = scratch("no-spec");
    let args = [
        "--ruleset",
        "bao-la-kimasai",
        "--games",
        "4",
        "--spec",
        no_spec.to_str().unwrap(),
        "--known-failures",
    ];
    let out = conform(&engine, &[&args[..], &[known.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(closing_line(&out), "0 passed, 0 failed, 4 skipped");

    // A known failure that passes now fails the run.
    let out = conform(&python(), &[&args[..], &[known.to_str().unwrap()]].concat());
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("known failures that pass now"));
    assert_eq!(closing_line(&out), "0 passed, 4 failed");

    // --skip
    let out = conform(
        &engine,
        &[
            "--ruleset",
            "bao-la-kimasai",
            "--games",
            "4",
            "--spec",
            no_spec.to_str().unwrap(),
            "--skip",
            "*/random/?",
            "--skip",
            "x",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert_eq!(closing_line(&out), "0 passed, 0 failed, 4 skipped");
}

// --- Engines that misbehave ------------------------------------------------------------------------

/// A wrapper around the example engine that misbehaves when asked to play `A2` from the start.
fn misbehaving(dir: &Path, how: &str) -> String {
    let script = format!(
        r#"import json, sys, time
sys.path.insert(0, {engine_dir:?})
import engine
for line in sys.stdin:
    request = json.loads(line)
    if request.get("type") == "play" and request.get("move") == "A2" and request.get("position") == {start:?}:
        {how}
    sys.stdout.write(json.dumps(engine.respond(line)) + "\n")
    sys.stdout.flush()
"#,
        engine_dir = python_engine().parent().unwrap().display().to_string(),
        start = "111111111111/111111111110/011111111111/111111111111 S",
    );
    let path = dir.join("misbehaving.py");
    std::fs::write(&path, script).unwrap();
    format!("python3 {}", quote(&path))
}

#[test]
fn hangs_crashes_and_garbled_answers_are_divergences() {
    let dir = scratch("misbehave");
    let no_spec = scratch("no-spec");
    let cases = [
        ("time.sleep(30)", "the engine did not answer within 0.5 s"),
        (
            "sys.stderr.write('boom\\n'); sys.stderr.flush(); sys.exit(3)",
            "the engine crashed",
        ),
        (
            "sys.stdout.write('{\"id\": -1, \"type\": \"moves\", \"moves\": []}\\n'); sys.stdout.flush(); continue",
            "the engine's answer is garbled",
        ),
    ];
    for (how, expected) in cases {
        let engine = misbehaving(&dir, how);
        let transcript = dir.join("transcript.txt");
        let out = conform(
            &engine,
            &[
                "--ruleset",
                "bao-la-kimasai",
                "--games",
                "2",
                "--timeout",
                "0.5",
                "--spec",
                no_spec.to_str().unwrap(),
                "--transcript",
                transcript.to_str().unwrap(),
            ],
        );
        let text = stdout(&out);
        assert_eq!(out.status.code(), Some(1), "{how}: {text}");
        assert!(text.contains(expected), "{how}: {text}");
        assert!(text.contains("the engine was restarted"), "{how}: {text}");
        // Every game's first move misbehaves; everything else still ran.
        assert_eq!(closing_line(&out), "0 passed, 2 failed", "{how}: {text}");
        if how.contains("exit") {
            assert!(text.contains("stderr: boom"), "{text}");
        }
    }
}

#[test]
fn an_engine_that_cannot_be_run_exits_2() {
    let dir = scratch("dead");
    let silent = dir.join("silent.py");
    std::fs::write(&silent, "import sys\nsys.exit(0)\n").unwrap();
    let wrong = dir.join("wrong.py");
    std::fs::write(
        &wrong,
        "import sys, json\nfor l in sys.stdin:\n    print(json.dumps({'id': 0, 'type': 'hello', 'engine': 'x', 'protocol': 9, 'rulesets': {}}), flush=True)\n",
    )
    .unwrap();
    let nothing = dir.join("nothing.py");
    std::fs::write(
        &nothing,
        "import sys, json\nfor l in sys.stdin:\n    print(json.dumps({'id': 0, 'type': 'hello', 'engine': 'x', 'protocol': 1, 'rulesets': {'chess': {'rulings': {}}}}), flush=True)\n",
    )
    .unwrap();
    let cases = [
        ("/nonexistent/engine".to_string(), "cannot start"),
        (
            format!("python3 {}", quote(&silent)),
            "exited before answering",
        ),
        (format!("python3 {}", quote(&wrong)), "protocol version 9"),
        (format!("python3 {}", quote(&nothing)), "supports none"),
        ("'unclosed".to_string(), "quote"),
    ];
    for (engine, expected) in cases {
        let out = conform(&engine, &["--games", "1"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{engine}: {err}");
        assert!(err.contains(expected), "{engine}: {err}");
    }
    let out = conform(&python(), &["--ruleset", "bao-la-kete"]);
    assert_eq!(out.status.code(), Some(2));
}

// --- export ----------------------------------------------------------------------------------------

fn export(args: &[&str]) -> Output {
    Command::new(BIN)
        .current_dir(root())
        .arg("export")
        .args(args)
        .output()
        .expect("bao-oracle runs")
}

#[test]
fn the_export_fits_its_schema() {
    let out = export(&[]);
    assert_eq!(out.status.code(), Some(0));
    let document: Value = serde_json::from_slice(&out.stdout).unwrap();
    let schemas = Schemas::new();
    let validator = jsonschema::draft202012::new(&schemas.load("export.json")).unwrap();
    if let Err(e) = validator.validate(&document) {
        panic!(
            "the export does not fit export.json: {e} at {}",
            e.instance_path()
        );
    }
    let rulesets = document["rulesets"].as_array().unwrap();
    // Every ruleset the oracle implements is there with its scenarios and perft tables, and every
    // scenario start it exports is a compact position the oracle reads back.
    for r in rulesets.iter().filter(|r| r["implemented"] == true) {
        assert!(
            !r["scenarios"].as_array().unwrap().is_empty(),
            "{}",
            r["ruleset"]
        );
        assert!(
            !r["perft"].as_array().unwrap().is_empty(),
            "{}",
            r["ruleset"]
        );
        assert!(r["catalogue"].is_object());
        for s in r["scenarios"].as_array().unwrap() {
            let refused = s["expect"]["error"]["code"] == "bad-position";
            let start = s["start"].as_str().unwrap();
            assert!(refused || !start.contains('\n'), "{}", s["id"]);
            assert!(s.get("first").is_none() || refused, "{}", s["id"]);
        }
    }

    // One ruleset alone.
    let out = export(&["--ruleset", "bao-kingulu", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let one: Value = serde_json::from_slice(&out.stdout).unwrap();
    validator.validate(&one).unwrap();
    assert_eq!(one["rulesets"].as_array().unwrap().len(), 1);
    assert_eq!(one["rulesets"][0]["ruleset"], "bao-kingulu");

    let out = export(&["--ruleset", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    let out = export(&["--spec", "/nonexistent/spec"]);
    assert_eq!(out.status.code(), Some(2));
}
