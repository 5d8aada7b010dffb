//! Runs scenarios and perft tables for one game, and checks a catalogue against the game.
//! Everything here is generic over [`Game`]; [`super`] picks the game with
//! [`bao_rules::with_game!`].

use std::collections::{BTreeMap, BTreeSet};

use crate::input::spec::{
    Bibliography, Catalogue, CatalogueEntry, Code, ErrorSpec, EventSpec, Expect, PerftTable,
    ResultClaim, Scenario,
};
use bao_rules::game::{Event, Game, RuleId};
use bao_rules::perft::{divide, perft};
use bao_rules::play::MoveError;
use bao_rules::play::Playthrough;
use bao_rules::setup::{Setup, SetupError, SetupField};

/// One way a scenario, table or catalogue departs from what it should be.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Failure {
    /// What was checked (`position`, `events`, `ply 3`, `perft depth 5`, ...).
    pub what: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actual: Option<String>,
}

impl Failure {
    pub fn new(
        what: impl Into<String>,
        expected: impl Into<String>,
        actual: impl Into<String>,
    ) -> Self {
        Failure {
            what: what.into(),
            expected: Some(expected.into()),
            actual: Some(actual.into()),
        }
    }

    /// A failure that is a statement, not a comparison (a malformed scenario, a missing id).
    pub fn message(what: impl Into<String>) -> Self {
        Failure {
            what: what.into(),
            expected: None,
            actual: None,
        }
    }
}

/// What a scenario's move did wrong, as the scenario compares it: the core's refusal
/// ([`bao_rules::play::MoveError`]) or a false claim, with canonical candidates.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Got {
    code: Code,
    rule: Option<RuleId>,
    message: String,
    candidates: Vec<String>,
}

impl Got {
    fn refused<G: Game>(error: MoveError<G::Move>) -> Got {
        Got {
            code: error.code().into(),
            rule: error.rule,
            candidates: error.candidates.into_iter().map(G::format_move).collect(),
            message: error.message,
        }
    }

    /// `illegal-move (KIN-7): ...`
    fn describe(&self) -> String {
        let rule = self.rule.map(|r| format!(" ({r})")).unwrap_or_default();
        format!("{}{rule}: {}", self.code.as_str(), self.message)
    }
}

/// The rule and ambiguity ids a catalogue defines.
pub fn catalogue_ids(catalogue: &Catalogue) -> BTreeSet<&str> {
    catalogue
        .rules
        .iter()
        .chain(&catalogue.ambiguities)
        .map(|e| e.id.as_str())
        .collect()
}

/// A scenario's setup: its start, `first`, and rulings, read as a record's are.
pub fn scenario_setup(scenario: &Scenario) -> Setup {
    Setup {
        start: scenario.start.clone(),
        first: scenario.first,
        rulings: scenario.rulings.clone(),
        ..Setup::default()
    }
}

/// A table's setup: its position and rulings.
fn table_setup(table: &PerftTable) -> Setup {
    Setup {
        start: table.position.clone(),
        rulings: table.rulings.clone(),
        ..Setup::default()
    }
}

/// A failure for a setup the game refuses, worded as the spec has always worded it.
fn setup_failure(error: SetupError, position: &str) -> Failure {
    Failure::message(match error.field {
        SetupField::Start => format!("{position}: {}", error.message_with_rule()),
        SetupField::First => format!("first: {}", error.message),
        _ => format!("rulings: {}", error.message),
    })
}

/// A scenario set up: its game at the start, before any move.
pub fn setup<G: Game>(scenario: &Scenario) -> Result<Playthrough<G>, Failure> {
    Playthrough::from_setup(&scenario_setup(scenario))
        .map_err(|e| setup_failure(e, "start position"))
}

