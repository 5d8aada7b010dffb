//! The seeded benchmark set of issue 9 ("Measure it"): valid game records (the corpus and
//! `generate` output, every ruleset), each given one transcription slip of each kind at a seeded
//! random ply, and the judge of what `check` suggests for the slipped record. Shared by
//! `benches/repair.rs` (the measurement) and `tests/it/repair_set.rs` (the generator's own test).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bao_oracle::check::replay::{ReplayOptions, replay_to};
use bao_oracle::check::{FileReport, check_text, collect_files};
use bao_oracle::diagnostics::Span;
use bao_oracle::input::record::{self, Field, Record, Source};
use bao_oracle::render::json;
use bao_oracle::rewrite::random_game::{ToRecord, random_game, yaml_scalar};
use bao_rules::game::{Game, Notation};
use bao_rules::rulings::RulingSet;
use bao_rules::{Playthrough, Ruleset, SplitMix64, Zanzibar, with_game};

/// Generated games stop here if they have not ended (as `benches/check.rs` plays them).
const MAX_PLIES: usize = 2000;

/// Seeds of generated games start here, clear of the corpus's `generate` seeds.
const FIRST_SEED: u64 = 1000;

/// A valid game record of the set.
#[derive(Clone, Debug)]
pub struct Original {
    /// Where it comes from: a corpus file, or `generate SEED`.
    pub name: String,
    pub record: Record,
}

impl Original {
    pub fn ruleset(&self) -> Ruleset {
        self.record.ruleset.value
    }

    pub fn notation(&self) -> Notation {
        self.record
            .notation
            .as_ref()
            .map_or(Notation::Canonical, |n| n.value)
    }

    pub fn moves(&self) -> Vec<String> {
        self.record
            .moves
            .iter()
            .map(|m| m.value.to_string())
            .collect()
    }
}

/// The records of `corpus/RULESET/` (at most `corpus`), then `generated` games of `generate`
/// under the default rulings; every other generated Bao la Kiswahili game is written in Donkers'
/// notation, as published transcripts are.
pub fn originals(ruleset: &str, corpus: usize, generated: usize) -> Vec<Original> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(ruleset);
    let (files, problems) = collect_files(&[folder]);
    assert!(
        problems.is_empty(),
        "{ruleset}: the corpus reads: {problems:?}"
    );
    let mut out = Vec::new();
    'files: for path in files {
        let Source::Text(text) = record::read_source(&path).expect("a corpus file reads") else {
            panic!("{}: a corpus file is text", path.display());
        };
        // The published transcripts (`*.bao`) are in the set as the records imported from them.
        if bao_oracle::input::form_of(&text) == bao_oracle::input::Form::Transcript {
            continue;
        }
        for doc in record::split_documents(&text) {
            if out.len() == corpus {
                break 'files;
            }
            let record = record::parse_document(&doc).expect("a corpus record reads");
            let name = path.file_name().unwrap().to_string_lossy();
            out.push(Original {
                name: format!("corpus/{ruleset}/{name}#{}", doc.index),
                record,
            });
        }
    }
    for seed in FIRST_SEED..FIRST_SEED + generated as u64 {
        let donkers = ruleset == Zanzibar::RULESET && seed % 2 == 1;
        let game = Ruleset::from_name(ruleset).expect("a registered ruleset");
        let text = with_game!(game, G => generated_record::<G>(seed, donkers));
        let doc = record::split_documents(&text)[0];
        let record = record::parse_document(&doc).expect("a generated record reads");
        let notation = if donkers { " (Donkers' notation)" } else { "" };
        out.push(Original {
            name: format!("generate {ruleset} --seed {seed}{notation}"),
            record,
        });
    }
    out
}

