//! bao-oracle: a rules-specification test oracle and game-record validator for East African
//! mancala games — Bao la Kiswahili (Zanzibar Bao), Bao la Kete, Bao Kingulu and Bao la Kimasai.
//!
//! The rules themselves are the [`bao_rules`] crate's (games, positions, rulings, play, perft):
//! use it directly for the rules alone. This crate is what is built around them, one module per
//! stage of the validator's pipeline, each importing only from the stages before it:
//!
//! - [`input`]: one reader for every file — collecting paths, telling a record from a transcript,
//!   the size limits — and the formats read: records, transcripts, specification files;
//! - [`check`]: replaying records into findings, repair suggestions, ruling inference;
//! - [`rewrite`]: a checked game written anew (repaired, imported, back to a transcript);
//! - [`explain`]: one move step by step, with the rule behind each step;
//! - [`harness`]: the specification runner, the engine protocol and `conform`, their results as
//!   data;
//! - [`render`]: every output format — the reports (human, short, JSON, JUnit, HTML) of `check`,
//!   `spec` and `conform`, and the SVG pictures.
//!
//! [`diagnostics`] (findings and their stable [`Code`]s), [`event`] (a step of a move as data) and
//! [`picture`] (a board as data for pictures) are plain data every stage shares.
//!
//! ```
//! use bao_oracle::check::check_text;
//! use bao_oracle::check::replay::ReplayOptions;
//! use bao_oracle::Code;
//!
//! let record = "ruleset: bao-kingulu\nsource: an example\nmoves: [A3, a3, A9]\n";
//! let games = check_text(record, &ReplayOptions::default());
//! let finding = &games[0].findings[0];
//! assert_eq!(finding.code, Code::NotNotation);
//! assert_eq!(finding.ply, Some(3));
//! ```
//!
//! The command-line tool `bao-oracle` is the crate's binary (feature `cli`, on by default); the
//! library builds without it: `cargo build --no-default-features --lib`.

// The stages — input, check, rewrite, explain, harness, render, in the order a file goes through
// them — none importing from a later one (module_graph.rs); `diagnostics`, `event` and `picture`
// are plain data that every stage shares.
pub mod diagnostics;
pub mod event;
pub mod picture;

pub mod check;
pub mod explain;
pub mod harness;
pub mod input;
pub mod render;
pub mod rewrite;

#[cfg(test)]
mod module_graph;

pub use diagnostics::Code;
