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
pub use crate::input::GameName;
use bao_rules::Ruleset;
use bao_rules::game::{Event, Game, RuleId};
use bao_rules::games::{self, GameVisitor};
use bao_rules::play::MoveErrorKind;
use bao_rules::play::Playthrough;
use bao_rules::rulings::Preset;
use bao_rules::setup::{Setup, SetupField};

/// The protocol version this crate speaks.
pub const VERSION: u32 = 1;

/// Rulings as requests carry them: name to value.
pub use bao_rules::rulings::RulingSet as Rulings;

/// A request, from the driver to the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    /// The handshake: the first request of every session.
    Hello { id: Value, protocol: u32 },
    /// The legal moves of a position.
    LegalMoves {
        id: Value,
        ruleset: GameName,
        rulings: Rulings,
        position: String,
    },
    /// Play one move on a position.
    Play {
        id: Value,
        ruleset: GameName,
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

/// What an engine supports of one ruleset: its rulings and the values it implements, and, for an
/// engine that plays only some presets, those presets (each with every ruling it does not set at
/// its default; a value listed in `rulings` may replace a preset's).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesetSupport {
    #[serde(default)]
    pub rulings: BTreeMap<String, Vec<String>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub presets: Vec<String>,
    /// The engine's own move notation (`donkers`), for the report: requests stay canonical.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// The limits at which the engine stops a long move (a cap of its own, ZAN-A16, KETE-A7,
    /// KIN-A8): `conform` leaves longer moves out of the comparison, as `--max-laps` does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<Limits>,
}

/// The caps of an engine on one move: laps, seeds sown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub laps: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds: Option<u32>,
}

impl RulesetSupport {
    /// The values an engine of single ruling values plays where game `G`'s default is not among
    /// the values it lists: each such ruling at the first value listed (as a preset sets it).
    pub fn own_values<G: Game>(&self) -> Rulings {
        let mut own = Rulings::new();
        for def in G::RULINGS {
            if let Some(values) = self.rulings.get(def.name)
                && !values.iter().any(|v| v == def.default)
                && let Some(first) = values.first()
            {
                let _ = own.insert(def.name, first);
            }
        }
        own
    }

    /// Why an engine with this support cannot play game `G` under `wanted` (the request's rulings,
    /// each ruling not named at its default): `None` when it can. Judged on the full assignment,
    /// so a default named and a default left out are the same.
    pub fn lacks<G: Game>(&self, wanted: &Rulings) -> Option<String> {
        let listed = |name: &str, value: &str| {
            self.rulings
                .get(name)
                .is_some_and(|values| values.iter().any(|v| v == value))
        };
        // The first ruling of `wanted` that differs from `base` and that the engine does not list.
        let gap = |base: &dyn Fn(&bao_rules::rulings::RulingDef) -> &'static str| {
            G::RULINGS.iter().find_map(|def| {
                let value = wanted.value(def);
                (value != base(def) && !listed(def.name, value))
                    .then(|| format!("{}={value}", def.name))
            })
        };
        if self.presets.is_empty() {
            // A ruling listed without its default is played only at the values listed.
            let own = self.own_values::<G>();
            let base = |def: &bao_rules::rulings::RulingDef| -> &'static str {
                match own.get(def.name) {
                    Some(_) => "",
                    None => def.default,
                }
            };
            return gap(&base).map(|r| match own.is_empty() {
                true => format!("the engine does not support ruling {r}"),
                false => format!("the engine plays only its declared values ({r} differs)"),
            });
        }
        let presets: Vec<&Preset> = G::PRESETS
            .iter()
            .filter(|p| self.presets.iter().any(|n| n == p.name))
            .collect();
        let mut first = None;
        for preset in &presets {
            let of = |def: &bao_rules::rulings::RulingDef| -> &'static str {
                preset
                    .rulings
                    .iter()
                    .find(|(n, _)| *n == def.name)
                    .map(|(_, v)| *v)
                    .unwrap_or(def.default)
            };
            match gap(&of) {
                None => return None,
                Some(r) => {
                    first.get_or_insert(r);
                }
            }
        }
        Some(format!(
            "the engine plays only preset {} ({} differs)",
            self.presets.join(", "),
            first.unwrap_or_else(|| "no preset it names is the oracle's".into())
        ))
    }
}

