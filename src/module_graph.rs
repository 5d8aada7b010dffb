//! No two files of the rules (`crates/bao-rules/src/`), nor of the oracle (`src/`), import each
//! other, directly or round a longer circle (issue 17 item 4):
//! a test that reads every file's `crate::…` and `super::…` paths (in `use` lines, code and doc
//! links alike) and follows re-exports to the file that defines the name.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// One source tree: each file by its module path (`[]` is the crate root).
struct Tree {
    files: BTreeMap<Vec<String>, String>,
    /// Files that are `#[cfg(test)] mod name;`: test code, no part of the design.
    test_files: BTreeSet<Vec<String>>,
}

impl Tree {
    fn read(root: &Path) -> Tree {
        let mut files = BTreeMap::new();
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("source folder") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs")
                    && path != root.join("main.rs")
                {
                    let module = module_path(root, &path);
                    let text = std::fs::read_to_string(&path).expect("source file");
                    files.insert(module, without_inline_tests(&text));
                }
            }
        }
        let mut test_files = BTreeSet::new();
        for (module, text) in &files {
            let mut after_cfg = false;
            for line in text.lines().map(str::trim) {
                if let (true, Some(name)) = (
                    after_cfg,
                    line.strip_prefix("mod ").and_then(|l| l.strip_suffix(';')),
                ) {
                    let mut child = module.clone();
                    child.push(name.to_string());
                    test_files.insert(child);
                }
                after_cfg = line.starts_with("#[cfg(test)]");
            }
        }
        Tree { files, test_files }
    }

    /// The file a path names: its longest prefix that is a file, and what follows it.
    fn file_of<'a>(&self, path: &'a [String]) -> (Vec<String>, &'a [String]) {
        for n in (0..=path.len()).rev() {
            if self.files.contains_key(&path[..n]) {
                return (path[..n].to_vec(), &path[n..]);
            }
        }
        (Vec::new(), path)
    }

    /// The file that defines what `path` names, following `pub use` re-exports.
    fn defining_file(
        &self,
        path: &[String],
        reexports: &HashMap<Vec<String>, Vec<String>>,
    ) -> Vec<String> {
        let mut path = path.to_vec();
        for _ in 0..8 {
            let (file, rest) = self.file_of(&path);
            let Some(name) = rest.first() else {
                return file;
            };
            let mut key = file.clone();
            key.push(name.clone());
            match reexports.get(&key) {
                Some(target) if *target != path[..file.len() + 1] => {
                    let mut next = target.clone();
                    next.extend_from_slice(&rest[1..]);
                    path = next;
                }
                _ => return file,
            }
        }
        self.file_of(&path).0
    }
}

fn module_path(root: &Path, file: &Path) -> Vec<String> {
    let relative: PathBuf = file
        .strip_prefix(root)
        .expect("under root")
        .with_extension("");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// Every absolute path a file's text names, each with whether it is a `pub use` re-export
/// (and then the name it is exported as).
fn paths_in(module: &[String], text: &str) -> Vec<(Vec<String>, Option<String>)> {
    let mut found = Vec::new();
    let mut inline_depth = false;
    let children: BTreeSet<String> = text
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l
                .strip_prefix("pub ")
                .or(l.strip_prefix("pub(crate) "))
                .unwrap_or(l);
            l.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(str::to_string)
        })
        .collect();
    let mut test_only = false;
    let mut depth = 0i32;
    let mut test_depth = None;
    for line in logical_lines(text) {
        let line = line.as_str();
        let trimmed = line.trim_start();
        // Test code uses what it tests: a `#[cfg(test)]` module is no part of the design.
        if trimmed.starts_with("#[cfg(test)]") {
            test_only = true;
        } else if test_only && trimmed.starts_with("mod ") {
            test_only = false;
            if trimmed.ends_with('{') {
                test_depth = Some(depth);
            } else {
                continue;
            }
        } else if !trimmed.starts_with("#[") {
            test_only = false;
        }
        depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
        if let Some(d) = test_depth {
            if depth <= d {
                test_depth = None;
            }
            continue;
        }
        // `super::` inside an inline module (the tests) is the file itself.
        if (trimmed.starts_with("mod ") || trimmed.starts_with("pub mod "))
            && trimmed.ends_with('{')
        {
            inline_depth = true;
        }
        let reexport = trimmed.starts_with("pub use ") || trimmed.starts_with("pub(crate) use ");
        // `use child::…` and `use self::…`: a path from this file's own module.
        if let Some((head, tail)) = trimmed.split_once("use ") {
            let first: String = tail
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if matches!(head, "" | "pub " | "pub(crate) " | "pub(super) ")
                && (first == "self" || children.contains(&first))
            {
                collect(module, tail, reexport, &mut found);
            }
        }
        let mut rest = line;
        while let Some(at) = find_root(rest) {
            let (start, anchor_len, base) = at;
            let tail = &rest[start + anchor_len..];
            let base: Vec<String> = match base {
                Anchor::Crate => Vec::new(),
                Anchor::Super => {
                    if inline_depth {
                        module.to_vec()
                    } else {
                        module[..module.len().saturating_sub(1)].to_vec()
                    }
                }
            };
            let consumed = collect(&base, tail, reexport, &mut found);
            rest = &tail[consumed..];
        }
    }
    found
}

