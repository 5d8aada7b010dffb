//! Judging: an engine's answer to a probe against the oracle's, and the divergence that reports a
//! difference.

use std::collections::BTreeSet;

use serde_json::Value;

use super::probes::{Context, Kind, Probe, sowing};
use super::{Differs, Divergence, FieldDiffers, Label, Reply, clip};
use crate::harness::protocol::{self, EventMsg, Request, Response};
use crate::picture::named_hole;
use bao_rules::Ruleset;
use bao_rules::board::Mark;
use bao_rules::description::HOLES;
use bao_rules::game::{Game, Rejection, RuleId, Side, Unresolved};
use bao_rules::rulings::Symptom;

/// How an answer differs from the oracle's.
#[derive(Clone, Debug)]
pub(super) struct Mismatch {
    pub(super) summary: String,
    /// The summary without the move: what makes two divergences the same kind.
    pub(super) signature: String,
    pub(super) details: Vec<String>,
    /// Rule ids beyond the probe's own (of the moves that differ), the deciding one first.
    pub(super) rules: Vec<RuleId>,
    /// The rule whose condition decides the difference, when known.
    pub(super) deciding: Option<RuleId>,
    /// The move `bao-oracle explain` shows the difference with.
    pub(super) explain: Option<String>,
    /// What differs, as a known bug's symptoms are written.
    pub(super) symptoms: Vec<Symptom>,
    /// Where the answers differ, for a picture of the position (boxed: a verdict stays small).
    pub(super) differs: Box<Differs>,
}

impl Mismatch {
    fn new(summary: impl Into<String>, details: Vec<String>) -> Self {
        let summary = summary.into();
        Mismatch {
            signature: summary.clone(),
            summary,
            details,
            rules: Vec::new(),
            deciding: None,
            explain: None,
            symptoms: Vec::new(),
            differs: Box::default(),
        }
    }
}

pub(super) enum Verdict {
    Pass,
    Skip(String),
    Fail(Mismatch),
    /// The answers differ only by moves the oracle refuses as never-ending, which an engine that
    /// cuts long moves decides otherwise (`--max-laps`): neither passed nor failed.
    LeftOut,
}

const GARBLED: &str = "the engine's answer is garbled";
const BREAKS_PROTOCOL: &str = "the engine's answer breaks the protocol";

/// What makes two protocol violations the same finding, whatever the request: the violation
/// without its numbers (ids, columns). `None` for other divergences.
pub(super) fn violation(d: &Divergence) -> Option<String> {
    if d.summary != GARBLED && d.summary != BREAKS_PROTOCOL {
        return None;
    }
    let why = d.details.first().map(String::as_str).unwrap_or("");
    let shape: String = why.chars().filter(|c| !c.is_ascii_digit()).collect();
    Some(format!("{} {} {shape}", d.ruleset, d.summary))
}

/// Compares the engine's reply to a probe with the oracle's answer.
pub(super) fn judge<G: Game + bao_rules::Conformance>(
    ctx: &Context<G>,
    probe: &Probe<G>,
    reply: &Reply,
) -> Verdict {
    let response = match reply {
        Reply::Answer { response, .. } => response,
        Reply::Garbled { why, .. } => {
            return Verdict::Fail(Mismatch::new(GARBLED, vec![why.clone()]));
        }
        Reply::Invalid { why, .. } => {
            return Verdict::Fail(Mismatch::new(BREAKS_PROTOCOL, vec![why.clone()]));
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
        ) => compare_played(ctx, probe, want_events, position, events),
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
            // A refused move the engine reads as several legal ones (a bare hole name): it holds
            // legal what the oracle refuses, as when it plays it.
            let ambiguous = matches!(got, Response::Error { code, .. } if code == AMBIGUOUS_MOVE);
            // A legal move refused: what decides it beyond the move's own rules, else its first
            // own rule (as for a move missing from a list, so that the two symptoms are one bug).
            let deciding = match (want, got, &probe.played) {
                (Response::Played { .. }, Response::Illegal { .. }, Some(mv)) => {
                    missed_rule(ctx, probe, &[mv.as_str()], &[], &mut details)
                        .or(probe.rules.first().copied())
                }
                // A move the oracle refuses, played (or read as several): the obligation due
                // decides (as for a move added to a list), else the oracle's reason to refuse it.
                (Response::Illegal { rule, .. }, _, _)
                    if matches!(got, Response::Played { .. }) || ambiguous =>
                {
                    obligation::<G>(probe).or_else(|| {
                        let rule = rule.as_deref()?;
                        probe.rules.iter().copied().find(|r| *r == rule)
                    })
                }
                _ => None,
            };
            let mut mismatch = Mismatch::new(
                format!(
                    "to {what} the engine answers `{}`, the oracle `{}`",
                    got.kind(),
                    want.kind()
                ),
                details,
            );
            mismatch.signature = format!(
                "answers {} for {}{}",
                got.kind(),
                want.kind(),
                deciding.map(|r| format!(" ({r})")).unwrap_or_default()
            );
            if let Some(r) = deciding {
                mismatch.rules.push(r);
                mismatch.deciding = Some(r);
            }
            let refused =
                |r: &Response| matches!(r, Response::Error { code, .. } if code == BAD_POSITION);
            if let Some(mv) = &probe.played {
                mismatch.differs.holes = move_holes::<G>(&probe.position, &[mv.as_str()]);
            }
            mismatch.symptoms.extend(match (want, got) {
                (Response::Played { .. }, Response::Illegal { .. }) => Some(Symptom::MissesMoves),
                (Response::Illegal { .. }, Response::Played { .. }) => Some(Symptom::AddsMoves),
                (Response::Illegal { .. }, _) if ambiguous => Some(Symptom::AddsMoves),
                (w, _) if refused(w) => Some(Symptom::AcceptsPosition),
                (_, g) if refused(g) => Some(Symptom::RefusesPosition),
                _ => None,
            });
            Verdict::Fail(mismatch)
        }
    }
}

/// The most moves a `moves` answer is judged one by one for: far more than any position of the
/// four games has (a few dozen), so that a longer answer, which is wrong by its length alone, is
/// judged by its length, whatever the transport lets through (Python's conform has no line
/// limit).
pub(super) const MAX_LISTED: usize = 1024;
/// The moves the engine adds that are each explained (asked of the oracle); the rest are counted.
const EXPLAINED: usize = 16;

