//! `explain`'s renderings: an [`Explanation`] and a [`Comparison`] as plain text and as SVG. The
//! explanation itself, as data, is [`crate::explain`]'s.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use bao_rules::Ruleset;
use bao_rules::game::Side;
use serde::Serialize;

use crate::event::{End, EventData};

use crate::explain::trace::indent;
use crate::explain::{
    Board, Comparison, Departure, Explanation, RulingValue, Step, Verdict, cited,
};
use crate::picture::{Board as PictureBoard, Highlights};

/// Width of the rule-id column of a step (`KETE-A10` and a space).
const RULE_WIDTH: usize = 9;

impl Explanation {
    /// The explanation as plain text: a header, the board before, then the steps and the board
    /// after, or the refusal and the legal moves.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.render_header(&mut out, None);
        out.push_str(&self.render_verdict());
        out.push_str(&render_cited(self.ruleset, [self]));
        out
    }

    /// The header: ruleset, move, mover, the ruling compared (`compared`: its name and the
    /// line that says what is compared), the other rulings, and the board before.
    fn render_header(&self, out: &mut String, compared: Option<(&str, &str)>) {
        let _ = writeln!(
            out,
            "{}: {}, {} to move",
            self.ruleset, self.text, self.mover
        );
        if let Some(place) = &self.place {
            let _ = writeln!(out, "{place}");
        }
        let skip = compared.map(|(name, line)| {
            let _ = writeln!(out, "{line}");
            name
        });
        let rulings: Vec<&RulingValue> = self
            .rulings
            .iter()
            .filter(|r| Some(r.name) != skip)
            .collect();
        if !rulings.is_empty() {
            let list: Vec<String> = rulings
                .iter()
                .map(|r| {
                    if r.default {
                        r.assignment()
                    } else {
                        format!("{} (not the default)", r.assignment())
                    }
                })
                .collect();
            let label = if skip.is_some() {
                "other rulings"
            } else {
                "rulings"
            };
            out.push_str(&wrap_list(&format!("{label}: "), &list));
        }
        let _ = writeln!(out);
        let _ = writeln!(out, "before:");
        out.push_str(&indent(&self.before));
        let _ = writeln!(out);
    }

    /// What the move did, or why it is refused.
    fn render_verdict(&self) -> String {
        let mut out = String::new();
        match &self.verdict {
            Verdict::Refused { .. } => out.push_str(&self.render_refusal()),
            Verdict::Played {
                canonical,
                steps,
                false_claims,
                under,
                after,
                compact,
                ..
            } => {
                let spelled = if canonical == &self.text {
                    String::new()
                } else {
                    format!(" (canonical {canonical})")
                };
                let under = under
                    .as_ref()
                    .map(|(rule, sentence)| format!(", {sentence} ({rule})"))
                    .unwrap_or_default();
                let _ = writeln!(out, "{} is legal{spelled}{under}. Step by step:", self.text);
                for (i, step) in steps.iter().enumerate() {
                    out.push_str(&render_step(i + 1, step));
                }
                for (rule, message) in false_claims {
                    let _ = writeln!(
                        out,
                        "false claim: {message} ({rule}): the move is legal but its annotation is wrong"
                    );
                }
                let _ = writeln!(out);
                let _ = writeln!(out, "after:");
                out.push_str(&indent(after));
                let _ = writeln!(out, "  {compact}");
            }
        }
        out
    }

    fn render_refusal(&self) -> String {
        let mut out = String::new();
        let Verdict::Refused {
            code,
            rule,
            reason,
            legal,
            ..
        } = &self.verdict
        else {
            return out;
        };
        let rule = rule.map(|r| format!(", {r}")).unwrap_or_default();
        let what = match *code {
            "illegal-move" => "is illegal",
            "not-notation" => "is not move notation here",
            "ambiguous-move" => "names more than one legal move",
            "undecided-move" => "is undecided",
            "move-after-end" => "comes after the end of the game",
            _ => "is refused",
        };
        let _ = writeln!(out, "{} {what} ({code}{rule}): {reason}", self.text);
        if legal.is_empty() {
            let _ = writeln!(out, "there is no legal move here");
        } else {
            let _ = writeln!(out, "legal moves here: {}", legal.join(" "));
        }
        out
    }

    /// The explanation as one SVG document: the board before the move (the hole it starts from
    /// and every legal move's hole marked), after each capture, and at the end, one under the
    /// other, each with its caption.
    pub fn render_svg(&self) -> String {
        crate::render::svg::render_stack(&self.svg_title(), &self.svg_panels(""))
    }

    fn svg_title(&self) -> String {
        let place = self
            .place
            .as_ref()
            .map(|p| format!(" ({p})"))
            .unwrap_or_default();
        format!(
            "{}: {}, {} to move{place}",
            self.ruleset, self.text, self.mover
        )
    }

    /// The boards to draw, each with its caption (after `prefix`) and highlights.
    fn svg_panels(&self, prefix: &str) -> Vec<(String, PictureBoard, Highlights)> {
        let p = &self.pictures;
        let mut panels = Vec::new();
        let before = match &self.verdict {
            Verdict::Played { .. } => {
                format!("{prefix}before {}, {} to move", self.text, self.mover)
            }
            Verdict::Refused { .. } => {
                let refusal = self.render_refusal();
                format!("{prefix}{}", refusal.lines().next().unwrap_or_default())
            }
        };
        let mut marks = Highlights {
            legal: p.legal.clone(),
            ..Highlights::default()
        };
        marks.from = Highlights::of_move(&p.events).from;
        panels.push((before, p.before.clone(), marks));
        if let Verdict::Played {
            canonical,
            steps,
            end,
            ..
        } = &self.verdict
        {
            for (i, (step, board)) in steps.iter().zip(&p.during).enumerate() {
                if let Some(board) = board {
                    let caption = format!("{prefix}after step {}: {}", i + 1, step.text);
                    panels.push((caption, board.clone(), Highlights::of_move(&p.events[..=i])));
                }
            }
            if let Some(after) = &p.after {
                let over = end
                    .map(|e| format!("; game over: {} ({})", e.outcome, e.rule))
                    .unwrap_or_default();
                let caption = format!("{prefix}after {canonical}{over}");
                panels.push((caption, after.clone(), Highlights::of_move(&p.events)));
            }
        }
        panels
    }
}

