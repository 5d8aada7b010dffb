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
//! [`Preset`]). [`perft()`] counts the move tree; [`Board`] is any game's position as data for
//! pictures.
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

pub mod board;
#[cfg(test)]
mod board_tests;
pub mod code;
pub mod cycle;
pub mod description;
#[doc(hidden)]
pub mod fasthash;
pub mod game;
pub mod games;
pub mod notation;
pub mod perft;
pub mod play;
pub mod random_game;
mod rng;
pub mod rulings;
pub mod setup;
pub mod types;

pub use board::{Board, Hole, Mark, Row, Store};
pub use code::{Code, Span};
pub use game::{Event, Game, Note, NoteText, Sink, Terms};
pub use games::{Kete, Kimasai, Kingulu, RULESETS, Zanzibar};
pub use perft::perft;
pub use play::{LegalTexts, MoveError, MoveErrorKind, Played, PlayedWithEvents, Playthrough};
pub use rng::SplitMix64;
pub use rulings::{Preset, RulingDef, RulingError, RulingSet};
pub use setup::{Setup, SetupError, SetupField};
pub use types::{
    Direction, FalseClaim, GameEnd, Generated, Notation, NotationError, Outcome, PositionError,
    Rejection, ResultClaim, RuleId, Side, StopReason, Unresolved,
};
