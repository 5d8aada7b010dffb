//! Exact detection of never-ending moves (KIN-A8, KETE-A7).
//!
//! Sowing is deterministic once the mover's decisions are made, so a move never ends exactly when
//! its in-move state (the board, the hole the next lap starts from, the direction, ...) repeats.
//! Brent's algorithm finds the repetition with one saved state: no memory grows with the length
//! of the move, and ordinary moves pay one copy of a small array at laps 1, 2, 4, 8, ...
//!
//! Brent's method saves the state at laps 2^k and compares every later state with the saved one, so
//! a cycle of length λ entered after μ laps is found by lap `2^k + λ` where `2^k ≥ max(μ, λ)`. The
//! budget, [`LAP_BUDGET`] = 2^32 laps, therefore decides every move whose μ and λ are both below 2^31
//! (over two billion laps; the references ask for every cycle shorter than 10^9). Past the budget the
//! move is reported `undecided-move`, never legal and never illegal. Every state is also compared
//! with the first ([`Brent`]'s anchor): a cycle through it, the usual case, is found after λ laps
//! (within the budget: every such cycle shorter than 2^32).
//!
//! Where a never-ending move is reported, its cycle is measured exactly with no more memory:
//! found through the first state, it starts there; otherwise Brent's detection gives the cycle's
//! length λ (the laps from the saved state back to it), and [`cycle_start`] the lap μ where it
//! starts, by sowing from the first state again with one copy λ laps ahead ([`Cycle`]). Deciding
//! and measuring cost λ laps when the cycle runs through the first state, and at most
//! `3·max(μ, λ) + 2λ + 2μ` otherwise.

use std::sync::atomic::{AtomicU64, Ordering};

/// How many laps a move may run before it is declared undecided.
pub const LAP_BUDGET: u64 = 1 << 32;

/// Laps watched by every detector of the process, counted in steps of [`PROGRESS_STEP`]: what a
/// progress display shows while long moves are decided ([`laps_watched`]). One test a lap.
static WATCHED: AtomicU64 = AtomicU64::new(0);

/// The step [`laps_watched`] moves by: a few milliseconds of laps.
pub const PROGRESS_STEP: u64 = 1 << 20;

/// The laps the cycle detectors of this process have watched so far, in steps of
/// [`PROGRESS_STEP`] (short moves, under a step, are not counted): for a progress display, from
/// any thread, while another decides.
pub fn laps_watched() -> u64 {
    WATCHED.load(Ordering::Relaxed)
}

#[inline(always)]
fn count(laps: u64) {
    if laps & (PROGRESS_STEP - 1) == 0 {
        WATCHED.fetch_add(PROGRESS_STEP, Ordering::Relaxed);
    }
}

/// What the detector concluded after a lap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No repetition yet: go on.
    Continue,
    /// The state repeated: the move never ends.
    Cycle,
    /// The budget is spent.
    Undecided,
}

/// Brent's cycle detector over an in-move state `S` (a small `Copy` array), which also compares
/// every state with the first it was given, its anchor.
///
/// The anchor finds the cycle of a state that is on it after one cycle, where Brent's saved state
/// needs the power of two past the cycle's length and the cycle again (about three times as many
/// laps): and the states of a move are on their cycle from the first lap watched, as a rule,
/// since a relay can be undone (a lap of fewer than 16 seeds ends just past the one empty hole
/// it left behind).
pub struct Brent<S> {
    anchor: S,
    saved: S,
    power: u64,
    since_saved: u64,
    laps: u64,
    budget: u64,
    length: u64,
}

impl<S: Copy + Eq> Brent<S> {
    /// Starts with the state before the first relay.
    #[inline]
    pub fn new(initial: S) -> Self {
        Self::with_budget(initial, LAP_BUDGET)
    }

    #[inline]
    /// A detector that gives up (undecided) after `budget` laps.
    pub fn with_budget(initial: S, budget: u64) -> Self {
        Brent {
            anchor: initial,
            saved: initial,
            power: 1,
            since_saved: 0,
            laps: 0,
            budget,
            length: 0,
        }
    }

