//! Bao la Kiswahili, Zanzibar Bao (`docs/rules/bao-la-kiswahili.md`, rule ids `ZAN-*`): its
//! rulings (`zanzibar.*`, ZAN-A3 .. ZAN-A17) and its [`Game`] implementation on the shared engine,
//! with the Zanzibar switches of [`super::variant::ZANZIBAR`].

use super::engine::{delegate_to_engine, describe_by_engine};
use super::position::{Core, HOLE_NAMES};
use super::variant::{
    AsGiven, HouseInMtaji, LoneHouse, MidMove, MtajiHouse, MustCapture, Rules, Singletons,
    StopHouse, ZANZIBAR,
};
use super::{Spelling, during, notation};
use crate::cycle::LAP_BUDGET;
use crate::game::{
    Event, FalseClaim, Game, GameEnd, Generated, Notation, NotationError, Outcome, PositionError,
    Rejection, Side, Sink, Unresolved,
};
use crate::rulings::{KnownBug, Preset, Symptom};
use crate::rulings::{RulingDef, RulingError, RulingSet};

/// Bao la Kiswahili.
pub struct Zanzibar;

/// The rulings of Bao la Kiswahili, resolved into the rules the engine reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rulings {
    pub(crate) rules: Rules,
}

impl Rulings {
    /// The engine's rules (the rulings are a set of its switches already).
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }
}

impl Default for Rulings {
    fn default() -> Self {
        Rulings {
            rules: Rules::ZANZIBAR,
        }
    }
}

const RULINGS: &[RulingDef] = &[
    RulingDef {
        name: "zanzibar.capture-stop-house",
        ids: &["ZAN-A3"],
        question: "may a namua capture stop at an owned house holding fewer than six?",
        default: "functional",
        values: &["functional", "owned"],
    },
    RulingDef {
        name: "zanzibar.namua-singletons",
        ids: &["ZAN-A4"],
        question: "may a singleton take the store seed of a namua takasa while the house is owned \
                   but holds fewer than six?",
        default: "owned",
        values: &["owned", "functional"],
    },
    RulingDef {
        name: "zanzibar.lone-house",
        ids: &["ZAN-A5"],
        question: "which lone house sows only two seeds?",
        default: "functional",
        values: &["functional", "owned", "any"],
    },
    RulingDef {
        name: "zanzibar.house-in-mtaji",
        ids: &["ZAN-A6"],
        question: "until when is a house owned in mtaji?",
        default: "first-capture",
        values: &["first-capture", "kept", "lost"],
    },
    RulingDef {
        name: "zanzibar.mtaji-house",
        ids: &["ZAN-A7"],
        question: "what does a lap ending in the owned house do in mtaji?",
        default: "relay",
        values: &["relay", "namua", "takasa-stops"],
    },
    RulingDef {
        name: "zanzibar.takasia",
        ids: &["ZAN-A8"],
        question: "is takasia played?",
        default: "yes",
        values: &["yes", "no"],
    },
    RulingDef {
        name: "zanzibar.takasia-last-namua",
        ids: &["ZAN-A9"],
        question: "can a namua takasa that leaves both stores empty (North's ply 44) takasia?",
        default: "no",
        values: &["no", "yes"],
    },
    RulingDef {
        name: "zanzibar.takasia-singleton",
        ids: &["ZAN-A11"],
        question: "may a singleton be takasia-ed?",
        default: "allowed",
        values: &["allowed", "excluded"],
    },
    RulingDef {
        name: "zanzibar.takasia-house-lap",
        ids: &["ZAN-A12"],
        question: "does the first lap of a move from the owned house stop in the takasia-ed hole?",
        default: "stop",
        values: &["stop", "relay"],
    },
    RulingDef {
        name: "zanzibar.takasia-must-capture",
        ids: &["ZAN-A13"],
        question: "must the player who takasia-ed a hole capture it on his next turn?",
        default: "no",
        values: &["no", "first", "any"],
    },
    RulingDef {
        name: "zanzibar.immobile-check",
        ids: &["ZAN-A14"],
        question: "when does a player without a move lose: on his turn, or after every move and \
                   capture?",
        default: "to-move",
        values: &["to-move", "both"],
    },
    RulingDef {
        name: "zanzibar.bao-hamna-mid-move",
        ids: &["ZAN-A15"],
        question: "when a capture empties the opponent's front row mid-move, does the move stop \
                   once the captured seeds are sown, go on to its end, or stop before sowing?",
        default: "stop",
        values: &["stop", "finish", "no-sow"],
    },
    RulingDef {
        name: "zanzibar.namua-lone-kichwa",
        ids: &["ZAN-A17"],
        question: "may a lone kichwa be sown toward the back row (namua and mtaji)?",
        default: "inward",
        values: &["inward", "either"],
    },
];

