//! `bao-oracle conform`: test another implementation against the oracle over the engine protocol.
//!
//! For each selected ruleset the engine is given (1) every scenario, move by move, and (2) seeded
//! random games; at every ply it is asked for the legal moves, to play the chosen move, and to play
//! one move the oracle finds illegal. Each answer is compared with the oracle's own
//! ([`crate::protocol::legal_moves`], [`crate::protocol::play`]): the legal-move set, the position
//! after the move, its events (captures, reservations, the game's end), or the refusal. A random
//! game that diverges is shrunk to the shortest move sequence from the start that still diverges.

mod driver;
mod report;

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde_json::Value;

pub use driver::{Driver, EngineInfo, Fatal, Reply, clip, split_command};
pub use report::{
    CaseResult, CaseStatus, Divergence, EngineSummary, REPORT_VERSION, Report, RulesetSummary,
    Summary,
};

use crate::game::{Game, Playthrough, RuleId, Unresolved};
use crate::protocol::{self, EventMsg, Request, Response, Rulings};
use crate::rng::SplitMix64;
use crate::spec::format::{Scenario, ScenarioFile};

/// A random game is cut off after this many plies (games of all three rulesets end long before).
pub const MAX_PLIES: usize = 2000;
/// Shrinking attempts (one request each) for one divergence, and for a whole run; past them a
/// divergence is reported as found.
pub const SHRINK_ATTEMPTS: u32 = 1000;
pub const SHRINK_BUDGET: u32 = 50_000;
/// Requests the breadth-first search for a shorter reproduction may spend on one divergence.
pub const SEARCH_REQUESTS: u32 = 3000;

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    pub games: u64,
    pub seed: u64,
    /// Case-name globs to skip.
    pub skip: Vec<String>,
    /// Case-name globs expected to fail.
    pub known_failures: Vec<String>,
}

/// A scripted case: moves from a start position, each played through the engine.
#[derive(Clone, Debug)]
pub struct Script<G: Game> {
    /// The case name without the ruleset (the scenario id).
    pub name: String,
    /// The start position, or the text of one the oracle refuses (the engine must refuse it too).
    pub start: Result<G::Position, String>,
    pub rulings: Rulings,
    pub moves: Vec<String>,
    /// The rule ids the scenario exercises, for the report.
    pub rules: Vec<String>,
}

/// The run so far: cases and divergences, filled ruleset by ruleset.
pub struct Run<'a> {
    pub driver: &'a mut Driver,
    pub options: &'a Options,
    pub cases: Vec<CaseResult>,
    pub divergences: Vec<Divergence>,
    pub rulesets: Vec<RulesetSummary>,
    shrink_budget: u32,
    /// The shortest reproduction found so far for each kind of divergence, by ruleset.
    shortest: BTreeMap<(String, String), Vec<String>>,
}

impl<'a> Run<'a> {
    pub fn new(driver: &'a mut Driver, options: &'a Options) -> Self {
        Run {
            driver,
            options,
            cases: Vec::new(),
            divergences: Vec::new(),
            rulesets: Vec::new(),
            shrink_budget: SHRINK_BUDGET,
            shortest: BTreeMap::new(),
        }
    }

    /// The report, with the known failures applied.
    pub fn finish(mut self) -> Report {
        let patterns = &self.options.known_failures;
        let mut matched = vec![false; patterns.len()];
        let mut fixed = Vec::new();
        for case in &mut self.cases {
            let mut hit = false;
            for (i, p) in patterns.iter().enumerate() {
                if glob_match(p, &case.name) {
                    matched[i] = true;
                    hit = true;
                }
            }
            if !hit {
                continue;
            }
            match case.status {
                CaseStatus::Failed => case.status = CaseStatus::KnownFailure,
                CaseStatus::Passed => {
                    case.status = CaseStatus::FixedKnownFailure;
                    fixed.push(case.name.clone());
                }
                _ => {}
            }
        }
        let unmatched = patterns
            .iter()
            .zip(&matched)
            .filter(|(_, m)| !**m)
            .map(|(p, _)| p.clone())
            .collect();
        let count = |s: CaseStatus| self.cases.iter().filter(|c| c.status == s).count();
        let summary = Summary {
            passed: count(CaseStatus::Passed),
            failed: count(CaseStatus::Failed) + count(CaseStatus::FixedKnownFailure),
            skipped: count(CaseStatus::Skipped),
            known_failures: count(CaseStatus::KnownFailure),
            requests: self.driver.requests,
            restarts: self.driver.restarts,
        };
        let info = self.driver.info();
        Report {
            version: REPORT_VERSION,
            engine: EngineSummary {
                name: info.name.clone(),
                version: info.version.clone(),
                protocol: info.protocol,
            },
            seed: self.options.seed,
            games: self.options.games,
            rulesets: self.rulesets,
            cases: self.cases,
            divergences: self.divergences,
            fixed_known_failures: fixed,
            unmatched_known_failures: unmatched,
            summary,
        }
    }

