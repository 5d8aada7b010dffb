//! The games, and the one place that maps a ruleset id to its game type.
//!
//! Adding a game: write its module (rules, notation, its [`crate::game::Note`]s, and how it is
//! described: [`crate::description`]) implementing [`crate::game::Game`], its rule catalogue in
//! `catalogues/`, name its type once in
//! [`registered_games!`] (the one registration: [`RULESETS`], [`with_game!`] and [`dispatch`]
//! follow from it), add its variant to the run-time types of `any.rs` (`Ruleset`, `AnyMove`,
//! `AnyGame`: the compiler asks for every match, a test holds `Ruleset::ALL` to [`RULESETS`]),
//! and give it a folder in the oracle's `spec/`.
//!
//! [`registered_games!`]: crate::registered_games
//! [`with_game!`]: crate::with_game

#[cfg(test)]
mod forms_tests;
pub mod four_by_eight;
pub mod kimasai;
pub mod kingulu;

use crate::game::Game;

pub use four_by_eight::{Kete, Zanzibar};
pub use kimasai::Kimasai;
pub use kingulu::Kingulu;

/// The one registration of the games: calls back `$callback!([$args] Game Game ...)` with every
/// game type of [`crate::games`], in the stable order of [`RULESETS`].
#[doc(hidden)]
#[macro_export]
macro_rules! registered_games {
    ($($callback:ident)::+ [$($args:tt)*]) => {
        $($callback)::+! { [$($args)*] Kingulu Kete Kimasai Zanzibar }
    };
}

/// Runs `body` with the type alias `G` bound to the game whose ruleset id is `ruleset`: `Some` of
/// its value, or `None` for an unknown ruleset id. The body is inline code, so it may borrow,
/// return and use `?` as the code around it does.
///
/// ```
/// use bao_rules::{Game, with_game};
///
/// let name = with_game!("bao-kingulu", G => G::NAME);
/// assert_eq!(name, Some("Bao Kingulu"));
/// assert_eq!(with_game!("chess", G => G::NAME), None);
/// ```
#[macro_export]
macro_rules! with_game {
    ($ruleset:expr, $G:ident => $body:expr) => {
        $crate::registered_games!($crate::__with_game [($ruleset) $G ($body)])
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_game {
    ([($ruleset:expr) $G:ident ($body:expr)] $($game:ident)*) => {{
        let ruleset: &str = $ruleset;
        $(
            if ruleset == <$crate::games::$game as $crate::game::Game>::RULESET {
                #[allow(dead_code)]
                type $G = $crate::games::$game;
                Some($body)
            } else
        )* {
            None
        }
    }};
}

macro_rules! ruleset_ids {
    ([] $($game:ident)*) => {
        &[$(<$game as Game>::RULESET),*]
    };
}

/// Every ruleset id the oracle knows, in a stable order.
pub const RULESETS: &[&str] = registered_games!(ruleset_ids[]);

/// Code that runs for one game type, chosen at run time by ruleset id; for code that is a
/// function of its own (a visitor), where [`with_game!`](crate::with_game) would be inline.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs the code for game `G` (every registered game is described for conformance too).
    fn visit<G: Game + crate::description::Conformance>(self) -> Self::Output;
}

/// Runs `visitor` with the game whose ruleset id is `ruleset`; `None` if there is no such game.
pub fn dispatch<V: GameVisitor>(ruleset: &str, visitor: V) -> Option<V::Output> {
    crate::with_game!(ruleset, G => visitor.visit::<G>())
}

/// The message for an unknown ruleset id.
pub fn unknown_ruleset(ruleset: &str) -> String {
    format!(
        "`{ruleset}` is not a ruleset: the oracle knows {}{}",
        RULESETS.join(", "),
        crate::rulings::did_you_mean(ruleset, RULESETS.iter().copied())
    )
}
