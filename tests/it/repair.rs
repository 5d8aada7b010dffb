//! `bao-oracle repair FILE`: the record with the best complete repair of each game applied. Its
//! output passes `check` for every game it repaired (the round trip), leaves every other byte as
//! it was, and never writes to the file.

use std::fs;
use std::path::{Path, PathBuf};

use bao_oracle::check::repair::Verdict;
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::check::{check_file, check_text};
use bao_oracle::diagnostics::Code;

use crate::common::{bao, stdout};

fn records() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let mut paths: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    paths.sort();
    paths
}

/// A file of `text` under the temporary folder.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("bao-oracle-repair-{}-{name}", std::process::id()));
    fs::write(&path, text).unwrap();
    path
}

#[test]
fn every_game_repaired_passes_check_and_nothing_else_changes() {
    let (mut repaired_somewhere, mut ambiguous_somewhere) = (0, 0);
    for path in records() {
        let before = fs::read(&path).unwrap();
        let report = check_file(&path, &ReplayOptions::default()).unwrap();
        let out = bao(&["repair", path.to_str().unwrap()]);
        assert_eq!(
            fs::read(&path).unwrap(),
            before,
            "{}: never written",
            path.display()
        );
        if report.text.is_empty()
            || report.games[0]
                .findings
                .iter()
                .any(|f| f.code == Code::EmptyFile)
        {
            assert_eq!(out.status.code(), Some(1), "{}", path.display());
            continue; // no record in it
        }
        let output = stdout(&out);
        let after = check_text(&output, &ReplayOptions::default());
        assert_eq!(after.len(), report.games.len(), "{}", path.display());
        for (game, again) in report.games.iter().zip(&after) {
            let repairable = game
                .repair
                .as_ref()
                .is_some_and(|r| matches!(r.verdict(), Verdict::BorneOut(..)));
            if game.valid() || repairable {
                assert!(
                    again.valid(),
                    "{} game {}: {:?}",
                    path.display(),
                    game.index,
                    again.findings
                );
            } else {
                assert_eq!(
                    again.findings.len(),
                    game.findings.len(),
                    "{}",
                    path.display()
                );
            }
            repaired_somewhere += usize::from(repairable);
            // Best repairs that tie are left as written (the games above that fail as before).
            ambiguous_somewhere += usize::from(
                game.repair
                    .as_ref()
                    .is_some_and(|r| matches!(r.verdict(), Verdict::Ambiguous(_))),
            );
        }
        let all_valid = after.iter().all(|g| g.valid());
        assert_eq!(
            out.status.code(),
            Some(if all_valid { 0 } else { 1 }),
            "{}",
            path.display()
        );
        // Only lines with a repair comment differ, and only comment lines are added.
        let original: Vec<&str> = report.text.lines().collect();
        let changed: Vec<&str> = output.lines().collect();
        let mut k = 0;
        for line in &changed {
            if k < original.len() && *line == original[k] {
                k += 1;
            } else {
                assert!(
                    line.contains("# repair: ") || line.contains("; repair: "),
                    "{}: {line}",
                    path.display()
                );
                if !line.trim_start().starts_with("# repair: ") {
                    k += 1; // an edited line in place of the original one
                }
            }
        }
        assert_eq!(k, original.len(), "{}", path.display());
    }
    assert!(repaired_somewhere >= 15, "{repaired_somewhere}");
    assert!(ambiguous_somewhere >= 15, "{ambiguous_somewhere}");
}

#[test]
fn block_and_flow_sequences_are_edited_in_place() {
    let text = "\
ruleset: bao-la-kimasai
source: a ply written twice, in a block sequence
moves:
  - A2
  - a2
  - A3   # a comment of its own
  - A3
  - a3
---
ruleset: bao-la-kimasai
source: a ply skipped, in a block sequence
moves:
  - A2
  - A3
  - a3
---
ruleset: bao-la-kimasai
source: a ply written twice, in a flow sequence over two lines
moves: [A2, a2, A3,
  A3, a3]
---
ruleset: bao-la-kimasai
source: a ply skipped, and a move quoted
moves: [\"A2\", \"A3\", a3]
result: unfinished
---
ruleset: bao-la-kimasai
source: beyond repair
moves: [A2, A2, A2, A2]
";
    let path = temp_file("sequences.yaml", text);
    let out = bao(&["repair", path.to_str().unwrap()]);
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
    fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(1), "the last game stays invalid");
    insta::assert_snapshot!(stdout(&out));
}

#[test]
fn the_slipped_records_are_repaired() {
    for name in [
        "kete-direction-flipped-earlier",
        "kimasai-wrong-row-earlier",
        "kingulu-slip-before-illegal",
        "zanzibar-hole-off-by-one",
        "zanzibar-de-voogt-b7L",
    ] {
        let out = bao(&["repair", &format!("tests/records/{name}.yaml")]);
        assert_eq!(out.status.code(), Some(0), "{name}");
        insta::assert_snapshot!(name, stdout(&out));
    }
}

