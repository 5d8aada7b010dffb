//! Any game, chosen at run time by its ruleset name: [`Ruleset`] names a game, [`AnyPosition`] is a
//! position of any of them and [`AnyGame`] a game in progress (its position, its rulings bound, its
//! history), as shakmaty's `VariantPosition` holds a position of any chess variant. They answer as
//! the compile-time types do: [`AnyPosition`] implements [`Position`], [`AnyGame`] implements
//! [`Play`] as [`Playthrough`] does. For bindings and tools that take the ruleset from their input;
//! code that knows its game at compile time uses [`Playthrough`] or [`crate::Rules`].
//!
//! Every type here is generated from the one registration of the games
//! ([`registered_games!`](crate::registered_games)): a new game adds no arm by hand.
//!
//! ```
//! use bao_rules::{AnyGame, Position, Ruleset, Setup};
//!
//! let ruleset: Ruleset = "bao-la-kete".parse()?;
//! let mut game = AnyGame::from_setup(ruleset, &Setup::default())?;
//! let moves = game.legal_texts()?;
//! assert!(moves.contains(&"A6>".to_string()));
//! game.play_text("A6>")?;
//! assert_eq!(game.position().side_to_move(), bao_rules::Side::North);
//! assert!(game.play_text("Z9").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::bound::{Incomplete, Refused};
use crate::code::Code;
use crate::description::Conformance;
use crate::game::{Event, Game, GameEnd, Notation, PositionError, Side, Sink};
use crate::play::{MoveError, MoveErrorKind, Play, Played, PlayedWithEvents, Playthrough, Undo};
use crate::position::Position;
pub use crate::ruleset::Ruleset;
use crate::rulings::{Preset, RulingDef};
use crate::setup::{Setup, SetupError};

/// A name that is no ruleset id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleset {
    /// The name as given.
    pub name: String,
}

impl UnknownRuleset {
    /// [`Code::UnknownRuleset`].
    pub fn code(&self) -> Code {
        Code::UnknownRuleset
    }
}

impl fmt::Display for UnknownRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::games::unknown_ruleset(&self.name))
    }
}

impl std::error::Error for UnknownRuleset {}

