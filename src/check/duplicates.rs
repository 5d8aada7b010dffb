//! The same game twice in one `check`: two games with the same moves whose players, date or
//! result disagree — one game's moves under another's header, as the corpus's Ramadhan – Kijumbe
//! example game holds game 3's moves under game 69's header. The later game gets a
//! `duplicate-game` warning at its first move naming the earlier one's place and the fields that
//! differ. Games with the same moves under the same header (a transcript and the record imported
//! from it) are one game written twice, and pass.
//!
//! Moves are compared as the game plays them (the moves themselves, not their spelling), so a
//! transcript in Donkers' notation and a canonical record of it are the same moves; only games of
//! [`MIN_PLIES`] or more whose every move plays are compared. The check's one replay folds each
//! game's moves into a [`MovesDigest`] as it plays them, and [`Duplicates`] groups games by it as
//! they come: nothing is read or replayed again, and what is kept is a few words per group, never
//! a game's moves.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use crate::diagnostics::{Code, Finding, LineIndex};
use crate::input::record::Record;

/// Games are compared from this many plies: a short constructed record is no game of anybody's.
pub const MIN_PLIES: usize = 20;

/// How many games of one group are told apart by their headers: past that a group is a set of
/// copies (a generated set, a file pasted many times), and a later game is compared with these.
const HEADERS_PER_GROUP: usize = 4;

/// How many `duplicate-game` warnings name one group's game: a check of thousands of copies of
/// one game under different names says so this many times, then once that it stops saying so.
pub const WARNINGS_PER_GROUP: usize = 8;

/// A game's moves as played, folded in order: two games with equal digests played the same moves
/// (two 64-bit SipHash states keyed apart: a chance collision is out of reach).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MovesDigest {
    plies: u32,
    hash: (u64, u64),
}

/// Folds a game's moves into its [`MovesDigest`], one at a time, as the replay plays them.
#[derive(Clone, Debug)]
pub struct MovesFolder {
    plies: u32,
    a: DefaultHasher,
    b: DefaultHasher,
}

impl Default for MovesFolder {
    fn default() -> Self {
        let (mut a, mut b) = (DefaultHasher::new(), DefaultHasher::new());
        // Two keys: the two states never agree by construction.
        a.write_u8(0xa5);
        b.write_u8(0x5a);
        MovesFolder { plies: 0, a, b }
    }
}

impl MovesFolder {
    /// The next move as played.
    pub fn fold(&mut self, mv: &impl Hash) {
        self.plies += 1;
        mv.hash(&mut self.a);
        mv.hash(&mut self.b);
    }

    pub fn digest(&self) -> MovesDigest {
        MovesDigest {
            plies: self.plies,
            hash: (self.a.finish(), self.b.finish()),
        }
    }
}

/// What a game's header says of who played it, when and how it ended: the fields two copies of
/// one game must agree on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Header {
    south: Option<Box<str>>,
    north: Option<Box<str>>,
    date: Option<Box<str>>,
    result: Option<Box<str>>,
}

impl Header {
    fn of(record: &Record) -> Header {
        let field = |f: &Option<String>| f.as_deref().map(Box::from);
        Header {
            south: field(&record.south),
            north: field(&record.north),
            date: field(&record.date),
            result: record.result.as_ref().map(|r| Box::from(r.value.name())),
        }
    }