#[cfg(test)]
thread_local! {
    /// The work of judging, for tests: moves visited and oracle plays made.
    static WORK: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Counts one unit of the work of judging (tests read it; nothing else does).
#[inline(always)]
fn work(_units: usize) {
    #[cfg(test)]
    WORK.with(|w| w.set(w.get() + _units));
}

fn compare_moves<G: Game + bao_rules::Conformance>(
    ctx: &Context<G>,
    probe: &Probe<G>,
    want: &[String],
    got: &[String],
) -> Verdict {
    if got.len() > MAX_LISTED {
        return too_many_moves(want, got);
    }
    work(want.len() + got.len());
    // As sets: each move's count, in one pass.
    let want_set: BTreeSet<&str> = want.iter().map(String::as_str).collect();
    let mut counts: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for m in got {
        *counts.entry(m.as_str()).or_default() += 1;
    }
    let twice: Vec<&str> = counts
        .iter()
        .filter(|(_, n)| **n > 1)
        .map(|(m, _)| *m)
        .collect();
    if twice.is_empty()
        && counts.len() == want_set.len()
        && want_set.iter().all(|m| counts.contains_key(m))
    {
        return Verdict::Pass;
    }
    let missing: Vec<&str> = want_set
        .iter()
        .filter(|m| !counts.contains_key(*m))
        .copied()
        .collect();
    let extra: Vec<&str> = counts
        .keys()
        .filter(|m| !want_set.contains(*m))
        .copied()
        .collect();
    let mut details = Vec::new();
    let mut rules = Vec::new();
    for m in &missing {
        work(1);
        let answer = protocol::play::<G>(Value::Null, &probe.position, &ctx.rulings, None, m);
        rules.extend(answer.rules);
    }
    if !missing.is_empty() {
        details.push(format!("the engine misses: {}", missing.join(" ")));
    }
    let never_ends = G::DESCRIPTION.long_moves.map(|l| l.never_ends);
    // More extra moves than are explained cannot all be never-ending ones a limit cut.
    let mut all_never_end = extra.len() <= EXPLAINED;
    let mut extra_rules: Vec<RuleId> = Vec::new();
    // A game over because every move is refused (ZAN-26): an added move is refused "after the
    // end", and what the engine plays otherwise is the move's own refusal.
    let ended = G::end(&probe.position, &ctx.rulings).is_some();
    for m in extra.iter().take(EXPLAINED) {
        work(1);
        let answer = protocol::play::<G>(Value::Null, &probe.position, &ctx.rulings, None, m);
        let own = ended
            .then(|| own_refusal::<G>(&probe.position, &ctx.rulings, m))
            .flatten();
        all_never_end &= own.map_or_else(
            || {
                matches!(&answer.response,
                Response::Illegal { rule: Some(rule), .. } if Some(rule.as_str()) == never_ends)
            },
            |r| Some(r) == never_ends,
        );
        if let Some(r) = own {
            details.push(format!("{m} is refused by {r} besides the game's end"));
            extra_rules.push(r);
        }
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
        if let Response::Illegal {
            rule: Some(rule), ..
        } = &answer.response
            && let Some(r) = answer.rules.iter().find(|r| **r == rule.as_str())
        {
            extra_rules.push(*r);
        }
        rules.extend(answer.rules);
    }
    if extra.len() > EXPLAINED {
        details.push(format!(
            "the engine adds {} more moves",
            extra.len() - EXPLAINED
        ));
    }
    if ctx.limited() && missing.is_empty() && twice.is_empty() && all_never_end {
        return Verdict::LeftOut;
    }
    let listed_twice = !twice.is_empty();
    if listed_twice {
        details.push(format!(
            "the engine lists more than once: {}",
            twice.join(" ")
        ));
    }
    // One finding per cause: what differs, and the rule of the moves that differ (the first
    // extra move's refusal decides; else the missing moves' own rules).
    let mut what = Vec::new();
    if !missing.is_empty() {
        what.push("misses moves");
    }
    if !extra.is_empty() {
        what.push("adds moves");
    }
    if listed_twice {
        what.push("lists a move twice");
    }
    let missed = if missing.is_empty() {
        None
    } else {
        missed_rule(ctx, probe, &missing, got, &mut details)
    };
    // At a due obligation what may be played is the obligation's to say (ZAN-A13, KETE-22):
    // a move it forbids refused by another rule is still its symptom.
    let deciding = obligation::<G>(probe)
        .or(extra_rules.first().copied())
        .or(missed)
        .or(rules.first().copied());
    let mut mismatch = Mismatch::new("the legal moves differ", details);
    mismatch.signature = format!(
        "the legal moves differ: the engine {}{}",
        what.join(" and "),
        deciding.map(|r| format!(" ({r})")).unwrap_or_default()
    );
    if let Some(r) = deciding {
        rules.retain(|x| *x != r);
        rules.insert(0, r);
    }
    mismatch.rules = rules;
    mismatch.explain = missing.first().or(extra.first()).map(|m| m.to_string());
    let differing: Vec<&str> = missing
        .iter()
        .chain(&extra)
        .chain(&twice)
        .copied()
        .collect();
    mismatch.differs.holes = move_holes::<G>(&probe.position, &differing);
    if !missing.is_empty() {
        mismatch.symptoms.push(Symptom::MissesMoves);
    }
    if !extra.is_empty() || listed_twice {
        mismatch.symptoms.push(Symptom::AddsMoves);
    }
    Verdict::Fail(mismatch)
}

/// An answer longer than [`MAX_LISTED`]: wrong by its length, judged without a look at its moves.
fn too_many_moves(want: &[String], got: &[String]) -> Verdict {
    work(1);
    let mut mismatch = Mismatch::new(
        "the legal moves differ",
        vec![format!(
            "the engine lists {} moves, the oracle {}: no position has more than {MAX_LISTED}, \
             and a longer answer is not judged move by move",
            got.len(),
            want.len()
        )],
    );
    mismatch.signature =
        format!("the legal moves differ: the engine lists more than {MAX_LISTED} moves");
    mismatch.symptoms.push(Symptom::AddsMoves);
    Verdict::Fail(mismatch)
}

fn compare_played<G: Game + bao_rules::Conformance>(
    ctx: &Context<G>,
    probe: &Probe<G>,
    want_events: &[EventMsg],
    position: &str,
    events: &[EventMsg],
) -> Verdict {
    let mv = probe.played.as_deref().unwrap_or("?");
    let mut details = Vec::new();
    let mut differ = Vec::new();
    // What differs, for the finding's kind, and the rule that decides it.
    let mut fields: Vec<&'static str> = Vec::new();
    let mut deciding: Option<RuleId> = None;
    // The oracle's own text of the position after is read back as that position (debug builds
    // check it): an engine that writes it so is not read again.
    let oracle_text = match &probe.expected {
        Response::Played { position, .. } => Some(position.as_str()),
        _ => None,
    };
    let read = |text: &str| G::parse_position_under(text, &ctx.rulings);
    let mut unreadable = false;
    let parsed = match oracle_text == Some(position) {
        true => {
            debug_assert!(read(position).ok() == probe.after, "{position}");
            None
        }
        false => Some(read(position)),
    };
    match parsed {
        None => {}
        // Compared as the run's rulings tell positions apart (a field they make inert is not).
        Some(Ok(p))
            if probe.after.as_ref().is_some_and(|after| {
                G::as_seen(&p, &ctx.rulings) == G::as_seen(after, &ctx.rulings)
            }) => {}
        Some(parsed) => {
            let oracle_after = probe.after.as_ref().map(G::format_compact);
            differ.push("position");
            details.push(format!("engine position: {position}"));
            if let Some(after) = &oracle_after {
                details.push(format!("oracle position: {after}"));
                for (field, line) in field_differences::<G>(position, probe.after.as_ref()) {
                    if !fields.contains(&field) {
                        fields.push(field);
                    }
                    details.push(line);
                }
            }
            if let Err(e) = parsed {
                unreadable = true;
                details.push(format!("the engine's position cannot be read: {e}"));
                deciding = e.rule;
                // The field whose rule refuses it is the field that differs.
                let field = G::DESCRIPTION
                    .fields
                    .iter()
                    .find(|f| f.rule.is_some() && f.rule == e.rule);
                if let Some(f) = field.filter(|f| !fields.contains(&f.name)) {
                    fields.push(f.name);
                }
            }
            if deciding.is_none() {
                deciding = fields.iter().find_map(|f| field_rule::<G>(f));
            }
        }
    }
    let normal = |events: &[EventMsg]| {
        let mut v: Vec<EventMsg> = events.iter().map(EventMsg::without_rule).collect();
        v.sort();
        v
    };
    let (want, got) = (normal(want_events), normal(events));
    // The kinds of events that differ, apart from the position's fields.
    let mut event_kinds: BTreeSet<&'static str> = BTreeSet::new();
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
        let kinds = |events: &[EventMsg]| -> BTreeSet<&'static str> {
            events.iter().map(event_kind).collect()
        };
        let (w, g) = (kinds(&want), kinds(&got));
        for k in w.symmetric_difference(&g) {
            fields.push(k);
            event_kinds.insert(*k);
        }
        // A takasia (reservation) the oracle does not make: why not.
        if g.contains("reserve") && !w.contains("reserve") {
            if let Some(rule) = G::DESCRIPTION.reserve_rule {
                deciding = deciding.or(Some(rule));
            }
            if let Some(after) = &probe.after
                && let Some(capture) = a_capture::<G>(after, &ctx.rulings)
            {
                details.push(format!(
                    "no takasia: the opponent can capture with {capture}{}",
                    G::DESCRIPTION
                        .reserve_rule
                        .map(|r| format!(" ({r})"))
                        .unwrap_or_default()
                ));
            }
        }
    }
    // At a due obligation a move that captures otherwise is about what may be played there.
    if event_kinds.contains("capture")
        && let Some(rule) = obligation::<G>(probe)
    {
        deciding = Some(rule);
    }
    // No field's rule decides: the rule of an event the oracle makes and the engine does not
    // (a capture switched off shows its own rule), else of one the engine makes.
    if deciding.is_none() && want != got {
        let own = |e: &EventMsg| e.rule().map(str::to_string);
        let missing = want_events
            .iter()
            .filter(|e| !got.contains(&e.without_rule()));
        let extra = events.iter().filter(|e| !want.contains(&e.without_rule()));
        deciding = missing
            .chain(extra)
            .filter_map(own)
            .find_map(|r| probe.rules.iter().copied().find(|x| *x == r));
    }
    if differ.is_empty() {
        Verdict::Pass
    } else {
        let mut mismatch = Mismatch::new(
            format!("the {} after {mv} differ", differ.join(" and ")),
            details,
        );
        let what = if fields.is_empty() {
            differ.join(" and ")
        } else {
            fields.join(", ")
        };
        mismatch.signature = format!(
            "the {} differ: {what}{}",
            differ.join(" and "),
            deciding.map(|r| format!(" ({r})")).unwrap_or_default()
        );
        if let Some(r) = deciding {
            mismatch.rules.push(r);
            mismatch.deciding = Some(r);
        }
        mismatch.explain = Some(mv.to_string());
        if let Some(after) = &probe.after {
            *mismatch.differs = after_differences::<G>(position, &probe.position, after);
        }
        mismatch.symptoms = fields
            .iter()
            .map(|&f| match event_kinds.contains(f) {
                true => Symptom::Event(f),
                false => Symptom::Field(f),
            })
            .collect();
        // Holes whose counts differ in a position the game's reader refuses (seeds lost: ZAN-1)
        // are still what differs.
        let holes = Symptom::Field(HOLES);
        if unreadable
            && !mismatch.symptoms.contains(&holes)
            && let Some(oracle) = oracle_text
            && cells_differ::<G>(position, oracle)
        {
            mismatch.symptoms.push(holes);
        }
        // A field the engine leaves as it was where the oracle's move changes it (a house kept
        // owned): told apart from one it changes otherwise.
        let before = G::field_values(&probe.position);
        for (f, was) in G::DESCRIPTION.fields.iter().zip(&before) {
            let kept = mismatch
                .differs
                .fields
                .iter()
                .any(|d| d.field == f.name && d.engine == *was && d.oracle != *was);
            if kept {
                mismatch.symptoms.push(Symptom::Kept(f.name));
            }
        }
        // Holes that differ only by the mark of a field that differs too (a house the engine
        // keeps, refilled later in the move) show that field, not the holes (G4, not G6).
        if let (Ok(engine), Some(after)) = (G::parse_position(position), &probe.after)
            && marks_only::<G>(&engine, after, &mismatch.differs.fields)
        {
            mismatch.symptoms.retain(|s| *s != Symptom::Field(HOLES));
        }
        Verdict::Fail(mismatch)
    }
}

