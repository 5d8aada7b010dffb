//! The oracle's stable codes: the one vocabulary of every outcome it reports — the rules' own
//! ([`bao_rules::Code`], the same names) and those of files, records, the command line, the
//! specification and engines, which the rules know nothing of.

use std::fmt;

/// A stable error code: the one vocabulary of every outcome the oracle reports — `check`'s
/// findings, the specification's expected errors, the protocol's error answers and the command
/// line's usage errors. The string forms (serde's too) never change once released.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Code {
    // --- the file ------------------------------------------------------------------------------
    /// The file or folder could not be read (missing, no permission). Exit status 2.
    IoError,
    /// The file is larger than the records' size limit (`MAX_FILE_BYTES`); it is not read.
    FileTooLarge,
    /// The file is not UTF-8 text (a binary file, another encoding).
    NotText,
    /// The file holds no game record (empty, or only comments).
    EmptyFile,
    // --- the record ----------------------------------------------------------------------------
    /// The document is not well-formed YAML.
    MalformedYaml,
    /// The document exceeds a YAML safety limit (nesting depth, aliases, size of the tree).
    YamlLimit,
    /// A field the record format does not have (a typo must not pass silently).
    UnknownField,
    /// A required field (`ruleset`, `source`, `moves`) is missing.
    MissingField,
    /// A field has a value of the wrong kind (`first: east`, `moves: A2`).
    BadValue,
    /// `ruleset:` names no game the oracle knows.
    UnknownRuleset,
    /// A ruling that the game does not have, or a value the ruling does not take.
    UnknownRuling,
    /// `--ruling` selects another value than the record's own `rulings:`.
    RulingConflict,
    /// `start:` is not a valid position of the game.
    BadPosition,
    /// `first:` names another side than the `start:` position has to move.
    FirstConflict,
    // --- the moves -----------------------------------------------------------------------------
    /// A move text that is not move notation of the game at all.
    NotNotation,
    /// A move that the rules do not allow in the position reached.
    IllegalMove,
    /// A shortened spelling that fits more than one legal move.
    AmbiguousMove,
    /// A move whose relay neither ended nor repeated within the cycle detector's budget.
    UndecidedMove,
    /// A move that ends, but with more events than a listener keeps: too long to be told step by
    /// step.
    MoveTooLong,
    /// A move after the game has ended.
    MoveAfterEnd,
    /// A claim the game does not bear out: a capture or reservation claim of a move, or the
    /// record's `result:`.
    FalseClaim,
    // --- the other commands and the protocol ----------------------------------------------------
    /// A command line that cannot be carried out as written (a missing or contradictory option).
    Usage,
    /// A protocol request that is not well-formed (not JSON, no `type`, a field of the wrong kind).
    BadRequest,
    /// A specification file that cannot be read as scenarios or tables.
    BadSpec,
    /// `conform --engine` names an engine that cannot be started or does not speak the protocol.
    BadEngine,
    /// A slip in a published transcript, read in the only way it can be read (a warning, an error
    /// under `--strict`).
    TranscriptSlip,
}

