//! The compliance table of a run of several engines (Bowtie's report, for Bao): each engine's
//! cases counted by scenario group (a spec file of a ruleset, the random games, the position
//! probes) and by rule id (the scenarios that cite it), its bugs by cause, and its verdict. Plain
//! data; the render stage writes it as text and HTML, serde as JSON
//! (docs/schema/conform-table.json).

use std::collections::{BTreeMap, BTreeSet};

use bao_rules::Ruleset;
use serde::Serialize;

use super::report::{CaseStatus, Label, Report};
use super::running::{NO_SUCH_CASE, NOTHING_PASSED};

/// The version of the JSON table's layout.
pub const TABLE_VERSION: u32 = 1;

/// A run's verdict on one engine, as its exit status gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Exit 0: no case failed, and nothing else went wrong.
    Conforms,
    /// Exit 1: a case failed, or the run has another problem (it stopped early, skipped what it
    /// should have checked).
    Fails,
    /// Exit 2: nothing passed, or `--case` named no case.
    NoVerdict,
    /// Exit 2: the engine could not be run (see [`Column::error`]).
    NotRun,
}

impl Verdict {
    /// The verdict of a finished run.
    pub fn of(report: &Report) -> Verdict {
        // A run in which nothing passed gives no verdict, whatever --known-failures lists; nor
        // does one whose --case names no case.
        let no_verdict = report
            .problems
            .iter()
            .any(|p| p.starts_with(NOTHING_PASSED) || p.starts_with(NO_SUCH_CASE));
        if no_verdict {
            Verdict::NoVerdict
        } else if report.conforms() {
            Verdict::Conforms
        } else {
            Verdict::Fails
        }
    }

    /// The exit status it stands for.
    pub fn exit(self) -> u8 {
        match self {
            Verdict::Conforms => 0,
            Verdict::Fails => 1,
            Verdict::NoVerdict | Verdict::NotRun => 2,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Verdict::Conforms => "conforms",
            Verdict::Fails => "fails",
            Verdict::NoVerdict => "no verdict",
            Verdict::NotRun => "not run",
        }
    }
}

/// One engine of the table.
#[derive(Clone, Debug, Serialize)]
pub struct Column {
    /// The engine's command line, as given.
    pub command: String,
    /// The name the engines file gives it, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The name and version its `hello` gives (none if it could not be run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    pub verdict: Verdict,
    /// The exit status a run of this engine alone has.
    pub exit: u8,
    /// Why it could not be run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Its cases in all, counted as its row's cells are.
    pub total: Cell,
    /// Its bugs, by cause (the report's `bugs`, each in a line).
    pub bugs: Vec<BugLine>,
    /// Its validation findings at positions no game reaches, by cause (the report's
    /// `unreachable`): they fail the run only under `--strict-positions`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unreachable: Vec<BugLine>,
    /// Its full report (the schema of docs/schema/conform-report.json).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<Report>,
}

/// One bug of an engine, in a line.
#[derive(Clone, Debug, Serialize)]
pub struct BugLine {
    pub label: Label,
    pub ruleset: Ruleset,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deciding_rule: Option<String>,
    pub symptoms: usize,
    pub cases: usize,
    /// The name of the engine's bug that it is in the reference's presets table (`known`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub known: Option<String>,
    /// The case whose witness is the shortest: `--case` re-runs it.
    pub case: String,
}

/// The cases of one engine in one row, counted as the closing line counts them: `skipped`
/// includes known failures, cases not run and cases apart; `failed` known failures that pass now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    /// The finding of the first failed case counted here (an index into the engine's report's
    /// `divergences`): where the HTML page's cell links to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finding: Option<usize>,
}

