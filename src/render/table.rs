//! The compliance table of several engines ([`crate::harness::conform::Table`]) as text for
//! people, as the versioned JSON document (schema: docs/schema/conform-table.json) and as one
//! HTML page like conform's own (self-contained, no script, a Content-Security-Policy that lets
//! only its own style apply). Every text of an engine's (its name, its command) is escaped where
//! it leaves: control characters for a terminal, markup for HTML.

use std::fmt::Write as _;

use crate::harness::conform::{BugLine, Cell, Column, RowKind, Table};
use crate::render::conform::junit_failure;
use crate::render::csp;
use crate::render::escape_controls;
use crate::render::html::conform::FINDINGS_STYLE;
use crate::render::markup::escape;

/// The heading of one engine's report in a run of several: `== [N] NAME ==`, the name (its label
/// or command) on the one line whatever it holds (round four's K16: a label's line break once
/// forged a line of the report).
pub fn engine_heading(index: usize, name: &str) -> String {
    format!("== [{}] {} ==", index + 1, flat(name))
}

/// The heading of the findings at positions no game reaches (validation findings that fail a run
/// only under `--strict-positions`).
const UNREACHABLE: &str = "positions no game reaches";

/// The labels in the order the table lists them; one this list lacks comes after, by name.
const LABELS: &[&str] = &["rule", "validation", "limit", "protocol", "known"];

/// The labels of the engines' bugs, in [`LABELS`]' order: `known` besides its cause's label.
fn labels(table: &Table) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for b in table.engines.iter().flat_map(|e| &e.bugs) {
        let known = b.known.as_ref().map(|_| "known");
        for word in [Some(b.label.word()), known].into_iter().flatten() {
            if !out.contains(&word) {
                out.push(word);
            }
        }
    }
    out.sort_by_key(|w| {
        (
            LABELS.iter().position(|l| l == w).unwrap_or(LABELS.len()),
            *w,
        )
    });
    out
}

fn count(column: &Column, label: &str) -> usize {
    column
        .bugs
        .iter()
        .filter(|b| b.label.word() == label || (label == "known" && b.known.is_some()))
        .count()
}

/// The engine as the table names it: the engines file's name, else its `hello`'s, with version.
fn title(column: &Column) -> String {
    match (&column.label, &column.name) {
        (Some(label), _) => label.clone(),
        (None, Some(name)) => match &column.version {
            Some(v) => format!("{name} {v}"),
            None => name.clone(),
        },
        (None, None) => column.command.clone(),
    }
}

/// The column heads: each engine's [`title`] (raw: escaped by the caller for where it goes); a
/// title two engines share is told apart by the column's number (`name (2)`).
fn heads(table: &Table) -> Vec<String> {
    let titles: Vec<String> = table.engines.iter().map(title).collect();
    titles
        .iter()
        .enumerate()
        .map(|(i, t)| {
            if titles.iter().filter(|u| *u == t).count() > 1 {
                format!("{t} ({})", i + 1)
            } else {
                t.clone()
            }
        })
        .collect()
}

fn cell_text(cell: &Cell) -> String {
    if cell.is_empty() {
        "-".to_string()
    } else {
        format!("{}/{}/{}", cell.passed, cell.failed, cell.skipped)
    }
}

fn verdict_text(column: &Column) -> String {
    format!("{} (exit {})", column.verdict.word(), column.exit)
}

fn bug_line(b: &BugLine) -> String {
    let label = match &b.known {
        Some(name) => format!("{}, known: {name}", b.label.word()),
        None => b.label.word().to_string(),
    };
    format!(
        "[{label}] {} {}: {} symptom{}, {} case{} (--case {})",
        b.ruleset,
        b.deciding_rule.as_deref().unwrap_or("-"),
        b.symptoms,
        if b.symptoms == 1 { "" } else { "s" },
        b.cases,
        if b.cases == 1 { "" } else { "s" },
        b.case
    )
}

