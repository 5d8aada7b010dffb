//! `check --infer-rulings`: the corpus's preset games fit their preset and not the presets that
//! refute them; the 1994 game fits every source; a broken record fits none and says how far it
//! gets; the inference agrees with `check` under sampled combinations; the reports are pinned.

use std::path::PathBuf;

use bao_oracle::check::check_file;
use bao_oracle::check::infer::{self, Inference};
use bao_oracle::check::replay::{ReplayOptions, replay};
use bao_oracle::input::record::{Field, Record, parse_document, split_documents};
use bao_rules::game::Game;
use bao_rules::{RulingSet, SplitMix64, Zanzibar};

use crate::common::{bao, root};

fn record(path: &str) -> Record {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    parse_document(&split_documents(&text)[0]).unwrap()
}

fn inferred(path: &str) -> Inference {
    infer::infer(&record(path), &ReplayOptions::default())
}

/// The record played under `set` alone (its own `preset:` and `rulings:` replaced).
fn valid_under(record: &Record, set: &RulingSet) -> bool {
    let span = record.ruleset.span;
    let mut under = record.clone();
    under.preset = None;
    under.rulings = set
        .iter()
        .map(|(n, v)| {
            let field = |s: &str| Field {
                value: s.to_string(),
                span,
            };
            (field(n), field(v))
        })
        .collect();
    let options = ReplayOptions {
        repair_window: 0,
        ..ReplayOptions::default()
    };
    replay(&under, &options).findings.is_empty()
}

fn preset_set(name: &str) -> RulingSet {
    RulingSet::new().over_preset::<Zanzibar>(name).unwrap()
}

#[test]
fn preset_games_fit_their_preset_and_not_the_defaults() {
    let dir = root().join("corpus/bao-la-kiswahili");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Some(rest) = name.strip_prefix("preset-") else {
            continue;
        };
        let preset = rest.rsplit_once("-seed-").unwrap().0;
        let path = format!("corpus/bao-la-kiswahili/{name}");
        let inference = inferred(&path);
        assert!(inference.presets.contains(&preset), "{name}: {inference:?}");
        assert!(inference.consistent_with(&preset_set(preset)), "{name}");
        // The record's own preset is the declared combination.
        let (declared, consistent) = inference.declared.clone().unwrap();
        assert!(consistent && declared.presets.contains(&preset), "{name}");
        // corpus/README.md: these are refused (or end otherwise) under the defaults.
        if preset != "mancala-world" {
            assert!(!inference.presets.contains(&"de-voogt"), "{name}");
            assert!(!inference.consistent_with(&RulingSet::new()), "{name}");
        }
        // Each listed combination is one `check` finds valid, with the presets it equals.
        for combination in &inference.listed {
            let set = RulingSet::from_pairs(combination.rulings.iter().copied()).unwrap();
            assert!(valid_under(&record(&path), &set), "{name}: {combination:?}");
            for &p in &combination.presets {
                assert_eq!(
                    Zanzibar::rulings(&preset_set(p)).unwrap(),
                    Zanzibar::rulings(&set).unwrap()
                );
            }
        }
        seen += 1;
    }
    assert_eq!(seen, 8);
}

#[test]
fn the_1994_game_fits_every_source_and_its_misprint_none() {
    for path in [
        "corpus/bao-la-kiswahili/ramadhan-kijumbe-1994.yaml",
        "corpus/bao-la-kiswahili/ramadhan-kijumbe-1994-donkers.yaml",
    ] {
        let inference = inferred(path);
        let all: Vec<&str> = Zanzibar::PRESETS.iter().map(|p| p.name).collect();
        assert_eq!(inference.presets, all, "{path}");
        assert_eq!(inference.combinations, 62_208);
        assert!(inference.furthest.is_none());
    }
    // As de Voogt 1995 prints it: ply 46 `b7L` is illegal whatever the rulings.
    let inference = inferred("tests/records/zanzibar-de-voogt-b7L.yaml");
    assert_eq!(inference.consistent, 0);
    assert!(inference.listed.is_empty() && inference.presets.is_empty());
    let furthest = inference.furthest.unwrap();
    assert_eq!((furthest.plies, furthest.reaching), (45, 62_208));
    assert_eq!(furthest.combination.presets, ["de-voogt"]);
    assert_eq!(furthest.finding.unwrap().ply, Some(46));
}