fn generated_record<G: Game>(seed: u64, donkers: bool) -> String {
    let rulings = G::rulings(&RulingSet::new()).expect("default rulings");
    let game = random_game::<G>(&G::start(), &rulings, seed, MAX_PLIES);
    let source = format!("`bao-oracle generate {} --seed {seed}`", G::RULESET);
    let text = game.to_record(&source, false, None, &[]);
    if !donkers {
        return text;
    }
    let mut record = record::parse_document(&record::split_documents(&text)[0])
        .expect("a generated record reads");
    let mut replay = Playthrough::<G>::new(G::start(), rulings)
        .in_notation(Notation::Donkers)
        .expect("a game with Donkers' notation");
    for (written, &mv) in record.moves.iter_mut().zip(&game.moves) {
        written.value = replay.move_text(mv).into();
        replay.play(mv, &mut ()).expect("a generated move plays");
    }
    record.notation = Some(Field {
        value: Notation::Donkers,
        span: Span::new(0, 0),
    });
    let moves: Vec<String> = record.moves.iter().map(|m| m.value.to_string()).collect();
    write_record(&record, &moves)
}

/// `record` written back as YAML with `moves` for its move list (every other field as read).
pub fn write_record(record: &Record, moves: &[String]) -> String {
    let mut out = String::new();
    let mut line = |key: &str, value: Option<&str>| {
        if let Some(value) = value {
            let _ = writeln!(out, "{key}: {}", yaml_scalar(value));
        }
    };
    line("ruleset", Some(record.ruleset.value.name()));
    line("title", record.title.as_deref());
    line("source", Some(&record.source));
    line("date", record.date.as_deref());
    line("south", record.south.as_deref());
    line("north", record.north.as_deref());
    line("first", record.first.as_ref().map(|f| f.value.name()));
    line("start", record.start.as_ref().map(|s| s.value.as_str()));
    line("preset", record.preset.as_ref().map(|p| p.value.as_str()));
    line("notation", record.notation.as_ref().map(|n| n.value.name()));
    line("result", record.result.as_ref().map(|r| r.value.name()));
    if !record.rulings.is_empty() {
        out.push_str("rulings:\n");
        for (name, value) in &record.rulings {
            let _ = writeln!(
                out,
                "  {}: {}",
                yaml_scalar(&name.value),
                yaml_scalar(&value.value)
            );
        }
    }
    out.push_str("moves: [");
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            out.push_str(if i % 16 == 0 { ",\n  " } else { ", " });
        }
        // Always quoted: `<`, `>`, `*` and `#` mean something to YAML.
        out.push_str(&serde_json::to_string(mv).expect("a string serialises"));
    }
    out.push_str("]\n");
    out
}

/// The kinds of transcription slip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `<` and `>` swapped (Donkers' `L` and `R`).
    Direction,
    /// The row letter's case: the other side's hole (`A` and `a`).
    Case,
    /// Front and back row swapped (`A` and `B`).
    Row,
    /// The hole number one off.
    Hole,
    /// A ply left out.
    Skip,
    /// A ply written twice.
    Duplicate,
    /// Two adjacent plies written in each other's place.
    Transpose,
}

pub const KINDS: [Kind; 7] = [
    Kind::Direction,
    Kind::Case,
    Kind::Row,
    Kind::Hole,
    Kind::Skip,
    Kind::Duplicate,
    Kind::Transpose,
];

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Direction => "flipped direction",
            Kind::Case => "wrong case",
            Kind::Row => "wrong row",
            Kind::Hole => "off-by-one hole",
            Kind::Skip => "skipped ply",
            Kind::Duplicate => "duplicated ply",
            Kind::Transpose => "transposed plies",
        }
    }
}

/// One slip made in a record's move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    pub kind: Kind,
    /// 0-based index of the first move concerned (the changed, the left out, the written twice,
    /// the first of the two swapped).
    pub at: usize,
    /// The last ply (1-based, of the slipped list) the slip wrote: an error at a later ply is a
    /// slip that kept its move legal but wrong.
    pub last_written: u32,
    /// The slipped move list.
    pub moves: Vec<String>,
}

