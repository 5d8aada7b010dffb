//! The HTML report of `check` in a real browser: headless Chromium loads a generated report at
//! several `#file=N&game=K&ply=P` fragments, runs its script, and dumps the DOM; the board shown
//! must hold the counts, marks and side to move the oracle computes at that ply, an error's board
//! must be the one before the faulty ply (with the legal moves there), and the page must raise no
//! script or console error. A screenshot is taken too.
//!
//! Without a Chromium the test says SKIPPED loudly and passes, unless `BAO_REQUIRE_BROWSER=1`
//! (`.ci/run` installs Debian's `chromium-headless-shell` and sets it). `BAO_CHROMIUM` names a
//! browser to use. The README's screenshot is made by the ignored test `readme_screenshot`:
//! `cargo test --test it -- --ignored browser::`.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use bao_oracle::check::replay::{ReplayOptions, replay_to};
use bao_oracle::input::record::{self, Record};
use bao_oracle::picture::{Board, Mark, legal_holes};
use bao_rules::game::Game;
use bao_rules::with_game;

use crate::common::BIN;

/// A Chromium: `BAO_CHROMIUM`, the usual names on PATH, or Debian's install folder.
fn chromium() -> Option<PathBuf> {
    // A path that is no file stands for no browser (to see the test skip).
    if let Some(path) = std::env::var_os("BAO_CHROMIUM") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let names = [
        "chromium-headless-shell",
        "chromium",
        "chromium-browser",
        "google-chrome",
    ];
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
            .find(|p| p.is_file())
    });
    on_path.or_else(|| {
        [
            "/usr/lib/chromium/chromium-headless-shell",
            "/usr/lib/chromium/chromium",
        ]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
    })
}

/// The browser, or `None` after a loud SKIPPED (a failure under `BAO_REQUIRE_BROWSER=1`).
fn browser_or_skip(test: &str) -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        if std::env::var("BAO_REQUIRE_BROWSER").as_deref() == Ok("1") {
            panic!("{test}: no Chromium found and BAO_REQUIRE_BROWSER=1");
        }
        // Straight to stderr: the test harness would hold back `eprintln!` of a passing test.
        let _ = writeln!(
            std::io::stderr(),
            "\n*** SKIPPED {test}: no Chromium found (chromium-headless-shell, chromium, \
             chromium-browser, google-chrome, or BAO_CHROMIUM). Install one, e.g. \
             `apt-get install chromium-headless-shell`. ***\n"
        );
    }
    found
}

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// `check --format html` of `paths` (relative to the crate) written to `out`.
fn write_report(paths: &[&str], out: &Path) {
    let output = Command::new(BIN)
        .args(["check", "--format", "html"])
        .args(paths)
        .current_dir(crate_dir())
        .output()
        .expect("the binary runs");
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "check --format html: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    fs::write(out, &output.stdout).unwrap();
}

fn url(page: &Path, fragment: &str) -> String {
    format!("file://{}#{fragment}", page.display())
}

/// One Chromium for the whole test binary (a launch costs a third of a second of CPU, a page
/// loaded in a running browser a small part of that), driven over its DevTools pipe
/// (`--remote-debugging-pipe`: the protocol's JSON messages, each ended by a NUL, on file
/// descriptors 3 and 4). Each page is loaded in a browser context of its own (nothing stored by
/// one page is seen by the next, as with a profile each), under virtual time for its script to
/// finish, as `--virtual-time-budget` does; the tests take turns. File pages may read files
/// (`--allow-file-access-from-files`): the pages that open a report in a frame need it.
struct Devtools {
    to: std::io::PipeWriter,
    from: std::io::BufReader<std::io::PipeReader>,
    next: u64,
    _child: std::process::Child,
}

/// What a page load gives back: the DOM, the console lines, and the screenshot if asked for.
struct Loaded {
    dom: String,
    console: Vec<String>,
    png: Option<Vec<u8>>,
}

