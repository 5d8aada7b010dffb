//! Which rulings fit a game (`check --infer-rulings`): the record replayed under every combination
//! of its ruleset's ruling values, and the combinations under which it is valid.
//!
//! A *combination* gives every ruling of the ruleset one of its values. The record's own
//! `rulings:` and `preset:` and the command line's `--ruling` / `--preset` play no part in the
//! search: every value of every ruling is tried, and the combination the record declares is then
//! looked up among the results ([`Inference::declared`]). A preset *is* one combination: the values
//! it sets, the defaults for the rest (as `preset:` replays it); a combination names the presets
//! equal to it.
//!
//! A ruleset with at most [`EXACT`] combinations (Bao la Kete 8, Bao Kingulu 2, Bao la Kimasai 1)
//! is replayed combination by combination, as `check` replays a record. Bao la Kiswahili has
//! 62,208, too many to replay one by one. The replay keeps them in *classes*, combinations that
//! have led to the same position, end and claims at every ply so far, and plays each class's move
//! once per member it must tell apart:
//!
//! - a class of at most [`EXACT`] combinations plays the move under each member and splits by
//!   what it did;
//! - a larger class plays it under its *representative* (its first member in the rulings' order,
//!   defaults first), under each combination that changes one ruling of the representative, and
//!   under each preset and the declared combination among its members. When one of them differs,
//!   the class is split on that ruling and each part is looked at again. A move whose outcome
//!   changes only when two rulings both leave the representative's values is not seen by this
//!   test; the representatives, the presets and the declared combination are always replayed
//!   exactly (`tests/it/infer.rs` holds sampled combinations to `check`'s verdict).
//!
//! A class that plays every move is consistent when none of its moves made a false claim and the
//! record's `result:` claim (if any) is how its game stands: `check`'s verdict.
//!
//! The work is bounded: the class replay plays at most [`BUDGET`] moves per game (and a few more
//! to finish a split); a game that needs more is reported with the combinations still undecided
//! ([`Inference::exhausted_at`]). The replay combination by combination costs at most [`EXACT`]
//! times `check`'s own replay.

use std::collections::HashMap;

use crate::check::replay::{self, ReplayOptions};
use crate::diagnostics::Finding;
use crate::input::record::{Field, Record};
use bao_rules::game::{Game, GameEnd, Notation, ResultClaim};
use bao_rules::play::Playthrough;
use bao_rules::rulings::{RulingDef, RulingSet};
use bao_rules::with_game;

/// Classes of at most this many combinations are told apart member by member.
pub const EXACT: usize = 16;
/// The moves the inference may play for one game, over all its combinations.
pub const BUDGET: u64 = 100_000;
/// The consistent combinations listed ([`Inference::listed`]) at most.
pub const LISTED: usize = 64;

/// One full assignment of a ruleset's rulings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combination {
    /// Every ruling of the ruleset with its value, in the ruleset's order.
    pub rulings: Vec<(&'static str, &'static str)>,
    /// The presets equal to it.
    pub presets: Vec<&'static str>,
}

impl Combination {
    /// The rulings whose value is not the default, as `name=value`.
    pub fn non_default(&self, defs: &[RulingDef]) -> Vec<String> {
        self.rulings
            .iter()
            .zip(defs)
            .filter(|((_, value), def)| *value != def.default)
            .map(|((name, value), _)| format!("{name}={value}"))
            .collect()
    }
}

/// The combination whose replay goes furthest, for a game valid under none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Furthest {
    pub combination: Combination,
    /// The moves replayed and found legal under it.
    pub plies: u32,
    /// The combinations that replay as far.
    pub reaching: u64,
    /// What `check` finds first under it.
    pub finding: Option<Finding>,
}