/// The table for people: a legend of the engines, a row per group and rule id (a cell is
/// `passed/failed/skipped`), the bugs by label, the verdicts; then each engine's bugs.
pub fn to_text(table: &Table) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "compliance: cases passed/failed/skipped per engine (a rule's row: the scenarios that cite it)"
    );
    let heads: Vec<String> = heads(table).iter().map(|h| flat(h)).collect();
    for (head, e) in heads.iter().zip(&table.engines) {
        let _ = writeln!(out, "  {head}: {}", flat(&e.command));
    }
    let mut lines: Vec<(String, Vec<String>)> = Vec::new();
    for row in &table.rows {
        lines.push((row.name.clone(), row.cells.iter().map(cell_text).collect()));
    }
    let totals = table.engines.iter().map(|e| cell_text(&e.total)).collect();
    lines.push(("all cases".to_string(), totals));
    let bugs = table.engines.iter().map(|e| e.bugs.len().to_string());
    lines.push(("bugs".to_string(), bugs.collect()));
    for label in labels(table) {
        let counts = table.engines.iter().map(|e| count(e, label).to_string());
        lines.push((format!("  {label}"), counts.collect()));
    }
    if table.engines.iter().any(|e| !e.unreachable.is_empty()) {
        let counts = table
            .engines
            .iter()
            .map(|e| e.unreachable.len().to_string());
        lines.push((UNREACHABLE.to_string(), counts.collect()));
    }
    lines.push((
        "verdict".to_string(),
        table.engines.iter().map(verdict_text).collect(),
    ));
    let first = lines
        .iter()
        .map(|(n, _)| n.chars().count())
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..table.engines.len())
        .map(|i| {
            lines
                .iter()
                .map(|(_, cells)| cells[i].chars().count())
                .chain([heads[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    out.push('\n');
    let mut header = format!("{:first$}", "");
    for (head, w) in heads.iter().zip(&widths) {
        let _ = write!(header, "  {head:>w$}");
    }
    let _ = writeln!(out, "{}", header.trim_end());
    let groups = table
        .rows
        .iter()
        .filter(|r| r.kind == RowKind::Group)
        .count();
    for (k, (name, cells)) in lines.iter().enumerate() {
        // A blank line between the groups, the rules and the totals.
        if (k == groups && groups > 0) || k == table.rows.len() {
            out.push('\n');
        }
        let mut line = format!("{name:first$}");
        for (cell, w) in cells.iter().zip(&widths) {
            let _ = write!(line, "  {cell:>w$}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    for (head, e) in heads.iter().zip(&table.engines) {
        if let Some(error) = &e.error {
            let _ = writeln!(out, "\n{head}: not run: {}", flat(error));
        }
        for (bugs, heading) in [(&e.bugs, "bugs"), (&e.unreachable, UNREACHABLE)] {
            if bugs.is_empty() {
                continue;
            }
            let _ = writeln!(out, "\n{head}: {heading}, by cause:");
            for (k, b) in bugs.iter().enumerate() {
                let _ = writeln!(out, "  {}. {}", k + 1, flat(&bug_line(b)));
            }
        }
    }
    let _ = writeln!(
        out,
        "\nexit status {}: the worst of the engines'",
        table.exit()
    );
    escape_controls(&out).into_owned()
}

/// Each engine's closing line (`[1] name: N passed, M failed`), for standard error.
pub fn closing_lines(table: &Table) -> String {
    let mut out = String::new();
    for (i, e) in table.engines.iter().enumerate() {
        let line = match (&e.report, &e.error) {
            (Some(report), _) => report.summary.closing_line(),
            (None, Some(error)) => format!("not run: {error}"),
            (None, None) => "not run".to_string(),
        };
        let _ = writeln!(out, "[{}] {}: {}", i + 1, flat(&title(e)), flat(&line));
    }
    out
}

/// JUnit XML: one test suite per engine (named as its column is), one test case per case as
/// conform's own JUnit has them; an engine's run problems, or why it could not be run, are one
/// more failing test case `run` in its suite.
pub fn to_junit(table: &Table) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let run_case = |e: &Column| {
        usize::from(e.error.is_some() || e.report.as_ref().is_some_and(|r| !r.problems.is_empty()))
    };
    let sum = |f: &dyn Fn(&Column) -> usize| table.engines.iter().map(f).sum::<usize>();
    let total = |c: &Cell| c.passed + c.failed + c.skipped;
    let _ = writeln!(
        out,
        "<testsuites name=\"bao-oracle conform\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">",
        sum(&|e| total(&e.total) + run_case(e)),
        sum(&|e| e.total.failed + run_case(e)),
        sum(&|e| e.total.skipped)
    );
    for (head, e) in heads(table).iter().zip(&table.engines) {
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">",
            escape(head),
            total(&e.total) + run_case(e),
            e.total.failed + run_case(e),
            e.total.skipped
        );
        let _ = writeln!(out, "    <properties>");
        for (name, value) in [
            ("command", e.command.clone()),
            ("verdict", e.verdict.word().to_string()),
            ("exit", e.exit.to_string()),
        ] {
            let _ = writeln!(
                out,
                "      <property name=\"{name}\" value=\"{}\"/>",
                escape(&value)
            );
        }
        let _ = writeln!(out, "    </properties>");
        if let Some(error) = &e.error {
            junit_failure(&mut out, "run", "not run", error);
        }
        if let Some(report) = &e.report {
            for c in &report.cases {
                report.junit_case(&mut out, c);
            }
            report.junit_problems(&mut out);
        }
        out.push_str("  </testsuite>\n");
    }
    out.push_str("</testsuites>\n");
    out
}

/// The versioned JSON document.
pub fn to_json(table: &Table) -> String {
    serde_json::to_string_pretty(table).expect("the table serializes")
}

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222}\
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:2em}\
table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:right}\
td:first-child,th:first-child{text-align:left}\
td.pass{background:#e3f1df}td.fail{background:#f6d5d3}td.skip{background:#f5f3ee}\
tr.rules td:first-child{font-family:monospace}";

fn cell_class(cell: &Cell) -> &'static str {
    if cell.failed > 0 {
        "fail"
    } else if cell.passed > 0 {
        "pass"
    } else {
        "skip"
    }
}

/// The id of engine `i`'s section on the page; its findings' ids begin with it.
fn engine_id(i: usize) -> String {
    format!("engine-{}", i + 1)
}

/// A cell of engine `i`; a failing one links to its first finding on the page (or, a known
/// failure that passes now having none, to the engine's section).
fn html_cell(out: &mut String, i: usize, cell: &Cell) {
    let class = cell_class(cell);
    if cell.failed == 0 {
        let _ = write!(out, "<td class=\"{class}\">{}</td>", cell_text(cell));
        return;
    }
    let target = match cell.finding {
        Some(k) => format!("{}-finding-{k}", engine_id(i)),
        None => engine_id(i),
    };
    let _ = write!(
        out,
        "<td class=\"{class}\"><a href=\"#{target}\">{}</a></td>",
        cell_text(cell)
    );
}

/// The table as one self-contained HTML page: the table, its column heads the engines' names,
/// then each engine's bugs and findings with their boards, as conform's own page shows them;
/// each failing cell links to its finding.
pub fn to_html(table: &Table) -> String {
    let mut out = String::new();
    let heads = heads(table);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
    out.push_str(&csp::meta(&[], &[STYLE, FINDINGS_STYLE], true));
    let _ = writeln!(
        out,
        "<title>conform: {} engines</title><style>{STYLE}</style><style>{FINDINGS_STYLE}</style>\
         </head><body>",
        table.engines.len()
    );
    let _ = writeln!(
        out,
        "<h1>{} engines against the oracle</h1>\n<p>Each cell: cases passed/failed/skipped; a \
         rule's row counts the scenarios that cite it; a failing cell links to its finding. Exit \
         status {}: the worst of the engines'.</p>",
        table.engines.len(),
        table.exit()
    );
    out.push_str("<ul>\n");
    for (i, (head, e)) in heads.iter().zip(&table.engines).enumerate() {
        let _ = writeln!(
            out,
            "<li><a href=\"#{}\">{}</a>: <code>{}</code>: {}</li>",
            engine_id(i),
            escape(head),
            escape(&e.command),
            escape(&verdict_text(e))
        );
    }
    out.push_str("</ul>\n<table>\n<tr><th>group or rule</th>");
    for (i, head) in heads.iter().enumerate() {
        let _ = write!(
            out,
            "<th><a href=\"#{}\">{}</a></th>",
            engine_id(i),
            escape(head)
        );
    }
    out.push_str("</tr>\n");
    for row in &table.rows {
        let class = match row.kind {
            RowKind::Group => "groups",
            RowKind::Rule => "rules",
        };
        let _ = write!(out, "<tr class=\"{class}\"><td>{}</td>", escape(&row.name));
        for (i, cell) in row.cells.iter().enumerate() {
            html_cell(&mut out, i, cell);
        }
        out.push_str("</tr>\n");
    }
    out.push_str("<tr><th>all cases</th>");
    for (i, e) in table.engines.iter().enumerate() {
        html_cell(&mut out, i, &e.total);
    }
    out.push_str("</tr>\n<tr><th>bugs</th>");
    for e in &table.engines {
        let _ = write!(out, "<td>{}</td>", e.bugs.len());
    }
    out.push_str("</tr>\n");
    for label in labels(table) {
        let _ = write!(out, "<tr><td>{label}</td>");
        for e in &table.engines {
            let _ = write!(out, "<td>{}</td>", count(e, label));
        }
        out.push_str("</tr>\n");
    }
    if table.engines.iter().any(|e| !e.unreachable.is_empty()) {
        let _ = write!(out, "<tr><th>{UNREACHABLE}</th>");
        for (i, e) in table.engines.iter().enumerate() {
            match e.unreachable.len() {
                0 => out.push_str("<td>0</td>"),
                n => {
                    let _ = write!(
                        out,
                        "<td><a href=\"#{}-unreachable\">{n}</a></td>",
                        engine_id(i)
                    );
                }
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("<tr><th>verdict</th>");
    for e in &table.engines {
        let _ = write!(out, "<td>{}</td>", escape(&verdict_text(e)));
    }
    out.push_str("</tr>\n</table>\n");
    for (i, (head, e)) in heads.iter().zip(&table.engines).enumerate() {
        let id = engine_id(i);
        let _ = writeln!(
            out,
            "<section id=\"{id}\"><h2>{}: {}</h2>",
            escape(head),
            escape(&verdict_text(e))
        );
        if let Some(error) = &e.error {
            let _ = writeln!(out, "<p>not run: {}</p>", escape(error));
        }
        if let Some(report) = &e.report {
            let _ = writeln!(out, "<p>{}</p>", escape(&report.summary.closing_line()));
            report.findings_html(&mut out, &format!("{id}-"));
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body></html>\n");
    out
}

use crate::rewrite::random_game::yaml_comment as flat;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::conform::{Entry, Verdict};
    use std::collections::BTreeMap;

    /// Round four's K16: a label's line break forged a "conforms" line of the report.
    #[test]
    fn an_engine_heading_is_one_line() {
        let heading = engine_heading(1, "x ==\n== [3] nkkmd ==\nconforms\u{202e}");
        assert_eq!(heading.lines().count(), 1);
        assert_eq!(
            heading,
            "== [2] x ==\\u{a}== [3] nkkmd ==\\u{a}conforms\\u{202e} =="
        );
    }

    fn not_run(command: &str, why: &str) -> Entry {
        Entry {
            command: command.into(),
            label: None,
            outcome: Err(why.into()),
        }
    }

    #[test]
    fn an_engine_that_could_not_run_is_a_column_of_its_own_escaped() {
        let table = Table::new(
            vec![
                not_run("./a", "error[bad-engine]: no such file"),
                not_run("./<b>\u{1b}[31m", "error[bad-engine]: <i>"),
            ],
            &BTreeMap::new(),
            &[],
        );
        assert_eq!(table.exit(), 2);
        assert!(table.engines.iter().all(|e| e.verdict == Verdict::NotRun));
        let text = to_text(&table);
        assert!(
            text.contains("\n./<b>\\u{1b}[31m: not run: error[bad-engine]: <i>"),
            "{text}"
        );
        assert!(!text.contains('\u{1b}'), "{text}");
        let html = to_html(&table);
        assert!(html.contains("./&lt;b&gt;"), "{html}");
        assert!(!html.contains("<i>"), "{html}");
        // The command is the column's head (no label, no `hello`), escaped there too.
        assert!(!html.contains("<b>"), "{html}");
        assert!(!html.contains('\u{1b}'), "{html}");
        let junit = to_junit(&table);
        assert!(!junit.contains("<b>") && !junit.contains("<i>"), "{junit}");
        assert_eq!(junit.matches("<testsuite ").count(), 2, "{junit}");
        assert_eq!(junit.matches("<testcase classname=\"run\"").count(), 2);
        let json: serde_json::Value = serde_json::from_str(&to_json(&table)).unwrap();
        assert_eq!(json["engines"][1]["verdict"], "not-run");
    }
}
