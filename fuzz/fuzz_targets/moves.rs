//! Move notation of every ruleset: any text is read and played from the start and from a position
//! a few seeded random plies in; never a panic, and a move that plays is one of the legal moves.
//! The first byte picks the ruleset, the second the plies.
#![no_main]

use bao_oracle::rewrite::random_game::random_game;
use bao_rules::game::Game;
use bao_rules::games::{GameVisitor, RULESETS, dispatch};
use bao_rules::play::Playthrough;
use libfuzzer_sys::fuzz_target;

struct Move<'a> {
    text: &'a str,
    plies: usize,
}

impl GameVisitor for Move<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        let _ = G::parse_move(self.text);
        let game = random_game::<G>(&G::start(), &Default::default(), 1, self.plies);
        let mut play = Playthrough::<G>::new(G::start(), Default::default());
        for &mv in &game.moves {
            play.play_text(&G::format_move(mv))
                .expect("a generated move plays");
        }
        let before = play.position().clone();
        if let Ok(played) = play.play_text(self.text) {
            let mut legal = Vec::new();
            let _ = G::legal_moves(&before, &Default::default(), &mut legal);
            assert!(legal.contains(&played.mv), "{:?}", self.text);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let [pick, plies, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let ruleset = RULESETS[usize::from(*pick) % RULESETS.len()];
    dispatch(
        ruleset,
        Move {
            text,
            plies: usize::from(*plies % 40),
        },
    );
});
