//! `conform` as one use case: an engine (a process, or any [`Link`]) and the run's choices in, a
//! [`Report`] out; several engines in, a [`Table`] out. The command line and the Python package
//! call these and nothing else of a run's: the plan, the check that something runs, the run and
//! its report are decided here once.

use std::path::Path;
use std::time::Duration;

use super::driver::EngineInfo;
use super::running::{Part, merge};
use super::{
    Asked, Driver, Entry, Fatal, Link, Options, Plan, Report, Run, Scenarios, Table, split_command,
};
use crate::diagnostics::Code;
use crate::input::engines::EngineEntry;
use crate::input::record::{Contents, create_output_file, read_regular_file};

pub use super::running::ShowProgress;

/// Why a run could not be made: a refused choice (before the engine is asked anything, the
/// plan's) or an engine that could not be run at all. Findings about the engine's answers are the
/// report's.
pub type RunError = crate::diagnostics::Refused;

impl From<Fatal> for RunError {
    fn from(e: Fatal) -> RunError {
        RunError::new(Code::BadEngine, e.0)
    }
}

/// What every engine of a run shares.
pub struct Session {
    pub asked: Asked,
    pub options: Options,
    pub scenarios: Scenarios,
    /// How long each answer is waited for (engine processes).
    pub timeout: Duration,
    /// Restarts allowed after a crash, a timeout or an answer out of step (engine processes).
    pub max_restarts: u32,
}

impl Session {
    /// The run of the engine behind `link`: the plan for what it plays, then every case of it.
    /// `progress`, if given, is told how far the run is.
    ///
    /// # Errors
    /// A choice the engine's handshake rules out (a ruleset or ruling it does not play, nothing
    /// left to run), or an engine that stops answering for good.
    pub fn run(
        &self,
        link: &mut dyn Link,
        progress: Option<ShowProgress<'_>>,
    ) -> Result<Report, RunError> {
        let plan = Plan::new(link.info(), &self.asked)?;
        plan.check_something_to_run(&self.scenarios, &self.options)?;
        let mut run = Run::new(link, &self.options);
        if let Some(show) = progress {
            run.show_progress(plan.cases(&self.scenarios, &self.options), show);
        }
        plan.run(&mut run, &self.scenarios)?;
        Ok(run.finish())
    }

    /// The run of the engine process `command` (split as a shell splits words), every line
    /// exchanged written to `transcript` when given. The report, and whether the transcript was
    /// written whole.
    ///
    /// # Errors
    /// As [`Session::run`], and a command that cannot be started or a transcript that cannot be
    /// created.
    pub fn run_command(
        &self,
        command: &str,
        transcript: Option<&Path>,
        progress: Option<ShowProgress<'_>>,
    ) -> Result<(Report, Result<(), RunError>), RunError> {
        let argv = split_command(command).map_err(|e| RunError::new(Code::BadEngine, e))?;
        let file = match transcript {
            None => None,
            Some(path) => Some(create_output_file(path).map_err(|e| {
                RunError::new(
                    Code::IoError,
                    format!("cannot write {}: {e}", path.display()),
                )
            })?),
        };
        let mut driver = Driver::start(argv, self.timeout, file)
            .map_err(|e| RunError::new(Code::BadEngine, e.0))?;
        driver.set_max_restarts(self.max_restarts);
        let report = self.run(&mut driver, progress)?;
        let written = driver.finish().map_err(|e| {
            let path = transcript.unwrap_or(Path::new(""));
            RunError::new(
                Code::IoError,
                format!(
                    "cannot write {}: {e}: the transcript is incomplete",
                    path.display()
                ),
            )
        });
        Ok((report, written))
    }

