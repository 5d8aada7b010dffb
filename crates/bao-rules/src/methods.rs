//! Methods on a game in progress, so that an engine writes `game.side_to_move()` and
//! `game.board()` rather than `Kingulu::side_to_move(game.position())`. Each delegates to the
//! game's [`Game`] function, the one implementation; a position answers through
//! [`crate::Position`].

use crate::board::Board;
use crate::bound::Refused;
use crate::game::{Game, Side};
use crate::play::{MoveError, PlayedWithEvents, Playthrough};

impl<G: Game> Playthrough<G> {
    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        G::side_to_move(self.position())
    }

    /// The position as a picture draws it.
    pub fn board(&self) -> Board {
        G::board(self.position())
    }

    /// The leaves of the move tree to `depth` plies ([`crate::perft()`]).
    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft::<G>(self.position(), self.rulings(), depth)
    }

    /// [`Playthrough::perft`], asking `go_on` between subtrees: `None` once it says no
    /// ([`crate::perft::perft_until`]).
    pub fn perft_until(&self, depth: u32, go_on: &mut dyn FnMut() -> bool) -> Option<u64> {
        crate::perft::perft_until::<G>(self.position(), self.rulings(), depth, go_on)
    }

    /// [`Playthrough::perft`] split by first move, in canonical order ([`crate::perft::divide`]).
    pub fn divide(&self, depth: u32) -> Vec<(G::Move, u64)> {
        crate::perft::divide::<G>(self.position(), self.rulings(), depth)
    }

    /// [`Playthrough::play_text`] by value: the game after the move and what it did.
    ///
    /// # Errors
    ///
    /// The move's refusal ([`Playthrough::play_text`]), with the game given back unchanged.
    #[allow(clippy::type_complexity)]
    pub fn after(
        mut self,
        text: &str,
    ) -> Result<(Self, PlayedWithEvents<G::Move>), Box<Refused<Self, MoveError<G::Move>>>> {
        match self.play_text(text) {
            Ok(played) => Ok((self, played)),
            Err(error) => Err(Box::new(Refused { value: self, error })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::games::Kingulu;

    #[test]
    fn a_refused_move_gives_the_game_back() {
        let game = Playthrough::<Kingulu>::default();
        let refused = game.clone().after("A9").unwrap_err();
        assert_eq!(
            refused.value.position().compact(),
            game.position().compact()
        );
        let (after, played) = refused.into_inner().after("A3").unwrap();
        assert_eq!(after.side_to_move(), Side::North);
        assert!(!played.events.is_empty() && after.end().is_none());
        assert!(!after.legal_moves().unwrap().is_empty());
    }
}
