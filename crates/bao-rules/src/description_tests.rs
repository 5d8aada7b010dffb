//! The games' descriptions (`description.rs`) held to the games: the field values are the
//! compact form after its holes, every probe edit gives positions, the rule ids are the
//! catalogues'.

use crate::Game;
use crate::description::Conformance;
use crate::games::{Kete, Kimasai, Kingulu, Zanzibar};
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
        lenient_reader_reads_the_compact_form::<G>(&pos, &compact);
        // The first 40 plies of a game from the start have no undecided move.
        let _ = G::legal_moves(&pos, &rulings, &mut legal);
        if game.end().is_some() || legal.is_empty() {
            break;
        }
        game.play(legal[ply % legal.len()], &mut ()).unwrap();
    }
}

/// The lenient reader reads the game's own compact form as the board has it: the board's rows
/// in order, each cell the hole's count (its marks after it), the fields the game's, the stores
/// the board's, South's first.
fn lenient_reader_reads_the_compact_form<G: Conformance>(pos: &G::Position, compact: &str) {
    let parts = (G::DESCRIPTION.read_compact)(compact);
    let board = G::board(pos);
    let counts: Vec<Vec<String>> = board
        .rows
        .iter()
        .map(|r| r.holes.iter().map(|h| h.count.to_string()).collect())
        .collect();
    let read: Vec<Vec<String>> = parts
        .rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|c| c.chars().take_while(char::is_ascii_digit).collect())
                .collect()
        })
        .collect();
    assert_eq!(read, counts, "{}: {compact}", G::RULESET);
    assert_eq!(parts.fields, G::field_values(pos), "{compact}");
    let mut stores: Vec<&crate::board::Store> = board.stores.iter().collect();
    stores.sort_by_key(|s| s.side != crate::game::Side::South);
    let stores: Vec<String> = stores.iter().map(|s| s.count.to_string()).collect();
    let read: Vec<&str> = parts.stores.iter().flatten().copied().collect();
    assert_eq!(read, stores, "{}: {compact}", G::RULESET);
}

#[test]
fn the_lenient_reader_reads_what_the_strict_one_refuses() {
    // A count of 99 in a hole, a field Bao Kingulu does not have.
    let text = "4,4,4,4,4,99^N/4,4,4,4,4,4 3-0 S extra";
    assert!(Kingulu::parse_position(text).is_err());
    let parts = (Kingulu::DESCRIPTION.read_compact)(text);
    assert_eq!(parts.rows[0][5], "99^N");
    assert_eq!(parts.rows[1].len(), 6);
    assert_eq!(parts.fields, ["3-0", "S", "extra"]);
    assert_eq!(parts.stores, Some(["3", "0"]));
    // A Kimasai row of 11 holes and a side to move that is none.
    let text = "111111111111/11111111110/011111111111/111111111111 X";
    assert!(Kimasai::parse_position(text).is_err());
    let parts = (Kimasai::DESCRIPTION.read_compact)(text);
    let widths: Vec<usize> = parts.rows.iter().map(Vec::len).collect();
    assert_eq!(widths, [12, 11, 12, 12]);
    assert_eq!((parts.fields, parts.stores), (vec!["X"], None));
    // A 4×8 text without its hizi zetu field: the stores still read.
    let parts = (Kete::DESCRIPTION.read_compact)("0,0/1 21,23 Kk S");
    assert_eq!(parts.rows, [vec!["0", "0"], vec!["1"]]);
    assert_eq!(parts.stores, Some(["21", "23"]));
    assert_eq!((Zanzibar::DESCRIPTION.read_compact)(""), Default::default());
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
                    Symptom::Field(field) | Symptom::Kept(field) => assert!(
                        ["holes", "stores"].contains(&field)
                            || G::DESCRIPTION.fields.iter().any(|f| f.name == field),
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