impl Cell {
    fn add(&mut self, status: CaseStatus, divergence: Option<usize>) {
        match status {
            CaseStatus::Passed => self.passed += 1,
            CaseStatus::Failed => {
                self.failed += 1;
                self.finding = self.finding.or(divergence);
            }
            CaseStatus::FixedKnownFailure => self.failed += 1,
            CaseStatus::Skipped
            | CaseStatus::KnownFailure
            | CaseStatus::NotRun
            | CaseStatus::Apart => self.skipped += 1,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.passed + self.failed + self.skipped == 0
    }
}

/// What a row counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RowKind {
    /// A scenario group (`bao-kingulu/sowing`: a spec file), the random games
    /// (`bao-kingulu/random`) or the position probes (`bao-kingulu/position`) of a ruleset.
    Group,
    /// The scenarios that cite a rule, ambiguity or ruling id.
    Rule,
}

#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub kind: RowKind,
    pub name: String,
    /// One cell per engine, in the order of [`Table::engines`].
    pub cells: Vec<Cell>,
}

/// The compliance table.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    pub version: u32,
    pub engines: Vec<Column>,
    /// The groups first (ruleset by ruleset, the spec's files in order, then random games and
    /// probes), then the rule ids in their natural order; only rows some engine has cases in.
    pub rows: Vec<Row>,
}

/// An engine as the run was given it, and what became of it.
pub struct Entry {
    pub command: String,
    pub label: Option<String>,
    /// Its report, or why it could not be run.
    pub outcome: Result<Report, String>,
}

impl Table {
    /// The table of `entries`; `scenarios` gives each scenario case's group and rule ids
    /// ([`super::Scenarios::cases`]), `groups` the scenario groups in the spec's order.
    pub fn new(
        entries: Vec<Entry>,
        scenarios: &BTreeMap<String, (String, Vec<String>)>,
        groups: &[String],
    ) -> Table {
        let n = entries.len();
        let mut group_cells: BTreeMap<String, Vec<Cell>> = BTreeMap::new();
        let mut rule_cells: BTreeMap<String, Vec<Cell>> = BTreeMap::new();
        let mut engines = Vec::with_capacity(n);
        for (i, entry) in entries.into_iter().enumerate() {
            let mut column = Column {
                command: entry.command,
                label: entry.label,
                name: None,
                version: None,
                verdict: Verdict::NotRun,
                exit: Verdict::NotRun.exit(),
                error: None,
                total: Cell::default(),
                bugs: Vec::new(),
                unreachable: Vec::new(),
                report: None,
            };
            match entry.outcome {
                Err(why) => column.error = Some(why),
                Ok(report) => {
                    for case in &report.cases {
                        column.total.add(case.status, case.divergence);
                        let (group, rules) = match scenarios.get(&case.name) {
                            Some((group, rules)) => (group.clone(), rules.as_slice()),
                            None => (generated_group(case.ruleset, &case.name), &[][..]),
                        };
                        group_cells
                            .entry(group)
                            .or_insert_with(|| vec![Cell::default(); n])[i]
                            .add(case.status, case.divergence);
                        // A rule cited twice by one scenario counts it once.
                        let rules: BTreeSet<&String> = rules.iter().collect();
                        for rule in rules {
                            rule_cells
                                .entry(rule.clone())
                                .or_insert_with(|| vec![Cell::default(); n])[i]
                                .add(case.status, case.divergence);
                        }
                    }
                    let line = |b: &super::report::Bug| BugLine {
                        label: b.label,
                        ruleset: b.ruleset,
                        deciding_rule: b.deciding_rule.clone(),
                        symptoms: b.symptoms.len(),
                        cases: b.cases,
                        known: b.known.as_ref().map(|k| k.name.clone()),
                        case: b
                            .divergences
                            .first()
                            .and_then(|&d| report.divergences.get(d))
                            .and_then(|d| d.cases.first().cloned())
                            .unwrap_or_default(),
                    };
                    column.bugs = report.bugs.iter().map(line).collect();
                    column.unreachable = report.unreachable.iter().map(line).collect();
                    column.verdict = Verdict::of(&report);
                    column.exit = column.verdict.exit();
                    column.name = Some(report.engine.name.clone());
                    column.version = report.engine.version.clone();
                    column.report = Some(report);
                }
            }
            engines.push(column);
        }
        let mut rows: Vec<Row> = Vec::new();
        let mut groups_left = group_cells;
        for ruleset in bao_rules::games::RULESETS {
            let mut order: Vec<String> = groups
                .iter()
                .filter(|g| g.split('/').next() == Some(ruleset))
                .cloned()
                .collect();
            order.push(format!("{ruleset}/random"));
            order.push(format!("{ruleset}/position"));
            for name in order {
                if let Some(cells) = groups_left.remove(&name) {
                    rows.push(Row {
                        kind: RowKind::Group,
                        name,
                        cells,
                    });
                }
            }
        }
        // Groups of no kind above (a case the run names otherwise), in name order.
        rows.extend(groups_left.into_iter().map(|(name, cells)| Row {
            kind: RowKind::Group,
            name,
            cells,
        }));
        let mut rules: Vec<(String, Vec<Cell>)> = rule_cells.into_iter().collect();
        rules.sort_by_key(|a| natural_key(&a.0));
        rows.extend(rules.into_iter().map(|(name, cells)| Row {
            kind: RowKind::Rule,
            name,
            cells,
        }));
        Table {
            version: TABLE_VERSION,
            engines,
            rows,
        }
    }

