//! The JSON report: one document, version 1, the contract documented in docs/json-report.md
//! (`# The JSON report`). Fields are only ever added within a version.

use serde::Serialize;

use super::LineIndex;
use crate::check::repair::{Edit, Repair, Verdict};
use crate::check::replay::{Divergence, Standing};
use crate::check::rulings_table::{GameRef, Part};
use crate::check::{FileReport, GameReport, IoProblem, Summary};
use crate::diagnostics::Finding;
use bao_rules::Ruleset;

/// The version of the JSON report's shape.
pub const VERSION: u32 = 1;

#[derive(Serialize)]
struct GameJson<'a> {
    index: usize,
    valid: bool,
    plies: u32,
    result: Option<&'static str>,
    errors: Vec<ErrorJson<'a>>,
    warnings: Vec<ErrorJson<'a>>,
    ruleset: Option<&'a str>,
    recorded_plies: usize,
    end_rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    compare: Option<Option<CompareJson<'a>>>,
    repair: Option<RepairJson>,
    consistent_rulings: Option<Vec<CombinationJson<'a>>>,
    furthest_rulings: Option<FurthestJson<'a>>,
    ruling_inference: Option<InferenceJson>,
}

/// The repair search of a game that stopped at a move: its window and what it spent.
#[derive(Serialize)]
struct RepairJson {
    window: u32,
    nodes: u64,
    exhausted: bool,
    /// `borne-out` (the first suggestion, complete, is what `repair` applies), `ambiguous` (the
    /// first suggestions marked `ambiguous` tie: `repair` applies none) or `unrepaired` (no
    /// suggestion makes the whole record replay).
    verdict: &'static str,
}

/// Rulings as a JSON object, in the ruleset's order.
struct RulingsJson<'a>(&'a [(&'static str, &'static str)]);

impl Serialize for RulingsJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|&(name, value)| (name, value)))
    }
}

#[derive(Serialize)]
struct CombinationJson<'a> {
    rulings: RulingsJson<'a>,
    presets: &'a [&'static str],
}

#[derive(Serialize)]
struct FurthestJson<'a> {
    rulings: RulingsJson<'a>,
    presets: &'a [&'static str],
    plies: u32,
}

#[derive(Serialize)]
struct InferenceJson {
    combinations: u64,
    consistent: u64,
    undecided: u64,
    moves_played: u64,
    budget: u64,
    exhausted: bool,
}

#[derive(Serialize)]
struct ErrorJson<'a> {
    code: &'static str,
    rule: Option<&'a str>,
    message: &'a str,
    ply: Option<u32>,
    /// The move number and side of `ply`, as the transcript numbers it.
    move_number: Option<u32>,
    side: Option<&'static str>,
    #[serde(rename = "move")]
    mv: Option<&'a str>,
    line: Option<usize>,
    column: Option<usize>,
    offset: Option<usize>,
    length: Option<usize>,
    help: Option<&'a str>,
    suggestions: Vec<SuggestionJson<'a>>,
}

/// A repair suggestion, its new moves canonical (`moves`, as version 1 has always had them) and
/// as the record's notation writes them (`spelled`).
#[derive(Serialize)]
struct SuggestionJson<'a> {
    edit: Edit,
    ply: u32,
    /// `ply` as the transcript numbers it (`null` when who moved first is not known).
    move_number: Option<u32>,
    side: Option<&'static str>,
    moves: &'a [String],
    spelled: &'a [String],
    was: &'a [String],
    replays: u32,
    complete: bool,
    cost: u32,
    /// One of the best suggestions, which nothing after the edit tells apart.
    ambiguous: bool,
}

#[derive(Serialize)]
struct CompareJson<'a> {
    ruling: &'a str,
    values: &'a [String; 2],
    ply: u32,
    /// `ply` as the transcript numbers it (`null` when who moved first is not known).
    move_number: Option<u32>,
    side: Option<&'static str>,
    #[serde(rename = "move")]
    mv: &'a str,
    line: usize,
    column: usize,
    outcomes: &'a [String; 2],
}

/// `check --infer-rulings`'s table of one ruleset's games ([`Part`]).
#[derive(Serialize)]
struct PartJson<'a> {
    ruleset: &'a str,
    /// The games that answer: valid under some rulings, decided within the budget.
    games: usize,
    rulings: Vec<RulingAnswerJson<'a>>,
    not_counted: Vec<NotCountedJson<'a>>,
}

