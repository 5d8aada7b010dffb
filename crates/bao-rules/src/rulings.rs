//! Named rulings: `<game>.<topic> = value`.
//!
//! Each game lists its rulings (`Game::RULINGS`) with the ambiguity ids they settle,
//! a default and the alternatives. A user selects non-default ones in a record (`rulings:`) or on the
//! command line (`--ruling kingulu.penultimate-source=not-from-reserved`). A [`RulingSet`] is what
//! was selected, before it is checked against a game.

use std::collections::BTreeMap;
use std::fmt;

/// A named bundle of ruling values (a ruleset's presets, `Game::PRESETS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// `donkers-2002`
    pub name: &'static str,
    /// The source or engine it matches, in one line.
    pub matches: &'static str,
    /// The rulings it sets to other values than their defaults.
    pub rulings: &'static [(&'static str, &'static str)],
}

/// A bug of an engine that a preset matches, as the reference's presets table names it: data for
/// `conform`, which labels a bug it finds `known` when the engine plays that preset's values, the
/// bug's deciding rule is `rule` and one of its symptoms is one of `symptoms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownBug {
    /// The preset whose engine has it (`abstractplay`).
    pub preset: &'static str,
    /// Its name in the table (`AbstractPlay's C`).
    pub name: &'static str,
    /// The rule id whose condition decides it (`ZAN-14`).
    pub rule: &'static str,
    /// How the engine's answers show it.
    pub symptoms: &'static [Symptom],
    /// What it is, in one line.
    pub what: &'static str,
}

/// What differs in an engine's answer, as `conform` tells answers apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symptom {
    /// Legal moves missing from its move list, or a legal move refused when played.
    MissesMoves,
    /// Moves the rules refuse in its move list (or one listed twice), or one played.
    AddsMoves,
    /// This field of the position after a move (a field of the game's description: `house`).
    Field(&'static str),
    /// This field of the position after a move kept at its value before the move, where the
    /// rules change it (a house kept owned).
    Kept(&'static str),
    /// Events of this kind of a move (`capture`, `reserve`, `game over`).
    Event(&'static str),
    /// It answers at a position the oracle refuses.
    AcceptsPosition,
    /// It refuses a position the oracle reads.
    RefusesPosition,
}

impl Symptom {
    /// The symptom in words: `misses moves`, `the house field`, `the reserve events`.
    pub fn words(self) -> String {
        match self {
            Symptom::MissesMoves => "misses moves".to_string(),
            Symptom::AddsMoves => "adds moves".to_string(),
            Symptom::Field(field) => format!("the {field} field"),
            Symptom::Kept(field) => format!("the {field} field kept"),
            Symptom::Event(kind) => format!("the {kind} events"),
            Symptom::AcceptsPosition => "accepts a refused position".to_string(),
            Symptom::RefusesPosition => "refuses a position".to_string(),
        }
    }
}

/// One named ruling of a reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulingDef {
    /// `kingulu.penultimate-source`
    pub name: &'static str,
    /// The ambiguity ids it settles (`KIN-A4`).
    pub ids: &'static [&'static str],
    /// The question, in one line.
    pub question: &'static str,
    /// The value the reference's reading gives.
    pub default: &'static str,
    /// Every value, the default included, in the reference's order.
    pub values: &'static [&'static str],
}

/// Rulings selected by a user: names to values, not yet checked against a game. Written as a map
/// `name: value` (records, scenarios, protocol requests); [`RulingSet::resolve`] checks it.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct RulingSet {
    chosen: BTreeMap<String, String>,
}

/// A ruling that does not exist for the game, or a value it does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulingError {
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for RulingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RulingError {}

