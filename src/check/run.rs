//! `check` as one use case: paths (or a text) and options in, every game reported to a
//! [`Reporter`] as it comes, the [`Outcome`] out. The command line and the Python package call
//! [`run`] and [`run_text`] and do nothing else of a check's: which files, the one replay of each
//! game, `--strict`, the `duplicate-game` warnings, the rulings table and the counts are decided
//! here, once; how it reads is `render`'s (one reporter per format).
//!
//! Each file is read once and each game replayed once: the duplicate warnings come from the
//! digest of the moves the replay played ([`super::duplicates`]), so a game's report, warnings
//! included, is complete when its replay ends and is handed on at once.

use std::path::PathBuf;

use super::duplicates::Duplicates;
use super::replay::ReplayOptions;
use super::rulings_table::{Part, RulingsTable};
use super::timeline::Step;
use super::{FileReport, GameReport, GameSink, IoProblem, Summary};
use crate::diagnostics::LineIndex;
use crate::input::record::Record;

/// What a check takes besides its paths.
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// The rulings, preset, comparison, repair window and inference of each replay.
    pub replay: ReplayOptions,
    /// `--strict`: a transcript's slips are errors, not warnings.
    pub strict: bool,
}

/// Where a check's reports go, as they come: one implementation per output format (`render`).
/// Every method but [`Reporter::game`] has a default that ignores what it is given.
pub trait Reporter {
    /// Whether [`Reporter::step`] wants the boards of each game (the HTML page draws them).
    fn wants_steps(&self) -> bool {
        false
    }

    /// A board of the game being checked, as its replay plays it (before the game's report).
    fn step(&mut self, _step: Step) {}

    /// A path that could not be read, as soon as it is known (all of them come again, in order,
    /// in the [`Outcome`]).
    fn unread(&mut self, _problem: &IoProblem) {}

    /// The games of `file` (its path; its text when it was read) follow.
    fn file(&mut self, _file: &FileReport) {}

    /// A game of `file`, whose text `lines` index, checked: findings, warnings (duplicates and,
    /// under `--strict`, slips as findings), repairs, inference.
    fn game(&mut self, file: &FileReport, lines: &LineIndex<'_>, game: &GameReport);

    /// The last game of `file` came.
    fn end_file(&mut self, _file: &FileReport) {}

    /// The check is over.
    fn finish(&mut self, _outcome: &Outcome) {}

    /// Whether the reports can no longer be delivered (a closed pipe): the check stops, as the
    /// rest of it would be lost too.
    fn stopped(&self) -> bool {
        false
    }
}

/// What a check found, over every path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub summary: Summary,
    /// The files and folders that could not be read, in the order they were met.
    pub problems: Vec<IoProblem>,
    /// With `--infer-rulings`: which games decide which ruling, per ruleset.
    pub table: Option<Vec<Part>>,
    /// With `--compare-ruling`: how many games of its ruleset depend on it.
    pub compared: Option<Compared>,
}

/// `--compare-ruling NAME=VALUE` over a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    pub ruling: String,
    pub value: String,
    /// Games of the ruling's ruleset.
    pub games: usize,
    /// Those whose legality or outcome changes under the value.
    pub depending: usize,
}

/// A check's answer in one word: what an exit status or an exception says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every game of every path replayed and valid.
    Valid,
    /// Some game is invalid (every path was read).
    Invalid,
    /// Some file or folder could not be read: nothing may be said to pass.
    Unread,
}

impl Outcome {
    pub fn verdict(&self) -> Verdict {
        if self.summary.io_errors > 0 {
            Verdict::Unread
        } else if self.summary.invalid > 0 {
            Verdict::Invalid
        } else {
            Verdict::Valid
        }
    }
}

/// Checks the record files and transcripts at `paths` (folders searched, [`super::collect_files`])
/// into `reporter`.
pub fn run(paths: &[PathBuf], options: &CheckOptions, reporter: &mut dyn Reporter) -> Outcome {
    let (files, problems) = super::collect_files(paths);
    let mut check = Check::new(options, reporter);
    for problem in problems {
        check.reporter.unread(&problem);
        check.problems.push(problem);
    }
    for path in files {
        if check.reporter.stopped() {
            break;
        }
        check.listed = false;
        match super::check_file_each(&path, &options.replay, &mut check) {
            Ok(file) => check.file_done(&file),
            Err(problem) => {
                check.reporter.unread(&problem);
                check.problems.push(problem);
            }
        }
    }
    check.finish()
}

