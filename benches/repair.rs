//! Issue 9, "Measure it": how often `check`'s repair suggestions give back the game a transcriber
//! slipped on. Valid records (the corpus, then `generate` output) of every ruleset each get one
//! slip of each kind at a seeded random ply ([`set`]); each slipped record is checked by the code
//! `bao-oracle check --format json` runs, and a suggestion restores the original when the move
//! list it leaves replays through the original's positions. Prints a markdown table per ruleset
//! and kind, then a few misses.
//!
//! `cargo bench --bench repair`; `BAO_REPAIR_GAMES` games per ruleset (default 100),
//! `BAO_REPAIR_SEED` (default 9), `BAO_REPAIR_EXAMPLES` misses shown per row (default 2),
//! `BAO_REPAIR_DUMP=FOLDER` writes those misses' slipped records there (for `bao-oracle check`).

// The judge's own checks (`undoing`) are for `tests/it/repair_set.rs`.
#[allow(dead_code)]
#[path = "repair/set.rs"]
mod set;

use std::time::Duration;

use bao_rules::RULESETS;
use set::{KINDS, Kind, Original, Slip, Verdict};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The measures of one ruleset and kind.
#[derive(Default)]
struct Row {
    games: usize,
    /// Games where no ply admits the slip.
    not_applicable: usize,
    /// The slipped record checks valid.
    undetectable: usize,
    /// The first error comes after the plies the slip wrote.
    later: usize,
    /// Of those, the original first.
    later_first: usize,
    /// ... more than the default repair window (8 plies) later.
    beyond_window: usize,
    /// The first error is no move's (the `result:` claim): the search starts past the last ply.
    no_move_error: usize,
    with_suggestions: usize,
    first: usize,
    among: usize,
    /// `check_text` of each detectable slipped game.
    times: Vec<Duration>,
    misses: Vec<String>,
}

impl Row {
    fn add(&mut self, other: &Row) {
        self.games += other.games;
        self.not_applicable += other.not_applicable;
        self.undetectable += other.undetectable;
        self.later += other.later;
        self.later_first += other.later_first;
        self.beyond_window += other.beyond_window;
        self.no_move_error += other.no_move_error;
        self.with_suggestions += other.with_suggestions;
        self.first += other.first;
        self.among += other.among;
        self.times.extend(&other.times);
    }

    fn detectable(&self) -> usize {
        self.games - self.not_applicable - self.undetectable
    }
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "–".to_string()
    } else {
        format!("{:.1}", 100.0 * part as f64 / whole as f64)
    }
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