#[derive(Serialize)]
struct RulingAnswerJson<'a> {
    name: &'static str,
    default: &'static str,
    ruled_out: Vec<RuledOutJson<'a>>,
    silent: Vec<GameRefJson<'a>>,
}

#[derive(Serialize)]
struct RuledOutJson<'a> {
    value: &'static str,
    by: Vec<DeciderJson<'a>>,
}

/// A game of the table: `path` as in `files[].path`, `game` its index there.
#[derive(Serialize)]
struct GameRefJson<'a> {
    path: &'a str,
    game: usize,
}

/// A game that rules a value out, and the finding that does (all `null`: no single ply).
#[derive(Serialize)]
struct DeciderJson<'a> {
    path: &'a str,
    game: usize,
    ply: Option<u32>,
    move_number: Option<u32>,
    side: Option<&'static str>,
    code: Option<&'static str>,
    rule: Option<&'static str>,
}

#[derive(Serialize)]
struct NotCountedJson<'a> {
    path: &'a str,
    game: usize,
    why: &'static str,
}

fn game_ref(g: &GameRef) -> GameRefJson<'_> {
    GameRefJson {
        path: &g.path,
        game: g.index,
    }
}

fn part_json(part: &Part) -> PartJson<'_> {
    PartJson {
        ruleset: part.ruleset.name(),
        games: part.games,
        rulings: part
            .rulings
            .iter()
            .map(|r| RulingAnswerJson {
                name: r.name,
                default: r.default,
                ruled_out: r
                    .ruled_out
                    .iter()
                    .map(|(value, by)| RuledOutJson {
                        value,
                        by: by
                            .iter()
                            .map(|d| DeciderJson {
                                path: &d.game.path,
                                game: d.game.index,
                                ply: d.at.as_ref().and_then(|w| w.ply),
                                move_number: d.at.as_ref().and_then(|w| w.number).map(|m| m.number),
                                side: d.at.as_ref().and_then(|w| w.number).map(|m| m.side.name()),
                                code: d.at.as_ref().map(|w| w.code.as_str()),
                                rule: d.at.as_ref().and_then(|w| w.rule),
                            })
                            .collect(),
                    })
                    .collect(),
                silent: r.silent.iter().map(game_ref).collect(),
            })
            .collect(),
        not_counted: part
            .apart
            .iter()
            .map(|(g, why)| NotCountedJson {
                path: &g.path,
                game: g.index,
                why,
            })
            .collect(),
    }
}

#[derive(Serialize)]
struct SummaryJson {
    files: usize,
    games: usize,
    valid: usize,
    invalid: usize,
    warnings: usize,
    io_errors: usize,
}

#[derive(Serialize)]
struct IoProblemJson<'a> {
    path: &'a str,
    code: &'static str,
    message: &'a str,
}

fn error_json<'a>(lines: &LineIndex<'_>, g: &'a GameReport, f: &'a Finding) -> ErrorJson<'a> {
    let at = f.span.map(|s| (s, lines.line_column(s.offset)));
    let numbered = f.ply.and_then(|ply| g.move_number(ply));
    ErrorJson {
        code: f.code.as_str(),
        rule: f.rule,
        message: &f.message,
        ply: f.ply,
        move_number: numbered.map(|m| m.number),
        side: numbered.map(|m| m.side.name()),
        mv: f.mv.as_deref(),
        line: at.map(|(_, (l, _))| l),
        column: at.map(|(_, (_, c))| c),
        offset: at.map(|(s, _)| s.offset),
        length: at.map(|(s, _)| s.len),
        help: f.help.as_deref(),
        suggestions: suggestions_json(g, f),
    }
}

fn suggestions_json<'a>(g: &'a GameReport, f: &Finding) -> Vec<SuggestionJson<'a>> {
    let spelled = g.repair.as_ref().map_or(&[][..], |r| &r.spelled[..]);
    let ambiguous = g.repair.as_ref().map_or(0, Repair::ambiguous);
    g.suggestions(f)
        .iter()
        .enumerate()
        .map(|(k, s)| SuggestionJson {
            edit: s.edit,
            ply: s.ply,
            move_number: g.move_number(s.ply).map(|m| m.number),
            side: g.move_number(s.ply).map(|m| m.side.name()),
            moves: &s.moves,
            // Canonical where the search gave no spelling.
            spelled: spelled.get(k).map_or(&s.moves[..], |w| &w[..]),
            was: &s.was,
            replays: s.replays,
            complete: s.complete,
            cost: s.cost,
            ambiguous: k < ambiguous,
        })
        .collect()
}