    fn skipped(&self, name: &str) -> bool {
        self.options.skip.iter().any(|p| glob_match(p, name))
    }

    fn record(&mut self, name: String, ruleset: &str, outcome: Outcome) {
        let (status, divergence, reason) = match outcome {
            Outcome::Passed => (CaseStatus::Passed, None, None),
            Outcome::Skipped(reason) => (CaseStatus::Skipped, None, Some(reason)),
            Outcome::Failed(d) => {
                // Random games that shrink to the same reproduction are one divergence.
                let same = self.divergences.iter().position(|old| {
                    old.ruleset == d.ruleset
                        && old.rulings == d.rulings
                        && old.start == d.start
                        && old.moves == d.moves
                        && request_kind(&old.request) == request_kind(&d.request)
                        && old.summary == d.summary
                });
                let index = match same {
                    Some(i) => {
                        self.divergences[i].cases.push(name.clone());
                        i
                    }
                    None => {
                        self.divergences.push(*d);
                        self.divergences.len() - 1
                    }
                };
                (CaseStatus::Failed, Some(index), None)
            }
        };
        self.cases.push(CaseResult {
            name,
            ruleset: ruleset.to_string(),
            status,
            divergence,
            reason,
        });
    }

    /// Runs the scripts and the random games of game `G` under `rulings` (for the random games).
    pub fn ruleset<G: Game>(
        &mut self,
        scripts: &[Script<G>],
        rulings: &Rulings,
    ) -> Result<(), Fatal> {
        let support = self.driver.info().rulesets.get(G::RULESET).cloned();
        let unsupported = |wanted: &Rulings| -> Option<String> {
            let support = support.as_ref()?;
            wanted.iter().find_map(|(name, value)| {
                // A ruling the engine does not list is one it supports at its default.
                let default = G::RULINGS
                    .iter()
                    .any(|d| d.name == name && d.default == value);
                let ok = match support.rulings.get(name) {
                    Some(values) => values.iter().any(|v| v == value),
                    None => default,
                };
                (!ok).then(|| format!("the engine does not support ruling {name}={value}"))
            })
        };
        for script in scripts {
            let name = format!("{}/{}", G::RULESET, script.name);
            let outcome = if self.skipped(&name) {
                Outcome::Skipped("--skip".into())
            } else if let Some(reason) = unsupported(&script.rulings) {
                Outcome::Skipped(reason)
            } else {
                self.script(&name, script)?
            };
            self.record(name, G::RULESET, outcome);
        }
        let game_rulings = rulings.resolve::<G>().map_err(|e| Fatal(e.message))?;
        let random_unsupported = unsupported(rulings);
        for n in 0..self.options.games {
            let name = format!("{}/random/{n}", G::RULESET);
            let outcome = if self.skipped(&name) {
                Outcome::Skipped("--skip".into())
            } else if let Some(reason) = &random_unsupported {
                Outcome::Skipped(reason.clone())
            } else {
                let ctx = Context::<G> {
                    rulings: game_rulings.clone(),
                    rulings_text: rulings.clone(),
                    start: G::start(),
                    history: false,
                };
                self.random_game(&ctx, n)?
            };
            self.record(name, G::RULESET, outcome);
        }
        self.rulesets.push(RulesetSummary {
            ruleset: G::RULESET.to_string(),
            rulings: rulings.clone(),
            scenarios: scripts.len(),
            games: self.options.games as usize,
        });
        Ok(())
    }

    fn script<G: Game>(&mut self, name: &str, script: &Script<G>) -> Result<Outcome, Fatal> {
        let rulings = match script.rulings.resolve::<G>().map_err(|e| e.message) {
            Ok(r) => r,
            Err(e) => {
                return Ok(Outcome::Skipped(format!(
                    "the oracle refuses its rulings: {e}"
                )));
            }
        };
        let start = match &script.start {
            Ok(start) => start.clone(),
            Err(text) => return self.refused_start::<G>(name, script, text),
        };
        let ctx = Context::<G> {
            rulings,
            rulings_text: script.rulings.clone(),
            start,
            history: true,
        };
        let mut probes = Vec::new();
        let mut game = Playthrough::<G>::new(ctx.start.clone(), ctx.rulings.clone());
        let mut history = Vec::new();
        let mut played = Vec::new();
        // Positions with an undecided move are skipped, and the scenario ends at one.
        let mut undecided = false;
        for text in &script.moves {
            probes.extend(ctx.legal_moves_probe(&game.position, &played));
            // Scenarios may spell moves in any accepted form; the protocol speaks canonical.
            let resolved = G::parse_move(text)
                .ok()
                .and_then(|s| G::resolve(&game.position, &ctx.rulings, &s).ok());
            let canonical = resolved.map(G::format_move).unwrap_or_else(|| text.clone());
            let probe = ctx.play_probe(&game.position, &history, &canonical, &played);
            if matches!(probe.expected, Response::Undecided { .. }) {
                undecided = true;
                break;
            }
            let legal = probe.kind == Kind::Play;
            probes.push(probe);
            // After a refused move (or a move after the end) the scenario has no more to say.
            let Some(mv) = resolved.filter(|_| legal && game.end().is_none()) else {
                break;
            };
            history.push(game.position.clone());
            if game.play(mv, &mut ()).is_err() {
                break;
            }
            played.push(canonical);
        }
        if !undecided && played.len() == script.moves.len() {
            probes.extend(ctx.legal_moves_probe(&game.position, &played));
        }
        if probes.is_empty() {
            return Ok(Outcome::Skipped(
                "the oracle finds a move of the scenario undecided".into(),
            ));
        }
        let replies = self.send(&mut probes)?;
        for (probe, reply) in probes.iter().zip(&replies) {
            match judge(&ctx, probe, reply) {
                Verdict::Pass => {}
                Verdict::Skip(reason) => return Ok(Outcome::Skipped(reason)),
                Verdict::Fail(mismatch) => {
                    let moves = probe.reproduction();
                    let mut d = divergence(name, &ctx, &moves, probe, reply, mismatch);
                    for r in &script.rules {
                        if !d.rules.contains(r) {
                            d.rules.push(r.clone());
                        }
                    }
                    return Ok(Outcome::Failed(Box::new(d)));
                }
            }
        }
        Ok(Outcome::Passed)
    }