impl Devtools {
    fn launch(browser: &Path) -> Devtools {
        use std::os::fd::AsRawFd as _;
        use std::os::unix::process::CommandExt as _;
        unsafe extern "C" {
            fn fcntl(fd: i32, cmd: i32, ...) -> i32;
            fn dup2(old: i32, new: i32) -> i32;
        }
        let (their_in, to) = std::io::pipe().expect("a pipe");
        let (from, their_out) = std::io::pipe().expect("a pipe");
        let (r, w) = (their_in.as_raw_fd(), their_out.as_raw_fd());
        let profile = scratch("chromium-profile");
        let mut command = Command::new(browser);
        command
            .args([
                "--headless",
                "--disable-gpu",
                "--no-sandbox",
                "--no-first-run",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                "--allow-file-access-from-files",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        // SAFETY: between fork and exec only async-signal-safe calls: the pipe's ends moved to
        // descriptors 3 and 4 (first above 9, so that neither move overwrites the other).
        unsafe {
            command.pre_exec(move || {
                let (r, w) = (fcntl(r, 0, 10), fcntl(w, 0, 10));
                if r < 0 || w < 0 || dup2(r, 3) < 0 || dup2(w, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("Chromium runs");
        drop((their_in, their_out));
        Devtools {
            to,
            from: std::io::BufReader::new(from),
            next: 0,
            _child: child,
        }
    }

    /// The next message from the browser.
    fn receive(&mut self) -> serde_json::Value {
        use std::io::BufRead as _;
        let mut bytes = Vec::new();
        self.from
            .read_until(0, &mut bytes)
            .expect("the browser's pipe");
        assert_eq!(bytes.pop(), Some(0), "the browser closed its pipe");
        serde_json::from_slice(&bytes).expect("a DevTools message")
    }

    /// Sends `method` (to the page of `session`, if given) and gives its result; the events that
    /// arrive meanwhile go to `events`.
    fn call(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: serde_json::Value,
        events: &mut Vec<serde_json::Value>,
    ) -> serde_json::Value {
        self.next += 1;
        let id = self.next;
        let mut message = serde_json::json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            message["sessionId"] = session.into();
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).expect("the browser's pipe");
        loop {
            let mut answer = self.receive();
            if answer["id"] == id {
                assert!(answer.get("error").is_none(), "{method}: {answer}");
                return answer["result"].take();
            }
            events.push(answer);
        }
    }

    /// Reads messages into `events` until the event `method` of `session` is among them.
    fn until(&mut self, session: &str, method: &str, events: &mut Vec<serde_json::Value>) {
        let seen = |m: &serde_json::Value| m["method"] == method && m["sessionId"] == session;
        while !events.iter().any(seen) {
            let message = self.receive();
            events.push(message);
        }
    }

    /// Loads `url` in a fresh browser context (and a window of `size`, if given), lets its
    /// script run for up to five seconds of virtual time, and reads it.
    fn load(&mut self, url: &str, size: Option<(u32, u32)>, png: bool) -> Loaded {
        use serde_json::json;
        let mut events = Vec::new();
        let e = &mut events;
        let context =
            self.call(None, "Target.createBrowserContext", json!({}), e)["browserContextId"]
                .clone();
        let target = self.call(
            None,
            "Target.createTarget",
            json!({"url": "about:blank", "browserContextId": context}),
            e,
        )["targetId"]
            .clone();
        let session = self.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
            e,
        )["sessionId"]
            .as_str()
            .unwrap()
            .to_string();
        let s = Some(session.as_str());
        for domain in ["Page", "Runtime", "Log"] {
            self.call(s, &format!("{domain}.enable"), json!({}), e);
        }
        if let Some((width, height)) = size {
            self.call(
                s,
                "Emulation.setDeviceMetricsOverride",
                json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
                e,
            );
        }
        // Loaded first (in real time: the page's own load is no fetch that virtual time waits
        // for), then five seconds of virtual time for its script, its timers and the frames it
        // opens, which virtual time waits for.
        self.call(s, "Page.navigate", json!({"url": url}), e);
        self.until(&session, "Page.loadEventFired", &mut events);
        self.call(
            s,
            "Emulation.setVirtualTimePolicy",
            json!({"policy": "pauseIfNetworkFetchesPending", "budget": 5000}),
            &mut events,
        );
        self.until(&session, "Emulation.virtualTimeBudgetExpired", &mut events);
        let e = &mut events;
        let evaluated = self.call(
            s,
            "Runtime.evaluate",
            json!({"expression": "document.documentElement.outerHTML", "returnByValue": true}),
            e,
        );
        let dom = evaluated["result"]["value"]
            .as_str()
            .unwrap_or_else(|| panic!("the DOM of {url}: {evaluated}"))
            .to_string();
        let png = png.then(|| {
            let data = self.call(s, "Page.captureScreenshot", json!({"format": "png"}), e);
            base64_bytes(data["data"].as_str().expect("a PNG"))
        });
        self.call(None, "Target.closeTarget", json!({"targetId": target}), e);
        self.call(
            None,
            "Target.disposeBrowserContext",
            json!({"browserContextId": context}),
            e,
        );
        Loaded {
            dom,
            console: console_lines(&events, &session),
            png,
        }
    }
}

/// What the page of `session` wrote on the console, threw, or had logged (a refusal of its
/// policy, a failed load): every message the page's console shows, as Chromium's log writes them.
fn console_lines(events: &[serde_json::Value], session: &str) -> Vec<String> {
    events
        .iter()
        .filter(|m| m["sessionId"] == session)
        .filter_map(|m| {
            let p = &m["params"];
            match m["method"].as_str()? {
                "Runtime.consoleAPICalled" => Some(format!("console.{}: {}", p["type"], p["args"])),
                "Runtime.exceptionThrown" => Some(format!("exception: {}", p["exceptionDetails"])),
                // Chromium's performance hints (`[Violation] handler took 60ms`) are no message
                // of the page's: the console shows them only when asked for verbose messages.
                "Log.entryAdded" if p["entry"]["level"] != "verbose" => {
                    Some(format!("log: {}", p["entry"]))
                }
                _ => None,
            }
        })
        .collect()
}

/// Loads `url` in the one browser of this test binary (launched by the first test that asks).
fn load(browser: &Path, url: &str, size: Option<(u32, u32)>, png: bool) -> Loaded {
    static DEVTOOLS: std::sync::OnceLock<std::sync::Mutex<Devtools>> = std::sync::OnceLock::new();
    let devtools = DEVTOOLS.get_or_init(|| std::sync::Mutex::new(Devtools::launch(browser)));
    // A test that failed while it held the browser leaves it usable by the next.
    let mut devtools = devtools.lock().unwrap_or_else(|e| e.into_inner());
    devtools.load(url, size, png)
}

/// The DOM after the page's script ran, up to the page's data, with the console lines Chromium
/// logged.
fn dump_dom(browser: &Path, url: &str) -> (String, Vec<String>) {
    let Loaded {
        mut dom, console, ..
    } = load(browser, url, None, false);
    // The page's data and script follow the elements they build: only the elements are read.
    if let Some(at) = dom.find("<script type=\"application/json\"") {
        dom.truncate(at);
    }
    (dom, console)
}

/// The whole DOM of a page that opens others in frames and writes what it found in them.
fn framing_dom(browser: &Path, url: &str) -> String {
    load(browser, url, None, false).dom
}

fn screenshot(browser: &Path, url: &str, png: &Path) {
    let bytes = load(browser, url, Some((1280, 860)), true)
        .png
        .expect("a screenshot");
    fs::write(png, &bytes).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() > 10_000);
}

/// The attributes of the start tag that begins at `at`.
fn attributes(dom: &str, at: usize) -> BTreeMap<String, String> {
    let end = at + dom[at..].find('>').unwrap();
    let tag = &dom[at..end];
    let mut out = BTreeMap::new();
    let mut rest = tag;
    while let Some(eq) = rest.find("=\"") {
        let name = rest[..eq].rsplit(' ').next().unwrap().to_string();
        let value_end = eq + 2 + rest[eq + 2..].find('"').unwrap();
        out.insert(name, rest[eq + 2..value_end].to_string());
        rest = &rest[value_end + 1..];
    }
    out
}

/// Every start tag of the DOM with attribute `name`, as attribute maps.
fn tags_with(dom: &str, name: &str) -> Vec<BTreeMap<String, String>> {
    let needle = format!(" {name}=\"");
    dom.match_indices(&needle)
        .map(|(i, _)| attributes(dom, dom[..i].rfind('<').unwrap()))
        .collect()
}

/// What the page shows of a board: per hole index its count and marks; stores; side to move.
#[derive(Debug, PartialEq, Eq)]
struct Shown {
    holes: BTreeMap<u8, (u32, Vec<&'static str>)>,
    stores: Vec<(String, String, u32)>,
    to_move: String,
}

fn shown_in(dom: &str) -> (BTreeMap<String, String>, Shown) {
    let board = tags_with(dom, "data-board-ply");
    assert_eq!(board.len(), 1, "one board in the page");
    let board = board.into_iter().next().unwrap();
    let holes = tags_with(dom, "data-hole")
        .into_iter()
        .map(|a| {
            let classes: Vec<&str> = a["class"].split(' ').collect();
            let marks = ["house", "takasia", "reserved"]
                .into_iter()
                .filter(|m| classes.contains(m))
                .collect();
            (
                a["data-index"].parse().unwrap(),
                (a["data-count"].parse().unwrap(), marks),
            )
        })
        .collect();
    let stores = tags_with(dom, "data-store")
        .into_iter()
        .map(|a| {
            (
                a["data-side"].clone(),
                a["data-store"].clone(),
                a["data-count"].parse().unwrap(),
            )
        })
        .collect();
    let to_move = board["data-to-move"].clone();
    (
        board,
        Shown {
            holes,
            stores,
            to_move,
        },
    )
}

fn shown_of(board: &Board) -> Shown {
    Shown {
        holes: board
            .holes()
            .map(|h| {
                let marks = h
                    .marks
                    .iter()
                    .map(|m| match m {
                        Mark::House => "house",
                        Mark::Takasia => "takasia",
                        Mark::Reserved => "reserved",
                    })
                    .collect();
                (h.index, (h.count, marks))
            })
            .collect(),
        stores: board
            .stores
            .iter()
            .map(|s| (s.side.name().to_string(), s.label.to_string(), s.count))
            .collect(),
        to_move: board.to_move.name().to_string(),
    }
}

/// Game `game` (1-based) of the record file at `path`.
fn record(path: &str, game: usize) -> Record {
    let text = fs::read_to_string(crate_dir().join(path)).unwrap();
    let docs = record::split_documents(&text);
    record::parse_document(&docs[game - 1]).expect("a record")
}

/// The oracle's board before ply `ply` (after `ply - 1` plies), the legal moves there and the
/// holes they start from.
fn oracle_board<G: Game>(record: &Record, ply: u32) -> (Board, Vec<String>, Vec<u8>) {
    let (_, game) = replay_to::<G>(record, &ReplayOptions::default(), ply).expect("replays");
    let legal = game
        .legal_texts()
        .unwrap_or_else(bao_rules::Incomplete::into_legal);
    let holes = legal_holes::<G>(game.position(), game.rulings());
    (G::board(game.position()), legal, holes)
}

/// The files of the report, in the order `check` lists them.
const FILES: [&str; 5] = [
    "corpus/bao-la-kete/random-seed-03.yaml",
    "corpus/bao-kingulu/random-seed-01.yaml",
    "tests/records/kimasai-illegal-move.yaml",
    "tests/records/kete-captures-compulsory.yaml",
    // A slip six plies before the illegal one: the report suggests repairs.
    "tests/records/kete-direction-flipped-earlier.yaml",
];

#[test]
fn the_report_shows_the_oracles_boards_in_a_browser() {
    let Some(browser) = browser_or_skip("the_report_shows_the_oracles_boards_in_a_browser") else {
        return;
    };
    let dir = scratch("browser-report");
    let page = dir.join("report.html");
    write_report(&FILES, &page);
    // (file, ply asked, ply shown, board's ply, refused there): a ply past the end shows the
    // last; an error's board is the one before the faulty ply.
    let cases: [(usize, u32, u32, u32, bool); 7] = [
        (1, 0, 0, 0, false),
        (1, 12, 12, 12, false),
        (2, 7, 7, 7, false),
        (2, 999, 33, 33, false),
        (3, 3, 3, 2, true),
        (4, 99, 3, 2, true),
        (5, 29, 29, 28, true),
    ];
    let doms: Vec<(String, Vec<String>)> = cases
        .iter()
        .map(|&(file, ply, ..)| {
            dump_dom(
                &browser,
                &url(&page, &format!("file={file}&game=1&ply={ply}")),
            )
        })
        .collect();
    for ((file, ply, shown_ply, board_ply, refused), (dom, console)) in cases.into_iter().zip(doms)
    {
        let record = record(FILES[file - 1], 1);
        let fragment = format!("file={file}&game=1&ply={ply}");
        assert!(console.is_empty(), "{fragment}: console: {console:?}");
        let root = tags_with(&dom, "lang").remove(0);
        assert!(!root.contains_key("data-errors"), "{fragment}: {root:?}");
        assert!(
            root.contains_key("data-ready"),
            "{fragment}: the script ran"
        );
        let (board_tag, shown) = shown_in(&dom);
        assert_eq!(board_tag["data-ply"], shown_ply.to_string(), "{fragment}");
        assert_eq!(
            board_tag["data-board-ply"],
            board_ply.to_string(),
            "{fragment}"
        );
        let (expected, legal, holes) =
            with_game!(record.ruleset.value, G => oracle_board::<G>(&record, board_ply + 1));
        assert_eq!(shown, shown_of(&expected), "{fragment}: the board");
        assert_eq!(dom.contains("id=\"legal\""), refused, "{fragment}");
        if refused {
            // The legal moves of the board before the faulty ply, and the error.
            let at = dom.find("id=\"legal\"").unwrap();
            let paragraph = &dom[at..at + dom[at..].find("</p>").unwrap()];
            assert!(!legal.is_empty());
            let marked: Vec<u8> = tags_with(&dom, "data-hole")
                .into_iter()
                .filter(|a| a["class"].split(' ').any(|c| c == "legal"))
                .map(|a| a["data-index"].parse().unwrap())
                .collect();
            let mut marked = marked;
            marked.sort_unstable();
            assert_eq!(marked, holes, "{fragment}: the holes of the legal moves");
            for mv in &legal {
                let mv = mv.replace('<', "&lt;").replace('>', "&gt;");
                assert!(
                    paragraph.contains(&format!("<code>{mv}</code>")),
                    "{fragment}: {mv}"
                );
            }
            assert!(
                dom.contains("<span class=\"code\">illegal-move</span>"),
                "{fragment}"
            );
            // The repair suggestions of the check report, first the most likely: the slip six
            // plies earlier.
            if file == 5 {
                assert!(
                    dom.contains("<b>most likely</b>: replace at move 12, south (ply 23)"),
                    "{fragment}"
                );
            }
        }
    }
    screenshot(
        &browser,
        &url(&page, "file=3&game=1&ply=3"),
        &dir.join("report.png"),
    );
}

/// A page that opens the report in a frame at the start of game 1 of file 1, steps through it
/// with the keys and buttons a reader uses, and writes on its `<body data-steps>` the ply shown
/// and the address after each step (`ply@#fragment`), and on `data-rows` the games listed before
/// and after choosing "only invalid games". Reading the frame needs Chromium's
/// `--allow-file-access-from-files`.
const STEPPER: &str = r##"<!DOCTYPE html><html><body>
<iframe id="f" src="report.html#file=1&game=1&ply=0" width="1200" height="800"></iframe>
<script>
var f = document.getElementById("f");
f.onload = function () {
  var w = f.contentWindow, d = w.document, out = [];
  function seen() { out.push(d.getElementById("board").getAttribute("data-ply") + "@" + w.location.hash); }
  function key(k) { d.dispatchEvent(new w.KeyboardEvent("keydown", { key: k, bubbles: true })); seen(); }
  function click(id) { d.getElementById(id).click(); seen(); }
  seen(); key("ArrowRight"); click("next"); key("End"); click("prev"); key("ArrowLeft"); key("Home");
  document.body.setAttribute("data-steps", out.join(" "));
  var rows = [d.querySelectorAll("#files tr[id]").length];
  d.getElementById("only-invalid").click();
  rows.push(d.querySelectorAll("#files tr[id]").length);
  document.body.setAttribute("data-rows", rows.join(" "));
};
</script></body></html>"##;

#[test]
fn the_viewer_steps_with_keys_and_buttons_and_keeps_the_address() {
    let Some(browser) =
        browser_or_skip("the_viewer_steps_with_keys_and_buttons_and_keeps_the_address")
    else {
        return;
    };
    let dir = scratch("browser-steps");
    write_report(&FILES[..1], &dir.join("report.html"));
    fs::write(dir.join("stepper.html"), STEPPER).unwrap();
    let plies = record(FILES[0], 1).moves.len();
    let dom = framing_dom(&browser, &url(&dir.join("stepper.html"), ""));
    let steps = tags_with(&dom, "data-steps");
    assert_eq!(steps.len(), 1, "the frame's steps were written: {dom}");
    let expected: Vec<String> = [0, 1, 2, plies, plies - 1, plies - 2, 0]
        .iter()
        .map(|p| format!("{p}@#file=1&amp;game=1&amp;ply={p}"))
        .collect();
    assert_eq!(steps[0]["data-steps"], expected.join(" "));
    // The one game is valid: listed, then not.
    assert_eq!(steps[0]["data-rows"], "1 0");
}

/// The README's picture: `cargo test --test it -- --ignored browser::` writes docs/report.png.
#[test]
#[ignore = "writes docs/report.png"]
fn readme_screenshot() {
    let Some(browser) = browser_or_skip("readme_screenshot") else {
        return;
    };
    let dir = scratch("browser-readme");
    let page = dir.join("report.html");
    write_report(&FILES, &page);
    screenshot(
        &browser,
        &url(&page, "file=5&game=1&ply=29"),
        &crate_dir().join("docs/report.png"),
    );
}

/// `explain --format html` opened in a frame: written on `<body data-images>` as `loaded/all`,
/// the pictures that Chromium decoded and drew (an image whose data URL is no valid SVG has no
/// natural width).
const IMAGES: &str = r##"<!DOCTYPE html><html><body>
<iframe id="f" src="explain.html" width="1200" height="800"></iframe>
<script>
var f = document.getElementById("f");
f.onload = function () {
  var imgs = f.contentWindow.document.images, drawn = 0;
  for (var i = 0; i < imgs.length; i++) { if (imgs[i].complete && imgs[i].naturalWidth > 0) drawn++; }
  document.body.setAttribute("data-images", drawn + "/" + imgs.length);
};
</script></body></html>"##;

/// The explanation page of a capture move: every board picture (before, after the capture, after
/// the move) is an SVG the browser draws, and the page logs nothing to the console.
#[test]
fn the_explanation_page_draws_every_board() {
    let Some(browser) = browser_or_skip("the_explanation_page_draws_every_board") else {
        return;
    };
    let dir = scratch("browser-explain");
    // Ply 7 of this game captures once: three boards.
    let output = Command::new(BIN)
        .args([
            "explain",
            "--record",
            "corpus/bao-la-kete/random-seed-03.yaml",
        ])
        .args(["--ply", "7", "--format", "html"])
        .current_dir(crate_dir())
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    fs::write(dir.join("explain.html"), &output.stdout).unwrap();
    fs::write(dir.join("images.html"), IMAGES).unwrap();
    let (_, console) = dump_dom(&browser, &url(&dir.join("explain.html"), ""));
    assert!(console.is_empty(), "console: {console:?}");
    let dom = framing_dom(&browser, &url(&dir.join("images.html"), ""));
    let shown = tags_with(&dom, "data-images");
    assert_eq!(shown.len(), 1, "the frame was read: {dom}");
    assert_eq!(shown[0]["data-images"], "3/3");
}

/// Markup a record or a file name might hold: an element with a script in an event attribute,
/// closing the element it is written into, and leaving a quoted attribute.
const PAYLOAD: &str = "</code></b><img src=x onerror=\"document.title='PWNED'\">'\"><svg onload=\"document.title='PWNED'\"></svg>";

/// A file name cannot hold `/`: the payload without closing tags.
const FILE_PAYLOAD: &str = "<img src=x onerror=\"document.title='PWNED'\">'\"";

/// Record games with the payload in every field that reaches the report's page: the file name,
/// a move played, a refused move, title/source/players/date, ruleset, ruling name and value,
/// preset, notation, start, result, an unknown field, and a comment-only document.
fn hostile_records(dir: &Path) -> (PathBuf, Vec<(usize, u32)>) {
    // JSON strings are YAML's double-quoted scalars.
    let p = serde_json::to_string(PAYLOAD).unwrap();
    let games = [
        format!(
            "title: {p}\nsource: {p}\nsouth: {p}\nnorth: {p}\nruleset: bao-la-kimasai\n\
             moves: [A2, {p}]\n"
        ),
        format!("ruleset: bao-kingulu\nsource: t\nmoves: [A3, {p}, a3]\nresult: {p}\n"),
        format!("ruleset: {p}\nsource: t\nmoves: [A2]\n"),
        format!("ruleset: bao-kingulu\nsource: t\nrulings: {{{p}: {p}}}\nmoves: [A3]\n"),
        format!("ruleset: bao-kingulu\nsource: t\npreset: {p}\nmoves: [A3]\n"),
        format!("ruleset: bao-kingulu\nsource: t\nnotation: {p}\nmoves: [A3]\n"),
        format!("ruleset: bao-kingulu\nsource: t\nstart: {p}\nmoves: [A3]\n"),
        format!("ruleset: bao-kingulu\nsource: t\ndate: {p}\n{p}: 1\nmoves: [A3]\n"),
        format!("ruleset: bao-kingulu\nsource: t\nmoves: [A3]\nresult: {p}\n"),
        format!("# {PAYLOAD}\nruleset: bao-kingulu\nsource: {p}\nmoves: {p}\n"),
    ];
    let path = dir.join("records").join(format!("{FILE_PAYLOAD}.yaml"));
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, games.join("---\n")).unwrap();
    // (game, ply) to open: each game at its start and at its second ply.
    let opened = (1..=games.len()).flat_map(|g| [(g, 0), (g, 2)]).collect();
    (path, opened)
}

/// Opens a page at each fragment in a frame of its own and writes, per frame, what the page
/// ended up with: elements that markup could have added, the number of scripts, the title, the
/// script errors recorded and whether the viewer ran.
const PROBE: &str = r##"<!DOCTYPE html><html><body><pre id="out"></pre>
<script>
var fragments = FRAGMENTS, results = [], left = fragments.length;
fragments.forEach(function (h, k) {
  var f = document.createElement("iframe");
  f.width = 1200; f.height = 800;
  f.onload = function () {
    setTimeout(function () {
      var d = f.contentWindow.document, root = d.documentElement;
      var added = d.querySelectorAll("img:not([src^='data:image/svg+xml']),svg,iframe,object,embed,[onerror],[onload]");
      results[k] = [h, added.length, d.scripts.length, d.title, root.getAttribute("data-errors") || "",
        root.hasAttribute("data-ready")].join(" | ");
      if (--left === 0) document.getElementById("out").textContent = results.join("\n");
    }, 200);
  };
  f.src = "PAGE" + h;
  document.body.appendChild(f);
});
</script></body></html>"##;

/// Runs [`PROBE`] over `page` at `fragments`: per fragment, its result line's fields.
fn probe(browser: &Path, dir: &Path, page: &str, fragments: &[String]) -> Vec<Vec<String>> {
    let probe = PROBE
        .replace("FRAGMENTS", &serde_json::to_string(fragments).unwrap())
        .replace("PAGE", page);
    fs::write(dir.join("probe.html"), probe).unwrap();
    let dom = framing_dom(browser, &url(&dir.join("probe.html"), ""));
    let start = dom.find("<pre id=\"out\">").expect("the probe's output") + 14;
    let text = &dom[start..start + dom[start..].find("</pre>").unwrap()];
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let lines: Vec<Vec<String>> = text
        .lines()
        .map(|l| l.split(" | ").map(str::to_string).collect())
        .collect();
    assert_eq!(lines.len(), fragments.len(), "every frame reported: {dom}");
    lines
}

/// 19.1: no text of a record or a file name reaches the report's page as markup, in the static
/// HTML or in what the viewer builds; the page's policy would refuse what an escape missed (and
/// its refusal is a console message and a recorded error, which fail the test too).
#[test]
fn record_text_never_becomes_markup_in_the_report() {
    let Some(browser) = browser_or_skip("record_text_never_becomes_markup_in_the_report") else {
        return;
    };
    let dir = scratch("browser-hostile");
    let (records, opened) = hostile_records(&dir);
    let output = Command::new(BIN)
        .args(["check", "--format", "html"])
        .arg(dir.join("records"))
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(1), "every game is invalid");
    let html = String::from_utf8(output.stdout).unwrap();
    assert!(html.contains("<meta http-equiv=\"Content-Security-Policy\""));
    assert!(!html.contains("'unsafe-inline'"));
    let page = dir.join("report.html");
    fs::write(&page, &html).unwrap();
    // The page as a reader opens it: no address (the first invalid game), then each game.
    let mut fragments = vec![String::new()];
    fragments.extend(
        opened
            .iter()
            .map(|(g, ply)| format!("#file=1&game={g}&ply={ply}")),
    );
    let (_, console) = dump_dom(&browser, &url(&page, ""));
    assert!(console.is_empty(), "console: {console:?}");
    for fields in probe(&browser, &dir, "report.html", &fragments) {
        let [fragment, added, scripts, title, errors, ready] = &fields[..] else {
            panic!("{fields:?}");
        };
        assert_eq!(added, "0", "{fragment}: an element from the record");
        assert_eq!(scripts, "3", "{fragment}: the page's own scripts only");
        assert!(
            title.starts_with("bao-oracle check: 1 file(s), 0 passed, 10 failed"),
            "{fragment}: {title}"
        );
        assert_eq!(errors, "", "{fragment}");
        assert_eq!(ready, "true", "{fragment}: the viewer ran");
    }
    // The payloads are there, as text: the file name, and a move in the viewer.
    let (dom, _) = dump_dom(&browser, &url(&page, "file=1&game=1&ply=2"));
    assert!(dom.contains("&lt;img src=x onerror=\"document.title='PWNED'\"&gt;'\".yaml, game 1"));
    assert!(dom.contains("id=\"plyinfo\">move 1, north (ply 2): &lt;/code&gt;&lt;/b&gt;&lt;img"));
    // The explanation page of the refused move: only its own board pictures.
    let output = Command::new(BIN)
        .args(["explain", "--record"])
        .arg(&records)
        .args(["--ply", "2", "--format", "html"])
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(1), "the move is refused");
    let html = String::from_utf8(output.stdout).unwrap();
    assert!(html.contains("<meta http-equiv=\"Content-Security-Policy\""));
    fs::write(dir.join("explain.html"), &html).unwrap();
    let (_, console) = dump_dom(&browser, &url(&dir.join("explain.html"), ""));
    assert!(console.is_empty(), "console: {console:?}");
    let fields = probe(&browser, &dir, "explain.html", &[String::new()]).remove(0);
    assert_eq!(fields[1], "0", "an element from the record: {fields:?}");
    assert_eq!(fields[2], "0", "the explanation page has no script");
    // The title says the move as written, as text: no script retitled the page.
    let title = format!(
        "bao-la-kimasai: {PAYLOAD}, north to move (game 1 of {}, move 1, north (ply 2))",
        records.display()
    );
    assert_eq!(fields[3], title);
}

/// `check --infer-rulings --format html` over a folder: the table of which games decide which
/// ruling is a section of the report's page, drawn as the page is read (no script), its folder's
/// name (a markup payload here) as text; the viewer still runs, nothing on the console.
#[test]
fn the_rulings_table_is_a_section_of_the_report() {
    let Some(browser) = browser_or_skip("the_rulings_table_is_a_section_of_the_report") else {
        return;
    };
    let dir = scratch("browser-rulings");
    let games = dir.join(FILE_PAYLOAD);
    fs::create_dir_all(&games).unwrap();
    for game in ["game1", "game7"] {
        fs::copy(
            crate_dir().join(format!("corpus/bao-la-kiswahili/voogt-1994/{game}.bao")),
            games.join(format!("{game}.bao")),
        )
        .unwrap();
    }
    let output = Command::new(BIN)
        .args(["check", "--infer-rulings", "--format", "html"])
        .arg(&games)
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0), "both games are valid");
    let page = dir.join("report.html");
    fs::write(&page, &output.stdout).unwrap();
    let (dom, console) = dump_dom(&browser, &url(&page, ""));
    assert!(console.is_empty(), "console: {console:?}");
    let at = dom
        .find("<section id=\"rulings-table\"")
        .expect("the table's section");
    let section = &dom[at..at + dom[at..].find("</section>").unwrap()];
    assert_eq!(tags_with(section, "data-ruling").len(), 13, "{section}");
    assert!(
        section.contains("&lt;img src=x onerror=\"document.title='PWNED'\"&gt;'\"/</code>"),
        "the folder, as text: {section}"
    );
    let must_capture = &section[section
        .find("data-ruling=\"zanzibar.takasia-must-capture\"")
        .unwrap()..];
    let row = &must_capture[..must_capture.find("</tr>").unwrap()];
    assert!(
        row.contains(
            "<li><code>first</code> by game7.bao (move 25, north (ply 50): illegal-move \
             ZAN-A13)</li>"
        ),
        "{row}"
    );
    assert!(
        row.contains("<td>game1.bao</td>"),
        "game 1 is silent: {row}"
    );
    let fields = probe(&browser, &dir, "report.html", &[String::new()]).remove(0);
    assert_eq!(
        fields[1], "0",
        "an element from the folder's name: {fields:?}"
    );
    assert_eq!(fields[4], "", "no script error: {fields:?}");
    assert_eq!(fields[5], "true", "the viewer ran: {fields:?}");
}

