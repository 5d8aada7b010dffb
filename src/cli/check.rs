use std::io::IsTerminal;
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::output::Output;
use super::{Status, UsageError};
use bao_oracle::check::replay::{ReplayOptions, check_rulings_exist};
use bao_oracle::check::run::{self as check, CheckOptions, Verdict};
use bao_oracle::diagnostics::Code;
use bao_oracle::render::check::{Html, Human, Json, Short};
use bao_oracle::render::human;
use bao_rules::rulings::RulingSet;

#[derive(Args, Debug)]
#[command(
    mut_arg("rulings", |a| a.help("A non-default ruling for the records of its game, NAME=VALUE (repeatable); a record that sets the same ruling to another value is an error")),
    mut_arg("preset", |a| a.help("A preset for the records of its game: its rulings under each record's own")),
)]
pub struct CheckArgs {
    /// Record files and transcripts, and folders to search recursively for `*.yaml` / `*.yml` /
    /// `*.bao` / `*.txt` (in any case; links to folders are not followed).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Output: miette reports and a closing line, one JSON document, one HTML page that steps
    /// through every game's boards, or `short`: one line per finding, `FILE:LINE:COL: code:
    /// message` (the closing line on standard error).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    #[command(flatten)]
    pub selection: super::RulingArgs,
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
    let selection = args.selection.selection(None)?;
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
    Ok(ReplayOptions {
        rulings: selection.rulings,
        preset: selection.preset,
        compare,
        repair_window: args.repair_window,
        infer_rulings: args.infer_rulings,
    })
}

pub fn run(args: CheckArgs) -> Status {
    let options = match options(&args) {
        Ok(o) => CheckOptions {
            replay: o,
            strict: args.strict,
        },
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
    // The human reporter escapes control characters itself (colour codes are its own).
    let mut out = Output::stdout();
    let mut closing = String::new();
    let outcome = match args.format {
        Format::Human => {
            let mut reporter = Human::new(&mut out, style, options.replay.infer_rulings);
            check::run(&args.paths, &options, &mut reporter)
        }
        Format::Json => check::run(&args.paths, &options, &mut Json::new(&mut out)),
        Format::Html => check::run(&args.paths, &options, &mut Html::new(&mut out)),
        Format::Short => check::run(
            &args.paths,
            &options,
            &mut Short::new(&mut out, &mut closing),
        ),
    };
    // Standard output holds only finding lines: the closing line goes beside it, after them.
    if !closing.is_empty() {
        out.flush();
        super::output::eprint_line(format_args!("{}", closing.trim_end()));
    }
    // A report not delivered is never a success.
    out.finish(match outcome.verdict() {
        Verdict::Valid => Status::Ok,
        Verdict::Invalid => Status::Failed,
        Verdict::Unread => Status::Usage,
    })
}
