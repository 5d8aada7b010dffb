//! The engine protocol, version 1 (`docs/protocol.md`, schemas in `docs/schema/`): one JSON object
//! per line, requests on the engine's stdin, one response per request on its stdout.
//!
//! This module holds the messages and the oracle's own answers to them. `bao-oracle engine` serves
//! those answers on stdin/stdout ([`Server`]); `bao-oracle conform` computes the same answers
//! ([`legal_moves`], [`play`]) and compares an engine's with them, so the reference adapter and the
//! reference answers can never drift apart.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diagnostics::Code;
use crate::game::{Event, Game, GameEnd, Outcome, Playthrough, RuleId, Side};
use crate::games::{self, GameVisitor};
use crate::play::MoveErrorKind;

/// The protocol version this crate speaks.
pub const VERSION: u32 = 1;

/// Rulings as requests carry them: name to value.
pub use crate::rulings::RulingSet as Rulings;

/// A request, from the driver to the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    /// The handshake: the first request of every session.
    Hello {
        #[serde(default)]
        id: Value,
        protocol: u32,
    },
    /// The legal moves of a position.
    LegalMoves {
        #[serde(default)]
        id: Value,
        ruleset: String,
        #[serde(default)]
        rulings: Rulings,
        position: String,
    },
    /// Play one move on a position.
    Play {
        #[serde(default)]
        id: Value,
        ruleset: String,
        #[serde(default)]
        rulings: Rulings,
        position: String,
        #[serde(rename = "move")]
        mv: String,
        /// Earlier positions of the game, oldest first; given, the engine applies the game's
        /// repetition rule.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        history: Option<Vec<String>>,
    },
}

impl Request {
    pub fn id(&self) -> &Value {
        match self {
            Request::Hello { id, .. }
            | Request::LegalMoves { id, .. }
            | Request::Play { id, .. } => id,
        }
    }

    /// The `type` of the message, as written in JSON.
    pub fn kind(&self) -> &'static str {
        match self {
            Request::Hello { .. } => "hello",
            Request::LegalMoves { .. } => "legal_moves",
            Request::Play { .. } => "play",
        }
    }
}

/// What an engine supports of one ruleset: its rulings and the values it implements.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesetSupport {
    #[serde(default)]
    pub rulings: BTreeMap<String, Vec<String>>,
}

/// A response, from the engine to the driver; `id` echoes the request's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Response {
    Hello {
        id: Value,
        engine: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        version: Option<String>,
        protocol: u32,
        rulesets: BTreeMap<String, RulesetSupport>,
    },
    /// The answer to `legal_moves`.
    Moves {
        id: Value,
        moves: Vec<String>,
        /// Candidate moves left out because their legality could not be decided.
        #[serde(default, skip_serializing_if = "is_zero")]
        undecided: u32,
    },
    /// The answer to a legal `play`.
    Played {
        id: Value,
        position: String,
        events: Vec<EventMsg>,
    },
    /// The answer to `play` with a move that is notation but not legal.
    Illegal {
        id: Value,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// The answer to `play` with a move whose legality could not be decided (a relay that neither
    /// ended nor repeated within the engine's budget).
    Undecided { id: Value, reason: String },
    /// The request was wrong: not JSON, a field missing, a position or move that cannot be read.
    Error {
        id: Value,
        code: String,
        message: String,
    },
    /// The request is well formed but asks for something the engine does not implement.
    Unsupported { id: Value, message: String },
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Response {
    pub fn id(&self) -> &Value {
        match self {
            Response::Hello { id, .. }
            | Response::Moves { id, .. }
            | Response::Played { id, .. }
            | Response::Illegal { id, .. }
            | Response::Undecided { id, .. }
            | Response::Error { id, .. }
            | Response::Unsupported { id, .. } => id,
        }
    }

    /// The `type` of the message, as written in JSON.
    pub fn kind(&self) -> &'static str {
        match self {
            Response::Hello { .. } => "hello",
            Response::Moves { .. } => "moves",
            Response::Played { .. } => "played",
            Response::Illegal { .. } => "illegal",
            Response::Undecided { .. } => "undecided",
            Response::Error { .. } => "error",
            Response::Unsupported { .. } => "unsupported",
        }
    }

    fn error(id: Value, code: Code, message: impl Into<String>) -> Response {
        Response::Error {
            id,
            code: code.to_string(),
            message: message.into(),
        }
    }
}

/// Seeds counted for each side at the end of a game decided on score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Score {
    pub south: u32,
    pub north: u32,
}