/// The inference against `check` itself, under combinations drawn at random (seeded), for every
/// Bao la Kiswahili record of the corpus; every combination of the other rulesets' records.
#[test]
fn the_inference_agrees_with_check_under_sampled_combinations() {
    let mut rng = SplitMix64::new(9);
    let mut paths: Vec<PathBuf> = Vec::new();
    for dir in ["corpus", "tests/records"] {
        let (files, _) = bao_oracle::check::collect_files(&[root().join(dir)]);
        paths.extend(files);
    }
    let mut compared = 0;
    for path in paths {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for doc in split_documents(&text) {
            let Ok(record) = parse_document(&doc) else {
                continue;
            };
            let inference = infer::infer(&record, &ReplayOptions::default());
            let defs = inference.defs;
            let total = inference.combinations;
            let picks: Vec<u64> = if total <= 8 {
                (0..total).collect()
            } else {
                (0..6).map(|_| rng.next_u64() % total).collect()
            };
            for pick in picks {
                // Combination `pick` in the mixed radix of the rulings, the first most significant.
                let mut rest = pick;
                let mut values = vec![""; defs.len()];
                for (i, def) in defs.iter().enumerate().rev() {
                    let n = def.values.len() as u64;
                    values[i] = def.values[(rest % n) as usize];
                    rest /= n;
                }
                let set =
                    RulingSet::from_pairs(defs.iter().map(|d| d.name).zip(values.iter().copied()))
                        .unwrap();
                assert_eq!(
                    inference.consistent_with(&set),
                    valid_under(&record, &set),
                    "{}, game {}, under {set:?}",
                    path.display(),
                    doc.index
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 300, "{compared}");
}

#[test]
fn an_exhausted_budget_is_said() {
    let r = record("corpus/bao-la-kiswahili/preset-nkkmd-seed-39.yaml");
    let inference = infer::infer_within(&r, &ReplayOptions::default(), 40);
    let at = inference.exhausted_at.expect("40 moves do not suffice");
    assert!(inference.undecided > 0 && inference.moves_played >= 40);
    assert!(
        inference.moves_played < 40 + 100,
        "{}",
        inference.moves_played
    );
    assert_eq!(inference.consistent, 0);
    // The furthest counts the undecided with the plies they reached.
    assert_eq!(inference.furthest.unwrap().plies, at - 1);
    let report = check_file(
        &root().join("corpus/bao-la-kiswahili/preset-nkkmd-seed-39.yaml"),
        &ReplayOptions {
            infer_rulings: true,
            ..ReplayOptions::default()
        },
    )
    .unwrap();
    assert!(
        report.games[0]
            .inference
            .as_ref()
            .unwrap()
            .exhausted_at
            .is_none()
    );
}

fn infer_args<'a>(format: &'a str, paths: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "check",
        "--infer-rulings",
        "--format",
        format,
        "--color=never",
    ];
    args.extend(paths);
    args
}

#[test]
fn human_report_of_inferred_rulings() {
    let paths = [
        "corpus/bao-la-kiswahili/preset-nkkmd-seed-39.yaml",
        "corpus/bao-la-kete/ruling-mtaji-safari-choice-seed-145.yaml",
        "corpus/bao-la-kimasai/random-seed-01.yaml",
        "tests/records/zanzibar-de-voogt-b7L.yaml",
        "tests/records/unknown-ruleset.yaml",
    ];
    let out = bao(&infer_args("human", &paths));
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

#[test]
fn json_report_of_inferred_rulings() {
    let paths = [
        "corpus/bao-la-kete/ruling-mtaji-safari-choice-seed-145.yaml",
        "tests/records/kete-two-seeds.yaml",
        "tests/records/unknown-ruleset.yaml",
    ];
    let out = bao(&infer_args("json", &paths));
    let text = String::from_utf8(out.stdout).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let games = |i: usize| &doc["files"][i]["games"][0];
    assert_eq!(games(0)["consistent_rulings"].as_array().unwrap().len(), 4);
    assert!(games(0)["furthest_rulings"].is_null());
    assert!(games(2)["consistent_rulings"].is_null());
    insta::assert_snapshot!(text);
    // Without the flag: null, every game.
    let plain = bao(&["check", "--format", "json", paths[0]]);
    let doc: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    let game = &doc["files"][0]["games"][0];
    for key in ["consistent_rulings", "furthest_rulings", "ruling_inference"] {
        assert!(game[key].is_null() && game.get(key).is_some(), "{key}");
    }
}
