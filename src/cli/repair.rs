//! `bao-oracle repair PATH...`: each record file (or transcript) with the best complete repair of
//! each game applied, on standard output or under `-o` (never over an input), or as a unified
//! diff (`--diff`); the text is written and proved by [`bao_oracle::rewrite::repair`]. Exit 0 only
//! if every game of every output passes `check`; 2 if an output failed its proof (it is not
//! written) or a file could not be read or written.

use std::path::PathBuf;

use clap::Args;

use super::diff::unified;
use super::output::{Output, eprint_line};
use super::outputs::{Inputs, Target, Writer};
use super::{Status, UsageError};
use bao_oracle::check::repair::DEFAULT_WINDOW;
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::diagnostics::Code;
use bao_oracle::input;
use bao_oracle::rewrite::repair::{FileRepair, Games, repair_file};

#[derive(Args, Debug)]
#[command(
    mut_arg("rulings", |a| a.help("A non-default ruling for the records of its game, NAME=VALUE (repeatable), as `check`")),
    mut_arg("preset", |a| a.help("A preset for the records of its game, as `check`")),
)]
pub struct RepairArgs {
    /// Record files (one or more games each) and transcripts, and folders to search for them
    /// (`*.yaml`, `*.yml`, `*.bao`, `*.txt` in any case).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Write each repaired file to FILE, or with several inputs or a folder into the folder DIR
    /// under its own name; never over an input.
    #[arg(short, long, value_name = "FILE|DIR")]
    pub output: Option<PathBuf>,
    /// Print the changes as a unified diff (`diff -u`) instead of the repaired text (with
    /// `--output`, the files are written too).
    #[arg(long)]
    pub diff: bool,
    /// Look for the slip at the failing ply and up to K plies before it.
    #[arg(long = "repair-window", value_name = "K", default_value_t = DEFAULT_WINDOW)]
    pub repair_window: u32,
    #[command(flatten)]
    pub selection: super::RulingArgs,
}

fn options(args: &RepairArgs) -> Result<ReplayOptions, UsageError> {
    let selection = args.selection.selection(None)?;
    Ok(ReplayOptions {
        rulings: selection.rulings,
        preset: selection.preset,
        repair_window: args.repair_window,
        ..ReplayOptions::default()
    })
}

pub fn run(args: RepairArgs) -> Status {
    let options = match options(&args) {
        Ok(o) => o,
        Err(e) => return e.report(),
    };
    let Inputs {
        files,
        problems,
        several,
        target,
    } = match Inputs::collect(&args.paths, args.output.as_deref()) {
        Ok(inputs) => inputs,
        Err(e) => return e.report(),
    };
    if several && !args.diff && matches!(target, Target::Stdout) && files.len() > 1 {
        return UsageError::new(
            Code::Usage,
            "several files are repaired into a folder (-o DIR) or shown as a diff (--diff)",
        )
        .report();
    }
    let mut writer = Writer::new(target, &files);
    if let Err(e) = writer.check_file_target() {
        return e.report();
    }
    let mut out = Output::stdout();
    let (mut valid, mut invalid, mut unread) = (0, 0, problems);
    let mut games = Games::default();
    for path in &files {
        let shown = input::display(path);
        let (text, outcome) = repair_file(path, &shown, &options);
        let text = match outcome {
            FileRepair::Problem(line) => {
                eprint_line(format_args!("{line}"));
                unread += 1;
                continue;
            }
            FileRepair::Left {
                why,
                games: counted,
            } => {
                eprint_line(format_args!("{shown}: left as written: {why}"));
                games.add(counted);
                invalid += 1;
                continue;
            }
            FileRepair::Text {
                text: repaired,
                valid: ok,
                games: counted,
                note,
            } => {
                eprint_line(format_args!("{note}"));
                games.add(counted);
                if ok {
                    valid += 1;
                } else {
                    invalid += 1;
                }
                if args.diff {
                    out.text(&unified(&shown, &text, &repaired));
                }
                repaired
            }
        };
        let name = match path.file_name() {
            // Standard input: named for its form.
            _ if input::is_stdin(path) => match input::form_of(&text) {
                input::Form::Transcript => "stdin.bao".to_string(),
                input::Form::Records => "stdin.yaml".to_string(),
            },
            Some(n) => n.to_string_lossy().into_owned(),
            None => "repaired".to_string(),
        };
        if args.diff && matches!(writer.target, Target::Stdout) {
            continue;
        }
        match writer.write(&name, &text, None, &mut out) {
            Ok(Some(written)) if matches!(writer.target, Target::Folder(_)) => {
                eprint_line(format_args!("{shown}: written to {}", written.display()))
            }
            Ok(_) => {}
            Err(why) => {
                eprint_line(format_args!("error[io-error]: {why}"));
                unread += 1;
            }
        }
    }
    if several {
        eprint_line(format_args!(
            "{} game(s) repaired, {} ambiguous and {} otherwise left as written; \
             {} file(s) valid after the repair, {} not{}",
            games.repaired,
            games.ambiguous,
            games.left,
            valid,
            invalid,
            match unread {
                0 => String::new(),
                n => format!(", {n} file(s) or folder(s) could not be read or written"),
            }
        ));
    }
    out.finish(if unread > 0 {
        Status::Usage
    } else if invalid > 0 {
        Status::Failed
    } else {
        Status::Ok
    })
}
