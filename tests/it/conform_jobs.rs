//! `conform --jobs N` (issue 31, item 5): N engine processes side by side give the report of one,
//! the same cases, findings, request ids and verdict; only the time taken and the requests
//! counted (each process shakes hands) differ.

use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::common::{BIN, python_engine_command, root, stdout};

/// `conform` of the test engine with two of nkkmd's and AbstractPlay's bugs planted, with `args`.
fn conform(args: &[&str]) -> Output {
    let engine = python_engine_command(
        &root().join("tests/engines/one_preset.py"),
        &[BIN, "nkkmd", "kept-house", "house-below-six"],
    );
    Command::new(BIN)
        .current_dir(root())
        .args(["conform", "--engine", &engine])
        .args([
            "--ruleset",
            "bao-la-kiswahili",
            "--games",
            "4",
            "--positions",
            "6",
        ])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("bao-oracle runs")
}

/// The report without what depends on the processes and the clock.
fn comparable(out: &Output) -> Value {
    let mut report: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not a JSON report ({e}): {}", stdout(out)));
    let summary = report["summary"].as_object_mut().unwrap();
    for key in ["requests", "restarts", "elapsed_ms", "requests_per_second"] {
        assert!(summary.remove(key).is_some(), "{key}");
    }
    report
}

#[test]
fn several_jobs_give_the_report_of_one() {
    let one = conform(&["--jobs", "1", "--format", "json"]);
    let three = conform(&["--jobs", "3", "--format", "json"]);
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(three.status.code(), Some(1));
    let (one, three) = (comparable(&one), comparable(&three));
    assert!(
        !one["divergences"].as_array().unwrap().is_empty(),
        "the planted bugs are found: {one}"
    );
    assert_eq!(one, three);

    // The text too, but for its line of requests and time.
    let text = |jobs: &str| {
        let out = conform(&["--jobs", jobs]);
        stdout(&out)
            .lines()
            .filter(|l| !l.contains(" requests in "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(text("1"), text("2"));
}

#[test]
fn a_transcript_is_of_one_process() {
    let out = conform(&["--jobs", "2", "--transcript", "/dev/null"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("--transcript records one engine process"),
        "{stderr}"
    );
    let out = conform(&["--jobs", "0"]);
    assert_eq!(out.status.code(), Some(2), "no jobs is no run");
}
