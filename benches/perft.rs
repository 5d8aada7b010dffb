//! Perft nodes per second from each game's start position. Criterion reports the throughput in
//! elements (leaf nodes) per second. The depth is the first one with at least 500,000 leaves.

use bao_oracle::game::Game;
use bao_oracle::games::{GameVisitor, RULESETS, dispatch};
use bao_oracle::perft::perft;
use bao_oracle::rulings::RulingSet;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

struct Bench<'a>(&'a mut Criterion);

impl GameVisitor for Bench<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        let rulings = G::rulings(&RulingSet::new()).expect("default rulings");
        let start = G::start();
        let mut depth = 1;
        let mut nodes = perft::<G>(&start, &rulings, depth);
        while nodes < 500_000 && depth < 40 {
            depth += 1;
            nodes = perft::<G>(&start, &rulings, depth);
        }
        let mut group = self.0.benchmark_group(format!("perft/{}", G::RULESET));
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(10);
        group.bench_function(format!("start depth {depth} ({nodes} leaves)"), |b| {
            b.iter(|| perft::<G>(&start, &rulings, depth))
        });
        group.finish();
    }
}

fn perft_benches(c: &mut Criterion) {
    for ruleset in RULESETS {
        dispatch(ruleset, Bench(c));
    }
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
