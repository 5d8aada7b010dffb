//! Sowing a move: laps and relays (KETE-6, KETE-7), the front row never empty (KETE-8), captures
//! and where the captured seeds go (KETE-13, KETE-14), safari, the kuu (KETE-4, KETE-16), the
//! sixteen rule (KETE-18), a lap stopping in a reserved hole (KETE-21), Bao hamna mid-move
//! (KETE-23, KETE-A8) and never-ending moves (KETE-A7).
//!
//! A move is simulated on one copy of the two rings. Which moves may be played at all (captures
//! compulsory, eligible holes, the kuu's first takata, hizi zetu) is decided before, in `choice.rs`;
//! here a move's first step is given as a [`Start`] and the rest follows from the rules and the
//! one decision the mover may still have to make, the safari.

use std::marker::PhantomData;

use super::memo::Known;
use super::notes;
use super::position::{
    ACW, CW, Core, KUU, LEFT_KICHWA, RIGHT_KICHWA, RING, index_of, is_front, left_kimbi, next,
    opposite, right_kimbi, ring_of,
};
use super::ring::{InMove, Ring};
use super::variant::{
    Fixed, HouseInMtaji, LoneHouse, MidMove, MtajiHouse, Rules, StopHouse, Variant,
};
use crate::cycle::{Brent, Cycle, Verdict, cycle_start};
use crate::game::{Direction, Event, Note, Rejection, RuleId, Side, Sink, StopReason};

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

/// Why sowing a move failed, kept small so that probing moves never allocates; in words by
/// [`Refusal::rejection`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// KETE-8: lifting ring position `hole` of `side` would empty his front row.
    FrontRowEmpty { side: Side, hole: u8 },
    /// KETE-A7: the in-move state repeated after `laps` laps; measured exactly
    /// ([`measure_cycles`]), the cycle too.
    NeverEnds { laps: u64, cycle: Option<Cycle> },
    /// The lap budget is spent.
    Undecided { laps: u64 },
    /// KETE-14: a safari decision arises and the move makes none.
    DecisionMissing,
    /// KETE-14: the move makes a safari decision and none arises.
    NoDecision,
    /// KETE-23, ZAN-25: as `NoDecision`, because a capture won the game (ZAN-A14 `both`: left a
    /// player without a move) with its last seed in the kuu, where the decision would arise.
    NoDecisionWon,
}

impl Refusal {
    pub fn rejection(self, variant: &Variant) -> Rejection {
        let ids = &variant.ids;
        match self {
            Refusal::FrontRowEmpty { side, hole } => Rejection::illegal(
                ids.front_row,
                format!(
                    "sowing {} away from the front row would leave {side}'s front row empty: a \
                     lone kichwa must be sown toward the centre",
                    super::position::name(side, hole),
                ),
            ),
            Refusal::NeverEnds {
                cycle: Some(Cycle { start, length }),
                ..
            } => Rejection::illegal(
                ids.never_ends,
                format!(
                    "the move never ends: the in-move state after lap {start} comes back after \
                     {length} more laps, and so on forever (a cycle of {length} laps from lap \
                     {start})"
                ),
            ),
            Refusal::NeverEnds { laps, cycle: None } => Rejection::illegal(
                ids.never_ends,
                format!(
                    "the move never ends: after {laps} laps its sowing repeats a state it was in \
                     before"
                ),
            ),
            Refusal::Undecided { laps } => Rejection::Undecided { laps },
            Refusal::DecisionMissing => {
                Rejection::illegal(ids.lap_end, variant.words.decision_missing)
            }
            Refusal::NoDecision => Rejection::illegal(ids.lap_end, variant.words.no_decision),
            Refusal::NoDecisionWon => {
                Rejection::illegal(ids.bao_hamna, variant.words.no_decision_won)
            }
        }
    }
}

/// The result of sowing a move.
#[derive(Clone, Copy, Debug)]
pub struct Played {
    /// The position after the move, before the side to move and hizi zetu are updated.
    pub next: Core,
    /// Whether the move captured (KETE-10).
    pub capture: bool,
    /// Whether a safari decision arose.
    pub decision: bool,
    /// The opponent's front holes (ring positions, one bit each) the move captured.
    pub taken: u8,
}