/// The note `--compare-ruling` adds to a game of the report's page names the move as the rest
/// of the report does: move number, side and ply.
#[test]
fn the_compare_note_names_the_move_by_its_number() {
    let Some(browser) = browser_or_skip("the_compare_note_names_the_move_by_its_number") else {
        return;
    };
    let dir = scratch("browser-compare-note");
    let output = Command::new(BIN)
        .args([
            "check",
            "--format",
            "html",
            "--compare-ruling",
            "kingulu.penultimate-source=not-from-reserved",
            "tests/compare/kingulu-seed-469.yaml",
        ])
        .current_dir(crate_dir())
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0));
    let page = dir.join("report.html");
    fs::write(&page, &output.stdout).unwrap();
    let (dom, console) = dump_dom(&browser, &url(&page, ""));
    assert!(console.is_empty(), "console: {console:?}");
    assert!(
        dom.contains(
            "<div class=\"note\">move 4, north (ply 8) <code>a5</code> depends on \
             kingulu.penultimate-source"
        ),
        "{dom}"
    );
}

/// 18.4: the comparison page marks the step where the traces depart under both rulings (in the
/// list, and drawn on its own), and a refused move's page rings the hole the move names; every
/// picture draws, nothing on the console.
#[test]
fn the_comparison_page_marks_where_the_traces_depart() {
    let Some(browser) = browser_or_skip("the_comparison_page_marks_where_the_traces_depart") else {
        return;
    };
    let dir = scratch("browser-compare");
    let pages: [(&[&str], i32, &str); 2] = [
        (
            &[
                "bao-kingulu",
                "--position",
                "2,2,2,2,3,5^S/0,0,0,0,3,0 14-15 S",
                "--compare-ruling",
                "kingulu.penultimate-source=not-from-reserved",
                "A5",
            ],
            0,
            "6/6",
        ),
        (&["bao-kingulu", "A1"], 1, "1/1"),
    ];
    for (k, (args, code, drawn)) in pages.into_iter().enumerate() {
        let output = Command::new(BIN)
            .arg("explain")
            .args(args)
            .args(["--format", "html"])
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(code), "{args:?}");
        fs::write(dir.join("explain.html"), &output.stdout).unwrap();
        fs::write(dir.join("images.html"), IMAGES).unwrap();
        let (dom, console) = dump_dom(&browser, &url(&dir.join("explain.html"), ""));
        assert!(console.is_empty(), "{args:?}: console: {console:?}");
        if k == 0 {
            assert_eq!(dom.matches("<li class=\"departs\">").count(), 2, "{dom}");
            assert_eq!(
                dom.matches("<figcaption>Where the traces depart: step 3")
                    .count(),
                2
            );
            // Issue 24: the board marked where the traces depart says the move's own hole
            // ("moved from A5"), never the hole of the step (a lap from a1).
            let marker = "Where the traces depart: step 3, marked on the board after the move\" src=\"data:image/svg+xml;base64,";
            let pictures: Vec<String> = dom
                .split(marker)
                .skip(1)
                .map(|rest| base64_text(&rest[..rest.find('"').unwrap()]))
                .collect();
            assert_eq!(pictures.len(), 2, "{dom}");
            for svg in &pictures {
                assert!(svg.contains("moved from A5"), "{svg}");
                assert!(!svg.contains("moved from a"), "{svg}");
            }
        } else {
            assert!(dom.contains("ringed: A1, the refused move's hole"), "{dom}");
        }
        let dom = framing_dom(&browser, &url(&dir.join("images.html"), ""));
        let shown = tags_with(&dom, "data-images");
        assert_eq!(shown[0]["data-images"], drawn, "{args:?}");
    }
}