/// What the inference found for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inference {
    /// The ruleset's rulings, in order.
    pub defs: &'static [RulingDef],
    /// Every combination of their values.
    pub combinations: u64,
    /// The combinations under which the record is valid.
    pub consistent: u64,
    /// At most [`LISTED`] of them, in the rulings' order: every consistent preset and the declared
    /// combination if consistent, then the first others.
    pub listed: Vec<Combination>,
    /// The presets among the consistent combinations, in the ruleset's order.
    pub presets: Vec<&'static str>,
    /// When the consistent combinations are all the combinations of some values per ruling: for
    /// each ruling not free to take any value, the values it may take.
    pub product: Option<Vec<(&'static str, Vec<&'static str>)>>,
    /// For a game consistent with none.
    pub furthest: Option<Furthest>,
    /// The combination the record plays (its `rulings:` and `preset:` with the command line's),
    /// and whether it is consistent; `None` when those do not make one.
    pub declared: Option<(Combination, bool)>,
    /// Combinations left undecided when the budget ran out.
    pub undecided: u64,
    pub moves_played: u64,
    /// The moves it could play.
    pub budget: u64,
    /// The ply at which the budget ran out.
    pub exhausted_at: Option<u32>,
    /// Every consistent combination, one bit each.
    consistent_bits: Vec<u64>,
}

impl Inference {
    /// Whether the record is valid under `set` (the defaults where it says nothing), as far as
    /// the inference decided.
    pub fn consistent_with(&self, set: &RulingSet) -> bool {
        Space::new(self.defs)
            .of_set(set)
            .is_some_and(|c| self.consistent_bits[c as usize / 64] >> (c % 64) & 1 == 1)
    }
}

/// A ruling value a game rules out: no combination it is valid under has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuledOut {
    pub ruling: &'static str,
    pub value: &'static str,
    /// What `check` finds first when the game is replayed under a combination it is valid under
    /// (the declared one, else the nearest the defaults) with this one value changed: the ply
    /// and rule that rule the value out. `None` if that replay finds nothing (the inference's
    /// class replay is not exact for a change of two rulings, see the module's documentation).
    pub finding: Option<Finding>,
}

impl Inference {
    /// For a game valid under some combination and decided within the budget: every value of
    /// every ruling that no such combination has, each with the ply that rules it out.
    pub fn ruled_out(&self, record: &Record) -> Vec<RuledOut> {
        let space = Space::new(self.defs);
        if self.consistent == 0 || self.exhausted_at.is_some() {
            return Vec::new();
        }
        let consistent: Vec<u32> = (0..space.total)
            .filter(|&c| self.consistent_bits[c as usize / 64] >> (c % 64) & 1 == 1)
            .collect();
        // The base: the declared combination if the game is valid under it, else the one with
        // the fewest rulings off their defaults.
        let off_default = |c: u32| {
            (0..self.defs.len())
                .filter(|&r| self.defs[r].values[space.digit(c, r)] != self.defs[r].default)
                .count()
        };
        let declared = self
            .declared
            .as_ref()
            .filter(|(_, ok)| *ok)
            .and_then(|(c, _)| {
                let set = RulingSet::from_pairs(c.rulings.iter().copied()).ok()?;
                space.of_set(&set)
            });
        let Some(base) =
            declared.or_else(|| consistent.iter().copied().min_by_key(|&c| off_default(c)))
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (r, def) in self.defs.iter().enumerate() {
            for (v, value) in def.values.iter().enumerate() {
                if consistent.iter().any(|&c| space.digit(c, r) == v) {
                    continue;
                }
                let under = record_under(&space, record, space.with_digit(base, r, v));
                let finding = replay::replay(&under, &plain()).findings.into_iter().next();
                out.push(RuledOut {
                    ruling: def.name,
                    value,
                    finding,
                });
            }
        }
        out
    }
}

/// Infers the rulings `record` is consistent with. `options` only say which combination the
/// record declares.
pub fn infer(record: &Record, options: &ReplayOptions) -> Inference {
    infer_within(record, options, BUDGET)
}

/// [`infer`] with a budget of `budget` moves played instead of [`BUDGET`].
pub fn infer_within(record: &Record, options: &ReplayOptions, budget: u64) -> Inference {
    with_game!(record.ruleset.value, G => infer_game::<G>(record, options, budget))
}

/// The combinations of a ruleset, numbered in mixed radix: the first ruling is the most
/// significant digit, a digit is the index of the value in the ruling's list.
struct Space {
    defs: &'static [RulingDef],
    total: u32,
    /// The place value of each ruling's digit.
    strides: Vec<u32>,
}

