//! Sowing a move: laps and relays (KETE-6, KETE-7), the front row never empty (KETE-8), captures
//! and where the captured seeds go (KETE-13, KETE-14), safari, the kuu (KETE-4, KETE-16), the
//! sixteen rule (KETE-18), a lap stopping in a reserved hole (KETE-21), Bao hamna mid-move
//! (KETE-23, KETE-A8) and never-ending moves (KETE-A7).
//!
//! A move is simulated on one copy of the two rings. Which moves may be played at all (captures
//! compulsory, eligible holes, the kuu's first takata, hizi zetu) is decided before, in `mod.rs`;
//! here a move's first step is given as a [`Start`] and the rest follows from the rules and the
//! one decision the mover may still have to make, the safari.

use super::position::{
    ACW, CW, KUU, LEFT_KICHWA, Position, RIGHT_KICHWA, RING, front_empty, index_of, is_front,
    left_kimbi, next, opposite, right_kimbi, ring_of,
};
use super::{BaoHamna, MtajiSafari, Rulings};
use crate::cycle::{Brent, Verdict};
use crate::game::{Direction, Event, Rejection, RuleId, Side, Sink, StopReason};

/// How a move begins: the hole named by the move and the direction its sowing starts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// KETE-12: a reserve seed into front hole `x`, whose opposite hole is captured; the captured
    /// seeds start from the kichwa in direction `step` when `x` is central (KETE-13).
    NemoCapture { x: u8, step: u8 },
    /// KETE-15, KETE-16: a reserve seed into front hole `x`, which is then sown in `step`.
    NemoTakata { x: u8, step: u8 },
    /// KETE-17, KETE-19: all seeds of `h` sown in `step`.
    Mtaji { h: u8, step: u8 },
}

/// The safari decision of a move (KETE-14.3), as the move gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Safari {
    /// Stop at the decision if one arises; say whether it did (move generation).
    Probe,
    /// The move makes no safari decision: one arising is an error.
    Absent,
    /// Stop at the kuu; no decision arising is an error.
    Stop,
    /// Go on from the kuu; no decision arising is an error.
    Go,
}

impl Safari {
    pub fn of(decision: Option<bool>) -> Safari {
        match decision {
            None => Safari::Absent,
            Some(false) => Safari::Stop,
            Some(true) => Safari::Go,
        }
    }
}

/// The result of sowing a move.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    /// The position after the move, before the side to move and hizi zetu are updated.
    pub next: Position,
    /// Whether the move captured (KETE-10).
    pub capture: bool,
    /// Whether a safari decision arose.
    pub decision: bool,
}

// The words of the notes, shared with the notation (claims) and tests.
pub const NEMO_CAPTURE: &str = "nemo capture: a reserve seed goes into the capturing hole";
pub const NEMO_TAKATA: &str = "nemo takata: a reserve seed goes into the hole, which is then sown";
pub const KUU_ALONE_TWO: &str =
    "the kuu is the only occupied front hole and held seven or more: only two seeds are sown";
pub const KUU_ALONE_SIX: &str =
    "the kuu is the only occupied front hole and held six: all seven are sown";
pub const MTAJI_CAPTURE: &str =
    "mtaji capture: the first lap ends in an occupied front hole facing an occupied hole";
pub const MTAJI_TAKATA: &str = "mtaji takata: the move captures nothing";
pub const SIXTEEN: &str =
    "sixteen rule: the first lap sowed 16 or more seeds, so the move captures nothing";
pub const FIRST_TAKATA_FROM_KUU: &str = "the first mtaji takata starts from the kuu";
pub const KICHWA_CHOSEN: &str = "the mover chooses the kichwa the captured seeds start from";
pub const REVERSED: &str = "captured from the kimbi at the far end: the direction reverses";
pub const SAFARI: &str = "safari: the mover goes on from his kuu";
pub const SAFARI_COMPULSORY: &str = "safari: in mtaji the move must go on from the kuu";
pub const KUU_DESTROYED: &str = "the kuu is emptied and destroyed: an ordinary hole from now on";
pub const KUU_CAPTURED: &str = "the opponent's kuu is captured and destroyed";
pub const BAO_HAMNA: &str =
    "Bao hamna: the opponent's front row is empty; the captured seeds are sown and the move stops";
pub const BAO_HAMNA_FINISH: &str =
    "Bao hamna: the opponent's front row is empty; the move is played to its end (finish)";
pub const FIRST_LAP_FROM_KUU: &str =
    "the first lap of a move from the kuu is not stopped by the reserved hole";

