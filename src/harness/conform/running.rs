//! Running the cases: scripts (the scenarios of the specification) and seeded random games, each
//! turned into probes, sent to the engine in one pipelined batch and judged in order; the results
//! gathered into the report.

use serde_json::Value;

use super::driver::{Fatal, Link, Reply};
use super::judging::{self, Verdict, divergence, judge, request_kind, violation};
use super::probes::{Context, Kind, Probe};
use super::report::{
    CaseResult, CaseStatus, Differs, Divergence, EngineSummary, Label, LeftOut, REPORT_VERSION,
    Report, RulesetSummary, SkipReason, Summary,
};
use super::shrinking::{self, Engine, Failure, Shrinking};
use crate::harness::protocol::{self, Limits, Request, Response, Rulings};
use crate::input::spec::{Scenario, ScenarioFile};
use bao_rules::game::Game;
use bao_rules::game::Notation;
use bao_rules::play::Playthrough;
use bao_rules::rulings::{Preset, Symptom};
use bao_rules::{Ruleset, SplitMix64};

/// The problem of a run in which nothing passed: it gives no verdict (exit 2), whatever
/// `--known-failures` lists.
pub const NOTHING_PASSED: &str = "nothing passed";
/// The problem of a `--case` that names no case of the run (exit 2).
pub const NO_SUCH_CASE: &str = "no case of the run is named";

/// The skipped cases counted by reason, the commonest first (then in the order first met).
fn skip_reasons(cases: &[CaseResult]) -> Vec<SkipReason> {
    let mut reasons: Vec<SkipReason> = Vec::new();
    for c in cases.iter().filter(|c| c.status == CaseStatus::Skipped) {
        let reason = c.reason.as_deref().unwrap_or("skipped");
        match reasons.iter_mut().find(|r| r.reason == reason) {
            Some(r) => r.cases += 1,
            None => reasons.push(SkipReason {
                reason: reason.to_string(),
                cases: 1,
                example: c.name.clone(),
            }),
        }
    }
    reasons.sort_by_key(|r| std::cmp::Reverse(r.cases));
    reasons
}

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    pub games: u64,
    /// Position probes per ruleset (`--positions`; 0: none).
    pub positions: u64,
    pub seed: u64,
    /// Case-name globs to skip.
    pub skip: Vec<String>,
    /// Case-name globs expected to fail.
    pub known_failures: Vec<String>,
    /// Whether skipped cases that the engine claims to support (or that `--ruling` asks for),
    /// and a run that checks nothing, pass.
    pub allow_skips: bool,
    /// `--max-laps N`: leave out of the comparison every move the oracle needs more than N laps to
    /// decide, and every position with such a legal move (engines cut long moves: ZAN-A16).
    pub max_laps: Option<u32>,
    /// `--case`: run only the cases whose names match one of these globs (all when empty).
    pub only: Vec<String>,
    /// `--strict-positions`: validation findings at positions no game reaches fail the run.
    pub strict_positions: bool,
}

/// A random game is cut off after this many plies (games of all three rulesets end long before).
pub const MAX_PLIES: usize = 2000;
/// Plies played from each position probe (each with its `legal_moves` and an illegal `play`).
pub const POSITION_PLIES: usize = 3;

/// A scripted case: moves from a start position, each played through the engine.
#[derive(Clone, Debug)]
pub struct Script<G: Game + bao_rules::Conformance> {
    /// The case name without the ruleset (the scenario id).
    pub name: String,
    /// The start position, or the text of one the oracle refuses (the engine must refuse it too).
    pub start: Result<G::Position, String>,
    pub rulings: Rulings,
    pub moves: Vec<String>,
    /// The rule ids the scenario exercises, for the report.
    pub rules: Vec<String>,
    /// Why the case is an expected skip, when it is: its start is a position under the
    /// scenario's own rulings but not under the engine's values of the rulings it leaves open.
    pub skip: Option<String>,
}

/// What a run shows while it goes on, to whoever asked ([`Run::show_progress`]).
pub enum Progress<'p> {
    /// A finding, as it is found.
    Finding(&'p Divergence),
    /// The counts after a case: cases run of `total`, findings, and failed cases.
    Counts {
        cases: usize,
        total: usize,
        findings: usize,
        failed: usize,
    },
    /// The run is over; its report follows.
    Done,
}

/// Whoever is shown a run's progress.
pub type ShowProgress<'a> = Box<dyn FnMut(Progress<'_>) + 'a>;

/// The ids of a case's requests begin at (its number + 1) times this, past the handshake's and
/// the preflights' (`1000782`: case 0's request 782): they do not depend on the cases before
/// it, so a run split among processes (`--jobs`) sends each case the ids a run in one sends it,
/// and its findings show the same. A case sends far fewer (its plies' probes, and shrinking
/// within the run's budget); past them the ids go on, still unique.
const CASE_IDS: u64 = 1_000_000;

/// A run that is one of several side by side (`--jobs`): it plays every `jobs`th case from
/// `index`, keeping each case's outcome for `merge` rather than recording it.
struct Share {
    jobs: usize,
    index: usize,
    /// (case number, name, ruleset, outcome), in the order played.
    outcomes: Vec<(usize, String, Ruleset, Outcome)>,
}

/// One of several runs side by side, done: what `merge` needs of it.
pub struct Part {
    outcomes: Vec<(usize, String, Ruleset, Outcome)>,
    rulesets: Vec<RulesetSummary>,
    /// Per ruleset: requests left out (`play`, `legal_moves`) and probes made.
    counts: Vec<(usize, usize, usize)>,
    stopped: Option<String>,
    requests: u64,
    restarts: u32,
}

/// The run so far: cases and divergences, filled ruleset by ruleset.
pub struct Run<'a> {
    pub driver: &'a mut dyn Link,
    pub options: &'a Options,
    pub cases: Vec<CaseResult>,
    pub divergences: Vec<Divergence>,
    pub rulesets: Vec<RulesetSummary>,
    shrinking: Shrinking,
    /// Why the engine cannot be run any more: every case from there on is not run.
    stopped: Option<String>,
    /// Skipped cases the engine claims to support, or the user asked for: (case, reason).
    unexcused: Vec<(String, String)>,
    /// `play` and `legal_moves` probes of the current ruleset left out by `--max-laps`.
    left_out: (usize, usize),
    /// Probes of the current ruleset made, left out or not.
    considered: usize,
    /// Rulesets whose limits left out most of their requests: each fails the run.
    mostly_left_out: Vec<String>,
    /// Who is shown progress, and the cases expected in all (see [`Run::show_progress`]).
    progress: Option<(usize, ShowProgress<'a>)>,
    started: std::time::Instant,
    /// The limits of the current ruleset: `--max-laps`, else what the engine's `hello` declares.
    limits: Limits,
    /// Cases selected so far, played or not: the next case's number.
    case_number: usize,
    /// Per ruleset done: requests left out (`play`, `legal_moves`) and probes made.
    counts: Vec<(usize, usize, usize)>,
    /// Set when this run is one of several side by side.
    share: Option<Share>,
}

impl<'a> Run<'a> {
    pub fn new(driver: &'a mut dyn Link, options: &'a Options) -> Self {
        Run {
            driver,
            options,
            cases: Vec::new(),
            divergences: Vec::new(),
            rulesets: Vec::new(),
            shrinking: Shrinking::default(),
            stopped: None,
            unexcused: Vec::new(),
            left_out: (0, 0),
            considered: 0,
            mostly_left_out: Vec::new(),
            progress: None,
            started: std::time::Instant::now(),
            limits: Limits::default(),
            case_number: 0,
            counts: Vec::new(),
            share: None,
        }
    }

