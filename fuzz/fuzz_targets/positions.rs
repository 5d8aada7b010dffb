//! Positions of every ruleset, in every form it reads (compact, diagram, Donkers' bracket form
//! for the 4x8 games): any text never panics, and a position that is read writes back to forms
//! that read as the same position. The first byte picks the ruleset.
#![no_main]

use bao_rules::game::Game;
use bao_rules::games::{GameVisitor, RULESETS, dispatch};
use libfuzzer_sys::fuzz_target;

struct Position<'a>(&'a str);

impl GameVisitor for Position<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        if let Ok(pos) = G::parse_position(self.0) {
            let forms = G::POSITION_FORMS.iter();
            for form in forms.filter_map(|&form| G::format_position(form, &pos).ok()) {
                assert_eq!(
                    G::parse_position(&form).as_ref().ok(),
                    Some(&pos),
                    "{form:?}"
                );
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let ruleset = RULESETS[usize::from(pick) % RULESETS.len()];
    dispatch(ruleset, Position(text));
});
