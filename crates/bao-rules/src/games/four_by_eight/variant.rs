//! Every difference between the two 4×8 games, in one place (shakmaty's variants are the model).
//!
//! Bao la Kete (`bao-la-kete.md`) is the Lamu variant of Bao la Kiswahili (`bao-la-kiswahili.md`,
//! Zanzibar); the engine in this module plays both. What a variant fixes is a [`Variant`] (the
//! Lamu kuu, KETE-16's lone kuu, KETE-20's first takata, the rule ids and words); what a ruling
//! settles is a field of [`Rules`], each with the Lamu value the Kete game always uses. The engine
//! reads these fields and nothing else to tell the games apart.

use super::notes;
use crate::cycle::LAP_BUDGET;
use crate::game::{Note, RuleId};

/// The rule ids the engine cites, by what they are about.
pub struct Ids {
    /// The board and its 64 seeds (KETE-1, ZAN-1).
    pub board: RuleId,
    /// The start: 22 seeds in each store (KETE-3, ZAN-3).
    pub start: RuleId,
    /// The stages: one store seed for each nemo / namua move (KETE-9, ZAN-8).
    pub stage: RuleId,
    /// The kuu / owned house (KETE-4, ZAN-17).
    pub house: RuleId,
    /// A player sows in his own 16 holes (KETE-5, ZAN-4).
    pub ring: RuleId,
    /// Laps and relays (KETE-7, ZAN-6).
    pub lap: RuleId,
    /// The front row never empty (KETE-8, ZAN-7).
    pub front_row: RuleId,
    /// Captures compulsory (KETE-10, ZAN-9).
    pub compulsory: RuleId,
    /// Nemo / namua capture (KETE-12, ZAN-11).
    pub nemo_capture: RuleId,
    /// Where captured seeds go (KETE-13, ZAN-12).
    pub kichwa: RuleId,
    /// The end of a capture lap (KETE-14, ZAN-13).
    pub lap_end: RuleId,
    /// The hole of a nemo / namua takata (KETE-15, ZAN-14).
    pub nemo_takata: RuleId,
    /// The laps of a nemo / namua takata (KETE-15, ZAN-15).
    pub nemo_takata_laps: RuleId,
    /// The lone kuu / house (KETE-16, ZAN-16).
    pub lone_house: RuleId,
    /// Mtaji capture (KETE-17, ZAN-20).
    pub mtaji_capture: RuleId,
    /// The sixteen rule (KETE-18, ZAN-21).
    pub sixteen: RuleId,
    /// Mtaji takata (KETE-19, ZAN-22).
    pub mtaji_takata: RuleId,
    /// Reserving a hole (KETE-21, ZAN-23).
    pub reserve: RuleId,
    /// What the reservation forbids (KETE-21, ZAN-24).
    pub reserved: RuleId,
    /// The reserver's obligation (KETE-22, ZAN-A13).
    pub obligation: RuleId,
    /// Bao hamna (KETE-23, ZAN-25).
    pub bao_hamna: RuleId,
    /// No legal move (KETE-24, ZAN-26).
    pub no_move: RuleId,
    /// Never-ending moves (KETE-A7, ZAN-27).
    pub never_ends: RuleId,
    /// A capture lap ending in the kuu in mtaji (KETE-A1, ZAN-A7).
    pub mtaji_house: RuleId,
    /// The game won mid-move (KETE-A8, ZAN-A15).
    pub mid_move: RuleId,
    /// The house lost in mtaji (ZAN-19; Kete has no such rule).
    pub house_in_mtaji: RuleId,
}

/// The game's own words for what the two games share.
pub struct Words {
    /// The game's name.
    pub name: &'static str,
    /// The letter of the kuu field of the compact form: `K` / `H` (North's in lower case).
    pub house_letter: char,
    /// The reservation line of the diagram: `hizi zetu: a3, reserved by south` / `takasia: a2, by
    /// south`.
    pub hizi_line: &'static str,
    pub reserved_by: &'static str,
    /// A false `+` claim.
    pub false_plus: &'static str,
    /// `kuu` / `house`.
    pub kuu: &'static str,
    /// `nemo` / `namua`.
    pub nemo: &'static str,
    /// `takata` / `takasa`.
    pub takata: &'static str,
    /// `reserve` / `store`.
    pub reserve: &'static str,
    /// `hizi zetu` / `takasia`.
    pub hizi: &'static str,
    /// KETE-14 / ZAN-13: a decision arises and the move makes none.
    pub decision_missing: &'static str,
    /// KETE-14 / ZAN-13: the move makes a decision and none arises.
    pub no_decision: &'static str,
    /// `+` where a capture won the game in the kuu: the move stops there (KETE-23, ZAN-25).
    pub no_decision_won: &'static str,
}

