use clap::Args;

use super::output::{Output, eprint_line};
use super::{GameArgs, Status, setup, unknown_ruleset};
use bao_oracle::game::Game;
use bao_oracle::with_game;

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub game: GameArgs,
}

pub fn run(args: MovesArgs) -> Status {
    let ruleset = args.game.ruleset.clone();
    with_game!(&ruleset, G => moves_game::<G>(args)).unwrap_or_else(|| unknown_ruleset(&ruleset))
}

fn moves_game<G: Game>(args: MovesArgs) -> Status {
    let (pos, rulings) = match setup::<G>(&args.game) {
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
