//! Human output: one miette report per finding, quoting the record with the move's exact span
//! underlined, the rule id on the underline and the help below; then `N passed, M failed`.

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, Severity, SourceCode, SourceSpan, SpanContents,
};

use crate::check::infer::{Combination, Inference};
use crate::check::repair::{Edit, Repair, Suggestion};
use crate::check::replay::Divergence;
use crate::check::rulings_table::{Decider, GameRef, Part};
use crate::check::{FileReport, GameReport, IoProblem};
use crate::diagnostics::{Code, Finding, MoveNumber, Span};
use crate::render::{LineIndex, escape_controls, escaped_len};

/// How reports are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
    /// Columns to wrap at.
    pub width: usize,
    /// Warnings are counted in the closing line, not shown (`check --quiet`): the errors alone.
    pub quiet: bool,
}

impl Style {
    /// Uncoloured, 100 columns: the same bytes on every machine (tests, pipes, files).
    pub const PLAIN: Style = Style {
        color: false,
        width: 100,
        quiet: false,
    };
}

/// Widest stretch of a source line quoted, in characters: a move list written on one line can
/// be thousands of characters long, and only the part around the move matters.
const MAX_QUOTED: usize = 80;

/// The lines around a span, cropped to [`MAX_QUOTED`] characters around it, under the file's
/// name and with the file's line and column numbers. Control characters are shown escaped.
struct Excerpt {
    name: String,
    /// The quoted lines, escaped: what miette draws.
    text: String,
    /// The same lines as in the file (before escaping), for the column of the header.
    raw: String,
    /// 0-based line of the file where `text` starts.
    first_line: usize,
    /// 0-based line of `text` holding the span, and the file column of its first character.
    span_line: usize,
    column_shift: usize,
    /// Characters added before the cropped text of each line (`…`).
    prefix: usize,
}

impl SourceCode for Excerpt {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let inner = self.text.read_span(span, before, after)?;
        // miette counts columns in bytes of the excerpt; the header shows the file's column in
        // characters, as the JSON report does.
        let column = if inner.line() == self.span_line && inner.column() > 0 {
            let line_start = |text: &str| {
                text.split_inclusive('\n')
                    .take(self.span_line)
                    .map(str::len)
                    .sum::<usize>()
            };
            let escaped_at = (line_start(&self.text) + inner.column()).min(self.text.len());
            let raw_start = line_start(&self.raw);
            let end = unescaped_offset(&self.raw, escaped_at).max(raw_start);
            self.raw[raw_start..end].chars().count() + self.column_shift - self.prefix
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.first_line,
            column,
            inner.line_count(),
        )))
    }
}

/// The byte of `raw` that byte `escaped` of its escaped form stands for.
fn unescaped_offset(raw: &str, escaped: usize) -> usize {
    let mut seen = 0;
    for (i, c) in raw.char_indices() {
        if seen >= escaped {
            return i;
        }
        seen += escaped_len(raw, i, c);
    }
    raw.len()
}

/// The byte of the escaped form of `raw` where its byte `at` lands.
fn escaped_offset(raw: &str, at: usize) -> usize {
    raw.char_indices()
        .take_while(|&(i, _)| i < at)
        .map(|(i, c)| escaped_len(raw, i, c))
        .sum()
}

