//! Reading a file: only a regular file, never more than its kind's limit, and only UTF-8 text.

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

use super::limits::Kind;
use crate::diagnostics::{Code, Finding};

/// A file's text, or why it is not one.
#[derive(Debug)]
pub enum Source {
    Text(String),
    /// The file was read, or refused unread, and is not text to read (too large, not text).
    Refused(Finding),
}

/// What [`read_regular_file`] found: the file's bytes, or its size if it is above the limit.
#[derive(Debug)]
pub enum Contents {
    Bytes(Vec<u8>),
    /// The file is larger than the limit (at least this many bytes); it was not read whole.
    TooLarge(u64),
}

/// Reads a regular file of at most `limit` bytes: the one way every command reads an input file
/// (records, transcripts, specification files, `conform --known-failures`); the path `-` is
/// standard input. Anything but a
/// regular file (a FIFO, a device, a socket) is refused before it is opened, since opening a FIFO
/// blocks until a writer comes and a device can be endless; a folder is refused likewise. `Err`
/// is an I/O error with a message fit to follow the path (`x.yaml: is a FIFO, not a regular
/// file`).
pub fn read_regular_file(path: &Path, limit: u64) -> io::Result<Contents> {
    if is_stdin(path) {
        let bytes = stdin_bytes(limit)?;
        if bytes.len() as u64 > limit {
            return Ok(Contents::TooLarge(bytes.len() as u64));
        }
        return Ok(Contents::Bytes(bytes.to_vec()));
    }
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_regular(&meta.file_type()));
    }
    if meta.len() > limit {
        return Ok(Contents::TooLarge(meta.len()));
    }
    let file = File::open(path)?;
    #[cfg(test)]
    OPENED.with(|n| n.set(n.get() + 1));
    // The path may have been replaced between the two looks: check what was opened.
    let opened = file.metadata()?;
    if !opened.is_file() {
        return Err(not_regular(&opened.file_type()));
    }
    // The length may lie (a growing file): never read more than the limit allows.
    let mut bytes = Vec::with_capacity(opened.len().min(limit) as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Ok(Contents::TooLarge(bytes.len() as u64));
    }
    Ok(Contents::Bytes(bytes))
}

#[cfg(test)]
thread_local! {
    /// Files this thread opened through [`read_regular_file`]: what a test of "each file read
    /// once" counts.
    static OPENED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many files this thread has opened to read (tests only).
#[cfg(test)]
pub(crate) fn opened() -> usize {
    OPENED.with(|n| n.get())
}

/// Whether `path` is `-`: standard input, wherever a command reads a file.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Standard input (`-`), read once, at most `limit` + 1 bytes (the first reader's limit): a
/// command given `-` twice, or reading its inputs more than once, reads the same text each time.
fn stdin_bytes(limit: u64) -> io::Result<&'static [u8]> {
    static STDIN: std::sync::OnceLock<Result<Vec<u8>, (io::ErrorKind, String)>> =
        std::sync::OnceLock::new();
    let read = STDIN.get_or_init(|| {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map(|_| bytes)
            .map_err(|e| (e.kind(), e.to_string()))
    });
    match read {
        Ok(bytes) => Ok(bytes),
        Err((kind, message)) => Err(io::Error::new(*kind, message.clone())),
    }
}

/// Reads a file of `kind` as text: refused unread above the kind's limit, refused if it is not
/// UTF-8 text. `Err` is an I/O error (the file cannot be opened or read, or is no regular file).
pub fn read_source(path: &Path, kind: Kind) -> io::Result<Source> {
    Ok(match read_regular_file(path, kind.limit())? {
        Contents::TooLarge(len) => Source::Refused(too_large(kind, len)),
        Contents::Bytes(bytes) => source_from_bytes(bytes),
    })
}