/// The run-time types, one variant for each registered game, named as its type.
macro_rules! run_time_types {
    ([] $($game:ident)*) => {
        /// A move of any game; its variant is its game's.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub enum AnyMove {
            $(
                #[doc = concat!("A move of [`crate::", stringify!($game), "`].")]
                $game(<crate::games::$game as Game>::Move),
            )*
        }

        /// A position of any game; its variant is its game's. It answers through
        /// [`Position`] as each game's own position type does.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub enum AnyPosition {
            $(
                #[doc = concat!("A position of [`crate::", stringify!($game), "`].")]
                $game(<crate::games::$game as Game>::Position),
            )*
        }

        /// A game in progress of any game: its position, its rulings (bound once, when it is set
        /// up), its notation and the history its repetition rule needs. It answers through
        /// [`Play`] as [`Playthrough`] does.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $(
                #[doc = concat!("A game of [`crate::", stringify!($game), "`].")]
                $game(Playthrough<crate::games::$game>),
            )*
        }

        /// What takes back a move of any game in progress ([`AnyGame::undo_point`]); its
        /// variant is its game's.
        #[derive(Clone, Debug)]
        pub enum AnyUndo {
            $(
                #[doc = concat!("A move's undoing in [`crate::", stringify!($game), "`].")]
                $game(Undo<crate::games::$game>),
            )*
        }

        $(
            impl Registered for crate::games::$game {
                fn ruleset() -> Ruleset {
                    Ruleset::$game
                }
                fn wrap(mv: Self::Move) -> AnyMove {
                    AnyMove::$game(mv)
                }
                fn unwrap(mv: AnyMove) -> Option<Self::Move> {
                    match mv {
                        AnyMove::$game(mv) => Some(mv),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
                fn position(pos: Self::Position) -> AnyPosition {
                    AnyPosition::$game(pos)
                }
                fn unwrap_position(pos: AnyPosition) -> Option<Self::Position> {
                    match pos {
                        AnyPosition::$game(pos) => Some(pos),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
                fn game(game: Playthrough<Self>) -> AnyGame {
                    AnyGame::$game(game)
                }
                fn undo(undo: Undo<Self>) -> AnyUndo {
                    AnyUndo::$game(undo)
                }
                fn unwrap_undo(undo: AnyUndo) -> Result<Undo<Self>, AnyUndo> {
                    match undo {
                        AnyUndo::$game(undo) => Ok(undo),
                        #[allow(unreachable_patterns)]
                        other => Err(other),
                    }
                }
            }
        )*
    };
}

crate::registered_games!(run_time_types[]);

/// `match $value { $Enum::Game($x) => { type $G = Game; $body } ... }` over every registered
/// game: the one match of the run-time types, generated. `$Enum` is `Ruleset` (no `$x`),
/// `AnyMove`, `AnyPosition` or `AnyGame`.
macro_rules! each {
    (Ruleset, $value:expr, $G:ident => $body:expr) => {
        crate::with_game!($value, $G => $body)
    };
    ($Enum:ident, $value:expr, $x:ident, $G:ident => $body:expr) => {
        crate::registered_games!(crate::any::__each_variant [$Enum ($value) $x $G ($body)])
    };
}

macro_rules! __each_variant {
    ([$Enum:ident ($value:expr) $x:ident $G:ident ($body:expr)] $($game:ident)*) => {
        match $value {
            $(
                $Enum::$game($x) => {
                    #[allow(dead_code)]
                    type $G = crate::games::$game;
                    $body
                }
            )*
        }
    };
}

pub(crate) use __each_variant;

impl Ruleset {
    /// The ruleset whose id is `name`.
    ///
    /// # Errors
    ///
    /// [`UnknownRuleset`] for a name that is no ruleset id, with the nearest one.
    pub fn from_name(name: &str) -> Result<Ruleset, UnknownRuleset> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| UnknownRuleset { name: name.into() })
    }

    /// The ruleset of game type `G`.
    pub fn of<G: Game>() -> Ruleset {
        G::start().ruleset()
    }

    /// The ruleset id ([`Game::RULESET`]).
    pub fn name(self) -> &'static str {
        each!(Ruleset, self, G => G::RULESET)
    }

    /// The game's name in words ([`Game::NAME`]).
    pub fn game_name(self) -> &'static str {
        each!(Ruleset, self, G => G::NAME)
    }

    /// The named rulings ([`Game::RULINGS`]).
    pub fn rulings(self) -> &'static [RulingDef] {
        each!(Ruleset, self, G => G::RULINGS)
    }

    /// The presets ([`Game::PRESETS`]).
    pub fn presets(self) -> &'static [Preset] {
        each!(Ruleset, self, G => G::PRESETS)
    }

    /// The engines' bugs the presets table names ([`Conformance::KNOWN_BUGS`]).
    pub fn known_bugs(self) -> &'static [crate::rulings::KnownBug] {
        each!(Ruleset, self, G => <G as Conformance>::KNOWN_BUGS)
    }

    /// The notations a record may be written in ([`Game::NOTATIONS`]).
    pub fn notations(self) -> &'static [Notation] {
        each!(Ruleset, self, G => G::NOTATIONS)
    }

    /// The forms a position is read and written in ([`Game::POSITION_FORMS`]).
    pub fn position_forms(self) -> &'static [crate::game::PositionForm] {
        each!(Ruleset, self, G => G::POSITION_FORMS)
    }

    /// The rule catalogue, as YAML ([`Game::CATALOGUE`]).
    pub fn catalogue(self) -> &'static str {
        each!(Ruleset, self, G => G::CATALOGUE)
    }

    /// The name of hole `index` (`A3`), `?` for no hole of the game.
    pub fn hole_name(self, index: u8) -> &'static str {
        each!(Ruleset, self, G => G::hole_name(index))
    }

    /// Runs `visitor` with this ruleset's game type.
    pub fn visit<V: crate::games::GameVisitor>(self, visitor: V) -> V::Output {
        each!(Ruleset, self, G => visitor.visit::<G>())
    }
}

