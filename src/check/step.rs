//! The steps of a replay that pictures draw (the HTML report of `check`): the board before the
//! first move, each legal ply's board with the holes it was played from and captured, and where
//! the replay stopped with the legal moves there. Plain data that the replay hands over as it
//! plays each move (`replay` depends on this module, not it on the replay; `timeline` gathers
//! the steps).
//! The boards are [`Board`]s, the data of [`crate::picture`], never a game's position.

use crate::picture::{Board, Highlights};
use bao_rules::Ruleset;
use bao_rules::game::{Event, Game, Notation};
use bao_rules::play::Playthrough;

/// One legal ply of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move as the record writes it.
    pub text: String,
    /// The board after the move.
    pub board: Board,
    /// The hole the move was played from, and the holes it captured from, in order, each once
    /// (as [`Highlights::of_move`] reads them).
    pub from: Option<u8>,
    pub captured: Vec<u8>,
}

/// Where the replay stopped before the end of the record: the first ply that did not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// 1-based ply of the record.
    pub ply: u32,
    /// The move as the record writes it.
    pub text: String,
    /// The legal moves of the board before it, in the record's notation (none if the game was
    /// already over).
    pub legal: Vec<String>,
    /// The same moves in canonical notation, where the record's notation is another (else none).
    pub canonical: Vec<String>,
    /// The holes those moves start from ([`crate::picture::legal_holes`]).
    pub legal_holes: Vec<u8>,
    /// The game was over before this ply.
    pub over: bool,
}

/// One step of a replay, as `timeline::replay_plies` yields it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The board before the first move (always first).
    Start {
        ruleset: Ruleset,
        board: Board,
    },
    Ply(Ply),
    /// The replay stopped here (last, if it did).
    Stop(Stop),
}

/// The first step of a replay: the board before the first move.
pub(crate) fn start<G: Game>(game: &Playthrough<G>) -> Step {
    Step::Start {
        ruleset: Ruleset::of::<G>(),
        board: G::board(game.position()),
    }
}

/// A ply `text` just played, whose `events` the game recorded.
pub(crate) fn ply<G: Game>(game: &Playthrough<G>, text: &str, events: &[Event]) -> Step {
    let Highlights { from, captured, .. } = Highlights::of_move(events);
    Step::Ply(Ply {
        text: text.to_string(),
        board: G::board(game.position()),
        from,
        captured,
    })
}

/// Ply `ply` (1-based), `text`, did not play on `game` (`over`: the game had ended).
pub(crate) fn stop<G: Game>(game: &Playthrough<G>, ply: u32, text: &str, over: bool) -> Step {
    let mut legal = Vec::new();
    let mut canonical = Vec::new();
    let mut legal_holes = Vec::new();
    if !over {
        legal_holes = crate::picture::legal_holes::<G>(game.position(), game.rulings());
        let moves = game
            .legal_moves()
            .unwrap_or_else(bao_rules::Incomplete::into_legal);
        legal = moves.iter().map(|&mv| game.move_text(mv)).collect();
        if game.notation() != Notation::Canonical {
            canonical = moves.into_iter().map(G::format_move).collect();
        }
    }
    Step::Stop(Stop {
        ply,
        text: text.to_string(),
        legal,
        canonical,
        legal_holes,
        over,
    })
}
