//! The command line: one module per command. Commands write their output through
//! [`output::Output`] (never a panic on a failed write) and return a [`Status`]; `main.rs` turns
//! it into the exit code.

mod check;
mod completions;
mod conform;
mod diff;
mod engine;
mod explain;
mod export;
mod generate;
mod import;
mod moves;
pub mod output;
mod outputs;
mod perft;
mod play;
mod progress;
mod repair;
mod rules;
mod rulings;
mod sources;
mod spec;
mod transcript;

use clap::{Args, Parser, Subcommand};

use bao_oracle::diagnostics::Code;
use bao_oracle::input::selection::{Selection, SelectionError};
use bao_rules::Ruleset;
use bao_rules::game::Game;
use bao_rules::play::Playthrough;
use bao_rules::setup::SetupError;

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
    about = "Rules oracle and game-record validator for Bao la Kiswahili, Bao la Kete, Bao Kingulu and Bao la Kimasai",
    after_help = TOP_HELP,
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Validate game records: replay every game, report every problem, `N passed, M failed`.
    #[command(after_help = concat!("\
Examples:
  bao-oracle check corpus                          every *.yaml / *.yml under corpus/
  bao-oracle check game.yaml --format json         one JSON document
  bao-oracle check corpus --format html > report.html
  bao-oracle check game.yaml --infer-rulings       the rulings and presets the game fits
  bao-oracle check game.yaml --compare-ruling kingulu.penultimate-source=not-from-reserved

", "\
Exit status:
  0    every game valid
  1    a game invalid
  2    a usage or I/O error, or no game records found under a path"))]
    Check(check::CheckArgs),
    /// List the legal moves of a position, one per line, canonical notation.
    #[command(after_help = "\
Examples:
  bao-oracle moves bao-la-kiswahili
  bao-oracle moves bao-kingulu --position '2,2,2,2,3,5^S/0,0,0,0,3,0 14-15 S'
  bao-oracle moves bao-la-kete --svg > moves.svg

Exit status: 0 listed (none: the game is over), 2 a usage error (an unknown ruleset, ruling,
preset or a position that cannot be read).")]
    Moves(moves::MovesArgs),
    /// Play moves from a position and print the position after them (compact form).
    #[command(after_help = concat!("\
Examples:
  bao-oracle play bao-la-kiswahili 'A6>' 'a6<'
  bao-oracle play bao-kingulu A3 a4 --diagram
  bao-oracle play bao-la-kiswahili '6L*' --notation donkers
  bao-oracle play bao-kingulu A3 a4 --svg > board.svg

", "\
Canonical moves such as A6> and a7< must be quoted ('A6>'): a shell reads < and > as redirections.

", "\
Exit status: 0 every move played, 1 an illegal move (reported), 2 a usage error."))]
    Play(play::PlayArgs),
    /// Count the leaves of the move tree to a depth (`--divide`: per legal move).
    #[command(after_help = "\
Examples:
  bao-oracle perft bao-la-kiswahili 5
  bao-oracle perft bao-kingulu 4 --divide

Exit status: 0 counted, 2 a usage error.")]
    Perft(perft::PerftArgs),
    /// Run the specification's scenarios and perft tables (default `spec/`).
    #[command(after_help = "\
Examples:
  bao-oracle spec
  bao-oracle spec spec/bao-kingulu
  bao-oracle spec --preset nkkmd

Exit status: 0 every item passed, 1 an item failed, 2 a usage or I/O error.")]
    Spec(spec::SpecArgs),
    /// Explain a move step by step, with the rule behind every step (`--compare-ruling`: where
    /// a ruling changes it).
    #[command(after_help = concat!("\
Examples:
  bao-oracle explain bao-kingulu A3
  bao-oracle explain bao-la-kiswahili 'A6>' --format svg > a6.svg
  bao-oracle explain --record corpus/bao-la-kiswahili/voogt-1994/game7.bao --move 24 --side north
  bao-oracle explain bao-la-kiswahili '6R*' --notation donkers
  bao-oracle explain bao-kingulu --position '2,2,2,2,3,5^S/0,0,0,0,3,0 14-15 S' \\
      --compare-ruling kingulu.penultimate-source=not-from-reserved A5

", "\
Canonical moves such as A6> and a7< must be quoted ('A6>'): a shell reads < and > as redirections.

