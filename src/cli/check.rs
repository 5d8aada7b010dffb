use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::output::Output;
use super::{Status, UsageError};
use bao_oracle::check::{FileReport, Summary, check_file, collect_files};
use bao_oracle::diagnostics::Code;
use bao_oracle::replay::{ReplayOptions, check_preset_exists, check_rulings_exist};
use bao_oracle::report::{html, human, json};
use bao_oracle::rulings::RulingSet;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Record files and transcripts, and folders to search recursively for `*.yaml` / `*.yml` /
    /// `*.bao`.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Output: miette reports and a closing line, one JSON document, or one HTML page that steps
    /// through every game's boards.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// A non-default ruling for the records of its game, NAME=VALUE (repeatable); a record that
    /// sets the same ruling to another value is an error.
    #[arg(long = "ruling", value_name = "NAME=VALUE")]
    pub rulings: Vec<String>,
    /// A preset for the records of its game: its rulings under each record's own.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Report, per game, the first ply whose legality or outcome changes under NAME=VALUE.
    #[arg(long = "compare-ruling", value_name = "NAME=VALUE")]
    pub compare: Option<String>,
    /// For a game that stops at a move (or whose result claim fails), look for repairs at that
    /// ply and up to K plies before it (0: none).
    #[arg(long = "repair-window", value_name = "K", default_value_t = bao_oracle::repair::DEFAULT_WINDOW)]
    pub repair_window: u32,
    /// Replay each game under every combination of its ruleset's ruling values and report those
    /// it is valid under (and the presets among them).
    #[arg(long = "infer-rulings")]
    pub infer_rulings: bool,
    /// Colour in human output: auto (only on a terminal), always, never.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

fn options(args: &CheckArgs) -> Result<ReplayOptions, UsageError> {
    let rulings = RulingSet::from_assignments(args.rulings.iter().map(String::as_str))
        .and_then(|set| check_rulings_exist(&set).map(|()| set))
        .map_err(|e| UsageError::new(Code::UnknownRuling, e.message))?;
    let compare = match &args.compare {
        None => None,
        Some(text) => {
            let (name, value) = RulingSet::parse_assignment(text)
                .and_then(|(n, v)| {
                    let mut one = RulingSet::new();
                    one.insert(&n, &v)?;
                    check_rulings_exist(&one)?;
                    Ok((n, v))
                })
                .map_err(|e| UsageError::new(Code::UnknownRuling, e.message))?;
            Some((name, value))
        }
    };
    if let Some(preset) = &args.preset {
        check_preset_exists(preset).map_err(|e| UsageError::new(Code::UnknownRuling, e.message))?;
    }
    Ok(ReplayOptions {
        rulings,
        preset: args.preset.clone(),
        compare,
        repair_window: args.repair_window,
        infer_rulings: args.infer_rulings,
    })
}

pub fn run(args: CheckArgs) -> Status {
    let options = match options(&args) {
        Ok(o) => o,
        Err(e) => return e.report(),
    };
    let style = human::Style {
        color: match args.color {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        },
        ..human::Style::PLAIN
    };
    let (files, problems) = collect_files(&args.paths);
    let mut problems = problems;
    // The human reporter escapes control characters itself (colour codes are its own).
    let mut out = Output::stdout();
    let mut reports: Vec<FileReport> = Vec::new();
    let mut views = html::Views::new();
    let mut summary = Summary::default();
    let mut compared = (0, 0);
    for problem in &problems {
        if args.format == Format::Human {
            out.text(&human::render_io_problem(problem, style));
        }
    }
    for path in files {
        // The report can no longer be delivered: the rest of the check would be lost too.
        if !out.ok() {
            break;
        }
        let report = match check_file(&path, &options) {
            Ok(report) => report,
            Err(problem) => {
                if args.format == Format::Human {
                    out.text(&human::render_io_problem(&problem, style));
                }
                problems.push(problem);
                continue;
            }
        };
        let counts = Summary::of(std::slice::from_ref(&report), 0);
        summary.files += 1;
        summary.games += counts.games;
        summary.valid += counts.valid;
        summary.invalid += counts.invalid;
        for game in &report.games {
            if let Some(d) = &game.divergence {
                compared.0 += 1;
                compared.1 += usize::from(d.is_some());
            }
        }
        match args.format {
            Format::Human => {
                out.text(&human::render_file(&report, style));
                if options.infer_rulings {
                    out.text(&human::render_inferences(&report));
                }
            }
            Format::Json => reports.push(report),
            Format::Html => {
                views.add_file(&report.text, &options);
                reports.push(report);
            }
        }
    }
    summary.io_errors = problems.len();
    match args.format {
        Format::Human => {
            if let Some((name, value)) = &options.compare {
                let _ = writeln!(
                    out,
                    "compared {name}={value}: {} of {} game(s) of its ruleset depend on it",
                    compared.1, compared.0
                );
            }
            let _ = writeln!(out, "{}", human::summary_line(&summary));
        }
        Format::Json => {
            out.text(&json::render(&reports, &problems));
        }
        Format::Html => {
            out.text(&html::render(&reports, &views, &problems));
        }
    }
    // A report not delivered is never a success.
    out.finish(match summary.exit_status() {
        0 => Status::Ok,
        1 => Status::Failed,
        _ => Status::Usage,
    })
}
