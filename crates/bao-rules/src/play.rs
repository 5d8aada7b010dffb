//! The one path from move text to a played move or a typed error.
//!
//! [`Playthrough::play_text_into`] is the only place where a written move becomes a played one
//! ([`Playthrough::resolve_text`] is its first half, for callers that need the move unplayed):
//! `check`, `play`, `explain`, the spec runner, the engine protocol and `conform` all call it and
//! only decorate its answer (a span and a help line, a protocol id, a comparison). It answers in
//! one precedence order, the same for every caller:
//!
//! 1. the game is already over: [`MoveErrorKind::AfterEnd`], with the rule that ended it;
//! 2. the text is not the game's notation: [`MoveErrorKind::NotNotation`];
//! 3. the spelling names no single legal move in the position: [`MoveErrorKind::Ambiguous`] (the
//!    candidates listed), [`MoveErrorKind::NotNotation`] (notation only elsewhere, e.g. a Kete hole
//!    without its row letter in mtaji), or the refusal of the move it names (4);
//! 4. the rules refuse the move: [`MoveErrorKind::Illegal`] with the rule it breaks, or
//!    [`MoveErrorKind::Undecided`] when its relay is beyond the cycle detector's budget;
//! 5. the move ends, but its events fill the buffer ([`crate::game::EVENT_LIMIT`]):
//!    [`MoveErrorKind::TooLong`]. A move's memory is bounded however long it runs: the events
//!    past the limit are dropped as they come, and a never-ending move is refused at 4.
//!
//! A false claim (`A3x` for a move that captures nothing) is not an error: the move is played,
//! and [`Played::false_claims`] lists what it did not bear out.

use std::fmt;
use std::sync::OnceLock;

use crate::code::Code;
use crate::fasthash::FxBuildHasher;
use crate::game::{
    EVENT_LIMIT, Event, FalseClaim, Game, GameEnd, Notation, Rejection, RuleId, Sink, Unresolved,
};
use crate::types::Incomplete;

/// A game in progress: a position with the history that repetition rules need. Perft and move
/// generation use bare positions; records, random games and conformance runs use this.
///
/// A game read from a record, a scenario or a request is set up by [`Playthrough::from_setup`];
/// [`Playthrough::new`] and [`Playthrough::with_history`] build one from parts already checked.
pub struct Playthrough<G: Game> {
    position: G::Position,
    rulings: G::Rulings,
    /// The notation move texts are read and written in: set only by the setup.
    notation: Notation,
    /// Move texts are read in any of the game's notations ([`Playthrough::reading_any_notation`]).
    any_notation: bool,
    seen: std::collections::HashSet<G::RepetitionKey, FxBuildHasher>,
    /// The position repeats one seen before (the game's repetition rule ends it).
    repeated: bool,
    /// The end, decided when first asked for (a move played with no sink listening, as a search
    /// plays it, does not look at the next position's moves) or from the moves when they are
    /// listed ([`Game::end_after_generating`]).
    end: End,
}

/// A game's end: decided (as a move heard event by event decides it, with no cell to set), or to
/// be decided when first asked for. A move checked in a replay sets no lock: `OnceLock::from` a
/// move cost a tenth of a check of Bao Kingulu's games.
#[derive(Clone, Debug)]
enum End {
    Decided(Option<GameEnd>),
    Undecided(OnceLock<Option<GameEnd>>),
}

impl End {
    fn undecided() -> End {
        End::Undecided(OnceLock::new())
    }

    /// The end if decided.
    fn get(&self) -> Option<Option<GameEnd>> {
        match self {
            End::Decided(end) => Some(*end),
            End::Undecided(cell) => cell.get().copied(),
        }
    }

    /// The end, decided by `decide` if it is not yet.
    fn get_or_init(&self, decide: impl FnOnce() -> Option<GameEnd>) -> Option<GameEnd> {
        match self {
            End::Decided(end) => *end,
            End::Undecided(cell) => *cell.get_or_init(decide),
        }
    }
}

// By hand: a derive would ask `G: Clone` of the game type itself.
impl<G: Game> Clone for Playthrough<G> {
    fn clone(&self) -> Self {
        Playthrough {
            position: self.position.clone(),
            rulings: self.rulings.clone(),
            notation: self.notation,
            any_notation: self.any_notation,
            seen: self.seen.clone(),
            repeated: self.repeated,
            end: self.end.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for Playthrough<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Playthrough")
            .field("position", &self.position)
            .field("rulings", &self.rulings)
            .field("notation", &self.notation)
            .field("end", &self.end.get())
            .finish_non_exhaustive()
    }
}

impl<G: Game> Playthrough<G> {
    /// A game from `position` under `rulings`, with no history before it.
    pub fn new(position: G::Position, rulings: G::Rulings) -> Self {
        // The start's repetition key is recorded by the first move (`advance`): a game that only
        // lists its moves, or is read and dropped, allocates no set.
        Playthrough {
            position,
            rulings,
            notation: Notation::Canonical,
            any_notation: false,
            seen: std::collections::HashSet::default(),
            repeated: false,
            end: End::undecided(),
        }
    }

    /// A game that has gone through `history` (earlier positions, oldest first) to `position`:
    /// the game's repetition rule counts them as seen.
    pub fn with_history(
        position: G::Position,
        rulings: G::Rulings,
        history: &[G::Position],
    ) -> Self {
        let mut game = Playthrough::new(position, rulings);
        game.seen.extend(
            history
                .iter()
                .chain([&game.position])
                .filter_map(G::repetition_key),
        );
        game
    }

    /// Makes room for the repetition keys of `plies` more moves, in a game whose rules count
    /// repetitions: a replay that knows its length grows the set once, not a few times a game.
    pub fn reserve_plies(&mut self, plies: usize) {
        if G::repetition_key(&self.position).is_some() {
            self.seen.reserve(plies + 1);
        }
    }

