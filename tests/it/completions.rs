//! `bao-oracle completions SHELL`, run in the shell: the generated script is loaded and its
//! completion function driven as the shell drives it on TAB, for commands, options, option
//! values, rulesets, presets and `--ruling NAME=VALUE`. A shell that is not installed is skipped
//! (bash is on every system the tests run on; fish and zsh where they are installed), except zsh
//! under `BAO_REQUIRE_ZSH=1`, which `.ci/run` sets after installing it: there a missing zsh fails.

use std::io::Read as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::common::{HUNG_LOOKS, run, wait_unless_hung};

/// The script for `shell`, written to a scratch file.
fn script(shell: &str) -> PathBuf {
    let (status, text, err) = run(&["completions", shell]);
    assert_eq!(status, 0, "{err}");
    let path = std::env::temp_dir().join(format!(
        "bao-completions-{}-{shell}.{shell}",
        std::process::id()
    ));
    std::fs::write(&path, text).unwrap();
    path
}

fn installed(shell: &str) -> bool {
    Command::new(shell)
        .arg("-c")
        .arg("exit 0")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Bash's words for `line` (the text before the cursor), as readline splits them for a
/// completion function: at blanks, and `=` a word of its own (it is in `COMP_WORDBREAKS`).
fn bash_words(line: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for word in line.split(' ') {
        let mut parts = word.split('=').peekable();
        while let Some(part) = parts.next() {
            if !part.is_empty() || words.is_empty() || parts.peek().is_none() {
                words.push(part.to_string());
            }
            if parts.peek().is_some() {
                words.push("=".to_string());
            }
        }
    }
    // `NAME=` with the cursor after `=`: the word being completed is the `=` itself.
    if line.ends_with('=') && words.last().is_some_and(String::is_empty) {
        words.pop();
    }
    words
}

/// What bash offers at the end of `line`: the function `complete -p bao-oracle` names, called
/// with `COMP_WORDS`, `COMP_CWORD` and its three arguments as bash calls it.
fn bash(script: &PathBuf, line: &str) -> Vec<String> {
    let driver = r#"
source "$1"; shift
COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
spec=$(complete -p bao-oracle) || exit 3
fn=${spec#*-F }; fn=${fn%% *}
"$fn" bao-oracle "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"
"#;
    let out = Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(driver)
        .arg("bash")
        .arg(script)
        .args(bash_words(line))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// What fish offers at the end of `line` (`complete -C`), descriptions left off.
fn fish(script: &PathBuf, line: &str) -> Vec<String> {
    let out = Command::new("fish")
        .arg("--no-config")
        .arg("-c")
        .arg("source $argv[1]; complete -C $argv[2]")
        .arg(script)
        .arg(line)
        .output()
        .unwrap();
    assert!(out.status.success(), "{line}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect()
}

/// What the zsh completion script gives the matches to: every `compadd` of a completion also
/// prints the matches it adds (matched against the word, as `-A` leaves them), and the end of
/// the completion prints a mark and leaves the shell. Sourced by an interactive `zsh -f` in a
/// pseudo-terminal, after `compinit`, with the script under test.
const ZSH_INIT: &str = r#"
PROMPT='' RPROMPT=''
autoload -U compinit && compinit -u -d BAO_ZCOMPDUMP
source "$BAO_SCRIPT"
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
bindkey '^I' complete-word
compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
  local -a __hits
  builtin compadd -A __hits "$@"
  local h; for h in $__hits; do print -r -- "<<match>>$h"; done
  builtin compadd "$@"
}
_bao_done() { print -r -- "<<done>>"; exit }
comppostfuncs=( _bao_done )
print -r -- "<<ready>>"
"#;

/// Runs an interactive zsh in a pseudo-terminal (`zsh/zpty`), types the line and a TAB, and
/// prints the matches [`ZSH_INIT`] reports, one a line: zsh's own completion system at work.
const ZSH_DRIVER: &str = r#"
zmodload zsh/zpty || exit 3
zpty z BAO_SCRIPT="$1" zsh -f -i
zpty -w z "source ${(q)2}"
local line
while zpty -r z line; do [[ $line == *'<<ready>>'* ]] && break; done
zpty -w -n z "$3"$'\t'
while zpty -r z line; do
  [[ $line == *'<<done>>'* ]] && break
  [[ $line == *'<<match>>'* ]] && print -r -- "${${line#*<<match>>}%%$'\r'*}"
done
zpty -d z
"#;

/// What zsh offers at the end of `line`, TAB pressed in an interactive shell. A shell that
/// hangs fails the test (it never hangs it).
fn zsh(script: &PathBuf, init: &PathBuf, line: &str) -> Vec<String> {
    let mut child = Command::new("zsh")
        .arg("-f")
        .arg("-c")
        .arg(ZSH_DRIVER)
        .arg("zsh")
        .arg(script)
        .arg(init)
        .arg(line)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let Some(status) = wait_unless_hung(&mut child) else {
        panic!("{line}: zsh hangs: it took no CPU time for {HUNG_LOOKS} looks in a row");
    };
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "{line}: {status}: {err}");
    out.lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// (the line before the cursor, what must be offered, what must not)
type Case = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

const CASES: &[Case] = &[
    ("bao-oracle ch", &["check"], &[]),
    ("bao-oracle check --f", &["--format"], &["--strict"]),
    (
        "bao-oracle check --format ",
        &["human", "json", "html"],
        &[],
    ),
    (
        "bao-oracle play ",
        &[
            "bao-kingulu",
            "bao-la-kete",
            "bao-la-kimasai",
            "bao-la-kiswahili",
        ],
        &[],
    ),
    (
        "bao-oracle explain --preset ",
        &["nkkmd", "donkers-2002"],
        &["Cargo.toml"],
    ),
    ("bao-oracle spec --preset nk", &["nkkmd"], &["Cargo.toml"]),
    (
        "bao-oracle conform --ruleset bao-la-k",
        &["bao-la-kete", "bao-la-kiswahili"],
        &["bao-kingulu"],
    ),
    // Issue 32, item 4: rule ids and the bibliography's keys.
    (
        "bao-oracle rules bao-kingulu KIN-1",
        &["KIN-10", "KIN-11"],
        &["Cargo.toml"],
    ),
    (
        "bao-oracle sources klam",
        &["klamroth-1911"],
        &["Cargo.toml"],
    ),
];

#[test]
fn bash_completes_commands_options_and_the_catalogues() {
    if !installed("bash") {
        eprintln!("bash is not installed: skipped");
        return;
    }
    let script = script("bash");
    let mut cases: Vec<(&str, Vec<&str>, Vec<&str>)> = CASES
        .iter()
        .map(|(l, yes, no)| (*l, yes.to_vec(), no.to_vec()))
        .collect();
    // bash completes `--ruling` a name at a time: the names with their `=`, then the name's values.
    cases.extend([
        (
            "bao-oracle check --ruling kingulu.pen",
            vec!["kingulu.penultimate-source="],
            vec!["Cargo.toml"],
        ),
        (
            "bao-oracle moves bao-kingulu --ruling kingulu.penultimate-source=",
            vec!["any", "not-from-reserved"],
            vec!["--help"],
        ),
        (
            "bao-oracle moves bao-kingulu --ruling kingulu.penultimate-source=not",
            vec!["not-from-reserved"],
            vec!["any"],
        ),
        (
            "bao-oracle check --compare-ruling zanzibar.",
            vec!["zanzibar.capture-stop-house="],
            vec!["kingulu.penultimate-source="],
        ),
    ]);
    for (line, offered, not) in cases {
        offers(line, &bash(&script, line), &offered, &not);
    }
    let _ = std::fs::remove_file(script);
}

/// What a shell offered at the end of `line` holds every word of `offered` and none of `not`.
fn offers(line: &str, got: &[String], offered: &[&str], not: &[&str]) {
    for word in offered {
        assert!(
            got.iter().any(|g| g == word),
            "{line}: {word} not in {got:?}"
        );
    }
    for word in not {
        assert!(!got.iter().any(|g| g == word), "{line}: {word} in {got:?}");
    }
}

#[test]
fn fish_completes_commands_options_and_the_catalogues() {
    if !installed("fish") {
        eprintln!("fish is not installed: skipped");
        return;
    }
    let script = script("fish");
    let mut cases: Vec<(&str, Vec<&str>, Vec<&str>)> = CASES
        .iter()
        .map(|(l, yes, no)| (*l, yes.to_vec(), no.to_vec()))
        .collect();
    cases.push((
        "bao-oracle moves bao-kingulu --ruling kingulu.penultimate-source=",
        vec![
            "kingulu.penultimate-source=any",
            "kingulu.penultimate-source=not-from-reserved",
        ],
        vec![],
    ));
    for (line, offered, not) in cases {
        offers(line, &fish(&script, line), &offered, &not);
    }
    let _ = std::fs::remove_file(script);
}

#[test]
fn the_word_splitting_is_bashs() {
    assert_eq!(bash_words("a --ruling x="), ["a", "--ruling", "x", "="]);
    assert_eq!(
        bash_words("a --ruling x=y"),
        ["a", "--ruling", "x", "=", "y"]
    );
    assert_eq!(bash_words("a b "), ["a", "b", ""]);
}

#[test]
fn zsh_completes_commands_options_and_the_catalogues() {
    if !installed("zsh") {
        assert!(
            std::env::var("BAO_REQUIRE_ZSH").as_deref() != Ok("1"),
            "zsh is not installed and BAO_REQUIRE_ZSH=1"
        );
        eprintln!("zsh is not installed: skipped");
        return;
    }
    let script = script("zsh");
    let init =
        std::env::temp_dir().join(format!("bao-completions-{}-init.zsh", std::process::id()));
    // compinit's dump of the functions it found, made by the first shell and read by the others
    // (a scan of every completion function is a fifth of a second of CPU a shell).
    let dump =
        std::env::temp_dir().join(format!("bao-completions-{}.zcompdump", std::process::id()));
    let _ = std::fs::remove_file(&dump);
    let quoted = format!("'{}'", dump.display().to_string().replace('\'', r"'\''"));
    std::fs::write(&init, ZSH_INIT.replace("BAO_ZCOMPDUMP", &quoted)).unwrap();
    let mut cases: Vec<(&str, Vec<&str>, Vec<&str>)> = CASES
        .iter()
        .map(|(l, yes, no)| (*l, yes.to_vec(), no.to_vec()))
        .collect();
    // zsh completes `--ruling` whole: NAME=VALUE, the name's values once the name is written.
    cases.extend([
        (
            "bao-oracle check --ruling kingulu.pen",
            vec![
                "kingulu.penultimate-source=any",
                "kingulu.penultimate-source=not-from-reserved",
            ],
            vec!["Cargo.toml", "kete.mtaji-safari=choice"],
        ),
        (
            "bao-oracle moves bao-kingulu --ruling kingulu.penultimate-source=not",
            vec!["kingulu.penultimate-source=not-from-reserved"],
            vec!["kingulu.penultimate-source=any"],
        ),
        (
            "bao-oracle check --compare-ruling=zanzibar.takasia=",
            vec!["zanzibar.takasia=yes", "zanzibar.takasia=no"],
            vec!["zanzibar.takasia-singleton=allowed"],
        ),
    ]);
    for (line, offered, not) in cases {
        offers(line, &zsh(&script, &init, line), &offered, &not);
    }
    let _ = std::fs::remove_file(script);
    let _ = std::fs::remove_file(init);
    let _ = std::fs::remove_file(dump);
}
