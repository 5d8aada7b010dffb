//! A game as a file or a request names it: one of the oracle's, or a name it has no game of.

use bao_rules::Ruleset;
use serde::{Deserialize, Serialize};

/// A game named by its ruleset id where the name may be of a game the oracle does not have: a
/// protocol request (which `bao-oracle engine` answers `unsupported`), a rule catalogue written
/// before its game's rules are. Written and read as the id.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameName {
    /// A game of the oracle's.
    Known(Ruleset),
    /// A name the oracle has no game of, as written.
    Unknown(String),
}

impl GameName {
    /// The game a ruleset id names.
    pub fn named(name: &str) -> GameName {
        Ruleset::from_name(name).map_or_else(|_| GameName::Unknown(name.into()), GameName::Known)
    }

    /// The ruleset id as written.
    pub fn name(&self) -> &str {
        match self {
            GameName::Known(ruleset) => ruleset.name(),
            GameName::Unknown(name) => name,
        }
    }

    /// The game, if the oracle has it.
    pub fn ruleset(&self) -> Option<Ruleset> {
        match self {
            GameName::Known(ruleset) => Some(*ruleset),
            GameName::Unknown(_) => None,
        }
    }
}

impl From<Ruleset> for GameName {
    fn from(ruleset: Ruleset) -> GameName {
        GameName::Known(ruleset)
    }
}

impl std::fmt::Display for GameName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for GameName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for GameName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameName, D::Error> {
        Ok(GameName::named(&String::deserialize(d)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_read_as_the_game_or_kept_as_written() {
        assert_eq!(
            GameName::named("bao-la-kete"),
            GameName::Known(Ruleset::Kete)
        );
        let other = GameName::named("bao-la-nowhere");
        assert_eq!((other.ruleset(), other.name()), (None, "bao-la-nowhere"));
        let json = serde_json::to_string(&[GameName::Known(Ruleset::Kingulu), other]).unwrap();
        assert_eq!(json, r#"["bao-kingulu","bao-la-nowhere"]"#);
    }
}
