//! Seeded random games ([`bao_rules::random_game`]) written as YAML game records.

use std::fmt::Write as _;

pub use bao_rules::random_game::{RandomGame, random_game};

use crate::game::Game;

/// A random game written as a game record.
pub trait ToRecord {
    /// The game as a YAML game record. `source` is its provenance; `start` is written only if
    /// `with_start` (the standard start needs no `start:`); `rulings` are the non-default ones.
    fn to_record(
        &self,
        source: &str,
        with_start: bool,
        preset: Option<&str>,
        rulings: &[(String, String)],
    ) -> String;
}

impl<G: Game> ToRecord for RandomGame<G> {
    /// The game as a YAML game record. `source` is its provenance; `start` is written only if
    /// `with_start` (the standard start needs no `start:`); `rulings` are the non-default ones.
    fn to_record(
        &self,
        source: &str,
        with_start: bool,
        preset: Option<&str>,
        rulings: &[(String, String)],
    ) -> String {
        let mut doc = String::new();
        let _ = writeln!(doc, "ruleset: {}", G::RULESET);
        let ending = match self.end {
            Some(end) => match end.score {
                Some([s, n]) => format!("ends {} by {}, {s}-{n}", self.result(), end.rule),
                None => format!("ends {} by {}", self.result(), end.rule),
            },
            None => format!("cut off after {} plies", self.moves.len()),
        };
        let _ = writeln!(
            doc,
            "title: {}",
            yaml_scalar(&format!("Random game, seed {}, {ending}", self.seed))
        );
        let _ = writeln!(doc, "source: {}", yaml_scalar(source));
        if with_start {
            let _ = writeln!(
                doc,
                "start: {}",
                yaml_scalar(&G::format_compact(&self.start))
            );
        }
        if let Some(preset) = preset {
            let _ = writeln!(doc, "preset: {}", yaml_scalar(preset));
        }
        if !rulings.is_empty() {
            let pairs: Vec<String> = rulings.iter().map(|(k, v)| format!("{k}: {v}")).collect();
            let _ = writeln!(doc, "rulings: {{{}}}", pairs.join(", "));
        }
        doc.push_str("moves: [");
        for (j, mv) in self.moves.iter().enumerate() {
            if j > 0 {
                doc.push_str(if j % 16 == 0 { ",\n  " } else { ", " });
            }
            doc.push_str(&yaml_scalar(&G::format_move(*mv)));
        }
        doc.push_str("]\n");
        let _ = writeln!(doc, "result: {}", self.result());
        doc
    }
}

/// A YAML scalar: plain where that is safe, double-quoted (JSON-style escapes) otherwise.
pub fn yaml_scalar(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " ,.-()".contains(c))
        && text.starts_with(|c: char| c.is_ascii_alphanumeric())
        && !text.ends_with(' ');
    if plain {
        text.to_string()
    } else {
        serde_json::to_string(text).expect("a string serialises")
    }
}