    /// A scenario whose start position the oracle refuses: the engine must answer `legal_moves`
    /// there with the same error.
    fn refused_start<G: Game>(
        &mut self,
        name: &str,
        script: &Script<G>,
        text: &str,
    ) -> Result<Outcome, Fatal> {
        if text.trim().contains('\n') {
            return Ok(Outcome::Skipped(
                "its refused start is a diagram; the protocol sends compact positions".into(),
            ));
        }
        let mut request = [Request::LegalMoves {
            id: Value::Null,
            ruleset: G::RULESET.to_string(),
            rulings: script.rulings.clone(),
            position: text.to_string(),
        }];
        let reply = self.driver.exchange(&mut request)?;
        let [request] = request;
        let line = serde_json::to_string(&request).expect("requests serialize");
        let expected = protocol::respond(&line);
        let (summary, engine) = match &reply[0] {
            Reply::Answer { response, line } => {
                let agrees = match (&expected, response) {
                    (Response::Error { code: a, .. }, Response::Error { code: b, .. }) => a == b,
                    (a, b) => a.kind() == b.kind(),
                };
                if agrees {
                    return Ok(Outcome::Passed);
                }
                let summary = format!(
                    "to `legal_moves` at a position the oracle refuses, the engine answers `{}`",
                    response.kind()
                );
                (summary, serde_json::from_str(line).unwrap_or(Value::Null))
            }
            other => {
                let verdict = match other {
                    Reply::Timeout { seconds } => format!("no answer within {seconds} s"),
                    Reply::Crashed { .. } => "the engine crashed".to_string(),
                    _ => "a garbled answer".to_string(),
                };
                (verdict.clone(), Value::String(verdict))
            }
        };
        let details = match &expected {
            Response::Error { code, message, .. } => vec![format!("oracle: {code}: {message}")],
            _ => Vec::new(),
        };
        Ok(Outcome::Failed(Box::new(Divergence {
            cases: vec![name.to_string()],
            ruleset: G::RULESET.to_string(),
            rulings: script.rulings.clone(),
            summary,
            details,
            start: text.to_string(),
            moves: Vec::new(),
            shrunk_from: None,
            position: text.to_string(),
            diagram: String::new(),
            request: serde_json::to_value(&request).expect("requests serialize"),
            engine,
            oracle: serde_json::to_value(&expected).expect("responses serialize"),
            rules: script.rules.clone(),
        })))
    }

