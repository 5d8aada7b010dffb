//! `explain --format html`: an explanation as one self-contained page, without script. The
//! setting, then the board before the move, each step in words with its rule and, where the
//! explanation shows the board after it, that board, then the board after the move (or why it is
//! refused, with the legal moves); the plain-text explanation closes the page (with the rules
//! cited). Boards are [`crate::render::svg`] pictures in `<img>` elements (data URLs), so that
//! each keeps its own styles and ids.

use crate::explain::{Comparison, Departure, Explanation, Verdict};
use crate::picture::{Highlights, named_hole};
use crate::render::svg;
use bao_rules::game::Event;

use crate::render::csp::{self, base64};
use crate::render::markup::escape as escape_html;

const CSS: &str = "body{margin:0 auto;max-width:980px;padding:16px 20px;\
font:15px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;color:#1d1d1b;background:#faf9f5}\
h1{font-size:21px;margin:0 0 6px}h2{font-size:18px;margin:22px 0 6px}\
code,pre{font-family:ui-monospace,Menlo,monospace}.rule{font-family:ui-monospace,monospace;\
background:#efe6d2;padding:0 4px;border-radius:3px}figure{margin:8px 0 14px}\
figure img{max-width:100%;height:auto;background:#fff;border:1px solid #d6d2c4;border-radius:6px}\
figcaption{color:#555;font-size:14px}ol.steps>li{margin:4px 0}.refused{border-left:3px solid \
#b3261e;background:#fdf3f2;padding:6px 10px}.legal code{display:inline-block;margin:1px 3px;\
padding:0 4px;background:#eef3fb;border-radius:3px}pre{background:#fff;border:1px solid #d6d2c4;\
padding:10px;overflow:auto;font-size:13px}.side{display:inline-block;vertical-align:top;\
margin-right:24px;max-width:460px}li.departs{background:#fbf6e2;border-left:3px solid #8a6d00;\
padding:2px 6px}";

/// The page of one explanation.
pub fn render(e: &Explanation) -> String {
    let mut body = String::new();
    body.push_str(&format!("<h1>{}</h1>\n", escape_html(&title(e))));
    section(&mut body, e, "h2", None);
    page(&title(e), &body, &e.render())
}

/// The page of a move explained under two values of a ruling: each explanation in turn.
pub fn render_comparison(c: &Comparison) -> String {
    let title = format!("{}, compared under {}", title(&c.base), c.name);
    let mut body = format!("<h1>{}</h1>\n", escape_html(&title));
    for (which, e) in [&c.base, &c.other].into_iter().enumerate() {
        let default = if c.values[which] == c.default {
            " (the default)"
        } else {
            ""
        };
        body.push_str(&format!(
            "<h2>With {}={}{default}</h2>\n",
            escape_html(&c.name),
            escape_html(&c.values[which])
        ));
        let departs = match c.departure() {
            Departure::Step(i) => Some(i),
            _ => None,
        };
        section(&mut body, e, "h3", departs);
    }
    page(&title, &body, &c.render())
}

fn title(e: &Explanation) -> String {
    let place = e
        .place
        .as_ref()
        .map(|p| format!(" ({p})"))
        .unwrap_or_default();
    format!("{}: {}, {} to move{place}", e.ruleset, e.text, e.mover)
}

/// The holes a step of a move is about, as highlights: the hole the move started from
/// (`origin`: "moved from" is the move's, never the step's), the lap the step sows and the hole
/// it captures from, if any.
fn step_marks(event: &Event, origin: Option<u8>) -> Highlights {
    let (lap, captured) = match *event {
        Event::Lap { from, to, .. }
        | Event::Step { from, to, .. }
        | Event::Transfer { from, to, .. } => (Some((from, to)), None),
        Event::Capture { hole, .. } => (None, Some(hole)),
        Event::Relay { .. }
        | Event::Stop { .. }
        | Event::Enter { .. }
        | Event::Reserve { .. }
        | Event::Note { .. }
        | Event::GameOver { .. } => (None, None),
    };
    Highlights {
        from: origin,
        laps: lap.into_iter().collect(),
        captured: captured.into_iter().collect(),
        ..Highlights::default()
    }
}

