//! The documents hold what the program does: every command shown in README.md and docs/**/*.md
//! runs here, and the rules documents docs/rules/*.md are what `bao-oracle rules` prints.
//!
//! A command is a `$ ` line of a ```` ```console ```` block (a line ending in `\` goes on on the
//! next); the lines after it, up to the next `$ ` line, are its expected output, standard output
//! and standard error together. In the expected output a line `...` stands for any number of
//! lines, `[..]` for any text within a line, and a last line `? N` for exit status N (default 0).
//! Each command runs under `sh` as a reader would type it (quotes, `>` redirections and `|`
//! included), with `bao-oracle` on `PATH`, in a scratch folder that holds the repository's
//! `corpus/`, `spec/`, `examples/`, `docs/`, `tests/records/`, `tests/data/` and
//! `tests/engines/`, so that `> report.html` writes there and nowhere else. `cargo run
//! [--release] -- ARGS` runs as `bao-oracle ARGS` (the same program); the other `cargo` lines
//! (install, test, bench, fuzz) are the build itself, which CI runs, and are not run again here.
//! A shell block of another kind (```` ```sh ````) is refused, so no command escapes the test.
//!
//! Other work changes the program's output; to refresh the documents after it,
//! `BAO_DOCS=overwrite cargo test --test it docs::` rewrites every failing command's expected output
//! with what it printed (elisions included: put back any `...` you want), then read the `git diff`
//! of README.md and docs/ and keep only what you meant. The rules documents are rewritten the same
//! way.
//!
//! The cost of this runner is this file: trycmd would read these blocks too, but it runs no shell
//! (no `>`, no quotes as typed) and its cold build adds crates of its own (README.md, *Building*).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{BIN, wait_unless_hung};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn overwrite() -> bool {
    std::env::var("BAO_DOCS").is_ok_and(|v| v == "overwrite")
}

/// README.md and every `*.md` under docs/, sorted.
fn documents() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut out = vec![root().join("README.md")];
    walk(&root().join("docs"), &mut out);
    out.sort();
    out
}

/// One command of a document and what it must print.
#[derive(Debug)]
struct Case {
    /// The command as typed, continuation lines joined.
    command: String,
    /// The line of its `$ ` in the document, from 1.
    line: usize,
    expected: Vec<String>,
    status: i32,
    /// The document's lines the expected output (and status line) occupy: `start..end`.
    output_lines: (usize, usize),
}

/// The cases of a document, or the reasons it cannot be read as such.
fn cases(text: &str) -> Result<Vec<Case>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let fence = lines[i].trim_start();
        if let Some(info) = fence.strip_prefix("```") {
            let kind = info.trim();
            if matches!(kind, "sh" | "bash" | "shell" | "zsh" | "shell-session") {
                return Err(format!(
                    "line {}: a ```{kind} block: write commands in a ```console block, `$ ` before each",
                    i + 1
                ));
            }
            let end = (i + 1..lines.len())
                .find(|&j| lines[j].trim_start().starts_with("```"))
                .ok_or_else(|| format!("line {}: a code block that is not closed", i + 1))?;
            if kind == "console" {
                out.extend(block(&lines, i + 1, end)?);
            } else if (i + 1..end).any(|j| lines[j].starts_with("$ ")) {
                return Err(format!(
                    "line {}: a ```{kind} block with `$ ` commands: make it a ```console block, \
                     so that its commands run",
                    i + 1
                ));
            }
            i = end + 1;
        } else {
            i += 1;
        }
    }
    Ok(out)
}

