//! The engine protocol against its own documents: every request the schemas refuse gets the
//! documented `error` answer from `bao-oracle engine`'s server (which fits the error schema), ids
//! come back byte for byte, hostile lines (overlong, not UTF-8) are answered and serving goes on,
//! and every JSON example of `docs/protocol.md` fits its schema.

use std::io::{BufReader, Read};

use bao_oracle::harness::protocol::{MAX_REQUEST_LINE, Server};
use serde_json::{Value, json};

use crate::common::root;

const KIMASAI: &str = "111111111111/111111111110/011111111111/111111111111 S";
const KINGULU: &str = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";

fn schema(file: &str) -> jsonschema::Validator {
    let path = root().join("docs/schema").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    jsonschema::draft202012::new(&serde_json::from_str(&text).unwrap()).unwrap()
}

fn fits(file: &str, message: &Value) -> Result<(), String> {
    schema(file)
        .validate(message)
        .map_err(|e| format!("{message}\ndoes not fit {file}: {e}"))
}

/// The schema of a message: its `type`, and for `hello` its direction (an answer names its engine).
fn schema_of(message: &Value) -> String {
    let kind = message["type"].as_str().unwrap_or("?");
    let direction = match kind {
        "hello" if message.get("engine").is_none() => "request",
        "legal_moves" | "play" => "request",
        _ => "response",
    };
    format!("{kind}-{direction}.json")
}

