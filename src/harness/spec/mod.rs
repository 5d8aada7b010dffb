//! The specification: rule catalogues, scenarios and perft tables (`spec/`, documented in
//! `spec/README.md`), and the runner behind `bao-oracle spec` and `tests/it/spec.rs`.
//!
//! A run reads every file it is given (folders recursively), then checks, one item at a time:
//! each catalogue (well formed, and agreeing with its game's rulings), each scenario, each perft
//! table, and for every catalogue of a ruleset the oracle implements, the coverage of its ids and
//! ruling values by the scenarios of the run.

pub mod runner;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::input::GameName;
use crate::input::record::Contents;
use crate::input::spec::{Catalogue, PerftFile, Scenario, ScenarioFile};
use bao_rules::Ruleset;
use bao_rules::game::Game;
use bao_rules::rulings::RulingSet;
use bao_rules::with_game;
pub use runner::{Failure, PerftLimit};

/// Spec files larger than this are refused unread ([`crate::input::Kind::Spec`]).
pub const MAX_FILE_BYTES: u64 = crate::input::Kind::Spec.limit();

/// The specification built into the binary: each file of `spec/` as (path, text), so that
/// `conform`, `spec` and `export` work from any folder (`--spec`/paths override it). Found by
/// walking `spec/` at build time (`build.rs`): a new ruleset's folder is built in with no table to
/// edit, and a test keeps the table equal to the folder.
pub const BUILT_IN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/built_in_spec.rs"));

/// The spec files of `paths` (folders recursively), read and parsed, each with the path shown for
/// it; with no paths, the built-in specification. `Err(Ok(..))` is a file that is no valid spec
/// file (with its path), `Err(Err(..))` one that could not be read.
pub fn load(paths: &[PathBuf]) -> Result<Vec<(String, SpecFile)>, Result<String, IoError>> {
    if paths.is_empty() {
        return BUILT_IN
            .iter()
            .map(|(path, text)| {
                parse_file(Path::new(path), text)
                    .map(|file| (path.to_string(), file))
                    .map_err(|message| Ok(format!("{path}: {message}")))
            })
            .collect();
    }
    let mut out = Vec::new();
    for path in collect(paths).map_err(Err)? {
        match read_file(&path) {
            Ok(file) => out.push((path.display().to_string(), file)),
            Err(Ok(message)) => return Err(Ok(format!("{}: {message}", path.display()))),
            Err(Err(e)) => return Err(Err(e)),
        }
    }
    Ok(out)
}

/// A file of the run, read and parsed.
#[derive(Clone, Debug)]
pub enum SpecFile {
    Catalogue(Catalogue),
    Scenarios(ScenarioFile),
    Perft(PerftFile),
}

/// What kind of thing a result is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    /// A file that could not be read as a spec file.
    File,
    Catalogue,
    Scenario,
    Perft,
    Coverage,
}

/// The result of one item.
#[derive(Clone, Debug, Serialize)]
pub struct ItemResult {
    pub file: String,
    pub ruleset: Option<GameName>,
    pub kind: ItemKind,
    pub id: String,
    pub passed: bool,
    pub failures: Vec<Failure>,
    /// Why the item was not run (its ruleset has a catalogue but no engine yet); a skipped item
    /// neither passes nor fails.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_run: Option<String>,
    /// Perft rows left out by the run's node limit.
    #[serde(skip_serializing_if = "is_zero")]
    pub skipped: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A whole run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub version: u32,
    pub items: Vec<ItemResult>,
    pub summary: Summary,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    /// Items of rulesets the oracle does not implement yet.
    pub not_run: usize,
}

/// An input that could not be read at all (exit status 2).
#[derive(Debug)]
pub struct IoError {
    pub path: PathBuf,
    pub message: String,
}

impl std::fmt::Display for IoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.as_os_str().is_empty() {
            return f.write_str(&self.message);
        }
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for IoError {}

/// Options of a run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub perft: PerftLimit,
    /// `--ruling NAME=VALUE`: run every scenario and perft table of the ruling's game under this
    /// value, except those that set the ruling themselves. Expectations written for the default
    /// then fail exactly where they depend on the ruling.
    pub rulings: Vec<(String, String)>,
}

/// `item`'s rulings with the `--ruling` overrides of `options` that belong to game `ruleset` and
/// that `item` does not set itself.
fn with_overrides(own: &RulingSet, ruleset: Ruleset, options: &Options) -> RulingSet {
    let mut rulings = own.clone();
    for (name, value) in &options.rulings {
        let of_game = ruleset.rulings().iter().any(|d| d.name == name);
        if of_game && own.get(name).is_none() {
            rulings
                .insert(name, value)
                .expect("a ruling the scenario does not set");
        }
    }
    rulings
}

/// The `*.yaml`/`*.yml` files under `paths` (folders recursively, each real folder once, links
/// to folders not followed), sorted within each folder: the input stage's collector
/// ([`crate::input::walk`]). Its first problem is the error; a folder with nothing to run is
/// none (the run says that nothing was run).
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, IoError> {
    let found = crate::input::walk(paths, &["yaml", "yml"]);
    let files = found.files;
    match found.problems.into_iter().next() {
        Some(problem) => Err(IoError {
            path: PathBuf::from(problem.path),
            message: problem.message,
        }),
        None => Ok(files),
    }
}