/// What a move did, in game-neutral terms: holes by name, no in-move trace. `rule` is
/// informative and never compared.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventMsg {
    /// `seeds` taken off the board from `hole` by the mover, counted as the game's notation
    /// counts a capture (Kingulu: the capturing seed included, KIN-9).
    Capture {
        hole: String,
        seeds: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// `hole` is reserved by `by` (Kingulu KIN-10, Kete hizi zetu).
    Reserve {
        hole: String,
        by: Side,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// The game is over after the move.
    GameOver {
        result: Outcome,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        score: Option<Score>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
}

impl EventMsg {
    /// The event without its informative rule id: what conformance compares.
    pub fn without_rule(&self) -> EventMsg {
        match self {
            EventMsg::Capture { hole, seeds, .. } => EventMsg::Capture {
                hole: hole.clone(),
                seeds: *seeds,
                rule: None,
            },
            EventMsg::Reserve { hole, by, .. } => EventMsg::Reserve {
                hole: hole.clone(),
                by: *by,
                rule: None,
            },
            EventMsg::GameOver { result, score, .. } => EventMsg::GameOver {
                result: *result,
                score: *score,
                rule: None,
            },
        }
    }

    /// The event in words (`capture 2 from a12`).
    pub fn describe(&self) -> String {
        match self {
            EventMsg::Capture { hole, seeds, .. } => format!("capture {seeds} from {hole}"),
            EventMsg::Reserve { hole, by, .. } => {
                format!("{hole} reserved by {}", serde_plain(by))
            }
            EventMsg::GameOver { result, score, .. } => match score {
                Some(s) => format!(
                    "game over: {} ({}-{})",
                    serde_plain(result),
                    s.south,
                    s.north
                ),
                None => format!("game over: {}", serde_plain(result)),
            },
        }
    }
}

/// The JSON string of a unit enum, without quotes.
fn serde_plain<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        _ => String::new(),
    }
}

/// The protocol's events of a move (captures, reservations, the game's end), from the oracle's
/// full trace.
pub fn event_msgs<G: Game>(events: &[Event]) -> Vec<EventMsg> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Capture { hole, seeds, rule } => Some(EventMsg::Capture {
                hole: G::hole_name(hole).to_string(),
                seeds: seeds as u32,
                rule: Some(rule.to_string()),
            }),
            Event::Reserve { hole, by, rule, .. } => Some(EventMsg::Reserve {
                hole: G::hole_name(hole).to_string(),
                by,
                rule: Some(rule.to_string()),
            }),
            Event::GameOver { end } => Some(game_over(end)),
            _ => None,
        })
        .collect()
}

fn game_over(end: GameEnd) -> EventMsg {
    EventMsg::GameOver {
        result: end.outcome,
        score: end.score.map(|[s, n]| Score {
            south: s as u32,
            north: n as u32,
        }),
        rule: Some(end.rule.to_string()),
    }
}

// --- The oracle's answers -------------------------------------------------------------------------

/// The oracle's answer to `legal_moves`, with the rule ids behind it.
pub fn legal_moves<G: Game>(
    id: Value,
    pos: &G::Position,
    rulings: &G::Rulings,
) -> (Response, Vec<RuleId>) {
    if let Some(end) = G::game_end(pos, rulings) {
        // A finished game has no moves (as for perft).
        let response = Response::Moves {
            id,
            moves: Vec::new(),
            undecided: 0,
        };
        return (response, vec![end.rule]);
    }
    let mut moves = Vec::new();
    let generated = G::legal_moves(pos, rulings, &mut moves);
    let response = Response::Moves {
        id,
        moves: moves.into_iter().map(G::format_move).collect(),
        undecided: generated.undecided,
    };
    (response, Vec::new())
}

/// The oracle's answer to `play`.
pub struct Played<G: Game> {
    pub response: Response,
    /// The rule ids behind the answer: of every step of the move, or of the rejection.
    pub rules: Vec<RuleId>,
    /// The position after a legal move.
    pub after: Option<G::Position>,
    /// The move, if the text named one legal move.
    pub mv: Option<G::Move>,
}

