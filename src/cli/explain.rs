use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::output::{Output, eprint_line};
use super::{Status, UsageError};
use bao_oracle::check::replay::{ReplayOptions, replay_to};
use bao_oracle::check::{FileReport, GameReport};
use bao_oracle::diagnostics::{Code, Finding, MoveNumber};
use bao_oracle::explain::{
    Comparison, Explanation, Verdict, compare_in, explain_in, replaced, resolve,
};
use bao_oracle::input::record::{self, Record};
use bao_oracle::input::{self, Input};
use bao_oracle::render::{html, human};
use bao_rules::game::Game;
use bao_rules::games::GameVisitor;
use bao_rules::play::Playthrough;
use bao_rules::rulings::RulingSet;

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
    fn explanation(self, e: &Explanation) -> String {
        match self {
            ExplainFormat::Text => e.render(),
            ExplainFormat::Svg => e.render_svg(),
            ExplainFormat::Html => html::explain::render(e),
            ExplainFormat::Json => e.render_json(),
        }
    }

    fn comparison(self, c: &Comparison) -> String {
        match self {
            ExplainFormat::Text => c.render(),
            ExplainFormat::Svg => c.render_svg(),
            ExplainFormat::Html => html::explain::render_comparison(c),
            ExplainFormat::Json => c.render_json(),
        }
    }
}

pub fn run(args: ExplainArgs) -> Status {
    if let Some(path) = &args.record {
        return match run_record(path, &args) {
            Ok(status) => status,
            Err(e) => e.report(),
        };
    }
    if args.ply.is_some() || args.game.is_some() || args.move_number.is_some() {
        return UsageError::new(
            Code::Usage,
            "--ply, --move, --side and --game go with --record FILE",
        )
        .report();
    }
    let (Some(ruleset), Some(mv)) = (args.ruleset, args.mv.clone()) else {
        return UsageError::new(
            Code::Usage,
            "explain takes a ruleset and a move (RULESET MOVE), or --record FILE --move N --side S",
        )
        .report();
    };
    let explain = Explain {
        position: args.position,
        selection: args.selection,
        compare: args.compare,
        mv,
        notation: args.notation,
        format: args.format,
    };
    ruleset.visit(explain)
}

/// What to explain, once the game is known.
struct Explain {
    position: Option<String>,
    selection: super::RulingArgs,
    compare: Option<String>,
    mv: String,
    notation: Option<super::NotationArg>,
    format: ExplainFormat,
}

