//! Bao la Kete notation (after KIBA) of moves: `HOLE DIR [+] [x | * | **] [#]`.
//!
//! Canonical `A4>`, `a5<`, `A3>+`, `B2<`. On input the row letter may be left out in nemo (`4>`)
//! and the direction anywhere; a shortened spelling must fit exactly one legal move. The written
//! forms of a position are [`super::position_forms`]'s; Donkers' notation of moves is
//! [`super::donkers`]'s.

use super::position::{Core, HOLE_NAMES, index_of, ring_of};
use super::spelling::{Claim, Spelling, read_hole, take, under_hizi_zetu};
use super::variant::{AsGiven, MtajiHouse, Rules, Variant};
use super::{CoreMove, Dir, notes};
use crate::game::{Event, FalseClaim, Notation, NotationError, Rejection, Side, Unresolved};

/// `A4>`, `4>`, `a5<x`, `A3>+`, `B2<**#`.
pub fn parse_move(variant: &Variant, text: &str) -> Result<Spelling, NotationError> {
    let (row, number, rest) = read_hole(
        variant,
        text,
        "write e.g. `A4>` (row A, B, a or b, hole 1 to 8, direction < or >)",
    )?;
    let mut rest = rest.trim_start();
    let dir = if take(&mut rest, "<") {
        Some(Dir::Left)
    } else if take(&mut rest, ">") {
        Some(Dir::Right)
    } else {
        None
    };
    let safari = take(&mut rest, "+");
    let claim = if take(&mut rest, "**") {
        Some(Claim::UnderHiziZetu)
    } else if take(&mut rest, "*") {
        Some(Claim::Takata)
    } else if take(&mut rest, "x") {
        Some(Claim::Capture)
    } else {
        None
    };
    let wins = take(&mut rest, "#");
    if !rest.is_empty() {
        return Err(NotationError::new(format!(
            "`{rest}` is not part of a move: after the hole come the direction (< or >), `+` for \
             safari, a claim (x, * or **) and `#`, in that order"
        )));
    }
    Ok(Spelling {
        row,
        number,
        dir,
        safari,
        claim,
        wins,
        hand: false,
    })
}

/// The canonical spelling: hole, direction, and `+` for a safari taken.
pub fn format_move(mv: CoreMove) -> String {
    let mut out = String::with_capacity(4);
    out.push_str(HOLE_NAMES.get(mv.hole as usize).copied().unwrap_or("?"));
    out.push(mv.dir.symbol());
    if mv.safari == Some(true) {
        out.push('+');
    }
    out
}

/// A move written in `notation`: canonical or Donkers'.
pub fn parse_move_in(
    variant: &Variant,
    notation: Notation,
    text: &str,
) -> Result<Spelling, NotationError> {
    match notation {
        Notation::Donkers => super::donkers::parse_move(variant, text),
        _ => parse_move(variant, text),
    }
}

/// `mv`, a legal move of `pos`, written in `notation`.
pub fn format_move_in(notation: Notation, pos: &Core, rules: &Rules, mv: CoreMove) -> String {
    match notation {
        Notation::Donkers => super::donkers::format_move(pos, rules, mv),
        _ => format_move(mv),
    }
}

/// What a move's events show, in the terms its claims speak of.
struct Did {
    captured: bool,
    /// A lap went on from the mover's kuu / house (safari, playing it, relaying out of it).
    house: bool,
    over: bool,
}

impl Did {
    fn of(events: &[Event]) -> Did {
        Did {
            captured: events.iter().any(|e| matches!(e, Event::Capture { .. })),
            house: events.iter().any(|e| {
                matches!(
                    e,
                    Event::Note {
                        note: notes::SAFARI
                            | notes::SAFARI_COMPULSORY
                            | notes::PLAY_HOUSE
                            | notes::HOUSE_RELAYS_MTAJI,
                        ..
                    }
                )
            }),
            over: events.iter().any(|e| matches!(e, Event::GameOver { .. })),
        }
    }
}

