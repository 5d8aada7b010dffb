//! Where `import` and `repair` write: standard output, one file, or one file per input in a
//! folder (`-o DIR`) — never over an input (the same file by device and inode, whatever the
//! path or link), never into a FIFO, never through or over a link, never twice to one name
//! ([`OutputFiles`]).

use std::path::{Path, PathBuf};

use super::UsageError;
use bao_oracle::diagnostics::Code;
use bao_oracle::input::OutputFiles;

/// Where the outputs go.
pub enum Target {
    /// Standard output.
    Stdout,
    /// One file (one input).
    File(PathBuf),
    /// A folder: each input's output under its own name.
    Folder(PathBuf),
}

impl Target {
    /// The target of `-o`: none is standard output; a folder, or any `-o` for several inputs
    /// (`several`), is a folder (created if need be); else the one file.
    pub fn new(output: Option<&Path>, several: bool) -> Result<Target, UsageError> {
        let Some(output) = output else {
            return Ok(Target::Stdout);
        };
        if output.is_dir() {
            return Ok(Target::Folder(output.to_path_buf()));
        }
        if several {
            if output.exists() {
                return Err(UsageError::new(
                    Code::Usage,
                    format!(
                        "{}: several inputs need -o to name a folder, and this is a file",
                        output.display()
                    ),
                ));
            }
            std::fs::create_dir_all(output).map_err(|e| {
                UsageError::new(Code::IoError, format!("{}: {e}", output.display()))
            })?;
            return Ok(Target::Folder(output.to_path_buf()));
        }
        Ok(Target::File(output.to_path_buf()))
    }
}

/// The inputs of a command that rewrites files (`import`, `repair`): the game files under
/// `paths` as the one collector finds them (each path it cannot read reported on standard error),
/// whether there are several, and where the outputs go.
pub struct Inputs {
    pub files: Vec<PathBuf>,
    /// Paths that could not be read (already reported).
    pub problems: usize,
    /// More than one path, or a folder: one output per input.
    pub several: bool,
    pub target: Target,
}

impl Inputs {
    pub fn collect(paths: &[PathBuf], output: Option<&Path>) -> Result<Inputs, UsageError> {
        let several = paths.len() > 1 || paths.iter().any(|p| p.is_dir());
        let (files, problems) = bao_oracle::input::collect(paths, bao_oracle::input::GAME_FILES);
        for problem in &problems {
            super::output::eprint_line(format_args!(
                "error[io-error]: {}: {}",
                problem.path, problem.message
            ));
        }
        Ok(Inputs {
            files,
            problems: problems.len(),
            several,
            target: Target::new(output, several)?,
        })
    }
}

/// The outputs written so far, and the inputs they may never be.
pub struct Writer {
    pub target: Target,
    files: OutputFiles,
    /// Outputs to standard output so far (documents after the first are preceded by `sep`).
    printed: usize,
}

impl Writer {
    pub fn new(target: Target, inputs: &[PathBuf]) -> Writer {
        Writer {
            target,
            files: OutputFiles::new(inputs),
            printed: 0,
        }
    }

    /// The file the output of `input` goes to (`None`: standard output), its name `name`.
    pub fn path_for(&self, name: &str) -> Option<PathBuf> {
        match &self.target {
            Target::Stdout => None,
            Target::File(path) => Some(path.clone()),
            Target::Folder(dir) => Some(dir.join(name)),
        }
    }

    /// Writes `text`, the output named `name`; to standard output, documents after the first
    /// are preceded by `separator` (`None`: only one may be printed). `Err` is the problem.
    pub fn write(
        &mut self,
        name: &str,
        text: &str,
        separator: Option<&str>,
        out: &mut super::output::Output,
    ) -> Result<Option<PathBuf>, String> {
        let Some(path) = self.path_for(name) else {
            if self.printed > 0 {
                match separator {
                    Some(sep) => out.text(sep),
                    None => return Err("only one output can go to standard output".into()),
                }
            }
            self.printed += 1;
            out.text(text);
            return Ok(None);
        };
        self.files.write(&path, text)?;
        Ok(Some(path))
    }

    /// Refuses an output that is one of the inputs before anything is read (one file target).
    pub fn check_file_target(&self) -> Result<(), UsageError> {
        if let Target::File(path) = &self.target
            && let Some(input) = self.files.input_at(path)
        {
            return Err(UsageError::new(
                Code::Usage,
                format!(
                    "{}: --output names the input {} itself; it is never written over",
                    path.display(),
                    input.display()
                ),
            ));
        }
        Ok(())
    }
}

/// The run of a command that writes one output per input file (`import`, `transcript`): the
/// inputs collected, the target checked, `each` called for every file (its path, whether it was
/// named rather than found in a folder, the writer, standard output, the counts), then the closing
/// line (in the command's `words`: done, failed, skipped) when more than one file was read, and
/// the exit status. `one_game`: the refusal when several inputs would go to standard output.
pub fn each_file(
    paths: &[PathBuf],
    output: Option<&Path>,
    one_game: Option<&str>,
    words: [&str; 3],
    each: &mut dyn FnMut(&Path, bool, &mut Writer, &mut super::output::Output, &mut Tally),
) -> super::Status {
    let Inputs {
        files,
        problems,
        several,
        target,
    } = match Inputs::collect(paths, output) {
        Ok(inputs) => inputs,
        Err(e) => return e.report(),
    };
    if let Some(why) = one_game
        && several
        && matches!(target, Target::Stdout)
    {
        return UsageError::new(Code::Usage, why).report();
    }
    let mut writer = Writer::new(target, &files);
    if let Err(e) = writer.check_file_target() {
        return e.report();
    }
    let mut out = super::output::Output::stdout();
    let mut tally = Tally {
        problems,
        ..Tally::default()
    };
    for path in &files {
        each(
            path,
            paths.contains(path),
            &mut writer,
            &mut out,
            &mut tally,
        );
    }
    if several {
        let [done, failed, skipped] = words;
        super::output::eprint_line(format_args!(
            "{}",
            tally.closing_line(done, failed, skipped)
        ));
    }
    out.finish(tally.status())
}

/// Counts over the files of a command that writes one output per input file (`import`,
/// `transcript`): its closing line and exit status.
#[derive(Default)]
pub struct Tally {
    /// Outputs written.
    pub done: usize,
    /// Inputs that gave no output (a finding said why).
    pub failed: usize,
    /// Files of a folder that are not this command's to read.
    pub skipped: usize,
    /// Files or folders that could not be read or written.
    pub problems: usize,
}

impl Tally {
    /// The closing line, in the command's words: `done`, `failed` and `skipped` name the counts.
    pub fn closing_line(&self, done: &str, failed: &str, skipped: &str) -> String {
        format!(
            "{} {done}, {} {failed}, {} skipped ({skipped}){}",
            self.done,
            self.failed,
            self.skipped,
            match self.problems {
                0 => String::new(),
                n => format!(", {n} file(s) or folder(s) could not be read or written"),
            }
        )
    }

    /// 2 a file or folder not read or written, else 1 an input without its output, else 0.
    pub fn status(&self) -> super::Status {
        if self.problems > 0 {
            super::Status::Usage
        } else if self.failed > 0 {
            super::Status::Failed
        } else {
            super::Status::Ok
        }
    }
}
