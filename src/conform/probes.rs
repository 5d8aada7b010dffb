//! Probes: one request to the engine with the oracle's own answer to it, and the moves from the
//! start that lead to it.

use serde_json::Value;

use crate::game::{Game, Playthrough, RuleId};
use crate::protocol::{self, Request, Response, Rulings};

/// What a case needs to build requests and the oracle's answers.
pub(super) struct Context<G: Game> {
    pub(super) rulings: G::Rulings,
    pub(super) rulings_text: Rulings,
    pub(super) start: G::Position,
    /// Whether `play` requests carry the game's history (scenarios do; random games don't).
    pub(super) history: bool,
}

/// Which request a probe makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    LegalMoves,
    /// Play a move the oracle finds legal.
    Play,
    /// Play `text`, which the oracle refuses.
    Refused(String),
}

/// One request with the oracle's answer to it.
pub(super) struct Probe<G: Game> {
    pub(super) kind: Kind,
    /// The position the request is about.
    pub(super) position: G::Position,
    pub(super) request: Request,
    pub(super) expected: Response,
    pub(super) rules: Vec<RuleId>,
    pub(super) after: Option<G::Position>,
    /// The moves (canonical) from the start to `position`, and the move played, if legal.
    pub(super) before: Vec<String>,
    pub(super) played: Option<String>,
}

impl<G: Game> Clone for Probe<G> {
    fn clone(&self) -> Self {
        Probe {
            kind: self.kind.clone(),
            position: self.position.clone(),
            request: self.request.clone(),
            expected: self.expected.clone(),
            rules: self.rules.clone(),
            after: self.after.clone(),
            before: self.before.clone(),
            played: self.played.clone(),
        }
    }
}

impl<G: Game> Probe<G> {
    /// The moves from the start that reproduce this request: those before its position, and the
    /// move it plays when that is legal.
    pub(super) fn reproduction(&self) -> Vec<String> {
        let mut moves = self.before.clone();
        moves.extend(self.played.clone());
        moves
    }
}

impl<G: Game> Context<G> {
    /// `legal_moves` at `pos`, unless the oracle finds some move there undecided.
    pub(super) fn legal_moves_probe(
        &self,
        pos: &G::Position,
        before: &[String],
    ) -> Option<Probe<G>> {
        let (expected, rules) = protocol::legal_moves::<G>(Value::Null, pos, &self.rulings);
        if matches!(expected, Response::Moves { undecided, .. } if undecided > 0) {
            return None;
        }
        Some(Probe {
            kind: Kind::LegalMoves,
            position: pos.clone(),
            request: Request::LegalMoves {
                id: Value::Null,
                ruleset: G::RULESET.to_string(),
                rulings: self.rulings_text.clone(),
                position: G::format_compact(pos),
            },
            expected,
            rules,
            after: None,
            before: before.to_vec(),
            played: None,
        })
    }

    /// `play` of `text` at `pos`, `history` being the positions before it.
    pub(super) fn play_probe(
        &self,
        pos: &G::Position,
        history: &[G::Position],
        text: &str,
        before: &[String],
    ) -> Probe<G> {
        let history = self.history.then_some(history);
        let answer = protocol::play::<G>(Value::Null, pos, &self.rulings, history, text);
        let legal = matches!(answer.response, Response::Played { .. });
        Probe {
            kind: if legal {
                Kind::Play
            } else {
                Kind::Refused(text.to_string())
            },
            position: pos.clone(),
            request: Request::Play {
                id: Value::Null,
                ruleset: G::RULESET.to_string(),
                rulings: self.rulings_text.clone(),
                position: G::format_compact(pos),
                mv: text.to_string(),
                history: history.map(|h| h.iter().map(G::format_compact).collect()),
            },
            expected: answer.response,
            rules: answer.rules,
            after: answer.after,
            before: before.to_vec(),
            played: legal.then(|| text.to_string()),
        }
    }

    /// The probe of `kind` after `moves` from the start, if the moves are a game and the probe is
    /// of the same kind there.
    pub(super) fn attempt(&self, kind: &Kind, moves: &[G::Move]) -> Option<Probe<G>> {
        let (replay, last) = match kind {
            Kind::Play => {
                let (last, rest) = moves.split_last()?;
                (rest, Some(*last))
            }
            _ => (moves, None),
        };
        let mut game = Playthrough::<G>::new(self.start.clone(), self.rulings.clone());
        let mut before = Vec::with_capacity(replay.len());
        for &mv in replay {
            if game.end().is_some() {
                return None;
            }
            game.play(mv, &mut ()).ok()?;
            before.push(G::format_move(mv));
        }
        match kind {
            Kind::LegalMoves => self.legal_moves_probe(&game.position, &before),
            Kind::Play => {
                if game.end().is_some() {
                    return None;
                }
                let text = G::format_move(last?);
                let probe = self.play_probe(&game.position, &[], &text, &before);
                (probe.kind == Kind::Play).then_some(probe)
            }
            Kind::Refused(text) => {
                if game.end().is_some() {
                    return None;
                }
                let probe = self.play_probe(&game.position, &[], text, &before);
                matches!(probe.expected, Response::Illegal { .. }).then_some(probe)
            }
        }
    }
}