/// What is wrong with `answer` as the `hello` answer to request `id`: not JSON, not an object,
/// another `type`, the fields it lacks (all of them, named), another id, or a field of the wrong
/// kind (serde's words); `None` if it is that answer.
pub fn hello_fault(answer: &str, id: u64) -> Option<String> {
    let value: Value = match serde_json::from_str(answer) {
        Ok(v) => v,
        Err(e) => return Some(format!("it is not JSON ({e})")),
    };
    let Some(object) = value.as_object() else {
        return Some("it is not a JSON object".to_string());
    };
    match object.get("type") {
        Some(Value::String(t)) if t == "hello" => {}
        Some(t) => return Some(format!("its `type` is {t}, not \"hello\"")),
        None => return Some("it has no `type` (\"hello\")".to_string()),
    }
    let missing: Vec<String> = ["id", "engine", "protocol", "rulesets"]
        .iter()
        .filter(|f| !object.contains_key(**f))
        .map(|f| format!("`{f}`"))
        .collect();
    if !missing.is_empty() {
        let s = if missing.len() == 1 { "" } else { "s" };
        return Some(format!("it lacks the field{s} {}", missing.join(", ")));
    }
    if object.get("id") != Some(&self::id(id)) {
        return Some(format!("its `id` is {}, not {id}", object["id"]));
    }
    match serde_json::from_value::<Response>(value) {
        Ok(Response::Hello { .. }) => None,
        Ok(_) => Some("it is not a `hello`".to_string()),
        Err(e) => Some(e.to_string()),
    }
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
        #[serde(deserialize_with = "protocol_events")]
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

/// The protocol's events: the one event shape ([`crate::event`]), of three kinds only — captures,
/// reservations (without their seeds) and the game's end. What a move did, in game-neutral terms:
/// holes by name, no in-move trace. `rule` is informative and never compared.
pub use crate::event::EventData as EventMsg;
pub use crate::event::Score;

/// The events of a `played` answer as the protocol reads them: an event of another type makes
/// the answer unreadable (it is garbled, docs/protocol.md *Versions*), and the fields the
/// protocol does not have (a reservation's seeds) are ignored as unknown fields are.
fn protocol_events<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<EventMsg>, D::Error> {
    let events = Vec::<EventMsg>::deserialize(d)?;
    events
        .into_iter()
        .map(|e| match e {
            EventMsg::Reserve { hole, by, rule, .. } => Ok(EventMsg::Reserve {
                hole,
                by,
                seeds: None,
                rule,
            }),
            e if e.is_outcome() => Ok(e),
            e => Err(serde::de::Error::custom(format!(
                "`{}` is not an event of the protocol: capture, reserve or game_over",
                e.name()
            ))),
        })
        .collect()
}

/// An engine's answer line read as a [`Response`], exactly as `serde_json` reads one: the two
/// answers a run reads most (`moves`, `played`) straight into their fields, without the buffering
/// of every value that reading a tagged enum takes; anything else, and anything those readers
/// refuse, read as a `Response`.
pub fn read_response(line: &str) -> serde_json::Result<Response> {
    #[derive(Deserialize)]
    struct Tag<'a> {
        #[serde(rename = "type", borrow)]
        kind: &'a str,
    }
    #[derive(Deserialize)]
    struct Moves {
        id: Value,
        moves: Vec<String>,
        #[serde(default)]
        undecided: u32,
    }
    #[derive(Deserialize)]
    struct Played {
        id: Value,
        position: String,
        #[serde(deserialize_with = "protocol_events")]
        events: Vec<EventMsg>,
    }
    let direct = match serde_json::from_str::<Tag>(line) {
        Ok(Tag { kind: "moves" }) => {
            serde_json::from_str::<Moves>(line)
                .ok()
                .map(|m| Response::Moves {
                    id: m.id,
                    moves: m.moves,
                    undecided: m.undecided,
                })
        }
        Ok(Tag { kind: "played" }) => {
            serde_json::from_str::<Played>(line)
                .ok()
                .map(|p| Response::Played {
                    id: p.id,
                    position: p.position,
                    events: p.events,
                })
        }
        _ => None,
    };
    match direct {
        Some(response) => Ok(response),
        None => serde_json::from_str(line),
    }
}

/// The protocol's events of a move (captures, reservations, the game's end), from the oracle's
/// full trace.
pub fn event_msgs<G: Game>(events: &[Event]) -> Vec<EventMsg> {
    events
        .iter()
        .map(EventMsg::of::<G>)
        .filter(EventMsg::is_outcome)
        .map(|e| match e {
            EventMsg::Reserve { hole, by, rule, .. } => EventMsg::Reserve {
                hole,
                by,
                seeds: None,
                rule,
            },
            e => e,
        })
        .collect()
}