fn compare_json<'a>(lines: &LineIndex<'_>, g: &GameReport, d: &'a Divergence) -> CompareJson<'a> {
    let (line, column) = lines.line_column(d.span.offset);
    let numbered = g.move_number(d.ply);
    CompareJson {
        ruling: &d.ruling,
        values: &d.values,
        ply: d.ply,
        move_number: numbered.map(|m| m.number),
        side: numbered.map(|m| m.side.name()),
        mv: &d.mv,
        line,
        column,
        outcomes: &d.outcomes,
    }
}

fn game_json<'a>(lines: &LineIndex<'_>, g: &'a GameReport) -> GameJson<'a> {
    GameJson {
        index: g.index,
        valid: g.valid(),
        plies: g.plies,
        result: g.standing.map(Standing::name),
        errors: g.findings.iter().map(|f| error_json(lines, g, f)).collect(),
        warnings: g.warnings.iter().map(|f| error_json(lines, g, f)).collect(),
        ruleset: g.ruleset.map(Ruleset::name),
        recorded_plies: g.recorded_plies,
        end_rule: match g.standing {
            Some(Standing::Over(end)) => Some(end.rule),
            _ => None,
        },
        compare: g
            .divergence
            .as_ref()
            .map(|d| d.as_ref().map(|d| compare_json(lines, g, d))),
        repair: g.repair.as_ref().map(|r: &Repair| RepairJson {
            window: r.window,
            nodes: r.nodes,
            exhausted: r.exhausted,
            verdict: match r.verdict() {
                Verdict::BorneOut(..) => "borne-out",
                Verdict::Ambiguous(_) => "ambiguous",
                Verdict::Unrepaired => "unrepaired",
            },
        }),
        consistent_rulings: g.inference.as_ref().map(|i| {
            i.listed
                .iter()
                .map(|c| CombinationJson {
                    rulings: RulingsJson(&c.rulings),
                    presets: &c.presets,
                })
                .collect()
        }),
        furthest_rulings: g
            .inference
            .as_ref()
            .and_then(|i| i.furthest.as_ref())
            .map(|f| FurthestJson {
                rulings: RulingsJson(&f.combination.rulings),
                presets: &f.combination.presets,
                plies: f.plies,
            }),
        ruling_inference: g.inference.as_ref().map(|i| InferenceJson {
            combinations: i.combinations,
            consistent: i.consistent,
            undecided: i.undecided,
            moves_played: i.moves_played,
            budget: i.budget,
            exhausted: i.exhausted_at.is_some(),
        }),
    }
}

/// The whole report as one JSON document (pretty-printed, with a final newline).
pub fn render(files: &[FileReport], io_problems: &[IoProblem]) -> String {
    streamed(files, io_problems, true)
}

/// The report of `files` written through [`Writer`], piece by piece, as `check` streams it.
fn streamed(files: &[FileReport], io_problems: &[IoProblem], pretty: bool) -> String {
    let mut writer = Writer::new(pretty);
    let mut out = writer.start();
    for file in files {
        out.push_str(&writer.file(&file.path));
        let lines = LineIndex::new(&file.text);
        for game in &file.games {
            out.push_str(&writer.game(&lines, game));
        }
        out.push_str(&writer.end_file());
    }
    out + &writer.finish(&Summary::of(files, io_problems.len()), io_problems)
}

/// The report written as it comes, game by game: [`Writer::start`], then per file
/// [`Writer::file`], each [`Writer::game`] and [`Writer::end_file`], then [`Writer::finish`] with
/// the counts. The pieces join to the one document [`render`] gives (pretty) or the same document
/// without spaces (compact, for the HTML page), so that no report needs more than one game's
/// report in memory.
pub struct Writer {
    pretty: bool,
    /// Files begun, and games of the current file written.
    files: usize,
    games: usize,
}

impl Writer {
    pub fn new(pretty: bool) -> Writer {
        Writer {
            pretty,
            files: 0,
            games: 0,
        }
    }

    /// `value` as JSON, pretty lines indented by `depth` levels past the first.
    fn value<T: Serialize>(&self, value: &T, depth: usize) -> String {
        let mut out = String::new();
        self.write_value(&mut out, value, depth);
        out
    }