/// The canonical spelling of `mv`, played from `pos` with `events`, with the claims it bears out:
/// `x`, `*` or `**`, in mtaji `+` where a lap relayed out of the house (the claim, when it is
/// no decision), and `#` when it wins.
pub fn format_annotated(pos: &Core, mv: CoreMove, events: &[Event]) -> String {
    let mut out = format_move(mv);
    let Did {
        captured, house, ..
    } = Did::of(events);
    if house && mv.safari != Some(true) && !pos.in_nemo(pos.to_move()) {
        out.push('+');
    }
    out.push_str(if captured {
        "x"
    } else if under_hizi_zetu(pos) {
        "**"
    } else {
        "*"
    });
    let mover = pos.to_move();
    if events.iter().any(
        |e| matches!(e, Event::GameOver { end } if end.outcome == crate::game::Outcome::Win(mover)),
    ) {
        out.push('#');
    }
    out
}

/// The sentence `explain` gives a move played under hizi zetu (takasia), with its rule.
pub fn played_under(variant: &Variant, pos: &Core) -> Option<(crate::game::RuleId, String)> {
    let (hole, by) = pos.hizi().filter(|_| under_hizi_zetu(pos))?;
    let (side, r) = ring_of(hole);
    Some((
        variant.ids.reserved,
        format!(
            "played under {} (`**`): {} is reserved by {by} for this move",
            variant.words.hizi,
            super::position::name(side, r)
        ),
    ))
}

/// The one legal move a spelling names.
pub fn resolve(
    pos: &Core,
    rules: &Rules,
    spelling: &Spelling,
) -> Result<CoreMove, Unresolved<CoreMove>> {
    resolve_into(pos, rules, spelling, None, None).map(|(mv, _)| mv)
}

/// Whether [`resolve`] refuses the spelling as an illegal move, the position's legal moves
/// listed (`legal`). A hole's bare name that no listed move fits, and from which no move starts
/// either way, is refused without a play (a move that would be refused before a seed is sown,
/// each way); else as `resolve` answers.
pub fn refused_among(pos: &Core, rules: &Rules, spelling: &Spelling, legal: Vec<CoreMove>) -> bool {
    if spelling.dir.is_none()
        && !spelling.hand
        && let Ok(hole) = spelled_hole(pos, rules, spelling)
    {
        let decides = decides(pos, rules);
        let fits = legal
            .iter()
            .any(|m| m.hole == hole && (!decides || (m.safari == Some(true)) == spelling.safari));
        let safari = (decides && spelling.safari).then_some(true);
        let unsown = [Dir::Left, Dir::Right]
            .into_iter()
            .all(|dir| super::engine::refused_unsown(pos, rules, CoreMove { hole, dir, safari }));
        if !fits && unsown {
            return true;
        }
    }
    matches!(
        resolve_into(pos, rules, spelling, None, Some(legal)),
        Err(Unresolved::Rejected(Rejection::Illegal { .. }))
    )
}

/// The hole a spelling names a move from, or why it names none.
fn spelled_hole(
    pos: &Core,
    rules: &Rules,
    spelling: &Spelling,
) -> Result<u8, Unresolved<CoreMove>> {
    let side = pos.to_move();
    let nemo = pos.in_nemo(side);
    if !(1..=8).contains(&spelling.number) {
        return Err(Unresolved::NotNotation(NotationError::new(format!(
            "hole {} is off the board: each row has holes 1 to 8",
            spelling.number
        ))));
    }
    match spelling.row {
        // Found without writing the name out: this runs for every move a record replays.
        Some(row) => HOLE_NAMES
            .iter()
            .position(|n| {
                let mut chars = n.chars();
                // `number` is 1 to 8 here: one digit.
                chars.next() == Some(row) && chars.as_str().as_bytes() == [b'0' + spelling.number]
            })
            .map(|i| i as u8)
            .ok_or_else(|| {
                Unresolved::NotNotation(NotationError::new(format!(
                    "`{row}{}` is not a hole of {}",
                    spelling.number, rules.variant.words.name
                )))
            }),
        // In nemo every move names a front hole of the mover.
        None if nemo => Ok(index_of(side, spelling.number - 1)),
        None => {
            let (front, back) = match side {
                Side::South => ('A', 'B'),
                Side::North => ('a', 'b'),
            };
            Err(Unresolved::NotNotation(NotationError::new(format!(
                "{side} is in mtaji, where a move names its row: write {front}{n} or {back}{n}",
                n = spelling.number
            ))))
        }
    }
}

