//! Replay: a [`Record`] played through its game's rules, move by move, into [`Finding`]s.
//!
//! Generic over the game ([`bao_rules::with_game!`]): the rules decide, this module only asks
//! them (`G::parse_move`, `G::resolve`, `Playthrough::play`, `G::check_claims`) and writes down
//! what they answer, with the ply and the span of the move. It never sees YAML (the record is
//! already read) and never prints (the reporters do).
//!
//! Per game it reports the first illegal move and stops there (the position after it is
//! unknown); every false claim of a legal move, a move after the end, and the `result:` claim
//! against the real end of the game.

use crate::check::duplicates::{self, MovesDigest, MovesFolder};
use crate::check::repair::{self, Repair};
use crate::check::step::{self, Step};
use crate::diagnostics::{Code, Finding, MoveNumber, Span};
use crate::input::record::{Field, MoveText, Record, ResultClaim};
use bao_rules::game::{Event, Game, GameEnd, Notation, Rejection, Side};
use bao_rules::play::Playthrough;
use bao_rules::play::{MoveError, MoveErrorKind};
use bao_rules::rulings::{RulingError, RulingSet};
use bao_rules::setup::{Setup, SetupError, SetupField, rulings_help};
use bao_rules::with_game;

/// What a replay takes besides the record.
#[derive(Clone, Debug)]
pub struct ReplayOptions {
    /// `--ruling` choices: applied to each record whose game has the ruling, on top of its own
    /// `rulings:`; a different value for a ruling the record sets is a `ruling-conflict`.
    pub rulings: RulingSet,
    /// `--preset NAME`: the preset's rulings for each record whose game has it, under the record's
    /// own `rulings:` and `--ruling`.
    pub preset: Option<String>,
    /// `--compare-ruling NAME=VALUE`: find the first ply whose legality or outcome changes when
    /// the ruling takes this value.
    pub compare: Option<(String, String)>,
    /// `--repair-window K`: for a game that stops at a move, look for repairs at that ply and
    /// up to K plies before it ([`crate::check::repair`]); 0 looks for none.
    pub repair_window: u32,
    /// `--infer-rulings`: `check` also finds the ruling combinations each game is valid under
    /// (`infer`, which replays through this module).
    pub infer_rulings: bool,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions {
            rulings: RulingSet::default(),
            preset: None,
            compare: None,
            repair_window: repair::DEFAULT_WINDOW,
            infer_rulings: false,
        }
    }
}

/// Where a game stands after its replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    Over(GameEnd),
    Unfinished,
}

impl Standing {
    /// `south`, `north`, `draw` or `unfinished`, as records write results.
    pub fn name(self) -> &'static str {
        match self {
            Standing::Over(end) => end.outcome.name(),
            Standing::Unfinished => "unfinished",
        }
    }
}

/// The first ply of a game whose legality or outcome depends on a ruling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    pub ruling: String,
    /// The ruling's value in the replay that `check` validates, and the compared one.
    pub values: [String; 2],
    pub ply: u32,
    pub mv: String,
    pub span: Span,
    /// What the move does under each value, in words.
    pub outcomes: [String; 2],
}

/// The replay of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Replayed {
    pub findings: Vec<Finding>,
    /// Moves replayed and found legal.
    pub plies: u32,
    /// Where the game stands after them; `None` if it could not be set up (unknown ruleset,
    /// bad start position, bad rulings).
    pub standing: Option<Standing>,
    /// With [`ReplayOptions::compare`], for a game that has the ruling: `Some(None)` when
    /// nothing depends on it, `Some(Some(d))` at the first ply that does.
    pub divergence: Option<Option<Divergence>>,
    /// For a game that stopped at a move (and [`ReplayOptions::repair_window`] > 0): the repair
    /// search at that ply.
    pub repair: Option<Repair>,
    /// The side to move at the start: how the plies are numbered as moves
    /// ([`crate::diagnostics::MoveNumber`]); `None` if the game could not be set up.
    pub first: Option<bao_rules::game::Side>,
    /// The moves as played, folded, for a game of [`duplicates::MIN_PLIES`] or more whose every
    /// move played: what `check` compares games by ([`duplicates::Duplicates`]).
    pub digest: Option<MovesDigest>,
}

