"""Speed from Python: legal moves, play, children and perft through the bindings, beside the
native rates.

    cargo bench --bench moves          # the native move-by-move rates, first
    python python/bench.py [--bao-oracle PATH] [--criterion DIR] [--quick]

Per ruleset:
- perft: `Position.perft(depth)` (the native count, called once) and `bao-oracle perft` (the
  command, its start-up included: the depth is chosen so that it runs for seconds), in leaves/s;
- at the positions of 20 seeded random games (seeds 1 to 20, at most 200 plies, each move drawn
  with SplitMix64 as `bao_rules::random_game` draws it, so that they are the positions of
  `benches/moves.rs`):
  - legal_moves: `Position.legal_moves()`, positions/s;
  - play: `Position.play(move)` of every legal move there, moves/s;
  - children: `Position.children()`, children/s, and the same with each child's move and
    position taken (`[(c.move, c.position) for c in p.children()]`);
  beside the native rates of `cargo bench --bench moves` (read from criterion's files);
- perft walked from Python, at every node `legal_moves` and `play` of each move, or `children()`:
  what a Python program that walks the tree gets, in leaves/s, beside native perft.

Times are CPU seconds (this process and the native command; the criterion bench counts its
thread's CPU time), the least of three runs: the wall clock of a shared machine counts the other
users too. Nothing is created per seed: a call crosses into Rust once and gets back a list of
strings, one Played or one Children.
"""

import argparse
import json
import pathlib
import re
import resource
import shutil
import subprocess
import time

import bao_oracle

ROOT = pathlib.Path(__file__).resolve().parents[1]
# Depths at which perft runs for a second or more, and the Python walks' depth.
DEPTHS = {
    "bao-la-kimasai": (17, 13),
    "bao-kingulu": (16, 12),
    "bao-la-kete": (11, 9),
    "bao-la-kiswahili": (11, 9),
}
# Each timing is the best of this many runs: the machine is shared.
RUNS = 3
# The random games of benches/moves.rs.
GAMES, PLIES = 20, 200
MASK = (1 << 64) - 1


def cpu_seconds():
    """CPU time of this process and of its finished children: on a shared machine the wall
    clock measures the other users as well."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def timed(f):
    """f's value and its least CPU time of RUNS runs."""
    best = None
    for _ in range(RUNS):
        start = cpu_seconds()
        value = f()
        seconds = cpu_seconds() - start
        best = seconds if best is None else min(best, seconds)
    return value, best


class SplitMix64:
    """bao_rules::SplitMix64, the generator of the oracle's seeded random games."""

    def __init__(self, seed):
        self.state = seed

    def next_u64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        return ((self.next_u64() >> 32) * n & MASK) >> 32


def random_positions(game, games):
    """The positions before each move of the random games of seeds 1 to `games`, as
    `bao_rules::random_game` plays them: a legal move drawn at every ply until the game ends
    (repetition included) or PLIES plies."""
    positions = []
    for seed in range(1, games + 1):
        rng = SplitMix64(seed)
        position, history, over = game.start(), [], game.start().is_over()
        while not over and len(history) < PLIES:
            moves = position.legal_moves()
            if not moves:
                break
            played = position.play(moves[rng.below(len(moves))], history=history)
            positions.append(position)
            history.append(position)
            position, over = played.position, played.outcome is not None
    return positions


def walk(position, depth):
    """perft from Python: legal_moves at each node, play for each move."""
    if depth == 0:
        return 1
    return sum(walk(position.play(m).position, depth - 1) for m in position.legal_moves())


def walk_children(position, depth):
    """perft from Python by children(): one call per node lists and plays its moves."""
    children = position.children()
    if depth == 1:
        return len(children)
    return sum(walk_children(child, depth - 1) for child in children.positions)


def walk_plies(position, depth, made=None):
    """perft breadth first: each ply of the tree generated in one call, the last one included
    (native perft only counts it). `made` gets the children made in all."""
    ply = position.children()
    plies = [len(ply)]
    for _ in range(depth - 1):
        ply = ply.children()
        plies.append(len(ply))
    if made is not None:
        made.append(sum(plies))
    return len(ply)


def native_perft(binary, ruleset, depth):
    out, seconds = timed(lambda: subprocess.run(
        [binary, "perft", ruleset, str(depth)], check=True, capture_output=True, text=True))
    return int(out.stdout.strip()), seconds


def criterion_rates(directory):
    """{(ruleset, call): (count, elements/s)} from the files `cargo bench --bench moves` leaves
    (call `plies`: the children of the tree to the walk's depth):
    the count is the one in the benchmark's name, the rate from its median time."""
    rates = {}
    for meta in pathlib.Path(directory).glob("**/new/benchmark.json"):
        bench = json.loads(meta.read_text())
        kind, _, ruleset = bench.get("group_id", "").partition("/")
        if kind not in ("moves", "plies"):
            continue
        call, count = re.match(r"(\w+) \((\d+) ", bench["function_id"]).groups()
        elements = bench["throughput"]["Elements"]
        median = json.loads((meta.parent / "estimates.json").read_text())["median"]["point_estimate"]
        call = call if kind == "moves" else "plies"
        rates[(ruleset, call)] = (int(count), elements / median * 1e9)
    return rates


