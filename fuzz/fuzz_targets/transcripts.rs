//! Published transcripts: any text is read and imported for every ruleset without a panic, and a
//! record the importer writes is one game record that `check` reads.
#![no_main]

use bao_oracle::check::check_text;
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::rewrite::import::{ImportOptions, import};
use bao_rules::RULESETS;
use bao_rules::rulings::RulingSet;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = bao_oracle::input::transcript::parse(text);
    let rulings = RulingSet::new();
    for ruleset in RULESETS {
        let options = ImportOptions {
            name: "fuzz.txt",
            source: None,
            ruleset: Some(ruleset),
            rulings: &rulings,
            strict: false,
        };
        if let Ok(imported) = import(text, &options) {
            let record = imported.record;
            assert_eq!(
                check_text(&record, &ReplayOptions::default()).len(),
                1,
                "{record}"
            );
        }
    }
});
