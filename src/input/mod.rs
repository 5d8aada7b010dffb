//! The input stage: every file a command reads comes through here. Paths become files
//! ([`collect`]: folders walked once each, extensions in any case), a file becomes bytes within
//! the limit of its kind ([`Kind::limit`], the one table of limits) and only if it is a regular
//! file ([`read_regular_file`]: never a FIFO, which blocks, nor a device, which may be endless),
//! bytes become text ([`source_from_bytes`]), and the text is told a game record or a published
//! transcript by what it holds ([`form_of`]), by a rule that cannot take a record for a
//! transcript.
//!
//! What a command does with the text (YAML records, transcripts, spec files) is its own
//! business; this module knows no game and no record field beyond the names that tell the forms
//! apart. The rulings a command is given are read here too, once ([`selection`]), against the
//! games' own lists.

mod collect;
pub mod engines;
mod form;
mod game_name;
mod limits;
mod line_ends;
pub(crate) mod read;
pub mod record;
pub mod selection;
pub mod spec;
pub mod transcript;
mod write;

pub use collect::{Found, IoProblem, STDIN_NAME, collect, display, output_stem, walk};
pub use form::{Form, form_of};
pub use game_name::GameName;
pub use limits::Kind;
pub use line_ends::lines;
pub use read::{
    Contents, Source, create_output_file, is_stdin, read_regular_file, read_source, same_file,
    source_from_bytes,
};
pub use write::OutputFiles;

/// The extensions of game files a folder is searched for (in any case): every extension the
/// reader takes, records (`*.yaml`, `*.yml`) and transcripts, as Donkers' program names them
/// (`*.bao`) and as plain text (`*.txt`, as the corpus's own transcript is). A file given by
/// name is read whatever its name.
pub const GAME_FILES: &[&str] = &["yaml", "yml", "bao", "txt"];

/// A file's text, read as [`Kind::Records`], told by its content, with the limit of its form
/// applied: the one way `check`, `repair`, `import` and `explain --record` read a file.
#[derive(Debug)]
pub enum Input {
    /// YAML game records (or text that is neither form: the YAML reader says why).
    Records(String),
    /// A published transcript.
    Transcript(String),
    /// The file was read, or refused unread, and is not one to replay (too large, not text).
    Refused(crate::diagnostics::Finding),
}

/// Reads `path` as a game file. `Err` is an I/O error (it cannot be opened or read, or is no
/// regular file), with a message fit to follow the path.
pub fn read(path: &std::path::Path) -> std::io::Result<Input> {
    Ok(match read::read_source(path, Kind::Records)? {
        Source::Refused(finding) => Input::Refused(finding),
        Source::Text(text) => of_text(text),
    })
}

/// Tells `text` a record file or a transcript ([`form_of`]); a transcript above its limit is
/// refused here, for `check` and `import` alike. A lone CR (classic Mac line ends) becomes an LF:
/// one byte for one, so every span stays where it was, and every reader and reporter after this
/// one sees the lines the author saw.
pub fn of_text(text: String) -> Input {
    let text = lone_cr_as_lf(text);
    match form_of(&text) {
        Form::Records => Input::Records(text),
        Form::Transcript if text.len() as u64 > Kind::Transcript.limit() => {
            Input::Refused(read::too_large(Kind::Transcript, text.len() as u64))
        }
        Form::Transcript => Input::Transcript(text),
    }
}

/// `text` with each CR that is not followed by an LF replaced by an LF.
fn lone_cr_as_lf(text: String) -> String {
    if !text.contains('\r') {
        return text;
    }
    let mut bytes = text.into_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    String::from_utf8(bytes).expect("ASCII for ASCII keeps UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_crs_become_lfs_byte_for_byte() {
        let text = "a\rb\r\nc\r".to_string();
        assert_eq!(lone_cr_as_lf(text), "a\nb\r\nc\n");
    }

    #[test]
    fn a_transcript_above_its_limit_is_refused() {
        let long = format!(
            "1: 6R* 7R*;\n{}",
            "% x\n".repeat(Kind::Transcript.limit() as usize / 4)
        );
        match of_text(long) {
            Input::Refused(f) => assert_eq!(f.code, crate::diagnostics::Code::FileTooLarge),
            other => panic!("{other:?}"),
        }
    }
}
