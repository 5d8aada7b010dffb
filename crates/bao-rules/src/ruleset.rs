//! The names of the games: [`Ruleset`], one variant for each registered game, named as its type.
//! A leaf (generated from the registration, it imports no file of the crate), so that what every
//! position answers (its ruleset) needs none of the games; what a ruleset knows of its game (its
//! id, rulings, catalogue) is in `any.rs`.

macro_rules! ruleset_enum {
    ([] $($game:ident)*) => {
        /// One of the games, by its ruleset id (`bao-kingulu`, `bao-la-kete`, `bao-la-kimasai`,
        /// `bao-la-kiswahili`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Ruleset {
            $(
                #[doc = concat!("The game `", stringify!($game), "`.")]
                $game,
            )*
        }

        impl Ruleset {
            /// Every ruleset, in the order of the games' registration.
            pub const ALL: [Ruleset; [$(stringify!($game)),*].len()] = [$(Ruleset::$game),*];
        }

    };
}

crate::registered_games!(ruleset_enum[]);
