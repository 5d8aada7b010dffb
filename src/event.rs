//! A step of a move as data: the one serde shape of an event, holes by their names, that the
//! engine protocol (its outcome events), the specification's scenarios (theirs), `explain
//! --format json` and the Python package (every event) all write and read.
//!
//! Every document uses the same fields with the same meanings; they differ only in which kinds of
//! event they carry and in the spelling of the tag: `type`, as the protocol has always written it,
//! everywhere but in scenario files, whose `kind` ([`spec_form`]) stays as written.

use bao_rules::game::{Event, Game, GameEnd, Outcome, Side};
use serde::{Deserialize, Serialize};

/// Seeds counted for each side at the end of a game decided on score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Score {
    pub south: u32,
    pub north: u32,
}

/// One event of a move, holes by name. `rule` (the rule behind it) is informative: a reader
/// compares it only where an expectation names one.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventData {
    /// A lap of sowing: `seeds` from `from` (or, right after a capture, the captured seeds sown
    /// starting in `from`), the last seed falling into `to`.
    Lap {
        from: String,
        seeds: u32,
        /// `clockwise` or `anticlockwise`.
        direction: String,
        to: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// A lap ended in an occupied hole: its `seeds` are lifted for the next lap.
    Relay {
        at: String,
        seeds: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// One stone moved one hole (Bao la Kimasai).
    Step {
        from: String,
        to: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// `seeds` from the mover's reserve put into `hole` (Bao la Kete, Bao la Kiswahili: namua).
    Enter {
        hole: String,
        seeds: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// `seeds` taken off the board from `hole` by the mover, counted as the game's notation counts
    /// a capture (Bao Kingulu: the capturing seed included, KIN-9).
    Capture {
        hole: String,
        seeds: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// `hole` is reserved by `by` (Kingulu KIN-10, Kete hizi zetu, the takasia), holding `seeds`
    /// after it. The protocol does not carry `seeds` (its readers ignore it).
    Reserve {
        hole: String,
        by: Side,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seeds: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// One seed moved from `from` into the reserved hole `to` (Kingulu: the last-but-one seed).
    Transfer {
        from: String,
        to: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// A decision or rule that changes the course of the move without moving seeds (Kete: safari,
    /// kuu destroyed, ...), by its name.
    Note {
        note: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// The move ended in `at`, for `reason` (in words).
    Stop {
        at: String,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// The game is over after the move: `result` `south`, `north` or `draw`, the `score` where the
    /// game is decided on one.
    GameOver {
        result: Outcome,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        score: Option<Score>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
}

impl EventData {
    /// `event` of game `G` as data, with its rule.
    pub fn of<G: Game>(event: &Event) -> EventData {
        let h = |i: u8| G::hole_name(i).to_string();
        let rule = Some(event.rule().to_string());
        match *event {
            Event::Lap {
                from,
                seeds,
                direction,
                to,
                ..
            } => EventData::Lap {
                from: h(from),
                seeds: seeds.into(),
                direction: direction.name().to_string(),
                to: h(to),
                rule,
            },
            Event::Relay { at, seeds, .. } => EventData::Relay {
                at: h(at),
                seeds: seeds.into(),
                rule,
            },
            Event::Step { from, to, .. } => EventData::Step {
                from: h(from),
                to: h(to),
                rule,
            },
            Event::Enter { hole, seeds, .. } => EventData::Enter {
                hole: h(hole),
                seeds: seeds.into(),
                rule,
            },
            Event::Capture { hole, seeds, .. } => EventData::Capture {
                hole: h(hole),
                seeds: seeds.into(),
                rule,
            },
            Event::Reserve {
                hole, by, seeds, ..
            } => EventData::Reserve {
                hole: h(hole),
                by,
                seeds: Some(seeds.into()),
                rule,
            },
            Event::Transfer { from, to, .. } => EventData::Transfer {
                from: h(from),
                to: h(to),
                rule,
            },
            Event::Note { note, .. } => EventData::Note {
                note: note.name().to_string(),
                rule,
            },
            Event::Stop { at, reason, .. } => EventData::Stop {
                at: h(at),
                reason: reason.describe(G::TERMS),
                rule,
            },
            Event::GameOver { end } => EventData::game_over(&end),
        }
    }

    /// The end of a game as an event.
    pub fn game_over(end: &GameEnd) -> EventData {
        let End {
            result,
            rule,
            score,
        } = End::of(end);
        EventData::GameOver {
            result,
            score,
            rule: Some(rule.to_string()),
        }
    }

    /// The type's name as written (`capture`, `game_over`).
    pub fn name(&self) -> &'static str {
        match self {
            EventData::Lap { .. } => "lap",
            EventData::Relay { .. } => "relay",
            EventData::Step { .. } => "step",
            EventData::Enter { .. } => "enter",
            EventData::Capture { .. } => "capture",
            EventData::Reserve { .. } => "reserve",
            EventData::Transfer { .. } => "transfer",
            EventData::Note { .. } => "note",
            EventData::Stop { .. } => "stop",
            EventData::GameOver { .. } => "game_over",
        }
    }

    /// The rule behind the event, where it says.
    pub fn rule(&self) -> Option<&str> {
        self.rule_field().as_deref()
    }

    fn rule_field(&self) -> &Option<String> {
        match self {
            EventData::Lap { rule, .. }
            | EventData::Relay { rule, .. }
            | EventData::Step { rule, .. }
            | EventData::Enter { rule, .. }
            | EventData::Capture { rule, .. }
            | EventData::Reserve { rule, .. }
            | EventData::Transfer { rule, .. }
            | EventData::Note { rule, .. }
            | EventData::Stop { rule, .. }
            | EventData::GameOver { rule, .. } => rule,
        }
    }

    fn rule_mut(&mut self) -> &mut Option<String> {
        match self {
            EventData::Lap { rule, .. }
            | EventData::Relay { rule, .. }
            | EventData::Step { rule, .. }
            | EventData::Enter { rule, .. }
            | EventData::Capture { rule, .. }
            | EventData::Reserve { rule, .. }
            | EventData::Transfer { rule, .. }
            | EventData::Note { rule, .. }
            | EventData::Stop { rule, .. }
            | EventData::GameOver { rule, .. } => rule,
        }
    }

    /// The event without its informative rule id.
    pub fn without_rule(&self) -> EventData {
        let mut event = self.clone();
        *event.rule_mut() = None;
        event
    }

    /// Whether it is an outcome of the move, what is left when it is over: a capture or a
    /// reservation (what a scenario expects) or the game's end (the protocol's third).
    pub fn is_outcome(&self) -> bool {
        matches!(
            self,
            EventData::Capture { .. } | EventData::Reserve { .. } | EventData::GameOver { .. }
        )
    }

    /// Whether `self`, an expectation, fits `got`: the same event, where the expectation leaves
    /// out the rule or a reservation's seeds, whatever `got` says of them.
    pub fn fits(&self, got: &EventData) -> bool {
        let mut got = got.clone();
        if self.rule().is_none() {
            *got.rule_mut() = None;
        }
        if let (EventData::Reserve { seeds: None, .. }, EventData::Reserve { seeds, .. }) =
            (self, &mut got)
        {
            *seeds = None;
        }
        *self == got
    }

    /// The event in words (`capture 2 from a12`, `a1 reserved by south, holding 5`), without its
    /// rule.
    pub fn describe(&self) -> String {
        let s = |n: u32| if n == 1 { "" } else { "s" };
        match self {
            EventData::Lap {
                from,
                seeds,
                direction,
                to,
                ..
            } => format!("lap of {seeds} from {from} {direction}, last seed in {to}"),
            EventData::Relay { at, seeds, .. } => format!("relay: lift {seeds} from {at}"),
            EventData::Step { from, to, .. } => format!("{from} -> {to}"),
            EventData::Enter { hole, seeds, .. } => {
                format!("{seeds} seed{} entered into {hole}", s(*seeds))
            }
            EventData::Capture { hole, seeds, .. } => format!("capture {seeds} from {hole}"),
            EventData::Reserve {
                hole, by, seeds, ..
            } => match seeds {
                Some(n) => format!("{hole} reserved by {by}, holding {n}"),
                None => format!("{hole} reserved by {by}"),
            },
            EventData::Transfer { from, to, .. } => format!("one seed from {from} to {to}"),
            EventData::Note { note, .. } => note.clone(),
            EventData::Stop { at, reason, .. } => format!("stop in {at}: {reason}"),
            EventData::GameOver { result, score, .. } => match score {
                Some(s) => format!("game over: {result} ({}-{})", s.south, s.north),
                None => format!("game over: {result}"),
            },
        }
    }
}

/// How a game ended, as data: `result`, the `rule` that ended it, and the `score` (written `null`
/// where the game is not decided on one). The `game_over` event says the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct End {
    pub result: Outcome,
    pub rule: &'static str,
    pub score: Option<Score>,
}

impl End {
    /// The end as data.
    pub fn of(end: &GameEnd) -> End {
        End {
            result: end.outcome,
            rule: end.rule,
            score: end.score.map(|[s, n]| Score {
                south: s.into(),
                north: n.into(),
            }),
        }
    }
}

/// Every event of a move of game `G` as data.
pub fn all<G: Game>(events: &[Event]) -> Vec<EventData> {
    events.iter().map(EventData::of::<G>).collect()
}

/// An event with the rules' own sentence for it (`text`): what the Python package gives for each
/// event of a move played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Described {
    #[serde(flatten)]
    pub event: EventData,
    /// The event in the rules' words ([`Event::describe`]).
    pub text: String,
}

/// Every event of a move of game `G`, described.
pub fn described<G: Game>(events: &[Event]) -> Vec<Described> {
    events
        .iter()
        .map(|e| Described {
            event: EventData::of::<G>(e),
            text: e.describe::<G>(),
        })
        .collect()
}

/// The form of events in scenario files (`spec/README.md`): the tag written `kind` (as those
/// files always have; `type` is read too), only captures and reservations, and no field the
/// event does not have. For `#[serde(with = "…")]` on an `Option<Vec<EventData>>`.
pub mod spec_form {
    use super::EventData;
    use serde::ser::SerializeMap;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use serde_json::Value;

    /// The kinds of event a scenario expects.
    pub const KINDS: [&str; 2] = ["capture", "reserve"];

    pub fn serialize<S: Serializer>(
        events: &Option<Vec<EventData>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        events
            .as_ref()
            .map(|events| events.iter().map(Tagged).collect::<Vec<_>>())
            .serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Vec<EventData>>, D::Error> {
        let Some(items) = Option::<Vec<Value>>::deserialize(deserializer)? else {
            return Ok(None);
        };
        items
            .into_iter()
            .map(read)
            .collect::<Result<Vec<_>, String>>()
            .map(Some)
            .map_err(serde::de::Error::custom)
    }

    /// One event as a scenario writes it.
    pub fn read(item: Value) -> Result<EventData, String> {
        let Value::Object(mut fields) = item else {
            return Err(format!("an event is a mapping with a `kind`, not `{item}`"));
        };
        let kind = match (fields.remove("kind"), fields.remove("type")) {
            (Some(kind), None) | (None, Some(kind)) => kind,
            (None, None) => return Err("an event needs its `kind` (capture or reserve)".into()),
            (Some(_), Some(_)) => return Err("an event has one `kind`, not a `type` too".into()),
        };
        let Some(kind) = kind.as_str().filter(|k| KINDS.contains(k)) else {
            return Err(format!(
                "unknown event kind {kind}: a scenario expects {}",
                KINDS.join(" or ")
            ));
        };
        let given: Vec<String> = fields.keys().cloned().collect();
        fields.insert("type".into(), Value::from(kind));
        let event: EventData =
            serde_json::from_value(Value::Object(fields)).map_err(|e| format!("{kind}: {e}"))?;
        // What the event writes back is every field it has that was given: anything else is a
        // field it does not have.
        let known = serde_json::to_value(&event).map_err(|e| e.to_string())?;
        if let Some(unknown) = given.iter().find(|f| known.get(f.as_str()).is_none()) {
            return Err(format!("unknown field `{unknown}` of a {kind} event"));
        }
        Ok(event)
    }

    /// An event written with `kind` first, then its fields in their order.
    struct Tagged<'a>(&'a EventData);

    impl Serialize for Tagged<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(None)?;
            map.serialize_entry("kind", self.0.name())?;
            match self.0 {
                EventData::Capture { hole, seeds, rule } => {
                    map.serialize_entry("hole", hole)?;
                    map.serialize_entry("seeds", seeds)?;
                    if let Some(rule) = rule {
                        map.serialize_entry("rule", rule)?;
                    }
                }
                EventData::Reserve {
                    hole,
                    by,
                    seeds,
                    rule,
                } => {
                    map.serialize_entry("hole", hole)?;
                    map.serialize_entry("by", by)?;
                    if let Some(seeds) = seeds {
                        map.serialize_entry("seeds", seeds)?;
                    }
                    if let Some(rule) = rule {
                        map.serialize_entry("rule", rule)?;
                    }
                }
                // Not a scenario's kind: its fields all the same, by name.
                other => {
                    if let Ok(Value::Object(fields)) = serde_json::to_value(other) {
                        for (name, value) in fields.iter().filter(|(n, _)| *n != "type") {
                            map.serialize_entry(name, value)?;
                        }
                    }
                }
            }
            map.end()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::games::Kingulu;
    use bao_rules::play::Playthrough;

    #[test]
    fn the_protocol_writes_type_and_leaves_out_what_is_not_given() {
        let capture = EventData::Capture {
            hole: "a4".into(),
            seeds: 7,
            rule: None,
        };
        let json = serde_json::to_string(&capture).unwrap();
        assert_eq!(json, r#"{"type":"capture","hole":"a4","seeds":7}"#);
        // Unknown fields are tolerated where the protocol reads (its rule of versions).
        let read: EventData =
            serde_json::from_str(r#"{"type":"capture","hole":"a4","seeds":7,"extra":1}"#).unwrap();
        assert_eq!(read, capture);
        let over: EventData =
            serde_json::from_str(r#"{"type":"game_over","result":"draw"}"#).unwrap();
        assert_eq!(over.describe(), "game over: draw");
    }

    #[test]
    fn scenarios_read_and_write_kind() {
        let yaml = "- {kind: capture, hole: a3, seeds: 5, rule: KIN-9}\n- {kind: reserve, hole: a2, by: south, seeds: 5}\n- {type: reserve, hole: a1, by: north}\n";
        #[derive(Deserialize, Serialize)]
        struct Doc {
            #[serde(with = "spec_form")]
            events: Option<Vec<EventData>>,
        }
        let doc: Doc = serde_saphyr::from_str(&format!("events:\n{yaml}")).unwrap();
        let events = doc.events.as_ref().unwrap();
        assert_eq!(events.len(), 3);
        assert_eq!(
            events[1],
            EventData::Reserve {
                hole: "a2".into(),
                by: Side::South,
                seeds: Some(5),
                rule: None
            }
        );
        assert_eq!(
            serde_json::to_string(&doc).unwrap(),
            r#"{"events":[{"kind":"capture","hole":"a3","seeds":5,"rule":"KIN-9"},{"kind":"reserve","hole":"a2","by":"south","seeds":5},{"kind":"reserve","hole":"a1","by":"north"}]}"#
        );
        for bad in [
            "- {kind: capture, hole: a1, seeds: 1, extra: 2}",
            "- {kind: sow, hole: a1}",
            "- {kind: lap, from: a1, seeds: 1, direction: clockwise, to: a2}",
            "- {kind: capture, type: capture, hole: a1, seeds: 1}",
            "- {hole: a1, seeds: 1}",
            "- {kind: capture, hole: a1}",
        ] {
            let doc = serde_saphyr::from_str::<Doc>(&format!("events:\n{bad}\n"));
            assert!(doc.is_err(), "{bad}");
        }
    }

    #[test]
    fn an_expectation_fits_what_it_leaves_out() {
        let got = EventData::Reserve {
            hole: "a1".into(),
            by: Side::South,
            seeds: Some(5),
            rule: Some("KIN-10".into()),
        };
        let bare = EventData::Reserve {
            hole: "a1".into(),
            by: Side::South,
            seeds: None,
            rule: None,
        };
        assert!(bare.fits(&got) && got.fits(&got));
        assert!(!got.fits(&bare));
        let wrong = EventData::Reserve {
            hole: "a1".into(),
            by: Side::South,
            seeds: Some(4),
            rule: None,
        };
        assert!(!wrong.fits(&got));
    }

    #[test]
    fn every_event_of_a_move_has_its_data_and_words() {
        let mut game = Playthrough::<Kingulu>::new(Kingulu::start(), Default::default());
        let played = game.play_text("A3").unwrap();
        let data = all::<Kingulu>(&played.events);
        assert_eq!(data.len(), played.events.len());
        assert_eq!(
            serde_json::to_string(&data[0]).unwrap(),
            r#"{"type":"lap","from":"A3","seeds":4,"direction":"anticlockwise","to":"a1","rule":"KIN-4"}"#
        );
        let told = described::<Kingulu>(&played.events);
        let json = serde_json::to_value(&told[0]).unwrap();
        assert_eq!(
            json["text"],
            "lap of 4 from A3 anticlockwise, last seed in a1"
        );
        assert_eq!(json["type"], "lap");
        // Each event reads back as written.
        for e in &data {
            let back: EventData = serde_json::from_str(&serde_json::to_string(e).unwrap()).unwrap();
            assert_eq!(&back, e);
        }
    }
}