/// The rule by which the rules refuse `text` at `pos`, whether or not the game is over there.
fn own_refusal<G: Game + bao_rules::Conformance>(
    pos: &G::Position,
    rulings: &G::Rulings,
    text: &str,
) -> Option<RuleId> {
    let spelling = G::parse_move(text).ok()?;
    match G::resolve_and_play(pos, rulings, &spelling, &mut Vec::new()) {
        Err(Unresolved::Rejected(Rejection::Illegal { rule, .. })) => Some(rule),
        _ => None,
    }
}

/// Whether the holes of the positions `engine` and `oracle` differ only by the marks of fields
/// that differ too (`fields`: a house kept owned is marked on its hole).
fn marks_only<G: Game + bao_rules::Conformance>(
    engine: &G::Position,
    oracle: &G::Position,
    fields: &[FieldDiffers],
) -> bool {
    let (e, o) = (G::board(engine), G::board(oracle));
    let field_differs = |m: &Mark| fields.iter().any(|f| f.field == o.mark_word(*m));
    e.holes().zip(o.holes()).all(|(a, b)| {
        a.count == b.count
            && a.marks
                .iter()
                .filter(|m| !b.marks.contains(m))
                .all(field_differs)
            && b.marks
                .iter()
                .filter(|m| !a.marks.contains(m))
                .all(field_differs)
    })
}

