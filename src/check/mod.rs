//! `check`: the validator's pipeline, file by file. Paths → files ([`collect_files`]) → text told
//! a record file or a transcript ([`crate::input::read`]) → records ([`crate::input::record`], or the
//! transcript's one game) → replays ([`crate::check::replay`]) → [`FileReport`]s for the reporters
//! (`report`, which depend on this module, not it on them).
//!
//! Games are checked one at a time into a [`GameSink`]: a reporter that writes each game's
//! report as it comes needs memory for the file's text and one game, not for every game's report.
//!
//! The unit of a report is the game: each YAML document of a file is one, a transcript is one. A
//! file that cannot be read at all (empty, not text, too large, a transcript without a move line)
//! counts as one invalid game, index 1, without plies, so that `N passed, M failed` accounts for
//! every file and nothing passes unreplayed.

pub mod duplicates;
pub mod infer;
pub mod repair;
pub mod replay;
pub mod rulings_table;
pub mod run;
pub mod step;
pub mod timeline;

use std::path::{Path, PathBuf};

use self::infer::Inference;
use self::replay::{Divergence, ReplayOptions, Standing};
use crate::check::repair::{Repair, Suggestion};
use crate::check::timeline::Step;
use crate::diagnostics::LineIndex;
use crate::diagnostics::{Code, Finding, MoveNumber};
use crate::input::record::{self, Record};
use crate::input::{self, Form, Input, display};
use bao_rules::Ruleset;

/// The check of one game (one YAML document).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// 1-based index of the game among the file's records.
    pub index: usize,
    /// The ruleset the record names, if it could be read.
    pub ruleset: Option<Ruleset>,
    /// The moves the record lists.
    pub recorded_plies: usize,
    /// The moves replayed and found legal.
    pub plies: u32,
    /// Where the game stands after the replay; `None` if it was not replayed.
    pub standing: Option<Standing>,
    pub findings: Vec<Finding>,
    /// What was read but reported, not failed: a transcript's slips (`transcript-slip`), in the
    /// order of the text.
    pub warnings: Vec<Finding>,
    /// See [`replay::Replayed::divergence`].
    pub divergence: Option<Option<Divergence>>,
    /// See [`replay::Replayed::repair`].
    pub repair: Option<Repair>,
    /// With [`ReplayOptions::infer_rulings`], for a game whose ruleset is known: the ruling
    /// combinations it is valid under.
    pub inference: Option<Inference>,
    /// See [`replay::Replayed::first`].
    pub first: Option<bao_rules::game::Side>,
    /// See [`replay::Replayed::digest`].
    pub digest: Option<duplicates::MovesDigest>,
}

impl GameReport {
    pub fn valid(&self) -> bool {
        self.findings.is_empty()
    }

    /// Ply `ply` as the move number and side a transcript writes (`None` for a game that was not
    /// set up: who moved first is not known).
    pub fn move_number(&self, ply: u32) -> Option<MoveNumber> {
        self.first.map(|first| MoveNumber::of_ply(ply, first))
    }

    /// Whether `finding` is the one the repair search answers: the error the replay stopped at
    /// (the last finding of the repaired ply that is not a false claim), or the `result:` claim's
    /// when every move played. Not a warning, nor another finding of the same ply.
    pub fn repaired(&self, finding: &Finding) -> bool {
        let Some(repair) = &self.repair else {
            return false;
        };
        if repair.at_result {
            return finding.ply.is_none()
                && finding.code == Code::FalseClaim
                && self.findings.contains(finding);
        }
        let stop = self
            .findings
            .iter()
            .rev()
            .find(|f| f.ply == Some(repair.ply) && f.code != Code::FalseClaim);
        stop == Some(finding)
    }

    /// The repair suggestions for `finding`: those of the error the search answers
    /// ([`GameReport::repaired`]), none for any other: each is shown once, where its error is.
    pub fn suggestions(&self, finding: &Finding) -> &[Suggestion] {
        match &self.repair {
            Some(repair) if self.repaired(finding) => &repair.suggestions,
            _ => &[],
        }
    }

    /// `--strict`: the warnings become findings (before those of the replay, as the text comes
    /// before its replay), and the game fails if it has any.
    pub fn warnings_as_errors(&mut self) {
        if !self.warnings.is_empty() {
            let mut findings = std::mem::take(&mut self.warnings);
            findings.append(&mut self.findings);
            self.findings = findings;
        }
    }

