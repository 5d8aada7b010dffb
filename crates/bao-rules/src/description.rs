//! How a game is described, beside what it is: the fields of its positions with the rules they
//! are about, the rules of its long moves, its reservations and its obligations, and the edits
//! that turn a position into a position probe. Each game gives its [`Description`] in its own
//! folder (`Game::DESCRIPTION`); whatever judges or probes games generically (the
//! oracle's conformance test) reads it, and names no game.

/// A rule id of the game's catalogue (`ZAN-17`), as the game names it (the description is a
/// leaf of the rules' modules: it imports none of them).
type RuleId = &'static str;

/// What a game says about itself, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Description {
    /// The fields of a position after its holes, in the compact form's order; the values come
    /// from `Game::field_values`.
    pub fields: &'static [Field],
    /// The game's long moves; `None` for a game without laps.
    pub long_moves: Option<LongMoves>,
    /// The rule that makes a reservation (a takasia, hizi zetu, a reserved hole), if the game has
    /// one.
    pub reserve_rule: Option<RuleId>,
    /// The edits that turn a position into a position probe, in words, in the order
    /// `Game::probe_edit` takes them; the first leaves the position as played.
    pub probe_edits: &'static [&'static str],
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

/// A source of small random numbers for `Game::probe_edit`: `below(n)` is in
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
