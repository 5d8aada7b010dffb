//! The HTML report's data: any bytes as a record file, checked and rendered as `check --format
//! html` does. The page's JSON data block holds no `<`, `>` or `&`, reads as JSON, and carries
//! the JSON report unchanged (every text of the record reaches the page as data); outside it,
//! nothing of the record becomes markup: the page has the tags, scripts and attributes of a page
//! rendered for a plain record.
#![no_main]

use std::collections::BTreeSet;
use std::sync::OnceLock;

use bao_oracle::check::{FileReport, check_text};
use bao_oracle::record::{Source, source_from_bytes};
use bao_oracle::replay::ReplayOptions;
use bao_oracle::report::{html, json};
use libfuzzer_sys::fuzz_target;

const DATA_OPEN: &str = "<script type=\"application/json\" id=\"report-data\">";

fn page_of(text: &str) -> (String, String) {
    let options = ReplayOptions::default();
    let mut views = html::Views::new();
    views.add_file(text, &options);
    let file = FileReport {
        path: "fuzz.yaml".into(),
        games: check_text(text, &options),
        text: text.to_string(),
    };
    let report = json::render(std::slice::from_ref(&file), &[]);
    (html::render(std::slice::from_ref(&file), &views, &[]), report)
}

/// The page's data block and the markup around it.
fn split(page: &str) -> (&str, String) {
    let open = page.find(DATA_OPEN).expect("the page has its data") + DATA_OPEN.len();
    let close = open + page[open..].find("</script>").expect("the data block closes");
    (&page[open..close], format!("{}{}", &page[..open], &page[close..]))
}

/// The tags of `markup` (name and attribute names), in a set.
fn tags(markup: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = markup;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let end = rest.find('>').unwrap_or(rest.len());
        let tag = &rest[..end];
        // Inside the page's own script and style, `<` is code; the tag names stay the same.
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '/' || *c == '!')
            .collect();
        out.insert(name);
        rest = &rest[end.min(rest.len())..];
    }
    out
}

fn baseline() -> &'static (BTreeSet<String>, usize) {
    static BASELINE: OnceLock<(BTreeSet<String>, usize)> = OnceLock::new();
    BASELINE.get_or_init(|| {
        let (page, _) = page_of("ruleset: bao-kingulu\nsource: s\nmoves: [A5, Q9]\n");
        let (_, markup) = split(&page);
        (tags(&markup), markup.matches("<script").count())
    })
}

fuzz_target!(|data: &[u8]| {
    let Source::Text(text) = source_from_bytes(data.to_vec()) else {
        return;
    };
    let (page, report) = page_of(&text);
    let (data, markup) = split(&page);
    assert!(!data.contains(['<', '>', '&']), "{text:?}: raw markup in the page's data");
    let data: serde_json::Value = serde_json::from_str(data).expect("the page's data is JSON");
    let report: serde_json::Value = serde_json::from_str(&report).expect("the report is JSON");
    assert_eq!(data["report"], report, "{text:?}: the page's data is the JSON report");
    let (known, scripts) = baseline();
    assert_eq!(markup.matches("<script").count(), *scripts, "{text:?}");
    let found = tags(&markup);
    assert!(found.is_subset(known), "{text:?}: tags {:?}", found.difference(known));
});
