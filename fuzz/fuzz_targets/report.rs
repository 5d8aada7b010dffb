//! The HTML report's data: any bytes as a record file, checked and rendered as `check --format
//! html` does. The page's JSON data block holds no `<`, `>` or `&`, reads as JSON, and carries
//! the JSON report unchanged (every text of the record reaches the page as data); outside it,
//! nothing of the record becomes markup: the page has the tags, scripts and attributes of a page
//! rendered for a plain record.
#![no_main]

// The property lives with the tests, which also run it on seeded mutants (`cargo test`).
#[path = "../../tests/it/properties.rs"]
#[allow(dead_code)]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::report_page(data));
