//! Bao la Kiswahili against a published game: the 1994 tournament game Ramadhan - Kijumbe, whose
//! moves, legal-move counts and positions after every ply were computed independently (an
//! independent simulator and two public engines; `tests/data/ramadhan-kijumbe-1994.md`, the
//! published record with its provenance), replayed from the transcript in Donkers' notation; and its import.

use std::fs;
use std::path::Path;

use bao_oracle::rewrite::import::{ImportOptions, import};
use bao_rules::{Game, Notation, Playthrough, RulingSet, Zanzibar};

fn read(path: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// One row of the reference's ply table.
struct Row {
    ply: usize,
    published: String,
    canonical: String,
    legal: usize,
    after: String,
}

fn table() -> Vec<Row> {
    let text = read("tests/data/ramadhan-kijumbe-1994.md");
    let unquote = |s: &str| s.trim().trim_matches('`').to_string();
    text.lines()
        .filter(|l| {
            l.starts_with("| ")
                && l.split('|')
                    .nth(1)
                    .is_some_and(|c| c.trim().parse::<usize>().is_ok())
        })
        .map(|l| {
            let cells: Vec<&str> = l.split('|').collect();
            Row {
                ply: cells[1].trim().parse().unwrap(),
                published: unquote(cells[4]),
                canonical: unquote(cells[5]),
                legal: cells[6].trim().parse().unwrap(),
                after: unquote(cells[8]),
            }
        })
        .collect()
}

fn replay_under(preset: &str) -> Vec<(usize, String, String)> {
    let rulings = RulingSet::new()
        .over_preset::<Zanzibar>(preset)
        .unwrap()
        .resolve::<Zanzibar>()
        .unwrap();
    let mut game = Playthrough::<Zanzibar>::new(Zanzibar::start(), rulings)
        .in_notation(Notation::Donkers)
        .unwrap();
    let mut events = Vec::new();
    let mut out = Vec::new();
    for row in table() {
        let mut legal = Vec::new();
        let _ = Zanzibar::legal_moves(game.position(), game.rulings(), &mut legal);
        let before = *game.position();
        let played = game
            .play_text_into(&row.published, &mut events)
            .unwrap_or_else(|e| panic!("{preset}: ply {} `{}`: {e}", row.ply, row.published));
        assert!(
            played.false_claims.is_empty(),
            "ply {}: {:?}",
            row.ply,
            played.false_claims
        );
        out.push((
            legal.len(),
            Zanzibar::format_annotated(&before, played.mv, &events),
            Zanzibar::format_compact(game.position()),
        ));
    }
    out
}

#[test]
fn every_ply_of_the_published_game_as_computed_independently() {
    let rows = table();
    assert_eq!(rows.len(), 52);
    for (row, (legal, canonical, after)) in rows.iter().zip(replay_under("de-voogt")) {
        assert_eq!(legal, row.legal, "ply {}: legal moves before it", row.ply);
        assert_eq!(
            canonical, row.canonical,
            "ply {}: `{}`",
            row.ply, row.published
        );
        // Positions compared as positions (the table's and ours are both compact forms).
        assert_eq!(
            Zanzibar::parse_position(&after).unwrap(),
            Zanzibar::parse_position(&row.after).unwrap(),
            "ply {}: the position after it",
            row.ply
        );
    }
}

#[test]
fn every_preset_replays_it_to_the_same_end_with_the_same_counts() {
    let base = replay_under("de-voogt");
    for preset in Zanzibar::PRESETS.iter().map(|p| p.name) {
        let other = replay_under(preset);
        let counts = |r: &[(usize, String, String)]| r.iter().map(|x| x.0).collect::<Vec<_>>();
        assert_eq!(counts(&other), counts(&base), "{preset}: legal-move counts");
        let final_position = |r: &[(usize, String, String)]| {
            Zanzibar::parse_position(&r.last().unwrap().2)
                .map(|p| Zanzibar::format_compact(&p))
                .unwrap()
        };
        // The house field may differ (house-in-mtaji); the board and the side to move do not.
        let board = |s: String| s.split(' ').take(2).collect::<Vec<_>>().join(" ");
        assert_eq!(
            board(final_position(&other)),
            board(final_position(&base)),
            "{preset}"
        );
    }
}

#[test]
fn the_transcript_imports_to_the_corpus_record() {
    let transcript = read("corpus/bao-la-kiswahili/ramadhan-kijumbe-1994.txt");
    let record = import(
        &transcript,
        &ImportOptions {
            name: "ramadhan-kijumbe-1994.txt",
            source: None,
            ruleset: Some(bao_rules::Ruleset::Zanzibar),
            rulings: &RulingSet::new(),
            strict: false,
        },
    )
    .unwrap();
    // Its eight headers are written without their `;`: eight slips, no other.
    assert_eq!(record.warnings.len(), 8, "{:?}", record.warnings);
    assert_eq!(
        record.record,
        read("corpus/bao-la-kiswahili/ramadhan-kijumbe-1994.yaml")
    );
}

#[test]
fn a_wrong_move_in_a_transcript_is_reported_at_its_line_and_column() {
    let transcript = read("corpus/bao-la-kiswahili/ramadhan-kijumbe-1994.txt")
        .replace("23: B2L b7R;", "23: B2L b7L;");
    let findings = import(
        &transcript,
        &ImportOptions {
            name: "t.txt",
            source: None,
            ruleset: Some(bao_rules::Ruleset::Zanzibar),
            rulings: &RulingSet::new(),
            strict: false,
        },
    )
    .unwrap_err()
    .findings;
    let finding = &findings[0];
    assert_eq!(
        (finding.code.as_str(), finding.rule),
        ("illegal-move", Some("ZAN-9"))
    );
    let span = finding.span.unwrap();
    assert_eq!(&transcript[span.offset..span.end()], "b7L");
    assert_eq!(
        finding.help.as_deref(),
        Some("legal moves for north here: b2L (b2<), b7R (b7>)")
    );
}

/// The corpus's preset games were chosen because their replay depends on the preset: under the
/// defaults a move is refused, the claimed result is false, or the positions differ.
#[test]
fn the_corpus_preset_games_depend_on_their_preset() {
    use bao_oracle::check::check_text;
    use bao_oracle::check::replay::ReplayOptions;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/bao-la-kiswahili");
    let mut seen = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.starts_with("preset-") {
            continue;
        }
        seen += 1;
        let text = fs::read_to_string(&path).unwrap();
        let preset = text
            .lines()
            .find_map(|l| l.strip_prefix("preset: "))
            .expect("a preset game names its preset");
        let defaults: String = text
            .lines()
            .filter(|l| !l.starts_with("preset:"))
            .map(|l| format!("{l}\n"))
            .collect();
        let under_defaults = &check_text(&defaults, &ReplayOptions::default())[0];
        if !under_defaults.valid() {
            continue;
        }
        // Valid under the defaults: some ruling of the preset changes a position of the game.
        let rulings = Zanzibar::PRESETS
            .iter()
            .find(|p| p.name == preset)
            .unwrap()
            .rulings;
        let differs = rulings.iter().any(|(name, value)| {
            let options = ReplayOptions {
                compare: Some((name.to_string(), value.to_string())),
                ..ReplayOptions::default()
            };
            matches!(
                &check_text(&defaults, &options)[0].divergence,
                Some(Some(_))
            )
        });
        assert!(differs, "{name}: nothing in it depends on preset {preset}");
    }
    assert_eq!(seen, 8);
}
