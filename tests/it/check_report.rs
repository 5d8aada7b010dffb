//! The JSON report of `check` against its schema, `docs/schema/check-report.json`: the reports of
//! every record under `tests/` and `corpus/`, with and without the options that add fields.

use std::fs;
use std::path::PathBuf;

use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::check::{FileReport, IoProblem, check_file, collect_files};
use bao_oracle::diagnostics::Code;
use bao_oracle::render::json;
use serde_json::Value;

use crate::common::root;

fn schema() -> Value {
    let text = fs::read_to_string(root().join("docs/schema/check-report.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn validator() -> jsonschema::Validator {
    jsonschema::draft202012::new(&schema()).unwrap()
}

/// The reports of every record file under `paths` (relative to the crate), as `check` makes them.
fn reports(paths: &[&str], options: &ReplayOptions) -> Vec<FileReport> {
    let paths: Vec<PathBuf> = paths.iter().map(|p| root().join(p)).collect();
    let (files, problems) = collect_files(&paths);
    assert!(problems.is_empty(), "{problems:?}");
    assert!(!files.is_empty());
    files
        .iter()
        .map(|f| {
            let mut report = check_file(f, options).expect("readable");
            report.path = f.strip_prefix(root()).unwrap().to_string_lossy().into();
            report
        })
        .collect()
}

fn assert_fits(validator: &jsonschema::Validator, text: &str) {
    let doc: Value = serde_json::from_str(text).expect("one JSON document");
    let errors: Vec<String> = validator
        .iter_errors(&doc)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_schema_is_a_draft_2020_12_schema() {
    jsonschema::draft202012::meta::validate(&schema())
        .unwrap_or_else(|e| panic!("check-report.json is not a draft 2020-12 schema: {e}"));
}

#[test]
fn the_schema_names_every_error_code_of_check() {
    let schema = schema();
    let codes: Vec<&str> = schema["$defs"]["error"]["properties"]["code"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let expected: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    assert_eq!(codes, expected);
}

#[test]
fn the_reports_of_every_record_fit_the_schema() {
    let validator = validator();
    let files = reports(
        &["tests/records", "tests/compare", "corpus"],
        &ReplayOptions::default(),
    );
    assert!(files.iter().any(|f| f.games.iter().any(|g| !g.valid())));
    // One document of all, and one per file (a file's report alone is a whole report too).
    assert_fits(&validator, &json::render(&files, &[]));
    for file in &files {
        assert_fits(&validator, &json::render(std::slice::from_ref(file), &[]));
    }
}

#[test]
fn the_reports_of_transcripts_fit_the_schema_with_and_without_strict() {
    let validator = validator();
    let mut files = reports(
        &[
            "corpus/bao-la-kiswahili/voogt-1994",
            "tests/data/voogt-1994",
        ],
        &ReplayOptions::default(),
    );
    let text = json::render(&files, &[]);
    assert!(text.contains("\"code\": \"transcript-slip\""), "a warning");
    assert!(text.contains("\"spelled\": [\n"), "a suggestion");
    assert_fits(&validator, &text);
    for game in files.iter_mut().flat_map(|f| &mut f.games) {
        game.warnings_as_errors();
    }
    let text = json::render(&files, &[]);
    assert!(text.contains("\"warnings\": 0"), "none left");
    assert_fits(&validator, &text);
}

#[test]
fn the_reports_with_inferred_rulings_fit_the_schema() {
    let validator = validator();
    let options = ReplayOptions {
        infer_rulings: true,
        ..ReplayOptions::default()
    };
    let files = reports(&["tests/records", "corpus"], &options);
    let text = json::render(&files, &[]);
    assert!(
        text.contains("\"furthest_rulings\": {"),
        "a game valid under none"
    );
    assert!(text.contains("\"presets\": [\n"), "a preset named");
    assert_fits(&validator, &text);
}

#[test]
fn io_errors_and_compare_notes_fit_the_schema() {
    let validator = validator();
    let problem = IoProblem {
        path: "no/such/file.yaml".into(),
        message: "no such file or folder".into(),
    };
    assert_fits(&validator, &json::render(&[], &[problem]));
    let options = ReplayOptions {
        compare: Some((
            "kingulu.penultimate-source".into(),
            "not-from-reserved".into(),
        )),
        ..ReplayOptions::default()
    };
    let files = reports(&["tests/compare", "corpus/bao-kingulu"], &options);
    let text = json::render(&files, &[]);
    assert!(text.contains("\"compare\": {"), "a divergence is reported");
    assert!(text.contains("\"compare\": null"), "a game without one");
    assert_fits(&validator, &text);
}

/// `check --infer-rulings` over a folder: the closing table (`rulings_table`), with games that
/// rule values out, silent games and games not counted (game 2 stops at a move).
#[test]
fn the_rulings_table_fits_the_schema() {
    let (status, text, err) = crate::common::run(&[
        "check",
        "--infer-rulings",
        "--format",
        "json",
        "corpus/bao-la-kiswahili/voogt-1994",
        "tests/data/voogt-1994/game2.bao",
    ]);
    assert_eq!(status, 1, "{err}");
    let doc: Value = serde_json::from_str(&text).unwrap();
    let part = &doc["rulings_table"][0];
    assert!(
        part["not_counted"]
            .as_array()
            .is_some_and(|a| !a.is_empty())
    );
    assert!(
        part["rulings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| { r["ruled_out"].as_array().is_some_and(|v| !v.is_empty()) })
    );
    assert_fits(&validator(), &text);
    let mut broken = doc.clone();
    broken["rulings_table"][0]["rulings"][0]["silent"][0]["game"] = 0.into();
    assert!(!validator().is_valid(&broken));
}

/// The schema rejects what the report never writes: a sanity check that it is not too loose.
#[test]
fn the_schema_refuses_reports_it_does_not_describe() {
    let validator = validator();
    let files = reports(
        &["tests/records/kimasai-illegal-move.yaml"],
        &ReplayOptions::default(),
    );
    let good: Value = serde_json::from_str(&json::render(&files, &[])).unwrap();
    assert!(validator.is_valid(&good));
    let broken = |edit: &dyn Fn(&mut Value)| {
        let mut doc = good.clone();
        edit(&mut doc);
        validator.is_valid(&doc)
    };
    assert!(!broken(&|d| d["version"] = 2.into()));
    assert!(!broken(
        &|d| d["files"][0]["games"][0]["result"] = "white".into()
    ));
    assert!(!broken(
        &|d| d["files"][0]["games"][0]["errors"][0]["code"] = "oops".into()
    ));
    assert!(!broken(
        &|d| d["files"][0]["games"][0]["surprise"] = 1.into()
    ));
    assert!(!broken(&|d| {
        d["files"][0]["games"][0]
            .as_object_mut()
            .unwrap()
            .remove("plies");
    }));
}
