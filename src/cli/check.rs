use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::output::Output;
use super::{Status, UsageError};
use bao_oracle::check::{Summary, check_file_each, collect_files};
use bao_oracle::diagnostics::Code;
use bao_oracle::replay::{ReplayOptions, check_preset_exists, check_rulings_exist};
use bao_oracle::report::{html, human, json};
use bao_oracle::rulings::RulingSet;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Record files, and folders to search recursively for `*.yaml` / `*.yml`.
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
    let mut summary = Summary::default();
    let mut compared = (0, 0);
    // Each report is written as its game comes (the HTML page keeps its compact data until the
    // end, as its title and script need the whole): memory is one game's, not the file's.
    let mut json = json::Writer::new(true);
    let mut page = (args.format == Format::Html).then(html::Page::new);
    match args.format {
        Format::Human => {
            for problem in &problems {
                out.text(&human::render_io_problem(problem, style));
            }
        }
        Format::Json => out.text(&json.start()),
        Format::Html => {}
    }
    for path in files {
        // The report can no longer be delivered: the rest of the check would be lost too.
        if !out.ok() {
            break;
        }
        // A file is listed once its first game comes: one that cannot be read is an I/O problem.
        let mut listed = false;
        let checked = check_file_each(&path, &options, &mut |file, lines, game, record| {
            if !listed {
                listed = true;
                match args.format {
                    Format::Json => out.text(&json.file(&file.path)),
                    Format::Html => page.as_mut().map_or((), |p| p.file(&file.path)),
                    Format::Human => {}
                }
            }
            summary.games += 1;
            if game.valid() {
                summary.valid += 1;
            } else {
                summary.invalid += 1;
            }
            if let Some(d) = &game.divergence {
                compared.0 += 1;
                compared.1 += usize::from(d.is_some());
            }
            match args.format {
                Format::Human => {
                    out.text(&human::render_game(file, lines, &game, style));
                    if options.infer_rulings {
                        out.text(&human::render_inference(&file.path, &game));
                    }
                }
                Format::Json => out.text(&json.game(lines, &game)),
                Format::Html => {
                    if let Some(page) = page.as_mut() {
                        page.game(lines, &game, record, &options);
                    }
                }
            }
        });
        match checked {
            Ok(_) => summary.files += 1,
            Err(problem) => {
                if args.format == Format::Human {
                    out.text(&human::render_io_problem(&problem, style));
                }
                problems.push(problem);
            }
        }
        match args.format {
            Format::Json if listed => out.text(&json.end_file()),
            Format::Html if listed => page.as_mut().map_or((), html::Page::end_file),
            _ => {}
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
        Format::Json => out.text(&json.finish(&summary, &problems)),
        Format::Html => {
            if let Some(page) = page {
                page.finish(&summary, &problems, &mut |piece| out.text(piece));
            }
        }
    }
    // A report not delivered is never a success.
    out.finish(exit_status(&summary))
}

/// 0 all valid, 1 any game invalid, 2 any file or folder that could not be read.
fn exit_status(summary: &Summary) -> Status {
    if summary.io_errors > 0 {
        Status::Usage
    } else if summary.invalid > 0 {
        Status::Failed
    } else {
        Status::Ok
    }
}
