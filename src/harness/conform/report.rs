//! The conformance report: plain data (cases, divergences, counts), rendered for people, as a
//! versioned JSON document, or as JUnit XML for CI systems.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::Value;

use crate::harness::protocol::Rulings;
use crate::render::escape_controls;
use crate::render::markup::escape as xml;

/// The version of the JSON report's layout.
pub const REPORT_VERSION: u32 = 1;

#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub version: u32,
    pub engine: EngineSummary,
    pub seed: u64,
    pub games: u64,
    pub rulesets: Vec<RulesetSummary>,
    pub cases: Vec<CaseResult>,
    pub divergences: Vec<Divergence>,
    /// The findings triaged by cause: findings that share a deciding rule, or a witness (the
    /// position and the move), are one bug with its symptoms.
    pub bugs: Vec<Bug>,
    /// Known failures that pass now: each fails the run until it is taken out of the file.
    pub fixed_known_failures: Vec<String>,
    /// Known-failure entries that match no case of this run.
    pub unmatched_known_failures: Vec<String>,
    /// Why the run fails beyond its failed cases: it stopped early (the engine could not be run
    /// any more), skipped cases the engine claims to support, or checked nothing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<String>,
    pub summary: Summary,
}

#[derive(Clone, Debug, Serialize)]
pub struct EngineSummary {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    pub protocol: u32,
}

#[derive(Clone, Debug, Serialize)]
pub struct RulesetSummary {
    pub ruleset: String,
    /// The rulings of the random games: the preset's under the `--ruling`s.
    pub rulings: Rulings,
    /// The preset the random games' rulings come from (`--preset`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    pub scenarios: usize,
    pub games: usize,
    /// Position probes run (`--positions`): generated positions the games rarely reach.
    pub positions: usize,
    /// What `--max-laps` left out of the comparison.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left_out: Option<LeftOut>,
}

/// The requests `--max-laps` (or the limits the engine's `hello` declares) left out of a
/// ruleset's comparison: neither passed nor failed.
#[derive(Clone, Debug, Serialize)]
pub struct LeftOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_laps: Option<u32>,
    /// The engine's declared limit of seeds sown in a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_seeds: Option<u32>,
    /// Whether the limits are the engine's own (its `hello`), not `--max-laps`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub declared: bool,
    /// The game's ambiguity on long and never-ending moves (`ZAN-A16`); none for a game without
    /// laps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// `play` requests of a move the oracle needs more laps to decide (or refuses as
    /// never-ending).
    pub moves: usize,
    /// `legal_moves` requests at a position with such a move.
    pub positions: usize,
}

impl LeftOut {
    /// What was left out, in one sentence that names the rule.
    pub fn sentence(&self, ruleset: &str) -> String {
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaseStatus {
    Passed,
    Failed,
    Skipped,
    /// Listed as a known failure, and still failing: does not fail the run.
    KnownFailure,
    /// Listed as a known failure, and passing now: fails the run.
    FixedKnownFailure,
    /// Not run: the engine could not be run any more (see [`Report::problems`]).
    NotRun,
    /// Failed only by validation findings of merely unreachable positions: reported apart, not
    /// failed (unless `--strict-positions`).
    Apart,
}

#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    pub name: String,
    pub ruleset: String,
    pub status: CaseStatus,
    /// Index into [`Report::divergences`] for a failing case.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divergence: Option<usize>,
    /// Why a case was skipped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// What a finding is, by its cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Label {
    /// The engine plays a rule otherwise.
    Rule,
    /// The engine accepts a position the oracle refuses, or refuses one it accepts.
    Validation,
    /// A cap of the engine's on long moves (`undecided`, or moves too long for it missing).
    Limit,
    /// The engine breaks the protocol: it crashes, hangs or garbles its answers.
    Protocol,
}

impl Label {
    pub fn word(self) -> &'static str {
        match self {
            Label::Rule => "rule",
            Label::Validation => "validation",
            Label::Limit => "limit",
            Label::Protocol => "protocol",
        }
    }
}

