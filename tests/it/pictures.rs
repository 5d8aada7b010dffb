//! The SVG pictures as a user gets them (`play --svg`, `moves --svg`, `explain --format svg`), read
//! back as XML: well-formed, self-contained, one shape per hole, and the counts the position holds
//! (read independently from the text diagram). Each ruleset's start and a mid-game position are
//! insta snapshots; the start pictures of the README (`docs/start-<ruleset>.svg`) must be what the
//! CLI prints today.

use std::collections::BTreeMap;

use bao_rules::game::Game;
use bao_rules::play::Playthrough;
use bao_rules::{RULESETS, with_game};

use crate::common::run;

/// Runs and expects success with nothing on standard error.
fn output(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
    stdout
}

/// Seeds and stones a game keeps on the board and in its stores; Kimasai's are lost when captured.
fn total(ruleset: &str) -> Option<u32> {
    match ruleset {
        "bao-kingulu" => Some(48),
        "bao-la-kete" | "bao-la-kiswahili" => Some(64),
        _ => None,
    }
}

/// A hole as the picture shows it.
#[derive(Debug)]
struct Shown {
    count: u32,
    /// The words under the hole (`house`, `from`, `captured`, `legal`, ...).
    tags: Vec<String>,
}

/// What a board of a picture shows.
#[derive(Debug, Default)]
struct Picture {
    holes: BTreeMap<String, Shown>,
    /// The hole names in drawing order.
    order: Vec<String>,
    stores: u32,
}

fn class(node: roxmltree::Node, name: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split(' ').any(|c| c == name))
}

fn text_of(node: roxmltree::Node) -> String {
    node.children().filter_map(|c| c.text()).collect()
}

/// Parses `svg` as XML and checks it is a self-contained SVG 1.1 document with a title and a
/// description; returns every board of it (one per panel, or the document itself).
fn pictures(svg: &str) -> Vec<Picture> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}:\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(root.attribute("version"), Some("1.1"));
    let children: Vec<_> = root.children().filter(|n| n.is_element()).collect();
    assert_eq!(children[0].tag_name().name(), "title");
    assert!(!text_of(children[0]).is_empty());
    assert_eq!(children[1].tag_name().name(), "desc");
    for node in root.descendants() {
        assert_ne!(node.tag_name().name(), "script");
        assert_ne!(node.tag_name().name(), "image");
        for attribute in node.attributes() {
            assert_ne!(attribute.name(), "href", "an external reference");
            assert!(!attribute.name().starts_with("on"), "a script");
            if let Some(url) = attribute.value().strip_prefix("url(") {
                assert!(url.starts_with('#'), "{}", attribute.value());
            }
        }
    }
    let panels: Vec<_> = root.children().filter(|n| class(*n, "panel")).collect();
    let scopes = if panels.is_empty() {
        vec![root]
    } else {
        panels
    };
    scopes.into_iter().map(picture).collect()
}

