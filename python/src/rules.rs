//! One game under its rulings: what the Python classes call, for any ruleset chosen at run time.
//! Positions, moves and games in progress are the rules library's run-time values
//! (`bao_rules::AnyPosition`, `AnyMove`, `AnyGame`): what a position answers alone (side to move,
//! written forms, board, equality) it answers itself, and the game under the rulings is an
//! `AnyGame` set up by `Rules::game_at`. The trait object holds the rulings and what needs the
//! game's type (a start read under the rulings, perft's children, `explain`, events as data);
//! this file only picks the game type and keeps the texts of canonical moves as Python strings.

use std::collections::{HashMap, TryReserveError};
use std::sync::{Arc, Mutex};

use bao_oracle::Code;
use bao_oracle::event;
use bao_oracle::explain;
use bao_oracle::input::selection::Selection;
use bao_oracle::picture::Highlights;
use bao_oracle::render::svg;
pub use bao_rules::AnyPosition;
use bao_rules::fasthash::FxBuildHasher;
use bao_rules::game::{Event, GameEnd, Notation, PositionForm};
use bao_rules::play::MoveError;
use bao_rules::play::Playthrough;
use bao_rules::rulings::RulingSet;
use bao_rules::setup::{Setup, SetupError, check_notation};
use bao_rules::{AnyGame, AnyMove, Incomplete, Position as _, Registered, Ruleset, with_game};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use serde_json::Value;

use crate::error::{OrRaise, Refusal, selection_refusal};
use crate::moves::MoveRules;

/// A move played: the canonical move, the position after it and what it did.
pub struct Move {
    pub canonical: String,
    pub after: AnyPosition,
    pub events: Vec<Event>,
    pub end: Option<GameEnd>,
}

/// A ply of the move tree, generated in one call: the legal moves of some positions (one, or a
/// whole ply) and the positions they lead to, kept as the game's own values until Python asks
/// for one.
pub trait ChildList: Send + Sync {
    fn len(&self) -> usize;
    /// The position move `i` is played from.
    fn parent(&self, i: usize) -> AnyPosition;
    /// The next ply: the children of every child, in order; an error if memory runs out.
    fn next_ply(&self) -> Result<Arc<dyn ChildList>, TryReserveError>;
    /// Move `i` in canonical notation.
    fn canonical(&self, i: usize) -> String;
    /// Move `i` in the notation the children were asked in.
    fn move_text(&self, i: usize) -> String;
    /// The position move `i` leads to.
    fn position(&self, i: usize) -> AnyPosition;
}

/// A game under rulings, whatever its type. What needs the game's type (reading a start under
/// the rulings, perft's generation of children, `explain`, events as data) is implemented per
/// game; the rest is the rules crate's `AnyGame`, set up by [`Rules::game_at`].
pub trait Rules: Send + Sync {
    fn ruleset(&self) -> Ruleset;
    fn preset(&self) -> Option<&str>;
    /// The rulings as chosen (preset included), for `explain` and conformance.
    fn ruling_set(&self) -> &RulingSet;
    /// A position of the game read as a record's start is, under the rulings.
    fn read(&self, text: &str) -> Result<AnyPosition, Refusal>;
    /// The game under the rulings at `pos`, having gone through `history` (earlier positions,
    /// oldest first, for the repetition rules).
    fn game_at(&self, pos: &AnyPosition, history: &[AnyPosition]) -> AnyGame;
    /// The Python string of each canonical move listed so far: a game has a few hundred moves at
    /// most, and a list of legal moves then costs no text.
    fn texts(&self) -> &Mutex<HashMap<AnyMove, Py<PyString>, FxBuildHasher>>;
    /// The legal moves with the positions they lead to (none once the game is over), each move
    /// sown once and nothing heard: perft's generation.
    fn children(
        &self,
        pos: &AnyPosition,
        notation: Notation,
    ) -> Result<Arc<dyn ChildList>, Refusal>;
    /// The move explained: its data, its text and its picture.
    fn explain(&self, pos: &AnyPosition, text: &str) -> (Value, String, String);
    /// The events as data, holes named by the game.
    fn events(&self, events: &[Event]) -> Value;
    /// The moves as values (`crate::moves`).
    fn moves(&self) -> &dyn MoveRules;

    /// Every ruling of the game with the value in force.
    fn rulings(&self) -> Vec<(&'static str, String)> {
        let set = self.ruling_set();
        (self.ruleset().rulings().iter())
            .map(|def| (def.name, set.value(def).to_string()))
            .collect()
    }