/// The cases of the console block whose lines are `start..end`.
fn block(lines: &[&str], start: usize, end: usize) -> Result<Vec<Case>, String> {
    let mut out = Vec::new();
    let mut i = start;
    while i < end {
        let Some(first) = lines[i].strip_prefix("$ ") else {
            return Err(format!(
                "line {}: a console block's first line is a command (`$ ...`)",
                i + 1
            ));
        };
        let line = i + 1;
        let mut command = first.to_string();
        // The backslash stays: sh reads the line break after it as the line going on.
        while command.ends_with('\\') && i + 1 < end {
            i += 1;
            command.push('\n');
            command.push_str(lines[i]);
        }
        i += 1;
        let from = i;
        while i < end && !lines[i].starts_with("$ ") {
            i += 1;
        }
        let mut expected: Vec<String> = lines[from..i].iter().map(|l| l.to_string()).collect();
        let mut status = 0;
        if let Some(last) = expected.last()
            && let Some(code) = last.strip_prefix("? ")
        {
            status = code
                .trim()
                .parse()
                .map_err(|_| format!("line {}: `? N` wants a number", i))?;
            expected.pop();
        }
        out.push(Case {
            command,
            line,
            expected,
            status,
            output_lines: (from, i),
        });
    }
    Ok(out)
}

/// What a `cargo` line runs here: `Some(Some(command))` for `cargo run [--release] -- ARGS`
/// (`bao-oracle ARGS`), `Some(None)` for a build command that is not run again.
fn cargo_line(command: &str) -> Option<Option<String>> {
    let rest = command.strip_prefix("cargo ")?;
    let args = rest
        .strip_prefix("run -- ")
        .or_else(|| rest.strip_prefix("run --release -- "));
    Some(args.map(|args| format!("bao-oracle {args}")))
}

/// A canonical move written unquoted in `command` (`A6>`), which sh would read as a redirection:
/// a hole name (a row letter and digits) right before a `<` or `>` outside quotes.
fn unquoted_move(command: &str) -> Option<String> {
    let chars: Vec<char> = command.chars().collect();
    let mut quote = None;
    for (i, &c) in chars.iter().enumerate() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '<' | '>') => {
                let digits = chars[..i]
                    .iter()
                    .rev()
                    .take_while(|d| d.is_ascii_digit())
                    .count();
                let row = i.checked_sub(digits + 1).map(|at| chars[at]);
                if digits > 0 && row.is_some_and(|r| "AaBb".contains(r)) {
                    return Some(chars[i - digits - 1..=i].iter().collect());
                }
            }
            _ => {}
        }
    }
    None
}

/// A scratch folder holding (as links) what the documents' commands read.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bao-docs-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("tests")).unwrap();
    for name in [
        "corpus",
        "spec",
        "examples",
        "docs",
        "tests/records",
        "tests/data",
        "tests/engines",
    ] {
        std::os::unix::fs::symlink(root().join(name), dir.join(name)).unwrap();
    }
    dir
}

/// Runs `command` under sh in `dir`: its output (both streams, in order) and exit status.
fn run(command: &str, dir: &Path) -> (String, i32) {
    let bin_dir = Path::new(BIN).parent().unwrap();
    // `python3` found where it is, not through a version manager's shim (`common::python3`).
    let python_dir = Path::new(crate::common::python3())
        .parent()
        .map(|dir| format!("{}:", dir.display()))
        .unwrap_or_default();
    let path = format!(
        "{}:{python_dir}{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out_file = dir.join(".output");
    let file = fs::File::create(&out_file).unwrap();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1\n{command}"))
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env_remove("BAO_DOCS")
        .stdin(Stdio::null())
        .stdout(file)
        .spawn()
        .expect("sh");
    // A hung command (no CPU time taken for half a minute) is killed: status -2, a failure.
    let status = wait_unless_hung(&mut child).map_or(-2, |status| status.code().unwrap_or(-1));
    let text = fs::read_to_string(&out_file).unwrap_or_default();
    (text, status)
}

/// Whether `actual` matches pattern line `pattern` (`[..]`: any text).
fn line_matches(pattern: &str, actual: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == actual;
    }
    let Some(mut rest) = actual.strip_prefix(parts[0]) else {
        return false;
    };
    for (k, part) in parts.iter().enumerate().skip(1) {
        if k == parts.len() - 1 {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether `actual` lines match `expected` (`...`: any lines, none included).
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            !actual.is_empty() && line_matches(first, actual[0]) && matches(rest, &actual[1..])
        }
    }
}