    /// Makes this run part `index` of `jobs` side by side: it plays every `jobs`th case, and
    /// ends with [`Run::into_part`].
    pub fn share(&mut self, jobs: usize, index: usize) {
        self.share = Some(Share {
            jobs: jobs.max(1),
            index,
            outcomes: Vec::new(),
        });
    }

    /// This part's cases and counts, for `merge`.
    pub fn into_part(self) -> Part {
        Part {
            outcomes: self.share.map(|s| s.outcomes).unwrap_or_default(),
            rulesets: self.rulesets,
            counts: self.counts,
            stopped: self.stopped,
            requests: self.driver.requests(),
            restarts: self.driver.restarts(),
        }
    }

    /// Numbers the next selected case: whether this run plays it (every case, unless it is one
    /// of several side by side), and if so, where its requests' ids begin.
    fn take_case(&mut self) -> bool {
        let n = self.case_number;
        self.case_number += 1;
        let mine = self.share.as_ref().is_none_or(|s| n % s.jobs == s.index);
        if mine {
            self.driver.begin_ids((n as u64 + 1) * CASE_IDS);
        }
        mine
    }

    /// Shows progress while the run goes on: `show` is given each finding as it is found, the
    /// counts after each case, and the end before the report. `total`: the cases expected.
    pub fn show_progress(&mut self, total: usize, show: ShowProgress<'a>) {
        self.progress = Some((total, show));
    }

    fn report_progress(&mut self, new_findings: &[usize]) {
        let Some((total, show)) = &mut self.progress else {
            return;
        };
        for &i in new_findings {
            show(Progress::Finding(&self.divergences[i]));
        }
        let failed = self
            .cases
            .iter()
            .filter(|c| c.status == CaseStatus::Failed)
            .count();
        show(Progress::Counts {
            cases: self.cases.len(),
            total: *total,
            findings: self.divergences.len(),
            failed,
        });
    }

    /// The report, with the known failures applied.
    pub fn finish(mut self) -> Report {
        if let Some((_, show)) = &mut self.progress {
            show(Progress::Done);
        }
        let patterns = &self.options.known_failures;
        let mut matched = vec![false; patterns.len()];
        let mut fixed = Vec::new();
        for case in &mut self.cases {
            let mut hit = false;
            for (i, p) in patterns.iter().enumerate() {
                if glob_match(p, &case.name) {
                    matched[i] = true;
                    hit = true;
                }
            }
            if !hit {
                continue;
            }
            match case.status {
                CaseStatus::Failed => case.status = CaseStatus::KnownFailure,
                CaseStatus::Passed => {
                    case.status = CaseStatus::FixedKnownFailure;
                    fixed.push(case.name.clone());
                }
                _ => {}
            }
        }
        let unmatched = patterns
            .iter()
            .zip(&matched)
            .filter(|(_, m)| !**m)
            .map(|(p, _)| p.clone())
            .collect();
        let count = |s: CaseStatus| self.cases.iter().filter(|c| c.status == s).count();
        let summary = Summary {
            passed: count(CaseStatus::Passed),
            failed: count(CaseStatus::Failed) + count(CaseStatus::FixedKnownFailure),
            skipped: count(CaseStatus::Skipped),
            known_failures: count(CaseStatus::KnownFailure),
            not_run: count(CaseStatus::NotRun),
            apart: count(CaseStatus::Apart),
            requests: self.driver.requests(),
            restarts: self.driver.restarts(),
            elapsed_ms: self.started.elapsed().as_millis() as u64,
            requests_per_second: (self.driver.requests() as f64
                / self.started.elapsed().as_secs_f64().max(1e-3))
                as u64,
            skip_reasons: skip_reasons(&self.cases),
        };
        let problems = self.problems(&summary);
        let (bugs, unreachable) = super::report::triage(&self.divergences);
        let info = self.driver.info();
        Report {
            version: REPORT_VERSION,
            engine: EngineSummary {
                name: info.name.clone(),
                version: info.version.clone(),
                protocol: info.protocol,
            },
            seed: self.options.seed,
            games: self.options.games,
            rulesets: self.rulesets,
            cases: self.cases,
            bugs,
            unreachable,
            divergences: self.divergences,
            fixed_known_failures: fixed,
            unmatched_known_failures: unmatched,
            problems,
            summary,
        }
    }

    /// Why the run fails beyond its failed cases: it stopped early, skipped what it should have
    /// checked, or checked nothing.
    fn problems(&self, summary: &Summary) -> Vec<String> {
        let mut problems = Vec::new();
        if let Some(why) = &self.stopped {
            problems.push(format!(
                "the run stopped early: {why}; {} cases not run",
                summary.not_run
            ));
        }
        for p in &self.options.only {
            if !self.cases.iter().any(|c| glob_match(p, &c.name)) {
                problems.push(format!("{NO_SUCH_CASE} `{p}`"));
            }
        }
        problems.extend(self.mostly_left_out.iter().cloned());
        if self.options.allow_skips {
            return problems;
        }
        // One line per reason, in the order first met.
        let mut reasons: Vec<(&str, &str, usize)> = Vec::new();
        for (case, reason) in &self.unexcused {
            match reasons.iter_mut().find(|(r, _, _)| r == reason) {
                Some((_, _, n)) => *n += 1,
                None => reasons.push((reason, case, 1)),
            }
        }
        const SHOWN: usize = 5;
        for (reason, case, n) in reasons.iter().take(SHOWN) {
            let cases = match n {
                1 => format!("{case} skipped"),
                n => format!("{n} cases skipped ({case}, ...)"),
            };
            problems.push(format!("{cases}: {reason} (--allow-skips allows it)"));
        }
        if reasons.len() > SHOWN {
            let more: usize = reasons[SHOWN..].iter().map(|(_, _, n)| n).sum();
            problems.push(format!("{more} more cases skipped for other such reasons"));
        }
        if summary.passed == 0 && summary.known_failures > 0 && summary.failed == 0 {
            problems.push(format!(
                "{NOTHING_PASSED}: every case that ran is a known failure ({})",
                summary.known_failures
            ));
        }
        let checked = summary.passed + summary.failed + summary.known_failures + summary.apart;
        if checked == 0 && self.stopped.is_none() {
            problems.push("nothing was checked: no case ran (--allow-skips allows it)".into());
        }
        problems
    }

    /// Adds `probe` to `probes`, unless `--max-laps` leaves it out (then it is counted); whether
    /// it was added.
    fn keep<G: Game + bao_rules::Conformance>(
        &mut self,
        probe: Probe<G>,
        probes: &mut Vec<Probe<G>>,
    ) -> bool {
        self.considered += 1;
        let mut left_out = Vec::new();
        let kept = keep(probe, probes, &mut left_out);
        for kind in &left_out {
            self.count_left_out(kind);
        }
        kept
    }

    fn count_left_out(&mut self, kind: &Kind) {
        match kind {
            Kind::LegalMoves => self.left_out.1 += 1,
            Kind::Play | Kind::Refused(_) => self.left_out.0 += 1,
        }
    }

    /// Why a case with every probe left out is skipped.
    fn all_left_out<G: Game + bao_rules::Conformance>(&self) -> String {
        let rule = G::DESCRIPTION
            .long_moves
            .map(|l| format!(" ({})", l.ambiguity))
            .unwrap_or_default();
        format!(
            "every request left out: the oracle needs more than {} laps to decide its moves{rule}",
            self.limits.laps.unwrap_or(0)
        )
    }

