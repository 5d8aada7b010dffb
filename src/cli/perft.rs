use clap::Args;

use super::output::Output;
use super::{GameArgs, Status, setup};
use bao_rules::game::Game;
use bao_rules::perft::{divide, perft};
use bao_rules::with_game;

#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Depth in plies.
    pub depth: u32,
    /// Print `MOVE COUNT` per legal move, a blank line, then the total.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: PerftArgs) -> Status {
    let ruleset = args.game.ruleset;
    with_game!(ruleset, G => perft_game::<G>(args))
}

fn perft_game<G: Game>(args: PerftArgs) -> Status {
    let (pos, rulings) = match setup::<G>(&args.game) {
        Ok(x) => x,
        Err(e) => return e.report(),
    };
    let mut out = Output::stdout();
    if args.divide {
        let rows = divide::<G>(&pos, &rulings, args.depth);
        let mut total = 0;
        for (mv, count) in rows {
            out.line(&format!("{} {count}", G::format_move(mv)));
            total += count;
        }
        out.line("");
        out.line(&total.to_string());
    } else {
        out.line(&perft::<G>(&pos, &rulings, args.depth).to_string());
    }
    out.finish(Status::Ok)
}