/// The excerpt of `text` around `span`, and the span within it. A span within one long line is
/// cropped around; a span over several lines is quoted whole. `lines` indexes `text`.
fn excerpt(name: &str, text: &str, lines: &LineIndex<'_>, span: Span) -> (Excerpt, SourceSpan) {
    let offset = floor_boundary(text, span.offset.min(text.len()));
    let end = floor_boundary(text, span.end().min(text.len())).max(offset);
    let line = lines.line_of(offset);
    let last_span_line = lines.line_of(end.saturating_sub(1).max(offset));
    let first = line.saturating_sub(1);
    let last = (last_span_line + 1).min(lines.last_line());
    let line_text = |i: usize| -> &str {
        let start = lines.start(i);
        let stop = if i < lines.last_line() {
            lines.start(i + 1) - 1
        } else {
            text.len()
        };
        &text[start..stop.max(start)]
    };
    let span_col = text[lines.start(line)..offset].chars().count();
    let crop = last_span_line == line && line_text(line).chars().count() > MAX_QUOTED;
    let (c0, c1) = if crop {
        let span_chars = text[offset..end].chars().count().max(1);
        let c0 = span_col.saturating_sub(MAX_QUOTED / 3);
        (c0, c0 + MAX_QUOTED.max(span_chars + MAX_QUOTED / 3))
    } else {
        (0, usize::MAX)
    };
    let prefix = usize::from(crop && c0 > 0);
    let cropped = |l: &str| -> String {
        if !crop {
            // A long context line is cut at the right edge.
            if l.chars().count() > MAX_QUOTED {
                let mut s: String = l.chars().take(MAX_QUOTED).collect();
                s.push('…');
                return s;
            }
            return l.to_string();
        }
        let n = l.chars().count();
        let mut s = String::new();
        if c0 > 0 {
            s.push('…');
        }
        s.extend(l.chars().skip(c0).take(c1 - c0));
        if n > c1 {
            s.push('…');
        }
        s
    };
    let mut out = String::new();
    let mut span_in = (0, 0);
    for i in first..=last {
        let l = line_text(i);
        if i == line {
            let shown = if crop { cropped(l) } else { l.to_string() };
            // The span starts `span_col - c0` characters into the window, after the prefix.
            let before: usize = shown
                .chars()
                .take(prefix + span_col - c0)
                .map(char::len_utf8)
                .sum();
            let start = out.len() + before;
            let len = if crop {
                let visible: usize = shown[before..]
                    .chars()
                    .take(text[offset..end].chars().count())
                    .map(char::len_utf8)
                    .sum();
                visible
            } else {
                end - offset
            };
            span_in = (start, len);
            out.push_str(&shown);
        } else if i > line && i <= last_span_line {
            // Inside a span over several lines: quoted whole, or the span would not fit.
            out.push_str(l);
        } else {
            out.push_str(&cropped(l));
        }
        out.push('\n');
    }
    // Escape the quoted lines, and move the span with its text.
    let escaped = escape_controls(&out).into_owned();
    let span_start = escaped_offset(&out, span_in.0);
    let span_end = escaped_offset(&out, span_in.0 + span_in.1);
    (
        Excerpt {
            name: escape_controls(name).into_owned(),
            text: escaped,
            raw: out,
            first_line: first,
            span_line: line - first,
            column_shift: c0,
            prefix,
        },
        SourceSpan::from((span_start, span_end - span_start)),
    )
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// One report.
struct Report {
    code: String,
    severity: Severity,
    message: String,
    help: Option<String>,
    label: Option<LabeledSpan>,
    source: Option<Excerpt>,
}

impl fmt::Debug for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl Diagnostic for Report {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(&self.code))
    }
    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source.as_ref().map(|s| s as &dyn SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.label
            .clone()
            .map(|l| Box::new(std::iter::once(l)) as Box<dyn Iterator<Item = LabeledSpan>>)
    }
}

fn handler(style: Style) -> GraphicalReportHandler {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    // Lines break at spaces only: a rule id, ruleset, ruling name or path is never split at its
    // hyphens or slashes (one longer than the line runs past it).
    GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false)
        .with_break_words(false)
        .with_word_separator(textwrap::WordSeparator::AsciiSpace)
        .with_word_splitter(textwrap::WordSplitter::NoHyphenation)
}

fn render(mut report: Report, style: Style) -> String {
    // Text from the record or the command line, shown escaped.
    report.message = escape_controls(&report.message).into_owned();
    report.help = report.help.map(|h| escape_controls(&h).into_owned());
    report.label = report.label.map(|l| {
        let text = l.label().map(|t| escape_controls(t).into_owned());
        LabeledSpan::new_primary_with_span(text, *l.inner())
    });
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = handler(style).render_report(&mut out, &report);
    out
}

/// Where a finding is: `path, game 2, move 3, south (ply 5)`, as the transcript numbers it (the
/// ply alone when who moved first is not known).
fn place(path: &str, game: &GameReport, finding: &Finding) -> String {
    let mut place = format!("{path}, game {}", game.index);
    if let Some(ply) = finding.ply {
        match game.move_number(ply) {
            Some(m) => place.push_str(&format!(", {m}")),
            None => place.push_str(&format!(", ply {ply}")),
        }
    }
    place
}

