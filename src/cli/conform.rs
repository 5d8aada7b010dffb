use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::{Status, UsageError};
use bao_oracle::check::replay::find_preset;
use bao_oracle::diagnostics::Code;
use bao_oracle::harness::conform::{self, Driver, Fatal, Options, Report, Run, split_command};
use bao_oracle::harness::protocol::Rulings;
use bao_oracle::harness::spec::{self, SpecFile};
use bao_oracle::input::record::{Contents, create_output_file, read_regular_file};
use bao_oracle::input::spec::ScenarioFile;
use bao_oracle::render;
use bao_rules::game::Game;
use bao_rules::games::{self, GameVisitor};
use bao_rules::rulings::Preset;
use bao_rules::rulings::RulingSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
    Junit,
    Html,
}

#[derive(Args, Debug)]
pub struct ConformArgs {
    /// The engine's command line, split into words as a shell would (quotes, no pipes).
    #[arg(long, value_name = "CMD")]
    pub engine: String,
    /// A ruleset to test (repeatable; default: every ruleset the engine supports).
    #[arg(long = "ruleset", value_name = "RULESET", value_parser = super::completions::Catalogue::Ruleset, hide_possible_values = true)]
    pub rulesets: Vec<String>,
    /// A non-default ruling for the random games, NAME=VALUE (repeatable); overrides the
    /// preset's value.
    #[arg(long = "ruling", value_name = "NAME=VALUE", value_parser = super::completions::Catalogue::Ruling, hide_possible_values = true)]
    pub rulings: Vec<String>,
    /// A preset (a named bundle of rulings that matches a source or an engine) for the random
    /// games of its game (`bao-oracle rulings RULESET` lists them).
    #[arg(long, value_name = "NAME", value_parser = super::completions::Catalogue::Preset, hide_possible_values = true)]
    pub preset: Option<String>,
    /// Random games per ruleset.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Position probes per ruleset: seeded valid positions of the kinds games from the start
    /// rarely reach, each game's own (4x8: namua and mtaji, owned and lost houses below and above
    /// six, lone houses, reserved holes and due obligations, near-ends; Kingulu: reserved holes,
    /// gathered seeds; Kimasai: stones taken), a few plies from each; 0: none.
    #[arg(long, default_value_t = conform::POSITIONS, value_name = "N")]
    pub positions: u64,
    /// Leave out of the comparison every move the oracle needs more than N laps to decide, and
    /// every position with such a legal move: for engines that cut long moves at a limit of their
    /// own (ZAN-A16, KETE-A7, KIN-A8). The report says how many requests it left out.
    #[arg(long, value_name = "N")]
    pub max_laps: Option<u32>,
    /// Seed of the random games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds to wait for each answer before the engine is restarted.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub timeout: f64,
    /// Restarts allowed (after a crash, a timeout or an answer out of step); past them the run
    /// stops and reports what it found, the cases left counted as not run.
    #[arg(long, default_value_t = conform::MAX_RESTARTS, value_name = "N")]
    pub max_restarts: u32,
    /// Pass although cases the run was asked for were skipped (the engine does not list a
    /// `--ruling` or `--preset` value; `--skip` skipped every case), or nothing was checked at
    /// all. An `unsupported` answer is a skip that never fails a run.
    #[arg(long)]
    pub allow_skips: bool,
    /// Skip the cases whose names match (`*`, `?`; repeatable), e.g. `bao-kingulu/random/*`.
    #[arg(long = "skip", value_name = "GLOB")]
    pub skip: Vec<String>,
    /// Run only this case (a case name as the report gives it, or a glob; repeatable), e.g.
    /// `bao-kingulu/random/7`: the one-line re-run of a finding.
    #[arg(long = "case", value_name = "NAME")]
    pub case: Vec<String>,
    /// Fail the run on validation findings about positions the oracle refuses only under the
    /// run's rulings (well formed, merely unreachable); without it they are reported apart.
    #[arg(long)]
    pub strict_positions: bool,
    /// A file of case names (or globs), one a line, expected to fail; one that passes fails the run.
    #[arg(long, value_name = "FILE")]
    pub known_failures: Option<PathBuf>,
    /// The report's format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// The specification whose scenarios to run (files or folders; default: the one built into
    /// the binary).
    #[arg(long = "spec", value_name = "PATH")]
    pub spec: Vec<PathBuf>,
    /// Write every line exchanged with the engine to FILE (`> ` requests, `< ` answers).
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,
}

pub fn run(args: ConformArgs) -> Status {
    match conform(args) {
        Ok(status) => status,
        Err(e) => e.report(),
    }
}

