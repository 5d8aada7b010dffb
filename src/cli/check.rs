use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::output::Output;
use super::{Status, UsageError};
use bao_oracle::check::replay::{ReplayOptions, check_preset_exists, check_rulings_exist};
use bao_oracle::check::timeline::Step;
use bao_oracle::check::{
    FileReport, GameReport, GameSink, Summary, check_file_each, collect_files, duplicate_warnings,
};
use bao_oracle::diagnostics::Code;
use bao_oracle::input::record::Record;
use bao_oracle::render::LineIndex;
use bao_oracle::render::{html, human, json, short};
use bao_rules::rulings::RulingSet;

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Record files and transcripts, and folders to search recursively for `*.yaml` / `*.yml` /
    /// `*.bao` (in any case; links to folders are not followed).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Output: miette reports and a closing line, one JSON document, one HTML page that steps
    /// through every game's boards, or `short`: one line per finding, `FILE:LINE:COL: code:
    /// message` (the closing line on standard error).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// A non-default ruling for the records of its game, NAME=VALUE (repeatable); a record that
    /// sets the same ruling to another value is an error.
    #[arg(long = "ruling", value_name = "NAME=VALUE", value_parser = super::completions::Catalogue::Ruling, hide_possible_values = true)]
    pub rulings: Vec<String>,
    /// A preset for the records of its game: its rulings under each record's own.
    #[arg(long, value_name = "NAME", value_parser = super::completions::Catalogue::Preset, hide_possible_values = true)]
    pub preset: Option<String>,
    /// Report, per game, the first ply whose legality or outcome changes under NAME=VALUE.
    #[arg(long = "compare-ruling", value_name = "NAME=VALUE", value_parser = super::completions::Catalogue::Ruling, hide_possible_values = true)]
    pub compare: Option<String>,
    /// For a game that stops at a move (or whose result claim fails), look for repairs at that
    /// ply and up to K plies before it (0: none).
    #[arg(long = "repair-window", value_name = "K", default_value_t = bao_oracle::check::repair::DEFAULT_WINDOW)]
    pub repair_window: u32,
    /// Replay each game under every combination of its ruleset's ruling values and report those
    /// it is valid under (and the presets among them); over several games, end with the table of
    /// which games decide which ruling (human, JSON and HTML output).
    #[arg(long = "infer-rulings")]
    pub infer_rulings: bool,
    /// A transcript's slips (a line without `;`, a move in the other side's case, `l`/`r`) are
    /// errors, not warnings: the game fails.
    #[arg(long)]
    pub strict: bool,
    /// Human output: the errors only, the warnings counted in the closing line but not shown.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Colour in human output: auto (only on a terminal), always, never.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    pub color: Color,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Human,
    Json,
    Html,
    Short,
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
        quiet: args.quiet,
        ..human::Style::PLAIN
    };
    let (files, problems) = collect_files(&args.paths);
    let mut problems = problems;
    // A first pass: the games compared across the set, so that each game's report, written as it
    // comes, carries its `duplicate-game` warnings.
    let duplicates = duplicate_warnings(&files, &options);
    let mut sink = Reports {
        duplicates,
        table: bao_oracle::check::rulings_table::RulingsTable::default(),
        format: args.format,
        style,
        infer_rulings: options.infer_rulings,
        strict: args.strict,
        // The human reporter escapes control characters itself (colour codes are its own).
        out: Output::stdout(),
        json: json::Writer::new(true),
        page: (args.format == Format::Html).then(html::Page::new),
        summary: Summary::default(),
        compared: (0, 0),
        listed: false,
    };
    match args.format {
        Format::Human => {
            for problem in &problems {
                sink.out.text(&human::render_io_problem(problem, style));
            }
        }
        Format::Json => sink.out.text(&sink.json.start()),
        Format::Short => {
            for problem in &problems {
                sink.out.text(&short::render_io_problem(problem));
            }
        }
        Format::Html => {}
    }
    for path in files {
        // The report can no longer be delivered: the rest of the check would be lost too.
        if !sink.out.ok() {
            break;
        }
        sink.listed = false;
        match check_file_each(&path, &options, &mut sink) {
            Ok(_) => sink.summary.files += 1,
            Err(problem) => {
                match args.format {
                    Format::Human => sink.out.text(&human::render_io_problem(&problem, style)),
                    Format::Short => sink.out.text(&short::render_io_problem(&problem)),
                    Format::Json | Format::Html => {}
                }
                problems.push(problem);
            }
        }
        if sink.listed {
            match args.format {
                Format::Json => sink.out.text(&sink.json.end_file()),
                Format::Html => sink.page.as_mut().map_or((), html::Page::end_file),
                Format::Human | Format::Short => {}
            }
        }
    }
    let Reports {
        mut out,
        mut json,
        page,
        mut summary,
        compared,
        table,
        ..
    } = sink;
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
            if options.infer_rulings {
                out.text(&human::render_rulings_table(&table.parts()));
            }
            let _ = writeln!(out, "{}", human::summary_line(&summary));
        }
        Format::Json => {
            let parts = options.infer_rulings.then(|| table.parts());
            out.text(&json.finish_with_table(&summary, &problems, parts.as_deref()))
        }
        // Standard output holds only finding lines: the closing line goes beside it.
        Format::Short => {
            out.flush();
            super::output::eprint_line(format_args!("{}", human::summary_line(&summary)));
        }
        Format::Html => {
            if let Some(page) = page {
                let parts = options.infer_rulings.then(|| table.parts());
                page.finish_with_table(&summary, &problems, parts.as_deref(), &mut |piece| {
                    out.text(piece)
                });
            }
        }
    }
    // A report not delivered is never a success.
    out.finish(exit_status(&summary))
}

