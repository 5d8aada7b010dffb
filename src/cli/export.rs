use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::output::Output;
use super::{Status, UsageError};
use bao_oracle::diagnostics::Code;
use bao_oracle::harness::export::export;
use bao_oracle::harness::spec;
use bao_rules::games;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// Only this ruleset (default: all).
    #[arg(long, value_name = "RULESET", value_parser = super::completions::Catalogue::Ruleset, hide_possible_values = true)]
    pub ruleset: Option<String>,
    /// The document's format (JSON; schema docs/schema/export.json).
    #[arg(long, value_enum, default_value_t = Format::Json)]
    pub format: Format,
    /// The specification to export (files or folders; default: the one built into the binary).
    #[arg(long = "spec", value_name = "PATH")]
    pub spec: Vec<PathBuf>,
}

pub fn run(args: ExportArgs) -> Status {
    let files = match spec::load(&args.spec) {
        Ok(files) => files,
        Err(Ok(message)) => return UsageError::new(Code::BadSpec, message).report(),
        Err(Err(e)) => {
            let message = format!("cannot read {}: {}", e.path.display(), e.message);
            return UsageError::new(Code::IoError, message).report();
        }
    };
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
