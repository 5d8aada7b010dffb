//! No panic on any value of a public type: every public function that takes a move, a hole, a
//! position or an event, fed arbitrary values (moves and holes out of range included) for all four
//! games, at positions reached by random play.

use proptest::prelude::*;

use crate::game::{Event, Game, Notation, Side, StopReason};
use crate::games::four_by_eight::{CoreMove as FourMove, Dir};
use crate::games::{Kete, Kimasai, Kingulu, Zanzibar, kimasai, kingulu};
use crate::play::Playthrough;
use crate::position::Position as _;
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
    fn arbitrary_move(bytes: [u8; 3]) -> Self::Move {
        four_move(bytes).into()
    }
}

impl ArbitraryMove for Zanzibar {
    fn arbitrary_move(bytes: [u8; 3]) -> Self::Move {
        four_move(bytes).into()
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
        let moves = game
            .legal_moves()
            .unwrap_or_else(crate::Incomplete::into_legal);
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

/// Text of every kind the public functions read: anything, and text close to the games' own forms
/// (positions, moves, rulings), so that the readers are driven past their first check.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9,/ SNHhTt\\-]{0,90}",
        "[AaBb][0-9]{1,3}[<>+*x]{0,3}",
        "[a-z.\\-]{0,30}=[a-z\\-]{0,12}",
        "[0-9 \n:abAB]{0,200}",
    ]
}

/// Every public function of `G` that reads text, and a game set up from arbitrary fields.
fn reads_text<G: Game>(text: &str, setup: &crate::setup::Setup, side: Side) {
    let _ = G::parse_position(text);
    let _ = G::parse_move(text);
    for notation in [Notation::Canonical, Notation::Donkers] {
        let _ = G::parse_move_in(notation, text);
    }
    let _ = G::parse_position_under(text, &G::Rulings::default());
    let _ = crate::RulingSet::new().over_preset::<G>(text);
    let mut game = Playthrough::<G>::new(G::start(), G::Rulings::default());
    let _ = game.resolve_text(text);
    let _ = game.play_text(text);
    if let Ok(mut game) = Playthrough::<G>::from_setup(setup) {
        let _ = game.legal_texts();
        let _ = game.play_text(text);
        let _ = (
            game.position().compact(),
            game.position().diagram(),
            game.board().total(),
        );
    }
    let mut pos = G::start();
    G::set_side_to_move(&mut pos, side);
    let _ = G::end(&pos, &G::Rulings::default());
    let rules = crate::Rules::<G>::default();
    let _ = rules.parse_position(text);
    let _ = rules.parse_move(&pos, text);
    let _ = rules.check_position(pos.clone());
}

