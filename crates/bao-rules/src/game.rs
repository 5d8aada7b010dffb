//! The one interface every game implements.
//!
//! A game is a type implementing [`Game`]: its positions, its moves (the mover's complete set of
//! decisions, see the rule catalogues, `docs/rules/`), the rules that play a move, and its notation. Every
//! other part of the crate (records, replay, the spec runner, perft, the CLI) is written once,
//! generically, against this trait, and reaches a concrete game through `games::dispatch`.
//!
//! Speed matters here: positions are small `Copy`-able fixed arrays, playing a move works on one copy
//! of the board, and events go to a [`Sink`] that compiles to nothing where nobody listens (perft,
//! move generation).

use std::fmt;
use std::hash::Hash;

use crate::rulings::{Preset, RulingDef, RulingError, RulingSet, did_you_mean};
pub use crate::types::{
    Direction, FalseClaim, GameEnd, Generated, Notation, NotationError, Outcome, PositionError,
    Rejection, ResultClaim, RuleId, Side, StopReason, Terms, Unresolved,
};

/// Something a move did that moves no seeds by itself: a decision taken, a rule that changed the
/// course of the move. Rules decide on the variant; [`Note::text`] is the one place with its words.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Note {
    // Kingulu.
    /// KIN-5: seeds of a lap fell into reserved holes.
    SeedsInReservedHoles,
    /// KIN-A5: the hole opposite is reserved, so nothing is captured.
    OppositeReserved,
    /// KIN-A4: the last-but-one seed fell into a reserved hole and stays there.
    PenultimateStays,
    // Bao la Kete.
    /// KETE-12: a nemo capture.
    NemoCapture,
    /// KETE-15: a nemo takata.
    NemoTakata,
    /// KETE-16: the lone kuu held seven or more; two seeds are sown.
    KuuAloneTwo,
    /// KETE-16: the lone kuu held six; all seven are sown.
    KuuAloneSix,
    /// KETE-17: a mtaji capture.
    MtajiCapture,
    /// KETE-19: a mtaji takata.
    MtajiTakata,
    /// KETE-18: the first lap sowed 16 or more seeds.
    Sixteen,
    /// KETE-20: the first mtaji takata starts from the kuu.
    FirstTakataFromKuu,
    /// KETE-13: the mover chose the kichwa for a central hole.
    KichwaChosen,
    /// KETE-13: a capture from the far kimbi reverses the direction.
    Reversed,
    /// KETE-14: the mover chose safari.
    Safari,
    /// KETE-A1: safari, compulsory in mtaji.
    SafariCompulsory,
    /// KETE-4: the mover's kuu is emptied and destroyed.
    KuuDestroyed,
    /// KETE-4: the opponent's kuu is captured.
    KuuCaptured,
    /// KETE-23: Bao hamna; the move stops once the captured seeds are sown.
    BaoHamna,
    /// KETE-A8 `finish`: Bao hamna; the move is played to its end.
    BaoHamnaFinish,
    /// KETE-21: the first lap of a move from the kuu goes on from the reserved hole.
    FirstLapFromKuu,
    /// KETE-22: the reserved hole is captured.
    HiziZetuCaptured,
    /// KETE-22: no legal capture takes the reserved hole.
    HiziZetuLapses,
    /// KETE-20: no legal takata starts from the kuu.
    KuuObligationLapses,
    // Bao la Kiswahili.
    /// ZAN-11: a namua capture.
    NamuaCapture,
    /// ZAN-14: a namua takasa.
    NamuaTakasa,
    /// ZAN-16: the lone functional house sows two seeds.
    LoneHouseTwo,
    /// ZAN-22: a mtaji takasa.
    MtajiTakasa,
    /// ZAN-18: the mover plays the house.
    PlayHouse,
    /// ZAN-19: in mtaji a lap ending in the owned house relays on, ending it.
    HouseRelaysMtaji,
    /// ZAN-17: the mover's house is emptied and lost.
    HouseEmptied,
    /// ZAN-17: the opponent's house is captured and lost.
    HouseCaptured,
    /// ZAN-A12 `relay`: the first lap of a move from the house goes on from the takasia-ed hole.
    FirstLapFromHouse,
    /// ZAN-A13: the takasia-ed hole is captured, as it must be.
    TakasiaCaptured,
    /// ZAN-A13: no legal capture takes the takasia-ed hole.
    TakasiaLapses,
    /// ZAN-19: the first capture of a mtaji move ends both players' houses.
    HousesLostMtajiCapture,
    /// ZAN-A6 `lost`: the house is lost at the end of its owner's last namua move.
    HouseLostLastNamua,
    /// ZAN-A15 `no-sow`: Bao hamna before the captured seeds are sown.
    BaoHamnaNoSow,
    /// ZAN-A15 `finish`: Bao hamna; the move is played to its end.
    BaoHamnaPlayedOut,
    /// ZAN-A17 `either`: the mover's front row is empty at the end of his move.
    FrontRowEmptied,
    /// ZAN-A14 `both`: a player has no hole of two or more after a capture; the move stops.
    Immobile,
}