#[test]
fn usage_and_io_errors() {
    assert_eq!(bao(&["repair"]).status.code(), Some(2));
    assert_eq!(bao(&["repair", "no/such/file.yaml"]).status.code(), Some(2));
    let out = bao(&[
        "repair",
        "tests/records/kete-wrong-side.yaml",
        "--repair-window",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(1), "no search, no repair");
    assert!(stdout(&out).starts_with("# repair: game 1 left as written"));
}

#[test]
fn a_skipped_last_ply_is_added_after_the_last_move() {
    // Every move plays; the `result:` claim fails. The suggestions go under its error, and
    // `repair` adds the ply after the last move, in the sequence's own style. (`generate
    // bao-kingulu --seed 2` without its last ply, `a5`: the one move that ends it as claimed.)
    let moves = "A5, a5, A5, a6, A1, a3, A6, a6, A2, a5, A3, a4, A3, a3, A6, a4, A1, a3, A5, \
                 a6, A2, a6, A3, a2, A6";
    let block: String = moves.split(", ").map(|m| format!("  - {m}\n")).collect();
    let text = format!(
        "ruleset: bao-kingulu\nsource: flow\nmoves: [{moves}]\nresult: north\n---\n\
         ruleset: bao-kingulu\nsource: block\nmoves:\n{block}result: north\n"
    );
    for game in check_text(&text, &ReplayOptions::default()) {
        let result_error = game
            .findings
            .iter()
            .find(|f| f.ply.is_none())
            .expect("the result's error");
        let first = &game.suggestions(result_error)[0];
        assert_eq!((first.ply, first.complete), (26, true), "{first:?}");
    }
    let path = temp_file("skipped-last.yaml", &text);
    let out = bao(&["repair", path.to_str().unwrap()]);
    fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(0));
    let output = stdout(&out);
    assert!(
        output.contains("A6, a5]  # repair: move 13, north (ply 26): not written\n"),
        "{output}"
    );
    assert!(
        output.contains("  - A6\n  - a5  # repair: move 13, north (ply 26): not written\nresult"),
        "{output}"
    );
}

/// `repair` of a file holding `text`: status, output, standard error.
fn repair(name: &str, text: &str) -> (Option<i32>, String, String) {
    let path = temp_file(name, text);
    let out = bao(&["repair", path.to_str().unwrap()]);
    fs::remove_file(&path).unwrap();
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    (out.status.code(), stdout(&out), err)
}

/// The moves of each game of `text`, as read.
fn moves_of(text: &str) -> Vec<Vec<String>> {
    bao_oracle::input::record::split_documents(text)
        .iter()
        .map(|doc| {
            let record = bao_oracle::input::record::parse_document(doc).expect("a record");
            record
                .moves
                .into_iter()
                .map(|m| m.value.to_string())
                .collect()
        })
        .collect()
}

#[test]
fn a_move_text_cannot_write_yaml_into_the_output() {
    // Issue 19, finding 2: the comment quoting the move is one line, whatever the move holds.
    for (name, payload) in [
        ("fields", "Q9\\ntitle: injected\\nsouth: Mallory"),
        (
            "game",
            "Q9\\n---\\nruleset: bao-la-kimasai\\nsource: forged\\nmoves: []",
        ),
        ("cr", "Q9\\rtitle: injected\\r\\u2028south: x\\e]0;t\\a"),
    ] {
        // The plies after the slip tell `A3` from the other moves there.
        let text = format!(
            "ruleset: bao-la-kimasai\nsource: t\nmoves: [A2, a2, \"{payload}\", b10, A4, b11, A5]\n"
        );
        let (code, out, err) = repair(name, &text);
        assert_eq!(code, Some(0), "{name}: {err}");
        assert!(err.contains("1 of 1 game(s) valid"), "{name}: {err}");
        assert_eq!(out.lines().count(), 3, "{name}: {out}");
        assert!(
            !out.contains(['\r', '\u{1b}', '\u{7}', '\u{2028}']),
            "{name}: {out:?}"
        );
        let record = check_text(&out, &ReplayOptions::default());
        assert_eq!(record.len(), 1);
        assert_eq!(
            moves_of(&out),
            [["A2", "a2", "A3", "b10", "A4", "b11", "A5"]],
            "{name}"
        );
        assert!(
            out.contains("# repair: move 2, south (ply 3): written Q9\\u{"),
            "{name}: {out}"
        );
    }
}