    /// The engine's notation for game `G`, when its `hello` names one of the game's (other than
    /// canonical, which every request speaks).
    fn notation<G: Game + bao_rules::Conformance>(&self) -> Option<bao_rules::game::Notation> {
        let name = self
            .driver
            .info()
            .rulesets
            .get(G::RULESET)?
            .notation
            .as_deref()?;
        bao_rules::game::Notation::parse(name)
            .filter(|n| *n != bao_rules::game::Notation::Canonical && G::NOTATIONS.contains(n))
    }

    /// Whether the engine can no longer be run.
    pub(super) fn stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// Why a random game or position probe `name` is not played, if it is not: skipped by name,
    /// a ruling the user asked for that the engine cannot check (a run that cannot check it does
    /// not pass quietly), or the run already stopped.
    fn not_played(&self, name: &str, unsupported: &Option<String>) -> Option<Outcome> {
        if self.skipped(name) {
            Some(Outcome::Skipped("--skip".into()))
        } else if let Some(reason) = unsupported {
            Some(Outcome::Unexcused(reason.clone()))
        } else if self.stopped.is_some() {
            Some(Outcome::NotRun)
        } else {
            None
        }
    }

    /// Whether `--case` selects case `name` (every case without `--case`).
    fn selected(&self, name: &str) -> bool {
        self.options.only.is_empty() || self.options.only.iter().any(|p| glob_match(p, name))
    }

    fn skipped(&self, name: &str) -> bool {
        self.options.skip.iter().any(|p| glob_match(p, name))
    }

    fn record(&mut self, name: String, ruleset: Ruleset, outcome: Outcome) {
        if let Some(share) = &mut self.share {
            let n = self.case_number - 1;
            share.outcomes.push((n, name, ruleset, outcome));
            return;
        }
        let mut fresh = Vec::new();
        let (status, divergence, reason) = match outcome {
            Outcome::Passed => (CaseStatus::Passed, None, None),
            Outcome::Skipped(reason) => (CaseStatus::Skipped, None, Some(reason)),
            Outcome::Unexcused(reason) => {
                self.unexcused.push((name.clone(), reason.clone()));
                (CaseStatus::Skipped, None, Some(reason))
            }
            Outcome::NotRun => (CaseStatus::NotRun, None, None),
            Outcome::Failed(found) => {
                // One finding per cause: divergences of one kind (what differs and the rule it is
                // about, for the same request type, whatever the rulings) are one, the shortest
                // reproduction first; a protocol violation is one whatever the request.
                let mut first = None;
                let before = self.divergences.len();
                for d in found {
                    let violation = violation(&d);
                    let same = self.divergences.iter().position(|old| {
                        one_kind(old, &d)
                            || (violation.is_some() && judging::violation(old) == violation)
                    });
                    let index = match same {
                        Some(i) => {
                            let old = &mut self.divergences[i];
                            if !old.cases.contains(&name) {
                                old.cases.push(name.clone());
                            }
                            // Kept when a shorter witness from elsewhere replaces this one.
                            let from_start = old.from_start || d.from_start;
                            if d.moves.len() < old.moves.len() {
                                // The shorter witness is shown, under its own case's name.
                                let mut cases = std::mem::take(&mut old.cases);
                                cases.retain(|c| *c != name);
                                cases.insert(0, name.clone());
                                *old = d;
                                old.cases = cases;
                            }
                            old.from_start = from_start;
                            i
                        }
                        None => {
                            self.divergences.push(d);
                            self.divergences.len() - 1
                        }
                    };
                    first.get_or_insert(index);
                }
                fresh.extend(before..self.divergences.len());
                let shown = self.divergences.iter().filter(|d| d.cases.contains(&name));
                let apart = !self.options.strict_positions && shown.clone().all(|d| d.unreachable);
                let status = match apart {
                    true => CaseStatus::Apart,
                    false => CaseStatus::Failed,
                };
                (status, first, None)
            }
        };
        self.cases.push(CaseResult {
            name,
            ruleset,
            status,
            divergence,
            reason,
        });
        self.report_progress(&fresh);
    }

    /// Before the run of game `G`: asks the engine for the legal moves of the start position under
    /// `rulings` (its preset or declared values, and any `--ruling`), which its `hello` says it
    /// plays. An engine that refuses them (`unsupported`) would skip every case: the run stops
    /// here, naming the values. Other answers are the cases' to judge.
    pub fn preflight<G: Game + bao_rules::Conformance>(
        &mut self,
        rulings: &Rulings,
    ) -> Result<(), Fatal> {
        // Under the defaults an `unsupported` answer is a position the engine cannot represent
        // (a skip); under values of its own it may be a stale declaration.
        let support = self.driver.info().rulesets.get(G::RULESET).cloned();
        if rulings.is_empty() || support.is_none_or(|s| s.lacks::<G>(rulings).is_some()) {
            return Ok(());
        }
        let mut request = [Request::LegalMoves {
            id: Value::Null,
            ruleset: Ruleset::of::<G>().into(),
            rulings: rulings.clone(),
            position: G::format_compact(&G::start()),
        }];
        let replies = self.driver.exchange(&mut request)?;
        if let Some(Reply::Answer {
            response: Response::Unsupported { message, .. },
            ..
        }) = replies.first()
        {
            let values: Vec<String> = rulings.iter().map(|(n, v)| format!("{n}={v}")).collect();
            let values = match values.is_empty() {
                true => "the defaults".to_string(),
                false => values.join(", "),
            };
            return Err(Fatal(format!(
                "the engine refuses {} at the start position under the values its `hello` \
                 declares ({values}): `unsupported`: {}; every case would be skipped",
                G::RULESET,
                super::clip(message)
            )));
        }
        Ok(())
    }

