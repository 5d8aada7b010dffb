use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;

use super::output::{Output, eprint_line};
use super::{Status, UsageError};
use bao_oracle::check::{FileReport, GameReport};
use bao_oracle::diagnostics::{Code, Finding, line_column};
use bao_oracle::import::{ImportOptions, import};
use bao_oracle::record::{Contents, read_regular_file};
use bao_oracle::report::{escape_controls, human};
use bao_oracle::rulings::RulingSet;
use bao_oracle::transcript::MAX_TRANSCRIPT_BYTES;

#[derive(Args, Debug)]
pub struct ImportArgs {
    /// A published transcript in Donkers' notation (header lines, then `n: South North;`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The game the transcript records.
    #[arg(long, default_value = <bao_oracle::Zanzibar as bao_oracle::game::Game>::RULESET)]
    pub ruleset: String,
    /// A non-default ruling, NAME=VALUE (repeatable); one the transcript contradicts is an error.
    #[arg(long = "ruling", value_name = "NAME=VALUE")]
    pub rulings: Vec<String>,
    /// A preset: its rulings under the transcript's and --ruling.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// The record's `source:` (where the transcript comes from), over the transcript's own
    /// `source:` header and the file's name.
    #[arg(long, value_name = "TEXT")]
    pub source: Option<String>,
    /// Slips of the transcript (a line without `;`, a move in the other side's case, `l`/`r`) are
    /// errors, not warnings.
    #[arg(long)]
    pub strict: bool,
    /// Write the record to FILE instead of standard output (never the transcript itself).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Prints the record on standard output, or writes it to `--output` (never over the
/// transcript), only when the import succeeds; warnings and a failed import's report (as `check`
/// reports a record, exit 1) go to standard error.
pub fn run(args: ImportArgs) -> Status {
    let shown = args.file.display().to_string();
    let bytes = match read_regular_file(&args.file, MAX_TRANSCRIPT_BYTES as u64) {
        Ok(Contents::Bytes(bytes)) => bytes,
        Ok(Contents::TooLarge(len)) => {
            return UsageError::new(
                Code::FileTooLarge,
                format!("{shown}: {len} bytes; a transcript is at most {MAX_TRANSCRIPT_BYTES}"),
            )
            .report();
        }
        Err(e) => return UsageError::new(Code::IoError, format!("{shown}: {e}")).report(),
    };
    let Ok(text) = String::from_utf8(bytes) else {
        return UsageError::new(Code::NotText, format!("{shown}: not UTF-8 text")).report();
    };
    let mut rulings = match RulingSet::from_assignments(args.rulings.iter().map(String::as_str)) {
        Ok(set) => set,
        Err(e) => return UsageError::new(Code::UnknownRuling, e.message).report(),
    };
    if let Some(preset) = &args.preset {
        let merged = bao_oracle::with_game!(&args.ruleset, G => rulings.over_preset::<G>(preset));
        rulings = match merged {
            Some(Ok(set)) => set,
            Some(Err(e)) => return UsageError::new(Code::UnknownRuling, e.message).report(),
            None => {
                return UsageError::new(
                    Code::UnknownRuleset,
                    bao_oracle::games::unknown_ruleset(&args.ruleset),
                )
                .report();
            }
        };
    }
    let name = args
        .file
        .file_name()
        .map_or(shown.clone(), |n| n.to_string_lossy().into_owned());
    if let Some(output) = &args.output
        && same_file(output, &args.file)
    {
        return UsageError::new(
            Code::Usage,
            format!(
                "{}: --output names the transcript itself; it is never written over",
                output.display()
            ),
        )
        .report();
    }
    let options = ImportOptions {
        name: &name,
        source: args.source.as_deref(),
        ruleset: &args.ruleset,
        rulings: &rulings,
        strict: args.strict,
    };
    match import(&text, &options) {
        Ok(imported) => {
            for warning in &imported.warnings {
                eprint_line(format_args!("{}", warning_line(&shown, &text, warning)));
            }
            match &args.output {
                Some(path) => match std::fs::write(path, &imported.record) {
                    Ok(()) => Status::Ok,
                    Err(e) => {
                        UsageError::new(Code::IoError, format!("{}: {e}", path.display())).report()
                    }
                },
                None => {
                    let mut out = Output::stdout();
                    out.text(&imported.record);
                    out.finish(Status::Ok)
                }
            }
        }
        Err(findings) => {
            let report = FileReport {
                path: shown,
                text,
                games: vec![GameReport::unread(1, Some(args.ruleset.clone()), findings)],
            };
            // Diagnostics go to standard error: standard output is where a record is expected.
            let mut err = std::io::stderr().lock();
            let rendered = human::render_file(&report, human::Style::PLAIN);
            let _ = err.write_all(escape_controls(&rendered).as_bytes());
            drop(err);
            eprint_line(format_args!("the transcript was not imported"));
            Status::Failed
        }
    }
}

/// `FILE:LINE:COLUMN: warning[transcript-slip]: message`, as compilers write a warning.
fn warning_line(shown: &str, text: &str, warning: &Finding) -> String {
    let (line, column) = warning.span.map_or((0, 0), |s| line_column(text, s.offset));
    format!(
        "{shown}:{line}:{column}: warning[{}]: {}",
        warning.code, warning.message
    )
}

/// Whether two paths name one file (the output may not exist yet).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
