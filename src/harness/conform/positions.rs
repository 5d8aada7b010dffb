//! Position probes (`conform --positions N`): valid positions the oracle generates, of the kinds
//! games from the start rarely reach. Each is a random game's position (seeded) changed by one of
//! the game's own probe edits (`Conformance::DESCRIPTION`: for the 4x8 games namua and mtaji, owned and
//! lost houses below and above six, lone houses, reserved holes and due obligations, near-ends;
//! for Bao Kingulu reserved holes, gathered seeds, near-ends; for Bao la Kimasai stones taken),
//! kept only if it is a position under the run's rulings and the game is not over there. Every
//! other probe is aimed at one ruling of the game in turn ([`targeted`]): a position where the
//! run's value of the ruling and another (each other value in turn) disagree, found among random
//! positions, else among the positions of the specification's scenarios about the ruling, so that
//! a run meets the state each ruling is about.

use bao_rules::SplitMix64;
use bao_rules::game::Game;
use bao_rules::play::Playthrough;
use bao_rules::rulings::{RulingDef, RulingSet};

/// Position probes per ruleset by default.
pub const POSITIONS: u64 = 200;

/// Position probe `n` of the run seeded `seed`: a valid position and the kind of edit that made
/// it, or `None` when no attempt gave a valid one.
pub fn generate<G: Game + bao_rules::Conformance>(
    seed: u64,
    n: u64,
    rulings: &G::Rulings,
) -> Option<(G::Position, &'static str)> {
    let edits = G::DESCRIPTION.probe_edits;
    let mut rng =
        SplitMix64::new(seed ^ 0x9e37_79b9_7f4a_7c15 ^ n.wrapping_mul(0xd1b5_4a32_d192_ed03));
    for _ in 0..40 {
        let played = random_prefix::<G>(&mut rng, rulings)?;
        let edit = rng.below(edits.len());
        let Some(pos) = G::probe_edit(&played, edit, &mut rng) else {
            continue;
        };
        if G::check_position(&pos, rulings).is_err() || G::end(&pos, rulings).is_some() {
            continue;
        }
        let mut legal = Vec::new();
        let _ = G::legal_moves(&pos, rulings, &mut legal);
        if legal.is_empty() {
            continue;
        }
        return Some((pos, edits[edit]));
    }
    None
}

/// Position probe `n` aimed at ruling `def` (of the run's `set`, resolved as `rulings`): a
/// position where its values disagree — the legal moves, or where a move leads, differ between
/// the run's value and another — so that a run meets the state each ruling is about (a lone
/// house under `lone-house`, a house below six under `house-in-mtaji`, ...). `None` when no
/// attempt found one.
pub fn targeted<G: Game + bao_rules::Conformance>(
    seed: u64,
    n: u64,
    def: &RulingDef,
    set: &RulingSet,
    rulings: &G::Rulings,
) -> Option<(G::Position, &'static str)> {
    let others: Vec<G::Rulings> = def
        .values
        .iter()
        .filter(|v| **v != set.value(def))
        .filter_map(|v| {
            let mut other = RulingSet::new();
            for (name, value) in set.iter().filter(|(name, _)| *name != def.name) {
                other.insert(name, value).ok()?;
            }
            other.insert(def.name, v).ok()?;
            other.resolve::<G>().ok()
        })
        .collect();
    if others.is_empty() {
        return None;
    }
    // Each time the ruling is aimed at, another of its other values in turn, so that every two
    // values are told apart; any other value where that one finds nothing.
    let round = (n / 2) as usize / G::RULINGS.len().max(1);
    let chosen = &others[round % others.len()..][..1];
    aimed::<G>(seed, n, def, chosen, rulings).or_else(|| aimed::<G>(seed, n, def, &others, rulings))
}

