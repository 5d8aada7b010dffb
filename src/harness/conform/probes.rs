//! Probes: one request to the engine with the oracle's own answer to it, and the moves from the
//! start that lead to it.

use serde_json::Value;

use crate::harness::protocol::{self, Request, Response, Rulings};
use bao_rules::Ruleset;
use bao_rules::game::{Event, Game, RuleId, Sink};
use bao_rules::play::Playthrough;

/// Counts the laps of a move and the seeds they sow.
#[derive(Default)]
pub(super) struct Sowing {
    pub(super) laps: u32,
    pub(super) seeds: u32,
}

impl Sink for Sowing {
    const LISTENING: bool = true;
    fn event(&mut self, event: Event) {
        if let Event::Lap { seeds, .. } = event {
            self.laps += 1;
            self.seeds += u32::from(seeds);
        }
    }
}

/// The laps and seeds sown of the move `text` at `pos`, when it is a legal move.
pub(super) fn sowing<G: Game + bao_rules::Conformance>(
    pos: &G::Position,
    rulings: &G::Rulings,
    text: &str,
) -> Option<Sowing> {
    let game = Playthrough::<G>::new(pos.clone(), rulings.clone());
    let mv = game.resolve_text(text).ok()?;
    let mut sowing = Sowing::default();
    G::play(pos, rulings, mv, &mut sowing).ok()?;
    Some(sowing)
}

/// What a case needs to build requests and the oracle's answers.
pub(super) struct Context<G: Game + bao_rules::Conformance> {
    pub(super) rulings: G::Rulings,
    pub(super) rulings_text: Rulings,
    pub(super) start: G::Position,
    /// Whether `play` requests carry the game's history (scenarios do; random games don't).
    pub(super) history: bool,
    /// `--max-laps`: moves the oracle needs more laps to decide are left out of the comparison.
    pub(super) max_laps: Option<u32>,
    /// The engine's declared limit of seeds sown in one move (`hello`): moves that sow more are
    /// left out as `--max-laps` leaves out longer ones.
    pub(super) max_seeds: Option<u32>,
    /// The engine's own notation, when its `hello` names one the oracle knows (Donkers').
    pub(super) notation: Option<bao_rules::game::Notation>,
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
pub(super) struct Probe<G: Game + bao_rules::Conformance> {
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
    /// Whether the oracle needs more than `--max-laps` laps to decide the move (`play`), or a
    /// legal move of the position (`legal_moves`): the probe is left out of the comparison.
    pub(super) beyond: bool,
}

impl<G: Game + bao_rules::Conformance> Clone for Probe<G> {
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
            beyond: self.beyond,
        }
    }
}

impl<G: Game + bao_rules::Conformance> Probe<G> {
    /// The moves from the start that reproduce this request: those before its position, and the
    /// move it plays when that is legal.
    pub(super) fn reproduction(&self) -> Vec<String> {
        let mut moves = self.before.clone();
        moves.extend(self.played.clone());
        moves
    }
}

impl<G: Game + bao_rules::Conformance> Context<G> {
    /// Whether moves are left out past a limit (`--max-laps`, or the engine's declared one).
    pub(super) fn limited(&self) -> bool {
        self.max_laps.is_some() || self.max_seeds.is_some()
    }

    /// Whether `mv` takes more laps, or sows more seeds, at `pos` than the limits allow.
    fn too_long(&self, pos: &G::Position, mv: G::Move) -> bool {
        if !self.limited() {
            return false;
        }
        let mut sowing = Sowing::default();
        // `mv` is legal: it plays.
        let _ = G::play(pos, &self.rulings, mv, &mut sowing);
        self.max_laps.is_some_and(|max| sowing.laps > max)
            || self.max_seeds.is_some_and(|max| sowing.seeds > max)
    }

    /// `legal_moves` at `pos`, unless the oracle finds some move there undecided.
    pub(super) fn legal_moves_probe(
        &self,
        pos: &G::Position,
        before: &[String],
    ) -> Option<Probe<G>> {
        self.legal_moves_probe_at(pos, G::format_compact(pos), before)
    }

