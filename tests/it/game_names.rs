//! Games describe themselves (issue 23 item 4): no ruleset or preset name is written as a string
//! outside the registry and the games' own folders (`crates/bao-rules/src/games/`), so that adding
//! or renaming a game touches no table keyed by its name elsewhere. Test code (after a file's
//! `#[cfg(test)]`, and `*tests.rs` files) and comments (a doc example of what a user types) may
//! name games.

use std::path::{Path, PathBuf};

use bao_rules::game::Game;
use bao_rules::games::{self, GameVisitor, RULESETS};

use crate::common::root;

/// Every `.rs` file under `dir`, but those under `except`.
fn sources(dir: &Path, except: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.starts_with(except) {
            continue;
        }
        if path.is_dir() {
            sources(&path, except, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && !path.to_string_lossy().ends_with("tests.rs")
        {
            out.push(path);
        }
    }
}

struct PresetNames;

impl GameVisitor for PresetNames {
    type Output = Vec<&'static str>;
    fn visit<G: Game>(self) -> Vec<&'static str> {
        G::PRESETS.iter().map(|p| p.name).collect()
    }
}

#[test]
fn no_game_is_named_outside_its_folder() {
    let mut names: Vec<&str> = RULESETS.to_vec();
    for ruleset in RULESETS {
        names.extend(games::dispatch(ruleset, PresetNames).unwrap());
    }
    assert!(names.len() > RULESETS.len(), "{names:?}");
    let root = root();
    let games = root.join("crates/bao-rules/src/games");
    let mut files = Vec::new();
    sources(&root.join("src"), &games, &mut files);
    sources(&root.join("crates/bao-rules/src"), &games, &mut files);
    assert!(files.len() > 50, "{}", files.len());
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in code.lines().enumerate() {
            // Docs may show what a user types (`"bao-la-kete".parse()`).
            if line.trim_start().starts_with("//") {
                continue;
            }
            for name in &names {
                if line.contains(&format!("\"{name}\"")) {
                    let path = file.strip_prefix(&root).unwrap().display();
                    found.push(format!("{path}:{}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "names a game by string:\n{}",
        found.join("\n")
    );
}
