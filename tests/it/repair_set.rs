//! The benchmark set of `benches/repair.rs` checked on a few games per ruleset: each slip changes
//! the move list, a slip that checks valid really replays, and the judge recognises the original
//! when given the edit that undoes the slip (and not when given a wrong one).

#[allow(dead_code)]
#[path = "../../benches/repair/set.rs"]
mod set;

use bao_oracle::check::check_text;
use bao_oracle::check::replay::ReplayOptions;
use bao_rules::RULESETS;
use bao_rules::game::Notation;
use set::{KINDS, Kind, Original};

/// Two corpus games and two generated ones per ruleset (in Bao la Kiswahili one of them in
/// Donkers' notation), plus the historical Donkers record.
fn sample(ruleset: &str) -> Vec<Original> {
    let mut games = set::originals(ruleset, 2, 2);
    if ruleset == "bao-la-kiswahili" {
        games.extend(
            set::originals(ruleset, usize::MAX, 0)
                .into_iter()
                .filter(|o| o.notation() == Notation::Donkers),
        );
        assert!(
            games
                .iter()
                .filter(|o| o.notation() == Notation::Donkers)
                .count()
                >= 2
        );
    }
    games
}

#[test]
fn originals_written_back_check_valid() {
    for ruleset in RULESETS {
        for original in sample(ruleset) {
            let text = set::write_record(&original.record, &original.moves());
            let reports = check_text(&text, &ReplayOptions::default());
            assert!(
                reports.len() == 1 && reports[0].valid(),
                "{}: {reports:?}",
                original.name
            );
        }
    }
}

#[test]
fn every_slip_changes_the_moves_and_is_judged() {
    let mut made = [0usize; KINDS.len()];
    let mut undetectable = 0;
    let (mut detectable, mut restored_first) = (0, 0);
    for (r, ruleset) in RULESETS.iter().enumerate() {
        for (g, original) in sample(ruleset).iter().enumerate() {
            let moves = original.moves();
            for (k, &kind) in KINDS.iter().enumerate() {
                let mut rng = set::slip_rng(9, r, g, k);
                let Some(slip) = set::make_slip(original, kind, &mut rng) else {
                    // Only where the notation has no direction or the game no back row.
                    assert!(
                        matches!(
                            (kind, *ruleset),
                            (Kind::Direction, "bao-kingulu" | "bao-la-kimasai")
                                | (Kind::Row, "bao-kingulu")
                        ),
                        "{}: no {} slip",
                        original.name,
                        kind.name()
                    );
                    continue;
                };
                made[k] += 1;
                assert_ne!(slip.moves, moves, "{}: {}", original.name, kind.name());
                let expected_len = match kind {
                    Kind::Skip => moves.len() - 1,
                    Kind::Duplicate => moves.len() + 1,
                    _ => moves.len(),
                };
                assert_eq!(slip.moves.len(), expected_len);
                let verdict = set::judge(original, &slip);
                let written: Vec<(String, Notation)> = slip
                    .moves
                    .iter()
                    .map(|m| (m.clone(), original.notation()))
                    .collect();
                if verdict.valid {
                    undetectable += 1;
                    // A valid slipped record replays; it is a different game (or the same game
                    // spelled otherwise) but never a refused one.
                    assert!(verdict.error_ply.is_none());
                    assert!(verdict.suggestions.is_empty());
                } else {
                    detectable += 1;
                    restored_first += usize::from(verdict.restoring == Some(0));
                    // A refused record is not the original game.
                    assert!(!set::is_original(original, &written), "{}", original.name);
                }
                let undo = set::undoing(original, &slip);
                let restored = set::apply(&slip.moves, original.notation(), &undo)
                    .expect("the undoing edit fits");
                assert!(
                    set::is_original(original, &restored),
                    "{}: {} at ply {} not undone by {undo:?}",
                    original.name,
                    kind.name(),
                    slip.at + 1
                );
                // Not the original: one ply short of it.
                let mut short = restored;
                short.pop();
                assert!(!set::is_original(original, &short), "{}", original.name);
            }
        }
    }
    // The character slips are made in every ruleset that has them, the ply slips everywhere.
    assert!(made.iter().all(|&n| n >= 8), "{made:?}");
    assert!(undetectable < made.iter().sum::<usize>());
    // The judge reads `check`'s suggestions (the JSON contract): most slips come back first.
    assert!(
        restored_first * 2 > detectable,
        "{restored_first} of {detectable}"
    );
}

#[test]
fn the_set_is_seeded() {
    let original = &set::originals("bao-la-kete", 1, 0)[0];
    for (k, &kind) in KINDS.iter().enumerate() {
        let a = set::make_slip(original, kind, &mut set::slip_rng(9, 1, 0, k));
        let b = set::make_slip(original, kind, &mut set::slip_rng(9, 1, 0, k));
        assert_eq!(a, b);
    }
}

#[test]
fn slips_as_written() {
    let original = &set::originals("bao-la-kete", 1, 0)[0];
    let moves = original.moves();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..40 {
        let slip =
            set::make_slip(original, Kind::Direction, &mut set::slip_rng(seed, 0, 0, 0)).unwrap();
        let (was, now) = (&moves[slip.at], &slip.moves[slip.at]);
        assert_eq!(
            was.replace('<', "#").replace('>', "<").replace('#', ">"),
            *now
        );
        seen.insert(slip.at);
    }
    // Seeded, but spread over the game.
    assert!(seen.len() > 10, "{seen:?}");
}