// --- The oracle's answers -------------------------------------------------------------------------

/// The oracle's answer to `legal_moves`, with the rule ids behind it.
pub fn legal_moves<G: Game>(
    id: Value,
    pos: &G::Position,
    rulings: &G::Rulings,
) -> (Response, Vec<RuleId>) {
    // The protocol speaks canonical notation; a finished game has no moves (as for perft).
    let game = Playthrough::<G>::new(pos.clone(), rulings.clone());
    let (moves, undecided) = bao_rules::Incomplete::split(game.legal_texts());
    let response = Response::Moves {
        id,
        moves,
        undecided,
    };
    (
        response,
        game.end().map(|end| end.rule).into_iter().collect(),
    )
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
    let game = Playthrough::<G>::with_history(pos.clone(), rulings.clone(), history.unwrap_or(&[]));
    play_in(id, game, text)
}

/// [`play`] on a game set up.
fn play_in<G: Game>(id: Value, mut game: Playthrough<G>, text: &str) -> Played<G> {
    let refuse = |response: Response, rules: Vec<RuleId>| Played {
        response,
        rules,
        after: None,
        mv: None,
    };
    let mut events = Vec::new();
    let mv = match game.play_text_into(text, &mut events) {
        // A claim the move does not bear out (`A3x6` capturing nothing) is refused, as `check`
        // refuses it in a record: the move text says something false.
        Ok(played) if !played.false_claims.is_empty() => {
            let rules = played.false_claims.iter().map(|c| c.rule).collect();
            let what: Vec<String> = played
                .false_claims
                .iter()
                .map(|c| format!("{} ({})", c.message, c.rule))
                .collect();
            let message = format!("`{text}`: {}", what.join("; "));
            return refuse(Response::error(id, Code::FalseClaim, message), rules);
        }
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
                MoveErrorKind::TooLong { .. } => Response::error(
                    id,
                    Code::MoveTooLong,
                    format!("`{text}`: {}", error.message),
                ),
                _ => Response::Illegal {
                    id,
                    reason: error.message,
                    rule: error.rule.map(str::to_string),
                },
            };
            return refuse(response, rules);
        }
    };
    let (after, _) = game.into_parts();
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
                presets: Vec::new(),
                limits: None,
                notation: None,
            }
        }
    }
    let rulesets = Ruleset::ALL
        .into_iter()
        .map(|r| (r.name().to_string(), r.visit(Support)))
        .collect();
    Response::Hello {
        id,
        engine: ENGINE_NAME.to_string(),
        version: Some(env!("CARGO_PKG_VERSION").to_string()),
        protocol: VERSION,
        rulesets,
    }
}

/// The answer of `bao-oracle engine` to one request line (without its newline).
pub fn respond(line: &str) -> Response {
    match read_request(line) {
        Ok(request) => answer(request),
        Err(refusal) => refusal,
    }
}

/// The request types of this version.
const REQUEST_TYPES: [&str; 3] = ["hello", "legal_moves", "play"];

/// Reads one request line exactly as the request schemas (`docs/schema/*-request.json`) allow, or
/// the in-band answer refusing it, in the order of `docs/protocol.md` (*Refusals*): not a JSON
/// object, then `type` (missing: `error`; unknown: `unsupported`, a request of a later version),
/// then the id and the fields of the type (`error bad-request`). Unknown fields are ignored, so
/// that a later version may add optional ones.
pub fn read_request(line: &str) -> Result<Request, Response> {
    match read_plain(line) {
        Some(request) => Ok(request),
        None => read_general(line),
    }
}

