//! `repair`'s output: any bytes as a record file, repaired as `bao-oracle repair` does. An output
//! that `repair_text` hands out (it refuses one that fails its own proof) is read again here, on
//! its own terms: the same games, each with the same fields; a game left as written has the same
//! moves; a repaired one differs from the input only at the plies of its edit, by the moves the
//! suggestion names, its comment on one line; and every repaired game then replays with no
//! finding from its edit on.
#![no_main]

// The property lives with the tests, which also run it on seeded mutants (`cargo test`).
#[path = "../../tests/it/properties.rs"]
#[allow(dead_code)]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    properties::repair_output(data);
});
