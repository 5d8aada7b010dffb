//! A game's rules with its rulings bound once: [`Rules`], the calls an engine makes (legal moves,
//! play, the end, positions read and checked) without passing the rulings to each.
//!
//! ```
//! use bao_rules::{Kingulu, Rules, RulingSet};
//!
//! let rules = Rules::<Kingulu>::from_set(&RulingSet::new())?;
//! let start = rules.start();
//! let moves = rules.legal_moves(&start)?;
//! let next = rules.play(&start, moves[0], &mut ())?;
//! assert_eq!(next.side_to_move(), bao_rules::Side::North);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::game::{Game, GameEnd, Notation, PositionError, Rejection, Sink};
use crate::play::{MoveError, Playthrough};
use crate::rulings::{RulingError, RulingSet};
pub use crate::types::{Incomplete, Refused};

/// Game `G`'s rules under rulings chosen once. Cheap to clone (the rulings are a few enums).
pub struct Rules<G: Game> {
    rulings: G::Rulings,
}

// By hand: derives would ask `G: Clone` (`Default`, `Debug`) of the game type itself.
impl<G: Game> Clone for Rules<G> {
    fn clone(&self) -> Self {
        Rules {
            rulings: self.rulings.clone(),
        }
    }
}

impl<G: Game> Default for Rules<G> {
    /// The reference's rules: every ruling at its default.
    fn default() -> Self {
        Rules {
            rulings: G::Rulings::default(),
        }
    }
}

impl<G: Game> fmt::Debug for Rules<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rules")
            .field("game", &G::RULESET)
            .field("rulings", &self.rulings)
            .finish()
    }
}

impl<G: Game> Rules<G> {
    /// The rules under `rulings`, already resolved.
    pub fn new(rulings: G::Rulings) -> Self {
        Rules { rulings }
    }

    /// The rules under the rulings `set` selects (checked against the game's rulings).
    ///
    /// # Errors
    ///
    /// `RulingError`: a ruling, value or preset the game does not have, in words.
    pub fn from_set(set: &RulingSet) -> Result<Self, RulingError> {
        set.resolve::<G>().map(Rules::new)
    }

    /// The rulings bound.
    pub fn rulings(&self) -> &G::Rulings {
        &self.rulings
    }

    /// The standard start position.
    pub fn start(&self) -> G::Position {
        G::start()
    }

    /// The legal moves of `pos` in canonical order, or, when some candidate moves could not be
    /// decided, the ones that were and how many were not. A finished game has no moves.
    ///
    /// # Errors
    ///
    /// `Incomplete` when some candidate moves could not be decided: the ones that were, and how many were not.
    pub fn legal_moves(&self, pos: &G::Position) -> Result<Vec<G::Move>, Incomplete<G::Move>> {
        let mut moves = Vec::new();
        if G::end(pos, &self.rulings).is_some() {
            return Ok(moves);
        }
        let generated = G::legal_moves(pos, &self.rulings, &mut moves);
        Incomplete::check(moves, generated)
    }

    /// Plays `mv` on `pos`: the position after it, its events to `sink` (`&mut ()` for none, a
    /// `Vec<Event>` to keep them), as [`Game::play`] does.
    ///
    /// # Errors
    ///
    /// [`Rejection`]: why the rules refuse the move (illegal, with its rule, or undecided).
    pub fn play<S: Sink>(
        &self,
        pos: &G::Position,
        mv: G::Move,
        sink: &mut S,
    ) -> Result<G::Position, Rejection> {
        G::play(pos, &self.rulings, mv, sink)
    }

    /// The end of the game if `pos` is final (repetition aside: see [`Playthrough`]).
    pub fn end(&self, pos: &G::Position) -> Option<GameEnd> {
        G::end(pos, &self.rulings)
    }

    /// Reads a position (compact or diagram) that the rules allow.
    ///
    /// # Errors
    ///
    /// `PositionError`: the text or the parts are no valid position of the game (with the rule broken, where one is).
    pub fn parse_position(&self, text: &str) -> Result<G::Position, PositionError> {
        G::parse_position_under(text, &self.rulings)
    }

    /// `pos` if it is a position these rules allow; otherwise why not, with `pos` given back.
    ///
    /// # Errors
    ///
    /// `PositionError`: the text or the parts are no valid position of the game (with the rule broken, where one is).
    pub fn check_position(
        &self,
        pos: G::Position,
    ) -> Result<G::Position, Refused<G::Position, PositionError>> {
        match G::check_position(&pos, &self.rulings) {
            Ok(()) => Ok(pos),
            Err(error) => Err(Refused { value: pos, error }),
        }
    }

    /// The legal move of `pos` that `text` (canonical notation) names, without playing it.
    ///
    /// # Errors
    ///
    /// `MoveError`: why the move did not play, with its code (see the module docs of `play`).
    pub fn parse_move(&self, pos: &G::Position, text: &str) -> Result<G::Move, MoveError<G::Move>> {
        self.game(pos.clone()).resolve_text(text)
    }

    /// `mv`, a legal move of `pos`, written in `notation` (one of [`Game::NOTATIONS`]).
    pub fn move_text(&self, notation: Notation, pos: &G::Position, mv: G::Move) -> String {
        G::format_move_in(notation, pos, &self.rulings, mv)
    }

    /// The number of leaves of the move tree of `pos` to `depth` plies ([`crate::perft()`]).
    pub fn perft(&self, pos: &G::Position, depth: u32) -> u64 {
        crate::perft::perft::<G>(pos, &self.rulings, depth)
    }

    /// A game in progress from `pos` under these rules (its repetition rule counts from here).
    pub fn game(&self, pos: G::Position) -> Playthrough<G> {
        Playthrough::new(pos, self.rulings.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Generated;
    use crate::games::{Kete, Kimasai, Kingulu};

    #[test]
    fn bound_rulings_play_as_the_trait_does() {
        let rules = Rules::<Kete>::default();
        let start = rules.start();
        let moves = rules.legal_moves(&start).unwrap();
        let mut listed = Vec::new();
        let _ = Kete::legal_moves(&start, rules.rulings(), &mut listed);
        assert_eq!(moves, listed);
        for &mv in &moves {
            let next = rules.play(&start, mv, &mut ()).unwrap();
            assert_eq!(
                next,
                Kete::play(&start, rules.rulings(), mv, &mut ()).unwrap()
            );
        }
    }

    #[test]
    fn parse_move_names_a_legal_move() {
        let rules = Rules::<Kingulu>::default();
        let start = rules.start();
        let mv = rules.parse_move(&start, "A3").unwrap();
        assert_eq!(rules.move_text(Notation::Canonical, &start, mv), "A3");
        assert!(rules.parse_move(&start, "A9").is_err());
    }

    #[test]
    fn a_finished_game_has_no_moves() {
        let rules = Rules::<Kimasai>::default();
        let over = rules
            .parse_position("000000000000/000000000000/000100000000/000000001000 N")
            .unwrap();
        assert!(rules.end(&over).is_some());
        assert_eq!(rules.legal_moves(&over), Ok(Vec::new()));
    }

    #[test]
    fn incomplete_lists_say_so() {
        let generated = Generated { undecided: 2 };
        let error = Incomplete::check(vec![1, 2], generated).unwrap_err();
        assert_eq!((error.legal.len(), error.undecided), (2, 2));
        assert!(error.to_string().contains("2 candidate moves undecided"));
        assert_eq!(
            Incomplete::check(vec![1], Generated::default()),
            Ok(vec![1])
        );
    }
}
