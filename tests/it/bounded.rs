//! One bounded play: a move that never ends gets one verdict, with its cycle, from every command
//! that plays or lists moves, each run under a memory limit (a never-ending move once made `play`
//! collect events until the machine ran out of memory).
//!
//! The moves: Bao la Kete's North `b5<` from the rules crate's never-ending position (KETE-A7, a
//! cycle of 120 laps); Bao la Kiswahili's ply 23 of de Voogt's endless game (`we1.bao`, `A3L*` =
//! `A3<`, ZAN-27, 228 laps), whose position is the one `explain --record` prints after ply 22;
//! Bao Kingulu's `A5` from the rules crate's never-ending position (KIN-A8); and the long Bao
//! la Kete takata of issue 23 (North's `a3<` under
//! `kete.hizi-zetu-must-capture=no`: a cycle of 250,118,864 laps), for the commands that play it.

use std::io::Write;
use std::process::{Command, Stdio};

use bao_rules::{Game, Playthrough, RulingSet, with_game};

use crate::common::{BIN, root};

/// The memory a command may use, in KiB of address space (`ulimit -v`): under 100 MB.
const MEMORY_KIB: u32 = 100_000;

/// A never-ending move: ruleset, rulings (`NAME=VALUE`), position, move text.
struct Case {
    ruleset: &'static str,
    rulings: &'static [&'static str],
    position: &'static str,
    text: &'static str,
}

const KETE: Case = Case {
    ruleset: "bao-la-kete",
    rulings: &[],
    position: "1,0,1,4,0,1,0,2/0,1,0,1,0,1,0,1/4,1,5,2,4,0,11,1/1,6,5,3,0,1,6,1 0,0 - - N",
    text: "b5<",
};

const KISWAHILI: Case = Case {
    ruleset: "bao-la-kiswahili",
    rulings: &[],
    position: "0,0,0,0,0,0,0,0/0,0,0,0,9,0,0,1/1,6,3,1,0,5,4,0/2,1,0,5,0,3,0,1 11,11 - - S",
    text: "A3<",
};

const KINGULU: Case = Case {
    ruleset: "bao-kingulu",
    rulings: &[],
    position: "1,0,1,0,1,2/0,1,0,1,2,0 39-0 S",
    text: "A5",
};

const KETE_LONG: Case = Case {
    ruleset: "bao-la-kete",
    rulings: &["kete.hizi-zetu-must-capture=no"],
    position: "1,7,0,4,0,1,4,1/8,11,1,0,16,3,1,0/0,1,0,0,0,0,0,0/1,1,0,1,1,1,0,0 0,0 - - N",
    text: "a3<",
};

impl Case {
    fn ruling_set(&self) -> RulingSet {
        let mut set = RulingSet::new();
        for assignment in self.rulings {
            let (name, value) = assignment.split_once('=').unwrap();
            set.insert(name, value).unwrap();
        }
        set
    }

    /// The library's verdict: the rule and the message, which must name the cycle.
    fn verdict(&self) -> (String, String) {
        let ruleset = bao_rules::Ruleset::from_name(self.ruleset).unwrap();
        with_game!(ruleset, G => refusal::<G>(&self.ruling_set(), self.position, self.text))
    }

    fn ruling_args(&self) -> Vec<String> {
        self.rulings
            .iter()
            .flat_map(|r| ["--ruling".to_string(), r.to_string()])
            .collect()
    }

    /// A record of the game: the position, the move.
    fn record(&self) -> String {
        let rulings: String = self
            .rulings
            .iter()
            .map(|r| {
                let (name, value) = r.split_once('=').unwrap();
                format!("  {name}: {value}\n")
            })
            .collect();
        let rulings = if rulings.is_empty() {
            String::new()
        } else {
            format!("rulings:\n{rulings}")
        };
        format!(
            "ruleset: {}\nsource: a never-ending move\n{rulings}start: \"{}\"\nmoves: [\"{}\"]\n",
            self.ruleset, self.position, self.text
        )
    }
}