    /// Runs the scripts and the random games of game `G` under `rulings` (for the random games),
    /// `preset` being the preset they came from, if any (for the report).
    pub fn ruleset<G: Game + bao_rules::Conformance>(
        &mut self,
        scripts: &[Script<G>],
        rulings: &Rulings,
        preset: Option<&Preset>,
    ) -> Result<(), Fatal> {
        self.left_out = (0, 0);
        self.considered = 0;
        let support = self.driver.info().rulesets.get(G::RULESET).cloned();
        let declared = support.as_ref().and_then(|s| s.limits).unwrap_or_default();
        self.limits = Limits {
            laps: self.options.max_laps.or(declared.laps),
            seeds: declared.seeds,
        };
        // Why the engine cannot play under `wanted`, judged on the full assignment (a default
        // named and a default left out alike): the driver never sends such a request.
        let unsupported =
            |wanted: &Rulings| -> Option<String> { support.as_ref()?.lacks::<G>(wanted) };
        for script in scripts {
            let name = format!("{}/{}", G::RULESET, script.name);
            if !self.selected(&name) || !self.take_case() {
                continue;
            }
            let outcome = if self.skipped(&name) {
                Outcome::Skipped("--skip".into())
            } else if let Some(why) = &script.skip {
                Outcome::Skipped(why.clone())
            } else if let Some(why) = unsupported(&script.rulings) {
                // A scenario pinned to a value the engine's `hello` leaves out runs under the
                // engine's values where its start is a position there; else an expected skip.
                match under_engine_rulings(script, rulings, unsupported) {
                    Some(_) if self.stopped.is_some() => Outcome::NotRun,
                    Some(own) => self.script(&name, &own),
                    None => Outcome::Skipped(format!("expected: {why}")),
                }
            } else if self.stopped.is_some() {
                Outcome::NotRun
            } else {
                self.script(&name, script)
            };
            self.record(name, Ruleset::of::<G>(), outcome);
        }
        let game_rulings = rulings.resolve::<G>().map_err(|e| Fatal(e.message))?;
        let notation = self.notation::<G>();
        // Which option asked for the ruling: the preset, when it sets that value.
        let random_unsupported = unsupported(rulings).map(|why| {
            let asks = match preset {
                Some(p) => format!("--preset {} (and any --ruling)", p.name),
                None => "--ruling".to_string(),
            };
            format!("{why}, which {asks} asks for")
        });
        let ctx = Context::<G> {
            rulings: game_rulings.clone(),
            rulings_text: rulings.clone(),
            start: G::start(),
            history: false,
            max_laps: self.limits.laps,
            max_seeds: self.limits.seeds,
            notation,
        };
        let random_name = |n: u64| format!("{}/random/{n}", G::RULESET);
        // The games this run will play (`--case`, its share of `--jobs`, not `--skip`ped), known
        // before the first: their probes are made a game ahead on a thread of their own, while
        // the engine answers the game before (the oracle's part is most of a game's time).
        let first = self.case_number;
        let share = self.share.as_ref().map(|s| (s.jobs, s.index));
        let planned: Vec<u64> = (0..self.options.games)
            .filter(|&n| self.selected(&random_name(n)))
            .enumerate()
            .filter(|&(k, n)| {
                share.is_none_or(|(jobs, index)| (first + k) % jobs == index)
                    && !self.skipped(&random_name(n))
            })
            .map(|(_, n)| n)
            .filter(|_| random_unsupported.is_none())
            .collect();
        let seed = self.options.seed;
        std::thread::scope(|scope| {
            let (tx, plans) = std::sync::mpsc::sync_channel(2);
            let ctx = &ctx;
            let planned = &planned;
            scope.spawn(move || {
                for &n in planned {
                    let plan = plan_game(ctx, game_seed(seed, G::RULESET, n), MAX_PLIES);
                    if tx.send((n, plan)).is_err() {
                        return;
                    }
                }
            });
            let mut plans = Some(plans);
            for n in 0..self.options.games {
                let name = random_name(n);
                if !self.selected(&name) || !self.take_case() {
                    continue;
                }
                // A stopped engine plays no more games: the maker stops too.
                if self.stopped.is_some() {
                    plans = None;
                }
                // Taken in the order made, whatever becomes of the game.
                let plan = planned
                    .binary_search(&n)
                    .ok()
                    .and(plans.as_ref())
                    .and_then(|plans| plans.recv().ok())
                    .filter(|(m, _)| *m == n);
                let outcome = if let Some(outcome) = self.not_played(&name, &random_unsupported) {
                    outcome
                } else if let Some((_, plan)) = plan {
                    self.play_plan(ctx, &name, plan)
                } else {
                    self.random_game(ctx, n)
                };
                self.record(name, Ruleset::of::<G>(), outcome);
            }
            // The maker stops at its next game, if any is left.
            drop(plans);
        });
        // Position probes: a few plies from each generated position.
        let mut probed = 0;
        for n in 0..self.options.positions {
            let name = format!("{}/position/{n}", G::RULESET);
            if !self.selected(&name) {
                continue;
            }
            // Every other probe aims at one ruling in turn (a game without rulings: none).
            let aimed = G::RULINGS
                .get((n / 2) as usize % G::RULINGS.len().max(1))
                .filter(|_| n % 2 == 1);
            let seed = self.options.seed;
            // A ruling that changes nothing under the others (takasia rulings without takasia)
            // gets an ordinary probe.
            let probe = aimed
                .and_then(|def| {
                    super::positions::targeted::<G>(seed, n, def, rulings, &game_rulings)
                })
                .or_else(|| super::positions::generate::<G>(seed, n, &game_rulings));
            let Some((start, kind)) = probe else {
                continue;
            };
            probed += 1;
            if !self.take_case() {
                continue;
            }
            let outcome = if let Some(outcome) = self.not_played(&name, &random_unsupported) {
                outcome
            } else {
                let ctx = Context::<G> {
                    rulings: game_rulings.clone(),
                    rulings_text: rulings.clone(),
                    start,
                    history: false,
                    max_laps: self.limits.laps,
                    max_seeds: self.limits.seeds,
                    notation,
                };
                let seed = game_seed(self.options.seed, &format!("{}/{kind}", G::RULESET), n);
                self.game_from(&ctx, &name, seed, POSITION_PLIES)
            };
            self.record(name, Ruleset::of::<G>(), outcome);
        }
        // A real engine's cap leaves out the odd long move; one that leaves out most requests
        // leaves nothing to judge it by.
        let left = self.left_out.0 + self.left_out.1;
        self.mostly_left_out.extend(mostly_left_out(
            Ruleset::of::<G>(),
            left,
            self.considered,
            self.options,
        ));
        self.counts
            .push((self.left_out.0, self.left_out.1, self.considered));
        self.rulesets.push(RulesetSummary {
            positions: probed,
            ruleset: Ruleset::of::<G>(),
            rulings: rulings.clone(),
            preset: preset.map(|p| p.name.to_string()),
            scenarios: scripts.len(),
            games: self.options.games as usize,
            left_out: (self.limits != Limits::default()).then(|| LeftOut {
                max_laps: self.limits.laps,
                max_seeds: self.limits.seeds,
                declared: self.options.max_laps.is_none(),
                rule: G::DESCRIPTION.long_moves.map(|l| l.ambiguity.to_string()),
                moves: self.left_out.0,
                positions: self.left_out.1,
            }),
        });
        Ok(())
    }

