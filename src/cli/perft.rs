use clap::Args;

use super::output::Output;
use super::{GameArgs, Status, setup, with_game};
use bao_oracle::game::Game;
use bao_oracle::games::GameVisitor;
use bao_oracle::perft::{divide, perft};

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
    with_game(&args.game.ruleset.clone(), Perft(args))
}

struct Perft(PerftArgs);

impl GameVisitor for Perft {
    type Output = Status;
    fn visit<G: Game>(self) -> Status {
        let args = self.0;
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
}