/// Replays `record`.
pub fn replay(record: &Record, options: &ReplayOptions) -> Replayed {
    replay_with(record, options, None)
}

/// Replays `record`, handing each [`Step`] of the replay (the boards a picture of the game
/// draws) to `steps` as it comes; none if the game cannot be set up.
pub fn replay_with(
    record: &Record,
    options: &ReplayOptions,
    mut steps: Option<&mut dyn FnMut(Step)>,
) -> Replayed {
    with_game!(record.ruleset.value, G => replay_game::<G>(record, options, steps.take()))
}

/// The readers of rulings given without a ruleset: the selection's ([`crate::input::selection`]).
pub use crate::input::selection::{check_rulings_exist, find_preset};

/// Checks `--preset NAME` against every game: some game must have it.
pub fn check_preset_exists(name: &str) -> Result<(), RulingError> {
    find_preset(name).map(|_| ())
}

fn replay_game<G: Game>(
    record: &Record,
    options: &ReplayOptions,
    steps: Option<&mut dyn FnMut(Step)>,
) -> Replayed {
    let mut out = Replayed::default();
    let (setup, set, start) = match setup_game::<G>(record, options) {
        Ok(x) => x,
        Err(finding) => {
            out.findings.push(*finding);
            return out;
        }
    };
    out.first = Some(G::side_to_move(start.position()));
    if let Some((name, value)) = &options.compare
        && G::RULINGS.iter().any(|d| d.name == name)
    {
        out.divergence = Some(compare::<G>(record, &setup, &set, &start, name, value));
    }
    play_moves::<G>(record, start, &mut out, steps);
    // The replay stops early only at a move that did not play (or came after the end); when
    // every move played, the `result:` claim (the one false claim of no ply) may still fail.
    let result_failed = || {
        out.findings
            .iter()
            .any(|f| f.code == Code::FalseClaim && f.ply.is_none())
    };
    let moves = record.moves.len();
    if options.repair_window > 0 && ((out.plies as usize) < moves || (moves > 0 && result_failed()))
    {
        out.repair = suggest_repairs::<G>(record, &setup, options.repair_window, out.plies + 1);
    }
    out
}

/// The repair search for a game that stopped at ply `failed`: from the start again (a valid
/// game pays nothing for it), through the same moves.
fn suggest_repairs<G: Game>(
    record: &Record,
    setup: &Setup,
    window: u32,
    failed: u32,
) -> Option<Repair> {
    let game = Playthrough::<G>::from_setup(setup).ok()?;
    let texts: Vec<&str> = record.moves.iter().map(|m| m.value.as_str()).collect();
    Some(repair::suggest(
        &game,
        &texts,
        record.result.as_ref().map(|r| r.value),
        failed,
        window,
        repair::Budget::DEFAULT,
    ))
}

