//! How a game is described, beside what it is: the fields of its positions with the rules they
//! are about, the rules of its long moves, its reservations and its obligations, the edits that
//! turn a position into a position probe, and the known bugs of other engines. Each game gives
//! them in its own folder by implementing [`Conformance`], apart from its rules (`Game`):
//! whatever judges or probes engines generically (the oracle's conformance test) reads them, and
//! names no game.

use crate::game::{Game, RuleId as GameRuleId};
use crate::rulings::KnownBug;

/// What the oracle's conformance test needs of a game besides its rules: how its positions are
/// described field by field (to judge another engine's position), its probe edits, and the
/// known bugs of other engines that its presets match. Every registered game implements it, in
/// its own folder.
pub trait Conformance: Game {
    /// How the game is described: its position fields with their rules, its long moves and
    /// reservations, its probe edits.
    const DESCRIPTION: Description;
    /// The bugs of the engines that the game's presets match, as the reference names them.
    const KNOWN_BUGS: &'static [KnownBug] = &[];

    /// The values of the position's fields besides its holes, as its compact form writes them, one
    /// for each of [`Conformance::DESCRIPTION`]'s `fields`, in their order.
    fn field_values(pos: &Self::Position) -> Vec<String>;
    /// The obligation due at `pos` (a reserver to move whose capture of the reserved hole is due),
    /// if any: its rule and a line naming it. None in a game without such obligations.
    fn obligation_due(_pos: &Self::Position) -> Option<(GameRuleId, String)> {
        None
    }
    /// `pos` changed by the probe edit `edit` (an index of [`Conformance::DESCRIPTION`]'s
    /// `probe_edits`), drawing its choices from `rng`: seeds or stones only moved or taken away as
    /// the game allows, never made. `None` when the edit does not apply to `pos` or gives no
    /// position; the result is a position of the game, not yet checked under any rulings.
    fn probe_edit(pos: &Self::Position, edit: usize, rng: &mut dyn Below)
    -> Option<Self::Position>;
    /// `pos` as a game under `rulings` tells it apart: a field no later move, event or field
    /// depends on under them is given one value, so that `conform` compares what the rulings
    /// can observe. `pos` itself by default.
    fn as_seen(pos: &Self::Position, rulings: &Self::Rulings) -> Self::Position {
        let _ = rulings;
        pos.clone()
    }
}

/// A rule id of the game's catalogue (`ZAN-17`), as the game names it (the description is a
/// leaf of the rules' modules: it imports none of them).
type RuleId = &'static str;

/// What a game says about itself, as data (not compared: it holds the game's reader).
#[derive(Clone, Copy, Debug)]
pub struct Description {
    /// The fields of a position after its holes, in the compact form's order; the values come
    /// from [`Conformance::field_values`].
    pub fields: &'static [Field],
    /// The game's long moves; `None` for a game without laps.
    pub long_moves: Option<LongMoves>,
    /// The rule that makes a reservation (a takasia, hizi zetu, a reserved hole), if the game has
    /// one.
    pub reserve_rule: Option<RuleId>,
    /// The edits that turn a position into a position probe, in words, in the order
    /// [`Conformance::probe_edit`] takes them; the first leaves the position as played.
    pub probe_edits: &'static [&'static str],
    /// The game's lenient reader of its compact form: whatever parts of a text can be read where
    /// `Game::parse_position` refuses it (another engine's position, say, with a field the game
    /// does not know).
    pub read_compact: for<'a> fn(&'a str) -> CompactParts<'a>,
}

/// A compact position text read leniently, part by part, as written: nothing is checked but the
/// form's separators. What the strict reader would refuse (a count too large, a field the game
/// does not write that way, a row too short) is kept as it stands, so that a caller can compare
/// it part by part with the game's own compact form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompactParts<'a> {
    /// The rows as the compact form writes them (the board's rows in the picture's order, top to
    /// bottom), each hole's cell as written: its count, then its marks in some games (`5^N`).
    pub rows: Vec<Vec<&'a str>>,
    /// The fields after the holes, in the order of [`Description::fields`].
    pub fields: Vec<&'a str>,
    /// The stores' counts (South's first) where a field writes them.
    pub stores: Option<[&'a str; 2]>,
}

impl<'a> CompactParts<'a> {
    /// The parts of `text`: the first word the rows, split at `/` and each row into its cells by
    /// `cells`; the other words the fields; the stores from the field `stores` names (its index)
    /// split at `between`.
    pub(crate) fn split(
        text: &'a str,
        cells: impl Fn(&'a str) -> Vec<&'a str>,
        stores: Option<(usize, char)>,
    ) -> CompactParts<'a> {
        let mut words = text.split_whitespace();
        let rows = words
            .next()
            .map(|board| board.split('/').map(&cells).collect())
            .unwrap_or_default();
        let fields: Vec<&str> = words.collect();
        let stores = stores
            .and_then(|(i, between)| fields.get(i)?.split_once(between))
            .map(|(south, north)| [south, north]);
        CompactParts {
            rows,
            fields,
            stores,
        }
    }

    /// Cells separated by commas (`4,4,0^N`).
    pub(crate) fn commas(row: &'a str) -> Vec<&'a str> {
        row.split(',').collect()
    }

    /// One character a cell (`110111`).
    pub(crate) fn characters(row: &'a str) -> Vec<&'a str> {
        row.char_indices()
            .map(|(i, c)| &row[i..i + c.len_utf8()])
            .collect()
    }
}

/// A field of a position besides its holes (`house`, `captured`, `side to move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field's name in the game's words.
    pub name: &'static str,
    /// The rule the field is about, when a difference in it points at one rule.
    pub rule: Option<RuleId>,
}

impl Field {
    /// A field whose differences point at no single rule.
    pub const fn plain(name: &'static str) -> Field {
        Field { name, rule: None }
    }

    /// A field that is `rule`'s.
    pub const fn of(name: &'static str, rule: RuleId) -> Field {
        Field {
            name,
            rule: Some(rule),
        }
    }
}

/// A game's long moves: the rule its never-ending moves break, and the ambiguity of its
/// catalogue that names how engines cut long moves instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LongMoves {
    /// The rule a never-ending move breaks (`ZAN-27`).
    pub never_ends: RuleId,
    /// The ambiguity that lists the engines' limits on long moves (`ZAN-A16`).
    pub ambiguity: RuleId,
}

/// The name of the compact form's first field, the holes, in every game.
pub const HOLES: &str = "holes";

/// A source of small random numbers for [`Conformance::probe_edit`]: `below(n)` is in
/// `0..n` (`n > 0`).
pub trait Below {
    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize;
}

impl Below for crate::rng::SplitMix64 {
    fn below(&mut self, n: usize) -> usize {
        crate::rng::SplitMix64::below(self, n)
    }
}
