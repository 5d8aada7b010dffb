//! The stable codes of what the rules refuse, and the byte spans a reader's errors point at. A
//! leaf, so the rules' errors (a move's, a setup's) share the codes.
//! A program around the rules (the oracle) has codes of its own for files, records and its command
//! line, and takes these under the same names.

use std::fmt;

/// A stable code of a refusal by the rules: a move, a position, a ruling or a setup they do not
/// allow. The string forms (serde's too) never change once released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Code {
    // --- the setup -----------------------------------------------------------------------------
    /// A value of the wrong kind (a notation the game does not have).
    BadValue,
    /// A name that is no ruleset id.
    UnknownRuleset,
    /// A ruling that the game does not have, or a value the ruling does not take.
    UnknownRuling,
    /// A position that is not a valid position of the game.
    BadPosition,
    /// `first:` names another side than the start position has to move.
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
    /// A move that ends, but with more events than a listener keeps (`EVENT_LIMIT`): too long to
    /// be told step by step.
    MoveTooLong,
    /// A move after the game has ended.
    MoveAfterEnd,
    /// A claim the game does not bear out: a capture or reservation claim of a move, or a
    /// claimed result.
    FalseClaim,
}

impl Code {
    /// Every code, in the order the oracle's reference lists them.
    pub const ALL: &'static [Code] = &[
        Code::BadValue,
        Code::UnknownRuleset,
        Code::UnknownRuling,
        Code::BadPosition,
        Code::FirstConflict,
        Code::NotNotation,
        Code::IllegalMove,
        Code::AmbiguousMove,
        Code::UndecidedMove,
        Code::MoveTooLong,
        Code::MoveAfterEnd,
        Code::FalseClaim,
    ];

    /// The stable string (`illegal-move`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::BadValue => "bad-value",
            Code::UnknownRuleset => "unknown-ruleset",
            Code::UnknownRuling => "unknown-ruling",
            Code::BadPosition => "bad-position",
            Code::FirstConflict => "first-conflict",
            Code::NotNotation => "not-notation",
            Code::IllegalMove => "illegal-move",
            Code::AmbiguousMove => "ambiguous-move",
            Code::UndecidedMove => "undecided-move",
            Code::MoveTooLong => "move-too-long",
            Code::MoveAfterEnd => "move-after-end",
            Code::FalseClaim => "false-claim",
        }
    }

    /// The code whose stable string is `text`.
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == text)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A stretch of a file's text, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span {
    /// The first byte.
    pub offset: usize,
    /// The length in bytes.
    pub len: usize,
}

impl Span {
    /// The span of `len` bytes from `offset`.
    pub fn new(offset: usize, len: usize) -> Span {
        Span { offset, len }
    }

    /// The byte after the span (saturating: no span ends past `usize::MAX`).
    pub fn end(self) -> usize {
        self.offset.saturating_add(self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_are_unique() {
        for &code in Code::ALL {
            assert_eq!(Code::parse(code.as_str()), Some(code));
            // serde writes the same stable string.
            #[cfg(feature = "serde")]
            let json = serde_json::to_string(&code).unwrap();
            #[cfg(feature = "serde")]
            assert_eq!(json, format!("\"{code}\""));
            #[cfg(feature = "serde")]
            assert_eq!(serde_json::from_str::<Code>(&json).unwrap(), code);
        }
        let mut names: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Code::ALL.len());
    }
}