/// The record's setup with `--preset` and `--ruling` under and on top of its own, or the finding
/// for a choice of the command line that contradicts the record's.
fn record_setup<G: Game>(record: &Record, options: &ReplayOptions) -> Result<Setup, Box<Finding>> {
    let mut rulings = RulingSet::new();
    for (name, value) in &record.rulings {
        if let Err(e) = rulings.insert(&name.value, &value.value) {
            let known = G::RULINGS.iter().any(|d| d.name == name.value);
            return Err(Box::new(
                Finding::new(Code::UnknownRuling, e.message)
                    .at(if known { value.span } else { name.span })
                    .help(rulings_help::<G>()),
            ));
        }
    }
    let mut preset = record.preset.as_ref().map(|p| p.value.clone());
    if let Some(own) = &record.preset {
        if let Some(asked) = &options.preset
            && G::PRESETS.iter().any(|p| p.name == asked)
            && *asked != own.value
        {
            return Err(Box::new(Finding::new(
                Code::RulingConflict,
                format!(
                    "the record plays `preset: {}`, the command line asks for `--preset {asked}`",
                    own.value
                ),
            )
            .at(own.span)
            .help("drop `--preset`, or change the record's `preset:`")));
        }
    } else if let Some(asked) = &options.preset
        && G::PRESETS.iter().any(|p| p.name == asked)
    {
        preset = Some(asked.clone());
    }
    // The record's own preset binds `--ruling` as its `rulings:` do.
    let own_preset = record
        .preset
        .as_ref()
        .and_then(|own| G::PRESETS.iter().find(|p| p.name == own.value));
    for (name, value) in options.rulings.iter() {
        if !G::RULINGS.iter().any(|d| d.name == name) {
            continue; // another game's ruling
        }
        if let Some((own_name, own)) = record.rulings.iter().find(|(n, _)| n.value == name) {
            if own.value != value {
                return Err(Box::new(Finding::new(
                    Code::RulingConflict,
                    format!(
                        "the record plays `{name}: {}`, the command line asks for `{value}`",
                        own.value
                    ),
                )
                .at(own_name.span)
                .help(format!(
                    "drop `--ruling {name}={value}`, or use `--compare-ruling {name}={value}` to \
                     see where the two differ"
                ))));
            }
            continue;
        }
        if let Some(&(_, old)) = own_preset.and_then(|p| p.rulings.iter().find(|(n, _)| *n == name))
            && old != value
        {
            return Err(Box::new(
                Finding::new(
                    Code::RulingConflict,
                    format!("ruling `{name}` is given twice, as `{old}` and as `{value}`"),
                )
                .at_opt(record.preset.as_ref().map(|p| p.span))
                .help(format!(
                    "drop `--ruling {name}={value}`, or set `{name}` in the record's `rulings:`"
                )),
            ));
        }
        // Checked against every game's rulings before the replay (`check_rulings_exist`).
        let _ = rulings.insert(name, value);
    }
    Ok(Setup {
        start: record.start.as_ref().map(|s| s.value.clone()),
        first: record.first.as_ref().map(|f| f.value),
        rulings,
        preset,
        notation: record
            .notation
            .as_ref()
            .map_or_else(Notation::default, |n| n.value),
        // A record says its notation: its moves are read in that one.
        any_notation: false,
        history: Vec::new(),
    })
}

/// The record's game set up ([`bao_rules::setup`]), with the ruling set in force; or the finding,
/// with the span of what the record wrote.
pub(crate) fn setup_game<G: Game>(
    record: &Record,
    options: &ReplayOptions,
) -> Result<(Setup, RulingSet, Playthrough<G>), Box<Finding>> {
    let setup = record_setup::<G>(record, options)?;
    let (set, game) =
        Playthrough::<G>::from_setup_with_set(&setup).map_err(|e| setup_finding(record, e))?;
    Ok((setup, set, game))
}

/// A setup error as a finding on the record.
fn setup_finding(record: &Record, error: SetupError) -> Box<Finding> {
    let span = match &error.field {
        SetupField::Notation => record.notation.as_ref().map(|n| n.span),
        SetupField::Ruling { name, value } => record
            .rulings
            .iter()
            .find(|(n, _)| *n.value == **name)
            .map(|(n, v)| if *value { v.span } else { n.span }),
        SetupField::Preset => record.preset.as_ref().map(|p| p.span),
        SetupField::Rulings => record.rulings.first().map(|(n, _)| n.span),
        SetupField::Start => record.start.as_ref().map(|s| s.span),
        SetupField::First => record.first.as_ref().map(|f| f.span),
        _ => None,
    };
    let error = error.at(span);
    let message = match error.field {
        SetupField::Start => format!("`start` is not a position: {}", error.message),
        _ => error.message,
    };
    let mut finding = Finding::new(error.code.into(), message)
        .rule_opt(error.rule)
        .at_opt(error.span);
    if let Some(help) = error.help {
        finding = finding.help(help);
    }
    Box::new(finding)
}