/// Position probe `n` aimed at ruling `def`: a position where the run's `rulings` and one of
/// `others` (the same rulings but for `def`'s value) answer differently.
fn aimed<G: Game + bao_rules::Conformance>(
    seed: u64,
    n: u64,
    def: &RulingDef,
    others: &[G::Rulings],
    rulings: &G::Rulings,
) -> Option<(G::Position, &'static str)> {
    let edits = G::DESCRIPTION.probe_edits;
    let mut rng =
        SplitMix64::new(seed ^ 0x5851_f42d_4c95_7f2d ^ n.wrapping_mul(0x2545_f491_4f6c_dd1d));
    for _ in 0..ATTEMPTS {
        let played = random_prefix::<G>(&mut rng, rulings)?;
        let edit = rng.below(edits.len());
        let Some(pos) = G::probe_edit(&played, edit, &mut rng) else {
            continue;
        };
        if G::check_position(&pos, rulings).is_err() || G::end(&pos, rulings).is_some() {
            continue;
        }
        let ours = outcomes::<G>(&pos, rulings);
        if ours.is_empty() {
            continue;
        }
        let disagree = others.iter().any(|other| {
            G::check_position(&pos, other).is_ok() && outcomes::<G>(&pos, other) != ours
        });
        if disagree {
            return Some((pos, def.name));
        }
    }
    // States random play seldom reaches (a takasia made by the last namua move, a takasia-ed
    // house's lap): the positions of the specification's scenarios about the ruling, where the
    // oracle finds that its values disagree under the run's other rulings.
    let found: Vec<G::Position> = scenario_positions::<G>(def.name)
        .into_iter()
        .filter(|pos| G::check_position(pos, rulings).is_ok() && G::end(pos, rulings).is_none())
        .filter(|pos| {
            let ours = outcomes::<G>(pos, rulings);
            !ours.is_empty()
                && others.iter().any(|other| {
                    G::check_position(pos, other).is_ok() && outcomes::<G>(pos, other) != ours
                })
        })
        .collect();
    let pick = (n / 2) as usize % found.len().max(1);
    found.into_iter().nth(pick).map(|pos| (pos, def.name))
}

/// Random positions tried for a probe aimed at a ruling before the scenarios' are.
const ATTEMPTS: usize = 80;

/// The start and the positions along each built-in scenario of game `G` that pins ruling `name`,
/// under the scenario's rulings.
fn scenario_positions<G: Game + bao_rules::Conformance>(name: &str) -> Vec<G::Position> {
    static BUILT_IN: std::sync::OnceLock<Vec<crate::input::spec::ScenarioFile>> =
        std::sync::OnceLock::new();
    let files = BUILT_IN.get_or_init(|| {
        let loaded = crate::harness::spec::load(&[]).unwrap_or_default();
        let files = loaded.into_iter().filter_map(|(_, file)| match file {
            crate::harness::spec::SpecFile::Scenarios(file) => Some(file),
            _ => None,
        });
        files.collect()
    });
    let mut out = Vec::new();
    let scenarios = files
        .iter()
        .filter(|f| f.ruleset == bao_rules::Ruleset::of::<G>());
    for scenario in scenarios.flat_map(|f| &f.scenarios) {
        if scenario.rulings.get(name).is_none() {
            continue;
        }
        let setup = crate::harness::spec::runner::scenario_setup(scenario);
        let Ok(rulings) = scenario.rulings.resolve::<G>() else {
            continue;
        };
        let Ok(start) = setup.start_for::<G>(&rulings) else {
            continue;
        };
        let mut game = Playthrough::<G>::new(start, rulings);
        out.push(game.position().clone());
        for text in &scenario.moves {
            let Ok(mv) = game.resolve_text(text) else {
                break;
            };
            if game.play(mv, &mut ()).is_err() {
                break;
            }
            out.push(game.position().clone());
        }
    }
    out
}

/// Each legal move of `pos` (canonical) with the position it leads to.
fn outcomes<G: Game + bao_rules::Conformance>(
    pos: &G::Position,
    rulings: &G::Rulings,
) -> Vec<(String, String)> {
    let mut legal = Vec::new();
    // Moves left out as undecided are compared by the moves that are listed.
    let _ = G::legal_moves(pos, rulings, &mut legal);
    let mut out: Vec<(String, String)> = legal
        .iter()
        .map(|&mv| {
            let after = G::play(pos, rulings, mv, &mut ()).map(|p| G::format_compact(&p));
            (G::format_move(mv), after.unwrap_or_default())
        })
        .collect();
    out.sort();
    out
}

