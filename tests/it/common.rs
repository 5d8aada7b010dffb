//! What the test modules share: the built binary, the crate's folder, and running a command.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The `bao-oracle` binary this test run built.
pub const BIN: &str = env!("CARGO_BIN_EXE_bao-oracle");

/// The crate's folder: paths in the tests are relative to it, as a user in a checkout types them.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `bao-oracle ARGS` in the crate's folder, colour left to the program (`NO_COLOR` unset).
pub fn bao(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(root())
        .env_remove("NO_COLOR")
        .output()
        .expect("the binary runs")
}

/// Runs `bao-oracle ARGS`: exit code, standard output, standard error.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = bao(args);
    (
        out.status.code().expect("exit code"),
        stdout(&out),
        String::from_utf8(out.stderr).expect("UTF-8 errors"),
    )
}

/// A command's standard output, which is UTF-8.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

/// Runs `bao-oracle ARGS` in the crate's folder with `input` on its standard input: exit code,
/// standard output, standard error.
pub fn run_with_stdin(args: &[&str], input: &[u8]) -> (i32, String, String) {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    // A command that stops reading early closes the pipe: a broken pipe is no failure here.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = child.wait_with_output().expect("the binary ends");
    (
        out.status.code().expect("exit code"),
        stdout(&out),
        String::from_utf8(out.stderr).expect("UTF-8 errors"),
    )
}
