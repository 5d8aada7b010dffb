//! Tests of the whole ruleset, rule by rule, and properties of random games.

use super::*;
use crate::game::{Playthrough, RuleId};

fn rulings(assignments: &[&str]) -> Rulings {
    let set = RulingSet::from_assignments(assignments.iter().copied()).unwrap();
    set.check(Kete::RULINGS, Kete::RULESET).unwrap();
    Kete::rulings(&set).unwrap()
}

fn legal(pos: &Position, r: &Rulings) -> Vec<Move> {
    let mut out = Vec::new();
    Kete::legal_moves(pos, r, &mut out);
    out
}

fn names(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| Kete::format_move(m)).collect()
}

/// A small deterministic generator for random games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every move the mover could name: his 16 holes, both directions, each safari value.
fn every_move(pos: &Position) -> Vec<Move> {
    let base = pos.to_move().index() as u8 * 16;
    let mut out = Vec::new();
    for hole in base..base + 16 {
        for dir in [Dir::Left, Dir::Right] {
            for safari in [None, Some(false), Some(true)] {
                out.push(Move { hole, dir, safari });
            }
        }
    }
    out
}

/// Checks the invariants of one position of a random game; returns its legal moves.
fn check_position(pos: &Position, r: &Rulings) -> Vec<Move> {
    let total: u32 = Side::BOTH
        .iter()
        .map(|&s| pos.on_board(s) + pos.reserve(s) as u32)
        .sum();
    assert_eq!(total, 64, "seeds conserved in {}", Kete::format_compact(pos));
    let compact = Kete::format_compact(pos);
    assert_eq!(Kete::parse_position(&compact).as_ref(), Ok(pos), "{compact}");
    let diagram = Kete::format_diagram(pos);
    assert_eq!(Kete::parse_position(&diagram).as_ref(), Ok(pos), "{diagram}");
    let moves = legal(pos, r);
    let mut sorted = moves.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, moves, "canonical order, no duplicates");
    // play accepts exactly the listed moves.
    for mv in every_move(pos) {
        let ok = Kete::play(pos, r, mv, &mut ()).is_ok();
        assert_eq!(
            ok,
            moves.contains(&mv),
            "{} in {compact}: play {:?}",
            Kete::format_move(mv),
            Kete::play(pos, r, mv, &mut ())
        );
    }
    for &mv in &moves {
        // Notation round-trips.
        let text = Kete::format_move(mv);
        let spelling = Kete::parse_move(&text).unwrap();
        assert_eq!(Kete::resolve(pos, r, &spelling), Ok(mv), "{text} in {compact}");
        // Events and the quiet path agree.
        let mut events = Vec::new();
        let loud = Kete::play(pos, r, mv, &mut events).unwrap();
        let quiet = Kete::play(pos, r, mv, &mut ()).unwrap();
        assert_eq!(loud, quiet);
        assert!(!events.is_empty());
    }
    match Kete::game_end(pos, r) {
        Some(_) => assert!(moves.is_empty()),
        None => assert!(!moves.is_empty()),
    }
    moves
}

/// Plays a random game of at most `plies`, checking every position.
fn random_game(seed: u64, plies: usize, r: &Rulings) -> (Position, usize) {
    let mut rng = Rng(seed | 1);
    let mut pos = Kete::start();
    for ply in 0..plies {
        let moves = check_position(&pos, r);
        if moves.is_empty() {
            return (pos, ply);
        }
        pos = Kete::play(&pos, r, moves[rng.below(moves.len())], &mut ()).unwrap();
    }
    (pos, plies)
}

// --- Positions built for the rules (compact form; reused as spec scenarios) -------------------
//
// Rows top to bottom: b8..b1 / a8..a1 / A1..A8 / B1..B8; reserves South,North; kuu; hizi; side.