    fn random_game<G: Game>(&mut self, ctx: &Context<G>, n: u64) -> Result<Outcome, Fatal> {
        let mut rng = SplitMix64::new(game_seed(self.options.seed, G::RULESET, n));
        let names = move_names::<G>();
        let mut game = Playthrough::<G>::new(ctx.start.clone(), ctx.rulings.clone());
        let mut moves: Vec<G::Move> = Vec::new();
        let mut played: Vec<String> = Vec::new();
        let mut probes = Vec::new();
        let mut legal = Vec::new();
        let mut illegal = Vec::new();
        while game.end().is_none() && moves.len() < MAX_PLIES {
            let pos = game.position.clone();
            G::legal_moves(&pos, &ctx.rulings, &mut legal);
            // A position with undecided moves gets no `legal_moves`: its move list is not known.
            probes.extend(ctx.legal_moves_probe(&pos, &played));
            if legal.is_empty() {
                break;
            }
            illegal.clear();
            illegal.extend(names.iter().filter(|text| {
                G::parse_move(text).is_ok_and(|s| {
                    matches!(
                        G::resolve(&pos, &ctx.rulings, &s),
                        Err(Unresolved::Rejected(r)) if r.rule().is_some()
                    )
                })
            }));
            if !illegal.is_empty() {
                let text = illegal[rng.below(illegal.len())];
                probes.push(ctx.play_probe(&pos, &[], text, &played));
            }
            let mv = legal[rng.below(legal.len())];
            let text = G::format_move(mv);
            probes.push(ctx.play_probe(&pos, &[], &text, &played));
            game.play(mv, &mut ()).expect("a listed move plays");
            moves.push(mv);
            played.push(text);
        }
        let replies = self.send(&mut probes)?;
        for (probe, reply) in probes.iter().zip(&replies) {
            match judge(ctx, probe, reply) {
                Verdict::Pass => {}
                Verdict::Skip(reason) => return Ok(Outcome::Skipped(reason)),
                Verdict::Fail(mismatch) => {
                    let name = format!("{}/random/{n}", G::RULESET);
                    let upto = probe.reproduction().len();
                    let found = Failure {
                        moves: moves[..upto].to_vec(),
                        probe: probe.clone(),
                        reply: reply.clone(),
                        mismatch,
                    };
                    let shrunk = self.shrink(ctx, found)?;
                    let shrunk = self.search(ctx, shrunk)?;
                    let moves = shrunk.probe.reproduction();
                    let mut d = divergence(
                        &name,
                        ctx,
                        &moves,
                        &shrunk.probe,
                        &shrunk.reply,
                        shrunk.mismatch,
                    );
                    if moves.len() < upto {
                        d.shrunk_from = Some(upto);
                    }
                    return Ok(Outcome::Failed(Box::new(d)));
                }
            }
        }
        Ok(Outcome::Passed)
    }

    /// Looks breadth-first, from the start, for a shorter sequence of moves that leads to the same
    /// kind of divergence than shrinking found; gives up past [`SEARCH_REQUESTS`] requests. Random
    /// games that diverge the same way thus end with the same, shortest, reproduction.
    fn search<G: Game>(&mut self, ctx: &Context<G>, best: Failure<G>) -> Result<Failure<G>, Fatal> {
        let key = kind_key(ctx, &best.probe.kind, &best.mismatch.signature);
        // A shorter reproduction of this kind is already known: it is what the search would find.
        if let Some(known) = self.shortest.get(&key).cloned()
            && known.len() <= best.moves.len()
            && let Some(found) = self.replay(ctx, &best, &known)?
        {
            return Ok(found);
        }
        let found = self.breadth_first(ctx, best)?;
        self.shortest.insert(key, found.probe.reproduction());
        Ok(found)
    }

    /// The failure of `best`'s kind reached by the canonical moves `texts`, if it still diverges.
    fn replay<G: Game>(
        &mut self,
        ctx: &Context<G>,
        best: &Failure<G>,
        texts: &[String],
    ) -> Result<Option<Failure<G>>, Fatal> {
        let mut moves = Vec::with_capacity(texts.len());
        let mut game = Playthrough::<G>::new(ctx.start.clone(), ctx.rulings.clone());
        for text in texts {
            let Some(mv) = G::parse_move(text)
                .ok()
                .and_then(|s| G::resolve(&game.position, &ctx.rulings, &s).ok())
            else {
                return Ok(None);
            };
            moves.push(mv);
            if game.play(mv, &mut ()).is_err() {
                return Ok(None);
            }
        }
        match ctx.attempt(&best.probe.kind, &moves) {
            Some(probe) => self.check(ctx, probe, moves, &best.mismatch.signature),
            None => Ok(None),
        }
    }

    /// Sends `probe` (made after `moves`); the failure if it diverges with `signature`.
    fn check<G: Game>(
        &mut self,
        ctx: &Context<G>,
        probe: Probe<G>,
        moves: Vec<G::Move>,
        signature: &str,
    ) -> Result<Option<Failure<G>>, Fatal> {
        let mut one = [probe];
        let reply = self.send(&mut one)?;
        let [probe] = one;
        let reply = reply.into_iter().next().expect("one reply per request");
        Ok(match judge(ctx, &probe, &reply) {
            Verdict::Fail(mismatch) if mismatch.signature == signature => Some(Failure {
                moves,
                probe,
                reply,
                mismatch,
            }),
            _ => None,
        })
    }

