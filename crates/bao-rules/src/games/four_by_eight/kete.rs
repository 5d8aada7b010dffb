//! Bao la Kete (`docs/rules/bao-la-kete.md`): its rulings and its [`Game`] implementation on
//! the shared engine, with the Lamu switches of [`super::variant::LAMU`].

use super::engine::{delegate_to_engine, describe_by_engine};
use super::position::{Core, HOLE_NAMES};
use super::variant::{LAMU, Lamu, MidMove, MtajiHouse, MustCapture, Rules};
use super::{Spelling, during, notation};
use crate::cycle::LAP_BUDGET;
use crate::game::{
    Event, FalseClaim, Game, GameEnd, Generated, Notation, NotationError, Outcome, PositionError,
    Rejection, Side, Sink, Unresolved,
};
use crate::rulings::{RulingDef, RulingError, RulingSet};

/// Bao la Kete.
pub struct Kete;

/// KETE-A1: in mtaji, a capture lap ending in the kuu.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MtajiSafari {
    #[default]
    /// The move goes on from the kuu (the reference's reading).
    Compulsory,
    /// The mover may stop at the kuu.
    Choice,
}

/// KETE-A8: the game is won mid-move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BaoHamna {
    #[default]
    /// The move stops once the captured seeds are sown.
    Stop,
    /// The move is played to its end.
    Finish,
}

/// The rulings of Bao la Kete, resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rulings {
    /// KETE-A1: whether safari from the kuu in mtaji is compulsory.
    pub mtaji_safari: MtajiSafari,
    /// KETE-A6, KETE-22: the Lamu obligation to capture the reserved hole.
    pub hizi_must_capture: bool,
    /// KETE-A8: what a capture that empties the opponent's front row mid-move does.
    pub bao_hamna: BaoHamna,
    /// Laps a move may run before it is undecided (KETE-A7); lowered only by tests.
    pub(crate) lap_budget: u64,
}

impl Default for Rulings {
    fn default() -> Self {
        Rulings {
            mtaji_safari: MtajiSafari::Compulsory,
            hizi_must_capture: true,
            bao_hamna: BaoHamna::Stop,
            lap_budget: LAP_BUDGET,
        }
    }
}

const RULINGS: &[RulingDef] = &[
    RulingDef {
        name: "kete.mtaji-safari",
        ids: &["KETE-A1"],
        question: "mtaji: when a capture lap ends in the kuu, must the move go on (safari) or may \
                   the mover stop?",
        default: "compulsory",
        values: &["compulsory", "choice"],
    },
    RulingDef {
        name: "kete.hizi-zetu-must-capture",
        ids: &["KETE-A6"],
        question: "must the player who reserved a hole by hizi zetu capture it on his next turn \
                   (KETE-22)?",
        default: "yes",
        values: &["yes", "no"],
    },
    RulingDef {
        name: "kete.bao-hamna-mid-move",
        ids: &["KETE-A8"],
        question: "when a capture empties the opponent's front row mid-move, does the move stop \
                   once the captured seeds are sown, or is it played to its end?",
        default: "stop",
        values: &["stop", "finish"],
    },
];

impl Rulings {
    /// These rulings with the lap budget lowered to `laps`: for benchmarks of the cycle search,
    /// which would otherwise watch a never-ending move for its whole budget.
    #[cfg(feature = "internals")]
    #[doc(hidden)]
    pub fn with_lap_budget(self, laps: u64) -> Rulings {
        Rulings {
            lap_budget: laps,
            ..self
        }
    }

    /// The rules the engine reads: the Lamu variant with these rulings.
    pub(crate) fn rules(&self) -> Rules {
        Rules {
            mtaji_house: match self.mtaji_safari {
                MtajiSafari::Compulsory => MtajiHouse::Relay,
                MtajiSafari::Choice => MtajiHouse::CaptureChoice,
            },
            must_capture: if self.hizi_must_capture {
                MustCapture::First
            } else {
                MustCapture::No
            },
            mid_move: match self.bao_hamna {
                BaoHamna::Stop => MidMove::Stop,
                BaoHamna::Finish => MidMove::Finish,
            },
            lap_budget: self.lap_budget,
            ..Rules::LAMU
        }
    }
}

crate::game::game_position!(Kete, super::Position<Kete>);

impl Game for Kete {
    const RULESET: &'static str = "bao-la-kete";
    const NAME: &'static str = "Bao la Kete";
    const RULINGS: &'static [RulingDef] = RULINGS;
    const NOTATIONS: &'static [Notation] = &[Notation::Canonical, Notation::Donkers];
    const CATALOGUE: &'static str = include_str!("../../../catalogues/bao-la-kete.yaml");

    type Position = super::Position<Kete>;
    type Move = super::Move<Kete>;
    type Spelling = Spelling;
    type Rulings = Rulings;
    type RepetitionKey = ();

    fn rulings(set: &RulingSet) -> Result<Rulings, RulingError> {
        let bad = |def: &RulingDef, value: &str| RulingError {
            message: format!(
                "`{value}` is not a value of ruling `{}`: it takes {}",
                def.name,
                def.values.join(" | ")
            ),
        };
        let mtaji_safari = match set.value(&RULINGS[0]) {
            "compulsory" => MtajiSafari::Compulsory,
            "choice" => MtajiSafari::Choice,
            other => return Err(bad(&RULINGS[0], other)),
        };
        let hizi_must_capture = match set.value(&RULINGS[1]) {
            "yes" => true,
            "no" => false,
            other => return Err(bad(&RULINGS[1], other)),
        };
        let bao_hamna = match set.value(&RULINGS[2]) {
            "stop" => BaoHamna::Stop,
            "finish" => BaoHamna::Finish,
            other => return Err(bad(&RULINGS[2], other)),
        };
        Ok(Rulings {
            mtaji_safari,
            hizi_must_capture,
            bao_hamna,
            lap_budget: LAP_BUDGET,
        })
    }

    delegate_to_engine!(Lamu, LAMU);

    // KETE-24: no draws and no repetition rule.
    fn repetition_key(_: &Self::Position) -> Option<()> {
        None
    }

    fn repetition_end(pos: &Self::Position) -> GameEnd {
        let pos = pos.core();
        // Not reachable: `repetition_key` is always `None`, so nothing asks. Kete has no
        // repetition rule; the answer is KETE-24's for a side to move that cannot go on.
        GameEnd {
            outcome: Outcome::Win(pos.to_move.opponent()),
            rule: "KETE-24",
            score: None,
        }
    }

    fn check_position(pos: &Self::Position, rulings: &Rulings) -> Result<(), PositionError> {
        let pos = pos.core();
        let rules = rulings.rules();
        pos.check_rules(&rules)?;
        // KETE-21: the field is the one the reserver's takata made.
        super::hizi_zetu::check_reserved(pos, &rules)
    }

    fn board(pos: &Self::Position) -> crate::board::Board {
        let pos = pos.core();
        super::position_forms::board(&LAMU, Self::RULESET, crate::board::Mark::Reserved, pos)
    }
}

impl crate::description::Conformance for Kete {
    const DESCRIPTION: crate::description::Description = super::description::KETE;

    describe_by_engine!(LAMU);
}
