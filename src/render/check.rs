//! `check`'s reporters: one [`Reporter`] per output format, each writing a game's report as it
//! comes ([`crate::check::run`] decides what is reported; these only say it). The command line
//! and the Python package pick one and hand it to the check.

use super::{html, json, short, summary_line};
use crate::check::run::{Outcome, Reporter};
use crate::check::timeline::Step;
use crate::check::{FileReport, GameReport, IoProblem};
use crate::diagnostics::LineIndex;

/// Where a reporter's text goes: a `String`, or a command's standard output.
pub trait Text {
    /// Appends `text`.
    fn text(&mut self, text: &str);

    /// Whether text can no longer be delivered (the check then stops).
    fn failed(&self) -> bool {
        false
    }
}

impl Text for String {
    fn text(&mut self, text: &str) {
        self.push_str(text);
    }
}

/// The versioned JSON report of docs/json-report.md, written as it comes (one game's report in
/// memory at a time).
pub struct Json<'o> {
    out: &'o mut dyn Text,
    writer: json::Writer,
}

impl<'o> Json<'o> {
    /// The report's opening is written at once.
    pub fn new(out: &'o mut dyn Text) -> Json<'o> {
        let mut writer = json::Writer::new(true);
        out.text(&writer.start());
        Json { out, writer }
    }
}

impl Reporter for Json<'_> {
    fn file(&mut self, file: &FileReport) {
        self.out.text(&self.writer.file(&file.path));
    }

    fn game(&mut self, _file: &FileReport, lines: &LineIndex<'_>, game: &GameReport) {
        self.out.text(&self.writer.game(lines, game));
    }

    fn end_file(&mut self, _file: &FileReport) {
        self.out.text(&self.writer.end_file());
    }

    fn finish(&mut self, outcome: &Outcome) {
        let close = self.writer.finish_with_table(
            &outcome.summary,
            &outcome.problems,
            outcome.table.as_deref(),
        );
        self.out.text(&close);
    }

    fn stopped(&self) -> bool {
        self.out.failed()
    }
}

/// The JSON report of a check as one string: what [`Json`] writes.
pub fn json_report(check: impl FnOnce(&mut dyn Reporter) -> Outcome) -> (String, Outcome) {
    let mut out = String::new();
    let outcome = check(&mut Json::new(&mut out));
    (out, outcome)
}

/// The JSON report and the HTML page of one check (one replay of each game feeding both): the
/// Python package draws a report's page from the same check as its JSON, to tell whether the
/// files changed in between.
pub fn json_and_html_report(
    check: impl FnOnce(&mut dyn Reporter) -> Outcome,
) -> (String, String, Outcome) {
    let (mut json, mut page) = (String::new(), String::new());
    let outcome = check(&mut Both(
        &mut Json::new(&mut json),
        &mut Html::new(&mut page),
    ));
    (json, page, outcome)
}

/// Two reporters fed by one check; the boards go to those that want them.
struct Both<'r>(&'r mut dyn Reporter, &'r mut dyn Reporter);

impl Reporter for Both<'_> {
    fn wants_steps(&self) -> bool {
        self.0.wants_steps() || self.1.wants_steps()
    }

    fn step(&mut self, step: Step) {
        match (self.0.wants_steps(), self.1.wants_steps()) {
            (true, true) => {
                self.0.step(step.clone());
                self.1.step(step);
            }
            (true, false) => self.0.step(step),
            (false, true) => self.1.step(step),
            (false, false) => {}
        }
    }

    fn unread(&mut self, problem: &IoProblem) {
        self.0.unread(problem);
        self.1.unread(problem);
    }

    fn file(&mut self, file: &FileReport) {
        self.0.file(file);
        self.1.file(file);
    }

    fn game(&mut self, file: &FileReport, lines: &LineIndex<'_>, game: &GameReport) {
        self.0.game(file, lines, game);
        self.1.game(file, lines, game);
    }

    fn end_file(&mut self, file: &FileReport) {
        self.0.end_file(file);
        self.1.end_file(file);
    }

    fn finish(&mut self, outcome: &Outcome) {
        self.0.finish(outcome);
        self.1.finish(outcome);
    }

    fn stopped(&self) -> bool {
        self.0.stopped() || self.1.stopped()
    }
}

/// `--format short`: a line per finding on `out`, the closing line on `closing` (standard error
/// beside the findings, so that standard output holds only finding lines).
pub struct Short<'o> {
    out: &'o mut dyn Text,
    closing: &'o mut dyn Text,
}

impl<'o> Short<'o> {
    pub fn new(out: &'o mut dyn Text, closing: &'o mut dyn Text) -> Short<'o> {
        Short { out, closing }
    }
}