/// Whether `+` is a decision: in nemo and under `kete.mtaji-safari = choice`
/// (`zanzibar.mtaji-house = namua`); else only a claim.
fn decides(pos: &Core, rules: &Rules) -> bool {
    pos.in_nemo(pos.to_move())
        || matches!(
            rules.mtaji_house,
            MtajiHouse::CaptureChoice | MtajiHouse::Namua
        )
}

/// The one legal move a spelling names, played from `pos` with its events in `events`.
pub fn resolve_and_play(
    pos: &Core,
    rules: &Rules,
    spelling: &Spelling,
    events: &mut Vec<Event>,
) -> Result<(CoreMove, Core), Unresolved<CoreMove>> {
    events.clear();
    match resolve_into(pos, rules, spelling, Some(events), None)? {
        (mv, Some(next)) => Ok((mv, next)),
        // Found among the legal moves (a shortened spelling): played once more, to listen.
        (mv, None) => super::engine::play::<AsGiven, _>(pos, rules, mv, events)
            .map(|next| (mv, next))
            .map_err(|rejection| {
                events.clear();
                Unresolved::Rejected(rejection)
            }),
    }
}

/// [`resolve`]; with `events`, a move that had to be played to be found comes back played, its
/// events there, so that it is sown once; with `listed`, the position's legal moves are not
/// generated again.
fn resolve_into(
    pos: &Core,
    rules: &Rules,
    spelling: &Spelling,
    mut events: Option<&mut Vec<Event>>,
    listed: Option<Vec<CoreMove>>,
) -> Result<(CoreMove, Option<Core>), Unresolved<CoreMove>> {
    let read;
    let spelling = if spelling.hand {
        read = super::donkers::read_against(pos, rules, spelling);
        &read
    } else {
        spelling
    };
    let hole = spelled_hole(pos, rules, spelling)?;
    let decides = decides(pos, rules);
    if let Some(dir) = spelling.dir {
        // Every decision is written (a stop at the kuu and no decision at all are spelled alike,
        // and at most one of them is legal): play decides, and `play` accepts exactly the legal
        // moves.
        let readings: &[Option<bool>] = match (decides, spelling.safari) {
            (true, true) => &[Some(true)],
            (true, false) => &[None, Some(false)],
            (false, _) => &[None],
        };
        let mut first = None;
        for &safari in readings {
            let mv = CoreMove { hole, dir, safari };
            let played = match events.as_deref_mut() {
                Some(events) => {
                    let played =
                        super::engine::play::<AsGiven, _>(pos, rules, mv, events).map(Some);
                    if played.is_err() {
                        events.clear();
                    }
                    played
                }
                None => super::engine::play::<AsGiven, _>(pos, rules, mv, &mut ()).map(|_| None),
            };
            match played {
                Ok(next) => return Ok((mv, next)),
                Err(r) => {
                    first.get_or_insert(r);
                }
            }
        }
        let rejection = first.expect("at least one reading");
        return Err(Unresolved::Rejected(rejection));
    }
    // An undecided move fits no spelling here; `why_not` plays it and answers `Undecided`.
    let legal = listed.unwrap_or_else(|| {
        let mut legal = Vec::new();
        let _ = super::engine::legal_moves::<AsGiven, _>(pos, rules, &mut legal, |mv| mv);
        legal
    });
    let fits: Vec<CoreMove> = legal
        .into_iter()
        .filter(|m| m.hole == hole && (!decides || (m.safari == Some(true)) == spelling.safari))
        .collect();
    match fits.len() {
        1 => Ok((fits[0], None)),
        0 => Err(Unresolved::Rejected(why_not(
            pos, rules, spelling, hole, decides,
        ))),
        _ => Err(Unresolved::Ambiguous(fits)),
    }
}