impl GameVisitor for Explain {
    type Output = Status;
    fn visit<G: Game>(self) -> Status {
        let selection = match self.selection.selection(Some(G::RULESET)) {
            Ok(selection) => selection,
            Err(e) => return e.report(),
        };
        // The game (position, rulings in force, notation) of the one setup, and the rulings as
        // chosen (the preset's under the single ones).
        let setup = super::game_setup(self.position.as_deref(), selection, self.notation);
        let (set, game) = match Playthrough::<G>::from_setup_with_set(&setup) {
            Ok(x) => x,
            Err(e) => return super::setup_error(e).report(),
        };
        match &self.compare {
            None => {
                let mut game = game;
                let e = explain_in(&mut game, &set, &self.mv);
                deliver(&self.format.explanation(&e), &e, None)
            }
            Some(assignment) => {
                let compared = RulingSet::parse_assignment(assignment).and_then(|(name, value)| {
                    let other = replaced(&set, &name, &value)?;
                    let twin = game.clone().under_rulings(resolve::<G>(&other)?);
                    compare_in([game, twin], [set, other], &name, &self.mv)
                });
                match compared {
                    Ok(c) => deliver(&self.format.comparison(&c), &c.base, None),
                    Err(e) => UsageError::new(Code::UnknownRuling, e.message).report(),
                }
            }
        }
    }
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
fn deliver(text: &str, base: &Explanation, place: Option<&str>) -> Status {
    let mut out = Output::human();
    out.text(text);
    out.flush();
    if let Verdict::Played { false_claims, .. } = &base.verdict {
        let at = place.map(|p| format!("{p}: ")).unwrap_or_default();
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

// --- the record form ------------------------------------------------------------------------------

/// The move `explain --record` explains: a ply, or a move number and side as the transcript
/// numbers them (resolved once the record's first mover is known).
#[derive(Clone, Copy, Debug)]
enum Target {
    Ply(u32),
    Move(u32, bao_rules::game::Side),
}

/// `explain --record FILE (--move N --side S | --ply N) [--game K]`.
fn run_record(path: &std::path::Path, args: &ExplainArgs) -> Result<Status, UsageError> {
    let target = match (args.ply, args.move_number, args.side) {
        (Some(0), _, _) => {
            return Err(UsageError::new(
                Code::Usage,
                "plies count from 1: --ply 1 is the first move",
            ));
        }
        (Some(ply), _, _) => Target::Ply(ply),
        (None, Some(0), _) => {
            return Err(UsageError::new(
                Code::Usage,
                "moves count from 1: --move 1 is the first",
            ));
        }
        (None, Some(number), Some(side)) => Target::Move(number, side.into()),
        _ => {
            return Err(UsageError::new(
                Code::Usage,
                "--record needs the move to explain: --move N --side S (or --ply N)",
            ));
        }
    };
    let index = args.game.unwrap_or(1);
    if index == 0 {
        return Err(UsageError::new(
            Code::Usage,
            "games count from 1: --game 1 is the first",
        ));
    }
    let shown = input::display(path);
    let (text, transcript) = match input::read(path) {
        Err(e) => return Err(UsageError::new(Code::IoError, format!("{shown}: {e}"))),
        Ok(Input::Refused(finding)) => {
            return Ok(report(&shown, "", index, finding));
        }
        Ok(Input::Records(text)) => (text, false),
        Ok(Input::Transcript(text)) => (text, true),
    };
    // A published transcript is its one game, read as `check` reads it.
    if transcript && index != 1 {
        return Err(UsageError::new(
            Code::Usage,
            format!("{shown} is a transcript, one game: there is no game {index}"),
        ));
    }
    let documents = if transcript {
        Vec::new()
    } else {
        record::split_documents(&text)
    };
    let record = if transcript {
        match bao_oracle::input::transcript::parse(&text) {
            Ok(t) => match bao_oracle::input::transcript::as_record(&t, None, &shown) {
                Ok(record) => record,
                Err(finding) => return Ok(report(&shown, &text, index, *finding)),
            },
            Err(mut findings) => return Ok(report(&shown, &text, index, findings.remove(0))),
        }
    } else {
        let Some(document) = documents.iter().find(|d| d.index == index) else {
            return Err(UsageError::new(
                Code::Usage,
                format!(
                    "{shown} holds {} game record(s): there is no game {index}",
                    documents.len()
                ),
            ));
        };
        match record::parse_document(document) {
            Ok(record) => record,
            Err(finding) => return Ok(report(&shown, &text, index, *finding)),
        }
    };
    let compare = match &args.compare {
        None => None,
        Some(text) => Some(
            RulingSet::parse_assignment(text)
                .map_err(|e| UsageError::new(Code::UnknownRuling, e.message))?,
        ),
    };
    let visitor = RecordExplain {
        record: &record,
        selection: &args.selection,
        options: ReplayOptions::default(),
        compare,
        target,
        place: format!("game {index} of {shown}"),
        format: args.format,
    };
    let outcome = record.ruleset.value.visit(visitor);
    match outcome {
        Ok(status) => status,
        Err((ply, finding)) => {
            let earlier = finding.ply.filter(|&p| p < ply);
            let status = report(&shown, &text, index, *finding);
            if let Some(earlier) = earlier {
                eprint_line(format_args!(
                    "ply {ply} comes after it and cannot be explained; `--ply {earlier}` explains \
                     why ply {earlier} is refused"
                ));
            }
            Ok(status)
        }
    }
}

/// A problem of the record before the ply to explain, reported as `check` reports it.
fn report(path: &str, text: &str, index: usize, finding: Finding) -> Status {
    let file = FileReport {
        path: path.to_string(),
        text: text.to_string(),
        games: Vec::new(),
    };
    let game = GameReport::unread(index, None, Vec::new());
    let report = human::render_finding(&file, &game, &finding, human::Style::PLAIN);
    let mut err = std::io::stderr().lock();
    let _ = std::io::Write::write_all(&mut err, report.as_bytes());
    Status::Failed
}

/// Explains ply `ply` of `record`, once its game is known. `Err(finding)`: the record cannot be
/// replayed up to that ply; `Ok(Err(usage))`: a bad `--ruling` or `--compare-ruling`.
struct RecordExplain<'a> {
    record: &'a Record,
    /// `--ruling` and `--preset`, read against the record's game.
    selection: &'a super::RulingArgs,
    options: ReplayOptions,
    compare: Option<(String, String)>,
    target: Target,
    /// `game 1 of FILE`: the move is added once it is known.
    place: String,
    format: ExplainFormat,
}

impl GameVisitor for RecordExplain<'_> {
    /// `Err((ply, finding))`: the record cannot be replayed up to the ply.
    type Output = Result<Result<Status, UsageError>, (u32, Box<Finding>)>;
    fn visit<G: Game>(mut self) -> Self::Output {
        // `check` passes rulings of other games by; here they are the record's game's.
        match self.selection.selection(Some(G::RULESET)) {
            Ok(selection) => {
                self.options.rulings = selection.rulings;
                self.options.preset = selection.preset;
            }
            Err(e) => return Ok(Err(e)),
        }
        // Who moves first numbers the moves: the side to move at the record's start.
        let (_, start) = replay_to::<G>(self.record, &self.options, 1).map_err(|f| (1, f))?;
        let first = G::side_to_move(start.position());
        let ply = match self.target {
            Target::Ply(ply) => ply,
            Target::Move(number, side) => {
                MoveNumber::ply_of(number, side, first).unwrap_or(u32::MAX)
            }
        };
        let recorded = self.record.moves.len();
        if ply as usize > recorded {
            let asked = match self.target {
                Target::Ply(ply) => format!("ply {ply}"),
                Target::Move(number, side) => format!("move {number} of {side}"),
            };
            let last = match recorded {
                0 => String::new(),
                n => format!(" (the last is {})", MoveNumber::of_ply(n as u32, first)),
            };
            return Ok(Err(UsageError::new(
                Code::Usage,
                format!(
                    "{} has {recorded} ply(s){last}: there is no {asked}",
                    self.place
                ),
            )));
        }
        self.place = format!("{}, {}", self.place, MoveNumber::of_ply(ply, first));
        let (set, mut game) =
            replay_to::<G>(self.record, &self.options, ply).map_err(|f| (ply, f))?;
        let text = &self.record.moves[ply as usize - 1].value;
        let Some((name, value)) = &self.compare else {
            let mut e = explain_in(&mut game, &set, text);
            e.place = Some(self.place.clone());
            return Ok(Ok(deliver(
                &self.format.explanation(&e),
                &e,
                Some(&self.place),
            )));
        };
        // Both explanations start from the game as the rulings in force played it.
        let other = match replaced(&set, name, value).and_then(|other| {
            let resolved = resolve::<G>(&other)?;
            Ok((other, resolved))
        }) {
            Ok(x) => x,
            Err(e) => return Ok(Err(UsageError::new(Code::UnknownRuling, e.message))),
        };
        let (_, twin) = replay_to::<G>(self.record, &self.options, ply).map_err(|f| (ply, f))?;
        let twin = twin.under_rulings(other.1);
        match compare_in([game, twin], [set, other.0], name, text) {
            Ok(mut c) => {
                c.base.place = Some(self.place.clone());
                Ok(Ok(deliver(
                    &self.format.comparison(&c),
                    &c.base,
                    Some(&self.place),
                )))
            }
            Err(e) => Ok(Err(UsageError::new(Code::UnknownRuling, e.message))),
        }
    }
}