    /// [`Rules::game_at`] reading and writing moves in `notation`.
    fn game_in(
        &self,
        pos: &AnyPosition,
        notation: Notation,
        history: &[AnyPosition],
    ) -> Result<AnyGame, Refusal> {
        let game = self.game_at(pos, history);
        if notation == Notation::Canonical {
            return Ok(game);
        }
        game.in_notation(notation).map_err(setup_refusal)
    }

    /// The legal moves of `pos` in canonical order (none once the game is over).
    fn legal(&self, pos: &AnyPosition) -> Vec<AnyMove> {
        let moves = self.game_at(pos, &[]).legal_moves();
        moves.unwrap_or_else(Incomplete::into_legal)
    }

    /// The legal moves in `notation` (none once the game is over), as a Python list: a canonical
    /// move's text is made once per game.
    fn legal_list<'py>(
        &self,
        py: Python<'py>,
        pos: &AnyPosition,
        notation: Notation,
    ) -> PyResult<Bound<'py, PyList>> {
        let game = self.game_in(pos, notation, &[]).or_raise(py)?;
        let moves = game.legal_moves().unwrap_or_else(Incomplete::into_legal);
        // Donkers' spelling of a move depends on the position; and the strings are made afresh
        // by a call made while the cache is held (Python code run as a string is made).
        let texts = match notation {
            Notation::Canonical => self.texts().try_lock().ok(),
            _ => None,
        };
        let Some(mut texts) = texts else {
            return PyList::new(py, moves.into_iter().map(|mv| game.move_text(mv)));
        };
        let listed: Vec<Bound<'py, PyString>> = moves
            .into_iter()
            .map(|mv| {
                let text = texts
                    .entry(mv)
                    .or_insert_with(|| PyString::new(py, &game.move_text(mv)).unbind());
                text.bind(py).clone()
            })
            .collect();
        drop(texts);
        PyList::new(py, listed)
    }

    /// The canonical text of `mv`, made once per game as a Python string.
    fn canonical<'py>(&self, py: Python<'py>, mv: AnyMove) -> Bound<'py, PyString> {
        // The cache is held by no call that runs Python code; where it is (another thread's
        // list), the text is made afresh.
        let Ok(mut texts) = self.texts().try_lock() else {
            return PyString::new(py, &mv.to_string());
        };
        texts
            .entry(mv)
            .or_insert_with(|| PyString::new(py, &mv.to_string()).unbind())
            .bind(py)
            .clone()
    }

    /// Plays a move as written (claims checked) from `pos` after `history`. `any_notation`: no
    /// notation was asked for, the text is read in either where it names one move
    /// ([`AnyGame::reading_any_notation`]).
    fn play(
        &self,
        pos: &AnyPosition,
        text: &str,
        notation: Notation,
        any_notation: bool,
        history: &[AnyPosition],
    ) -> Result<Move, Refusal> {
        let mut game = self.game_in(pos, notation, history)?;
        if any_notation {
            game = game.reading_any_notation();
        }
        // The one path from move text to a played move: `play_text`, as `bao-oracle play`.
        let played = game.play_text(text).map_err(|e| move_refusal(text, e))?;
        if let Some(claim) = played.false_claims.first() {
            return Err(false_claim(text, claim));
        }
        Ok(Move {
            canonical: played.mv.to_string(),
            after: game.position(),
            events: played.events,
            end: game.end(),
        })
    }

    /// `mv`, a legal move of `pos`, played, nothing heard: the position after it (its end is
    /// asked for when wanted).
    fn play_move(&self, pos: &AnyPosition, mv: AnyMove) -> Result<AnyPosition, Refusal> {
        let mut game = self.game_at(pos, &[]);
        game.play(mv, &mut ())
            .map_err(|e| move_refusal(&mv.to_string(), e))?;
        Ok(game.position())
    }

    /// The end of the game at `pos` by the position alone.
    fn end(&self, pos: &AnyPosition) -> Option<GameEnd> {
        self.game_at(pos, &[]).end()
    }

    /// The leaves of the move tree of `pos` to `depth` plies, asking `go_on` between subtrees:
    /// `None` once it says no.
    fn perft_until(
        &self,
        pos: &AnyPosition,
        depth: u32,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Option<u64> {
        self.game_at(pos, &[]).perft_until(depth, go_on)
    }

    /// perft split by first move, canonical.
    fn divide(&self, pos: &AnyPosition, depth: u32) -> Vec<(String, u64)> {
        let counts = self.game_at(pos, &[]).divide(depth);
        counts
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect()
    }

    /// The position in one of the game's forms (`compact`, `diagram`, and Donkers' bracket
    /// form for the 4x8 games).
    fn format(&self, pos: &AnyPosition, form: &str) -> Result<String, Refusal> {
        let names = || position_forms(self.ruleset()).join(", ");
        let form = PositionForm::parse(form).ok_or_else(|| {
            Refusal::setup(
                Code::BadValue,
                None,
                format!("`{form}` is not a position form: {}", names()),
                None,
            )
        })?;
        (pos.format(form)).map_err(|e| Refusal::setup(Code::BadValue, e.rule, e.message, None))
    }
}