    fn breadth_first<G: Game>(
        &mut self,
        ctx: &Context<G>,
        best: Failure<G>,
    ) -> Result<Failure<G>, Fatal> {
        // Nodes of the search: the position, the node before it and the move from there.
        struct Node<G: Game> {
            position: G::Position,
            parent: usize,
            mv: Option<G::Move>,
        }
        let path = |nodes: &[Node<G>], mut i: usize| {
            let mut moves = Vec::new();
            while let Some(mv) = nodes[i].mv {
                moves.push(mv);
                i = nodes[i].parent;
            }
            moves.reverse();
            moves
        };
        let kind = best.probe.kind.clone();
        let signature = best.mismatch.signature.clone();
        // A `play` probe adds its own move to the reproduction.
        let extra = usize::from(kind == Kind::Play);
        let mut nodes: Vec<Node<G>> = vec![Node {
            position: ctx.start.clone(),
            parent: 0,
            mv: None,
        }];
        let mut seen = std::collections::HashSet::new();
        seen.insert(ctx.start.clone());
        let mut level = 0..1;
        let mut depth = 0;
        let mut spent = 0;
        let mut legal = Vec::new();
        while depth + extra < best.moves.len() && !level.is_empty() {
            // Every probe of this depth, in one pipelined batch.
            let mut probes = Vec::new();
            let mut sequences = Vec::new();
            for i in level.clone() {
                let moves = path(&nodes, i);
                if G::game_end(&nodes[i].position, &ctx.rulings).is_some() {
                    continue;
                }
                match &kind {
                    Kind::Play => {
                        G::legal_moves(&nodes[i].position, &ctx.rulings, &mut legal);
                        for &mv in &legal {
                            let mut with = moves.clone();
                            with.push(mv);
                            sequences.push(with);
                        }
                    }
                    _ => sequences.push(moves),
                }
            }
            let mut kept = Vec::new();
            for moves in sequences {
                if let Some(p) = ctx.attempt(&kind, &moves) {
                    probes.push(p);
                    kept.push(moves);
                }
            }
            let room = (SEARCH_REQUESTS - spent).min(self.shrink_budget) as usize;
            if probes.len() > room {
                return Ok(best);
            }
            spent += probes.len() as u32;
            self.shrink_budget -= probes.len() as u32;
            let replies = self.send(&mut probes)?;
            for ((probe, reply), moves) in probes.into_iter().zip(replies).zip(kept) {
                if let Verdict::Fail(mismatch) = judge(ctx, &probe, &reply)
                    && mismatch.signature == signature
                {
                    return Ok(Failure {
                        moves,
                        probe,
                        reply,
                        mismatch,
                    });
                }
            }
            let next = nodes.len();
            for i in level {
                if G::game_end(&nodes[i].position, &ctx.rulings).is_some() {
                    continue;
                }
                G::legal_moves(&nodes[i].position, &ctx.rulings, &mut legal);
                for &mv in &legal {
                    let Ok(position) = G::play(&nodes[i].position, &ctx.rulings, mv, &mut ())
                    else {
                        continue;
                    };
                    if seen.insert(position.clone()) {
                        nodes.push(Node {
                            position,
                            parent: i,
                            mv: Some(mv),
                        });
                    }
                }
            }
            level = next..nodes.len();
            depth += 1;
        }
        Ok(best)
    }

    /// Sends the probes' requests; each probe keeps the request as sent (with its id).
    fn send<G: Game>(&mut self, probes: &mut [Probe<G>]) -> Result<Vec<Reply>, Fatal> {
        let mut sent: Vec<Request> = probes.iter().map(|p| p.request.clone()).collect();
        let replies = self.driver.exchange(&mut sent)?;
        for (probe, request) in probes.iter_mut().zip(sent) {
            probe.request = request;
        }
        Ok(replies)
    }

    /// Shortens the move sequence of a failure while the same kind of request still diverges:
    /// greedy removal of chunks of moves, halving the chunk size when none can go. Small chunks
    /// are tried at every offset, since a move and its answer (two plies) often go together.
    fn shrink<G: Game>(
        &mut self,
        ctx: &Context<G>,
        mut best: Failure<G>,
    ) -> Result<Failure<G>, Fatal> {
        let mut attempts = 0;
        let mut chunk = (best.moves.len() / 2).max(1);
        loop {
            let mut removed = false;
            let mut i = 0;
            let step = if chunk <= 8 { 1 } else { chunk };
            while i < best.moves.len() {
                if attempts == SHRINK_ATTEMPTS || self.shrink_budget == 0 {
                    return Ok(best);
                }
                let end = (i + chunk).min(best.moves.len());
                let candidate: Vec<G::Move> = best.moves[..i]
                    .iter()
                    .chain(&best.moves[end..])
                    .copied()
                    .collect();
                let Some(probe) = ctx.attempt(&best.probe.kind, &candidate) else {
                    i += step;
                    continue;
                };
                attempts += 1;
                self.shrink_budget -= 1;
                let signature = best.mismatch.signature.clone();
                match self.check(ctx, probe, candidate, &signature)? {
                    Some(shorter) => {
                        best = shorter;
                        removed = true;
                    }
                    None => i += step,
                }
            }
            if !removed {
                if chunk == 1 {
                    return Ok(best);
                }
                chunk /= 2;
            }
        }
    }
}

/// The key under which the shortest reproduction of a kind of divergence is remembered.
fn kind_key<G: Game>(ctx: &Context<G>, kind: &Kind, signature: &str) -> (String, String) {
    let kind = match kind {
        Kind::LegalMoves => "legal_moves".to_string(),
        Kind::Play => "play".to_string(),
        Kind::Refused(text) => format!("play {text} (illegal)"),
    };
    let rulings = serde_json::to_string(&ctx.rulings_text).unwrap_or_default();
    (
        format!("{} {rulings} {kind}", G::RULESET),
        signature.to_string(),
    )
}

