//! The cycle search's cost per lap: what deciding a never-ending move costs (KETE-A7, ZAN-27).
//!
//! The move is the long Bao la Kete takata of docs/engine-authors.md (North's `a3<` under
//! `kete.hizi-zetu-must-capture=no`, a cycle of 250,118,864 laps), played with its lap budget
//! lowered to 2^22 so that one run is a few milliseconds: the move runs its laps with Brent's
//! detector watching and is then undecided. Criterion reports laps per second (each run sows a
//! few laps more than the first, which is what is counted); docs/development.md gives the
//! nanoseconds per lap. Then the whole move played, as `bao-oracle play` plays it: decided and
//! its cycle measured (250,118,865 laps: the cycle through the state after lap 1, found when
//! that state comes back).

use bao_rules::cycle::LAP_BUDGET;
use bao_rules::game::{Game, Rejection};
use bao_rules::games::four_by_eight::{Dir, HOLE_NAMES, Kete, KeteMove};
use bao_rules::rulings::RulingSet;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const POSITION: &str =
    "1,7,0,4,0,1,4,1/8,11,1,0,16,3,1,0/0,1,0,0,0,0,0,0/1,1,0,1,1,1,0,0 0,0 - - N";
const LAPS: u64 = 1 << 22;

fn cycle_search(c: &mut Criterion) {
    let set = RulingSet::from_assignments(["kete.hizi-zetu-must-capture=no"]).unwrap();
    let rulings = set.resolve::<Kete>().unwrap().with_lap_budget(LAPS);
    let pos = Kete::parse_position(POSITION).unwrap();
    let a3 = HOLE_NAMES.iter().position(|&h| h == "a3").unwrap() as u8;
    let mv = KeteMove::new(a3, Dir::Left, None);
    let laps = match Kete::play(&pos, &rulings, mv, &mut ()) {
        Err(Rejection::Undecided { laps }) => laps,
        other => panic!("the takata runs past the budget: {other:?}"),
    };
    let mut group = c.benchmark_group("cycle");
    group.sample_size(20);
    group.throughput(Throughput::Elements(laps));
    // A verdict is remembered per thread, keyed by the budget among the rest (memo.rs): each run
    // has a budget of its own, a lap more than the last, so that every run sows its laps.
    let mut more = 0;
    group.bench_function(format!("kete a3< takata, {laps} laps watched"), |b| {
        b.iter(|| {
            more += 1;
            let rulings = rulings.with_lap_budget(LAPS + more);
            Kete::play(&pos, &rulings, mv, &mut ())
        })
    });
    group.finish();

    // The whole move: a few hundred milliseconds a run, so ten runs.
    let mut group = c.benchmark_group("cycle");
    group.sample_size(10);
    let decided = |budget| {
        let rulings = rulings.with_lap_budget(budget);
        bao_rules::Playthrough::<Kete>::new(pos, rulings).play_text("a3<")
    };
    let Err(refusal) = decided(LAP_BUDGET) else {
        panic!("the takata never ends");
    };
    assert!(
        refusal
            .message
            .contains("a cycle of 250118864 laps from lap 1")
    );
    group.throughput(Throughput::Elements(250_118_865));
    group.bench_function("kete a3< takata played, decided and measured", |b| {
        b.iter(|| {
            more += 1;
            decided(LAP_BUDGET + more)
        })
    });
    group.finish();
}

criterion_group!(benches, cycle_search);
criterion_main!(benches);