/// The file's lines, a `use` written over several lines joined into one.
fn logical_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut open: Option<String> = None;
    for line in text.lines() {
        if let Some(joined) = open.as_mut() {
            joined.push(' ');
            joined.push_str(line.trim());
            if line.contains(';') {
                lines.extend(open.take());
            }
            continue;
        }
        let trimmed = line.trim_start();
        let is_use = ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .any(|p| trimmed.starts_with(p));
        if is_use && !line.contains(';') {
            open = Some(line.to_string());
        } else {
            lines.push(line.to_string());
        }
    }
    lines.extend(open);
    lines
}

enum Anchor {
    Crate,
    Super,
}

fn find_root(text: &str) -> Option<(usize, usize, Anchor)> {
    let bytes = text.as_bytes();
    let mut best: Option<(usize, usize, Anchor)> = None;
    for (word, anchor) in [("crate::", Anchor::Crate), ("super::", Anchor::Super)] {
        let mut from = 0;
        while let Some(i) = text[from..].find(word) {
            let at = from + i;
            let before = at.checked_sub(1).map(|b| bytes[b]);
            let standalone = !matches!(before, Some(b) if b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b':');
            if standalone {
                if best.as_ref().is_none_or(|b| at < b.0) {
                    best = Some((at, word.len(), anchor));
                }
                break;
            }
            from = at + word.len();
        }
    }
    best
}

/// Reads `a::b::{c, d::e as f}` after an anchor into absolute paths; returns the bytes read.
fn collect(
    base: &[String],
    text: &str,
    reexport: bool,
    found: &mut Vec<(Vec<String>, Option<String>)>,
) -> usize {
    let mut path = base.to_vec();
    let bytes = text.as_bytes();
    let mut i = 0;
    loop {
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        let word = &text[start..i];
        if word == "super" {
            path.pop();
        } else if word == "self" {
        } else if !word.is_empty() {
            path.push(word.to_string());
        }
        let group = if text[i..].starts_with("::{") {
            Some(3)
        } else if start == 0 && text.starts_with('{') {
            Some(1)
        } else {
            None
        };
        if let Some(skip) = group {
            i += skip;
            // A group: each item is read from this prefix.
            loop {
                while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b',' || bytes[i] == b'\n')
                {
                    i += 1;
                }
                if i >= bytes.len() || bytes[i] == b'}' {
                    return (i + 1).min(bytes.len());
                }
                let read = collect(&path, &text[i..], reexport, found);
                if read == 0 {
                    return i;
                }
                i += read;
            }
        } else if text[i..].starts_with("::") {
            i += 2;
            continue;
        }
        let mut alias = path.last().cloned();
        if text[i..].starts_with(" as ") {
            let s = i + 4;
            let mut e = s;
            while e < bytes.len() && (bytes[e].is_ascii_alphanumeric() || bytes[e] == b'_') {
                e += 1;
            }
            alias = Some(text[s..e].to_string());
            i = e;
        }
        if path.len() > base.len() || word == "self" {
            found.push((path, if reexport { alias } else { None }));
        }
        return i;
    }
}

/// Each file's imports of other files, by module path.
fn graph(root: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let tree = Tree::read(root);
    let mut reexports = HashMap::new();
    let mut named = Vec::new();
    for (module, text) in &tree.files {
        for (path, alias) in paths_in(module, text) {
            if let Some(alias) = alias {
                let mut key = module.clone();
                key.push(alias);
                reexports.insert(key, path.clone());
            }
            named.push((module.clone(), path));
        }
    }
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, path) in named {
        if tree.test_files.contains(&module) {
            continue;
        }
        let target = tree.defining_file(&path, &reexports);
        // The crate root is the facade: it declares and re-exports, and a name it defines itself
        // (an exported macro) is no file's.
        if target != module && !module.is_empty() && !target.is_empty() {
            edges.entry(module).or_default().insert(target);
        }
    }
    edges
}

/// A file's text without its inline test module (`#[cfg(test)] mod tests { … }`, by custom the
/// file's last item): tests may use a later stage to make their material (a record reader's
/// tests read generated games), which is no part of the design.
fn without_inline_tests(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let test_module = line.trim() == "#[cfg(test)]"
            && lines.peek().is_some_and(|next| {
                let next = next.trim();
                next.starts_with("mod ") && next.ends_with('{')
            });
        if test_module {
            break;
        }
        kept.push_str(line);
        kept.push('\n');
    }
    kept
}