    /// The fields of `self` and `other` that disagree, as `field self / other` (a field only one
    /// of them has is no disagreement).
    fn disagreements(&self, other: &Header) -> Vec<String> {
        let mut out = Vec::new();
        for (name, x, y) in [
            ("south", &self.south, &other.south),
            ("north", &self.north, &other.north),
            ("date", &self.date, &other.date),
            ("result", &self.result, &other.result),
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

/// A game of a group, as a later one names it.
#[derive(Debug)]
struct Seen {
    /// `FILE:LINE:COL` of its first move.
    place: Box<str>,
    index: usize,
    header: Header,
}

/// The games seen with one list of moves.
#[derive(Debug, Default)]
struct Group {
    /// The first game of each header that differs from every earlier one, up to
    /// [`HEADERS_PER_GROUP`].
    seen: Vec<Seen>,
    warned: usize,
}

/// The games of a check grouped by their moves as played, as they come.
#[derive(Debug, Default)]
pub struct Duplicates {
    groups: HashMap<(Box<str>, MovesDigest), Group>,
}

impl Duplicates {
    /// Game `index` of `path` (whose text `lines` index), `record` played to `digest`: the
    /// `duplicate-game` warning it gets, if an earlier game of the check has its moves under a
    /// header that disagrees with its own.
    pub fn see(
        &mut self,
        path: &str,
        lines: &LineIndex<'_>,
        index: usize,
        record: &Record,
        digest: MovesDigest,
    ) -> Option<Finding> {
        if (digest.plies as usize) < MIN_PLIES {
            return None;
        }
        let header = Header::of(record);
        let group = self
            .groups
            .entry((Box::from(record.ruleset.value.as_str()), digest))
            .or_default();
        let span = record.moves.first().map(|m| m.span);
        let earlier = group.seen.iter().find_map(|seen| {
            let differ = seen.header.disagreements(&header);
            (!differ.is_empty()).then_some((seen, differ))
        });
        let finding = match earlier {
            Some((seen, differ)) if group.warned < WARNINGS_PER_GROUP => {
                group.warned += 1;
                let mut message = format!(
                    "this game has the same {} moves as {} (game {}), under another header: {}",
                    digest.plies,
                    seen.place,
                    seen.index,
                    differ.join(", ")
                );
                if group.warned == WARNINGS_PER_GROUP {
                    message.push_str(&format!(
                        " (the {WARNINGS_PER_GROUP}th game with these moves under another \
                         header: later ones are not named)"
                    ));
                }
                let mut finding = Finding::new(Code::DuplicateGame, message).help(
                    "one game's moves under another's header, or one game recorded twice with a \
                     header mixed up: compare the two",
                );
                if let Some(span) = span {
                    finding = finding.at(span);
                }
                Some(finding)
            }
            _ => None,
        };
        let new_header = group.seen.iter().all(|seen| seen.header != header);
        if new_header && group.seen.len() < HEADERS_PER_GROUP {
            let place = match span {
                Some(s) => {
                    let (line, column) = lines.line_column(s.offset);
                    format!("{path}:{line}:{column}")
                }
                None => path.to_string(),
            };
            group.seen.push(Seen {
                place: place.into(),
                index,
                header,
            });
        }
        finding
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::record::parse_document;
    use crate::input::record::split_documents;

    fn record(south: &str, date: Option<&str>) -> Record {
        let moves = vec!["A6"; 20].join(", ");
        let date = date.map(|d| format!("date: \"{d}\"\n")).unwrap_or_default();
        let text = format!(
            "ruleset: bao-la-kiswahili\nsource: t\nsouth: {south}\n{date}moves: [{moves}]\n"
        );
        parse_document(&split_documents(&text)[0]).expect("a record")
    }

    fn digest(plies: u32, seed: u8) -> MovesDigest {
        let mut folder = MovesFolder::default();
        for _ in 0..plies {
            folder.fold(&seed);
        }
        folder.digest()
    }

    #[test]
    fn the_later_game_under_another_header_names_the_earlier() {
        let lines = LineIndex::new("");
        let mut set = Duplicates::default();
        let d = digest(20, 1);
        assert!(set.see("a", &lines, 1, &record("Omar", None), d).is_none());
        // The same header as the first game: one game written twice.
        assert!(set.see("a2", &lines, 1, &record("Omar", None), d).is_none());
        let b = set
            .see("b", &lines, 1, &record("Ramadhan", None), d)
            .unwrap();
        assert!(
            b.message.contains("south `Omar` / `Ramadhan`"),
            "{}",
            b.message
        );
        // Another copy under the first header still disagrees with the second one's.
        let c = set.see("c", &lines, 1, &record("Omar", None), d).unwrap();
        assert!(c.message.contains("as b:1:1 (game 1)"), "{}", c.message);
        assert!(
            c.message.contains("south `Ramadhan` / `Omar`"),
            "{}",
            c.message
        );
        // Other moves, or too few of them: nothing to compare.
        assert!(
            set.see("d", &lines, 1, &record("X", None), digest(20, 2))
                .is_none()
        );
        let mut set = Duplicates::default();
        set.see("a", &lines, 1, &record("Omar", None), digest(19, 1));
        assert!(
            set.see("b", &lines, 1, &record("X", None), digest(19, 1))
                .is_none()
        );
    }

    #[test]
    fn one_date_written_two_ways_agrees() {
        let lines = LineIndex::new("");
        let mut set = Duplicates::default();
        let d = digest(20, 1);
        set.see("a", &lines, 1, &record("X", Some("17-10-94")), d);
        assert!(
            set.see("b", &lines, 1, &record("X", Some("1994-10-17")), d)
                .is_none()
        );
        assert!(
            set.see("c", &lines, 1, &record("X", Some("1994-10-11")), d)
                .is_some()
        );
    }

    #[test]
    fn a_group_of_copies_is_named_a_bounded_number_of_times() {
        let lines = LineIndex::new("");
        let mut set = Duplicates::default();
        let d = digest(30, 1);
        let warned: Vec<Finding> = (0..1000)
            .filter_map(|i| set.see("a", &lines, i, &record(&format!("P{i}"), None), d))
            .collect();
        assert_eq!(warned.len(), WARNINGS_PER_GROUP);
        assert!(
            warned
                .last()
                .unwrap()
                .message
                .contains("later ones are not named")
        );
        // Each names one of the first games, never a copy past the kept headers.
        assert!(warned.iter().all(|f| f.message.contains("(game 0)")));
        let kept: usize = set.groups.values().map(|g| g.seen.len()).sum();
        assert_eq!(kept, HEADERS_PER_GROUP);
    }

    #[test]
    fn digests_tell_order_and_length_apart() {
        let fold = |moves: &[u8]| {
            let mut f = MovesFolder::default();
            moves.iter().for_each(|m| f.fold(m));
            f.digest()
        };
        assert_eq!(fold(&[1, 2, 3]), fold(&[1, 2, 3]));
        assert_ne!(fold(&[1, 2, 3]), fold(&[1, 3, 2]));
        assert_ne!(fold(&[1, 2]), fold(&[1, 2, 3]));
    }
}