enum Outcome {
    Passed,
    Failed(Box<Divergence>),
    Skipped(String),
}

/// A divergence found in a random game, before and during shrinking.
struct Failure<G: Game> {
    moves: Vec<G::Move>,
    probe: Probe<G>,
    reply: Reply,
    mismatch: Mismatch,
}

/// The scenarios of game `G` among spec files, as scripts.
pub fn scripts<G: Game>(files: &[ScenarioFile]) -> Vec<Script<G>> {
    let mut scripts = Vec::new();
    for file in files.iter().filter(|f| f.ruleset == G::RULESET) {
        for scenario in &file.scenarios {
            let start = scenario_start::<G>(scenario);
            scripts.push(Script {
                name: scenario.id.clone(),
                start,
                rulings: scenario.rulings.clone(),
                moves: scenario.moves.clone(),
                rules: scenario.rules.clone(),
            });
        }
    }
    scripts
}

/// A scenario's start position with its `first` applied; a start the game refuses is returned as
/// written.
pub fn scenario_start<G: Game>(scenario: &Scenario) -> Result<G::Position, String> {
    let mut start = match &scenario.start {
        None => G::start(),
        Some(text) => G::parse_position(text).map_err(|_| text.clone())?,
    };
    if let Some(first) = scenario.first {
        G::set_side_to_move(&mut start, first);
    }
    Ok(start)
}

/// What a case needs to build requests and the oracle's answers.
struct Context<G: Game> {
    rulings: G::Rulings,
    rulings_text: Rulings,
    start: G::Position,
    /// Whether `play` requests carry the game's history (scenarios do; random games don't).
    history: bool,
}

/// Which request a probe makes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    LegalMoves,
    /// Play a move the oracle finds legal.
    Play,
    /// Play `text`, which the oracle refuses.
    Refused(String),
}

/// One request with the oracle's answer to it.
struct Probe<G: Game> {
    kind: Kind,
    /// The position the request is about.
    position: G::Position,
    request: Request,
    expected: Response,
    rules: Vec<RuleId>,
    after: Option<G::Position>,
    /// The moves (canonical) from the start to `position`, and the move played, if legal.
    before: Vec<String>,
    played: Option<String>,
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
    fn reproduction(&self) -> Vec<String> {
        let mut moves = self.before.clone();
        moves.extend(self.played.clone());
        moves
    }
}