/// `n. RULE     text`, and the board after it where there is one.
fn render_step(n: usize, step: &Step) -> String {
    let mut out = format!("{n:>3}. {:<RULE_WIDTH$}{}\n", step.rule, step.text);
    let pad = " ".repeat(5 + RULE_WIDTH);
    match &step.board {
        None => {}
        Some(Board::AsAtTheEnd) => {
            let _ = writeln!(
                out,
                "{pad}(the board after this capture is the one after the move, below)"
            );
        }
        Some(Board::Diagram(diagram)) => {
            let _ = writeln!(out, "{pad}the board after this capture:");
            for line in diagram.lines() {
                let _ = writeln!(out, "{pad}  {line}");
            }
        }
    }
    out
}

impl Comparison {
    /// The comparison as one SVG document: the boards of the move under the one ruling, then
    /// under the other, each caption naming its ruling.
    pub fn render_svg(&self) -> String {
        let mut panels = self.base.svg_panels(&format!("{}: ", self.label(0)));
        panels.extend(self.other.svg_panels(&format!("{}: ", self.label(1))));
        let title = format!("{}, compared under {}", self.base.svg_title(), self.name);
        crate::render::svg::render_stack(&title, &panels)
    }

    fn label(&self, which: usize) -> String {
        let default = if self.values[which] == self.default {
            " (the default)"
        } else {
            ""
        };
        format!("{}={}{default}", self.name, self.values[which])
    }