/// Laps a move runs before cycle detection starts: ordinary moves end long before, so they pay
/// nothing for it. Detection from any later state is still exact.
const QUIET_LAPS: u32 = 64;

/// What determines the rest of a move between two captures (KETE-A7): the mover's ring, the hole
/// the last seed fell into and the direction. The opponent's holes change only by captures and
/// the kuu only once, and the detector restarts at both.
#[derive(Clone, Copy, PartialEq, Eq)]
struct InMove {
    ring: [u8; RING],
    at: u8,
    step: u8,
}

/// Exact never-ending-move detection (KETE-A7) with [`Brent`], started after [`QUIET_LAPS`].
struct Detector {
    since: u32,
    laps: u64,
    budget: u64,
    brent: Option<Brent<InMove>>,
}

impl Detector {
    fn new(budget: u64) -> Self {
        Detector {
            since: 0,
            laps: 0,
            budget,
            brent: None,
        }
    }

    /// Captures cannot be undone, nor the kuu's loss: no state before them can come back.
    #[inline]
    fn restart(&mut self) {
        self.since = 0;
        self.brent = None;
    }

    #[inline]
    fn observe(&mut self, ring: &[u8; RING], at: u8, step: u8) -> Result<(), Rejection> {
        self.laps += 1;
        if self.since < QUIET_LAPS {
            self.since += 1;
            if self.since == QUIET_LAPS {
                let state = InMove {
                    ring: *ring,
                    at,
                    step,
                };
                self.brent = Some(Brent::with_budget(state, self.budget));
            }
            return Ok(());
        }
        let Some(brent) = self.brent.as_mut() else {
            return Ok(());
        };
        let state = InMove {
            ring: *ring,
            at,
            step,
        };
        match brent.observe(&state) {
            Verdict::Continue => Ok(()),
            Verdict::Cycle => Err(Rejection::illegal(
                "KETE-A7",
                format!(
                    "the move never ends: after {} laps its sowing repeats a state it was in before",
                    self.laps
                ),
            )),
            Verdict::Undecided => Err(Rejection::Undecided { laps: self.laps }),
        }
    }
}

fn direction(step: u8) -> Direction {
    if step == CW {
        Direction::Clockwise
    } else {
        Direction::Anticlockwise
    }
}

/// The state of a move being sown.
struct Sowing<'s, S: Sink> {
    side: Side,
    nemo: bool,
    ring: [u8; RING],
    opp: [u8; RING],
    kuu: bool,
    opp_kuu: bool,
    step: u8,
    won: bool,
    finish: bool,
    sink: &'s mut S,
}

