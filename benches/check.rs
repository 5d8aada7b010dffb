//! Moves validated per second by `check`: 10,000 seeded random games per ruleset, written as one
//! multi-document record text (as `generate --count 10000` writes them), then read and replayed
//! by the same code `bao-oracle check` runs. Criterion reports elements (moves) per second.

use bao_oracle::check::check_text;
use bao_oracle::game::Game;
use bao_oracle::games::{GameVisitor, RULESETS, dispatch};
use bao_oracle::random_game::random_game;
use bao_oracle::replay::ReplayOptions;
use bao_oracle::rulings::RulingSet;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const GAMES: u64 = 10_000;

/// The corpus text and its number of moves.
struct Corpus;

impl GameVisitor for Corpus {
    type Output = (String, u64);
    fn visit<G: Game>(self) -> (String, u64) {
        let rulings = G::rulings(&RulingSet::new()).expect("default rulings");
        let mut text = String::new();
        let mut moves = 0;
        for seed in 0..GAMES {
            let game = random_game::<G>(&G::start(), &rulings, seed, 2000);
            moves += game.moves.len() as u64;
            if seed > 0 {
                text.push_str("---\n");
            }
            text.push_str(&game.to_record("benchmark corpus", false, &[]));
        }
        (text, moves)
    }
}

fn check_benches(c: &mut Criterion) {
    let options = ReplayOptions::default();
    for ruleset in RULESETS {
        let (text, moves) = dispatch(ruleset, Corpus).expect("a registered ruleset");
        let reports = check_text(&text, &options);
        assert!(
            reports.iter().all(|r| r.valid()),
            "{ruleset}: the corpus checks"
        );
        let mut group = c.benchmark_group(format!("check/{ruleset}"));
        group.throughput(Throughput::Elements(moves));
        group.sample_size(10);
        group.bench_function(format!("{GAMES} games, {moves} moves"), |b| {
            b.iter(|| check_text(&text, &options))
        });
        group.finish();
    }
}

criterion_group!(benches, check_benches);
criterion_main!(benches);