    /// [`Writer::value`] onto `out`.
    fn write_value<T: Serialize>(&self, out: &mut String, value: &T, depth: usize) {
        // serde_json writes UTF-8 only; its bytes go straight onto the string.
        let mut bytes = std::mem::take(out).into_bytes();
        if self.pretty {
            let mut serializer =
                serde_json::Serializer::with_formatter(&mut bytes, Indented::at(depth));
            value
                .serialize(&mut serializer)
                .expect("the report serializes");
        } else {
            serde_json::to_writer(&mut bytes, value).expect("the report serializes");
        }
        *out = String::from_utf8(bytes).expect("serde_json writes UTF-8");
    }

    /// A line break and `depth` levels of indentation (nothing when compact).
    fn indent(&self, depth: usize) -> String {
        let mut out = String::new();
        self.push_indent(&mut out, depth);
        out
    }

    /// [`Writer::indent`] onto `out`.
    fn push_indent(&self, out: &mut String, depth: usize) {
        if self.pretty {
            out.push('\n');
            for _ in 0..depth {
                out.push_str("  ");
            }
        }
    }

    /// `"key": ` or `"key":`.
    fn key(&self, key: &str) -> String {
        format!("\"{key}\":{}", if self.pretty { " " } else { "" })
    }

    pub fn start(&mut self) -> String {
        format!(
            "{{{}{}{VERSION},{}{}[",
            self.indent(1),
            self.key("version"),
            self.indent(1),
            self.key("files")
        )
    }

    pub fn file(&mut self, path: &str) -> String {
        let comma = if self.files > 0 { "," } else { "" };
        self.files += 1;
        self.games = 0;
        format!(
            "{comma}{}{{{}{}{},{}{}[",
            self.indent(2),
            self.indent(3),
            self.key("path"),
            self.value(&path, 3),
            self.indent(3),
            self.key("games")
        )
    }

    /// One game of the current file; `lines` index the file's text.
    pub fn game(&mut self, lines: &LineIndex<'_>, game: &GameReport) -> String {
        // A valid game's report is about 600 bytes pretty: room for it at once.
        let mut out = String::with_capacity(1024);
        if self.games > 0 {
            out.push(',');
        }
        self.games += 1;
        self.push_indent(&mut out, 4);
        self.write_value(&mut out, &game_json(lines, game), 4);
        out
    }

    pub fn end_file(&mut self) -> String {
        let close = if self.games > 0 {
            self.indent(3)
        } else {
            String::new()
        };
        format!("{close}]{}}}", self.indent(2))
    }

    /// The counts and the paths that could not be read close the document (with a final newline
    /// when pretty).
    pub fn finish(&mut self, summary: &Summary, io_problems: &[IoProblem]) -> String {
        self.finish_with_table(summary, io_problems, None)
    }

    /// [`Writer::finish`], with `check --infer-rulings`'s table (`rulings_table`, before the
    /// counts) when given.
    pub fn finish_with_table(
        &mut self,
        summary: &Summary,
        io_problems: &[IoProblem],
        table: Option<&[Part]>,
    ) -> String {
        let io_errors: Vec<IoProblemJson<'_>> = io_problems
            .iter()
            .map(|p| IoProblemJson {
                path: &p.path,
                code: crate::diagnostics::Code::IoError.as_str(),
                message: &p.message,
            })
            .collect();
        let summary = SummaryJson {
            files: summary.files,
            games: summary.games,
            valid: summary.valid,
            invalid: summary.invalid,
            warnings: summary.warnings,
            io_errors: summary.io_errors,
        };
        let close = if self.files > 0 {
            self.indent(1)
        } else {
            String::new()
        };
        let table = match table {
            Some(parts) => {
                let parts: Vec<PartJson<'_>> = parts.iter().map(part_json).collect();
                format!(
                    "{}{}{},",
                    self.indent(1),
                    self.key("rulings_table"),
                    self.value(&parts, 1)
                )
            }
            None => String::new(),
        };
        format!(
            "{close}],{table}{}{}{},{}{}{}{}}}{}",
            self.indent(1),
            self.key("summary"),
            self.value(&summary, 1),
            self.indent(1),
            self.key("io_errors"),
            self.value(&io_errors, 1),
            self.indent(0),
            if self.pretty { "\n" } else { "" }
        )
    }
}

