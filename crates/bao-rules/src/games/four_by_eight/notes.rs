//! The 4×8 games' notes: what a move did that moves no seeds by itself, in words
//! ([`crate::game::Note`]). The engine emits the Kete notes in both games where the two
//! references agree; `variant.rs` picks each game's own words where they differ.

// Bao la Kete, and both games where they agree.
crate::game::notes! {
    /// KETE-12: a nemo capture.
    NEMO_CAPTURE = "nemo capture: a reserve seed goes into the capturing hole";
    /// KETE-15: a nemo takata.
    NEMO_TAKATA = "nemo takata: a reserve seed goes into the hole, which is then sown";
    /// KETE-16: the lone kuu held seven or more; two seeds are sown.
    KUU_ALONE_TWO = "the kuu is the only occupied front hole and held seven or more: only two seeds \
                 are sown";
    /// KETE-16: the lone kuu held six; all seven are sown.
    KUU_ALONE_SIX = "the kuu is the only occupied front hole and held six: all seven are sown";
    /// KETE-17: a mtaji capture.
    MTAJI_CAPTURE = "mtaji capture: the first lap ends in an occupied front hole facing an occupied \
                 hole";
    /// KETE-19: a mtaji takata.
    MTAJI_TAKATA = "mtaji takata: the move captures nothing";
    /// KETE-18: the first lap sowed 16 or more seeds.
    SIXTEEN = "sixteen rule: the first lap sowed 16 or more seeds, so the move captures nothing";
    /// KETE-20: the first mtaji takata starts from the kuu.
    FIRST_TAKATA_FROM_KUU = "the first mtaji takata starts from the kuu";
    /// KETE-13: the mover chose the kichwa for a central hole.
    KICHWA_CHOSEN = "the mover chooses the kichwa the captured seeds start from";
    /// KETE-13: a capture from the far kimbi reverses the direction.
    REVERSED = "captured from the kimbi at the far end: the direction reverses";
    /// KETE-14: the mover chose safari.
    SAFARI = "safari: the mover goes on from his kuu";
    /// KETE-A1: safari, compulsory in mtaji.
    SAFARI_COMPULSORY = "safari: in mtaji the move must go on from the kuu";
    /// KETE-4: the mover's kuu is emptied and destroyed.
    KUU_DESTROYED = "the kuu is emptied and destroyed: an ordinary hole from now on";
    /// KETE-4: the opponent's kuu is captured.
    KUU_CAPTURED = "the opponent's kuu is captured and destroyed";
    /// KETE-23: Bao hamna; the move stops once the captured seeds are sown.
    BAO_HAMNA = "Bao hamna: the opponent's front row is empty; the captured seeds are sown and the \
                 move stops";
    /// KETE-A8 `finish`: Bao hamna; the move is played to its end.
    BAO_HAMNA_FINISH = "Bao hamna: the opponent's front row is empty; the move is played to its end \
                 (finish)";
    /// KETE-21: the first lap of a move from the kuu goes on from the reserved hole.
    FIRST_LAP_FROM_KUU = "the first lap of a move from the kuu is not stopped by the reserved hole";
    /// KETE-22: the reserved hole is captured.
    HIZI_ZETU_CAPTURED = "hizi zetu: the reserved hole is captured, as it must be";
    /// KETE-22: no legal capture takes the reserved hole.
    HIZI_ZETU_LAPSES = "hizi zetu: no legal capture takes the reserved hole, so the obligation lapses";
    /// KETE-20: no legal takata starts from the kuu.
    KUU_OBLIGATION_LAPSES = "no legal takata starts from the kuu, so the first takata need not";
}

// Bao la Kiswahili.
crate::game::notes! {
    /// ZAN-11: a namua capture.
    NAMUA_CAPTURE = "namua capture: a store seed goes into the capturing hole";
    /// ZAN-14: a namua takasa.
    NAMUA_TAKASA = "namua takasa: a store seed goes into the hole, which is then sown";
    /// ZAN-16: the lone functional house sows two seeds.
    LONE_HOUSE_TWO = "the house is the only occupied front hole: only two seeds are sown and it stays \
                 owned";
    /// ZAN-22: a mtaji takasa.
    MTAJI_TAKASA = "mtaji takasa: the move captures nothing";
    /// ZAN-18: the mover plays the house.
    PLAY_HOUSE = "the mover plays the house: it is lifted and sown on";
    /// ZAN-19: in mtaji a lap ending in the owned house relays on, ending it.
    HOUSE_RELAYS_MTAJI = "in mtaji a lap ending in the owned house relays on, which ends the house";
    /// ZAN-17: the mover's house is emptied and lost.
    HOUSE_EMPTIED = "the house is emptied and lost: an ordinary hole from now on";
    /// ZAN-17: the opponent's house is captured and lost.
    HOUSE_CAPTURED = "the opponent's house is captured and lost";
    /// ZAN-A12 `relay`: the first lap of a move from the house goes on from the takasia-ed hole.
    FIRST_LAP_FROM_HOUSE = "the first lap of a move from the house is not stopped by the takasia-ed hole";
    /// ZAN-A13: the takasia-ed hole is captured, as it must be.
    TAKASIA_CAPTURED = "takasia: the takasia-ed hole is captured, as it must be";
    /// ZAN-A13: no legal capture takes the takasia-ed hole.
    TAKASIA_LAPSES = "takasia: no legal capture takes the takasia-ed hole, so the obligation lapses";
    /// ZAN-19: the first capture of a mtaji move ends both players' houses.
    HOUSES_LOST_MTAJI_CAPTURE = "the first capture of a mtaji move: neither player owns a house from now on";
    /// ZAN-A6 `lost`: the house is lost at the end of its owner's last namua move.
    HOUSE_LOST_LAST_NAMUA = "the last namua move is over: the house is lost (house-in-mtaji = lost)";
    /// ZAN-A15 `no-sow`: Bao hamna before the captured seeds are sown.
    BAO_HAMNA_NO_SOW = "Bao hamna: the opponent's front row is empty; the move stops before the captured \
                 seeds are sown, and they stay in the captor's store";
    /// ZAN-A15 `finish`: Bao hamna; the move is played to its end.
    BAO_HAMNA_PLAYED_OUT = "Bao hamna: the opponent's front row is empty; the move is played to its end";
    /// ZAN-A17 `either`: the mover's front row is empty at the end of his move.
    FRONT_ROW_EMPTIED = "the mover's front row is empty at the end of his move: he loses";
    /// ZAN-A14 `both`: a player has no hole of two or more after a capture; the move stops.
    IMMOBILE = "a player has no hole with two or more seeds after this capture: the move stops";
}
