//! Methods on the games' positions and on a game in progress, so that an engine writes
//! `pos.side_to_move()` and `game.compact()` rather than `Kingulu::side_to_move(&pos)`. Each
//! delegates to the game's [`Game`] function, the one implementation; the trait's functions stay
//! for code that is generic over the games.

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::bound::{Incomplete, Refused};
use crate::game::{Game, PositionError, Side};
use crate::games::{Kimasai, Kingulu, four_by_eight, kimasai, kingulu};
use crate::play::{MoveError, PlayedWithEvents, Playthrough};

impl kingulu::Position {
    /// The standard start (KIN-2).
    pub fn start() -> Self {
        Kingulu::start()
    }

    /// Reads a position in either written form (compact or diagram).
    pub fn parse(text: &str) -> Result<Self, PositionError> {
        Kingulu::parse_position(text)
    }

    /// The one-line compact form.
    pub fn compact(&self) -> String {
        Kingulu::format_compact(self)
    }

    /// The multi-line diagram, North on top.
    pub fn diagram(&self) -> String {
        Kingulu::format_diagram(self)
    }
}

impl kimasai::Position {
    /// The standard start (MAS-3).
    pub fn start() -> Self {
        Kimasai::start()
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        Kimasai::side_to_move(self)
    }

    /// Reads a position in either written form (compact or diagram).
    pub fn parse(text: &str) -> Result<Self, PositionError> {
        Kimasai::parse_position(text)
    }

    /// The one-line compact form.
    pub fn compact(&self) -> String {
        Kimasai::format_compact(self)
    }

    /// The multi-line diagram, North on top.
    pub fn diagram(&self) -> String {
        Kimasai::format_diagram(self)
    }
}

/// Positions of the games that have one position type of their own: the compact form.
macro_rules! display_and_parse {
    ($($game:ident :: $position:ty),*) => {
        $(
            impl fmt::Display for $position {
                fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str(&$game::format_compact(self))
                }
            }

            impl FromStr for $position {
                type Err = PositionError;
                fn from_str(text: &str) -> Result<Self, PositionError> {
                    $game::parse_position(text)
                }
            }
        )*
    };
}

display_and_parse!(Kingulu::kingulu::Position, Kimasai::kimasai::Position);

impl four_by_eight::Position {
    /// The side to move. (A position of Bao la Kete and of Bao la Kiswahili alike: how it is
    /// read and written depends on the game, [`crate::Kete`] or [`crate::Zanzibar`].)
    pub fn side_to_move(&self) -> Side {
        self.to_move()
    }
}

impl<G: Game> Playthrough<G> {
    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        G::side_to_move(self.position())
    }

    /// The legal moves in canonical order (none once the game is over), or, when some candidates
    /// could not be decided, the ones that were and how many were not.
    pub fn legal(&self) -> Result<Vec<G::Move>, Incomplete<G::Move>> {
        let (moves, generated) = self.legal_moves();
        Incomplete::check(moves, generated)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// The position in compact form.
    pub fn compact(&self) -> String {
        G::format_compact(self.position())
    }

    /// The position as a multi-line diagram, North on top.
    pub fn diagram(&self) -> String {
        G::format_diagram(self.position())
    }

    /// The position as a picture draws it.
    pub fn board(&self) -> Board {
        G::board(self.position())
    }

    /// The leaves of the move tree to `depth` plies ([`crate::perft()`]).
    pub fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft::<G>(self.position(), self.rulings(), depth)
    }

    /// [`Playthrough::play_text`] by value: the game after the move and what it did, or the
    /// error with the game given back unchanged.
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
    use crate::games::Kete;

    #[test]
    fn positions_answer_as_their_games() {
        let start = kingulu::Position::start();
        assert_eq!(start.side_to_move(), Side::South);
        assert_eq!(start.compact().parse::<kingulu::Position>(), Ok(start));
        assert_eq!(start.to_string(), start.compact());
        assert_eq!(kingulu::Position::parse(&start.diagram()), Ok(start));

        let start = kimasai::Position::start();
        assert_eq!(start.side_to_move(), Kimasai::side_to_move(&start));
        assert_eq!(start.to_string().parse::<kimasai::Position>(), Ok(start));
        assert_eq!(kimasai::Position::parse(&start.diagram()), Ok(start));

        assert_eq!(Kete::start().side_to_move(), Side::South);
    }

    #[test]
    fn a_refused_move_gives_the_game_back() {
        let game = Playthrough::<Kingulu>::new(Kingulu::start(), Default::default());
        let refused = game.clone().after("A9").unwrap_err();
        assert_eq!(refused.value.compact(), game.compact());
        let (after, played) = refused.into_inner().after("A3").unwrap();
        assert_eq!(after.side_to_move(), Side::North);
        assert!(!played.events.is_empty() && !after.is_over());
        assert_eq!(after.legal().unwrap(), after.legal_moves().0);
    }
}