    fn script<G: Game + bao_rules::Conformance>(
        &mut self,
        name: &str,
        script: &Script<G>,
    ) -> Outcome {
        let rulings = match script.rulings.resolve::<G>().map_err(|e| e.message) {
            Ok(r) => r,
            Err(e) => return Outcome::Skipped(format!("the oracle refuses its rulings: {e}")),
        };
        let start = match &script.start {
            Ok(start) => start.clone(),
            Err(text) => return self.refused_start::<G>(name, script, text),
        };
        let ctx = Context::<G> {
            rulings,
            rulings_text: script.rulings.clone(),
            start,
            history: true,
            max_laps: self.limits.laps,
            max_seeds: self.limits.seeds,
            notation: self.notation::<G>(),
        };
        let mut probes = Vec::new();
        let mut game = Playthrough::<G>::new(ctx.start.clone(), ctx.rulings.clone());
        let mut history = Vec::new();
        let mut played = Vec::new();
        // Positions with an undecided move are skipped, and the scenario ends at one.
        let mut undecided = false;
        let left_before = self.left_out;
        for text in &script.moves {
            if let Some(probe) = ctx.legal_moves_probe(game.position(), &played) {
                self.keep(probe, &mut probes);
            }
            // Scenarios may spell moves in any accepted form; the protocol speaks canonical.
            let resolved = game.resolve_text(text).ok();
            let canonical = resolved.map(G::format_move).unwrap_or_else(|| text.clone());
            let probe = ctx.play_probe(game.position(), &history, &canonical, &played);
            if matches!(probe.expected, Response::Undecided { .. }) {
                undecided = true;
                break;
            }
            let legal = probe.kind == Kind::Play;
            self.keep(probe, &mut probes);
            // After a refused move (or a move after the end) the scenario has no more to say.
            let Some(mv) = resolved.filter(|_| legal && game.end().is_none()) else {
                break;
            };
            history.push(game.position().clone());
            if game.play(mv, &mut ()).is_err() {
                break;
            }
            played.push(canonical);
        }
        if !undecided
            && played.len() == script.moves.len()
            && let Some(probe) = ctx.legal_moves_probe(game.position(), &played)
        {
            self.keep(probe, &mut probes);
        }
        if probes.is_empty() {
            if self.left_out != left_before {
                return Outcome::Skipped(self.all_left_out::<G>());
            }
            return Outcome::Skipped("the oracle finds a move of the scenario undecided".into());
        }
        let Some(replies) = self.send(&mut probes) else {
            return Outcome::NotRun;
        };
        // Every check of the scenario (each position's legal moves, each move played) is judged
        // on its own: the probes are the oracle's positions, so a difference does not carry on.
        // Each kind of divergence is reported once, at its first check.
        let mut found: Vec<Divergence> = Vec::new();
        let mut kinds: Vec<(String, String)> = Vec::new();
        let mut skipped = None;
        for (probe, reply) in probes.iter().zip(&replies) {
            match judge(&ctx, probe, reply) {
                Verdict::Pass => {}
                Verdict::LeftOut => self.count_left_out(&probe.kind),
                // The engine cannot represent the position (or the move): a skip by its reason.
                Verdict::Skip(reason) => {
                    skipped.get_or_insert(reason);
                }
                Verdict::Fail(mismatch) => {
                    let key = (request_label(&probe.kind), mismatch.signature.clone());
                    if kinds.contains(&key) {
                        continue;
                    }
                    kinds.push(key);
                    let moves = probe.reproduction();
                    let mut d = divergence(name, &ctx, &moves, probe, reply, mismatch);
                    for r in &script.rules {
                        if !d.rules.contains(r) {
                            d.rules.push(r.clone());
                        }
                    }
                    found.push(d);
                }
            }
        }
        if !found.is_empty() {
            return Outcome::Failed(found);
        }
        if let Some(reason) = skipped {
            return Outcome::Skipped(reason);
        }
        Outcome::Passed
    }

    /// A scenario whose start position the oracle refuses: the engine must answer `legal_moves`
    /// there with the same error.
    fn refused_start<G: Game + bao_rules::Conformance>(
        &mut self,
        name: &str,
        script: &Script<G>,
        text: &str,
    ) -> Outcome {
        if text.trim().contains('\n') {
            return Outcome::Skipped(
                "its refused start is a diagram; the protocol sends compact positions".into(),
            );
        }
        let mut request = [Request::LegalMoves {
            id: Value::Null,
            ruleset: Ruleset::of::<G>().into(),
            rulings: script.rulings.clone(),
            position: text.to_string(),
        }];
        let reply = match self.driver.exchange(&mut request) {
            Ok(reply) => reply,
            Err(stop) => {
                self.stopped = Some(stop.0);
                return Outcome::NotRun;
            }
        };
        let [request] = request;
        let line = serde_json::to_string(&request).expect("requests serialize");
        let expected = protocol::respond(&line);
        let (summary, engine) = match &reply[0] {
            // A position the engine cannot represent: a skip, as everywhere (protocol.md, U16).
            Reply::Answer {
                response: Response::Unsupported { message, .. },
                ..
            } => {
                return Outcome::Skipped(format!(
                    "the engine does not support it: {}",
                    super::clip(message)
                ));
            }
            Reply::Answer { response, line } => {
                let agrees = match (&expected, response) {
                    (Response::Error { code: a, .. }, Response::Error { code: b, .. }) => a == b,
                    (a, b) => a.kind() == b.kind(),
                };
                if agrees {
                    return Outcome::Passed;
                }
                let summary = format!(
                    "to `legal_moves` at a position the oracle refuses, the engine answers `{}`",
                    response.kind()
                );
                (summary, serde_json::from_str(line).unwrap_or(Value::Null))
            }
            other => {
                let verdict = match other {
                    Reply::Timeout { seconds } => format!("no answer within {seconds} s"),
                    Reply::Crashed { .. } => "the engine crashed".to_string(),
                    Reply::Invalid { .. } => "an answer that breaks the protocol".to_string(),
                    _ => "a garbled answer".to_string(),
                };
                (verdict.clone(), Value::String(verdict))
            }
        };
        let details = match &expected {
            Response::Error { code, message, .. } => vec![format!("oracle: {code}: {message}")],
            _ => Vec::new(),
        };
        // The rule the oracle refuses the position by decides; each such rule is its own finding.
        let deciding = script
            .rulings
            .resolve::<G>()
            .ok()
            .and_then(|rulings| G::parse_position_under(text, &rulings).err())
            .and_then(|e| e.rule);
        let kind = match deciding {
            Some(rule) => format!("a refused start ({rule})"),
            None => "a refused start".to_string(),
        };
        let answered = matches!(reply[0], Reply::Answer { .. });
        Outcome::Failed(vec![Divergence {
            label: match answered {
                true => Label::Validation,
                false => Label::Protocol,
            },
            unreachable: answered,
            accepted_by: None,
            cases: vec![name.to_string()],
            // A refused start is no game's start.
            from_start: false,
            ruleset: Ruleset::of::<G>(),
            rulings: script.rulings.clone(),
            summary,
            details,
            start: text.to_string(),
            moves: Vec::new(),
            shrunk_from: None,
            position: text.to_string(),
            diagram: refused_diagram::<G>(text, &expected),
            request: serde_json::to_value(&request).expect("requests serialize"),
            engine,
            oracle: serde_json::to_value(&expected).expect("responses serialize"),
            rules: script.rules.clone(),
            kind,
            deciding_rule: deciding.map(str::to_string),
            explain: None,
            engine_move: None,
            symptoms: match answered {
                true => vec![Symptom::AcceptsPosition],
                false => Vec::new(),
            },
            differs: Differs::default(),
            plays_as: Vec::new(),
        }])
    }

    fn random_game<G: Game + bao_rules::Conformance>(
        &mut self,
        ctx: &Context<G>,
        n: u64,
    ) -> Outcome {
        let name = format!("{}/random/{n}", G::RULESET);
        let seed = game_seed(self.options.seed, G::RULESET, n);
        self.game_from(ctx, &name, seed, MAX_PLIES)
    }

    /// A random game from `ctx.start` of at most `max_plies` plies, seeded `seed`: every probe
    /// of it sent in one batch, and every kind of divergence found shrunk on its own.
    fn game_from<G: Game + bao_rules::Conformance>(
        &mut self,
        ctx: &Context<G>,
        name: &str,
        seed: u64,
        max_plies: usize,
    ) -> Outcome {
        let plan = plan_game(ctx, seed, max_plies);
        self.play_plan(ctx, name, plan)
    }