fn conform(args: ConformArgs) -> Result<Status, UsageError> {
    let argv = split_command(&args.engine).map_err(|e| UsageError::new(Code::BadEngine, e))?;
    let timeout = timeout(args.timeout).map_err(|e| UsageError::new(Code::Usage, e))?;
    for r in &args.rulesets {
        if !games::RULESETS.contains(&r.as_str()) {
            return Err(UsageError::new(
                Code::UnknownRuleset,
                games::unknown_ruleset(r),
            ));
        }
    }
    let known_failures = match &args.known_failures {
        None => Vec::new(),
        Some(path) => parse_known_failures(&read_known_failures(path)?),
    };
    let scenario_files = load_scenarios(&args.spec)?;
    let transcript = match &args.transcript {
        None => None,
        Some(path) => Some(create_output_file(path).map_err(|e| {
            UsageError::new(
                Code::IoError,
                format!("cannot write {}: {e}", path.display()),
            )
        })?),
    };
    let mut driver = Driver::start(argv, timeout, transcript)
        .map_err(|e| UsageError::new(Code::BadEngine, e.0))?;
    let supported = &driver.info().rulesets;
    let rulesets: Vec<String> = if args.rulesets.is_empty() {
        games::RULESETS
            .iter()
            .filter(|r| supported.contains_key(**r))
            .map(|r| r.to_string())
            .collect()
    } else {
        args.rulesets.clone()
    };
    if rulesets.is_empty() {
        return Err(UsageError::new(
            Code::BadEngine,
            format!(
                "the engine supports none of the oracle's rulesets ({})",
                games::RULESETS.join(", ")
            ),
        ));
    }
    if let Some(r) = rulesets.iter().find(|r| !supported.contains_key(*r)) {
        return Err(UsageError::new(
            Code::BadEngine,
            format!("the engine does not support {r} (its `hello` does not list it)"),
        ));
    }
    let mut rulings = rulings_by_ruleset(&rulesets, &args.rulings, ruling_names)
        .map_err(|e| UsageError::new(Code::UnknownRuling, e))?;
    let mut presets: Vec<(&'static str, &'static Preset)> = match &args.preset {
        None => Vec::new(),
        Some(name) => vec![apply_preset(name, &mut rulings, args.rulesets.is_empty())?],
    };
    // An engine that plays only presets (none of them the defaults) is run under its first one
    // where --preset names none of its game.
    for ruleset in &rulesets {
        if presets.iter().any(|(game, _)| game == ruleset) {
            continue;
        }
        let declared = &supported[ruleset].presets;
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
                if let Some(own) = rulings.get_mut(game) {
                    *own = own.over(preset);
                }
                presets.push((game, preset));
            }
            _ => {
                return Err(UsageError::new(
                    Code::BadEngine,
                    format!(
                        "the engine's `hello` names `{name}`, which is not a preset of {ruleset}"
                    ),
                ));
            }
        }
    }
    // The engine's own values of each game (its preset, or the single ruling values its `hello`
    // declares): the scenarios that do not pin a ruling run under them, as the random games do.
    let mut own: BTreeMap<String, Rulings> = BTreeMap::new();
    for ruleset in &rulesets {
        let mut values = match presets.iter().find(|(game, _)| game == ruleset) {
            Some((_, preset)) => Rulings::new().over(preset),
            None => Rulings::new(),
        };
        if supported[ruleset].presets.is_empty() {
            let declared = games::dispatch(ruleset, OwnValues(&supported[ruleset]));
            for (name, value) in declared.iter().flat_map(Rulings::iter) {
                if values.get(name).is_none() {
                    let _ = values.insert(name, value);
                }
                if let Some(set) = rulings.get_mut(ruleset.as_str())
                    && set.get(name).is_none()
                {
                    let _ = set.insert(name, value);
                }
            }
        }
        own.insert(ruleset.clone(), values);
    }
    for (ruleset, set) in &rulings {
        if let Some(Err(e)) = games::dispatch(ruleset, CheckRulings(set)) {
            return Err(UsageError::new(Code::UnknownRuling, e));
        }
    }
    let scenarios: usize = scenario_files
        .iter()
        .filter(|f| rulesets.contains(&f.ruleset))
        .map(|f| f.scenarios.len())
        .sum();
    if scenarios == 0 && args.games == 0 && args.positions == 0 {
        return Err(UsageError::new(
            Code::Usage,
            format!(
                "nothing to run: no scenario of {} in the specification, and --games 0",
                rulesets.join(", ")
            ),
        ));
    }
    driver.set_max_restarts(args.max_restarts);
    let options = Options {
        games: args.games,
        positions: args.positions,
        seed: args.seed,
        skip: args.skip.clone(),
        known_failures,
        allow_skips: args.allow_skips,
        max_laps: args.max_laps,
        only: args.case.clone(),
        strict_positions: args.strict_positions,
    };
    let mut run = Run::new(&mut driver, &options);
    // Progress only for people: a terminal on both outputs and the human report.
    {
        use std::io::IsTerminal;
        if args.format == Format::Human
            && std::io::stdout().is_terminal()
            && std::io::stderr().is_terminal()
        {
            let total = scenarios
                + (args.games as usize + args.positions as usize).saturating_mul(rulesets.len());
            run.show_progress(
                total,
                Box::new(|progress| {
                    use std::io::Write as _;
                    let mut err = std::io::stderr().lock();
                    let _ = err.write_all(render::conform::progress(&progress).as_bytes());
                    let _ = err.flush();
                }),
            );
        }
    }
    for ruleset in &rulesets {
        let checked = games::dispatch(
            ruleset,
            Preflight {
                run: &mut run,
                rulings: &rulings[ruleset],
            },
        );
        if let Some(Err(fatal)) = checked {
            return Err(UsageError::new(Code::BadEngine, fatal.0));
        }
    }
    for ruleset in &rulesets {
        let outcome = games::dispatch(
            ruleset,
            RunRuleset {
                run: &mut run,
                rulings: &rulings[ruleset],
                own: &own[ruleset],
                preset: presets
                    .iter()
                    .find(|(game, _)| game == ruleset)
                    .map(|&(_, p)| p),
                files: &scenario_files,
            },
        );
        if let Some(Err(fatal)) = outcome {
            return Err(UsageError::new(Code::BadEngine, fatal.0));
        }
    }
    let report = run.finish();
    let finished = driver.finish();
    print_report(&report, args.format);
    if let Err(e) = finished {
        let path = args.transcript.as_deref().unwrap_or(Path::new(""));
        return Err(UsageError::new(
            Code::IoError,
            format!(
                "cannot write {}: {e}: the transcript is incomplete",
                path.display()
            ),
        ));
    }
    // A run in which nothing passed gives no verdict, whatever --known-failures lists; nor
    // does one whose --case names no case.
    let no_verdict = report
        .problems
        .iter()
        .any(|p| p.starts_with(conform::NOTHING_PASSED) || p.starts_with(conform::NO_SUCH_CASE));
    Ok(if no_verdict {
        Status::Usage
    } else if report.conforms() {
        Status::Ok
    } else {
        Status::Failed
    })
}