impl<S: Sink> Sowing<'_, S> {
    #[inline]
    fn note(&mut self, text: &'static str, rule: RuleId) {
        if S::LISTENING {
            self.sink.event(Event::Note { text, rule });
        }
    }

    #[inline]
    fn stop(&mut self, at: u8, reason: StopReason, rule: RuleId) {
        if S::LISTENING {
            self.sink.event(Event::Stop {
                at: index_of(self.side, at),
                reason,
                rule,
            });
        }
    }

    /// Drops one seed into each of `n` holes after `from` (KETE-6); the hole of the last seed.
    #[inline(always)]
    fn sow(&mut self, from: u8, n: u8) -> u8 {
        let mut rest = n;
        if n >= 16 {
            // A lap of 16 or more passes every hole, its start included (KETE-6).
            let rounds = n / 16;
            for hole in self.ring.iter_mut() {
                *hole += rounds;
            }
            rest = n % 16;
        }
        let mut r = from;
        for _ in 0..rest {
            r = next(r, self.step);
            self.ring[r as usize] += 1;
        }
        r
    }

    /// Lifts `n` seeds from `h` and sows them on; the hole of the last seed. KETE-8 is checked
    /// once the first seed has fallen; lifting the whole kuu destroys it (KETE-4).
    #[inline]
    fn lap(&mut self, h: u8, n: u8, rule: RuleId) -> Result<u8, Rejection> {
        let emptied = self.ring[h as usize] == n;
        self.ring[h as usize] -= n;
        if is_front(h) && !is_front(next(h, self.step)) && front_empty(&self.ring) {
            return Err(Rejection::illegal(
                "KETE-8",
                format!(
                    "sowing {} away from the front row would leave {}'s front row empty: a lone \
                     kichwa must be sown toward the centre",
                    super::position::name(self.side, h),
                    self.side
                ),
            ));
        }
        let to = self.sow(h, n);
        if S::LISTENING {
            self.sink.event(Event::Lap {
                from: index_of(self.side, h),
                seeds: n as u16,
                direction: direction(self.step),
                to: index_of(self.side, to),
                rule,
            });
        }
        if h == KUU && self.kuu && emptied {
            self.kuu = false;
            self.note(KUU_DESTROYED, "KETE-4");
        }
        Ok(to)
    }

    /// Captures the opponent's hole facing `z` and sows its seeds from a kichwa (KETE-13); the
    /// hole of the last seed. For the first capture of a nemo move, `chosen` is the direction the
    /// mover chose for a central hole.
    fn capture(&mut self, z: u8, rule: RuleId, first_nemo: bool, chosen: u8) -> u8 {
        let y = opposite(z);
        let seeds = self.opp[y as usize];
        self.opp[y as usize] = 0;
        if S::LISTENING {
            self.sink.event(Event::Capture {
                hole: index_of(self.side.opponent(), y),
                seeds: seeds as u16,
                rule,
            });
        }
        if y == KUU && self.opp_kuu {
            self.opp_kuu = false;
            self.note(KUU_CAPTURED, "KETE-4");
        }
        // KETE-13: from the kimbi's own kichwa toward the centre; from the centre, the kichwa
        // the mover chose (first nemo capture) or the one behind the current direction.
        let before = self.step;
        let step = if left_kimbi(z) {
            CW
        } else if right_kimbi(z) {
            ACW
        } else if first_nemo {
            self.note(KICHWA_CHOSEN, "KETE-13");
            chosen
        } else {
            self.step
        };
        self.step = step;
        if !first_nemo && step != before {
            self.note(REVERSED, "KETE-13");
        }
        if front_empty(&self.opp) && !self.won {
            // KETE-23: the game is won once these seeds are sown (KETE-A8).
            self.won = true;
            if self.finish {
                self.note(BAO_HAMNA_FINISH, "KETE-A8");
            } else {
                self.note(BAO_HAMNA, "KETE-23");
            }
        }
        let kichwa = if step == CW {
            LEFT_KICHWA
        } else {
            RIGHT_KICHWA
        };
        // Sown starting *in* the kichwa: as if lifted from the hole before it (KETE-6).
        let to = self.sow(next(kichwa, 16 - step), seeds);
        if S::LISTENING {
            self.sink.event(Event::Lap {
                from: index_of(self.side, kichwa),
                seeds: seeds as u16,
                direction: direction(step),
                to: index_of(self.side, to),
                rule: "KETE-13",
            });
        }
        to
    }
}

