//! `bao-oracle transcript FILE`: a game record written back as a transcript in Donkers' notation
//! ([`bao_oracle::rewrite::to_transcript`]), on standard output, never over a file: `import`'s way back.

use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;

use super::output::{Output, eprint_line};
use super::{Status, UsageError};
use bao_oracle::check::replay::{ReplayOptions, check_preset_exists, check_rulings_exist};
use bao_oracle::check::{FileReport, GameReport};
use bao_oracle::diagnostics::Code;
use bao_oracle::input::record;
use bao_oracle::input::{self, Input};
use bao_oracle::render::{escape_controls, human};
use bao_rules::rulings::RulingSet;

#[derive(Args, Debug)]
pub struct TranscriptArgs {
    /// The record file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The game of a file of several (from 1).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// A non-default ruling, NAME=VALUE (repeatable), as `check`.
    #[arg(long = "ruling", value_name = "NAME=VALUE")]
    pub rulings: Vec<String>,
    /// A preset, as `check`.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
}

pub fn run(args: TranscriptArgs) -> Status {
    let rulings = match RulingSet::from_assignments(args.rulings.iter().map(String::as_str))
        .and_then(|set| check_rulings_exist(&set).map(|()| set))
    {
        Ok(r) => r,
        Err(e) => return UsageError::new(Code::UnknownRuling, e.message).report(),
    };
    if let Some(preset) = &args.preset
        && let Err(e) = check_preset_exists(preset)
    {
        return UsageError::new(Code::UnknownRuling, e.message).report();
    }
    let options = ReplayOptions {
        rulings,
        preset: args.preset.clone(),
        repair_window: 0,
        ..ReplayOptions::default()
    };
    let shown = args.file.display().to_string();
    let text = match input::read(&args.file) {
        Ok(Input::Records(text)) => text,
        Ok(Input::Transcript(_)) => {
            return UsageError::new(
                Code::Usage,
                format!("{shown} is a transcript already (`bao-oracle import` makes it a record)"),
            )
            .report();
        }
        Ok(Input::Refused(finding)) => {
            return UsageError::new(finding.code, format!("{shown}: {}", finding.message)).report();
        }
        Err(e) => return UsageError::new(Code::IoError, format!("{shown}: {e}")).report(),
    };
    let docs = record::split_documents(&text);
    let doc = match (args.game, docs.len()) {
        (_, 0) => {
            return UsageError::new(
                Code::Usage,
                format!("{shown}: the file holds no game record"),
            )
            .report();
        }
        (None, 1) => docs[0],
        (None, n) => {
            return UsageError::new(
                Code::Usage,
                format!("{shown} holds {n} games and a transcript one: choose it with --game N"),
            )
            .report();
        }
        (Some(n), len) if n == 0 || n > len => {
            return UsageError::new(
                Code::Usage,
                format!("{shown} holds {len} game(s): --game {n} is none of them"),
            )
            .report();
        }
        (Some(n), _) => docs[n - 1],
    };
    let written = record::parse_document(&doc)
        .and_then(|record| bao_oracle::rewrite::to_transcript::write(&doc, &record, &options));
    match written {
        Ok(transcript) => {
            let mut out = Output::stdout();
            out.text(&transcript);
            out.finish(Status::Ok)
        }
        Err(finding) => {
            let report = FileReport {
                path: shown,
                text: text.clone(),
                games: vec![GameReport::unread(doc.index, None, vec![*finding])],
            };
            // Diagnostics go to standard error: standard output is where a transcript is expected.
            let mut err = std::io::stderr().lock();
            let rendered = human::render_file(&report, human::Style::PLAIN);
            let _ = err.write_all(escape_controls(&rendered).as_bytes());
            drop(err);
            eprint_line(format_args!("no transcript was written"));
            Status::Failed
        }
    }
}
