//! Games describe themselves (issue 23 item 4): no ruleset or preset name is written as a string
//! outside the registry and the games' own folders (`crates/bao-rules/src/games/`), so that adding
//! or renaming a game touches no table keyed by its name elsewhere. Test code (after a file's
//! `#[cfg(test)]`, and `*tests.rs` files) and comments (a doc example of what a user types) may
//! name games.

use std::path::{Path, PathBuf};

use bao_rules::game::Game;
use bao_rules::games::{GameVisitor, RULESETS};

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
        names.extend(
            bao_rules::Ruleset::from_name(ruleset)
                .unwrap()
                .visit(PresetNames),
        );
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

/// Whether `line` names the type `word` in code: a whole identifier used as a type or path
/// (`games::Kete`, `<Kete as Game>`, `::<Kete>`, `Kete::start()`), not a word of prose
/// ("Bao la Kete").
fn names_type(line: &str, word: &str) -> bool {
    line.match_indices(word).any(|(at, _)| {
        let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let (before, after) = (&line[..at], &line[at + word.len()..]);
        let whole = before.chars().next_back().is_none_or(|c| !ident(c))
            && after.chars().next().is_none_or(|c| !ident(c));
        let as_type = before.ends_with("::")
            || before.ends_with('<')
            || after.starts_with("::")
            || after.starts_with('>')
            || after.starts_with(" as ");
        whole && as_type
    })
}

/// A new ruleset is its folder and one registry line (docs/development.md, *Adding a ruleset*):
/// no code outside `crates/bao-rules/src/games/` enumerates the games by type — a match, a table
/// or a list naming two games or more, which a new game would have to join. (One game named for a
/// reason of its own, such as a default, is no enumeration.) The crate root's courtesy
/// re-export (`pub use games::{…}`) is the one exception; test code may name games.
#[test]
fn no_code_outside_the_games_enumerates_them() {
    let types: Vec<String> = bao_rules::Ruleset::ALL
        .iter()
        .map(|r| format!("{r:?}"))
        .collect();
    assert_eq!(types.len(), RULESETS.len());
    let root = root();
    let games = root.join("crates/bao-rules/src/games");
    let mut files = Vec::new();
    sources(&root.join("src"), &games, &mut files);
    sources(&root.join("crates/bao-rules/src"), &games, &mut files);
    sources(&root.join("python/src"), &games, &mut files);
    files.push(root.join("build.rs"));
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let shown = file.strip_prefix(&root).unwrap().display().to_string();
        let mut named = std::collections::BTreeSet::new();
        for line in code.lines() {
            let trimmed = line.trim_start();
            if trimmed.starts_with("//")
                || (shown == "crates/bao-rules/src/lib.rs"
                    && trimmed.starts_with("pub use games::"))
            {
                continue;
            }
            named.extend(types.iter().filter(|name| names_type(line, name)));
        }
        if named.len() >= 2 {
            found.push(format!("{shown}: {named:?}"));
        }
    }
    assert!(
        found.is_empty(),
        "enumerates the games outside crates/bao-rules/src/games/ (a new game would have to be \
         added there too):\n{}",
        found.join("\n")
    );
    // The check sees a game named as a type.
    assert!(names_type("type G = bao_rules::games::Kete;", "Kete"));
    assert!(!names_type("for Bao la Kete, and", "Kete"));
}

/// docs/development.md names what a new ruleset touches, and only that: the paths it lists are
/// the ones the tests above and the build allow to name a game.
#[test]
fn development_md_names_what_a_new_ruleset_touches() {
    let text = std::fs::read_to_string(root().join("docs/development.md")).unwrap();
    let start = text
        .find("**Adding a ruleset.**")
        .expect("docs/development.md has *Adding a ruleset*");
    let section = &text[start..];
    let section = &section[..section.find("\n\n**").unwrap_or(section.len())];
    let listed: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("- `"))
        .filter_map(|l| l.split('`').next())
        .collect();
    assert_eq!(
        listed,
        [
            "crates/bao-rules/src/games/<game>/",
            "crates/bao-rules/src/games/mod.rs",
            "crates/bao-rules/catalogues/<ruleset>.yaml",
            "spec/<ruleset>/",
            "docs/rules/<ruleset>.md",
            "corpus/<ruleset>/",
        ],
        "{section}"
    );
}
