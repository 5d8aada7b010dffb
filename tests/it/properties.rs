//! The properties two fuzz targets search (`fuzz/fuzz_targets/repair.rs` and `report.rs` include
//! this file), run here on seeded mutants and on the inputs the fuzzer once stopped on
//! (`mutations.rs`).
//!
//! `repair_output`:
//! `repair`'s output: any bytes as a record file, repaired as `bao-oracle repair` does. An output
//! that `repair_text` hands out (it refuses one that fails its own proof) is read again here, on
//! its own terms: the same games, each with the same fields; a game left as written has the same
//! moves; a repaired one differs from the input only at the plies of its edit, by the moves the
//! suggestion names, its comment on one line; and every repaired game then replays with no
//! finding from its edit on.
//!
//! `one_reader`:
//! The one reader (`fuzz/fuzz_targets/input.rs`): any bytes as a game file, read as `check`,
//! `import` and `repair` read them. A text with a record field (a line `ruleset:`, `moves:` or
//! `result:` at any indent, or a map the YAML library reads with a field only records have) is
//! never a transcript; a file is either replayed or refused — every game `check` passes replayed each move
//! it lists, and a transcript it passes has a move or is Donkers' empty template, with its warning;
//! `import` of a transcript succeeds exactly when `check` passes it, with the same findings when
//! it does not.
//!
//! `report_page`:
//! The HTML report's data: any bytes as a record file, checked and rendered as `check --format
//! html` does. The page's JSON data block holds no `<`, `>` or `&`, reads as JSON, and carries
//! the JSON report unchanged (every text of the record reaches the page as data); outside it,
//! nothing of the record becomes markup: the page has the tags, scripts and attributes of a page
//! rendered for a plain record.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use bao_oracle::check::repair::{Edit, Verdict};
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::check::{FileReport, check_text};
use bao_oracle::input::record::{
    Record, Source, parse_document, source_from_bytes, split_documents,
};
use bao_oracle::render::{html, json};
use bao_oracle::rewrite::repair::{read_games, repair_text};

/// A record's fields but its moves, as values (spans left out).
fn fields(r: &Record) -> String {
    format!(
        "{:?}",
        (
            &r.ruleset.value,
            &r.title,
            &r.source,
            &r.date,
            &r.south,
            &r.north,
            r.first.as_ref().map(|f| f.value),
            r.start.as_ref().map(|f| &f.value),
            r.preset.as_ref().map(|f| &f.value),
            r.rulings
                .iter()
                .map(|(k, v)| (&k.value, &v.value))
                .collect::<Vec<_>>(),
            r.notation.as_ref().map(|f| f.value),
            r.result.as_ref().map(|f| f.value),
        )
    )
}

/// `repair`'s output keeps its input (the `repair` fuzz target); the games it edited.
pub fn repair_output(data: &[u8]) -> usize {
    let Source::Text(text) = source_from_bytes(data.to_vec()) else {
        return 0;
    };
    if bao_oracle::input::form_of(&text) == bao_oracle::input::Form::Transcript {
        return 0; // `repair` takes a transcript's own path
    }
    let options = ReplayOptions::default();
    let games = read_games(&text, &options);
    if games.is_empty() {
        return 0; // no record: `repair` says so and prints nothing
    }
    let Ok(repaired) = repair_text(&text, &games) else {
        return 0; // refused: nothing would be printed
    };
    let output = &repaired.text;
    let documents = split_documents(output);
    assert_eq!(
        documents.len(),
        games.len(),
        "the games of {text:?} in {output:?}"
    );
    let checked = check_text(
        output,
        &ReplayOptions {
            repair_window: 0,
            ..options.clone()
        },
    );
    assert_eq!(checked.len(), documents.len(), "{output:?}");
    let mut edited = 0;
    for ((game, doc), report) in games.iter().zip(&documents).zip(&checked) {
        let Ok((before, replayed)) = &game.read else {
            assert!(
                parse_document(doc).is_err(),
                "an unread game of {text:?} reads in {output:?}"
            );
            continue;
        };
        let after = parse_document(doc).unwrap_or_else(|e| {
            panic!(
                "a game of {text:?} no longer reads in {output:?}: {}",
                e.message
            )
        });
        assert_eq!(fields(before), fields(&after), "{text:?} -> {output:?}");
        let was: Vec<&str> = before.moves.iter().map(|m| m.value.as_str()).collect();
        let now: Vec<&str> = after.moves.iter().map(|m| m.value.as_str()).collect();
        if was == now {
            continue;
        }
        // Only a game with a complete suggestion the record bears out is edited, by it.
        let Some(Verdict::BorneOut(s, spelled)) = replayed.repair.as_ref().map(|r| r.verdict())
        else {
            panic!("a game with no repair borne out changed: {text:?} -> {output:?}")
        };
        let i = s.ply as usize - 1;
        let mut expected: Vec<&str> = was.clone();
        match s.edit {
            Edit::Replace => expected[i] = spelled[0].as_str(),
            Edit::Insert => expected.insert(i, spelled[0].as_str()),
            Edit::Delete => {
                expected.remove(i);
            }
            Edit::Swap => expected.swap(i, i + 1),
        }
        assert_eq!(now, expected, "{text:?} -> {output:?}");
        // Replayed whole from the edit on: a finding left is a false claim before it, which
        // plays and which no edit of a later ply is for.
        assert!(
            report
                .findings
                .iter()
                .all(|f| f.ply.is_some_and(|p| p < s.ply)),
            "a repaired game fails: {text:?} -> {output:?}: {:?}",
            report.findings
        );
        edited += 1;
    }
    assert_eq!(edited, repaired.repaired, "{text:?} -> {output:?}");
    // Every line the repair added or changed is one line with its comment.
    let lines = |t: &str| t.lines().count();
    let changed_lines = lines(output).saturating_sub(lines(&text));
    assert!(
        changed_lines <= repaired.repaired + repaired.left,
        "{text:?} -> {output:?}"
    );
    // The comments it adds are one line each, with no control character (the lines of the
    // input are its own).
    let input: std::collections::HashSet<&str> = text.lines().collect();
    for line in output.lines().filter(|l| !input.contains(l)) {
        let comment = ["# repair: ", "; repair: "]
            .iter()
            .filter_map(|m| line.rfind(m).map(|at| &line[at..]))
            .min_by_key(|c| c.len());
        if let Some(comment) = comment {
            assert!(
                !comment.contains(|c: char| c.is_control()),
                "{comment:?} in {output:?}"
            );
        }
    }
    edited
}

