//! Record files: any bytes, through the whole `check` pipeline (text, documents, records,
//! replays, repair suggestions, rulings inference, JSON and HTML reports), with the differential of the two record readers on every document:
//! whenever the fast reader reads a document, serde-saphyr reads the same fields and spans.
#![no_main]

use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::check::{FileReport, check_text};
use bao_oracle::input::record::{Source, readers_agree, source_from_bytes, split_documents};
use bao_oracle::render::{html, json};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Source::Text(text) = source_from_bytes(data.to_vec()) else {
        return;
    };
    for doc in split_documents(&text) {
        if let Err(e) = readers_agree(&doc) {
            panic!("the record readers disagree on {text:?}: {e}");
        }
    }
    let options = ReplayOptions {
        infer_rulings: data.first().is_some_and(|b| b & 1 == 1),
        ..ReplayOptions::default()
    };
    let file = FileReport {
        path: "fuzz.yaml".into(),
        games: check_text(&text, &options),
        text,
    };
    let report = json::render(std::slice::from_ref(&file), &[]);
    serde_json::from_str::<serde_json::Value>(&report).expect("the JSON report is JSON");
    let page = html::render(std::slice::from_ref(&file), &options, &[]);
    assert_eq!(
        page.matches("<script").count(),
        page.matches("</script>").count(),
        "no record text may open or close a script of the page"
    );
});