    /// The worst verdict of the engines: the run's exit status.
    pub fn exit(&self) -> u8 {
        self.engines.iter().map(|e| e.exit).max().unwrap_or(2)
    }
}

/// The group of a case that no scenario names: `bao-kingulu/random/7` is `bao-kingulu/random`.
fn generated_group(ruleset: Ruleset, name: &str) -> String {
    let rest = name
        .strip_prefix(ruleset.name())
        .and_then(|r| r.strip_prefix('/'))
        .unwrap_or(name);
    match rest.split_once('/') {
        Some((kind, _)) => format!("{ruleset}/{kind}"),
        None => format!("{ruleset}/other"),
    }
}

/// A sort key that orders the numbers in a name by value: `ZAN-2` before `ZAN-10`.
fn natural_key(name: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = name.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            let mut number = 0u64;
            while let Some(&d) = chars.peek() {
                let Some(v) = d.to_digit(10) else { break };
                number = number.saturating_mul(10).saturating_add(u64::from(v));
                chars.next();
            }
            key.push((std::mem::take(&mut text), number));
        } else {
            text.push(c);
            chars.next();
        }
    }
    key.push((text, 0));
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::conform::{CaseResult, EngineSummary, Summary};
    use proptest::prelude::*;

    const STATUSES: [CaseStatus; 7] = [
        CaseStatus::Passed,
        CaseStatus::Failed,
        CaseStatus::Skipped,
        CaseStatus::KnownFailure,
        CaseStatus::FixedKnownFailure,
        CaseStatus::NotRun,
        CaseStatus::Apart,
    ];

    /// A report of `cases` (case index, status index), without findings.
    fn report(cases: &[(usize, usize)], names: &[String]) -> Report {
        Report {
            version: super::super::REPORT_VERSION,
            engine: EngineSummary {
                name: "e".into(),
                version: None,
                protocol: 1,
            },
            seed: 0,
            games: 0,
            rulesets: Vec::new(),
            cases: cases
                .iter()
                .map(|&(c, s)| CaseResult {
                    name: names[c % names.len()].clone(),
                    ruleset: Ruleset::Kingulu,
                    status: STATUSES[s % STATUSES.len()],
                    divergence: None,
                    reason: None,
                })
                .collect(),
            divergences: Vec::new(),
            bugs: Vec::new(),
            unreachable: Vec::new(),
            fixed_known_failures: Vec::new(),
            unmatched_known_failures: Vec::new(),
            problems: Vec::new(),
            summary: Summary::default(),
        }
    }

    proptest! {
        /// Whatever the cases, each engine's group cells add up to its total, and no rule's
        /// cell counts more cases than its engine has.
        #[test]
        fn the_groups_add_up_to_each_engines_total(
            runs in prop::collection::vec(prop::collection::vec((0usize..8, 0usize..7), 0..30), 1..4)
        ) {
            let names: Vec<String> = ["a", "b", "c", "random/0", "random/1", "position/0", "d", "e"]
                .iter()
                .map(|n| format!("bao-kingulu/{n}"))
                .collect();
            let scenarios: BTreeMap<String, (String, Vec<String>)> = [
                ("a", "sowing", vec!["KIN-1", "KIN-2"]),
                ("b", "sowing", vec!["KIN-2", "KIN-2"]),
                ("c", "end", vec![]),
                ("d", "end", vec!["KIN-10"]),
            ]
            .into_iter()
            .map(|(id, group, rules)| {
                (
                    format!("bao-kingulu/{id}"),
                    (format!("bao-kingulu/{group}"), rules.into_iter().map(String::from).collect()),
                )
            })
            .collect();
            let entries = runs
                .iter()
                .map(|cases| Entry {
                    command: "e".into(),
                    label: None,
                    outcome: Ok(report(cases, &names)),
                })
                .collect();
            let groups = ["bao-kingulu/sowing".to_string(), "bao-kingulu/end".to_string()];
            let table = Table::new(entries, &scenarios, &groups);
            for (i, (engine, cases)) in table.engines.iter().zip(&runs).enumerate() {
                let mut sum = Cell::default();
                for row in table.rows.iter().filter(|r| r.kind == RowKind::Group) {
                    let c = row.cells[i];
                    sum.passed += c.passed;
                    sum.failed += c.failed;
                    sum.skipped += c.skipped;
                }
                sum.finding = engine.total.finding;
                prop_assert_eq!(sum, engine.total);
                prop_assert_eq!(sum.passed + sum.failed + sum.skipped, cases.len());
                for row in table.rows.iter().filter(|r| r.kind == RowKind::Rule) {
                    let c = row.cells[i];
                    prop_assert!(c.passed + c.failed + c.skipped <= cases.len());
                }
            }
            prop_assert!(table.rows.iter().all(|r| r.cells.iter().any(|c| !c.is_empty())));
        }
    }

    #[test]
    fn rule_ids_sort_by_their_numbers() {
        let mut ids = vec!["ZAN-10", "ZAN-2", "ZAN-A16", "KIN-1", "ZAN-A3", "ZAN-1"];
        ids.sort_by_key(|id| natural_key(id));
        assert_eq!(
            ids,
            ["KIN-1", "ZAN-1", "ZAN-2", "ZAN-10", "ZAN-A3", "ZAN-A16"]
        );
    }

    #[test]
    fn generated_cases_are_grouped_by_their_kind() {
        assert_eq!(
            generated_group(Ruleset::Kingulu, "bao-kingulu/random/7"),
            "bao-kingulu/random"
        );
        assert_eq!(
            generated_group(Ruleset::Kingulu, "bao-kingulu/position/0"),
            "bao-kingulu/position"
        );
        assert_eq!(
            generated_group(Ruleset::Kingulu, "bao-kingulu/x"),
            "bao-kingulu/other"
        );
    }

    #[test]
    fn cells_count_as_the_closing_line_does() {
        let mut cell = Cell::default();
        for s in [
            CaseStatus::Passed,
            CaseStatus::Failed,
            CaseStatus::FixedKnownFailure,
            CaseStatus::KnownFailure,
            CaseStatus::Skipped,
            CaseStatus::NotRun,
            CaseStatus::Apart,
        ] {
            cell.add(s, Some(3));
        }
        assert_eq!(
            cell,
            Cell {
                passed: 1,
                failed: 2,
                skipped: 4,
                finding: Some(3)
            }
        );
    }
}