/// The report of one finding of a game of `file`.
pub fn render_finding(
    file: &FileReport,
    game: &GameReport,
    finding: &Finding,
    style: Style,
) -> String {
    finding_report(
        file,
        &LineIndex::new(&file.text),
        game,
        finding,
        Severity::Error,
        style,
    )
}

/// [`render_finding`] with the file's lines indexed once for all its reports; a warning
/// (`Severity::Warning`) is headed `warning[code]`, as compilers write one.
fn finding_report(
    file: &FileReport,
    lines: &LineIndex<'_>,
    game: &GameReport,
    finding: &Finding,
    severity: Severity,
    style: Style,
) -> String {
    let label_text = match &finding.rule {
        Some(rule) => format!("rule {rule}"),
        None => "here".to_string(),
    };
    let quoted = finding
        .span
        .filter(|_| !file.text.is_empty())
        .map(|span| excerpt(&file.path, &file.text, lines, span));
    let mut message = format!("{}: {}", place(&file.path, game, finding), finding.message);
    if quoted.is_none()
        && let Some(rule) = &finding.rule
    {
        message.push_str(&format!(" ({rule})"));
    }
    let (source, label) = match quoted {
        Some((source, span)) => (
            Some(source),
            Some(LabeledSpan::new_primary_with_span(Some(label_text), span)),
        ),
        None => (None, None),
    };
    // The repairs first: what was most likely meant, then the legal moves there.
    let help = match &game.repair {
        Some(repair)
            if game.repaired(finding) && (!repair.suggestions.is_empty() || repair.exhausted) =>
        {
            let mut lines = repair_help(game, repair);
            lines.extend(finding.help.clone());
            Some(lines.join("\n"))
        }
        _ => finding.help.clone(),
    };
    let code = match severity {
        Severity::Warning => format!("warning[{}]", finding.code),
        _ => finding.code.as_str().to_string(),
    };
    render(
        Report {
            code,
            severity,
            message,
            help,
            label,
            source,
        },
        style,
    )
}

/// One line per repair suggestion, best first (after a line saying so where the best tie: none
/// is most likely), and a line if the search ran out of budget.
fn repair_help(game: &GameReport, repair: &Repair) -> Vec<String> {
    let ambiguous = repair.ambiguous();
    let mut lines = Vec::new();
    if ambiguous > 0 {
        lines.push(format!(
            "ambiguous: {ambiguous} candidates, which nothing after the edit tells apart \
             (`repair` leaves the move as written):"
        ));
    }
    lines.extend(
        repair
            .suggestions
            .iter()
            .zip(&repair.spelled)
            .enumerate()
            .map(|(k, (s, spelled))| {
                format!(
                    "{} {}: with it {}",
                    match k {
                        0 if ambiguous > 0 => "either",
                        0 => "most likely",
                        k if k >= ambiguous && ambiguous > 0 => "less likely",
                        _ => "or",
                    },
                    edit_words(game, s, spelled, repair.ply),
                    replay_words(s, game.recorded_plies as u32, repair.result_claimed)
                )
            }),
    );
    if repair.exhausted {
        lines.push(format!(
            "the repair search ran out of its budget after {} moves tried: edits further from \
             {} may be missing",
            repair.nodes,
            numbered(game, repair.ply)
        ));
    }
    lines
}

/// `move 3, south (ply 5)` as the rest of the report names a ply (`ply 5` when who moved first
/// is not known).
fn numbered(game: &GameReport, ply: u32) -> String {
    MoveNumber::words(ply, game.first)
}

