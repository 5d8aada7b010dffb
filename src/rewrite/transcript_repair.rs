//! `repair` of a published transcript: the transcript with the best complete repair applied (where
//! the transcript bears it out: [`Verdict`]), in
//! its own notation, each changed ply marked by a `%` comment line before its move line. The
//! headers, the comments and every move line the repair does not touch stay byte for byte; an
//! insertion or a deletion shifts South and North from the edited ply on, so those move lines are
//! written anew (`n: SOUTH NORTH;`, their comments after the `;` kept with their number).

use std::fmt::Write as _;

use crate::check::check_text;
use crate::check::repair::{Edit, Verdict};
use crate::check::replay::{self, ReplayOptions};
use crate::diagnostics::MoveNumber;
use crate::input::transcript::as_record;
use crate::input::transcript::{self, Transcript};
use crate::rewrite::repair::ambiguous_words;

/// What `repair` made of a transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Repaired {
    /// The transcript plays as written: nothing to repair.
    Valid,
    /// The repaired transcript, which `check` finds valid.
    Text(String),
    /// Why it is left as written.
    Left(String),
    /// Left as written: its best repairs tie, and why ([`ambiguous_words`]).
    Ambiguous(String),
}

/// Repairs `text`, a transcript, under `options` (its rulings and repair window).
pub fn repair(text: &str, options: &ReplayOptions) -> Repaired {
    let t = match transcript::parse(text) {
        Ok(t) => t,
        Err(findings) => {
            return Repaired::Left(format!(
                "the transcript cannot be read ({})",
                findings
                    .first()
                    .map_or(String::new(), |f| f.message.clone())
            ));
        }
    };
    let record = match as_record(&t, None, "transcript") {
        Ok(record) => record,
        Err(finding) => {
            return Repaired::Left(format!(
                "the transcript cannot be read ({})",
                finding.message
            ));
        }
    };
    let replayed = replay::replay(&record, options);
    if replayed.findings.is_empty() {
        return Repaired::Valid;
    }
    let verdict = replayed.repair.as_ref().map(|r| (r, r.verdict()));
    if let Some((r, Verdict::Ambiguous(n))) = verdict {
        return Repaired::Ambiguous(ambiguous_words(r, n, replayed.first));
    }
    let Some((_, Verdict::BorneOut(s, spelled))) = verdict else {
        return Repaired::Left(match &replayed.repair {
            Some(r) => format!(
                "no edit at {} or up to {} plies before it makes the whole game replay",
                MoveNumber::words(r.ply, replayed.first),
                r.window
            ),
            None => "its errors are not a move's".to_string(),
        });
    };
    let mut plies: Vec<String> = t.plies.iter().map(|p| p.written.clone()).collect();
    let at = s.ply as usize - 1;
    let words = MoveNumber::words(s.ply, replayed.first);
    let marks: Vec<(usize, String)> = match s.edit {
        Edit::Replace => {
            plies[at] = spelled[0].clone();
            vec![(
                at,
                format!("{words}: written {}, read {}", s.was[0], spelled[0]),
            )]
        }
        Edit::Swap => {
            plies.swap(at, at + 1);
            vec![(
                at,
                format!(
                    "{words} and the ply after it swapped: written {} {}",
                    s.was[0], s.was[1]
                ),
            )]
        }
        Edit::Insert => {
            plies.insert(at, spelled[0].clone());
            vec![(at, format!("{words}: {} inserted", spelled[0]))]
        }
        Edit::Delete => {
            plies.remove(at);
            vec![(at, format!("{words} ({}) deleted", s.was[0]))]
        }
    };
    let output = match s.edit {
        Edit::Replace | Edit::Swap => by_spans(text, &t, s.ply as usize - 1, &plies, &marks),
        Edit::Insert | Edit::Delete => from_ply(text, &t, at, &plies, &marks),
    };
    // The repair proves itself: the output is a transcript `check` finds valid.
    let checked = check_text(
        &output,
        &ReplayOptions {
            repair_window: 0,
            ..options.clone()
        },
    );
    if crate::input::form_of(&output) == crate::input::Form::Transcript
        && checked.iter().all(|g| g.valid())
    {
        Repaired::Text(output)
    } else {
        Repaired::Left("the repaired transcript does not check valid".to_string())
    }
}

fn newline(text: &str) -> &'static str {
    if text.contains("\r\n") { "\r\n" } else { "\n" }
}

/// The byte offset where the line holding `offset` starts.
fn line_start(text: &str, offset: usize) -> usize {
    text[..offset].rfind('\n').map_or(0, |i| i + 1)
}

fn mark_line(mark: &str, nl: &str) -> String {
    let mark: String = mark
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    format!("% repair: {mark}{nl}")
}