impl Space {
    fn new(defs: &'static [RulingDef]) -> Space {
        let radix = |d: &RulingDef| d.values.len().max(1) as u32;
        let strides = (0..defs.len())
            .map(|r| defs[r + 1..].iter().map(radix).product())
            .collect();
        Space {
            defs,
            total: defs.iter().map(radix).product(),
            strides,
        }
    }

    fn digit(&self, combo: u32, ruling: usize) -> usize {
        ((combo / self.strides[ruling]) % self.defs[ruling].values.len().max(1) as u32) as usize
    }

    fn with_digit(&self, combo: u32, ruling: usize, value: usize) -> u32 {
        let stride = self.strides[ruling];
        combo - self.digit(combo, ruling) as u32 * stride + value as u32 * stride
    }

    /// The combination of a ruling set (the defaults where it says nothing).
    fn of_set(&self, set: &RulingSet) -> Option<u32> {
        let mut combo = 0;
        for (i, def) in self.defs.iter().enumerate() {
            let value = def.values.iter().position(|&v| v == set.value(def))?;
            combo = self.with_digit(combo, i, value);
        }
        Some(combo)
    }

    fn pairs(&self, combo: u32) -> Vec<(&'static str, &'static str)> {
        (0..self.defs.len())
            .map(|i| (self.defs[i].name, self.defs[i].values[self.digit(combo, i)]))
            .collect()
    }

    fn set(&self, combo: u32) -> RulingSet {
        RulingSet::from_pairs(self.pairs(combo)).expect("one value per ruling")
    }
}

/// How the inference replays a record: as `check` does, without looking for repairs.
fn plain() -> ReplayOptions {
    ReplayOptions {
        repair_window: 0,
        ..ReplayOptions::default()
    }
}

/// The record as it would be written to play `combo`: its `rulings:` say every value, no preset.
fn record_under(space: &Space, record: &Record, combo: u32) -> Record {
    let span = record.ruleset.span;
    let field = |value: &str| Field {
        value: value.to_string(),
        span,
    };
    let mut under = record.clone();
    under.preset = None;
    under.rulings = space
        .pairs(combo)
        .into_iter()
        .map(|(name, value)| (field(name), field(value)))
        .collect();
    under
}

/// What a move (or the setup, ply 0) did under one combination.
#[derive(Clone)]
enum Outcome<P> {
    Played {
        position: P,
        end: Option<GameEnd>,
        claims: Vec<String>,
    },
    Refused,
}

impl<P: PartialEq> PartialEq for Outcome<P> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (
                Outcome::Played {
                    position,
                    end,
                    claims,
                },
                Outcome::Played {
                    position: p,
                    end: e,
                    claims: c,
                },
            ) => end == e && claims == c && position == p,
            (Outcome::Refused, Outcome::Refused) => true,
            _ => false,
        }
    }
}

/// Combinations that played a move alike, with what it did.
type Parts<P> = Vec<(Vec<u32>, Outcome<P>)>;

/// Combinations that have played alike so far.
struct Class<P> {
    /// Sorted.
    members: Vec<u32>,
    position: P,
    /// The positions before it, oldest first (repetition rules count them).
    history: Vec<P>,
    end: Option<GameEnd>,
    /// No false claim so far.
    clean: bool,
}

/// Whether a class that played every move ends the record as `check` wants: no false claim, and
/// the `result:` claim true.
fn valid_end<P>(record: &Record, class: &Class<P>) -> bool {
    class.clean
        && match record.result.as_ref().map(|r| r.value) {
            None => true,
            Some(ResultClaim::Unfinished) => class.end.is_none(),
            Some(ResultClaim::Over(outcome)) => class.end.is_some_and(|e| e.outcome == outcome),
        }
}

/// Combinations whose replay stopped (a refused move, a move after the end), or whose record
/// replayed to its end (`plies` = all its moves).
struct Stopped {
    members: Vec<u32>,
    plies: u32,
}

struct Search<'a, G: Game> {
    space: Space,
    record: &'a Record,
    notation: Notation,
    rulings: HashMap<u32, Option<G::Rulings>>,
    /// Presets' and the declared combination: always played exactly.
    special: Vec<u32>,
    moves_played: u64,
    budget: u64,
}

