//! Hizi zetu (takasia), KETE-21 and KETE-22: after a takata in mtaji, the one hole of the
//! opponent's front row that the mover threatens is reserved; the reserver's obligation to capture
//! it falls due on his next turn. What the reservation forbids the opponent is applied where moves
//! start (`mtaji.rs`) and where laps end (`sowing.rs`); the obligation where moves are chosen
//! (`choice.rs`).

use super::candidates::{Candidates, Class};
use super::choice::{Verdict, probe};
use super::position::{Core, HOLE_NAMES, KUU, index_of, ring_of};
use super::sowing::Played;
use super::variant::{AsGiven, Fixed, HouseInMtaji, MustCapture, Rules};
use crate::game::PositionError;
use crate::game::{Event, Side, Sink};

/// The hizi zetu hole after the move `played` from `before` (a hole index), emitting the
/// reservation if one is made.
pub fn after<F: Fixed, S: Sink>(
    before: &Core,
    played: &Played,
    rules: &Rules,
    sink: &mut S,
) -> Option<u8> {
    let rules = &F::rules(rules);
    let mover = before.to_move;
    let opponent = mover.opponent();
    let next = &played.next;
    // KETE-21, ZAN-23: only after a takata, and only when both players are in mtaji (the takata
    // is a mtaji move and the opponent has no reserve); ZAN-A9 `yes`: after any takasa that
    // leaves both stores empty. ZAN-A8 `no`: never.
    let mtaji = if rules.takasia_last_namua {
        !next.in_nemo(mover)
    } else {
        !before.in_nemo(mover)
    };
    if rules.takasia
        && !played.capture
        && mtaji
        && !next.in_nemo(opponent)
        && let Some(h) = reservation::<F>(next, mover, rules)
    {
        if S::LISTENING {
            sink.event(Event::Reserve {
                hole: index_of(opponent, h),
                by: mover,
                seeds: next.rings[opponent.index()][h as usize] as u16,
                rule: rules.variant.ids.reserve,
            });
        }
        // A new reservation replaces any older one and its obligation (KETE-22).
        return Some(index_of(opponent, h));
    }
    // KETE-22: a hole of the mover reserved by the opponent: the opponent's obligation is due on
    // his next turn (Lamu). Otherwise the reservation ends with this turn.
    match before.hizi {
        Some(h) if ring_of(h).0 == mover && rules.must_capture != MustCapture::No => Some(h),
        _ => None,
    }
}

/// What the trigger of KETE-21 and ZAN-23 finds after `mover`'s takata.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trigger {
    /// The opponent's front hole (ring position) reserved.
    Reserves(u8),
    /// The mover has no legal capture move.
    NoCapture,
    /// The first captures of his legal capture moves take more than one hole.
    Several,
    /// They take one hole, which the rule excludes (ring position).
    Excluded(u8),
    /// They take one hole (ring position), but the opponent can capture.
    OpponentCaptures(u8),
}

/// KETE-21, KETE-A5: the opponent's front hole (ring position) that `mover`'s takata reserves in
/// `next` (the position after it, side to move not yet switched), if any.
///
/// "Legal" here is what the oracle lists: a capture move whose legality is undecided within the
/// lap budget counts neither as a threat nor as the opponent's capture.
fn reservation<F: Fixed>(next: &Core, mover: Side, rules: &Rules) -> Option<u8> {
    match trigger::<F>(next, mover, rules) {
        Trigger::Reserves(h) => Some(h),
        _ => None,
    }
}