    /// Sets the notation move texts are read and written in (checked by the setup).
    pub(crate) fn set_notation(&mut self, notation: Notation) {
        self.notation = notation;
    }

    /// The game with move texts read in any of its notations (for moves typed where no notation
    /// was asked for: the command line, Python): a text is taken in every notation that reads
    /// it and names a legal move, as long as they all name the same move; where they name
    /// different ones it is refused ([`MoveErrorKind::Ambiguous`], both moves its candidates) with
    /// the hint to name the notation. Moves are still written in [`Playthrough::notation`], and a
    /// record (which says its notation) is never read so.
    pub fn reading_any_notation(mut self) -> Self {
        self.any_notation = true;
        self
    }

    /// The game as it stands (position, history, notation, end) under other rulings: the twin
    /// that `explain --compare-ruling` plays the next move in.
    pub fn under_rulings(mut self, rulings: G::Rulings) -> Self {
        // The end as it stands: decided under the rulings the game was played under.
        self.end();
        self.rulings = rulings;
        self
    }

    /// The position reached.
    pub fn position(&self) -> &G::Position {
        &self.position
    }

    /// The rulings the game is played under.
    pub fn rulings(&self) -> &G::Rulings {
        &self.rulings
    }

    /// The notation move texts are read and written in.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// The game as it stands: the position and the rulings, taken apart.
    pub fn into_parts(self) -> (G::Position, G::Rulings) {
        (self.position, self.rulings)
    }

    /// The end of the game, if it is over: by the position first, then by repetition.
    pub fn end(&self) -> Option<GameEnd> {
        self.end.get_or_init(|| self.decide_end())
    }

    /// Whether the game is over because its position repeats an earlier one, the position alone
    /// not ending it (Bao Kingulu KIN-A9, Bao la Kimasai MAS-11).
    pub fn ended_by_repetition(&self) -> bool {
        self.repeated && self.end().is_some() && G::end(&self.position, &self.rulings).is_none()
    }

    /// The end, decided now: by the position first, then by repetition.
    fn decide_end(&self) -> Option<GameEnd> {
        G::end(&self.position, &self.rulings)
            .or_else(|| self.repeated.then(|| G::repetition_end(&self.position)))
    }

    /// The end as far as it is known without looking at the position's moves.
    fn known_end(&self) -> Option<GameEnd> {
        if self.repeated {
            return self.end();
        }
        self.end.get().flatten()
    }

    /// What [`Playthrough::take_back`] needs to take back the next move played: the game as it
    /// stands, less the positions seen (a move adds at most its own, and a game's first move
    /// the start's too).
    pub fn undo_point(&self) -> Undo<G> {
        Undo {
            position: self.position.clone(),
            repeated: self.repeated,
            end: self.end.get(),
            first: self.seen.is_empty(),
        }
    }

    /// Takes back the last move played, `undo` being the [`Playthrough::undo_point`] taken just
    /// before it: the game is as it was, its positions seen included (a move taken back is not
    /// a repetition when played again). For a game in progress that moves back and forth (a
    /// search, Python's `Board.pop`) without a copy of the whole game per move.
    pub fn take_back(&mut self, undo: Undo<G>) {
        // The move's position was seen by the move unless it repeated one seen before.
        if !self.repeated
            && let Some(key) = G::repetition_key(&self.position)
        {
            self.seen.remove(&key);
        }
        if undo.first {
            self.seen.clear();
        }
        self.position = undo.position;
        self.repeated = undo.repeated;
        self.end = undo.end.map_or_else(End::undecided, End::Decided);
    }

    /// Plays `mv`; on success the position advances, its events go to `sink`, and if the game is
    /// now over (by the position, or by repetition) an [`Event::GameOver`] ends them.
    ///
    /// # Errors
    ///
    /// [`MoveErrorKind::AfterEnd`] once the game is over; the rules' refusal of `mv`
    /// ([`MoveErrorKind::Illegal`], [`MoveErrorKind::Undecided`]); [`MoveErrorKind::TooLong`] for a
    /// move that filled a listening `sink` ([`EVENT_LIMIT`]). The game is then unchanged.
    pub fn play<S: Sink>(&mut self, mv: G::Move, sink: &mut S) -> Result<(), MoveError<G::Move>> {
        // A listening sink hears no event of a move after the end; a search's move is not
        // checked against an end not yet decided: a game over by its position refuses every
        // move, and the end is then decided to say so.
        let end = if S::LISTENING {
            self.end()
        } else {
            self.known_end()
        };
        if let Some(end) = end {
            return Err(MoveError::after_end(end));
        }
        let next = match G::play(&self.position, &self.rulings, mv, sink) {
            Ok(next) => next,
            Err(rejection) => {
                return Err(match self.end() {
                    Some(end) => MoveError::after_end(end),
                    None => MoveError::rejected(rejection),
                });
            }
        };
        debug_assert!(
            S::LISTENING || G::end(&self.position, &self.rulings).is_none(),
            "a move played in a position that ends the game"
        );
        if S::LISTENING && sink.full() {
            return Err(MoveError::rejected(Rejection::TooLong {
                events: EVENT_LIMIT,
            }));
        }
        self.advance(next, sink);
        Ok(())
    }