fn picture(scope: roxmltree::Node) -> Picture {
    let mut shown = Picture::default();
    for hole in scope.descendants().filter(|n| class(*n, "hole")) {
        let title = text_of(hole.children().find(|n| n.has_tag_name("title")).unwrap());
        let (name, rest) = title.split_once(" holds ").expect("`NAME holds N` titles");
        let said: u32 = rest.split(':').next().unwrap().parse().unwrap();
        let count_node = hole
            .descendants()
            .find(|n| class(*n, "count"))
            .expect("a count as text");
        let count: u32 = text_of(count_node).parse().unwrap();
        assert_eq!(said, count, "{title}");
        let dots = hole.descendants().filter(|n| class(*n, "seed")).count() as u32;
        assert!(
            dots == count || (count > 12 && dots == 0),
            "{title}: {dots} dots"
        );
        let tags = hole
            .descendants()
            .filter(|n| class(*n, "tag"))
            .flat_map(|n| {
                text_of(n)
                    .split(" · ")
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        shown.order.push(name.to_string());
        let before = shown.holes.insert(name.to_string(), Shown { count, tags });
        assert!(before.is_none(), "{name} drawn twice");
    }
    for store in scope.descendants().filter(|n| class(*n, "store")) {
        let text = text_of(
            store
                .descendants()
                .find(|n| n.has_tag_name("text"))
                .unwrap(),
        );
        shown.stores += text.rsplit(' ').next().unwrap().parse::<u32>().unwrap();
    }
    shown
}

/// The holes of a text diagram, named independently of the oracle's code by the references'
/// rule: a lower-case (North's) row reads from its highest number down, an upper-case row up.
fn diagram_holes(diagram: &str) -> Vec<(String, u32)> {
    let mut holes = Vec::new();
    for line in diagram.lines() {
        let mut words = line.split_whitespace();
        let Some(label) = words.next() else { continue };
        if !matches!(label, "a" | "b" | "A" | "B") {
            continue;
        }
        let cells: Vec<u32> = words
            .map(|cell| {
                let digits: String = cell.chars().take_while(char::is_ascii_digit).collect();
                digits.parse().unwrap()
            })
            .collect();
        let width = cells.len();
        for (i, count) in cells.into_iter().enumerate() {
            let number = if label.chars().all(char::is_lowercase) {
                width - i
            } else {
                i + 1
            };
            holes.push((format!("{label}{number}"), count));
        }
    }
    holes
}

/// The picture shows exactly the holes of `diagram`, in the same order, with the same counts, and
/// (where the game keeps its seeds) every seed.
fn assert_shows(picture: &Picture, diagram: &str, ruleset: &str) {
    let holes = diagram_holes(diagram);
    let names: Vec<&String> = holes.iter().map(|(n, _)| n).collect();
    assert_eq!(picture.order.iter().collect::<Vec<_>>(), names, "{diagram}");
    for (name, count) in &holes {
        assert_eq!(picture.holes[name].count, *count, "{name} in\n{diagram}");
    }
    if let Some(total) = total(ruleset) {
        let on_board: u32 = picture.holes.values().map(|h| h.count).sum();
        assert_eq!(on_board + picture.stores, total, "{diagram}");
    }
}

/// `plies` moves of a game from the start, each the middle one of the legal moves that do not end
/// the game (written in canonical notation): a deterministic mid-game for every ruleset.
fn mid_game<G: Game>(plies: usize) -> Vec<String> {
    let mut game = Playthrough::<G>::new(G::start(), G::Rulings::default());
    let mut moves = Vec::new();
    let mut texts = Vec::new();
    for _ in 0..plies {
        let _ = G::legal_moves(game.position(), game.rulings(), &mut moves);
        moves.retain(|&mv| {
            G::play(game.position(), game.rulings(), mv, &mut ())
                .is_ok_and(|next| G::end(&next, game.rulings()).is_none())
        });
        let Some(&mv) = moves.get(moves.len() / 2) else {
            break;
        };
        texts.push(G::format_move(mv));
        game.play(mv, &mut ()).unwrap();
        if game.end().is_some() {
            break;
        }
    }
    texts
}

fn holes_tagged<'a>(picture: &'a Picture, tag: &str) -> Vec<&'a str> {
    picture
        .order
        .iter()
        .filter(|name| picture.holes[*name].tags.iter().any(|t| t == tag))
        .map(String::as_str)
        .collect()
}

#[test]
fn start_and_mid_game_pictures_show_the_positions() {
    for &ruleset in RULESETS {
        let moves =
            with_game!(bao_rules::Ruleset::from_name(ruleset).unwrap(), G => mid_game::<G>(12));
        assert_eq!(moves.len(), 12, "{ruleset}");
        for (name, plies) in [("start", 0), ("mid-game", moves.len())] {
            let mut args = vec!["play", ruleset];
            args.extend(moves[..plies].iter().map(String::as_str));
            let diagram = output(&[args.as_slice(), &["--diagram"]].concat());
            let svg = output(&[args.as_slice(), &["--svg"]].concat());
            let shown = pictures(&svg);
            assert_eq!(shown.len(), 1);
            assert_shows(&shown[0], &diagram, ruleset);
            let holes = match ruleset {
                "bao-kingulu" => 12,
                "bao-la-kimasai" => 48,
                _ => 32,
            };
            assert_eq!(shown[0].holes.len(), holes, "{ruleset}");
            // After a move, its hole is marked; at the start nothing is.
            assert_eq!(
                holes_tagged(&shown[0], "from").len(),
                plies.min(1),
                "{ruleset}"
            );
            insta::assert_snapshot!(format!("{ruleset}-{name}"), svg);
        }
    }
}