/// Checks a scenario's own shape: ids known to the catalogue, an expectation that can fail, and
/// fields that fit together.
pub fn check_shape(scenario: &Scenario, catalogue: &Catalogue) -> Vec<Failure> {
    let mut failures = Vec::new();
    let ids = catalogue_ids(catalogue);
    if scenario.rules.is_empty() {
        failures.push(Failure::message("`rules` names no rule id"));
    }
    for id in &scenario.rules {
        if !ids.contains(id.as_str()) {
            failures.push(Failure::message(format!(
                "`{id}` is not a rule or ambiguity id of {}",
                catalogue.ruleset
            )));
        }
    }
    for (name, value) in scenario.rulings.iter() {
        match catalogue.rulings.iter().find(|r| r.name == name) {
            None => failures.push(Failure::message(format!(
                "`{name}` is not a ruling of {}",
                catalogue.ruleset
            ))),
            Some(def) if !def.values.iter().any(|v| v == value) => {
                failures.push(Failure::message(format!(
                    "`{value}` is not a value of ruling `{name}` ({})",
                    def.values.join(" | ")
                )))
            }
            Some(_) => {}
        }
    }
    let expect = &scenario.expect;
    if expect.is_empty() {
        failures.push(Failure::message("`expect` expects nothing"));
    }
    let mut known_rule = |what: &str, rule: &Option<String>| {
        if let Some(rule) = rule
            && !ids.contains(rule.as_str())
        {
            failures.push(Failure::message(format!(
                "{what}: `{rule}` is not a rule or ambiguity id of {}",
                catalogue.ruleset
            )));
        }
    };
    known_rule("end_rule", &expect.end_rule);
    for event in expect.events.iter().flatten() {
        known_rule("events", &event.rule().map(str::to_string));
    }
    if let Some(error) = &expect.error {
        known_rule("error", &error.rule);
        if error.code == Code::BadPosition {
            let alone = Expect {
                error: Some(error.clone()),
                ..Expect::default()
            };
            if !scenario.moves.is_empty() || *expect != alone || scenario.start.is_none() {
                failures.push(Failure::message(
                    "a `bad-position` error is about `start`: no moves and no other expectation",
                ));
            }
        } else if scenario.moves.is_empty() {
            failures.push(Failure::message(
                "`error` expects the last move to fail, but there are no moves",
            ));
        }
        if error.code == Code::IllegalMove && error.rule.is_none() {
            failures.push(Failure::message(
                "an `illegal-move` error names the rule it breaks",
            ));
        }
        if error.candidates.is_some() && error.code != Code::AmbiguousMove {
            failures.push(Failure::message(
                "`candidates` belong to an `ambiguous-move` error",
            ));
        }
        if expect.events.is_some() && error.code != Code::FalseClaim {
            failures.push(Failure::message(
                "`events` with an error other than `false-claim`: the move did not play",
            ));
        }
    }
    if expect.events.is_some() && scenario.moves.is_empty() {
        failures.push(Failure::message(
            "`events` expects the events of the last move, but there are no moves",
        ));
    }
    failures
}