    /// Moves on to `next`, the position a move of this game's position led to (its events in
    /// `sink`), as [`Playthrough::play`] does.
    pub(crate) fn advance<S: Sink>(&mut self, next: G::Position, sink: &mut S) {
        // Nothing seen yet: a game from `new`, whose start is seen now (`with_history` records it).
        if self.seen.is_empty()
            && let Some(key) = G::repetition_key(&self.position)
        {
            self.seen.insert(key);
        }
        self.position = next;
        self.repeated = G::repetition_key(&self.position).is_some_and(|key| !self.seen.insert(key));
        if S::LISTENING {
            let end = self.decide_end();
            self.end = End::Decided(end);
            if let Some(end) = end {
                sink.event(Event::GameOver { end });
            }
        } else {
            self.end = End::undecided();
        }
    }
}

/// A move's undoing: see [`Playthrough::undo_point`].
pub struct Undo<G: Game> {
    position: G::Position,
    repeated: bool,
    end: Option<Option<GameEnd>>,
    first: bool,
}

// By hand: a derive would ask `G: Clone` of the game type itself.
impl<G: Game> Clone for Undo<G> {
    fn clone(&self) -> Self {
        Undo {
            position: self.position.clone(),
            repeated: self.repeated,
            end: self.end,
            first: self.first,
        }
    }
}

impl<G: Game> fmt::Debug for Undo<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Undo")
            .field("position", &self.position)
            .finish_non_exhaustive()
    }
}

/// Why a move text did not play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// Exhaustive on purpose: every caller maps each kind to its own code and words.
pub enum MoveErrorKind {
    /// The game was over before the move.
    AfterEnd(GameEnd),
    /// The text is not a move of this game (at all, or in this position).
    NotNotation,
    /// A shortened spelling fits more than one legal move ([`MoveError::candidates`]).
    Ambiguous,
    /// The rules refuse the move ([`MoveError::rule`] says which).
    Illegal,
    /// The move's relay neither ended nor repeated within `laps` laps: neither legal nor illegal.
    Undecided {
        /// The laps played before the budget ran out.
        laps: u64,
    },
    /// The move ends, but with `events` events or more ([`EVENT_LIMIT`]): too long to be told
    /// step by step, so not played for a listener.
    TooLong {
        /// The events told before the limit.
        events: usize,
    },
}

/// A move text that did not play: what kind of refusal, the rule behind it, why in words, and for
/// an ambiguous spelling the legal moves it fits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError<M> {
    /// What kind of refusal.
    pub kind: MoveErrorKind,
    /// The rule broken (illegal), or the rule that ended the game (after the end).
    pub rule: Option<RuleId>,
    /// Why, in one clause, without the move text.
    pub message: String,
    /// For [`MoveErrorKind::Ambiguous`]: the legal moves the spelling fits, in canonical order.
    pub candidates: Vec<M>,
}

impl<M> MoveError<M> {
    pub(crate) fn new(
        kind: MoveErrorKind,
        rule: Option<RuleId>,
        message: impl Into<String>,
    ) -> Self {
        MoveError {
            kind,
            rule,
            message: message.into(),
            candidates: Vec::new(),
        }
    }

    /// The refusal of a move after the game ended by `end`.
    pub(crate) fn after_end(end: GameEnd) -> Self {
        MoveError::new(
            MoveErrorKind::AfterEnd(end),
            Some(end.rule),
            format!("the game is already over: {} ({})", end.outcome, end.rule),
        )
    }

    /// The same refusal with its candidate moves turned into `f(move)`.
    pub fn map_moves<N>(self, f: impl FnMut(M) -> N) -> MoveError<N> {
        MoveError {
            kind: self.kind,
            rule: self.rule,
            message: self.message,
            candidates: self.candidates.into_iter().map(f).collect(),
        }
    }

    pub(crate) fn rejected(rejection: Rejection) -> Self {
        match rejection {
            Rejection::Illegal { rule, reason } => {
                MoveError::new(MoveErrorKind::Illegal, Some(rule), reason)
            }
            Rejection::Undecided { laps } => MoveError::new(
                MoveErrorKind::Undecided { laps },
                None,
                rejection.to_string(),
            ),
            Rejection::TooLong { events } => MoveError::new(
                MoveErrorKind::TooLong { events },
                None,
                rejection.to_string(),
            ),
        }
    }

    /// The stable error code of this refusal.
    pub fn code(&self) -> Code {
        match self.kind {
            MoveErrorKind::AfterEnd(_) => Code::MoveAfterEnd,
            MoveErrorKind::NotNotation => Code::NotNotation,
            MoveErrorKind::Ambiguous => Code::AmbiguousMove,
            MoveErrorKind::Illegal => Code::IllegalMove,
            MoveErrorKind::Undecided { .. } => Code::UndecidedMove,
            MoveErrorKind::TooLong { .. } => Code::MoveTooLong,
        }
    }

    /// `illegal-move (KIN-7): ...`
    pub fn describe(&self) -> String {
        let rule = self.rule.map(|r| format!(" ({r})")).unwrap_or_default();
        format!("{}{rule}: {}", self.code(), self.message)
    }
}

impl<M> fmt::Display for MoveError<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl<M: fmt::Debug> std::error::Error for MoveError<M> {}

/// A move that played: the move the text named and the claims of the text it did not bear out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<M> {
    /// The move the text named.
    pub mv: M,
    /// The claims of the text that the move did not bear out.
    pub false_claims: Vec<FalseClaim>,
}

/// [`Played`] with the move's events, for callers that do not keep a buffer of their own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedWithEvents<M> {
    /// The move the text named.
    pub mv: M,
    /// What the move did, in order, with [`Event::GameOver`] last if it ended the game.
    pub events: Vec<Event>,
    /// The claims of the text that the move did not bear out.
    pub false_claims: Vec<FalseClaim>,
}

/// A move text read and played, before the game advances: its spelling, the move, the position
/// after it.
type ReadAndPlayed<G> = (
    <G as Game>::Spelling,
    <G as Game>::Move,
    <G as Game>::Position,
);

