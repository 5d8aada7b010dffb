//! Boards as SVG: plain SVG 1.1, one self-contained document, no scripts, no external references.
//!
//! Every hole is a shape with its count as text (and its seeds as dots up to [`MAX_DOTS`]); every
//! mark and highlight is a shape *and* a word, so nothing is said by colour alone; hole names are
//! on the margins (row letters at the left, numbers above and below) and in each hole's `<title>`.
//! The output is a function of its input only (snapshots pin it).

use std::fmt::Write as _;

pub use crate::picture::Highlights;
use crate::picture::{Board, Hole, Mark, Row, Store};
use crate::render::markup::escape;
use bao_rules::game::Side;

/// Seeds drawn as dots up to this count; above it the number alone is legible.
pub const MAX_DOTS: u32 = 12;

/// Hole pitch, across and down; the hole's radius.
const CELL_W: i32 = 80;
const CELL_H: i32 = 100;
const RADIUS: i32 = 32;
/// Margins: the row letters at the left; the right edge.
const LEFT: i32 = 44;
const RIGHT: i32 = 16;
/// A line of the heading, and the space under it; a side's band (store and side to move); a line
/// of column numbers.
const HEADING_LINE: i32 = 20;
const HEADING_GAP: i32 = 14;
/// Roughly the width of a character of the heading.
const HEADING_CHAR_W: i32 = 9;
const BAND: i32 = 36;
const NUMBERS: i32 = 20;
/// Between North's rows and South's.
const GAP: i32 = 12;
const LINE: i32 = 16;
/// Roughly the width of a character of the 12px text, for wrapping the notes.
const CHAR_W: i32 = 7;

const STYLE: &str = "text{font-family:sans-serif;fill:#222}\
.heading{font-size:16px;font-weight:bold}.label{font-size:13px;font-weight:bold}\
.number{font-size:11px;fill:#555}.count{font-size:17px;font-weight:bold}\
.tag{font-size:9.5px}.note{font-size:12px}\
.hole-shape{fill:#e9d3a8;stroke:#7a5a2b;stroke-width:1.5}.seed{fill:#5b3a1a}\
.store-box{fill:#f4ead6;stroke:#7a5a2b}.from{fill:none;stroke:#1f5fbf;stroke-width:4}\
.reserved{fill:none;stroke:#6b2f8f;stroke-width:2.5;stroke-dasharray:6 3}\
.takasia{fill:none;stroke:#b35c00;stroke-width:2.5;stroke-dasharray:2 3}\
.captured{stroke:#c0262d;stroke-width:3}.legal{fill:#2e8b3e}.mover{fill:#1f5fbf}\
.lap{fill:none;stroke:#1f5fbf;stroke-width:2;opacity:0.8}.lap-number{font-size:11px;fill:#1f5fbf}";
/// The style of the `differs` marks, only in a picture that has them (every other picture stays
/// as it was).
const DIFFERS_STYLE: &str =
    ".differs{fill:none;stroke:#c0262d;stroke-width:3;stroke-dasharray:8 4}";

/// `board` as one SVG document, with `marks` highlighted.
pub fn render(board: &Board, marks: &Highlights) -> String {
    let title = title_of(board, marks);
    let picture = Picture::new(board, marks, &title);
    let mut out = open_document(
        picture.width,
        picture.height,
        &title,
        &describe(board, marks),
        differs(marks),
    );
    picture.draw(&mut out, marks);
    out.push_str("</svg>\n");
    out
}

