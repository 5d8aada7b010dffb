//! bao-oracle: a rules-specification test oracle and game-record validator for East African
//! mancala games — Bao la Kiswahili (Zanzibar Bao), Bao la Kete, Bao Kingulu and Bao la Kimasai.
//!
//! The rules live in [`games`], each game behind the one interface [`Game`]. A game in progress is
//! a [`Playthrough`]; [`Playthrough::play_text`] is the one way a written move becomes a played
//! move or a typed [`MoveError`] with a stable [`Code`]. Everything else walks through the same
//! interface: [`perft()`] counts the move tree, [`replay`] checks game records, [`spec`] runs the
//! specification, [`protocol`] and [`conform`] speak to other engines.
//!
//! ```
//! use bao_oracle::{Code, Event, Game, Kingulu, Playthrough, RulingSet};
//!
//! // Bao Kingulu from the standard start, under its default rulings.
//! let rulings = RulingSet::new().resolve::<Kingulu>()?;
//! let mut game = Playthrough::<Kingulu>::new(Kingulu::start(), rulings);
//!
//! // A move as written; its events say what it did, lap by lap.
//! let played = game.play_text("A3")?;
//! let captured: u16 = played
//!     .events
//!     .iter()
//!     .map(|e| match e {
//!         Event::Capture { seeds, .. } => *seeds,
//!         _ => 0,
//!     })
//!     .sum();
//! println!("A3 captured {captured}: {}", Kingulu::format_compact(game.position()));
//!
//! // A refused move is a typed error with a stable code and the rule it breaks.
//! let error = game.play_text("A9").unwrap_err();
//! assert_eq!(error.code(), Code::NotNotation);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The command-line tool `bao-oracle` is the crate's binary (feature `cli`, on by default); the
//! library builds without it: `cargo build --no-default-features --lib`.

pub mod check;
pub mod conform;
pub mod diagnostics;
pub mod duplicates;
pub mod explain;
pub mod export;
pub mod import;
pub mod infer;
pub mod input;
pub mod markup;
#[cfg(test)]
mod module_graph;
pub mod picture;
pub mod protocol;
pub mod random_game;
pub mod record;
pub mod repair;
pub mod replay;
pub mod report;
pub mod rulings_table;
pub mod spec;
pub mod step;
pub mod timeline;
pub mod to_transcript;
pub mod trace;
pub mod transcript;
pub mod transcript_repair;

pub use diagnostics::Code;
