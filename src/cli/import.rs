use std::path::PathBuf;

use clap::Args;

use super::output::{Output, eprint_line};
use super::{Status, UsageError};
use bao_oracle::check::{FileReport, GameReport};
use bao_oracle::diagnostics::Code;
use bao_oracle::import::{ImportOptions, import};
use bao_oracle::record::{Contents, read_regular_file};
use bao_oracle::report::human;
use bao_oracle::rulings::RulingSet;
use bao_oracle::transcript::MAX_TRANSCRIPT_BYTES;

#[derive(Args, Debug)]
pub struct ImportArgs {
    /// A published transcript in Donkers' notation (header lines, then `n: South North;`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The game the transcript records.
    #[arg(long, default_value = "bao-la-kiswahili")]
    pub ruleset: String,
    /// A non-default ruling, NAME=VALUE (repeatable); one the transcript contradicts is an error.
    #[arg(long = "ruling", value_name = "NAME=VALUE")]
    pub rulings: Vec<String>,
    /// A preset: its rulings under the transcript's and --ruling.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
}

/// Prints the record on standard output (never over the transcript); a transcript that cannot
/// be imported is reported as `check` reports a record, exit 1.
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
    let options = ImportOptions {
        name: &name,
        ruleset: &args.ruleset,
        rulings: &rulings,
    };
    match import(&text, &options) {
        Ok(record) => {
            let mut out = Output::stdout();
            out.text(&record);
            out.finish(Status::Ok)
        }
        Err(findings) => {
            let report = FileReport {
                path: shown,
                text,
                games: vec![GameReport {
                    index: 1,
                    ruleset: Some(args.ruleset.clone()),
                    recorded_plies: 0,
                    plies: 0,
                    standing: None,
                    findings,
                    divergence: None,
                    repair: None,
                    inference: None,
                }],
            };
            let mut out = Output::human();
            out.text(&human::render_file(&report, human::Style::PLAIN));
            eprint_line(format_args!("the transcript was not imported"));
            out.finish(Status::Failed)
        }
    }
}
