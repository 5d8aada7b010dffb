//! Hostile inputs and faults at the command line (issue 11): special files are refused, never
//! waited on; failed writes never panic; control characters are shown escaped. Every run here is
//! watched: a hang (no CPU time taken for half a minute) is a failure, not a stuck test.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};

use crate::common::{BIN, HUNG_LOOKS, wait_unless_hung};

/// What a bounded run gave.
pub struct Run {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn code(&self) -> Option<i32> {
        self.status.code()
    }
}

/// Waits for `child`; kills it and fails the test if it hangs ([`wait_unless_hung`]).
fn wait_bounded(mut child: Child, what: &str) -> Run {
    // Read the pipes on threads, so that a chatty child never blocks on a full pipe.
    let mut out = child.stdout.take();
    let mut err = child.stderr.take();
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        if let Some(o) = out.as_mut() {
            let _ = o.read_to_end(&mut s);
        }
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        if let Some(e) = err.as_mut() {
            let _ = e.read_to_end(&mut s);
        }
        s
    });
    let Some(status) = wait_unless_hung(&mut child) else {
        panic!("`{what}` hangs: it took no CPU time for {HUNG_LOOKS} looks in a row");
    };
    Run {
        status,
        stdout: String::from_utf8_lossy(&out.join().unwrap()).into_owned(),
        stderr: String::from_utf8_lossy(&err.join().unwrap()).into_owned(),
    }
}

/// Runs the binary with `stdout` as its standard output; a hang fails the test.
fn bao_to(args: &[&str], stdout: Stdio) -> Run {
    let child = Command::new(BIN)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    wait_bounded(child, &args.join(" "))
}

pub fn bao(args: &[&str]) -> Run {
    bao_to(args, Stdio::piped())
}

/// A fresh folder under the system's temporary folder.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bao-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(unix)]
pub fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(ok.success(), "mkfifo {}", path.display());
}

