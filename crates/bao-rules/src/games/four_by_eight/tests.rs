//! Tests of the whole ruleset, rule by rule, and properties of random games.

use super::*;
use crate::cycle::LAP_BUDGET;
use crate::game::{Event, Game, Outcome, Rejection, RuleId, Side, Unresolved};
use crate::play::Playthrough;
use crate::rulings::RulingSet;
use candidates::dir_step;
use position::{Core, ring_of};

fn rulings(assignments: &[&str]) -> Rulings {
    let set = RulingSet::from_assignments(assignments.iter().copied()).unwrap();
    set.check(Kete::RULINGS, Kete::RULESET).unwrap();
    Kete::rulings(&set).unwrap()
}

fn legal(pos: &KetePosition, r: &Rulings) -> Vec<KeteMove> {
    let mut out = Vec::new();
    let _ = Kete::legal_moves(pos, r, &mut out);
    out
}

fn names(moves: &[KeteMove]) -> Vec<String> {
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
fn every_move(pos: &KetePosition) -> Vec<KeteMove> {
    let base = pos.to_move().index() as u8 * 16;
    let mut out = Vec::new();
    for hole in base..base + 16 {
        for dir in [Dir::Left, Dir::Right] {
            for safari in [None, Some(false), Some(true)] {
                out.push(KeteMove::from(CoreMove { hole, dir, safari }));
            }
        }
    }
    out
}

/// Checks the invariants of one position of a random game; returns its legal moves.
fn check_position(pos: &KetePosition, r: &Rulings) -> Vec<KeteMove> {
    let total: u32 = Side::BOTH
        .iter()
        .map(|&s| pos.on_board(s) + pos.reserve(s) as u32)
        .sum();
    assert_eq!(
        total,
        64,
        "seeds conserved in {}",
        Kete::format_compact(pos)
    );
    let compact = Kete::format_compact(pos);
    assert_eq!(
        Kete::parse_position(&compact).as_ref(),
        Ok(pos),
        "{compact}"
    );
    let diagram = Kete::format_diagram(pos);
    assert_eq!(
        Kete::parse_position(&diagram).as_ref(),
        Ok(pos),
        "{diagram}"
    );
    // Donkers' bracket form has no field for an obligation due (KETE-22).
    match Kete::format_position(crate::game::PositionForm::Donkers, pos) {
        Ok(bracket) => assert_eq!(
            Kete::parse_position(&bracket).as_ref(),
            Ok(pos),
            "{bracket}"
        ),
        Err(_) => assert!(pos.hizi_due(), "{compact}"),
    }
    // Every position a game reaches reads back under its rulings.
    assert_eq!(
        Kete::parse_position_under(&compact, r).as_ref(),
        Ok(pos),
        "{compact}"
    );
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
        assert_eq!(
            Kete::resolve(pos, r, &spelling),
            Ok(mv),
            "{text} in {compact}"
        );
        // Events and the quiet path agree.
        let mut events = Vec::new();
        let loud = Kete::play(pos, r, mv, &mut events).unwrap();
        let quiet = Kete::play(pos, r, mv, &mut ()).unwrap();
        assert_eq!(loud, quiet);
        assert!(!events.is_empty());
    }
    match Kete::end(pos, r) {
        Some(_) => assert!(moves.is_empty()),
        None => assert!(!moves.is_empty()),
    }
    moves
}