const DATA_OPEN: &str = "<script type=\"application/json\" id=\"report-data\">";

fn page_of(text: &str) -> (String, String) {
    let options = ReplayOptions::default();
    let file = FileReport {
        path: "fuzz.yaml".into(),
        games: check_text(text, &options),
        text: text.to_string(),
    };
    let report = json::render(std::slice::from_ref(&file), &[]);
    (
        html::render(std::slice::from_ref(&file), &options, &[]),
        report,
    )
}

/// The page's data block and the markup around it.
fn split(page: &str) -> (&str, String) {
    let open = page.find(DATA_OPEN).expect("the page has its data") + DATA_OPEN.len();
    let close = open
        + page[open..]
            .find("</script>")
            .expect("the data block closes");
    (
        &page[open..close],
        format!("{}{}", &page[..open], &page[close..]),
    )
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

/// The HTML report's page keeps a record's text as data (the `report` fuzz target).
pub fn report_page(data: &[u8]) {
    let Source::Text(text) = source_from_bytes(data.to_vec()) else {
        return;
    };
    let (page, report) = page_of(&text);
    let (data, markup) = split(&page);
    assert!(
        !data.contains(['<', '>', '&']),
        "{text:?}: raw markup in the page's data"
    );
    let data: serde_json::Value = serde_json::from_str(data).expect("the page's data is JSON");
    let report: serde_json::Value = serde_json::from_str(&report).expect("the report is JSON");
    assert_eq!(
        data["report"], report,
        "{text:?}: the page's data is the JSON report"
    );
    let (known, scripts) = baseline();
    assert_eq!(markup.matches("<script").count(), *scripts, "{text:?}");
    let found = tags(&markup);
    assert!(
        found.is_subset(known),
        "{text:?}: tags {:?}",
        found.difference(known)
    );
}

/// The one reader: nothing passes unreplayed, and `import` agrees with `check` (the `input` fuzz
/// target).
pub fn one_reader(data: &[u8]) {
    use bao_oracle::diagnostics::Code;
    use bao_oracle::input::{Input, of_text};
    use bao_oracle::rewrite::import::{ImportOptions, import};
    let Source::Text(text) = source_from_bytes(data.to_vec()) else {
        return;
    };
    // What the YAML library reads as a record (a map with a field only records have), however
    // it is spelt, is never a transcript.
    let field_line = split_documents(&text).iter().any(|doc| {
        matches!(
            serde_saphyr::from_str::<serde_json::Value>(doc.text),
            Ok(serde_json::Value::Object(map))
                if map.keys().any(|k| bao_oracle::input::transcript::RECORD_ONLY.contains(&k.as_str()))
        )
    }) || text.lines().any(|l| {
        ["ruleset:", "moves:", "result:"]
            .iter()
            .any(|f| l.trim_start().starts_with(f))
    });
    let options = ReplayOptions {
        repair_window: 0,
        ..ReplayOptions::default()
    };
    match of_text(text.clone()) {
        Input::Refused(_) => {}
        Input::Records(text) => {
            for game in check_text(&text, &options) {
                if game.valid() {
                    assert_eq!(game.plies as usize, game.recorded_plies, "{text:?}");
                    assert!(game.standing.is_some(), "{text:?}: passed unreplayed");
                }
            }
        }
        Input::Transcript(text) => {
            assert!(!field_line, "{text:?}: a record read as a transcript");
            let games = check_text(&text, &options);
            assert_eq!(games.len(), 1, "{text:?}");
            let game = &games[0];
            if game.valid() {
                assert!(game.standing.is_some(), "{text:?}: passed unreplayed");
                assert_eq!(game.plies as usize, game.recorded_plies, "{text:?}");
                assert!(
                    game.plies > 0 || game.warnings.iter().any(|w| w.code == Code::TranscriptSlip),
                    "{text:?}: an empty transcript passed without its warning"
                );
            }
            let rulings = bao_rules::rulings::RulingSet::new();
            let imported = import(
                &text,
                &ImportOptions {
                    name: "fuzz.bao",
                    source: None,
                    ruleset: Some(bao_rules::Ruleset::Zanzibar),
                    rulings: &rulings,
                    strict: false,
                },
            );
            match imported {
                Ok(_) => assert!(game.valid(), "{text:?}: imported, yet check fails it"),
                Err(report) => {
                    assert!(
                        !game.valid(),
                        "{text:?}: check passes it, import refuses it"
                    );
                    assert_eq!(report.findings, game.findings, "{text:?}: other words");
                }
            }
        }
    }
}
