//! `bao-oracle import`: a published transcript ([`crate::transcript`]) as a game record.
//!
//! The transcript's moves are read in Donkers' notation and played through the one move path
//! ([`crate::play`]), so that each is written in canonical notation with its claims, the published
//! spelling in a comment beside it. Header fields map to the record's (`south`, `north`, `date`;
//! `place` to `title`; `source`, or the file's name); `takasia: yes|no` sets `zanzibar.takasia`;
//! `winner:` and `time:` are kept as comments (a resignation or a loss on time is no rules result),
//! and so are the keys the record format does not have, the comments after a header's `;` and the
//! whole-line `%`/`;` comments (in place, between the moves they stand between). The transcript's
//! slips ([`crate::transcript::Slip`]) are warnings, or errors under `strict`. A false claim is a
//! finding, not a stop, as in `check`: the replay goes on and reports every one; a move that does
//! not play stops it, at its line and column, with the rule and the legal moves there in both
//! notations. The record is given only when nothing was found but warnings.

use std::fmt::Write as _;

use crate::diagnostics::{Code, Finding};
use crate::game::{Game, Notation};
use crate::play::Playthrough;
use crate::random_game::yaml_scalar;
use crate::rulings::RulingSet;
use crate::setup::Setup;
use crate::transcript::{self, Header, KNOWN_KEYS, Transcript};
use crate::with_game;

/// What to import: the transcript's text, a name for it (its file name) and the ruleset it is a
/// game of, with the command line's rulings on top of the transcript's own.
pub struct ImportOptions<'a> {
    pub name: &'a str,
    /// The record's `source:`, over the transcript's `source:` header and the file's name.
    pub source: Option<&'a str>,
    pub ruleset: &'a str,
    pub rulings: &'a RulingSet,
    /// Slips are errors, not warnings.
    pub strict: bool,
}

/// A transcript imported: the record (YAML) and the slips read on the way, as warnings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    pub record: String,
    pub warnings: Vec<Finding>,
}

/// The record, or every finding of the import (the slips among them, as `transcript-slip`).
pub fn import(text: &str, options: &ImportOptions) -> Result<Imported, Vec<Finding>> {
    let transcript = transcript::parse(text)?;
    let slips: Vec<Finding> = transcript.slips.iter().map(|s| s.finding()).collect();
    let imported = with_game!(options.ruleset, G => import_game::<G>(&transcript, options))
        .unwrap_or_else(|| {
            Err(vec![Finding::new(
                Code::UnknownRuleset,
                crate::games::unknown_ruleset(options.ruleset),
            )])
        });
    match imported {
        Ok(record) if slips.is_empty() || !options.strict => Ok(Imported {
            record,
            warnings: slips,
        }),
        Ok(_) => Err(slips),
        Err(mut findings) => {
            findings.extend(slips);
            findings.sort_by_key(|f| f.span.map(|s| s.offset));
            Err(findings)
        }
    }
}