/// The rule of the obligation due at the probe's position (ZAN-A13, KETE-22), if one is.
fn obligation<G: Game + bao_rules::Conformance>(probe: &Probe<G>) -> Option<RuleId> {
    G::obligation_due(&probe.position).map(|(rule, _)| rule)
}

/// Seeds sown past which a move is long: the lowest limit of an engine the reference names
/// (Donkers' program, 100 by default, ZAN-A16).
const LONG_MOVE: u32 = 100;

/// What decides that the engine misses (or refuses) the legal moves `missing`, beyond the moves'
/// own rules, with a line saying why: an obligation due at the position, whose rule says what may
/// be played there; or moves so long that an engine's seed or relay limit cuts them, each longer
/// than every move the engine `listed` (the never-ending rule: no limit decides a move).
fn missed_rule<G: Game + bao_rules::Conformance>(
    ctx: &Context<G>,
    probe: &Probe<G>,
    missing: &[&str],
    listed: &[String],
    details: &mut Vec<String>,
) -> Option<RuleId> {
    if let Some((rule, line)) = G::obligation_due(&probe.position) {
        details.push(line);
        return Some(rule);
    }
    let long = G::DESCRIPTION.long_moves?;
    let sown = |m: &str| {
        work(1);
        sowing::<G>(&probe.position, &ctx.rulings, m)
    };
    let longest_listed = listed
        .iter()
        .filter_map(|m| sown(m))
        .map(|s| s.seeds)
        .max()
        .unwrap_or(0);
    let mut lines = Vec::new();
    for m in missing {
        let s = sown(m)?;
        if s.seeds <= LONG_MOVE.max(longest_listed) {
            return None;
        }
        lines.push(format!("{m} sows {} seeds in {} laps", s.seeds, s.laps));
    }
    details.push(format!(
        "long moves: {}; no seed or relay limit decides a move ({}; engines' limits: {})",
        lines.join(", "),
        long.never_ends,
        long.ambiguity
    ));
    Some(long.never_ends)
}

/// The rule a difference in the position field `field` is about (the field's own rule).
fn field_rule<G: Game + bao_rules::Conformance>(field: &str) -> Option<RuleId> {
    let fields = G::DESCRIPTION.fields.iter();
    fields.filter(|f| f.name == field).find_map(|f| f.rule)
}

fn event_kind(event: &EventMsg) -> &'static str {
    match event {
        EventMsg::GameOver { .. } => "game over",
        other => other.name(),
    }
}

/// A legal capture move of the side to move at `pos` (the oracle's list), if he has one.
fn a_capture<G: Game + bao_rules::Conformance>(
    pos: &G::Position,
    rulings: &G::Rulings,
) -> Option<String> {
    let mut legal = Vec::new();
    let _ = G::legal_moves(pos, rulings, &mut legal);
    legal.into_iter().map(G::format_move).find(|m| {
        let answer = protocol::play::<G>(Value::Null, pos, rulings, None, m);
        matches!(&answer.response, Response::Played { events, .. }
            if events.iter().any(|e| matches!(e, EventMsg::Capture { .. })))
    })
}

/// The fields in which the engine's position differs from the oracle's `after`, each with a line
/// naming the difference: holes by name (`A5 engine 1, oracle 0`), the other fields whole
/// (`house: engine `Hh`, oracle `h``), as the game describes them. The engine's text is read by the
/// game's own reader (not under the rulings: a position the rulings refuse still shows its
/// fields); one it cannot read shows none.
pub(super) fn field_differences<G: Game + bao_rules::Conformance>(
    engine: &str,
    after: Option<&G::Position>,
) -> Vec<(&'static str, String)> {
    let (Some(oracle), Ok(engine)) = (after, G::parse_position(engine)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let (e, o) = (G::board(&engine), G::board(oracle));
    let hole = |h: &bao_rules::board::Hole| {
        let mut words = vec![h.count.to_string()];
        words.extend(h.marks.iter().map(|m| e.mark_word(*m).to_string()));
        words.join(" ")
    };
    let holes: Vec<String> = e
        .holes()
        .zip(o.holes())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("{} engine {}, oracle {}", a.name, hole(a), hole(b)))
        .collect();
    if !holes.is_empty() {
        out.push((HOLES, format!("{HOLES}: {}", holes.join("; "))));
    }
    let fields = G::DESCRIPTION.fields.iter();
    for ((field, a), b) in fields
        .zip(G::field_values(&engine))
        .zip(G::field_values(oracle))
    {
        if a != b {
            let name = field.name;
            out.push((name, format!("{name}: engine `{a}`, oracle `{b}`")));
        }
    }
    out
}

/// Whether two compact texts of game `G`, read by its lenient reader, have boards of one shape
/// whose cells differ (the counts as written, not the fields).
fn cells_differ<G: Game + bao_rules::Conformance>(engine: &str, oracle: &str) -> bool {
    let read = G::DESCRIPTION.read_compact;
    let (e, o) = (read(engine), read(oracle));
    let shape = |rows: &[Vec<&str>]| rows.iter().map(Vec::len).collect::<Vec<_>>();
    shape(&e.rows) == shape(&o.rows) && e.rows != o.rows
}

/// The names of the holes the move texts `moves` start from at `pos`, each once.
fn move_holes<G: Game + bao_rules::Conformance>(pos: &G::Position, moves: &[&str]) -> Vec<String> {
    let board = G::board(pos);
    let mut holes: Vec<String> = Vec::new();
    for mv in moves {
        let name = named_hole(&board, mv).and_then(|i| board.holes().find(|h| h.index == i));
        if let Some(hole) = name.filter(|h| !holes.iter().any(|n| n == h.name)) {
            holes.push(hole.name.to_string());
        }
    }
    holes
}

