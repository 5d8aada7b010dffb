//! The HTML report of `check`: one self-contained page (inline CSS and script, no network) that
//! lists every file and game with its errors as the JSON report gives them, and steps through
//! each game's boards.
//!
//! The page embeds one JSON document in a `<script type="application/json">`: `report` (the JSON
//! report, [`super::json`], as is), `layouts` (each board layout once: rows of `[index, name]`
//! holes, stores, `slots` their number, and `house` the game's word for the house mark) and
//! `views` (per file, per game in the report's order, the game's plies or null). The boards come
//! from [`crate::check::timeline`]; this module sees [`Board`]s, never a game's position. A view is
//! compact, for files of thousands of games:
//!
//! - `moves`: the record's moves as written, up to the one where the replay stopped: joined by
//!   spaces, or a list if one holds a space;
//! - `plies`: one string per board, joined by spaces (the start, then after each legal ply):
//!   the side to move (`S`, `N`), then sections `|` + letter: `L` layout index (decimal; counts and marks start
//!   again from none), `m` the marks when they change (slot, `h`ouse / `t`akasia / `r`eserved)*,
//!   `n` the notes' index in `notes` when they change, `f` the slot moved from, `x` the captured
//!   slots, `d` the counts that changed (slot, count)*. Slots are the holes row by row, then the
//!   stores; a number is one digit of `0-9`, `a-z`, `A-Z` (0 to 61) or `~` decimal `.`;
//! - `notes`: the distinct note lists of the game's boards;
//! - `stop`: `{ply, legal, canonical, holes, over}` where the replay stopped (the legal moves
//!   there, the same in canonical notation for a record in another, and the hole indices they
//!   start from): the board before it is the last.

pub mod conform;
pub mod explain;

use std::collections::HashMap;

use serde::Serialize;

use super::{LineIndex, csp, json};
use crate::check::replay::ReplayOptions;
use crate::check::rulings_table::{GameRef, Part};
use crate::check::timeline::{self, Step};
use crate::check::{FileReport, GameReport, IoProblem, Summary};
use crate::input::record::Record;
use crate::picture::{Board, Mark};
use crate::render::markup::escape as escape_html;
use bao_rules::game::Side;

const CSS: &str = include_str!("html/viewer.css");
const SCRIPT: &str = include_str!("html/viewer.js");

/// Runs first: a script error of the page (or something its policy refused) is recorded on
/// `<html data-errors>` for tests and for anyone who looks, rather than only in a console.
const ERROR_TRAP: &str = "window.onerror=function(m,s,l){var e=document.documentElement;\
e.setAttribute('data-errors',(e.getAttribute('data-errors')||'')+m+' (line '+l+')\\n')};\
window.addEventListener('unhandledrejection',function(v){window.onerror(String(v.reason),'',0)});\
document.addEventListener('securitypolicyviolation',function(v){window.onerror('refused by the page\\'s \
policy: '+v.violatedDirective,'',0)});";