/// 18.4: without an address the report opens on the first invalid game, lists only the invalid
/// games (all of them: every one is listed again when asked), marks the plies whose claim is
/// false in the move strip, and marks the open game's row in the list.
#[test]
fn the_report_opens_on_the_first_invalid_game() {
    let Some(browser) = browser_or_skip("the_report_opens_on_the_first_invalid_game") else {
        return;
    };
    let dir = scratch("browser-first-invalid");
    let page = dir.join("report.html");
    let files = [
        FILES[0],
        FILES[1],
        "tests/records/kingulu-false-claims.yaml",
        FILES[2],
    ];
    write_report(&files, &page);
    let (dom, console) = dump_dom(&browser, &url(&page, ""));
    assert!(console.is_empty(), "console: {console:?}");
    let (board, _) = shown_in(&dom);
    // File 3, game 1: its first false claim is the ply it opens at.
    let rows = tags_with(&dom, "id")
        .into_iter()
        .filter(|a| a["id"].starts_with('f') && a["id"].contains('g'))
        .collect::<Vec<_>>();
    assert!(
        rows.iter()
            .all(|r| r["id"].starts_with("f3") || r["id"].starts_with("f4")),
        "{rows:?}"
    );
    let open: Vec<_> = rows
        .iter()
        .filter(|r| r.get("class").is_some_and(|c| c == "open"))
        .collect();
    assert_eq!(open.len(), 1, "{rows:?}");
    assert_eq!(open[0]["id"], "f3g1");
    let checkbox = tags_with(&dom, "id")
        .into_iter()
        .find(|a| a["id"] == "only-invalid")
        .unwrap();
    assert!(checkbox.contains_key("checked") || dom.contains("id=\"only-invalid\" checked"));
    let claimed = tags_with(&dom, "class")
        .into_iter()
        .filter(|a| a["class"].split(' ').any(|c| c == "false-claim"))
        .count();
    assert!(claimed > 0, "false claims marked in the move strip");
    assert_ne!(board["data-ply"], "0");
    // A valid game opened by its address is listed again.
    let (dom, _) = dump_dom(&browser, &url(&page, "file=1&game=1&ply=3"));
    assert!(
        dom.contains("<tr id=\"f1g1\" class=\"open\">"),
        "the valid game's row is listed"
    );
}

