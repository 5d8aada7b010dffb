//! Tests of Bao la Kiswahili, rule by rule, against the reference's check figures.

use super::Zanzibar;
use crate::game::{Game, PositionForm};
use crate::perft::perft;
use crate::rulings::RulingSet;

fn rulings(assignments: &[&str]) -> <Zanzibar as Game>::Rulings {
    let set = RulingSet::from_assignments(assignments.iter().copied()).unwrap();
    set.check(Zanzibar::RULINGS, Zanzibar::RULESET).unwrap();
    Zanzibar::rulings(&set).unwrap()
}

fn counts(r: &<Zanzibar as Game>::Rulings, depth: u32) -> Vec<u64> {
    (1..=depth)
        .map(|d| perft::<Zanzibar>(&Zanzibar::start(), r, d))
        .collect()
}

/// The reference's perft from the start under the default rulings (Donkers' program and nkkmd).
#[test]
fn perft_from_the_start_matches_the_reference() {
    assert_eq!(
        counts(&rulings(&[]), 9),
        [4, 14, 38, 124, 405, 1430, 5655, 23270, 105704]
    );
}

/// ZAN-A4 `functional`: singletons take the store seed only while the house is functional
/// (Mancala World, AbstractPlay).
#[test]
fn zan_a4_namua_singletons_functional_changes_the_perft() {
    let r = rulings(&["zanzibar.namua-singletons=functional"]);
    assert_eq!(perft::<Zanzibar>(&Zanzibar::start(), &r, 9), 105596);
}

/// ZAN-A15 `finish`: a move that empties the opponent's front row is played to its end.
#[test]
fn zan_a15_bao_hamna_finish_changes_the_perft() {
    let r = rulings(&["zanzibar.bao-hamna-mid-move=finish"]);
    assert_eq!(perft::<Zanzibar>(&Zanzibar::start(), &r, 9), 105717);
}

/// ZAN-A17 `either`: a lone kichwa may be sown outward in namua (AbstractPlay's 5657).
#[test]
fn zan_a17_namua_lone_kichwa_either_changes_the_perft() {
    let r = rulings(&["zanzibar.namua-lone-kichwa=either"]);
    assert_eq!(perft::<Zanzibar>(&Zanzibar::start(), &r, 7), 5657);
}

/// Perft from mtaji positions of random games (counts of this engine, for
/// `spec/bao-la-kiswahili/perft.yaml` once the ruleset is registered): a takasia-ed singleton
/// (ZAN-23, ZAN-24, ZAN-A11), an owned house in mtaji (ZAN-19), a midgame without houses.
#[test]
fn perft_from_mtaji_positions() {
    let r = rulings(&[]);
    let tables: [(&str, &[u64]); 3] = [
        (
            "6,0,3,5,2,3,0,3/1,0,0,0,0,0,1,0/0,4,11,0,0,2,1,1/3,3,0,2,4,2,3,4 0,0 - a2 N",
            &[12, 33, 115, 427, 1451, 5392],
        ),
        (
            "1,2,5,0,3,0,2,1/1,6,0,19,0,5,1,0/0,0,0,1,4,1,8,1/0,0,0,0,0,1,2,0 0,0 h - N",
            &[6, 9, 42, 90, 416, 836, 3362],
        ),
        (
            "1,2,0,2,1,4,1,4/6,7,3,14,5,2,1,0/0,1,0,0,1,4,0,0/1,1,1,0,0,0,1,1 0,0 - - S",
            &[1, 7, 26, 111, 291, 1065, 2713],
        ),
    ];
    for (text, expected) in tables {
        let pos = Zanzibar::parse_position(text).unwrap();
        assert_eq!(Zanzibar::format_compact(&pos), text);
        let got: Vec<u64> = (1..=expected.len() as u32)
            .map(|d| perft::<Zanzibar>(&pos, &r, d))
            .collect();
        assert_eq!(got, expected, "{text}");
    }
}