/// Plays the record's moves into `out`, each board to `steps` (if any); returns the game as the
/// replay left it.
fn play_moves<G: Game>(
    record: &Record,
    mut game: Playthrough<G>,
    out: &mut Replayed,
    mut steps: Option<&mut dyn FnMut(Step)>,
) -> Playthrough<G> {
    let mut ended_at = game.end().map(|_| 0);
    // Room for a move's events at once (a capture lap tells a few dozen).
    let mut events = Vec::with_capacity(64);
    let mut stopped = false;
    game.reserve_plies(record.moves.len());
    // Only games long enough to be compared pay for the digest.
    let mut digest = (record.moves.len() >= duplicates::MIN_PLIES).then(MovesFolder::default);
    if let Some(steps) = steps.as_mut() {
        steps(step::start::<G>(&game));
    }
    for (i, text) in record.moves.iter().enumerate() {
        let ply = i as u32 + 1;
        if let Some(end) = game.end() {
            if let Some(steps) = steps.as_mut() {
                steps(step::stop::<G>(&game, ply, &text.value, true));
            }
            out.findings.push(after_end(
                end,
                ended_at.unwrap_or(0),
                ply,
                text,
                record,
                out.first,
            ));
            break;
        }
        let played = match game.play_text_into(&text.value, &mut events) {
            Ok(played) => played,
            Err(error) => {
                if let Some(steps) = steps.as_mut() {
                    steps(step::stop::<G>(&game, ply, &text.value, false));
                }
                out.findings
                    .push(refused_finding::<G>(&game, error, ply, text));
                stopped = true;
                break;
            }
        };
        if let Some(steps) = steps.as_mut() {
            steps(step::ply::<G>(&game, &text.value, &events));
        }
        if let Some(digest) = digest.as_mut() {
            digest.fold(&played.mv);
        }
        out.plies = ply;
        for claim in played.false_claims {
            out.findings.push(
                Finding::new(
                    Code::FalseClaim,
                    format!("`{}`: {}", text.value, claim.message),
                )
                .rule(claim.rule)
                .ply(ply, text.value.as_str())
                .at(text.span)
                .help(format!("the move did: {}", describe_events::<G>(&events))),
            );
        }
        if game.end().is_some() && ended_at.is_none() {
            ended_at = Some(ply);
        }
    }
    let standing = match game.end() {
        Some(end) => Standing::Over(end),
        None => Standing::Unfinished,
    };
    out.standing = Some(standing);
    if out.plies as usize == record.moves.len() {
        out.digest = digest.map(|d| d.digest());
    }
    if !stopped && let Some(claim) = &record.result {
        check_result(claim, standing, ended_at, out.plies, out);
    }
    game
}

/// The game of `record` just before ply `ply` (1-based; at most one past its last move): the
/// rulings in force (the record's `rulings:` with `options.rulings` on top, as [`replay`] sets
/// them) and the game with the plies before `ply` played, history included. `Err` is what stops
/// the replay first: a finding about the record's setup, or the first earlier ply that does not
/// play. False claims of earlier plies do not stop it.
pub fn replay_to<G: Game>(
    record: &Record,
    options: &ReplayOptions,
    ply: u32,
) -> Result<(RulingSet, Playthrough<G>), Box<Finding>> {
    let mut out = Replayed::default();
    let fatal = |out: Replayed| {
        let finding = out
            .findings
            .into_iter()
            .find(|f| f.code != Code::FalseClaim)
            .unwrap_or_else(|| Finding::new(Code::BadValue, "the record cannot be replayed"));
        Box::new(finding)
    };
    let (_, set, start) = setup_game::<G>(record, options)?;
    let mut before = record.clone();
    before.moves.truncate(ply.saturating_sub(1) as usize);
    before.result = None;
    let game = play_moves::<G>(&before, start, &mut out, None);
    if out.findings.iter().any(|f| f.code != Code::FalseClaim) {
        return Err(fatal(out));
    }
    Ok((set, game))
}

fn after_end(
    end: GameEnd,
    ended_at: u32,
    ply: u32,
    text: &Field<MoveText>,
    record: &Record,
    first: Option<Side>,
) -> Finding {
    let extra = record.moves.len() as u32 - ply + 1;
    let when = ended(Some(ended_at), first);
    Finding::new(
        Code::MoveAfterEnd,
        format!(
            "`{}` comes after the end of the game: {when} ({})",
            text.value,
            describe_end(end)
        ),
    )
    .rule(end.rule)
    .ply(ply, text.value.as_str())
    .at(text.span)
    .help(if extra == 1 {
        "remove this move".to_string()
    } else {
        format!("remove this move and the {} after it", extra - 1)
    })
}

