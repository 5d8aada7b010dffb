//! The one interface every game implements.
//!
//! A game is a type implementing [`Game`]: its positions, its moves (the mover's complete set of
//! decisions, see the rule catalogues, `docs/rules/`), the rules that play a move, and its notation. Every
//! other part of the crate (records, replay, the spec runner, perft, the CLI) is written once,
//! generically, against this trait, and reaches a concrete game through `with_game!`.
//!
//! Speed matters here: positions are small `Copy`-able fixed arrays, playing a move works on one copy
//! of the board, and events go to a [`Sink`] that compiles to nothing where nobody listens (perft,
//! move generation).

use std::fmt;
use std::hash::Hash;

use crate::rulings::{Preset, RulingDef, RulingError, RulingSet, did_you_mean};
pub use crate::types::{
    Direction, FalseClaim, GameEnd, Generated, Notation, NotationError, Outcome, PositionError,
    PositionForm, Rejection, ResultClaim, RuleId, Side, StopReason, Terms, Unresolved,
};

/// Something a move did that moves no seeds by itself: a decision taken, a rule that changed the
/// course of the move. Each game defines its own notes with its rules (`games::kingulu::notes`,
/// `games::four_by_eight::notes`), so a new game adds notes without touching this file; rules
/// decide on the note, and [`Note::text`] gives its words.
///
/// Notes compare by their words, so a game's note constants work as patterns:
///
/// ```
/// use bao_rules::games::kingulu::notes;
/// use bao_rules::{Event, Note, NoteText};
///
/// const MINE: Note = Note::new(&NoteText { name: "MINE", text: "a note of my own game" });
/// let event = Event::Note { note: notes::OPPOSITE_RESERVED, rule: "KIN-A5" };
/// assert!(matches!(event, Event::Note { note: notes::OPPOSITE_RESERVED, .. }));
/// assert_ne!(MINE, notes::OPPOSITE_RESERVED);
/// assert_eq!(format!("{:?}", notes::OPPOSITE_RESERVED), "OPPOSITE_RESERVED");
/// ```
// A thin pointer: an event stays as small as it was with the one enum of every game's notes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Note(&'static NoteText);

/// A note's words: its name in its game's code, and its text as `explain` and traces print it.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct NoteText {
    /// The note's name in its game's code (`SAFARI`).
    pub name: &'static str,
    /// The note in words.
    pub text: &'static str,
}

impl Note {
    /// The note with these words.
    pub const fn new(words: &'static NoteText) -> Note {
        Note(words)
    }