    /// The comparison as plain text: the shared steps once, the first step that differs under
    /// each ruling, then the two positions after the move.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let labels = [self.label(0), self.label(1)];
        let line = format!("comparing {} with {}", labels[0], labels[1]);
        self.base.render_header(&mut out, Some((&self.name, &line)));
        let explanations = [&self.base, &self.other];
        match self.departure() {
            Departure::Never => {
                if self.values[0] == self.values[1] {
                    let _ = writeln!(
                        out,
                        "{} is already the ruling in force: there is nothing to compare.",
                        labels[1]
                    );
                } else if self.base.steps().is_some() {
                    let _ = writeln!(
                        out,
                        "The traces never depart: the move plays the same under both rulings."
                    );
                } else {
                    let _ = writeln!(
                        out,
                        "The traces never depart: the move is refused the same way under both rulings."
                    );
                }
                let _ = writeln!(out);
                out.push_str(&self.base.render_verdict());
            }
            Departure::Verdict => {
                let _ = writeln!(
                    out,
                    "The traces depart at once: the move is refused under one ruling at least."
                );
                for (label, e) in labels.iter().zip(explanations) {
                    let _ = writeln!(out);
                    let _ = writeln!(out, "under {label}:");
                    out.push_str(&indent(&e.render_verdict()));
                }
            }
            Departure::Step(first) => {
                let steps = [&self.base, &self.other].map(|e| e.steps().unwrap_or_default());
                if first == 0 {
                    let _ = writeln!(out, "The traces depart at the first step.");
                } else {
                    let _ = writeln!(out, "Steps under both rulings:");
                    for (i, (a, b)) in steps[0].iter().zip(steps[1]).take(first).enumerate() {
                        // The same events so far: the same board, drawn where either draws it.
                        let step = match (&a.board, &b.board) {
                            (Some(Board::AsAtTheEnd), Some(Board::Diagram(_))) => b,
                            _ => a,
                        };
                        out.push_str(&render_step(i + 1, step));
                    }
                    let _ = writeln!(out);
                    let _ = writeln!(out, "The traces depart at step {}.", first + 1);
                }
                for (label, steps) in labels.iter().zip(steps) {
                    let _ = writeln!(out);
                    let _ = writeln!(out, "under {label}, from step {} on:", first + 1);
                    if steps.len() <= first {
                        let _ = writeln!(out, "     (no step {}: the move has ended)", first + 1);
                    }
                    for (i, step) in steps.iter().enumerate().skip(first) {
                        out.push_str(&render_step(i + 1, step));
                    }
                }
                self.render_ends(&mut out, &labels);
            }
            Departure::End => {
                let _ = writeln!(
                    out,
                    "The steps are the same under both rulings; the positions after the move differ."
                );
                self.render_ends(&mut out, &labels);
            }
        }
        out.push_str(&render_cited(self.base.ruleset, [&self.base, &self.other]));
        out
    }

    fn render_ends(&self, out: &mut String, labels: &[String; 2]) {
        for (label, e) in labels.iter().zip([&self.base, &self.other]) {
            let _ = writeln!(out);
            let _ = writeln!(out, "after, under {label}:");
            if let Verdict::Played { after, compact, .. } = &e.verdict {
                out.push_str(&indent(after));
                let _ = writeln!(out, "  {compact}");
            }
        }
    }
}
/// The cited rules as text, or nothing if none is cited.
fn render_cited<'a>(
    ruleset: Ruleset,
    explanations: impl IntoIterator<Item = &'a Explanation>,
) -> String {
    let rules = cited(ruleset, explanations);
    let mut out = String::new();
    if rules.is_empty() {
        return out;
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "rules cited (spec/{ruleset}/rules.yaml):");
    for (id, statement) in rules {
        let _ = writeln!(out, "  {id:<RULE_WIDTH$}{statement}");
    }
    out
}

/// The terminal width the text is wrapped to.
const WIDTH: usize = 100;

/// `head` then `items` joined by `, `, wrapped at [`WIDTH`] columns between items (a ruling's
/// name is never split), the lines after the first indented by two spaces; ends with a newline.
fn wrap_list(head: &str, items: &[String]) -> String {
    let mut out = String::from(head);
    let mut column = head.chars().count();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        let width = piece.chars().count();
        if i > 0 {
            if column + 1 + width > WIDTH {
                out.push_str("\n  ");
                column = 2;
            } else {
                out.push(' ');
                column += 1;
            }
        }
        out.push_str(&piece);
        column += width;
    }
    out.push('\n');
    out
}

/// An explanation as data: what `explain --format json` writes (`docs/schema/explain.json`) and
/// the Python package's `Explanation.data`. Its steps' events are the one event shape
/// ([`crate::event`]).
#[derive(Serialize)]
pub struct ExplanationData<'a> {
    ruleset: Ruleset,
    /// Where the move comes from (`game 1 of FILE, ply 7`), for a move of a record.
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<&'a str>,
    #[serde(rename = "move")]
    text: &'a str,
    mover: Side,
    /// Every ruling of the game, name to the value in force.
    rulings: BTreeMap<&'a str, &'a str>,
    /// The diagram before the move.
    before: &'a str,
    #[serde(flatten)]
    verdict: VerdictData<'a>,
}

/// What the move did, or why it is refused.
#[derive(Serialize)]
#[serde(untagged)]
enum VerdictData<'a> {
    Played {
        played: bool,
        canonical: &'a str,
        steps: Vec<StepData<'a>>,
        false_claims: Vec<FalseClaim<'a>>,
        under: Option<RuleText<'a>>,
        after: &'a str,
        compact: &'a str,
        outcome: Option<End>,
    },
    Refused {
        played: bool,
        code: &'a str,
        rule: Option<&'a str>,
        reason: &'a str,
        candidates: &'a [String],
        legal: &'a [String],
    },
}