    /// Feeds the state after one more lap.
    #[inline]
    pub fn observe(&mut self, state: &S) -> Verdict {
        self.laps += 1;
        self.since_saved += 1;
        count(self.laps);
        // Either is the first return of a state on the cycle: the cycle's length.
        if *state == self.saved {
            self.length = self.since_saved;
            return Verdict::Cycle;
        }
        if *state == self.anchor {
            self.length = self.laps;
            return Verdict::Cycle;
        }
        if self.laps >= self.budget {
            return Verdict::Undecided;
        }
        if self.since_saved == self.power {
            self.saved = *state;
            self.power <<= 1;
            self.since_saved = 0;
        }
        Verdict::Continue
    }

    /// How many of the next laps [`Brent::observe`] would only count, if their states are
    /// neither [`Brent::saved`] nor [`Brent::anchor`]: the laps before the next state saved, the
    /// budget's end or a step of [`laps_watched`]. A caller that compares the states itself in
    /// a tight loop hands such laps over with [`Brent::passed`].
    #[inline]
    pub fn quiet(&self) -> u64 {
        let to_save = self.power - self.since_saved - 1;
        let to_budget = self.budget.saturating_sub(self.laps + 1);
        let to_step = PROGRESS_STEP - 1 - (self.laps & (PROGRESS_STEP - 1));
        to_save.min(to_budget).min(to_step)
    }

    /// `laps` laps observed by the caller: at most [`Brent::quiet`], each of a state that was
    /// neither [`Brent::saved`] nor [`Brent::anchor`].
    #[inline]
    pub fn passed(&mut self, laps: u64) {
        debug_assert!(laps <= self.quiet());
        self.laps += laps;
        self.since_saved += laps;
    }

    /// The state saved, compared with every later one.
    #[inline]
    pub fn saved(&self) -> &S {
        &self.saved
    }

    /// The first state, compared with every later one.
    #[inline]
    pub fn anchor(&self) -> &S {
        &self.anchor
    }

    /// Laps observed so far.
    pub fn laps(&self) -> u64 {
        self.laps
    }

    /// The laps it may observe before it gives up.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// After [`Verdict::Cycle`]: the cycle's length, the laps from the state that came back (the
    /// saved one or the anchor, each on the cycle) to its return, the first since it was seen.
    pub fn cycle_length(&self) -> u64 {
        self.length
    }
}

/// A never-ending move's cycle: the state after lap `start` comes back after `length` more laps,
/// and `start` is the first lap whose state does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cycle {
    pub start: u64,
    pub length: u64,
}

