//! Judging: an engine's answer to a probe against the oracle's, and the divergence that reports a
//! difference.

use std::collections::BTreeSet;

use serde_json::Value;

use super::probes::{Context, Probe, long_moves};
use super::{Divergence, Reply, clip};
use crate::game::{Game, RuleId};
use crate::protocol::{self, EventMsg, Request, Response};

/// How an answer differs from the oracle's.
#[derive(Clone, Debug)]
pub(super) struct Mismatch {
    pub(super) summary: String,
    /// The summary without the move: what makes two divergences the same kind.
    pub(super) signature: String,
    pub(super) details: Vec<String>,
    /// Rule ids beyond the probe's own (of the moves that differ).
    pub(super) rules: Vec<RuleId>,
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
pub(super) fn judge<G: Game>(ctx: &Context<G>, probe: &Probe<G>, reply: &Reply) -> Verdict {
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
    let never_ends = long_moves(G::RULESET).map(|l| l.never_ends);
    let mut all_never_end = true;
    for m in &extra {
        let answer = protocol::play::<G>(Value::Null, &probe.position, &ctx.rulings, None, m);
        all_never_end &= matches!(&answer.response,
            Response::Illegal { rule: Some(rule), .. } if Some(rule.as_str()) == never_ends);
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
    if ctx.max_laps.is_some() && missing.is_empty() && twice.is_empty() && all_never_end {
        return Verdict::LeftOut;
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
    ctx: &Context<G>,
    probe: &Probe<G>,
    want_events: &[EventMsg],
    position: &str,
    events: &[EventMsg],
) -> Verdict {
    let mv = probe.played.as_deref().unwrap_or("?");
    let mut details = Vec::new();
    let mut differ = Vec::new();
    match G::parse_position_under(position, &ctx.rulings) {
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

pub(super) fn divergence<G: Game>(
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

pub(super) fn request_kind(request: &Value) -> (Option<&str>, Option<&str>) {
    (
        request.get("type").and_then(Value::as_str),
        request.get("move").and_then(Value::as_str),
    )
}
