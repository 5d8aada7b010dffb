//! The games, and the one place that maps a ruleset id to its game type.
//!
//! Adding a game: write its module (rules, notation) implementing [`crate::game::Game`], add one
//! line to [`RULESETS`] and one arm to [`dispatch`], and give it a folder in `spec/`.

pub mod four_by_eight;
pub mod kimasai;
pub mod kingulu;

use crate::game::Game;

pub use four_by_eight::{Kete, Zanzibar};
pub use kimasai::Kimasai;
pub use kingulu::Kingulu;

/// Every ruleset id the oracle knows, in a stable order.
pub const RULESETS: &[&str] = &[Kingulu::RULESET, Kete::RULESET, Kimasai::RULESET];

/// Code that runs for one game type, chosen at run time by ruleset id.
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self) -> Self::Output;
}

/// Runs `visitor` with the game whose ruleset id is `ruleset`; `None` if there is no such game.
pub fn dispatch<V: GameVisitor>(ruleset: &str, visitor: V) -> Option<V::Output> {
    match ruleset {
        Kingulu::RULESET => Some(visitor.visit::<Kingulu>()),
        Kete::RULESET => Some(visitor.visit::<Kete>()),
        Kimasai::RULESET => Some(visitor.visit::<Kimasai>()),
        _ => None,
    }
}

/// The message for an unknown ruleset id.
pub fn unknown_ruleset(ruleset: &str) -> String {
    format!(
        "`{ruleset}` is not a ruleset: the oracle knows {}",
        RULESETS.join(", ")
    )
}