/// serde_json's pretty form (two spaces a level) begun `depth` levels in, so that a value written
/// on its own sits at its place in the document: one pass, no re-indenting of the text. Its own
/// formatter rather than serde_json's `PrettyFormatter` behind a writer that indents after each
/// line break: that writer sees every small piece serde writes, and cost a check of 20,000 Bao
/// Kingulu games 13 % more instructions (callgrind).
struct Indented {
    depth: usize,
    has_value: bool,
}

impl Indented {
    fn at(depth: usize) -> Indented {
        Indented {
            depth,
            has_value: false,
        }
    }

    fn line<W: ?Sized + std::io::Write>(&self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(b"\n")?;
        for _ in 0..self.depth {
            writer.write_all(b"  ")?;
        }
        Ok(())
    }

    fn open<W: ?Sized + std::io::Write>(&mut self, w: &mut W, b: &[u8]) -> std::io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(b)
    }

    fn close<W: ?Sized + std::io::Write>(&mut self, w: &mut W, b: &[u8]) -> std::io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            self.line(w)?;
        }
        w.write_all(b)
    }

    fn item<W: ?Sized + std::io::Write>(&mut self, w: &mut W, first: bool) -> std::io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        self.line(w)
    }
}

impl serde_json::ser::Formatter for Indented {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"[")
    }
    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"]")
    }
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(w, first)
    }
    fn end_array_value<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.open(w, b"{")
    }
    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.close(w, b"}")
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.item(w, first)
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
    fn end_object_value<W: ?Sized + std::io::Write>(&mut self, _: &mut W) -> std::io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_text;
    use crate::check::replay::ReplayOptions;

    /// The whole report as one value, as serde writes it: what the writer's pieces must join to.
    #[derive(Serialize)]
    struct Document<'a> {
        version: u32,
        files: Vec<FileJson<'a>>,
        summary: SummaryJson,
        io_errors: Vec<IoProblemJson<'a>>,
    }

    #[derive(Serialize)]
    struct FileJson<'a> {
        path: &'a str,
        games: Vec<GameJson<'a>>,
    }

    fn whole(files: &[FileReport], io_problems: &[IoProblem], pretty: bool) -> String {
        let summary = Summary::of(files, io_problems.len());
        let lines: Vec<LineIndex<'_>> = files.iter().map(|f| LineIndex::new(&f.text)).collect();
        let doc = Document {
            version: VERSION,
            files: files
                .iter()
                .zip(&lines)
                .map(|(f, lines)| FileJson {
                    path: &f.path,
                    games: f.games.iter().map(|g| game_json(lines, g)).collect(),
                })
                .collect(),
            summary: SummaryJson {
                files: summary.files,
                games: summary.games,
                valid: summary.valid,
                invalid: summary.invalid,
                warnings: summary.warnings,
                io_errors: summary.io_errors,
            },
            io_errors: io_problems
                .iter()
                .map(|p| IoProblemJson {
                    path: &p.path,
                    code: "io-error",
                    message: &p.message,
                })
                .collect(),
        };
        if pretty {
            serde_json::to_string_pretty(&doc).unwrap() + "\n"
        } else {
            serde_json::to_string(&doc).unwrap()
        }
    }

    #[test]
    fn the_streamed_pieces_join_to_the_one_document() {
        let file = |path: &str, text: &str| FileReport {
            path: path.into(),
            text: text.into(),
            games: check_text(text, &ReplayOptions::default()),
        };
        let good = "ruleset: bao-la-kimasai\nsource: t\nmoves: [A2]\n";
        let bad = "ruleset: bao-kingulu\nsource: \"a\\nb\"\nmoves: [A3, A9]\n---\nx: [\n";
        let empty = FileReport {
            path: "none".into(),
            text: String::new(),
            games: Vec::new(),
        };
        let problem = IoProblem {
            path: "gone".into(),
            message: "no such file or folder".into(),
        };
        let cases: [(Vec<FileReport>, Vec<IoProblem>); 4] = [
            (Vec::new(), Vec::new()),
            (vec![file("a.yaml", good)], Vec::new()),
            (
                vec![file("a.yaml", good), empty, file("b\"\n.yaml", bad)],
                vec![problem.clone()],
            ),
            (Vec::new(), vec![problem]),
        ];
        for (files, problems) in &cases {
            for pretty in [true, false] {
                assert_eq!(
                    streamed(files, problems, pretty),
                    whole(files, problems, pretty)
                );
            }
        }
    }
}
