//! The conformance report as plain data (cases, divergences, bugs, counts); the render stage
//! writes it for people, as a versioned JSON document, as JUnit XML for CI systems, and
//! as an HTML page.

use serde::Serialize;
use serde_json::Value;

use crate::harness::protocol::Rulings;
use bao_rules::Ruleset;
use bao_rules::game::{Game, Side};
use bao_rules::rulings::Symptom;

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
    /// The validation findings at positions no game reaches (the oracle refuses them), triaged as
    /// `bugs` are: a section of their own, failing the run only under `--strict-positions`.
    pub unreachable: Vec<Bug>,
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
    pub ruleset: Ruleset,
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
    /// Failed only by validation findings at positions no game reaches (the oracle refuses them):
    /// reported apart, not failed (unless `--strict-positions`).
    Apart,
}

#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    pub name: String,
    pub ruleset: Ruleset,
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
    /// A validation finding at a position no game reaches (the oracle refuses it, and the engine
    /// accepts it or refuses it otherwise): reported apart, failing the run only under
    /// `--strict-positions`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unreachable: bool,
    /// What accepts the finding where it is a limit (`--max-laps N`, or `limits` in `hello`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub accepted_by: Option<String>,
    /// The cases that showed it (random games that shrank to the same reproduction are merged).
    pub cases: Vec<String>,
    /// Whether one of its cases was played from the game's standard start, although the witness
    /// shown (the shortest) may not be: what ranks its bug among those reached from the start.
    #[serde(skip)]
    pub from_start: bool,
    pub ruleset: Ruleset,
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
    /// What differs, as a known bug's symptoms are written (`kind` says it in words).
    #[serde(skip)]
    pub symptoms: Vec<Symptom>,
    /// Where the engine's answer and the oracle's differ, for a picture of `position`.
    #[serde(skip_serializing_if = "Differs::is_empty")]
    pub differs: Differs,
    /// The single ruling values (`zanzibar.lone-house = owned`) under which the oracle answers as
    /// the engine did: it plays as that value would, and a declaration may be the fix.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub plays_as: Vec<String>,
}

/// Where two answers about one position differ: the holes the moves that one lists and the other
/// does not start from (or the move refused or played against the oracle), or after a move the
/// holes whose count or marks differ, the stores and the other fields.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Differs {
    /// Hole names.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub holes: Vec<String>,
    /// The sides whose store differs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stores: Vec<Side>,
    /// The other fields of the positions after the move that differ (the game's names for them),
    /// with both values.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldDiffers>,
}

impl Differs {
    pub fn is_empty(&self) -> bool {
        self.holes.is_empty() && self.stores.is_empty() && self.fields.is_empty()
    }
}

/// A field of the position after the move, as the engine and the oracle give it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldDiffers {
    pub field: String,
    pub engine: String,
    pub oracle: String,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    pub known_failures: usize,
    #[serde(skip_serializing_if = "is_zero")]
    pub not_run: usize,
    /// Cases failed only by validation findings at positions no game reaches (not failed).
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
    pub ruleset: Ruleset,
    /// The rule that decides it, when its findings name one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deciding_rule: Option<String>,
    /// Its findings, the one with the shortest witness first.
    pub divergences: Vec<usize>,
    /// What differs in each finding (its kind), in the order of `divergences`.
    pub symptoms: Vec<String>,
    /// The cases that show it.
    pub cases: usize,
    /// The engine's bug of the reference's presets table that it is, if it matches one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub known: Option<Known>,
}

/// A bug the reference's presets table names for the engine of a preset (the game's
/// `KNOWN_BUGS`). A bug found is that one when the engine plays the preset's values in each of its
/// findings, its deciding rule is the one named, and every symptom its findings show is one of the
/// named bug's (none another bug's alone); of several such, the one with the fewest symptoms not
/// shown (G4's kept house, not G6's holes and kept house).
#[derive(Clone, Debug, Serialize)]
pub struct Known {
    /// Its name in the table (`AbstractPlay's C`).
    pub name: String,
    pub preset: String,
    pub rule: String,
    /// What it is, in one line.
    pub what: String,
}

