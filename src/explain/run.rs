//! `explain` as one library function for every front end: a move typed for a position
//! ([`explain_move`]) or a move of a game record or transcript ([`explain_record`]). The command
//! line and Python only map their arguments to these and the answer to text, pictures or JSON.

use std::path::Path;

use crate::check::FileReport;
use crate::check::replay::{ReplayOptions, replay_to};
pub use crate::diagnostics::Refused;
use crate::diagnostics::{Code, Finding, MoveNumber};
use crate::explain::{Comparison, Explanation, compare_in, explain_in, replaced, resolve};
use crate::input::record::{self, Record};
use crate::input::selection::Selection;
use crate::input::{self, Input};
use bao_rules::Ruleset;
use bao_rules::game::{Game, Notation, Side};
use bao_rules::games::GameVisitor;
use bao_rules::play::Playthrough;
use bao_rules::rulings::RulingSet;

/// The rulings to explain under, as given: a preset and single rulings (`NAME=VALUE`), read
/// against the game once it is known, and a ruling (`NAME=VALUE`) to explain the move under too.
#[derive(Clone, Copy, Debug, Default)]
pub struct Under<'a> {
    pub preset: Option<&'a str>,
    pub rulings: &'a [String],
    pub compare: Option<&'a str>,
}

/// A move explained, or explained under two values of a ruling.
#[derive(Clone, Debug)]
pub enum Explained {
    One(Box<Explanation>),
    Compared(Box<Comparison>),
}

impl Explained {
    /// The explanation under the rulings in force (the first of a comparison).
    pub fn base(&self) -> &Explanation {
        match self {
            Explained::One(e) => e,
            Explained::Compared(c) => &c.base,
        }
    }
}

/// Why a move of a record is not explained.
#[derive(Clone, Debug)]
pub enum RecordError {
    /// A bad argument, or a file that cannot be read.
    Refused(Refused),
    /// The record cannot be replayed up to the move (its game cannot be set up, an earlier move
    /// is refused): `finding` in `file`'s game `index`, reported as `check` reports it, and the
    /// ply asked for where an earlier one stops the replay.
    Unplayable {
        file: FileReport,
        index: usize,
        finding: Box<Finding>,
        after: Option<u32>,
    },
}

impl From<Refused> for RecordError {
    fn from(r: Refused) -> RecordError {
        RecordError::Refused(r)
    }
}

/// The move of a record to explain: a ply, or a move number and side as the transcript numbers
/// them (resolved once the record's first mover is known).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Ply(u32),
    Move(u32, Side),
}

/// Explains `mv` in game `ruleset` at `position` (default the start), read in `notation` (any of
/// the game's where it names one move), under `under`.
///
/// # Errors
///
/// [`Refused`]: an unknown ruling, preset or value, a position that does not read.
pub fn explain_move(
    ruleset: Ruleset,
    position: Option<&str>,
    notation: Option<Notation>,
    under: &Under<'_>,
    mv: &str,
) -> Result<Explained, Refused> {
    struct Visit<'a> {
        position: Option<&'a str>,
        notation: Option<Notation>,
        under: &'a Under<'a>,
        mv: &'a str,
    }
    impl GameVisitor for Visit<'_> {
        type Output = Result<Explained, Refused>;
        fn visit<G: Game>(self) -> Self::Output {
            let selection = selection::<G>(self.under)?;
            let setup = selection.into_setup(self.position, self.notation);
            let (set, game) = Playthrough::<G>::from_setup_with_set(&setup)
                .map_err(|e| Refused::new(e.code.into(), e.message_with_rule()))?;
            let Some(assignment) = self.under.compare else {
                let mut game = game;
                return Ok(Explained::One(Box::new(explain_in(
                    &mut game, &set, self.mv,
                ))));
            };
            RulingSet::parse_assignment(assignment)
                .and_then(|(name, value)| {
                    let other = replaced(&set, &name, &value)?;
                    let twin = game.clone().under_rulings(resolve::<G>(&other)?);
                    compare_in([game, twin], [set, other], &name, self.mv)
                })
                .map(|c| Explained::Compared(Box::new(c)))
                .map_err(|e| Refused::new(Code::UnknownRuling, e.message))
        }
    }
    ruleset.visit(Visit {
        position,
        notation,
        under,
        mv,
    })
}