/// Several boards of one game in one SVG document, one under the other, each under its caption
/// (`explain --format svg`: the board before a move, after each capture, at the end).
pub fn render_stack(title: &str, panels: &[(String, Board, Highlights)]) -> String {
    let captions: Vec<String> = panels
        .iter()
        .zip(1..)
        .map(|((caption, _, _), n)| format!("{n}. {caption}"))
        .collect();
    let pictures: Vec<Picture> = panels
        .iter()
        .zip(&captions)
        .map(|((_, b, m), caption)| Picture::new(b, m, caption))
        .collect();
    let width = pictures
        .iter()
        .map(|p| p.width)
        .max()
        .unwrap_or(LEFT + RIGHT);
    let height: i32 = pictures.iter().map(|p| p.height).sum();
    let desc: Vec<String> = panels
        .iter()
        .zip(&captions)
        .map(|((_, board, marks), caption)| format!("{caption}: {}", describe(board, marks)))
        .collect();
    let marked = panels.iter().any(|(_, _, m)| differs(m));
    let mut out = open_document(
        width,
        height.max(HEADING_LINE),
        title,
        &desc.join("\n"),
        marked,
    );
    let mut y = 0;
    for (((_, _, marks), picture), caption) in panels.iter().zip(&pictures).zip(&captions) {
        let _ = writeln!(out, "<g class=\"panel\" transform=\"translate(0,{y})\">");
        let _ = writeln!(out, "<title>{}</title>", escape(caption));
        picture.draw(&mut out, marks);
        out.push_str("</g>\n");
        y += picture.height;
    }
    out.push_str("</svg>\n");
    out
}

/// Whether `marks` mark where two answers differ.
fn differs(marks: &Highlights) -> bool {
    !marks.differs.is_empty() || !marks.differing_stores.is_empty()
}

/// The root element, its title and description, and what every board of it shares.
fn open_document(width: i32, height: i32, title: &str, desc: &str, differs: bool) -> String {
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width}\" \
         height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(out, "<desc>{}</desc>", escape(desc));
    let _ = writeln!(out, "<defs>");
    let extra = if differs { DIFFERS_STYLE } else { "" };
    let _ = writeln!(out, "<style type=\"text/css\">{STYLE}{extra}</style>");
    let _ = writeln!(
        out,
        "<marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" \
         markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#1f5fbf\"/>\
         </marker>"
    );
    let _ = writeln!(out, "</defs>");
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#fffdf8\"/>"
    );
    out
}

fn title_of(board: &Board, marks: &Highlights) -> String {
    if marks.title.is_empty() {
        format!("{}, {} to move", board.ruleset, board.to_move)
    } else {
        marks.title.clone()
    }
}

/// The board in words: every row's counts, the stores, the side to move, the notes and the
/// highlights (the `<desc>`, for whoever cannot see the picture).
fn describe(board: &Board, marks: &Highlights) -> String {
    let mut parts: Vec<String> = board
        .rows
        .iter()
        .map(|row| {
            let holes: Vec<String> = row
                .holes
                .iter()
                .map(|h| {
                    let mut s = format!("{} {}", h.name, h.count);
                    for mark in &h.marks {
                        let _ = write!(s, " ({})", board.mark_word(*mark));
                    }
                    s
                })
                .collect();
            format!("row {} ({}): {}", row.label, row.side, holes.join(", "))
        })
        .collect();
    parts.extend(board.stores.iter().map(store_text));
    parts.push(format!("{} to move", board.to_move));
    parts.extend(board.notes.iter().cloned());
    parts.extend(highlight_lines(board, marks));
    parts.join("; ")
}

fn store_text(store: &Store) -> String {
    format!("{} {} {}", store.side, store.label, store.count)
}

/// The highlights in words, as the picture's last lines say them.
fn highlight_lines(board: &Board, marks: &Highlights) -> Vec<String> {
    let name = |index: u8| {
        board
            .holes()
            .find(|h| h.index == index)
            .map_or("?", |h| h.name)
    };
    let names = |holes: &[u8]| holes.iter().map(|&h| name(h)).collect::<Vec<_>>().join(" ");
    let mut lines = Vec::new();
    if let Some(from) = marks.from {
        lines.push(format!("moved from {}", name(from)));
    }
    if !marks.captured.is_empty() {
        lines.push(format!("captured from {}", names(&marks.captured)));
    }
    if !marks.legal.is_empty() {
        lines.push(format!("legal moves from {}", names(&marks.legal)));
    }
    if !marks.differs.is_empty() {
        lines.push(format!("the answers differ at {}", names(&marks.differs)));
    }
    for side in &marks.differing_stores {
        lines.push(format!("the answers differ in {side}'s store"));
    }
    if !marks.laps.is_empty() {
        let laps: Vec<String> = marks
            .laps
            .iter()
            .zip(1..)
            .map(|(&(from, to), n)| format!("{n} {}\u{2192}{}", name(from), name(to)))
            .collect();
        lines.push(format!("laps: {}", laps.join(", ")));
    }
    lines
}