fn setup() -> impl Strategy<Value = crate::setup::Setup> {
    (
        proptest::option::of(text()),
        proptest::option::of(any::<bool>()),
        proptest::collection::vec((text(), text()), 0..3),
        proptest::option::of(text()),
        any::<bool>(),
        proptest::collection::vec(text(), 0..2),
    )
        .prop_map(|(start, first, rulings, preset, donkers, history)| {
            let mut set = crate::RulingSet::new();
            for (name, value) in &rulings {
                let _ = set.insert(name, value);
            }
            crate::setup::Setup {
                start,
                first: first.map(|north| if north { Side::North } else { Side::South }),
                rulings: set,
                preset,
                notation: if donkers {
                    Notation::Donkers
                } else {
                    Notation::Canonical
                },
                any_notation: donkers,
                history,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn no_text_panics(text in text(), setup in setup(), north in any::<bool>()) {
        let side = if north { Side::North } else { Side::South };
        reads_text::<Kingulu>(&text, &setup, side);
        reads_text::<Kimasai>(&text, &setup, side);
        reads_text::<Kete>(&text, &setup, side);
        reads_text::<Zanzibar>(&text, &setup, side);
        let _ = crate::Ruleset::from_name(&text);
        for ruleset in crate::Ruleset::ALL {
            let _ = crate::AnyGame::from_position(ruleset, &text);
            if let Ok(mut game) = crate::AnyGame::from_setup(ruleset, &setup) {
                let _ = game.legal_texts();
                let _ = game.resolve_text(&text);
                let _ = game.play_text(&text);
            }
        }
        let _ = (crate::Code::parse(&text), Side::parse(&text), Notation::parse(&text));
        let _ = crate::ResultClaim::parse(&text);
        let _ = crate::RulingSet::parse_assignment(&text);
        let _ = crate::RulingSet::from_assignments([text.as_str()]);
        let _ = crate::rulings::did_you_mean(&text, crate::RULESETS.iter().copied());
        let _ = crate::games::unknown_ruleset(&text);
    }

    #[test]
    fn no_value_of_plain_data_panics(
        holes in any::<[u8; 12]>(),
        reserved in any::<[u8; 12]>(),
        captured in any::<[u8; 2]>(),
        stones in proptest::collection::vec(any::<bool>(), 48),
        north in any::<bool>(),
        counts in proptest::collection::vec(any::<u32>(), 0..6),
        offset in any::<usize>(),
        len in any::<usize>(),
        laps in any::<u64>(),
    ) {
        let side = if north { Side::North } else { Side::South };
        let reserved = reserved.map(|r| match r % 3 {
            0 => None,
            1 => Some(Side::South),
            _ => Some(Side::North),
        });
        if let Ok(pos) = kingulu::Position::from_parts(holes, reserved, captured, side) {
            let rules = crate::Rules::<Kingulu>::default();
            let _ = (pos.compact(), pos.diagram(), rules.end(&pos));
            let _ = rules.legal_moves(&pos);
        }
        let stones: [bool; 48] = stones.try_into().unwrap();
        if let Ok(pos) = kimasai::Position::from_holes(&stones, side) {
            let rules = crate::Rules::<Kimasai>::default();
            let _ = (pos.compact(), pos.diagram(), rules.end(&pos));
            let _ = rules.legal_moves(&pos);
        }
        let board = crate::Board {
            ruleset: "x",
            rows: vec![crate::Row {
                label: "A",
                side,
                holes: counts
                    .iter()
                    .map(|&count| crate::Hole { index: 0, name: "A1", count, marks: vec![] })
                    .collect(),
            }],
            stores: counts
                .iter()
                .map(|&count| crate::Store { side, label: "store", count })
                .collect(),
            to_move: side,
            notes: vec![],
            house: "kuu",
        };
        let _ = board.total();
        let _ = crate::Span::new(offset, len).end();
        let _ = crate::Rejection::Undecided { laps }.to_string();
        let _ = crate::Incomplete { legal: vec![1u8], undecided: laps as u32 }.to_string();
        let mut rng = SplitMix64::new(laps);
        let _ = rng.below(counts.len());
    }
}

/// A 4×8 position in compact form from `cuts`: stores that agree with the side to move (ZAN-8),
/// the rest of the 64 seeds dealt into the 32 holes; a house (`letters`: the game's) owned where
/// `houses` says and it holds enough seeds to stand.
fn four_by_eight_text(cuts: &[u8], houses: [bool; 2], letters: [char; 2], north: bool) -> String {
    // A kuu of Bao la Kete holds at least six (KETE-4); a house of Bao la Kiswahili one.
    let least = if letters[0] == 'K' { 6 } else { 1 };
    // Each namua move takes one seed from its mover's store: North to move, South has moved once more.
    let south = cuts.first().map_or(0, |&c| usize::from(c) % 22);
    let stores = [south, south + usize::from(north)];
    let mut counts = [0u8; 32];
    for i in 0..64 - stores[0] - stores[1] {
        counts[usize::from(cuts[i % cuts.len()].wrapping_add(i as u8)) % 32] += 1;
    }
    // South's house is the fifth hole of the third row, North's the fourth of the second.
    let owned = [
        houses[0] && counts[20] >= least,
        houses[1] && counts[11] >= least,
    ];
    let houses_field: String = match owned {
        [false, false] => "-".into(),
        _ => (0..2).filter(|&i| owned[i]).map(|i| letters[i]).collect(),
    };
    let row = |r: usize| {
        let holes: Vec<String> = counts[r * 8..r * 8 + 8].iter().map(u8::to_string).collect();
        holes.join(",")
    };
    format!(
        "{}/{}/{}/{} {},{} {} - {}",
        row(0),
        row(1),
        row(2),
        row(3),
        stores[0],
        stores[1],
        houses_field,
        if north { 'N' } else { 'S' },
    )
}

/// Every move of a position no game need reach, listed and played.
fn plays_anything<G: Game>(text: &str) {
    let rules = crate::Rules::<G>::default();
    let Ok(pos) = rules.parse_position(text) else {
        return;
    };
    let _ = (
        G::format_compact(&pos),
        G::format_diagram(&pos),
        G::board(&pos),
    );
    let moves = match rules.legal_moves(&pos) {
        Ok(moves) => moves,
        Err(incomplete) => incomplete.legal,
    };
    for mv in moves {
        let mut events = Vec::new();
        let next = rules
            .play(&pos, mv, &mut events)
            .expect("a listed move plays");
        let _ = G::format_annotated(&pos, mv, &events);
        let _ = G::position_during(&pos, &events);
        let _ = rules.end(&next);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn no_four_by_eight_position_panics(
        cuts in proptest::collection::vec(any::<u8>(), 64),
        houses in any::<[bool; 2]>(),
        north in any::<bool>(),
    ) {
        plays_anything::<Kete>(&four_by_eight_text(&cuts, houses, ['K', 'k'], north));
        plays_anything::<Zanzibar>(&four_by_eight_text(&cuts, houses, ['H', 'h'], north));
    }
}