impl Note {
    /// The note in words, as `explain` and traces print it.
    pub fn text(self) -> &'static str {
        match self {
            Note::SeedsInReservedHoles => {
                "seeds fell into reserved holes: they count for the holes' owners"
            }
            Note::OppositeReserved => "the opposite hole is reserved: no capture, the seed stays",
            Note::PenultimateStays => {
                "the last-but-one seed fell into a reserved hole and stays there"
            }
            Note::NemoCapture => "nemo capture: a reserve seed goes into the capturing hole",
            Note::NemoTakata => {
                "nemo takata: a reserve seed goes into the hole, which is then sown"
            }
            Note::KuuAloneTwo => {
                "the kuu is the only occupied front hole and held seven or more: only two seeds \
                 are sown"
            }
            Note::KuuAloneSix => {
                "the kuu is the only occupied front hole and held six: all seven are sown"
            }
            Note::MtajiCapture => {
                "mtaji capture: the first lap ends in an occupied front hole facing an occupied \
                 hole"
            }
            Note::MtajiTakata => "mtaji takata: the move captures nothing",
            Note::Sixteen => {
                "sixteen rule: the first lap sowed 16 or more seeds, so the move captures nothing"
            }
            Note::FirstTakataFromKuu => "the first mtaji takata starts from the kuu",
            Note::KichwaChosen => "the mover chooses the kichwa the captured seeds start from",
            Note::Reversed => "captured from the kimbi at the far end: the direction reverses",
            Note::Safari => "safari: the mover goes on from his kuu",
            Note::SafariCompulsory => "safari: in mtaji the move must go on from the kuu",
            Note::KuuDestroyed => "the kuu is emptied and destroyed: an ordinary hole from now on",
            Note::KuuCaptured => "the opponent's kuu is captured and destroyed",
            Note::BaoHamna => {
                "Bao hamna: the opponent's front row is empty; the captured seeds are sown and the \
                 move stops"
            }
            Note::BaoHamnaFinish => {
                "Bao hamna: the opponent's front row is empty; the move is played to its end \
                 (finish)"
            }
            Note::FirstLapFromKuu => {
                "the first lap of a move from the kuu is not stopped by the reserved hole"
            }
            Note::HiziZetuCaptured => "hizi zetu: the reserved hole is captured, as it must be",
            Note::HiziZetuLapses => {
                "hizi zetu: no legal capture takes the reserved hole, so the obligation lapses"
            }
            Note::KuuObligationLapses => {
                "no legal takata starts from the kuu, so the first takata need not"
            }
            Note::NamuaCapture => "namua capture: a store seed goes into the capturing hole",
            Note::NamuaTakasa => {
                "namua takasa: a store seed goes into the hole, which is then sown"
            }
            Note::LoneHouseTwo => {
                "the house is the only occupied front hole: only two seeds are sown and it stays \
                 owned"
            }
            Note::MtajiTakasa => "mtaji takasa: the move captures nothing",
            Note::PlayHouse => "the mover plays the house: it is lifted and sown on",
            Note::HouseRelaysMtaji => {
                "in mtaji a lap ending in the owned house relays on, which ends the house"
            }
            Note::HouseEmptied => "the house is emptied and lost: an ordinary hole from now on",
            Note::HouseCaptured => "the opponent's house is captured and lost",
            Note::FirstLapFromHouse => {
                "the first lap of a move from the house is not stopped by the takasia-ed hole"
            }
            Note::TakasiaCaptured => "takasia: the takasia-ed hole is captured, as it must be",
            Note::TakasiaLapses => {
                "takasia: no legal capture takes the takasia-ed hole, so the obligation lapses"
            }
            Note::HousesLostMtajiCapture => {
                "the first capture of a mtaji move: neither player owns a house from now on"
            }
            Note::HouseLostLastNamua => {
                "the last namua move is over: the house is lost (house-in-mtaji = lost)"
            }
            Note::BaoHamnaNoSow => {
                "Bao hamna: the opponent's front row is empty; the move stops before the captured \
                 seeds are sown, and they stay in the captor's store"
            }
            Note::BaoHamnaPlayedOut => {
                "Bao hamna: the opponent's front row is empty; the move is played to its end"
            }
            Note::FrontRowEmptied => {
                "the mover's front row is empty at the end of his move: he loses"
            }
            Note::Immobile => {
                "a player has no hole with two or more seeds after this capture: the move stops"
            }
        }
    }
}

