use clap::Args;

use super::output::{Output, eprint_line};
use super::{GameArgs, Status, setup_game};
use bao_oracle::picture::{Highlights, legal_holes};
use bao_oracle::render::svg;
use bao_rules::game::Game;
use bao_rules::with_game;

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Print the position as an SVG picture with the hole of every legal move marked, instead
    /// of the list.
    #[arg(long)]
    pub svg: bool,
}

pub fn run(args: MovesArgs) -> Status {
    let ruleset = args.game.ruleset;
    with_game!(ruleset, G => moves_game::<G>(args))
}

fn moves_game<G: Game>(args: MovesArgs) -> Status {
    let game = match setup_game::<G>(&args.game) {
        Ok(game) => game,
        Err(e) => return e.report(),
    };
    if let Some(end) = game.end() {
        // A finished game still has a board to draw: no move marked on it.
        let mut out = Output::stdout();
        if args.svg {
            let marks = Highlights {
                title: format!("{}: the game is over: {} wins", G::NAME, end.outcome),
                ..Highlights::default()
            };
            out.text(&svg::render(&G::board(game.position()), &marks));
            out.flush();
        }
        eprint_line(format_args!(
            "the game is over: {} wins ({})",
            end.outcome, end.rule
        ));
        return out.finish(Status::Ok);
    }
    let (moves, undecided) = super::progress::while_deciding("deciding the moves", || {
        bao_rules::Incomplete::split(game.legal_texts())
    });
    let mut out = Output::stdout();
    if args.svg {
        let (pos, rulings) = (game.position(), game.rulings());
        let marks = Highlights {
            title: format!("{}: the legal moves of {}", G::NAME, G::side_to_move(pos)),
            legal: legal_holes::<G>(pos, rulings),
            ..Highlights::default()
        };
        out.text(&svg::render(&G::board(pos), &marks));
    } else {
        for text in &moves {
            out.line(text);
        }
    }
    if undecided > 0 {
        out.flush();
        eprint_line(format_args!(
            "warning[undecided-move]: {} candidate move(s) left out: their relay neither ended \
             nor repeated within the lap budget",
            undecided
        ));
    }
    out.finish(Status::Ok)
}