impl FromStr for Ruleset {
    type Err = UnknownRuleset;
    fn from_str(name: &str) -> Result<Ruleset, UnknownRuleset> {
        Ruleset::from_name(name)
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl AnyMove {
    /// The game the move is of.
    pub fn ruleset(self) -> Ruleset {
        each!(AnyMove, self, _mv, G => G::ruleset())
    }
}

impl fmt::Display for AnyMove {
    /// The canonical spelling ([`Game::format_move`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(AnyMove, *self, mv, G => f.write_str(&G::format_move(mv)))
    }
}

/// A registered game's ties to the run-time types, generated with them for every game of the
/// registry: code generic over a game `G` moves its values in and out of [`AnyMove`],
/// [`AnyPosition`] and [`AnyGame`] with no match of its own.
///
/// ```
/// use bao_rules::{AnyPosition, Game, Kete, Kingulu, Registered};
///
/// let start = Kete::position(Kete::start());
/// assert_eq!(start, AnyPosition::start(bao_rules::Ruleset::Kete));
/// assert_eq!(Kete::unwrap_position(start), Some(Kete::start()));
/// assert_eq!(Kingulu::unwrap_position(start), None);
/// ```
pub trait Registered: Game {
    /// The game's ruleset.
    fn ruleset() -> Ruleset;
    /// `mv` as a move of any game.
    fn wrap(mv: Self::Move) -> AnyMove;
    /// `mv` as a move of this game; `None` for a move of another game.
    fn unwrap(mv: AnyMove) -> Option<Self::Move>;
    /// `pos` as a position of any game.
    fn position(pos: Self::Position) -> AnyPosition;
    /// `pos` as a position of this game; `None` for a position of another game.
    fn unwrap_position(pos: AnyPosition) -> Option<Self::Position>;
    /// `game` as a game in progress of any game.
    fn game(game: Playthrough<Self>) -> AnyGame;
    /// `undo` as a move's undoing in any game.
    fn undo(undo: Undo<Self>) -> AnyUndo;
    /// `undo` as a move's undoing in this game.
    ///
    /// # Errors
    ///
    /// `undo` given back when it is of another game.
    fn unwrap_undo(undo: AnyUndo) -> Result<Undo<Self>, AnyUndo>;
}

impl AnyPosition {
    /// The standard start of `ruleset`.
    pub fn start(ruleset: Ruleset) -> AnyPosition {
        each!(Ruleset, ruleset, G => G::position(G::start()))
    }

    /// Reads a position of `ruleset` in any of its written forms ([`Game::parse_position`]).
    ///
    /// # Errors
    ///
    /// [`PositionError`] for a text that is no position of the game.
    pub fn parse(ruleset: Ruleset, text: &str) -> Result<AnyPosition, PositionError> {
        each!(Ruleset, ruleset, G => G::parse_position(text).map(G::position))
    }

    /// The position written in `form` ([`Game::format_position`]).
    ///
    /// # Errors
    ///
    /// [`PositionError`] for a form the game lacks, or one with no field for something the
    /// position holds.
    pub fn format(&self, form: crate::game::PositionForm) -> Result<String, PositionError> {
        each!(AnyPosition, self, pos, G => G::format_position(form, pos))
    }
}

impl fmt::Display for AnyPosition {
    /// The compact form; `{:#}` the diagram.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(AnyPosition, self, pos, G => fmt::Display::fmt(pos, f))
    }
}

impl Position for AnyPosition {
    fn ruleset(&self) -> Ruleset {
        each!(AnyPosition, self, pos, G => Position::ruleset(pos))
    }
    fn game_start(&self) -> Self {
        AnyPosition::start(self.ruleset())
    }
    fn side_to_move(&self) -> Side {
        each!(AnyPosition, self, pos, G => Position::side_to_move(pos))
    }
    fn hole_count(&self) -> u8 {
        each!(AnyPosition, self, pos, G => Position::hole_count(pos))
    }
    fn seeds(&self, hole: u8) -> u16 {
        each!(AnyPosition, self, pos, G => Position::seeds(pos, hole))
    }
    fn stores(&self) -> [u16; 2] {
        each!(AnyPosition, self, pos, G => Position::stores(pos))
    }
    fn board(&self) -> Board {
        each!(AnyPosition, self, pos, G => Position::board(pos))
    }
}