    /// [`Context::legal_moves_probe`] at `pos` written `compact` ([`Game::format_compact`]): a
    /// random game writes each position once for all its probes.
    pub(super) fn legal_moves_probe_at(
        &self,
        pos: &G::Position,
        compact: String,
        before: &[String],
    ) -> Option<Probe<G>> {
        let (expected, rules) = protocol::legal_moves::<G>(Value::Null, pos, &self.rulings);
        if matches!(expected, Response::Moves { undecided, .. } if undecided > 0) {
            return None;
        }
        let beyond = self.limited() && {
            let mut moves = Vec::new();
            if G::end(pos, &self.rulings).is_none() {
                let _ = G::legal_moves(pos, &self.rulings, &mut moves);
            }
            moves.iter().any(|&mv| self.too_long(pos, mv))
        };
        Some(Probe {
            kind: Kind::LegalMoves,
            position: pos.clone(),
            request: Request::LegalMoves {
                id: Value::Null,
                ruleset: Ruleset::of::<G>().into(),
                rulings: self.rulings_text.clone(),
                position: compact,
            },
            expected,
            rules,
            after: None,
            before: before.to_vec(),
            played: None,
            beyond,
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
        self.play_probe_at(pos, G::format_compact(pos), history, text, before)
    }

    /// [`Context::play_probe`] at `pos` written `compact` ([`Game::format_compact`]).
    pub(super) fn play_probe_at(
        &self,
        pos: &G::Position,
        compact: String,
        history: &[G::Position],
        text: &str,
        before: &[String],
    ) -> Probe<G> {
        let history = self.history.then_some(history);
        let answer = protocol::play::<G>(Value::Null, pos, &self.rulings, history, text);
        let legal = matches!(answer.response, Response::Played { .. });
        // A move the oracle refuses as never-ending takes more laps than any limit.
        let never_ends = |rule: &Option<String>| {
            let long = G::DESCRIPTION.long_moves;
            long.is_some_and(|l| rule.as_deref() == Some(l.never_ends))
        };
        let beyond = self.limited()
            && match (&answer.response, answer.mv) {
                (Response::Played { .. }, Some(mv)) => self.too_long(pos, mv),
                (Response::Illegal { rule, .. }, _) => never_ends(rule),
                _ => false,
            };
        Probe {
            kind: if legal {
                Kind::Play
            } else {
                Kind::Refused(text.to_string())
            },
            position: pos.clone(),
            request: Request::Play {
                id: Value::Null,
                ruleset: Ruleset::of::<G>().into(),
                rulings: self.rulings_text.clone(),
                position: compact,
                mv: text.to_string(),
                history: history.map(|h| h.iter().map(G::format_compact).collect()),
            },
            expected: answer.response,
            rules: answer.rules,
            after: answer.after,
            before: before.to_vec(),
            played: legal.then(|| text.to_string()),
            beyond,
        }
    }

    /// The probe of `kind` after `moves` from the start, if the moves are a game and the probe is
    /// of the same kind there, and not left out (`--max-laps`).
    pub(super) fn attempt(&self, kind: &Kind, moves: &[G::Move]) -> Option<Probe<G>> {
        self.attempt_any(kind, moves).filter(|p| !p.beyond)
    }

    fn attempt_any(&self, kind: &Kind, moves: &[G::Move]) -> Option<Probe<G>> {
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
            Kind::LegalMoves => self.legal_moves_probe(game.position(), &before),
            Kind::Play => {
                if game.end().is_some() {
                    return None;
                }
                let text = G::format_move(last?);
                let probe = self.play_probe(game.position(), &[], &text, &before);
                (probe.kind == Kind::Play).then_some(probe)
            }
            Kind::Refused(text) => {
                if game.end().is_some() {
                    return None;
                }
                let probe = self.play_probe(game.position(), &[], text, &before);
                matches!(probe.expected, Response::Illegal { .. }).then_some(probe)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::spec::Catalogue;
    use bao_rules::games::{Kete, Kimasai, Kingulu, Zanzibar};

    fn context<G: Game + bao_rules::Conformance>(
        start: G::Position,
        max_laps: Option<u32>,
    ) -> Context<G> {
        Context {
            rulings: Rulings::new().resolve::<G>().unwrap(),
            rulings_text: Rulings::new(),
            start,
            history: false,
            max_laps,
            max_seeds: None,
            notation: None,
        }
    }

    #[test]
    fn long_moves_name_the_catalogues_never_ending_rules() {
        fn check<G: Game + bao_rules::Conformance>() {
            let Some(long) = G::DESCRIPTION.long_moves else {
                return;
            };
            let catalogue: Catalogue = serde_saphyr::from_str(G::CATALOGUE).unwrap();
            let statement = |id: &str| {
                let mut entries = catalogue.rules.iter().chain(&catalogue.ambiguities);
                let entry = entries.find(|e| e.id == id);
                entry
                    .map(|e| e.statement.to_lowercase())
                    .unwrap_or_default()
            };
            for id in [long.never_ends, long.ambiguity] {
                assert!(statement(id).contains("never"), "{id}: {}", statement(id));
            }
            assert!(long.ambiguity.contains("-A"), "{}", long.ambiguity);
        }
        check::<Kingulu>();
        check::<Kete>();
        check::<Kimasai>();
        check::<Zanzibar>();
    }

    #[test]
    fn max_laps_leaves_out_long_moves_and_their_positions() {
        let start = Zanzibar::start();
        let mut moves = Vec::new();
        let _ = Zanzibar::legal_moves(
            &start,
            &context::<Zanzibar>(start, None).rulings,
            &mut moves,
        );
        let text = Zanzibar::format_move(moves[0]);
        for (max_laps, beyond) in [(None, false), (Some(0), true), (Some(1_000_000), false)] {
            let ctx = context::<Zanzibar>(start, max_laps);
            let positions = ctx.legal_moves_probe(&start, &[]).unwrap();
            assert_eq!(positions.beyond, beyond, "{max_laps:?}");
            let play = ctx.play_probe(&start, &[], &text, &[]);
            assert_eq!(
                (play.kind, play.beyond),
                (Kind::Play, beyond),
                "{max_laps:?}"
            );
            // Shrinking never lands on a probe left out.
            assert_eq!(ctx.attempt(&Kind::LegalMoves, &[]).is_some(), !beyond);
        }
    }

    #[test]
    fn a_never_ending_move_is_beyond_every_limit() {
        // KIN-A8: A5 relays for ever.
        let pos = Kingulu::parse_position("1,0,1,0,1,2/0,1,0,1,2,0 39-0 S").unwrap();
        for (max_laps, beyond) in [(None, false), (Some(u32::MAX), true)] {
            let ctx = context::<Kingulu>(pos, max_laps);
            let refused = ctx.play_probe(&pos, &[], "A5", &[]);
            assert_eq!(refused.kind, Kind::Refused("A5".into()));
            assert_eq!(refused.beyond, beyond, "{max_laps:?}");
            // The position's legal moves are all short.
            assert!(!ctx.legal_moves_probe(&pos, &[]).unwrap().beyond);
        }
    }
}