/// The notes the engine emits, by what they are about.
pub struct Notes {
    pub nemo_capture: Note,
    pub nemo_takata: Note,
    pub lone_two: Note,
    pub mtaji_takata: Note,
    pub safari: Note,
    pub safari_compulsory: Note,
    pub house_emptied: Note,
    pub house_captured: Note,
    pub first_lap_from_house: Note,
    pub bao_hamna_finish: Note,
    pub obligation_met: Note,
    pub obligation_lapses: Note,
}

/// What a game fixes, whatever the rulings.
pub struct Variant {
    pub ids: Ids,
    pub words: Words,
    pub notes: Notes,
    /// KETE-4 (Lamu): a kuu never holds fewer than six, so "owned" and "functional" are one; a
    /// Zanzibar house may hold fewer (ZAN-17) and then needs at least one.
    pub house_floor: u8,
    /// The position forms also check ZAN-23's exclusions for a reserved hole (Kete's do not).
    pub strict_reservation: bool,
    /// KETE-20 (Lamu): the first mtaji takata starts from the kuu.
    pub first_takata_from_house: bool,
    /// ZAN-13.3 and the mtaji `+` claim: in Zanzibar a takasa lap relaying out of the owned house
    /// in mtaji plays it (the `+` claim); in Kete only a capture lap makes a safari.
    pub takata_relay_plays_house: bool,
}

// Variants are compared by identity and shown by name.
impl PartialEq for Variant {
    fn eq(&self, other: &Variant) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Variant {}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.words.name)
    }
}

/// Bao la Kete, the Lamu variant.
pub static LAMU: Variant = Variant {
    ids: Ids {
        board: "KETE-1",
        start: "KETE-3",
        stage: "KETE-9",
        house: "KETE-4",
        ring: "KETE-5",
        lap: "KETE-7",
        front_row: "KETE-8",
        compulsory: "KETE-10",
        nemo_capture: "KETE-12",
        kichwa: "KETE-13",
        lap_end: "KETE-14",
        nemo_takata: "KETE-15",
        nemo_takata_laps: "KETE-15",
        lone_house: "KETE-16",
        mtaji_capture: "KETE-17",
        sixteen: "KETE-18",
        mtaji_takata: "KETE-19",
        reserve: "KETE-21",
        reserved: "KETE-21",
        obligation: "KETE-22",
        bao_hamna: "KETE-23",
        no_move: "KETE-24",
        never_ends: "KETE-A7",
        mtaji_house: "KETE-A1",
        mid_move: "KETE-A8",
        house_in_mtaji: "KETE-4",
    },
    words: Words {
        name: "Bao la Kete",
        house_letter: 'K',
        hizi_line: "hizi zetu",
        reserved_by: "reserved by",
        false_plus: "the move claims a safari (`+`); no capture lap of it went on from the kuu",
        kuu: "kuu",
        nemo: "nemo",
        takata: "takata",
        reserve: "reserve",
        hizi: "hizi zetu",
        decision_missing: "a capture lap ends in the kuu: the move must say whether it stops there \
                           or goes on (safari, written `+`)",
        no_decision: "no safari decision arises in this move: no capture lap ends in a standing \
                      kuu where the mover may choose",
        no_decision_won: "no safari decision arises in this move: the capture whose seeds end in \
                          the kuu wins the game, and the move stops there",
    },
    notes: Notes {
        nemo_capture: notes::NEMO_CAPTURE,
        nemo_takata: notes::NEMO_TAKATA,
        lone_two: notes::KUU_ALONE_TWO,
        mtaji_takata: notes::MTAJI_TAKATA,
        safari: notes::SAFARI,
        safari_compulsory: notes::SAFARI_COMPULSORY,
        house_emptied: notes::KUU_DESTROYED,
        house_captured: notes::KUU_CAPTURED,
        first_lap_from_house: notes::FIRST_LAP_FROM_KUU,
        bao_hamna_finish: notes::BAO_HAMNA_FINISH,
        obligation_met: notes::HIZI_ZETU_CAPTURED,
        obligation_lapses: notes::HIZI_ZETU_LAPSES,
    },
    house_floor: 6,
    strict_reservation: false,
    first_takata_from_house: true,
    takata_relay_plays_house: false,
};