def beside(ours, native):
    """Our rate, the native one and their ratio, as table cells."""
    if native is None:
        return f"{ours / 1e3:.0f} k", "-", "-"
    return f"{ours / 1e3:.0f} k", f"{native / 1e3:.0f} k", f"{ours / native:.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bao-oracle", default=None,
                        help="the native binary (default: target/release/bao-oracle, else PATH)")
    parser.add_argument("--criterion", default=str(ROOT / "target" / "criterion"),
                        help="criterion's files of `cargo bench --bench moves`")
    parser.add_argument("--quick", action="store_true", help="small depths, for a smoke test")
    args = parser.parse_args()
    binary = args.bao_oracle
    if binary is None:
        built = ROOT / "target" / "release" / "bao-oracle"
        binary = str(built) if built.exists() else shutil.which("bao-oracle")
    native_rates = criterion_rates(args.criterion) if pathlib.Path(args.criterion).is_dir() else {}
    print(f"bao_oracle {bao_oracle.__version__}; native: {binary or 'not found'}; "
          f"criterion: {'found' if native_rates else 'not found'}")
    perft_rows, call_rows = [], []
    for ruleset in bao_oracle.RULESETS:
        game = bao_oracle.Game(ruleset)
        start = game.start()
        depth, walk_depth = DEPTHS[ruleset]
        if args.quick:
            depth, walk_depth = 3, 2
        leaves, seconds = timed(lambda: start.perft(depth))
        ours = leaves / seconds
        if binary:
            native_leaves, native_seconds = native_perft(binary, ruleset, depth)
            assert native_leaves == leaves, (ruleset, native_leaves, leaves)
            native = native_leaves / native_seconds
            perft_cells = [f"{ours / 1e6:.1f} M", f"{native / 1e6:.1f} M", f"{ours / native:.2f}"]
        else:
            native = None
            perft_cells = [f"{ours / 1e6:.1f} M", "-", "-"]
        walk_cells = []
        for walker in (walk, walk_children, walk_plies):
            nodes, seconds = timed(lambda: walker(start, walk_depth))
            assert nodes == start.perft(walk_depth), walker
            ratio = f" ({nodes / seconds / native:.3f})" if native else ""
            walk_cells.append(f"{nodes / seconds / 1e6:.2f} M{ratio}")
        perft_rows.append([ruleset, f"{depth}"] + perft_cells + [f"{walk_depth}"] + walk_cells)

        positions = random_positions(game, 3 if args.quick else GAMES)
        lists, seconds = timed(lambda: [p.legal_moves() for p in positions])
        moves = sum(len(m) for m in lists)
        made = []
        walk_plies(start, walk_depth, made)
        counts = {"legal_moves": len(positions), "play": moves, "children": moves,
                  "plies": made[0]}

        def native_rate(call):
            count, value = native_rates.get((ruleset, call), (None, None))
            if count is not None and count != counts[call]:
                print(f"note: {ruleset} {call}: criterion counted {count}, here {counts[call]}: "
                      "not the same positions, native rate left out")
                return None
            return value

        call_rows.append([ruleset, "`legal_moves()`", "positions",
                          *beside(len(positions) / seconds, native_rate("legal_moves"))])
        _, seconds = timed(lambda: [p.side_to_move for p in positions])
        call_rows.insert(-1, [ruleset, "`side_to_move` (a call that does next to nothing)",
                              "positions", *beside(len(positions) / seconds, None)])
        pairs = [(p, m) for p, ms in zip(positions, lists) for m in ms]
        _, seconds = timed(lambda: [p.play(m) for p, m in pairs])
        call_rows.append([ruleset, "`play(move)`", "moves",
                          *beside(len(pairs) / seconds, native_rate("play"))])
        _, seconds = timed(lambda: [p.children() for p in positions])
        call_rows.append([ruleset, "`children()`", "children",
                          *beside(moves / seconds, native_rate("children"))])
        _, seconds = timed(
            lambda: [[(c.move, c.position) for c in p.children()] for p in positions])
        call_rows.append([ruleset, "`children()`, each child's move and position", "children",
                          *beside(moves / seconds, native_rate("children"))])
        _, seconds = timed(lambda: walk_plies(start, walk_depth))
        call_rows.append([ruleset, f"`Children.children()`, the tree to depth {walk_depth}",
                          "children", *beside(made[0] / seconds, native_rate("plies"))])
        print(f"{ruleset}: {len(positions)} positions, {moves} moves; "
              f"{made[0]} children in the tree to depth {walk_depth}", flush=True)

    print()
    header = ["ruleset", "depth", "perft, bindings", "perft, native", "ratio", "walk depth",
              "walk by `legal_moves`/`play`", "walk by `children()`", "walk by plies"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in perft_rows:
        print("| " + " | ".join(row) + " |")
    print()
    header = ["ruleset", "call", "counted", "bindings /s", "native /s", "ratio"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in call_rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