    /// A game that was not replayed: its index, the ruleset if known, and why.
    pub fn unread(index: usize, ruleset: Option<Ruleset>, findings: Vec<Finding>) -> GameReport {
        GameReport {
            index,
            ruleset,
            recorded_plies: 0,
            plies: 0,
            standing: None,
            findings,
            warnings: Vec::new(),
            divergence: None,
            repair: None,
            inference: None,
            first: None,
            digest: None,
        }
    }

    /// The report of `record`, game `index`, replayed under `options` (its boards handed to `sink`
    /// when it wants them).
    fn replayed(
        index: usize,
        record: &Record,
        options: &ReplayOptions,
        sink: &mut dyn GameSink,
    ) -> GameReport {
        let replayed = if sink.wants_steps() {
            replay::replay_with(record, options, Some(&mut |step| sink.step(step)))
        } else {
            replay::replay(record, options)
        };
        GameReport {
            index,
            ruleset: Some(record.ruleset.value),
            recorded_plies: record.moves.len(),
            plies: replayed.plies,
            standing: replayed.standing,
            findings: replayed.findings,
            warnings: Vec::new(),
            divergence: replayed.divergence,
            repair: replayed.repair,
            inference: if options.infer_rulings {
                Some(infer::infer(record, options))
            } else {
                None
            },
            first: replayed.first,
            digest: replayed.digest,
        }
    }
}

/// The check of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    /// The path as found (given on the command line, or under a given folder).
    pub path: String,
    /// The file's text, for reporters that quote it; empty if it was not read.
    pub text: String,
    pub games: Vec<GameReport>,
}

pub use crate::input::IoProblem;

/// Counts over a whole check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub files: usize,
    pub games: usize,
    pub valid: usize,
    pub invalid: usize,
    /// Warnings over every game (valid or not).
    pub warnings: usize,
    pub io_errors: usize,
}

impl Summary {
    pub fn of(files: &[FileReport], io_errors: usize) -> Summary {
        let games = files.iter().map(|f| f.games.len()).sum();
        let valid = files
            .iter()
            .flat_map(|f| &f.games)
            .filter(|g| g.valid())
            .count();
        Summary {
            files: files.len(),
            games,
            valid,
            invalid: games - valid,
            warnings: files
                .iter()
                .flat_map(|f| &f.games)
                .map(|g| g.warnings.len())
                .sum(),
            io_errors,
        }
    }
}

/// The files to check: each file path as given, each folder walked recursively for the game files
/// ([`crate::input::GAME_FILES`]) in any case, each real folder once ([`crate::input::collect`]).
pub fn collect_files(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<IoProblem>) {
    input::collect(paths, input::GAME_FILES)
}

/// What a check hands its games to, one at a time, as each is checked: a reporter that writes
/// each game's report as it comes holds one game's report at a time, never the file's.
pub trait GameSink {
    /// Whether [`GameSink::step`] wants the boards of each game, as the replay that checks it
    /// plays its moves (before the game's report comes).
    fn wants_steps(&self) -> bool {
        false
    }

    /// A board of the game being checked.
    fn step(&mut self, _step: Step) {}

    /// A game of `file` (its path and text, no games), whose text `lines` index, with its record
    /// when its document is one.
    fn game(
        &mut self,
        file: &FileReport,
        lines: &LineIndex<'_>,
        game: GameReport,
        record: Option<&Record>,
    );
}

/// A closure as a [`GameSink`] that wants no boards.
impl<F: FnMut(&FileReport, &LineIndex<'_>, GameReport, Option<&Record>)> GameSink for F {
    fn game(
        &mut self,
        file: &FileReport,
        lines: &LineIndex<'_>,
        game: GameReport,
        record: Option<&Record>,
    ) {
        self(file, lines, game, record)
    }
}

/// Checks every game of a record file's text; a published transcript (told by its content,
/// [`crate::input::form_of`]) is checked as its one game, at its own lines and columns.
pub fn check_text(text: &str, options: &ReplayOptions) -> Vec<GameReport> {
    let mut games = Vec::new();
    check_named_text(
        "",
        text,
        options,
        &mut |_: &FileReport, _: &LineIndex<'_>, game, _: Option<&Record>| games.push(game),
    );
    games
}