", "\
Exit status: 0 a legal move whose claims hold, 1 a refused move or a false claim, 2 a usage or
I/O error."))]
    Explain(explain::ExplainArgs),
    /// Speak the engine protocol (docs/protocol.md) on stdin/stdout: the reference adapter.
    #[command(after_help = r#"Examples:
  echo '{"id":0,"type":"hello","protocol":1}' | bao-oracle engine
  bao-oracle conform --engine 'bao-oracle engine' --games 10

One request a line on standard input, one answer a line on standard output, until the input ends.
A request that cannot be answered gets an `error` answer in-band, never an exit.

Exit status: 0 the input ended (or the driver hung up), 2 an I/O error."#)]
    Engine(engine::EngineArgs),
    /// Run the specification and random games through another engine and report divergences.
    #[command(after_help = "\
Examples:
  bao-oracle conform --engine 'python3 examples/python-engine/engine.py'
  bao-oracle conform --engine ./my-engine --ruleset bao-kingulu --games 200 --seed 7
  bao-oracle conform --engine ./my-engine --preset nkkmd --format junit > conform.xml
  bao-oracle conform --engine ./my-engine --known-failures known.txt --transcript run.log

Exit status: 0 the engine conforms, 1 it does not (a case diverges, the run stopped early, or it
skipped what it should have checked), 2 it could not be run at all (it cannot start, its `hello`
is wrong, it supports no ruleset asked for) or a usage or I/O error.")]
    Conform(conform::ConformArgs),
    /// Write the whole specification (scenarios, perft tables, catalogues) as one JSON document.
    #[command(after_help = "\
Examples:
  bao-oracle export > spec.json                    the specification built into the binary
  bao-oracle export --ruleset bao-kingulu
  bao-oracle export --spec spec/bao-la-kete        a specification folder of your own

The document's schema is docs/schema/export.json.

Exit status: 0 written, 2 a usage or I/O error (a specification that cannot be read, a ruleset
it has nothing for).")]
    Export(export::ExportArgs),
    /// Write seeded random games as game records (YAML) to standard output.
    #[command(after_help = "\
Examples:
  bao-oracle generate bao-kingulu --seed 7 > game.yaml
  bao-oracle generate bao-la-kiswahili --count 20 --only north --preset nkkmd
  bao-oracle generate bao-la-kete --max-plies 60

Every ply is a uniformly random legal move; a seed always gives the same game, and each record
says the command that made it.

Exit status: 0 written, 2 a usage error (an unknown ruleset, ruling, preset or position).")]
    Generate(generate::GenerateArgs),
    /// Read published transcripts (Donkers' notation) and print them as game records.
    #[command(after_help = "\
Examples:
  bao-oracle import corpus/bao-la-kiswahili/voogt-1994/game4.bao > game4.yaml
  bao-oracle import corpus/bao-la-kiswahili/voogt-1994 -o records
  bao-oracle import game.bao --source 'de Voogt 1995, p. 135' -o game.yaml
  bao-oracle import game.bao --strict              slips are errors, not warnings

Warnings (the transcript's slips, each with its fix) go to standard error, the records to
standard output or -o FILE|DIR (never over an input).

Exit status: 0 every transcript imported, 1 one cannot be read as a game (or, with --strict, has
slips): it is not written, 2 a usage or I/O error.")]
    Import(import::ImportArgs),
    /// Print record files and transcripts with the best complete repair of each game applied
    /// (never over an input).
    #[command(after_help = "\
Examples:
  bao-oracle repair game.yaml > game.repaired.yaml
  bao-oracle repair --repair-window 12 --preset nkkmd games.yaml
  bao-oracle repair transcripts/ -o repaired/      one file per input, a closing count
  bao-oracle repair --diff game2.bao               the changes as a unified diff

Only the edited moves change, each marked by a `# repair: ply N: written ...` comment; a game
without a complete repair is printed as written, under a comment saying why. A game is left as
written, not edited, where the edit would touch a move written as a YAML block scalar (`|`, `>`)
or a move that is an anchor (`&m`) an alias (`*m`) repeats. The output is read again before it is
printed: if it is not the input with exactly the marked plies changed (the same games, fields and
values), nothing is printed.

Exit status: 0 every game valid after the repair, 1 a game still invalid, 2 a usage or I/O error,
or an output that failed its own check.")]
    Repair(repair::RepairArgs),
    /// Write a game record back as a transcript in Donkers' notation, with its headers.
    #[command(after_help = "\
The moves are spelt in Donkers' notation as the game plays them; the record's fields become header
lines (title as place), and the header lines, move notes and `%` comments `import` kept as comments
come back where they stood. A game from a set-up position (`start:`) or that North begins gets an
`opening:` line, its first position in Donkers' bracket form (each line's first move North's when
North is to move). Only games of Bao la Kiswahili and Bao la Kete have a transcript, and not
from a position whose reserver's obligation is due (the bracket form cannot hold it).

