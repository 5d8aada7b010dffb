//! `conform`'s report ([`crate::harness::conform::Report`]) for people (ending with its closing
//! line), as the versioned JSON document (schema: docs/schema/conform-report.json) and as JUnit
//! XML for CI systems; its HTML page is [`super::html::conform`]'s. Every text of the engine's is
//! escaped where it leaves: control characters for a terminal, markup for XML.

use std::fmt::Write as _;

use serde_json::Value;

use crate::harness::conform::{
    Bug, CaseResult, CaseStatus, Divergence, Known, LeftOut, Progress, Report, Summary,
};
use crate::harness::protocol::Rulings;
use crate::render::escape_controls;
use crate::render::markup::escape as xml;
use bao_rules::Ruleset;

impl LeftOut {
    /// What was left out, in one sentence that names the rule.
    pub fn sentence(&self, ruleset: Ruleset) -> String {
        let rule = self
            .rule
            .as_deref()
            .map(|r| format!(" ({r})"))
            .unwrap_or_default();
        let mut beyond = Vec::new();
        if let Some(laps) = self.max_laps {
            beyond.push(format!("more than {laps} laps"));
        }
        if let Some(seeds) = self.max_seeds {
            beyond.push(format!("more than {seeds} seeds sown"));
        }
        let accepted = match (self.declared, self.max_laps) {
            (false, Some(laps)) => format!("--max-laps {laps}"),
            _ => "the limits the engine's `hello` declares".to_string(),
        };
        format!(
            "{ruleset}: {} `play` and {} `legal_moves` requests left out: the oracle needs {} \
             to decide the move, or a move of the position{rule}; {accepted}",
            self.moves,
            self.positions,
            beyond.join(" or ")
        )
    }
}

impl Summary {
    /// The closing line: `N passed, M failed` (`, K skipped`, `, J not run` when some were).
    pub fn closing_line(&self) -> String {
        let mut line = format!("{} passed, {} failed", self.passed, self.failed);
        let skipped = self.skipped + self.known_failures;
        if skipped > 0 {
            let _ = write!(line, ", {skipped} skipped");
        }
        if self.not_run > 0 {
            let _ = write!(line, ", {} not run", self.not_run);
        }
        if self.apart > 0 {
            let _ = write!(line, ", {} apart (positions no game reaches)", self.apart);
        }
        line
    }
}

impl Report {
    /// The known bug of the table that finding `i`'s bug is, if any.
    pub fn known_of(&self, i: usize) -> Option<&Known> {
        self.bugs
            .iter()
            .chain(&self.unreachable)
            .find(|b| b.divergences.contains(&i))
            .and_then(|b| b.known.as_ref())
    }