impl<G: Game> Search<'_, G> {
    fn rulings(&mut self, combo: u32) -> Option<G::Rulings> {
        let space = &self.space;
        self.rulings
            .entry(combo)
            .or_insert_with(|| G::rulings(&space.set(combo)).ok())
            .clone()
    }

    /// Ply 0: the start position under `combo` (`start:` and `first:` read as `check` reads them).
    fn setup(&mut self, combo: u32) -> Outcome<G::Position> {
        self.moves_played += 1;
        let under = record_under(&self.space, self.record, combo);
        match replay::replay_to::<G>(&under, &plain(), 1) {
            Ok((_, game)) => Outcome::Played {
                end: game.end(),
                position: game.into_parts().0,
                claims: Vec::new(),
            },
            Err(_) => Outcome::Refused,
        }
    }

    /// Ply `ply` (from 1) under `combo`, from `class`'s position.
    fn play(&mut self, class: &Class<G::Position>, ply: u32, combo: u32) -> Outcome<G::Position> {
        // Rebuilding the game from its history costs about a move per 256 positions.
        self.moves_played += 1 + class.history.len() as u64 / 256;
        if class.end.is_some() {
            return Outcome::Refused; // a move after the end
        }
        let Some(rulings) = self.rulings(combo) else {
            return Outcome::Refused;
        };
        // The record's notation, checked when the record was set up.
        let Ok(mut game) =
            Playthrough::<G>::with_history(class.position.clone(), rulings, &class.history)
                .in_notation(self.notation)
        else {
            return Outcome::Refused;
        };
        let text = &self.record.moves[ply as usize - 1].value;
        let mut events = Vec::new();
        match game.play_text_into(text, &mut events) {
            Ok(played) => Outcome::Played {
                end: game.end(),
                position: game.into_parts().0,
                claims: played.false_claims.into_iter().map(|c| c.message).collect(),
            },
            Err(_) => Outcome::Refused,
        }
    }

    /// Splits `members` into parts that play ply `ply` alike, each with its outcome; and the
    /// members left undecided when the budget runs out.
    fn split(
        &mut self,
        class: Option<&Class<G::Position>>,
        ply: u32,
        members: Vec<u32>,
    ) -> (Parts<G::Position>, Vec<u32>) {
        let mut known: HashMap<u32, Outcome<G::Position>> = HashMap::new();
        let mut outcome = |search: &mut Self, combo: u32| -> Outcome<G::Position> {
            known
                .entry(combo)
                .or_insert_with(|| match class {
                    None => search.setup(combo),
                    Some(class) => search.play(class, ply, combo),
                })
                .clone()
        };
        let mut parts: Parts<G::Position> = Vec::new();
        let mut work = vec![members];
        while let Some(members) = work.pop() {
            if self.moves_played >= self.budget {
                work.push(members);
                let mut undecided: Vec<u32> = work.into_iter().flatten().collect();
                undecided.extend(parts.into_iter().flat_map(|(m, _)| m));
                undecided.sort_unstable();
                return (Vec::new(), undecided);
            }
            let rep = members[0];
            let at_rep = outcome(self, rep);
            if members.len() <= EXACT {
                for &combo in &members {
                    let o = outcome(self, combo);
                    push_alike(&mut parts, vec![combo], o);
                }
                continue;
            }
            // A ruling whose single change from the representative changes the outcome: its
            // values grouped by what they did.
            let mut cut: Option<(usize, Vec<usize>)> = None;
            'rulings: for r in 0..self.space.defs.len() {
                let values = self.space.defs[r].values.len();
                let mine = self.space.digit(rep, r);
                for v in (0..values).filter(|&v| v != mine) {
                    let flip = self.space.with_digit(rep, r, v);
                    if members.binary_search(&flip).is_ok() && outcome(self, flip) != at_rep {
                        // Group each value with the first value that played alike.
                        let mut seen: Vec<(usize, Option<Outcome<G::Position>>)> = Vec::new();
                        let mut group = vec![0; values];
                        for (w, slot) in group.iter_mut().enumerate() {
                            let combo = self.space.with_digit(rep, r, w);
                            let o = (members.binary_search(&combo).is_ok())
                                .then(|| outcome(self, combo));
                            *slot = match seen.iter().find(|(_, s)| o.is_some() && *s == o) {
                                Some(&(g, _)) => g,
                                None => {
                                    seen.push((w, o));
                                    w
                                }
                            };
                        }
                        cut = Some((r, group));
                        break 'rulings;
                    }
                }
            }
            if cut.is_none() {
                let special = self.special.clone();
                for s in special {
                    if s != rep && members.binary_search(&s).is_ok() && outcome(self, s) != at_rep {
                        let r = (0..self.space.defs.len())
                            .find(|&r| self.space.digit(s, r) != self.space.digit(rep, r))
                            .expect("two combinations differ in some ruling");
                        cut = Some((r, (0..self.space.defs[r].values.len()).collect()));
                        break;
                    }
                }
            }
            match cut {
                None => push_alike(&mut parts, members, at_rep),
                Some((r, group)) => {
                    let mut by_group: Vec<Vec<u32>> = vec![Vec::new(); group.len()];
                    for combo in members {
                        by_group[group[self.space.digit(combo, r)]].push(combo);
                    }
                    work.extend(by_group.into_iter().filter(|g| !g.is_empty()));
                }
            }
        }
        (parts, Vec::new())
    }
}