/// One board laid out: where every row and band goes.
struct Picture<'a> {
    board: &'a Board,
    width: i32,
    height: i32,
    /// The top of each row.
    row_tops: Vec<i32>,
    /// The heading, wrapped to the width.
    heading: Vec<String>,
    /// The top of the North band, under the heading.
    top: i32,
    /// The top of the lower column numbers.
    bottom: i32,
    /// The note lines, wrapped to the width.
    notes: Vec<String>,
    /// The sides whose store the highlights mark as differing.
    differing_stores: Vec<Side>,
}

impl<'a> Picture<'a> {
    fn new(board: &'a Board, marks: &Highlights, heading: &str) -> Picture<'a> {
        let columns = board.rows.iter().map(|r| r.holes.len()).max().unwrap_or(0) as i32;
        let width = LEFT + columns.max(4) * CELL_W + RIGHT;
        let heading = wrap(heading, ((width - LEFT - RIGHT) / HEADING_CHAR_W) as usize);
        let top = HEADING_LINE * heading.len() as i32 + HEADING_GAP;
        let mut y = top + BAND + NUMBERS;
        let mut row_tops = Vec::with_capacity(board.rows.len());
        for (i, row) in board.rows.iter().enumerate() {
            if i > 0 && board.rows[i - 1].side != row.side {
                y += GAP;
            }
            row_tops.push(y);
            y += CELL_H;
        }
        let bottom = y;
        let budget = ((width - 2 * LEFT) / CHAR_W).max(20) as usize;
        let notes: Vec<String> = board
            .notes
            .iter()
            .cloned()
            .chain(highlight_lines(board, marks))
            .flat_map(|line| wrap(&line, budget))
            .collect();
        Picture {
            board,
            width,
            height: bottom + NUMBERS + BAND + 8 + LINE * notes.len() as i32 + 8,
            heading,
            top,
            row_tops,
            bottom,
            notes,
            differing_stores: marks.differing_stores.clone(),
        }
    }

    fn draw(&self, out: &mut String, marks: &Highlights) {
        for (line, n) in self.heading.iter().zip(1..) {
            let _ = writeln!(
                out,
                "<text class=\"heading\" x=\"{}\" y=\"{}\">{}</text>",
                LEFT / 2,
                n * HEADING_LINE,
                escape(line)
            );
        }
        self.band(out, Side::North, self.top);
        self.numbers(out, self.board.rows.first(), self.top + BAND + NUMBERS - 6);
        for (row, &top) in self.board.rows.iter().zip(&self.row_tops) {
            let _ = writeln!(
                out,
                "<text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                LEFT / 2,
                top + CELL_H / 2 - 4,
                escape(row.label)
            );
            for (column, hole) in row.holes.iter().enumerate() {
                self.hole(out, hole, column as i32, top, marks);
            }
        }
        self.numbers(out, self.board.rows.last(), self.bottom + 14);
        self.band(out, Side::South, self.bottom + NUMBERS);
        self.laps(out, marks);
        let mut y = self.bottom + NUMBERS + BAND + 8;
        for line in &self.notes {
            y += LINE;
            let _ = writeln!(
                out,
                "<text class=\"note\" x=\"{LEFT}\" y=\"{}\">{}</text>",
                y - 4,
                escape(line)
            );
        }
    }

    /// The hole numbers of `row` above or below the board (`a6 .. a1` gives `6 .. 1`).
    fn numbers(&self, out: &mut String, row: Option<&Row>, y: i32) {
        let Some(row) = row else { return };
        for (column, hole) in row.holes.iter().enumerate() {
            let number = hole
                .name
                .trim_start_matches(|c: char| c.is_ascii_alphabetic());
            let _ = writeln!(
                out,
                "<text class=\"number\" x=\"{}\" y=\"{y}\" text-anchor=\"middle\">{}</text>",
                LEFT + column as i32 * CELL_W + CELL_W / 2,
                escape(number)
            );
        }
    }

    /// A side's band: its stores, and whether it is to move.
    fn band(&self, out: &mut String, side: Side, top: i32) {
        let mut x = LEFT;
        for store in self.board.stores.iter().filter(|s| s.side == side) {
            let mut text = store_text(store);
            let class = match self.differing_stores.contains(&side) {
                true => {
                    text.push_str(" · differs");
                    "store-box differs"
                }
                false => "store-box",
            };
            let w = text.len() as i32 * CHAR_W + 16;
            let _ = writeln!(
                out,
                "<g class=\"store\"><rect class=\"{class}\" x=\"{x}\" y=\"{}\" width=\"{w}\" \
                 height=\"24\" rx=\"6\"/><text class=\"note\" x=\"{}\" y=\"{}\">{}</text></g>",
                top + 4,
                x + 8,
                top + 21,
                escape(&text)
            );
            x += w + 12;
        }
        if self.board.to_move == side {
            // A triangle pointing at the mover's rows, and the words.
            let right = self.width - RIGHT;
            let (tip, base) = match side {
                Side::North => (top + 6, top + 24),
                Side::South => (top + 24, top + 6),
            };
            let text = format!("{side} to move");
            let tx = right - 24 - text.len() as i32 * CHAR_W;
            let _ = writeln!(
                out,
                "<g class=\"to-move\"><path class=\"mover\" d=\"M{},{base} L{},{base} L{},{tip} z\"/>\
                 <text class=\"label\" x=\"{tx}\" y=\"{}\">{}</text></g>",
                right - 18,
                right,
                right - 9,
                top + 20,
                escape(&text)
            );
        }
    }

    fn centre(&self, index: u8) -> Option<(i32, i32)> {
        self.board
            .rows
            .iter()
            .zip(&self.row_tops)
            .find_map(|(row, &top)| {
                let column = row.holes.iter().position(|h| h.index == index)?;
                Some(centre(column as i32, top))
            })
    }

    fn hole(&self, out: &mut String, hole: &Hole, column: i32, top: i32, marks: &Highlights) {
        let (cx, cy) = centre(column, top);
        let from = marks.from == Some(hole.index);
        let captured = marks.captured.contains(&hole.index);
        let legal = marks.legal.contains(&hole.index);
        let differs = marks.differs.contains(&hole.index);
        let mut words: Vec<&str> = hole
            .marks
            .iter()
            .map(|&m| self.board.mark_word(m))
            .collect();
        let mut lit: Vec<&str> = Vec::new();
        if from {
            lit.push("from");
        }
        if captured {
            lit.push("captured");
        }
        if legal {
            lit.push("legal");
        }
        if differs {
            lit.push("differs");
        }
        words.extend(&lit);
        let mut title = format!("{} holds {}", hole.name, hole.count);
        if !words.is_empty() {
            let _ = write!(title, ": {}", words.join(", "));
        }
        let _ = writeln!(out, "<g class=\"hole\">");
        let _ = writeln!(out, "<title>{}</title>", escape(&title));
        // The house is the square hole; every other hole is round.
        if hole.marks.contains(&Mark::House) {
            let r = RADIUS - 2;
            let _ = writeln!(
                out,
                "<rect class=\"hole-shape\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\"/>",
                cx - r,
                cy - r,
                2 * r,
                2 * r
            );
        } else {
            let _ = writeln!(
                out,
                "<circle class=\"hole-shape\" cx=\"{cx}\" cy=\"{cy}\" r=\"{RADIUS}\"/>"
            );
        }
        for mark in &hole.marks {
            let class = match mark {
                Mark::House => continue,
                Mark::Reserved => "reserved",
                Mark::Takasia => "takasia",
            };
            let _ = writeln!(
                out,
                "<circle class=\"{class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\"/>",
                RADIUS + 4
            );
        }
        if from {
            let _ = writeln!(
                out,
                "<circle class=\"from\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\"/>",
                RADIUS + 1
            );
        }
        if differs {
            // A dashed square around the hole: the answers differ here.
            let r = RADIUS + 4;
            let _ = writeln!(
                out,
                "<rect class=\"differs\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                cx - r,
                cy - r,
                2 * r,
                2 * r
            );
        }
        if captured {
            // A cross at the hole's upper right.
            let (x, y) = (cx + RADIUS - 2, cy - RADIUS + 2);
            let _ = writeln!(
                out,
                "<path class=\"captured\" d=\"M{},{} L{},{} M{},{} L{},{}\"/>",
                x - 6,
                y - 6,
                x + 6,
                y + 6,
                x - 6,
                y + 6,
                x + 6,
                y - 6
            );
        }
        if legal {
            // A triangle at the hole's upper left: "play here".
            let (x, y) = (cx - RADIUS, cy - RADIUS);
            let _ = writeln!(
                out,
                "<path class=\"legal\" d=\"M{},{} L{},{} L{},{} z\"/>",
                x - 4,
                y - 6,
                x + 8,
                y + 1,
                x - 4,
                y + 8
            );
        }
        if hole.count <= MAX_DOTS {
            for (x, y) in dots(hole.count, cx, cy - 10) {
                let _ = writeln!(
                    out,
                    "<circle class=\"seed\" cx=\"{x}\" cy=\"{y}\" r=\"3.2\"/>"
                );
            }
        }
        let count_y = if hole.count == 0 || hole.count > MAX_DOTS {
            cy + 6
        } else {
            cy + 19
        };
        let _ = writeln!(
            out,
            "<text class=\"count\" x=\"{cx}\" y=\"{count_y}\" text-anchor=\"middle\">{}</text>",
            hole.count
        );
        let board_words: Vec<&str> = hole
            .marks
            .iter()
            .map(|&m| self.board.mark_word(m))
            .collect();
        for (line, words) in [board_words, lit].iter().enumerate() {
            if words.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                "<text class=\"tag\" x=\"{cx}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                cy + RADIUS + 13 + line as i32 * 11,
                // Apart, so that two words read as two ("from · legal", not "from legal").
                escape(&words.join(" · "))
            );
        }
        out.push_str("</g>\n");
    }