/// The kuu (Kete) and the house (Kiswahili) are marked in the game's word while they stand, the
/// stores are shown.
#[test]
fn houses_and_stores_are_marked() {
    for (ruleset, word) in [("bao-la-kete", "kuu"), ("bao-la-kiswahili", "house")] {
        let shown = &pictures(&output(&["play", ruleset, "--svg"]))[0];
        assert_eq!(holes_tagged(shown, word), ["a5", "A5"], "{ruleset}");
        assert_eq!(shown.stores, 44);
    }
    let reserved = output(&[
        "play",
        "bao-kingulu",
        "--position",
        "4,0,5^S,2,4,4/0,5,6,1,3,0 9-5 N",
        "--svg",
    ]);
    let shown = &pictures(&reserved)[0];
    assert_eq!(holes_tagged(shown, "reserved"), ["a4"]);
    assert!(reserved.contains("a4 reserved by south"));
    assert!(reserved.contains(">north to move</text>"));
}

/// `play --svg` highlights the last move: its hole and the holes it captured, said in words.
#[test]
fn play_highlights_the_last_move() {
    // A3 captures a2 (see `explain bao-kingulu A3`).
    let shown = &pictures(&output(&["play", "bao-kingulu", "A3", "--svg"]))[0];
    assert_eq!(holes_tagged(shown, "from"), ["A3"]);
    assert_eq!(holes_tagged(shown, "captured"), ["a2"]);
    let (code, _, stderr) = run(&["play", "bao-kingulu", "A3", "--svg", "--diagram"]);
    assert_eq!(code, 2, "{stderr}");
    // A refused move prints no picture.
    let (code, stdout, _) = run(&["play", "bao-kingulu", "A1", "--svg"]);
    assert_eq!((code, stdout.as_str()), (1, ""));
}

/// `moves --svg` marks the hole of every legal move, and only those.
#[test]
fn moves_marks_every_legal_moves_hole() {
    for &ruleset in RULESETS {
        let moves =
            with_game!(bao_rules::Ruleset::from_name(ruleset).unwrap(), G => mid_game::<G>(7));
        let mut args = vec!["moves", ruleset, "--position"];
        let position = output(
            &[
                &["play", ruleset][..],
                &moves.iter().map(String::as_str).collect::<Vec<_>>(),
            ]
            .concat(),
        );
        args.push(position.trim());
        let listed = output(&args);
        let mut expected: Vec<String> = listed
            .lines()
            .map(|m| {
                let n = m
                    .char_indices()
                    .find(|&(i, c)| i > 0 && !c.is_ascii_digit())
                    .map_or(m.len(), |(i, _)| i);
                m[..n].to_string()
            })
            .collect();
        expected.sort();
        expected.dedup();
        args.push("--svg");
        let shown = &pictures(&output(&args))[0];
        let mut legal: Vec<String> = holes_tagged(shown, "legal")
            .into_iter()
            .map(str::to_string)
            .collect();
        legal.sort();
        assert_eq!(legal, expected, "{ruleset}: {listed}");
    }
}

