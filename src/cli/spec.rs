use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::{Status, UsageError};
use crate::spec::{self, Options, PerftLimit};

#[derive(Args, Debug)]
pub struct SpecArgs {
    /// Spec files or folders (recursively, `*.yaml`/`*.yml`); default `spec/`.
    pub paths: Vec<PathBuf>,
    /// `human`: each failure, then `N passed, M failed`; `json`: one JSON document.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Skip perft rows whose leaf count is above this (default: check every row).
    #[arg(long, value_name = "NODES")]
    pub perft_max_nodes: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
}

pub fn run(args: SpecArgs) -> Status {
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from("spec")]
    } else {
        args.paths
    };
    let options = Options {
        perft: PerftLimit {
            max_nodes: args.perft_max_nodes,
        },
    };
    let report = match spec::run(&paths, options) {
        Ok(report) => report,
        Err(e) => {
            return UsageError::new("io", format!("{}: {}", e.path.display(), e.message)).report();
        }
    };
    match args.format {
        Format::Human => print!("{}", report.human()),
        Format::Json => match serde_json::to_string_pretty(&report) {
            Ok(json) => println!("{json}"),
            Err(e) => return UsageError::new("io", e.to_string()).report(),
        },
    }
    if report.summary.failed == 0 {
        Status::Ok
    } else {
        Status::Failed
    }
}
