//! Running an engine under test: one child process speaking the protocol on its stdin/stdout,
//! requests pipelined, each answer awaited with a timeout, and the process restarted after a crash,
//! a timeout or an answer out of step with the requests.
//!
//! The engine's lines are read with a bound ([`MAX_LINE`]). A run stops (the report so far is
//! kept) when the engine needs more restarts than allowed, or when it fails the same way
//! [`GIVE_UP`] times in a row and then once more on a request it answered before.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::harness::protocol::{self, Request, Response, RulesetSupport};

/// Requests in flight at once. Small enough that the requests never fill a pipe's buffer (so a
/// write never blocks on an engine that has stopped reading), large enough to keep both processes
/// busy.
const WINDOW: usize = 64;
/// Restarts allowed in one run by default (`--max-restarts`).
pub const MAX_RESTARTS: u32 = 100;
/// Failures of one kind in a row (each costing a restart, no answer in between) after which the
/// engine is asked again a request it answered before; if that fails too, the run stops.
pub const GIVE_UP: u32 = 5;
/// The longest line read from an engine, newline excluded: an answer longer than this breaks the
/// protocol (1 MiB; the longest answer of the oracle is a few kilobytes).
pub const MAX_LINE: usize = 1 << 20;
/// The least time an engine is given to start and answer `hello`.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// Lines of the engine's stderr kept for a crash report, and the length each is cut to.
const STDERR_TAIL: usize = 12;
const STDERR_LINE: usize = 1000;
/// The most a crash report waits for a crashed engine's stderr to close.
const STDERR_WAIT: Duration = Duration::from_secs(2);

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
    /// A JSON object with the request's id that is not a valid response (an unknown `type` or
    /// event, a field of the wrong type): the engine is still in step and is not restarted.
    Invalid { line: String, why: String },
    /// A line out of step with the requests (not JSON, no or a wrong id, longer than
    /// [`MAX_LINE`]); the engine was restarted.
    Garbled { line: String, why: String },
    /// No answer within the timeout; the engine was restarted.
    Timeout { seconds: f64 },
    /// The engine exited (or closed its output) instead of answering; it was restarted.
    Crashed { stderr: String },
}

impl Reply {
    /// Whether the engine had to be stopped after this reply (and restarted for the next request).
    pub fn kills(&self) -> bool {
        matches!(
            self,
            Reply::Garbled { .. } | Reply::Timeout { .. } | Reply::Crashed { .. }
        )
    }

    /// The failure in a few words, the same for every failure of its kind.
    fn failure_kind(&self) -> Option<&'static str> {
        match self {
            Reply::Garbled { .. } => Some("answers out of step with the requests"),
            Reply::Timeout { .. } => Some("no answer in time"),
            Reply::Crashed { .. } => Some("the engine exited"),
            Reply::Answer { .. } | Reply::Invalid { .. } => None,
        }
    }
}

/// Why an engine could not be run at all, or no longer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fatal(pub String);

impl std::fmt::Display for Fatal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A line from the engine's stdout.
enum Line {
    Text(String),
    /// A line longer than [`MAX_LINE`]: its start. Nothing more is read from the process.
    TooLong(String),
}

/// Reads one line of at most `max` bytes (newline excluded) into `buf`: `Ok(None)` at the end of
/// the input, `Ok(Some(true))` for a line that is longer (its first `max` bytes in `buf`).
fn read_bounded(
    reader: &mut impl BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<bool>> {
    buf.clear();
    let n = reader
        .by_ref()
        .take(max as u64 + 1)
        .read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
        return Ok(Some(false));
    }
    // No newline: the end of the input, or a line past the bound.
    let long = buf.len() > max;
    buf.truncate(max);
    Ok(Some(long))
}

