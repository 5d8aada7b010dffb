//! The one way to set up a game in progress: a [`Setup`] (raw data, the same for every ruleset)
//! read by [`Playthrough::from_setup`] into a game of one ruleset, or one typed [`SetupError`].
//!
//! Records (`check`), specification scenarios, `conform`, the engine protocol and the command
//! line all fill a `Setup` from what they read and decorate the error (a span, a help line, a
//! protocol answer); none reads a start position or resolves rulings on its own. Its fields are
//! read in one order, and the first that fails is the error:
//!
//! 1. the notation ([`Game::NOTATIONS`]);
//! 2. each ruling, by name and value ([`Game::RULINGS`]);
//! 3. the preset, under the rulings ([`Game::PRESETS`]; a single ruling overrides its value);
//! 4. the rulings resolved together ([`Game::rulings`]);
//! 5. the start position, read under the rulings (any of the game's position forms; none is the
//!    standard start);
//! 6. `first:`: on the standard start it sets the side to move; with a start position it must
//!    name the side the position has to move (the position says who moves);
//! 7. the history, each earlier position read as the start is.

use std::fmt;

use crate::code::{Code, Span};
use crate::game::{Game, Notation, PositionError, PositionForm, RuleId, Side};
use crate::play::Playthrough;
use crate::rulings::{RulingError, RulingSet};

/// What a game in progress is set up from, as a record, a scenario or a request writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// The start position in any of the game's position forms ([`Game::POSITION_FORMS`]); `None` is
    /// the game's standard start.
    pub start: Option<String>,
    /// `first:`, the side to move first.
    pub first: Option<Side>,
    /// The rulings chosen, over the preset.
    pub rulings: RulingSet,
    /// A preset of the game: its rulings under [`Setup::rulings`].
    pub preset: Option<String>,
    /// The notation move texts are written in.
    pub notation: Notation,
    /// Move texts are read in any of the game's notations where that names one move, `notation`
    /// first ([`Playthrough::reading_any_notation`]): for moves typed where no notation was asked
    /// for (the command line, Python), never for a record's.
    pub any_notation: bool,
    /// Earlier positions of the game, oldest first, that its repetition rule counts as seen.
    pub history: Vec<String>,
}

/// The part of a [`Setup`] an error is about, so that a reader can point at what it read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupField {
    /// [`Setup::notation`].
    Notation,
    /// One ruling; `value` is true when the game has the ruling but not the value.
    Ruling {
        /// The ruling's name.
        name: String,
        /// True when the game has the ruling but not the value.
        value: bool,
    },
    /// [`Setup::preset`].
    Preset,
    /// The rulings together (a combination the game refuses).
    Rulings,
    /// [`Setup::start`].
    Start,
    /// [`Setup::first`].
    First,
    /// The earlier position at this index of [`Setup::history`].
    History(usize),
}

/// A setup that describes no game: a stable code, the rule behind it where there is one, why in
/// words, a help line, which field, and the span of that field for a reader that knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The stable code.
    pub code: Code,
    /// The rule a valid setup would break, if any.
    pub rule: Option<RuleId>,
    /// Why, in one clause (for a position, the position error's own words).
    pub message: String,
    /// What to write instead.
    pub help: Option<Box<str>>,
    /// The field the error is about.
    pub field: SetupField,
    /// Where the field is in the reader's text: empty until a reader fills it.
    pub span: Option<Span>,
}

impl SetupError {
    fn new(code: Code, field: SetupField, message: impl Into<String>) -> Self {
        SetupError {
            code,
            rule: None,
            message: message.into(),
            help: None,
            field,
            span: None,
        }
    }

    fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into().into_boxed_str());
        self
    }

    fn ruling(field: SetupField, e: RulingError) -> Self {
        SetupError::new(Code::UnknownRuling, field, e.message)
    }

    fn position(field: SetupField, e: PositionError) -> Self {
        let mut error = SetupError::new(Code::BadPosition, field, e.message);
        error.rule = e.rule;
        error
    }

    /// The span of the field, as a record reader fills it.
    pub fn at(mut self, span: Option<Span>) -> Self {
        self.span = span;
        self
    }

    /// The message with the rule: `every hole holds two seeds (KIN-2)`.
    pub fn message_with_rule(&self) -> String {
        match self.rule {
            Some(rule) => format!("{} ({rule})", self.message),
            None => self.message.clone(),
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message_with_rule())
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// A setup of the standard start under `rulings`, canonical notation.
    pub fn with_rulings(rulings: RulingSet) -> Self {
        Setup {
            rulings,
            ..Setup::default()
        }
    }

    /// Steps 1 to 4 of the module docs: the notation checked, and the rulings as chosen (the
    /// preset's under them) and resolved for `G`.
    ///
    /// # Errors
    ///
    /// `SetupError`: the first field of the setup that is wrong for the game, with its code.
    pub fn rulings_for<G: Game>(&self) -> Result<(RulingSet, G::Rulings), SetupError> {
        check_notation::<G>(self.notation)?;
        for (name, value) in self.rulings.iter() {
            let mut one = RulingSet::new();
            let checked = one
                .insert(name, value)
                .and_then(|()| one.check(G::RULINGS, G::RULESET));
            if let Err(e) = checked {
                let field = SetupField::Ruling {
                    name: name.into(),
                    value: G::RULINGS.iter().any(|d| d.name == name),
                };
                return Err(SetupError::ruling(field, e).help(rulings_help::<G>()));
            }
        }
        let set = match &self.preset {
            None => self.rulings.clone(),
            Some(preset) => self
                .rulings
                .over_preset::<G>(preset)
                .map_err(|e| SetupError::ruling(SetupField::Preset, e).help(rulings_help::<G>()))?,
        };
        let rulings = G::rulings(&set)
            .map_err(|e| SetupError::ruling(SetupField::Rulings, e).help(rulings_help::<G>()))?;
        Ok((set, rulings))
    }

    /// Steps 5 and 6: the start position under `rulings`, `first:` applied.
    ///
    /// # Errors
    ///
    /// `SetupError`: the first field of the setup that is wrong for the game, with its code.
    pub fn start_for<G: Game>(&self, rulings: &G::Rulings) -> Result<G::Position, SetupError> {
        let Some(text) = &self.start else {
            let mut position = G::start();
            if let Some(first) = self.first {
                G::set_side_to_move(&mut position, first);
            }
            return Ok(position);
        };
        let position = G::parse_position_under(text, rulings).map_err(|e| {
            SetupError::position(SetupField::Start, e).help(position_help::<G>(text))
        })?;
        if let Some(first) = self.first
            && G::side_to_move(&position) != first
        {
            return Err(SetupError::new(
                Code::FirstConflict,
                SetupField::First,
                format!(
                    "`first: {first}` but the start position has {} to move",
                    G::side_to_move(&position)
                ),
            )
            .help(format!(
                "drop `first:` (the position says who moves), or correct the side to move in \
                 `start:` ({})",
                G::format_compact(&position)
            )));
        }
        Ok(position)
    }
}

impl<G: Game> Playthrough<G> {
    /// The game `setup` describes, read in the order of [`crate::setup`]'s docs; with the
    /// rulings as chosen (preset included), for callers that report or compare them.
    ///
    /// # Errors
    ///
    /// `SetupError`: the first field of the setup that is wrong for the game, with its code.
    pub fn from_setup_with_set(setup: &Setup) -> Result<(RulingSet, Self), SetupError> {
        let (set, rulings) = setup.rulings_for::<G>()?;
        let start = setup.start_for::<G>(&rulings)?;
        let mut history = Vec::with_capacity(setup.history.len());
        for (i, text) in setup.history.iter().enumerate() {
            let position = G::parse_position_under(text, &rulings)
                .map_err(|e| SetupError::position(SetupField::History(i), e))?;
            history.push(position);
        }
        let mut game =
            Playthrough::with_history(start, rulings, &history).in_notation(setup.notation)?;
        if setup.any_notation {
            game = game.reading_any_notation();
        }
        Ok((set, game))
    }

    /// The game `setup` describes: the one fallible constructor of a game in progress.
    ///
    /// # Errors
    ///
    /// `SetupError`: the first field of the setup that is wrong for the game, with its code.
    pub fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        Self::from_setup_with_set(setup).map(|(_, game)| game)
    }
}

/// Step 1: `notation` must be one of `G`'s.
impl<G: Game> Playthrough<G> {
    /// The game with move texts read and written in `notation`, which must be one of
    /// [`Game::NOTATIONS`] (as a [`Setup`]'s is checked).
    ///
    /// # Errors
    ///
    /// `SetupError`: the first field of the setup that is wrong for the game, with its code.
    pub fn in_notation(mut self, notation: Notation) -> Result<Self, SetupError> {
        check_notation::<G>(notation)?;
        self.set_notation(notation);
        Ok(self)
    }
}

