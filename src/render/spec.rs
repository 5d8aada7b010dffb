//! The specification runner's report ([`crate::harness::spec::Report`]) for people: the failed
//! items with what was expected and what happened, and the summary of every item.

use std::fmt::Write as _;

use crate::harness::spec::{ItemKind, Report};
use crate::input::GameName;

impl Report {
    /// `N passed, M failed`
    pub fn closing_line(&self) -> String {
        format!(
            "{} passed, {} failed",
            self.summary.passed, self.summary.failed
        )
    }

    /// Each failed item with what was expected and what happened, then the closing line.
    pub fn human(&self) -> String {
        let mut out = String::new();
        for item in self.items.iter().filter(|i| i.failed()) {
            let ruleset = item.ruleset.as_ref().map_or("-", GameName::name);
            let _ = writeln!(
                out,
                "FAIL {} [{ruleset}] {} {}",
                item.file,
                kind_name(item.kind),
                item.id
            );
            for f in &item.failures {
                match (&f.expected, &f.actual) {
                    (Some(e), Some(a)) => {
                        let _ = writeln!(
                            out,
                            "    {}:\n        expected: {e}\n        actual:   {a}",
                            f.what
                        );
                    }
                    _ => {
                        let _ = writeln!(out, "    {}", f.what);
                    }
                }
            }
        }
        if self.summary.not_run > 0 {
            let mut rulesets: Vec<&str> = self
                .items
                .iter()
                .filter(|i| i.not_run.is_some())
                .filter_map(|i| i.ruleset.as_ref().map(GameName::name))
                .collect();
            rulesets.dedup();
            let _ = writeln!(
                out,
                "({} items not run: no engine yet for {})",
                self.summary.not_run,
                rulesets.join(", ")
            );
        }
        let skipped: usize = self.items.iter().map(|i| i.skipped).sum();
        if skipped > 0 {
            let _ = writeln!(out, "({skipped} perft rows above the node limit skipped)");
        }
        let _ = writeln!(out, "{}", self.closing_line());
        out
    }

    /// Every item, one line each, grouped by file: what the suite holds and what passes. Kept as a
    /// snapshot so that a scenario that appears, disappears or changes status shows in review.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let mut current = None;
        for item in &self.items {
            if current != Some(&item.file) {
                let _ = writeln!(out, "{}", item.file);
                current = Some(&item.file);
            }
            let status = match (item.passed, &item.not_run) {
                (_, Some(_)) => "skip",
                (true, None) => "ok  ",
                (false, None) => "FAIL",
            };
            let skipped = if item.skipped > 0 {
                format!(" ({} rows skipped)", item.skipped)
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "  {status} {} {}{skipped}",
                kind_name(item.kind),
                item.id
            );
        }
        let _ = writeln!(out, "{}", self.closing_line());
        out
    }
}

fn kind_name(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::File => "file",
        ItemKind::Catalogue => "catalogue",
        ItemKind::Scenario => "scenario",
        ItemKind::Perft => "perft",
        ItemKind::Coverage => "coverage",
    }
}
