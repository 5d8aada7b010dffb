//! Position probes (`conform --positions N`): valid positions the oracle generates, of the kinds
//! games from the start rarely reach — namua and mtaji, owned and lost houses below and above six,
//! lone houses, takasia fields and due obligations, near-ends. Each is a random game's position
//! (seeded) changed by one of those edits, kept only if the oracle reads it as a valid position
//! under the run's rulings and the game is not over there.
//!
//! The edits work on the compact form of the 4x8 games with a house (Bao la Kiswahili); other
//! games get no position probes (their games from the start reach every kind of position).

use crate::SplitMix64;
use crate::game::Game;
use crate::play::Playthrough;

/// Position probes per ruleset by default.
pub const POSITIONS: u64 = 200;

/// The edits, one per kind of position.
const KINDS: [&str; 7] = [
    "as played",
    "house ownership changed",
    "house below or above six",
    "lone house",
    "takasia field",
    "obligation due",
    "near the end",
];

/// Position probe `n` of the run seeded `seed`: a valid position and the kind of edit that made
/// it, or `None` when the game gets no position probes or no attempt gave a valid one.
pub fn generate<G: Game>(
    seed: u64,
    n: u64,
    rulings: &G::Rulings,
) -> Option<(G::Position, &'static str)> {
    if G::RULESET != "bao-la-kiswahili" {
        return None;
    }
    let mut rng =
        SplitMix64::new(seed ^ 0x9e37_79b9_7f4a_7c15 ^ n.wrapping_mul(0xd1b5_4a32_d192_ed03));
    for _ in 0..40 {
        let played = random_prefix::<G>(&mut rng, rulings)?;
        let kind = KINDS[rng.below(KINDS.len())];
        let Some(text) = edit(&played, kind, &mut rng) else {
            continue;
        };
        let Ok(pos) = G::parse_position_under(&text, rulings) else {
            continue;
        };
        if G::game_end(&pos, rulings).is_some() {
            continue;
        }
        let mut legal = Vec::new();
        let _ = G::legal_moves(&pos, rulings, &mut legal);
        if legal.is_empty() {
            continue;
        }
        return Some((pos, kind));
    }
    None
}

/// The compact position after a random number of random moves from the start.
fn random_prefix<G: Game>(rng: &mut SplitMix64, rulings: &G::Rulings) -> Option<String> {
    let plies = rng.below(120);
    let mut game = Playthrough::<G>::new(G::start(), rulings.clone());
    let mut legal = Vec::new();
    for _ in 0..plies {
        if game.end().is_some() {
            break;
        }
        let _ = G::legal_moves(game.position(), rulings, &mut legal);
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.below(legal.len())];
        game.play(mv, &mut ()).ok()?;
    }
    Some(G::format_compact(game.position()))
}

/// A 4x8 board as the compact form writes it: rows `b8..b1/a8..a1/A1..A8/B1..B8`.
struct Board {
    rows: [[u32; 8]; 4],
    stores: [u32; 2],
    house: String,
    takasia: String,
    /// `S` or `N`.
    side: String,
}

impl Board {
    fn parse(text: &str) -> Option<Board> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [rows, stores, house, takasia, side] = fields[..] else {
            return None;
        };
        let mut board = [[0u32; 8]; 4];
        for (r, row) in rows.split('/').enumerate() {
            for (c, n) in row.split(',').enumerate() {
                *board.get_mut(r)?.get_mut(c)? = n.parse().ok()?;
            }
        }
        let (s, n) = stores.split_once(',')?;
        Some(Board {
            rows: board,
            stores: [s.parse().ok()?, n.parse().ok()?],
            house: house.to_string(),
            takasia: takasia.to_string(),
            side: side.to_string(),
        })
    }

    fn text(&self) -> String {
        let rows: Vec<String> = self
            .rows
            .iter()
            .map(|r| r.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
            .collect();
        format!(
            "{} {},{} {} {} {}",
            rows.join("/"),
            self.stores[0],
            self.stores[1],
            self.house,
            self.takasia,
            self.side
        )
    }

    /// Row and column of hole `number` (1..=8) of `side`'s front (`front`) or back row.
    fn at(south: bool, front: bool, number: usize) -> (usize, usize) {
        match (south, front) {
            (true, true) => (2, number - 1),
            (true, false) => (3, number - 1),
            (false, true) => (1, 8 - number),
            (false, false) => (0, 8 - number),
        }
    }

    fn get(&self, (r, c): (usize, usize)) -> u32 {
        self.rows[r][c]
    }

    fn set(&mut self, (r, c): (usize, usize), n: u32) {
        self.rows[r][c] = n;
    }

    fn name(south: bool, front: bool, number: usize) -> String {
        let letter = match (south, front) {
            (true, true) => 'A',
            (true, false) => 'B',
            (false, true) => 'a',
            (false, false) => 'b',
        };
        format!("{letter}{number}")
    }

    fn owns(&self, south: bool) -> bool {
        self.house.contains(if south { 'H' } else { 'h' })
    }

    fn set_owns(&mut self, south: bool, owns: bool) {
        let (mut s, mut n) = (self.owns(true), self.owns(false));
        if south {
            s = owns;
        } else {
            n = owns;
        }
        self.house = match (s, n) {
            (true, true) => "Hh",
            (true, false) => "H",
            (false, true) => "h",
            (false, false) => "-",
        }
        .to_string();
    }
}