/// The presets of the reference (*Presets*): the rulings that differ from the defaults in each
/// named source or engine.
const PRESETS: &[Preset] = &[
    Preset {
        name: "de-voogt",
        matches: "the defaults: de Voogt 1995 as Donkers numbers it ([D]), Nierse, Mancala World, KIBA",
        rulings: &[],
    },
    Preset {
        name: "donkers-2002",
        matches: "Donkers' program (Engine.pas, 2002)",
        rulings: &[
            ("zanzibar.capture-stop-house", "owned"),
            ("zanzibar.lone-house", "any"),
            ("zanzibar.house-in-mtaji", "lost"),
            ("zanzibar.takasia-last-namua", "yes"),
            ("zanzibar.immobile-check", "both"),
        ],
    },
    Preset {
        name: "nkkmd",
        matches: "nkkmd's engine.js (@98012b09)",
        rulings: &[
            ("zanzibar.lone-house", "owned"),
            ("zanzibar.takasia", "no"),
            ("zanzibar.bao-hamna-mid-move", "no-sow"),
        ],
    },
    Preset {
        name: "mancala-world",
        matches: "the Mancala World article (a text, not an engine)",
        rulings: &[
            ("zanzibar.namua-singletons", "functional"),
            ("zanzibar.house-in-mtaji", "kept"),
            ("zanzibar.takasia-house-lap", "relay"),
        ],
    },
    Preset {
        name: "abstractplay",
        matches: "AbstractPlay's bao.ts",
        rulings: &[
            ("zanzibar.namua-singletons", "functional"),
            ("zanzibar.house-in-mtaji", "kept"),
            ("zanzibar.takasia-last-namua", "yes"),
            ("zanzibar.takasia-must-capture", "any"),
            ("zanzibar.bao-hamna-mid-move", "finish"),
            ("zanzibar.namua-lone-kichwa", "either"),
        ],
    },
    Preset {
        name: "geziefer",
        matches: "geziefer's program (baolakiswahili.game.php, the Board Game Arena game)",
        rulings: &[
            ("zanzibar.house-in-mtaji", "kept"),
            ("zanzibar.mtaji-house", "takasa-stops"),
            ("zanzibar.takasia-must-capture", "first"),
            ("zanzibar.immobile-check", "both"),
            ("zanzibar.namua-lone-kichwa", "either"),
        ],
    },
];