/// Checks `text` as a file named `name` holding it (records, or a transcript) into `reporter`.
pub fn run_text(
    name: &str,
    text: &str,
    options: &CheckOptions,
    reporter: &mut dyn Reporter,
) -> Outcome {
    let mut check = Check::new(options, reporter);
    let file = super::check_named_text(name, text, &options.replay, &mut check);
    check.file_done(&file);
    check.finish()
}

/// A check under way: the one [`GameSink`] of [`run`], between the replays and the reporter.
struct Check<'a> {
    options: &'a CheckOptions,
    reporter: &'a mut dyn Reporter,
    duplicates: Duplicates,
    table: Option<RulingsTable>,
    summary: Summary,
    problems: Vec<IoProblem>,
    compared: Option<Compared>,
    /// Whether the current file is listed: once its first game comes (a file that cannot be read
    /// is an unread path, not a file of the report).
    listed: bool,
}

impl<'a> Check<'a> {
    fn new(options: &'a CheckOptions, reporter: &'a mut dyn Reporter) -> Check<'a> {
        Check {
            options,
            reporter,
            duplicates: Duplicates::default(),
            table: options.replay.infer_rulings.then(RulingsTable::default),
            summary: Summary::default(),
            problems: Vec::new(),
            compared: options
                .replay
                .compare
                .as_ref()
                .map(|(ruling, value)| Compared {
                    ruling: ruling.clone(),
                    value: value.clone(),
                    games: 0,
                    depending: 0,
                }),
            listed: false,
        }
    }

    fn file_done(&mut self, file: &FileReport) {
        self.summary.files += 1;
        if self.listed {
            self.reporter.end_file(file);
        }
    }

    fn finish(self) -> Outcome {
        let mut summary = self.summary;
        summary.io_errors = self.problems.len();
        let outcome = Outcome {
            summary,
            problems: self.problems,
            table: self.table.map(|t| t.parts()),
            compared: self.compared,
        };
        self.reporter.finish(&outcome);
        outcome
    }
}

impl GameSink for Check<'_> {
    fn wants_steps(&self) -> bool {
        self.reporter.wants_steps()
    }

    fn step(&mut self, step: Step) {
        self.reporter.step(step);
    }

    fn game(
        &mut self,
        file: &FileReport,
        lines: &LineIndex<'_>,
        mut game: GameReport,
        record: Option<&Record>,
    ) {
        if let Some(table) = self.table.as_mut() {
            table.add(&file.path, &game, record);
        }
        if self.options.strict {
            game.warnings_as_errors();
        }
        // After `--strict`: a game written twice is no slip of its text.
        if let (Some(record), Some(digest)) = (record, game.digest)
            && let Some(found) = self
                .duplicates
                .see(&file.path, lines, game.index, record, digest)
        {
            game.warnings.push(found);
        }
        if !self.listed {
            self.listed = true;
            self.reporter.file(file);
        }
        self.summary.games += 1;
        self.summary.warnings += game.warnings.len();
        if game.valid() {
            self.summary.valid += 1;
        } else {
            self.summary.invalid += 1;
        }
        if let (Some(compared), Some(d)) = (self.compared.as_mut(), &game.divergence) {
            compared.games += 1;
            compared.depending += usize::from(d.is_some());
        }
        self.reporter.game(file, lines, &game);
    }
}

/// A reporter that keeps every file's report whole, in order: for callers that want the reports
/// as data ([`super::FileReport`]s with their games) rather than written out.
#[derive(Debug, Default)]
pub struct Collect {
    pub files: Vec<FileReport>,
}

impl Reporter for Collect {
    fn file(&mut self, file: &FileReport) {
        self.files.push(FileReport {
            path: file.path.clone(),
            text: file.text.clone(),
            games: Vec::new(),
        });
    }

