//! bao-rules: the rules of four East African mancala games — Bao la Kiswahili ([`Zanzibar`]),
//! Bao la Kete ([`Kete`]), Bao Kingulu ([`Kingulu`]) and Bao la Kimasai ([`Kimasai`]) — for engines
//! and tools that want the rules alone: no records, no reports, no command line.
//!
//! One face per concept, the same for a game known at compile time and one chosen at run time:
//!
//! | concept | a game known at compile time | a game chosen at run time |
//! |---|---|---|
//! | the game and its rules | a type implementing [`Game`]; [`Rules`] binds its rulings | [`Ruleset`] |
//! | a position ([`Position`]) | [`games::kingulu::Position`], [`games::four_by_eight::KetePosition`], [`games::kimasai::Position`], [`games::four_by_eight::ZanzibarPosition`] | [`AnyPosition`] |
//! | a move | [`Game::Move`]: [`games::kingulu::Move`], [`games::four_by_eight::KeteMove`], [`games::kimasai::Move`], [`games::four_by_eight::ZanzibarMove`] | [`AnyMove`] |
//! | a game in progress ([`Play`]: history, repetition, end) | [`Playthrough`] | [`AnyGame`] |
//!
//! Every game's position implements the one trait [`Position`] (the side to move, the seeds in a
//! hole, the seeds off the board, the start, the written forms: [`std::fmt::Display`] and
//! [`std::str::FromStr`] per game type), and so does [`AnyPosition`]. A game in progress answers
//! through [`Play`] in one shape: `legal_moves` gives the moves or an [`Incomplete`] list, `play`
//! and `play_text_into` send the move's [`Event`]s to a [`Sink`] and refuse with a [`MoveError`],
//! `end` tells whether and how the game is over. A game in progress is set up from a [`Setup`]
//! (ruleset, start, side to move, rulings, notation, history) or from parts;
//! [`Playthrough::play_text_into`] is the one way a written move becomes a played move or a typed
//! [`MoveError`] with a stable [`Code`] and the rule it breaks. The references leave some points
//! open: each game names them as rulings ([`RulingSet`], [`Preset`]). A list of legal moves never
//! leaves a move out in silence: a candidate that can be neither decided nor refused within the
//! cycle detector's budget makes the answer an [`Incomplete`]. [`perft()`] counts the move tree;
//! [`Board`] is any game's position as data for pictures. The crate's README shows an engine author
//! checking moves.
//!
//! ```
//! use bao_rules::{Code, Kingulu, Play, Playthrough};
//!
//! let mut game = Playthrough::<Kingulu>::default();
//! game.play_text("A3")?;
//! assert!(!game.legal_texts()?.is_empty());
//! let error = game.play_text("A9").unwrap_err();
//! assert_eq!(error.code(), Code::NotNotation);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `examples/check_moves.rs` checks another engine's move list against the rules.
//!
//! ## Features
//!
//! - `serde`: serde for the plain types, positions (as their compact form, read back in any of
//!   the game's forms), moves, and events (written only).
//! - `internals`: the helpers of the programs built on the rules (seeded random games, a fast
//!   hasher); not part of the rules' API.

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
pub mod position;
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
pub mod ruleset;
pub mod rulings;
pub mod setup;
pub mod types;

/// The bibliography of the rule catalogues (`catalogues/sources.yaml`, YAML): every work a rule or
/// ambiguity cites by key, with author, title, year, public address and what the rules take from it.
/// A game's catalogue is [`Game::CATALOGUE`].
pub const BIBLIOGRAPHY: &str = include_str!("../catalogues/sources.yaml");

pub use any::{AnyGame, AnyMove, AnyPosition, AnyUndo, Registered, Ruleset, UnknownRuleset};
pub use board::{Board, Hole, Mark, Row, Store};
pub use bound::Rules;
pub use code::{Code, Span};
pub use description::Conformance;
pub use game::{Event, Game, Note, NoteText, Sink, Terms};
pub use games::{Kete, Kimasai, Kingulu, RULESETS, Zanzibar};
pub use perft::perft;
pub use play::{MoveError, MoveErrorKind, Play, Played, PlayedWithEvents, Playthrough, Undo};
pub use position::Position;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub use rng::SplitMix64;
pub use rulings::{Preset, RulingDef, RulingError, RulingSet};
pub use setup::{Setup, SetupError, SetupField};
pub use types::{
    Direction, FalseClaim, GameEnd, Generated, Notation, NotationError, Outcome, PositionError,
    PositionForm, Rejection, ResultClaim, RuleId, Side, StopReason, Unresolved,
};
pub use types::{Incomplete, Refused};
