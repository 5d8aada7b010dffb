//! The one integration test binary (ripgrep's layout): each module tests one command or reader
//! through the built `bao-oracle` binary or the library. One binary links the crate once.

mod bounded;
mod browser;
mod check;
mod check_report;
mod common;
mod completions;
mod conform;
mod conform_jobs;
mod conform_table;
mod docs;
mod explain;
mod game_names;
mod hostile;
mod infer;
mod input;
mod invariants;
mod kete_traces;
mod mutations;
mod one_path;
mod pictures;
mod positions;
mod properties;
mod protocol;
mod repair;
mod repair_set;
mod round_trip;
mod sets;
mod spec;
mod transcripts;
mod zanzibar;
