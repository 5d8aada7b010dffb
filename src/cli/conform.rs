use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::{Status, UsageError};
use bao_oracle::diagnostics::Code;
use bao_oracle::harness::conform::{
    self, Asked, Driver, Entry, Options, Plan, PlanError, Report, Run, Scenarios, Table, Verdict,
    check_rulesets, split_command,
};
use bao_oracle::input::engines::EngineEntry;
use bao_oracle::input::record::{Contents, create_output_file, read_regular_file};
use bao_oracle::render::{self, escape_controls, table};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
    Junit,
    Html,
}

#[derive(Args, Debug)]
#[command(
    mut_arg("rulings", |a| a.help("A non-default ruling for the random games, NAME=VALUE (repeatable); overrides the preset's value")),
    mut_arg("preset", |a| a.help("A preset (a named bundle of rulings that matches a source or an engine) for the random games of its game (`bao-oracle rulings RULESET` lists them)")),
)]
pub struct ConformArgs {
    /// The engine's command line, split into words as a shell would (quotes, no pipes).
    /// Repeatable: several engines are each run under the same options, and the report ends
    /// with a compliance table of them all.
    #[arg(long, value_name = "CMD", required_unless_present = "engines")]
    pub engine: Vec<String>,
    /// A YAML file naming engines and their commands (`engines:`, a list of `name` and
    /// `command`), run as several --engine are, after them.
    #[arg(long, value_name = "FILE")]
    pub engines: Option<PathBuf>,
    /// A ruleset to test (repeatable; default: every ruleset the engine supports).
    #[arg(long = "ruleset", value_name = "RULESET", value_parser = super::completions::Catalogue::Ruleset, hide_possible_values = true)]
    pub rulesets: Vec<String>,
    #[command(flatten)]
    pub selection: super::RulingArgs,
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

fn plan_error(e: PlanError) -> UsageError {
    UsageError::new(e.code, e.message)
}

/// What every engine of the run shares: the asked rulesets and rulings, the options, the
/// scenarios.
struct Shared {
    asked: Asked,
    options: Options,
    scenarios: Scenarios,
    timeout: Duration,
    max_restarts: u32,
    format: Format,
}

fn conform(args: ConformArgs) -> Result<Status, UsageError> {
    let mut engines: Vec<EngineEntry> = args
        .engine
        .iter()
        .map(|command| EngineEntry {
            name: None,
            command: command.clone(),
        })
        .collect();
    if let Some(path) = &args.engines {
        let listed = bao_oracle::input::engines::read(path).map_err(|e| {
            UsageError::new(
                Code::IoError,
                format!("cannot read {}: {e}", path.display()),
            )
        })?;
        engines.extend(listed);
    }
    // Each command is checked before any engine starts.
    for e in &engines {
        split_command(&e.command).map_err(|why| UsageError::new(Code::BadEngine, why))?;
    }
    let timeout = timeout(args.timeout).map_err(|e| UsageError::new(Code::Usage, e))?;
    check_rulesets(&args.rulesets).map_err(plan_error)?;
    let selection = args.selection.selection(None)?;
    let rulings = (selection.rulings.iter())
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect();
    let known_failures = match &args.known_failures {
        None => Vec::new(),
        Some(path) => parse_known_failures(&read_known_failures(path)?),
    };
    let scenarios = Scenarios::load(&args.spec).map_err(plan_error)?;
    let shared = Shared {
        asked: Asked {
            rulesets: args.rulesets.clone(),
            rulings,
            preset: selection.preset,
        },
        options: Options {
            games: args.games,
            positions: args.positions,
            seed: args.seed,
            skip: args.skip.clone(),
            known_failures,
            allow_skips: args.allow_skips,
            max_laps: args.max_laps,
            only: args.case.clone(),
            strict_positions: args.strict_positions,
        },
        scenarios,
        timeout,
        max_restarts: args.max_restarts,
        format: args.format,
    };
    if let [engine] = &engines[..] {
        return one_engine(&engine.command, &shared, args.transcript.as_deref());
    }
    if args.transcript.is_some() {
        return Err(UsageError::new(
            Code::Usage,
            "--transcript records one engine: give one --engine",
        ));
    }
    if args.format == Format::Junit {
        return Err(UsageError::new(
            Code::Usage,
            "--format junit reports one engine: give one --engine, or take --format json",
        ));
    }
    let mut entries = Vec::with_capacity(engines.len());
    for (i, engine) in engines.into_iter().enumerate() {
        let outcome = run_engine(&engine.command, &shared, None)
            .and_then(|(report, written)| written.map(|()| report))
            .map_err(|e| format!("error[{}]: {}", e.code, e.message));
        if shared.format == Format::Human {
            if i > 0 {
                println!();
            }
            let shown = engine.name.as_deref().unwrap_or(&engine.command);
            println!("== [{}] {} ==", i + 1, escape_controls(shown));
            match &outcome {
                Ok(report) => print!("{}", report.to_human()),
                Err(why) => println!("{}", escape_controls(why)),
            }
        }
        entries.push(Entry {
            command: engine.command,
            label: engine.name,
            outcome,
        });
    }
    let table = Table::new(
        entries,
        &shared.scenarios.cases(),
        &shared.scenarios.groups(),
    );
    match shared.format {
        Format::Human => {
            println!();
            print!("{}", table::to_text(&table));
        }
        Format::Json => {
            println!("{}", table::to_json(&table));
            eprint!("{}", table::closing_lines(&table));
        }
        Format::Html => {
            print!("{}", table::to_html(&table));
            eprint!("{}", table::closing_lines(&table));
        }
        Format::Junit => unreachable!("refused above"),
    }
    Ok(match table.exit() {
        0 => Status::Ok,
        1 => Status::Failed,
        _ => Status::Usage,
    })
}

/// One engine: its report as today, no table.
fn one_engine(
    command: &str,
    shared: &Shared,
    transcript: Option<&Path>,
) -> Result<Status, UsageError> {
    let (report, written) = run_engine(command, shared, transcript)?;
    print_report(&report, shared.format);
    written?;
    Ok(match Verdict::of(&report) {
        Verdict::Conforms => Status::Ok,
        Verdict::Fails => Status::Failed,
        Verdict::NoVerdict | Verdict::NotRun => Status::Usage,
    })
}

/// Runs one engine under the run's plan for it; the report, and whether the transcript was
/// written in full.
fn run_engine(
    command: &str,
    shared: &Shared,
    transcript: Option<&Path>,
) -> Result<(Report, Result<(), UsageError>), UsageError> {
    let argv = split_command(command).map_err(|e| UsageError::new(Code::BadEngine, e))?;
    let file = match transcript {
        None => None,
        Some(path) => Some(create_output_file(path).map_err(|e| {
            UsageError::new(
                Code::IoError,
                format!("cannot write {}: {e}", path.display()),
            )
        })?),
    };
    let mut driver = Driver::start(argv, shared.timeout, file)
        .map_err(|e| UsageError::new(Code::BadEngine, e.0))?;
    let plan = Plan::new(driver.info(), &shared.asked).map_err(plan_error)?;
    plan.check_something_to_run(&shared.scenarios, &shared.options)
        .map_err(plan_error)?;
    driver.set_max_restarts(shared.max_restarts);
    let mut run = Run::new(&mut driver, &shared.options);
    // Progress only for people: a terminal on both outputs and the human report.
    {
        use std::io::IsTerminal;
        if shared.format == Format::Human
            && std::io::stdout().is_terminal()
            && std::io::stderr().is_terminal()
        {
            run.show_progress(
                plan.cases(&shared.scenarios, &shared.options),
                Box::new(|progress| {
                    use std::io::Write as _;
                    let mut err = std::io::stderr().lock();
                    let _ = err.write_all(render::conform::progress(&progress).as_bytes());
                    let _ = err.flush();
                }),
            );
        }
    }
    plan.run(&mut run, &shared.scenarios)
        .map_err(|fatal| UsageError::new(Code::BadEngine, fatal.0))?;
    let report = run.finish();
    let written = driver.finish().map_err(|e| {
        let path = transcript.unwrap_or(Path::new(""));
        UsageError::new(
            Code::IoError,
            format!(
                "cannot write {}: {e}: the transcript is incomplete",
                path.display()
            ),
        )
    });
    Ok((report, written))
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
}