/// The setting, the boards and the steps of one explanation; `departs`: the step (0-based) where
/// its trace departs from the other ruling's, marked in the list and drawn on its own.
fn section(out: &mut String, e: &Explanation, heading: &str, departs: Option<usize>) {
    let rulings: Vec<String> = e
        .rulings
        .iter()
        .map(|r| {
            let default = if r.default { " (default)" } else { "" };
            format!("<code>{}</code>{default}", escape_html(&r.assignment()))
        })
        .collect();
    if !rulings.is_empty() {
        out.push_str(&format!("<p>Rulings: {}.</p>\n", rulings.join(", ")));
    }
    let p = &e.pictures;
    let started = Highlights::of_move(&p.events);
    // A refused move has no events: its own hole is the one its text names.
    let refused = matches!(e.verdict, Verdict::Refused { .. });
    let from = if refused {
        named_hole(&p.before, &e.text)
    } else {
        started.from
    };
    let before = Highlights {
        from,
        legal: p.legal.clone(),
        ..Highlights::default()
    };
    let marked = match (refused, from) {
        (true, Some(hole)) => p
            .before
            .holes()
            .find(|h| h.index == hole)
            .map(|h| format!("; ringed: {}, the refused move's hole", h.name))
            .unwrap_or_default(),
        _ => String::new(),
    };
    figure(
        out,
        &format!("The board before {}, {} to move{marked}", e.text, e.mover),
        &svg::render(&p.before, &before),
    );
    match &e.verdict {
        Verdict::Played {
            canonical,
            steps,
            false_claims,
            under,
            end,
            ..
        } => {
            out.push_str(&format!(
                "<{heading}>{} played: {} step(s)</{heading}>\n",
                escape_html(canonical),
                steps.len()
            ));
            if let Some((rule, sentence)) = under {
                out.push_str(&format!(
                    "<p class=\"under\"><span class=\"rule\">{}</span> {}</p>\n",
                    escape_html(rule),
                    escape_html(sentence)
                ));
            }
            out.push_str("<ol class=\"steps\">\n");
            for (i, step) in steps.iter().enumerate() {
                let here = departs == Some(i);
                out.push_str(&format!(
                    "<li{}><span class=\"rule\">{}</span> {}",
                    if here { " class=\"departs\"" } else { "" },
                    escape_html(step.rule),
                    escape_html(&step.text)
                ));
                if here {
                    out.push_str(" <strong>← the traces depart here</strong>");
                }
                if let Some(Some(board)) = p.during.get(i) {
                    // Step `i` is event `i`: the move's highlights so far.
                    let marks = Highlights::of_move(p.events.get(..=i).unwrap_or(&p.events));
                    figure(
                        out,
                        &format!("After step {}", i + 1),
                        &svg::render(board, &marks),
                    );
                }
                // The step where the traces depart, drawn alone on the board it leads to.
                if let (true, Some(event)) = (here, p.events.get(i)) {
                    let board = p.during.get(i).and_then(Option::as_ref);
                    let (board, on) = match (board, &p.after) {
                        (Some(b), _) => (b, format!("the board after step {}", i + 1)),
                        (None, Some(after)) => (after, "the board after the move".to_string()),
                        (None, None) => (&p.before, "the board before the move".to_string()),
                    };
                    figure(
                        out,
                        &format!("Where the traces depart: step {}, marked on {on}", i + 1),
                        &svg::render(board, &step_marks(event, started.from)),
                    );
                }
                out.push_str("</li>\n");
            }
            out.push_str("</ol>\n");
            for (rule, message) in false_claims {
                out.push_str(&format!(
                    "<p class=\"refused\">False claim (<span class=\"rule\">{}</span>): {}</p>\n",
                    escape_html(rule),
                    escape_html(message)
                ));
            }
            if let Some(after) = &p.after {
                let over = end
                    .map(|e| format!("; game over: {} ({})", e.outcome, e.rule))
                    .unwrap_or_default();
                figure(
                    out,
                    &format!("The board after {canonical}{over}"),
                    &svg::render(after, &started),
                );
            }
        }
        Verdict::Refused {
            code,
            rule,
            reason,
            candidates,
            legal,
        } => {
            let rule = rule
                .map(|r| format!(" <span class=\"rule\">{}</span>", escape_html(r)))
                .unwrap_or_default();
            out.push_str(&format!(
                "<p class=\"refused\"><code>{}</code>{rule}: {} is refused: {}</p>\n",
                escape_html(code),
                escape_html(&e.text),
                escape_html(reason)
            ));
            if !candidates.is_empty() {
                out.push_str(&format!(
                    "<p class=\"legal\">It fits {}.</p>\n",
                    codes(candidates)
                ));
            }
            out.push_str(&format!(
                "<p class=\"legal\">Legal moves: {}</p>\n",
                if legal.is_empty() {
                    "none".to_string()
                } else {
                    codes(legal)
                }
            ));
        }
    }
}

fn codes(moves: &[String]) -> String {
    moves
        .iter()
        .map(|m| format!("<code>{}</code>", escape_html(m)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A board as an image with its caption; the SVG's own title and description say the board in
/// words for those who do not see it, and the caption is the image's text.
fn figure(out: &mut String, caption: &str, svg: &str) {
    let caption = escape_html(caption);
    out.push_str(&format!(
        "<figure><img alt=\"{caption}\" src=\"data:image/svg+xml;base64,{}\"><figcaption>{caption}\
         </figcaption></figure>\n",
        base64(svg.as_bytes())
    ));
}

fn page(title: &str, body: &str, text: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n{}<meta \
         name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n\
         <style>{CSS}</style>\n</head>\n<body>\n{body}<h2>The explanation as text</h2>\n<pre>{}\
         </pre>\n</body>\n</html>\n",
        csp::meta(&[], &[CSS], true),
        escape_html(title),
        escape_html(&crate::render::escape_controls(text))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::explain;

    #[test]
    fn a_capture_is_drawn_after_its_step() {
        use bao_rules::game::Game;
        use bao_rules::games::Zanzibar;
        use bao_rules::rulings::RulingSet;
        // ZAN-13.3: a capture, then the house played (tests/it/explain.rs).
        let position = Zanzibar::parse_position(
            "2,1,1,1,1,1,1,1/1,0,0,11,0,0,4,1/1,1,0,1,9,0,1,1/1,4,2,0,1,0,1,0 7,8 Hh - N",
        )
        .unwrap();
        let e = explain::<Zanzibar>(&position, &RulingSet::new(), "a5<+x").unwrap();
        let during = e.pictures.during.iter().filter(|b| b.is_some()).count();
        assert!(during > 0, "a board during the move");
        let page = render(&e);
        // Before, each board during the move, after.
        assert_eq!(page.matches("<figure>").count(), 2 + during);
        assert_eq!(page.matches("<li>").count(), e.steps().unwrap().len());
        assert!(page.contains("<span class=\"rule\">ZAN-"));
        assert!(!page.contains("<script"));
    }
}
