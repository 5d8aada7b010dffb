//! `explain`: one move, step by step, for settling a rule dispute.
//!
//! [`explain`] plays a move with a `Vec<Event>` sink and turns its events into numbered steps in
//! words, each with the rule behind it, plus the board before, after each capture and at the end.
//! The result is plain data ([`Explanation`]): rendering (`report::explain`: text and SVG; `report::html::explain`) and comparing
//! two rulings ([`compare`]) need no game type any more. Everything here is written against
//! [`Game`] only, so a new game is explained as soon as its engine reports its events.

pub mod run;
pub mod trace;

use crate::event::EventData;
use crate::explain::trace::render_position;
use crate::input::spec::Catalogue;
use bao_rules::Ruleset;
use bao_rules::game::{Event, Game, GameEnd, RuleId, Side};
use bao_rules::play::Playthrough;
use bao_rules::rulings::{RulingError, RulingSet};
use bao_rules::setup::Setup;

/// One ruling in force, as the header shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulingValue {
    pub name: &'static str,
    pub value: String,
    pub default: bool,
}

impl RulingValue {
    /// `name=value`
    pub fn assignment(&self) -> String {
        format!("{}={}", self.name, self.value)
    }
}

/// One step of a move: an event in words, with the rule behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub rule: RuleId,
    pub text: String,
    /// The event itself, as data.
    pub event: EventData,
    /// The board right after this step, where the explanation shows it (after a capture).
    pub board: Option<Board>,
}

/// The board shown after a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    /// The board is not touched again before the move ends: it is the position after the move.
    AsAtTheEnd,
    /// The diagram of the board partway through the move.
    Diagram(String),
}

/// How the move went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move was played.
    Played {
        /// The move in canonical notation.
        canonical: String,
        steps: Vec<Step>,
        /// Claims written with the move that it does not bear out: rule and message.
        false_claims: Vec<(RuleId, String)>,
        /// What the move is played under (a takasia, hizi zetu): rule and sentence.
        under: Option<(RuleId, String)>,
        /// The diagram after the move (with the game's end, if it is over).
        after: String,
        /// The compact form after the move.
        compact: String,
        end: Option<GameEnd>,
    },
    /// The move was not played.
    Refused {
        /// The stable error code (`illegal-move`, `not-notation`, `ambiguous-move`, ...).
        code: &'static str,
        rule: Option<RuleId>,
        reason: String,
        /// The legal moves that a shortened spelling fits (`ambiguous-move`).
        candidates: Vec<String>,
        /// Every legal move of the position, canonical.
        legal: Vec<String>,
    },
}

/// A move explained: the setting, the board before, and what the move did or why it is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub ruleset: Ruleset,
    /// Where the move comes from, if not from the command line (`game 1 of FILE, ply 7`).
    pub place: Option<String>,
    /// The move as given.
    pub text: String,
    pub mover: Side,
    /// Every ruling of the game with the value in force.
    pub rulings: Vec<RulingValue>,
    /// The diagram before the move.
    pub before: String,
    pub verdict: Verdict,
    /// The same boards as data, for pictures.
    pub pictures: Pictures,
}

/// The boards of an explanation as data ([`crate::picture`]): what `explain --format svg` draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pictures {
    /// The board before the move.
    pub before: crate::picture::Board,
    /// The holes the legal moves before the move start from.
    pub legal: Vec<u8>,
    /// The move's events, if it was played: step `i` is event `i`.
    pub events: Vec<Event>,
    /// For each step, the board partway through the move where the step shows one
    /// ([`Board::Diagram`]).
    pub during: Vec<Option<crate::picture::Board>>,
    /// The board after the move, if it was played.
    pub after: Option<crate::picture::Board>,
}