fn any_error<G: Registered>(error: MoveError<G::Move>) -> MoveError<AnyMove> {
    error.map_moves(G::wrap)
}

/// `mv` as a move of game `G`.
fn own_move<G: Registered>(mv: AnyMove) -> Result<G::Move, MoveError<AnyMove>> {
    G::unwrap(mv).ok_or_else(|| {
        MoveError::new(
            MoveErrorKind::NotNotation,
            None,
            format!(
                "`{mv}` is a move of {}, not of {}",
                mv.ruleset().game_name(),
                G::NAME
            ),
        )
    })
}

impl AnyGame {
    /// The standard start of `ruleset` under its default rulings.
    pub fn new(ruleset: Ruleset) -> AnyGame {
        each!(Ruleset, ruleset, G => G::game(Playthrough::default()))
    }

    /// The game `setup` describes for `ruleset` (start, first, rulings, preset, notation,
    /// history; see [`crate::setup`]).
    ///
    /// # Errors
    ///
    /// [`SetupError`]: the setup's first field that is wrong for the game, with its code.
    pub fn from_setup(ruleset: Ruleset, setup: &Setup) -> Result<AnyGame, SetupError> {
        each!(Ruleset, ruleset, G => Playthrough::<G>::from_setup(setup).map(G::game))
    }

    /// The game of `ruleset` from the position `text` (compact or diagram), default rulings.
    ///
    /// # Errors
    ///
    /// [`SetupError`] for a text that is no position of the game.
    pub fn from_position(ruleset: Ruleset, text: &str) -> Result<AnyGame, SetupError> {
        let setup = Setup {
            start: Some(text.into()),
            ..Setup::default()
        };
        AnyGame::from_setup(ruleset, &setup)
    }

    /// The game's ruleset.
    pub fn ruleset(&self) -> Ruleset {
        each!(AnyGame, self, _g, G => G::ruleset())
    }

    /// The game with move texts read and written in `notation` ([`Playthrough::in_notation`]).
    ///
    /// # Errors
    ///
    /// [`SetupError`] for a notation the game lacks.
    pub fn in_notation(self, notation: Notation) -> Result<AnyGame, SetupError> {
        each!(AnyGame, self, g, G => g.in_notation(notation).map(G::game))
    }

    /// The game with move texts read in any of its notations
    /// ([`Playthrough::reading_any_notation`]).
    pub fn reading_any_notation(self) -> AnyGame {
        each!(AnyGame, self, g, G => G::game(g.reading_any_notation()))
    }

    /// What [`AnyGame::take_back`] needs to take back the next move played
    /// ([`Playthrough::undo_point`]).
    pub fn undo_point(&self) -> AnyUndo {
        each!(AnyGame, self, g, G => G::undo(g.undo_point()))
    }

    /// Takes back the last move played, `undo` being the [`AnyGame::undo_point`] taken just
    /// before it ([`Playthrough::take_back`]).
    ///
    /// # Errors
    ///
    /// `undo` given back, the game unchanged, when it is of another game.
    pub fn take_back(&mut self, undo: AnyUndo) -> Result<(), AnyUndo> {
        each!(AnyGame, self, g, G => G::unwrap_undo(undo).map(|undo| g.take_back(undo)))
    }

    /// Whether the game is over because its position repeats an earlier one, the position alone
    /// not ending it ([`Playthrough::ended_by_repetition`]).
    pub fn ended_by_repetition(&self) -> bool {
        each!(AnyGame, self, g, G => g.ended_by_repetition())
    }

    /// The position reached.
    pub fn position(&self) -> AnyPosition {
        each!(AnyGame, self, g, G => G::position(*g.position()))
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        each!(AnyGame, self, g, G => g.side_to_move())
    }

