//! The oracle's stable codes: the one vocabulary of every outcome it reports — the rules' own
//! ([`bao_rules::Code`], the same names) and those of files, records, the command line, the
//! specification and engines, which the rules know nothing of.

use std::fmt;

/// A stable error code: the one vocabulary of every outcome the oracle reports — `check`'s
/// findings, the specification's expected errors, the protocol's error answers and the command
/// line's usage errors. The string forms (serde's too) never change once released.
///
/// The rules' refusals are the rules' own codes, held as they are ([`Code::Rules`]), not mapped:
/// `Code::IllegalMove` is the constant `Code::Rules(bao_rules::Code::IllegalMove)`, and matches as
/// a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Code {
    /// A refusal by the rules: a value, ruleset, ruling, position, `first:`, move or claim they do
    /// not allow ([`bao_rules::Code`]).
    Rules(bao_rules::Code),
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
    /// `--ruling` selects another value than the record's own `rulings:`.
    RulingConflict,
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
    /// Two games of one check with the same moves (or one the start of the other) whose players,
    /// date or result disagree: a warning at each, naming the other.
    DuplicateGame,
}

/// The rules' codes under the names they have always had here (constants, so that they read and
/// match as the other codes do).
#[allow(non_upper_case_globals)]
impl Code {
    /// A field has a value of the wrong kind (`first: east`, `moves: A2`).
    pub const BadValue: Code = Code::Rules(bao_rules::Code::BadValue);
    /// `ruleset:` names no game the oracle knows.
    pub const UnknownRuleset: Code = Code::Rules(bao_rules::Code::UnknownRuleset);
    /// A ruling that the game does not have, or a value the ruling does not take.
    pub const UnknownRuling: Code = Code::Rules(bao_rules::Code::UnknownRuling);
    /// `start:` is not a valid position of the game.
    pub const BadPosition: Code = Code::Rules(bao_rules::Code::BadPosition);
    /// `first:` names another side than the `start:` position has to move.
    pub const FirstConflict: Code = Code::Rules(bao_rules::Code::FirstConflict);
    /// A move text that is not move notation of the game at all.
    pub const NotNotation: Code = Code::Rules(bao_rules::Code::NotNotation);
    /// A move that the rules do not allow in the position reached.
    pub const IllegalMove: Code = Code::Rules(bao_rules::Code::IllegalMove);
    /// A shortened spelling that fits more than one legal move.
    pub const AmbiguousMove: Code = Code::Rules(bao_rules::Code::AmbiguousMove);
    /// A move whose relay neither ended nor repeated within the cycle detector's budget.
    pub const UndecidedMove: Code = Code::Rules(bao_rules::Code::UndecidedMove);
    /// A move that ends, but with more events than a listener keeps: too long to be told step by
    /// step.
    pub const MoveTooLong: Code = Code::Rules(bao_rules::Code::MoveTooLong);
    /// A move after the game has ended.
    pub const MoveAfterEnd: Code = Code::Rules(bao_rules::Code::MoveAfterEnd);
    /// A claim the game does not bear out: a capture or reservation claim of a move, or the
    /// record's `result:`.
    pub const FalseClaim: Code = Code::Rules(bao_rules::Code::FalseClaim);
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
        // A warning of `check` over several games.
        Code::DuplicateGame,
    ];

    /// The codes of the other commands and the protocol, in the order docs/reference.md lists them.
    pub const OTHER: &'static [Code] = &[
        Code::Usage,
        Code::BadRequest,
        Code::BadSpec,
        Code::BadEngine,
    ];

    /// The stable string (`illegal-move`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Rules(code) => code.as_str(),
            Code::IoError => "io-error",
            Code::FileTooLarge => "file-too-large",
            Code::NotText => "not-text",
            Code::EmptyFile => "empty-file",
            Code::MalformedYaml => "malformed-yaml",
            Code::YamlLimit => "yaml-limit",
            Code::UnknownField => "unknown-field",
            Code::MissingField => "missing-field",
            Code::RulingConflict => "ruling-conflict",
            Code::Usage => "usage",
            Code::BadRequest => "bad-request",
            Code::BadSpec => "bad-spec",
            Code::BadEngine => "bad-engine",
            Code::TranscriptSlip => "transcript-slip",
            Code::DuplicateGame => "duplicate-game",
        }
    }

    /// The code whose stable string is `text`: the rules' codes, then the oracle's own.
    pub fn parse(text: &str) -> Option<Code> {
        bao_rules::Code::parse(text).map(Code::Rules).or_else(|| {
            Code::ALL
                .iter()
                .chain(Code::OTHER)
                .copied()
                .find(|c| c.as_str() == text)
        })
    }

    /// Where the code stands in the order codes sort in: the reference's, the other commands'
    /// last (a code of a newer rules crate after them).
    fn rank(self) -> usize {
        Code::ALL
            .iter()
            .chain(Code::OTHER)
            .position(|&c| c == self)
            .unwrap_or(usize::MAX)
    }
}

impl Ord for Code {
    fn cmp(&self, other: &Code) -> std::cmp::Ordering {
        (self.rank(), self.as_str()).cmp(&(other.rank(), other.as_str()))
    }
}

impl PartialOrd for Code {
    fn partial_cmp(&self, other: &Code) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Written as its stable string.
impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Read from its stable string; any other string is refused with the list of codes.
impl<'de> serde::Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Code, D::Error> {
        let text = String::deserialize(deserializer)?;
        Code::parse(&text).ok_or_else(|| {
            let names: Vec<&str> = Code::ALL
                .iter()
                .chain(Code::OTHER)
                .map(|c| c.as_str())
                .collect();
            serde::de::Error::custom(format!(
                "unknown code `{text}`, expected one of {}",
                names.join(", ")
            ))
        })
    }
}

/// The rules' codes are the oracle's: held, not translated.
impl From<bao_rules::Code> for Code {
    fn from(code: bao_rules::Code) -> Code {
        Code::Rules(code)
    }
}

impl PartialEq<bao_rules::Code> for Code {
    fn eq(&self, other: &bao_rules::Code) -> bool {
        *self == Code::Rules(*other)
    }
}

impl PartialEq<Code> for bao_rules::Code {
    fn eq(&self, other: &Code) -> bool {
        Code::Rules(*self) == *other
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

    /// The rules' codes are held, not mapped: a rules code is the oracle's constant of the same
    /// name, as a value and as a pattern, and sorts where the reference lists it.
    #[test]
    fn the_rules_codes_are_held_not_mapped() {
        let code = Code::from(bao_rules::Code::IllegalMove);
        assert_eq!(code, Code::Rules(bao_rules::Code::IllegalMove));
        assert!(matches!(code, Code::IllegalMove));
        assert!(!matches!(code, Code::FalseClaim));
        let mut sorted: Vec<Code> = Code::OTHER.iter().chain(Code::ALL).copied().collect();
        sorted.sort();
        let listed: Vec<Code> = Code::ALL.iter().chain(Code::OTHER).copied().collect();
        assert_eq!(sorted, listed);
        assert!(serde_json::from_str::<Code>("\"no-such-code\"").is_err());
    }

    #[test]
    fn the_rules_codes_keep_their_names() {
        for &code in bao_rules::Code::ALL {
            assert_eq!(Code::from(code).as_str(), code.as_str());
            assert_eq!(Code::from(code), code);
        }
    }
}
