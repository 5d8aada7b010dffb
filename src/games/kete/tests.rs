//! Tests of the whole ruleset, rule by rule.

use super::*;

#[test]
fn start_has_four_moves() {
    let mut out = Vec::new();
    Kete::legal_moves(&Kete::start(), &Rulings::default(), &mut out);
    let names: Vec<String> = out.into_iter().map(Kete::format_move).collect();
    assert_eq!(names, ["A6<", "A6>", "A7<", "A7>"]);
}