/// Game `G` under resolved rulings.
pub(crate) struct Under<G: Registered> {
    set: RulingSet,
    pub(crate) rulings: G::Rulings,
    preset: Option<String>,
    texts: Mutex<HashMap<AnyMove, Py<PyString>, FxBuildHasher>>,
}

/// The game `ruleset` under `rulings` (over `preset`), checked as a record's setup is.
pub fn game(
    ruleset: Ruleset,
    preset: Option<&str>,
    rulings: &[(String, String)],
) -> Result<Arc<dyn Rules>, Refusal> {
    let pairs = rulings.iter().map(|(n, v)| (n.as_str(), v.as_str()));
    let selection =
        Selection::from_pairs(Some(ruleset.name()), preset, pairs).map_err(selection_refusal)?;
    let setup = Setup {
        rulings: selection.rulings,
        preset: selection.preset,
        ..Setup::default()
    };
    with_game!(ruleset, G => {
        let (set, rulings) = setup.rulings_for::<G>().map_err(setup_refusal)?;
        let under: Arc<dyn Rules> = Arc::new(Under::<G> {
            set,
            rulings,
            preset: setup.preset.clone(),
            texts: Mutex::default(),
        });
        Ok(under)
    })
}

/// A move text the rules did not play, as `bao-oracle play` refuses it.
pub fn move_refusal(text: &str, e: MoveError<AnyMove>) -> Refusal {
    let rule = e.rule.map(|r| format!(" ({r})")).unwrap_or_default();
    Refusal::refused_move(
        e.code(),
        e.rule,
        e.message.clone(),
        format!("`{text}`: {}{rule}", e.message),
        e.candidates.iter().map(AnyMove::to_string).collect(),
    )
}

/// A move that played but not as its text claimed: refused, as `bao-oracle play` refuses it.
pub fn false_claim(text: &str, claim: &bao_rules::game::FalseClaim) -> Refusal {
    Refusal::refused_move(
        Code::FalseClaim,
        Some(claim.rule),
        claim.message.clone(),
        format!("`{text}`: {} ({})", claim.message, claim.rule),
        Vec::new(),
    )
}

pub fn setup_refusal(e: SetupError) -> Refusal {
    Refusal::setup(e.code, e.rule, e.message, e.help.map(String::from))
}

/// A notation by name.
pub fn notation(name: &str) -> Result<Notation, Refusal> {
    Notation::parse(name).ok_or_else(|| {
        Refusal::setup(
            Code::BadValue,
            None,
            format!("`{name}` is not a notation: canonical or donkers"),
            None,
        )
    })
}

/// `south` or `north`.
pub fn side_to_move(pos: &AnyPosition) -> &'static str {
    pos.side_to_move().name()
}

/// The board of `pos` as an SVG picture, the move's `events` marked.
pub fn svg(pos: &AnyPosition, events: &[Event], title: &str) -> String {
    let mut marks = Highlights::of_move(events);
    marks.title = title.to_string();
    svg::render(&pos.board(), &marks)
}

/// How the game ended, as data: the library's shape.
pub fn end_json(end: &GameEnd) -> Value {
    serde_json::to_value(event::End::of(end)).expect("an end serializes")
}

/// The forms positions of `ruleset` are read and written in.
pub fn position_forms(ruleset: Ruleset) -> Vec<&'static str> {
    ruleset.position_forms().iter().map(|f| f.name()).collect()
}

/// [`ChildList`] of game `G`.
struct ChildrenOf<G: Registered> {
    parents: Arc<Vec<G::Position>>,
    rulings: G::Rulings,
    notation: Notation,
    moves: Vec<G::Move>,
    /// Each move's parent, an index into `parents`.
    parent_of: Vec<usize>,
    /// Shared with the next ply, whose parents they are.
    positions: Arc<Vec<G::Position>>,
}