/// Where the engine's position after a move (its text) differs from the oracle's `after`: holes
/// whose count or marks differ, stores, and the other fields. A text the game's reader refuses is
/// read by the game's lenient reader and compared part by part with the oracle's compact form:
/// its cells (when its rows have the board's shape), its stores and its fields; a field that is a
/// mark on holes (the house, the takasia) points at the holes whose mark the move changes from
/// `before`.
fn after_differences<G: Game + bao_rules::Conformance>(
    engine: &str,
    before: &G::Position,
    after: &G::Position,
) -> Differs {
    let o = G::board(after);
    let mut differs = Differs::default();
    let mut field = |name: &str, engine: &str, oracle: &str| {
        if engine != oracle {
            differs.fields.push(FieldDiffers {
                field: name.to_string(),
                engine: engine.to_string(),
                oracle: oracle.to_string(),
            });
        }
    };
    match G::parse_position(engine) {
        Ok(pos) => {
            let e = G::board(&pos);
            for ((f, a), b) in G::DESCRIPTION
                .fields
                .iter()
                .zip(G::field_values(&pos))
                .zip(G::field_values(after))
            {
                field(f.name, &a, &b);
            }
            differs.holes = (e.holes().zip(o.holes()))
                .filter(|(a, b)| a != b)
                .map(|(a, _)| a.name.to_string())
                .collect();
            differs.stores = (e.stores.iter().zip(&o.stores))
                .filter(|(a, b)| a.count != b.count)
                .map(|(a, _)| a.side)
                .collect();
        }
        Err(_) => {
            // Both texts through the game's lenient reader: the engine's as far as it reads.
            let oracle = G::format_compact(after);
            let read = G::DESCRIPTION.read_compact;
            let (er, or) = (read(engine), read(&oracle));
            let shape = |rows: &[Vec<&str>]| rows.iter().map(Vec::len).collect::<Vec<_>>();
            let board_shape: Vec<usize> = o.rows.iter().map(|r| r.holes.len()).collect();
            for ((f, a), b) in G::DESCRIPTION.fields.iter().zip(&er.fields).zip(&or.fields) {
                field(f.name, a, b);
            }
            if shape(&er.rows) == board_shape && shape(&or.rows) == board_shape {
                for ((row, a), b) in o.rows.iter().zip(&er.rows).zip(&or.rows) {
                    for ((hole, x), y) in row.holes.iter().zip(a).zip(b) {
                        if x != y {
                            differs.holes.push(hole.name.to_string());
                        }
                    }
                }
            }
            // The stores whose count differs, South's first as the compact form writes them.
            if let (Some(e), Some(w)) = (er.stores, or.stores) {
                for ((side, x), y) in [Side::South, Side::North].into_iter().zip(e).zip(w) {
                    if x != y && o.stores.iter().any(|s| s.side == side) {
                        differs.stores.push(side);
                    }
                }
            }
            let b = G::board(before);
            for f in &differs.fields {
                let marks = [Mark::House, Mark::Takasia, Mark::Reserved];
                let Some(&mark) = marks.iter().find(|&&m| o.mark_word(m) == f.field) else {
                    continue;
                };
                for (x, y) in b.holes().zip(o.holes()) {
                    let changed = x.marks.contains(&mark) != y.marks.contains(&mark);
                    if changed && !differs.holes.iter().any(|n| n == y.name) {
                        differs.holes.push(y.name.to_string());
                    }
                }
            }
        }
    }
    differs
}