#[test]
fn every_command_in_the_documents_does_what_they_show() {
    let dir = scratch();
    let mut failures = Vec::new();
    let mut ran = 0;
    for doc in documents() {
        let text = fs::read_to_string(&doc).unwrap();
        let shown = doc.strip_prefix(root()).unwrap().display().to_string();
        let cases = match cases(&text) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{shown}: {e}"));
                continue;
            }
        };
        let mut rewritten: Vec<String> = text.lines().map(str::to_string).collect();
        // Rewrites go from the end so that earlier line numbers stay right.
        let mut rewrites = Vec::new();
        for case in &cases {
            let command = match cargo_line(&case.command) {
                None => case.command.clone(),
                Some(Some(command)) => command,
                Some(None) => continue,
            };
            if let Some(mv) = unquoted_move(&command) {
                failures.push(format!(
                    "{shown}:{}: `{mv}` unquoted: a shell reads its `<`/`>` as a redirection",
                    case.line
                ));
                continue;
            }
            ran += 1;
            let (output, status) = run(&command, &dir);
            let actual: Vec<&str> = output.lines().map(str::trim_end).collect();
            let expected: Vec<String> = case
                .expected
                .iter()
                .map(|l| l.trim_end().to_string())
                .collect();
            if status != case.status || !matches(&expected, &actual) {
                failures.push(format!(
                    "{shown}:{}: `{}`\n--- expected (status {}):\n{}\n--- printed (status {status}):\n{}",
                    case.line,
                    case.command,
                    case.status,
                    case.expected.join("\n"),
                    output.trim_end()
                ));
                let mut new: Vec<String> = actual.iter().map(|l| l.to_string()).collect();
                if status != 0 {
                    new.push(format!("? {status}"));
                }
                rewrites.push((case.output_lines, new));
            }
        }
        if overwrite() && !rewrites.is_empty() {
            for ((from, to), new) in rewrites.into_iter().rev() {
                rewritten.splice(from..to, new);
            }
            let mut new_text = rewritten.join("\n");
            new_text.push('\n');
            fs::write(&doc, new_text).unwrap();
        }
    }
    let _ = fs::remove_dir_all(&dir);
    assert!(ran > 20, "only {ran} commands found in the documents");
    assert!(
        failures.is_empty(),
        "{} command(s) of the documents do not do what they show (BAO_DOCS=overwrite rewrites them):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn unquoted_moves_are_caught() {
    assert_eq!(
        unquoted_move("bao-oracle play bao-la-kiswahili A6> a6"),
        Some("A6>".into())
    );
    assert_eq!(
        unquoted_move("bao-oracle play bao-la-kiswahili 'A6>' \"a6<\""),
        None
    );
    assert_eq!(
        unquoted_move("bao-oracle check corpus > report.html 2>&1"),
        None
    );
    assert_eq!(
        unquoted_move("bao-oracle explain bao-kingulu A3 --format svg > a3.svg"),
        None
    );
}