// --- special files (item 8) -------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_not_waited_on() {
    let dir = scratch("fifo");
    let fifo = dir.join("game.yaml");
    mkfifo(&fifo);
    let path = fifo.to_str().unwrap();
    let folder = dir.to_str().unwrap();
    for args in [
        vec!["check", path],
        vec!["check", folder],
        vec!["check", "--format", "json", path],
        vec!["spec", path],
        vec!["spec", folder],
        vec!["explain", "--record", path, "--ply", "1"],
        vec!["export", "--spec", path],
        vec!["import", path],
        vec!["import", folder],
        vec!["repair", path],
        vec!["repair", folder, "--diff"],
    ] {
        let run = bao(&args);
        assert_eq!(
            run.code(),
            Some(2),
            "{args:?}: {}{}",
            run.stdout,
            run.stderr
        );
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(said.contains("io-error"), "{args:?}: {said}");
        assert!(said.contains("FIFO"), "{args:?}: {said}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_device_is_refused_unread() {
    // `/dev/zero` is endless: reading it would grow without bound.
    for args in [
        vec!["check", "/dev/zero"],
        vec!["spec", "/dev/zero"],
        vec!["explain", "--record", "/dev/zero", "--ply", "1"],
    ] {
        let run = bao(&args);
        assert_eq!(run.code(), Some(2), "{args:?}");
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(
            said.contains("is a device, not a regular file"),
            "{args:?}: {said}"
        );
    }
}

// --- failed writes (item 9) --------------------------------------------------------------------------

/// Every command, with arguments that make it write to standard output.
const WRITERS: &[&[&str]] = &[
    &["export"],
    &["generate", "bao-kingulu", "--count", "3"],
    &["moves", "bao-kingulu"],
    &["perft", "bao-kingulu", "2"],
    &["perft", "bao-kingulu", "2", "--divide"],
    &["play", "bao-kingulu", "A5"],
    &["play", "bao-kingulu", "--diagram", "A5"],
    &["explain", "bao-kingulu", "A5"],
    &[
        "explain",
        "bao-kingulu",
        "A5",
        "--compare-ruling",
        "kingulu.penultimate-source=not-from-reserved",
    ],
    &["spec", "spec/bao-kingulu"],
    &["spec", "--format", "json", "spec/bao-kingulu"],
    &["check", "corpus"],
    &["check", "--format", "json", "corpus"],
    &["check", "tests/records"],
];

#[cfg(target_os = "linux")]
#[test]
fn a_full_output_is_an_error_not_a_panic() {
    for args in WRITERS {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let run = bao_to(args, Stdio::from(full));
        assert_eq!(run.code(), Some(2), "{args:?}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("error[io-error]: cannot write the output"),
            "{args:?}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
    }
}

/// A closed pipe: the reader went away before the command wrote. The commands here write more
/// than a pipe holds, so that the write fails whatever the timing.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_quietly_with_status_141() {
    let dir = scratch("pipe");
    // Many invalid games: a long human report.
    let bad = "ruleset: bao-kingulu\nsource: t\nmoves: [Z9]\n---\n".repeat(2_000);
    let bad_path = dir.join("bad.yaml");
    std::fs::write(&bad_path, bad).unwrap();
    let bad_path = bad_path.to_str().unwrap();
    for args in [
        vec!["export"],
        vec!["generate", "bao-kingulu", "--count", "100000"],
        vec!["check", bad_path],
        vec!["check", "--format", "json", bad_path],
    ] {
        let mut child = Command::new(BIN)
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let run = wait_bounded(child, &args.join(" "));
        assert_eq!(run.code(), Some(141), "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr, "", "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// --- codes and escaping (items 12, 13) ----------------------------------------------------------------

#[test]
fn a_false_claim_names_its_code() {
    let run = bao(&["explain", "bao-kingulu", "A5x"]);
    assert_eq!(run.code(), Some(1));
    assert!(
        run.stderr.contains("error[false-claim]: `A5x`"),
        "{}",
        run.stderr
    );
    // The claim in a record: the place is named too.
    let dir = scratch("claim");
    let path = dir.join("claim.yaml");
    std::fs::write(&path, "ruleset: bao-kingulu\nsource: t\nmoves: [A5x]\n").unwrap();
    let run = bao(&["explain", "--record", path.to_str().unwrap(), "--ply", "1"]);
    assert_eq!(run.code(), Some(1));
    assert!(
        run.stderr.contains("error[false-claim]: game 1 of"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn usage_errors_carry_a_code() {
    for args in [
        vec!["check", "--bogus", "x"],
        vec!["check"],
        vec!["perft", "bao-kingulu", "deep"],
        vec!["nothing"],
        vec![],
    ] {
        let run = bao(&args);
        assert_eq!(run.code(), Some(2), "{args:?}");
        assert!(
            run.stderr.starts_with("error[usage]: "),
            "{args:?}: {}",
            run.stderr
        );
    }
    // clap's own words stay.
    let run = bao(&["check", "--bogus", "x"]);
    assert!(
        run.stderr.contains("unexpected argument '--bogus'"),
        "{}",
        run.stderr
    );
    let run = bao(&["--version"]);
    assert_eq!(run.code(), Some(0));
    assert!(run.stdout.starts_with("bao-oracle "));
}

/// Human outputs show control characters escaped: a record, a file name or an argument cannot
/// drive the terminal of the person reading the report.
#[test]
fn control_characters_are_shown_escaped() {
    let dir = scratch("escape");
    let name = if cfg!(unix) {
        "bad\u{1b}]0;title\u{7}.yaml"
    } else {
        "bad.yaml"
    };
    let path = dir.join(name);
    // A raw ESC in a comment next to the move, and one a YAML escape puts in the move itself.
    std::fs::write(
        &path,
        "ruleset: bao-kingulu\nsource: t\n# \u{1b}[2J\u{1b}[H cleared\nmoves: [A5]\n---\n\
         ruleset: bao-kingulu\nsource: t\nmoves: [A5, \"a\\e[31m5\", A3]\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let runs = [
        bao(&["check", path]),
        bao(&["explain", "--record", path, "--game", "2", "--ply", "2"]),
        bao(&["play", "bao-kingulu", "A5", "a\u{1b}[31m5"]),
        bao(&["explain", "bao-kingulu", "A\u{1b}]0;x\u{7}5"]),
        bao(&["moves", "bao-\u{1b}[31mkingulu"]),
        bao(&["check", "--ruling", "x\u{1b}[31m=1", path]),
    ];
    for run in &runs {
        let said = format!("{}{}", run.stdout, run.stderr);
        assert!(!said.contains(['\u{1b}', '\u{7}']), "{said:?}");
        assert!(said.contains("\\u{1b}"), "{said}");
    }
    // The quoted move is underlined where it is, its column counted in the file's characters.
    let human = &runs[0].stdout;
    assert!(human.contains(":8:13]"), "{human}");
    assert!(human.contains("moves: [A5, \"a\\e[31m5\", A3]"), "{human}");
    // The raw ESC of game 1's comment is quoted escaped (serde-saphyr refuses it there).
    assert!(human.contains("# \\u{1b}[2J\\u{1b}[H cleared"), "{human}");
    assert!(human.contains("0 passed, 2 failed"), "{human}");
    let _ = std::fs::remove_dir_all(&dir);
}

// --- the repair search --------------------------------------------------------------------------

/// A move list pasted into one move's quotes (found by fuzzing): the repair search no longer tries
/// tens of thousands of slips of it, and the check ends at once with the error and suggestions.
#[test]
fn a_pasted_move_list_in_one_move_is_checked_quickly() {
    let dir = scratch("pasted");
    let pasted = ["B4", "a12", "B11", "b9", "A3", "b6"].repeat(10).join(", ");
    let record = format!(
        "ruleset: bao-la-kete\nsource: fuzzing\nmoves: [\"A7<\", \"a5<\", \"A6<\", \"a5<\", \"A2>\", \"a8<+\", \"A3<\", \
         \"a2>\", \"A2>\", \"a4 {pasted} >\", \"A1>\", \"a5>\"]\n"
    );
    let path = dir.join("pasted.yaml");
    std::fs::write(&path, record).unwrap();
    let run = bao(&["check", path.to_str().unwrap()]);
    assert_eq!(run.code(), Some(1), "{}", run.stderr);
    assert!(run.stdout.contains("not-notation"), "{}", run.stdout);
    // Any move in its place lets the two plies after it replay: the best tie.
    assert!(run.stdout.contains("help: ambiguous: "), "{}", run.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `repair` writes no control character of a record or a file name raw: its comments are one
/// line with them escaped, and its summary on standard error is escaped as every message is.
#[test]
fn repair_comments_and_messages_are_escaped() {
    let dir = scratch("repair-escape");
    let name = if cfg!(unix) {
        "r\u{1b}[2J\n.yaml"
    } else {
        "r.yaml"
    };
    let path = dir.join(name);
    std::fs::write(
        &path,
        "ruleset: bao-la-kimasai\nsource: t\nmoves: [A2, a2, \"Q9\\e[2J\\r\\n---\\nsource: x\", b10, A4, b11, A5]\n---\n\
         ruleset: bao-la-kimasai\nsource: t\nmoves: [\"\\e]0;t\\a\"]\nresult: north\n",
    )
    .unwrap();
    let run = bao(&["repair", path.to_str().unwrap()]);
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(!said.contains(['\u{1b}', '\u{7}', '\r']), "{said:?}");
    assert!(
        run.stdout.contains("written Q9\\u{1b}[2J\\u{d}\\u{a}---"),
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.matches("---").count(), 2, "{}", run.stdout);
    assert!(run.stderr.contains("of 2 game(s) valid"), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}