/// What a move did, step by step, in the order it happened. Holes are the game's hole indices
/// ([`Game::hole_name`] names them). Every event carries the rule behind it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
// Exhaustive on purpose: the oracle explains and draws every event, and must hear of a new one.
pub enum Event {
    /// A lap of sowing: `seeds` lifted from `from` (or, for captured seeds, sown starting *in*
    /// `from`), the last seed falling into `to`.
    Lap {
        from: u8,
        seeds: u16,
        direction: Direction,
        to: u8,
        rule: RuleId,
    },
    /// A lap ended in an occupied hole and its seeds are lifted for the next lap.
    Relay { at: u8, seeds: u16, rule: RuleId },
    /// A single stone moved one hole (Kimasai).
    Step { from: u8, to: u8, rule: RuleId },
    /// `seeds` taken from the mover's reserve and put into `hole` (Kete nemo).
    Enter { hole: u8, seeds: u16, rule: RuleId },
    /// Seeds taken from `hole` by the mover. For Kingulu the capturing seed is included.
    Capture { hole: u8, seeds: u16, rule: RuleId },
    /// `hole` is reserved by `by`; `seeds` is what it holds after the reservation.
    Reserve {
        hole: u8,
        by: Side,
        seeds: u16,
        rule: RuleId,
    },
    /// A seed moved to a reserved hole from elsewhere (Kingulu: the last-but-one seed).
    Transfer { from: u8, to: u8, rule: RuleId },
    /// A decision or a rule that changes the course of the move without moving seeds by itself
    /// (Kete: safari, kuu destroyed, the sixteen rule, hizi zetu); [`Note::text`] words it.
    Note { note: Note, rule: RuleId },
    /// The move ended at `at`.
    Stop {
        at: u8,
        reason: StopReason,
        rule: RuleId,
    },
    /// The game is over after this move.
    GameOver { end: GameEnd },
}

impl Event {
    pub fn rule(&self) -> RuleId {
        match self {
            Event::Lap { rule, .. }
            | Event::Relay { rule, .. }
            | Event::Step { rule, .. }
            | Event::Enter { rule, .. }
            | Event::Capture { rule, .. }
            | Event::Reserve { rule, .. }
            | Event::Transfer { rule, .. }
            | Event::Note { rule, .. }
            | Event::Stop { rule, .. } => rule,
            Event::GameOver { end } => end.rule,
        }
    }