struct Process {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The thread that reads the engine's stderr; finished once the pipe is closed.
    stderr_reader: std::thread::JoinHandle<()>,
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
        // Bounded both ways: lines of at most MAX_LINE, at most WINDOW of them read ahead.
        let (tx, lines) = sync_channel(WINDOW);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                let line = match read_bounded(&mut reader, &mut buf, MAX_LINE) {
                    Ok(None) | Err(_) => return,
                    Ok(Some(long)) => {
                        let text = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if long {
                            Line::TooLong(text)
                        } else {
                            Line::Text(text)
                        }
                    }
                };
                let stop = matches!(line, Line::TooLong(_));
                if tx.send(line).is_err() || stop {
                    return;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        let stderr_reader = std::thread::spawn(move || {
            let mut reader = BufReader::new(stderr_pipe);
            let mut buf = Vec::new();
            loop {
                let long = match read_bounded(&mut reader, &mut buf, STDERR_LINE) {
                    Ok(Some(long)) => long,
                    Ok(None) | Err(_) => return,
                };
                let mut line = String::from_utf8_lossy(&buf).into_owned();
                if long {
                    line.push('…');
                    // The rest of the line is read and dropped, in bounded pieces.
                    while let Ok(Some(true)) = read_bounded(&mut reader, &mut buf, STDERR_LINE) {}
                }
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
            stderr_reader,
        })
    }

    fn stderr_tail(&self) -> String {
        // The stderr thread may still be reading the last words of a dying engine: they are
        // whole once the pipe is closed (the engine and whatever it started have exited), which
        // is awaited up to STDERR_WAIT (a child of the engine may keep the pipe open).
        let waited = Instant::now();
        while !self.stderr_reader.is_finished() && waited.elapsed() < STDERR_WAIT {
            std::thread::sleep(Duration::from_millis(5));
        }
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

/// The engine a run talks to: a child process over the protocol ([`Driver`]), or an engine in
/// the oracle's own process (the Python bindings) that answers the same messages.
pub trait Link {
    /// What the engine said in its `hello`.
    fn info(&self) -> &EngineInfo;
    /// Sends the requests (their ids are assigned here) and returns the replies in order, as
    /// [`Driver::exchange`] does.
    fn exchange(&mut self, requests: &mut [Request]) -> Result<Vec<Reply>, Fatal>;
    /// Requests sent, the handshakes included.
    fn requests(&self) -> u64;
    /// Restarts after a failure.
    fn restarts(&self) -> u32;
    /// Makes the next requests' ids begin at `first` (or go on, if already past it), so that a
    /// case's ids do not depend on the cases before it. An engine that takes no ids (one in the
    /// oracle's own process) ignores it.
    fn begin_ids(&mut self, first: u64) {
        let _ = first;
    }
}

impl Link for Driver {
    fn info(&self) -> &EngineInfo {
        Driver::info(self)
    }

    fn exchange(&mut self, requests: &mut [Request]) -> Result<Vec<Reply>, Fatal> {
        Driver::exchange(self, requests)
    }

    fn requests(&self) -> u64 {
        self.requests
    }

    fn restarts(&self) -> u32 {
        self.restarts
    }

    fn begin_ids(&mut self, first: u64) {
        self.next_id = self.next_id.max(first);
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
    max_restarts: u32,
    /// The kind of the last failures and how many came in a row, no answer in between.
    streak: Option<(&'static str, u32)>,
    /// The last request answered with a valid response: asked again before giving up.
    answered: Option<Request>,
    transcript: Option<BufWriter<File>>,
    /// The first failed write to the transcript: the run then fails (a lost transcript is no
    /// success).
    transcript_error: Option<std::io::Error>,
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
            max_restarts: MAX_RESTARTS,
            streak: None,
            answered: None,
            transcript: transcript.map(BufWriter::new),
            transcript_error: None,
        };
        driver.info = driver.launch()?;
        Ok(driver)
    }

    /// Allows `n` restarts in this run (default [`MAX_RESTARTS`]).
    pub fn set_max_restarts(&mut self, n: u32) {
        self.max_restarts = n;
    }

    pub fn info(&self) -> &EngineInfo {
        &self.info
    }

    fn record(&mut self, prefix: &str, line: &str) {
        write_transcript(
            &mut self.transcript,
            &mut self.transcript_error,
            prefix,
            line,
        );
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
            Ok(Line::Text(answer)) => answer,
            Ok(Line::TooLong(start)) => {
                process.kill();
                return Err(Fatal(format!(
                    "the engine's answer to `hello` is longer than {MAX_LINE} bytes: {}",
                    clip(&start)
                )));
            }
            Err(RecvTimeoutError::Timeout) => {
                process.kill();
                return Err(Fatal(format!(
                    "the engine did not answer `hello` within {} s (does it flush its output \
                     after each line?)",
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
                let why = protocol::hello_fault(&answer, id)
                    .unwrap_or_else(|| "it cannot be read".to_string());
                return Err(Fatal(format!(
                    "the engine's answer to `hello` is not a `hello` with id {id}: {why}: {}",
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
        if self.restarts >= self.max_restarts {
            return Err(Fatal(format!(
                "the engine failed again after {} restarts, the most allowed (--max-restarts)",
                self.max_restarts
            )));
        }
        self.restarts += 1;
        self.launch().map(|_| ())
    }

    /// A running engine for the next requests: restarted if it was stopped, unless it keeps
    /// failing the same way (see the module docs).
    fn running(&mut self) -> Result<(), Fatal> {
        if self.process.is_some() {
            return Ok(());
        }
        let Some((kind, n)) = self.streak.filter(|&(_, n)| n >= GIVE_UP) else {
            return self.restart();
        };
        let give_up = |also: &str| {
            Fatal(format!(
                "the engine failed {n} times in a row ({kind}){also}: given up"
            ))
        };
        // One more chance, on a request it answered before: a failure that depends on the request
        // (shrinking repeats one) does not stop the run; an engine that fails on everything does.
        let Some(mut again) = self.answered.clone() else {
            return Err(give_up(", having answered no request"));
        };
        self.restart()?;
        let id = self.fresh_id();
        set_id(&mut again, id.clone());
        let reply = self.send(&[to_line(&again)], &[id]).remove(0);
        match reply {
            Reply::Answer { .. } => Ok(()),
            _ => {
                if let Some(p) = self.process.take() {
                    p.kill();
                }
                Err(give_up(" and again on a request it had answered before"))
            }
        }
    }

    fn fresh_id(&mut self) -> Value {
        let id = protocol::id(self.next_id);
        self.next_id += 1;
        id
    }

    /// Sends the requests (their ids are assigned here) and returns the replies in order: one for
    /// each request, or fewer when the engine had to be stopped (a crash, a timeout, an answer out
    /// of step), the failed reply then last. `Err` when the engine cannot be run any more.
    pub fn exchange(&mut self, requests: &mut [Request]) -> Result<Vec<Reply>, Fatal> {
        let mut lines = Vec::with_capacity(requests.len());
        let mut ids = Vec::with_capacity(requests.len());
        for request in requests.iter_mut() {
            let id = self.fresh_id();
            set_id(request, id.clone());
            lines.push(to_line(request));
            ids.push(id);
        }
        if requests.is_empty() {
            return Ok(Vec::new());
        }
        self.running()?;
        let replies = self.send(&lines, &ids);
        if let Some(i) = replies
            .iter()
            .rposition(|r| matches!(r, Reply::Answer { .. }))
        {
            self.answered = Some(requests[i].clone());
        }
        Ok(replies)
    }

    /// Pipelines `lines` to the running engine; stops at the first reply that stops the engine.
    fn send(&mut self, lines: &[String], ids: &[Value]) -> Vec<Reply> {
        let mut replies = Vec::with_capacity(lines.len());
        let Some(process) = self.process.as_mut() else {
            unreachable!("the engine runs")
        };
        let mut sent = 0;
        while replies.len() < lines.len() {
            while sent < lines.len() && sent - replies.len() < WINDOW {
                if writeln!(process.stdin, "{}", lines[sent]).is_err() {
                    break;
                }
                write_transcript(
                    &mut self.transcript,
                    &mut self.transcript_error,
                    ">",
                    &lines[sent],
                );
                self.requests += 1;
                sent += 1;
            }
            let _ = process.stdin.flush();
            let head = replies.len();
            let reply = match process.lines.recv_timeout(self.timeout) {
                Ok(Line::Text(line)) => {
                    write_transcript(&mut self.transcript, &mut self.transcript_error, "<", &line);
                    read_reply(line, &ids[head])
                }
                Ok(Line::TooLong(start)) => {
                    let line = clip(&start);
                    write_transcript(&mut self.transcript, &mut self.transcript_error, "<", &line);
                    let why = format!(
                        "the answer is longer than {MAX_LINE} bytes, the most a line may be"
                    );
                    Reply::Garbled { line, why }
                }
                Err(RecvTimeoutError::Timeout) => Reply::Timeout {
                    seconds: self.timeout.as_secs_f64(),
                },
                Err(RecvTimeoutError::Disconnected) => Reply::Crashed {
                    stderr: process.stderr_tail(),
                },
            };
            // A valid answer ends a streak of failures; an invalid one in step neither ends nor
            // extends it (it costs no restart).
            self.streak = match (reply.failure_kind(), self.streak) {
                _ if matches!(reply, Reply::Invalid { .. }) => self.streak,
                (None, _) => None,
                (Some(kind), Some((last, n))) if kind == last => Some((kind, n + 1)),
                (Some(kind), _) => Some((kind, 1)),
            };
            let kills = reply.kills();
            replies.push(reply);
            if kills {
                // Whatever was in flight is lost with the process.
                if let Some(p) = self.process.take() {
                    p.kill();
                }
                break;
            }
        }
        replies
    }

    /// Ends the session: closes the engine's input and waits briefly for it to exit. `Err` when
    /// the transcript could not be written whole.
    pub fn finish(mut self) -> Result<(), std::io::Error> {
        if let Some(p) = self.process.take() {
            p.close();
        }
        if let Some(mut t) = self.transcript.take()
            && let Err(e) = t.flush()
            && self.transcript_error.is_none()
        {
            self.transcript_error = Some(e);
        }
        match self.transcript_error.take() {
            Some(e) => Err(e),
            None => Ok(()),
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

/// Writes one transcript line; after a failed write nothing more is written, and the error kept.
fn write_transcript(
    transcript: &mut Option<BufWriter<File>>,
    error: &mut Option<std::io::Error>,
    prefix: &str,
    line: &str,
) {
    if let Some(t) = transcript
        && let Err(e) = writeln!(t, "{prefix} {line}")
    {
        *error = Some(e);
        *transcript = None;
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

/// The engine's answer line to the request with id `id`, judged as the driver judges a line it
/// reads (in step or not, a valid response or not).
pub fn read_reply(line: String, id: &Value) -> Reply {
    // The common case in one parse: a valid response with the right id. Anything else is read
    // again as JSON to say what is wrong with it.
    if let Ok(response) = protocol::read_response(&line)
        && response.id() == id
    {
        return Reply::Answer { response, line };
    }
    let value: Value = match serde_json::from_str(&line) {
        Ok(value) => value,
        Err(e) => {
            let why = format!("not JSON: {e}");
            return Reply::Garbled { line, why };
        }
    };
    match value.get("id") {
        Some(got) if got == id => {}
        Some(got) => {
            // The driver's ids count up: a smaller one answers an earlier request again.
            let earlier = matches!((got.as_u64(), id.as_u64()), (Some(a), Some(b)) if a < b);
            let hint = if earlier {
                " (the id of an earlier request: more than one line for one request?)"
            } else {
                ""
            };
            let why = format!(
                "the answer's id is {got}, the request's {id}: answers must come in order, one \
                 line per request{hint}"
            );
            return Reply::Garbled { line, why };
        }
        None => {
            let why = format!("the answer has no id (the request's is {id})");
            return Reply::Garbled { line, why };
        }
    }
    match serde_json::from_value::<Response>(value) {
        Ok(response) => Reply::Answer { response, line },
        Err(e) => {
            let why = format!("not a valid response: {e}");
            Reply::Invalid { line, why }
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
    fn lines_are_read_within_a_bound() {
        let mut input: &[u8] = b"short\nexactly5\n12345\n123456\nend";
        let mut buf = Vec::new();
        let mut next = |max| {
            let got = read_bounded(&mut input, &mut buf, max).unwrap();
            got.map(|long| (String::from_utf8_lossy(&buf).into_owned(), long))
        };
        assert_eq!(next(100), Some(("short".into(), false)));
        assert_eq!(next(8), Some(("exactly5".into(), false)));
        assert_eq!(next(5), Some(("12345".into(), false)));
        // One byte too many: the first five, and the line marked long.
        assert_eq!(next(5), Some(("12345".into(), true)));
        // The rest of it is the next read (less the byte read past the bound).
        assert_eq!(next(5), Some(("".into(), false)));
        assert_eq!(next(5), Some(("end".into(), false)));
        assert_eq!(next(5), None);
    }

    #[test]
    fn replies_in_step_and_out_of_step() {
        let id = Value::from(7);
        let answer = read_reply(r#"{"id":7,"type":"moves","moves":["A2"]}"#.into(), &id);
        assert!(matches!(answer, Reply::Answer { .. }), "{answer:?}");
        // In step (the request's id), but not a response: no restart needed.
        let invalid = read_reply(r#"{"id":7,"type":"moves","moves":"A2"}"#.into(), &id);
        assert!(matches!(invalid, Reply::Invalid { .. }) && !invalid.kills());
        let unknown = read_reply(r#"{"id":7,"type":"shrug"}"#.into(), &id);
        assert!(matches!(unknown, Reply::Invalid { .. }), "{unknown:?}");
        for line in [
            "garbage",
            "[1]",
            r#"{"type":"moves","moves":[]}"#,
            r#"{"id":8}"#,
        ] {
            let reply = read_reply(line.into(), &id);
            assert!(
                matches!(reply, Reply::Garbled { .. }) && reply.kills(),
                "{line}"
            );
        }
        let Reply::Garbled { why, .. } = read_reply(r#"{"id":6}"#.into(), &id) else {
            panic!("an earlier id is out of step")
        };
        assert!(why.contains("more than one line for one request"), "{why}");
    }

    #[test]
    fn clips_long_lines_at_a_char_boundary() {
        let long = "é".repeat(400);
        let clipped = clip(&long);
        assert!(clipped.len() < 310 && clipped.ends_with('…'));
    }
}
