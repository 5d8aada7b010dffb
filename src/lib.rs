//! bao-oracle: a rules-specification test oracle and game-record validator for three East African
//! mancala games — Bao la Kete, Bao Kingulu and Bao la Kimasai.
//!
//! The rules live in [`games`], each game behind the one interface [`game::Game`]. Everything else
//! walks through that interface: [`perft`] counts the move tree, the record validator replays
//! games, the spec runner checks scenarios, and [`cli`] puts it all on the command line.

pub mod check;
pub mod conform;
pub mod cycle;
pub mod diagnostics;
pub mod explain;
pub mod export;
pub mod fasthash;
pub mod game;
pub mod games;
pub mod notation;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod random_game;
pub mod record;
pub mod replay;
pub mod report;
pub mod rng;
pub mod rulings;
pub mod spec;
pub mod trace;
