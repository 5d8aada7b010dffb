//! Invariants every game has, checked for every registered ruleset over seeded random games:
//! every listed move plays, its canonical spelling resolves back to it, and both written forms of
//! every position round-trip. Game-specific invariants (seed conservation) live with each game.

use bao_rules::Ruleset;
use bao_rules::SplitMix64;
use bao_rules::game::Game;
use bao_rules::games::GameVisitor;
use bao_rules::play::Playthrough;
use bao_rules::rulings::RulingSet;
use proptest::prelude::*;

struct RandomWalk {
    seed: u64,
    plies: usize,
}

impl GameVisitor for RandomWalk {
    type Output = Result<(), String>;
    fn visit<G: Game>(self) -> Result<(), String> {
        let rulings = G::rulings(&RulingSet::new()).map_err(|e| e.message)?;
        let mut rng = SplitMix64::new(self.seed);
        let mut game = Playthrough::<G>::new(G::start(), rulings);
        let mut legal = Vec::new();
        for ply in 1..=self.plies {
            let pos = game.position().clone();
            let compact = G::format_compact(&pos);
            let back = G::parse_position(&compact).map_err(|e| format!("{compact}: {e}"))?;
            if back != pos {
                return Err(format!("compact form does not round-trip: {compact}"));
            }
            let diagram = G::format_diagram(&pos);
            let back = G::parse_position(&diagram).map_err(|e| format!("{diagram}: {e}"))?;
            if back != pos {
                return Err(format!("diagram does not round-trip:\n{diagram}"));
            }
            if game.end().is_some() {
                break;
            }
            let _ = G::legal_moves(&pos, game.rulings(), &mut legal);
            if legal.is_empty() {
                return Err(format!(
                    "ply {ply}: no legal move but the game is not over: {compact}"
                ));
            }
            for &mv in &legal {
                let text = G::format_move(mv);
                let spelling = G::parse_move(&text).map_err(|e| format!("`{text}`: {e}"))?;
                let resolved = G::resolve(&pos, game.rulings(), &spelling)
                    .map_err(|e| format!("`{text}` in {compact}: {e:?}"))?;
                if resolved != mv {
                    return Err(format!("`{text}` resolves to another move in {compact}"));
                }
                G::play(&pos, game.rulings(), mv, &mut ())
                    .map_err(|e| format!("listed move `{text}` refused in {compact}: {e}"))?;
            }
            let mv = legal[rng.below(legal.len())];
            game.play(mv, &mut ()).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_game_keeps_its_invariants(seed in any::<u64>()) {
        for ruleset in Ruleset::ALL {
            let result = ruleset.visit(RandomWalk { seed, plies: 300 });
            prop_assert!(result.is_ok(), "{ruleset}, seed {seed}: {}", result.unwrap_err());
        }
    }
}