/// KETE-14.3: a nemo capture lap ends in the kuu (A7 takes a2's 4 from A8): stop or safari.
const NEMO_SAFARI: &str = "0,0,0,0,1,1,1,1/0,0,0,6,0,0,4,0/0,0,0,0,6,0,1,0/0,0,0,0,0,3,0,0 20,20 Kk - S";
/// KETE-14.3, KETE-A1: a mtaji capture lap (A6> takes a1's 4 from A8) ends in the standing kuu.
const MTAJI_SAFARI: &str = "1,1,1,1,1,1,1,1/6,6,6,6,0,6,6,4/0,0,0,0,6,2,0,1/1,1,0,1,1,1,1,1 0,0 K - S";
/// KETE-18: A3 holds 15; A3> ends in A2, facing a7.
const SIXTEEN_15: &str = "1,1,1,1,1,1,1,2/0,3,6,6,6,6,6,6/0,1,15,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0 - - S";
/// KETE-18: A3 holds 17; A3> ends in A4 (occupied by the lap's first round), facing a5.
const SIXTEEN_17: &str = "0,0,0,1,1,1,1,1/6,0,6,6,6,6,6,6/0,0,17,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0 - - S";
/// KETE-18: A3 holds 16; A3>'s last seed falls into A3 itself.
const SIXTEEN_16: &str = "0,0,0,1,1,1,1,1/6,0,6,6,6,6,6,6/0,0,16,0,0,0,0,0/1,0,0,0,0,0,0,0 0,0 - - S";
/// KETE-16: the kuu alone with six.
const KUU_ALONE_6: &str = "1,1,1,1,1,1,1,1/0,2,2,6,0,0,0,0/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 20,20 Kk - S";
/// KETE-16: the kuu alone with seven.
const KUU_ALONE_7: &str = "1,1,1,1,1,1,1,1/0,2,2,6,0,0,0,0/0,0,0,0,7,0,0,0/0,0,0,0,0,0,0,0 19,20 Kk - S";
/// KETE-20: South in mtaji with his kuu and no capture: A2 could start a takata, the kuu must.
const KUU_FIRST_TAKATA: &str = "0,0,0,0,0,0,0,0/7,7,7,7,7,7,7,7/0,2,0,0,6,0,0,0/0,0,0,0,0,0,0,0 0,0 K - S";
/// KETE-21: after A3< South threatens only a8 (B3< lands in A1), North cannot capture.
const HIZI: &str = "1,1,1,1,1,1,16,19/2,0,1,0,0,0,0,5/0,0,2,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - - S";
/// KETE-21: as HIZI, but a8 is North's only occupied front hole.
const HIZI_ONLY_OCCUPIED: &str = "1,1,1,1,1,1,16,25/2,0,0,0,0,0,0,0/0,0,2,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - - S";
/// KETE-21: as HIZI, but a8 is North's only front hole with more than one seed.
const HIZI_ONLY_MANY: &str = "1,1,1,1,1,1,16,23/2,0,1,0,0,0,0,1/0,0,2,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - - S";
/// KETE-21: as HIZI, but A3< also lets B2< take a7: two threatened holes.
const HIZI_TWO: &str = "1,1,1,1,1,1,16,16/2,1,1,0,0,0,0,5/0,0,2,0,0,0,1,0/1,3,3,1,1,1,3,1 0,0 - - S";
/// KETE-21: as HIZI, but after A3< North can capture (a5> lands in a7, facing A2).
const HIZI_OPP_CAPTURES: &str = "1,1,1,1,1,1,16,16/2,1,1,2,0,0,0,5/0,0,2,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - - S";
/// KETE-21: after A6< South threatens only a5, North's kuu.
const HIZI_KUU: &str = "1,1,1,1,1,1,16,21/0,0,0,6,0,0,0,2/0,0,0,0,0,2,0,0/4,1,1,1,1,1,1,1 0,0 k - S";
/// KETE-21: a1 reserved by South; North's kuu takata (20 seeds) ends its first lap in a1.
const HIZI_KUU_FIRST_LAP: &str = "0,0,0,0,0,0,15,16/0,0,0,20,0,0,0,2/0,0,0,0,0,2,0,1/1,1,1,1,1,1,1,1 0,0 k a1 N";
/// KETE-22: South must capture the reserved a8 (B3<); B7> could take a2.
const HIZI_DUE: &str = "1,1,1,1,1,1,16,18/2,1,1,0,0,0,1,5/1,1,0,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - a8 S";
/// KETE-22: as HIZI_DUE, but the reserved a8 is empty: no capture takes it.
const HIZI_LAPSE: &str = "1,1,1,1,1,1,16,20/0,1,1,0,0,0,1,5/1,1,0,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - a8 S";
/// KETE-8: a lone kichwa in nemo.
const LONE_KICHWA_NEMO: &str = "0,0,0,0,0,0,0,0/0,6,6,6,6,6,6,6/2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 10,10 k - S";
/// KETE-8: a lone kichwa of nine in mtaji, whose lap outward would come round to A8.
const LONE_KICHWA_9: &str = "0,0,1,1,1,1,1,1/0,7,7,7,7,7,7,7/9,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0 - - S";
/// KETE-12, KETE-13: nemo captures from the left kimbi (A2), the centre (A4), the right (A7).
const NEMO_CAPTURES: &str = "1,1,1,1,1,1,1,1/0,2,0,7,0,0,3,0/0,1,0,1,0,0,1,0/0,0,0,0,0,0,0,0 20,21 k - S";
/// KETE-13, KETE-17: a mtaji capture from the centre keeps its direction.
const MTAJI_CENTRE: &str = "1,1,1,1,1,1,1,1/0,0,0,3,0,10,16,16/0,2,0,1,0,0,0,0/1,1,1,1,1,1,1,1 0,0 - - S";
/// KETE-23: A7< captures a2, North's last front hole, and its lap ends in the occupied A6.
const BAO_HAMNA: &str = "1,1,1,1,1,1,1,1/0,0,0,0,0,0,3,0/0,0,0,0,0,1,1,0/0,0,0,0,0,0,0,0 25,26 - - S";
/// KETE-24: South has only singletons.
const SINGLETONS: &str = "0,0,0,0,0,0,0,0/6,6,6,6,6,6,6,6/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1 0,0 - - S";
/// KETE-11, KETE-A11: A4<'s third lap ends in A2 (filled by its first) facing a7.
const TAKATA_NO_CAPTURE: &str = "0,0,0,0,0,0,0,0/0,2,4,0,4,4,4,4/2,0,0,2,0,0,0,0/0,0,11,0,0,0,0,0 14,13 - - S";
/// KETE-15: with a kuu, singletons may take the seed, the kuu may not.
const NEMO_ELIGIBLE_KUU: &str = "0,0,0,0,0,0,0,0/6,0,6,6,0,6,0,6/0,1,0,0,6,0,1,0/0,0,0,0,0,0,0,0 13,13 Kk - S";
/// KETE-15: without a kuu, a singleton may not take the seed while A7 holds three.
const NEMO_ELIGIBLE: &str = "0,0,0,0,0,0,0,0/6,0,6,6,0,6,0,6/0,1,0,0,0,0,3,0/0,0,0,0,0,0,0,0 15,15 - - S";
/// KETE-15: without a kuu, every occupied front hole a singleton.
const NEMO_SINGLETONS: &str = "0,0,0,0,0,0,0,0/6,0,6,6,0,6,0,6/0,1,0,0,0,0,1,0/0,0,0,0,0,0,0,0 16,16 - - S";
/// KETE-5, KETE-19: front singletons only, so back holes start takatas.
const MTAJI_BACK: &str = "0,0,0,0,0,0,0,1/7,7,7,7,7,7,7,7/0,0,1,0,0,1,0,0/0,3,0,0,2,0,0,0 0,0 - - S";