/// [`read_request`] for any line.
fn read_general(line: &str) -> Result<Request, Response> {
    let value: Value = serde_json::from_str(line)
        .map_err(|e| Response::error(Value::Null, Code::BadRequest, format!("not JSON: {e}")))?;
    let Value::Object(map) = value else {
        return Err(Response::error(
            Value::Null,
            Code::BadRequest,
            "a request is a JSON object",
        ));
    };
    let mut fields = Fields {
        map,
        id: Value::Null,
    };
    // An id the schemas do not allow is never echoed: the answer carries `null`.
    let id = fields.map.remove("id");
    if let Some(id) = id.as_ref().filter(|id| is_id(id)) {
        fields.id = id.clone();
    }
    let kind = match fields.map.remove("type") {
        Some(Value::String(kind)) => kind,
        Some(other) => return Err(fields.bad(format!("`type` is a string, not {other}"))),
        None => return Err(fields.bad("the request has no `type`")),
    };
    if !REQUEST_TYPES.contains(&kind.as_str()) {
        return Err(Response::Unsupported {
            id: fields.id,
            message: format!("this engine does not know requests of type `{kind}`"),
        });
    }
    match &id {
        None => return Err(fields.bad("the request has no `id` (an integer or a string)")),
        Some(id) if !is_id(id) => {
            return Err(fields.bad(format!("`id` is an integer or a string, not {id}")));
        }
        Some(_) => {}
    }
    let id = fields.id.clone();
    match kind.as_str() {
        "hello" => Ok(Request::Hello {
            id,
            protocol: fields.protocol()?,
        }),
        "legal_moves" => Ok(Request::LegalMoves {
            ruleset: GameName::named(&fields.text("ruleset")?),
            rulings: fields.rulings()?,
            position: fields.text("position")?,
            id,
        }),
        _ => Ok(Request::Play {
            ruleset: GameName::named(&fields.text("ruleset")?),
            rulings: fields.rulings()?,
            position: fields.text("position")?,
            mv: fields.text("move")?,
            history: fields.history()?,
            id,
        }),
    }
}

/// A `legal_moves` or `play` request of the usual shape, read without building a JSON tree (a
/// tree a request was a fifth of `bao-oracle engine`'s work): an object whose fields are each
/// present once with a value of its schema's type, strings without escapes. Anything else, and
/// any doubt, is `None`, and [`read_request`]'s general reading decides (and words every
/// refusal); where this accepts, that reading gives the same request (a test holds them to it).
fn read_plain(line: &str) -> Option<Request> {
    #[derive(Deserialize)]
    struct Plain<'a> {
        id: Option<Value>,
        #[serde(rename = "type")]
        kind: &'a str,
        ruleset: Option<&'a str>,
        #[serde(borrow)]
        rulings: Option<BTreeMap<&'a str, &'a str>>,
        position: Option<&'a str>,
        #[serde(rename = "move")]
        mv: Option<&'a str>,
        // Present or absent, never `null` (which the general reading refuses).
        #[serde(default, borrow, deserialize_with = "present")]
        history: Option<Vec<&'a str>>,
    }
    fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<&'de str>>, D::Error> {
        Vec::deserialize(d).map(Some)
    }
    // A struct also reads from an array: a request is an object.
    if !line.trim_start().starts_with('{') {
        return None;
    }
    let plain: Plain = serde_json::from_str(line).ok()?;
    let text = |s: Option<&str>| s.filter(|s| !s.is_empty()).map(str::to_string);
    let id = plain.id.filter(is_id)?;
    let ruleset = GameName::named(plain.ruleset.filter(|s| !s.is_empty())?);
    let mut rulings = Rulings::new();
    for (name, value) in plain.rulings? {
        if value.is_empty() {
            return None;
        }
        rulings.insert(name, value).ok()?;
    }
    let position = text(plain.position)?;
    match plain.kind {
        "legal_moves" => Some(Request::LegalMoves {
            id,
            ruleset,
            rulings,
            position,
        }),
        "play" => Some(Request::Play {
            id,
            ruleset,
            rulings,
            position,
            mv: text(plain.mv)?,
            history: match plain.history {
                None => None,
                Some(items) if items.iter().any(|s| s.is_empty()) => return None,
                Some(items) => Some(items.into_iter().map(str::to_string).collect()),
            },
        }),
        _ => None,
    }
}

/// An id the schemas allow: an integer (JSON Schema's: any number without a fractional part, of
/// any size) or a string.
fn is_id(id: &Value) -> bool {
    match id {
        Value::String(_) => true,
        Value::Number(n) => is_integer(n),
        _ => false,
    }
}

fn is_integer(n: &serde_json::Number) -> bool {
    n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
}

/// The fields of one request, taken out one by one and checked against its schema.
struct Fields {
    map: serde_json::Map<String, Value>,
    /// The id to echo (`null` until a valid one is found).
    id: Value,
}

impl Fields {
    fn bad(&self, message: impl Into<String>) -> Response {
        Response::error(self.id.clone(), Code::BadRequest, message)
    }

