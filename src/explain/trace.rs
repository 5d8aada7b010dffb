//! A move's full trace as plain text: the position before it, every event in order with the rule
//! behind it, and the position after it (or why the move was refused). The spec's snapshots pin
//! these traces for the ambiguities of the references.

use std::fmt::Write as _;

use bao_rules::game::Game;
use bao_rules::play::Playthrough;

/// Column at which the rule ids of events start.
const RULE_COLUMN: usize = 44;

/// The position of `game` as a diagram, with the game's end if it is over.
pub fn render_position<G: Game>(game: &Playthrough<G>) -> String {
    let mut out = G::format_diagram(game.position());
    if !out.ends_with('\n') {
        out.push('\n');
    }
    if let Some(end) = game.end() {
        let _ = writeln!(out, "game over: {} ({})", end.outcome, end.rule);
    }
    out
}

/// Plays `text` on `game` (ply `ply` of the game) and renders its trace.
pub fn trace_move<G: Game>(game: &mut Playthrough<G>, ply: usize, text: &str) -> String {
    let mover = G::side_to_move(game.position());
    let mut out = String::new();
    let _ = writeln!(out, "before:");
    out.push_str(&indent(&render_position(game)));
    match game.play_text(text) {
        Err(error) => {
            let _ = writeln!(out, "ply {ply}: {text} ({mover})");
            let _ = writeln!(out, "  refused: {}", error.describe());
        }
        Ok(played) => {
            let _ = writeln!(out, "ply {ply}: {} ({mover})", G::format_move(played.mv));
            for event in &played.events {
                let _ = writeln!(
                    out,
                    "  {:<width$}  {}",
                    event.describe::<G>(),
                    event.rule(),
                    width = RULE_COLUMN
                );
            }
            for claim in &played.false_claims {
                let _ = writeln!(out, "  false claim: {} ({})", claim.message, claim.rule);
            }
            let _ = writeln!(out, "after:");
            out.push_str(&indent(&render_position(game)));
        }
    }
    out
}

/// Every line of `text` indented by two spaces.
pub fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::games::Kimasai;

    #[test]
    fn traces_the_opening_capture() {
        let mut game = Playthrough::<Kimasai>::new(Kimasai::start(), ());
        let text = trace_move(&mut game, 1, "A2xx");
        assert!(text.contains("ply 1: A2 (south)"), "{text}");
        assert!(text.contains("capture 1 from a12"), "{text}");
        let capture = text.lines().find(|l| l.contains("from b12")).unwrap();
        assert!(capture.ends_with(" MAS-7"), "{text}");
        assert!(text.contains("north to move"), "{text}");
    }

    #[test]
    fn traces_a_refused_move() {
        let mut game = Playthrough::<Kimasai>::new(Kimasai::start(), ());
        let text = trace_move(&mut game, 1, "A3");
        assert!(text.contains("refused: illegal-move (MAS-5)"), "{text}");
        assert!(!text.contains("after:"), "{text}");
    }
}
