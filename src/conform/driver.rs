//! Running an engine under test: one child process speaking the protocol on its stdin/stdout,
//! requests pipelined, each answer awaited with a timeout, and the process restarted after a crash,
//! a timeout or a garbled answer.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::protocol::{self, Request, Response, RulesetSupport};

/// Requests in flight at once. Small enough that the requests never fill a pipe's buffer (so a
/// write never blocks on an engine that has stopped reading), large enough to keep both processes
/// busy.
const WINDOW: usize = 64;
/// An engine that crashes more often than this in one run cannot be run.
const MAX_RESTARTS: u32 = 100;
/// The least time an engine is given to start and answer `hello`.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// Lines of the engine's stderr kept for a crash report.
const STDERR_TAIL: usize = 12;

/// What the engine said in its `hello`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineInfo {
    pub name: String,
    pub version: Option<String>,
    pub protocol: u32,
    pub rulesets: std::collections::BTreeMap<String, RulesetSupport>,
}

/// The engine's reply to one request.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// A protocol message with the right id; `line` as the engine wrote it.
    Answer { response: Response, line: String },
    /// A line that is not a response to this request (not JSON, not a message, a wrong id).
    Garbled { line: String, why: String },
    /// No answer within the timeout; the engine was restarted.
    Timeout { seconds: f64 },
    /// The engine exited (or closed its output) instead of answering; it was restarted.
    Crashed { stderr: String },
}

/// Why an engine could not be run at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fatal(pub String);

impl std::fmt::Display for Fatal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

