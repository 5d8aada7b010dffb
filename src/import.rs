//! `bao-oracle import`: a published transcript ([`crate::transcript`]) as a game record.
//!
//! The transcript's moves are read in Donkers' notation and played through the one move path
//! ([`crate::play`]), so that each is written in canonical notation with its claims, the published
//! spelling in a comment beside it. Header fields map to the record's (`south`, `north`, `date`;
//! `place` to `title`; `source`, or the file's name); `takasia: yes|no` sets `zanzibar.takasia`;
//! `winner:` and `time:` are kept as comments (a resignation or a loss on time is no rules result),
//! and so are the keys the record format does not have. A move that does not play is a finding at
//! its line and column, with the rule and the legal moves there in both notations.

use std::fmt::Write as _;

use crate::diagnostics::{Code, Finding};
use crate::game::{Game, Notation, Playthrough};
use crate::random_game::yaml_scalar;
use crate::rulings::RulingSet;
use crate::setup::Setup;
use crate::transcript::{self, Header, KNOWN_KEYS, Transcript};
use crate::with_game;

/// What to import: the transcript's text, a name for it (its file name) and the ruleset it is a
/// game of, with the command line's rulings on top of the transcript's own.
pub struct ImportOptions<'a> {
    pub name: &'a str,
    pub ruleset: &'a str,
    pub rulings: &'a RulingSet,
}

/// The record (YAML), or every finding that stops the import.
pub fn import(text: &str, options: &ImportOptions) -> Result<String, Vec<Finding>> {
    let transcript = transcript::parse(text)?;
    with_game!(options.ruleset, G => import_game::<G>(&transcript, options)).unwrap_or_else(|| {
        Err(vec![Finding::new(
            Code::UnknownRuleset,
            crate::games::unknown_ruleset(options.ruleset),
        )])
    })
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
    for (i, ply) in t.plies.iter().enumerate() {
        let before = game.position().clone();
        match game.play_text_into(&ply.text, &mut events) {
            Ok(played) => {
                if let Some(claim) = played.false_claims.first() {
                    return Err(vec![
                        Finding::new(
                            Code::FalseClaim,
                            format!("`{}`: {}", ply.text, claim.message),
                        )
                        .rule(claim.rule)
                        .ply(i as u32 + 1, &ply.text)
                        .at(ply.span),
                    ]);
                }
                let canonical = G::format_annotated(&before, played.mv, &events);
                lines.push((canonical, ply));
            }
            Err(error) => {
                let legal = crate::replay::legal_help::<G>(&game);
                let message = match error.rule {
                    Some(rule) => format!("`{}`: {} ({rule})", ply.text, error.message),
                    None => format!("`{}`: {}", ply.text, error.message),
                };
                return Err(vec![
                    Finding::new(error.code(), message)
                        .rule_opt(error.rule)
                        .ply(i as u32 + 1, &ply.text)
                        .at(ply.span)
                        .help(legal),
                ]);
            }
        }
    }

    let mut doc = String::new();
    let _ = writeln!(
        doc,
        "# Imported by `bao-oracle import` from {}; each move's published spelling beside it.",
        options.name
    );
    let _ = writeln!(doc, "ruleset: {}", G::RULESET);
    if let Some(place) = t.header("place") {
        let _ = writeln!(doc, "title: {}", yaml_scalar(&place.value));
    }
    let source = t
        .header("source")
        .map_or(options.name.to_string(), |h| h.value.clone());
    let _ = writeln!(doc, "source: {}", yaml_scalar(&source));
    for key in ["date", "south", "north"] {
        if let Some(h) = t.header(key) {
            let _ = writeln!(doc, "{key}: {}", yaml_scalar(&h.value));
        }
    }
    for h in &t.headers {
        let name = h.name();
        if name == "winner" || name == "time" || !KNOWN_KEYS.contains(&name.as_str()) {
            let _ = writeln!(doc, "# {}: {}", one_line(&h.key), one_line(&h.value));
        }
    }
    if !rulings.is_empty() {
        doc.push_str("rulings:\n");
        for (name, value) in rulings.iter() {
            let _ = writeln!(doc, "  {name}: {}", yaml_scalar(value));
        }
    }
    doc.push_str("moves:\n");
    let entries: Vec<String> = lines
        .iter()
        .map(|(canonical, _)| format!("  - {}", yaml_scalar(canonical)))
        .collect();
    let width = entries.iter().map(String::len).max().unwrap_or(0) + 1;
    for (entry, (_, ply)) in entries.iter().zip(&lines) {
        let mut comment = format!("{}: {}", ply.number, ply.text);
        if let Some(note) = &ply.comment {
            let _ = write!(comment, "; {}", one_line(note));
        }
        let _ = writeln!(doc, "{entry:<width$}# {comment}");
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
        if value == "no" {
            set.insert(ruling, "no")
                .map_err(|e| vec![Finding::new(Code::UnknownRuling, e.message)])?;
        }
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
