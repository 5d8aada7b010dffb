//! The board partway through a move, rebuilt from the move's events ([`Game::position_during`]),
//! so that `explain` can draw it after a capture that the move goes on from.
//!
//! [`Game::position_during`]: crate::game::Game::position_during

use super::notes;
use super::position::{Core, RING, ring_of};
use super::variant::Variant;
use crate::game::{Direction, Event};

/// `pos` with `events` applied, or `None` if seeds are still in hand after them or the events
/// do not fit the board (each lap must end where its event says).
pub fn position_during(variant: &Variant, pos: &Core, events: &[Event]) -> Option<Core> {
    let mover = pos.to_move.index();
    let mut p = *pos;
    // Captured seeds not sown yet.
    let mut in_hand: u16 = 0;
    for event in events {
        match *event {
            // KETE-12, KETE-15: a seed from the reserve into a front hole.
            Event::Enter { hole, seeds, .. } => {
                let (owner, r) = ring_of(hole);
                let reserve = &mut p.reserve[owner.index()];
                *reserve = reserve.checked_sub(u8::try_from(seeds).ok()?)?;
                p.rings[owner.index()][r as usize] += seeds as u8;
            }
            Event::Capture { hole, seeds, .. } => {
                let (owner, r) = ring_of(hole);
                let there = &mut p.rings[owner.index()][r as usize];
                *there = there.checked_sub(u8::try_from(seeds).ok()?)?;
                in_hand += seeds;
            }
            Event::Lap {
                from,
                seeds,
                direction,
                to,
                rule,
            } => {
                let (owner, r) = ring_of(from);
                let ring = &mut p.rings[owner.index()];
                let step = match direction {
                    Direction::Clockwise => 1,
                    Direction::Anticlockwise => RING - 1,
                };
                // KETE-13: captured seeds are sown starting *in* the kichwa; other laps lift
                // their seeds and sow from the next hole on (KETE-6).
                let mut at = if rule == variant.ids.kichwa {
                    in_hand = in_hand.checked_sub(seeds)?;
                    r as usize
                } else {
                    let lifted = &mut ring[r as usize];
                    *lifted = lifted.checked_sub(u8::try_from(seeds).ok()?)?;
                    (r as usize + step) % RING
                };
                let mut last = at;
                for _ in 0..seeds {
                    ring[at] += 1;
                    last = at;
                    at = (at + step) % RING;
                }
                if seeds > 0 && ring_of(to) != (owner, last as u8) {
                    return None;
                }
            }
            Event::Note {
                note: notes::KUU_DESTROYED | notes::HOUSE_EMPTIED | notes::HOUSE_LOST_LAST_NAMUA,
                ..
            } => p.kuu[mover] = false,
            Event::Note {
                note: notes::KUU_CAPTURED | notes::HOUSE_CAPTURED,
                ..
            } => p.kuu[1 - mover] = false,
            Event::Note {
                note: notes::HOUSES_LOST_MTAJI_CAPTURE,
                ..
            } => p.kuu = [false, false],
            // ZAN-A15 `no-sow`: the captured seeds stay in the captor's store.
            Event::Note {
                note: notes::BAO_HAMNA_NO_SOW,
                ..
            } => {
                p.reserve[mover] += u8::try_from(in_hand).ok()?;
                in_hand = 0;
            }
            _ => {}
        }
    }
    (in_hand == 0).then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::Kete;
    use crate::random_game::random_game;

    /// Every move of many random games: the board rebuilt from all its events is the board the
    /// move leaves (reserves, holes and kuu; the side to move and hizi zetu change after it).
    #[test]
    fn the_events_of_a_move_rebuild_its_board() {
        let rulings = Default::default();
        let mut moves_checked = 0;
        // Moves that capture more than once, and mtaji moves: the cases a diagram is drawn for.
        let (mut recaptures, mut mtaji) = (0, 0);
        for seed in 0..40 {
            let game = random_game::<Kete>(&Kete::start(), &rulings, seed, 300);
            let mut pos = game.start;
            for mv in game.moves {
                let mut events = Vec::new();
                let next = Kete::play(&pos, &rulings, mv, &mut events).unwrap();
                let rebuilt = position_during(&super::super::variant::LAMU, pos.core(), &events)
                    .unwrap_or_else(|| panic!("{pos:?} {mv:?}: {events:?}"));
                assert_eq!(
                    (rebuilt.rings, rebuilt.reserve, rebuilt.kuu),
                    (next.rings, next.reserve, next.kuu),
                    "{pos:?} {mv:?}: {events:?}"
                );
                moves_checked += 1;
                let captures = events
                    .iter()
                    .filter(|e| matches!(e, Event::Capture { .. }))
                    .count();
                recaptures += usize::from(captures >= 2);
                mtaji += usize::from(!pos.in_nemo(pos.to_move));
                pos = next;
            }
        }
        assert!(
            moves_checked > 1000 && recaptures > 100 && mtaji > 100,
            "{moves_checked} {recaptures} {mtaji}"
        );
    }
}