/// Steps 3 and 4: why a spelling named no legal move, as a [`MoveError`].
fn unresolved<G: Game>(text: &str, error: Unresolved<G::Move>) -> MoveError<G::Move> {
    match error {
        Unresolved::Rejected(rejection) => MoveError::rejected(rejection),
        Unresolved::NotNotation(e) => MoveError::new(MoveErrorKind::NotNotation, None, e.message),
        Unresolved::Ambiguous(candidates) => {
            let names: Vec<String> = candidates.iter().map(|&m| G::format_move(m)).collect();
            let mut error = MoveError::new(
                MoveErrorKind::Ambiguous,
                None,
                format!("`{text}` fits {}", names.join(", ")),
            );
            error.candidates = candidates;
            error
        }
    }
}

impl<G: Game> Playthrough<G> {
    /// Plays one move as written: notation, resolution in the position, the rules, the claims, in
    /// the order of the module docs. `events` is cleared and receives what the move did. On an
    /// error the game is unchanged. The move is sown once ([`Game::resolve_and_play`]).
    ///
    /// # Errors
    ///
    /// `MoveError`: why the move did not play, with its code (see the module docs of `play`).
    pub fn play_text_into(
        &mut self,
        text: &str,
        events: &mut Vec<Event>,
    ) -> Result<Played<G::Move>, MoveError<G::Move>> {
        events.clear();
        let (spelling, mv, next) = match self.read_and_play(text, events) {
            Ok(played) => played,
            // A game over by its position refuses every move: the end, decided only now (a
            // game in progress does not decide it before each move), comes first.
            Err(error) => {
                events.clear();
                return Err(match self.end() {
                    Some(end) => MoveError::after_end(end),
                    None => error,
                });
            }
        };
        let before = self.position().clone();
        self.advance(next, events);
        let false_claims = G::check_claims(&before, &spelling, events);
        Ok(Played { mv, false_claims })
    }

    /// The legal move `text` names in the current position, without playing it: steps 1 to 3 of
    /// the module docs (a move that the rules refuse only when played is not caught here).
    ///
    /// # Errors
    ///
    /// `MoveError`: why the move did not play, with its code (see the module docs of `play`).
    pub fn resolve_text(&self, text: &str) -> Result<G::Move, MoveError<G::Move>> {
        let spelling = self.read_spelling(text)?;
        G::resolve(self.position(), self.rulings(), &spelling).map_err(|e| unresolved::<G>(text, e))
    }

    /// [`Playthrough::play_text_into`] up to the advance: the spelling, the move and the position
    /// after it. An end not yet decided is left to the caller.
    fn read_and_play(
        &self,
        text: &str,
        events: &mut Vec<Event>,
    ) -> Result<ReadAndPlayed<G>, MoveError<G::Move>> {
        if let Some(end) = self.known_end() {
            return Err(MoveError::after_end(end));
        }
        let spelling = self.spelling(text)?;
        let (mv, next) = G::resolve_and_play(self.position(), self.rulings(), &spelling, events)
            .map_err(|e| unresolved::<G>(text, e))?;
        // The bound of every move told event by event: a never-ending move was refused above
        // with its cycle; one that ends after `EVENT_LIMIT` events is not told in part.
        if events.full() {
            return Err(MoveError::rejected(Rejection::TooLong {
                events: EVENT_LIMIT,
            }));
        }
        Ok((spelling, mv, next))
    }

    /// Steps 1 and 2: the game is not over and the text is the game's notation (or, reading
    /// any notation, the one spelling of [`Playthrough::any_spelling`]).
    fn read_spelling(&self, text: &str) -> Result<G::Spelling, MoveError<G::Move>> {
        if let Some(end) = self.end() {
            return Err(MoveError::after_end(end));
        }
        self.spelling(text)
    }

    /// Step 2: the text is the game's notation (or, reading any notation, the one spelling of
    /// [`Playthrough::any_spelling`]).
    fn spelling(&self, text: &str) -> Result<G::Spelling, MoveError<G::Move>> {
        let own = G::parse_move_in(self.notation(), text)
            .map_err(|e| MoveError::new(MoveErrorKind::NotNotation, None, e.message));
        if !self.any_notation || G::NOTATIONS.len() < 2 {
            return own;
        }
        self.any_spelling(text, own)
    }

    /// `text` read in each of the game's notations, its own first (`own`): the spelling of the
    /// one move the notations that read it name. Where they name none, the first error of a
    /// notation that read the text (the own one's if it did: a `6L*` that is illegal is said to
    /// be illegal, not to be no canonical move). Where they name different moves, the move of the
    /// one notation that writes its move exactly so (`A5>` is canonical's, `8>` Donkers'); where
    /// none or both do, they can be confused: a refusal that names both and the option that
    /// chooses.
    fn any_spelling(
        &self,
        text: &str,
        own: Result<G::Spelling, MoveError<G::Move>>,
    ) -> Result<G::Spelling, MoveError<G::Move>> {
        let others = G::NOTATIONS.iter().filter(|&&n| n != self.notation());
        let readings = std::iter::once((self.notation(), own)).chain(others.map(|&n| {
            let read = G::parse_move_in(n, text)
                .map_err(|e| MoveError::new(MoveErrorKind::NotNotation, None, e.message));
            (n, read)
        }));
        let mut named: Vec<(Notation, G::Spelling, G::Move)> = Vec::new();
        let mut first_error: Option<MoveError<G::Move>> = None;
        let mut parse_error: Option<MoveError<G::Move>> = None;
        for (notation, read) in readings {
            match read {
                Ok(spelling) => match G::resolve(self.position(), self.rulings(), &spelling) {
                    Ok(mv) => named.push((notation, spelling, mv)),
                    Err(e) => {
                        first_error.get_or_insert_with(|| unresolved::<G>(text, e));
                    }
                },
                Err(e) => {
                    parse_error.get_or_insert(e);
                }
            }
        }
        let Some((_, _, mv)) = named.first() else {
            return Err(first_error.or(parse_error).expect("one notation at least"));
        };
        if named.iter().all(|(_, _, other)| other == mv) {
            return Ok(named.swap_remove(0).1);
        }
        // Different moves: the text is the one whose notation writes its move so (`A5>` as
        // canonical writes it, `8>` as Donkers' does), if only one does.
        let exact: Vec<usize> = (0..named.len())
            .filter(|&i| {
                let (n, _, mv) = &named[i];
                G::format_move_in(*n, self.position(), self.rulings(), *mv) == text.trim()
            })
            .collect();
        if let [i] = exact[..] {
            return Ok(named.swap_remove(i).1);
        }
        let readings: Vec<String> = named
            .iter()
            .map(|(n, _, mv)| {
                let notation = match n {
                    Notation::Donkers => "Donkers' notation".to_string(),
                    n => format!("{n} notation"),
                };
                format!("{} in {notation}", G::format_move(*mv))
            })
            .collect();
        let choices: Vec<String> = named
            .iter()
            .map(|(n, _, _)| format!("`--notation {n}`"))
            .collect();
        let mut error = MoveError::new(
            MoveErrorKind::Ambiguous,
            None,
            format!(
                "`{text}` names {}: say which notation ({})",
                readings.join(" but "),
                choices.join(" or ")
            ),
        );
        error.candidates = named.into_iter().map(|(_, _, mv)| mv).collect();
        Err(error)
    }

