//! The command line: one module per command. Commands write their output through
//! [`output::Output`] (never a panic on a failed write) and return a [`Status`]; `main.rs` turns
//! it into the exit code.

mod check;
mod conform;
mod engine;
mod explain;
mod export;
mod generate;
mod import;
mod moves;
pub mod output;
mod perft;
mod play;
mod repair;
mod spec;

use clap::{Args, Parser, Subcommand};

use bao_oracle::diagnostics::Code;
use bao_oracle::game::{Game, Playthrough};
use bao_oracle::games;
use bao_oracle::rulings::RulingSet;
use bao_oracle::setup::{Setup, SetupError};

/// How a command ended: 0 success, 1 the input was checked and found wrong (an invalid game, an
/// illegal move, a failed scenario), 2 usage or I/O error, 141 the output's reader went away
/// before it was all written (as for a program killed by SIGPIPE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ok = 0,
    Failed = 1,
    Usage = 2,
    ClosedOutput = 141,
}

#[derive(Parser, Debug)]
#[command(
    name = "bao-oracle",
    version,
    about = "Rules oracle and game-record validator for Bao la Kiswahili, Bao la Kete, Bao Kingulu and Bao la Kimasai"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Validate game records: replay every game, report every problem, `N passed, M failed`.
    Check(check::CheckArgs),
    /// List the legal moves of a position, one per line, canonical notation.
    Moves(moves::MovesArgs),
    /// Play moves from a position and print the position after them (compact form).
    Play(play::PlayArgs),
    /// Count the leaves of the move tree to a depth (`--divide`: per legal move).
    Perft(perft::PerftArgs),
    /// Run the specification's scenarios and perft tables (default `spec/`).
    Spec(spec::SpecArgs),
    /// Explain a move step by step, with the rule behind every step (`--compare-ruling`: where
    /// a ruling changes it).
    Explain(explain::ExplainArgs),
    /// Speak the engine protocol (docs/protocol.md) on stdin/stdout: the reference adapter.
    Engine(engine::EngineArgs),
    /// Run the specification and random games through another engine and report divergences.
    Conform(conform::ConformArgs),
    /// Write the whole specification (scenarios, perft tables, catalogues) as one JSON document.
    Export(export::ExportArgs),
    /// Write seeded random games as game records (YAML) to standard output.
    Generate(generate::GenerateArgs),
    /// Read a published transcript (Donkers' notation) and print it as a game record.
    Import(import::ImportArgs),
    /// Print a record file with the best complete repair of each game applied (never over it).
    Repair(repair::RepairArgs),
}

pub fn run(cli: Cli) -> Status {
    match cli.command {
        Command::Check(args) => check::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Play(args) => play::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Spec(args) => spec::run(args),
        Command::Engine(args) => engine::run(args),
        Command::Conform(args) => conform::run(args),
        Command::Export(args) => export::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Explain(args) => explain::run(args),
        Command::Import(args) => import::run(args),
        Command::Repair(args) => repair::run(args),
    }
}

/// The ruleset, position and rulings most commands take.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The ruleset: bao-kingulu, bao-la-kimasai, bao-la-kete, bao-la-kiswahili.
    pub ruleset: String,
    /// A position in compact or diagram form (default: the standard start).
    #[arg(long, short = 'p')]
    pub position: Option<String>,
    /// A non-default ruling, NAME=VALUE (repeatable); overrides the preset's value.
    #[arg(long = "ruling", value_name = "NAME=VALUE")]
    pub rulings: Vec<String>,
    /// A preset: a named bundle of rulings that matches a source or an engine.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
}

/// A usage error, printed as `error[code]: message`.
pub struct UsageError {
    pub code: Code,
    pub message: String,
}

impl UsageError {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        UsageError {
            code,
            message: message.into(),
        }
    }

    pub fn report(&self) -> Status {
        output::eprint_line(format_args!("error[{}]: {}", self.code, self.message));
        Status::Usage
    }
}

/// `--ruling` assignments with preset `preset` of game `G` under them: the preset's rulings that
/// no assignment names, then the assignments.
pub fn with_preset<G: Game>(
    assignments: &[String],
    preset: Option<&str>,
) -> Result<Vec<String>, UsageError> {
    let Some(preset) = preset else {
        return Ok(assignments.to_vec());
    };
    let unknown = |e: bao_oracle::RulingError| UsageError::new(Code::UnknownRuling, e.message);
    let own =
        RulingSet::from_assignments(assignments.iter().map(String::as_str)).map_err(unknown)?;
    let merged = own.over_preset::<G>(preset).map_err(unknown)?;
    Ok(merged.iter().map(|(n, v)| format!("{n}={v}")).collect())
}

/// The setup of `--position`, `--ruling` and `--preset` ([`bao_oracle::setup`]).
fn game_setup(
    position: Option<&str>,
    assignments: &[String],
    preset: Option<&str>,
) -> Result<Setup, UsageError> {
    let rulings = RulingSet::from_assignments(assignments.iter().map(String::as_str))
        .map_err(|e| UsageError::new(Code::UnknownRuling, e.message))?;
    Ok(Setup {
        start: position.map(str::to_string),
        rulings,
        preset: preset.map(str::to_string),
        ..Setup::default()
    })
}

fn setup_error(e: SetupError) -> UsageError {
    UsageError::new(e.code, e.message_with_rule())
}

/// The game of `--position` (or the start), `--ruling` and `--preset` for game `G`.
pub fn setup_game<G: Game>(args: &GameArgs) -> Result<Playthrough<G>, UsageError> {
    let setup = game_setup(
        args.position.as_deref(),
        &args.rulings,
        args.preset.as_deref(),
    )?;
    Playthrough::<G>::from_setup(&setup).map_err(setup_error)
}

/// Resolves `--position` (or the start) and `--ruling` for game `G`.
pub fn setup<G: Game>(args: &GameArgs) -> Result<(G::Position, G::Rulings), UsageError> {
    setup_game::<G>(args).map(Playthrough::into_parts)
}

/// Reports an unknown ruleset (for `with_game!(...).unwrap_or_else(...)`).
pub fn unknown_ruleset(ruleset: &str) -> Status {
    UsageError::new(Code::UnknownRuleset, games::unknown_ruleset(ruleset)).report()
}