    /// Each lap an arrow from the hole it starts at to the hole it ends in, bowed so that laps
    /// between the same holes stay apart, and numbered in order.
    fn laps(&self, out: &mut String, marks: &Highlights) {
        for ((from, to), n) in marks.laps.iter().copied().zip(1..) {
            let (Some(a), Some(b)) = (self.centre(from), self.centre(to)) else {
                continue;
            };
            let bow = 14 + 6 * (n % 4);
            let (path, label) = if a == b {
                // A lap that ends where it began: a loop above the hole.
                let (x, y) = a;
                (
                    format!(
                        "M{},{} C{},{} {},{} {},{}",
                        x - 8,
                        y - 20,
                        x - 30,
                        y - 60,
                        x + 30,
                        y - 60,
                        x + 8,
                        y - 20
                    ),
                    (x, y - 50),
                )
            } else {
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len = ((dx * dx + dy * dy) as f64).sqrt();
                // Start and end at the holes' rims, not their centres.
                let shrink = |p: (i32, i32), sign: f64| {
                    let k = sign * 0.6 * RADIUS as f64 / len;
                    (
                        (p.0 as f64 + k * dx as f64).round() as i32,
                        (p.1 as f64 + k * dy as f64).round() as i32,
                    )
                };
                let (s, e) = (shrink(a, 1.0), shrink(b, -1.0));
                let (mx, my) = ((s.0 + e.0) / 2, (s.1 + e.1) / 2);
                let (nx, ny) = (
                    (-(dy as f64) / len * bow as f64).round() as i32,
                    (dx as f64 / len * bow as f64).round() as i32,
                );
                (
                    format!(
                        "M{},{} Q{},{} {},{}",
                        s.0,
                        s.1,
                        mx + 2 * nx,
                        my + 2 * ny,
                        e.0,
                        e.1
                    ),
                    (mx + nx, my + ny),
                )
            };
            let _ = writeln!(
                out,
                "<g class=\"lap\"><title>lap {n}</title><path class=\"lap\" d=\"{path}\" \
                 marker-end=\"url(#arrow)\"/><text class=\"lap-number\" x=\"{}\" y=\"{}\" \
                 text-anchor=\"middle\">{n}</text></g>",
                label.0,
                label.1 + 4
            );
        }
    }
}