/// The engines' bugs that the presets table names, each as `conform` finds it: the rule that
/// decides it and every symptom it shows in the engine's answers (a bug found is one of these only
/// if it shows no other). Where no single rule tells bugs apart, what differs does: G4 keeps the
/// house (its field only), G5 loses it where the oracle keeps it, G6 keeps it and its holes differ;
/// G3 shows its holes and the loss it makes (and in namua the seeds it loses, ZAN-1; in mtaji no
/// rule decides).
/// Left out: what is a limit, not a bug (nkkmd's 512-relay cap).
const KNOWN_BUGS: &[KnownBug] = &[
    KnownBug {
        preset: "nkkmd",
        name: "nkkmd's kept house",
        rule: "ZAN-17",
        symptoms: &[Symptom::Field("house"), Symptom::Kept("house")],
        what: "a house emptied by a namua takasa started from it stays owned",
    },
    KnownBug {
        preset: "donkers-2002",
        name: "Donkers' P1",
        rule: "ZAN-17",
        symptoms: &[Symptom::Field("house"), Symptom::Kept("house")],
        what: "an emptied lone house stays owned",
    },
    KnownBug {
        preset: "donkers-2002",
        name: "Donkers' P2",
        rule: "ZAN-23",
        symptoms: &[
            Symptom::AcceptsPosition,
            Symptom::Field("takasia"),
            Symptom::Field("holes"),
        ],
        what: "a takasia field outlives a capture",
    },
    KnownBug {
        preset: "donkers-2002",
        name: "Donkers' P3",
        rule: "ZAN-13",
        symptoms: &[Symptom::AddsMoves],
        what: "a capture of the opponent's house listed with and without `>` when the mover has \
               no house",
    },
    KnownBug {
        preset: "abstractplay",
        name: "AbstractPlay's A",
        rule: "ZAN-23",
        symptoms: &[
            Symptom::Event("reserve"),
            Symptom::Field("takasia"),
            // The takasia is a mark on its hole.
            Symptom::Field("holes"),
        ],
        what: "it takasia-s although the opponent can capture",
    },
    KnownBug {
        preset: "abstractplay",
        name: "AbstractPlay's C",
        rule: "ZAN-14",
        // Where the house is the only hole of two or more, it sows a singleton instead: the
        // reference's own witness shows both.
        symptoms: &[Symptom::MissesMoves, Symptom::AddsMoves],
        what: "an owned house below six is never its namua takasa hole",
    },
    KnownBug {
        preset: "abstractplay",
        name: "AbstractPlay's D",
        rule: "ZAN-27",
        // Its move list decides no length: a move that never ends is listed, one it cuts is
        // refused when played.
        symptoms: &[Symptom::MissesMoves, Symptom::AddsMoves],
        what: "it cuts a move past 192 sown seeds",
    },
    KnownBug {
        preset: "abstractplay",
        name: "AbstractPlay's F",
        rule: "ZAN-A13",
        symptoms: &[Symptom::MissesMoves],
        what: "a reserver whose captures cannot take the reserved hole gets no move at all",
    },
    KnownBug {
        preset: "geziefer",
        name: "geziefer's G1",
        rule: "ZAN-A13",
        // Its takasas listed and played in place of the captures (one of which may win); such a
        // takasa may takasia.
        symptoms: &[
            Symptom::MissesMoves,
            Symptom::AddsMoves,
            Symptom::Field("holes"),
            Symptom::Event("capture"),
            Symptom::Event("game over"),
            Symptom::Field("takasia"),
            Symptom::Kept("takasia"),
            Symptom::Event("reserve"),
        ],
        what: "the obligation never lapses: if no capture takes the reserved hole, the reserver \
               may not capture at all",
    },
    KnownBug {
        preset: "geziefer",
        name: "geziefer's G2",
        rule: "ZAN-23",
        symptoms: &[
            Symptom::Event("reserve"),
            Symptom::Field("takasia"),
            // The hole the reserver's obligation was due on, reserved again.
            Symptom::Kept("takasia"),
            // The takasia is a mark on its hole.
            Symptom::Field("holes"),
        ],
        what: "its takasia test reads capture lists already filtered by the takasia in force",
    },
    KnownBug {
        preset: "geziefer",
        name: "geziefer's G3",
        // In namua the seeds it does not sow vanish: the position after has fewer than 64.
        rule: "ZAN-1",
        // "and he loses": the engine ends the game where the oracle's goes on.
        symptoms: &[Symptom::Field("holes"), Symptom::Event("game over")],
        what: "a kichwa lifted outward that leaves the mover no seed on the board is not sown (in \
               namua all but one seed vanish, in mtaji all go into one back hole), and he loses",
    },
    KnownBug {
        preset: "geziefer",
        name: "geziefer's G4",
        rule: "ZAN-17",
        symptoms: &[Symptom::Field("house"), Symptom::Kept("house")],
        what: "a mtaji capture move from the house, or a capture lap relaying out of it, never \
               ends the ownership",
    },
    KnownBug {
        preset: "geziefer",
        name: "geziefer's G5",
        rule: "ZAN-17",
        symptoms: &[Symptom::Field("holes"), Symptom::Field("house")],
        what: "a namua takasa stops in the house only if it was functional when the move began",
    },
    KnownBug {
        preset: "geziefer",
        name: "geziefer's G6",
        rule: "ZAN-17",
        symptoms: &[
            Symptom::Field("holes"),
            Symptom::Field("house"),
            Symptom::Kept("house"),
        ],
        what: "a mtaji takasa lap stops in an owned house of any size, not only a functional one",
    },
];