impl Code {
    /// Every code, in the order docs/reference.md lists them.
    pub const ALL: &'static [Code] = &[
        Code::IoError,
        Code::FileTooLarge,
        Code::NotText,
        Code::EmptyFile,
        Code::MalformedYaml,
        Code::YamlLimit,
        Code::UnknownField,
        Code::MissingField,
        Code::BadValue,
        Code::UnknownRuleset,
        Code::UnknownRuling,
        Code::RulingConflict,
        Code::BadPosition,
        Code::FirstConflict,
        Code::NotNotation,
        Code::IllegalMove,
        Code::AmbiguousMove,
        Code::UndecidedMove,
        Code::MoveTooLong,
        Code::MoveAfterEnd,
        Code::FalseClaim,
        // A warning of `check` (an error under `--strict`) and of `import`.
        Code::TranscriptSlip,
    ];

    /// The codes of the other commands and the protocol, in the order docs/reference.md lists them.
    pub const OTHER: &'static [Code] = &[
        Code::Usage,
        Code::BadRequest,
        Code::BadSpec,
        Code::BadEngine,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Code::IoError => "io-error",
            Code::FileTooLarge => "file-too-large",
            Code::NotText => "not-text",
            Code::EmptyFile => "empty-file",
            Code::MalformedYaml => "malformed-yaml",
            Code::YamlLimit => "yaml-limit",
            Code::UnknownField => "unknown-field",
            Code::MissingField => "missing-field",
            Code::BadValue => "bad-value",
            Code::UnknownRuleset => "unknown-ruleset",
            Code::UnknownRuling => "unknown-ruling",
            Code::RulingConflict => "ruling-conflict",
            Code::BadPosition => "bad-position",
            Code::FirstConflict => "first-conflict",
            Code::NotNotation => "not-notation",
            Code::IllegalMove => "illegal-move",
            Code::AmbiguousMove => "ambiguous-move",
            Code::UndecidedMove => "undecided-move",
            Code::MoveTooLong => "move-too-long",
            Code::MoveAfterEnd => "move-after-end",
            Code::FalseClaim => "false-claim",
            Code::Usage => "usage",
            Code::BadRequest => "bad-request",
            Code::BadSpec => "bad-spec",
            Code::BadEngine => "bad-engine",
            Code::TranscriptSlip => "transcript-slip",
        }
    }

    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL
            .iter()
            .chain(Code::OTHER)
            .copied()
            .find(|c| c.as_str() == text)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The rules' codes are the oracle's, under the same names.
impl From<bao_rules::Code> for Code {
    fn from(code: bao_rules::Code) -> Code {
        use bao_rules::Code as Rules;
        match code {
            Rules::UnknownRuleset => Code::UnknownRuleset,
            Rules::UnknownRuling => Code::UnknownRuling,
            Rules::BadValue => Code::BadValue,
            Rules::BadPosition => Code::BadPosition,
            Rules::FirstConflict => Code::FirstConflict,
            Rules::NotNotation => Code::NotNotation,
            Rules::IllegalMove => Code::IllegalMove,
            Rules::AmbiguousMove => Code::AmbiguousMove,
            Rules::UndecidedMove => Code::UndecidedMove,
            Rules::MoveTooLong => Code::MoveTooLong,
            Rules::MoveAfterEnd => Code::MoveAfterEnd,
            Rules::FalseClaim => Code::FalseClaim,
            // A code of a newer rules crate: by its stable name (a test holds every code of
            // this one to a name of ours).
            other => Code::parse(other.as_str()).unwrap_or(Code::BadValue),
        }
    }
}

impl PartialEq<bao_rules::Code> for Code {
    fn eq(&self, other: &bao_rules::Code) -> bool {
        *self == Code::from(*other)
    }
}

impl PartialEq<Code> for bao_rules::Code {
    fn eq(&self, other: &Code) -> bool {
        Code::from(*self) == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_are_unique() {
        for &code in Code::ALL.iter().chain(Code::OTHER) {
            assert_eq!(Code::parse(code.as_str()), Some(code));
            // serde writes the same stable string.
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{code}\""));
            assert_eq!(serde_json::from_str::<Code>(&json).unwrap(), code);
        }
        let mut names: Vec<&str> = Code::ALL
            .iter()
            .chain(Code::OTHER)
            .map(|c| c.as_str())
            .collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Code::ALL.len() + Code::OTHER.len());
    }

    /// docs/reference.md names the rules library's codes, all of them and no other.
    #[test]
    fn the_reference_lists_the_rules_codes() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/reference.md");
        let reference = std::fs::read_to_string(path).unwrap();
        let (_, after) = reference.split_once("(`bao_rules::Code`)").unwrap();
        let (sentence, _) = after.split_once(".\n").unwrap();
        let listed: Vec<&str> = sentence.split('`').skip(1).step_by(2).collect();
        let codes: Vec<&str> = bao_rules::Code::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(listed, codes);
    }

    #[test]
    fn the_rules_codes_keep_their_names() {
        for &code in bao_rules::Code::ALL {
            assert_eq!(Code::from(code).as_str(), code.as_str());
            assert_eq!(Code::from(code), code);
        }
    }
}