fn centre(column: i32, top: i32) -> (i32, i32) {
    (LEFT + column * CELL_W + CELL_W / 2, top + RADIUS + 6)
}

/// Where `n` seeds go (n <= [`MAX_DOTS`]): rows of up to four, centred on (`cx`, `cy`).
fn dots(n: u32, cx: i32, cy: i32) -> Vec<(f64, f64)> {
    const STEP: f64 = 9.0;
    let n = n as usize;
    let rows = n.div_ceil(4);
    (0..n)
        .map(|i| {
            let (row, column) = (i / 4, i % 4);
            let in_row = (n - row * 4).min(4);
            let x = cx as f64 + (column as f64 - (in_row as f64 - 1.0) / 2.0) * STEP;
            let y = cy as f64 + (row as f64 - (rows as f64 - 1.0) / 2.0) * STEP;
            (x, y)
        })
        .collect()
}

/// `line` cut at spaces into lines of at most `budget` characters (a longer word stays whole).
fn wrap(line: &str, budget: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > budget {
            lines.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    lines.push(current);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::game::Game;
    use bao_rules::games::{Kete, Kingulu};

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("x\u{1}y"), "x\u{FFFD}y");
        let marks = Highlights {
            title: "</title><script>".to_string(),
            ..Highlights::default()
        };
        let svg = render(&Kingulu::board(&Kingulu::start()), &marks);
        assert!(svg.contains("<title>&lt;/title&gt;&lt;script&gt;</title>"));
        assert!(!svg.contains("<script"));
    }

    #[test]
    fn notes_wrap_at_spaces() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("abcdefgh ij", 4), ["abcdefgh", "ij"]);
        assert_eq!(wrap("", 4), [""]);
    }

    #[test]
    fn dots_are_centred_rows_of_four() {
        assert_eq!(dots(1, 10, 20), [(10.0, 20.0)]);
        let five = dots(5, 0, 0);
        assert_eq!(five.len(), 5);
        assert_eq!(five[0], (-13.5, -4.5));
        assert_eq!(five[4], (0.0, 4.5));
    }

    /// Every highlight is drawn as a shape and said in words, in the hole and under the board.
    #[test]
    fn highlights_are_shapes_and_words() {
        let board = Kete::board(&Kete::start());
        // The style of the `differs` marks only where they are.
        assert!(!render(&board, &Highlights::default()).contains(".differs{"));
        let marks = Highlights {
            title: String::new(),
            from: Some(5),
            captured: vec![19],
            legal: vec![6],
            laps: vec![(5, 2), (2, 2)],
            differs: vec![7],
            differing_stores: vec![Side::North],
        };
        let svg = render(&board, &marks);
        for needle in [
            "class=\"from\"",
            "class=\"captured\"",
            "class=\"legal\"",
            ">from</text>",
            ">captured</text>",
            ">legal</text>",
            "moved from A6",
            "captured from a4",
            "legal moves from A7",
            "laps: 1 A6\u{2192}A3, 2 A3\u{2192}A3",
            "marker-end=\"url(#arrow)\"",
            ">south to move</text>",
            ">north reserve 22 · differs</text>",
            "class=\"differs\"",
            "class=\"store-box differs\"",
            ">differs</text>",
            "the answers differ at A8",
            "the answers differ in north&apos;s store",
            ".differs{",
        ] {
            assert!(svg.contains(needle), "{needle} not in\n{svg}");
        }
        // Two standing kuu: square holes, named.
        assert_eq!(svg.matches("<rect class=\"hole-shape\"").count(), 2);
        assert_eq!(svg, render(&board, &marks), "the output is deterministic");
    }
}
