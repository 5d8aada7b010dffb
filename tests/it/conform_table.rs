//! `conform` of several engines (issue 25, item 6): each engine run under the same options, the
//! report ending with a compliance table (engines by scenario groups and rule ids, their bugs and
//! verdicts), in text, JSON (held to docs/schema/conform-table.json, each engine's report to
//! conform-report.json) and HTML; the exit status the worst of the engines'.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::common::{BIN, root, stdout};

/// The test engine of `tests/engines/one_preset.py` under `preset` with the planted `bugs`.
fn one_preset(preset: &str, bugs: &[&str]) -> String {
    format!(
        "python3 '{}' '{BIN}' {preset} {}",
        root().join("tests/engines/one_preset.py").display(),
        bugs.join(" ")
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
    assert!(text.contains("\n== [2] python3 "), "{text}");
    let table_text = &text[text.find("\ncompliance: ").expect("a table")..];
    let line = table_text
        .lines()
        .find(|l| l.starts_with("ZAN-17 "))
        .expect("a row of ZAN-17");
    let cells: Vec<&str> = line.split_whitespace().skip(1).collect();
    let shown = |c: (u64, u64, u64)| format!("{}/{}/{}", c.0, c.1, c.2);
    assert_eq!(cells, [shown(zan17[0]), shown(zan17[1])], "{line}");
    assert!(
        table_text.contains(
            "[2] bugs, by cause:\n  1. [rule, known: nkkmd's kept house] bao-la-kiswahili ZAN-17: "
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
fn what_reports_one_engine_refuses_several() {
    let engines = [oracle(), oracle()];
    for args in [
        &["--format", "junit"][..],
        &["--transcript", Path::new("/dev/null").to_str().unwrap()][..],
    ] {
        let out = conform(&engines, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
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
