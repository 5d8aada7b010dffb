//! The native rate of what the Python bindings do move by move, for `python/bench.py` to stand
//! beside: at the positions of 20 seeded random games of each game (seeds 1 to 20, default
//! rulings, at most 200 plies; `python/bench.py` plays the same games with the same generator),
//!
//! - `legal_moves`: the legal moves of each position (no text), positions per second;
//! - `play`: every legal move of each position played with its events heard, and the game's end
//!   looked up after it, moves per second;
//! - `children`: the legal moves of each position with the positions they lead to (perft's
//!   generation, nothing heard), children per second;
//!
//! and `children` again at every position of the move tree from the start down to the depth at
//! which `python/bench.py` walks it ply by ply (`Children.children()`), children per second.
//!
//! Each is what a Rust program holding the moves as values does; the bindings write moves as text
//! and read them back on top of it. Times are the thread's CPU time where Linux tells it (as
//! `python/bench.py` counts its own): the machine may be shared, and its other users' time is not
//! this code's.

use std::hint::black_box;
use std::time::{Duration, Instant};

use bao_rules::Ruleset;
use bao_rules::game::{Event, Game};
use bao_rules::games::{GameVisitor, RULESETS};
use bao_rules::play::Playthrough;
use bao_rules::random_game::random_game;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// `iters` runs of `f`, timed by this thread's CPU time (the scheduler's count, Linux), else by
/// the wall clock.
fn cpu_time<R>(iters: u64, mut f: impl FnMut() -> R) -> Duration {
    let on_cpu = || -> Option<u64> {
        let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        stat.split_whitespace().next()?.parse().ok()
    };
    let (before, start) = (on_cpu(), Instant::now());
    for _ in 0..iters {
        black_box(f());
    }
    match (before, on_cpu()) {
        (Some(before), Some(after)) => Duration::from_nanos(after.saturating_sub(before)),
        _ => start.elapsed(),
    }
}

const GAMES: u64 = 20;
/// The depths of `python/bench.py`'s walks.
const WALK_DEPTHS: [(&str, u32); 4] = [
    ("bao-la-kimasai", 13),
    ("bao-kingulu", 12),
    ("bao-la-kete", 9),
    ("bao-la-kiswahili", 9),
];
const PLIES: usize = 200;

struct Bench<'a> {
    criterion: &'a mut Criterion,
}

/// The positions before each move of the seeded random games.
fn positions<G: Game>(rulings: &G::Rulings) -> Vec<G::Position> {
    let mut positions = Vec::new();
    for seed in 1..=GAMES {
        let game = random_game::<G>(&G::start(), rulings, seed, PLIES);
        let mut replay = Playthrough::<G>::new(G::start(), rulings.clone());
        for &mv in &game.moves {
            positions.push(replay.position().clone());
            replay
                .play(mv, &mut ())
                .expect("a random game's move plays");
        }
    }
    positions
}

/// Every position of the move tree from the start with fewer than `depth` plies played: those
/// whose children a walk to `depth` generates.
fn tree<G: Game>(rulings: &G::Rulings, depth: u32) -> Vec<G::Position> {
    let (mut moves, mut children) = (Vec::new(), Vec::new());
    let mut ply = vec![G::start()];
    let mut all = Vec::new();
    for _ in 0..depth {
        let mut next = Vec::new();
        for pos in &ply {
            let generated = G::legal_children(pos, rulings, &mut moves, &mut children);
            if G::end_after_generating(pos, rulings, &moves, generated).is_none() {
                next.append(&mut children);
            }
        }
        all.append(&mut ply);
        ply = next;
    }
    all
}

/// The children of each of `positions`, counted.
fn children<G: Game>(
    positions: &[G::Position],
    rulings: &G::Rulings,
    moves: &mut Vec<G::Move>,
    children: &mut Vec<G::Position>,
) -> usize {
    positions
        .iter()
        .map(|pos| {
            let generated = G::legal_children(pos, rulings, moves, children);
            match G::end_after_generating(pos, rulings, moves, generated) {
                Some(_) => 0,
                None => children.len(),
            }
        })
        .sum()
}

impl GameVisitor for Bench<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        let rulings = G::Rulings::default();
        let positions = positions::<G>(&rulings);
        let mut buffer = Vec::new();
        let pairs: Vec<(&G::Position, G::Move)> = positions
            .iter()
            .flat_map(|pos| {
                // Moves left undecided are left out, as `legal_moves` from Python leaves them.
                let _ = G::legal_moves(pos, &rulings, &mut buffer);
                buffer.iter().map(move |&mv| (pos, mv)).collect::<Vec<_>>()
            })
            .collect();
        let mut group = self
            .criterion
            .benchmark_group(format!("moves/{}", G::RULESET));
        group.sample_size(10);
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(
            format!("legal_moves ({} positions)", positions.len()),
            |b| {
                b.iter_custom(|iters| {
                    cpu_time(iters, || {
                        positions
                            .iter()
                            .map(|pos| {
                                if G::end(pos, &rulings).is_some() {
                                    return 0;
                                }
                                let _ = G::legal_moves(pos, &rulings, &mut buffer);
                                buffer.len()
                            })
                            .sum::<usize>()
                    })
                })
            },
        );
        group.throughput(Throughput::Elements(pairs.len() as u64));
        let mut events: Vec<Event> = Vec::new();
        group.bench_function(format!("play ({} moves)", pairs.len()), |b| {
            b.iter_custom(|iters| {
                cpu_time(iters, || {
                    pairs
                        .iter()
                        .filter(|&&(pos, mv)| {
                            events.clear();
                            let after =
                                G::play(pos, &rulings, mv, &mut events).expect("a legal move");
                            G::end(&after, &rulings).is_some()
                        })
                        .count()
                })
            })
        });
        let mut made = Vec::new();
        group.bench_function(format!("children ({} children)", pairs.len()), |b| {
            b.iter_custom(|iters| {
                cpu_time(iters, || {
                    children::<G>(&positions, &rulings, &mut buffer, &mut made)
                })
            })
        });
        group.finish();

        let depth = WALK_DEPTHS
            .iter()
            .find(|(ruleset, _)| *ruleset == G::RULESET)
            .map_or(4, |&(_, depth)| depth);
        let tree = tree::<G>(&rulings, depth);
        let count = children::<G>(&tree, &rulings, &mut buffer, &mut made);
        let mut group = self
            .criterion
            .benchmark_group(format!("plies/{}", G::RULESET));
        group.sample_size(10);
        group.throughput(Throughput::Elements(count as u64));
        group.bench_function(format!("children ({count} children, depth {depth})"), |b| {
            b.iter_custom(|iters| {
                cpu_time(iters, || {
                    children::<G>(&tree, &rulings, &mut buffer, &mut made)
                })
            })
        });
        group.finish();
    }
}

fn moves_benches(c: &mut Criterion) {
    for ruleset in RULESETS {
        Ruleset::from_name(ruleset)
            .expect("a registered ruleset")
            .visit(Bench { criterion: c });
    }
}

criterion_group!(benches, moves_benches);
criterion_main!(benches);