/// The selection of `under` for game `G`.
fn selection<G: Game>(under: &Under<'_>) -> Result<Selection, Refused> {
    Selection::parse(Some(G::RULESET), under.preset, under.rulings)
        .map_err(|e| Refused::new(e.code, e.message_with_rule()))
}

/// Explains move `target` of game `index` (from 1) of the record or transcript at `path`, under
/// the record's rulings with `under`'s on top (`--ruling` adds to them).
///
/// # Errors
///
/// [`RecordError`]: a bad argument or unreadable file, or a record that cannot be replayed up to
/// the move.
pub fn explain_record(
    path: &Path,
    index: usize,
    target: Target,
    under: &Under<'_>,
) -> Result<Explained, RecordError> {
    match target {
        Target::Ply(0) => {
            return Err(
                Refused::new(Code::Usage, "plies count from 1: --ply 1 is the first move").into(),
            );
        }
        Target::Move(0, _) => {
            return Err(
                Refused::new(Code::Usage, "moves count from 1: --move 1 is the first").into(),
            );
        }
        _ => {}
    }
    if index == 0 {
        return Err(Refused::new(Code::Usage, "games count from 1: --game 1 is the first").into());
    }
    let shown = input::display(path);
    let unplayable = |text: &str, finding: Finding, after: Option<u32>| RecordError::Unplayable {
        file: FileReport {
            path: shown.clone(),
            text: text.to_string(),
            games: Vec::new(),
        },
        index,
        finding: Box::new(finding),
        after,
    };
    let (text, transcript) = match input::read(path) {
        Err(e) => return Err(Refused::new(Code::IoError, format!("{shown}: {e}")).into()),
        Ok(Input::Refused(finding)) => return Err(unplayable("", finding, None)),
        Ok(Input::Records(text)) => (text, false),
        Ok(Input::Transcript(text)) => (text, true),
    };
    // A published transcript is its one game, read as `check` reads it.
    if transcript && index != 1 {
        return Err(Refused::new(
            Code::Usage,
            format!("{shown} is a transcript, one game: there is no game {index}"),
        )
        .into());
    }
    let record = if transcript {
        let read = input::transcript::parse(&text)
            .map_err(|mut findings| Box::new(findings.remove(0)))
            .and_then(|t| input::transcript::as_record(&t, None, &shown));
        match read {
            Ok(record) => record,
            Err(finding) => return Err(unplayable(&text, *finding, None)),
        }
    } else {
        let documents = record::split_documents(&text);
        let Some(document) = documents.iter().find(|d| d.index == index) else {
            return Err(Refused::new(
                Code::Usage,
                format!(
                    "{shown} holds {} game record(s): there is no game {index}",
                    documents.len()
                ),
            )
            .into());
        };
        match record::parse_document(document) {
            Ok(record) => record,
            Err(finding) => return Err(unplayable(&text, *finding, None)),
        }
    };
    let compare = match under.compare {
        None => None,
        Some(assignment) => Some(
            RulingSet::parse_assignment(assignment)
                .map_err(|e| Refused::new(Code::UnknownRuling, e.message))?,
        ),
    };
    let visitor = RecordExplain {
        record: &record,
        under,
        compare,
        target,
        place: format!("game {index} of {shown}"),
    };
    record
        .ruleset
        .value
        .visit(visitor)
        .map_err(|stop| match stop {
            Stop::Refused(r) => RecordError::Refused(r),
            Stop::At(ply, finding) => {
                // The ply asked for, where an earlier one stops the replay.
                let after = finding.ply.filter(|&p| p < ply).map(|_| ply);
                unplayable(&text, *finding, after)
            }
        })
}

/// Why a record's move is not explained, inside its game.
enum Stop {
    Refused(Refused),
    /// The record cannot be replayed up to ply `.0`.
    At(u32, Box<Finding>),
}

struct RecordExplain<'a> {
    record: &'a Record,
    under: &'a Under<'a>,
    compare: Option<(String, String)>,
    target: Target,
    /// `game 1 of FILE`: the move is added once it is known.
    place: String,
}