struct Process {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

impl Process {
    fn spawn(argv: &[String]) -> Result<Process, Fatal> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| Fatal("the engine command is empty".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Fatal(format!("cannot start `{}`: {e}", argv.join(" "))))?;
        let stdin = BufWriter::new(child.stdin.take().expect("stdin is piped"));
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr_pipe = child.stderr.take().expect("stderr is piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if tx.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr_pipe).lines() {
                let Ok(line) = line else { return };
                let Ok(mut tail) = tail.lock() else { return };
                if tail.len() == STDERR_TAIL {
                    tail.pop_front();
                }
                tail.push_back(line);
            }
        });
        Ok(Process {
            child,
            stdin,
            lines,
            stderr,
        })
    }

    fn stderr_tail(&self) -> String {
        // The stderr thread may still be reading the last words of a dying engine.
        std::thread::sleep(Duration::from_millis(20));
        self.stderr
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join("\n"))
            .unwrap_or_default()
    }

    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Closes the engine's input and gives it a moment to exit on its own.
    fn close(mut self) {
        let _ = self.stdin.flush();
        drop(self.stdin);
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An engine under test.
pub struct Driver {
    argv: Vec<String>,
    timeout: Duration,
    process: Option<Process>,
    info: EngineInfo,
    next_id: u64,
    /// Requests sent, the handshakes included.
    pub requests: u64,
    pub restarts: u32,
    transcript: Option<BufWriter<File>>,
}

impl Driver {
    /// Starts the engine and shakes hands with it.
    pub fn start(
        argv: Vec<String>,
        timeout: Duration,
        transcript: Option<File>,
    ) -> Result<Driver, Fatal> {
        let mut driver = Driver {
            argv,
            timeout,
            process: None,
            info: EngineInfo {
                name: String::new(),
                version: None,
                protocol: 0,
                rulesets: Default::default(),
            },
            next_id: 0,
            requests: 0,
            restarts: 0,
            transcript: transcript.map(BufWriter::new),
        };
        driver.info = driver.launch()?;
        Ok(driver)
    }

    pub fn info(&self) -> &EngineInfo {
        &self.info
    }

    fn record(&mut self, prefix: &str, line: &str) {
        if let Some(t) = &mut self.transcript {
            let _ = writeln!(t, "{prefix} {line}");
        }
    }

    /// Spawns the process and runs the handshake.
    fn launch(&mut self) -> Result<EngineInfo, Fatal> {
        let mut process = Process::spawn(&self.argv)?;
        let id = self.next_id;
        self.next_id += 1;
        let line = to_line(&Request::Hello {
            id: protocol::id(id),
            protocol: protocol::VERSION,
        });
        self.record(">", &line);
        self.requests += 1;
        let sent = writeln!(process.stdin, "{line}").and_then(|_| process.stdin.flush());
        // Starting may take longer than answering (an interpreter, a JIT): `hello` gets at least
        // HELLO_TIMEOUT.
        let wait = self.timeout.max(HELLO_TIMEOUT);
        let answer = match process.lines.recv_timeout(wait) {
            Ok(answer) => answer,
            Err(RecvTimeoutError::Timeout) => {
                process.kill();
                return Err(Fatal(format!(
                    "the engine did not answer `hello` within {} s",
                    wait.as_secs_f64()
                )));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let why = match sent {
                    Err(e) => format!(" ({e})"),
                    Ok(()) => String::new(),
                };
                let stderr = process.stderr_tail();
                process.kill();
                return Err(Fatal(format!(
                    "the engine exited before answering `hello`{why}{}",
                    indent_stderr(&stderr)
                )));
            }
        };
        self.record("<", &answer);
        let info = match serde_json::from_str::<Response>(&answer) {
            Ok(Response::Hello {
                id: got,
                engine,
                version,
                protocol,
                rulesets,
            }) if got == protocol::id(id) => EngineInfo {
                name: engine,
                version,
                protocol,
                rulesets,
            },
            _ => {
                process.kill();
                return Err(Fatal(format!(
                    "the engine's answer to `hello` is not a `hello` with id {id}: {}",
                    clip(&answer)
                )));
            }
        };
        if info.protocol != protocol::VERSION {
            process.kill();
            return Err(Fatal(format!(
                "the engine speaks protocol version {}; this oracle speaks {}",
                info.protocol,
                protocol::VERSION
            )));
        }
        self.process = Some(process);
        Ok(info)
    }

    fn restart(&mut self) -> Result<(), Fatal> {
        if let Some(p) = self.process.take() {
            p.kill();
        }
        self.restarts += 1;
        if self.restarts > MAX_RESTARTS {
            return Err(Fatal(format!(
                "the engine had to be restarted more than {MAX_RESTARTS} times"
            )));
        }
        self.launch().map(|_| ())
    }

    /// Sends the requests (their ids are assigned here) and returns one reply for each, in order.
    /// Requests are pipelined; after a crash, a timeout or a garbled answer the engine is restarted
    /// and the requests after the failed one are sent again.
    pub fn exchange(&mut self, requests: &mut [Request]) -> Result<Vec<Reply>, Fatal> {
        let mut lines = Vec::with_capacity(requests.len());
        let mut ids = Vec::with_capacity(requests.len());
        for request in requests.iter_mut() {
            let id = protocol::id(self.next_id);
            self.next_id += 1;
            set_id(request, id.clone());
            lines.push(to_line(request));
            ids.push(id);
        }
        let mut replies = Vec::with_capacity(requests.len());
        let mut sent = 0;
        while replies.len() < lines.len() {
            if self.process.is_none() {
                self.restart()?;
            }
            let Some(process) = self.process.as_mut() else {
                unreachable!("restarted above")
            };
            while sent < lines.len() && sent - replies.len() < WINDOW {
                if writeln!(process.stdin, "{}", lines[sent]).is_err() {
                    break;
                }
                if let Some(t) = &mut self.transcript {
                    let _ = writeln!(t, "> {}", lines[sent]);
                }
                self.requests += 1;
                sent += 1;
            }
            let _ = process.stdin.flush();
            let head = replies.len();
            let reply = match process.lines.recv_timeout(self.timeout) {
                Ok(line) => {
                    if let Some(t) = &mut self.transcript {
                        let _ = writeln!(t, "< {line}");
                    }
                    read_reply(line, &ids[head])
                }
                Err(RecvTimeoutError::Timeout) => Reply::Timeout {
                    seconds: self.timeout.as_secs_f64(),
                },
                Err(RecvTimeoutError::Disconnected) => Reply::Crashed {
                    stderr: process.stderr_tail(),
                },
            };
            if !matches!(reply, Reply::Answer { .. }) {
                // Whatever was in flight is lost with the process: send it again to a fresh one.
                if let Some(p) = self.process.take() {
                    p.kill();
                }
                sent = head + 1;
            }
            replies.push(reply);
        }
        Ok(replies)
    }

    /// Ends the session: closes the engine's input and waits briefly for it to exit.
    pub fn finish(mut self) {
        if let Some(p) = self.process.take() {
            p.close();
        }
        if let Some(t) = &mut self.transcript {
            let _ = t.flush();
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Some(p) = self.process.take() {
            p.kill();
        }
        if let Some(t) = &mut self.transcript {
            let _ = t.flush();
        }
    }
}

fn set_id(request: &mut Request, new: Value) {
    match request {
        Request::Hello { id, .. } | Request::LegalMoves { id, .. } | Request::Play { id, .. } => {
            *id = new
        }
    }
}

fn to_line(request: &Request) -> String {
    serde_json::to_string(request).expect("requests serialize")
}

fn read_reply(line: String, id: &Value) -> Reply {
    match serde_json::from_str::<Response>(&line) {
        Ok(response) if response.id() == id => Reply::Answer { response, line },
        Ok(response) => {
            let why = format!(
                "the answer's id is {}, the request's {id}: answers must come in order, one per request",
                response.id()
            );
            Reply::Garbled { line, why }
        }
        Err(e) => {
            let why = format!("not a protocol message: {e}");
            Reply::Garbled { line, why }
        }
    }
}

fn indent_stderr(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        let lines: Vec<String> = stderr.lines().map(|l| format!("\n  | {l}")).collect();
        format!("; its stderr ends:{}", lines.concat())
    }
}

/// A line cut to a readable length for a message.
pub fn clip(line: &str) -> String {
    const MAX: usize = 300;
    if line.len() <= MAX {
        return line.to_string();
    }
    let mut end = MAX;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &line[..end])
}

/// Splits a command line into words as a POSIX shell would for a simple command: blanks separate
/// words, single quotes keep everything, double quotes keep all but `\"` and `\\`, a backslash
/// outside quotes escapes the next character. No pipes, redirections or variables.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("a single quote is not closed".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err("a double quote is not closed".into()),
                        },
                        Some(c) => word.push(c),
                        None => return Err("a double quote is not closed".into()),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err("the command ends in a backslash".into()),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("the engine command is empty".into());
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_commands_like_a_shell() {
        assert_eq!(
            split_command("python3 'my engine.py' --x \"a \\\"b\\\"\" c\\ d").unwrap(),
            ["python3", "my engine.py", "--x", "a \"b\"", "c d"]
        );
        assert_eq!(split_command("  a  ''  ").unwrap(), ["a", ""]);
        assert!(split_command("a 'b").is_err());
        assert!(split_command("   ").is_err());
    }

    #[test]
    fn a_missing_program_cannot_be_run() {
        let err = Driver::start(
            vec!["/nonexistent/engine".into()],
            Duration::from_secs(1),
            None,
        )
        .err()
        .expect("no such program");
        assert!(err.0.contains("cannot start"), "{err}");
    }

    #[test]
    fn clips_long_lines_at_a_char_boundary() {
        let long = "é".repeat(400);
        let clipped = clip(&long);
        assert!(clipped.len() < 310 && clipped.ends_with('…'));
    }
}
