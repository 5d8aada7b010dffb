//! A game's rules with its rulings bound once: [`Rules`], the calls an engine makes (legal moves,
//! play, the end, positions read and checked) without passing the rulings to each.
//!
//! ```
//! use bao_rules::{Kingulu, Rules, RulingSet};
//!
//! let rules = Rules::<Kingulu>::from_set(&RulingSet::new())?;
//! let start = rules.start();
//! let moves = rules.legal_moves(&start)?;
//! let next = rules.play(&start, moves[0])?;
//! assert_eq!(next.side_to_move(), bao_rules::Side::North);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::game::{Event, Game, GameEnd, Generated, Notation, PositionError, Rejection};
use crate::play::{MoveError, Playthrough};
use crate::rulings::{RulingError, RulingSet};

/// The legal moves that were decided, when some candidate moves could not be: their relay neither
/// ended nor repeated within the cycle detector's budget, so they are neither legal nor illegal.
/// The answer of a `legal_moves` that would otherwise leave them out in silence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incomplete<M> {
    /// The moves known to be legal, in canonical order.
    pub legal: Vec<M>,
    /// How many candidate moves were left undecided.
    pub undecided: u32,
}

impl<M> Incomplete<M> {
    /// The list as [`Generated`] reports it: `Ok` when every candidate was decided.
    pub fn check(legal: Vec<M>, generated: Generated) -> Result<Vec<M>, Incomplete<M>> {
        if generated.undecided == 0 {
            Ok(legal)
        } else {
            Err(Incomplete {
                legal,
                undecided: generated.undecided,
            })
        }
    }

    /// The moves known to be legal, ignoring the undecided ones on purpose.
    pub fn into_legal(self) -> Vec<M> {
        self.legal
    }

    /// The same answer with each move turned into `f(move)`.
    pub fn map<N>(self, f: impl FnMut(M) -> N) -> Incomplete<N> {
        Incomplete {
            legal: self.legal.into_iter().map(f).collect(),
            undecided: self.undecided,
        }
    }
}

impl<M> fmt::Display for Incomplete<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} legal moves, and {} candidate moves undecided: their relay neither ended nor \
             repeated within the cycle detector's budget",
            self.legal.len(),
            self.undecided
        )
    }
}

impl<M: fmt::Debug> std::error::Error for Incomplete<M> {}

/// An error that gives back what it refused (a position, a game), so that nothing is lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused<T, E> {
    /// What was refused, unchanged.
    pub value: T,
    /// Why.
    pub error: E,
}

impl<T, E> Refused<T, E> {
    /// What was refused, unchanged.
    pub fn into_inner(self) -> T {
        self.value
    }
}

impl<T, E: fmt::Display> fmt::Display for Refused<T, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl<T: fmt::Debug, E: fmt::Display + fmt::Debug> std::error::Error for Refused<T, E> {}

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
    pub fn legal_moves(&self, pos: &G::Position) -> Result<Vec<G::Move>, Incomplete<G::Move>> {
        let mut moves = Vec::new();
        if G::game_end(pos, &self.rulings).is_some() {
            return Ok(moves);
        }
        let generated = G::legal_moves(pos, &self.rulings, &mut moves);
        Incomplete::check(moves, generated)
    }

    /// Plays `mv` on `pos`: the position after it, or why the rules refuse it.
    pub fn play(&self, pos: &G::Position, mv: G::Move) -> Result<G::Position, Rejection> {
        G::play(pos, &self.rulings, mv, &mut ())
    }

    /// [`Rules::play`] with what the move did, in order.
    pub fn play_with_events(
        &self,
        pos: &G::Position,
        mv: G::Move,
    ) -> Result<(G::Position, Vec<Event>), Rejection> {
        let mut events = Vec::new();
        let next = G::play(pos, &self.rulings, mv, &mut events)?;
        Ok((next, events))
    }

    /// The end of the game if `pos` is final (repetition aside: see [`Playthrough`]).
    pub fn game_end(&self, pos: &G::Position) -> Option<GameEnd> {
        G::game_end(pos, &self.rulings)
    }

    /// Reads a position (compact or diagram) that the rules allow.
    pub fn parse_position(&self, text: &str) -> Result<G::Position, PositionError> {
        G::parse_position_under(text, &self.rulings)
    }

    /// `pos` if it is a position these rules allow; otherwise why not, with `pos` given back.
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
            let next = rules.play(&start, mv).unwrap();
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
        assert!(rules.game_end(&over).is_some());
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