/// The first `μ` such that the state after `μ` steps from `first` comes back `length` steps
/// later, `length` being the cycle's length that [`Brent`] found: Brent's second phase, one copy
/// `length` steps ahead of another, stepped together until they meet. `step` advances a state by
/// one lap; it is called `length + 2μ` times and allocates nothing.
pub fn cycle_start<S: Copy + Eq>(first: S, length: u64, mut step: impl FnMut(&mut S)) -> u64 {
    let mut behind = first;
    let mut ahead = first;
    for lap in 1..=length {
        step(&mut ahead);
        count(lap);
    }
    let mut start = 0;
    while behind != ahead {
        step(&mut behind);
        step(&mut ahead);
        start += 1;
        count(start);
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` from `x0` until the detector decides; returns the verdict and laps used.
    fn run(x0: u64, f: impl Fn(u64) -> Option<u64>, budget: u64) -> (Verdict, u64) {
        let mut brent = Brent::with_budget(x0, budget);
        let mut x = x0;
        loop {
            match f(x) {
                None => return (Verdict::Continue, brent.laps()),
                Some(next) => {
                    x = next;
                    let v = brent.observe(&x);
                    if v != Verdict::Continue {
                        return (v, brent.laps());
                    }
                }
            }
        }
    }

    #[test]
    fn finds_cycles_with_any_tail_and_length() {
        for mu in [0u64, 1, 2, 3, 7, 100, 1000] {
            for lam in [1u64, 2, 3, 5, 64, 1000] {
                // 0..mu is the tail, then mu..mu+lam repeats.
                let f = |x: u64| Some(if x + 1 < mu + lam { x + 1 } else { mu });
                let (v, laps) = run(0, f, 1 << 20);
                assert_eq!(v, Verdict::Cycle, "mu {mu} lam {lam}");
                let bound = 2 * mu.max(lam).next_power_of_two() + lam;
                assert!(laps <= bound, "mu {mu} lam {lam}: {laps} laps > {bound}");
            }
        }
    }

    /// Brent's length and the second phase's start are the cycle's, for every tail and length:
    /// the first lap whose state comes back, and how many laps later.
    #[test]
    fn measures_cycles_exactly() {
        for mu in [0u64, 1, 2, 3, 7, 100, 1000] {
            for lam in [1u64, 2, 3, 5, 64, 1000] {
                let f = |x: u64| if x + 1 < mu + lam { x + 1 } else { mu };
                let mut brent = Brent::new(0u64);
                let mut x = 0;
                loop {
                    x = f(x);
                    if brent.observe(&x) == Verdict::Cycle {
                        break;
                    }
                }
                let length = brent.cycle_length();
                assert_eq!(length, lam, "mu {mu} lam {lam}");
                assert_eq!(cycle_start(0u64, length, |x| *x = f(*x)), mu);
            }
        }
    }

    /// A caller that compares the states itself and hands Brent only the laps it must see
    /// ([`Brent::quiet`], [`Brent::passed`]) gets the verdict, the laps and the length that
    /// observing every lap gives.
    #[test]
    fn laps_handed_over_in_bulk_decide_alike() {
        for mu in [0u64, 1, 2, 3, 7, 100, 1000, 5000] {
            for lam in [1u64, 2, 3, 5, 64, 1000, 3000] {
                for budget in [50, 4000, 1 << 20] {
                    let f = |x: u64| if x + 1 < mu + lam { x + 1 } else { mu };
                    let mut each = Brent::with_budget(0u64, budget);
                    let mut x = 0;
                    let want = loop {
                        x = f(x);
                        let v = each.observe(&x);
                        if v != Verdict::Continue {
                            break (v, each.laps(), each.cycle_length());
                        }
                    };
                    let mut bulk = Brent::with_budget(0u64, budget);
                    let (mut x, mut passed) = (0, 0);
                    let got = loop {
                        x = f(x);
                        if passed < bulk.quiet() && x != *bulk.saved() && x != *bulk.anchor() {
                            passed += 1;
                            continue;
                        }
                        bulk.passed(passed);
                        passed = 0;
                        let v = bulk.observe(&x);
                        if v != Verdict::Continue {
                            break (v, bulk.laps(), bulk.cycle_length());
                        }
                    };
                    assert_eq!(got, want, "mu {mu} lam {lam} budget {budget}");
                }
            }
        }
    }

    /// The anchor finds a cycle through the first state after one cycle.
    #[test]
    fn a_cycle_through_the_first_state_is_found_after_one_cycle() {
        for lam in [1u64, 2, 3, 5, 64, 1000, 3000] {
            let f = |x: u64| (x + 1) % lam;
            let (v, laps) = run(0, |x| Some(f(x)), 1 << 20);
            assert_eq!((v, laps), (Verdict::Cycle, lam));
        }
    }

    #[test]
    fn ending_sequences_are_not_cycles() {
        let (v, _) = run(0, |x| if x < 500 { Some(x + 1) } else { None }, 1 << 20);
        assert_eq!(v, Verdict::Continue);
    }

    #[test]
    fn budget_gives_undecided() {
        let (v, laps) = run(0, |x| Some(x + 1), 1000);
        assert_eq!((v, laps), (Verdict::Undecided, 1000));
    }
}