    /// Sends a game's probes and judges the replies: [`Run::game_from`] past the oracle's part.
    fn play_plan<G: Game + bao_rules::Conformance>(
        &mut self,
        ctx: &Context<G>,
        name: &str,
        plan: Plan<G>,
    ) -> Outcome {
        let Plan {
            mut probes,
            plies,
            moves,
            played,
            left_out,
        } = plan;
        self.considered += probes.len() + left_out.len();
        for kind in &left_out {
            self.count_left_out(kind);
        }
        if probes.is_empty() && !left_out.is_empty() {
            return Outcome::Skipped(self.all_left_out::<G>());
        }
        let Some(replies) = self.send(&mut probes) else {
            return Outcome::NotRun;
        };
        // Every kind of divergence of the game, each shrunk on its own.
        let mut found: Vec<Divergence> = Vec::new();
        let mut kinds: Vec<(String, String)> = Vec::new();
        let mut skipped = None;
        for ((probe, reply), &ply) in probes.iter().zip(&replies).zip(&plies) {
            match judge(ctx, probe, reply) {
                Verdict::Pass => {}
                Verdict::LeftOut => self.count_left_out(&probe.kind),
                // The engine cannot represent the position (or the move): a skip by its reason.
                Verdict::Skip(reason) => {
                    skipped.get_or_insert(reason);
                }
                Verdict::Fail(mismatch) => {
                    let key = (request_label(&probe.kind), mismatch.signature.clone());
                    if kinds.contains(&key) || self.stopped() {
                        continue;
                    }
                    kinds.push(key);
                    let mut probe = probe.clone();
                    probe.before = played[..ply].to_vec();
                    let upto = probe.reproduction().len();
                    let failure = Failure {
                        moves: moves[..upto].to_vec(),
                        probe,
                        reply: reply.clone(),
                        mismatch,
                    };
                    let shrunk = shrinking::shrink(self, ctx, failure);
                    let shrunk = shrinking::search(self, ctx, shrunk);
                    let repro = shrunk.probe.reproduction();
                    let mut d = divergence(
                        name,
                        ctx,
                        &repro,
                        &shrunk.probe,
                        &shrunk.reply,
                        shrunk.mismatch,
                    );
                    if repro.len() < upto {
                        d.shrunk_from = Some(upto);
                    }
                    found.push(d);
                }
            }
        }
        if !found.is_empty() {
            return Outcome::Failed(found);
        }
        if let Some(reason) = skipped {
            return Outcome::Skipped(reason);
        }
        Outcome::Passed
    }

    /// Sends the probes' requests; each probe keeps the request as sent (with its id).
    /// The replies: one for each probe, or fewer when the engine had to be stopped (see
    /// [`Link::exchange`]). `None` when the engine cannot be run any more: the run stops.
    pub(super) fn send<G: Game + bao_rules::Conformance>(
        &mut self,
        probes: &mut [Probe<G>],
    ) -> Option<Vec<Reply>> {
        if self.stopped.is_some() {
            return None;
        }
        // The requests are lent to the exchange (which sets their ids) and given back.
        let placeholder = || Request::Hello {
            id: Value::Null,
            protocol: 0,
        };
        let mut sent: Vec<Request> = probes
            .iter_mut()
            .map(|p| std::mem::replace(&mut p.request, placeholder()))
            .collect();
        let exchanged = self.driver.exchange(&mut sent);
        for (probe, request) in probes.iter_mut().zip(sent) {
            probe.request = request;
        }
        match exchanged {
            Ok(replies) => Some(replies),
            Err(stop) => {
                self.stopped = Some(stop.0);
                None
            }
        }
    }
}

impl Engine for Run<'_> {
    fn send<G: Game + bao_rules::Conformance>(
        &mut self,
        probes: &mut [Probe<G>],
    ) -> Option<Vec<Reply>> {
        Run::send(self, probes)
    }

    fn stopped(&self) -> bool {
        Run::stopped(self)
    }

    fn shrinking(&mut self) -> &mut Shrinking {
        &mut self.shrinking
    }
}

/// A game's probes, made by the oracle alone before any is sent: the requests with their
/// expected answers, the ply of each, the moves played, and the kinds of the probes left out
/// (past `--max-laps` or the engine's limit).
struct Plan<G: Game + bao_rules::Conformance> {
    probes: Vec<Probe<G>>,
    plies: Vec<usize>,
    moves: Vec<G::Move>,
    played: Vec<String>,
    left_out: Vec<Kind>,
}

/// The probes of a random game from `ctx.start` of at most `max_plies` plies, seeded `seed`
/// (needs nothing of the run, so that the next game's can be made while the engine answers).
fn plan_game<G: Game + bao_rules::Conformance>(
    ctx: &Context<G>,
    seed: u64,
    max_plies: usize,
) -> Plan<G> {
    let mut rng = SplitMix64::new(seed);
    // Every hole's name, read once: at each position those the rules refuse (as
    // `Playthrough::resolve_text` refuses an illegal move), asked among its listed moves, are
    // the illegal moves to try.
    let names: Vec<(&str, G::Spelling)> = move_names::<G>()
        .into_iter()
        .filter_map(|name| Some((name, G::parse_move_in(Notation::Canonical, name).ok()?)))
        .collect();
    let mut game = Playthrough::<G>::new(ctx.start.clone(), ctx.rulings.clone());
    let mut moves: Vec<G::Move> = Vec::new();
    let mut played: Vec<String> = Vec::new();
    let mut probes = Vec::new();
    // The moves before each probe kept: its `before`, filled in only for a probe that fails
    // (copied into every probe, the moves so far cost a game quadratic time).
    let mut plies: Vec<usize> = Vec::new();
    let mut legal = Vec::new();
    let mut illegal = Vec::new();
    let mut left_out = Vec::new();
    // The position written once for its three probes; the next one is the oracle's answer.
    let mut compact = G::format_compact(game.position());
    while game.end().is_none() && moves.len() < max_plies {
        let pos = game.position().clone();
        let ply = moves.len();
        let _ = G::legal_moves(&pos, &ctx.rulings, &mut legal);
        // A position with undecided moves gets no `legal_moves`: its move list is not known.
        if let Some(probe) = ctx.legal_moves_probe_at(&pos, compact.clone(), &[])
            && keep(probe, &mut probes, &mut left_out)
        {
            plies.push(ply);
        }
        if legal.is_empty() {
            break;
        }
        illegal.clear();
        illegal.extend(
            names
                .iter()
                .filter(|(_, spelling)| G::refused_among(&pos, &ctx.rulings, spelling, &legal))
                .map(|(name, _)| *name),
        );
        if !illegal.is_empty() {
            let text = illegal[rng.below(illegal.len())];
            let probe = ctx.play_probe_at(&pos, compact.clone(), &[], text, &[]);
            if keep(probe, &mut probes, &mut left_out) {
                plies.push(ply);
            }
        }
        let mv = legal[rng.below(legal.len())];
        let text = G::format_move(mv);
        let probe = ctx.play_probe_at(&pos, compact, &[], &text, &[]);
        compact = match &probe.expected {
            Response::Played { position, .. } => position.clone(),
            _ => String::new(),
        };
        if keep(probe, &mut probes, &mut left_out) {
            plies.push(ply);
        }
        game.play(mv, &mut ()).expect("a listed move plays");
        if compact.is_empty() {
            compact = G::format_compact(game.position());
        }
        debug_assert_eq!(compact, G::format_compact(game.position()));
        moves.push(mv);
        played.push(text);
    }
    Plan {
        probes,
        plies,
        moves,
        played,
        left_out,
    }
}

/// Keeps `probe` unless it is left out; says whether it was kept.
fn keep<G: Game + bao_rules::Conformance>(
    probe: Probe<G>,
    probes: &mut Vec<Probe<G>>,
    left_out: &mut Vec<Kind>,
) -> bool {
    if probe.beyond {
        left_out.push(probe.kind);
        false
    } else {
        probes.push(probe);
        true
    }
}

enum Outcome {
    Passed,
    /// Each kind of divergence the case showed, once.
    Failed(Vec<Divergence>),
    /// Skipped for a reason that does not fail the run: the user's `--skip`, a ruling the engine
    /// does not list, a case the oracle cannot pose.
    Skipped(String),
    /// Skipped although the engine claims to support it (it answered `unsupported`), or the user
    /// asked for it: fails the run unless `--allow-skips`.
    Unexcused(String),
    /// The engine could not be run any more.
    NotRun,
}