    /// The end of the game, if it is over.
    pub fn end(&self) -> Option<GameEnd> {
        each!(AnyGame, self, g, G => g.end())
    }

    /// The notation move texts are read and written in.
    pub fn notation(&self) -> Notation {
        each!(AnyGame, self, g, G => g.notation())
    }

    /// The legal moves in canonical order (none once the game is over).
    ///
    /// # Errors
    ///
    /// [`Incomplete`] when some candidates could not be decided: the ones that were, and how many
    /// were not.
    pub fn legal_moves(&self) -> Result<Vec<AnyMove>, Incomplete<AnyMove>> {
        each!(AnyGame, self, g, G => g
            .legal_moves()
            .map(|moves| moves.into_iter().map(G::wrap).collect())
            .map_err(|incomplete| incomplete.map(G::wrap)))
    }

    /// [`AnyGame::legal_moves`] as text in the game's notation.
    ///
    /// # Errors
    ///
    /// [`Incomplete`] as [`AnyGame::legal_moves`].
    pub fn legal_texts(&self) -> Result<Vec<String>, Incomplete<String>> {
        each!(AnyGame, self, g, G => g.legal_texts())
    }

    /// `mv` as text in the game's notation (a move of another game: its canonical spelling).
    pub fn move_text(&self, mv: AnyMove) -> String {
        each!(AnyGame, self, g, G => match G::unwrap(mv) {
            Some(mv) => g.move_text(mv),
            None => mv.to_string(),
        })
    }

    /// Plays `mv`, its events to `sink` ([`Event::GameOver`] last if it ended the game).
    ///
    /// # Errors
    ///
    /// A move of another game ([`MoveErrorKind::NotNotation`]), and the refusals of
    /// [`Playthrough::play`]. On an error the game is unchanged.
    pub fn play<S: Sink>(&mut self, mv: AnyMove, sink: &mut S) -> Result<(), MoveError<AnyMove>> {
        each!(AnyGame, self, g, G => {
            let mv = own_move::<G>(mv)?;
            g.play(mv, sink).map_err(any_error::<G>)
        })
    }

    /// Plays a move as written ([`Playthrough::play_text_into`]); `events` is cleared and receives
    /// what it did.
    ///
    /// # Errors
    ///
    /// The refusals of [`Playthrough::play_text_into`]. On an error the game is unchanged.
    pub fn play_text_into(
        &mut self,
        text: &str,
        events: &mut Vec<Event>,
    ) -> Result<Played<AnyMove>, MoveError<AnyMove>> {
        each!(AnyGame, self, g, G => g
            .play_text_into(text, events)
            .map(|played| Played {
                mv: G::wrap(played.mv),
                false_claims: played.false_claims,
            })
            .map_err(any_error::<G>))
    }

    /// [`AnyGame::play_text_into`] with a buffer of its own.
    ///
    /// # Errors
    ///
    /// As [`AnyGame::play_text_into`].
    pub fn play_text(
        &mut self,
        text: &str,
    ) -> Result<PlayedWithEvents<AnyMove>, MoveError<AnyMove>> {
        Play::play_text(self, text)
    }

    /// [`AnyGame::play_text`] by value: the game after the move.
    ///
    /// # Errors
    ///
    /// The move's refusal, with the game given back unchanged (boxed: a game is a few hundred
    /// bytes).
    pub fn after(
        mut self,
        text: &str,
    ) -> Result<AnyGame, Box<Refused<AnyGame, MoveError<AnyMove>>>> {
        match self.play_text(text) {
            Ok(_) => Ok(self),
            Err(error) => Err(Box::new(Refused { value: self, error })),
        }
    }

    /// The legal move `text` names, unplayed ([`Playthrough::resolve_text`]).
    ///
    /// # Errors
    ///
    /// As [`Playthrough::resolve_text`].
    pub fn resolve_text(&self, text: &str) -> Result<AnyMove, MoveError<AnyMove>> {
        each!(AnyGame, self, g, G => g.resolve_text(text).map(G::wrap).map_err(any_error::<G>))
    }

