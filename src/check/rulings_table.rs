//! `check --infer-rulings` over several games ends with a table: for each ruling of each game
//! checked, the values the games rule out (each game with the ply and rule that rule it out) and
//! the games that are silent on it (valid under every value). Which real games settle which
//! dispute, in one place. This module gathers the table; `render` writes it (human, JSON, HTML).

use crate::check::GameReport;
use crate::check::infer::{Inference, RuledOut};
use crate::diagnostics::{Code, MoveNumber};
use crate::input::record::Record;
use bao_rules::Ruleset;
use bao_rules::game::Side;
use bao_rules::rulings::RulingDef;

/// One game's part of the table.
struct Row {
    game: GameRef,
    /// Who moved first, to number the plies as the transcript does.
    first: Option<Side>,
    ruled_out: Vec<RuledOut>,
}

/// The games of one ruleset.
struct Games {
    ruleset: Ruleset,
    defs: &'static [RulingDef],
    rows: Vec<Row>,
    /// Games valid under no combination, or not decided within the budget: they settle nothing.
    apart: Vec<(GameRef, &'static str)>,
}

/// A game of the table: its file's path and its place in the file (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRef {
    pub path: String,
    pub index: usize,
}

/// `FILE`, or `FILE, game N` for a file's second game on.
impl std::fmt::Display for GameRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.index {
            1 => write!(f, "{}", self.path),
            n => write!(f, "{}, game {n}", self.path),
        }
    }
}

/// The table, filled game by game as `check` goes.
#[derive(Default)]
pub struct RulingsTable {
    rulesets: Vec<Games>,
}

/// The table of one ruleset's games, as data for the renderers (`render::human`,
/// `render::json`, `render::html`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub ruleset: Ruleset,
    /// The folder (`a/b/`) every game's path starts with (`""` if none): people read the games'
    /// paths after it.
    pub folder: String,
    /// The games valid under some rulings and decided within the budget: those that answer.
    pub games: usize,
    /// Every ruling of the ruleset, in its order.
    pub rulings: Vec<RulingAnswer>,
    /// Games that settle nothing, with why.
    pub apart: Vec<(GameRef, &'static str)>,
}

/// What the games say of one ruling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulingAnswer {
    pub name: &'static str,
    pub default: &'static str,
    /// Each value some game rules out, in the ruling's order, with those games.
    pub ruled_out: Vec<(&'static str, Vec<Decider>)>,
    /// The games valid under every value of the ruling.
    pub silent: Vec<GameRef>,
}

/// A game that rules a value out, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decider {
    pub game: GameRef,
    /// What `check` finds first under the value (`None`: no single ply, see [`RuledOut`]).
    pub at: Option<Where>,
}

/// The finding that rules a value out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Where {
    pub ply: Option<u32>,
    /// `ply` as the transcript numbers it (`None` without a ply or a known first mover).
    pub number: Option<MoveNumber>,
    pub code: Code,
    pub rule: Option<&'static str>,
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
        let label = GameRef {
            path: path.to_string(),
            index: game.index,
        };
        let at = match self.rulesets.iter().position(|r| r.ruleset == *ruleset) {
            Some(at) => at,
            None => {
                self.rulesets.push(Games {
                    ruleset: *ruleset,
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
                first: game.first,
                ruled_out: inference.ruled_out(record),
            }),
        }
    }

    /// The table: a part for each ruleset with two games or more (one game's answers are its
    /// own report's), in the order their first games came.
    pub fn parts(&self) -> Vec<Part> {
        self.rulesets
            .iter()
            .filter(|r| r.rows.len() + r.apart.len() > 1)
            .map(part)
            .collect()
    }
}

fn part(r: &Games) -> Part {
    let paths = r.rows.iter().map(|row| row.game.path.as_str());
    let folder = shared_folder(paths.chain(r.apart.iter().map(|(g, _)| g.path.as_str())));
    let rulings =
        r.defs
            .iter()
            .map(|def| {
                let ruled_out =
                    def.values
                        .iter()
                        .filter_map(|value| {
                            let by: Vec<Decider> =
                                r.rows
                                    .iter()
                                    .filter_map(|row| {
                                        let ruled = row
                                            .ruled_out
                                            .iter()
                                            .find(|o| o.ruling == def.name && o.value == *value)?;
                                        Some(Decider {
                                            game: row.game.clone(),
                                            at: ruled.finding.as_ref().map(|f| Where {
                                                ply: f.ply,
                                                number: f.ply.zip(row.first).map(|(ply, first)| {
                                                    MoveNumber::of_ply(ply, first)
                                                }),
                                                code: f.code,
                                                rule: f.rule,
                                            }),
                                        })
                                    })
                                    .collect();
                            (!by.is_empty()).then_some((*value, by))
                        })
                        .collect();
                let silent = r
                    .rows
                    .iter()
                    .filter(|row| !row.ruled_out.iter().any(|o| o.ruling == def.name))
                    .map(|row| row.game.clone())
                    .collect();
                RulingAnswer {
                    name: def.name,
                    default: def.default,
                    ruled_out,
                    silent,
                }
            })
            .collect();
    Part {
        ruleset: r.ruleset,
        games: r.rows.len(),
        rulings,
        apart: r.apart.clone(),
        folder,
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