Examples:
  bao-oracle transcript corpus/bao-la-kiswahili/voogt-1994/game4.yaml
  bao-oracle transcript games.yaml --game 2 > game2.bao
  bao-oracle transcript records/ -o transcripts/      one NAME.bao per record file

Exit status: 0 every transcript was written, 1 a record has none (it does not play, or has no
transcript form, or its start none in bracket form), 2 a usage or I/O error.")]
    Transcript(transcript::TranscriptArgs),
    /// Print a game's rules: every rule and ambiguity id, its statement and source.
    #[command(after_help = "\
Examples:
  bao-oracle rules bao-kingulu
  bao-oracle rules bao-la-kiswahili ZAN-23
  bao-oracle rules bao-la-kete --format markdown > docs/rules/bao-la-kete.md

Exit status: 0 printed, 2 a usage error (an unknown ruleset or id).")]
    Rules(rules::RulesArgs),
    /// Print the bibliography: every work the rules cite, by author, title and year, with its
    /// address and what the project takes from it.
    #[command(after_help = "\
Examples:
  bao-oracle sources
  bao-oracle sources klamroth-1911
  bao-oracle sources --format markdown > docs/sources.md

Exit status: 0 printed, 2 a usage error (a key no work of the bibliography has).")]
    Sources(sources::SourcesArgs),
    /// List every named ruling: the ids it settles, its values, its default, and the presets.
    #[command(after_help = "\
Examples:
  bao-oracle rulings
  bao-oracle rulings bao-la-kiswahili

Exit status: 0 printed, 2 an unknown ruleset.")]
    Rulings(rulings::RulingsArgs),
    /// Print a shell completion script (bash, elvish, fish, powershell, zsh).
    #[command(after_help = "\
Examples:
  bao-oracle completions bash > ~/.local/share/bash-completion/completions/bao-oracle
  bao-oracle completions zsh > ~/.zfunc/_bao-oracle
  bao-oracle completions fish > ~/.config/fish/completions/bao-oracle.fish

They complete commands, options, rulesets, presets, `--ruling NAME=VALUE` (names, then values),
rule ids (`rules`) and the bibliography's keys (`sources`).

Exit status: 0 printed, 2 an unknown shell.")]
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff), of bao-oracle or of one command.
    #[command(after_help = "\
Examples:
  bao-oracle man > bao-oracle.1 && man ./bao-oracle.1
  bao-oracle man check > bao-oracle-check.1
  bao-oracle man --dir man1             every page: bao-oracle.1, bao-oracle-check.1, ...

Exit status: 0 printed, 2 an unknown command or a page that could not be written.")]
    Man(completions::ManArgs),
}

/// The main help's closing text: where to start, the quoting note, the exit statuses.
const TOP_HELP: &str = concat!(
    "\
Examples:
  bao-oracle check corpus                      validate every game record under corpus/
  bao-oracle explain bao-kingulu A3            a move step by step, with its rule ids
  bao-oracle play bao-la-kiswahili 'A6>' 'a6<'
  bao-oracle rules bao-la-kiswahili ZAN-23     one rule, its source, its rulings
  bao-oracle rulings                           every ruling and preset
  bao-oracle COMMAND --help                    a command's options, examples and exit status

",
    "\
Canonical moves such as A6> and a7< must be quoted ('A6>'): a shell reads < and > as redirections.

",
    "\
Exit status:
  0    success: every game valid, the move legal, the run passed
  1    the input was checked and found wrong (an invalid game, an illegal move, a failed scenario)
  2    a usage or I/O error: an unknown option, ruleset or ruling, a path that cannot be read, no
       game records found
  141  the output's reader went away before it was all written (as after SIGPIPE)"
);

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
        Command::Rules(args) => rules::run(args),
        Command::Transcript(args) => transcript::run(args),
        Command::Sources(args) => sources::run(args),
        Command::Rulings(args) => rulings::run(args),
        Command::Completions(args) => completions::completions(args),
        Command::Man(args) => completions::man(args),
    }
}