impl<G: Game> Search<'_, G> {
    /// The replay in classes: the classes that played every move. Classes that stopped go to
    /// `stopped`; when the budget runs out, the rest go to `undecided`, with the ply.
    fn classes(
        &mut self,
        stopped: &mut Vec<Stopped>,
        undecided: &mut Vec<u32>,
        exhausted_at: &mut Option<u32>,
    ) -> Vec<Class<G::Position>> {
        let everyone: Vec<u32> = (0..self.space.total).collect();
        let (parts, left) = self.split(None, 0, everyone);
        if !left.is_empty() {
            *exhausted_at = Some(0);
            undecided.extend(left);
        }
        let mut active: Vec<Class<G::Position>> = Vec::new();
        for (members, outcome) in parts {
            match outcome {
                Outcome::Played { position, end, .. } => active.push(Class {
                    members,
                    position,
                    history: Vec::new(),
                    end,
                    clean: true,
                }),
                Outcome::Refused => stopped.push(Stopped { members, plies: 0 }),
            }
        }
        for ply in 1..=self.record.moves.len() as u32 {
            let mut next = Vec::new();
            for class in std::mem::take(&mut active) {
                if exhausted_at.is_some() {
                    undecided.extend(class.members);
                    continue;
                }
                let (parts, left) = self.split(Some(&class), ply, class.members.clone());
                if !left.is_empty() {
                    *exhausted_at = Some(ply);
                    undecided.extend(left);
                }
                for (members, outcome) in parts {
                    match outcome {
                        Outcome::Played {
                            position,
                            end,
                            claims,
                        } => {
                            // Only positions a repetition rule counts need keeping.
                            let mut history = class.history.clone();
                            if G::repetition_key(&class.position).is_some() {
                                history.push(class.position.clone());
                            }
                            next.push(Class {
                                members,
                                position,
                                history,
                                end,
                                clean: class.clean && claims.is_empty(),
                            });
                        }
                        Outcome::Refused => stopped.push(Stopped {
                            members,
                            plies: ply - 1,
                        }),
                    }
                }
            }
            active = next;
        }
        undecided.sort_unstable();
        active
    }
}

/// Adds `members` to the part that played like them, or as a new part.
fn push_alike<P: PartialEq>(parts: &mut Parts<P>, members: Vec<u32>, outcome: Outcome<P>) {
    match parts.iter_mut().find(|(_, o)| *o == outcome) {
        Some((part, _)) => {
            part.extend(members);
            part.sort_unstable();
        }
        None => parts.push((members, outcome)),
    }
}