/// How the rules refuse `text` at `position`: the rule and the message.
fn refusal<G: Game>(set: &RulingSet, position: &str, text: &str) -> (String, String) {
    let rulings = set.resolve::<G>().unwrap();
    let position = G::parse_position(position).unwrap();
    let error = Playthrough::<G>::new(position, rulings)
        .play_text(text)
        .unwrap_err();
    (error.rule.unwrap().to_string(), error.message)
}

/// Runs `bao-oracle ARGS` under the memory limit, `stdin` on its standard input: exit code,
/// standard output, standard error.
fn limited(args: &[String], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB} && exec \"$@\""))
        .arg("sh")
        .arg(BIN)
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn args(words: &[&str], case: &Case) -> Vec<String> {
    words
        .iter()
        .map(|w| w.to_string())
        .chain(case.ruling_args())
        .collect()
}

/// `play` exits 1 with the verdict.
fn by_play(case: &Case, want: &(String, String)) {
    let (code, _, err) = limited(
        &args(
            &["play", case.ruleset, "-p", case.position, case.text],
            case,
        ),
        "",
    );
    assert_eq!(code, Some(1), "play {}: {err}", case.text);
    // Ply 1 is the first move of the side to move, the compact form's last letter.
    let side = match case.position.trim_end().chars().last() {
        Some('N') => "north",
        _ => "south",
    };
    assert_eq!(
        err.trim_end(),
        format!(
            "error[illegal-move]: move 1, {side} (ply 1) `{}`: {} ({})",
            case.text, want.1, want.0
        )
    );
}