    /// The legal moves of the position, in canonical order: none once the game is over (as for
    /// perft), whatever the position would allow.
    ///
    /// # Errors
    ///
    /// [`Incomplete`] when some candidate moves could not be decided within the cycle detector's
    /// budget: the moves that were, and how many were not.
    pub fn legal_moves(&self) -> Result<Vec<G::Move>, Incomplete<G::Move>> {
        let mut moves = Vec::new();
        if self.known_end().is_some() {
            return Ok(moves);
        }
        let generated = G::legal_moves(self.position(), self.rulings(), &mut moves);
        // The end decided from the moves just listed, not by listing them again.
        let end = self.end.get_or_init(|| {
            G::end_after_generating(self.position(), self.rulings(), &moves, generated)
        });
        if end.is_some() {
            moves.clear();
            return Ok(moves);
        }
        Incomplete::check(moves, generated)
    }

    /// `mv`, a legal move of the position, as text in the game's notation: the one way a move
    /// is written out, the way back of [`Playthrough::play_text_into`].
    pub fn move_text(&self, mv: G::Move) -> String {
        G::format_move_in(self.notation(), self.position(), self.rulings(), mv)
    }

    /// The legal moves as text in the game's notation ([`Playthrough::legal_moves`],
    /// [`Playthrough::move_text`]).
    ///
    /// # Errors
    ///
    /// [`Incomplete`] as [`Playthrough::legal_moves`], its moves as text.
    pub fn legal_texts(&self) -> Result<Vec<String>, Incomplete<String>> {
        match self.legal_moves() {
            Ok(moves) => Ok(moves.into_iter().map(|mv| self.move_text(mv)).collect()),
            Err(incomplete) => Err(incomplete.map(|mv| self.move_text(mv))),
        }
    }

    /// [`Playthrough::play_text_into`] with a buffer of its own.
    ///
    /// # Errors
    ///
    /// `MoveError`: why the move did not play, with its code (see the module docs of `play`).
    pub fn play_text(
        &mut self,
        text: &str,
    ) -> Result<PlayedWithEvents<G::Move>, MoveError<G::Move>> {
        <Self as Play>::play_text(self, text)
    }
}

/// What a game in progress answers, in one shape for the game known at compile time
/// ([`Playthrough`]) and the game chosen at run time (`AnyGame`): the same legal moves,
/// the same play, the same end. Both also have these as methods of their own, so that callers
/// need not import the trait; the trait holds the two to one shape, and lets code be written once
/// for either.
///
/// ```
/// use bao_rules::{AnyGame, Kingulu, Play, Playthrough, Ruleset};
///
/// fn first_moves<P: Play>(game: &mut P, plies: usize) -> Vec<String> {
///     let mut played = Vec::new();
///     for _ in 0..plies {
///         let Some(text) = game.legal_texts().unwrap_or_default().into_iter().next() else {
///             break;
///         };
///         game.play_text(&text).unwrap();
///         played.push(text);
///     }
///     played
/// }
///
/// let typed = first_moves(&mut Playthrough::<Kingulu>::default(), 6);
/// assert_eq!(typed, first_moves(&mut AnyGame::new(Ruleset::Kingulu), 6));
/// ```
pub trait Play {
    /// The game's position type ([`crate::Position`]).
    type Position: crate::position::Position;
    /// The game's move type.
    type Move: Copy + Eq + fmt::Debug;

