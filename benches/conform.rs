//! Requests per second of `conform` against `bao-oracle engine` (the reference adapter) over the
//! protocol: the driver, the oracle's own answers and the comparison on one side of the pipes, the
//! engine on the other. Criterion reports the throughput in elements (requests) per second. The
//! engine process is started once and serves every iteration, as in a real run.

use std::time::Duration;

use bao_oracle::harness::conform::{Driver, Options, Run};
use bao_oracle::harness::protocol::Rulings;
use bao_rules::Ruleset;
use bao_rules::game::Game;
use bao_rules::games::{GameVisitor, RULESETS};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const GAMES: u64 = 20;

fn engine() -> Driver {
    let argv = vec![
        env!("CARGO_BIN_EXE_bao-oracle").to_string(),
        "engine".into(),
    ];
    Driver::start(argv, Duration::from_secs(10), None).expect("bao-oracle engine starts")
}

/// One run of `GAMES` random games of `G`; returns the requests it sent.
fn run<G: Game + bao_rules::Conformance>(driver: &mut Driver, options: &Options) -> u64 {
    let before = driver.requests;
    let mut run = Run::new(driver, options);
    run.ruleset::<G>(&[], &Rulings::new(), None)
        .expect("the engine runs");
    let report = run.finish();
    assert_eq!(report.summary.failed, 0, "the oracle conforms to itself");
    report.summary.requests - before
}

struct Bench<'a>(&'a mut Criterion);

impl GameVisitor for Bench<'_> {
    type Output = ();
    fn visit<G: Game + bao_rules::Conformance>(self) {
        let options = Options {
            games: GAMES,
            positions: 0,
            seed: 1,
            skip: Vec::new(),
            known_failures: Vec::new(),
            allow_skips: false,
            max_laps: None,
            only: Vec::new(),
            strict_positions: false,
        };
        let mut driver = engine();
        let requests = run::<G>(&mut driver, &options);
        let mut group = self.0.benchmark_group(format!("conform/{}", G::RULESET));
        group.throughput(Throughput::Elements(requests));
        group.sample_size(10);
        group.bench_function(format!("{GAMES} random games ({requests} requests)"), |b| {
            b.iter(|| run::<G>(&mut driver, &options))
        });
        group.finish();
        driver.finish().expect("no transcript to write");
    }
}

fn conform_benches(c: &mut Criterion) {
    for ruleset in RULESETS {
        Ruleset::from_name(ruleset)
            .expect("a registered ruleset")
            .visit(Bench(c));
    }
}

criterion_group!(benches, conform_benches);
criterion_main!(benches);