impl RulingSet {
    /// No ruling selected: every ruling at its default.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses `name=value`.
    ///
    /// # Errors
    ///
    /// `RulingError`: a ruling, value or preset the game does not have, in words.
    pub fn parse_assignment(text: &str) -> Result<(String, String), RulingError> {
        match text.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() && !value.trim().is_empty() => {
                Ok((name.trim().to_string(), value.trim().to_string()))
            }
            _ => Err(RulingError {
                message: format!("`{text}` is not a ruling: write NAME=VALUE"),
            }),
        }
    }

    /// Selects `value` for `name`; a second, different value for the same name is an error.
    ///
    /// # Errors
    ///
    /// `RulingError`: a ruling, value or preset the game does not have, in words.
    pub fn insert(&mut self, name: &str, value: &str) -> Result<(), RulingError> {
        match self.chosen.get(name) {
            Some(old) if old != value => Err(RulingError {
                message: format!("ruling `{name}` is given twice, as `{old}` and as `{value}`"),
            }),
            _ => {
                self.chosen.insert(name.to_string(), value.to_string());
                Ok(())
            }
        }
    }

    /// Selects every `name=value` text, as [`RulingSet::insert`] does.
    ///
    /// # Errors
    ///
    /// `RulingError`: a ruling, value or preset the game does not have, in words.
    pub fn from_assignments<'a>(
        items: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self, RulingError> {
        let mut set = RulingSet::new();
        for item in items {
            let (name, value) = Self::parse_assignment(item)?;
            set.insert(&name, &value)?;
        }
        Ok(set)
    }

    /// Selects every `(name, value)` pair, as [`RulingSet::insert`] does.
    ///
    /// # Errors
    ///
    /// `RulingError`: a ruling, value or preset the game does not have, in words.
    pub fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, RulingError> {
        let mut set = RulingSet::new();
        for (name, value) in pairs {
            set.insert(name, value)?;
        }
        Ok(set)
    }

    /// The value selected for `name`, if any.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.chosen.get(name).map(String::as_str)
    }

    /// The number of rulings selected.
    pub fn len(&self) -> usize {
        self.chosen.len()
    }

    /// Whether no ruling is selected.
    pub fn is_empty(&self) -> bool {
        self.chosen.is_empty()
    }

    /// The selected rulings, `(name, value)`, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.chosen.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Checks every selected ruling against a game's list.
    ///
    /// # Errors
    ///
    /// `RulingError`: a ruling, value or preset the game does not have, in words.
    pub fn check(&self, defs: &[RulingDef], ruleset: &str) -> Result<(), RulingError> {
        for (name, value) in self.iter() {
            let Some(def) = defs.iter().find(|d| d.name == name) else {
                let known: Vec<&str> = defs.iter().map(|d| d.name).collect();
                let known = if known.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("it has {}", known.join(", "))
                };
                let hint = did_you_mean(name, defs.iter().map(|d| d.name));
                return Err(RulingError {
                    message: format!("`{name}` is not a ruling of {ruleset}: {known}{hint}"),
                });
            };
            if !def.values.contains(&value) {
                return Err(RulingError {
                    message: format!(
                        "`{value}` is not a value of ruling `{name}`: it takes {}{}",
                        def.values.join(" | "),
                        did_you_mean(value, def.values.iter().copied())
                    ),
                });
            }
        }
        Ok(())
    }

    /// `preset` with this set's own choices on top (a single ruling overrides the preset's value).
    pub fn over(&self, preset: &Preset) -> RulingSet {
        let mut set = self.clone();
        for &(ruling, value) in preset.rulings {
            set.chosen
                .entry(ruling.to_string())
                .or_insert_with(|| value.to_string());
        }
        set
    }

    /// The selected value of `def`, or its default.
    pub fn value(&self, def: &RulingDef) -> &str {
        self.chosen
            .get(def.name)
            .map(String::as_str)
            .unwrap_or(def.default)
    }
}

/// `"; did you mean `x`?"` for the candidate closest to a misspelt `word`, or `""` when none is
/// close: at most one edit (insertion, deletion, substitution or swap of neighbours) per four
/// characters, at least one, or a candidate that contains the word whole (`kiswahili`).
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    let limit = (word.chars().count() / 4).max(1);
    let best = candidates
        .into_iter()
        .filter(|c| *c != word)
        .map(|c| {
            let d = edit_distance(word, c);
            let contains = word.chars().count() >= 3 && c.contains(word);
            (if contains { d.min(limit) } else { d }, c)
        })
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d);
    match best {
        Some((_, c)) => format!("; did you mean `{c}`?"),
        None => String::new(),
    }
}

/// Edits between two words (optimal string alignment: Levenshtein plus the swap of two
/// neighbouring characters, the commonest typing slip).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: two back (for swaps), one back, this one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("source", "source"), 0);
    }

    #[test]
    fn suggests_the_close_name_only() {
        let names = ["kingulu.penultimate-source", "kete.mtaji-safari"];
        assert_eq!(
            did_you_mean("kingulu.penultimate-sorce", names),
            "; did you mean `kingulu.penultimate-source`?"
        );
        assert_eq!(did_you_mean("zanzibar.takasia", names), "");
        let rulesets = ["bao-kingulu", "bao-la-kete", "bao-la-kiswahili"];
        assert_eq!(
            did_you_mean("bao-la-kiswhaili", rulesets),
            "; did you mean `bao-la-kiswahili`?"
        );
        assert_eq!(
            did_you_mean("kiswahili", rulesets),
            "; did you mean `bao-la-kiswahili`?"
        );
        assert_eq!(did_you_mean("ab", rulesets), "");
    }

    const DEF: RulingDef = RulingDef {
        name: "demo.topic",
        ids: &["DEMO-A1"],
        question: "?",
        default: "yes",
        values: &["yes", "no"],
    };

    #[test]
    fn defaults_and_choices() {
        let set = RulingSet::from_assignments(["demo.topic=no"]).unwrap();
        assert_eq!(set.value(&DEF), "no");
        assert_eq!(RulingSet::new().value(&DEF), "yes");
        set.check(&[DEF], "demo").unwrap();
    }

    #[test]
    fn refuses_unknown_names_values_and_conflicts() {
        let bad = RulingSet::from_assignments(["demo.other=no"]).unwrap();
        assert!(bad.check(&[DEF], "demo").is_err());
        let bad = RulingSet::from_assignments(["demo.topic=maybe"]).unwrap();
        assert!(bad.check(&[DEF], "demo").is_err());
        assert!(RulingSet::from_assignments(["demo.topic=no", "demo.topic=yes"]).is_err());
        assert!(RulingSet::from_assignments(["demo.topic"]).is_err());
    }
}
