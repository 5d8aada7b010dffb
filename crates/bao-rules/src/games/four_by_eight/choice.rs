//! Choosing among the moves (KETE-10, KETE-20, KETE-22): the candidates a position offers (a hole
//! and a direction, before the rules that choose among them), what sowing each shows, and which
//! of them the rules that narrow the choice leave legal. `nemo.rs` and `mtaji.rs` list the
//! candidates of each stage; `sowing.rs` sows them.

use std::marker::PhantomData;

use super::candidates::{Candidate, Candidates, Class};
use super::position::{Core, KUU, index_of, is_front, name, ring_of};
use super::sowing::{Played, Refusal, Safari, sow_move};
use super::variant::{Fixed, MustCapture, Rules};
use super::{CoreMove, Dir, mtaji, nemo};
use crate::game::{Rejection, RuleId};

// Each stage lists its own candidates.
impl Candidates {
    pub(super) fn of(pos: &Core, rules: &Rules) -> Candidates {
        let mut out = Candidates::new();
        if pos.in_nemo(pos.to_move) {
            nemo::candidates(pos, rules, &mut out);
        } else {
            mtaji::candidates(pos, &mut out);
        }
        out
    }
}

/// What sowing a candidate (stopping at a safari decision) showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// `taken`: the opponent's front holes the move (stopping at a decision) captured.
    Legal {
        decision: bool,
        taken: u8,
    },
    Illegal,
    Undecided,
}

/// Sows a candidate without events, stopping at a safari decision: legal exactly when some
/// completion of it is (stopping at the kuu always ends a move whose laps so far were legal).
pub(super) fn probe<F: Fixed>(pos: &Core, rules: &Rules, c: &Candidate) -> Verdict {
    verdict_of(&sow_probe::<F>(pos, rules, c))
}

/// The sowing of a [`probe`], for a judge that keeps it.
fn sow_probe<F: Fixed>(pos: &Core, rules: &Rules, c: &Candidate) -> Result<Played, Refusal> {
    sow_move::<F, _>(pos, rules, c.start, Safari::Probe, &mut ())
}

fn verdict_of(sown: &Result<Played, Refusal>) -> Verdict {
    match sown {
        Ok(played) => Verdict::Legal {
            decision: played.decision,
            taken: played.taken,
        },
        Err(Refusal::Undecided { .. }) => Verdict::Undecided,
        Err(_) => Verdict::Illegal,
    }
}

/// What a [`Judge`] keeps of the candidates it probes: nothing (`()`) to list or play moves;
/// their sowings ([`Kept`]) to list each move with the position it leads to (perft), where a
/// probe stopped at a safari decision is the move that stops at the kuu, and a move without a
/// decision the whole move.
pub(super) trait Keep {
    fn new() -> Self;
    fn put(&mut self, i: usize, played: &Played);
    fn get(&self, i: usize) -> Option<&Played>;
}

impl Keep for () {
    #[inline(always)]
    fn new() {}
    #[inline(always)]
    fn put(&mut self, _: usize, _: &Played) {}
    #[inline(always)]
    fn get(&self, _: usize) -> Option<&Played> {
        None
    }
}

/// The probed sowings, by candidate.
pub(super) struct Kept([Option<Played>; 32]);

impl Keep for Kept {
    fn new() -> Kept {
        Kept([None; 32])
    }
    fn put(&mut self, i: usize, played: &Played) {
        self.0[i] = Some(*played);
    }
    fn get(&self, i: usize) -> Option<&Played> {
        self.0[i].as_ref()
    }
}

/// Whether some candidate of a group is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Any {
    Yes,
    No,
    /// None is known legal and some are undecided.
    Unknown,
}

impl Any {
    /// The refusal of a move that the group, if it has a legal move, shuts out.
    fn shuts_out(self, rule: RuleId, reason: impl FnOnce() -> String) -> Result<(), Rejection> {
        match self {
            Any::Yes => Err(Rejection::illegal(rule, reason())),
            Any::Unknown => Err(Rejection::Undecided { laps: 0 }),
            Any::No => Ok(()),
        }
    }
}

/// The groups of candidates whose legality decides whether other moves may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Group {
    /// Every capture (KETE-10).
    Captures,
    /// The captures whose first capture takes the reserved hole (KETE-22).
    TakingReserved,
    /// The takatas from the kuu (KETE-20).
    KuuTakatas,
}

/// The candidates of a position with their verdicts, each computed only when needed and then
/// kept: playing one move needs little of it, listing every move all of it.
pub(super) struct Judge<'a, F: Fixed, K: Keep = ()> {
    pos: &'a Core,
    rules: &'a Rules,
    kept: K,
    cands: Option<Candidates>,
    verdicts: [Option<Verdict>; 32],
    groups: [Option<Any>; 3],
    /// ZAN-A13 `any`: whether some legal capture takes the reserved hole.
    taking: Option<Any>,
    /// KETE-22: the opponent's reserved hole the mover must capture (ring position).
    pub(super) obligation: Option<u8>,
    /// KETE-20: the mover still has his kuu in mtaji.
    pub(super) kuu_first: bool,
    fixed: PhantomData<F>,
}

