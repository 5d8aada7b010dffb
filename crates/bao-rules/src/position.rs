//! The one face of a position: [`Position`], what every game's position answers — its game, the
//! side to move, the seeds in a hole, the seeds off the board, its written forms and its game's
//! start. Each game's own position type implements it (with [`fmt::Display`] for its compact form,
//! `{:#}` for its diagram, [`std::str::FromStr`] reading either, and [`Default`] its start), and so
//! does `AnyPosition`, a position of any game chosen at run time: the crate's front page lists
//! them. A game's `Game::Position` is bound by this trait, so a new game cannot leave it out.
//!
//! ```
//! use bao_rules::games::four_by_eight::{KetePosition, ZanzibarPosition};
//! use bao_rules::{AnyPosition, Position, Ruleset, Side};
//!
//! fn describe(pos: &impl Position) -> String {
//!     format!("{} to move, {:?} off the board", pos.side_to_move(), pos.stores())
//! }
//!
//! let kete = KetePosition::default();
//! assert_eq!(kete.ruleset(), Ruleset::Kete);
//! assert_eq!(kete.to_string().parse::<KetePosition>()?, kete);
//! assert_eq!(describe(&kete), "south to move, [22, 22] off the board");
//! let any = AnyPosition::parse(Ruleset::Zanzibar, &ZanzibarPosition::default().to_string())?;
//! assert_eq!((any.ruleset(), any.seeds(4), any.side_to_move()), (Ruleset::Zanzibar, 6, Side::South));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::hash::Hash;

use crate::board::Board;
use crate::ruleset::Ruleset;
use crate::types::Side;

/// What every game's position answers (see the module docs for the types that implement it).
/// Its [`fmt::Display`] is the compact form, `{:#}` the diagram.
pub trait Position: Clone + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// The game the position is of.
    fn ruleset(&self) -> Ruleset;
    /// The standard start of the position's game.
    fn game_start(&self) -> Self;
    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// The number of holes of the board; holes are `0..hole_count()`, named by the ruleset's
    /// `hole_name`.
    fn hole_count(&self) -> u8;
    /// The seeds in `hole` (Bao la Kimasai: 1 for a stone); 0 for a hole the board lacks.
    fn seeds(&self, hole: u8) -> u16;
    /// The seeds off the board, `[south, north]`: the reserves (stores) of the 4×8 games, the seeds
    /// each side captured in Bao Kingulu, none in Bao la Kimasai.
    fn stores(&self) -> [u16; 2];
    /// The position as a picture draws it.
    fn board(&self) -> Board;
    /// The one-line compact form (as [`fmt::Display`] writes it).
    fn compact(&self) -> String {
        self.to_string()
    }
    /// The multi-line diagram, North on top (as `{:#}` writes it).
    fn diagram(&self) -> String {
        format!("{self:#}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::{Kete, Kimasai, Kingulu, Zanzibar};

    /// Every game's position reads back what it writes, in both forms, and counts its seeds.
    fn answers_as_its_game<G: Game>(seeds: u32)
    where
        G::Position: std::str::FromStr<Err = crate::PositionError>,
    {
        let start = G::Position::default();
        assert_eq!(start, G::start());
        assert_eq!(start.ruleset().name(), G::RULESET);
        assert_eq!(start.game_start(), start);
        assert_eq!(start.compact(), G::format_compact(&start));
        assert_eq!(start.diagram(), G::format_diagram(&start));
        assert_eq!(start.compact().parse::<G::Position>(), Ok(start.clone()));
        assert_eq!(start.diagram().parse::<G::Position>(), Ok(start.clone()));
        assert_eq!(start.side_to_move(), Side::South);
        let on_board: u32 = (0..start.hole_count()).map(|h| start.seeds(h) as u32).sum();
        let off: u32 = start.stores().iter().map(|&n| n as u32).sum();
        assert_eq!(on_board + off, seeds, "{}", G::RULESET);
        assert_eq!(start.seeds(start.hole_count()), 0);
    }

    #[test]
    fn every_game_answers_as_its_game() {
        answers_as_its_game::<Kingulu>(48);
        answers_as_its_game::<Kete>(64);
        answers_as_its_game::<Kimasai>(46);
        answers_as_its_game::<Zanzibar>(64);
    }

    /// Bao la Kete and Bao la Kiswahili share one engine, but neither a position nor a move of
    /// one is the other's.
    #[test]
    fn the_4x8_games_have_types_of_their_own() {
        use std::any::TypeId;
        type P<G> = <G as Game>::Position;
        type M<G> = <G as Game>::Move;
        assert_ne!(TypeId::of::<P<Kete>>(), TypeId::of::<P<Zanzibar>>());
        assert_ne!(TypeId::of::<M<Kete>>(), TypeId::of::<M<Zanzibar>>());
        assert_eq!(Kete::start().ruleset(), crate::Ruleset::Kete);
        assert_eq!(Zanzibar::start().ruleset(), crate::Ruleset::Zanzibar);
    }

    /// Positions travel as their compact form and come back; moves and events are written.
    #[cfg(feature = "serde")]
    #[test]
    fn positions_moves_and_events_serialize() {
        let mut game = crate::play::Playthrough::<Kete>::default();
        let pos = *game.position();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, format!("\"{}\"", pos.compact()));
        let back: crate::games::four_by_eight::KetePosition = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos);
        let played = game.play_text("A6>").unwrap();
        let mv = serde_json::to_value(played.mv).unwrap();
        assert_eq!(
            serde_json::from_value::<crate::games::four_by_eight::KeteMove>(mv).unwrap(),
            played.mv
        );
        let events = serde_json::to_string(&played.events).unwrap();
        assert!(events.contains("\"event\":\"lap\""), "{events}");
    }
}
