//! The specification under `cargo test`: every scenario and perft table of `spec/`, the coverage
//! of every rule id and ruling value, the traces of the ambiguity scenarios, and the suite's
//! summary, the last two as insta snapshots.

use std::path::{Path, PathBuf};

use bao_oracle::harness::spec::{self, ItemKind, Options, PerftLimit, Report, SpecFile};
use bao_oracle::input::spec::{Catalogue, ScenarioFile};
use bao_rules::games::RULESETS;

/// Perft rows with more leaves than this are left to `bao-oracle spec` (release, CI) and to the
/// ignored test below; the rest keep `cargo test` quick in the test profile.
const TEST_PERFT_NODES: u64 = 10_000_000;

fn run(limit: Option<u64>) -> Report {
    let options = Options {
        perft: PerftLimit { max_nodes: limit },
        rulings: Vec::new(),
    };
    spec::run(&[PathBuf::from("spec")], options).expect("spec/ is readable")
}

fn assert_passes(report: &Report) {
    assert_eq!(report.summary.failed, 0, "\n{}", report.human());
}

#[test]
fn every_scenario_and_perft_table_passes() {
    let report = run(Some(TEST_PERFT_NODES));
    assert_passes(&report);
    let kinds = |k: ItemKind| report.items.iter().filter(|i| i.kind == k).count();
    assert!(kinds(ItemKind::Scenario) > 0 && kinds(ItemKind::Perft) > 0);
}

#[test]
#[ignore = "every perft row, some of them slow in the test profile; `bao-oracle spec` runs them in CI"]
fn every_perft_row_passes() {
    assert_passes(&run(None));
}

#[test]
fn every_implemented_ruleset_has_a_catalogue_and_full_coverage() {
    let report = run(Some(0));
    for ruleset in RULESETS {
        let path = Path::new("spec").join(ruleset).join("rules.yaml");
        assert!(
            path.is_file(),
            "{ruleset} has no rule catalogue at {}",
            path.display()
        );
        let coverage: Vec<_> = report
            .items
            .iter()
            .filter(|i| {
                i.kind == ItemKind::Coverage
                    && i.ruleset.as_ref().map(|g| g.name()) == Some(ruleset)
            })
            .collect();
        assert_eq!(coverage.len(), 1, "no coverage check ran for {ruleset}");
        assert!(coverage[0].passed, "{ruleset}: {:#?}", coverage[0].failures);
        let catalogue = report
            .items
            .iter()
            .find(|i| {
                i.kind == ItemKind::Catalogue
                    && i.ruleset.as_ref().map(|g| g.name()) == Some(ruleset)
            })
            .expect("the catalogue was checked");
        assert!(catalogue.passed, "{ruleset}: {:#?}", catalogue.failures);
    }
}

#[test]
fn the_suite_summary() {
    // Perft rows are left out so that the summary is the same under any node limit.
    insta::assert_snapshot!("summary", run(Some(0)).summary());
}

/// Every spec file of `ruleset`, parsed.
fn files_of(ruleset: &str) -> (Catalogue, Vec<ScenarioFile>) {
    let dir = Path::new("spec").join(ruleset);
    let mut catalogue = None;
    let mut scenarios = Vec::new();
    for path in spec::collect(&[dir]).unwrap() {
        match spec::read_file(&path) {
            Ok(SpecFile::Catalogue(c)) => catalogue = Some(c),
            Ok(SpecFile::Scenarios(f)) => scenarios.push(f),
            Ok(SpecFile::Perft(_)) => {}
            Err(_) => panic!("{} does not read", path.display()),
        }
    }
    (catalogue.expect("a catalogue"), scenarios)
}

#[test]
fn ambiguity_scenarios_have_their_traces_snapshotted() {
    for ruleset in RULESETS {
        let (catalogue, files) = files_of(ruleset);
        let mut done = std::collections::BTreeSet::new();
        for ambiguity in &catalogue.ambiguities {
            let mut traced = 0;
            for scenario in files.iter().flat_map(|f| &f.scenarios) {
                if !scenario.rules.contains(&ambiguity.id) {
                    continue;
                }
                traced += 1;
                if !done.insert(scenario.id.clone()) {
                    continue;
                }
                let trace =
                    spec::trace_scenario(bao_rules::Ruleset::from_name(ruleset).unwrap(), scenario)
                        .unwrap_or_else(|e| panic!("{}: {e}", scenario.id));
                let text = format!(
                    "{ruleset} {}\n{}\nrules: {}\n\n{trace}",
                    scenario.id,
                    scenario.description,
                    scenario.rules.join(", ")
                );
                insta::assert_snapshot!(format!("trace-{ruleset}-{}", scenario.id), text);
            }
            assert!(traced > 0, "{} has no scenario to trace", ambiguity.id);
        }
    }
}

