//! Any game, chosen at run time by its ruleset name: [`Ruleset`] names a game, [`AnyGame`] holds a
//! game in progress of any of them (its position, its rulings bound, its history), as shakmaty's
//! `VariantPosition` holds a position of any chess variant. For bindings and tools that take the
//! ruleset from their input; code that knows its game at compile time uses [`Playthrough`] or
//! [`crate::Rules`].
//!
//! ```
//! use bao_rules::{AnyGame, Ruleset, Setup};
//!
//! let ruleset: Ruleset = "bao-la-kete".parse()?;
//! let mut game = AnyGame::from_setup(ruleset, &Setup::default())?;
//! let moves = game.legal_texts()?;
//! assert!(moves.contains(&"A6>".to_string()));
//! game.play_text("A6>")?;
//! assert_eq!(game.side_to_move(), bao_rules::Side::North);
//! assert!(game.play_text("Z9").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::bound::{Incomplete, Refused};
use crate::code::Code;
use crate::game::{Event, Game, GameEnd, Notation, Side};
use crate::games::{Kete, Kimasai, Kingulu, Zanzibar, four_by_eight, kimasai, kingulu};
use crate::play::{MoveError, MoveErrorKind, PlayedWithEvents, Playthrough};
use crate::rulings::{KnownBug, Preset, RulingDef};
use crate::setup::{Setup, SetupError};

/// One of the four games, by its ruleset id (`bao-kingulu`, `bao-la-kete`, `bao-la-kimasai`,
/// `bao-la-kiswahili`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ruleset {
    /// Bao Kingulu ([`Kingulu`]).
    Kingulu,
    /// Bao la Kete ([`Kete`]).
    Kete,
    /// Bao la Kimasai ([`Kimasai`]).
    Kimasai,
    /// Bao la Kiswahili, Zanzibar Bao ([`Zanzibar`]).
    Zanzibar,
}

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

/// Calls `$body` with `$G` the game type of ruleset `$ruleset`.
macro_rules! with_ruleset {
    ($ruleset:expr, $G:ident => $body:expr) => {
        match $ruleset {
            Ruleset::Kingulu => {
                type $G = Kingulu;
                $body
            }
            Ruleset::Kete => {
                type $G = Kete;
                $body
            }
            Ruleset::Kimasai => {
                type $G = Kimasai;
                $body
            }
            Ruleset::Zanzibar => {
                type $G = Zanzibar;
                $body
            }
        }
    };
}

impl Ruleset {
    /// Every ruleset, in the order of [`crate::RULESETS`].
    pub const ALL: [Ruleset; 4] = [
        Ruleset::Kingulu,
        Ruleset::Kete,
        Ruleset::Kimasai,
        Ruleset::Zanzibar,
    ];

    /// The ruleset whose id is `name`.
    pub fn from_name(name: &str) -> Result<Ruleset, UnknownRuleset> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| UnknownRuleset { name: name.into() })
    }

    /// The ruleset id ([`Game::RULESET`]).
    pub fn name(self) -> &'static str {
        with_ruleset!(self, G => G::RULESET)
    }

    /// The game's name in words ([`Game::NAME`]).
    pub fn game_name(self) -> &'static str {
        with_ruleset!(self, G => G::NAME)
    }

    /// The named rulings ([`Game::RULINGS`]).
    pub fn rulings(self) -> &'static [RulingDef] {
        with_ruleset!(self, G => G::RULINGS)
    }

    /// The presets ([`Game::PRESETS`]).
    pub fn presets(self) -> &'static [Preset] {
        with_ruleset!(self, G => G::PRESETS)
    }

    /// The engines' bugs the presets table names ([`Game::KNOWN_BUGS`]).
    pub fn known_bugs(self) -> &'static [KnownBug] {
        with_ruleset!(self, G => G::KNOWN_BUGS)
    }

    /// The notations a record may be written in ([`Game::NOTATIONS`]).
    pub fn notations(self) -> &'static [Notation] {
        with_ruleset!(self, G => G::NOTATIONS)
    }

    /// The rule catalogue, as YAML ([`Game::CATALOGUE`]).
    pub fn catalogue(self) -> &'static str {
        with_ruleset!(self, G => G::CATALOGUE)
    }

    /// The name of hole `index` (`A3`), `?` for no hole of the game.
    pub fn hole_name(self, index: u8) -> &'static str {
        with_ruleset!(self, G => G::hole_name(index))
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

