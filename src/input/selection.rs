//! The rulings a command runs under, read once at the edge: the ruleset (where the command
//! names one), the preset and the single rulings, as `--ruling`/`--preset` on the command line or
//! `rulings=`/`preset=` in Python give them. [`Selection::parse`] and [`Selection::from_pairs`] are
//! the one reader: every name is checked here, and an unknown one is refused with the names there
//! are and the closest of them.

use bao_rules::Ruleset;
use bao_rules::game::{Game, Notation, RuleId};
use bao_rules::rulings::{Preset, RulingError, RulingSet, did_you_mean};
use bao_rules::setup::Setup;
use bao_rules::with_game;

use crate::diagnostics::Code;

/// What a command runs under. Without a ruleset (a command over records of any game), each ruling
/// and the preset belong to some game, and apply to that game's records; with one, they are that
/// game's, and resolve together.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The game, where the command names one.
    pub ruleset: Option<Ruleset>,
    /// A preset: its rulings under [`Selection::rulings`].
    pub preset: Option<String>,
    /// The rulings chosen one by one, over the preset.
    pub rulings: RulingSet,
}

/// A selection that names what is not there: `unknown-ruleset` or `unknown-ruling` (a ruling, a
/// value or a preset), why, and what there is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectionError {
    pub code: Code,
    /// The rule a valid selection would break, if any.
    pub rule: Option<RuleId>,
    pub message: String,
    /// The names there are, where the message does not list them.
    pub help: Option<String>,
}

impl SelectionError {
    fn ruling(e: RulingError) -> SelectionError {
        SelectionError {
            code: Code::UnknownRuling,
            rule: None,
            message: e.message,
            help: None,
        }
    }

    /// The message, with the rule after it where there is one.
    pub fn message_with_rule(&self) -> String {
        match self.rule {
            Some(rule) => format!("{} ({rule})", self.message),
            None => self.message.clone(),
        }
    }
}

impl std::fmt::Display for SelectionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message_with_rule())
    }
}

impl std::error::Error for SelectionError {}

impl Selection {
    /// The selection of `ruleset`, `preset` and `NAME=VALUE` assignments (the command line's
    /// `--ruling`), checked.
    pub fn parse<S: AsRef<str>>(
        ruleset: Option<&str>,
        preset: Option<&str>,
        assignments: &[S],
    ) -> Result<Selection, SelectionError> {
        let rulings = RulingSet::from_assignments(assignments.iter().map(AsRef::as_ref))
            .map_err(SelectionError::ruling)?;
        Selection::new(ruleset, preset, rulings)
    }

    /// The selection of `ruleset`, `preset` and `(name, value)` pairs (Python's `rulings=` dict),
    /// checked.
    pub fn from_pairs<'a>(
        ruleset: Option<&str>,
        preset: Option<&str>,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Selection, SelectionError> {
        let rulings = RulingSet::from_pairs(pairs).map_err(SelectionError::ruling)?;
        Selection::new(ruleset, preset, rulings)
    }

    /// The one check: the ruleset by name; with it, the rulings and preset as the game's setup
    /// reads them (each ruling and value, the preset, the rulings together); without it, each
    /// ruling and the preset some game's.
    fn new(
        ruleset: Option<&str>,
        preset: Option<&str>,
        rulings: RulingSet,
    ) -> Result<Selection, SelectionError> {
        let preset = preset.map(str::to_string);
        let Some(name) = ruleset else {
            check_rulings_exist(&rulings).map_err(SelectionError::ruling)?;
            if let Some(preset) = &preset {
                find_preset(preset).map_err(SelectionError::ruling)?;
            }
            return Ok(Selection {
                ruleset: None,
                preset,
                rulings,
            });
        };
        let ruleset = Ruleset::from_name(name).map_err(|e| SelectionError {
            code: Code::UnknownRuleset,
            rule: None,
            message: e.to_string(),
            help: None,
        })?;
        let setup = Setup {
            rulings,
            preset,
            ..Setup::default()
        };
        if let Err(e) = with_game!(ruleset, G => setup.rulings_for::<G>().map(|_| ())) {
            return Err(SelectionError {
                code: e.code.into(),
                rule: e.rule,
                message: e.message,
                help: e.help.map(String::from),
            });
        }
        Ok(Selection {
            ruleset: Some(ruleset),
            preset: setup.preset,
            rulings: setup.rulings,
        })
    }

    /// The setup of a game under this selection, at `position` (default the start), its moves
    /// read in `notation` (without one, in any of the game's notations where a text names one
    /// move): the one setup of `explain`, `play`, `moves` and the other commands of one game.
    pub fn into_setup(self, position: Option<&str>, notation: Option<Notation>) -> Setup {
        Setup {
            start: position.map(str::to_string),
            rulings: self.rulings,
            preset: self.preset,
            notation: notation.unwrap_or(Notation::Canonical),
            any_notation: notation.is_none(),
            ..Setup::default()
        }
    }

