use clap::Args;

use super::{Status, UsageError, with_game};
use crate::explain::{Comparison, Explanation, Verdict, compare, explain};
use crate::game::Game;
use crate::games::GameVisitor;
use crate::rulings::RulingSet;

#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The ruleset: bao-kingulu, bao-la-kimasai, bao-la-kete.
    #[arg(value_name = "RULESET")]
    pub ruleset: Option<String>,
    /// The move to explain.
    #[arg(value_name = "MOVE")]
    pub mv: Option<String>,
    /// A position in compact or diagram form (default: the standard start).
    #[arg(long, short = 'p')]
    pub position: Option<String>,
    /// A non-default ruling, NAME=VALUE (repeatable).
    #[arg(long = "ruling", value_name = "NAME=VALUE")]
    pub rulings: Vec<String>,
    /// Explain the move under this ruling too, and show where the two traces first depart.
    #[arg(long = "compare-ruling", value_name = "NAME=VALUE")]
    pub compare: Option<String>,
}

pub fn run(args: ExplainArgs) -> Status {
    let (Some(ruleset), Some(mv)) = (args.ruleset.clone(), args.mv.clone()) else {
        return UsageError::new("usage", "explain takes a ruleset and a move: RULESET MOVE")
            .report();
    };
    with_game(
        &ruleset,
        Explain {
            position: args.position,
            rulings: args.rulings,
            compare: args.compare,
            mv,
        },
    )
}

/// What to explain, once the game is known.
struct Explain {
    position: Option<String>,
    rulings: Vec<String>,
    compare: Option<String>,
    mv: String,
}

impl GameVisitor for Explain {
    type Output = Status;
    fn visit<G: Game>(self) -> Status {
        let position = match &self.position {
            None => G::start(),
            Some(text) => match G::parse_position(text) {
                Ok(p) => p,
                Err(e) => {
                    let rule = e.rule.map(|r| format!(" ({r})")).unwrap_or_default();
                    return UsageError::new("bad-position", format!("{}{rule}", e.message))
                        .report();
                }
            },
        };
        match &self.compare {
            None => {
                let set = match RulingSet::from_assignments(self.rulings.iter().map(String::as_str))
                {
                    Ok(set) => set,
                    Err(e) => return UsageError::new("unknown-ruling", e.message).report(),
                };
                match explain::<G>(&position, &set, &self.mv) {
                    Ok(e) => {
                        print!("{}", e.render());
                        status(&e)
                    }
                    Err(e) => UsageError::new("unknown-ruling", e.message).report(),
                }
            }
            Some(assignment) => {
                let (name, value) = match RulingSet::parse_assignment(assignment) {
                    Ok(x) => x,
                    Err(e) => return UsageError::new("unknown-ruling", e.message).report(),
                };
                match compare::<G>(&position, &self.rulings, &name, &value, &self.mv) {
                    Ok(c) => {
                        print!("{}", c.render());
                        compared_status(&c)
                    }
                    Err(e) => UsageError::new("unknown-ruling", e.message).report(),
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

/// A comparison answers by the rulings in force before the compared one.
fn compared_status(c: &Comparison) -> Status {
    status(&c.base)
}