/// A move of any game; its variant is its game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AnyMove {
    /// A move of Bao Kingulu.
    Kingulu(kingulu::Move),
    /// A move of Bao la Kete.
    Kete(four_by_eight::Move),
    /// A move of Bao la Kimasai.
    Kimasai(kimasai::Move),
    /// A move of Bao la Kiswahili.
    Zanzibar(four_by_eight::Move),
}

impl AnyMove {
    /// The game the move is of.
    pub fn ruleset(self) -> Ruleset {
        match self {
            AnyMove::Kingulu(_) => Ruleset::Kingulu,
            AnyMove::Kete(_) => Ruleset::Kete,
            AnyMove::Kimasai(_) => Ruleset::Kimasai,
            AnyMove::Zanzibar(_) => Ruleset::Zanzibar,
        }
    }
}

impl fmt::Display for AnyMove {
    /// The canonical spelling ([`Game::format_move`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AnyMove::Kingulu(mv) => f.write_str(&Kingulu::format_move(mv)),
            AnyMove::Kete(mv) => f.write_str(&Kete::format_move(mv)),
            AnyMove::Kimasai(mv) => f.write_str(&Kimasai::format_move(mv)),
            AnyMove::Zanzibar(mv) => f.write_str(&Zanzibar::format_move(mv)),
        }
    }
}

/// The four games' ties to [`AnyMove`] and [`AnyGame`].
trait Registered: Game {
    fn wrap(mv: Self::Move) -> AnyMove;
    fn unwrap(mv: AnyMove) -> Option<Self::Move>;
    fn game(game: Playthrough<Self>) -> AnyGame;
}

macro_rules! registered {
    ($($game:ident),*) => {
        $(
            impl Registered for $game {
                fn wrap(mv: Self::Move) -> AnyMove {
                    AnyMove::$game(mv)
                }
                fn unwrap(mv: AnyMove) -> Option<Self::Move> {
                    match mv {
                        AnyMove::$game(mv) => Some(mv),
                        _ => None,
                    }
                }
                fn game(game: Playthrough<Self>) -> AnyGame {
                    AnyGame::$game(game)
                }
            }
        )*
    };
}

registered!(Kingulu, Kete, Kimasai, Zanzibar);

/// A game in progress of any of the four games: its position, its rulings (bound once, when it is
/// set up), its notation and the history its repetition rule needs.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A game of Bao Kingulu.
    Kingulu(Playthrough<Kingulu>),
    /// A game of Bao la Kete.
    Kete(Playthrough<Kete>),
    /// A game of Bao la Kimasai.
    Kimasai(Playthrough<Kimasai>),
    /// A game of Bao la Kiswahili.
    Zanzibar(Playthrough<Zanzibar>),
}

/// Calls `$body` with `$g` the [`Playthrough`] inside an [`AnyGame`] and `$G` its game type.
macro_rules! each {
    ($any:expr, $g:ident, $G:ident => $body:expr) => {
        match $any {
            AnyGame::Kingulu($g) => {
                #[allow(dead_code)]
                type $G = Kingulu;
                $body
            }
            AnyGame::Kete($g) => {
                #[allow(dead_code)]
                type $G = Kete;
                $body
            }
            AnyGame::Kimasai($g) => {
                #[allow(dead_code)]
                type $G = Kimasai;
                $body
            }
            AnyGame::Zanzibar($g) => {
                #[allow(dead_code)]
                type $G = Zanzibar;
                $body
            }
        }
    };
}

