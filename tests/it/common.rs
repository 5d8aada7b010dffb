//! What the test modules share: the built binary, the crate's folder, and running a command.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output};
use std::sync::OnceLock;

/// The `bao-oracle` binary this test run built.
pub const BIN: &str = env!("CARGO_BIN_EXE_bao-oracle");

/// The crate's folder: paths in the tests are relative to it, as a user in a checkout types them.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Python interpreter that `python3` names, resolved once: on the PATH it may be a version
/// manager's shim (pyenv's starts some twenty shell processes each time, as much CPU again as
/// Python itself), and the tests start Python engines some 250 times. `python3` if it cannot say.
pub fn python3() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .ok()
            .filter(|out| out.status.success())
            .and_then(|out| String::from_utf8(out.stdout).ok())
            .map(|path| path.trim().to_string())
            .filter(|path| !path.is_empty())
            .unwrap_or_else(|| "python3".to_string())
    })
}

/// The engine command line that runs the Python script `script` with `args` (each quoted). `-S`:
/// the test engines need the standard library only, and the site packages a user installed are
/// kept out of them (a `.pth` file that imports a package at every start doubled Python's).
pub fn python_engine_command(script: &Path, args: &[&str]) -> String {
    let mut line = format!("'{}' -S '{}'", python3(), script.display());
    for arg in args {
        line.push_str(&format!(" '{arg}'"));
    }
    line
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

/// Waits for `child`; kills it and gives `None` if it hangs: when, at [`HUNG_LOOKS`] looks about
/// a second apart, no process of its tree was running and none had gained CPU time since the look
/// before. A hang is told by what the processes do, never by the clock: a loaded machine slows a
/// run down, it does not stop it taking CPU time. Without Linux's `/proc` nothing is ever seen to
/// hang, and a hang stops the test rather than failing it.
pub fn wait_unless_hung(child: &mut Child) -> Option<ExitStatus> {
    wait_unless_still(child, HUNG_LOOKS)
}

/// [`wait_unless_hung`], hung after `looks` idle looks in a row.
fn wait_unless_still(child: &mut Child, looks: u32) -> Option<ExitStatus> {
    let (mut last, mut still) = (None, 0);
    for polls in 1u64.. {
        if let Some(status) = child.try_wait().expect("wait for a child") {
            return Some(status);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
        if polls % 50 != 0 {
            continue;
        }
        match tree_activity(child.id()) {
            Some((cpu, false)) if last == Some(cpu) => still += 1,
            activity => {
                still = 0;
                last = activity.map(|(cpu, _)| cpu);
            }
        }
        if still >= looks {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
    }
    unreachable!()
}

/// How many looks in a row must find a process tree idle for [`wait_unless_hung`] to call it
/// hung: longer than any engine timeout a test sets.
pub const HUNG_LOOKS: u32 = 30;

/// The CPU time of `root` and of its living descendants, in clock ticks (their own, and that of
/// the children they have waited for), and whether any of them is running or in an
/// uninterruptible wait (disk). `None` without `/proc`.
fn tree_activity(root: u32) -> Option<(u64, bool)> {
    // pid, parent pid, state, CPU ticks of each process.
    let mut processes = Vec::new();
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (comm) state ppid ...`: the command may hold spaces and parentheses.
        let Some((_, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let number = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok());
        let (Some(ppid), Some(ticks)) = (
            number(1),
            [11, 12, 13, 14]
                .iter()
                .map(|&i| number(i))
                .sum::<Option<u64>>(),
        ) else {
            continue;
        };
        processes.push((pid, ppid as u32, fields[0].to_string(), ticks));
    }
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(
            processes
                .iter()
                .filter(|p| p.1 == parent && p.0 != parent)
                .map(|p| p.0),
        );
        i += 1;
    }
    let (mut cpu, mut busy) = (0, false);
    for (pid, _, state, ticks) in &processes {
        if tree.contains(pid) {
            cpu += ticks;
            busy |= state == "R" || state == "D";
        }
    }
    processes.iter().any(|p| p.0 == root).then_some((cpu, busy))
}

/// A child that sleeps is hung; one that computes is not, however long it takes.
#[cfg(target_os = "linux")]
#[test]
fn a_hang_is_a_child_that_takes_no_cpu_time() {
    let mut sleeper = Command::new("sleep").arg("600").spawn().unwrap();
    assert_eq!(wait_unless_still(&mut sleeper, 2), None);
    let mut busy = Command::new("sh")
        .args(["-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"])
        .spawn()
        .unwrap();
    assert!(wait_unless_still(&mut busy, 1).is_some_and(|s| s.success()));
}