    /// A required string, not empty.
    fn text(&mut self, name: &str) -> Result<String, Response> {
        match self.map.remove(name) {
            Some(Value::String(s)) if !s.is_empty() => Ok(s),
            Some(Value::String(_)) => Err(self.bad(format!("`{name}` is empty"))),
            Some(other) => Err(self.bad(format!("`{name}` is a string, not {other}"))),
            None => Err(self.bad(format!("the request has no `{name}`"))),
        }
    }

    /// `rulings`: required, an object of non-empty strings (U6 in docs/protocol.md).
    fn rulings(&mut self) -> Result<Rulings, Response> {
        let map = match self.map.remove("rulings") {
            Some(Value::Object(map)) => map,
            Some(other) => {
                return Err(self.bad(format!(
                    "`rulings` is an object (name to value), not {other}"
                )));
            }
            None => {
                return Err(self.bad(
                    "the request has no `rulings` (write `{}` for every ruling at its default)",
                ));
            }
        };
        let mut rulings = Rulings::new();
        for (name, value) in &map {
            match value {
                Value::String(v) if !v.is_empty() => {
                    // Keys of a JSON object are distinct once read: insert cannot conflict.
                    rulings.insert(name, v).map_err(|e| self.bad(e.message))?;
                }
                other => {
                    return Err(self.bad(format!(
                        "the value of ruling `{name}` is a non-empty string, not {other}"
                    )));
                }
            }
        }
        Ok(rulings)
    }

    /// `history`: optional, an array of non-empty strings.
    fn history(&mut self) -> Result<Option<Vec<String>>, Response> {
        let items = match self.map.remove("history") {
            None => return Ok(None),
            Some(Value::Array(items)) => items,
            Some(other) => {
                return Err(self.bad(format!("`history` is an array of positions, not {other}")));
            }
        };
        let mut history = Vec::with_capacity(items.len());
        for (i, item) in items.into_iter().enumerate() {
            match item {
                Value::String(s) if !s.is_empty() => history.push(s),
                other => {
                    return Err(self.bad(format!(
                        "history[{i}] is a position (a non-empty string), not {other}"
                    )));
                }
            }
        }
        Ok(Some(history))
    }