    /// The heading of the section of findings at positions no game reaches, which says whether
    /// they fail the run.
    pub fn unreachable_heading(&self) -> &'static str {
        match self.strict_positions() {
            true => {
                "positions no game reaches, by cause (validation: the oracle refuses each; \
                 --strict-positions fails the run on them)"
            }
            false => {
                "positions no game reaches, by cause (validation: the oracle refuses each; they \
                 fail the run only with --strict-positions)"
            }
        }
    }

    /// Whether the findings at positions no game reaches failed their cases.
    fn strict_positions(&self) -> bool {
        self.cases.iter().any(|c| {
            c.status == CaseStatus::Failed
                && c.divergence
                    .is_some_and(|i| self.divergences.get(i).is_some_and(|d| d.unreachable))
        })
    }

    /// One line per bug (its label, ruleset, deciding rule, symptoms and cases), then its
    /// symptoms.
    fn bug_lines(&self, out: &mut String, bugs: &[Bug]) {
        for (k, b) in bugs.iter().enumerate() {
            let rule = b.deciding_rule.as_deref().unwrap_or("-");
            let witness = &self.divergences[b.divergences[0]];
            let case = witness.cases.first().map(String::as_str).unwrap_or("?");
            let label = match &b.known {
                Some(known) => format!("{}, known: {}", b.label.word(), known.name),
                None => b.label.word().to_string(),
            };
            let _ = writeln!(
                out,
                "  {}. [{label}] {} {rule}: {} symptom{}, {} case{} (shortest: {})",
                k + 1,
                b.ruleset,
                b.symptoms.len(),
                if b.symptoms.len() == 1 { "" } else { "s" },
                b.cases,
                if b.cases == 1 { "" } else { "s" },
                flat(case)
            );
            if let Some(known) = &b.known {
                let _ = writeln!(out, "       the presets table: {}", known.what);
            }
            for s in &b.symptoms {
                let _ = writeln!(out, "       {}", flat(s));
            }
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serializes")
    }

    /// The report for people; ends with the closing line.
    pub fn to_human(&self) -> String {
        let mut out = String::new();
        let version = self
            .engine
            .version
            .as_deref()
            .map(|v| format!(" {v}"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "engine: {}{} (protocol {})",
            flat(&self.engine.name),
            flat(&version),
            self.engine.protocol
        );
        for r in &self.rulesets {
            let preset = r
                .preset
                .as_deref()
                .map(|p| format!(" (preset {p})"))
                .unwrap_or_default();
            let probes = match r.positions {
                0 => String::new(),
                n => format!(", {n} position probes"),
            };
            let _ = writeln!(
                out,
                "{}{preset}{}: {} scenarios, {} random games{probes} (seed {})",
                r.ruleset,
                rulings_suffix(&r.rulings),
                r.scenarios,
                r.games,
                self.seed
            );
        }
        if !self.bugs.is_empty() {
            out.push('\n');
            let _ = writeln!(out, "bugs, by cause:");
            self.bug_lines(&mut out, &self.bugs);
        }
        for (i, d) in self.divergences.iter().enumerate() {
            if !d.unreachable {
                out.push('\n');
                out.push_str(&d.human(self.known_of(i)));
            }
        }
        if !self.unreachable.is_empty() {
            out.push('\n');
            let _ = writeln!(out, "{}:", self.unreachable_heading());
            self.bug_lines(&mut out, &self.unreachable);
            // Not failures unless --strict-positions made them so.
            let word = match self.strict_positions() {
                true => "FAIL",
                false => "APART",
            };
            for (i, d) in self.divergences.iter().enumerate() {
                if d.unreachable {
                    out.push('\n');
                    out.push_str(&d.human_as(word, self.known_of(i)));
                }
            }
        }
        let skipped: Vec<&CaseResult> = self
            .cases
            .iter()
            .filter(|c| c.status == CaseStatus::Skipped)
            .collect();
        if !skipped.is_empty() {
            out.push('\n');
            let _ = writeln!(out, "skipped, by reason:");
            for r in &self.summary.skip_reasons {
                let example = match r.cases {
                    1 => flat(&r.example),
                    _ => format!("{}, ...", flat(&r.example)),
                };
                let _ = writeln!(out, "  {} × {} ({example})", r.cases, flat(&r.reason));
            }
        }
        let known: Vec<&str> = self
            .cases
            .iter()
            .filter(|c| c.status == CaseStatus::KnownFailure)
            .map(|c| c.name.as_str())
            .collect();
        if !known.is_empty() {
            out.push('\n');
            let _ = writeln!(out, "known failures, still failing: {}", list(&known, 10));
        }
        if !self.fixed_known_failures.is_empty() {
            out.push('\n');
            let _ = writeln!(
                out,
                "known failures that pass now (take them out of the file): {}",
                self.fixed_known_failures.join(", ")
            );
        }
        if !self.unmatched_known_failures.is_empty() {
            let _ = writeln!(
                out,
                "known-failure entries that match no case: {}",
                self.unmatched_known_failures.join(", ")
            );
        }
        if !self.problems.is_empty() {
            out.push('\n');
            for p in &self.problems {
                let _ = writeln!(out, "FAIL run: {p}");
            }
        }
        out.push('\n');
        for r in &self.rulesets {
            if let Some(left) = &r.left_out {
                let _ = writeln!(out, "{}", left.sentence(r.ruleset));
            }
        }
        let _ = writeln!(
            out,
            "{} requests in {:.1} s ({} a second)",
            self.summary.requests,
            self.summary.elapsed_ms as f64 / 1000.0,
            self.summary.requests_per_second
        );
        if self.summary.restarts > 0 {
            let _ = writeln!(
                out,
                "the engine was restarted {} times",
                self.summary.restarts
            );
        }
        let _ = writeln!(out, "{}", self.summary.closing_line());
        // Whatever the engine sent (moves, event holes, garbled lines, error messages) cannot
        // move the cursor, recolour or retitle the reader's terminal.
        escape_controls(&out).into_owned()
    }

    /// JUnit XML: one test suite per ruleset, one test case per case.
    pub fn to_junit(&self) -> String {
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let s = &self.summary;
        // The run's own problems are one more test case, in a suite of their own.
        let run_case = usize::from(!self.problems.is_empty());
        let _ = writeln!(
            out,
            "<testsuites name=\"bao-oracle conform\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">",
            self.cases.len() + run_case,
            s.failed + run_case,
            s.skipped + s.known_failures + s.not_run
        );
        for r in &self.rulesets {
            let cases: Vec<&CaseResult> = self
                .cases
                .iter()
                .filter(|c| c.ruleset == r.ruleset)
                .collect();
            let count = |st: &[CaseStatus]| cases.iter().filter(|c| st.contains(&c.status)).count();
            let _ = writeln!(
                out,
                "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" skipped=\"{}\">",
                xml(r.ruleset.name()),
                cases.len(),
                count(&[CaseStatus::Failed, CaseStatus::FixedKnownFailure]),
                count(&[
                    CaseStatus::Skipped,
                    CaseStatus::KnownFailure,
                    CaseStatus::NotRun,
                    CaseStatus::Apart
                ])
            );
            if let Some(left) = &r.left_out {
                let _ = writeln!(out, "    <properties>");
                let mut property = |name: &str, value: &str| {
                    let _ = writeln!(
                        out,
                        "      <property name=\"{name}\" value=\"{}\"/>",
                        xml(value)
                    );
                };
                if let Some(laps) = left.max_laps {
                    property("max-laps", &laps.to_string());
                }
                if let Some(seeds) = left.max_seeds {
                    property("max-seeds", &seeds.to_string());
                }
                if let Some(rule) = &left.rule {
                    property("left-out-rule", rule);
                }
                property("left-out-moves", &left.moves.to_string());
                property("left-out-positions", &left.positions.to_string());
                property("left-out", &left.sentence(r.ruleset));
                let _ = writeln!(out, "    </properties>");
            }
            for c in cases {
                self.junit_case(&mut out, c);
            }
            out.push_str("  </testsuite>\n");
        }
        if !self.problems.is_empty() {
            out.push_str("  <testsuite name=\"run\" tests=\"1\" failures=\"1\" skipped=\"0\">\n");
            self.junit_problems(&mut out);
            out.push_str("  </testsuite>\n");
        }
        out.push_str("</testsuites>\n");
        out
    }

    /// One case as a JUnit test case (in a test suite: four spaces in).
    pub(crate) fn junit_case(&self, out: &mut String, c: &CaseResult) {
        let short = c
            .name
            .strip_prefix(&format!("{}/", c.ruleset))
            .unwrap_or(&c.name);
        let _ = write!(
            out,
            "    <testcase classname=\"{}\" name=\"{}\"",
            xml(c.ruleset.name()),
            xml(short)
        );
        match c.status {
            CaseStatus::Passed => out.push_str("/>\n"),
            CaseStatus::Failed => {
                let d = c
                    .divergence
                    .and_then(|i| Some((self.divergences.get(i)?, i)));
                let (message, body) = match d {
                    Some((d, i)) => {
                        let known = self.known_of(i);
                        let message = match known {
                            Some(k) => format!("{} (known: {})", d.summary, k.name),
                            None => d.summary.clone(),
                        };
                        (message, d.human(known))
                    }
                    None => ("diverges".to_string(), String::new()),
                };
                let _ = write!(
                    out,
                    ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
                    xml(&message),
                    xml(&body)
                );
            }
            CaseStatus::FixedKnownFailure => {
                let _ = write!(
                    out,
                    ">\n      <failure message=\"listed as a known failure, but passes\"/>\n    </testcase>\n"
                );
            }
            CaseStatus::Skipped
            | CaseStatus::KnownFailure
            | CaseStatus::NotRun
            | CaseStatus::Apart => {
                let reason = match c.status {
                    CaseStatus::KnownFailure => "known failure",
                    CaseStatus::NotRun => "not run: the run stopped early",
                    CaseStatus::Apart => {
                        "apart: a position no game reaches (fails only with \
                         --strict-positions)"
                    }
                    _ => c.reason.as_deref().unwrap_or("skipped"),
                };
                let _ = write!(
                    out,
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                    xml(reason)
                );
            }
        }
    }

    /// The run's own problems as one failing test case `run`, if it has any.
    pub(crate) fn junit_problems(&self, out: &mut String) {
        if let Some(first) = self.problems.first() {
            junit_failure(out, "run", first, &self.problems.join("\n"));
        }
    }
}

/// A test case `name` of class `name` that failed with `message` and `body` (the run of an
/// engine: its problems, or why it could not be run).
pub(crate) fn junit_failure(out: &mut String, name: &str, message: &str, body: &str) {
    let _ = write!(
        out,
        "    <testcase classname=\"{0}\" name=\"{0}\">\n      \
         <failure message=\"{1}\">{2}</failure>\n    </testcase>\n",
        xml(name),
        xml(message),
        xml(body)
    );
}

impl Divergence {
    pub fn to_human(&self) -> String {
        self.human(None)
    }

    /// The finding for people; `known`: the table's bug that its bug is, if any.
    fn human(&self, known: Option<&Known>) -> String {
        self.human_as("FAIL", known)
    }

    /// The finding for people, its first line opening with `word` (`FAIL`, or `APART` for one
    /// that does not fail the run).
    fn human_as(&self, word: &str, known: Option<&Known>) -> String {
        let mut out = String::new();
        let more = match self.cases.len() {
            0 | 1 => String::new(),
            n => format!(" (and {} more cases)", n - 1),
        };
        // The first case is the one whose witness is shown.
        let first = self.cases.first().map(String::as_str).unwrap_or("?");
        let _ = writeln!(out, "{word} {first}{more}: {}", flat(&self.summary));
        for d in &self.details {
            let _ = writeln!(out, "    {}", flat(d));
        }
        let rulings = rulings_suffix(&self.rulings);
        let plies = match (self.moves.len(), self.shrunk_from) {
            (1, None) => "1 move".to_string(),
            (n, None) => format!("{n} moves"),
            (n, Some(from)) => format!("{n} moves, shrunk from {from}"),
        };
        let moves = if self.moves.is_empty() {
            "(no move)".to_string()
        } else {
            self.moves.join(" ")
        };
        let label = match (known, self.unreachable) {
            (Some(known), _) => format!("{}, known: {}", self.label.word(), known.name),
            (None, true) => "validation (a position no game reaches)".to_string(),
            (None, false) => self.label.word().to_string(),
        };
        let _ = writeln!(out, "  label:     {label}");
        let _ = writeln!(out, "  ruleset:   {}{rulings}", self.ruleset);
        let _ = writeln!(out, "  start:     {}", self.start);
        let _ = writeln!(out, "  reproduce: {moves} ({plies})");
        let _ = writeln!(out, "  position:  {}", self.position);
        for line in self.diagram.lines() {
            let _ = writeln!(out, "    {line}");
        }
        let _ = writeln!(out, "  request:   {}", one_line(&self.request));
        let _ = writeln!(out, "  engine:    {}", flat(&one_line(&self.engine)));
        let _ = writeln!(out, "  oracle:    {}", one_line(&self.oracle));
        let rules = if self.rules.is_empty() {
            "-".to_string()
        } else {
            self.rules.join(", ")
        };
        let _ = writeln!(out, "  rules:     {rules}");
        if let Some(rule) = &self.deciding_rule {
            let _ = writeln!(out, "  deciding:  {rule}");
        }
        if let Some(mv) = &self.engine_move {
            let _ = writeln!(out, "  engine's notation: {}", flat(mv));
        }
        if !self.plays_as.is_empty() {
            let values: Vec<String> = self.plays_as.iter().map(|v| format!("`{v}`")).collect();
            let _ = writeln!(
                out,
                "  plays as:  your engine plays as {} would: declare it, if that is its rule",
                flat(&values.join(" or "))
            );
        }
        if let Some(by) = &self.accepted_by {
            let _ = writeln!(out, "  accept:    {}", flat(by));
        }
        if let Some(command) = &self.explain {
            let _ = writeln!(out, "  explain:   {}", flat(command));
        }
        let _ = writeln!(
            out,
            "  re-run:    the same command with --case {}",
            flat(first)
        );
        if self.cases.len() > 1 {
            let names: Vec<&str> = self.cases.iter().map(String::as_str).collect();
            let _ = writeln!(out, "  cases:     {}", list(&names, 8));
        }
        out
    }
}

/// What a terminal shows of a run going on: each finding's first line as it is found, then the
/// counts on one line that the next overwrites (and clears before the report).
pub fn progress(progress: &Progress<'_>) -> String {
    match progress {
        Progress::Finding(d) => {
            let case = d.cases.first().map(String::as_str).unwrap_or("?");
            let line = format!("FAIL {case}: {} ({})\n", d.summary, d.kind);
            format!("\r\x1b[K{}", escape_controls(&line))
        }
        Progress::Counts {
            cases,
            total,
            findings,
            failed,
        } => format!("\r\x1b[K{cases} of {total} cases, {findings} findings, {failed} failed"),
        Progress::Done => "\r\x1b[K".to_string(),
    }
}

use crate::rewrite::random_game::yaml_comment as flat;

fn rulings_suffix(rulings: &Rulings) -> String {
    if rulings.is_empty() {
        String::new()
    } else {
        let items: Vec<String> = rulings.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!(" [{}]", items.join(", "))
    }
}

fn one_line(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn list(items: &[&str], max: usize) -> String {
    let mut text = items
        .iter()
        .take(max)
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > max {
        let _ = write!(text, ", ... ({} in all)", items.len());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closing_line_counts_known_failures_as_skipped() {
        let s = Summary {
            passed: 3,
            failed: 1,
            skipped: 1,
            known_failures: 1,
            ..Summary::default()
        };
        assert_eq!(s.closing_line(), "3 passed, 1 failed, 2 skipped");
        let s = Summary {
            passed: 3,
            ..Summary::default()
        };
        assert_eq!(s.closing_line(), "3 passed, 0 failed");
        let s = Summary {
            failed: 2,
            not_run: 5,
            ..Summary::default()
        };
        assert_eq!(s.closing_line(), "0 passed, 2 failed, 5 not run");
    }

    #[test]
    fn xml_escapes_markup_and_control_characters() {
        assert_eq!(
            xml("a<b & \"c\"\u{1}"),
            "a&lt;b &amp; &quot;c&quot;\u{fffd}"
        );
    }
}
