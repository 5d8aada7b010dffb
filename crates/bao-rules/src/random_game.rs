//! Seeded random games: every ply a uniformly chosen legal move, until the game ends (by the
//! position or by repetition) or a ply limit is reached. Used to generate the corpus, by property
//! tests, and by benchmarks; the oracle writes them as records.

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
}