/// The examples of every command's help quote their moves too.
#[test]
fn help_examples_quote_their_moves() {
    let (top, _, _) = bao(&["--help"]);
    let commands: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        // A wrapped description goes on deeper indented.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() > 10, "{commands:?}");
    for command in [String::new()].iter().chain(&commands) {
        let args: Vec<&str> = [command.as_str(), "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let (help, _, status) = bao(&args);
        assert_eq!(status, 0, "{args:?}");
        for line in help
            .lines()
            .filter(|l| l.trim_start().starts_with("bao-oracle "))
        {
            assert_eq!(unquoted_move(line), None, "{command} --help: {line}");
        }
    }
}

#[test]
fn the_rules_documents_and_sources_are_what_rules_and_sources_print() {
    let mut stale = Vec::new();
    for ruleset in bao_rules::games::RULESETS {
        let out = Command::new(BIN)
            .args(["rules", ruleset, "--format", "markdown"])
            .output()
            .unwrap();
        assert!(out.status.success(), "rules {ruleset}");
        let generated = String::from_utf8(out.stdout).unwrap();
        let path = root().join(format!("docs/rules/{ruleset}.md"));
        if fs::read_to_string(&path).ok().as_deref() != Some(generated.as_str()) {
            if overwrite() {
                fs::write(&path, &generated).unwrap();
            }
            stale.push(path.display().to_string());
        }
        // Every id of the catalogue is in its document.
        let catalogue: bao_oracle::input::spec::Catalogue =
            serde_saphyr::from_str(bao_rules::Ruleset::from_name(ruleset).unwrap().catalogue())
                .unwrap();
        for entry in catalogue.rules.iter().chain(&catalogue.ambiguities) {
            assert!(
                generated.contains(&format!("### {}\n", entry.id)),
                "{ruleset}: {}",
                entry.id
            );
        }
        for ruling in &catalogue.rulings {
            assert!(generated.contains(&format!("### `{}`", ruling.name)));
        }
    }
    let out = Command::new(BIN)
        .args(["sources", "--format", "markdown"])
        .output()
        .unwrap();
    assert!(out.status.success(), "sources");
    let generated = String::from_utf8(out.stdout).unwrap();
    let path = root().join("docs/sources.md");
    if fs::read_to_string(&path).ok().as_deref() != Some(generated.as_str()) {
        if overwrite() {
            fs::write(&path, &generated).unwrap();
        }
        stale.push(path.display().to_string());
    }
    assert!(
        stale.is_empty(),
        "stale (BAO_DOCS=overwrite cargo test --test it docs:: rewrites them): {stale:?}"
    );
}

/// Links of README.md and docs/ stay inside the repository and point at files that exist.
#[test]
fn links_stay_in_the_repository() {
    let mut bad = Vec::new();
    for doc in documents() {
        let text = fs::read_to_string(&doc).unwrap();
        let shown = doc.strip_prefix(root()).unwrap().display().to_string();
        if text.contains("../shared") || text.contains("shared/rules") {
            bad.push(format!("{shown}: names ../shared, which users do not have"));
        }
        for (at, _) in text.match_indices("](") {
            let target = &text[at + 2..];
            let Some(end) = target.find(')') else {
                continue;
            };
            let target = &target[..end];
            if target.contains("://") || target.starts_with("mailto:") {
                bad.push(format!("{shown}: links outside the repository: {target}"));
                continue;
            }
            let file = target.split('#').next().unwrap();
            if !file.is_empty() && !doc.parent().unwrap().join(file).exists() {
                bad.push(format!("{shown}: links to a missing file: {target}"));
            }
        }
    }
    for catalogue in [
        "bao-kingulu",
        "bao-la-kete",
        "bao-la-kimasai",
        "bao-la-kiswahili",
    ] {
        let text = fs::read_to_string(root().join(format!("spec/{catalogue}/rules.yaml"))).unwrap();
        assert!(
            text.contains(&format!("reference: docs/rules/{catalogue}.md")),
            "{catalogue}: its reference is the project's document"
        );
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

fn bao(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn completions_for_every_shell_name_every_command() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (out, _, status) = bao(&["completions", shell]);
        assert_eq!(status, 0, "{shell}");
        for command in ["check", "explain", "rulings", "man"] {
            assert!(out.contains(command), "{shell}: {command}");
        }
    }
    let (out, _, _) = bao(&["completions", "bash"]);
    assert!(out.contains("complete -F") && out.contains("--infer-rulings"));
    let (_, err, status) = bao(&["completions", "tcsh"]);
    assert_eq!(status, 2);
    assert!(err.contains("error[usage]"), "{err}");
}

#[test]
fn man_pages_are_roff_with_every_command() {
    let (out, _, status) = bao(&["man"]);
    assert_eq!(status, 0);
    assert!(out.contains(".TH bao-oracle 1"), "{out}");
    for command in ["check", "repair", "rules", "rulings", "completions"] {
        assert!(out.contains(command), "{command}");
    }
    let (out, _, status) = bao(&["man", "check"]);
    assert_eq!(status, 0);
    assert!(out.contains(".TH bao-oracle-check 1") && out.contains("infer\\-rulings"));
    let (_, err, status) = bao(&["man", "chek"]);
    assert_eq!(status, 2);
    assert!(err.contains("did you mean `check`?"), "{err}");
}

/// Issue 32, item 4: `man --dir DIR` writes every page the main page's SEE ALSO names; an
/// argument of several values is `<PATH>...`, and the exit statuses are kept as written.
#[test]
fn man_dir_writes_every_page_it_names() {
    let dir = std::env::temp_dir().join(format!("bao-man-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    let (_, err, status) = bao(&["man", "--dir", dir.to_str().unwrap()]);
    assert_eq!(status, 0, "{err}");
    let main = fs::read_to_string(dir.join("bao-oracle.1")).unwrap();
    let named: Vec<String> = main
        .lines()
        .filter_map(|l| l.strip_suffix("(1)"))
        .map(|l| format!("{}.1", l.replace("\\-", "-")))
        .collect();
    assert!(named.len() >= 18, "{named:?}");
    for page in &named {
        let text = fs::read_to_string(dir.join(page)).unwrap_or_else(|_| panic!("{page}"));
        assert!(text.starts_with(".ie"), "{page}: {text}");
    }
    assert!(
        err.contains(&format!("{} man pages written", named.len() + 1)),
        "{err}"
    );
    let check = fs::read_to_string(dir.join("bao-oracle-check.1")).unwrap();
    assert!(check.contains("<\\fIPATH\\fR>... \n"), "{check}");
    // The exit statuses in a no-fill block, line for line as `--help` prints them.
    let extra = &main[main.find(".SH EXTRA").unwrap()..];
    assert!(extra.starts_with(".SH EXTRA\n.nf\n"), "{extra}");
    let block = &extra[..extra.find("\n.fi\n").expect("the block ends")];
    assert!(block.contains("Exit status:\n  0    success"), "{block}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn rulings_lists_every_ruling_value_and_preset() {
    let (out, _, status) = bao(&["rulings"]);
    assert_eq!(status, 0);
    bao_rules::with_game!(bao_rules::Ruleset::Zanzibar, G => {
        use bao_rules::game::Game;
        for def in G::RULINGS {
            assert!(out.contains(def.name), "{}", def.name);
            assert!(out.contains(&format!("{} (default)", def.default)));
            for v in def.values {
                assert!(out.contains(v), "{}: {v}", def.name);
            }
        }
        for p in G::PRESETS {
            assert!(out.contains(&format!("    {}: ", p.name)), "{}", p.name);
        }
    });
    for ruleset in bao_rules::games::RULESETS {
        assert!(out.contains(&format!("{ruleset} (")), "{ruleset}");
    }
    let (_, err, status) = bao(&["rulings", "bao-la-ket"]);
    assert_eq!(status, 2);
    assert!(err.contains("did you mean `bao-la-kete`?"), "{err}");
}

/// Issue 32, item 4: the presets table of docs/rules-arguers.md has a row for every preset of Bao
/// la Kiswahili, with each ruling it sets (it lacked `geziefer`).
#[test]
fn the_presets_table_lists_every_preset() {
    let text = fs::read_to_string(root().join("docs/rules-arguers.md")).unwrap();
    bao_rules::with_game!(bao_rules::Ruleset::Zanzibar, G => {
        use bao_rules::game::Game;
        for p in G::PRESETS {
            let row = text
                .lines()
                .find(|l| l.starts_with(&format!("| `{}` |", p.name)))
                .unwrap_or_else(|| panic!("no row for preset {}", p.name));
            for (name, value) in p.rulings {
                let short = name.trim_start_matches("zanzibar.");
                assert!(row.contains(&format!("`{short}={value}`")), "{}: {name}", p.name);
            }
        }
    });
}

/// Issue 32, item 4: where the documents say which files a folder is searched for, they name
/// every extension the program searches for (docs/historians.md named `*.yaml` and `*.yml` only).
#[test]
fn the_documents_name_every_extension_a_folder_is_read_for() {
    for doc in documents() {
        let text = fs::read_to_string(&doc).unwrap().replace('\n', " ");
        for (at, _) in text.match_indices("`*.yml`") {
            let (mut from, mut to) = (at.saturating_sub(80), (at + 80).min(text.len()));
            while !text.is_char_boundary(from) {
                from -= 1;
            }
            while !text.is_char_boundary(to) {
                to += 1;
            }
            let around = &text[from..to];
            for ext in bao_oracle::input::GAME_FILES {
                assert!(
                    around.contains(&format!("`*.{ext}`")),
                    "{}: `*.{ext}` missing from ...{around}...",
                    doc.display()
                );
            }
        }
    }
}

#[test]
fn help_fits_a_terminal_and_says_the_exit_statuses() {
    let (top, _, _) = bao(&["--help"]);
    // Every command the main help lists, from its `Commands:` section.
    let commands: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l[2..].starts_with(' '))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 16, "{commands:?}");
    let mut pages = vec![vec!["--help"]];
    pages.extend(commands.iter().map(|c| vec![*c, "--help"]));
    for args in &pages {
        let (out, _, status) = bao(args);
        assert_eq!(status, 0);
        let widest = out.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= 100, "{args:?}: {widest} columns");
        assert!(
            out.contains("Examples:") && out.contains("Exit status"),
            "{args:?}"
        );
    }
}

#[test]
fn misspelt_names_get_a_suggestion() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "moves",
                "bao-kingulu",
                "--ruling",
                "kingulu.penultimate-sorce=x",
            ],
            "did you mean `kingulu.penultimate-source`?",
        ),
        (
            &[
                "moves",
                "bao-kingulu",
                "--ruling",
                "kingulu.penultimate-source=not-from-reservd",
            ],
            "did you mean `not-from-reserved`?",
        ),
        (
            &["moves", "bao-la-kiswahili", "--preset", "donkers2002"],
            "did you mean `donkers-2002`?",
        ),
        (
            &["moves", "bao-la-kiswahli"],
            "did you mean `bao-la-kiswahili`?",
        ),
        (
            &["rules", "bao-kingulu", "KIN-A44"],
            "did you mean `KIN-A4`?",
        ),
    ];
    for (args, hint) in cases {
        let (_, err, status) = bao(args);
        assert_eq!(status, 2, "{args:?}");
        assert!(err.contains(hint), "{args:?}: {err}");
    }
}