/// The trigger of KETE-21 and ZAN-23 in `next` after `mover`'s takata (see [`reservation`]).
fn trigger<F: Fixed>(next: &Core, mover: Side, rules: &Rules) -> Trigger {
    let opponent = mover.opponent();
    // The position with the mover to move again: the holes his legal captures take first.
    let mut again = *next;
    again.to_move = mover;
    again.hizi = None;
    let cands = Candidates::of(&again, rules);
    let captures = || {
        cands.as_slice().iter().filter_map(|c| match c.class {
            Class::Capture { first } => Some((c, first)),
            Class::Takata { .. } => None,
        })
    };
    let maybe: u8 = captures().fold(0, |m, (_, first)| m | 1 << first);
    if maybe == 0 {
        return Trigger::NoCapture;
    }
    let excluded = |h: u8| {
        let ring = &next.rings[opponent.index()];
        let front = &ring[..8];
        let occupied = front.iter().filter(|&&n| n > 0).count();
        let many = front.iter().filter(|&&n| n > 1).count();
        // Not the kuu (but under ZAN-A6 `kept` an owned house below six may be), not the only
        // occupied front hole, not the only one with more than one; ZAN-A11 `excluded`: not a
        // singleton.
        (h == KUU && next.kuu[opponent.index()] && !kept_below_six(rules, ring[KUU as usize]))
            || occupied == 1
            || (ring[h as usize] > 1 && many == 1)
            || (rules.takasia_no_singleton && ring[h as usize] == 1)
    };
    if maybe.count_ones() == 1 && excluded(maybe.trailing_zeros() as u8) {
        return Trigger::Excluded(maybe.trailing_zeros() as u8);
    }
    let mut threatened = 0u8;
    for (c, first) in captures() {
        if threatened & (1 << first) != 0 {
            continue;
        }
        if let Verdict::Legal { .. } = probe::<F>(&again, rules, c) {
            threatened |= 1 << first;
            if threatened.count_ones() > 1 {
                return Trigger::Several;
            }
        }
    }
    if threatened.count_ones() != 1 {
        return Trigger::NoCapture;
    }
    let h = threatened.trailing_zeros() as u8;
    if excluded(h) {
        return Trigger::Excluded(h);
    }
    // The opponent, to move before any reservation, has no legal capture.
    let mut theirs = *next;
    theirs.to_move = opponent;
    theirs.hizi = None;
    let their = Candidates::of(&theirs, rules);
    let can_capture = their.as_slice().iter().any(|c| {
        matches!(c.class, Class::Capture { .. })
            && matches!(probe::<F>(&theirs, rules, c), Verdict::Legal { .. })
    });
    match can_capture {
        true => Trigger::OpponentCaptures(h),
        false => Trigger::Reserves(h),
    }
}

/// KETE-21, ZAN-23 on a position read: a reserved hole of the side to move was reserved by his
/// opponent's last move, a takata after which the trigger held — and the trigger reads only the
/// position after it, which this is but for the side to move. So the hole must be the one the
/// trigger finds here: the reserver's legal captures all take it first, it is not excluded, and
/// its owner cannot capture. (That the last move was a takata in mtaji is not told by the
/// position.) A reserved hole of the reserver's, his obligation due (KETE-22, ZAN-A13): the
/// owner's last move was a takata under the reservation, and one that reserved a hole of its own
/// would have replaced the field, so the trigger must not hold for him.
pub fn check_reserved(pos: &Core, rules: &Rules) -> Result<(), PositionError> {
    let Some(h) = pos.hizi else { return Ok(()) };
    let (owner, r) = ring_of(h);
    let (hizi, rule) = (rules.variant.words.hizi, rules.variant.ids.reserve);
    if owner != pos.to_move {
        return match reservation::<AsGiven>(pos, owner, rules) {
            None => Ok(()),
            Some(x) => Err(PositionError::rule(
                rule,
                format!(
                    "{} is reserved ({hizi}) by {}, his obligation due, but {owner}'s last move \
                     would have reserved {} instead: a new reservation replaces the old one and \
                     its obligation",
                    HOLE_NAMES[h as usize],
                    pos.to_move,
                    HOLE_NAMES[index_of(pos.to_move, x) as usize]
                ),
            )),
        };
    }
    let by = owner.opponent();
    let why = match trigger::<AsGiven>(pos, by, rules) {
        Trigger::Reserves(x) if x == r => return Ok(()),
        Trigger::Reserves(x) => format!(
            "{by}'s legal captures would all take {} first",
            HOLE_NAMES[index_of(owner, x) as usize]
        ),
        Trigger::NoCapture => format!("{by} has no legal capture move here"),
        Trigger::Several => {
            format!("{by}'s legal captures would take more than one of {owner}'s holes first")
        }
        Trigger::Excluded(x) => format!(
            "{by}'s legal captures would all take {} first, which cannot be reserved (its owner's \
             house, his only occupied front hole or only front hole with more than one seed, or \
             a singleton excluded by the rulings)",
            HOLE_NAMES[index_of(owner, x) as usize]
        ),
        Trigger::OpponentCaptures(_) => format!("{owner}, to move, can capture"),
    };
    Err(PositionError::rule(
        rule,
        format!(
            "{} is reserved ({hizi}) against {owner}, but {why}: no move makes that field \
             ({hizi} reserves the one hole all of the reserver's first captures take, when its \
             owner cannot capture)",
            HOLE_NAMES[h as usize]
        ),
    ))
}

/// The front hole of `by`'s opponent (ring position) that a takata of `by`'s leading to `pos`
/// would reserve (KETE-21, ZAN-23), if any: what a position with that field must hold.
pub(super) fn reserved_by(pos: &Core, by: Side, rules: &Rules) -> Option<u8> {
    reservation::<AsGiven>(pos, by, rules)
}

/// ZAN-A6 `kept`: an owned house that holds fewer than six seeds may be takasia-ed. (A kuu of
/// Bao la Kete never holds fewer than six, KETE-4.)
pub(super) fn kept_below_six(rules: &Rules, seeds: u8) -> bool {
    rules.house_in_mtaji == HouseInMtaji::Kept && seeds < 6
}