/// `notation` is one of [`Game::NOTATIONS`], or the error a setup gives for it: the one check,
/// for a caller that writes moves of bare positions in a notation.
///
/// # Errors
///
/// `SetupError`: the first field of the setup that is wrong for the game, with its code.
pub fn check_notation<G: Game>(notation: Notation) -> Result<(), SetupError> {
    if G::NOTATIONS.contains(&notation) {
        return Ok(());
    }
    let names: Vec<&str> = G::NOTATIONS.iter().map(|n| n.name()).collect();
    Err(SetupError::new(
        Code::BadValue,
        SetupField::Notation,
        format!("{} has no {notation} notation", G::NAME),
    )
    .help(format!("its notations: {}", names.join(", "))))
}

/// The rulings of `G` and their values, for a help line.
pub fn rulings_help<G: Game>() -> String {
    if G::RULINGS.is_empty() {
        return format!("{} has no rulings to select", G::RULESET);
    }
    let list: Vec<String> = G::RULINGS
        .iter()
        .map(|d| format!("{} ({})", d.name, d.values.join(" | ")))
        .collect();
    format!("the rulings of {} are {}", G::RULESET, list.join(", "))
}

/// The start in the form `written` is in (a diagram spans lines, a bracket string starts with
/// `[`), for a help line; compact where the game has no such form.
fn position_help<G: Game>(written: &str) -> String {
    let start = G::start();
    match PositionForm::of(written) {
        PositionForm::Diagram => format!(
            "a {} position in diagram form, e.g. the start:\n{}",
            G::NAME,
            G::format_diagram(&start).trim_end()
        ),
        form => match G::format_position(form, &start) {
            Ok(text) if form == PositionForm::Donkers => format!(
                "a {} position in Donkers' bracket form, e.g. the start: `{text}`",
                G::NAME
            ),
            _ => format!(
                "a {} position in compact form, e.g. the start: `{}`",
                G::NAME,
                G::format_compact(&start)
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Kimasai, Kingulu, Zanzibar};

    #[test]
    fn the_standard_start_with_first_north() {
        let setup = Setup {
            first: Some(Side::North),
            ..Setup::default()
        };
        let game = Playthrough::<Kimasai>::from_setup(&setup).unwrap();
        assert_eq!(Kimasai::side_to_move(game.position()), Side::North);
    }

    #[test]
    fn first_against_the_start_is_an_error() {
        let start = Kimasai::format_compact(&Kimasai::start());
        let setup = Setup {
            start: Some(start),
            first: Some(Side::North),
            ..Setup::default()
        };
        let error = Playthrough::<Kimasai>::from_setup(&setup).unwrap_err();
        assert_eq!(
            (error.code, error.field),
            (Code::FirstConflict, SetupField::First)
        );
    }

    #[test]
    fn each_field_has_its_error() {
        let notation = Setup {
            notation: Notation::Donkers,
            ..Setup::default()
        };
        let error = Playthrough::<Kingulu>::from_setup(&notation).unwrap_err();
        assert_eq!(
            (error.code, error.field),
            (Code::BadValue, SetupField::Notation)
        );
        assert!(Playthrough::<Zanzibar>::from_setup(&notation).is_ok());

        let ruling = Setup::with_rulings(RulingSet::from_assignments(["kingulu.x=y"]).unwrap());
        let error = Playthrough::<Kingulu>::from_setup(&ruling).unwrap_err();
        assert_eq!(error.code, Code::UnknownRuling);
        assert!(matches!(
            error.field,
            SetupField::Ruling { value: false, .. }
        ));

        let preset = Setup {
            preset: Some("nobody-1999".into()),
            ..Setup::default()
        };
        let error = Playthrough::<Kingulu>::from_setup(&preset).unwrap_err();
        assert_eq!(
            (error.code, error.field),
            (Code::UnknownRuling, SetupField::Preset)
        );

        let start = Setup {
            start: Some("not a position".into()),
            ..Setup::default()
        };
        let error = Playthrough::<Kimasai>::from_setup(&start).unwrap_err();
        assert_eq!(
            (error.code, error.field),
            (Code::BadPosition, SetupField::Start)
        );

        let history = Setup {
            history: vec![Kimasai::format_compact(&Kimasai::start()), "x".into()],
            ..Setup::default()
        };
        let error = Playthrough::<Kimasai>::from_setup(&history).unwrap_err();
        assert_eq!(error.field, SetupField::History(1));
    }
}
