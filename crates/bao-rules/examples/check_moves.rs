//! Checks another engine's game against the rules: `check_moves RULESET < moves.txt`, the moves
//! it played from the start, whitespace-separated. Exit status 1 at the first move the rules refuse.

use bao_rules::{AnyGame, Ruleset};
use std::io::Read;

fn check(ruleset: &str, moves: &str) -> Result<usize, String> {
    let ruleset: Ruleset = ruleset.parse().map_err(|e| format!("{e}"))?;
    let mut game = AnyGame::new(ruleset);
    for (ply, text) in moves.split_whitespace().enumerate() {
        game.play_text(text)
            .map_err(|e| format!("ply {}, {text}: {} ({})", ply + 1, e.message, e.code()))?;
    }
    Ok(moves.split_whitespace().count())
}

fn main() {
    let ruleset = std::env::args().nth(1).unwrap_or_default();
    let mut moves = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut moves) {
        println!("cannot read the moves: {e}");
        std::process::exit(2);
    }
    match check(&ruleset, &moves) {
        Ok(n) => println!("{n} moves, all legal"),
        Err(why) => {
            println!("{why}");
            std::process::exit(1);
        }
    }
}