thread_local! {
    static MEASURE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with never-ending moves measured exactly: where the cycle starts and how long it is
/// ([`Cycle`], in laps: every sowing of the move is a lap, the first, each relay, each sowing of
/// captured seeds), with no more memory than deciding them: a cycle through the first state is
/// measured when that state comes back, any other by [`crate::cycle::cycle_start`]. For a move
/// played, whose refusal people read; search only needs the verdict. Both remember a takata's
/// verdict with its cycle's length ([`super::memo`]), and a measurement with where the cycle
/// starts: a move searched and then played is decided once (only where its cycle starts is sown
/// again), and a move played again is not sown again.
pub fn measure_cycles<T>(f: impl FnOnce() -> T) -> T {
    let before = MEASURE.with(|m| m.replace(true));
    let out = f();
    MEASURE.with(|m| m.set(before));
    out
}

/// Laps a move runs before cycle detection starts: ordinary moves end long before, so they pay
/// nothing for it. Detection from any later state is still exact.
const QUIET_LAPS: u32 = 64;

const ONES: u128 = u128::from_le_bytes([1; 16]);
const FRONT: u128 = u64::MAX as u128;

impl Ring {
    #[inline(always)]
    fn of(holes: [u8; RING]) -> Ring {
        Ring(u128::from_le_bytes(holes))
    }

    #[inline(always)]
    fn holes(self) -> [u8; RING] {
        self.0.to_le_bytes()
    }

    #[inline(always)]
    fn get(self, r: u8) -> u8 {
        (self.0 >> (8 * r as u32)) as u8
    }

    #[inline(always)]
    fn add(&mut self, r: u8, n: u8) {
        self.0 += (n as u128) << (8 * r as u32);
    }

    #[inline(always)]
    fn take(&mut self, r: u8, n: u8) {
        self.0 -= (n as u128) << (8 * r as u32);
    }

    #[inline(always)]
    fn front_empty(self) -> bool {
        self.0 & FRONT == 0
    }

    /// Drops one seed into each of the `n` holes after `from` in direction `step` (KETE-6): a
    /// lap of 16 or more passes every hole, its start included. The hole of the last seed.
    #[inline(always)]
    fn sow(&mut self, from: u8, n: u8, step: u8) -> u8 {
        let rounds = n / 16;
        let rest = n % 16;
        self.0 += ONES * rounds as u128;
        if rest == 0 {
            return from;
        }
        let run = ONES >> (8 * (16 - rest as u32));
        let (first, last) = if step == CW {
            (next(from, 1), (from + rest) & 15)
        } else {
            let last = (from + 16 - rest) & 15;
            (last, last)
        };
        self.0 += run.rotate_left(8 * first as u32);
        last
    }
}

/// Exact never-ending-move detection (KETE-A7) with [`Brent`], started after [`QUIET_LAPS`].
///
/// A long relay is usually met again: in a search, a player's takata sows his own holes alone, and
/// his holes stay the same across all the opponent's replies that capture nothing. So the verdict
/// on a takata that neither ended nor repeated in its quiet laps is remembered, keyed by everything
/// its rest depends on (see [`super::memo`]). Only long moves ever look there.
struct Detector {
    since: u32,
    laps: u64,
    budget: u64,
    /// The fixed part of the key: `None` for a capture move (never remembered).
    context: Option<u32>,
    /// The key and lap count where the current detection started.
    key: Option<(Known, u64)>,
    brent: Option<Brent<InMove>>,
    /// Under [`measure_cycles`]: the first state since the last restart, with the lap it
    /// followed, from which a cycle found is measured. Once Brent watches, every state is
    /// compared with it too: its first return measures the cycle at once (the usual case, see
    /// [`Brent`]), with no second phase.
    first: Option<(InMove, u64)>,
    measure: bool,
    /// Laps not observed: the first, and each sowing of captured seeds (restarts).
    unobserved: u64,
}

impl Detector {
    fn new(budget: u64, context: Option<u32>) -> Self {
        let measure = MEASURE.with(std::cell::Cell::get);
        Detector {
            since: 0,
            laps: 0,
            budget,
            context,
            key: None,
            brent: None,
            first: None,
            measure,
            unobserved: 1,
        }
    }

    /// Captures cannot be undone, nor the kuu's loss: no state before them can come back.
    #[inline]
    fn restart(&mut self) {
        self.since = 0;
        self.brent = None;
        self.key = None;
        self.unobserved += 1;
        self.first = None;
    }

    /// Under [`measure_cycles`], the state the loop starts from (after the first lap, or after a
    /// capture's sowing): the state a cycle may come back to.
    #[inline]
    fn start(&mut self, ring: Ring, at: u8, step: u8) {
        if self.measure && self.first.is_none() {
            self.first = Some((InMove::new(ring, at, step), self.laps + self.unobserved));
        }
    }

    fn verdict(&self, cycle: bool, laps: u64) -> Refusal {
        if cycle {
            Refusal::NeverEnds { laps, cycle: None }
        } else {
            Refusal::Undecided { laps }
        }
    }

    /// A cycle of `length` laps was found, `laps` after the `key` (if any): where it starts,
    /// measured from the first state, unless `known` says it already (measured from the same
    /// state); remembered with the key.
    #[cold]
    #[inline(never)]
    fn measured(
        &self,
        key: Option<Known>,
        laps: u64,
        length: u64,
        known: Option<(InMove, u64)>,
    ) -> Refusal {
        let (first, lap) = self
            .first
            .expect("a measured detection has its first state");
        let offset = match known {
            Some((from, offset)) if from == first => offset,
            _ => {
                let offset = cycle_start(first, length, |state: &mut InMove| state.relay());
                if let Some(key) = key {
                    key.remember(true, laps, length, Some((first, offset)));
                }
                offset
            }
        };
        let start = lap + offset;
        Refusal::NeverEnds {
            laps: start + length,
            cycle: Some(Cycle { start, length }),
        }
    }

    /// Observes the state after one more lap.
    #[inline]
    fn observe(&mut self, ring: Ring, at: u8, step: u8, kuu: bool) -> Result<(), Refusal> {
        self.laps += 1;
        // Made only where it is needed: ordinary moves end within the quiet laps.
        let state = || InMove::new(ring, at, step);
        if self.measure && self.first.is_none() {
            self.first = Some((state(), self.laps + self.unobserved));
        }
        if self.since < QUIET_LAPS {
            self.since += 1;
            if self.since == QUIET_LAPS {
                let state = state();
                if let Some(context) = self.context {
                    let key = Known {
                        state,
                        kuu,
                        context,
                        budget: self.budget,
                    };
                    if let Some(d) = key.recall() {
                        if d.cycle && self.measure {
                            return Err(self.measured(Some(key), d.laps, d.length, d.measured));
                        }
                        return Err(self.verdict(d.cycle, self.laps + d.laps));
                    }
                    self.key = Some((key, self.laps));
                }
                self.brent = Some(Brent::with_budget(state, self.budget));
            }
            return Ok(());
        }
        self.watched(&state())
    }

    /// The state after one more lap (counted), once Brent watches: only long moves get here.
    #[inline(never)]
    fn watched(&mut self, state: &InMove) -> Result<(), Refusal> {
        let Some(brent) = self.brent.as_mut() else {
            return Ok(());
        };
        let verdict = brent.observe(state);
        let length = brent.cycle_length();
        let budget = brent.budget();
        if verdict == Verdict::Continue {
            match self.first {
                Some((first, lap)) if first == *state => {
                    let length = self.laps + self.unobserved - lap;
                    // Brent, watching from the key, would have found it after one cycle (the
                    // key is on it), and within the budget only if the cycle is: the verdict
                    // does not depend on which saw it first.
                    if length <= budget {
                        if let Some((key, _)) = self.key {
                            key.remember(true, length, length, Some((first, 0)));
                        }
                        return Err(Refusal::NeverEnds {
                            laps: lap + length,
                            cycle: Some(Cycle { start: lap, length }),
                        });
                    }
                    return Ok(());
                }
                _ => return Ok(()),
            }
        }
        let cycle = verdict == Verdict::Cycle;
        if cycle && self.measure {
            let key = self.key.map(|(key, at)| (key, self.laps - at));
            return Err(self.measured(key.map(|k| k.0), key.map_or(0, |k| k.1), length, None));
        }
        if let Some((key, at)) = self.key {
            key.remember(cycle, self.laps - at, length, None);
        }
        Err(self.verdict(cycle, self.laps))
    }

    /// Whether Brent watches: the quiet laps are over.
    #[inline(always)]
    fn watching(&self) -> bool {
        self.since == QUIET_LAPS
    }

    /// Once Brent watches ([`Detector::watching`]), a takata's plain relays from hole `at` of
    /// `ring` in direction `step`, while the hole the last seed fell into holds more than one
    /// seed and is not `special` (the standing kuu, the reserved hole); whether there was one.
    /// A tight loop that compares each state with the three it may come back to and hands Brent
    /// only the laps that do more.
    fn relays(
        &mut self,
        ring: &mut Ring,
        at: &mut u8,
        step: u8,
        special: u16,
    ) -> Result<bool, Refusal> {
        let mut state = InMove::new(*ring, *at, step);
        let watched = if step == CW {
            self.watch::<true>(&mut state, special)
        } else {
            self.watch::<false>(&mut state, special)
        };
        *ring = state.ring();
        *at = state.at;
        watched
    }

    #[inline(never)]
    fn watch<const CLOCKWISE: bool>(
        &mut self,
        at: &mut InMove,
        special: u16,
    ) -> Result<bool, Refusal> {
        let mut state = *at;
        let mut relayed = false;
        let (mut saved, mut anchor, mut quiet) = self.compared();
        // Outside of measuring, the anchor stands in for the first state: no third comparison.
        let first = self.first.map_or(anchor, |(first, _)| first.quick());
        let mut passed = 0;
        let result = loop {
            if state.seeds() <= 1 || special & (1 << state.at) != 0 {
                break Ok(relayed);
            }
            state.relay_in::<CLOCKWISE>();
            relayed = true;
            // Only a state that may be one of the three, or a lap that Brent must see, leaves
            // the loop: the exact comparisons are Brent's and `watched`'s.
            let quick = state.quick();
            if passed < quiet && quick != saved && quick != anchor && quick != first {
                passed += 1;
                continue;
            }
            self.pass(passed);
            passed = 0;
            self.laps += 1;
            if let Err(refusal) = self.watched(&state) {
                break Err(refusal);
            }
            (saved, anchor, quiet) = self.compared();
        };
        self.pass(passed);
        *at = state;
        result
    }

    /// Brent's saved state and its anchor, each by [`InMove::quick`], and how many laps it lets
    /// pass unseen.
    #[inline]
    fn compared(&self) -> (u64, u64, u64) {
        let brent = self.brent.as_ref().expect("Brent watches");
        (brent.saved().quick(), brent.anchor().quick(), brent.quiet())
    }

    #[inline]
    fn pass(&mut self, laps: u64) {
        self.laps += laps;
        if let Some(brent) = self.brent.as_mut() {
            brent.passed(laps);
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
struct Sowing<'s, 'r, S: Sink, F: Fixed> {
    rules: &'r Rules,
    side: Side,
    nemo: bool,
    ring: Ring,
    opp: Ring,
    /// The mover's reserve (store), which Bao hamna under `no-sow` refills (ZAN-A15).
    reserve: u8,
    opp_store_empty: bool,
    /// The opponent's front holes captured so far (ZAN-A13 `any`).
    taken: u8,
    kuu: bool,
    opp_kuu: bool,
    step: u8,
    /// The move is won (KETE-23, ZAN-25) or stopped by ZAN-A14 `both`: it ends after this lap
    /// unless it is played to its end.
    won: bool,
    /// The game is won and the move is played to its end (KETE-A8, ZAN-A15 `finish`).
    finish: bool,
    sink: &'s mut S,
    fixed: PhantomData<F>,
}

impl<S: Sink, F: Fixed> Sowing<'_, '_, S, F> {
    /// The rules, with what the game fixes as constants.
    #[inline(always)]
    fn rules(&self) -> Rules {
        F::rules(self.rules)
    }

    #[inline]
    fn note(&mut self, note: Note, rule: RuleId) {
        if S::LISTENING {
            self.sink.event(Event::Note { note, rule });
        }
    }

    /// Nemo: the reserve seed goes into front hole `x` (KETE-12, KETE-15).
    #[inline]
    fn enter_reserve_seed(&mut self, x: u8, rule: RuleId) {
        self.ring.add(x, 1);
        self.reserve -= 1;
        if S::LISTENING {
            self.sink.event(Event::Enter {
                hole: index_of(self.side, x),
                seeds: 1,
                rule,
            });
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

    /// Lifts `n` seeds from `h` and sows them on; the hole of the last seed. KETE-8 is checked
    /// once the first seed has fallen; lifting the whole kuu destroys it (KETE-4, ZAN-17).
    #[inline]
    fn lap(&mut self, h: u8, n: u8, rule: RuleId) -> Result<u8, Refusal> {
        let emptied = self.ring.get(h) == n;
        self.ring.take(h, n);
        if is_front(h)
            && !is_front(next(h, self.step))
            && self.ring.front_empty()
            && !self.rules().lone_kichwa_either
        {
            return Err(Refusal::FrontRowEmpty {
                side: self.side,
                hole: h,
            });
        }
        let to = self.ring.sow(h, n, self.step);
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
            let v = self.rules().variant;
            self.note(v.notes.house_emptied, v.ids.house);
        }
        Ok(to)
    }

    /// Whether `ring` has no hole of two or more (ZAN-A14).
    #[inline]
    fn immobile(ring: Ring) -> bool {
        ring.holes().iter().all(|&n| n <= 1)
    }

    /// Captures the opponent's hole facing `z` and sows its seeds from a kichwa (KETE-13); the
    /// hole of the last seed. For the first capture of a nemo move, `chosen` is the direction the
    /// mover chose for a central hole.
    #[inline(always)]
    fn capture(&mut self, z: u8, rule: RuleId, first_nemo: bool, chosen: u8) -> u8 {
        let v = self.rules().variant;
        let across = opposite(z);
        let seeds = self.opp.get(across);
        self.opp.take(across, seeds);
        self.taken |= 1 << across;
        if S::LISTENING {
            self.sink.event(Event::Capture {
                hole: index_of(self.side.opponent(), across),
                seeds: seeds as u16,
                rule,
            });
        }
        if across == KUU && self.opp_kuu {
            self.opp_kuu = false;
            self.note(v.notes.house_captured, v.ids.house);
        }
        // ZAN-19, ZAN-A6 `first-capture`: the first capture of a mtaji move ends both houses.
        if !self.nemo
            && self.rules().house_in_mtaji == HouseInMtaji::FirstCapture
            && (self.kuu || self.opp_kuu)
        {
            self.lose_houses();
        }
        // KETE-13: from the kimbi's own kichwa toward the centre; from the centre, the kichwa
        // the mover chose (first nemo capture) or the one behind the current direction.
        let before = self.step;
        let step = if left_kimbi(z) {
            CW
        } else if right_kimbi(z) {
            ACW
        } else if first_nemo {
            self.note(notes::KICHWA_CHOSEN, v.ids.kichwa);
            chosen
        } else {
            self.step
        };
        self.step = step;
        if !first_nemo && step != before {
            self.note(notes::REVERSED, v.ids.kichwa);
        }
        if self.opp.front_empty() && !self.won && !self.bao_hamna(seeds) {
            return z;
        }
        let kichwa = if step == CW {
            LEFT_KICHWA
        } else {
            RIGHT_KICHWA
        };
        // Sown starting *in* the kichwa: as if lifted from the hole before it (KETE-6).
        let to = self.ring.sow(next(kichwa, 16 - step), seeds, step);
        if S::LISTENING {
            self.sink.event(Event::Lap {
                from: index_of(self.side, kichwa),
                seeds: seeds as u16,
                direction: direction(step),
                to: index_of(self.side, to),
                rule: v.ids.kichwa,
            });
        }
        if self.rules().immobile_both && !self.won {
            self.immobile_check();
        }
        to
    }

    /// ZAN-19, ZAN-A6 `first-capture`: neither player owns a house from now on.
    #[cold]
    #[inline(never)]
    fn lose_houses(&mut self) {
        self.kuu = false;
        self.opp_kuu = false;
        self.note(
            notes::HOUSES_LOST_MTAJI_CAPTURE,
            self.rules().variant.ids.house_in_mtaji,
        );
    }

    /// KETE-23, ZAN-25: the capture emptied the opponent's front row; the game is won once its
    /// seeds are sown (KETE-A8, ZAN-A15). Whether they are sown at all (`no-sow`: they stay in
    /// the captor's store).
    #[cold]
    #[inline(never)]
    fn bao_hamna(&mut self, seeds: u8) -> bool {
        let v = self.rules().variant;
        self.won = true;
        match self.rules().mid_move {
            MidMove::Finish => self.note(v.notes.bao_hamna_finish, v.ids.mid_move),
            MidMove::Stop => self.note(notes::BAO_HAMNA, v.ids.bao_hamna),
            MidMove::NoSow => {
                self.note(notes::BAO_HAMNA_NO_SOW, v.ids.mid_move);
                self.reserve += seeds;
                return false;
            }
        }
        true
    }

    /// ZAN-13.0, ZAN-A14 `both`: a player left without a hole of two or more has lost; the move
    /// stops here.
    #[cold]
    #[inline(never)]
    fn immobile_check(&mut self) {
        if (self.reserve == 0 && Self::immobile(self.ring))
            || (self.opp_store_empty && Self::immobile(self.opp))
        {
            self.won = true;
            self.finish = false;
            self.note(notes::IMMOBILE, "ZAN-A14");
        }
    }
}

/// Sows one move from `start` with the safari decision `safari`.
pub fn sow_move<F: Fixed, S: Sink>(
    pos: &Core,
    rules: &Rules,
    start: Start,
    safari: Safari,
    sink: &mut S,
) -> Result<Played, Refusal> {
    #[cfg(test)]
    super::tests::sown_from(pos);
    let given = rules;
    let rules = &F::rules(given);
    let v = rules.variant;
    let ids = &v.ids;
    let side = pos.to_move;
    let me = side.index();
    let them = side.opponent().index();
    let nemo = pos.reserve[me] > 0;
    // KETE-21: the mover's hole reserved by the opponent stops his laps.
    let reserved = match pos.hizi.map(ring_of) {
        Some((owner, r)) if owner == side => Some(r),
        _ => None,
    };
    let mut s = Sowing {
        rules: given,
        side,
        nemo,
        ring: Ring::of(pos.rings[me]),
        opp: Ring::of(pos.rings[them]),
        reserve: pos.reserve[me],
        opp_store_empty: pos.reserve[them] == 0,
        taken: 0,
        kuu: pos.kuu[me],
        opp_kuu: pos.kuu[them],
        step: CW,
        won: false,
        finish: rules.mid_move == MidMove::Finish,
        sink,
        fixed: PhantomData::<F>,
    };
    let capture_move;
    let mut from_kuu = false;
    let mut decision = false;
    // The move was won where, but for the win, the safari decision would arise.
    let mut won_at_kuu = false;
    let mut z;

    match start {
        Start::NemoCapture { x, step } => {
            s.note(v.notes.nemo_capture, ids.nemo_capture);
            s.enter_reserve_seed(x, ids.nemo_capture);
            // KETE-13: the first capture of a nemo move places by X, the kichwa chosen if central.
            z = s.capture(x, ids.nemo_capture, true, step);
            capture_move = true;
        }
        Start::NemoTakata { x, step } => {
            s.note(v.notes.nemo_takata, ids.nemo_takata);
            // KETE-16, ZAN-16: the house is the only occupied front hole.
            let alone = x == KUU && s.ring.0 & FRONT == (s.ring.get(KUU) as u128) << (8 * KUU);
            s.enter_reserve_seed(x, ids.nemo_takata);
            s.step = step;
            let held = s.ring.get(x);
            let before_seed = held - 1;
            z = match rules.lone_house {
                // KETE-16, KETE-A2: the kuu alone. Seven or more before the seed: two are sown
                // and it stays a kuu with six or more; six: all seven go and it is destroyed.
                LoneHouse::Lamu if x == KUU && s.kuu => {
                    if before_seed >= 7 {
                        s.note(notes::KUU_ALONE_TWO, ids.lone_house);
                        s.lap(x, 2, ids.lone_house)?
                    } else {
                        s.note(notes::KUU_ALONE_SIX, ids.lone_house);
                        s.lap(x, held, ids.lone_house)?
                    }
                }
                // ZAN-16, ZAN-A5: the lone house sows two and stays owned (unless emptied).
                LoneHouse::Functional if alone && s.kuu && before_seed >= 6 => {
                    s.note(v.notes.lone_two, ids.lone_house);
                    s.lap(x, 2, ids.lone_house)?
                }
                LoneHouse::Owned if alone && s.kuu => {
                    s.note(v.notes.lone_two, ids.lone_house);
                    s.lap(x, 2.min(held), ids.lone_house)?
                }
                LoneHouse::Any if alone => {
                    s.note(v.notes.lone_two, ids.lone_house);
                    s.lap(x, 2.min(held), ids.lone_house)?
                }
                _ => s.lap(x, held, ids.nemo_takata)?,
            };
            capture_move = false;
        }
        Start::Mtaji { h, step } => {
            s.step = step;
            from_kuu = h == KUU && s.kuu;
            let n = s.ring.get(h);
            z = s.lap(h, n, ids.mtaji_capture)?;
            // KETE-17: the first lap's last seed in an own front hole that was occupied, facing
            // an occupied hole. KETE-18: not with 16 or more seeds.
            let would = is_front(z) && s.ring.get(z) >= 2 && s.opp.get(opposite(z)) > 0;
            if would && n < 16 {
                s.note(notes::MTAJI_CAPTURE, ids.mtaji_capture);
                z = s.capture(z, ids.mtaji_capture, false, 0);
                capture_move = true;
            } else {
                if would {
                    s.note(notes::SIXTEEN, ids.sixteen);
                }
                s.note(v.notes.mtaji_takata, ids.mtaji_takata);
                if from_kuu && v.first_takata_from_house {
                    s.note(notes::FIRST_TAKATA_FROM_KUU, "KETE-20");
                }
                capture_move = false;
            }
        }
    }

    let mut first_lap = true;
    // A takata's rest depends on the mover's holes alone, given the stage, the reserved hole and
    // the rulings that stop its laps.
    let context = (!capture_move).then(|| {
        nemo as u32 | (reserved.map_or(0, |r| r as u32 + 1) << 1) | (rules.takata_context() << 6)
    });
    let mut detector = Detector::new(rules.lap_budget, context);
    // The holes where a takata lap does more than relay: the standing kuu, the reserved hole.
    let special = (if s.kuu { 1u16 << KUU } else { 0 }) | reserved.map_or(0, |r| 1u16 << r);
    // What a lap ending in the owned house does (KETE-14.3, KETE-15, KETE-19; ZAN-13.3, ZAN-15,
    // ZAN-19, ZAN-A3, ZAN-A7), by the kind of move; the kuu or house must be functional where
    // it stops or offers the choice (a Lamu kuu always is).
    #[derive(PartialEq)]
    enum AtHouse {
        Choose,
        Stop,
        Relay,
        /// Relays on, ending the house; the mtaji `+` claims it.
        Plays,
    }
    let at_house = |capture: bool, functional: bool| -> AtHouse {
        let stops = if functional {
            AtHouse::Stop
        } else {
            AtHouse::Relay
        };
        if nemo {
            if !capture {
                return stops;
            }
            return match rules.stop_house {
                StopHouse::Owned => AtHouse::Choose,
                StopHouse::Functional if functional => AtHouse::Choose,
                StopHouse::Functional => AtHouse::Relay,
            };
        }
        let plays = if capture || v.takata_relay_plays_house {
            AtHouse::Plays
        } else {
            AtHouse::Relay
        };
        match (rules.mtaji_house, capture) {
            (MtajiHouse::Relay, _) => plays,
            (MtajiHouse::CaptureChoice, true) => AtHouse::Choose,
            (MtajiHouse::CaptureChoice, false) => AtHouse::Relay,
            (MtajiHouse::Namua, true) => match rules.stop_house {
                StopHouse::Owned => AtHouse::Choose,
                StopHouse::Functional if functional => AtHouse::Choose,
                StopHouse::Functional => AtHouse::Relay,
            },
            (MtajiHouse::Namua | MtajiHouse::TakasaStops, false) => stops,
            (MtajiHouse::TakasaStops, true) => plays,
        }
    };
    loop {
        detector.start(s.ring, z, s.step);
        // Also once a listening sink is full ([`crate::game::EVENT_LIMIT`]): what a move does
        // past it is not told, so it costs what it costs unheard.
        if !capture_move && s.sink.full() {
            // A takata's plain relays, in a tight loop; it hands back what the rules below decide.
            // KETE-8 needs no check: a relay lifts at least two seeds, so the hole before it in
            // the direction of sowing was just sown and the front row is not empty.
            let mut relayed = false;
            while s.ring.get(z) > 1 && special & (1 << z) == 0 {
                if detector.watching() {
                    relayed |= detector.relays(&mut s.ring, &mut z, s.step, special)?;
                    break;
                }
                let n = s.ring.get(z);
                s.ring.take(z, n);
                z = s.ring.sow(z, n, s.step);
                relayed = true;
                detector.observe(s.ring, z, s.step, s.kuu)?;
            }
            first_lap &= !relayed;
        }
        if s.won && !s.finish {
            // KETE-23, KETE-A8 (stop): the captured seeds are sown; nothing follows.
            won_at_kuu = z == KUU
                && s.kuu
                && s.ring.get(z) > 1
                && s.opp.get(opposite(z)) == 0
                && at_house(capture_move, s.ring.get(z) >= 6) == AtHouse::Choose;
            s.stop(z, StopReason::GameWon, ids.bao_hamna);
            break;
        }
        // KETE-7, KETE-14.1: the last seed fell into an empty hole.
        if s.ring.get(z) == 1 {
            s.stop(z, StopReason::EmptyHole, ids.lap);
            break;
        }
        if capture_move && is_front(z) && s.opp.get(opposite(z)) > 0 {
            // KETE-14.2: capture again.
            z = s.capture(z, ids.lap_end, false, 0);
            first_lap = false;
            detector.restart();
            continue;
        }
        if z == KUU && s.kuu {
            match at_house(capture_move, s.ring.get(z) >= 6) {
                // KETE-14.3: in nemo the mover chooses; in mtaji safari is compulsory unless
                // ruled a choice (KETE-A1).
                AtHouse::Choose => {
                    decision = true;
                    match safari {
                        Safari::Probe | Safari::Stop => {
                            s.stop(z, StopReason::Kuu, ids.lap_end);
                            break;
                        }
                        Safari::Absent => return Err(Refusal::DecisionMissing),
                        Safari::Go => s.note(v.notes.safari, ids.lap_end),
                    }
                }
                // KETE-15: a takata lap ending in the kuu ends the move.
                AtHouse::Stop => {
                    let rule = if nemo {
                        ids.nemo_takata_laps
                    } else {
                        ids.mtaji_house
                    };
                    s.stop(z, StopReason::Kuu, rule);
                    break;
                }
                AtHouse::Plays => s.note(v.notes.safari_compulsory, ids.mtaji_house),
                // KETE-19: in a mtaji takata the kuu relays on, which destroys it.
                AtHouse::Relay => {}
            }
        } else if reserved == Some(z) {
            if first_lap && from_kuu && rules.house_lap_relays {
                s.note(v.notes.first_lap_from_house, ids.reserved);
            } else {
                // KETE-21: a lap ending in the reserved hole ends the move instead of relaying.
                s.stop(z, StopReason::ReservedHole, ids.reserved);
                break;
            }
        }
        // KETE-7: relay.
        let seeds = s.ring.get(z);
        if S::LISTENING {
            s.sink.event(Event::Relay {
                at: index_of(side, z),
                seeds: seeds as u16,
                rule: ids.lap,
            });
        }
        let had_kuu = s.kuu;
        z = s.lap(z, seeds, ids.lap)?;
        first_lap = false;
        if had_kuu != s.kuu {
            detector.restart();
        }
        detector.observe(s.ring, z, s.step, s.kuu)?;
    }

    if !decision && matches!(safari, Safari::Stop | Safari::Go) {
        return Err(match won_at_kuu {
            true => Refusal::NoDecisionWon,
            false => Refusal::NoDecision,
        });
    }
    // ZAN-A6 `lost`: the house is lost at the end of its owner's last namua move.
    if nemo && s.reserve == 0 && s.kuu && rules.house_in_mtaji == HouseInMtaji::Lost {
        s.kuu = false;
        s.note(notes::HOUSE_LOST_LAST_NAMUA, "ZAN-A6");
    }
    // ZAN-A17 `either`: a namua move may leave its mover's front row empty; he has lost.
    if rules.lone_kichwa_either && s.ring.front_empty() {
        s.note(notes::FRONT_ROW_EMPTIED, "ZAN-A17");
    }

    let mut next = *pos;
    next.rings[me] = s.ring.holes();
    next.rings[them] = s.opp.holes();
    next.kuu[me] = s.kuu;
    next.kuu[them] = s.opp_kuu;
    next.reserve[me] = s.reserve;
    Ok(Played {
        next,
        capture: capture_move,
        decision,
        taken: s.taken,
    })
}