/// Runs one scenario (its shape already checked): plays its moves and compares every expectation.
pub fn run_scenario<G: Game>(scenario: &Scenario) -> Vec<Failure> {
    if let Some(want) = scenario
        .expect
        .error
        .as_ref()
        .filter(|e| e.code == Code::BadPosition)
    {
        let text = scenario.start.as_deref().unwrap_or_default();
        let rulings = match scenario_setup(scenario).rulings_for::<G>() {
            Ok((_, rulings)) => rulings,
            Err(e) => return vec![setup_failure(e, "start position")],
        };
        return match G::parse_position_under(text, &rulings) {
            Ok(pos) => vec![Failure::new(
                "start",
                "bad-position",
                format!("the position reads as {}", G::format_compact(&pos)),
            )],
            Err(e) if want.rule.as_deref().is_some_and(|r| Some(r) != e.rule) => {
                vec![Failure::new(
                    "start",
                    format!(
                        "bad-position ({})",
                        want.rule.as_deref().unwrap_or_default()
                    ),
                    format!(
                        "bad-position ({}): {}",
                        e.rule.unwrap_or("no rule"),
                        e.message
                    ),
                )]
            }
            Err(_) => Vec::new(),
        };
    }
    let mut game = match setup::<G>(scenario) {
        Ok(game) => game,
        Err(failure) => return vec![failure],
    };
    let expect = &scenario.expect;
    let mut failures = Vec::new();
    let mut last_events: Option<Vec<Event>> = None;
    let n = scenario.moves.len();
    for (i, text) in scenario.moves.iter().enumerate() {
        let ply = i + 1;
        let last = ply == n;
        let outcome = game.play_text(text);
        let error = match &outcome {
            Ok(played) => played.false_claims.first().map(|claim| Got {
                code: Code::FalseClaim,
                rule: Some(claim.rule),
                message: claim.message.clone(),
                candidates: Vec::new(),
            }),
            Err(e) => Some(Got::refused::<G>(e.clone())),
        };
        match (last, &expect.error, error) {
            (true, Some(want), got) => {
                compare_error(want, got.as_ref(), ply, text, &mut failures);
            }
            (_, _, Some(got)) => {
                failures.push(Failure::new(
                    format!("ply {ply} `{text}`"),
                    "the move plays",
                    got.describe(),
                ));
                return failures;
            }
            (_, _, None) => {}
        }
        if let Ok(played) = outcome {
            last_events = Some(played.events);
        }
    }

    if let Some(text) = &expect.position {
        match G::parse_position(text) {
            Err(e) => failures.push(Failure::message(format!(
                "expected position does not parse: {}",
                e.message
            ))),
            Ok(want) if want != *game.position() => failures.push(Failure::new(
                "position",
                G::format_compact(&want),
                G::format_compact(game.position()),
            )),
            Ok(_) => {}
        }
    }
    if let Some(want) = &expect.events {
        let got: Vec<EventSpec> = last_events
            .as_deref()
            .unwrap_or_default()
            .iter()
            .filter_map(outcome_event::<G>)
            .collect();
        if !events_match(want, &got) {
            failures.push(Failure::new("events", show_events(want), show_events(&got)));
        }
    }
    if let Some(want) = &expect.legal {
        let got = game
            .legal_texts()
            .unwrap_or_else(bao_rules::Incomplete::into_legal);
        let want_set: BTreeSet<&str> = want.iter().map(String::as_str).collect();
        let got_set: BTreeSet<&str> = got.iter().map(String::as_str).collect();
        if want_set.len() != want.len() {
            failures.push(Failure::message("`legal` lists a move twice"));
        } else if want_set != got_set {
            failures.push(Failure::new(
                "legal moves",
                show_list(&want_set),
                show_list(&got_set),
            ));
        }
    }
    let end = game.end();
    if let Some(want) = expect.result {
        let got = end.map_or("unfinished", |e| e.outcome.name());
        if want.name() != got {
            failures.push(Failure::new("result", want.name(), got));
        }
    }
    if let Some(want) = &expect.end_rule {
        let got = end.map_or("none: the game goes on", |e| e.rule);
        if want != got {
            failures.push(Failure::new("end rule", want.as_str(), got));
        }
    }
    if let Some([s, n]) = expect.score {
        let got = match end.and_then(|e| e.score) {
            Some([gs, gn]) => format!("{gs}-{gn}"),
            None => "no score".to_string(),
        };
        if format!("{s}-{n}") != got {
            failures.push(Failure::new("score", format!("{s}-{n}"), got));
        }
    }
    if expect.result == Some(ResultClaim::Unfinished)
        && (expect.end_rule.is_some() || expect.score.is_some())
    {
        failures.push(Failure::message(
            "an unfinished game has no end rule or score",
        ));
    }
    failures
}