fn describe_end(end: GameEnd) -> String {
    let who = match end.outcome {
        bao_rules::game::Outcome::Win(side) => format!("{side} wins"),
        bao_rules::game::Outcome::Draw => "a draw".to_string(),
    };
    match end.score {
        // The winner's count first.
        Some([s, n]) => match end.outcome {
            bao_rules::game::Outcome::Win(bao_rules::game::Side::North) => {
                format!("{who} {n}-{s}, {}", end.rule)
            }
            _ => format!("{who} {s}-{n}, {}", end.rule),
        },
        None => format!("{who}, {}", end.rule),
    }
}

/// When the game ended: with which move (as the transcript numbers it), or before any.
fn ended(ended_at: Option<u32>, first: Option<Side>) -> String {
    match ended_at {
        Some(0) | None => "the game was over in the start position".to_string(),
        Some(ply) => format!("the game ended with {}", MoveNumber::words(ply, first)),
    }
}

fn check_result(
    claim: &Field<ResultClaim>,
    standing: Standing,
    ended_at: Option<u32>,
    plies: u32,
    out: &mut Replayed,
) {
    let finding = match (claim.value, standing) {
        (ResultClaim::Over(claimed), Standing::Over(end)) if claimed == end.outcome => return,
        (ResultClaim::Unfinished, Standing::Unfinished) => return,
        (ResultClaim::Over(claimed), Standing::Over(end)) => Finding::new(
            Code::FalseClaim,
            format!(
                "the record claims `result: {claimed}`; {} ({})",
                ended(ended_at, out.first),
                describe_end(end)
            ),
        )
        .rule(end.rule)
        .help(format!("write `result: {}`", end.outcome)),
        (ResultClaim::Over(claimed), Standing::Unfinished) => Finding::new(
            Code::FalseClaim,
            format!(
                "the record claims `result: {claimed}`, but the game is not over after its \
                 {plies} plies"
            ),
        )
        .help("write `result: unfinished` (or leave `result` out), or add the missing moves"),
        (ResultClaim::Unfinished, Standing::Over(end)) => Finding::new(
            Code::FalseClaim,
            format!(
                "the record claims `result: unfinished`, but {} ({})",
                ended(ended_at, out.first),
                describe_end(end)
            ),
        )
        .rule(end.rule)
        .help(format!("write `result: {}`", end.outcome)),
    };
    out.findings.push(finding.at(claim.span));
}

/// The legal moves of the game's position, for a help line: in the game's notation, with the
/// canonical spelling beside each in another notation.
pub(crate) fn legal_help<G: Game>(game: &Playthrough<G>) -> String {
    let (moves, undecided) = bao_rules::Incomplete::split(game.legal_moves());
    let side = G::side_to_move(game.position());
    let mut help = if moves.is_empty() {
        format!("{side} has no legal move here")
    } else {
        let names: Vec<String> = moves
            .into_iter()
            .map(|mv| match game.notation() {
                Notation::Canonical => game.move_text(mv),
                _ => format!("{} ({})", game.move_text(mv), G::format_move(mv)),
            })
            .collect();
        format!("legal moves for {side} here: {}", names.join(", "))
    };
    if undecided > 0 {
        help.push_str(&format!(
            " ({undecided} more undecided within the lap budget)"
        ));
    }
    help
}

/// For a canonical record whose move reads in Donkers' notation (`7L*`): the field it lacks.
fn donkers_hint<G: Game>(game: &Playthrough<G>, text: &str) -> String {
    let donkers = G::NOTATIONS.contains(&Notation::Donkers)
        && game.notation() == Notation::Canonical
        && G::parse_move_in(Notation::Donkers, text).is_ok();
    if donkers {
        format!(
            "; `{text}` reads as Donkers' notation: a record written in it says `notation: donkers`"
        )
    } else {
        String::new()
    }
}