/// The circles of a graph: each strongly connected group of more than one file.
fn circles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(at) = stack.pop() {
            for next in edges.get(&at).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<_, _> = edges.keys().map(|k| (k.clone(), reach(k))).collect();
    let mut groups: BTreeSet<Vec<String>> = BTreeSet::new();
    for (file, reached) in &reaches {
        if !reached.contains(file) {
            continue;
        }
        let mut group: Vec<String> = reached
            .iter()
            .filter(|other| reaches.get(*other).is_some_and(|r| r.contains(file)))
            .map(|m| shown(m))
            .collect();
        group.sort();
        groups.insert(group);
    }
    groups.into_iter().collect()
}

fn shown(module: &[String]) -> String {
    if module.is_empty() {
        "lib".to_string()
    } else {
        module.join("/")
    }
}

/// Fails if two files under `dir` (relative to the oracle's folder) import each other.
fn assert_no_circles(dir: &str, whose: &str) {
    let edges = graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir));
    assert!(
        edges.len() > 20,
        "the files of {whose} were not read: {edges:#?}"
    );
    let found = circles(&edges);
    assert!(
        found.is_empty(),
        "files of {whose} that import each other (round a circle):\n{found:#?}"
    );
}

#[test]
fn no_two_files_of_the_rules_import_each_other() {
    assert_no_circles("crates/bao-rules/src", "the rules");
}

#[test]
fn no_two_files_of_the_oracle_import_each_other() {
    assert_no_circles("src", "the oracle");
}

/// The oracle's stages, in the order a file goes through them (issue 23 item 6): a file of a
/// stage imports only from its own stage, an earlier one, or the plain data every stage shares.
const STAGES: &[&[&str]] = &[
    &["diagnostics", "event", "picture"],
    &["input"],
    &["check"],
    &["rewrite"],
    &["explain"],
    &["harness"],
    &["render"],
    &["cli"],
];

fn stage_of(module: &[String]) -> Option<usize> {
    let top = module.first()?;
    STAGES.iter().position(|s| s.contains(&top.as_str()))
}

/// The imports of files of `edges` that reach a later stage, or a file of no stage.
fn backward_imports(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (from, targets) in edges {
        if from.first().is_some_and(|m| m == "module_graph") {
            continue;
        }
        for to in targets {
            match (stage_of(from), stage_of(to)) {
                (Some(a), Some(b)) if b <= a => {}
                _ => found.push((shown(from), shown(to))),
            }
        }
    }
    found
}

#[test]
fn nothing_imports_from_a_later_stage() {
    let edges = graph(Path::new(env!("CARGO_MANIFEST_DIR")).join("src").as_path());
    // Every file of the oracle sits in a stage (the crate root and main.rs are no file's).
    let tree = Tree::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let stray: Vec<String> = tree
        .files
        .keys()
        .filter(|m| !m.is_empty() && m[0] != "module_graph" && stage_of(m).is_none())
        .map(|m| shown(m))
        .collect();
    assert!(stray.is_empty(), "files in no stage: {stray:?}");
    let found = backward_imports(&edges);
    assert!(
        found.is_empty(),
        "imports from a later stage (file, what it imports):\n{found:#?}"
    );
}

#[test]
fn the_stage_check_sees_a_backward_import() {
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    let m = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    edges
        .entry(m(&["check", "replay"]))
        .or_default()
        .insert(m(&["input", "record"]));
    assert!(backward_imports(&edges).is_empty());
    edges
        .entry(m(&["input", "record"]))
        .or_default()
        .insert(m(&["render", "json"]));
    assert_eq!(backward_imports(&edges).len(), 1);
    assert!(
        without_inline_tests("use a;\n#[cfg(test)]\nmod tests {\n    use crate::b;\n}\n")
            .ends_with("use a;\n")
    );
}

#[test]
fn the_checker_sees_a_circle() {
    let dir = std::env::temp_dir().join(format!("bao-module-graph-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a")).expect("temp folder");
    std::fs::write(dir.join("lib.rs"), "pub mod a;\npub use a::Thing;\n").expect("write");
    std::fs::write(
        dir.join("a/mod.rs"),
        "mod b;\npub use b::Thing;\npub struct Other;\n",
    )
    .expect("write");
    std::fs::write(dir.join("a/b.rs"), "use super::Other;\npub struct Thing;\n").expect("write");
    std::fs::write(dir.join("c.rs"), "use crate::{Thing, a::b::{self}};\n").expect("write");
    let edges = graph(&dir);
    let found = circles(&edges);
    std::fs::remove_dir_all(&dir).expect("clean up");
    // `crate::Thing` is followed through two re-exports to the file that defines it.
    assert!(edges[&vec!["c".to_string()]].contains(&vec!["a".to_string(), "b".to_string()]));
    assert_eq!(found, vec![vec!["a".to_string(), "a/b".to_string()]]);
}