/// `A7<` (at the failing ply), `A7< at move 2, north (ply 4), written A7>`, `insert A7< before
/// move 3, south (ply 5)`, `add A7< as move 5, south (ply 9)` (after the last), `delete A7> at
/// move 3, south (ply 5)`, `swap a3 at move 3, south (ply 5) and A4 after it`.
fn edit_words(game: &GameReport, s: &Suggestion, spelled: &[String], failed: u32) -> String {
    // The record's own notation first where it is not the canonical one: `b7R (b7>)`.
    let new = |i: usize| match spelled.get(i) {
        Some(w) if *w != s.moves[i] => format!("{w} ({})", s.moves[i]),
        _ => s.moves[i].clone(),
    };
    let at = numbered(game, s.ply);
    match s.edit {
        Edit::Replace if s.ply == failed => new(0),
        Edit::Replace => format!("{} at {at}, written {}", new(0), s.was[0]),
        Edit::Insert if s.ply > game.recorded_plies as u32 => format!("add {} as {at}", new(0)),
        Edit::Insert => format!("insert {} before {at}", new(0)),
        Edit::Delete => format!("delete {} at {at}", s.was[0]),
        Edit::Swap => format!("swap {} at {at} and {} after it", s.was[0], s.was[1]),
    }
}

/// `the remaining 6 plies replay and the game ends as recorded`, `2 of the remaining 6 plies
/// replay`.
fn replay_words(s: &Suggestion, recorded: u32, result_claimed: bool) -> String {
    let remaining = s.remaining(recorded);
    let the_rest = |n: u32| match n {
        1 => "the remaining ply replays".to_string(),
        n => format!("the remaining {n} plies replay"),
    };
    let ends = if result_claimed {
        " and the game ends as recorded"
    } else {
        ""
    };
    match (s.complete, remaining) {
        (true, 0) if result_claimed => "the game ends as recorded".to_string(),
        (true, 0) => "the record replays to its end".to_string(),
        (true, n) => format!("{}{ends}", the_rest(n)),
        (false, n) if s.replays == n => {
            format!(
                "{}, but not as recorded (a claim or the result)",
                the_rest(n)
            )
        }
        (false, 1) => "the remaining ply does not replay".to_string(),
        (false, n) if s.replays == 0 => format!("none of the remaining {n} plies replays"),
        (false, n) => format!("{} of the remaining {n} plies replay", s.replays),
    }
}

/// The note on a game whose legality or outcome depends on a compared ruling.
pub fn render_divergence(
    file: &FileReport,
    game: &GameReport,
    d: &Divergence,
    style: Style,
) -> String {
    divergence_report(file, &LineIndex::new(&file.text), game, d, style)
}

/// [`render_divergence`] with the file's lines indexed once for all its reports.
fn divergence_report(
    file: &FileReport,
    lines: &LineIndex<'_>,
    game: &GameReport,
    d: &Divergence,
    style: Style,
) -> String {
    let quoted = (!file.text.is_empty()).then(|| excerpt(&file.path, &file.text, lines, d.span));
    let (source, label) = match quoted {
        Some((source, span)) => (
            Some(source),
            Some(LabeledSpan::new_primary_with_span(
                Some(format!("{}: {} or {}", d.ruling, d.values[0], d.values[1])),
                span,
            )),
        ),
        None => (None, None),
    };
    render(
        Report {
            code: "ruling-dependent".to_string(),
            severity: Severity::Advice,
            message: format!(
                "{}, game {}, {}: `{}` depends on {}",
                file.path,
                game.index,
                numbered(game, d.ply),
                d.mv,
                d.ruling
            ),
            help: Some(format!(
                "with {}={}: {}\nwith {}={}: {}",
                d.ruling, d.values[0], d.outcomes[0], d.ruling, d.values[1], d.outcomes[1]
            )),
            label,
            source,
        },
        style,
    )
}

