//! Checks another engine's game against the rules: `check_moves RULESET < moves.txt`, the moves
//! it played from the start, whitespace-separated. Exit status 1 at the first move the rules refuse.

use bao_rules::{Game, Playthrough, RulingSet, with_game};
use std::io::Read;

fn check<G: Game>(moves: &str) -> Result<usize, String> {
    let rulings = RulingSet::new().resolve::<G>().map_err(|e| e.to_string())?;
    let mut game = Playthrough::<G>::new(G::start(), rulings);
    for (ply, text) in moves.split_whitespace().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("ply {}, {text}: {} ({})", ply + 1, e.message, e.code()))?;
    }
    Ok(moves.split_whitespace().count())
}

fn main() {
    let ruleset = std::env::args().nth(1).unwrap_or_default();
    let mut moves = String::new();
    std::io::stdin()
        .read_to_string(&mut moves)
        .expect("moves on standard input");
    let checked = with_game!(ruleset.as_str(), G => check::<G>(&moves));
    match checked.unwrap_or_else(|| Err(format!("`{ruleset}` is not a ruleset"))) {
        Ok(n) => println!("{n} moves, all legal"),
        Err(why) => {
            println!("{why}");
            std::process::exit(1);
        }
    }
}
