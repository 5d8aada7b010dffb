//! Human output: one miette report per finding, quoting the record with the move's exact span
//! underlined, the rule id on the underline and the help below; then `N passed, M failed`.

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, Severity, SourceCode, SourceSpan, SpanContents,
};

use crate::check::{FileReport, GameReport, IoProblem, Summary};
use crate::diagnostics::{Code, Finding, Span};
use crate::replay::Divergence;

/// How reports are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
    /// Columns to wrap at.
    pub width: usize,
}

impl Style {
    /// Uncoloured, 100 columns: the same bytes on every machine (tests, pipes, files).
    pub const PLAIN: Style = Style {
        color: false,
        width: 100,
    };
}

/// Widest stretch of a source line quoted, in characters: a move list written on one line can
/// be thousands of characters long, and only the part around the move matters.
const MAX_QUOTED: usize = 80;

/// The lines around a span, cropped to [`MAX_QUOTED`] characters around it, under the file's
/// name and with the file's line and column numbers.
struct Excerpt {
    name: String,
    text: String,
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
            let line_start = self
                .text
                .split_inclusive('\n')
                .take(self.span_line)
                .map(str::len)
                .sum::<usize>();
            let end = (line_start + inner.column()).min(self.text.len());
            self.text[line_start..end].chars().count() + self.column_shift - self.prefix
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

/// The excerpt of `text` around `span`, and the span within it. A span within one long line is
/// cropped around; a span over several lines is quoted whole.
fn excerpt(name: &str, text: &str, span: Span) -> (Excerpt, SourceSpan) {
    let offset = floor_boundary(text, span.offset.min(text.len()));
    let end = floor_boundary(text, span.end().min(text.len())).max(offset);
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    let line_of = |at: usize| starts.iter().rposition(|&s| s <= at).unwrap_or(0);
    let line = line_of(offset);
    let last_span_line = line_of(end.saturating_sub(1).max(offset));
    let first = line.saturating_sub(1);
    let last = (last_span_line + 1).min(starts.len() - 1);
    let line_text = |i: usize| -> &str {
        let stop = starts.get(i + 1).map_or(text.len(), |&s| s - 1);
        &text[starts[i]..stop.max(starts[i])]
    };
    let span_col = text[starts[line]..offset].chars().count();
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
    (
        Excerpt {
            name: name.to_string(),
            text: out,
            first_line: first,
            span_line: line - first,
            column_shift: c0,
            prefix,
        },
        SourceSpan::from(span_in),
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
    code: &'static str,
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
        Some(Box::new(self.code))
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
    GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false)
}

fn render(report: &Report, style: Style) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = handler(style).render_report(&mut out, report);
    out
}

/// Where a finding is: `path, game 2, ply 5`.
fn place(path: &str, game: &GameReport, finding: &Finding) -> String {
    let mut place = format!("{path}, game {}", game.index);
    if let Some(ply) = finding.ply {
        place.push_str(&format!(", ply {ply}"));
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
    let label_text = match &finding.rule {
        Some(rule) => format!("rule {rule}"),
        None => "here".to_string(),
    };
    let quoted = finding
        .span
        .filter(|_| !file.text.is_empty())
        .map(|span| excerpt(&file.path, &file.text, span));
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
    render(
        &Report {
            code: finding.code.as_str(),
            severity: Severity::Error,
            message,
            help: finding.help.clone(),
            label,
            source,
        },
        style,
    )
}

/// The note on a game whose legality or outcome depends on a compared ruling.
pub fn render_divergence(
    file: &FileReport,
    game: &GameReport,
    d: &Divergence,
    style: Style,
) -> String {
    let quoted = (!file.text.is_empty()).then(|| excerpt(&file.path, &file.text, d.span));
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
        &Report {
            code: "ruling-dependent",
            severity: Severity::Advice,
            message: format!(
                "{}, game {}, ply {}: `{}` depends on {}",
                file.path, game.index, d.ply, d.mv, d.ruling
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

/// The report of a file or folder that could not be read.
pub fn render_io_problem(problem: &IoProblem, style: Style) -> String {
    render(
        &Report {
            code: Code::IoError.as_str(),
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
    for game in &file.games {
        for finding in &game.findings {
            out.push_str(&render_finding(file, game, finding, style));
        }
        if let Some(Some(d)) = &game.divergence {
            out.push_str(&render_divergence(file, game, d, style));
        }
    }
    out
}

/// The closing line: `N passed, M failed` (games).
pub fn summary_line(summary: &Summary) -> String {
    let mut line = format!("{} passed, {} failed", summary.valid, summary.invalid);
    if summary.io_errors > 0 {
        line.push_str(&format!(
            " ({} file(s) or folder(s) could not be read)",
            summary.io_errors
        ));
    }
    line
}