/// A transcript's slips are in its game's information (its row and the viewer), warnings apart
/// from errors; repairs are in the transcript's notation first, as the human report gives them.
#[test]
fn transcript_slips_and_repairs_in_the_records_notation() {
    let Some(browser) = browser_or_skip("transcript_slips_and_repairs_in_the_records_notation")
    else {
        return;
    };
    let dir = scratch("browser-slips");
    let page = dir.join("report.html");
    write_report(
        &[
            "corpus/bao-la-kiswahili/voogt-1994/game4.bao",
            "tests/data/voogt-1994/game2.bao",
        ],
        &page,
    );
    // It opens on game 2 (invalid): its slip in its row and in the viewer, its repair as `8>`.
    let (dom, console) = dump_dom(&browser, &url(&page, ""));
    assert!(console.is_empty(), "console: {console:?}");
    let warnings = tags_with(&dom, "class")
        .into_iter()
        .filter(|a| a["class"] == "warning")
        .count();
    assert_eq!(
        warnings, 3,
        "game 2's slip in its row and in the viewer, game 4's under its file's folded line"
    );
    assert!(
        dom.contains("`5l` has a lower-case direction letter"),
        "{dom}"
    );
    assert!(
        dom.contains("<code>8&gt;</code> (<code>A8&lt;+</code>)"),
        "the repair in Donkers' notation, canonical beside"
    );
    // The legal moves where it stopped likewise, as the text report gives them.
    let at = dom.find("id=\"legal\"").expect("the legal moves are shown");
    let paragraph = &dom[at..at + dom[at..].find("</p>").unwrap()];
    assert!(
        paragraph.contains("<code>7</code> (<code>A7&lt;</code>)"),
        "{paragraph}"
    );
    // Game 4 is valid: its slip is shown, and it stays valid.
    let (dom, _) = dump_dom(&browser, &url(&page, "file=1&game=1&ply=0"));
    assert!(dom.contains("`A5L**` is written in the other side's case"));
    assert!(dom.contains("<span class=\"ok\">valid</span>"));
}