/// The finding for a move that did not play, decorated with the ply, the span and a help line.
fn refused_finding<G: Game>(
    game: &Playthrough<G>,
    error: MoveError<G::Move>,
    ply: u32,
    text: &Field<MoveText>,
) -> Finding {
    let finding = match error.kind {
        // Read like a text that does not parse (Kete: a mtaji hole without its row letter).
        MoveErrorKind::NotNotation => {
            let help = legal_help::<G>(game) + &donkers_hint::<G>(game, &text.value);
            Finding::new(Code::NotNotation, error.message).help(help)
        }
        MoveErrorKind::Ambiguous => {
            let names: Vec<String> = error.candidates.into_iter().map(G::format_move).collect();
            Finding::new(
                Code::AmbiguousMove,
                format!(
                    "`{}` fits {} legal moves: the spelling does not say which",
                    text.value,
                    names.len()
                ),
            )
            .help(format!("write one of {}", names.join(", ")))
        }
        MoveErrorKind::Undecided { laps } => Finding::new(
            Code::UndecidedMove,
            format!(
                "`{}` neither ended nor repeated within {laps} laps: neither legal nor illegal",
                text.value
            ),
        )
        .help("the move is beyond the cycle detector's budget (docs/engine-authors.md, Never-ending moves)"),
        MoveErrorKind::TooLong { .. } => Finding::new(
            Code::MoveTooLong,
            format!("`{}`: {}", text.value, error.message),
        )
        .help("the move is legal, but longer than a replay follows step by step"),
        // The replay checks the end itself, before the move (it knows when the game ended).
        MoveErrorKind::Illegal | MoveErrorKind::AfterEnd(_) => {
            let mut help = legal_help::<G>(game);
            // A move that is legal for the other side: a wrong `first:` or a missing move.
            let side = G::side_to_move(game.position());
            let mut other = game.position().clone();
            G::set_side_to_move(&mut other, side.opponent());
            // Read in the record's notation, as the move itself was.
            let fits_other = Playthrough::<G>::new(other, game.rulings().clone())
                .in_notation(game.notation())
                .is_ok_and(|other| other.resolve_text(&text.value).is_ok());
            if fits_other {
                help.push_str(&format!(
                    "; `{}` would be legal for {}: {}",
                    text.value,
                    side.opponent(),
                    if ply == 1 {
                        "does `first:` name the wrong side?"
                    } else {
                        "is a move missing before it?"
                    }
                ));
            }
            Finding::new(
                Code::IllegalMove,
                format!("`{}` is illegal: {}", text.value, error.message),
            )
            .rule_opt(error.rule)
            .help(help)
        }
    };
    finding.ply(ply, text.value.as_str()).at(text.span)
}

fn describe_events<G: Game>(events: &[Event]) -> String {
    if events.is_empty() {
        return "nothing".to_string();
    }
    let parts: Vec<String> = events
        .iter()
        .map(|e| format!("{} ({})", e.describe::<G>(), e.rule()))
        .collect();
    parts.join("; ")
}

// --- --compare-ruling ------------------------------------------------------------------------------

