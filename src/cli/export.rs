use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::output::Output;
use super::{Status, UsageError};
use bao_oracle::diagnostics::Code;
use bao_oracle::export::export;
use bao_oracle::games;
use bao_oracle::spec;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// Only this ruleset (default: all).
    #[arg(long, value_name = "RULESET")]
    pub ruleset: Option<String>,
    /// The document's format (JSON; schema docs/schema/export.json).
    #[arg(long, value_enum, default_value_t = Format::Json)]
    pub format: Format,
    /// The specification to export (files or folders).
    #[arg(long = "spec", value_name = "PATH", default_value = "spec")]
    pub spec: Vec<PathBuf>,
}

pub fn run(args: ExportArgs) -> Status {
    let paths = match spec::collect(&args.spec) {
        Ok(p) => p,
        Err(e) => {
            let message = format!("cannot read {}: {}", e.path.display(), e.message);
            return UsageError::new(Code::IoError, message).report();
        }
    };
    let mut files = Vec::new();
    for path in paths {
        match spec::read_file(&path) {
            Ok(file) => files.push((path.display().to_string(), file)),
            Err(Ok(message)) => {
                let message = format!("{}: {message}", path.display());
                return UsageError::new(Code::BadSpec, message).report();
            }
            Err(Err(e)) => {
                let message = format!("cannot read {}: {}", e.path.display(), e.message);
                return UsageError::new(Code::IoError, message).report();
            }
        }
    }
    let document = export(&files, args.ruleset.as_deref());
    if let Some(r) = &args.ruleset
        && document.rulesets.is_empty()
    {
        let message = if games::RULESETS.contains(&r.as_str()) {
            format!("the specification has nothing for {r}")
        } else {
            games::unknown_ruleset(r)
        };
        return UsageError::new(Code::UnknownRuleset, message).report();
    }
    let mut out = Output::stdout();
    match args.format {
        Format::Json => match serde_json::to_string_pretty(&document) {
            Ok(json) => out.line(&json),
            Err(e) => return UsageError::new(Code::IoError, e.to_string()).report(),
        },
    }
    out.finish(Status::Ok)
}
