//! Tests of Bao la Kiswahili, rule by rule, against the reference's check figures.

use super::Zanzibar;
use crate::game::Game;
use crate::perft::perft;
use crate::rulings::RulingSet;

fn rulings(assignments: &[&str]) -> <Zanzibar as Game>::Rulings {
    let set = RulingSet::from_assignments(assignments.iter().copied()).unwrap();
    set.check(Zanzibar::RULINGS, Zanzibar::RULESET).unwrap();
    Zanzibar::rulings(&set).unwrap()
}

fn counts(r: &<Zanzibar as Game>::Rulings, depth: u32) -> Vec<u64> {
    (1..=depth)
        .map(|d| perft::<Zanzibar>(&Zanzibar::start(), r, d))
        .collect()
}

/// The reference's perft from the start under the default rulings (Donkers' program and nkkmd).
#[test]
fn perft_from_the_start_matches_the_reference() {
    assert_eq!(
        counts(&rulings(&[]), 9),
        [4, 14, 38, 124, 405, 1430, 5655, 23270, 105704]
    );
}

/// ZAN-A4 `functional`: singletons take the store seed only while the house is functional
/// (Mancala World, AbstractPlay).
#[test]
fn zan_a4_namua_singletons_functional_changes_the_perft() {
    let r = rulings(&["zanzibar.namua-singletons=functional"]);
    assert_eq!(perft::<Zanzibar>(&Zanzibar::start(), &r, 9), 105596);
}

/// ZAN-A15 `finish`: a move that empties the opponent's front row is played to its end.
#[test]
fn zan_a15_bao_hamna_finish_changes_the_perft() {
    let r = rulings(&["zanzibar.bao-hamna-mid-move=finish"]);
    assert_eq!(perft::<Zanzibar>(&Zanzibar::start(), &r, 9), 105717);
}

/// ZAN-A17 `either`: a lone kichwa may be sown outward in namua (AbstractPlay's 5657).
#[test]
fn zan_a17_namua_lone_kichwa_either_changes_the_perft() {
    let r = rulings(&["zanzibar.namua-lone-kichwa=either"]);
    assert_eq!(perft::<Zanzibar>(&Zanzibar::start(), &r, 7), 5657);
}

/// Perft from mtaji positions of random games (counts of this engine, for
/// `spec/bao-la-kiswahili/perft.yaml` once the ruleset is registered): a takasia-ed singleton
/// (ZAN-23, ZAN-24, ZAN-A11), an owned house in mtaji (ZAN-19), a midgame without houses.
#[test]
fn perft_from_mtaji_positions() {
    let r = rulings(&[]);
    let tables: [(&str, &[u64]); 3] = [
        (
            "6,0,3,5,2,3,0,3/1,0,0,0,0,0,1,0/0,4,11,0,0,2,1,1/3,3,0,2,4,2,3,4 0,0 - a2 N",
            &[12, 33, 115, 427, 1451, 5392],
        ),
        (
            "1,2,5,0,3,0,2,1/1,6,0,19,0,5,1,0/0,0,0,1,4,1,8,1/0,0,0,0,0,1,2,0 0,0 h - N",
            &[6, 9, 42, 90, 416, 836, 3362],
        ),
        (
            "1,2,0,2,1,4,1,4/6,7,3,14,5,2,1,0/0,1,0,0,1,4,0,0/1,1,1,0,0,0,1,1 0,0 - - S",
            &[1, 7, 26, 111, 291, 1065, 2713],
        ),
    ];
    for (text, expected) in tables {
        let pos = Zanzibar::parse_position(text).unwrap();
        assert_eq!(Zanzibar::format_compact(&pos), text);
        let got: Vec<u64> = (1..=expected.len() as u32)
            .map(|d| perft::<Zanzibar>(&pos, &r, d))
            .collect();
        assert_eq!(got, expected, "{text}");
    }
}
