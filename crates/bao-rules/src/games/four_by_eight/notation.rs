//! Bao la Kete notation (after KIBA): moves `HOLE DIR [+] [x | * | **] [#]` and the two written
//! forms of a position.
//!
//! Moves: canonical `A4>`, `a5<`, `A3>+`, `B2<`. On input the row letter may be left out in nemo
//! (`4>`) and the direction anywhere; a shortened spelling must fit exactly one legal move.
//!
//! Compact position: the four rows as the diagram draws them, top to bottom (`b8..b1`, `a8..a1`,
//! `A1..A8`, `B1..B8`), counts separated by `,` and rows by `/`; then the reserves `South,North`;
//! the kuu field (`K` South still has his kuu, `k` North, `-` neither); the hizi zetu field (`-`
//! or the reserved hole); the side to move (`S`/`N`). The start:
//! `0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 22,22 Kk - S`.
//!
//! Diagram: North's reserve and kuu, the four rows, South's, hizi zetu, the side to move.

use super::position::{HOLE_NAMES, HOLES, KUU, Position, index_of, ring_of};
use super::spelling::{Claim, Spelling, read_hole, take, under_hizi_zetu};
use super::variant::{AsGiven, MtajiHouse, Rules, Variant};
use super::{Dir, Move};
use super::{bracket, notes};
use crate::board::{Board, Mark, Row, Store};
use crate::game::{
    Event, FalseClaim, Notation, NotationError, PositionError, PositionForm, Rejection, Side,
    Unresolved,
};
use crate::notation::{
    MAX_TEXT, diagram_lines, four_rows, hole_index, parse_count_row, parse_side,
    parse_to_move_line, side_letter,
};

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
pub fn format_move(mv: Move) -> String {
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
pub fn format_move_in(notation: Notation, pos: &Position, rules: &Rules, mv: Move) -> String {
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
pub fn format_annotated(pos: &Position, mv: Move, events: &[Event]) -> String {
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
pub fn played_under(variant: &Variant, pos: &Position) -> Option<(crate::game::RuleId, String)> {
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
    pos: &Position,
    rules: &Rules,
    spelling: &Spelling,
) -> Result<Move, Unresolved<Move>> {
    resolve_into(pos, rules, spelling, None).map(|(mv, _)| mv)
}

/// The one legal move a spelling names, played from `pos` with its events in `events`.
pub fn resolve_and_play(
    pos: &Position,
    rules: &Rules,
    spelling: &Spelling,
    events: &mut Vec<Event>,
) -> Result<(Move, Position), Unresolved<Move>> {
    events.clear();
    match resolve_into(pos, rules, spelling, Some(events))? {
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
/// events there, so that it is sown once.
fn resolve_into(
    pos: &Position,
    rules: &Rules,
    spelling: &Spelling,
    mut events: Option<&mut Vec<Event>>,
) -> Result<(Move, Option<Position>), Unresolved<Move>> {
    let read;
    let spelling = if spelling.hand {
        read = super::donkers::read_against(pos, rules, spelling);
        &read
    } else {
        spelling
    };
    let side = pos.to_move();
    let nemo = pos.in_nemo(side);
    if !(1..=8).contains(&spelling.number) {
        return Err(Unresolved::NotNotation(NotationError::new(format!(
            "hole {} is off the board: each row has holes 1 to 8",
            spelling.number
        ))));
    }
    let hole = match spelling.row {
        Some(row) => {
            let name = format!("{row}{}", spelling.number);
            hole_index(&HOLE_NAMES, &name).ok_or_else(|| {
                Unresolved::NotNotation(NotationError::new(format!(
                    "`{name}` is not a hole of {}",
                    rules.variant.words.name
                )))
            })?
        }
        // In nemo every move names a front hole of the mover.
        None if nemo => index_of(side, spelling.number - 1),
        None => {
            let (front, back) = match side {
                Side::South => ('A', 'B'),
                Side::North => ('a', 'b'),
            };
            return Err(Unresolved::NotNotation(NotationError::new(format!(
                "{side} is in mtaji, where a move names its row: write {front}{n} or {back}{n}",
                n = spelling.number
            ))));
        }
    };
    // `+` is a decision in nemo and under `kete.mtaji-safari = choice` (`zanzibar.mtaji-house =
    // namua`); else only a claim.
    let decides = nemo
        || matches!(
            rules.mtaji_house,
            MtajiHouse::CaptureChoice | MtajiHouse::Namua
        );
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
            let mv = Move { hole, dir, safari };
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
    let mut legal = Vec::new();
    // An undecided move fits no spelling here; `why_not` plays it and answers `Undecided`.
    let _ = super::engine::legal_moves::<AsGiven>(pos, rules, &mut legal);
    let fits: Vec<Move> = legal
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
fn why_not(
    pos: &Position,
    rules: &Rules,
    spelling: &Spelling,
    hole: u8,
    decides: bool,
) -> Rejection {
    let safari = (decides && spelling.safari).then_some(true);
    let dirs: &[Dir] = match spelling.dir {
        Some(Dir::Left) => &[Dir::Left],
        Some(Dir::Right) => &[Dir::Right],
        None => &[Dir::Left, Dir::Right],
    };
    let mut best: Option<Rejection> = None;
    for &dir in dirs {
        let mv = Move { hole, dir, safari };
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
    before: &Position,
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

// --- Positions ---------------------------------------------------------------------------------

/// The rows as the diagram draws them, top to bottom: label and hole indices left to right.
fn rows() -> [(&'static str, [u8; 8]); 4] {
    four_rows::<8>()
}

/// Reads any of the three written forms: compact, diagram, Donkers' bracket form.
pub fn parse_position(variant: &Variant, text: &str) -> Result<Position, PositionError> {
    if text.len() > MAX_TEXT {
        return Err(PositionError::syntax("the position text is too long"));
    }
    match PositionForm::of(text) {
        PositionForm::Donkers => bracket::parse(variant, text),
        PositionForm::Diagram => parse_diagram(variant, text),
        _ => parse_compact(variant, text),
    }
}

/// `pos` written in `form`.
pub fn format_position(
    variant: &Variant,
    form: PositionForm,
    pos: &Position,
) -> Result<String, PositionError> {
    match form {
        PositionForm::Donkers => bracket::format(pos),
        PositionForm::Diagram => Ok(format_diagram(variant, pos)),
        _ => Ok(format_compact(variant, pos)),
    }
}

fn compact_help(variant: &Variant) -> String {
    let w = &variant.words;
    let (k, name, kuu) = (w.house_letter, w.name, w.kuu);
    let lower = k.to_ascii_lowercase();
    let hizi = w.hizi;
    format!(
        "a compact {name} position is the four rows (b8..b1/a8..a1/A1..A8/B1..B8, \
     counts separated by commas), the reserves South,North, the {kuu} field ({k}, {lower}, \
     {k}{lower} or -), the {hizi} hole (or -) and the side to move: \
     `0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 22,22 {k}{lower} - S`"
    )
}

fn parse_compact(variant: &Variant, text: &str) -> Result<Position, PositionError> {
    let w = &variant.words;
    let words: Vec<&str> = text.split_whitespace().collect();
    let [board, reserves, kuu, hizi, side] = words[..] else {
        return Err(PositionError::syntax(compact_help(variant)));
    };
    let parts: Vec<&str> = board.split('/').collect();
    if parts.len() != 4 {
        return Err(PositionError::syntax(format!(
            "a {} board has 4 rows, not {}",
            w.name,
            parts.len()
        )));
    }
    let mut holes = [0u8; HOLES];
    for ((label, indices), part) in rows().iter().zip(&parts) {
        let counts: Vec<&str> = part.split(',').collect();
        if counts.len() != 8 {
            return Err(PositionError::syntax(format!(
                "row {label} has {} holes, not 8",
                counts.len()
            )));
        }
        for (&index, word) in indices.iter().zip(&counts) {
            holes[index as usize] = parse_count(variant, word, label)?;
        }
    }
    let reserve = match reserves.split_once(',') {
        Some((s, n)) => [
            parse_count(variant, s, "reserve")?,
            parse_count(variant, n, "reserve")?,
        ],
        None => {
            return Err(PositionError::syntax(format!(
                "`{reserves}` is not the reserves: write South's and North's, as `22,22`"
            )));
        }
    };
    let k = w.house_letter;
    let lower = k.to_ascii_lowercase();
    let field: Vec<char> = kuu.chars().collect();
    let kuu = match field[..] {
        [a, b] if a == k && b == lower => [true, true],
        [a] if a == k => [true, false],
        [b] if b == lower => [false, true],
        ['-'] => [false, false],
        _ => {
            let what = w.kuu;
            let have = if what == "kuu" {
                "still have their kuu"
            } else {
                "own their house"
            };
            return Err(PositionError::syntax(format!(
                "`{kuu}` is not a {what} field: `{k}{lower}` both players {have}, `{k}` South \
                 only, `{lower}` North only, `-` neither"
            )));
        }
    };
    let hizi = match hizi {
        "-" => None,
        name => Some(hole_index(&HOLE_NAMES, name).ok_or_else(|| {
            PositionError::syntax(format!(
                "`{name}` is not a {} field: `-` or the reserved hole (e.g. `a3`)",
                w.hizi
            ))
        })?),
    };
    let to_move = parse_side(side)
        .ok_or_else(|| PositionError::syntax(format!("`{side}` is not a side to move (S or N)")))?;
    Position::new(variant, holes, reserve, kuu, to_move, hizi)
}

fn parse_count(variant: &Variant, word: &str, what: &str) -> Result<u8, PositionError> {
    let n: u32 = word
        .trim()
        .parse()
        .map_err(|_| PositionError::syntax(format!("{what}: `{word}` is not a number of seeds")))?;
    if n > 64 {
        return Err(PositionError::rule(
            variant.ids.board,
            format!("{what}: {n} seeds is more than the game has (64)"),
        ));
    }
    Ok(n as u8)
}

/// `north: reserve 22, kuu` / `south: reserve 0, no kuu` (Zanzibar: `store 22, house` /
/// `no house`; `reserve`, the word diagrams of Bao la Kiswahili once wrote, is read too).
fn parse_player_line(
    variant: &Variant,
    line: &str,
    side: Side,
) -> Result<(u8, bool), PositionError> {
    let (kuu_word, store_word) = (variant.words.kuu, variant.words.reserve);
    let help = || {
        PositionError::syntax(format!(
            "`{line}` should say {side}'s {store_word} and {kuu_word}, as `{side}: {store_word} \
             22, {kuu_word}` or `{side}: {store_word} 0, no {kuu_word}`"
        ))
    };
    let rest = line
        .strip_prefix(side.name())
        .and_then(|r| r.trim_start().strip_prefix(':'))
        .ok_or_else(help)?;
    let (reserve, kuu) = rest.split_once(',').ok_or_else(help)?;
    let reserve = reserve.trim();
    let reserve = reserve
        .strip_prefix(store_word)
        .or_else(|| reserve.strip_prefix("reserve"))
        .ok_or_else(help)?;
    let reserve = parse_count(variant, reserve, store_word)?;
    let kuu = match kuu.trim().strip_prefix("no ") {
        None if kuu.trim() == kuu_word => true,
        Some(word) if word == kuu_word => false,
        _ => return Err(help()),
    };
    Ok((reserve, kuu))
}

/// `hizi zetu: none` / `hizi zetu: a3, reserved by south[, obligation due]` (Zanzibar:
/// `takasia: a2, by south`).
fn parse_hizi_line(
    variant: &Variant,
    line: &str,
    to_move: Side,
) -> Result<Option<u8>, PositionError> {
    let (ids, w) = (&variant.ids, &variant.words);
    let (label, by_word) = (w.hizi_line, w.reserved_by);
    let help = || {
        PositionError::syntax(format!(
            "`{line}` should be `{label}: none` or `{label}: a3, {by_word} south` (with \
             `, obligation due` when the reserver is to move)"
        ))
    };
    let rest = line
        .strip_prefix(label)
        .and_then(|r| r.strip_prefix(':'))
        .ok_or_else(help)?
        .trim();
    if rest == "none" {
        return Ok(None);
    }
    let parts: Vec<&str> = rest.split(',').map(str::trim).collect();
    let (hole, by, due) = match parts[..] {
        [hole, by] => (hole, by, false),
        [hole, by, "obligation due"] => (hole, by, true),
        _ => return Err(help()),
    };
    let index = hole_index(&HOLE_NAMES, hole).ok_or_else(help)?;
    let by = by
        .strip_prefix(by_word)
        .and_then(|b| b.strip_prefix(' '))
        .and_then(parse_side)
        .ok_or_else(help)?;
    let owner = ring_of(index).0;
    if by == owner {
        return Err(PositionError::rule(
            ids.reserve,
            format!(
                "{hole} is {owner}'s hole: {} reserves a hole of the opponent",
                w.hizi
            ),
        ));
    }
    if due != (by == to_move) {
        return Err(PositionError::rule(
            ids.obligation,
            format!(
                "the reserver's obligation is due exactly when he is to move: write `, obligation \
                 due` {} ",
                if by == to_move { "here" } else { "only then" }
            ),
        ));
    }
    Ok(Some(index))
}

fn parse_diagram(variant: &Variant, text: &str) -> Result<Position, PositionError> {
    let w = &variant.words;
    let lines = diagram_lines(text);
    if lines.len() != 8 {
        let hizi = w.hizi;
        return Err(PositionError::syntax(format!(
            "a {} diagram has 8 lines (North's reserve and {}, four rows, South's, {hizi}, the \
             side to move), not {}",
            w.name,
            w.kuu,
            lines.len()
        )));
    }
    let (north_reserve, north_kuu) = parse_player_line(variant, lines[0], Side::North)?;
    let mut holes = [0u8; HOLES];
    for (i, (label, indices)) in rows().iter().enumerate() {
        let counts = parse_count_row(lines[1 + i], label, 8, 64)?;
        for (&index, &n) in indices.iter().zip(&counts) {
            holes[index as usize] = n as u8;
        }
    }
    let (south_reserve, south_kuu) = parse_player_line(variant, lines[5], Side::South)?;
    let to_move = parse_to_move_line(lines[7]).ok_or_else(|| {
        PositionError::syntax(format!("`{}` does not say who is to move", lines[7]))
    })?;
    let hizi = parse_hizi_line(variant, lines[6], to_move)?;
    Position::new(
        variant,
        holes,
        [south_reserve, north_reserve],
        [south_kuu, north_kuu],
        to_move,
        hizi,
    )
}

pub fn format_compact(variant: &Variant, pos: &Position) -> String {
    let board: Vec<String> = rows()
        .iter()
        .map(|(_, indices)| {
            let counts: Vec<String> = indices.iter().map(|&i| pos.seeds(i).to_string()).collect();
            counts.join(",")
        })
        .collect();
    let k = variant.words.house_letter;
    let mut kuu = String::with_capacity(2);
    if pos.has_kuu(Side::South) {
        kuu.push(k);
    }
    if pos.has_kuu(Side::North) {
        kuu.push(k.to_ascii_lowercase());
    }
    if kuu.is_empty() {
        kuu.push('-');
    }
    let hizi = pos.hizi().map_or("-", |(h, _)| HOLE_NAMES[h as usize]);
    format!(
        "{} {},{} {kuu} {hizi} {}",
        board.join("/"),
        pos.reserve(Side::South),
        pos.reserve(Side::North),
        side_letter(pos.to_move())
    )
}

pub fn format_diagram(variant: &Variant, pos: &Position) -> String {
    let w = &variant.words;
    let player = |side: Side| {
        format!(
            "{side}: {} {}, {}{}\n",
            w.reserve,
            pos.reserve(side),
            if pos.has_kuu(side) { "" } else { "no " },
            w.kuu
        )
    };
    let mut out = player(Side::North);
    for (label, indices) in rows() {
        out.push_str(label);
        for i in indices {
            out.push_str(&format!(" {:>2}", pos.seeds(i)));
        }
        out.push('\n');
    }
    out.push_str(&player(Side::South));
    out.push_str(&hizi_line(variant, pos));
    out.push('\n');
    out.push_str(&format!("{} to move\n", pos.to_move()));
    out
}

/// The diagram's reservation line: `hizi zetu: none`, `takasia: a2, by south, obligation due`.
fn hizi_line(variant: &Variant, pos: &Position) -> String {
    let w = &variant.words;
    match pos.hizi() {
        None => format!("{}: none", w.hizi_line),
        Some((h, by)) => format!(
            "{}: {}, {} {by}{}",
            w.hizi_line,
            HOLE_NAMES[h as usize],
            w.reserved_by,
            if pos.hizi_due() {
                ", obligation due"
            } else {
                ""
            }
        ),
    }
}

/// The board for pictures: the diagram's rows; a standing kuu (house) marked, the reserved hole
/// marked `reservation` (Kete's hizi zetu, Kiswahili's takasia); the reserves as stores; the
/// diagram's reservation line and any lost kuu as notes.
pub fn board(variant: &Variant, ruleset: &'static str, reservation: Mark, pos: &Position) -> Board {
    let rows = rows()
        .into_iter()
        .zip([Side::North, Side::North, Side::South, Side::South])
        .map(|((label, indices), side)| {
            Row::of(label, side, &indices, &HOLE_NAMES, |i| {
                let (owner, r) = ring_of(i);
                let mut marks = Vec::new();
                if r == KUU && pos.has_kuu(owner) {
                    marks.push(Mark::House);
                }
                if pos.hizi().is_some_and(|(h, _)| h == i) {
                    marks.push(reservation);
                }
                (pos.seeds(i).into(), marks)
            })
        })
        .collect();
    let mut notes: Vec<String> = [Side::North, Side::South]
        .into_iter()
        .filter(|&side| !pos.has_kuu(side))
        .map(|side| format!("{side}: no {}", variant.words.kuu))
        .collect();
    notes.push(hizi_line(variant, pos));
    Board {
        ruleset,
        rows,
        stores: [Side::North, Side::South]
            .into_iter()
            .map(|side| Store {
                side,
                label: variant.words.reserve,
                count: pos.reserve(side).into(),
            })
            .collect(),
        to_move: pos.to_move(),
        notes,
        house: variant.words.kuu,
    }
}