#[test]
fn a_folder_without_records_is_an_error() {
    let dir = std::env::temp_dir().join(format!("bao-docs-empty-{}", std::process::id()));
    fs::create_dir_all(dir.join("sub")).unwrap();
    fs::write(dir.join("sub/notes.md"), "not a record").unwrap();
    let shown = dir.display().to_string();
    let (out, _, status) = bao(&["check", &shown]);
    assert_eq!(status, 2, "{out}");
    assert!(out.contains("no game records found under it"), "{out}");
    let (out, _, status) = bao(&["check", &shown, "--format", "json"]);
    assert_eq!(status, 2);
    assert!(out.contains("no game records found"), "{out}");
    // Likewise a specification run that finds nothing to run.
    let (out, err, status) = bao(&["spec", &shown]);
    assert_eq!(status, 2, "{out}");
    assert!(err.contains("nothing was run"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_record_in_donkers_notation_without_notation_gets_a_hint() {
    let dir = std::env::temp_dir().join(format!("bao-docs-donkers-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.yaml");
    fs::write(
        &file,
        "ruleset: bao-la-kiswahili\nsource: test\nmoves: [7L*, 5R]\n",
    )
    .unwrap();
    let (out, _, status) = bao(&["check", &file.display().to_string(), "--color", "never"]);
    assert_eq!(status, 1);
    assert!(out.contains("notation: donkers"), "{out}");
    let _ = fs::remove_dir_all(&dir);
}