/// The ruleset, position and rulings most commands take.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The ruleset: bao-kingulu, bao-la-kimasai, bao-la-kete, bao-la-kiswahili.
    #[arg(value_parser = completions::ruleset(), hide_possible_values = true)]
    pub ruleset: Ruleset,
    /// A position in compact or diagram form, or Donkers' bracket form for Bao la Kiswahili and
    /// Bao la Kete (default: the standard start).
    #[arg(long, short = 'p')]
    pub position: Option<String>,
    #[command(flatten)]
    pub selection: RulingArgs,
    /// The notation moves are read and answered in: canonical, or donkers (the published
    /// transcripts' `6L*`, for Bao la Kiswahili and Bao la Kete). Without it moves are answered
    /// canonically and read in either where they name one move.
    #[arg(long, value_enum)]
    pub notation: Option<NotationArg>,
}

/// `--ruling` and `--preset`: declared once, flattened into every command that takes rulings
/// (with the catalogues' completions), and read once, by the library's [`Selection`].
/// The rulings a command runs under. A command whose rulings mean more says so in its own help,
/// `#[command(mut_arg("rulings", ...), mut_arg("preset", ...))]` on its arguments.
#[derive(Args, Debug, Clone, Default)]
pub struct RulingArgs {
    /// A non-default ruling, NAME=VALUE (repeatable); overrides the preset's value.
    #[arg(long = "ruling", value_name = "NAME=VALUE", value_parser = completions::Catalogue::Ruling, hide_possible_values = true)]
    pub rulings: Vec<String>,
    /// A preset: a named bundle of rulings that matches a source or an engine.
    #[arg(long, value_name = "NAME", value_parser = completions::Catalogue::Preset, hide_possible_values = true)]
    pub preset: Option<String>,
}

impl RulingArgs {
    /// The selection, checked: against `ruleset` where the command names one, else against
    /// every game.
    pub fn selection(&self, ruleset: Option<&str>) -> Result<Selection, UsageError> {
        Selection::parse(ruleset, self.preset.as_deref(), &self.rulings).map_err(selection_error)
    }
}

/// A refused selection as the command line reports it.
pub fn selection_error(e: SelectionError) -> UsageError {
    UsageError::new(e.code, e.message_with_rule())
}

/// `--notation`: the notations a command line can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum NotationArg {
    Canonical,
    Donkers,
}

impl From<NotationArg> for bao_rules::game::Notation {
    fn from(n: NotationArg) -> Self {
        match n {
            NotationArg::Canonical => bao_rules::game::Notation::Canonical,
            NotationArg::Donkers => bao_rules::game::Notation::Donkers,
        }
    }
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

fn setup_error(e: SetupError) -> UsageError {
    UsageError::new(e.code.into(), e.message_with_rule())
}

/// The game of `--position` (or the start), `--ruling` and `--preset` for game `G`.
pub fn setup_game<G: Game>(args: &GameArgs) -> Result<Playthrough<G>, UsageError> {
    let selection = args.selection.selection(Some(G::RULESET))?;
    let setup = selection.into_setup(args.position.as_deref(), args.notation.map(Into::into));
    Playthrough::<G>::from_setup(&setup).map_err(setup_error)
}

/// Resolves `--position` (or the start) and `--ruling` for game `G`.
pub fn setup<G: Game>(args: &GameArgs) -> Result<(G::Position, G::Rulings), UsageError> {
    setup_game::<G>(args).map(Playthrough::into_parts)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every command that takes `--ruling` takes `--preset` too, both with their completions:
    /// they are the one group's.
    #[test]
    fn every_command_with_rulings_has_the_group() {
        let cli = super::Cli::command();
        let mut with = Vec::new();
        for cmd in cli.get_subcommands() {
            let arg = |id: &str| cmd.get_arguments().find(|a| a.get_long() == Some(id));
            let Some(ruling) = arg("ruling") else {
                continue;
            };
            let preset = arg("preset").unwrap_or_else(|| panic!("{}: no --preset", cmd.get_name()));
            for a in [ruling, preset] {
                assert!(
                    !a.get_possible_values().is_empty(),
                    "{} --{}: no completions",
                    cmd.get_name(),
                    a.get_long().unwrap_or_default()
                );
            }
            with.push(cmd.get_name().to_string());
        }
        assert!(with.len() >= 8, "{with:?}");
    }
}
