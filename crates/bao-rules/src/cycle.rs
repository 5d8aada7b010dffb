//! Exact detection of never-ending moves (KIN-A8, KETE-A7).
//!
//! Sowing is deterministic once the mover's decisions are made, so a move never ends exactly when
//! its in-move state (the board, the hole the next lap starts from, the direction, ...) repeats.
//! Brent's algorithm finds the repetition with one saved state and one comparison per lap: no
//! memory grows with the length of the move, and ordinary moves pay one copy of a small array at
//! laps 1, 2, 4, 8, ...
//!
//! Brent's method saves the state at laps 2^k and compares every later state with the saved one, so
//! a cycle of length λ entered after μ laps is found by lap `2^k + λ` where `2^k ≥ max(μ, λ)`. The
//! budget, [`LAP_BUDGET`] = 2^32 laps, therefore decides every move whose μ and λ are both below 2^31
//! (over two billion laps; the references ask for every cycle shorter than 10^9). Past the budget the
//! move is reported `undecided-move`, never legal and never illegal.
//!
//! Where a never-ending move is reported, its cycle is measured exactly with no more memory:
//! Brent's detection gives the cycle's length λ (the laps from the saved state back to it), and
//! [`cycle_start`] the lap μ where it starts, by sowing from the first state again with one copy
//! λ laps ahead ([`Cycle`]). Deciding and measuring cost at most `3·max(μ, λ) + 2λ + 2μ` laps.

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

/// Brent's cycle detector over an in-move state `S` (a small `Copy` array).
pub struct Brent<S> {
    saved: S,
    power: u64,
    since_saved: u64,
    laps: u64,
    budget: u64,
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
            saved: initial,
            power: 1,
            since_saved: 0,
            laps: 0,
            budget,
        }
    }

    /// Feeds the state after one more lap.
    #[inline]
    pub fn observe(&mut self, state: &S) -> Verdict {
        self.laps += 1;
        self.since_saved += 1;
        count(self.laps);
        if *state == self.saved {
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

    /// Laps observed so far.
    pub fn laps(&self) -> u64 {
        self.laps
    }

    /// After [`Verdict::Cycle`]: the cycle's length, the laps from the saved state back to it
    /// (the saved state is on the cycle, and the first return to it is exactly one cycle on).
    pub fn cycle_length(&self) -> u64 {
        self.since_saved
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