/// Random games under random rulings: 64 seeds (the store included), every listed move plays and
/// no other does, notation and both position forms round-trip, the end agrees with the move
/// list; and what each game shows of takasia agrees with `zanzibar.takasia`.
#[test]
fn random_games_under_every_ruling_keep_every_invariant() {
    use crate::game::Side;
    use crate::rng::SplitMix64;
    let mut reservations = [0u32; 2];
    for seed in 0..48u64 {
        let pick = |i: usize, n: usize| (seed as usize / [1, 2, 6, 18, 54][i % 5] + i) % n;
        let values: Vec<String> = RULINGS_FOR_TEST
            .iter()
            .enumerate()
            .map(|(i, (name, values))| format!("{name}={}", values[pick(i, values.len())]))
            .collect();
        let r = rulings(&values.iter().map(String::as_str).collect::<Vec<_>>());
        let takasia = r.rules.takasia;
        let mut rng = SplitMix64::new(seed);
        let mut pos = Zanzibar::start();
        for _ in 0..300 {
            let total: u32 = Side::BOTH
                .iter()
                .map(|&s| pos.on_board(s) + pos.reserve(s) as u32)
                .sum();
            assert_eq!(total, 64);
            // Positions the form cannot tell valid without the rulings: an obligation due
            // (ZAN-A13 `first`/`any`), a mover's own front row emptied (ZAN-A17 `either`).
            if !pos.hizi_due() && !pos.front_empty(pos.to_move().opponent()) {
                let compact = Zanzibar::format_compact(&pos);
                assert_eq!(Zanzibar::parse_position(&compact), Ok(pos), "{compact}");
                let diagram = Zanzibar::format_diagram(&pos);
                assert_eq!(Zanzibar::parse_position(&diagram), Ok(pos), "{diagram}");
            }
            // Every position a game reaches reads back under its rulings, in every form that
            // can hold it (Donkers' has no field for an obligation due).
            let compact = Zanzibar::format_compact(&pos);
            let under = Zanzibar::parse_position_under(&compact, &r);
            assert_eq!(under, Ok(pos), "{compact} {values:?}");
            match Zanzibar::format_position(PositionForm::Donkers, &pos) {
                Ok(bracket) => {
                    let read = Zanzibar::parse_position_under(&bracket, &r);
                    assert_eq!(read, Ok(pos), "{bracket} {values:?}");
                }
                Err(_) => assert!(pos.hizi_due(), "{compact}"),
            }
            if pos.hizi().is_some() {
                reservations[takasia as usize] += 1;
            }
            let mut moves = Vec::new();
            let _ = Zanzibar::legal_moves(&pos, &r, &mut moves);
            for hole in 0..32u8 {
                for dir in [super::Dir::Left, super::Dir::Right] {
                    for safari in [None, Some(false), Some(true)] {
                        let mv = super::ZanzibarMove::new(hole, dir, safari);
                        let played = Zanzibar::play(&pos, &r, mv, &mut ());
                        assert_eq!(played.is_ok(), moves.contains(&mv), "{mv:?} {values:?}");
                    }
                }
            }
            for &mv in &moves {
                let spelling = Zanzibar::parse_move(&Zanzibar::format_move(mv)).unwrap();
                assert_eq!(Zanzibar::resolve(&pos, &r, &spelling), Ok(mv));
            }
            assert_eq!(Zanzibar::end(&pos, &r).is_some(), moves.is_empty());
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            pos = Zanzibar::play(&pos, &r, mv, &mut ()).unwrap();
        }
    }
    // ZAN-A8: no hole is ever takasia-ed under `no`; under `yes` some are.
    assert_eq!(reservations[0], 0);
    assert!(reservations[1] > 0);
}

const RULINGS_FOR_TEST: &[(&str, &[&str])] = &[
    ("zanzibar.capture-stop-house", &["functional", "owned"]),
    ("zanzibar.namua-singletons", &["owned", "functional"]),
    ("zanzibar.lone-house", &["functional", "owned", "any"]),
    (
        "zanzibar.house-in-mtaji",
        &["first-capture", "kept", "lost"],
    ),
    ("zanzibar.mtaji-house", &["relay", "namua", "takasa-stops"]),
    ("zanzibar.takasia", &["yes", "no"]),
    ("zanzibar.takasia-last-namua", &["no", "yes"]),
    ("zanzibar.takasia-singleton", &["allowed", "excluded"]),
    ("zanzibar.takasia-house-lap", &["stop", "relay"]),
    ("zanzibar.takasia-must-capture", &["no", "first", "any"]),
    ("zanzibar.immobile-check", &["to-move", "both"]),
    ("zanzibar.bao-hamna-mid-move", &["stop", "finish", "no-sow"]),
    ("zanzibar.namua-lone-kichwa", &["inward", "either"]),
];

