//! The one path of every command's standard output: writes never panic, the first failure is
//! kept and ends the command's output, and [`Output::finish`] turns it into the exit status.
//!
//! A closed pipe (`bao-oracle generate … | head -1`) ends the command quietly with status 141,
//! as `cat` killed by SIGPIPE shows in a shell: the output was not delivered whole, so the
//! status is never 0. Any other failure (`> /dev/full`) is an `error[io-error]` on standard
//! error and status 2.

use std::fmt;
use std::io::{self, BufWriter, StdoutLock, Write};

use super::Status;
use bao_oracle::diagnostics::Code;
use bao_oracle::render::escape_controls;

/// Standard output, buffered, remembering its first write error.
pub struct Output {
    out: BufWriter<StdoutLock<'static>>,
    failed: Option<io::Error>,
    /// Human text: control characters of the input are shown escaped (`\u{1b}`).
    human: bool,
}

impl Output {
    /// Standard output for machine-read text (JSON, records, move lists), written as given.
    pub fn stdout() -> Output {
        Output {
            out: BufWriter::new(io::stdout().lock()),
            failed: None,
            human: false,
        }
    }

    /// Standard output for text people read: control characters are escaped, so that input
    /// quoted in it cannot move the cursor, recolour or retitle the terminal.
    pub fn human() -> Output {
        Output {
            human: true,
            ..Output::stdout()
        }
    }

    /// Whether every write so far succeeded; a command producing much output stops when not.
    pub fn ok(&self) -> bool {
        self.failed.is_none()
    }

    /// Writes `text` (escaped if human); after a failure, nothing more is written.
    pub fn text(&mut self, text: &str) {
        if self.failed.is_some() {
            return;
        }
        let result = if self.human {
            self.out.write_all(escape_controls(text).as_bytes())
        } else {
            self.out.write_all(text.as_bytes())
        };
        if let Err(e) = result {
            self.failed = Some(e);
        }
    }

    /// Writes `text` and a line end.
    pub fn line(&mut self, text: &str) {
        self.text(text);
        self.text("\n");
    }

    /// Sends what is buffered, before a line on standard error that should come after it.
    pub fn flush(&mut self) {
        if self.failed.is_none()
            && let Err(e) = self.out.flush()
        {
            self.failed = Some(e);
        }
    }

    /// Flushes, and returns `status` if everything was written, else the failure's status (after
    /// saying what failed, unless the reader just went away).
    pub fn finish(mut self, status: Status) -> Status {
        self.flush();
        match self.failed {
            None => status,
            Some(e) => write_failure(&e),
        }
    }
}

/// The status of a failed write to standard output, after saying so on standard error (unless
/// the pipe was closed: the reader went away, as `head` does, and nobody is told). For other
/// commands' own writers (`conform`, `engine`) too.
pub fn write_failure(e: &io::Error) -> Status {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return Status::ClosedOutput;
    }
    eprint_line(format_args!(
        "error[{}]: cannot write the output: {e}",
        Code::IoError
    ));
    Status::Usage
}

/// Writes a line to standard error, its control characters escaped; a failure to write there has
/// nowhere to be reported, and is not a panic.
pub fn eprint_line(args: fmt::Arguments<'_>) {
    let text = fmt::format(args);
    let mut err = io::stderr().lock();
    let _ = err.write_all(escape_controls(&text).as_bytes());
    let _ = err.write_all(b"\n");
}

impl fmt::Write for Output {
    /// Fails once a write failed, so that `write!` loops can stop early.
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.text(s);
        if self.ok() { Ok(()) } else { Err(fmt::Error) }
    }
}

impl bao_oracle::render::check::Text for Output {
    fn text(&mut self, text: &str) {
        Output::text(self, text);
    }

    fn failed(&self) -> bool {
        !self.ok()
    }
}