#[derive(Serialize)]
struct StepData<'a> {
    rule: &'a str,
    text: &'a str,
    /// The board right after the step, where the explanation shows one.
    board: Option<&'a str>,
    event: &'a EventData,
}

/// What a move is played under: the rule and a sentence.
#[derive(Serialize)]
struct RuleText<'a> {
    rule: &'a str,
    text: &'a str,
}

/// A claim the move does not bear out: the rule and why.
#[derive(Serialize)]
struct FalseClaim<'a> {
    rule: &'a str,
    message: &'a str,
}

impl Explanation {
    /// The explanation as data ([`ExplanationData`]).
    pub fn data(&self) -> ExplanationData<'_> {
        let verdict = match &self.verdict {
            Verdict::Played {
                canonical,
                steps,
                false_claims,
                under,
                after,
                compact,
                end,
            } => VerdictData::Played {
                played: true,
                canonical,
                steps: steps
                    .iter()
                    .map(|s| StepData {
                        rule: s.rule,
                        text: &s.text,
                        board: match &s.board {
                            Some(Board::Diagram(d)) => Some(d),
                            Some(Board::AsAtTheEnd) => Some(after),
                            None => None,
                        },
                        event: &s.event,
                    })
                    .collect(),
                false_claims: false_claims
                    .iter()
                    .map(|(rule, message)| FalseClaim { rule, message })
                    .collect(),
                under: under.as_ref().map(|(rule, text)| RuleText { rule, text }),
                after,
                compact,
                outcome: end.as_ref().map(End::of),
            },
            Verdict::Refused {
                code,
                rule,
                reason,
                candidates,
                legal,
            } => VerdictData::Refused {
                played: false,
                code,
                rule: *rule,
                reason,
                candidates,
                legal,
            },
        };
        ExplanationData {
            ruleset: self.ruleset,
            place: self.place.as_deref(),
            text: &self.text,
            mover: self.mover,
            rulings: self
                .rulings
                .iter()
                .map(|r| (r.name, r.value.as_str()))
                .collect(),
            before: &self.before,
            verdict,
        }
    }

    /// The explanation as one JSON document (`explain --format json`).
    pub fn render_json(&self) -> String {
        to_json(&self.data())
    }
}

/// A comparison as data: the ruling compared, its two values and default, where the two
/// explanations first depart, and both explanations.
#[derive(Serialize)]
pub struct ComparisonData<'a> {
    ruling: &'a str,
    values: &'a [String; 2],
    default: &'a str,
    /// `never`, `verdict`, `end`, or the 0-based index of the first step that differs.
    departure: DepartureData,
    base: ExplanationData<'a>,
    other: ExplanationData<'a>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum DepartureData {
    Where(&'static str),
    Step(usize),
}

impl Comparison {
    /// The comparison as data ([`ComparisonData`]).
    pub fn data(&self) -> ComparisonData<'_> {
        ComparisonData {
            ruling: &self.name,
            values: &self.values,
            default: self.default,
            departure: match self.departure() {
                Departure::Never => DepartureData::Where("never"),
                Departure::Verdict => DepartureData::Where("verdict"),
                Departure::End => DepartureData::Where("end"),
                Departure::Step(i) => DepartureData::Step(i),
            },
            base: self.base.data(),
            other: self.other.data(),
        }
    }

    /// The comparison as one JSON document (`explain --compare-ruling ... --format json`).
    pub fn render_json(&self) -> String {
        to_json(&self.data())
    }
}

/// Pretty JSON and a newline: the data above holds nothing serde_json cannot write.
fn to_json<T: Serialize>(data: &T) -> String {
    let mut text = serde_json::to_string_pretty(data).expect("explanations serialize");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn long_ruling_lists_wrap_between_names() {
        let items: Vec<String> = (0..12)
            .map(|k| format!("zanzibar.ruling-number-{k}=some-value"))
            .collect();
        let text = super::wrap_list("rulings: ", &items);
        assert!(text.lines().count() > 1, "{text}");
        for line in text.lines() {
            assert!(line.chars().count() <= super::WIDTH, "{line}");
        }
        let rejoined = text.replace("\n  ", " ");
        assert_eq!(rejoined, format!("rulings: {}\n", items.join(", ")));
    }
}