/// The known bug of `game` that the findings `members` (one ruleset's) show, if any. Findings
/// that name no deciding rule are told by what differs alone: a known bug whose symptoms are
/// exactly those they show (geziefer's G3 in mtaji: its holes).
fn known(divergences: &[Divergence], members: &[usize], rule: Option<&str>) -> Option<Known> {
    let game = divergences[members[0]].ruleset;
    // The value of every ruling of the game under `set`, defaults filled in.
    let values = |set: &Rulings| -> Vec<String> {
        game.rulings()
            .iter()
            .map(|def| set.value(def).to_string())
            .collect()
    };
    let mut shown: Vec<Symptom> = members
        .iter()
        .flat_map(|&i| divergences[i].symptoms.iter().copied())
        .collect();
    shown.sort();
    shown.dedup();
    if shown.is_empty() {
        return None;
    }
    let bug = game
        .known_bugs()
        .iter()
        .filter(|bug| {
            let Some(preset) = game.presets().iter().find(|p| p.name == bug.preset) else {
                return false;
            };
            let preset = values(&Rulings::new().over(preset));
            let decided = match rule {
                Some(rule) => bug.rule == rule,
                // Without a rule, what is shown decides: every symptom of the bug but its events
                // (a move that differs may or may not end the game there), and nothing else.
                None => bug
                    .symptoms
                    .iter()
                    .filter(|s| !matches!(s, Symptom::Event(_)))
                    .all(|s| shown.contains(s)),
            };
            decided
                && members
                    .iter()
                    .all(|&i| values(&divergences[i].rulings) == preset)
                && shown.iter().all(|s| bug.symptoms.contains(s))
        })
        .min_by_key(|bug| bug.symptoms.len() - shown.len())?;
    Some(Known {
        name: bug.name.to_string(),
        preset: bug.preset.to_string(),
        rule: bug.rule.to_string(),
        what: bug.what.to_string(),
    })
}

/// Findings grouped by cause: two findings of one ruleset and label (and both at positions no
/// game reaches, or neither) are one bug when they name the same deciding rule, show the same
/// witness (the position and the move), are both the oracle's answers under one other ruling
/// value (`plays_as`), or are each, alone, the same known bug; never when they are, alone, two
/// different known bugs (geziefer's G4 and G6 share ZAN-17). A finding of the protocol, or
/// without a rule or witness in common, is a bug of its own. The bugs, then those at positions no
/// game reaches ([`Report::unreachable`]).
pub fn triage(divergences: &[Divergence]) -> (Vec<Bug>, Vec<Bug>) {
    let n = divergences.len();
    let mut root: Vec<usize> = (0..n).collect();
    // Each finding's known bug, told by its own symptoms.
    let alone: Vec<Option<String>> = (0..n)
        .map(|i| {
            let d = &divergences[i];
            (d.label != Label::Protocol)
                .then(|| known(divergences, &[i], d.deciding_rule.as_deref()))
                .flatten()
                .map(|k| k.name)
        })
        .collect();
    // The known bug of each group, by its root.
    let mut named = alone.clone();
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
            // Siblings at one position, one of them without a rule of its own, are one cause.
            let sibling = a.position == b.position
                && (a.deciding_rule.is_none() || b.deciding_rule.is_none());
            // Answers the oracle gives under one other ruling value: that ruling played so.
            let plays_as = a.plays_as.iter().any(|v| b.plays_as.contains(v));
            let one_known = alone[i].is_some() && alone[i] == alone[j];
            let same = a.ruleset == b.ruleset
                && a.label == b.label
                && a.unreachable == b.unreachable
                && a.label != Label::Protocol
                && ((a.deciding_rule.is_some() && a.deciding_rule == b.deciding_rule)
                    || (a.explain.is_some() && witness(a) == witness(b))
                    || sibling
                    || plays_as
                    || one_known);
            let (ri, rj) = (find(&mut root, i), find(&mut root, j));
            // Two groups that are each a known bug, and not the same one, stay two (no finding
            // of neither joins them either).
            let two_known = named[ri].is_some() && named[rj].is_some() && named[ri] != named[rj];
            if !same || ri == rj || two_known {
                continue;
            }
            // A group that is a known bug takes in findings of no known bug only if it stays
            // that bug with them: a symptom the bug does not show is another cause (AbstractPlay's
            // reservation kept at ZAN-23 beside its bug A).
            if let Some(name) = named[ri].as_ref().or(named[rj].as_ref())
                && (named[ri].is_none() || named[rj].is_none())
            {
                let members: Vec<usize> = (0..n)
                    .filter(|&k| {
                        let r = find(&mut root, k);
                        r == ri || r == rj
                    })
                    .collect();
                let rule = members
                    .iter()
                    .find_map(|&k| divergences[k].deciding_rule.as_deref());
                if known(divergences, &members, rule).is_none_or(|k| k.name != *name) {
                    continue;
                }
            }
            root[ri] = rj;
            named[rj] = named[rj].take().or(named[ri].take());
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
    let mut bugs: Vec<Bug> = bugs
        .into_iter()
        .map(|(_, mut members)| {
            members.sort_by_key(|&i| divergences[i].moves.len());
            let first = &divergences[members[0]];
            let mut cases: Vec<&String> = members
                .iter()
                .flat_map(|&i| &divergences[i].cases)
                .collect();
            cases.sort();
            cases.dedup();
            let deciding_rule = members
                .iter()
                .find_map(|&i| divergences[i].deciding_rule.clone());
            Bug {
                label: first.label,
                ruleset: first.ruleset,
                known: match first.label {
                    Label::Protocol => None,
                    _ => known(divergences, &members, deciding_rule.as_deref()),
                },
                deciding_rule,
                symptoms: members
                    .iter()
                    .map(|&i| divergences[i].kind.clone())
                    .collect(),
                divergences: members,
                cases: cases.len(),
            }
        })
        .collect();
    // By impact: bugs a game from the start reaches first, then those of more cases (the sort
    // is stable: else in the order found).
    bugs.sort_by_key(|b| {
        let from_start = b
            .divergences
            .iter()
            .any(|&i| divergences[i].from_start || reached_from_the_start(&divergences[i]));
        (!from_start, std::cmp::Reverse(b.cases))
    });
    bugs.into_iter()
        .partition(|bug: &Bug| !divergences[bug.divergences[0]].unreachable)
}