/// The digits of the compact numbers (slots and counts).
const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A board's shape: everything but its counts, marks, notes and side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct Layout {
    ruleset: &'static str,
    /// The game's word for [`Mark::House`] (`kuu`, `house`).
    house: &'static str,
    rows: Vec<RowLayout>,
    stores: Vec<StoreLayout>,
    slots: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct RowLayout {
    label: &'static str,
    side: Side,
    holes: Vec<(u8, &'static str)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct StoreLayout {
    side: Side,
    label: &'static str,
}

impl Layout {
    fn of(board: &Board) -> Layout {
        let rows: Vec<RowLayout> = board
            .rows
            .iter()
            .map(|r| RowLayout {
                label: r.label,
                side: r.side,
                holes: r.holes.iter().map(|h| (h.index, h.name)).collect(),
            })
            .collect();
        let stores: Vec<StoreLayout> = board
            .stores
            .iter()
            .map(|s| StoreLayout {
                side: s.side,
                label: s.label,
            })
            .collect();
        let slots = board.holes().count() + stores.len();
        Layout {
            ruleset: board.ruleset,
            house: board.house,
            rows,
            stores,
            slots,
        }
    }

    /// Whether `board` has this shape (checked without building its layout: once per ply). Hole
    /// names follow from the indices (`Game::hole_name`).
    fn fits(&self, board: &Board) -> bool {
        same(self.ruleset, board.ruleset)
            && same(self.house, board.house)
            && self.rows.len() == board.rows.len()
            && self.rows.iter().zip(&board.rows).all(|(l, r)| {
                same(l.label, r.label)
                    && l.side == r.side
                    && l.holes.len() == r.holes.len()
                    && l.holes
                        .iter()
                        .zip(&r.holes)
                        .all(|(&(i, _), h)| i == h.index)
            })
            && self.stores.len() == board.stores.len()
            && self
                .stores
                .iter()
                .zip(&board.stores)
                .all(|(l, s)| l.side == s.side && l.label == s.label)
    }

    /// The slot of each hole index of the game.
    fn slot_of(&self) -> Vec<Option<usize>> {
        let mut slots = vec![None; 256];
        for (slot, &(i, _)) in self.rows.iter().flat_map(|r| &r.holes).enumerate() {
            slots[usize::from(i)] = Some(slot);
        }
        slots
    }
}

/// Whether two names are the same: most often the same static text, then not read at all.
fn same(a: &str, b: &str) -> bool {
    std::ptr::eq(a, b) || a == b
}

/// A game's plies in compact form (module docs).
#[derive(Clone, Debug, Serialize)]
struct GameView {
    moves: Moves,
    plies: String,
    notes: Vec<Vec<String>>,
    stop: Option<StopView>,
}

/// A game's moves as written: joined by spaces when none holds one (one string to read, not
/// thousands), else listed.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
enum Moves {
    Joined(String),
    Listed(Vec<String>),
}

impl Moves {
    fn of(moves: Vec<&str>) -> Moves {
        if moves.iter().all(|m| !m.is_empty() && !m.contains(' ')) {
            Moves::Joined(moves.join(" "))
        } else {
            Moves::Listed(moves.into_iter().map(str::to_string).collect())
        }
    }
}

#[derive(Clone, Debug, Serialize)]
struct StopView {
    ply: u32,
    legal: Vec<String>,
    /// The legal moves in canonical notation, for a record in another (else left out).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    canonical: Vec<String>,
    /// The hole indices the legal moves start from.
    holes: Vec<u8>,
    over: bool,
}

/// The board layouts of a check's games, each once, as the games' boards are encoded.
#[derive(Debug, Default)]
struct Views {
    layouts: Vec<Layout>,
    /// Per layout, the slot of each hole index of the game.
    slots: Vec<Vec<Option<usize>>>,
}

/// A game's view as its steps come.
#[derive(Default)]
struct GameBuilder {
    moves: Vec<String>,
    plies: String,
    notes: Vec<Vec<String>>,
    stop: Option<StopView>,
    previous: Previous,
}

impl GameBuilder {
    fn step(&mut self, views: &mut Views, step: Step) {
        match step {
            Step::Start { board, .. } => {
                self.notes.push(Vec::new());
                views.encode(&board, None, &[], self);
            }
            Step::Ply(ply) => {
                self.plies.push(' ');
                views.encode(&ply.board, ply.from, &ply.captured, self);
                self.moves.push(ply.text);
            }
            Step::Stop(stop) => {
                self.moves.push(stop.text);
                self.stop = Some(StopView {
                    ply: stop.ply,
                    legal: stop.legal,
                    canonical: stop.canonical,
                    holes: stop.legal_holes,
                    over: stop.over,
                });
            }
        }
    }

    fn finish(self) -> GameView {
        GameView {
            moves: Moves::of(self.moves.iter().map(String::as_str).collect()),
            plies: self.plies,
            notes: self.notes,
            stop: self.stop,
        }
    }
}

/// What the previous board of a game left for the next to change.
#[derive(Default)]
struct Previous {
    layout: Option<usize>,
    counts: Vec<u32>,
    marks: String,
    /// A buffer for the next board's marks.
    scratch: String,
    notes: usize,
}

fn push_number(out: &mut String, n: usize) {
    match DIGITS.get(n) {
        Some(&d) => out.push(char::from(d)),
        None => {
            out.push('~');
            out.push_str(&n.to_string());
            out.push('.');
        }
    }
}

impl Views {
    fn layout(&mut self, board: &Board) -> usize {
        if let Some(k) = self.layouts.iter().position(|l| l.fits(board)) {
            return k;
        }
        let layout = Layout::of(board);
        self.slots.push(layout.slot_of());
        self.layouts.push(layout);
        self.layouts.len() - 1
    }

    /// Appends `board` to `game`'s plies (module docs).
    fn encode(&mut self, board: &Board, from: Option<u8>, captured: &[u8], game: &mut GameBuilder) {
        let GameBuilder {
            plies: out,
            notes,
            previous,
            ..
        } = game;
        out.push(match board.to_move {
            Side::South => 'S',
            Side::North => 'N',
        });
        let layout = match previous.layout {
            Some(k) if self.layouts[k].fits(board) => k,
            _ => {
                let k = self.layout(board);
                out.push_str(&format!("|L{k}"));
                previous.layout = Some(k);
                previous.counts = vec![0; self.layouts[k].slots];
                previous.marks.clear();
                k
            }
        };
        let mut marks = std::mem::take(&mut previous.scratch);
        marks.clear();
        for (slot, hole) in board.holes().enumerate() {
            for mark in &hole.marks {
                push_number(&mut marks, slot);
                marks.push(match mark {
                    Mark::House => 'h',
                    Mark::Takasia => 't',
                    Mark::Reserved => 'r',
                });
            }
        }
        if marks != previous.marks {
            out.push_str("|m");
            out.push_str(&marks);
            std::mem::swap(&mut previous.marks, &mut marks);
        }
        previous.scratch = marks;
        if board.notes != notes[previous.notes] {
            let k = match notes.iter().position(|n| *n == board.notes) {
                Some(k) => k,
                None => {
                    notes.push(board.notes.clone());
                    notes.len() - 1
                }
            };
            out.push_str(&format!("|n{k}"));
            previous.notes = k;
        }
        let slots = &self.slots[layout];
        if let Some(slot) = from.and_then(|f| slots[usize::from(f)]) {
            out.push_str("|f");
            push_number(out, slot);
        }
        if !captured.is_empty() {
            out.push_str("|x");
            for slot in captured.iter().filter_map(|&c| slots[usize::from(c)]) {
                push_number(out, slot);
            }
        }
        let counts = board
            .holes()
            .map(|h| h.count)
            .chain(board.stores.iter().map(|s| s.count));
        out.push_str("|d");
        let before = out.len();
        for (slot, (count, was)) in counts.zip(previous.counts.iter_mut()).enumerate() {
            if count != *was {
                push_number(out, slot);
                push_number(out, count as usize);
                *was = count;
            }
        }
        if out.len() == before {
            out.truncate(before - 2);
        }
    }
}

/// JSON made safe inside a `<script>` element: no `<` (so no `</script>` or `<!--`), `>` or `&`
/// outside a `\u` escape. Each can only stand inside a JSON string, where the escape reads the same.
fn script_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 64);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The page of a check, built game by game as the check goes ([`Page::file`], each
/// [`Page::game`], [`Page::end_file`], then [`Page::finish`]): what it keeps is the page's data
/// in its compact form, so that its memory is proportional to the page it writes, never to the
/// reports or records it was made from.
pub struct Page {
    writer: json::Writer,
    /// The `report` of the page's data so far, script-safe.
    report: String,
    /// The `views` so far: per file, per game, its view or null.
    views: String,
    boards: Views,
    /// The boards of the game being checked, as they come.
    view: Option<GameBuilder>,
    files: usize,
    games: usize,
}

impl Default for Page {
    fn default() -> Page {
        Page::new()
    }
}

impl Page {
    pub fn new() -> Page {
        let mut writer = json::Writer::new(false);
        let report = script_safe(&writer.start());
        Page {
            writer,
            report,
            views: "[".to_string(),
            boards: Views::default(),
            view: None,
            files: 0,
            games: 0,
        }
    }

    /// The next file's games follow.
    pub fn file(&mut self, path: &str) {
        self.report.push_str(&script_safe(&self.writer.file(path)));
        self.views.push_str(if self.files > 0 { ",[" } else { "[" });
        self.files += 1;
        self.games = 0;
    }

    /// A board of the next game, as the replay that checks it plays its moves.
    pub fn step(&mut self, step: Step) {
        self.view
            .get_or_insert_with(GameBuilder::default)
            .step(&mut self.boards, step);
    }

    /// A game of the current file, its text indexed by `lines`; its boards are the steps that
    /// came since the last game (none: it has no boards, as a record that cannot be set up).
    pub fn game(&mut self, lines: &LineIndex<'_>, game: &GameReport) {
        self.report
            .push_str(&script_safe(&self.writer.game(lines, game)));
        let view = self.view.take().map(GameBuilder::finish);
        if self.games > 0 {
            self.views.push(',');
        }
        self.games += 1;
        let json = serde_json::to_string(&view).expect("a view serializes");
        self.views.push_str(&script_safe(&json));
    }

    pub fn end_file(&mut self) {
        self.report.push_str(&script_safe(&self.writer.end_file()));
        self.views.push(']');
    }

    /// The page, in pieces handed to `out` in order: the check's counts (`summary`) and the
    /// paths that could not be read close it.
    pub fn finish(self, summary: &Summary, io_problems: &[IoProblem], out: &mut dyn FnMut(&str)) {
        self.finish_with_table(summary, io_problems, None, out);
    }

    /// [`Page::finish`], with `check --infer-rulings`'s table when given: a section after the
    /// games (drawn here, needing no script) and `rulings_table` in the page's report.
    pub fn finish_with_table(
        mut self,
        summary: &Summary,
        io_problems: &[IoProblem],
        table: Option<&[Part]>,
        out: &mut dyn FnMut(&str),
    ) {
        let close = self.writer.finish_with_table(summary, io_problems, table);
        self.report.push_str(&script_safe(&close));
        self.views.push(']');
        let layouts = serde_json::to_string(&self.boards.layouts).expect("layouts serialize");
        let line = escape_html(&super::escape_controls(&human_summary(summary)));
        let script = format!("\n{SCRIPT}");
        let style = format!("\n{CSS}");
        let mut head =
            String::from("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        head.push_str(&csp::meta(&[ERROR_TRAP, &script], &[&style], false));
        head.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        head.push_str(&format!("<title>bao-oracle check: {line}</title>\n"));
        head.push_str(&format!("<script>{ERROR_TRAP}</script>\n"));
        head.push_str(&format!("<style>{style}</style>\n</head>\n<body>\n"));
        head.push_str(&format!(
            "<header><h1>bao-oracle check</h1><p id=\"summary\">{line}</p></header>\n"
        ));
        head.push_str(
            "<noscript><p>The list of games and the boards need JavaScript.</p></noscript>\n\
             <main><div id=\"files\"></div><aside id=\"viewer\" aria-live=\"polite\"></aside></main>\n",
        );
        if let Some(parts) = table.filter(|parts| !parts.is_empty()) {
            head.push_str(&rulings_section(parts));
        }
        head.push_str("<script type=\"application/json\" id=\"report-data\">{\"report\":");
        out(&head);
        out(&std::mem::take(&mut self.report));
        out(",\"layouts\":");
        out(&script_safe(&layouts));
        out(",\"views\":");
        out(&std::mem::take(&mut self.views));
        out("}</script>\n");
        out(&format!("<script>{script}</script>\n</body>\n</html>\n"));
    }
}

/// The table of which games decide which ruling: per ruleset, a row per ruling with the values
/// games rule out (each game with the move and rule that do) and the games silent on it. Every
/// text from a path or the command line is escaped.
fn rulings_section(parts: &[Part]) -> String {
    let e = |text: &str| escape_html(&super::escape_controls(text));
    let short = |part: &Part, game: &GameRef| {
        let name = game.to_string();
        e(name.strip_prefix(&part.folder).unwrap_or(&name))
    };
    let mut html = String::from(
        "<section id=\"rulings-table\" aria-labelledby=\"rulings-title\">\n\
         <h2 id=\"rulings-title\">Which games decide which ruling</h2>\n",
    );
    for part in parts {
        let folder = if part.folder.is_empty() {
            String::new()
        } else {
            format!(" in <code>{}</code>", e(&part.folder))
        };
        html.push_str(&format!(
            "<table class=\"rulings\" data-ruleset=\"{ruleset}\">\n<caption>{} game(s) of \
             {ruleset}{folder} valid under some rulings</caption>\n<thead><tr><th scope=\"col\">\
             ruling</th><th scope=\"col\">default</th><th scope=\"col\">ruled out</th>\
             <th scope=\"col\">silent</th></tr></thead>\n<tbody>\n",
            part.games,
            ruleset = e(part.ruleset.name()),
        ));
        for ruling in &part.rulings {
            let ruled: Vec<String> = ruling
                .ruled_out
                .iter()
                .map(|(value, by)| {
                    let by: Vec<String> = by
                        .iter()
                        .map(|d| {
                            let at = match &d.at {
                                Some(at) => {
                                    let place = match (at.number, at.ply) {
                                        (Some(m), _) => format!("{m}: "),
                                        (None, Some(ply)) => format!("ply {ply}: "),
                                        (None, None) => String::new(),
                                    };
                                    let rule = at.rule.map_or(String::new(), |r| format!(" {r}"));
                                    e(&format!("{place}{}{rule}", at.code))
                                }
                                None => "no single ply".to_string(),
                            };
                            format!("{} ({at})", short(part, &d.game))
                        })
                        .collect();
                    format!("<li><code>{}</code> by {}</li>", e(value), by.join(", "))
                })
                .collect();
            let (ruled, silent) = if ruled.is_empty() {
                ("no game rules a value out".to_string(), String::new())
            } else {
                let silent: Vec<String> = ruling.silent.iter().map(|g| short(part, g)).collect();
                (format!("<ul>{}</ul>", ruled.concat()), silent.join(", "))
            };
            html.push_str(&format!(
                "<tr data-ruling=\"{name}\"><th scope=\"row\"><code>{name}</code></th>\
                 <td><code>{}</code></td><td>{ruled}</td><td>{silent}</td></tr>\n",
                e(ruling.default),
                name = e(ruling.name),
            ));
        }
        html.push_str("</tbody>\n</table>\n");
        if !part.apart.is_empty() {
            let apart: Vec<String> = part
                .apart
                .iter()
                .map(|(game, why)| format!("<li>{} ({})</li>", short(part, game), e(why)))
                .collect();
            html.push_str(&format!(
                "<p>Not counted:</p><ul class=\"not-counted\">{}</ul>\n",
                apart.concat()
            ));
        }
    }
    html.push_str("</section>\n");
    html
}

/// The page of `files` as checked under `options` (their records read again from their text and
/// replayed for their boards), with `io_problems` the paths that could not be read: for tests
/// and callers with reports at hand; `check` builds its page game by game.
pub fn render(files: &[FileReport], options: &ReplayOptions, io_problems: &[IoProblem]) -> String {
    let mut page = Page::new();
    for file in files {
        page.file(&file.path);
        let lines = LineIndex::new(&file.text);
        let records: HashMap<usize, Record> = timeline::records(&file.text)
            .filter_map(|(i, r)| r.map(|r| (i, r)))
            .collect();
        for game in &file.games {
            if let Some(record) = records.get(&game.index) {
                timeline::replay_plies(record, options, &mut |step| page.step(step));
            }
            page.game(&lines, game);
        }
        page.end_file();
    }
    let mut out = String::new();
    page.finish(
        &Summary::of(files, io_problems.len()),
        io_problems,
        &mut |piece| out.push_str(piece),
    );
    out
}

/// `N passed, M failed`, as the human report closes, after the count of files.
fn human_summary(summary: &Summary) -> String {
    format!(
        "{} file(s), {}",
        summary.files,
        super::summary_line(summary)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_text;
    use crate::check::replay::ReplayOptions;
    use crate::check::timeline::timelines;
    use crate::rewrite::random_game::{ToRecord, random_game};
    use bao_rules::game::Game;

    fn page(text: &str) -> String {
        let options = ReplayOptions::default();
        let file = FileReport {
            path: "t.yaml".into(),
            text: text.into(),
            games: check_text(text, &options),
        };
        render(&[file], &options, &[])
    }

    fn data(page: &str) -> serde_json::Value {
        let start = page.find("id=\"report-data\">").unwrap() + "id=\"report-data\">".len();
        let end = start + page[start..].find("</script>").unwrap();
        serde_json::from_str(&page[start..end]).unwrap()
    }

    #[test]
    fn record_text_cannot_break_out_of_the_data() {
        let text = "ruleset: bao-kingulu\nsource: \"</script><!-- <b>&\"\nmoves: [A3, \"</script><script>alert(1)</script>\"]\n";
        let html = page(text);
        // The page's own three scripts close, and nothing else does.
        assert_eq!(html.matches("</script>").count(), 3);
        assert!(!html.contains("<!--"));
        let embedded = data(&html);
        let error = &embedded["report"]["files"][0]["games"][0]["errors"][0];
        assert_eq!(error["move"], "</script><script>alert(1)</script>");
        assert_eq!(
            embedded["views"][0][0]["moves"],
            "A3 </script><script>alert(1)</script>"
        );
        // Moves without spaces are joined.
        let joined = page("ruleset: bao-kingulu\nsource: t\nmoves: [A3, a3]\n");
        assert_eq!(data(&joined)["views"][0][0]["moves"], "A3 a3");
    }

    /// Decodes the `d` sections of a view's plies as the page's script does.
    fn counts_along(view: &serde_json::Value, layouts: &serde_json::Value) -> Vec<Vec<usize>> {
        let number = |body: &[u8], i: &mut usize| -> usize {
            let c = body[*i];
            *i += 1;
            if c == b'~' {
                let end = *i + body[*i..].iter().position(|&b| b == b'.').unwrap();
                let n = std::str::from_utf8(&body[*i..end])
                    .unwrap()
                    .parse()
                    .unwrap();
                *i = end + 1;
                n
            } else {
                DIGITS.iter().position(|&d| d == c).unwrap()
            }
        };
        let mut counts = Vec::new();
        let mut out = Vec::new();
        for ply in view["plies"].as_str().unwrap().split(' ') {
            for section in ply[1..].split('|') {
                if let Some(k) = section.strip_prefix('L') {
                    let slots = &layouts[k.parse::<usize>().unwrap()]["slots"];
                    counts = vec![0; slots.as_u64().unwrap() as usize];
                }
                if let Some(body) = section.strip_prefix('d') {
                    let body = body.as_bytes();
                    let mut i = 0;
                    while i < body.len() {
                        let slot = number(body, &mut i);
                        counts[slot] = number(body, &mut i);
                    }
                }
            }
            out.push(counts.clone());
        }
        out
    }

    fn random_record<G: Game>() -> String {
        let rulings = G::rulings(&bao_rules::rulings::RulingSet::new()).unwrap();
        let game = random_game::<G>(&G::start(), &rulings, 7, 60);
        game.to_record("t", false, None, &[])
    }

    #[test]
    fn compact_plies_decode_to_the_timeline_boards() {
        for ruleset in bao_rules::Ruleset::ALL {
            let text = bao_rules::with_game!(ruleset, G => random_record::<G>());
            let page = page(&text);
            let data = data(&page);
            let decoded = counts_along(&data["views"][0][0], &data["layouts"]);
            let (_, timeline) = timelines(&text, &ReplayOptions::default()).next().unwrap();
            let timeline = timeline.unwrap();
            let boards =
                std::iter::once(&timeline.start).chain(timeline.plies.iter().map(|p| &p.board));
            let expected: Vec<Vec<usize>> = boards
                .map(|b| {
                    b.holes()
                        .map(|h| h.count as usize)
                        .chain(b.stores.iter().map(|s| s.count as usize))
                        .collect()
                })
                .collect();
            assert_eq!(decoded, expected, "{ruleset}");
        }
    }

    /// Counts past the digits, and a board whose shape changes (a store more): the counts start
    /// again under the new layout.
    #[test]
    fn large_counts_and_a_new_layout_decode() {
        use crate::picture::{Hole, Row, Store};
        let board = |counts: [u32; 2], stores: &[u32]| Board {
            ruleset: "test",
            house: "house",
            rows: vec![Row {
                label: "A",
                side: Side::South,
                holes: vec![
                    Hole {
                        index: 7,
                        name: "A1",
                        count: counts[0],
                        marks: vec![Mark::House],
                    },
                    Hole {
                        index: 3,
                        name: "A2",
                        count: counts[1],
                        marks: Vec::new(),
                    },
                ],
            }],
            stores: stores
                .iter()
                .map(|&count| Store {
                    side: Side::North,
                    label: "reserve",
                    count,
                })
                .collect(),
            to_move: Side::South,
            notes: Vec::new(),
        };
        let boards = [
            board([3, 70], &[100]),
            board([0, 73], &[100]),
            board([1, 2], &[5, 64]),
        ];
        let mut views = Views::default();
        let mut game = GameBuilder::default();
        game.step(
            &mut views,
            Step::Start {
                ruleset: bao_rules::Ruleset::Kingulu,
                board: boards[0].clone(),
            },
        );
        for (k, b) in boards[1..].iter().enumerate() {
            game.step(
                &mut views,
                Step::Ply(crate::check::timeline::Ply {
                    text: format!("m{k}"),
                    board: b.clone(),
                    from: Some(7),
                    captured: vec![3],
                }),
            );
        }
        let view = serde_json::to_value(game.finish()).unwrap();
        let layouts = serde_json::to_value(&views.layouts).unwrap();
        assert_eq!(layouts.as_array().unwrap().len(), 2);
        assert_eq!(
            counts_along(&view, &layouts),
            [vec![3, 70, 100], vec![0, 73, 100], vec![1, 2, 5, 64]]
        );
        // The second board: from slot 0, captured slot 1, two counts changed.
        assert_eq!(
            view["plies"].as_str().unwrap().split(' ').nth(1),
            Some("S|f0|x1|d001~73.")
        );
        assert_eq!(view["moves"], "m0 m1");
    }

    #[test]
    fn large_numbers_are_escaped() {
        let mut out = String::new();
        push_number(&mut out, 5);
        push_number(&mut out, 61);
        push_number(&mut out, 64);
        assert_eq!(out, "5Z~64.");
    }
}