impl<'a, F: Fixed> Judge<'a, F> {
    pub(super) fn new(pos: &'a Core, rules: &'a Rules) -> Judge<'a, F> {
        Judge::keeping(pos, rules)
    }
}

impl<'a, F: Fixed, K: Keep> Judge<'a, F, K> {
    /// A judge that keeps what `K` keeps.
    pub(super) fn keeping(pos: &'a Core, rules: &'a Rules) -> Judge<'a, F, K> {
        let side = pos.to_move;
        let obligation = match pos.hizi() {
            Some((h, by)) if by == side && rules.must_capture != MustCapture::No => {
                Some(ring_of(h).1)
            }
            _ => None,
        };
        Judge {
            pos,
            rules,
            kept: K::new(),
            cands: None,
            verdicts: [None; 32],
            groups: [None; 3],
            taking: None,
            obligation,
            kuu_first: F::rules(rules).variant.first_takata_from_house
                && !pos.in_nemo(side)
                && pos.kuu[side.index()],
            fixed: PhantomData,
        }
    }

    fn cands(&mut self) -> &Candidates {
        self.cands
            .get_or_insert_with(|| Candidates::of(self.pos, self.rules))
    }

    fn verdict(&mut self, i: usize) -> Verdict {
        if let Some(v) = self.verdicts[i] {
            return v;
        }
        let c = self.cands().items[i];
        let sown = sow_probe::<F>(self.pos, self.rules, &c);
        self.judged(i, &sown)
    }

    /// Candidate `i`'s probe, kept, and its verdict.
    fn judged(&mut self, i: usize, sown: &Result<Played, Refusal>) -> Verdict {
        if let Ok(played) = sown {
            self.kept.put(i, played);
        }
        let v = verdict_of(sown);
        self.verdicts[i] = Some(v);
        v
    }

    fn in_group(&self, c: &Candidate, group: Group) -> bool {
        match (group, c.class) {
            (Group::Captures, Class::Capture { .. }) => true,
            (Group::TakingReserved, Class::Capture { first }) => Some(first) == self.obligation,
            (Group::KuuTakatas, Class::Takata { eligible }) => eligible && c.r == KUU,
            _ => false,
        }
    }

    /// Whether some candidate of `group` is legal.
    pub(super) fn any(&mut self, group: Group) -> Any {
        if let Some(any) = self.groups[group as usize] {
            return any;
        }
        // Most positions have no capture at all: say so without listing the candidates.
        let none = group == Group::Captures
            && !(if self.pos.in_nemo(self.pos.to_move) {
                nemo::any_capture(self.pos)
            } else {
                mtaji::any_capture(self.pos)
            });
        let any = if none {
            Any::No
        } else {
            self.first_legal(|judge, c| judge.in_group(c, group))
        };
        self.groups[group as usize] = Some(any);
        any
    }

    /// Whether the rules that choose among the moves allow `c`, whatever its own sowing shows.
    /// Precedence: KETE-22, KETE-10, KETE-15/KETE-19, KETE-20.
    pub(super) fn allowed(&mut self, c: &Candidate) -> Result<(), Rejection> {
        let side = self.pos.to_move;
        let v = self.rules.variant;
        match c.class {
            Class::Capture { first } => {
                if let Some(h) = self.obligation
                    && self.rules.must_capture == MustCapture::First
                    && first != h
                {
                    self.any(Group::TakingReserved)
                        .shuts_out(v.ids.obligation, || {
                            format!(
                                "{side} reserved {} by {} and must capture it: only captures whose \
                             first capture takes it are legal",
                                name(side.opponent(), h),
                                v.words.hizi
                            )
                        })?;
                }
            }
            Class::Takata { eligible } => {
                self.any(Group::Captures).shuts_out(v.ids.compulsory, || {
                    "captures are compulsory: this move captures nothing and a capture move is \
                     legal"
                        .to_string()
                })?;
                if !eligible {
                    return Err(self.ineligible(c));
                }
                if self.kuu_first && c.r != KUU {
                    self.any(Group::KuuTakatas).shuts_out("KETE-20", || {
                        format!(
                            "{side} still has his kuu: his first mtaji takata must start from it \
                             ({})",
                            name(side, KUU)
                        )
                    })?;
                }
            }
        }
        Ok(())
    }

    /// Why a takata may not start from the candidate's hole.
    fn ineligible(&self, c: &Candidate) -> Rejection {
        let side = self.pos.to_move;
        let hole = name(side, c.r);
        let (ids, w) = (&self.rules.variant.ids, &self.rules.variant.words);
        let (kuu, nemo, takata) = (w.kuu, w.nemo, w.takata);
        if self.pos.in_nemo(side) {
            // Only the kuu (functional house) is refused for what it is; any other hole for
            // being a singleton.
            if c.r == KUU
                && self.pos.kuu[side.index()]
                && self.pos.rings[side.index()][KUU as usize] >= 6
            {
                Rejection::illegal(
                    ids.nemo_takata,
                    format!(
                        "{hole} is {side}'s {kuu}: a {nemo} {takata} may start from the {kuu} only \
                         when it is his only occupied front hole"
                    ),
                )
            } else {
                Rejection::illegal(
                    ids.nemo_takata,
                    format!(
                        "{hole} is a singleton: without a {kuu}, a {nemo} {takata} starts from a \
                         hole with two or more unless every occupied front hole is a singleton"
                    ),
                )
            }
        } else {
            Rejection::illegal(
                ids.mtaji_takata,
                format!(
                    "{hole} is a back hole: a mtaji {takata} starts from the back row only when \
                     every occupied front hole is a singleton"
                ),
            )
        }
    }

    /// Each legal move in canonical order, handed to `found` with its sowing where the judge has
    /// it (a move going on to safari always; any other when `K` keeps the probes); the count of
    /// candidates left out as undecided.
    pub(super) fn legal_each(&mut self, mut found: impl FnMut(CoreMove, Option<&Played>)) -> u32 {
        let side = self.pos.to_move;
        let mut undecided = 0;
        let len = self.cands().len;
        for i in 0..len {
            let c = self.cands().items[i];
            if c.class == (Class::Takata { eligible: false }) {
                continue;
            }
            match self.allowed(&c) {
                Ok(()) => {}
                Err(Rejection::Undecided { .. }) => {
                    undecided += 1;
                    continue;
                }
                Err(Rejection::Illegal { .. } | Rejection::TooLong { .. }) => continue,
            }
            let hole = index_of(side, c.r);
            let mv = |safari| CoreMove {
                hole,
                dir: c.dir,
                safari,
            };
            match self.verdict(i) {
                Verdict::Legal { decision, taken } => {
                    match self.allowed_completion(&c, taken) {
                        Ok(()) => found(mv(decision.then_some(false)), self.kept.get(i)),
                        Err(Rejection::Undecided { .. }) => undecided += 1,
                        Err(Rejection::Illegal { .. } | Rejection::TooLong { .. }) => {}
                    }
                    if decision {
                        match sow_move::<F, _>(self.pos, self.rules, c.start, Safari::Go, &mut ()) {
                            Ok(played) => match self.allowed_completion(&c, played.taken) {
                                Ok(()) => found(mv(Some(true)), Some(&played)),
                                Err(Rejection::Undecided { .. }) => undecided += 1,
                                Err(Rejection::Illegal { .. } | Rejection::TooLong { .. }) => {}
                            },
                            Err(Refusal::Undecided { .. }) => undecided += 1,
                            Err(_) => {}
                        }
                    }
                }
                Verdict::Illegal => {}
                Verdict::Undecided => undecided += 1,
            }
        }
        undecided
    }

    /// ZAN-A13 `any`: whether a capture move that took the opponent's holes `taken` meets the
    /// obligation to capture the takasia-ed hole; it lapses when no legal capture takes it.
    #[inline]
    pub(super) fn allowed_completion(&mut self, c: &Candidate, taken: u8) -> Result<(), Rejection> {
        let Some(h) = self.obligation else {
            return Ok(());
        };
        self.obligation_any(c, taken, h)
    }

    #[cold]
    #[inline(never)]
    fn obligation_any(&mut self, c: &Candidate, taken: u8, h: u8) -> Result<(), Rejection> {
        if self.rules.must_capture != MustCapture::Any
            || !matches!(c.class, Class::Capture { .. })
            || taken & (1 << h) != 0
        {
            return Ok(());
        }
        let side = self.pos.to_move;
        let v = self.rules.variant;
        self.any_taking(h).shuts_out(v.ids.obligation, || {
            format!(
                "{side} reserved {} by {} and must capture it: only moves that capture it are \
                 legal",
                name(side.opponent(), h),
                v.words.hizi
            )
        })
    }

    /// Whether some legal capture move (either completion of a decision) captures ring
    /// position `h` of the opponent at any lap.
    fn any_taking(&mut self, h: u8) -> Any {
        if let Some(any) = self.taking {
            return any;
        }
        let mut any = Any::No;
        let len = self.cands().len;
        for i in 0..len {
            let c = self.cands().items[i];
            if !matches!(c.class, Class::Capture { .. }) {
                continue;
            }
            match self.verdict(i) {
                Verdict::Legal { taken, .. } if taken & (1 << h) != 0 => {
                    any = Any::Yes;
                    break;
                }
                Verdict::Legal { decision: true, .. } => {
                    match sow_move::<F, _>(self.pos, self.rules, c.start, Safari::Go, &mut ()) {
                        Ok(played) if played.taken & (1 << h) != 0 => {
                            any = Any::Yes;
                            break;
                        }
                        Err(Refusal::Undecided { .. }) => any = Any::Unknown,
                        _ => {}
                    }
                }
                Verdict::Undecided => any = Any::Unknown,
                Verdict::Legal { .. } | Verdict::Illegal => {}
            }
        }
        self.taking = Some(any);
        any
    }

    /// KETE-24: whether the mover has a legal move. Each rule that narrows the choice lapses
    /// when nothing it allows is legal, so some candidate being legal is enough.
    pub(super) fn has_move(&mut self) -> Any {
        self.first_legal(|_, c| c.class != Class::Takata { eligible: false })
    }

    /// Whether some picked candidate is legal. A long relay (a move that may never end) is only
    /// followed to its end when no other picked candidate is known legal after [`QUICK_LAPS`].
    fn first_legal(&mut self, pick: impl Fn(&Self, &Candidate) -> bool) -> Any {
        let quick = Rules {
            lap_budget: QUICK_LAPS.min(self.rules.lap_budget),
            ..*self.rules
        };
        let mut long = 0u32;
        let len = self.cands().len;
        for i in 0..len {
            let c = self.cands().items[i];
            if !pick(self, &c) {
                continue;
            }
            let v = match self.verdicts[i] {
                Some(v) => v,
                None => {
                    let sown = sow_probe::<F>(self.pos, &quick, &c);
                    // A repetition or a broken rule is final whatever the budget.
                    if verdict_of(&sown) == Verdict::Undecided {
                        long |= 1 << i;
                        continue;
                    }
                    self.judged(i, &sown)
                }
            };
            match v {
                Verdict::Legal { .. } => return Any::Yes,
                Verdict::Undecided => long |= 1 << i,
                Verdict::Illegal => {}
            }
        }
        let mut any = Any::No;
        while long != 0 {
            let i = long.trailing_zeros() as usize;
            long &= long - 1;
            match self.verdict(i) {
                Verdict::Legal { .. } => return Any::Yes,
                Verdict::Undecided => any = Any::Unknown,
                Verdict::Illegal => {}
            }
        }
        any
    }
}

