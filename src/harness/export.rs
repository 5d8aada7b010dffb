//! `bao-oracle export`: the whole specification — rule catalogues, scenarios and perft tables — as
//! one versioned JSON document (schema: `docs/schema/export.json`), for harnesses that would
//! rather read a file than speak the engine protocol.
//!
//! The document is the files of `spec/` as they are, with one service: every position the oracle
//! can read is written in its compact form (a scenario's start with its `first` applied), so that a
//! harness needs no diagram reader.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::harness::conform::scenario_start;
use crate::harness::protocol;
use crate::harness::spec::SpecFile;
use crate::input::GameName;
use crate::input::spec::{Catalogue, PerftTable, Scenario};
use bao_rules::game::Game;
use bao_rules::games;
use bao_rules::with_game;

/// The version of the document's layout.
pub const EXPORT_VERSION: u32 = 1;

#[derive(Clone, Debug, Serialize)]
pub struct Export {
    /// Always `bao-oracle-spec`.
    pub format: &'static str,
    pub version: u32,
    /// The oracle's version, and the engine protocol version its scenarios are run with.
    pub oracle: String,
    pub protocol: u32,
    pub rulesets: Vec<RulesetExport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RulesetExport {
    pub ruleset: GameName,
    /// Whether the oracle implements the ruleset (its positions are then in compact form).
    pub implemented: bool,
    /// The standard start position, compact form (for implemented rulesets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub catalogue: Option<Catalogue>,
    pub scenarios: Vec<ScenarioExport>,
    pub perft: Vec<PerftExport>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ScenarioExport {
    /// The spec file it comes from.
    pub file: String,
    #[serde(flatten)]
    pub scenario: Scenario,
}

#[derive(Clone, Debug, Serialize)]
pub struct PerftExport {
    pub file: String,
    #[serde(flatten)]
    pub table: PerftTable,
}

/// The export of the spec files `files` (path, file), for `only` one ruleset or all.
pub fn export(files: &[(String, SpecFile)], only: Option<&str>) -> Export {
    let mut by_ruleset: BTreeMap<String, RulesetExport> = BTreeMap::new();
    for (path, file) in files {
        // A catalogue may name a game the oracle does not have yet.
        let game = match file {
            SpecFile::Catalogue(c) => c.ruleset.clone(),
            SpecFile::Scenarios(s) => GameName::Known(s.ruleset),
            SpecFile::Perft(p) => GameName::Known(p.ruleset),
        };
        if only.is_some_and(|r| r != game.name()) {
            continue;
        }
        let out = by_ruleset
            .entry(game.name().to_string())
            .or_insert_with(|| new_ruleset(game));
        match file {
            SpecFile::Catalogue(c) => out.catalogue = Some(c.clone()),
            SpecFile::Scenarios(s) => {
                for scenario in &s.scenarios {
                    let scenario = with_game!(s.ruleset, G => normalize::<G>(scenario));
                    out.scenarios.push(ScenarioExport {
                        file: path.clone(),
                        scenario,
                    });
                }
            }
            SpecFile::Perft(p) => {
                for table in &p.tables {
                    let mut table = table.clone();
                    if let Some(text) = &table.position
                        && let Some(compact) = with_game!(p.ruleset, G => G::parse_position(text).ok().map(|p| G::format_compact(&p)))
                    {
                        table.position = Some(compact);
                    }
                    out.perft.push(PerftExport {
                        file: path.clone(),
                        table,
                    });
                }
            }
        }
    }
    // The oracle's rulesets first, in its order; then the others (catalogues without an engine).
    let mut rulesets = Vec::new();
    for r in games::RULESETS {
        if let Some(e) = by_ruleset.remove(*r) {
            rulesets.push(e);
        }
    }
    rulesets.extend(by_ruleset.into_values());
    Export {
        format: "bao-oracle-spec",
        version: EXPORT_VERSION,
        oracle: env!("CARGO_PKG_VERSION").to_string(),
        protocol: protocol::VERSION,
        rulesets,
    }
}

fn new_ruleset(game: GameName) -> RulesetExport {
    let start = game
        .ruleset()
        .map(|ruleset| with_game!(ruleset, G => G::format_compact(&G::start())));
    RulesetExport {
        ruleset: game,
        implemented: start.is_some(),
        start,
        catalogue: None,
        scenarios: Vec::new(),
        perft: Vec::new(),
    }
}

/// A scenario with its positions in compact form: the start always written out, with `first`
/// applied; a start the game refuses stays as written.
fn normalize<G: Game>(scenario: &Scenario) -> Scenario {
    let mut s = scenario.clone();
    if let Ok(start) = scenario_start::<G>(&s) {
        s.start = Some(G::format_compact(&start));
        s.first = None;
    }
    if let Some(text) = &s.expect.position
        && let Ok(p) = G::parse_position(text)
    {
        s.expect.position = Some(G::format_compact(&p));
    }
    s
}