fn any_error<G: Registered>(error: MoveError<G::Move>) -> MoveError<AnyMove> {
    error.map_moves(G::wrap)
}

fn play_any<G: Registered>(
    game: &mut Playthrough<G>,
    mv: AnyMove,
) -> Result<Vec<Event>, MoveError<AnyMove>> {
    let Some(mv) = G::unwrap(mv) else {
        return Err(MoveError::new(
            MoveErrorKind::NotNotation,
            None,
            format!(
                "`{mv}` is a move of {}, not of {}",
                mv.ruleset().game_name(),
                G::NAME
            ),
        ));
    };
    if let Some(end) = game.end() {
        return Err(MoveError::after_end(end));
    }
    let mut events = Vec::new();
    game.play(mv, &mut events)
        .map_err(|rejection| MoveError::rejected(rejection).map_moves(G::wrap))?;
    Ok(events)
}

fn start<G: Registered>() -> AnyGame {
    G::game(Playthrough::new(G::start(), G::Rulings::default()))
}

impl AnyGame {
    /// The standard start of `ruleset` under its default rulings.
    pub fn new(ruleset: Ruleset) -> AnyGame {
        with_ruleset!(ruleset, G => start::<G>())
    }

    /// The game `setup` describes for `ruleset` (start, first, rulings, preset, notation,
    /// history; see [`crate::setup`]).
    pub fn from_setup(ruleset: Ruleset, setup: &Setup) -> Result<AnyGame, SetupError> {
        with_ruleset!(ruleset, G => Playthrough::<G>::from_setup(setup).map(G::game))
    }

    /// The game of `ruleset` from the position `text` (compact or diagram), default rulings.
    pub fn from_position(ruleset: Ruleset, text: &str) -> Result<AnyGame, SetupError> {
        let setup = Setup {
            start: Some(text.into()),
            ..Setup::default()
        };
        AnyGame::from_setup(ruleset, &setup)
    }