    /// The event in words, holes named by the game.
    pub fn describe<G: Game>(&self) -> String {
        let h = G::hole_name;
        match *self {
            Event::Lap {
                from,
                seeds,
                direction,
                to,
                ..
            } => format!(
                "lap of {seeds} from {} {}, last seed in {}",
                h(from),
                direction.name(),
                h(to)
            ),
            Event::Relay { at, seeds, .. } => format!("relay: lift {seeds} from {}", h(at)),
            Event::Step { from, to, .. } => format!("{} -> {}", h(from), h(to)),
            Event::Enter { hole, seeds: 1, .. } => {
                format!("one seed from the {} into {}", G::TERMS.reserve, h(hole))
            }
            Event::Enter { hole, seeds, .. } => {
                format!(
                    "{seeds} seeds from the {} into {}",
                    G::TERMS.reserve,
                    h(hole)
                )
            }
            Event::Capture { hole, seeds, .. } => format!("capture {seeds} from {}", h(hole)),
            Event::Reserve {
                hole, by, seeds, ..
            } => format!("{} reserved by {by}, holding {seeds}", h(hole)),
            Event::Transfer { from, to, .. } => format!("one seed from {} to {}", h(from), h(to)),
            Event::Note { note, .. } => note.text().to_string(),
            Event::Stop { at, reason, .. } => {
                format!("stop in {}: {}", h(at), reason.describe(G::TERMS))
            }
            Event::GameOver { end } => match end.score {
                Some([s, n]) => format!("game over: {} ({s}-{n})", end.outcome),
                None => format!("game over: {}", end.outcome),
            },
        }
    }
}

/// Where a game's rules send the events of a move. `()` listens to nothing and costs nothing;
/// `Vec<Event>` records them.
pub trait Sink {
    /// False when events are dropped, so that callers can skip building them.
    const LISTENING: bool;
    fn event(&mut self, event: Event);
}

impl Sink for () {
    const LISTENING: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event) {}
}

impl Sink for Vec<Event> {
    const LISTENING: bool = true;
    fn event(&mut self, event: Event) {
        self.push(event);
    }
}

/// A move and the position it leads to ([`Game::resolve_and_play`]).
pub type MovePlayed<G> = (<G as Game>::Move, <G as Game>::Position);

// The rulings know no game; a game reads its own from a set.
impl RulingSet {
    /// Checks the selection against game `G` and turns it into the game's rulings: the one way
    /// a ruling set becomes rulings.
    pub fn resolve<G: Game>(&self) -> Result<G::Rulings, RulingError> {
        self.check(G::RULINGS, G::RULESET)?;
        G::rulings(self)
    }

    /// Preset `name` of game `G` with this set's own choices on top: a single ruling overrides
    /// the preset's value. An unknown preset is an error, never ignored.
    pub fn over_preset<G: Game>(&self, name: &str) -> Result<RulingSet, RulingError> {
        let Some(preset) = G::PRESETS.iter().find(|p| p.name == name) else {
            let known: Vec<&str> = G::PRESETS.iter().map(|p| p.name).collect();
            let known = if known.is_empty() {
                "it has none".to_string()
            } else {
                format!("it has {}", known.join(", "))
            };
            let hint = did_you_mean(name, G::PRESETS.iter().map(|p| p.name));
            return Err(RulingError {
                message: format!("`{name}` is not a preset of {}: {known}{hint}", G::RULESET),
            });
        };
        Ok(self.over(preset))
    }
}

