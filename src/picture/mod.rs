//! Pictures of a board: what a picture points out beyond the board ([`Highlights`]), and the SVG
//! renderer ([`svg`]). The board itself is data of the rules ([`crate::board`]).

pub mod svg;

pub use crate::board::{Board, Hole, Mark, Row, Store};
use crate::game::{Event, Game};

/// What a picture shows beyond the board itself: a title, and holes and laps to point out.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Highlights {
    /// The picture's title (its `<title>`); empty: the game and the side to move.
    pub title: String,
    /// The hole the move started from.
    pub from: Option<u8>,
    /// Holes captured from.
    pub captured: Vec<u8>,
    /// Holes a legal move starts from.
    pub legal: Vec<u8>,
    /// Laps (and Kimasai steps), in order: from the hole sowing starts at to the hole the last
    /// seed falls into.
    pub laps: Vec<(u8, u8)>,
}

impl Highlights {
    /// The highlights of a move read from its events: where it started (its first lap, step or
    /// seed entered), the holes it captured from, its laps.
    pub fn of_move(events: &[Event]) -> Highlights {
        let mut marks = Highlights::default();
        for event in events {
            match *event {
                Event::Lap { from, to, .. } | Event::Step { from, to, .. } => {
                    marks.from.get_or_insert(from);
                    marks.laps.push((from, to));
                }
                Event::Enter { hole, .. } => {
                    marks.from.get_or_insert(hole);
                }
                Event::Capture { hole, .. } if !marks.captured.contains(&hole) => {
                    marks.captured.push(hole);
                }
                _ => {}
            }
        }
        marks
    }
}

/// The holes the legal moves of `pos` start from, in board order, each once: every legal move is
/// played and its first hole read from its events ([`Highlights::of_move`]).
pub fn legal_holes<G: Game>(pos: &G::Position, rulings: &G::Rulings) -> Vec<u8> {
    let mut moves = Vec::new();
    G::legal_moves(pos, rulings, &mut moves);
    let mut holes: Vec<u8> = moves
        .into_iter()
        .filter_map(|mv| {
            let mut events = Vec::new();
            G::play(pos, rulings, mv, &mut events).ok()?;
            Highlights::of_move(&events).from
        })
        .collect();
    holes.sort_unstable();
    holes.dedup();
    holes
}

/// Checks shared by every game's board tests: the board's rows are the diagram's rows (labels and
/// counts, left to right), each hole named as the game names it, and every hole drawn once.
#[cfg(test)]
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
#[cfg(test)]
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
        if G::game_end(&pos, &rulings).is_some() {
            break;
        }
        G::legal_moves(&pos, &rulings, &mut moves);
        // Vary the moves a little so the game gets somewhere: the middle legal move.
        let Some(&mv) = moves.get(moves.len() / 2) else {
            break;
        };
        pos = G::play(&pos, &rulings, mv, &mut ()).unwrap();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Kingulu;

    #[test]
    fn a_move_is_read_from_its_events() {
        let start = Kingulu::start();
        let mut events = Vec::new();
        let mv = Kingulu::parse_move("A3").unwrap().hole;
        Kingulu::play(
            &start,
            &Default::default(),
            crate::games::kingulu::Move(mv),
            &mut events,
        )
        .unwrap();
        let marks = Highlights::of_move(&events);
        assert_eq!(marks.from, Some(2));
        assert_eq!(marks.laps.first().map(|l| l.0), Some(2));
        assert_eq!(
            legal_holes::<Kingulu>(&start, &Default::default()),
            [2, 3, 4, 5]
        );
    }
}