    /// The position as a picture draws it.
    pub fn board(&self) -> Board {
        each!(AnyGame, self, g, G => g.board())
    }

    /// `event`, a step of a move of this game, in words, its holes named by the game
    /// ([`Event::describe`]).
    pub fn describe(&self, event: &Event) -> String {
        each!(AnyGame, self, _g, G => event.describe::<G>())
    }

    /// The name of hole `index` in this game (`A3`), `?` for none.
    pub fn hole_name(&self, index: u8) -> &'static str {
        self.ruleset().hole_name(index)
    }

    /// The leaves of the move tree to `depth` plies ([`crate::perft()`]).
    pub fn perft(&self, depth: u32) -> u64 {
        each!(AnyGame, self, g, G => g.perft(depth))
    }

    /// [`AnyGame::perft`], asking `go_on` between subtrees: `None` once it says no
    /// ([`Playthrough::perft_until`]).
    pub fn perft_until(&self, depth: u32, go_on: &mut dyn FnMut() -> bool) -> Option<u64> {
        each!(AnyGame, self, g, G => g.perft_until(depth, go_on))
    }

    /// [`AnyGame::perft`] split by first move, in canonical order ([`Playthrough::divide`]).
    pub fn divide(&self, depth: u32) -> Vec<(AnyMove, u64)> {
        each!(AnyGame, self, g, G => g
            .divide(depth)
            .into_iter()
            .map(|(mv, n)| (G::wrap(mv), n))
            .collect())
    }
}

impl Play for AnyGame {
    type Position = AnyPosition;
    type Move = AnyMove;

    fn current(&self) -> AnyPosition {
        self.position()
    }
    fn side_to_move(&self) -> Side {
        AnyGame::side_to_move(self)
    }
    fn end(&self) -> Option<GameEnd> {
        AnyGame::end(self)
    }
    fn notation(&self) -> Notation {
        AnyGame::notation(self)
    }
    fn legal_moves(&self) -> Result<Vec<AnyMove>, Incomplete<AnyMove>> {
        AnyGame::legal_moves(self)
    }
    fn legal_texts(&self) -> Result<Vec<String>, Incomplete<String>> {
        AnyGame::legal_texts(self)
    }
    fn move_text(&self, mv: AnyMove) -> String {
        AnyGame::move_text(self, mv)
    }
    fn resolve_text(&self, text: &str) -> Result<AnyMove, MoveError<AnyMove>> {
        AnyGame::resolve_text(self, text)
    }
    fn play<S: Sink>(&mut self, mv: AnyMove, sink: &mut S) -> Result<(), MoveError<AnyMove>> {
        AnyGame::play(self, mv, sink)
    }
    fn play_text_into(
        &mut self,
        text: &str,
        events: &mut Vec<Event>,
    ) -> Result<Played<AnyMove>, MoveError<AnyMove>> {
        AnyGame::play_text_into(self, text, events)
    }
}

impl fmt::Display for AnyGame {
    /// The position in compact form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.position().fmt(f)
    }
}

/// A ruleset is written as its id (`bao-la-kete`) and read from one, refused with the nearest id.
#[cfg(feature = "serde")]
impl serde::Serialize for Ruleset {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Ruleset {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Ruleset, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Ruleset::from_name(&name).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kimasai;

    #[test]
    fn names_round_trip() {
        for ruleset in Ruleset::ALL {
            assert_eq!(ruleset.name().parse::<Ruleset>(), Ok(ruleset));
        }
        let names: Vec<&str> = Ruleset::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names, crate::RULESETS);
        let error = "bao-la-kiswhaili".parse::<Ruleset>().unwrap_err();
        assert_eq!(error.code(), Code::UnknownRuleset);
        assert!(
            error
                .to_string()
                .contains("did you mean `bao-la-kiswahili`")
        );
    }

