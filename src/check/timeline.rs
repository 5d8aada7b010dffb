//! A record replayed ply by ply into boards, for pictures that step through a game (the HTML
//! report of `check`): the board before the first move and after each legal one, the holes each
//! move was played from and captured, and where the replay stopped with the legal moves there.
//!
//! The steps are handed over by the replay that checks the game ([`replay::replay_with`]), as it
//! plays each move: the boards are those of the plies `check` judged, sown once. The boards are
//! [`Board`]s: the data of [`crate::picture`], never a game's position, so that no reporter
//! needs to know a game's insides.

use crate::check::replay::{self, ReplayOptions};
use crate::input::record::{self, Record};
use crate::picture::Board;
use bao_rules::Ruleset;
// The steps are plain data of their own, which the replay hands over.
pub use crate::check::step::{Ply, Step, Stop};

/// A record's game, ply by ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeline {
    pub ruleset: Ruleset,
    /// The board before the first move.
    pub start: Board,
    pub plies: Vec<Ply>,
    pub stop: Option<Stop>,
}

/// Replays `record` as `check` does (without the comparison, repair or inference `options` may
/// ask for), handing each [`Step`] to `visit` as it comes, so that a caller who keeps only what it
/// needs of each board never holds a game's boards at once. False if its game cannot be set up
/// (unknown ruleset, bad rulings or start position: `check` reports why); nothing is visited then.
pub fn replay_plies(record: &Record, options: &ReplayOptions, visit: &mut dyn FnMut(Step)) -> bool {
    let plain = ReplayOptions {
        compare: None,
        repair_window: 0,
        infer_rulings: false,
        ..options.clone()
    };
    let mut started = false;
    replay::replay_with(
        record,
        &plain,
        Some(&mut |step| {
            started = true;
            visit(step)
        }),
    );
    started
}

/// The timeline of `record`, or `None` if its game cannot be set up ([`replay_plies`]).
pub fn timeline(record: &Record, options: &ReplayOptions) -> Option<Timeline> {
    let mut out: Option<Timeline> = None;
    replay_plies(record, options, &mut |step| match (step, &mut out) {
        (Step::Start { ruleset, board }, _) => {
            out = Some(Timeline {
                ruleset,
                start: board,
                plies: Vec::with_capacity(record.moves.len()),
                stop: None,
            })
        }
        (Step::Ply(ply), Some(t)) => t.plies.push(ply),
        (Step::Stop(stop), Some(t)) => t.stop = Some(stop),
        (_, None) => {}
    });
    out
}

/// The records of a file's text, with the index of each record's document (as
/// `check`'s `GameReport::index` counts them), one at a time; `None` for a document that is
/// not a record. For [`replay_plies`] or [`timeline`] on each.
pub fn records(text: &str) -> impl Iterator<Item = (usize, Option<Record>)> + '_ {
    record::split_documents(text)
        .into_iter()
        .map(|doc| (doc.index, record::parse_document(&doc).ok()))
}

/// The timelines of the records of a file's text ([`records`], [`timeline`]), one at a time.
pub fn timelines<'a>(
    text: &'a str,
    options: &'a ReplayOptions,
) -> impl Iterator<Item = (usize, Option<Timeline>)> + 'a {
    records(text).map(move |(index, record)| (index, record.and_then(|r| timeline(&r, options))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bao_rules::game::Game;
    use bao_rules::game::Side;
    use bao_rules::play::Playthrough;

    fn counts(board: &Board) -> Vec<u32> {
        board
            .rows
            .iter()
            .flat_map(|r| r.holes.iter().map(|h| h.count))
            .collect()
    }

    #[test]
    fn each_ply_is_the_board_the_one_path_plays() {
        let text = "ruleset: bao-kingulu\nsource: t\nmoves: [A3, a3, A9, A4]\n";
        let items: Vec<_> = timelines(text, &ReplayOptions::default()).collect();
        assert_eq!(items.len(), 1);
        let (index, timeline) = &items[0];
        let timeline = timeline.as_ref().expect("a game");
        assert_eq!((*index, timeline.ruleset), (1, Ruleset::Kingulu));
        let mut game = Playthrough::<bao_rules::games::Kingulu>::new(
            bao_rules::games::Kingulu::start(),
            Default::default(),
        );
        assert_eq!(
            timeline.start,
            bao_rules::games::Kingulu::board(game.position())
        );
        for ply in &timeline.plies[..2] {
            game.play_text(&ply.text).unwrap();
            assert_eq!(
                counts(&ply.board),
                counts(&bao_rules::games::Kingulu::board(game.position()))
            );
        }
        assert_eq!(timeline.plies.len(), 2);
        assert_eq!(
            timeline.plies[0]
                .from
                .map(bao_rules::games::Kingulu::hole_name),
            Some("A3")
        );
        let stop = timeline.stop.as_ref().expect("A9 is no move");
        assert_eq!((stop.ply, stop.text.as_str(), stop.over), (3, "A9", false));
        let mut legal = Vec::new();
        let _ = bao_rules::games::Kingulu::legal_moves(game.position(), game.rulings(), &mut legal);
        assert_eq!(stop.legal.len(), legal.len());
        assert_eq!(
            stop.legal_holes,
            crate::picture::legal_holes::<bao_rules::games::Kingulu>(
                game.position(),
                game.rulings()
            )
        );
        assert!(!stop.legal.is_empty());
        assert_eq!(timeline.start.to_move, Side::South);
    }

    #[test]
    fn a_record_that_cannot_be_set_up_has_no_timeline() {
        let text = "ruleset: chess\nsource: t\nmoves: [e4]\n---\nruleset: \"unclosed\n";
        let items: Vec<_> = timelines(text, &ReplayOptions::default()).collect();
        assert_eq!(items.len(), 2);
        assert!(items.iter().all(|(_, t)| t.is_none()));
        assert_eq!(items[1].0, 2);
    }

    #[test]
    fn a_move_after_the_end_stops_with_no_legal_moves() {
        // Kimasai: North to move without a stone has lost (MAS-9).
        let text = "ruleset: bao-la-kimasai\nsource: t\n\
                    start: 000000000000/000000000000/000100000000/000000001000 N\nmoves: [a1]\n";
        let (_, timeline) = timelines(text, &ReplayOptions::default()).next().unwrap();
        let stop = timeline.unwrap().stop.unwrap();
        assert_eq!((stop.ply, stop.over, stop.legal.len()), (1, true, 0));
    }
}