/// The test engine of `tests/engines/one_preset.py` under nkkmd's preset, with its kept house.
fn kept_house_engine() -> String {
    crate::common::python_engine_command(
        &crate_dir().join("tests/engines/one_preset.py"),
        &[BIN, "nkkmd", "kept-house"],
    )
}

/// `conform --format html` against the test engine with nkkmd's kept house: each finding's board
/// is an SVG the browser draws, the engine's and the oracle's answers side by side, the page
/// logs nothing to the console and runs no script of its own.
#[test]
fn the_conformance_page_draws_each_findings_board() {
    let Some(browser) = browser_or_skip("the_conformance_page_draws_each_findings_board") else {
        return;
    };
    let dir = scratch("browser-conform");
    let engine = kept_house_engine();
    let output = Command::new(BIN)
        .args(["conform", "--engine", &engine])
        .args(["--games", "2", "--positions", "0", "--format", "html"])
        .args(["--jobs", "1"])
        .current_dir(&dir)
        .output()
        .expect("the binary runs");
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(!page.contains("<script"), "no script of its own");
    let findings = page.matches("<section id=\"finding-").count();
    assert!(findings >= 1, "{page}");
    assert!(page.contains("<h3>engine</h3>") && page.contains("<h3>oracle</h3>"));
    assert!(page.contains("--case bao-la-kiswahili/"), "{page}");
    // The bug is the table's, and its board marks where the answers differ, with a legend.
    assert!(page.contains("known: nkkmd&apos;s kept house"), "{page}");
    assert!(page.contains("<ul class=\"legend\">"), "{page}");
    fs::write(dir.join("explain.html"), &page).unwrap();
    fs::write(dir.join("images.html"), IMAGES).unwrap();
    let (dom, console) = dump_dom(&browser, &url(&dir.join("explain.html"), ""));
    assert!(console.is_empty(), "console: {console:?}");
    assert!(dom.contains("finding-0"), "{dom}");
    let dom = framing_dom(&browser, &url(&dir.join("images.html"), ""));
    let shown = tags_with(&dom, "data-images");
    assert_eq!(shown.len(), 1, "the frame was read: {dom}");
    assert_eq!(shown[0]["data-images"], format!("{findings}/{findings}"));
}