/// Why the move a spelling names is not legal: the rejection of its most likely reading.
fn why_not(pos: &Core, rules: &Rules, spelling: &Spelling, hole: u8, decides: bool) -> Rejection {
    let safari = (decides && spelling.safari).then_some(true);
    let dirs: &[Dir] = match spelling.dir {
        Some(Dir::Left) => &[Dir::Left],
        Some(Dir::Right) => &[Dir::Right],
        None => &[Dir::Left, Dir::Right],
    };
    let mut best: Option<Rejection> = None;
    for &dir in dirs {
        let mv = CoreMove { hole, dir, safari };
        if let Err(r) = super::engine::play::<AsGiven, _>(pos, rules, mv, &mut ()) {
            // A forced direction is the weakest reason when the other direction was open.
            let kichwa = Some(rules.variant.ids.kichwa);
            let weak = r.rule() == kichwa;
            if best.is_none() || (!weak && best.as_ref().and_then(Rejection::rule) == kichwa) {
                best = Some(r);
            }
        }
    }
    best.unwrap_or_else(|| {
        Rejection::illegal(
            rules.variant.ids.compulsory,
            format!("no legal move fits `{}`", describe(spelling)),
        )
    })
}

fn describe(spelling: &Spelling) -> String {
    let mut out = String::new();
    if let Some(row) = spelling.row {
        out.push(row);
    }
    out.push_str(&spelling.number.to_string());
    if let Some(dir) = spelling.dir {
        out.push(dir.symbol());
    }
    if spelling.safari {
        out.push('+');
    }
    out
}

/// The claims of a spelling, played from `before`, that the move's events (and the game's end, if
/// the caller passes the playthrough's events) do not bear out.
pub fn check_claims(
    variant: &Variant,
    before: &Core,
    spelling: &Spelling,
    events: &[Event],
) -> Vec<FalseClaim> {
    let (ids, w) = (&variant.ids, &variant.words);
    let takata = w.takata;
    let Did {
        captured,
        house: safari,
        over,
    } = Did::of(events);
    let under = under_hizi_zetu(before);
    let mut out = Vec::new();
    let mut claim = |rule, message: String| out.push(FalseClaim { rule, message });
    match spelling.claim {
        Some(Claim::Capture) if !captured => claim(
            ids.compulsory,
            format!("the move claims a capture (`x`); it is a {takata} and captures nothing"),
        ),
        Some(Claim::Takata) if captured => claim(
            ids.compulsory,
            format!("the move claims a {takata} (`*`); it captures"),
        ),
        Some(Claim::UnderHiziZetu) if captured => claim(
            ids.compulsory,
            format!(
                "the move claims a {takata} played under {} (`**`); it captures",
                w.hizi
            ),
        ),
        Some(Claim::UnderHiziZetu) if !under => claim(
            ids.reserved,
            format!(
                "the move claims to be played under {} (`**`); no hole of the mover's is \
                 reserved{}",
                w.hizi,
                if events.iter().any(|e| matches!(e, Event::Reserve { .. })) {
                    " (the move itself reserves one: that is a plain `*`)"
                } else {
                    ""
                }
            ),
        ),
        _ => {}
    }
    if spelling.safari && !safari {
        claim(ids.lap_end, w.false_plus.to_string());
    }
    if spelling.wins && !over {
        claim(
            ids.bao_hamna,
            "the move claims to win the game (`#`); the game goes on".to_string(),
        );
    }
    out
}