/// The problem of a ruleset whose limits left out most of its `considered` requests.
fn mostly_left_out(
    ruleset: Ruleset,
    left: usize,
    considered: usize,
    options: &Options,
) -> Option<String> {
    if left * 2 <= considered {
        return None;
    }
    let by = match options.max_laps {
        Some(laps) => format!("--max-laps {laps}"),
        None => "the limits the engine's `hello` declares".to_string(),
    };
    Some(format!(
        "{ruleset}: {by} left out {left} of its {considered} requests, most of the run: no \
         verdict on what was left out"
    ))
}

/// The engine of a merged run: the parts' `hello` and counts; it is sent nothing.
struct Merged {
    info: super::driver::EngineInfo,
    requests: u64,
    restarts: u32,
}

impl Link for Merged {
    fn info(&self) -> &super::driver::EngineInfo {
        &self.info
    }

    fn exchange(&mut self, _: &mut [Request]) -> Result<Vec<Reply>, Fatal> {
        Err(Fatal("a merged run sends nothing".into()))
    }

    fn requests(&self) -> u64 {
        self.requests
    }

    fn restarts(&self) -> u32 {
        self.restarts
    }
}

/// The report of a run split into `parts` side by side (`--jobs`), each run under `options`
/// with the engine whose `hello` is `info`, the whole begun at `started`: the parts' cases
/// recorded in case order, as one run would have recorded them, so that the report is one run's.
pub fn merge(
    parts: Vec<Part>,
    info: super::driver::EngineInfo,
    options: &Options,
    started: std::time::Instant,
) -> Report {
    let mut link = Merged {
        info,
        requests: parts.iter().map(|p| p.requests).sum(),
        restarts: parts.iter().map(|p| p.restarts).sum(),
    };
    let mut run = Run::new(&mut link, options);
    run.started = started;
    run.rulesets = parts
        .first()
        .map(|p| p.rulesets.clone())
        .unwrap_or_default();
    for (k, ruleset) in run.rulesets.iter_mut().enumerate() {
        let mut sum = (0, 0, 0);
        for count in parts.iter().filter_map(|p| p.counts.get(k)) {
            sum = (sum.0 + count.0, sum.1 + count.1, sum.2 + count.2);
        }
        if let Some(left) = &mut ruleset.left_out {
            (left.moves, left.positions) = (sum.0, sum.1);
        }
        run.mostly_left_out.extend(mostly_left_out(
            ruleset.ruleset,
            sum.0 + sum.1,
            sum.2,
            options,
        ));
    }
    run.stopped = parts.iter().find_map(|p| p.stopped.clone());
    let mut outcomes: Vec<_> = parts.into_iter().flat_map(|p| p.outcomes).collect();
    outcomes.sort_by_key(|o| o.0);
    for (_, name, ruleset, outcome) in outcomes {
        run.record(name, ruleset, outcome);
    }
    run.finish()
}

/// Whether two divergences are of one kind: one ruleset and request type, what differs and the
/// rule it is about, and the same symptoms (a kind that names only the field an unreadable
/// position breaks hides its differing holes: geziefer's G5 is not G4).
fn one_kind(a: &Divergence, b: &Divergence) -> bool {
    let symptoms = |d: &Divergence| {
        let mut s = d.symptoms.clone();
        s.sort();
        s.dedup();
        s
    };
    a.ruleset == b.ruleset
        && request_kind(&a.request).0 == request_kind(&b.request).0
        && a.kind == b.kind
        && symptoms(a) == symptoms(b)
}

/// The request type of a probe, for telling divergences apart.
fn request_label(kind: &Kind) -> String {
    match kind {
        Kind::LegalMoves => "legal_moves".into(),
        Kind::Play => "play".into(),
        Kind::Refused(_) => "play refused".into(),
    }
}

/// The scenarios of game `G` among spec files, as scripts; each ruling a scenario does not pin
/// takes the engine's own value (`own`: its preset's, as `spec --preset` runs them, or a single
/// value its `hello` declares).
pub fn scripts<G: Game + bao_rules::Conformance>(
    files: &[ScenarioFile],
    own: &Rulings,
) -> Vec<Script<G>> {
    let mut scripts = Vec::new();
    for file in files.iter().filter(|f| f.ruleset == Ruleset::of::<G>()) {
        for scenario in &file.scenarios {
            // The scenario's own rulings, and the engine's values of those it does not pin.
            let mut rulings = scenario.rulings.clone();
            for (name, value) in own.iter() {
                if rulings.get(name).is_none() {
                    let _ = rulings.insert(name, value);
                }
            }
            let mut skip = None;
            let start = if rulings == scenario.rulings {
                scenario_start::<G>(scenario)
            } else {
                // The start is read under the rulings it is played under.
                let mut under = scenario.clone();
                under.rulings = rulings.clone();
                let start = scenario_start::<G>(&under);
                if start.is_err() && scenario_start::<G>(scenario).is_ok() {
                    let values: Vec<String> = own
                        .iter()
                        .filter(|(n, _)| scenario.rulings.get(n).is_none())
                        .map(|(n, v)| format!("{n}={v}"))
                        .collect();
                    skip = Some(format!(
                        "expected: its start is a position only under rulings the engine does \
                         not play (it plays {})",
                        values.join(", ")
                    ));
                }
                start
            };
            scripts.push(Script {
                name: scenario.id.clone(),
                start,
                rulings,
                moves: scenario.moves.clone(),
                rules: scenario.rules.clone(),
                skip,
            });
        }
    }
    scripts
}

/// Scenario `script`, pinned to a ruling value the engine does not play, under the engine's
/// rulings (`engine`) instead: each pinned value the engine lacks (`lacks`) becomes the engine's,
/// so that the oracle's answers under the engine's rulings are its expectation (Donkers' P1 has
/// its witness pinned to `lone-house = owned`; under Donkers' `any` the answer there is the
/// same). `None` where no such set is found, or the start is no position under it: the scenario
/// is skipped as before.
fn under_engine_rulings<G: Game + bao_rules::Conformance>(
    script: &Script<G>,
    engine: &Rulings,
    lacks: impl Fn(&Rulings) -> Option<String>,
) -> Option<Script<G>> {
    let start = script.start.as_ref().ok()?;
    let mut set = script.rulings.clone();
    for def in G::RULINGS {
        if lacks(&set).is_none() {
            break;
        }
        let value = engine.value(def);
        if set.value(def) == value {
            continue;
        }
        let mut next = Rulings::new();
        for (name, v) in set.iter().filter(|(n, _)| *n != def.name) {
            next.insert(name, v).ok()?;
        }
        next.insert(def.name, value).ok()?;
        set = next;
    }
    if lacks(&set).is_some() {
        return None;
    }
    let resolved = set.resolve::<G>().ok()?;
    G::check_position(start, &resolved).ok()?;
    Some(Script {
        name: script.name.clone(),
        start: Ok(start.clone()),
        rulings: set,
        moves: script.moves.clone(),
        rules: script.rules.clone(),
        skip: None,
    })
}

/// The longest move the oracle decides among some scripts' moves: its laps and its seeds sown,
/// each with the script that plays it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Longest {
    pub laps: Option<(u32, String)>,
    pub seeds: Option<(u32, String)>,
}