/// `check` of a record ending in the move: one `illegal-move` with the rule and the verdict.
fn by_check(case: &Case, want: &(String, String), name: &str) {
    let dir = std::env::temp_dir().join(format!("bao-bounded-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.yaml");
    std::fs::write(&file, case.record()).unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = limited(&args(&["check", path, "--format", "json"], case), "");
    assert_eq!(code, Some(1), "check {}: {err}", case.text);
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let errors = &report["files"][0]["games"][0]["errors"];
    assert_eq!(errors.as_array().unwrap().len(), 1, "{errors}");
    assert_eq!(errors[0]["code"], "illegal-move");
    assert_eq!(errors[0]["rule"], want.0.as_str());
    assert_eq!(
        errors[0]["message"],
        format!("`{}` is illegal: {}", case.text, want.1)
    );

    // `repair` ends its search in bounded memory too, and does what `check` says: the move is
    // the record's last, so where several moves would end the record alike none is applied
    // (issue 32, item 2); else the one there is replaces it.
    let verdict = &report["files"][0]["games"][0]["repair"]["verdict"];
    let (code, out, err) = limited(&["repair".to_string(), path.to_string()], "");
    if verdict == "ambiguous" {
        assert_eq!(code, Some(1), "repair {}: {err}", case.text);
        assert!(
            out.starts_with("# repair: game 1 left as written: ambiguous: "),
            "{out}"
        );
        assert!(out.ends_with(&case.record()), "{out}");
    } else {
        assert_eq!(verdict, "borne-out");
        assert_eq!(code, Some(0), "repair {}: {err}", case.text);
        assert!(out.contains(&format!("written {}", case.text)), "{out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The engine protocol's `play` request: `illegal`, with the rule and the verdict.
fn by_protocol(case: &Case, want: &(String, String)) {
    let rulings: serde_json::Map<String, serde_json::Value> = case
        .rulings
        .iter()
        .map(|r| {
            let (name, value) = r.split_once('=').unwrap();
            (name.to_string(), value.into())
        })
        .collect();
    let request = serde_json::json!({
        "id": 1, "type": "play", "ruleset": case.ruleset, "rulings": rulings,
        "position": case.position, "move": case.text,
    });
    let (code, out, err) = limited(&["engine".to_string()], &format!("{request}\n"));
    assert_eq!(code, Some(0), "engine: {err}");
    let answer: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(answer["type"], "illegal", "{answer}");
    assert_eq!(answer["rule"], want.0.as_str());
    assert_eq!(answer["reason"], want.1.as_str());
}

/// `explain` refuses it with the verdict.
fn by_explain(case: &Case, want: &(String, String)) {
    let (code, out, err) = limited(
        &args(
            &["explain", case.ruleset, "-p", case.position, case.text],
            case,
        ),
        "",
    );
    assert_eq!(code, Some(1), "explain {}: {err}", case.text);
    let line = format!(
        "{} is illegal (illegal-move, {}): {}",
        case.text, want.0, want.1
    );
    assert!(out.contains(&line), "{out}");
}

/// `moves` does not list it, and says nothing is undecided.
fn by_moves(case: &Case) {
    let (code, out, err) = limited(
        &args(&["moves", case.ruleset, "-p", case.position], case),
        "",
    );
    assert_eq!(code, Some(0), "moves: {err}");
    assert!(!out.lines().any(|m| m == case.text), "{out}");
    assert!(!out.is_empty() && err.is_empty(), "{out}{err}");
}

fn every_surface(case: &Case, name: &str) {
    let want = case.verdict();
    assert!(
        want.1.contains("never ends") && want.1.contains("a cycle of"),
        "{want:?}"
    );
    by_play(case, &want);
    by_check(case, &want, name);
    by_protocol(case, &want);
    by_explain(case, &want);
    by_moves(case);
}

#[test]
fn a_never_ending_kete_move_has_one_verdict_everywhere() {
    every_surface(&KETE, "kete");
}

/// Bao Kingulu's relays are never-ending moves too (KIN-A8); Bao la Kimasai has none (a move is
/// one step).
#[test]
fn a_never_ending_kingulu_move_has_one_verdict_everywhere() {
    every_surface(&KINGULU, "kingulu");
}

#[test]
fn a_never_ending_kiswahili_move_has_one_verdict_everywhere() {
    every_surface(&KISWAHILI, "kiswahili");
    // The published game itself: `check`, `explain --record` say the same of its ply 23.
    let want = KISWAHILI.verdict();
    let (code, out, _) = limited(
        &[
            "explain",
            "--record",
            "tests/data/voogt-1994/we1.bao",
            "--ply",
            "23",
        ]
        .map(String::from),
        "",
    );
    assert_eq!(code, Some(1));
    assert!(out.contains(&want.1), "{out}");
}

/// The long takata's verdict, as every command gives it: a cycle of a quarter of a thousand
/// million laps, from lap 1. Too long to measure again by keeping every state; the measurement
/// is held to that method on short cycles in the rules crate (`kete_a7_a_played_never_ending_move_
/// names_its_cycle`).
fn long_verdict() -> (String, String) {
    (
        "KETE-A7".to_string(),
        "the move never ends: the in-move state after lap 1 comes back after 250118864 more \
         laps, and so on forever (a cycle of 250118864 laps from lap 1)"
            .to_string(),
    )
}

/// The long takata is decided and measured within the memory limit by `play` (issue 23: 24 GB
/// before the bound) ...
#[test]
fn a_long_never_ending_move_is_played_in_bounded_memory() {
    by_play(&KETE_LONG, &long_verdict());
}

/// ... by `check` of a record ending in it, and `repair` ...
#[test]
fn a_long_never_ending_move_is_checked_in_bounded_memory() {
    by_check(&KETE_LONG, &long_verdict(), "kete-long");
}

/// ... and by the protocol's `play` request.
#[test]
fn a_long_never_ending_move_is_refused_by_the_protocol_in_bounded_memory() {
    by_protocol(&KETE_LONG, &long_verdict());
}