/// The position after a random number of random moves from the start.
fn random_prefix<G: Game + bao_rules::Conformance>(
    rng: &mut SplitMix64,
    rulings: &G::Rulings,
) -> Option<G::Position> {
    let plies = rng.below(120);
    let mut game = Playthrough::<G>::new(G::start(), rulings.clone());
    let mut legal = Vec::new();
    for _ in 0..plies {
        if game.end().is_some() {
            break;
        }
        let _ = G::legal_moves(game.position(), rulings, &mut legal);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        game.play(mv, &mut ()).ok()?;
    }
    Some(game.position().clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::protocol::Rulings;
    use bao_rules::games::{Kete, Kimasai, Kingulu, Zanzibar};

    /// Under the defaults and under each single ruling value (a due obligation, say, is a position
    /// only under some), every probe is a position of the game, not over, and every edit occurs.
    fn every_probe_is_a_valid_position_and_the_kinds_all_occur<G: Game + bao_rules::Conformance>() {
        let mut sets = vec![Rulings::new()];
        for def in G::RULINGS {
            for value in def.values {
                sets.push(Rulings::from_pairs([(def.name, *value)]).unwrap());
            }
        }
        let mut kinds = std::collections::BTreeSet::new();
        for set in sets {
            let Ok(rulings) = set.resolve::<G>() else {
                continue;
            };
            for n in 0..60 {
                let (pos, kind) = generate::<G>(1, n, &rulings).expect("a position");
                let text = G::format_compact(&pos);
                assert!(G::parse_position_under(&text, &rulings).is_ok(), "{text}");
                assert!(G::end(&pos, &rulings).is_none(), "{text}");
                kinds.insert(kind);
            }
        }
        let edits = G::DESCRIPTION.probe_edits;
        assert_eq!(kinds.len(), edits.len(), "{}: {kinds:?}", G::RULESET);
    }

    #[test]
    fn every_game_has_position_probes_of_every_kind() {
        every_probe_is_a_valid_position_and_the_kinds_all_occur::<Kingulu>();
        every_probe_is_a_valid_position_and_the_kinds_all_occur::<Kete>();
        every_probe_is_a_valid_position_and_the_kinds_all_occur::<Kimasai>();
        every_probe_is_a_valid_position_and_the_kinds_all_occur::<Zanzibar>();
    }

    /// The probes aimed at each ruling are positions the check accepts under the run's rulings
    /// (a takasia or hizi zetu field no move makes among the refused: ZAN-23, KETE-21).
    fn every_aimed_probe_is_a_valid_position<G: Game + bao_rules::Conformance>() {
        let set = Rulings::new();
        let rulings = set.resolve::<G>().unwrap();
        for def in G::RULINGS {
            for n in 0..6 {
                let Some((pos, _)) = targeted::<G>(1, n, def, &set, &rulings) else {
                    continue;
                };
                let text = G::format_compact(&pos);
                assert!(G::parse_position_under(&text, &rulings).is_ok(), "{text}");
            }
        }
    }

    #[test]
    fn no_probe_is_a_position_the_check_refuses() {
        every_aimed_probe_is_a_valid_position::<Kete>();
        every_aimed_probe_is_a_valid_position::<Zanzibar>();
        // The probe (a takasia field whose takasia-er has no capture) is of the kind the
        // takasia edit made before it set the field its opponent's captures take.
        let rulings = Rulings::new().resolve::<Zanzibar>().unwrap();
        let mut fields = 0;
        for n in 0..60 {
            let (pos, kind) = generate::<Zanzibar>(3, n, &rulings).expect("a position");
            if kind == "takasia field" {
                fields += 1;
                let text = Zanzibar::format_compact(&pos);
                assert!(
                    Zanzibar::parse_position_under(&text, &rulings).is_ok(),
                    "{text}"
                );
                // Told apart from the check: the takasia-er, to move with no field, has a
                // capture, and every one takes the takasia-ed hole first (ZAN-23).
                let words: Vec<&str> = text.split(' ').collect();
                let (field, side) = (words[3], if words[4] == "S" { "N" } else { "S" });
                let free = format!("{} {} {} - {side}", words[0], words[1], words[2]);
                let free = Zanzibar::parse_position_under(&free, &rulings).unwrap();
                let mut legal = Vec::new();
                let _ = Zanzibar::legal_moves(&free, &rulings, &mut legal);
                let firsts: Vec<&str> = legal
                    .iter()
                    .filter_map(|&mv| {
                        let mut events = Vec::new();
                        Zanzibar::play(&free, &rulings, mv, &mut events).unwrap();
                        events.iter().find_map(|e| match e {
                            bao_rules::game::Event::Capture { hole, .. } => {
                                Some(Zanzibar::hole_name(*hole))
                            }
                            _ => None,
                        })
                    })
                    .collect();
                assert!(!firsts.is_empty(), "{text}");
                assert!(firsts.iter().all(|h| *h == field), "{text}: {firsts:?}");
            }
        }
        assert!(fields > 0);
    }

    /// For every ruling and every two of its values (the other rulings at their defaults), a
    /// probe aimed at the ruling under one of them is a position where the other answers
    /// otherwise: the ruling's probes tell its values apart.
    fn each_rulings_probes_tell_its_values_apart<G: Game + bao_rules::Conformance>() {
        // The other rulings at their defaults, else at a preset's values (a capture lap ending in
        // the house in mtaji needs the house kept there).
        let mut bases = vec![Rulings::new()];
        bases.extend(G::PRESETS.iter().map(|p| Rulings::new().over(p)));
        for def in G::RULINGS {
            let under = |base: &Rulings, value: &str| {
                let mut set = Rulings::new();
                for (name, v) in base.iter().filter(|(n, _)| *n != def.name) {
                    set.insert(name, v).unwrap();
                }
                set.insert(def.name, value).unwrap();
                set.resolve::<G>().unwrap()
            };
            for (i, a) in def.values.iter().enumerate() {
                for b in &def.values[i + 1..] {
                    // Under either value (a state may be a position under one only).
                    let found = bases.iter().find_map(|base| {
                        let (ra, rb) = (under(base, a), under(base, b));
                        let found = aimed::<G>(5, 1, def, std::slice::from_ref(&rb), &ra)
                            .or_else(|| aimed::<G>(5, 1, def, std::slice::from_ref(&ra), &rb));
                        found.map(|(pos, kind)| (pos, kind, ra, rb))
                    });
                    let Some((pos, kind, ra, rb)) = found else {
                        panic!("{}: no probe tells {a} from {b}", def.name);
                    };
                    assert_eq!(kind, def.name);
                    assert!(
                        outcomes::<G>(&pos, &ra) != outcomes::<G>(&pos, &rb),
                        "{}: {a} and {b} answer alike at {}",
                        def.name,
                        G::format_compact(&pos)
                    );
                }
            }
        }
    }

    #[test]
    fn every_ruling_of_the_four_games_has_probes_that_tell_its_values_apart() {
        each_rulings_probes_tell_its_values_apart::<Kingulu>();
        each_rulings_probes_tell_its_values_apart::<Kete>();
        each_rulings_probes_tell_its_values_apart::<Kimasai>();
        each_rulings_probes_tell_its_values_apart::<Zanzibar>();
    }

    #[test]
    fn probes_are_seeded() {
        let rulings = Rulings::new().resolve::<Zanzibar>().unwrap();
        let a = generate::<Zanzibar>(7, 3, &rulings).map(|(p, _)| Zanzibar::format_compact(&p));
        let b = generate::<Zanzibar>(7, 3, &rulings).map(|(p, _)| Zanzibar::format_compact(&p));
        assert_eq!(a, b);
    }
}
