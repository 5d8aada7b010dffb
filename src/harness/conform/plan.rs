//! A run's plan, worked out once for every front end (`bao-oracle conform`, the Python package's
//! in-process `conform`): which rulesets run, the rulings of their random games and probes (a
//! `--preset`, `--ruling`s, or the engine's own presets and values from its `hello`), the values the
//! scenarios that pin no ruling run under, and the preflight at the start position.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::driver::{EngineInfo, Fatal};
use super::running::{Options, Run, longest_move, scripts};
use crate::check::replay::find_preset;
use crate::diagnostics::Code;
use crate::harness::protocol::{Limits, RulesetSupport, Rulings};
use crate::harness::spec::{self, SpecFile};
use crate::input::spec::ScenarioFile;
use bao_rules::rulings::Preset;
use bao_rules::with_game;
use bao_rules::{Ruleset, games};

/// Why a run cannot be planned: a stable code (the CLI's exit 2) and a message.
pub type PlanError = crate::diagnostics::Refused;

/// What the run was asked for, before the engine said what it plays.
#[derive(Clone, Debug, Default)]
pub struct Asked {
    /// The rulesets to test; none: every ruleset the engine's `hello` lists.
    pub rulesets: Vec<Ruleset>,
    /// Ruling values for the random games (`--ruling NAME=VALUE`), over the preset's.
    pub rulings: Vec<(String, String)>,
    /// A preset for the random games of its game (`--preset`).
    pub preset: Option<String>,
}

/// One ruleset of the plan.
#[derive(Clone, Debug)]
pub struct RulesetPlan {
    pub ruleset: Ruleset,
    /// The rulings of the random games and position probes.
    pub rulings: Rulings,
    /// The engine's own values (its preset's, or the single values its `hello` declares): each
    /// scenario's rulings that it does not pin.
    pub own: Rulings,
    /// The preset the rulings come from: `--preset`, or the engine's only presets' first.
    pub preset: Option<&'static Preset>,
    /// What the engine's `hello` says it plays of the ruleset (its rulings, its caps on a move).
    pub support: RulesetSupport,
}

/// The rulesets an engine is run on, each with its rulings.
#[derive(Clone, Debug)]
pub struct Plan {
    pub rulesets: Vec<RulesetPlan>,
}

/// The scenario files of a run, each with the path it was read from.
#[derive(Clone, Debug, Default)]
pub struct Scenarios {
    pub files: Vec<ScenarioFile>,
    /// The path of each file (`spec/bao-kingulu/sowing.yaml`; built in: the same names).
    pub paths: Vec<String>,
}

impl Scenarios {
    /// The scenario files under `paths`; with none, those of the specification built into the
    /// binary.
    pub fn load(paths: &[PathBuf]) -> Result<Scenarios, PlanError> {
        let loaded = spec::load(paths).map_err(|e| match e {
            Ok(message) => PlanError::new(Code::BadSpec, message),
            Err(e) => PlanError::new(
                Code::IoError,
                format!("cannot read {}: {}", e.path.display(), e.message),
            ),
        })?;
        let mut out = Scenarios::default();
        for (path, file) in loaded {
            if let SpecFile::Scenarios(file) = file {
                out.files.push(file);
                out.paths.push(path);
            }
        }
        Ok(out)
    }

    /// The scenario groups (`bao-kingulu/sowing`: a ruleset and a file's name), in the order
    /// of the files, each once.
    pub fn groups(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for group in self.file_groups() {
            if !out.contains(&group) {
                out.push(group);
            }
        }
        out
    }

    fn file_groups(&self) -> impl Iterator<Item = String> + '_ {
        self.files.iter().zip(&self.paths).map(|(file, path)| {
            let stem = std::path::Path::new(path)
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("scenarios");
            format!("{}/{stem}", file.ruleset)
        })
    }

    /// The group of each scenario case (`bao-kingulu/sowing`: its ruleset and file) and the rule
    /// ids it exercises, by case name (`bao-kingulu/a-scenario-id`).
    pub fn cases(&self) -> BTreeMap<String, (String, Vec<String>)> {
        let mut out = BTreeMap::new();
        for (file, group) in self.files.iter().zip(self.file_groups()) {
            for s in &file.scenarios {
                out.insert(
                    format!("{}/{}", file.ruleset, s.id),
                    (group.clone(), s.rules.clone()),
                );
            }
        }
        out
    }
}