/// A game's rules and notation. See the module docs.
pub trait Game: Sized + 'static {
    /// The ruleset id (`bao-kingulu`).
    const RULESET: &'static str;
    /// The game's name in words.
    const NAME: &'static str;
    /// The named rulings of the reference, with their defaults and alternatives.
    const RULINGS: &'static [RulingDef];
    /// Named bundles of ruling values that match a source or an engine (`--preset NAME`). The
    /// catalogue (`spec/<ruleset>/rules.yaml`) lists the same, and the spec runner holds the two
    /// to each other.
    const PRESETS: &'static [Preset] = &[];
    /// The notations a record of this game may declare (`notation:`); the first is the default.
    const NOTATIONS: &'static [Notation] = &[Notation::Canonical];
    /// The rule catalogue, `spec/<ruleset>/rules.yaml`, as built into the oracle.
    const CATALOGUE: &'static str;
    /// The game's words for its house and reserve, where it has them.
    const TERMS: Terms = Terms {
        house: "kuu",
        reserve: "reserve",
    };

    /// A validated position: everything that decides the rest of the game except its history.
    type Position: Clone + Eq + Hash + fmt::Debug + Send + Sync;
    /// A move: the mover's complete set of decisions.
    type Move: Copy + Eq + Ord + Hash + fmt::Debug + Send + Sync;
    /// A move as written, with any claims: what notation parses into.
    type Spelling: Clone + fmt::Debug;
    /// The game's rulings, resolved from a [`RulingSet`].
    type Rulings: Clone + fmt::Debug + Default + Send + Sync;
    /// What must repeat for a repetition rule (KIN-A9, MAS-11); `()` for games without one.
    type RepetitionKey: Clone + Eq + Hash;

    // --- rules -------------------------------------------------------------------------------

    /// Resolve a ruling set for this game (names and values are already checked against
    /// [`Game::RULINGS`]).
    fn rulings(set: &RulingSet) -> Result<Self::Rulings, RulingError>;

    fn start() -> Self::Position;
    fn side_to_move(pos: &Self::Position) -> Side;
    fn set_side_to_move(pos: &mut Self::Position, side: Side);

    /// Writes the legal moves of `pos` into `out` (cleared first), in canonical order.
    fn legal_moves(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        out: &mut Vec<Self::Move>,
    ) -> Generated;

    /// [`Game::legal_moves`] with the position each move leads to, for perft: the moves into
    /// `moves` and the positions into `children` (both cleared first, in the same canonical
    /// order). The default plays each listed move; a game whose generation sows a move to test it
    /// overrides this so that each move is sown once.
    fn legal_children(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        moves: &mut Vec<Self::Move>,
        children: &mut Vec<Self::Position>,
    ) -> Generated {
        let generated = Self::legal_moves(pos, rulings, moves);
        children.clear();
        children.extend(
            moves
                .iter()
                .map(|&mv| Self::play(pos, rulings, mv, &mut ()).expect("a listed move plays")),
        );
        generated
    }

    /// Perft's last ply: the number of legal moves of `pos`, or 0 if the game is over there.
    /// `moves` is a buffer. The default lists the moves; a game that can count them for less
    /// overrides this.
    fn count_last_ply(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        moves: &mut Vec<Self::Move>,
    ) -> u64 {
        let generated = Self::legal_moves(pos, rulings, moves);
        match Self::game_end_after_generating(pos, rulings, moves, generated) {
            Some(_) => 0,
            None => moves.len() as u64,
        }
    }

    /// Plays `mv` on `pos`: the position after it, or why it is refused. Every move is checked;
    /// events go to `sink` in the order they happen. The end of the game is not an event of the
    /// move (a `Playthrough` adds [`Event::GameOver`]), so perft never pays for it.
    fn play<S: Sink>(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        mv: Self::Move,
        sink: &mut S,
    ) -> Result<Self::Position, Rejection>;

    /// The board partway through a move, for explanations (`explain`): `pos` with
    /// `events` applied, `events` being the first events [`Game::play`] reported for one move
    /// from `pos`, ending where no seed is in hand; the mover still to move. `None` where the
    /// game does not tell: a game whose captures end the move (Kingulu, Kimasai) needs no such
    /// board, since the position after the move shows it.
    fn position_during(_pos: &Self::Position, _events: &[Event]) -> Option<Self::Position> {
        None
    }

    /// The end of the game if `pos` is final (the side to move has lost, cannot move, ...).
    fn game_end(pos: &Self::Position, rulings: &Self::Rulings) -> Option<GameEnd>;

    /// [`Game::game_end`] for a caller that has just generated the legal moves of `pos`: a game
    /// that ends exactly when no move is left (KIN-12) answers without generating them again.
    fn game_end_after_generating(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        _legal: &[Self::Move],
        _generated: Generated,
    ) -> Option<GameEnd> {
        Self::game_end(pos, rulings)
    }

    /// The key under which repetitions are compared, or `None` if the game has no such rule.
    fn repetition_key(pos: &Self::Position) -> Option<Self::RepetitionKey>;
    /// How a game ends when `pos` repeats an earlier moment of it.
    fn repetition_end(pos: &Self::Position) -> GameEnd;

    // --- notation ----------------------------------------------------------------------------

    /// The name of hole `index` (`A3`, `b12`).
    fn hole_name(index: u8) -> &'static str;

    /// Parses a move as written (long and annotated forms included).
    fn parse_move(text: &str) -> Result<Self::Spelling, NotationError>;
    /// Parses a move written in `notation`, one of [`Game::NOTATIONS`].
    fn parse_move_in(notation: Notation, text: &str) -> Result<Self::Spelling, NotationError> {
        match notation {
            Notation::Canonical => Self::parse_move(text),
            other => Err(NotationError::new(format!(
                "{} has no {other} notation",
                Self::NAME
            ))),
        }
    }
    /// The canonical spelling of a move (no claims).
    fn format_move(mv: Self::Move) -> String;
    /// What a move of `pos`'s side to move is played under, where the game has such a thing:
    /// Bao la Kete's hizi zetu and Zanzibar's takasia (`**`), as a sentence with its rule.
    fn played_under(_pos: &Self::Position) -> Option<(RuleId, String)> {
        None
    }
    /// The canonical spelling of `mv`, played from `pos` with `events`, with the claims it bears
    /// out (`A7<*`, `a5<+x`): what a record written by the oracle says of a move. Games without
    /// claims worth writing keep [`Game::format_move`].
    fn format_annotated(_pos: &Self::Position, mv: Self::Move, _events: &[Event]) -> String {
        Self::format_move(mv)
    }
    /// The spelling of `mv`, a legal move of `pos`, in `notation` (Donkers' depends on the side
    /// and the stage).
    fn format_move_in(
        notation: Notation,
        _pos: &Self::Position,
        _rulings: &Self::Rulings,
        mv: Self::Move,
    ) -> String {
        match notation {
            Notation::Canonical => Self::format_move(mv),
            _ => Self::format_move(mv),
        }
    }
    /// The one legal move of `pos` that a spelling names.
    fn resolve(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        spelling: &Self::Spelling,
    ) -> Result<Self::Move, Unresolved<Self::Move>>;
    /// [`Game::resolve`] and [`Game::play`] in one: the move `spelling` names, played from `pos`,
    /// with its events in `events` (cleared first; left empty on an error). A game whose resolve
    /// plays the move to test it overrides this so that a written move is sown once.
    fn resolve_and_play(
        pos: &Self::Position,
        rulings: &Self::Rulings,
        spelling: &Self::Spelling,
        events: &mut Vec<Event>,
    ) -> Result<MovePlayed<Self>, Unresolved<Self::Move>> {
        events.clear();
        let mv = Self::resolve(pos, rulings, spelling)?;
        match Self::play(pos, rulings, mv, events) {
            Ok(next) => Ok((mv, next)),
            Err(rejection) => {
                events.clear();
                Err(Unresolved::Rejected(rejection))
            }
        }
    }
    /// The claims of `spelling`, played from `before`, that the move's events do not bear out.
    fn check_claims(
        before: &Self::Position,
        spelling: &Self::Spelling,
        events: &[Event],
    ) -> Vec<FalseClaim>;

    /// Reads a position in either written form (compact or diagram), validating it.
    fn parse_position(text: &str) -> Result<Self::Position, PositionError>;
    /// What a position must also be under `rulings` (where the rulings decide what can arise:
    /// Zanzibar's obligation due, a front row emptied under `namua-lone-kichwa = either`).
    fn check_position(
        _pos: &Self::Position,
        _rulings: &Self::Rulings,
    ) -> Result<(), PositionError> {
        Ok(())
    }
    /// [`Game::parse_position`] and [`Game::check_position`]: a position read for a game played
    /// under `rulings`.
    fn parse_position_under(
        text: &str,
        rulings: &Self::Rulings,
    ) -> Result<Self::Position, PositionError> {
        let pos = Self::parse_position(text)?;
        Self::check_position(&pos, rulings)?;
        Ok(pos)
    }
    /// The one-line compact form.
    fn format_compact(pos: &Self::Position) -> String;
    /// The multi-line diagram, North on top, as the reference draws it.
    fn format_diagram(pos: &Self::Position) -> String;
    /// The position as a picture draws it: the diagram's rows, North on top, with the marks and
    /// stores of [`crate::board`].
    fn board(pos: &Self::Position) -> crate::board::Board;
}