crate::game::game_position!(Zanzibar, super::Position<Zanzibar>);

impl Game for Zanzibar {
    const RULESET: &'static str = "bao-la-kiswahili";
    const NAME: &'static str = "Bao la Kiswahili";
    const RULINGS: &'static [RulingDef] = RULINGS;
    const NOTATIONS: &'static [Notation] = &[Notation::Canonical, Notation::Donkers];
    const TERMS: crate::game::Terms = crate::game::Terms {
        house: "house",
        reserve: "store",
    };
    const PRESETS: &'static [Preset] = PRESETS;
    const CATALOGUE: &'static str = include_str!("../../../catalogues/bao-la-kiswahili.yaml");

    type Position = super::Position<Zanzibar>;
    type Move = super::Move<Zanzibar>;
    type Spelling = Spelling;
    type Rulings = Rulings;
    type RepetitionKey = ();

    fn rulings(set: &RulingSet) -> Result<Rulings, RulingError> {
        // The value of ruling `i`, as the index of its value in the definition.
        let value = |i: usize| -> Result<usize, RulingError> {
            let def = &RULINGS[i];
            let value = set.value(def);
            def.values
                .iter()
                .position(|&v| v == value)
                .ok_or_else(|| RulingError {
                    message: format!(
                        "`{value}` is not a value of ruling `{}`: it takes {}",
                        def.name,
                        def.values.join(" | ")
                    ),
                })
        };
        let rules = Rules {
            stop_house: [StopHouse::Functional, StopHouse::Owned][value(0)?],
            singletons: [Singletons::Owned, Singletons::Functional][value(1)?],
            lone_house: [LoneHouse::Functional, LoneHouse::Owned, LoneHouse::Any][value(2)?],
            house_in_mtaji: [
                HouseInMtaji::FirstCapture,
                HouseInMtaji::Kept,
                HouseInMtaji::Lost,
            ][value(3)?],
            mtaji_house: [
                MtajiHouse::Relay,
                MtajiHouse::Namua,
                MtajiHouse::TakasaStops,
            ][value(4)?],
            takasia: value(5)? == 0,
            takasia_last_namua: value(6)? == 1,
            takasia_no_singleton: value(7)? == 1,
            house_lap_relays: value(8)? == 1,
            must_capture: [MustCapture::No, MustCapture::First, MustCapture::Any][value(9)?],
            immobile_both: value(10)? == 1,
            mid_move: [MidMove::Stop, MidMove::Finish, MidMove::NoSow][value(11)?],
            lone_kichwa_either: value(12)? == 1,
            lap_budget: LAP_BUDGET,
            ..Rules::ZANZIBAR
        };
        Ok(Rulings { rules })
    }

    delegate_to_engine!(AsGiven, ZANZIBAR);

