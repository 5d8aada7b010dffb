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
use std::collections::hash_map::Entry;
use std::hash::{Hash, Hasher};

use crate::diagnostics::{Code, Finding, LineIndex};
use crate::input::record::{Record, ResultClaim};
use bao_rules::Ruleset;
use bao_rules::fasthash::FxBuildHasher;

/// Games are compared from this many plies: a short constructed record is no game of anybody's.
pub const MIN_PLIES: usize = 20;

/// How many games of one group are told apart by their headers: past that a group is a set of
/// copies (a generated set, a file pasted many times), and a later game is compared with these.
const HEADERS_PER_GROUP: usize = 4;

/// How many `duplicate-game` warnings name one group's game: a check of thousands of copies of
/// one game under different names says so this many times, then once that it stops saying so.
pub const WARNINGS_PER_GROUP: usize = 8;

/// A game's moves as played, folded in order: two games with equal digests played the same moves
/// (two 64-bit lanes mixed apart: a chance collision is out of reach; the digest only ever adds
/// a warning, never removes a finding).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MovesDigest {
    plies: u32,
    hash: (u64, u64),
}

/// Folds a game's moves into its [`MovesDigest`], one at a time, as the replay plays them: a few
/// multiplications a move (SipHash cost 5 % of a check).
#[derive(Clone, Copy, Debug)]
pub struct MovesFolder {
    plies: u32,
    a: u64,
    b: u64,
}

impl Default for MovesFolder {
    fn default() -> Self {
        MovesFolder {
            plies: 0,
            a: 0x243f_6a88_85a3_08d3,
            b: 0x1319_8a2e_0370_7344,
        }
    }
}

impl MovesFolder {
    /// The next move as played.
    pub fn fold(&mut self, mv: &impl Hash) {
        let mut h = bao_rules::fasthash::FxHasher::default();
        mv.hash(&mut h);
        let m = h.finish();
        self.plies += 1;
        // Two lanes with other multipliers and rotations: order matters in both.
        self.a = (self.a.rotate_left(5) ^ m).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.b = (self.b ^ m.rotate_left(29))
            .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            .rotate_left(31);
    }

    pub fn digest(&self) -> MovesDigest {
        // A final mix, so that the last moves reach every bit.
        let mix = |mut x: u64| {
            x ^= x >> 33;
            x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
            x ^= x >> 33;
            x
        };
        MovesDigest {
            plies: self.plies,
            hash: (mix(self.a), mix(self.b)),
        }
    }
}

/// What a game's header says of who played it, when and how it ended: the fields two copies of
/// one game must agree on. The names and the date are boxed together, and only when a record has
/// one: a generated set has none, and its games cost a word here.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Header {
    /// South, north, date.
    named: Option<Box<[Option<Box<str>>; 3]>>,
    result: Option<ResultClaim>,
}

impl Header {
    fn of(record: &Record) -> Header {
        let field = |f: &Option<String>| f.as_deref().map(Box::from);
        let named = [
            field(&record.south),
            field(&record.north),
            field(&record.date),
        ];
        Header {
            named: named.iter().any(Option::is_some).then(|| Box::new(named)),
            result: record.result.as_ref().map(|r| r.value),
        }
    }

    fn field(&self, i: usize) -> Option<&str> {
        self.named.as_ref().and_then(|n| n[i].as_deref())
    }

