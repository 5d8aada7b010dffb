//! Findings: what the validator found wrong with a game record, as plain data, and the stable
//! error codes that name them.
//!
//! A finding knows the ply and the byte span of the record text it is about, never the board;
//! the reporters ([`crate::report`]) turn findings into miette reports or JSON. The codes are a
//! contract: scripts match on them, docs/reference.md (`## Error codes`) documents each one, and a test
//! keeps the two in step.

pub use crate::code::{Code, Span};
use crate::game::RuleId;

/// One problem found in a game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub code: Code,
    /// The rule of the reference the problem is about (`MAS-5`), if any.
    pub rule: Option<RuleId>,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The ply (1-based) of the move concerned, if the problem is a move's.
    pub ply: Option<u32>,
    /// The move as written, if the problem is a move's.
    pub mv: Option<String>,
    /// Where in the file, if known.
    pub span: Option<Span>,
    /// What would be right: the legal moves there, what the move did, the accepted values.
    pub help: Option<String>,
}

impl Finding {
    pub fn new(code: Code, message: impl Into<String>) -> Finding {
        Finding {
            code,
            rule: None,
            message: message.into(),
            ply: None,
            mv: None,
            span: None,
            help: None,
        }
    }

    pub fn rule(mut self, rule: RuleId) -> Finding {
        self.rule = Some(rule);
        self
    }

    pub fn rule_opt(mut self, rule: Option<RuleId>) -> Finding {
        self.rule = rule;
        self
    }

    pub fn at(mut self, span: Span) -> Finding {
        self.span = Some(span);
        self
    }

    pub fn at_opt(mut self, span: Option<Span>) -> Finding {
        self.span = span;
        self
    }

    pub fn ply(mut self, ply: u32, mv: impl Into<String>) -> Finding {
        self.ply = Some(ply);
        self.mv = Some(mv.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Finding {
        self.help = Some(help.into());
        self
    }
}

/// The 1-based line and column (in characters) of byte `offset` of `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "ab\ncé d\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        // `d` is byte 7 (é takes two bytes) but column 4.
        assert_eq!(line_column(text, 7), (2, 4));
        assert_eq!(line_column(text, 100), (3, 1));
    }
}