/// Checks `text` as the text of a file named `name`, game by game into `sink`. Returns the file,
/// without its games.
pub(crate) fn check_named_text(
    name: &str,
    text: &str,
    options: &ReplayOptions,
    sink: &mut dyn GameSink,
) -> FileReport {
    let file = FileReport {
        path: name.to_string(),
        text: text.to_string(),
        games: Vec::new(),
    };
    check_games(
        &file,
        (input::form_of(text), text),
        &LineIndex::new(text),
        options,
        sink,
    );
    file
}

/// Checks the games of `text` (the text of `file`) one at a time into `sink`.
fn check_games(
    file: &FileReport,
    (form, text): (Form, &str),
    lines: &LineIndex<'_>,
    options: &ReplayOptions,
    sink: &mut dyn GameSink,
) {
    if form == Form::Transcript {
        let (report, record) = check_transcript(text, options, sink);
        sink.game(file, lines, report, record.as_ref());
        return;
    }
    let mut documents = record::documents(text).peekable();
    if documents.peek().is_none() {
        let finding = Finding::new(Code::EmptyFile, "the file holds no game record").help(
            "a record file holds one YAML document per game, with at least `ruleset`, `source` \
             and `moves`",
        );
        sink.game(
            file,
            lines,
            GameReport::unread(1, None, vec![finding]),
            None,
        );
        return;
    }
    for doc in documents {
        match record::parse_document(&doc) {
            Err(finding) => sink.game(
                file,
                lines,
                GameReport::unread(doc.index, None, vec![*finding]),
                None,
            ),
            Ok(record) => {
                let report = GameReport::replayed(doc.index, &record, options, sink);
                sink.game(file, lines, report, Some(&record));
            }
        }
    }
}

/// A transcript's one game: read as `import` reads it, replayed as a `notation: donkers` record
/// of the game it names (or Bao la Kiswahili, [`crate::input::transcript::ruleset_of`]) whose
/// moves stand where the transcript has them.
fn check_transcript(
    text: &str,
    options: &ReplayOptions,
    sink: &mut dyn GameSink,
) -> (GameReport, Option<Record>) {
    transcript_game_with(text, None, "transcript", options, sink)
}

/// A transcript's one game, of the game it names, else of `ruleset`
/// ([`crate::input::transcript::ruleset_of`]), replayed as `check` replays it: the one path of
/// `check`, `import` and `repair` for a transcript. Its report (the slips as warnings) and, when
/// the transcript could be read, the record it was replayed as (`name` its source if it has none).
pub fn transcript_game(
    text: &str,
    ruleset: Option<Ruleset>,
    name: &str,
    options: &ReplayOptions,
) -> (GameReport, Option<Record>) {
    let mut none = |_: &FileReport, _: &LineIndex<'_>, _: GameReport, _: Option<&Record>| {};
    transcript_game_with(text, ruleset, name, options, &mut none)
}

fn transcript_game_with(
    text: &str,
    ruleset: Option<Ruleset>,
    name: &str,
    options: &ReplayOptions,
    sink: &mut dyn GameSink,
) -> (GameReport, Option<Record>) {
    let (t, findings) = crate::input::transcript::read(text);
    let read = if findings.is_empty() {
        crate::input::transcript::as_record(&t, ruleset, name).map_err(|f| (None, vec![*f]))
    } else {
        // A transcript that cannot be read: its errors, and its slips apart from them.
        let game = crate::input::transcript::ruleset_of(&t, ruleset).ok();
        Err((game.map(|g| g.value), findings))
    };
    let (mut report, record) = match read {
        Err((game, findings)) => (GameReport::unread(1, game, findings), None),
        Ok(record) => {
            let mut report = GameReport::replayed(1, &record, options, sink);
            // The record's `start` is the transcript's `opening:`: name it as written.
            if let Some(opening) = &record.start {
                for finding in &mut report.findings {
                    if finding.span == Some(opening.span) && finding.code == Code::BadPosition {
                        finding.message = finding.message.replacen("`start`", "`opening:`", 1);
                    }
                }
            }
            (report, Some(record))
        }
    };
    report.warnings = t.slips.iter().map(|s| s.finding()).collect();
    (report, record)
}

/// Checks one file. `Err` is an I/O problem (exit status 2); everything else is in the report.
pub fn check_file(path: &Path, options: &ReplayOptions) -> Result<FileReport, IoProblem> {
    let mut games = Vec::new();
    let mut file = check_file_each(
        path,
        options,
        &mut |_: &FileReport, _: &LineIndex<'_>, game, _: Option<&Record>| games.push(game),
    )?;
    file.games = games;
    Ok(file)
}