    fn game(&mut self, _file: &FileReport, _lines: &LineIndex<'_>, game: &GameReport) {
        if let Some(file) = self.files.last_mut() {
            file.games.push(game.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Code;
    use std::path::Path;

    fn corpus(path: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(path)
    }

    /// A folder of its own under the system's temporary folder, removed when dropped.
    struct Folder(PathBuf);

    impl Folder {
        fn new(name: &str) -> Folder {
            let path = std::env::temp_dir().join(format!(
                "bao-oracle-run-{name}-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            ));
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path).unwrap();
            Folder(path)
        }
    }

    impl Drop for Folder {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// Every file is opened once, though its games are compared with every other's: the
    /// `duplicate-game` warning comes from the one replay that checks the game.
    #[test]
    fn each_file_is_read_once() {
        let folder = Folder::new("once");
        for (from, to) in [
            ("bao-la-kiswahili/ramadhan-kijumbe-1994.yaml", "a.yaml"),
            ("bao-la-kiswahili/voogt-1994/game3.bao", "b.bao"),
            ("bao-la-kiswahili/voogt-1994/game4.bao", "c.bao"),
        ] {
            std::fs::copy(corpus(from), folder.0.join(to)).unwrap();
        }
        std::fs::write(
            folder.0.join("d.yaml"),
            "ruleset: bao-kingulu\nsource: t\nmoves: [A9]\n",
        )
        .unwrap();
        let before = crate::input::read::opened();
        let mut reports = Collect::default();
        let outcome = run(
            std::slice::from_ref(&folder.0),
            &CheckOptions::default(),
            &mut reports,
        );
        assert_eq!(crate::input::read::opened() - before, 4);
        assert_eq!(outcome.summary.files, 4);
        assert_eq!((outcome.summary.valid, outcome.summary.invalid), (3, 1));
        assert_eq!(outcome.verdict(), Verdict::Invalid);
        let warned: Vec<(&str, Code)> = reports
            .files
            .iter()
            .flat_map(|f| {
                f.games
                    .iter()
                    .flat_map(move |g| g.warnings.iter().map(move |w| (f.path.as_str(), w.code)))
            })
            .filter(|(_, code)| *code == Code::DuplicateGame)
            .collect();
        assert_eq!(warned.len(), 1, "{warned:?}");
        assert!(warned[0].0.ends_with("b.bao"));
    }

    #[test]
    fn a_path_that_cannot_be_read_is_never_a_pass() {
        let mut reports = Collect::default();
        let outcome = run(
            &[PathBuf::from("no/such/path.yaml")],
            &CheckOptions::default(),
            &mut reports,
        );
        assert_eq!(outcome.verdict(), Verdict::Unread);
        assert_eq!(outcome.problems.len(), 1);
        assert_eq!(outcome.summary.io_errors, 1);
        assert!(reports.files.is_empty());
    }

    /// `--strict` and the comparison are the check's, whatever reports it.
    #[test]
    fn strict_slips_fail_and_comparisons_are_counted() {
        let text =
            std::fs::read_to_string(corpus("bao-la-kiswahili/voogt-1994/game3.bao")).unwrap();
        let slip = text.replacen(";", "", 1);
        let mut options = CheckOptions::default();
        let lax = run_text("t.bao", &slip, &options, &mut Collect::default());
        assert_eq!(lax.verdict(), Verdict::Valid);
        assert!(lax.summary.warnings > 0);
        options.strict = true;
        let strict = run_text("t.bao", &slip, &options, &mut Collect::default());
        assert_eq!(strict.verdict(), Verdict::Invalid);
        options.strict = false;
        options.replay.compare = Some(("zanzibar.takasia".into(), "no".into()));
        let compared = run_text("t.bao", &text, &options, &mut Collect::default());
        let c = compared.compared.expect("a comparison");
        assert_eq!(c.games, 1);
    }
}

#[cfg(test)]
mod copies {
    use super::*;
    use crate::diagnostics::Code;

    /// Round four's K3: many named copies of one game cost a few words each and are named a
    /// bounded number of times (they once paired every two games: 2,000 copies took 2.3 GB).
    #[test]
    fn many_named_copies_of_one_game_are_linear_and_bounded() {
        use crate::rewrite::random_game::{ToRecord, random_game};
        use bao_rules::game::Game;
        use bao_rules::games::Kingulu;
        let rulings = Kingulu::rulings(&Default::default()).unwrap();
        let game = (0..)
            .map(|seed| random_game::<Kingulu>(&Kingulu::start(), &rulings, seed, 200))
            .find(|g| g.moves.len() >= 30)
            .unwrap()
            .to_record("t", false, None, &[]);
        let copies = 300;
        let text: Vec<String> = (0..copies)
            .map(|i| format!("{}\nsouth: player {i}\n", game.trim_end()))
            .collect();
        let text = text.join("---\n");
        let mut reports = Collect::default();
        let outcome = run_text("copies.yaml", &text, &CheckOptions::default(), &mut reports);
        assert_eq!(outcome.summary.games, copies);
        let warned: Vec<&str> = reports.files[0]
            .games
            .iter()
            .flat_map(|g| &g.warnings)
            .filter(|w| w.code == Code::DuplicateGame)
            .map(|w| w.message.as_str())
            .collect();
        if outcome.summary.valid == copies {
            assert_eq!(warned.len(), crate::check::duplicates::WARNINGS_PER_GROUP);
            assert!(warned.iter().all(|m| m.contains("(game 1)")), "{warned:?}");
        } else {
            panic!(
                "the game does not play: {:?}",
                reports.files[0].games[0].findings
            );
        }
    }
}