/// The oracle's answer to `play`: `text` played on `pos`. With a `history` (earlier positions,
/// oldest first) the game's repetition rule applies too.
pub fn play<G: Game>(
    id: Value,
    pos: &G::Position,
    rulings: &G::Rulings,
    history: Option<&[G::Position]>,
    text: &str,
) -> Played<G> {
    let refuse = |response: Response, rules: Vec<RuleId>| Played {
        response,
        rules,
        after: None,
        mv: None,
    };
    let mut game =
        Playthrough::<G>::with_history(pos.clone(), rulings.clone(), history.unwrap_or(&[]));
    let mut events = Vec::new();
    let mv = match game.play_text_into(text, &mut events) {
        Ok(played) => played.mv,
        Err(error) => {
            let rules: Vec<RuleId> = error.rule.into_iter().collect();
            let response = match error.kind {
                MoveErrorKind::AfterEnd(end) => Response::Illegal {
                    id,
                    reason: format!("the game is already over: {}", end.outcome),
                    rule: Some(end.rule.to_string()),
                },
                MoveErrorKind::NotNotation => Response::error(
                    id,
                    Code::NotNotation,
                    format!("`{text}`: {}", error.message),
                ),
                MoveErrorKind::Ambiguous => {
                    let names: Vec<String> =
                        error.candidates.into_iter().map(G::format_move).collect();
                    Response::error(
                        id,
                        Code::AmbiguousMove,
                        format!("`{text}` fits more than one move: {}", names.join(", ")),
                    )
                }
                MoveErrorKind::Undecided { .. } => Response::Undecided {
                    id,
                    reason: error.message,
                },
                _ => Response::Illegal {
                    id,
                    reason: error.message,
                    rule: error.rule.map(str::to_string),
                },
            };
            return refuse(response, rules);
        }
    };
    let after = game.position;
    let mut rules: Vec<RuleId> = Vec::new();
    for e in &events {
        if !rules.contains(&e.rule()) {
            rules.push(e.rule());
        }
    }
    Played {
        response: Response::Played {
            id,
            position: G::format_compact(&after),
            events: event_msgs::<G>(&events),
        },
        rules,
        after: Some(after),
        mv: Some(mv),
    }
}

// --- Serving the protocol -------------------------------------------------------------------------

/// The name `bao-oracle engine` gives in its `hello`.
pub const ENGINE_NAME: &str = "bao-oracle";

/// The oracle's `hello`: every ruleset with every value of every ruling.
pub fn hello(id: Value) -> Response {
    struct Support;
    impl GameVisitor for Support {
        type Output = RulesetSupport;
        fn visit<G: Game>(self) -> RulesetSupport {
            RulesetSupport {
                rulings: G::RULINGS
                    .iter()
                    .map(|d| {
                        let values = d.values.iter().map(|v| v.to_string()).collect();
                        (d.name.to_string(), values)
                    })
                    .collect(),
            }
        }
    }
    let rulesets = games::RULESETS
        .iter()
        .filter_map(|r| Some((r.to_string(), games::dispatch(r, Support)?)))
        .collect();
    Response::Hello {
        id,
        engine: ENGINE_NAME.to_string(),
        version: Some(env!("CARGO_PKG_VERSION").to_string()),
        protocol: VERSION,
        rulesets,
    }
}

/// The answer of `bao-oracle engine` to one request line.
pub fn respond(line: &str) -> Response {
    match serde_json::from_str::<Request>(line) {
        Ok(request) => answer(request),
        Err(e) => malformed(line, e),
    }
}

/// The answer to a line that is not a request: `unsupported` for a well-formed message of a type
/// this version does not know, `error bad-request` for anything else; the id is echoed if found.
fn malformed(line: &str, e: serde_json::Error) -> Response {
    let value: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(_) => return Response::error(Value::Null, Code::BadRequest, format!("not JSON: {e}")),
    };
    let Value::Object(map) = value else {
        return Response::error(Value::Null, Code::BadRequest, "a request is a JSON object");
    };
    let id = match map.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    match map.get("type").and_then(Value::as_str) {
        Some(kind) if !["hello", "legal_moves", "play"].contains(&kind) => Response::Unsupported {
            id,
            message: format!("this engine does not know requests of type `{kind}`"),
        },
        None => Response::error(id, Code::BadRequest, "the request has no `type`"),
        Some(_) => Response::error(id, Code::BadRequest, e.to_string()),
    }
}

fn answer(request: Request) -> Response {
    match request {
        Request::Hello { id, .. } => hello(id),
        Request::LegalMoves {
            id,
            ruleset,
            rulings,
            position,
        } => on_game(&ruleset, id.clone(), move |g| {
            g.legal_moves(id, &rulings, &position)
        }),
        Request::Play {
            id,
            ruleset,
            rulings,
            position,
            mv,
            history,
        } => on_game(&ruleset, id.clone(), move |g| {
            g.play(id, &rulings, &position, &mv, history.as_deref())
        }),
    }
}

