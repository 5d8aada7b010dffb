//! `check --format short`: one line per finding, `FILE:LINE:COL: code: message`, as compilers and
//! ruff print them, for editors and CI annotations. A warning's message starts `warning: `; a
//! finding of a move names it as the transcript numbers it (`move 15, south (ply 29): `); a
//! finding with no place in the text is at `1:1`. Text from the record is kept on its line, its
//! control characters escaped.

use super::LineIndex;
use crate::check::{GameReport, IoProblem};
use crate::diagnostics::Finding;
use crate::rewrite::random_game::yaml_comment as one_line;

/// The lines of one game of the file at `path` (whose text `lines` index): its warnings, then
/// its errors; nothing for a valid game without warnings.
pub fn render_game(path: &str, lines: &LineIndex<'_>, game: &GameReport) -> String {
    let mut out = String::new();
    for warning in &game.warnings {
        out.push_str(&line(path, lines, game, warning, "warning: "));
    }
    for finding in &game.findings {
        out.push_str(&line(path, lines, game, finding, ""));
    }
    out
}

/// A file or folder that could not be read: `PATH:1:1: io-error: message`.
pub fn render_io_problem(problem: &IoProblem) -> String {
    format!(
        "{}:1:1: io-error: {}\n",
        one_line(&problem.path),
        one_line(&problem.message)
    )
}

fn line(
    path: &str,
    lines: &LineIndex<'_>,
    game: &GameReport,
    finding: &Finding,
    severity: &str,
) -> String {
    let (line, column) = finding
        .span
        .map_or((1, 1), |span| lines.line_column(span.offset));
    let place = match finding.ply {
        Some(ply) => match game.move_number(ply) {
            Some(m) => format!("{m}: "),
            None => format!("ply {ply}: "),
        },
        None => String::new(),
    };
    let rule = finding.rule.map(|r| format!(" ({r})")).unwrap_or_default();
    format!(
        "{}:{line}:{column}: {}: {severity}{place}{}{rule}\n",
        one_line(path),
        finding.code,
        one_line(&finding.message)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::{Code, Span};

    #[test]
    fn one_line_per_finding_at_its_place() {
        let text = "ruleset: bao-kingulu\nmoves: [A3, A9]\n";
        let mut game = GameReport::unread(
            1,
            Some(bao_rules::Ruleset::Kingulu),
            vec![
                Finding::new(Code::IllegalMove, "`A9` is illegal:\nno")
                    .ply(2, "A9")
                    .at(Span { offset: 33, len: 2 }),
                Finding::new(Code::BadValue, "no place"),
            ],
        );
        game.first = Some(bao_rules::game::Side::South);
        let out = render_game("g.yaml", &LineIndex::new(text), &game);
        assert_eq!(
            out,
            "g.yaml:2:13: illegal-move: move 1, north (ply 2): `A9` is illegal:\\u{a}no\n\
             g.yaml:1:1: bad-value: no place\n"
        );
    }
}
