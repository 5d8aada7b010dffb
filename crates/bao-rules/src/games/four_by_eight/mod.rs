//! The two 4×8 games: Bao la Kete (`docs/rules/bao-la-kete.md`, rule ids `KETE-*`), the Lamu
//! variant, and Bao la Kiswahili (`docs/rules/bao-la-kiswahili.md`, `ZAN-*`), Zanzibar Bao.
//! One engine plays both; every difference between them is a switch of `variant.rs`. The files
//! follow the Kete reference's order:
//!
//! - `variant.rs`: what differs between the games, and the rulings, as the engine reads them;
//! - `position.rs`: the board, the start, what a position holds (KETE-1 .. KETE-5);
//! - `sowing.rs`: laps, relays, the front row, captures, safari, the kuu, Bao hamna mid-move,
//!   never-ending moves (KETE-6 .. KETE-8, KETE-13, KETE-14, KETE-16, KETE-18, KETE-A7, KETE-A8);
//! - `nemo.rs`, `mtaji.rs`: which holes a move may start from in each stage (KETE-9 .. KETE-20);
//! - `memo.rs`: the remembered verdicts on long takatas (KETE-A7), keyed by `ring.rs`'s state;
//! - `hizi_zetu.rs`: reserving a hole after a takata (KETE-21, ZAN-23);
//! - `candidates.rs`: a hole and direction the mover could play;
//! - `choice.rs`: choosing among the moves (captures compulsory KETE-10, the kuu's first takata
//!   KETE-20, the captor's obligation KETE-22);
//! - `moves.rs`: the move's decisions (`CoreMove`); `typed.rs`: each game's own position and move
//!   types over the shared board and decisions (`KetePosition`, `ZanzibarPosition`, `KeteMove`,
//!   `ZanzibarMove`), so that neither game's type-checks as the other's; `engine.rs`: the rules every move goes through, the end of the game
//!   (KETE-23, KETE-24);
//! - `kete.rs`, `zanzibar.rs`: each game's rulings and its [`crate::game::Game`] implementation;
//! - `notes.rs`: the words of what a move did that moves no seeds ([`crate::game::Note`]);
//! - `spelling.rs`: a move as written; `notation.rs`: moves in the canonical notation
//!   (`donkers.rs`: Donkers' move notation); `position_forms.rs`: positions written compact or as
//!   a diagram (`bracket.rs`: Donkers' bracket form); `during.rs`: the board partway through a
//!   move.

mod bracket;
mod candidates;
mod choice;
mod description;
mod donkers;
mod during;
mod engine;
mod hizi_zetu;
mod kete;
mod memo;
mod moves;
mod mtaji;
mod nemo;
mod notation;
pub mod notes;
mod position;
mod position_forms;
mod ring;
mod sowing;
mod spelling;
mod typed;
mod variant;
mod zanzibar;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod zanzibar_tests;

pub use kete::{BaoHamna, Kete, MtajiSafari, Rulings};
pub use moves::{CoreMove, Dir};
pub use position::{Core, HOLE_NAMES};
pub use typed::{Move, Position};

/// A position of Bao la Kete.
pub type KetePosition = Position<Kete>;
/// A position of Bao la Kiswahili.
pub type ZanzibarPosition = Position<Zanzibar>;
/// A move of Bao la Kete.
pub type KeteMove = Move<Kete>;
/// A move of Bao la Kiswahili.
pub type ZanzibarMove = Move<Zanzibar>;
pub use spelling::{Claim, Spelling};
pub use zanzibar::Zanzibar;
