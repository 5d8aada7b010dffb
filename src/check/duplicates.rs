//! The same game twice in one `check`: two games with the same moves, or one the start of the
//! other, whose players, date or result disagree — one game's moves under another's header, as
//! the corpus's Ramadhan – Kijumbe example game holds game 3's moves under game 69's header. Each
//! game gets a `duplicate-game` warning at its first move naming the other's place and the fields
//! that differ. Games with the same moves under the same header (a transcript and the record
//! imported from it) are one game written twice, and pass.
//!
//! Moves are compared as the game plays them (canonical spelling, without claims), so a
//! transcript in Donkers' notation and a canonical record of it are the same moves; only games of
//! [`MIN_PLIES`] or more whose every move plays are compared.

use crate::check::replay::{ReplayOptions, replay_to};
use std::collections::HashMap;

use crate::diagnostics::{Code, Finding, LineIndex, Span};
use crate::input::record::Record;
use bao_rules::game::Game;
use bao_rules::with_game;

/// Games are compared from this many plies: the first moves of a game are often the same in games
/// that are not, and a short constructed record is no game of anybody's.
pub const MIN_PLIES: usize = 20;

/// What a game is compared by: where it stands, its header, its moves as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub path: String,
    /// The game's index in its file (from 1).
    pub index: usize,
    /// Its first move's span, where the warning stands.
    pub span: Option<Span>,
    /// `FILE:LINE:COL` of its first move (the file's path alone without one).
    pub place: String,
    pub ruleset: String,
    pub south: Option<String>,
    pub north: Option<String>,
    pub date: Option<String>,
    pub result: Option<String>,
    pub moves: Vec<String>,
}

/// `record`, game `index` of `path` (whose lines are `lines`), with its moves as played; `None`
/// for a game that is not compared (fewer than [`MIN_PLIES`] moves, or one that does not play),
/// so that a file of many short or broken games costs no memory here.
pub fn played(
    path: &str,
    lines: &LineIndex,
    index: usize,
    record: &Record,
    options: &ReplayOptions,
) -> Option<Played> {
    if record.moves.len() < MIN_PLIES {
        return None;
    }
    let ruleset = record.ruleset.value.clone();
    let moves = with_game!(&ruleset, G => moves_of::<G>(record, options)).unwrap_or_default();
    if moves.len() < MIN_PLIES {
        return None;
    }
    let span = record.moves.first().map(|m| m.span);
    let place = match span {
        Some(s) => {
            let (line, column) = lines.line_column(s.offset);
            format!("{path}:{line}:{column}")
        }
        None => path.to_string(),
    };
    Some(Played {
        path: path.to_string(),
        index,
        span,
        place,
        ruleset,
        south: record.south.clone(),
        north: record.north.clone(),
        date: record.date.clone(),
        result: record.result.as_ref().map(|r| r.value.name().to_string()),
        moves,
    })
}

/// The moves of `record` as played, canonical; none if one does not play (that game's error is
/// what its report says, and its moves are not known past it).
fn moves_of<G: Game>(record: &Record, options: &ReplayOptions) -> Vec<String> {
    let Ok((_, mut game)) = replay_to::<G>(record, options, 1) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(record.moves.len());
    for mv in &record.moves {
        match game.play_text(&mv.value) {
            Ok(played) => out.push(G::format_move(played.mv)),
            Err(_) => return Vec::new(),
        }
    }
    out
}

/// The header fields of `a` and `b` that disagree, as `field a / b` (a field only one of them
/// has is no disagreement).
fn disagreements(a: &Played, b: &Played) -> Vec<String> {
    let mut out = Vec::new();
    for (name, x, y) in [
        ("south", &a.south, &b.south),
        ("north", &a.north, &b.north),
        ("date", &a.date, &b.date),
        ("result", &a.result, &b.result),
    ] {
        let same = |x: &str, y: &str| match (calendar(x), calendar(y)) {
            (Some(x), Some(y)) => x == y,
            _ => x.trim().eq_ignore_ascii_case(y.trim()),
        };
        if let (Some(x), Some(y)) = (x, y)
            && !same(x, y)
        {
            out.push(format!("{name} `{x}` / `{y}`"));
        }
    }
    out
}

/// A date as (year of the century, month, day), written `17-10-94`, `17-10-1994` or `1994-10-17`
/// (`/` and `.` too): transcripts and records write one date both ways.
fn calendar(text: &str) -> Option<(u32, u32, u32)> {
    let parts: Vec<&str> = text.trim().split(['-', '/', '.']).collect();
    let [a, b, c] = parts[..] else {
        return None;
    };
    let n = |p: &str| p.parse::<u32>().ok();
    let (year, month, day) = if a.len() == 4 {
        (n(a)?, n(b)?, n(c)?)
    } else {
        (n(c)?, n(b)?, n(a)?)
    };
    Some((year % 100, month, day))
}

