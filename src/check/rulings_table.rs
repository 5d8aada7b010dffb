//! `check --infer-rulings` over several games ends with a table: for each ruling of each game
//! checked, the values the games rule out (each game with the ply and rule that rule it out) and
//! the games that are silent on it (valid under every value). Which real games settle which
//! dispute, in one place.

use std::fmt::Write as _;

use crate::check::GameReport;
use crate::check::infer::{Inference, RuledOut};
use crate::input::record::Record;
use bao_rules::rulings::RulingDef;

/// One game's part of the table.
struct Row {
    /// `FILE` or `FILE, game N`.
    game: String,
    ruled_out: Vec<RuledOut>,
}

/// The games of one ruleset.
struct Ruleset {
    name: String,
    defs: &'static [RulingDef],
    rows: Vec<Row>,
    /// Games valid under no combination, or not decided within the budget: they settle nothing.
    apart: Vec<(String, &'static str)>,
}

/// The table, filled game by game as `check` goes.
#[derive(Default)]
pub struct RulingsTable {
    rulesets: Vec<Ruleset>,
}

impl RulingsTable {
    /// Adds a game of `path` with its inference (a game without one is left out).
    pub fn add(&mut self, path: &str, game: &GameReport, record: Option<&Record>) {
        let (Some(inference), Some(record), Some(ruleset)) =
            (&game.inference, record, &game.ruleset)
        else {
            return;
        };
        if inference.defs.is_empty() {
            return;
        }
        let label = if game.index == 1 {
            path.to_string()
        } else {
            format!("{path}, game {}", game.index)
        };
        let at = match self.rulesets.iter().position(|r| &r.name == ruleset) {
            Some(at) => at,
            None => {
                self.rulesets.push(Ruleset {
                    name: ruleset.clone(),
                    defs: inference.defs,
                    rows: Vec::new(),
                    apart: Vec::new(),
                });
                self.rulesets.len() - 1
            }
        };
        let entry = &mut self.rulesets[at];
        match why_apart(inference) {
            Some(why) => entry.apart.push((label, why)),
            None => entry.rows.push(Row {
                game: label,
                ruled_out: inference.ruled_out(record),
            }),
        }
    }

    /// The table as text: a part for each ruleset with two games or more. Games are named by their
    /// path after the folder all of them share, which heads the table.
    pub fn render(&self) -> String {
        let mut out = String::new();
        // One game's answers are its own report's.
        for r in self
            .rulesets
            .iter()
            .filter(|r| r.rows.len() + r.apart.len() > 1)
        {
            let labels = r.rows.iter().map(|row| row.game.as_str());
            let folder = shared_folder(labels.chain(r.apart.iter().map(|(g, _)| g.as_str())));
            let short = |game: &str| game[folder.len()..].to_string();
            let _ = writeln!(
                out,
                "Which games decide which ruling: {} game(s) of {}{} valid under some rulings",
                r.rows.len(),
                r.name,
                if folder.is_empty() {
                    String::new()
                } else {
                    format!(" in {folder}")
                }
            );
            for def in r.defs {
                let head = format!("  {} (default {})", def.name, def.default);
                let mut lines = Vec::new();
                for value in def.values {
                    let by: Vec<String> = r
                        .rows
                        .iter()
                        .filter_map(|row| {
                            let ruled = row
                                .ruled_out
                                .iter()
                                .find(|o| o.ruling == def.name && o.value == *value)?;
                            Some(match &ruled.finding {
                                Some(f) => {
                                    let ply = f.ply.map_or(String::new(), |p| format!("ply {p}, "));
                                    let rule =
                                        f.rule.map_or(String::new(), |rule| format!(" {rule}"));
                                    format!("{} ({ply}{}{rule})", short(&row.game), f.code)
                                }
                                None => format!("{} (no single ply)", short(&row.game)),
                            })
                        })
                        .collect();
                    if !by.is_empty() {
                        lines.push(format!("    `{value}` ruled out by {}", by.join(", ")));
                    }
                }
                if lines.is_empty() {
                    let _ = writeln!(out, "{head}: no game rules a value out");
                    continue;
                }
                let _ = writeln!(out, "{head}:");
                for line in lines {
                    let _ = writeln!(out, "{line}");
                }
                let silent: Vec<String> = r
                    .rows
                    .iter()
                    .filter(|row| !row.ruled_out.iter().any(|o| o.ruling == def.name))
                    .map(|row| short(&row.game))
                    .collect();
                if !silent.is_empty() {
                    let _ = writeln!(out, "    silent: {}", silent.join(", "));
                }
            }
            for (game, why) in &r.apart {
                let _ = writeln!(out, "  not counted: {} ({why})", short(game));
            }
        }
        out
    }
}

/// The folder (`a/b/`) every game's path starts with, or "".
fn shared_folder<'a>(mut games: impl Iterator<Item = &'a str>) -> String {
    let Some(first) = games.next() else {
        return String::new();
    };
    let mut prefix = match first.rfind('/') {
        Some(at) => &first[..=at],
        None => "",
    };
    for game in games {
        while !game.starts_with(prefix) {
            prefix = match prefix[..prefix.len() - 1].rfind('/') {
                Some(at) => &prefix[..=at],
                None => "",
            };
        }
    }
    prefix.to_string()
}

/// Why a game settles nothing, if it does not.
fn why_apart(inference: &Inference) -> Option<&'static str> {
    if inference.exhausted_at.is_some() {
        Some("not decided within the inference's budget")
    } else if inference.consistent == 0 {
        Some("valid under no combination of rulings")
    } else {
        None
    }
}