/// Replace and swap: the changed plies rewritten where they stand, a mark before their line.
fn by_spans(
    text: &str,
    t: &Transcript,
    first: usize,
    plies: &[String],
    marks: &[(usize, String)],
) -> String {
    let nl = newline(text);
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for (i, ply) in t.plies.iter().enumerate().skip(first).take(2) {
        if plies[i] != ply.written {
            edits.push((ply.span.offset, ply.span.end(), plies[i].clone()));
        }
    }
    for (i, mark) in marks {
        let start = line_start(text, t.plies[*i].span.offset);
        edits.push((start, start, mark_line(mark, nl)));
    }
    edits.sort_by_key(|e| (e.0, e.1));
    let mut out = String::with_capacity(text.len() + 64);
    let mut pos = 0;
    for (from, to, new) in edits {
        out.push_str(&text[pos..from]);
        out.push_str(&new);
        pos = to;
    }
    out.push_str(&text[pos..]);
    out
}

/// Insert and delete: the text before the edited ply's move line kept, the move lines from there
/// written anew from `plies`, the whole-line comments after it kept in their order.
fn from_ply(
    text: &str,
    t: &Transcript,
    at: usize,
    plies: &[String],
    marks: &[(usize, String)],
) -> String {
    let nl = newline(text);
    let line_of = |i: usize| t.plies.get(i).map(|p| p.span.offset);
    // Start at the move line of the edited ply (South's ply of its number).
    let first = at - at % 2;
    let cut = line_of(first).map_or(text.len(), |o| line_start(text, o));
    let mut out = text[..cut].to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push_str(nl);
    }
    let comment_of = |number: usize| {
        t.plies
            .iter()
            .find(|p| p.number as usize == number && p.comment.is_some())
            .and_then(|p| p.comment.clone())
    };
    for (k, pair) in plies[first..].chunks(2).enumerate() {
        let i = first + 2 * k;
        for c in t
            .comments
            .iter()
            .filter(|c| i > first && c.before_ply == i && c.before_ply < t.plies.len())
        {
            let _ = write!(out, "{}{nl}", c.text);
        }
        for (_, mark) in marks.iter().filter(|(m, _)| *m == i || *m == i + 1) {
            out.push_str(&mark_line(mark, nl));
        }
        let number = i / 2 + 1;
        let _ = write!(out, "{number}: {}", pair.join(" "));
        out.push(';');
        if let Some(comment) = comment_of(number) {
            let _ = write!(out, " {comment}");
        }
        out.push_str(nl);
    }
    // Comments after the last ply.
    for c in t.comments.iter().filter(|c| c.before_ply >= t.plies.len()) {
        let _ = write!(out, "{}{nl}", c.text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 30: a Bao la Kete transcript is repaired as a game of Bao la Kete, its `game:`
    /// (`generate bao-la-kete --seed 115`: North's `5R>` at move 4 is Kete's house decision, no
    /// move of Bao la Kiswahili's).
    #[test]
    fn a_kete_transcript_is_repaired_as_kete() {
        let text = "game: bao-la-kete;\n1: 6R* 6R*;\n2: 7R* 8R*;\n3: 8R* 7R*;\n4: 5L* 5R>;\n\
                    5: 3R 1;\n6: 3L 7;\n";
        assert!(check_text(text, &ReplayOptions::default())[0].valid());
        let kiswahili = text.replace("game: bao-la-kete;\n", "");
        assert!(!check_text(&kiswahili, &ReplayOptions::default())[0].valid());
        let broken = text.replace("5: 3R 1;", "5: 3R 9;");
        let Repaired::Text(out) = repair(&broken, &ReplayOptions::default()) else {
            panic!("not repaired");
        };
        assert!(out.contains("\n5: 3R 1;\n"), "{out}");
    }

    #[test]
    fn a_replaced_ply_is_rewritten_in_place_and_marked() {
        let text = "south: A;\r\nnorth: B;\r\n1: 6L* 5L;\r\n2: 3L 7;\r\n3: 1 5R;\r\n4: 2 8;\r\n";
        let broken = text.replace("2: 3L 7;", "2: 3R 7;");
        // 3R is no legal move there; 3L is: the repair names it in the transcript's notation.
        let Repaired::Text(out) = repair(&broken, &ReplayOptions::default()) else {
            panic!("not repaired");
        };
        assert_eq!(
            out,
            text.replace(
                "2: 3L 7;",
                "% repair: move 2, south (ply 3): written 3R, read 3L\r\n2: 3L 7;"
            )
        );
        assert_eq!(repair(text, &ReplayOptions::default()), Repaired::Valid);
    }

    #[test]
    fn an_inserted_ply_rewrites_the_lines_after_it_and_keeps_the_comments() {
        let text = "south: A;\nnorth: B;\n1: 6L* 3L;\n% note\n2: 7 1;\n3: 5R 2;\n4: 8;\n";
        let Repaired::Text(out) = repair(text, &ReplayOptions::default()) else {
            panic!("not repaired");
        };
        assert_eq!(
            out,
            "south: A;\nnorth: B;\n% repair: move 1, north (ply 2): 5L inserted\n1: 6L* 5L;\n% note\n\
             2: 3L 7;\n3: 1 5R;\n4: 2 8;\n"
        );
    }
}