fn pos(text: &str) -> Position {
    Kete::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves_of(text: &str, r: &Rulings) -> Vec<String> {
    names(&legal(&pos(text), r))
}

/// One short word per event, for comparing whole traces.
fn brief(e: &Event) -> String {
    let h = Kete::hole_name;
    match *e {
        Event::Lap {
            from,
            seeds,
            direction,
            to,
            ..
        } => {
            let d = match direction {
                crate::game::Direction::Clockwise => "cw",
                crate::game::Direction::Anticlockwise => "acw",
            };
            format!("lap {} {seeds} {d} {}", h(from), h(to))
        }
        Event::Relay { at, seeds, .. } => format!("relay {} {seeds}", h(at)),
        Event::Capture { hole, seeds, .. } => format!("capture {seeds} {}", h(hole)),
        Event::Enter { hole, .. } => format!("enter {}", h(hole)),
        Event::Reserve { hole, by, .. } => format!("reserve {} by {by}", h(hole)),
        Event::Note { rule, .. } => format!("note {rule}"),
        Event::Stop { at, reason, .. } => format!("stop {} {reason:?}", h(at)),
        Event::GameOver { end } => format!("over {} {}", end.outcome, end.rule),
        Event::Step { .. } | Event::Transfer { .. } => format!("{e:?}"),
    }
}

/// Plays `moves` (as written) from `start`; the brief trace of the last one and the position.
fn play_line(start: &str, r: &Rulings, moves: &[&str]) -> (String, Position) {
    let mut game = Playthrough::<Kete>::new(pos(start), *r);
    let mut last = String::new();
    for text in moves {
        let spelling = Kete::parse_move(text).unwrap();
        let mv = Kete::resolve(&game.position, r, &spelling)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let mut events = Vec::new();
        game.play(mv, &mut events).unwrap();
        let claims = Kete::check_claims(&spelling, &events);
        assert!(claims.is_empty(), "{text}: {claims:?}");
        last = events.iter().map(brief).collect::<Vec<_>>().join(", ");
    }
    (last, game.position)
}

fn trace(start: &str, r: &Rulings, mv: &str) -> String {
    play_line(start, r, &[mv]).0
}

/// The rule a spelled move breaks.
fn refused(start: &str, r: &Rulings, mv: &str) -> RuleId {
    let spelling = Kete::parse_move(mv).unwrap();
    match Kete::resolve(&pos(start), r, &spelling) {
        Err(Unresolved::Rejected(Rejection::Illegal { rule, .. })) => rule,
        other => panic!("{mv} in {start}: {other:?}"),
    }
}

fn compact_after(start: &str, r: &Rulings, moves: &[&str]) -> String {
    Kete::format_compact(&play_line(start, r, moves).1)
}

// --- KETE-1 .. KETE-5: board, start, kuu, directions ---------------------------------------

#[test]
fn kete_3_start_position_and_first_moves() {
    let start = Kete::start();
    assert_eq!(
        Kete::format_compact(&start),
        "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 22,22 Kk - S"
    );
    let r = Rulings::default();
    assert_eq!(names(&legal(&start, &r)), ["A6<", "A6>", "A7<", "A7>"]);
    // A6>: the reserve seed makes three, sown A7, A8, B8 (KETE-5: > from a front hole is
    // clockwise).
    assert_eq!(
        trace(&Kete::format_compact(&start), &r, "A6>"),
        "note KETE-15, enter A6, lap A6 3 cw B8, stop B8 EmptyHole"
    );
}

#[test]
fn kete_5_from_a_back_hole_right_is_anticlockwise() {
    let r = Rulings::default();
    assert_eq!(moves_of(MTAJI_BACK, &r), ["B2<", "B2>", "B5<", "B5>"]);
    assert_eq!(
        trace(MTAJI_BACK, &r, "B2>"),
        "lap B2 3 acw B5, note KETE-19, relay B5 3, lap B5 3 acw B8, stop B8 EmptyHole"
    );
    assert_eq!(
        trace(MTAJI_BACK, &r, "B2<"),
        "lap B2 3 cw A2, note KETE-19, stop A2 EmptyHole"
    );
}

// --- KETE-6 .. KETE-8: sowing, relay, the front row ------------------------------------------

#[test]
fn kete_6_a_lap_of_sixteen_passes_its_start_hole() {
    let r = Rulings::default();
    assert_eq!(
        trace(SIXTEEN_16, &r, "A3>"),
        "lap A3 16 cw A3, note KETE-19, stop A3 EmptyHole"
    );
    let after = play_line(SIXTEEN_16, &r, &["A3>"]).1;
    // Every one of South's holes got one seed; B1 had one already.
    assert_eq!(after.seeds(2), 1);
    assert_eq!(after.seeds(8), 2);
}

#[test]
fn kete_7_relay_and_kete_11_a_takata_captures_nothing() {
    let r = Rulings::default();
    // KETE-A11: the third lap ends in A2 (filled by the first), facing a7: a relay, no capture.
    assert_eq!(
        trace(TAKATA_NO_CAPTURE, &r, "A4<"),
        "note KETE-15, enter A4, lap A4 3 acw A1, relay A1 3, lap A1 3 acw B3, relay B3 12, \
         lap B3 12 acw A2, relay A2 2, lap A2 2 acw B1, relay B1 2, lap B1 2 acw B3, \
         stop B3 EmptyHole"
    );
}

#[test]
fn kete_8_a_lone_kichwa_is_sown_toward_the_centre() {
    let r = Rulings::default();
    assert_eq!(moves_of(LONE_KICHWA_NEMO, &r), ["A1>"]);
    assert_eq!(refused(LONE_KICHWA_NEMO, &r, "A1<"), "KETE-8");
    // Nine seeds would come round into the front row (A8): still illegal.
    assert_eq!(moves_of(LONE_KICHWA_9, &r), ["A1>"]);
    assert_eq!(refused(LONE_KICHWA_9, &r, "A1<"), "KETE-8");
    assert_eq!(
        trace(LONE_KICHWA_9, &r, "A1>"),
        "lap A1 9 cw B7, note KETE-19, stop B7 EmptyHole"
    );
}

#[test]
fn start_has_four_moves() {
    let r = Rulings::default();
    assert_eq!(names(&legal(&Kete::start(), &r)), ["A6<", "A6>", "A7<", "A7>"]);
}

#[test]
fn random_games_keep_every_invariant() {
    let r = Rulings::default();
    let mut ended = 0;
    for seed in 1..=30u64 {
        let (pos, plies) = random_game(seed * 7919, 400, &r);
        if Kete::game_end(&pos, &r).is_some() {
            ended += 1;
        }
        assert!(plies > 0);
    }
    assert!(ended > 0);
}

#[test]
#[ignore]
fn tmp_search() {
    let r = Rulings { lap_budget: 200_000, ..Rulings::default() };
    let mut found = 0;
    for seed in 1..=60000u64 {
        let mut rng = Rng(seed * 7919 | 1);
        let mut pos = Kete::start();
        for _ in 0..400 {
            if Kete::game_end(&pos, &r).is_some() { break; }
            let judge_cands = Candidates::of(&pos);
            for c in judge_cands.as_slice() {
                if let Err(Rejection::Illegal { rule: "KETE-A7", reason }) = sowing::sow_move(&pos, &r, c.start, sowing::Safari::Probe, &mut ()) {
                    found += 1;
                    println!("{} | {} {:?} {:?} | {reason}", Kete::format_compact(&pos), position::name(pos.to_move, c.r), c.dir, c.class);
                }
            }
            let moves = legal(&pos, &r);
            pos = Kete::play(&pos, &r, moves[rng.below(moves.len())], &mut ()).unwrap();
        }
    }
    println!("found {found}");
}

#[test]
fn tmp_stats() {
    let r = Rulings::default();
    let mut lens = Vec::new();
    let mut ends = std::collections::BTreeMap::new();
    let mut notes = std::collections::BTreeMap::new();
    let mut cycles = 0;
    let mut mtaji_games = 0;
    for seed in 1..=3000u64 {
        let mut reached = false;
        let mut rng = Rng(seed * 7919 | 1);
        let mut pos = Kete::start();
        let mut ply = 0;
        loop {
            if let Some(end) = Kete::game_end(&pos, &r) { *ends.entry(end.rule).or_insert(0) += 1; break; }
            let moves = legal(&pos, &r);
            if !reached && !pos.in_nemo(Side::South) && !pos.in_nemo(Side::North) { reached = true; mtaji_games += 1; }
            // count candidates rejected for A7
            for mv in every_move(&pos) { if let Err(Rejection::Illegal{rule: "KETE-A7", ..}) = Kete::play(&pos, &r, mv, &mut ()) { cycles += 1; if cycles < 4 { println!("cycle: {} {}", Kete::format_compact(&pos), Kete::format_move(mv)); } } }
            let mut ev = Vec::new();
            pos = Kete::play(&pos, &r, moves[rng.below(moves.len())], &mut ev).unwrap();
            for e in ev { let k = match e { Event::Note{text, ..} => text.to_string(), Event::Stop{reason, ..} => format!("{reason:?}"), Event::Reserve{..} => "RESERVE".into(), _ => continue }; *notes.entry(k).or_insert(0) += 1; }
            ply += 1;
            if ply > 2000 { break; }
        }
        lens.push(ply);
    }
    lens.sort();
    println!("lens median {} max {} min {}", lens[lens.len()/2], lens[lens.len()-1], lens[0]);
    println!("{ends:?}\ncycles {cycles} mtaji games {mtaji_games}");
    for (k, v) in notes { println!("{v:6} {k}"); }
}