    /// The rulings of game `G` in force: the preset's, with the single rulings over them.
    ///
    /// # Errors
    ///
    /// The preset is not `G`'s (a selection without a ruleset, applied to one game).
    pub fn rulings_for<G: Game>(&self) -> Result<RulingSet, SelectionError> {
        match &self.preset {
            None => Ok(self.rulings.clone()),
            Some(preset) => self
                .rulings
                .over_preset::<G>(preset)
                .map_err(SelectionError::ruling),
        }
    }
}

/// The game that has preset `name`, and the preset: a preset given without a ruleset must name
/// one.
pub fn find_preset(name: &str) -> Result<(Ruleset, &'static Preset), RulingError> {
    let found = Ruleset::ALL
        .into_iter()
        .find_map(|r| r.presets().iter().find(|p| p.name == name).map(|p| (r, p)));
    found.ok_or_else(|| {
        let known: Vec<String> = Ruleset::ALL
            .into_iter()
            .flat_map(|r| r.presets().iter().map(move |p| format!("{} ({r})", p.name)))
            .collect();
        RulingError {
            message: format!(
                "`{name}` is not a preset of any game the oracle knows{}{}",
                if known.is_empty() {
                    String::new()
                } else {
                    format!(": the presets are {}", known.join(", "))
                },
                did_you_mean(name, known.iter().map(|k| k.split(' ').next().unwrap_or(k)))
            ),
        }
    })
}

/// Checks rulings given without a ruleset against every game: each name must be a ruling of
/// some game, with one of its values.
pub fn check_rulings_exist(set: &RulingSet) -> Result<(), RulingError> {
    for (name, value) in set.iter() {
        let owner = Ruleset::ALL.into_iter().find_map(|ruleset| {
            let defs = ruleset.rulings();
            defs.iter().find(|d| d.name == name).map(|d| (ruleset, d))
        });
        match owner {
            None => {
                let all = Ruleset::ALL
                    .into_iter()
                    .flat_map(|r| r.rulings())
                    .map(|d| d.name);
                let hint = did_you_mean(name, all);
                return Err(RulingError {
                    message: format!("`{name}` is not a ruling of any game the oracle knows{hint}"),
                });
            }
            Some((ruleset, def)) => {
                let mut one = RulingSet::new();
                one.insert(name, value)?;
                one.check(std::slice::from_ref(def), ruleset.name())?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_selection_is_read_and_checked_once() {
        let sel = Selection::parse(
            Some("bao-kingulu"),
            None,
            &["kingulu.penultimate-source=not-from-reserved"],
        )
        .unwrap();
        assert_eq!(sel.ruleset, Some(Ruleset::Kingulu));
        assert_eq!(
            sel.rulings.get("kingulu.penultimate-source"),
            Some("not-from-reserved")
        );
        // The same from Python's pairs.
        let pairs = Selection::from_pairs(
            Some("bao-kingulu"),
            None,
            [("kingulu.penultimate-source", "not-from-reserved")],
        )
        .unwrap();
        assert_eq!(pairs, sel);
        // Without a ruleset: any game's rulings and presets.
        let any = Selection::parse(None, Some("nkkmd"), &["kingulu.penultimate-source=any"]);
        assert!(any.is_ok(), "{any:?}");
    }

    #[test]
    fn unknown_names_are_refused_with_the_closest() {
        let e = Selection::parse(Some("bao-kingulo"), None, &[] as &[&str]).unwrap_err();
        assert_eq!(e.code, Code::UnknownRuleset);
        assert!(e.message.contains("did you mean `bao-kingulu`"), "{e}");
        let e = Selection::parse(
            Some("bao-kingulu"),
            None,
            &["kingulu.penultimate-sourse=any"],
        )
        .unwrap_err();
        assert_eq!(e.code, Code::UnknownRuling);
        assert!(
            e.message
                .contains("did you mean `kingulu.penultimate-source`"),
            "{e}"
        );
        let e = Selection::parse(Some("bao-kingulu"), Some("nkkmd"), &[] as &[&str]).unwrap_err();
        assert_eq!(e.code, Code::UnknownRuling);
        assert!(e.message.contains("not a preset of bao-kingulu"), "{e}");
        let e = Selection::parse(None, Some("nkmd"), &[] as &[&str]).unwrap_err();
        assert!(e.message.contains("did you mean `nkkmd`"), "{e}");
        let e = Selection::parse(None, None, &["zanzibar.takasia=maybe"]).unwrap_err();
        assert!(e.message.contains("is not a value"), "{e}");
        let e = Selection::parse(None, None, &["takasia"]).unwrap_err();
        assert!(e.message.contains("write NAME=VALUE"), "{e}");
    }
}