/// A spec file read: the file, or why it is not one (`Err(Ok(..))`) or cannot be read.
type FileRead = Result<SpecFile, Result<String, IoError>>;

/// Reads one spec file; what kind it is follows from its name (`rules.yaml`, `perft.yaml`, or a
/// scenario file). `Err(Ok(..))` is a file that was read but is not a valid spec file;
/// `Err(Err(..))` one that could not be read.
pub fn read_file(path: &Path) -> Result<SpecFile, Result<String, IoError>> {
    let io = |e: std::io::Error| {
        Err(IoError {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
    };
    // Only a regular file, and never more than the limit (a FIFO or a device is refused).
    let bytes = match crate::input::record::read_regular_file(path, MAX_FILE_BYTES).map_err(io)? {
        Contents::Bytes(bytes) => bytes,
        Contents::TooLarge(size) => {
            return Err(Ok(format!(
                "the file has {size} bytes; spec files are refused above {MAX_FILE_BYTES}"
            )));
        }
    };
    let text =
        String::from_utf8(bytes).map_err(|_| Ok("the file is not UTF-8 text".to_string()))?;
    parse_file(path, &text).map_err(Ok)
}

/// Parses spec file text, its kind given by the file name.
pub fn parse_file(path: &Path, text: &str) -> Result<SpecFile, String> {
    let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let result = match name {
        "rules" => serde_saphyr::from_str::<Catalogue>(text).map(SpecFile::Catalogue),
        "perft" => serde_saphyr::from_str::<PerftFile>(text).map(SpecFile::Perft),
        _ => serde_saphyr::from_str::<ScenarioFile>(text).map(SpecFile::Scenarios),
    };
    result.map_err(|e| e.to_string())
}

/// Runs the spec files under `paths`.
pub fn run(paths: &[PathBuf], options: Options) -> Result<Report, IoError> {
    let mut items = Vec::new();
    let mut loaded: Vec<(String, SpecFile)> = Vec::new();
    // No paths: the built-in specification.
    let texts: Vec<(String, FileRead)> = if paths.is_empty() {
        BUILT_IN
            .iter()
            .map(|(path, text)| {
                (
                    path.to_string(),
                    parse_file(Path::new(path), text).map_err(Ok),
                )
            })
            .collect()
    } else {
        collect(paths)?
            .iter()
            .map(|path| (path.display().to_string(), read_file(path)))
            .collect()
    };
    for (shown, file) in texts {
        match file {
            Ok(file) => loaded.push((shown, file)),
            Err(Ok(message)) => items.push(ItemResult {
                file: shown,
                ruleset: None,
                kind: ItemKind::File,
                id: "file".to_string(),
                passed: false,
                failures: vec![Failure::message(message)],
                not_run: None,
                skipped: 0,
            }),
            Err(Err(e)) => return Err(e),
        }
    }

    // The catalogue of each ruleset: one of the run, else the one beside a scenario file, else
    // the built-in one.
    let mut catalogues: BTreeMap<GameName, Catalogue> = BTreeMap::new();
    for (_, file) in &loaded {
        if let SpecFile::Catalogue(c) = file {
            catalogues
                .entry(c.ruleset.clone())
                .or_insert_with(|| c.clone());
        }
    }
    for (shown, file) in &loaded {
        let ruleset = match file {
            SpecFile::Scenarios(f) => GameName::Known(f.ruleset),
            SpecFile::Perft(f) => GameName::Known(f.ruleset),
            SpecFile::Catalogue(_) => continue,
        };
        if catalogues.contains_key(&ruleset) {
            continue;
        }
        let beside = Path::new(shown).with_file_name("rules.yaml");
        let found = match crate::input::record::read_regular_file(&beside, MAX_FILE_BYTES) {
            Ok(Contents::Bytes(bytes)) => String::from_utf8(bytes).ok(),
            _ => None,
        }
        .and_then(|t| serde_saphyr::from_str::<Catalogue>(&t).ok())
        .filter(|c| c.ruleset == ruleset)
        .or_else(|| serde_saphyr::from_str(ruleset.ruleset()?.catalogue()).ok());
        if let Some(c) = found {
            catalogues.insert(ruleset, c);
        }
    }

    let mut scenario_ids: BTreeMap<Ruleset, BTreeSet<String>> = BTreeMap::new();
    let mut table_ids: BTreeMap<Ruleset, BTreeSet<String>> = BTreeMap::new();
    let mut scenarios_of: BTreeMap<GameName, Vec<Scenario>> = BTreeMap::new();
    for (shown, file) in &loaded {
        match file {
            SpecFile::Catalogue(c) => {
                let mut failures = runner::check_catalogue(c);
                if let Some(own) = c.ruleset.ruleset() {
                    failures.extend(with_game!(own, G => runner::check_catalogue_against::<G>(c)));
                }
                items.push(item(
                    shown,
                    &c.ruleset,
                    ItemKind::Catalogue,
                    "catalogue",
                    failures,
                    0,
                ));
            }
            SpecFile::Scenarios(f) => {
                let catalogue = catalogues.get(&GameName::Known(f.ruleset));
                for scenario in &f.scenarios {
                    let mut failures = match catalogue {
                        Some(c) => runner::check_shape(scenario, c),
                        None => vec![Failure::message(format!(
                            "no rule catalogue for ruleset `{}`",
                            f.ruleset
                        ))],
                    };
                    let ids = scenario_ids.entry(f.ruleset).or_default();
                    if !ids.insert(scenario.id.clone()) {
                        failures.push(Failure::message(format!(
                            "scenario id `{}` is used twice in {}",
                            scenario.id, f.ruleset
                        )));
                    }
                    if failures.is_empty() {
                        let mut scenario = scenario.clone();
                        scenario.rulings = with_overrides(&scenario.rulings, f.ruleset, &options);
                        failures = with_game!(f.ruleset, G => runner::run_scenario::<G>(&scenario));
                    }
                    items.push(item(
                        shown,
                        &GameName::Known(f.ruleset),
                        ItemKind::Scenario,
                        &scenario.id,
                        failures,
                        0,
                    ));
                }
                scenarios_of
                    .entry(GameName::Known(f.ruleset))
                    .or_default()
                    .extend(f.scenarios.iter().cloned());
            }
            SpecFile::Perft(f) => {
                for table in &f.tables {
                    let ids = table_ids.entry(f.ruleset).or_default();
                    if !ids.insert(table.id.clone()) {
                        let failure = Failure::message(format!(
                            "perft table id `{}` is used twice in {}",
                            table.id, f.ruleset
                        ));
                        items.push(item(
                            shown,
                            &GameName::Known(f.ruleset),
                            ItemKind::Perft,
                            &table.id,
                            vec![failure],
                            0,
                        ));
                        continue;
                    }
                    let mut table = table.clone();
                    table.rulings = with_overrides(&table.rulings, f.ruleset, &options);
                    let (failures, skipped) =
                        with_game!(f.ruleset, G => runner::run_perft::<G>(&table, options.perft));
                    items.push(item(
                        shown,
                        &GameName::Known(f.ruleset),
                        ItemKind::Perft,
                        &table.id,
                        failures,
                        skipped,
                    ));
                }
            }
        }
    }

    // Coverage, for each catalogue of the run whose game the oracle implements.
    for (shown, file) in &loaded {
        if let SpecFile::Catalogue(c) = file
            && c.ruleset.ruleset().is_some()
        {
            let scenarios = scenarios_of
                .get(&c.ruleset)
                .map(Vec::as_slice)
                .unwrap_or_default();
            let failures = runner::check_coverage(c, scenarios);
            items.push(item(
                shown,
                &c.ruleset,
                ItemKind::Coverage,
                "coverage",
                failures,
                0,
            ));
        }
    }

    let failed = items.iter().filter(|i| i.failed()).count();
    let not_run = items.iter().filter(|i| i.not_run.is_some()).count();
    // A run that checked nothing must not pass as `0 passed, 0 failed`.
    if items.len() == not_run {
        let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(IoError {
            path: PathBuf::new(),
            message: format!(
                "no scenario, perft table or catalogue found under {}: nothing was run",
                shown.join(", ")
            ),
        });
    }
    Ok(Report {
        version: 1,
        summary: Summary {
            passed: items.len() - failed - not_run,
            failed,
            not_run,
        },
        items,
    })
}

/// An item of `file`, of the game the file names (`game`: a catalogue may name one the oracle
/// does not have yet).
fn item(
    file: &str,
    game: &GameName,
    kind: ItemKind,
    id: &str,
    failures: Vec<Failure>,
    skipped: usize,
) -> ItemResult {
    ItemResult {
        file: file.to_string(),
        ruleset: Some(game.clone()),
        kind,
        id: id.to_string(),
        passed: failures.is_empty(),
        failures,
        not_run: None,
        skipped,
    }
}

/// The full trace of a scenario's last move (see [`crate::explain::trace`]).
pub fn trace_scenario(ruleset: Ruleset, scenario: &Scenario) -> Result<String, String> {
    with_game!(ruleset, G => trace_scenario_in::<G>(scenario))
}

fn trace_scenario_in<G: Game>(scenario: &Scenario) -> Result<String, String> {
    let mut game = runner::setup::<G>(scenario).map_err(|f| f.what)?;
    let Some((last, before)) = scenario.moves.split_last() else {
        return Ok(crate::explain::trace::render_position::<G>(&game));
    };
    for (i, text) in before.iter().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("ply {} `{text}`: {}", i + 1, e.describe()))?;
    }
    Ok(crate::explain::trace::trace_move(
        &mut game,
        scenario.moves.len(),
        last,
    ))
}

impl ItemResult {
    /// Run and failed (a skipped item has not failed).
    pub fn failed(&self) -> bool {
        !self.passed && self.not_run.is_none()
    }
}