fn print_report(report: &Report, format: Format) {
    match format {
        Format::Human => print!("{}", report.to_human()),
        Format::Json => {
            println!("{}", report.to_json());
            eprintln!("{}", report.summary.closing_line());
        }
        Format::Junit => {
            print!("{}", report.to_junit());
            eprintln!("{}", report.summary.closing_line());
        }
        Format::Html => {
            print!("{}", report.to_html());
            eprintln!("{}", report.summary.closing_line());
        }
    }
}

fn ruling_names(ruleset: &str) -> Vec<&'static str> {
    struct Names;
    impl GameVisitor for Names {
        type Output = Vec<&'static str>;
        fn visit<G: Game>(self) -> Vec<&'static str> {
            G::RULINGS.iter().map(|d| d.name).collect()
        }
    }
    games::dispatch(ruleset, Names).unwrap_or_default()
}

/// Checks a ruleset's `--ruling` values before the run, not after the rulesets before it.
struct CheckRulings<'r>(&'r Rulings);

impl GameVisitor for CheckRulings<'_> {
    type Output = Result<(), String>;
    fn visit<G: Game>(self) -> Result<(), String> {
        self.0.resolve::<G>().map(|_| ()).map_err(|e| e.message)
    }
}

/// The single ruling values an engine declares where it lists no default.
struct OwnValues<'r>(&'r bao_oracle::harness::protocol::RulesetSupport);

impl GameVisitor for OwnValues<'_> {
    type Output = Rulings;
    fn visit<G: Game>(self) -> Rulings {
        self.0.own_values::<G>()
    }
}

/// Asks the engine at the start position under its values before the run.
struct Preflight<'r, 'a> {
    run: &'r mut Run<'a>,
    rulings: &'r Rulings,
}

impl GameVisitor for Preflight<'_, '_> {
    type Output = Result<(), Fatal>;
    fn visit<G: Game>(self) -> Result<(), Fatal> {
        self.run.preflight::<G>(self.rulings)
    }
}

struct RunRuleset<'r, 'a> {
    run: &'r mut Run<'a>,
    rulings: &'r Rulings,
    own: &'r Rulings,
    preset: Option<&'static Preset>,
    files: &'r [ScenarioFile],
}

