//! The plain types every part of the rules shares: the sides, directions, outcomes and claims,
//! rule ids, notations, and the errors of reading and refusing moves. A leaf: it imports no other
//! file of the crate, so the games, the rulings and the pictures can all use it.

use std::fmt;

/// A rule id of the references (`KIN-7`, `MAS-6`, `KETE-A7`).
pub type RuleId = &'static str;

/// The two players. South moves first unless a record or position says otherwise. Written
/// `south` / `north` everywhere (records, reports, the protocol, the specification).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// South, the player at the bottom of the diagram.
    South,
    /// North, the player at the top of the diagram.
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index of per-side arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `south` or `north`.
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The side named `south` or `north`.
    pub fn parse(s: &str) -> Option<Side> {
        match s {
            "south" => Some(Side::South),
            "north" => Some(Side::North),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a finished game ended. Written `south`, `north` (the winner) or `draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The side won.
    Win(Side),
    /// Neither side won.
    Draw,
}

impl Outcome {
    /// `south`, `north` or `draw`, as records write it.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win(s) => s.name(),
            Outcome::Draw => "draw",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a game stands, as a record's `result:` or a scenario claims it: over with an
/// [`Outcome`], or not over yet. Written `south`, `north`, `draw` or `unfinished`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultClaim {
    /// The game is over with this outcome.
    Over(Outcome),
    /// The game is not over.
    Unfinished,
}

impl ResultClaim {
    /// `south`, `north`, `draw` or `unfinished`.
    pub fn parse(text: &str) -> Option<ResultClaim> {
        match text {
            "south" => Some(ResultClaim::Over(Outcome::Win(Side::South))),
            "north" => Some(ResultClaim::Over(Outcome::Win(Side::North))),
            "draw" => Some(ResultClaim::Over(Outcome::Draw)),
            "unfinished" => Some(ResultClaim::Unfinished),
            _ => None,
        }
    }

    /// The stable name.
    pub fn name(self) -> &'static str {
        match self {
            ResultClaim::Over(outcome) => outcome.name(),
            ResultClaim::Unfinished => "unfinished",
        }
    }
}

impl fmt::Display for ResultClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Serde by the written names, for the types above that are not plain enums.
#[cfg(feature = "serde")]
macro_rules! serde_by_name {
    ($ty:ty, $parse:expr, $expected:literal) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                let parse: fn(&str) -> Option<$ty> = $parse;
                parse(&text).ok_or_else(|| {
                    serde::de::Error::invalid_value(serde::de::Unexpected::Str(&text), &$expected)
                })
            }
        }
    };
}

#[cfg(feature = "serde")]
serde_by_name!(
    Outcome,
    |t| match ResultClaim::parse(t) {
        Some(ResultClaim::Over(o)) => Some(o),
        _ => None,
    },
    "south, north or draw"
);
#[cfg(feature = "serde")]
serde_by_name!(
    ResultClaim,
    ResultClaim::parse,
    "south, north, draw or unfinished"
);

/// The end of a game: who won, by which rule, and the final score where the game counts one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GameEnd {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// The rule that ended the game.
    pub rule: RuleId,
    /// Seeds counted for (South, North), for games decided on score (Kingulu).
    pub score: Option<[u16; 2]>,
}

/// A sowing direction on a player's ring, as the references name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Direction {
    /// Clockwise, seen from above.
    Clockwise,
    /// Anticlockwise, seen from above.
    Anticlockwise,
}

impl Direction {
    /// The other direction.
    pub fn reversed(self) -> Direction {
        match self {
            Direction::Clockwise => Direction::Anticlockwise,
            Direction::Anticlockwise => Direction::Clockwise,
        }
    }

    /// `clockwise` or `anticlockwise`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Clockwise => "clockwise",
            Direction::Anticlockwise => "anticlockwise",
        }
    }
}

/// Why a move (or a lap) came to an end.
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// The last seed fell into an empty hole.
    EmptyHole,
    /// The last seed fell into a reserved hole.
    ReservedHole,
    /// A hole was reserved (Kingulu KIN-10, Kete hizi zetu).
    Reservation,
    /// The mover chose to stop at his kuu, or a takata lap ended there (Kete).
    Kuu,
    /// The game was won mid-move (Kete Bao hamna).
    GameWon,
    /// A stone arrived (Kimasai: every move is one step).
    Arrived,
}

impl StopReason {
    /// The reason in words, the house named as the game names it.
    pub fn describe(self, terms: Terms) -> String {
        match self {
            StopReason::EmptyHole => "the last seed fell into an empty hole".into(),
            StopReason::ReservedHole => "the last seed fell into a reserved hole".into(),
            StopReason::Reservation => "a hole was reserved".into(),
            StopReason::Kuu => format!("the move stops at the {}", terms.house),
            StopReason::GameWon => "the game is won".into(),
            StopReason::Arrived => "the stone arrived".into(),
        }
    }
}

/// A game's own words for the parts that descriptions share: Bao la Kete's kuu and reserve are
/// Bao la Kiswahili's house and store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// The square hole: `kuu` (Kete), `house` (nyumba, Kiswahili).
    pub house: &'static str,
    /// The seeds not yet entered: `reserve` (Kete), `store` (Kiswahili).
    pub reserve: &'static str,
}

/// Why a move is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Rejection {
    /// The move breaks `rule`; `reason` says how, in words.
    Illegal {
        /// The rule broken.
        rule: RuleId,
        /// How, in words.
        reason: String,
    },
    /// The move's relay neither ended nor repeated within the cycle detector's budget
    /// (the cycle detector's `LAP_BUDGET`): neither legal nor illegal.
    Undecided {
        /// The laps played before the budget ran out.
        laps: u64,
    },
    /// The move ends, but a listener was told only its first `events` events
    /// (the game module's `EVENT_LIMIT`): too long to follow event by event, so not played for it.
    TooLong {
        /// The events told before the limit.
        events: usize,
    },
}

impl Rejection {
    /// The refusal of a move that breaks `rule`, `reason` in words.
    pub fn illegal(rule: RuleId, reason: impl Into<String>) -> Rejection {
        Rejection::Illegal {
            rule,
            reason: reason.into(),
        }
    }

    /// The rule broken, if the move is illegal.
    pub fn rule(&self) -> Option<RuleId> {
        match self {
            Rejection::Illegal { rule, .. } => Some(rule),
            Rejection::Undecided { .. } | Rejection::TooLong { .. } => None,
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::Illegal { rule, reason } => write!(f, "{reason} ({rule})"),
            Rejection::Undecided { laps } => write!(
                f,
                "the move neither ended nor repeated within {laps} laps: undecided"
            ),
            Rejection::TooLong { events } => write!(
                f,
                "the move ends, but only after {events} events or more: too long to follow step \
                 by step"
            ),
        }
    }
}

impl std::error::Error for Rejection {}

/// A move text that is not notation for this game at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// Why, in words.
    pub message: String,
}

impl NotationError {
    /// The error with `message`.
    pub fn new(message: impl Into<String>) -> Self {
        NotationError {
            message: message.into(),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotationError {}

/// A position text that cannot be read, or describes no reachable kind of position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// Why, in words.
    pub message: String,
    /// The rule a valid position would break (`KIN-2` for a wrong seed count), if any.
    pub rule: Option<RuleId>,
}

impl PositionError {
    /// A position text that cannot be read.
    pub fn syntax(message: impl Into<String>) -> Self {
        PositionError {
            message: message.into(),
            rule: None,
        }
    }

    /// A position that breaks `rule`.
    pub fn rule(rule: RuleId, message: impl Into<String>) -> Self {
        PositionError {
            message: message.into(),
            rule: Some(rule),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PositionError {}

/// How a spelling failed to name exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unresolved<M> {
    /// No legal move fits; the rejection of the move the spelling names (or its best reading).
    Rejected(Rejection),
    /// More than one legal move fits a shortened spelling.
    Ambiguous(Vec<M>),
    /// The spelling is not notation in this position (Kete: a hole without its row letter in
    /// mtaji), although it parsed: reported like a text that does not parse (`not-notation`).
    NotNotation(NotationError),
}

impl<M> Unresolved<M> {
    /// The same answer with its candidate moves turned into `f(move)`.
    pub fn map_moves<N>(self, f: impl FnMut(M) -> N) -> Unresolved<N> {
        match self {
            Unresolved::Rejected(rejection) => Unresolved::Rejected(rejection),
            Unresolved::Ambiguous(moves) => {
                Unresolved::Ambiguous(moves.into_iter().map(f).collect())
            }
            Unresolved::NotNotation(e) => Unresolved::NotNotation(e),
        }
    }
}

impl<M: fmt::Debug> fmt::Display for Unresolved<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unresolved::Rejected(rejection) => rejection.fmt(f),
            Unresolved::Ambiguous(moves) => write!(f, "the spelling fits {} moves", moves.len()),
            Unresolved::NotNotation(e) => e.fmt(f),
        }
    }
}

impl<M: fmt::Debug> std::error::Error for Unresolved<M> {}

/// A claim that a move's annotation makes and the move does not bear out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FalseClaim {
    /// The rule the claim is about (`KIN-9` for a capture count).
    pub rule: RuleId,
    /// What the claim said and what the move did, in words.
    pub message: String,
}

/// The outcome of generating the legal moves of a position: how many candidates the list leaves
/// out because they could not be decided. Not to be dropped unread (`Incomplete::check` turns it
/// into an answer that cannot be).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[must_use = "moves left out as undecided are lost unless the count is read"]
pub struct Generated {
    /// Candidate moves left out because their legality could not be decided within the budget.
    pub undecided: u32,
}

/// A move notation a record may be written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Notation {
    /// The oracle's notation (README, *Positions and move notation*).
    #[default]
    Canonical,
    /// Donkers' transcript notation for the 4x8 games (`7L*`, `5R>`, `B2L`).
    Donkers,
}

impl Notation {
    /// `canonical` or `donkers`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Canonical => "canonical",
            Notation::Donkers => "donkers",
        }
    }

    /// The notation named `text`.
    pub fn parse(text: &str) -> Option<Notation> {
        [Notation::Canonical, Notation::Donkers]
            .into_iter()
            .find(|n| n.name() == text)
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A written form of a position. Every game reads and writes [`PositionForm::Compact`] and
/// [`PositionForm::Diagram`]; the 4×8 games also Donkers' bracket strings
/// (each game lists its own: `Game::POSITION_FORMS`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum PositionForm {
    /// One line: the rows, the stores, the game's own fields, the side to move.
    #[default]
    Compact,
    /// Several lines, North on top, as the references draw the board.
    Diagram,
    /// The position strings of Donkers' program for the 4×8 games (its `postostr`, and the
    /// `opening:` header of its game files): `[ b8..b1 | a8..a1 | A1..A8 | B1..B8 | stores South
    /// North | houses T/F South North | takasia-ed hole or 255 | side to move, 0 South ]`.
    Donkers,
}

impl PositionForm {
    /// Every form, in the order help texts list them.
    pub const ALL: [PositionForm; 3] = [
        PositionForm::Compact,
        PositionForm::Diagram,
        PositionForm::Donkers,
    ];

    /// `compact`, `diagram` or `donkers`, as the command line and the docs write it.
    pub fn name(self) -> &'static str {
        match self {
            PositionForm::Compact => "compact",
            PositionForm::Diagram => "diagram",
            PositionForm::Donkers => "donkers",
        }
    }

    /// The form a name (`compact`, `diagram`, `donkers`) names, if any.
    pub fn parse(text: &str) -> Option<PositionForm> {
        PositionForm::ALL.into_iter().find(|f| f.name() == text)
    }

    /// The form `text` is written in, by its shape: a bracket string starts with `[`, a diagram
    /// spans lines, anything else is read as compact.
    pub fn of(text: &str) -> PositionForm {
        let text = text.trim();
        if text.starts_with('[') {
            PositionForm::Donkers
        } else if text.contains('\n') {
            PositionForm::Diagram
        } else {
            PositionForm::Compact
        }
    }
}

impl fmt::Display for PositionForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The legal moves that were decided, when some candidate moves could not be: their relay neither
/// ended nor repeated within the cycle detector's budget, so they are neither legal nor illegal.
/// The answer of a `legal_moves` that would otherwise leave them out in silence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incomplete<M> {
    /// The moves known to be legal, in canonical order.
    pub legal: Vec<M>,
    /// How many candidate moves were left undecided.
    pub undecided: u32,
}

