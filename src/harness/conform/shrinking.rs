//! Shrinking a random game's divergence: greedy removal of moves while the same kind of request
//! still diverges the same way, then a breadth-first search from the start for a shorter sequence,
//! so that random games that diverge alike end with one shortest reproduction.

use std::collections::BTreeMap;

use super::driver::Reply;
use super::judging::{Mismatch, Verdict, judge};
use super::probes::{Context, Kind, Probe};
use bao_rules::game::Game;
use bao_rules::play::Playthrough;

/// Shrinking attempts (one request each) for one divergence, and for a whole run; past them a
/// divergence is reported as found.
pub const SHRINK_ATTEMPTS: u32 = 1000;
pub const SHRINK_BUDGET: u32 = 50_000;
/// Requests the breadth-first search for a shorter reproduction may spend on one divergence.
pub const SEARCH_REQUESTS: u32 = 3000;

/// What shrinking asks of the run it works for: to send probes to the engine, whether the engine
/// can still be run, and the run's shrinking state.
pub(super) trait Engine {
    /// The replies to the probes (each probe keeps its request as sent), `None` when the engine
    /// cannot be run any more.
    fn send<G: Game + bao_rules::Conformance>(
        &mut self,
        probes: &mut [Probe<G>],
    ) -> Option<Vec<Reply>>;
    fn stopped(&self) -> bool;
    fn shrinking(&mut self) -> &mut Shrinking;
}

/// A run's shrinking state: requests left for shrinking, and the shortest reproduction found so
/// far for each kind of divergence, by ruleset.
pub(super) struct Shrinking {
    pub(super) budget: u32,
    pub(super) shortest: BTreeMap<(String, String), Vec<String>>,
}

impl Default for Shrinking {
    fn default() -> Self {
        Shrinking {
            budget: SHRINK_BUDGET,
            shortest: BTreeMap::new(),
        }
    }
}

/// Looks breadth-first, from the start, for a shorter sequence of moves that leads to the same
/// kind of divergence than shrinking found; gives up past [`SEARCH_REQUESTS`] requests. Random
/// games that diverge the same way thus end with the same, shortest, reproduction.
pub(super) fn search<G: Game + bao_rules::Conformance, E: Engine>(
    run: &mut E,
    ctx: &Context<G>,
    best: Failure<G>,
) -> Failure<G> {
    let key = kind_key(ctx, &best.probe.kind, &best.mismatch.signature);
    // A shorter reproduction of this kind is already known: it is what the search would find.
    if let Some(known) = run.shrinking().shortest.get(&key).cloned()
        && known.len() <= best.moves.len()
        && let Some(found) = replay(run, ctx, &best, &known)
    {
        return found;
    }
    let found = breadth_first(run, ctx, best);
    run.shrinking()
        .shortest
        .insert(key, found.probe.reproduction());
    found
}

/// The failure of `best`'s kind reached by the canonical moves `texts`, if it still diverges.
fn replay<G: Game + bao_rules::Conformance, E: Engine>(
    run: &mut E,
    ctx: &Context<G>,
    best: &Failure<G>,
    texts: &[String],
) -> Option<Failure<G>> {
    let mut moves = Vec::with_capacity(texts.len());
    let mut game = Playthrough::<G>::new(ctx.start.clone(), ctx.rulings.clone());
    let mut events = Vec::new();
    for text in texts {
        match game.play_text_into(text, &mut events) {
            Ok(played) => moves.push(played.mv),
            Err(_) => return None,
        }
    }
    match ctx.attempt(&best.probe.kind, &moves) {
        Some(probe) => check(run, ctx, probe, moves, &best.mismatch.signature),
        None => None,
    }
}

/// Sends `probe` (made after `moves`); the failure if it diverges with `signature`.
fn check<G: Game + bao_rules::Conformance, E: Engine>(
    run: &mut E,
    ctx: &Context<G>,
    probe: Probe<G>,
    moves: Vec<G::Move>,
    signature: &str,
) -> Option<Failure<G>> {
    let mut one = [probe];
    let reply = run.send(&mut one)?;
    let [probe] = one;
    let reply = reply.into_iter().next().expect("one reply per request");
    match judge(ctx, &probe, &reply) {
        Verdict::Fail(mismatch) if mismatch.signature == signature => Some(Failure {
            moves,
            probe,
            reply,
            mismatch,
        }),
        _ => None,
    }
}

fn breadth_first<G: Game + bao_rules::Conformance, E: Engine>(
    run: &mut E,
    ctx: &Context<G>,
    best: Failure<G>,
) -> Failure<G> {
    // Nodes of the search: the position, the node before it and the move from there.
    struct Node<G: Game + bao_rules::Conformance> {
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
            if G::end(&nodes[i].position, &ctx.rulings).is_some() {
                continue;
            }
            match &kind {
                Kind::Play => {
                    let _ = G::legal_moves(&nodes[i].position, &ctx.rulings, &mut legal);
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
        let room = (SEARCH_REQUESTS - spent).min(run.shrinking().budget) as usize;
        if probes.len() > room {
            return best;
        }
        spent += probes.len() as u32;
        run.shrinking().budget -= probes.len() as u32;
        let Some(replies) = run.send(&mut probes) else {
            return best;
        };
        for ((probe, reply), moves) in probes.into_iter().zip(replies).zip(kept) {
            if let Verdict::Fail(mismatch) = judge(ctx, &probe, &reply)
                && mismatch.signature == signature
            {
                return Failure {
                    moves,
                    probe,
                    reply,
                    mismatch,
                };
            }
        }
        let next = nodes.len();
        for i in level {
            if G::end(&nodes[i].position, &ctx.rulings).is_some() {
                continue;
            }
            let _ = G::legal_moves(&nodes[i].position, &ctx.rulings, &mut legal);
            for &mv in &legal {
                let Ok(position) = G::play(&nodes[i].position, &ctx.rulings, mv, &mut ()) else {
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
    best
}

/// Shortens the move sequence of a failure while the same kind of request still diverges:
/// greedy removal of chunks of moves, halving the chunk size when none can go. Small chunks
/// are tried at every offset, since a move and its answer (two plies) often go together.
pub(super) fn shrink<G: Game + bao_rules::Conformance, E: Engine>(
    run: &mut E,
    ctx: &Context<G>,
    mut best: Failure<G>,
) -> Failure<G> {
    let mut attempts = 0;
    let mut chunk = (best.moves.len() / 2).max(1);
    loop {
        let mut removed = false;
        let mut i = 0;
        let step = if chunk <= 8 { 1 } else { chunk };
        while i < best.moves.len() {
            if attempts == SHRINK_ATTEMPTS || run.shrinking().budget == 0 || run.stopped() {
                return best;
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
            run.shrinking().budget -= 1;
            let signature = best.mismatch.signature.clone();
            match check(run, ctx, probe, candidate, &signature) {
                Some(shorter) => {
                    best = shorter;
                    removed = true;
                }
                None => i += step,
            }
        }
        if !removed {
            if chunk == 1 {
                return best;
            }
            chunk /= 2;
        }
    }
}

/// The key under which the shortest reproduction of a kind of divergence is remembered.
fn kind_key<G: Game + bao_rules::Conformance>(
    ctx: &Context<G>,
    kind: &Kind,
    signature: &str,
) -> (String, String) {
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

/// A divergence found in a random game, before and during shrinking.
pub(super) struct Failure<G: Game + bao_rules::Conformance> {
    pub(super) moves: Vec<G::Move>,
    pub(super) probe: Probe<G>,
    pub(super) reply: Reply,
    pub(super) mismatch: Mismatch,
}