/// The `duplicate-game` warnings of a set of games: for each game (by its position in `games`),
/// one per other game with the same moves, or with one the start of the other, whose header
/// disagrees.
pub fn warnings(games: &[Played]) -> Vec<(usize, Finding)> {
    // Two games compared share their first MIN_PLIES moves: only games of one bucket are paired,
    // so that a check of many games is not a comparison of every pair.
    let mut buckets: HashMap<(&str, &[String]), Vec<usize>> = HashMap::new();
    for (i, game) in games.iter().enumerate() {
        if game.moves.len() >= MIN_PLIES {
            buckets
                .entry((&game.ruleset, &game.moves[..MIN_PLIES]))
                .or_default()
                .push(i);
        }
    }
    let mut pairs: Vec<(usize, usize)> = buckets
        .values()
        .flat_map(|bucket| {
            bucket.iter().flat_map(move |&i| {
                bucket
                    .iter()
                    .filter(move |&&j| j != i)
                    .map(move |&j| (i, j))
            })
        })
        .collect();
    pairs.sort_unstable();
    let mut out = Vec::new();
    for (i, j) in pairs {
        let (a, b) = (&games[i], &games[j]);
        let (short, long) = if a.moves.len() <= b.moves.len() {
            (&a.moves, &b.moves)
        } else {
            (&b.moves, &a.moves)
        };
        let same = short.len() == long.len();
        if short.len() < MIN_PLIES || !long.starts_with(short) {
            continue;
        }
        let differ = disagreements(a, b);
        if differ.is_empty() {
            continue;
        }
        let how = if same {
            format!("has the same {} moves as", a.moves.len())
        } else if a.moves.len() < b.moves.len() {
            format!("has the first {} moves of", a.moves.len())
        } else {
            format!("begins with all {} moves of", b.moves.len())
        };
        let message = format!(
            "this game {how} {} (game {}), under another header: {}",
            b.place,
            b.index,
            differ.join(", ")
        );
        let mut finding = Finding::new(Code::DuplicateGame, message).help(
            "one game's moves under another's header, or one game recorded twice with a \
             header mixed up: compare the two",
        );
        if let Some(span) = a.span {
            finding = finding.at(span);
        }
        out.push((i, finding));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(path: &str, south: &str, moves: &[&str]) -> Played {
        Played {
            path: path.into(),
            index: 1,
            span: None,
            place: path.into(),
            ruleset: "bao-la-kiswahili".into(),
            south: Some(south.into()),
            north: None,
            date: None,
            result: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn same_moves_under_another_header_warn_at_both() {
        let moves: Vec<String> = (0..20).map(|i| format!("m{i}")).collect();
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let games = [
            game("a", "Omar", &moves),
            game("b", "Ramadhan", &moves),
            game("c", "Omar", &moves),
        ];
        let found = warnings(&games);
        let at: Vec<usize> = found.iter().map(|(i, _)| *i).collect();
        // a–b and b–c disagree; a–c is one game written twice.
        assert_eq!(at, [0, 1, 1, 2]);
        assert!(found[0].1.message.contains("south `Omar` / `Ramadhan`"));
    }

    #[test]
    fn one_date_written_two_ways_agrees() {
        let moves: Vec<String> = (0..20).map(|i| format!("m{i}")).collect();
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let mut a = game("a", "X", &moves);
        let mut b = game("b", "X", &moves);
        a.date = Some("17-10-94".into());
        b.date = Some("1994-10-17".into());
        assert!(warnings(&[a.clone(), b.clone()]).is_empty());
        b.date = Some("1994-10-11".into());
        assert_eq!(warnings(&[a, b]).len(), 2);
    }

    #[test]
    fn a_start_counts_from_twenty_plies() {
        let long: Vec<String> = (0..30).map(|i| format!("m{i}")).collect();
        let long: Vec<&str> = long.iter().map(String::as_str).collect();
        let games = [game("a", "X", &long[..19]), game("b", "Y", &long)];
        assert!(warnings(&games).is_empty());
        let games = [game("a", "X", &long[..20]), game("b", "Y", &long)];
        let found = warnings(&games);
        assert_eq!(found.len(), 2);
        assert!(found[0].1.message.contains("has the first 20 moves of"));
        assert!(found[1].1.message.contains("begins with all 20 moves of"));
    }
}