/// Bao la Kiswahili, Zanzibar Bao.
pub static ZANZIBAR: Variant = Variant {
    ids: Ids {
        board: "ZAN-1",
        start: "ZAN-3",
        stage: "ZAN-8",
        house: "ZAN-17",
        ring: "ZAN-4",
        lap: "ZAN-6",
        front_row: "ZAN-7",
        compulsory: "ZAN-9",
        nemo_capture: "ZAN-11",
        kichwa: "ZAN-12",
        lap_end: "ZAN-13",
        nemo_takata: "ZAN-14",
        nemo_takata_laps: "ZAN-15",
        lone_house: "ZAN-16",
        mtaji_capture: "ZAN-20",
        sixteen: "ZAN-21",
        mtaji_takata: "ZAN-22",
        reserve: "ZAN-23",
        reserved: "ZAN-24",
        obligation: "ZAN-A13",
        bao_hamna: "ZAN-25",
        no_move: "ZAN-26",
        never_ends: "ZAN-27",
        mtaji_house: "ZAN-19",
        mid_move: "ZAN-A15",
        house_in_mtaji: "ZAN-19",
    },
    words: Words {
        name: "Bao la Kiswahili",
        house_letter: 'H',
        hizi_line: "takasia",
        reserved_by: "by",
        false_plus: "the move claims the house played (`+`); no lap of it went on from the owned \
                     house",
        kuu: "house",
        nemo: "namua",
        takata: "takasa",
        reserve: "store",
        hizi: "takasia",
        decision_missing: "a capture lap ends in the functional house: the move must say whether \
                           it stops there or plays the house (written `+`)",
        no_decision: "no house decision arises in this move: no capture lap ends in the house \
                      where the mover may choose to stop or play it",
        no_decision_won: "no house decision arises in this move: the capture whose seeds end in \
                          the house wins the game (or leaves a player without a move), and the \
                          move stops there",
    },
    notes: Notes {
        nemo_capture: notes::NAMUA_CAPTURE,
        nemo_takata: notes::NAMUA_TAKASA,
        lone_two: notes::LONE_HOUSE_TWO,
        mtaji_takata: notes::MTAJI_TAKASA,
        safari: notes::PLAY_HOUSE,
        safari_compulsory: notes::HOUSE_RELAYS_MTAJI,
        house_emptied: notes::HOUSE_EMPTIED,
        house_captured: notes::HOUSE_CAPTURED,
        first_lap_from_house: notes::FIRST_LAP_FROM_HOUSE,
        bao_hamna_finish: notes::BAO_HAMNA_PLAYED_OUT,
        obligation_met: notes::TAKASIA_CAPTURED,
        obligation_lapses: notes::TAKASIA_LAPSES,
    },
    house_floor: 1,
    strict_reservation: true,
    first_takata_from_house: false,
    takata_relay_plays_house: true,
};

/// ZAN-A3: where a namua capture lap may stop at the house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopHouse {
    /// Holding six or more with the last seed (Kete: a kuu always does).
    Functional,
    /// At any owned house.
    Owned,
}

/// ZAN-A4: singletons as namua takasa holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Singletons {
    /// While the house is owned (Kete: while the kuu stands).
    Owned,
    /// Only while the house is functional.
    Functional,
}

/// KETE-16 / ZAN-A5: which lone house sows only two seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoneHouse {
    /// KETE-16: seven or more before the seed sow two; exactly six sow all seven.
    Lamu,
    /// ZAN-16: owned with six or more before the seed.
    Functional,
    /// Owned, whatever it holds.
    Owned,
    /// Even a lost house.
    Any,
}

/// ZAN-A6: until when a house is owned in mtaji.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseInMtaji {
    /// Until emptied (Kete).
    Kept,
    /// Until emptied or the first capture of a mtaji move, by either player.
    FirstCapture,
    /// Lost at the end of its owner's last namua move.
    Lost,
}

/// KETE-A1 / ZAN-A7: a lap ending in the owned house in mtaji.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MtajiHouse {
    /// Every lap relays on, ending the house (Kete `compulsory`, Zanzibar `relay`).
    Relay,
    /// Capture laps offer the choice, takata laps relay (Kete `choice`).
    CaptureChoice,
    /// The namua rules go on: a capture lap at the functional house offers the choice, a takasa
    /// lap stops there.
    Namua,
    /// A takasa lap stops at the functional house; capture laps relay.
    TakasaStops,
}

/// KETE-22 / ZAN-A13: the reserver's obligation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MustCapture {
    No,
    /// His first capture must take the hole.
    First,
    /// Some capture of his move must take it.
    Any,
}