    /// Every game answers through the one type as through its own.
    #[test]
    fn any_game_plays_as_its_own() {
        for ruleset in Ruleset::ALL {
            let mut game = AnyGame::new(ruleset);
            for ply in 0..30 {
                let Ok(moves) = game.legal_moves() else {
                    panic!("{ruleset}: undecided moves at ply {ply}");
                };
                let Some(&mv) = moves.get(ply * 5 % moves.len().max(1)) else {
                    break;
                };
                assert_eq!(mv.ruleset(), ruleset);
                let mut by_text = game.clone();
                let played = by_text.play_text(&game.move_text(mv)).unwrap();
                let mut events = Vec::new();
                game.play(mv, &mut events).unwrap();
                assert!(events.iter().all(|e| !game.describe(e).is_empty()));
                assert_eq!((played.mv, played.events), (mv, events));
                assert_eq!(by_text.position(), game.position());
            }
            let again = AnyGame::from_position(ruleset, &game.position().compact()).unwrap();
            assert_eq!(again.position(), game.position());
            let pos = AnyPosition::parse(ruleset, &format!("{:#}", game.position())).unwrap();
            assert_eq!(pos, game.position());
            assert_eq!(again.side_to_move(), game.side_to_move());
        }
    }

    /// A move taken back leaves the game as it was, its positions seen included; an undo point
    /// of another game is given back.
    #[test]
    fn moves_are_taken_back() {
        for ruleset in Ruleset::ALL {
            let mut game = AnyGame::new(ruleset);
            let before = game.position();
            let mv = game.legal_moves().unwrap()[0];
            let undo = game.undo_point();
            game.play(mv, &mut ()).unwrap();
            assert_ne!(game.position(), before);
            game.take_back(undo).unwrap();
            assert_eq!(game.position(), before);
            assert!(!game.ended_by_repetition());
            let other = Ruleset::ALL.into_iter().find(|&r| r != ruleset).unwrap();
            let foreign = AnyGame::new(other).undo_point();
            assert!(game.take_back(foreign).is_err());
            assert_eq!(game.position(), before);
        }
    }

    /// perft split by first move sums to perft, interruptible or not; a position is written in
    /// each of its game's forms and read back.
    #[test]
    fn counts_and_forms_answer_as_the_games_own() {
        for ruleset in Ruleset::ALL {
            let game = AnyGame::new(ruleset);
            let divided = game.divide(2);
            assert!(divided.iter().all(|(mv, _)| mv.ruleset() == ruleset));
            let total: u64 = divided.iter().map(|(_, n)| n).sum();
            assert_eq!(total, game.perft(2));
            assert_eq!(game.perft_until(2, &mut || true), Some(total));
            assert_eq!(game.perft_until(6, &mut || false), None);
            let pos = game.position();
            for &form in ruleset.position_forms() {
                let text = pos.format(form).unwrap();
                assert_eq!(
                    AnyPosition::parse(ruleset, &text),
                    Ok(pos),
                    "{ruleset} {text}"
                );
            }
        }
    }

    #[test]
    fn refusals_are_typed() {
        let mut game = AnyGame::new(Ruleset::Kingulu);
        let other = AnyGame::new(Ruleset::Kete).legal_moves().unwrap()[0];
        assert_eq!(
            game.play(other, &mut ()).unwrap_err().code(),
            Code::NotNotation
        );
        assert_eq!(game.play_text("A9").unwrap_err().code(), Code::NotNotation);
        let refused = game.clone().after("Q1").unwrap_err();
        assert_eq!(refused.value.position(), game.position());
        let over = AnyGame::from_position(
            Ruleset::Kimasai,
            "000000000000/000000000000/000100000000/000000001000 N",
        )
        .unwrap();
        assert!(over.end().is_some());
        assert_eq!(over.legal_moves(), Ok(Vec::new()));
        let mut over = over;
        let mv = AnyMove::Kimasai(kimasai::Move(3));
        assert_eq!(
            over.play(mv, &mut ()).unwrap_err().code(),
            Code::MoveAfterEnd
        );
        assert_eq!(
            AnyGame::from_position(Ruleset::Zanzibar, "x")
                .unwrap_err()
                .code,
            Code::BadPosition
        );
    }
}
