//! The harness stage: the walks through the rules that test something else — the specification
//! runner ([`spec`]), the engine protocol ([`protocol`]) and the conformance run over it
//! ([`conform`]), and the specification as one document ([`export`]).

pub mod conform;
pub mod export;
pub mod protocol;
pub mod spec;