fn compare_error(
    want: &ErrorSpec,
    got: Option<&Got>,
    ply: usize,
    text: &str,
    failures: &mut Vec<Failure>,
) {
    let what = format!("ply {ply} `{text}`");
    let wanted = || match &want.rule {
        Some(rule) => format!("{} ({rule})", want.code.as_str()),
        None => want.code.as_str().to_string(),
    };
    let Some(got) = got else {
        failures.push(Failure::new(what, wanted(), "the move plays"));
        return;
    };
    let rule_differs = want.rule.as_deref().is_some_and(|r| Some(r) != got.rule);
    if got.code != want.code || rule_differs {
        failures.push(Failure::new(what, wanted(), got.describe()));
        return;
    }
    if let Some(candidates) = &want.candidates {
        let want_set: BTreeSet<&str> = candidates.iter().map(String::as_str).collect();
        let got_set: BTreeSet<&str> = got.candidates.iter().map(String::as_str).collect();
        if want_set != got_set {
            failures.push(Failure::new(
                format!("{what}: candidates"),
                show_list(&want_set),
                show_list(&got_set),
            ));
        }
    }
}

/// The outcome events of a move that a scenario expects (captures, reservations), as data.
pub fn outcome_event<G: Game>(event: &Event) -> Option<EventSpec> {
    match event {
        Event::Capture { .. } | Event::Reserve { .. } => Some(EventSpec::of::<G>(event)),
        _ => None,
    }
}

/// Whether actual events fit the expected ones: the same events in the same order, rules (and a
/// reservation's seeds) compared where the expectation names them.
fn events_match(want: &[EventSpec], got: &[EventSpec]) -> bool {
    want.len() == got.len() && want.iter().zip(got).all(|(w, g)| w.fits(g))
}

