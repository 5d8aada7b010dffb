//! Moves validated per second by `check`: 20,000 seeded random games per ruleset, written as one
//! multi-document record text (as `generate --count 20000` writes them), then checked by the one
//! function `bao-oracle check` runs ([`bao_oracle::check::run_text`]: one read, one replay of each
//! game, the duplicate warnings from that replay), into a reporter that only counts. Criterion
//! reports elements (moves) per second.
//!
//! `check/invalid games`: the same games with a move each that is no notation, checked and
//! reported (human and JSON): the reports of many invalid games in one file must cost time linear
//! in their number (issue 11, item 7). Criterion reports games per second.

use bao_oracle::check::FileReport;
use bao_oracle::check::GameReport;
use bao_oracle::check::check_text;
use bao_oracle::check::replay::ReplayOptions;
use bao_oracle::check::run::{CheckOptions, Reporter, run_text};
use bao_oracle::diagnostics::LineIndex;
use bao_oracle::render::json;
use bao_oracle::rewrite::random_game::{ToRecord, random_game};
use bao_rules::Ruleset;
use bao_rules::game::Game;
use bao_rules::games::{GameVisitor, RULESETS};
use bao_rules::rulings::RulingSet;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const GAMES: u64 = 20_000;

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
            text.push_str(&game.to_record("benchmark corpus", false, None, &[]));
        }
        (text, moves)
    }
}

/// A reporter that keeps nothing: the check's own cost.
struct Count(usize);

impl Reporter for Count {
    fn game(&mut self, _: &FileReport, _: &LineIndex<'_>, _: &GameReport) {
        self.0 += 1;
    }
}

fn check_benches(c: &mut Criterion) {
    let options = ReplayOptions::default();
    let check = CheckOptions::default();
    for ruleset in RULESETS {
        let (text, moves) = Ruleset::from_name(ruleset)
            .expect("a registered ruleset")
            .visit(Corpus);
        let reports = check_text(&text, &options);
        assert!(
            reports.iter().all(|r| r.valid()),
            "{ruleset}: the corpus checks"
        );
        let mut group = c.benchmark_group(format!("check/{ruleset}"));
        group.throughput(Throughput::Elements(moves));
        group.sample_size(10);
        group.bench_function(format!("{GAMES} games, {moves} moves"), |b| {
            b.iter(|| {
                let mut count = Count(0);
                run_text("bench.yaml", &text, &check, &mut count);
                assert_eq!(count.0 as u64, GAMES);
            })
        });
        group.finish();
        if *ruleset == "bao-kingulu" {
            invalid_games(c, &text, &options);
        }
    }
}

/// Every game of `text` made invalid (its first move replaced by one that is no notation), then
/// checked and reported.
fn invalid_games(c: &mut Criterion, text: &str, options: &ReplayOptions) {
    let text = text.replace("moves: [", "moves: [Z9, ");
    let mut group = c.benchmark_group("check/invalid games");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    group.bench_function(format!("{GAMES} invalid games, reported"), |b| {
        b.iter(|| {
            let file = FileReport {
                path: "bench.yaml".into(),
                games: check_text(&text, options),
                text: text.clone(),
            };
            assert!(file.games.iter().all(|g| !g.valid()));
            #[cfg(feature = "cli")]
            let human = bao_oracle::render::human::render_file(
                &file,
                bao_oracle::render::human::Style::PLAIN,
            );
            #[cfg(not(feature = "cli"))]
            let human = String::new();
            (human, json::render(std::slice::from_ref(&file), &[]))
        })
    });
    group.finish();
}

/// `import`: a published-style transcript of a random Bao la Kiswahili game of at least 100 plies,
/// written in Donkers' notation as transcripts are, read and turned into a record.
fn import_bench(c: &mut Criterion) {
    use bao_oracle::rewrite::import::{ImportOptions, import};
    use bao_rules::{Notation, Playthrough, Zanzibar};
    let rulings = RulingSet::new()
        .resolve::<Zanzibar>()
        .expect("default rulings");
    let game = (0..)
        .map(|seed| random_game::<Zanzibar>(&Zanzibar::start(), &rulings, seed, 2000))
        .find(|g| g.moves.len() >= 100)
        .expect("a long game");
    let mut replay = Playthrough::<Zanzibar>::new(Zanzibar::start(), rulings)
        .in_notation(Notation::Donkers)
        .expect("Zanzibar has Donkers' notation");
    let mut text = String::from("South: A\nNorth: B\nTakasia: yes\n");
    for (i, &mv) in game.moves.iter().enumerate() {
        let spelled = replay.move_text(mv);
        if i % 2 == 0 {
            text.push_str(&format!("{}: {spelled}", i / 2 + 1));
        } else {
            text.push_str(&format!(" {spelled};\n"));
        }
        replay.play(mv, &mut ()).expect("a legal move");
    }
    if game.moves.len() % 2 == 1 {
        text.push_str(";\n");
    }
    let options = ImportOptions {
        name: "bench.txt",
        source: None,
        ruleset: Some(Ruleset::Zanzibar),
        rulings: &RulingSet::new(),
        strict: true,
    };
    import(&text, &options).expect("the transcript imports");
    let mut group = c.benchmark_group("import");
    group.bench_function(format!("a transcript of {} plies", game.moves.len()), |b| {
        b.iter(|| import(&text, &options).expect("imports"))
    });
    group.finish();
}

criterion_group!(benches, check_benches, import_bench);
criterion_main!(benches);