/// Whether a finding's witness is played from the game's standard start (a random game, or a
/// scenario from the start), not from a position set up by hand or generated.
fn reached_from_the_start(d: &Divergence) -> bool {
    bao_rules::with_game!(d.ruleset, G => G::format_compact(&G::start()) == d.start)
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

impl Report {
    /// Whether the engine conforms: no case failed and the run has no other problem.
    pub fn conforms(&self) -> bool {
        self.summary.failed == 0 && self.problems.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::games::Zanzibar;

    /// A finding of Bao la Kiswahili under `rulings`, decided by `rule`, showing `symptom`.
    fn finding(rulings: &[(&str, &str)], rule: &str, symptom: Symptom) -> Divergence {
        Divergence {
            label: Label::Rule,
            unreachable: false,
            accepted_by: None,
            cases: vec!["bao-la-kiswahili/random/0".into()],
            from_start: false,
            ruleset: Ruleset::Zanzibar,
            rulings: Rulings::from_pairs(rulings.iter().copied()).unwrap(),
            summary: String::new(),
            details: Vec::new(),
            start: String::new(),
            moves: Vec::new(),
            shrunk_from: None,
            position: String::new(),
            diagram: String::new(),
            request: Value::Null,
            engine: Value::Null,
            oracle: Value::Null,
            rules: vec![rule.into()],
            kind: format!("{symptom:?} ({rule})"),
            deciding_rule: Some(rule.into()),
            explain: None,
            engine_move: None,
            symptoms: vec![symptom],
            differs: Differs::default(),
            plays_as: Vec::new(),
        }
    }

    fn known_name(d: Divergence) -> Option<String> {
        let (bugs, _) = triage(&[d]);
        bugs[0].known.as_ref().map(|k| k.name.clone())
    }

    /// A finding of `rule` (none: `-`) at `position`, from `start`, shown by `cases` cases.
    fn at(rule: Option<&str>, position: &str, start: &str, cases: usize) -> Divergence {
        let mut d = finding(&[], rule.unwrap_or("ZAN-1"), Symptom::MissesMoves);
        d.deciding_rule = rule.map(str::to_string);
        d.position = position.to_string();
        d.start = start.to_string();
        d.cases = (0..cases)
            .map(|i| format!("bao-la-kiswahili/c{i}"))
            .collect();
        d
    }

    #[test]
    fn siblings_at_one_position_are_one_bug_and_bugs_come_by_impact() {
        let start = Zanzibar::format_compact(&Zanzibar::start());
        let elsewhere = "a position set up by hand";
        let found = [
            // A bug of a position set up by hand, with many cases...
            at(Some("ZAN-14"), "p1", elsewhere, 9),
            // ...one a game from the start shows, in two findings at one position, one of them
            // without a rule of its own...
            at(Some("ZAN-17"), "p2", &start, 2),
            at(None, "p2", &start, 1),
            // ...and one from the start with more cases.
            at(Some("ZAN-13"), "p3", &start, 5),
        ];
        let (bugs, unreachable) = triage(&found);
        assert!(unreachable.is_empty());
        let rules: Vec<Option<&str>> = bugs.iter().map(|b| b.deciding_rule.as_deref()).collect();
        assert_eq!(rules, [Some("ZAN-13"), Some("ZAN-17"), Some("ZAN-14")]);
        assert_eq!(bugs[1].divergences.len(), 2);
        // Two rules at one position stay two bugs.
        let (bugs, _) = triage(&[
            at(Some("ZAN-17"), "p", &start, 1),
            at(Some("ZAN-14"), "p", &start, 1),
        ]);
        assert_eq!(bugs.len(), 2);
    }

    /// A bug whose shortest witness is a probe but whose random games from the start are many
    /// (Donkers' P3: 789 cases, shown at a probe) comes before one of two cases from the start.
    #[test]
    fn a_bug_reached_from_the_start_by_any_case_ranks_by_its_cases() {
        let start = Zanzibar::format_compact(&Zanzibar::start());
        let mut many = at(Some("ZAN-13"), "p1", "a probe", 789);
        many.from_start = true;
        let (bugs, _) = triage(&[at(Some("ZAN-25"), "p2", &start, 2), many]);
        let rules: Vec<Option<&str>> = bugs.iter().map(|b| b.deciding_rule.as_deref()).collect();
        assert_eq!(rules, [Some("ZAN-13"), Some("ZAN-25")]);
    }

    #[test]
    fn known_bugs_of_one_rule_stay_apart_and_one_known_bug_is_one_entry() {
        let (_, geziefer) = crate::check::replay::find_preset("geziefer").unwrap();
        let at = |rule: Option<&str>, symptoms: &[Symptom], position: &str| {
            let mut d = finding(geziefer.rulings, rule.unwrap_or("ZAN-1"), symptoms[0]);
            d.symptoms = symptoms.to_vec();
            d.deciding_rule = rule.map(str::to_string);
            d.position = position.to_string();
            d
        };
        let names = |found: &[Divergence]| {
            let (bugs, _) = triage(found);
            let mut names: Vec<String> = bugs
                .iter()
                .map(|b| b.known.as_ref().map(|k| k.name.clone()).unwrap_or_default())
                .collect();
            names.sort();
            names
        };
        let (house, holes) = (Symptom::Field("house"), Symptom::Field("holes"));
        let kept = Symptom::Kept("house");
        // G4 (the house kept) and G6 (the holes too) share ZAN-17: two entries, each by its name;
        // a finding at that rule that shows what neither shows is a third, not part of either
        // (each stays its known bug, matched on all it shows).
        let g4 = at(Some("ZAN-17"), &[house, kept], "p1");
        let g6 = at(Some("ZAN-17"), &[holes, house, kept], "p2");
        let neither = at(Some("ZAN-17"), &[Symptom::Field("stores")], "p3");
        assert_eq!(
            names(&[g4.clone(), g6.clone()]),
            ["geziefer's G4", "geziefer's G6"]
        );
        assert_eq!(
            names(&[neither, g4.clone(), g6]),
            ["", "geziefer's G4", "geziefer's G6"]
        );
        // One that shows only what G4 shows joins it.
        let house_only = at(Some("ZAN-17"), &[house], "p8");
        assert_eq!(names(&[house_only, g4]), ["geziefer's G4"]);
        // G3 in namua (ZAN-1: seeds lost) and in mtaji (no rule decides), at two positions: one.
        let namua = at(Some("ZAN-1"), &[holes], "p4");
        let mtaji = at(None, &[holes], "p5");
        // And where the mover loses by it ("and he loses"), the engine's game over shown too.
        let lost = at(None, &[holes, Symptom::Event("game over")], "p9");
        assert_eq!(names(&[namua, mtaji, lost]), ["geziefer's G3"]);
        // G1 at a due obligation no capture meets: its takasas listed in place of the captures,
        // and a capture played as a takasa (which may takasia), one entry by its name.
        let listed = at(Some("ZAN-A13"), &[Symptom::AddsMoves], "p6");
        let played = at(Some("ZAN-A13"), &[holes, Symptom::Event("capture")], "p7");
        let takasia = at(
            Some("ZAN-A13"),
            &[
                holes,
                Symptom::Field("takasia"),
                Symptom::Event("capture"),
                Symptom::Event("reserve"),
                Symptom::Kept("takasia"),
            ],
            "p8",
        );
        assert_eq!(names(&[listed, played, takasia]), ["geziefer's G1"]);
    }

    #[test]
    fn a_bug_is_known_by_preset_values_rule_and_all_its_symptoms() {
        let game = Ruleset::from_name("bao-la-kiswahili").unwrap();
        let with = |values: &[(&str, &str)], rule: &str, symptoms: &[Symptom]| {
            let mut d = finding(values, rule, symptoms[0]);
            d.symptoms = symptoms.to_vec();
            known_name(d)
        };
        for bug in game.known_bugs() {
            let preset = game.presets().iter().find(|p| p.name == bug.preset);
            let values = preset.unwrap().rulings;
            // The preset's values, its rule and all its symptoms: that bug, and no other (G4, G5
            // and G6 share a rule and the house field).
            let found = with(values, bug.rule, bug.symptoms);
            assert_eq!(found.as_deref(), Some(bug.name), "{}", bug.name);
            // Another rule, a symptom of no such bug besides, or one ruling value otherwise: not
            // that bug.
            assert_eq!(with(values, "ZAN-2", bug.symptoms), None, "{}", bug.name);
            let mut more = bug.symptoms.to_vec();
            more.push(Symptom::Field("side to move"));
            assert_eq!(with(values, bug.rule, &more), None, "{}", bug.name);
            let mut changed: Vec<(&str, &str)> = values.to_vec();
            let flipped = game
                .rulings()
                .iter()
                .find(|def| !values.iter().any(|(n, _)| *n == def.name))
                .map(|def| {
                    (
                        def.name,
                        def.values.iter().find(|v| **v != def.default).unwrap(),
                    )
                });
            changed.push((flipped.unwrap().0, flipped.unwrap().1));
            assert_eq!(with(&changed, bug.rule, bug.symptoms), None, "{}", bug.name);
        }
        // A G5 case (the house lost where the oracle keeps it, its holes differing) is not G4's
        // (the house kept, nothing else), nor G6's (kept, and the holes).
        let (_, geziefer) = crate::check::replay::find_preset("geziefer").unwrap();
        let g5 = [Symptom::Field("holes"), Symptom::Field("house")];
        let name = with(geziefer.rulings, "ZAN-17", &g5);
        assert_eq!(name.as_deref(), Some("geziefer's G5"));
        let g4 = [Symptom::Field("house"), Symptom::Kept("house")];
        assert_eq!(
            with(geziefer.rulings, "ZAN-17", &g4).as_deref(),
            Some("geziefer's G4")
        );
        // Without a deciding rule (G3 in mtaji: the seeds all in one back hole, no seed lost),
        // what differs tells, all of it: its holes alone are G3, the holes and another field no
        // bug; nor are the holes under another engine's values.
        let undecided = |values: &[(&str, &str)], symptoms: &[Symptom]| {
            let mut d = finding(values, "ZAN-1", symptoms[0]);
            d.symptoms = symptoms.to_vec();
            d.deciding_rule = None;
            known_name(d)
        };
        let holes = [Symptom::Field("holes")];
        assert_eq!(
            undecided(geziefer.rulings, &holes).as_deref(),
            Some("geziefer's G3")
        );
        let more = [Symptom::Field("holes"), Symptom::Field("side to move")];
        assert_eq!(undecided(geziefer.rulings, &more), None);
        let (_, nkkmd) = crate::check::replay::find_preset("nkkmd").unwrap();
        assert_eq!(undecided(nkkmd.rulings, &holes), None);
    }

    /// AbstractPlay's C and D as its engine shows them: C misses the house below six and, where
    /// the house is the only hole of two or more, adds the singletons; D lists a move that never
    /// ends and refuses a long one it cuts. Each is its known bug, both symptoms together.
    #[test]
    fn abstractplays_c_and_d_are_known_by_the_moves_it_misses_and_adds() {
        let (_, abstractplay) = crate::check::replay::find_preset("abstractplay").unwrap();
        let both = [Symptom::MissesMoves, Symptom::AddsMoves];
        for (rule, name) in [
            ("ZAN-14", "AbstractPlay's C"),
            ("ZAN-27", "AbstractPlay's D"),
        ] {
            let mut d = finding(abstractplay.rulings, rule, both[0]);
            d.symptoms = both.to_vec();
            assert_eq!(known_name(d).as_deref(), Some(name));
        }
    }
}