/// Runs `f` with the game of `ruleset`, or answers `unsupported`.
fn on_game(ruleset: &str, id: Value, f: impl FnOnce(GameOps) -> Response) -> Response {
    struct Visit<F>(F);
    impl<F: FnOnce(GameOps) -> Response> GameVisitor for Visit<F> {
        type Output = Response;
        fn visit<G: Game>(self) -> Response {
            (self.0)(GameOps::of::<G>())
        }
    }
    games::dispatch(ruleset, Visit(f)).unwrap_or_else(|| Response::Unsupported {
        id,
        message: games::unknown_ruleset(ruleset),
    })
}

/// The two requests of one game, as plain function pointers so that [`answer`] stays free of
/// generics in its closures.
#[derive(Clone, Copy)]
struct GameOps {
    legal_moves: fn(Value, &Rulings, &str) -> Response,
    play: fn(Value, &Rulings, &str, &str, Option<&[String]>) -> Response,
}

impl GameOps {
    fn of<G: Game>() -> GameOps {
        GameOps {
            legal_moves: serve_legal_moves::<G>,
            play: serve_play::<G>,
        }
    }

    fn legal_moves(self, id: Value, rulings: &Rulings, position: &str) -> Response {
        (self.legal_moves)(id, rulings, position)
    }

    fn play(
        self,
        id: Value,
        rulings: &Rulings,
        position: &str,
        mv: &str,
        history: Option<&[String]>,
    ) -> Response {
        (self.play)(id, rulings, position, mv, history)
    }
}

/// Reads a request's rulings and position for game `G`, or the in-band answer refusing them.
fn setup<G: Game>(
    id: &Value,
    rulings: &Rulings,
    position: &str,
) -> Result<(G::Rulings, G::Position), Response> {
    let rulings = rulings.resolve::<G>().map_err(|e| Response::Unsupported {
        id: id.clone(),
        message: e.message,
    })?;
    let position = G::parse_position(position)
        .map_err(|e| Response::error(id.clone(), Code::BadPosition, position_message(&e)))?;
    Ok((rulings, position))
}

fn position_message(e: &crate::game::PositionError) -> String {
    match e.rule {
        Some(rule) => format!("{} ({rule})", e.message),
        None => e.message.clone(),
    }
}

fn serve_legal_moves<G: Game>(id: Value, rulings: &Rulings, position: &str) -> Response {
    match setup::<G>(&id, rulings, position) {
        Ok((rulings, pos)) => legal_moves::<G>(id, &pos, &rulings).0,
        Err(refusal) => refusal,
    }
}

fn serve_play<G: Game>(
    id: Value,
    rulings: &Rulings,
    position: &str,
    mv: &str,
    history: Option<&[String]>,
) -> Response {
    let (rulings, pos) = match setup::<G>(&id, rulings, position) {
        Ok(x) => x,
        Err(refusal) => return refusal,
    };
    let history = match history {
        None => None,
        Some(texts) => {
            let mut positions = Vec::with_capacity(texts.len());
            for (i, text) in texts.iter().enumerate() {
                match G::parse_position(text) {
                    Ok(p) => positions.push(p),
                    Err(e) => {
                        return Response::error(
                            id,
                            Code::BadPosition,
                            format!("history[{i}]: {}", position_message(&e)),
                        );
                    }
                }
            }
            Some(positions)
        }
    };
    play::<G>(id, &pos, &rulings, history.as_deref(), mv).response
}

/// `bao-oracle engine`: answers request lines until the end of input.
pub struct Server;

impl Server {
    /// Serves `input` to `output` until `input` ends. Output is flushed whenever no further request
    /// is already waiting, so a driver that sends requests one at a time is answered at once and one
    /// that pipelines them is answered in batches.
    pub fn serve<R: std::io::Read>(
        input: &mut std::io::BufReader<R>,
        output: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        use std::io::BufRead;
        let mut line = String::new();
        loop {
            line.clear();
            if input.read_line(&mut line)? == 0 {
                return output.flush();
            }
            let text = line.trim();
            if text.is_empty() {
                continue;
            }
            let response = respond(text);
            serde_json::to_writer(&mut *output, &response)?;
            output.write_all(b"\n")?;
            if input.buffer().is_empty() {
                output.flush()?;
            }
        }
    }
}

