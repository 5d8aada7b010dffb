//! Donkers' transcript notation ([D] part 5, [N]), read only where a record or a transcript
//! declares it: `[row] number [L|R] [>] [*|**] [#]` — `7L*`, `5R>`, `B2L`, `b7R`, `a6R**` (a takasa played under takasia), `4`.
//!
//! `L`/`R` is the way the hand moves, seen by the mover (North too), except in a namua (nemo)
//! capture, where it names the kichwa the captured seeds enter from (`L`: the left one, `A1`, the
//! hand then moving right; canonical `>`). Which of the two a letter means depends on the
//! position, so a Donkers spelling keeps the letter as written ([`Spelling::hand`]) and
//! [`read_against`] turns it into the canonical direction there. `>` writes the play decision
//! (and in mtaji the `+` claim); a move without `*` or `**` claims a capture.

use super::position::{Core, HOLE_NAMES};
use super::spelling::{Claim, Spelling, read_hole, take, under_hizi_zetu};
use super::variant::{AsGiven, Rules, Variant};
use super::{CoreMove, Dir};
use crate::game::{Event, NotationError};

/// `7L*`, `5R>`, `B2L`, `b7R`, `a6R**#`, `4`.
pub fn parse_move(variant: &Variant, text: &str) -> Result<Spelling, NotationError> {
    let (row, number, rest) = read_hole(
        variant,
        text,
        "in Donkers' notation write e.g. `7L*` or `B2L` (row A, B, a or b where needed, hole 1 \
         to 8, L or R)",
    )?;
    let mut rest = rest.trim_start();
    let dir = if take(&mut rest, "L") {
        Some(Dir::Left)
    } else if take(&mut rest, "R") {
        Some(Dir::Right)
    } else {
        None
    };
    let play = take(&mut rest, ">");
    let claim = if take(&mut rest, "**") {
        Claim::UnderHiziZetu
    } else if take(&mut rest, "*") {
        Claim::Takata
    } else {
        Claim::Capture
    };
    let wins = take(&mut rest, "#");
    if !rest.is_empty() {
        let hint = if rest.starts_with(['<', 'x', '+']) {
            " (`<`, `x` and `+` are canonical notation, not Donkers')"
        } else {
            ""
        };
        return Err(NotationError::new(format!(
            "`{rest}` is not part of a move in Donkers' notation: after the hole come L or R, `>` \
             to play the house, `*` or `**` for a takasa, and `#`, in that order{hint}"
        )));
    }
    Ok(Spelling {
        row,
        number,
        dir,
        safari: play,
        claim: Some(claim),
        wins,
        hand: true,
    })
}

/// Whether the mover of `pos` is to make a namua (nemo) capture: in namua, with a legal capture
/// (captures are compulsory, so every legal move is one).
fn namua_capture(pos: &Core, rules: &Rules) -> bool {
    if !pos.in_nemo(pos.to_move()) {
        return false;
    }
    let mut legal = Vec::new();
    // An undecided candidate is no known capture: the spelling is read as the decided moves say.
    let _ = super::engine::legal_moves::<AsGiven, _>(pos, rules, &mut legal, |mv| mv);
    legal.first().is_some_and(|&mv| captures(pos, rules, mv))
}

fn captures(pos: &Core, rules: &Rules, mv: CoreMove) -> bool {
    let mut events = Vec::new();
    super::engine::play::<AsGiven, _>(pos, rules, mv, &mut events).is_ok()
        && events.iter().any(|e| matches!(e, Event::Capture { .. }))
}

/// A Donkers spelling with its letter read in `pos`: the kichwa of a namua capture (`L` enters
/// at `A1`: canonical `>`), else the hand's direction (canonical `>` is the mover's right).
pub fn read_against(pos: &Core, rules: &Rules, spelling: &Spelling) -> Spelling {
    let mut read = spelling.clone();
    read.hand = false;
    if spelling.hand && namua_capture(pos, rules) {
        read.dir = spelling.dir.map(|d| match d {
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        });
    }
    read
}

/// The Donkers spelling of `mv`, a legal move of `pos`, as transcripts write it: the row only in
/// mtaji, the letter left out where a namua capture's kichwa is forced (from a kimbi), `>` for
/// playing the house, `*` for a takasa, `**` for one played under takasia.
pub fn format_move(pos: &Core, rules: &Rules, mv: CoreMove) -> String {
    let name = HOLE_NAMES.get(mv.hole as usize).copied().unwrap_or("?");
    let side = pos.to_move();
    let mut out = String::with_capacity(6);
    if pos.in_nemo(side) {
        out.push_str(&name[1..]);
    } else {
        out.push_str(name);
    }
    let mut events = Vec::new();
    let played = super::engine::play::<AsGiven, _>(pos, rules, mv, &mut events).is_ok();
    let captured = played && events.iter().any(|e| matches!(e, Event::Capture { .. }));
    if captured && pos.in_nemo(side) {
        // The kichwa the captured seeds enter from; forced (and so not written) from a kimbi.
        let number = name[1..].parse::<u8>().unwrap_or(0);
        if (3..=6).contains(&number) {
            out.push(if mv.dir == Dir::Right { 'L' } else { 'R' });
        }
    } else {
        out.push(if mv.dir == Dir::Right { 'R' } else { 'L' });
    }
    if mv.safari == Some(true) {
        out.push('>');
    }
    if !captured {
        out.push_str(if under_hizi_zetu(pos) { "**" } else { "*" });
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, Notation};
    use crate::games::Zanzibar;
    use crate::play::MoveErrorKind;
    use crate::play::Playthrough;

    fn game() -> Playthrough<Zanzibar> {
        Playthrough::new(Zanzibar::start(), Default::default())
            .in_notation(Notation::Donkers)
            .unwrap()
    }

    #[test]
    fn the_letter_of_a_namua_capture_names_the_kichwa() {
        let mut game = game();
        game.play_text("7L*").unwrap();
        // North's capture from his house: `5R` enters at the right kichwa, canonical `a5<`.
        let played = game.play_text("5R").unwrap();
        assert_eq!(Zanzibar::format_move(played.mv), "a5<");
    }

    #[test]
    fn canonical_signs_are_not_donkers_notation() {
        let game = game();
        for text in ["7<*", "A7<", "7Lx", "7L+", "Q7L", "9L"] {
            let error = game.resolve_text(text).unwrap_err();
            assert_eq!(error.kind, MoveErrorKind::NotNotation, "{text}");
        }
    }

    #[test]
    fn formatted_spellings_read_back_as_the_same_move() {
        let mut game = game();
        for ply in 0..40 {
            let mut legal = Vec::new();
            let _ = Zanzibar::legal_moves(game.position(), game.rulings(), &mut legal);
            let Some(&mv) = legal.get(ply % legal.len().max(1)) else {
                break;
            };
            for &each in &legal {
                let text = Zanzibar::format_move_in(
                    Notation::Donkers,
                    game.position(),
                    game.rulings(),
                    each,
                );
                assert_eq!(game.resolve_text(&text).unwrap(), each, "{text}");
            }
            let text =
                Zanzibar::format_move_in(Notation::Donkers, game.position(), game.rulings(), mv);
            let played = game.play_text(&text).unwrap();
            assert!(
                played.false_claims.is_empty(),
                "{text}: {:?}",
                played.false_claims
            );
            if game.end().is_some() {
                break;
            }
        }
    }
}
