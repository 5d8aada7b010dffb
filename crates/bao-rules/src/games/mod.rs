//! The games, and the one place that maps a ruleset id to its game type.
//!
//! Adding a game: write its module (rules, notation, its [`crate::game::Note`]s, its position
//! type's `game_position!` line, and how it is described: [`crate::description::Conformance`])
//! implementing [`crate::game::Game`], its rule catalogue in `catalogues/`, declare its module
//! here and name its type once in [`registered_games!`] (the one registration: [`RULESETS`],
//! [`with_game!`] and the run-time types `Ruleset`, `AnyMove`, `AnyPosition` and
//! `AnyGame` are generated from it), and give it a folder in the oracle's `spec/`.
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

/// Calls `f::<G>(args)` for every registered game `G`, in the order of [`RULESETS`]: for tests and
/// tools that check every game, so that a new game is checked with no list to extend.
///
/// ```
/// use bao_rules::{Game, for_each_game};
///
/// let mut names = Vec::new();
/// fn name<G: Game>(names: &mut Vec<&'static str>) {
///     names.push(G::RULESET);
/// }
/// for_each_game!(name(&mut names));
/// assert_eq!(names, bao_rules::RULESETS);
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($f:ident $args:tt) => {
        $crate::registered_games! { $crate::__for_each_game [$f $args] }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __for_each_game {
    ([$f:ident $args:tt] $($game:ident)*) => {
        $( $f::<$crate::games::$game> $args; )*
    };
}

/// Runs `body` with the type alias `G` bound to the game of `ruleset` (a [`crate::Ruleset`]):
/// the one dispatch from a game chosen at run time to its type. The body is inline code, so it
/// may borrow, return and use `?` as the code around it does. A name read from input becomes a
/// [`crate::Ruleset`] once, where it is read ([`crate::Ruleset::from_name`]).
///
/// ```
/// use bao_rules::{Game, Ruleset, with_game};
///
/// let ruleset: Ruleset = "bao-kingulu".parse()?;
/// assert_eq!(with_game!(ruleset, G => G::NAME), "Bao Kingulu");
/// # Ok::<(), bao_rules::UnknownRuleset>(())
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
    ([($ruleset:expr) $G:ident ($body:expr)] $($game:ident)*) => {
        match $ruleset {
            $(
                $crate::Ruleset::$game => {
                    #[allow(dead_code)]
                    type $G = $crate::games::$game;
                    $body
                }
            )*
        }
    };
}

macro_rules! ruleset_ids {
    ([] $($game:ident)*) => {
        &[$(<$game as Game>::RULESET),*]
    };
}

/// Every ruleset id the oracle knows, in a stable order.
pub const RULESETS: &[&str] = registered_games!(ruleset_ids[]);

/// Code that runs for one game type, chosen at run time by ruleset id; for code that is a
/// function of its own (a visitor, run by [`crate::Ruleset::visit`]), where
/// [`with_game!`](crate::with_game) would be inline.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Runs the code for game `G` (every registered game is described for conformance too).
    fn visit<G: Game + crate::description::Conformance>(self) -> Self::Output;
}

/// The message for an unknown ruleset id.
pub fn unknown_ruleset(ruleset: &str) -> String {
    format!(
        "`{ruleset}` is not a ruleset: the oracle knows {}{}",
        RULESETS.join(", "),
        crate::rulings::did_you_mean(ruleset, RULESETS.iter().copied())
    )
}