/// KETE-A8 / ZAN-A15: the game won mid-move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MidMove {
    /// The captured seeds are sown, then the move stops.
    Stop,
    /// The move is played to its end.
    Finish,
    /// The move stops before the captured seeds are sown; they go to the captor's store.
    NoSow,
}

/// A game's rules as the engine reads them: the variant and every ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub variant: &'static Variant,
    pub stop_house: StopHouse,
    pub singletons: Singletons,
    pub lone_house: LoneHouse,
    pub house_in_mtaji: HouseInMtaji,
    pub mtaji_house: MtajiHouse,
    /// ZAN-A8: whether a hole is reserved at all.
    pub takasia: bool,
    /// ZAN-A9: a namua takasa that leaves both stores empty may reserve.
    pub takasia_last_namua: bool,
    /// ZAN-A11 `excluded`: a singleton is never reserved.
    pub takasia_no_singleton: bool,
    /// KETE-21 / ZAN-A12 `relay`: the first lap of a move from the owned house relays on from the
    /// reserved hole.
    pub house_lap_relays: bool,
    pub must_capture: MustCapture,
    /// ZAN-A14 `both`: a player left without a move loses after every move and capture.
    pub immobile_both: bool,
    pub mid_move: MidMove,
    /// ZAN-A17 `either`: a lone kichwa may be sown outward, in namua and mtaji.
    pub lone_kichwa_either: bool,
    /// Laps a move may run before it is undecided (KETE-A7, ZAN-27); lowered only by tests.
    pub(crate) lap_budget: u64,
}

impl Rules {
    /// Bao la Kete's rules under its default rulings.
    pub const LAMU: Rules = Rules {
        variant: &LAMU,
        stop_house: StopHouse::Functional,
        singletons: Singletons::Owned,
        lone_house: LoneHouse::Lamu,
        house_in_mtaji: HouseInMtaji::Kept,
        mtaji_house: MtajiHouse::Relay,
        takasia: true,
        takasia_last_namua: false,
        takasia_no_singleton: false,
        house_lap_relays: true,
        must_capture: MustCapture::First,
        immobile_both: false,
        mid_move: MidMove::Stop,
        lone_kichwa_either: false,
        lap_budget: LAP_BUDGET,
    };

    /// Bao la Kiswahili's rules under its default rulings.
    pub const ZANZIBAR: Rules = Rules {
        variant: &ZANZIBAR,
        stop_house: StopHouse::Functional,
        singletons: Singletons::Owned,
        lone_house: LoneHouse::Functional,
        house_in_mtaji: HouseInMtaji::FirstCapture,
        mtaji_house: MtajiHouse::Relay,
        takasia: true,
        takasia_last_namua: false,
        takasia_no_singleton: false,
        house_lap_relays: false,
        must_capture: MustCapture::No,
        immobile_both: false,
        mid_move: MidMove::Stop,
        lone_kichwa_either: false,
        lap_budget: LAP_BUDGET,
    };

    /// The rulings a long takata's verdict depends on beyond the mover's holes (see `memo.rs`).
    pub fn takata_context(&self) -> u32 {
        let lamu = *self.variant == LAMU;
        (lamu as u32)
            | (self.mtaji_house as u32) << 1
            | (self.house_lap_relays as u32) << 3
            | (self.lone_kichwa_either as u32) << 4
    }
}

/// The engine compiled for one game: its hot paths (sowing, choosing among the moves) are
/// generic over the game, so Bao la Kete's code is built with what the Lamu variant fixes as
/// constants and pays nothing for Bao la Kiswahili's rulings.
pub trait Fixed {
    /// `rules` with what the game fixes as constants (its rulings read from `rules`).
    fn rules(rules: &Rules) -> Rules;
}

/// Bao la Kete: the Lamu variant with its three rulings (KETE-A1, KETE-A6, KETE-A8) and the lap
/// budget; every other field is [`Rules::LAMU`]'s.
pub struct Lamu;

impl Fixed for Lamu {
    #[inline(always)]
    fn rules(rules: &Rules) -> Rules {
        Rules {
            mtaji_house: rules.mtaji_house,
            must_capture: rules.must_capture,
            mid_move: rules.mid_move,
            lap_budget: rules.lap_budget,
            ..Rules::LAMU
        }
    }
}

/// Every ruling as given: Bao la Kiswahili, and callers off the hot paths (any game's rules).
pub struct AsGiven;

impl Fixed for AsGiven {
    #[inline(always)]
    fn rules(rules: &Rules) -> Rules {
        *rules
    }
}
