use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::output::{Output, eprint_line};
use super::{Status, UsageError};
use bao_oracle::check::GameReport;
use bao_oracle::diagnostics::Code;
use bao_oracle::explain::run::{
    Explained, RecordError, Refused, Target, Under, explain_move, explain_record,
};
use bao_oracle::explain::{Explanation, Verdict};
use bao_oracle::render::{html, human};

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The ruleset: bao-kingulu, bao-la-kimasai, bao-la-kete, bao-la-kiswahili.
    #[arg(value_name = "RULESET", value_parser = super::completions::ruleset(), hide_possible_values = true)]
    pub ruleset: Option<bao_rules::Ruleset>,
    /// The move to explain.
    #[arg(value_name = "MOVE")]
    pub mv: Option<String>,
    /// A position in compact or diagram form, or Donkers' bracket form for Bao la Kiswahili and
    /// Bao la Kete (default: the standard start).
    #[arg(long, short = 'p')]
    pub position: Option<String>,
    #[command(flatten)]
    pub selection: super::RulingArgs,
    /// Explain the move under this ruling too, and show where the two traces first depart.
    #[arg(long = "compare-ruling", value_name = "NAME=VALUE", value_parser = super::completions::Catalogue::Ruling, hide_possible_values = true)]
    pub compare: Option<String>,
    /// The notation the move is read and answered in: canonical, or donkers (the published
    /// transcripts' `6L*`, for Bao la Kiswahili and Bao la Kete). Without it the move is
    /// answered canonically and read in either where it names one move.
    #[arg(long, value_enum, conflicts_with = "record")]
    pub notation: Option<super::NotationArg>,
    /// Explain a move of a game record or transcript instead (with --move N --side S, or --ply;
    /// the ruleset, rulings, start and move come from the record, `--ruling` adds to its rulings).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "ruleset"])]
    pub record: Option<PathBuf>,
    /// The ply of the record to explain, from 1.
    #[arg(long, value_name = "N", conflicts_with_all = ["move_number", "side"])]
    pub ply: Option<u32>,
    /// The move of the record to explain, numbered as its transcript numbers it (`15: South
    /// North;`: move 15), with --side.
    #[arg(long = "move", value_name = "N", requires = "side")]
    pub move_number: Option<u32>,
    /// Whose move: south or north (with --move).
    #[arg(long, value_enum, requires = "move_number")]
    pub side: Option<SideArg>,
    /// Which game of the record file, from 1 (default 1).
    #[arg(long, value_name = "K")]
    pub game: Option<usize>,
    /// How to write the explanation.
    #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
    pub format: ExplainFormat,
}

/// `--side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    South,
    North,
}

impl From<SideArg> for bao_rules::game::Side {
    fn from(s: SideArg) -> Self {
        match s {
            SideArg::South => bao_rules::game::Side::South,
            SideArg::North => bao_rules::game::Side::North,
        }
    }
}

/// How `explain` writes its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    /// Plain text: the steps in words, the boards as diagrams.
    Text,
    /// One SVG document: the board before the move, after each capture and at the end, one
    /// under the other with captions.
    Svg,
    /// One HTML page: the steps in words, the board before, after each capture and at the end as
    /// pictures, and the text explanation.
    Html,
    /// One JSON document: the explanation as data, each step with its event
    /// (docs/schema/explain.json).
    Json,
}

impl ExplainFormat {
    fn render(self, explained: &Explained) -> String {
        match (self, explained) {
            (ExplainFormat::Text, Explained::One(e)) => e.render(),
            (ExplainFormat::Svg, Explained::One(e)) => e.render_svg(),
            (ExplainFormat::Html, Explained::One(e)) => html::explain::render(e),
            (ExplainFormat::Json, Explained::One(e)) => e.render_json(),
            (ExplainFormat::Text, Explained::Compared(c)) => c.render(),
            (ExplainFormat::Svg, Explained::Compared(c)) => c.render_svg(),
            (ExplainFormat::Html, Explained::Compared(c)) => html::explain::render_comparison(c),
            (ExplainFormat::Json, Explained::Compared(c)) => c.render_json(),
        }
    }
}

/// Maps the arguments to the library's `explain` ([`bao_oracle::explain::run`]) and its answer to
/// the format asked for and an exit status.
pub fn run(args: ExplainArgs) -> Status {
    let under = Under {
        preset: args.selection.preset.as_deref(),
        rulings: &args.selection.rulings,
        compare: args.compare.as_deref(),
    };
    if let Some(path) = &args.record {
        let target = match (args.ply, args.move_number, args.side) {
            (Some(ply), _, _) => Target::Ply(ply),
            (None, Some(number), Some(side)) => Target::Move(number, side.into()),
            _ => {
                return UsageError::new(
                    Code::Usage,
                    "--record needs the move to explain: --move N --side S (or --ply N)",
                )
                .report();
            }
        };
        let index = args.game.unwrap_or(1);
        return match explain_record(path, index, target, &under) {
            Ok(explained) => deliver(&args.format.render(&explained), explained.base()),
            Err(RecordError::Refused(r)) => refused(r),
            Err(RecordError::Unplayable {
                file,
                index,
                finding,
                after,
            }) => {
                // As `check` reports the game's problem, and the ply asked for after it.
                let game = GameReport::unread(index, None, Vec::new());
                let report = human::render_finding(&file, &game, &finding, human::Style::PLAIN);
                let mut err = std::io::stderr().lock();
                let _ = std::io::Write::write_all(&mut err, report.as_bytes());
                if let (Some(ply), Some(earlier)) = (after, finding.ply) {
                    eprint_line(format_args!(
                        "ply {ply} comes after it and cannot be explained; `--ply {earlier}` \
                         explains why ply {earlier} is refused"
                    ));
                }
                Status::Failed
            }
        };
    }
    if args.ply.is_some() || args.game.is_some() || args.move_number.is_some() {
        return UsageError::new(
            Code::Usage,
            "--ply, --move, --side and --game go with --record FILE",
        )
        .report();
    }
    let (Some(ruleset), Some(mv)) = (args.ruleset, args.mv.as_deref()) else {
        return UsageError::new(
            Code::Usage,
            "explain takes a ruleset and a move (RULESET MOVE), or --record FILE --move N --side S",
        )
        .report();
    };
    let notation = args.notation.map(Into::into);
    match explain_move(ruleset, args.position.as_deref(), notation, &under, mv) {
        Ok(explained) => deliver(&args.format.render(&explained), explained.base()),
        Err(r) => refused(r),
    }
}

fn refused(r: Refused) -> Status {
    UsageError::new(r.code, r.message).report()
}

/// 0 for a legal move whose claims hold, 1 otherwise (the input was checked and found wrong).
fn status(e: &Explanation) -> Status {
    match &e.verdict {
        Verdict::Played { false_claims, .. } if false_claims.is_empty() => Status::Ok,
        _ => Status::Failed,
    }
}

/// Writes an explanation (or a comparison, answering by `base`: the rulings in force before the
/// compared one), and names the code of a false claim on standard error as `play` does: every
/// refusal names its code.
fn deliver(text: &str, base: &Explanation) -> Status {
    let mut out = Output::human();
    out.text(text);
    out.flush();
    if let Verdict::Played { false_claims, .. } = &base.verdict {
        let at = base
            .place
            .as_ref()
            .map(|p| format!("{p}: "))
            .unwrap_or_default();
        for (rule, message) in false_claims {
            eprint_line(format_args!(
                "error[{}]: {at}`{}`: {message} ({rule})",
                Code::FalseClaim,
                base.text
            ));
        }
    }
    out.finish(status(base))
}