/// Sows one move from `start` with the safari decision `safari`.
pub fn sow_move<S: Sink>(
    pos: &Position,
    rulings: &Rulings,
    start: Start,
    safari: Safari,
    sink: &mut S,
) -> Result<Played, Rejection> {
    let side = pos.to_move;
    let me = side.index();
    let them = side.opponent().index();
    let nemo = pos.reserve[me] > 0;
    // KETE-21: the mover's hole reserved by the opponent stops his laps.
    let reserved = match pos.hizi.map(ring_of) {
        Some((owner, r)) if owner == side => Some(r),
        _ => None,
    };
    let finish = rulings.bao_hamna == BaoHamna::Finish;
    let mut s = Sowing {
        side,
        nemo,
        ring: pos.rings[me],
        opp: pos.rings[them],
        kuu: pos.kuu[me],
        opp_kuu: pos.kuu[them],
        step: CW,
        won: false,
        finish,
        sink,
    };
    let mut reserve = pos.reserve[me];
    let capture_move;
    let mut from_kuu = false;
    let mut decision = false;
    let mut z;

    match start {
        Start::NemoCapture { x, step } => {
            s.note(NEMO_CAPTURE, "KETE-12");
            reserve -= 1;
            s.ring[x as usize] += 1;
            if S::LISTENING {
                s.sink.event(Event::Enter {
                    hole: index_of(side, x),
                    seeds: 1,
                    rule: "KETE-12",
                });
            }
            // KETE-13: the first capture of a nemo move places by X, the kichwa chosen if central.
            z = s.capture(x, "KETE-12", true, step);
            capture_move = true;
        }
        Start::NemoTakata { x, step } => {
            s.note(NEMO_TAKATA, "KETE-15");
            reserve -= 1;
            s.ring[x as usize] += 1;
            if S::LISTENING {
                s.sink.event(Event::Enter {
                    hole: index_of(side, x),
                    seeds: 1,
                    rule: "KETE-15",
                });
            }
            s.step = step;
            let held = s.ring[x as usize];
            z = if x == KUU && s.kuu {
                // KETE-16, KETE-A2: the kuu alone. Seven or more before the seed: two are sown
                // and it stays a kuu with six or more; six: all seven go and it is destroyed.
                let before_seed = held - 1;
                if before_seed >= 7 {
                    s.note(KUU_ALONE_TWO, "KETE-16");
                    s.lap(x, 2, "KETE-16")?
                } else {
                    s.note(KUU_ALONE_SIX, "KETE-16");
                    s.lap(x, held, "KETE-16")?
                }
            } else {
                s.lap(x, held, "KETE-15")?
            };
            capture_move = false;
        }
        Start::Mtaji { h, step } => {
            s.step = step;
            from_kuu = h == KUU && s.kuu;
            let n = s.ring[h as usize];
            z = s.lap(h, n, "KETE-17")?;
            // KETE-17: the first lap's last seed in an own front hole that was occupied, facing
            // an occupied hole. KETE-18: not with 16 or more seeds.
            let would = is_front(z) && s.ring[z as usize] >= 2 && s.opp[opposite(z) as usize] > 0;
            if would && n < 16 {
                s.note(MTAJI_CAPTURE, "KETE-17");
                z = s.capture(z, "KETE-17", false, 0);
                capture_move = true;
            } else {
                if would {
                    s.note(SIXTEEN, "KETE-18");
                }
                s.note(MTAJI_TAKATA, "KETE-19");
                if from_kuu {
                    s.note(FIRST_TAKATA_FROM_KUU, "KETE-20");
                }
                capture_move = false;
            }
        }
    }

    let mut first_lap = true;
    let mut detector = Detector::new(rulings.lap_budget);
    loop {
        if s.won && !finish {
            // KETE-23, KETE-A8 (stop): the captured seeds are sown; nothing follows.
            s.stop(z, StopReason::GameWon, "KETE-23");
            break;
        }
        // KETE-7, KETE-14.1: the last seed fell into an empty hole.
        if s.ring[z as usize] == 1 {
            s.stop(z, StopReason::EmptyHole, "KETE-7");
            break;
        }
        if capture_move && is_front(z) && s.opp[opposite(z) as usize] > 0 {
            // KETE-14.2: capture again.
            z = s.capture(z, "KETE-14", false, 0);
            first_lap = false;
            detector.restart();
            continue;
        }
        if z == KUU && s.kuu {
            if capture_move {
                // KETE-14.3: in nemo the mover chooses; in mtaji safari is compulsory unless
                // ruled a choice (KETE-A1).
                if s.nemo || rulings.mtaji_safari == MtajiSafari::Choice {
                    decision = true;
                    match safari {
                        Safari::Probe | Safari::Stop => {
                            s.stop(z, StopReason::Kuu, "KETE-14");
                            break;
                        }
                        Safari::Absent => {
                            return Err(Rejection::illegal(
                                "KETE-14",
                                "a capture lap ends in the kuu: the move must say whether it \
                                 stops there or goes on (safari, written `+`)",
                            ));
                        }
                        Safari::Go => s.note(SAFARI, "KETE-14"),
                    }
                } else {
                    s.note(SAFARI_COMPULSORY, "KETE-A1");
                }
            } else if s.nemo {
                // KETE-15: a takata lap ending in the kuu ends the move.
                s.stop(z, StopReason::Kuu, "KETE-15");
                break;
            }
            // KETE-19: in a mtaji takata the kuu relays on, which destroys it.
        } else if reserved == Some(z) {
            if first_lap && from_kuu {
                s.note(FIRST_LAP_FROM_KUU, "KETE-21");
            } else {
                // KETE-21: a lap ending in the reserved hole ends the move instead of relaying.
                s.stop(z, StopReason::ReservedHole, "KETE-21");
                break;
            }
        }
        // KETE-7: relay.
        let seeds = s.ring[z as usize];
        if S::LISTENING {
            s.sink.event(Event::Relay {
                at: index_of(side, z),
                seeds: seeds as u16,
                rule: "KETE-7",
            });
        }
        let had_kuu = s.kuu;
        z = s.lap(z, seeds, "KETE-7")?;
        first_lap = false;
        if had_kuu != s.kuu {
            detector.restart();
        }
        detector.observe(&s.ring, z, s.step)?;
    }

    if !decision && matches!(safari, Safari::Stop | Safari::Go) {
        return Err(Rejection::illegal(
            "KETE-14",
            "no safari decision arises in this move: no capture lap ends in a standing kuu \
             where the mover may choose",
        ));
    }

    let mut next = *pos;
    next.rings[me] = s.ring;
    next.rings[them] = s.opp;
    next.kuu[me] = s.kuu;
    next.kuu[them] = s.opp_kuu;
    next.reserve[me] = reserve;
    Ok(Played {
        next,
        capture: capture_move,
        decision,
    })
}