/// The rule ids an explanation cites, in the order they first appear, with their one-line
/// statements from the game's rule catalogue (`spec/<ruleset>/rules.yaml`, built in).
pub fn cited<'a>(
    ruleset: Ruleset,
    explanations: impl IntoIterator<Item = &'a Explanation>,
) -> Vec<(RuleId, String)> {
    let catalogue: Option<Catalogue> = serde_saphyr::from_str(ruleset.catalogue()).ok();
    let statement = |id: RuleId| {
        catalogue
            .iter()
            .flat_map(|c| c.rules.iter().chain(&c.ambiguities))
            .find(|entry| entry.id == id)
            .map(|entry| entry.statement.clone())
            .unwrap_or_else(|| "(not in the rule catalogue)".to_string())
    };
    let mut ids: Vec<RuleId> = Vec::new();
    for e in explanations {
        let found: Vec<RuleId> = match &e.verdict {
            Verdict::Played {
                steps,
                false_claims,
                under,
                ..
            } => under
                .iter()
                .map(|(rule, _)| *rule)
                .chain(steps.iter().map(|s| s.rule))
                .chain(false_claims.iter().map(|(rule, _)| *rule))
                .collect(),
            Verdict::Refused { rule, .. } => rule.iter().copied().collect(),
        };
        for id in found {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids.into_iter().map(|id| (id, statement(id))).collect()
}

/// Explains `text` played on `position` under `rulings` (checked against the game here).
pub fn explain<G: Game>(
    position: &G::Position,
    rulings: &RulingSet,
    text: &str,
) -> Result<Explanation, RulingError> {
    let mut game = Playthrough::<G>::new(position.clone(), resolve::<G>(rulings)?);
    Ok(explain_in(&mut game, rulings, text))
}

/// Checks `rulings` against game `G` and resolves them.
pub fn resolve<G: Game>(rulings: &RulingSet) -> Result<G::Rulings, RulingError> {
    Setup::with_rulings(rulings.clone())
        .rulings_for::<G>()
        .map(|(_, resolved)| resolved)
        .map_err(|e| RulingError { message: e.message })
}

/// Explains `text` played on `game` (a game in progress, whose history decides repetitions),
/// whose rulings are `rulings` resolved. On success the move is played on `game`.
pub fn explain_in<G: Game>(
    game: &mut Playthrough<G>,
    rulings: &RulingSet,
    text: &str,
) -> Explanation {
    let before = render_position(game);
    let start = game.position().clone();
    let mover = G::side_to_move(game.position());
    let ruling_values = G::RULINGS
        .iter()
        .map(|def| {
            let value = rulings.value(def);
            RulingValue {
                name: def.name,
                value: value.to_string(),
                default: value == def.default,
            }
        })
        .collect();
    let legal = game
        .legal_texts()
        .unwrap_or_else(bao_rules::Incomplete::into_legal);
    let mut pictures = Pictures {
        before: G::board(game.position()),
        legal: if game.end().is_some() {
            Vec::new()
        } else {
            crate::picture::legal_holes::<G>(game.position(), game.rulings())
        },
        events: Vec::new(),
        during: Vec::new(),
        after: None,
    };
    let verdict = match game.play_text(text) {
        Err(error) => Verdict::Refused {
            code: error.code().as_str(),
            rule: error.rule,
            candidates: error.candidates.into_iter().map(G::format_move).collect(),
            reason: error.message,
            legal,
        },
        Ok(played) => Verdict::Played {
            canonical: G::format_move(played.mv),
            steps: {
                let steps = steps::<G>(&start, &played.events);
                pictures.during = steps
                    .iter()
                    .enumerate()
                    .map(|(i, step)| match step.board {
                        Some(Board::Diagram(_)) => {
                            G::position_during(&start, &played.events[..=i]).map(|p| G::board(&p))
                        }
                        _ => None,
                    })
                    .collect();
                pictures.after = Some(G::board(game.position()));
                pictures.events = played.events;
                steps
            },
            false_claims: played
                .false_claims
                .into_iter()
                .map(|c| (c.rule, c.message))
                .collect(),
            under: G::played_under(&start),
            after: render_position(game),
            compact: G::format_compact(game.position()),
            end: game.end(),
        },
    };
    Explanation {
        ruleset: Ruleset::of::<G>(),
        place: None,
        text: text.to_string(),
        mover,
        rulings: ruling_values,
        before,
        verdict,
        pictures,
    }
}

/// Whether an event changes what is on the board.
fn touches_board(event: &Event) -> bool {
    match event {
        Event::Lap { .. }
        | Event::Step { .. }
        | Event::Enter { .. }
        | Event::Capture { .. }
        | Event::Transfer { .. } => true,
        Event::Relay { .. }
        | Event::Reserve { .. }
        | Event::Note { .. }
        | Event::Stop { .. }
        | Event::GameOver { .. } => false,
    }
}

/// The board to show after event `i` of a move from `position`: once a capture is complete,
/// which is after the lap that sows the captured seeds where the game sows them (Kete KETE-13),
/// and after the last of several holes taken at once (Kimasai MAS-7).
fn board_after<G: Game>(position: &G::Position, events: &[Event], i: usize) -> Option<Board> {
    let next_touch = |i: usize| events[i + 1..].iter().find(|e| touches_board(e));
    let completes_capture = match &events[i] {
        Event::Capture { .. } => !matches!(
            next_touch(i),
            Some(Event::Capture { .. } | Event::Lap { .. })
        ),
        Event::Lap { .. } => events[..i]
            .iter()
            .rev()
            .find(|e| touches_board(e))
            .is_some_and(|e| matches!(e, Event::Capture { .. })),
        _ => false,
    };
    if !completes_capture {
        return None;
    }
    if next_touch(i).is_none() {
        return Some(Board::AsAtTheEnd);
    }
    let during = G::position_during(position, &events[..=i])?;
    Some(Board::Diagram(G::format_diagram(&during)))
}

/// The events of a move from `position` in words.
fn steps<G: Game>(position: &G::Position, events: &[Event]) -> Vec<Step> {
    let h = G::hole_name;
    let mut laps = 0u32;
    let mut stopped = false;
    let mut out = Vec::with_capacity(events.len());
    for (i, event) in events.iter().enumerate() {
        // Seeds sown right after a capture are the captured ones, sown starting *in* the hole the
        // lap names (Kete KETE-13), not lifted from it.
        let after_capture = events[..i]
            .iter()
            .rev()
            .find(|e| touches_board(e))
            .is_some_and(|e| matches!(e, Event::Capture { .. }));
        let text = match *event {
            Event::Lap {
                from,
                seeds,
                direction,
                to,
                ..
            } => {
                laps += 1;
                let s = plural(seeds);
                if after_capture {
                    format!(
                        "lap {laps}: the {seeds} captured seed{s}, sown {} starting in {}; the last falls into {}",
                        direction.name(),
                        h(from),
                        h(to)
                    )
                } else {
                    format!(
                        "lap {laps}: {seeds} seed{s} from {}, {}; the last falls into {}",
                        h(from),
                        direction.name(),
                        h(to)
                    )
                }
            }
            Event::Relay { at, seeds, .. } => format!(
                "{} was not empty: relay, lifting its {seeds} seed{} for the next lap",
                h(at),
                plural(seeds)
            ),
            Event::Step { from, to, .. } => {
                format!("the stone moves from {} to {}", h(from), h(to))
            }
            Event::Enter { hole, seeds, .. } => format!(
                "{seeds} seed{} from the {} into {}",
                plural(seeds),
                G::TERMS.reserve,
                h(hole)
            ),
            Event::Capture { hole, seeds, .. } => format!("capture of {seeds} from {}", h(hole)),
            // A reservation after the move's last lap is a consequence of the move as a whole
            // (Kete hizi zetu, KETE-21), not of its last seed (Kingulu KIN-10).
            Event::Reserve {
                hole, by, seeds, ..
            } if stopped => format!(
                "after the move: {} is reserved by {by}, holding {seeds}",
                h(hole)
            ),
            Event::Reserve {
                hole, by, seeds, ..
            } => format!(
                "reservation: {} is reserved by {by}, holding {seeds}",
                h(hole)
            ),
            Event::Transfer { from, to, .. } => {
                format!(
                    "one seed moves from {} into the reserved hole {}",
                    h(from),
                    h(to)
                )
            }
            Event::Note { note, .. } => note.text().to_string(),
            Event::Stop { at, reason, .. } => {
                format!("the move ends in {}: {}", h(at), reason.describe(G::TERMS))
            }
            Event::GameOver { end } => {
                let outcome = match end.outcome {
                    bao_rules::game::Outcome::Win(side) => format!("{side} wins"),
                    bao_rules::game::Outcome::Draw => "a draw".to_string(),
                };
                match end.score {
                    Some([s, n]) => format!("the game is over: {outcome}, {s}-{n}"),
                    None => format!("the game is over: {outcome}"),
                }
            }
        };
        let board = board_after::<G>(position, events, i);
        stopped |= matches!(event, Event::Stop { .. });
        out.push(Step {
            rule: event.rule(),
            text,
            event: EventData::of::<G>(event),
            board,
        });
    }
    out
}

fn plural(n: u16) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl Explanation {
    /// The steps, if the move was played.
    pub fn steps(&self) -> Option<&[Step]> {
        match &self.verdict {
            Verdict::Played { steps, .. } => Some(steps),
            Verdict::Refused { .. } => None,
        }
    }
}

/// A move explained under two rulings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The ruling compared, and its value in the base explanation and in the other.
    pub name: String,
    pub values: [String; 2],
    /// The ruling's default value.
    pub default: &'static str,
    pub base: Explanation,
    pub other: Explanation,
}

/// Explains `text` on `position` under `rulings` (NAME=VALUE assignments) and again with ruling
/// `name` set to `value` instead.
pub fn compare<G: Game>(
    position: &G::Position,
    rulings: &[String],
    name: &str,
    value: &str,
    text: &str,
) -> Result<Comparison, RulingError> {
    let base = RulingSet::from_assignments(rulings.iter().map(String::as_str))?;
    let other = replaced(&base, name, value)?;
    let games = [&base, &other]
        .map(|set| resolve::<G>(set).map(|r| Playthrough::<G>::new(position.clone(), r)));
    let [a, b] = games;
    compare_in([a?, b?], [base, other], name, text)
}

/// `rulings` with ruling `name` set to `value` (whatever it was before).
pub fn replaced(rulings: &RulingSet, name: &str, value: &str) -> Result<RulingSet, RulingError> {
    let mut out = RulingSet::new();
    for (n, v) in rulings.iter().filter(|(n, _)| *n != name) {
        out.insert(n, v)?;
    }
    out.insert(name, value)?;
    Ok(out)
}

/// Explains `text` on two games in the same state whose rulings are `rulings` resolved, the
/// second differing from the first in ruling `name` at most.
pub fn compare_in<G: Game>(
    games: [Playthrough<G>; 2],
    rulings: [RulingSet; 2],
    name: &str,
    text: &str,
) -> Result<Comparison, RulingError> {
    let def = G::RULINGS
        .iter()
        .find(|d| d.name == name)
        .ok_or_else(|| RulingError {
            message: format!("`{name}` is not a ruling of {}", G::RULESET),
        })?;
    let values = [
        rulings[0].value(def).to_string(),
        rulings[1].value(def).to_string(),
    ];
    let [mut a, mut b] = games;
    let base = explain_in(&mut a, &rulings[0], text);
    let other = explain_in(&mut b, &rulings[1], text);
    Ok(Comparison {
        name: name.to_string(),
        default: def.default,
        values,
        base,
        other,
    })
}

/// Where two explanations first differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Departure {
    /// Same steps, same end.
    Never,
    /// The move is refused under one ruling at least, and not the same way under both.
    Verdict,
    /// Step `index` (0-based) is the first that differs; `None` on a side whose move has ended.
    Step(usize),
    /// The same steps, different positions after the move.
    End,
}