    /// The note's name, as its game's code calls it (`SAFARI`).
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The note in words, as `explain` and traces print it.
    pub fn text(self) -> &'static str {
        self.0.text
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Note {
    /// The note's name (`SAFARI`).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl fmt::Debug for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}

/// A game's notes as constants: `NAME = "text";`, each with a doc comment naming its rule.
macro_rules! notes {
    ($($(#[$doc:meta])* $name:ident = $text:expr;)*) => {
        $(
            $(#[$doc])*
            pub const $name: $crate::game::Note =
                $crate::game::Note::new(&$crate::game::NoteText { name: stringify!($name), text: $text });
        )*
    };
}
pub(crate) use notes;

/// What a move did, step by step, in the order it happened. Holes are the game's hole indices
/// ([`Game::hole_name`] names them). Every event carries the rule behind it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "event", rename_all = "kebab-case"))]
// Exhaustive on purpose: the oracle explains and draws every event, and must hear of a new one.
pub enum Event {
    /// A lap of sowing: `seeds` lifted from `from` (or, for captured seeds, sown starting *in*
    /// `from`), the last seed falling into `to`.
    Lap {
        /// The hole the lap starts from.
        from: u8,
        /// The seeds sown.
        seeds: u16,
        /// The way round the mover's ring.
        direction: Direction,
        /// The hole the last seed falls into.
        to: u8,
        /// The rule behind the lap.
        rule: RuleId,
    },
    /// A lap ended in an occupied hole and its seeds are lifted for the next lap.
    Relay {
        /// The hole whose seeds are lifted.
        at: u8,
        /// The seeds lifted.
        seeds: u16,
        /// The rule behind the relay.
        rule: RuleId,
    },
    /// A single stone moved one hole (Kimasai).
    Step {
        /// The hole the stone leaves.
        from: u8,
        /// The hole it arrives in.
        to: u8,
        /// The rule behind the step.
        rule: RuleId,
    },
    /// `seeds` taken from the mover's reserve and put into `hole` (Kete nemo).
    Enter {
        /// The hole entered.
        hole: u8,
        /// The seeds entered.
        seeds: u16,
        /// The rule behind it.
        rule: RuleId,
    },
    /// Seeds taken from `hole` by the mover. For Kingulu the capturing seed is included.
    Capture {
        /// The hole captured.
        hole: u8,
        /// The seeds taken.
        seeds: u16,
        /// The rule behind the capture.
        rule: RuleId,
    },
    /// `hole` is reserved by `by`; `seeds` is what it holds after the reservation.
    Reserve {
        /// The hole reserved.
        hole: u8,
        /// The side that reserves it.
        by: Side,
        /// The seeds it holds after the reservation.
        seeds: u16,
        /// The rule behind the reservation.
        rule: RuleId,
    },
    /// A seed moved to a reserved hole from elsewhere (Kingulu: the last-but-one seed).
    Transfer {
        /// The hole the seed leaves.
        from: u8,
        /// The reserved hole it goes to.
        to: u8,
        /// The rule behind it.
        rule: RuleId,
    },
    /// A decision or a rule that changes the course of the move without moving seeds by itself
    /// (Kete: safari, kuu destroyed, the sixteen rule, hizi zetu); [`Note::text`] words it.
    Note {
        /// The note.
        note: Note,
        /// The rule behind it.
        rule: RuleId,
    },
    /// The move ended at `at`.
    Stop {
        /// The hole the move ended in.
        at: u8,
        /// Why it ended.
        reason: StopReason,
        /// The rule that ended it.
        rule: RuleId,
    },
    /// The game is over after this move.
    GameOver {
        /// How it ended.
        end: GameEnd,
    },
}

impl Event {
    /// The rule behind the event.
    pub fn rule(&self) -> RuleId {
        match self {
            Event::Lap { rule, .. }
            | Event::Relay { rule, .. }
            | Event::Step { rule, .. }
            | Event::Enter { rule, .. }
            | Event::Capture { rule, .. }
            | Event::Reserve { rule, .. }
            | Event::Transfer { rule, .. }
            | Event::Note { rule, .. }
            | Event::Stop { rule, .. } => rule,
            Event::GameOver { end } => end.rule,
        }
    }

    /// The event in words, holes named by the game.
    pub fn describe<G: Game>(&self) -> String {
        let h = G::hole_name;
        match *self {
            Event::Lap {
                from,
                seeds,
                direction,
                to,
                ..
            } => format!(
                "lap of {seeds} from {} {}, last seed in {}",
                h(from),
                direction.name(),
                h(to)
            ),
            Event::Relay { at, seeds, .. } => format!("relay: lift {seeds} from {}", h(at)),
            Event::Step { from, to, .. } => format!("{} -> {}", h(from), h(to)),
            Event::Enter { hole, seeds: 1, .. } => {
                format!("one seed from the {} into {}", G::TERMS.reserve, h(hole))
            }
            Event::Enter { hole, seeds, .. } => {
                format!(
                    "{seeds} seeds from the {} into {}",
                    G::TERMS.reserve,
                    h(hole)
                )
            }
            Event::Capture { hole, seeds, .. } => format!("capture {seeds} from {}", h(hole)),
            Event::Reserve {
                hole, by, seeds, ..
            } => format!("{} reserved by {by}, holding {seeds}", h(hole)),
            Event::Transfer { from, to, .. } => format!("one seed from {} to {}", h(from), h(to)),
            Event::Note { note, .. } => note.text().to_string(),
            Event::Stop { at, reason, .. } => {
                format!("stop in {}: {}", h(at), reason.describe(G::TERMS))
            }
            Event::GameOver { end } => match end.score {
                Some([s, n]) => format!("game over: {} ({s}-{n})", end.outcome),
                None => format!("game over: {}", end.outcome),
            },
        }
    }
}

/// Where a game's rules send the events of a move. `()` listens to nothing and costs nothing;
/// `Vec<Event>` records them, up to [`EVENT_LIMIT`].
pub trait Sink {
    /// False when events are dropped, so that callers can skip building them.
    const LISTENING: bool;
    /// Receives one event of a move, in the order the move made them.
    fn event(&mut self, event: Event);
    /// True when the sink takes no more events: the rules then sow on as if nobody listened,
    /// so that a long move costs no more memory, nor time, than it does unheard.
    #[inline(always)]
    fn full(&self) -> bool {
        !Self::LISTENING
    }
}

/// The most events a `Vec<Event>` sink keeps for one move. A move lasts as many laps as its
/// relays take: a never-ending one about two events a lap until its cycle is found (over a
/// thousand million laps within the budget), so a listener keeps this many and drops the rest.
/// A move that ends with this many events or more is refused to a listener as too long to tell
/// (`MoveErrorKind::TooLong` of a playthrough); one that never ends gets its verdict all the same.
/// At 24 bytes an event, 24 MiB.
pub const EVENT_LIMIT: usize = 1 << 20;

impl Sink for () {
    const LISTENING: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

impl Sink for Vec<Event> {
    const LISTENING: bool = true;
    #[inline]
    fn event(&mut self, event: Event) {
        if self.len() < EVENT_LIMIT {
            self.push(event);
        }
    }
    #[inline]
    fn full(&self) -> bool {
        self.len() >= EVENT_LIMIT
    }
}

/// A move and the position it leads to ([`Game::resolve_and_play`]).
pub type MovePlayed<G> = (<G as Game>::Move, <G as Game>::Position);

// The rulings know no game; a game reads its own from a set.
impl RulingSet {
    /// Checks the selection against game `G` and turns it into the game's rulings: the one way
    /// a ruling set becomes rulings.
    ///
    /// # Errors
    ///
    /// `RulingError`: a ruling, value or preset the game does not have, in words.
    pub fn resolve<G: Game>(&self) -> Result<G::Rulings, RulingError> {
        self.check(G::RULINGS, G::RULESET)?;
        G::rulings(self)
    }

    /// Preset `name` of game `G` with this set's own choices on top: a single ruling overrides
    /// the preset's value. An unknown preset is an error, never ignored.
    ///
    /// # Errors
    ///
    /// `RulingError`: a ruling, value or preset the game does not have, in words.
    pub fn over_preset<G: Game>(&self, name: &str) -> Result<RulingSet, RulingError> {
        let Some(preset) = G::PRESETS.iter().find(|p| p.name == name) else {
            let known: Vec<&str> = G::PRESETS.iter().map(|p| p.name).collect();
            let known = if known.is_empty() {
                "it has none".to_string()
            } else {
                format!("it has {}", known.join(", "))
            };
            let hint = did_you_mean(name, G::PRESETS.iter().map(|p| p.name));
            return Err(RulingError {
                message: format!("`{name}` is not a preset of {}: {known}{hint}", G::RULESET),
            });
        };
        Ok(self.over(preset))
    }
}

/// `compact, diagram and donkers`: a game's position forms in words.
pub fn form_names(forms: &[PositionForm]) -> String {
    let names: Vec<&str> = forms.iter().map(|f| f.name()).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// A game's rules and notation. See the module docs.
pub trait Game: Sized + 'static {
    /// The ruleset id (`bao-kingulu`).
    const RULESET: &'static str;
    /// The game's name in words.
    const NAME: &'static str;
    /// The named rulings of the reference, with their defaults and alternatives.
    const RULINGS: &'static [RulingDef];
    /// Named bundles of ruling values that match a source or an engine (`--preset NAME`). The
    /// catalogue (`spec/<ruleset>/rules.yaml`) lists the same, and the spec runner holds the two
    /// to each other.
    const PRESETS: &'static [Preset] = &[];
    /// The notations a record of this game may declare (`notation:`); the first is the default.
    const NOTATIONS: &'static [Notation] = &[Notation::Canonical];
    /// The written forms of a position that [`Game::parse_position`] reads and
    /// [`Game::format_position`] writes.
    const POSITION_FORMS: &'static [PositionForm] = &[PositionForm::Compact, PositionForm::Diagram];
    /// The rule catalogue: every rule and ambiguity id of the reference, with its source, and
    /// the named rulings, as YAML (format: the oracle's `spec/README.md`). This crate's games keep
    /// theirs in `catalogues/<ruleset>.yaml`, which the specification's `spec/<ruleset>/rules.yaml`
    /// links to.
    const CATALOGUE: &'static str;
    /// The number of holes of the board: holes are `0..HOLES` ([`Game::hole_name`]).
    const HOLES: u8;
    /// The game's words for its house and reserve, where it has them.
    const TERMS: Terms = Terms {
        house: "kuu",
        reserve: "reserve",
    };

    /// A validated position: everything that decides the rest of the game except its history.
    /// Every game's position answers the one [`crate::Position`] trait, and is read from its text
    /// ([`std::str::FromStr`], [`Game::parse_position`]).
    type Position: crate::position::Position + std::str::FromStr<Err = PositionError> + Default;
    /// A move: the mover's complete set of decisions.
    type Move: Copy + Eq + Ord + Hash + fmt::Debug + Send + Sync;
    /// A move as written, with any claims: what notation parses into.
    type Spelling: Clone + fmt::Debug;
    /// The game's rulings, resolved from a [`RulingSet`].
    type Rulings: Clone + fmt::Debug + Default + Send + Sync;
    /// What must repeat for a repetition rule (KIN-A9, MAS-11); `()` for games without one.
    type RepetitionKey: Clone + Eq + Hash;

    // --- rules -------------------------------------------------------------------------------

    /// Resolve a ruling set for this game (names and values are already checked against
    /// [`Game::RULINGS`]).
    ///
    /// # Errors
    ///
    /// `RulingError`: a ruling, value or preset the game does not have, in words.
    fn rulings(set: &RulingSet) -> Result<Self::Rulings, RulingError>;

    /// The standard start position.
    fn start() -> Self::Position;
    /// The side to move in `pos`.
    fn side_to_move(pos: &Self::Position) -> Side;
    /// Sets the side to move of `pos` (the standard start with `first: north`).
    fn set_side_to_move(pos: &mut Self::Position, side: Side);

    /// Writes the legal moves of `pos` into `out` (cleared first), in canonical order.
    fn legal_moves(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        out: &mut Vec<Self::Move>,
    ) -> Generated;

    /// [`Game::legal_moves`] with the position each move leads to, for perft: the moves into
    /// `moves` and the positions into `children` (both cleared first, in the same canonical
    /// order). The default plays each listed move; a game whose generation sows a move to test it
    /// overrides this so that each move is sown once.
    fn legal_children(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        moves: &mut Vec<Self::Move>,
        children: &mut Vec<Self::Position>,
    ) -> Generated {
        let generated = Self::legal_moves(pos, rulings, moves);
        children.clear();
        children.extend(
            moves
                .iter()
                .map(|&mv| Self::play(pos, rulings, mv, &mut ()).expect("a listed move plays")),
        );
        generated
    }

    /// Perft's last ply: the number of legal moves of `pos`, or 0 if the game is over there.
    /// `moves` is a buffer. The default lists the moves; a game that can count them for less
    /// overrides this.
    fn count_last_ply(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        moves: &mut Vec<Self::Move>,
    ) -> u64 {
        let generated = Self::legal_moves(pos, rulings, moves);
        match Self::end_after_generating(pos, rulings, moves, generated) {
            Some(_) => 0,
            None => moves.len() as u64,
        }
    }

    /// Plays `mv` on `pos`: the position after it, or why it is refused. Every move is checked;
    /// events go to `sink` in the order they happen. The end of the game is not an event of the
    /// move (a `Playthrough` adds [`Event::GameOver`]), so perft never pays for it.
    ///
    /// # Errors
    ///
    /// `Rejection`: why the rules refuse the move (illegal, with the rule it breaks, or undecided).
    fn play<S: Sink>(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        mv: Self::Move,
        sink: &mut S,
    ) -> Result<Self::Position, Rejection>;

    /// The board partway through a move, for explanations (`explain`): `pos` with
    /// `events` applied, `events` being the first events [`Game::play`] reported for one move
    /// from `pos`, ending where no seed is in hand; the mover still to move. `None` where the
    /// game does not tell: a game whose captures end the move (Kingulu, Kimasai) needs no such
    /// board, since the position after the move shows it.
    fn position_during(_pos: &Self::Position, _events: &[Event]) -> Option<Self::Position> {
        None
    }

    /// The end of the game if `pos` is final (the side to move has lost, cannot move, ...).
    fn end(pos: &Self::Position, rulings: &Self::Rulings) -> Option<GameEnd>;

    /// [`Game::end`] for a caller that has just generated the legal moves of `pos`: a game
    /// that ends exactly when no move is left (KIN-12) answers without generating them again.
    fn end_after_generating(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        _legal: &[Self::Move],
        _generated: Generated,
    ) -> Option<GameEnd> {
        Self::end(pos, rulings)
    }

    /// The key under which repetitions are compared, or `None` if the game has no such rule.
    fn repetition_key(pos: &Self::Position) -> Option<Self::RepetitionKey>;
    /// How a game ends when `pos` repeats an earlier moment of it.
    fn repetition_end(pos: &Self::Position) -> GameEnd;

    // --- notation ----------------------------------------------------------------------------

    /// The name of hole `index` (`A3`, `b12`).
    fn hole_name(index: u8) -> &'static str;

    /// Parses a move as written (long and annotated forms included).
    ///
    /// # Errors
    ///
    /// `NotationError`: the text is not the game's notation.
    fn parse_move(text: &str) -> Result<Self::Spelling, NotationError>;
    /// Parses a move written in `notation`, one of [`Game::NOTATIONS`].
    ///
    /// # Errors
    ///
    /// `NotationError`: the text is not the game's notation.
    fn parse_move_in(notation: Notation, text: &str) -> Result<Self::Spelling, NotationError> {
        match notation {
            Notation::Canonical => Self::parse_move(text),
            other => Err(NotationError::new(format!(
                "{} has no {other} notation",
                Self::NAME
            ))),
        }
    }
    /// The canonical spelling of a move (no claims).
    fn format_move(mv: Self::Move) -> String;
    /// What a move of `pos`'s side to move is played under, where the game has such a thing:
    /// Bao la Kete's hizi zetu and Zanzibar's takasia (`**`), as a sentence with its rule.
    fn played_under(_pos: &Self::Position) -> Option<(RuleId, String)> {
        None
    }
    /// The canonical spelling of `mv`, played from `pos` with `events`, with the claims it bears
    /// out (`A7<*`, `a5<+x`): what a record written by the oracle says of a move. Games without
    /// claims worth writing keep [`Game::format_move`].
    fn format_annotated(_pos: &Self::Position, mv: Self::Move, _events: &[Event]) -> String {
        Self::format_move(mv)
    }
    /// The spelling of `mv`, a legal move of `pos`, in `notation` (Donkers' depends on the side
    /// and the stage).
    fn format_move_in(
        notation: Notation,
        _pos: &Self::Position,
        _rulings: &Self::Rulings,
        mv: Self::Move,
    ) -> String {
        match notation {
            Notation::Canonical => Self::format_move(mv),
            _ => Self::format_move(mv),
        }
    }
    /// The one legal move of `pos` that a spelling names.
    ///
    /// # Errors
    ///
    /// `Unresolved`: the spelling names no single legal move of the position.
    fn resolve(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        spelling: &Self::Spelling,
    ) -> Result<Self::Move, Unresolved<Self::Move>>;
    /// Whether the rules refuse the move `spelling` names at `pos` ([`Game::resolve`] answers
    /// [`Unresolved::Rejected`] with an illegal move's [`Rejection`]), given the position's legal
    /// moves (`legal`, as [`Game::legal_moves`] lists them): for a caller that asks it of many
    /// spellings at one position (`conform` looks for illegal moves among every hole's name). A
    /// game whose resolve lists the moves, or plays a move to say why it is refused, overrides
    /// this so that neither is done for nothing.
    fn refused_among(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        spelling: &Self::Spelling,
        legal: &[Self::Move],
    ) -> bool {
        let _ = legal;
        matches!(
            Self::resolve(pos, rulings, spelling),
            Err(Unresolved::Rejected(Rejection::Illegal { .. }))
        )
    }
    /// [`Game::resolve`] and [`Game::play`] in one: the move `spelling` names, played from `pos`,
    /// with its events in `events` (cleared first; left empty on an error). A game whose resolve
    /// plays the move to test it overrides this so that a written move is sown once.
    ///
    /// # Errors
    ///
    /// `Unresolved`: the spelling names no single legal move of the position.
    fn resolve_and_play(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        spelling: &Self::Spelling,
        events: &mut Vec<Event>,
    ) -> Result<MovePlayed<Self>, Unresolved<Self::Move>> {
        events.clear();
        let mv = Self::resolve(pos, rulings, spelling)?;
        match Self::play(pos, rulings, mv, events) {
            Ok(next) => Ok((mv, next)),
            Err(rejection) => {
                events.clear();
                Err(Unresolved::Rejected(rejection))
            }
        }
    }
    /// The claims of `spelling`, played from `before`, that the move's events do not bear out.
    fn check_claims(
        before: &Self::Position,
        spelling: &Self::Spelling,
        events: &[Event],
    ) -> Vec<FalseClaim>;

    /// Reads a position in any of the game's [`Game::POSITION_FORMS`], told apart by their shape
    /// ([`PositionForm::of`]), validating it: the one reader of position text.
    ///
    /// # Errors
    ///
    /// `PositionError`: the text or the parts are no valid position of the game (with the rule broken, where one is).
    fn parse_position(text: &str) -> Result<Self::Position, PositionError>;
    /// What a position must also be under `rulings` (where the rulings decide what can arise:
    /// Zanzibar's obligation due, a front row emptied under `namua-lone-kichwa = either`).
    ///
    /// # Errors
    ///
    /// `PositionError`: the text or the parts are no valid position of the game (with the rule broken, where one is).
    fn check_position(
        _pos: &Self::Position,
        _rulings: &Self::Rulings,
    ) -> Result<(), PositionError> {
        Ok(())
    }
    /// [`Game::parse_position`] and [`Game::check_position`]: a position read for a game played
    /// under `rulings`.
    ///
    /// # Errors
    ///
    /// `PositionError`: the text or the parts are no valid position of the game (with the rule broken, where one is).
    fn parse_position_under(
        text: &str,
        rulings: &Self::Rulings,
    ) -> Result<Self::Position, PositionError> {
        let pos = Self::parse_position(text)?;
        Self::check_position(&pos, rulings)?;
        Ok(pos)
    }
    /// The one-line compact form.
    fn format_compact(pos: &Self::Position) -> String;
    /// The multi-line diagram, North on top, as the reference draws it.
    fn format_diagram(pos: &Self::Position) -> String;
    /// `pos` written in `form`, which [`Game::parse_position`] reads back as `pos`; an error if
    /// the game has no such form or the form has no field for something `pos` holds.
    ///
    /// # Errors
    ///
    /// `PositionError`: the text or the parts are no valid position of the game (with the rule broken, where one is).
    fn format_position(form: PositionForm, pos: &Self::Position) -> Result<String, PositionError> {
        match form {
            PositionForm::Compact => Ok(Self::format_compact(pos)),
            PositionForm::Diagram => Ok(Self::format_diagram(pos)),
            other => Err(PositionError::syntax(format!(
                "{} has no {other} position form (it has {})",
                Self::NAME,
                form_names(Self::POSITION_FORMS)
            ))),
        }
    }
    /// The position as a picture draws it: the diagram's rows, North on top, with the marks and
    /// stores of [`crate::board`].
    fn board(pos: &Self::Position) -> crate::board::Board;
}

/// Game `$game`'s position type `$position`: the trait, its written forms and its start, from
/// the game's functions. Each game's folder invokes it for its own type, so a new game writes
/// this one line (the compiler asks for it: [`Game::Position`] is bound by the trait).
macro_rules! game_position {
    ($game:ident, $position:ty) => {
        impl std::fmt::Display for $position {
            /// The compact form; `{:#}` the diagram.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                use $crate::game::Game;
                if f.alternate() {
                    f.write_str(&$game::format_diagram(self))
                } else {
                    f.write_str(&$game::format_compact(self))
                }
            }
        }

        impl std::str::FromStr for $position {
            type Err = $crate::types::PositionError;
            /// Reads a position in any of the game's written forms ([`Game::parse_position`]).
            ///
            /// [`Game::parse_position`]: crate::Game::parse_position
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                <$game as $crate::game::Game>::parse_position(text)
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $position {
            /// The compact form.
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $position {
            /// Any written form the game reads.
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }

        impl Default for $position {
            /// The standard start.
            fn default() -> Self {
                <$game as $crate::game::Game>::start()
            }
        }

        impl $crate::position::Position for $position {
            fn ruleset(&self) -> $crate::ruleset::Ruleset {
                $crate::ruleset::Ruleset::$game
            }
            fn game_start(&self) -> Self {
                <$game as $crate::game::Game>::start()
            }
            fn side_to_move(&self) -> $crate::types::Side {
                <$game as $crate::game::Game>::side_to_move(self)
            }
            fn hole_count(&self) -> u8 {
                <$game as $crate::game::Game>::HOLES
            }
            fn seeds(&self, hole: u8) -> u16 {
                self.seeds_at(hole)
            }
            fn stores(&self) -> [u16; 2] {
                self.off_board()
            }
            fn board(&self) -> $crate::board::Board {
                <$game as $crate::game::Game>::board(self)
            }
        }
    };
}

pub(crate) use game_position;
