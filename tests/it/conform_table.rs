//! `conform` of several engines (issue 25, item 6): each engine run under the same options, the
//! report ending with a compliance table (engines by scenario groups and rule ids, their bugs and
//! verdicts), in text, JSON (held to docs/schema/conform-table.json, each engine's report to
//! conform-report.json) and HTML; the exit status the worst of the engines'.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::common::{BIN, python_engine_command, python3, root, stdout};

/// The test engine of `tests/engines/one_preset.py` under `preset` with the planted `bugs`.
fn one_preset(preset: &str, bugs: &[&str]) -> String {
    python_engine_command(
        &root().join("tests/engines/one_preset.py"),
        &[&[BIN, preset], bugs].concat(),
    )
}

fn oracle() -> String {
    format!("'{BIN}' engine")
}

/// `conform` of `engines` on Bao la Kiswahili's scenarios and two random games, with `args`.
fn conform(engines: &[String], args: &[&str]) -> Output {
    let mut command = Command::new(BIN);
    command.current_dir(root()).arg("conform");
    for e in engines {
        command.arg("--engine").arg(e);
    }
    command
        .args([
            "--ruleset",
            "bao-la-kiswahili",
            "--games",
            "2",
            "--positions",
            "0",
            // One engine process each (several are `conform_jobs.rs`'s).
            "--jobs",
            "1",
        ])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("bao-oracle runs")
}

fn validator(file: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("docs/schema").join(file)).unwrap();
    let schema: Value = serde_json::from_str(&text).unwrap();
    jsonschema::draft202012::meta::validate(&schema)
        .unwrap_or_else(|e| panic!("{file} is not a draft 2020-12 schema: {e}"));
    jsonschema::draft202012::new(&schema).unwrap()
}

