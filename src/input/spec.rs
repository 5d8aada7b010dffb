//! The files of `spec/`, as plain serde data: the rule catalogue (`rules.yaml`), scenario files
//! (any other `*.yaml`) and perft tables (`perft.yaml`). `spec/README.md` documents them; nothing
//! here knows a game, so that an exporter or another language can read the same files.
//!
//! Every struct refuses unknown fields: a typo in a specification must not pass silently.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use crate::diagnostics::Code;
use crate::input::GameName;
use bao_rules::Ruleset;
pub use bao_rules::game::{ResultClaim, Side};
use bao_rules::rulings::RulingSet;

/// `rules.yaml`: every rule id and ambiguity id of one reference, and its named rulings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalogue {
    /// The game: a catalogue may come before its game's rules do (its shape is checked; its
    /// coverage only once the oracle has the game).
    pub ruleset: GameName,
    /// The game's name in words.
    pub name: String,
    /// The rules reference the ids come from (`bao-kingulu.md`).
    pub reference: String,
    pub rules: Vec<CatalogueEntry>,
    pub ambiguities: Vec<CatalogueEntry>,
    #[serde(default)]
    pub rulings: Vec<RulingEntry>,
    /// Named bundles of ruling values (`--preset NAME`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub presets: Vec<PresetEntry>,
}

/// A preset: a named bundle of ruling values matching a source or an engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresetEntry {
    /// `donkers-2002`
    pub name: String,
    /// The source or engine it matches, and how that was checked.
    pub matches: String,
    /// The rulings it sets to other values than their defaults (none for the defaults' preset).
    #[serde(default)]
    pub rulings: RulingSet,
}

/// One rule or ambiguity.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CatalogueEntry {
    pub id: String,
    /// The rule (or, for an ambiguity, the question and its default ruling) in one line.
    pub statement: String,
    pub source: Source,
}

/// Where a rule comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// The works it is read from, keys of the bibliography ([`Bibliography`]), the first the one
    /// it is read from first (`mancala-world-bao-kingulu`).
    pub works: Vec<String>,
    /// Where in them: a section heading with an English gloss, or numbered rules (`[D] 2.1`).
    pub section: String,
    /// The section of the rules reference that states the rule.
    pub reference: String,
}

/// The bibliography (`crates/bao-rules/catalogues/sources.yaml`, `docs/sources.md`): every work a
/// catalogue cites.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bibliography {
    pub sources: Vec<Work>,
}

/// One published work: an article, a book, a page or a program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Work {
    /// What a catalogue cites it by (`klamroth-1911`).
    pub key: String,
    /// The short name a catalogue's `section` uses (`D` for `[D] 2.1`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// How a list cites it, with the title beside (`Klamroth 1911`, `Mancala World`).
    pub short: String,
    pub author: String,
    pub title: String,
    /// Where it appeared: journal and pages, publisher, site.
    pub published: String,
    /// `1911`, or `n.d.` for an undated page or program.
    pub year: String,
    /// Its public address, for a page or a program.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The works it names as its own sources (keys).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rests_on: Vec<String>,
    /// What the project takes from it.
    pub takes: String,
}

impl Bibliography {
    /// The bibliography built into the oracle.
    pub fn builtin() -> Bibliography {
        // Built in and read by the tests: a failure here is a broken build, not a user's input.
        serde_saphyr::from_str(bao_rules::BIBLIOGRAPHY).expect("the built-in bibliography reads")
    }

    pub fn get(&self, key: &str) -> Option<&Work> {
        self.sources.iter().find(|w| w.key == key)
    }
}

impl Work {
    /// The citation in one line: author, title, where, year, address.
    pub fn citation(&self) -> String {
        match &self.url {
            Some(url) => format!("{}, {url}", self.citation_without_url()),
            None => self.citation_without_url(),
        }
    }

    /// Author, title, where and year.
    pub fn citation_without_url(&self) -> String {
        format!(
            "{}, \"{}\", {}, {}",
            self.author, self.title, self.published, self.year
        )
    }
}

/// A named ruling: an ambiguity with alternatives a user may select.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulingEntry {
    /// `kingulu.penultimate-source`
    pub name: String,
    /// The ambiguity ids it settles.
    pub settles: Vec<String>,
    pub question: String,
    pub default: String,
    /// Every value, the default included, in the reference's order.
    pub values: Vec<String>,
}

/// A scenario file: scenarios of one ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// The game, refused where it is read if the oracle has no such game.
    pub ruleset: Ruleset,
    /// What the file is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub scenarios: Vec<Scenario>,
}

/// A start position, moves played from it, and what must follow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Unique within the ruleset.
    pub id: String,
    pub description: String,
    /// The rule, ambiguity and ruling ids it exercises (at least one).
    pub rules: Vec<String>,
    /// Rulings it pins: name to value. Unnamed rulings take their default.
    #[serde(default, skip_serializing_if = "RulingSet::is_empty")]
    pub rulings: RulingSet,
    /// Compact or diagram form; default the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Who moves first from `start`, overriding the position's side to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<Side>,
    /// The moves, in order, as a record writes them (claims allowed).
    #[serde(default)]
    pub moves: Vec<String>,
    pub expect: Expect,
}