/// Laps a candidate is followed before the others are tried (see [`Judge::first_legal`]).
const QUICK_LAPS: u64 = 1 << 12;

/// The move at ring position `r`, direction `dir`, if the position offers one at all.
pub(super) fn candidate(pos: &Core, rules: &Rules, r: u8, dir: Dir) -> Option<Candidate> {
    if pos.in_nemo(pos.to_move) {
        nemo::candidate(pos, rules, r, dir)
    } else {
        mtaji::candidate(pos, r, dir)
    }
}

/// Why no move starts from ring position `r` in direction `dir` at all.
pub(super) fn not_a_move(pos: &Core, rules: &Rules, r: u8, dir: Dir) -> Rejection {
    let (ids, w) = (&rules.variant.ids, &rules.variant.words);
    let (nemo, reserve) = (w.nemo, w.reserve);
    let side = pos.to_move;
    let ring = &pos.rings[side.index()];
    let hole = name(side, r);
    if pos.in_nemo(side) {
        let rule = if nemo::any_capture(pos) {
            ids.nemo_capture
        } else {
            ids.nemo_takata
        };
        if !is_front(r) {
            return Rejection::illegal(
                rule,
                format!(
                    "{side} is in {nemo}: his move puts a {reserve} seed into an occupied front \
                     hole, and {hole} is a back hole"
                ),
            );
        }
        if ring[r as usize] == 0 {
            return Rejection::illegal(
                rule,
                format!(
                    "{hole} is empty: in {nemo} the {reserve} seed goes into an occupied front hole"
                ),
            );
        }
        let forced = if dir == Dir::Left { '>' } else { '<' };
        let kichwa = if dir == Dir::Left { 0 } else { 7 };
        return Rejection::illegal(
            ids.kichwa,
            format!(
                "{hole} captures from a kimbi: the captured seeds start in {} and the direction \
                 is `{forced}`",
                name(side, kichwa)
            ),
        );
    }
    if pos.hizi.is_some_and(|h| ring_of(h) == (side, r)) {
        return Rejection::illegal(
            ids.reserved,
            format!(
                "{hole} is reserved by {}: {side} may not start a move from it",
                w.hizi
            ),
        );
    }
    Rejection::illegal(
        ids.mtaji_capture,
        format!(
            "{hole} holds {} seed(s): a mtaji move starts from a hole with at least two",
            ring[r as usize]
        ),
    )
}
