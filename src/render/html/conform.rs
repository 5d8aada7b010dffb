//! The conformance report as one HTML page (`conform --format html`): the bugs by cause with
//! their labels (`known` with the presets table's name), then each finding with the board of the
//! position its request is about, drawn before the move with the holes and stores where the
//! answers differ marked and a legend, the engine's answer and the oracle's side by side, what
//! differs, the `explain` command and the one-line re-run. Like
//! `check`'s page: self-contained, no script, nothing fetched, a Content-Security-Policy that
//! lets only its own style apply; every text of the engine's escaped.

use std::fmt::Write as _;

use serde_json::Value;

use crate::harness::conform::{Bug, Differs, Divergence, Known, Report};
use crate::picture::Highlights;
use crate::render::csp;
use crate::render::markup::escape;
use crate::render::svg;
use bao_rules::Ruleset;
use bao_rules::game::Game;
use bao_rules::games::GameVisitor;

const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;max-width:70em;color:#222}\
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:2em}\
table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left}\
";

/// The style of the findings and their boards, shared with the table of several engines' page.
pub(crate) const FINDINGS_STYLE: &str = ".label{display:inline-block;padding:0 .4em;border:1px solid #555;border-radius:3px;font-size:.85em}\
.answers{display:grid;grid-template-columns:1fr 1fr;gap:1em}\
pre{white-space:pre-wrap;word-break:break-all;background:#f5f3ee;padding:.5em;margin:0}\
.differs{color:#b0221c}img.board{max-width:36em;display:block;margin:.5em 0}\
ul.legend{font-size:.9em;color:#444}";

/// The board of the compact `position` of `ruleset` as an SVG `data:` URL, if the game reads it,
/// with the holes and stores where the answers differ marked.
fn board_image(ruleset: Ruleset, position: &str, differs: &Differs) -> Option<String> {
    struct Draw<'a>(&'a str, &'a Differs);
    impl GameVisitor for Draw<'_> {
        type Output = Option<String>;
        fn visit<G: Game>(self) -> Option<String> {
            let pos = G::parse_position(self.0).ok()?;
            let board = G::board(&pos);
            let marks = Highlights {
                differs: board
                    .holes()
                    .filter(|h| self.1.holes.iter().any(|n| n == h.name))
                    .map(|h| h.index)
                    .collect(),
                differing_stores: self.1.stores.clone(),
                ..Highlights::default()
            };
            Some(svg::render(&board, &marks))
        }
    }
    let svg = ruleset.visit(Draw(position, differs))?;
    Some(format!(
        "data:image/svg+xml;base64,{}",
        csp::base64(svg.as_bytes())
    ))
}

/// What the marks on a finding's board say, and the fields that differ with both values.
fn legend(out: &mut String, differs: &Differs) {
    if differs.is_empty() {
        return;
    }
    let mut lines = Vec::new();
    if !differs.holes.is_empty() {
        lines.push(format!(
            "a dashed square, <b>differs</b>: the answers differ at {}",
            escape(&differs.holes.join(" "))
        ));
    }
    for side in &differs.stores {
        lines.push(format!(
            "a dashed store, <b>differs</b>: {side}'s store differs"
        ));
    }
    for f in &differs.fields {
        lines.push(format!(
            "{}: engine <code>{}</code>, oracle <code>{}</code>",
            escape(&f.field),
            escape(&f.engine),
            escape(&f.oracle)
        ));
    }
    let _ = writeln!(
        out,
        "<ul class=\"legend\"><li>{}</li></ul>",
        lines.join("</li><li>")
    );
}

fn pretty(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => serde_json::to_string_pretty(other).unwrap_or_default(),
    }
}

