//! Pictures of a board as data: what a picture points out beyond the board ([`Highlights`]) and
//! the holes a legal move starts from, shared by every stage; the render stage's `svg` draws them.
//! The board itself is data of the rules ([`bao_rules::board`]).

pub use bao_rules::board::{Board, Hole, Mark, Row, Store};
use bao_rules::game::{Event, Game, Side};

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
    /// Holes where two answers about the position differ (`conform`: the engine's and the
    /// oracle's).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub differs: Vec<u8>,
    /// The sides whose store differs between the two answers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub differing_stores: Vec<Side>,
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

/// The hole a move text names (a refused one too): the longest hole name of `board` it begins
/// with, as canonical notation starts every move with its hole.
pub fn named_hole(board: &Board, text: &str) -> Option<u8> {
    board
        .holes()
        .filter(|h| text.starts_with(h.name))
        .max_by_key(|h| h.name.len())
        .map(|h| h.index)
}

/// The holes the legal moves of `pos` start from, in board order, each once: every legal move is
/// played and its first hole read from its events ([`Highlights::of_move`]).
pub fn legal_holes<G: Game>(pos: &G::Position, rulings: &G::Rulings) -> Vec<u8> {
    let mut moves = Vec::new();
    let _ = G::legal_moves(pos, rulings, &mut moves);
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

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::games::Kingulu;

    #[test]
    fn a_move_is_read_from_its_events() {
        let start = Kingulu::start();
        let mut events = Vec::new();
        let mv = Kingulu::parse_move("A3").unwrap().hole;
        Kingulu::play(
            &start,
            &Default::default(),
            bao_rules::games::kingulu::Move(mv),
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
