//! `repair`'s output: any bytes as a record file, repaired as `bao-oracle repair` does. An output
//! that `repair_text` hands out (it refuses one that fails its own proof) is read again here, on
//! its own terms: the same games, each with the same fields; a game left as written has the same
//! moves; a repaired one differs from the input only at the plies of its edit, by the moves the
//! suggestion names, its comment on one line; and every repaired game then checks valid.
#![no_main]

use bao_oracle::check::check_text;
use bao_oracle::record::{Record, Source, parse_document, source_from_bytes, split_documents};
use bao_oracle::repair::Edit;
use bao_oracle::repair::text::{read_games, repair_text};
use bao_oracle::replay::ReplayOptions;
use libfuzzer_sys::fuzz_target;

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

fuzz_target!(|data: &[u8]| {
    let Source::Text(text) = source_from_bytes(data.to_vec()) else {
        return;
    };
    let options = ReplayOptions::default();
    let games = read_games(&text, &options);
    let Ok(repaired) = repair_text(&text, &games) else {
        return; // refused: nothing would be printed
    };
    let output = &repaired.text;
    let documents = split_documents(output);
    assert_eq!(documents.len(), games.len(), "the games of {text:?} in {output:?}");
    let checked = check_text(output, &ReplayOptions {
        repair_window: 0,
        ..options.clone()
    });
    let mut edited = 0;
    for ((game, doc), report) in games.iter().zip(&documents).zip(&checked) {
        let Ok((before, replayed)) = &game.read else {
            assert!(parse_document(doc).is_err(), "an unread game of {text:?} reads in {output:?}");
            continue;
        };
        let after = parse_document(doc).unwrap_or_else(|e| {
            panic!("a game of {text:?} no longer reads in {output:?}: {}", e.message)
        });
        assert_eq!(fields(before), fields(&after), "{text:?} -> {output:?}");
        let was: Vec<&str> = before.moves.iter().map(|m| m.value.as_str()).collect();
        let now: Vec<&str> = after.moves.iter().map(|m| m.value.as_str()).collect();
        if was == now {
            continue;
        }
        // Only a game with a complete suggestion is edited, by that suggestion.
        let (s, spelled) = replayed
            .repair
            .as_ref()
            .and_then(|r| r.best_complete())
            .unwrap_or_else(|| panic!("an unrepairable game changed: {text:?} -> {output:?}"));
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
        assert!(report.valid(), "a repaired game fails: {text:?} -> {output:?}");
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
    assert!(
        !output
            .lines()
            .filter(|l| l.contains("# repair: ") || l.contains("; repair: "))
            .any(|l| l.split("repair: ").nth(1).is_some_and(|c| c.contains(['\r', '\u{1b}']))),
        "{output:?}"
    );
});