impl<G: Game> Context<G> {
    /// `legal_moves` at `pos`, unless the oracle finds some move there undecided.
    fn legal_moves_probe(&self, pos: &G::Position, before: &[String]) -> Option<Probe<G>> {
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
    fn play_probe(
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
    fn attempt(&self, kind: &Kind, moves: &[G::Move]) -> Option<Probe<G>> {
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

/// The texts that might name a move in one word: every hole name of the game that parses as a move.
fn move_names<G: Game>() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for i in 0..=u8::MAX {
        let name = G::hole_name(i);
        if name != "?" && !names.contains(&name) && G::parse_move(name).is_ok() {
            names.push(name);
        }
    }
    names
}

/// How an answer differs from the oracle's.
#[derive(Clone, Debug)]
struct Mismatch {
    summary: String,
    /// The summary without the move: what makes two divergences the same kind.
    signature: String,
    details: Vec<String>,
    /// Rule ids beyond the probe's own (of the moves that differ).
    rules: Vec<RuleId>,
}

impl Mismatch {
    fn new(summary: impl Into<String>, details: Vec<String>) -> Self {
        let summary = summary.into();
        Mismatch {
            signature: summary.clone(),
            summary,
            details,
            rules: Vec::new(),
        }
    }
}

enum Verdict {
    Pass,
    Skip(String),
    Fail(Mismatch),
}

/// Compares the engine's reply to a probe with the oracle's answer.
fn judge<G: Game>(ctx: &Context<G>, probe: &Probe<G>, reply: &Reply) -> Verdict {
    let response = match reply {
        Reply::Answer { response, .. } => response,
        Reply::Garbled { why, .. } => {
            return Verdict::Fail(Mismatch::new(
                "the engine's answer is garbled",
                vec![why.clone()],
            ));
        }
        Reply::Timeout { seconds } => {
            return Verdict::Fail(Mismatch::new(
                format!("the engine did not answer within {seconds} s"),
                vec![],
            ));
        }
        Reply::Crashed { stderr } => {
            let details = stderr.lines().map(|l| format!("stderr: {l}")).collect();
            return Verdict::Fail(Mismatch::new("the engine crashed", details));
        }
    };
    let what = match &probe.request {
        Request::Play { mv, .. } => format!("`play {mv}`"),
        _ => "`legal_moves`".to_string(),
    };
    match (&probe.expected, response) {
        (_, Response::Unsupported { message, .. }) => {
            Verdict::Skip(format!("the engine does not support it: {message}"))
        }
        (Response::Moves { moves: want, .. }, Response::Moves { moves: got, .. }) => {
            compare_moves(ctx, probe, want, got)
        }
        (
            Response::Played {
                events: want_events,
                ..
            },
            Response::Played {
                position, events, ..
            },
        ) => compare_played(probe, want_events, position, events),
        (Response::Illegal { .. }, Response::Illegal { .. }) => Verdict::Pass,
        (Response::Error { code: want, .. }, Response::Error { code: got, .. }) if want == got => {
            Verdict::Pass
        }
        (want, got) => {
            let mut details = Vec::new();
            match got {
                Response::Illegal { reason, .. } => details.push(format!("engine: {reason}")),
                Response::Error { code, message, .. } => {
                    details.push(format!("engine: {code}: {message}"))
                }
                Response::Undecided { reason, .. } => details.push(format!("engine: {reason}")),
                _ => {}
            }
            if let Response::Illegal { reason, rule, .. } = want {
                let rule = rule
                    .as_deref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default();
                details.push(format!("oracle: {reason}{rule}"));
            }
            let mut mismatch = Mismatch::new(
                format!(
                    "to {what} the engine answers `{}`, the oracle `{}`",
                    got.kind(),
                    want.kind()
                ),
                details,
            );
            mismatch.signature = format!("answers {} for {}", got.kind(), want.kind());
            Verdict::Fail(mismatch)
        }
    }
}

fn compare_moves<G: Game>(
    ctx: &Context<G>,
    probe: &Probe<G>,
    want: &[String],
    got: &[String],
) -> Verdict {
    let want_set: BTreeSet<&str> = want.iter().map(String::as_str).collect();
    let mut got_set = BTreeSet::new();
    let mut twice = BTreeSet::new();
    for m in got {
        if !got_set.insert(m.as_str()) {
            twice.insert(m.as_str());
        }
    }
    if want_set == got_set && twice.is_empty() {
        return Verdict::Pass;
    }
    let missing: Vec<&str> = want_set.difference(&got_set).copied().collect();
    let extra: Vec<&str> = got_set.difference(&want_set).copied().collect();
    let mut details = Vec::new();
    let mut rules = Vec::new();
    for m in &missing {
        let answer = protocol::play::<G>(Value::Null, &probe.position, &ctx.rulings, None, m);
        rules.extend(answer.rules);
    }
    if !missing.is_empty() {
        details.push(format!("the engine misses: {}", missing.join(" ")));
    }
    for m in &extra {
        let answer = protocol::play::<G>(Value::Null, &probe.position, &ctx.rulings, None, m);
        let why = match &answer.response {
            Response::Illegal { reason, rule, .. } => {
                let rule = rule
                    .as_deref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default();
                format!("illegal: {reason}{rule}")
            }
            Response::Error { message, .. } => format!("not a move: {message}"),
            Response::Played { .. } => "not canonical notation".to_string(),
            other => other.kind().to_string(),
        };
        details.push(format!("the engine adds {m}: {why}"));
        rules.extend(answer.rules);
    }
    if !twice.is_empty() {
        let twice: Vec<&str> = twice.into_iter().collect();
        details.push(format!(
            "the engine lists more than once: {}",
            twice.join(" ")
        ));
    }
    let mut mismatch = Mismatch::new("the legal moves differ", details);
    mismatch.rules = rules;
    Verdict::Fail(mismatch)
}

fn compare_played<G: Game>(
    probe: &Probe<G>,
    want_events: &[EventMsg],
    position: &str,
    events: &[EventMsg],
) -> Verdict {
    let mv = probe.played.as_deref().unwrap_or("?");
    let mut details = Vec::new();
    let mut differ = Vec::new();
    match G::parse_position(position) {
        Ok(p) if Some(&p) == probe.after.as_ref() => {}
        Ok(_) => {
            differ.push("position");
            details.push(format!("engine position: {position}"));
            if let Some(after) = &probe.after {
                details.push(format!("oracle position: {}", G::format_compact(after)));
            }
        }
        Err(e) => {
            differ.push("position");
            details.push(format!(
                "the engine's position `{position}` cannot be read: {e}"
            ));
        }
    }
    let normal = |events: &[EventMsg]| {
        let mut v: Vec<EventMsg> = events.iter().map(EventMsg::without_rule).collect();
        v.sort();
        v
    };
    let (want, got) = (normal(want_events), normal(events));
    if want != got {
        differ.push("events");
        let words = |events: &[EventMsg]| {
            if events.is_empty() {
                "none".to_string()
            } else {
                events
                    .iter()
                    .map(EventMsg::describe)
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        details.push(format!("engine events: {}", words(&got)));
        details.push(format!("oracle events: {}", words(&want)));
    }
    if differ.is_empty() {
        Verdict::Pass
    } else {
        let mut mismatch = Mismatch::new(
            format!("the {} after {mv} differ", differ.join(" and ")),
            details,
        );
        mismatch.signature = format!("the {} differ", differ.join(" and "));
        Verdict::Fail(mismatch)
    }
}

fn divergence<G: Game>(
    case: &str,
    ctx: &Context<G>,
    moves: &[String],
    probe: &Probe<G>,
    reply: &Reply,
    mismatch: Mismatch,
) -> Divergence {
    let request = serde_json::to_value(&probe.request).expect("requests serialize");
    let mut oracle = serde_json::to_value(&probe.expected).expect("responses serialize");
    if let (Some(id), Value::Object(map)) = (request.get("id"), &mut oracle) {
        map.insert("id".into(), id.clone());
    }
    let engine = match reply {
        Reply::Answer { line, .. } | Reply::Garbled { line, .. } => {
            serde_json::from_str(line).unwrap_or_else(|_| Value::String(clip(line)))
        }
        Reply::Timeout { seconds } => Value::String(format!("(no answer within {seconds} s)")),
        Reply::Crashed { .. } => Value::String("(the engine exited)".into()),
    };
    let mut rules: Vec<String> = Vec::new();
    for r in probe.rules.iter().chain(&mismatch.rules) {
        if !rules.iter().any(|x| x == r) {
            rules.push(r.to_string());
        }
    }
    Divergence {
        cases: vec![case.to_string()],
        ruleset: G::RULESET.to_string(),
        rulings: ctx.rulings_text.clone(),
        summary: mismatch.summary,
        details: mismatch.details,
        start: G::format_compact(&ctx.start),
        moves: moves.to_vec(),
        shrunk_from: None,
        position: G::format_compact(&probe.position),
        diagram: G::format_diagram(&probe.position),
        request,
        engine,
        oracle,
        rules,
    }
}

fn request_kind(request: &Value) -> (Option<&str>, Option<&str>) {
    (
        request.get("type").and_then(Value::as_str),
        request.get("move").and_then(Value::as_str),
    )
}

/// The seed of random game `n` of a ruleset: each game reproducible on its own, whatever else
/// runs before it.
fn game_seed(seed: u64, ruleset: &str, n: u64) -> u64 {
    // FNV-1a folds the ruleset and the game number into the run's seed; SplitMix64 mixes it.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in ruleset.bytes().chain(n.to_le_bytes()) {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    SplitMix64::new(seed ^ h).next_u64()
}

/// `*` any run of characters, `?` any one character, everything else itself.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    // Iterative matching with backtracking to the last `*`.
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// Reads a known-failures file: one case-name glob a line; blank lines and `#` comments skipped.
pub fn parse_known_failures(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Splits `--ruling` assignments among rulesets by the rulings each game has.
pub fn rulings_by_ruleset(
    rulesets: &[String],
    assignments: &[String],
    rulings_of: impl Fn(&str) -> Vec<&'static str>,
) -> Result<BTreeMap<String, Rulings>, String> {
    let mut out: BTreeMap<String, Rulings> = rulesets
        .iter()
        .map(|r| (r.clone(), Rulings::new()))
        .collect();
    for a in assignments {
        let (name, value) =
            crate::rulings::RulingSet::parse_assignment(a).map_err(|e| e.message)?;
        let owner = rulesets
            .iter()
            .find(|r| rulings_of(r).contains(&name.as_str()))
            .ok_or_else(|| format!("`{name}` is not a ruling of any selected ruleset"))?;
        let set = out.get_mut(owner).expect("every ruleset has an entry");
        set.insert(&name, &value).map_err(|e| e.message)?;
    }
    Ok(out)
}

/// The timeout for each request.
pub fn timeout(seconds: f64) -> Result<Duration, String> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "`{seconds}` is not a timeout: give seconds, more than 0"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_like_a_shell() {
        assert!(glob_match("bao-*/random/*", "bao-kingulu/random/12"));
        assert!(glob_match("*", ""));
        assert!(glob_match("a?c", "abc"));
        assert!(!glob_match("a?c", "ac"));
        assert!(glob_match("*x*y", "axxbxy"));
        assert!(!glob_match("bao-kingulu/*", "bao-la-kimasai/random/1"));
        assert!(glob_match("exact", "exact"));
        assert!(!glob_match("exact", "exactly"));
    }

    #[test]
    fn known_failures_file_skips_comments() {
        let text = "# header\nbao-kingulu/random/3  # flaky capture\n\n  x/*\n";
        assert_eq!(parse_known_failures(text), ["bao-kingulu/random/3", "x/*"]);
    }

    #[test]
    fn rulings_go_to_the_ruleset_that_has_them() {
        let rulesets = vec!["a".to_string(), "b".to_string()];
        let of = |r: &str| if r == "b" { vec!["b.x"] } else { vec![] };
        let split = rulings_by_ruleset(&rulesets, &["b.x=1".into()], of).unwrap();
        assert!(split["a"].is_empty());
        assert_eq!(split["b"].get("b.x"), Some("1"));
        assert!(rulings_by_ruleset(&rulesets, &["c.y=1".into()], of).is_err());
        assert!(rulings_by_ruleset(&rulesets, &["b.x=1".into(), "b.x=2".into()], of).is_err());
    }
}
