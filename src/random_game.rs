//! Seeded random games: every ply a uniformly chosen legal move, until the game ends (by the
//! position or by repetition) or a ply limit is reached. Used to generate the corpus, by property
//! tests, and by benchmarks.

use std::fmt::Write as _;

use crate::game::{Game, GameEnd};
use crate::play::Playthrough;
use crate::rng::SplitMix64;

/// A finished (or cut off) random game.
#[derive(Clone, Debug)]
pub struct RandomGame<G: Game> {
    pub start: G::Position,
    pub seed: u64,
    pub moves: Vec<G::Move>,
    /// `None` if the ply limit was reached first.
    pub end: Option<GameEnd>,
    /// Plies at which some candidate move was left out as undecided.
    pub undecided_plies: usize,
}

/// Plays a random game from `start` with `seed`, at most `max_plies` plies.
pub fn random_game<G: Game>(
    start: &G::Position,
    rulings: &G::Rulings,
    seed: u64,
    max_plies: usize,
) -> RandomGame<G> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Playthrough::<G>::new(start.clone(), rulings.clone());
    let mut moves = Vec::new();
    let mut legal = Vec::new();
    let mut undecided_plies = 0;
    while game.end().is_none() && moves.len() < max_plies {
        let generated = G::legal_moves(game.position(), game.rulings(), &mut legal);
        if generated.undecided > 0 {
            undecided_plies += 1;
        }
        if legal.is_empty() {
            // Only possible when every candidate was undecided: the game cannot go on.
            break;
        }
        let mv = legal[rng.below(legal.len())];
        game.play(mv, &mut ()).expect("a listed move plays");
        moves.push(mv);
    }
    RandomGame {
        start: start.clone(),
        seed,
        moves,
        end: game.end(),
        undecided_plies,
    }
}

impl<G: Game> RandomGame<G> {
    /// `south`, `north`, `draw` or `unfinished`, as records write it.
    pub fn result(&self) -> &'static str {
        self.end.map_or("unfinished", |end| end.outcome.name())
    }

    /// The game as a YAML game record. `source` is its provenance; `start` is written only if
    /// `with_start` (the standard start needs no `start:`); `rulings` are the non-default ones.
    pub fn to_record(
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
