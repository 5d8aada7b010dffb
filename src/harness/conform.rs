//! `bao-oracle conform`: test another implementation against the oracle over the engine protocol.
//!
//! For each selected ruleset the engine is given (1) every scenario, move by move, (2) seeded
//! random games, and (3) position probes, a few plies from generated positions games rarely reach; at every ply it is asked for the legal moves, to play the chosen move, and to play
//! one move the oracle finds illegal. Each answer is compared with the oracle's own
//! ([`crate::harness::protocol::legal_moves`], [`crate::harness::protocol::play`]): the legal-move set, the position
//! after the move, its events (captures, reservations, the game's end), or the refusal. A random
//! game that diverges is shrunk to the shortest move sequence from the start that still diverges.
//!
//! One concern a file: `driver` runs the engine process, `probes` builds requests with the
//! oracle's answers, `running` runs the cases, `judging` compares answers, `shrinking` shortens
//! reproductions, `report` holds the result as data (written out by the render stage: its
//! `conform`, `html::conform` and `table`), `plan` works out what runs for every front end,
//! `table` counts several engines' runs in one compliance table. Every move text becomes a move
//! through [`bao_rules::play::Playthrough::resolve_text`] or [`bao_rules::play::Playthrough::play_text_into`];
//! the hole names a random game tries as illegal moves are read once and resolved among each
//! position's listed moves ([`bao_rules::game::Game::refused_among`]).

mod driver;
mod judging;
mod plan;
mod positions;
mod probes;
mod report;
mod running;
mod session;
mod shrinking;
mod table;

pub use driver::{
    Driver, EngineInfo, Fatal, GIVE_UP, Link, MAX_LINE, MAX_RESTARTS, Reply, clip, read_reply,
    split_command,
};
pub use plan::{
    Asked, Plan, PlanError, RulesetPlan, Scenarios, check_rulesets, rulings_by_ruleset,
};
pub use positions::POSITIONS;
pub use report::{
    Bug, CaseResult, CaseStatus, Differs, Divergence, EngineSummary, FieldDiffers, Known, Label,
    LeftOut, REPORT_VERSION, Report, RulesetSummary, SkipReason, Summary,
};
pub use running::{
    MAX_PLIES, NO_SUCH_CASE, NOTHING_PASSED, Options, POSITION_PLIES, Progress, Run, Script,
    glob_match, scenario_start, scripts,
};
pub use session::{
    RunError, Session, ShowProgress, parse_known_failures, read_known_failures, timeout,
};
pub use shrinking::{SEARCH_REQUESTS, SHRINK_ATTEMPTS, SHRINK_BUDGET};
pub use table::{BugLine, Cell, Column, Entry, Row, RowKind, TABLE_VERSION, Table, Verdict};