    /// The game's ruleset.
    pub fn ruleset(&self) -> Ruleset {
        match self {
            AnyGame::Kingulu(_) => Ruleset::Kingulu,
            AnyGame::Kete(_) => Ruleset::Kete,
            AnyGame::Kimasai(_) => Ruleset::Kimasai,
            AnyGame::Zanzibar(_) => Ruleset::Zanzibar,
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        each!(self, g, G => G::side_to_move(g.position()))
    }

    /// The end of the game, if it is over.
    pub fn end(&self) -> Option<GameEnd> {
        each!(self, g, G => g.end())
    }

    /// The notation move texts are read and written in.
    pub fn notation(&self) -> Notation {
        each!(self, g, G => g.notation())
    }

    /// The legal moves in canonical order (none once the game is over), or, when some candidates
    /// could not be decided, the ones that were and how many were not.
    pub fn legal_moves(&self) -> Result<Vec<AnyMove>, Incomplete<AnyMove>> {
        each!(self, g, G => {
            let (moves, generated) = g.legal_moves();
            Incomplete::check(moves, generated)
                .map(|moves| moves.into_iter().map(G::wrap).collect())
                .map_err(|incomplete| incomplete.map(G::wrap))
        })
    }

    /// [`AnyGame::legal_moves`] as text in the game's notation.
    pub fn legal_texts(&self) -> Result<Vec<String>, Incomplete<String>> {
        match self.legal_moves() {
            Ok(moves) => Ok(moves.into_iter().map(|mv| self.move_text(mv)).collect()),
            Err(incomplete) => Err(incomplete.map(|mv| self.move_text(mv))),
        }
    }

    /// `mv` as text in the game's notation (a move of another game: its canonical spelling).
    pub fn move_text(&self, mv: AnyMove) -> String {
        each!(self, g, G => match G::unwrap(mv) {
            Some(mv) => g.move_text(mv),
            None => mv.to_string(),
        })
    }

    /// Plays `mv`: what it did, in order ([`Event::GameOver`] last if it ended the game). On an
    /// error the game is unchanged.
    pub fn play(&mut self, mv: AnyMove) -> Result<Vec<Event>, MoveError<AnyMove>> {
        each!(self, g, G => play_any::<G>(g, mv))
    }

    /// Plays a move as written ([`Playthrough::play_text`]). On an error the game is unchanged.
    pub fn play_text(
        &mut self,
        text: &str,
    ) -> Result<PlayedWithEvents<AnyMove>, MoveError<AnyMove>> {
        each!(self, g, G => g
            .play_text(text)
            .map(|played| PlayedWithEvents {
                mv: G::wrap(played.mv),
                events: played.events,
                false_claims: played.false_claims,
            })
            .map_err(any_error::<G>))
    }

    /// [`AnyGame::play_text`] by value: the game after the move, or the error with the game given
    /// back unchanged (boxed: a game is a few hundred bytes).
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
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError<AnyMove>> {
        each!(self, g, G => g.resolve_text(text).map(G::wrap).map_err(any_error::<G>))
    }

    /// The position in compact form.
    pub fn compact(&self) -> String {
        each!(self, g, G => G::format_compact(g.position()))
    }

    /// The position as a multi-line diagram, North on top.
    pub fn diagram(&self) -> String {
        each!(self, g, G => G::format_diagram(g.position()))
    }

    /// The position as a picture draws it.
    pub fn board(&self) -> Board {
        each!(self, g, G => G::board(g.position()))
    }

    /// `event`, a step of a move of this game, in words, its holes named by the game
    /// ([`Event::describe`]).
    pub fn describe(&self, event: &Event) -> String {
        each!(self, _g, G => event.describe::<G>())
    }

    /// The name of hole `index` in this game (`A3`), `?` for none.
    pub fn hole_name(&self, index: u8) -> &'static str {
        self.ruleset().hole_name(index)
    }

    /// The leaves of the move tree to `depth` plies ([`crate::perft()`]).
    pub fn perft(&self, depth: u32) -> u64 {
        each!(self, g, G => crate::perft::perft::<G>(g.position(), g.rulings(), depth))
    }
}

impl fmt::Display for AnyGame {
    /// The position in compact form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.compact())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                let events = game.play(mv).unwrap();
                assert!(events.iter().all(|e| !game.describe(e).is_empty()));
                assert_eq!((played.mv, played.events), (mv, events));
                assert_eq!(by_text.compact(), game.compact());
            }
            let again = AnyGame::from_position(ruleset, &game.compact()).unwrap();
            assert_eq!(again.compact(), game.compact());
            assert_eq!(again.side_to_move(), game.side_to_move());
        }
    }

    #[test]
    fn refusals_are_typed() {
        let mut game = AnyGame::new(Ruleset::Kingulu);
        let other = AnyGame::new(Ruleset::Kete).legal_moves().unwrap()[0];
        assert_eq!(game.play(other).unwrap_err().code(), Code::NotNotation);
        assert_eq!(game.play_text("A9").unwrap_err().code(), Code::NotNotation);
        let refused = game.clone().after("Q1").unwrap_err();
        assert_eq!(refused.value.compact(), game.compact());
        let over = AnyGame::from_position(
            Ruleset::Kimasai,
            "000000000000/000000000000/000100000000/000000001000 N",
        )
        .unwrap();
        assert!(over.end().is_some());
        assert_eq!(over.legal_moves(), Ok(Vec::new()));
        let mut over = over;
        let mv = AnyMove::Kimasai(kimasai::Move(3));
        assert_eq!(over.play(mv).unwrap_err().code(), Code::MoveAfterEnd);
        assert_eq!(
            AnyGame::from_position(Ruleset::Zanzibar, "x")
                .unwrap_err()
                .code,
            Code::BadPosition
        );
    }
}