/// One way the engine disagrees with the oracle, with everything needed to reproduce it.
#[derive(Clone, Debug, Serialize)]
pub struct Divergence {
    /// What the finding is, by its cause.
    pub label: Label,
    /// A validation finding about a position the run's rulings refuse but the defaults read
    /// (merely unreachable): reported apart, failing the run only under `--strict-positions`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unreachable: bool,
    /// What accepts the finding where it is a limit (`--max-laps N`, or `limits` in `hello`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accepted_by: Option<String>,
    /// The cases that showed it (random games that shrank to the same reproduction are merged).
    pub cases: Vec<String>,
    pub ruleset: String,
    pub rulings: Rulings,
    /// What differs, in one line.
    pub summary: String,
    /// The difference in detail, one line each.
    pub details: Vec<String>,
    /// Where the reproduction starts (compact form), and the moves from there.
    pub start: String,
    pub moves: Vec<String>,
    /// The number of moves before shrinking, when shrinking shortened the reproduction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shrunk_from: Option<usize>,
    /// The position the request was about (compact form and diagram).
    pub position: String,
    pub diagram: String,
    pub request: Value,
    /// The engine's answer as it wrote it (JSON if it was JSON), or what happened instead.
    pub engine: Value,
    pub oracle: Value,
    /// The rule ids involved: of the oracle's answer, the differing moves, and the scenario.
    pub rules: Vec<String>,
    /// What differs and the rule it is about: divergences of one kind are one finding.
    pub kind: String,
    /// The rule whose condition decides the difference, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deciding_rule: Option<String>,
    /// The command that shows the oracle's reading of the move (`bao-oracle explain …`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<String>,
    /// The move in the engine's own notation (its `hello` names one), when it differs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine_move: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    pub known_failures: usize,
    #[serde(skip_serializing_if = "is_zero")]
    pub not_run: usize,
    /// Cases failed only by validation findings of unreachable positions (not failed).
    #[serde(skip_serializing_if = "is_zero")]
    pub apart: usize,
    pub requests: u64,
    pub restarts: u32,
    /// Wall time of the run (the engine's start to the report), in milliseconds.
    pub elapsed_ms: u64,
    /// Requests answered per second of the run.
    pub requests_per_second: u64,
    /// The skipped cases counted by reason, the commonest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skip_reasons: Vec<SkipReason>,
}

/// One cause: the findings (`divergences`, by index) that show it, each a symptom.
#[derive(Clone, Debug, Serialize)]
pub struct Bug {
    pub label: Label,
    pub ruleset: String,
    /// The rule that decides it, when its findings name one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deciding_rule: Option<String>,
    /// Its findings, the one with the shortest witness first.
    pub divergences: Vec<usize>,
    /// What differs in each finding (its kind), in the order of `divergences`.
    pub symptoms: Vec<String>,
    /// The cases that show it.
    pub cases: usize,
}

/// Findings grouped by cause: two findings of one ruleset and label are one bug when they name
/// the same deciding rule, or show the same witness (the position and the move). A finding of
/// the protocol, or without a rule or witness in common, is a bug of its own.
pub fn triage(divergences: &[Divergence]) -> Vec<Bug> {
    let n = divergences.len();
    let mut root: Vec<usize> = (0..n).collect();
    fn find(root: &mut [usize], i: usize) -> usize {
        let mut i = i;
        while root[i] != i {
            root[i] = root[root[i]];
            i = root[i];
        }
        i
    }
    let witness = |d: &Divergence| (d.position.clone(), d.explain.clone());
    for i in 0..n {
        for j in 0..i {
            let (a, b) = (&divergences[i], &divergences[j]);
            let same = a.ruleset == b.ruleset
                && a.label == b.label
                && a.label != Label::Protocol
                && ((a.deciding_rule.is_some() && a.deciding_rule == b.deciding_rule)
                    || (a.explain.is_some() && witness(a) == witness(b)));
            if same {
                let (ri, rj) = (find(&mut root, i), find(&mut root, j));
                root[ri] = rj;
            }
        }
    }
    let mut bugs: Vec<(usize, Vec<usize>)> = Vec::new();
    for i in 0..n {
        let r = find(&mut root, i);
        match bugs.iter_mut().find(|(k, _)| *k == r) {
            Some((_, members)) => members.push(i),
            None => bugs.push((r, vec![i])),
        }
    }
    bugs.into_iter()
        .map(|(_, mut members)| {
            members.sort_by_key(|&i| divergences[i].moves.len());
            let first = &divergences[members[0]];
            let mut cases: Vec<&String> = members
                .iter()
                .flat_map(|&i| &divergences[i].cases)
                .collect();
            cases.sort();
            cases.dedup();
            Bug {
                label: first.label,
                ruleset: first.ruleset.clone(),
                deciding_rule: members
                    .iter()
                    .find_map(|&i| divergences[i].deciding_rule.clone()),
                symptoms: members
                    .iter()
                    .map(|&i| divergences[i].kind.clone())
                    .collect(),
                divergences: members,
                cases: cases.len(),
            }
        })
        .collect()
}