/// `explain --format svg`: one document, the board before, after each capture the text shows a
/// board for, and at the end; the last is the position after the move.
#[test]
fn explain_draws_the_boards_of_the_move() {
    let generated = output(&[
        "generate",
        "bao-la-kiswahili",
        "--seed",
        "3",
        "--max-plies",
        "19",
    ]);
    let dir = std::env::temp_dir().join(format!("bao-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.yaml");
    std::fs::write(&path, &generated).unwrap();
    let path = path.to_str().unwrap();
    let text = output(&["explain", "--record", path, "--ply", "19"]);
    let svg = output(&[
        "explain", "--record", path, "--ply", "19", "--format", "svg",
    ]);
    let shown = pictures(&svg);
    let captures = text.matches("the board after this capture:").count();
    assert!(captures >= 2, "{text}");
    assert_eq!(shown.len(), 2 + captures, "{text}");
    let after = text.split("\nafter:\n").nth(1).unwrap();
    assert_shows(shown.last().unwrap(), after, "bao-la-kiswahili");
    let before = text.split("before:\n").nth(1).unwrap();
    let before = before.split("\n\n").next().unwrap();
    assert_shows(&shown[0], before, "bao-la-kiswahili");
    assert_eq!(holes_tagged(&shown[0], "from"), ["A3"]);

    // A refused move: the board before, its legal holes marked.
    let (code, svg, _) = run(&["explain", "bao-kingulu", "A1", "--format", "svg"]);
    assert_eq!(code, 1);
    let shown = pictures(&svg);
    assert_eq!(shown.len(), 1);
    assert_eq!(holes_tagged(&shown[0], "legal"), ["A3", "A4", "A5", "A6"]);
    assert!(svg.contains("A1 is illegal"));

    // Under two rulings: both explanations' boards.
    let svg = output(&[
        "explain",
        "bao-kingulu",
        "A3",
        "--compare-ruling",
        "kingulu.penultimate-source=not-from-reserved",
        "--format",
        "svg",
    ]);
    assert_eq!(pictures(&svg).len(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The README's pictures of the starts are what `play RULESET --svg` prints now (regenerate:
/// `bao-oracle play RULESET --svg > docs/start-RULESET.svg`).
#[test]
fn docs_start_pictures_are_current() {
    for &ruleset in RULESETS {
        let path = format!("{}/docs/start-{ruleset}.svg", env!("CARGO_MANIFEST_DIR"));
        let saved = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(
            saved == output(&["play", ruleset, "--svg"]),
            "{path} is stale: regenerate it with `bao-oracle play {ruleset} --svg > {path}`"
        );
    }
}

/// `moves --svg` at a finished game draws its board with no move marked (Kimasai: North to move
/// without a stone has lost, MAS-9).
#[test]
fn moves_draws_a_finished_game_with_no_move_marked() {
    let position = "000000000000/000000000000/000100000000/000000001000 N";
    let args = ["moves", "bao-la-kimasai", "--position", position, "--svg"];
    let (code, stdout, stderr) = run(&args);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("the game is over"), "{stderr}");
    let shown = pictures(&stdout);
    assert_eq!(shown.len(), 1, "one board: {stdout}");
    assert!(holes_tagged(&shown[0], "legal").is_empty());
    let stones: u32 = shown[0].holes.values().map(|h| h.count).sum();
    assert_eq!((shown[0].holes.len(), stones), (48, 2));
    // Without --svg, no list: only the word that the game is over.
    let (code, stdout, _) = run(&args[..4]);
    assert_eq!((code, stdout.as_str()), (0, ""));
}

/// 19.1: markup in a record's move and file name reaches an SVG picture as text: the document
/// still reads as the same SVG, with no element or script of the record's.
#[test]
fn record_text_in_a_picture_stays_text() {
    let payload = "</title><script>alert(1)</script><image href=\"x\" onload=\"alert(1)\"/>";
    let dir = std::env::temp_dir().join(format!("bao-pictures-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("<svg onload='alert(1)'>.yaml");
    let record = format!(
        "ruleset: bao-kingulu\nsource: t\nmoves: [A3, {}]\n",
        serde_json::to_string(payload).unwrap()
    );
    std::fs::write(&path, record).unwrap();
    let path = path.to_str().unwrap();
    let (code, svg, _) = run(&["explain", "--record", path, "--ply", "2", "--format", "svg"]);
    assert_eq!(code, 1, "the move is refused");
    // `pictures` refuses a script, an image, an external reference or an event attribute.
    assert!(!pictures(&svg).is_empty());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let said: String = doc
        .descendants()
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(said.contains(payload), "the move as text: {said}");
    let _ = std::fs::remove_dir_all(&dir);
}