/// The slip of `kind` at a seeded random ply of `original`, or `None` if no ply admits one (no
/// direction in the notation, no back row in the game). A changed move is still notation.
pub fn make_slip(original: &Original, kind: Kind, rng: &mut SplitMix64) -> Option<Slip> {
    let moves = original.moves();
    let notation = original.notation();
    let ruleset = original.ruleset();
    let parses = |text: &str| with_game!(ruleset, G => G::parse_move_in(notation, text).is_ok());
    let changed = |i: usize, text: String| {
        let mut slipped = moves.clone();
        slipped[i] = text;
        Slip {
            kind,
            at: i,
            last_written: i as u32 + 1,
            moves: slipped,
        }
    };
    let pick = |rng: &mut SplitMix64, candidates: &[usize]| {
        (!candidates.is_empty()).then(|| candidates[rng.below(candidates.len())])
    };
    match kind {
        Kind::Direction | Kind::Case | Kind::Row => {
            let spell = |text: &str| {
                match kind {
                    Kind::Direction => flip_direction(text, notation),
                    Kind::Case => flip_case(text),
                    _ => flip_row(text),
                }
                .filter(|t| parses(t))
            };
            let candidates: Vec<usize> = (0..moves.len())
                .filter(|&i| spell(&moves[i]).is_some())
                .collect();
            let i = pick(rng, &candidates)?;
            Some(changed(i, spell(&moves[i])?))
        }
        Kind::Hole => {
            let spell = |text: &str, up: bool| {
                let other = off_by_one(text, up).filter(|t| parses(t));
                other.or_else(|| off_by_one(text, !up).filter(|t| parses(t)))
            };
            let candidates: Vec<usize> = (0..moves.len())
                .filter(|&i| spell(&moves[i], true).is_some())
                .collect();
            let i = pick(rng, &candidates)?;
            let up = rng.below(2) == 1;
            Some(changed(i, spell(&moves[i], up)?))
        }
        Kind::Skip => {
            let i = pick(rng, &(0..moves.len()).collect::<Vec<_>>())?;
            let mut slipped = moves.clone();
            slipped.remove(i);
            Some(Slip {
                kind,
                at: i,
                last_written: i as u32 + 1,
                moves: slipped,
            })
        }
        Kind::Duplicate => {
            let i = pick(rng, &(0..moves.len()).collect::<Vec<_>>())?;
            let mut slipped = moves.clone();
            slipped.insert(i, moves[i].clone());
            Some(Slip {
                kind,
                at: i,
                last_written: i as u32 + 2,
                moves: slipped,
            })
        }
        Kind::Transpose => {
            let candidates: Vec<usize> = (0..moves.len().saturating_sub(1))
                .filter(|&i| moves[i] != moves[i + 1])
                .collect();
            let i = pick(rng, &candidates)?;
            let mut slipped = moves.clone();
            slipped.swap(i, i + 1);
            Some(Slip {
                kind,
                at: i,
                last_written: i as u32 + 2,
                moves: slipped,
            })
        }
    }
}

/// `<` and `>` swapped; in Donkers' notation `L` and `R` (there `>` is the house played).
fn flip_direction(text: &str, notation: Notation) -> Option<String> {
    let (a, b) = match notation {
        Notation::Donkers => ('L', 'R'),
        _ => ('<', '>'),
    };
    text.contains([a, b]).then(|| {
        text.chars()
            .map(|c| match c {
                c if c == a => b,
                c if c == b => a,
                c => c,
            })
            .collect()
    })
}

/// The first letter (the row) in the other case.
fn flip_case(text: &str) -> Option<String> {
    let first = text.chars().next().filter(char::is_ascii_alphabetic)?;
    let other = if first.is_ascii_uppercase() {
        first.to_ascii_lowercase()
    } else {
        first.to_ascii_uppercase()
    };
    Some(format!("{other}{}", &text[1..]))
}

/// The first letter's row swapped, front for back (`A`/`B`, `a`/`b`).
fn flip_row(text: &str) -> Option<String> {
    let other = match text.chars().next()? {
        'A' => 'B',
        'B' => 'A',
        'a' => 'b',
        'b' => 'a',
        _ => return None,
    };
    Some(format!("{other}{}", &text[1..]))
}