    /// The run of the engine process `command` as `jobs` processes side by side, each playing
    /// every `jobs`th case (the same cases, seeds and request ids as one process), their results
    /// merged in case order: the report of one process's run, but for the time taken and the
    /// requests counted (each process shakes hands), and witnesses where shrinking ran out of
    /// its budget (each process has its own). One job is [`Session::run_command`].
    ///
    /// # Errors
    /// As [`Session::run_command`]; the first process's error when several fail.
    pub fn run_jobs(&self, command: &str, jobs: usize) -> Result<Report, RunError> {
        if jobs <= 1 {
            let (report, written) = self.run_command(command, None, None)?;
            return written.map(|()| report);
        }
        let argv = split_command(command).map_err(|e| RunError::new(Code::BadEngine, e))?;
        let started = std::time::Instant::now();
        let part = |index: usize| -> Result<(Part, EngineInfo), RunError> {
            let mut driver = Driver::start(argv.clone(), self.timeout, None)
                .map_err(|e| RunError::new(Code::BadEngine, e.0))?;
            driver.set_max_restarts(self.max_restarts);
            let plan = Plan::new(driver.info(), &self.asked)?;
            plan.check_something_to_run(&self.scenarios, &self.options)?;
            let info = driver.info().clone();
            let mut run = Run::new(&mut driver, &self.options);
            run.share(jobs, index);
            plan.run(&mut run, &self.scenarios)?;
            let part = run.into_part();
            driver
                .finish()
                .map_err(|e| RunError::new(Code::IoError, e.to_string()))?;
            Ok((part, info))
        };
        let results: Vec<Result<(Part, EngineInfo), RunError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..jobs)
                .map(|index| scope.spawn(move || part(index)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a part of the run panicked"))
                .collect()
        });
        let mut parts = Vec::with_capacity(jobs);
        let mut info = None;
        for result in results {
            let (part, hello) = result?;
            info.get_or_insert(hello);
            parts.push(part);
        }
        let info = info.expect("at least two parts");
        Ok(merge(parts, info, &self.options, started))
    }

    /// Every engine of `engines` run in turn (each as `jobs` processes side by side), each told
    /// to `each` as its run ends (its index, its entry, its report or why it could not be run),
    /// then the compliance table of them all.
    pub fn run_all(
        &self,
        engines: Vec<EngineEntry>,
        jobs: usize,
        each: &mut dyn FnMut(usize, &Entry),
    ) -> Table {
        let mut entries = Vec::with_capacity(engines.len());
        for (i, engine) in engines.into_iter().enumerate() {
            let outcome = self
                .run_jobs(&engine.command, jobs)
                .map_err(|e| e.to_string());
            let entry = Entry {
                command: engine.command,
                label: engine.name,
                outcome,
            };
            each(i, &entry);
            entries.push(entry);
        }
        Table::new(entries, &self.scenarios.cases(), &self.scenarios.groups())
    }
}

/// The seconds to wait for each answer, as given on the command line or in Python.
///
/// # Errors
/// Not a number of seconds above 0 and at most a day.
pub fn timeout(seconds: f64) -> Result<Duration, RunError> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(RunError::new(
            Code::Usage,
            format!("`{seconds}` is not a timeout: give seconds, more than 0"),
        ))
    }
}

/// The largest known-failures file read (a list of case names is a few kilobytes).
const MAX_KNOWN_FAILURES_BYTES: u64 = crate::input::Kind::KnownFailures.limit();

/// The case-name globs of a known-failures file, read through the guarded path: a regular file
/// of text, within a limit (never a FIFO, which would block, nor a device, which may be endless).
///
/// # Errors
/// A file that cannot be read, is too large or is not UTF-8 text.
pub fn read_known_failures(path: &Path) -> Result<Vec<String>, RunError> {
    let error = |why: String| {
        RunError::new(
            Code::IoError,
            format!("cannot read {}: {why}", path.display()),
        )
    };
    match read_regular_file(path, MAX_KNOWN_FAILURES_BYTES).map_err(|e| error(e.to_string()))? {
        Contents::TooLarge(size) => Err(error(format!(
            "it has {size} bytes; a known-failures file is refused above {MAX_KNOWN_FAILURES_BYTES}"
        ))),
        Contents::Bytes(bytes) => String::from_utf8(bytes)
            .map(|text| parse_known_failures(&text))
            .map_err(|_| error("it is not UTF-8 text".into())),
    }
}

/// A known-failures file's text: one case-name glob a line; blank lines and `#` comments skipped.
pub fn parse_known_failures(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_failures_file_skips_comments() {
        let text = "# header\nbao-kingulu/random/3  # flaky capture\n\n  x/*\n";
        assert_eq!(parse_known_failures(text), ["bao-kingulu/random/3", "x/*"]);
    }

    #[test]
    fn timeouts_are_positive_seconds() {
        assert!(timeout(0.5).is_ok());
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 100_000.0] {
            assert_eq!(timeout(bad).unwrap_err().code, Code::Usage);
        }
    }
}
