//! `bao-oracle transcript PATH...`: game records written back as transcripts in Donkers' notation
//! ([`bao_oracle::rewrite::to_transcript`]): `import`'s way back. One file to standard output (or
//! `-o FILE`); several files and folders into a folder (`-o DIR`), one `NAME.bao` per record file,
//! never over an input.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use clap::Args;

use super::Status;
use super::output::{Output, eprint_line};
use super::outputs::{Tally, Target, Writer, each_file};
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::check::{FileReport, GameReport};
use bao_oracle::diagnostics::Code;
use bao_oracle::input::{self, Input};
use bao_oracle::render::{escape_controls, human};
use bao_oracle::rewrite::to_transcript::{NoTranscript, of_file};

#[derive(Args, Debug)]
#[command(
    mut_arg("rulings", |a| a.help("A non-default ruling, NAME=VALUE (repeatable), as `check`")),
    mut_arg("preset", |a| a.help("A preset, as `check`")),
)]
pub struct TranscriptArgs {
    /// Record files, and folders to search for them (`*.yaml`, `*.yml`, `*.bao` in any case;
    /// transcripts found there are skipped).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The game of a file of several (from 1), for every file.
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    #[command(flatten)]
    pub selection: super::RulingArgs,
    /// Write the transcript to FILE instead of standard output; with several files or a folder,
    /// a folder: one `NAME.bao` per record file. Never over an input.
    #[arg(short, long, value_name = "FILE|DIR")]
    pub output: Option<PathBuf>,
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
    each_file(
        &args.paths,
        args.output.as_deref(),
        Some("a transcript holds one game: several files are written into a folder (-o DIR)"),
        ["written", "without a transcript", "transcripts"],
        &mut |path, given, writer, out, tally| {
            one_file(path, given, &args, &options, writer, out, tally)
        },
    )
}

fn one_file(
    path: &Path,
    given: bool,
    args: &TranscriptArgs,
    options: &ReplayOptions,
    writer: &mut Writer,
    out: &mut Output,
    tally: &mut Tally,
) {
    let shown = input::display(path);
    let usage = |tally: &mut Tally, line: String| {
        eprint_line(format_args!("{line}"));
        tally.problems += 1;
    };
    let text = match input::read(path) {
        Ok(Input::Records(text)) => text,
        Ok(Input::Transcript(_)) if !given => {
            // A transcript beside the records of a folder: not this command's to write.
            tally.skipped += 1;
            return;
        }
        Ok(Input::Transcript(_)) => {
            let line = format!(
                "error[{}]: {shown} is a transcript already (`bao-oracle import` makes it a \
                 record)",
                Code::Usage
            );
            return usage(tally, line);
        }
        Ok(Input::Refused(finding)) => {
            return usage(
                tally,
                format!("error[{}]: {shown}: {}", finding.code, finding.message),
            );
        }
        Err(e) => return usage(tally, format!("error[{}]: {shown}: {e}", Code::IoError)),
    };
    match of_file(&text, args.game, options) {
        Ok(transcript) => {
            let stem = input::output_stem(path);
            match writer.write(&format!("{stem}.bao"), &transcript, None, out) {
                Ok(written) => {
                    if let (Some(written), Target::Folder(_)) = (written, &writer.target) {
                        eprint_line(format_args!("{shown}: written to {}", written.display()));
                    }
                    tally.done += 1;
                }
                Err(why) => usage(tally, format!("error[io-error]: {why}")),
            }
        }
        Err(NoTranscript::Choice(why)) => {
            usage(tally, format!("error[{}]: {shown}: {why}", Code::Usage));
        }
        Err(NoTranscript::Game(index, finding)) => {
            let report = FileReport {
                path: shown,
                text,
                games: vec![GameReport::unread(index, None, vec![*finding])],
            };
            // Diagnostics go to standard error: standard output is where a transcript is expected.
            let mut err = std::io::stderr().lock();
            let rendered = human::render_file(&report, human::Style::PLAIN);
            let _ = err.write_all(escape_controls(&rendered).as_bytes());
            drop(err);
            eprint_line(format_args!("no transcript was written"));
            tally.failed += 1;
        }
    }
}