fn infer_game<G: Game>(record: &Record, options: &ReplayOptions, budget: u64) -> Inference {
    let space = Space::new(G::RULINGS);
    let preset_combos: Vec<(&'static str, u32)> = G::PRESETS
        .iter()
        .filter_map(|p| Some((p.name, space.of_set(&RulingSet::new().over(p))?)))
        .collect();
    let declared = replay::replay_to::<G>(record, options, 1)
        .ok()
        .and_then(|(set, _)| space.of_set(&set));
    let mut special: Vec<u32> = preset_combos.iter().map(|&(_, c)| c).collect();
    special.extend(declared);
    special.sort_unstable();
    special.dedup();
    let mut search = Search::<G> {
        notation: record
            .notation
            .as_ref()
            .map_or(Notation::Canonical, |n| n.value),
        space,
        record,
        rulings: HashMap::new(),
        special,
        moves_played: 0,
        budget,
    };
    let mut stopped: Vec<Stopped> = Vec::new();
    let mut consistent: Vec<u32> = Vec::new();
    let mut undecided: Vec<u32> = Vec::new();
    let mut exhausted_at = None;
    if search.space.total as usize <= EXACT {
        // Few combinations: each replayed as `check` replays it, in time linear in the record.
        for combo in 0..search.space.total {
            let replayed = replay::replay(&record_under(&search.space, record, combo), &plain());
            // The legal moves, and the one refused if any.
            let refused = (replayed.plies as usize) < record.moves.len();
            search.moves_played += u64::from(replayed.plies) + u64::from(refused);
            if replayed.findings.is_empty() {
                consistent.push(combo);
            } else {
                stopped.push(Stopped {
                    members: vec![combo],
                    plies: replayed.plies,
                });
            }
        }
    } else {
        let reached = search.classes(&mut stopped, &mut undecided, &mut exhausted_at);
        for class in reached {
            if valid_end(record, &class) {
                consistent.extend(&class.members);
            } else {
                stopped.push(Stopped {
                    members: class.members,
                    plies: record.moves.len() as u32,
                });
            }
        }
    }
    consistent.sort_unstable();
    let space = &search.space;
    let combination = |combo: u32| Combination {
        rulings: space.pairs(combo),
        presets: preset_combos
            .iter()
            .filter(|&&(_, c)| c == combo)
            .map(|&(name, _)| name)
            .collect(),
    };
    let is_consistent = |combo: u32| consistent.binary_search(&combo).is_ok();
    // The listed: specials first, then the first others, shown in order.
    let mut listed: Vec<u32> = search
        .special
        .iter()
        .copied()
        .filter(|&c| is_consistent(c))
        .collect();
    for &c in &consistent {
        if listed.len() >= LISTED {
            break;
        }
        if !listed.contains(&c) {
            listed.push(c);
        }
    }
    listed.sort_unstable();
    let presets: Vec<&'static str> = preset_combos
        .iter()
        .filter(|&&(_, c)| is_consistent(c))
        .map(|&(name, _)| name)
        .collect();
    let furthest = if consistent.is_empty() {
        // The undecided count with the plies they reached.
        if let Some(ply) = exhausted_at.filter(|_| !undecided.is_empty()) {
            stopped.push(Stopped {
                members: undecided.clone(),
                plies: ply.saturating_sub(1),
            });
        }
        furthest(&search, record, &stopped, declared, &combination)
    } else {
        None
    };
    let mut consistent_bits = vec![0u64; (space.total as usize).div_ceil(64)];
    for &c in &consistent {
        consistent_bits[c as usize / 64] |= 1 << (c % 64);
    }
    Inference {
        defs: G::RULINGS,
        consistent_bits,
        combinations: u64::from(space.total),
        consistent: consistent.len() as u64,
        product: product(space, &consistent),
        listed: listed.into_iter().map(combination).collect(),
        presets,
        furthest,
        declared: declared.map(|c| (combination(c), is_consistent(c))),
        undecided: undecided.len() as u64,
        moves_played: search.moves_played,
        budget,
        exhausted_at,
    }
}

/// The stopped class that went furthest; within it the declared combination, else a preset, else
/// its first member.
fn furthest<G: Game>(
    search: &Search<'_, G>,
    record: &Record,
    stopped: &[Stopped],
    declared: Option<u32>,
    combination: &dyn Fn(u32) -> Combination,
) -> Option<Furthest> {
    let plies = stopped.iter().map(|s| s.plies).max()?;
    let best: Vec<&Stopped> = stopped.iter().filter(|s| s.plies == plies).collect();
    let in_best = |c: u32| best.iter().any(|s| s.members.binary_search(&c).is_ok());
    let combo = declared
        .filter(|&c| in_best(c))
        .or_else(|| search.special.iter().copied().find(|&c| in_best(c)))
        .unwrap_or_else(|| best.iter().map(|s| s.members[0]).min().expect("a class"));
    let under = record_under(&search.space, record, combo);
    let finding = replay::replay(&under, &plain()).findings.into_iter().next();
    Some(Furthest {
        combination: combination(combo),
        plies,
        reaching: best.iter().map(|s| s.members.len() as u64).sum(),
        finding,
    })
}

/// The consistent combinations as values per ruling, when they are exactly all the combinations
/// of those values; rulings free to take any value are left out.
fn product(space: &Space, consistent: &[u32]) -> Option<Vec<(&'static str, Vec<&'static str>)>> {
    if consistent.is_empty() {
        return None;
    }
    let mut taken: Vec<Vec<bool>> = space
        .defs
        .iter()
        .map(|d| vec![false; d.values.len()])
        .collect();
    for &c in consistent {
        for (r, values) in taken.iter_mut().enumerate() {
            values[space.digit(c, r)] = true;
        }
    }
    let size: usize = taken
        .iter()
        .map(|v| v.iter().filter(|&&t| t).count())
        .product();
    (size == consistent.len()).then(|| {
        space
            .defs
            .iter()
            .zip(&taken)
            .filter(|(_, t)| t.iter().any(|&x| !x))
            .map(|(d, t)| {
                let values = d
                    .values
                    .iter()
                    .zip(t)
                    .filter(|(_, t)| **t)
                    .map(|(v, _)| *v)
                    .collect();
                (d.name, values)
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::record::{parse_document, split_documents};

    fn record(text: &str) -> Record {
        parse_document(&split_documents(text)[0]).unwrap()
    }

    #[test]
    fn the_space_numbers_every_combination_once() {
        let space = Space::new(bao_rules::games::Zanzibar::RULINGS);
        assert_eq!(space.total, 62_208);
        let mut seen = std::collections::HashSet::new();
        for combo in (0..space.total).step_by(97) {
            let set = space.set(combo);
            assert_eq!(space.of_set(&set), Some(combo));
            assert!(seen.insert(space.pairs(combo)));
        }
        assert_eq!(space.of_set(&RulingSet::new()), Some(0), "defaults first");
    }

    #[test]
    fn a_game_without_rulings_has_one_combination() {
        let r = record("ruleset: bao-la-kimasai\nsource: t\nmoves: [A2xx, a2]\n");
        let inference = infer(&r, &ReplayOptions::default());
        assert_eq!((inference.combinations, inference.consistent), (1, 1));
        assert_eq!(inference.listed[0].rulings, []);
        let r = record("ruleset: bao-la-kimasai\nsource: t\nmoves: [A2, a2, A5]\n");
        let inference = infer(&r, &ReplayOptions::default());
        assert_eq!(inference.consistent, 0);
        let furthest = inference.furthest.unwrap();
        assert_eq!((furthest.plies, furthest.reaching), (2, 1));
        assert_eq!(furthest.finding.unwrap().ply, Some(3));
    }

    #[test]
    fn the_product_form_names_only_the_rulings_that_are_held() {
        let space = Space::new(bao_rules::games::Kete::RULINGS);
        let all: Vec<u32> = (0..space.total).collect();
        assert_eq!(product(&space, &all), Some(vec![]));
        // mtaji-safari (the first digit) held at its default.
        let half: Vec<u32> = (0..space.total)
            .filter(|&c| space.digit(c, 0) == 0)
            .collect();
        assert_eq!(
            product(&space, &half),
            Some(vec![("kete.mtaji-safari", vec!["compulsory"])])
        );
        assert_eq!(product(&space, &[0, 7]), None);
    }
}