/// One miss, for the findings: the record, the slip, what `check` said.
fn describe_miss(original: &Original, slip: &Slip, verdict: &Verdict) -> String {
    let moves = original.moves();
    let ply = slip.at + 1;
    let what = match slip.kind {
        Kind::Skip => format!("ply {ply} `{}` left out", moves[slip.at]),
        Kind::Duplicate => format!("ply {ply} `{}` written twice", moves[slip.at]),
        Kind::Transpose => format!(
            "plies {ply}-{} `{}` `{}` swapped",
            ply + 1,
            moves[slip.at],
            moves[slip.at + 1]
        ),
        _ => format!(
            "ply {ply} `{}` written `{}`",
            moves[slip.at], slip.moves[slip.at]
        ),
    };
    let suggested = if verdict.suggestions.is_empty() {
        "no suggestion".to_string()
    } else {
        verdict
            .suggestions
            .iter()
            .map(|s| s.describe())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let restoring = match verdict.restoring {
        Some(i) => format!(" (the original is suggestion {})", i + 1),
        None => String::new(),
    };
    format!(
        "{} ({} plies): {what}; first error {} at ply {}; suggested: {suggested}{restoring}",
        original.name,
        moves.len(),
        verdict.error_code.as_deref().unwrap_or("(none)"),
        verdict
            .error_ply
            .map_or("(none)".to_string(), |p| p.to_string()),
    )
}

fn print_row(ruleset: &str, kind: Kind, row: &Row) {
    let detectable = row.detectable();
    let (median, worst) = match row.times.len() {
        0 => ("–".to_string(), "–".to_string()),
        n => (ms(row.times[n / 2]), ms(row.times[n - 1])),
    };
    println!(
        "| {ruleset} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {median} | {worst} |",
        kind.name(),
        row.games,
        row.not_applicable,
        row.undetectable,
        row.later,
        percent(row.later_first, row.later),
        row.beyond_window,
        row.no_move_error,
        row.with_suggestions,
        percent(row.first, detectable),
        percent(row.among, detectable),
    );
}

fn main() {
    let games = env_number("BAO_REPAIR_GAMES", 100) as usize;
    let seed = env_number("BAO_REPAIR_SEED", 9);
    let examples = env_number("BAO_REPAIR_EXAMPLES", 2) as usize;
    let dump = std::env::var_os("BAO_REPAIR_DUMP").map(std::path::PathBuf::from);
    let mut table = Vec::new();
    for (r, ruleset) in RULESETS.iter().enumerate() {
        let mut originals = set::originals(ruleset, games, 0);
        let from_corpus = originals.len();
        originals.extend(set::originals(ruleset, 0, games - from_corpus));
        eprintln!(
            "{ruleset}: {from_corpus} corpus games, {} generated",
            games - from_corpus
        );
        for (k, &kind) in KINDS.iter().enumerate() {
            let mut row = Row::default();
            for (g, original) in originals.iter().enumerate() {
                row.games += 1;
                let mut rng = set::slip_rng(seed, r, g, k);
                let Some(slip) = set::make_slip(original, kind, &mut rng) else {
                    row.not_applicable += 1;
                    continue;
                };
                let verdict = set::judge(original, &slip);
                if verdict.valid {
                    row.undetectable += 1;
                    continue;
                }
                row.times.push(verdict.time);
                if let Some(p) = verdict.error_ply
                    && p > slip.last_written
                {
                    row.later += 1;
                    row.later_first += usize::from(verdict.restoring == Some(0));
                    if p > slip.at as u32 + 1 + 8 {
                        row.beyond_window += 1;
                    }
                }
                row.no_move_error += usize::from(verdict.error_ply.is_none());
                row.with_suggestions += usize::from(!verdict.suggestions.is_empty());
                row.first += usize::from(verdict.restoring == Some(0));
                row.among += usize::from(verdict.restoring.is_some());
                if verdict.restoring != Some(0) && row.misses.len() < examples {
                    row.misses.push(describe_miss(original, &slip, &verdict));
                    if let Some(dir) = &dump {
                        let file = format!(
                            "{ruleset}-{}-{}.yaml",
                            kind.name().replace(' ', "-"),
                            row.misses.len()
                        );
                        let text = format!(
                            "# {}\n{}",
                            row.misses.last().unwrap(),
                            set::write_record(&original.record, &slip.moves)
                        );
                        std::fs::write(dir.join(file), text).expect("the dump folder is writable");
                    }
                }
            }
            row.times.sort();
            eprintln!(
                "  {}: {} detectable, first {}",
                kind.name(),
                row.detectable(),
                row.first
            );
            table.push((ruleset, kind, row));
        }
    }
    println!(
        "### Repair suggestions: {games} games per ruleset, seed {seed}, release build\n\n\
         | ruleset | slip | games | n/a | undetectable | later error | later: first % | beyond window | \
         error at no move | with suggestions | first % | among % | median ms | worst ms |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for (ruleset, kind, row) in &table {
        print_row(ruleset, *kind, row);
    }
    for kind in KINDS {
        let mut all = Row::default();
        for (_, _, row) in table.iter().filter(|(_, k, _)| *k == kind) {
            all.add(row);
        }
        all.times.sort();
        print_row("all", kind, &all);
    }
    println!(
        "\n`n/a`: games where no ply admits the slip (no direction in the notation, no back row). \
         `undetectable`: the slipped record checks valid; both are left out of the shares. \
         `later error`: the first error comes after the plies the slip wrote (the slipped move \
         stayed legal); `later: first %`: the share of those repaired first; `beyond window`: \
         more than 8 plies after the slip (the default repair window); `error at no move`: the \
         only error is the `result:` claim (searched from the record's end). Shares are of the \
         detectable slips; times are of `check_text` on the one slipped game."
    );
    println!("\n### Misses (the original not first), at most {examples} per row\n");
    for (ruleset, kind, row) in &table {
        for miss in &row.misses {
            println!("- {ruleset}, {}: {miss}", kind.name());
        }
    }
}