/// The first hole number one up (or down).
fn off_by_one(text: &str, up: bool) -> Option<String> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let len = text[start..]
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len() - start);
    let number: u32 = text[start..start + len].parse().ok()?;
    let other = if up {
        number + 1
    } else {
        number.checked_sub(1)?
    };
    Some(format!("{}{other}{}", &text[..start], &text[start + len..]))
}

/// One suggestion as the JSON report gives it (the fields the judge needs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggested {
    pub edit: String,
    pub ply: u32,
    pub moves: Vec<String>,
    pub replays: Option<u64>,
    pub complete: Option<bool>,
    pub cost: Option<u64>,
}

impl Suggested {
    fn from_json(value: &serde_json::Value) -> Suggested {
        Suggested {
            edit: value["edit"].as_str().unwrap_or("").to_string(),
            ply: value["ply"].as_u64().unwrap_or(0) as u32,
            moves: value["moves"]
                .as_array()
                .map(|m| {
                    m.iter()
                        .filter_map(|s| s.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default(),
            replays: value["replays"].as_u64(),
            complete: value["complete"].as_bool(),
            cost: value["cost"].as_u64(),
        }
    }

    /// Short, for the findings: `replace 12 [A7<] (replays 30, complete, cost 2)`.
    pub fn describe(&self) -> String {
        let mut out = format!("{} {} {:?}", self.edit, self.ply, self.moves);
        let mut extra = Vec::new();
        if let Some(r) = self.replays {
            extra.push(format!("replays {r}"));
        }
        if self.complete == Some(true) {
            extra.push("complete".to_string());
        }
        if let Some(c) = self.cost {
            extra.push(format!("cost {c}"));
        }
        if !extra.is_empty() {
            let _ = write!(out, " ({})", extra.join(", "));
        }
        out
    }
}

/// A move list as written: each move with the notation it is read in (a suggestion's moves are
/// canonical, whatever the record's notation).
type Written = Vec<(String, Notation)>;

/// `slipped` with `suggestion` applied, or `None` if it does not fit the list.
pub fn apply(slipped: &[String], notation: Notation, suggestion: &Suggested) -> Option<Written> {
    let mut list: Written = slipped.iter().map(|m| (m.clone(), notation)).collect();
    let at = (suggestion.ply as usize).checked_sub(1)?;
    let canonical = |i: usize| Some((suggestion.moves.get(i)?.clone(), Notation::Canonical));
    match suggestion.edit.as_str() {
        "replace" if at < list.len() => list[at] = canonical(0)?,
        "insert" if at <= list.len() => list.insert(at, canonical(0)?),
        "delete" if at < list.len() => {
            list.remove(at);
        }
        "swap" if at + 1 < list.len() => {
            if suggestion.moves.len() == 2 {
                list[at] = canonical(0)?;
                list[at + 1] = canonical(1)?;
            } else {
                list.swap(at, at + 1);
            }
        }
        _ => return None,
    }
    Some(list)
}

/// The positions after each ply of `moves` replayed from `record`'s start under its rulings, or
/// `None` if some move does not play.
fn positions<G: Game>(record: &Record, moves: &Written) -> Option<Vec<G::Position>> {
    let (_, mut game) = replay_to::<G>(record, &ReplayOptions::default(), 1).ok()?;
    let mut events = Vec::new();
    let mut out = Vec::with_capacity(moves.len());
    for (text, notation) in moves {
        game = game.in_notation(*notation).ok()?;
        game.play_text_into(text, &mut events).ok()?;
        out.push(game.position().clone());
    }
    Some(out)
}

/// Whether `moves` is `original`'s game: every move plays and leaves the original's position
/// (two spellings of one move are one move).
pub fn is_original(original: &Original, moves: &Written) -> bool {
    let own: Written = original
        .moves()
        .into_iter()
        .map(|m| (m, original.notation()))
        .collect();
    let record = &original.record;
    with_game!(original.ruleset(), G => {
        match (positions::<G>(record, &own), positions::<G>(record, moves)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    })
}

/// What `check` made of one slipped record.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The slipped record checks valid: the slip cannot be detected.
    pub valid: bool,
    /// The first ply an error names (1-based, of the slipped list).
    pub error_ply: Option<u32>,
    /// The first error's code (`illegal-move`, `move-after-end`, `result-mismatch`, ...).
    pub error_code: Option<String>,
    /// The suggestions, in rank order (empty when `check` gives none).
    pub suggestions: Vec<Suggested>,
    /// Which suggestion restores the original, if any (0 = the first).
    pub restoring: Option<usize>,
    /// The `check_text` call of this one game.
    pub time: Duration,
}

/// Checks the slipped record as `bao-oracle check --format json` does and judges its
/// suggestions.
pub fn judge(original: &Original, slip: &Slip) -> Verdict {
    let text = write_record(&original.record, &slip.moves);
    let options = ReplayOptions::default();
    let started = Instant::now();
    let games = check_text(&text, &options);
    let time = started.elapsed();
    let valid = games.iter().all(|g| g.valid());
    let report = json::render(
        &[FileReport {
            path: "slipped.yaml".into(),
            text,
            games,
        }],
        &[],
    );
    let report: serde_json::Value = serde_json::from_str(&report).expect("the report is JSON");
    let errors = report["files"][0]["games"][0]["errors"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let error_ply = errors
        .iter()
        .find_map(|e| e["ply"].as_u64())
        .map(|p| p as u32);
    let error_code = errors
        .first()
        .and_then(|e| e["code"].as_str())
        .map(str::to_string);
    // A report without the field (an older oracle) counts as no suggestion.
    let suggestions: Vec<Suggested> = errors
        .iter()
        .filter_map(|e| e["suggestions"].as_array())
        .find(|s| !s.is_empty())
        .map(|s| s.iter().map(Suggested::from_json).collect())
        .unwrap_or_default();
    let restoring = suggestions.iter().position(|s| {
        apply(&slip.moves, original.notation(), s).is_some_and(|m| is_original(original, &m))
    });
    Verdict {
        valid,
        error_ply,
        error_code,
        suggestions,
        restoring,
        time,
    }
}

/// The edit that undoes `slip`, as `check` would suggest it: the way to test the judge.
pub fn undoing(original: &Original, slip: &Slip) -> Suggested {
    let canonical = canonical_moves(original);
    let ply = slip.at as u32 + 1;
    let (edit, ply, moves) = match slip.kind {
        Kind::Direction | Kind::Case | Kind::Row | Kind::Hole => {
            ("replace", ply, vec![canonical[slip.at].clone()])
        }
        Kind::Skip => ("insert", ply, vec![canonical[slip.at].clone()]),
        Kind::Duplicate => ("delete", ply + 1, vec![]),
        Kind::Transpose => (
            "swap",
            ply,
            vec![canonical[slip.at].clone(), canonical[slip.at + 1].clone()],
        ),
    };
    Suggested {
        edit: edit.to_string(),
        ply,
        moves,
        replays: None,
        complete: None,
        cost: None,
    }
}

/// The original's moves in canonical notation.
pub fn canonical_moves(original: &Original) -> Vec<String> {
    let record = &original.record;
    with_game!(original.ruleset(), G => {
        let (_, mut game) = replay_to::<G>(record, &ReplayOptions::default(), 1)
            .expect("an original sets up");
        record
            .moves
            .iter()
            .map(|m| {
                let played = game.play_text(&m.value).expect("an original's move plays");
                G::format_move(played.mv)
            })
            .collect()
    })
}

/// A seeded generator for one slip: the same set on every run and machine.
pub fn slip_rng(seed: u64, ruleset: usize, game: usize, kind: usize) -> SplitMix64 {
    let mut mix = SplitMix64::new(seed ^ ((ruleset as u64) << 48) ^ ((game as u64) << 8));
    SplitMix64::new(mix.next_u64() ^ kind as u64)
}
