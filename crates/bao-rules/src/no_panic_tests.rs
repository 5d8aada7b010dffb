//! No panic on any value of a public type: every public function that takes a move, a hole, a
//! position or an event, fed arbitrary values (moves and holes out of range included) for all four
//! games, at positions reached by random play.

use proptest::prelude::*;

use crate::game::{Event, Game, Notation, Side, StopReason};
use crate::games::four_by_eight::{Dir, Move as FourMove};
use crate::games::{Kete, Kimasai, Kingulu, Zanzibar, kimasai, kingulu};
use crate::play::Playthrough;
use crate::rng::SplitMix64;

/// A game whose moves can be made from arbitrary bytes, out of range included.
trait ArbitraryMove: Game {
    fn arbitrary_move(bytes: [u8; 3]) -> Self::Move;
}

impl ArbitraryMove for Kingulu {
    fn arbitrary_move([hole, ..]: [u8; 3]) -> kingulu::Move {
        kingulu::Move(hole)
    }
}

impl ArbitraryMove for Kimasai {
    fn arbitrary_move([hole, ..]: [u8; 3]) -> kimasai::Move {
        kimasai::Move(hole)
    }
}

fn four_move([hole, dir, safari]: [u8; 3]) -> FourMove {
    FourMove {
        hole,
        dir: if dir % 2 == 0 { Dir::Left } else { Dir::Right },
        safari: [None, Some(false), Some(true)][usize::from(safari % 3)],
    }
}

impl ArbitraryMove for Kete {
    fn arbitrary_move(bytes: [u8; 3]) -> FourMove {
        four_move(bytes)
    }
}

impl ArbitraryMove for Zanzibar {
    fn arbitrary_move(bytes: [u8; 3]) -> FourMove {
        four_move(bytes)
    }
}

/// Every event with arbitrary holes and counts.
fn events(hole: u8, other: u8, seeds: u16) -> Vec<Event> {
    let rule = "X-1";
    vec![
        Event::Lap {
            from: hole,
            seeds,
            direction: crate::game::Direction::Clockwise,
            to: other,
            rule,
        },
        Event::Relay {
            at: hole,
            seeds,
            rule,
        },
        Event::Step {
            from: hole,
            to: other,
            rule,
        },
        Event::Enter { hole, seeds, rule },
        Event::Capture { hole, seeds, rule },
        Event::Reserve {
            hole,
            by: Side::North,
            seeds,
            rule,
        },
        Event::Transfer {
            from: hole,
            to: other,
            rule,
        },
        Event::Stop {
            at: other,
            reason: StopReason::EmptyHole,
            rule,
        },
    ]
}

/// A game of `G` after `plies` random legal moves from the start.
fn reached<G: Game>(seed: u64, plies: usize) -> Playthrough<G> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Playthrough::<G>::new(G::start(), G::Rulings::default());
    for _ in 0..plies {
        let (moves, _) = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        game.play(mv, &mut ()).expect("a listed move plays");
    }
    game
}

/// Every public function of `G` and of a game in progress that takes a move or a hole.
fn no_panic<G: ArbitraryMove>(seed: u64, plies: usize, bytes: [u8; 3], other: u8, seeds: u16) {
    let mv = G::arbitrary_move(bytes);
    let hole = bytes[0];
    let game = reached::<G>(seed, plies);
    let pos = game.position().clone();
    let rulings = game.rulings().clone();
    let _ = G::hole_name(hole);
    let _ = G::format_move(mv);
    for &notation in G::NOTATIONS
        .iter()
        .chain(&[Notation::Canonical, Notation::Donkers])
    {
        let _ = G::format_move_in(notation, &pos, &rulings, mv);
        let _ = G::parse_move_in(notation, &G::format_move(mv));
    }
    let evs = events(hole, other, seeds);
    let _ = G::format_annotated(&pos, mv, &evs);
    let _ = G::position_during(&pos, &evs);
    for event in &evs {
        let _ = event.describe::<G>();
        let _ = event.rule();
    }
    let mut sink = Vec::new();
    let played = G::play(&pos, &rulings, mv, &mut sink);
    if played.is_ok() {
        let _ = G::format_annotated(&pos, mv, &sink);
    }
    let _ = game.move_text(mv);
    let mut copy = game.clone();
    let _ = copy.play(mv, &mut ());
    let _ = copy.play_text(&G::format_move(mv));
    if let Ok(spelling) = G::parse_move(&G::format_move(mv)) {
        let _ = G::check_claims(&pos, &spelling, &evs);
        let _ = G::resolve(&pos, &rulings, &spelling);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn no_move_or_hole_panics(
        seed in any::<u64>(),
        plies in 0usize..40,
        bytes in any::<[u8; 3]>(),
        other in any::<u8>(),
        seeds in any::<u16>(),
    ) {
        no_panic::<Kingulu>(seed, plies, bytes, other, seeds);
        no_panic::<Kimasai>(seed, plies, bytes, other, seeds);
        no_panic::<Kete>(seed, plies, bytes, other, seeds);
        no_panic::<Zanzibar>(seed, plies, bytes, other, seeds);
    }
}

/// The holes just past each game's board, where the tables end (Kimasai's 48, issue 26).
#[test]
fn holes_past_the_board() {
    for hole in [32, 47, 48, 49, 64, 255] {
        let bytes = [hole, 0, 0];
        for seed in 0..4 {
            no_panic::<Kingulu>(seed, seed as usize * 5, bytes, hole, 3);
            no_panic::<Kimasai>(seed, seed as usize * 5, bytes, hole, 3);
            no_panic::<Kete>(seed, seed as usize * 5, bytes, hole, 3);
            no_panic::<Zanzibar>(seed, seed as usize * 5, bytes, hole, 3);
        }
    }
}
