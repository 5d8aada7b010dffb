use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::output::Output;
use super::{Status, UsageError};
use bao_oracle::check::replay::find_preset;
use bao_oracle::diagnostics::Code;
use bao_oracle::harness::spec::{self, Options, PerftLimit};

#[derive(Args, Debug)]
#[command(
    mut_arg("rulings", |a| a.help("Run every scenario and perft table of the ruling's game that does not set this ruling itself under NAME=VALUE (repeatable): the failures show what depends on it")),
    mut_arg("preset", |a| a.help("Run the preset's game under the preset (its rulings, under any --ruling), as --ruling does for one ruling")),
)]
pub struct SpecArgs {
    /// Spec files or folders (recursively, `*.yaml`/`*.yml`); default: the specification built
    /// into the binary (the `spec/` it was built from).
    pub paths: Vec<PathBuf>,
    /// `human`: each failure, then `N passed, M failed`; `json`: one JSON document.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Skip perft rows whose leaf count is above this (default: check every row).
    #[arg(long, value_name = "NODES")]
    pub perft_max_nodes: Option<u64>,
    #[command(flatten)]
    pub selection: super::RulingArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
}

pub fn run(args: SpecArgs) -> Status {
    // No paths: the specification built into the binary.
    let paths = args.paths;
    let selection = match args.selection.selection(None) {
        Ok(selection) => selection,
        Err(e) => return e.report(),
    };
    // The preset's rulings under the single ones, as one set: each runs its own game.
    let set = match selection.preset.as_deref().map(find_preset) {
        None => selection.rulings,
        Some(Ok((_, preset))) => selection.rulings.over(preset),
        Some(Err(e)) => return UsageError::new(Code::UnknownRuling, e.message).report(),
    };
    let options = Options {
        perft: PerftLimit {
            max_nodes: args.perft_max_nodes,
        },
        rulings: set
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    let report = match spec::run(&paths, options) {
        Ok(report) => report,
        // A file that cannot be read, or nothing to run: never `0 passed, 0 failed`.
        Err(e) => return UsageError::new(Code::IoError, e.to_string()).report(),
    };
    let out = match args.format {
        Format::Human => {
            let mut out = Output::human();
            out.text(&report.human());
            out
        }
        Format::Json => match serde_json::to_string_pretty(&report) {
            Ok(json) => {
                let mut out = Output::stdout();
                out.line(&json);
                out
            }
            Err(e) => return UsageError::new(Code::IoError, e.to_string()).report(),
        },
    };
    out.finish(if report.summary.failed == 0 {
        Status::Ok
    } else {
        Status::Failed
    })
}
