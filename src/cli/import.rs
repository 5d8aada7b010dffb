//! `bao-oracle import PATH...`: published transcripts as game records, read and replayed as
//! `check` reads and replays them ([`bao_oracle::rewrite::import`]).

use std::io::Write as _;
use std::path::{Path, PathBuf};

use clap::Args;

use super::output::{Output, eprint_line};
use super::outputs::{Tally, Target, Writer, each_file};
use super::{Status, UsageError};
use bao_oracle::check::{FileReport, GameReport};
use bao_oracle::diagnostics::{Finding, line_column};
use bao_oracle::input;
use bao_oracle::render::{escape_controls, human};
use bao_oracle::rewrite::import::{FileImport, ImportOptions, import_file};
use bao_rules::Ruleset;
use bao_rules::rulings::RulingSet;

#[derive(Args, Debug)]
#[command(
    mut_arg("rulings", |a| a.help("A non-default ruling, NAME=VALUE (repeatable); one the transcript contradicts is an error")),
    mut_arg("preset", |a| a.help("A preset: its rulings under the transcript's and --ruling")),
)]
pub struct ImportArgs {
    /// Published transcripts in Donkers' notation (header lines, then `n: South North;`), and
    /// folders to search for them (`*.bao`, `*.txt`, `*.yaml`, `*.yml` in any case; records found there
    /// are skipped).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The game of a transcript that names none in its `game:` header [default: bao-la-kiswahili];
    /// a transcript that names another is refused.
    #[arg(long, value_parser = super::completions::ruleset(), hide_possible_values = true)]
    pub ruleset: Option<Ruleset>,
    #[command(flatten)]
    pub selection: super::RulingArgs,
    /// The record's `source:` (where the transcript comes from), over the transcript's own
    /// `source:` header and the file's name.
    #[arg(long, value_name = "TEXT")]
    pub source: Option<String>,
    /// Slips of the transcript (a line without `;`, a move in the other side's case, `l`/`r`) are
    /// errors, not warnings.
    #[arg(long)]
    pub strict: bool,
    /// Write the record to FILE instead of standard output; with several transcripts or a
    /// folder, a folder: one `NAME.yaml` per transcript. Never over an input.
    #[arg(short, long, value_name = "FILE|DIR")]
    pub output: Option<PathBuf>,
}

/// Counts over an import of several files.
/// Prints each record on standard output (`---` between them), or writes it under `--output`
/// (never over an input), only for a transcript that checks valid; warnings and a failed
/// transcript's report (as `check` reports it) go to standard error, then a summary when more
/// than one file was read. Exit 0 every transcript imported, 1 one not, 2 a usage or I/O error.
pub fn run(args: ImportArgs) -> Status {
    let (ruleset, rulings) = match rulings(&args) {
        Ok(r) => r,
        Err(e) => return e.report(),
    };
    each_file(
        &args.paths,
        args.output.as_deref(),
        None,
        ["imported", "not imported", "not transcripts"],
        &mut |path, given, writer, out, tally| {
            one_file(path, given, (&args, ruleset), &rulings, writer, out, tally)
        },
    )
}

/// `--ruleset`, and `--ruling` and `--preset` merged for the ruleset.
fn rulings(args: &ImportArgs) -> Result<(Option<Ruleset>, RulingSet), UsageError> {
    let given = args.ruleset;
    // A preset of the game given, or of the transcripts' default one.
    let ruleset = given.unwrap_or(bao_oracle::input::transcript::DEFAULT_RULESET);
    let selection = args.selection.selection(Some(ruleset.name()))?;
    let set = bao_rules::with_game!(ruleset, G => selection.rulings_for::<G>())
        .map_err(super::selection_error)?;
    Ok((given, set))
}

fn one_file(
    path: &Path,
    given: bool,
    (args, ruleset): (&ImportArgs, Option<Ruleset>),
    rulings: &RulingSet,
    writer: &mut Writer,
    out: &mut Output,
    tally: &mut Tally,
) {
    let shown = input::display(path);
    let options = ImportOptions {
        name: "",
        source: args.source.as_deref(),
        ruleset,
        rulings,
        strict: args.strict,
    };
    match import_file(path, given, &options) {
        FileImport::Unread(why) => {
            eprint_line(format_args!("error[io-error]: {shown}: {why}"));
            tally.problems += 1;
        }
        FileImport::Skipped => tally.skipped += 1,
        FileImport::Failed { text, report } => {
            failed(&shown, text, *report);
            tally.failed += 1;
        }
        FileImport::Imported { text, imported } => {
            for warning in &imported.warnings {
                eprint_line(format_args!("{}", warning_line(&shown, &text, warning)));
            }
            let stem = input::output_stem(path);
            match writer.write(
                &format!("{stem}.yaml"),
                &imported.record,
                Some("---\n"),
                out,
            ) {
                Ok(written) => {
                    if let (Some(written), Target::Folder(_)) = (written, &writer.target) {
                        eprint_line(format_args!("{shown}: imported to {}", written.display()));
                    }
                    tally.done += 1;
                }
                Err(why) => {
                    eprint_line(format_args!("error[io-error]: {why}"));
                    tally.problems += 1;
                }
            }
        }
    }
}

/// A transcript not imported: its report as `check` gives it, on standard error (standard output
/// is where records are expected).
fn failed(shown: &str, text: String, game: GameReport) {
    let report = FileReport {
        path: shown.to_string(),
        text,
        games: vec![game],
    };
    let mut err = std::io::stderr().lock();
    let rendered = human::render_file(&report, human::Style::PLAIN);
    let _ = err.write_all(escape_controls(&rendered).as_bytes());
    drop(err);
    eprint_line(format_args!("{shown}: the transcript was not imported"));
}

/// `FILE:LINE:COLUMN: warning[transcript-slip]: message`, as compilers write a warning.
fn warning_line(shown: &str, text: &str, warning: &Finding) -> String {
    let (line, column) = warning.span.map_or((0, 0), |s| line_column(text, s.offset));
    format!(
        "{shown}:{line}:{column}: warning[{}]: {}",
        warning.code, warning.message
    )
}