    /// `protocol`: required, an integer of at least 1 (beyond `u32`, saturated: the answer is the
    /// engine's own version in any case).
    fn protocol(&mut self) -> Result<u32, Response> {
        match self.map.remove("protocol") {
            Some(Value::Number(n)) if is_integer(&n) && n.as_f64().is_some_and(|f| f >= 1.0) => {
                // `as` saturates: 1e30 reads as u64::MAX.
                let n = n.as_u64().or_else(|| n.as_f64().map(|f| f as u64));
                Ok(n.map_or(u32::MAX, |v| u32::try_from(v).unwrap_or(u32::MAX)))
            }
            Some(other) => Err(self.bad(format!(
                "`protocol` is an integer of at least 1, not {other}"
            ))),
            None => Err(self.bad("the request has no `protocol`")),
        }
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
fn on_game(ruleset: &GameName, id: Value, f: impl FnOnce(GameOps) -> Response) -> Response {
    struct Visit<F>(F);
    impl<F: FnOnce(GameOps) -> Response> GameVisitor for Visit<F> {
        type Output = Response;
        fn visit<G: Game>(self) -> Response {
            (self.0)(GameOps::of::<G>())
        }
    }
    match ruleset {
        GameName::Known(ruleset) => ruleset.visit(Visit(f)),
        GameName::Unknown(name) => Response::Unsupported {
            id,
            message: games::unknown_ruleset(name),
        },
    }
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

/// Sets up a request's game for `G` ([`bao_rules::setup`]), or the in-band answer refusing it.
fn setup<G: Game>(
    id: &Value,
    rulings: &Rulings,
    position: &str,
    history: Option<&[String]>,
) -> Result<Playthrough<G>, Response> {
    let setup = Setup {
        start: Some(position.to_string()),
        rulings: rulings.clone(),
        history: history.unwrap_or(&[]).to_vec(),
        ..Setup::default()
    };
    Playthrough::from_setup(&setup).map_err(|e| match e.field {
        SetupField::History(i) => Response::error(
            id.clone(),
            e.code.into(),
            format!("history[{i}]: {}", e.message_with_rule()),
        ),
        _ if e.code == Code::BadPosition => {
            Response::error(id.clone(), e.code.into(), e.message_with_rule())
        }
        _ => Response::Unsupported {
            id: id.clone(),
            message: e.message,
        },
    })
}

fn serve_legal_moves<G: Game>(id: Value, rulings: &Rulings, position: &str) -> Response {
    match setup::<G>(&id, rulings, position, None) {
        Ok(game) => legal_moves::<G>(id, game.position(), game.rulings()).0,
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
    match setup::<G>(&id, rulings, position, history) {
        Ok(game) => play_in::<G>(id, game, mv).response,
        Err(refusal) => refusal,
    }
}

/// The longest request line `bao-oracle engine` reads, in bytes, without its newline: 1 MiB. A
/// longer line is answered `error bad-request` and its rest read away without being kept.
pub const MAX_REQUEST_LINE: usize = 1 << 20;

/// `bao-oracle engine`: answers request lines until the end of input.
pub struct Server;

/// One line of input, as [`read_line`] found it.
enum Line {
    /// The line (in the caller's buffer), without its newline.
    Read,
    /// Longer than the limit: its bytes were dropped.
    TooLong,
    /// The input has ended.
    End,
}

/// Reads one line into `line` (cleared first), keeping at most `max` bytes: a longer line is read
/// to its end and dropped, so memory stays bounded whatever the input.
fn read_line(
    input: &mut impl std::io::BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Line> {
    line.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(match (any, too_long) {
                (false, _) => Line::End,
                (true, false) => Line::Read,
                (true, true) => Line::TooLong,
            });
        }
        any = true;
        let (chunk, used, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        if !too_long {
            if line.len() + chunk.len() > max {
                too_long = true;
                line.clear();
                line.shrink_to(max);
            } else {
                line.extend_from_slice(chunk);
            }
        }
        input.consume(used);
        if done {
            return Ok(if too_long { Line::TooLong } else { Line::Read });
        }
    }
}

impl Server {
    /// Serves `input` to `output` until `input` ends. Output is flushed whenever no further request
    /// is already waiting, so a driver that sends requests one at a time is answered at once and one
    /// that pipelines them is answered in batches. A line longer than [`MAX_REQUEST_LINE`] or not
    /// UTF-8 is answered `error bad-request`, and serving goes on.
    pub fn serve<R: std::io::Read>(
        input: &mut std::io::BufReader<R>,
        output: &mut impl std::io::Write,
    ) -> std::io::Result<()> {
        Self::serve_lines(input, output, MAX_REQUEST_LINE)
    }

    fn serve_lines<R: std::io::Read>(
        input: &mut std::io::BufReader<R>,
        output: &mut impl std::io::Write,
        max: usize,
    ) -> std::io::Result<()> {
        let mut line = Vec::new();
        loop {
            let mut text = "";
            let response = match read_line(input, &mut line, max)? {
                Line::End => return output.flush(),
                Line::TooLong => Response::error(
                    Value::Null,
                    Code::BadRequest,
                    format!("the request line is longer than {max} bytes"),
                ),
                Line::Read => match std::str::from_utf8(&line) {
                    Err(e) => Response::error(
                        Value::Null,
                        Code::BadRequest,
                        format!("the request line is not UTF-8: {e}"),
                    ),
                    Ok(read) => {
                        // JSON's own whitespace around a message (a `\r` before the newline too).
                        text = read.trim_matches([' ', '\t', '\r']);
                        if text.is_empty() {
                            continue;
                        }
                        respond(text)
                    }
                },
            };
            write_echoing(output, &response, text)?;
            if input.buffer().is_empty() {
                output.flush()?;
            }
        }
    }
}

/// Writes `response` to the request `line` and a newline. The id is echoed byte for byte: an
/// integer id that is not a 64-bit integer (`18446744073709551616`, `1.0`, `1e3`) would otherwise
/// come back rewritten as a float, and a string with escapes (`"\u00e9"`) rewritten, so then its
/// text is taken from the request.
fn write_echoing(
    output: &mut impl std::io::Write,
    response: &Response,
    line: &str,
) -> std::io::Result<()> {
    let rewritten = match response.id() {
        Value::Number(n) => !n.is_i64() && !n.is_u64(),
        Value::String(_) => line.contains('\\'),
        _ => false,
    };
    let raw = rewritten.then(|| raw_id(line)).flatten();
    match raw {
        None => serde_json::to_writer(&mut *output, response)?,
        Some(raw) => {
            let mut text = serde_json::to_string(response)?;
            // Every response serialises as `{"type":"<kind>","id":<id>,...`.
            let head = format!("{{\"type\":\"{}\",\"id\":", response.kind());
            let id = serde_json::to_string(response.id())?;
            if text.starts_with(&head) && text[head.len()..].starts_with(&id) {
                text.replace_range(head.len()..head.len() + id.len(), raw);
            }
            output.write_all(text.as_bytes())?;
        }
    }
    output.write_all(b"\n")
}

/// The id of a request line as written.
fn raw_id(line: &str) -> Option<&str> {
    #[derive(Deserialize)]
    struct Probe<'a> {
        #[serde(borrow)]
        id: &'a serde_json::value::RawValue,
    }
    serde_json::from_str::<Probe>(line).ok().map(|p| p.id.get())
}

/// Ids as the driver assigns them.
pub fn id(n: u64) -> Value {
    Value::from(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::games::Kimasai;
    use serde_json::json;

    #[test]
    fn the_fast_reading_of_a_request_is_the_general_one() {
        let pos = "11111111/11111111/11111111/11111111 N";
        let lines = [
            format!(
                r#"{{"id":1,"type":"legal_moves","ruleset":"bao-kingulu","rulings":{{}},"position":"{pos}"}}"#
            ),
            format!(
                r#"{{"type":"play","id":"a","ruleset":"bao-la-kete","rulings":{{"kete.x":"y"}},"position":"{pos}","move":"A1>"}}"#
            ),
            format!(
                r#"{{"id":2.0,"type":"play","ruleset":"nosuch","rulings":{{}},"position":"{pos}","move":"A1","history":["{pos}"],"extra":[1,{{}}]}}"#
            ),
            format!(
                r#"{{"id":3,"type":"play","ruleset":"bao-kingulu","rulings":{{}},"position":"{pos}","move":"A1","history":null}}"#
            ),
            format!(
                r#"{{"id":3,"type":"play","ruleset":"bao-kingulu","rulings":{{}},"position":"{pos}","move":"A1","history":[""]}}"#
            ),
            format!(
                r#"{{"id":null,"type":"legal_moves","ruleset":"bao-kingulu","rulings":{{}},"position":"{pos}"}}"#
            ),
            format!(
                r#"{{"id":[1],"type":"legal_moves","ruleset":"bao-kingulu","rulings":{{}},"position":"{pos}"}}"#
            ),
            format!(
                r#"{{"id":1,"id":2,"type":"legal_moves","ruleset":"bao-kingulu","rulings":{{}},"position":"{pos}"}}"#
            ),
            format!(
                r#"{{"id":1,"type":"legal_moves","ruleset":"bao-kingulu","rulings":{{"a":"1","a":"2"}},"position":"{pos}"}}"#
            ),
            format!(
                r#"{{"id":1,"type":"legal_moves","ruleset":"bao-kingulu","rulings":{{"kingulu.x":""}},"position":"{pos}"}}"#
            ),
            format!(
                r#"{{"id":1,"type":"legal_moves","ruleset":"bao-kingulu","rulings":null,"position":"{pos}"}}"#
            ),
            format!(
                r#"{{"id":1,"type":"legal_moves","ruleset":"bao-\u006bingulu","rulings":{{}},"position":"{pos}"}}"#
            ),
            format!(
                r#"{{"id":1,"type":"legal_moves","ruleset":"","rulings":{{}},"position":"{pos}"}}"#
            ),
            r#"{"id":1,"type":"legal_moves","ruleset":"bao-kingulu","rulings":{},"position":""}"#
                .to_string(),
            format!(
                r#"{{"id":1,"type":"play","ruleset":"bao-kingulu","rulings":{{}},"position":"{pos}"}}"#
            ),
            format!(r#"[1,"legal_moves","bao-kingulu",{{}},"{pos}"]"#),
            r#"{"id":1,"type":"hello","protocol":1}"#.to_string(),
            r#"{"id":1,"type":"later"}"#.to_string(),
            format!(
                r#"{{"id":1,"type":"legal_moves","ruleset":"bao-kingulu","rulings":{{}},"position":"{pos}"}} x"#
            ),
        ];
        let mut fast = 0;
        for line in &lines {
            let general = read_general(line);
            if let Some(request) = read_plain(line) {
                fast += 1;
                assert_eq!(Ok(request), general, "{line}");
            }
            assert_eq!(read_request(line), general, "{line}");
        }
        // The usual requests (a ruling named twice is the last value, as in the general reading)
        // take the fast path; the others, the general one.
        assert_eq!(fast, 4);
    }

    const START: &str = "111111111111/111111111110/011111111111/111111111111 S";

    fn ask(request: Value) -> Value {
        serde_json::to_value(respond(&request.to_string())).unwrap()
    }

    #[test]
    fn answers_are_read_directly_as_the_tagged_enum_reads_them() {
        let lines = [
            r#"{"id":7,"type":"moves","moves":["A2","B3<"]}"#,
            r#"{"type":"moves","id":"x","moves":[],"undecided":2,"extra":[1,{"a":null}]}"#,
            r#"{"type":"moves","id":1.5,"moves":["A2"],"undecided":0}"#,
            r#"{"type":"played","id":3,"position":"p","events":[{"type":"capture","hole":"a5","rule":"ZAN-9"},{"type":"reserve","hole":"A4","by":"south","seeds":3},{"type":"game_over","result":"north"}]}"#,
            r#"{"type":"played","id":3,"position":"p","events":[{"type":"lap","hole":"a5"}]}"#,
            r#"{"type":"played","id":3,"position":"p"}"#,
            r#"{"type":"moves","type":"played","id":1,"moves":[]}"#,
            r#"{"type":"moves","id":1,"moves":[],"moves":["A1"]}"#,
            r#"{"type":"moves","id":1,"moves":["A1"]}"#,
            r#"{"type":"moves","id":1,"moves":"A2"}"#,
            r#"{"type":"moves","id":1,"moves":["A2"],"undecided":-1}"#,
            r#"{"type":"moves","id":1,"moves":["A2"]} trailing"#,
            r#"{"type":"illegal","id":1,"reason":"no","rule":"ZAN-7"}"#,
            r#"{"type":"error","id":1,"code":"bad-position","message":"m"}"#,
            r#"{"type":"shrug","id":1}"#,
            r#"{"id":1,"moves":[]}"#,
            "[1]",
            "not json",
        ];
        for line in lines {
            let direct = read_response(line).map_err(|e| e.to_string());
            let tagged = serde_json::from_str::<Response>(line).map_err(|e| e.to_string());
            assert_eq!(direct, tagged, "{line}");
        }
    }

    #[test]
    fn a_bad_hello_answer_names_what_is_wrong() {
        let fault = |answer: &str| hello_fault(answer, 0).unwrap_or_default();
        assert_eq!(
            fault(r#"{"type":"hello","id":0,"engine":"stub"}"#),
            "it lacks the fields `protocol`, `rulesets`"
        );
        assert_eq!(
            fault(r#"{"type":"hello","engine":"stub","protocol":1,"rulesets":{}}"#),
            "it lacks the field `id`"
        );
        assert_eq!(
            fault(r#"{"type":"hello","id":3,"engine":"e","protocol":1,"rulesets":{}}"#),
            "its `id` is 3, not 0"
        );
        assert_eq!(
            fault(r#"{"type":"moves"}"#),
            r#"its `type` is "moves", not "hello""#
        );
        assert_eq!(fault("[1]"), "it is not a JSON object");
        assert!(fault("hello").starts_with("it is not JSON ("));
        assert!(
            fault(r#"{"type":"hello","id":0,"engine":"e","protocol":"one","rulesets":{}}"#)
                .contains("invalid type: string \"one\"")
        );
        let good = r#"{"type":"hello","id":0,"engine":"e","protocol":1,"rulesets":{}}"#;
        assert_eq!(hello_fault(good, 0), None);
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

    /// A `played` answer reads the protocol's three kinds of event only, and a reservation
    /// without its seeds (a field of the event shape the protocol does not carry).
    #[test]
    fn a_played_answer_reads_the_protocols_events_only() {
        let read = |events: &str| {
            serde_json::from_str::<Response>(&format!(
                r#"{{"type":"played","id":1,"position":"x","events":[{events}]}}"#
            ))
        };
        let Ok(Response::Played { events, .. }) =
            read(r#"{"type":"reserve","hole":"a1","by":"south","seeds":5,"text":"t"}"#)
        else {
            panic!("a reservation reads");
        };
        assert_eq!(
            events,
            [EventMsg::Reserve {
                hole: "a1".into(),
                by: bao_rules::game::Side::South,
                seeds: None,
                rule: None
            }]
        );
        assert!(read(r#"{"type":"relay","at":"a1","seeds":5}"#).is_err());
        assert!(read(r#"{"type":"sow","hole":"a1"}"#).is_err());
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
                result: bao_rules::game::Outcome::Draw,
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
