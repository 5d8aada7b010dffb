//! Paths to files: the one walk of folders, for every command that takes paths.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::read::is_stdin;

/// A file or folder that could not be read (the commands' exit status 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoProblem {
    pub path: String,
    pub message: String,
}

impl IoProblem {
    /// The problem of `path`, in words a user reads (`no such file or folder`).
    pub fn new(path: &Path, err: &io::Error) -> IoProblem {
        let message = match err.kind() {
            io::ErrorKind::NotFound => "no such file or folder".to_string(),
            io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            _ => err.to_string(),
        };
        IoProblem {
            path: display(path),
            message,
        }
    }
}

/// A path as reports show it (`/` between folders on every system; `-`, standard input, as
/// `<stdin>`).
pub fn display(path: &Path) -> String {
    if is_stdin(path) {
        return STDIN_NAME.to_string();
    }
    path.to_string_lossy().replace('\\', "/")
}

/// How reports name standard input, given as the path `-`.
pub const STDIN_NAME: &str = "<stdin>";

/// The name an output written for the input `path` takes its stem from: the file's stem, or
/// `stdin` for standard input. A stem that is not UTF-8 keeps its other bytes as `%XX` (and `%`
/// as `%25`), so that two inputs whose names differ only there get outputs of their own (round
/// four's K17: both once became `\u{fffd}` and collided).
pub fn output_stem(path: &Path) -> String {
    if is_stdin(path) {
        return "stdin".to_string();
    }
    let Some(stem) = path.file_stem() else {
        return "output".to_string();
    };
    if let Some(text) = stem.to_str() {
        return text.to_string();
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut out = String::new();
        for chunk in stem.as_bytes().utf8_chunks() {
            out.push_str(&chunk.valid().replace('%', "%25"));
            for byte in chunk.invalid() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
        out
    }
    #[cfg(not(unix))]
    stem.to_string_lossy().into_owned()
}

/// The files under `paths`: each file path as given (what it is, the reader decides), each
/// folder walked recursively for files whose extension is one of `extensions` in any case
/// (`GAME3.BAO` as `game3.bao`), sorted. Each real folder is walked once: links to folders are
/// not followed (a link cycle cannot loop, a link to the folder itself cannot repeat it), and a
/// folder given twice, or given inside another given one, is walked once. A link to a file
/// counts. A folder that yields nothing is a problem, so that it cannot pass as `0 passed`.
pub fn collect(paths: &[PathBuf], extensions: &[&str]) -> (Vec<PathBuf>, Vec<IoProblem>) {
    let found = walk(paths, extensions);
    let mut problems = found.problems;
    let names: Vec<String> = extensions.iter().map(|e| format!("*.{e}")).collect();
    for folder in found.empty {
        problems.push(IoProblem {
            path: folder,
            message: format!("no game records found under it ({})", names.join(", ")),
        });
    }
    (found.files, problems)
}

/// What [`walk`] found under some paths.
pub struct Found {
    pub files: Vec<PathBuf>,
    pub problems: Vec<IoProblem>,
    /// The folders given that held nothing to read (as shown).
    pub empty: Vec<String>,
}

/// [`collect`], with the given folders that held nothing apart: for a caller to whom an empty
/// folder is no error (the spec runner says "nothing was run").
pub fn walk(paths: &[PathBuf], extensions: &[&str]) -> Found {
    let mut walk = Walk {
        extensions,
        visited: HashSet::new(),
        found: Vec::new(),
        problems: Vec::new(),
    };
    let mut files = Vec::new();
    let mut empty = Vec::new();
    for path in paths {
        if is_stdin(path) {
            files.push(path.clone());
            continue;
        }
        match fs::metadata(path) {
            Err(e) => walk.problems.push(IoProblem::new(path, &e)),
            Ok(meta) if meta.is_dir() => {
                // A folder given twice, or inside another given one, is walked once.
                if !walk.first_visit(path) {
                    continue;
                }
                let before = walk.problems.len();
                walk.folder(path);
                let mut found = std::mem::take(&mut walk.found);
                if found.is_empty() && walk.problems.len() == before {
                    empty.push(display(path));
                }
                found.sort();
                files.extend(found);
            }
            Ok(_) => files.push(path.clone()),
        }
    }
    Found {
        files,
        problems: walk.problems,
        empty,
    }
}

struct Walk<'a> {
    extensions: &'a [&'a str],
    #[cfg(unix)]
    visited: HashSet<(u64, u64)>,
    #[cfg(not(unix))]
    visited: HashSet<PathBuf>,
    found: Vec<PathBuf>,
    problems: Vec<IoProblem>,
}

