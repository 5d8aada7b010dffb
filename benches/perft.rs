//! Perft nodes per second, for every position of the perft tables in `spec/<ruleset>/perft.yaml`
//! (the start, midgames, mtaji positions, near-end positions). Each table is benched at its
//! deepest recorded depth with at most 3,000,000 leaves; criterion reports leaves per second.

use std::path::Path;

use bao_oracle::harness::spec::{self, SpecFile};
use bao_oracle::input::spec::PerftTable;
use bao_rules::Ruleset;
use bao_rules::game::Game;
use bao_rules::games::{GameVisitor, RULESETS};
use bao_rules::perft::perft;
use bao_rules::play::Playthrough;
use bao_rules::setup::Setup;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const MAX_LEAVES: u64 = 3_000_000;

struct Bench<'a> {
    criterion: &'a mut Criterion,
    tables: Vec<PerftTable>,
}

impl GameVisitor for Bench<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        let mut group = self
            .criterion
            .benchmark_group(format!("perft/{}", G::RULESET));
        group.sample_size(10);
        for table in &self.tables {
            let Some(count) = table
                .counts
                .iter()
                .filter(|c| c.nodes > 0 && c.nodes <= MAX_LEAVES)
                .max_by_key(|c| c.depth)
            else {
                continue;
            };
            let setup = Setup {
                start: table.position.clone(),
                ..Setup::with_rulings(table.rulings.clone())
            };
            let (pos, rulings) = Playthrough::<G>::from_setup(&setup)
                .expect("a valid table")
                .into_parts();
            assert_eq!(perft::<G>(&pos, &rulings, count.depth), count.nodes);
            group.throughput(Throughput::Elements(count.nodes));
            group.bench_function(
                format!(
                    "{} depth {} ({} leaves)",
                    table.id, count.depth, count.nodes
                ),
                |b| b.iter(|| perft::<G>(&pos, &rulings, count.depth)),
            );
        }
        group.finish();
    }
}

fn perft_benches(c: &mut Criterion) {
    for ruleset in RULESETS {
        let path = Path::new("spec").join(ruleset).join("perft.yaml");
        let tables = match spec::read_file(&path) {
            Ok(SpecFile::Perft(file)) => file.tables,
            _ => panic!("{} holds no perft tables", path.display()),
        };
        Ruleset::from_name(ruleset)
            .expect("a registered ruleset")
            .visit(Bench {
                criterion: c,
                tables,
            });
    }
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
