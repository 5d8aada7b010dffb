//! `bao-oracle repair FILE`: the record file with the best complete repair of each game applied,
//! on standard output (never over the file); the text is written and proved by
//! [`bao_oracle::repair::text`]. Exit 0 only if every game of the output passes `check`; 2 if the
//! output failed its proof (nothing is printed).

use std::path::PathBuf;

use clap::Args;

use super::output::{Output, eprint_line};
use super::{Status, UsageError};
use bao_oracle::check::check_text;
use bao_oracle::diagnostics::Code;
use bao_oracle::record::{self, Source};
use bao_oracle::repair::DEFAULT_WINDOW;
use bao_oracle::repair::text::{read_games, repair_text};
use bao_oracle::replay::{ReplayOptions, check_preset_exists, check_rulings_exist};
use bao_oracle::rulings::RulingSet;

#[derive(Args, Debug)]
pub struct RepairArgs {
    /// The record file (one or more games).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Look for the slip at the failing ply and up to K plies before it.
    #[arg(long = "repair-window", value_name = "K", default_value_t = DEFAULT_WINDOW)]
    pub repair_window: u32,
    /// A non-default ruling for the records of its game, NAME=VALUE (repeatable), as `check`.
    #[arg(long = "ruling", value_name = "NAME=VALUE", value_parser = super::completions::Catalogue::Ruling, hide_possible_values = true)]
    pub rulings: Vec<String>,
    /// A preset for the records of its game, as `check`.
    #[arg(long, value_name = "NAME", value_parser = super::completions::Catalogue::Preset, hide_possible_values = true)]
    pub preset: Option<String>,
}

fn options(args: &RepairArgs) -> Result<ReplayOptions, UsageError> {
    let rulings = RulingSet::from_assignments(args.rulings.iter().map(String::as_str))
        .and_then(|set| check_rulings_exist(&set).map(|()| set))
        .map_err(|e| UsageError::new(Code::UnknownRuling, e.message))?;
    if let Some(preset) = &args.preset {
        check_preset_exists(preset).map_err(|e| UsageError::new(Code::UnknownRuling, e.message))?;
    }
    Ok(ReplayOptions {
        rulings,
        preset: args.preset.clone(),
        repair_window: args.repair_window,
        ..ReplayOptions::default()
    })
}

pub fn run(args: RepairArgs) -> Status {
    let options = match options(&args) {
        Ok(o) => o,
        Err(e) => return e.report(),
    };
    let shown = args.file.display().to_string();
    let text = match record::read_source(&args.file) {
        Ok(Source::Text(text)) => text,
        Ok(Source::Refused(finding)) => {
            return UsageError::new(finding.code, format!("{shown}: {}", finding.message)).report();
        }
        Err(e) => return UsageError::new(Code::IoError, format!("{shown}: {e}")).report(),
    };
    if bao_oracle::transcript::looks_like(&text) {
        return transcript(&shown, &text, &options);
    }
    let games = read_games(&text, &options);
    if games.is_empty() {
        eprint_line(format_args!("{shown}: the file holds no game record"));
        return Status::Failed;
    }
    let repaired = match repair_text(&text, &games) {
        Ok(repaired) => repaired,
        Err(why) => {
            eprint_line(format_args!(
                "error: {shown}: repair refuses to print its output: {why}"
            ));
            return Status::Usage;
        }
    };
    // The round trip: the output is checked as `check` would.
    let checked = check_text(
        &repaired.text,
        &ReplayOptions {
            repair_window: 0,
            ..options.clone()
        },
    );
    let invalid = checked.iter().filter(|g| !g.valid()).count();
    let mut out = Output::stdout();
    out.text(&repaired.text);
    eprint_line(format_args!(
        "{shown}: {} game(s) repaired, {} left as written; {} of {} game(s) valid after the \
         repair",
        repaired.repaired,
        repaired.left,
        checked.len() - invalid,
        checked.len()
    ));
    out.finish(if invalid == 0 {
        Status::Ok
    } else {
        Status::Failed
    })
}

/// A published transcript: the repaired transcript, its changed plies marked by `%` lines
/// ([`bao_oracle::transcript_repair`]).
fn transcript(shown: &str, text: &str, options: &ReplayOptions) -> Status {
    use bao_oracle::transcript_repair::{Repaired, repair};
    match repair(text, options) {
        Repaired::Valid => {
            eprint_line(format_args!("{shown}: the transcript plays as written"));
            let mut out = Output::stdout();
            out.text(text);
            out.finish(Status::Ok)
        }
        Repaired::Text(repaired) => {
            eprint_line(format_args!(
                "{shown}: repaired; the repaired transcript checks valid"
            ));
            let mut out = Output::stdout();
            out.text(&repaired);
            out.finish(Status::Ok)
        }
        Repaired::Left(why) => {
            eprint_line(format_args!("{shown}: left as written: {why}"));
            Status::Failed
        }
    }
}
