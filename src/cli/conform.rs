use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::{Status, UsageError};
use bao_oracle::diagnostics::Code;
use bao_oracle::harness::conform::{
    self, Asked, Options, Report, RunError, Scenarios, Session, ShowProgress, Verdict,
    read_known_failures, split_command, timeout,
};
use bao_oracle::input::engines::EngineEntry;
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
    /// `command`; an engine's own environment: `command: env VAR=VALUE ... CMD`), run as several
    /// --engine are, after them.
    #[arg(long, value_name = "FILE")]
    pub engines: Option<PathBuf>,
    /// A ruleset to test (repeatable; default: every ruleset the engine supports).
    #[arg(long = "ruleset", value_name = "RULESET", value_parser = super::completions::ruleset(), hide_possible_values = true)]
    pub rulesets: Vec<bao_rules::Ruleset>,
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
    /// own (ZAN-A16, KETE-A7, KIN-A8). The report says how many requests it left out. A limit
    /// below the longest move of the scenarios is refused; one that leaves out most of a
    /// ruleset's requests fails the run.
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
    /// Fail the run on validation findings at positions no game reaches (the oracle refuses
    /// them; the engine reads them, or refuses them otherwise); without it they are reported
    /// apart.
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
    /// Write every line exchanged with the engine to FILE (`> ` requests, `< ` answers); the
    /// run is then one engine process.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,
    /// Engine processes run side by side, each playing every Nth case; the report is the same
    /// as with one (but for the time taken and the requests counted). Default: the processors
    /// this process may use, or one where a progress bar is shown (a terminal), which is one
    /// process's.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
}

/// The engine processes of a run: `--jobs`, else the processors available.
fn jobs(asked: Option<u32>) -> usize {
    match asked {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

pub fn run(args: ConformArgs) -> Status {
    match conform(args) {
        Ok(status) => status,
        Err(e) => e.report(),
    }
}

fn usage(e: RunError) -> UsageError {
    UsageError::new(e.code, e.message)
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
    let selection = args.selection.selection(None)?;
    let rulings = (selection.rulings.iter())
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect();
    let known_failures = match &args.known_failures {
        None => Vec::new(),
        Some(path) => read_known_failures(path).map_err(usage)?,
    };
    let session = Session {
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
        scenarios: Scenarios::load(&args.spec).map_err(usage)?,
        timeout: timeout(args.timeout).map_err(usage)?,
        max_restarts: args.max_restarts,
    };
    if args.transcript.is_some() && args.jobs.is_some_and(|n| n > 1) {
        return Err(UsageError::new(
            Code::Usage,
            "--transcript records one engine process: leave out --jobs, or give --jobs 1",
        ));
    }
    if let [engine] = &engines[..] {
        // The progress bar is one process's: a person at a terminal gets it unless --jobs asks
        // for more.
        let jobs = match (&args.transcript, args.jobs) {
            (Some(_), _) => 1,
            (None, None) if progress_shown(args.format) => 1,
            (None, asked) => jobs(asked),
        };
        return one_engine(
            &engine.command,
            &session,
            args.format,
            args.transcript.as_deref(),
            jobs,
        );
    }
    if args.transcript.is_some() {
        return Err(UsageError::new(
            Code::Usage,
            "--transcript records one engine: give one --engine",
        ));
    }
    let table = session.run_all(engines, jobs(args.jobs), &mut |i, entry| {
        if args.format == Format::Human {
            if i > 0 {
                println!();
            }
            let shown = entry.label.as_deref().unwrap_or(&entry.command);
            println!("{}", table::engine_heading(i, shown));
            match &entry.outcome {
                Ok(report) => print!("{}", report.to_human()),
                Err(why) => println!("{}", escape_controls(why)),
            }
        }
    });
    match args.format {
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
        Format::Junit => {
            print!("{}", table::to_junit(&table));
            eprint!("{}", table::closing_lines(&table));
        }
    }
    Ok(match table.exit() {
        0 => Status::Ok,
        1 => Status::Failed,
        _ => Status::Usage,
    })
}

/// One engine: its report, no table.
fn one_engine(
    command: &str,
    session: &Session,
    format: Format,
    transcript: Option<&Path>,
    jobs: usize,
) -> Result<Status, UsageError> {
    if jobs > 1 {
        let report = session.run_jobs(command, jobs).map_err(usage)?;
        print_report(&report, format);
        return Ok(status(&report));
    }
    let progress: Option<ShowProgress<'_>> = {
        progress_shown(format).then(|| {
            Box::new(|progress: conform::Progress<'_>| {
                use std::io::Write as _;
                let mut err = std::io::stderr().lock();
                let _ = err.write_all(render::conform::progress(&progress).as_bytes());
                let _ = err.flush();
            }) as ShowProgress<'_>
        })
    };
    let (report, written) = session
        .run_command(command, transcript, progress)
        .map_err(usage)?;
    print_report(&report, format);
    written.map_err(usage)?;
    Ok(status(&report))
}

/// Progress only for people: a terminal on both outputs and the human report.
fn progress_shown(format: Format) -> bool {
    use std::io::IsTerminal;
    format == Format::Human && std::io::stdout().is_terminal() && std::io::stderr().is_terminal()
}

fn status(report: &Report) -> Status {
    match Verdict::of(report) {
        Verdict::Conforms => Status::Ok,
        Verdict::Fails => Status::Failed,
        Verdict::NoVerdict | Verdict::NotRun => Status::Usage,
    }
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