impl<G: Registered> ChildrenOf<G> {
    /// The children of every position of `parents`, in order; none of a position whose game is
    /// over. Generated as perft generates them: each move sown once, nothing heard.
    fn of(
        parents: Arc<Vec<G::Position>>,
        rulings: G::Rulings,
        notation: Notation,
    ) -> Result<Self, TryReserveError> {
        let (mut moves, mut positions, mut parent_of) = (Vec::new(), Vec::new(), Vec::new());
        let (mut some_moves, mut some_children) = (Vec::new(), Vec::new());
        for (i, parent) in parents.iter().enumerate() {
            let generated =
                G::legal_children(parent, &rulings, &mut some_moves, &mut some_children);
            if G::end_after_generating(parent, &rulings, &some_moves, generated).is_some() {
                continue;
            }
            // A ply grows with the tree: one too large for memory is an error, not an abort.
            let n = some_moves.len();
            moves.try_reserve(n)?;
            positions.try_reserve(n)?;
            parent_of.try_reserve(n)?;
            moves.extend_from_slice(&some_moves);
            positions.append(&mut some_children);
            parent_of.resize(moves.len(), i);
        }
        Ok(ChildrenOf {
            parents,
            rulings,
            notation,
            moves,
            parent_of,
            positions: Arc::new(positions),
        })
    }
}

impl<G: Registered> ChildList for ChildrenOf<G> {
    fn len(&self) -> usize {
        self.moves.len()
    }

    fn parent(&self, i: usize) -> AnyPosition {
        G::position(self.parents[self.parent_of[i]].clone())
    }

    fn next_ply(&self) -> Result<Arc<dyn ChildList>, TryReserveError> {
        let next =
            ChildrenOf::<G>::of(self.positions.clone(), self.rulings.clone(), self.notation)?;
        Ok(Arc::new(next))
    }

    fn canonical(&self, i: usize) -> String {
        G::format_move(self.moves[i])
    }

    fn move_text(&self, i: usize) -> String {
        let parent = &self.parents[self.parent_of[i]];
        G::format_move_in(self.notation, parent, &self.rulings, self.moves[i])
    }

    fn position(&self, i: usize) -> AnyPosition {
        G::position(self.positions[i].clone())
    }
}

impl<G: Registered> Under<G> {
    pub(crate) fn pos(&self, pos: &AnyPosition) -> G::Position {
        G::unwrap_position(*pos)
            .expect("a position of this game: the bindings pair each position with its game")
    }
}

impl<G: Registered> Rules for Under<G>
where
    G::RepetitionKey: Send + Sync,
{
    fn ruleset(&self) -> Ruleset {
        G::ruleset()
    }

    fn preset(&self) -> Option<&str> {
        self.preset.as_deref()
    }

    fn ruling_set(&self) -> &RulingSet {
        &self.set
    }

    fn read(&self, text: &str) -> Result<AnyPosition, Refusal> {
        // The one reading of a start position: the setup's, under this game's rulings.
        let setup = Setup {
            start: Some(text.to_string()),
            ..Setup::default()
        };
        let position = setup.start_for::<G>(&self.rulings).map_err(setup_refusal)?;
        Ok(G::position(position))
    }

    fn game_at(&self, pos: &AnyPosition, history: &[AnyPosition]) -> AnyGame {
        let pos = self.pos(pos);
        let game = if history.is_empty() {
            Playthrough::<G>::new(pos, self.rulings.clone())
        } else {
            let history: Vec<G::Position> = history.iter().map(|p| self.pos(p)).collect();
            Playthrough::<G>::with_history(pos, self.rulings.clone(), &history)
        };
        G::game(game)
    }

    fn texts(&self) -> &Mutex<HashMap<AnyMove, Py<PyString>, FxBuildHasher>> {
        &self.texts
    }

    fn children(
        &self,
        pos: &AnyPosition,
        notation: Notation,
    ) -> Result<Arc<dyn ChildList>, Refusal> {
        check_notation::<G>(notation).map_err(setup_refusal)?;
        let parents = Arc::new(vec![self.pos(pos)]);
        // One position's children are few: their memory is never short.
        let children = ChildrenOf::<G>::of(parents, self.rulings.clone(), notation)
            .expect("the memory of one position's children");
        Ok(Arc::new(children))
    }

    fn explain(&self, pos: &AnyPosition, text: &str) -> (Value, String, String) {
        // A typed move: either notation where it names one move, as `bao-oracle explain`.
        let mut game =
            Playthrough::<G>::new(self.pos(pos), self.rulings.clone()).reading_any_notation();
        let e = explain::explain_in(&mut game, &self.set, text);
        let data = serde_json::to_value(e.data()).expect("an explanation serializes");
        (data, e.render(), e.render_svg())
    }

    fn events(&self, events: &[Event]) -> Value {
        serde_json::to_value(event::described::<G>(events)).expect("events serialize")
    }

    fn moves(&self) -> &dyn MoveRules {
        self
    }
}