/// Checks one file game by game into `sink`. Returns the file, without its games.
pub fn check_file_each(
    path: &Path,
    options: &ReplayOptions,
    sink: &mut dyn GameSink,
) -> Result<FileReport, IoProblem> {
    let input = input::read(path).map_err(|e| IoProblem::new(path, &e))?;
    let mut file = FileReport {
        path: display(path),
        text: String::new(),
        games: Vec::new(),
    };
    let form = match input {
        Input::Refused(finding) => {
            sink.game(
                &file,
                &LineIndex::new(""),
                GameReport::unread(1, None, vec![finding]),
                None,
            );
            return Ok(file);
        }
        Input::Records(text) => {
            file.text = text;
            Form::Records
        }
        Input::Transcript(text) => {
            file.text = text;
            Form::Transcript
        }
    };
    check_games(
        &file,
        (form, &file.text),
        &LineIndex::new(&file.text),
        options,
        sink,
    );
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_comment_only_files_hold_no_record() {
        for text in ["", "\n\n", "# only a comment\n---\n---\n"] {
            let games = check_text(text, &ReplayOptions::default());
            assert_eq!(games.len(), 1);
            assert_eq!(games[0].findings[0].code, Code::EmptyFile);
        }
    }

    #[test]
    fn one_broken_document_does_not_hide_the_others() {
        let good = "ruleset: bao-la-kimasai\nsource: t\nmoves: [A2]\n";
        let text = format!("{good}---\nruleset: \"unclosed\n---\n{good}");
        let games = check_text(&text, &ReplayOptions::default());
        let valid: Vec<bool> = games.iter().map(GameReport::valid).collect();
        assert_eq!(valid, [true, false, true]);
        assert_eq!(games[1].findings[0].code, Code::MalformedYaml);
        assert_eq!(games[2].index, 3);
    }

    #[test]
    fn summary_counts_games() {
        let good = "ruleset: bao-la-kimasai\nsource: t\nmoves: [A2]\n";
        let file = FileReport {
            path: "x".into(),
            text: good.into(),
            games: check_text(good, &ReplayOptions::default()),
        };
        let s = Summary::of(std::slice::from_ref(&file), 0);
        assert_eq!((s.files, s.games, s.valid, s.invalid), (1, 1, 1, 0));
        assert_eq!(Summary::of(&[file], 1).io_errors, 1);
    }
}

#[cfg(test)]
mod sink_tests {
    use super::*;
    use crate::check::timeline::timelines;

    /// The replay that checks a game hands over its boards, the same the timeline draws, before
    /// the game's report.
    #[derive(Default)]
    struct Boards {
        steps: Vec<Step>,
        games: Vec<(usize, usize)>,
    }

    impl GameSink for Boards {
        fn wants_steps(&self) -> bool {
            true
        }
        fn step(&mut self, step: Step) {
            self.steps.push(step);
        }
        fn game(
            &mut self,
            _: &FileReport,
            _: &LineIndex<'_>,
            game: GameReport,
            _: Option<&Record>,
        ) {
            self.games.push((game.index, self.steps.len()));
        }
    }

    #[test]
    fn the_checking_replay_hands_over_the_boards() {
        let text = "ruleset: bao-kingulu\nsource: t\nmoves: [A3, a3, A9, A4]\n---\n\
                    ruleset: chess\nsource: t\nmoves: [e4]\n";
        let file = FileReport {
            path: "t".into(),
            text: text.into(),
            games: Vec::new(),
        };
        let mut boards = Boards::default();
        check_games(
            &file,
            (Form::Records, text),
            &LineIndex::new(text),
            &ReplayOptions::default(),
            &mut boards,
        );
        // Game 1: the start, two plies, the stop at A9; game 2 cannot be set up: no boards.
        assert_eq!(boards.games, [(1, 4), (2, 4)]);
        let (_, timeline) = timelines(text, &ReplayOptions::default()).next().unwrap();
        let timeline = timeline.unwrap();
        assert_eq!(
            boards.steps[0],
            Step::Start {
                ruleset: Ruleset::Kingulu,
                board: timeline.start
            }
        );
        assert_eq!(boards.steps[1], Step::Ply(timeline.plies[0].clone()));
        assert_eq!(boards.steps[3], Step::Stop(timeline.stop.unwrap()));
    }
}