    // ZAN-26: no draws and no repetition rule.
    fn repetition_key(_: &Self::Position) -> Option<()> {
        None
    }

    fn repetition_end(pos: &Self::Position) -> GameEnd {
        let pos = pos.core();
        // Not reachable: `repetition_key` is always `None`.
        GameEnd {
            outcome: Outcome::Win(pos.to_move.opponent()),
            rule: "ZAN-26",
            score: None,
        }
    }

    fn check_position(pos: &Self::Position, rulings: &Rulings) -> Result<(), PositionError> {
        let pos = pos.core();
        pos.check_rules(&rulings.rules)?;
        // ZAN-19 under ZAN-A6 `lost`: the house went with its owner's last namua move, which
        // emptied his store.
        if rulings.rules.house_in_mtaji == HouseInMtaji::Lost {
            for side in Side::BOTH {
                if pos.kuu[side.index()] && pos.reserve[side.index()] == 0 {
                    return Err(PositionError::rule(
                        "ZAN-19",
                        format!(
                            "{side} owns his house with an empty store: under \
                             `house-in-mtaji = lost` it is lost at the end of his last namua move"
                        ),
                    ));
                }
            }
        }
        // ZAN-23: a takasia is made only when the side to move cannot capture (judged without
        // the reservation).
        if let Some(h) = pos.hizi
            && super::position::ring_of(h).0 == pos.to_move
            && let Some(capture) = a_legal_capture(pos, &rulings.rules)
        {
            return Err(PositionError::rule(
                "ZAN-23",
                format!(
                    "{} is takasia-ed, but {} to move can capture ({}): no takasia is made \
                     against a player who can capture",
                    HOLE_NAMES[h as usize], pos.to_move, capture
                ),
            ));
        }
        // ZAN-23: the field is the one the takasia-er's takasa made (the rest of the trigger).
        super::hizi_zetu::check_reserved(pos, &rulings.rules)
    }

    fn board(pos: &Self::Position) -> crate::board::Board {
        let pos = pos.core();
        super::position_forms::board(&ZANZIBAR, Self::RULESET, crate::board::Mark::Takasia, pos)
    }
}

/// A legal capture move of the side to move, judged without the reservation (ZAN-A10: what the
/// oracle lists; captures are compulsory, so the first legal move captures if any does).
fn a_legal_capture(pos: &Core, rules: &Rules) -> Option<String> {
    let mut free = *pos;
    free.hizi = None;
    let mut legal = Vec::new();
    // For a help line only: the first decided move stands for the captures.
    let _ = super::engine::legal_moves::<AsGiven, _>(&free, rules, &mut legal, |mv| mv);
    let first = *legal.first()?;
    let mut events = Vec::new();
    let captures = super::engine::play::<AsGiven, _>(&free, rules, first, &mut events).is_ok()
        && events.iter().any(|e| matches!(e, Event::Capture { .. }));
    captures.then(|| notation::format_move(first))
}

impl crate::description::Conformance for Zanzibar {
    const DESCRIPTION: crate::description::Description = super::description::ZANZIBAR;
    const KNOWN_BUGS: &'static [KnownBug] = KNOWN_BUGS;

    describe_by_engine!(ZANZIBAR);

    /// ZAN-19: once both stores are empty an owned house is only spared takasia (ZAN-23) and
    /// stopped at under `mtaji-house` other than `relay`; with neither, whose house stands
    /// decides no move, event or later field (nkkmd's engine ends only the capturer's house).
    fn as_seen(pos: &Self::Position, rulings: &Self::Rulings) -> Self::Position {
        let rules = rulings.rules();
        let core = pos.core();
        if rules.takasia || rules.mtaji_house != MtajiHouse::Relay || core.reserve != [0, 0] {
            return *pos;
        }
        let mut seen = *core;
        seen.kuu = [false, false];
        Self::Position::of(seen)
    }
}
