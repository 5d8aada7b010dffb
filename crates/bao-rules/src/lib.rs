//! bao-rules: the rules of four East African mancala games — Bao la Kiswahili ([`Zanzibar`]),
//! Bao la Kete ([`Kete`]), Bao Kingulu ([`Kingulu`]) and Bao la Kimasai ([`Kimasai`]) — for engines
//! and tools that want the rules alone: no records, no reports, no command line.
//!
//! Each game is a type implementing the one interface [`Game`]: positions, legal moves, playing a
//! move with its [`Event`]s, the end of the game, notation. A game in progress is a
//! [`Playthrough`], set up from a [`Setup`] (ruleset, start, side to move, rulings, notation,
//! history) or from parts; [`Playthrough::play_text`] is the one way a written move becomes a
//! played move or a typed [`MoveError`] with a stable [`Code`] and the rule it breaks. The
//! references leave some points open: each game names them as rulings ([`RulingSet`],
//! [`Preset`]). [`Rules`] binds a game's rulings once (legal moves, play, the end, positions);
//! [`AnyGame`] is a game of any of the four, chosen at run time by its [`Ruleset`] name. A list of
//! legal moves never leaves a move out in silence: a candidate that can be neither decided nor
//! refused within the cycle detector's budget makes the answer an [`Incomplete`].
//! [`perft()`] counts the move tree; [`Board`] is any game's position as data for pictures.
//! The crate's README shows an engine author checking moves.
//!
//! ```
//! use bao_rules::{Code, Game, Kingulu, Playthrough, RulingSet};
//!
//! let rulings = RulingSet::new().resolve::<Kingulu>()?;
//! let mut game = Playthrough::<Kingulu>::new(Kingulu::start(), rulings);
//! game.play_text("A3")?;
//! assert!(!game.legal_texts().moves.is_empty());
//! let error = game.play_text("A9").unwrap_err();
//! assert_eq!(error.code(), Code::NotNotation);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/check_moves.rs` checks another engine's move list against the rules.

#![warn(missing_docs)]

/// The crate README's examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub mod any;
pub mod board;
#[cfg(test)]
mod board_tests;
pub mod bound;
pub mod code;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod cycle;
#[cfg(not(feature = "internals"))]
#[allow(dead_code)] // parts only the oracle uses
mod cycle;
pub mod description;
#[cfg(test)]
mod description_tests;
// Helpers of the rules' own, public only to the programs built around them (feature `internals`:
// the oracle's repetition sets, seeded random games and corpus generation).
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod fasthash;
#[cfg(not(feature = "internals"))]
mod fasthash;
pub mod game;
pub mod games;
mod methods;
#[cfg(test)]
mod no_panic_tests;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod notation;
#[cfg(not(feature = "internals"))]
mod notation;
pub mod perft;
pub mod play;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod random_game;
#[cfg(all(test, not(feature = "internals")))]
#[allow(dead_code)] // parts only the oracle uses
mod random_game;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod rng;
#[cfg(not(feature = "internals"))]
#[cfg_attr(not(test), allow(dead_code))]
mod rng;
pub mod rulings;
pub mod setup;
pub mod types;

/// The bibliography of the rule catalogues (`catalogues/sources.yaml`, YAML): every work a rule or
/// ambiguity cites by key, with author, title, year, public address and what the rules take from it.
/// A game's catalogue is [`Game::CATALOGUE`].
pub const BIBLIOGRAPHY: &str = include_str!("../catalogues/sources.yaml");

pub use any::{AnyGame, AnyMove, Ruleset, UnknownRuleset};
pub use board::{Board, Hole, Mark, Row, Store};
pub use bound::{Incomplete, Refused, Rules};
pub use code::{Code, Span};
pub use game::{Event, Game, Note, NoteText, Sink, Terms};
pub use games::{Kete, Kimasai, Kingulu, RULESETS, Zanzibar};
pub use perft::perft;
pub use play::{LegalTexts, MoveError, MoveErrorKind, Played, PlayedWithEvents, Playthrough};
#[cfg(feature = "internals")]
#[doc(hidden)]
pub use rng::SplitMix64;
pub use rulings::{Preset, RulingDef, RulingError, RulingSet};
pub use setup::{Setup, SetupError, SetupField};
pub use types::{
    Direction, FalseClaim, GameEnd, Generated, Notation, NotationError, Outcome, PositionError,
    PositionForm, Rejection, ResultClaim, RuleId, Side, StopReason, Unresolved,
};
