//! Issue 19, finding 5: `repair` of a file of many small games costs time linear in their number.
//! Each game is one line of moves with a slip (`a3` for `A3`); the files hold 4k, 16k and 64k of
//! them, read, replayed, repaired and proved by the code `bao-oracle repair` runs. Criterion
//! reports games per second: linear time is the same rate for every size.
//!
//! `cargo bench --bench repair_scaling`. Measured 2026-12-02 (two cores shared with other
//! builds, load about 17): 4k games 0.24 s, 16k 0.87 s, 64k 3.99 s, i.e. 16.9, 18.4 and 16.0k
//! games per second; before the fix the `repair` command took 0.12 / 0.79 / 10.5 s (issue 19).

use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::rewrite::repair::{read_games, repair_text};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// `games` one-line games, each repaired by one replacement.
fn file(games: usize) -> String {
    // The plies after the slip bear `A3` out (issue 32: a slip at the last ply is ambiguous).
    let game = "ruleset: bao-la-kimasai\nsource: scaling\nmoves: [A2, a2, a3, b10, A4, b11, A5]\n";
    let mut text = String::with_capacity(games * (game.len() + 4));
    for i in 0..games {
        if i > 0 {
            text.push_str("---\n");
        }
        text.push_str(game);
    }
    text
}

fn scaling(c: &mut Criterion) {
    let options = ReplayOptions::default();
    let mut group = c.benchmark_group("repair/games per file");
    group.sample_size(10);
    for games in [4_000, 16_000, 64_000] {
        let text = file(games);
        let check = repair_text(&text, &read_games(&text, &options)).expect("the output proves");
        assert_eq!((check.repaired, check.left), (games, 0));
        group.throughput(Throughput::Elements(games as u64));
        group.bench_with_input(BenchmarkId::from_parameter(games), &text, |b, text| {
            b.iter(|| repair_text(text, &read_games(text, &options)).map(|r| r.text.len()))
        });
    }
    group.finish();
}

criterion_group!(benches, scaling);
criterion_main!(benches);