/// The rulesets a run is asked for by name, checked before any engine is started.
pub fn check_rulesets<S: AsRef<str>>(rulesets: &[S]) -> Result<Vec<Ruleset>, PlanError> {
    rulesets
        .iter()
        .map(|r| {
            Ruleset::from_name(r.as_ref())
                .map_err(|e| PlanError::new(Code::UnknownRuleset, e.to_string()))
        })
        .collect()
}

impl Plan {
    /// The plan for the engine whose `hello` is `info`.
    pub fn new(info: &EngineInfo, asked: &Asked) -> Result<Plan, PlanError> {
        let supported = &info.rulesets;
        let rulesets: Vec<Ruleset> = if asked.rulesets.is_empty() {
            Ruleset::ALL
                .into_iter()
                .filter(|r| supported.contains_key(r.name()))
                .collect()
        } else {
            asked.rulesets.clone()
        };
        if rulesets.is_empty() {
            return Err(PlanError::new(
                Code::BadEngine,
                format!(
                    "the engine supports none of the oracle's rulesets ({})",
                    games::RULESETS.join(", ")
                ),
            ));
        }
        if let Some(r) = rulesets.iter().find(|r| !supported.contains_key(r.name())) {
            return Err(PlanError::new(
                Code::BadEngine,
                format!("the engine does not support {r} (its `hello` does not list it)"),
            ));
        }
        let mut rulings = rulings_by_ruleset(&rulesets, &asked.rulings, ruling_names)
            .map_err(|e| PlanError::new(Code::UnknownRuling, e))?;
        let mut presets: Vec<(Ruleset, &'static Preset)> = match &asked.preset {
            None => Vec::new(),
            Some(name) => vec![apply_preset(name, &mut rulings, asked.rulesets.is_empty())?],
        };
        // An engine that plays only presets (none of them the defaults) is run under its first
        // one where --preset names none of its game.
        for &ruleset in &rulesets {
            if presets.iter().any(|&(game, _)| game == ruleset) {
                continue;
            }
            let declared = &supported[ruleset.name()].presets;
            // A preset that sets no ruling is the defaults.
            let defaults =
                |p: &String| find_preset(p).is_ok_and(|(_, preset)| preset.rulings.is_empty());
            if declared.is_empty() || declared.iter().any(defaults) {
                continue;
            }
            let Some(name) = declared.first() else {
                continue;
            };
            match find_preset(name) {
                Ok((game, preset)) if game == ruleset => {
                    if let Some(own) = rulings.get_mut(&game) {
                        *own = own.over(preset);
                    }
                    presets.push((game, preset));
                }
                _ => {
                    return Err(PlanError::new(
                        Code::BadEngine,
                        format!(
                            "the engine's `hello` names `{name}`, which is not a preset of {ruleset}"
                        ),
                    ));
                }
            }
        }
        let mut plans = Vec::new();
        for &ruleset in &rulesets {
            let preset = presets
                .iter()
                .find(|&&(game, _)| game == ruleset)
                .map(|&(_, p)| p);
            let mut own = match preset {
                Some(preset) => Rulings::new().over(preset),
                None => Rulings::new(),
            };
            let mut set = rulings.remove(&ruleset).unwrap_or_default();
            // The single ruling values an engine declares where it lists no preset: the
            // scenarios that do not pin a ruling run under them, as the random games do.
            let support = &supported[ruleset.name()];
            if support.presets.is_empty() {
                let declared = with_game!(ruleset, G => support.own_values::<G>());
                for (name, value) in declared.iter() {
                    if own.get(name).is_none() {
                        let _ = own.insert(name, value);
                    }
                    if set.get(name).is_none() {
                        let _ = set.insert(name, value);
                    }
                }
            }
            if let Err(e) = with_game!(ruleset, G => set.resolve::<G>().map(|_| ())) {
                return Err(PlanError::new(Code::UnknownRuling, e.message));
            }
            plans.push(RulesetPlan {
                ruleset,
                rulings: set,
                own,
                preset,
                support: support.clone(),
            });
        }
        Ok(Plan { rulesets: plans })
    }

