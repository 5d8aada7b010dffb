//! The one reader of every input: any bytes as a game file, read as `check`, `import` and
//! `repair` read them. A file is either replayed or refused — never passed with nothing replayed —
//! and `import` of a transcript succeeds exactly when `check` passes it, in the same words.
#![no_main]

// The property lives with the tests, which also run it on seeded mutants (`cargo test`).
#[path = "../../tests/it/properties.rs"]
#[allow(dead_code)]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    properties::one_reader(data);
});
