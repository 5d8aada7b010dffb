use clap::Args;

use super::output::{Output, eprint_line};
use super::{GameArgs, Status, UsageError, setup_game};
use bao_oracle::diagnostics::{Code, MoveNumber};
use bao_oracle::picture::Highlights;
use bao_oracle::render::svg;
use bao_rules::game::{Game, PositionForm};
use bao_rules::with_game;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Print the diagram instead of the compact form (`--position-format diagram`).
    #[arg(long, conflicts_with_all = ["svg", "position_format"])]
    pub diagram: bool,
    /// The form of the position printed: compact (the default), diagram, or donkers (Donkers'
    /// bracket form, Bao la Kiswahili and Bao la Kete).
    #[arg(
        long,
        value_name = "FORM",
        conflicts_with = "svg",
        value_parser = clap::builder::PossibleValuesParser::new(["compact", "diagram", "donkers"])
    )]
    pub position_format: Option<String>,
    /// Print the position as an SVG picture, the last move's hole and captures highlighted.
    #[arg(long)]
    pub svg: bool,
    /// The moves, in order.
    pub moves: Vec<String>,
}

pub fn run(args: PlayArgs) -> Status {
    let ruleset = args.game.ruleset;
    with_game!(ruleset, G => play_game::<G>(args))
}

fn play_game<G: Game>(args: PlayArgs) -> Status {
    let form = match args.position_format.as_deref().map(PositionForm::parse) {
        None if args.diagram => PositionForm::Diagram,
        None => PositionForm::Compact,
        Some(Some(form)) if G::POSITION_FORMS.contains(&form) => form,
        Some(_) => {
            let names: Vec<&str> = G::POSITION_FORMS.iter().map(|f| f.name()).collect();
            let message = format!(
                "{} has no {} position form: it has {}",
                G::NAME,
                args.position_format.unwrap_or_default(),
                names.join(", ")
            );
            return UsageError::new(Code::Usage, message).report();
        }
    };
    // The game of the one setup: its notation is the one the moves are read and answered in.
    let mut game = match setup_game::<G>(&args.game) {
        Ok(game) => game,
        Err(e) => return e.report(),
    };
    let mut events = Vec::new();
    let first = G::side_to_move(game.position());
    for (i, text) in args.moves.iter().enumerate() {
        // `move 1, south (ply 1)`: numbered as a transcript numbers it.
        let ply = MoveNumber::of_ply(i as u32 + 1, first);
        // The same path as the spec runner and `explain`: notation, resolution, rules, claims.
        let played = super::progress::while_deciding(&format!("playing ply {ply}"), || {
            game.play_text_into(text, &mut events)
        });
        match played {
            Err(error) => {
                let rule = error.rule.map(|r| format!(" ({r})")).unwrap_or_default();
                eprint_line(format_args!(
                    "error[{}]: {ply} `{text}`: {}{rule}",
                    error.code(),
                    error.message
                ));
                return Status::Failed;
            }
            Ok(played) => {
                if let Some(claim) = played.false_claims.first() {
                    eprint_line(format_args!(
                        "error[false-claim]: {ply} `{text}`: {} ({})",
                        claim.message, claim.rule
                    ));
                    return Status::Failed;
                }
            }
        }
    }
    let mut out = Output::stdout();
    if args.svg {
        let mut marks = Highlights::of_move(&events);
        marks.title = match args.moves.last() {
            Some(last) => format!(
                "{} after {} (the last {last}), {} to move",
                G::NAME,
                match args.moves.len() {
                    1 => "1 ply".to_string(),
                    n => format!("{n} plies"),
                },
                G::side_to_move(game.position())
            ),
            None => format!("{}, {} to move", G::NAME, G::side_to_move(game.position())),
        };
        out.text(&svg::render(&G::board(game.position()), &marks));
    } else {
        match G::format_position(form, game.position()) {
            Ok(text) if text.ends_with('\n') => out.text(&text),
            Ok(text) => out.line(&text),
            Err(e) => {
                out.flush();
                eprint_line(format_args!(
                    "error[{}]: the position after the moves: {}",
                    Code::BadPosition,
                    e.message
                ));
                return Status::Failed;
            }
        }
    }
    if let Some(end) = game.end() {
        out.flush();
        eprint_line(format_args!("game over: {} ({})", end.outcome, end.rule));
    }
    out.finish(Status::Ok)
}