/// One finding as a section whose id is `{prefix}finding-{i}`.
fn finding(out: &mut String, prefix: &str, i: usize, d: &Divergence, known: Option<&Known>) {
    let first = d.cases.first().map(String::as_str).unwrap_or("?");
    let more = match d.cases.len() {
        0 | 1 => String::new(),
        n => format!(" (and {} more cases)", n - 1),
    };
    let label = match (known, d.unreachable) {
        (Some(known), _) => format!("{}, known: {}", d.label.word(), known.name),
        (None, true) => "validation: a position no game reaches".to_string(),
        (None, false) => d.label.word().to_string(),
    };
    let _ = writeln!(
        out,
        "<section id=\"{prefix}finding-{i}\"><h2>{}{}: {} <span class=\"label\">{}</span></h2>",
        escape(first),
        escape(&more),
        escape(&d.summary),
        escape(&label)
    );
    // Each field said in words, none left empty (`the default rulings`, `the start`).
    let rulings: Vec<String> = d.rulings.iter().map(|(n, v)| format!("{n}={v}")).collect();
    let rulings = if rulings.is_empty() {
        "the default rulings".to_string()
    } else {
        format!("rulings <code>{}</code>", escape(&rulings.join(" ")))
    };
    let start = if d.start.is_empty() {
        "the start".to_string()
    } else {
        format!("<code>{}</code>", escape(&d.start))
    };
    let moves = if d.moves.is_empty() {
        "no move".to_string()
    } else {
        format!("<code>{}</code>", escape(&d.moves.join(" ")))
    };
    let _ = writeln!(
        out,
        "<p>{} · {rulings} · reproduce from {start}: {moves}</p>",
        escape(d.ruleset.name()),
    );
    match board_image(d.ruleset, &d.position, &d.differs) {
        Some(src) => {
            let _ = writeln!(
                out,
                "<img class=\"board\" alt=\"the position before the request: {}\" src=\"{src}\">",
                escape(&d.position)
            );
            legend(out, &d.differs);
        }
        None => {
            let _ = writeln!(out, "<pre>{}</pre>", escape(&d.diagram));
        }
    }
    let _ = writeln!(out, "<p>position: <code>{}</code></p>", escape(&d.position));
    if !d.plays_as.is_empty() {
        let values: Vec<String> = d
            .plays_as
            .iter()
            .map(|v| format!("<code>{}</code>", escape(v)))
            .collect();
        let _ = writeln!(
            out,
            "<p class=\"plays-as\">your engine plays as {} would: declare it, if that is its \
             rule</p>",
            values.join(" or ")
        );
    }
    if !d.details.is_empty() {
        let _ = writeln!(out, "<ul class=\"differs\">");
        for line in &d.details {
            let _ = writeln!(out, "<li>{}</li>", escape(line));
        }
        let _ = writeln!(out, "</ul>");
    }
    let _ = writeln!(
        out,
        "<div class=\"answers\"><div><h3>engine</h3><pre>{}</pre></div>\
         <div><h3>oracle</h3><pre>{}</pre></div></div>",
        escape(&pretty(&d.engine)),
        escape(&pretty(&d.oracle))
    );
    let _ = writeln!(
        out,
        "<p>request: <code>{}</code></p>",
        escape(&d.request.to_string())
    );
    let mut facts = vec![format!("rules: {}", d.rules.join(", "))];
    facts.extend(d.deciding_rule.as_ref().map(|r| format!("deciding: {r}")));
    facts.extend(d.accepted_by.as_ref().map(|a| format!("accept: {a}")));
    let _ = writeln!(out, "<p>{}</p>", escape(&facts.join(" · ")));
    if let Some(command) = &d.explain {
        let _ = writeln!(out, "<p>explain: <code>{}</code></p>", escape(command));
    }
    let _ = writeln!(
        out,
        "<p>re-run: the same command with <code>--case {}</code></p>",
        escape(first)
    );
    if d.cases.len() > 1 {
        let _ = writeln!(out, "<p>cases: {}</p>", escape(&d.cases.join(", ")));
    }
    let _ = writeln!(out, "</section>");
}

/// The bugs as a numbered list, each linking to its findings (ids prefixed by `prefix`).
fn bug_list(out: &mut String, prefix: &str, bugs: &[Bug]) {
    out.push_str("<ol>\n");
    for b in bugs {
        let label = match &b.known {
            Some(known) => format!(
                "{}, known: {}</span> {}",
                b.label.word(),
                escape(&known.name),
                escape(&format!("(the presets table: {})", known.what))
            ),
            None => format!("{}</span>", b.label.word()),
        };
        let links: Vec<String> = b
            .divergences
            .iter()
            .zip(&b.symptoms)
            .map(|(i, s)| format!("<a href=\"#{prefix}finding-{i}\">{}</a>", escape(s)))
            .collect();
        let _ = writeln!(
            out,
            "<li><span class=\"label\">{label} {} {}: {} case{}: {}</li>",
            escape(b.ruleset.name()),
            escape(b.deciding_rule.as_deref().unwrap_or("-")),
            b.cases,
            if b.cases == 1 { "" } else { "s" },
            links.join("; ")
        );
    }
    out.push_str("</ol>\n");
}