pub(super) fn divergence<G: Game + bao_rules::Conformance>(
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
        Reply::Answer { line, .. } | Reply::Garbled { line, .. } | Reply::Invalid { line, .. } => {
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
    let explain = mismatch.explain.as_deref().map(|mv| {
        explain_command(
            Ruleset::of::<G>(),
            &G::format_compact(&probe.position),
            &ctx.rulings_text,
            mv,
        )
    });
    let engine_move = ctx.notation.and_then(|notation| {
        let mv = mismatch.explain.as_deref()?;
        let game =
            bao_rules::play::Playthrough::<G>::new(probe.position.clone(), ctx.rulings.clone());
        let resolved = game.resolve_text(mv).ok()?;
        Some(G::format_move_in(
            notation,
            &probe.position,
            &ctx.rulings,
            resolved,
        ))
    });
    let deciding = mismatch.deciding.or(mismatch.rules.first().copied());
    let (label, unreachable) = label::<G>(&probe.expected, reply, deciding);
    let accepted_by = (label == Label::Limit).then(|| {
        "the engine's `hello` declaring its cap (`limits`: `laps` or `seeds`), or --max-laps N"
            .to_string()
    });
    Divergence {
        label,
        unreachable,
        accepted_by,
        kind: mismatch.signature.clone(),
        deciding_rule: mismatch
            .deciding
            .or(mismatch.rules.first().copied())
            .map(str::to_string),
        explain,
        engine_move,
        cases: vec![case.to_string()],
        from_start: ctx.start == G::start(),
        ruleset: Ruleset::of::<G>(),
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
        symptoms: mismatch.symptoms,
        differs: *mismatch.differs,
        plays_as: plays_as(ctx, probe, reply),
    }
}

/// The single ruling values (`zanzibar.lone-house = owned`) under which the oracle's answer to
/// `probe` is the engine's `reply`: the engine plays as that value would, and the fix may be a
/// declaration rather than code. Only for an answer of the protocol, at a position of the game
/// under that value.
fn plays_as<G: Game + bao_rules::Conformance>(
    ctx: &Context<G>,
    probe: &Probe<G>,
    reply: &Reply,
) -> Vec<String> {
    if !matches!(reply, Reply::Answer { .. }) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for def in G::RULINGS {
        let ours = ctx.rulings_text.value(def).to_string();
        for &value in def.values.iter().filter(|&&v| v != ours) {
            let mut set = protocol::Rulings::new();
            for (name, v) in ctx.rulings_text.iter().filter(|(n, _)| *n != def.name) {
                let _ = set.insert(name, v);
            }
            let _ = set.insert(def.name, value);
            let Ok(rulings) = set.resolve::<G>() else {
                continue;
            };
            if G::check_position(&probe.position, &rulings).is_err() {
                continue;
            }
            let alt = Context::<G> {
                rulings,
                rulings_text: set,
                start: ctx.start.clone(),
                history: ctx.history,
                max_laps: ctx.max_laps,
                max_seeds: ctx.max_seeds,
                notation: ctx.notation,
            };
            let other = match &probe.kind {
                Kind::LegalMoves => alt.legal_moves_probe(&probe.position, &probe.before),
                Kind::Play => probe
                    .played
                    .as_deref()
                    .map(|mv| alt.play_probe(&probe.position, &[], mv, &probe.before)),
                Kind::Refused(mv) => Some(alt.play_probe(&probe.position, &[], mv, &probe.before)),
            };
            if other.is_some_and(|other| matches!(judge(&alt, &other, reply), Verdict::Pass)) {
                out.push(format!("{} = {value}", def.name));
            }
        }
    }
    out
}

/// What a finding is, by its cause, and whether it is a validation finding at a position no game
/// reaches: the oracle refuses it (a position set up by hand, a scenario's refused start), and
/// the engine accepts it or refuses it otherwise. An engine that refuses a position the oracle
/// accepts (one a game may reach) has a validation finding that counts as any other.
fn label<G: Game + bao_rules::Conformance>(
    expected: &Response,
    reply: &Reply,
    deciding: Option<RuleId>,
) -> (Label, bool) {
    let Reply::Answer { response, .. } = reply else {
        return (Label::Protocol, false);
    };
    let refused = |r: &Response| matches!(r, Response::Error { code, .. } if code == BAD_POSITION);
    match (refused(expected), refused(response)) {
        (true, false) => return (Label::Validation, true),
        (false, true) => return (Label::Validation, false),
        _ => {}
    }
    let never_ends = G::DESCRIPTION.long_moves.map(|l| l.never_ends);
    if matches!(response, Response::Undecided { .. })
        || (deciding.is_some() && deciding == never_ends)
    {
        return (Label::Limit, false);
    }
    (Label::Rule, false)
}

/// The protocol's code for a text that is no position of the game.
const BAD_POSITION: &str = "bad-position";
/// The protocol's code for a shortened move that fits several legal moves.
const AMBIGUOUS_MOVE: &str = "ambiguous-move";

/// `bao-oracle explain` of `mv` at `position` under `rulings`, quoted for a POSIX shell.
fn explain_command(
    ruleset: Ruleset,
    position: &str,
    rulings: &protocol::Rulings,
    mv: &str,
) -> String {
    let quote = |text: &str| format!("'{}'", text.replace('\'', "'\\''"));
    let mut command = format!(
        "bao-oracle explain {ruleset} {} -p {}",
        quote(mv),
        quote(position)
    );
    for (name, value) in rulings.iter() {
        command.push_str(&format!(" --ruling {}", quote(&format!("{name}={value}"))));
    }
    command
}

pub(super) fn request_kind(request: &Value) -> (Option<&str>, Option<&str>) {
    (
        request.get("type").and_then(Value::as_str),
        request.get("move").and_then(Value::as_str),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::games::{Kete, Kimasai, Kingulu, Zanzibar};
    use bao_rules::play::Playthrough;
    use proptest::prelude::TestCaseError;
    use proptest::{prop_assert, prop_assert_eq};

    #[test]
    fn a_hole_differing_by_the_mark_of_a_differing_field_is_that_fields() {
        // geziefer's G4 with the house refilled: the engine keeps North's house (`h`), the oracle
        // has lost it (`-`); a5 holds one seed in both, so only its house mark differs.
        let read = |text: &str| Zanzibar::parse_position(text).unwrap();
        let rows = "3,0,2,2,0,2,0,1/3,5,1,1,5,9,0,1/1,0,6,0,0,0,0,0/1,1,0,0,1,1,0,2";
        let engine = read(&format!("{rows} 8,8 h - S"));
        let oracle = read(&format!("{rows} 8,8 - - S"));
        let house = FieldDiffers {
            field: "house".into(),
            engine: "h".into(),
            oracle: "-".into(),
        };
        assert!(marks_only::<Zanzibar>(
            &engine,
            &oracle,
            std::slice::from_ref(&house)
        ));
        // Without the house field among the differences the mark is a hole's difference; so is
        // a count.
        assert!(!marks_only::<Zanzibar>(&engine, &oracle, &[]));
        let other = "2,1,2,2,0,2,0,1/3,5,1,1,5,9,0,1/1,0,6,0,0,0,0,0/1,1,0,0,1,1,0,2";
        let moved = read(&format!("{other} 8,8 - - S"));
        assert!(!marks_only::<Zanzibar>(&engine, &moved, &[house]));
    }

    /// The positions of a seeded random game of `G`, its start first.
    fn positions<G: Game + bao_rules::Conformance>(seed: u64) -> Vec<G::Position> {
        let rulings = G::Rulings::default();
        let game = bao_rules::random_game::random_game::<G>(&G::start(), &rulings, seed, 30);
        let mut at = game.start.clone();
        let mut all = vec![at.clone()];
        for &mv in &game.moves {
            at = G::play(&at, &rulings, mv, &mut Vec::new()).expect("a played move plays");
            all.push(at.clone());
        }
        all
    }

    /// Where two positions `a` and `b` of a game differ: the same both ways, nothing for the same
    /// position; the engine's text unread (its side to move garbled), only holes of the board, and
    /// at least the holes whose counts differ (the game's lenient reader reads its cells); any text
    /// at all, no panic.
    fn differences_hold<G: Game + bao_rules::Conformance>(
        seed: u64,
        i: usize,
        j: usize,
        junk: &str,
    ) -> Result<(), TestCaseError> {
        let all = positions::<G>(seed);
        let (a, b) = (&all[i % all.len()], &all[j % all.len()]);
        let (ta, tb) = (G::format_compact(a), G::format_compact(b));
        let ab = after_differences::<G>(&ta, b, b);
        let ba = after_differences::<G>(&tb, a, a);
        prop_assert!(after_differences::<G>(&tb, b, b).is_empty());
        prop_assert_eq!(
            &ab.holes.iter().collect::<BTreeSet<_>>(),
            &ba.holes.iter().collect()
        );
        prop_assert_eq!(ab.stores.len(), ba.stores.len());
        prop_assert_eq!(
            ab.is_empty(),
            a == b || G::board(a) == G::board(b) && ab.fields.is_empty()
        );
        let board = G::board(b);
        let counted: BTreeSet<&str> = (G::board(a).holes().zip(board.holes()))
            .filter(|(x, y)| x.count != y.count)
            .map(|(x, _)| x.name)
            .collect();
        let garbled = format!(
            "{} ?",
            ta.rsplit_once(' ').map_or(ta.as_str(), |(rest, _)| rest)
        );
        let unread = after_differences::<G>(&garbled, b, b);
        let names: BTreeSet<&str> = board.holes().map(|h| h.name).collect();
        let marked: BTreeSet<&str> = unread.holes.iter().map(String::as_str).collect();
        prop_assert!(counted.is_subset(&marked), "{counted:?} {marked:?}");
        prop_assert!(marked.is_subset(&names));
        let any = after_differences::<G>(junk, a, b);
        prop_assert!(any.holes.iter().all(|h| names.contains(h.as_str())));
        Ok(())
    }

    proptest::proptest! {
        #[test]
        fn differences_are_where_the_positions_differ(
            seed in 0u64..1000, i in 0usize..31, j in 0usize..31, junk in ".*"
        ) {
            differences_hold::<Zanzibar>(seed, i, j, &junk)?;
            differences_hold::<Kete>(seed, i, j, &junk)?;
            differences_hold::<Kingulu>(seed, i, j, &junk)?;
            // Bao la Kimasai writes a row without commas: its own reader reads its cells too.
            differences_hold::<Kimasai>(seed, i, j, &junk)?;
        }
    }

    /// The work of judging the answer `got` to `legal_moves` at the start of Bao la Kiswahili:
    /// the verdict, and the moves visited and oracle plays made.
    fn judged(got: Vec<String>) -> (Verdict, usize) {
        judged_at(Zanzibar::start(), protocol::Rulings::new(), got)
    }

    /// The same at `start` under `rulings`.
    fn judged_at(
        start: <Zanzibar as Game>::Position,
        rulings: protocol::Rulings,
        got: Vec<String>,
    ) -> (Verdict, usize) {
        judged_limited(start, rulings, None, got)
    }

    /// The same for an engine that cuts moves past `max_laps` laps.
    fn judged_limited(
        start: <Zanzibar as Game>::Position,
        rulings: protocol::Rulings,
        max_laps: Option<u32>,
        got: Vec<String>,
    ) -> (Verdict, usize) {
        let ctx = Context::<Zanzibar> {
            rulings: rulings.resolve::<Zanzibar>().unwrap(),
            rulings_text: rulings,
            start,
            history: false,
            max_laps,
            max_seeds: None,
            notation: None,
        };
        let probe = ctx.legal_moves_probe(&ctx.start, &[]).unwrap();
        let line = serde_json::json!({"id": 1, "type": "moves", "moves": got}).to_string();
        let reply = Reply::Answer {
            response: Response::Moves {
                id: Value::Null,
                moves: got,
                undecided: 0,
            },
            line,
        };
        WORK.with(|w| w.set(0));
        let verdict = judge(&ctx, &probe, &reply);
        (verdict, WORK.with(|w| w.get()))
    }

    /// K4: a `moves` answer is judged as a set, each move visited a bounded number of times and
    /// at most a few asked of the oracle; one longer than any position's list by its length.
    #[test]
    fn a_moves_answer_is_judged_in_work_linear_in_its_length_and_capped() {
        let rulings = Default::default();
        let (expected, _) =
            protocol::legal_moves::<Zanzibar>(Value::Null, &Zanzibar::start(), &rulings);
        let Response::Moves { moves: start, .. } = expected else {
            panic!("the start has moves")
        };
        let (verdict, _) = judged(start.clone());
        assert!(matches!(verdict, Verdict::Pass));
        // 40,000 moves: judged by the length alone (the quadratic count of repeats took a minute).
        let long: Vec<String> = (0..40_000).map(|i| format!("A{}<", i % 8 + 1)).collect();
        let (verdict, work) = judged(long);
        let Verdict::Fail(m) = verdict else {
            panic!("a 40,000-move answer passes")
        };
        assert!(
            m.signature.contains("more than 1024 moves"),
            "{}",
            m.signature
        );
        assert!(work <= 1, "{work}");
        // Up to the cap, as a set: the oracle's moves each listed many times, and junk.
        let mut many: Vec<String> = start.iter().cycle().take(MAX_LISTED / 2).cloned().collect();
        many.extend((0..MAX_LISTED / 2).map(|i| format!("b{i}")));
        let n = many.len();
        let (verdict, work) = judged(many);
        let Verdict::Fail(m) = verdict else {
            panic!("repeats and junk pass")
        };
        assert!(
            m.signature.contains("adds moves and lists a move twice"),
            "{}",
            m.signature
        );
        assert!(
            m.details
                .iter()
                .any(|d| d == "the engine adds 496 more moves"),
            "{:?}",
            m.details
        );
        assert!(work <= n + start.len() + EXPLAINED, "{work} for {n} moves");
    }

    /// At a due obligation a move list that breaks it is decided by the obligation (ZAN-A13), not
    /// by the rule the oracle refuses an added takasa by (captures are compulsory, ZAN-9).
    #[test]
    fn an_obligation_due_decides_the_moves_that_break_it() {
        let due = "0,0,0,0,0,0,0,1/2,1,0,0,47,1,1,2/1,1,0,0,0,0,0,1/2,2,0,0,0,0,2,0 0,0 - a8 S";
        let rulings = protocol::Rulings::from_pairs([("zanzibar.takasia-must-capture", "first")]);
        let rulings = rulings.unwrap();
        let start = Zanzibar::parse_position_under(due, &rulings.resolve::<Zanzibar>().unwrap());
        let got = vec!["B2<".to_string(), "B7<".to_string()];
        let (verdict, _) = judged_at(start.unwrap(), rulings, got);
        let Verdict::Fail(m) = verdict else {
            panic!("an added takasa passes")
        };
        assert_eq!(m.rules.first(), Some(&"ZAN-A13"), "{}", m.signature);
        assert!(m.signature.ends_with("(ZAN-A13)"), "{}", m.signature);
    }

    /// Where every move never ends the game is over (ZAN-26) and the oracle lists none; moves an
    /// engine lists there are the never-ending ones a cap cut (ZAN-27), as where the game goes on.
    #[test]
    fn moves_added_where_every_move_never_ends_are_decided_by_their_own_refusal() {
        let over = "8,0,1,4,0,1,6,4/0,0,1,0,0,0,0,0/0,1,0,1,11,1,0,1/5,4,3,2,5,0,3,2 0,0 - - S";
        let start = Zanzibar::parse_position(over).unwrap();
        let got = vec!["A5<".to_string(), "A5>".to_string()];
        let (verdict, _) = judged_at(start, protocol::Rulings::new(), got);
        let Verdict::Fail(m) = verdict else {
            panic!("moves added after the end pass")
        };
        assert_eq!(m.rules.first(), Some(&"ZAN-27"), "{}", m.signature);
        assert!(m.signature.ends_with("(ZAN-27)"), "{}", m.signature);
    }

    /// A bare hole name the oracle refuses at a due obligation, which the engine reads as two of
    /// its moves (`ambiguous-move`: it lists takasas the obligation forbids), is the obligation's
    /// symptom as the list is (ZAN-A13), not a finding without a rule of its own.
    #[test]
    fn an_ambiguous_answer_to_a_refused_move_is_decided_as_a_played_one() {
        let due = "0,0,0,0,0,0,0,1/2,1,0,0,47,1,1,2/1,1,0,0,0,0,0,1/2,2,0,0,0,0,2,0 0,0 - a8 S";
        let rulings = protocol::Rulings::from_pairs([("zanzibar.takasia-must-capture", "first")]);
        let rulings = rulings.unwrap();
        let resolved = rulings.resolve::<Zanzibar>().unwrap();
        let start = Zanzibar::parse_position_under(due, &resolved).unwrap();
        let ctx = Context::<Zanzibar> {
            rulings: resolved,
            rulings_text: rulings,
            start,
            history: false,
            max_laps: None,
            max_seeds: None,
            notation: None,
        };
        let probe = ctx.play_probe(&start, &[], "B7", &[]);
        assert!(matches!(probe.expected, Response::Illegal { .. }));
        let response = Response::Error {
            id: Value::Null,
            code: AMBIGUOUS_MOVE.to_string(),
            message: "`B7` fits B7< and B7>".to_string(),
        };
        let line = serde_json::to_string(&response).unwrap();
        let Verdict::Fail(m) = judge(&ctx, &probe, &Reply::Answer { response, line }) else {
            panic!("an ambiguous answer to a refused move passes")
        };
        assert_eq!(m.deciding, Some("ZAN-A13"), "{}", m.signature);
        assert_eq!(m.symptoms, [Symptom::AddsMoves]);
    }

    /// Under `takasia = no` and `mtaji-house = relay` (the nkkmd preset) whose house stands in
    /// mtaji decides nothing: nkkmd's engine, which ends only the capturer's house at the first
    /// mtaji capture (`the-first-mtaji-capture-ends-both-houses`), passes; under the defaults,
    /// where takasia spares an owned house, the same answer is a finding.
    #[test]
    fn a_house_no_ruling_can_see_is_not_compared() {
        let before =
            "4,3,3,2,1,1,1,1/10,10,10,3,0,0,0,4/0,0,0,0,8,2,0,1/0,0,0,0,0,0,0,0 0,0 Hh - S";
        let after = "4,3,3,2,1,1,1,1/10,10,10,3,0,0,0,0/1,1,1,1,0,1,2,3/1,1,1,1,1,0,0,0 0,0 h - N";
        let judged = |pairs: &[(&str, &str)]| {
            let text = protocol::Rulings::from_pairs(pairs.iter().copied()).unwrap();
            let rulings = text.resolve::<Zanzibar>().unwrap();
            let start = Zanzibar::parse_position_under(before, &rulings).unwrap();
            let ctx = Context::<Zanzibar> {
                rulings,
                rulings_text: text,
                start,
                history: false,
                max_laps: None,
                max_seeds: None,
                notation: None,
            };
            let probe = ctx.play_probe_at(&start, before.to_string(), &[], "A6>", &[]);
            let Response::Played { events, .. } = &probe.expected else {
                panic!("A6> plays")
            };
            let events = events.clone();
            let line = String::new();
            let reply = Reply::Answer {
                response: Response::Played {
                    id: Value::Null,
                    position: after.to_string(),
                    events,
                },
                line,
            };
            judge(&ctx, &probe, &reply)
        };
        let nkkmd = [("zanzibar.takasia", "no"), ("zanzibar.lone-house", "owned")];
        assert!(matches!(judged(&nkkmd), Verdict::Pass));
        assert!(matches!(judged(&[]), Verdict::Fail(_)));
        let stops = [
            ("zanzibar.takasia", "no"),
            ("zanzibar.mtaji-house", "takasa-stops"),
        ];
        assert!(matches!(judged(&stops), Verdict::Fail(_)));
    }

    /// Where every move of the mover never ends the game is over (ZAN-26): an engine that cuts
    /// long moves lists them, and its answer is left out as a limit's, not judged a rule's
    /// (nkkmd's 512 relays at the scenario `every-move-illegal`).
    #[test]
    fn moves_that_never_end_are_a_limit_where_they_end_the_game() {
        let over = "8,0,1,4,0,1,6,4/0,0,1,0,0,0,0,0/0,1,0,1,11,1,0,1/5,4,3,2,5,0,3,2 0,0 - - S";
        let start = Zanzibar::parse_position(over).unwrap();
        let got = vec!["A5<".to_string(), "A5>".to_string()];
        let (verdict, _) = judged_limited(start, protocol::Rulings::new(), Some(512), got.clone());
        assert!(matches!(verdict, Verdict::LeftOut));
        // Without a limit it is a finding; and a move that ends is never left out.
        let (verdict, _) = judged_limited(start, protocol::Rulings::new(), None, got);
        assert!(matches!(verdict, Verdict::Fail(_)));
        let got = vec!["A5<".to_string(), "A2>".to_string()];
        let (verdict, _) = judged_limited(start, protocol::Rulings::new(), Some(512), got);
        assert!(matches!(verdict, Verdict::Fail(_)));
    }

    #[test]
    fn an_unread_position_is_compared_as_written() {
        // nkkmd's kept house: the engine keeps South's house A5, emptied by its own takasa.
        let before = Zanzibar::parse_position(
            "2,2,2,1,1,1,1,1/0,4,4,4,0,0,0,0/0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0 20,20 Hh - S",
        )
        .unwrap();
        let after = Zanzibar::parse_position(
            "2,2,2,1,1,1,1,1/0,4,4,4,0,0,0,0/0,0,0,0,0,1,1,0/0,0,0,0,0,0,0,0 19,20 h - N",
        )
        .unwrap();
        let engine = "2,2,2,1,1,1,1,1/0,4,4,4,0,0,0,0/0,0,0,0,0,1,1,0/0,0,0,0,0,0,0,0 19,20 Hh - N";
        let differs = after_differences::<Zanzibar>(engine, &before, &after);
        assert_eq!(differs.holes, ["A5"]);
        assert_eq!(differs.fields.len(), 1);
        assert_eq!(differs.fields[0].field, "house");
        assert!(differs.stores.is_empty());
        // Its stores as well: the field that writes the stores' counts marks the stores.
        let engine = "2,2,2,1,1,1,1,1/0,4,4,4,0,0,0,0/0,0,0,0,0,1,1,0/0,0,0,0,0,0,0,0 20,20 Hh - N";
        let differs = after_differences::<Zanzibar>(engine, &before, &after);
        assert_eq!(differs.stores, [Side::South]);
        assert_eq!(differs.fields.len(), 2);
        // A readable answer: the holes whose count differs.
        let engine = "2,2,2,1,1,1,1,1/0,4,4,4,0,0,0,0/0,0,0,0,0,2,0,0/0,0,0,0,0,0,0,0 19,20 h - N";
        let differs = after_differences::<Zanzibar>(engine, &before, &after);
        assert_eq!(differs.holes, ["A6", "A7"]);
        assert!(differs.stores.is_empty() && differs.fields.is_empty());
        // Stores: the start, and the position after South's first move, which took a seed from
        // his store.
        let start = Zanzibar::start();
        let mut game = Playthrough::<Zanzibar>::new(start, Default::default());
        game.play_text("A6<").unwrap();
        let engine = Zanzibar::format_compact(game.position());
        let differs = after_differences::<Zanzibar>(&engine, &start, &start);
        assert_eq!(differs.stores, [Side::South]);
        assert!(!differs.holes.is_empty());
    }
}