    /// The position reached.
    fn current(&self) -> Self::Position;
    /// The side to move.
    fn side_to_move(&self) -> crate::types::Side;
    /// The end of the game, if it is over (by the position or by repetition).
    fn end(&self) -> Option<GameEnd>;
    /// The notation move texts are read and written in.
    fn notation(&self) -> Notation;
    /// The legal moves in canonical order, none once the game is over.
    ///
    /// # Errors
    ///
    /// [`Incomplete`] when some candidates could not be decided: the ones that were, and how many
    /// were not.
    fn legal_moves(&self) -> Result<Vec<Self::Move>, Incomplete<Self::Move>>;
    /// The legal moves as text in the game's notation.
    ///
    /// # Errors
    ///
    /// [`Incomplete`] as [`Play::legal_moves`].
    fn legal_texts(&self) -> Result<Vec<String>, Incomplete<String>>;
    /// `mv` as text in the game's notation.
    fn move_text(&self, mv: Self::Move) -> String;
    /// The legal move `text` names, unplayed.
    ///
    /// # Errors
    ///
    /// As [`Play::play_text_into`], but for refusals found only when the move is played.
    fn resolve_text(&self, text: &str) -> Result<Self::Move, MoveError<Self::Move>>;
    /// Plays `mv`, its events to `sink` ([`Event::GameOver`] last if it ended the game).
    ///
    /// # Errors
    ///
    /// The game is over, or the rules refuse the move ([`MoveError`]); the game is unchanged.
    fn play<S: Sink>(&mut self, mv: Self::Move, sink: &mut S) -> Result<(), MoveError<Self::Move>>;
    /// Plays a move as written; `events` is cleared and receives what it did.
    ///
    /// # Errors
    ///
    /// The refusals of the module docs, in their order; the game is unchanged.
    fn play_text_into(
        &mut self,
        text: &str,
        events: &mut Vec<Event>,
    ) -> Result<Played<Self::Move>, MoveError<Self::Move>>;
    /// [`Play::play_text_into`] with a buffer of its own.
    ///
    /// # Errors
    ///
    /// As [`Play::play_text_into`].
    fn play_text(
        &mut self,
        text: &str,
    ) -> Result<PlayedWithEvents<Self::Move>, MoveError<Self::Move>> {
        let mut events = Vec::new();
        let Played { mv, false_claims } = self.play_text_into(text, &mut events)?;
        Ok(PlayedWithEvents {
            mv,
            events,
            false_claims,
        })
    }
}

impl<G: Game> Play for Playthrough<G> {
    type Position = G::Position;
    type Move = G::Move;

    fn current(&self) -> G::Position {
        self.position.clone()
    }
    fn side_to_move(&self) -> crate::types::Side {
        G::side_to_move(&self.position)
    }
    fn end(&self) -> Option<GameEnd> {
        Playthrough::end(self)
    }
    fn notation(&self) -> Notation {
        self.notation
    }
    fn legal_moves(&self) -> Result<Vec<G::Move>, Incomplete<G::Move>> {
        Playthrough::legal_moves(self)
    }
    fn legal_texts(&self) -> Result<Vec<String>, Incomplete<String>> {
        Playthrough::legal_texts(self)
    }
    fn move_text(&self, mv: G::Move) -> String {
        Playthrough::move_text(self, mv)
    }
    fn resolve_text(&self, text: &str) -> Result<G::Move, MoveError<G::Move>> {
        Playthrough::resolve_text(self, text)
    }
    fn play<S: Sink>(&mut self, mv: G::Move, sink: &mut S) -> Result<(), MoveError<G::Move>> {
        Playthrough::play(self, mv, sink)
    }
    fn play_text_into(
        &mut self,
        text: &str,
        events: &mut Vec<Event>,
    ) -> Result<Played<G::Move>, MoveError<G::Move>> {
        Playthrough::play_text_into(self, text, events)
    }
}