/// `conform --format html` of two engines (the oracle's own and the test engine with nkkmd's kept
/// house): the compliance table is a page the browser shows without a console message, a row per
/// group and rule, a cell per engine headed by its name, the failing cell marked and linking to
/// its finding with its board; no script of its own.
#[test]
fn the_compliance_table_page_shows_a_cell_per_engine() {
    let Some(browser) = browser_or_skip("the_compliance_table_page_shows_a_cell_per_engine") else {
        return;
    };
    let dir = scratch("browser-table");
    let engine = kept_house_engine();
    let output = Command::new(BIN)
        .args([
            "conform",
            "--engine",
            &format!("{BIN} engine"),
            "--engine",
            &engine,
        ])
        .args([
            "--ruleset",
            "bao-la-kiswahili",
            "--games",
            "2",
            "--positions",
            "0",
        ])
        .args(["--format", "html", "--jobs", "1"])
        .current_dir(&dir)
        .output()
        .expect("the binary runs");
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(!page.contains("<script"), "no script of its own");
    fs::write(dir.join("table.html"), &page).unwrap();
    let (dom, console) = dump_dom(&browser, &url(&dir.join("table.html"), ""));
    assert!(console.is_empty(), "console: {console:?}");
    let row = dom
        .split("<tr")
        .find(|r| r.contains("<td>ZAN-17</td>"))
        .expect("a row of ZAN-17");
    assert_eq!(row.matches("<td class=").count(), 2, "{row}");
    assert!(row.contains("<td class=\"fail\">"), "{row}");
    // The failing cell links to the engine's finding on the page, whose board the browser draws.
    let target = row
        .split("<a href=\"#")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the failing cell links to a finding");
    assert!(target.starts_with("engine-2-finding-"), "{row}");
    let at = dom
        .find(&format!("<section id=\"{target}\">"))
        .expect("the finding is on the page");
    let section = &dom[at..at + dom[at..].find("</section>").unwrap()];
    assert!(section.contains("<img class=\"board\""), "{section}");
    assert!(section.contains("known: nkkmd's kept house"), "{section}");
    assert!(
        dom.contains("<th><a href=\"#engine-2\">one-preset-test-engine kept-house</a></th>"),
        "the column heads are the engines' names"
    );
}