/// Applies the edit `kind` to the compact position `text`; the seeds are only moved, never made
/// or lost (ZAN-1 holds).
fn edit(text: &str, kind: &str, rng: &mut SplitMix64) -> Option<String> {
    let mut b = Board::parse(text)?;
    let mover_south = b.side == "S";
    let south = if rng.below(2) == 0 {
        mover_south
    } else {
        !mover_south
    };
    let house = Board::at(south, true, 5);
    // Moves `n` seeds from hole `from` to hole `to` (as many as `from` holds, at most).
    let shift = |b: &mut Board, from: (usize, usize), to: (usize, usize), n: u32| {
        let n = n.min(b.get(from));
        b.set(from, b.get(from) - n);
        b.set(to, b.get(to) + n);
    };
    match kind {
        "as played" => {}
        "house ownership changed" => {
            let owns = b.owns(south);
            b.set_owns(south, !owns);
        }
        "house below or above six" => {
            let other = Board::at(south, rng.below(2) == 0, 1 + rng.below(8));
            if other == house {
                return None;
            }
            if rng.below(2) == 0 {
                // Below six: at most five stay in the house.
                let keep = 1 + rng.below(5) as u32;
                let n = b.get(house).saturating_sub(keep);
                shift(&mut b, house, other, n);
            } else {
                let n = 1 + rng.below(8) as u32;
                shift(&mut b, other, house, n);
            }
            b.set_owns(south, b.get(house) > 0 && rng.below(4) != 0);
        }
        "lone house" => {
            // Every other front hole of the side sown back into its back row.
            for number in (1..=8).filter(|&k| k != 5) {
                let from = Board::at(south, true, number);
                let to = Board::at(south, false, number);
                shift(&mut b, from, to, u32::MAX);
            }
            if b.get(house) == 0 {
                return None;
            }
        }
        "takasia field" | "obligation due" => {
            // Both stores emptied onto their own back rows; the hole taken from the side to move
            // (takasia) or from his opponent (the obligation due).
            for (i, s) in [true, false].into_iter().enumerate() {
                let to = Board::at(s, false, 1 + rng.below(8));
                let n = b.stores[i];
                b.stores[i] = 0;
                b.set(to, b.get(to) + n);
            }
            let owner = if kind == "takasia field" {
                mover_south
            } else {
                !mover_south
            };
            let occupied: Vec<usize> = (1..=8)
                .filter(|&k| b.get(Board::at(owner, true, k)) > 0)
                .collect();
            if occupied.is_empty() {
                return None;
            }
            b.takasia = Board::name(owner, true, occupied[rng.below(occupied.len())]);
        }
        "near the end" => {
            // The side keeps one or two holes of more than one seed; the rest goes to his
            // opponent's back row.
            let keep = 1 + rng.below(2);
            let mut kept = 0;
            for front in [true, false] {
                for number in 1..=8 {
                    let from = Board::at(south, front, number);
                    if b.get(from) > 1 && kept < keep {
                        kept += 1;
                        continue;
                    }
                    let to = Board::at(!south, false, 1 + rng.below(8));
                    let n = b.get(from).saturating_sub(1);
                    shift(&mut b, from, to, n);
                }
            }
        }
        _ => return None,
    }
    // A lost house's hole is an ordinary one; an owned one must hold seeds (else not a position).
    for s in [true, false] {
        if b.owns(s) && b.get(Board::at(s, true, 5)) == 0 {
            b.set_owns(s, false);
        }
    }
    Some(b.text())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Zanzibar;

    #[test]
    fn every_probe_is_a_valid_position_and_the_kinds_all_occur() {
        // A due obligation is a position only under `takasia-must-capture` other than `no`.
        let defaults = crate::protocol::Rulings::new();
        let obliged =
            crate::protocol::Rulings::from_pairs([("zanzibar.takasia-must-capture", "any")])
                .unwrap();
        let mut kinds = std::collections::BTreeSet::new();
        for set in [defaults, obliged] {
            let rulings = set.resolve::<Zanzibar>().unwrap();
            for n in 0..300 {
                let (pos, kind) = generate::<Zanzibar>(1, n, &rulings).expect("a position");
                let text = Zanzibar::format_compact(&pos);
                assert!(
                    Zanzibar::parse_position_under(&text, &rulings).is_ok(),
                    "{text}"
                );
                assert!(Zanzibar::game_end(&pos, &rulings).is_none(), "{text}");
                kinds.insert(kind);
            }
        }
        assert_eq!(kinds.len(), KINDS.len(), "{kinds:?}");
    }

    #[test]
    fn probes_are_seeded() {
        let rulings = crate::protocol::Rulings::new()
            .resolve::<Zanzibar>()
            .unwrap();
        let a = generate::<Zanzibar>(7, 3, &rulings).map(|(p, _)| Zanzibar::format_compact(&p));
        let b = generate::<Zanzibar>(7, 3, &rulings).map(|(p, _)| Zanzibar::format_compact(&p));
        assert_eq!(a, b);
    }
}
