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