/// `check --infer-rulings`'s closing table ([`Part`]s): per ruling, the values games rule out
/// (each game with the move and rule that rule it out) and the games silent on it.
pub fn render_rulings_table(parts: &[Part]) -> String {
    let mut out = String::new();
    for part in parts {
        out.push_str(&format!(
            "Which games decide which ruling: {} game(s) of {}{} valid under some rulings\n",
            part.games,
            part.ruleset,
            if part.folder.is_empty() {
                String::new()
            } else {
                format!(" in {}", part.folder)
            }
        ));
        for ruling in &part.rulings {
            let head = format!("  {} (default {})", ruling.name, ruling.default);
            if ruling.ruled_out.is_empty() {
                out.push_str(&format!("{head}: no game rules a value out\n"));
                continue;
            }
            out.push_str(&format!("{head}:\n"));
            for (value, by) in &ruling.ruled_out {
                let by: Vec<String> = by.iter().map(|d| decider_words(part, d)).collect();
                out.push_str(&format!("    `{value}` ruled out by {}\n", by.join(", ")));
            }
            if !ruling.silent.is_empty() {
                let silent: Vec<String> = ruling.silent.iter().map(|g| short(part, g)).collect();
                out.push_str(&format!("    silent: {}\n", silent.join(", ")));
            }
        }
        for (game, why) in &part.apart {
            out.push_str(&format!("  not counted: {} ({why})\n", short(part, game)));
        }
    }
    // Paths and rule texts come from the command line and the files.
    escape_controls(&out).into_owned()
}

/// A game as the table names it: its path after the folder all share (`game7.bao, game 2`).
fn short(part: &Part, game: &GameRef) -> String {
    let name = game.to_string();
    name.strip_prefix(&part.folder).unwrap_or(&name).to_string()
}

/// `game7.bao (move 25, north (ply 50): illegal-move ZAN-A13)`.
fn decider_words(part: &Part, d: &Decider) -> String {
    match &d.at {
        Some(at) => {
            let place = match (at.number, at.ply) {
                (Some(m), _) => format!("{m}: "),
                (None, Some(ply)) => format!("ply {ply}: "),
                (None, None) => String::new(),
            };
            let rule = at.rule.map_or(String::new(), |rule| format!(" {rule}"));
            format!("{} ({place}{}{rule})", short(part, &d.game), at.code)
        }
        None => format!("{} (no single ply)", short(part, &d.game)),
    }
}

/// The report of a file or folder that could not be read.
pub fn render_io_problem(problem: &IoProblem, style: Style) -> String {
    render(
        Report {
            code: Code::IoError.as_str().to_string(),
            severity: Severity::Error,
            message: format!("{}: {}", problem.path, problem.message),
            help: None,
            label: None,
            source: None,
        },
        style,
    )
}

/// Every report of one file, in order: each invalid game's findings, then compare notes.
pub fn render_file(file: &FileReport, style: Style) -> String {
    let mut out = String::new();
    if !file.games.iter().any(reported) {
        return out;
    }
    let lines = LineIndex::new(&file.text);
    for game in &file.games {
        out.push_str(&render_game(file, &lines, game, style));
    }
    out
}

/// Whether a game has anything to report: findings, warnings, or a compare note.
fn reported(game: &GameReport) -> bool {
    !game.findings.is_empty()
        || !game.warnings.is_empty()
        || matches!(game.divergence, Some(Some(_)))
}

/// The reports of one game of `file` (whose text `lines` index): its warnings (unless
/// [`Style::quiet`]), its findings, then its compare note; nothing for a valid game without
/// warnings. `check` writes each game's as it comes.
pub fn render_game(
    file: &FileReport,
    lines: &LineIndex<'_>,
    game: &GameReport,
    style: Style,
) -> String {
    let mut out = String::new();
    for warning in game.warnings.iter().filter(|_| !style.quiet) {
        out.push_str(&finding_report(
            file,
            lines,
            game,
            warning,
            Severity::Warning,
            style,
        ));
    }
    for finding in &game.findings {
        out.push_str(&finding_report(
            file,
            lines,
            game,
            finding,
            Severity::Error,
            style,
        ));
    }
    if let Some(Some(d)) = &game.divergence {
        out.push_str(&divergence_report(file, lines, game, d, style));
    }
    out
}

/// `--infer-rulings`: one short block per game of `file`, after its reports.
pub fn render_inferences(file: &FileReport) -> String {
    let mut out = String::new();
    for game in &file.games {
        out.push_str(&render_inference(&file.path, game));
    }
    out
}

/// `--infer-rulings`: the block of one game of the file at `path`.
pub fn render_inference(path: &str, game: &GameReport) -> String {
    let place = format!("{path}, game {}", game.index);
    match &game.inference {
        None => format!(
            "{place}: rulings not inferred: the record could not be read, or names no ruleset the \
             oracle knows\n"
        ),
        Some(inference) => inference_block(&place, game, inference),
    }
}