/// The picture's board reads as the diagram, keeps the 64 seeds, and marks the takasia-ed hole
/// (the reference's diagram).
#[test]
fn boards_match_the_diagram() {
    use crate::board::Mark;
    use crate::board_tests::check_boards_along_a_game;
    check_boards_along_a_game::<Zanzibar>(80, |_| 64);
    let pos = Zanzibar::parse_position(
        "north: reserve 0, no house\n\
         b  1  1  0  1  0  2  1  7\n\
         a  0  0  0  1  3  3  8  0\n\
         A  1  0  4  6  0  1  1  1\n\
         B  2  4  5  3  3  2  2  1\n\
         south: reserve 0, no house\n\
         takasia: a2, by south\n\
         north to move\n",
    )
    .unwrap();
    let board = Zanzibar::board(&pos);
    let takasia: Vec<&str> = board
        .holes()
        .filter(|h| h.marks == [Mark::Takasia])
        .map(|h| h.name)
        .collect();
    assert_eq!(takasia, ["a2"]);
    assert_eq!(board.notes.last().unwrap(), "takasia: a2, by south");
    let start = Zanzibar::board(&Zanzibar::start());
    assert_eq!(
        start.stores.iter().map(|s| s.count).collect::<Vec<_>>(),
        [22, 22]
    );
}

/// Finding 10 of the hardening round: positions no game reaches. A store starts with 22 and
/// never gains a seed (ZAN-3); each namua move takes one and the players move in turn (ZAN-8), so
/// the stores differ by at most one and the player with more is to move, whoever moved first.
#[test]
fn zan_3_zan_8_stores_no_game_reaches_are_refused() {
    let r = rulings(&[]);
    let start = Zanzibar::format_compact(&Zanzibar::start());
    let rule = |text: &str| Zanzibar::parse_position_under(text, &r).map_err(|e| e.rule);
    assert_eq!(
        rule(&start.replace(" 22,22 ", " 44,0 ")),
        Err(Some("ZAN-3"))
    );
    // South has moved once more than North and is to move again (`first: south`), or North
    // (`first: north`): neither game reaches it.
    let namua = "0,0,0,0,0,0,0,0/0,2,2,6,1,0,0,0/0,0,1,1,6,2,2,0/0,0,0,0,0,0,0,0";
    assert_eq!(rule(&format!("{namua} 20,21 Hh - S")), Err(Some("ZAN-8")));
    assert_eq!(rule(&format!("{namua} 21,20 Hh - N")), Err(Some("ZAN-8")));
    assert_eq!(rule(&format!("{namua} 20,21 Hh - N")).map(|_| ()), Ok(()));
    assert_eq!(rule(&format!("{namua} 21,20 Hh - S")).map(|_| ()), Ok(()));
    assert_eq!(rule(&format!("{namua} 22,19 Hh - S")), Err(Some("ZAN-8")));
    // The same in Donkers' bracket form.
    let bracket = Zanzibar::format_position(PositionForm::Donkers, &Zanzibar::start()).unwrap();
    assert_eq!(rule(&bracket.replace("22 22", "44 0")), Err(Some("ZAN-3")));
}

/// ZAN-23: a takasia field of the side to move is the one the takasia-er's takasa made — the hole
/// all of his legal captures take first, its owner unable to capture. A field no move makes is
/// refused with the rule, saying why.
#[test]
fn zan_23_a_takasia_field_no_takasa_makes_is_refused() {
    let r = rulings(&[]);
    let read = |text: &str| Zanzibar::parse_position_under(text, &r);
    // After T1's A5>*: only B7> captures, taking a2 (the spec's `a-singleton-takasia-ed`).
    let made = "6,0,3,5,2,3,0,3/1,0,0,0,0,0,1,0/0,4,11,0,0,2,1,1/3,3,0,2,4,2,3,4 0,0 - a2 N";
    assert!(read(made).is_ok());
    // The same board with a8 takasia-ed: South's captures would all take a2.
    let refused = read(&made.replace(" a2 N", " a8 N")).unwrap_err();
    assert_eq!(refused.rule, Some("ZAN-23"));
    assert!(
        refused.message.contains("would all take a2 first"),
        "{}",
        refused.message
    );
    // The reserver has no capture at all (the probe is of this kind).
    let none = "1,17,0,0,0,0,0,0/1,3,0,8,0,0,3,0/0,0,0,0,9,0,0,0/17,1,0,0,1,1,0,2 0,0 Hh a7 N";
    let refused = read(none).unwrap_err();
    assert_eq!(refused.rule, Some("ZAN-23"));
    assert!(
        refused.message.contains("south has no legal capture move"),
        "{}",
        refused.message
    );
    // His captures would take two holes first.
    let two = "2,1,3,0,2,0,13,0/0,0,0,3,0,3,0,1/1,5,8,1,3,1,0,4/0,0,0,10,0,0,1,2 0,0 - a5 N";
    let refused = read(two).unwrap_err();
    assert_eq!(refused.rule, Some("ZAN-23"));
    assert!(
        refused.message.contains("more than one"),
        "{}",
        refused.message
    );
    // An obligation due (a hole of the player not to move) is not the takasa's position.
    let due = "0,0,0,0,0,0,0,1/2,1,0,0,47,1,1,2/1,1,0,0,0,0,0,1/2,2,0,0,0,0,2,0 0,0 - a8 S";
    let first = rulings(&["zanzibar.takasia-must-capture=first"]);
    assert!(Zanzibar::parse_position_under(due, &first).is_ok());
}

