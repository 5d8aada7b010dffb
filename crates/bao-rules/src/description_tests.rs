//! The games' descriptions (`description.rs`) held to the games: the field values are the
//! compact form after its holes, every probe edit gives positions, the rule ids are the
//! catalogues'.

use crate::description::Conformance;
use crate::games::Zanzibar;
use crate::play::Playthrough;
use crate::rng::SplitMix64;

/// The field values are the compact form after its holes, one for each field named.
fn fields_follow_the_compact_form<G: Conformance>() {
    let rulings = G::Rulings::default();
    let mut game = Playthrough::<G>::new(G::start(), rulings.clone());
    let mut legal = Vec::new();
    for ply in 0..40 {
        let pos = game.position().clone();
        let values = G::field_values(&pos);
        assert_eq!(values.len(), G::DESCRIPTION.fields.len(), "{}", G::RULESET);
        let compact = G::format_compact(&pos);
        let rest: Vec<&str> = compact.split_whitespace().skip(1).collect();
        assert_eq!(values, rest, "{}", G::RULESET);
        // The first 40 plies of a game from the start have no undecided move.
        let _ = G::legal_moves(&pos, &rulings, &mut legal);
        if game.end().is_some() || legal.is_empty() {
            break;
        }
        game.play(legal[ply % legal.len()], &mut ()).unwrap();
    }
}

/// Every probe edit gives positions of the game, and each applies somewhere.
fn edits_give_positions<G: Conformance>() {
    let rulings = G::Rulings::default();
    let mut rng = SplitMix64::new(5);
    let mut applied = vec![0; G::DESCRIPTION.probe_edits.len()];
    let mut legal = Vec::new();
    for _ in 0..60 {
        let mut game = Playthrough::<G>::new(G::start(), rulings.clone());
        for _ in 0..rng.below(60) {
            let _ = G::legal_moves(game.position(), &rulings, &mut legal);
            if game.end().is_some() || legal.is_empty() {
                break;
            }
            game.play(legal[rng.below(legal.len())], &mut ()).unwrap();
        }
        for (edit, count) in applied.iter_mut().enumerate() {
            if let Some(pos) = G::probe_edit(game.position(), edit, &mut rng) {
                let text = G::format_compact(&pos);
                assert_eq!(G::parse_position(&text).as_ref(), Ok(&pos), "{text}");
                *count += 1;
            }
        }
    }
    assert!(
        applied.iter().all(|&n| n > 0),
        "{}: {applied:?}",
        G::RULESET
    );
    assert!(G::probe_edit(&G::start(), applied.len(), &mut rng).is_none());
}

#[test]
fn every_game_describes_its_fields_and_edits() {
    crate::for_each_game!(fields_follow_the_compact_form());
    crate::for_each_game!(edits_give_positions());
}

#[test]
fn field_rules_and_long_moves_are_the_catalogues() {
    fn check<G: Conformance>() {
        let d = G::DESCRIPTION;
        let ids = d
            .fields
            .iter()
            .filter_map(|f| f.rule)
            .chain(d.reserve_rule)
            .chain(
                d.long_moves
                    .iter()
                    .flat_map(|l| [l.never_ends, l.ambiguity]),
            );
        for id in ids {
            assert!(
                G::CATALOGUE.contains(&format!("id: {id}\n")),
                "{}: {id}",
                G::RULESET
            );
        }
    }
    crate::for_each_game!(check());
}

#[test]
fn known_bugs_name_a_preset_a_catalogued_rule_and_what_conform_tells_apart() {
    use crate::rulings::Symptom;
    fn check<G: Conformance>() {
        let mut names = std::collections::BTreeSet::new();
        for bug in G::KNOWN_BUGS {
            assert!(names.insert(bug.name), "{} twice", bug.name);
            assert!(
                G::PRESETS.iter().any(|p| p.name == bug.preset),
                "{}: no preset {}",
                bug.name,
                bug.preset
            );
            assert!(
                G::CATALOGUE.contains(&format!("id: {}\n", bug.rule)),
                "{}: {}",
                bug.name,
                bug.rule
            );
            assert!(!bug.symptoms.is_empty(), "{}", bug.name);
            for symptom in bug.symptoms {
                match *symptom {
                    Symptom::Field(field) => assert!(
                        G::DESCRIPTION.fields.iter().any(|f| f.name == field),
                        "{}: no field {field}",
                        bug.name
                    ),
                    Symptom::Event(kind) => assert!(
                        ["capture", "reserve", "game over"].contains(&kind),
                        "{}: no event {kind}",
                        bug.name
                    ),
                    _ => {}
                }
            }
        }
    }
    crate::for_each_game!(check());
    assert!(Zanzibar::KNOWN_BUGS.len() >= 10);
}