impl Report {
    /// The bugs by cause and each finding with its board, its ids prefixed by `prefix` (one
    /// page may hold several engines' findings).
    pub(crate) fn findings_html(&self, out: &mut String, prefix: &str) {
        if !self.bugs.is_empty() {
            out.push_str("<h2>bugs, by cause</h2>\n");
            bug_list(out, prefix, &self.bugs);
        }
        for (i, d) in self.divergences.iter().enumerate() {
            if !d.unreachable {
                finding(out, prefix, i, d, self.known_of(i));
            }
        }
        if !self.unreachable.is_empty() {
            let _ = writeln!(
                out,
                "<h2 id=\"{prefix}unreachable\">{}</h2>",
                escape(self.unreachable_heading())
            );
            bug_list(out, prefix, &self.unreachable);
            for (i, d) in self.divergences.iter().enumerate() {
                if d.unreachable {
                    finding(out, prefix, i, d, self.known_of(i));
                }
            }
        }
    }

    /// The report as one self-contained HTML page.
    pub fn to_html(&self) -> String {
        let mut out = String::new();
        out.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n");
        out.push_str(&csp::meta(&[], &[STYLE, FINDINGS_STYLE], true));
        let _ = writeln!(
            out,
            "<title>conform: {}</title><style>{STYLE}</style><style>{FINDINGS_STYLE}</style></head><body>",
            escape(&self.engine.name)
        );
        let _ = writeln!(
            out,
            "<h1>{} against the oracle</h1><p>{}</p>",
            escape(&self.engine.name),
            escape(&self.summary.closing_line())
        );
        let _ = writeln!(
            out,
            "<table><tr><th>ruleset</th><th>rulings</th><th>scenarios</th><th>random games</th><th>position probes</th></tr>"
        );
        for r in &self.rulesets {
            let rulings: Vec<String> = r.rulings.iter().map(|(n, v)| format!("{n}={v}")).collect();
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(r.ruleset.name()),
                escape(&rulings.join(" ")),
                r.scenarios,
                r.games,
                r.positions
            );
        }
        out.push_str("</table>\n");
        self.findings_html(&mut out, "");
        if !self.summary.skip_reasons.is_empty() {
            out.push_str("<h2>skipped, by reason</h2><ul>\n");
            for r in &self.summary.skip_reasons {
                let _ = writeln!(
                    out,
                    "<li>{} × {} ({})</li>",
                    r.cases,
                    escape(&r.reason),
                    escape(&r.example)
                );
            }
            out.push_str("</ul>\n");
        }
        for p in &self.problems {
            let _ = writeln!(out, "<p class=\"differs\">FAIL run: {}</p>", escape(p));
        }
        let _ = writeln!(
            out,
            "<p>{} requests in {:.1} s ({} a second)</p></body></html>",
            self.summary.requests,
            self.summary.elapsed_ms as f64 / 1000.0,
            self.summary.requests_per_second
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::conform::Label;

    /// Issue 32, item 4: a finding under the default rulings says so; no field is left empty
    /// (the page showed `bao-kingulu · <code></code> · reproduce from …`).
    #[test]
    fn a_finding_leaves_no_field_empty() {
        let d = Divergence {
            label: Label::Rule,
            unreachable: false,
            accepted_by: None,
            cases: vec!["bao-kingulu/game-1".into()],
            from_start: false,
            plays_as: vec!["kingulu.x=<y>".into()],
            ruleset: Ruleset::Kingulu,
            rulings: Default::default(),
            summary: "a move missing".into(),
            details: Vec::new(),
            start: String::new(),
            moves: Vec::new(),
            shrunk_from: None,
            position: "x".into(),
            diagram: "x".into(),
            request: Value::Null,
            engine: Value::Null,
            oracle: Value::Null,
            rules: vec!["KIN-4".into()],
            kind: "missing".into(),
            deciding_rule: None,
            explain: None,
            engine_move: None,
            symptoms: Vec::new(),
            differs: Differs::default(),
        };
        let mut out = String::new();
        finding(&mut out, "", 1, &d, None);
        assert!(
            out.contains(
                "<p>bao-kingulu · the default rulings · reproduce from the start: no move</p>"
            ),
            "{out}"
        );
        // The ruling value the engine plays as, escaped.
        assert!(
            out.contains("your engine plays as <code>kingulu.x=&lt;y&gt;</code> would"),
            "{out}"
        );
        assert!(
            !out.contains("<code></code>") && !out.contains("·  ·"),
            "{out}"
        );
    }
}