    /// The rulesets' names, in the plan's order.
    pub fn names(&self) -> Vec<&'static str> {
        self.rulesets.iter().map(|r| r.ruleset.name()).collect()
    }

    /// The scenarios of the plan's rulesets.
    pub fn scenarios(&self, spec: &Scenarios) -> usize {
        spec.files
            .iter()
            .filter(|f| self.rulesets.iter().any(|r| r.ruleset == f.ruleset))
            .map(|f| f.scenarios.len())
            .sum()
    }

    /// The cases the run will have: scenarios, random games and probes.
    pub fn cases(&self, spec: &Scenarios, options: &Options) -> usize {
        self.scenarios(spec)
            + (options.games as usize + options.positions as usize)
                .saturating_mul(self.rulesets.len())
    }

    /// Refuses a run with nothing to run (no scenario, no game, no probe), or under limits no
    /// real engine has ([`Plan::check_limits`]).
    pub fn check_something_to_run(
        &self,
        spec: &Scenarios,
        options: &Options,
    ) -> Result<(), PlanError> {
        if self.scenarios(spec) == 0 && options.games == 0 && options.positions == 0 {
            return Err(PlanError::new(
                Code::Usage,
                format!(
                    "nothing to run: no scenario of {} in the specification, and --games 0",
                    self.names().join(", ")
                ),
            ));
        }
        self.check_limits(spec, options)
    }

    /// Refuses limits on a move (`--max-laps`, or the `limits` of the engine's `hello`) that no
    /// real engine has: none at all (0), or below the longest move of the scenarios the engine
    /// runs (each engine that plays them plays that move). A limit that leaves most of a run out
    /// is found as the run goes ([`Run::ruleset`]).
    pub fn check_limits(&self, spec: &Scenarios, options: &Options) -> Result<(), PlanError> {
        for r in &self.rulesets {
            let (limits, by, code) = match (options.max_laps, r.support.limits) {
                (Some(laps), _) => (
                    Limits {
                        laps: Some(laps),
                        seeds: None,
                    },
                    "--max-laps",
                    Code::Usage,
                ),
                (None, Some(declared)) => {
                    (declared, "the engine's `hello` (`limits`)", Code::BadEngine)
                }
                (None, None) => continue,
            };
            // The scenarios the engine runs: not those that pin a value it does not play.
            let longest = with_game!(r.ruleset, G => {
                let all = scripts::<G>(&spec.files, &r.own);
                let runs: Vec<_> = all
                    .into_iter()
                    .filter(|s| s.skip.is_none() && r.support.lacks::<G>(&s.rulings).is_none())
                    .collect();
                longest_move::<G>(&runs)
            });
            for (cap, unit, longest) in [
                (limits.laps, "laps", longest.laps),
                (limits.seeds, "seeds sown", longest.seeds),
            ] {
                let Some(cap) = cap else { continue };
                let why = match &longest {
                    _ if cap == 0 => "a move has at least one lap and sows a seed".to_string(),
                    Some((n, scenario)) if cap < *n => format!(
                        "the specification's scenario {}/{scenario} plays a move of {n} {unit}, \
                         which any engine that plays it plays",
                        r.ruleset
                    ),
                    _ => continue,
                };
                return Err(PlanError::new(
                    code,
                    format!(
                        "{}: {by} caps a move at {cap} {unit}, which no real engine does: {why}",
                        r.ruleset
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Runs the plan: first the preflight of every ruleset (the engine asked at the start
    /// position under its values), then each ruleset's scenarios, games and probes.
    pub fn run(&self, run: &mut Run<'_>, spec: &Scenarios) -> Result<(), Fatal> {
        for r in &self.rulesets {
            with_game!(r.ruleset, G => run.preflight::<G>(&r.rulings))?;
        }
        for r in &self.rulesets {
            with_game!(r.ruleset, G => {
                let scripts = scripts::<G>(&spec.files, &r.own);
                run.ruleset::<G>(&scripts, &r.rulings, r.preset)
            })?;
        }
        Ok(())
    }
}

fn ruling_names(ruleset: Ruleset) -> Vec<&'static str> {
    ruleset.rulings().iter().map(|d| d.name).collect()
}

/// Puts preset `name` under the rulings of its game, which the run must test (`every`: the run
/// tests every ruleset the engine supports); returns the game and the preset.
fn apply_preset(
    name: &str,
    rulings: &mut BTreeMap<Ruleset, Rulings>,
    every: bool,
) -> Result<(Ruleset, &'static Preset), PlanError> {
    let unknown = |message: String| PlanError::new(Code::UnknownRuling, message);
    let (game, preset) = find_preset(name).map_err(|e| unknown(e.message))?;
    let Some(own) = rulings.get_mut(&game) else {
        let why = if every {
            "the engine's `hello` does not list it"
        } else {
            "--ruleset leaves it out"
        };
        return Err(unknown(format!(
            "`{name}` is a preset of {game}, which this run does not test: {why}"
        )));
    };
    *own = own.over(preset);
    Ok((game, preset))
}

/// Splits ruling assignments among rulesets by the rulings each game has.
pub fn rulings_by_ruleset<R: Ord + Copy>(
    rulesets: &[R],
    assignments: &[(String, String)],
    rulings_of: impl Fn(R) -> Vec<&'static str>,
) -> Result<BTreeMap<R, Rulings>, String> {
    let mut out: BTreeMap<R, Rulings> = rulesets.iter().map(|&r| (r, Rulings::new())).collect();
    for (name, value) in assignments {
        let owner = rulesets
            .iter()
            .find(|&&r| rulings_of(r).contains(&name.as_str()))
            .ok_or_else(|| format!("`{name}` is not a ruling of any selected ruleset"))?;
        let set = out.get_mut(owner).expect("every ruleset has an entry");
        set.insert(name, value).map_err(|e| e.message)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::protocol::RulesetSupport;

    fn pair(name: &str, value: &str) -> (String, String) {
        (name.to_string(), value.to_string())
    }

    #[test]
    fn rulings_go_to_the_ruleset_that_has_them() {
        let rulesets = vec!["a", "b"];
        let of = |r: &str| if r == "b" { vec!["b.x"] } else { vec![] };
        let split = rulings_by_ruleset(&rulesets, &[pair("b.x", "1")], of).unwrap();
        assert!(split["a"].is_empty());
        assert_eq!(split["b"].get("b.x"), Some("1"));
        assert!(rulings_by_ruleset(&rulesets, &[pair("c.y", "1")], of).is_err());
        assert!(rulings_by_ruleset(&rulesets, &[pair("b.x", "1"), pair("b.x", "2")], of).is_err());
    }

    fn engine(ruleset: Ruleset, support: RulesetSupport) -> EngineInfo {
        EngineInfo {
            name: "test".into(),
            version: None,
            protocol: crate::harness::protocol::VERSION,
            rulesets: [(ruleset.name().to_string(), support)]
                .into_iter()
                .collect(),
        }
    }

    #[test]
    fn an_engine_of_one_preset_and_one_of_its_values_are_planned_alike() {
        let ruleset = Ruleset::Zanzibar;
        let by_preset = engine(
            ruleset,
            RulesetSupport {
                presets: vec!["abstractplay".into()],
                ..RulesetSupport::default()
            },
        );
        let (_, preset) = find_preset("abstractplay").unwrap();
        let by_values = engine(
            ruleset,
            RulesetSupport {
                rulings: preset
                    .rulings
                    .iter()
                    .map(|(n, v)| (n.to_string(), vec![v.to_string()]))
                    .collect(),
                ..RulesetSupport::default()
            },
        );
        let a = Plan::new(&by_preset, &Asked::default()).unwrap();
        let b = Plan::new(&by_values, &Asked::default()).unwrap();
        assert_eq!(a.rulesets[0].preset.map(|p| p.name), Some("abstractplay"));
        assert!(b.rulesets[0].preset.is_none());
        assert!(!a.rulesets[0].rulings.is_empty());
        assert_eq!(a.rulesets[0].rulings, b.rulesets[0].rulings);
        assert_eq!(a.rulesets[0].own, b.rulesets[0].own);
    }

    #[test]
    fn what_the_engine_does_not_play_is_refused_with_its_code() {
        let info = engine(Ruleset::Kimasai, RulesetSupport::default());
        let asked = |rulesets: &[&str], preset: Option<&str>| Asked {
            rulesets: rulesets
                .iter()
                .map(|r| Ruleset::from_name(r).unwrap())
                .collect(),
            preset: preset.map(str::to_string),
            ..Asked::default()
        };
        let code = |a: Asked| Plan::new(&info, &a).unwrap_err().code;
        // A ruleset the oracle has no game of is refused by name, before any engine starts.
        assert_eq!(
            check_rulesets(&["chess"]).unwrap_err().code,
            Code::UnknownRuleset
        );
        assert_eq!(code(asked(&["bao-kingulu"], None)), Code::BadEngine);
        assert_eq!(code(asked(&[], Some("nkkmd"))), Code::UnknownRuling);
        let unknown = Asked {
            rulings: vec![pair("zanzibar.takasia", "no")],
            ..Asked::default()
        };
        assert_eq!(code(unknown), Code::UnknownRuling);
        let plan = Plan::new(&info, &Asked::default()).unwrap();
        assert_eq!(plan.names(), ["bao-la-kimasai"]);
    }
}
