//! Writing the outputs of a command that rewrites files (`import -o`, `repair -o`): each output is
//! written to a new file beside its place and renamed there, so that nothing is ever written
//! *through* what stands at that place — never over an input (the same file by device and
//! inode, whatever the path or link), never over a symbolic link or a file with other hard links
//! (renaming over it would drop a name the user made; writing into it would change another file),
//! never over another output of the same run. The inputs' identities are taken once, so a run
//! costs a few file lookups per output, however many inputs it has.

use std::collections::{HashMap, HashSet};
use std::fs::{self, File};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

use super::read::{Identity, create_output_file, identity};

/// The outputs of one run, and the inputs they may never be.
pub struct OutputFiles {
    /// Each input's identity (links followed), with the input as named.
    inputs: HashMap<Identity, PathBuf>,
    written: HashSet<PathBuf>,
    written_files: HashSet<Identity>,
    /// Temporary files made so far (their names are told apart by it).
    made: u64,
}

impl OutputFiles {
    /// The outputs of a run over `inputs`: their identities taken now, once.
    pub fn new(inputs: &[PathBuf]) -> OutputFiles {
        let inputs = inputs
            .iter()
            .filter_map(|p| identity(p).map(|id| (id, p.clone())))
            .collect();
        OutputFiles {
            inputs,
            written: HashSet::new(),
            written_files: HashSet::new(),
            made: 0,
        }
    }

    /// The input that `path` is (the same file, links followed), if any.
    pub fn input_at(&self, path: &Path) -> Option<&Path> {
        identity(path).and_then(|id| self.inputs.get(&id).map(PathBuf::as_path))
    }

    /// Writes `text` to `path` as a new file renamed into place. `Err` is the problem, fit to
    /// follow nothing (it names the path). A device (`-o /dev/null`) is written to as given.
    pub fn write(&mut self, path: &Path, text: &str) -> Result<(), String> {
        let shown = path.display();
        if let Some(input) = self.input_at(path) {
            return Err(format!(
                "{shown} is the input {} itself; an input is never written over",
                input.display()
            ));
        }
        let found = fs::symlink_metadata(path).ok();
        let twice = || format!("{shown} was written already by another input of the same name");
        if self.written.contains(path) {
            return Err(twice());
        }
        if let Some(meta) = &found {
            if meta.file_type().is_symlink() {
                return Err(format!(
                    "{shown} is a symbolic link; an output is never written through or over a \
                     link (remove it, or write elsewhere)"
                ));
            }
            if identity(path).is_some_and(|id| self.written_files.contains(&id)) {
                return Err(twice());
            }
            if links(meta) > 1 {
                return Err(format!(
                    "{shown} has other hard links; an output is never written through or over a \
                     link (remove it, or write elsewhere)"
                ));
            }
            if !meta.is_file() {
                // A FIFO, a socket or a folder is refused, a device written to as given.
                let mut file = create_output_file(path).map_err(|e| format!("{shown}: {e}"))?;
                file.write_all(text.as_bytes())
                    .map_err(|e| format!("{shown}: {e}"))?;
                self.written.insert(path.to_path_buf());
                return Ok(());
            }
        }
        self.replace(path, text)
            .map_err(|e| format!("{shown}: {e}"))?;
        self.written.insert(path.to_path_buf());
        if let Some(id) = identity(path) {
            self.written_files.insert(id);
        }
        Ok(())
    }

    /// `text` written to a new file in `path`'s folder, then renamed to `path`: the rename
    /// replaces the name, never writes through what it named.
    fn replace(&mut self, path: &Path, text: &str) -> io::Result<()> {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let name = path
            .file_name()
            .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
        let (temp, mut file) = loop {
            self.made += 1;
            let temp = dir.join(format!(
                ".{name}.{}-{}.partial",
                std::process::id(),
                self.made
            ));
            match File::options().write(true).create_new(true).open(&temp) {
                Ok(file) => break (temp, file),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        };
        let written = file
            .write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .and_then(|()| fs::rename(&temp, path));
        if written.is_err() {
            let _ = fs::remove_file(&temp);
        }
        written
    }
}

/// The number of names a file has.
#[cfg(unix)]
fn links(meta: &fs::Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    meta.nlink()
}

#[cfg(not(unix))]
fn links(_meta: &fs::Metadata) -> u64 {
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bao-write-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Issue 32, K6: the inputs' identities are taken once; each output costs a few lookups,
    /// not one per input (2,500 inputs took 37 s).
    #[test]
    fn outputs_cost_lookups_linear_in_the_inputs() {
        let dir = scratch("linear");
        let inputs: Vec<PathBuf> = (0..300)
            .map(|i| {
                let path = dir.join(format!("in-{i}.bao"));
                fs::write(&path, "1: 6R* 7R*;\n").unwrap();
                path
            })
            .collect();
        let out = dir.join("out");
        fs::create_dir_all(&out).unwrap();
        let before = super::super::read::identity_lookups();
        let mut outputs = OutputFiles::new(&inputs);
        for i in 0..inputs.len() {
            outputs
                .write(&out.join(format!("in-{i}.yaml")), "x\n")
                .unwrap();
        }
        let lookups = super::super::read::identity_lookups() - before;
        // One per input, then at most three per output (the scan was one per input per output).
        assert!(lookups <= 4 * inputs.len() as u64, "{lookups}");
        let _ = fs::remove_dir_all(&dir);
    }

    /// Issue 32, K5: a link where an output goes is refused, and what it links to unchanged.
    #[cfg(unix)]
    #[test]
    fn an_output_is_never_written_through_or_over_a_link() {
        let dir = scratch("links");
        let other = dir.join("other.yaml");
        fs::write(&other, "kept\n").unwrap();
        let out = dir.join("out");
        fs::create_dir_all(&out).unwrap();
        std::os::unix::fs::symlink(&other, out.join("a.yaml")).unwrap();
        fs::hard_link(&other, out.join("b.yaml")).unwrap();
        let mut outputs = OutputFiles::new(&[]);
        let e = outputs.write(&out.join("a.yaml"), "new\n").unwrap_err();
        assert!(e.contains("is a symbolic link"), "{e}");
        let e = outputs.write(&out.join("b.yaml"), "new\n").unwrap_err();
        assert!(e.contains("has other hard links"), "{e}");
        assert_eq!(fs::read_to_string(&other).unwrap(), "kept\n");
        // A plain file is replaced, and a second output to it refused.
        fs::write(out.join("c.yaml"), "old\n").unwrap();
        outputs.write(&out.join("c.yaml"), "new\n").unwrap();
        assert_eq!(fs::read_to_string(out.join("c.yaml")).unwrap(), "new\n");
        let e = outputs.write(&out.join("c.yaml"), "again\n").unwrap_err();
        assert!(e.contains("written already"), "{e}");
        // No temporary file is left behind.
        let names: Vec<String> = fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| !n.ends_with(".partial")), "{names:?}");
        // An input is never written over, through any name.
        let mut outputs = OutputFiles::new(std::slice::from_ref(&other));
        let e = outputs.write(&out.join("b.yaml"), "new\n").unwrap_err();
        assert!(e.contains("is the input"), "{e}");
        let _ = fs::remove_dir_all(&dir);
    }
}