fn assert_fits(validator: &jsonschema::Validator, value: &Value) {
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

/// The JSON table of a run, held to its schema, and each engine's report to the report's.
fn json_table(out: &Output) -> Value {
    let table: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not a JSON table ({e}): {}", stdout(out)));
    assert_fits(&validator("conform-table.json"), &table);
    let reports = validator("conform-report.json");
    for e in table["engines"].as_array().unwrap() {
        if let Some(report) = e.get("report") {
            assert_fits(&reports, report);
        }
    }
    table
}

/// The cells of the row `name` of a JSON table: (passed, failed, skipped) per engine.
fn row(table: &Value, name: &str) -> Vec<(u64, u64, u64)> {
    let row = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap_or_else(|| panic!("no row {name}: {table}"));
    row["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["passed"].as_u64().unwrap(),
                c["failed"].as_u64().unwrap(),
                c["skipped"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn two_engines_end_with_a_table_of_the_right_cells() {
    let engines = [oracle(), one_preset("nkkmd", &["kept-house"])];
    let out = conform(&engines, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "the worst of 0 and 1");
    let table = json_table(&out);
    let columns = table["engines"].as_array().unwrap();
    assert_eq!(columns.len(), 2);
    assert_eq!(columns[0]["verdict"], "conforms", "{table}");
    assert_eq!(columns[1]["verdict"], "fails", "{table}");
    // The planted bug is the second engine's one bug, a rule bug of ZAN-17.
    assert_eq!(columns[0]["bugs"].as_array().unwrap().len(), 0);
    let bugs = columns[1]["bugs"].as_array().unwrap();
    assert_eq!(bugs.len(), 1, "{table}");
    assert_eq!(bugs[0]["label"], "rule");
    assert_eq!(bugs[0]["deciding_rule"], "ZAN-17");
    assert_eq!(bugs[0]["known"], "nkkmd's kept house", "{table}");
    // Its row: the oracle passes every scenario citing ZAN-17, the engine fails one.
    let zan17 = row(&table, "ZAN-17");
    assert!(zan17[0].0 > 0 && zan17[0].1 == 0, "{zan17:?}");
    assert!(zan17[1].1 >= 1, "{zan17:?}");
    assert_eq!(
        row(&table, "bao-la-kiswahili/random"),
        [(2, 0, 0), (2, 0, 0)]
    );
    // Each engine's cells of the groups add up to its report's closing line.
    for (i, column) in columns.iter().enumerate() {
        let summary = &column["report"]["summary"];
        let mut sum = (0, 0, 0);
        for r in table["rows"].as_array().unwrap() {
            if r["kind"] == "group" {
                let c = &r["cells"][i];
                sum.0 += c["passed"].as_u64().unwrap();
                sum.1 += c["failed"].as_u64().unwrap();
                sum.2 += c["skipped"].as_u64().unwrap();
            }
        }
        let n = |k: &str| summary[k].as_u64().unwrap_or(0);
        assert_eq!(sum.0, n("passed"), "{column}");
        assert_eq!(sum.1, n("failed"), "{column}");
        assert_eq!(
            sum.2,
            n("skipped") + n("known_failures") + n("not_run") + n("apart"),
            "{column}"
        );
        assert_eq!(column["total"]["passed"].as_u64(), Some(sum.0));
    }

    // The text: each engine's report, then the table with the same cells.
    let out = conform(&engines, &[]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.starts_with("== [1] "), "{text}");
    let second = format!("\n== [2] '{}' -S ", python3());
    assert!(text.contains(&second), "{text}");
    let table_text = &text[text.find("\ncompliance: ").expect("a table")..];
    let line = table_text
        .lines()
        .find(|l| l.starts_with("ZAN-17 "))
        .expect("a row of ZAN-17");
    let cells: Vec<&str> = line.split_whitespace().skip(1).collect();
    let shown = |c: (u64, u64, u64)| format!("{}/{}/{}", c.0, c.1, c.2);
    assert_eq!(cells, [shown(zan17[0]), shown(zan17[1])], "{line}");
    // The columns are headed by the engines' names, not numbers.
    let head = table_text
        .lines()
        .find(|l| {
            l.starts_with(' ') && l.trim_start().starts_with("bao-oracle ") && !l.contains(':')
        })
        .expect("a line of column heads");
    let heads: Vec<&str> = head
        .split("  ")
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .collect();
    assert_eq!(heads.len(), 2, "{head}");
    assert!(heads[0].starts_with("bao-oracle "), "{head}");
    assert_eq!(heads[1], "one-preset-test-engine kept-house", "{head}");
    assert!(!table_text.contains("[1]"), "{table_text}");
    assert!(
        table_text.contains(
            "one-preset-test-engine kept-house: bugs, by cause:\n  1. [rule, known: nkkmd's kept house] bao-la-kiswahili ZAN-17: "
        ),
        "{table_text}"
    );
    assert!(table_text.ends_with("exit status 1: the worst of the engines'\n"));

    // One engine: the report as ever, no table.
    let out = conform(&engines[..1], &[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(!stdout(&out).contains("compliance"), "{}", stdout(&out));
    assert!(stdout(&out).starts_with("engine: "));
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bao-table-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn an_engines_file_names_them_and_one_that_cannot_run_is_exit_2() {
    let dir = scratch("engines-file");
    let file = dir.join("engines.yaml");
    let yaml = format!(
        "engines:\n  - name: the oracle\n    command: \"{}\"\n  - name: missing\n    command: {}\n",
        oracle().replace('"', "\\\""),
        dir.join("no-such-engine").display()
    );
    std::fs::write(&file, yaml).unwrap();
    let out = conform(
        &[],
        &["--engines", file.to_str().unwrap(), "--format", "json"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let table = json_table(&out);
    let columns = table["engines"].as_array().unwrap();
    assert_eq!(columns[0]["label"], "the oracle");
    assert_eq!(columns[0]["verdict"], "conforms");
    assert_eq!(columns[1]["verdict"], "not-run");
    let error = columns[1]["error"].as_str().unwrap();
    assert!(error.starts_with("error[bad-engine]: "), "{error}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("[1] the oracle: "), "{stderr}");
    assert!(stderr.contains("[2] missing: not run: "), "{stderr}");

    // A file that is no engines file is refused before anything runs.
    std::fs::write(&file, "engines:\n  - cmd: x\n").unwrap();
    let out = conform(&[], &["--engines", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("error[io-error]: cannot read "),
        "{stderr}"
    );
}

#[test]
fn a_transcript_records_one_engine_and_refuses_several() {
    let out = conform(
        &[oracle(), oracle()],
        &["--transcript", Path::new("/dev/null").to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

/// Issue 31, item 6: JUnit of several engines is one testsuite per engine, named as its column,
/// each case a test case with its failure; one that cannot be run is a failing case `run`.
#[test]
fn junit_of_several_engines_is_a_testsuite_each() {
    let dir = scratch("junit");
    let engines = [
        one_preset("nkkmd", &["kept-house"]),
        dir.join("no-such-engine").display().to_string(),
    ];
    let out = conform(&engines, &["--format", "junit"]);
    assert_eq!(out.status.code(), Some(2), "the worst of 1 and 2");
    let text = stdout(&out);
    let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    let suites: Vec<_> = root
        .children()
        .filter(|n| n.has_tag_name("testsuite"))
        .collect();
    assert_eq!(suites.len(), 2, "{text}");
    assert_eq!(
        suites[0].attribute("name"),
        Some("one-preset-test-engine kept-house")
    );
    let cases: Vec<_> = suites[0]
        .children()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(
        suites[0].attribute("tests"),
        Some(cases.len().to_string().as_str())
    );
    let failed: Vec<_> = cases
        .iter()
        .filter(|c| c.children().any(|n| n.has_tag_name("failure")))
        .collect();
    assert_eq!(failed.len(), 1, "{text}");
    assert_eq!(suites[0].attribute("failures"), Some("1"));
    assert!(
        failed[0].children().any(|n| n.has_tag_name("failure")
            && n.attribute("message")
                .unwrap()
                .contains("known: nkkmd's kept house")),
        "{text}"
    );
    // The engine that could not run: one failing case `run`, its command a property.
    let run: Vec<_> = suites[1]
        .children()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    assert_eq!(run.len(), 1, "{text}");
    assert_eq!(run[0].attribute("name"), Some("run"));
    assert!(
        text.contains("<property name=\"verdict\" value=\"not run\"/>"),
        "{text}"
    );
    assert_eq!(root.attribute("failures"), Some("2"), "{text}");
}

/// Issue 31, item 6: the page's columns are the engines' names, and each failing cell links to
/// the engine's finding, which is on the page with its board.
#[test]
fn the_html_tables_failing_cells_link_to_findings_with_boards() {
    let engines = [oracle(), one_preset("nkkmd", &["kept-house"])];
    let out = conform(&engines, &["--format", "html"]);
    assert_eq!(out.status.code(), Some(1));
    let page = stdout(&out);
    assert!(
        page.contains("<th><a href=\"#engine-2\">one-preset-test-engine kept-house</a></th>"),
        "{page}"
    );
    assert!(!page.contains(">[1]<"), "{page}");
    let links: Vec<&str> = page
        .split("<td class=\"fail\"><a href=\"#")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert!(!links.is_empty(), "{page}");
    for target in links {
        assert!(target.starts_with("engine-2-finding-"), "{target}");
        let at = page
            .find(&format!("<section id=\"{target}\">"))
            .unwrap_or_else(|| panic!("no finding {target}"));
        let section = &page[at..at + page[at..].find("</section>").unwrap()];
        assert!(section.contains("<img class=\"board\""), "{section}");
    }
    assert!(
        page.contains("img-src data:"),
        "the boards are allowed by the policy"
    );
}

#[test]
fn the_html_table_escapes_what_engines_send() {
    let engines = [oracle(), format!("{} '<b>x'", oracle())];
    let out = conform(&engines, &["--format", "html"]);
    let page = stdout(&out);
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(!page.contains("<script"));
    assert!(page.contains("&lt;b&gt;x"), "{page}");
    assert!(!page.contains("<b>x"), "{page}");
    assert!(page.contains("<td class=\"pass\">"), "{page}");
}
