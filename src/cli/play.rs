use clap::Args;

use super::{GameArgs, Status, setup, with_game};
use crate::game::{Game, Playthrough, Unresolved};
use crate::games::GameVisitor;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Print the diagram instead of the compact form.
    #[arg(long)]
    pub diagram: bool,
    /// The moves, in order.
    pub moves: Vec<String>,
}

pub fn run(args: PlayArgs) -> Status {
    with_game(&args.game.ruleset.clone(), Play(args))
}

struct Play(PlayArgs);

impl GameVisitor for Play {
    type Output = Status;
    fn visit<G: Game>(self) -> Status {
        let args = self.0;
        let (pos, rulings) = match setup::<G>(&args.game) {
            Ok(x) => x,
            Err(e) => return e.report(),
        };
        let mut game = Playthrough::<G>::new(pos, rulings);
        for (i, text) in args.moves.iter().enumerate() {
            let ply = i + 1;
            if let Some(end) = game.end() {
                eprintln!(
                    "error[move-after-end]: ply {ply} `{text}`: the game is already over ({} wins, {})",
                    end.outcome, end.rule
                );
                return Status::Failed;
            }
            let spelling = match G::parse_move(text) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("error[not-notation]: ply {ply} `{text}`: {e}");
                    return Status::Failed;
                }
            };
            let mv = match G::resolve(&game.position, &game.rulings, &spelling) {
                Ok(mv) => mv,
                Err(Unresolved::Rejected(r)) => {
                    let code = match r.rule() {
                        Some(_) => "illegal-move",
                        None => "undecided-move",
                    };
                    eprintln!("error[{code}]: ply {ply} `{text}`: {r}");
                    return Status::Failed;
                }
                Err(Unresolved::NotNotation(e)) => {
                    eprintln!("error[not-notation]: ply {ply} `{text}`: {e}");
                    return Status::Failed;
                }
                Err(Unresolved::Ambiguous(candidates)) => {
                    let names: Vec<String> = candidates.into_iter().map(G::format_move).collect();
                    eprintln!(
                        "error[ambiguous-move]: ply {ply} `{text}` fits {}",
                        names.join(", ")
                    );
                    return Status::Failed;
                }
            };
            let mut events = Vec::new();
            if let Err(r) = game.play(mv, &mut events) {
                eprintln!("error[illegal-move]: ply {ply} `{text}`: {r}");
                return Status::Failed;
            }
            if let Some(claim) = G::check_claims(&spelling, &events).first() {
                eprintln!(
                    "error[false-claim]: ply {ply} `{text}`: {} ({})",
                    claim.message, claim.rule
                );
                return Status::Failed;
            }
        }
        if args.diagram {
            print!("{}", G::format_diagram(&game.position));
        } else {
            println!("{}", G::format_compact(&game.position));
        }
        if let Some(end) = game.end() {
            eprintln!("game over: {} ({})", end.outcome, end.rule);
        }
        Status::Ok
    }
}
