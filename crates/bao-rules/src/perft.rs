//! Perft: the number of leaves of the move tree to a given depth, the move generator's
//! conformance test. As in chess, perft counts the tree of positions alone: draws by repetition
//! depend on a game's history and are ignored, and a position whose game is over has no moves.

use crate::game::Game;

/// Leaf count of the move tree of `pos` to `depth` plies.
pub fn perft<G: Game>(pos: &G::Position, rulings: &G::Rulings, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    walk::<G>(pos, rulings, depth, &mut buffers)
}

fn walk<G: Game>(
    pos: &G::Position,
    rulings: &G::Rulings,
    depth: u32,
    buffers: &mut [Vec<G::Move>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, deeper) = buffers.split_first_mut().expect("one buffer per ply");
    let generated = G::legal_moves(pos, rulings, moves);
    if G::game_end_after_generating(pos, rulings, moves, generated).is_some() {
        return 0;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let next = G::play(pos, rulings, mv, &mut ()).expect("a listed move plays");
        total += walk::<G>(&next, rulings, depth - 1, deeper);
    }
    total
}

/// Perft of each legal move of `pos` (`--divide`), in canonical move order.
pub fn divide<G: Game>(pos: &G::Position, rulings: &G::Rulings, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 || G::game_end(pos, rulings).is_some() {
        return Vec::new();
    }
    let mut moves = Vec::new();
    G::legal_moves(pos, rulings, &mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let next = G::play(pos, rulings, mv, &mut ()).expect("a listed move plays");
            (mv, perft::<G>(&next, rulings, depth - 1))
        })
        .collect()
}