/// Issue 24, item 5: with "only invalid games" on, a valid file is one line, its slips folded
/// under it (there, not hidden); a slip warning never carries the suggestions of the error of
/// its ply (`we1.bao`): they are the error's alone.
#[test]
fn valid_files_fold_to_a_line_and_each_suggestion_is_shown_once() {
    let Some(browser) =
        browser_or_skip("valid_files_fold_to_a_line_and_each_suggestion_is_shown_once")
    else {
        return;
    };
    let dir = scratch("browser-fold");
    let page = dir.join("report.html");
    write_report(
        &[
            "corpus/bao-la-kiswahili/voogt-1994/game3.bao",
            "corpus/bao-la-kiswahili/voogt-1994/game4.bao",
            "tests/data/voogt-1994/we1.bao",
        ],
        &page,
    );
    let (dom, console) = dump_dom(&browser, &url(&page, ""));
    assert!(console.is_empty(), "console: {console:?}");
    let sections: Vec<&str> = dom.split("<section ").skip(1).collect();
    assert_eq!(sections.len(), 3, "{dom}");
    // game3.bao: valid, no warning: one line, no table.
    assert!(
        sections[0].starts_with("class=\"file passed\""),
        "{}",
        sections[0]
    );
    assert!(!sections[0].contains("<table"), "{}", sections[0]);
    assert!(sections[0].contains("1 passed"));
    // game4.bao: valid with a slip: one line, the slip folded under it.
    assert!(
        sections[1].starts_with("class=\"file passed\""),
        "{}",
        sections[1]
    );
    assert!(
        sections[1].contains("1 valid game with 1 warning"),
        "{}",
        sections[1]
    );
    assert!(sections[1].contains("is written in the other side's case"));
    // we1.bao: the error's suggestions once in its row (and once in the viewer, which shows the
    // error at its ply), the slip's none.
    let we1 = sections[2];
    assert!(we1.starts_with("class=\"file\""), "{we1}");
    let warning = &we1[we1.find("class=\"warning\"").unwrap()..];
    let warning = &warning[..warning.find("class=\"error\"").unwrap()];
    assert!(warning.contains("has no `;`"), "{warning}");
    assert!(!warning.contains("suggestions"), "{warning}");
    assert_eq!(
        dom.matches("<ol class=\"suggestions\">").count(),
        2,
        "{dom}"
    );
    // Issue 32, item 2: five moves end its last ply alike; none is most likely.
    assert!(
        dom.contains("ambiguous: 5 candidates, which nothing after the edit tells apart"),
        "{dom}"
    );
    assert!(!dom.contains("most likely"), "{dom}");
    // Issue 24, item 2: the findings and the move list are numbered as the transcript is
    // (`12: A3L*` is South's move 12, ply 23).
    assert!(
        we1.contains("we1.bao, game 1, move 12, south (ply 23)"),
        "{we1}"
    );
    assert!(
        dom.contains("id=\"plyinfo\">move 12, south (ply 23): A3L*"),
        "{dom}"
    );
    assert!(
        dom.contains("<span class=\"number\">12.</span> <a class=\"current refused\""),
        "{dom}"
    );
    assert!(
        dom.contains("title=\"move 11, north (ply 22)\">a4L</a>"),
        "{dom}"
    );
}

/// The text a base64 data address holds (pictures embedded in a page).
fn base64_text(encoded: &str) -> String {
    String::from_utf8(base64_bytes(encoded)).expect("UTF-8 picture")
}

/// The bytes base64 text holds.
fn base64_bytes(encoded: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bytes = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for c in encoded.bytes().filter(|&c| c != b'=') {
        let v = ALPHABET.iter().position(|&a| a == c).expect("base64") as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    bytes
}

/// The one browser reports what a page's console shows, each page its own: what its script
/// writes, an error it throws, a script its policy refuses; a quiet page loaded after them shows
/// nothing.
#[test]
fn the_browser_reports_each_pages_console() {
    let Some(browser) = browser_or_skip("the_browser_reports_each_pages_console") else {
        return;
    };
    let dir = scratch("browser-console");
    let pages = [
        (
            "said.html",
            "<script>console.log('said'); throw new Error('thrown');</script>",
        ),
        (
            "refused.html",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'\">\
             <script>document.title = 'ran';</script>",
        ),
        ("quiet.html", "<p>nothing to say</p>"),
    ];
    for (name, body) in pages {
        fs::write(
            dir.join(name),
            format!("<!DOCTYPE html><html><head>{body}</head></html>"),
        )
        .unwrap();
    }
    let (_, said) = dump_dom(&browser, &url(&dir.join("said.html"), ""));
    assert!(said.iter().any(|l| l.contains("said")), "{said:?}");
    assert!(said.iter().any(|l| l.contains("thrown")), "{said:?}");
    let (dom, refused) = dump_dom(&browser, &url(&dir.join("refused.html"), ""));
    assert!(!dom.contains("<title>ran"), "{dom}");
    assert!(
        refused
            .iter()
            .any(|l| l.contains("Content Security Policy")),
        "{refused:?}"
    );
    let (_, quiet) = dump_dom(&browser, &url(&dir.join("quiet.html"), ""));
    assert!(quiet.is_empty(), "{quiet:?}");
}
