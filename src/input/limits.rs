//! The size limit of each kind of input file, in one table.

/// What a file is read as: each kind has its size limit, here and nowhere else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A file of game records (YAML) or a transcript, before its form is known.
    Records,
    /// A published transcript: a game is a few kilobytes, and its findings (one per line at
    /// worst) are kept for the report, so the limit is far below a file of records.
    Transcript,
    /// A specification file (scenarios, perft tables, a catalogue).
    Spec,
    /// `conform --known-failures`: a list of case names.
    KnownFailures,
    /// `conform --engines`: a few engines' names and command lines.
    Engines,
}

impl Kind {
    /// The largest file of this kind that is read; a larger one is refused unread.
    pub const fn limit(self) -> u64 {
        match self {
            // Room for a generated collection of ten thousand games in one file.
            Kind::Records => 64 << 20,
            Kind::Transcript => 1 << 20,
            Kind::Spec => 4 << 20,
            Kind::KnownFailures => 1 << 20,
            Kind::Engines => 64 << 10,
        }
    }

    /// What the file is called in a message.
    pub const fn noun(self) -> &'static str {
        match self {
            Kind::Records => "record file",
            Kind::Transcript => "transcript",
            Kind::Spec => "spec file",
            Kind::KnownFailures => "known-failures file",
            Kind::Engines => "engines file",
        }
    }
}