/// Plays a random game of at most `plies`, checking every position.
fn random_game(seed: u64, plies: usize, r: &Rulings) -> (KetePosition, usize) {
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
const NEMO_SAFARI: &str =
    "0,0,0,0,1,1,1,1/0,0,0,6,0,0,4,0/0,0,0,0,6,0,1,0/0,0,0,0,0,3,0,0 20,20 Kk - S";
/// KETE-14.3, KETE-A1: a mtaji capture lap (A6> takes a1's 4 from A8) ends in the standing kuu.
const MTAJI_SAFARI: &str =
    "1,1,1,1,1,1,1,1/6,6,6,6,0,6,6,4/0,0,0,0,6,2,0,1/1,1,0,1,1,1,1,1 0,0 K - S";
/// KETE-18: A3 holds 15; A3> ends in A2, facing a7.
const SIXTEEN_15: &str =
    "1,1,1,1,1,1,1,2/0,3,6,6,6,6,6,6/0,1,15,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0 - - S";
/// KETE-18: A3 holds 17; A3> ends in A4 (occupied by the lap's first round), facing a5.
const SIXTEEN_17: &str =
    "0,0,0,1,1,1,1,1/6,0,6,6,6,6,6,6/0,0,17,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0 - - S";
/// KETE-18: A3 holds 16; A3>'s last seed falls into A3 itself.
const SIXTEEN_16: &str =
    "0,0,0,1,1,1,1,1/6,0,6,6,6,6,6,6/0,0,16,0,0,0,0,0/1,0,0,0,0,0,0,0 0,0 - - S";
/// KETE-16: the kuu alone with six.
const KUU_ALONE_6: &str =
    "1,1,1,1,1,1,1,1/0,2,2,6,0,0,0,0/0,0,0,0,6,0,0,0/0,0,0,0,0,0,0,0 20,20 Kk - S";
/// KETE-16: the kuu alone with seven.
const KUU_ALONE_7: &str =
    "1,1,1,1,1,1,1,1/0,2,2,6,0,0,0,0/0,0,0,0,7,0,0,0/0,0,0,0,0,0,0,0 20,19 Kk - S";
/// KETE-20: South in mtaji with his kuu and no capture: A2 could start a takata, the kuu must.
const KUU_FIRST_TAKATA: &str =
    "0,0,0,0,0,0,0,0/7,7,7,7,7,7,7,7/0,2,0,0,6,0,0,0/0,0,0,0,0,0,0,0 0,0 K - S";
/// KETE-21: after A3< South threatens only a8 (B3< lands in A1), North cannot capture.
const HIZI: &str = "1,1,1,1,1,1,16,19/2,0,1,0,0,0,0,5/0,0,2,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - - S";
/// KETE-21: as HIZI, but a8 is North's only occupied front hole.
const HIZI_ONLY_OCCUPIED: &str =
    "1,1,1,1,1,1,16,25/2,0,0,0,0,0,0,0/0,0,2,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - - S";
/// KETE-21: as HIZI, but a8 is North's only front hole with more than one seed.
const HIZI_ONLY_MANY: &str =
    "1,1,1,1,1,1,16,23/2,0,1,0,0,0,0,1/0,0,2,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - - S";
/// KETE-21: as HIZI, but A3< also lets B2< take a7: two threatened holes.
const HIZI_TWO: &str =
    "1,1,1,1,1,1,16,16/2,1,1,0,0,0,0,5/0,0,2,0,0,0,1,0/1,3,3,1,1,1,3,1 0,0 - - S";
/// KETE-21: as HIZI, but after A3< North can capture (a5> lands in a7, facing A2).
const HIZI_OPP_CAPTURES: &str =
    "1,1,1,1,1,1,16,16/2,1,1,2,0,0,0,5/0,0,2,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - - S";
/// KETE-21: after A6< South threatens only a5, North's kuu.
const HIZI_KUU: &str =
    "1,1,1,1,1,1,16,21/0,0,0,6,0,0,0,2/0,0,0,0,0,2,0,0/4,1,1,1,1,1,1,1 0,0 k - S";
/// KETE-21: a1 reserved by South; North's kuu takata (20 seeds) ends its first lap in a1.
const HIZI_KUU_FIRST_LAP: &str =
    "0,0,0,0,0,0,15,16/0,0,0,20,0,0,0,2/0,0,0,0,0,2,0,1/1,1,1,1,1,1,1,1 0,0 k a1 N";
/// KETE-22: South must capture the reserved a8 (B3<); B7> could take a2.
const HIZI_DUE: &str =
    "1,1,1,1,1,1,16,17/2,1,1,0,0,0,1,5/1,1,0,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - a8 S";
/// KETE-22: as HIZI_DUE, but the reserved a8 is empty: no capture takes it.
const HIZI_LAPSE: &str =
    "1,1,1,1,1,1,16,19/0,1,1,0,0,0,1,5/1,1,0,0,0,0,1,0/1,1,3,1,1,1,3,1 0,0 - a8 S";
/// KETE-8: a lone kichwa in nemo.
const LONE_KICHWA_NEMO: &str =
    "0,0,0,0,0,0,0,0/0,6,6,6,6,6,6,6/2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 10,10 k - S";
/// KETE-8: a lone kichwa of nine in mtaji, whose lap outward would come round to A8.
const LONE_KICHWA_9: &str =
    "0,0,1,1,1,1,1,1/0,7,7,7,7,7,7,7/9,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 0,0 - - S";
/// KETE-12, KETE-13: nemo captures from the left kimbi (A2), the centre (A4), the right (A7).
const NEMO_CAPTURES: &str =
    "1,1,1,1,1,1,1,1/0,2,0,7,0,0,3,0/0,1,0,1,0,0,1,0/0,0,0,0,0,0,0,0 21,20 k - S";
/// KETE-13, KETE-17: a mtaji capture from the centre keeps its direction.
const MTAJI_CENTRE: &str =
    "1,1,1,1,1,1,1,1/0,0,0,3,0,10,16,16/0,2,0,1,0,0,0,0/1,1,1,1,1,1,1,1 0,0 - - S";
/// KETE-23: A7< captures a2, North's last front hole, and its lap ends in the occupied A6.
const BAO_HAMNA: &str =
    "2,2,2,2,2,2,2,2/0,0,0,0,0,0,3,0/0,0,0,0,0,1,1,0/0,0,0,0,0,0,0,0 22,21 - - S";
/// KETE-24: South has only singletons.
const SINGLETONS: &str =
    "0,0,0,0,0,0,0,0/6,6,6,6,6,6,6,6/1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1 0,0 - - S";
/// KETE-11, KETE-A11: A4<'s third lap ends in A2 (filled by its first) facing a7.
const TAKATA_NO_CAPTURE: &str =
    "0,0,0,0,0,0,0,0/0,2,4,0,4,4,4,4/2,0,0,2,0,0,0,0/0,0,11,0,0,0,0,0 14,13 - - S";
/// KETE-15: with a kuu, singletons may take the seed, the kuu may not.
const NEMO_ELIGIBLE_KUU: &str =
    "0,0,0,0,0,0,0,0/6,0,6,6,0,6,0,6/0,1,0,0,6,0,1,0/0,0,0,0,0,0,0,0 13,13 Kk - S";
/// KETE-15: without a kuu, a singleton may not take the seed while A7 holds three.
const NEMO_ELIGIBLE: &str =
    "0,0,0,0,0,0,0,0/6,0,6,6,0,6,0,6/0,1,0,0,0,0,3,0/0,0,0,0,0,0,0,0 15,15 - - S";
/// KETE-15: without a kuu, every occupied front hole a singleton.
const NEMO_SINGLETONS: &str =
    "0,0,0,0,0,0,0,0/6,0,6,6,0,6,0,6/0,1,0,0,0,0,1,0/0,0,0,0,0,0,0,0 16,16 - - S";
/// KETE-5, KETE-19: front singletons only, so back holes start takatas.
const MTAJI_BACK: &str =
    "0,0,0,0,0,0,0,1/7,7,7,7,7,7,7,7/0,0,1,0,0,1,0,0/0,3,0,0,2,0,0,0 0,0 - - S";

/// KETE-A7: North's b5< and b1> relay for ever (found in random games).
const NEVER_ENDING: &str =
    "1,0,1,4,0,1,0,2/0,1,0,1,0,1,0,1/4,1,5,2,4,0,11,1/1,6,5,3,0,1,6,1 0,0 - - N";
/// KETE-A7 in nemo: North's a2< (the reserve seed makes five) relays for ever.
const NEVER_ENDING_NEMO: &str =
    "5,0,1,0,1,4,2,4/2,1,0,1,0,10,4,0/0,0,7,0,0,0,0,1/0,2,0,2,0,3,1,2 5,6 - - N";
/// KETE-20, KETE-19: both takatas from the kuu never end, so the first takata may start
/// elsewhere; a lap ending in the kuu relays on.
const KUU_NO_TAKATA: &str =
    "4,1,5,2,6,1,6,4/0,0,1,0,0,0,0,0/2,3,0,4,9,1,0,3/3,4,1,0,1,0,1,2 0,0 K - S";
/// KETE-24: as KUU_NO_TAKATA, but the other front holes are singletons and the kuu is no
/// singleton, so no back hole may start a takata: no legal move.
const NO_LEGAL_MOVE: &str =
    "8,0,1,4,0,1,6,4/0,0,1,0,0,0,0,0/0,1,0,1,11,1,0,1/5,4,3,2,5,0,3,2 0,0 K - S";
/// KETE-A8, KETE-10: A5> takes a2, North's last front seeds; played to its end it never ends.
const FINISH_NEVER_ENDS: &str =
    "5,6,5,6,5,4,9,3/0,0,0,0,0,0,3,0/0,1,0,1,2,4,1,3/2,1,0,1,0,1,0,1 0,0 - - S";

fn pos(text: &str) -> KetePosition {
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
fn play_line(start: &str, r: &Rulings, moves: &[&str]) -> (String, KetePosition) {
    let mut game = Playthrough::<Kete>::new(pos(start), *r);
    let mut last = String::new();
    for text in moves {
        let spelling = Kete::parse_move(text).unwrap();
        let mv = Kete::resolve(game.position(), r, &spelling)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let mut events = Vec::new();
        let before = *game.position();
        game.play(mv, &mut events).unwrap();
        let claims = Kete::check_claims(&before, &spelling, &events);
        assert!(claims.is_empty(), "{text}: {claims:?}");
        last = events.iter().map(brief).collect::<Vec<_>>().join(", ");
    }
    (last, *game.position())
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

// --- KETE-9 .. KETE-11: stages, captures compulsory ------------------------------------------

#[test]
fn kete_9_nemo_while_seeds_remain_then_mtaji() {
    let r = Rulings::default();
    // A random game that lasts past ply 44.
    let line = (1..500u64)
        .find_map(|seed| {
            let mut rng = Rng((seed * 7919) | 1);
            let mut line = vec![Kete::start()];
            for _ in 0..46 {
                let pos = *line.last().unwrap();
                let moves = legal(&pos, &r);
                if moves.is_empty() {
                    return None;
                }
                line.push(Kete::play(&pos, &r, moves[rng.below(moves.len())], &mut ()).unwrap());
            }
            Some(line)
        })
        .expect("some random game lasts 46 plies");
    for (ply, pair) in line.windows(2).enumerate() {
        let (before, after) = (&pair[0], &pair[1]);
        let mover = before.to_move();
        if ply < 44 {
            // South's 22nd nemo move is ply 43, North's ply 44.
            assert_eq!(
                before.reserve(mover),
                22 - (ply / 2) as u8,
                "ply {}",
                ply + 1
            );
            assert_eq!(after.reserve(mover), before.reserve(mover) - 1);
        } else {
            assert!(!before.in_nemo(mover), "ply {} is mtaji", ply + 1);
            assert_eq!(after.reserve(mover), 0);
        }
    }
}

#[test]
fn kete_10_captures_are_compulsory() {
    let r = Rulings::default();
    assert_eq!(moves_of(MTAJI_CENTRE, &r), ["A2>"]);
    assert_eq!(refused(MTAJI_CENTRE, &r, "A2<"), "KETE-10");
    // In nemo every front hole facing an occupied hole captures.
    assert_eq!(moves_of(NEMO_CAPTURES, &r), ["A2>", "A4<", "A4>", "A7<"]);
}

// --- KETE-12 .. KETE-16: nemo ----------------------------------------------------------------

#[test]
fn kete_12_13_nemo_captures_from_each_kimbi_and_the_centre() {
    let r = Rulings::default();
    // Left kimbi: from A1 clockwise (`>` forced).
    assert_eq!(
        trace(NEMO_CAPTURES, &r, "A2>"),
        "note KETE-12, enter A2, capture 2 a7, lap A1 2 cw A2, relay A2 3, lap A2 3 cw A5, \
         stop A5 EmptyHole"
    );
    assert_eq!(refused(NEMO_CAPTURES, &r, "A2<"), "KETE-13");
    // Right kimbi: from A8 anticlockwise.
    assert_eq!(
        trace(NEMO_CAPTURES, &r, "A7<"),
        "note KETE-12, enter A7, capture 3 a2, lap A8 3 acw A6, stop A6 EmptyHole"
    );
    assert_eq!(refused(NEMO_CAPTURES, &r, "A7>"), "KETE-13");
    // Centre: the mover chooses the kichwa; a later capture from the far kimbi reverses.
    assert_eq!(
        trace(NEMO_CAPTURES, &r, "A4>"),
        "note KETE-12, enter A4, capture 7 a5, note KETE-4, note KETE-13, lap A1 7 cw A7, \
         capture 3 a2, note KETE-13, lap A8 3 acw A6, relay A6 2, lap A6 2 acw A4, relay A4 4, \
         lap A4 4 acw B1, stop B1 EmptyHole"
    );
    // A4<: captures a5, a7 (reversing to clockwise), then a2 (reversing again): North's front
    // row is empty, Bao hamna.
    assert_eq!(
        trace(NEMO_CAPTURES, &r, "A4<"),
        "note KETE-12, enter A4, capture 7 a5, note KETE-4, note KETE-13, lap A8 7 acw A2, \
         capture 2 a7, note KETE-13, lap A1 2 cw A2, relay A2 3, lap A2 3 cw A5, relay A5 2, \
         lap A5 2 cw A7, capture 3 a2, note KETE-13, note KETE-23, lap A8 3 acw A6, \
         stop A6 GameWon, over south KETE-23"
    );
}

#[test]
fn kete_13_17_a_capture_from_the_centre_keeps_the_direction() {
    let r = Rulings::default();
    assert_eq!(
        trace(MTAJI_CENTRE, &r, "A2>"),
        "lap A2 2 cw A4, note KETE-17, capture 3 a5, lap A1 3 cw A3, relay A3 2, \
         lap A3 2 cw A5, stop A5 EmptyHole"
    );
}

#[test]
fn kete_14_nemo_safari_is_a_choice() {
    let r = Rulings::default();
    assert_eq!(moves_of(NEMO_SAFARI, &r), ["A7<", "A7<+"]);
    assert_eq!(
        trace(NEMO_SAFARI, &r, "A7<"),
        "note KETE-12, enter A7, capture 4 a2, lap A8 4 acw A5, stop A5 Kuu"
    );
    assert_eq!(
        trace(NEMO_SAFARI, &r, "A7<+"),
        "note KETE-12, enter A7, capture 4 a2, lap A8 4 acw A5, note KETE-14, relay A5 7, \
         lap A5 7 acw B3, note KETE-4, stop B3 EmptyHole"
    );
    let stop = play_line(NEMO_SAFARI, &r, &["A7<"]).1;
    let go = play_line(NEMO_SAFARI, &r, &["A7<+"]).1;
    assert!(stop.has_kuu(Side::South));
    assert!(!go.has_kuu(Side::South));
}

#[test]
fn kete_14_a1_mtaji_safari_compulsory_or_a_choice() {
    let compulsory = Rulings::default();
    assert_eq!(moves_of(MTAJI_SAFARI, &compulsory), ["A6>"]);
    let go = "lap A6 2 cw A8, note KETE-17, capture 4 a1, note KETE-13, lap A8 4 acw A5, \
              note KETE-A1, relay A5 7, lap A5 7 acw B3, note KETE-4, stop B3 EmptyHole";
    assert_eq!(trace(MTAJI_SAFARI, &compulsory, "A6>"), go);
    // `+` is then a claim, and a true one.
    assert_eq!(trace(MTAJI_SAFARI, &compulsory, "A6>+"), go);
    let choice = rulings(&["kete.mtaji-safari=choice"]);
    assert_eq!(moves_of(MTAJI_SAFARI, &choice), ["A6>", "A6>+"]);
    assert_eq!(
        trace(MTAJI_SAFARI, &choice, "A6>"),
        "lap A6 2 cw A8, note KETE-17, capture 4 a1, note KETE-13, lap A8 4 acw A5, stop A5 Kuu"
    );
    assert_eq!(
        trace(MTAJI_SAFARI, &choice, "A6>+"),
        go.replace("note KETE-A1", "note KETE-14")
    );
}

#[test]
fn kete_15_which_hole_takes_the_nemo_seed() {
    let r = Rulings::default();
    // With a kuu: singletons allowed, the kuu not (it is not alone).
    assert_eq!(
        moves_of(NEMO_ELIGIBLE_KUU, &r),
        ["A2<", "A2>", "A7<", "A7>"]
    );
    assert_eq!(refused(NEMO_ELIGIBLE_KUU, &r, "A5<"), "KETE-15");
    // A takata lap ending in the kuu ends the move.
    assert_eq!(
        trace(NEMO_ELIGIBLE_KUU, &r, "A7<"),
        "note KETE-15, enter A7, lap A7 2 acw A5, stop A5 Kuu"
    );
    // Without a kuu: two or more, unless every occupied front hole is a singleton.
    assert_eq!(moves_of(NEMO_ELIGIBLE, &r), ["A7<", "A7>"]);
    assert_eq!(refused(NEMO_ELIGIBLE, &r, "A2>"), "KETE-15");
    assert_eq!(moves_of(NEMO_SINGLETONS, &r), ["A2<", "A2>", "A7<", "A7>"]);
    // The reserve seed goes into an occupied front hole.
    assert_eq!(refused(NEMO_ELIGIBLE, &r, "A3>"), "KETE-15");
    assert_eq!(refused(NEMO_ELIGIBLE, &r, "B3>"), "KETE-15");
}

#[test]
fn kete_16_a2_the_kuu_alone() {
    let r = Rulings::default();
    // Six: the seed is added and all seven are sown; the kuu is destroyed.
    assert_eq!(moves_of(KUU_ALONE_6, &r), ["A5<", "A5>"]);
    assert_eq!(
        trace(KUU_ALONE_6, &r, "A5>"),
        "note KETE-15, enter A5, note KETE-16, lap A5 7 cw B5, note KETE-4, stop B5 EmptyHole"
    );
    let after = play_line(KUU_ALONE_6, &r, &["A5>"]).1;
    assert!(!after.has_kuu(Side::South));
    assert_eq!(after.seeds(4), 0);
    // Seven: two are sown and the kuu stands with six.
    assert_eq!(
        trace(KUU_ALONE_7, &r, "A5<"),
        "note KETE-15, enter A5, note KETE-16, lap A5 2 acw A3, stop A3 EmptyHole"
    );
    let after = play_line(KUU_ALONE_7, &r, &["A5<"]).1;
    assert!(after.has_kuu(Side::South));
    assert_eq!(after.seeds(4), 6);
}

// --- KETE-17 .. KETE-20: mtaji ---------------------------------------------------------------

#[test]
fn kete_18_the_sixteen_rule() {
    let r = Rulings::default();
    // Fifteen seeds: the first lap ends in A2, facing a7, and captures.
    assert_eq!(moves_of(SIXTEEN_15, &r), ["A3>"]);
    assert_eq!(
        trace(SIXTEEN_15, &r, "A3>"),
        "lap A3 15 cw A2, note KETE-17, capture 3 a7, lap A1 3 cw A3, stop A3 EmptyHole"
    );
    // Seventeen: A4 (filled by the lap's first round) faces a5, but nothing is captured.
    assert_eq!(moves_of(SIXTEEN_17, &r), ["A3<", "A3>"]);
    assert_eq!(
        trace(SIXTEEN_17, &r, "A3>"),
        "lap A3 17 cw A4, note KETE-18, note KETE-19, relay A4 2, lap A4 2 cw A6, relay A6 2, \
         lap A6 2 cw A8, relay A8 2, lap A8 2 cw B7, relay B7 2, lap B7 2 cw B5, relay B5 2, \
         lap B5 2 cw B3, relay B3 2, lap B3 2 cw B1, relay B1 2, lap B1 2 cw A2, relay A2 2, \
         lap A2 2 cw A4, stop A4 EmptyHole"
    );
}

#[test]
fn kete_19_mtaji_takata_from_the_back_row_only_with_front_singletons() {
    let r = Rulings::default();
    assert_eq!(moves_of(MTAJI_BACK, &r), ["B2<", "B2>", "B5<", "B5>"]);
    // With a front hole of two, back holes may not start a takata.
    assert_eq!(refused(HIZI, &r, "B3>"), "KETE-19");
    // A mtaji move needs two seeds.
    assert_eq!(refused(MTAJI_BACK, &r, "A3>"), "KETE-17");
}

#[test]
fn kete_20_the_first_mtaji_takata_starts_from_the_kuu() {
    let r = Rulings::default();
    assert_eq!(moves_of(KUU_FIRST_TAKATA, &r), ["A5<", "A5>"]);
    assert_eq!(refused(KUU_FIRST_TAKATA, &r, "A2>"), "KETE-20");
    assert_eq!(
        trace(KUU_FIRST_TAKATA, &r, "A5<"),
        "lap A5 6 acw B2, note KETE-4, note KETE-19, note KETE-20, stop B2 EmptyHole"
    );
}

// --- KETE-21, KETE-22: hizi zetu -------------------------------------------------------------

#[test]
fn kete_21_22_hizi_zetu_made_respected_and_captured() {
    let r = Rulings::default();
    assert_eq!(moves_of(HIZI, &r), ["A3<", "A3>"]);
    let (t, after) = play_line(HIZI, &r, &["A3<*"]);
    assert_eq!(
        t,
        "lap A3 2 acw A1, note KETE-19, stop A1 EmptyHole, reserve a8 by south"
    );
    assert_eq!(after.hizi(), Some((23, Side::South)));
    assert!(!after.hizi_due());
    // The other takata threatens nothing.
    let (t, after) = play_line(HIZI, &r, &["A3>*"]);
    assert_eq!(t, "lap A3 2 cw A5, note KETE-19, stop A5 EmptyHole");
    assert_eq!(after.hizi(), None);
    // North may not start from a8, and his lap ending there stops.
    let reserved = Kete::format_compact(&play_line(HIZI, &r, &["A3<"]).1);
    assert_eq!(moves_of(&reserved, &r), ["a1<", "a1>"]);
    assert_eq!(refused(&reserved, &r, "a8<"), "KETE-21");
    let (t, due) = play_line(HIZI, &r, &["A3<", "a1>"]);
    assert_eq!(
        t,
        "lap a1 5 cw a6, note KETE-19, relay a6 2, lap a6 2 cw a8, stop a8 ReservedHole"
    );
    assert!(due.hizi_due());
    // KETE-22: South must capture a8, though B7> could take a2.
    let due = Kete::format_compact(&due);
    assert_eq!(moves_of(&due, &r), ["B3<"]);
    assert_eq!(refused(&due, &r, "B7>"), "KETE-22");
    let (t, after) = play_line(HIZI, &r, &["A3<", "a1>", "B3<x"]);
    assert_eq!(
        t,
        "note KETE-22, lap B3 3 cw A1, note KETE-17, capture 3 a8, lap A1 3 cw A3, \
         stop A3 EmptyHole"
    );
    assert_eq!(after.hizi(), None);
    // A lap of North's ending in a8 after a relay stops there too.
    let (t, _) = play_line(HIZI, &r, &["A3<", "a1<"]);
    assert!(t.ends_with("lap b7 2 acw a8, stop a8 ReservedHole"), "{t}");
}

/// KETE-21 on a position read: a hizi zetu field of the side to move is the hole the takata
/// leading there reserved; the same board with another field, or a board where no takata
/// reserves, is refused with the rule, saying why.
#[test]
fn kete_21_a_field_no_takata_makes_is_refused() {
    let r = Rulings::default();
    let read = |p: &KetePosition| Kete::parse_position_under(&Kete::format_compact(p), &r);
    let (_, made) = play_line(HIZI, &r, &["A3<*"]);
    let (h, _) = made.hizi().expect("a8 reserved");
    assert_eq!(read(&made).as_ref(), Ok(&made));
    let mut others = 0;
    for other in (16..24u8).filter(|&i| i != h && made.seeds(i) > 0) {
        let mut core = *made.core();
        core.hizi = Some(other);
        let moved = KetePosition::of(core);
        let e = read(&moved).unwrap_err();
        assert_eq!(e.rule, Some("KETE-21"), "{}", e.message);
        others += 1;
    }
    assert!(others > 0);
    for (start, why) in [
        (HIZI_TWO, "more than one"),
        (HIZI_OPP_CAPTURES, "north, to move, can capture"),
    ] {
        let (_, played) = play_line(start, &r, &["A3<*"]);
        let mut core = *played.core();
        core.hizi = Some(h);
        let after = KetePosition::of(core);
        let e = read(&after).unwrap_err();
        assert_eq!(e.rule, Some("KETE-21"), "{}", e.message);
        assert!(e.message.contains(why), "{}", e.message);
    }
}

#[test]
fn kete_21_a5_hizi_zetu_not_made() {
    let r = Rulings::default();
    for (name, start) in [
        ("only occupied", HIZI_ONLY_OCCUPIED),
        ("only one with more than one", HIZI_ONLY_MANY),
        ("two threatened holes", HIZI_TWO),
        ("the opponent can capture", HIZI_OPP_CAPTURES),
    ] {
        let (t, after) = play_line(start, &r, &["A3<*"]);
        assert_eq!(
            t, "lap A3 2 acw A1, note KETE-19, stop A1 EmptyHole",
            "{name}"
        );
        assert_eq!(after.hizi(), None, "{name}");
    }
    // The kuu cannot be reserved; the same hole once the kuu is gone can.
    let (t, after) = play_line(HIZI_KUU, &r, &["A6<"]);
    assert_eq!(t, "lap A6 2 acw A4, note KETE-19, stop A4 EmptyHole");
    assert_eq!(after.hizi(), None);
    let no_kuu = HIZI_KUU.replace(" k - S", " - - S");
    let (t, after) = play_line(&no_kuu, &r, &["A6<*"]);
    assert!(t.ends_with("reserve a5 by south"), "{t}");
    assert_eq!(after.hizi(), Some((20, Side::South)));
    // A `**` on a move not played under hizi zetu is false.
    let spelling = Kete::parse_move("A6<**").unwrap();
    let mut events = Vec::new();
    let mv = Kete::resolve(&pos(HIZI_KUU), &r, &spelling).unwrap();
    Kete::play(&pos(HIZI_KUU), &r, mv, &mut events).unwrap();
    assert_eq!(
        Kete::check_claims(&pos(HIZI_KUU), &spelling, &events)[0].rule,
        "KETE-21"
    );
}

#[test]
fn kete_21_the_first_lap_from_the_kuu_is_not_stopped() {
    let r = Rulings::default();
    assert_eq!(moves_of(HIZI_KUU_FIRST_LAP, &r), ["a5<", "a5>"]);
    // The first lap (twenty seeds: the sixteen rule keeps it from capturing a8's opposite A8)
    // ends in the reserved a1 and relays on; a later lap ending there stops.
    assert_eq!(
        trace(HIZI_KUU_FIRST_LAP, &r, "a5<"),
        "lap a5 20 acw a1, note KETE-4, note KETE-18, note KETE-19, note KETE-20, \
         note KETE-21, relay a1 4, lap a1 4 acw b4, relay b4 2, lap b4 2 acw b6, relay b6 2, \
         lap b6 2 acw b8, relay b8 2, lap b8 2 acw a7, relay a7 2, lap a7 2 acw a5, relay a5 2, \
         lap a5 2 acw a3, relay a3 3, lap a3 3 acw b1, relay b1 19, lap b1 19 acw b4, \
         relay b4 2, lap b4 2 acw b6, relay b6 2, lap b6 2 acw b8, relay b8 2, lap b8 2 acw a7, \
         relay a7 2, lap a7 2 acw a5, relay a5 2, lap a5 2 acw a3, relay a3 2, lap a3 2 acw a1, \
         stop a1 ReservedHole"
    );
    // South's obligation: A6> takes a1.
    let due = compact_after(HIZI_KUU_FIRST_LAP, &r, &["a5<"]);
    assert_eq!(moves_of(&due, &r), ["A6>"]);
}

#[test]
fn kete_22_a6_the_captors_obligation_under_both_rulings() {
    let yes = Rulings::default();
    let no = rulings(&["kete.hizi-zetu-must-capture=no"]);
    assert_eq!(moves_of(HIZI_DUE, &yes), ["B3<"]);
    assert_eq!(refused(HIZI_DUE, &yes, "B7>"), "KETE-22");
    assert_eq!(moves_of(HIZI_DUE, &no), ["B3<", "B7>"]);
    // No capture takes the (emptied) reserved hole: the obligation lapses.
    assert_eq!(moves_of(HIZI_LAPSE, &yes), ["B7>"]);
    assert!(trace(HIZI_LAPSE, &yes, "B7>").starts_with("note KETE-22, lap B7 3 acw A7"));
    // Under `no` the reservation ends with the reserved player's turn.
    let (_, after) = play_line(HIZI, &no, &["A3<", "a1>"]);
    assert_eq!(after.hizi(), None);
    let (_, after) = play_line(HIZI, &yes, &["A3<", "a1>"]);
    assert_eq!(after.hizi(), Some((23, Side::South)));
}

// --- KETE-23, KETE-24: the end ---------------------------------------------------------------

#[test]
fn kete_23_a8_bao_hamna_mid_move() {
    let stop = Rulings::default();
    assert_eq!(
        trace(BAO_HAMNA, &stop, "A7<x#"),
        "note KETE-12, enter A7, capture 3 a2, note KETE-23, lap A8 3 acw A6, stop A6 GameWon, \
         over south KETE-23"
    );
    let finish = rulings(&["kete.bao-hamna-mid-move=finish"]);
    assert_eq!(
        trace(BAO_HAMNA, &finish, "A7<x#"),
        "note KETE-12, enter A7, capture 3 a2, note KETE-A8, lap A8 3 acw A6, relay A6 2, \
         lap A6 2 acw A4, stop A4 EmptyHole, over south KETE-23"
    );
    let end = Kete::end(&play_line(BAO_HAMNA, &stop, &["A7<"]).1, &stop).unwrap();
    assert_eq!(
        (end.outcome, end.rule),
        (Outcome::Win(Side::South), "KETE-23")
    );
}

#[test]
fn kete_24_a_player_left_with_singletons_loses() {
    let r = Rulings::default();
    let p = pos(SINGLETONS);
    assert!(legal(&p, &r).is_empty());
    let end = Kete::end(&p, &r).unwrap();
    assert_eq!(
        (end.outcome, end.rule),
        (Outcome::Win(Side::North), "KETE-24")
    );
    // KETE-23 first: a side to move with an empty front row has lost, whatever else he has.
    let end = Kete::end(&play_line(BAO_HAMNA, &r, &["A7<"]).1, &r).unwrap();
    assert_eq!(end.rule, "KETE-23");
}

// --- Notation ----------------------------------------------------------------------------------

/// The rules of the false claims of a move (as written), its events taken from a playthrough.
fn false_claims(start: &str, r: &Rulings, mv: &str) -> Vec<RuleId> {
    let mut game = Playthrough::<Kete>::new(pos(start), *r);
    let spelling = Kete::parse_move(mv).unwrap();
    let m = Kete::resolve(game.position(), r, &spelling).unwrap();
    let mut events = Vec::new();
    let before = *game.position();
    game.play(m, &mut events).unwrap();
    Kete::check_claims(&before, &spelling, &events)
        .into_iter()
        .map(|c| c.rule)
        .collect()
}

fn resolved(start: &str, r: &Rulings, text: &str) -> Result<String, Unresolved<String>> {
    let spelling = Kete::parse_move(text).unwrap();
    Kete::resolve(&pos(start), r, &spelling)
        .map(Kete::format_move)
        .map_err(|e| match e {
            Unresolved::Ambiguous(moves) => Unresolved::Ambiguous(names(&moves)),
            Unresolved::Rejected(r) => Unresolved::Rejected(r),
            Unresolved::NotNotation(e) => Unresolved::NotNotation(e),
        })
}

#[test]
fn notation_reads_every_part_of_a_move() {
    let s = Kete::parse_move("A4>").unwrap();
    assert_eq!(
        (s.row, s.number, s.dir, s.safari, s.claim, s.wins),
        (Some('A'), 4, Some(Dir::Right), false, None, false)
    );
    let s = Kete::parse_move("4").unwrap();
    assert_eq!((s.row, s.number, s.dir), (None, 4, None));
    let s = Kete::parse_move("a3<+x#").unwrap();
    assert_eq!(
        (s.row, s.dir, s.safari, s.claim, s.wins),
        (Some('a'), Some(Dir::Left), true, Some(Claim::Capture), true)
    );
    assert_eq!(
        Kete::parse_move("B2< **").unwrap().claim,
        Some(Claim::UnderHiziZetu)
    );
    assert_eq!(
        Kete::parse_move(" b8>* ").unwrap().claim,
        Some(Claim::Takata)
    );
    for bad in [
        "", "<", "C4>", "A9>", "A0>", "A12>", "A4>>", "A4x*", "A4#x", "A4>y", "x4", "A4+<",
    ] {
        assert!(Kete::parse_move(bad).is_err(), "{bad:?}");
    }
    assert!(Kete::parse_move(&"A4>".repeat(2000)).is_err());
    let all = [
        KeteMove::from(CoreMove {
            hole: 3,
            dir: Dir::Right,
            safari: None,
        }),
        KeteMove::from(CoreMove {
            hole: 20,
            dir: Dir::Left,
            safari: Some(false),
        }),
        KeteMove::from(CoreMove {
            hole: 2,
            dir: Dir::Right,
            safari: Some(true),
        }),
        KeteMove::from(CoreMove {
            hole: 9,
            dir: Dir::Left,
            safari: None,
        }),
    ];
    assert_eq!(names(&all), ["A4>", "a5<", "A3>+", "B2<"]);
}

#[test]
fn notation_shortened_spellings_must_fit_one_legal_move() {
    let r = Rulings::default();
    // Nemo: the row letter may be left out, and the direction where it is forced.
    assert_eq!(resolved(NEMO_CAPTURES, &r, "4>"), Ok("A4>".into()));
    assert_eq!(resolved(NEMO_CAPTURES, &r, "2"), Ok("A2>".into()));
    assert_eq!(resolved(NEMO_CAPTURES, &r, "A7"), Ok("A7<".into()));
    assert_eq!(
        resolved(NEMO_CAPTURES, &r, "4"),
        Err(Unresolved::Ambiguous(vec!["A4<".into(), "A4>".into()]))
    );
    assert_eq!(
        resolved(NEMO_CAPTURES, &r, "A4"),
        Err(Unresolved::Ambiguous(vec!["A4<".into(), "A4>".into()]))
    );
    // `+` is the safari decision in nemo.
    assert_eq!(resolved(NEMO_SAFARI, &r, "7"), Ok("A7<".into()));
    assert_eq!(resolved(NEMO_SAFARI, &r, "7+"), Ok("A7<+".into()));
    let s = Kete::parse_move("A7<").unwrap();
    assert_eq!(
        Kete::resolve(&pos(NEMO_SAFARI), &r, &s).map(|m| m.safari),
        Ok(Some(false))
    );
    // ... and where no decision arises it is refused.
    assert_eq!(refused(NEMO_CAPTURES, &r, "A7<+"), "KETE-14");
    // North in nemo.
    let north = compact_after(&Kete::format_compact(&Kete::start()), &r, &["A6>"]);
    assert_eq!(resolved(&north, &r, "6<"), Ok("a6<".into()));
    // Mtaji: the row letter must be written.
    assert!(matches!(
        resolved(MTAJI_BACK, &r, "2<"),
        Err(Unresolved::NotNotation(_))
    ));
    assert_eq!(
        resolved(MTAJI_BACK, &r, "B2"),
        Err(Unresolved::Ambiguous(vec!["B2<".into(), "B2>".into()]))
    );
    // Wrong side, and a back hole in nemo.
    assert_eq!(refused(MTAJI_BACK, &r, "b2<"), "KETE-5");
    assert_eq!(refused(NEMO_CAPTURES, &r, "B2>"), "KETE-12");
    // Under `choice` a mtaji safari is a decision too; under `compulsory` `+` is only a claim.
    let choice = rulings(&["kete.mtaji-safari=choice"]);
    assert_eq!(resolved(MTAJI_SAFARI, &choice, "A6"), Ok("A6>".into()));
    assert_eq!(resolved(MTAJI_SAFARI, &choice, "A6+"), Ok("A6>+".into()));
    assert_eq!(resolved(MTAJI_SAFARI, &r, "A6+"), Ok("A6>".into()));
}

#[test]
fn notation_claims_are_checked() {
    let r = Rulings::default();
    assert_eq!(false_claims(MTAJI_BACK, &r, "B2<x"), ["KETE-10"]);
    assert_eq!(false_claims(MTAJI_CENTRE, &r, "A2>*"), ["KETE-10"]);
    assert_eq!(false_claims(MTAJI_CENTRE, &r, "A2>**"), ["KETE-10"]);
    // `**` is the takata played under hizi zetu; the takata that reserves is a plain `*`.
    assert_eq!(false_claims(HIZI, &r, "A3<**"), ["KETE-21"]);
    assert_eq!(false_claims(HIZI, &r, "A3>**"), ["KETE-21"]);
    assert!(false_claims(HIZI, &r, "A3<*").is_empty());
    assert_eq!(false_claims(SIXTEEN_15, &r, "A3>+"), ["KETE-14"]);
    assert_eq!(false_claims(MTAJI_CENTRE, &r, "A2>#"), ["KETE-23"]);
    assert_eq!(
        false_claims(MTAJI_CENTRE, &r, "A2>+x#"),
        ["KETE-14", "KETE-23"]
    );
    assert!(false_claims(MTAJI_CENTRE, &r, "A2>x").is_empty());
    assert!(false_claims(BAO_HAMNA, &r, "A7<x#").is_empty());
    let reserved = Kete::format_compact(&play_line(HIZI, &r, &["A3<*"]).1);
    assert!(false_claims(&reserved, &r, "a1>**").is_empty());
    // A `*` on a move played under hizi zetu is true: it is a takata.
    assert!(false_claims(&reserved, &r, "a1>*").is_empty());
    assert!(false_claims(MTAJI_SAFARI, &r, "A6>+x").is_empty());
}

// --- Positions ---------------------------------------------------------------------------------

#[test]
fn positions_round_trip_in_every_form() {
    for text in [
        NEMO_SAFARI,
        MTAJI_SAFARI,
        SIXTEEN_15,
        SIXTEEN_17,
        SIXTEEN_16,
        KUU_ALONE_6,
        KUU_ALONE_7,
        KUU_FIRST_TAKATA,
        HIZI,
        HIZI_ONLY_OCCUPIED,
        HIZI_ONLY_MANY,
        HIZI_TWO,
        HIZI_OPP_CAPTURES,
        HIZI_KUU,
        HIZI_KUU_FIRST_LAP,
        HIZI_DUE,
        HIZI_LAPSE,
        LONE_KICHWA_NEMO,
        LONE_KICHWA_9,
        NEMO_CAPTURES,
        MTAJI_CENTRE,
        BAO_HAMNA,
        SINGLETONS,
        TAKATA_NO_CAPTURE,
        NEMO_ELIGIBLE_KUU,
        NEMO_ELIGIBLE,
        NEMO_SINGLETONS,
        MTAJI_BACK,
    ] {
        let p = pos(text);
        assert_eq!(Kete::format_compact(&p), text);
        assert_eq!(
            Kete::parse_position(&Kete::format_diagram(&p)),
            Ok(p),
            "{text}"
        );
        // Donkers' bracket form has no field for a due obligation (KETE-22).
        match Kete::format_position(crate::game::PositionForm::Donkers, &p) {
            Ok(bracket) => assert_eq!(Kete::parse_position(&bracket), Ok(p), "{bracket}"),
            Err(_) => assert!(p.hizi_due(), "{text}"),
        }
    }
    assert_eq!(
        Kete::format_diagram(&pos(HIZI_DUE)),
        "north: reserve 0, no kuu\n\
         b  1  1  1  1  1  1 16 17\n\
         a  2  1  1  0  0  0  1  5\n\
         A  1  1  0  0  0  0  1  0\n\
         B  1  1  3  1  1  1  3  1\n\
         south: reserve 0, no kuu\n\
         hizi zetu: a8, reserved by south, obligation due\n\
         south to move\n"
    );
    assert_eq!(
        Kete::format_diagram(&Kete::start()),
        "north: reserve 22, kuu\n\
         b  0  0  0  0  0  0  0  0\n\
         a  0  2  2  6  0  0  0  0\n\
         A  0  0  0  0  6  2  2  0\n\
         B  0  0  0  0  0  0  0  0\n\
         south: reserve 22, kuu\n\
         hizi zetu: none\n\
         south to move\n"
    );
    // Labels, blank lines and comments are optional in a diagram.
    let bare = "# the start\nnorth: reserve 22, kuu\n0 0 0 0 0 0 0 0\n0 2 2 6 0 0 0 0\n\n\
                0 0 0 0 6 2 2 0\n0 0 0 0 0 0 0 0\nsouth: reserve 22, kuu\nhizi zetu: none\nS\n";
    assert_eq!(Kete::parse_position(bare), Ok(Kete::start()));
}

#[test]
fn positions_are_validated() {
    let rule = |text: &str| Kete::parse_position(text).unwrap_err().rule;
    let start = Kete::format_compact(&Kete::start());
    assert_eq!(rule(&start.replace(" 22,22 ", " 22,21 ")), Some("KETE-1"));
    assert_eq!(
        rule(&start.replace("0,0,0,0,6,2,2,0", "0,0,0,1,5,2,2,0")),
        Some("KETE-4")
    );
    assert_eq!(
        rule(&HIZI.replace(" - - S", " - a8 S").replace("0,0 -", "1,0 -")),
        Some("KETE-1")
    );
    assert_eq!(rule(&start.replace(" - S", " a3 N")), Some("KETE-21"));
    assert_eq!(rule(&HIZI.replace(" - - S", " - A4 S")), Some("KETE-21"));
    assert_eq!(rule(&HIZI.replace(" - - S", " - B3 N")), Some("KETE-21"));
    // Reserved and empty while its owner is to move.
    assert_eq!(rule(&HIZI.replace(" - - S", " - a4 N")), Some("KETE-21"));
    // The player who moved last cannot have an empty front row.
    let over = compact_after(BAO_HAMNA, &Rulings::default(), &["A7<"]);
    assert_eq!(rule(&over.replace(" N", " S")), Some("KETE-8"));
    let diagram = Kete::format_diagram(&pos(HIZI_DUE));
    let undue = diagram.replace(", obligation due", "");
    assert_eq!(rule(&undue), Some("KETE-22"));
    let own = diagram.replace("reserved by south", "reserved by north");
    assert_eq!(rule(&own), Some("KETE-21"));
    // KETE-3: a reserve starts with 22 and never gains a seed; KETE-9: one seed a nemo move, the
    // players in turn, so the reserves differ by at most one and the one with more is to move.
    assert_eq!(rule(&start.replace(" 22,22 ", " 44,0 ")), Some("KETE-3"));
    assert_eq!(
        rule(&BAO_HAMNA.replace(" 22,21 ", " 23,20 ")),
        Some("KETE-3")
    );
    assert_eq!(
        rule(&NEMO_CAPTURES.replace(" 21,20 ", " 22,19 ")),
        Some("KETE-9")
    );
    assert_eq!(
        rule(&NEMO_CAPTURES.replace(" 21,20 ", " 20,21 ")),
        Some("KETE-9")
    );
    assert_eq!(rule(&NEMO_CAPTURES.replace(" - S", " - N")), Some("KETE-9"));
    assert!(Kete::parse_position(&NEMO_CAPTURES.replace(" 21,20 k - S", " 20,21 k - N")).is_ok());
    // A finished game is read without the rulings, which alone tell whether its winner's store
    // may hold his last capture (ZAN-A15 `no-sow`); Kete has no such ruling.
    let won = over.replace(" 21,21 ", " 30,12 ");
    assert!(Kete::parse_position(&won).is_ok(), "{won}");
    let error = Kete::parse_position_under(&won, &Rulings::default()).unwrap_err();
    assert_eq!(error.rule, Some("KETE-3"));
    for bad in [
        "",
        "0,0/0,0 22,22 Kk - S",
        &start.replace(" S", ""),
        &start.replace(" Kk ", " KK "),
        &start.replace(" 22,22 ", " 22 "),
        &start.replace(" - S", " z9 S"),
        &start.replace(" S", " W"),
        &start.replace("6,2,2,0/", "6,x,2,0/"),
        &start.replace("6,2,2,0/", "6,2,2,0,0/"),
        &start.replace("6,2,2,0/", "6,2,2,99/"),
        "north: reserve 22, kuu\nsouth to move",
        &Kete::format_diagram(&Kete::start()).replace("kuu\nb", "kuu?\nb"),
    ] {
        assert!(Kete::parse_position(bad).is_err(), "{bad:?}");
    }
}

// --- KETE-A7: never-ending moves ---------------------------------------------------------------

/// Drops `n` seeds after `from`, one by one (an implementation independent of the engine's).
fn naive_lap(ring: &mut [u8; 16], from: usize, n: u8, step: usize) -> usize {
    let mut at = from;
    for _ in 0..n {
        at = (at + step) % 16;
        ring[at] += 1;
    }
    at
}

/// Relays from `at` until a lap ends in an empty hole (`Some(false)`) or a state repeats
/// (`Some(true)`), remembering every state.
fn naive_relay_repeats(mut ring: [u8; 16], mut at: usize, step: usize) -> Option<bool> {
    let mut seen = std::collections::HashSet::new();
    for _ in 0..5_000_000 {
        if ring[at] == 1 {
            return Some(false);
        }
        if !seen.insert((ring, at)) {
            return Some(true);
        }
        let n = ring[at];
        ring[at] = 0;
        at = naive_lap(&mut ring, at, n, step);
    }
    None
}

/// Whether the mover's takata `mv` (plus `added` reserve seeds) repeats, independently.
fn naive_takata_repeats(start: &str, mv: &str, added: u8) -> Option<bool> {
    let p = pos(start);
    let m = Kete::resolve(&p, &Rulings::default(), &Kete::parse_move(mv).unwrap())
        .or_else(|e| match e {
            Unresolved::Rejected(_) => {
                let s = Kete::parse_move(mv).unwrap();
                let (row, n) = (s.row.unwrap(), s.number);
                let hole = HOLE_NAMES
                    .iter()
                    .position(|h| *h == format!("{row}{n}"))
                    .unwrap();
                Ok(KeteMove::from(CoreMove {
                    hole: hole as u8,
                    dir: s.dir.unwrap(),
                    safari: None,
                }))
            }
            other => Err(other),
        })
        .unwrap();
    let (side, h) = ring_of(m.hole);
    let step = dir_step(h, m.dir) as usize;
    let mut ring = p.rings[side.index()];
    let h = h as usize;
    ring[h] += added;
    let n = ring[h];
    ring[h] = 0;
    let at = naive_lap(&mut ring, h, n, step);
    naive_relay_repeats(ring, at, step)
}

#[test]
fn kete_a7_a_never_ending_move_is_illegal() {
    let r = Rulings::default();
    for mv in ["b5<", "b1>"] {
        assert_eq!(
            naive_takata_repeats(NEVER_ENDING, mv, 0),
            Some(true),
            "{mv}"
        );
        assert_eq!(refused(NEVER_ENDING, &r, mv), "KETE-A7", "{mv}");
    }
    let mut out = Vec::new();
    let generated = Kete::legal_moves(&pos(NEVER_ENDING), &r, &mut out);
    assert_eq!(generated.undecided, 0);
    // Front singletons only: b1 and b5 are North's holes with two or more.
    assert_eq!(names(&out), ["b1<", "b5>"]);
    // The moves that do end agree with the independent sowing.
    for mv in names(&out) {
        assert_eq!(
            naive_takata_repeats(NEVER_ENDING, &mv, 0),
            Some(false),
            "{mv}"
        );
    }
    // In nemo too.
    assert_eq!(
        naive_takata_repeats(NEVER_ENDING_NEMO, "a2<", 1),
        Some(true)
    );
    assert_eq!(refused(NEVER_ENDING_NEMO, &r, "a2<"), "KETE-A7");
}

/// The cycle of a takata that never ends, by keeping every state (an implementation independent
/// of the engine's): the first lap whose state comes back, and how many laps later.
fn naive_cycle(start: &str, mv: &str) -> (u64, u64) {
    let p = pos(start);
    let s = Kete::parse_move(mv).unwrap();
    let name = format!("{}{}", s.row.unwrap(), s.number);
    let hole = HOLE_NAMES.iter().position(|h| *h == name).unwrap() as u8;
    let (side, h) = ring_of(hole);
    let step = dir_step(h, s.dir.unwrap()) as usize;
    let mut ring = p.rings[side.index()];
    let (mut at, mut seen) = (h as usize, std::collections::HashMap::new());
    for lap in 1.. {
        let n = ring[at];
        ring[at] = 0;
        at = naive_lap(&mut ring, at, n, step);
        if let Some(first) = seen.insert((ring, at), lap) {
            return (first, lap - first);
        }
    }
    unreachable!()
}

/// A never-ending move played is refused with its cycle, measured exactly (Brent's length and
/// the start of its second phase) as keeping every state measures it.
#[test]
fn kete_a7_a_played_never_ending_move_names_its_cycle() {
    // A thread of its own: the first play decides the move, the next find its verdict
    // remembered (by the play, or by the search between), and all name the same cycle.
    std::thread::spawn(|| {
        for mv in ["b5<", "b1>"] {
            let (start, length) = naive_cycle(NEVER_ENDING, mv);
            let words = format!(
                "the move never ends: the in-move state after lap {start} comes back after \
                 {length} more laps, and so on forever (a cycle of {length} laps from lap {start})"
            );
            let p = pos(NEVER_ENDING);
            for searched_first in [false, false, true] {
                if searched_first {
                    let _ = Kete::legal_moves(&p, &Rulings::default(), &mut Vec::new());
                }
                let m = Kete::resolve(&p, &Rulings::default(), &Kete::parse_move(mv).unwrap());
                let Err(Unresolved::Rejected(Rejection::Illegal { reason, .. })) = m else {
                    panic!("{mv} never ends: {m:?}");
                };
                assert_eq!(reason, words);
            }
        }
    })
    .join()
    .unwrap();
}

#[test]
fn kete_a7_past_the_budget_a_move_is_undecided() {
    let r = Rulings {
        lap_budget: 100,
        ..Rulings::default()
    };
    let p = pos(NEVER_ENDING);
    let b5 = KeteMove::from(CoreMove {
        hole: 28,
        dir: Dir::Left,
        safari: None,
    });
    assert!(matches!(
        Kete::play(&p, &r, b5, &mut ()),
        Err(Rejection::Undecided { .. })
    ));
    let mut out = Vec::new();
    let generated = Kete::legal_moves(&p, &r, &mut out);
    assert_eq!(generated.undecided, 2);
    assert_eq!(out, legal(&p, &Rulings::default()));
    assert_eq!(Kete::end(&p, &r), None);
}

/// A takata from ring position `from` of `ring` in direction `step`, sown by keeping every state
/// (independent of the engine): `Ok(None)` if it ends, `Ok(Some((start, length)))` if the state
/// after lap `start` is the first to come back, `length` laps later; `Err(())` past 100,000 laps.
fn naive_takata(mut ring: [u8; 16], from: usize, step: usize) -> Result<Option<(u64, u64)>, ()> {
    let mut seen = std::collections::HashMap::new();
    let n = std::mem::take(&mut ring[from]);
    let mut at = naive_lap(&mut ring, from, n, step);
    for lap in 1..100_000 {
        if let Some(first) = seen.insert((ring, at), lap) {
            return Ok(Some((first, lap - first)));
        }
        // KETE-7: the last seed fell into an empty hole.
        if ring[at] == 1 {
            return Ok(None);
        }
        let n = std::mem::take(&mut ring[at]);
        at = naive_lap(&mut ring, at, n, step);
    }
    Err(())
}

/// The engine's takata from ring position `from` of South's `ring` (no kuu, no reserved hole,
/// North's front row empty so that nothing is captured), played (its cycle measured) or only
/// searched.
fn engine_takata(
    ring: [u8; 16],
    from: u8,
    step: u8,
    played: bool,
) -> Result<sowing::Played, sowing::Refusal> {
    let mut p = Kete::start();
    p.core_mut().rings = [ring, [0; 16]];
    p.core_mut().reserve = [0, 0];
    p.core_mut().kuu = [false, false];
    p.core_mut().to_move = Side::South;
    p.core_mut().hizi = None;
    let rules = Rulings::default().rules();
    let start = sowing::Start::Mtaji { h: from, step };
    let sow =
        || sowing::sow_move::<variant::Lamu, _>(&p, &rules, start, sowing::Safari::Absent, &mut ());
    if played {
        sowing::measure_cycles(sow)
    } else {
        sow()
    }
}

/// The cycle search (Brent with its anchor, the tight loop that hands it the laps, the verdicts
/// remembered) and the measurement of a cycle agree with keeping every state, searched and
/// played in any order, on the takatas from every state of two never-ending moves (cycles of
/// more laps than the quiet ones). Their cycles start at the first lap, as every cycle whose laps
/// sow fewer than 16 seeds must (such a lap can be undone); later starts are `cycle.rs`'s tests.
#[test]
fn kete_a7_takata_cycles_are_those_of_keeping_every_state() {
    std::thread::spawn(|| {
        let mut starts = std::collections::BTreeSet::new();
        for mv in ["b5<", "b1>"] {
            let p = pos(NEVER_ENDING);
            let s = Kete::parse_move(mv).unwrap();
            let name = format!("{}{}", s.row.unwrap(), s.number);
            let hole = HOLE_NAMES.iter().position(|h| *h == name).unwrap() as u8;
            let (side, h) = ring_of(hole);
            let step = dir_step(h, s.dir.unwrap()) as usize;
            let mut ring = p.rings[side.index()];
            let mut at = h as usize;
            let mut takatas = Vec::new();
            for _ in 0..300 {
                takatas.push((ring, at));
                let n = std::mem::take(&mut ring[at]);
                at = naive_lap(&mut ring, at, n, step);
            }
            for (ring, from) in takatas {
                let Ok(naive) = naive_takata(ring, from, step) else {
                    continue;
                };
                for played in [false, true, true, false, true] {
                    let engine = engine_takata(ring, from as u8, step as u8, played);
                    match (naive, engine) {
                        // KETE-8, which the independent sowing leaves out.
                        (_, Err(sowing::Refusal::FrontRowEmpty { .. })) | (None, Ok(_)) => {}
                        (Some(_), Err(sowing::Refusal::NeverEnds { cycle: None, .. }))
                            if !played => {}
                        (
                            Some((start, length)),
                            Err(sowing::Refusal::NeverEnds { cycle: Some(c), .. }),
                        ) if played => {
                            assert_eq!((c.start, c.length), (start, length), "{ring:?} {from}");
                            starts.insert(start);
                        }
                        (naive, engine) => {
                            panic!("{ring:?} from {from}, played {played}: {naive:?} vs {engine:?}")
                        }
                    }
                }
            }
        }
        assert_eq!(starts, [1].into());
    })
    .join()
    .unwrap();
}

#[test]
fn kete_20_19_the_kuu_has_no_legal_takata() {
    let r = Rulings::default();
    assert_eq!(naive_takata_repeats(KUU_NO_TAKATA, "A5>", 0), Some(true));
    assert_eq!(naive_takata_repeats(KUU_NO_TAKATA, "A5<", 0), Some(true));
    assert_eq!(refused(KUU_NO_TAKATA, &r, "A5>"), "KETE-A7");
    assert_eq!(
        moves_of(KUU_NO_TAKATA, &r),
        ["A1<", "A1>", "A2<", "A2>", "A4<", "A4>", "A8<", "A8>"]
    );
    // The obligation lapses; a lap ending in the kuu relays on, which destroys it (KETE-19).
    assert_eq!(
        trace(KUU_NO_TAKATA, &r, "A8<"),
        "note KETE-20, lap A8 3 acw A5, note KETE-19, relay A5 10, lap A5 10 acw B6, \
         note KETE-4, stop B6 EmptyHole"
    );
}

#[test]
fn kete_24_no_legal_move_when_every_move_is_illegal() {
    let r = Rulings::default();
    assert_eq!(naive_takata_repeats(NO_LEGAL_MOVE, "A5>", 0), Some(true));
    assert_eq!(naive_takata_repeats(NO_LEGAL_MOVE, "A5<", 0), Some(true));
    assert!(legal(&pos(NO_LEGAL_MOVE), &r).is_empty());
    let end = Kete::end(&pos(NO_LEGAL_MOVE), &r).unwrap();
    assert_eq!(
        (end.outcome, end.rule),
        (Outcome::Win(Side::North), "KETE-24")
    );
    // Back holes stay closed: the kuu is no singleton.
    assert_eq!(refused(NO_LEGAL_MOVE, &r, "B1<"), "KETE-19");
}

#[test]
fn kete_a8_10_finish_a_capture_that_never_ends_is_no_takata() {
    let stop = Rulings::default();
    let finish = rulings(&["kete.bao-hamna-mid-move=finish"]);
    assert_eq!(moves_of(FINISH_NEVER_ENDS, &stop), ["A5>"]);
    assert!(
        trace(FINISH_NEVER_ENDS, &stop, "A5>").ends_with("stop A6 GameWon, over south KETE-23")
    );
    // Played to its end, the capture never ends; it is no takata either (KETE-10).
    assert_eq!(refused(FINISH_NEVER_ENDS, &finish, "A5>"), "KETE-A7");
    assert_eq!(
        moves_of(FINISH_NEVER_ENDS, &finish),
        ["A5<", "A6<", "A6>", "A8<", "A8>"]
    );
    // Independently: A5> lands in A7, a2's three go A8, A7, A6, and the relay repeats.
    let mut ring = pos(FINISH_NEVER_ENDS).rings[0];
    ring[4] = 0;
    assert_eq!(naive_lap(&mut ring, 4, 2, 1), 6);
    let at = naive_lap(&mut ring, 8, 3, 15);
    assert_eq!(at, 5);
    assert_eq!(naive_relay_repeats(ring, at, 15), Some(true));
}

// --- Perft and random games -----------------------------------------------------------------------

#[test]
fn perft_from_the_start() {
    let r = Rulings::default();
    let counts: Vec<u64> = (1..=5)
        .map(|d| crate::perft::perft::<Kete>(&Kete::start(), &r, d))
        .collect();
    assert_eq!(counts, [4, 14, 38, 124, 405]);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Random games under random rulings: 64 seeds, every listed move plays and nothing else
    /// does, notation and both position forms round-trip, the end agrees with the move list.
    #[test]
    fn random_playouts_keep_every_invariant(seed in proptest::prelude::any::<u64>()) {
        let r = Rulings {
            mtaji_safari: if seed & 1 == 0 { MtajiSafari::Compulsory } else { MtajiSafari::Choice },
            hizi_must_capture: seed & 2 == 0,
            bao_hamna: if seed & 4 == 0 { BaoHamna::Stop } else { BaoHamna::Finish },
            lap_budget: LAP_BUDGET,
        };
        random_game(seed, 250, &r);
    }
}

#[test]
fn start_has_four_moves() {
    let r = Rulings::default();
    assert_eq!(
        names(&legal(&Kete::start(), &r)),
        ["A6<", "A6>", "A7<", "A7>"]
    );
}

#[test]
fn random_games_keep_every_invariant() {
    let r = Rulings::default();
    let mut ended = 0;
    for seed in 1..=30u64 {
        let (pos, plies) = random_game(seed * 7919, 400, &r);
        if Kete::end(&pos, &r).is_some() {
            ended += 1;
        }
        assert!(plies > 0);
    }
    assert!(ended > 0);
}

/// The picture's board reads as the diagram, keeps the 64 seeds, and marks the kuu and the hizi
/// zetu hole.
#[test]
fn boards_match_the_diagram() {
    use crate::board::Mark;
    use crate::board_tests::check_boards_along_a_game;
    check_boards_along_a_game::<Kete>(80, |_| 64);
    let marked = |board: &crate::board::Board, mark: Mark| -> Vec<&str> {
        board
            .holes()
            .filter(|h| h.marks.contains(&mark))
            .map(|h| h.name)
            .collect()
    };
    let start = Kete::board(&Kete::start());
    assert_eq!(marked(&start, Mark::House), ["a5", "A5"]);
    assert_eq!(start.notes, ["hizi zetu: none"]);
    let due = Kete::board(&pos(HIZI_DUE));
    assert_eq!(marked(&due, Mark::Reserved), ["a8"]);
    assert!(marked(&due, Mark::House).is_empty());
    assert_eq!(
        due.notes,
        [
            "north: no kuu",
            "south: no kuu",
            "hizi zetu: a8, reserved by south, obligation due"
        ]
    );
}

thread_local! {
    /// The position whose sowings are counted, and how many `sow_move` made from it (probes and
    /// whole moves alike; not those from positions derived from it, such as hizi zetu's look at
    /// the next move).
    static WATCHED: std::cell::Cell<Option<Core>> = const { std::cell::Cell::new(None) };
    static SOWINGS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

pub(super) fn sown_from(pos: &Core) {
    if WATCHED.with(|w| w.get()) == Some(*pos) {
        SOWINGS.with(|n| n.set(n.get() + 1));
    }
}

/// The sowings from `pos` that `f` makes.
fn sowings(pos: &Core, f: impl FnOnce()) -> u64 {
    WATCHED.with(|w| w.set(Some(*pos)));
    let before = SOWINGS.with(|n| n.get());
    f();
    let n = SOWINGS.with(|n| n.get()) - before;
    WATCHED.with(|w| w.set(None));
    n
}

/// Perft's children come from the sowings that judged their moves legal: listing the moves
/// with their children sows exactly what listing the moves sows, where playing each listed
/// move, as before, sowed every child once more.
fn children_sown_once<G>(rulings: &G::Rulings, seed: u64) -> u64
where
    G: Game<Position = super::Position<G>, Move = super::Move<G>>,
{
    let game = crate::random_game::random_game::<G>(&G::start(), rulings, seed, 120);
    let mut p = G::start();
    let (mut moves, mut listed, mut children) = (Vec::new(), Vec::new(), Vec::new());
    let mut saved = 0;
    for &mv in &game.moves {
        let listing = sowings(p.core(), || {
            let _ = G::legal_moves(&p, rulings, &mut moves);
        });
        let with_children = sowings(p.core(), || {
            let _ = G::legal_children(&p, rulings, &mut listed, &mut children);
        });
        assert_eq!(listed, moves, "{p:?}");
        assert_eq!(with_children, listing, "{p:?}");
        let mut played = Vec::new();
        let playing = sowings(p.core(), || {
            played.extend(
                moves
                    .iter()
                    .map(|&m| G::play(&p, rulings, m, &mut ()).unwrap()),
            );
        });
        assert_eq!(children, played, "{p:?}");
        // Each move played is sown once more (and may probe others to be judged).
        assert!(playing >= children.len() as u64, "{p:?}");
        saved += playing;
        p = G::play(&p, rulings, mv, &mut ()).unwrap();
    }
    saved
}

#[test]
fn a_perft_child_is_sown_once() {
    let mut saved = 0;
    for seed in 1..=3 {
        saved += children_sown_once::<Kete>(&Rulings::default(), seed);
        saved += children_sown_once::<Zanzibar>(&Default::default(), seed);
    }
    for preset in Zanzibar::PRESETS {
        let set = RulingSet::default().over(preset);
        saved += children_sown_once::<Zanzibar>(&set.resolve::<Zanzibar>().unwrap(), 4);
    }
    // The games are long enough for the test to say something.
    assert!(saved > 1000, "{saved} sowings saved");
}