/// `bao-oracle spec` on the given paths: exit code and standard output.
fn cli(args: &[&str]) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_bao-oracle"))
        .arg("spec")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn the_command_reports_failures_and_exits_by_them() {
    let dir = std::env::temp_dir().join(format!("bao-oracle-spec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wrong.yaml");
    std::fs::write(
        &file,
        "ruleset: bao-la-kimasai\nscenarios:\n  - {id: wrong, description: d, rules: [MAS-5], expect: {legal: [A3]}}\n  - {id: right, description: d, rules: [MAS-5], expect: {legal: [A2]}}\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let (code, out) = cli(&[path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("scenario wrong"), "{out}");
    assert!(
        out.contains("expected: A3") && out.contains("actual:   A2"),
        "{out}"
    );
    assert!(out.ends_with("1 passed, 1 failed\n"), "{out}");

    let (code, out) = cli(&[path, "--format", "json"]);
    assert_eq!(code, 1);
    let json: serde_json::Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(json["version"], 1);
    assert_eq!(json["summary"]["failed"], 1);
    assert_eq!(json["items"][0]["failures"][0]["what"], "legal moves");

    std::fs::write(&file, "ruleset: bao-la-kimasai\nscenarios: []\nextra: 1\n").unwrap();
    let (code, out) = cli(&[path]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL") && out.contains("extra"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();

    let (code, _) = cli(&["no/such/path"]);
    assert_eq!(code, 2);
    let (code, out) = cli(&["spec/bao-la-kimasai", "--perft-max-nodes", "1000"]);
    assert_eq!(code, 0, "{out}");
}

/// `spec --ruling`: every scenario of the game runs under the ruling unless it sets it itself, so
/// the scenarios written for the default fail exactly where they depend on it, and those of other
/// games are untouched.
#[test]
fn a_non_default_ruling_fails_the_scenarios_that_depend_on_it() {
    // The scenarios are the point: the small perft rows come along (a row of 100,000 leaves
    // costs half a second of CPU here, and every row is `every_scenario_and_perft_table_passes`'s).
    let run = |rulings: Vec<(String, String)>| {
        let options = Options {
            perft: PerftLimit {
                max_nodes: Some(10_000),
            },
            rulings,
        };
        spec::run(&[PathBuf::from("spec")], options).expect("spec/ is readable")
    };
    let plain = run(Vec::new());
    assert_eq!(plain.summary.failed, 0);
    let choice = run(vec![("kete.mtaji-safari".into(), "choice".into())]);
    assert!(choice.summary.failed > 0, "{}", choice.human());
    assert_eq!(
        choice.summary.passed + choice.summary.failed,
        plain.summary.passed + plain.summary.failed
    );
    let failed: Vec<&str> = choice
        .items
        .iter()
        .filter(|i| !i.passed)
        .map(|i| i.ruleset.as_ref().map_or("-", |g| g.name()))
        .collect();
    assert!(failed.iter().all(|&r| r == "bao-la-kete"), "{failed:?}");
}

/// The specification built into the binary is the `spec/` folder, file for file.
#[test]
fn the_built_in_specification_is_the_spec_folder() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = bao_oracle::harness::spec::collect(&[root.join("spec")]).unwrap();
    let on_disk: Vec<(String, String)> = files
        .iter()
        .map(|p| {
            let shown = p.strip_prefix(root).unwrap().display().to_string();
            (shown, std::fs::read_to_string(p).unwrap())
        })
        .collect();
    let built_in: Vec<(String, String)> = bao_oracle::harness::spec::BUILT_IN
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    let names = |v: &[(String, String)]| v.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>();
    assert_eq!(names(&built_in), names(&on_disk));
    assert!(
        built_in == on_disk,
        "a built-in file differs from its spec/ file"
    );
}

/// `spec` and `export` read the built-in specification from a folder without `spec/`.
#[test]
fn spec_and_export_work_from_any_folder() {
    let elsewhere = std::env::temp_dir().join(format!("bao-spec-elsewhere-{}", std::process::id()));
    std::fs::create_dir_all(&elsewhere).unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_bao-oracle"))
            .current_dir(&elsewhere)
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["spec", "--perft-max-nodes", "1000"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.lines().last().unwrap().ends_with(" 0 failed"),
        "{text}"
    );
    let out = run(&["export", "--ruleset", "bao-la-kiswahili"]);
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["rulesets"][0]["ruleset"], "bao-la-kiswahili");
}

/// The library's one spec run refuses a run that found nothing to run, for every front end (it
/// was the command line's check alone): nothing unread passes as `0 passed, 0 failed`.
#[test]
fn a_run_of_nothing_is_refused_by_the_library() {
    let dir = std::env::temp_dir().join(format!("bao-spec-nothing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a specification").unwrap();
    let options = Options {
        perft: PerftLimit { max_nodes: None },
        rulings: Vec::new(),
    };
    let refused = spec::run(std::slice::from_ref(&dir), options).unwrap_err();
    assert!(refused.to_string().contains("nothing was run"), "{refused}");
    let _ = std::fs::remove_dir_all(&dir);
}