impl Reporter for Short<'_> {
    fn unread(&mut self, problem: &IoProblem) {
        self.out.text(&short::render_io_problem(problem));
    }

    fn game(&mut self, file: &FileReport, lines: &LineIndex<'_>, game: &GameReport) {
        self.out.text(&short::render_game(&file.path, lines, game));
    }

    fn finish(&mut self, outcome: &Outcome) {
        self.closing
            .text(&format!("{}\n", summary_line(&outcome.summary)));
    }

    fn stopped(&self) -> bool {
        self.out.failed()
    }
}

/// `--format html`: one page that steps through every game's boards (its compact data kept
/// until the end, as its title and script need the whole).
pub struct Html<'o> {
    out: &'o mut dyn Text,
    page: Option<html::Page>,
}

impl<'o> Html<'o> {
    pub fn new(out: &'o mut dyn Text) -> Html<'o> {
        Html {
            out,
            page: Some(html::Page::new()),
        }
    }
}

impl Reporter for Html<'_> {
    fn wants_steps(&self) -> bool {
        true
    }

    fn step(&mut self, step: Step) {
        if let Some(page) = self.page.as_mut() {
            page.step(step);
        }
    }

    fn file(&mut self, file: &FileReport) {
        if let Some(page) = self.page.as_mut() {
            page.file(&file.path);
        }
    }

    fn game(&mut self, _file: &FileReport, lines: &LineIndex<'_>, game: &GameReport) {
        if let Some(page) = self.page.as_mut() {
            page.game(lines, game);
        }
    }

    fn end_file(&mut self, _file: &FileReport) {
        if let Some(page) = self.page.as_mut() {
            page.end_file();
        }
    }

    fn finish(&mut self, outcome: &Outcome) {
        if let Some(page) = self.page.take() {
            let out = &mut *self.out;
            page.finish_with_table(
                &outcome.summary,
                &outcome.problems,
                outcome.table.as_deref(),
                &mut |piece| out.text(piece),
            );
        }
    }

    fn stopped(&self) -> bool {
        self.out.failed()
    }
}

/// The human report: miette's reports quoting the record, each game's as it comes, then the
/// comparison's count, the rulings table and the closing line.
#[cfg(feature = "cli")]
pub struct Human<'o> {
    out: &'o mut dyn Text,
    style: super::human::Style,
    infer_rulings: bool,
}

#[cfg(feature = "cli")]
impl<'o> Human<'o> {
    /// `infer_rulings`: each game's inference follows its report.
    pub fn new(out: &'o mut dyn Text, style: super::human::Style, infer_rulings: bool) -> Self {
        Human {
            out,
            style,
            infer_rulings,
        }
    }
}

#[cfg(feature = "cli")]
impl Reporter for Human<'_> {
    fn unread(&mut self, problem: &IoProblem) {
        self.out
            .text(&super::human::render_io_problem(problem, self.style));
    }

    fn game(&mut self, file: &FileReport, lines: &LineIndex<'_>, game: &GameReport) {
        self.out
            .text(&super::human::render_game(file, lines, game, self.style));
        if self.infer_rulings {
            self.out
                .text(&super::human::render_inference(&file.path, game));
        }
    }

    fn finish(&mut self, outcome: &Outcome) {
        if let Some(c) = &outcome.compared {
            self.out.text(&format!(
                "compared {}={}: {} of {} game(s) of its ruleset depend on it\n",
                c.ruling, c.value, c.depending, c.games
            ));
        }
        if let Some(parts) = &outcome.table {
            self.out.text(&super::human::render_rulings_table(parts));
        }
        self.out
            .text(&format!("{}\n", summary_line(&outcome.summary)));
    }

    fn stopped(&self) -> bool {
        self.out.failed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::run::{self, CheckOptions};

    /// One check gives both documents, each the very text its own reporter writes alone.
    #[test]
    fn the_json_and_the_page_of_one_check_are_each_reporters_own() {
        let text = "ruleset: bao-kingulu\nsource: t\nmoves: [A3, a3, A9]\n";
        let options = CheckOptions::default();
        let check = |r: &mut dyn Reporter| run::run_text("t.yaml", text, &options, r);
        let (json, page, outcome) = json_and_html_report(check);
        assert_eq!(json, json_report(check).0);
        let mut alone = String::new();
        check(&mut Html::new(&mut alone));
        assert_eq!(page, alone);
        assert!(page.contains("<!DOCTYPE html>") && json.contains("\"not-notation\""));
        assert_eq!(outcome.summary.invalid, 1);
    }
}