/// What must hold after the moves. Each field is optional, but a scenario expects something.
///
/// Without `error`, every move must play and the fields describe the position after the last one
/// (`events`: the last move's). With `error`, every move but the last must play and the last must
/// fail with that error; for `false-claim` the move itself is played (only its claim is wrong), for
/// every other code the position stays as it was before the last move. The error `bad-position`
/// is the start position's: the scenario then has no moves and expects nothing else.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Compact or diagram form; compared as positions, not as text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The captures and reservations of the last move, in order (all of them: an empty list
    /// expects none).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "spec_form")]
    pub events: Option<Vec<EventSpec>>,
    /// The legal moves, canonical notation, in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorSpec>,
    /// `south`, `north`, `draw`, or `unfinished` (the game goes on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultClaim>,
    /// The rule that ended the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_rule: Option<String>,
    /// The final score (South, North), for games decided on score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<[u16; 2]>,
}

impl Expect {
    pub fn is_empty(&self) -> bool {
        self == &Expect::default()
    }
}

/// An outcome event of a move, as scenarios write it: the one event shape ([`crate::event`]),
/// a capture or a reservation, its tag written `kind` ([`spec_form`]).
pub use crate::event::EventData as EventSpec;
use crate::event::spec_form;

/// The error the last move must fail with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorSpec {
    pub code: Code,
    /// The rule broken: required for `illegal-move`, compared where given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// For `ambiguous-move`: the legal moves the spelling fits, in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub candidates: Option<Vec<String>>,
}

/// `perft.yaml`: perft tables of one ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftFile {
    /// The game, refused where it is read if the oracle has no such game.
    pub ruleset: Ruleset,
    pub tables: Vec<PerftTable>,
}

/// The leaf counts of the move tree of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftTable {
    pub id: String,
    pub description: String,
    /// Compact or diagram form; default the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    #[serde(default, skip_serializing_if = "RulingSet::is_empty")]
    pub rulings: RulingSet,
    /// Depth to leaf count.
    pub counts: Vec<PerftCount>,
    /// Per-move counts at a depth (perft `--divide`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub divide: Vec<PerftDivide>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftCount {
    pub depth: u32,
    pub nodes: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftDivide {
    pub depth: u32,
    /// Canonical move to the leaf count below it; every legal move is listed.
    pub moves: BTreeMap<String, u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scenario_reads_every_field() {
        let yaml = r#"
ruleset: bao-kingulu
scenarios:
  - id: demo
    description: A demo.
    rules: [KIN-9, KIN-A4]
    rulings: {kingulu.penultimate-source: any}
    start: "4 4 4 4 4 4 / 4 4 4 4 4 4 S"
    first: north
    moves: [A1, a2x5]
    expect:
      position: "x"
      events:
        - {kind: capture, hole: a3, seeds: 5, rule: KIN-9}
        - {kind: reserve, hole: a2, by: south, seeds: 5}
      legal: [A1]
      error: {code: illegal-move, rule: KIN-7}
      result: draw
      end_rule: KIN-13
      score: [24, 24]
"#;
        let file: ScenarioFile = serde_saphyr::from_str(yaml).unwrap();
        let s = &file.scenarios[0];
        assert_eq!(s.first, Some(Side::North));
        assert_eq!(s.expect.events.as_ref().unwrap().len(), 2);
        assert_eq!(s.expect.error.as_ref().unwrap().code, Code::IllegalMove);
        assert_eq!(
            s.expect.result,
            Some(ResultClaim::Over(bao_rules::game::Outcome::Draw))
        );
    }

    #[test]
    fn unknown_fields_are_refused() {
        let typo = "ruleset: bao-kingulu\nscenarios:\n  - {id: a, description: b, rules: [X], expct: {}}\n";
        assert!(serde_saphyr::from_str::<ScenarioFile>(typo).is_err());
        let typo = "ruleset: bao-kingulu\nscenarios:\n  - {id: a, description: b, rules: [X], expect: {legl: []}}\n";
        assert!(serde_saphyr::from_str::<ScenarioFile>(typo).is_err());
        let event = "ruleset: bao-kingulu\nscenarios:\n  - {id: a, description: b, rules: [X], expect: {events: [{kind: capture, hole: a1, seeds: 1, extra: 2}]}}\n";
        assert!(serde_saphyr::from_str::<ScenarioFile>(event).is_err());
        let kind = "ruleset: bao-kingulu\nscenarios:\n  - {id: a, description: b, rules: [X], expect: {events: [{kind: sow, hole: a1}]}}\n";
        assert!(serde_saphyr::from_str::<ScenarioFile>(kind).is_err());
        let code = "ruleset: bao-kingulu\nscenarios:\n  - {id: a, description: b, rules: [X], expect: {error: {code: wrong}}}\n";
        assert!(serde_saphyr::from_str::<ScenarioFile>(code).is_err());
        let fine = "ruleset: bao-kingulu\nscenarios:\n  - {id: a, description: b, rules: [X], expect: {legal: []}}\n";
        assert!(serde_saphyr::from_str::<ScenarioFile>(fine).is_ok());
        // An unknown game is refused where the file is read, with the nearest name.
        let game = fine.replace("bao-kingulu", "bao-kingul");
        let e = serde_saphyr::from_str::<ScenarioFile>(&game).unwrap_err();
        assert!(e.to_string().contains("did you mean `bao-kingulu`"), "{e}");
    }
}