/// A combination in a few words: its presets, or the rulings it sets off their defaults.
fn describe_combination(inference: &Inference, combination: &Combination) -> String {
    if !combination.presets.is_empty() {
        return format!("preset {}", combination.presets.join(" = "));
    }
    let changed = combination.non_default(inference.defs);
    if changed.is_empty() {
        "the default rulings".to_string()
    } else {
        format!("{}, the others default", changed.join(", "))
    }
}

fn inference_block(place: &str, game: &GameReport, inference: &Inference) -> String {
    let (n, m) = (inference.consistent, inference.combinations);
    let mut out = if m == 1 {
        let verdict = if n == 1 { "consistent" } else { "inconsistent" };
        format!(
            "{place}: {verdict} with its only ruling combination (no ruling of the game has a \
             choice of values)\n"
        )
    } else if n == 0 {
        format!("{place}: consistent with none of its {m} ruling combinations\n")
    } else {
        let presets = if inference.presets.is_empty() {
            "none".to_string()
        } else {
            inference.presets.join(", ")
        };
        let count = if n == m {
            format!("every one of its {m} ruling combinations")
        } else {
            format!("{n} of {m} ruling combinations")
        };
        format!("{place}: consistent with {count}; presets: {presets}\n")
    };
    if m > 1 && n > 0 && n < m {
        match &inference.product {
            Some(held) => {
                let held: Vec<String> = held
                    .iter()
                    .map(|(name, values)| format!("{name}={}", values.join("|")))
                    .collect();
                out.push_str(&format!(
                    "  they are those with {}, whatever the other rulings\n",
                    held.join(", ")
                ));
            }
            None if n as usize <= 4 && inference.listed.len() as u64 == n => {
                for c in &inference.listed {
                    out.push_str(&format!("  - {}\n", describe_combination(inference, c)));
                }
            }
            None => {}
        }
    }
    if let Some(furthest) = &inference.furthest {
        out.push_str(&format!(
            "  furthest: {} of {} plies, under {} ({} combination(s) reach as far)\n",
            furthest.plies,
            game.recorded_plies,
            describe_combination(inference, &furthest.combination),
            furthest.reaching
        ));
        if let Some(f) = &furthest.finding {
            let at = f
                .ply
                .map(|p| format!("{}: ", numbered(game, p)))
                .unwrap_or_default();
            out.push_str(&format!(
                "  there: {at}{} [{}]\n",
                f.message,
                f.code.as_str()
            ));
        }
    }
    match &inference.declared {
        Some((declared, consistent)) if m > 1 && n > 0 => out.push_str(&format!(
            "  the rulings it is checked under ({}) are {}\n",
            describe_combination(inference, declared),
            if *consistent {
                "among them"
            } else {
                "not among them"
            }
        )),
        Some(_) => {}
        None => out
            .push_str("  the rulings it names make no combination of its game (see its errors)\n"),
    }
    if let Some(ply) = inference.exhausted_at {
        let at = if ply == 0 {
            "before the first move".to_string()
        } else {
            format!("at {}", numbered(game, ply))
        };
        out.push_str(&format!(
            "  the inference stopped {at}: its budget of {} moves is spent, {} combination(s) \
             undecided\n",
            inference.budget, inference.undecided
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 18.4: a narrow report breaks lines between words, never inside a name at its hyphens.
    #[test]
    fn wrapping_never_splits_a_name() {
        let names = [
            "bao-la-kete",
            "KIN-10",
            "kingulu.penultimate-source=not-from-reserved",
            "KETE-15",
            "records/bao-la-kiswahili/1994-game.yaml",
        ];
        let problem = IoProblem {
            path: names[4].to_string(),
            message: format!(
                "{} and {} under {}, see {}",
                names[0], names[1], names[2], names[3]
            ),
        };
        for width in [20, 30, 45, 60] {
            let shown = render_io_problem(
                &problem,
                Style {
                    color: false,
                    width,
                    quiet: false,
                },
            );
            for name in names {
                assert!(shown.contains(name), "{name} at width {width}:\n{shown}");
            }
        }
    }
}