/// Skipped cases that share a reason: how many, and one of them.
#[derive(Clone, Debug, Serialize)]
pub struct SkipReason {
    pub reason: String,
    pub cases: usize,
    pub example: String,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
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
            let _ = write!(line, ", {} apart (unreachable positions)", self.apart);
        }
        line
    }
}

impl Report {
    /// Whether the engine conforms: no case failed and the run has no other problem.
    pub fn conforms(&self) -> bool {
        self.summary.failed == 0 && self.problems.is_empty()
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
            for (k, b) in self.bugs.iter().enumerate() {
                let rule = b.deciding_rule.as_deref().unwrap_or("-");
                let witness = &self.divergences[b.divergences[0]];
                let case = witness.cases.first().map(String::as_str).unwrap_or("?");
                let _ = writeln!(
                    out,
                    "  {}. [{}] {} {rule}: {} symptom{}, {} case{} (shortest: {})",
                    k + 1,
                    b.label.word(),
                    b.ruleset,
                    b.symptoms.len(),
                    if b.symptoms.len() == 1 { "" } else { "s" },
                    b.cases,
                    if b.cases == 1 { "" } else { "s" },
                    flat(case)
                );
                for s in &b.symptoms {
                    let _ = writeln!(out, "       {}", flat(s));
                }
            }
        }
        for d in self.divergences.iter().filter(|d| !d.unreachable) {
            out.push('\n');
            out.push_str(&d.to_human());
        }
        let apart: Vec<&Divergence> = self.divergences.iter().filter(|d| d.unreachable).collect();
        if !apart.is_empty() {
            out.push('\n');
            let _ = writeln!(
                out,
                "Apart: positions the oracle refuses under the run's rulings but reads under the \
                 defaults (merely unreachable); they fail the run only under --strict-positions"
            );
            for d in apart {
                out.push('\n');
                out.push_str(&d.to_human());
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
                let _ = writeln!(out, "{}", left.sentence(&r.ruleset));
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
                xml(&r.ruleset),
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
                property("left-out", &left.sentence(&r.ruleset));
                let _ = writeln!(out, "    </properties>");
            }
            for c in cases {
                let short = c
                    .name
                    .strip_prefix(&format!("{}/", c.ruleset))
                    .unwrap_or(&c.name);
                let _ = write!(
                    out,
                    "    <testcase classname=\"{}\" name=\"{}\"",
                    xml(&c.ruleset),
                    xml(short)
                );
                match c.status {
                    CaseStatus::Passed => out.push_str("/>\n"),
                    CaseStatus::Failed => {
                        let d = c.divergence.and_then(|i| self.divergences.get(i));
                        let (message, body) = match d {
                            Some(d) => (d.summary.clone(), d.to_human()),
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
                            CaseStatus::Apart => "apart: an unreachable position",
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
            out.push_str("  </testsuite>\n");
        }
        if let Some(first) = self.problems.first() {
            let _ = write!(
                out,
                "  <testsuite name=\"run\" tests=\"1\" failures=\"1\" skipped=\"0\">\n    \
                 <testcase classname=\"run\" name=\"run\">\n      \
                 <failure message=\"{}\">{}</failure>\n    </testcase>\n  </testsuite>\n",
                xml(first),
                xml(&self.problems.join("\n"))
            );
        }
        out.push_str("</testsuites>\n");
        out
    }
}

impl Divergence {
    pub fn to_human(&self) -> String {
        let mut out = String::new();
        let more = match self.cases.len() {
            0 | 1 => String::new(),
            n => format!(" (and {} more cases)", n - 1),
        };
        // The first case is the one whose witness is shown.
        let first = self.cases.first().map(String::as_str).unwrap_or("?");
        let _ = writeln!(out, "FAIL {first}{more}: {}", flat(&self.summary));
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
        let label = match self.unreachable {
            true => "validation (an unreachable position)",
            false => self.label.word(),
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

/// Text from the engine on one line of the report: every control character shown escaped, line
/// ends too (an engine's name with a line break would forge a line of the report).
fn flat(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

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