impl<M> Incomplete<M> {
    /// The list as [`Generated`] reports it: `Ok` when every candidate was decided.
    ///
    /// # Errors
    ///
    /// `Incomplete` when some candidate moves could not be decided: the ones that were, and how many were not.
    pub fn check(legal: Vec<M>, generated: Generated) -> Result<Vec<M>, Incomplete<M>> {
        if generated.undecided == 0 {
            Ok(legal)
        } else {
            Err(Incomplete {
                legal,
                undecided: generated.undecided,
            })
        }
    }

    /// A `legal_moves` answer taken apart: the moves known to be legal and how many candidates
    /// were left undecided (0 for a complete list), for callers that report both.
    pub fn split(answer: Result<Vec<M>, Incomplete<M>>) -> (Vec<M>, u32) {
        match answer {
            Ok(legal) => (legal, 0),
            Err(incomplete) => (incomplete.legal, incomplete.undecided),
        }
    }

    /// The moves known to be legal, ignoring the undecided ones on purpose.
    pub fn into_legal(self) -> Vec<M> {
        self.legal
    }

    /// The same answer with each move turned into `f(move)`.
    pub fn map<N>(self, f: impl FnMut(M) -> N) -> Incomplete<N> {
        Incomplete {
            legal: self.legal.into_iter().map(f).collect(),
            undecided: self.undecided,
        }
    }
}

impl<M> fmt::Display for Incomplete<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} legal moves, and {} candidate moves undecided: their relay neither ended nor \
             repeated within the cycle detector's budget",
            self.legal.len(),
            self.undecided
        )
    }
}

impl<M: fmt::Debug> std::error::Error for Incomplete<M> {}

/// An error that gives back what it refused (a position, a game), so that nothing is lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused<T, E> {
    /// What was refused, unchanged.
    pub value: T,
    /// Why.
    pub error: E,
}

impl<T, E> Refused<T, E> {
    /// What was refused, unchanged.
    pub fn into_inner(self) -> T {
        self.value
    }
}

impl<T, E: fmt::Display> fmt::Display for Refused<T, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl<T: fmt::Debug, E: fmt::Display + fmt::Debug> std::error::Error for Refused<T, E> {}
