//! `bao-oracle transcript FILE`: a game record written back as a transcript in Donkers' notation
//! ([`bao_oracle::rewrite::to_transcript`]), on standard output, never over a file: `import`'s way back.

use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;

use super::output::{Output, eprint_line};
use super::{Status, UsageError};
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::check::{FileReport, GameReport};
use bao_oracle::diagnostics::Code;
use bao_oracle::input::record;
use bao_oracle::input::{self, Input};
use bao_oracle::render::{escape_controls, human};

#[derive(Args, Debug)]
#[command(
    mut_arg("rulings", |a| a.help("A non-default ruling, NAME=VALUE (repeatable), as `check`")),
    mut_arg("preset", |a| a.help("A preset, as `check`")),
)]
pub struct TranscriptArgs {
    /// The record file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The game of a file of several (from 1).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    #[command(flatten)]
    pub selection: super::RulingArgs,
}

pub fn run(args: TranscriptArgs) -> Status {
    let selection = match args.selection.selection(None) {
        Ok(selection) => selection,
        Err(e) => return e.report(),
    };
    let options = ReplayOptions {
        rulings: selection.rulings,
        preset: selection.preset,
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
