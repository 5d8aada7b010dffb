//! Checks shared by every game's board tests.

use crate::game::Game;

/// Checks shared by every game's board tests: the board's rows are the diagram's rows (labels and
/// counts, left to right), each hole named as the game names it, and every hole drawn once.
pub(crate) fn assert_board_matches_diagram<G: Game>(pos: &G::Position) {
    let board = G::board(pos);
    let diagram = G::format_diagram(pos);
    assert_eq!(board.ruleset, G::RULESET);
    assert_eq!(board.to_move, G::side_to_move(pos));
    let mut seen = std::collections::BTreeSet::new();
    for row in &board.rows {
        let line = diagram
            .lines()
            .find(|l| l.split_whitespace().next() == Some(row.label))
            .unwrap_or_else(|| panic!("no row {} in\n{diagram}", row.label));
        // A diagram cell is the count, then any mark of the game's own (Kingulu's `3^S`).
        let counts: Vec<u32> = line
            .split_whitespace()
            .skip(1)
            .map(|cell| {
                let digits: String = cell.chars().take_while(char::is_ascii_digit).collect();
                digits.parse().unwrap()
            })
            .collect();
        let shown: Vec<u32> = row.holes.iter().map(|h| h.count).collect();
        assert_eq!(shown, counts, "row {} of\n{diagram}", row.label);
        for hole in &row.holes {
            assert_eq!(hole.name, G::hole_name(hole.index));
            assert!(seen.insert(hole.index), "{} drawn twice", hole.name);
        }
    }
}

/// Plays the first legal move from the start for up to `plies` plies, checking
/// [`assert_board_matches_diagram`] and `total` (the seeds a position must hold) at every position.
pub(crate) fn check_boards_along_a_game<G: Game>(
    plies: usize,
    total: impl Fn(&G::Position) -> u32,
) {
    let rulings = G::Rulings::default();
    let mut pos = G::start();
    let mut moves = Vec::new();
    for ply in 0..=plies {
        assert_board_matches_diagram::<G>(&pos);
        assert_eq!(G::board(&pos).total(), total(&pos), "ply {ply}");
        if G::end(&pos, &rulings).is_some() {
            break;
        }
        let _ = G::legal_moves(&pos, &rulings, &mut moves);
        // Vary the moves a little so the game gets somewhere: the middle legal move.
        let Some(&mv) = moves.get(moves.len() / 2) else {
            break;
        };
        pos = G::play(&pos, &rulings, mv, &mut ()).unwrap();
    }
}