impl Walk<'_> {
    /// Marks `dir` visited; whether it was not before.
    fn first_visit(&mut self, dir: &Path) -> bool {
        match super::read::identity(dir) {
            Some(id) => self.visited.insert(id),
            None => true,
        }
    }

    fn wanted(&self, path: &Path) -> bool {
        path.extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| self.extensions.iter().any(|x| x.eq_ignore_ascii_case(e)))
    }

    /// Walks `dir`, already marked visited.
    fn folder(&mut self, dir: &Path) {
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => {
                self.problems.push(IoProblem::new(dir, &e));
                return;
            }
        };
        for entry in entries {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    self.problems.push(IoProblem::new(dir, &e));
                    continue;
                }
            };
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => {
                    if self.first_visit(&path) {
                        self.folder(&path);
                    }
                }
                // A link to a file counts; a link to a folder is not followed.
                Ok(t) if t.is_symlink() => {
                    if self.wanted(&path) && fs::metadata(&path).is_ok_and(|m| !m.is_dir()) {
                        self.found.push(path);
                    }
                }
                // A FIFO or a device by a wanted name is found, and the reader refuses it.
                Ok(_) if self.wanted(&path) => self.found.push(path),
                Ok(_) => {}
                Err(e) => self.problems.push(IoProblem::new(&path, &e)),
            }
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bao-input-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_folder_linking_to_itself_is_walked_once() {
        let dir = scratch("loop");
        fs::write(dir.join("a.yaml"), "x").unwrap();
        fs::create_dir(dir.join("sub")).unwrap();
        fs::write(dir.join("sub/GAME3.BAO"), "x").unwrap();
        fs::write(dir.join("notes.txt"), "x").unwrap();
        std::os::unix::fs::symlink(&dir, dir.join("self1")).unwrap();
        std::os::unix::fs::symlink("..", dir.join("sub/up")).unwrap();
        let (files, problems) = collect(&[dir.clone(), dir.join("sub")], &["yaml", "bao"]);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(files, [dir.join("a.yaml"), dir.join("sub/GAME3.BAO")]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_with_nothing_to_read_is_a_problem() {
        let dir = scratch("empty");
        let (files, problems) = collect(std::slice::from_ref(&dir), &["yaml"]);
        assert!(files.is_empty());
        assert!(problems[0].message.contains("*.yaml"), "{problems:?}");
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[cfg(all(test, unix))]
mod stem_tests {
    use super::*;
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    /// Round four's K17: two names that differ only in bytes that are not UTF-8 name two outputs.
    #[test]
    fn names_that_differ_only_in_invalid_bytes_keep_apart() {
        let a = output_stem(Path::new(OsStr::from_bytes(b"game\xff.bao")));
        let b = output_stem(Path::new(OsStr::from_bytes(b"game\xfe.bao")));
        assert_eq!((a.as_str(), b.as_str()), ("game%FF", "game%FE"));
        assert_eq!(
            output_stem(Path::new(OsStr::from_bytes(b"50%\xff.bao"))),
            "50%25%FF"
        );
        assert_eq!(output_stem(Path::new("game3.bao")), "game3");
        assert_eq!(output_stem(Path::new("50%.bao")), "50%");
    }
}
