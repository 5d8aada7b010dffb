//! Reporters: a check's [`crate::check::FileReport`]s for people ([`human`], miette reports
//! quoting the YAML) and for programs ([`json`], the versioned contract of README.md). They see
//! findings and record text, never a board. The human reporter needs miette: feature `cli`.

#[cfg(feature = "cli")]
pub mod human;
pub mod json;