/// Replays the record under its rulings and under `name = value` side by side, to the first ply
/// where the move's legality, the position after it or the end of the game differ.
fn compare<G: Game>(
    record: &Record,
    setup: &Setup,
    set: &RulingSet,
    start: &Playthrough<G>,
    name: &str,
    value: &str,
) -> Option<Divergence> {
    let def = G::RULINGS.iter().find(|d| d.name == name)?;
    let base_value = set.value(def).to_string();
    let mut alt_set = RulingSet::new();
    for (n, v) in set.iter().filter(|(n, _)| *n != name) {
        alt_set.insert(n, v).ok()?;
    }
    alt_set.insert(name, value).ok()?;
    // The same setup (notation, start, first) under the other value.
    let alt = Setup {
        rulings: alt_set,
        preset: None,
        ..setup.clone()
    };
    let mut games = [start.clone(), Playthrough::<G>::from_setup(&alt).ok()?];
    let mut events = [Vec::new(), Vec::new()];
    for (i, text) in record.moves.iter().enumerate() {
        let ply = i as u32 + 1;
        if games.iter().all(|g| g.end().is_some()) {
            return None;
        }
        let mut outcomes: [Result<(), String>; 2] = [Ok(()), Ok(())];
        for (k, game) in games.iter_mut().enumerate() {
            outcomes[k] = match game.play_text_into(&text.value, &mut events[k]) {
                Ok(_) => Ok(()),
                Err(error) => Err(compare_refusal(error)),
            };
        }
        let same = match (&outcomes[0], &outcomes[1]) {
            (Ok(()), Ok(())) => {
                games[0].position() == games[1].position() && games[0].end() == games[1].end()
            }
            (Err(_), Err(_)) => return None,
            _ => false,
        };
        if !same {
            // Both replays agree up to some event of the move: say only where they part.
            let steps: [Vec<String>; 2] = [0, 1].map(|k| {
                events[k]
                    .iter()
                    .map(|e| format!("{} ({})", e.describe::<G>(), e.rule()))
                    .collect()
            });
            let common = if outcomes.iter().all(Result::is_ok) {
                steps[0]
                    .iter()
                    .zip(&steps[1])
                    .take_while(|(a, b)| a == b)
                    .count()
            } else {
                0
            };
            let describe = |k: usize| match &outcomes[k] {
                Err(why) => format!("illegal: {why}"),
                Ok(()) => {
                    let mut s = if common > 0 {
                        format!("after the same {common} step(s): ")
                    } else {
                        String::new()
                    };
                    let rest = &steps[k][common..];
                    if !rest.is_empty() {
                        s.push_str(&rest.join("; "));
                        s.push_str("; ");
                    }
                    s.push_str(&format!("then {}", G::format_compact(games[k].position())));
                    if let Some(end) = games[k].end() {
                        s.push_str(&format!("; game over: {}", describe_end(end)));
                    }
                    s
                }
            };
            return Some(Divergence {
                ruling: name.to_string(),
                values: [base_value, value.to_string()],
                ply,
                mv: text.value.to_string(),
                span: text.span,
                outcomes: [describe(0), describe(1)],
            });
        }
    }
    None
}