/// Ids as the driver assigns them.
pub fn id(n: u64) -> Value {
    Value::from(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Kimasai;
    use serde_json::json;

    const START: &str = "111111111111/111111111110/011111111111/111111111111 S";

    fn ask(request: Value) -> Value {
        serde_json::to_value(respond(&request.to_string())).unwrap()
    }

    #[test]
    fn hello_names_every_ruleset() {
        let answer = ask(json!({"id": 0, "type": "hello", "protocol": 1}));
        assert_eq!(answer["type"], "hello");
        assert_eq!(answer["protocol"], 1);
        assert_eq!(answer["id"], 0);
        for r in games::RULESETS {
            assert!(answer["rulesets"].get(*r).is_some(), "{r} missing");
        }
    }

    #[test]
    fn legal_moves_and_play_from_the_start() {
        let answer = ask(
            json!({"id": 1, "type": "legal_moves", "ruleset": "bao-la-kimasai",
            "rulings": {}, "position": START}),
        );
        assert_eq!(answer, json!({"id": 1, "type": "moves", "moves": ["A2"]}));
        let answer = ask(
            json!({"id": "x", "type": "play", "ruleset": "bao-la-kimasai",
            "rulings": {}, "position": START, "move": "A2"}),
        );
        assert_eq!(answer["type"], "played");
        assert_eq!(answer["id"], "x");
        assert_eq!(
            answer["position"],
            "011111111111/011111111110/101111111111/111111111111 N"
        );
        assert_eq!(
            answer["events"],
            json!([{"type": "capture", "hole": "a12", "seeds": 1, "rule": "MAS-6"},
                   {"type": "capture", "hole": "b12", "seeds": 1, "rule": "MAS-7"}])
        );
    }

    #[test]
    fn refusals_are_in_band() {
        let illegal = ask(json!({"id": 2, "type": "play", "ruleset": "bao-la-kimasai",
            "rulings": {}, "position": START, "move": "A3"}));
        assert_eq!(illegal["type"], "illegal");
        assert_eq!(illegal["rule"], "MAS-5");
        let cases = [
            (
                json!({"id": 3, "type": "play", "ruleset": "bao-la-kimasai", "rulings": {},
                "position": START, "move": "Q9"}),
                "error",
                Some("not-notation"),
            ),
            (
                json!({"id": 4, "type": "legal_moves", "ruleset": "bao-la-kimasai", "rulings": {},
                "position": "1/1 S"}),
                "error",
                Some("bad-position"),
            ),
            (
                json!({"id": 5, "type": "legal_moves", "ruleset": "chess", "rulings": {},
                "position": START}),
                "unsupported",
                None,
            ),
            (
                json!({"id": 6, "type": "legal_moves", "ruleset": "bao-la-kimasai",
                "rulings": {"kimasai.none": "x"}, "position": START}),
                "unsupported",
                None,
            ),
            (json!({"id": 7, "type": "resign"}), "unsupported", None),
            (
                json!({"id": 8, "type": "play"}),
                "error",
                Some("bad-request"),
            ),
            (json!({"id": 9}), "error", Some("bad-request")),
        ];
        for (request, kind, code) in cases {
            let answer = ask(request.clone());
            assert_eq!(answer["type"], kind, "{request}");
            assert_eq!(answer["id"], request["id"], "{request}");
            if let Some(code) = code {
                assert_eq!(answer["code"], code, "{request}");
            }
        }
        let answer = serde_json::to_value(respond("{not json")).unwrap();
        assert_eq!(
            (answer["type"].as_str(), &answer["id"]),
            (Some("error"), &Value::Null)
        );
    }

    #[test]
    fn history_brings_in_the_repetition_rule() {
        // The start in the history: the position after A2 repeats nothing, the game goes on.
        let start = Kimasai::start();
        let with = play::<Kimasai>(id(1), &start, &(), Some(&[start]), "A2");
        let Response::Played { events, .. } = with.response else {
            panic!("A2 is legal")
        };
        assert!(
            events
                .iter()
                .all(|e| !matches!(e, EventMsg::GameOver { .. }))
        );
        // The position after the move in the history: the move repeats it, a draw (MAS-11).
        let after = with.after.unwrap();
        let repeat = play::<Kimasai>(id(2), &start, &(), Some(&[after]), "A2");
        let Response::Played { events, .. } = repeat.response else {
            panic!("A2 is legal")
        };
        assert_eq!(
            events.last().map(EventMsg::without_rule),
            Some(EventMsg::GameOver {
                result: Outcome::Draw,
                score: None,
                rule: None
            })
        );
    }

    #[test]
    fn server_answers_line_by_line_and_skips_blank_lines() {
        let input = format!(
            "{}\n\n{}\n",
            json!({"id": 1, "type": "hello", "protocol": 1}),
            json!({"id": 2, "type": "legal_moves", "ruleset": "bao-la-kimasai", "rulings": {},
                "position": START})
        );
        let mut out = Vec::new();
        Server::serve(&mut std::io::BufReader::new(input.as_bytes()), &mut out).unwrap();
        let lines: Vec<Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!((&lines[0]["id"], &lines[1]["id"]), (&json!(1), &json!(2)));
    }
}