/// What the server answers to `input`: one raw line per answer.
fn serve(input: impl Read) -> Vec<String> {
    let mut out = Vec::new();
    Server::serve(&mut BufReader::new(input), &mut out).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn answers(lines: &[String]) -> Vec<Value> {
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let out = serve(input.as_bytes());
    assert_eq!(out.len(), lines.len(), "one answer per request line");
    out.iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A valid request of each type.
fn valid() -> [Value; 3] {
    [
        json!({"id": 1, "type": "hello", "protocol": 1}),
        json!({"id": 2, "type": "legal_moves", "ruleset": "bao-la-kimasai", "rulings": {},
               "position": KIMASAI}),
        json!({"id": 3, "type": "play", "ruleset": "bao-la-kimasai", "rulings": {},
               "position": KIMASAI, "move": "A2", "history": [KIMASAI]}),
    ]
}

/// Every class of request that is a JSON object of a known type but breaks its schema: each
/// required field left out, and each field of a kind the schema does not allow.
fn schema_invalid_objects() -> Vec<(String, Value)> {
    let wrong_kinds = [
        json!(null),
        json!(true),
        json!(1.5),
        json!(7),
        json!(""),
        json!("x"),
        json!([]),
        json!(["x"]),
        json!({}),
        json!({"a": "b"}),
    ];
    let mut cases = Vec::new();
    for request in valid() {
        let Value::Object(map) = &request else {
            unreachable!()
        };
        for field in map.keys() {
            if field == "history" {
                continue; // optional
            }
            let mut without = request.clone();
            without.as_object_mut().unwrap().remove(field);
            cases.push((format!("{} without `{field}`", request["type"]), without));
        }
        for field in map.keys().filter(|f| *f != "type") {
            for wrong in &wrong_kinds {
                let mut changed = request.clone();
                changed[field] = wrong.clone();
                // Keep only the changes the schema refuses (an id `"x"` or 7 is fine).
                if fits(&schema_of(&request), &changed).is_err() {
                    cases.push((
                        format!("{} with `{field}`: {wrong}", request["type"]),
                        changed,
                    ));
                }
            }
        }
    }
    let [_, legal_moves, play] = valid();
    for (what, rulings) in [
        (
            "a ruling value not a string",
            json!({"kingulu.penultimate-source": 1}),
        ),
        (
            "an empty ruling value",
            json!({"kingulu.penultimate-source": ""}),
        ),
        (
            "a ruling value null",
            json!({"kingulu.penultimate-source": null}),
        ),
    ] {
        let mut r = legal_moves.clone();
        r["rulings"] = rulings;
        cases.push((what.to_string(), r));
    }
    for (what, history) in [
        ("a history entry not a string", json!([KIMASAI, 3])),
        ("an empty history entry", json!([""])),
    ] {
        let mut r = play.clone();
        r["history"] = history;
        cases.push((what.to_string(), r));
    }
    for protocol in [json!(0), json!(-1), json!(1.5), json!("1")] {
        cases.push((
            format!("hello with protocol {protocol}"),
            json!({"id": 1, "type": "hello", "protocol": protocol}),
        ));
    }
    cases.push(("no type".into(), json!({"id": 1})));
    cases.push(("type not a string".into(), json!({"id": 1, "type": 3})));
    cases
}

#[test]
fn every_schema_invalid_request_gets_an_error_that_fits_the_error_schema() {
    let mut cases: Vec<(String, String)> = schema_invalid_objects()
        .into_iter()
        .map(|(what, request)| {
            if let Some(kind) = request["type"].as_str() {
                assert!(
                    fits(&format!("{kind}-request.json"), &request).is_err(),
                    "{what}: the schema allows {request}"
                );
            }
            (what, request.to_string())
        })
        .collect();
    for (what, line) in [
        ("not JSON", "{not json"),
        ("an array", "[1,2,3]"),
        ("a string", "\"hello\""),
        ("a number", "42"),
        ("null", "null"),
        (
            "two objects on a line",
            r#"{"id":1,"type":"hello","protocol":1}{}"#,
        ),
        (
            "a number too large for JSON readers",
            r#"{"id":1e999,"type":"hello","protocol":1}"#,
        ),
    ] {
        cases.push((what.to_string(), line.to_string()));
    }
    assert!(cases.len() > 60, "{} cases", cases.len());
    let lines: Vec<String> = cases.iter().map(|(_, l)| l.clone()).collect();
    for ((what, line), answer) in cases.iter().zip(answers(&lines)) {
        fits("error-response.json", &answer).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(answer["code"], "bad-request", "{what}: {line}");
        // The id is echoed when it is one the schemas allow, else `null`.
        let sent: Value = serde_json::from_str(line).unwrap_or(Value::Null);
        let id = &sent["id"];
        let echo = if id.is_string() || id.is_i64() || id.is_u64() {
            id.clone()
        } else {
            Value::Null
        };
        assert_eq!(answer["id"], echo, "{what}: {line}");
    }
}

#[test]
fn forward_compatible_requests_are_not_errors() {
    // Unknown fields are ignored; an unknown type is a request of a later version: `unsupported`.
    let [hello, legal_moves, _] = valid();
    let mut extra = legal_moves.clone();
    extra["comment"] = json!({"any": ["thing"]});
    let got = answers(&[
        legal_moves.to_string(),
        extra.to_string(),
        r#"{"id":9,"type":"resign","side":"south"}"#.to_string(),
        r#"{"type":"resign"}"#.to_string(),
        hello.to_string(),
    ]);
    assert_eq!(got[0], got[1]);
    assert_eq!(got[0]["type"], "moves");
    for (answer, id) in [(&got[2], json!(9)), (&got[3], Value::Null)] {
        fits("unsupported-response.json", answer).unwrap();
        assert_eq!(answer["id"], id);
    }
    fits("hello-response.json", &got[4]).unwrap();
}

#[test]
fn ids_come_back_byte_for_byte() {
    // Every integer JSON Schema allows (any size, `1.0`, `1e3`, `-0`) and any string.
    let ids = [
        "0",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775809",
        "123456789012345678901234567890",
        "1.0",
        "1e3",
        "-0",
        "2.50E1",
        r#""""#,
        r#""x""#,
        r#""\u00e9\n""#,
    ];
    let lines: Vec<String> = ids
        .iter()
        .map(|id| format!(r#"{{"id":{id},"type":"hello","protocol":1}}"#))
        .collect();
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let out = serve(input.as_bytes());
    assert_eq!(out.len(), ids.len());
    for ((id, line), answer) in ids.iter().zip(&lines).zip(&out) {
        fits("hello-request.json", &serde_json::from_str(line).unwrap()).unwrap();
        let head = format!(r#"{{"type":"hello","id":{id},"#);
        assert!(answer.starts_with(&head), "{id}: {answer}");
        fits(
            "hello-response.json",
            &serde_json::from_str(answer).unwrap(),
        )
        .unwrap();
    }
}

#[test]
fn claims_are_checked() {
    let play = |ruleset: &str, position: &str, mv: &str| {
        json!({"id": 1, "type": "play", "ruleset": ruleset, "rulings": {}, "position": position,
               "move": mv})
        .to_string()
    };
    let got = answers(&[
        play("bao-kingulu", KINGULU, "A3x6"),
        play("bao-la-kimasai", KIMASAI, "A2x"),
        play("bao-la-kimasai", KIMASAI, "A2xx"),
        play("bao-la-kimasai", KIMASAI, "A2"),
    ]);
    for answer in &got[..2] {
        fits("error-response.json", answer).unwrap();
        assert_eq!(answer["code"], "false-claim", "{answer}");
    }
    assert_eq!(got[2]["type"], "played");
    assert_eq!(got[2], got[3], "a true claim plays as the move does");
}

#[test]
fn an_overlong_line_is_answered_and_serving_goes_on() {
    /// `len` bytes of `x`, then a newline and `rest`, produced as read: never held in memory.
    struct Long {
        len: usize,
        at: usize,
        rest: Vec<u8>,
    }
    impl Read for Long {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.at < self.len {
                let n = buf.len().min(self.len - self.at);
                buf[..n].fill(b'x');
                self.at += n;
                return Ok(n);
            }
            let i = self.at - self.len;
            let n = buf.len().min(self.rest.len().saturating_sub(i));
            buf[..n].copy_from_slice(&self.rest[i..i + n]);
            self.at += n;
            Ok(n)
        }
    }
    let hello = valid()[0].to_string();
    for len in [MAX_REQUEST_LINE + 1, 64 << 20] {
        let out = serve(Long {
            len,
            at: 0,
            rest: format!("\n{hello}\n").into_bytes(),
        });
        assert_eq!(out.len(), 2, "{out:?}");
        let error: Value = serde_json::from_str(&out[0]).unwrap();
        fits("error-response.json", &error).unwrap();
        assert_eq!(error["code"], "bad-request");
        assert!(out[1].starts_with(r#"{"type":"hello","id":1,"#));
    }
    // Exactly the maximum is read as a request (here: not JSON, but answered as such).
    let mut line = vec![b' '; MAX_REQUEST_LINE - hello.len()];
    line.extend_from_slice(hello.as_bytes());
    line.push(b'\n');
    let out = serve(&line[..]);
    assert!(out[0].starts_with(r#"{"type":"hello","id":1,"#), "{out:?}");
}

#[test]
fn a_line_that_is_not_utf8_is_answered_and_serving_goes_on() {
    let hello = valid()[0].to_string();
    let mut input = b"{\"id\":1,\"type\":\"hello\",\"protocol\":1,\"x\":\"\xff\xfe\"}\n".to_vec();
    input.extend_from_slice(format!("{hello}\r\n").as_bytes());
    let out = serve(&input[..]);
    assert_eq!(out.len(), 2, "{out:?}");
    let error: Value = serde_json::from_str(&out[0]).unwrap();
    fits("error-response.json", &error).unwrap();
    assert_eq!(
        (&error["code"], &error["id"]),
        (&json!("bad-request"), &Value::Null)
    );
    assert!(out[1].starts_with(r#"{"type":"hello","id":1,"#));
}

// --- The page's examples ----------------------------------------------------------------------------

/// The fenced blocks of `docs/protocol.md`: (language, lines).
fn page_blocks() -> Vec<(String, Vec<String>)> {
    let page = std::fs::read_to_string(root().join("docs/protocol.md")).unwrap();
    let mut blocks = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in page.lines() {
        match (line.strip_prefix("```"), open.take()) {
            (Some(lang), None) => open = Some((lang.trim().to_string(), Vec::new())),
            (Some(_), Some(block)) => blocks.push(block),
            (None, Some((lang, mut lines))) => {
                lines.push(line.to_string());
                open = Some((lang, lines));
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "an unclosed code block");
    blocks
}

#[test]
fn every_json_example_of_the_protocol_page_fits_its_schema() {
    let mut checked = 0;
    for (lang, lines) in page_blocks().iter().filter(|(l, _)| l == "json") {
        for line in lines.iter().filter(|l| !l.trim().is_empty()) {
            let message: Value = serde_json::from_str(line).unwrap_or_else(|e| {
                panic!("a {lang} example is not one JSON message a line: {e}\n{line}")
            });
            fits(&schema_of(&message), &message).unwrap();
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked} examples");
}

#[test]
fn the_protocol_page_session_is_what_the_engine_answers() {
    let sessions: Vec<Vec<String>> = page_blocks()
        .into_iter()
        .filter(|(lang, lines)| {
            lang == "text"
                && lines
                    .iter()
                    .all(|l| l.starts_with("> ") || l.starts_with("< "))
        })
        .map(|(_, lines)| lines)
        .collect();
    assert_eq!(sessions.len(), 1, "one session on the page");
    let lines = &sessions[0];
    assert!(lines.len() >= 10 && lines.len().is_multiple_of(2));
    let requests: Vec<String> = lines
        .iter()
        .step_by(2)
        .map(|l| l[2..].to_string())
        .collect();
    let input: String = requests.iter().map(|l| format!("{l}\n")).collect();
    let engine = serve(input.as_bytes());
    for (pair, got) in lines.chunks(2).zip(&engine) {
        let (request, answer) = (&pair[0][2..], pair[1].strip_prefix("< ").unwrap());
        let request: Value = serde_json::from_str(request).unwrap();
        let answer: Value = serde_json::from_str(answer).unwrap();
        fits(&schema_of(&answer), &answer).unwrap();
        // A request the page shows refused as malformed breaks its schema; the others fit it.
        let kind = request["type"].as_str().unwrap();
        let valid = fits(&format!("{kind}-request.json"), &request);
        if answer["code"] == "bad-request" {
            assert!(valid.is_err(), "{request} fits its schema");
        } else {
            valid.unwrap();
        }
        // The page shortens the oracle's `hello`; every other answer is the engine's, byte for byte.
        if kind != "hello" || answer["type"] != "hello" {
            assert_eq!(&pair[1][2..], got.as_str());
        }
    }
}