impl GameVisitor for RunRuleset<'_, '_> {
    type Output = Result<(), Fatal>;
    fn visit<G: Game>(self) -> Result<(), Fatal> {
        let scripts = conform::scripts::<G>(self.files, self.own);
        self.run.ruleset::<G>(&scripts, self.rulings, self.preset)
    }
}

/// The scenario files under `paths`; with none, those of the specification built into the binary.
fn load_scenarios(paths: &[PathBuf]) -> Result<Vec<ScenarioFile>, UsageError> {
    let files = spec::load(paths).map_err(|e| match e {
        Ok(message) => UsageError::new(Code::BadSpec, message),
        Err(e) => UsageError::new(
            Code::IoError,
            format!("cannot read {}: {}", e.path.display(), e.message),
        ),
    })?;
    Ok(files
        .into_iter()
        .filter_map(|(_, file)| match file {
            SpecFile::Scenarios(file) => Some(file),
            _ => None,
        })
        .collect())
}

/// Puts preset `name` under the `--ruling`s of its game, which the run must test (`every`: the
/// run tests every ruleset the engine supports); returns the game and the preset.
fn apply_preset(
    name: &str,
    rulings: &mut BTreeMap<String, Rulings>,
    every: bool,
) -> Result<(&'static str, &'static Preset), UsageError> {
    let unknown = |message: String| UsageError::new(Code::UnknownRuling, message);
    let (game, preset) = find_preset(name).map_err(|e| unknown(e.message))?;
    let Some(own) = rulings.get_mut(game) else {
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

/// The largest known-failures file read (a list of case names is a few kilobytes).
const MAX_KNOWN_FAILURES_BYTES: u64 = bao_oracle::input::Kind::KnownFailures.limit();

/// Reads the known-failures file through the guarded path: a regular file of text, within a
/// limit (never a FIFO, which would block, nor a device, which may be endless).
fn read_known_failures(path: &Path) -> Result<String, UsageError> {
    let error = |why: String| {
        UsageError::new(
            Code::IoError,
            format!("cannot read {}: {why}", path.display()),
        )
    };
    match read_regular_file(path, MAX_KNOWN_FAILURES_BYTES).map_err(|e| error(e.to_string()))? {
        Contents::TooLarge(size) => Err(error(format!(
            "it has {size} bytes; a known-failures file is refused above {MAX_KNOWN_FAILURES_BYTES}"
        ))),
        Contents::Bytes(bytes) => {
            String::from_utf8(bytes).map_err(|_| error("it is not UTF-8 text".into()))
        }
    }
}

/// Reads a known-failures file: one case-name glob a line; blank lines and `#` comments skipped.
pub fn parse_known_failures(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Splits `--ruling` assignments among rulesets by the rulings each game has.
pub fn rulings_by_ruleset(
    rulesets: &[String],
    assignments: &[String],
    rulings_of: impl Fn(&str) -> Vec<&'static str>,
) -> Result<BTreeMap<String, Rulings>, String> {
    let mut out: BTreeMap<String, Rulings> = rulesets
        .iter()
        .map(|r| (r.clone(), Rulings::new()))
        .collect();
    for a in assignments {
        let (name, value) = RulingSet::parse_assignment(a).map_err(|e| e.message)?;
        let owner = rulesets
            .iter()
            .find(|r| rulings_of(r).contains(&name.as_str()))
            .ok_or_else(|| format!("`{name}` is not a ruling of any selected ruleset"))?;
        let set = out.get_mut(owner).expect("every ruleset has an entry");
        set.insert(&name, &value).map_err(|e| e.message)?;
    }
    Ok(out)
}

/// The timeout for each request.
pub fn timeout(seconds: f64) -> Result<Duration, String> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "`{seconds}` is not a timeout: give seconds, more than 0"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_failures_file_skips_comments() {
        let text = "# header\nbao-kingulu/random/3  # flaky capture\n\n  x/*\n";
        assert_eq!(parse_known_failures(text), ["bao-kingulu/random/3", "x/*"]);
    }

    #[test]
    fn rulings_go_to_the_ruleset_that_has_them() {
        let rulesets = vec!["a".to_string(), "b".to_string()];
        let of = |r: &str| if r == "b" { vec!["b.x"] } else { vec![] };
        let split = rulings_by_ruleset(&rulesets, &["b.x=1".into()], of).unwrap();
        assert!(split["a"].is_empty());
        assert_eq!(split["b"].get("b.x"), Some("1"));
        assert!(rulings_by_ruleset(&rulesets, &["c.y=1".into()], of).is_err());
        assert!(rulings_by_ruleset(&rulesets, &["b.x=1".into(), "b.x=2".into()], of).is_err());
    }
}