/// ZAN-A15 `no-sow`: the winner's store holds his last capture, above 22 if need be; the
/// position is reached, and read back, under that ruling only.
#[test]
fn zan_a15_no_sow_stores_are_read_under_no_sow_only() {
    let start = "1,1,1,1,1,1,1,0/2,2,0,0,0,0,0,0/1,1,0,2,6,0,0,0/0,0,0,0,0,0,0,0 22,21 H - S";
    let no_sow = rulings(&["zanzibar.bao-hamna-mid-move=no-sow"]);
    let mut game = crate::play::Playthrough::<Zanzibar>::new(
        Zanzibar::parse_position_under(start, &no_sow).unwrap(),
        no_sow,
    );
    game.play_text("A1>x#").unwrap();
    let after = Zanzibar::format_compact(game.position());
    assert!(after.ends_with(" 23,21 H - N"), "{after}");
    assert!(Zanzibar::parse_position_under(&after, &no_sow).is_ok());
    let error = Zanzibar::parse_position_under(&after, &rulings(&[])).unwrap_err();
    assert_eq!(error.rule, Some("ZAN-3"));
}

/// Issue 24: one word for the store: Bao la Kiswahili's diagram says `store` (as its board, its
/// rules and its traces do), and still reads a diagram that says `reserve`.
#[test]
fn the_diagram_says_store() {
    let diagram = Zanzibar::format_diagram(&Zanzibar::start());
    assert!(diagram.starts_with("north: store 22, house\n"), "{diagram}");
    assert!(!diagram.contains("reserve"), "{diagram}");
    let old = diagram.replace("store 22", "reserve 22");
    assert_eq!(Zanzibar::parse_position(&old), Ok(Zanzibar::start()));
    let kete = crate::games::Kete::format_diagram(&crate::games::Kete::start());
    assert!(kete.starts_with("north: reserve 22, kuu\n"), "{kete}");
}

/// ZAN-13.0 before ZAN-13.3: a capture that wins the game with its last seed in the owned house
/// stops the move there, so `+` is refused for the win (ZAN-25), not as a lap that never reaches
/// the house (ZAN-13). Conform tells an engine that lists that `+` twin (Donkers' program, whose
/// `legal_moves` keeps it) from one listing `+` without a house (Donkers' P3) by this rule.
#[test]
fn zan_25_a_win_in_the_house_refuses_the_house_decision() {
    use crate::types::{Rejection, Unresolved};
    let r = rulings(&[
        "zanzibar.capture-stop-house=owned",
        "zanzibar.lone-house=any",
        "zanzibar.house-in-mtaji=lost",
        "zanzibar.takasia-last-namua=yes",
        "zanzibar.immobile-check=both",
    ]);
    let refused = |text: &str, mv: &str| {
        let pos = Zanzibar::parse_position_under(text, &r).unwrap();
        let spelling = Zanzibar::parse_move(mv).unwrap();
        match Zanzibar::resolve(&pos, &r, &spelling) {
            Err(Unresolved::Rejected(Rejection::Illegal { rule, reason })) => (rule, reason),
            other => panic!("{mv} in {text}: {other:?}"),
        }
    };
    // A4< captures a5, a4, a3, a2; a2's four seeds, sown from A8, end in the house A5.
    let won = "0,0,0,0,0,0,0,0/0,0,0,4,1,2,4,0/1,5,0,1,12,3,0,0/1,1,0,0,0,1,2,0 13,13 H - S";
    let (rule, reason) = refused(won, "A4<+");
    assert_eq!(rule, "ZAN-25", "{reason}");
    assert!(reason.contains("wins the game"), "{reason}");
    // Without a house no decision arises at all: still ZAN-13 (Donkers' P3's position).
    let no_house = "1,1,0,0,0,0,0,0/0,1,2,1,2,4,1,0/0,0,2,4,1,0,0,1/1,1,1,1,1,2,2,0 17,17 h - S";
    assert_eq!(refused(no_house, "A4<+").0, "ZAN-13");
}