#[test]
fn anchors_and_aliases_change_no_unmarked_ply() {
    // Issue 19, finding 4. Kete: ply 5, `A5<` anchored, is the slip (`A5>`); ply 11 its alias.
    let game = |moves: &str| format!("ruleset: bao-la-kete\nsource: t\nmoves: [{moves}]\n");
    let head = "\"A7<\", \"a5>\", \"A6>\", \"a1>\"";
    let tail = "\"a2>\", \"A1>\", \"a6>+\", \"A2>\", \"a6>\"";
    let rest = "\"a8<\", \"A8<\", \"a7<\", \"A6<\", \"a1>\"";
    // The anchored ply is the slip: its edit would change the alias too; refused.
    let anchored = game(&format!("{head}, &m \"A5<\", {tail}, *m, {rest}"));
    let (code, out, _) = repair("anchored", &anchored);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with(
            "# repair: game 1 left as written: the repair edits ply 5, whose move is the YAML \
             anchor `&m` that an alias `*m` repeats"
        ),
        "{out}"
    );
    assert!(out.ends_with(&anchored), "{out}");
    // The alias is the slip: written out where it changes, the anchor kept.
    let aliased = game(&format!("{head}, &m \"A5>\", {tail}, *m, {rest}"));
    let (code, out, _) = repair("aliased", &aliased);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("&m \"A5>\""), "{out}");
    let mut moves = moves_of(&aliased).remove(0);
    moves[10] = "A5<".into();
    assert_eq!(moves_of(&out), [moves]);
    // A ply written twice as an anchor and its alias: the alias is deleted, never leaving an
    // alias without its anchor.
    let twice = "ruleset: bao-la-kete\nsource: t\nmoves: [&a A6<, *a, a6<x]\n";
    let (code, out, _) = repair("twice", twice);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.starts_with("ruleset: bao-la-kete\nsource: t\nmoves: [&a A6<, a6<x]"),
        "{out}"
    );
}

#[test]
fn tagged_moves_are_edited_whole() {
    // Issue 19, finding 9: the tag goes with its move when the move is deleted or moved, and a
    // ply inserted before a tagged move is an item of its own. (The plies after each slip tell
    // the repair from the other edits there.)
    let tagged = |moves: &str| {
        moves
            .split(' ')
            .map(|m| format!("!!str {m}"))
            .collect::<Vec<_>>()
    };
    let (twice, skips) = (
        "A6< A6< a6<x A4> a7< A3> a7<",
        "A6< A4> a8< A4< a7< A3< a7>",
    );
    let block_of = |moves: &str| {
        let items: String = tagged(moves).iter().map(|m| format!("  - {m}\n")).collect();
        format!("ruleset: bao-la-kete\nsource: t\nmoves:\n{items}")
    };
    let flow_of = |moves: &str| {
        format!(
            "ruleset: bao-la-kete\nsource: t\nmoves: [{}]\n",
            tagged(moves).join(", ")
        )
    };
    let (block, flow) = (block_of(twice), flow_of(twice));
    let (skipped, skipped_block) = (flow_of(skips), block_of(skips));
    for (name, text) in [
        ("block", &block),
        ("flow", &flow),
        ("skipped", &skipped),
        ("skipped-block", &skipped_block),
    ] {
        let (code, out, err) = repair(name, text);
        assert_eq!(code, Some(0), "{name}: {out}{err}");
        assert!(
            !out.contains("!!str ,") && !out.contains("!!str\n"),
            "{name}: {out}"
        );
        let again = check_text(&out, &ReplayOptions::default());
        assert!(again[0].valid(), "{name}: {out}");
    }
    let (_, out, _) = repair("flow", &flow);
    assert!(out.contains("moves: [!!str A6<, !!str a6<x, "), "{out}");
}

#[test]
fn a_true_claim_is_kept_and_a_false_one_dropped() {
    // Issue 18: `a4<x` repaired to a capture keeps its `x`; `A5<x` repaired to a takata loses it.
    // (The plies after each slip tell the repair from the other moves there.)
    let (code, out, _) = repair(
        "claims",
        "ruleset: bao-la-kete\nsource: t\nmoves: [A6<, a4<x, A3>, a8<, A3>, a7<, A1>, a7<]\n---\n\
         ruleset: bao-la-kete\nsource: t\nmoves: [A5<x, a6>, A4<, a6>, A7<, a4>, A6<]\n",
    );
    assert_eq!(code, Some(0), "{out}");
    let moves = moves_of(&out);
    assert_eq!(moves[0][..2], ["A6<", "a5<x"], "{out}");
    assert_eq!(moves[1][..1], ["A6<"], "{out}");
}

#[test]
fn a_move_written_as_a_block_scalar_is_left_as_written() {
    let text = "ruleset: bao-la-kete\nsource: t\nmoves:\n  - A6<\n  - >-\n    a4<x\n  - A3>\n  - a8<\n  - A3>\n";
    let (code, out, _) = repair("block-scalar", text);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("ply 2 or next to it, written as a YAML block scalar"),
        "{out}"
    );
    assert!(out.ends_with(text), "{out}");
}
