//! `repair --diff`: the changes as a unified diff (`diff -u`), three lines of context.

use std::fmt::Write as _;

/// Lines compared cell by cell at most: beyond it the changed middle is one hunk of removals and
/// additions (a repair changes a few lines; the bound keeps a hostile file from costing more).
const MAX_CELLS: usize = 4_000_000;

const CONTEXT: usize = 3;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Same,
    Removed,
    Added,
}

/// The unified diff of `before` and `after`, both named `name` (`a/` and `b/`); empty when they
/// are equal.
pub fn unified(name: &str, before: &str, after: &str) -> String {
    if before == after {
        return String::new();
    }
    let a: Vec<&str> = before.split_inclusive('\n').collect();
    let b: Vec<&str> = after.split_inclusive('\n').collect();
    let ops = script(&a, &b);
    let mut out = format!("--- a/{name}\n+++ b/{name}\n");
    // Each op with its line in `a` and in `b`.
    let mut at = Vec::with_capacity(ops.len());
    let (mut i, mut j) = (0, 0);
    for &op in &ops {
        at.push((op, i, j));
        match op {
            Op::Same => (i, j) = (i + 1, j + 1),
            Op::Removed => i += 1,
            Op::Added => j += 1,
        }
    }
    let changed: Vec<usize> = (0..at.len()).filter(|&k| at[k].0 != Op::Same).collect();
    let mut k = 0;
    while k < changed.len() {
        let first = changed[k];
        let mut last = first;
        while k + 1 < changed.len() && changed[k + 1] - last <= 2 * CONTEXT + 1 {
            k += 1;
            last = changed[k];
        }
        k += 1;
        let from = first.saturating_sub(CONTEXT);
        let to = (last + CONTEXT + 1).min(at.len());
        let hunk = &at[from..to];
        let a_len = hunk.iter().filter(|h| h.0 != Op::Added).count();
        let b_len = hunk.iter().filter(|h| h.0 != Op::Removed).count();
        let start = |line: usize, len: usize| if len == 0 { line } else { line + 1 };
        let _ = writeln!(
            out,
            "@@ -{},{a_len} +{},{b_len} @@",
            start(hunk[0].1, a_len),
            start(hunk[0].2, b_len)
        );
        for &(op, i, j) in hunk {
            let (mark, line) = match op {
                Op::Same => (' ', a[i]),
                Op::Removed => ('-', a[i]),
                Op::Added => ('+', b[j]),
            };
            out.push(mark);
            out.push_str(line);
            if !line.ends_with('\n') {
                out.push_str("\n\\ No newline at end of file\n");
            }
        }
    }
    out
}

/// The edit script from `a` to `b`: the common head and tail kept, the middle by longest common
/// subsequence (or, past [`MAX_CELLS`], removed whole and added whole).
fn script(a: &[&str], b: &[&str]) -> Vec<Op> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (ma, mb) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut ops = vec![Op::Same; head];
    if ma.len().saturating_mul(mb.len()) > MAX_CELLS {
        ops.extend(std::iter::repeat_n(Op::Removed, ma.len()));
        ops.extend(std::iter::repeat_n(Op::Added, mb.len()));
    } else {
        // lcs[i][j]: the longest common subsequence of ma[i..] and mb[j..].
        let w = mb.len() + 1;
        let mut lcs = vec![0u32; (ma.len() + 1) * w];
        for i in (0..ma.len()).rev() {
            for j in (0..mb.len()).rev() {
                lcs[i * w + j] = if ma[i] == mb[j] {
                    lcs[(i + 1) * w + j + 1] + 1
                } else {
                    lcs[(i + 1) * w + j].max(lcs[i * w + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < ma.len() || j < mb.len() {
            if i < ma.len() && j < mb.len() && ma[i] == mb[j] {
                ops.push(Op::Same);
                (i, j) = (i + 1, j + 1);
            } else if i < ma.len() && (j == mb.len() || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])
            {
                // Removals before additions, as `diff -u` writes a changed line.
                ops.push(Op::Removed);
                i += 1;
            } else {
                ops.push(Op::Added);
                j += 1;
            }
        }
    }
    ops.extend(std::iter::repeat_n(Op::Same, tail));
    ops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_changed_line_with_its_context() {
        let before = "a\nb\nc\nd\ne\nf\ng\nh\n";
        let after = "a\nb\nc\nd\nE\n% note\nf\ng\nh\n";
        assert_eq!(
            unified("x.bao", before, after),
            "--- a/x.bao\n+++ b/x.bao\n@@ -2,7 +2,8 @@\n b\n c\n d\n-e\n+E\n+% note\n f\n g\n h\n"
        );
        assert_eq!(unified("x", before, before), "");
    }

    #[test]
    fn far_changes_are_separate_hunks() {
        let before: String = (0..20).map(|i| format!("{i}\n")).collect();
        let after = before
            .replace("2\n", "two\n")
            .replace("17\n", "seventeen\n");
        let diff = unified("n", &before, &after);
        assert_eq!(diff.matches("@@ -").count(), 2, "{diff}");
        assert!(diff.contains("@@ -1,6 +1,6 @@"), "{diff}");
    }
}