/// The longest move of `scripts` (a move that ends: the oracle plays it), in laps and in seeds
/// sown.
pub fn longest_move<G: Game + bao_rules::Conformance>(scripts: &[Script<G>]) -> Longest {
    let mut longest = Longest::default();
    for script in scripts {
        let (Ok(start), Ok(rulings)) = (&script.start, script.rulings.resolve::<G>()) else {
            continue;
        };
        let mut game = Playthrough::<G>::new(start.clone(), rulings.clone());
        for text in &script.moves {
            let Ok(mv) = game.resolve_text(text) else {
                break;
            };
            let Some(sown) = super::probes::sowing::<G>(game.position(), &rulings, text) else {
                break;
            };
            for (best, n) in [
                (&mut longest.laps, sown.laps),
                (&mut longest.seeds, sown.seeds),
            ] {
                if best.as_ref().is_none_or(|(m, _)| n > *m) {
                    *best = Some((n, script.name.clone()));
                }
            }
            if game.play(mv, &mut ()).is_err() {
                break;
            }
        }
    }
    longest
}

/// A scenario's start position with its `first` applied ([`bao_rules::setup`]); a start the game
/// refuses under the scenario's rulings (as the spec runner reads it) is returned as written.
pub fn scenario_start<G: Game>(scenario: &Scenario) -> Result<G::Position, String> {
    let setup = crate::harness::spec::runner::scenario_setup(scenario);
    // Rulings the game refuses are the spec runner's to report; the start is read without them.
    let rulings = setup.rulings_for::<G>().map(|(_, r)| r).unwrap_or_default();
    setup
        .start_for::<G>(&rulings)
        .map_err(|_| scenario.start.clone().unwrap_or_default())
}

/// The texts that might name a move in one word: every hole name of the game.
fn move_names<G: Game + bao_rules::Conformance>() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for i in 0..=u8::MAX {
        let name = G::hole_name(i);
        if name != "?" && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// The seed of random game `n` of a ruleset: each game reproducible on its own, whatever else
/// runs before it.
fn game_seed(seed: u64, key: &str, n: u64) -> u64 {
    // FNV-1a folds the key (the ruleset's id, and what is generated) and the game number into
    // the run's seed; SplitMix64 mixes it.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in key.bytes().chain(n.to_le_bytes()) {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    SplitMix64::new(seed ^ h).next_u64()
}

/// `*` any run of characters, `?` any one character, everything else itself.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    // Iterative matching with backtracking to the last `*`.
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// The diagram of a refused scenario start: the game's own, when its reader reads the text (a
/// position the scenario's rulings refuse); else why the oracle refuses it, then the text's rows
/// one a line, counts aligned, and its other fields: a text that is no position has no board.
fn refused_diagram<G: Game + bao_rules::Conformance>(text: &str, expected: &Response) -> String {
    if let Ok(pos) = G::parse_position(text) {
        return G::format_diagram(&pos);
    }
    let mut out = match expected {
        Response::Error { message, .. } => format!("not a position: {message}\n"),
        _ => "not a position\n".to_string(),
    };
    let parts = (G::DESCRIPTION.read_compact)(text);
    for row in &parts.rows {
        let counts: Vec<String> = row.iter().map(|c| format!("{c:>3}")).collect();
        out.push_str(counts.concat().trim_end());
        out.push('\n');
    }
    if !parts.fields.is_empty() {
        out.push_str(&parts.fields.join(" "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_like_a_shell() {
        assert!(glob_match("bao-*/random/*", "bao-kingulu/random/12"));
        assert!(glob_match("*", ""));
        assert!(glob_match("a?c", "abc"));
        assert!(!glob_match("a?c", "ac"));
        assert!(glob_match("*x*y", "axxbxy"));
        assert!(!glob_match("bao-kingulu/*", "bao-la-kimasai/random/1"));
        assert!(glob_match("exact", "exact"));
        assert!(!glob_match("exact", "exactly"));
    }

    #[test]
    fn findings_of_one_kind_with_other_symptoms_are_two() {
        use crate::harness::conform::report::Differs;
        let finding = |symptoms: &[Symptom]| Divergence {
            label: Label::Rule,
            unreachable: false,
            accepted_by: None,
            cases: vec!["bao-la-kiswahili/c".into()],
            ruleset: Ruleset::Zanzibar,
            rulings: protocol::Rulings::new(),
            summary: String::new(),
            details: Vec::new(),
            start: String::new(),
            moves: Vec::new(),
            shrunk_from: None,
            position: String::new(),
            diagram: String::new(),
            request: serde_json::json!({"type": "play", "move": "A3>"}),
            engine: Value::Null,
            oracle: Value::Null,
            rules: vec!["ZAN-17".into()],
            // An engine position that cannot be read (an owned house empty): the kind names the
            // house alone, whatever else differs.
            kind: "the position differ: house (ZAN-17)".into(),
            deciding_rule: Some("ZAN-17".into()),
            explain: None,
            engine_move: None,
            symptoms: symptoms.to_vec(),
            differs: Differs::default(),
            plays_as: Vec::new(),
            from_start: false,
        };
        let (house, holes) = (Symptom::Field("house"), Symptom::Field("holes"));
        // geziefer's G4 (the house kept) and G5 (its holes differ too): two findings.
        let g4 = finding(&[house, Symptom::Kept("house")]);
        let g5 = finding(&[house, holes]);
        assert!(!one_kind(&g4, &g5));
        // The same symptoms in another order: one.
        assert!(one_kind(&g5, &finding(&[holes, house])));
    }

    #[test]
    fn a_refused_start_has_a_diagram() {
        use bao_rules::games::Zanzibar;
        let refused = |text: &str| {
            let line = serde_json::json!({
                "type": "legal_moves", "id": 1, "ruleset": "bao-la-kiswahili", "position": text,
            });
            let expected = protocol::respond(&line.to_string());
            refused_diagram::<Zanzibar>(text, &expected)
        };
        // A text the game's reader refuses (63 seeds): why, then its rows and fields.
        let text = "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 22,21 Hh - S";
        let diagram = refused(text);
        assert!(diagram.starts_with("not a position: "), "{diagram}");
        assert!(
            diagram.ends_with(
                "\n  0  2  2  6  0  0  0  0\n  0  0  0  0  6  2  2  0\n  0  0  0  0  0  0  0  0\n\
                 22,21 Hh - S\n"
            ),
            "{diagram}"
        );
        // Text that is no board at all still gets its reason and its words.
        let diagram = refused("garbage");
        assert!(diagram.starts_with("not a position: "), "{diagram}");
        assert!(diagram.ends_with("\ngarbage\n"), "{diagram}");
        // Bao la Kimasai's rows have no commas: its reader still shows one stone a cell.
        let text = "111111111111/111111111110/011111111111/111111111111 X";
        let line = serde_json::json!({
            "type": "legal_moves", "id": 1, "ruleset": "bao-la-kimasai", "position": text,
        });
        let expected = protocol::respond(&line.to_string());
        let diagram = refused_diagram::<bao_rules::games::Kimasai>(text, &expected);
        assert!(
            diagram.ends_with("\n  1  1  1  1  1  1  1  1  1  1  1  0\n  0  1  1  1  1  1  1  1  1  1  1  1\n  1  1  1  1  1  1  1  1  1  1  1  1\nX\n"),
            "{diagram}"
        );
        // A text the reader reads: the game's diagram.
        let start = Zanzibar::format_compact(&Zanzibar::start());
        assert_eq!(
            refused(&start),
            Zanzibar::format_diagram(&Zanzibar::start())
        );
    }
}