fn import_game<G: Game>(t: &Transcript, options: &ImportOptions) -> Result<String, Vec<Finding>> {
    if !G::NOTATIONS.contains(&Notation::Donkers) {
        return Err(vec![Finding::new(
            Code::UnknownRuleset,
            format!(
                "{} has no transcript notation: transcripts are in Donkers' notation, for {}",
                G::NAME,
                crate::games::RULESETS
                    .iter()
                    .filter(
                        |&&r| with_game!(r, H => H::NOTATIONS.contains(&Notation::Donkers))
                            == Some(true)
                    )
                    .copied()
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )]);
    }
    let rulings = transcript_rulings::<G>(t, options)?;
    let setup = Setup {
        notation: Notation::Donkers,
        ..Setup::with_rulings(rulings.clone())
    };
    let mut game =
        Playthrough::<G>::from_setup(&setup).map_err(|e| vec![Finding::new(e.code, e.message)])?;

    let mut lines = Vec::with_capacity(t.plies.len());
    let mut events = Vec::new();
    let mut findings = Vec::new();
    for (i, ply) in t.plies.iter().enumerate() {
        let before = game.position().clone();
        match game.play_text_into(&ply.text, &mut events) {
            Ok(played) => {
                // A false claim is a finding, not a stop (as in `check`).
                for claim in &played.false_claims {
                    findings.push(
                        Finding::new(
                            Code::FalseClaim,
                            format!("`{}`: {}", ply.written, claim.message),
                        )
                        .rule(claim.rule)
                        .ply(i as u32 + 1, &ply.written)
                        .at(ply.span),
                    );
                }
                let canonical = G::format_annotated(&before, played.mv, &events);
                lines.push((canonical, ply));
            }
            Err(error) => {
                let legal = crate::replay::legal_help::<G>(&game);
                let read = if ply.text == ply.written {
                    String::new()
                } else {
                    format!(" (read `{}`)", ply.text)
                };
                let message = match error.rule {
                    Some(rule) => format!("`{}`{read}: {} ({rule})", ply.written, error.message),
                    None => format!("`{}`{read}: {}", ply.written, error.message),
                };
                findings.push(
                    Finding::new(error.code(), message)
                        .rule_opt(error.rule)
                        .ply(i as u32 + 1, &ply.written)
                        .at(ply.span)
                        .help(legal),
                );
                return Err(findings);
            }
        }
    }
    if !findings.is_empty() {
        return Err(findings);
    }

    let mut doc = String::new();
    let _ = writeln!(
        doc,
        "# Imported by `bao-oracle import` from {}; each move's published spelling beside it.",
        one_line(options.name)
    );
    let _ = writeln!(doc, "ruleset: {}", G::RULESET);
    if let Some(place) = t.header("place") {
        let _ = writeln!(doc, "title: {}", yaml_scalar(&place.value));
    }
    let source = options.source.map(str::to_string).unwrap_or_else(|| {
        t.header("source")
            .map_or(options.name.to_string(), |h| h.value.clone())
    });
    let _ = writeln!(doc, "source: {}", yaml_scalar(&source));
    for key in ["date", "south", "north"] {
        if let Some(h) = t.header(key) {
            let _ = writeln!(doc, "{key}: {}", yaml_scalar(&h.value));
        }
    }
    for h in &t.headers {
        let name = h.name();
        let comment = h
            .comment
            .as_ref()
            .map(|c| format!("; {}", one_line(c)))
            .unwrap_or_default();
        if name == "winner" || name == "time" || !KNOWN_KEYS.contains(&name.as_str()) {
            let _ = writeln!(
                doc,
                "# {}: {}{comment}",
                one_line(&h.key),
                one_line(&h.value)
            );
        } else if !comment.is_empty() {
            let _ = writeln!(doc, "# {}{comment}", one_line(&h.key));
        }
    }
    if !rulings.is_empty() {
        doc.push_str("rulings:\n");
        for (name, value) in rulings.iter() {
            let _ = writeln!(doc, "  {name}: {}", yaml_scalar(value));
        }
    }
    let comments_before = |ply: usize, doc: &mut String, indent: &str| {
        for c in t.comments.iter().filter(|c| c.before_ply == ply) {
            let _ = writeln!(doc, "{indent}# {}", one_line(&c.text));
        }
    };
    comments_before(0, &mut doc, "");
    doc.push_str("moves:\n");
    let entries: Vec<String> = lines
        .iter()
        .map(|(canonical, _)| format!("  - {}", yaml_scalar(canonical)))
        .collect();
    let width = entries.iter().map(String::len).max().unwrap_or(0) + 1;
    for (i, (entry, (_, ply))) in entries.iter().zip(&lines).enumerate() {
        if i > 0 {
            comments_before(i, &mut doc, "  ");
        }
        let mut comment = format!("{}: {}", ply.number, one_line(&ply.written));
        if let Some(note) = &ply.comment {
            let _ = write!(comment, "; {}", one_line(note));
        }
        let _ = writeln!(doc, "{entry:<width$}# {comment}");
    }
    if !lines.is_empty() {
        comments_before(lines.len(), &mut doc, "  ");
    }
    let result = match game.end() {
        Some(end) => end.outcome.name(),
        None => "unfinished",
    };
    let _ = writeln!(doc, "result: {result}");
    Ok(doc)
}

/// A header value kept as a YAML comment: on one line, control characters shown escaped.
fn one_line(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            if c.is_control() {
                c.escape_unicode().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// A transcript as the record `check` replays: `notation: donkers`, each move with its span in
/// the transcript, `takasia:` as the ruling, so that every finding (and the repair search, and
/// `--infer-rulings`) speaks of the transcript's own lines and columns. The slips are read as
/// [`transcript::parse`] reads them.
pub fn as_record(t: &Transcript, ruleset: &str, name: &str) -> crate::record::Record {
    use crate::record::{Field, Record};
    let field = |value: &str, span| Field {
        value: value.to_string(),
        span,
    };
    let at_start = crate::diagnostics::Span::new(0, 0);
    let value = |key: &str| t.header(key).map(|h| h.value.clone());
    let mut rulings = Vec::new();
    if let Some(h) = t.header("takasia") {
        let value = h.value.to_ascii_lowercase();
        rulings.push((field("zanzibar.takasia", h.span), field(&value, h.span)));
    }
    Record {
        ruleset: field(ruleset, at_start),
        title: value("place"),
        source: value("source").unwrap_or_else(|| name.to_string()),
        date: value("date"),
        south: value("south"),
        north: value("north"),
        first: None,
        start: None,
        preset: None,
        rulings,
        notation: Some(Field {
            value: Notation::Donkers,
            span: at_start,
        }),
        moves: t.plies.iter().map(|p| field(&p.text, p.span)).collect(),
        result: None,
    }
}

/// The transcript's `takasia:` with the command line's rulings on top.
fn transcript_rulings<G: Game>(
    t: &Transcript,
    options: &ImportOptions,
) -> Result<RulingSet, Vec<Finding>> {
    let mut set = RulingSet::new();
    if let Some(h) = t.header("takasia") {
        let value = h.value.to_ascii_lowercase();
        let ruling = "zanzibar.takasia";
        if !G::RULINGS.iter().any(|d| d.name == ruling) {
            return Err(vec![bad_header(
                h,
                format!("`takasia:` has no meaning in {}", G::NAME),
            )]);
        }
        if value != "yes" && value != "no" {
            return Err(vec![bad_header(
                h,
                format!("`takasia: {}`: write yes or no", h.value),
            )]);
        }
        if let Some(other) = options.rulings.get(ruling)
            && other != value
        {
            return Err(vec![
                Finding::new(
                    Code::RulingConflict,
                    format!(
                        "the transcript says `takasia: {value}`, the command line asks for \
                         `{ruling}={other}`"
                    ),
                )
                .at(h.span),
            ]);
        }
        // Kept even when it is the default, so that `transcript` writes the line back.
        set.insert(ruling, &value)
            .map_err(|e| vec![Finding::new(Code::UnknownRuling, e.message)])?;
    }
    for (name, value) in options.rulings.iter() {
        if G::RULINGS.iter().any(|d| d.name == name) {
            set.insert(name, value)
                .map_err(|e| vec![Finding::new(Code::UnknownRuling, e.message)])?;
        }
    }
    Ok(set)
}

fn bad_header(h: &Header, message: String) -> Finding {
    Finding::new(Code::BadValue, format!("line {}: {message}", h.line)).at(h.span)
}