/// A refusal as `--compare-ruling` words it.
fn compare_refusal<M>(error: MoveError<M>) -> String {
    match error.kind {
        MoveErrorKind::AfterEnd(end) => format!("the game is already over ({})", describe_end(end)),
        MoveErrorKind::Ambiguous => format!("ambiguous ({} moves)", error.candidates.len()),
        MoveErrorKind::NotNotation => format!("not notation: {}", error.message),
        MoveErrorKind::Undecided { laps } => Rejection::Undecided { laps }.to_string(),
        MoveErrorKind::TooLong { events } => Rejection::TooLong { events }.to_string(),
        _ => match error.rule {
            Some(rule) => format!("{} ({rule})", error.message),
            None => error.message,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::record::{parse_document, split_documents};

    fn run(text: &str) -> Replayed {
        let docs = split_documents(text);
        let record = parse_document(&docs[0]).unwrap();
        replay(&record, &ReplayOptions::default())
    }

    fn codes(r: &Replayed) -> Vec<(Code, Option<u32>, Option<String>)> {
        r.findings
            .iter()
            .map(|f| (f.code, f.ply, f.rule.map(str::to_string)))
            .collect()
    }

    const HEAD: &str = "ruleset: bao-la-kimasai\nsource: unit test\n";

    #[test]
    fn a_legal_opening_with_true_claims_is_clean() {
        let r = run(&format!("{HEAD}moves: [A2xx, a2, A3]\n"));
        assert_eq!(codes(&r), []);
        assert_eq!(r.plies, 3);
        assert_eq!(r.standing, Some(Standing::Unfinished));
    }

    #[test]
    fn first_illegal_move_stops_the_game() {
        let r = run(&format!("{HEAD}moves: [A2, a2, A5, A6]\nresult: north\n"));
        assert_eq!(
            codes(&r),
            [(Code::IllegalMove, Some(3), Some("MAS-5".into()))]
        );
        assert_eq!(r.plies, 2);
        assert!(r.findings[0].help.as_deref().unwrap().contains("A3"));
    }

    #[test]
    fn false_claims_do_not_stop_the_game() {
        let r = run(&format!("{HEAD}moves: [A2x, a2, A3x]\n"));
        assert_eq!(
            codes(&r),
            [
                (Code::FalseClaim, Some(1), Some("MAS-6".into())),
                (Code::FalseClaim, Some(3), Some("MAS-6".into())),
            ]
        );
        assert_eq!(r.plies, 3);
    }

    #[test]
    fn result_claims_are_checked() {
        let r = run(&format!("{HEAD}moves: [A2]\nresult: south\n"));
        assert_eq!(codes(&r), [(Code::FalseClaim, None, None)]);
        let r = run(&format!("{HEAD}moves: [A2]\nresult: unfinished\n"));
        assert_eq!(codes(&r), []);
    }

    #[test]
    fn wrong_side_first_is_pointed_out() {
        let r = run(&format!("{HEAD}first: north\nmoves: [A2]\n"));
        assert_eq!(
            codes(&r),
            [(Code::IllegalMove, Some(1), Some("MAS-5".into()))]
        );
        assert!(r.findings[0].help.as_deref().unwrap().contains("first:"));
    }

    #[test]
    fn bad_start_and_unknown_things() {
        let r = run(&format!(
            "{HEAD}start: 111111111111/111111111111/011111111111/111111111111 S\nmoves: []\n"
        ));
        assert_eq!(codes(&r), [(Code::BadPosition, None, Some("MAS-2".into()))]);
        // An unknown game is refused where the record is read, at its `ruleset:`.
        let text = "ruleset: bao-la-nowhere\nsource: x\nmoves: []\n";
        let e = parse_document(&split_documents(text)[0]).unwrap_err();
        assert_eq!(
            (e.code, e.span.map(|s| s.offset)),
            (Code::UnknownRuleset, Some(9))
        );
        let r = run(&format!("{HEAD}rulings: {{kimasai.x: y}}\nmoves: []\n"));
        assert_eq!(codes(&r), [(Code::UnknownRuling, None, None)]);
        let r = run(&format!("{HEAD}moves: [A13]\n"));
        assert_eq!(codes(&r), [(Code::NotNotation, Some(1), None)]);
    }

    #[test]
    fn the_other_sides_move_is_pointed_out_in_donkers_notation() {
        // Ply 3 is North's 8L* (a8<*) with South to move: a move is missing before it.
        let r = run(
            "ruleset: bao-la-kiswahili\nsource: unit test\nnotation: donkers\n\
             moves: [7L*, 5R, 8L*]\n",
        );
        assert_eq!(
            codes(&r),
            [(Code::IllegalMove, Some(3), Some("ZAN-14".into()))]
        );
        let help = r.findings[0].help.as_deref().unwrap();
        assert!(help.contains("6L* (A6<), 6R* (A6>)"), "{help}");
        assert!(
            help.contains("`8L*` would be legal for north: is a move missing before it?"),
            "{help}"
        );
    }

    #[test]
    fn first_conflicting_with_start() {
        let r = run(&format!(
            "{HEAD}first: north\nstart: 111111111111/111111111110/011111111111/111111111111 S\nmoves: []\n"
        ));
        assert_eq!(codes(&r), [(Code::FirstConflict, None, None)]);
    }

    #[test]
    fn replay_to_stops_before_the_ply_and_at_earlier_illegal_plies() {
        use bao_rules::games::Kimasai;
        let docs =
            split_documents("ruleset: bao-la-kimasai\nsource: t\nmoves: [A2x, a2, A3, A9]\n");
        let record = parse_document(&docs[0]).unwrap();
        let options = ReplayOptions::default();
        // Ply 1's false claim does not stop the replay; ply 3 is not played.
        let (_, game) = replay_to::<Kimasai>(&record, &options, 3).unwrap();
        assert_eq!(
            Kimasai::side_to_move(game.position()),
            bao_rules::game::Side::South
        );
        let (_, start) = replay_to::<Kimasai>(&record, &options, 1).unwrap();
        assert_eq!(*start.position(), Kimasai::start());
        // Ply 4 is illegal (A9 -> A8 is occupied): ply 5 cannot be reached.
        let Err(finding) = replay_to::<Kimasai>(&record, &options, 5) else {
            panic!("ply 4 is illegal");
        };
        assert_eq!((finding.code, finding.ply), (Code::IllegalMove, Some(4)));
    }
}