    /// The fields of `self` and `other` that disagree, as `field self / other` (a field only one
    /// of them has is no disagreement).
    fn disagreements(&self, other: &Header) -> Vec<String> {
        let mut out = Vec::new();
        for (i, name) in ["south", "north", "date"].into_iter().enumerate() {
            let same = |x: &str, y: &str| match (calendar(x), calendar(y)) {
                (Some(x), Some(y)) => x == y,
                _ => x.trim().eq_ignore_ascii_case(y.trim()),
            };
            if let (Some(x), Some(y)) = (self.field(i), other.field(i))
                && !same(x, y)
            {
                out.push(format!("{name} `{x}` / `{y}`"));
            }
        }
        if let (Some(x), Some(y)) = (self.result, other.result)
            && x != y
        {
            out.push(format!("result `{}` / `{}`", x.name(), y.name()));
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

/// A game of a group, as a later one names it: its file (an index into the check's paths), the
/// line and column of its first move, its index in its file.
#[derive(Debug)]
struct Seen {
    file: u32,
    line: u32,
    column: u32,
    index: u32,
    header: Header,
}

/// The games seen with one list of moves: the first, and the first of each other header, up to
/// [`HEADERS_PER_GROUP`] in all. Most groups hold one game and are never warned of: `more` then
/// allocates nothing, and a group is 40 bytes (the table of a check of 20,000 games is about
/// 2 MiB).
#[derive(Debug)]
struct Group {
    first: Seen,
    more: Option<Box<More>>,
}

#[derive(Debug, Default)]
struct More {
    seen: Vec<Seen>,
    warned: u32,
}

impl Group {
    fn seen(&self) -> impl Iterator<Item = &Seen> {
        std::iter::once(&self.first).chain(self.more.iter().flat_map(|m| &m.seen))
    }

    fn len(&self) -> usize {
        1 + self.more.as_ref().map_or(0, |m| m.seen.len())
    }

    fn warned(&self) -> usize {
        self.more.as_ref().map_or(0, |m| m.warned as usize)
    }

    fn more(&mut self) -> &mut More {
        self.more.get_or_insert_with(Box::default)
    }
}

/// A group's key: the digest's lanes with its game and length folded in (16 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key([u64; 2]);

impl Key {
    fn of(ruleset: Ruleset, digest: MovesDigest) -> Key {
        let game = ruleset as u64 + 1;
        Key([
            digest.hash.0 ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            digest.hash.1 ^ u64::from(digest.plies).wrapping_mul(0xc2b2_ae3d_27d4_eb4f),
        ])
    }
}

/// The least text a game compared by its moves takes (a `ruleset:`, a `source:` and
/// [`MIN_PLIES`] moves): the most games a text of so many bytes can hold, room for which is
/// made at once (a table that grows holds its old and new halves at once).
const MIN_GAME_BYTES: usize = 100;

/// The games of a check grouped by their moves as played, as they come.
#[derive(Debug, Default)]
pub struct Duplicates {
    /// Keyed by a digest already: a fast hash of it is enough.
    groups: HashMap<Key, Group, FxBuildHasher>,
    /// The paths of the files seen, each once.
    files: Vec<Box<str>>,
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
        let ruleset = record.ruleset.value;
        if (digest.plies as usize) < MIN_PLIES {
            return None;
        }
        let header = Header::of(record);
        let span = record.moves.first().map(|m| m.span);
        let (line, column) = span.map_or((0, 0), |s| lines.line_column(s.offset));
        if self.files.last().is_none_or(|last| **last != *path) {
            self.files.push(path.into());
            // Room for the file's games, at most as many as documents and as its size allows.
            let text = lines.text();
            let documents = 1 + text
                .as_bytes()
                .windows(4)
                .filter(|w| *w == b"\n---")
                .count();
            self.groups
                .reserve(documents.min(text.len() / MIN_GAME_BYTES + 1));
        }
        let seen = Seen {
            file: (self.files.len() - 1) as u32,
            line: line as u32,
            column: column as u32,
            index: index as u32,
            header,
        };
        let group = match self.groups.entry(Key::of(ruleset, digest)) {
            Entry::Vacant(vacant) => {
                vacant.insert(Group {
                    first: seen,
                    more: None,
                });
                return None;
            }
            Entry::Occupied(group) => group.into_mut(),
        };
        let earlier = group.seen().find_map(|earlier| {
            let differ = earlier.header.disagreements(&seen.header);
            (!differ.is_empty()).then_some((earlier, differ))
        });
        let finding = match earlier {
            Some((earlier, differ)) if group.warned() < WARNINGS_PER_GROUP => {
                let file = &self.files[earlier.file as usize];
                let place = if span.is_some() {
                    format!("{file}:{}:{}", earlier.line, earlier.column)
                } else {
                    file.to_string()
                };
                let mut message = format!(
                    "this game has the same {} moves as {place} (game {}), under another header: {}",
                    digest.plies,
                    earlier.index,
                    differ.join(", ")
                );
                if group.warned() + 1 == WARNINGS_PER_GROUP {
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
        if finding.is_some() {
            group.more().warned += 1;
        }
        let new_header = group.seen().all(|earlier| earlier.header != seen.header);
        if new_header && group.len() < HEADERS_PER_GROUP {
            group.more().seen.push(seen);
        }
        finding
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's entry, as small as its doc says: memory a check holds for every game.
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_group_is_small() {
        assert_eq!(std::mem::size_of::<Group>(), 40);
        assert_eq!(std::mem::size_of::<(Key, Group)>(), 56);
    }
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
        let kept: usize = set.groups.values().map(|g| g.seen().count()).sum();
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
