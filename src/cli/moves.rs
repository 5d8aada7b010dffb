use clap::Args;

use super::output::{Output, eprint_line};
use super::{GameArgs, Status, setup, with_game};
use bao_oracle::game::Game;
use bao_oracle::games::GameVisitor;

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub game: GameArgs,
}

pub fn run(args: MovesArgs) -> Status {
    with_game(&args.game.ruleset.clone(), Moves(args))
}

struct Moves(MovesArgs);

impl GameVisitor for Moves {
    type Output = Status;
    fn visit<G: Game>(self) -> Status {
        let (pos, rulings) = match setup::<G>(&self.0.game) {
            Ok(x) => x,
            Err(e) => return e.report(),
        };
        if let Some(end) = G::game_end(&pos, &rulings) {
            eprint_line(format_args!(
                "the game is over: {} wins ({})",
                end.outcome, end.rule
            ));
            return Status::Ok;
        }
        let mut moves = Vec::new();
        let generated = G::legal_moves(&pos, &rulings, &mut moves);
        let mut out = Output::stdout();
        for mv in moves {
            out.line(&G::format_move(mv));
        }
        if generated.undecided > 0 {
            out.flush();
            eprint_line(format_args!(
                "warning[undecided-move]: {} candidate move(s) left out: their relay neither ended \
                 nor repeated within the lap budget",
                generated.undecided
            ));
        }
        out.finish(Status::Ok)
    }
}