/// The check's reports, written as each game comes (the HTML page keeps its compact data until
/// the end, as its title and script need the whole): memory is one game's, not the file's.
struct Reports {
    /// `--infer-rulings`: which games rule out which ruling values (the closing table of human,
    /// JSON and HTML output).
    table: bao_oracle::check::rulings_table::RulingsTable,
    /// The `duplicate-game` warnings, by file and game index.
    duplicates: std::collections::HashMap<(String, usize), Vec<bao_oracle::diagnostics::Finding>>,
    format: Format,
    style: human::Style,
    infer_rulings: bool,
    strict: bool,
    out: Output,
    json: json::Writer,
    page: Option<html::Page>,
    summary: Summary,
    /// Games of the compared ruling's ruleset, and those that depend on it.
    compared: (usize, usize),
    /// Whether the current file is listed (once its first game comes: a file that cannot be
    /// read is an I/O problem, not a file of the report).
    listed: bool,
}

impl GameSink for Reports {
    fn wants_steps(&self) -> bool {
        self.page.is_some()
    }

    fn step(&mut self, step: Step) {
        if let Some(page) = self.page.as_mut() {
            page.step(step);
        }
    }

    fn game(
        &mut self,
        file: &FileReport,
        lines: &LineIndex<'_>,
        mut game: GameReport,
        record: Option<&Record>,
    ) {
        // The closing table: short output is findings only.
        if self.infer_rulings && self.format != Format::Short {
            self.table.add(&file.path, &game, record);
        }
        if self.strict {
            game.warnings_as_errors();
        }
        // After `--strict`: a game written twice is no slip of its text.
        if let Some(found) = self.duplicates.remove(&(file.path.clone(), game.index)) {
            game.warnings.extend(found);
        }
        if !self.listed {
            self.listed = true;
            match self.format {
                Format::Json => self.out.text(&self.json.file(&file.path)),
                Format::Html => self.page.as_mut().map_or((), |p| p.file(&file.path)),
                Format::Human | Format::Short => {}
            }
        }
        self.summary.games += 1;
        self.summary.warnings += game.warnings.len();
        if game.valid() {
            self.summary.valid += 1;
        } else {
            self.summary.invalid += 1;
        }
        if let Some(d) = &game.divergence {
            self.compared.0 += 1;
            self.compared.1 += usize::from(d.is_some());
        }
        match self.format {
            Format::Human => {
                self.out
                    .text(&human::render_game(file, lines, &game, self.style));
                if self.infer_rulings {
                    self.out.text(&human::render_inference(&file.path, &game));
                }
            }
            Format::Json => self.out.text(&self.json.game(lines, &game)),
            Format::Short => self.out.text(&short::render_game(&file.path, lines, &game)),
            Format::Html => {
                if let Some(page) = self.page.as_mut() {
                    page.game(lines, &game);
                }
            }
        }
    }
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