/// Creates (or truncates) an output file: the one way a command writes a file of its own
/// (`conform --transcript`, `import -o`, `repair -o`). A FIFO or a socket is refused before it
/// is opened, since opening a FIFO for writing blocks until a reader comes; a folder likewise. A
/// device (`/dev/null`) is written to as given. `Err` has a message fit to follow the path.
pub fn create_output_file(path: &Path) -> io::Result<File> {
    if let Ok(meta) = fs::metadata(path) {
        let kind = meta.file_type();
        #[cfg(unix)]
        let device = {
            use std::os::unix::fs::FileTypeExt;
            kind.is_char_device()
        };
        #[cfg(not(unix))]
        let device = false;
        if !kind.is_file() && !device {
            let why = not_regular(&kind).to_string();
            let why = why.replace("only regular files are read", "it is not written to");
            return Err(io::Error::new(io::ErrorKind::InvalidInput, why));
        }
    }
    File::create(path)
}

/// Whether two paths name one file: the same device and inode (a hard link, a symbolic link or
/// another spelling of the path alike). A path that does not exist is no file yet.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (identity(a), identity(b)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// What tells one file from another: its device and inode.
#[cfg(unix)]
pub(super) type Identity = (u64, u64);

/// What tells one file from another: its canonical path (no inodes here).
#[cfg(not(unix))]
pub(super) type Identity = std::path::PathBuf;

/// A file's identity, links followed.
pub(super) fn identity(path: &Path) -> Option<Identity> {
    #[cfg(test)]
    LOOKUPS.with(|n| n.set(n.get() + 1));
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        fs::canonicalize(path).ok()
    }
}

#[cfg(test)]
thread_local! {
    /// The identities looked up on this thread (a test counts them, not time).
    static LOOKUPS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// The identities looked up on this thread so far.
#[cfg(test)]
pub(super) fn identity_lookups() -> u64 {
    LOOKUPS.with(std::cell::Cell::get)
}

/// The error for a path that is no regular file, naming what it is.
fn not_regular(kind: &fs::FileType) -> io::Error {
    if kind.is_dir() {
        return io::Error::new(io::ErrorKind::InvalidInput, "is a folder, not a file");
    }
    #[cfg(unix)]
    let what = {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            "a FIFO (named pipe)"
        } else if kind.is_char_device() || kind.is_block_device() {
            "a device"
        } else if kind.is_socket() {
            "a socket"
        } else {
            "a special file"
        }
    };
    #[cfg(not(unix))]
    let what = "a special file";
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("is {what}, not a regular file: only regular files are read"),
    )
}

/// The finding for a file above its kind's limit.
pub(super) fn too_large(kind: Kind, len: u64) -> Finding {
    let limit = kind.limit();
    let size = if limit >= 1 << 20 {
        format!("{} MiB", limit >> 20)
    } else {
        format!("{limit} bytes")
    };
    let message = match kind {
        Kind::Records => format!("the file is larger than {size}"),
        _ => format!("the file is a {} larger than {size}", kind.noun()),
    };
    let seen = if len > limit {
        format!(" ({len} bytes)")
    } else {
        String::new()
    };
    let help = match kind {
        Kind::Transcript => "a transcript is one game, a few kilobytes; split a longer file",
        _ => "a game record is a few kilobytes; split very large collections into several files",
    };
    Finding::new(
        Code::FileTooLarge,
        format!("{message}{seen}: it is not read"),
    )
    .help(help)
}

/// Checks that `bytes` are UTF-8 text.
pub fn source_from_bytes(bytes: Vec<u8>) -> Source {
    if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
        return Source::Refused(
            Finding::new(Code::NotText, "the file is UTF-16 text, not UTF-8")
                .help("save the file as UTF-8"),
        );
    }
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        return Source::Refused(
            Finding::new(
                Code::NotText,
                format!("the file is binary, not text: a NUL byte at offset {at}"),
            )
            .help("a game record is a YAML text file in UTF-8"),
        );
    }
    match String::from_utf8(bytes) {
        Ok(text) => Source::Text(text),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            Source::Refused(
                Finding::new(
                    Code::NotText,
                    format!("the file is not UTF-8 text: an invalid byte at offset {at}"),
                )
                .help("a game record is a YAML text file in UTF-8; convert other encodings first"),
            )
        }
    }
}