impl Comparison {
    pub fn departure(&self) -> Departure {
        match (self.base.steps(), self.other.steps()) {
            (Some(a), Some(b)) => {
                // A step's board follows from the steps after it: steps differ in their words.
                let words = |s: Option<&Step>| s.map(|s| (s.rule, s.text.clone()));
                if let Some(i) =
                    (0..a.len().max(b.len())).find(|&i| words(a.get(i)) != words(b.get(i)))
                {
                    Departure::Step(i)
                } else if self.base.verdict != self.other.verdict {
                    Departure::End
                } else {
                    Departure::Never
                }
            }
            _ if self.base.verdict == self.other.verdict => Departure::Never,
            _ => Departure::Verdict,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::games::{Kimasai, Kingulu};

    fn kingulu(position: &str, text: &str) -> Explanation {
        let pos = Kingulu::parse_position(position).unwrap();
        explain::<Kingulu>(&pos, &RulingSet::new(), text).unwrap()
    }

    #[test]
    fn laps_are_numbered_and_relays_explained() {
        let e = kingulu("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "A3");
        let steps = e.steps().unwrap();
        assert_eq!(steps[0].rule, "KIN-4");
        assert!(
            steps[0].text.starts_with("lap 1: 4 seeds from A3"),
            "{steps:?}"
        );
        assert_eq!(steps[1].rule, "KIN-6");
        assert!(steps[1].text.contains("relay"), "{steps:?}");
        let laps = steps.iter().filter(|s| s.text.starts_with("lap ")).count();
        assert_eq!(laps, 5);
        let capture = steps.iter().find(|s| s.rule == "KIN-9").unwrap();
        assert_eq!(capture.text, "capture of 7 from a2");
        assert_eq!(capture.board, Some(Board::AsAtTheEnd));
    }

    #[test]
    fn an_illegal_move_lists_the_legal_ones() {
        let e = kingulu("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", "A1");
        let Verdict::Refused {
            code, rule, legal, ..
        } = &e.verdict
        else {
            panic!("A1 should be refused: {e:?}");
        };
        assert_eq!((*code, *rule), ("illegal-move", Some("KIN-7")));
        assert!(!legal.contains(&"A1".to_string()) && legal.contains(&"A3".to_string()));
        assert!(e.render().contains("A1 is illegal (illegal-move, KIN-7)"));
    }

    #[test]
    fn kimasai_shows_the_board_once_after_a_double_capture() {
        let e = explain::<Kimasai>(&Kimasai::start(), &RulingSet::new(), "A2").unwrap();
        let steps = e.steps().unwrap();
        let captures: Vec<_> = steps
            .iter()
            .filter(|s| s.text.starts_with("capture"))
            .collect();
        assert_eq!(captures.len(), 2);
        assert_eq!(captures[0].board, None);
        assert_eq!(captures[1].board, Some(Board::AsAtTheEnd));
    }

    #[test]
    fn kete_draws_the_board_after_a_capture_the_move_goes_on_from() {
        use bao_rules::games::Kete;
        let pos = Kete::parse_position(
            "0,0,0,0,0,0,0,0/0,5,2,6,0,0,0,0/0,1,0,0,6,0,0,0/0,0,0,0,2,0,0,0 21,21 Kk - S",
        )
        .unwrap();
        let e = explain::<Kete>(&pos, &RulingSet::new(), "A2>+").unwrap();
        let steps = e.steps().unwrap();
        // The board goes with the lap that sows the captured seeds, not with the capture.
        let capture = steps
            .iter()
            .position(|s| s.text.starts_with("capture"))
            .unwrap();
        assert_eq!(steps[capture].board, None);
        let Some(Board::Diagram(board)) = &steps[capture + 1].board else {
            panic!("no board after the captured seeds are sown: {steps:?}");
        };
        // a7's five are gone; A1..A5 got one each (A2 had its reserve seed too).
        assert!(board.contains("a  0  0  2  6  0  0  0  0"), "{board}");
        assert!(board.contains("A  1  3  1  1  7  0  0  0"), "{board}");
        assert!(steps.iter().filter(|s| s.board.is_some()).count() == 1);
    }

    #[test]
    fn comparison_finds_the_first_differing_step() {
        let pos = Kingulu::parse_position("2,2,2,2,3,5^S/0,0,0,0,3,0 14-15 S").unwrap();
        let c = compare::<Kingulu>(
            &pos,
            &[],
            "kingulu.penultimate-source",
            "not-from-reserved",
            "A5",
        )
        .unwrap();
        let Departure::Step(i) = c.departure() else {
            panic!("the rulings should depart: {c:?}");
        };
        assert_eq!(c.other.steps().unwrap()[i].rule, "KIN-A4");
        assert_eq!(c.base.steps().unwrap()[i].rule, "KIN-10");
    }

    #[test]
    fn comparison_says_when_nothing_departs() {
        let c = compare::<Kingulu>(
            &Kingulu::start(),
            &[],
            "kingulu.penultimate-source",
            "not-from-reserved",
            "A3",
        )
        .unwrap();
        assert_eq!(c.departure(), Departure::Never);
        assert!(c.render().contains("never depart"));
    }

    #[test]
    fn comparison_of_a_move_refused_under_both() {
        let c = compare::<Kingulu>(
            &Kingulu::start(),
            &[],
            "kingulu.penultimate-source",
            "not-from-reserved",
            "A1",
        )
        .unwrap();
        assert_eq!(c.departure(), Departure::Never);
        let text = c.render();
        assert!(text.contains("refused the same way under both"), "{text}");
        assert!(
            text.contains("A1 is illegal (illegal-move, KIN-7)"),
            "{text}"
        );
    }

    #[test]
    fn unknown_rulings_are_errors() {
        let err = compare::<Kimasai>(&Kimasai::start(), &[], "kimasai.none", "x", "A2");
        assert!(err.is_err());
    }
}