impl GameVisitor for RecordExplain<'_> {
    type Output = Result<Explained, Stop>;
    fn visit<G: Game>(self) -> Self::Output {
        // `check` passes rulings of other games by; here they are the record's game's.
        let selection = selection::<G>(self.under).map_err(Stop::Refused)?;
        let options = ReplayOptions {
            rulings: selection.rulings,
            preset: selection.preset,
            ..ReplayOptions::default()
        };
        // Who moves first numbers the moves: the side to move at the record's start.
        let (_, start) = replay_to::<G>(self.record, &options, 1).map_err(|f| Stop::At(1, f))?;
        let first = G::side_to_move(start.position());
        let ply = match self.target {
            Target::Ply(ply) => ply,
            Target::Move(number, side) => {
                MoveNumber::ply_of(number, side, first).unwrap_or(u32::MAX)
            }
        };
        let recorded = self.record.moves.len();
        if ply as usize > recorded {
            let asked = match self.target {
                Target::Ply(ply) => format!("ply {ply}"),
                Target::Move(number, side) => format!("move {number} of {side}"),
            };
            let last = match recorded {
                0 => String::new(),
                n => format!(" (the last is {})", MoveNumber::of_ply(n as u32, first)),
            };
            return Err(Stop::Refused(Refused::new(
                Code::Usage,
                format!(
                    "{} has {recorded} ply(s){last}: there is no {asked}",
                    self.place
                ),
            )));
        }
        let place = format!("{}, {}", self.place, MoveNumber::of_ply(ply, first));
        let (set, mut game) =
            replay_to::<G>(self.record, &options, ply).map_err(|f| Stop::At(ply, f))?;
        let text = &self.record.moves[ply as usize - 1].value;
        let Some((name, value)) = &self.compare else {
            let mut e = explain_in(&mut game, &set, text);
            e.place = Some(place);
            return Ok(Explained::One(Box::new(e)));
        };
        // Both explanations start from the game as the rulings in force played it.
        let unknown = |e: bao_rules::rulings::RulingError| {
            Stop::Refused(Refused::new(Code::UnknownRuling, e.message))
        };
        let other = replaced(&set, name, value).map_err(unknown)?;
        let resolved = resolve::<G>(&other).map_err(unknown)?;
        let (_, twin) = replay_to::<G>(self.record, &options, ply).map_err(|f| Stop::At(ply, f))?;
        let twin = twin.under_rulings(resolved);
        let mut c = compare_in([game, twin], [set, other], name, text).map_err(unknown)?;
        c.base.place = Some(place);
        Ok(Explained::Compared(Box::new(c)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = "corpus/bao-kingulu/random-seed-01.yaml";

    #[test]
    fn a_records_move_is_the_move_typed_at_its_position() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(RECORD);
        let under = Under::default();
        let Explained::One(first) = explain_record(&path, 1, Target::Ply(1), &under).unwrap()
        else {
            panic!("one explanation");
        };
        let typed = explain_move(Ruleset::Kingulu, None, None, &under, &first.text).unwrap();
        assert_eq!(typed.base().verdict, first.verdict);
        assert!(first.place.as_deref().unwrap().starts_with("game 1 of "));
        // Move 1 of South is ply 1 of a game South opens.
        let by_move = explain_record(&path, 1, Target::Move(1, Side::South), &under).unwrap();
        assert_eq!(by_move.base().verdict, first.verdict);
    }

    #[test]
    fn what_cannot_be_explained_is_refused_with_its_code() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(RECORD);
        let under = Under::default();
        let code = |index, target| match explain_record(&path, index, target, &under) {
            Err(RecordError::Refused(r)) => r.code,
            other => panic!("{other:?}"),
        };
        assert_eq!(code(1, Target::Ply(0)), Code::Usage);
        assert_eq!(code(0, Target::Ply(1)), Code::Usage);
        assert_eq!(code(2, Target::Ply(1)), Code::Usage);
        assert_eq!(code(1, Target::Ply(100_000)), Code::Usage);
        let bad = Under {
            rulings: &["kingulu.nothing=x".to_string()],
            ..Under::default()
        };
        let e = explain_move(Ruleset::Kingulu, None, None, &bad, "A3").unwrap_err();
        assert_eq!(e.code, Code::UnknownRuling);
    }
}
