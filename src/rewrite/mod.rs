//! The rewrite stage: a checked game written anew — a record with its repair applied
//! ([`repair`], [`transcript_repair`]), a published transcript as a record ([`import`]), a record
//! as a transcript ([`to_transcript`]), a file's games as read and played for programs
//! ([`game_record`]), and seeded random games as records ([`random_game`]).

pub mod game_record;
pub mod import;
pub mod random_game;
pub mod repair;
pub mod to_transcript;
pub mod transcript_repair;