fn show_events(events: &[EventSpec]) -> String {
    if events.is_empty() {
        return "none".to_string();
    }
    events
        .iter()
        .map(|e| match e.rule() {
            Some(rule) => format!("{} ({rule})", e.describe()),
            None => e.describe(),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn show_list(items: &BTreeSet<&str>) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.iter().copied().collect::<Vec<_>>().join(" ")
    }
}

/// Perft tables ask for no deeper trees than this.
pub const MAX_PERFT_DEPTH: u32 = 40;

/// Which perft rows a run checks.
#[derive(Clone, Copy, Debug, Default)]
pub struct PerftLimit {
    /// Rows whose leaf count is above this are skipped (`None`: check every row).
    pub max_nodes: Option<u64>,
}

impl PerftLimit {
    fn allows(&self, nodes: u64) -> bool {
        self.max_nodes.is_none_or(|max| nodes <= max)
    }
}

/// Checks one perft table; returns the failures and the number of rows skipped by `limit`.
pub fn run_perft<G: Game>(table: &PerftTable, limit: PerftLimit) -> (Vec<Failure>, usize) {
    let (position, rulings) = match Playthrough::<G>::from_setup(&table_setup(table)) {
        Ok(game) => game.into_parts(),
        Err(e) => return (vec![setup_failure(e, "position")], 0),
    };
    let mut failures = Vec::new();
    let mut skipped = 0;
    if table.counts.is_empty() {
        failures.push(Failure::message("the table has no counts"));
    }
    for depth in table
        .counts
        .iter()
        .map(|r| r.depth)
        .chain(table.divide.iter().map(|r| r.depth))
    {
        if depth > MAX_PERFT_DEPTH {
            failures.push(Failure::message(format!(
                "depth {depth} is beyond the deepest perft a table may ask for ({MAX_PERFT_DEPTH})"
            )));
        }
    }
    if !failures.is_empty() {
        return (failures, 0);
    }
    for row in &table.counts {
        if !limit.allows(row.nodes) {
            skipped += 1;
            continue;
        }
        let got = perft::<G>(&position, &rulings, row.depth);
        if got != row.nodes {
            failures.push(Failure::new(
                format!("perft depth {}", row.depth),
                row.nodes.to_string(),
                got.to_string(),
            ));
        }
    }
    for row in &table.divide {
        let total: u64 = row.moves.values().sum();
        if !limit.allows(total) {
            skipped += 1;
            continue;
        }
        let got: BTreeMap<String, u64> = divide::<G>(&position, &rulings, row.depth)
            .into_iter()
            .map(|(mv, n)| (G::format_move(mv), n))
            .collect();
        if got != row.moves {
            let show = |m: &BTreeMap<String, u64>| {
                m.iter()
                    .map(|(k, v)| format!("{k} {v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            failures.push(Failure::new(
                format!("divide depth {}", row.depth),
                show(&row.moves),
                show(&got),
            ));
        }
    }
    (failures, skipped)
}

/// Checks that a catalogue agrees with the game: its rulings are exactly [`Game::RULINGS`].
pub fn check_catalogue_against<G: Game>(catalogue: &Catalogue) -> Vec<Failure> {
    let mut failures = Vec::new();
    let ids = catalogue_ids(catalogue);
    for def in G::RULINGS {
        let Some(entry) = catalogue.rulings.iter().find(|r| r.name == def.name) else {
            failures.push(Failure::message(format!(
                "ruling `{}` of the engine is not in the catalogue",
                def.name
            )));
            continue;
        };
        let show = |default: &str, values: &[&str], ids: &[&str]| {
            format!(
                "default {default}, values {}, settles {}",
                values.join(" | "),
                ids.join(" ")
            )
        };
        let values: Vec<&str> = entry.values.iter().map(String::as_str).collect();
        let settles: Vec<&str> = entry.settles.iter().map(String::as_str).collect();
        if entry.default != def.default || values != def.values || settles != def.ids {
            failures.push(Failure::new(
                format!("ruling `{}`", def.name),
                show(def.default, def.values, def.ids),
                show(&entry.default, &values, &settles),
            ));
        }
    }
    for entry in &catalogue.rulings {
        if !G::RULINGS.iter().any(|d| d.name == entry.name) {
            failures.push(Failure::message(format!(
                "ruling `{}` of the catalogue is not one of the engine's",
                entry.name
            )));
        }
        for id in &entry.settles {
            if !ids.contains(id.as_str()) {
                failures.push(Failure::message(format!(
                    "ruling `{}` settles `{id}`, which is not an ambiguity id",
                    entry.name
                )));
            }
        }
    }
    // Presets: the catalogue's and the engine's are the same bundles, of real rulings.
    let show = |rulings: &mut dyn Iterator<Item = (&str, &str)>| {
        let parts: Vec<String> = rulings.map(|(n, v)| format!("{n}={v}")).collect();
        if parts.is_empty() {
            "the defaults".to_string()
        } else {
            parts.join(", ")
        }
    };
    for preset in G::PRESETS {
        let Some(entry) = catalogue.presets.iter().find(|p| p.name == preset.name) else {
            failures.push(Failure::message(format!(
                "preset `{}` of the engine is not in the catalogue",
                preset.name
            )));
            continue;
        };
        let mut engine: Vec<(&str, &str)> = preset.rulings.to_vec();
        engine.sort_unstable();
        let catalogue_rulings: Vec<(&str, &str)> = entry.rulings.iter().collect();
        if engine != catalogue_rulings {
            failures.push(Failure::new(
                format!("preset `{}`", preset.name),
                show(&mut engine.iter().copied()),
                show(&mut catalogue_rulings.iter().copied()),
            ));
        }
        if let Err(e) = entry.rulings.check(G::RULINGS, G::RULESET) {
            failures.push(Failure::message(format!("preset `{}`: {e}", preset.name)));
        }
    }
    for entry in &catalogue.presets {
        if !G::PRESETS.iter().any(|p| p.name == entry.name) {
            failures.push(Failure::message(format!(
                "preset `{}` of the catalogue is not one of the engine's",
                entry.name
            )));
        }
    }
    failures
}

/// Checks a catalogue on its own: ids unique, rulings well formed.
pub fn check_catalogue(catalogue: &Catalogue) -> Vec<Failure> {
    let bibliography = Bibliography::builtin();
    let mut failures = Vec::new();
    let mut seen = BTreeSet::new();
    for entry in catalogue.rules.iter().chain(&catalogue.ambiguities) {
        if !seen.insert(entry.id.as_str()) {
            failures.push(Failure::message(format!("`{}` is listed twice", entry.id)));
        }
        if entry.statement.trim().is_empty() {
            failures.push(Failure::message(format!("`{}` has no statement", entry.id)));
        }
        failures.extend(
            source_problems(entry, &bibliography)
                .into_iter()
                .map(Failure::message),
        );
    }
    let mut names = BTreeSet::new();
    for ruling in &catalogue.rulings {
        if !names.insert(ruling.name.as_str()) {
            failures.push(Failure::message(format!(
                "ruling `{}` is listed twice",
                ruling.name
            )));
        }
        if !ruling.values.contains(&ruling.default) {
            failures.push(Failure::message(format!(
                "ruling `{}`: the default `{}` is not one of its values",
                ruling.name, ruling.default
            )));
        }
    }
    failures
}

/// What is wrong with an entry's citation: a work the bibliography lacks, none at all, or an empty
/// section. A work is cited by author, title and year, never by a file of ours.
pub fn source_problems(entry: &CatalogueEntry, bibliography: &Bibliography) -> Vec<String> {
    let mut problems = Vec::new();
    if entry.source.works.is_empty() {
        problems.push(format!("`{}` cites no work", entry.id));
    }
    for key in &entry.source.works {
        if bibliography.get(key).is_none() {
            let hint = bao_rules::rulings::did_you_mean(
                key,
                bibliography.sources.iter().map(|w| w.key.as_str()),
            );
            problems.push(format!(
                "`{}` cites `{key}`, which is not in the bibliography{hint}",
                entry.id
            ));
        }
    }
    if entry.source.section.trim().is_empty() {
        problems.push(format!("`{}` names no section of its source", entry.id));
    }
    problems
}

/// Coverage: every rule and ambiguity id named by some scenario, and every value of every ruling
/// selected by some scenario.
pub fn check_coverage<'a>(
    catalogue: &Catalogue,
    scenarios: impl IntoIterator<Item = &'a Scenario>,
) -> Vec<Failure> {
    let mut named: BTreeSet<&str> = BTreeSet::new();
    let mut selected: BTreeSet<(&str, &str)> = BTreeSet::new();
    for scenario in scenarios {
        named.extend(scenario.rules.iter().map(String::as_str));
        selected.extend(scenario.rulings.iter());
    }
    let mut failures = Vec::new();
    for entry in catalogue.rules.iter().chain(&catalogue.ambiguities) {
        let id = entry.id.as_str();
        if !named.contains(id) {
            failures.push(Failure::message(format!(
                "`{id}` is exercised by no scenario"
            )));
        }
    }
    for ruling in &catalogue.rulings {
        for value in &ruling.values {
            if !selected.contains(&(ruling.name.as_str(), value.as_str())) {
                failures.push(Failure::message(format!(
                    "ruling `{}` = `{value}` is selected by no scenario",
                    ruling.name
                )));
            }
        }
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::spec::ScenarioFile;
    use bao_rules::games::Kimasai;

    const CATALOGUE: &str = r#"
ruleset: demo
name: Demo
reference: demo.md
rules:
  - {id: D-1, statement: one, source: {works: [klamroth-1911], section: a, reference: b}}
  - {id: D-2, statement: two, source: {works: [klamroth-1911], section: a, reference: b}}
ambiguities:
  - {id: D-A1, statement: three, source: {works: [klamroth-1911], section: a, reference: b}}
rulings:
  - {name: demo.topic, settles: [D-A1], question: q, default: "yes", values: ["yes", "no"]}
"#;

    fn catalogue() -> Catalogue {
        serde_saphyr::from_str(CATALOGUE).unwrap()
    }

    /// The scenarios of a file of the demo catalogue's: a scenario file names a game the oracle
    /// has, which the catalogue's checks do not look at.
    fn scenarios(yaml: &str) -> Vec<Scenario> {
        let yaml = yaml.replacen("ruleset: demo", "ruleset: bao-kingulu", 1);
        serde_saphyr::from_str::<ScenarioFile>(&yaml)
            .unwrap()
            .scenarios
    }

    #[test]
    fn coverage_names_every_missing_id_and_ruling_value() {
        let some = scenarios(
            "ruleset: demo\nscenarios:\n  - {id: a, description: d, rules: [D-1, D-A1], rulings: {demo.topic: 'no'}, expect: {legal: []}}\n",
        );
        let gaps: Vec<String> = check_coverage(&catalogue(), &some)
            .into_iter()
            .map(|f| f.what)
            .collect();
        assert_eq!(
            gaps,
            [
                "`D-2` is exercised by no scenario",
                "ruling `demo.topic` = `yes` is selected by no scenario"
            ]
        );
        let all = scenarios(
            "ruleset: demo\nscenarios:\n  - {id: a, description: d, rules: [D-1, D-2, D-A1], rulings: {demo.topic: 'no'}, expect: {legal: []}}\n  - {id: b, description: d, rules: [D-1], rulings: {demo.topic: 'yes'}, expect: {legal: []}}\n",
        );
        assert!(check_coverage(&catalogue(), &all).is_empty());
    }

    #[test]
    fn shape_refuses_unknown_ids_and_empty_expectations() {
        let bad = scenarios(
            "ruleset: demo\nscenarios:\n  - {id: a, description: d, rules: [D-9], rulings: {demo.other: x}, expect: {}}\n  - {id: b, description: d, rules: [D-1], moves: [A1], expect: {error: {code: illegal-move}}}\n  - {id: c, description: d, rules: [D-1], rulings: {demo.topic: maybe}, expect: {end_rule: X-1}}\n",
        );
        let whats = |s: &Scenario| -> Vec<String> {
            check_shape(s, &catalogue())
                .into_iter()
                .map(|f| f.what)
                .collect()
        };
        assert_eq!(whats(&bad[0]).len(), 3, "{:?}", whats(&bad[0]));
        assert_eq!(
            whats(&bad[1]),
            ["an `illegal-move` error names the rule it breaks"]
        );
        assert_eq!(whats(&bad[2]).len(), 2, "{:?}", whats(&bad[2]));
    }

    #[test]
    fn catalogue_rulings_must_be_the_engines() {
        // Kimasai has no rulings: a catalogue naming one disagrees with the engine.
        let failures = check_catalogue_against::<Kimasai>(&catalogue());
        assert!(
            failures
                .iter()
                .any(|f| f.what.contains("`demo.topic` of the catalogue")),
            "{failures:?}"
        );
    }

    #[test]
    fn a_wrong_expectation_fails_with_both_sides() {
        let wrong = scenarios(
            "ruleset: bao-la-kimasai\nscenarios:\n  - {id: a, description: d, rules: [MAS-5], moves: [A2], expect: {legal: [a2], result: south, events: []}}\n",
        );
        let failures = run_scenario::<Kimasai>(&wrong[0]);
        let whats: Vec<&str> = failures.iter().map(|f| f.what.as_str()).collect();
        assert_eq!(whats, ["events", "legal moves", "result"]);
        assert_eq!(failures[1].actual.as_deref(), Some("a2 b11"));
        let refused = scenarios(
            "ruleset: bao-la-kimasai\nscenarios:\n  - {id: a, description: d, rules: [MAS-5], moves: [A3, A2], expect: {legal: []}}\n",
        );
        let failures = run_scenario::<Kimasai>(&refused[0]);
        assert_eq!(failures.len(), 1);
        assert_eq!(failures[0].what, "ply 1 `A3`");
    }

    #[test]
    fn perft_tables_are_checked_and_bounded() {
        let table = |yaml: &str| -> PerftTable { serde_saphyr::from_str(yaml).unwrap() };
        let right = table(
            "{id: t, description: d, counts: [{depth: 2, nodes: 2}], divide: [{depth: 2, moves: {A2: 2}}]}",
        );
        assert_eq!(
            run_perft::<Kimasai>(&right, PerftLimit::default()),
            (vec![], 0)
        );
        let wrong =
            table("{id: t, description: d, counts: [{depth: 2, nodes: 3}, {depth: 3, nodes: 3}]}");
        let (failures, _) = run_perft::<Kimasai>(&wrong, PerftLimit::default());
        assert_eq!(failures, [Failure::new("perft depth 2", "3", "2")]);
        let (failures, skipped) = run_perft::<Kimasai>(&wrong, PerftLimit { max_nodes: Some(2) });
        assert_eq!((failures.len(), skipped), (0, 2));
        let deep = table("{id: t, description: d, counts: [{depth: 4000000000, nodes: 1}]}");
        assert_eq!(
            run_perft::<Kimasai>(&deep, PerftLimit::default()).0.len(),
            1
        );
    }

    #[test]
    fn the_built_in_catalogues_read() {
        for ruleset in bao_rules::Ruleset::ALL {
            let c: Catalogue = serde_saphyr::from_str(ruleset.catalogue()).unwrap();
            assert_eq!(c.ruleset, ruleset.into());
            assert_eq!(check_catalogue(&c), vec![], "{ruleset}");
        }
    }

    /// Every citation of every catalogue resolves to a work of the bibliography, cited by author,
    /// title and year; no catalogue names a file of ours (a seed file, a reference document).
    #[test]
    fn every_citation_resolves_to_the_bibliography() {
        let bib = Bibliography::builtin();
        let mut cited: BTreeSet<String> = BTreeSet::new();
        for ruleset in bao_rules::Ruleset::ALL {
            let text = ruleset.catalogue();
            for file_name in [".txt", ".md`", "seed:", "../"] {
                assert!(
                    !text.contains(file_name),
                    "{ruleset} names a file: {file_name}"
                );
            }
            let c: Catalogue = serde_saphyr::from_str(text).unwrap();
            for e in c.rules.iter().chain(&c.ambiguities) {
                assert_eq!(source_problems(e, &bib), Vec::<String>::new());
                cited.extend(e.source.works.iter().cloned());
                for (at, _) in e.source.section.match_indices('[') {
                    let tag = &e.source.section[at + 1..];
                    let tag = &tag[..tag.find(']').unwrap()];
                    assert!(
                        bib.sources.iter().any(|w| w.tag.as_deref() == Some(tag)),
                        "{}: [{tag}] is no work's tag",
                        e.id
                    );
                }
            }
        }
        let mut keys = BTreeSet::new();
        for w in &bib.sources {
            assert!(keys.insert(w.key.as_str()), "{} twice", w.key);
            for field in [&w.author, &w.title, &w.published, &w.year, &w.takes] {
                assert!(!field.trim().is_empty(), "{}", w.key);
            }
            assert!(
                w.year == "n.d." || w.year.chars().take(4).all(|c| c.is_ascii_digit()),
                "{}: year {}",
                w.key,
                w.year
            );
            if let Some(url) = &w.url {
                assert!(
                    url.starts_with("https://") || url.starts_with("http://"),
                    "{url}"
                );
            }
        }
        for w in &bib.sources {
            for on in &w.rests_on {
                assert!(
                    keys.contains(on.as_str()),
                    "{} rests on unknown {on}",
                    w.key
                );
            }
            // Each work is cited by a rule or is the source of a cited work.
            let behind = bib.sources.iter().any(|o| o.rests_on.contains(&w.key));
            assert!(
                cited.contains(w.key.as_str()) || behind,
                "{} is cited by nothing",
                w.key
            );
        }
    }

    #[test]
    fn a_citation_missing_from_the_bibliography_fails() {
        let yaml = CATALOGUE.replacen(
            "works: [klamroth-1911]",
            "works: [001_6afee323ddfc880e.txt]",
            1,
        );
        let c: Catalogue = serde_saphyr::from_str(&yaml).unwrap();
        let failures = check_catalogue(&c);
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert!(failures[0].what.contains("not in the bibliography"));
    }
}