impl<G: Game> Default for Playthrough<G> {
    /// The standard start under the reference's rulings (every ruling at its default).
    fn default() -> Self {
        Playthrough::new(G::start(), G::Rulings::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Kete, Kimasai, Kingulu};

    fn start<G: Game>() -> Playthrough<G> {
        Playthrough::new(G::start(), G::Rulings::default())
    }

    /// Refusing among the listed moves answers as resolving alone, for every hole's name and
    /// every listed move's text, in random games of the four games (the 4×8 games' under each
    /// of their presets too).
    #[test]
    fn refusing_among_the_listed_moves_answers_as_resolving() {
        use crate::games::Zanzibar;
        use crate::random_game::random_game;
        fn check<G: Game>(rulings: G::Rulings) {
            let names: Vec<&str> = (0..=u8::MAX)
                .map(G::hole_name)
                .filter(|n| *n != "?")
                .collect();
            let mut positions = 0;
            for seed in 0..6 {
                let game = random_game::<G>(&G::start(), &rulings, seed, 150);
                let mut replay = Playthrough::<G>::new(G::start(), rulings.clone());
                let mut legal = Vec::new();
                for &played in &game.moves {
                    let (pos, rulings) = (replay.position(), replay.rulings());
                    let _ = G::legal_moves(pos, rulings, &mut legal);
                    let texts = legal.iter().map(|&m| G::format_move(m));
                    for text in names.iter().map(|n| n.to_string()).chain(texts) {
                        let Ok(spelling) = G::parse_move(&text) else {
                            continue;
                        };
                        let refused = matches!(
                            G::resolve(pos, rulings, &spelling),
                            Err(Unresolved::Rejected(Rejection::Illegal { .. }))
                        );
                        let among = G::refused_among(pos, rulings, &spelling, &legal);
                        assert_eq!(among, refused, "{} {text}", G::RULESET);
                    }
                    positions += 1;
                    replay.play(played, &mut ()).unwrap();
                }
            }
            assert!(positions > 100, "{}", G::RULESET);
        }
        check::<Kingulu>(Default::default());
        check::<Kimasai>(());
        fn presets<G: Game>() {
            check::<G>(Default::default());
            for preset in G::PRESETS {
                let set = crate::rulings::RulingSet::new().over(preset);
                check::<G>(set.resolve::<G>().unwrap());
            }
        }
        presets::<Kete>();
        presets::<Zanzibar>();
    }

    /// Issue 32, item 3: a move typed where no notation was asked for is read in either.
    #[test]
    fn a_typed_move_is_read_in_either_notation() {
        use crate::games::Zanzibar;
        let typed = start::<Zanzibar>().reading_any_notation();
        // Donkers' `6L*` and canonical `A6<*` are the same takasa; it is answered canonically.
        let mv = typed.resolve_text("6L*").unwrap();
        assert_eq!(typed.resolve_text("A6<*").unwrap(), mv);
        assert_eq!(typed.move_text(mv), "A6<");
        assert!(typed.clone().play_text("6L*").is_ok());
        // A record's game reads its own notation only.
        let record = start::<Zanzibar>();
        assert_eq!(
            record.resolve_text("6L*").unwrap_err().kind,
            MoveErrorKind::NotNotation
        );
        // An illegal move in the other notation is said to be illegal, not no move.
        let error = typed.resolve_text("2L*").unwrap_err();
        assert_eq!(error.kind, MoveErrorKind::Illegal, "{error}");
        // A game of one notation is as before.
        let kingulu = start::<Kingulu>().reading_any_notation();
        assert_eq!(
            kingulu.resolve_text("Q7").unwrap_err().kind,
            MoveErrorKind::NotNotation
        );
    }

    /// A text both notations read, as different moves, is the move of the notation that writes
    /// it so (`A5>` canonical's), and refused with the option that chooses where neither or both
    /// do (`5>`, the row letter left out).
    #[test]
    fn a_text_two_notations_read_differently_is_taken_or_refused() {
        use crate::games::Zanzibar;
        use crate::random_game::random_game;
        let (mut taken, mut refused) = (0, 0);
        for seed in 0..40 {
            let game = random_game::<Zanzibar>(&Zanzibar::start(), &Default::default(), seed, 120);
            let mut typed = start::<Zanzibar>().reading_any_notation();
            for &played in &game.moves {
                let (pos, rulings) = (typed.position(), typed.rulings());
                let (legal, _) = crate::Incomplete::split(typed.legal_moves());
                for &mv in &legal {
                    let canonical = Zanzibar::format_move(mv);
                    let texts = [canonical.clone(), canonical[1..].to_string()];
                    for text in texts {
                        let read = |n: Notation| {
                            let spelling = Zanzibar::parse_move_in(n, &text).ok()?;
                            Zanzibar::resolve(pos, rulings, &spelling).ok()
                        };
                        let (Some(a), Some(b)) =
                            (read(Notation::Canonical), read(Notation::Donkers))
                        else {
                            continue;
                        };
                        if a == b {
                            continue;
                        }
                        let exact =
                            |n: Notation, mv| Zanzibar::format_move_in(n, pos, rulings, mv) == text;
                        match (exact(Notation::Canonical, a), exact(Notation::Donkers, b)) {
                            (true, false) => {
                                assert_eq!(typed.resolve_text(&text), Ok(a), "{text}");
                                taken += 1;
                            }
                            (false, true) => {
                                assert_eq!(typed.resolve_text(&text), Ok(b), "{text}");
                                taken += 1;
                            }
                            _ => {
                                let error = typed.resolve_text(&text).unwrap_err();
                                assert_eq!(error.kind, MoveErrorKind::Ambiguous, "{text}");
                                assert!(
                                    error.message.contains(
                                        "(`--notation canonical` or `--notation donkers`)"
                                    ),
                                    "{error}"
                                );
                                assert_eq!(error.candidates, [a, b]);
                                refused += 1;
                            }
                        }
                        // Asked for, a notation reads it as its own.
                        let asked = Playthrough {
                            any_notation: false,
                            ..typed.clone()
                        };
                        assert_eq!(asked.resolve_text(&text), Ok(a));
                    }
                }
                typed.play(played, &mut ()).unwrap();
            }
        }
        assert!(taken > 0 && refused > 0, "taken {taken}, refused {refused}");
    }

    #[test]
    fn every_kind_of_answer() {
        let mut game = start::<Kimasai>();
        assert_eq!(game.play_text("Q7").unwrap_err().code(), Code::NotNotation);
        let illegal = game.play_text("A5").unwrap_err();
        assert_eq!(
            (illegal.code(), illegal.rule),
            (Code::IllegalMove, Some("MAS-5"))
        );
        let played = game.play_text("A2").unwrap();
        assert!(played.false_claims.is_empty() && !played.events.is_empty());

        let mut game = start::<Kete>();
        let ambiguous = game.play_text("A6").unwrap_err();
        assert_eq!(ambiguous.code(), Code::AmbiguousMove);
        assert_eq!(ambiguous.candidates.len(), 2);
        assert_eq!(game.play_text("A6>x").unwrap().false_claims.len(), 1);

        let mut game = start::<Kingulu>();
        let played = game.play_text("A3").unwrap();
        assert!(!played.events.is_empty());
    }

    /// A move played from its text (resolved and sown once) does what the move played as a move
    /// does: the same events, the same position, the same end.
    fn sown_once_as_played<G: Game>(plies: usize) {
        let mut game = start::<G>();
        for ply in 0..plies {
            let moves = game.legal_moves().unwrap();
            let Some(&mv) = moves.get(ply * 7 % moves.len().max(1)) else {
                break;
            };
            let mut by_text = game.clone();
            let played = by_text.play_text(&game.move_text(mv)).unwrap();
            let mut events = Vec::new();
            game.play(mv, &mut events).unwrap();
            assert_eq!((played.mv, &played.events), (mv, &events), "ply {ply}");
            assert_eq!(
                (by_text.position(), by_text.end()),
                (game.position(), game.end())
            );
        }
    }

    #[test]
    fn a_move_from_text_is_the_move() {
        crate::for_each_game!(sown_once_as_played(60));
    }

    /// A game from `new` records its start when it first moves (one `with_history` at once):
    /// coming back to the start is a repetition all the same.
    #[test]
    fn a_start_repeated_ends_the_game() {
        // The scenario `repetition-ends-the-game` of the specification's Bao Kingulu end.yaml.
        let start = Kingulu::parse_position("0,0,1,0,0,1/1,0,1,0,2,1 20-21 S").unwrap();
        let moves = ["A3", "a4", "A5", "a3", "A6", "a3", "A4", "a5", "A3", "a6"];
        let history = [Kingulu::start()];
        for mut game in [
            Playthrough::<Kingulu>::new(start, Default::default()),
            Playthrough::<Kingulu>::with_history(start, Default::default(), &[]),
            Playthrough::<Kingulu>::with_history(start, Default::default(), &history),
        ] {
            for (ply, text) in moves.iter().enumerate() {
                assert_eq!(game.end(), None, "before ply {}", ply + 1);
                game.play_text(text).unwrap();
            }
            assert_eq!(game.position(), &start);
            assert_eq!(game.end().map(|end| end.rule), Some("KIN-A9"));
        }
    }

    /// A move written with the claims it bears out (`format_annotated`) is read back as the
    /// same move with no false claim, along random games of every game; and some claim is
    /// written in each.
    fn annotated_claims_hold<G: Game>(games: u64) -> usize {
        let mut claimed = 0;
        for seed in 0..games {
            let game =
                crate::random_game::random_game::<G>(&G::start(), &Default::default(), seed, 150);
            let mut played = start::<G>();
            for &mv in &game.moves {
                let mut events = Vec::new();
                let before = played.position().clone();
                played.clone().play(mv, &mut events).unwrap();
                let text = G::format_annotated(&before, mv, &events);
                claimed += usize::from(text != G::format_move(mv));
                let read = played.play_text(&text).unwrap();
                assert_eq!((read.mv, read.false_claims), (mv, vec![]), "{text}");
            }
        }
        claimed
    }

    #[test]
    fn a_move_written_with_its_claims_reads_back_with_none_false() {
        assert!(annotated_claims_hold::<Kingulu>(10) > 0);
        assert!(annotated_claims_hold::<Kimasai>(10) > 0);
        assert!(annotated_claims_hold::<Kete>(10) > 0);
        assert!(annotated_claims_hold::<crate::games::Zanzibar>(10) > 0);
        // Bao Kingulu's first capture from the start: six from a2 and the capturing seed.
        let mut events = Vec::new();
        let a3 = start::<Kingulu>().resolve_text("A3").unwrap();
        start::<Kingulu>().play(a3, &mut events).unwrap();
        assert_eq!(
            Kingulu::format_annotated(&Kingulu::start(), a3, &events),
            "A3x7"
        );
    }

    /// Moves taken back with their undo points leave the game as a copy kept before each move:
    /// the position, the end, and the positions seen (a repetition after the moves taken back
    /// is the one the game had).
    fn taken_back_as_kept<G: Game>(plies: usize) {
        let mut game = start::<G>();
        let mut kept = vec![(game.clone(), game.undo_point())];
        // Some games end within the plies: the last moves are taken back from the end.
        for ply in 0..plies {
            let moves = game.legal_moves().unwrap();
            let Some(&mv) = moves.get(ply * 5 % moves.len().max(1)) else {
                break;
            };
            let undo = game.undo_point();
            game.play(mv, &mut ()).unwrap();
            kept.push((game.clone(), undo));
        }
        while kept.len() > 1 {
            let (_, undo) = kept.pop().unwrap();
            game.take_back(undo);
            let (was, _) = kept.last().unwrap();
            assert_eq!((game.position(), game.end()), (was.position(), was.end()));
            assert!(game.seen == was.seen, "the positions seen");
        }
    }

    #[test]
    fn a_move_taken_back_leaves_the_game_as_it_was() {
        crate::for_each_game!(taken_back_as_kept(80));
        // KIN-A9: the last move repeats the start; taken back and played again, it still does.
        let start = Kingulu::parse_position("0,0,1,0,0,1/1,0,1,0,2,1 20-21 S").unwrap();
        let mut game = Playthrough::<Kingulu>::new(start, Default::default());
        let moves = ["A3", "a4", "A5", "a3", "A6", "a3", "A4", "a5", "A3"];
        let mut undos = Vec::new();
        for text in moves {
            let mv = game.resolve_text(text).unwrap();
            undos.push(game.undo_point());
            game.play(mv, &mut ()).unwrap();
        }
        let last = game.resolve_text("a6").unwrap();
        let undo = game.undo_point();
        game.play(last, &mut ()).unwrap();
        assert_eq!(game.end().map(|end| end.rule), Some("KIN-A9"));
        game.take_back(undo.clone());
        assert_eq!(game.end(), None);
        game.play(last, &mut ()).unwrap();
        assert_eq!(game.end().map(|end| end.rule), Some("KIN-A9"));
        game.take_back(undo);
        // All the way back: nothing seen, the start is seen again by the first move.
        while let Some(undo) = undos.pop() {
            game.take_back(undo);
        }
        assert_eq!((game.position(), game.seen.len()), (&start, 0));
        assert_eq!(game.end(), None);
    }

    #[test]
    fn the_end_comes_before_the_notation() {
        // Kimasai: North to move without a stone has lost (MAS-9).
        let over = Kimasai::parse_position("000000000000/000000000000/000100000000/000000001000 N")
            .unwrap();
        let mut game = Playthrough::<Kimasai>::new(over, ());
        let error = game.play_text("not a move").unwrap_err();
        assert_eq!(
            (error.code(), error.rule),
            (Code::MoveAfterEnd, Some("MAS-9"))
        );
        assert!(matches!(error.kind, MoveErrorKind::AfterEnd(_)));
        // A move played as a value, the end not yet decided: the end, not the rules' refusal.
        let mv = start::<Kimasai>().legal_moves().unwrap()[0];
        let error = Playthrough::<Kimasai>::new(over, ())
            .play(mv, &mut ())
            .unwrap_err();
        assert_eq!(error.code(), Code::MoveAfterEnd);
        assert!(
            Playthrough::<Kimasai>::new(over, ())
                .legal_moves()
                .unwrap()
                .is_empty()
        );
    }
}
